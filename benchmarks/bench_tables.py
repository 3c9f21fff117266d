"""Equity tables and dask arrays: what the Dask extra costs and buys.

    python -m pytest benchmarks/bench_tables.py --benchmark-only
    POKERHANDS_FULL_TABLE=1 python -m pytest benchmarks/bench_tables.py --benchmark-only

No peer computes whole tables, so the rows compare our own paths: the local table on
one and two threads, and `evaluate_batch` on a numpy array against the same array
through dask.array (the scheduler's overhead).  The full 169 x 169 exact table (about
a minute on two cores) runs only with POKERHANDS_FULL_TABLE=1.  Every table is checked
against published entries; the dask values against the numpy ones.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from evaluator import HIGH
from games import equity_table
from games.tables import ALL_CLASSES

ROWS = list(ALL_CLASSES[::4])[:40]          # 820 entries: pairs, suited and offsuit


def run(benchmark, fn, rounds=3):
    return benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=0)


def check(table) -> None:
    m = table.equities
    assert table.exact and np.allclose((m + m.T)[~np.isnan(m)], 1.0)
    if "AA" in table.rows and "KK" in table.rows:
        assert round(100 * table["AA", "KK"], 3) == 81.946


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.benchmark(group="equity table, 40 classes (820 exact entries)")
def test_table_local(benchmark, threads):
    check(run(benchmark, lambda: equity_table("holdem", ROWS, exact=True, threads=threads)))


@pytest.mark.skipif(not os.environ.get("POKERHANDS_FULL_TABLE"),
                    reason="the full table takes a minute; set POKERHANDS_FULL_TABLE=1")
@pytest.mark.benchmark(group="equity table, 169 x 169 exact")
def test_full_table(benchmark):
    t = run(benchmark, lambda: equity_table("holdem", "all", exact=True, threads=2), 1)
    check(t)
    assert round(100 * t["AKs", "QQ"], 2) == 46.05


HANDS = 20_000_000


@pytest.fixture(scope="module")
def hands():
    rng = np.random.default_rng(20261123)
    out = np.empty((HANDS, 7), np.uint8)
    for a in range(0, HANDS, 1_000_000):            # 7 distinct cards a row
        out[a:a + 1_000_000] = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7]
    return out


@pytest.mark.benchmark(group="20M 7-card hands, 2 threads: numpy vs dask.array")
def test_batch_numpy(benchmark, hands):
    values = run(benchmark, lambda: HIGH.evaluate_batch(hands, threads=2))
    assert int(values.astype(np.int64).sum()) == int(
        HIGH.evaluate_batch(hands[:1000]).astype(np.int64).sum()
        + HIGH.evaluate_batch(hands[1000:]).astype(np.int64).sum())


@pytest.mark.benchmark(group="20M 7-card hands, 2 threads: numpy vs dask.array")
def test_batch_dask(benchmark, hands):
    dask = pytest.importorskip("dask")
    da = pytest.importorskip("dask.array")
    lazy = HIGH.evaluate_batch(da.from_array(hands, chunks=(2_500_000, 7)))
    with dask.config.set(scheduler="threads", num_workers=2):
        values = run(benchmark, lazy.compute)
    assert np.array_equal(values, HIGH.evaluate_batch(hands, threads=2))
