"""Every hand's strength on a board (games.strength.table), its histograms, the flop
histograms and the clustering helper.

What is proved here:
  * EHS is games.equity(hole, "random", board) to 1e-9 for every live hand on a flop
    and a turn and for a sample preflop, AA preflop is the published 0.8520, and against
    a range EHS is games.equity(hole, range, board);
  * HS, EHS, EHS², PPot and NPot equal the plain reference (tests/ref_strength.py, every
    runout and opponent listed in exact fractions) on turn boards, a river board, a
    short-deck flop and against a weighted range;
  * histograms: rows sum to one, their binned mean is within half a bin of EHS, and
    with the exact distribution of the reference they agree bin by bin;
  * the flop histograms put every canonical flop situation's histogram at its index,
    the same as the table's; the clustering helper separates clear clusters, and its
    EMD is the closed form;
  * dead hands are NaN; threads do not change the answer; bad input is refused.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from evaluator import parse_cards
from games import equity, strength
from tests.ref_strength import ref_strength


@pytest.fixture(scope="module")
def flop():
    return strength.table("holdem", "Td7s2c")


def test_ehs_is_equity_against_a_random_hand_for_every_flop_hand(flop):
    live = np.flatnonzero(flop.live)
    assert len(live) == 1176 and np.isnan(flop.ehs[~flop.live]).all()
    for i in live[::7]:                                   # 168 hands, every 7th
        e = equity("holdem", [flop.hands[i], "random"], board="Td7s2c")[0].equity
        assert abs(flop.ehs[i] - e) < 1e-9


def test_ehs_on_a_turn_is_equity_for_every_hand():
    s = strength.table("holdem", "Kh9h4c2s")
    for i in np.flatnonzero(s.live)[::5]:
        e = equity("holdem", [s.hands[i], "random"], board="Kh9h4c2s")[0].equity
        assert abs(s.ehs[i] - e) < 1e-9


@pytest.fixture(scope="module")
def preflop():
    return strength.table("holdem", "", threads=2)


def test_preflop_aces_are_the_published_figure(preflop):
    assert round(preflop["AhAs"]["ehs"], 4) == 0.8520
    exact = equity("holdem", ["AhAs", "random"], exact=True)[0].equity
    assert abs(preflop["AhAs"]["ehs"] - exact) < 1e-9
    assert preflop.ppot is None and np.isnan(preflop.hs).all()


def test_preflop_ehs_is_equity_on_a_sample(preflop):
    for hand in ("7c2d", "KhQh"):
        e = equity("holdem", [hand, "random"], exact=True)[0].equity
        assert abs(preflop[hand]["ehs"] - e) < 1e-9
    # hands of one class have one strength
    assert preflop["KhQh"]["ehs"] == preflop["KsQs"]["ehs"]


@pytest.mark.parametrize("board, hands", [
    ("Td7s2c9h", ["AhAd", "8h9s", "KcQd", "Jh8h", "6c5c", "9c9d"]),
    ("AsKsQs2d", ["JsTs", "AhAd", "3s2s", "7c6c"]),
    ("8c8d8h5s", ["8sAc", "5h5c", "AcKd", "7d6d"]),
    ("Td7s2c9hJh", ["AhAd", "8h9s", "Qh2h"]),
    # four of a suit on the board: every spade makes a flush, a fifth spade puts one
    # on the board for every hand
    ("Ts9s8s2s", ["AsKd", "7s6s", "AhAd", "JsJh", "3c2c"]),
    # three hearts: suited hearts flush now, a fourth heart makes every heart one
    ("Kh8h3h2c", ["AhQh", "9h9c", "AsAd", "Jh2d"]),
    # two hearts: a third on the river makes flushes of two hearts in the hand only
    ("Kh8h3c2d", ["AhQh", "9h9c", "AsAd", "Jh4h"]),
])
def test_every_figure_is_the_reference(board, hands):
    s = strength.table("holdem", board)
    for hand in hands:
        ref = ref_strength(parse_cards(hand).tolist(), parse_cards(board).tolist())
        got = s[hand]
        for key in ("hs", "ehs", "ehs2", "ppot", "npot"):
            assert abs(got[key] - float(ref[key])) < 1e-12, (hand, key)


def test_short_deck_flop_is_the_reference():
    import evaluator
    from games.variants import variant
    board = "Td7s6c"
    s = strength.table("short-deck", board)
    assert s.hands.shape == (630, 2)
    deck = variant("short-deck").deck.tolist()
    for hand in ("AhAd", "9h8h", "KcQd"):
        ref = ref_strength(parse_cards(hand).tolist(), parse_cards(board).tolist(),
                           ranking=evaluator.SHORT_DECK, deck=deck)
        for key in ("hs", "ehs", "ehs2", "ppot", "npot"):
            assert abs(s[hand][key] - float(ref[key])) < 1e-12, (hand, key)


def test_a_weighted_range_is_the_reference_and_equity():
    board = "Kd9c4h2s"
    opponent = "99+, AK, KQs:0.5, 54s"
    s = strength.table("holdem", board, opponent=opponent)
    from games.ranges import range_arrays
    combos, weights = range_arrays(opponent)
    w = {tuple(sorted(c.tolist())): float(x) for c, x in zip(combos, weights, strict=True)}
    for hand in ("AhAd", "QhJh", "9s9d", "Ac5c"):
        ref = ref_strength(parse_cards(hand).tolist(), parse_cards(board).tolist(), weights=w)
        for key in ("hs", "ehs", "ehs2", "ppot", "npot"):
            assert abs(s[hand][key] - float(ref[key])) < 1e-12, (hand, key)
        e = equity("holdem", [hand, opponent], board=board)[0].equity
        assert abs(s[hand]["ehs"] - e) < 1e-9


def test_histograms_sum_to_one_and_their_mean_is_ehs(flop):
    for bins in (1, 10, 50, 333):
        h = flop.histogram(bins)
        live = flop.live
        assert h.shape == (1326, bins) and np.isnan(h[~live]).all()
        assert np.allclose(h[live].sum(axis=1), 1.0, rtol=0, atol=1e-12)
        centers = (np.arange(bins) + 0.5) / bins
        mean = h[live] @ centers
        # every equity lies within half a bin of its bin's centre
        assert (np.abs(mean - flop.ehs[live]) <= 0.5 / bins + 1e-12).all()
    assert flop.histogram(50) is flop.histogram(50)


def test_histograms_are_the_exact_distribution_binned():
    board = "Td7s2c9h"
    s = strength.table("holdem", board)
    for hand in ("AhAd", "8h9s", "6c5c"):
        dist = ref_strength(parse_cards(hand).tolist(), parse_cards(board).tolist())["dist"]
        assert sum(dist.values()) == 1
        assert sum(e * p for e, p in dist.items()) == ref_strength(
            parse_cards(hand).tolist(), parse_cards(board).tolist())["ehs"]
        for bins in (7, 50):
            want = np.zeros(bins)
            for e, p in dist.items():
                want[min(int(e * bins), bins - 1)] += float(p)
            assert np.allclose(s.histogram(bins)[s.row(hand)], want, rtol=0, atol=1e-12)
    assert Fraction(1, 2) == Fraction(1, 2)


def test_threads_do_not_change_the_answer(flop):
    two = strength.table("holdem", "Td7s2c", threads=2)
    for name in ("hs", "ehs", "ehs2", "ppot", "npot"):
        a, b = getattr(flop, name), getattr(two, name)
        assert np.allclose(a, b, rtol=0, atol=1e-12, equal_nan=True)
    calls = []
    strength.table("holdem", "Td7s2c", threads=2, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1][0] == calls[-1][1]


def test_rows_and_hands():
    hands = strength.hands_of("holdem")
    assert hands.shape == (1326, 2) and (hands[:, 0] > hands[:, 1]).all()
    s = strength.table("holdem", "2c3c4c5c6c", potentials=False)
    assert s.hs is None and s.ppot is None
    for i in (0, 17, 1325):
        assert s.row(hands[i].tolist()) == i
        assert s.row(hands[i][::-1].tolist()) == i
    assert strength.hands_of("short-deck").min() == 16


def test_flop_histograms_fill_every_situation_of_the_flops_done():
    calls = []
    h = strength.flop_histograms(bins=10, threads=2, flops=12,
                                 progress=lambda d, t: calls.append((d, t)))
    assert h.shape == (1_286_792, 10) and h.dtype == np.float32
    assert calls[-1] == (12, 12)
    boards, counts = strength.canonical_boards("holdem", 3)
    assert len(boards) == 1755 and counts.sum() == 22_100
    for k in (0, 5, 11):
        s = strength.table("holdem", boards[k], potentials=False)
        ref = s.histogram(10)
        idx = strength.index("holdem", s.hands[s.live],
                             np.repeat(boards[k][None], s.live.sum(), 0))
        assert np.allclose(h[idx], ref[s.live], atol=1e-6)
    filled = np.isfinite(h[:, 0])
    assert np.allclose(h[filled].sum(axis=1), 1.0, atol=1e-5)


def test_cluster_separates_clear_groups_and_emd_is_the_closed_form():
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(1)
    low = rng.dirichlet([8, 4, 1, 1, 1], 60)
    high = rng.dirichlet([1, 1, 1, 4, 8], 60)
    b = strength.cluster(np.vstack([low, high]), 2, seed=3)
    assert len(set(b.labels[:60])) == 1 and len(set(b.labels[60:])) == 1
    assert b.labels[0] != b.labels[60]
    assert np.allclose(b.centers.sum(axis=1), 1.0)
    assert b.mean_emd(np.vstack([low, high])) < 0.15
    assert strength.cluster(np.vstack([low, high]), 2, seed=3).labels.tolist() == \
        b.labels.tolist()
    a = np.array([[0.5, 0.5, 0, 0]])
    c = np.array([[0, 0, 0.5, 0.5]])
    assert float(strength.emd(a, c)[0]) == pytest.approx(0.5)


def test_cluster_names_its_extra_when_scikit_learn_is_missing(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_sklearn(name, *args, **kwargs):
        if name.startswith("sklearn"):
            raise ImportError("no sklearn")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_sklearn)
    with pytest.raises(ImportError, match=r"pokerhands\[cluster\]"):
        strength.cluster(np.eye(3), 2)


@pytest.mark.parametrize("call, error, words", [
    (lambda: strength.table("omaha-hilo", "Td7s2c"), ValueError, "two or four"),
    (lambda: strength.table("omaha5", "Td7s2c"), ValueError, "two or four"),
    (lambda: strength.table("holdem", "Td7s"), ValueError, "board has"),
    (lambda: strength.table("holdem", "TdTd2c"), ValueError, "duplicate"),
    (lambda: strength.table("short-deck", "Td7s2c"), ValueError, "not in the"),
    (lambda: strength.table("holdem", "Td7s2c", opponent="ZZ"), ValueError, "opponent"),
    (lambda: strength.table("holdem", "Td7s2c", opponent=5), TypeError, "opponent"),
    (lambda: strength.table("holdem", "AhAdAc", opponent="AA"), ValueError, "no hand"),
    (lambda: strength.table("holdem", "Td7s2c", potentials=1), TypeError, "potentials"),
    (lambda: strength.table("holdem", "Td7s2c", threads=0), ValueError, "threads"),
    (lambda: strength.table("holdem", "Td7s2c").histogram(0), ValueError, "bins"),
    (lambda: strength.table("holdem", "Td7s2c").row("AhKdQc"), ValueError,
     "2 different cards"),
    (lambda: strength.table("short-deck", "Td7s6c").row("2h3h"), ValueError, "not a hand"),
    (lambda: strength.flop_histograms("omaha"), ValueError, "two-card"),
    (lambda: strength.flop_histograms(bins=0), ValueError, "bins"),
    (lambda: strength.cluster(np.eye(3), 5), ValueError, "k must be"),
    (lambda: strength.cluster(np.array([[1.0, np.nan]]), 1), ValueError, "NaN"),
    (lambda: strength.cluster(np.array(["a"]), 1), TypeError, "numeric"),
    (lambda: strength.emd(np.eye(2), np.eye(3)), ValueError, "bins"),
])
def test_bad_input_is_refused_by_name(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)


def test_the_portable_popcount_gives_the_same_potentials(flop):
    """Where the CPU has no popcnt instruction the per-card counts are SWAR arithmetic;
    forced here, every figure is the same to the bit."""
    from games.strength import _kernel
    was = _kernel.set_popcnt(False)
    try:
        assert _kernel.set_popcnt(False) is False
        portable = strength.table("holdem", "Td7s2c")
    finally:
        _kernel.set_popcnt(was)
    for name in ("hs", "ehs", "ehs2", "ppot", "npot"):
        assert np.array_equal(getattr(portable, name), getattr(flop, name), equal_nan=True)


def test_weights_scaled_alike_change_nothing(flop):
    """Every hand at weight 0.5 is the random opponent again, through the weighted path
    of the kernel (per-card Fenwick trees) instead of the 0-or-1 path (per-card bits):
    the two count the same opponents."""
    half = strength.table("holdem", "Td7s2c", opponent="100%:0.5")
    for name in ("hs", "ehs", "ehs2", "ppot", "npot"):
        assert np.allclose(getattr(half, name), getattr(flop, name), rtol=0, atol=1e-12,
                           equal_nan=True), name
