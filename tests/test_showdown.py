"""Showdowns: side pots, splits, odd chips, Hi/Lo, folded chips; the batch kernel
against the single showdown and against the plain pot arithmetic of
games/showdown/pots.py."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import evaluator
import games
from games import HOLDEM, showdown, showdown_batch
from games.showdown import _kernel as _showdown
from games.showdown import pots, settle
from games.showdown.single import payouts
from tests.util import random_hands

BOARD = "2c 7d 9h Jc 3s"   # no straight or flush possible beyond pairs of the hole cards


# ---------------------------------------------------------------- hand-made rules

def test_three_all_ins_at_different_sizes() -> None:
    # best to worst: seat 0 (aces, all-in 20), seat 1 (kings, all-in 50),
    # seat 2 (queens, all-in 100), seat 3 (eights, 100)
    r = showdown(HOLDEM, ["AsAd", "KsKd", "QsQd", "8s8d"], BOARD,
                 contributions=[20, 50, 100, 100])
    assert [(p.amount, p.eligible) for p in r.pots] == [
        (80, (0, 1, 2, 3)), (90, (1, 2, 3)), (100, (2, 3))]
    assert [p.winners for p in r.pots] == [(0,), (1,), (2,)]
    assert r.payouts == (80, 90, 100, 0)
    assert r.net == (60, 40, 0, -100)
    assert r.pots[0].awards[0].hands == ("Pair of Aces, Jack-Nine-Seven kickers",)
    assert r.log()[0] == ("main pot of 80: seat 0 wins 80 with "
                          "Pair of Aces, Jack-Nine-Seven kickers")


def test_split_side_pot_with_odd_chip_clockwise_from_button() -> None:
    # seat 2 (aces) all-in for 11 takes the main pot; seats 0 and 1 hold the same
    # king-high hand and split the side pot (with the folded seat's chips).
    r = showdown(HOLDEM, ["KsQd", "KhQc", "AsAd", "4h5h"], BOARD,
                 contributions=[51, 51, 11, 41], folded=[False, False, False, True],
                 button=0)
    assert r.pots[0].amount == 44 and r.pots[0].winners == (2,)
    side = r.pots[1]
    assert side.amount == 40 + 40 + 30 and side.eligible == (0, 1)
    assert side.awards[0].winners == (1, 0)          # clockwise from the button (seat 0)
    assert side.awards[0].shares == (55, 55)
    assert r.payouts == (55, 55, 44, 0)
    # the button on seat 1 makes seat 0 the first winner after it: the odd chip moves
    r = showdown(HOLDEM, ["KsQd", "KhQc", "AsAd"], BOARD, contributions=[50, 50, 51],
                 folded=[False, False, True], button=1)
    assert r.payouts == (76, 75, 0)


def test_folded_chips_stay_in_the_pots() -> None:
    # seat 1 folds its pocket aces after putting in 30: it gets nothing back
    r = showdown(HOLDEM, ["KsKd", "AsAd", "QsQd"], BOARD, contributions=[30, 30, 30],
                 folded=[False, True, False])
    assert r.payouts == (90, 0, 0)
    assert r.hands[1] is None
    # folded chips above every live contribution join the last pot (decision)
    r = showdown(HOLDEM, ["KsKd", None, "QsQd"], BOARD, contributions=[10, 100, 20],
                 folded=[False, True, False])
    assert [(p.amount, p.eligible) for p in r.pots] == [(30, (0, 2)), (100, (2,))]
    assert r.payouts == (30, 0, 100)


def test_dead_money_goes_to_the_main_pot() -> None:
    # a big-blind ante of 10 (seat 1) is dead money: it sets no level, so the caller
    # (seat 0, 20 in) and the big blind (30 in, 10 of it the ante) play one pot of 50
    r = showdown(HOLDEM, ["AsAd", "KsKd"], BOARD, contributions=[20, 30], dead=[0, 10])
    assert [(p.amount, p.eligible) for p in r.pots] == [(50, (0, 1))]
    assert r.payouts == (50, 0) and r.net == (30, -30)
    # without it the ante would come back to seat 1 as an uncalled side pot
    assert showdown(HOLDEM, ["AsAd", "KsKd"], BOARD, contributions=[20, 30]).payouts == (40, 10)
    # a seat all-in for its ante alone still wins every ante (the main pot)
    r = showdown(HOLDEM, ["AsAd", "KsKd", "QsQd"], BOARD, contributions=[5, 105, 100],
                 dead=[5, 5, 0])
    assert [(p.amount, p.eligible) for p in r.pots] == [(10, (0, 1, 2)), (200, (1, 2))]
    assert r.payouts == (10, 200, 0)
    # a big blind all-in for its ante and blind is eligible for the main pot only
    r = showdown(HOLDEM, ["AsAd", "KsKd", "QsQd"], BOARD, contributions=[6, 6, 6],
                 dead=[0, 3, 0])
    assert [(p.amount, p.eligible) for p in r.pots] == [(12, (0, 1, 2)), (6, (0, 2))]
    assert r.payouts == (18, 0, 0)
    r = showdown(HOLDEM, ["KsKd", "AsAd", "QsQd"], BOARD, contributions=[6, 6, 6],
                 dead=[0, 3, 0])
    assert r.payouts == (6, 12, 0)


@pytest.mark.parametrize(("dead", "error", "message"), [
    ([0, 31], ValueError, r"dead\[1\]: 31 chips of dead money is more than the seat's "
                          "contribution 30"),
    ([0, -1], ValueError, r"dead\[1\]: negative amount -1"),
    ([0, 1.0], TypeError, r"dead\[1\] must be an int"),
    ([0], ValueError, "dead has 1 entries for 2 seats"),
])
def test_bad_dead_money(dead: list, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        showdown(HOLDEM, ["AsAd", "KsKd"], BOARD, contributions=[20, 30], dead=dead)


def test_uncalled_chips_return_to_their_owner() -> None:
    r = showdown(HOLDEM, ["4h5h", "AsAd"], BOARD, contributions=[500, 100])
    assert r.pots[1].amount == 400 and r.pots[1].eligible == (0,)
    assert r.payouts == (400, 200)


def test_board_plays_and_everyone_splits() -> None:
    r = showdown(HOLDEM, ["2c3c", "2d3d", "4h4d"], "As Ks Qs Js Ts",
                 contributions=[10, 10, 10], button=2)
    assert r.payouts == (10, 10, 10)
    assert r.hands == ("Royal Flush",) * 3


def test_crazy_pineapple_shows_down_two_kept_cards() -> None:
    r = showdown("crazy-pineapple", ["AsAd", "KsKd"], BOARD, contributions=[5, 5])
    assert r.payouts == (10, 0)
    with pytest.raises(ValueError, match="discard down to 2"):
        showdown("crazy-pineapple", ["AsAdAh", "KsKd"], BOARD, contributions=[5, 5])
    # a seat that folded before the discard may still hold three cards
    r = showdown("crazy-pineapple", ["AsAdAh", "KsKd", "QsQd"], BOARD,
                 contributions=[5, 5, 5], folded=[True, False, False])
    assert r.payouts == (0, 15, 0)


# ---------------------------------------------------------------- Hi/Lo arithmetic

def test_quartered_hi_lo_pot_odd_chips() -> None:
    # 3 seats put in 35 each: pot 105.  Seat 0 has the best high alone; seats 1 and 2
    # tie for the low.  High half 53 (odd chip high), low half 52 -> 26 + 26.
    high = [900, 500, 500]
    low = [0, 40, 40]
    pot = pots.side_pots([35, 35, 35], [False] * 3)[0]
    parts = pots.divide(pot, pots.best_by_value(high), pots.best_by_value(low), 0, 3)
    assert [(d.part, d.amount, d.shares) for d in parts] == [
        ("high", 53, {0: 53}), ("low", 52, {1: 26, 2: 26})]
    # quartered: seats 0 and 1 tie for high and seats 1 and 2 for low.  Pot 106 ->
    # high 53 -> 27 to seat 1 (first after the button, seat 0) and 26 to seat 0;
    # low 53 -> 27 to seat 1, 26 to seat 2.
    high = [900, 900, 500]
    pot = pots.side_pots([36, 35, 35], [False] * 3)
    assert [p.amount for p in pot] == [105, 1]
    parts = pots.divide(pots.PotSlice(106, (0, 1, 2)), pots.best_by_value(high),
                        pots.best_by_value(low), 0, 3)
    assert [(d.part, d.amount, d.shares) for d in parts] == [
        ("high", 53, {1: 27, 0: 26}), ("low", 53, {1: 27, 2: 26})]
    # the kernel agrees
    out = np.zeros((1, 3), np.int64)
    _showdown.settle(np.array([[36, 35, 35]], np.int64), np.zeros((1, 3), np.uint8),
                     np.array([high], np.int32), np.array([low], np.int32), True,
                     np.zeros(1, np.int64), out)
    # main pot 105: high 53 (27 seat 1, 26 seat 0), low 52 (26 + 26); side pot 1 -> seat 0
    assert out.tolist() == [[27, 27 + 26, 26]]


def test_high_scoops_without_a_qualifying_low() -> None:
    parts = pots.divide(pots.PotSlice(101, (0, 1)), pots.best_by_value([5, 9]),
                        pots.best_by_value([0, 0]), 0, 2)
    assert [(d.part, d.amount, d.shares) for d in parts] == [("pot", 101, {1: 101})]


def test_omaha_hi_lo_quartered_showdown() -> None:
    # seats 0 and 1 both make the low 7-5-3-2-A (As5d / Ah5c with 2c 3d 7h);
    # seat 2's trip kings is the best high and has no low
    board = "2c 3d 7h Kc Qs"
    hands = ["As 5d 9c 9d", "Ah 5c 8s 8d", "Kd Kh Jc Jd"]
    r = showdown("omaha-hilo", hands, board, contributions=[33, 33, 33], button=2)
    # high: seat 2 (trip kings) takes 50 (odd chip high); low 49 split 25/24, the odd
    # chip to seat 0, the first low winner after the button
    assert r.payouts == (25, 24, 50)
    assert [a.part for a in r.pots[0].awards] == ["high", "low"]


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # four spades in the hole and one on the board is no flush in Omaha
    r = showdown("omaha", ["As Ks Qs Js", "2d 2h 7c 8c"], "Ts 3c 4d 9h 6h",
                 contributions=[10, 10])
    assert r.payouts == (0, 20)  # seat 1's 7c8c + 6h 9h Ts is a straight


def test_deuce_to_seven_best_low_takes_the_pot() -> None:
    r = showdown("2-7-triple-draw", ["7c 5d 4h 3s 2c", "8c 6d 4s 3h 2d"], None,
                 contributions=[20, 20])
    assert r.payouts == (40, 0)


def test_italian_suits_break_ties() -> None:
    # same pair of aces and kickers in a 32-card deck (4 players); hearts beat spades
    hands = ["Ah As Kd Qc Jc", "Ad Ac Kh Qd Js"]
    game = games.variant("italian", players=4)
    r = showdown(game, hands, None, contributions=[10, 10])
    # a pair of aces with K-Q-J each: the pair's best suit decides, hearts > diamonds
    assert r.payouts == (20, 0)


def test_short_deck_flush_beats_full_house() -> None:
    r = showdown("short-deck", ["Ah 9h", "Ks Kd"], "Kh 6h 7h Tc Ts", contributions=[10, 10])
    assert r.payouts == (20, 0)


# ---------------------------------------------------------------- invariants

@st.composite
def deals(draw: st.DrawFn) -> tuple:
    seats = draw(st.integers(2, 8))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    cards = random_hands(rng, 1, 2 * seats + 5)[0]
    hands = [cards[2 * s: 2 * s + 2].tolist() for s in range(seats)]
    board = cards[2 * seats:].tolist()
    if draw(st.booleans()):   # a board that plays for everyone: forced ties
        board = [51, 47, 43, 39, 35]  # As Ks Qs Js Ts
        taken = set(board)
        free = [c for c in range(52) if c not in taken]
        pick = rng.permutation(free)[: 2 * seats]
        hands = [pick[2 * s: 2 * s + 2].tolist() for s in range(seats)]
    chips = draw(st.lists(st.integers(0, 60), min_size=seats, max_size=seats))
    folded = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    if all(folded):
        folded[draw(st.integers(0, seats - 1))] = False
    button = draw(st.integers(0, seats - 1))
    return hands, board, chips, folded, button


@given(deals())
def test_invariants(deal: tuple) -> None:
    hands, board, chips, folded, button = deal
    r = showdown(HOLDEM, hands, board, contributions=chips, folded=folded, button=button)
    assert sum(r.payouts) == sum(chips)
    assert sum(p.amount for p in r.pots) == sum(chips)
    for s, f in enumerate(folded):
        if f:
            assert r.payouts[s] == 0
    reach = [0] * len(chips)
    for pot in r.pots:
        assert set(pot.winners) <= set(pot.eligible)
        for s in pot.eligible:
            assert not folded[s]
            reach[s] += pot.amount
        for award in pot.awards:
            assert max(award.shares) - min(award.shares) <= 1   # equal shares +-1
            assert len(set(award.hands)) == 1                    # tied hands are equal
    for s in range(len(chips)):
        assert r.payouts[s] <= reach[s]   # nobody wins from a pot they did not reach
    values = [None if f else evaluator.HIGH.evaluate(h + board) for h, f in zip(hands, folded,
                                                                            strict=True)]
    awards = sum(len(p.awards) for p in r.pots)
    for a in range(len(chips)):
        for b in range(len(chips)):
            if values[a] is not None and values[a] == values[b] and chips[a] == chips[b]:
                assert abs(r.payouts[a] - r.payouts[b]) <= awards


@given(deals(), st.lists(st.integers(0, 5), min_size=8, max_size=8))
def test_payouts_alone_equal_the_settled_result(deal: tuple, dead: list) -> None:
    """The engine's door (payouts, no words) pays exactly what the full settle pays,
    dead money included."""
    hands, board, chips, folded, button = deal
    gone = [min(d, c) for d, c in zip(dead, chips, strict=False)]
    for dead_money in (None, gone):
        whole = settle(HOLDEM, hands, board, chips, folded, button, dead_money)
        assert payouts(HOLDEM, hands, board, chips, folded, button, dead_money) == whole.payouts


def test_payouts_alone_equal_the_settled_result_hi_lo(rng: np.random.Generator) -> None:
    game = games.variant("omaha-hilo")
    halves = 0                                  # pots split high and low: the low judged
    for _ in range(300):
        seats = int(rng.integers(2, 7))
        cards = random_hands(rng, 1, 4 * seats + 5)[0].tolist()
        hands = [cards[4 * s: 4 * s + 4] for s in range(seats)]
        board = cards[4 * seats:]
        chips = (rng.integers(0, 6, seats) * 10 + rng.integers(0, 3, seats)).tolist()
        folded = (rng.random(seats) < 0.25).tolist()
        folded[0] = False
        whole = settle(game, hands, board, chips, folded, seats - 1)
        assert payouts(game, hands, board, chips, folded, seats - 1) == whole.payouts
        halves += sum(len(p.awards) == 2 for p in whole.pots)
    assert halves > 30, halves


# ---------------------------------------------------------------- batch

def random_deals(rng: np.random.Generator, n: int, seats: int, hole: int = 2,
                 deck: int = 52) -> tuple:
    cards = random_hands(rng, n, seats * hole + 5, deck)
    holes = cards[:, : seats * hole].reshape(n, seats, hole)
    boards = cards[:, seats * hole:]
    contributions = rng.integers(0, 6, (n, seats)) * 10 + rng.integers(0, 3, (n, seats))
    folded = rng.random((n, seats)) < 0.25
    folded[folded.all(axis=1), 0] = False
    button = rng.integers(0, seats, n)
    return holes, boards, contributions, folded, button


def test_batch_agrees_with_single_showdown(rng: np.random.Generator) -> None:
    for seats in (2, 3, 6, 10):
        holes, boards, chips, folded, button = random_deals(rng, 300, seats)
        out = showdown_batch("holdem", holes, boards, chips, folded, button)
        assert out.dtype == np.int64 and out.shape == (300, seats)
        for d in range(300):
            r = showdown(HOLDEM, list(holes[d]), boards[d], contributions=list(chips[d]),
                         folded=list(folded[d]), button=int(button[d]))
            assert tuple(out[d]) == r.payouts, f"deal {d}: {out[d]} != {r.payouts}"
        assert (out.sum(axis=1) == chips.sum(axis=1)).all()
        assert (out[folded] == 0).all()


def test_batch_one_pot_deals_agree_with_single_showdown(rng: np.random.Generator) -> None:
    """Every seat still in put the same (one pot: the kernel's short way, which the
    engine's showdowns take most often): folded seats' chips above or below that level,
    ties and their odd chips are paid as the reference pays them."""
    odd = 0                 # ties whose pot does not divide evenly (3 seats and more)
    for seats in (2, 3, 6, 9):
        holes, boards, chips, folded, button = random_deals(rng, 300, seats)
        chips[~folded] = np.repeat(rng.integers(1, 40, 300), seats).reshape(300, seats)[~folded]
        royal = evaluator.parse_cards("As Ks Qs Js Ts")
        plays = np.arange(300) % 3 == 0                 # a third: the board plays, all tie
        others = np.setdiff1d(np.arange(52), royal).astype(np.uint8)
        holes[plays] = others[rng.permuted(np.tile(np.arange(47), (int(plays.sum()), 1)),
                                           axis=1)[:, : seats * 2]].reshape(-1, seats, 2)
        boards[plays] = royal
        out = showdown_batch("holdem", holes, boards, chips, folded, button)
        ties = 0
        for d in range(300):
            r = showdown(HOLDEM, list(holes[d]), boards[d], contributions=list(chips[d]),
                         folded=list(folded[d]), button=int(button[d]))
            assert tuple(out[d]) == r.payouts, f"deal {d}: {out[d]} != {r.payouts}"
            winners = int((out[d] > 0).sum())
            ties += winners > 1
            odd += winners > 1 and int(chips[d].sum()) % winners != 0
        assert ties > 50, (seats, ties)
    assert odd > 30, odd


def test_batch_ties_on_a_board_that_plays(rng: np.random.Generator) -> None:
    holes, boards, chips, folded, button = random_deals(rng, 200, 4, deck=47)
    # the royal flush in spades on every board; the hole cards come from the other 47
    royal = evaluator.parse_cards("As Ks Qs Js Ts")
    others = np.setdiff1d(np.arange(52), royal).astype(np.uint8)
    holes = others[holes - 5]
    boards[:] = royal
    out = showdown_batch("holdem", holes, boards, chips, folded, button)
    for d in range(200):
        r = showdown(HOLDEM, list(holes[d]), boards[d], contributions=list(chips[d]),
                     folded=list(folded[d]), button=int(button[d]))
        assert tuple(out[d]) == r.payouts


def test_batch_button_int_and_default(rng: np.random.Generator) -> None:
    holes, boards, chips, folded, _ = random_deals(rng, 50, 5)
    a = showdown_batch("holdem", holes, boards, chips, folded)
    b = showdown_batch("holdem", holes, boards, chips, folded, np.zeros(50, np.int64))
    c = showdown_batch("crazy-pineapple", holes, boards, chips, folded, 0)
    assert (a == b).all() and (a == c).all()


def test_kernel_matches_pot_arithmetic_for_hi_lo(rng: np.random.Generator) -> None:
    n, seats = 400, 6
    high = rng.integers(1, 6, (n, seats)).astype(np.int32)      # many ties
    low = (rng.integers(0, 4, (n, seats)) * (rng.random((n, seats)) < 0.6)).astype(np.int32)
    chips = (rng.integers(0, 5, (n, seats)) * 7 + rng.integers(0, 2, (n, seats)))
    folded = rng.random((n, seats)) < 0.3
    folded[folded.all(axis=1), 1] = False
    button = rng.integers(0, seats, n)
    out = np.zeros((n, seats), np.int64)
    _showdown.settle(chips.astype(np.int64), folded.astype(np.uint8), high, low, True,
                     button.astype(np.int64), out)
    for d in range(n):
        expect = [0] * seats
        for pot in pots.side_pots(chips[d].tolist(), folded[d].tolist()):
            for div in pots.divide(pot, pots.best_by_value(high[d].tolist()),
                                   pots.best_by_value(low[d].tolist()), int(button[d]),
                                   seats):
                for s, x in div.shares.items():
                    expect[s] += x
        assert out[d].tolist() == expect, f"deal {d}"


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo", "omaha5-hilo"])
def test_batch_agrees_with_single_omaha(rng: np.random.Generator, game: str) -> None:
    v = games.variant(game)
    holes, boards, chips, folded, button = random_deals(rng, 150, 6, v.hole_cards)
    out = showdown_batch(v, holes, boards, chips, folded, button)
    for d in range(150):
        r = showdown(v, list(holes[d]), boards[d], contributions=list(chips[d]),
                     folded=list(folded[d]), button=int(button[d]))
        assert tuple(out[d]) == r.payouts


def test_batch_agrees_with_single_short_deck(rng: np.random.Generator) -> None:
    holes, boards, chips, folded, button = random_deals(rng, 200, 6, deck=36)
    out = showdown_batch("short-deck", holes, boards, chips, folded, button)
    for d in range(200):
        r = showdown("short-deck", list(holes[d]), boards[d], contributions=list(chips[d]),
                     folded=list(folded[d]), button=int(button[d]))
        assert tuple(out[d]) == r.payouts


# ---------------------------------------------------------------- bad input

SHORT_HIGH = HOLDEM.with_options(name="short-high-test", lowest_rank="6")  # HIGH, 36 cards


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    (dict(hands=["AsAd", "AsKd"]), ValueError, "card As is in seat 0's hand and in seat 1's"),
    (dict(hands=["AsAd", "2cKd"]), ValueError, "card 2c is in the board and in seat 1's hand"),
    (dict(hands=["AsAdQh", "KsKd"]), ValueError, "seat 0: .* 2 hole cards, got 3"),
    (dict(hands=["AsAd", None]), ValueError, "seat 1: .* got 0"),
    (dict(board="2c 7d 9h Jc"), ValueError, "board of 5 cards, got 4"),
    (dict(contributions=[10, -1]), ValueError, r"contributions\[1\]: negative amount -1"),
    (dict(contributions=[10, 2.5]), TypeError, r"contributions\[1\] must be an int"),
    (dict(contributions=[10]), ValueError, "1 entries for 2 seats"),
    (dict(contributions=10), TypeError, "contributions must be a sequence"),
    (dict(folded=[True, True]), ValueError, "every seat folded"),
    (dict(folded=[1, 0]), TypeError, r"folded\[0\] must be True or False"),
    (dict(button=2), ValueError, "button 2 is not a seat"),
    (dict(button=2**70), ValueError, "button .* is not a seat"),
    (dict(button=1.0), TypeError, "button must be a seat number"),
    (dict(hands=["AsAd"]), ValueError, "2..10 seats, got 1"),
    (dict(hands=["AsAd", "Zz"]), ValueError, "cannot read card"),
    (dict(hands="AsAd KsKd"), TypeError, "hands must be a sequence"),
])
def test_bad_input_single(kwargs: dict, error: type, message: str) -> None:
    args = dict(hands=["AsAd", "KsKd"], board=BOARD, contributions=[10, 10])
    args.update(kwargs)
    with pytest.raises(error, match=message):
        showdown(HOLDEM, args.pop("hands"), args.pop("board"), **args)


def test_bad_input_board_from_the_wrong_deck() -> None:
    with pytest.raises(ValueError, match="card 2c is not in the 36-card deck"):
        showdown(SHORT_HIGH, ["AsAd", "KsKd"], "2c 7d 9h Jc 6s", contributions=[1, 1])
    holes = np.array([[[51, 50], [47, 46]]], np.uint8)
    with pytest.raises(ValueError, match="deal 0, board card 0: card 2c is not in the 36"):
        showdown_batch(SHORT_HIGH, holes, np.array([[0, 30, 31, 32, 33]]),
                       np.array([[1, 1]]))


def test_games_without_a_single_or_batch_showdown() -> None:
    with pytest.raises(ValueError, match=r"games\.ofc\.score"):
        showdown("ofc", ["AsAd", "KsKd"], None, contributions=[1, 1])
    with pytest.raises(ValueError, match="no batch showdown"):
        showdown_batch("ofc", np.zeros((1, 2, 13), np.uint8), None, np.ones((1, 2), int))
    with pytest.raises(ValueError, match="unknown game"):
        showdown("whist", ["AsAd", "KsKd"], BOARD, contributions=[1, 1])


def _batch_args(rng: np.random.Generator) -> dict:
    holes, boards, chips, folded, button = random_deals(rng, 20, 3)
    return dict(holes=holes, boards=boards, contributions=chips, folded=folded,
                button=button)


@pytest.mark.parametrize(("change", "error", "message"), [
    (lambda a: a["holes"].__setitem__((7, 2, 1), a["holes"][7, 0, 0]), ValueError,
     r"deal 7: card \w\w is in seat 0's hole card 0 and in seat 2's hole card 1"),
    (lambda a: a["boards"].__setitem__((3, 4), a["holes"][3, 1, 0]), ValueError,
     r"deal 3: card \w\w is in seat 1's hole card 0 and in board card 4"),
    (lambda a: a.update(holes=a["holes"].astype(np.int16) + 52 * (
        np.arange(a["holes"].size).reshape(a["holes"].shape) == 5)), ValueError,
     r"holes\[0, 2, 1\]: card value \d+ is outside 0..51"),
    (lambda a: a.update(holes=a["holes"][:, :, :1].copy()), ValueError,
     r"shape \(N, players, 2\)"),
    (lambda a: a.update(boards=a["boards"][:, :4].copy()), ValueError, r"shape \(20, 5\)"),
    (lambda a: a.update(holes=a["holes"].astype(float)), TypeError, "integer array"),
    (lambda a: a.update(holes=a["holes"].astype("m8[s]")), TypeError, "integer array"),
    (lambda a: a["contributions"].__setitem__((5, 2), -3), ValueError,
     r"contributions\[5, 2\]: negative amount -3"),
    (lambda a: a.update(contributions=a["contributions"].astype(float)), TypeError,
     "integer array"),
    (lambda a: a["folded"].__setitem__(9, True), ValueError, "deal 9: every seat folded"),
    (lambda a: a.update(folded=a["folded"].astype(int)), TypeError, "bool array"),
    (lambda a: a.update(button=np.full(20, 3)), ValueError, "deal 0: button 3 is not a seat"),
    (lambda a: a.update(button=2**70), ValueError, "too large"),
])
def test_bad_input_batch(rng: np.random.Generator, change, error: type, message: str) -> None:
    args = _batch_args(rng)
    change(args)
    with pytest.raises(error, match=message):
        showdown_batch("holdem", **args)


def test_every_variant_fits_its_deck_at_full_table():
    for name in games.VARIANTS:
        game = games.variant(name)
        game = games.variant(game, players=game.max_players)   # Italian: the deck follows
        if any(s.draw for s in game.streets):
            continue  # draws reshuffle the discards (docs/rules/triple-draw.md)
        # stud's seventh street goes to the board, common to all, when the deck runs short
        common = game.common_cards
        needed = game.max_players * (game.dealt - common) + common + game.board_cards
        assert needed <= game.deck_size, f"{game.name}: {needed} cards from {game.deck_size}"
        if common:
            assert needed + (game.max_players - 1) * common > game.deck_size  # and it does


def test_batch_names_uint8_cards_out_of_range(rng: np.random.Generator) -> None:
    args = _batch_args(rng)
    args["holes"] = args["holes"].astype(np.uint8)
    args["holes"][4, 1, 0] = 200
    with pytest.raises(ValueError, match="deal 4, seat 1's hole card 0: card value 200"):
        showdown_batch("holdem", **args)
    args = _batch_args(rng)
    args["boards"] = args["boards"].astype(np.uint8)
    args["boards"][2, 3] = 52
    with pytest.raises(ValueError, match="deal 2, board card 3: card value 52"):
        showdown_batch("holdem", **args)
