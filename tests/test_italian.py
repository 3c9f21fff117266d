"""Italian traditional poker: exhaustive figures, the reference, straight flushes, input."""

import math
import pickle
from itertools import combinations, pairwise

import numpy as np
import pytest

import evaluator
from evaluator import HIGH, italian, parse_cards
from tests.ref_italian import ref_compare, ref_key, ref_winners, sf_kind
from tests.util import random_hands

CATEGORY_ORDER = ("Straight Flush", "Four of a Kind", "Flush", "Full House", "Straight",
                  "Three of a Kind", "Two Pair", "Pair", "High Card")
DECKS = {3: 28, 4: 32, 5: 36, 6: 40, None: 52}


def cards(text):
    return [int(c) for c in parse_cards(text)]


def combos(deck):
    """All five-card hands of a deck as an (N, 5) uint8 array, in combinations order."""
    return np.array(list(combinations(deck.tolist(), 5)), dtype=np.uint8)


def category_counts(hand_type, values):
    """Hands per category, best category first."""
    shift = evaluator._italian.SUIT_SHIFT if hand_type.suits else 0
    strengths = hand_type.tables.classes[(values >> shift) - 1]
    counts = np.bincount(strengths >> 20, minlength=9)
    return [int(x) for x in counts[::-1]]


# ---------------------------------------------------------------- exhaustive figures

@pytest.mark.parametrize(
    ("players", "hands", "classes"),
    [(4, 201_376, 840), (5, 376_992, 1_404), (6, 658_008, 2_244)],
)
def test_suitless_hands_and_classes(players, hands, classes):
    it = italian(players, suits=False)
    values = it.all_values()
    assert len(values) == hands
    assert len(np.unique(values)) == classes == it.n_classes
    assert values.min() == 1 and values.max() == classes


def test_suitless_category_counts_32_cards():
    it = italian(4, suits=False)
    counts = category_counts(it, it.all_values())
    assert counts == [20, 224, 204, 1_344, 5_100, 10_752, 24_192, 107_520, 52_020]
    assert [it.category(v) for v in (it.n_classes, 1)] == ["Straight Flush", "High Card"]


def test_category_order_flush_over_full_house():
    it = italian(4, suits=False)
    assert it.categories[::-1] == CATEGORY_ORDER
    flush = it.evaluate("Ah Kh Qh 9h 7h")
    assert it.category(flush) == "Flush"
    assert flush > it.evaluate("Ac Ad As Kc Kd")           # above any full house
    assert flush < it.evaluate("7c 7d 7h 7s 8c")           # below any quads


@pytest.mark.parametrize("players", [3, 4, 5, 6, None])
def test_suits_make_every_hand_distinct(players):
    it = italian(players)
    values = it.all_values()
    assert len(values) == math.comb(DECKS[players], 5)
    assert len(np.unique(values)) == len(values)
    # suits only refine the suitless order
    plain = italian(players, suits=False).all_values()
    order = np.argsort(values, kind="stable")
    assert np.all(np.diff(plain[order]) >= 0)


def test_full_deck_matches_standard_counts_with_flush_above_full_house():
    it = italian(None, suits=False)
    values = it.all_values()
    assert it.n_classes == 7462
    assert category_counts(it, values) == [40, 624, 5_108, 3_744, 10_200, 54_912, 123_552,
                                           1_098_240, 1_302_540]


def test_all_values_in_combination_order_and_batch_agrees():
    for players in (4, 6):
        it = italian(players)
        rows = combos(it.deck)
        assert np.array_equal(it.all_values(), it.evaluate_batch(rows))
        assert np.array_equal(it.evaluate_batch(rows, threads=2), it.evaluate_batch(rows))


# ---------------------------------------------------------------- the reference

