"""THE value scale of eight-or-better lows (A-5 lowball with an eight qualifier).

This module is the one place that defines it; every 8-or-better hand type must use it
so that their values compare directly.

A qualifying low is five distinct ranks, all eight or lower, the ace counting low;
straights and flushes do not count against it.  There are C(8, 5) = 56 of them.
They are compared from the highest card down (8-6-4-3-2 beats 8-7-3-2-A), and

    value 1  = 8-7-6-5-4, the worst qualifying low
    ...
    value 56 = 5-4-3-2-A, the wheel, the best low
    value 0  = no qualifying low

so, as everywhere in pokerhands, a higher value is a better hand.

Low ranks are numbered 0..7 for A, 2, 3, 4, 5, 6, 7, 8; a low's "mask" is the 8-bit set of
its low ranks.  Comparing two five-rank lows highest card first is the same as comparing
their masks as integers (a smaller mask is the better low), so the value of a mask is
56 minus its position among the 56 five-bit masks in increasing order.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

#: Number of qualifying lows (values run 1..EIGHT_LOW_CLASSES).
EIGHT_LOW_CLASSES = 56

#: Names of the low ranks 0..7.
LOW_RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8")

#: The 56 qualifying-low masks, worst first: EIGHT_LOW_MASKS[v - 1] has value v.
EIGHT_LOW_MASKS: tuple[int, ...] = tuple(
    sorted((m for m in range(256) if bin(m).count("1") == 5), reverse=True)
)


def low_rank(card: int) -> int:
    """Low rank 0..7 (A, 2..8) of a card 4*rank + suit, or -1 for a nine or higher."""
    rank = card >> 2  # 0..12 = 2..A
    if rank == 12:
        return 0
    return rank + 1 if rank <= 6 else -1


def eight_low_value_by_mask() -> npt.NDArray[np.uint8]:
    """(256,) uint8: the value of every 8-bit low-rank mask (0 unless it has five bits)."""
    values = np.zeros(256, dtype=np.uint8)
    for position, mask in enumerate(EIGHT_LOW_MASKS):
        values[mask] = position + 1
    return values


def low_card_bits() -> npt.NDArray[np.uint8]:
    """(52,) uint8: bit of each card's low rank (0 for nines and higher)."""
    bits = np.zeros(52, dtype=np.uint8)
    for card in range(52):
        r = low_rank(card)
        if r >= 0:
            bits[card] = 1 << r
    return bits


def low_ranks_of_value(value: int) -> tuple[int, ...]:
    """The five low ranks (0..7, highest first) of a value 1..56."""
    mask = EIGHT_LOW_MASKS[value - 1]
    return tuple(r for r in range(7, -1, -1) if (mask >> r) & 1)
