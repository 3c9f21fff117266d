"""Discrete actions over `games.Tables`: fold, check or call, raises sized as fractions
of the pot, all-in; and a random policy over what each table's actor may do.

    >>> import numpy as np, games
    >>> from games.rl import BetSizes
    >>> env = games.Tables("holdem", n=2, seats=2, stacks=100, blinds=(1, 2), seed=0)
    >>> sizes = BetSizes(fractions=(0.5, 1.0))
    >>> sizes.names
    ('fold', 'check or call', 'raise 0.5 pot', 'raise 1 pot', 'all-in')
    >>> view = env.observe(copy=False)
    >>> sizes.mask(view).astype(int)
    array([[1, 1, 1, 1, 1],
           [1, 1, 1, 1, 1]])
    >>> sizes.actions(np.array([3, 4]), view)     # a pot-sized raise to 6, all-in to 100
    (array([2, 2]), array([  6, 100]))

A raise of a fraction f of the pot goes to the largest bet plus f times the pot after
calling (the chips in the pots, every bet in front, and the call): f = 1 is the
pot-sized raise, the most pot-limit allows.  The amount is put inside what the actor
may raise to (the minimum raise, or its stack); where it may not raise at all the
raise actions are masked out (and refused by `Tables.step`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from numbers import Real
from typing import Any

import numpy as np
import numpy.typing as npt

from games.engine.batch import Tables

View = dict[str, npt.NDArray[Any]]

#: a raise's share of the pot is capped here before it is made an int64: above every
#: pot (stacks are below 2**56, ten seats at most) and an int64 exactly
_SHARE_CAP = 2.0**62


@dataclass(frozen=True)
class BetSizes:
    """A discrete action set: 0 fold, 1 check or call, then a raise for each fraction
    of the pot, then (with ``all_in``) a raise to everything the actor has."""

    fractions: tuple[float, ...] = (0.5, 1.0)
    all_in: bool = True
    _by_pick: npt.NDArray[np.float64] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        given = self.fractions
        if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
            raise TypeError(f"fractions must be an iterable of numbers, got {given!r}")
        fractions = tuple(given)        # read once: a generator is not read again
        if not all(isinstance(f, Real) and not isinstance(f, bool) for f in fractions):
            raise TypeError(f"fractions must be real numbers, got {fractions!r}")
        if not all(0 < f < 1000 for f in fractions):
            raise ValueError(f"fractions of the pot must be in (0, 1000), got {fractions!r}")
        if not isinstance(self.all_in, bool):
            raise TypeError(f"all_in must be True or False, got {self.all_in!r}")
        object.__setattr__(self, "fractions", tuple(float(f) for f in fractions))
        by_pick = np.zeros(self.n)          # each action's fraction of the pot, or 0
        by_pick[2:2 + len(self.fractions)] = self.fractions
        object.__setattr__(self, "_by_pick", by_pick)

    @property
    def n(self) -> int:
        """The number of actions."""
        return 2 + len(self.fractions) + int(self.all_in)

    @property
    def names(self) -> tuple[str, ...]:
        raises = tuple(f"raise {f:g} pot" for f in self.fractions)
        return ("fold", "check or call", *raises, *(("all-in",) if self.all_in else ()))

    def mask(self, view: View, acting: npt.NDArray[np.bool_] | None = None
             ) -> npt.NDArray[np.bool_]:
        """(n tables, actions) bool: the actions each table's actor may take; where
        `acting` (n,) is given, none at the tables it leaves out (a seat that is not
        to act there)."""
        rows = len(view["call"])
        can_raise = view["raise_min"] >= 0
        out = np.empty((rows, self.n), np.bool_)
        if acting is None:
            out[:, 0] = view["fold"]
            out[:, 1] = True
        else:
            np.logical_and(view["fold"], acting, out=out[:, 0])
            out[:, 1] = acting
            can_raise &= acting
        out[:, 2:] = can_raise[:, None]
        return out

    def actions(self, choice: npt.ArrayLike, view: View
                ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The `Tables.step` arguments (kinds, amounts) of a discrete choice per table."""
        pick = np.asarray(choice)
        if pick.dtype == np.bool_ or not np.issubdtype(pick.dtype, np.integer):
            raise TypeError(f"choices must be integers, got an array of {pick.dtype}")
        if pick.shape != view["call"].shape:
            raise ValueError(f"choices must have shape {view['call'].shape}, got {pick.shape}")
        if pick.size and (pick.min() < 0 or pick.max() >= self.n):
            i = int(np.flatnonzero((pick < 0) | (pick >= self.n))[0])
            raise ValueError(f"choices[{i}] = {pick[i]}: an action is 0..{self.n - 1}")
        pick = pick.astype(np.int64, copy=False)
        kinds = np.minimum(pick, 2)
        low, high = view["raise_min"], view["raise_max"]
        amounts = high
        if self.fractions:
            # every row's fraction at once (0 where it picked none: those rows are
            # replaced below), and the bets' largest and sum a seat at a time (numpy's
            # reductions along a row of a few seats cost 25-40 us at 1,024 tables): the
            # actions of 1,024 tables took 157 us before, a learner's step's largest part
            bets = view["bets"]
            largest, total = bets[:, 0].copy(), bets[:, 0].copy()
            for seat in range(1, bets.shape[1]):
                np.maximum(largest, bets[:, seat], out=largest)
                np.add(total, bets[:, seat], out=total)
            # the share is capped before the cast (999 pots may pass int64) and at the
            # room left below the maximum after it: no sum overflows, no cast wraps
            share = np.floor(self._by_pick[pick] * (view["pot"] + total + view["call"]))
            np.minimum(share, _SHARE_CAP, out=share)
            raised = np.minimum(share.astype(np.int64), high - largest)
            raised += largest
            amounts = np.maximum(raised, low, out=raised)
            if self.all_in:
                amounts = np.where(pick == self.n - 1, high, amounts)
        return kinds, np.where(pick >= 2, amounts, 0)


