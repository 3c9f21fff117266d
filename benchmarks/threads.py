"""Two threads over one, the parts of the issue benchmark's loop timed apart: the numpy
policy (on the calling thread) and the step (on the tables' threads), for one thread
and for two, each in a process of its own, taking turns.

    python benchmarks/threads.py                        # 6-max, 2,048 tables
    python benchmarks/threads.py --tables 4096 --runs 5
    python benchmarks/threads.py --until 0              # seat 0 by the numpy policy

Why: the loop's two-thread ratio is what a caller gets, but it mixes two things.  The
step splits over the threads; the policy does not, and it runs between steps while
the worker has only its slice's next hands to deal (games/engine/_batch.pyx,
`_post_deals`, `_defers`).  Timing them apart says which one holds the ratio back.  With P1, S1
the policy and the step on one thread and P2 on two, a step on two threads at exactly
half of S1 would give the loop (P1 + S1) / (P2 + S1 / 2): the bound printed, which no
change inside the step can pass unless the step hands work to the policy's time
(docs/benchmarks.md, "what bounds two threads").  Each round also times the policy
again over the same `legal()` arrays with no step between (`warm`: its data in the
caches), which parts the policy's own cost from the misses a step leaves it; with W
that cost, (W + S1) / (W + S1 / 2) is the bound with no misses at all.

The two-thread rows also give how far apart the host had put the two vCPUs (apart.py:
a cache line's round trip, the further of the readings before and after the process),
which moves a two-thread step by half again on the Zen 4 host.

Each configuration runs in its own process because a batch's idle workers spin for a
while after its last step and would slow another batch in the same process; the two
take turns, run after run, so that both see the same spells of a noisy host.  Each
process warms its tables up (`warmed_tables`), then plays `--rounds` rounds of
`--steps` steps and reports each round; the tables' summed payoffs are checked to be
zero.  Not a test: run it by hand.

`--processes` adds a third turn to each run: two processes of one thread at once, each
with half the tables, their hands a second summed.  Each runs its own policy, and
nothing crosses between the vCPUs, so it is the bound a caller can reach without one
policy over all the tables (a simulation of independent hands), and a reading of what
the host's placement of the vCPUs costs the threads.

`--until SEAT` plays the same random hands with the policy called once an orbit: the
numpy policy chooses only the actions of that seat, and each step's other seats act at
random in the step (`Tables.step(..., until=SEAT)`, the same distribution as the
policy's, drawn from the hands' seeds).  It says how the ratio moves when the serial
numpy runs once for every table's whole round of actions, not once for each action.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from apart import around
from bench_simulation import SEED, numpy_policy, warmed_tables
from host import describe

PROCESSES = 0                           # the turn of two one-thread processes at once
LABELS = {PROCESSES: "2 procs"}
DESCRIBED = {1: "1 thread", 2: "2 threads",
             PROCESSES: "2 processes (policy and step: their mean)"}


def child(seats: int, n: int, threads: int, rounds: int, steps: int,
          until: int | None, part: int = 0) -> None:
    """Play the rounds and print one JSON line: per round, the policy's and the step's
    microseconds a step, the loop's hands a second, and the policy's microseconds over
    the same arrays again with no step between (`warm_us`)."""
    env, rng = warmed_tables(seats, n, threads, seed=SEED + part)
    before = env.totals()
    out = []
    for _ in range(rounds):
        policy = stepping = 0.0
        start = env.hands
        began = time.perf_counter()
        for _ in range(steps):
            a = time.perf_counter()
            kinds, amounts = numpy_policy(rng, env)
            b = time.perf_counter()
            env.step(kinds, amounts, until=until)
            stepping += time.perf_counter() - b
            policy += b - a
        wall = time.perf_counter() - began
        a = time.perf_counter()
        for _ in range(steps):
            numpy_policy(rng, env)
        warm = time.perf_counter() - a
        out.append({"policy_us": policy / steps * 1e6, "step_us": stepping / steps * 1e6,
                    "hands_s": (env.hands - start) / wall, "warm_us": warm / steps * 1e6})
    if (env.totals() - before).won.sum():
        raise SystemExit("the payoffs do not sum to zero")
    env.close()
    print(json.dumps(out))


def command(args: argparse.Namespace, threads: int, tables: int, part: int = 0
            ) -> list[str]:
    """The command line of one `child` process (`part`: which of a pair, its seed)."""
    return ([sys.executable, __file__, "--child", str(threads), "--part", str(part),
             "--seats", str(args.seats), "--tables", str(tables), "--rounds",
             str(args.rounds), "--steps", str(args.steps)]
            + ([] if args.until is None else ["--until", str(args.until)]))


def rounds_of(stdout: str) -> list[dict[str, float]]:
    rounds: list[dict[str, float]] = json.loads(stdout.strip().splitlines()[-1])
    return rounds


def run(args: argparse.Namespace, threads: int) -> list[dict[str, float]]:
    """One process of `child` for this thread count; its rounds."""
    return rounds_of(subprocess.run(command(args, threads, args.tables), check=True,
                                    capture_output=True, text=True).stdout)


def run_two_processes(args: argparse.Namespace) -> list[dict[str, float]]:
    """Two one-thread processes of `child` at once, half the tables each: per round,
    their hands a second summed and their microseconds averaged (they start together
    and play as much work, so their rounds run side by side; each deals its own hands,
    from a seed of its own, as independent simulations would)."""
    children = [subprocess.Popen(command(args, 1, args.tables // 2, part),
                                 stdout=subprocess.PIPE, text=True) for part in range(2)]
    outputs = [c.communicate()[0] for c in children]
    if any(c.returncode for c in children):
        raise SystemExit("a process of the pair failed")
    pair = [rounds_of(out) for out in outputs]
    return [{k: a[k] + b[k] if k == "hands_s" else (a[k] + b[k]) / 2 for k in a}
            for a, b in zip(*pair, strict=True)]


def span(values: list[float], fmt: str) -> str:
    return f"{format(min(values), fmt)}-{format(max(values), fmt)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--tables", type=int, default=2048)
    parser.add_argument("--runs", type=int, default=3,
                        help="turns of one thread, then two, each in a new process")
    parser.add_argument("--rounds", type=int, default=3, help="rounds a process")
    parser.add_argument("--steps", type=int, default=1000, help="steps a round")
    parser.add_argument("--until", type=int, default=None, metavar="SEAT",
                        help="the policy chooses this seat's actions, the step the others'")
    parser.add_argument("--processes", action="store_true",
                        help="also two one-thread processes at once, half the tables each")
    parser.add_argument("--child", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--part", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if min(args.seats - 1, args.tables, args.runs, args.rounds, args.steps) < 1:
        parser.error("seats must be 2 or more; tables, runs, rounds and steps positive")
    if args.processes and args.tables < 2:
        parser.error("--processes needs 2 tables or more (half to each process)")
    if args.until is not None and not 0 <= args.until < args.seats:
        parser.error(f"--until must be a seat of 0..{args.seats - 1}")
    if args.child:
        child(args.seats, args.tables, args.child, args.rounds, args.steps, args.until,
              args.part)
        return
    print(describe())
    print(f"{args.seats}-max, {args.tables:,} tables, {args.rounds} rounds of "
          f"{args.steps:,} steps a process; the medians of each process's rounds"
          + ("" if args.until is None else
             f"; the policy for seat {args.until}, the others in the step"))
    print("| run | threads | policy (us) | policy, warm (us) | step (us) | loop (k hands/s) "
          "| vCPUs apart (ns) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    # 1 and 2: one process of that many threads; PROCESSES: two of one thread at once
    kinds = [1, 2] + ([PROCESSES] if args.processes else [])
    seen: dict[int, dict[str, list[float]]] = {
        t: {"policy_us": [], "step_us": [], "hands_s": [], "warm_us": []} for t in kinds}
    ratios: dict[str, list[float]] = {"step": [], "loop": [], "bound": [], "warm": [],
                                      "processes": []}
    for r in range(1, args.runs + 1):
        median: dict[int, dict[str, float]] = {}
        for kind in kinds:
            # two threads' figures move with how far apart the host put the vCPUs
            # (apart.py): the further of the readings before and after the process
            readings: list[float] = []
            if kind == 1:
                rounds = run(args, 1)
            elif kind == PROCESSES:
                rounds, readings = around(lambda: run_two_processes(args))
            else:
                rounds, readings = around(lambda: run(args, 2))
            median[kind] = {k: statistics.median(x[k] for x in rounds) for k in rounds[0]}
            for k, v in median[kind].items():
                seen[kind][k].append(v)
            m = median[kind]
            far = f"{max(readings):.0f}" if readings else ""
            print(f"| {r} | {LABELS.get(kind, kind)} | {m['policy_us']:.1f} | "
                  f"{m['warm_us']:.1f} | {m['step_us']:.1f} | {m['hands_s'] / 1e3:,.0f} | "
                  f"{far} |", flush=True)
        one, two = median[1], median[2]
        ratios["step"].append(one["step_us"] / two["step_us"])
        ratios["loop"].append(two["hands_s"] / one["hands_s"])
        ratios["bound"].append((one["policy_us"] + one["step_us"])
                               / (two["policy_us"] + one["step_us"] / 2))
        warm = (one["warm_us"] + two["warm_us"]) / 2
        ratios["warm"].append((warm + one["step_us"]) / (warm + one["step_us"] / 2))
        if args.processes:
            ratios["processes"].append(median[PROCESSES]["hands_s"] / one["hands_s"])
    for kind in kinds:
        s = seen[kind]
        print(f"- {DESCRIBED[kind]}: policy "
              f"{span(s['policy_us'], '.1f')} us (warm {span(s['warm_us'], '.1f')} us), "
              f"step {span(s['step_us'], '.1f')} us, "
              f"loop {span([v / 1e3 for v in s['hands_s']], ',.0f')} k hands/s")
    print(f"- two threads over one: the step {span(ratios['step'], '.2f')}x, the loop "
          f"{span(ratios['loop'], '.2f')}x; a step at exactly half would give the loop "
          f"{span(ratios['bound'], '.2f')}x, and with the policy's data warm "
          f"{span(ratios['warm'], '.2f')}x")
    if args.processes:
        print(f"- two processes of {args.tables // 2:,} tables over one thread of "
              f"{args.tables:,}: {span(ratios['processes'], '.2f')}x")


if __name__ == "__main__":
    main()
