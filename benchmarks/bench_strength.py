"""Hand strength for bots and solvers: the canonical indexer in batch (hold'em and
Omaha), every hand's EHS, EHS² and potentials on a flop against separate equity calls,
histograms, Omaha tables, and the samplers (several opponents, exact=False).

    python -m pytest benchmarks/bench_strength.py --benchmark-only \
        --benchmark-columns=min,median,rounds --benchmark-group-by=group

Waugh's C indexer (the anchor for `index`) is not a Python package; it was built and
timed by hand beside these (docs/benchmarks.md says how).  Inputs are built before
timing; every timed call is checked.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from games import equity, strength

N_ROWS = 2_000_000
FLOP = "Td7s2c"


@pytest.fixture(scope="module")
def situations(seed):
    rng = np.random.default_rng(seed)
    keys = rng.random((N_ROWS, 52))
    return np.argpartition(keys, 7, axis=1)[:, :7].astype(np.uint8)


@pytest.mark.parametrize("rnd, board", [(0, 0), (1, 3), (2, 4), (3, 5)],
                         ids=["preflop", "flop", "turn", "river"])
def test_index_batch(measure, situations, rnd, board):
    holes = np.ascontiguousarray(situations[:, :2])
    boards = np.ascontiguousarray(situations[:, 2:2 + board])
    out = measure(strength.index, "holdem", holes, boards, threads=1,
                  what=f"index holdem {['preflop', 'flop', 'turn', 'river'][rnd]}",
                  lib="pokerhands", hands=N_ROWS, unit="situations")
    assert out.max() < strength.size("holdem", rnd)
    # the checksum: the same rows give the same indexes through unindex
    some = out[:1000]
    assert (strength.index("holdem", *strength.unindex("holdem", rnd, some)) == some).all()


@pytest.mark.parametrize("rnd, board", [(1, 3), (3, 5)], ids=["flop", "river"])
def test_index_batch_omaha(measure, seed, rnd, board):
    rng = np.random.default_rng(seed + 1)
    rows = np.argpartition(rng.random((N_ROWS // 2, 52)), 9, axis=1)[:, :9].astype(np.uint8)
    holes = np.ascontiguousarray(rows[:, :4])
    boards = np.ascontiguousarray(rows[:, 4:4 + board])
    out = measure(strength.index, "omaha", holes, boards, threads=1,
                  what=f"index omaha {['preflop', 'flop', 'turn', 'river'][rnd]}",
                  lib="pokerhands", hands=len(rows), unit="situations")
    assert out.max() < strength.size("omaha", rnd)
    some = out[:1000]
    assert (strength.index("omaha", *strength.unindex("omaha", rnd, some)) == some).all()


def test_table_flop(measure):
    s = measure(strength.table, "holdem", FLOP, threads=1,
                what="table holdem flop (EHS, EHS2, PPot, NPot, 1,326 hands)",
                lib="pokerhands", hands=1326)
    assert round(s["AhAd"]["ehs"], 4) == 0.8649


def test_table_flop_ehs_only(measure):
    s = measure(strength.table, "holdem", FLOP, potentials=False, threads=1,
                what="table holdem flop (EHS, EHS2 only)", lib="pokerhands", hands=1326)
    assert round(s["AhAd"]["ehs"], 4) == 0.8649


def test_equity_calls_for_a_flop(measure):
    """A sample of the 1,176 separate equity calls a table replaces (every 12th live
    hand), timed per call: the table's ratio is against 1,176 calls."""
    s = strength.table("holdem", FLOP, potentials=False)
    sample = s.hands[s.live][::12]

    def calls():
        return [equity("holdem", [h, "random"], board=FLOP, threads=1)[0].equity
                for h in sample]

    got = measure(calls, what="equity holdem flop, one call per hand (sample of 98)",
                  lib="pokerhands", hands=len(sample))
    rows = [s.row(h.tolist()) for h in sample]
    assert np.allclose(got, s.ehs[rows], atol=1e-9)


