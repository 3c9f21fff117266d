"""How far apart the host has put two CPUs: the round trip of one cache line between a
thread on each, in nanoseconds.

    python benchmarks/apart.py                          # one reading
    python benchmarks/apart.py --every 1 --for 60       # a reading a second for a minute

Why: on a shared virtual machine the hypervisor moves the vCPUs among the host's cores
minute by minute, and how far apart it puts them is not the guest's to see or choose.
On the Zen 4 host (2 vCPUs) the round trip read 52-76 or 140-235 ns most of the time,
and for spells of seconds to minutes about 280 or 400-660 ns.  A step of
`games.Tables` on two threads hands every table's action from the calling thread to
the worker and its row of `legal()` back, so the two-thread figures move with it: over
798 pairs of rounds of the issue benchmark's loop (2,048 6-max tables, one thread then
two), two threads over one read a median of 1.69x at a round trip of 120-230 ns and
1.21x at 400 ns or more, while one thread ran as fast on either CPU
(docs/benchmarks.md, "Two threads and how far apart the vCPUs sit").  The sittings
(sittings.py, through bench_simulation.py) record it beside each two-thread figure.

Python threads cannot bounce a line between them (the GIL), so the reading is a small C
program, compiled on first use with the compiler that builds the package (`CC`, else
`cc`) into a temporary directory.  Linux only: the threads are pinned with
`pthread_setaffinity_np`.  Elsewhere, or without a compiler, `round_trip()` is None.
Not a test: a tool of the benchmarks.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

#: Two threads, each pinned to one of the CPUs given, pass a counter back and forth
#: through one cache line `trips` times; printed: the nanoseconds a round trip, once
#: for each of `repeats` runs.
_SOURCE = r"""
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static _Alignas(64) volatile long line_word;
static long trips;

static void *answer(void *unused) {
    long k;
    (void)unused;
    for (k = 0; k < trips; k++) {
        while (__atomic_load_n(&line_word, __ATOMIC_ACQUIRE) != 2 * k + 1) {}
        __atomic_store_n(&line_word, 2 * k + 2, __ATOMIC_RELEASE);
    }
    return NULL;
}

int main(int argc, char **argv) {
    int repeats, r;
    long k;
    pthread_t other;
    pthread_attr_t there;
    cpu_set_t here, far;
    struct timespec a, b;
    if (argc != 5) return 2;
    CPU_ZERO(&here);
    CPU_SET(atoi(argv[1]), &here);
    CPU_ZERO(&far);
    CPU_SET(atoi(argv[2]), &far);
    trips = atol(argv[3]);
    repeats = atoi(argv[4]);
    /* both threads pinned before any trip: an answer that could not be pinned is
       never started, so nothing waits for it */
    if (pthread_setaffinity_np(pthread_self(), sizeof here, &here)) return 3;
    if (pthread_attr_init(&there)
        || pthread_attr_setaffinity_np(&there, sizeof far, &far)) return 3;
    for (r = 0; r < repeats; r++) {
        __atomic_store_n(&line_word, 0, __ATOMIC_RELEASE);
        if (pthread_create(&other, &there, answer, NULL)) return 4;
        clock_gettime(CLOCK_MONOTONIC, &a);
        for (k = 0; k < trips; k++) {
            __atomic_store_n(&line_word, 2 * k + 1, __ATOMIC_RELEASE);
            while (__atomic_load_n(&line_word, __ATOMIC_ACQUIRE) != 2 * k + 2) {}
        }
        clock_gettime(CLOCK_MONOTONIC, &b);
        pthread_join(other, NULL);
        printf("%.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / trips);
    }
    return 0;
}
"""

T = TypeVar("T")

_built: list[Path | None] = []          # the program, once compiled (None: it cannot be)


def compiler() -> list[str]:
    """The C compiler's command: `CC`, else the one Python was built with, else cc."""
    return shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")


def _program() -> Path | None:
    """The compiled program (compiled on the first call), or None where it cannot be."""
    if _built:
        return _built[0]
    path = None
    if sys.platform.startswith("linux"):
        folder = Path(tempfile.mkdtemp(prefix="apart-"))
        atexit.register(shutil.rmtree, folder, True)
        source, path = folder / "apart.c", folder / "apart"
        source.write_text(_SOURCE)
        try:
            subprocess.run([*compiler(), "-O2", "-pthread", "-o", str(path), str(source)],
                           check=True, capture_output=True, timeout=120)
        except (OSError, subprocess.SubprocessError):
            path = None
    _built.append(path)
    return path


def two_cpus() -> tuple[int, int] | None:
    """The two lowest CPUs this process may run on (those the benchmarks' two threads
    share), or None with fewer than two."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    return (cpus[0], cpus[1]) if len(cpus) >= 2 else None


def round_trip(cpus: tuple[int, int] | None = None, trips: int = 20000,
               repeats: int = 3) -> float | None:
    """The median over `repeats` runs of a cache line's round trip between the two
    CPUs (the two lowest this process may use unless given), in nanoseconds; about
    `repeats` x `trips` x the round trip of time (10-40 ms as given).  None where it
    cannot be read: not Linux, no compiler, or one CPU."""
    if trips < 1 or repeats < 1:
        raise ValueError(f"trips and repeats must be at least 1, got {trips} and {repeats}")
    pair = cpus or two_cpus()
    program = _program()
    if pair is None or program is None:
        return None
    try:
        done = subprocess.run([str(program), str(pair[0]), str(pair[1]), str(trips),
                               str(repeats)], capture_output=True, text=True, timeout=60,
                              check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return statistics.median(float(line) for line in done.stdout.split())


def around(run: Callable[[], T]) -> tuple[T, list[float]]:
    """run()'s result, and the round trips read just before and just after it (those
    that could be read): what a two-thread figure is set beside."""
    before = round_trip()
    result = run()
    return result, [ns for ns in (before, round_trip()) if ns is not None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=float, default=1.0, help="seconds between readings")
    parser.add_argument("--for", dest="seconds", type=float, default=0.0,
                        help="read for this long (default: one reading)")
    args = parser.parse_args()
    end = time.monotonic() + args.seconds
    while True:
        ns = round_trip()
        if ns is None:
            sys.exit("cannot read: needs Linux, a C compiler and two CPUs")
        print(f"{time.strftime('%H:%M:%S', time.gmtime())} {ns:.0f} ns", flush=True)
        if time.monotonic() + args.every > end:
            return
        time.sleep(args.every)


if __name__ == "__main__":
    main()
