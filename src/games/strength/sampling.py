"""Monte Carlo for `table` where exact counting is unaffordable, with a seed.

Two samplers, each unbiased for what it estimates and each with its standard error:

* sampled runouts (`sample_runouts`): `trials` completions of the board drawn uniformly
  (with replacement) from all of them; on each, every hand's river equity against one
  opponent is counted exactly by the same kernel as the exact tables.  EHS, EHS² and
  the histograms are then means over the sampled runouts a hand is live on: EHS's
  standard error is sqrt((EHS² - EHS ** 2) / n) over those n runouts, and EHS²'s at
  most sqrt((EHS² - (EHS²) ** 2) / n) (an equity lies in [0, 1], so its fourth moment
  is at most its second); a histogram bin holding p has sqrt(p (1 - p) / n).
* sampled deals (`sample_deals`): `trials` deals of the opponents (by weight, redrawn
  when they collide) and then the runout from the cards left; each deal that misses a
  hand is one observation of its share of the pot against all of them (ties split),
  and, against one opponent, of the 3 x 3 table of its standing now and at the river.
  EHS against k opponents is the mean share (standard error sqrt(var / n)); PPot and
  NPot are ratios of cell counts, with the delta method's standard error
  sqrt(sum_c p_c (x_c - R y_c) ** 2 / n) / mean(y) (x, y: each cell's part of the
  numerator and the denominator).

Deals come in chunks of CHUNK, chunk i drawing from its own stream seeded by (seed,
i): a seed and a number of deals give the same counts on any number of threads.
Sampled runouts are drawn here by numpy from the seed, before any kernel runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator.threads import Progress, run_tasks
from games.strength import _kernel

__all__ = ["CHUNK", "DealCounts", "deal_estimates", "sample_deals", "sample_runouts"]

#: deals per seeded stream
CHUNK = 1024


def sample_runouts(rest: npt.NDArray[np.uint8], need: int, trials: int,
                   seed: int) -> npt.NDArray[np.uint8]:
    """`trials` completions of a board by `need` of the cards `rest`, each uniform over
    all of them, drawn independently (numpy's PCG64 from the seed)."""
    rng = np.random.default_rng(seed)
    if need == 0:
        return np.zeros((trials, 0), np.uint8)
    # the order argpartition leaves differs by machine and is not random; harmless
    # here, where a runout is a set of board cards (equity's deals, whose order gives
    # the cards to players, use a shuffle instead: games/equity/dealout.py)
    picks = np.argpartition(rng.random((trials, len(rest))), need - 1, axis=1)[:, :need]
    return np.ascontiguousarray(rest[picks], dtype=np.uint8)


@dataclass(frozen=True)
class DealCounts:
    """The sampled deals' counts of each hero hand: deals that missed it, its share of
    the pot summed and squared, and the 3 x 3 counts of its standing now (ahead, tied,
    behind) by at the river, against one opponent."""

    n: npt.NDArray[np.float64]
    share: npt.NDArray[np.float64]
    share2: npt.NDArray[np.float64]
    now_river: npt.NDArray[np.float64]      # (M, 3, 3)
    deals: int
    failed: int


def sample_deals(tables: Any, board: npt.NDArray[np.uint8], heroes: npt.NDArray[np.uint8],
                 hero_now: npt.NDArray[np.int32], opps: npt.NDArray[np.uint8],
                 weights: npt.NDArray[np.float64], k: int, potentials: bool,
                 deck: npt.NDArray[np.uint8], seed: int, trials: int, threads: int,
                 progress: Progress | None) -> DealCounts:
    """Run `trials` deals over threads (chunks of CHUNK, summed in chunk order)."""
    n_chunks = -(-trials // CHUNK)
    cum = np.ascontiguousarray(np.cumsum(weights), dtype=np.float64)
    width = _kernel.SAMPLE_NCOL
    total = np.zeros((len(heroes), width))
    # a fixed number of chunks a task, whatever the threads: the partial sums are then
    # added in the same order, and a seed gives the same figures to the last bit
    per_task = 4
    starts = list(range(0, n_chunks, per_task))
    state = {"deals": 0, "failed": 0}

    def task(first: int) -> tuple[int, npt.NDArray[np.float64], int]:
        count = min(per_task, n_chunks - first)
        out = np.zeros((len(heroes), width))
        failed = _kernel.sample_deals(tables, board, heroes, hero_now, opps, cum, k,
                                      potentials, deck, seed, first, count, CHUNK, trials,
                                      out)
        return first, out, int(failed)

    def done(res: tuple[int, npt.NDArray[np.float64], int]) -> None:
        first, out, failed = res
        total[:] += out
        state["failed"] += failed
        state["deals"] = min(trials, (first + per_task) * CHUNK)
        if progress is not None:
            progress(state["deals"], trials)

    run_tasks(threads, [partial(task, s) for s in starts], done)
    c = _kernel.SAMPLE_COLUMNS
    return DealCounts(total[:, c["n"]], total[:, c["share"]], total[:, c["share2"]],
                      total[:, c["now_river"]:c["now_river"] + 9].reshape(-1, 3, 3),
                      trials, state["failed"])


def deal_estimates(c: DealCounts) -> dict[str, npt.NDArray[np.float64]]:
    """EHS (mean share) and, from the 3 x 3 counts, PPot and NPot, each with its
    standard error (keys ehs, ehs_se, ppot, ppot_se, npot, npot_se); NaN for a hand
    no deal missed."""
    n = c.n
    with np.errstate(invalid="ignore", divide="ignore"):
        ehs = c.share / n
        var = (c.share2 - n * ehs ** 2) / (n - 1)
        ehs_se = np.sqrt(np.maximum(var, 0) / n)
    ehs_se = np.where(n > 1, ehs_se, np.nan)
    out = {"ehs": ehs, "ehs_se": ehs_se}
    p = c.now_river                     # [hand, now, river]: 0 ahead, 1 tied, 2 behind
    half = 0.5
    # each cell's part of the numerator (x) and of the denominator (y)
    x_ppot = np.array([[0, 0, 0], [half, 0, 0], [1, half, 0]])
    y_ppot = np.array([[0, 0, 0], [half, half, half], [1, 1, 1]])
    x_npot = np.array([[0, half, 1], [0, 0, half], [0, 0, 0]])
    y_npot = np.array([[1, 1, 1], [half, half, half], [0, 0, 0]])
    for name, x, y in (("ppot", x_ppot, y_ppot), ("npot", x_npot, y_npot)):
        sx = (p * x).sum(axis=(1, 2))
        sy = (p * y).sum(axis=(1, 2))
        with np.errstate(invalid="ignore", divide="ignore"):
            r = np.where(sy > 0, sx / np.where(sy > 0, sy, 1), 0.0)
            z2 = (p * (x[None] - r[:, None, None] * y[None]) ** 2).sum(axis=(1, 2))
            se = np.where(sy > 0, np.sqrt(z2) / np.where(sy > 0, sy, 1), 0.0)
        out[name] = np.where(n > 0, r, np.nan)
        out[name + "_se"] = np.where(n > 0, se, np.nan)
    return out


def default_deals(heroes: int, hole: int) -> int:
    """Deals for about a second of work: each values every hero hand once (an Omaha
    holding's six hole pairs cost about three two-card hands)."""
    return max(1_000, min(1_000_000, 200_000_000 // max(1, heroes * (3 if hole > 2 else 1))))


def runout_se(ehs: npt.NDArray[np.float64], ehs2: npt.NDArray[np.float64],
              n: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.float64],
                                                   npt.NDArray[np.float64]]:
    """Standard errors of EHS and (a bound on) EHS² over n sampled runouts."""
    with np.errstate(invalid="ignore", divide="ignore"):
        se = np.sqrt(np.maximum(ehs2 - ehs ** 2, 0) / n)
        se2 = np.sqrt(np.maximum(ehs2 - ehs2 ** 2, 0) / n)
    return np.where(n > 0, se, np.nan), np.where(n > 0, se2, np.nan)


def live_counts(runouts: npt.NDArray[np.uint8], hands: npt.NDArray[np.uint8],
                chunk: int = 4096) -> npt.NDArray[np.float64]:
    """How many of the runouts each hand is live on (shares no card with)."""
    rmask = np.zeros(len(runouts), np.uint64)
    for j in range(runouts.shape[1]):
        rmask |= np.uint64(1) << runouts[:, j].astype(np.uint64)
    hmask = np.zeros(len(hands), np.uint64)
    for j in range(hands.shape[1]):
        hmask |= np.uint64(1) << hands[:, j].astype(np.uint64)
    out = np.zeros(len(hands))
    for a in range(0, len(hands), chunk):
        block = hmask[a:a + chunk]
        out[a:a + chunk] = ((block[:, None] & rmask[None, :]) == 0).sum(axis=1)
    return out


def math_comb(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0
