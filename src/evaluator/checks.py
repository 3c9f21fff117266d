"""Input checks at the boundary, one per kind of input, shared by every public entry
point of the evaluator and of the packages built on it.

Python validates, Cython computes: a public function runs these once, before any
kernel, and a kernel never sees bad data.  The convention is numpy's and Python's: a
wrong type raises TypeError, a wrong value ValueError, each naming the argument (and
the row, the column and the card where there are any).

Kinds of input: one card (:func:`evaluator._cards.check_card`, used by parse_cards),
arrays of cards (:func:`card_array`, :func:`card_rows`), a caller's output array
(:func:`output_array`), a hand value (:func:`hand_value`), counts (:func:`count`) and
seeds (:func:`seed`).  Thread counts are checked by :func:`evaluator.threads.thread_count`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import _kernel
from evaluator._cards import card_name, check_card, deck_mask
from evaluator.threads import run_split

__all__ = [
    "FULL_DECK_MASK",
    "MAX_SEED",
    "as_array",
    "bad_cell_error",
    "card_array",
    "card_row_shape",
    "card_rows",
    "check_card",
    "count",
    "deck_bits",
    "deck_mask",
    "describe_card",
    "first_bad_cell",
    "hand_value",
    "integer_array",
    "output_array",
    "seed",
]

FULL_DECK_MASK = (1 << 52) - 1
#: seeds are unsigned 64-bit integers
MAX_SEED = (1 << 64) - 1


def deck_bits(allowed: object, name: str = "allowed") -> int:
    """A deck as a bit mask of its cards (bit c for card c): an int 0..2**52 - 1."""
    return count(allowed, name, 0, FULL_DECK_MASK)


def describe_card(value: int, deck_name: str) -> str:
    """Why a card value is refused: outside 0..51, or not in the named deck."""
    if 0 <= value <= 51:
        return f"card {card_name(value)} (value {value}) is not in the {deck_name}"
    return f"card value {value} is outside 0..51"


def as_array(values: object, name: str) -> npt.NDArray[Any]:
    """`values` as a numpy array, or the reason numpy cannot make one: TypeError for
    what is no array at all (a mix of text and bytes, objects numpy cannot read),
    ValueError for ragged nested sequences."""
    try:
        return np.asarray(values)
    except ValueError:
        raise ValueError(f"{name} must be a rectangular array: its rows have different "
                         "lengths") from None
    except (TypeError, UnicodeError, OverflowError, RecursionError):
        raise TypeError(f"{name} must be an array, got {type(values).__name__} that numpy "
                        "cannot read as one") from None


def integer_array(values: object, name: str) -> npt.NDArray[np.integer]:
    """`values` as a numpy array of a signed or unsigned integer dtype.

    TypeError for any other dtype: floats, bools, strings, bytes, complex numbers,
    datetimes and timedeltas (numpy counts timedelta64 as an integer type; it is not
    a card or a chip count).  Python ints too large for int64 arrive as an object
    array: they are refused as values (ValueError naming the first one), other objects
    as types; object arrays of ints that fit become int64."""
    arr = as_array(values, name)
    if arr.dtype.kind in "iu":
        return arr
    if arr.dtype == object:
        flat = arr.ravel().tolist()
        if all(isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))
               for v in flat):
            for index, v in enumerate(flat):
                if not -(1 << 63) <= v < (1 << 63):
                    where = [int(i) for i in np.unravel_index(index, arr.shape)]
                    raise ValueError(f"{name}{where}: {v} is too large")
            return arr.astype(np.int64)
    raise TypeError(f"{name} must be an integer array, got dtype {arr.dtype}")


def card_array(
    cards: object, name: str, shape_ok: Callable[[npt.NDArray[np.integer]], bool], shape: str
) -> npt.NDArray[np.uint8]:
    """An integer array of card values 0..51 as C-contiguous uint8: the one range
    check of card arrays.  `shape_ok` tells whether the array has the shape the caller
    wants (checked after the dtype, so a wrong type is reported first) and `shape`
    describes it for the message.  A uint8 array is passed through as it is: its
    values 52..255 are found by :func:`first_bad_cell` in the same pass as repeated
    cards, which every caller runs next."""
    arr = integer_array(cards, name)
    if not shape_ok(arr):
        raise ValueError(f"{name} must have shape {shape}, got {arr.shape}")
    if arr.dtype != np.uint8 and arr.size:
        low, high = arr.min(), arr.max()
        if low < 0 or high > 51:
            bad = int(low) if low < 0 else int(high)
            where = ", ".join(str(int(x)) for x in np.argwhere(arr == bad)[0])
            raise ValueError(f"{name}[{where}]: card value {bad} is outside 0..51")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def _widths_text(widths: Sequence[int]) -> str:
    return ", ".join(str(w) for w in widths[:-1]) + " or " * (len(widths) > 1) + str(widths[-1])


def card_rows(
    cards: object,
    widths: Sequence[int],
    allowed: int = FULL_DECK_MASK,
    *,
    name: str = "cards",
    deck_name: str = "52-card deck",
    threads: int | None = 1,
) -> npt.NDArray[np.uint8]:
    """Check an (N, k) array of card rows, k in `widths`, and return it as C-contiguous
    uint8.

    TypeError for a non-integer dtype; ValueError for a wrong shape, a value outside
    the deck (`allowed`, a bit mask of its cards) or a card repeated within a row,
    naming the row, the column and the card.  The card check runs without the GIL,
    split over `threads` like the kernels.
    """
    shape_ok, shape = card_row_shape(widths)
    arr = card_array(cards, name, shape_ok, shape)
    cell = first_bad_cell(arr, allowed, threads)
    if cell is not None:
        raise bad_cell_error(arr, cell, name, deck_name)
    return arr


def card_row_shape(widths: Sequence[int]) -> tuple[Callable[[npt.NDArray[np.integer]], bool],
                                                    str]:
    """The shape test and its description for (N, k) card rows, k in `widths`."""
    if isinstance(widths, (str, bytes)) or not isinstance(widths, Sequence) or not widths:
        raise TypeError("widths must be a non-empty sequence of row widths")
    allowed = tuple(count(w, "a row width", 1, 64) for w in widths)
    return (lambda a: a.ndim == 2 and a.shape[1] in allowed), f"(N, {_widths_text(allowed)})"


def bad_cell_error(rows: npt.NDArray[np.uint8], cell: tuple[int, int, str], name: str,
                   deck_name: str) -> ValueError:
    """The error naming a bad cell (row, column, reason) of card rows, as
    :func:`first_bad_cell` finds it."""
    row, col, reason = cell
    value = int(rows[row, col])
    if reason == "duplicate":
        return ValueError(f"{name}[{row}]: duplicate card {card_name(value)}")
    return ValueError(f"{name}[{row}, {col}]: {describe_card(value, deck_name)}")


def first_bad_cell(
    rows: npt.NDArray[np.uint8], allowed: int = FULL_DECK_MASK, threads: int | None = 1,
    more: npt.NDArray[np.uint8] | None = None,
) -> tuple[int, int, str] | None:
    """The first cell of C-contiguous (N, k) uint8 card rows that is bad, as (row,
    column, reason), or None: reason "card" for a card outside `allowed` (a bit mask of
    the deck), "duplicate" for the second of two equal cards in a row.  With `more`,
    an (N, m) array whose rows continue those of `rows` (a board after a hand), both
    are checked together in one pass, columns counting across both.  For callers that
    name the cell in their own words; the check runs without the GIL, split over
    `threads`."""
    for what, arr in (("rows", rows), ("more", more)):
        if arr is None and what == "more":
            continue
        if not isinstance(arr, np.ndarray) or arr.dtype != np.uint8:
            raise TypeError(f"{what} must be a uint8 numpy array (see card_array), got "
                            f"{getattr(arr, 'dtype', type(arr).__name__)}")
        if arr.ndim != 2 or not arr.flags.c_contiguous:
            raise ValueError(f"{what} must be a C-contiguous 2-d array, got shape {arr.shape}")
    if more is not None and more.shape[0] != rows.shape[0]:
        raise ValueError(f"rows has {rows.shape[0]} rows but more has {more.shape[0]}")
    allowed = deck_bits(allowed)
    found: list[tuple[int, int, str]] = []
    extra = np.empty((rows.shape[0], 0), np.uint8) if more is None else more

    def check(start: int, stop: int) -> None:
        cell = _kernel.check_rows(rows[start:stop], extra[start:stop], allowed)
        if cell is not None:
            found.append((cell[0] + start, cell[1], cell[2]))

    run_split(rows.shape[0], threads, check)
    return min(found) if found else None


def output_array(out: object, n: int) -> npt.NDArray[np.int32]:
    """`out` if it is a writeable, aligned, C-contiguous (n,) int32 array, a new one
    if None; checked before any kernel writes (an unaligned one, a view at an odd
    offset of a buffer, would have the kernel write int32s where C does not allow)."""
    if out is None:
        return np.empty(n, dtype=np.int32)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy int32 array or None, got {type(out).__name__}")
    if out.dtype != np.int32:
        raise TypeError(f"out must have dtype int32, got {out.dtype}")
    if out.shape != (n,) or not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"out must be a writeable contiguous int32 array of shape ({n},)")
    if not out.flags.aligned:
        raise ValueError("out must be aligned to 4 bytes (a view of a buffer at an offset "
                         "that is not a multiple of 4 is not)")
    return out


def hand_value(value: object, name: str = "value") -> int:
    """A hand value as a Python int; TypeError unless it is an int (bools are not)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int hand value, got {type(value).__name__}")
    return int(value)


