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
        (2**70, "outside 0..51"),
        ([0, 64], "64 is outside"),
        (np.array([0, 60]), "60 is outside"),
        (np.array([[0, 1]]), "1-d"),
    ],
)
def test_bad_values_name_the_card(bad, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_cards(bad)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (np.array([0.0, 1.0]), "integer dtype"),
        (np.array([0, 1], dtype="m8[s]"), "integer dtype"),
        ([1.5], "float"),
        ([True], "True"),
        ([None], "NoneType"),
        ([[0, 1]], "list"),
        (3.5, "cannot read cards"),
        (None, "cannot read cards"),
        (b"AsKd", "bytes"),
    ],
)
def test_bad_types_name_the_type(bad, message):
    with pytest.raises(TypeError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_cards(bad)


@pytest.mark.parametrize(("bad", "error"), [
    (-1, ValueError), (52, ValueError), (2**40, ValueError), (1.0, TypeError),
    ("As", TypeError), (None, TypeError), (True, TypeError),
])
def test_card_name_checks_its_card(bad, error):
    with pytest.raises(error, match="card"):
        card_name(bad)


@pytest.mark.parametrize(("bad", "error"), [
    ("KA", ValueError), ("1", ValueError), ("", ValueError), (6, TypeError), (None, TypeError),
])
def test_deck_checks_its_rank(bad, error):
    with pytest.raises(error, match="lowest_rank"):
        deck(bad)


def test_format_cards_checks_its_separator():
    with pytest.raises(TypeError, match="sep"):
        format_cards([0, 1], sep=1)  # type: ignore[arg-type]
    assert format_cards([0, 1], sep="-") == "2c-2d"
    assert deck("t").tolist() == deck("10").tolist() == list(range(32, 52))


def test_allow_duplicates_for_formatting():
    assert parse_cards("AsAs", allow_duplicates=True).tolist() == [51, 51]
