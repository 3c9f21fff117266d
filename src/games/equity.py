"""Equity of community-card games: exact enumeration or seeded Monte Carlo.

>>> from games import equity
>>> r = equity("holdem", ["AhAs", "KhKs"])
>>> round(r[0].equity, 6)
0.826366

Python validates and plans; the kernels in games/_equity.pyx enumerate or sample
without the GIL.  Exact runs reduce hand tuples by suit isomorphism (tuples that a
relabelling of suits fixing the board and the dead cards maps onto each other have
the same result), so ranges cost their distinct shapes, not their combos.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, permutations
from typing import Any

import numpy as np
import numpy.typing as npt

import evaluator
from evaluator import card_name, format_cards, parse_cards
from evaluator._validate import shared_pool, thread_count
from games import _equity
from games.ranges import range_arrays
from games.variants import Split, Variant, variant

#: progress callback: progress(done, total) in outcomes (exact) or trials (sampling)
Progress = Callable[[int, int], object]

POT = _equity.POT_UNITS
MAX_PLAYERS = 10
#: exact=None enumerates when the estimated work is at most this many lookups (~1 s)
AUTO_EXACT_LOOKUPS = 300_000_000
#: exact=True refuses work above this many lookups (hours)
MAX_EXACT_LOOKUPS = 2_000_000_000_000
#: hand tuples enumerated at most (ranges); beyond this only sampling is offered
MAX_TUPLES = 200_000
#: trials when sampling without trials= or seconds=
DEFAULT_TRIALS = 1_000_000
#: trials per seeded stream: chunk i of a run always draws from stream (seed, i)
CHUNK = 4096

# How the kernels rank a hand type, by its evaluator attribute name (data, never a
# game name): a hand of exactly two hole and three board cards is ranked by the
# five-card values of FIVE_CARD_RANKING[name]; a low half by the table LOW_KERNELS
# returns (the two-plus-three eight-or-better low table of the evaluator, indexed by the
# low-rank masks of hole and board).
FIVE_CARD_RANKING = {"OMAHA": "HIGH"}
LOW_KERNELS: dict[str, Callable[[], Any]] = {
    "OMAHA_EIGHT_OR_BETTER": lambda: evaluator.OMAHA_EIGHT_OR_BETTER.tables.table,
}


class StopSampling(Exception):
    """Raise from a progress callback to end sampling and keep the result so far."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's share of the pot.

    equity: expected share of the pot; win: share of outcomes where the player takes
    the whole pot alone; tie: share of outcomes where the player takes part of it.
    For Hi/Lo games `high` and `low` are the parts of `equity` won from each half and
    `scoop` the share of outcomes won whole (equal to `win`); for other games high is
    the equity, low 0.  `se` is the standard error of `equity` when sampled.
    """

    hand: str
    equity: float
    win: float
    tie: float
    high: float
    low: float
    scoop: float
    se: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`; iterate or index it for the players."""

    game: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    outcomes: int          # equally likely deals enumerated (exact) or trials (sampling)
    hi_lo: bool
    seed: int | None = None
    threads: int = 1
    seconds: float = 0.0
    interrupted: bool = False

    def __len__(self) -> int:
        return len(self.players)

    def __getitem__(self, i: int) -> PlayerEquity:
        return self.players[i]

    def __iter__(self) -> Any:
        return iter(self.players)

    @property
    def equities(self) -> list[float]:
        return [p.equity for p in self.players]

    @property
    def method(self) -> str:
        """How it was computed, in words."""
        if self.exact:
            return f"exact: {self.outcomes:,} outcomes enumerated"
        text = f"Monte Carlo: {self.outcomes:,} trials, seed {self.seed}"
        return text + (" (interrupted)" if self.interrupted else "")

    def table(self) -> str:
        """The players as a text table."""
        cols = ["hand", "equity", "win", "tie"]
        if self.hi_lo:
            cols += ["high", "low", "scoop"]
        if not self.exact:
            cols.append("±se")
        rows = [["#", *cols]]
        for i, p in enumerate(self.players, 1):
            row = [str(i), p.hand] + [f"{100 * getattr(p, c):.3f}%" for c in cols[1:4]]
            if self.hi_lo:
                row += [f"{100 * p.high:.3f}%", f"{100 * p.low:.3f}%", f"{100 * p.scoop:.3f}%"]
            if not self.exact:
                row.append(f"{100 * (p.se or 0.0):.3f}%")
            rows.append(row)
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = ["  ".join(c.rjust(w) if j > 1 else c.ljust(w)
                           for j, (c, w) in enumerate(zip(r, widths, strict=False))) for r in rows]
        return "\n".join(lines)

    def __repr__(self) -> str:
        where = f" board {self.board}" if self.board else ""
        dead = f" dead {self.dead}" if self.dead else ""
        return (f"<EquityResult {self.game}{where}{dead}; {self.method}; "
                f"{self.seconds * 1000:.1f} ms>\n{self.table()}")

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON)."""
        return {
            "game": self.game,
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "outcomes": self.outcomes,
            "seed": self.seed,
            "threads": self.threads,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "players": [p.to_dict() for p in self.players],
        }


# ---------------------------------------------------------------- input

@dataclass
class _Player:
    text: str
    combos: npt.NDArray[np.uint8]       # (M, h); M == 0 means a random hand
    weights: npt.NDArray[np.float64]    # (M,)

    @property
    def is_random(self) -> bool:
        return len(self.combos) == 0

    @property
    def is_fixed(self) -> bool:
        return len(self.combos) == 1


def _cards_text(cards: Any) -> str:
    return format_cards(cards, sep="")


def _mask(cards: Sequence[int] | npt.NDArray[np.uint8]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def _parse_player(entry: Any, v: Variant, index: int) -> _Player:
    h = v.dealt
    who = f"player {index + 1}"
    ranges = h == 2 and v.hole_used is None
    if isinstance(entry, str):
        text = entry.strip()
        if text.lower() in ("random", "*") and not ranges:
            return _Player("random", np.zeros((0, h), np.uint8), np.zeros(0))
        if ranges:
            try:
                combos, weights = range_arrays(text, v.lowest_rank)
            except ValueError as e:
                raise ValueError(f"{who}: {e}") from None
            return _Player(text, combos, weights)
        items: list[Any] = [t for t in text.split(",") if t.strip()]
    elif isinstance(entry, np.ndarray) and entry.ndim == 2:
        items = list(entry)
    elif isinstance(entry, (list, tuple, np.ndarray)) and len(entry) and all(
        isinstance(x, (int, np.integer)) for x in entry
    ):
        items = [list(entry)]
    elif isinstance(entry, (list, tuple)) and len(entry):
        items = list(entry)
    else:
        raise ValueError(f"{who}: expected a hand, a list of hands or a range, got {entry!r}")
    rows = []
    for item in items:
        try:
            cards = parse_cards(item)
        except ValueError as e:
            raise ValueError(f"{who}: {e}") from None
        if len(cards) != h:
            raise ValueError(
                f"{who}: a {v.title} hand has {h} cards, got {len(cards)} in "
                f"{_cards_text(cards) or item!r}"
            )
        rows.append(np.sort(cards)[::-1])
    combos = np.unique(np.array(rows, dtype=np.uint8), axis=0)
    text = entry if isinstance(entry, str) else ",".join(_cards_text(r) for r in rows)
    return _Player(text, combos, np.ones(len(combos)))


def _check_in_deck(cards: npt.NDArray[np.uint8], v: Variant, what: str) -> None:
    for c in cards:
        if not (v.deck_mask >> int(c)) & 1:
            raise ValueError(f"{what}: card {card_name(int(c))} is not in the {v.title} deck")


def _tables(v: Variant) -> Any:
    name = v.high if v.high is not None else ""
    if v.hole_used:
        name = FIVE_CARD_RANKING.get(name, name)
    hand_type = getattr(evaluator, name, None)
    if hand_type is None:
        raise ValueError(f"{v.name}: evaluator.{name} is not available in this build")
    return hand_type.tables


def _low_table(v: Variant) -> Any:
    if v.low is None:
        return None
    if v.low not in LOW_KERNELS or v.hole_used != 2:
        raise ValueError(f"{v.name}: no equity kernel for the low hand type {v.low}")
    return LOW_KERNELS[v.low]()


# ---------------------------------------------------------------- planning

def _tuples(players: list[_Player]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Every tuple of one combo per player with no card in common: (K, P) combo
    indices and (K,) weights (products of the players' weights)."""
    masks = []
    for p in players:
        bits = (np.uint64(1) << p.combos.astype(np.uint64))
        masks.append(np.bitwise_or.reduce(bits, axis=1))
    idx = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.uint64)
    weight = np.ones(1)
    for p, m in zip(players, masks, strict=False):
        if len(used) * len(m) > 8 * MAX_TUPLES:
            raise OverflowError
        ok = (used[:, None] & m[None, :]) == 0
        rows, cols = np.nonzero(ok)
        idx = np.concatenate([idx[rows], cols[:, None]], axis=1)
        used = used[rows] | m[cols]
        weight = weight[rows] * p.weights[cols]
        if len(used) > MAX_TUPLES:
            raise OverflowError
    return idx, weight


