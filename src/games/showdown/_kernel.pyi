"""Stub of the compiled showdown kernels (games/showdown/_kernel.pyx).  Inputs are
trusted: games/showdown/batch.py checks them first."""

import numpy as np
import numpy.typing as npt

from evaluator.tables import HandTables

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
    tables: HandTables,
    holes: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    contributions: npt.NDArray[np.int64],
    folded: npt.NDArray[np.uint8],
    button: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
) -> None: ...
