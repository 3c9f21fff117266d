"""Random play at thousands of tables, in this process or split over several:
`simulate`, the loop behind ``pokerhands simulate``.

    >>> from games.rl.simulation import simulate
    >>> run = simulate("holdem", n=64, seats=2, hands=1000, seed=1)
    >>> run.totals.hands >= 1000, int(run.totals.won.sum())      # chips are conserved
    (True, 0)

Every seat plays `random_actions` (fold, check or call, or raise to a uniform amount,
each equally likely among those allowed), the policy's numpy timed with the step.

Why processes.  ``threads=2`` splits each step of one `Tables` over two cores, but the
policy's numpy runs between the steps on the calling thread alone: on 2,048 six-max
tables that serial part bounds two threads near 1.75x one, and vCPUs that sit far
apart on a virtual machine bring it down to 1.1-1.2x (docs/guides/simulation.md).  A
simulation of independent tables needs no lockstep: ``processes=2`` gives each process
half the tables and a policy of its own. On a two-vCPU Zen 4 host it read 1.77-2.26x
one thread where two threads read 1.10-2.00x (docs/benchmarks.md, "`pokerhands simulate
--processes`").

Seeds.  With one process the tables are ``Tables(seed=seed)`` and the policy draws from
``np.random.default_rng(seed)``, the loop the library's own users write.  With P
processes, process k takes ``np.random.SeedSequence(seed).spawn(P)[k]`` and splits it
in two, one for its tables' cards and one for its policy: the same seed and the same P
play the same hands (each process stops at its own share of `hands`, whatever the
others do), and another P plays other hands.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

import numpy as np

from evaluator.checks import seed as check_seed
from evaluator.threads import MAX_THREADS
from games.engine.batch import Tables, TablesTotals, table_count
from games.engine.options import TableOptions
from games.rl.actions import play_random
from games.variants import Variant

#: the most processes one run may ask for, as for threads (more is a mistake, not a
#: machine)
MAX_PROCESSES = MAX_THREADS

#: how often (seconds) the calling process asks `stop` and reports progress while
#: processes play
_POLL = 0.05


@dataclass(frozen=True)
class Simulation:
    """What `simulate` played.

    totals: every hand's payoffs summed by seat and by table (`TablesTotals`; with
    several processes their tables in order, process 0's first).  seconds: the time the
    play took, from the first step to the last process's end (building the tables and
    starting processes not counted).  interrupted: whether `stop` ended it.  game,
    options, seats, n: what was played.  processes: the processes that played it.
    threads: the threads each process asked for; step_threads: the fewest that any
    process's step ran on (`Tables.step_threads`)."""

    totals: TablesTotals
    seconds: float
    interrupted: bool
    game: Variant
    options: TableOptions
    seats: int
    n: int
    processes: int
    threads: int
    step_threads: int

    @property
    def hands_per_second(self) -> float:
        """Hands a second (nan when no time passed)."""
        return self.totals.hands / self.seconds if self.seconds > 0 else float("nan")


