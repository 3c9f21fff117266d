"""The seam between the evaluator and the games built on it: what every hand type offers.

A game never asks which hand type it holds.  It calls these methods and reads these
attributes, the same for every ranking (HIGH, the lows, short deck, Omaha, the Open
Face top row, Italian poker):

* ``evaluate(cards, board=None)``: the value of one player's hand, made from their
  cards and the board (best five of all of them, or exactly two hole cards and three
  board cards for Omaha); higher is better, 0 means "no qualifying hand" (a low).
* ``evaluate_batch(cards, boards=None, *, threads=1, out=None)``: the same for (N, k)
  arrays of cards and (N, b) arrays of boards.
* ``winners(hands, board=None)``: the indices of the hands that take the pot.  For
  most rankings these are the hands with the highest value; Italian straight flushes
  beat each other in a cycle, so a showdown must ask the ranking, not compare values.
* ``describe(value)`` / ``category(value)``: a value in words.
* ``total_order``: True when values order every showdown (``winners`` is then the
  highest value), so values may be compared in bulk.
* ``tables``: the compiled lookup tables, whose classes are declared in the public
  ``.pxd`` files (``evaluator.tables.HandTables``, ``evaluator.omaha_tables.
  ComboTables`` / ``MaskTables``) that kernels built on the evaluator cimport.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from evaluator._cards import CardsLike


@runtime_checkable
class Ranking(Protocol):
    """What every hand type implements (see the module documentation)."""

    name: str
    categories: tuple[str, ...]

    @property
    def total_order(self) -> bool: ...

    @property
    def tables(self) -> Any: ...

    def evaluate(self, cards: CardsLike, board: CardsLike | None = None) -> int: ...

    def evaluate_batch(
        self,
        cards: npt.ArrayLike,
        boards: npt.ArrayLike | None = None,
        *,
        threads: int | None = 1,
        out: npt.NDArray[np.int32] | None = None,
    ) -> npt.NDArray[np.int32]: ...

    def winners(
        self, hands: Sequence[CardsLike], board: CardsLike | None = None
    ) -> list[int]: ...

    def describe(self, value: int) -> str: ...

    def category(self, value: int) -> str: ...