def test_reference_order_over_every_32_card_hand():
    it = italian(4)
    rows = combos(it.deck)
    values = it.all_values()
    order = np.argsort(values)
    keys = [ref_key(rows[i].tolist(), 5) for i in order]
    bad = [i for i in range(len(keys) - 1) if not keys[i] < keys[i + 1]]
    assert not bad, (
        f"{len(bad)} pairs out of order, first: {rows[order[bad[0]]]} "
        f"{keys[bad[0]]} vs {keys[bad[0] + 1]}" if bad else "")


def test_reference_classes_without_suits_36_cards():
    it = italian(5, suits=False)
    rows = combos(it.deck)
    values = it.all_values()
    ref = {}
    for row, v in zip(rows.tolist(), values.tolist(), strict=True):
        k = ref_key(row, 4)[:2]
        assert ref.setdefault(k, v) == v, f"{row}: {k} has two values"
    by_value = sorted(ref, key=ref.get)
    assert by_value == sorted(ref), "suitless order differs from the reference"
    assert len(ref) == 1404


def disjoint_pairs(rng, n, deck):
    rows = random_hands(rng, n, 10, deck)
    return rows[:, :5], rows[:, 5:]


@pytest.mark.parametrize("players", [3, 4, 5, 6, None])
@pytest.mark.parametrize("suits", [True, False])
def test_compare_matches_reference_on_random_pairs(rng, players, suits):
    it = italian(players, suits=suits)
    low = it.low
    a, b = disjoint_pairs(rng, 3000, DECKS[players])
    for x, y in zip(a.tolist(), b.tolist(), strict=True):
        want = ref_compare(x, y, low, suits)
        assert it.compare(x, y) == want, (x, y, want)
        assert it.compare(y, x) == -want
        if suits:
            assert want != 0


def straight_flushes(it):
    """Every straight flush of the deck, built from its ranks."""
    low = it.low
    rank_sets = [[low, low + 1, low + 2, low + 3, 12]]
    rank_sets += [list(range(top - 4, top + 1)) for top in range(low + 4, 13)]
    hands = [[4 * r + s for r in ranks] for ranks in rank_sets for s in range(4)]
    assert all(it.category(it.evaluate(h)) == "Straight Flush" for h in hands)
    return hands


@pytest.mark.parametrize("players", [3, 4, 6, None])
@pytest.mark.parametrize("options", [{}, {"suits": False}, {"royal_flush_split": True}])
def test_every_pair_of_straight_flushes_matches_reference(players, options):
    it = italian(players, **options)
    flushes = straight_flushes(it)
    assert len(flushes) == 4 * (10 - it.low)      # 20 in 32 cards, 40 in 52
    checked = 0
    for x, y in combinations(flushes, 2):
        if set(x) & set(y):
            continue
        want = ref_compare(x, y, it.low, it.suits, it.royal_flush_split)
        assert it.compare(x, y) == want, (x, y)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("players", [4, 6, None])
@pytest.mark.parametrize("options", [{}, {"suits": False}, {"royal_flush_split": True}])
def test_winners_match_reference(rng, players, options):
    it = italian(players, **options)
    deck = DECKS[players]
    for size in (2, 3, 5, 6):
        if size * 5 > deck:
            continue
        rows = random_hands(rng, 400, 5 * size, deck).reshape(400, size, 5)
        for showdown in rows.tolist():
            want = ref_winners(showdown, it.low, it.suits, it.royal_flush_split)
            assert it.winners(showdown) == want, showdown


@pytest.mark.parametrize("players", [4, 5, None])
@pytest.mark.parametrize("options", [{}, {"suits": False}, {"royal_flush_split": True}])
def test_winners_among_straight_flushes_match_reference(rng, players, options):
    """Showdowns of two to four disjoint straight flushes, cycles included."""
    it = italian(players, **options)
    flushes = straight_flushes(it)
    cycles = 0
    for _ in range(1500):
        size = int(rng.integers(2, 5))
        pick = [flushes[i] for i in rng.permutation(len(flushes))[:size]]
        used = [c for hand in pick for c in hand]
        if len(set(used)) != len(used):
            continue
        want = ref_winners(pick, it.low, it.suits, it.royal_flush_split)
        assert it.winners(pick) == want, pick
        kinds = {sf_kind(h, it.low) for h in pick}
        cycles += kinds == {"minimum", "middle", "maximum"}
    assert cycles > 0


