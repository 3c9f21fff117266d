"""Each defect the fuzzer of issue 24 found in the engine, as the call that showed it:
it now gives the right answer, or a TypeError/ValueError that names the argument and
changes nothing.  (Findings 7 and 8, PHH's own text, are in tests/test_phh_io.py.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import games
from evaluator import card_name, parse_cards
from games import Table, phh
from tests.engine_util import dealt, play


def unchanged(t: Table, action: Callable[[], object], error: type[Exception],
              message: str) -> None:
    before = t._snapshot()
    with pytest.raises(error, match=message):
        action()
    assert t._snapshot() == before, "a rejected action changed the table"


# ---------------------------------------------------------------- 1: one integer protocol

class Twofaced:
    """An int-like whose __index__ and __int__ disagree."""

    def __index__(self) -> int:
        return 30

    def __int__(self) -> int:
        return 30_000


class IndexOnly:
    """An int-like with __index__ only (as numpy integers and many libraries offer)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_a_raise_applies_the_amount_it_checked() -> None:
    t = Table("holdem", [100] * 3, seed=1)
    t.raise_to(Twofaced())                     # type: ignore[arg-type]
    assert t.bets[2] == 30 and t.stacks[2] == 70 and min(t.stacks) >= 0


def test_an_index_only_int_is_an_amount_everywhere() -> None:
    t = Table("holdem", [100] * 3, seed=1)
    assert t.can_raise_to(IndexOnly(6))        # type: ignore[arg-type]
    t.raise_to(IndexOnly(6))                   # type: ignore[arg-type]
    assert t.bets[2] == 6


@pytest.mark.parametrize("amount", [2**63, 2**64 + 5, -(2**70), 10**100])
def test_huge_amounts_are_refused_by_name(amount: int) -> None:
    t = Table("holdem", [100] * 3, seed=1)
    unchanged(t, lambda: t.raise_to(amount), ValueError, "out of range")
    assert not t.can_raise_to(amount)


# ---------------------------------------------------------------- 2: a deck too small

def test_a_deck_that_cannot_serve_the_seats_is_refused_when_the_table_is_made() -> None:
    with pytest.raises(ValueError, match=r"needs 53 cards for 9 players: its 52-card "
                                         r"deck serves 8 at most"):
        Table("omaha5", [100] * 9)
    t = Table("omaha5", [100] * 8, seed=3)      # the largest table plays to the end
    while not t.done:
        t.check_or_call()
    assert len(t.board) == 5 and sum(t.stacks) == 800


# ---------------------------------------------------------------- 3: all-in from the forced bets

def all_in_from_the_antes() -> Table:
    """Three players whose antes are their whole stacks: nobody can bet."""
    t = Table("holdem", [5, 5, 5], blinds=(), antes=5, auto=False)
    for seat, cards in enumerate(["AsAd", "KsKd", "7c2d"]):
        t.act(f"d dh p{seat + 1} {cards}")
    assert t.legal().show and t.actor is not None       # straight to the showdown
    return t


def finish_all_in(t: Table) -> None:
    while not t.done:
        if t.legal().show:
            t.show()
        else:
            t.act("d db " + "".join(card_name(c) for c in t.deck[:t.due.cards]))


def test_a_misdeal_when_everyone_is_all_in_deals_the_hand_again() -> None:
    t = all_in_from_the_antes()
    assert t.misdeal() == "misdeal"
    assert t.holes == ((), (), ()) and t.actor is None and t.due == ("hole", 0, 2, "preflop")
    assert not t.legal().show                   # no empty hand is shown
    for seat, cards in enumerate(["QsQd", "JsJd", "3c2c"]):
        t.act(f"d dh p{seat + 1} {cards}")
    unchanged(t, lambda: t.act("d dh p1 9h9d"), ValueError, "no dealing is due")
    finish_all_in(t)
    assert sum(t.stacks) == 15 and [e.kind for e in t.events].count("show") == 3
    again = phh.replay(t.to_phh())
    assert again.stacks == t.stacks and again.events == t.events


