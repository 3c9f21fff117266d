"""Every hand's strength on one board: `table(game, board)` returns a `Strength` with
EHS, EHS², the hand potentials and river equity histograms of every hand at once.

Definitions (ties count half; card removal exact):
  * HS, a hand's strength now: its share against one opponent hand on the board as it
    is (flop or later);
  * the river equity of a hand on a runout (a completion of the board to five cards):
    its share of the pot against the opponents on that final board;
  * EHS: the expected river equity, the runout and the opponents dealt together from
    the cards left, so ``EHS == games.equity(hole, "random", board)`` for one opponent;
  * EHS²: the expected square of the river equity over the runouts;
  * PPot and NPot (Billings, Davidson, Schaeffer and Szafron): over every opponent hand
    and runout, with the hand now ahead, tied or behind and at the river ahead, tied or
    behind, PPot = (BA + BT/2 + TA/2) / (B + T/2) and NPot = (AB + TB/2 + AT/2) /
    (A + T/2), where XY counts pairs now X and at the river Y and X counts pairs now X
    (0 when the denominator is 0, and on the river, where nothing is to come);
  * the histogram: the distribution of the river equity over the runouts.

Against a weighted range, an opponent hand's chance is its weight over the weights of
the hands the known cards leave; a runout's chance for a hand is then the weight of the
opponents it leaves (the runout and the opponent are dealt together), so EHS is
``games.equity(hole, range, board)`` too.

What is exact and what sampled (games/strength/sampling.py says how, and the error):
  * two-card games against one opponent: everything exact.  Preflop, the 134,459
    classes of five-card boards under suit relabelling are dealt instead of the
    2,598,960 boards: a class counts for its members, and a hand's sums are averaged
    over its preflop class (hands that a relabelling maps onto each other have the same
    strength);
  * Omaha against one random holding: HS, EHS, EHS² and histograms exact on the flop,
    turn and river (every holding against every holding, card removal by
    inclusion-exclusion); before the flop they are sampled over `trials` runouts; PPot
    and NPot are sampled over `trials` deals (their exact count, a 2-d dominance count
    with four-card removal per runout, is not affordable);
  * against k >= 2 opponents: EHS sampled over `trials` deals (exact counting of k
    disjoint opponent hands is not affordable); EHS², histograms, HS and the potentials
    are defined against one opponent and not given;
  * exact=False samples everything that is sampled anywhere (EHS, EHS², histograms by
    runouts; PPot, NPot by deals; HS stays exact, it is one pass).
Sampled quantities carry standard errors (`Strength.stderr`) and a seed.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import deck, format_cards, parse_cards
from evaluator.checks import card_array, count
from evaluator.checks import seed as check_seed
from evaluator.omaha_tables import ComboTables
from evaluator.tables import HandTables
from evaluator.threads import Progress, run_tasks, thread_count
from games.ranges import range_arrays
from games.strength import _kernel, sampling
from games.strength.indexing import board_sizes, indexer
from games.variants import Split, Variant, variant

__all__ = ["Strength", "hands_of", "table"]

_C = _kernel.COLUMNS

#: sampled runouts when sampling EHS, EHS² and histograms without trials=
DEFAULT_RUNOUTS = {2: 2_000, 4: 200}


def hands_of(game: Variant | str) -> npt.NDArray[np.uint8]:
    """Every hand of a game's deck, (M, h) with each hand's cards in decreasing order,
    in colex order: hand c0 > c1 > ... is row sum_j C(c_j - low, h - j), low the deck's
    lowest card (1,326 rows for hold'em, 630 for short deck, 270,725 for Omaha).

    >>> hands_of("holdem")[:2].tolist(), len(hands_of("omaha"))
    ([[1, 0], [2, 0]], 270725)
    """
    v = _game(game)
    return _hands(v.lowest_rank, v.hole_cards)


_HANDS: dict[tuple[str, int], npt.NDArray[np.uint8]] = {}
_HANDS_LOCK = threading.Lock()


def _hands(lowest: str, h: int) -> npt.NDArray[np.uint8]:
    with _HANDS_LOCK:
        found = _HANDS.get((lowest, h))
        if found is None:
            cards = deck(lowest).tolist()
            rows = np.array(list(combinations(cards, h)), dtype=np.uint8)[:, ::-1]
            found = np.ascontiguousarray(rows[np.argsort(_colex(rows, cards[0]))])
            found.setflags(write=False)
            _HANDS[(lowest, h)] = found
    return found


def _colex(rows: npt.NDArray[np.uint8], low: int) -> npt.NDArray[np.int64]:
    """The colex rank of each row of cards in decreasing order (cards from `low` up)."""
    h = rows.shape[1]
    out = np.zeros(len(rows), np.int64)
    for j in range(h):
        c = rows[:, j].astype(np.int64) - low
        k = h - j
        term = np.ones(len(rows), np.int64)
        for q in range(k):              # C(c, k) = c (c - 1) ... (c - k + 1) / k!
            term *= np.maximum(c - q, 0)
        out += term // math.factorial(k)
    return out


def _masks(rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    out = np.zeros(len(rows), np.uint64)
    for j in range(rows.shape[1]):
        out |= np.uint64(1) << rows[:, j].astype(np.uint64)
    return out


@dataclass(frozen=True)
class Strength:
    """Every hand's strength on one board (see games.strength.table for the
    definitions and for which figures are exact and which sampled).  Arrays run over
    `hands` (every hand of the deck in colex order, or the hands asked for); a hand that
    shares a card with the board is dead: NaN everywhere."""

    game: str
    board: str
    hands: npt.NDArray[np.uint8]
    hs: npt.NDArray[np.float64] | None   # strength now (NaN preflop; None: not computed)
    ehs: npt.NDArray[np.float64]
    ehs2: npt.NDArray[np.float64] | None  # None against several opponents
    ppot: npt.NDArray[np.float64] | None  # None where not computed (preflop)
    npot: npt.NDArray[np.float64] | None
    live: npt.NDArray[np.bool_]
    runouts: int                          # runouts counted (all, or the sampled ones)
    seconds: float
    _histogram: Callable[[int], npt.NDArray[np.float64]] | None = field(
        repr=False, compare=False)
    opponents: int = 1
    #: the figures computed exactly (the others given are sampled)
    exact: tuple[str, ...] = ()
    #: each sampled figure's standard error, per hand
    stderr: dict[str, npt.NDArray[np.float64]] = field(default_factory=dict, repr=False,
                                                       compare=False)
    #: what was sampled: {"runouts": n} and/or {"deals": n}
    samples: dict[str, int] = field(default_factory=dict)
    seed: int | None = None
    _cache: dict[int, npt.NDArray[np.float64]] = field(default_factory=dict, repr=False,
                                                       compare=False)
    _index: dict[tuple[int, ...], int] = field(default_factory=dict, repr=False,
                                               compare=False)

    def row(self, hole: Any) -> int:
        """The row of a hand ("AhKd", [51, 45], any order) in the arrays."""
        cards = sorted(parse_cards(hole).tolist(), reverse=True)
        h = self.hands.shape[1]
        if len(cards) != h or len(set(cards)) != h:
            raise ValueError(f"a hand here is {h} different cards, got {hole!r}")
        if not self._index:
            keys = map(tuple, self.hands.tolist())
            self._index.update((key, i) for i, key in enumerate(keys))
        found = self._index.get(tuple(cards))
        if found is None:
            raise ValueError(f"{format_cards(cards)} is not a hand of this {self.game} "
                             f"table")
        return found

    def __getitem__(self, hole: Any) -> dict[str, float]:
        """One hand's figures: hs, ehs, ehs2, ppot, npot (those computed)."""
        i = self.row(hole)
        out = {"ehs": float(self.ehs[i])}
        for name in ("ehs2", "hs", "ppot", "npot"):
            values = getattr(self, name)
            if values is not None:
                out[name] = float(values[i])
        return out

    def histogram(self, bins: int = 50) -> npt.NDArray[np.float64]:
        """(M, bins): each hand's distribution of river equity over the runouts, in
        `bins` equal bins of [0, 1] (a value e falls in bin min(floor(e * bins),
        bins - 1)); rows sum to 1, dead hands' rows are NaN.  Computed on first use
        for each number of bins (about as long as the table itself); over the sampled
        runouts where the table sampled them (a bin holding p then has the standard
        error sqrt(p (1 - p) / n), n the runouts a hand is live on,
        `stderr["n_runouts"]`)."""
        if self._histogram is None:
            raise ValueError("histograms are of the river equity against one opponent; "
                             f"this table is against {self.opponents}")
        bins = count(bins, "bins", 1, 100_000)
        found = self._cache.get(bins)
        if found is None:
            found = self._histogram(bins)
            found.setflags(write=False)
            self._cache[bins] = found
        return found


