"""Turn a pytest-benchmark JSON file into the Markdown table the README shows.

    python -m pytest benchmarks -q --benchmark-only --benchmark-json=bench.json
    python benchmarks/report.py bench.json [--median] [--split {none,family,file}]

Rows are what was measured ("High, 7 cards, batch, 1 thread", "High, 7 cards, scalar",
...), columns the libraries, cells millions of hands per second (hands / mean time, or /
median time with --median); a cell under one million per second is shown in thousands
with a "k" ("250 k").  A library that was not measured on a row shows "—"; a library
measured on no row has no column.  Rows counting something else than hands (the
benchmark's `unit`, e.g. showdowns) say so in their label.  --split family (or file)
prints one table per benchmark family (or file) instead of one table.

Benchmarks whose extra_info lacks `what`, `lib` or `hands` (not timed through
conftest's `measure`) are skipped with a warning on stderr.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Column order; libraries not listed here follow in alphabetical order.
LIBS = ("pokerhands", "eval7", "phevaluator", "treys", "pokerkit")
#: Trailing parts of `what` that name how (not what) was measured, best-first in a group.
PATHS = ("batch", "kernel only", "scalar")
REQUIRED = ("what", "lib", "hands")


@dataclass(frozen=True)
class Rate:
    """One benchmark's result: its row, column, group and rate per second."""

    family: str
    file: str
    what: str
    lib: str
    unit: str
    per_s: float


def file_of(bench: dict[str, Any]) -> str:
    """The benchmark file of a result, from its fullname ("path/bench_x.py::test...")."""
    return Path(bench.get("fullname", "?").split("::", 1)[0]).name


def rates(data: dict[str, Any], median: bool = False) -> list[Rate]:
    """Every usable result of a pytest-benchmark JSON document, in run order.

    Results without what/lib/hands are skipped with a warning on stderr.
    """
    out = []
    for bench in data.get("benchmarks", []):
        info = bench.get("extra_info", {})
        missing = [key for key in REQUIRED if key not in info]
        if missing:
            print(f"report.py: skipping {bench.get('fullname', bench.get('name', '?'))}: "
                  f"no {', '.join(missing)} in extra_info", file=sys.stderr)
            continue
        seconds = bench["stats"]["median" if median else "mean"]
        file = file_of(bench)
        family = info.get("family") or file.removesuffix(".py").removeprefix("bench_")
        out.append(Rate(family, file, info["what"], info["lib"], info.get("unit", "hands"),
                        info["hands"] / seconds))
    return out


def split_what(what: str) -> tuple[str, int, int]:
    """(subject, path rank, threads) of a row label "subject, path[, N threads]"."""
    parts = [p.strip() for p in what.split(",")]
    threads = 0
    if parts and (m := re.fullmatch(r"(\d+) threads?", parts[-1])):
        threads = int(m.group(1))
        parts.pop()
    rank = len(PATHS)
    if parts and parts[-1] in PATHS:
        rank = PATHS.index(parts.pop())
    return ", ".join(parts), rank, threads


def cell(per_s: float) -> str:
    """Millions per second with one decimal; under a million, thousands with a "k"."""
    if per_s >= 1e6:
        return f"{per_s / 1e6:.1f}"
    if per_s >= 1e4:
        return f"{per_s / 1e3:.0f} k"
    return f"{per_s / 1e3:.1f} k"


def table(results: list[Rate]) -> list[str]:
    """Markdown lines of one table: rows grouped by family then subject (in run order),
    batch before kernel-only before scalar, fewer threads first; columns only for the
    libraries present."""
    families: dict[str, int] = {}
    subjects: dict[str, int] = {}
    cells: dict[str, dict[str, float]] = {}
    units: dict[str, str] = {}
    keys: dict[str, tuple[int, int, int, int]] = {}
    for r in results:
        subject, rank, threads = split_what(r.what)
        families.setdefault(r.family, len(families))
        subjects.setdefault(subject, len(subjects))
        keys.setdefault(r.what, (families[r.family], subjects[subject], rank, threads))
        units.setdefault(r.what, r.unit)
        row = cells.setdefault(r.what, {})
        if r.lib in row:
            print(f"report.py: {r.what!r} / {r.lib} measured twice; keeping the last",
                  file=sys.stderr)
        row[r.lib] = r.per_s
    present = {r.lib for r in results}
    libs = [lib for lib in LIBS if lib in present] + sorted(present - set(LIBS))
    lines = [
        "| what (M hands/s; k = thousands/s) | " + " | ".join(libs) + " |",
        "|---|" + "---:|" * len(libs),
    ]
    for what in sorted(cells, key=keys.__getitem__):
        label = what if units[what] == "hands" else f"{what} ({units[what]}/s)"
        row = cells[what]
        lines.append(f"| {label} | "
                     + " | ".join(cell(row[lib]) if lib in row else "—" for lib in libs)
                     + " |")
    return lines


def machine_line(data: dict[str, Any]) -> str:
    info = data.get("machine_info", {})
    ours = info.get("pokerhands", {})
    cpu = ours.get("cpu") or info.get("cpu", {}).get("brand_raw", "unknown CPU")
    cores = ours.get("cores", "?")
    return (
        f"{cpu}, {cores} cores; Python {ours.get('python', info.get('python_version', '?'))}, "
        f"numpy {ours.get('numpy', '?')}; {ours.get('platform', info.get('system', ''))}"
    )


def markdown(data: dict[str, Any], median: bool = False, split: str = "none") -> str:
    """The report: one table (split="none") or one per family / file, then the machine."""
    results = rates(data, median)
    if not results:
        return "No benchmark in this file records what/lib/hands (see conftest.measure)."
    lines: list[str] = []
    if split == "none":
        lines += table(results)
    else:
        groups: dict[str, list[Rate]] = {}
        for r in results:
            groups.setdefault(r.family if split == "family" else r.file, []).append(r)
        for name, group in groups.items():
            lines += [f"### {name}", "", *table(group), ""]
        lines.pop()
    stat = "median" if median else "mean"
    lines += ["", f"Hands per second = hands / {stat} time; {machine_line(data)}."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", type=Path, help="file written by --benchmark-json")
    parser.add_argument("--median", action="store_true", help="use the median time")
    parser.add_argument("--split", choices=("none", "family", "file"), default="none",
                        help="one table per benchmark family or file (default: one table)")
    args = parser.parse_args(argv)
    print(markdown(json.loads(args.json.read_text()), args.median, args.split))


if __name__ == "__main__":
    main()
