"""HIGH (standard high hands) against its peers: batch, scalar, eval7, phevaluator, treys.

Batch rows evaluate 1,000,000 hands per call; scalar rows evaluate 10,000 hands in a
Python loop, one call per hand, with inputs already in each library's own card type.
Every benchmark checks its answers (ours against known counts and our scalar path,
peers against ours pair by pair), so a broken evaluator cannot look fast.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from evaluator import HIGH, card_name

#: Known answers for the default seed (POKERHANDS_SEED=20261122, conftest.random_hands):
#: count of each category, High Card .. Straight Flush, over the 1,000,000 rows, and the
#: sum of the values.  Recorded once and confirmed then against phevaluator on every row
#: (7463 - its rank equalled our value for all 2,000,000 hands).
EXPECTED = {
    5: ([500755, 422654, 47988, 21132, 3807, 1958, 1453, 237, 16], 1844690512),
    7: ([174217, 438126, 234974, 48438, 46057, 30057, 26151, 1681, 299], 3366837574),
}
DEFAULT_SEED = 20261122

#: eval7's category names -> our category index.
EVAL7_CATEGORY = {
    "High Card": 0, "Pair": 1, "Two Pair": 2, "Trips": 3, "Straight": 4, "Flush": 5,
    "Full House": 6, "Quads": 7, "Straight Flush": 8,
}

FAMILY = "High hands"
N_CLASSES = 7462  # treys and phevaluator: 1 = royal flush .. 7462 = 7-5-4-3-2


@pytest.fixture(scope="module")
def ours_on_sample(sample: np.ndarray) -> np.ndarray:
    """Our values for the sample, by the scalar path (built outside any timing)."""
    return np.array([HIGH.evaluate(h) for h in sample.tolist()], dtype=np.int64)


def scalar_row(hands: np.ndarray) -> str:
    """The report row of a scalar (one call per hand) benchmark on these hands."""
    return f"High, {hands.shape[1]} cards, scalar"


# ---------------------------------------------------------------------------- pokerhands


@pytest.mark.parametrize("threads", [1, 2], ids=["1 thread", "2 threads"])
@pytest.mark.parametrize("k", [5, 7], ids=["5-card", "7-card"])
def test_batch(
    measure: Any, category_counts: Any, seed: int, hands5: np.ndarray, hands7: np.ndarray,
    k: int, threads: int,
) -> None:
    hands = hands5 if k == 5 else hands7
    what = f"High, {k} cards, batch, {threads} thread" + ("s" if threads > 1 else "")
    values = measure(
        HIGH.evaluate_batch, hands, threads=threads, what=what, lib="pokerhands",
        hands=len(hands),
    )
    assert values.shape == (len(hands),)
    head = hands[:1000].tolist()
    assert values[:1000].tolist() == [HIGH.evaluate(h) for h in head]
    if seed == DEFAULT_SEED:
        counts, total = EXPECTED[k]
        assert category_counts(values) == counts
        assert int(values.sum(dtype=np.int64)) == total


def test_scalar(measure: Any, sample: np.ndarray, ours_on_sample: np.ndarray) -> None:
    lists = sample.tolist()
    evaluate = HIGH.evaluate

    def run() -> list[int]:
        return [evaluate(h) for h in lists]

    values = measure(run, what=scalar_row(sample), lib="pokerhands",
                     hands=len(lists))
    assert values == HIGH.evaluate_batch(sample).tolist()
    assert values == ours_on_sample.tolist()


# ---------------------------------------------------------------------------- peers


def test_eval7(
    measure: Any, sample: np.ndarray, ours_on_sample: np.ndarray, same_order: Any,
    category_counts: Any,
) -> None:
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(card_name(c)) for c in range(52)]
    hands = [[deck[c] for c in row] for row in sample.tolist()]
    evaluate = eval7.evaluate

    def run() -> list[int]:
        return [evaluate(h) for h in hands]

    values = measure(run, what=scalar_row(sample), lib="eval7", hands=len(hands))
    same_order(ours_on_sample, values, sample, lib="eval7", higher_is_better=True)
    theirs = np.bincount([EVAL7_CATEGORY[eval7.handtype(v)] for v in values], minlength=9)
    assert theirs.tolist() == category_counts(ours_on_sample)


def test_phevaluator(
    measure: Any, sample: np.ndarray, ours_on_sample: np.ndarray, same_order: Any
) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    # phevaluator's card id is 4*rank + suit with 2..A and c, d, h, s (its card.py), the
    # same layout as ours; map through its own parser anyway so a change there shows.
    ids = [phevaluator.Card(card_name(c)).id_ for c in range(52)]
    hands = [[ids[c] for c in row] for row in sample.tolist()]
    evaluate = phevaluator.evaluate_cards

    def run() -> list[int]:
        return [evaluate(*h) for h in hands]

    values = measure(run, what=scalar_row(sample), lib="phevaluator",
                     hands=len(hands))
    same_order(ours_on_sample, values, sample, lib="phevaluator", higher_is_better=False)
    # both rank the same 7,462 classes: its 1 (royal flush) is our 7462
    assert (N_CLASSES + 1 - np.asarray(values) == ours_on_sample).all()


def test_treys(
    measure: Any, sample: np.ndarray, ours_on_sample: np.ndarray, same_order: Any,
    category_counts: Any,
) -> None:
    treys = pytest.importorskip("treys")
    ints = [treys.Card.new(card_name(c)) for c in range(52)]
    # treys takes (hand, board): two hole cards and the rest
    pairs = [([ints[c] for c in row[:2]], [ints[c] for c in row[2:]])
             for row in sample.tolist()]
    ev = treys.Evaluator()
    evaluate = ev.evaluate

    def run() -> list[int]:
        return [evaluate(h, b) for h, b in pairs]

    values = measure(run, what=scalar_row(sample), lib="treys", hands=len(pairs))
    same_order(ours_on_sample, values, sample, lib="treys", higher_is_better=False)
    assert (N_CLASSES + 1 - np.asarray(values) == ours_on_sample).all()
    # treys' rank classes run 0 (royal flush), 1 (straight flush) .. 9 (high card)
    theirs = np.bincount([min(8, 9 - ev.get_rank_class(v)) for v in values], minlength=9)
    assert theirs.tolist() == category_counts(ours_on_sample)