def _range_weights(v: Variant, opponent: Any, hands: npt.NDArray[np.uint8]
                   ) -> npt.NDArray[np.float64]:
    """Each hand's weight as the opponent's hand: 1 for a random hand, else the range's."""
    if isinstance(opponent, str) and opponent.strip().lower() in ("random", "*", ""):
        return np.ones(len(hands))
    if not isinstance(opponent, str):
        raise TypeError(f"opponent must be a range (a string such as 'random' or "
                        f"'TT+, AKs'), got {type(opponent).__name__}")
    try:
        combos, weights = range_arrays(opponent, v.lowest_rank)
    except ValueError as e:
        raise ValueError(f"opponent: {e}") from None
    v.check_in_deck(combos, "opponent")
    low = int(hands[0, 1])
    hi = np.maximum(combos[:, 0], combos[:, 1]).astype(np.int64) - low
    lo = np.minimum(combos[:, 0], combos[:, 1]).astype(np.int64) - low
    out = np.zeros(len(hands))
    np.add.at(out, hi * (hi - 1) // 2 + lo, weights)
    return out


def _game(game: Variant | str) -> Variant:
    """A high-hand board game of two hole cards (hold'em, short deck) or four (Omaha)."""
    v = variant(game)
    ok = (v.is_community and v.dealt == v.hole_cards and v.split is Split.HIGH
          and v.high is not None
          and ((v.hole_cards == 2 and isinstance(v.high.tables, HandTables))
               or (v.hole_cards == 4 and isinstance(v.high.tables, ComboTables))))
    if not ok:
        raise ValueError(f"strength tables are for high-hand board games of two or four "
                         f"hole cards (holdem, short-deck, omaha), not {v.name}")
    return v


def _heroes(v: Variant, hands: Any, everyone: npt.NDArray[np.uint8]
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64] | None]:
    """The hands to report and their rows among every hand (None: every hand)."""
    if hands is None:
        return everyone, None
    h = v.hole_cards
    if isinstance(hands, str):
        hands = [hands]
    arr = np.asarray(hands) if not isinstance(hands, np.ndarray) else hands
    if arr.size == 0:
        raise ValueError("hands: no hand given")
    if arr.dtype.kind in "US" or arr.dtype == object:
        try:
            parsed = [parse_cards(x).tolist() for x in arr.reshape(-1).tolist()]
        except (ValueError, TypeError) as e:
            raise ValueError(f"hands: {e}") from None
        if any(len(r) != h for r in parsed):
            raise ValueError(f"hands: a {v.title} hand has {h} cards")
        arr = np.array(parsed, dtype=np.uint8).reshape(-1, h)
    else:
        arr = card_array(arr, "hands", lambda a: a.ndim == 2 and a.shape[1] == h,
                         f"(N, {h})")
    if len(arr) == 0:
        raise ValueError("hands: no hand given")
    v.check_in_deck(arr, "hands")
    arr = -np.sort(-arr.astype(np.int64), axis=1)
    same = (arr[:, 1:] == arr[:, :-1]).any(axis=1)
    if same.any():
        raise ValueError(f"hands[{int(np.argmax(same))}]: a card held twice")
    rows = _colex(arr.astype(np.uint8), int(everyone[0, -1]))
    return np.ascontiguousarray(everyone[rows]), rows


