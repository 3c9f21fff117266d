"""The opening requirement of Italian poker (seed 001, "Apertura"; docs/rules/italian.md).

A player may make the first bet of the deal only holding "at least a dressed pair
(a pair of face cards or aces) or a better hand, or four fifths of a two-sided
straight flush": a pair of jacks or better (queens, then kings after deals nobody
opened or a paròl), any hand above one pair, or four suited cards in sequence that a
card at either end would make a straight flush.  In a short deck the ace also sits
below the lowest rank (A-7-8-9-T with 32 cards), so 7-8-9-T suited is two-sided and
J-Q-K-A is not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from evaluator import RANKS, Ranking

#: the openings by name, each the rank index of the smallest pair that opens
OPENINGS = {"jacks": RANKS.index("J"), "queens": RANKS.index("Q"), "kings": RANKS.index("K")}
_NAMES = {"jacks": "a pair of jacks", "queens": "a pair of queens", "kings": "a pair of kings"}


def requirement(opening: str) -> str:
    """What opening needs, in words."""
    return (f"opening needs {_NAMES[opening]} or better, or four to a two-sided "
            "straight flush")


def holds_opening(cards: Sequence[int], opening: str, ranking: Ranking,
                  lowest_rank: str) -> bool:
    """Whether five cards open at `opening` ("jacks", "queens" or "kings") in a deck
    whose lowest rank is `lowest_rank`, ranked by `ranking` (evaluator.italian)."""
    category = ranking.category(ranking.evaluate(list(cards)))
    if category not in ("High Card", "Pair"):
        return True                                      # two pair or better
    ranks = Counter(c >> 2 for c in cards)
    if category == "Pair" and max(r for r, n in ranks.items() if n == 2) >= OPENINGS[opening]:
        return True
    return _two_sided_four(cards, RANKS.index(lowest_rank))


def _two_sided_four(cards: Sequence[int], lowest: int) -> bool:
    """Four suited cards in sequence with a card of the deck at both ends."""
    # the deck's ranks in straight order: the ace below the lowest rank, then up to the ace
    order = [12, *range(lowest, 13)]
    for suit in range(4):
        held = {c >> 2 for c in cards if c & 3 == suit}
        if len(held) < 4:
            continue
        for start in range(1, len(order) - 4):            # a card below and one above
            if all(order[start + k] in held for k in range(4)):
                return True
    return False
