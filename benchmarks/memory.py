"""Resident memory under long use: 10^7 scalar evaluations, 10^5 batches, 10^4
equities, 10^6 raised errors and 10^7 hands of `games.Tables` (4,096 six-max tables,
a random policy), with the process's resident set size (RSS) read before and after
each phase, and every tenth of the hands.  A leak shows as RSS that keeps growing; a
flat line after the first use (which builds the tables) is the healthy shape.

    python benchmarks/memory.py            # about a minute
    python benchmarks/memory.py --scale 0.1
    python benchmarks/memory.py --scale 0 --tables-hands 100000000   # 10^8 hands
    python benchmarks/memory.py --scale 0 --tables-hands 100000000 --threads 2

Not a test (tests never assert timings or memory); run by hand and read the table.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import platform
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

try:
    import evaluator
except ImportError:  # a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import evaluator

import games
from evaluator import HIGH, parse_cards

sys.path.insert(0, str(Path(__file__).resolve().parent))
from host import describe


def rss_mib() -> float:
    """Current resident set size in MiB (Linux /proc; peak RSS elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        scale = 2**20 if sys.platform == "darwin" else 2**10
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale


def phase(name: str, count: int, work: Callable[[], None]) -> None:
    gc.collect()
    before = rss_mib()
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    gc.collect()
    after = rss_mib()
    print(f"| {name} | {count:,} | {before:.1f} | {after:.1f} | {after - before:+.1f} "
          f"| {seconds:.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of each count")
    parser.add_argument("--tables-hands", type=int, default=None,
                        help="hands of games.Tables (default 10^7 times the scale)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads of games.Tables (default 1)")
    args = parser.parse_args()
    n_hands = args.tables_hands if args.tables_hands is not None else int(args.scale * 10**7)
    n_scalar, n_batch, n_equity, n_errors = (max(1, int(args.scale * n)) for n in
                                             (10**7, 10**5, 10**4, 10**6))
    rng = np.random.default_rng(20261122)
    hands = np.argsort(rng.random((1000, 52)), axis=1)[:, :7].astype(np.uint8)
    lists = hands.tolist()
    batch = hands[:100]
    flops = [parse_cards(f).tolist() for f in ("2c 7d 9h", "Td Js Qh", "4c 4d 8s")]

    print(describe())
    print(f"Python {platform.python_version()}, numpy {np.__version__}, pokerhands "
          f"{getattr(evaluator, '__version__', '?')}")
    print("| phase | calls | RSS before (MiB) | RSS after (MiB) | change | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    phase("first use (tables built)", 1, lambda: HIGH.evaluate(lists[0]))

    def scalar() -> None:
        evaluate = HIGH.evaluate
        for i in range(n_scalar):
            evaluate(lists[i % 1000])

    def batches() -> None:
        for _ in range(n_batch):
            HIGH.evaluate_batch(batch)

    def equities() -> None:
        for i in range(n_equity):
            games.equity("holdem", ["AhAs", "KhKs"], flops[i % 3], threads=1)

    def errors() -> None:
        for i in range(n_errors):
            with contextlib.suppress(ValueError):
                HIGH.evaluate([51, 51, 50, 49, i % 52])

    phase("scalar HIGH.evaluate", n_scalar, scalar)
    phase("HIGH.evaluate_batch of 100 hands", n_batch, batches)
    phase("games.equity on the flop, exact", n_equity, equities)
    phase("raised ValueError (duplicate card)", n_errors, errors)
    phase("scalar HIGH.evaluate, again", n_scalar, scalar)

    def tables() -> None:
        from games.rl import play_random

        env = games.Tables("holdem", n=4096, seats=6, stacks=200, blinds=(1, 2), seed=1,
                           threads=args.threads)
        policy = np.random.default_rng(1)
        mark = n_hands // 10
        while env.hands < n_hands:
            play_random(env, policy)
            if mark and env.hands >= mark:
                assert not env.totals().won.sum()       # the tables' sums, conserved
                print(f"|   {env.hands:,} hands | | | {rss_mib():.1f} | | |", flush=True)
                mark += n_hands // 10

    if n_hands:
        phase(f"games.Tables hands, {args.threads} thread(s) (RSS every tenth)", n_hands, tables)


if __name__ == "__main__":
    main()
