"""Canonical hand indexes: `index`, `unindex` and `size` for every community-card game.

A *situation* is a player's hole cards and the board at one round (preflop, flop, turn,
river), each an unordered set.  Two situations are *isomorphic* when a relabelling of
the four suits maps one onto the other; they then have the same strength against any
opponent, and the same index.  Indexes of a round run densely over 0..size-1, one per
class of isomorphic situations, in the numbering of Waugh's hand isomorphism indexer
(2013) set up for two rounds of cards (the hole, then the whole board); the kernel is
games/strength/_index.pyx, which says how the numbers are made.

Python validates, the kernel computes: cards are checked once here (shape, the game's
deck, a card held twice in a row, a hole card on the board), then rows go to the kernel
without the GIL.
"""

from __future__ import annotations

import threading
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from evaluator import RANKS, card_name, parse_cards
from evaluator.checks import bad_cell_error, card_array, count, first_bad_cell, integer_array
from evaluator.threads import run_split
from games.strength._index import Indexer
from games.variants import Variant, variant

__all__ = ["board_sizes", "index", "indexer", "size", "unindex"]

_INDEXERS: dict[tuple[int, int, int], Indexer] = {}
_LOCK = threading.Lock()


def _community(game: Variant | str) -> Variant:
    v = variant(game)
    if not v.is_community:
        raise ValueError(f"{v.title} has no community cards; hand indexes are for board "
                         "games")
    return v


def board_sizes(game: Variant | str) -> tuple[int, ...]:
    """Board cards at each round of a community-card game, from its streets: (0, 3, 4,
    5) for hold'em and Omaha."""
    v = _community(game)
    sizes = [0]
    for street in v.streets:
        if street.board:
            sizes.append(sizes[-1] + street.board)
    return tuple(sizes)


def _round_board(v: Variant, rnd: object) -> int:
    sizes = board_sizes(v)
    r = count(rnd, "rnd", 0, len(sizes) - 1)
    return sizes[r]


def indexer(game: Variant | str, board: int) -> Indexer:
    """The (cached) kernel indexer of a game's hole cards with `board` board cards."""
    v = _community(game)
    ranks = 13 - RANKS.index(v.lowest_rank)
    key = (ranks, v.hole_cards, board)
    with _LOCK:
        found = _INDEXERS.get(key)
        if found is None:
            found = _INDEXERS[key] = Indexer(ranks, v.hole_cards, board)
    return found


def size(game: Variant | str, rnd: int) -> int:
    """The number of canonical situations at round `rnd` (0 preflop, 1 flop, 2 turn, 3
    river): 169, 1,286,792, 13,960,050 and 123,156,254 for hold'em.

    >>> tuple(size("holdem", r) for r in range(4))
    (169, 1286792, 13960050, 123156254)
    """
    v = _community(game)
    return int(indexer(v, _round_board(v, rnd)).size)


def _cards(value: Any, name: str, v: Variant, widths: tuple[int, ...]
           ) -> tuple[npt.NDArray[np.uint8], bool]:
    """Rows of cards as (N, k) uint8 and whether one situation was given (a string or
    a 1-d sequence of cards) rather than rows."""
    if isinstance(value, str):
        return parse_cards(value).reshape(1, -1), True
    arr = np.asarray(value) if not isinstance(value, np.ndarray) else value
    if arr.ndim == 1 and arr.size == 0:
        return np.zeros((1, 0), np.uint8), True
    if arr.ndim == 1 and arr.dtype != object:
        return card_array(arr.reshape(1, -1), name, lambda a: True, "(k,)"), True
    if arr.ndim == 1 and arr.size and all(isinstance(x, str) for x in arr.tolist()):
        rows = [parse_cards(x) for x in arr.tolist()]
        if len({len(r) for r in rows}) > 1:
            raise ValueError(f"{name}: every hand must have the same number of cards")
        return np.array(rows, dtype=np.uint8).reshape(len(rows), -1), False
    shape_text = f"(N, {' or '.join(str(w) for w in widths)})"
    return card_array(arr, name, lambda a: a.ndim == 2, shape_text), False


@overload
def index(game: Variant | str, holes: str, boards: str | None = None, *,
          threads: int | None = 1) -> int: ...
@overload
def index(game: Variant | str, holes: Any, boards: Any = None, *,
          threads: int | None = 1) -> Any: ...
