"""Throughput of the variant hand types: batch evaluation, single thread, hands/s.

Run:  PYTHONPATH=src python -m pytest benchmarks/bench_variants.py --benchmark-only
      (add --benchmark-columns=mean,rounds for a short table)

Random hands are drawn (seeded) before timing; every timed call's result is checked
against a checksum computed outside the timed part.  pokerkit, which has lookups for
2-7 lowball, A-5 lows, 8-or-better and short deck, is measured on a smaller sample of
the same hands (its evaluation is pure Python).  phevaluator offers none of these hand
types, so it has no column here.  Our scalar path (one call per hand) runs on the
pokerkit sample too, so the scalar rows compare like with like.  Each benchmark is timed
through conftest's `measure`, which records `hands_per_s` (from the mean time),
`hands_per_s_median` and `hands_per_s_best` (from the fastest round) in extra_info.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from evaluator import ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, SHORT_DECK

FAMILY = "Lowball and short deck"
SEED = 20261122
N_FAST = 4_000_000          # rows per timed call for pokerhands
N_PEER = {5: 4_000, 7: 400}  # rows per timed call for pokerkit

#: The report row of each case (the path and threads follow after a comma).
ROWS = {
    "2-7 5": "2-7 lowball, 5 cards",
    "A-5 5": "A-5 low, 5 cards",
    "8ob 5": "8-or-better low, 5 cards",
    "short 5": "Short deck, 5 cards of 36",
    "short 7": "Short deck, 7 cards of 36",
    "A-5 7": "A-5 low, 7 cards",
}

CASES = {
    # id: (hand type, cards per hand, deck size)
    "2-7 5": (DEUCE_TO_SEVEN, 5, 52),
    "A-5 5": (ACE_TO_FIVE, 5, 52),
    "8ob 5": (EIGHT_OR_BETTER, 5, 52),
    "short 5": (SHORT_DECK, 5, 36),
    "short 7": (SHORT_DECK, 7, 36),
    "A-5 7": (ACE_TO_FIVE, 7, 52),
}


def random_rows(n: int, k: int, deck: int, seed: int) -> np.ndarray:
    """(n, k) uint8 rows of distinct cards from the top `deck` cards, by redrawing rows
    with a repeated card (cheap for large n, unlike a full shuffle per row)."""
    rng = np.random.default_rng(seed)
    low = 52 - deck
    rows = rng.integers(low, 52, size=(n, k), dtype=np.uint8)
    while True:
        s = np.sort(rows, axis=1)
        bad = np.flatnonzero((s[:, 1:] == s[:, :-1]).any(axis=1))
        if not len(bad):
            return rows
        rows[bad] = rng.integers(low, 52, size=(len(bad), k), dtype=np.uint8)


_ROWS: dict[tuple[int, int, int], np.ndarray] = {}


def rows_for(k: int, deck: int, n: int) -> np.ndarray:
    key = (k, deck, n)
    if key not in _ROWS:
        _ROWS[key] = random_rows(n, k, deck, SEED + 100 * k + deck)
    return _ROWS[key]


@pytest.mark.parametrize("case", list(CASES))
def test_pokerhands(measure, case):
    hand_type, k, deck = CASES[case]
    rows = rows_for(k, deck, N_FAST)
    out = np.empty(len(rows), dtype=np.int32)
    hand_type.evaluate_batch(rows, out=out)               # builds the tables, untimed
    checksum = int(out.astype(np.int64).sum())
    sample = [hand_type.evaluate(r.tolist()) for r in rows[:1000]]
    assert out[:1000].tolist() == sample
    result = measure(hand_type.evaluate_batch, rows, threads=1, out=out,
                     what=f"{ROWS[case]}, batch, 1 thread", lib="pokerhands",
                     hands=len(rows))
    assert int(result.astype(np.int64).sum()) == checksum


@pytest.mark.parametrize("case", list(CASES))
def test_pokerhands_scalar(measure, case):
    """One call per hand from Python, on the rows pokerkit gets."""
    hand_type, k, deck = CASES[case]
    rows = rows_for(k, deck, N_FAST)[: N_PEER[k]]
    expected = hand_type.evaluate_batch(rows).tolist()
    lists = rows.tolist()
    evaluate = hand_type.evaluate

    def run():
        return [evaluate(r) for r in lists]

    values = measure(run, what=f"{ROWS[case]}, scalar", lib="pokerhands", hands=len(lists))
    assert values == expected


def _pokerkit_case(case):
    pokerkit = pytest.importorskip("pokerkit")
    hand_class = {
        "2-7 5": pokerkit.StandardLowHand,
        "A-5 5": pokerkit.RegularLowHand,
        "8ob 5": pokerkit.EightOrBetterLowHand,
        "short 5": pokerkit.ShortDeckHoldemHand,
        "short 7": pokerkit.ShortDeckHoldemHand,
        "A-5 7": pokerkit.RegularLowHand,
    }[case]
    return pokerkit, hand_class


@pytest.mark.parametrize("case", list(CASES))
def test_pokerkit(measure, case):
    pokerkit, hand_class = _pokerkit_case(case)
    hand_type, k, deck = CASES[case]
    rows = rows_for(k, deck, N_FAST)[: N_PEER[k]]
    names = "23456789TJQKA"
    suits = "cdhs"
    cards = [
        [next(iter(pokerkit.Card.parse(names[c >> 2] + suits[c & 3]))) for c in row]
        for row in rows.tolist()
    ]

    def evaluate_all():
        hands = []
        for row in cards:
            try:
                hands.append(hand_class.from_game(row) if k > 5 else hand_class(row))
            except ValueError:            # 8-or-better: no qualifying low
                hands.append(None)
        return hands

    hands = measure(evaluate_all, what=f"{ROWS[case]}, scalar", lib="pokerkit",
                    hands=len(rows))
    # same answers as pokerhands: equal values <=> equal hands, order preserved
    ours = hand_type.evaluate_batch(rows)
    assert [h is None for h in hands] == (ours == 0).tolist()
    pairs = [(h, v) for h, v in zip(hands, ours.tolist(), strict=True) if h is not None]
    for (h1, v1), (h2, v2) in pairwise(pairs):
        assert (h1 < h2) == (v1 < v2) and (h1 == h2) == (v1 == v2)
