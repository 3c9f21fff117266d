"""Every game of the rules (docs/rules) as data: deck, cards dealt, streets, the hand
types that decide the pot and how the pot is divided.

A `Variant` is a frozen dataclass; nothing downstream branches on its name.  The hand
types are :class:`evaluator.Ranking` objects (`Variant.high`, `Variant.low`) whose
tables are built on first use, so the definitions import instantly.  Where the deck
depends on the number of players (Italian poker) the variant carries the rule itself,
as a function from the number of players to the ranking for that deck
(`Variant.ranking_for_players`), applied by :func:`variant`.  A game that places cards
in rows instead of showing down a hand (Open Face Chinese) lists its rows
(`Variant.rows`).  Streets and betting are carried as data too, so the game engine can
grow on these definitions without changing their shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

import numpy as np
import numpy.typing as npt

import evaluator
from evaluator import RANKS, Ranking
from evaluator.checks import count


class Split(Enum):
    """How a pot is divided at showdown."""

    HIGH = "high"            # best high hand(s) take it
    HIGH_LOW = "high-low"    # half to best high, half to best qualifying low (else high scoops)
    LOW = "low"              # best low hand(s) take it (2-7 lowball: the hand type ranks lows)


class Betting(Enum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class Opener(Enum):
    """Who opens a street's betting round (speaks first).

    POSITION: the seat after the blinds in the first round, the first seat left of the
    button after it.  The stud games open by the cards showing (face up), as PHH's
    reference does: LOW_CARD, the lowest card (aces high; between cards of one rank the
    lower suit, clubs < diamonds < hearts < spades) and HIGH_CARD, the highest (aces
    low: razz), each bringing in; HIGH_HAND, the best high hand showing (pairs, two
    pair, trips, quads, then the ranks; straights and flushes do not count) and
    LOW_HAND, the best ace-to-five low showing (razz), between equal hands the first
    seat from p1.
    """

    POSITION = "position"
    LOW_CARD = "low card"
    HIGH_CARD = "high card"
    HIGH_HAND = "high hand"
    LOW_HAND = "low hand"


@dataclass(frozen=True)
class Street:
    """One dealing step followed by a betting round.

    board: community cards dealt face up; hole: cards dealt to each player;
    discard: cards each player must discard (Crazy Pineapple's flop);
    draw: players may exchange 0..draw cards (draw games);
    place: cards each player places in its rows from those dealt this street, the
    others discarded (Open Face Chinese places all it is dealt; Pineapple OFC places
    two of three);
    burn: cards burned before dealing;
    discard_after_betting: the street's discard comes after its betting round instead of
    before it (Crazy Pineapple discards after the flop betting, seed 000);
    big_bet: in fixed limit this round's bets and raises are the big bet, not the small
    bet (hold'em's turn and river; triple draw's rounds after the second draw).
    opening: the round's first bet needs the opening requirement (Italian poker: a
    pair of jacks or better, games/engine/rules/opening.py);
    led_by_opener: the player who opened speaks first in this round (Italian poker
    after the draw);
    carries_if_checked: when everyone checks the round through, nobody wins and the
    pot is carried to the next deal (Italian poker: a deal nobody opens, a paròl);
    serve_at_once: a draw serves at most this many cards to a player at once, the
    rest after every other player (0: no limit; Italian poker: 3).
    up: of the `hole` cards dealt to each player, the last `up` are dealt face up (stud:
    two down and one up on third street, one up on the next three, one down last);
    opener: who opens the street's betting round (`Opener`; stud: by the cards showing);
    bring_in: the round opens with the bring-in: its opener posts it or completes to the
    round's bet (stud's third street; the amount is a table option);
    common_if_short: when the stub cannot give every player still in its hole cards,
    they are dealt face up to the board instead, common to all (stud's seventh street
    with eight players).
    """

    name: str
    hole: int = 0
    board: int = 0
    burn: int = 0
    discard: int = 0
    draw: int = 0
    place: int = 0
    betting: bool = True
    discard_after_betting: bool = False
    big_bet: bool = False
    opening: bool = False
    led_by_opener: bool = False
    carries_if_checked: bool = False
    serve_at_once: int = 0
    up: int = 0
    opener: Opener = Opener.POSITION
    bring_in: bool = False
    common_if_short: bool = False


@dataclass(frozen=True)
class Row:
    """One row of a placement game (Open Face Chinese): its name, how many cards it
    holds and the ranking that values it."""

    name: str
    cards: int
    ranking: Ranking


@dataclass(frozen=True)
class Variant:
    """A poker game as data."""

    name: str                     # the name `variant()` knows it by
    title: str                    # for people
    lowest_rank: str = "2"        # deck: every card from this rank up to the ace
    hole_cards: int = 2           # cards each player holds at showdown
    board_cards: int = 5          # community cards at showdown (0 for draw games)
    dealt_hole_cards: int | None = None  # cards dealt before any discard (Crazy Pineapple: 3)
    high: Ranking | None = evaluator.HIGH  # ranks the high (or only) hand
    low: Ranking | None = None    # ranks the low half (Hi/Lo)
    split: Split = Split.HIGH
    min_players: int = 2
    max_players: int = 10         # the engine's tables seat at most 10 (games.Table)
    streets: tuple[Street, ...] = ()
    betting: Betting = Betting.NO_LIMIT
    #: the ranking for a number of players, where the deck follows them (Italian poker:
    #: evaluator.italian); :func:`variant` applies it
    ranking_for_players: Callable[[int], Any] | None = None
    #: the rows of a placement game (Open Face Chinese), bottom first; empty otherwise
    rows: tuple[Row, ...] = ()
    #: a raise goes at most to twice the bet it raises (Italian poker, RULES.md)
    raise_at_most_double: bool = False
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

    def check_in_deck(self, cards: npt.NDArray[np.uint8], what: str) -> None:
        """Every card (an array of card values, any shape, in row order) is in this
        game's deck, or a ValueError names `what` and the first card that is not; one
        numpy pass, as a range holds up to 1,326 combos."""
        flat = np.asarray(cards, dtype=np.uint8).reshape(-1)
        outside = ((np.uint64(self.deck_mask) >> flat.astype(np.uint64)) & np.uint64(1)) == 0
        if outside.any():
            c = int(flat[int(np.argmax(outside))])
            raise ValueError(f"{what}: card {evaluator.card_name(c)} is not in the "
                             f"{self.title} deck")

    @property
    def dealt(self) -> int:
        """Hole cards dealt to each player (before any discard)."""
        return self.dealt_hole_cards if self.dealt_hole_cards is not None else self.hole_cards

    @property
    def is_community(self) -> bool:
        return self.board_cards > 0

    @property
    def has_bring_in(self) -> bool:
        """A street opens with a bring-in (the stud games)."""
        return any(s.bring_in for s in self.streets)

    @property
    def common_cards(self) -> int:
        """Hole cards that become a common board card when the deck runs short (stud's
        seventh street): a showdown may then have this many board cards, and as many
        hole cards fewer."""
        return sum(s.hole for s in self.streets if s.common_if_short)

    def with_options(self, **changes: Any) -> Variant:
        """A copy with some fields changed (e.g. betting=Betting.POT_LIMIT)."""
        return replace(self, **changes)

    def for_players(self, players: int) -> Variant:
        """The game as `players` players play it: where the deck follows the number of
        players (`ranking_for_players`), the ranking and the deck for that number, at
        most that many seats; any other game unchanged."""
        if self.ranking_for_players is None:
            return self
        ranking = self.ranking_for_players(players)
        return replace(self, high=ranking, lowest_rank=ranking.lowest_rank,
                       max_players=players)


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
    "short-deck", "Short deck (six plus) Hold'em", lowest_rank="6", high=evaluator.SHORT_DECK,
    max_players=9, streets=_holdem_streets(2),
)
OMAHA = Variant(
    "omaha", "Omaha", hole_cards=4, high=evaluator.OMAHA, streets=_holdem_streets(4),
    betting=Betting.POT_LIMIT,
)
OMAHA5 = OMAHA.with_options(name="omaha5", title="Five-card Omaha", hole_cards=5,
                            streets=_holdem_streets(5), max_players=9)
OMAHA6 = OMAHA.with_options(name="omaha6", title="Six-card Omaha", hole_cards=6,
                            streets=_holdem_streets(6), max_players=7)  # 7 x 6 + 5 = 47 cards
OMAHA_HI_LO = OMAHA.with_options(
    name="omaha-hilo", title="Omaha Hi/Lo (eight or better)",
    low=evaluator.OMAHA_EIGHT_OR_BETTER, split=Split.HIGH_LOW,
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
    "2-7-triple-draw", "2-7 Triple Draw", hole_cards=5, board_cards=0,
    high=evaluator.DEUCE_TO_SEVEN, split=Split.LOW, max_players=6,
    betting=Betting.FIXED_LIMIT,
    streets=(
        Street("predraw", hole=5),
        Street("first draw", draw=5),
        Street("second draw", draw=5, big_bet=True),
        Street("third draw", draw=5, big_bet=True),
    ),
)
DEUCE_TO_SEVEN_SINGLE_DRAW = DEUCE_TO_SEVEN_TRIPLE_DRAW.with_options(
    name="2-7-single-draw", title="2-7 Single Draw", betting=Betting.NO_LIMIT,
    streets=(Street("predraw", hole=5), Street("draw", draw=5)),
)
BADUGI = Variant(
    "badugi", "Badugi", hole_cards=4, board_cards=0, high=evaluator.BADUGI,
    split=Split.LOW, max_players=6, betting=Betting.FIXED_LIMIT,
    streets=(
        Street("predraw", hole=4),
        Street("first draw", draw=4),
        Street("second draw", draw=4, big_bet=True),
        Street("third draw", draw=4, big_bet=True),
    ),
)


def _stud_streets(low: bool) -> tuple[Street, ...]:
    """Seven-card stud's streets: two cards down and one up, then one up on each of
    the next three streets and one down last; the bring-in on third street by the
    lowest card showing (razz: the highest), the best hand showing opening the later
    rounds (razz: the lowest); the big bet from fifth street."""
    bring = Opener.HIGH_CARD if low else Opener.LOW_CARD
    best = Opener.LOW_HAND if low else Opener.HIGH_HAND
    return (
        Street("third street", hole=3, up=1, opener=bring, bring_in=True),
        Street("fourth street", hole=1, up=1, opener=best),
        Street("fifth street", hole=1, up=1, opener=best, big_bet=True),
        Street("sixth street", hole=1, up=1, opener=best, big_bet=True),
        Street("seventh street", hole=1, opener=best, big_bet=True, common_if_short=True),
    )


# Eight players at most: with eight still in on seventh street the stub (four cards)
# cannot give each a card, so one card goes to the board, common to all.
SEVEN_CARD_STUD = Variant(
    "seven-card-stud", "Seven-card stud", hole_cards=7, board_cards=0, max_players=8,
    betting=Betting.FIXED_LIMIT, streets=_stud_streets(low=False),
)
SEVEN_CARD_STUD_HI_LO = SEVEN_CARD_STUD.with_options(
    name="seven-card-stud-hilo", title="Seven-card stud Hi/Lo (eight or better)",
    low=evaluator.EIGHT_OR_BETTER, split=Split.HIGH_LOW,
)
RAZZ = SEVEN_CARD_STUD.with_options(
    name="razz", title="Razz (seven-card stud, ace-to-five low)", high=evaluator.ACE_TO_FIVE,
    split=Split.LOW, streets=_stud_streets(low=True),
)
# The deck follows the players (lowest rank 11 - players, seed 001 "Il mazzo"): the
# variant holds the four-player game and the rule; variant("italian", players=n) and
# every showdown apply it.  The 52-card option is
# ITALIAN.with_options(high=evaluator.italian(None), lowest_rank="2",
# ranking_for_players=None).
ITALIAN = Variant(
    "italian", "Italian traditional poker (5-card draw)", lowest_rank="7", hole_cards=5,
    board_cards=0, high=evaluator.italian(4), max_players=9, betting=Betting.POT_LIMIT,
    raise_at_most_double=True,
    streets=(Street("deal", hole=5, opening=True, carries_if_checked=True),
             Street("draw", draw=5, serve_at_once=3, led_by_opener=True,
                    carries_if_checked=True)),
    ranking_for_players=evaluator.italian,
)
_OFC_ROWS = (Row("bottom", 5, evaluator.HIGH), Row("middle", 5, evaluator.HIGH),
             Row("top", 3, evaluator.OFC_TOP))
OFC = Variant(
    "ofc", "Open Face Chinese", hole_cards=13, board_cards=0, high=None, min_players=2,
    max_players=4, streets=(
        Street("set", hole=5, place=5, betting=False),
        *(Street(f"card {i}", hole=1, place=1, betting=False) for i in range(6, 14)),
    ),
    rows=_OFC_ROWS,
)
# Pineapple OFC: five cards set, then four rounds of three cards, two placed and one
# discarded face down; 17 cards a player, so three players at most.
PINEAPPLE_OFC = Variant(
    "pineapple-ofc", "Pineapple Open Face Chinese", hole_cards=13, board_cards=0,
    dealt_hole_cards=17, high=None, min_players=2, max_players=3, streets=(
        Street("set", hole=5, place=5, betting=False),
        *(Street(f"round {i}", hole=3, place=2, betting=False) for i in range(2, 6)),
    ),
    rows=_OFC_ROWS,
)

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (HOLDEM, SHORT_DECK, OMAHA, OMAHA5, OMAHA6, OMAHA_HI_LO, OMAHA5_HI_LO,
              CRAZY_PINEAPPLE, DEUCE_TO_SEVEN_TRIPLE_DRAW, DEUCE_TO_SEVEN_SINGLE_DRAW, BADUGI,
              SEVEN_CARD_STUD, SEVEN_CARD_STUD_HI_LO, RAZZ, ITALIAN, OFC, PINEAPPLE_OFC)
}


def variant(game: Variant | str, *, players: int | None = None) -> Variant:
    """A game by object or name ("holdem", "omaha-hilo", ...).

    With `players`, the game as that many players play it (:meth:`Variant.for_players`:
    for Italian poker the deck follows the players, lowest rank 11 - players).
    TypeError for a game that is neither a Variant nor a name, ValueError for an
    unknown name or a number of players the game does not seat.

    >>> variant("omaha-hilo").low.name
    'OMAHA_EIGHT_OR_BETTER'
    >>> variant("italian", players=5).deck_size    # sixes join the deck
    36
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
        raise TypeError(f"game must be a Variant or a name, got {type(game).__name__}")
    if players is not None:
        players = count(players, "players")
        if not found.min_players <= players <= found.max_players:
            raise ValueError(f"{found.title} is played by {found.min_players}.."
                             f"{found.max_players} players, got {players}")
        found = found.for_players(players)
    return found
