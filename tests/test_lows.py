"""2-7 lowball, A-5 lows and 8-or-better: exhaustive figures, the rules' order, and
agreement with the plain reference evaluators in ref_lows.py."""

import numpy as np
import pytest

from evaluator import ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, _kernel, deck, parse_cards
from tests import ref_lows as ref
from tests.util import random_hands

ALL_RANKS = range(13)


def values(hand_type, hands):
    return hand_type.evaluate_batch(np.array(hands, dtype=np.uint8))


# ---------------------------------------------------------------- exhaustive figures

def test_deuce_to_seven_has_7462_classes_over_every_five_card_hand():
    counts = _kernel.rank_histogram(DEUCE_TO_SEVEN.tables, deck(), 5)
    assert counts.sum() == 2_598_960
    assert counts[0] == 0
    assert (counts[1:] > 0).sum() == DEUCE_TO_SEVEN.n_classes == 7462


def test_ace_to_five_has_6175_classes_and_5083_best_lows_of_seven():
    five = _kernel.rank_histogram(ACE_TO_FIVE.tables, deck(), 5)
    assert (five[1:] > 0).sum() == ACE_TO_FIVE.n_classes == 6175
    assert five[0] == 0
    seven = _kernel.rank_histogram(ACE_TO_FIVE.tables, deck(), 7)
    assert seven.sum() == 133_784_560
    assert seven[0] == 0
    assert (seven[1:] > 0).sum() == 5083


def test_eight_or_better_counts():
    five = _kernel.rank_histogram(EIGHT_OR_BETTER.tables, deck(), 5)
    assert EIGHT_OR_BETTER.n_classes == 56
    assert (five[1:] > 0).sum() == 56
    assert five[1:].sum() == 57_344                       # 56 rank sets x 4**5 suits
    seven = _kernel.rank_histogram(EIGHT_OR_BETTER.tables, deck(), 7)
    assert seven.sum() == 133_784_560
    assert seven[1:].sum() == 24_530_944
    assert (seven[1:] > 0).sum() == 56


# ---------------------------------------------------------------- the rules' order (docs/rules)

def v27(text):
    return DEUCE_TO_SEVEN.evaluate(text)


def test_deuce_to_seven_order_from_rules():
    n = DEUCE_TO_SEVEN.n_classes
    assert v27("7c 5d 4h 3s 2c") == n                      # best hand
    assert v27("7c 6d 4h 3s 2c") == n - 1                  # second best
    assert v27("7c 6d 5h 3s 2c") == n - 2
    assert v27("As Ks Qs Js Ts") == 1                      # royal flush: worst
    bounds = DEUCE_TO_SEVEN.category_bounds()
    assert list(bounds) == list(DEUCE_TO_SEVEN.categories)
    unpaired_lo = bounds["High Card"][0]
    assert v27("Ac Kd Qh Js 9c") == unpaired_lo            # worst unpaired hand
    assert v27("5c 4d 3h 2s 2c") == bounds["Pair"][1]      # best paired hand
    assert bounds["Pair"][1] + 1 == unpaired_lo
    # 85432 is the best eight: above every other eight-high, below every seven-high
    eight = v27("8c 5d 4h 3s 2c")
    assert eight == v27("7c 6d 5h 4s 2c") - 1
    assert v27("8c 6d 4h 3s 2c") < eight
    assert v27("9c 5d 4h 3s 2c") == v27("8c 7d 6h 5s 3c") - 1   # best nine under worst eight


def test_deuce_to_seven_ace_is_high_and_straights_flushes_count():
    wheel = v27("Ac 2d 3h 4s 5c")
    assert DEUCE_TO_SEVEN.category(wheel) == "High Card"       # not a straight
    assert wheel > v27("Ac 6d 4h 3s 2c")                       # the best ace hand
    assert wheel < v27("Kc Qd Jh Ts 8c")
    assert v27("6c 5d 4h 3s 2c") < v27("Ac Kd Qh Js 9c")       # a straight is bad
    assert v27("7c 5c 4c 3c 2c") < v27("Ac Kd Qh Js 9c")       # so is a flush
    assert DEUCE_TO_SEVEN.describe(v27("7c 5d 4h 3s 2c")) == "Seven-Five low (7-5-4-3-2)"
    assert DEUCE_TO_SEVEN.describe(1) == "Royal Flush"


def test_ace_to_five_order():
    a5 = ACE_TO_FIVE.evaluate
    assert a5("Ac 2d 3h 4s 5c") == ACE_TO_FIVE.n_classes       # the wheel is best
    assert a5("Ac 2c 3c 4c 5c") == ACE_TO_FIVE.n_classes       # flushes ignored
    assert a5("6c 2d 3h 4s 5c") > a5("6c 2d 3h 4s 7c")
    assert a5("Kc Kd Qh Js Tc") < a5("Kc Qd Jh Ts 9c")         # pairs count against
    assert a5("Ac Ad 2h 3s 4c") > a5("2c 2d Ah 3s 4c")         # aces are the lowest pair
    assert a5("Kc Kd Kh Ks Qc") == 1
    assert ACE_TO_FIVE.describe(a5("8c 6d 4h 3s 2c")) == "8-6-4-3-2 low"
    assert ACE_TO_FIVE.describe(a5("Ac 2d 3h 4s 5c")) == "5-4-3-2-A low"
    assert a5("Ac 2d 3h 4s 5c Kd Kh") == a5("Ac 2d 3h 4s 5c")


