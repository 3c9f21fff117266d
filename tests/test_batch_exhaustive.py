"""Every hand through the public batch path (HandType.evaluate_batch: the fused check,
the four-row loop, the flush read from the bits, the padded tables) agrees with the
plain enumeration of the same tables, whose counts test_high.py and the hand types'
own tests hold against the published ones."""

import numpy as np
import pytest

import evaluator
from evaluator import _kernel
from tests.util import combination_chunks

DECKS = {"52": np.arange(52, dtype=np.uint8), "36": np.arange(16, 52, dtype=np.uint8)}


@pytest.mark.parametrize(("name", "deck", "k"), [
    ("HIGH", "52", 5),
    ("HIGH", "52", 6),
    ("HIGH", "52", 7),             # 133,784,560 hands, the suited loop
    ("ACE_TO_FIVE", "52", 7),      # the loop of hand types without a flush table
    ("DEUCE_TO_SEVEN", "52", 5),
    ("SHORT_DECK", "36", 7),       # 6..A: the allowed-card mask
])
def test_every_hand_through_the_batch_path(name, deck, k):
    hand_type = getattr(evaluator, name)
    deck = DECKS[deck]
    histogram = np.zeros(hand_type.n_classes + 1, dtype=np.int64)
    for chunk in combination_chunks(deck, k):
        histogram += np.bincount(hand_type.evaluate_batch(chunk, threads=1),
                                 minlength=len(histogram))
    assert np.array_equal(histogram, _kernel.rank_histogram(hand_type.tables, deck, k))
