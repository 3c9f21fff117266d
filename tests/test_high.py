"""The high-hand evaluator: exhaustive counts, the reference evaluator, invariants."""

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import evaluator
from evaluator import HIGH, _kernel, parse_cards, tables
from tests.ref_high import CATEGORY_NAMES, reference_value
from tests.util import random_hands

DECK = np.arange(52, dtype=np.uint8)

# straight flush ... high card, as published (e.g. Wikipedia, "Poker probability")
CATEGORY_COUNTS = {
    5: ([40, 624, 3_744, 5_108, 10_200, 54_912, 123_552, 1_098_240, 1_302_540], 7_462),
    6: ([1_844, 14_664, 165_984, 205_792, 361_620, 732_160, 2_532_816, 9_730_740, 6_612_900],
        6_075),
    7: ([41_584, 224_848, 3_473_184, 4_047_644, 6_180_020, 6_461_620, 31_433_400, 58_627_800,
         23_294_460], 4_824),
}


def counts_by_category(histogram):
    """Hands per category, straight flush first, from a value histogram."""
    per = dict.fromkeys(reversed(CATEGORY_NAMES), 0)
    for name, (lo, hi) in HIGH.category_bounds().items():
        per[name] += int(histogram[lo : hi + 1].sum())
    return list(per.values())


@pytest.mark.parametrize("n", [5, 6, 7])
def test_every_hand_of_n_cards(n):
    histogram = _kernel.rank_histogram(HIGH.tables, DECK, n)
    expected_counts, expected_distinct = CATEGORY_COUNTS[n]
    total = {5: 2_598_960, 6: 20_358_520, 7: 133_784_560}[n]
    assert histogram.sum() == total
    assert histogram[0] == 0, "some hand found no value"
    assert counts_by_category(histogram) == expected_counts
    assert np.count_nonzero(histogram) == expected_distinct


def test_category_bounds():
    assert HIGH.n_classes == 7_462
    bounds = HIGH.category_bounds()
    assert list(bounds) == list(CATEGORY_NAMES)
    assert bounds["High Card"] == (1, 1277)
    assert bounds["Straight Flush"] == (7453, 7462)


def test_endpoints_and_examples():
    assert HIGH.evaluate("7c 5d 4h 3s 2c") == 1
    assert HIGH.evaluate("As Ks Qs Js Ts") == 7462
    assert HIGH.evaluate("As Ks Qs Js Ts 2c 3d") == 7462
    wheel = HIGH.evaluate("Ah 2c 3d 4s 5h")
    six_high = HIGH.evaluate("2c 3d 4s 5h 6h")
    assert HIGH.category(wheel) == "Straight"
    assert wheel + 1 == six_high
    # equal hands get equal values whatever the number of cards
    assert HIGH.evaluate("Kh Kd Ks 7c 7d") == HIGH.evaluate("Kh Kd Ks 7c 7d 2c 3s")


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("As Ks Qs Js Ts", "Royal Flush"),
        ("9h 8h 7h 6h 5h", "Straight Flush, Nine high"),
        ("Ah 2h 3h 4h 5h", "Straight Flush, Five high"),
        ("Qc Qd Qh Qs 3c", "Four of a Kind, Queens with a Three kicker"),
        ("Qc Qd Qh Qs 8c", "Four of a Kind, Queens with an Eight kicker"),
        ("Kh Kd Ks 7c 7d 2c 3d", "Full House, Kings full of Sevens"),
        ("Ad Jd 9d 4d 2d", "Flush, Ace-Jack-Nine-Four-Two"),
        ("Ah 2c 3d 4s 5h", "Straight, Five high"),
        ("7c 7d 7h Ks 2c", "Three of a Kind, Sevens, King-Two kickers"),
        ("Jc Jd 4h 4s Ac", "Two Pair, Jacks and Fours with an Ace kicker"),
        ("Tc Td 8h 4s 2c", "Pair of Tens, Eight-Four-Two kickers"),
        ("Ac Qd 8h 4s 2c", "High Card, Ace-Queen-Eight-Four-Two"),
    ],
)
def test_describe(cards, words):
    value = HIGH.evaluate(cards)
    assert HIGH.describe(value) == words


def test_best_five():
    five = HIGH.best_five("As Ks Qs Js Ts 2c 3d")
    assert sorted(five.tolist()) == sorted(parse_cards("As Ks Qs Js Ts").tolist())
    five = HIGH.best_five("Kh Kd Ks 7c 7d 2c 3d")
    assert HIGH.evaluate(five.tolist()) == HIGH.evaluate("Kh Kd Ks 7c 7d")


@pytest.mark.parametrize("k", [5, 6, 7])
def test_matches_reference_on_random_hands(rng, k):
    hands = random_hands(rng, 3_000, k)
    values = HIGH.evaluate_batch(hands)
    for row, value in zip(hands.tolist(), values.tolist(), strict=True):
        assert value == reference_value(row), f"{row}: core {value}"


