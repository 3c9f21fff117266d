"""Low hand types: 2-7 lowball, A-5 (razz) lows and 8-or-better lows.

Higher is better here too: the best low has the largest value.  The five-card
strengths live in _strengths.pyx; the tables are built on first use.

* ``DEUCE_TO_SEVEN``: exactly five cards, ace always high, straights and flushes count
  against you, A-2-3-4-5 is ace-high (not a straight).  7-5-4-3-2 offsuit is the best
  hand (value 7462), a royal flush the worst (value 1).
* ``ACE_TO_FIVE``: the best five of 5..7 cards, ace low, straights and flushes ignored,
  pairs count against; A-2-3-4-5 is the best (value 6175).
* ``EIGHT_OR_BETTER``: the best A-5 low of 5..7 cards that has five distinct ranks all
  8 or lower, values 1..56 (8-7-6-5-4 = 1, 5-4-3-2-A = 56); 0 when there is none.

The eight-or-better value scale is defined once, at the end of this module, and every
eight-or-better hand type uses it, so that their values compare directly (the low half
of Omaha Hi/Lo, ``OMAHA_EIGHT_OR_BETTER``, included).  A qualifying low is five distinct
ranks, all eight or lower, the ace counting low; there are C(8, 5) = 56 of them,
compared from the highest card down (8-6-4-3-2 beats 8-7-3-2-A):

    value 1  = 8-7-6-5-4, the worst qualifying low
    ...
    value 56 = 5-4-3-2-A, the wheel, the best low
    value 0  = no qualifying low

Low ranks are numbered 0..7 for A, 2, 3, 4, 5, 6, 7, 8 (the bits of keys.LOW_RANK_BIT);
a low's "mask" is the 8-bit set of its low ranks.  Comparing two five-rank lows highest
card first is the same as comparing their masks as integers (a smaller mask is the
better low), so the value of a mask is 56 minus its position among the 56 five-bit
masks in increasing order.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from evaluator import _strengths
from evaluator._handtype import HandType
from evaluator._high import HIGH, PLURALS, RANK_WORDS, describe_strength, unpack

INVERT = 1 << 24           # 2-7 strength = INVERT - HIGH-style strength
ACE_LOW_CHARS = "A23456789TJQK"
NO_LOW = "No low"

# ------------------------------------------------------------------ 2-7


DEUCE_TO_SEVEN_CATEGORIES = tuple(reversed(HIGH.categories))


def describe_deuce_to_seven(strength: int) -> tuple[int, str]:
    """(category index, words) of a 2-7 strength, e.g. "Seven-Five low (7-5-4-3-2)"."""
    high = INVERT - strength
    category, ranks = unpack(high)
    if category == 0:
        chars = "-".join("23456789TJQKA"[r] for r in ranks)
        text = f"{RANK_WORDS[ranks[0]]}-{RANK_WORDS[ranks[1]]} low ({chars})"
    else:
        text = describe_strength(high)[1]
    return len(HIGH.categories) - 1 - category, text


DEUCE_TO_SEVEN = HandType(
    "DEUCE_TO_SEVEN",
    _strengths.deuce_to_seven_tables,
    categories=DEUCE_TO_SEVEN_CATEGORIES,
    describer=describe_deuce_to_seven,
    sizes=(5,),
)
DEUCE_TO_SEVEN.__doc__ = """2-7 lowball of exactly five cards, values 1..7462 (royal flush = 1,
7-5-4-3-2 offsuit = 7462): ace high, straights and flushes count against you."""

# ------------------------------------------------------------------


ACE_TO_FIVE_CATEGORIES = (
    "Four of a Kind",
    "Full House",
    "Three of a Kind",
    "Two Pair",
    "Pair",
    "No Pair",
)


def _ace_low_fields(strength: int) -> list[int]:
    """The five ace-low ranks (0 = ace .. 12 = king) of an A-5 strength, in order."""
    return [12 - ((strength >> shift) & 0xF) for shift in (16, 12, 8, 4, 0)]


def _plural(ace_low: int) -> str:
    return PLURALS[12 if ace_low == 0 else ace_low - 1]


def _low_text(ranks: list[int]) -> str:
    return "-".join(ACE_LOW_CHARS[a] for a in ranks)


def describe_ace_to_five(strength: int) -> tuple[int, str]:
    """(category index, words) of an A-5 strength, e.g. "8-6-4-3-2 low"."""
    category = strength >> 20
    a = _ace_low_fields(strength)
    if category == 5:
        text = f"{_low_text(a)} low"
    elif category == 4:
        text = f"Pair of {_plural(a[0])}, {_low_text(a[2:])} low"
    elif category == 3:
        text = f"Two Pair, {_plural(a[0])} and {_plural(a[2])}, {ACE_LOW_CHARS[a[4]]} low"
    elif category == 2:
        text = f"Three of a Kind, {_plural(a[0])}, {_low_text(a[3:])} low"
    elif category == 1:
        text = f"Full House, {_plural(a[0])} full of {_plural(a[3])}"
    else:
        text = f"Four of a Kind, {_plural(a[0])}, {ACE_LOW_CHARS[a[4]]} kicker"
    return category, text


ACE_TO_FIVE = HandType(
    "ACE_TO_FIVE",
    _strengths.ace_to_five_tables,
    categories=ACE_TO_FIVE_CATEGORIES,
    describer=describe_ace_to_five,
)
ACE_TO_FIVE.__doc__ = """A-5 (razz) lows: the best five of 5..7 cards, values 1..6175
(K-K-K-K-Q = 1, 5-4-3-2-A = 6175); ace low, straights and flushes ignored."""

# ------------------------------------------------------------------ 8 or better


class QualifiedHandType(HandType):
    """A hand type where value 0 means "no qualifying hand" (describe/category accept 0)."""

    def __init__(self, *args: object, no_hand: str = NO_LOW, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.no_hand = no_hand

    def category(self, value: int) -> str:
        """Category of a value in words; value 0 is the no-hand text ("No low")."""
        if _is_zero(value):
            return self.no_hand
        return super().category(value)

    def describe(self, value: int) -> str:
        """A value in words, e.g. "8-6-4-3-2 low"; value 0 is "No low"."""
        if _is_zero(value):
            return self.no_hand
        return super().describe(value)


def _is_zero(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value == 0


EIGHT_OR_BETTER_CATEGORIES = ("Eight low", "Seven low", "Six low", "Five low")


def describe_eight_or_better(strength: int) -> tuple[int, str]:
    """(category index, words) of a qualifying low: by its top card, e.g. "8-6-4-3-2 low"."""
    a = _ace_low_fields(strength)
    return 7 - a[0], f"{_low_text(a)} low"


EIGHT_OR_BETTER = QualifiedHandType(
    "EIGHT_OR_BETTER",
    _strengths.eight_or_better_tables,
    categories=EIGHT_OR_BETTER_CATEGORIES,
    describer=describe_eight_or_better,
)
EIGHT_OR_BETTER.__doc__ = """8-or-better lows: the best A-5 low of 5..7 cards with five
distinct ranks all 8 or lower, values 1..56 (8-7-6-5-4 = 1, 5-4-3-2-A = 56), 0 = no low."""


# ------------------------------------------------------------------ the 8-or-better scale

#: Number of qualifying lows (values run 1..EIGHT_LOW_CLASSES).
EIGHT_LOW_CLASSES = 56

#: Names of the low ranks 0..7.
LOW_RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8")

#: The 56 qualifying-low masks, worst first: EIGHT_LOW_MASKS[v - 1] has value v.
EIGHT_LOW_MASKS: tuple[int, ...] = tuple(
    sorted((m for m in range(256) if bin(m).count("1") == 5), reverse=True)
)


def eight_low_value_by_mask() -> npt.NDArray[np.uint16]:
    """(256,) uint16: the value of every 8-bit low-rank mask (0 unless it has five bits)."""
    values = np.zeros(256, dtype=np.uint16)
    for position, mask in enumerate(EIGHT_LOW_MASKS):
        values[mask] = position + 1
    return values


def low_ranks_of_value(value: int) -> tuple[int, ...]:
    """The five low ranks (0..7, highest first) of a value 1..56."""
    mask = EIGHT_LOW_MASKS[value - 1]
    return tuple(r for r in range(7, -1, -1) if (mask >> r) & 1)
