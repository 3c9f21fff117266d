"""parse_cards / format_cards: every accepted spelling, the inverse, and the errors."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator import card_name, deck, format_cards, parse_cards


def test_encoding_endpoints():
    assert parse_cards("2c").tolist() == [0]
    assert parse_cards("As").tolist() == [51]
    assert card_name(0) == "2c" and card_name(51) == "As"
    assert parse_cards("2c 2d 2h 2s").tolist() == [0, 1, 2, 3]


@pytest.mark.parametrize(
    "text",
    ["AsKd", "As Kd", "as,kd", "AS, KD", "A♠K♦", "As\tKd", "As;Kd", ["As", "Kd"], ("As", 45),
     [51, 45], np.array([51, 45]), np.array([51, 45], dtype=np.uint8)],
)
def test_spellings(text):
    out = parse_cards(text)
    assert out.dtype == np.uint8
    assert out.tolist() == [51, 45]


def test_ten_spellings_and_symbols():
    assert parse_cards("10h").tolist() == parse_cards("Th").tolist() == [34]
    assert parse_cards("T♥ 9♣").tolist() == [34, 28]
    assert parse_cards("").tolist() == []
    assert parse_cards([]).tolist() == []
    assert parse_cards(7).tolist() == [7]


def test_format_is_the_inverse():
    assert format_cards([51, 45]) == "As Kd"
    assert format_cards("a♠,10d", sep="") == "AsTd"


@given(st.lists(st.integers(0, 51), unique=True, max_size=52))
def test_roundtrip(cards):
    assert parse_cards(format_cards(cards)).tolist() == cards


def test_decks():
    assert len(deck()) == 52 and deck()[0] == 0
    assert len(deck("6")) == 36 and card_name(int(deck("6")[0])) == "6c"


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("AsAs", "duplicate card As"),
        ("As Kd as", "duplicate card As"),
        ([51, 51], "duplicate card As"),
        ("Xs", "'Xs'"),
        ("Ax", "'Ax'"),
        ("A", "'A'"),
        ("1s", "'1s'"),
        ("AsK", "'K'"),
        (52, "52 is outside 0..51"),
        (-1, "-1 is outside 0..51"),
        ([0, 64], "64 is outside"),
        (np.array([0, 60]), "60 is outside"),
        (np.array([0.0, 1.0]), "integer dtype"),
        (np.array([[0, 1]]), "1-d"),
        ([1.5], "float"),
        ([True], "True"),
        ([None], "NoneType"),
        (3.5, "cannot read cards"),
    ],
)
def test_errors_name_the_card(bad, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_cards(bad)


def test_allow_duplicates_for_formatting():
    assert parse_cards("AsAs", allow_duplicates=True).tolist() == [51, 51]
