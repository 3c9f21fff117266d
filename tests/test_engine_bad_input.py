"""Bad input to the engine: a clear error, and the table exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games import Table
from tests.engine_util import dealt, play


def unchanged(t: Table, action: Callable[[], object], error: type[Exception],
              message: str) -> None:
    before = t._snapshot()
    with pytest.raises(error, match=message):
        action()
    assert t._snapshot() == before, "a rejected action changed the table"


# ---------------------------------------------------------------- the table's options

@pytest.mark.parametrize(("args", "kwargs", "error", "message"), [
    (("uno", [100, 100]), {}, ValueError, "unknown game 'uno'"),
    (("holdem", [100]), {}, ValueError, r"2\.\.10 players, got 1 stacks"),
    (("holdem", [100] * 11), {}, ValueError, r"2\.\.10 players, got 11"),
    (("holdem", "100 100"), {}, TypeError, "stacks must be a sequence"),
    (("holdem", [100, 0]), {}, ValueError, r"stacks\[1\] must be positive"),
    (("holdem", [100, 10.0]), {}, TypeError, r"stacks\[1\] must be an int"),
    (("holdem", [100, True]), {}, TypeError, r"stacks\[1\] must be an int"),
    (("holdem", [100, 100]), dict(blinds=(1, 2, 3)), ValueError, "3 entries for 2 seats"),
    (("holdem", [100, 100]), dict(blinds=(1, -2)), ValueError, r"blinds\[1\]: negative amount -2"),
    (("holdem", [100] * 3), dict(antes=(1, 1)), ValueError, "antes has 2 entries for 3"),
    (("holdem", [100, 100]), dict(antes="1"), TypeError, "antes must be an int or"),
    (("holdem", [100, 100]), dict(betting="no limit"), ValueError, "unknown betting"),
    (("holdem", [100, 100]), dict(betting="fixed-limit", min_bet=2), ValueError,
     "fixed limit takes small_bet"),
    (("holdem", [100, 100]), dict(small_bet=2), ValueError, "for fixed limit, not no-limit"),
    (("holdem", [100, 100]), dict(min_bet=0), ValueError, "min_bet must be positive"),
    (("holdem", [100, 100]), dict(raise_cap=0), ValueError, "raise_cap must be positive"),
    (("holdem", [100, 100]), dict(seed=1.5), TypeError, "seed must be an int"),
    (("holdem", [100, 100]), dict(seed=-1), ValueError, r"seed must be 0\.\.2\*\*64-1"),
    (("holdem", [100, 100]), dict(seed=2**64), ValueError, r"seed must be 0\.\.2\*\*64-1"),
    (("holdem", [100, 2**56]), {}, ValueError, r"stacks\[1\] must be at most"),
    (("holdem", [100, 100]), dict(auto=1), TypeError, "auto must be True or False"),
    (("holdem", [100, 100]), dict(ante_trimming=1), TypeError, "ante_trimming must be"),
    (("italian", [100, 100]), dict(opening="aces"), ValueError, "opening must be one of"),
    (("italian", [100, 100]), dict(opening=11), TypeError, "opening must be one of"),
    (("italian", [100, 100]), dict(carried=-1), ValueError, "carried"),
    (("italian", [100, 100]), dict(keep_opening="yes"), TypeError, "keep_opening"),
    (("holdem", [100, 100]), dict(opening="jacks"), ValueError, "opening round"),
    (("holdem", [100, 100]), dict(carried=5), ValueError, "opening round"),
    (("holdem", [100, 100]), dict(buio=True), ValueError, "opening round"),
    (("italian", [100, 100]), dict(false_openings=1), TypeError, "false_openings must be"),
    (("ofc", [100, 100]), dict(blinds=(1, 2)), ValueError, "has no blinds"),
    (("ofc", [100, 100]), dict(stake=0), ValueError, "stake"),
    (("ofc", [100, 100]), dict(stake="2"), TypeError, "stake"),
    (("ofc", [100, 100]), dict(antes=1), ValueError, "has no antes"),
    (("ofc", [100, 100]), dict(opening="jacks"), ValueError, "opening round"),
    (("pineapple-ofc", [100, 100]), dict(carried=4), ValueError, "opening round"),
    (("ofc", [100, 100]), dict(ante_trimming=True), ValueError, "has no betting"),
    (("holdem", [100, 100]), dict(fantasyland=(0,)), ValueError, "placement games"),
])
def test_bad_table_options(args: tuple, kwargs: dict, error: type[Exception],
                           message: str) -> None:
    with pytest.raises(error, match=message):
        Table(*args, **kwargs)


def test_a_variant_seating_more_than_the_engine_holds() -> None:
    """A hand's per-seat arrays hold ten seats (the most any game here seats): a
    variant of one's own that allows more is refused when a table of more is made, by
    `Table` and `Tables` alike, and ten still play."""
    from games import Tables
    from games.variants import variant

    big = variant("holdem").with_options(max_players=12)
    with pytest.raises(ValueError, match=r"the engine seats 2\.\.10 players, got 11"):
        Table(big, [100] * 11)
    with pytest.raises(ValueError, match=r"the engine seats 2\.\.10 players, got 12"):
        Tables(big, n=2, seats=12)
    assert not Table(big, [100] * 10, seed=1).done
    assert Tables(big, n=2, seats=10, seed=1).actor.tolist() == [2, 2]


# ---------------------------------------------------------------- players' actions

def test_acting_out_of_turn() -> None:
    t = Table("holdem", [100] * 3, seed=1)
    unchanged(t, lambda: t.act("p1 cc"), ValueError, r"p1 is not to act: p3 is")
    unchanged(t, lambda: t.act("p2 cbr 6"), ValueError, "p2 is not to act")


def test_the_machine_reads_no_bounds_outside_a_betting_round() -> None:
    """The machine's actor is -1 outside a round: its raise bounds and blocks refuse to
    be read for no seat, whatever calls them (`Table` asks only inside a round)."""
    t = Table("holdem", [100] * 3, seed=1)
    machine = t._machine
    assert machine.raise_block() == 0 and machine.raise_bounds() == (4, 100)
    for action in ("p3 f", "p1 f"):             # the big blind wins: no round is left
        t.act(action)
    assert machine.bettor == -1
    for read in (machine.raise_block, machine.raise_bounds, machine.legal_bet):
        with pytest.raises(RuntimeError, match="no betting round is in play"):
            read()


@pytest.mark.parametrize(("amount", "error", "message"), [
    (3, ValueError, "cannot raise to 3: the minimum is 4"),
    (101, ValueError, "cannot raise to 101: all-in is 100"),
    (10**30, ValueError, "out of range"),
    ("10", TypeError, "a raise is an int of chips"),
    (10.0, TypeError, "a raise is an int of chips"),
    (True, TypeError, "a raise is an int of chips"),
])
def test_bad_raises(amount: object, error: type[Exception], message: str) -> None:
    t = Table("holdem", [100] * 3, seed=2)
    unchanged(t, lambda: t.raise_to(amount), error, message)  # type: ignore[arg-type]
    assert not t.can_raise_to(amount)  # type: ignore[arg-type]


def test_pot_limit_maximum_is_enforced() -> None:
    t = Table("omaha", [1000] * 3, seed=3)
    unchanged(t, lambda: t.raise_to(8), ValueError, "cannot raise to 8: the maximum is 7")


def test_fold_without_a_bet_to_face() -> None:
    t = Table("holdem", [100] * 3, seed=4)
    play(t, "cc", "cc")
    assert not t.can_fold()
    unchanged(t, t.fold, ValueError, "may not fold: there is no bet to call")


@pytest.mark.parametrize(("action", "message"), [
    ("", None),
    ("xyz", "expected an action"),
    ("p0 cc", "'p0' is not a player"),
    ("cbr", "cbr takes one amount"),
    ("cbr 1.5", "not a whole number of chips"),
    ("cbr ten", "not an amount of chips"),
    ("cc now", "cc takes no argument"),
    ("d dx p1 AsKs", "the dealer deals holes"),
    ("pb", "Texas Hold'em has no bring-in"),
    ("sd 7h", "no discard is due"),
    ("sm", "no showdown is due"),
    ("d db AsKsQs", "deals itself"),
])
def test_malformed_or_untimely_actions(action: str, message: str | None) -> None:
    t = Table("holdem", [100] * 3, seed=5)
    if message is None:            # a blank line is a no-op
        before = t._snapshot()
        t.act(action)
        assert t._snapshot() == before
        return
    unchanged(t, lambda: t.act(action), ValueError, message)


def test_action_must_be_text() -> None:
    t = Table("holdem", [100] * 3, seed=6)
    unchanged(t, lambda: t.act(5), TypeError, "a string of PHH notation")  # type: ignore[arg-type]


def test_nothing_after_the_hand() -> None:
    t = Table("holdem", [100, 100], seed=7)
    t.fold()
    assert t.done and t.actor is None and t.legal() == type(t.legal())()
    for action in (t.fold, t.check_or_call, lambda: t.raise_to(10)):
        unchanged(t, action, ValueError, "the hand is over")


# ---------------------------------------------------------------- the dealer

def test_dealing_a_card_already_dealt() -> None:
    t = dealt("holdem", [100] * 3, ["AsKs"])
    unchanged(t, lambda: t.act("d dh p2 AsQd"), ValueError, "card As is already in a hand")
    play(t, "d dh p2 QdQh", "d dh p3 2c2d", "cc", "cc", "cc")
    unchanged(t, lambda: t.act("d db Qh7c8c"), ValueError, "card Qh is already in a hand")
    t.act("d db 7c8c9c")
    unchanged(t, lambda: t.deal_board("9c"), ValueError, "no dealing is due")
    play(t, "cc", "cc", "cc")
    unchanged(t, lambda: t.deal_board("7c"), ValueError, "card 7c is already in the board")


@pytest.mark.parametrize(("action", "message"), [
    ("d dh p4 AsKs", "there is no p4"),
    ("d dh p1 AsKsQs", "p1 is due 2 hole card"),
    ("d dh p1 AsAs", "card As is given twice"),
    ("d dh p1 Zz", "cannot read card"),
    ("d dh p1 As;;Kd", "cannot read card ';;'"),     # no card at all, where one stands
    ("d dh p1 ;;", "cannot read card ';;'"),
    ("d db 7c8c9c", "p1 is still due 2 hole card"),
    ("cc", "the dealer must deal 2 hole card"),
])
def test_bad_dealer_steps(action: str, message: str) -> None:
    t = Table("holdem", [100] * 3, auto=False)
    unchanged(t, lambda: t.act(action), ValueError, message)


def test_board_cards_must_be_known_and_fit_the_street() -> None:
    t = dealt("holdem", [100, 100], ["AsKs", "QdQh"])
    play(t, "cc", "cc")
    unchanged(t, lambda: t.act("d db ??7c8c"), ValueError, "name each card")
    unchanged(t, lambda: t.act("d db 2c3c4c5c"), ValueError, "flop has 3 board card")
    t.act("d db 2c")          # a live dealer may turn the flop one card at a time
    assert t.actor is None and len(t.board) == 1


def test_a_card_from_another_deck() -> None:
    t = Table("short-deck", [100, 100], auto=False)
    unchanged(t, lambda: t.act("d dh p1 5cAs"), ValueError, "card 5c is not in this game's")


def test_shows_that_do_not_match_the_hand() -> None:
    t = dealt("holdem", [100, 100], ["AsKs", "QdQh"])
    play(t, "cbr 100", "cc")
    unchanged(t, lambda: t.act("p2 sm QdQc"), ValueError, "does not hold Qc")
    unchanged(t, lambda: t.act("p2 sm Qd"), ValueError, "holds Qd Qh, not Qd")
    unchanged(t, lambda: t.act("p2 sm ??Qh"), ValueError, "every card must be named")
    unchanged(t, lambda: t.act("p3 sm"), ValueError, "there is no|no hand")


def test_crazy_pineapple_bad_discards() -> None:
    t = dealt("crazy-pineapple", [100, 100], ["AsKsQs", "2c3c4c"])
    play(t, "cc", "cc", "d db 7h8h9h", "cc", "cc")
    unchanged(t, lambda: t.discard([]), ValueError, "exactly 1 card")
    unchanged(t, lambda: t.act("sd 2c"), ValueError, "does not hold 2c")
    unchanged(t, lambda: t.act("sd ??"), ValueError, "no unknown card")
    unchanged(t, lambda: t.act("p2 sd 2c"), ValueError, "p2 is not to act: p1 is")
    t.act("sd Qs")
    assert t.holes[0] == (51, 47) and not t.can_discard("As")
