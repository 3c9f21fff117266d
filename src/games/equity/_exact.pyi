"""Stub of the compiled exact equity kernel (games/equity/_exact.pyx)."""

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
