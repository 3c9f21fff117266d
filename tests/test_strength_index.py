"""Canonical hand indexes (games.strength.index / unindex / size).

What is proved here:
  * the sizes: hold'em's four rounds are Waugh's published counts, and every game's
    every round has as many indexes as Burnside's lemma counts classes of situations
    under suit relabelling (an independent count, tests/ref_strength.orbit_count);
  * bijection, exhaustively: every preflop and flop situation of hold'em (25,989,600
    on the flop), short deck's flop and Omaha's preflop are indexed; every index is hit,
    the representative `unindex` gives back lies in the class of every situation that
    has its index (class = the multiset of per-suit (hole ranks, board ranks), which is
    exactly what a suit relabelling permutes), and the representatives' classes are
    all different;
  * the numbering is the documented one (tests/ref_strength.ref_index, written from the
    definition), and agrees with Waugh's C indexer on pinned situations;
  * turn and river on large random samples; invariance under suit relabelling and
    card order (hypothesis); batch and scalar agree; bad input is refused by name.
"""

from __future__ import annotations

import platform
import sys
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator import parse_cards
from games import strength
from games.strength.indexing import build_indexer, indexer
from tests.ref_strength import canonical, orbit_count, ref_index, relabel

BOARDS = (0, 3, 4, 5)


def signatures(holes: np.ndarray, boards: np.ndarray, low: int = 0) -> np.ndarray:
    """(N, 2) uint64: each situation's class as its four per-suit words (hole ranks in
    bits 0..12, board ranks in 13..25) sorted, packed two words to a column."""
    n = len(holes)
    words = np.zeros((n, 4), dtype=np.uint64)
    for cards, shift in ((holes, 0), (boards, 13)):
        for j in range(cards.shape[1]):
            c = cards[:, j].astype(np.int64) - 4 * low
            np.bitwise_or.at(words, (np.arange(n), c & 3),
                             (np.uint64(1) << (c >> 2).astype(np.uint64)) << np.uint64(shift))
    words.sort(axis=1)
    return np.stack([(words[:, 0] << np.uint64(26)) | words[:, 1],
                     (words[:, 2] << np.uint64(26)) | words[:, 3]], axis=1)


def fast_signatures(holes: np.ndarray, boards: np.ndarray, low: int = 0) -> np.ndarray:
    """signatures() without np.bitwise_or.at: one column per suit, summed."""
    n = len(holes)
    cols = []
    for s in range(4):
        w = np.zeros(n, dtype=np.uint64)
        for cards, shift in ((holes, 0), (boards, 13)):
            for j in range(cards.shape[1]):
                c = cards[:, j].astype(np.int64) - 4 * low
                bit = (np.uint64(1) << ((c >> 2) + shift).astype(np.uint64))
                w |= np.where((c & 3) == s, bit, np.uint64(0))
        cols.append(w)
    words = np.sort(np.stack(cols, axis=1), axis=1)
    return np.stack([(words[:, 0] << np.uint64(26)) | words[:, 1],
                     (words[:, 2] << np.uint64(26)) | words[:, 3]], axis=1)


# ---------------------------------------------------------------- sizes

def test_holdem_sizes_are_the_published_counts():
    assert [strength.size("holdem", r) for r in range(4)] == [169, 1_286_792, 13_960_050,
                                                               123_156_254]


@pytest.mark.parametrize("game", ["holdem", "short-deck", "omaha", "omaha5", "omaha6"])
def test_sizes_count_the_classes_of_situations(game):
    v = strength.indexing.variant(game)
    ranks = 13 - "23456789TJQKA".index(v.lowest_rank)
    for rnd, board in enumerate(strength.board_sizes(game)):
        assert strength.size(game, rnd) == orbit_count(ranks, v.hole_cards, board)


