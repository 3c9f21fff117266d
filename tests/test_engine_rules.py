"""The engine's rules, case by case (RULES.md, "Betting" and each game; where a
point of play is open, PHH's reference engine)."""

from __future__ import annotations

import pytest

from games import Table
from games.engine import Legal
from tests.engine_util import cards, check_cards, check_chips, dealt, names, play

CHECK_DOWN = ("cc", "cc")


def kinds(t: Table, *wanted: str) -> list[tuple[str, int | None]]:
    return [(e.kind, e.seat) for e in t.events if e.kind in wanted]


# ---------------------------------------------------------------- seats and blinds

def test_blinds_left_of_the_button_and_first_to_act() -> None:
    t = Table("holdem", [100] * 4, blinds=(1, 2), seed=1)
    assert t.bets == (1, 2, 0, 0)          # p1 small blind, p2 big blind, p4 the button
    assert t.actor == 2                    # left of the big blind
    play(t, "cc", "cc", "cc", "cc")        # everyone limps, the big blind checks
    assert t.street == "flop" and t.actor == 0   # the first seat left of the button


def test_heads_up_button_posts_the_small_blind_and_acts_first() -> None:
    # PHH reverse-assigns the blinds heads-up: p2, the button, posts the small blind
    t = Table("holdem", [100, 100], blinds=(1, 2), seed=1)
    assert t.bets == (2, 1)
    assert t.actor == 1
    t.check_or_call()
    assert t.actor == 0 and t.legal().raise_to == (4, 100)   # the big blind's option
    t.check_or_call()
    assert t.street == "flop" and t.actor == 0     # the big blind acts first after the flop
    t.check_or_call()
    assert t.actor == 1


def test_big_blind_option() -> None:
    t = Table("holdem", [100] * 3, blinds=(1, 2), seed=2)
    play(t, "cc", "cc")                    # the button and the small blind limp
    legal = t.legal()
    assert t.actor == 1 and legal.call == 0 and not legal.fold   # a free check is no fold
    assert legal.raise_to == (4, 100)
    t.raise_to(6)
    assert t.actor == 2 and t.legal().call == 4   # the limpers act again


def test_straddle_acts_last_and_is_the_minimum_bet() -> None:
    t = Table("holdem", [100] * 4, blinds=(1, 2, 4), seed=3)
    assert t.bets == (1, 2, 4, 0) and t.actor == 3   # left of the straddle
    assert t.legal().raise_to == (8, 100)            # min bet defaults to the largest blind
    play(t, "cc", "cc", "cc")
    assert t.actor == 2 and t.legal().call == 0 and t.legal().raise_to == (8, 100)
    t.check_or_call()
    assert t.street == "flop"


def test_short_stacks_post_what_they_have() -> None:
    t = Table("holdem", [1, 3, 50], blinds=(2, 4), antes=1, seed=4)
    assert [(e.kind, e.seat, e.amount) for e in t.events[:5]] == [
        ("ante", 0, 1), ("ante", 1, 1), ("ante", 2, 1), ("blind", 1, 2), ("deal_hole", 0, None)]
    # p1 is all-in for its ante, p2 for its ante and half its blind: p3 may only call
    # or fold (nobody could answer a raise)
    assert t.contributions == (1, 3, 1) and t.stacks == (0, 0, 49)
    assert t.actor == 2 and t.legal() == Legal(fold=True, call=2)
    t.check_or_call()
    assert t.done and sum(t.stacks) == 54


# ---------------------------------------------------------------- raises

def test_minimum_bet_and_raise() -> None:
    t = Table("holdem", [1000] * 3, blinds=(5, 10), seed=5)
    assert t.legal().raise_to == (20, 1000)    # a raise at least doubles the big blind
    t.raise_to(35)                             # a raise of 25
    assert t.legal().raise_to == (60, 1000)    # the next raise is at least 25 more
    with pytest.raises(ValueError, match="minimum is 60"):
        t.raise_to(59)
    play(t, "cc", "cc")
    assert t.legal().raise_to == (10, 965)     # after the flop the minimum bet is 10


