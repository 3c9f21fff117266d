"""Each defect the fuzzing of issue 10 found, as the call that showed it: it now gives a
right answer or a TypeError/ValueError that names the argument."""

from __future__ import annotations

import numpy as np
import pytest

import games
from evaluator import HIGH, OFC_TOP, card_name, deck, format_cards, parse_cards
from games import ofc, ranges

HOLES = np.array([[[51, 50], [47, 46]]], dtype=np.uint8)
BOARD = np.array([[0, 5, 10, 15, 20]], dtype=np.uint8)


# ---------------------------------------------------------------- silent wrong answers


def test_showdown_batch_refuses_chips_whose_sum_overflows():
    big = np.array([[2**62, 2**62]], dtype=np.int64)
    with pytest.raises(ValueError, match="deal 0: contributions add up to more chips"):
        games.showdown_batch("holdem", HOLES, BOARD, big)
    near = np.array([[2**62, 2**62 - 1]], dtype=np.int64)   # fits: settled exactly
    assert games.showdown_batch("holdem", HOLES, BOARD, near).sum() == 2**63 - 1
    with pytest.raises(ValueError, match="do not fit in int64"):
        games.showdown_batch("holdem", HOLES, BOARD, np.array([[2**63, 0]], dtype=np.uint64))


@pytest.mark.parametrize("strided", [False, True])
def test_timedelta_arrays_are_not_cards(strided):
    rows = np.array([[0, 5, 10, 15, 20, 25, 30]] * 4, dtype="m8[s]")
    with pytest.raises(TypeError, match="integer array, got dtype timedelta64"):
        HIGH.evaluate_batch(rows[::2] if strided else rows)


def test_cards_and_decks_out_of_range():
    with pytest.raises(ValueError, match=r"-1 is outside 0\.\.51"):
        card_name(-1)
    with pytest.raises(ValueError, match="lowest_rank must be one rank"):
        deck("KA")
    with pytest.raises(ValueError, match="holds no hands"):
        games.parse_range("AKs:0")


def test_equity_with_an_empty_range_or_an_empty_hand_array():
    with pytest.raises(ValueError, match="player 1: range 'AKs:0' holds no hands"):
        games.equity("holdem", ["AKs:0", "QQ"])
    with pytest.raises(ValueError, match="player 2: no hand given"):
        games.equity("holdem", ["AA", np.empty((0, 2), np.uint8)])
    with pytest.raises(ValueError, match="player 2: no hand given"):
        games.equity("holdem", ["AA", []])


# ---------------------------------------------------------------- errors a user can act on


def test_huge_ints_are_values_out_of_range():
    with pytest.raises(ValueError, match=r"outside 0\.\.51"):
        HIGH.evaluate([2**70, 1, 2, 3, 4])
    with pytest.raises(ValueError, match="seed must be"):
        games.equity("holdem", ["AA", "KK"], trials=100, seed=2**70)
    with pytest.raises(ValueError, match="trials must be"):
        games.equity("holdem", ["AA", "KK"], trials=2**70)
    with pytest.raises(ValueError, match="too large"):
        games.showdown_batch("holdem", HOLES, BOARD, np.ones((1, 2), int), button=2**70)
    with pytest.raises(ValueError, match=r"button \d+ is not a seat"):
        games.showdown("holdem", ["AsAd", "KsKd"], "2c 7d 9h Jc 3s", contributions=[1, 1],
                       button=2**70)


def test_index_errors_became_value_errors():
    with pytest.raises(ValueError, match=r"outside 0\.\.51"):
        card_name(2**40)
    with pytest.raises(ValueError, match="a: card value 60"):
        ranges.class_name(60, 1)
    with pytest.raises(TypeError, match="HIGH values must be an integer array"):
        OFC_TOP.from_high(np.array([1.5]))
    with pytest.raises(TypeError, match="OFC_TOP values must be an integer array"):
        OFC_TOP.fouls(1, np.array([1.5]))


def test_attribute_errors_became_type_errors():
    for bad in (6, None):
        with pytest.raises(TypeError, match="lowest_rank"):
            deck(bad)
    with pytest.raises(TypeError, match="sep must be a str"):
        format_cards("As Kd", sep=0)
    with pytest.raises(TypeError, match="a hand class is a str"):
        ranges.class_combos(np.array(["AKs"]))


def test_bytes_and_numpy_scalars():
    with pytest.raises(TypeError, match="OFC_TOP values must be"):
        OFC_TOP.fouls(1, b"\xff\xfe")
    with pytest.raises(TypeError, match="must be"):
        ofc.fouled(b"\xff", [1], [1])
    with pytest.raises(TypeError, match="boards must be a sequence"):
        ofc.score(np.int64(11))
    with pytest.raises(TypeError, match="cards must be text"):
        parse_cards(b"AsKd")


def test_zero_dimensional_arrays_in_equity():
    with pytest.raises(TypeError, match="players must be a list"):
        games.equity("holdem", np.array("AA"))
    with pytest.raises(ValueError, match="player 1: a hand is a 1-d array"):
        games.equity("holdem", [np.array(51), "KK"])


def test_absurd_thread_counts():
    for bad in (2**70, 1025, 0):
        with pytest.raises(ValueError, match=r"threads must be 1\.\.1024"):
            games.equity("holdem", ["AA", "KK"], trials=100, seed=1, threads=bad)
    with pytest.raises(TypeError, match="threads must be an int"):
        HIGH.evaluate_batch(np.zeros((0, 5), np.uint8), threads=2.0)


def test_flags_are_bools():
    # found by the long fuzz profile: an array as a flag raised numpy's "truth value
    # of an array is ambiguous"
    with pytest.raises(TypeError, match="allow_duplicates must be True or False"):
        parse_cards([], allow_duplicates=np.array([False, False]))
