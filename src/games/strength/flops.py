"""Histograms of every flop situation: the river equity distribution of each of the
1,286,792 canonical (hole, flop) situations of hold'em, row `index(hole, flop)` of one
array, from the 1,755 canonical flops (each flop class's hands are every hand on one
representative flop).  The input of card abstractions: cluster the rows
(games.strength.cluster) and a situation's bucket is its row's."""

from __future__ import annotations

from functools import partial

import numpy as np
import numpy.typing as npt

from evaluator.checks import count
from evaluator.threads import Progress, run_tasks, thread_count
from games.strength.indexing import indexer
from games.strength.table import _two_card_game, canonical_boards, hands_of, histogram_rows
from games.variants import Variant

__all__ = ["flop_histograms"]


def flop_histograms(game: Variant | str = "holdem", bins: int = 50, *,
                    threads: int | None = None, progress: Progress | None = None,
                    flops: int | None = None) -> npt.NDArray[np.float32]:
    """(size(game, 1), bins) float32: row i is the river equity histogram (against a
    random hand, over the turn and river) of every flop situation of index i.

    Works through the canonical flops (1,755 in hold'em) on `threads` threads (None:
    one per CPU), calling progress(flops done, flops) after each; `flops` stops after
    that many canonical flops (rows of the situations not reached stay NaN), for trying
    it out.  Hold'em: 1,286,792 x 50 float32 is 257 MB, and the whole run takes a few
    minutes on two threads.
    """
    v = _two_card_game(game)
    bins = count(bins, "bins", 1, 10_000)
    n_threads = thread_count(threads)
    boards, _ = canonical_boards(v, 3)
    n = len(boards) if flops is None else count(flops, "flops", 1, len(boards))
    ix = indexer(v, 3)
    out = np.full((int(ix.size), bins), np.nan, dtype=np.float32)

    hands = hands_of(v)

    def one(k: int) -> None:
        live, hist = histogram_rows(v, boards[k], bins)
        holes = np.ascontiguousarray(hands[live])
        flop = np.repeat(boards[k][None], len(holes), axis=0)
        idx = np.empty(len(holes), np.int64)
        ix.index(holes, flop, idx)
        out[idx] = hist[live]

    done = [0]

    def report(_: None) -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], n)

    run_tasks(n_threads, [partial(one, k) for k in range(n)], report)
    return out
