"""A slow, plainly written high-hand evaluator to check the fast core against.

It shares nothing with the package but the card encoding (4*rank + suit): it sorts
ranks, counts them and compares tuples, the way a person would rank a hand.
"""

from collections import Counter
from functools import lru_cache
from itertools import combinations

CATEGORY_NAMES = (
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
    "Full House", "Four of a Kind", "Straight Flush",
)


def five_card_key(cards):
    """A tuple that orders five-card hands: (category, tie-breaking ranks...)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    flush = len(suits) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:  # A-2-3-4-5, the wheel
            straight_top = 3
    # ranks grouped by (count, rank), the most copies first, then the higher rank
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [count for _, count in groups]
    by_group = tuple(rank for rank, _ in groups)
    if straight_top is not None and flush:
        return (8, straight_top)
    if shape == [4, 1]:
        return (7, *by_group)
    if shape == [3, 2]:
        return (6, *by_group)
    if flush:
        return (5, *ranks)
    if straight_top is not None:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *by_group)
    if shape == [2, 2, 1]:
        return (2, *by_group)
    if shape == [2, 1, 1, 1]:
        return (1, *by_group)
    return (0, *ranks)


def best_key(cards):
    """Key of the best five of 5..7 cards."""
    return max(five_card_key(five) for five in combinations(cards, 5))


@lru_cache(maxsize=1)
def all_classes():
    """Every distinct five-card key, weakest first (7,462 of them)."""
    keys = set()
    for ranks in combinations(range(13), 5):
        keys.add(five_card_key([4 * r for r in ranks]))          # suited
        keys.add(five_card_key([4 * r + (i == 0) for i, r in enumerate(ranks)]))  # offsuit
    # paired hands: every rank multiset with a repeated rank, suits spread out
    for combo in _paired_multisets():
        keys.add(five_card_key(combo))
    return sorted(keys)


def _paired_multisets():
    from itertools import combinations_with_replacement

    for ranks in combinations_with_replacement(range(13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4 or len(counts) == 5:
            continue
        cards, used = [], Counter()
        for r in ranks:
            cards.append(4 * r + used[r])
            used[r] += 1
        yield cards


@lru_cache(maxsize=1)
def _value_of_key():
    return {key: i + 1 for i, key in enumerate(all_classes())}


def reference_value(cards):
    """The value the core must give: position of the best five among all 7,462 classes."""
    return _value_of_key()[best_key(list(cards))]


def reference_category(cards):
    return CATEGORY_NAMES[best_key(list(cards))[0]]
