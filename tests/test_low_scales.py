"""The 8-or-better low has one scale whether it comes from five to seven cards
(EIGHT_OR_BETTER) or from exactly two hole and three board cards (OMAHA_EIGHT_OR_BETTER)."""

import numpy as np

from evaluator import EIGHT_OR_BETTER, OMAHA_EIGHT_OR_BETTER

LOW_CARDS = np.array([c for c in range(52) if c // 4 <= 6 or c // 4 == 12], dtype=np.uint8)
KINGS = [44, 45, 46, 47]


def test_same_scale_for_the_same_five_cards(rng):
    assert EIGHT_OR_BETTER.n_classes == OMAHA_EIGHT_OR_BETTER.n_classes == 56
    for _ in range(3_000):
        five = rng.choice(LOW_CARDS, 5, replace=False).tolist()
        kings = rng.choice(KINGS, 2, replace=False).tolist()
        # the kings cannot play in a low, so Omaha must use exactly these five cards
        omaha = OMAHA_EIGHT_OR_BETTER.evaluate(five[:2] + kings, five[2:])
        assert omaha == EIGHT_OR_BETTER.evaluate(five), five


def test_best_and_worst_lows_agree():
    best = OMAHA_EIGHT_OR_BETTER.evaluate("As 2d Kh Kc", "3c 4d 5h")
    worst = OMAHA_EIGHT_OR_BETTER.evaluate("8s 7d Kh Kc", "6c 5d 4h")
    assert best == EIGHT_OR_BETTER.evaluate("As 2d 3c 4d 5h") == 56
    assert worst == EIGHT_OR_BETTER.evaluate("8s 7d 6c 5d 4h") == 1
    assert OMAHA_EIGHT_OR_BETTER.evaluate("9s 7d Kh Kc", "6c 5d 4h") == 0
