"""Hypothesis over random games, stacks, blinds, antes and legal random actions.

After every action: chips are conserved (stacks + bets + pots = total), every card of
the deck is in exactly one place, what `legal()` offers is accepted and the moves
just outside it are refused without changing anything.  Every hand ends, the same
seed and actions play the same hand, and the hand's PHH replays to the same table.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import Table, phh, variant
from tests.engine_util import check_cards, check_chips, check_round

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the backport pokerhands depends on before 3.11
    import tomli as tomllib

GAMES = ["holdem", "short-deck", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo",
         "crazy-pineapple", "2-7-triple-draw", "italian"]
MAX_ACTIONS = 400   # a hand of ours never needs this many; more means it does not end


@st.composite
def table_options(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(GAMES))
    seats = draw(st.integers(2, min(variant(game).max_players, 7)))
    small = draw(st.integers(0, 5))
    blinds = [small, draw(st.integers(max(small, 1), 10))]
    if seats > 3 and draw(st.booleans()):
        blinds.append(2 * blinds[1])             # a straddle
    antes: Any = draw(st.one_of(
        st.just(0), st.integers(0, 3), st.lists(st.integers(0, 3), min_size=seats,
                                                 max_size=seats)))
    closed = {}
    if game == "italian":       # no blinds; an invito, maybe a carried pot, an opening
        blinds = []
        closed = dict(opening=draw(st.sampled_from(["jacks", "queens", "kings"])),
                      carried=draw(st.sampled_from([0, 0, 9])),
                      keep_opening=draw(st.booleans()),
                      false_openings=draw(st.booleans()))
        pot = closed["carried"] or (antes if isinstance(antes, int) else sum(antes))
        if closed["opening"] == "jacks" and seats >= 3 and pot and draw(st.booleans()):
            closed["buio"] = True          # a blind opening, and maybe a controbuio
            closed["controbuio"] = seats >= 4 and draw(st.booleans())
    return dict(
        game=game,
        stacks=draw(st.lists(st.integers(1, 300), min_size=seats, max_size=seats)),
        blinds=tuple(blinds),
        **closed,
        antes=antes,
        betting=draw(st.sampled_from([None, "no-limit", "pot-limit", "fixed-limit"])),
        ante_trimming=draw(st.booleans()),
        seed=draw(st.integers(0, 2**64 - 1)),
    )


def refused(t: Table, action: Any) -> None:
    before = t._snapshot()
    with pytest.raises((ValueError, TypeError)):
        action()
    assert t._snapshot() == before


def check_legal_bounds(t: Table) -> None:
    """The moves just outside what legal() offers are refused, changing nothing."""
    legal = t.legal()
    if not legal.fold:
        refused(t, t.fold)
    if legal.call is None:
        refused(t, t.check_or_call)
    if legal.raise_to is None:
        refused(t, lambda: t.raise_to(10))
    else:
        low, high = legal.raise_to
        assert t.can_raise_to(low) and t.can_raise_to(high)
        refused(t, lambda: t.raise_to(low - 1))
        refused(t, lambda: t.raise_to(high + 1))
    if legal.discard is None:
        refused(t, lambda: t.discard([0]))
    else:
        low, high = legal.discard
        hand = t.holes[t.actor]  # type: ignore[index]
        if high < len(hand):
            refused(t, lambda: t.discard(list(hand[:high + 1])))   # one card too many
        if low:
            refused(t, lambda: t.discard([]))                      # one too few
        if t.board:
            refused(t, lambda: t.discard([t.board[0]]))                 # a card not held


def play_random(t: Table, data: st.DataObject, checks: bool = True) -> list[tuple[str, Any]]:
    """Random legal actions to the end of the hand; returns what was done."""
    done: list[tuple[str, Any]] = []
    while not t.done:
        assert len(done) < MAX_ACTIONS, "the hand does not end"
        legal = t.legal()
        assert t.actor is not None, "nobody to act in an unfinished auto-dealt hand"
        if checks:
            check_legal_bounds(t)
        if legal.discard is not None:
            hand = t.holes[t.actor]
            count = data.draw(st.integers(*legal.discard))
            choice = data.draw(st.lists(st.sampled_from(hand), min_size=count,
                                        max_size=count, unique=True))
            t.discard(choice)
            done.append(("discard", tuple(choice)))
        else:
            options = ["call"] + (["fold"] if legal.fold else []) + (
                ["raise"] if legal.raise_to else [])
            kind = data.draw(st.sampled_from(options))
            if kind == "fold":
                t.fold()
                done.append(("fold", None))
            elif kind == "call":
                t.check_or_call()
                done.append(("call", None))
            else:
                low, high = legal.raise_to  # type: ignore[misc]
                amount = data.draw(st.sampled_from([low, high, (low + high) // 2]))
                t.raise_to(amount)
                done.append(("raise", amount))
        if checks:
            check_chips(t)
            check_cards(t)
            check_round(t)
    return done


def redo(t: Table, actions: list[tuple[str, Any]]) -> None:
    for kind, arg in actions:
        if kind == "discard":
            t.discard(arg)
        elif kind == "fold":
            t.fold()
        elif kind == "call":
            t.check_or_call()
        else:
            t.raise_to(arg)


@pytest.mark.parametrize("how", ["post", "fold"])
def test_a_seat_out_of_chips_or_out_of_the_hand_within_a_round_is_not_due_after_a_raise(
        how: str) -> None:
    """A raise makes due the seats still in with chips behind, a word the machine keeps
    action by action (`Hand.behind`).  The machine's other ways of changing a seat,
    which rule modules call, keep it too, should one come within a round: chips posted
    (what Italian poker's refund and a placement game's settlement use) and a seat taken
    out of the hand.  The next seat after the actor goes all-in or out that way; after
    a raise, the seat after it must act, not that one."""
    t = Table("holdem", [100] * 4, seed=1)
    m = t._machine
    actor = m.bettor
    gone, skipped_to = (actor + 1) % 4, (actor + 2) % 4
    if how == "post":
        m.post(gone, m.stacks[gone], False, False)
    else:
        m.set_folded(gone)
    check_round(t)
    t.raise_to(10)
    check_round(t)
    assert m.bettor == skipped_to


@settings(max_examples=300)
@given(options=table_options(), data=st.data())
def test_random_hands_keep_every_invariant(options: dict[str, Any],
                                           data: st.DataObject) -> None:
    game, stacks = options.pop("game"), options.pop("stacks")
    t = Table(game, stacks, **options)
    check_chips(t)
    check_cards(t)
    actions = play_random(t, data)
    assert t.done and t.actor is None and sum(t.stacks) + t.carried == t.total
    carried = t.events[-1].kind == "carry"
    false = any(e.kind == "false_opening" for e in t.events)
    if carried and not false:   # Italian poker: everyone checked, the pot waits
        assert t.result is None and t.carried == sum(t.contributions)
    elif not carried:
        assert t.result is not None and sum(t.result.payouts) == sum(t.result.contributions)
        assert t.result.contributions == t.contributions
        # the chips pushed are the payouts games.showdown reports for the same showdown
        # (a pot carried in is the dealer's dead money: in its contribution, not paid)
        carried_in = [0] * (len(stacks) - 1) + [options.get("carried", 0)]
        assert t.stacks == tuple(s - c + p + k for s, c, p, k in zip(
            t.starting_stacks, t.contributions, t.result.payouts, carried_in, strict=True))

    # the same seed and the same actions play the same hand
    again = Table(game, stacks, **options)
    redo(again, actions)
    assert again.events == t.events and again.stacks == t.stacks

    # the hand's PHH: TOML any reader takes, a round trip, and a replay to this table
    text = t.to_phh()
    assert tomllib.loads(text)["starting_stacks"] == list(stacks)
    history = phh.loads(text)
    assert phh.loads(phh.dumps(history)) == history and phh.dumps(history) == text
    replayed = phh.replay(history)
    assert replayed.done and replayed.stacks == t.stacks
    # the same events, but the burns and a draw's new stub: a dealer-driven table
    # does not see them
    hidden = ("burn", "new_stub")
    assert [e for e in replayed.events if e.kind not in hidden] == [
        e for e in t.events if e.kind not in hidden]
    # (Italian poker's draw burns a card only the dealing table sees)
    if not any(s.serve_at_once for s in t.game.streets):
        assert len(replayed.burned) == len(t.burned) and set(replayed.burned) <= {None}
    assert replayed.carried == t.carried
    if t.result is None:
        assert replayed.result is None
    else:
        assert replayed.result is not None and replayed.result.payouts == t.result.payouts
