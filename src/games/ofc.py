"""Open Face Chinese scoring (RULES.md, "Open Face Chinese").

Each player's finished board is (bottom, middle, top): 5, 5 and 3 cards.  Between
every pair of players: +1/-1 per row won/lost (0 for a tied row), 6 instead of 3 for
winning all three rows; a fouled hand (a row stronger than the row below it) pays 6 to
every unfouled hand, two fouled hands score 0; royalties are paid pairwise as the
difference of the two players' royalties, and *(decision)* a fouled hand earns none,
so an unfouled hand collects 6 plus its royalties from a fouled one.

Rows are ranked by the evaluator alone: the bottom and middle rows by their
`evaluator.HIGH` values, the top row by its `evaluator.OFC_TOP` value.  OFC_TOP values
sit on a row scale shared with HIGH's five-card values (a top row's two missing cards
count below any real card: top Q-Q-A is weaker than middle Q-Q-A-3-2, stronger than
middle Q-Q-K-4-3), so the middle-against-top foul test is `OFC_TOP.fouls`.  Royalties
are read off the same values: HIGH's categories for the bottom and middle rows,
`OFC_TOP.category_and_rank` for the top.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import HIGH, OFC_TOP, CardsLike, _kernels, card_name, parse_cards

ROWS = ("bottom", "middle", "top")
ROW_CARDS = (5, 5, 3)
FOUL_POINTS = 6
SCOOP_POINTS = 6            # winning all three rows scores this instead of 3

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


# ---------------------------------------------------------------- rows

def _high_values(values: npt.ArrayLike, row: str) -> npt.NDArray[np.int64]:
    """A row's HIGH values as int64, checked."""
    arr = np.asarray(values)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"{row} values must be HIGH values (integers), got {arr.dtype}")
    if arr.size and (arr.min() < 1 or arr.max() > HIGH.n_classes):
        raise ValueError(f"{row} values must be HIGH values 1..{HIGH.n_classes}")
    return arr.astype(np.int64)


@functools.cache
def _five_royalties() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Bottom and middle royalty of every HIGH value (index 0 unused)."""
    # HIGH's classes are strengths packed category << 20 | ranks (evaluator._high)
    category = np.asarray(HIGH.tables.classes, dtype=np.int64) >> 20
    tables = []
    for royalty, royal in ((BOTTOM_ROYALTY, BOTTOM_ROYAL), (MIDDLE_ROYALTY, MIDDLE_ROYAL)):
        by_value = np.zeros(len(category) + 1, dtype=np.int64)
        by_value[1:] = np.asarray(royalty, dtype=np.int64)[category]
        by_value[HIGH.n_classes] = royal            # the best HIGH value: a royal flush
        by_value.flags.writeable = False
        tables.append(by_value)
    return tables[0], tables[1]


def fouled(bottom: npt.ArrayLike, middle: npt.ArrayLike, top: npt.ArrayLike
           ) -> npt.NDArray[np.bool_]:
    """Whether each hand fouls, from the HIGH values of its bottom and middle rows and
    the OFC_TOP value of its top row: the bottom must be at least as strong as the
    middle (HIGH order), the middle at least as strong as the top (`OFC_TOP.fouls`)."""
    b, m = _high_values(bottom, "bottom"), _high_values(middle, "middle")
    return np.asarray((b < m) | OFC_TOP.fouls(m, top), dtype=np.bool_)


def royalties(bottom: npt.ArrayLike, middle: npt.ArrayLike, top: npt.ArrayLike
              ) -> npt.NDArray[np.int64]:
    """(..., 3) royalties of each row (bottom, middle, top) from the HIGH values of the
    bottom and middle rows and the OFC_TOP value of the top, before fouls are taken
    into account."""
    bottom_royalty, middle_royalty = _five_royalties()
    category, rank = OFC_TOP.category_and_rank(np.asarray(top))
    pair = np.where((category == _TOP_PAIR) & (rank >= _SIX), rank - _SIX + 1, 0)
    return np.stack([
        bottom_royalty[_high_values(bottom, "bottom")],
        middle_royalty[_high_values(middle, "middle")],
        np.where(category == _TOP_TRIPS, TOP_TRIPS_ROYALTY, pair),
    ], axis=-1)


# ---------------------------------------------------------------- results

@dataclass(frozen=True)
class PairScore:
    """The scoring between players a and b, from a's side (b scores -points)."""

    a: int
    b: int
    fouled: tuple[bool, bool]          # (a fouled, b fouled)
    rows: tuple[int, int, int]         # bottom, middle, top: +1 a won, -1 b won, 0 tie
    row_points: int                    # sum of rows, 6 for a scoop, +-6 for a foul
    scoop: int                         # the bonus within row_points: +3, -3 or 0
    royalties: tuple[int, int]         # (a's, b's) after fouls
    points: int                        # row_points + a's royalties - b's

    @property
    def royalty_points(self) -> int:
        return self.royalties[0] - self.royalties[1]


