"""The table's public face: `Table`, one hand of any game the engine plays.

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
`extra_card`, `board_error`, `misdeal`: games/engine/rules/irregularities.py), and
`due` says what the dealer owes it.

`Table` holds its parts instead of inheriting them: the compiled machine that plays
the hand (games/engine/_machine.pyx, which records every step), the options record,
and the rule modules the variant's data asks for (games/engine/rules/).  It reads
and checks every argument once, with one integer protocol for chips and seats
(`operator.index`, bools refused), then moves the machine: every action is checked
completely before anything changes, so a rejected action raises ValueError
(TypeError for a value of the wrong type) saying what is wrong, and the table is
exactly as it was.  PHH's action notation (`act`) and hand histories (`history`,
`to_phh`) belong to `games.phh`, which plugs them in (`use_notation`): the engine
never imports it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from operator import index as _index
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from evaluator import card_name
from evaluator.checks import seed as check_seed
from games.engine import settlement
from games.engine._machine import MAX_CHIPS, NOTHING, Legal, Machine
from games.engine.cards import Cards, action_cards
from games.engine.events import KINDS, Event, seat_label
from games.engine.options import TableOptions, check_stacks, options_for
from games.engine.rules import Opening, Placement
from games.engine.rules.base import Rule
from games.engine.rules.irregularities import Irregularities, Remedy
from games.engine.rules.placement import PlacementResult
from games.engine.steps import DEAL, DISCARD, DRAW, SHOWDOWN
from games.showdown import ShowdownResult
from games.variants import Variant

if TYPE_CHECKING:
    from games.phh.history import HandHistory

#: the record kind of hole cards dealt (its tags say which lie face up)
_DEAL_HOLE = KINDS.index("deal_hole")
# what the machine waits for (games/engine/_state.pxd's W_*)
_PLAYER, _DEALER, _RULE = 0, 1, 2
# where a card is (_state.pxd's places), by number, and in words
_OUT, _HOLE, _BOARD, _SET_ASIDE, _ROWS = -1, 1, 2, 6, 7
PLACES = ("stub", "hand", "board", "burned", "muck", "discards", "set aside", "rows")
_IN = ("the stub", "a hand", "the board", "the burned cards", "the muck", "the discards",
       "the cards set aside", "a row")
_NOT_LIVE = frozenset({_HOLE, _BOARD, _SET_ASIDE, _ROWS})
_BLOCKS = {
    1: "a short all-in does not reopen the betting to a player who already acted",
    3: "calling takes every chip",
    4: "no opponent could answer a raise (everyone else is all-in)",
}


class Due(NamedTuple):
    """What the dealer owes a dealer-driven table now (`Table.due`): `step` is
    "hole" (hole cards of the street's deal), "board", "draw" (the cards a player
    discarded in a draw) or "replacement" (a card in place of one the dealer exposed);
    `seat` the seat owed (None for the board), `cards` how many, `street` its name."""

    step: str
    seat: int | None
    cards: int
    street: str


class Notation(Protocol):
    """What `games.phh` plugs into the table (see `use_notation`)."""

    def act(self, table: Table, text: str) -> None: ...
    def history(self, table: Table, **fields: Any) -> HandHistory: ...
    def text(self, table: Table, **fields: Any) -> str: ...


def _unplugged(table: Table, text: str) -> None:
    raise RuntimeError("PHH's notation is plugged in by importing games.phh")


_NOTATION: Notation | None = None
_ACT: Callable[[Table, str], None] = _unplugged


def use_notation(notation: Notation) -> None:
    """PHH's notation, plugged in by `games.phh` when it is imported (importing `games`
    imports it): the engine never imports PHH, PHH imports the engine."""
    global _NOTATION, _ACT
    _NOTATION = notation
    _ACT = notation.act


#: the state of an irregularities module before any report
_NO_ERRORS = (0, 0, (), False)


def _who(seat: int) -> str:
    return f"seat {seat} (p{seat + 1})"


def _read_report(cards: object, what: str, count: int | None = None) -> tuple[int, ...]:
    """The cards a dealer's report names: text, every card known, none twice."""
    if not isinstance(cards, str):
        raise TypeError(f"{what}: cards are given as text, e.g. 'As' or 'KdQh', "
                        f"got {type(cards).__name__}")
    try:
        given = action_cards(cards, what) if cards.strip() else ()
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None
    if not given or None in given:
        raise ValueError(f"{what}: name the card(s) the dealer showed")
    if count is not None and len(given) != count:
        raise ValueError(f"{what}: give exactly {count} card, got {len(given)}")
    if len(set(given)) != len(given):
        raise ValueError(f"{what}: a card is given twice")
    return tuple(c for c in given if c is not None)


