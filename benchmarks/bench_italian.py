"""Italian traditional poker: the batch path in hands per second.

No other library ranks Italian hands (flush over full house, suit order, the
straight-flush cycle), so there is no peer to run beside it.  Each run evaluates the
same 1,000,000 five-card hands of the 32-card deck (fixed seed, built before timing)
and checks the answers against counts recorded once and confirmed then by the plain
reference in tests/ref_italian.py on a sample.

    python -m pytest benchmarks/bench_italian.py -q --benchmark-only
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from evaluator import italian

FAMILY = "Italian poker"
N = 1_000_000
SEED = 20261122
#: Hands per category over the 1,000,000 rows (High Card .. Straight Flush, Italian
#: order: flush above full house), and the sum of the suitless classes.
EXPECTED_CATEGORIES = [258_825, 533_410, 120_420, 53_248, 25_244, 6_659, 990, 1_092, 112]
EXPECTED_CLASS_SUM = 213_189_334


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    """(N, 5) uint8 rows of distinct cards of the 32-card deck (7..A)."""
    rng = np.random.default_rng(SEED)
    keys = rng.random((N, 32))
    return (np.argsort(keys, axis=1)[:, :5] + 20).astype(np.uint8)


def check(hand_type: Any, values: np.ndarray) -> None:
    shift = 10 if hand_type.suits else 0
    classes = values.astype(np.int64) >> shift
    strengths = hand_type.tables.classes[classes - 1]
    assert np.bincount(strengths >> 20, minlength=9).tolist() == EXPECTED_CATEGORIES
    assert int(classes.sum()) == EXPECTED_CLASS_SUM


@pytest.mark.parametrize("threads", [1, 2], ids=["1 thread", "2 threads"])
@pytest.mark.parametrize("suits", [True, False], ids=["suits", "no suits"])
def test_batch(measure: Any, hands: np.ndarray, suits: bool, threads: int) -> None:
    it = italian(4, suits=suits)
    it.evaluate_batch(hands[:10])          # tables built outside the timing
    out = np.empty(N, dtype=np.int32)
    ties = "suits break ties" if suits else "ranks only"
    plural = "s" if threads > 1 else ""
    values = measure(
        it.evaluate_batch, hands, threads=threads, out=out,
        what=f"Italian, 5 cards of 32, {ties}, batch, {threads} thread{plural}",
        lib="pokerhands", hands=N,
    )
    check(it, values)
