"""The engine as a state machine under legal and hostile play (hypothesis'
`RuleBasedStateMachine`), for every game it plays, dealt by the table itself or by a
dealer the test plays.

Each step is one of: a legal move (a bet, a discard or draw, a placement, a show or
muck, or the dealer dealing what is due), sent as a typed call or as a PHH string;
a hostile move (amounts as floats, bools, huge ints, strings or int-likes, seats
that are not seats, garbage action lines, cards not held, impossible placements,
anything at all once the hand is over); at a table the dealer drives, a dealer's
irregularity reported at a random moment; or the hand going on at a copy of the table
(`copy()`, or pickled and loaded), the table copied kept aside.  After every step:

* a refused move raised TypeError or ValueError and changed nothing (the whole
  snapshot of the table);
* what `legal()` offers is what the `can_*` checks say, and the moves just outside
  it are refused;
* every chip is at the table (stacks + bets + pots + a pot carried = the total) and
  every card of the deck is in exactly one place;
* the hand's PHH so far replays to the same table: the same snapshot for a table the
  dealer drives, the same stacks, bets, cards and events for one that deals itself.
* the tables copied are as they were when copied.

One test case per game and dealing mode (``TestHands[holdem-auto]``, ...).  Profiles:
CI runs a fixed, derandomized number of hands for each (20); ``POKERHANDS_STATEFUL=long``
runs fresh random ones (``POKERHANDS_STATEFUL_EXAMPLES`` each, 500 by default), by hand.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from evaluator import card_name
from games import Table, phh, variant
from tests.engine_util import check_chips, stateful_settings

GAMES = ["holdem", "short-deck", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo",
         "crazy-pineapple", "2-7-triple-draw", "2-7-single-draw", "badugi", "seven-card-stud",
         "seven-card-stud-hilo", "razz", "italian", "ofc", "pineapple-ofc"]
SETTINGS = stateful_settings(20, 60)


class IntLike:
    """An int-like (only __index__), as numpy integers and other libraries offer."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def options_for(game: str, seats: int, draw: st.DrawFn) -> dict[str, Any]:
    """A game's table options drawn at random, within what the rules allow."""
    if variant(game).rows:
        return dict(stake=draw(st.integers(1, 3)),
                    fantasyland=tuple(draw(st.sets(st.integers(0, seats - 1), max_size=1))))
    if game == "italian":
        antes = (0,) * (seats - 1) + (draw(st.integers(1, 4)),)
        out: dict[str, Any] = dict(antes=antes, false_openings=draw(st.booleans()),
                                   keep_opening=draw(st.booleans()),
                                   opening=draw(st.sampled_from(["jacks", "kings"])))
        if out["opening"] == "jacks" and seats >= 3 and draw(st.booleans()):
            out["buio"] = True
        return out
    if variant(game).has_bring_in:          # stud: antes, the bring-in, fixed limit
        bet = draw(st.integers(2, 4))
        return dict(antes=draw(st.sampled_from([0, 1, 1, 2])), small_bet=bet, big_bet=2 * bet,
                    bring_in=draw(st.integers(0, bet - 1)),
                    ante_trimming=draw(st.booleans()))
    small = draw(st.integers(0, 3))
    return dict(blinds=(small, draw(st.integers(max(small, 1), 6))),
                antes=draw(st.sampled_from([0, 0, 1])),
                betting=draw(st.sampled_from([None, "no-limit", "pot-limit", "fixed-limit"])))