@dataclass(frozen=True)
class OFCScore:
    """Points per player (summing to zero) and the breakdown per pair."""

    points: tuple[int, ...]
    fouled: tuple[bool, ...]
    royalties: tuple[tuple[int, int, int], ...]   # per player: bottom, middle, top
    pairs: tuple[PairScore, ...]


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _pair(a: int, b: int, values: npt.NDArray[np.int64], foul: npt.NDArray[np.bool_],
          roy: npt.NDArray[np.int64]) -> PairScore:
    fa, fb = bool(foul[a]), bool(foul[b])
    ra = 0 if fa else int(roy[a].sum())
    rb = 0 if fb else int(roy[b].sum())
    rows = (0, 0, 0)
    scoop = 0
    if fa and fb:
        row_points, ra, rb = 0, 0, 0
    elif fa or fb:
        row_points = -FOUL_POINTS if fa else FOUL_POINTS
    else:
        r0, r1, r2 = (_sign(int(values[a, i]) - int(values[b, i])) for i in range(3))
        rows = (r0, r1, r2)
        row_points = r0 + r1 + r2
        if abs(row_points) == 3:
            scoop = _sign(row_points) * (SCOOP_POINTS - 3)
            row_points += scoop
    return PairScore(a, b, (fa, fb), rows, row_points, scoop, (ra, rb), row_points + ra - rb)


def _parse_boards(boards: Sequence[Sequence[CardsLike]]) -> npt.NDArray[np.uint8]:
    """(players, 13) cards: each board's bottom, middle and top, checked."""
    if isinstance(boards, (str, bytes)) or not 2 <= len(boards) <= 4:
        raise ValueError("OFC is scored between 2..4 players' boards")
    out = np.empty((len(boards), 13), dtype=np.uint8)
    owner: dict[int, str] = {}
    for p, board in enumerate(boards):
        if isinstance(board, (str, bytes)) or len(board) != 3:
            raise ValueError(f"player {p}: a board is a (bottom, middle, top) triple")
        col = 0
        for row, need, cards in zip(ROWS, ROW_CARDS, board, strict=True):
            parsed = parse_cards(cards)
            if len(parsed) != need:
                raise ValueError(f"player {p}: the {row} row holds {need} cards, "
                                 f"got {len(parsed)}")
            for c in parsed.tolist():
                where = f"player {p}'s {row} row"
                if c in owner:
                    raise ValueError(f"card {card_name(c)} is in {owner[c]} and in {where}")
                owner[c] = where
            out[p, col:col + need] = parsed
            col += need
    return out