def _two_card_game(game: Variant | str) -> Variant:
    v = variant(game)
    if (not v.is_community or v.hole_cards != 2 or v.dealt != 2 or v.split is not Split.HIGH
            or v.high is None or not isinstance(v.high.tables, HandTables)):
        raise ValueError(f"strength tables are for two-card high-hand games (holdem, "
                         f"short-deck), not {v.name}")
    return v


_CANONICAL: dict[tuple[str, int], tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]] = {}
_CANONICAL_LOCK = threading.Lock()


def canonical_boards(game: Variant | str, cards: int
                     ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """One board of `cards` cards of each class under suit relabelling, and how many
    boards its class holds (1,755 flops of 22,100; 134,459 five-card boards)."""
    v = variant(game)
    key = (v.lowest_rank, cards)
    with _CANONICAL_LOCK:
        found = _CANONICAL.get(key)
        if found is None:
            ix = indexer(v.with_options(hole_cards=0), cards)
            boards = np.empty((int(ix.size), cards), np.uint8)
            ix.unindex(np.arange(ix.size, dtype=np.int64),
                       np.empty((int(ix.size), 0), np.uint8), boards)
            # a class holds 24 / |stabiliser| boards; the stabiliser permutes the suits
            # with equal rank sets: the product of their counts' factorials
            masks = np.zeros((len(boards), 4), np.int64)
            for j in range(cards):
                np.bitwise_or.at(masks, (np.arange(len(boards)), boards[:, j] & 3),
                                 1 << (boards[:, j] >> 2).astype(np.int64))
            masks.sort(axis=1)
            stab = np.ones(len(boards))
            run = np.ones(len(boards))
            for s in range(1, 4):
                same = masks[:, s] == masks[:, s - 1]
                run = np.where(same, run + 1, 1)
                stab *= np.where(same, run, 1)
            found = (boards, 24.0 / stab)
            _CANONICAL[key] = found
    return found


def _class_average(v: Variant, hands: npt.NDArray[np.uint8],
                   values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Rows averaged over each hand's preflop class (the 169 hold'em classes)."""
    cls = indexer(v, 0)
    idx = np.empty(len(hands), np.int64)
    cls.index(np.ascontiguousarray(hands), np.empty((len(hands), 0), np.uint8), idx)
    sums = np.zeros((int(cls.size), *values.shape[1:]))
    np.add.at(sums, idx, values)
    sizes = np.bincount(idx, minlength=int(cls.size)).astype(np.float64)
    shape = (-1,) + (1,) * (values.ndim - 1)
    return (sums / sizes.reshape(shape))[idx]


def _run(tables: Any, board: npt.NDArray[np.uint8], runouts: npt.NDArray[np.uint8],
         rweights: npt.NDArray[np.float64], hands: npt.NDArray[np.uint8],
         weights: npt.NDArray[np.float64], cls: npt.NDArray[np.int32], nclasses: int,
         potentials: bool, bins: int, threads: int, progress: Progress | None
         ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The kernel over the runouts, split in parts over threads; sums added up."""
    m = len(hands)
    # parts: a few a thread for progress and balance on long runs (preflop), one a
    # thread on a flop or later (each part repeats the per-board setup)
    nparts = threads if len(runouts) < 5000 else min(len(runouts), 8 * threads)
    total = np.zeros((m, _kernel.NCOL))
    hist = np.zeros((m, max(bins, 1)))
    done = [0]

    def part(p: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        out = np.zeros((m, _kernel.NCOL))
        h = np.zeros((m, max(bins, 1)))
        _kernel.board_strength(tables, board, runouts, rweights, hands, weights, cls,
                              nclasses, potentials, bins, out, h, p, nparts)
        return out, h

    def add(res: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]) -> None:
        total[:] += res[0]
        hist[:] += res[1]
        done[0] += 1
        if progress is not None:
            progress(done[0], nparts)

    run_tasks(threads if nparts > 1 else 1, [partial(part, p) for p in range(nparts)], add)
    return total, hist


def _runouts(rest: list[int], need: int) -> npt.NDArray[np.uint8]:
    """Every completion of a board by `need` of the cards `rest` (one, empty, on the
    river)."""
    if need == 0:
        return np.zeros((1, 0), np.uint8)
    return np.array(list(combinations(rest, need)), np.uint8)


def histogram_rows(v: Variant, board: npt.NDArray[np.uint8], bins: int
                   ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]:
    """Which hands are live on a flop or later board, and their river equity
    histograms against a random hand, in one pass of the kernel (one thread)."""
    hands = _hands(v.lowest_rank, 2)
    board_mask = 0
    for c in board.tolist():
        board_mask |= 1 << c
    masks = (np.uint64(1) << hands[:, 0].astype(np.uint64)) | (
        np.uint64(1) << hands[:, 1].astype(np.uint64))
    live = (masks & np.uint64(board_mask)) == 0
    weights = np.where(live, 1.0, 0.0)
    rest = [c for c in v.deck.tolist() if not (board_mask >> c) & 1]
    need = 5 - len(board)
    runouts = _runouts(rest, need)
    sums, hist = _run(v.high.tables, np.ascontiguousarray(board, np.uint8),  # type: ignore[union-attr]
                      runouts, np.ones(len(runouts)), hands, weights,
                      np.zeros(len(hands), np.int32), 1, False, bins, 1, None)
    with np.errstate(invalid="ignore", divide="ignore"):
        return live, hist / sums[:, _C["den"]][:, None]


def table(game: Variant | str = "holdem", board: Any = "", *, opponent: str = "random",
          opponents: int = 1, hands: Any = None, potentials: bool = True,
          exact: bool | None = None, trials: int | None = None, seed: Any = None,
          threads: int | None = 1, progress: Progress | None = None) -> Strength:
    """Every hand's strength on `board` (0, 3, 4 or 5 cards): HS, EHS, EHS², PPot,
    NPot and, on demand, river equity histograms (see the module for which are exact).

    game: holdem, short-deck (two hole cards) or omaha (four); hands: None for every
    hand of the deck (1,326, 630 or 270,725 rows, colex order), or the hands to report
    ((N, h) cards or strings).  opponent: "random" (a uniformly random hand) or, in
    two-card games, a range ("TT+, AKs, 20%", weights as ``:0.5``); opponents: how many
    (k >= 2: EHS only, sampled).  potentials=False skips HS, PPot and NPot (None then).
    exact: None for exact where affordable and sampled otherwise, True to refuse
    sampling, False to sample; trials: the sampled runouts or deals (default about a
    second of work); seed: an int (or numpy SeedSequence or Generator; None draws one,
    kept in `Strength.seed`).  threads: None for one per CPU; progress(done, total) is
    called as parts complete.  A hold'em flop takes a few tens of ms on one thread;
    preflop deals the 134,459 classes of five-card boards (a few seconds); an Omaha flop
    about ten seconds.

    >>> s = table("holdem", "Td7s2c")
    >>> aces, nines = s["AhAd"], s["8h9h"]
    >>> round(aces["ehs"], 4), round(nines["ppot"], 4)
    (0.8649, 0.4347)
    >>> int(np.isnan(s.ehs).sum())          # the hands holding a board card
    150
    """
    t0 = time.perf_counter()
    v = _game(game)
    h = v.hole_cards
    n_threads = thread_count(threads)
    board_cards = parse_cards(board)
    sizes = board_sizes(v)
    if len(board_cards) not in sizes:
        raise ValueError(f"a {v.title} board has {', '.join(map(str, sizes[:-1]))} or "
                         f"{sizes[-1]} cards, got {len(board_cards)}")
    v.check_in_deck(board_cards, "board")
    k = count(opponents, "opponents", 1, v.max_players - 1)
    if not isinstance(potentials, bool):
        raise TypeError(f"potentials must be True or False, got {type(potentials).__name__}")
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None, got {type(exact).__name__}")
    if trials is not None:
        trials = count(trials, "trials", 1, 1 << 40)
    if exact is True and trials is not None:
        raise ValueError("exact=True counts everything; trials are for sampling")
    everyone = _hands(v.lowest_rank, h)
    heroes, rows = _heroes(v, hands, everyone)
    weights = _opponent_weights(v, opponent, everyone)
    nb = len(board_cards)
    board_mask = 0
    for c in board_cards.tolist():
        board_mask |= 1 << c
    live_all = (_masks(everyone) & np.uint64(board_mask)) == 0
    weights = np.where(live_all, weights, 0.0)
    if not weights.any():
        raise ValueError(f"opponent {opponent!r}: no hand of the range is left beside "
                         f"the board {format_cards(board_cards)}")
    rest = np.array([c for c in v.deck.tolist() if not (board_mask >> c) & 1], np.uint8)
    board_arr = np.ascontiguousarray(board_cards, dtype=np.uint8)
    live = live_all if rows is None else live_all[rows]
    want_pots = potentials and nb >= 3 and k == 1
    sampled_runouts = k == 1 and (exact is False or (h == 4 and nb == 0))
    if exact is True and (k > 1 or sampled_runouts or (h == 4 and want_pots and nb < 5)):
        raise ValueError("exact=True: " + (
            "EHS against several opponents is sampled" if k > 1 else
            "Omaha before the flop is sampled" if nb == 0 else
            "Omaha's potentials are sampled (potentials=False leaves them out)"))
    run_seed = check_seed(seed) if (k > 1 or sampled_runouts or h == 4 or exact is False) \
        else None
    ctx = _Context(v, board_arr, rest, everyone, weights, live_all, n_threads, progress)

    if k > 1:
        out = _several(ctx, heroes, k, trials, run_seed)
    elif sampled_runouts:
        out = _sampled(ctx, heroes, rows, potentials, want_pots, trials, run_seed)
    elif h == 2:
        out = _exact_two(ctx, rows, potentials)
    else:
        out = _exact_omaha(ctx, heroes, rows, potentials, want_pots, trials, run_seed)
    for name in ("hs", "ehs", "ehs2", "ppot", "npot"):
        arr = out.get(name)
        if arr is not None:
            arr[~live] = np.nan
            arr.setflags(write=False)
    for arr in out["stderr"].values():
        arr.setflags(write=False)
    live.setflags(write=False)
    return Strength(v.name, format_cards(board_cards, sep=""), heroes, out.get("hs"),
                    out["ehs"], out.get("ehs2"), out.get("ppot"), out.get("npot"), live,
                    out["runouts"], time.perf_counter() - t0, out.get("histogram"),
                    opponents=k, exact=tuple(out["exact"]), stderr=out["stderr"],
                    samples=out["samples"], seed=run_seed if out["samples"] else None)


@dataclass(frozen=True)
class _Context:
    v: Variant
    board: npt.NDArray[np.uint8]
    rest: npt.NDArray[np.uint8]             # the cards not on the board
    everyone: npt.NDArray[np.uint8]         # every hand of the deck
    weights: npt.NDArray[np.float64]        # the opponent's weight of each (0: dead)
    live: npt.NDArray[np.bool_]             # every hand: misses the board
    threads: int
    progress: Progress | None


def _opponent_weights(v: Variant, opponent: Any, everyone: npt.NDArray[np.uint8]
                      ) -> npt.NDArray[np.float64]:
    if v.hole_cards == 2:
        return _range_weights(v, opponent, everyone)
    if not isinstance(opponent, str):
        raise TypeError(f"opponent must be 'random' for {v.title}, got "
                        f"{type(opponent).__name__}")
    if opponent.strip().lower() not in ("random", "*", ""):
        raise ValueError(f"opponent: {v.title} tables are against a random holding, not "
                         f"{opponent!r}")
    return np.ones(len(everyone))


def _tables(v: Variant) -> Any:
    """The tables of the game's high ranking (checked by _game)."""
    assert v.high is not None
    return v.high.tables


def _select(values: npt.NDArray[np.float64], rows: npt.NDArray[np.int64] | None
            ) -> npt.NDArray[np.float64]:
    return np.array(values if rows is None else values[rows], dtype=np.float64)


def _ratio(num: npt.NDArray[np.float64], den: npt.NDArray[np.float64]
           ) -> npt.NDArray[np.float64]:
    with np.errstate(invalid="ignore", divide="ignore"):
        out: npt.NDArray[np.float64] = num / den
    return out


def _exact_two(ctx: _Context, rows: npt.NDArray[np.int64] | None,
               potentials: bool) -> dict[str, Any]:
    """Two-card hands against one opponent, every figure exact."""
    v, hands, nb = ctx.v, ctx.everyone, len(ctx.board)
    tables = v.high.tables  # type: ignore[union-attr]
    pots = potentials and nb >= 3
    if nb == 0:
        runouts, rweights = canonical_boards(v, 5)
        cls = np.zeros(len(hands), np.int32)
        nclasses = 1
    else:
        runouts = _runouts(ctx.rest.tolist(), 5 - nb)
        rweights = np.ones(len(runouts))
        cls, nclasses = _classes(v, hands, ctx.board, ctx.live)

    def compute(bins: int, with_pots: bool) -> tuple[npt.NDArray[np.float64],
                                                     npt.NDArray[np.float64]]:
        return _run(tables, ctx.board, runouts, rweights, hands, ctx.weights, cls, nclasses,
                    with_pots, bins, ctx.threads, ctx.progress)

    sums, _ = compute(0, pots)
    if nb == 0:
        sums = _class_average(v, hands, sums)
    den = sums[:, _C["den"]]
    out: dict[str, Any] = {"ehs": _select(_ratio(sums[:, _C["num"]], den), rows),
                           "ehs2": _select(_ratio(sums[:, _C["sq"]], den), rows),
                           "exact": ["ehs", "ehs2", "histogram"], "stderr": {},
                           "samples": {}, "runouts": len(runouts)}
    if potentials:
        out["hs"] = np.full(len(hands) if rows is None else len(rows), np.nan)
        out["exact"].append("hs")
    if pots:
        per_pair = math.comb(len(ctx.rest) - 4, 5 - nb)
        sa, st, sb = (sums[:, _C[k]] for k in ("sa", "st", "sb"))
        # the kernel keeps Q = AA + (TA + AT + TT) / 2 a hand (see _kernel.pyx):
        # PPot's numerator BA + BT/2 + TA/2 is NUM - Q, NPot's AB + TB/2 + AT/2 is
        # (A + T/2) - Q, the counts now (A, T, B) taken over every runout
        q = sums[:, _C["q"]]
        pden = (sb + st / 2) * per_pair
        nden = (sa + st / 2) * per_pair
        out["hs"] = _select(_ratio(sa + st / 2, sa + st + sb), rows)
        out["ppot"] = _select(np.where(pden > 0, _ratio(sums[:, _C["num"]] - q, pden), 0.0),
                              rows)
        out["npot"] = _select(np.where(nden > 0, _ratio(nden - q, nden), 0.0), rows)
        out["exact"] += ["ppot", "npot"]

    def histogram(bins: int) -> npt.NDArray[np.float64]:
        s, hist = compute(bins, False)
        if nb == 0:
            hist = _class_average(v, hands, hist)
            s = _class_average(v, hands, s)
        res = _select(hist / s[:, _C["den"]][:, None], rows) if rows is not None else \
            _ratio(hist, s[:, _C["den"]][:, None])
        res[~(ctx.live if rows is None else ctx.live[rows])] = np.nan
        return res

    out["histogram"] = histogram
    return out


def _classes(v: Variant, hands: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8],
             live: npt.NDArray[np.bool_]) -> tuple[npt.NDArray[np.int32], int]:
    """Each live hand's class now: the rank of its value on the board (0 = worst)."""
    now = _now_values(v, hands, board, live)
    values = np.unique(now[live])
    return np.searchsorted(values, now).astype(np.int32), len(values)


