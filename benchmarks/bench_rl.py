"""Hands for a learner: one seat (the hero) against random opponents, through the
Gymnasium vector environment over `games.Tables`, beside RLCard's no-limit hold'em.

    python -m pytest benchmarks/bench_rl.py --benchmark-only

`games.rl.PokerVectorEnv` at 1,024 tables, stacks of 200, blinds 1/2: the hero picks
uniformly among the actions its mask allows (numpy, in the timing), the opponents play
at random over what they may do.  Two ways of playing the opponents, side by side: in
the tables' own step (the default, `Tables.step(..., until=hero)`; on one thread and
split over two, where the opponents' actions run on both), and stepped from Python
(`opponents=games.rl.random_actions`), one `Tables.step` a round of their actions.  A
round plays on until a fixed number of hero hands (episodes) have ended; the rewards
are summed and the hands counted from the environment's own `info`.

RLCard (`pip install rlcard`; skipped where it is absent) plays its `no-limit-holdem`
with random agents at every seat, one hand a call of `env.run`, which also builds each
player's trajectory: that is how its users collect hands.  Its game is simpler than
ours (its raises are fractions of the pot and all-in, not exact amounts), so the row
says what a learner's loop costs in each, not that the games are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

SEED = 20261127
TABLES = 1024
HANDS = {6: 200_000, 2: 400_000}          # hero hands a round, PokerVectorEnv
RLCARD_HANDS = {6: 2_000, 2: 4_000}       # hands a round, RLCard


def row(seats: int) -> str:
    kind = "heads-up" if seats == 2 else f"{seats}-max"
    return f"A learner's seat against random opponents, {kind} hold'em hands"


def vector_player(seats: int, in_step: bool, threads: int = 1) -> Callable[[int], int]:
    """play(hands): hero hands played by a PokerVectorEnv made and warmed up here."""
    pytest.importorskip("gymnasium")
    from games.rl import PokerVectorEnv, random_actions

    env = PokerVectorEnv("holdem", num_envs=TABLES, seats=seats, stacks=200,
                         blinds=(1, 2), seed=SEED, threads=threads,
                         opponents=None if in_step else random_actions)
    rng = np.random.default_rng(SEED)
    obs, _ = env.reset(seed=SEED)

    def act(obs: dict[str, np.ndarray]) -> np.ndarray:
        mask = obs["action_mask"]
        return np.asarray((rng.random(mask.shape) * mask).argmax(axis=1))

    for _ in range(20):
        obs, *_ = env.step(act(obs))
    state = {"obs": obs}

    def play(hands: int) -> int:
        obs, played, won = state["obs"], 0, 0.0
        before = int(env.tables.totals().won[env.hero])
        while played < hands:
            obs, reward, _, _, info = env.step(act(obs))
            played += int(info["hands"].sum())
            won += float(reward.sum())
        state["obs"] = obs
        # the checksum: the rewards are the hero's chips in the tables' own sums
        assert won == int(env.tables.totals().won[env.hero]) - before
        return played

    return play


def rlcard_player(seats: int) -> Callable[[int], int]:
    rlcard = pytest.importorskip("rlcard")
    from rlcard.agents import RandomAgent

    env = rlcard.make("no-limit-holdem", config={"seed": SEED, "game_num_players": seats,
                                                  "chips_for_each": 200})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(seats)])

    def play(hands: int) -> int:
        total = 0.0
        for _ in range(hands):
            _, payoffs = env.run(is_training=False)
            total += float(np.sum(payoffs))
        assert abs(total) < 1e-6 * hands + 1e-6       # zero-sum, hand by hand
        return hands

    return play


@pytest.mark.parametrize("seats", [6, 2])
@pytest.mark.parametrize(("in_step", "threads"), [(True, 1), (True, 2), (False, 1)])
def test_vector_env(measure: Callable[..., Any], benchmark: Any, seats: int,
                    in_step: bool, threads: int) -> None:
    hands = HANDS[seats]
    how = "opponents in the step" if in_step else "opponents stepped from Python"
    played = measure(vector_player(seats, in_step, threads), hands, what=row(seats),
                     lib=f"PokerVectorEnv n={TABLES} threads={threads}, {how}", hands=hands,
                     rounds=3)
    assert hands <= played < hands + 8 * TABLES


@pytest.mark.parametrize("seats", [6, 2])
def test_rlcard(measure: Callable[..., Any], seats: int) -> None:
    hands = RLCARD_HANDS[seats]
    assert measure(rlcard_player(seats), hands, what=row(seats), lib="rlcard env.run",
                   hands=hands, rounds=3) == hands
