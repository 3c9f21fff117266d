"""Stub of the compiled board strength kernel (games/strength/_board.pyx).  Inputs are
trusted: games/strength/table.py checks them first."""

import numpy as np
import numpy.typing as npt

from evaluator.tables import HandTables

COLUMNS: dict[str, int]
NCOL: int

def board_strength(
    tables: HandTables,
    board: npt.NDArray[np.uint8],
    runouts: npt.NDArray[np.uint8],
    rweights: npt.NDArray[np.float64],
    hands: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
    cls: npt.NDArray[np.int32],
    nclasses: int,
    potentials: bool,
    bins: int,
    out: npt.NDArray[np.float64],
    hist: npt.NDArray[np.float64],
    part: int,
    nparts: int,
) -> None: ...
