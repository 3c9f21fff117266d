"""Omaha hand types: exactly two hole cards plus exactly three board cards.

`OMAHA` is the high hand (values on HIGH's scale, 1..7462) and `OMAHA_EIGHT_OR_BETTER`
the low half of Omaha Hi/Lo (values on the eight-or-better scale of
:mod:`evaluator._lowball`, 1..56, 0 = no qualifying low).  In Hi/Lo the two halves
are evaluated independently, so they may use different hole cards.

Both take 4, 5 or 6 hole cards (Omaha, five-card and six-card Omaha) and a board of
3, 4 or 5 cards (flop, turn, river).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import _lowball, omaha_tables
from evaluator._cards import CardsLike, card_name, parse_cards
from evaluator._handtype import LazyTables, showdown_values, winners_by_value
from evaluator._high import HIGH
from evaluator.checks import card_array, first_bad_cell, hand_value, output_array
from evaluator.dask_arrays import any_dask, evaluate_blocks
from evaluator.threads import run_split

HOLE_SIZES = (4, 5, 6)
BOARD_SIZES = (3, 4, 5)


class OmahaType(LazyTables):
    """An Omaha ranking: the best hand of exactly 2 hole cards and exactly 3 board cards.

    The tables object (built on first use) carries its own kernel; this class only
    validates input and names values.  It implements :class:`evaluator.Ranking`, where
    the board is required.
    """

    total_order = True

    def __init__(
        self,
        name: str,
        tables: Callable[[], Any],
        *,
        categories: Sequence[str],
        category_of: Callable[[int], str],
        describe_value: Callable[[int], str],
        n_classes: int,
        qualifier: bool,
    ) -> None:
        super().__init__(tables)
        self.name = name
        self.categories: tuple[str, ...] = tuple(categories)
        self._category_of = category_of
        self._describe = describe_value
        self._n_classes = n_classes
        self.qualifier = qualifier
        self.hole_sizes: tuple[int, ...] = HOLE_SIZES
        self.board_sizes: tuple[int, ...] = BOARD_SIZES

    def __repr__(self) -> str:
        return f"<OmahaType {self.name}: 2 of 4/5/6 hole cards + 3 of a 3/4/5-card board>"

    @property
    def n_classes(self) -> int:
        """Number of distinct values; qualifying values run 1..n_classes."""
        return self._n_classes

    # ------------------------------------------------------------------ evaluation

    def evaluate(self, hole: CardsLike, board: CardsLike | None = None) -> int:
        """Value of the best hand of exactly two of `hole` and exactly three of `board`
        (higher is better; 0 means no qualifying hand, for lows only).

        Both take anything :func:`evaluator.parse_cards` accepts; the board is required.
        """
        if board is None:
            raise TypeError(f"{self.name} needs a board: evaluate(hole, board)")
        value = self.tables.evaluate_deal(hole, board)  # lists of valid ints: fast path
        if value is not None:
            return int(value)
        h = parse_cards(hole)
        b = parse_cards(board)
        if len(h) not in self.hole_sizes:
            raise ValueError(
                f"{self.name} takes {_sizes_text(self.hole_sizes)} hole cards, got {len(h)}"
            )
        if len(b) not in self.board_sizes:
            raise ValueError(
                f"{self.name} takes a board of {_sizes_text(self.board_sizes)} cards, "
                f"got {len(b)}"
            )
        both = set(h.tolist()) & set(b.tolist())
        if both:
            card = card_name(min(both))
            raise ValueError(f"card {card} is both in the hole and on the board")
        out = np.empty(1, dtype=np.int32)
        self.tables.evaluate_rows(h[None, :], b[None, :], out)
        return int(out[0])

    def evaluate_batch(
        self,
        holes: npt.ArrayLike,
        boards: npt.ArrayLike | None = None,
        *,
        threads: int | None = 1,
        out: npt.NDArray[np.int32] | None = None,
    ) -> npt.NDArray[np.int32]:
        """Values of many deals: holes (N, 4|5|6) and boards (N, 3|4|5) integer arrays
        -> (N,) int32.

        Both arrays are checked once (dtype, shape, card range, a card repeated within a
        hole, within a board, or between a row's hole and board); the loop then runs
        without the GIL, split over `threads` threads (None: one per available CPU).
        `out`, if given, is an (N,) int32 array to fill.
        """
        if boards is None:
            raise TypeError(f"{self.name} needs boards: evaluate_batch(holes, boards)")
        if any_dask(holes, boards):     # lazily, block by block (evaluator.dask_arrays)
            return evaluate_blocks(self.evaluate_batch, holes, boards, threads, out)  # type: ignore[no-any-return]
        h, b = check_deals(holes, boards, self.hole_sizes, self.board_sizes)
        n = h.shape[0]
        fresh = out is None
        out = output_array(out, n)
        tables = self.tables
        result = out
        run_split(n, threads, lambda a, z: tables.evaluate_rows(h[a:z], b[a:z], result[a:z]),
                  fresh=(out,) if fresh else ())
        return out

    def winners(self, hands: Sequence[CardsLike], board: CardsLike | None = None) -> list[int]:
        """Indices of the hands that take the pot with this board: the highest values
        (several when they tie); none when no hand qualifies (value 0, for lows).  The
        hands and the board must not share a card."""
        if board is None:
            raise TypeError(f"{self.name} needs a board: winners(hands, board)")
        return winners_by_value(showdown_values(self, hands, board))

    # ------------------------------------------------------------------ names

    def _check_value(self, value: int) -> int:
        value = hand_value(value)
        low = 0 if self.qualifier else 1
        if not low <= value <= self.n_classes:
            raise ValueError(f"{self.name} values run {low}..{self.n_classes}, got {value}")
        return int(value)

    def category(self, value: int) -> str:
        """Category of a value in words, e.g. "Full House" or "Seven Low"."""
        return self._category_of(self._check_value(value))

    def describe(self, value: int) -> str:
        """A value in words, e.g. "Full House, Kings full of Sevens"."""
        return self._describe(self._check_value(value))


def _sizes_text(sizes: Sequence[int]) -> str:
    return ", ".join(str(s) for s in sizes[:-1]) + f" or {sizes[-1]}"


def check_deals(
    holes: object,
    boards: object,
    hole_sizes: Sequence[int] = HOLE_SIZES,
    board_sizes: Sequence[int] = BOARD_SIZES,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Check (N, h) holes and (N, b) boards once and return them as C-contiguous uint8.

    TypeError for a non-integer dtype; ValueError for a wrong shape, different row
    counts, a value outside 0..51, or a card repeated in a row's hole and board
    together, naming the row and the card.
    """
    h = card_array(holes, "holes", lambda a: a.ndim == 2 and a.shape[1] in hole_sizes,
                   f"(N, {_sizes_text(hole_sizes)})")
    b = card_array(boards, "boards", lambda a: a.ndim == 2 and a.shape[1] in board_sizes,
                   f"(N, {_sizes_text(board_sizes)})")
    if h.shape[0] != b.shape[0]:
        raise ValueError(f"holes has {h.shape[0]} rows but boards has {b.shape[0]}")
    bad = first_bad_cell(h, more=b)
    if bad is not None:
        row, col, reason = bad
        both = np.concatenate([h[row], b[row]])
        card = int(both[col])
        part, at = ("holes", col) if col < h.shape[1] else ("boards", col - h.shape[1])
        if reason == "card":     # a uint8 value 52..255 (other dtypes were checked above)
            raise ValueError(f"{part}[{row}, {at}]: card value {card} is outside 0..51")
        first = int(np.flatnonzero(both == card)[0])
        if first < h.shape[1] <= col:
            raise ValueError(
                f"row {row}: card {card_name(card)} is in both holes[{row}] and boards[{row}]"
            )
        raise ValueError(f"{part}[{row}]: duplicate card {card_name(card)}")
    return h, b


# ---------------------------------------------------------------- the two hand types


def _high_categories() -> tuple[str, ...]:
    return HIGH.categories


#: HIGH's category names, lowest first (kept equal to HIGH.categories; see the tests).
HIGH_CATEGORIES: tuple[str, ...] = _high_categories()


def _high_tables() -> Any:
    return omaha_tables.combo_tables(HIGH.tables)


def _high_category(value: int) -> str:
    return HIGH.category(value)


def _high_describe(value: int) -> str:
    return HIGH.describe(value)


OMAHA = OmahaType(
    "OMAHA",
    _high_tables,
    categories=HIGH_CATEGORIES,
    category_of=_high_category,
    describe_value=_high_describe,
    n_classes=7462,
    qualifier=False,
)
OMAHA.__doc__ = """Omaha high: exactly 2 of 4, 5 or 6 hole cards plus exactly 3 of a 3-5
card board, values on HIGH's scale (1..7462, royal flush = 7462)."""


def _low_tables() -> Any:
    return omaha_tables.mask_tables(_lowball.eight_low_value_by_mask())


LOW_CATEGORIES = ("No Low", "Eight Low", "Seven Low", "Six Low", "Five Low")
_LOW_WORDS = {7: "Eight Low", 6: "Seven Low", 5: "Six Low", 4: "Five Low"}


def _low_category(value: int) -> str:
    if value == 0:
        return "No Low"
    return _LOW_WORDS[_lowball.low_ranks_of_value(value)[0]]


def _low_describe(value: int) -> str:
    if value == 0:
        return "No qualifying low"
    ranks = _lowball.low_ranks_of_value(value)
    text = "-".join(_lowball.LOW_RANK_NAMES[r] for r in ranks) + " low"
    return text + " (the wheel)" if value == _lowball.EIGHT_LOW_CLASSES else text


OMAHA_EIGHT_OR_BETTER = OmahaType(
    "OMAHA_EIGHT_OR_BETTER",
    _low_tables,
    categories=LOW_CATEGORIES,
    category_of=_low_category,
    describe_value=_low_describe,
    n_classes=_lowball.EIGHT_LOW_CLASSES,
    qualifier=True,
)
OMAHA_EIGHT_OR_BETTER.__doc__ = """The low half of Omaha Hi/Lo: exactly 2 hole + exactly 3
board cards making five distinct ranks all 8 or lower, ace low (straights and flushes do
not count).  Values 1..56 on the eight-or-better scale of evaluator._lowball
(8-7-6-5-4 = 1, 5-4-3-2-A = 56); 0 = no qualifying low."""
