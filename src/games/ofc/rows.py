"""Open Face Chinese rows: the foul test and the royalties, from row values.

Rows are ranked by the evaluator alone: the bottom and middle rows by their
`evaluator.HIGH` values, the top row by its `evaluator.OFC_TOP` value.  OFC_TOP values
sit on a row scale shared with HIGH's five-card values (a top row's two missing cards
count below any real card: top Q-Q-A is weaker than middle Q-Q-A-3-2, stronger than
middle Q-Q-K-4-3), so the middle-against-top foul test is `OFC_TOP.fouls`.  Royalties
are read off the same values: HIGH's categories for the bottom and middle rows,
`OFC_TOP.category_and_rank` for the top (docs/rules/ofc.md for the table).
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from evaluator import HIGH, OFC_TOP
from evaluator.checks import integer_array

ROWS = ("bottom", "middle", "top")
ROW_CARDS = (5, 5, 3)

#: Royalties by HIGH category (index into HIGH.categories) for the bottom and middle
#: rows; a royal flush (the best HIGH value) has its own entry.
BOTTOM_ROYALTY = (0, 0, 0, 0, 2, 4, 6, 8, 10)
MIDDLE_ROYALTY = (0, 0, 0, 2, 4, 8, 12, 16, 20)
BOTTOM_ROYAL, MIDDLE_ROYAL = 15, 30
#: Top row: a pair of sixes 1 ... a pair of aces 9; any three of a kind 15.
TOP_TRIPS_ROYALTY = 15
_SIX = 4                    # rank index of a six: a pair of sixes earns 1 on top
_TOP_PAIR = OFC_TOP.categories.index("Pair")
_TOP_TRIPS = OFC_TOP.categories.index("Three of a Kind")


def _high_values(values: npt.ArrayLike, row: str) -> npt.NDArray[np.int64]:
    """A row's HIGH values as int64, checked."""
    arr = integer_array(values, f"{row} values")
    if arr.size and (arr.min() < 1 or arr.max() > HIGH.n_classes):
        raise ValueError(f"{row} values must be HIGH values 1..{HIGH.n_classes}")
    return arr.astype(np.int64)


@functools.cache
def _high_categories() -> npt.NDArray[np.int64]:
    """The category index (into HIGH.categories) of every HIGH value (index 0 unused)."""
    category = np.zeros(HIGH.n_classes + 1, dtype=np.int64)
    for name, (first, last) in HIGH.category_bounds().items():
        category[first:last + 1] = HIGH.categories.index(name)
    return category


@functools.cache
def _five_royalties() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Bottom and middle royalty of every HIGH value (index 0 unused)."""
    category = _high_categories()
    tables = []
    for royalty, royal in ((BOTTOM_ROYALTY, BOTTOM_ROYAL), (MIDDLE_ROYALTY, MIDDLE_ROYAL)):
        by_value = np.asarray(royalty, dtype=np.int64)[category]
        by_value[0] = 0
        by_value[HIGH.n_classes] = royal            # the best HIGH value: a royal flush
        by_value.flags.writeable = False
        tables.append(by_value)
    return tables[0], tables[1]


def _same_shape(bottom: npt.NDArray[np.int64], middle: npt.NDArray[np.int64],
                top: object) -> None:
    top_shape = integer_array(top, "OFC_TOP values").shape
    shapes = {"bottom": bottom.shape, "middle": middle.shape, "top": top_shape}
    if len(set(shapes.values())) != 1:
        raise ValueError(f"bottom, middle and top values must have one shape, got {shapes}")


def fouled(bottom: npt.ArrayLike, middle: npt.ArrayLike, top: npt.ArrayLike
           ) -> npt.NDArray[np.bool_]:
    """Whether each hand fouls, from the HIGH values of its bottom and middle rows and
    the OFC_TOP value of its top row: the bottom must be at least as strong as the
    middle (HIGH order), the middle at least as strong as the top (`OFC_TOP.fouls`)."""
    b, m = _high_values(bottom, "bottom"), _high_values(middle, "middle")
    _same_shape(b, m, top)
    return np.asarray((b < m) | OFC_TOP.fouls(m, top), dtype=np.bool_)


def royalties(bottom: npt.ArrayLike, middle: npt.ArrayLike, top: npt.ArrayLike
              ) -> npt.NDArray[np.int64]:
    """(..., 3) royalties of each row (bottom, middle, top) from the HIGH values of the
    bottom and middle rows and the OFC_TOP value of the top, before fouls are taken
    into account."""
    b, m = _high_values(bottom, "bottom"), _high_values(middle, "middle")
    _same_shape(b, m, top)
    bottom_royalty, middle_royalty = _five_royalties()
    category, rank = OFC_TOP.category_and_rank(np.asarray(top))
    pair = np.where((category == _TOP_PAIR) & (rank >= _SIX), rank - _SIX + 1, 0)
    return np.stack([
        bottom_royalty[b],
        middle_royalty[m],
        np.where(category == _TOP_TRIPS, TOP_TRIPS_ROYALTY, pair),
    ], axis=-1)


def row_values(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """(..., 3) values of (..., 13) boards (cards already checked): the HIGH values of
    the bottom and middle rows, the OFC_TOP value of the top row.  Each row compares
    with the same row of another board by its value."""
    flat = cards.reshape(-1, 13)
    rows = [HIGH.evaluate_batch(np.ascontiguousarray(flat[:, 0:5])),
            HIGH.evaluate_batch(np.ascontiguousarray(flat[:, 5:10])),
            OFC_TOP.evaluate_batch(np.ascontiguousarray(flat[:, 10:13]))]
    return np.stack(rows, axis=-1).astype(np.int64).reshape((*cards.shape[:-1], 3))