def simulate(game: Variant | str, n: int, seats: int, stacks: int | Any = 200, *,
             hands: int | None = None, seconds: float | None = None, seed: int | None = 0,
             processes: int = 1, threads: int | None = 1,
             stop: Callable[[], bool] | None = None,
             progress: Callable[[int, float], object] | None = None,
             **settings: Any) -> Simulation:
    """Play `n` tables of `game` at random until `hands` hands have ended or for
    `seconds` (one of the two), on `processes` processes of `threads` threads each.

    game, n, seats, stacks, threads and the other keywords (carry=, blinds=, antes=,
    betting=, bring_in=, ...) are `Tables`' and are checked here, in this process,
    before any other starts.  seed: see the module's text (None: fresh entropy).
    processes: 1..n; each process plays its part of the tables (their sizes differ by
    one at most) and of `hands`.  stop: asked between steps (one process) or every
    few hundredths of a second (several); True ends the run after the steps in play,
    with what was played so far (Ctrl-C, say).  progress(hands, elapsed): called as the
    run goes, with the hands ended so far and the seconds since the first step.

    A process that fails raises its error here (its type and text), after the others
    are stopped; one that dies without a word raises ChildProcessError.  The processes
    are started as multiprocessing's "spawn" starts them (a new interpreter, never a
    fork of this one and its threads), so a script that asks for several must call
    `simulate` under ``if __name__ == "__main__":``, as multiprocessing asks.
    """
    if (hands is None) == (seconds is None):
        raise ValueError("give hands or seconds, one of the two")
    if hands is not None:
        if isinstance(hands, bool) or not isinstance(hands, (int, np.integer)):
            raise TypeError(f"hands must be an int, got {type(hands).__name__}")
        if hands < 1:
            raise ValueError(f"hands must be at least 1, got {hands}")
        hands = int(hands)
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float, np.floating,
                                                                 np.integer)):
            raise TypeError(f"seconds must be a number, got {type(seconds).__name__}")
        if not seconds > 0:                      # nan too
            raise ValueError(f"seconds must be more than 0, got {seconds}")
        seconds = float(seconds)
    if isinstance(processes, bool) or not isinstance(processes, (int, np.integer)):
        raise TypeError(f"processes must be an int, got {type(processes).__name__}")
    processes = int(processes)
    if not 1 <= processes <= MAX_PROCESSES:
        raise ValueError(f"processes must be 1..{MAX_PROCESSES}, got {processes}")
    asked = stop if stop is not None else (lambda: False)
    report = progress if progress is not None else (lambda hands, elapsed: None)
    if processes == 1:
        rng = np.random.default_rng(check_seed(seed))
        with Tables(game, n, seats, stacks, seed=seed, threads=threads, **settings) as env:
            elapsed, interrupted = play(env, rng, hands, seconds, asked, report)
            return Simulation(env.totals(), elapsed, interrupted, env.game, env.options,
                              env.seats, env.n, 1, env.threads, env.step_threads)
    n = table_count(n)
    # one table here checks every other setting (and names the options) before any
    # process starts, so that a mistake is refused at once and as `Tables` words it
    with Tables(game, 1, seats, stacks, seed=0, threads=threads, **settings) as probe:
        found, options, seat_count, asked_threads = (probe.game, probe.options,
                                                     probe.seats, probe.threads)
    if processes > n:
        raise ValueError(f"processes must be at most n ({n}): each plays a table or "
                         f"more, got {processes}")
    entropy = np.random.SeedSequence(None if seed is None else check_seed(seed))
    parts = _shares(n, processes)
    targets: list[int | None] = [None] * processes
    if hands is not None:
        targets = list(_shares(hands, processes))
    jobs = [dict(game=found, n=part, seats=seat_count, stacks=stacks,
                 threads=asked_threads, **settings) for part in parts]
    totals, elapsed, interrupted, stepped = _in_processes(
        jobs, entropy.spawn(processes), targets, seconds, asked, report)
    return Simulation(totals, elapsed, interrupted, found, options, seat_count, n,
                      processes, asked_threads, stepped)


def play(env: Tables, rng: np.random.Generator, hands: int | None, seconds: float | None,
         stop: Callable[[], bool],
         progress: Callable[[int, float], object]) -> tuple[float, bool]:
    """Step `env` at random (`play_random`) until it has `hands` hands, for `seconds`,
    or until `stop()`, asked before every step; the time it took and whether `stop`
    ended it.  The one loop of a simulation, in this process or in each of several."""
    start = time.perf_counter()
    while True:
        elapsed = time.perf_counter() - start
        if stop():
            return elapsed, True
        if hands is not None and env.hands >= hands:
            return elapsed, False
        if seconds is not None and elapsed >= seconds:
            return elapsed, False
        progress(env.hands, elapsed)
        play_random(env, rng)


def _shares(total: int, parts: int) -> list[int]:
    """`total` split in `parts` whole shares differing by one at most, the larger
    first: the tables of each process, and its part of the hands."""
    low, extra = divmod(total, parts)
    return [low + (k < extra) for k in range(parts)]


