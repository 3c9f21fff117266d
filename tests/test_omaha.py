"""OMAHA and OMAHA_EIGHT_OR_BETTER against the brute-force references in ref_omaha.py,
explicit two-plus-three cases, the Hi/Lo figures, and bad input on every entry point."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator import (
    HIGH,
    OMAHA,
    OMAHA_EIGHT_OR_BETTER,
    _lowball,
    format_cards,
    omaha_tables,
    parse_cards,
)
from tests.ref_omaha import all_eight_lows_worst_first, ref_low5, ref_omaha_high, ref_omaha_low
from tests.util import random_hands

HOLES = (4, 5, 6)
BOARDS = (3, 4, 5)
TYPES = (OMAHA, OMAHA_EIGHT_OR_BETTER)


def deals(rng: np.random.Generator, n: int, nh: int, nb: int, cards: np.ndarray | None = None):
    """n random deals of nh hole + nb board distinct cards (from `cards`, default all 52)."""
    if cards is None:
        cards = np.arange(52, dtype=np.uint8)
    d = cards[random_hands(rng, n, nh + nb, len(cards)) - (52 - len(cards))]
    return np.ascontiguousarray(d[:, :nh]), np.ascontiguousarray(d[:, nh:])


def mismatches(values, holes, boards, ref):
    bad = []
    for v, h, b in zip(values, holes, boards, strict=True):
        want = ref(h.tolist(), b.tolist())
        if v != want:
            bad.append((h.tolist(), b.tolist(), int(v), want))
    return bad


# ---------------------------------------------------------------- high: reference


@pytest.mark.parametrize("nh", HOLES)
@pytest.mark.parametrize("nb", BOARDS)
def test_high_matches_brute_force(rng, nh, nb):
    holes, boards = deals(rng, 1000, nh, nb)
    values = OMAHA.evaluate_batch(holes, boards)
    assert mismatches(values, holes, boards, ref_omaha_high) == []


# two suits only: flushes, straight flushes and near misses on most boards
TWO_SUITS = np.array([c for c in range(52) if c % 4 >= 2], dtype=np.uint8)
# ranks 9..A in two suits: straights, full houses and flushes crowd together
DENSE = np.array([c for c in range(28, 52) if c % 4 >= 2] + [0, 1], dtype=np.uint8)


@pytest.mark.parametrize("cards", [TWO_SUITS, DENSE], ids=["two-suits", "dense"])
@pytest.mark.parametrize("nh,nb", [(4, 5), (6, 5), (5, 4), (4, 3)])
def test_high_matches_brute_force_on_flushy_decks(rng, cards, nh, nb):
    holes, boards = deals(rng, 600, nh, nb, cards)
    values = OMAHA.evaluate_batch(holes, boards)
    assert mismatches(values, holes, boards, ref_omaha_high) == []
    categories = {OMAHA.category(int(v)) for v in values}
    assert "Flush" in categories  # the deck does what it is for


@given(st.permutations(range(52)), st.sampled_from(HOLES), st.sampled_from(BOARDS))
def test_high_scalar_matches_brute_force(perm, nh, nb):
    hole, board = perm[:nh], perm[nh : nh + nb]
    assert OMAHA.evaluate(hole, board) == ref_omaha_high(hole, board), (hole, board)


def test_scalar_and_batch_agree(rng):
    holes, boards = deals(rng, 200, 4, 5)
    values = OMAHA.evaluate_batch(holes, boards)
    lows = OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes, boards)
    for h, b, v, low in zip(holes, boards, values, lows, strict=True):
        for kind, want in ((OMAHA, v), (OMAHA_EIGHT_OR_BETTER, low)):
            # lists of ints take a fast path; arrays and text are parsed first
            assert kind.evaluate(h.tolist(), tuple(b.tolist())) == want
            assert kind.evaluate(h, b) == want
            assert kind.evaluate(format_cards(h), format_cards(b)) == want


# ---------------------------------------------------------------- high: exactly 2 + 3


def high(hole: str, board: str) -> str:
    value = OMAHA.evaluate(hole, board)
    assert value == ref_omaha_high(parse_cards(hole).tolist(), parse_cards(board).tolist())
    return OMAHA.describe(value)


def any_five(hole: str, board: str) -> str:
    """The best five of all the cards, as if any number of hole cards could play."""
    cards = parse_cards(hole + " " + board).tolist()
    return HIGH.describe(max(HIGH.evaluate(list(five)) for five in combinations(cards, 5)))


@pytest.mark.parametrize(
    "hole,board,omaha,any_five_words",
    [
        # five hearts on board, none in hand: the board flush does not play
        ("Ac Kd 7s 7d", "2h 5h 8h Th Qh", "Pair of Sevens, Queen-Ten-Eight kickers", "Flush"),
        # four hearts on board, one in hand: still no flush (only one hole heart)
        ("Ah Kc Qd Js", "2h 5h 8h Th 3c", "High Card, Ace-King-Ten-Eight-Five", "Flush"),
        # two hearts in hand, three on board: a flush
        ("Ah Kh Qd Js", "2h 5h 8h 9c 3c", "Flush, Ace-King-Eight-Five-Two", "Flush"),
        # four of a kind on board: two hole cards leave only trips of it to play
        ("Ac Ad Kc Kd", "9c 9d 9h 9s 2c", "Full House, Nines full of Aces", "Four of a Kind"),
        # three aces in hand: only two of them play
        ("As Ah Ad Ks", "2c 7d 9h Jc Qs", "Pair of Aces, Queen-Jack-Nine kickers",
         "Three of a Kind"),
        # a straight needing one hole card is no straight
        ("9c 2d 2h 4d", "Ts Js Qh Kd 5c", "Pair of Twos, King-Queen-Jack kickers", "Straight"),
        # a straight needing three hole cards is no straight
        ("5c 6d 7h Kd", "8s 9s 2h 2d Jc", "Pair of Twos, King-Jack-Seven kickers", "Straight"),
        # board trips plus a pocket pair: a full house, the same as Hold'em
        ("Kc Kd 3s 4s", "Ah Ad As 7c 2d", "Full House, Aces full of Kings",
         "Full House"),
        # a straight flush with two suited hole cards
        ("9h Th Ac Ad", "Jh Qh Kh 2c 2d", "Straight Flush, King high", "Straight Flush"),
        # the royal flush
        ("Ah Kh 2c 3d", "Qh Jh Th 4s 5s", "Royal Flush", "Royal Flush"),
        # the wheel needs two hole cards: A2 + 345
        ("Ac 2d Ks Kd", "3h 4s 5c 9d Jh", "Straight, Five high", "Straight"),
    ],
)
def test_exactly_two_hole_and_three_board(hole, board, omaha, any_five_words):
    assert high(hole, board) == omaha
    assert any_five(hole, board).startswith(any_five_words)


def test_three_card_board_is_the_whole_board():
    assert OMAHA.describe(OMAHA.evaluate("Ah Kh 2c 3d", "Qh Jh Th")) == "Royal Flush"
    assert OMAHA.category(OMAHA.evaluate("Ah Kc 2c 3d", "Qh Jh Th")) == "Straight"


def test_high_names_delegate_to_high():
    for v in (1, 1000, 5000, 7462):
        assert OMAHA.describe(v) == HIGH.describe(v)
        assert OMAHA.category(v) == HIGH.category(v)
    assert OMAHA.n_classes == HIGH.n_classes == 7462
    assert OMAHA.categories == HIGH.categories


# ---------------------------------------------------------------- low


@pytest.mark.parametrize("nh", HOLES)
@pytest.mark.parametrize("nb", BOARDS)
def test_low_matches_brute_force(rng, nh, nb):
    holes, boards = deals(rng, 1000, nh, nb)
    values = OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes, boards)
    assert mismatches(values, holes, boards, ref_omaha_low) == []


# A..8 plus nines and tens: most deals have a low, many are counterfeited
LOWISH = np.array([c for c in range(52) if c // 4 <= 8 or c // 4 == 12], dtype=np.uint8)


@pytest.mark.parametrize("nh,nb", [(4, 5), (5, 5), (6, 5), (4, 4), (4, 3)])
def test_low_matches_brute_force_on_low_deck(rng, nh, nb):
    holes, boards = deals(rng, 1000, nh, nb, LOWISH)
    values = OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes, boards)
    assert mismatches(values, holes, boards, ref_omaha_low) == []
    assert (values > 0).mean() > 0.2 and (values == 0).any()


def test_low_scale_matches_the_reference_order():
    # value v of the scale module <-> the reference's v-th low, worst first
    ref = all_eight_lows_worst_first()
    assert len(ref) == _lowball.EIGHT_LOW_CLASSES == 56
    names = "A2345678"
    for value, ranks in enumerate(ref, start=1):
        assert _lowball.low_ranks_of_value(value) == tuple(r - 1 for r in ranks)
        text = "-".join(names[r - 1] for r in ranks)
        assert OMAHA_EIGHT_OR_BETTER.describe(value).startswith(text + " low")
    assert ref[0] == (8, 7, 6, 5, 4) and ref[-1] == (5, 4, 3, 2, 1)


@pytest.mark.parametrize(
    "hole,board,value,words",
    [
        ("As 2d Kh Kc", "3c 4d 5h Kd 9s", 56, "5-4-3-2-A low (the wheel)"),
        ("8s 7d Kh Kc", "6c 5d 4h Kd 9s", 1, "8-7-6-5-4 low"),
        # only one low card in hand: no low, whatever the board
        ("As Kd Kh Qc", "2c 3d 4h 5d 6s", 0, "No qualifying low"),
        # only two distinct low ranks on board: no low
        ("As 2d 3h 4c", "5c 5d 9h Kd Ks", 0, "No qualifying low"),
        # a pair in the hand counts once: A-A-2-K plays A2
        ("As Ad 2h Kc", "3c 6d 8h Kd Ks", None, "8-6-3-2-A low"),
        # counterfeited: the board pairs the hand's 2, the best low uses A3
        ("As 2d 3h Kc", "2c 6d 7h 8d Ks", None, "7-6-3-2-A low"),
        # straights and flushes do not count against a low
        ("Ah 2h Kc Kd", "3h 4h 5h Qs Js", 56, "5-4-3-2-A low (the wheel)"),
        # a nine does not qualify
        ("As 2d Kh Kc", "3c 4d 9h Kd Qs", 0, "No qualifying low"),
    ],
)
def test_low_cases(hole, board, value, words):
    got = OMAHA_EIGHT_OR_BETTER.evaluate(hole, board)
    assert got == ref_omaha_low(parse_cards(hole).tolist(), parse_cards(board).tolist())
    if value is not None:
        assert got == value
    assert OMAHA_EIGHT_OR_BETTER.describe(got) == words


def test_halves_may_use_different_hole_cards():
    hole, board = "As 2d Kh Kc", "3c 4d Kd 7h 9s"
    # high: Kh Kc + Kd 9s 7h; low: As 2d + 3c 4d 7h
    assert OMAHA.describe(OMAHA.evaluate(hole, board)) == (
        "Three of a Kind, Kings, Nine-Seven kickers"
    )
    assert OMAHA_EIGHT_OR_BETTER.describe(OMAHA_EIGHT_OR_BETTER.evaluate(hole, board)) == (
        "7-4-3-2-A low"
    )


def test_low_categories():
    low = OMAHA_EIGHT_OR_BETTER
    assert low.category(0) == "No Low"
    assert low.category(1) == "Eight Low"
    assert low.category(56) == "Five Low"
    seen = [low.category(v) for v in range(57)]
    assert set(seen) == set(low.categories)
    # categories come in order of value
    assert sorted(set(seen), key=seen.index) == list(low.categories)


def low_rank(card: int) -> int:
    """Low rank 0..7 (A, 2..8) of a card, -1 for a nine or higher (written plainly)."""
    rank = "23456789TJQKA"[card >> 2]
    return "A2345678".find(rank)


def test_low_rank_bits_follow_the_plain_definition():
    bits = omaha_tables.low_card_bits()
    assert bits.tolist() == [0 if low_rank(c) < 0 else 1 << low_rank(c) for c in range(52)]


def test_a_low_is_possible_on_1561728_boards():
    """Every five-card board is enumerated in Cython and grouped by its set of low
    ranks; for each such set the evaluator decides whether some hole makes a low."""
    counts = omaha_tables.board_mask_histogram()
    assert counts.sum() == 2_598_960
    low_ranks = [c for c in range(52) if low_rank(c) >= 0]
    rank_cards = {r: [c for c in low_ranks if low_rank(c) == r] for r in range(8)}
    fillers = [c for c in range(52) if low_rank(c) < 0]  # 9..K
    possible = 0
    for mask in np.flatnonzero(counts):
        ranks = [r for r in range(8) if (mask >> r) & 1]
        board = [rank_cards[r][0] for r in ranks] + fillers[: 5 - len(ranks)]
        holes = [
            [rank_cards[a][1], rank_cards[b][1], fillers[-1], fillers[-2]]
            for a, b in combinations(range(8), 2)
        ]
        lows = OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes, [board] * len(holes))
        if lows.max() > 0:
            possible += int(counts[mask])
            assert len(ranks) >= 3
        else:
            assert len(ranks) < 3
    assert possible == 1_561_728


def test_a_random_hand_makes_a_low_348118_percent(rng):
    """Sampled, not enumerated: 1,000,000 random deals (4 hole + 5 board) from the
    fixed-seed rng; the exact figure, 161,374,983,168 of 463,563,500,400 deals =
    34.8118%, must lie within 4 standard errors (about 0.19 points) of the sample."""
    hits = n = 0
    for _ in range(4):
        holes, boards = deals(rng, 250_000, 4, 5)
        hits += int((OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes, boards) > 0).sum())
        n += 250_000
    p = 161_374_983_168 / 463_563_500_400
    se = (p * (1 - p) / n) ** 0.5
    assert abs(hits / n - p) < 4 * se, (hits / n, p, se)


def test_five_card_low_reference_sanity():
    assert ref_low5(parse_cards("As 2d 3h 4c 5s").tolist()) == 56
    assert ref_low5(parse_cards("8s 7d 6h 5c 4s").tolist()) == 1
    assert ref_low5(parse_cards("As Ad 3h 4c 5s").tolist()) == 0
    assert ref_low5(parse_cards("9s 2d 3h 4c 5s").tolist()) == 0


# ---------------------------------------------------------------- batches


@pytest.mark.parametrize("kind", TYPES, ids=lambda t: t.name)
def test_threads_and_out(rng, kind):
    holes, boards = deals(rng, 140_000, 4, 5)
    one = kind.evaluate_batch(holes, boards)
    two = kind.evaluate_batch(holes, boards, threads=2)
    out = np.full(len(holes), -1, dtype=np.int32)
    got = kind.evaluate_batch(holes, boards, threads=None, out=out)
    assert got is out
    np.testing.assert_array_equal(one, two)
    np.testing.assert_array_equal(one, out)
    assert one.dtype == np.int32 and one.shape == (140_000,)


@pytest.mark.parametrize("kind", TYPES, ids=lambda t: t.name)
def test_batch_accepts_other_int_dtypes_and_empty(rng, kind):
    holes, boards = deals(rng, 50, 5, 4)
    want = kind.evaluate_batch(holes, boards)
    np.testing.assert_array_equal(
        kind.evaluate_batch(holes.astype(np.int64), boards.astype(np.int16)), want
    )
    np.testing.assert_array_equal(kind.evaluate_batch(holes.tolist(), boards.tolist()), want)
    # non-contiguous views are copied, not misread
    np.testing.assert_array_equal(
        kind.evaluate_batch(np.asfortranarray(holes), boards[::1]), want
    )
    empty = kind.evaluate_batch(np.empty((0, 4), np.uint8), np.empty((0, 5), np.uint8))
    assert empty.shape == (0,)


# ---------------------------------------------------------------- bad input

GOOD_HOLE = [51, 47, 43, 39]
GOOD_BOARD = [0, 5, 10, 15, 20]


@pytest.mark.parametrize("kind", TYPES, ids=lambda t: t.name)
@pytest.mark.parametrize(
    "hole,board,message",
    [
        ([51, 47, 43], GOOD_BOARD, "hole cards, got 3"),
        ([51, 47, 43, 39, 35, 31, 27], GOOD_BOARD, "hole cards, got 7"),
        (GOOD_HOLE, [0, 5], "board of 3, 4 or 5 cards, got 2"),
        (GOOD_HOLE, [0, 5, 10, 15, 20, 25], "board of 3, 4 or 5 cards, got 6"),
        ("As Ks Qs As", GOOD_BOARD, "duplicate card As"),
        (GOOD_HOLE, "2c 3d 2c 5h 6s", "duplicate card 2c"),
        ("As Ks Qs Js", "2c 3d Qs 5h 6s", "card Qs is both in the hole and on the board"),
        ([51, 47, 43, 52], GOOD_BOARD, "card value 52 is outside 0..51"),
        (GOOD_HOLE, [0, 5, -1, 15, 20], "card value -1 is outside 0..51"),
        ("As Ks Qs Xs", GOOD_BOARD, "cannot read card 'Xs'"),
    ],
)
def test_evaluate_rejects(kind, hole, board, message):
    with pytest.raises(ValueError, match=message):
        kind.evaluate(hole, board)


def batch(nh=4, nb=5, n=3, dtype=np.uint8):
    holes = np.array([[51, 47, 43, 39, 35, 31][:nh]] * n, dtype=dtype)
    boards = np.array([[0, 5, 10, 15, 20][:nb]] * n, dtype=dtype)
    return holes, boards


@pytest.mark.parametrize("kind", TYPES, ids=lambda t: t.name)
@pytest.mark.parametrize(
    "hole,board,message",
    [
        ([51, 47, 43, 39.0], GOOD_BOARD, "card must be an int 0..51 or a card text"),
        (GOOD_HOLE, None, "needs a board"),
        (GOOD_HOLE, 3.5, "cannot read cards"),
    ],
)
def test_evaluate_rejects_wrong_types(kind, hole, board, message):
    with pytest.raises(TypeError, match=message):
        kind.evaluate(hole, board)


@pytest.mark.parametrize("kind", TYPES, ids=lambda t: t.name)
def test_evaluate_batch_rejects(kind):
    ev = kind.evaluate_batch

    def fails(holes, boards, message, error=ValueError, **kw):
        with pytest.raises(error, match=message):
            ev(holes, boards, **kw)

    h, b = batch()
    ev(h, b)  # the base case is fine
    fails(batch(nh=3)[0], b, r"holes must have shape \(N, 4, 5 or 6\), got \(3, 3\)")
    fails(np.zeros((3, 7), np.uint8), b, r"holes must have shape .* got \(3, 7\)")
    fails(h, batch(nb=2)[1], r"boards must have shape \(N, 3, 4 or 5\), got \(3, 2\)")
    fails(h, np.zeros((3, 6), np.uint8), r"boards must have shape .* got \(3, 6\)")
    fails(h[0], b[0], "holes must have shape")
    fails(h, b[:2], "holes has 3 rows but boards has 2")
    fails(h.astype(float), b, "holes must be an integer array, got dtype float64", TypeError)
    fails(h, b.astype(np.float32), "boards must be an integer array, got dtype float32",
          TypeError)
    fails(h.astype(bool), b, "holes must be an integer array, got dtype bool", TypeError)
    fails(h, None, "needs boards", TypeError)

    bad = h.copy()
    bad[2, 3] = 52
    fails(bad, b, r"holes\[2, 3\]: card value 52 is outside 0..51")
    bad = b.astype(np.int64)
    bad[1, 0] = -3
    fails(h, bad, r"boards\[1, 0\]: card value -3 is outside 0..51")
    bad = b.copy()
    bad[1, 4] = 255
    fails(h, bad, r"boards\[1, 4\]: card value 255 is outside 0..51")

    bad = h.copy()
    bad[1, 2] = bad[1, 0]
    fails(bad, b, r"holes\[1\]: duplicate card As")
    bad = b.copy()
    bad[2, 4] = bad[2, 1]
    fails(h, bad, r"boards\[2\]: duplicate card 3d")
    bad = b.copy()
    bad[2, 3] = h[2, 1]
    fails(h, bad, r"row 2: card Ks is in both holes\[2\] and boards\[2\]")

    fails(h, b, "threads must be 1..1024", threads=0)
    fails(h, b, "out must have dtype int32", TypeError, out=np.empty(3, np.int64))
    fails(h, b, "out must be a writeable contiguous int32", out=np.empty(4, np.int32))


@pytest.mark.parametrize("kind", TYPES, ids=lambda t: t.name)
def test_names_reject_bad_values(kind):
    for bad in (-1, kind.n_classes + 1, 2**70):
        with pytest.raises(ValueError):
            kind.describe(bad)
        with pytest.raises(ValueError):
            kind.category(bad)
    for bad in (1.5, True, "3"):
        with pytest.raises(TypeError):
            kind.describe(bad)
        with pytest.raises(TypeError):
            kind.category(bad)
    if kind is OMAHA:
        with pytest.raises(ValueError):
            kind.describe(0)


def test_tables_refuse_pickling_and_stay_small():
    import pickle

    for kind in TYPES:
        with pytest.raises(TypeError):
            pickle.dumps(kind.tables)
        assert kind.tables.nbytes < 4_000_000
