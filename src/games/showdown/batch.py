"""Many showdowns at once: numpy arrays in, (N, players) int64 payouts out.

The input is checked once, in full, before anything is computed; the pots are then
settled by the Cython kernel of games/showdown/_kernel.pyx without the GIL.  Which
values the kernel compares is data of the variant's rankings:

* a ranking whose tables are plain best-five tables (`evaluator.tables.HandTables`:
  hold'em, short deck, Crazy Pineapple after the discard) is valued inside the kernel,
  each deal's board keys summed once;
* any other ranking (Omaha and Omaha Hi/Lo, whose hands take exactly two hole cards;
  2-7 draw, which has no board) is valued first by its own `evaluate_batch`, then the
  same kernel splits the pots.

Rankings whose values do not order every showdown (`total_order` False: Italian
straight flushes beat each other in a cycle) and placement games (OFC) are refused.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import Ranking, card_name
from evaluator.checks import as_array, card_array, first_bad_cell, integer_array
from evaluator.dask_arrays import any_dask, map_row_blocks
from evaluator.tables import HandTables
from games import chips
from games.showdown import _kernel
from games.variants import Split, Variant, variant

MAX_SEATS = 16   # the kernel's fixed per-deal buffers


def _check_cards(game: Variant, holes: object, boards: object
                 ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    h = card_array(holes, "holes", lambda a: a.ndim == 3 and a.shape[2] == game.hole_cards,
                   f"(N, players, {game.hole_cards}) for {game.title}")
    n, seats, k = h.shape
    if not 2 <= seats <= min(game.max_players, MAX_SEATS):
        raise ValueError(f"{game.title} is played by 2..{game.max_players} seats, got {seats}")
    b = card_array(np.empty((n, 0), np.uint8) if boards is None else boards, "boards",
                   lambda a: a.shape == (n, game.board_cards), f"({n}, {game.board_cards})")
    flat = h.reshape(n, seats * k)       # a view: card_array returned it C-contiguous
    bad_cell = first_bad_cell(flat, game.deck_mask, more=b)
    if bad_cell is not None:
        d, col, reason = bad_cell
        row = np.concatenate([flat[d], b[d]])
        value = int(row[col])
        if reason == "duplicate":
            first = int(np.flatnonzero(row == value)[0])
            raise ValueError(f"deal {d}: card {card_name(value)} is in "
                             f"{_place(first, seats, k)} and in {_place(col, seats, k)}")
        where = f"deal {d}, {_place(col, seats, k)}"
        if value > 51:      # a uint8 value 52..255 (other dtypes were checked above)
            raise ValueError(f"{where}: card value {value} is outside 0..51")
        raise ValueError(f"{where}: card {card_name(value)} is not in the "
                         f"{game.deck_size}-card deck of {game.title}")
    return h, b


def _place(col: int, seats: int, k: int) -> str:
    """Where column `col` of a deal's row of cards (holes, then board) lies."""
    if col < seats * k:
        return f"seat {col // k}'s hole card {col % k}"
    return f"board card {col - seats * k}"


def _check_seats(folded: object, button: object, n: int, seats: int
                 ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    if folded is None:
        f = np.zeros((n, seats), dtype=np.uint8)
    else:
        fa = as_array(folded, "folded")
        if fa.dtype != np.bool_:
            raise TypeError(f"folded must be a bool array, got dtype {fa.dtype}")
        if fa.shape != (n, seats):
            raise ValueError(f"folded must have shape ({n}, {seats}), got {fa.shape}")
        everyone = np.flatnonzero(fa.all(axis=1))
        if len(everyone):
            raise ValueError(f"deal {int(everyone[0])}: every seat folded")
        f = np.ascontiguousarray(fa, dtype=np.uint8)
    bt = integer_array(button, "button")
    if bt.ndim == 0:
        bt = np.full(n, chips.seat(int(bt), seats), dtype=np.int64)
    if bt.shape != (n,):
        raise ValueError(f"button must be an int or shape ({n},), got {bt.shape}")
    if n and (bt.min() < 0 or bt.max() >= seats):
        d = int(np.flatnonzero((bt < 0) | (bt >= seats))[0])
        raise ValueError(f"deal {d}: button {int(bt[d])} is not a seat of 0..{seats - 1}")
    return f, np.require(bt, np.int64, ("C", "A"))


def showdown_batch(
    game: Variant | str,
    holes: npt.ArrayLike,
    boards: npt.ArrayLike | None,
    contributions: npt.ArrayLike,
    folded: npt.ArrayLike | None = None,
    button: int | npt.ArrayLike = 0,
) -> npt.NDArray[np.int64]:
    """Payouts of N showdowns: (N, players) int64, the chips each seat collects.

    holes: (N, players, hole_cards) integer cards (folded seats' cards included);
    boards: (N, board_cards) (None for draw games); contributions: (N, players)
    integer chips >= 0 whose sum per deal fits in int64; folded: (N, players) bool or
    None; button: the button's seat, an int or (N,) array.  Each deal is settled
    exactly as :func:`games.showdown` settles it.  Every array is checked first
    (dtype, shape, card values, the deck, duplicates across all seats and the board of
    a deal, negative or overflowing chips, deals where everyone folded): TypeError for
    a wrong dtype, ValueError naming the deal, the seat and the card otherwise.

    Given dask arrays (rows chunked, other axes whole), returns a dask array computed
    block by block (:mod:`evaluator.dask_arrays`); a refused block's error names its
    first deal.
    """
    game = variant(game)
    if any_dask(holes, boards, contributions, folded, button):
        seats = holes.shape[1] if hasattr(holes, "shape") and len(holes.shape) == 3 else None
        if seats is None:
            raise ValueError("holes must be (N, players, hole_cards)")

        def block(h: Any, b: Any, c: Any, f: Any, bt: Any) -> npt.NDArray[np.int64]:
            return showdown_batch(game, h, b, c, f, bt)
        return map_row_blocks(  # type: ignore[no-any-return]
            block, [holes, boards, contributions, folded, button],
            ["holes", "boards", "contributions", "folded", "button"], (seats,), np.int64)
    high = game.high
    if high is None or game.rows or not high.total_order:
        raise ValueError(f"{game.title} has no batch showdown (no hand values ordering "
                         "every showdown)")
    h, b = _check_cards(game, holes, boards)
    n, seats, _ = h.shape
    c = chips.amount_array(contributions, (n, seats))
    f, bt = _check_seats(folded, button, n, seats)
    out = np.zeros((n, seats), dtype=np.int64)
    low = game.low if game.split is Split.HIGH_LOW else None
    if low is None and isinstance(high.tables, HandTables) and game.board_cards:
        _kernel.settle_board(high.tables, h, b, c, f, bt, out)
        return out
    high_values = _values(high, h, b)
    low_values = _values(low, h, b) if low is not None else high_values
    _kernel.settle(c, f, high_values, low_values, low is not None, bt, out)
    return out


def _values(ranking: Ranking, holes: npt.NDArray[np.uint8],
            boards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """(N, players) values of every seat's hand by the ranking's batch evaluator."""
    n, seats, hole = holes.shape
    flat = holes.reshape(n * seats, hole)
    board_rows = np.repeat(boards, seats, axis=0) if boards.shape[1] else None
    values = ranking.evaluate_batch(flat, board_rows)
    return np.ascontiguousarray(values, dtype=np.int32).reshape(n, seats)
