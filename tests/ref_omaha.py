"""Slow, plainly written Omaha references: try every 2-hole x 3-board combination.

The high reference ranks each five-card combination with HIGH (itself checked
exhaustively elsewhere); the low reference has its own five-card eight-or-better
evaluator written from the rule text, and builds its value scale independently of
evaluator._low_scale (the tests compare the two).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from evaluator import HIGH


def omaha_combinations(hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
    """Every hand of exactly two hole cards and exactly three board cards."""
    return [
        list(two) + list(three)
        for two in combinations([int(c) for c in hole], 2)
        for three in combinations([int(c) for c in board], 3)
    ]


def ref_omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best HIGH value over the 2 + 3 combinations."""
    return max(HIGH.evaluate(five) for five in omaha_combinations(hole, board))


# ---------------------------------------------------------------- the eight-or-better low


def low_rank_value(card: int) -> int:
    """Rank of a card for ace-to-five lows: ace = 1, two = 2, ..., king = 13."""
    rank = card // 4 + 2  # 2..14
    return 1 if rank == 14 else rank


def all_eight_lows_worst_first() -> list[tuple[int, ...]]:
    """The 56 qualifying lows as rank tuples, highest card first, worst low first.

    A low is worse than another when, comparing the highest cards first, it has the
    first higher card; so sorting the tuples in decreasing order puts the worst first.
    """
    lows = [tuple(sorted(five, reverse=True)) for five in combinations(range(1, 9), 5)]
    return sorted(lows, reverse=True)


_LOW_VALUE = {low: value for value, low in enumerate(all_eight_lows_worst_first(), start=1)}


def ref_low5(five: Sequence[int]) -> int:
    """Eight-or-better value of exactly five cards: 0 unless five distinct ranks, all
    eight or lower (ace low); straights and flushes do not matter."""
    ranks = [low_rank_value(c) for c in five]
    if len(set(ranks)) != 5 or max(ranks) > 8:
        return 0
    return _LOW_VALUE[tuple(sorted(ranks, reverse=True))]


def ref_omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best eight-or-better low over the 2 + 3 combinations (0 = none qualifies)."""
    return max(ref_low5(five) for five in omaha_combinations(hole, board))