def random_actions(view: View, rng: np.random.Generator, *,
                   out: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = None
                   ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """A random legal action at every table of `view` (`Tables.observe`, or any mapping
    with its rows "fold", "raise_min" and "raise_max", such as `legal()`'s): fold, check
    or call, or raise, each equally likely among those allowed; a raise to a uniform
    amount between the minimum and the maximum.  The rows are arrays of one length as
    `Tables` gives them (bool, int64, int64), not checked again here: a policy runs
    every step.  `out`: two int64 arrays as long as the rows, to write the kinds and
    the amounts into (a part of larger arrays, say).

    One uniform number a table decides both: scaled by the number of kinds allowed,
    its integer part picks the kind, and the fraction left, uniform on [0, 1) again,
    the amount.  One draw and no select, where two draws and `np.where` took 1.4 times
    as long (18 against 26 us at 2,048 tables on the Xeon host, where a one-thread
    step of them takes 130 us), and no float operation on an int64 array: numpy casts
    a mixed operand through a buffer, at two to three times the operation's cost (the
    kinds are counted in int8, the span made float once).  It is the policy of the
    issue benchmark (benchmarks/bench_simulation.py), whose two threads wait on it."""
    folds = np.asarray(view["fold"], dtype=np.bool_).view(np.int8)
    low, high = view["raise_min"], view["raise_max"]
    x = rng.random(len(folds))
    allowed = (low >= 0).view(np.int8)                 # the kinds allowed: a call,
    allowed += folds                                   # a fold where it may, a raise
    allowed += 1                                       # where it may
    x *= allowed
    pick = np.floor(x)
    x -= pick
    span = (high - low).astype(np.float64)
    span += 1.0
    x *= span
    if out is None:
        kinds, amounts = pick.astype(np.int64), x.astype(np.int64)
    else:
        kinds, amounts = out
        if np.shape(kinds) != pick.shape or np.shape(amounts) != pick.shape:
            raise ValueError(f"out must be two arrays of shape {pick.shape}, got "
                             f"{np.shape(kinds)} and {np.shape(amounts)}")
        kinds[...] = pick
        amounts[...] = x
    kinds += 1                                         # where it may not fold, the
    kinds -= folds                                     # pick starts at a call
    amounts += low
    return kinds, amounts


def play_random(tables: Tables, rng: np.random.Generator) -> npt.NDArray[np.bool_]:
    """One step of `tables` with `random_actions` over the views of `legal(copy=False)`,
    not `observe()`: the tables keep the observation's rows only once somebody asks
    for them, and a loop that never does plays 4-8% more hands a second."""
    lg = tables.legal(copy=False)
    view = {"fold": lg.fold, "raise_min": lg.raise_min, "raise_max": lg.raise_max}
    return tables.step(*random_actions(view, rng))