def test_short_all_in_does_not_reopen_the_betting() -> None:
    t = Table("holdem", [200, 200, 200, 15], blinds=(1, 2), seed=6)
    t.raise_to(10)                         # p3 raises to 10 (a raise of 8)
    t.raise_to(15)                         # p4 all-in to 15: a raise of 5, short of 8
    assert t.actor == 0 and t.legal().raise_to == (23, 200)   # p1 has not acted
    t.fold()
    assert t.legal().raise_to == (23, 200)   # p2 has not acted either
    t.check_or_call()
    assert t.actor == 2                    # p3 already acted: it may only call or fold
    legal = t.legal()
    assert legal.call == 5 and legal.fold and legal.raise_to is None
    with pytest.raises(ValueError, match="short all-in does not reopen"):
        t.raise_to(30)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen() -> None:
    t = Table("holdem", [200, 200, 200, 14, 18], blinds=(1, 2), seed=7)
    t.raise_to(10)                         # p3: a raise of 8
    t.raise_to(14)                         # p4 all-in: +4
    t.raise_to(18)                         # p5 all-in: +4, together a full raise
    play(t, "f", "cc")
    assert t.actor == 2 and t.legal().raise_to == (26, 200)


def test_no_raise_when_no_opponent_could_answer() -> None:
    t = Table("holdem", [50, 500], blinds=(1, 2), seed=8)
    t.raise_to(500)                        # the button moves all-in
    legal = t.legal()
    assert legal.raise_to is None and legal.call == 48 and legal.fold


@pytest.mark.parametrize(("button", "raise_to"), [(50, None), (200, (98, 100))])
def test_a_raise_needs_an_opponent_who_could_answer_it_not_only_call(
        button: int, raise_to: tuple[int, int] | None) -> None:
    """p1 faces the button's raise to 50 with the big blind (10 in all) still to act:
    the big blind could only call, so p1 may raise only if the button could answer,
    with chips behind its 50, the seat after the short one."""
    t = Table("holdem", [100, 10, button], blinds=(1, 2), seed=8)
    assert t.actor == 2
    t.raise_to(50)
    assert t.actor == 0
    legal = t.legal()
    assert legal.raise_to == raise_to and legal.call == 49 and legal.fold


def test_fixed_limit_cap_counts_four_raises_blinds_not_counted() -> None:
    t = Table("holdem", [500] * 3, blinds=(1, 2), betting="fixed-limit", seed=9)
    for to in (4, 6, 8, 10):
        assert t.legal().raise_to == (to, to)
        t.raise_to(to)
    assert t.legal().raise_to is None and t.legal().call == 4
    with pytest.raises(ValueError, match="cap of 4"):
        t.raise_to(12)
    play(t, "cc", "cc")
    assert t.street == "flop" and t.legal().raise_to == (2, 2)   # the small bet
    play(t, "cc", "cc", "cc")
    assert t.street == "turn" and t.legal().raise_to == (4, 4)   # the big bet


@pytest.mark.parametrize(("cap", "raises"), [(None, 8), (2, 2)])
def test_fixed_limit_cap_option(cap: int | None, raises: int) -> None:
    t = Table("holdem", [500, 500], blinds=(1, 2), betting="fixed-limit", raise_cap=cap,
              seed=9)
    made = 0
    while t.legal().raise_to is not None and made < 8:
        t.raise_to(t.legal().raise_to[0])
        made += 1
    assert made == raises


def test_pot_limit_maximum_counts_dead_money() -> None:
    # antes of 1 are dead money in the pot: 3 antes + blinds 1 and 2 = 6 before anyone acts
    t = Table("omaha", [1000] * 3, blinds=(1, 2), antes=1, seed=10)
    assert t.legal().raise_to == (4, 10)   # call 2, then the pot after the call (8): to 10
    t.raise_to(10)
    assert t.legal().raise_to == (18, 35)  # call 9 makes the pot 25: to 10 + 25
    t.raise_to(35)
    check_chips(t)


