"""Type stub for the compiled Omaha kernels (see _omaha_kernels.pyx)."""

from typing import Any

import numpy as np
import numpy.typing as npt

# the five-card HandTables of evaluator._tables (a compiled module without a stub)
HandTables = Any

_Cards = npt.NDArray[np.uint8]
_Out = npt.NDArray[np.int32]

class DealTables:
    """Base of the Omaha tables."""

    def evaluate_deal(self, hole: object, board: object) -> int | None: ...

class ComboTables(DealTables):
    """Tables of a high-style Omaha ranking."""

    @property
    def table(self) -> npt.NDArray[np.uint16]: ...
    @property
    def board_idx(self) -> npt.NDArray[np.uint16]: ...
    @property
    def pair_idx(self) -> npt.NDArray[np.uint8]: ...
    @property
    def flush(self) -> npt.NDArray[np.uint16] | None: ...
    @property
    def five(self) -> HandTables: ...
    @property
    def nbytes(self) -> int: ...
    def evaluate_rows(self, holes: _Cards, boards: _Cards, out: _Out) -> None: ...

class MaskTables(DealTables):
    """Tables of an ace-to-five low with a qualifier."""

    @property
    def table(self) -> npt.NDArray[np.uint16]: ...
    @property
    def card_bits(self) -> npt.NDArray[np.uint8]: ...
    @property
    def nbytes(self) -> int: ...
    def evaluate_rows(self, holes: _Cards, boards: _Cards, out: _Out) -> None: ...

def combo_tables(five: HandTables) -> ComboTables: ...
def mask_tables(
    card_bits: npt.NDArray[np.uint8], value_by_mask: npt.NDArray[np.uint16]
) -> MaskTables: ...
def check_deals(holes: _Cards, boards: _Cards) -> tuple[int, str, int, str] | None: ...
def board_mask_histogram(
    card_bits: npt.NDArray[np.uint8], board_size: int
) -> npt.NDArray[np.int64]: ...
