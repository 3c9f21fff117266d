"""Kernels of the table-backed hand types (see _kernel.pyx)."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from evaluator.tables import BadugiTables, HandTables

def evaluate_rows(
    h: HandTables, cards: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], allowed: int
) -> int: ...
def check_rows(
    cards: npt.NDArray[np.uint8], more: npt.NDArray[np.uint8], allowed: int
) -> tuple[int, int, Literal["card", "duplicate"]] | None: ...
def evaluate_one(
    h: HandTables, cards: Any, board: Any, allowed: int, min_n: int, max_n: int
) -> int | None: ...
def rank_histogram(h: HandTables, deck: npt.NDArray[np.uint8], n: int) -> npt.NDArray[np.int64]: ...
def badugi_rows(
    t: BadugiTables, cards: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], allowed: int
) -> int: ...
def badugi_one(
    t: BadugiTables, cards: Any, board: Any, allowed: int, min_n: int, max_n: int
) -> int | None: ...