def test_uncalled_bet_returned_and_no_showdown_when_everyone_folds() -> None:
    t = Table("holdem", [100] * 3, blinds=(1, 2), seed=11)
    play(t, "cbr 50", "f", "f")
    assert t.done and t.stacks == (99, 98, 103)
    assert [(e.kind, e.seat, e.amount) for e in t.events if e.kind in ("return", "win")] == [
        ("return", 2, 48), ("win", 2, 5)]
    assert not kinds(t, "show") and t.result is not None
    assert t.result.payouts == (0, 0, 5) and t.result.hands == (None, None, None)


# ---------------------------------------------------------------- showdowns

def test_three_all_ins_make_side_pots() -> None:
    t = dealt("holdem", [20, 50, 100, 100], ["AsAd", "KsKd", "QsQd", "8s8d"])
    play(t, "cbr 100", "cc", "cc", "cc")
    assert t.pots[0].amount == 80 and [p.eligible for p in t.pots] == [
        (0, 1, 2, 3), (1, 2, 3), (2, 3)]
    play(t, "p3 sm QsQd", "p4 sm 8s8d", "p1 sm AsAd", "p2 sm KsKd",
         "d db 2c7d9h", "d db Jc", "d db 3s")
    assert t.done and t.stacks == (80, 90, 100, 0)
    assert [p.amount for p in t.result.pots] == [80, 90, 100]


def test_all_in_before_the_river_shows_first_then_deals() -> None:
    t = Table("holdem", [100, 100], blinds=(1, 2), seed=12)
    play(t, "cbr 100", "cc")
    order = [e.kind for e in t.events if e.kind in ("show", "deal_board")]
    assert order == ["show", "show", "deal_board", "deal_board", "deal_board"]
    assert [e.seat for e in t.events if e.kind == "show"] == [1, 0]   # the raiser first
    assert t.done and sum(t.stacks) == 200


def test_showdown_order_last_river_aggressor_else_left_of_the_button() -> None:
    t = Table("holdem", [100] * 3, blinds=(1, 2), seed=13)
    play(t, "cc", "cc", "cc", *("cc",) * 6, "cc", "cbr 10", "cc", "cc")
    assert [e.seat for e in t.events if e.kind == "show"] == [1, 2, 0]
    t = Table("holdem", [100] * 3, blinds=(1, 2), seed=13)
    play(t, "cc", "f", "cc", *("cc",) * 6)   # checked down after p1 folds
    assert [e.seat for e in t.events if e.kind == "show"] == [1, 2]


def test_omaha_hi_lo_quartered_through_the_engine() -> None:
    # p2 scoops the high half and ties the low with p1: p1 takes a quarter
    t = dealt("omaha-hilo", [100] * 3, ["4d4sJsAh", "8h4h3cAd", "5d2hTs3h"],
              betting="no-limit")
    play(t, "cbr 30", "cc", "cc", "d db 8cKd6d", *("cc",) * 3, "d db 2s", *("cc",) * 3,
         "d db 3s", *("cc",) * 3)
    play(t, "p1 sm -", "p2 sm -", "p3 sm")
    assert t.done and t.result is not None
    high, low = t.result.pots[0].awards
    assert (high.part, high.winners, high.shares) == ("high", (1,), (45,))
    # the odd chip of the low half goes to the first winner left of the button (p1)
    assert (low.part, low.winners, low.shares) == ("low", (0, 1), (23, 22))
    assert t.stacks == (93, 137, 70)


def test_muck_at_showdown_forfeits_and_the_last_hand_cannot_muck() -> None:
    t = dealt("holdem", [100, 100], ["AsAd", "KsKd"])
    play(t, "cc", "cc", "d db 2c7d9h", "cc", "cc", "d db Jc", "cc", "cc", "d db 3s",
         "cc", "cc")
    assert t.actor == 0                    # no river bet: the first seat left of the button
    assert t.legal() == Legal(show=True)
    t.act("p1 sm")                         # p1 mucks the best hand
    with pytest.raises(ValueError, match="last hand"):
        t.act("p2 sm")
    t.act("p2 sm KsKd")
    assert t.done and t.stacks == (98, 102)


