"""Whole hands: random legal actions through each engine's object API, and PHH replay.

    python -m pytest benchmarks/bench_engine.py -q --benchmark-only

Random hands: no-limit hold'em, stacks of 200 and blinds 1/2, every dealer step,
posting, showdown and settlement included, each engine driven through its own object
API by the same seeded policy: facing a bet fold 10% of the time; raise 20% of the
time when a raise is allowed (to the minimum four times in five, else to a uniform
amount up to the maximum); otherwise check or call.  A second policy raises to a
uniform amount every time (more all-ins, more side pots).  Ours is driven both through
its typed calls (`fold`, `check_or_call`, `raise_to`) and through PHH action strings
(`act("cbr 60")`); both play the same hands.  Peers beside pokerhands:
pokerkit (pure Python, the PHH reference) and OpenSpiel's C++ `universal_poker`
(`open-spiel` from PyPI), both skipped when not installed.  Each round plays the
same hands (the same seeds); chips are checked after every hand and a checksum of
pokerhands' results recorded once.

PHH replay: every NT, PO, FT and FO/8 hand of the PHH dataset that records its
finishing stacks (../shared/phh/pokerkit-phh-data.tar.xz, read outside the timing;
skipped when absent), replayed from hand histories each library loaded beforehand
(TOML decoding, the same pure-Python `tomllib` for both, is timed separately), every
result checked against the recorded stacks.
"""

from __future__ import annotations

import random
import tarfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import SEED
from games import Table, phh

FAMILY = "Engine"
STACK, BLINDS = 200, (1, 2)
HANDS = {6: 1_000, 2: 2_000}             # per round, pokerhands and OpenSpiel
PEER_HANDS = {6: 100, 2: 300}            # per round, pokerkit (pure Python)
DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "phh" / "pokerkit-phh-data.tar.xz"
CODES = ("NT", "PO", "FT", "FO/8")


POLICIES = ("standard", "uniform")


class Policy:
    """The seeded random-action policy every engine is driven by; `uniform`: every
    raise to a uniform amount between the minimum and the maximum."""

    def __init__(self, seed: int, uniform: bool = False) -> None:
        self.rng = random.Random(seed)
        self.uniform = uniform

    def choose(self, can_fold: bool, raise_range: tuple[int, int] | None) -> tuple[str, int]:
        r = self.rng.random()
        if r < 0.1 and can_fold:
            return "fold", 0
        if r > 0.8 and raise_range is not None:
            low, high = raise_range
            if self.uniform or self.rng.random() < 0.2:
                return "raise", self.rng.randint(low, high)
            return "raise", low
        return "call", 0


# ---------------------------------------------------------------- the three engines

def ours(seats: int, hands: int, uniform: bool = False) -> tuple[int, int]:
    policy = Policy(SEED, uniform)
    actions = checksum = 0
    for seed in range(hands):
        t = Table("holdem", [STACK] * seats, blinds=BLINDS, seed=SEED + seed)
        while not t.done:
            legal = t.legal()
            kind, amount = policy.choose(legal.fold, legal.raise_to)
            if kind == "fold":
                t.fold()
            elif kind == "raise":
                t.raise_to(amount)
            else:
                t.check_or_call()
            actions += 1
        assert sum(t.stacks) == STACK * seats
        checksum += t.stacks[0]
    return actions, checksum + actions


def ours_strings(seats: int, hands: int, uniform: bool = False) -> tuple[int, int]:
    """The same hands through PHH action strings (`Table.act`)."""
    policy = Policy(SEED, uniform)
    actions = checksum = 0
    for seed in range(hands):
        t = Table("holdem", [STACK] * seats, blinds=BLINDS, seed=SEED + seed)
        while not t.done:
            legal = t.legal()
            kind, amount = policy.choose(legal.fold, legal.raise_to)
            t.act("f" if kind == "fold" else f"cbr {amount}" if kind == "raise" else "cc")
            actions += 1
        assert sum(t.stacks) == STACK * seats
        checksum += t.stacks[0]
    return actions, checksum + actions


def pokerkit_hands(seats: int, hands: int, uniform: bool = False) -> tuple[int, int]:
    from pokerkit import NoLimitTexasHoldem

    from pokerkit_setup import automations as pokerkit_automations

    automations = pokerkit_automations()
    policy = Policy(SEED, uniform)
    actions = 0
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(automations, True, 0, BLINDS, BLINDS[1],
                                                [STACK] * seats, seats)
        while state.status:
            raise_range = None
            if state.can_complete_bet_or_raise_to():
                raise_range = (state.min_completion_betting_or_raising_to_amount,
                               state.max_completion_betting_or_raising_to_amount)
            kind, amount = policy.choose(state.can_fold(), raise_range)
            if kind == "fold":
                state.fold()
            elif kind == "raise":
                state.complete_bet_or_raise_to(amount)
            else:
                state.check_or_call()
            actions += 1
        assert sum(state.stacks) == STACK * seats
    return actions, 0


