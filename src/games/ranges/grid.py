"""The 13 x 13 grid of the 169 hold'em starting-hand classes, laid out the way players
draw it: aces in the first row and column, pairs on the diagonal, suited hands above
it and offsuit hands below (row AK: AKs in column K; column AK: AKo in row K).

>>> top, second, last = GRID[0], GRID[1], GRID[-1]
>>> top[:3], second[0], last[-1]
(('AA', 'AKs', 'AQs'), 'AKo', '22')
>>> grid_cell("AKo"), grid_cell("72o"), grid_cell("T9s")
((1, 0), (12, 7), (4, 5))
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from evaluator import RANKS

#: rank symbols from the top row down: A, K, ..., 2
_DOWN = RANKS[::-1]


def _name(i: int, j: int) -> str:
    if i == j:
        return _DOWN[i] * 2
    if i < j:
        return _DOWN[i] + _DOWN[j] + "s"
    return _DOWN[j] + _DOWN[i] + "o"


#: GRID[row][column]: the class drawn in that cell
GRID: tuple[tuple[str, ...], ...] = tuple(
    tuple(_name(i, j) for j in range(13)) for i in range(13)
)

_CELL = {GRID[i][j]: (i, j) for i in range(13) for j in range(13)}


def grid_cell(name: str) -> tuple[int, int]:
    """(row, column) of a class name ("AKs", "72o", "TT") in :data:`GRID`."""
    if not isinstance(name, str):
        raise TypeError(f"a hand class is a string such as 'AKs', got {type(name).__name__}")
    key = name.strip()
    key = key[:2].upper() + key[2:].lower()
    if key not in _CELL:
        raise ValueError(f"{name!r} is not one of the 169 hand classes (e.g. AA, AKs, 72o)")
    return _CELL[key]


def to_grid(values: Mapping[str, float]) -> npt.NDArray[np.float64]:
    """A (13, 13) array of the values of the classes named in `values`, NaN elsewhere."""
    out = np.full((13, 13), np.nan)
    for name, v in values.items():
        out[grid_cell(name)] = v
    return out
