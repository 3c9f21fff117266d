"""What one seat sees of a table, as Gymnasium spaces and as arrays: its own hole
cards, the board, every seat's chips behind and in front, the pot and the street.
The vector environment (one hero at every table) and the AEC environment (every seat
of one table an agent) both observe this, each adding its action mask; and the seed
of the tables each deals when reset."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from games.engine.batch import Tables
from games.rl.actions import View

try:
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError("games.rl needs Gymnasium: pip install 'pokerhands[rl]'") from error


def reset_seed(seed: int | None, rng: np.random.Generator) -> int:
    """The seed of the tables a reset deals: the one given, or else one drawn from the
    environment's generator (seeded with the last), so that an unseeded reset deals
    new hands and a run from a seed still replays whole."""
    return int(rng.integers(2**63)) if seed is None else seed


def seat_spaces(tables: Tables) -> dict[str, spaces.Space[Any]]:
    """The space of each part of what one seat sees of one of these tables.  The board
    is the tables' slot of shared cards, the community cards and a common card (the
    stud games' eighth-player river): `Tables.observe` sizes it so."""
    total = int(sum(tables.stacks))
    seats, game = tables.seats, tables.game
    return {
        "hole": spaces.Box(0, 255, (game.hole_cards,), np.uint8),
        "board": spaces.Box(0, 255, (game.board_cards + game.common_cards,), np.uint8),
        "stacks": spaces.Box(0, total, (seats,), np.int64),
        "bets": spaces.Box(0, total, (seats,), np.int64),
        "pot": spaces.Box(0, total, (), np.int64),
        "street": spaces.Box(0, len(game.streets) - 1, (), np.int64),
    }


def seat_view(view: View, seat: int, table: int | slice = slice(None)
              ) -> dict[str, npt.NDArray[Any]]:
    """What `seat` sees at one table (`table` an index) or at each (a slice), copied
    out of `Tables.observe(copy=False)`."""
    return {
        "hole": np.array(view["hole"][table, seat]),
        "board": np.array(view["board"][table]),
        "stacks": np.array(view["stacks"][table]),
        "bets": np.array(view["bets"][table]),
        "pot": np.array(view["pot"][table]),
        "street": np.array(view["street"][table]),
    }