def _suit_perms(fixed_sets: list[int]) -> list[npt.NDArray[np.uint8]]:
    """Card relabellings (suit permutations) that map each given card set onto itself."""
    out = []
    for perm in permutations(range(4)):
        table = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], dtype=np.uint8)
        if all(_mask(table[[c for c in range(52) if (s >> c) & 1]]) == s for s in fixed_sets):
            out.append(table)
    return out


def _canonical(holes: npt.NDArray[np.uint8], perms: list[npt.NDArray[np.uint8]]
               ) -> npt.NDArray[np.int64]:
    """Class id of each tuple of hands (K, P, h) under the given relabellings."""
    k = holes.shape[0]
    best = None
    for table in perms:
        mapped = table[holes].astype(np.uint64)
        keys = np.bitwise_or.reduce(np.uint64(1) << mapped, axis=2)  # (K, P)
        if best is None:
            best = keys
            continue
        diff = keys != best
        first = np.argmax(diff, axis=1)
        rows = np.arange(k)
        less = diff.any(axis=1) & (keys[rows, first] < best[rows, first])
        best[less] = keys[less]
    assert best is not None
    _, inverse = np.unique(best, axis=0, return_inverse=True)
    return np.asarray(inverse).reshape(-1)


def _lookups_per_player(v: Variant) -> int:
    if v.hole_used:
        return 10 * math.comb(v.hole_cards, 2)
    return 1


