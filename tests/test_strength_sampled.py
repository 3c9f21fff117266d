"""Strength tables for Omaha, against several opponents, and by Monte Carlo.

What is proved here:
  * Omaha, exact: every holding's HS, EHS, EHS² and river equity histogram on a turn
    and a river equal the plain reference (tests/ref_strength.ref_omaha: every runout
    and opponent listed), to 1e-12, and a subset of holdings is those rows;
  * sampled figures (fixed seeds) are within Z standard errors of the exact ones, the
    standard errors computed from the sample sizes: hold'em's EHS, EHS², PPot, NPot
    and histograms by exact=False against the exact table; EHS against two opponents
    against the reference (tests/ref_strength.ref_two_opponents), with a random
    opponent and with a weighted range; Omaha's PPot and NPot against the reference's
    counts; Omaha by sampled runouts against its exact table;
  * a seed gives the same answer on one thread or two, and another seed another;
  * bad input is refused by name.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from evaluator import parse_cards
from games import strength
from tests.ref_strength import ref_omaha, ref_two_opponents

#: how many standard errors a sampled figure may stray from the exact one: with about
#: a thousand hands a test, correlated through the shared deals, a 5-sigma miss on a
#: right sampler has a chance below one in a thousand
Z = 5.0

TURN = "Kh8h3c2d"
OMAHA_HANDS = ["AhQh9h9c", "JsTs9d8d", "KcKd3h3s", "7c6c5d4d"]


# ---------------------------------------------------------------- Omaha, exact

@pytest.fixture(scope="module")
def omaha_turn():
    """Four holdings (the sampled potentials' cost is deals x holdings)."""
    return strength.table("omaha", TURN, hands=OMAHA_HANDS, seed=11, trials=200_000)


@pytest.fixture(scope="module")
def omaha_turn_all():
    """Every holding, the exact figures only."""
    return strength.table("omaha", TURN, potentials=False)


def test_omaha_every_exact_figure_is_the_reference(omaha_turn):
    assert omaha_turn.hands.shape == (4, 4) and omaha_turn.samples == {"deals": 200_000}
    assert set(omaha_turn.exact) == {"hs", "ehs", "ehs2", "histogram"}
    for hand in OMAHA_HANDS[:2]:
        ref = ref_omaha(parse_cards(hand).tolist(), parse_cards(TURN).tolist())
        got = omaha_turn[hand]
        for key in ("hs", "ehs", "ehs2"):
            assert abs(got[key] - float(ref[key])) < 1e-12, (hand, key)
        for bins in (7, 50):
            want = np.zeros(bins)
            for e, p in ref["dist"].items():
                want[min(int(e * bins), bins - 1)] += float(p)
            assert np.allclose(omaha_turn.histogram(bins)[omaha_turn.row(hand)], want,
                               rtol=0, atol=1e-12)


def test_omaha_river_is_the_reference_and_has_no_potential():
    board = "Kh8h3c2d5s"
    s = strength.table("omaha", board, hands=OMAHA_HANDS[:3])
    assert s.hands.shape == (3, 4) and s.samples == {}
    for hand in OMAHA_HANDS[:3]:
        ref = ref_omaha(parse_cards(hand).tolist(), parse_cards(board).tolist())
        assert abs(s[hand]["ehs"] - float(ref["ehs"])) < 1e-12
        assert abs(s[hand]["hs"] - float(ref["hs"])) < 1e-12
        assert s[hand]["ppot"] == 0 and s[hand]["npot"] == 0


def test_a_subset_of_holdings_is_their_rows(omaha_turn, omaha_turn_all):
    full = omaha_turn_all
    assert full.hands.shape == (270_725, 4) and full.ppot is None and full.hs is None
    for hand in OMAHA_HANDS:
        assert omaha_turn[hand]["ehs"] == full[hand]["ehs"]
        assert omaha_turn[hand]["ehs2"] == full[hand]["ehs2"]
    i = full.row(OMAHA_HANDS[0])
    assert (np.sort(full.hands[i])[::-1] == full.hands[i]).all()
    assert np.isnan(full.ehs[full.row("KhAsAdAc")])      # holds the Kh
    assert int(np.isnan(full.ehs).sum()) == 270_725 - 194_580   # C(52, 4) - C(48, 4)
    assert (strength.hands_of("omaha") == full.hands).all()


# ---------------------------------------------------------------- sampled, one opponent

def within(got, want, se, z=Z):
    """Every |got - want| <= z * se where a standard error is given (> 0)."""
    got, want, se = (np.asarray(x, dtype=np.float64) for x in (got, want, se))
    ok = np.isfinite(got) & np.isfinite(want)
    miss = np.abs(got - want)[ok] > z * se[ok] + 1e-12
    return not miss.any(), float(np.max(np.abs(got - want)[ok] / np.maximum(se[ok], 1e-300)))


def test_omaha_sampled_potentials_are_the_reference_within_z(omaha_turn):
    for hand in OMAHA_HANDS:
        ref = ref_omaha(parse_cards(hand).tolist(), parse_cards(TURN).tolist())
        c = ref["cells"]
        tot = c.sum(axis=1)                       # now: ahead, tied, behind
        pd, nd = tot[2] + tot[1] / 2, tot[0] + tot[1] / 2
        ppot = (c[2, 0] + c[2, 1] / 2 + c[1, 0] / 2) / pd if pd else 0.0
        npot = (c[0, 2] + c[1, 2] / 2 + c[0, 1] / 2) / nd if nd else 0.0
        i = omaha_turn.row(hand)
        for name, want in (("ppot", ppot), ("npot", npot)):
            got, se = getattr(omaha_turn, name)[i], omaha_turn.stderr[name][i]
            assert se < 0.05 and abs(got - want) <= Z * se + 1e-12, (hand, name, got, want)


@pytest.fixture(scope="module")
def holdem_turn():
    return strength.table("holdem", "Td7s2c9h")


def test_holdem_sampled_one_opponent_is_exact_within_z(holdem_turn):
    s = strength.table("holdem", "Td7s2c9h", exact=False, seed=5, trials=20_000)
    assert s.samples == {"runouts": 20_000, "deals": 20_000} and s.exact == ("hs",)
    assert np.array_equal(s.hs, holdem_turn.hs, equal_nan=True)
    for name in ("ehs", "ehs2", "ppot", "npot"):
        ok, worst = within(getattr(s, name), getattr(holdem_turn, name), s.stderr[name])
        assert ok, (name, worst)
    # a histogram bin holding p: standard error sqrt(p (1 - p) / n)
    got, want = s.histogram(10), holdem_turn.histogram(10)
    n = s.stderr["n_runouts"][:, None]
    se = np.sqrt(np.maximum(want * (1 - want), 0) / np.maximum(n, 1))
    ok, worst = within(got, want, np.maximum(se, 1e-9))
    assert ok, worst


def test_omaha_sampled_runouts_are_exact_within_z(omaha_turn):
    s = strength.table("omaha", TURN, hands=OMAHA_HANDS, exact=False, seed=2, trials=120,
                       potentials=False)
    assert s.samples == {"runouts": 120}
    for name in ("ehs", "ehs2"):
        ok, worst = within(getattr(s, name), getattr(omaha_turn, name), s.stderr[name])
        assert ok, (name, worst)


def test_omaha_preflop_is_sampled_with_its_error():
    s = strength.table("omaha", "", hands=["AhAdKhKd", "7c6d3h2s"], seed=3, trials=40)
    assert s.samples == {"runouts": 40} and s.exact == () and s.ppot is None
    assert s["AhAdKhKd"]["ehs"] > 0.6 > 0.4 > s["7c6d3h2s"]["ehs"]
    assert (s.stderr["ehs"] > 0).all() and (s.stderr["ehs"] < 0.06).all()
    with pytest.raises(ValueError, match="before the flop is sampled"):
        strength.table("omaha", "", hands=["AhAdKhKd"], exact=True)


# ---------------------------------------------------------------- several opponents

@pytest.mark.parametrize("board, opponent", [
    ("Td7s2c9h5d", "random"),
    ("Kh9h4c2s", "random"),
    ("Td7s2c9h5d", "TT+, AK, KQs:0.5, 98s, 87s:0.25"),
])
def test_two_opponents_are_the_reference_within_z(board, opponent):
    hands = ["AhAd", "Jh8h", "KcQc", "5s5c", "9c8c"]
    s = strength.table("holdem", board, opponent=opponent, opponents=2, hands=hands,
                       seed=7, trials=60_000)
    assert s.opponents == 2 and s.ehs2 is None and s.ppot is None and s.hs is None
    weights = None
    if opponent != "random":
        from games.ranges import range_arrays
        combos, w = range_arrays(opponent)
        weights = {tuple(sorted(c.tolist())): float(x) for c, x in zip(combos, w,
                                                                       strict=True)}
    for hand in hands:
        want = ref_two_opponents(parse_cards(hand).tolist(), parse_cards(board).tolist(),
                                 weights=weights)
        i = s.row(hand)
        if np.isnan(s.ehs[i]):
            continue
        assert abs(s.ehs[i] - want) <= Z * s.stderr["ehs"][i], (hand, s.ehs[i], want)
    with pytest.raises(ValueError, match="against one opponent"):
        s.histogram(10)


def test_more_opponents_take_more_away():
    hand = "AhAd"
    ehs = [strength.table("holdem", "Td7s2c", opponents=k, hands=[hand], seed=1,
                          trials=20_000)[hand]["ehs"] for k in (1, 2, 4)]
    assert ehs[0] > ehs[1] > ehs[2] > 0.4
    # Omaha: one opponent exactly, then two and three over deals of the same holding
    hand = "AhAdKhKd"
    one = strength.table("omaha", "Td7s2c5h", hands=[hand], potentials=False)[hand]["ehs"]
    more = [strength.table("omaha", "Td7s2c5h", opponents=k, hands=[hand], seed=1,
                           trials=40_000) for k in (2, 3)]
    assert one > more[0][hand]["ehs"] > more[1][hand]["ehs"] > 0.2
    assert more[0].stderr["ehs"][0] < 0.005      # sqrt(var / n) of about 20,000 deals


def test_a_seed_is_the_answer_on_any_number_of_threads():
    kw = {"opponents": 3, "seed": 99, "trials": 5_000}
    one = strength.table("holdem", "Td7s2c", threads=1, **kw)
    two = strength.table("holdem", "Td7s2c", threads=2, **kw)
    assert np.array_equal(one.ehs, two.ehs, equal_nan=True) and one.seed == 99
    other = strength.table("holdem", "Td7s2c", threads=1, **{**kw, "seed": 98})
    assert not np.array_equal(one.ehs, other.ehs, equal_nan=True)
    a = strength.table("holdem", "Td7s2c9h", exact=False, seed=4, trials=500, threads=1)
    b = strength.table("holdem", "Td7s2c9h", exact=False, seed=4, trials=500, threads=2)
    for name in ("ehs", "ehs2", "ppot", "npot"):
        assert np.allclose(getattr(a, name), getattr(b, name), rtol=0, atol=1e-12,
                           equal_nan=True)
    drawn = strength.table("holdem", "Td7s2c", opponents=2, hands=["AhAd"], trials=100)
    assert isinstance(drawn.seed, int)


def test_a_range_that_cannot_seat_every_opponent_is_refused():
    with pytest.raises(ValueError, match="could not be dealt"):
        strength.table("holdem", "Td7s2c", opponent="AA", opponents=3, trials=10)


@pytest.mark.parametrize("call, error, words", [
    (lambda: strength.table("holdem", "Td7s2c", opponents=0), ValueError, "opponents"),
    (lambda: strength.table("holdem", "Td7s2c", opponents=10), ValueError, "opponents"),
    (lambda: strength.table("holdem", "Td7s2c", opponents=2.0), TypeError, "opponents"),
    (lambda: strength.table("holdem", "Td7s2c", opponents=2, exact=True), ValueError,
     "several opponents"),
    (lambda: strength.table("holdem", "Td7s2c", exact="yes"), TypeError, "exact"),
    (lambda: strength.table("holdem", "Td7s2c", exact=True, trials=10), ValueError,
     "trials"),
    (lambda: strength.table("holdem", "Td7s2c", exact=False, trials=0), ValueError,
     "trials"),
    (lambda: strength.table("holdem", "Td7s2c", exact=False, seed=-1), ValueError, "seed"),
    (lambda: strength.table("omaha", TURN, opponent="AA"), ValueError, "random holding"),
    (lambda: strength.table("omaha", TURN, exact=True), ValueError, "potentials=False"),
    (lambda: strength.table("omaha", TURN, hands=["AhKd"]), ValueError, "4 cards"),
    (lambda: strength.table("omaha", TURN, hands=np.array([[51, 50, 49, 49]])), ValueError,
     "hands[0]"),
    (lambda: strength.table("short-deck", "Td7s6c", hands=["2h3h"]), ValueError,
     "not in the"),
    (lambda: strength.table("holdem", "Td7s6c", hands=np.zeros((2, 2), np.float64)),
     TypeError, "hands"),
    (lambda: strength.table("holdem", "Td7s2c", hands=[]), ValueError, "hands"),
])
def test_bad_input_is_refused_by_name(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)


def test_fractions_of_the_reference_are_exact():
    """The reference's own figures are fractions (no rounding in it)."""
    ref = ref_omaha(parse_cards("AhQh9h9c").tolist(), parse_cards("Kh8h3c2d5s").tolist())
    assert isinstance(ref["ehs"], Fraction) and sum(ref["dist"].values()) == 1


def test_the_standard_errors_are_the_spread_of_the_estimates():
    """Over 30 seeds, the estimates spread as their stated standard errors say (the
    ratio of the spread to the mean error within 0.6..1.5: with 30 seeds a right error
    lands there but for a one-in-a-thousand chance): neither too small, which the tests
    above would catch, nor too large, which they would not."""
    hands = ["AhAd", "Jh8h", "9c8c"]
    runs = {"deals, two opponents": dict(board="Td7s2c9h5d", opponents=2, trials=3_000),
            "runouts and deals": dict(board="Td7s2c9h", exact=False, trials=3_000)}
    for what, kw in runs.items():
        tables = [strength.table("holdem", hands=hands, seed=seed, **kw) for seed in range(30)]
        names = ("ehs",) if kw.get("opponents") else ("ehs", "ppot", "npot")
        for name in names:
            est = np.array([getattr(t, name) for t in tables])
            se = np.array([t.stderr[name] for t in tables])
            for i, hand in enumerate(hands):
                if se[:, i].mean() == 0:
                    continue
                ratio = est[:, i].std(ddof=1) / se[:, i].mean()
                assert 0.6 <= ratio <= 1.5, (what, name, hand, ratio)
