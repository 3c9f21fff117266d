"""Running kernels on threads: the thread count a caller asks for, and one shared pool.

The kernels release the GIL, so row ranges of a batch (or chunks of an equity run)
run in parallel on plain threads.  Starting threads for every call costs as much as a
million-hand batch, so every caller shares one long-lived pool (:func:`shared_pool`).
This module is public so that code built on the evaluator (the `games` package) runs
its own kernels on the same pool.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

#: progress(done, total): called as parts of a long run complete (exact runs count
#: outcomes or parts, sampling counts trials); shared by every caller of `run_tasks`
Progress = Callable[[int, int], object]

#: the most threads one call may ask for (a larger number is a mistake, not a machine)
MAX_THREADS = 1024

#: rows below which a batch stays on the calling thread (more threads cost more than
#: they save)
MIN_ROWS_PER_THREAD = 65536


def available_cpus() -> int:
    """CPUs this process may run on: its affinity mask where the platform has one (a
    container or `taskset` may allow fewer CPUs than the machine has), else the count."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this platform
        return os.cpu_count() or 1


def thread_count(threads: object, name: str = "threads") -> int:
    """The number of threads a call asked for: None means one per available CPU;
    otherwise an int (numpy integers too) in 1..MAX_THREADS.  TypeError for anything
    that is not an int, ValueError for an int out of range."""
    if threads is None:
        return available_cpus()
    if isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"{name} must be an int or None, got {type(threads).__name__}")
    value = int(threads)
    if not 1 <= value <= MAX_THREADS:
        raise ValueError(f"{name} must be 1..{MAX_THREADS} or None, got {value}")
    return value


def run_split(n: int, threads: int | None, work: Callable[[int, int], None],
              fresh: Sequence[npt.NDArray[Any]] = ()) -> None:
    """Run work(start, stop) over row ranges covering 0..n, on up to `threads` threads.

    The kernels release the GIL, so the ranges run in parallel; small batches stay on
    the calling thread, which always takes the first range itself.  `fresh`: arrays
    the work fills that were just allocated (C-contiguous).  Before they are split over
    threads they get one write a page here: new pages first written by several threads
    at once fault far slower (10M rows of 7 cards on two threads of a 2-vCPU VM: 19-61
    ms, against 19.5 ms with the pages written first, and 35 ms on one thread).
    """
    count = min(thread_count(threads), max(1, n // MIN_ROWS_PER_THREAD))
    if count == 1:
        work(0, n)
        return
    for array in fresh:
        array.reshape(-1).view(np.uint8)[::4096] = 0
    bounds = [int(b) for b in np.linspace(0, n, count + 1)]
    ranges = list(pairwise(bounds))
    futures = [shared_pool(count - 1).submit(work, a, b) for a, b in ranges[1:]]
    try:
        work(*ranges[0])
    finally:
        for future in futures:
            future.result()


def run_tasks(threads: int, tasks: Sequence[Callable[[], Any]],
              done: Callable[[Any], None]) -> None:
    """Run independent tasks on up to `threads` threads of the shared pool, calling
    done(result) for each in the order of `tasks` as they complete (on the calling
    thread: progress reports and sums need no lock).  One thread or one task: run
    here.  If a task or `done` raises, the tasks not started are cancelled and the
    running ones finished (their buffers must outlive them) before the error goes on.
    """
    if threads == 1 or len(tasks) == 1:
        for task in tasks:
            done(task())
        return
    pool = shared_pool(threads)
    futures = [pool.submit(task) for task in tasks]
    try:
        for f in futures:
            done(f.result())
    except BaseException:
        for f in futures:
            f.cancel()
        for f in futures:  # let running kernels finish before their buffers go away
            if not f.cancelled():
                f.exception()
        raise


_POOLS: dict[int, ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def shared_pool(workers: int) -> ThreadPoolExecutor:
    """A long-lived pool of at least `workers` threads, shared by every caller."""
    with _POOLS_LOCK:
        size = max([workers, *_POOLS])
        if size not in _POOLS:
            _POOLS.clear()  # a larger pool replaces the smaller one; old threads idle out
            _POOLS[size] = ThreadPoolExecutor(max_workers=size, thread_name_prefix="pokerhands")
        return _POOLS[size]
