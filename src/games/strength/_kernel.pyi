"""Stub of the compiled kernels of games.strength (games/strength/_kernel.pyx).  Inputs
are trusted: games/strength/indexing.py and table.py check them first."""

from typing import Any, final

import numpy as np
import numpy.typing as npt

from evaluator.tables import HandTables

COLUMNS: dict[str, int]
NCOL: int
SAMPLE_COLUMNS: dict[str, int]
SAMPLE_NCOL: int

def set_popcnt(on: bool) -> bool: ...
def rank_sets() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...

@final
class Indexer:
    ranks: int
    hole: int
    board: int
    low: int
    size: int
    counts_bits: bool
    def __init__(self, ranks: int, hole: int, board: int, size: int,
                 tables: tuple[Any, ...], count_bits: bool = True) -> None: ...
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

def omaha_strength(
    tables: Any,
    board: npt.NDArray[np.uint8],
    runouts: npt.NDArray[np.uint8],
    rweights: npt.NDArray[np.float64],
    hands: npt.NDArray[np.uint8],
    den: float,
    bins: int,
    out: npt.NDArray[np.float64],
    hist: npt.NDArray[np.float64],
    part: int,
    nparts: int,
) -> None: ...

def sample_deals(
    tables: Any,
    board: npt.NDArray[np.uint8],
    heroes: npt.NDArray[np.uint8],
    hero_now: npt.NDArray[np.int32],
    opps: npt.NDArray[np.uint8],
    opp_cum: npt.NDArray[np.float64],
    k: int,
    potentials: bool,
    deck: npt.NDArray[np.uint8],
    seed: int,
    first_chunk: int,
    n_chunks: int,
    chunk: int,
    total: int,
    out: npt.NDArray[np.float64],
) -> int: ...
