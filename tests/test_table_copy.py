"""`Table.copy()` (and `copy.copy`, `copy.deepcopy`): an independent table in the same
state, as a search over a hand needs.  Cut a random hand anywhere, copy it, and play
the rest on the copy: it ends as the whole hand played on one table does, and the table
copied does not move; played on after that, it ends the same too.  For every game with
its rule modules: Italian poker's opening, the placement games' rows, a live dealer's
irregularities; and for the cards still to come of a table that deals itself."""

from __future__ import annotations

import copy
import pickle
import random
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import format_cards
from games import Session, Table, Tables
from games.engine._batch import layout as layout_of_tables
from games.engine._machine import Machine
from tests.engine_util import check_cards, check_chips, place_at_random
from tests.test_engine_invariants import play_random, redo, table_options


def ended_alike(a: Table, b: Table) -> None:
    assert a.done and b.done
    assert a.events == b.events and a.stacks == b.stacks and a.history() == b.history()
    assert (a.result is None) == (b.result is None)
    if a.result is not None:
        assert a.result.payouts == b.result.payouts  # type: ignore[union-attr]


@settings(max_examples=150)
@given(options=table_options(), data=st.data(), cut=st.floats(0, 1))
def test_a_copy_cut_anywhere_plays_on_as_the_table_would(options: dict[str, Any],
                                                         data: st.DataObject,
                                                         cut: float) -> None:
    game, stacks = options.pop("game"), options.pop("stacks")
    whole = Table(game, stacks, **options)
    actions = play_random(whole, data, checks=False)
    k = int(cut * len(actions))
    t = Table(game, stacks, **options)
    redo(t, actions[:k])
    before = t._snapshot()
    c = t.copy()
    assert c._snapshot() == before and c is not t
    redo(c, actions[k:])
    check_chips(c)
    check_cards(c)
    ended_alike(c, whole)
    assert t._snapshot() == before          # the copy's moves left the table as it was
    loaded = pickle.loads(pickle.dumps(t))  # a pickled table unpickles to a copy
    assert loaded._snapshot() == before and loaded.history() == t.history()
    redo(loaded, actions[k:])
    ended_alike(loaded, whole)
    assert t._snapshot() == before
    redo(t, actions[k:])
    ended_alike(t, whole)


def test_copy_and_deepcopy_are_the_table_copy() -> None:
    t = Table("omaha-hilo", (50, 80, 120), seed=9)
    t.check_or_call()
    for twin in (copy.copy(t), copy.deepcopy(t), copy.deepcopy([t])[0]):
        assert type(twin) is Table and twin is not t and twin._machine is not t._machine
        assert twin._snapshot() == t._snapshot() and twin.history() == t.history()


def test_a_copy_deals_the_cards_the_table_would_deal() -> None:
    """A table that deals itself: the copy holds the same cards to come, so checking
    down both deals the same board, and a copy of the copy too."""
    t = Table("holdem", (100,) * 6, seed=2024)
    c = t.copy()
    cc = c.copy()
    for table in (t, c, cc):
        while not table.done:
            table.check_or_call()
    assert t.board == c.board == cc.board and len(t.board) == 5
    assert t.events == c.events == cc.events


def test_the_placement_games_copy_their_rows() -> None:
    """Open Face Chinese (plain and Pineapple, with fantasyland): the rows placed so
    far are the placement module's; the copy places on its own rows."""
    for game, options in (("ofc", {}), ("pineapple-ofc", {"fantasyland": (0,)})):
        rng = random.Random(5)
        t = Table(game, (100, 100), seed=11, **options)
        for _ in range(3):
            place_at_random(t, rng)
        c = t.copy()
        before = t._snapshot()
        assert c.rows == t.rows
        moves = random.Random(6)
        while not c.done:
            place_at_random(c, moves)
        assert t._snapshot() == before and t.rows != c.rows
        loaded = pickle.loads(pickle.dumps(t))
        assert loaded.rows == t.rows and loaded._snapshot() == before
        for table in (t, loaded):
            moves = random.Random(6)
            while not table.done:
                place_at_random(table, moves)
            assert table.rows == c.rows and table.stacks == c.stacks
            assert table.events == c.events and table.result == c.result


def test_a_dealers_errors_are_copied_with_the_table() -> None:
    """A live dealer's exposed card owes a replacement: the copy owes it too and takes
    it as the table would; the table still owes it."""
    def dealt() -> Table:
        t = Table("holdem", (100, 100, 100), auto=False)
        for action in ("d dh p1 As", "d dh p2 Kd", "d dh p3 7h", "d dh p1 2c",
                       "d dh p2 Qc"):
            t.act(action)
        return t

    t = dealt()
    t.act("d dh p3 8s")
    assert t.expose("8s") == "replace"
    c = t.copy()
    assert c.legal().replacement == t.legal().replacement == 2
    c.act("d dh p3 Qh")
    assert c.actor == 2 and t.actor is None and t.legal().replacement == 2
    t.act("d dh p3 Qh")
    assert t._snapshot() == c._snapshot() and t.events == c.events


