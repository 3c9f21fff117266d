"""The equity calculation: check the inputs, plan, then enumerate or sample.

Python validates and plans; the kernels (games/equity/_exact.pyx, _sample.pyx)
enumerate or sample without the GIL.  Exact runs reduce hand tuples by suit
isomorphism (tuples that a relabelling of suits fixing the board and the dead cards
maps onto each other have the same result), so ranges cost their distinct shapes, not
their combos.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator.checks import count
from evaluator.checks import seed as check_seed
from evaluator.threads import thread_count
from games.equity.dealout import dealout_equity, is_draw, is_stud
from games.equity.inputs import cards_text, hand_tables, low_table, remaining_deck, resolve
from games.equity.pineapple import discard, discard_preflop
from games.equity.plan import plan_exact
from games.equity.result import POT, EquityResult, Progress, player_equities
from games.equity.runs import run_exact, run_sample
from games.variants import Split, Variant, variant

#: exact=None enumerates when the estimated work is at most this many lookups (~1 s)
AUTO_EXACT_LOOKUPS = 300_000_000
#: exact=True refuses work above this many lookups (hours)
MAX_EXACT_LOOKUPS = 2_000_000_000_000
#: trials when sampling without trials= or seconds=
DEFAULT_TRIALS = 1_000_000


def equity(
    game: Variant | str,
    players: Sequence[Any],
    board: Any = "",
    dead: Any = "",
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seconds: float | None = None,
    seed: int | np.random.SeedSequence | np.random.Generator | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    interruptible: bool = False,
    keep: Sequence[Any] | None = None,
) -> EquityResult:
    """Each player's share of the pot when the board is dealt out.

    game: a community-card variant or its name (holdem, short-deck, omaha, omaha5,
    omaha6, omaha-hilo, omaha5-hilo, crazy-pineapple).  players: one entry each, a
    hand ("AhAs"), a hold'em range ("TT+, AKs, A5s-A2s:0.5", "15%", "random"), or
    for other games a hand, a list of hands, or "random".  board: 0, 3, 4 or 5 cards;
    dead: cards known to be out.  Cards shared between hands, board and dead cards
    are removed exactly: colliding range combos are dropped (weights renormalise).

    exact=None enumerates when that is affordable (about a second) and samples
    otherwise; True forces enumeration, False sampling.  Sampling runs `trials` trials
    (default 1,000,000) or for `seconds` (at least one batch of 65,536 trials a
    thread, however short the budget); the same seed (an int 0..2**64-1, a numpy
    SeedSequence, or a Generator to draw one from) gives the same answer for any number
    of `threads` (None: one per available CPU).  progress(done, total) is called as
    work completes; it may raise StopSampling to end sampling early.  With
    interruptible=True, Ctrl-C during sampling returns the result so far.

    Crazy Pineapple: each player holds one three-card hand and keeps the two that
    make the best hand with the flop (see keep_two); the discarded cards are dead.
    Without a board every flop is enumerated (exact only).

    Stud (seven-card-stud, seven-card-stud-hilo, razz): each player is the cards it
    holds so far, "??" for one not seen ("????Kh"); dead: the cards seen out of play.
    Draw games (2-7-single-draw, 2-7-triple-draw, badugi): each player is its hand
    before a draw, and `keep` its strategy, one entry a player: "pat" (the default),
    k (keep its best k cards) or the cards it keeps; the hands after the draw are shown
    down.  These run on one thread, exactly up to a million deals (exact=None) or by
    sampling `trials` deals (default 200,000); see games/equity/dealout.py.

    >>> r = equity("razz", ["As2s3sKdQh9c", "4c5c6c7cKcTd"])   # sixth street: 1,560 deals
    >>> r.exact, round(r[0].equity, 4)
    (True, 0.2615)
    """
    t0 = time.perf_counter()
    v = variant(game)
    if is_stud(v) or is_draw(v):
        # any board but the default "" is refused, an array too (comparing an array
        # with "" would be an array, not a yes or no)
        no_board = isinstance(board, str) and board == ""
        if not no_board or seconds is not None or progress is not None or interruptible:
            raise ValueError(f"{v.title} has no board; board=, seconds=, progress= and "
                             "interruptible= are for the board games")
        return dealout_equity(v, players, dead, keep, exact=exact, trials=trials, seed=seed)
    if keep is not None:
        raise ValueError("keep= is the drawing strategy of the draw games")
    if v.board_cards != 5 or v.high is None:
        raise ValueError(f"{v.name} has no community cards; equity here is for board games")
    n_threads = thread_count(threads)
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None, got {type(exact).__name__}")
    if exact is True and (trials is not None or seconds is not None):
        raise ValueError("exact=True enumerates; trials and seconds are for sampling")
    if trials is not None:
        trials = count(trials, "trials", 1, 1 << 62)
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float, np.integer,
                                                                  np.floating)):
            raise TypeError(f"seconds must be a number, got {type(seconds).__name__}")
        if not 0 < seconds < math.inf:
            raise ValueError(f"seconds must be a positive finite number, got {seconds!r}")
    run_seed = check_seed(seed)

    board_cards, dead_cards, parsed = resolve(v, players, board, dead)
    n = len(parsed)
    tables, low = hand_tables(v), low_table(v)

    if v.dealt != v.hole_cards and len(board_cards) == 0:
        if exact is False or trials is not None or seconds is not None:
            raise ValueError(f"{v.title} before the flop is enumerated exactly; give the "
                             f"flop to sample")
        return discard_preflop(v, tables, parsed, dead_cards, t0, progress)
    if v.dealt != v.hole_cards:
        parsed, dead_cards = discard(v, parsed, board_cards, dead_cards)
        v = v.with_options(dealt_hole_cards=None)

    deck = remaining_deck(v, board_cards, dead_cards)
    need = 5 - len(board_cards)
    left = len(deck) - n * v.hole_cards
    boards = math.comb(left, need)

    # plan: enumerate the hand tuples if there are not too many, reduce by suits
    holes: npt.NDArray[np.uint8] | None = None
    cls_weight: npt.NDArray[np.float64] | None = None
    cost = math.inf
    tuples_count = 0
    if exact is not False and trials is None and seconds is None and not any(
        p.is_random for p in parsed
    ):
        holes, cls_weight, tuples_count, cost = plan_exact(v, parsed, board_cards, dead_cards,
                                                           boards)
    if exact is True and holes is None:
        raise ValueError(
            "too many hand combinations to enumerate exactly (ranges or random hands); "
            "sample instead (exact=False)"
        )
    if exact is True and cost > MAX_EXACT_LOOKUPS:
        hours = cost / 1.5e8 / 3600
        raise ValueError(
            f"exact enumeration would take about {hours:,.1f} hours on one thread "
            f"({cost:,.0f} lookups); sample instead (exact=False)"
        )
    use_exact = exact is True or (exact is None and trials is None and seconds is None
                                  and cost <= AUTO_EXACT_LOOKUPS)

    hi_lo = v.split is Split.HIGH_LOW
    texts = [p.text for p in parsed]
    if use_exact:
        assert holes is not None and cls_weight is not None
        counts = run_exact(v, tables, low, holes, board_cards, deck, boards, n_threads,
                           progress)
        w = cls_weight / cls_weight.sum()
        # a weighted sum written out: np.tensordot would wake OpenBLAS's threads, which
        # then spin on the cores the next run wants
        stats = (w[:, None, None] * counts).sum(axis=0) / boards  # (P, NCOL)
        result_players = player_equities(texts, stats, None)
        return EquityResult(
            v.name, result_players, cards_text(board_cards), cards_text(dead_cards), True,
            tuples_count * boards, hi_lo, None, n_threads, time.perf_counter() - t0,
        )

    if trials is None and seconds is None:
        trials = DEFAULT_TRIALS
    acc, done, interrupted = run_sample(
        v, tables, low, parsed, board_cards, deck, run_seed, trials, seconds, n_threads,
        progress, interruptible,
    )
    stats = acc.astype(np.float64) / max(done, 1)
    mean = stats[:, 2] / POT
    var = np.maximum(stats[:, 5] / POT**2 - mean**2, 0.0)
    se = np.sqrt(var / max(done, 1))
    return EquityResult(
        v.name, player_equities(texts, stats, se), cards_text(board_cards),
        cards_text(dead_cards), False, done, hi_lo, run_seed, n_threads,
        time.perf_counter() - t0,
        interrupted,
    )
