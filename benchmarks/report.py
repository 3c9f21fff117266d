"""Turn a pytest-benchmark JSON file into the Markdown table the README shows.

    python -m pytest benchmarks -q --benchmark-only --benchmark-json=bench.json
    python benchmarks/report.py bench.json [--median]

Rows are what was measured ("7-card batch, 1 thread", "7-card scalar", ...), columns
the libraries, cells millions of hands per second (hands / mean time, or / median time
with --median).  A library that was not installed, or has no such path, shows "—".
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

LIBS = ("pokerhands", "eval7", "phevaluator", "treys")


def row_key(what: str) -> tuple[int, int, int, str]:
    """Batch rows first, then scalar; 7-card before 5-card; fewer threads first."""
    cards = re.match(r"(\d+)-card", what)
    threads = re.search(r"(\d+) thread", what)
    return (
        0 if "batch" in what else 1,
        -int(cards.group(1)) if cards else 0,
        int(threads.group(1)) if threads else 0,
        what,
    )


def rates(data: dict[str, Any], median: bool = False) -> dict[str, dict[str, float]]:
    """{what: {lib: hands per second}} from a pytest-benchmark JSON document."""
    table: dict[str, dict[str, float]] = {}
    for bench in data.get("benchmarks", []):
        info = bench.get("extra_info", {})
        if "what" not in info or "hands" not in info:
            continue
        seconds = bench["stats"]["median" if median else "mean"]
        table.setdefault(info["what"], {})[info["lib"]] = info["hands"] / seconds
    return table


def machine_line(data: dict[str, Any]) -> str:
    info = data.get("machine_info", {})
    ours = info.get("pokerhands", {})
    cpu = ours.get("cpu") or info.get("cpu", {}).get("brand_raw", "unknown CPU")
    cores = ours.get("cores", "?")
    return (
        f"{cpu}, {cores} cores; Python {ours.get('python', info.get('python_version', '?'))}, "
        f"numpy {ours.get('numpy', '?')}; {ours.get('platform', info.get('system', ''))}"
    )


def markdown(data: dict[str, Any], median: bool = False) -> str:
    table = rates(data, median)
    libs = [lib for lib in LIBS if any(lib in row for row in table.values())]
    libs += sorted({lib for row in table.values() for lib in row} - set(libs))
    lines = [
        "| what (M hands/s) | " + " | ".join(libs) + " |",
        "|---|" + "---:|" * len(libs),
    ]
    for what in sorted(table, key=row_key):
        cells = [f"{table[what][lib] / 1e6:.1f}" if lib in table[what] else "—" for lib in libs]
        lines.append(f"| {what} | " + " | ".join(cells) + " |")
    stat = "median" if median else "mean"
    lines.append("")
    lines.append(f"Hands per second = hands / {stat} time; {machine_line(data)}.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", type=Path, help="file written by --benchmark-json")
    parser.add_argument("--median", action="store_true", help="use the median time")
    args = parser.parse_args(argv)
    print(markdown(json.loads(args.json.read_text()), args.median))


if __name__ == "__main__":
    main()