def test_an_exposed_card_when_everyone_is_all_in_is_replaced_then_shown() -> None:
    t = Table("holdem", [5, 5, 5], blinds=(), antes=5, auto=False)
    for k, c in enumerate(["As", "Ks", "7c", "Ad", "Kd", "2d"]):
        t.act(f"d dh p{k % 3 + 1} {c}")
    assert t.expose("2d") == "replace"
    assert t.legal().replacement == 2 and not t.legal().show
    t.act("d dh p3 3d")
    finish_all_in(t)
    assert t.holes[2] == tuple(parse_cards("7c3d").tolist())
    assert t.burned[0] == int(parse_cards("2d")[0])    # the exposed card burns first
    again = phh.replay(t.to_phh())
    assert again.stacks == t.stacks and again._snapshot() == t._snapshot()


# ---------------------------------------------------------------- 4: Italian poker's opener

def test_the_openers_hand_is_what_it_held_after_a_replaced_card() -> None:
    holes = ["TsTh7c8d9c", "9s9h7h8sJh", "AsKdJc8c7d", "QhJdKcAc8h"]
    t = Table("italian", [100] * 4, antes=(0, 0, 0, 4), false_openings=True, auto=False)
    for k in range(5):                          # one card at a time, p1 first
        for seat in range(4):
            t.act(f"d dh p{seat + 1} {holes[seat][2 * k:2 * k + 2]}")
            if (k, seat) == (2, 0):             # p1's third card is exposed
                assert t.expose("7c") == "replace"
    t.act("d dh p1 Qs")                         # the replacement
    assert sorted(t.holes[0]) == sorted(parse_cards("TsThQs8d9c").tolist())
    play(t, "cbr 4", "cc", "f", "f", "sd", "sd", "cbr 2", "cc", "sm -", "sm -")
    assert t.done and t.stacks == (100, 100, 100, 96) and t.carried == 4
    falsely = next(e for e in t.events if e.kind == "false_opening")
    assert sorted(falsely.cards) == sorted(parse_cards("TsThQs8d9c").tolist())
    again = phh.replay(t.to_phh())
    assert again.stacks == t.stacks and again.carried == t.carried


def test_after_a_misdeal_the_opener_shows_the_hand_of_the_new_deal() -> None:
    t = Table("italian", [100] * 4, antes=(0, 0, 0, 4), false_openings=True, auto=False)
    t.act("d dh p1 As")
    t.act("d dh p2 Ks")
    assert t.expose("As") == "misdeal"
    for seat, hand in enumerate(["TsTh7c8d9c", "9s9h7h8sJh", "AsKdJc8c7d", "QhJdKcAc8h"]):
        t.act(f"d dh p{seat + 1} {hand}")
    play(t, "cbr 4", "cc", "f", "f", "sd", "sd", "cc", "cc")    # a paròl
    shown = next(e for e in t.events if e.kind == "show_opening")
    assert sorted(shown.cards) == sorted(parse_cards("TsTh7c8d9c").tolist())
    assert t.done and phh.replay(t.to_phh()).carried == t.carried == 12


# ---------------------------------------------------------------- 5 and 6: seats

def showdown_table() -> Table:
    t = dealt("holdem", [100, 100, 100], ["AsAd", "KsKd", "QsQd"])
    play(t, "cbr 100", "cc", "cc")
    assert t.legal().show
    return t


@pytest.mark.parametrize("seat", [1.0, "1", True, False, [1]])
def test_show_and_muck_read_a_seat_as_every_other_call(seat: object) -> None:
    t = showdown_table()
    assert not t.can_muck(seat) and not t.can_show(seat=seat)  # type: ignore[arg-type]
    unchanged(t, lambda: t.muck(seat), TypeError, "seat must be an int")  # type: ignore[arg-type]
    unchanged(t, lambda: t.show(seat=seat), TypeError, "seat must be an int")  # type: ignore[arg-type]


def test_a_numpy_seat_is_a_seat() -> None:
    np = pytest.importorskip("numpy")
    t = showdown_table()
    first = t.actor
    t.show(seat=np.int64(first))
    assert first not in (t.actor,) and any(e.kind == "show" for e in t.events)


# ---------------------------------------------------------------- 9: equity in no time

def test_equity_in_a_tiny_time_budget_still_samples() -> None:
    r = games.equity("holdem", ["AsKs", "QhQd"], seconds=1e-6, seed=3)
    assert not r.exact and r.outcomes >= 65_536
    assert 0.4 < r.players[0].equity < 0.6 and 0.4 < r.players[1].equity < 0.6
