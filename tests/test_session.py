"""games.Session: hands in a row, the button moving, stacks carried, busted seats
out, every chip kept at every moment, and the same seed playing the same session."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import Session, phh, variant
from tests.engine_util import place_at_random


def play_hand(s: Session, rng: random.Random) -> int:
    """Random legal actions to the end of the hand in play; returns the actions."""
    t, actions = s.table, 0
    while not t.done:
        legal = t.legal()
        if legal.place is not None:
            place_at_random(t, rng)
        elif legal.discard is not None:
            t.discard(list(t.holes[t.actor][:rng.randint(*legal.discard)]))  # type: ignore[index]
        elif legal.fold and rng.random() < 0.2:
            t.fold()
        elif legal.raise_to and rng.random() < 0.3:
            t.raise_to(legal.raise_to[1] if rng.random() < 0.3 else legal.raise_to[0])
        else:
            t.check_or_call()
        actions += 1
        assert sum(s.stacks) + s.carried == s.total
    return actions


#: each game's session options: blinds for the betting games, Italian poker's invito
#: (with its options), the placement games' stake and fantasyland
SESSION_OPTIONS = {
    "holdem": dict(blinds=(1, 2)), "omaha": dict(blinds=(1, 2)),
    "2-7-triple-draw": dict(blinds=(1, 2)),
    "italian": dict(invito=2), "italian+": dict(invito=1, buio=True, controbuio=True,
                                                false_openings=True, keep_opening=True),
    "ofc": dict(stake=2, fantasyland=True), "pineapple-ofc": dict(stake=1, fantasyland=True),
}


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(SESSION_OPTIONS)),
       stacks=st.lists(st.integers(0, 60), min_size=2, max_size=6), seed=st.integers(0, 99))
def test_sessions_keep_every_chip_and_end(name, stacks, seed):
    game = name.rstrip("+")
    options = SESSION_OPTIONS[name]
    stacks = stacks[:variant(game).max_players]
    if sum(1 for c in stacks if c) < 2:
        with pytest.raises(ValueError, match="two seats with chips"):
            Session(game, stacks, seed=seed, **options)
        return
    rng = random.Random(seed)
    s = Session(game, stacks, seed=seed, **options)
    for _ in range(200):
        assert all(s.table.starting_stacks)                       # busted seats are out
        out = set(range(len(stacks))) - set(s.in_hand)
        assert all(s.stacks[seat] == 0 for seat in out)
        assert s.in_hand[-1] == s.button                           # the button acts last
        play_hand(s, rng)
        if s.over:
            break
        n = len(stacks)      # the button moves one seat clockwise, to a seat with chips
        expected = next(x for x in ((s.button + k) % n for k in range(1, n + 1))
                        if s.stacks[x])
        s.next()
        assert s.button == expected
    assert sum(s.stacks) + s.carried == sum(stacks)
    if game.endswith("ofc"):
        assert sum(s.points) == 0
    # every hand replays from its PHH to the stacks it ended with
    for hand in s.hands[-3:]:
        replayed = phh.replay(hand.to_phh())
        assert replayed.stacks == hand.stacks and replayed.carried == hand.carried


def test_the_same_seed_plays_the_same_session():
    def run() -> tuple:
        s = Session("holdem", [50, 50, 50, 50], blinds=(1, 2), seed=7)
        rng = random.Random(3)
        for _ in range(10):
            play_hand(s, rng)
            if s.over:
                break
            s.next()
        return s.stacks, tuple(h.events for h in s.hands)
    assert run() == run()


def test_a_busted_seat_is_out_and_the_button_skips_it():
    s = Session("holdem", [10, 200, 200], blinds=(1, 2), seed=1, button=2)
    t = s.table                                   # seat 0 posts the small blind
    assert s.in_hand == (0, 1, 2)
    t.check_or_call()                              # the button calls
    t.raise_to(10)                                 # seat 0 all in
    t.raise_to(t.legal().raise_to[1])              # seat 1 all in over the top
    t.check_or_call() if t.legal().call else None
    while not t.done:
        t.show() if t.legal().show else t.check_or_call()
    if s.stacks[0] == 0:
        s.next()
        assert 0 not in s.in_hand and s.button == 1 and s.in_hand == (2, 1)
    else:
        s.next()
        assert s.button == 0


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        (dict(stacks="100"), TypeError, "stacks must be"),
        (dict(stacks=[100]), ValueError, "seats 2..10"),
        (dict(stacks=[100, -1]), ValueError, r"stacks\[1\]"),
        (dict(stacks=[100, 0]), ValueError, "two seats with chips"),
        (dict(stacks=[100, 100], button=2), ValueError, "button must be a seat"),
        (dict(stacks=[100, 0, 100], button=1), ValueError, "button must be a seat with chips"),
        (dict(stacks=[100, 100], button="0"), TypeError, "button must be a seat number"),
        (dict(stacks=[100, 100], seed=-1), ValueError, "seed"),
        (dict(stacks=[100, 100], blinds="x"), TypeError, "blinds"),
    ],
)
def test_bad_sessions_are_refused(kwargs, error, match):
    stacks = kwargs.pop("stacks")
    with pytest.raises(error, match=match):
        Session("holdem", stacks, **kwargs)


def test_next_only_between_hands_and_not_after_the_end():
    s = Session("holdem", [100, 100], blinds=(1, 2), seed=2)
    with pytest.raises(ValueError, match="not over"):
        s.next()
    t = s.table
    while not t.done:
        legal = t.legal()
        if legal.raise_to:
            t.raise_to(legal.raise_to[1])
        elif legal.show:
            t.show()
        else:
            t.check_or_call()
    if s.over:
        with pytest.raises(ValueError, match="session is over"):
            s.next()
    else:
        assert s.next() is s.table and len(s.hands) == 1