def test_american_rules_are_the_standard_high_ranking(rng):
    am = italian(american=True)
    assert am is italian(None, american=True, suits=False)
    assert len(am.deck) == 52 and am.n_classes == 7462
    rows = random_hands(rng, 20000, 5)
    assert np.array_equal(am.evaluate_batch(rows), HIGH.evaluate_batch(rows))
    assert am.category(am.evaluate("Ah Kh Qh 9h 7h")) == "Flush"
    assert am.evaluate("Ah Kh Qh 9h 7h") < am.evaluate("2c 2d 2h 3c 3d")
    # no suit order: equal ranks split, and the royal flush beats the wheel
    assert am.compare("Ah Kd Qc 9s 7h", "As Kc Qd 9h 7d") == 0
    assert am.winners(["Ah Kd Qc 9s 7h", "As Kc Qd 9h 7d", "2c 3c 4c 5d 7c"]) == [0, 1]
    assert am.compare("Ac 2c 3c 4c 5c", "Ts Js Qs Ks As") == -1


# ---------------------------------------------------------------- explicit cases

MINIMUM = "Ah 7h 8h 9h Th"
MAXIMUM = "Ts Js Qs Ks As"
MIDDLE = "7d 8d 9d Td Jd"
MIDDLE_HIGH = "9c Tc Jc Qc Kc"


def test_straight_flush_cycle():
    it = italian(4)
    assert it.compare(MINIMUM, MAXIMUM) == 1
    assert it.compare(MIDDLE, MINIMUM.replace("h", "c")) == 1
    assert it.compare(MAXIMUM, MIDDLE) == 1
    assert it.compare(MIDDLE_HIGH, MIDDLE) == 1                     # middles by top card
    assert it.compare("7c 8c 9c Tc Jc", MIDDLE) == -1               # same ranks: the suit
    # evaluate orders straight flushes by top card, minimum lowest, maximum highest
    values = [it.evaluate(h) for h in (MINIMUM, MIDDLE, MIDDLE_HIGH, MAXIMUM)]
    assert values == sorted(values)
    assert it.describe(values[0]) == "Straight Flush, Ten high (minimum) [Th 9h 8h 7h Ah]"
    assert it.describe(values[3]).startswith("Straight Flush, Ace high (maximum)")
    assert it.winners([MINIMUM, MAXIMUM]) == [0]
    assert it.winners([MAXIMUM, MIDDLE]) == [0]
    assert it.winners([MIDDLE, "Ac 7c 8c 9c Tc"]) == [0]


def test_cycle_fallback_suit_of_top_card():
    it = italian(4)
    # minimum (top Th), middle (top Jd), maximum (top As): hearts wins
    assert it.winners([MAXIMUM, MIDDLE, MINIMUM]) == [2]
    # minimum in clubs (top Tc), middle in diamonds (top Jd): diamonds wins
    assert it.winners(["Ac 7c 8c 9c Tc", MIDDLE, "Th Jh Qh Kh Ah"]) == [2]
    assert it.winners(["Ac 7c 8c 9c Tc", "7d 8d 9d Td Jd", MAXIMUM]) == [1]
    # a lower hand alongside does not change the outcome
    assert it.winners(["Qh Qd Kh Kd Kc", MAXIMUM, MIDDLE, "Ac 7c 8c 9c Tc"]) == [2]