def _row_values(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """(..., 3) values of (..., 13) boards (cards already checked): the HIGH values of
    the bottom and middle rows, the OFC_TOP value of the top row.  Each row compares
    with the same row of another board by its value."""
    flat = cards.reshape(-1, 13)
    rows = [HIGH.evaluate_batch(np.ascontiguousarray(flat[:, 0:5])),
            HIGH.evaluate_batch(np.ascontiguousarray(flat[:, 5:10])),
            OFC_TOP.evaluate_batch(np.ascontiguousarray(flat[:, 10:13]))]
    return np.stack(rows, axis=-1).astype(np.int64).reshape((*cards.shape[:-1], 3))


def score(boards: Sequence[Sequence[CardsLike]]) -> OFCScore:
    """Score 2..4 finished OFC boards, each (bottom, middle, top) of 5, 5 and 3 cards in
    any form :func:`evaluator.parse_cards` takes.  Returns the points per player
    (summing to zero) and the breakdown of every pair.

    >>> s = score([("AsAhAdKsKh", "QsQhQdJsJh", "2c3c4c"),
    ...            ("2d3d4d5d7d", "8c9hTcJdQc", "6h7s8s")])
    >>> s.points, s.pairs[0].rows, s.royalties
    ((11, -11), (1, 1, -1), ((6, 12, 0), (4, 4, 0)))
    """
    cards = _parse_boards(boards)
    values = _row_values(cards)
    foul = fouled(values[:, 0], values[:, 1], values[:, 2])
    roy = royalties(values[:, 0], values[:, 1], values[:, 2])
    players = len(cards)
    points = [0] * players
    pairs = []
    for a in range(players):
        for b in range(a + 1, players):
            pair = _pair(a, b, values, foul, roy)
            points[a] += pair.points
            points[b] -= pair.points
            pairs.append(pair)
    return OFCScore(
        tuple(points), tuple(bool(f) for f in foul),
        tuple((0, 0, 0) if f else tuple(int(x) for x in r)  # type: ignore[misc]
              for f, r in zip(foul, roy, strict=True)),
        tuple(pairs),
    )


def score_batch(boards: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Points of many tables at once: boards (T, players, 13) integer cards, each row
    bottom (5), middle (5), top (3) -> (T, players) int64.  Checked once (dtype, shape,
    card values, duplicates within a table) and computed with numpy over
    HIGH.evaluate_batch and OFC_TOP.evaluate_batch; agrees with :func:`score`."""
    arr: Any = np.asarray(boards)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"boards must be an integer array, got dtype {arr.dtype}")
    if arr.ndim != 3 or arr.shape[2] != 13 or not 2 <= arr.shape[1] <= 4:
        raise ValueError(f"boards must have shape (T, 2..4, 13), got {arr.shape}")
    t, players, _ = arr.shape
    rows = arr.reshape(t, players * 13)
    if rows.size and (rows.min() < 0 or rows.max() > 51):
        bad = int(rows.min()) if rows.min() < 0 else int(rows.max())
        d, col = (int(x) for x in np.argwhere(rows == bad)[0])
        raise ValueError(f"table {d}, player {col // 13}: card value {bad} is outside 0..51")
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    bad_cell = _kernels.check_rows(rows, (1 << 52) - 1)
    if bad_cell is not None:
        d, col, _reason = bad_cell
        raise ValueError(f"table {d}, player {col // 13}: duplicate card "
                         f"{card_name(int(rows[d, col]))}")
    s = _row_values(rows.reshape(t, players, 13))
    foul = fouled(s[..., 0], s[..., 1], s[..., 2])                     # (T, P)
    roy = np.where(foul, 0, royalties(s[..., 0], s[..., 1], s[..., 2]).sum(axis=-1))
    points = np.zeros((t, players), dtype=np.int64)
    for a in range(players):
        for b in range(a + 1, players):
            fa, fb = foul[:, a], foul[:, b]
            rows_won = np.sign(s[:, a] - s[:, b]).sum(axis=-1)
            rows_won = np.where(np.abs(rows_won) == 3, np.sign(rows_won) * SCOOP_POINTS,
                                rows_won)
            row_points = np.where(fa & fb, 0, np.where(fa, -FOUL_POINTS,
                                  np.where(fb, FOUL_POINTS, rows_won)))
            pair = row_points + roy[:, a] - roy[:, b]
            points[:, a] += pair
            points[:, b] -= pair
    return points