class Table:
    """One hand at a table.

    game: a `games.Variant` or its name ("holdem", "short-deck", "omaha", "omaha5",
    "omaha6", "omaha-hilo", "omaha5-hilo", "crazy-pineapple", "2-7-triple-draw",
    "2-7-single-draw", "badugi", "seven-card-stud", "seven-card-stud-hilo", "razz",
    "italian", "ofc", "pineapple-ofc").  stacks: chips per seat, seat 0 left of the
    button.  seed: the deck's seed, an int 0..2**64-1 (numpy integers, a
    SeedSequence or a Generator to draw one from, as numpy users pass seeds; None:
    fresh entropy).  auto: the table deals itself (True) or waits for the dealer's
    steps (False).  The other keywords are the table's options, checked by
    `TableOptions.of` (blinds=, antes=, betting=, min_bet=, small_bet=, big_bet=,
    raise_cap=, ante_trimming=, bring_in=, stake=, fantasyland=, opening=, carried=,
    keep_opening=, buio=, controbuio=, false_openings=; see it for each); or pass
    ``options=`` a `TableOptions` already made for these seats.
    """

    def __init__(self, game: Variant | str, stacks: Sequence[int], *,
                 seed: int | Any = None, auto: bool = True,
                 options: TableOptions | None = None, **settings: Any) -> None:
        if type(stacks) is not list and type(stacks) is not tuple and (
                isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence)):
            raise TypeError(f"stacks must be a sequence of ints, got {type(stacks).__name__}")
        if options is None:
            options = options_for(game, len(stacks), settings)
        elif not isinstance(options, TableOptions):
            raise TypeError(f"options must be a TableOptions, got {type(options).__name__}")
        elif settings:
            raise TypeError("give either options= or the options' keywords, not both")
        elif game is not options.game and game != options.game.name:
            raise ValueError(f"options= are for {options.game.name!r}, not {game!r}")
        chips = check_stacks(stacks, options)
        if seed is not None:
            seed = check_seed(seed)
        if not isinstance(auto, bool):
            raise TypeError(f"auto must be True or False, got {auto!r}")
        self.options = options
        self.game = options.game
        self.auto = auto
        self.seed = seed
        self._starting = chips
        self._events: tuple[Event, ...] = ()
        self._result: ShowdownResult | None = None
        if auto and seed is None:
            seed = secrets.randbits(64)
        # a table the dealer drives never draws: its hand holds no seed
        self._machine = Machine(options.spec, chips, seed if auto else None, auto)
        self._no_rules()
        for kind in options.rules:
            self._attach(kind(self))
        if self._machine.wait == _RULE:
            self._run_rules()

    def __repr__(self) -> str:
        m = self._machine
        state = "done" if m.done else (
            f"{seat_label(m.actor)} to act" if m.actor >= 0 else self.waiting_for)
        options = self.options
        stakes = f"stake {options.stake}" if self.game.rows else options.betting.value
        return f"<Table {self.game.name} {stakes}, {m.seats} seats, {self.street}: {state}>"

    # ---------------------------------------------------------------- copies

    def copy(self) -> Table:
        """An independent table in this one's state, for search: the same hand, records
        and rule modules' state, and the same cards to come (a table that deals itself
        deals the copy the cards it would have dealt itself).  Moves on either leave
        the other as it is.  `copy.copy` and `copy.deepcopy` give the same."""
        other = object.__new__(Table)
        other.__dict__.update(self.__dict__)    # the options, seed and stacks: immutable
        other._adopt(self._machine.copy(), self._rule_states())
        return other

    def __copy__(self) -> Table:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its options, stacks and seed, the machine's hand and log as plain
        values (`Machine.dump`) and each rule module's state: it unpickles to a copy
        (`copy`).  A table pickled by another build of pokerhands, whose hand is laid
        out otherwise, is refused when loaded (ValueError)."""
        return (_unpickle, (self.options, self._starting, self.seed, self.auto,
                            self._machine.dump(), self._rule_states()))

    def _rule_states(self) -> list[tuple[type[Rule], tuple[object, ...]]]:
        """Each rule module's kind and state, in order, for `_adopt`."""
        return [(type(rule), rule.state()) for rule in self._rules]

    def _adopt(self, machine: Machine, rules: list[tuple[type[Rule], tuple[object, ...]]]
               ) -> None:
        """Take `machine` as this table's hand, with rule modules of these kinds in
        these states (a copy's or an unpickled table's; the caches start empty)."""
        self._machine = machine
        self._events = ()
        self._result = None
        self._no_rules()
        for kind, state in rules:
            rule = kind(self)
            rule.restore(state)
            self._attach(rule)

    def _no_rules(self) -> None:
        """No rule module attached yet (`_attach`)."""
        self._rules: list[Rule] = []
        self._at: dict[int, Rule] = {}
        self._opening: Opening | None = None
        self._placement: Placement | None = None
        self._irregular: Irregularities | None = None

    def _attach(self, rule: Rule) -> None:
        """A rule module joins the table: it stops the machine at its points, and the
        modules the table asks by name (the opening, the rows, a dealer's errors) are
        kept where the table finds them."""
        self._rules.append(rule)
        for point in rule.points:
            self._at[point] = rule
        if isinstance(rule, Opening):
            self._opening = rule
        elif isinstance(rule, Placement):
            self._placement = rule
        elif isinstance(rule, Irregularities):
            self._irregular = rule

    # ---------------------------------------------------------------- moving the machine

    def _run_rules(self) -> None:
        """Let the rule modules act where the machine waits for them."""
        m = self._machine
        while m.wait == _RULE:
            self._at[m.point].at(m.point)

    def _move(self, move: Callable[..., Any], *args: Any) -> Any:
        """Apply a checked move; where rule modules take part, the whole of it or
        nothing (a module's step that fails takes the move back)."""
        if not self._rules:
            done = move(*args)
            if self._machine.wait == _RULE:
                self._run_rules()
            return done
        saved = self._save()
        try:
            done = move(*args)
            self._run_rules()
        except BaseException:
            self._restore(saved)
            raise
        return done

    def _save(self) -> tuple[tuple[bytes, int, int], list[tuple[object, ...]]]:
        return (self._machine.save(), [r.state() for r in self._rules])

    def _restore(self, saved: tuple[tuple[bytes, int, int], list[tuple[object, ...]]]
                 ) -> None:
        machine, modules = saved
        self._machine.restore(machine)
        for rule, state in zip(self._rules, modules, strict=True):
            rule.restore(state)

    # ---------------------------------------------------------------- views

    @property
    def actor(self) -> int | None:
        """The seat to act (bet, discard, draw, place or show), or None (the dealer is
        due, or the hand is over)."""
        seat: int = self._machine.actor
        return None if seat < 0 else seat

    @property
    def done(self) -> bool:
        """True once the chips are settled."""
        return bool(self._machine.done)

    @property
    def seats(self) -> int:
        return int(self._machine.seats)

    @property
    def live(self) -> int:
        """Seats still in the hand."""
        return int(self._machine.live)

    @property
    def street(self) -> str:
        """The street in play (the last one reached, once the hand is over)."""
        return self.game.streets[self._machine.street].name

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind, per seat."""
        return self._machine.stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat in the betting round in play."""
        return self._machine.bets

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat put into the hand (antes, blinds, bets), uncalled bets
        returned."""
        return self._machine.contributions

    @property
    def dead_money(self) -> tuple[int, ...]:
        """The dead part of each seat's contribution (antes that set no pot level)."""
        return self._machine.dead_money

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats are out of the hand."""
        return self._machine.folded

    @property
    def pot_total(self) -> int:
        """Chips in the pots (collected bets not yet pushed to a winner)."""
        return int(self._machine.pot_total)

    @property
    def board(self) -> tuple[int | None, ...]:
        """The community cards, as card values."""
        return self._machine.board

    @property
    def holes(self) -> tuple[tuple[int | None, ...], ...]:
        """Each seat's hole cards (None for a card nobody saw; () once folded)."""
        m = self._machine
        folded = m.folded
        return tuple(() if folded[s] else m.hole(s) for s in range(m.seats))

    @property
    def up_cards(self) -> tuple[tuple[int | None, ...], ...]:
        """Each seat's cards dealt face up, in the order dealt (stud; () in the games
        dealt face down, and once folded).  `holes` holds them too, with the cards
        dealt face down."""
        m = self._machine
        folded = m.folded
        return tuple(() if folded[s] else m.up(s) for s in range(m.seats))

    @property
    def pots(self) -> tuple[settlement.Pot, ...]:
        """The main pot and side pots of the chips collected so far (bets still in
        front are not in them); () once the chips are pushed."""
        m = self._machine
        if m.done:
            return ()
        collected = [c - b for c, b in zip(m.contributions, m.bets, strict=True)]
        return settlement.pots_now(collected, m.folded, m.dead_money)

    @property
    def result(self) -> ShowdownResult | PlacementResult | None:
        """The settlement: None until the hand is over (and for a hand whose pot waits
        for the next deal); a `games.ShowdownResult`, or in a placement game a
        `PlacementResult` (the scoring of every pair by `games.ofc.score`, and the chips
        it moved)."""
        m = self._machine
        if not m.done:
            return None
        for rule in self._rules:
            if rule.settles:
                settled: ShowdownResult | PlacementResult | None = rule.result()
                return settled
        if self._result is None:
            self._result = settlement.result_of(self.game, m)
        return self._result

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, in order (see games.engine.events)."""
        m = self._machine
        if len(self._events) != m.nrecords:
            self._events += tuple(
                Event(KINDS[kind], seat, amount, cards, (), tuple(t == 1 for t in tags))
                if kind == _DEAL_HOLE and tags else Event(KINDS[kind], seat, amount, cards, tags)
                for kind, seat, amount, cards, tags in m.records(len(self._events)))
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
        return int(self._machine.carried)

    @property
    def deck(self) -> tuple[int, ...]:
        """Cards not dealt yet, in card order (cards dealt unseen are not known)."""
        return self._machine.cards_in(0)

    @property
    def burned(self) -> tuple[int | None, ...]:
        return self._machine.burned

    @property
    def mucked(self) -> tuple[int, ...]:
        """Cards of folded and mucked hands, in card order."""
        return self._machine.cards_in(4)

    @property
    def discards(self) -> tuple[int, ...]:
        """Discarded cards, in card order."""
        return self._machine.cards_in(5)

    def place_of(self, card: int) -> str | None:
        """Where a card of the game's deck is: "stub", "hand", "board", "burned",
        "muck", "discards", "set aside" (a live dealer's error) or "rows" (a placement
        game); None for a card not in this game's deck."""
        value = self._seat_like(card, "card")
        if not 0 <= value < 52:
            raise ValueError(f"card {value} is outside 0..51")
        place = self._machine.where(value)
        return None if place == _OUT else PLACES[place]

    @property
    def set_aside(self) -> tuple[int, ...]:
        """Cards a live dealer's error set aside, in card order."""
        return self._machine.cards_in(_SET_ASIDE)

    @property
    def due(self) -> Due | None:
        """What the dealer owes a dealer-driven table now, or None when it owes nothing
        (a player is to act, or the hand is over)."""
        m = self._machine
        if m.wait != _DEALER:
            return None
        street = self.game.streets[m.street].name
        dues = m.due_hole
        seat = next((s for s, n in enumerate(dues) if n), None)
        if seat is None:
            return Due("board", None, m.due_board, street)
        if self._irregular is not None and self._irregular.replacement() is not None:
            step = "replacement"
        elif m.step_kind == DRAW:
            step = "draw"
        else:
            step = "hole"
        return Due(step, seat, dues[seat], street)

    @property
    def waiting_for(self) -> str:
        """What the table waits for, in words ("the hand is over", "p2 must discard 1
        card(s)", "the dealer must deal 3 board card(s) (flop)", ...)."""
        m = self._machine
        if m.done:
            return "the hand is over"
        for rule in self._rules:
            said = rule.due()
            if said is not None:
                return said
        if m.betting:
            if m.bring_in_due:
                return (f"{seat_label(m.actor)} must post the bring-in ({self.options.bring_in}) "
                        "or complete")
            return f"{seat_label(m.actor)} is to act in a betting round"
        kind, index = m.step_kind, m.street
        if m.all_in and not m.shown and m.step > self.options.plan.last_decision:
            kind = SHOWDOWN
        street = self.game.streets[index]
        turn = m.turn
        if kind == DEAL:
            dues = m.due_hole
            seat = next((s for s, n in enumerate(dues) if n), None)
            if seat is not None:
                return (f"the dealer must deal {dues[seat]} hole card(s) to "
                        f"{seat_label(seat)} ({street.name})")
            return f"the dealer must deal {m.due_board} board card(s) ({street.name})"
        if kind == DISCARD:
            return f"{seat_label(turn[0])} must discard {street.discard} card(s)"
        if kind == DRAW:
            if turn:
                return (f"{seat_label(turn[0])} must discard up to {street.draw} card(s) "
                        f"or stand pat ({street.name})")
            dues = m.due_hole
            seat = next((s for s, n in enumerate(dues) if n), 0)
            return (f"the dealer must deal {dues[seat]} card(s) to {seat_label(seat)} "
                    f"({street.name})")
        if kind == SHOWDOWN and turn:
            return f"{seat_label(turn[0])} must show or muck"
        return "a betting round is in play"

    # ---------------------------------------------------------------- legal actions

    def legal(self) -> Legal:
        """What the player to act may do now (a `Legal`), or what the dealer owes
        (`replacement`)."""
        m = self._machine
        if m.betting:
            return m.legal_bet()
        if self._irregular is not None:
            owed = self._irregular.replacement()
            if owed is not None:
                return Legal(replacement=owed)
        if m.wait != _PLAYER or not m.turn:
            return NOTHING
        for rule in self._rules:
            found = rule.legal()
            if isinstance(found, Legal):
                return found
        kind = m.step_kind
        street = self.game.streets[m.street]
        if kind == DISCARD:
            return Legal(discard=(street.discard, street.discard))
        if kind == DRAW:
            held = len(m.hole(m.turn[0]))
            return Legal(discard=(0, min(street.draw, held)))
        return Legal(show=True)

    def _not_betting(self, action: str) -> ValueError:
        return ValueError(f"cannot {action} now: {self.waiting_for}")

    def verify_fold(self) -> None:
        """Raise ValueError unless the player to act may fold."""
        m = self._machine
        if not m.betting:
            raise self._not_betting("fold")
        seat = m.bettor
        if m.bring_in_due:
            raise ValueError(f"{_who(seat)} may not fold: it must post the bring-in "
                             "(bring_in(), PHH 'pb') or complete (raise_to)")
        if m.high <= m.bets[seat]:
            raise ValueError(f"{_who(seat)} may not fold: there is no bet to call (check "
                             "instead)")

    def verify_check_or_call(self) -> None:
        """Raise ValueError unless the player to act may check or call."""
        m = self._machine
        if not m.betting:
            raise self._not_betting("check or call")
        if m.bring_in_due:
            raise ValueError(f"{_who(m.bettor)} may not check or call: it must post the "
                             "bring-in (bring_in(), PHH 'pb') or complete (raise_to)")

    def verify_bring_in(self) -> None:
        """Raise ValueError unless the player to act may post the bring-in (stud's third
        street, before anybody completed)."""
        m = self._machine
        if not m.betting:
            raise self._not_betting("post the bring-in")
        if not m.bring_in_due:
            if not self.options.bring_in:
                zero = " (bring_in=0)" if self.game.has_bring_in else ""
                raise ValueError(f"{self.game.title} has no bring-in{zero}")
            raise ValueError(f"{_who(m.bettor)} cannot post the bring-in: none is due (the "
                             "first to act on the first street posts it, before anybody "
                             "completes)")

    def can_bring_in(self) -> bool:
        """Whether the player to act may post the bring-in."""
        return bool(self._machine.bring_in_due)

    def _amount(self, amount: object) -> int:
        """A raise's chips, read once (`operator.index`; bools refused) and checked
        against what the round allows but its bounds; the int returned is the one
        applied."""
        if isinstance(amount, bool):
            raise TypeError(f"a raise is an int of chips, got {amount!r}")
        try:
            value = _index(amount)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"a raise is an int of chips, got {type(amount).__name__} "
                            f"{amount!r}") from None
        m = self._machine
        if not m.betting:
            raise self._not_betting("raise")
        seat = m.bettor
        block = m.raise_block()
        if block == 5:
            assert self._opening is not None
            raise ValueError(f"{_who(seat)} cannot open: {self._opening.closed_why()}")
        if block == 6:
            raise ValueError(f"{_who(seat)} cannot raise: nobody has called the blind "
                             "opening yet (call or fold)")
        if block == 2:
            raise ValueError(f"{_who(seat)} cannot raise: the cap of {m.cap} bets and "
                             "raises this round is reached")
        if block:
            raise ValueError(f"{_who(seat)} cannot raise: {_BLOCKS[block]}")
        if not -MAX_CHIPS < value < MAX_CHIPS:
            raise ValueError(f"{_who(seat)} cannot raise to {value}: out of range")
        return value

    def _bounded(self, value: int) -> None:
        m = self._machine
        least, most = m.raise_bounds()
        if least <= value <= most:
            return
        seat = m.bettor
        verb = "bet" if m.high == 0 else "raise"
        if value < least:
            raise ValueError(f"{_who(seat)} cannot {verb} to {value}: the minimum is {least}")
        what = "all-in" if most == m.stacks[seat] + m.bets[seat] else "the maximum"
        raise ValueError(f"{_who(seat)} cannot {verb} to {value}: {what} is {most}")

    def verify_raise_to(self, amount: int) -> None:
        """Raise ValueError (TypeError for a non-int) unless the player to act may
        complete, bet or raise to `amount` chips."""
        self._bounded(self._amount(amount))

    def can_fold(self) -> bool:
        """Whether the player to act may fold."""
        m = self._machine
        return bool(m.betting and m.high > m.bets[m.bettor])

    def can_check_or_call(self) -> bool:
        """Whether the player to act may check or call."""
        m = self._machine
        return bool(m.betting and not m.bring_in_due)

    def can_raise_to(self, amount: int | None = None) -> bool:
        """Whether the player to act may complete, bet or raise (to `amount`, if given)."""
        m = self._machine
        if not m.betting or m.raise_block():
            return False
        if amount is None:
            return True
        try:
            self.verify_raise_to(amount)
        except (TypeError, ValueError):
            return False
        return True

    # ---------------------------------------------------------------- betting

    def fold(self) -> None:
        """The player to act folds."""
        self._move(self._fold)

    def _fold(self) -> None:
        if self._machine.try_fold():
            self.verify_fold()

    def check_or_call(self) -> None:
        """The player to act checks, or calls (all-in if the stack is short)."""
        self._move(self._check_or_call)

    def _check_or_call(self) -> None:
        if self._machine.try_check_or_call():
            self.verify_check_or_call()

    def bring_in(self) -> None:
        """The player to act posts the bring-in (stud's third street: the lowest card
        showing, razz the highest; completing instead is `raise_to` the small bet)."""
        self._move(self._bring_in)

    def _bring_in(self) -> None:
        if self._machine.try_bring_in():
            self.verify_bring_in()

    def raise_to(self, amount: int) -> None:
        """The player to act completes, bets or raises to `amount` chips in front."""
        self._move(self._raise_to, self._amount(amount))

    def _raise_to(self, value: int) -> None:
        if self._machine.try_raise_to(value):
            self._bounded(value)

    # ---------------------------------------------------------------- cards in hands

    def _seat_like(self, value: object, what: str) -> int:
        """A seat (or card) number: an int by `operator.index`, never a bool."""
        if isinstance(value, bool):
            raise TypeError(f"{what} must be an int, got {value!r}")
        try:
            return _index(value)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{what} must be an int, got {type(value).__name__} "
                            f"{value!r}") from None

    def _check_live(self, cards: Sequence[int | None], what: str) -> None:
        """Raise ValueError unless every known card may be dealt: a card of this deck
        that is not live in a hand, on the board, in a row or set aside."""
        where = self._machine.where
        for card in cards:
            if card is None:
                continue
            place = where(card)
            if place == _OUT:
                raise ValueError(f"{what}: card {card_name(card)} is not in this game's "
                                 f"{len(self.options.deck)}-card deck")
            if place == _SET_ASIDE:
                raise ValueError(f"{what}: card {card_name(card)} is set aside (a dealer's "
                                 "error) and cannot be dealt now")
            if place in _NOT_LIVE:
                raise ValueError(f"{what}: card {card_name(card)} is already in "
                                 f"{_IN[place]}")

    def _named_hand(self, seat: int, cards: Sequence[int], what: str) -> list[int | None]:
        """The hand of `seat` with `cards` named in it: a card not in the hand names
        one of its unknown cards ("??"); ValueError if it cannot (nothing changes)."""
        hand = list(self._machine.hole(seat))
        unknown = hand.count(None)
        for card in cards:
            if card in hand:
                continue
            if not unknown:
                raise ValueError(f"{what}: {seat_label(seat)} does not hold {card_name(card)}")
            self._check_live([card], what)
            hand[hand.index(None)] = card
            unknown -= 1
        return hand

    # ---------------------------------------------------------------- discards

    def verify_discard(self, cards: Cards) -> tuple[int | None, ...]:
        """Raise ValueError unless the player to act may discard `cards` now; returns
        them read."""
        m = self._machine
        kind = m.step_kind
        if m.done or kind not in (DISCARD, DRAW) or not m.turn or m.wait != _PLAYER:
            raise ValueError(f"no discard is due: {self.waiting_for}")
        seat = m.turn[0]
        street = self.game.streets[m.street]
        given = action_cards(cards, "discard")
        if kind == DRAW:
            most = min(street.draw, len(m.hole(seat)))
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
        return given

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
        given = self.verify_discard(cards)
        self._move(self._machine.discard, given)

    # ---------------------------------------------------------------- showdown

    def _showing(self, seat: object) -> int:
        m = self._machine
        if m.done or not m.showdown_due:
            raise ValueError(f"no showdown is due: {self.waiting_for}")
        if seat is None:
            return int(m.turn[0])
        who = self._seat_like(seat, "seat")
        if who not in m.turn:
            raise ValueError(f"{seat_label(who)} has no hand to show or muck now")
        return who

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
        self._move(self._machine.show, self._showing(seat), hand)

    def can_show(self, cards: Cards | None = None, seat: int | None = None) -> bool:
        """Whether `seat` (default: the next to show) may show (these cards)."""
        try:
            self.verify_show(cards, seat)
        except (TypeError, ValueError):
            return False
        return True

    def verify_muck(self, seat: int | None = None) -> None:
        """Raise ValueError unless `seat` (default: the next to show) may muck: any
        hand but the last one still in."""
        who = self._showing(seat)
        folded = self._machine.folded
        if self._machine.live <= 1 or all(f for s, f in enumerate(folded) if s != who):
            raise ValueError(f"{seat_label(who)} holds the last hand: it cannot be mucked")

    def can_muck(self, seat: int | None = None) -> bool:
        """Whether `seat` (default: the next to show) may muck."""
        try:
            self.verify_muck(seat)
        except (TypeError, ValueError):
            return False
        return True

    def muck(self, seat: int | None = None) -> None:
        """`seat` (default: the next in showdown order) gives up its hand unshown."""
        self.verify_muck(seat)
        self._move(self._machine.muck, self._showing(seat))

    # ---------------------------------------------------------------- the dealer

    def _dealing(self) -> None:
        """Raise ValueError unless the dealer is due now."""
        if self._machine.wait != _DEALER:
            if self.auto:
                raise ValueError("this table deals itself (auto=True); dealer steps are "
                                 "for auto=False")
            raise ValueError(f"no dealing is due: {self.waiting_for}")

    def verify_deal_hole(self, seat: int, cards: Cards) -> tuple[int | None, ...]:
        """Raise ValueError unless the dealer may deal `cards` to `seat` now; returns
        them read."""
        who = self._seat_like(seat, "seat")
        given = action_cards(cards, "deal")
        self._dealing()
        due = self._machine.due_hole
        if not 0 <= who < len(due):
            raise ValueError(f"there is no {seat_label(who)} at this {len(due)}-seat table")
        if not 0 < len(given) <= due[who]:
            if not given:
                raise ValueError("deal which cards?")
            raise ValueError(f"{seat_label(who)} is due {due[who]} hole card(s) now, "
                             f"got {len(given)}")
        self._check_live(given, f"deal to {seat_label(who)}")
        return given

    def deal_hole(self, seat: int, cards: Cards) -> None:
        """The dealer deals `cards` (None or "??" for a card nobody saw) to `seat`."""
        given = self.verify_deal_hole(seat, cards)
        self._move(self._machine.deal_hole, _index(seat), given)

    def verify_deal_board(self, cards: Cards) -> tuple[int, ...]:
        """Raise ValueError unless the dealer may turn `cards` on the board now."""
        self._dealing()
        m = self._machine
        given = action_cards(cards, "board")
        dues = m.due_hole
        seat = next((s for s, n in enumerate(dues) if n), None)
        if seat is not None:
            raise ValueError(f"{seat_label(seat)} is still due {dues[seat]} hole card(s) "
                             "before the board")
        if not given or None in given:
            raise ValueError("board cards are dealt face up: name each card")
        if len(given) > m.due_board:
            raise ValueError(f"the {self.game.streets[m.street].name} has {m.due_board} "
                             f"board card(s) to deal, got {len(given)}")
        self._check_live(given, "board")
        return tuple(c for c in given if c is not None)

    def deal_board(self, cards: Cards) -> None:
        """The dealer turns `cards` on the board (a burn first, unseen, as the street
        says)."""
        given = self.verify_deal_board(cards)
        self._move(self._machine.deal_board, given)

    # ---------------------------------------------------------------- a live dealer's errors

    def _dealer_errors(self, what: str) -> Irregularities:
        """The irregularities module of a table the dealer drives (attached on the
        first report)."""
        if self.game.rows or any(s.up for s in self.game.streets):     # OFC, stud
            raise ValueError(f"{what}: the irregularity rules are the Hold'em family's; "
                             f"{self.game.title} has no remedies for them here")
        if self.auto:
            raise ValueError(f"{what}: this table deals itself (auto=True); irregularities "
                             "are reported by a live dealer (auto=False)")
        if self._machine.done:
            raise ValueError(f"{what}: the hand is over")
        if self._irregular is None:
            self._attach(Irregularities(self))
        assert self._irregular is not None
        return self._irregular

    def expose(self, card: str) -> Remedy:
        """The dealer exposed a hole card while dealing: "misdeal" or "replace"."""
        (value,) = _read_report(card, "expose", 1)
        remedy: Remedy = self._move(self._dealer_errors("expose").expose, value)
        return remedy

    def extra_card(self, card: str) -> Remedy:
        """The first player got one card too many after the deal: "burn" or "misdeal"."""
        (value,) = _read_report(card, "extra card", 1)
        remedy: Remedy = self._move(self._dealer_errors("extra card").extra_card, value)
        return remedy

    def board_error(self, cards: str) -> Remedy:
        """Board cards turned that should not have been: "reshuffle" (a flop) or
        "set-aside" (a turn or river turned before its betting round)."""
        given = _read_report(cards, "board error")
        remedy: Remedy = self._move(self._dealer_errors("board error").board_error, given)
        return remedy

    def misdeal(self) -> Remedy:
        """The floor declares a misdeal: every card back, the same hand dealt again."""
        remedy: Remedy = self._move(self._dealer_errors("misdeal").misdeal)
        return remedy

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
        raise ValueError(f"unknown irregularity {kind!r}: one of expose, extra_card, "
                         "board_error, floor_misdeal")

    # ---------------------------------------------------------------- placement games

    @property
    def rows(self) -> tuple[tuple[tuple[int | None, ...], ...], ...]:
        """Each seat's rows so far, in the game's row order (bottom, middle, top); ()
        per seat in the games without rows."""
        if self._placement is None:
            return ((),) * self.seats
        return tuple(tuple(tuple(row) for row in seat) for seat in self._placement.rows)

    @property
    def to_place(self) -> int:
        """How many cards the player to act must place now (0 when no placement is
        due); in Pineapple the one card left over is discarded."""
        module = self._placement
        if module is None or not module.placing():
            return 0
        return module.to_place(self._machine.turn[0])

    def _checked_place(self, given_rows: Sequence[Cards | None], discard: Cards | None
                       ) -> tuple[tuple[tuple[int | None, ...], ...], list[int | None]]:
        module = self._placement
        if module is None or not module.placing():
            raise ValueError(f"no placement is due: {self.waiting_for}")
        placed = [action_cards(cards, f"place {row.name}") for row, cards in
                  zip(self.game.rows, given_rows, strict=True)]
        thrown = action_cards(discard, "discard")
        hand = module.check(placed, thrown, discard is not None)
        return (*placed, thrown), hand

    def verify_place(self, bottom: Cards | None = None, middle: Cards | None = None,
                     top: Cards | None = None, *, discard: Cards | None = None
                     ) -> tuple[tuple[int | None, ...], ...]:
        """Raise ValueError unless the player to act may place these cards now; returns
        the cards per row (the game's row order) and, last, the cards discarded."""
        return self._checked_place((bottom, middle, top), discard)[0]

    def can_place(self, bottom: Cards | None = None, middle: Cards | None = None,
                  top: Cards | None = None, *, discard: Cards | None = None) -> bool:
        """Whether the player to act may place these cards now."""
        try:
            self.verify_place(bottom, middle, top, discard=discard)
        except (TypeError, ValueError):
            return False
        return True

    def place(self, bottom: Cards | None = None, middle: Cards | None = None,
              top: Cards | None = None, *, discard: Cards | None = None) -> None:
        """The player to act places its cards: ``t.place(bottom="As Ah", middle="Kd Qd",
        top="2c")`` on the first street, one card a street after it
        (``t.place(top="Qh")``).  Placed cards never move.  In Pineapple the card not
        placed is discarded face down (`discard` may name it)."""
        checked, hand = self._checked_place((bottom, middle, top), discard)
        assert self._placement is not None
        self._move(self._placement.place, checked[:-1], hand)

    # ---------------------------------------------------------------- Italian poker

    @property
    def opening_seat(self) -> int:
        """A game with an opening round (Italian poker): the opener, the seat that made
        the deal's first bet or opened blind last; -1 if nobody opened (or the game
        has no opening round)."""
        return -1 if self._opening is None else self._opening.opening_seat

    # ---------------------------------------------------------------- PHH (games.phh)

    def act(self, action: str) -> None:
        """Apply one action in PHH notation: "f", "cc", "cbr 60", "sd 7h", "sm AsKs",
        "sm" (muck), for the player to act or for a named one ("p3 cc"); dealer steps
        "d dh p1 AsKs" and "d db 7c8d9h" when the table does not deal itself."""
        _ACT(self, action)

    def history(self, **fields: Any) -> HandHistory:
        """The hand as a `games.phh.HandHistory`; `fields` add optional PHH fields
        (players=, event=, ...) and user fields ("_name")."""
        assert _NOTATION is not None, "games.phh plugs PHH's notation in on import"
        return _NOTATION.history(self, **fields)

    def to_phh(self, **fields: Any) -> str:
        """The hand as PHH text (TOML): every dealt card, action and shown hand as the
        standard writes them, so any PHH reader replays it to the same stacks."""
        assert _NOTATION is not None, "games.phh plugs PHH's notation in on import"
        return _NOTATION.text(self, **fields)

    # ---------------------------------------------------------------- tests

    def _snapshot(self) -> tuple[object, ...]:
        """Everything the table holds, for comparing before and after an action (the
        irregularities module, attached on the first report, counts as attached from
        the start)."""
        return (self._machine.state(),
                tuple(r.state() for r in self._rules if r is not self._irregular),
                _NO_ERRORS if self._irregular is None else self._irregular.state())


def _unpickle(options: TableOptions, starting: tuple[int, ...], seed: int | None, auto: bool,
              machine: tuple[Any, ...], rules: list[tuple[type[Rule], tuple[object, ...]]]
              ) -> Table:
    """A pickled table again (`Table.__reduce__`)."""
    if not isinstance(options, TableOptions):
        raise TypeError("not a pickled Table")
    t = object.__new__(Table)
    t.options = options
    t.game = options.game
    t.auto = auto
    t.seed = seed
    t._starting = starting
    t._adopt(Machine.load(options.spec, machine), rules)
    return t
