"""Open Face Chinese scoring: the seed's examples, fouls, royalties, the batch form."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator import HIGH, OFC_TOP, parse_cards
from games import ofc

# A strong unfouled hand (royalties: bottom quads 8, middle flush 8, top QQ 7 = 23)
STRONG = ("As Ah Ad Ac 2c", "Ks Qs 9s 7s 3s", "Qh Qd 4c")
# Unfouled, no royalties: bottom two pair, middle pair, top high card
PLAIN = ("Kh Kd 8h 8d 2d", "Jh Jd 6h 5d 3h", "9h 7h 4h")
# Fouled: the middle (two pair) beats the bottom (one pair)
FOULED = ("Th Ts 8c 5s 2h", "Jc Js 9c 9d 3c", "Qc Kc 4d")
# Unfouled, weaker than PLAIN in every row (the four boards share no card)
WEAK = ("Tc Td 7c 7d 2s", "6c 6d 5c 4s 3d", "8s 6s 5h")


def test_winning_all_three_rows_scores_six() -> None:
    s = ofc.score([PLAIN, WEAK])
    pair = s.pairs[0]
    assert pair.rows == (1, 1, 1) and pair.scoop == 3 and pair.row_points == 6
    assert s.points == (6, -6)


def test_two_rows_to_one_scores_one() -> None:
    weak = ("Tc Td 7c 7d 2s", "6c 6d 5c 4s 3d", "Qs 6s 5h")   # WEAK with a better top
    s = ofc.score([PLAIN, weak])
    assert s.pairs[0].rows == (1, 1, -1) and s.pairs[0].scoop == 0
    assert s.points == (1, -1)


def test_foul_pays_six_to_every_unfouled_hand() -> None:
    s = ofc.score([FOULED, PLAIN, WEAK])
    assert s.fouled == (True, False, False)
    by_pair = {(p.a, p.b): p for p in s.pairs}
    assert by_pair[0, 1].points == -6 and by_pair[0, 2].points == -6
    assert by_pair[0, 1].rows == (0, 0, 0)
    assert by_pair[1, 2].points == 6
    assert s.points == (-12, 12, 0)


def test_two_fouled_hands_score_zero() -> None:
    fouled2 = ("8h 8d 2d 3h 4h", "Kh Kd Jh Jd 9h", "6h 5d 7h")
    s = ofc.score([FOULED, fouled2])
    assert s.pairs[0].points == 0 and s.points == (0, 0)


def test_foul_against_royalties() -> None:
    # a fouled hand earns no royalties and pays 6 plus the other hand's royalties
    s = ofc.score([FOULED, STRONG])
    assert s.royalties == ((0, 0, 0), (8, 8, 7))
    assert s.pairs[0].royalties == (0, 23)
    assert s.points == (-29, 29)
    # between unfouled hands royalties are paid as the difference
    s = ofc.score([STRONG, PLAIN])
    assert s.pairs[0].rows == (1, 1, 1)
    assert s.points == (6 + 23, -29)


@pytest.mark.parametrize(("row", "cards", "points"), [
    (0, "2c 3d 4h 5s 6c", 2), (0, "2c 5c 7c 9c Jc", 4), (0, "2c 2d 2h 5s 5c", 6),
    (0, "2c 2d 2h 2s 5c", 8), (0, "5h 6h 7h 8h 9h", 10), (0, "Th Jh Qh Kh Ah", 15),
    (0, "Ac Ad Kh Qs Jc", 0), (1, "2c 2d 2h 5s 6c", 2), (1, "Ac 2d 3h 4s 5c", 4),
    (1, "2c 5c 7c 9c Jc", 8), (1, "2c 2d 2h 5s 5c", 12), (1, "2c 2d 2h 2s 5c", 16),
    (1, "Ac 2c 3c 4c 5c", 20), (1, "Tc Jc Qc Kc Ac", 30), (1, "Ac Ad 2h 3s 4c", 0),
    (2, "5c 5d Ah", 0), (2, "6c 6d 2h", 1), (2, "7c 7d 2h", 2), (2, "8c 8d 2h", 3),
    (2, "9c 9d 2h", 4), (2, "Tc Td 2h", 5), (2, "Jc Jd 2h", 6), (2, "Qc Qd 2h", 7),
    (2, "Kc Kd 2h", 8), (2, "Ac Ad 2h", 9), (2, "2c 2d 2h", 15), (2, "Ac Kd Qh", 0),
])
def test_royalty_table(row: int, cards: str, points: int) -> None:
    c = parse_cards(cards)
    # royalties take HIGH values for the bottom and middle rows, an OFC_TOP value on top
    rows = [np.array([1]), np.array([1]), OFC_TOP.values[:1]]
    rows[row] = np.array([(OFC_TOP if row == 2 else HIGH).evaluate(c.tolist())])
    assert int(ofc.royalties(*rows)[0, row]) == points


def test_top_row_against_middle_missing_cards_count_lowest() -> None:
    top = [OFC_TOP.evaluate("Qc Qd Ah")]
    mid_above = [HIGH.evaluate("Qh Qs As 3c 2d")]
    mid_below = [HIGH.evaluate("Qh Qs Kc 4c 3d")]
    bottom = [HIGH.evaluate("2c 2d 2h 2s 5c")]
    assert not ofc.fouled(bottom, mid_above, top)[0]
    assert ofc.fouled(bottom, mid_below, top)[0]
    # trips on top above a pair in the middle fouls
    trips = [OFC_TOP.evaluate("3c 3d 3h")]
    assert ofc.fouled(bottom, [HIGH.evaluate("Ah As Kc 4c 7d")], trips)[0]
    # a middle stronger than the bottom fouls, an equal one does not
    assert ofc.fouled(mid_below, mid_above, top)[0]
    assert not ofc.fouled(mid_above, mid_above, top)[0]


@pytest.mark.parametrize(("bottom", "middle", "top", "error", "message"), [
    ([0], [1], [OFC_TOP.values[0]], ValueError, "bottom values must be HIGH values 1..7462"),
    ([1], [7463], [OFC_TOP.values[0]], ValueError, "middle values must be HIGH values 1..7462"),
    ([1.0], [1], [OFC_TOP.values[0]], TypeError, "bottom values must be an integer array"),
    ([1], [1], [OFC_TOP.from_high(1)], ValueError, "not an OFC_TOP value"),
    ([1], [1], [True], TypeError, "OFC_TOP values must be an integer array"),
    ([1], [1], b"\xff", TypeError, "OFC_TOP values must be an integer array"),
    (b"\xff", [1], [OFC_TOP.values[0]], TypeError, "bottom values must be an integer array"),
])
def test_row_values_are_checked(bottom: list, middle: list, top: list, error: type,
                                message: str) -> None:
    with pytest.raises(error, match=message):
        ofc.fouled(bottom, middle, top)
    with pytest.raises(error, match=message):
        ofc.royalties(bottom, middle, top)


def test_rows_compare_by_high_order_and_ties_score_zero() -> None:
    a = ("Kh Kd 8h 8d 2d", "Jh Jd 6h 5d 3h", "9h 7h 4h")
    b = ("Ks Kc 8s 8c 2c", "Js Jc 6s 5s 3s", "9d 7d 4d")  # identical ranks
    s = ofc.score([a, b])
    assert s.pairs[0].rows == (0, 0, 0) and s.points == (0, 0)


@pytest.mark.parametrize(("boards", "message"), [
    ([PLAIN], "2..4 players"),
    ([PLAIN] * 5, "2..4 players"),
    ([PLAIN, ("Kh Kd 8h 8d", "Jh Jd 6h 5d 3h", "9h 7h 4h")], "bottom row holds 5 cards, got 4"),
    ([PLAIN, WEAK[:2]], "triple"),
    ([PLAIN, ("Tc Td 7c 7d 2s", "6c 6d 5c 4s 3d", "9h 6s 5h")], "card 9h is in player 0's top"),
])
def test_bad_boards(boards: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ofc.score(boards)


def random_tables(rng: np.random.Generator, t: int, players: int) -> np.ndarray:
    """Deals where each player's 13 cards are sorted into rows by a crude rule (best
    cards low) half the time, so unfouled and fouled hands both occur."""
    keys = rng.random((t, 52))
    cards = np.argsort(keys, axis=1)[:, : 13 * players].reshape(t, players, 13)
    tidy = rng.random((t, players)) < 0.5
    sorted_cards = -np.sort(-cards.astype(np.int64), axis=2)   # high ranks to the bottom
    return np.where(tidy[..., None], sorted_cards, cards).astype(np.uint8)


def test_batch_agrees_with_score(rng: np.random.Generator) -> None:
    for players in (2, 3, 4):
        tables = random_tables(rng, 200, players)
        points = ofc.score_batch(tables)
        assert points.shape == (200, players) and points.dtype == np.int64
        assert (points.sum(axis=1) == 0).all()
        fouls = 0
        for t in range(200):
            boards = [(b[:5], b[5:10], b[10:]) for b in tables[t]]
            s = ofc.score(boards)
            assert tuple(points[t]) == s.points, t
            fouls += sum(s.fouled)
        assert 0 < fouls < 200 * players


@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_points_sum_to_zero(seed: int, players: int) -> None:
    table = random_tables(np.random.default_rng(seed), 1, players)[0]
    s = ofc.score([(b[:5], b[5:10], b[10:]) for b in table])
    assert sum(s.points) == 0
    for pair in s.pairs:
        if pair.fouled == (True, True):
            assert pair.points == 0
        elif pair.fouled[0] != pair.fouled[1]:
            sign = -1 if pair.fouled[0] else 1
            assert pair.row_points == 6 * sign
            assert pair.royalties[0 if pair.fouled[0] else 1] == 0


def test_bad_batch() -> None:
    good = random_tables(np.random.default_rng(1), 3, 2)
    dup = good.copy()
    dup[1, 1, 12] = dup[1, 0, 0]
    with pytest.raises(ValueError, match="table 1, player 1: duplicate card"):
        ofc.score_batch(dup)
    with pytest.raises(ValueError, match="shape"):
        ofc.score_batch(good[:, :, :12])
    with pytest.raises(TypeError, match="integer"):
        ofc.score_batch(good.astype(float))
    bad = good.astype(np.int64)
    bad[2, 0, 3] = 60
    with pytest.raises(ValueError, match=r"boards\[2, 0, 3\]: card value 60"):
        ofc.score_batch(bad)
    bad = good.copy()
    bad[1, 1, 4] = 200
    with pytest.raises(ValueError, match=r"boards\[1, 1, 4\]: card value 200"):
        ofc.score_batch(bad)
    with pytest.raises(TypeError, match="sequence of"):
        ofc.score(np.int64(11))
    with pytest.raises(TypeError, match="player 0: a board is a"):
        ofc.score([7, 8])
