"""A live dealer's mistakes and their remedies (seed 002, "Unregelmäßigkeiten";
RULES.md, "Dealer irregularities"), as a rule module attached to a table the dealer
drives (``auto=False``) when the dealer first reports one.

The dealer reports what went wrong and the table applies the seed's remedy:

=======================  ==============================================================
``expose(card)``         a hole card the dealer exposed while dealing.  The first or
                         second card of the deal, or a second exposed card: misdeal.
                         Otherwise the deal goes on, the card is dead (set aside as the
                         next burn) and, once everyone has a hand, ``legal()`` names the
                         seat owed a replacement, which the dealer deals as usual.
``extra_card(card)``     the first player got one card too many after the deal: the
                         card goes back as the next burn ("burn"); a second: misdeal.
``board_error(cards)``   board cards turned in error.  A flop of too many cards, or
                         turned before the preflop betting ended: the cards go back,
                         the burn stays out, a new flop is turned without a burn
                         ("reshuffle").  A turn or river turned before its betting
                         round: the card is set aside ("set-aside"); the turn is then
                         dealt in its place, and after that round the card is live
                         again and the river comes without a burn.
``misdeal()``            the floor declares a misdeal (before any player acted).
=======================  ==============================================================

A misdeal (decision in RULES.md) returns every card to the stub, keeps the button and
the posted blinds and antes, and deals the same hand again; the cards may be reused,
and nothing of the voided deal stays in the hand (not the showdown an all-in deal had
reached, not the cards an opener held).  Every irregularity and its remedy are
records of the hand (see `games.engine.events`); PHH records them in the user field
``_irregularities`` (see `games.phh.export`).  A report the state does not allow
raises ValueError and changes nothing.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from evaluator import card_name
from games.engine.events import KIND_INDEX, KINDS
from games.engine.rules.base import DEALT, Rule

#: event kinds a player decision makes (no misdeal once one happened)
DECISIONS = frozenset({"fold", "check", "call", "bet", "raise", "discard", "show", "muck"})
#: event kinds the dealer or floor reports; PHH's `_irregularities` field replays them
REPORTS = ("expose", "extra_card", "board_error", "floor_misdeal")

_DECIDED = frozenset(KIND_INDEX[k] for k in DECISIONS)
_K = KIND_INDEX
#: the machine's places (games/engine/_state.pxd)
_STUB, _SET_ASIDE = 0, 6
_DEAL = 0                  # steps.DEAL


class Remedy(str, Enum):
    """What the table did about an irregularity (the strings the methods return)."""

    MISDEAL = "misdeal"
    REPLACE = "replace"
    BURN = "burn"
    RESHUFFLE = "reshuffle"
    SET_ASIDE = "set-aside"

    def __str__(self) -> str:
        return self.value


class Irregularities(Rule):
    """The irregularity reports of a dealer-driven table (see the module's text)."""

    points: ClassVar[tuple[int, ...]] = (DEALT,)

    def __init__(self, table: object) -> None:
        super().__init__(table)  # type: ignore[arg-type]
        self.exposed = 0                     # exposed cards this deal
        self.extras = 0                      # extra cards this deal
        self.owed: tuple[int, ...] = ()      # seats owed a replacement after the deal
        self.replacing = False               # the deal is over; replacements are due

    def state(self) -> tuple[object, ...]:
        return (self.exposed, self.extras, self.owed, self.replacing)

    def restore(self, state: tuple[object, ...]) -> None:
        self.exposed, self.extras, self.owed, self.replacing = state  # type: ignore[assignment]
        self._hold()

    def replacement(self) -> int | None:
        """The seat the dealer owes a replacement card now, else None."""
        m = self.machine
        if self.replacing and m.wait == 1:
            return next((s for s, n in enumerate(m.due_hole) if n), None)
        return None

    # ---------------------------------------------------------------- the reports

    def expose(self, value: int) -> Remedy:
        m = self.machine
        if not self._before_action():
            raise ValueError("expose: a card the dealer exposes is a dealing error; "
                             "once a player has acted it is not")
        seat = next((s for s in range(m.seats) if value in m.hole(s)), None)
        if seat is None:
            raise ValueError(f"expose: nobody holds {card_name(value)}")
        order = [c for kind, _, _, cards, _ in self._since_misdeal() if kind == _K["deal_hole"]
                 for c in cards]
        m.note(_K["expose"], seat, None, (value,))
        if order.index(value) < 2 or self.exposed >= 1:
            self._misdeal()
            return Remedy.MISDEAL
        self.exposed += 1
        hand = list(m.hole(seat))
        hand.remove(value)
        m.set_hole(seat, hand)
        m.move((value,), _SET_ASIDE)
        m.add_burn_next(value)
        self.owed += (seat,)
        m.note(_K["replace"], seat, None, (value,))
        if m.wait != 1:                       # it was the last card of the deal
            m.restart_deal(self._deal_step(), True)
        self._owe()
        return Remedy.REPLACE

    def extra_card(self, value: int) -> Remedy:
        m = self.machine
        if not self._before_action() or m.wait == 1:
            raise ValueError("extra card: only once everyone holds a starting hand and "
                             "before anyone acts")
        self.table._check_live((value,), "extra card")
        m.note(_K["extra_card"], 0, None, (value,))
        if self.extras >= 1:
            self._misdeal()
            return Remedy.MISDEAL
        self.extras += 1
        m.move((value,), _SET_ASIDE)
        m.add_burn_next(value)
        m.note(_K["burn_next"], None, None, (value,))
        return Remedy.BURN

    def board_error(self, given: tuple[int, ...]) -> Remedy:
        m = self.machine
        self.table._check_live(given, "board error")
        streets = self.table.options.game.streets
        if m.wait == 1 and not any(m.due_hole) and m.due_board:
            index = m.street                  # the street being dealt
            street = streets[index]
            if m.due_board != street.board or street.board < 2:
                raise ValueError(f"board error: the {street.name} is being dealt; name the "
                                 "cards it should not have")
            if len(given) <= street.board:
                raise ValueError(f"board error: {len(given)} card(s) is not too many for "
                                 f"the {street.name}")
            return self._reshuffle(index, given)
        if not m.betting or m.all_in:
            raise ValueError("board error: no board card is due or early now")
        upcoming = next((i for i in range(m.street + 1, len(streets)) if streets[i].board),
                        None)
        if upcoming is None:
            raise ValueError("board error: the board is complete")
        index, street = upcoming, streets[upcoming]
        if street.board >= 2:
            if len(given) > street.board:
                raise ValueError(f"board error: the {street.name} has {street.board} cards")
            return self._reshuffle(index, given)
        if len(given) != 1:
            raise ValueError(f"board error: the {street.name} is one card, got {len(given)}")
        if m.set_aside_card >= 0:
            raise ValueError("board error: a card is already set aside")
        last = index == max(i for i, s in enumerate(streets) if s.board)
        card = given[0]
        m.move((card,), _SET_ASIDE)
        # the river: live again once this round ends; the turn: once its own round ends
        m.set_aside_until(card, m.street if last else index)
        m.skip_burn(index if last else index + 1)
        m.note(_K["board_error"], None, None, given)
        m.note(_K["set_aside"], None, None, given)
        return Remedy.SET_ASIDE

    def misdeal(self) -> Remedy:
        m = self.machine
        if m.board or self._decided():
            raise ValueError("misdeal: only before anyone acts and before the flop")
        m.note(_K["floor_misdeal"], None, None)
        self._misdeal()
        return Remedy.MISDEAL

    # ---------------------------------------------------------------- checks

    def _before_action(self) -> bool:
        """The first street's hole cards are being dealt or were just dealt: no board
        card, no player decision yet."""
        m = self.machine
        return m.street == self._deal_street() and not m.board and not self._decided()

    def _deal_step(self) -> int:
        return self.table.options.plan.steps.index((_DEAL, self._deal_street()))

    def _deal_street(self) -> int:
        return next(i for kind, i in self.table.options.plan.steps if kind == _DEAL)

    def _decided(self) -> bool:
        return any(r[0] in _DECIDED for r in self.machine.records())

    def _since_misdeal(self) -> list[tuple[int, int | None, int | None,
                                           tuple[int | None, ...], tuple[int, ...]]]:
        records = self.machine.records()
        start = max((k + 1 for k, r in enumerate(records) if r[0] == _K["misdeal"]),
                    default=0)
        return records[start:]

    # ---------------------------------------------------------------- remedies

    def _misdeal(self) -> None:
        """Every card back to the stub; the blinds stay; the same hand is dealt again."""
        m = self.machine
        m.note(_K["misdeal"], None, None)
        m.misdeal()
        self.exposed = self.extras = 0
        self.owed = ()
        self.replacing = False
        self._hold()
        m.restart_deal(self._deal_step(), False)
        m.run()

    def _owe(self) -> None:
        """Once every hand is dealt, the seats owed a card are due one each."""
        m = self.machine
        if not any(m.due_hole) and self.owed:
            due = m.due_hole
            for seat in self.owed:
                m.set_due_hole(seat, due[seat] + 1)
            self.owed = ()
            self.replacing = True
            m.wait_dealer()
        self._hold()

    def _hold(self) -> None:
        self.machine.hold_deal(bool(self.owed or self.replacing))

    def _reshuffle(self, index: int, given: tuple[int, ...]) -> Remedy:
        """A flop turned in error: its cards go back, the burn stays out, the new flop
        comes without a burn."""
        m = self.machine
        street = self.table.options.game.streets[index]
        m.note(_K["board_error"], None, None, given)
        if m.burns(index):
            m.burn(street.burn)
        m.skip_burn(index)
        m.note(_K["reshuffle"], None, None)
        return Remedy.RESHUFFLE

    def at(self, point: int) -> None:
        """The dealer's deal is complete: the replacements owed are due now; once they
        are dealt, the hand goes on."""
        if self.owed:
            self._owe()
        elif self.replacing:
            self.replacing = False
            self._hold()
        self.machine.resume()


__all__ = ["DECISIONS", "KINDS", "REPORTS", "Irregularities", "Remedy"]
