"""Open Face Chinese scoring (docs/rules/ofc.md).

Each player's finished board is (bottom, middle, top): 5, 5 and 3 cards.  Between
every pair of players: +1/-1 per row won/lost (0 for a tied row), 6 instead of 3 for
winning all three rows; a fouled hand (a row stronger than the row below it) pays 6 to
every unfouled hand, two fouled hands score 0; royalties are paid pairwise as the
difference of the two players' royalties, and *(decision)* a fouled hand earns none,
so an unfouled hand collects 6 plus its royalties from a fouled one.  Rows are valued
and royalties read by games/ofc/rows.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from evaluator import CardsLike, card_name, parse_cards
from evaluator.checks import card_array, first_bad_cell
from games.ofc.rows import ROW_CARDS, ROWS, fouled, row_values, royalties

FOUL_POINTS = 6
SCOOP_POINTS = 6            # winning all three rows scores this instead of 3


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
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence):
        raise TypeError(f"boards must be a sequence of (bottom, middle, top) boards, got "
                        f"{type(boards).__name__}")
    if not 2 <= len(boards) <= 4:
        raise ValueError(f"OFC is scored between 2..4 players' boards, got {len(boards)}")
    out = np.empty((len(boards), 13), dtype=np.uint8)
    owner: dict[int, str] = {}
    for p, board in enumerate(boards):
        if isinstance(board, (str, bytes)) or not isinstance(board, Sequence):
            raise TypeError(f"player {p}: a board is a (bottom, middle, top) triple, got "
                            f"{type(board).__name__}")
        if len(board) != 3:
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
    values = row_values(cards)
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
    arr = card_array(boards, "boards",
                     lambda a: a.ndim == 3 and a.shape[2] == 13 and 2 <= a.shape[1] <= 4,
                     "(T, 2..4, 13)")
    t, players, _ = arr.shape
    rows = np.ascontiguousarray(arr.reshape(t, players * 13))
    bad_cell = first_bad_cell(rows)
    if bad_cell is not None:
        d, col, reason = bad_cell
        card = int(rows[d, col])
        if reason == "card":     # a uint8 value 52..255 (other dtypes were checked above)
            raise ValueError(f"boards[{d}, {col // 13}, {col % 13}]: card value {card} is "
                             "outside 0..51")
        raise ValueError(f"table {d}, player {col // 13}: duplicate card {card_name(card)}")
    s = row_values(rows.reshape(t, players, 13))
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
