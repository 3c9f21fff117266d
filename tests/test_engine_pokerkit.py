"""Beside PHH's reference engine: the same choices at every decision, and our hands
replayed in pokerkit end on our stacks.

pokerkit is a benchmark peer (the `bench` extra), not a test dependency: these tests
are skipped where it is not installed (the CI runs the `test` extra only).
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from games import Table
from tests.engine_util import act_at_random

pokerkit = pytest.importorskip("pokerkit")

AUTO = tuple(getattr(pokerkit.Automation, name) for name in (
    "ANTE_POSTING", "BET_COLLECTION", "BLIND_OR_STRADDLE_POSTING", "CARD_BURNING",
    "HOLE_DEALING", "BOARD_DEALING", "HOLE_CARDS_SHOWING_OR_MUCKING", "HAND_KILLING",
    "CHIPS_PUSHING", "CHIPS_PULLING"))


def their_state(game: str, betting: str, stacks: list[int]) -> Any:
    seats = len(stacks)
    if betting == "fixed-limit":
        return pokerkit.FixedLimitTexasHoldem.create_state(AUTO, True, 0, (1, 2), 2, 4,
                                                          stacks, seats)
    kind = {"holdem": pokerkit.NoLimitTexasHoldem, "omaha": pokerkit.PotLimitOmahaHoldem}
    return kind[game].create_state(AUTO, True, 0, (1, 2), 2, stacks, seats)


@pytest.mark.parametrize(("game", "betting", "seats"), [
    ("holdem", "no-limit", 6), ("holdem", "no-limit", 2), ("holdem", "fixed-limit", 4),
    ("omaha", "pot-limit", 5), ("omaha", "pot-limit", 2),
])
def test_the_same_choices_at_every_decision(game: str, betting: str, seats: int) -> None:
    """Driven in lockstep with the same actions, both engines offer the same actor,
    fold, call amount and raise range at every decision, and end together."""
    rng = random.Random(7)
    for hand in range(150):
        stacks = [rng.choice([rng.randint(3, 40), rng.randint(100, 400)]) for _ in range(seats)]
        ours = Table(game, stacks, blinds=(1, 2), betting=betting, ante_trimming=True,
                     seed=hand)
        theirs = their_state(game, betting, stacks)
        while not ours.done:
            legal = ours.legal()
            mine = (ours.actor, legal.fold, legal.call, legal.raise_to)
            other = (theirs.actor_index, theirs.can_fold(), theirs.checking_or_calling_amount,
                     (theirs.min_completion_betting_or_raising_to_amount,
                      theirs.max_completion_betting_or_raising_to_amount)
                     if theirs.can_complete_bet_or_raise_to() else None)
            assert mine == other, (hand, [str(e) for e in ours.events])
            r = rng.random()
            if r < 0.15 and legal.fold:
                ours.fold()
                theirs.fold()
            elif r > 0.7 and legal.raise_to is not None:
                amount = rng.randint(*legal.raise_to)
                ours.raise_to(amount)
                theirs.complete_bet_or_raise_to(amount)
            else:
                ours.check_or_call()
                theirs.check_or_call()
        assert theirs.actor_index is None


def test_our_hands_replay_in_pokerkit_to_our_stacks() -> None:
    """Random hands of ours (random stacks, blinds, straddles, antes), written in PHH
    and replayed by pokerkit: the same stacks, but for an odd chip where pokerkit
    merges side pots before splitting them (RULES.md splits each pot)."""
    rng = random.Random(3)
    games = [("holdem", "no-limit"), ("holdem", "fixed-limit"), ("short-deck", "no-limit"),
             ("omaha", "pot-limit"), ("omaha-hilo", "fixed-limit")]
    odd = 0
    for hand in range(400):
        game, betting = rng.choice(games)
        seats = rng.randint(2, 6)
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(50, 400)]) for _ in range(seats)]
        blinds = [1, 2] + ([4] if seats > 3 and rng.random() < 0.2 else [])
        uniform = rng.random() < 0.7
        antes = [rng.choice([0, 1])] * seats if uniform else [0, 3] + [0] * (seats - 2)
        t = Table(game, stacks, blinds=blinds, antes=antes, betting=betting, seed=hand,
                  ante_trimming=uniform and rng.random() < 0.5)
        while not t.done:
            act_at_random(t, rng)
        history = pokerkit.HandHistory.loads(t.to_phh())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, state = history
        theirs = tuple(state.stacks)
        if theirs != t.stacks:
            assert all(abs(a - b) <= 1 for a, b in zip(theirs, t.stacks, strict=True)), (
                t.to_phh(), theirs)
            odd += 1
    assert odd < 10
