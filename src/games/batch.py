"""Many showdowns at once: numpy arrays in, (N, players) int64 payouts out.

The input is checked once, in full, before anything is computed; the pots are then
settled by the Cython kernel of games/_showdown.pyx without the GIL.  Which values
the kernel compares is data of the variant:

* a board game whose hand is the best five of hole + board cards (hold'em, short
  deck, Crazy Pineapple after the discard) is valued inside the kernel from the hand
  type's lookup tables;
* any other hand type with `evaluate_batch` (Omaha and Omaha Hi/Lo, whose hands take
  exactly two hole cards; 2-7 draw, which has no board) is valued first by its own
  batch evaluator, then the same kernel splits the pots.

Italian poker has no values that order every showdown (straight flushes beat each
other in a cycle) and OFC is not a pot game; both are refused here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import _kernels, card_name
from games import _showdown
from games.showdown import _hand_type
from games.variants import Split, Variant, variant

MAX_SEATS = 16   # the kernel's fixed per-deal buffers


def _int_array(x: npt.ArrayLike, name: str) -> npt.NDArray[Any]:
    arr = np.asarray(x)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"{name} must be an integer array, got dtype {arr.dtype}")
    return arr


def _check_cards(game: Variant, holes: npt.ArrayLike, boards: npt.ArrayLike | None
                 ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    h = _int_array(holes, "holes")
    if h.ndim != 3 or h.shape[2] != game.hole_cards:
        raise ValueError(f"holes must have shape (N, players, {game.hole_cards}) for "
                         f"{game.title}, got {h.shape}")
    n, seats, k = h.shape
    if not 2 <= seats <= min(game.max_players, MAX_SEATS):
        raise ValueError(f"{game.title} is played by 2..{game.max_players} seats, got {seats}")
    b = _int_array(np.empty((n, 0), np.uint8) if boards is None else boards, "boards")
    if b.shape != (n, game.board_cards):
        raise ValueError(f"boards must have shape ({n}, {game.board_cards}) for "
                         f"{game.title}, got {b.shape}")
    rows = np.concatenate([h.reshape(n, seats * k), b], axis=1)
    if rows.dtype != np.uint8 and rows.size:
        low, high = rows.min(), rows.max()
        if low < 0 or high > 51:
            bad = int(low) if low < 0 else int(high)
            d, col = (int(x) for x in np.argwhere(rows == bad)[0])
            raise ValueError(f"deal {d}, {_place(col, seats, k)}: card value {bad} is "
                             "outside 0..51")
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    bad_cell = _kernels.check_rows(rows, game.deck_mask)
    if bad_cell is not None:
        d, col, reason = bad_cell
        card = card_name(int(rows[d, col]))
        if reason == "duplicate":
            first = int(np.flatnonzero(rows[d] == rows[d, col])[0])
            raise ValueError(f"deal {d}: card {card} is in {_place(first, seats, k)} and in "
                             f"{_place(col, seats, k)}")
        raise ValueError(f"deal {d}, {_place(col, seats, k)}: card {card} is not in the "
                         f"{game.deck_size}-card deck of {game.title}")
    holes_out = np.ascontiguousarray(rows[:, : seats * k].reshape(n, seats, k))
    return holes_out, np.ascontiguousarray(rows[:, seats * k:])


def _place(col: int, seats: int, k: int) -> str:
    """Where column `col` of a deal's row of cards (holes, then board) lies."""
    if col < seats * k:
        return f"seat {col // k}'s hole card {col % k}"
    return f"board card {col - seats * k}"


def _check_chips(contributions: npt.ArrayLike, folded: npt.ArrayLike | None,
                 button: int | npt.ArrayLike, n: int, seats: int
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    c = _int_array(contributions, "contributions")
    if c.shape != (n, seats):
        raise ValueError(f"contributions must have shape ({n}, {seats}), got {c.shape}")
    if c.size and c.min() < 0:
        d, s = (int(x) for x in np.argwhere(c < 0)[0])
        raise ValueError(f"deal {d}, seat {s}: negative contribution {int(c[d, s])}")
    c = np.ascontiguousarray(c, dtype=np.int64)
    if folded is None:
        f = np.zeros((n, seats), dtype=np.uint8)
    else:
        fa = np.asarray(folded)
        if fa.dtype != np.bool_:
            raise ValueError(f"folded must be a bool array, got dtype {fa.dtype}")
        if fa.shape != (n, seats):
            raise ValueError(f"folded must have shape ({n}, {seats}), got {fa.shape}")
        everyone = np.flatnonzero(fa.all(axis=1))
        if len(everyone):
            raise ValueError(f"deal {int(everyone[0])}: every seat folded")
        f = np.ascontiguousarray(fa, dtype=np.uint8)
    bt = _int_array(button, "button")
    if bt.ndim == 0:
        bt = np.full(n, int(bt), dtype=np.int64)
    if bt.shape != (n,):
        raise ValueError(f"button must be an int or shape ({n},), got {bt.shape}")
    if n and (bt.min() < 0 or bt.max() >= seats):
        d = int(np.flatnonzero((bt < 0) | (bt >= seats))[0])
        raise ValueError(f"deal {d}: button {int(bt[d])} is not a seat of 0..{seats - 1}")
    return c, f, np.ascontiguousarray(bt, dtype=np.int64)


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
    integer chips >= 0; folded: (N, players) bool or None; button: the button's seat,
    an int or (N,) array.  Each deal is settled exactly as :func:`games.showdown`
    settles it.  Every array is checked first (dtype, shape, card values, the deck,
    duplicates across all seats and the board of a deal, negative chips, deals where
    everyone folded) and a ValueError names the deal, the seat and the card.
    """
    game = variant(game)
    high_type = _hand_type(game, game.high)
    if not hasattr(high_type, "evaluate_batch") or (
            game.hole_used is None and game.hole_cards + game.board_cards > 7):
        raise ValueError(f"{game.title} has no batch showdown (no hand values ordering "
                         "every showdown)")
    h, b = _check_cards(game, holes, boards)
    n, seats, _ = h.shape
    c, f, bt = _check_chips(contributions, folded, button, n, seats)
    out = np.zeros((n, seats), dtype=np.int64)
    low_type = _hand_type(game, game.low) if game.split is Split.HIGH_LOW else None
    if low_type is None and game.hole_used is None and game.board_cards:
        _showdown.settle_board(high_type.tables, h, b, c, f, bt, out)
        return out
    high = _values(game, high_type, h, b)
    low = _values(game, low_type, h, b) if low_type is not None else high
    _showdown.settle(c, f, high, low, low_type is not None, bt, out)
    return out


def _values(game: Variant, kind: Any, holes: npt.NDArray[np.uint8],
            boards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """(N, players) values of every seat's hand by a batch evaluator."""
    n, seats, hole = holes.shape
    flat = holes.reshape(n * seats, hole)
    if game.hole_used is not None:
        values = kind.evaluate_batch(flat, np.repeat(boards, seats, axis=0))
    else:
        both = np.concatenate([flat, np.repeat(boards, seats, axis=0)], axis=1)
        values = kind.evaluate_batch(both)
    return np.ascontiguousarray(values, dtype=np.int32).reshape(n, seats)