def test_cycle_in_the_full_deck_same_suit_fallback():
    it = italian(None)
    # minimum A-5 hearts (top 5h), middle 9-K hearts (top Kh), maximum in spades
    hands = ["Ah 2h 3h 4h 5h", "9h Th Jh Qh Kh", "Ts Js Qs Ks As"]
    assert it.compare(hands[0], hands[2]) == 1
    assert it.compare(hands[1], hands[0]) == 1
    assert it.compare(hands[2], hands[1]) == 1
    assert it.winners(hands) == [1]         # both hearts: the higher top card


def test_cycle_without_suits_splits_and_royal_flush_split():
    plain = italian(4, suits=False)
    assert plain.winners([MAXIMUM, MIDDLE, MINIMUM]) == [0, 1, 2]
    assert plain.compare("7c 8c 9c Tc Jc", MIDDLE) == 0
    assert plain.winners(["Ac 7c 8c 9c Tc", MINIMUM, MAXIMUM]) == [0, 1]
    split = italian(4, royal_flush_split=True)
    assert split.compare(MINIMUM, MAXIMUM) == 0
    assert split.compare(MIDDLE_HIGH, MIDDLE) == 0
    assert split.winners([MIDDLE, "Qh Qc Qd Kh Kc", MAXIMUM]) == [0, 2]
    assert split.compare("Ah Ad Kh Kd 9c", "As Ac Ks Kc 9s") == 1   # suits still decide


def test_suit_tie_breaks_follow_the_rule():
    it = italian(4)
    # high card: the top card's suit, hearts > diamonds > clubs > spades
    order = ["Ah Kd Qc Js 9h", "Ad Kh Qc Js 9h", "Ac Kh Qd Js 9h", "As Kh Qd Jc 9h"]
    for better, worse in pairwise(order):
        a, b = cards(better), cards(worse)
        if not set(a) & set(b):
            assert it.compare(a, b) == 1
        assert it.evaluate(a) > it.evaluate(b)
    # pair: the best suit of the pair, whatever the kickers
    assert it.compare("9h 9s 7c 8c Tc", "9d 9c 7h 8h Th") == 1
    # two pair: the top pair decides, not the lower one
    assert it.compare("Kd Ks 9h 9c 7h", "Kh Kc 9d 9s 7c") == -1
    # straights and flushes: the top card
    assert it.compare("7s 8s 9s Ts Jd", "7h 8h 9h Th Jc") == 1
    assert it.compare("Ac Kc Qc 9c 7c", "As Ks Qs 9s 7s") == 1
    # the minimum straight's top card is its highest non-ace
    assert it.compare("Ah 7d 8d 9d Tc", "As 7c 8c 9c Th") == -1
    # and it is the lowest straight
    assert it.compare("Ah 7d 8d 9d Th", "7h 8c 9c Tc Jc") == -1


def test_describe_names_the_hand(rng):
    it = italian(4)
    rows = random_hands(rng, 2000, 5, 32)
    for row, v in zip(rows.tolist(), it.evaluate_batch(rows).tolist(), strict=True):
        text = it.describe(v)
        shown = cards(text[text.index("[") + 1:-1])
        assert sorted(shown) == sorted(row), (row, text)
        assert text.startswith(it.category(v))
    plain = italian(4, suits=False)
    assert plain.describe(plain.evaluate("Ah 7d 8d 9d Tc")) == "Straight, Ten high (minimum)"
    assert plain.describe(plain.evaluate("Ts Js Qs Ks As")) == (
        "Straight Flush, Ace high (maximum)")
    assert plain.describe(plain.evaluate("9s 9c Ks Qs 8h")) == (
        "Pair of Nines, King-Queen-Eight kickers")


