"""`Tables.checkpoint()` and `Tables.restore()`: every table back where it stood.

* The same actions after a restore play the same hands as they did after the
  checkpoint, step by step: the tables' bytes, `done`, the rows of `legal()` and
  `observe()`, the payoffs, the totals and the histories; on one thread and two, with
  and without carry, observed from the start or first after the checkpoint.
* A hand whose records moved to the heap (longer than a table's room) is restored
  whole, as often as asked, and the tables' later hands go back to their rooms.
* A checkpoint of other tables, of the wrong type, or one taken or restored with a
  step in flight is refused and changes nothing; it is not pickled.
(The engine's state machine, tests/test_engine_tables.py, goes back to checkpoints
between its legal and hostile steps.)
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest

from games import Tables
from games.engine import TablesCheckpoint
from games.engine import batch as batch_module


def random_actions(rng: np.random.Generator, env: Tables) -> tuple[np.ndarray, np.ndarray]:
    """A legal action at every table, uniform over what its actor may do."""
    lg = env.legal()
    can_raise = lg.raise_min >= 0
    pick = (rng.random(env.n) * (1 + lg.fold + can_raise)).astype(np.int64)
    kinds = np.where(lg.fold, pick, pick + 1)
    amounts = lg.raise_min + (rng.random(env.n) * (lg.raise_max - lg.raise_min + 1)).astype(
        np.int64)
    return kinds, np.where(kinds == 2, amounts, 0)


def everything(env: Tables) -> list[Any]:
    """What the tables show and hold, to compare."""
    totals = env.totals()
    out: list[Any] = [env._batch.save(), env.hands, env.finished, env.seeds, env.chips,
                      env.payoffs, totals.won, totals.squares, totals.table_hands]
    out += [getattr(env.legal(), name) for name in ("fold", "call", "raise_min", "raise_max")]
    out += [env.actor, *env.observe().values()]
    out += [env.history(i) if env.finished[i] else None for i in range(env.n)]
    return out


def same(a: list[Any], b: list[Any]) -> bool:
    if len(a) != len(b):
        return False
    return all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y
               for x, y in zip(a, b, strict=True))


def play(env: Tables, seed: int, steps: int) -> list[Any]:
    """`steps` random steps from `seed`'s generator: what each one returned and the
    tables' state after the last."""
    rng = np.random.default_rng(seed)
    dones = [env.step(*random_actions(rng, env)) for _ in range(steps)]
    return [*dones, *everything(env)]


@pytest.mark.parametrize(("threads", "carry", "watch"), [
    (1, False, "before"), (1, True, "after"), (2, False, "after"), (2, True, "before"),
    (1, False, "never"),
])
def test_the_same_actions_after_a_restore_play_the_same_hands(
        monkeypatch: pytest.MonkeyPatch, threads: int, carry: bool, watch: str) -> None:
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 1)
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    env = Tables("holdem", n=300, seats=6, stacks=60, blinds=(1, 2), seed=8,
                 threads=threads, carry=carry)
    if watch == "before":
        env.observe()
    play(env, 1, 25)
    before = everything(env) if watch != "never" else None
    saved = env._batch.save()
    checkpoint = env.checkpoint()
    assert checkpoint.hands == env.hands > 0
    assert env._batch.save() == saved                   # taking it changes nothing
    if watch == "after":
        env.observe()
    first = play(env, 2, 40)
    assert env._batch.save() != saved
    for _ in range(2):                                  # as often as asked
        env.restore(checkpoint)
        assert env._batch.save() == saved and env.hands == checkpoint.hands
        if before is not None:
            assert same(everything(env), before)
        assert same(play(env, 2, 40), first)
    other = play(env, 3, 10)                            # other actions: other hands
    env.restore(checkpoint)
    assert not same(play(env, 2, 10)[:10], other[:10])