@pytest.mark.parametrize("k", [5, 6, 7])
def test_scalar_matches_batch(rng, k):
    hands = random_hands(rng, 2_000, k)
    batch = HIGH.evaluate_batch(hands)
    assert [HIGH.evaluate(h) for h in hands.tolist()] == batch.tolist()
    assert [HIGH.evaluate(tuple(h)) for h in hands.tolist()[:100]] == batch[:100].tolist()


def test_threads_give_the_same_answer(rng):
    hands = random_hands(rng, 300_000, 7)
    single = HIGH.evaluate_batch(hands, threads=1)
    assert np.array_equal(HIGH.evaluate_batch(hands, threads=2), single)
    assert np.array_equal(HIGH.evaluate_batch(hands, threads=None), single)
    out = np.empty(len(hands), dtype=np.int32)
    assert HIGH.evaluate_batch(hands, out=out) is out
    assert np.array_equal(out, single)


def test_dtypes_and_layouts_agree(rng):
    hands = random_hands(rng, 1_000, 7)
    expected = HIGH.evaluate_batch(hands)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64):
        assert np.array_equal(HIGH.evaluate_batch(hands.astype(dtype)), expected)
    fortran = np.asfortranarray(hands)
    assert np.array_equal(HIGH.evaluate_batch(fortran), expected)
    wide = np.zeros((1_000, 14), dtype=np.uint8)
    wide[:, ::2] = hands
    assert np.array_equal(HIGH.evaluate_batch(wide[:, ::2]), expected)  # non-contiguous
    assert np.array_equal(HIGH.evaluate_batch(hands.tolist()), expected)
    assert HIGH.evaluate_batch(np.empty((0, 7), dtype=np.uint8)).shape == (0,)


hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(hands7, st.permutations(range(4)), st.randoms(use_true_random=False))
def test_suit_relabelling_and_card_order_change_nothing(cards, suit_map, random):
    value = HIGH.evaluate(cards)
    relabelled = [4 * (c // 4) + suit_map[c % 4] for c in cards]
    random.shuffle(relabelled)
    assert HIGH.evaluate(relabelled) == value


@given(hands7)
def test_more_cards_never_hurt(cards):
    assert HIGH.evaluate(cards[:5]) <= HIGH.evaluate(cards[:6]) <= HIGH.evaluate(cards)


def test_rank_keys_make_every_multiset_unique():
    keys, counts = tables.multiset_keys()
    assert len(np.unique(keys)) == len(keys) == 76_154
    assert counts.max() == 4 and counts.sum(axis=1).max() == 7
    recomputed = counts.astype(np.int64) @ np.array(
        [1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520]
    )
    assert np.array_equal(recomputed, keys)


def hash_slots(keys, offsets):
    """The slot of each rank key, written out plainly: the low ROW_BITS bits pick a row,
    whose offset (in units of OFFSET_UNIT slots) is added to the remaining bits."""
    keys = np.asarray(keys, dtype=np.int64)
    rows = keys & ((1 << tables.ROW_BITS) - 1)
    return (keys >> tables.ROW_BITS) + tables.OFFSET_UNIT * offsets.astype(np.int64)[rows]


def test_perfect_hash_has_no_collisions():
    keys, _ = tables.multiset_keys()
    slots = hash_slots(keys, HIGH.tables.offsets)
    n_multisets, n_slots, n_rows = tables.hash_layout()
    assert len(np.unique(slots)) == n_multisets
    assert slots.max() < n_slots
    assert HIGH.tables.ranks.shape == (n_slots,)
    assert n_rows == 1 << tables.ROW_BITS == len(HIGH.tables.offsets)
    # what the batch loop reads stays small enough to share a 512 KiB L2 (docs/core.md)
    assert HIGH.tables.nbytes + HIGH.tables.offsets.nbytes < 220_000


@pytest.mark.parametrize("name", ["HIGH", "SHORT_DECK", "DEUCE_TO_SEVEN", "ACE_TO_FIVE",
                                  "EIGHT_OR_BETTER"])
def test_every_key_seven_cards_can_sum_to_hashes_inside_the_tables(name):
    """The batch loop looks a bad row up before it refuses it, so every rank multiset of
    up to seven cards, any rank repeated up to seven times, must hash inside the ranks
    table (which is padded for it): 77,519 keys."""
    from itertools import combinations_with_replacement

    multisets, counts = tables.multiset_keys()
    single = counts.sum(axis=1) == 1                     # the 13 one-card multisets
    rank_keys = np.zeros(13, dtype=np.int64)
    rank_keys[counts[single].argmax(axis=1)] = multisets[single]
    keys = np.array([rank_keys[list(ranks)].sum() for k in range(1, 8)
                     for ranks in combinations_with_replacement(range(13), k)])
    assert len(keys) == 77_519
    t = getattr(evaluator, name).tables
    slots = hash_slots(keys, t.offsets)
    assert slots.max() < len(t.ranks)
    # and the padding is only that: the column span of seven aces past the last row's
    # offset (with 13 row bits, 2,951 slots), on top of the packing's 15% of holes
    assert len(t.ranks) - tables.hash_layout()[0] < 14_000


ROOT = Path(__file__).resolve().parents[1]


def test_committed_offsets_are_what_the_packing_gives():
    """hash_offsets.h is generated (tools/hash_offsets.py): packing again gives the
    same file, and the tables in use hold those offsets."""
    packed = tables.pack_offsets()
    assert np.array_equal(packed, HIGH.tables.offsets)
    header = ROOT / "src" / "evaluator" / "hash_offsets.h"
    tool = ROOT / "tools" / "hash_offsets.py"
    if not header.exists() or not tool.exists():
        pytest.skip("the source tree (src/evaluator/hash_offsets.h, tools/) is not here")
    spec = importlib.util.spec_from_file_location("hash_offsets", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.render(packed, tables.ROW_BITS, tables.OFFSET_UNIT) == header.read_text()


def batch_footprint(n_cards):
    """KiB of 64-byte lines the batch loop can read valuing rows of n_cards valid cards:
    the ranks slots of the rank multisets of that size, the hash rows they fall in, the
    flush masks of five to n_cards ranks, and the 16-byte entries of the 52 cards."""
    keys, counts = tables.multiset_keys()
    keys = keys[counts.sum(axis=1) == n_cards].astype(np.int64)
    t = HIGH.tables
    rows = keys & ((1 << tables.ROW_BITS) - 1)
    slots = hash_slots(keys, t.offsets)
    masks = np.array([m for m in range(8192) if 5 <= bin(m).count("1") <= n_cards])

    def kib(byte_offsets):
        return len(np.unique(np.asarray(byte_offsets) // 64)) * 64 / 1024

    parts = [kib(slots * t.ranks.itemsize), kib(rows * t.offsets.itemsize),
             kib(masks * t.flush.itemsize), 52 * 16 / 1024]
    return [round(x, 1) for x in [*parts, sum(parts)]]


def test_batch_footprint_is_the_one_documented():
    """docs/core.md's table of the bytes the batch loop can touch is computed here: a
    change of layout that moves them fails until the page says so."""
    page = ROOT / "docs" / "core.md"
    if not page.exists():
        pytest.skip("docs/core.md is not here")
    rows = re.findall(r"^\| (\d) cards \| (.*) \|$", page.read_text(), flags=re.M)
    documented = {int(k): [float(x.replace(" KiB", "")) for x in rest.split(" | ")]
                  for k, rest in rows}
    assert sorted(documented) == [5, 6, 7]
    for n_cards, figures in documented.items():
        assert batch_footprint(n_cards) == figures, n_cards
    # what a small (512 KiB) L2 must keep beside the rest of a process
    assert documented[7][-1] < 210


@given(st.integers(5, 7).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)))
def test_matches_reference_on_hypothesis_hands(cards):
    assert HIGH.evaluate(cards) == reference_value(cards)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint16,
                                   np.uint64])
def test_a_numpy_row_is_evaluated_like_its_list(rng, dtype):
    """One row of a batch evaluated alone (the in-place fast path for common dtypes, the
    parsed path for the others) gives the batch's value; a strided view too."""
    hands = random_hands(rng, 200, 7)
    values = HIGH.evaluate_batch(hands)
    for i in range(200):
        row = hands[i].astype(dtype)
        assert HIGH.evaluate(row) == values[i] == HIGH.evaluate(row.tolist())
        assert HIGH.evaluate(row[:5], row[5:]) == values[i]
    wide = np.repeat(hands[:3].astype(dtype), 2, axis=1)[:, ::2]      # non-contiguous rows
    assert [HIGH.evaluate(r) for r in wide] == values[:3].tolist()


def test_a_bad_numpy_row_names_its_card():
    with pytest.raises(ValueError, match="duplicate card As"):
        HIGH.evaluate(np.array([51, 51, 0, 1, 2], dtype=np.uint8))
    with pytest.raises(ValueError, match="52"):
        HIGH.evaluate(np.array([52, 50, 0, 1, 2], dtype=np.int64))
    with pytest.raises(ValueError, match="-1"):
        HIGH.evaluate(np.array([-1, 50, 0, 1, 2], dtype=np.int8))
    with pytest.raises(ValueError, match="got 8"):
        HIGH.evaluate(np.arange(8, dtype=np.uint8))