def count(value: object, name: str, low: int = 1, high: int | None = None) -> int:
    """A whole number in low..high (numpy integers too; bools are not counts)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    number = int(value)
    if number < low or (high is not None and number > high):
        wanted = f"{low}..{high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {wanted}, got {number}")
    return number


def seed(value: object, name: str = "seed") -> int:
    """A seed as an unsigned 64-bit int, from what numpy users pass as one: an int 0 ..
    2**64 - 1 (numpy integers too), a ``np.random.SeedSequence`` (its first 64-bit
    word), a ``np.random.Generator`` (one draw from it, so a generator seeds a
    different run each call, as numpy's own functions do) or None (fresh entropy).

    >>> seed(7), seed(np.uint64(7))
    (7, 7)
    >>> seed(np.random.SeedSequence(1)) == seed(np.random.SeedSequence(1))
    True
    >>> seed(2**64)
    Traceback (most recent call last):
    ValueError: seed must be 0..2**64-1, got 18446744073709551616
    """
    if value is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(value, np.random.Generator):
        return int(value.integers(0, MAX_SEED, endpoint=True, dtype=np.uint64))
    if isinstance(value, np.random.SeedSequence):
        return int(value.generate_state(1, np.uint64)[0])
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, a numpy SeedSequence or Generator, or "
                        f"None; got {type(value).__name__}")
    number = int(value)
    if not 0 <= number <= MAX_SEED:
        raise ValueError(f"{name} must be 0..2**64-1, got {number}")
    return number

