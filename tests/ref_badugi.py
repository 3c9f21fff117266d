"""A plain, slow reference for badugi (tests only), written from the rules
(docs/rules/badugi.md) with no tables and no bit packing.

A hand's key compares like the hand (bigger is better): the number of cards that
count, then their ranks from the highest down, each negated (a lower card is better).
Cards are ints 4*rank + suit, rank 0..12 = 2..A; the ace plays low.
"""

from itertools import combinations


def low_rank(card):
    """The card's rank with the ace low: A = 1, 2 = 2, ..., K = 13."""
    rank = card // 4 + 2
    return 1 if rank == 14 else rank


def counts(cards):
    """Whether these cards may all count together: no suit and no rank twice."""
    suits = [c % 4 for c in cards]
    ranks = [low_rank(c) for c in cards]
    return len(set(suits)) == len(suits) and len(set(ranks)) == len(ranks)


def key(hand):
    """The key of a four-card hand: of every set of its cards that may count, the
    largest, and of those the lowest (compared from the highest card down)."""
    assert len(hand) == 4 and len(set(hand)) == 4
    best = None
    for size in (1, 2, 3, 4):
        for cards in combinations(hand, size):
            if not counts(cards):
                continue
            ranks = sorted((low_rank(c) for c in cards), reverse=True)
            candidate = (size, tuple(-r for r in ranks))
            if best is None or candidate > best:
                best = candidate
    return best
