"""Concurrency as a user meets it: the same batch, equity and showdown calls from 8 Python
threads at once give exactly the single-thread answers, and hand types built for the
first time by many threads at once are built once, right."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

import games
from evaluator import HIGH, OMAHA, OMAHA_EIGHT_OR_BETTER, italian
from tests.util import random_hands

THREADS = 8


def run_together(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Run the jobs on one Python thread each, all released at the same moment."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)
    errors: list[BaseException] = []

    def worker(i: int) -> None:
        barrier.wait()
        try:
            results[i] = jobs[i]()
        except BaseException as e:  # reported below, in the test's thread
            errors.append(e)

    workers = [threading.Thread(target=worker, args=(i,)) for i in range(len(jobs))]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=300)
    assert not errors, errors
    return results


def test_batches_from_eight_threads(rng):
    hands = random_hands(rng, 300_000, 7)
    holes = random_hands(rng, 100_000, 9)
    it = italian(5)
    five = random_hands(rng, 50_000, 5, deck=36)     # the 36-card deck of five players
    calls = [
        lambda: HIGH.evaluate_batch(hands, threads=2),
        lambda: HIGH.evaluate_batch(hands, threads=1),
        lambda: OMAHA.evaluate_batch(holes[:, :4], holes[:, 4:], threads=2),
        lambda: OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes[:, :4], holes[:, 4:]),
        lambda: it.evaluate_batch(five, threads=2),
    ]
    alone = [c() for c in calls]
    together = run_together([calls[i % len(calls)] for i in range(THREADS * 2)])
    for i, got in enumerate(together):
        assert np.array_equal(got, alone[i % len(calls)])


def test_equity_and_showdowns_from_eight_threads(rng):
    deals = random_hands(rng, 2_000, 17)        # six hands of two and a board each
    holes, boards = deals[:, :12].reshape(-1, 6, 2), deals[:, 12:]
    chips = rng.integers(1, 100, size=(2_000, 6))
    calls = [
        lambda: games.equity("holdem", ["AhAs", "KhKs"], threads=2).equities,
        lambda: games.equity("holdem", ["AsKs", "random"], trials=200_000, seed=11,
                             threads=2).equities,
        lambda: games.equity("omaha-hilo", ["Ah2sKd3c", "QhJh4s5s"], "7c8d9h").equities,
        lambda: games.showdown_batch("holdem", holes, boards, chips).tolist(),
        lambda: [games.showdown("holdem", list(holes[d]), boards[d],
                                contributions=chips[d].tolist()).payouts for d in range(200)],
    ]
    alone = [c() for c in calls]
    together = run_together([calls[i % len(calls)] for i in range(THREADS * 2)])
    for i, got in enumerate(together):
        assert got == alone[i % len(calls)]


def test_first_use_from_many_threads_builds_each_hand_type_once():
    """In a fresh interpreter, 8 threads ask 8 hand types for their first values at once;
    every hand type ends with one set of tables and the right answers."""
    code = r"""
import threading
import evaluator
from evaluator import (ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, HIGH, OFC_TOP, OMAHA,
                       SHORT_DECK, italian)
cases = [(HIGH, "As Ks Qs Js Ts"), (DEUCE_TO_SEVEN, "7c 5d 4h 3s 2c"),
         (ACE_TO_FIVE, "Ac 2d 3h 4s 5c"), (EIGHT_OR_BETTER, "Ac 2d 3h 4s 8c"),
         (SHORT_DECK, "As Ks Qs Js Ts"), (OFC_TOP, "Qs Qd Ac"), (italian(5), "6s 6h Ah Kd Qc")]
barrier = threading.Barrier(2 * len(cases) + 1)
seen = {}
def work(i):
    kind, cards = cases[i % len(cases)]
    barrier.wait()
    value = kind.evaluate(cards)
    seen.setdefault(i % len(cases), set()).add((value, id(kind.tables)))
def omaha():
    barrier.wait()
    seen["omaha"] = {(OMAHA.evaluate("Ah Kh 2c 3d", "Qh Jh Th 4s 5s"), id(OMAHA.tables))}
threads = [threading.Thread(target=work, args=(i,)) for i in range(2 * len(cases))]
threads.append(threading.Thread(target=omaha))
for t in threads: t.start()
for t in threads: t.join()
assert all(len(v) == 1 for v in seen.values()), seen
print(sorted(value for s in seen.values() for value, _ in s))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True)
    from evaluator import ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, OFC_TOP, SHORT_DECK
    alone = [HIGH.evaluate("As Ks Qs Js Ts"), DEUCE_TO_SEVEN.evaluate("7c 5d 4h 3s 2c"),
             ACE_TO_FIVE.evaluate("Ac 2d 3h 4s 5c"), EIGHT_OR_BETTER.evaluate("Ac 2d 3h 4s 8c"),
             SHORT_DECK.evaluate("As Ks Qs Js Ts"), OFC_TOP.evaluate("Qs Qd Ac"),
             italian(5).evaluate("6s 6h Ah Kd Qc"),
             OMAHA.evaluate("Ah Kh 2c 3d", "Qh Jh Th 4s 5s")]
    assert out.stdout.strip() == str(sorted(alone))


def test_split_batches_fill_fresh_outputs_whole():
    """Batches big enough to split over threads write their fresh output's pages once
    first (evaluator.threads.run_split, `fresh`): every row still gets its own value,
    for the high, Omaha and Italian batch loops, equal to the one-thread answer."""
    from evaluator.threads import MIN_ROWS_PER_THREAD, run_split

    rng = np.random.default_rng(11)
    n = 3 * MIN_ROWS_PER_THREAD + 5
    hands = random_hands(rng, n, 7)
    assert np.array_equal(HIGH.evaluate_batch(hands, threads=3),
                          HIGH.evaluate_batch(hands, threads=1))
    deals = random_hands(rng, n, 9)
    assert np.array_equal(OMAHA.evaluate_batch(deals[:, :4], deals[:, 4:], threads=3),
                          OMAHA.evaluate_batch(deals[:, :4], deals[:, 4:], threads=1))
    it = italian(6)
    fives = random_hands(rng, n, 5, deck=32)      # sevens to aces, all in its deck
    assert np.array_equal(it.evaluate_batch(fives, threads=3),
                          it.evaluate_batch(fives, threads=1))
    # the touch covers 2-d arrays and any dtype, and leaves every row to the work
    table = np.empty((n, 3), dtype=np.int64)
    run_split(n, 3, lambda a, b: table[a:b].__setitem__(slice(None), 7), fresh=(table,))
    assert (table == 7).all()
