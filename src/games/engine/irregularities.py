"""A live dealer's mistakes and their remedies (seed 002, "Unregelmäßigkeiten";
RULES.md, "Dealer irregularities"), for tables the dealer drives (``auto=False``).

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
the posted blinds and antes, and deals the same hand again; the cards may be reused.
Every irregularity and its remedy are events (see `games.engine.events`); PHH records
them in the user field ``_irregularities`` (see `games.phh.export`).  A report the
state does not allow raises ValueError and changes nothing.
"""

from __future__ import annotations

from enum import Enum

from evaluator import card_name
from games.engine.dealer import BURNED, SET_ASIDE, STUB
from games.engine.flow import Hand
from games.engine.notation import read_cards
from games.engine.steps import DEAL

#: event kinds a player decision makes (no misdeal once one happened)
DECISIONS = frozenset({"fold", "check", "call", "bet", "raise", "discard", "show", "muck"})
#: event kinds the dealer or floor reports; PHH's `_irregularities` field replays them
REPORTS = ("expose", "extra_card", "board_error", "floor_misdeal")


class Remedy(str, Enum):
    """What the table did about an irregularity (the strings the methods return)."""

    MISDEAL = "misdeal"
    REPLACE = "replace"
    BURN = "burn"
    RESHUFFLE = "reshuffle"
    SET_ASIDE = "set-aside"

    def __str__(self) -> str:
        return self.value


def _read(cards: object, what: str, count: int | None = None) -> tuple[int, ...]:
    if not isinstance(cards, str):
        raise TypeError(f"{what}: cards are given as text, e.g. 'As' or 'KdQh', "
                        f"got {type(cards).__name__}")
    try:
        given = read_cards(cards) if cards.strip() else ()
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None
    if not given or None in given:
        raise ValueError(f"{what}: name the card(s) the dealer showed")
    if count is not None and len(given) != count:
        raise ValueError(f"{what}: give exactly {count} card, got {len(given)}")
    if len(set(given)) != len(given):
        raise ValueError(f"{what}: a card is given twice")
    return tuple(c for c in given if c is not None)


