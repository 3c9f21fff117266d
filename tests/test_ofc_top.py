"""The Open Face top row: three-card classes, the row scale shared with HIGH, fouls."""

from itertools import combinations

import numpy as np
import pytest

from evaluator import HIGH, OFC_TOP, _kernel, deck, format_cards
from tests import ref_lows as ref
from tests.util import random_hands


def test_all_three_card_hands():
    counts = _kernel.rank_histogram(OFC_TOP.tables, deck(), 3)
    assert counts.sum() == 22_100
    assert counts[0] == 0
    assert (counts > 0).sum() == OFC_TOP.n_classes == 455
    assert np.flatnonzero(counts).tolist() == OFC_TOP.values.tolist()
    by_category = {name: int(counts[lo:hi + 1].sum())
                   for name, (lo, hi) in OFC_TOP.category_bounds().items()}
    assert by_category == {"High Card": 18_304, "Pair": 3_744, "Three of a Kind": 52}
    assert OFC_TOP.scale_size == 7462 + 455


def test_queens_with_an_ace():
    top = OFC_TOP.evaluate("Qs Qd Ac")
    assert OFC_TOP.describe(top) == "Pair of Queens, Ace kicker"
    assert OFC_TOP.category(top) == "Pair"
    stronger_middle = HIGH.evaluate("Qc Qh Ad 3s 2c")
    weaker_middle = HIGH.evaluate("Qc Qh Kd 4s 3c")
    assert OFC_TOP.from_high(weaker_middle) < top < OFC_TOP.from_high(stronger_middle)
    assert not OFC_TOP.fouls(stronger_middle, top)
    assert OFC_TOP.fouls(weaker_middle, top)
    # Q-Q-K-J-T and Q-Q-A-3-2 are consecutive HIGH values; the top row sits between
    below = HIGH.evaluate("Qc Qh Kd Js Tc")
    assert below + 1 == stronger_middle
    assert OFC_TOP.from_high(below) + 1 == top == OFC_TOP.from_high(stronger_middle) - 1


def test_words():
    assert OFC_TOP.describe(OFC_TOP.evaluate("7c 7d 7h")) == "Three of a Kind, Sevens"
    assert OFC_TOP.describe(OFC_TOP.evaluate("Ac Kd 2h")) == "High Card, Ace-King-Two"
    assert OFC_TOP.describe(OFC_TOP.values[0]) == "High Card, Four-Three-Two"
    assert OFC_TOP.describe(OFC_TOP.values[-1]) == "Three of a Kind, Aces"


def test_row_scale_matches_reference_exhaustively():
    """Every top class and every HIGH class, merged by the reference row order, must
    sit at the place the fast code gives it."""
    tops = {}
    for hand in combinations(range(52), 3):
        tops.setdefault(ref.row_key(hand), list(hand))
    assert len(tops) == 455
    fives = ref.class_representatives(range(13), with_flushes=True)
    high_values = HIGH.evaluate_batch(np.array(fives, dtype=np.uint8))
    assert len(set(high_values.tolist())) == 7462
    rows = [(key, OFC_TOP.evaluate(hand), hand) for key, hand in tops.items()]
    rows += [(ref.row_key(hand), OFC_TOP.from_high(int(v)), hand)
             for hand, v in zip(fives, high_values, strict=True)]
    rows.sort(key=lambda row: row[0])
    for place, (key, value, hand) in enumerate(rows, start=1):
        assert value == place, f"{format_cards(hand)} (key {key}) at {value}, expected {place}"


def test_every_three_card_hand_matches_its_class():
    hands = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
    fast = OFC_TOP.evaluate_batch(hands)
    ref.assert_same_order(fast, [ref.row_key(h.tolist()) for h in hands], hands, "OFC_TOP")


def test_fouls_on_random_rows(rng):
    middles = random_hands(rng, 3000, 5)
    tops = random_hands(rng, 3000, 3)
    middle_values = HIGH.evaluate_batch(middles)
    top_values = OFC_TOP.evaluate_batch(tops)
    fouled = OFC_TOP.fouls(middle_values, top_values)
    assert fouled.dtype == np.bool_ and fouled.any() and not fouled.all()
    for m, t, f in zip(middles, tops, fouled, strict=True):
        assert f == (ref.row_key(t.tolist()) > ref.row_key(m.tolist()))
    assert (fouled == (top_values > OFC_TOP.from_high(middle_values))).all()


def test_category_and_rank_of_every_top_class():
    hands = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
    values = OFC_TOP.evaluate_batch(hands)
    category, rank = OFC_TOP.category_and_rank(values)
    assert category.shape == rank.shape == values.shape
    ranks = np.sort(hands.astype(np.int64) >> 2, axis=1)
    made = np.where(ranks[:, 0] == ranks[:, 1], ranks[:, 0],
                    np.where(ranks[:, 1] == ranks[:, 2], ranks[:, 1], -1))
    expected = np.where(ranks[:, 0] == ranks[:, 2], 2, (made >= 0).astype(int))
    assert (category == expected).all() and (rank == made).all()
    names = {v: OFC_TOP.category(v) for v in OFC_TOP.values.tolist()}
    assert all(OFC_TOP.categories[c] == names[v]
               for v, c in zip(values.tolist(), category.tolist(), strict=True))
    assert OFC_TOP.category_and_rank(OFC_TOP.evaluate("Qs Qd Ac")) == (1, 10)
    assert OFC_TOP.category_and_rank(int(OFC_TOP.values[0])) == (0, -1)
    assert OFC_TOP.category_and_rank(OFC_TOP.values[-1:])[1].tolist() == [12]


def test_category_and_rank_rejects_non_top_values():
    for bad in (OFC_TOP.from_high(1), 0, [OFC_TOP.scale_size + 1]):
        with pytest.raises(ValueError, match="OFC_TOP value"):
            OFC_TOP.category_and_rank(bad)
    with pytest.raises(TypeError, match="integer array"):
        OFC_TOP.category_and_rank(np.array([1.0]))


def test_best_five_returns_the_row():
    assert OFC_TOP.best_five("Qs Qd Ac").tolist() == [43, 41, 48]


@pytest.mark.parametrize(("bad", "error"), [
    (0, ValueError), (7463, ValueError), (-1, ValueError), (2**70, ValueError),
    (2.0, TypeError), (True, TypeError), ("7", TypeError),
])
def test_from_high_rejects_non_values(bad, error):
    with pytest.raises(error, match="HIGH value"):
        OFC_TOP.from_high(bad)


def test_from_high_rejects_bad_arrays():
    with pytest.raises(ValueError, match="HIGH values"):
        OFC_TOP.from_high(np.array([1, 7463]))
    with pytest.raises(TypeError, match="integer array"):
        OFC_TOP.from_high(np.array([1.0]))


def test_fouls_and_describe_reject_non_top_values():
    five_card_place = OFC_TOP.from_high(1)
    for bad in (five_card_place, 0, OFC_TOP.scale_size + 1):
        with pytest.raises(ValueError, match="OFC_TOP value"):
            OFC_TOP.fouls(1, bad)
        with pytest.raises(ValueError, match="OFC_TOP value"):
            OFC_TOP.describe(bad)
    with pytest.raises(TypeError, match="must be an int"):
        OFC_TOP.describe(1.5)
