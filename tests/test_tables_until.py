"""`Tables.step(..., until=seat)`: the other seats of every table play at random, in the
same call into C, until that seat is to act.

* Every action the tables took for the others is the one a plainly written reference of
  the policy draws (below): its kind uniform over what the actor may do, a raise to a
  uniform amount, both from a hash of the hand's seed and the actions recorded so far.
  Each finished hand is played again on a `Table` from its seed, action by action,
  and the reference is asked at every action of a seat other than `until`.
* After such a step the seat is to act at every table; the chips won add up to zero
  and the hands counted are the hands played.
* The same seeds and actions give the same tables whatever `threads` is; `at_most=0`
  is a plain step.
* Bad `until` and `at_most` are refused by name and change nothing, as is a step whose
  own actions are illegal.
"""

from __future__ import annotations

import numpy as np
import pytest

from games import Table, Tables
from games.engine import batch as batch_module
from tests.engine_util import random_actions
from tests.test_engine_shuffle import MASK, splitmix


def reference_action(seed: int, recorded: int, fold: bool, low: int, high: int
                     ) -> tuple[int, int]:
    """The others' random action, plainly: kind 0 fold, 1 check or call, 2 raise to
    the amount; low = high = -1 where the actor may not raise."""
    r, x = splitmix((seed ^ (recorded << 32)) & MASK)
    allowed = [0] * fold + [1] + [2] * (low >= 0)
    kind = allowed[(r * len(allowed)) >> 64]
    if kind != 2:
        return kind, 0
    r, x = splitmix(x)
    return 2, low + ((r * (high - low + 1)) >> 64)


def check_last_hand(env: Tables, i: int, seat: int) -> int:
    """Table i's last finished hand, played again on a Table: every action of a seat
    other than `seat` is the reference's; returns how many were checked."""
    last = env._batch.last_hand(i)
    assert last is not None
    positions, stacks, seed, actions = last
    table = Table(env.game, stacks, seed=seed, options=env._specs[len(positions)])
    checked = 0
    for recorded, (kind, position, amount) in enumerate(actions):
        if positions[position] != seat:
            legal = table.legal()
            low, high = legal.raise_to if legal.raise_to is not None else (-1, -1)
            expected = reference_action(seed, recorded, legal.fold, low, high)
            assert (kind, amount if kind == 2 else 0) == expected, (i, recorded)
            checked += 1
        if kind == 0:
            table.fold()
        elif kind == 1:
            table.check_or_call()
        else:
            table.raise_to(amount)
    assert table.done
    return checked


@pytest.mark.parametrize(("game", "seats", "betting", "seat"), [
    ("holdem", 6, None, 2), ("holdem", 2, None, 0), ("holdem", 3, "fixed-limit", 1),
    ("omaha", 4, "pot-limit", 3),
])
def test_the_others_play_the_reference_policy_until_the_seat_acts(
        game: str, seats: int, betting: str | None, seat: int) -> None:
    env = Tables(game, n=64, seats=seats, stacks=[150, 60, 200, 90, 120, 75][:seats],
                 blinds=(1, 2), betting=betting, seed=11)
    rng = np.random.default_rng(3)
    env.step(np.ones(env.n, np.int64), mask=np.zeros(env.n, bool), until=seat)
    assert (env.actor == seat).all()
    checked = 0
    for _ in range(60):
        kinds, amounts = random_actions(rng, env)
        before = env.totals()
        done = env.step(kinds, amounts, mask=env.actor == seat, until=seat)
        after = env.totals()
        assert (env.actor == seat).all()
        played = after.table_hands - before.table_hands
        assert np.array_equal(played > 0, done)
        assert not (after.table_won - before.table_won).sum(axis=1).any()
        for i in np.flatnonzero(done):
            checked += check_last_hand(env, int(i), seat)
    assert checked > 1000


def test_the_same_seeds_give_the_same_tables_whatever_threads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 1)
    saved = []
    for threads in (1, 2):
        env = Tables("holdem", n=200, seats=6, stacks=200, blinds=(1, 2), seed=5,
                     threads=threads)
        rng = np.random.default_rng(8)
        for k in range(40):
            kinds, amounts = random_actions(rng, env)
            if k % 2:
                env.step(kinds, amounts, mask=env.actor == 4, until=4)
            else:                       # in flight: the workers take shares of it
                env.step_async(kinds, amounts, mask=env.actor == 4, until=4)
                env.step_wait()
        saved.append((env._batch.save(), env.totals().table_won.tolist(), env.hands))
        env.close()
    assert saved[0] == saved[1]


def test_at_most_zero_is_a_plain_step() -> None:
    saved = []
    for until in (None, 3):
        env = Tables("holdem", n=50, seats=6, stacks=200, blinds=(1, 2), seed=2)
        rng = np.random.default_rng(1)
        for _ in range(30):
            kinds, amounts = random_actions(rng, env)
            if until is None:
                env.step(kinds, amounts)
            else:
                env.step(kinds, amounts, until=until, at_most=0)
        saved.append(env._batch.save())
    assert saved[0] == saved[1]


def test_at_most_bounds_the_others_actions_a_table() -> None:
    env = Tables("holdem", n=200, seats=6, stacks=200, blinds=(1, 2), seed=4)
    env.step(np.ones(env.n, np.int64), mask=np.zeros(env.n, bool), until=0, at_most=1)
    # seat 0 acts fourth before the flop: one action of the others does not reach it
    assert (env.actor != 0).all()
    env.step(np.ones(env.n, np.int64), mask=np.zeros(env.n, bool), until=0)
    assert (env.actor == 0).all()


def test_a_seat_that_never_acts_stops_the_step_at_at_most() -> None:
    """Seat 0, the small blind with one chip, is all-in from its blind every hand and
    never acts: the others play `at_most` actions a table and the step returns."""
    env = Tables("holdem", n=4, seats=3, stacks=[1, 100, 100], blinds=(1, 2), seed=1)
    env.step(np.ones(env.n, np.int64), mask=np.zeros(env.n, bool), until=0, at_most=50)
    assert env.hands > 0 and (env.actor != 0).all()
    assert not env.totals().won.sum()


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    (dict(until=6), ValueError, r"until must be a seat of 0\.\.5"),
    (dict(until=-1), ValueError, "until must be a seat"),
    (dict(until=1.0), TypeError, "until must be an int"),
    (dict(until=True), TypeError, "until must be an int"),
    (dict(until=1, at_most=-1), ValueError, "at_most must be"),
    (dict(until=1, at_most=2**31), ValueError, "at_most must be"),
    (dict(until=1, at_most="9"), TypeError, "at_most must be an int"),
])
def test_bad_until_is_refused_and_changes_nothing(kwargs: dict[str, object],
                                                  error: type[Exception],
                                                  message: str) -> None:
    env = Tables("holdem", n=8, seats=6, stacks=200, blinds=(1, 2), seed=1)
    before = env._batch.save()
    with pytest.raises(error, match=message):
        env.step(np.ones(env.n, np.int64), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        env.step_async(np.ones(env.n, np.int64), **kwargs)  # type: ignore[arg-type]
    assert not env.in_flight and env._batch.save() == before


def test_an_illegal_action_refuses_the_whole_step_with_until() -> None:
    env = Tables("holdem", n=8, seats=6, stacks=200, blinds=(1, 2), seed=1)
    before = env._batch.save()
    kinds = np.ones(env.n, np.int64)
    kinds[5] = 2
    with pytest.raises(ValueError, match="table 5:"):
        env.step(kinds, np.full(env.n, 10**6, np.int64), until=0)
    assert env._batch.save() == before
