"""Omaha throughput: OMAHA and OMAHA_EIGHT_OR_BETTER against phevaluator and pokerkit.

Run:  PYTHONPATH=src python -m pytest benchmarks/bench_omaha.py --benchmark-only \\
          --benchmark-columns=min,median,rounds

Deals are built from a fixed seed before anything is timed; every timed call's result
is checked (a checksum for our batches, agreement with our values for the peers).
Each benchmark is timed through conftest's `measure` (row `what`, column `lib`,
`hands`, `hands_per_s` from the mean and `hands_per_s_median` in extra_info).
Peers are called once per hand from Python (they have no batch API), so they get
smaller samples.
"""

from __future__ import annotations

import numpy as np
import pytest

from evaluator import OMAHA, OMAHA_EIGHT_OR_BETTER

FAMILY = "Omaha"
N = 1_000_000
SEED = 20261122


def make_deals(n: int, nh: int, nb: int = 5, seed: int = SEED):
    rng = np.random.default_rng(seed)
    holes = np.empty((n, nh), dtype=np.uint8)
    boards = np.empty((n, nb), dtype=np.uint8)
    step = 100_000
    for a in range(0, n, step):
        b = min(n, a + step)
        cards = np.argsort(rng.random((b - a, 52)), axis=1)[:, : nh + nb].astype(np.uint8)
        holes[a:b] = cards[:, :nh]
        boards[a:b] = cards[:, nh:]
    return holes, boards


#: Report rows (the task measured; the path and threads follow after a comma).
HIGH4 = "Omaha high, 4 hole + 5 board"
LOW = "Omaha 8-or-better low, 4 hole + 5 board"

_DEALS: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}


def deals(n: int, nh: int):
    if (n, nh) not in _DEALS:
        _DEALS[(n, nh)] = make_deals(n, nh)
    return _DEALS[(n, nh)]


# ---------------------------------------------------------------- ours


@pytest.mark.parametrize("nh", [4, 5, 6])
@pytest.mark.parametrize("threads", [1, 2])
def test_omaha_high_batch(measure, nh, threads):
    holes, boards = deals(N, nh)
    expected = OMAHA.evaluate_batch(holes, boards)
    out = np.empty(N, dtype=np.int32)
    plural = "s" if threads > 1 else ""
    got = measure(OMAHA.evaluate_batch, holes, boards, threads=threads, out=out,
                  what=f"Omaha high, {nh} hole + 5 board, batch, {threads} thread{plural}",
                  lib="pokerhands", hands=N)
    np.testing.assert_array_equal(got, expected)
    assert expected.min() >= 1 and expected.max() <= 7462


def test_omaha_high_kernel_only(measure):
    """The nogil loop alone, without the input checks."""
    holes, boards = deals(N, 4)
    expected = OMAHA.evaluate_batch(holes, boards)
    out = np.empty(N, dtype=np.int32)
    tables = OMAHA.tables
    measure(tables.evaluate_rows, holes, boards, out,
            what="Omaha high, 4 hole + 5 board, kernel only, 1 thread", lib="pokerhands",
            hands=N)
    np.testing.assert_array_equal(out, expected)


def test_omaha_low_batch(measure):
    holes, boards = deals(N, 4)
    expected = OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes, boards)
    out = np.empty(N, dtype=np.int32)
    got = measure(OMAHA_EIGHT_OR_BETTER.evaluate_batch, holes, boards, out=out,
                  what=f"{LOW}, batch, 1 thread", lib="pokerhands", hands=N)
    np.testing.assert_array_equal(got, expected)
    # about 34.8% of deals make a low
    assert 0.34 < (expected > 0).mean() < 0.356


def test_omaha_high_scalar(measure):
    holes, boards = deals(N, 4)
    n = 20_000
    hl, bl = holes[:n].tolist(), boards[:n].tolist()
    expected = OMAHA.evaluate_batch(holes[:n], boards[:n])

    def run():
        return [OMAHA.evaluate(h, b) for h, b in zip(hl, bl, strict=True)]

    got = measure(run, what=f"{HIGH4}, scalar", lib="pokerhands", hands=n)
    np.testing.assert_array_equal(got, expected)


# ---------------------------------------------------------------- peers


def test_peer_phevaluator_omaha(measure):
    ph = pytest.importorskip("phevaluator")
    holes, boards = deals(N, 4)
    n = 100_000
    rows = [tuple(b) + tuple(h) for h, b in zip(holes[:n].tolist(), boards[:n].tolist(),
                                                strict=True)]
    ev = ph.evaluate_omaha_cards

    def run():
        return [ev(*r) for r in rows]

    got = measure(run, what=f"{HIGH4}, scalar", lib="phevaluator", hands=n)
    # phevaluator ranks 1 (royal flush) .. 7462; the cards use the same 4*rank+suit ids
    ours = OMAHA.evaluate_batch(holes[:n], boards[:n])
    np.testing.assert_array_equal(7463 - np.array(got), ours)


def _pokerkit_cards(holes, boards, n):
    pk = pytest.importorskip("pokerkit")
    ranks, suits = "23456789TJQKA", "cdhs"

    def cards(row):
        return list(pk.Card.parse("".join(ranks[c >> 2] + suits[c & 3] for c in row)))

    return pk, [(cards(h), cards(b)) for h, b in zip(holes[:n].tolist(), boards[:n].tolist(),
                                                     strict=True)]


def _same_order(values, hands) -> None:
    """pokerkit hands only compare: check every neighbouring pair orders as ours."""
    for i in range(len(values) - 1):
        a, b = hands[i], hands[i + 1]
        if a is None or b is None:
            assert (a is None) == (values[i] == 0) and (b is None) == (values[i + 1] == 0)
            continue
        assert (a < b) == (values[i] < values[i + 1]), i
        assert (a == b) == (values[i] == values[i + 1]), i


def test_peer_pokerkit_omaha(measure):
    holes, boards = deals(N, 4)
    n = 2_000
    pk, rows = _pokerkit_cards(holes, boards, n)
    make = pk.OmahaHoldemHand.from_game

    def run():
        return [make(h, b) for h, b in rows]

    got = measure(run, rounds=3, what=f"{HIGH4}, scalar", lib="pokerkit", hands=n)
    _same_order(OMAHA.evaluate_batch(holes[:n], boards[:n]).tolist(), got)


def test_peer_pokerkit_omaha_low(measure):
    holes, boards = deals(N, 4)
    n = 2_000
    pk, rows = _pokerkit_cards(holes, boards, n)
    make = pk.OmahaEightOrBetterLowHand.from_game

    def one(h, b):
        try:
            return make(h, b)
        except ValueError:  # no qualifying low
            return None

    def run():
        return [one(h, b) for h, b in rows]

    got = measure(run, rounds=3, what=f"{LOW}, scalar", lib="pokerkit", hands=n)
    _same_order(OMAHA_EIGHT_OR_BETTER.evaluate_batch(holes[:n], boards[:n]).tolist(), got)