def _now_values(v: Variant, hands: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8],
                live: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    """Each live hand's value on the board as it is (flop or later; 0 for the dead)."""
    now = np.zeros(len(hands), np.int32)
    if live.any():
        holes = np.ascontiguousarray(hands[live])
        boards = np.ascontiguousarray(np.repeat(board[None], len(holes), 0))
        if v.hole_cards == 2:
            now[live] = v.high.evaluate_batch(  # type: ignore[union-attr]
                np.ascontiguousarray(np.concatenate([holes, boards], axis=1)))
        else:
            now[live] = v.high.evaluate_batch(holes, boards)  # type: ignore[union-attr]
    return now


def _omaha_run(ctx: _Context, runouts: npt.NDArray[np.uint8], bins: int
               ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The Omaha kernel over runouts, in parts over threads, sums added up."""
    m = len(ctx.everyone)
    board = ctx.board
    den = float(math.comb(len(ctx.rest) - runouts.shape[1] - 4, 4))
    nparts = ctx.threads if len(runouts) < 8 * ctx.threads else 4 * ctx.threads
    total = np.zeros((m, _kernel.NCOL))
    hist = np.zeros((m, max(bins, 1)))
    done = [0]
    rweights = np.ones(len(runouts))

    def part(p: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        out = np.zeros((m, _kernel.NCOL))
        hst = np.zeros((m, max(bins, 1)))
        _kernel.omaha_strength(_tables(ctx.v), board, runouts, rweights, ctx.everyone, den,
                               bins, out, hst, p, nparts)
        return out, hst

    def add(res: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]) -> None:
        total[:] += res[0]
        hist[:] += res[1]
        done[0] += 1
        if ctx.progress is not None:
            ctx.progress(done[0], nparts)

    run_tasks(ctx.threads if nparts > 1 else 1, [partial(part, p) for p in range(nparts)],
              add)
    return total, hist


def _hs(ctx: _Context) -> npt.NDArray[np.float64]:
    """Every hand's share against one opponent on the board as it is (HS), exactly."""
    now = np.zeros((1, 0), np.uint8)
    if ctx.v.hole_cards == 2:
        sums, _ = _run(ctx.v.high.tables, ctx.board, now, np.ones(1), ctx.everyone,  # type: ignore[union-attr]
                       ctx.weights, np.zeros(len(ctx.everyone), np.int32), 1, False, 0, 1,
                       None)
    else:
        sums, _ = _omaha_run(_Context(ctx.v, ctx.board, ctx.rest, ctx.everyone, ctx.weights,
                                      ctx.live, ctx.threads, None), now, 0)
    return _ratio(sums[:, _C["num"]], sums[:, _C["den"]])


def _hs_and_potentials(ctx: _Context, heroes: npt.NDArray[np.uint8],
                       rows: npt.NDArray[np.int64] | None, want_pots: bool,
                       trials: int | None, seed: int | None, out: dict[str, Any]) -> None:
    """HS into `out`, exactly, and the potentials: 0 on the river (exactly, nothing is
    to come), else sampled where asked for."""
    out["hs"] = _select(_hs(ctx), rows)
    out["exact"].append("hs")
    if len(ctx.board) == 5:
        out["ppot"] = np.zeros(len(heroes))
        out["npot"] = np.zeros(len(heroes))
        out["exact"] += ["ppot", "npot"]
    elif want_pots:
        _sampled_potentials(ctx, heroes, trials, seed, out)


def _exact_omaha(ctx: _Context, heroes: npt.NDArray[np.uint8],
                 rows: npt.NDArray[np.int64] | None, potentials: bool, want_pots: bool,
                 trials: int | None, seed: int | None) -> dict[str, Any]:
    """Omaha holdings against one random holding on a flop, turn or river: HS, EHS,
    EHS² and histograms exact, the potentials sampled (on the river: 0, exactly)."""
    nb = len(ctx.board)
    runouts = _runouts(ctx.rest.tolist(), 5 - nb)
    sums, _ = _omaha_run(ctx, runouts, 0)
    den = sums[:, _C["den"]]
    out: dict[str, Any] = {"ehs": _select(_ratio(sums[:, _C["num"]], den), rows),
                           "ehs2": _select(_ratio(sums[:, _C["sq"]], den), rows),
                           "exact": ["ehs", "ehs2", "histogram"], "stderr": {},
                           "samples": {}, "runouts": len(runouts)}
    if potentials:
        _hs_and_potentials(ctx, heroes, rows, want_pots, trials, seed, out)

    def histogram(bins: int) -> npt.NDArray[np.float64]:
        s, hist = _omaha_run(ctx, runouts, bins)
        return _select(_ratio(hist, s[:, _C["den"]][:, None]), rows)

    out["histogram"] = histogram
    return out


def _deal_inputs(ctx: _Context, heroes: npt.NDArray[np.uint8]
                 ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """The opponent's hands (those with weight) and their weights, for the sampler."""
    keep = ctx.weights > 0
    return np.ascontiguousarray(ctx.everyone[keep]), np.ascontiguousarray(ctx.weights[keep])


def _sampled_potentials(ctx: _Context, heroes: npt.NDArray[np.uint8], trials: int | None,
                        seed: int | None, out: dict[str, Any]) -> None:
    """PPot and NPot over sampled deals against one opponent, with standard errors."""
    assert seed is not None
    opps, weights = _deal_inputs(ctx, heroes)
    deals = trials if trials is not None else sampling.default_deals(len(heroes),
                                                                     ctx.v.hole_cards)
    live = (_masks(heroes) & _masks(ctx.board[None])[0]) == 0
    now = _now_values(ctx.v, heroes, ctx.board, live)
    counts = sampling.sample_deals(_tables(ctx.v), ctx.board, heroes, now, opps, weights, 1,
                                   True, ctx.rest, seed, deals, ctx.threads, ctx.progress)
    est = sampling.deal_estimates(counts)
    for name in ("ppot", "npot"):
        out[name] = est[name]
        out["stderr"][name] = est[name + "_se"]
    out["samples"]["deals"] = deals


def _sampled(ctx: _Context, heroes: npt.NDArray[np.uint8], rows: npt.NDArray[np.int64] | None,
             potentials: bool, want_pots: bool, trials: int | None, seed: int | None
             ) -> dict[str, Any]:
    """One opponent, sampled: EHS, EHS² and histograms over sampled runouts (each
    counted exactly), PPot and NPot over sampled deals, HS exact."""
    assert seed is not None
    v, nb = ctx.v, len(ctx.board)
    n_runouts = trials if trials is not None else DEFAULT_RUNOUTS[v.hole_cards]
    runouts = sampling.sample_runouts(ctx.rest, 5 - nb, n_runouts, seed)
    if v.hole_cards == 2:
        zeros = np.zeros(len(ctx.everyone), np.int32)

        def compute(bins: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
            return _run(v.high.tables, ctx.board, runouts, np.ones(len(runouts)),  # type: ignore[union-attr]
                        ctx.everyone, ctx.weights, zeros, 1, False, bins, ctx.threads,
                        ctx.progress)
    else:
        def compute(bins: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
            return _omaha_run(ctx, runouts, bins)
    sums, _ = compute(0)
    den = sums[:, _C["den"]]
    ehs = _select(_ratio(sums[:, _C["num"]], den), rows)
    ehs2 = _select(_ratio(sums[:, _C["sq"]], den), rows)
    n = sampling.live_counts(runouts, heroes)
    se, se2 = sampling.runout_se(ehs, ehs2, n)
    out: dict[str, Any] = {"ehs": ehs, "ehs2": ehs2, "exact": [], "runouts": len(runouts),
                           "stderr": {"ehs": se, "ehs2": se2, "n_runouts": n},
                           "samples": {"runouts": len(runouts)}}
    if potentials and nb >= 3:
        _hs_and_potentials(ctx, heroes, rows, want_pots, trials, seed, out)
    elif potentials:
        out["hs"] = np.full(len(heroes), np.nan)

    def histogram(bins: int) -> npt.NDArray[np.float64]:
        s, hist = compute(bins)
        return _select(_ratio(hist, s[:, _C["den"]][:, None]), rows)

    out["histogram"] = histogram
    return out


def _several(ctx: _Context, heroes: npt.NDArray[np.uint8], k: int, trials: int | None,
             seed: int | None) -> dict[str, Any]:
    """EHS against k opponents over sampled deals, with its standard error."""
    assert seed is not None
    opps, weights = _deal_inputs(ctx, heroes)
    deals = trials if trials is not None else sampling.default_deals(len(heroes),
                                                                     ctx.v.hole_cards)
    counts = sampling.sample_deals(_tables(ctx.v), ctx.board, heroes,
                                   np.zeros(len(heroes), np.int32), opps, weights, k, False,
                                   ctx.rest, seed, deals, ctx.threads, ctx.progress)
    if counts.failed:
        raise ValueError(f"opponent: {k} hands of the range that share no card could not "
                         f"be dealt ({counts.failed} of {deals} deals)")
    est = sampling.deal_estimates(counts)
    return {"ehs": est["ehs"], "exact": [], "runouts": 0,
            "stderr": {"ehs": est["ehs_se"], "n_deals": counts.n},
            "samples": {"deals": deals}, "histogram": None}


