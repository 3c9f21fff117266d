"""`Tables`: thousands of tables stepped at once, for simulation and reinforcement
learning.

    >>> import numpy as np, games
    >>> env = games.Tables("holdem", n=4, seats=3, stacks=100, blinds=(1, 2), seed=0)
    >>> env.actor                           # seat 2, the button, opens every table
    array([2, 2, 2, 2])
    >>> lg = env.legal()
    >>> lg.call, lg.raise_min, lg.raise_max
    (array([2, 2, 2, 2]), array([4, 4, 4, 4]), array([100, 100, 100, 100]))
    >>> done = env.step([0, 1, 2, 2], [0, 0, 4, 100])    # fold, call, raise to 4, all-in
    >>> done, env.actor
    (array([False, False, False, False]), array([0, 0, 0, 0]))

Every table plays the same game with the same options; a step takes one betting
action for every table (`kinds`: 0 fold, 1 check or call, 2 complete, bet or raise to
`amounts[i]`), applies them all in one call into C (games/engine/_batch.pyx, the same
compiled hand machine a `Table` plays through), and deals the next hand at once where
a hand ended (`done[i]`).  Seats are numbered 0..seats-1 around each table.  Without
``carry`` every hand starts from the starting stacks with the button on the last seat,
so seat k is PHH's p(k+1); with ``carry=True`` the stacks carry over, the button moves
one seat clockwise to the next seat with chips, a seat without chips sits out, and a
table where fewer than two seats have chips starts over from the starting stacks
(`games.Session`'s rules).

An illegal action refuses the whole step with a ValueError naming the first table
and what it may do, and changes no table (``on_illegal="raise"``, the default);
``on_illegal="fold"`` folds instead (checks where checking is free), ``"check"`` checks
or calls instead: what reinforcement-learning loops that penalise illegal actions use.

The stud games play too (antes, ``bring_in=``, fixed limit): where the bring-in is due,
`legal()` offers no fold and a call of 0, and kind 1 posts the bring-in (2 completes
to `raise_min`); `observe()` gives each seat's cards in the order dealt, those the
variant's streets deal face up (cards 3-6 of seven) being the ones its opponents see,
and a common last card (eight players) on the board.

A step may also be left in flight while the calling thread goes on in Python
(`step_async`, then `step_wait` for its `done`; the names of Gymnasium's and Stable
Baselines' vector environments): the worker threads check and play it meanwhile, and
the caller's thread joins them when it waits.  It pays where the caller has work of its
own to do meanwhile, a learner's update (docs/guides/simulation.md); two groups of
tables stepped in turn, one group's actions chosen while the other's fly, were measured
and lost to one step of all of them (docs/benchmarks.md).

The tables add every finished hand's payoffs by seat as it ends, with their squares
(`totals()`: the sums, the mean and its standard error), so a simulation that wants
only its result reads them once instead of the payoffs after every step.

Same seed, same actions: the same hands, whatever `threads` is.  The seed of the hand
in play at each table is `seeds[i]`: ``Table(game, hand_stacks, seed=int(seeds[i]),
...)`` deals it again, and `history(i)` replays the last finished hand so on a `Table`
and writes its PHH.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NoReturn, final

import numpy as np
import numpy.typing as npt

from evaluator.checks import seed as check_seed
from evaluator.threads import available_cpus, thread_count
from games.engine._batch import Batch, Checkpoint
from games.engine.options import TableOptions, check_stacks, options_for
from games.engine.table import Table
from games.variants import Variant, variant

#: tables below which a step stays on the calling thread
MIN_TABLES_PER_THREAD = 256
#: the most tables one `Tables` holds (its n=)
MAX_TABLES = 1 << 24
#: `step(until=...)`: the others' random actions a table a step, by default and at most
AT_MOST = 1000
AT_MOST_LIMIT = 2**31 - 1

_ILLEGAL = {"raise": 0, "fold": 1, "check": 2}
#: the rows `legal()` reads, in the order of TablesLegal's fields
_LEGAL = ("fold", "call", "raise_min", "raise_max")
_I64 = npt.NDArray[np.int64]


def seat_count(game: Variant, seats: int, name: str = "seats") -> int:
    """`seats` (an int), checked against what `game` seats, the error naming `name`
    (the CLI's option, say)."""
    low = max(2, game.min_players)
    if not low <= seats <= game.max_players:
        raise ValueError(f"{name} must be {low}..{game.max_players} for {game.title}, "
                         f"got {seats}")
    return seats


def table_count(n: object) -> int:
    """`n`, the number of tables, checked: an int (numpy's too) in 1..MAX_TABLES."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"n must be an int, got {type(n).__name__}")
    if not 1 <= n <= MAX_TABLES:
        raise ValueError(f"n must be 1..{MAX_TABLES} tables, got {n}")
    return int(n)


def _illegal_mode(mode: object) -> str:
    """`on_illegal`, checked."""
    if not isinstance(mode, str):
        raise TypeError(f"on_illegal must be a str, got {type(mode).__name__}")
    if mode not in _ILLEGAL:
        raise ValueError(f"on_illegal must be one of {', '.join(map(repr, _ILLEGAL))}, "
                         f"got {mode!r}")
    return mode


#: why a `Tables` is neither pickled nor copied, and what to do instead
_NOT_COPIED = ("Tables cannot be pickled or copied: its tables live in C memory.  Make it "
               "again from the same arguments (the same seed and actions play the same "
               "hands), in the other process if need be")

@dataclass(frozen=True)
class TablesLegal:
    """What the actor of each table may do, as arrays of shape (n,).

    fold: bool, True when facing a bet.  call: chips to call (0: a check); checking or
    calling is always allowed.  raise_min, raise_max: the bounds a complete, bet or
    raise may go to, -1 where it may not.
    """

    fold: npt.NDArray[np.bool_]
    call: _I64
    raise_min: _I64
    raise_max: _I64


@dataclass(frozen=True)
class TablesTotals:
    """Every hand the tables finished, summed by seat (`Tables.totals`).

    hands: the hands summed, all tables.  won: (seats,) int64, each seat's payoffs
    (chips won minus chips put in) summed: exact.  squares: (seats,) float64, the
    payoffs' squares summed: exact while below 2**53 (10^8 hands of 10^6 chips each).
    table_won: (n, seats) int64, each table's part of `won`; table_hands: (n,) int64,
    the hands each table finished.  A later reading minus an earlier one (``b - a``)
    sums the hands in between: a simulation counts from the end of its warm-up so.
    """

    hands: int
    won: _I64
    squares: npt.NDArray[np.float64]
    table_won: _I64
    table_hands: _I64

    @property
    def mean(self) -> npt.NDArray[np.float64]:
        """(seats,): each seat's chips won a hand (nan before any hand)."""
        if self.hands < 1:
            return np.full(len(self.won), np.nan)
        mean: npt.NDArray[np.float64] = self.won / self.hands
        return mean

    @property
    def standard_error(self) -> npt.NDArray[np.float64]:
        """(seats,): the standard error of `mean`, the hands taken as independent
        draws (nan below two hands).  Right without ``carry``, where every hand starts
        from the starting stacks; with ``carry`` a hand's stacks depend on the last
        one's, and this understates the error: read `table_error` then."""
        if self.hands < 2:
            return np.full(len(self.won), np.nan)
        mean = self.mean
        spread = np.maximum(self.squares / self.hands - mean * mean, 0.0)
        error: npt.NDArray[np.float64] = np.sqrt(spread / (self.hands - 1))
        return error

    @property
    def table_error(self) -> npt.NDArray[np.float64]:
        """(seats,): the standard error of `mean` with the tables taken as independent
        draws (their own seeds; a table's hands may depend on each other, as with
        ``carry``): the linearised error of a ratio of sums, sqrt(n / (n - 1) *
        sum_i (won_i - mean * hands_i)**2) / hands over the n tables.  Right with or
        without carry, given tens of tables or more; nan below two tables or one hand."""
        n = len(self.table_hands)
        if n < 2 or self.hands < 1:
            return np.full(len(self.won), np.nan)
        apart = self.table_won - np.outer(self.table_hands, self.mean)
        error: npt.NDArray[np.float64] = np.sqrt(
            n / (n - 1) * np.einsum("ij,ij->j", apart, apart)) / self.hands
        return error

    @staticmethod
    def joined(parts: Sequence[TablesTotals]) -> TablesTotals:
        """The totals of several groups of tables (several `Tables` of the same seats,
        in several processes, say) as the totals of one: the sums added, the tables'
        rows in the order of `parts`.  `table_error` then takes every table of every
        part as an independent draw, as their own seeds make them."""
        if isinstance(parts, TablesTotals) or not isinstance(parts, Sequence):
            raise TypeError(f"parts must be a sequence of TablesTotals, got "
                            f"{type(parts).__name__}")
        if not parts:
            raise ValueError("parts must hold one TablesTotals or more, got none")
        for k, part in enumerate(parts):
            if not isinstance(part, TablesTotals):
                raise TypeError(f"parts[{k}] must be a TablesTotals, got "
                                f"{type(part).__name__}")
            if len(part.won) != len(parts[0].won):
                raise ValueError(f"parts[{k}] has {len(part.won)} seats, parts[0] "
                                 f"{len(parts[0].won)}: totals of other games cannot "
                                 "be joined")
        return TablesTotals(sum(p.hands for p in parts),
                            np.sum([p.won for p in parts], axis=0, dtype=np.int64),
                            np.sum([p.squares for p in parts], axis=0, dtype=np.float64),
                            np.concatenate([p.table_won for p in parts]),
                            np.concatenate([p.table_hands for p in parts]))

    def __sub__(self, earlier: TablesTotals) -> TablesTotals:
        if not isinstance(earlier, TablesTotals):
            return NotImplemented
        if (earlier.table_won.shape != self.table_won.shape
                or (earlier.table_hands > self.table_hands).any()):
            raise ValueError("totals of other tables, or of later hands, cannot be "
                             "taken from these")
        return TablesTotals(self.hands - earlier.hands, self.won - earlier.won,
                            self.squares - earlier.squares,
                            self.table_won - earlier.table_won,
                            self.table_hands - earlier.table_hands)


@final
class TablesCheckpoint:
    """Every table of a `Tables` as it stood (`Tables.checkpoint`), for
    `Tables.restore` to put back, as often as asked: a search tries an action from the
    same positions at thousands of tables, plays each out, and goes back.

    hands: the hands the tables had finished.  nbytes: the memory it holds (about 3 kB
    a 6-max table: the tables' C state, copied whole).  It belongs to the tables it
    was taken of and to this process: another `Tables` refuses it, and it is neither
    pickled nor copied (it never changes: share it)."""

    __slots__ = ("_hands", "_state")

    def __init__(self, state: Checkpoint, hands: int) -> None:
        self._state = state
        self._hands = hands

    @property
    def hands(self) -> int:
        return self._hands

    @property
    def nbytes(self) -> int:
        return int(self._state.nbytes)

    def __repr__(self) -> str:
        return f"<TablesCheckpoint: {self.hands} hands finished, {self.nbytes:,} bytes>"

    def __reduce__(self) -> NoReturn:
        raise TypeError("a TablesCheckpoint lives in C memory and belongs to the tables "
                        "it was taken of: it is not pickled (it can be restored as often "
                        "as needed)")

    def __copy__(self) -> TablesCheckpoint:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> TablesCheckpoint:
        return self


class Tables:
    """n tables of one game, stepped at once (see the module's text).

    game: a variant whose only decisions are bets (`Tables.plays`: Texas Hold'em, short
    deck, Omaha 4, 5 and 6 and their Hi/Lo games, seven-card stud, stud Hi/Lo and
    razz), or its name.  n: the number of tables.  seats: the seats at each (2 up to
    the game's `max_players`, never more than ten).  stacks:
    every seat's starting chips (an int), or one per seat.  seed: the batch's seed (as
    `Table` takes one; None: fresh entropy).  threads: the threads a step runs on (None:
    one per available CPU; never more than the CPUs the process may use): this one and
    worker threads of the batch's own, which wait for the next step spinning, then
    napping (see docs/guides/simulation.md; `close()` stops them).  On several threads
    the workers deal the hands a step started after it returns, while the caller
    chooses, until `observe()` is first called (its rows hold the cards).  carry: stacks carry
    over and the button moves (see above).  on_illegal: "raise", "fold" or "check".  The
    other keywords are the tables' options (blinds=, antes=, betting=, min_bet=,
    small_bet=, big_bet=, raise_cap=, ante_trimming=), checked by `TableOptions.of`.
    """

    def __init__(self, game: Variant | str, n: int, seats: int, stacks: int | Any = 200, *,
                 seed: int | Any = None, threads: int | None = 1, carry: bool = False,
                 on_illegal: str = "raise", **settings: Any) -> None:
        found = variant(game)
        n = table_count(n)
        if isinstance(seats, bool) or not isinstance(seats, (int, np.integer)):
            raise TypeError(f"seats must be an int, got {type(seats).__name__}")
        seat_count(found, int(seats))
        if not isinstance(carry, bool):
            raise TypeError(f"carry must be True or False, got {carry!r}")
        mode = _illegal_mode(on_illegal)
        self._threads = thread_count(threads)
        options = options_for(found, int(seats), settings)
        if not self.plays(found) or options.rules:
            raise ValueError(f"{found.title} has decisions other than bets (or rule "
                             "modules of its own): Tables plays the games whose only "
                             "decisions are bets; play it on a Table")
        if isinstance(stacks, (int, np.integer)) and not isinstance(stacks, bool):
            stacks = [stacks] * options.seats
        chips = check_stacks(stacks, options)
        # the settings are read-only properties: the C calls size their arrays by them
        self._game: Variant = options.game
        self._table_options = options
        self._n = int(n)
        self._seats = options.seats
        self._stacks = tuple(chips)
        self._carry = carry
        self._on_illegal = mode
        self._seed: int = check_seed(seed)
        if Table(self._game, chips, seed=0, options=options).done:
            raise ValueError(f"stacks {chips}: the forced bets put every seat but one "
                             "all-in, so nobody ever decides")
        self._specs = {k: self._options(k) for k in (range(2, self._seats + 1) if carry
                                                      else (self._seats,))}
        self._batch = Batch({k: o.spec for k, o in self._specs.items()}, self._n, chips,
                            self._seed, carry, self._game.hole_cards,
                            self._game.board_cards + self._game.common_cards)
        # a step on several threads runs on the batch's own spinning workers, started
        # on the first such step and stopped with the tables
        self._pid = os.getpid()
        weakref.finalize(self, self._batch.stop_workers)
        # one step at a time, whatever the thread (a second is an error), and the
        # tables' state held by a step or a read (a read waits for a step to end)
        self._stepping = threading.Lock()
        self._state = threading.Lock()
        # the step in flight (`step_async`): its done array, and for a step already
        # played (one thread) the batch's answer; None when no step is in flight
        self._flight: tuple[npt.NDArray[np.bool_], tuple[int, int, int] | None] | None = None
        self._rows: dict[str, npt.NDArray[Any]] = self._batch.rows
        # read-only views of the rows, made once (the rows are never reallocated)
        self._views: dict[str, npt.NDArray[Any]] = {}
        for name, array in self._rows.items():
            view = array.view()
            view.flags.writeable = False
            self._views[name] = view
        self._legal_views = TablesLegal(*(self._views[name] for name in _LEGAL))
        self._payoffs_view: _I64 = self._batch.payoffs.view()
        self._payoffs_view.flags.writeable = False
        self._hands = int(self.finished.sum())      # hands that ended before any decision
        self._kinds = np.zeros(self._n, np.int64)
        self._amounts = np.zeros(self._n, np.int64)
        self._no_amounts = np.zeros(self._n, np.int64)       # amounts=None
        self._no_amounts.flags.writeable = False
        self._all = np.ones(self._n, np.uint8)

    @staticmethod
    def plays(game: Variant | str) -> bool:
        """Whether `Tables` plays `game` (a variant or its name): a game whose only
        decisions are bets, no discards, draws, placements or opening round."""
        found = variant(game)
        return not found.rows and not any(s.discard or s.draw or s.opening
                                          for s in found.streets)

    # ---------------------------------------------------------------- settings

    @property
    def game(self) -> Variant:
        """The variant every table plays."""
        return self._game

    @property
    def options(self) -> TableOptions:
        """The tables' options (blinds, antes, betting, ...), as `TableOptions.of`
        checked them."""
        return self._table_options

    @property
    def n(self) -> int:
        """The number of tables."""
        return self._n

    @property
    def seats(self) -> int:
        """The seats at each table."""
        return self._seats

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's starting chips."""
        return self._stacks

    @property
    def carry(self) -> bool:
        """Whether stacks carry over from hand to hand (and the button moves)."""
        return self._carry

    @property
    def on_illegal(self) -> str:
        """What an illegal action does: "raise", "fold" or "check".  It may be changed
        between steps (say "raise" while debugging a policy, "fold" while training)."""
        return self._on_illegal

    @on_illegal.setter
    def on_illegal(self, mode: str) -> None:
        self._on_illegal = _illegal_mode(mode)

    @property
    def seed(self) -> int:
        """The batch's seed."""
        return self._seed

    @property
    def threads(self) -> int:
        """The most threads a step may run on, as asked (None: the CPUs available then);
        `step_threads` says how many it runs on."""
        return self._threads

    @property
    def step_threads(self) -> int:
        """The threads a step runs on now: `threads`, but never more than the CPUs the
        process may use (a worker spins on a core of its own), nor more than one for
        every `MIN_TABLES_PER_THREAD` tables (below that a thread's share costs more to
        hand out than to play)."""
        if self._threads == 1:
            return 1
        return min(self._threads, available_cpus(),
                   max(1, self._n // MIN_TABLES_PER_THREAD))

    def _options(self, seats: int) -> TableOptions:
        """The options of a hand dealt to `seats` seats (carry: fewer seats than the
        table's when some sit out)."""
        o = self._table_options
        if seats == o.seats:
            return o
        settings: dict[str, Any] = dict(
            blinds=o.blinds[:seats], antes=o.antes[:seats], betting=o.betting,
            raise_cap=o.raise_cap, ante_trimming=o.ante_trimming)
        if o.betting.value == "fixed-limit":
            settings.update(small_bet=o.small_bet, big_bet=o.big_bet)
        else:
            settings.update(min_bet=o.min_bet)
        return options_for(self._game, seats, settings)

    def __repr__(self) -> str:
        return (f"<Tables {self._game.name} {self._table_options.betting.value}, {self._n} tables "
                f"of {self._seats} seats, {self.hands} hands finished>")

    def __reduce__(self) -> NoReturn:
        raise TypeError(_NOT_COPIED)

    def __copy__(self) -> NoReturn:
        raise TypeError(_NOT_COPIED)

    def __deepcopy__(self, memo: dict[int, Any]) -> NoReturn:
        raise TypeError(_NOT_COPIED)

    def close(self) -> None:
        """Stop the worker threads now rather than when the tables are collected (a
        server or a notebook done with them; `with Tables(...) as env:` closes at the
        end).  The tables stay as they are: a later step on several threads starts
        workers again and plays the same hands.  Refused with a step in flight."""
        self._acquire("close()")
        try:
            self._batch.stop_workers()
        finally:
            self._release()

    def checkpoint(self) -> TablesCheckpoint:
        """Every table as it stands now, for `restore` (`TablesCheckpoint`): the hands
        in play with their cards to come, the chips, the last finished hands, the
        totals.  Its cost is a copy of the tables' C state (about 3 kB a 6-max table;
        about a millisecond for 4,096 6-max tables, docs/guides/simulation.md).
        Refused with a step in flight."""
        self._acquire("checkpoint()")
        try:
            return TablesCheckpoint(self._batch.checkpoint(), self._hands)
        finally:
            self._release()

    def restore(self, checkpoint: TablesCheckpoint) -> None:
        """Every table back as `checkpoint` (taken of these tables by `checkpoint()`)
        holds it: the same hands in play, dealing the same cards to come, the same
        chips, histories, payoffs and totals; the same actions from here play the
        same hands as they did from there.  The views of `legal(copy=False)`,
        `observe(copy=False)` and `last_payoffs(copy=False)` show the restored rows.
        Refused with a step in flight; a checkpoint of other tables raises a
        ValueError and changes nothing."""
        if not isinstance(checkpoint, TablesCheckpoint):
            raise TypeError("restore() takes a TablesCheckpoint (from checkpoint()), got "
                            f"{type(checkpoint).__name__}")
        self._acquire("restore()")
        try:
            self._batch.restore(checkpoint._state)
            self._hands = checkpoint.hands
        finally:
            self._release()

    def __enter__(self) -> Tables:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        """Land a step still in flight, then `close`.  When the block raised, a refusal
        of that step is dropped so that the block's own exception is the one seen (no
        table changed either way)."""
        if self._flight is not None:
            try:
                self.step_wait()
            except ValueError:
                if kind is None:
                    self.close()
                    raise
        self.close()

    # ---------------------------------------------------------------- views

    @property
    def actor(self) -> _I64:
        """The seat to act at each table, (n,) int64."""
        with self._reading():
            actor: _I64 = self._rows["actor"].copy()
        return actor

    def legal(self, copy: bool = True) -> TablesLegal:
        """What each table's actor may do (`TablesLegal`).  copy=False gives read-only
        views of the arrays the tables write after every change, as `observe` does:
        no copy, for a policy that reads them before its next `step`."""
        if not copy:
            return self._legal_views
        with self._reading():
            rows = self._rows
            return TablesLegal(*(rows[name].copy() for name in _LEGAL))

    @property
    def payoffs(self) -> _I64:
        """(n, seats) int64: each seat's chips won minus chips put in, in the last hand
        each table finished (zeros before its first)."""
        with self._reading():
            payoffs: _I64 = self._batch.payoffs.copy()
        return payoffs

    def last_payoffs(self, copy: bool = True) -> _I64:
        """`payoffs`; copy=False gives a read-only view of the array the tables write
        when a hand ends, as `legal(copy=False)` does: no copy of every table's row
        (n by seats) a step, for a loop that reads the finished hands' payoffs (its
        rewards) after every step, `env.last_payoffs(copy=False)[done]` (one hand a
        table a step, but with ``carry`` or ``until``: see `step`)."""
        if not copy:
            return self._payoffs_view
        return self.payoffs

    @property
    def hands(self) -> int:
        """Hands finished so far, all tables."""
        return self._hands

    def totals(self) -> TablesTotals:
        """Every hand finished so far at every table, summed by seat (`TablesTotals`:
        the payoffs and their squares, by table too, with the mean and its standard
        error).  The tables add each hand's payoffs as it ends, in C, so a simulation
        that wants only its result need not read `last_payoffs` after every step; the
        sums are the same whatever `threads` is."""
        table_won = np.empty((self._n, self._seats), np.int64)
        squares = np.empty(self._seats, np.float64)
        table_hands = np.empty(self._n, np.int64)
        won = np.empty(self._seats, np.int64)
        with self._reading():
            self._batch.totals(table_won, squares, table_hands, won)
            return TablesTotals(self._hands, won, squares, table_won, table_hands)

    @property
    def finished(self) -> _I64:
        """(n,) int64: the hands each table finished."""
        finished = np.empty(self._n, np.int64)
        with self._reading():
            self._batch.counts(finished, np.empty(self._n, np.uint64))
        return finished

    @property
    def seeds(self) -> npt.NDArray[np.uint64]:
        """(n,) uint64: the seed of the hand in play at each table."""
        seeds = np.empty(self._n, np.uint64)
        with self._reading():
            self._batch.counts(np.empty(self._n, np.int64), seeds)
        return seeds

    @property
    def chips(self) -> _I64:
        """(n, seats) int64: each seat's chips when the hand in play began."""
        out = np.empty((self._n, self._seats), np.int64)
        with self._reading():
            self._batch.chips(out)
        return out

    def observe(self, copy: bool = True) -> dict[str, npt.NDArray[Any]]:
        """The tables as arrays, fixed shapes for a game and a seat count:

        hole (n, seats, hole cards) uint8: each seat's cards, 255 where it has none
        (out of the hand); every seat's are given, mask what a player may not see.
        board (n, board cards) uint8: the community cards, 255 where not dealt yet.
        stacks (n, seats) int64: chips behind.  bets (n, seats) int64: chips in front
        this round.  pot (n,) int64: chips in the pots, the round's bets not included.
        street (n,) int64: 0 preflop, 1 flop, 2 turn, 3 river.  button, actor (n,)
        int64: seats.  folded (n, seats) bool; in_hand (n, seats) bool: dealt into the
        hand in play (carry).  fold (n,) bool, call, raise_min, raise_max (n,) int64:
        `legal()`.

        copy=False returns read-only views of the arrays the tables write after every
        change (no copy, for a loop that reads them before its next `step`: they change
        with it).

        The tables write these arrays (all but `legal()`'s) only from the first call
        on: it writes them for every table as it stands, then every step keeps them.  A
        loop that never observes does not pay for them."""
        if not copy and self._batch.watched:
            return dict(self._views)
        with self._reading():
            if not self._batch.watched:     # from now on: written for every table first
                self._batch.watch()
            if not copy:
                return dict(self._views)
            return {name: array.copy() for name, array in self._rows.items()}

    # ---------------------------------------------------------------- stepping

    def step(self, kinds: npt.ArrayLike, amounts: npt.ArrayLike | None = None,
             mask: npt.ArrayLike | None = None, *, until: int | None = None,
             at_most: int = AT_MOST) -> npt.NDArray[np.bool_]:
        """One action at every table: kinds[i] 0 fold, 1 check or call, 2 complete,
        bet or raise to amounts[i] (ignored for the others; None: no raise).  mask:
        (n,) bool, the tables that act (None: all; the others wait, their entries
        ignored).  Returns (n,) bool: the tables whose hand ended (the next one is
        dealt already).  With ``carry``, a hand whose forced bets leave nobody a
        decision is played out in the same step: `done[i]` then stands for two hands
        or more, `payoffs` and `history(i)` show the last, and the difference of
        `totals()` before and after counts them all.  The arrays are read once, into
        the tables' own copy, before they are checked.

        until: a seat.  After the actions, every table's other seats play at random
        until that seat is to act, in the same call into C: each kind of action the
        actor may take equally likely, a raise to a uniform amount between its
        bounds (as `games.rl.random_actions`), drawn from the hand's seed, so the same
        seeds and actions give the same hands whatever `threads` is.  A table where
        the seat does not act (not in `mask`) starts with the others.  At most
        `at_most` such actions a table a step: where the seat never comes to act (it
        has no chips, with carry) the step still returns.  Several hands may end at a
        table so: `done[i]` says whether any did, and the difference of `totals()`
        before and after says how many and what each seat won.  A learner's seat
        against random opponents takes one call a decision this way, where stepping
        the others from Python takes one a round of their actions."""
        self._acquire("step()")
        try:
            return self._post(kinds, amounts, mask, land=True, until=until,
                              at_most=at_most)
        finally:
            self._release()

    def step_async(self, kinds: npt.ArrayLike, amounts: npt.ArrayLike | None = None,
                   mask: npt.ArrayLike | None = None, *, until: int | None = None,
                   at_most: int = AT_MOST) -> None:
        """`step`, left in flight: the batch's worker threads check the actions and
        play them while this thread returns to its Python; `step_wait()` joins them and
        returns `done`, or raises the ValueError `step` would have for a refused step
        (then no table changed, and no step is in flight).  Arrays of the wrong type or
        shape raise here.  On one thread (threads=1, or too few tables for two) the step
        is played here and now, and `step_wait()` only returns its `done`.

        Until `step_wait()`, the acting tables' rows change under the views of
        `legal(copy=False)`, `observe(copy=False)` and `last_payoffs(copy=False)`; the
        other tables' rows stay as they are, so a loop may read them to choose the
        next group's actions.  Everything else that reads the tables (`step`, a
        second `step_async`, `actor`, `legal()`, `observe()`, `payoffs`, `history`,
        ...) raises a RuntimeError until then.  `kinds`, `amounts` and `mask` are
        copied: the caller may change or reuse them at once.  `until` and `at_most`
        are `step`'s."""
        self._acquire("step_async()")
        try:
            self._post(kinds, amounts, mask, land=False, until=until, at_most=at_most)
        finally:
            self._release()

    def step_wait(self) -> npt.NDArray[np.bool_]:
        """The `done` of the step in flight (`step_async`), once every table of it has
        played: this thread plays the part the workers have not started yet."""
        with self._stepping, self._state:
            if self._flight is None:
                raise RuntimeError("step_wait() without a step in flight (step_async)")
            done, answer = self._flight
            if answer is None:
                try:
                    answer = self._batch.land()
                finally:                # landed, or failed tables (the batch raised)
                    if not self._batch.flying:
                        self._flight = None
            self._flight = None
            finished, i, why = answer
            self._refuse(i, why)
            self._hands += finished
            return done

    @property
    def in_flight(self) -> bool:
        """Whether a step is in flight (`step_async` without its `step_wait` yet)."""
        return self._flight is not None

    def _settled(self) -> None:
        """Raise when a step is in flight: the tables are being played."""
        if self._flight is not None:
            raise RuntimeError("a step is in flight (step_async): call step_wait() "
                               "before reading or stepping the tables")

    def _acquire(self, what: str) -> None:
        """Take the step's lock, not waited for (another thread's step is an error),
        with no step in flight, then the state's, waited for (a read in another thread
        ends soon); the caller releases both (`_release`)."""
        if not self._stepping.acquire(blocking=False):
            raise RuntimeError(f"{what} was called while another thread stepped these "
                               "tables (or closed, checkpointed or restored them); no "
                               "table was changed")
        if self._flight is not None:
            self._stepping.release()
            self._settled()
        self._state.acquire()

    def _release(self) -> None:
        self._state.release()
        self._stepping.release()

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Hold the state's lock for a read, with no step in flight: a read from
        another thread waits for a step running there to end, and never sees the
        tables half stepped."""
        with self._state:
            self._settled()
            yield

    def _post(self, kinds: npt.ArrayLike, amounts: npt.ArrayLike | None,
              mask: npt.ArrayLike | None, land: bool, until: int | None = None,
              at_most: int = AT_MOST) -> npt.NDArray[np.bool_]:
        """Check the actions and play them (land) or leave them in flight."""
        seat = -1 if until is None else self._until(until, at_most)
        column = self._batch.is_column     # the arrays a loop passes: nothing to copy
        kind = kinds if column(kinds) else self._column(kinds, "kinds", self._kinds)
        if amounts is None:
            amount = self._no_amounts
        else:
            amount = amounts if column(amounts) else self._column(amounts, "amounts",
                                                                  self._amounts)
        acting = self._all if mask is None else self._mask(mask)
        done = np.zeros(self._n, np.bool_)
        count = self.step_threads
        if count > 1 and (self._batch.nworkers != count - 1 or self._pid != os.getpid()):
            self._batch.start_workers(count - 1)        # first use, or a forked child
            self._pid = os.getpid()
        # the actions are checked before any is played (in this call, or by the first
        # worker to reach a step in flight): a refused step changes nothing
        flies = not land and count > 1
        finished, i, why = self._batch.step(kind, amount, acting, _ILLEGAL[self._on_illegal],
                                            done, count, not flies, seat,
                                            at_most if seat >= 0 else 0)
        if land:
            if why:
                self._refuse(i, why)
            self._hands += finished
        elif flies:
            self._flight = (done, None)
        else:                           # played here: its answer waits for step_wait()
            self._flight = (done, (int(finished), i, why))
        return done

    def _refuse(self, i: int, why: int) -> None:
        """Raise the batch's refusal of a step (why 1: a kind out of range, 2: an
        illegal action at table i), naming the action as the step read it (its own
        copy); nothing when why is 0."""
        if not why:
            return
        kind, amount = self._batch.taken(i)
        if why == 1:
            raise ValueError(f"kinds[{i}] = {kind}: an action is 0 (fold), 1 (check or "
                             "call) or 2 (raise to the amount); no table was changed")
        raise ValueError(self._illegal(i, kind, amount))

    def _until(self, until: int, at_most: int) -> int:
        """`step`'s until= (given) and at_most=, checked: the seat."""
        for name, value in (("until", until), ("at_most", at_most)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"{name} must be an int, got {type(value).__name__}")
        if not 0 <= until < self._seats:
            raise ValueError(f"until must be a seat of 0..{self._seats - 1}, got {until}")
        if not 0 <= at_most <= AT_MOST_LIMIT:
            raise ValueError(f"at_most must be 0..{AT_MOST_LIMIT}, got {at_most}")
        return int(until)

    def _mask(self, mask: npt.ArrayLike) -> npt.NDArray[np.uint8]:
        """A step's mask (not None), checked: its bools as bytes."""
        array = np.asarray(mask)
        if array.dtype != np.bool_:
            raise TypeError(f"mask must be an array of bools, got {array.dtype}")
        if array.shape != (self._n,):
            raise ValueError(f"mask must have shape ({self._n},), got {array.shape}")
        return np.ascontiguousarray(array).view(np.uint8)

    def _column(self, values: npt.ArrayLike, name: str, into: _I64) -> _I64:
        """An (n,) array of ints, checked: itself when it is already an aligned
        C-contiguous int64 array (the kernel only reads it), else copied into `into`
        (the kernel reads int64s: from an unaligned address that is undefined
        behaviour in C, which UBSan reports and a vectorising compiler may fault on)."""
        array = values if type(values) is np.ndarray else np.asarray(values)
        if (array.dtype == np.int64 and array.shape == (self._n,)
                and array.flags.c_contiguous and array.flags.aligned):
            return array
        if array.dtype == np.bool_ or not (np.issubdtype(array.dtype, np.integer)
                                            or array.dtype == object):
            raise TypeError(f"{name} must be integers, got an array of {array.dtype}")
        if array.dtype == object and array.ndim == 0:   # None, a dict, a generator...
            raise TypeError(f"{name} must be an array of ints, got {type(values).__name__}")
        if array.shape != (self._n,):
            raise ValueError(f"{name} must have shape ({self._n},), got {array.shape}")
        if array.dtype == object:
            for i, v in enumerate(array):
                if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                    raise TypeError(f"{name}[{i}] must be an int, got {type(v).__name__}")
            try:
                array = array.astype(np.int64)
            except OverflowError:
                raise ValueError(f"{name} holds an int outside int64") from None
        elif array.dtype == np.uint64 and array.size and array.max() > np.iinfo(np.int64).max:
            i = int(np.argmax(array > np.iinfo(np.int64).max))
            raise ValueError(f"{name}[{i}] = {array[i]} is out of range")
        into[:] = array
        return into

    def _illegal(self, i: int, kind: int, amount: int) -> str:
        """A refusal's message (the state's lock held: the rows read directly)."""
        rows = self._rows
        seat = int(rows["actor"][i])
        call, low, high = (int(rows[name][i]) for name in ("call", "raise_min", "raise_max"))
        offer = ["check or call" if call == 0 else f"call {call}"]
        if rows["fold"][i]:
            offer.insert(0, "fold")
        if low >= 0:
            offer.append(f"raise to {low}..{high}")
        what = ("fold" if kind == 0 else f"raise to {amount}")
        return (f"table {i}: seat {seat} may not {what} ({', '.join(offer)}); no table "
                "was changed")

    # ---------------------------------------------------------------- hand histories

    def history(self, i: int) -> str:
        """The PHH text of the last hand table i finished, replayed on a `Table` from
        its seed and its actions (ValueError before its first)."""
        table = self.table_of(i)
        return table.to_phh()

    def table_of(self, i: int) -> Table:
        """The last hand table i finished, replayed on a `Table` (its seed, its stacks,
        its actions): the same cards, the same stacks."""
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
            raise TypeError(f"a table is an int, got {type(i).__name__}")
        if not 0 <= i < self._n:
            raise ValueError(f"table {i} is not one of 0..{self._n - 1}")
        with self._reading():
            last = self._batch.last_hand(int(i))
        if last is None:
            raise ValueError(f"table {i} has not finished a hand yet")
        positions, stacks, seed, actions = last
        table = Table(self._game, stacks, seed=seed, options=self._specs[len(positions)])
        for kind, _, amount in actions:
            if kind == 0:
                table.fold()
            elif kind == 1:             # where the bring-in is due, "call" posts it
                table.bring_in() if table.can_bring_in() else table.check_or_call()
            else:
                table.raise_to(amount)
        if not table.done:
            raise RuntimeError(f"table {i}: its last hand did not end when replayed")
        return table
