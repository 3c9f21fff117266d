"""Dask: batch calls over chunked dask arrays, and equity tables on a real LocalCluster
of two worker processes, including one killed mid-run.  Skipped where the
``pokerhands[dask]`` extra is not installed."""

from __future__ import annotations

import os
import signal

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

from evaluator import HIGH, OMAHA  # noqa: E402
from games import equity_table, showdown_batch  # noqa: E402

TABLE_ROWS = ["AA", "KK", "QQ", "JJ", "AKs", "AQs", "KQs", "AKo", "T9s", "76s", "72o", "32o"]


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


# ---------------------------------------------------------------- dask arrays

def test_chunked_evaluation_equals_numpy():
    hands = random_hands(50_000, 7, 1)
    lazy = HIGH.evaluate_batch(da.from_array(hands, chunks=(7_000, 7)))
    assert isinstance(lazy, da.Array) and lazy.dtype == np.int32 and lazy.shape == (50_000,)
    assert np.array_equal(lazy.compute(), HIGH.evaluate_batch(hands))
    # hole cards and boards as two dask arrays with different row chunks
    holes = da.from_array(hands[:, :2], chunks=(5_000, 2))
    boards = da.from_array(hands[:, 2:], chunks=(9_000, 5))
    assert np.array_equal(HIGH.evaluate_batch(holes, boards).compute(),
                          HIGH.evaluate_batch(hands))


def test_chunked_omaha_evaluation_equals_numpy():
    cards = random_hands(20_000, 9, 2)
    holes, boards = cards[:, :4], cards[:, 4:]
    lazy = OMAHA.evaluate_batch(da.from_array(holes, chunks=(3_000, 4)), boards)
    assert np.array_equal(lazy.compute(), OMAHA.evaluate_batch(holes, boards))


def test_chunked_showdowns_equal_numpy():
    n, seats = 20_000, 3
    cards = random_hands(n, 2 * seats + 5, 3)
    holes = cards[:, :2 * seats].reshape(n, seats, 2)
    boards = cards[:, 2 * seats:]
    rng = np.random.default_rng(4)
    chips = rng.integers(1, 100, (n, seats))
    folded = rng.random((n, seats)) < 0.2
    folded[:, 0] = False
    want = showdown_batch("holdem", holes, boards, chips, folded)
    lazy = showdown_batch("holdem", da.from_array(holes, chunks=(6_000, seats, 2)),
                          da.from_array(boards, chunks=(4_000, 5)), chips, folded)
    assert isinstance(lazy, da.Array) and lazy.shape == (n, seats)
    assert np.array_equal(lazy.compute(), want)


def test_a_split_card_axis_is_refused():
    hands = da.from_array(random_hands(1_000, 7, 5), chunks=(500, 4))
    with pytest.raises(ValueError, match=r"axis 1 .* only rows may be chunked"):
        HIGH.evaluate_batch(hands)


def test_a_bad_row_names_its_block_when_computed():
    hands = random_hands(10_000, 7, 6)
    hands[7_003, 1] = hands[7_003, 0]
    lazy = HIGH.evaluate_batch(da.from_array(hands, chunks=(2_000, 7)))
    with pytest.raises(ValueError, match=r"block starting at row 6000: cards\[1003\]"):
        lazy.compute()


def test_out_is_refused_with_dask_arrays():
    hands = da.from_array(random_hands(10, 7, 7), chunks=(5, 7))
    with pytest.raises(TypeError, match="out cannot be given"):
        HIGH.evaluate_batch(hands, out=np.empty(10, np.int32))


def test_mismatched_rows_are_refused():
    hands = da.from_array(random_hands(10, 7, 8), chunks=(5, 7))
    with pytest.raises(ValueError, match="rows"):
        HIGH.evaluate_batch(hands[:, :2], np.zeros((9, 5), np.uint8))


# ---------------------------------------------------------------- a real cluster

@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as c:
        yield c


@pytest.fixture(scope="module")
def client(cluster):
    with distributed.Client(cluster) as c:
        yield c


def test_cluster_table_equals_the_local_one(client):
    local = equity_table("holdem", TABLE_ROWS[:6], threads=1)
    remote = equity_table("holdem", TABLE_ROWS[:6], client=client)
    assert remote.exact and np.array_equal(local.equities, remote.equities, equal_nan=True)


def test_cluster_sampling_equals_the_local_run(client):
    kwargs = {"trials": 4000, "seed": 21}
    local = equity_table("holdem", ["AA", "T9s", "72o"], ["random", "QQ"], threads=2, **kwargs)
    remote = equity_table("holdem", ["AA", "T9s", "72o"], ["random", "QQ"], client=client,
                          **kwargs)
    assert not remote.exact
    assert np.array_equal(local.equities, remote.equities)


def test_cluster_by_address_and_progress(cluster):
    seen = []
    t = equity_table("holdem", ["AA", "KK"], ["QQ"], client=cluster.scheduler_address,
                     progress=lambda d, n: seen.append((d, n)))
    assert seen[-1] == (2, 2)
    assert round(100 * t["AA", "QQ"], 2) == 81.55


def test_a_bad_scheduler_address_is_a_clear_error():
    with pytest.raises(ConnectionError, match="cannot reach a Dask scheduler at 'tcp://127"):
        equity_table("holdem", ["AA"], ["KK"], client="tcp://127.0.0.1:9")


def test_a_worker_killed_mid_run_still_gives_the_whole_table():
    local = equity_table("holdem", TABLE_ROWS, threads=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        victim = sorted(pids.values())[0]
        killed = []

        def kill_once(done: int, total: int) -> None:
            if not killed:
                os.kill(victim, signal.SIGKILL)
                killed.append(done)

        remote = equity_table("holdem", TABLE_ROWS, client=client, progress=kill_once)
        assert killed and killed[0] < 78            # killed before the table was done
        assert victim not in client.run(os.getpid).values()   # the worker really died
    assert np.array_equal(local.equities, remote.equities, equal_nan=True)