def test_histogram_flop(measure):
    s = strength.table("holdem", FLOP, potentials=False)

    def fresh():
        s._cache.clear()
        return s.histogram(50)

    h = measure(fresh, what="histogram holdem flop (50 bins, 1,326 hands)",
                lib="pokerhands", hands=1326)
    assert np.allclose(h[s.live].sum(axis=1), 1)


def test_flop_histograms_sample(benchmark):
    """40 of the 1,755 canonical flops on two threads (the whole run scales linearly)."""
    t0 = time.perf_counter()
    h = benchmark.pedantic(strength.flop_histograms, kwargs={"bins": 50, "threads": 2,
                                                              "flops": 40},
                           rounds=2, iterations=1)
    assert np.isfinite(h[:, 0]).sum() > 0
    benchmark.extra_info["seconds_per_flop"] = (time.perf_counter() - t0) / 80


def test_omaha_table_turn(measure):
    """Every Omaha holding's exact HS, EHS and EHS² on a turn (48 runouts of 270,725
    holdings against every holding)."""
    s = measure(strength.table, "omaha", "Td7s2c9h", potentials=False, threads=1,
                what="table omaha turn (HS, EHS, EHS2 of 270,725 holdings, exact)",
                lib="pokerhands", hands=270_725, rounds=3)
    # the checksum: two holdings against the reference's figures (tests pin them exactly)
    assert round(s["AhKhQhJs"]["ehs"], 6) == 0.363584
    assert round(s["8h6h5c4d"]["ehs"], 6) == 0.817669


def test_omaha_table_flop_sample(measure):
    """An Omaha flop's exact EHS for every holding costs its 1,176 runouts: 60 of them
    timed here (the whole flop scales linearly)."""
    from itertools import combinations

    from evaluator import OMAHA, parse_cards
    from games.strength import _kernel
    hands = strength.hands_of("omaha")
    board = np.array(parse_cards("Td7s2c"), np.uint8)
    rest = [c for c in range(52) if c not in board.tolist()]
    runouts = np.array(list(combinations(rest, 2)), np.uint8)[:60]
    out = np.zeros((len(hands), _kernel.NCOL))
    hist = np.zeros((len(hands), 1))

    def run():
        out[:] = 0
        _kernel.omaha_strength(OMAHA.tables, board, runouts, np.ones(len(runouts)), hands,
                               1.0, 0, out, hist, 0, 1)
        return out

    res = measure(run, what="table omaha flop, 60 of 1,176 runouts (270,725 holdings)",
                  lib="pokerhands", hands=60, unit="runouts", rounds=3)
    # column 1 sums the weights (all 1) of the runouts a holding shares no card with,
    # nothing for a holding that holds a board card: counted plainly here, holding by
    # holding (the first 60 runouts all hold one of the stub's first two cards, so no
    # holding meets all 60)
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    held = np.bitwise_or.reduce(bit[hands.astype(np.int64)], axis=1)
    fell = bit[runouts[:, 0]] | bit[runouts[:, 1]]
    disjoint = ((held[:, None] & fell[None, :]) == 0).sum(axis=1)
    on_board = (held & np.bitwise_or.reduce(bit[board.astype(np.int64)])) != 0
    assert np.array_equal(res[:, 1], np.where(on_board, 0, disjoint))


def test_table_two_opponents(measure):
    s = measure(strength.table, "holdem", FLOP, opponents=2, seed=1, threads=1,
                what="table holdem flop, EHS against 2 opponents (150,829 sampled deals)",
                lib="pokerhands", hands=1326, rounds=3)
    assert round(s["AhAd"]["ehs"], 6) == 0.752849    # seed 1: the same deals every run


def test_table_sampled_turn(measure):
    s = measure(strength.table, "holdem", "Td7s2c9h", exact=False, seed=1, threads=1,
                what="table holdem turn, exact=False (2,000 runouts, 150,829 deals)",
                lib="pokerhands", hands=1326, rounds=3)
    assert abs(s["AhAd"]["ehs"] - strength.table("holdem", "Td7s2c9h")["AhAd"]["ehs"]) < 0.01