class Hands(RuleBasedStateMachine):
    """One hand of one game, stepped by legal and hostile moves (see the module); the
    subclasses below fix the game and who deals."""

    game: str = "holdem"
    auto: bool = True
    t: Table
    order: list[int]

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        game, auto = self.game, self.auto
        most = 8 if variant(game).has_bring_in else 6       # stud: eight run the deck out
        seats = data.draw(st.integers(2, min(variant(game).max_players, most)), label="seats")
        stacks = data.draw(st.lists(st.integers(1, 120), min_size=seats, max_size=seats))
        options = options_for(game, seats, data.draw)
        if game == "omaha5" and seats > 8:
            seats = 8
        self.t = Table(game, stacks, seed=data.draw(st.integers(0, 2**64 - 1)), auto=auto,
                       **options)
        self.order = data.draw(st.permutations(self.t.game.deck.tolist()), label="deck")
        self.rng = random.Random(data.draw(st.integers(0, 2**32)))
        self.left: list[tuple[Table, tuple[Any, ...]]] = []   # tables copied (`go_on_with_a_copy`)

    # ---------------------------------------------------------------- helpers

    def refused(self, move: Any) -> None:
        """A hostile move: TypeError or ValueError, and the table exactly as it was."""
        before = self.t._snapshot()
        with pytest.raises((TypeError, ValueError)):
            move()
        assert self.t._snapshot() == before, "a refused move changed the table"

    def live_cards(self) -> list[int]:
        """Cards a dealer may deal now, in the test's shuffled order (the stub first; a
        draw's discards, or in stud the folded hands and burns, once it runs out)."""
        t = self.t
        stub = set(t.deck)
        free = stub if stub else set(t.discards) | set(t.mucked) | {
            c for c in t.burned if c is not None}
        return [c for c in self.order if c in free]

    # ---------------------------------------------------------------- legal moves

    @precondition(lambda self: not self.t.done)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        t = self.t
        text = data.draw(st.booleans(), label="as PHH")
        due = t.due
        if due is not None:
            cards = self.live_cards()[:due.cards if due.seat is None else 1]
            if due.seat is None:
                t.act("d db " + "".join(card_name(c) for c in cards)) if text else (
                    t.deal_board(cards))
            else:
                t.act(f"d dh p{due.seat + 1} {card_name(cards[0])}") if text else (
                    t.deal_hole(due.seat, cards))
            return
        legal = t.legal()
        actor = t.actor
        assert actor is not None, f"nothing to do at an unfinished table: {t!r}"
        if legal.place is not None:
            hand = list(t.holes[actor])
            self.rng.shuffle(hand)
            free = [row for row, n in legal.place.items() for _ in range(n)]
            self.rng.shuffle(free)
            rows: dict[str, list[int]] = {}
            for card, row in zip(hand[:t.to_place], free, strict=False):
                rows.setdefault(row, []).append(card)  # type: ignore[arg-type]
            t.place(**rows)
        elif legal.discard is not None:
            low, high = legal.discard
            count = data.draw(st.integers(low, high), label="discard")
            cards = list(t.holes[actor])[:count]
            t.act(f"sd {''.join(card_name(c) for c in cards)}".rstrip()) if text else (  # type: ignore[arg-type]
                t.discard(cards))
        elif legal.show:
            if t.can_muck() and data.draw(st.booleans(), label="muck"):
                t.act("sm") if text else t.muck()
            else:
                t.act("sm -") if text else t.show()
        else:
            kinds = (["call"] if legal.call is not None else ["bring in"]) + (
                ["fold"] if legal.fold else []) + (["raise"] if legal.raise_to else [])
            kind = data.draw(st.sampled_from(kinds), label="bet")
            if kind == "bring in":
                t.act("pb") if text else t.bring_in()
            elif kind == "raise":
                low, high = legal.raise_to  # type: ignore[misc]
                amount = data.draw(st.integers(low, high), label="amount")
                t.act(f"cbr {amount}") if text else t.raise_to(amount)
            elif kind == "fold":
                t.act("f") if text else t.fold()
            else:
                t.act("cc") if text else t.check_or_call()

    @precondition(lambda self: not self.t.done)
    @rule(data=st.data(), moves=st.integers(2, 12))
    def legal_run(self, data: st.DataObject, moves: int) -> None:
        """Several legal moves in a row (hands reach their end), every invariant
        checked after each."""
        for _ in range(moves):
            if self.t.done:
                break
            self.legal_move(data)
            self.check_everything()

    def check_everything(self) -> None:
        self.chips_are_kept()
        self.every_card_in_one_place()
        self.legal_agrees_with_the_checks()
        self.the_history_so_far_replays()

    # ---------------------------------------------------------------- hostile moves

    @rule(data=st.data())
    def hostile_move(self, data: st.DataObject) -> None:
        t = self.t
        legal = t.legal()
        seats = t.seats
        choices: list[Any] = [
            lambda: t.raise_to(10.0),                                 # type: ignore[arg-type]
            lambda: t.raise_to(True),                                 # type: ignore[arg-type]
            lambda: t.raise_to("10"),                                 # type: ignore[arg-type]
            lambda: t.raise_to(2**70),
            lambda: t.raise_to(np.int64(-5)),                         # type: ignore[arg-type]
            lambda: t.raise_to(IntLike(10**20)),                      # type: ignore[arg-type]
            lambda: t.act("zz " + data.draw(st.text(max_size=12), label="garbage")),
            lambda: t.act(f"p{seats + 1} cc"),
            lambda: t.act("cbr 1.5"),
            lambda: t.act(5),                                          # type: ignore[arg-type]
            lambda: t.show(seat=True),                                # type: ignore[arg-type]
            lambda: t.muck(seat=1.0),                                 # type: ignore[arg-type]
            lambda: t.muck(seat=seats + 3),
            lambda: t.deal_hole(seats + 1, "As"),
            lambda: t.deal_hole(False, "As"),                         # type: ignore[arg-type]
            lambda: t.discard("AsAs"),
            lambda: t.place(top=[0, 0]),
            lambda: t.discard(list(t.board[:1])) if t.board else t.discard(["Zz"]),
        ]
        if legal.raise_to is not None:
            low, high = legal.raise_to
            choices += [lambda: t.raise_to(low - 1), lambda: t.raise_to(high + 1)]
        if not legal.fold:
            choices.append(t.fold)
        if legal.call is None:
            choices.append(t.check_or_call)
        if not legal.bring_in:
            choices += [t.bring_in, lambda: t.act("pb")]       # none due (or posted)
        if t.actor is not None:                               # out of turn
            other = f"p{(t.actor + 1) % seats + 1}"
            amount = legal.raise_to[0] if legal.raise_to else 1
            choices += [lambda: t.act(f"{other} pb"), lambda: t.act(f"{other} cc"),
                        lambda: t.act(f"{other} cbr {amount}"), lambda: t.act(f"{other} f")]
        if legal.discard is None:
            choices.append(lambda: t.discard([]))
        else:
            held = len(t.holes[t.actor])  # type: ignore[index]
            if legal.discard[1] < held:
                choices.append(lambda: t.discard(list(t.holes[t.actor])  # type: ignore[index]
                                                 [:legal.discard[1] + 1]))
        if legal.place is None:
            choices.append(lambda: t.place(bottom="As"))
        if t.done:
            choices += [t.check_or_call, lambda: t.raise_to(4), lambda: t.act("cc"),
                        lambda: t.deal_board("2c")]
        move = data.draw(st.sampled_from(choices), label="hostile")
        self.refused(move)

    @precondition(lambda self: not self.t.auto and not self.t.done and not self.t.game.rows)
    @rule(data=st.data())
    def irregularity(self, data: st.DataObject) -> None:
        """A dealer's error reported at any moment: a remedy, or a refusal that changes
        nothing."""
        t = self.t
        kind = data.draw(st.sampled_from(["expose", "extra_card", "board_error", "misdeal"]))
        held = [c for h in t.holes for c in h if c is not None]
        stub = self.live_cards()
        if kind == "expose" and held:
            card = card_name(data.draw(st.sampled_from(held)))
        elif stub:
            card = "".join(card_name(c) for c in stub[:data.draw(st.integers(1, 4))])
        else:
            return
        before = t._snapshot()
        try:
            t.misdeal() if kind == "misdeal" else t.report(kind, card)
        except ValueError:
            assert t._snapshot() == before, "a refused report changed the table"

    # ---------------------------------------------------------------- copies

    @rule(pickled=st.booleans())
    def go_on_with_a_copy(self, pickled: bool) -> None:
        """The hand goes on at a copy of the table (`copy()`, or pickled and loaded):
        the same snapshot now, every invariant after each later step, and the table
        left behind stays as it was whatever the copy does."""
        old = self.t
        before = old._snapshot()
        twin = pickle.loads(pickle.dumps(old)) if pickled else old.copy()
        assert twin is not old and twin._snapshot() == before
        self.left.append((old, before))
        self.t = twin

    @invariant()
    def tables_left_behind_stay(self) -> None:
        for old, before in self.left[-3:]:
            assert old._snapshot() == before, "a copy's moves changed the table copied"

    # ---------------------------------------------------------------- invariants

    def teardown(self) -> None:
        if hasattr(self, "t"):
            event(f"hand over: {self.t.done}")
            event(f"actions: {min(len(self.t.events) // 10 * 10, 50)}+")

    @invariant()
    def chips_are_kept(self) -> None:
        check_chips(self.t)
        assert all(s >= 0 for s in self.t.stacks)

    @invariant()
    def every_card_in_one_place(self) -> None:
        t = self.t
        places = [t.deck, t.board, t.burned, t.mucked, t.discards, t.set_aside,
                  *t.holes, *[row for rows in t.rows for row in rows]]
        seen = [c for place in places for c in place if c is not None]
        assert len(seen) == len(set(seen)), "a card is in two places"
        assert set(seen) <= set(t.game.deck.tolist())
        if t.auto:
            assert sorted(seen) == sorted(t.game.deck.tolist()), "a card is missing"

    @invariant()
    def legal_agrees_with_the_checks(self) -> None:
        t = self.t
        legal = t.legal()
        assert legal.fold == t.can_fold()
        assert (legal.call is not None) == t.can_check_or_call()
        assert (legal.raise_to is not None) == t.can_raise_to()
        assert (legal.discard is not None) == t.can_discard()
        assert legal.bring_in == t.can_bring_in()
        assert not (legal.bring_in and (legal.call is not None or legal.fold))
        if legal.raise_to is not None:
            low, high = legal.raise_to
            assert t.can_raise_to(low) and t.can_raise_to(high)
            assert not t.can_raise_to(low - 1) and not t.can_raise_to(high + 1)
        if t.done:
            assert t.actor is None and t.due is None and legal == type(legal)()

    @invariant()
    def the_history_so_far_replays(self) -> None:
        t = self.t
        again = phh.replay(t.to_phh())
        if not t.auto:
            assert again._snapshot() == t._snapshot()
            return
        hidden = ("burn", "new_stub")
        assert [e for e in again.events if e.kind not in hidden] == [
            e for e in t.events if e.kind not in hidden]
        assert (again.stacks, again.bets, again.board, again.holes, again.rows,
                again.actor, again.done, again.carried) == (
            t.stacks, t.bets, t.board, t.holes, t.rows, t.actor, t.done, t.carried)
        if again.actor is not None:
            assert again.legal() == t.legal()


def _case(game: str, auto: bool) -> type:
    machine = type(f"Hands_{game}_{'auto' if auto else 'dealer'}", (Hands,),
                   {"game": game, "auto": auto})
    machine.TestCase.settings = SETTINGS
    return machine.TestCase


CASES = {f"{game}-{'auto' if auto else 'dealer'}": _case(game, auto)
         for game in GAMES for auto in (True, False)}


@pytest.mark.parametrize("case", CASES)
def test_hands(case: str) -> None:
    CASES[case]().runTest()