def test_unknown_hole_cards_are_named_when_shown() -> None:
    t = dealt("holdem", [100, 100], ["????", "KsKd"])   # p1's cards nobody saw
    play(t, "cbr 100", "cc", "p2 sm -")
    with pytest.raises(ValueError, match="dealt unseen"):
        t.act("p1 sm -")
    with pytest.raises(ValueError, match="card Ks is already in a hand"):
        t.act("p1 sm KsQd")
    play(t, "p1 sm AsAd", "d db 2c7d9h", "d db Jc", "d db 3s")
    assert t.holes[0] == cards("AsAd") and t.stacks == (200, 0)


@pytest.mark.parametrize(("board", "stacks"), [
    (("2c7d9h", "Jc", "3s"), (99, 111, 90)),        # the aces hold
    (("2c7d9h", "Jc", "Kh"), (99, 90, 111)),        # a set of kings
    (("2d7d9h", "Jd", "3d"), (99, 90, 111)),        # a king-high flush beats the aces
])
def test_a_folded_hand_nobody_saw_leaves_the_showdown_to_the_others(
        board: tuple[str, str, str], stacks: tuple[int, int, int]) -> None:
    # the showdown values every seat's hand at once and drops the folded ones': p1's
    # cards, never seen, do not change who wins (the flush case fails a showdown that
    # skipped the flush table)
    t = dealt("holdem", [100, 100, 100], ["????", "AsAh", "KdKc"])
    play(t, "cbr 10", "f", "cc")                    # p3 raises, p1 folds, p2 calls
    for cards_dealt in board:
        play(t, f"d db {cards_dealt}", "cc", "cc")
    play(t, "p2 sm AsAh", "p3 sm KdKc")
    assert t.done and t.stacks == stacks


# ---------------------------------------------------------------- Crazy Pineapple

def test_crazy_pineapple_discard_after_the_flop_betting() -> None:
    t = Table("crazy-pineapple", [100] * 3, blinds=(1, 2), seed=14)
    assert all(len(h) == 3 for h in t.holes)
    play(t, "cc", "cc", "cc")
    assert t.street == "flop" and t.legal().discard is None   # betting comes first
    with pytest.raises(ValueError, match="no discard is due"):
        t.discard(t.holes[0][:1])
    play(t, "cc", "cc", "cc")
    assert t.actor == 0 and t.legal().discard == (1, 1) and t.legal().call is None
    with pytest.raises(ValueError, match="exactly 1"):
        t.discard(t.holes[0][:2])
    with pytest.raises(ValueError, match="does not hold"):
        t.discard([t.holes[1][0]])
    with pytest.raises(ValueError, match="cannot check or call now: p1 must discard"):
        t.check_or_call()
    for seat in range(3):
        assert t.actor == seat
        t.discard([t.holes[seat][2]])
    assert t.street == "turn" and all(len(h) == 2 for h in t.holes)
    assert len(t.discards) == 3 and len(t.board) == 4
    check_cards(t)
    while not t.done:
        t.check_or_call()
    assert len(t.result.hands) == 3


def test_crazy_pineapple_all_in_preflop_still_discards_then_shows() -> None:
    t = Table("crazy-pineapple", [50, 50], blinds=(1, 2), seed=15)
    play(t, "cbr 50", "cc")
    assert t.street == "flop" and t.legal().discard == (1, 1)
    t.act("sd " + names(t.holes[0][:1]))
    t.act("sd " + names(t.holes[1][:1]))
    kinds_ = [e.kind for e in t.events if e.kind in ("discard", "show", "deal_board")]
    assert kinds_ == ["deal_board", "discard", "discard", "show", "show", "deal_board",
                      "deal_board"]
    assert t.done


def test_short_deck_uses_its_deck_and_ranking() -> None:
    t = Table("short-deck", [100] * 3, seed=16)
    assert all(c >= 16 for h in t.holes for c in h)   # sixes and up
    assert len(t.deck) == 36 - 6
    with pytest.raises(ValueError, match="not in this game's 36-card deck"):
        dealt("short-deck", [100, 100], ["2c3c", "AsKs"])
    # a flush beats a full house in short deck
    t = dealt("short-deck", [100, 100], ["AhKh", "9s9d"])
    play(t, "cbr 100", "cc", "p2 sm -", "p1 sm -", "d db 9hQh6h", "d db 6s", "d db Tc")
    assert t.stacks == (200, 0) and t.result.hands[0].startswith("Flush")
