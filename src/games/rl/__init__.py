"""Reinforcement learning and simulation over `games.Tables`.

`BetSizes` turns a discrete choice (fold, check or call, raises sized as fractions of
the pot, all-in) into the actions `Tables.step` takes, with a mask of the choices
each actor may make; `random_actions` is a random policy over what each actor may do.
The adapters need the `rl` extra (``pip install pokerhands[rl]``) and are imported on
first use: `PokerVectorEnv`, a Gymnasium vector environment where one seat learns
against a policy you give; `PokerAEC`, a PettingZoo AEC environment where every seat
of a table is an agent.  `games.rl.simulation.simulate` plays random hands at many
tables, in this process or split over several (``pokerhands simulate``).
"""

from __future__ import annotations

from typing import Any

from games.rl.actions import BetSizes, play_random, random_actions

__all__ = ["BetSizes", "PokerAEC", "PokerVectorEnv", "play_random", "random_actions"]


def __getattr__(name: str) -> Any:
    if name == "PokerVectorEnv":
        from games.rl.vector import PokerVectorEnv

        return PokerVectorEnv
    if name == "PokerAEC":
        from games.rl.aec import PokerAEC

        return PokerAEC
    raise AttributeError(f"module 'games.rl' has no attribute {name!r}")