@contextmanager
def _children_ignore_ctrl_c() -> Iterator[None]:
    """Ctrl-C at a terminal reaches every process of the group; the processes started
    inside this context are born ignoring it (a disposition `exec` keeps, and Python
    leaves alone), so that the caller alone decides, through `stop`, when they end.
    Off the main thread Python sets no handler: each worker sets it itself."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if old is None else old)


def _in_processes(jobs: list[dict[str, Any]], seeds: list[np.random.SeedSequence],
                  targets: list[int | None], seconds: float | None,
                  stop: Callable[[], bool], progress: Callable[[int, float], object]
                  ) -> tuple[TablesTotals, float, bool, int]:
    """Each job's tables played in a process of its own, started together once every
    process has built its tables; their totals joined, the wall time from the start
    to the last end, whether `stop` ended it, the fewest threads a step ran on."""
    context = multiprocessing.get_context("spawn")      # no fork of a threaded parent
    count = len(jobs)
    hands = context.RawArray("q", count)       # each process's hands so far
    halt = context.RawValue("b", 0)            # set: every process ends after its step
    go = context.Event()
    pipes = [context.Pipe(duplex=False) for _ in jobs]
    workers = [context.Process(target=_worker, name=f"pokerhands-simulate-{k}",
                               args=(k, jobs[k], seeds[k], targets[k], seconds, hands,
                                     halt, go, pipes[k][1], os.getpid()), daemon=True)
               for k in range(count)]
    answers: dict[int, tuple[Any, ...]] = {}
    failed: BaseException | None = None
    interrupted = False
    start = ended = time.perf_counter()
    try:
        with _children_ignore_ctrl_c():
            for worker in workers:
                worker.start()
        for _, sender in pipes:
            sender.close()                     # the children hold theirs
        # each process's pipe and its sentinel (ready when it has ended), both to its k
        owner: dict[Any, int] = {pipes[k][0]: k for k in range(count)}
        owner.update({workers[k].sentinel: k for k in range(count)})
        ready: set[int] = set()
        started = False
        while len(answers) < count:
            if not started and not halt.value and len(ready) == count:
                start = time.perf_counter()
                go.set()
                started = True
            if stop() and not interrupted:
                interrupted = True
                halt.value = 1
                go.set()                       # processes still building end at once
            for item in wait([x for x, k in owner.items() if k not in answers],
                             timeout=_POLL):
                k = owner[item]
                if k in answers or (isinstance(item, int) and pipes[k][0].poll()):
                    continue                   # known, or its last words are to read
                try:
                    message = pipes[k][0].recv()
                except EOFError:               # ended without a word: killed, say
                    message = ("died",)
                except Exception as e:         # an answer that would not unpickle
                    message = ("error", e)
                if message[0] == "ready":
                    ready.add(k)
                    continue
                answers[k] = message
                ended = time.perf_counter()
                if message[0] != "done":       # one failed: the others stop too
                    halt.value = 1
                    go.set()
            if started:
                progress(sum(hands), time.perf_counter() - start)
    except BaseException as e:
        failed = e
        raise
    finally:
        halt.value = 1
        go.set()
        for worker in workers:
            worker.join(timeout=None if failed is None else 5)
            if worker.is_alive():              # pragma: no cover - only after an error
                worker.terminate()
                worker.join()
        for reader, _ in pipes:
            reader.close()
    for k in range(count):
        answer = answers[k]
        if answer[0] == "error":
            raise answer[1]
        if answer[0] == "died":               # joined above: its exit code is known
            code = workers[k].exitcode
            how = (f"killed by signal {-code}" if code is not None and code < 0
                   else f"exit code {code}")
            raise ChildProcessError(f"simulation process {k} ended without its result "
                                    f"({how})")
    done = [answers[k] for k in range(count)]
    elapsed = max(0.0, ended - start) if started else 0.0
    return (TablesTotals.joined([d[1] for d in done]), elapsed, interrupted,
            min(d[3] for d in done))


def _worker(k: int, job: dict[str, Any], seed: np.random.SeedSequence,
            hands: int | None, seconds: float | None, counts: Any, halt: Any,
            go: Any, conn: Connection, parent: int) -> None:
    """Process k of a simulation: build its tables, say so, wait for the start, play
    until its share of the hands (or the time) or until the caller halts it, and send
    its totals back; any error is sent back instead."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # the caller decides (its stop)
    try:
        cards, actions = seed.spawn(2)
        with Tables(**job, seed=cards) as env:
            rng = np.random.default_rng(actions)
            conn.send(("ready",))

            def stopped() -> bool:             # halted, or the caller is gone
                return bool(halt.value) or os.getppid() != parent

            while not go.wait(_POLL * 10):
                if stopped():
                    break

            def report(played: int, elapsed: float) -> None:
                counts[k] = played

            elapsed, _ = play(env, rng, hands, seconds, stopped, report)
            counts[k] = env.hands
            conn.send(("done", env.totals(), elapsed, env.step_threads))
    except BaseException as e:              # sent back, to be raised by the caller
        try:
            conn.send(("error", e))
        except Exception:                   # an error that does not pickle
            conn.send(("error", RuntimeError(f"{type(e).__name__}: {e}")))
    finally:
        conn.close()
