"""Bad input to every entry point of the variant hand types: a TypeError (wrong type)
or ValueError (wrong value) naming the problem, never a crash or a silent answer."""

import numpy as np
import pytest

from evaluator import (
    ACE_TO_FIVE,
    DEUCE_TO_SEVEN,
    EIGHT_OR_BETTER,
    OFC_TOP,
    SHORT_DECK,
    SHORT_DECK_TRIPS,
    deck,
)

HAND_TYPES = [ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, OFC_TOP, SHORT_DECK,
              SHORT_DECK_TRIPS]
IDS = [h.name for h in HAND_TYPES]


def good_hand(hand_type, k=None):
    """The top k cards of the hand type's deck (all valid, distinct)."""
    k = hand_type.sizes[0] if k is None else k
    return deck("6")[-k:].tolist()


@pytest.fixture(params=HAND_TYPES, ids=IDS)
def hand_type(request):
    return request.param


def test_wrong_counts(hand_type):
    for k in (1, 2, 3, 4, 5, 6, 7, 8):
        if k in hand_type.sizes:
            continue
        hand = good_hand(hand_type, k)
        with pytest.raises(ValueError, match="cards"):
            hand_type.evaluate(hand)
        with pytest.raises(ValueError, match="cards"):
            hand_type.evaluate(np.array(hand, dtype=np.uint8))
        with pytest.raises(ValueError, match="shape"):
            hand_type.evaluate_batch(np.array([hand], dtype=np.uint8))
        with pytest.raises(ValueError, match="cards"):
            hand_type.best_five(hand)


def test_duplicates(hand_type):
    hand = good_hand(hand_type)
    hand[0] = hand[-1]            # As twice
    with pytest.raises(ValueError, match="duplicate card As"):
        hand_type.evaluate(hand)
    with pytest.raises(ValueError, match="duplicate card As"):
        hand_type.evaluate(" ".join(["As"] * len(hand)))
    rows = np.array([good_hand(hand_type), hand], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"cards\[1\]: duplicate card As"):
        hand_type.evaluate_batch(rows)
    with pytest.raises(ValueError, match="duplicate"):
        hand_type.best_five(hand)


@pytest.mark.parametrize("bad", [52, 255, -1, 1000])
def test_ints_out_of_range(hand_type, bad):
    hand = good_hand(hand_type)
    hand[0] = bad
    with pytest.raises(ValueError, match=str(bad)):
        hand_type.evaluate(hand)
    with pytest.raises(ValueError, match=str(bad)):
        hand_type.evaluate_batch(np.array([hand], dtype=np.int64))
    with pytest.raises(ValueError, match=str(bad)):
        hand_type.best_five(hand)


def test_non_integers(hand_type):
    hand = good_hand(hand_type)
    with pytest.raises(TypeError, match="integer"):
        hand_type.evaluate_batch(np.array([hand], dtype=np.float64))
    with pytest.raises(TypeError, match="integer"):
        hand_type.evaluate_batch(np.array([hand], dtype=np.bool_))
    with pytest.raises(TypeError, match="integer"):
        hand_type.evaluate_batch(np.array([hand], dtype="m8[ns]"))
    with pytest.raises(TypeError, match="integer dtype"):
        hand_type.evaluate(np.array(hand, dtype=np.float64))
    with pytest.raises(TypeError):
        hand_type.evaluate([float(c) for c in hand])
    with pytest.raises(ValueError):
        hand_type.evaluate("Xx " * len(hand))
    with pytest.raises(ValueError, match="shape"):
        hand_type.evaluate_batch(np.array(hand, dtype=np.uint8))   # 1-d


def test_out_array_checked(hand_type):
    rows = np.array([good_hand(hand_type)] * 3, dtype=np.uint8)
    with pytest.raises(ValueError, match="out"):
        hand_type.evaluate_batch(rows, out=np.empty(2, dtype=np.int32))
    with pytest.raises(TypeError, match="out"):
        hand_type.evaluate_batch(rows, out=np.empty(3, dtype=np.int64))
    out = np.empty(3, dtype=np.int32)
    assert hand_type.evaluate_batch(rows, out=out) is out
    assert (out == hand_type.evaluate(rows[0].tolist())).all()


@pytest.mark.parametrize("hand_type", [SHORT_DECK, SHORT_DECK_TRIPS],
                         ids=["SHORT_DECK", "SHORT_DECK_TRIPS"])
@pytest.mark.parametrize("card", ["5c", "2c", "5s", "4h"])
def test_short_deck_rejects_low_cards(hand_type, card):
    text = f"As Ks Qs Js {card}"
    with pytest.raises(ValueError, match=f"card {card} .*36-card short deck"):
        hand_type.evaluate(text)
    from evaluator import parse_cards
    ints = parse_cards(text).tolist()
    with pytest.raises(ValueError, match=f"card {card}"):
        hand_type.evaluate(ints)
    with pytest.raises(ValueError, match=rf"cards\[1, 4\]: card {card}"):
        hand_type.evaluate_batch(np.array([parse_cards("As Ks Qs Js Ts"), ints]))
    with pytest.raises(ValueError, match=f"card {card}"):
        hand_type.best_five(text + " 9c 8c")


@pytest.mark.parametrize(("bad", "error"), [
    (-1, ValueError), (10**6, ValueError), (2**70, ValueError),
    (2.5, TypeError), ("1", TypeError), (None, TypeError), (True, TypeError),
])
def test_describe_and_category_reject_bad_values(hand_type, bad, error):
    with pytest.raises(error):
        hand_type.describe(bad)
    with pytest.raises(error):
        hand_type.category(bad)


@pytest.mark.parametrize("hand_type", [ACE_TO_FIVE, DEUCE_TO_SEVEN, SHORT_DECK],
                         ids=["ACE_TO_FIVE", "DEUCE_TO_SEVEN", "SHORT_DECK"])
def test_zero_is_not_a_value_where_every_hand_ranks(hand_type):
    with pytest.raises(ValueError):
        hand_type.describe(0)


def test_threads_argument_checked():
    rows = np.array([good_hand(ACE_TO_FIVE)], dtype=np.uint8)
    with pytest.raises(ValueError, match="threads"):
        ACE_TO_FIVE.evaluate_batch(rows, threads=0)
    with pytest.raises(TypeError, match="threads"):
        ACE_TO_FIVE.evaluate_batch(rows, threads=2.0)


def test_empty_batch(hand_type):
    rows = np.empty((0, hand_type.sizes[0]), dtype=np.uint8)
    assert hand_type.evaluate_batch(rows).shape == (0,)