# ---------------------------------------------------------------- the runs

def _pool_map(threads: int, tasks: list[Callable[[], Any]],
              done: Callable[[Any], None]) -> None:
    if threads == 1 or len(tasks) == 1:
        for task in tasks:
            done(task())
        return
    pool = shared_pool(threads)
    futures = [pool.submit(task) for task in tasks]
    try:
        for f in futures:
            done(f.result())
    except BaseException:
        for f in futures:
            f.cancel()
        for f in futures:  # let running kernels finish before their buffers go away
            if not f.cancelled():
                f.exception()
        raise


def _run_exact(v: Variant, tables: Any, low: Any, holes: npt.NDArray[np.uint8],
               board: npt.NDArray[np.uint8], deck: npt.NDArray[np.uint8], boards: int,
               threads: int, progress: Progress | None) -> npt.NDArray[np.int64]:
    n_cls, n_players, _ = holes.shape
    need = 5 - len(board)
    total = np.zeros((n_cls, n_players, _equity.NCOLS), dtype=np.int64)
    hole_used = v.hole_used or 0
    tasks: list[Callable[[], Any]] = []
    weights: list[int] = []
    n_first = len(deck) - n_players * holes.shape[2] - need + 1
    if n_cls >= 4 * threads or need == 0:
        step = max(1, -(-n_cls // (8 * threads)))
        for a in range(0, n_cls, step):
            b = min(n_cls, a + step)

            def task(a: int = a, b: int = b) -> Any:
                out = np.zeros((b - a, n_players, _equity.NCOLS), dtype=np.int64)
                _equity.exact(tables, low, hole_used, holes[a:b], board, deck, 0, 1, out)
                return a, b, out
            tasks.append(task)
            weights.append((b - a) * boards)
    else:
        nparts = max(1, min(n_first, 8 * threads if n_cls * boards > 200_000 else threads))
        for part in range(nparts):
            def part_task(part: int = part) -> Any:
                out = np.zeros((n_cls, n_players, _equity.NCOLS), dtype=np.int64)
                _equity.exact(tables, low, hole_used, holes, board, deck, part, nparts, out)
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

    _pool_map(threads, tasks, done)
    return total


def _run_sample(v: Variant, tables: Any, low: Any, players: list[_Player],
                board: npt.NDArray[np.uint8], deck: npt.NDArray[np.uint8], seed: int,
                trials: int | None, seconds: float | None, threads: int,
                progress: Progress | None, interruptible: bool
                ) -> tuple[npt.NDArray[np.int64], int, bool]:
    h = v.dealt
    combos = np.ascontiguousarray(
        np.concatenate([p.combos.reshape(-1, h) for p in players]), dtype=np.uint8
    ).reshape(-1, h)
    starts = np.zeros(len(players) + 1, dtype=np.int64)
    starts[1:] = np.cumsum([len(p.combos) for p in players])
    cum = np.concatenate([np.cumsum(p.weights) for p in players] + [np.zeros(0)])
    hole_used = v.hole_used or 0
    total_trials = trials if trials is not None else (1 << 62)
    total = np.zeros((len(players), _equity.NCOLS), dtype=np.int64)
    n_chunks = -(-total_trials // CHUNK)
    per_batch = 16 * threads
    start = time.perf_counter()
    done_trials = 0
    interrupted = False
    next_chunk = 0
    pool = shared_pool(threads) if threads > 1 else None
    try:
        while next_chunk < n_chunks:
            if seconds is not None and time.perf_counter() - start >= seconds:
                break
            batch = min(per_batch, n_chunks - next_chunk)
            bounds = np.linspace(next_chunk, next_chunk + batch, min(threads, batch) + 1)
            bounds = bounds.astype(np.int64)

            def work(a: int, b: int) -> tuple[npt.NDArray[np.int64], int]:
                out = np.zeros((len(players), _equity.NCOLS), dtype=np.int64)
                n = _equity.sample(tables, low, hole_used, combos, starts, cum, board, deck,
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


# ---------------------------------------------------------------- the public function

def equity(
    game: Variant | str,
    players: Sequence[Any],
    board: Any = "",
    dead: Any = "",
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    interruptible: bool = False,
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
    (default 1,000,000) or for `seconds`; the same seed gives the same answer for any
    number of `threads` (None: one per core).  progress(done, total) is called as
    work completes; it may raise StopSampling to end sampling early.  With
    interruptible=True, Ctrl-C during sampling returns the result so far.

    Crazy Pineapple: each player holds one three-card hand and keeps the two that
    make the best hand with the flop (see keep_two); the discarded cards are dead.
    Without a board every flop is enumerated (exact only).
    """
    t0 = time.perf_counter()
    v = variant(game)
    if v.board_cards != 5:
        raise ValueError(f"{v.name} has no community cards; equity here is for board games")
    n_threads = thread_count(threads)
    if exact is True and (trials is not None or seconds is not None):
        raise ValueError("exact=True enumerates; trials and seconds are for sampling")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)
                               or trials < 1):
        raise ValueError(f"trials must be a positive int, got {trials!r}")
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
        raise ValueError(f"seconds must be a positive number, got {seconds!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed must be a non-negative int, got {seed!r}")

    board_cards = parse_cards(board)
    dead_cards = parse_cards(dead)
    if len(board_cards) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    _check_in_deck(board_cards, v, "board")
    _check_in_deck(dead_cards, v, "dead cards")
    common = _mask(board_cards) & _mask(dead_cards)
    if common:
        c = common.bit_length() - 1
        raise ValueError(f"card {card_name(c)} is both on the board and dead")

    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise ValueError("players must be a list with one hand or range per player")
    n = len(players)
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2..{MAX_PLAYERS} players, got {n}")
    need_cards = n * v.dealt + 5 + len(dead_cards)
    if need_cards > v.deck_size:
        raise ValueError(
            f"{n} players cannot play {v.title}: {n} x {v.dealt} hole cards + 5 board "
            f"+ {len(dead_cards)} dead = {need_cards} cards, the deck has {v.deck_size}"
        )
    parsed = [_parse_player(p, v, i) for i, p in enumerate(players)]
    for i, p in enumerate(parsed):
        for row in p.combos:
            _check_in_deck(row, v, f"player {i + 1}")

    # fixed hands against the board, the dead cards and each other
    known = {"the board": _mask(board_cards), "the dead cards": _mask(dead_cards)}
    for i, p in enumerate(parsed):
        if not p.is_fixed:
            continue
        m = _mask(p.combos[0])
        for what, other in known.items():
            if m & other:
                c = (m & other).bit_length() - 1
                raise ValueError(
                    f"player {i + 1}'s hand {_cards_text(p.combos[0])} shares "
                    f"{card_name(c)} with {what}"
                )
        known[f"player {i + 1}'s hand"] = m
    blocked = 0
    for m in known.values():
        blocked |= m
    for i, p in enumerate(parsed):
        if p.is_fixed or p.is_random:
            continue
        masks = [_mask(r) for r in p.combos]
        keep = np.array([(m & blocked) == 0 for m in masks], dtype=bool)
        if not keep.any():
            raise ValueError(
                f"player {i + 1}'s range {p.text!r} is empty once the board, the dead "
                f"cards and the other players' hands are removed"
            )
        p.combos, p.weights = p.combos[keep], p.weights[keep]
        p.weights = p.weights / p.weights.sum()

    if v.dealt != v.hole_cards and len(board_cards) == 0:
        if exact is False or trials is not None or seconds is not None:
            raise ValueError(f"{v.title} before the flop is enumerated exactly; give the "
                             f"flop to sample")
        return _discard_preflop(v, parsed, dead_cards, t0, progress)
    if v.dealt != v.hole_cards:
        parsed, dead_cards = _discard(v, parsed, board_cards, dead_cards)
        v = v.with_options(dealt_hole_cards=None)

    tables = _tables(v)
    low = _low_table(v)
    deck = np.array(
        [c for c in v.deck.tolist() if not ((_mask(board_cards) | _mask(dead_cards)) >> c) & 1],
        dtype=np.uint8,
    )
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
        try:
            idx, weight = _tuples(parsed)
        except OverflowError:
            idx = None
        if idx is not None:
            if len(idx) == 0:
                raise ValueError("no deal is possible: the players' ranges always collide")
            all_holes = np.stack(
                [parsed[p].combos[idx[:, p]] for p in range(n)], axis=1
            ).astype(np.uint8)
            tuples_count = len(idx)
            if len(idx) > 1:
                perms = _suit_perms([_mask(board_cards), _mask(dead_cards)])
                cls = _canonical(all_holes, perms)
                n_cls = int(cls.max()) + 1
                first = np.full(n_cls, -1, dtype=np.int64)
                first[cls[::-1]] = np.arange(len(cls))[::-1]
                holes = np.ascontiguousarray(all_holes[first])
                cls_weight = np.bincount(cls, weights=weight, minlength=n_cls).astype(np.float64)
            else:
                holes = np.ascontiguousarray(all_holes)
                cls_weight = weight
            cost = len(holes) * boards * n * _lookups_per_player(v)
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
        counts = _run_exact(v, tables, low, holes, board_cards, deck, boards, n_threads,
                            progress)
        w = cls_weight / cls_weight.sum()
        stats = np.tensordot(w, counts.astype(np.float64), axes=1) / boards  # (P, NCOL)
        result_players = _players(texts, stats, None)
        return EquityResult(
            v.name, result_players, _cards_text(board_cards), _cards_text(dead_cards), True,
            tuples_count * boards, hi_lo, None, n_threads, time.perf_counter() - t0,
        )

    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little") >> 1
    if trials is None and seconds is None:
        trials = DEFAULT_TRIALS
    acc, done, interrupted = _run_sample(
        v, tables, low, parsed, board_cards, deck, seed, trials, seconds, n_threads, progress,
        interruptible,
    )
    stats = acc.astype(np.float64) / max(done, 1)
    mean = stats[:, 2] / POT
    var = np.maximum(stats[:, 5] / POT**2 - mean**2, 0.0)
    se = np.sqrt(var / max(done, 1))
    return EquityResult(
        v.name, _players(texts, stats, se), _cards_text(board_cards), _cards_text(dead_cards),
        False, done, hi_lo, seed, n_threads, time.perf_counter() - t0, interrupted,
    )


def _players(texts: list[str], stats: npt.NDArray[np.float64],
             se: npt.NDArray[np.float64] | None) -> tuple[PlayerEquity, ...]:
    out = []
    for p, text in enumerate(texts):
        s = stats[p]
        out.append(PlayerEquity(
            hand=text, equity=float(s[2] / POT), win=float(s[0]), tie=float(s[1]),
            high=float(s[3] / POT), low=float(s[4] / POT), scoop=float(s[0]),
            se=None if se is None else float(se[p]),
        ))
    return tuple(out)


# ---------------------------------------------------------------- Crazy Pineapple

def keep_two(cards: Sequence[int], flop: Sequence[int]) -> tuple[int, int]:
    """The documented discard policy: of three hole cards keep the two that make the
    best five-card hand with the flop; ties go to the pair with the higher cards
    (compared highest first), then the earlier cards in card order."""
    best: tuple[Any, ...] | None = None
    keep: tuple[int, int] = (0, 0)
    flop = list(flop)
    for a, b in combinations(sorted(cards, reverse=True), 2):
        value = evaluator.HIGH.evaluate([a, b, *flop])
        rank = (value, sorted(((a >> 2), (b >> 2)), reverse=True), -a, -b)
        if best is None or rank > best:
            best, keep = rank, (a, b)
    return keep


def _discard(v: Variant, players: list[_Player], board: npt.NDArray[np.uint8],
             dead: npt.NDArray[np.uint8]) -> tuple[list[_Player], npt.NDArray[np.uint8]]:
    """Apply the discard policy to fixed hands; the discarded cards become dead."""
    if len(board) < 3:
        raise ValueError(
            f"{v.title}: the discard depends on the flop; give the board (3+ cards)"
        )
    flop = board[:3].tolist()
    out = []
    discarded = list(dead.tolist())
    for i, p in enumerate(players):
        if not p.is_fixed:
            raise ValueError(
                f"{v.title}: player {i + 1} needs one hand (ranges are not supported here)"
            )
        row = p.combos[0].tolist()
        pair = keep_two(row, flop)
        discarded += [c for c in row if c not in pair]
        out.append(_Player(p.text, np.array([pair], dtype=np.uint8), np.ones(1)))
    return out, np.array(discarded, dtype=np.uint8)


def _discard_preflop(v: Variant, players: list[_Player], dead: npt.NDArray[np.uint8],
                     t0: float, progress: Progress | None) -> EquityResult:
    """Every flop, each with its own discards, then hold'em to the river (exact)."""
    for i, p in enumerate(players):
        if not p.is_fixed:
            raise ValueError(
                f"{v.title}: player {i + 1} needs one hand (ranges are not supported here)"
            )
    hands = [p.combos[0].tolist() for p in players]
    known = _mask(dead.tolist() + [c for h in hands for c in h])
    rest = [c for c in v.deck.tolist() if not (known >> c) & 1]
    hv = v.with_options(dealt_hole_cards=None)
    tables = _tables(hv)
    n = len(players)
    counts = np.zeros((1, n, _equity.NCOLS), dtype=np.int64)
    flops = list(combinations(rest, 3))
    for k, flop in enumerate(flops):
        kept = [keep_two(h, flop) for h in hands]
        out_cards = {c for h, pair in zip(hands, kept, strict=True) for c in h if c not in pair}
        deck = np.array([c for c in rest if c not in flop and c not in out_cards], np.uint8)
        holes = np.array([kept], dtype=np.uint8)
        _equity.exact(tables, None, 0, holes, np.array(flop, np.uint8), deck, 0, 1, counts)
        if progress is not None and (k % 256 == 255 or k == len(flops) - 1):
            progress(k + 1, len(flops))
    boards = math.comb(len(rest) - 3, 2)
    stats = counts[0].astype(np.float64) / (len(flops) * boards)
    return EquityResult(
        v.name, _players([p.text for p in players], stats, None), "", _cards_text(dead), True,
        len(flops) * boards, False, None, 1, time.perf_counter() - t0,
    )
