"""Batch calls over dask arrays: score datasets larger than memory, block by block.

A batch function given a dask array (``HandType.evaluate_batch``,
``games.showdown_batch``) returns a dask array: nothing is computed until the caller
asks, and then each block of rows goes through the numpy path, with its checks, on
whatever scheduler dask uses.  Blocks split the rows (hands, deals) only: the other
axes (cards of a hand, seats) must be one chunk each, since a hand split across blocks
cannot be ranked.  Dask is imported only when a dask array is actually passed in.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import numpy as np


def is_dask_array(x: object) -> bool:
    """True for a ``dask.array.Array`` (without importing dask when it is not loaded)."""
    module = sys.modules.get("dask.array")
    return module is not None and isinstance(x, module.Array)


def any_dask(*values: object) -> bool:
    return any(is_dask_array(v) for v in values)


def map_row_blocks(
    func: Callable[..., np.ndarray],
    args: Sequence[Any],
    names: Sequence[str],
    tail: tuple[int, ...],
    dtype: Any,
) -> Any:
    """func applied to each block of rows of `args` -> a dask array (N, *tail).

    args: the call's positional arguments; dask arrays and numpy arrays whose first
    axis has the rows are cut into the blocks of the first dask array among them,
    anything else (ints, None) goes to every block whole.  names: each argument's name
    for errors.  A block that func refuses raises, when computed, func's own error with
    the block's first row added, so the row can be found in the whole array.
    """
    import dask
    import dask.array as da

    first = next(a for a in args if is_dask_array(a))
    n = first.shape[0]
    if any(np.isnan(c) for c in first.chunks[0]):
        raise ValueError(f"{names[args.index(first)]}: a dask array of unknown row count; "
                         f"call .compute_chunk_sizes() first")
    rows = first.chunks[0]
    pieces: list[list[Any]] = []
    for a, name in zip(args, names, strict=True):
        if is_dask_array(a) or (isinstance(a, np.ndarray) and a.ndim >= 1):
            if a.ndim == 0 or a.shape[0] != n:
                raise ValueError(f"{name} has {a.shape[0] if a.ndim else 0} rows, "
                                 f"{names[args.index(first)]} has {n}")
            if is_dask_array(a):
                for axis in range(1, a.ndim):
                    if len(a.chunks[axis]) != 1:
                        raise ValueError(
                            f"{name}: axis {axis} of the dask array is split into "
                            f"{len(a.chunks[axis])} chunks; only rows may be chunked "
                            f"(use .rechunk({{{axis}: -1}}))"
                        )
                blocks = list(a.rechunk({0: rows}).to_delayed().reshape(-1))
            else:
                bounds = np.cumsum((0, *rows))
                blocks = [a[s:e] for s, e in pairwise(bounds)]
            pieces.append(blocks)
        else:
            pieces.append([a] * len(rows))
    starts = np.cumsum((0, *rows))[:-1]
    call = dask.delayed(_block, pure=True)
    parts = [
        da.from_delayed(call(func, int(start), *(p[k] for p in pieces)),
                        shape=(size, *tail), dtype=dtype)
        for k, (start, size) in enumerate(zip(starts, rows, strict=True))
    ]
    return da.concatenate(parts, axis=0) if parts else da.empty((0, *tail), dtype=dtype)


def evaluate_blocks(evaluate_batch: Callable[..., np.ndarray], cards: Any, boards: Any,
                    threads: int | None, out: Any) -> Any:
    """A ranking's evaluate_batch over dask arrays: (N,) int32 values, lazily."""
    if out is not None:
        raise TypeError("out cannot be given with dask arrays; the result is a dask "
                        "array (store it with .to_zarr, .compute, ...)")

    def block(c: Any, b: Any) -> np.ndarray:
        return evaluate_batch(c, b, threads=threads)
    return map_row_blocks(block, [cards, boards], ["cards", "boards"], (), np.int32)


def _block(func: Callable[..., np.ndarray], start: int, *args: Any) -> np.ndarray:
    try:
        return func(*args)
    except (TypeError, ValueError) as e:
        raise type(e)(f"in the block starting at row {start}: {e}") from None