def test_the_views_show_the_restored_rows() -> None:
    env = Tables("omaha-hilo", n=50, seats=4, stacks=80, blinds=(1, 2), seed=2)
    legal, observed = env.legal(copy=False), env.observe(copy=False)
    payoffs = env.last_payoffs(copy=False)
    play(env, 1, 15)
    checkpoint = env.checkpoint()
    rows = [legal.raise_min.copy(), observed["board"].copy(), payoffs.copy()]
    play(env, 2, 15)
    env.restore(checkpoint)
    assert np.array_equal(legal.raise_min, rows[0])
    assert np.array_equal(observed["board"], rows[1])
    assert np.array_equal(payoffs, rows[2])


def test_a_hand_on_the_heap_is_restored_whole_and_its_tables_go_home_after() -> None:
    """A raise war of 40 raises at table 1 outgrows its room of 32 records: a
    checkpoint in the war, and one before it, each restored twice, play the war and its
    history again; the checkpoint keeps its own copy of the records (the war's end
    frees the table's)."""
    env = Tables("holdem", n=3, seats=2, stacks=1000, blinds=(1, 2), seed=4)
    batch = env._batch
    kinds = np.ones(3, np.int64)
    early = env.checkpoint()

    def war(raises: int) -> None:
        for _ in range(raises):     # at table 1 both seats raise the minimum
            lg = env.legal()
            kinds[1] = 2
            assert not env.step(kinds, np.maximum(lg.raise_min, 0))[1]

    war(40)
    assert batch.records_at_home()[1] == (False, True)
    during = env.checkpoint()
    saved = batch.save()
    kinds[1] = 0
    assert env.step(kinds, np.zeros(3, np.int64))[1]
    history = env.history(1)
    for _ in range(2):
        env.restore(during)
        assert batch.save() == saved and batch.records_at_home()[1] == (False, True)
        kinds[1] = 0
        assert env.step(kinds, np.zeros(3, np.int64))[1]
        assert env.history(1) == history and batch.records_at_home()[1] == (True, False)
    for _ in range(2):
        env.restore(early)
        assert batch.records_at_home() == [(True, True)] * 3
        war(40)
        kinds[1] = 0
        assert env.step(kinds, np.zeros(3, np.int64))[1]
        assert env.history(1) == history
    hands = 0
    while hands < 2:                # two more hands, everybody calling: home again
        hands += int(env.step(np.ones(3, np.int64))[1])
    assert batch.records_at_home() == [(True, True)] * 3


def test_checkpoints_of_other_tables_and_other_things_are_refused() -> None:
    env = Tables("holdem", n=4, seats=3, stacks=100, seed=0)
    twin = Tables("holdem", n=4, seats=3, stacks=100, seed=0)
    play(env, 1, 5)
    saved = env._batch.save()
    with pytest.raises(ValueError, match="taken of other tables"):
        env.restore(twin.checkpoint())
    for wrong in (None, twin._batch.checkpoint(), saved):
        with pytest.raises(TypeError, match="restore\\(\\) takes a TablesCheckpoint"):
            env.restore(wrong)  # type: ignore[arg-type]
    assert env._batch.save() == saved
    checkpoint = env.checkpoint()
    with pytest.raises(TypeError, match="not pickled"):
        pickle.dumps(checkpoint)
    with pytest.raises(TypeError, match="not pickled"):
        pickle.dumps(checkpoint._state)
    assert copy.copy(checkpoint) is checkpoint and copy.deepcopy(checkpoint) is checkpoint
    assert isinstance(checkpoint, TablesCheckpoint)
    assert checkpoint.nbytes > 4 * 1000 and "hands finished" in repr(checkpoint)
    with pytest.raises(AttributeError):
        checkpoint.hands = 0  # type: ignore[misc]


def test_a_step_in_flight_refuses_checkpoints_and_restores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 1)
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    env = Tables("holdem", n=20, seats=3, stacks=100, seed=0, threads=2)
    checkpoint = env.checkpoint()
    env.step_async(np.ones(env.n, np.int64))
    with pytest.raises(RuntimeError, match="in flight"):
        env.checkpoint()
    with pytest.raises(RuntimeError, match="in flight"):
        env.restore(checkpoint)
    env.step_wait()
    env.restore(checkpoint)
    assert env.hands == 0
