"""Every public entry point of the high-hand core rejects bad input, naming the problem,
and computes nothing: a TypeError for a wrong type, a ValueError for a wrong value."""

import numpy as np
import pytest

import evaluator
from evaluator import HIGH

GOOD = np.array([[0, 5, 10, 15, 20, 25, 30]], dtype=np.uint8)


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ("As Ks Qs Js", ValueError, "got 4"),
        ("As Ks Qs Js Ts 9s 8s 7s", ValueError, "got 8"),
        ([51, 47, 43, 39, 35, 52], ValueError, "52"),
        ([51, 47, 43, 39, -1], ValueError, "-1"),
        ([51, 47, 43, 39, 2**70], ValueError, "outside 0..51"),
        ([51, 47, 43, 39, 51], ValueError, "duplicate card As"),
        ("As Ks Qs Js As", ValueError, "duplicate card As"),
        ([51, 47, 43, 39, 35.0], TypeError, "float"),
        ([51, 47, 43, 39, "Zz"], ValueError, "'Zz'"),
        ([51, 47, 43, 39, [35]], TypeError, "list"),
        (None, TypeError, "NoneType"),
        (b"AsKsQsJsTs", TypeError, "bytes"),
        (12345, ValueError, "outside"),
    ],
)
def test_evaluate_rejects(cards, error, message):
    with pytest.raises(error, match=message):
        HIGH.evaluate(cards)


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        (np.array([[0, 1, 2, 3, 52, 5, 6]]), ValueError,
         r"cards\[0, 4\]: card value 52 is outside 0..51"),
        (np.array([[0, 1, 2, 3, 4, 5, 255]], dtype=np.uint8), ValueError,
         r"cards\[0, 6\]: card value 255"),
        (np.array([[0, 1, 2, 3, -4, 5, 6]]), ValueError, r"cards\[0, 4\]: card value -4"),
        (np.vstack([GOOD, [[0, 1, 2, 3, 4, 5, 0]]]), ValueError,
         r"cards\[1\]: duplicate card 2c"),
        (np.zeros((3, 4), dtype=np.uint8), ValueError,
         r"shape \(N, 5, 6 or 7\), got \(3, 4\)"),
        (np.zeros((3, 8), dtype=np.uint8), ValueError, r"got \(3, 8\)"),
        (np.zeros(7, dtype=np.uint8), ValueError, r"got \(7,\)"),
        (np.zeros((1, 1, 7), dtype=np.uint8), ValueError, r"got \(1, 1, 7\)"),
        (GOOD.astype(np.float64), TypeError, "integer array, got dtype float64"),
        (GOOD.astype(bool), TypeError, "dtype bool"),
        (GOOD.astype("m8[s]"), TypeError, "dtype timedelta64"),
        (GOOD.astype(np.complex128), TypeError, "dtype complex128"),
        (GOOD.astype(object) + 2**70, ValueError, r"cards\[0, 0\]: .* is too large"),
        (np.array([[None] * 7]), TypeError, "dtype object"),
        ([["As", "Ks", "Qs", "Js", "Ts"]], TypeError, "dtype <U2"),
    ],
)
def test_evaluate_batch_rejects(cards, error, message):
    with pytest.raises(error, match=message):
        HIGH.evaluate_batch(cards)


def test_evaluate_batch_leaves_out_untouched_on_error():
    out = np.full(2, -7, dtype=np.int32)
    bad = np.vstack([GOOD, [[0, 1, 2, 3, 4, 5, 5]]])
    with pytest.raises(ValueError, match="duplicate"):
        HIGH.evaluate_batch(bad, out=out)
    assert out.tolist() == [-7, -7]


@pytest.mark.parametrize(
    ("out", "error"),
    [(np.empty(3, dtype=np.int32), ValueError), (np.empty(2, dtype=np.int64), TypeError),
     (np.empty((2, 1), np.int32), ValueError), (np.empty(4, dtype=np.int32)[::2], ValueError)],
)
def test_evaluate_batch_rejects_bad_out(out, error):
    with pytest.raises(error, match="out must"):
        HIGH.evaluate_batch(np.vstack([GOOD, GOOD + 1]), out=out)


@pytest.mark.parametrize(("threads", "error"), [
    (0, ValueError), (-1, ValueError), (1025, ValueError), (2**70, ValueError),
    (1.5, TypeError), ("2", TypeError), (True, TypeError),
])
def test_evaluate_batch_rejects_bad_threads(threads, error):
    with pytest.raises(error, match="threads"):
        HIGH.evaluate_batch(GOOD, threads=threads)