def test_two_rule_modules_are_copied_together() -> None:
    """Italian poker dealt by hand, with an exposed card: the opening's module and the
    dealer's errors' both travel with the copy, and it plays on as the table does."""
    t = Table("italian", (100,) * 4, auto=False, opening="jacks")
    deck = t.game.deck.tolist()
    for seat in range(4):
        t.act(f"d dh p{seat + 1} {format_cards(deck[5 * seat:5 * seat + 5])}")
    assert t.expose(format_cards(deck[19:20])) == "replace" and len(t._rules) == 2
    c = t.copy()
    assert [type(r) for r in c._rules] == [type(r) for r in t._rules]
    for table in (c, t):
        table.act(f"d dh p4 {format_cards(deck[20:21])}")
        while table.actor is not None:
            table.check_or_call()
    assert c._snapshot() == t._snapshot() and c.events == t.events
    assert c.waiting_for == t.waiting_for


def test_a_session_copy_plays_on_as_the_session_would() -> None:
    """A session copied mid-hand, after a finished hand: both play the same moves to
    the same chips, hands and next deals; the session copied does not move while its
    copy plays."""
    s = Session("holdem", [100, 60, 0, 140], seed=12)
    while not s.table.done:
        s.table.check_or_call()
    s.next()
    s.table.check_or_call()
    c = s.copy()
    before = (s.stacks, s.table._snapshot(), len(s.hands), s.button)
    assert (c.stacks, c.table._snapshot(), len(c.hands), c.button) == before
    for session in (c, s):
        for _ in range(3):
            while not session.table.done:
                session.table.check_or_call()
            session.next()
        if session is c:    # the copy played three hands; the session is as it was
            assert (s.stacks, s.table._snapshot(), len(s.hands), s.button) == before
    assert c.stacks == s.stacks and c.button == s.button and c.points == s.points
    assert [h.events for h in c.hands] == [h.events for h in s.hands]
    assert type(copy.deepcopy(s)) is Session and copy.copy(s).table is not s.table


def test_tables_refuse_pickling_and_copying_in_words() -> None:
    """`Tables` keeps thousands of hands in one block of C memory: pickling and copying
    it are refused with a TypeError that says what to do instead, not an error from
    inside the extension."""
    env = Tables("holdem", n=2, seats=2, seed=1)
    for duplicate in (pickle.dumps, copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match="cannot be pickled or copied"):
            duplicate(env)


def test_a_session_pickles_with_its_hand_in_play() -> None:
    s = Session("italian", [50, 50, 50], seed=4)
    s.table.check_or_call()
    loaded = pickle.loads(pickle.dumps(s))
    assert loaded.table._snapshot() == s.table._snapshot() and loaded.stacks == s.stacks
    for session in (s, loaded):
        while not session.table.done:
            session.table.check_or_call()
        session.next()
    assert loaded.stacks == s.stacks and loaded.opening == s.opening
    assert loaded.table._snapshot() == s.table._snapshot()


def test_a_hand_pickled_by_another_build_is_refused() -> None:
    """The hand's bytes mean what this build's layout says: values dumped under
    another layout, or damaged, raise a ValueError instead of being read."""
    t = Table("holdem", (100, 100), seed=1)
    dumped = t._machine.dump()
    spec = t.options.spec
    assert Machine.load(spec, dumped).dump() == dumped
    layout = dumped[0]
    other = ((*layout[:2], layout[2] + 8, *layout[3:]), *dumped[1:])
    with pytest.raises(ValueError, match="another build"):
        Machine.load(spec, other)
    with pytest.raises(ValueError, match="damaged"):
        Machine.load(spec, (*dumped[:1], dumped[1][:-1], *dumped[2:]))
    with pytest.raises(ValueError, match="damaged"):
        Machine.load(spec, (*dumped[:2], dumped[2] + b"x", *dumped[3:]))
    # only a batch of tables values its showdowns later (`Hand.values_later`): a
    # table's hand that would wait so is damaged, not left to wait for ever
    layout = layout_of_tables()
    at = layout["values_later"]
    hand = bytearray(dumped[1])
    assert hand[at] == 0
    hand[at] = 1
    with pytest.raises(ValueError, match="damaged"):
        Machine.load(spec, (dumped[0], bytes(hand), *dumped[2:]))
    # nor a hand left waiting for its showdown's values, the flag clear
    at = layout["wait"]
    hand = bytearray(dumped[1])
    assert int.from_bytes(hand[at:at + 4], sys.byteorder) != layout["w_values"]
    hand[at:at + 4] = layout["w_values"].to_bytes(4, sys.byteorder)
    with pytest.raises(ValueError, match="damaged"):
        Machine.load(spec, (dumped[0], bytes(hand), *dumped[2:]))
    three = Table("holdem", (100, 100, 100), seed=1)
    with pytest.raises(ValueError, match="seats"):
        Machine.load(three.options.spec, dumped)
