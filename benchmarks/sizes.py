"""How a hand's cost on one thread moves with the number of tables: several `Tables` of
different sizes stepped in turn, round by round, in one process.

    python benchmarks/sizes.py                          # 6-max, 256 to 4,096 tables
    python benchmarks/sizes.py --seats 2 --sizes 512 1024 4096 --rounds 11

Why: a step visits every table once, so a thread's tables are re-read every step, and
once they no longer fit in what the caches keep for them a hand costs more.  Where
that happens depends on the host: on a Zen 3 host with 512 KiB of L2 a core a 6-max
hand cost 1.3-2.6x as much on 4,096 tables as on 2,048 (as much as the host's other
guests left of the L3; 1.19-1.29x once the round's seats became bits and a table's
action touched fewer lines), while on an Intel Xeon with 2 MiB a core the step of
266bd4c cost 1.10-1.13x as much a hand on 2,048 tables as on 256 and 1.20-1.21x on
4,096, and 1,024 tables played the most hands a second; on a Zen 4 host with 1 MiB a
core, 1.06-1.11x on 2,048 and 1.30-1.61x on 4,096 (against 256 or 512), and 2,048
tables the most hands (docs/guides/simulation.md, "How many tables").  The sizes
take turns so that they see the same spells of a noisy host; the figures to read are
each round's ratios, summarised by their medians.

Two figures a size: the step's own nanoseconds a hand (the policy left out: what the
tables cost) and the whole loop's hands a second (the benchmark's uniform numpy
policy included, or with `--policy calls` its mostly-calls one, whose hands run about
twice as long: what a caller gets).  The finished hands' payoffs are summed by the
tables and checked to be zero after every round.  Not a test: run it by hand.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_simulation import POLICIES, warmed_tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--sizes", type=int, nargs="+", default=[256, 512, 1024, 2048, 4096],
                        help="numbers of tables, each a Tables of its own")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="uniform",
                        help="the benchmark's uniform policy, or mostly calls (hands of "
                             "about twice the actions)")
    parser.add_argument("--hands", type=int, default=0,
                        help="hands a size plays a round (default 150,000 6-max, "
                             "300,000 heads-up)")
    args = parser.parse_args()
    if any(n < 1 for n in args.sizes) or args.rounds < 1 or args.hands < 0:
        parser.error("sizes and rounds must be positive, hands not negative")
    hands = args.hands or (300_000 if args.seats == 2 else 150_000)
    policy = POLICIES[args.policy]
    players = {n: warmed_tables(args.seats, n, 1) for n in args.sizes}
    step_ns: dict[int, list[float]] = {n: [] for n in args.sizes}
    rates: dict[int, list[float]] = {n: [] for n in args.sizes}
    for _ in range(args.rounds):
        for n, (env, rng) in players.items():
            before, start, stepping = env.totals(), env.hands, 0.0
            began = time.perf_counter()
            while env.hands < start + hands:
                kinds, amounts = policy(rng, env)
                t = time.perf_counter()
                env.step(kinds, amounts)
                stepping += time.perf_counter() - t
            spent = time.perf_counter() - began
            played = env.hands - start
            totals = env.totals() - before
            assert totals.hands == played and not totals.won.sum(), "chips not conserved"
            step_ns[n].append(stepping / played * 1e9)
            rates[n].append(played / spent)
    first = args.sizes[0]

    def spread(values: list[float], scale: float = 1.0, form: str = ".0f") -> str:
        return (f"{statistics.median(values) / scale:{form}} "
                f"({min(values) / scale:{form}}-{max(values) / scale:{form}})")

    print(f"{args.seats} seats, one thread, the {args.policy} policy, {args.rounds} rounds "
          f"of {hands:,} hands a size; medians (ranges)")
    print(f"{'tables':>7}  {'step ns a hand':<20}  {'loop k hands/s':<18}  "
          f"step cost / {first} tables")
    for n in args.sizes:
        ratio = [a / b for a, b in zip(step_ns[n], step_ns[first], strict=True)]
        print(f"{n:>7}  {spread(step_ns[n]):<20}  {spread(rates[n], 1e3):<18}  "
              f"{spread(ratio, form='.2f')}")


if __name__ == "__main__":
    main()