def test_eight_or_better_qualifier_and_words():
    e8 = EIGHT_OR_BETTER.evaluate
    assert e8("Ac 2d 3h 4s 5c") == 56
    assert e8("8c 7d 6h 5s 4c") == 1
    assert e8("9c 7d 6h 5s 4c") == 0
    assert e8("8c 8d 6h 5s 4c") == 0                           # needs five distinct ranks
    assert e8("8c 8d 6h 5s 4c 3d Kc") == e8("8c 6h 5s 4c 3d")
    assert EIGHT_OR_BETTER.describe(e8("8c 6d 4h 3s 2c")) == "8-6-4-3-2 low"
    assert EIGHT_OR_BETTER.category(e8("8c 6d 4h 3s 2c")) == "Eight low"
    assert EIGHT_OR_BETTER.category(56) == "Five low"
    assert EIGHT_OR_BETTER.describe(0) == EIGHT_OR_BETTER.category(0) == "No low"
    # an 8-or-better low orders exactly like the A-5 low of the same cards
    hands = [ref.representative(ms) for ms in ref.rank_multisets(range(13))]
    e = values(EIGHT_OR_BETTER, hands)
    a = values(ACE_TO_FIVE, hands)
    q = e > 0
    assert (np.argsort(e[q], kind="stable") == np.argsort(a[q], kind="stable")).all()


# ---------------------------------------------------------------- against the reference

@pytest.mark.parametrize(
    ("hand_type", "key", "flushes"),
    [
        (DEUCE_TO_SEVEN, ref.deuce_to_seven, True),
        (ACE_TO_FIVE, ref.ace_to_five5, False),
        (EIGHT_OR_BETTER, ref.eight_or_better5, False),
    ],
    ids=["2-7", "A-5", "8-or-better"],
)
def test_every_five_card_class_matches_reference(hand_type, key, flushes):
    hands = ref.class_representatives(ALL_RANKS, with_flushes=flushes)
    ref.assert_same_order(values(hand_type, hands), [key(h) for h in hands], hands,
                          hand_type.name)


def test_deuce_to_seven_random_five_card_hands_match_reference(rng):
    hands = random_hands(rng, 4000, 5)
    ref.assert_same_order(values(DEUCE_TO_SEVEN, hands),
                          [ref.deuce_to_seven(h.tolist()) for h in hands], hands, "2-7")


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize(
    ("hand_type", "key"),
    [(ACE_TO_FIVE, ref.ace_to_five), (EIGHT_OR_BETTER, ref.eight_or_better)],
    ids=["A-5", "8-or-better"],
)
def test_random_hands_match_reference(rng, hand_type, key, k):
    hands = random_hands(rng, 1500, k)
    ref.assert_same_order(values(hand_type, hands), [key(h.tolist()) for h in hands],
                          hands, f"{hand_type.name} {k} cards")


@pytest.mark.parametrize("hand_type", [ACE_TO_FIVE, EIGHT_OR_BETTER])
def test_scalar_batch_and_best_five_agree(rng, hand_type):
    hands = random_hands(rng, 300, 7)
    batch = hand_type.evaluate_batch(hands)
    for row, value in zip(hands, batch, strict=True):
        assert hand_type.evaluate(row.tolist()) == value
        five = hand_type.best_five(row)
        assert hand_type.evaluate(five.tolist()) == value
        assert set(five.tolist()) <= set(row.tolist())


def test_lows_ignore_suits_on_every_hand(rng):
    hands = random_hands(rng, 2000, 7)
    recoloured = (hands & ~np.uint8(3)) | rng.integers(0, 4, hands.shape, dtype=np.uint8)
    # recolouring may create duplicates; keep the rows that stay valid
    ok = np.array([len(set(r.tolist())) == 7 for r in recoloured])
    for hand_type in (ACE_TO_FIVE, EIGHT_OR_BETTER):
        assert (hand_type.evaluate_batch(hands[ok])
                == hand_type.evaluate_batch(recoloured[ok])).all()


def test_text_input():
    assert DEUCE_TO_SEVEN.evaluate("7c5d4h3s2c") == DEUCE_TO_SEVEN.evaluate(
        parse_cards("7c 5d 4h 3s 2c"))


def test_threaded_batches_match_single_thread(rng):
    from evaluator import OFC_TOP, SHORT_DECK

    for hand_type, k, size in ((ACE_TO_FIVE, 7, 52), (DEUCE_TO_SEVEN, 5, 52),
                               (SHORT_DECK, 7, 36), (OFC_TOP, 3, 52)):
        hands = random_hands(rng, 200_000, k, deck=size)
        one = hand_type.evaluate_batch(hands, threads=1)
        assert (hand_type.evaluate_batch(hands, threads=2) == one).all()
        assert (one > 0).all()