def index(game: Variant | str, holes: Any, boards: Any = None, *,
          threads: int | None = 1) -> Any:
    """The canonical index of each situation (hole cards, board cards).

    holes: an (N, h) integer array of hole cards (h = the game's hole cards: 2 in
    hold'em, 4 in Omaha), or one hand ("AhKd", [51, 45]); boards: (N, 0, 3, 4 or 5)
    board cards, one board for one hand, or None for preflop.  Returns an int64 array
    of N indexes, or an int for one situation.  The index is the same for situations
    that differ by the order of their hole cards, the order of their board cards or a
    relabelling of the suits, and different otherwise; indexes run over 0..size-1 for
    each round.

    >>> index("holdem", "AhKh"), index("holdem", "AsKs"), index("holdem", "KdAd")
    (168, 168, 168)
    >>> index("holdem", "AhKd", "Td7s2c") == index("holdem", "AsKc", "2h7dTc")
    True
    """
    v = _community(game)
    sizes = board_sizes(v)
    h = v.hole_cards
    hole_rows, single = _cards(holes, "holes", v, (h,))
    if boards is None:
        board_rows = np.zeros((len(hole_rows), 0), np.uint8)
    else:
        board_rows, single_board = _cards(boards, "boards", v, sizes)
        if single_board != single:
            raise ValueError("give one hand with one board, or rows of hands with as many "
                             "rows of boards")
    if hole_rows.shape[1] != h:
        raise ValueError(f"holes: a {v.title} hand has {h} cards, got "
                         f"{hole_rows.shape[1]}")
    if board_rows.shape[1] not in sizes:
        raise ValueError(f"boards: a {v.title} board has "
                         f"{', '.join(map(str, sizes[:-1]))} or {sizes[-1]} cards, got "
                         f"{board_rows.shape[1]}")
    if board_rows.shape[0] != hole_rows.shape[0]:
        raise ValueError(f"holes has {hole_rows.shape[0]} rows but boards has "
                         f"{board_rows.shape[0]}")
    cell = first_bad_cell(hole_rows, v.deck_mask, threads, more=board_rows)
    if cell is not None:
        row, col, reason = cell
        if reason == "duplicate":
            value = int(np.concatenate([hole_rows[row], board_rows[row]])[col])
            where = "" if single else f"[{row}]"
            on_board = col >= h and value in hole_rows[row].tolist()
            what = (f"hole card {card_name(value)} is also on the board" if on_board
                    else f"duplicate card {card_name(value)}")
            raise ValueError(f"situation{where}: {what}")
        if col < h:
            raise bad_cell_error(hole_rows, (row, col, reason), "holes",
                                 f"{v.title} deck")
        raise bad_cell_error(board_rows, (row, col - h, reason), "boards",
                             f"{v.title} deck")
    ix = indexer(v, board_rows.shape[1])
    out = np.empty(len(hole_rows), dtype=np.int64)

    def work(a: int, b: int) -> None:
        ix.index(hole_rows[a:b], board_rows[a:b], out[a:b])

    run_split(len(out), threads, work, (out,))
    return int(out[0]) if single else out


@overload
def unindex(game: Variant | str, rnd: int, idx: int
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
@overload
def unindex(game: Variant | str, rnd: int, idx: Any
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
def unindex(game: Variant | str, rnd: int, idx: Any
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """A canonical representative (hole cards, board cards) of each index of round
    `rnd` (0 preflop, 1 flop, 2 turn, 3 river), each set of cards in decreasing order.

    For an int, two 1-d uint8 arrays; for an array of N indexes, (N, h) and (N, b).
    ``index(game, *unindex(game, rnd, i)) == i`` for every i in 0..size-1.

    >>> from evaluator import format_cards
    >>> hole, board = unindex("holdem", 1, index("holdem", "AhKd", "Td7s2c"))
    >>> format_cards(hole), format_cards(board)
    ('Ad Kc', 'Tc 7s 2h')
    """
    v = _community(game)
    board = _round_board(v, rnd)
    ix = indexer(v, board)
    single = isinstance(idx, (int, np.integer)) and not isinstance(idx, (bool, np.bool_))
    if isinstance(idx, (bool, np.bool_)):
        raise TypeError("idx must be an int or an integer array, got bool")
    arr = integer_array(idx, "idx").reshape(-1) if not single else np.array([int(idx)])
    total = int(ix.size)
    if arr.size:
        low, high = int(arr.min()), int(arr.max())
        if low < 0 or high >= total:
            bad = low if low < 0 else high
            where = int(np.argmax(arr == bad))
            raise ValueError(f"idx[{where}]: {bad} is outside 0..{total - 1} (round {rnd} "
                             f"of {v.title})" if not single else
                             f"idx {bad} is outside 0..{total - 1} (round {rnd} of "
                             f"{v.title})")
    values = np.ascontiguousarray(arr, dtype=np.int64)
    holes = np.empty((len(values), v.hole_cards), np.uint8)
    boards = np.empty((len(values), board), np.uint8)
    ix.unindex(values, holes, boards)
    if single:
        return holes[0], boards[0]
    return holes, boards
