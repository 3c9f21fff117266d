"""The table's public face: `Table`, one hand of a Hold'em-family game.

    >>> from games import Table
    >>> t = Table("holdem", [200, 200, 200], blinds=(1, 2), seed=7)
    >>> t.actor, t.legal().call, t.legal().raise_to     # p3, the button, acts first
    (2, 2, (4, 200))
    >>> t.act("cbr 6"); t.fold(); t.check_or_call()      # button raises, SB folds, BB calls
    >>> t.street, t.pots
    ('flop', (Pot(amount=13, eligible=(1, 2)),))

Seats are PHH's p1, p2, ...: seat 0 sits left of the button (the small blind; heads-up
the big blind, as the button posts the small blind) and the last seat is the button.
With ``auto=True`` the table posts, deals, burns, collects, shows down and pushes the
chips itself, so `actor` names a player or `done` is true; with ``auto=False`` the
dealer's steps are explicit (``t.act("d dh p1 AsKs")``, ``t.act("d db 7c8d9h")``),
which is how a recorded hand is replayed and how a live dealer drives a table; such a
table also takes the dealer's mistakes and applies the rules' remedies (`expose`,
`extra_card`, `board_error`, `misdeal`: games/engine/irregularities.py).

Every action is checked completely before anything changes: a rejected action raises
ValueError (TypeError for a value of the wrong type) saying what is wrong, and the
table is exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from evaluator import card_name
from evaluator.checks import seed as check_seed
from games.engine import settlement
from games.engine.dealer import BOARD, DISCARDED, HOLE, LIVE_FREE, MUCKED, STUB
from games.engine.events import Event, seat_label
from games.engine.irregularities import DealerErrors
from games.engine.notation import (
    CARD_PAIRS,
    SEATS,
    Action,
    Cards,
    action_cards,
    parse_action,
)
from games.engine.options import DEFAULT, check_stacks, remembered_options
from games.engine.placement import Placement, PlacementResult
from games.engine.steps import DISCARD, DRAW, SHOWDOWN
from games.showdown import ShowdownResult
from games.variants import Betting, Variant

if TYPE_CHECKING:
    from games.phh import HandHistory


class Table(DealerErrors, Placement):
    """One hand at a table.

    game: a `games.Variant` or its name ("holdem", "short-deck", "omaha", "omaha5",
    "omaha6", "omaha-hilo", "omaha5-hilo", "crazy-pineapple", "2-7-triple-draw",
    "ofc", "pineapple-ofc").  stacks: chips per seat, seat 0 left of the button.
    blinds: (small, big) (default (1, 2); none in the placement games), or per seat in position
    order with straddles (PHH's ``blinds_or_straddles``; reverse-assigned heads-up).
    antes: one int for every seat, or per seat (a big-blind ante is
    ``antes=(0, 2, 0, ...)``).  betting: None for the game's own structure, or
    "no-limit", "pot-limit", "fixed-limit".  min_bet: the smallest bet in no-limit
    and pot-limit (default the largest blind: the big blind, or the straddle).
    small_bet, big_bet: fixed limit's bets (default the big blind and twice it).
    raise_cap: completions, bets and raises per round (default 4 in fixed limit, as
    PHH's reference counts them, blinds not counted, heads-up too; None lifts it).
    ante_trimming: antes count as each seat's contribution (PHH's
    ``ante_trimming_status = true``) instead of dead money of the main pot (the
    default, PHH's).  seed: the deck's seed, an int 0..2**64-1 (numpy integers, a
    SeedSequence or a Generator to draw one from, as numpy users pass seeds; None:
    fresh entropy).  auto:
    the table deals itself (True) or waits for the dealer's steps (False).
    opening, carried, keep_opening: Italian poker's deal (games with an opening
    round): what opens it ("jacks", the default; "queens" or "kings" after deals
    nobody opened, "kings" after a paròl), the chips carried into its pot from
    earlier deals, and whether the opener's discards stay out of a reshuffle (the
    invito is the dealer's ante: ``antes=(0, ..., 0, invito)``; games.Session sets
    all of these from deal to deal).  buio, controbuio: the blind opening (seed 001):
    seat 0, left of the dealer, opens blind for twice the pot before the deal (only at
    jacks, three players or more), and seat 1 doubles it (four or more); the others
    may only call or fold until one of them calls, and after the draw the blind opener
    speaks last.  false_openings: the rule where opening without the opening is
    allowed and paid for at the end (games/engine/flow.py, `_false_opening`).
    stake: a placement game's chips per point (default 1).  fantasyland: a
    placement game's seats playing this hand in fantasyland (games.Session keeps
    them from hand to hand; games/engine/placement.py).
    """

    def __init__(
        self,
        game: Variant | str,
        stacks: Sequence[int],
        *,
        blinds: Sequence[int] = DEFAULT,
        antes: int | Sequence[int] = 0,
        betting: Betting | str | None = None,
        small_bet: int | None = None,
        big_bet: int | None = None,
        min_bet: int | None = None,
        raise_cap: int | None = DEFAULT,
        ante_trimming: bool = False,
        seed: int | np.random.SeedSequence | np.random.Generator | None = None,
        auto: bool = True,
        stake: int | None = None,
        fantasyland: Sequence[int] = (),
        opening: str | None = None,
        carried: int = 0,
        keep_opening: bool = False,
        buio: bool = False,
        controbuio: bool = False,
        false_openings: bool = False,
    ) -> None:
        if type(stacks) is not list and type(stacks) is not tuple and (
                isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence)):
            raise TypeError(f"stacks must be a sequence of ints, got {type(stacks).__name__}")
        options = remembered_options((game, len(stacks), blinds, antes, betting, small_bet,
                                      big_bet, min_bet, raise_cap, ante_trimming, stake,
                                      fantasyland, opening, carried, keep_opening, buio,
                                      controbuio, false_openings))
        chips = check_stacks(stacks, options.game)
        if seed is not None:
            seed = check_seed(seed)
        if not isinstance(auto, bool):
            raise TypeError(f"auto must be True or False, got {auto!r}")
        self._begin(options, chips, seed, auto)

    _events: tuple[Event, ...] = ()   # Event records made so far from the log

    def __repr__(self) -> str:
        state = "done" if self._done else (
            f"{seat_label(self.actor_seat)} to act" if self.actor_seat >= 0 else self._due())
        options = self.options
        stakes = f"stake {options.stake}" if self.game.rows else options.betting.value
        return f"<Table {self.game.name} {stakes}, {self.seats} seats, {self.street}: {state}>"

    # ---------------------------------------------------------------- views

    @property
    def actor(self) -> int | None:
        """The seat to act (bet, discard or show), or None (the dealer is due, or the
        hand is over)."""
        seat = self.actor_seat
        return None if seat < 0 else seat

    @property
    def done(self) -> bool:
        """True once the chips are settled."""
        return self._done

    @property
    def street(self) -> str:
        """The street in play (the last one reached, once the hand is over)."""
        return self.game.streets[self._street].name

    @property
    def board(self) -> tuple[int | None, ...]:
        """The community cards, as card values."""
        return tuple(self._board)

    @property
    def holes(self) -> tuple[tuple[int | None, ...], ...]:
        """Each seat's hole cards (None for a card nobody saw; () once folded)."""
        folded = self.folded
        return tuple(() if folded[s] else tuple(h) for s, h in enumerate(self._holes))

    @property
    def pots(self) -> tuple[settlement.Pot, ...]:
        """The main pot and side pots of the chips collected so far (bets still in
        front are not in them); () once the chips are pushed."""
        if self._done:
            return ()
        collected = [c - b for c, b in zip(self.contributions, self.bets, strict=True)]
        return settlement.pots_now(collected, self.folded, self.dead_money)

    @property
    def result(self) -> ShowdownResult | PlacementResult | None:
        """The settlement: None until the hand is over; a `games.ShowdownResult`, or
        in a placement game a `PlacementResult` (the scoring of every pair by
        `games.ofc.score`, and the chips it moved)."""
        if self._result is None and self._result_factory is not None:
            self._result = self._result_factory()
        return self._result

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, in order (see games.engine.events)."""
        log = self._log
        if len(self._events) != len(log):
            self._events = self._events + tuple(
                Event(*entry) for entry in log[len(self._events):])
        return self._events

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self._starting

    @property
    def total(self) -> int:
        """Every chip at the table (stacks + bets + pots, at any moment; a pot carried
        in from earlier deals included)."""
        return sum(self._starting) + self.options.carried

    @property
    def carried(self) -> int:
        """Chips the hand leaves in the pot for the next deal: everyone checked a round
        that carries (Italian poker: nobody opened, or a paròl); 0 otherwise."""
        return self._carried

    @property
    def deck(self) -> tuple[int, ...]:
        """Cards not dealt yet, in card order (cards dealt unseen are not known)."""
        return self._dealer.cards_in(STUB)

    @property
    def burned(self) -> tuple[int | None, ...]:
        return tuple(self._burned)

    @property
    def mucked(self) -> tuple[int, ...]:
        """Cards of folded and mucked hands, in card order."""
        return self._dealer.cards_in(MUCKED)

    @property
    def discards(self) -> tuple[int, ...]:
        """Discarded cards, in card order."""
        return self._dealer.cards_in(DISCARDED)

    # ---------------------------------------------------------------- discards

    def verify_discard(self, cards: Cards) -> tuple[int | None, ...]:
        """Raise ValueError unless the player to act may discard `cards` now; returns
        them read."""
        return self._checked_discard(cards)[0]

    def _checked_discard(self, cards: Cards
                         ) -> tuple[tuple[int | None, ...], list[int | None]]:
        """The discard read and checked, and the hand with any "??" it names named."""
        kind, index = self._steps[self._step]
        if self._done or kind not in (DISCARD, DRAW) or not self._queue:
            raise ValueError(f"no discard is due: {self._due()}")
        seat = self._queue[0]
        street = self.game.streets[index]
        given = action_cards(cards, "discard")
        if kind == DRAW:
            most = min(street.draw, len(self._holes[seat]))
            if len(given) > most:
                raise ValueError(f"{seat_label(seat)} may discard 0..{most} card(s), "
                                 f"got {len(given)}")
        elif len(given) != street.discard:
            raise ValueError(f"{seat_label(seat)} must discard exactly {street.discard} "
                             f"card(s), got {len(given)}")
        known = [c for c in given if c is not None]
        hand = self._named_hand(seat, known, "discard")
        if len(given) - len(known) > hand.count(None):
            raise ValueError(f"{seat_label(seat)} has no unknown card to discard as ??")
        return given, hand

    def can_discard(self, cards: Cards | None = None) -> bool:
        """Whether the player to act may discard (these cards, if given)."""
        try:
            if cards is None:
                return self.legal().discard is not None
            self.verify_discard(cards)
        except (TypeError, ValueError):
            return False
        return True

    def discard(self, cards: Cards) -> None:
        """The player to act discards `cards` (Crazy Pineapple: one card after the flop
        betting; a draw: 0 to 5 cards, none to stand pat)."""
        given, named = self._checked_discard(cards)
        seat = self._queue[0]
        if None in self._holes[seat]:
            self._set_hand(seat, named)
        hand = self._holes[seat]
        for card in given:
            hand.remove(card)
        self._dealer.move(given, DISCARDED)
        if self._steps[self._step][0] == DRAW:
            self._pending = {**self._pending, seat: given}
        self._log.append(("discard", seat, None, given))
        self._queue.pop(0)
        self._advance()

    # ---------------------------------------------------------------- showdown

    def _showing(self, seat: int | None) -> int:
        showdown = not self._done and self._all_in and not self._shown and (
            self._step > self._last_decision)
        if self._done or not (showdown or self._current()[0] == SHOWDOWN) or not self._queue:
            raise ValueError(f"no showdown is due: {self._due()}")
        if seat is None:
            return self._queue[0]
        if seat not in self._queue:
            raise ValueError(f"{seat_label(seat)} has no hand to show or muck now")
        return seat

    def verify_show(self, cards: Cards | None = None, seat: int | None = None
                    ) -> list[int | None]:
        """Raise ValueError unless `seat` (default: the next to show) may show `cards`
        (default: the cards it was dealt); returns the hand shown."""
        who = self._showing(seat)
        read = action_cards(cards, "show") if cards is not None else ()
        given = [c for c in read if c is not None]
        if cards is not None and len(given) != len(read):
            raise ValueError("a hand is shown face up: every card must be named (no ??)")
        hand = self._named_hand(who, given, "show")
        if None in hand:
            raise ValueError(f"{seat_label(who)}'s cards were dealt unseen: name them "
                             "to show them")
        if cards is not None and sorted(given) != sorted(c for c in hand if c is not None):
            held = " ".join(card_name(c) for c in hand if c is not None)
            shown = " ".join(card_name(c) for c in given)
            raise ValueError(f"{seat_label(who)} holds {held}, not {shown}")
        return hand

    def show(self, cards: Cards | None = None, seat: int | None = None) -> None:
        """`seat` (default: the next in showdown order) shows its hand."""
        hand = self.verify_show(cards, seat)
        who = self._showing(seat)
        self._set_hand(who, hand)
        self._log.append(("show", who, None, tuple(hand)))
        self._queue.remove(who)
        self._advance()

    def can_show(self, cards: Cards | None = None, seat: int | None = None) -> bool:
        """Whether `seat` (default: the next to show) may show (these cards)."""
        try:
            self.verify_show(cards, seat)
        except (TypeError, ValueError):
            return False
        return True

    def can_muck(self, seat: int | None = None) -> bool:
        """Whether `seat` (default: the next to show) may muck."""
        try:
            self.verify_muck(seat)
        except (TypeError, ValueError):
            return False
        return True

    def verify_muck(self, seat: int | None = None) -> None:
        """Raise ValueError unless `seat` (default: the next to show) may muck: any
        hand but the last one still in."""
        who = self._showing(seat)
        if self.live <= 1 or not any(not f for s, f in enumerate(self.folded) if s != who):
            raise ValueError(f"{seat_label(who)} holds the last hand: it cannot be mucked")

    def muck(self, seat: int | None = None) -> None:
        """`seat` (default: the next in showdown order) gives up its hand unshown."""
        self.verify_muck(seat)
        who = self._showing(seat)
        self._set_folded(who)
        self._dealer.move(self._holes[who], MUCKED)
        self._log.append(("muck", who, None, ()))
        self._queue.remove(who)
        self._advance()

    # ---------------------------------------------------------------- the dealer

    def _dealing(self) -> int:
        """The street whose cards the dealer must deal now; ValueError if none."""
        if not self._dealer_due:
            if self.auto:
                raise ValueError("this table deals itself (auto=True); dealer steps are "
                                 "for auto=False")
            raise ValueError(f"no dealing is due: {self._due()}")
        return self._steps[self._step][1]

    def verify_deal_hole(self, seat: int, cards: Cards) -> tuple[int | None, ...]:
        """Raise ValueError unless the dealer may deal `cards` to `seat` now; returns
        them read."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, got {seat!r}")
        given = action_cards(cards, "deal")
        self._check_hole_deal(seat, given)
        return given

    def _check_hole_deal(self, seat: int, given: tuple[int | None, ...]) -> None:
        if not self._dealer_due:
            self._dealing()
        due = self._due_holes
        if not 0 <= seat < len(due):
            raise ValueError(f"there is no {seat_label(seat)} at this {self.seats}-seat table")
        if not 0 < len(given) <= due[seat]:
            if not given:
                raise ValueError("deal which cards?")
            raise ValueError(f"{seat_label(seat)} is due {due[seat]} hole card(s) now, "
                             f"got {len(given)}")
        where = self._dealer.where
        for card in given:
            if card is not None and where[card] not in LIVE_FREE:
                self._dealer.check_live(given, f"deal to {seat_label(seat)}")

    def deal_hole(self, seat: int, cards: Cards) -> None:
        """The dealer deals `cards` (None or "??" for a card nobody saw) to `seat`."""
        self._deal_hole(seat, self.verify_deal_hole(seat, cards))

    def _deal_hole(self, seat: int, given: tuple[int | None, ...]) -> None:
        """Deal cards already read and checked by `_check_hole_deal`."""
        self._dealer.take(given, HOLE)
        self._holes[seat].extend(given)
        due = self._due_holes
        due[seat] -= len(given)
        self._log.append(("deal_hole", seat, None, given))
        if self._owed or self._replacing:   # cards owed for exposed ones: after the deal
            self._owe_replacements()
            self._replacement_dealt()
        if not self._due_board and not any(due):
            self._dealer_due = False
            self._advance()

    def verify_deal_board(self, cards: Cards) -> tuple[int, ...]:
        """Raise ValueError unless the dealer may turn `cards` on the board now."""
        index = self._dealing()
        given = action_cards(cards, "board")
        if any(self._due_holes):
            seat = next(s for s, n in enumerate(self._due_holes) if n)
            raise ValueError(f"{seat_label(seat)} is still due {self._due_holes[seat]} "
                             "hole card(s) before the board")
        if not given or None in given:
            raise ValueError("board cards are dealt face up: name each card")
        if len(given) > self._due_board:
            raise ValueError(f"the {self.game.streets[index].name} has {self._due_board} "
                             f"board card(s) to deal, got {len(given)}")
        self._dealer.check_live(given, "board")
        return tuple(c for c in given if c is not None)

    def deal_board(self, cards: Cards) -> None:
        """The dealer turns `cards` on the board (a burn first, unseen, as the street
        says)."""
        given = self.verify_deal_board(cards)
        index = self._current()[1]
        street = self.game.streets[index]
        if self._due_board == street.board and self._burns(index):
            self._burn(street.burn)
        self._dealer.take(given, BOARD)
        self._board.extend(given)
        self._due_board -= len(given)
        self._log.append(("deal_board", None, None, given))
        if not self._due_board:
            self._dealer_due = False
            self._advance()

    # ---------------------------------------------------------------- PHH notation

    def act(self, action: str) -> None:
        """Apply one action in PHH notation: "f", "cc", "cbr 60", "sd 7h", "sm AsKs",
        "sm" (muck), for the player to act or for a named one ("p3 cc"); dealer steps
        "d dh p1 AsKs" and "d db 7c8d9h" when the table does not deal itself."""
        if self._dealer_due and type(action) is str and action[:5] == "d dh ":  # replays' bulk
            words = action.split()
            if len(words) == 4:
                seat = SEATS.get(words[2])
                held = CARD_PAIRS.get(words[3])
                if seat is not None and held is not None:
                    self._check_hole_deal(seat, held)
                    self._deal_hole(seat, held)
                    return
        parsed = parse_action(action)
        if parsed is not None:
            self._apply(parsed)

    def _apply(self, parsed: Action) -> None:
        """Apply one action already read (`act`; a replay applies those its reader
        read)."""
        verb, seat, dealer, cards, amount, show_dealt, _, parts = parsed
        if dealer:
            assert cards is not None
            if verb == "dh":
                assert seat is not None
                self._check_hole_deal(seat, cards)
                self._deal_hole(seat, cards)
            else:
                self.deal_board(cards)
            return
        if verb == "sm":
            if cards is None and not show_dealt:
                self.muck(seat)
            else:
                self.show(None if show_dealt else cards, seat)
            return
        if seat is not None and seat != self.actor_seat:
            due = (f"{seat_label(self.actor_seat)} is" if self.actor_seat >= 0 else
                   self._due())
            raise ValueError(f"{seat_label(seat)} is not to act: {due}")
        if verb == "cc":
            self.check_or_call()
        elif verb == "f":
            self.fold()
        elif verb == "cbr":
            assert amount is not None
            self.raise_to(amount)
        elif verb == "pl":
            assert parts is not None
            bottom, middle, top, thrown = parts
            self.place(bottom, middle, top, discard=thrown if thrown else None)
        elif verb == "pb":
            raise ValueError("bring-ins belong to stud games, which this engine does not play")
        else:
            self.discard(cards or ())

    # ---------------------------------------------------------------- PHH

    def history(self, **fields: Any) -> HandHistory:
        """The hand as a `games.phh.HandHistory`; `fields` add optional PHH fields
        (players=, event=, ...) and user fields ("_name")."""
        from games.phh.export import history_of

        return history_of(self, **fields)

    def to_phh(self, **fields: Any) -> str:
        """The hand as PHH text (TOML): every dealt card, action and shown hand as the
        standard writes them, so any PHH reader replays it to the same stacks."""
        from games.phh import dumps

        return dumps(self.history(**fields))

    # ---------------------------------------------------------------- tests

    def _snapshot(self) -> tuple[object, ...]:
        """Everything the table holds, for comparing before and after an action."""
        return (self._core_state(), tuple(self._log), tuple(tuple(h) for h in self._holes),
                tuple(self._board), tuple(self._burned), self._step, self._street,
                tuple(self._due_holes), self._due_board, self._dealer_due, tuple(self._queue),
                self._opened,
                self._all_in, self._shown, self._done, self._dealer.state(),
                self._exposed, self._extras, self._owed, self._replacing, self._burn_next,
                self._no_burn, self._set_aside,
                self.rows, tuple(self._to_place))