def test_evaluate_matches_batch_and_accepts_card_forms(rng):
    it = italian(5)
    rows = random_hands(rng, 500, 5, 36)
    batch = it.evaluate_batch(rows)
    assert batch.dtype == np.int32
    for row, v in zip(rows, batch.tolist(), strict=True):
        assert it.evaluate(row) == it.evaluate(row.tolist()) == v
    assert it.evaluate("A♥ 6♦ 7♦ 8♦ 9♣") == it.evaluate("ah 6d 7d 8d 9c")
    out = np.zeros(len(rows), dtype=np.int32)
    assert it.evaluate_batch(rows, out=out) is out and np.array_equal(out, batch)
    assert it.evaluate_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    showdown = random_hands(rng, 1, 15, 36).reshape(3, 5)
    assert it.winners(showdown) == it.winners(showdown.tolist()) == it.winners(
        [" ".join(evaluator.card_name(c) for c in h) for h in showdown.tolist()])


def test_one_object_per_option_set():
    assert italian() is italian(4) is italian(4, suits=True)
    assert italian(9) is italian(None)
    assert italian(4, suits=False) is not italian(4)
    assert italian(5) is not italian(4)
    assert pickle.loads(pickle.dumps(italian(6, royal_flush_split=True))) is italian(
        6, royal_flush_split=True)
    assert italian(4).deck.tolist() == list(range(20, 52))
    assert italian(3).lowest_rank == "8" and italian(6).lowest_rank == "5"


def test_values_fit_int32_and_exceed_uint16():
    it = italian(None)
    values = it.all_values()
    assert values.dtype == np.int32
    assert values.max() > 65535


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("players", [0, 1, 10, -4, 2**70])
def test_invalid_players(players):
    with pytest.raises(ValueError, match="players"):
        italian(players)


@pytest.mark.parametrize("players", [4.0, "4", True, [4]])
def test_players_of_the_wrong_type(players):
    with pytest.raises(TypeError, match="players"):
        italian(players)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"suits": "yes"}, TypeError, "suits"),
        ({"suits": 1}, TypeError, "suits"),
        ({"royal_flush_split": 1}, TypeError, "royal_flush_split"),
        ({"american": "no"}, TypeError, "american"),
        ({"american": True, "suits": True}, ValueError, "suit order"),
        ({"american": True, "royal_flush_split": True}, ValueError, "royal_flush_split"),
    ],
)
def test_invalid_options(kwargs, error, match):
    with pytest.raises(error, match=match):
        italian(4, **kwargs)


@pytest.mark.parametrize(
    ("hand", "match"),
    [
        ("Ah Kh Qh Jh 6h", "card 6h .*not in the 32-card deck"),
        ("As Ks Qs Js", "5 cards, got 4"),
        ("As Ks Qs Js Ts 9s", "5 cards, got 6"),
        ("As Ks Qs Js As", "duplicate card As"),
        ([51, 50, 49, 48, 52], "outside 0..51"),
        ([51, 50, 49, 48, -1], "outside 0..51"),
        ([51, 50, 49, 48, 2], "card 2h"),
        ("As Ks Qs Js Xs", "cannot read card"),
        (12345, "outside 0..51"),
    ],
)
def test_evaluate_bad_hands(hand, match):
    it = italian(4)
    with pytest.raises(ValueError, match=match):
        it.evaluate(hand)
    with pytest.raises(ValueError, match=match):
        it.compare(hand, "Ah Ad Ac Kh Kd")
    with pytest.raises(ValueError, match=match):
        it.compare("Ah Ad Ac Kh Kd", hand)
    with pytest.raises(ValueError, match=match):
        it.winners(["Ah Ad Ac Kh Kd", hand])


def test_evaluate_bad_types():
    it = italian(4)
    with pytest.raises(TypeError, match=r"int 0\.\.51 or a card text"):
        it.evaluate([51, 50, 49, 48, 47.0])
    for rows in (np.array([[51, 50, 49, 48, 47.0]]), np.array([[True, False, True, False, True]]),
                 [["As", "Ks", "Qs", "Js", "Ts"]]):
        with pytest.raises(TypeError, match="integer array"):
            it.evaluate_batch(rows)


