"""Stub of the compiled showdown kernels (games/_showdown.pyx).  Inputs are trusted:
games/batch.py checks them first."""

from typing import Any

import numpy as np
import numpy.typing as npt

def settle(
    contributions: npt.NDArray[np.int64],
    folded: npt.NDArray[np.uint8],
    high: npt.NDArray[np.int32],
    low: npt.NDArray[np.int32],
    has_low: bool,
    button: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
) -> None: ...
def settle_board(
    tables: Any,  # evaluator._tables.HandTables
    holes: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    contributions: npt.NDArray[np.int64],
    folded: npt.NDArray[np.uint8],
    button: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
) -> None: ...
