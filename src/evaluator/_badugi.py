"""Badugi: four cards, of which only those with no suit and no rank twice count.

A badugi hand is the largest set of its four cards with four different suits and
four different ranks at most; aces are low.  A four-card set (a *badugi*) beats any
three-card hand, a three-card hand any two-card hand, and so on; between hands of the
same size the lower highest card wins, then the next, so 4-3-2-A is the best hand and
K-K-K-K (one card, a king) the worst.  Of several sets of the same size a hand keeps
the lowest.  This is the ranking of PHH's ``FB`` and of its reference engine.

There are 1,092 distinct hands (13 one-card, 78 two-card, 286 three-card hands and 715
badugis), values 1..1092, higher better: K-K-K-K is 1, 4-3-2-A is 1092.  The table is
the value of every four-card hand by its colex slot (evaluator/tables.pxd), built on
first use; one hand costs one load.

>>> from evaluator import BADUGI
>>> BADUGI.describe(BADUGI.evaluate("4s 3h 2d Ac"))
'Badugi, 4-3-2-A'
>>> BADUGI.describe(BADUGI.evaluate("Kc 2c 3d 4h"))    # the king and the deuce share clubs
'Three cards, 4-3-2'
>>> BADUGI.evaluate("8h 7c 5d 3s") > BADUGI.evaluate("2c 3c 4c 5c")
True
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from evaluator import _kernel, tables
from evaluator._cards import CardsLike
from evaluator._handtype import HandType

ACE_LOW = "A23456789TJQK"
#: category names, worst first, by the number of cards that count
CATEGORIES = ("One card", "Two cards", "Three cards", "Badugi")


def describe_badugi(strength: int) -> tuple[int, str]:
    """(category index, words) of a badugi strength (tables.pyx: size << 13 | 8191 -
    its ace-low rank mask), e.g. "Badugi, 8-6-3-A" or "Three cards, 7-5-2"."""
    size = strength >> 13
    mask = 8191 - (strength & 8191)
    ranks = [r for r in range(12, -1, -1) if (mask >> r) & 1]
    return size - 1, f"{CATEGORIES[size - 1]}, {'-'.join(ACE_LOW[r] for r in ranks)}"


def _badugi_cards(hand: list[int]) -> list[int]:
    """The cards of a four-card hand that make its value (the first such set in card
    order among the largest, lowest ones)."""
    def rank(c: int) -> int:
        return (c // 4 + 1) % 13

    best: tuple[int, int] = (0, 0)
    found: tuple[int, ...] = ()
    for size in range(4, 0, -1):
        for subset in combinations(hand, size):
            if len({c % 4 for c in subset}) == size and len({rank(c) for c in subset}) == size:
                mask = sum(1 << rank(c) for c in subset)
                key = (size, -mask)
                if not found or key > best:
                    best, found = key, subset
        if found:
            break
    return list(found)


class BadugiType(HandType):
    """The badugi ranking (see the module): four cards in, one value out; the same face
    as every hand type (`evaluate`, `evaluate_batch`, `describe`, `category`,
    `winners`), and `best_cards`, the cards that count."""

    _one = staticmethod(_kernel.badugi_one)
    _rows = staticmethod(_kernel.badugi_rows)

    def __init__(self) -> None:
        super().__init__("BADUGI", tables.badugi_tables, categories=CATEGORIES,
                         describer=describe_badugi, sizes=(4,))

    def __repr__(self) -> str:
        return "<HandType BADUGI: 4 cards>"

    def best_five(self, cards: CardsLike) -> npt.NDArray[np.uint8]:
        """Badugi hands have four cards: see `best_cards`."""
        raise ValueError("a badugi hand is four cards; best_cards gives the ones that count")

    def best_cards(self, cards: CardsLike) -> npt.NDArray[np.uint8]:
        """The cards of a four-card hand that count (one to four: no suit and no rank
        twice, the lowest such set of the largest size).

        >>> from evaluator import BADUGI, format_cards
        >>> format_cards(BADUGI.best_cards("Kc 2c 3d 4h"))
        '2c 3d 4h'
        """
        hand = self._cards(cards).tolist()
        self.evaluate(hand)                     # the checks: four distinct cards
        return np.array(sorted(_badugi_cards(hand), key=lambda c: ((c // 4 + 1) % 13, c)),
                        dtype=np.uint8)


BADUGI = BadugiType()
BADUGI.__doc__ = """Badugi: the best set of four cards with no suit and no rank twice, ace
low; values 1..1092 (K-K-K-K = 1, 4-3-2-A = 1092)."""
