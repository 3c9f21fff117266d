"""The draw games: 2-7 Triple Draw random hands, ours beside pokerkit (the PHH
reference engine, pure Python), driven by the same seeded policy; and Italian poker's
deals in a row (`games.Session`), ours alone (no other engine plays it).

    python -m pytest benchmarks/bench_draw.py --benchmark-only

Each engine deals, burns (pokerkit) or not (ours: the seed's game burns nothing),
reshuffles and settles by itself; the policy folds facing a bet 10% of the time,
raises 20% when it may, else checks or calls, and in each draw discards 0-5 cards at
random (six players drawing five cards three times run the deck out: both engines
reshuffle the discards).  Ours is driven both ways, by the typed calls (`discard`,
`fold`, ...) and by PHH action strings (`act("sd 7h2c")`, `act("f")`), to the same
hands.  Every hand is checked to end with every chip still at the table.  The Italian
session plays the same policy (discarding 0-3 cards; the opening only where the cards
allow it) with an invito of 2, deals nobody opens and paròls carried, the stacks
refilled when a seat busts; the checksum is the chips carried over all deals.
"""

from __future__ import annotations

import random

import pytest

from conftest import timed_stats
from evaluator import card_name
from games import Session, Table

SEED = 20261123
STACK = 200
BLINDS = (1, 2)
HANDS = {"ours": 2000, "pokerkit": 100}


class Policy:
    def __init__(self, seed: int, most: int = 3) -> None:
        self.rng = random.Random(seed)
        self.most = most             # the most cards discarded in one draw

    def bet(self, can_fold: bool, can_raise: bool) -> str:
        r = self.rng.random()
        if r < 0.1 and can_fold:
            return "fold"
        if r > 0.8 and can_raise:
            return "raise"
        return "call"

    def discards(self) -> int:
        return self.rng.randint(0, self.most)


def play(t: Table, policy: Policy) -> int:
    """One hand to its end by the policy, through the typed calls; returns the actions
    taken."""
    actions = 0
    while not t.done:
        legal = t.legal()
        if legal.discard is not None:
            t.discard(list(t.holes[t.actor][:policy.discards()]))  # type: ignore[index]
        else:
            kind = policy.bet(legal.fold, legal.raise_to is not None)
            if kind == "fold":
                t.fold()
            elif kind == "raise":
                t.raise_to(legal.raise_to[0])  # type: ignore[index]
            else:
                t.check_or_call()
        actions += 1
    return actions


NAMES = [card_name(c) for c in range(52)]


def play_strings(t: Table, policy: Policy) -> int:
    """The same hand through PHH action strings (`Table.act`)."""
    actions = 0
    while not t.done:
        legal = t.legal()
        if legal.discard is not None:
            held = t.holes[t.actor][:policy.discards()]  # type: ignore[index]
            t.act("sd " + "".join([NAMES[c] for c in held]) if held else "sd")
        else:
            kind = policy.bet(legal.fold, legal.raise_to is not None)
            if kind == "fold":
                t.act("f")
            elif kind == "raise":
                t.act(f"cbr {legal.raise_to[0]}")  # type: ignore[index]
            else:
                t.act("cc")
        actions += 1
    return actions


def ours(seats: int, hands: int, strings: bool = False) -> int:
    policy = Policy(SEED, most=5)
    playing = play_strings if strings else play
    actions = checksum = 0
    for k in range(hands):
        t = Table("2-7-triple-draw", [STACK] * seats, blinds=BLINDS, seed=SEED + k)
        actions += playing(t, policy)
        assert sum(t.stacks) == STACK * seats
        checksum += t.stacks[0]
    return actions * 1_000_003 + checksum


def pokerkit_hands(seats: int, hands: int) -> int:
    from pokerkit import FixedLimitDeuceToSevenLowballTripleDraw

    from pokerkit_setup import automations as pokerkit_automations

    automations = pokerkit_automations()
    policy = Policy(SEED, most=5)
    actions = 0
    for _ in range(hands):
        state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            automations, True, 0, BLINDS, BLINDS[1], 2 * BLINDS[1], [STACK] * seats, seats)
        while state.status:
            if state.can_stand_pat_or_discard():
                seat = state.stand_patter_or_discarder_index
                state.stand_pat_or_discard(state.hole_cards[seat][:policy.discards()])
            else:
                kind = policy.bet(state.can_fold(), state.can_complete_bet_or_raise_to())
                if kind == "fold":
                    state.fold()
                elif kind == "raise":
                    state.complete_bet_or_raise_to()
                else:
                    state.check_or_call()
            actions += 1
        assert sum(state.stacks) == STACK * seats
    return actions


def rate(benchmark, fn, hands: int) -> int:
    result = benchmark.pedantic(fn, rounds=3, iterations=1, warmup_rounds=1)
    assert result > hands                        # every hand took actions
    if (stats := timed_stats(benchmark)) is not None:
        benchmark.extra_info["hands_per_second"] = hands / stats.median
    return int(result)


#: actions * 1,000,003 + the chips seat 0 ended with, over the seeded hands, per seats
CHECKSUMS = {6: 88_783_664_640, 2: 24_938_474_627}


@pytest.mark.parametrize("seats", [6, 2])
@pytest.mark.parametrize("calls", ["typed", "strings"])
@pytest.mark.benchmark(group="2-7 Triple Draw random hands, 0-5 cards a draw")
def test_ours_triple_draw(benchmark, seats, calls):
    result = rate(benchmark, lambda: ours(seats, HANDS["ours"], calls == "strings"),
                  HANDS["ours"])
    if SEED == 20261123:                     # both ways play the same hands
        assert result == CHECKSUMS[seats], result


@pytest.mark.parametrize("seats", [6, 2])
@pytest.mark.benchmark(group="2-7 Triple Draw random hands, 0-5 cards a draw")
def test_pokerkit_triple_draw(benchmark, seats):
    pytest.importorskip("pokerkit")
    rate(benchmark, lambda: pokerkit_hands(seats, HANDS["pokerkit"]), HANDS["pokerkit"])


def ours_italian(seats: int, hands: int) -> int:
    policy = Policy(SEED)
    session = Session("italian", [STACK] * seats, invito=2, seed=SEED)
    carried = 0
    for _ in range(hands):
        t = session.table
        play(t, policy)
        assert sum(session.stacks) + session.carried == STACK * seats
        carried += t.carried
        if session.over:
            session = Session("italian", [STACK] * seats, invito=2, seed=SEED + carried)
        else:
            session.next()
    return carried


#: the chips carried over the seeded deals (deals nobody opened and paròls), per seats
ITALIAN_CHECKSUMS = {4: 36643, 6: 34393}


@pytest.mark.parametrize("seats", [4, 6])
@pytest.mark.benchmark(group="Italian poker deals")
def test_ours_italian(benchmark, seats):
    carried = benchmark.pedantic(lambda: ours_italian(seats, HANDS["ours"]), rounds=3,
                                 iterations=1, warmup_rounds=1)
    assert carried == ITALIAN_CHECKSUMS[seats]
    if (stats := timed_stats(benchmark)) is not None:
        benchmark.extra_info["hands_per_second"] = HANDS["ours"] / stats.median
