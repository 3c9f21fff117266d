"""Every hand's strength on one board: `table(game, board)` returns a `Strength` with
EHS, EHS², the hand potentials and river equity histograms of every hand at once.

Definitions (one opponent; ties count half; card removal exact):
  * HS, a hand's strength now: its share against one opponent hand on the board as it
    is (flop or later);
  * the river equity of a hand on a runout (a completion of the board to five cards):
    its share against one opponent hand on that final board;
  * EHS: the expected river equity, the runout and the opponent dealt together from
    the cards left, so ``EHS == games.equity(hole, "random", board)``;
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

Preflop, the 134,459 classes of five-card boards under suit relabelling are dealt
instead of the 2,598,960 boards: a class counts for its members, and a hand's sums are
averaged over its preflop class (hands that a relabelling maps onto each other have
the same strength).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import format_cards, parse_cards
from evaluator.checks import count
from evaluator.tables import HandTables
from evaluator.threads import Progress, run_tasks, thread_count
from games.ranges import range_arrays
from games.strength import _kernel
from games.strength.indexing import board_sizes, indexer
from games.variants import Split, Variant, variant

__all__ = ["Strength", "hands_of", "table"]

_C = _kernel.COLUMNS


def hands_of(game: Variant | str) -> npt.NDArray[np.uint8]:
    """Every two-card hand of a game's deck, (M, 2) with the higher card first, in
    colex order of the cards: hand (a > b) is row a * (a - 1) / 2 + b - the offset of
    the deck's lowest card (1,326 rows for hold'em, 630 for short deck)."""
    v = variant(game)
    return _hands(v.lowest_rank)


_HANDS: dict[str, npt.NDArray[np.uint8]] = {}


def _hands(lowest: str) -> npt.NDArray[np.uint8]:
    found = _HANDS.get(lowest)
    if found is None:
        from evaluator import deck
        cards = deck(lowest).tolist()
        found = np.array([(b, a) for b in cards for a in cards if a < b], dtype=np.uint8)
        found.setflags(write=False)
        _HANDS[lowest] = found
    return found


@dataclass(frozen=True)
class Strength:
    """Every hand's strength on one board (see games.strength.table for the
    definitions).  Arrays run over `hands` (every two-card hand of the deck, in colex
    order); a hand that shares a card with the board is dead: NaN everywhere."""

    game: str
    board: str
    hands: npt.NDArray[np.uint8]
    hs: npt.NDArray[np.float64] | None   # strength now (NaN preflop; None: not computed)
    ehs: npt.NDArray[np.float64]
    ehs2: npt.NDArray[np.float64]
    ppot: npt.NDArray[np.float64] | None  # None where not computed (preflop)
    npot: npt.NDArray[np.float64] | None
    live: npt.NDArray[np.bool_]
    runouts: int
    seconds: float
    _histogram: Callable[[int], npt.NDArray[np.float64]] = field(repr=False, compare=False)
    _cache: dict[int, npt.NDArray[np.float64]] = field(default_factory=dict, repr=False,
                                                       compare=False)

    def row(self, hole: Any) -> int:
        """The row of a hand ("AhKd", [51, 45], either order) in the arrays."""
        cards = sorted(parse_cards(hole).tolist(), reverse=True)
        if len(cards) != 2 or cards[0] == cards[1]:
            raise ValueError(f"a hand here is two different cards, got {hole!r}")
        low = int(self.hands[0, 1])
        a, b = cards[0] - low, cards[1] - low
        if b < 0 or a >= 52 - low:
            raise ValueError(f"{format_cards(cards)} is not a hand of the {self.game} deck")
        return int(a * (a - 1) // 2 + b)

    def __getitem__(self, hole: Any) -> dict[str, float]:
        """One hand's figures: hs, ehs, ehs2, ppot, npot."""
        i = self.row(hole)
        out = {"ehs": float(self.ehs[i]), "ehs2": float(self.ehs2[i])}
        if self.hs is not None:
            out["hs"] = float(self.hs[i])
        if self.ppot is not None and self.npot is not None:
            out["ppot"] = float(self.ppot[i])
            out["npot"] = float(self.npot[i])
        return out

    def histogram(self, bins: int = 50) -> npt.NDArray[np.float64]:
        """(M, bins): each hand's distribution of river equity over the runouts, in
        `bins` equal bins of [0, 1] (a value e falls in bin min(floor(e * bins),
        bins - 1)); rows sum to 1, dead hands' rows are NaN.  Computed on first use
        for each number of bins (about as long as the table itself)."""
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
    hands = _hands(v.lowest_rank)
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
          potentials: bool = True, threads: int | None = 1,
          progress: Progress | None = None) -> Strength:
    """Every hand's strength on `board` (0, 3, 4 or 5 cards) against one opponent
    hand, exactly: HS, EHS, EHS², PPot, NPot and, on demand, river equity histograms.

    game: a two-card high-hand game (holdem, short-deck); opponent: "random" (a
    uniformly random hand) or a range ("TT+, AKs, 20%", weights as ``:0.5``).
    potentials=False skips HS, PPot and NPot (None then; EHS, EHS² and histograms
    stay).  threads: None for one per CPU; progress(done, total) is called as parts of the
    runouts complete.  A flop takes a few tens of ms on one thread; preflop deals the
    134,459 classes of five-card boards (a few seconds).

    >>> s = table("holdem", "Td7s2c")
    >>> aces, nines = s["AhAd"], s["8h9h"]
    >>> round(aces["ehs"], 4), round(nines["ppot"], 4)
    (0.8649, 0.4347)
    >>> int(np.isnan(s.ehs).sum())          # the hands holding a board card
    150
    """
    import time
    t0 = time.perf_counter()
    v = _two_card_game(game)
    n_threads = thread_count(threads)
    board_cards = parse_cards(board)
    sizes = board_sizes(v)
    if len(board_cards) not in sizes:
        raise ValueError(f"a {v.title} board has {', '.join(map(str, sizes[:-1]))} or "
                         f"{sizes[-1]} cards, got {len(board_cards)}")
    v.check_in_deck(board_cards, "board")
    hands = _hands(v.lowest_rank)
    weights = _range_weights(v, opponent, hands)
    tables = v.high.tables  # type: ignore[union-attr]
    nb = len(board_cards)
    board_mask = 0
    for c in board_cards.tolist():
        board_mask |= 1 << c
    masks = (np.uint64(1) << hands[:, 0].astype(np.uint64)) | (
        np.uint64(1) << hands[:, 1].astype(np.uint64))
    live = (masks & np.uint64(board_mask)) == 0
    weights = np.where(live, weights, 0.0)
    if not weights.any():
        raise ValueError(f"opponent {opponent!r}: no hand of the range is left beside "
                         f"the board {format_cards(board_cards)}")
    rest = np.array([c for c in v.deck.tolist() if not (board_mask >> c) & 1], np.uint8)
    if not isinstance(potentials, bool):
        raise TypeError(f"potentials must be True or False, got {type(potentials).__name__}")
    want_potentials = potentials
    potentials = nb >= 3 and want_potentials
    if nb == 0:
        runouts, rweights = canonical_boards(v, 5)
        cls = np.zeros(len(hands), np.int32)
        nclasses = 1
    else:
        runouts = _runouts(rest.tolist(), 5 - nb)
        rweights = np.ones(len(runouts))
        now = np.zeros(len(hands), np.int64)
        if live.any():
            full = np.concatenate([hands[live], np.repeat(board_cards[None], live.sum(), 0)],
                                  axis=1)
            now[live] = v.high.evaluate_batch(np.ascontiguousarray(full))  # type: ignore[union-attr]
        values = np.unique(now[live])
        cls = np.searchsorted(values, now).astype(np.int32)
        nclasses = len(values)
    board_arr = np.ascontiguousarray(board_cards, dtype=np.uint8)

    def compute(bins: int, pots: bool) -> tuple[npt.NDArray[np.float64],
                                                 npt.NDArray[np.float64]]:
        return _run(tables, board_arr, runouts, rweights, hands, weights, cls, nclasses,
                    pots, bins, n_threads, progress)

    sums, _ = compute(0, potentials)
    if nb == 0:
        sums = _class_average(v, hands, sums)
    den = sums[:, _C["den"]]
    with np.errstate(invalid="ignore", divide="ignore"):
        ehs = np.where(live, sums[:, _C["num"]] / den, np.nan)
        ehs2 = np.where(live, sums[:, _C["sq"]] / den, np.nan)
    hs: npt.NDArray[np.float64] | None = np.full(len(hands), np.nan) if want_potentials else None
    ppot = npot = None
    if potentials:
        left = len(rest) - 4
        per_pair = math.comb(left, 5 - nb)
        sa, st, sb = (sums[:, _C[k]] for k in ("sa", "st", "sb"))
        # the kernel keeps Q = AA + (TA + AT + TT) / 2 a hand (see _kernel.pyx):
        # PPot's numerator BA + BT/2 + TA/2 is NUM - Q, NPot's AB + TB/2 + AT/2 is
        # (A + T/2) - Q, the counts now (A, T, B) taken over every runout
        q = sums[:, _C["q"]]
        with np.errstate(invalid="ignore", divide="ignore"):
            hs = np.where(live, (sa + st / 2) / (sa + st + sb), np.nan)
            pden = (sb + st / 2) * per_pair
            nden = (sa + st / 2) * per_pair
            pnum = sums[:, _C["num"]] - q
            nnum = nden - q
            ppot = np.where(live, np.where(pden > 0, pnum / np.where(pden > 0, pden, 1), 0.0),
                            np.nan)
            npot = np.where(live, np.where(nden > 0, nnum / np.where(nden > 0, nden, 1), 0.0),
                            np.nan)

    def histogram(bins: int) -> npt.NDArray[np.float64]:
        s, h = compute(bins, False)
        if nb == 0:
            h = _class_average(v, hands, h)
            s = _class_average(v, hands, s)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = h / s[:, _C["den"]][:, None]
        out[~live] = np.nan
        return out

    for arr in (hs, ehs, ehs2, ppot, npot, live):
        if arr is not None:
            arr.setflags(write=False)
    return Strength(v.name, format_cards(board_cards, sep=""), hands, hs, ehs, ehs2, ppot,
                    npot, live, len(runouts), time.perf_counter() - t0, histogram)
