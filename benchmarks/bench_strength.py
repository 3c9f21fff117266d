"""Hand strength for bots and solvers: the canonical indexer in batch, every hand's
EHS, EHS² and potentials on a flop, against separate equity calls.

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
