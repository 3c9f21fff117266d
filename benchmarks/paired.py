"""Two builds of the engine side by side, at the same time on one CPU: hands per CPU
second of random hold'em (or another game `Tables` plays, `--game`) on `games.Tables` in
each, and the ratio new/old pair by pair.

    python benchmarks/paired.py OLD/src NEW/src                 # 6-max, 1,024 tables
    python benchmarks/paired.py OLD/src NEW/src --seats 2 --tables 4096 --policy calls
    python benchmarks/paired.py OLD/src NEW/src --game omaha-hilo
    python benchmarks/paired.py OLD/src NEW/src --until     # Tables.step(..., until=0)
    python benchmarks/paired.py OLD/src NEW/src --tables 4096 --apart --pairs 10

Each source tree must be built in place (`python setup.py build_ext --inplace`); a
worktree of the old commit is the usual OLD (`git worktree add /tmp/old <commit>`).

Why at the same time: on a shared virtual machine a core's speed moves up to 2x within
seconds, so two builds timed one after the other differ by as much as the host does.
Run at once on one CPU, the two processes take turns in the same spells, and each
counts its own CPU time: a build against itself reads 0.98-1.00.  The caches are
shared too, so each run's absolute figure is lower than alone; read the ratios.

With `--apart` the two runs go on two CPUs, one each, and swap them pair by pair, for a
change of the memory a table takes: each build has a core's L2 to itself, as a run
alone has, where sharing one core halves what either keeps.  One core can run quicker
than the other for minutes, so each two swapped pairs are summarised together (the
geometric mean of their ratios: each build once on each core).  On the Zen 4 host, a
build against itself read 0.92-1.03 that way, against 0.98-1.00 on one CPU: more pairs
are needed for the same certainty.

Two policies: `uniform` is bench_simulation.py's (each kind of action the actor may
take equally likely, a raise to a uniform amount); `calls` mostly checks or calls
(fold 20% where it may, raise 10% where it may), whose branches are easier to predict.
Every finished hand's payoffs are read into a checksum after every step, as in the
benchmark's rows marked "payoffs read every step" (older builds have no `totals()`).
Linux only (the CPU is pinned with os.sched_setaffinity).  Not a test: run it by hand.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from host import describe

SEED = 20261126


def child(args: argparse.Namespace) -> None:
    """One build's run, on the CPU it was given: prints hands per CPU second."""
    os.sched_setaffinity(0, {args.cpu})
    from bench_simulation import POLICIES  # both import games: the build chosen
    from games import Tables

    rng = np.random.default_rng(SEED)
    env = Tables(args.game, n=args.tables, seats=args.seats, stacks=200, blinds=(1, 2),
                 seed=SEED, threads=1)
    choose = POLICIES[args.policy]

    def policy() -> tuple[np.ndarray, np.ndarray]:
        return choose(rng, env)

    if args.until:          # seat 0 by the policy, the others at random in the step
        def step() -> np.ndarray:
            kinds, amounts = policy()
            done: np.ndarray = env.step(kinds, amounts, mask=env.actor == 0, until=0)
            return done
    else:
        def step() -> np.ndarray:
            done: np.ndarray = env.step(*policy())
            return done
    for _ in range(20):
        step()
    payoffs = env.last_payoffs(copy=False)
    start, checksum = env.hands, 0
    began = time.process_time()
    while env.hands < start + args.hands:
        done = step()
        checksum += int(np.compress(done, payoffs, axis=0).sum())
    spent = time.process_time() - began
    if args.until:          # hands ended at a table in one step: only the last's row
        checksum = int(env.totals().won.sum())
    assert checksum == 0, "chips were not conserved"
    print((env.hands - start) / spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the old build's src/ directory")
    parser.add_argument("new", type=Path, help="the new build's src/ directory")
    parser.add_argument("--game", default="holdem", help="a game Tables plays (holdem)")
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--tables", type=int, default=1024)
    parser.add_argument("--hands", type=int, default=300_000, help="hands a run")
    parser.add_argument("--pairs", type=int, default=5)
    # the names of bench_simulation.POLICIES, written out: importing it imports games,
    # which only the children may, each from the build it times
    parser.add_argument("--policy", choices=("calls", "uniform"), default="uniform",
                        help="the benchmark's uniform policy, or mostly calls")
    parser.add_argument("--until", action="store_true",
                        help="the policy acts for seat 0 only, the others play at random "
                             "in the step (Tables.step(..., until=0); both builds need it)")
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)),
                        help="the CPU both runs share")
    parser.add_argument("--apart", action="store_true",
                        help="each run on a CPU of its own (the two lowest this process "
                             "may use), swapped pair by pair: each build has a core's L2 "
                             "to itself, as alone, for changes of the memory a table takes")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    for tree in (args.old, args.new):
        if not (tree / "games").is_dir():
            parser.error(f"{tree} is not a src/ directory with the games package")
    flags = ["--child", "--game", args.game, "--seats", str(args.seats),
             "--tables", str(args.tables),
             "--hands", str(args.hands), "--policy", args.policy,
             *(["--until"] if args.until else [])]
    cpus = sorted(os.sched_getaffinity(0))[:2] if args.apart else [args.cpu] * 2
    if len(cpus) < 2 or (args.apart and args.pairs % 2):
        parser.error("--apart needs two CPUs and an even number of pairs")
    where = f"CPUs {cpus[0]} and {cpus[1]}, swapped" if args.apart else f"CPU {args.cpu}"
    ratios = []
    print(describe())
    print(f"{args.game}, {args.seats} seats, {args.tables} tables, policy {args.policy}"
          f"{' for seat 0, the others in the step' if args.until else ''}, "
          f"{where}; "
          "hands per CPU second (k): old, new, new/old")
    for pair in range(args.pairs):
        on = cpus[pair % 2:] + cpus[:pair % 2]      # apart: the builds swap cores
        runs = [subprocess.Popen(
            [sys.executable, __file__, str(tree), str(tree), *flags, "--cpu", str(cpu)],
            stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(tree.resolve()),
                 "OPENBLAS_NUM_THREADS": "1"})
            for tree, cpu in zip((args.old, args.new), on, strict=True)]
        old, new = (float(run.communicate()[0]) for run in runs)
        if any(run.returncode for run in runs):
            sys.exit("a run failed")
        ratios.append(new / old)
        print(f"  {old / 1e3:8.0f} {new / 1e3:8.0f}   {new / old:.3f}")
    if args.apart:      # one core may be quicker than the other for minutes: a build's
        # ratio on each core, once each, multiplied and rooted, cancels the cores' own
        ratios = [(ratios[k] * ratios[k + 1]) ** 0.5 for k in range(0, len(ratios), 2)]
        print("each build on each core once, pair by pair (the geometric mean of two "
              "swapped pairs): " + ", ".join(f"{r:.3f}" for r in ratios))
    print(f"new/old: median {statistics.median(ratios):.3f}, "
          f"range {min(ratios):.3f}-{max(ratios):.3f}")


if __name__ == "__main__":
    main()