def test_orbit_count_is_itself_right_on_small_cases():
    """The Burnside count against classes listed one by one (canonical)."""
    cards = [c for c in range(52) if c // 4 >= 10]           # Q, K, A: 12 cards
    for hole, board in ((2, 0), (2, 2), (1, 3)):
        classes = {canonical(h, b) for h in combinations(cards, hole)
                   for b in combinations([c for c in cards if c not in h], board)}
        assert len(classes) == orbit_count(3, hole, board)


# ---------------------------------------------------------------- exhaustive bijection

def all_situations(deck: np.ndarray, hole: int, board: int):
    """Every (hole, board) situation of `deck`, in chunks of (holes, boards) rows."""
    holes = np.array(list(combinations(deck.tolist(), hole)), dtype=np.uint8)
    n = len(deck)
    if board == 0:
        yield holes, np.zeros((len(holes), 0), np.uint8)
        return
    pos = np.array(list(combinations(range(n - hole), board)), dtype=np.int64)
    for start in range(0, len(holes), 64):
        chunk = holes[start:start + 64]
        rest = np.array([[c for c in deck.tolist() if c not in h] for h in chunk], np.uint8)
        boards = rest[:, pos].reshape(-1, board)
        yield np.repeat(chunk, len(pos), axis=0), boards


@pytest.mark.parametrize("game, rnd", [("holdem", 0), ("holdem", 1), ("short-deck", 0),
                                       ("short-deck", 1), ("omaha", 0)])
def test_every_situation_indexed_bijectively(game, rnd):
    v = strength.indexing.variant(game)
    low = "23456789TJQKA".index(v.lowest_rank)
    board = strength.board_sizes(game)[rnd]
    total = strength.size(game, rnd)
    rep_holes, rep_boards = strength.unindex(game, rnd, np.arange(total))
    rep_sig = fast_signatures(rep_holes, rep_boards, low)
    # the representatives are valid situations in as many classes as there are indexes
    assert len(np.unique(rep_sig, axis=0)) == total
    assert (strength.index(game, rep_holes, rep_boards) == np.arange(total)).all()
    hit = np.zeros(total, dtype=bool)
    seen = 0
    for holes, boards in all_situations(v.deck, v.hole_cards, board):
        idx = strength.index(game, holes, boards)
        assert idx.min() >= 0 and idx.max() < total
        hit[idx] = True
        sig = fast_signatures(holes, boards, low)
        assert (rep_sig[idx] == sig).all()
        seen += len(idx)
    assert hit.all()
    from math import comb
    assert seen == comb(len(v.deck), v.hole_cards) * comb(len(v.deck) - v.hole_cards, board)


def test_the_signature_of_the_exhaustive_test_is_the_class():
    """fast_signatures (used above) agrees with the plain canonical form: equal
    signatures exactly for isomorphic situations, on a sample."""
    rng = np.random.default_rng(3)
    rows = np.argsort(rng.random((400, 52)), axis=1)[:, :6].astype(np.uint8)
    rows[200:] = [relabel(r, rng.permutation(4)) for r in rows[:200]]
    sig = fast_signatures(rows[:, :2], rows[:, 2:])
    assert (sig == signatures(rows[:, :2], rows[:, 2:])).all()
    canon = [canonical(r[:2].tolist(), r[2:].tolist()) for r in rows]
    for i in range(0, 400, 7):
        for j in range(i, 400, 13):
            assert (canon[i] == canon[j]) == bool((sig[i] == sig[j]).all())


# ---------------------------------------------------------------- turn and river

@pytest.mark.parametrize("game", ["holdem", "omaha", "short-deck"])
@pytest.mark.parametrize("rnd", [2, 3])
def test_turn_and_river_samples(game, rnd, rng):
    v = strength.indexing.variant(game)
    low = "23456789TJQKA".index(v.lowest_rank)
    board = strength.board_sizes(game)[rnd]
    h = v.hole_cards
    n = 200_000
    rows = (np.argpartition(rng.random((n, len(v.deck))), h + board, axis=1)[:, :h + board]
            + 4 * low).astype(np.uint8)
    holes, boards = np.ascontiguousarray(rows[:, :h]), np.ascontiguousarray(rows[:, h:])
    idx = strength.index(game, holes, boards)
    total = strength.size(game, rnd)
    assert idx.min() >= 0 and idx.max() < total
    rh, rb = strength.unindex(game, rnd, idx)
    assert (fast_signatures(rh, rb, low) == fast_signatures(holes, boards, low)).all()
    assert (strength.index(game, rh, rb) == idx).all()
    # the same index for the same class only: sort by class, compare neighbours
    sig = fast_signatures(holes, boards, low)
    order = np.lexsort((sig[:, 1], sig[:, 0]))
    same_sig = (sig[order][1:] == sig[order][:-1]).all(axis=1)
    same_idx = idx[order][1:] == idx[order][:-1]
    assert (same_sig == same_idx).all()
    # random indexes anywhere in the range come back
    some = rng.integers(0, total, 100_000)
    assert (strength.index(game, *strength.unindex(game, rnd, some)) == some).all()


# ---------------------------------------------------------------- the numbering

PINNED = [  # computed by Waugh's C indexer (kdub0/hand-isomorphism), rounds (hole, board)
    ("holdem", "AhKh", "", 168), ("holdem", "2c2d", "", 0),
    ("holdem", "AsKd", "Td7s2c", 467_779), ("holdem", "7h6h", "8h9hKc", 1_266_448),
    ("holdem", "AcAd", "AhAs2c", 302_704), ("holdem", "5d4c", "Ts9s8s7c", 2_909_012),
    ("holdem", "QhJd", "2c3c4c5c6c", 2_875_937),
    ("holdem", "AhKd", "Td7s2cJh9h", 50_758_343), ("omaha", "AhAsKdKc", "", 1806),
    ("omaha", "AhKhQhJh", "Th9h8h", 204_461_672), ("omaha", "As2d3c4h", "5s6d7c8h", 944_495),
    ("omaha", "KsKdQsQd", "2s3d4c5h6s", 14_126_407_685),
]


@pytest.mark.parametrize("game, hole, board, expected", PINNED)
def test_agrees_with_waughs_indexer(game, hole, board, expected):
    assert strength.index(game, hole, board or None) == expected
    assert ref_index(parse_cards(hole).tolist(), parse_cards(board).tolist()) == expected


def test_kernel_is_the_documented_numbering(rng):
    for game, board, n in (("holdem", 3, 300), ("holdem", 5, 300), ("omaha", 4, 100),
                           ("short-deck", 4, 200)):
        v = strength.indexing.variant(game)
        low = "23456789TJQKA".index(v.lowest_rank)
        h = v.hole_cards
        rows = (np.argsort(rng.random((n, len(v.deck))), axis=1)[:, :h + board]
                + 4 * low).astype(np.uint8)
        idx = strength.index(game, rows[:, :h], rows[:, h:])
        ranks = 13 - low
        assert idx.tolist() == [ref_index(r[:h].tolist(), r[h:].tolist(), ranks)
                                for r in rows]


# ---------------------------------------------------------------- invariance

@given(st.permutations(range(52)), st.permutations(range(4)), st.sampled_from(BOARDS),
       st.permutations(range(5)))
def test_invariant_under_suits_and_card_order(deck, perm, board, order):
    cards = list(deck[:2 + board])
    hole, brd = cards[:2], cards[2:]
    i = strength.index("holdem", hole, brd)
    hole2 = relabel(hole[::-1], perm)
    brd2 = relabel([brd[j] for j in order if j < board], perm)
    assert strength.index("holdem", hole2, brd2) == i
    assert 0 <= i < strength.size("holdem", BOARDS.index(board))


@given(st.permutations(range(52)), st.sampled_from(BOARDS))
def test_different_classes_get_different_indexes(deck, board):
    a = list(deck[:2 + board])
    b = list(deck[2 + board:4 + 2 * board])
    same = canonical(a[:2], a[2:]) == canonical(b[:2], b[2:])
    assert (strength.index("holdem", a[:2], a[2:]) ==
            strength.index("holdem", b[:2], b[2:])) == same


def test_batch_and_scalar_agree(rng):
    for board in BOARDS:
        rows = np.argsort(rng.random((500, 52)), axis=1)[:, :2 + board].astype(np.uint8)
        batch = strength.index("holdem", rows[:, :2], rows[:, 2:])
        one = [strength.index("holdem", r[:2].tolist(), r[2:].tolist()) for r in rows]
        assert batch.tolist() == one
        threaded = strength.index("holdem", rows[:, :2], rows[:, 2:], threads=2)
        assert (threaded == batch).all()
        for i in rng.integers(0, len(batch), 5):
            h, b = strength.unindex("holdem", BOARDS.index(board), int(batch[i]))
            hs, bs = strength.unindex("holdem", BOARDS.index(board), batch[i:i + 1])
            assert (hs[0] == h).all() and (bs[0] == b).all()


def test_large_batches_use_threads(rng):
    rows = np.argpartition(rng.random((300_000, 52)), 7, axis=1)[:, :7].astype(np.uint8)
    one = strength.index("holdem", rows[:, :2], rows[:, 2:], threads=1)
    two = strength.index("holdem", rows[:, :2], rows[:, 2:], threads=2)
    assert (one == two).all()


@pytest.mark.parametrize("count_bits", [True, False], ids=["bit-count", "portable"])
@pytest.mark.parametrize("ranks", [13, 9], ids=["holdem", "short-deck"])
@pytest.mark.parametrize("board", [3, 4, 5])
def test_two_card_kernel_agrees_with_the_general_one(rng, ranks, board, count_bits):
    """Hold'em after the flop has its own kernel (suits relabelled around the hole
    cards, its own tables), in two forms (repeated cards found by a bit count where
    the CPU has one, or by the sum of the cards' bits); the general kernel, which
    Omaha runs, must give the same index on every row and report the same rows as
    bad: a card outside the deck (52..255, and below six for short deck), a card held
    twice, a hole card on the board."""
    low = 13 - ranks
    fast = build_indexer(ranks, 2, board, count_bits=count_bits)
    if not count_bits:
        assert not fast.counts_bits
    elif platform.machine().lower() in ("x86_64", "amd64") and sys.platform != "win32":
        assert fast.counts_bits            # every x86-64 CPU since 2008 counts bits
    plain = build_indexer(ranks, 2, board, two_card=False)
    deck = np.arange(4 * low, 52)
    keys = rng.random((20_000, len(deck)))
    rows = deck[np.argpartition(keys, 2 + board, axis=1)[:, :2 + board]].astype(np.uint8)
    holes, boards = np.ascontiguousarray(rows[:, :2]), np.ascontiguousarray(rows[:, 2:])
    got, want = np.empty(len(rows), np.int64), np.empty(len(rows), np.int64)
    assert not fast.index(holes, boards, got)
    assert not plain.index(holes, boards, want)
    assert (got == want).all()
    # rows that differ from a good row in one cell: every cell, with a value outside
    # the deck or another card of the same row
    for col in range(2 + board):
        for value in (None, 52, 63, 64, 255, 4 * low - 1 if low else 0):
            bad = rows[:300].copy()
            bad[:, col] = bad[:, (col + 1) % (2 + board)] if value is None else value
            if value is not None and 4 * low <= value < 52:
                continue
            h, b = np.ascontiguousarray(bad[:, :2]), np.ascontiguousarray(bad[:, 2:])
            for r in range(0, 300, 37):     # one bad row among good ones, alone
                mixed_h, mixed_b = holes[:5].copy(), boards[:5].copy()
                mixed_h[r % 5], mixed_b[r % 5] = h[r], b[r]
                out = np.empty(5, np.int64)
                assert fast.index(mixed_h, mixed_b, out)
                assert plain.index(mixed_h, mixed_b, out)
                assert fast.index(h[r:r + 1], b[r:r + 1], out[:1])


def test_indexers_are_built_once():
    assert indexer("holdem", 3) is indexer("holdem", 3)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("call, error, words", [
    (lambda: strength.index("holdem", "AhAh"), ValueError, "duplicate card Ah"),
    (lambda: strength.index("holdem", "AhKd", "AhQc2d"), ValueError, "Ah is also on the board"),
    (lambda: strength.index("holdem", np.array([[51, 50], [0, 1]]),
                            np.array([[1, 2, 3], [1, 5, 6]])), ValueError, "situation[1]"),
    (lambda: strength.index("holdem", np.array([[51, 50]]), np.array([[49, 48, 52]])),
     ValueError, "outside 0..51"),
    (lambda: strength.index("holdem", "AhKdQc"), ValueError, "has 2 cards"),
    (lambda: strength.index("holdem", "AhKd", "Qc2d"), ValueError, "board has"),
    (lambda: strength.index("holdem", np.zeros((3, 2), np.float64)), TypeError, "integer"),
    (lambda: strength.index("holdem", np.array([[51, 50]]), np.array([[1, 2, 3]] * 2)),
     ValueError, "rows"),
    (lambda: strength.index("holdem", "AhKd", np.array([[1, 2, 3]])), ValueError, "one hand"),
    (lambda: strength.index("short-deck", "AhKd", "2c3c4c"), ValueError, "not in the"),
    # before the flop (the table of classes): one card outside the deck, in each place
    (lambda: strength.index("short-deck", "Ah5h"), ValueError, "not in the"),
    (lambda: strength.index("short-deck", "5hAh"), ValueError, "not in the"),
    (lambda: strength.index("holdem", np.array([[51, 50], [52, 0]])), ValueError,
     "outside 0..51"),
    (lambda: strength.index("holdem", np.array([[51, 50], [7, 7]])), ValueError,
     "situation[1]: duplicate card 3s"),
    (lambda: strength.index("omaha", "AhKd"), ValueError, "has 4 cards"),
    (lambda: strength.index("2-7-triple-draw", "AhKd"), ValueError, "no community"),
    (lambda: strength.index(7, "AhKd"), TypeError, "game"),
    (lambda: strength.size("holdem", 4), ValueError, "rnd"),
    (lambda: strength.size("holdem", -1), ValueError, "rnd"),
    (lambda: strength.size("holdem", 1.0), TypeError, "rnd"),
    (lambda: strength.unindex("holdem", 0, 169), ValueError, "outside 0..168"),
    (lambda: strength.unindex("holdem", 1, -1), ValueError, "outside"),
    (lambda: strength.unindex("holdem", 1, np.array([0, 5, 1_286_792])), ValueError,
     "idx[2]"),
    (lambda: strength.unindex("holdem", 1, "7"), TypeError, "integer"),
    (lambda: strength.unindex("holdem", 1, True), TypeError, "bool"),
    (lambda: strength.unindex("holdem", 1, 2.0), TypeError, "integer"),
    (lambda: strength.unindex("holdem", 5, 0), ValueError, "rnd"),
])
def test_bad_input_is_refused_by_name(call, error, words):
    with pytest.raises(error, match=None) as info:
        call()
    assert words in str(info.value)
