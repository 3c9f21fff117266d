"""Stub of the compiled hand indexer (games/strength/_index.pyx).  Inputs are trusted:
games/strength/indexing.py checks them first."""

from typing import Any, final

import numpy as np
import numpy.typing as npt

@final
class Indexer:
    ranks: int
    hole: int
    board: int
    low: int
    size: int
    configs: Any
    by_patterns: npt.NDArray[np.int32]
    terms: npt.NDArray[np.uint64]
    def __init__(self, ranks: int, hole: int, board: int) -> None: ...
    def index(
        self, holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8],
        out: npt.NDArray[np.int64],
    ) -> None: ...
    def unindex(
        self, idx: npt.NDArray[np.int64], holes: npt.NDArray[np.uint8],
        boards: npt.NDArray[np.uint8],
    ) -> None: ...
