"""Badugi: every four-card hand against the plain reference in ref_badugi.py, the
rules' order, the batch against the scalar call, the words, and bad input."""

from itertools import combinations

import numpy as np
import pytest

from evaluator import BADUGI, format_cards, parse_cards
from tests import ref_badugi as ref


@pytest.fixture(scope="module")
def every_hand():
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    assert len(hands) == 270_725
    return hands


def test_every_four_card_hand_agrees_with_the_reference(every_hand):
    """The values order the 270,725 hands exactly as the reference's keys: the value of
    a hand is one plus the number of distinct keys below its own."""
    values = BADUGI.evaluate_batch(every_hand)
    keys = [ref.key(hand) for hand in every_hand.tolist()]
    distinct = sorted(set(keys))
    assert len(distinct) == BADUGI.n_classes == 1092
    position = {k: i + 1 for i, k in enumerate(distinct)}
    expected = np.array([position[k] for k in keys], dtype=np.int32)
    assert np.array_equal(values, expected)
    sizes = np.bincount(np.array([k[0] for k in distinct]))
    assert sizes.tolist() == [0, 13, 78, 286, 715]


def test_the_scalar_call_and_any_card_order_agree_with_the_batch(every_hand):
    rng = np.random.default_rng(5)
    rows = every_hand[rng.choice(len(every_hand), 3000, replace=False)]
    batch = BADUGI.evaluate_batch(rows)
    for row, value in zip(rows.tolist(), batch.tolist(), strict=True):
        assert BADUGI.evaluate(row) == value
        shuffled = list(row)
        rng.shuffle(shuffled)
        assert BADUGI.evaluate(shuffled) == value
        assert BADUGI.evaluate(format_cards(shuffled)) == value
        assert BADUGI.evaluate(shuffled[:2], shuffled[2:]) == value
    permuted = rows[:, rng.permutation(4)]
    assert np.array_equal(BADUGI.evaluate_batch(permuted), batch)
    assert np.array_equal(BADUGI.evaluate_batch(rows[:, :2], rows[:, 2:]), batch)
    assert np.array_equal(BADUGI.evaluate_batch(rows, threads=2), batch)


def v(text):
    return BADUGI.evaluate(text)


def test_the_rules_order():
    assert v("4s 3h 2d Ac") == 1092                      # the best hand
    assert v("Kc Kd Kh Ks") == 1                         # one king: the worst
    assert v("Kc Qd Jh Ts") > v("2c 3c 4c 5c")           # any badugi beats three cards
    assert v("2c 3d 4h Ks") > v("Ac 2d 3h 4c")           # a K-high badugi beats 3-2-A
    assert v("8h 7c 5d 3s") > v("8h 7c 6d 2s")           # 8-7-5 beats 8-7-6
    assert v("8h 7c 5d 3s") < v("8h 6c 5d 4s")           # 8-6 beats 8-7
    # a pair or a suit twice: the lower card counts
    assert v("Ac Ad 2h 3s") == v("Ac 5c 2h 3s")          # both are 3-2-A three-card hands
    assert v("Ac Kc 2h 3s") == v("As 2d 3h Qh")
    assert BADUGI.describe(v("Ac Ad 2h 3s")) == "Three cards, 3-2-A"
    assert BADUGI.category(v("Ac Ad 2h 3s")) == "Three cards"
    assert BADUGI.describe(v("9c 9d 9h 9s")) == "One card, 9"
    assert BADUGI.describe(v("Tc 9c 2d 5d")) == "Two cards, 9-2"
    assert BADUGI.category(1092) == "Badugi" and BADUGI.category(1) == "One card"


def test_best_cards():
    assert format_cards(BADUGI.best_cards("Kc 2c 3d 4h")) == "2c 3d 4h"
    assert format_cards(BADUGI.best_cards("9c 9d 9h 9s")) in ("9c", "9d", "9h", "9s")
    assert len(BADUGI.best_cards("Ac 2d 3h 4s")) == 4
    with pytest.raises(ValueError, match="duplicate"):
        BADUGI.best_cards("Ac Ac 3h 4s")


@pytest.mark.parametrize(("cards", "message"), [
    ("Ac 2d 3h", "4 cards"),
    ("Ac 2d 3h 4s 5c", "4 cards"),
    ("Ac Ac 3h 4s", "duplicate card Ac"),
    ([0, 1, 2, 52], "52"),
])
def test_bad_hands_are_refused_by_name(cards, message):
    with pytest.raises(ValueError, match=message):
        BADUGI.evaluate(cards)


def test_bad_rows_are_refused_by_row_and_card():
    rows = np.array([[0, 5, 10, 15]] * 600, dtype=np.uint8)
    rows[517] = [0, 5, 5, 15]
    with pytest.raises(ValueError, match=r"cards\[517\]: duplicate card 3d"):
        BADUGI.evaluate_batch(rows)
    rows[517] = [0, 5, 60, 15]
    with pytest.raises(ValueError, match=r"cards\[517, 2\]: card value 60"):
        BADUGI.evaluate_batch(rows)
    with pytest.raises(ValueError):
        BADUGI.evaluate_batch(np.zeros((3, 5), dtype=np.uint8))
    out = np.full(600, -7, dtype=np.int32)
    with pytest.raises(ValueError):
        BADUGI.evaluate_batch(rows, out=out)
    assert (out == -7).all()                             # a refused call writes nothing
    assert BADUGI.evaluate_batch(np.zeros((0, 4), dtype=np.uint8)).shape == (0,)


def test_winners_and_pickling():
    import pickle

    assert BADUGI.winners(["4s 3h 2d Ac", "5s 3c 2c Ad"]) == [0]
    assert BADUGI.winners(["Ac 2d 3h 4s", "Ad 2c 3s 4h"]) == [0, 1]
    assert pickle.loads(pickle.dumps(BADUGI)) is BADUGI
    assert parse_cards("Ac").tolist() == [48]


@pytest.mark.parametrize("row", [0, 1, 255, 256, 599, 600, 601])
@pytest.mark.parametrize("cards", [[7, 7, 20, 30], [7, 20, 52, 30], [255, 1, 2, 3]])
def test_a_bad_row_is_found_wherever_it_is(row, cards):
    """Rows go four at a time where there is SSE2, the rest one by one: a bad row is
    found in either, and never taken for a good one."""
    rows = np.array([[0, 5, 10, 15]] * 602, dtype=np.uint8)
    rows[row] = cards
    with pytest.raises(ValueError, match=rf"cards\[{row}"):
        BADUGI.evaluate_batch(rows)
    rows[row] = [51, 50, 49, 48]
    values = BADUGI.evaluate_batch(rows)
    assert values[row] == v("As Ah Ad Ac")
    assert (np.delete(values, row) == v("2c 3d 4h 5s")).all()
