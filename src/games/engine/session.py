"""A session: hands in a row at one table, what spans them.

    >>> from games import Session
    >>> s = Session("holdem", [100, 100, 100], blinds=(1, 2), seed=1)
    >>> s.button, s.in_hand                  # seat 2 deals first; seat 0 posts the small blind
    (2, (0, 1, 2))
    >>> s.table.fold(); s.table.fold()       # the button and the small blind fold
    >>> s.stacks, s.carried
    ((99, 101, 100), 0)
    >>> t = s.next()                         # the button moves one seat
    >>> s.button, s.in_hand, len(s.hands)
    (0, (1, 2, 0), 1)

Seats are the session's own, 0 .. n-1 around the table, and keep their number all
session; a `Table` numbers the seats of one hand from the button's left (its seat 0 is
the small blind, its last seat the button), so `in_hand[k]` is the session seat of
the hand's seat k.  `next()` moves the button one seat clockwise to the next seat that
still has chips and deals the next hand to every seat with chips; a seat with none is
out.  `carried` is what waits for the next deal (Italian poker's pot nobody won: a
deal nobody opened, a paròl; 0 in the other games), so ``sum(s.stacks) + s.carried``
is every chip the
session started with, at any moment (`stacks` are the chips each seat had when the
hand in play began, until that hand ends).  Every finished hand stays in `hands`, each
exportable with `to_phh()`.  In the placement games (Open Face Chinese) `points` are
each seat's running points, and with ``fantasyland=True`` a seat whose board earns
fantasyland plays the next hand in it (games/engine/rules/placement.py for the thresholds;
`fantasyland` names the seats in it now).  In Italian poker the session posts the
dealer's invito (``invito=``, ``invito_by="everyone"`` for everyone) and raises the
opening after deals nobody opens (`opening`: jacks, then queens, then kings until the
pot is won; kings and no invito after a paròl); ``buio=True`` (and ``controbuio=True``)
open blind in every deal where the rules allow it.  Each hand's deck is seeded from the
session's seed and the hand's number, so a session replays the same for the same seed
and actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from evaluator.checks import seed as check_seed
from games.engine.options import _chips
from games.engine.rules.placement import PlacementResult, next_fantasyland
from games.engine.table import Table
from games.variants import Variant, variant


class Session:
    """Hands in a row at one table (see the module's text)."""

    in_hand: tuple[int, ...]    # the session seats dealt in, in the hand's seat order

    # game: a variant the engine plays (or its name); stacks: chips per session seat (0
    # for a seat sitting out); button: the seat dealing the first hand (default the
    # last seat with chips); seed: the session's seed (as Table takes one); the other
    # keywords are the Table's options (blinds=, antes=, betting=, auto=, ...).

    def __init__(self, game: Variant | str, stacks: Sequence[int], *, button: int | None = None,
                 seed: int | np.random.SeedSequence | np.random.Generator | None = None,
                 fantasyland: bool = False, invito: int | None = None,
                 invito_by: str = "dealer", **table_options: Any) -> None:
        self.game = variant(game)
        if type(stacks) is not list and type(stacks) is not tuple:
            raise TypeError(f"stacks must be a list or tuple of ints, got {type(stacks).__name__}")
        chips = tuple(_chips(c, f"stacks[{i}]", positive=False) for i, c in enumerate(stacks))
        if not 2 <= len(chips) <= self.game.max_players:
            raise ValueError(f"{self.game.title} seats 2..{self.game.max_players} players, "
                             f"got {len(chips)} stacks")
        if sum(1 for c in chips if c) < 2:
            raise ValueError("a session needs at least two seats with chips")
        if {"seed", "stacks"} & set(table_options) or (
                "fantasyland" in table_options and self.game.rows):
            raise TypeError("seed, stacks and fantasyland are the session's; the table "
                            "options are the rest")
        if not isinstance(fantasyland, bool):
            raise TypeError(f"fantasyland must be True or False, got {fantasyland!r}")
        if fantasyland and not self.game.rows:
            raise ValueError(f"fantasyland is an option of the placement games, not of "
                             f"{self.game.title}")
        self._deals = any(s.opening for s in self.game.streets)   # Italian poker's deals
        if self._deals:
            taken = {"antes", "opening", "carried"} & set(table_options)
            if taken:
                raise TypeError(f"{', '.join(sorted(taken))}: the session sets them from "
                                "deal to deal (invito=, invito_by=)")
            if invito_by not in ("dealer", "everyone"):
                raise ValueError(f"invito_by must be 'dealer' or 'everyone', got {invito_by!r}")
            self._invito = _chips(1 if invito is None else invito, "invito", positive=True)
        elif invito is not None or invito_by != "dealer":
            raise ValueError(f"invito is Italian poker's opening stake, not {self.game.title}'s")
        self._invito_by = invito_by
        self._opening = "jacks"       # what opens the next deal
        self._carried = 0             # chips carried into the next deal
        self._parol = False           # the pot carried is a paròl: no invito
        if button is None:              # the last seat with chips deals first
            button = max(i for i, c in enumerate(chips) if c)
        if isinstance(button, bool) or not isinstance(button, int):
            raise TypeError(f"button must be a seat number, got {type(button).__name__}")
        if not 0 <= button < len(chips) or not chips[button]:
            raise ValueError(f"button must be a seat with chips of 0..{len(chips) - 1}, "
                             f"got {button}")
        self.seed = check_seed(seed)
        self._options = dict(table_options)
        self._stacks = list(chips)
        self._total = sum(chips)
        self._hands: list[Table] = []
        self._fantasyland = fantasyland
        self._lucky: tuple[int, ...] = ()     # session seats in fantasyland this hand
        self._points = [0] * len(chips)
        self.button = button
        self.table = self._deal()

    # ---------------------------------------------------------------- copies

    def copy(self) -> Session:
        """An independent session in this one's state: the hand in play copied
        (`Table.copy`, the same cards to come), the chips, points and the next deal's
        terms its own; the finished hands are shared, as they are over and refuse every
        move.  `copy.copy` and `copy.deepcopy` give the same; a session pickles as its
        fields, its tables as `Table` pickles."""
        other = object.__new__(Session)
        other.__dict__.update(self.__dict__)
        other._stacks = list(self._stacks)
        other._points = list(self._points)
        other._hands = list(self._hands)
        other._options = dict(self._options)
        other.table = self.table.copy()
        return other

    def __copy__(self) -> Session:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Session:
        return self.copy()

    # ---------------------------------------------------------------- views

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips: as the hand in play left them once it is over, else as it
        began (chips in its pots are not yet anybody's)."""
        out = list(self._stacks)
        if self.table.done:
            for k, seat in enumerate(self.in_hand):
                out[seat] = self.table.stacks[k]
        return tuple(out)

    @property
    def carried(self) -> int:
        """Chips waiting for the next deal: a pot nobody won (Italian poker: a deal
        nobody opened, a paròl), in the pot of the hand in play until it ends."""
        return self.table.carried if self.table.done else self._carried

    @property
    def opening(self) -> str:
        """What opens the deal in play (Italian poker): "jacks", "queens" or "kings"."""
        return self._opening

    @property
    def points(self) -> tuple[int, ...]:
        """A placement game's running points per seat (finished hands; zeros in the
        betting games)."""
        out = list(self._points)
        result = self.table.result if self.table.done else None
        if isinstance(result, PlacementResult):
            for k, seat in enumerate(self.in_hand):
                out[seat] += result.points[k]
        return tuple(out)

    @property
    def fantasyland(self) -> tuple[int, ...]:
        """The seats playing the hand in play in fantasyland."""
        return self._lucky

    @property
    def hands(self) -> tuple[Table, ...]:
        """The finished hands, oldest first (the hand in play once it is over too)."""
        return tuple(self._hands) + ((self.table,) if self.table.done else ())

    @property
    def total(self) -> int:
        """Every chip of the session."""
        return self._total

    @property
    def over(self) -> bool:
        """True once the hand in play is over and fewer than two seats have chips."""
        return self.table.done and sum(1 for c in self.stacks if c) < 2

    # ---------------------------------------------------------------- play

    def next(self) -> Table:
        """Start the next hand: the button one seat on (to a seat with chips), every
        seat with chips dealt in.  ValueError while the hand in play goes on, or once
        the session is over."""
        if not self.table.done:
            raise ValueError("the hand in play is not over")
        if self.over:
            raise ValueError("the session is over: fewer than two seats have chips")
        self._stacks = list(self.stacks)
        self._points = list(self.points)
        table = self.table
        if self._deals:
            self._next_deal(table)
        result = table.result
        if self._fantasyland and isinstance(result, PlacementResult):
            earned = next_fantasyland(result, table.rows,  # type: ignore[arg-type]
                                      table.options.fantasyland)
            self._lucky = tuple(sorted(self.in_hand[k] for k in earned))
        self._hands.append(table)
        n = len(self._stacks)
        self.button = next(s for s in ((self.button + k) % n for k in range(1, n + 1))
                           if self._stacks[s])
        self.table = self._deal()
        return self.table

    def _deal(self) -> Table:
        n = len(self._stacks)
        order = [(self.button + k) % n for k in range(1, n + 1)]      # button last
        self.in_hand = tuple(s for s in order if self._stacks[s])
        hand_seed = np.random.SeedSequence(self.seed, spawn_key=(len(self._hands),))
        self._lucky = tuple(s for s in self._lucky if self._stacks[s])
        options = dict(self._options)
        if self._deals:
            invito = 0 if self._parol else self._invito
            seats = len(self.in_hand)
            options.update(opening=self._opening, carried=self._carried,
                           antes=invito if self._invito_by == "everyone" else
                           (0,) * (seats - 1) + (invito,))
            # a blind opening where the rules allow one: deals at jacks, enough players,
            # something in the pot to double
            allowed = self._opening == "jacks" and (invito or self._carried)
            options["buio"] = bool(options.get("buio")) and allowed and seats >= 3
            options["controbuio"] = (bool(options.get("controbuio")) and options["buio"]
                                     and seats >= 4)
        if self.game.rows:
            options["fantasyland"] = tuple(k for k, s in enumerate(self.in_hand)
                                           if s in self._lucky)
        return Table(self.game, [self._stacks[s] for s in self.in_hand],
                     seed=hand_seed, **options)

    def _next_deal(self, table: Table) -> None:
        """What the next deal of Italian poker needs (seed 001): after a deal nobody
        opened, queens then kings (and kings until the pot is won), with a new invito;
        after a paròl, kings and no invito; after a pot won, jacks again (and
        *(decision)* after a false opening, whose refund waits in the pot)."""
        self._carried = table.carried
        false = any(e.kind == "false_opening" for e in table.events)
        if not table.carried or false:       # won (a false opening: dealt as after a win)
            self._opening, self._parol = "jacks", False
        elif table.opening_seat < 0:          # nobody opened
            self._opening = "queens" if self._opening == "jacks" else "kings"
            self._parol = False
        else:                                 # a paròl
            self._opening, self._parol = "kings", True
