"""The mixed games of PHH beyond hold'em, Omaha and triple draw: seven-card stud, stud
Hi/Lo, razz, badugi and 2-7 single draw, random hands ours beside pokerkit (the PHH
reference engine, pure Python), driven by the same seeded policy; and badugi batch
evaluation.

    python -m pytest benchmarks/bench_mixed.py --benchmark-only

Random hands: stacks of 200; the stud games ante 1, bring in 1, bet 2/4 (fixed
limit), 6 and 8 players (eight run the deck out: the common card); badugi blinds 1/2,
bets 2/4; 2-7 single draw no-limit, blinds 1/2.  Each engine deals, shows down and
settles by itself (pokerkit burns before each street, as its automation does; ours
burns nothing, docs/rules/seven-card-stud.md).  The policy: the bring-in posted, or
completed one time in five; facing a bet fold 10% of the time; raise 20% of the time
when a raise is allowed (to the minimum); otherwise check or call; in a draw discard
0 to all cards at random.  Every hand is checked to end with every chip at the table.

Badugi batch evaluation: 4,000,000 random four-card hands, one thread, checked
against the scalar call on a sample.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

from evaluator import BADUGI
from games import Table

FAMILY = "Mixed games"
SEED = 20261125
STACK = 200
HANDS = {"ours": 1000, "pokerkit": 100}
N_BADUGI = 4_000_000

#: id -> (our game, our options, pokerkit's class name, its create_state arguments
#: before the stacks, seats)
GAMES: dict[str, tuple[str, dict[str, Any], str, tuple[Any, ...]]] = {
    "stud": ("seven-card-stud", dict(antes=1, bring_in=1, small_bet=2, big_bet=4),
             "FixedLimitSevenCardStud", (False, 1, 1, 2, 4)),
    "stud-hilo": ("seven-card-stud-hilo", dict(antes=1, bring_in=1, small_bet=2, big_bet=4),
                  "FixedLimitSevenCardStudHighLowSplitEightOrBetter", (False, 1, 1, 2, 4)),
    "razz": ("razz", dict(antes=1, bring_in=1, small_bet=2, big_bet=4),
             "FixedLimitRazz", (False, 1, 1, 2, 4)),
    "badugi": ("badugi", dict(blinds=(1, 2), small_bet=2, big_bet=4),
               "FixedLimitBadugi", (False, 0, (1, 2), 2, 4)),
    "single-draw": ("2-7-single-draw", dict(blinds=(1, 2)),
                    "NoLimitDeuceToSevenLowballSingleDraw", (False, 0, (1, 2), 2)),
}
CASES = [("stud", 6), ("stud", 8), ("razz", 6), ("razz", 8), ("stud-hilo", 6),
         ("badugi", 6), ("single-draw", 6)]
ROWS = {"stud": "Seven-card stud", "stud-hilo": "Stud Hi/Lo", "razz": "Razz",
        "badugi": "Badugi", "single-draw": "2-7 Single Draw"}


class Policy:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def bet(self, bring_in: bool, can_fold: bool, can_raise: bool) -> str:
        r = self.rng.random()
        if bring_in:
            return "raise" if r > 0.8 and can_raise else "bring in"
        if r < 0.1 and can_fold:
            return "fold"
        if r > 0.8 and can_raise:
            return "raise"
        return "call"

    def discards(self, held: int) -> int:
        return self.rng.randint(0, held)


def ours(game: str, seats: int, hands: int) -> int:
    name, options, _, _ = GAMES[game]
    policy = Policy(SEED)
    actions = 0
    for k in range(hands):
        t = Table(name, [STACK] * seats, seed=SEED + k, **options)
        while not t.done:
            legal = t.legal()
            if legal.discard is not None:
                held = t.holes[t.actor]  # type: ignore[index]
                t.discard(list(held[:policy.discards(len(held))]))
            else:
                kind = policy.bet(legal.bring_in, legal.fold, legal.raise_to is not None)
                if kind == "bring in":
                    t.bring_in()
                elif kind == "fold":
                    t.fold()
                elif kind == "raise":
                    t.raise_to(legal.raise_to[0])  # type: ignore[index]
                else:
                    t.check_or_call()
            actions += 1
        assert sum(t.stacks) == STACK * seats
    return actions


def theirs(game: str, seats: int, hands: int) -> int:
    import pokerkit

    from pokerkit_setup import automations as pokerkit_automations

    _, _, kind, args = GAMES[game]
    make = getattr(pokerkit, kind).create_state
    automations = pokerkit_automations()
    policy = Policy(SEED)
    actions = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")             # its deck running out (8 players)
        for _ in range(hands):
            state = make(automations, *args, [STACK] * seats, seats)
            while state.status:
                if state.can_stand_pat_or_discard():
                    held = state.hole_cards[state.stand_patter_or_discarder_index]
                    state.stand_pat_or_discard(held[:policy.discards(len(held))])
                else:
                    kind_ = policy.bet(state.can_post_bring_in(), state.can_fold(),
                                       state.can_complete_bet_or_raise_to())
                    if kind_ == "bring in":
                        state.post_bring_in()
                    elif kind_ == "fold":
                        state.fold()
                    elif kind_ == "raise":
                        state.complete_bet_or_raise_to()
                    else:
                        state.check_or_call()
                actions += 1
            assert sum(state.stacks) == STACK * seats
    return actions


@pytest.mark.parametrize(("game", "seats"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_ours(measure, game, seats):
    n = HANDS["ours"]
    ours(game, seats, 20)                            # the rankings' tables, untimed
    actions = measure(ours, game, seats, n, what=f"{ROWS[game]} {seats}-max random hands",
                      lib="pokerhands", hands=n, rounds=3)
    assert actions > n                               # every hand took actions


@pytest.mark.parametrize(("game", "seats"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_pokerkit(measure, game, seats):
    pytest.importorskip("pokerkit")
    n = HANDS["pokerkit"]
    theirs(game, seats, 2)                           # its lookups, untimed
    actions = measure(theirs, game, seats, n, what=f"{ROWS[game]} {seats}-max random hands",
                      lib="pokerkit", hands=n, rounds=3)
    assert actions > n


def test_badugi_batch(measure):
    rng = np.random.default_rng(SEED)
    rows = np.ascontiguousarray(
        rng.random((N_BADUGI, 52)).argpartition(4, axis=1)[:, :4].astype(np.uint8))
    out = np.empty(N_BADUGI, dtype=np.int32)
    BADUGI.evaluate_batch(rows, out=out, threads=1)   # builds the table, untimed
    checksum = int(out.astype(np.int64).sum())
    assert out[:1000].tolist() == [BADUGI.evaluate(r) for r in rows[:1000].tolist()]
    result = measure(BADUGI.evaluate_batch, rows, threads=1, out=out,
                     what="Badugi, 4 cards, batch, 1 thread", lib="pokerhands",
                     hands=N_BADUGI)
    assert int(result.astype(np.int64).sum()) == checksum
