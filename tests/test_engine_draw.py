"""2-7 Triple Draw on the engine: the draw's order (declare in turn, then served in
the same order), the reshuffle of seed 000 when the stub runs out, PHH's record of a
draw, and refused draw actions that change nothing.  Random hands of the game run in
tests/test_engine_invariants.py; the dataset's F2L3D hands in test_phh_dataset.py."""

from __future__ import annotations

import pytest

from evaluator import parse_cards
from games import Table, phh
from tests.engine_util import check_cards, check_chips


def cards(text: str) -> set[int]:
    return set(parse_cards(text).tolist())


def calls_round(t: Table) -> None:
    while t.actor is not None and t.legal().discard is None and not t.legal().show:
        t.check_or_call()


def test_six_way_deck_runs_out_in_the_third_draw():
    """Seed 000 ("Jaotuse kulg"): when the stub cannot serve a player, the stub is dealt
    first, then the discards so far, not this player's own nor those of players still
    waiting, become the new stub; folded hands stay out."""
    t = Table("2-7-triple-draw", [500] * 6, blinds=(1, 2), seed=2026)
    t.fold()                                   # p3 folds: five draw, 5 cards mucked
    folded = set(t.holes[2])
    calls_round(t)
    draws: list[dict[int, set[int]]] = []
    for k in range(3):
        assert t.legal().discard == (0, 5)
        pending: dict[int, set[int]] = {}
        while t.legal().discard is not None:
            seat = t.actor
            assert seat is not None
            hand = t.holes[seat]
            count = 1 if k < 2 else 5                # one card twice, then five each
            pending[seat] = set(hand[:count])
            t.discard(list(hand[:count]))
        draws.append(pending)
        if k < 2:
            assert len(t.deck) == 22 - 5 * (k + 1)   # 52 - 30 dealt - five a draw
            calls_round(t)
    # the third draw was served: p1 and p2 from the stub (7 cards left, then 2), then p4
    # got the last 2 and 3 from the new stub of every discard but the waiting ones
    new = [e for e in t.events if e.kind == "new_stub"]
    assert len(new) == 1
    stub = set(new[0].cards)
    earlier = set().union(*draws[0].values(), *draws[1].values())
    assert stub == earlier | draws[2][0] | draws[2][1]
    assert not stub & (draws[2][3] | draws[2][4] | draws[2][5])   # still waiting
    assert not stub & folded
    served = [e for e in t.events if e.kind == "deal_hole"][-5:]
    assert [e.seat for e in served] == [0, 1, 3, 4, 5]             # the declaring order
    p4 = set(served[2].cards)
    assert len(p4 & stub) == 3 and not p4 & draws[2][3]            # never its own
    for e in served[3:]:
        assert set(e.cards) <= stub and not set(e.cards) & draws[2][e.seat]
    assert all(t.place_of(c) == "muck" for c in folded)
    check_cards(t)
    check_chips(t)
    calls_round(t)
    while not t.done:
        t.show() if t.legal().show else t.check_or_call()
    assert phh.replay(t.to_phh()).stacks == t.stacks


def dealt_table() -> Table:
    t = Table("2-7-triple-draw", [100, 100, 100], blinds=(1, 2), auto=False)
    t.act("d dh p1 7c5d4h3s2c")
    t.act("d dh p2 KdQhJs9c8d")
    t.act("d dh p3 AhAsKcTd6d")
    for _ in range(3):
        t.check_or_call()
    return t


def test_a_draw_is_declared_in_turn_then_served_in_the_same_order():
    t = dealt_table()
    assert t.actor == 0 and t.legal().discard == (0, 5)
    t.act("p1 sd")                                   # stands pat
    t.act("p2 sd KdQhJs")
    t.act("p3 sd AhAsKc")
    assert t.actor is None and "deal 3 card(s) to p2" in repr(t)
    t.act("d dh p2 6h4c3d")
    t.act("d dh p3 Ah8s2d")                          # p2's discards may come back, not own
    assert t.actor == 0 and t.street == "first draw"
    text = t.to_phh()
    lines = [line.strip().strip('",') for line in text.splitlines() if "sd" in line
             or "d dh p2 6h" in line or "d dh p3 Ah8s" in line]
    assert lines == ["p1 sd", "p2 sd KdQhJs", "p3 sd AhAsKc", "d dh p2 6h4c3d",
                     "d dh p3 Ah8s2d"]
    assert t.place_of(next(iter(cards("Kd")))) == "discards"
    again = phh.replay(text)
    assert again._snapshot() == t._snapshot()


@pytest.mark.parametrize(
    ("action", "match"),
    [
        ("p2 sd Kd", "p2 is not to act: p1 is"),
        ("p1 sd 7c5d4h3s2c9h", r"p1 may discard 0\.\.5 card\(s\), got 6"),
        ("p1 sd Kd", "does not hold Kd"),
        ("d dh p1 9h", "no dealing is due: p1 must discard up to 5"),
        ("p1 cc", "cannot check or call now: p1 must discard"),
    ],
)
def test_refused_draw_actions_change_nothing(action, match):
    t = dealt_table()
    before = t._snapshot()
    with pytest.raises(ValueError, match=match):
        t.act(action)
    assert t._snapshot() == before


def test_the_dealer_serves_only_what_was_discarded():
    t = dealt_table()
    t.act("p1 sd 7c")
    t.act("p2 sd")
    t.act("p3 sd")
    before = t._snapshot()
    with pytest.raises(ValueError, match="due 1 hole card"):
        t.act("d dh p1 9h8h")
    with pytest.raises(ValueError, match="p2 is due 0"):
        t.act("d dh p2 9h")
    assert t._snapshot() == before
    t.act("d dh p1 9h")
    assert t.holes[0] == tuple(parse_cards("5d4h3s2c9h").tolist())
