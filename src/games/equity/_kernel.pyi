"""Stub of the compiled equity kernels (games/equity/_kernel.pyx)."""

from typing import Any

import numpy as np
import numpy.typing as npt

NCOLS: int
POT_UNITS: int

def exact(
    high: Any,
    low: Any,
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    deck: npt.NDArray[np.uint8],
    part: int,
    nparts: int,
    out: npt.NDArray[np.int64],
) -> None: ...
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