def open_spiel_game(seats: int) -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    blinds = "2 1" if seats == 2 else " ".join(["1", "2"] + ["0"] * (seats - 2))
    return pyspiel.load_game("universal_poker", {
        "betting": "nolimit", "numPlayers": seats, "numRounds": 4, "blind": blinds,
        "firstPlayer": "2 1 1 1" if seats == 2 else "3 1 1 1",
        "stack": " ".join([str(STACK)] * seats), "numSuits": 4, "numRanks": 13,
        "numHoleCards": 2, "numBoardCards": "0 3 1 1", "bettingAbstraction": "fullgame",
    })


def open_spiel_hands(game: Any, hands: int, uniform: bool = False) -> tuple[int, int]:
    policy = Policy(SEED, uniform)
    deal = random.Random(SEED)
    actions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[deal.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()        # 0 fold, 1 check/call, n raise to n
            raises = [a for a in legal if a > 1]
            kind, amount = policy.choose(0 in legal, (raises[0], raises[-1]) if raises
                                         else None)
            if kind == "fold":
                state.apply_action(0)
            elif kind == "raise":
                state.apply_action(max(a for a in raises if a <= amount))
            else:
                state.apply_action(1)
            actions += 1
        assert abs(sum(state.returns())) < 1e-9
    return actions, 0


# ---------------------------------------------------------------- random hands

def row(seats: int, policy: str = "standard") -> str:
    table = "heads-up" if seats == 2 else f"{seats}-max"
    raises = ", raises of any size" if policy == "uniform" else ""
    return f"Random hands, {table} no-limit hold'em{raises}"


def timed(measure: Callable[..., Any], benchmark: Any, fn: Callable[[], tuple[int, int]],
          seats: int, policy: str, lib: str, hands: int,
          rounds: int | None = None) -> tuple[int, int]:
    actions, checksum = measure(fn, what=row(seats, policy), lib=lib, hands=hands,
                                rounds=rounds)
    benchmark.extra_info["actions_per_hand"] = actions / hands
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["actions_per_s"] = actions / stats.stats.mean
    return actions, checksum


#: sum over hands of (actions + stacks[0]) for SEED 20261122, recorded once, by policy
CHECKSUM = {("standard", 6): 231_409, ("standard", 2): 415_600,
            ("uniform", 6): 218_288, ("uniform", 2): 410_947}


@pytest.mark.parametrize("seats", [6, 2])
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("calls", ["typed", "strings"])
def test_ours_random_hands(measure: Callable[..., Any], benchmark: Any, seats: int,
                           policy: str, calls: str) -> None:
    hands = HANDS[seats]
    play = ours if calls == "typed" else ours_strings
    lib = "pokerhands" if calls == "typed" else "pokerhands (act strings)"
    _, checksum = timed(measure, benchmark, lambda: play(seats, hands, policy == "uniform"),
                        seats, policy, lib, hands)
    if SEED == 20261122:                # the same hands both ways
        assert checksum == CHECKSUM[policy, seats], checksum


@pytest.mark.parametrize("seats", [6, 2])
@pytest.mark.parametrize("policy", POLICIES)
def test_pokerkit_random_hands(measure: Callable[..., Any], benchmark: Any,
                               seats: int, policy: str) -> None:
    pytest.importorskip("pokerkit")
    hands = PEER_HANDS[seats]
    timed(measure, benchmark, lambda: pokerkit_hands(seats, hands, policy == "uniform"),
          seats, policy, "pokerkit", hands, rounds=5)


@pytest.mark.parametrize("seats", [6, 2])
@pytest.mark.parametrize("policy", POLICIES)
def test_open_spiel_random_hands(measure: Callable[..., Any], benchmark: Any,
                                 seats: int, policy: str) -> None:
    game = open_spiel_game(seats)
    hands = HANDS[seats]
    timed(measure, benchmark, lambda: open_spiel_hands(game, hands, policy == "uniform"),
          seats, policy, "open_spiel", hands, rounds=5)


# ---------------------------------------------------------------- a new table

NEW_TABLES = 10_000


def test_ours_new_table(measure: Callable[..., Any]) -> None:
    def run() -> int:
        posted = 0
        for seed in range(NEW_TABLES):
            t = Table("holdem", [STACK] * 6, blinds=BLINDS, seed=seed)
            posted += sum(t.bets)
        return posted

    assert measure(run, what="A new 6-max hold'em table, blinds posted, cards dealt",
                   lib="pokerhands", hands=NEW_TABLES, unit="tables") == 3 * NEW_TABLES


def test_pokerkit_new_table(measure: Callable[..., Any]) -> None:
    pytest.importorskip("pokerkit")
    from pokerkit import NoLimitTexasHoldem

    from pokerkit_setup import automations as pokerkit_automations

    automations = pokerkit_automations()

    def run() -> int:
        posted = 0
        for _ in range(NEW_TABLES // 10):
            state = NoLimitTexasHoldem.create_state(automations, True, 0, BLINDS, BLINDS[1],
                                                    [STACK] * 6, 6)
            posted += sum(state.bets)
        return posted

    assert measure(run, what="A new 6-max hold'em table, blinds posted, cards dealt",
                   lib="pokerkit", hands=NEW_TABLES // 10, unit="tables",
                   rounds=3) == 3 * NEW_TABLES // 10


# ---------------------------------------------------------------- a copy, for search

COPIES = 10_000


def copy_position(seats: int) -> Table:
    """A 6-max hand on the flop after calls all round, built outside the timing."""
    t = Table("holdem", [STACK] * seats, blinds=BLINDS, seed=SEED)
    while t.street == "preflop":
        t.check_or_call()
    return t


def test_ours_copy(measure: Callable[..., Any]) -> None:
    """`Table.copy()` of a hand on the flop: what a search pays a node; the copies
    are checked to be the same position and independent."""
    t = copy_position(6)

    def run() -> int:
        pots = 0
        for _ in range(COPIES):
            pots += t.copy().pot_total
        return pots

    assert measure(run, what="A copy of a 6-max hold'em hand on the flop",
                   lib="pokerhands", hands=COPIES, unit="copies") == 12 * COPIES
    c = t.copy()
    c.check_or_call()
    assert c.actor != t.actor


def test_pokerkit_copy(measure: Callable[..., Any]) -> None:
    """pokerkit's `State`, deep-copied (how its users copy a position), at the same
    point of the same kind of hand."""
    pytest.importorskip("pokerkit")
    import copy

    from pokerkit import NoLimitTexasHoldem

    from pokerkit_setup import automations as pokerkit_automations

    state = NoLimitTexasHoldem.create_state(pokerkit_automations(), True, 0, BLINDS,
                                            BLINDS[1], [STACK] * 6, 6)
    while state.street_index == 0:
        state.check_or_call()

    def run() -> int:
        pots = 0
        for _ in range(COPIES // 100):
            pots += copy.deepcopy(state).total_pot_amount
        return pots

    assert measure(run, what="A copy of a 6-max hold'em hand on the flop",
                   lib="pokerkit", hands=COPIES // 100, unit="copies",
                   rounds=3) == 12 * COPIES // 100


# ---------------------------------------------------------------- PHH replay

@pytest.fixture(scope="module")
def dataset() -> list[str]:
    """The PHH texts of every NT, PO, FT and FO/8 hand with finishing stacks."""
    if not DATA.exists():
        pytest.skip(f"the PHH dataset is not at {DATA}")
    texts = []
    with tarfile.open(DATA) as tar:
        for member in tar:
            if member.isfile() and member.name.endswith(".phh"):
                text = tar.extractfile(member).read().decode()  # type: ignore[union-attr]
                head = phh.loads(text)
                if head.variant in CODES and head.finishing_stacks is not None:
                    texts.append(text)
    return texts


def finishing(history: Any) -> list[float]:
    return list(history.finishing_stacks)


def close(stacks: Any, expected: list[float]) -> bool:
    """Equal, but for the odd chip of a file that writes half chips."""
    slack = 1 if any(not float(x).is_integer() for x in expected) else 0
    return all(abs(a - b) <= slack for a, b in zip(stacks, expected, strict=True))


REPLAY = "PHH replay of the dataset's NT/PO/FT/FO/8 hands (loaded)"
LOAD_REPLAY = "PHH load + replay of the dataset's NT/PO/FT/FO/8 hands (from text)"


def test_ours_replay(measure: Callable[..., Any], dataset: list[str]) -> None:
    histories = [phh.loads(text) for text in dataset]

    def run() -> int:
        good = 0
        for history in histories:
            good += close(phh.replay(history).stacks, finishing(history))
        return good

    assert measure(run, what=REPLAY, lib="pokerhands", hands=len(histories),
                   rounds=3) == len(histories)


def test_ours_load_and_replay(measure: Callable[..., Any], dataset: list[str]) -> None:
    def run() -> int:
        good = 0
        for text in dataset:
            history = phh.loads(text)
            good += close(phh.replay(history).stacks, finishing(history))
        return good

    assert measure(run, what=LOAD_REPLAY, lib="pokerhands", hands=len(dataset),
                   rounds=3) == len(dataset)


def pokerkit_replay(histories: list[Any]) -> int:
    good = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for history in histories:
            *_, state = history      # every state of the hand; the last one settled
            good += close(state.stacks, history.finishing_stacks)
    return good


def test_pokerkit_replay(measure: Callable[..., Any], dataset: list[str]) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    histories = [pokerkit.HandHistory.loads(text) for text in dataset]
    assert measure(lambda: pokerkit_replay(histories), what=REPLAY, lib="pokerkit",
                   hands=len(histories), rounds=1) == len(histories)


def test_pokerkit_load_and_replay(measure: Callable[..., Any], dataset: list[str]) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    run = lambda: pokerkit_replay([pokerkit.HandHistory.loads(t) for t in dataset])  # noqa: E731
    assert measure(run, what=LOAD_REPLAY, lib="pokerkit", hands=len(dataset),
                   rounds=1) == len(dataset)