@pytest.mark.parametrize(("value", "error"), [
    (0, ValueError), (7463, ValueError), (-1, ValueError), (2**70, ValueError),
    (1.0, TypeError), ("5", TypeError), (None, TypeError), (True, TypeError),
])
def test_describe_and_category_reject(value, error):
    with pytest.raises(error, match="value"):
        HIGH.describe(value)
    with pytest.raises(error, match="value"):
        HIGH.category(value)


@pytest.mark.parametrize("cards", ["As Ks", "As As Ks Qs Js", [0, 1, 2, 3, 99]])
def test_best_five_rejects(cards):
    with pytest.raises(ValueError):
        HIGH.best_five(cards)


@pytest.mark.parametrize("bad_row", [0, 1, 3, 255, 256, 257, 511, 999, 1001])
@pytest.mark.parametrize("bad_value", ["duplicate", 52, 64 + 5, 255])
def test_batch_check_finds_the_first_bad_row_anywhere(bad_row, bad_value):
    """The check scans rows in blocks of 256, valued four at a time and then one at a
    time (1003 rows: the last block ends with three single rows); a bad row is found at
    any position."""
    hands = np.tile(GOOD, (1003, 1))
    hands[bad_row, 3] = hands[bad_row, 0] if bad_value == "duplicate" else bad_value
    hands[-1, 6] = 99  # a later bad row must not be the one reported
    expected = "duplicate" if bad_value == "duplicate" else f"{bad_value}"
    with pytest.raises(ValueError, match=rf"cards\[{bad_row}(, 3)?\].*{expected}"):
        HIGH.evaluate_batch(hands)


@pytest.mark.parametrize(("width", "n_bad"), [
    (width, n_bad) for width in (5, 6, 7) for n_bad in range(1, width + 1)
])
def test_batch_rows_of_several_values_outside_the_deck_are_refused(n_bad, width):
    """Values of 52..255 all carry the same out-of-deck bit, so two or more of them in a
    row sum to a repeat, and three wrap back onto the bit itself (3 * 2**63 = 2**63 mod
    2**64): the row must still be refused, by the bit, and reported at its first cell."""
    hands = np.tile(GOOD[:, :width], (600, 1))
    hands[517, :n_bad] = [52, 255, 60, 200, 64, 99, 128][:n_bad]
    with pytest.raises(ValueError, match=r"cards\[517, 0\]: card value"):
        HIGH.evaluate_batch(hands)


def test_threaded_check_reports_the_first_bad_row():
    hands = np.tile(GOOD, (300_000, 1))
    hands[250_000, 2] = 52
    hands[10, 5] = 60
    for threads in (1, 2, 4):
        with pytest.raises(ValueError, match=r"cards\[10, 5\]: card value 60"):
            HIGH.evaluate_batch(hands, threads=threads)


def test_evaluate_batch_rejects_a_read_only_out():
    out = np.empty(1, dtype=np.int32)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="out must be a writeable"):
        HIGH.evaluate_batch(GOOD, out=out)
    with pytest.raises(TypeError, match="out must be a numpy int32 array"):
        HIGH.evaluate_batch(GOOD, out=[0])


BATCH_TYPES = ["HIGH", "SHORT_DECK", "SHORT_DECK_TRIPS", "DEUCE_TO_SEVEN", "ACE_TO_FIVE",
               "EIGHT_OR_BETTER"]


@pytest.mark.parametrize(("name", "width"), [
    (name, width) for name in BATCH_TYPES for width in getattr(evaluator, name).sizes
])
@pytest.mark.parametrize("filler", [51, 48, 255])
def test_batch_rows_that_no_hand_can_be_are_refused_not_looked_up(name, width, filler):
    """The batch loop values a block before it reads the block's check, so a bad row's
    key reaches the lookup: seven aces of spades (a rank counted seven times, a flush of
    one card) or seven cards of value 255 must stay inside the tables and be reported."""
    hand_type = getattr(evaluator, name)
    good = np.arange(52 - width, 52, dtype=np.uint8)     # kings and aces: in every deck
    hands = np.tile(good, (700, 1))
    hands[300] = filler
    hands[699] = filler
    with pytest.raises(ValueError, match=r"cards\[300[],]"):
        hand_type.evaluate_batch(hands)
    assert hand_type.evaluate_batch(hands[:300]).shape == (300,)
