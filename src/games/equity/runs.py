"""Running the equity kernels: exact enumeration split over threads, and seeded Monte
Carlo in fixed chunks so that the same seed gives the same answer for any thread count."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator.threads import run_tasks, shared_pool
from games.equity import _exact, _sample
from games.equity.inputs import Player
from games.equity.result import Progress, StopSampling
from games.variants import Variant

#: trials per seeded stream: chunk i of a run always draws from stream (seed, i)
CHUNK = 4096


def run_exact(v: Variant, tables: Any, low: Any, holes: npt.NDArray[np.uint8],
               board: npt.NDArray[np.uint8], deck: npt.NDArray[np.uint8], boards: int,
               threads: int, progress: Progress | None) -> npt.NDArray[np.int64]:
    n_cls, n_players, _ = holes.shape
    need = 5 - len(board)
    total = np.zeros((n_cls, n_players, _exact.NCOLS), dtype=np.int64)
    tasks: list[Callable[[], Any]] = []
    weights: list[int] = []
    n_first = len(deck) - n_players * holes.shape[2] - need + 1
    if n_cls >= 4 * threads or need == 0:
        step = max(1, -(-n_cls // (8 * threads)))
        for a in range(0, n_cls, step):
            b = min(n_cls, a + step)

            def task(a: int = a, b: int = b) -> Any:
                out = np.zeros((b - a, n_players, _exact.NCOLS), dtype=np.int64)
                _exact.exact(tables, low, holes[a:b], board, deck, 0, 1, out)
                return a, b, out
            tasks.append(task)
            weights.append((b - a) * boards)
    else:
        nparts = max(1, min(n_first, 8 * threads if n_cls * boards > 200_000 else threads))
        for part in range(nparts):
            def part_task(part: int = part) -> Any:
                out = np.zeros((n_cls, n_players, _exact.NCOLS), dtype=np.int64)
                _exact.exact(tables, low, holes, board, deck, part, nparts, out)
                return 0, n_cls, out
            tasks.append(part_task)
            weights.append(n_cls * boards // nparts)
    state = {"done": 0}

    def done(res: Any) -> None:
        a, b, out = res
        total[a:b] += out
        state["done"] += 1
        if progress is not None:
            frac = state["done"] / len(tasks)
            progress(round(frac * n_cls * boards), n_cls * boards)

    run_tasks(threads, tasks, done)
    return total


def _as_dealt(p: Player, players: list[Player], deck: npt.NDArray[np.uint8],
              h: int) -> Player:
    """A range holding every hand the deck can still give, all weighted alike, is a
    random hand: the kernel deals it from the deck (a few ns) instead of drawing one of
    its rows and redrawing on collisions.  The two sample the same joint deal."""
    if p.is_fixed or p.is_random or np.ptp(p.weights) != 0:
        return p
    fixed = sum(len(q.combos[0]) for q in players if q.is_fixed)
    if len(p.combos) != math.comb(len(deck) - fixed, h):
        return p
    return Player(p.text, np.zeros((0, h), np.uint8), np.zeros(0))


def run_sample(v: Variant, tables: Any, low: Any, players: list[Player],
                board: npt.NDArray[np.uint8], deck: npt.NDArray[np.uint8], seed: int,
                trials: int | None, seconds: float | None, threads: int,
                progress: Progress | None, interruptible: bool
                ) -> tuple[npt.NDArray[np.int64], int, bool]:
    h = v.dealt
    players = [_as_dealt(p, players, deck, h) for p in players]
    combos = np.ascontiguousarray(
        np.concatenate([p.combos.reshape(-1, h) for p in players]), dtype=np.uint8
    ).reshape(-1, h)
    starts = np.zeros(len(players) + 1, dtype=np.int64)
    starts[1:] = np.cumsum([len(p.combos) for p in players])
    cum = np.concatenate([np.cumsum(p.weights) for p in players] + [np.zeros(0)])
    total_trials = trials if trials is not None else (1 << 62)
    total = np.zeros((len(players), _sample.NCOLS), dtype=np.int64)
    n_chunks = -(-total_trials // CHUNK)
    per_batch = 16 * threads
    start = time.perf_counter()
    done_trials = 0
    interrupted = False
    next_chunk = 0
    pool = shared_pool(threads) if threads > 1 else None
    try:
        while next_chunk < n_chunks:
            # a budget shorter than one batch still samples one: an answer of no
            # outcomes would be every equity 0.0, a silent wrong answer
            if (seconds is not None and next_chunk
                    and time.perf_counter() - start >= seconds):
                break
            batch = min(per_batch, n_chunks - next_chunk)
            bounds = np.linspace(next_chunk, next_chunk + batch, min(threads, batch) + 1)
            bounds = bounds.astype(np.int64)

            def work(a: int, b: int) -> tuple[npt.NDArray[np.int64], int]:
                out = np.zeros((len(players), _sample.NCOLS), dtype=np.int64)
                n = _sample.sample(tables, low, combos, starts, cum, board, deck,
                                   seed, a, b - a, CHUNK, total_trials, out)
                return out, n

            spans = [(int(a), int(b)) for a, b in pairwise(bounds)]
            if pool is None:
                results = [work(a, b) for a, b in spans]
            else:
                futures = [pool.submit(work, a, b) for a, b in spans]
                results = [f.result() for f in futures]
            for out, n in results:
                if n < 0:
                    raise ValueError(
                        "the players' ranges collide in almost every deal; "
                        "check them against each other"
                    )
                total += out
                done_trials += n
            next_chunk += batch
            if progress is not None:
                shown = trials if trials is not None else done_trials
                if seconds is not None:   # expected total at the current pace
                    pace = done_trials / max(time.perf_counter() - start, 1e-9)
                    shown = max(done_trials, min(shown if trials else 1 << 62,
                                                 round(pace * seconds)))
                try:
                    progress(done_trials, shown)
                except StopSampling:
                    interrupted = True
                    break
    except KeyboardInterrupt:
        if not interruptible or done_trials == 0:
            raise
        interrupted = True
    # (a batch still running after Ctrl-C fills only its own buffers, then ends)
    return total, done_trials, interrupted
