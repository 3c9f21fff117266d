"""Hands for simulation: `games.Tables` (thousands of tables stepped at once) beside our
own `games.Table` played one action at a time and OpenSpiel's C++ `universal_poker`.

    python -m pytest benchmarks/bench_simulation.py --benchmark-only

Random no-limit hold'em hands, stacks of 200, blinds 1/2, every dealer step, posting,
showdown and settlement included.  The policy is random over what the actor may do, the
same for every engine: fold, check or call, or raise (each equally likely among those
allowed), a raise to a uniform amount between the minimum and the maximum.  For `Tables`
the policy is the package's own, `games.rl.random_actions`: numpy over the arrays of
`legal()`, one uniform draw a table (the kind from its integer part, the amount from the
fraction left, which is uniform again), and its cost is in the timing; for `Table` and
OpenSpiel it is Python's `random` (one decision at a time is what those engines
offer).  `Tables` are made and warmed up (20 steps, their worker threads started) before
the timing; each round then plays on until a fixed number of hands more have finished
(the last step's extra hands, under n, are not counted: the rate errs low).  Every
finished hand's payoffs are summed in the timing: by the tables in C as each hand ends,
read once a round (`totals()`, as a simulation that wants its result reads it), and in
the rows marked "payoffs read every step" also by the loop after every step, from the
view of `last_payoffs(copy=False)` (as a reinforcement-learning loop reads its rewards);
the sums are checked to be zero.  `observe()` is timed for 4096 tables.

A second input policy, mostly calls (`calls_policy`), plays the rows marked "mostly
calls": its hands run about twice as long (20 actions a 6-max hand against 10), so its
hands a second are about half; each `Tables` row also records its actions a hand, so
that a report can give the engine's actions a second, which hardly move between them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from apart import around
from games import Table, Tables
from games.rl import random_actions

STACK, BLINDS = 200, (1, 2)
SEED = 20261125
HANDS = {6: 600_000, 2: 1_200_000}        # per round, Tables
ONE_BY_ONE = {6: 2_000, 2: 4_000}         # per round, Table and OpenSpiel
LEARNER = 20_000                          # floats a learner's stand-in update works on


def numpy_policy(rng: np.random.Generator, env: Tables) -> tuple[np.ndarray, np.ndarray]:
    """Uniform over the actor's allowed kinds of action, raises to a uniform amount
    (`games.rl.random_actions`, the package's own random policy), over every table's
    row of `legal(copy=False)`."""
    lg = env.legal(copy=False)          # views: read before the step
    return random_actions({"fold": lg.fold, "raise_min": lg.raise_min,
                           "raise_max": lg.raise_max}, rng)


def calls_policy(rng: np.random.Generator, env: Tables) -> tuple[np.ndarray, np.ndarray]:
    """The second input policy, mostly calls: fold with chance 0.2 where the actor
    may, raise with chance 0.1 where it may (to a uniform amount between the bounds),
    check or call otherwise.  Its hands run longer than the uniform policy's and reach
    a showdown more often, so it asks other parts of the engine (the streets dealt,
    the showdowns valued) to carry the rate; over `legal(copy=False)` like
    `numpy_policy`, its cost in the timing."""
    lg = env.legal(copy=False)
    u = rng.random(env.n)
    kinds = np.ones(env.n, np.int64)
    kinds[(u < 0.2) & lg.fold] = 0
    kinds[(u >= 0.9) & (lg.raise_min >= 0)] = 2
    x = rng.random(env.n) * (lg.raise_max - lg.raise_min + 1)
    return kinds, x.astype(np.int64) + lg.raise_min


POLICIES = {"uniform": numpy_policy, "calls": calls_policy}


def warmed_tables(seats: int, n: int, threads: int, seed: int = SEED
                  ) -> tuple[Tables, np.random.Generator]:
    """The benchmark's tables and the policy's generator, warmed up by 20 steps (the
    workers started), outside any timing.  `seed`: the cards' and the policy's (the
    benchmark's own unless a caller runs several batches that should differ)."""
    rng = np.random.default_rng(seed)
    env = Tables("holdem", n=n, seats=seats, stacks=STACK, blinds=BLINDS, seed=seed,
                 threads=threads)
    for _ in range(20):
        env.step(*numpy_policy(rng, env))
    return env, rng


def tables_player(seats: int, n: int, threads: int, every_step: bool = False,
                  policy: str = "uniform", until: int | None = None
                  ) -> tuple[Callable[[int], int], dict[str, int]]:
    """The tables, made and warmed up (their workers started) outside the timing, and
    a function that plays `hands` more hands on them and returns how many it played.
    The hands' payoffs summed by the tables (`totals()`, read before and after) sum
    to 0 as chips are conserved; with `every_step` the loop also reads every finished
    hand's payoffs (all seats, through the read-only view of `last_payoffs(copy=False)`)
    into a running sum, which must be 0 too.  At the end every table's last hand is
    checked to sum to zero row by row.  `policy` names one of POLICIES (the
    uniform one unless said).  `until`: the policy chooses only this seat's actions and
    each step plays the other seats' at random (`Tables.step(..., until=)`).  Also
    returns the counts of what the rounds did: the actions taken (a step is one action
    at every table; not counted with `until`, whose steps play more) and the hands,
    whose ratio is a hand's length under the policy."""
    env, rng = warmed_tables(seats, n, threads)
    step, choose = env.step, POLICIES[policy]
    counts = {"actions": 0, "hands": 0}
    payoffs = env.last_payoffs(copy=False)              # a view: no copy a step

    def play(hands: int) -> int:
        start, target, checksum = env.hands, env.hands + hands, 0
        before = env.totals()
        steps = 0
        while env.hands < target:
            done = step(*choose(rng, env), until=until)
            steps += 1
            if every_step:
                checksum += int(np.compress(done, payoffs, axis=0).sum())
        totals = env.totals() - before
        assert totals.hands == env.hands - start and not totals.won.sum()
        assert checksum == 0
        # a row's sum by einsum: numpy's sum(axis=1) over 2..9 columns is slow
        assert not np.einsum("ij->i", payoffs).any()
        if until is None:
            counts["actions"] += steps * n
            counts["hands"] += env.hands - start
        return env.hands - start

    return play, counts


def apart_around(benchmark: Any, threads: int, run: Callable[[], int]) -> int:
    """run(), and where the tables run on two threads, the round trip of a cache line
    between the two CPUs read just before and just after it (apart.py) into the
    benchmark's extra info as `apart_ns`: the host moves its vCPUs nearer and further
    apart, and a step on two threads passes every table's action and row between them,
    so its figure moves with that reading (sittings.py shows it beside the figure)."""
    if threads < 2:
        return run()
    played, benchmark.extra_info["apart_ns"] = around(run)
    return played


def record_length(benchmark: Any, counts: dict[str, int]) -> None:
    """A hand's length under the policy (actions a hand, over every round played) in
    the benchmark's extra info: hands a second times it is actions a second, the
    engine's rate whatever the policy."""
    if counts["hands"]:
        benchmark.extra_info["actions_per_hand"] = counts["actions"] / counts["hands"]


def python_choice(rng: random.Random, can_fold: bool, low: int | None,
                  high: int | None) -> tuple[int, int]:
    kinds = ([0] if can_fold else []) + [1] + ([2] if low is not None else [])
    kind = kinds[int(rng.random() * len(kinds))]
    return kind, (rng.randint(low, high) if kind == 2 else 0)  # type: ignore[arg-type]


def play_table(seats: int, hands: int) -> tuple[int, int]:
    rng = random.Random(SEED)
    won = 0
    for k in range(hands):
        t = Table("holdem", [STACK] * seats, blinds=BLINDS, seed=SEED + k)
        while not t.done:
            legal = t.legal()
            low, high = legal.raise_to if legal.raise_to is not None else (None, None)
            kind, amount = python_choice(rng, legal.fold, low, high)
            if kind == 0:
                t.fold()
            elif kind == 1:
                t.check_or_call()
            else:
                t.raise_to(amount)
        won += t.stacks[0] - STACK
    return hands, won


def play_open_spiel(seats: int, hands: int) -> tuple[int, int]:
    pyspiel = pytest.importorskip("pyspiel")
    blinds = "2 1" if seats == 2 else " ".join(["1", "2"] + ["0"] * (seats - 2))
    game = pyspiel.load_game("universal_poker", {
        "betting": "nolimit", "numPlayers": seats, "numRounds": 4, "blind": blinds,
        "firstPlayer": "2 1 1 1" if seats == 2 else "3 1 1 1",
        "stack": " ".join([str(STACK)] * seats), "numSuits": 4, "numRanks": 13,
        "numHoleCards": 2, "numBoardCards": "0 3 1 1", "bettingAbstraction": "fullgame",
    })
    rng = random.Random(SEED)
    won = 0.0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()        # 0 fold, 1 check/call, n raise to n
            raises = [a for a in legal if a > 1]
            kind, amount = python_choice(rng, 0 in legal, raises[0] if raises else None,
                                         raises[-1] if raises else None)
            state.apply_action(amount if kind == 2 else kind)
        won += state.returns()[0]
    return hands, int(won)


def learner(size: int) -> Callable[[], float]:
    """A stand-in for a learner's update between steps: numpy work on `size` floats
    that releases the GIL (a ufunc loop) on one thread, as an update of a model on
    the CPU or a wait for one on a GPU does, built outside the timing."""
    x = np.random.default_rng(SEED).random(size)
    y = np.empty_like(x)

    def update() -> float:
        np.sin(x, out=y)
        return float(y[0])

    return update


def beside_a_learner(n: int, threads: int, flying: bool, size: int) -> Callable[[int], int]:
    """`tables_player`'s loop (the payoffs read every step) with a learner's update
    after every step: played after the step (`step`), or while the step is in flight
    (`step_async`, then `step_wait`), so that the workers play the tables as the update
    runs."""
    env, rng = warmed_tables(6, n, threads)
    payoffs = env.last_payoffs(copy=False)
    update = learner(size)

    def play(hands: int) -> int:
        start, target, checksum = env.hands, env.hands + hands, 0
        while env.hands < target:
            if flying:
                env.step_async(*numpy_policy(rng, env))
                update()
                done = env.step_wait()
            else:
                done = env.step(*numpy_policy(rng, env))
                update()
            checksum += int(np.compress(done, payoffs, axis=0).sum())
        assert checksum == 0
        assert not np.einsum("ij->i", payoffs).any()
        return env.hands - start

    return play


def in_two_groups(n: int, threads: int) -> Callable[[int], int]:
    """`tables_player`'s loop (the payoffs read every step) over two groups of the
    tables in turn: one group's actions are chosen, and the other group's payoffs
    read, while the first group's step is in flight (`step_async` with a mask), so
    that the policy's numpy runs beside the workers instead of between steps."""
    env, rng = warmed_tables(6, n, threads)
    lg, payoffs = env.legal(copy=False), env.last_payoffs(copy=False)
    half = n // 2
    groups = [(0, half), (half, n)]
    masks = [np.arange(n) < half, np.arange(n) >= half]
    kinds, amounts = np.ones(n, np.int64), np.zeros(n, np.int64)

    def choose(lo: int, hi: int) -> None:         # the policy over one group's rows
        random_actions({"fold": lg.fold[lo:hi], "raise_min": lg.raise_min[lo:hi],
                        "raise_max": lg.raise_max[lo:hi]}, rng,
                       out=(kinds[lo:hi], amounts[lo:hi]))

    def play(hands: int) -> int:
        start, target, checksum = env.hands, env.hands + hands, 0
        choose(*groups[0])
        env.step_async(kinds, amounts, masks[0])
        g = 1
        while env.hands < target:
            choose(*groups[g])
            done = env.step_wait()
            env.step_async(kinds, amounts, masks[g])
            lo, hi = groups[1 - g]
            checksum += int(np.compress(done[lo:hi], payoffs[lo:hi], axis=0).sum())
            g = 1 - g
        done = env.step_wait()
        checksum += int(np.compress(done, payoffs, axis=0).sum())
        assert checksum == 0
        assert not np.einsum("ij->i", payoffs).any()
        return env.hands - start

    return play


def row(seats: int) -> str:
    return f"Random {'heads-up' if seats == 2 else f'{seats}-max'} hold'em hands, random policy"


@pytest.mark.parametrize("seats", [6, 2])
@pytest.mark.parametrize(("n", "threads"), [(1024, 1), (2048, 1), (2048, 2), (4096, 1),
                                           (4096, 2)])
def test_tables(measure: Callable[..., Any], benchmark: Any, seats: int, n: int,
                threads: int) -> None:
    hands = HANDS[seats]
    play, counts = tables_player(seats, n, threads)
    played = apart_around(benchmark, threads, lambda: measure(
        play, hands, what=row(seats), lib=f"Tables n={n} threads={threads}", hands=hands,
        rounds=3))
    # a round stops at the step that passes `hands`: at most one step's hands more
    assert hands <= played < hands + n
    record_length(benchmark, counts)


@pytest.mark.parametrize(("n", "threads"), [(1024, 1), (2048, 2)])
def test_tables_reading_every_step(measure: Callable[..., Any], benchmark: Any, n: int,
                                   threads: int) -> None:
    hands = HANDS[6]
    play, _ = tables_player(6, n, threads, every_step=True)
    played = measure(play, hands, what=row(6),
                     lib=f"Tables n={n} threads={threads}, payoffs read every step",
                     hands=hands, rounds=3)
    assert hands <= played < hands + n


@pytest.mark.parametrize(("seats", "n", "threads"), [(6, 2048, 1), (6, 2048, 2),
                                                    (2, 1024, 1)])
def test_tables_calls(measure: Callable[..., Any], benchmark: Any, seats: int, n: int,
                      threads: int) -> None:
    """The same loop under the second input policy (`calls_policy`): a figure that
    holds under one policy only is not yet a figure."""
    hands = HANDS[seats] // 2
    play, counts = tables_player(seats, n, threads, policy="calls")
    played = apart_around(benchmark, threads, lambda: measure(
        play, hands, what=f"{row(seats)}, mostly calls", lib=f"Tables n={n} threads={threads}",
        hands=hands, rounds=3))
    assert hands <= played < hands + n
    record_length(benchmark, counts)


@pytest.mark.parametrize(("seats", "n", "threads"), [(6, 2048, 1), (6, 2048, 2),
                                                    (2, 1024, 1)])
def test_tables_others_in_step(measure: Callable[..., Any], benchmark: Any, seats: int,
                               n: int, threads: int) -> None:
    """The same random hands with the numpy policy called once an orbit: it chooses
    seat 0's actions, and each step plays the other seats' at random until seat 0 is
    to act again (`until=0`; the same distribution as `random_actions`, drawn from the
    hands' seeds).  Not the issue's loop, whose policy is numpy for every action: the
    figure of a cheaper policy, whose serial part runs once for a whole round of
    actions at every table."""
    hands = HANDS[seats]
    play, _ = tables_player(seats, n, threads, until=0)
    played = apart_around(benchmark, threads, lambda: measure(
        play, hands, what=f"{row(seats)}, seat 0 by numpy, the others in the step",
        lib=f"Tables n={n} threads={threads}", hands=hands, rounds=3))
    assert played >= hands          # a step may end several hands at a table


@pytest.mark.parametrize("flying", [False, True])
@pytest.mark.parametrize("threads", [1, 2])
def test_tables_beside_a_learner(measure: Callable[..., Any], benchmark: Any, threads: int,
                                 flying: bool) -> None:
    hands = HANDS[6] // 2
    play = beside_a_learner(2048, threads, flying, LEARNER)
    how = "step_async" if flying else "step"
    played = measure(play, hands, what=f"{row(6)}, a learner's update a step",
                     lib=f"Tables n=2048 threads={threads} {how}", hands=hands, rounds=3)
    assert hands <= played < hands + 2048


@pytest.mark.parametrize(("n", "threads"), [(2048, 2), (4096, 2)])
def test_tables_in_two_groups(measure: Callable[..., Any], benchmark: Any, n: int,
                              threads: int) -> None:
    hands = HANDS[6]
    played = measure(in_two_groups(n, threads), hands, what=row(6),
                     lib=f"Tables n={n} threads={threads}, two groups in turn",
                     hands=hands, rounds=3)
    assert hands <= played < hands + n


@pytest.mark.parametrize("seats", [6, 2])
def test_table(measure: Callable[..., Any], seats: int) -> None:
    hands = ONE_BY_ONE[seats]
    assert measure(lambda: play_table(seats, hands), what=row(seats), lib="Table",
                   hands=hands, rounds=3)[0] == hands


@pytest.mark.parametrize("seats", [6, 2])
def test_open_spiel(measure: Callable[..., Any], seats: int) -> None:
    pytest.importorskip("pyspiel")
    hands = ONE_BY_ONE[seats]
    assert measure(lambda: play_open_spiel(seats, hands), what=row(seats), lib="open_spiel",
                   hands=hands, rounds=3)[0] == hands


def test_observe(measure: Callable[..., Any]) -> None:
    env = Tables("holdem", n=4096, seats=6, stacks=STACK, blinds=BLINDS, seed=SEED)
    rng = np.random.default_rng(SEED)
    for _ in range(50):
        env.step(*numpy_policy(rng, env))
    env.observe()       # the first call has the tables keep its arrays (once, about 1 ms)
    obs = measure(env.observe, what="observe() of 4096 6-max tables", lib="Tables",
                  hands=4096, unit="tables")
    assert obs["hole"].shape == (4096, 6, 2)


def played_tables(n: int) -> Tables:
    """n 6-max tables 50 steps into play (the benchmark's policy)."""
    env = Tables("holdem", n=n, seats=6, stacks=STACK, blinds=BLINDS, seed=SEED)
    rng = np.random.default_rng(SEED)
    for _ in range(50):
        env.step(*numpy_policy(rng, env))
    return env


def test_checkpoint(measure: Callable[..., Any]) -> None:
    env = played_tables(4096)
    checkpoint = measure(env.checkpoint, what="checkpoint() of 4096 6-max tables",
                         lib="Tables", hands=4096, unit="tables")
    assert checkpoint.hands == env.hands and checkpoint.nbytes > 4096 * 1000


def test_restore(measure: Callable[..., Any]) -> None:
    env = played_tables(4096)
    checkpoint, saved = env.checkpoint(), env._batch.save()
    env.step(np.ones(env.n, np.int64))           # a step away from it
    measure(env.restore, checkpoint, what="restore() of 4096 6-max tables", lib="Tables",
            hands=4096, unit="tables")
    assert env._batch.save() == saved and env.hands == checkpoint.hands
