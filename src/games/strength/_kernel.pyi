"""Stub of the compiled kernels of games.strength (games/strength/_kernel.pyx).  Inputs
are trusted: games/strength/indexing.py and table.py check them first."""

from typing import Any, final

import numpy as np
import numpy.typing as npt

from evaluator.tables import HandTables

COLUMNS: dict[str, int]
NCOL: int

def set_popcnt(on: bool) -> bool: ...
def rank_sets() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...

@final
class Indexer:
    ranks: int
    hole: int
    board: int
    low: int
    size: int
    configs: npt.NDArray[Any]
    def __init__(self, ranks: int, hole: int, board: int, size: int, configs: Any,
                 bits: Any, above: Any, tk: Any, digits: Any, conf_of: Any, terms: Any,
                 pre: Any = None) -> None: ...
    def index(
        self, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8],
        out: npt.NDArray[np.int64],
    ) -> bool: ...
    def unindex(
        self, idx: npt.NDArray[np.int64], holes: npt.NDArray[np.uint8],
        boards: npt.NDArray[np.uint8],
    ) -> None: ...

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
