"""Input checks shared by every public entry point: run once, before any kernel."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from evaluator import _kernels
from evaluator._cards import card_name

FULL_DECK_MASK = (1 << 52) - 1


def deck_mask(cards: Sequence[int] | npt.NDArray[np.uint8]) -> int:
    """Bit mask of a deck's cards, as the kernels take it."""
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return mask


def describe_card(value: int, deck_name: str) -> str:
    if 0 <= value <= 51:
        return f"card {card_name(value)} (value {value}) is not in the {deck_name}"
    return f"card value {value} is outside 0..51"


def int_rows(cards: object, widths: Sequence[int], name: str) -> npt.NDArray[np.uint8]:
    """An (N, k) integer array of card values 0..51, k in `widths`, as C-contiguous
    uint8; ValueError naming the dtype, the shape or the first value out of range."""
    arr = np.asarray(cards)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"{name} must be an integer array, got dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] not in widths:
        want = ", ".join(str(w) for w in widths[:-1]) + " or " * (len(widths) > 1) + str(widths[-1])
        raise ValueError(f"{name} must have shape (N, {want}), got {arr.shape}")
    if arr.dtype != np.uint8 and arr.size:
        low, high = arr.min(), arr.max()
        if low < 0 or high > 51:
            bad = int(low) if low < 0 else int(high)
            row, col = (int(x) for x in np.argwhere(arr == bad)[0])
            raise ValueError(f"{name}[{row}, {col}]: card value {bad} is outside 0..51")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def card_rows(
    cards: object,
    widths: Sequence[int],
    allowed: int = FULL_DECK_MASK,
    *,
    name: str = "cards",
    deck_name: str = "52-card deck",
    threads: int | None = 1,
) -> npt.NDArray[np.uint8]:
    """Check an (N, k) array of card rows and return it as C-contiguous uint8.

    Raises ValueError for a non-integer dtype, a wrong shape, a value outside the deck
    or a card repeated within a row, naming the row, the column and the card.  The
    card check runs without the GIL, split over `threads` like the kernels.
    """
    arr = int_rows(cards, widths, name)
    found: list[tuple[int, int, str]] = []

    def check(start: int, stop: int) -> None:
        cell = _kernels.check_rows(arr[start:stop], allowed)
        if cell is not None:
            found.append((cell[0] + start, cell[1], cell[2]))

    run_split(arr.shape[0], threads, check)
    if found:
        bad_cell = min(found)
        row, col, reason = bad_cell
        value = int(arr[row, col])
        if reason == "duplicate":
            raise ValueError(f"{name}[{row}]: duplicate card {card_name(value)}")
        raise ValueError(f"{name}[{row}, {col}]: {describe_card(value, deck_name)}")
    return arr


def output_array(out: object, n: int) -> npt.NDArray[np.int32]:
    """`out` if it is a writeable C-contiguous (n,) int32 array, a new one if None;
    ValueError otherwise (checked before any kernel writes)."""
    if out is None:
        return np.empty(n, dtype=np.int32)
    if (not isinstance(out, np.ndarray) or out.shape != (n,) or out.dtype != np.int32
            or not out.flags.c_contiguous or not out.flags.writeable):
        raise ValueError(f"out must be a writeable contiguous int32 array of shape ({n},)")
    return out


def thread_count(threads: int | None) -> int:
    """threads=None means one per core; otherwise a positive int."""
    if threads is None:
        return os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive int or None, got {threads!r}")
    return threads


MIN_ROWS_PER_THREAD = 65536


def run_split(n: int, threads: int | None, work: Callable[[int, int], None]) -> None:
    """Run work(start, stop) over row ranges covering 0..n, on up to `threads` threads.

    The kernels release the GIL, so the ranges run in parallel; small batches stay on
    the calling thread.
    """
    count = min(thread_count(threads), max(1, n // MIN_ROWS_PER_THREAD))
    if count == 1:
        work(0, n)
        return
    bounds = [int(b) for b in np.linspace(0, n, count + 1)]
    ranges = list(pairwise(bounds))
    # the calling thread takes the first range itself; the pool takes the others
    futures = [shared_pool(count - 1).submit(work, a, b) for a, b in ranges[1:]]
    try:
        work(*ranges[0])
    finally:
        for future in futures:
            future.result()


_POOLS: dict[int, ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def shared_pool(workers: int) -> ThreadPoolExecutor:
    """A long-lived pool of at least `workers` threads (starting threads for every call
    cost as much as a million-hand batch)."""
    with _POOLS_LOCK:
        size = max([workers, *_POOLS])
        if size not in _POOLS:
            _POOLS.clear()  # a larger pool replaces the smaller one; old threads idle out
            _POOLS[size] = ThreadPoolExecutor(max_workers=size, thread_name_prefix="pokerhands")
        return _POOLS[size]
