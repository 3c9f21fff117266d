"""A Gymnasium vector environment over `games.Tables`: one learning seat (the hero) at
every table, the other seats played by a policy you give (random by default).

    >>> from games.rl import PokerVectorEnv
    >>> env = PokerVectorEnv("holdem", num_envs=8, seats=2, stacks=100, seed=1)
    >>> obs, info = env.reset(seed=1)
    >>> obs["hole"].shape, obs["action_mask"].shape
    ((8, 2), (8, 5))
    >>> import numpy as np
    >>> calls = np.ones(8, dtype=int)              # every hero checks or calls
    >>> obs, reward, terminated, truncated, info = env.step(calls)
    >>> reward.shape, terminated.dtype
    ((8,), dtype('bool'))

An episode is one hand.  At every step the hero acts at every table (the opponents
have played up to its turn), and the observation is what the hero sees: its own hole
cards, the board, every seat's chips behind and in front, the pot, the street and an
action mask over the discrete actions of `BetSizes` (fold, check or call, raises sized
as fractions of the pot, all-in).  Where a hand ends (the hero's action, or the
opponents' after it) the step's reward is the hero's chips won minus chips put in,
`terminated` is true and the observation is already the next hand's first decision
(Gymnasium's same-step autoreset; `info["hands"]` counts the hands that ended at each
table this step, in case several did: opponents may end a hand before the hero acts,
and at most MAX_OPPONENT_STEPS of their actions are played a step, the hero's action
being masked out at a table still waiting for them).  The default opponents play at
random inside the tables' own step (`Tables.step(..., until=hero)`): one call into C a
step, where a policy of your own is stepped from Python, one call a round of the
opponents' actions (about twenty a 6-max step, for the last tables to get back to the
hero).  Needs the `rl` extra (``pip install pokerhands[rl]``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from games.engine.batch import Tables
from games.rl.actions import BetSizes, View, random_actions
from games.rl.seat import reset_seed, seat_spaces, seat_view

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError("games.rl.vector needs Gymnasium: pip install 'pokerhands[rl]'") from error

#: opponents' actions in a row at one step before it returns anyway (opponents that end
#: every hand before the hero acts would otherwise never let it return); the hero's
#: action is then masked out and ignored at the tables still waiting for them
MAX_OPPONENT_STEPS = 256

#: an opponents' policy: (the tables' view, a generator) -> (kinds, amounts) for
#: `Tables.step` (only the tables where an opponent acts are stepped)
Policy = Callable[[View, np.random.Generator], tuple[npt.NDArray[np.int64],
                                                     npt.NDArray[np.int64]]]


def hero_space(tables: Tables, sizes: BetSizes) -> spaces.Dict:
    """What one seat sees of one table, with its action mask."""
    return spaces.Dict({**seat_spaces(tables),
                        "action_mask": spaces.Box(0, 1, (sizes.n,), np.int8)})


def hero_view(view: View, seat: int, sizes: BetSizes) -> dict[str, npt.NDArray[Any]]:
    """The observation of `seat` at each table from `Tables.observe` (its action mask
    all zeros where it is not to act)."""
    mask = sizes.mask(view, acting=view["actor"] == seat).view(np.int8)   # no copy
    return {**seat_view(view, seat), "action_mask": mask}


class PokerVectorEnv(VectorEnv):
    """num_envs tables of a betting game, the hero at seat `hero` of each (see the
    module's text).  opponents: the other seats' policy (default: random over what
    each may do, played by the tables in C; its numbers come from the tables' seed,
    a policy's from the environment's generator).  The other keywords are
    `games.Tables`' (stacks=, blinds=, antes=, betting=, threads=, ...); the stacks do
    not carry over from hand to hand."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012
    tables: Tables
    _rng: np.random.Generator

    def __init__(self, game: str = "holdem", num_envs: int = 64, seats: int = 2, *,
                 hero: int = 0, opponents: Policy | None = None,
                 bet_sizes: BetSizes | None = None, seed: int | None = None,
                 **table_options: Any) -> None:
        if table_options.get("carry"):
            raise ValueError("the hero's hands are episodes: carry=True is not offered")
        if table_options.get("on_illegal", "raise") != "raise":
            raise ValueError("illegal actions are masked out: on_illegal is 'raise'")
        self._options = dict(game=game, n=num_envs, seats=seats, **table_options)
        self.bet_sizes = bet_sizes if bet_sizes is not None else BetSizes()
        if not isinstance(self.bet_sizes, BetSizes):
            raise TypeError(f"bet_sizes must be a BetSizes, got {type(bet_sizes).__name__}")
        if isinstance(hero, bool) or not isinstance(hero, int) or not 0 <= hero < seats:
            raise ValueError(f"hero must be a seat of 0..{seats - 1}, got {hero!r}")
        self.hero = hero
        #: the opponents play at random in the tables' own step (no policy given)
        self.in_step = opponents is None
        self.opponents: Policy = opponents if opponents is not None else random_actions
        self.num_envs = num_envs
        self._deal(seed)
        self.single_observation_space = hero_space(self.tables, self.bet_sizes)
        self.single_action_space = spaces.Discrete(self.bet_sizes.n)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """New episodes: new tables, a fresh hand at each, played up to the hero's first
        decision.  A seed gives the same hands and the same opponents' play as a new
        environment of that seed; without one the environment's generator draws the
        seed, so the hands are new and a run from a seed is still replayed whole."""
        self._deal(reset_seed(seed, self._rng))
        return self._observe(), {}

    def step(self, actions: npt.ArrayLike) -> tuple[dict[str, npt.NDArray[Any]],
                                                    npt.NDArray[np.float64],
                                                    npt.NDArray[np.bool_],
                                                    npt.NDArray[np.bool_], dict[str, Any]]:
        view = self.tables.observe(copy=False)
        kinds, amounts = self.bet_sizes.actions(actions, view)
        acting = view["actor"] == self.hero
        if self.in_step:
            self.tables.step(kinds, amounts, mask=acting, until=self.hero,
                             at_most=MAX_OPPONENT_STEPS)
        else:
            self.tables.step(kinds, amounts, mask=acting)
            self._play_opponents()
        reward, hands = self._since()
        terminated = hands > 0
        return (self._observe(), reward, terminated, np.zeros(self.num_envs, np.bool_),
                {"hands": hands})

    def close_extras(self, **kwargs: Any) -> None:
        """The tables' worker threads stop (`Tables.close`)."""
        self.tables.close()

    def _deal(self, seed: int | None) -> None:
        """New tables from `seed` (None: fresh entropy), the opponents' generator seeded
        with it, played up to the hero's first decision; the rewards count from there."""
        if hasattr(self, "tables"):
            self.tables.close()
        self.tables = Tables(seed=seed, **self._options)
        self._rng = np.random.default_rng(seed)
        zeros = np.zeros(self.num_envs, np.int64)
        self._won, self._hands = zeros, zeros.copy()
        self._play_opponents()
        self._since()           # the hands the opponents ended first are no episode's

    def _since(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
        """The hero's chips won at each table, and the hands that ended there, since
        the last call (the tables' `totals`).  The one source of rewards: a step may
        end several hands at a table (the opponents', or with carry a hand whose forced
        bets leave nobody a decision, played out at once), where the last hand's
        payoffs would miss all but the last."""
        now = self.tables.totals()
        won = now.table_won[:, self.hero]
        reward = (won - self._won).astype(np.float64)
        hands = now.table_hands - self._hands
        self._won, self._hands = won, now.table_hands
        return reward, hands

    def _play_opponents(self) -> None:
        """The opponents act until the hero is to act at every table (at most
        MAX_OPPONENT_STEPS actions in a row)."""
        tables = self.tables
        if self.in_step:
            nobody = np.zeros(self.num_envs, np.bool_)
            tables.step(np.ones(self.num_envs, np.int64), mask=nobody, until=self.hero,
                        at_most=MAX_OPPONENT_STEPS)
            return
        for _ in range(MAX_OPPONENT_STEPS):
            view = tables.observe(copy=False)
            waiting = view["actor"] != self.hero
            if not waiting.any():
                return
            tables.step(*self.opponents(view, self._rng), mask=waiting)

    def _observe(self) -> dict[str, npt.NDArray[Any]]:
        return hero_view(self.tables.observe(copy=False), self.hero, self.bet_sizes)


__all__ = ["PokerVectorEnv", "gymnasium"]
