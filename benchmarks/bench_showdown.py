"""Six-handed hold'em showdowns with side pots, in showdowns per second.

1,000,000 deals (fixed seed, built before timing): 6 x 2 hole cards and a board of 5,
random contributions (0..500 chips, so nearly every deal has side pots), about one
seat in five folded, a random button.  `showdown_batch` is timed whole (the one-off
input check included) and the Cython kernel alone on checked arrays.  The answers are
checked: every deal's payouts sum to its contributions, folded seats collect nothing,
a sample agrees with the single `games.showdown`, and a weighted checksum recorded
once matches.  No peer library settles side pots in batch, so none runs beside it.

    python -m pytest benchmarks/bench_showdown.py -q --benchmark-only
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from conftest import N_BATCH, SEED, random_hands
from games import HOLDEM, showdown, showdown_batch
from games.showdown import _kernel as _showdown

FAMILY = "Showdowns"
SEATS = 6
ROW = "Hold'em showdown, 6 seats, side pots"
#: sum over deals and seats of payout * (seat + 1), recorded once for SEED 20261122
EXPECTED_CHECKSUM = 5_248_965_332


@pytest.fixture(scope="module")
def deals() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(SEED + 7)
    cards = random_hands(rng, N_BATCH, 2 * SEATS + 5)
    folded = rng.random((N_BATCH, SEATS)) < 0.2
    folded[folded.all(axis=1), 0] = False
    return dict(
        holes=np.ascontiguousarray(cards[:, : 2 * SEATS].reshape(N_BATCH, SEATS, 2)),
        boards=np.ascontiguousarray(cards[:, 2 * SEATS:]),
        contributions=rng.integers(0, 501, (N_BATCH, SEATS), dtype=np.int64),
        folded=folded,
        button=rng.integers(0, SEATS, N_BATCH, dtype=np.int64),
    )


def check(deals: dict[str, np.ndarray], out: np.ndarray) -> None:
    assert out.shape == (N_BATCH, SEATS) and out.dtype == np.int64
    assert (out.sum(axis=1) == deals["contributions"].sum(axis=1)).all()
    assert (out[deals["folded"]] == 0).all()
    for d in range(0, N_BATCH, N_BATCH // 50):
        r = showdown(HOLDEM, list(deals["holes"][d]), deals["boards"][d],
                     contributions=deals["contributions"][d].tolist(),
                     folded=deals["folded"][d].tolist(), button=int(deals["button"][d]))
        assert tuple(out[d]) == r.payouts, d
    checksum = int((out * np.arange(1, SEATS + 1)).sum())
    if SEED == 20261122:
        assert checksum == EXPECTED_CHECKSUM


def test_showdown_batch(measure: Callable[..., Any], deals: dict[str, np.ndarray]) -> None:
    out = measure(showdown_batch, "holdem", what=f"{ROW}, batch, 1 thread",
                  lib="pokerhands", hands=N_BATCH, unit="showdowns", **deals)
    check(deals, out)


def test_kernel_only(measure: Callable[..., Any], deals: dict[str, np.ndarray]) -> None:
    """The Cython loop alone (values and pots), on arrays already checked."""
    tables = HOLDEM.high.tables
    out = np.zeros((N_BATCH, SEATS), dtype=np.int64)
    folded = deals["folded"].astype(np.uint8)

    def run() -> np.ndarray:
        _showdown.settle_board(tables, deals["holes"], deals["boards"],
                               deals["contributions"], folded, deals["button"], out)
        return out

    measure(run, what=f"{ROW}, kernel only, 1 thread", lib="pokerhands", hands=N_BATCH,
            unit="showdowns")
    check(deals, out)
