"""Stub of the compiled Italian-ranking kernels (see _italian_kernel.pyx)."""

from typing import Any

import numpy as np
import numpy.typing as npt

SUIT_SHIFT: int

def build_tables(low: int) -> tuple[Any, npt.NDArray[np.uint8]]: ...
def evaluate_rows(
    h: Any,
    ace_low: npt.NDArray[np.uint8],
    cards: npt.NDArray[np.uint8],
    out: npt.NDArray[np.int32],
    suits: bool,
) -> None: ...
def evaluate_five(
    h: Any, ace_low: npt.NDArray[np.uint8], cards: npt.NDArray[np.uint8], suits: bool
) -> int: ...
def all_values(
    h: Any, ace_low: npt.NDArray[np.uint8], deck: npt.NDArray[np.uint8], suits: bool
) -> npt.NDArray[np.int32]: ...
