"""Chips at the boundary: the one check of chip amounts and seats, for every entry point
that takes them (single and batch showdowns, the engine).

Chips are whole numbers: Python ints (any size) or numpy integers, never bools or
floats.  Arrays of chips become int64, so their sums must fit: a deal whose
contributions add up past 2**63 - 1 is refused, naming it, before any kernel adds
them.  A wrong type is a TypeError, a wrong value a ValueError, each naming the
argument, the deal and the seat.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from evaluator.checks import integer_array

#: the largest total of chips an int64 pot can hold
MAX_POT = (1 << 63) - 1


def _is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def amount(value: object, name: str, *, low: int = 0, high: int | None = None) -> int:
    """One chip amount: an int (numpy integers too; not a bool) in low..high, as a
    Python int."""
    if not _is_int(value):
        raise TypeError(f"{name} must be an int of chips, got {type(value).__name__}")
    number: int = int(value)  # type: ignore[call-overload]
    if number < low:
        if low == 0:
            raise ValueError(f"{name}: negative amount {number}")
        wanted = "positive" if low == 1 else f"at least {low}"
        raise ValueError(f"{name} must be {wanted}, got {number}")
    if high is not None and number > high:
        raise ValueError(f"{name} must be at most {high:,} chips, got {number:,}")
    return number


def amounts(values: object, seats: int, name: str = "contributions") -> tuple[int, ...]:
    """One chip amount (an int >= 0) per seat, as Python ints."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be a sequence of ints, one per seat, got "
                        f"{type(values).__name__}")
    items = list(values)
    if len(items) != seats:
        raise ValueError(f"{name} has {len(items)} entries for {seats} seats")
    return tuple(amount(c, f"{name}[{s}]") for s, c in enumerate(items))


def amount_array(values: object, shape: tuple[int, int],
                 name: str = "contributions") -> npt.NDArray[np.int64]:
    """An (N, seats) array of chip amounts >= 0 as aligned C-contiguous int64 (as a
    kernel reads it) whose every row (a deal) sums to at most MAX_POT.

    >>> amount_array([[2**62, 2**62]], (1, 2))
    Traceback (most recent call last):
    ValueError: deal 0: contributions add up to more chips than int64 holds (...)
    """
    arr = integer_array(values, name)
    if arr.shape != shape:
        raise ValueError(f"{name} must have shape {shape}, got {arr.shape}")
    if arr.size == 0:
        return np.zeros(shape, dtype=np.int64)
    if arr.min() < 0:
        d, s = (int(x) for x in np.argwhere(arr < 0)[0])
        raise ValueError(f"{name}[{d}, {s}]: negative amount {int(arr[d, s])}")
    if arr.max() > MAX_POT:
        d, s = (int(x) for x in np.argwhere(arr > MAX_POT)[0])
        raise ValueError(f"{name}[{d}, {s}]: {int(arr[d, s])} chips do not fit in int64")
    c = np.require(arr, np.int64, ("C", "A"))      # a view at an odd offset is copied
    # a row can only overflow where its largest entry exceeds MAX_POT / seats: add
    # those rows exactly, in Python ints
    risky = np.flatnonzero(c.max(axis=1) > MAX_POT // max(1, shape[1]))
    for d in risky.tolist():
        if sum(int(x) for x in c[d]) > MAX_POT:
            raise ValueError(f"deal {d}: {name} add up to more chips than int64 holds "
                             f"({MAX_POT:,})")
    return c


def seat(value: object, seats: int, name: str = "button") -> int:
    """A seat number 0..seats-1."""
    if not _is_int(value):
        raise TypeError(f"{name} must be a seat number (an int), got {type(value).__name__}")
    number: int = int(value)  # type: ignore[call-overload]
    if not 0 <= number < seats:
        raise ValueError(f"{name} {number} is not a seat of 0..{seats - 1}")
    return number
