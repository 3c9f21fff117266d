"""A PettingZoo AEC environment over one table of `games.Tables`: every seat an agent,
taking turns as the hand says.

    >>> from games.rl import PokerAEC
    >>> env = PokerAEC("holdem", seats=3, stacks=100, seed=4)
    >>> env.reset(seed=4)
    >>> env.agent_selection                     # the button opens a three-handed hand
    'player_2'
    >>> for agent in env.agent_iter():
    ...     observation, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated else 1)        # everyone checks or calls
    >>> sum(env._cumulative_rewards.values()), len(env.agents)
    (0, 0)

An episode is one hand; agents are ``player_0`` .. ``player_{seats-1}`` (PHH's p1 ..,
the last seat on the button).  An agent's observation is what it sees: its own hole
cards, the board, every seat's chips behind and in front, the pot and the street, with
an action mask over the discrete actions of `BetSizes` (``{"observation": ...,
"action_mask": ...}``, PettingZoo's convention for masked actions).  When the hand
ends every agent is terminated with its chips won minus chips put in as its reward.
`reset()` deals a new hand from the starting stacks, mid-hand too: from its seed, or
one the environment's generator draws, so a run from a seed is replayed whole.  Needs
the `rl` extra (``pip install pokerhands[rl]``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from games.engine.batch import Tables
from games.rl.actions import BetSizes
from games.rl.seat import reset_seed, seat_spaces, seat_view

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError("games.rl.aec needs PettingZoo: pip install 'pokerhands[rl]'") from error


class PokerAEC(AECEnv):  # type: ignore[misc]
    """One table of a betting game, each seat an agent (see the module's text).  The
    keywords are `games.Tables`' (stacks=, blinds=, antes=, betting=, ...)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "pokerhands_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    tables: Tables
    _rng: np.random.Generator
    _won: npt.NDArray[np.int64]

    def __init__(self, game: str = "holdem", seats: int = 2, *,
                 bet_sizes: BetSizes | None = None, seed: int | None = None,
                 render_mode: str | None = None, **table_options: Any) -> None:
        super().__init__()
        if table_options.get("carry") or table_options.get("on_illegal", "raise") != "raise":
            raise ValueError("a hand is an episode: carry and on_illegal are not offered")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self._options = dict(game=game, n=1, seats=seats, **table_options)
        self.bet_sizes = bet_sizes if bet_sizes is not None else BetSizes()
        self._deal(seed)
        self.possible_agents = [f"player_{s}" for s in range(seats)]
        seen = spaces.Dict(seat_spaces(self.tables))
        self.observation_spaces = {a: spaces.Dict({
            "observation": seen, "action_mask": spaces.Box(0, 1, (self.bet_sizes.n,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.bet_sizes.n) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: a new hand, not the one in play (see the module's text)."""
        self._deal(reset_seed(seed, self._rng))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _deal(self, seed: int | None) -> None:
        """A new table from `seed` (None: fresh entropy), and the generator that draws
        the next reset's seed; the rewards count from its first hand."""
        if hasattr(self, "tables"):
            self.tables.close()
        self.tables = Tables(seed=seed, **self._options)
        self._rng = np.random.default_rng(seed)
        self._won = self.tables.totals().table_won[0]

    def _select(self) -> None:
        self.agent_selection = self.possible_agents[int(self.tables.observe(copy=False)
                                                        ["actor"][0])]

    def observe(self, agent: str) -> dict[str, Any]:
        view = self.tables.observe(copy=False)
        seat = self.possible_agents.index(agent)
        mask = self.bet_sizes.mask(view)[0].astype(np.int8)
        if self.possible_agents[int(view["actor"][0])] != agent or self.terminations.get(agent):
            mask[:] = 0
        return {"observation": seat_view(view, seat, 0), "action_mask": mask}

    def step(self, action: int | np.integer | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        sizes = self.bet_sizes
        if action is None:
            raise ValueError(f"{agent} is to act: give an action of 0..{sizes.n - 1}")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"action must be an int of 0..{sizes.n - 1} or None, got "
                            f"{action!r}")
        if not 0 <= action < sizes.n:
            raise ValueError(f"action {action} is not one of 0..{sizes.n - 1} "
                             f"({', '.join(sizes.names)})")
        view = self.tables.observe(copy=False)
        kinds, amounts = sizes.actions(np.array([action]), view)
        self._cumulative_rewards[agent] = 0
        done = self.tables.step(kinds, amounts)
        if done[0]:
            # the totals, not the last hand's payoffs: a step may end two hands, where
            # the next one's forced bets leave nobody a decision (with carry)
            won = self.tables.totals().table_won[0]
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = int(won[s] - self._won[s])
                self.terminations[a] = True
            self._won = won
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        view = self.tables.observe(copy=False)
        return (f"street {int(view['street'][0])}, pot {int(view['pot'][0])}, stacks "
                f"{view['stacks'][0].tolist()}, bets {view['bets'][0].tolist()}, "
                f"{self.agent_selection} to act")

    def close(self) -> None:
        self.tables.close()

