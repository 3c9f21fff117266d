"""Stub of the compiled Monte Carlo equity kernel (games/equity/_sample.pyx)."""

from typing import Any

import numpy as np
import numpy.typing as npt

NCOLS: int

def sample(
    high: Any,
    low: Any,
    combos: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    cum: npt.NDArray[np.float64],
    board: npt.NDArray[np.uint8],
    deck: npt.NDArray[np.uint8],
    seed: int,
    first_chunk: int,
    n_chunks: int,
    chunk_size: int,
    total: int,
    out: npt.NDArray[np.int64],
) -> int: ...