@pytest.mark.parametrize(
    ("rows", "match"),
    [
        (np.array([51, 50, 49, 48, 47]), "shape"),
        (np.array([[51, 50, 49, 48]]), "shape"),
        (np.array([[51, 50, 49, 48, 47, 46]]), "shape"),
        (np.array([[51, 50, 49, 48, 47], [51, 50, 49, 48, 52]]), r"\[1, 4\].*outside 0..51"),
        (np.array([[51, 50, 49, 48, -3]]), "outside 0..51"),
        (np.array([[51, 50, 49, 48, 300]], dtype=np.int64), "outside 0..51"),
        (np.array([[51, 50, 49, 48, 19]]), r"\[0, 4\].*card 6s .*32-card deck"),
        (np.array([[51, 50, 49, 48, 47], [40, 41, 40, 42, 43]]), r"\[1\].*duplicate card Qc"),
    ],
)
def test_evaluate_batch_bad_rows(rows, match):
    it = italian(4)
    with pytest.raises(ValueError, match=match):
        it.evaluate_batch(rows)


def test_evaluate_batch_bad_out_and_threads():
    it = italian(4)
    rows = np.array([[51, 50, 49, 48, 47]], dtype=np.uint8)
    for out in (np.zeros(2, np.int32), np.zeros((1, 1), np.int32)):
        with pytest.raises(ValueError, match="out"):
            it.evaluate_batch(rows, out=out)
    with pytest.raises(TypeError, match="out"):
        it.evaluate_batch(rows, out=np.zeros(1, np.int64))
    for threads in (0, -1):
        with pytest.raises(ValueError, match="threads"):
            it.evaluate_batch(rows, threads=threads)
    for threads in (1.5, True):
        with pytest.raises(TypeError, match="threads"):
            it.evaluate_batch(rows, threads=threads)


def test_showdown_bad_input():
    it = italian(4)
    with pytest.raises(ValueError, match="card As is in both hands"):
        it.compare("As Ks Qs Js Ts", "As Ad Ac Kh Kd")
    with pytest.raises(ValueError, match="card Ah is in hand 0 and hand 2"):
        it.winners(["Ah Ad Ac Kh Kd", "7c 8c 9c Tc Jc", "Ah 7d 8d 9d Td"])
    with pytest.raises(ValueError, match="at least one hand"):
        it.winners([])
    with pytest.raises(TypeError, match="sequence of hands"):
        it.winners("Ah Ad Ac Kh Kd")
    with pytest.raises(TypeError, match="sequence of hands"):
        it.winners(7)
    with pytest.raises(ValueError, match="shape"):
        it.winners(np.array([51, 50, 49, 48, 47]))
    with pytest.raises(TypeError, match="integer array"):
        it.winners(np.array([[51, 50, 49, 48, 47.0]]))
    with pytest.raises(ValueError, match="card 5c"):
        it.winners(np.array([[51, 50, 49, 48, 12]]))


def test_bad_values_for_describe_and_category():
    it = italian(4)
    plain = italian(4, suits=False)
    # suit keys: five base-4 digits, hearts 3, diamonds 2, clubs 1, spades 0
    pair_same_suit = (it.evaluate("9h 9s Kd Qc 8s") & ~0x3FF) | (3 << 8 | 3 << 6 | 2 << 4 | 1 << 2)
    flush_mixed = it.evaluate("Ah Kh Qh 9h 7h") ^ 1
    high_one_suit = it.evaluate("Ah Kd Qc Js 9h") | 0x3FF      # all hearts: a flush
    for bad in (0, -1, 1 << 30, pair_same_suit, flush_mixed, high_one_suit):
        with pytest.raises(ValueError):
            it.describe(bad)
        with pytest.raises(ValueError):
            it.category(bad)
    for bad in (True, 3.0, "5"):
        with pytest.raises(TypeError):
            it.describe(bad)
        with pytest.raises(TypeError):
            it.category(bad)
    for bad in (0, -5, plain.n_classes + 1):
        with pytest.raises(ValueError):
            plain.describe(bad)
    with pytest.raises(TypeError):
        plain.describe(False)
