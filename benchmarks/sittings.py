"""Sittings of the simulation benchmark, as the README's figures for `games.Tables` are made.

    python benchmarks/sittings.py                      # five sittings, 15 s apart
    python benchmarks/sittings.py --sittings 8 --gap 30 --keep /tmp/sittings

A sitting is one run of benchmarks/bench_simulation.py: every row's figure is the median
of its rounds.  On a shared virtual machine a core's speed moves by up to 2x between
spells a minute or two long, so one sitting says little and two sittings minutes apart
can differ by more than a change being measured (`paired.py` measures changes: both
builds at once on one CPU).  The README therefore gives each figure as the range over
several sittings, and says which spell they ran in.

To say that, every sitting is bracketed by a gauge of the host's speed: numpy's running
sum (`np.cumsum`: each add waits for the one before) over an array that stays in the
L1 cache, in G adds a second, read just before and just after the sitting.  It moves
with the spell, not with anything the benchmark does.  Its scale is its host's: the same
numpy read 0.55-0.60 G on an AMD EPYC (Zen 3) and 0.24-0.30 G on an Intel Xeon in the
same kind of spell, so compare readings within a run only, as this tool does.  Three
short readings can miss a spell that comes and goes between them; the figures of the
sitting then say so (OpenSpiel and `Table` read low too).  A sitting whose gauge reads
under `--slow` (0.8) of the best reading of the run at either end ran while the host
slowed: its row is marked and it is left out of the ranges at the end (report it, do not
count it).

The host also moves its two vCPUs nearer and further apart, for spells of seconds to
minutes (apart.py: a cache line's round trip between them read 52-76, 140-235, about 280
and 400-660 ns on the Zen 4 host).  A step on two threads passes every table's action
and row between them, so each two-thread row records that round trip just before and
after it (bench_simulation.py, `apart_around`), the "vCPUs apart" columns give the
further reading, and the two-thread ratios are given again split by it (`--far`).

Beside the benchmark's uniform policy, a sitting runs the second input policy, mostly
calls (`bench_simulation.calls_policy`): hands twice as long, so about half the hands a
second; the actions a second of the two (hands a second times the actions a hand each
row records) show whether the engine's own rate moved with the policy.  And a third
way to play the same uniform hands, not the issue's loop: the numpy policy for seat 0
only, the other seats' actions drawn in the step (`until=0`), its serial numpy once an
orbit rather than once an action (the "others in the step" columns).

Prints the host first (host.py: the CPU's vendor, family and model, and its caches; the
same virtual machine has landed on an AMD EPYC one session and an Intel Xeon the next),
then one Markdown row a sitting, then each column's range over the sittings counted.
Needs the benchmark's requirements (`pip install ".[bench]"`); OpenSpiel's columns are
empty where it is not installed.  Not a test: run it by hand.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
BENCH = HERE / "bench_simulation.py"

sys.path.insert(0, str(HERE))
from host import describe  # noqa: E402

_SUMMED = np.ones(2048, np.int64)       # 16 KiB, and as much out: both stay in L1
_OUT = np.empty_like(_SUMMED)


def _adds(seconds: float) -> float:
    adds, began = 0, time.perf_counter()
    while True:
        for _ in range(100):
            np.cumsum(_SUMMED, out=_OUT)
        adds += 100 * _SUMMED.size
        spent = time.perf_counter() - began
        if spent >= seconds:
            return adds / spent / 1e9


def gauge() -> float:
    """The host's speed now: G dependent adds a second (numpy's running sum), the
    median of three readings of 0.15 s, so that a blip of a few milliseconds does not
    pass for a slow spell."""
    return float(np.median([_adds(0.15) for _ in range(3)]))


def sit(json_path: Path, select: str | None) -> None:
    """One sitting: bench_simulation.py in a process of its own, its figures to json_path."""
    command = [sys.executable, "-m", "pytest", str(BENCH), "--benchmark-only", "-q",
               "-p", "no:cacheprovider", f"--benchmark-json={json_path}"]
    if select:
        command += ["-k", select]
    done = subprocess.run(command, cwd=HERE.parent, capture_output=True, text=True)
    if done.returncode != 0 or not json_path.exists():
        sys.exit(f"the benchmark failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


def figures(json_path: Path) -> dict[str, float]:
    """Each benchmark's median rate (hands, or tables, a second) by its test name, and
    under "name count" what one timed call handles (hands, or tables)."""
    out = {}
    for b in json.loads(json_path.read_text())["benchmarks"]:
        info = b["extra_info"]
        out[b["name"]] = info.get("hands_per_s_median", info["hands_per_s"])
        out[b["name"] + " count"] = info["hands"]
        if "actions_per_hand" in info:
            out[b["name"] + " actions"] = out[b["name"]] * info["actions_per_hand"]
        readings = [ns for ns in info.get("apart_ns") or () if ns is not None]
        if readings:                    # the further of the two (apart.py)
            out[b["name"] + " apart"] = max(readings)
    return out


#: how a sitting's figures give a column's value (None: the sitting did not run it)
Figure = Callable[[dict[str, float]], float | None]


def _tables(n: int, threads: int, seats: int) -> Figure:
    return lambda f: f.get(f"test_tables[{n}-{threads}-{seats}]")


def _calls(seats: int, n: int, threads: int) -> Figure:
    # the same loop under the second input policy (bench_simulation.calls_policy)
    return lambda f: f.get(f"test_tables_calls[{seats}-{n}-{threads}]")


def _orbit(seats: int, n: int, threads: int) -> Figure:
    # the policy for seat 0 only, the others in the step (the cheaper policy's figure)
    return lambda f: f.get(f"test_tables_others_in_step[{seats}-{n}-{threads}]")


def _apart(name: str) -> Figure:
    # how far apart the vCPUs sat around a two-thread row (apart.py), in ns
    return lambda f: f.get(f"{name} apart")


def _ratio(one: Figure, two: Figure) -> Figure:
    """Two threads' figure over one thread's, in the same sitting."""
    def two_over_one(f: dict[str, float]) -> float | None:
        a, b = one(f), two(f)
        return b / a if a and b else None
    return two_over_one


def _call_us(name: str) -> Figure:
    # the row's rate is tables a second, a call handling "count" tables: its time in us
    return lambda f: f[name + " count"] / f[name] * 1e6 if f.get(name) else None


def _k(v: float) -> str:
    return f"{v / 1e3:,.0f}"


def _m(v: float) -> str:
    return f"{v / 1e6:.2f}"


def _x(v: float) -> str:
    return f"{v:.2f}x"


#: The columns (6-max unless said; k or M hands a second): a heading, how a sitting's
#: figures give its value, and how the value is written.
COLUMNS: list[tuple[str, Figure, Callable[[float], str]]] = [
    ("1 thread, 1,024 tables (k)", _tables(1024, 1, 6), _k),
    ("1 thread, 2,048 (k)", _tables(2048, 1, 6), _k),
    ("1 thread, 4,096 (k)", _tables(4096, 1, 6), _k),
    ("2 threads, 2,048 (k)", _tables(2048, 2, 6), _k),
    ("2 threads, 4,096 (k)", _tables(4096, 2, 6), _k),
    ("2 threads / 1, 2,048", _ratio(_tables(2048, 1, 6), _tables(2048, 2, 6)), _x),
    ("2 threads / 1, 4,096", _ratio(_tables(4096, 1, 6), _tables(4096, 2, 6)), _x),
    ("vCPUs apart, 2 threads, 2,048 (ns)", _apart("test_tables[2048-2-6]"),
     lambda v: f"{v:.0f}"),
    ("vCPUs apart, 2 threads, 4,096 (ns)", _apart("test_tables[4096-2-6]"),
     lambda v: f"{v:.0f}"),
    ("heads-up, 1 thread, 1,024 (M)", _tables(1024, 1, 2), _m),
    ("heads-up, 2 threads, 2,048 (M)", _tables(2048, 2, 2), _m),
    ("heads-up, 2 threads, 4,096 (M)", _tables(4096, 2, 2), _m),
    ("mostly calls, 1 thread, 2,048 (k)", _calls(6, 2048, 1), _k),
    ("mostly calls, 2 threads / 1, 2,048", _ratio(_calls(6, 2048, 1), _calls(6, 2048, 2)), _x),
    ("mostly calls, heads-up, 1 thread, 1,024 (M)", _calls(2, 1024, 1), _m),
    ("others in the step, 1 thread, 2,048 (k)", _orbit(6, 2048, 1), _k),
    ("others in the step, 2 threads / 1, 2,048",
     _ratio(_orbit(6, 2048, 1), _orbit(6, 2048, 2)), _x),
    ("others in the step, heads-up, 1 thread, 1,024 (M)", _orbit(2, 1024, 1), _m),
    ("actions a second, 1 thread, 2,048, uniform (M)",
     lambda f: f.get("test_tables[2048-1-6] actions"), _m),
    ("actions a second, 1 thread, 2,048, mostly calls (M)",
     lambda f: f.get("test_tables_calls[6-2048-1] actions"), _m),
    ("`Table` (k)", lambda f: f.get("test_table[6]"), lambda v: f"{v / 1e3:.1f}"),
    ("`Table`, heads-up (k)", lambda f: f.get("test_table[2]"), lambda v: f"{v / 1e3:.1f}"),
    ("OpenSpiel (k)", lambda f: f.get("test_open_spiel[6]"), lambda v: f"{v / 1e3:.1f}"),
    ("OpenSpiel, heads-up (k)", lambda f: f.get("test_open_spiel[2]"),
     lambda v: f"{v / 1e3:.1f}"),
    ("`observe()` (us)", _call_us("test_observe"), lambda v: f"{v:.1f}"),
]


#: The two-thread ratios of COLUMNS (by heading), each with the reading of how far apart
#: the vCPUs sat around its two-thread row, for the ranges split by that reading
#: (`by_placement`).
PLACED: list[tuple[str, Figure, Figure]] = [
    (heading, figure, _apart(two_thread_row))
    for heading, two_thread_row in (
        ("2 threads / 1, 2,048", "test_tables[2048-2-6]"),
        ("2 threads / 1, 4,096", "test_tables[4096-2-6]"),
        ("mostly calls, 2 threads / 1, 2,048", "test_tables_calls[6-2048-2]"),
        ("others in the step, 2 threads / 1, 2,048", "test_tables_others_in_step[6-2048-2]"))
    for column, figure, _ in COLUMNS if column == heading]


def by_placement(counted: list[dict[str, float]], far: float) -> list[str]:
    """The two-thread ratios' ranges over the sittings counted, split by how far apart
    the vCPUs sat around each: a round trip under `far` ns, and `far` or more; a
    Markdown item a ratio, none where no sitting read it."""
    def span(values: list[float]) -> str:
        if not values:
            return "none"
        return f"{_x(min(values))}-{_x(max(values))} ({len(values)})"
    lines = []
    for heading, ratio, apart in PLACED:
        pairs = [(r, a) for r, a in ((ratio(f), apart(f)) for f in counted)
                 if r is not None and a is not None]
        if pairs:
            near = [r for r, a in pairs if a < far]
            lines.append(f"- {heading}: {span(near)} / {span([r for r, a in pairs if a >= far])}")
    return lines


def row(first: list[str], f: dict[str, float]) -> str:
    """A sitting's Markdown row: its own cells first, then the columns (empty where
    the sitting did not run that benchmark)."""
    cells = list(first)
    for _, value, shown in COLUMNS:
        v = value(f)
        cells.append("" if v is None else shown(v))
    return "| " + " | ".join(cells) + " |"


def best_reading(sittings: list[tuple[float, float, dict[str, float]]]) -> float:
    """The run's best gauge reading, at any sitting's start or end."""
    return max(max(start, end) for start, end, _ in sittings)


def split_slow(sittings: list[tuple[float, float, dict[str, float]]], slow: float
               ) -> tuple[list[dict[str, float]], list[int]]:
    """The sittings' figures to count, and the numbers (from 1) of those left out: a
    sitting whose gauge read under `slow` of the run's best reading, at its start or
    its end, ran while the host slowed."""
    best = best_reading(sittings)
    counted = [f for start, end, f in sittings if min(start, end) >= slow * best]
    left = [k + 1 for k, (start, end, _) in enumerate(sittings)
            if min(start, end) < slow * best]
    return counted, left


def ranges(counted: list[dict[str, float]]) -> list[str]:
    """Each column's range over the sittings counted, a Markdown item a column (the
    columns no sitting ran are left out)."""
    lines = []
    for heading, value, shown in COLUMNS:
        values = [v for v in (value(f) for f in counted) if v is not None]
        if values:
            lines.append(f"- {heading}: {shown(min(values))}-{shown(max(values))}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sittings", type=int, default=5)
    parser.add_argument("--gap", type=float, default=15.0,
                        help="seconds between sittings (the host settles)")
    parser.add_argument("--slow", type=float, default=0.8,
                        help="a sitting is marked and not counted when the gauge reads under "
                             "this share of the run's best reading at either end")
    parser.add_argument("--keep", type=Path, help="a directory for each sitting's JSON")
    parser.add_argument("-k", dest="select", help="pytest's -k: only these benchmarks")
    parser.add_argument("--far", type=float, default=300.0,
                        help="a round trip between the vCPUs (ns, apart.py) from which "
                             "they count as far apart: the two-thread ratios are also "
                             "given for the readings under it and over it (default: "
                             "300, above the Zen 4 host's usual 52-235)")
    args = parser.parse_args()
    if args.sittings < 1:
        parser.error("--sittings must be at least 1")
    if not 0 < args.slow <= 1:
        parser.error("--slow must be in (0, 1]")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="sittings-"))
    folder.mkdir(parents=True, exist_ok=True)

    print(describe())
    print("| sitting | gauge, start / end (G adds/s) | "
          + " | ".join(heading for heading, _, _ in COLUMNS) + " |")
    print("|---|---|" + "---:|" * len(COLUMNS))
    sittings = []
    for k in range(1, args.sittings + 1):
        if k > 1:
            time.sleep(args.gap)
        json_path = folder / f"sitting{k}.json"
        start = gauge()
        stamp = time.strftime("%H:%M:%S", time.gmtime())
        sit(json_path, args.select)
        end = gauge()
        f = figures(json_path)
        sittings.append((start, end, f))
        print(row([f"{k} ({stamp} UTC)", f"{start:.2f} / {end:.2f}"], f), flush=True)

    best = best_reading(sittings)
    counted, slow = split_slow(sittings, args.slow)
    print()
    if slow:
        print(f"Not counted (the gauge under {args.slow:.0%} of its best, {best:.2f} G, "
              f"at an end): sittings {', '.join(map(str, slow))}.")
    if not counted:
        print("No sitting is counted: run again in a steadier spell.")
        return
    print(f"Ranges over the {len(counted)} sittings counted (JSON in {folder}):")
    for line in ranges(counted):
        print(line)
    placed = by_placement(counted, args.far)
    if placed:
        print(f"Two threads over one by how far apart the vCPUs sat (apart.py), a round "
              f"trip under {args.far:.0f} ns / {args.far:.0f} ns or more (sittings):")
        for line in placed:
            print(line)


if __name__ == "__main__":
    main()