class DealerErrors(Hand):
    """The irregularity reports of a dealer-driven table, on top of the flow."""

    _exposed = 0                              # exposed cards this deal
    _extras = 0                               # extra cards this deal
    _owed: tuple[int, ...] = ()               # seats owed a replacement after the deal
    _replacing = False                        # the deal is over; replacements are due
    _burn_next: tuple[int, ...] = ()          # dead cards the next burns take first
    _no_burn: frozenset[int] = frozenset()    # streets dealt without a burn
    _set_aside: tuple[int, int] | None = None  # (card, street whose round ends it)

    # ---------------------------------------------------------------- the reports

    def expose(self, card: str) -> Remedy:
        """The dealer exposed a hole card while dealing: "misdeal" or "replace"."""
        (value,) = _read(card, "expose", 1)
        self._live_dealer("expose")
        if not self._before_action():
            raise ValueError("expose: a card the dealer exposes is a dealing error; "
                             "once a player has acted it is not")
        seat = next((s for s, h in enumerate(self._holes) if value in h), None)
        if seat is None:
            raise ValueError(f"expose: nobody holds {card_name(value)}")
        order = [c for kind, _, _, cards in self._log_since_misdeal() if kind == "deal_hole"
                 for c in cards]
        self._log.append(("expose", seat, None, (value,)))
        if order.index(value) < 2 or self._exposed >= 1:
            self._misdeal()
            return Remedy.MISDEAL
        self._exposed += 1
        self._holes[seat].remove(value)
        self._dealer.where[value] = SET_ASIDE
        self._burn_next += (value,)
        self._owed += (seat,)
        self._log.append(("replace", seat, None, (value,)))
        if not self._dealer_due:          # it was the last card of the deal
            self._reopen_deal()
        self._owe_replacements()
        return Remedy.REPLACE

    def extra_card(self, card: str) -> Remedy:
        """The first player got one card too many after the deal: "burn" or "misdeal"."""
        (value,) = _read(card, "extra card", 1)
        self._live_dealer("extra card")
        if not self._before_action() or self._dealer_due:
            raise ValueError("extra card: only once everyone holds a starting hand and "
                             "before anyone acts")
        self._dealer.check_live((value,), "extra card")
        self._log.append(("extra_card", 0, None, (value,)))
        if self._extras >= 1:
            self._misdeal()
            return Remedy.MISDEAL
        self._extras += 1
        self._dealer.where[value] = SET_ASIDE
        self._burn_next += (value,)
        self._log.append(("burn_next", None, None, (value,)))
        return Remedy.BURN

    def board_error(self, cards: str) -> Remedy:
        """Board cards turned that should not have been: "reshuffle" (a flop) or
        "set-aside" (a turn or river turned before its betting round)."""
        given = _read(cards, "board error")
        self._live_dealer("board error")
        self._dealer.check_live(given, "board error")
        streets = self.game.streets
        if self._dealer_due and not any(self._due_holes) and self._due_board:
            index = self._current()[1]       # the street being dealt
            street = streets[index]
            if self._due_board != street.board or street.board < 2:
                raise ValueError(f"board error: the {street.name} is being dealt; name the "
                                 "cards it should not have")
            if len(given) <= street.board:
                raise ValueError(f"board error: {len(given)} card(s) is not too many for "
                                 f"the {street.name}")
            return self._reshuffle(index, given)
        if not self.betting or self._all_in:
            raise ValueError("board error: no board card is due or early now")
        upcoming = next((i for i in range(self._street + 1, len(streets)) if streets[i].board),
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
        if self._set_aside is not None:
            raise ValueError("board error: a card is already set aside")
        last = index == max(i for i, s in enumerate(streets) if s.board)
        card = given[0]
        self._dealer.where[card] = SET_ASIDE
        # the river: live again once this round ends; the turn: once its own round ends
        self._set_aside = (card, self._street if last else index)
        self._no_burn = self._no_burn | {index if last else index + 1}
        self._log.append(("board_error", None, None, given))
        self._log.append(("set_aside", None, None, given))
        return Remedy.SET_ASIDE

    def misdeal(self) -> Remedy:
        """The floor declares a misdeal: every card back, the same hand dealt again."""
        self._live_dealer("misdeal")
        if self._board or self._decided():
            raise ValueError("misdeal: only before anyone acts and before the flop")
        self._log.append(("floor_misdeal", None, None, ()))
        self._misdeal()
        return Remedy.MISDEAL

    def report(self, kind: str, cards: str = "") -> Remedy:
        """Apply a report by its event kind (how a PHH replay applies them)."""
        if kind == "expose":
            return self.expose(cards)
        if kind == "extra_card":
            return self.extra_card(cards)
        if kind == "board_error":
            return self.board_error(cards)
        if kind == "floor_misdeal":
            return self.misdeal()
        raise ValueError(f"unknown irregularity {kind!r}: one of {', '.join(REPORTS)}")

    # ---------------------------------------------------------------- checks

    def _live_dealer(self, what: str) -> None:
        if self.game.rows:
            raise ValueError(f"{what}: the irregularity rules are the Hold'em family's; "
                             f"{self.game.title} has no remedies for them here")
        if self.auto:
            raise ValueError(f"{what}: this table deals itself (auto=True); irregularities "
                             "are reported by a live dealer (auto=False)")
        if self._done:
            raise ValueError(f"{what}: the hand is over")

    def _before_action(self) -> bool:
        """The first street's hole cards are being dealt or were just dealt: no board
        card, no player decision yet."""
        return (self._street == self._deal_street() and not self._board
                and not self._decided())

    def _deal_street(self) -> int:
        return next(i for kind, i in self._steps if kind == DEAL)

    def _decided(self) -> bool:
        return any(entry[0] in DECISIONS for entry in self._log)

    def _log_since_misdeal(self) -> list[tuple[str, int | None, int | None, tuple[int, ...]]]:
        log = self._log
        start = max((k + 1 for k, e in enumerate(log) if e[0] == "misdeal"), default=0)
        return log[start:]

    # ---------------------------------------------------------------- remedies

    def _misdeal(self) -> None:
        """Every card back to the stub; the blinds stay; the same hand is dealt again."""
        self._log.append(("misdeal", None, None, ()))
        self._dealer.gather()
        self._holes = [[] for _ in range(self.seats)]
        self._board = []
        self._burned = []
        self._exposed = self._extras = 0
        self._owed = ()
        self._replacing = False
        self._burn_next = ()
        self._no_burn = frozenset()
        self._set_aside = None
        if self.betting:
            self._pause_round()
        self.actor_seat = -1
        self._step = self._steps.index((DEAL, self._deal_street()))
        self._street = self._deal_street()
        self._opened = -1
        self._dealer_due = False
        self._advance()

    def _reopen_deal(self) -> None:
        """The deal ended with a card owed: back to the deal step (nobody acted yet)."""
        self._pause_round()
        self._step = self._steps.index((DEAL, self._deal_street()))
        self._street = self._deal_street()
        self._opened = self._step
        self._dealer_due = True

    def _owe_replacements(self) -> None:
        """Once every hand is dealt, the seats owed a card are due one each."""
        if any(self._due_holes) or not self._owed:
            return
        for seat in self._owed:
            self._due_holes[seat] += 1
        self._owed = ()
        self._replacing = True

    def _reshuffle(self, index: int, given: tuple[int, ...]) -> Remedy:
        """A flop turned in error: its cards go back, the burn stays out, the new flop
        comes without a burn."""
        street = self.game.streets[index]
        self._log.append(("board_error", None, None, given))
        if street.burn and index not in self._no_burn:
            self._burn(street.burn)
        self._no_burn = self._no_burn | {index}
        self._log.append(("reshuffle", None, None, ()))
        return Remedy.RESHUFFLE

    def _burn(self, count: int) -> None:
        """Burn `count` cards: dead cards set aside for it first, then unseen ones."""
        known = self._burn_next[:count]
        self._burn_next = self._burn_next[count:]
        for card in known:
            self._dealer.where[card] = BURNED
        unseen = (None,) * (count - len(known))
        self._dealer.take(unseen, BURNED)
        burn = known + unseen
        self._burned.extend(burn)
        self._log.append(("burn", None, None, burn))

    def _burns(self, index: int) -> bool:
        """Whether the board of street `index` is dealt after a burn."""
        return bool(self.game.streets[index].burn) and index not in self._no_burn

    def _round_ended(self) -> None:
        """After a betting round: a card set aside for it is live again."""
        if self._set_aside is not None and self._set_aside[1] == self._street:
            card = self._set_aside[0]
            self._set_aside = None
            self._dealer.where[card] = STUB
            self._log.append(("live_again", None, None, (card,)))

    def _replacement_legal(self) -> int | None:
        if self._replacing and self._dealer_due:
            return next((s for s, n in enumerate(self._due_holes) if n), None)
        return None

    def _replacement_dealt(self) -> None:
        if self._replacing and not any(self._due_holes):
            self._replacing = False


__all__ = ["DECISIONS", "REPORTS", "DealerErrors", "Remedy"]
