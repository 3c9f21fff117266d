"""Every game of RULES.md as data: deck, cards dealt, streets, the hand types that decide
the pot and how the pot is divided.

A `Variant` is a frozen dataclass; nothing downstream branches on its name.  Hand types
are named by the `evaluator` attribute that ranks them (resolved on first use, so the
definitions import instantly) and are reached through `Variant.high_type` and
`Variant.low_type`.  Streets and betting are carried as data too, so the game engine
can grow on these definitions without changing their shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

import numpy as np
import numpy.typing as npt

import evaluator
from evaluator import RANKS


class Split(Enum):
    """How a pot is divided at showdown."""

    HIGH = "high"            # best high hand(s) take it
    HIGH_LOW = "high-low"    # half to best high, half to best qualifying low (else high scoops)
    LOW = "low"              # best low hand(s) take it (2-7 lowball: the hand type ranks lows)


class Betting(Enum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


@dataclass(frozen=True)
class Street:
    """One dealing step followed by a betting round.

    board: community cards dealt face up; hole: cards dealt to each player;
    discard: cards each player must discard (Crazy Pineapple's flop);
    draw: players may exchange 0..draw cards (draw games);
    burn: cards burned before dealing;
    discard_after_betting: the street's discard comes after its betting round instead of
    before it (Crazy Pineapple discards after the flop betting, seed 000);
    big_bet: in fixed limit this round's bets and raises are the big bet, not the small
    bet (hold'em's turn and river; triple draw's rounds after the second draw).
    """

    name: str
    hole: int = 0
    board: int = 0
    burn: int = 0
    discard: int = 0
    draw: int = 0
    betting: bool = True
    discard_after_betting: bool = False
    big_bet: bool = False


@dataclass(frozen=True)
class Variant:
    """A poker game as data."""

    name: str                     # the name `variant()` knows it by
    title: str                    # for people
    lowest_rank: str = "2"        # deck: every card from this rank up to the ace
    hole_cards: int = 2           # cards each player holds at showdown
    board_cards: int = 5          # community cards at showdown (0 for draw games)
    dealt_hole_cards: int | None = None  # cards dealt before any discard (Crazy Pineapple: 3)
    high: str | None = "HIGH"     # evaluator attribute ranking the high (or only) hand
    low: str | None = None        # evaluator attribute ranking the low half (Hi/Lo)
    split: Split = Split.HIGH
    hole_used: int | None = None  # exactly this many hole cards in a hand (Omaha: 2)
    min_players: int = 2
    max_players: int = 10
    streets: tuple[Street, ...] = ()
    betting: Betting = Betting.NO_LIMIT
    options: tuple[tuple[str, Any], ...] = field(default=())

    # ---------------------------------------------------------------- the deck
    @property
    def deck(self) -> npt.NDArray[np.uint8]:
        """The cards this game is played with, as card values."""
        return evaluator.deck(self.lowest_rank)

    @property
    def deck_size(self) -> int:
        return 4 * (13 - RANKS.index(self.lowest_rank))

    @property
    def deck_mask(self) -> int:
        low = 4 * RANKS.index(self.lowest_rank)
        return ((1 << 52) - 1) ^ ((1 << low) - 1)

    @property
    def dealt(self) -> int:
        """Hole cards dealt to each player (before any discard)."""
        return self.dealt_hole_cards if self.dealt_hole_cards is not None else self.hole_cards

    # ---------------------------------------------------------------- hand types
    @property
    def high_type(self) -> Any:
        """The evaluator object ranking the high (or only) hand, or None."""
        return None if self.high is None else getattr(evaluator, self.high)

    @property
    def low_type(self) -> Any:
        """The evaluator object ranking the low half, or None."""
        return None if self.low is None else getattr(evaluator, self.low)

    @property
    def is_community(self) -> bool:
        return self.board_cards > 0

    def with_options(self, **changes: Any) -> Variant:
        """A copy with some fields changed (e.g. betting=Betting.POT_LIMIT)."""
        return replace(self, **changes)


def _holdem_streets(hole: int, discard_on_flop: int = 0) -> tuple[Street, ...]:
    return (
        Street("preflop", hole=hole),
        Street("flop", board=3, burn=1, discard=discard_on_flop,
               discard_after_betting=discard_on_flop > 0),
        Street("turn", board=1, burn=1, big_bet=True),
        Street("river", board=1, burn=1, big_bet=True),
    )


HOLDEM = Variant("holdem", "Texas Hold'em", streets=_holdem_streets(2))
SHORT_DECK = Variant(
    "short-deck", "Short deck (six plus) Hold'em", lowest_rank="6", high="SHORT_DECK",
    max_players=9, streets=_holdem_streets(2),
)
OMAHA = Variant(
    "omaha", "Omaha", hole_cards=4, high="OMAHA", hole_used=2, streets=_holdem_streets(4),
    betting=Betting.POT_LIMIT,
)
OMAHA5 = OMAHA.with_options(name="omaha5", title="Five-card Omaha", hole_cards=5,
                            streets=_holdem_streets(5), max_players=9)
OMAHA6 = OMAHA.with_options(name="omaha6", title="Six-card Omaha", hole_cards=6,
                            streets=_holdem_streets(6), max_players=7)  # 7 x 6 + 5 = 47 cards
OMAHA_HI_LO = OMAHA.with_options(
    name="omaha-hilo", title="Omaha Hi/Lo (eight or better)", low="OMAHA_EIGHT_OR_BETTER",
    split=Split.HIGH_LOW,
)
OMAHA5_HI_LO = OMAHA_HI_LO.with_options(
    name="omaha5-hilo", title="Five-card Omaha Hi/Lo (eight or better)", hole_cards=5,
    streets=_holdem_streets(5), max_players=9,
)
CRAZY_PINEAPPLE = Variant(
    "crazy-pineapple", "Crazy Pineapple", dealt_hole_cards=3,
    streets=_holdem_streets(3, discard_on_flop=1), max_players=8,
)
DEUCE_TO_SEVEN_TRIPLE_DRAW = Variant(
    "2-7-triple-draw", "2-7 Triple Draw", hole_cards=5, board_cards=0, high="DEUCE_TO_SEVEN",
    split=Split.LOW, max_players=6, betting=Betting.FIXED_LIMIT,
    streets=(
        Street("predraw", hole=5),
        Street("first draw", draw=5),
        Street("second draw", draw=5, big_bet=True),
        Street("third draw", draw=5, big_bet=True),
    ),
)
ITALIAN = Variant(
    "italian", "Italian traditional poker (5-card draw)", lowest_rank="7", hole_cards=5,
    board_cards=0, high="italian", max_players=6, betting=Betting.POT_LIMIT,
    streets=(Street("deal", hole=5), Street("draw", draw=5)),
)
OFC = Variant(
    "ofc", "Open Face Chinese", hole_cards=13, board_cards=0, high="HIGH", min_players=2,
    max_players=4, streets=(
        Street("set", hole=5, betting=False),
        *(Street(f"card {i}", hole=1, betting=False) for i in range(6, 14)),
    ),
)

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (HOLDEM, SHORT_DECK, OMAHA, OMAHA5, OMAHA6, OMAHA_HI_LO, OMAHA5_HI_LO,
              CRAZY_PINEAPPLE, DEUCE_TO_SEVEN_TRIPLE_DRAW, ITALIAN, OFC)
}


def italian_deck_rank(players: int | None) -> str:
    """Lowest rank of the Italian deck for that many players (None: the full deck)."""
    if players is None:
        return "2"
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 9:
        raise ValueError(f"Italian poker is for 2..9 players, got {players!r}")
    return RANKS[max(0, 11 - players - 2)]


def variant(game: Variant | str, *, players: int | None = None) -> Variant:
    """A game by object or name ("holdem", "omaha-hilo", ...).

    For Italian poker the deck follows `players` (lowest rank 11 - players) unless
    the variant given already fixes it.
    """
    if isinstance(game, Variant):
        found = game
    elif isinstance(game, str):
        key = game.strip().lower()
        if key not in VARIANTS:
            known = ", ".join(sorted(VARIANTS))
            raise ValueError(f"unknown game {game!r}; known games: {known}")
        found = VARIANTS[key]
    else:
        raise ValueError(f"game must be a Variant or a name, got {type(game).__name__}")
    if found.name == "italian" and players is not None and isinstance(game, str):
        found = found.with_options(lowest_rank=italian_deck_rank(players), max_players=players)
    return found
