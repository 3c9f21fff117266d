"""`games.Tables` used from several Python threads, and its settings.

A `Tables` takes one step at a time: a second step from another thread is refused
(test_engine_tables.py), while a read from another thread (a progress bar, a monitor)
waits for the step in play and sees the tables whole, and a step waits for such a read.
A step reads the caller's action arrays once, into the batch's own copy, so another
thread rewriting them while the step runs (the GIL is let go) cannot slip an action
past the check.  The settings the C calls size their arrays by are read-only.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np
import pytest

from games import Tables
from games.engine import batch as batch_module
from tests.engine_util import check_tables


def in_thread(call: Any) -> tuple[threading.Thread, list[Any]]:
    """`call()` started on a thread of its own; the list gets its result or error."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(call())
        except BaseException as error:      # handed to the test, which asserts on it
            out.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, out


@pytest.mark.parametrize("name", ["n", "seats", "threads", "step_threads", "game",
                                  "options", "stacks", "carry", "seed"])
def test_the_settings_the_c_calls_trust_are_read_only(name: str) -> None:
    """Setting n, seats or threads once crashed the interpreter (the C calls size
    their arrays by them): now every setting is a property without a setter."""
    env = Tables("holdem", n=8, seats=3, stacks=100, seed=1)
    before = getattr(env, name)
    with pytest.raises(AttributeError):
        setattr(env, name, 0)
    assert getattr(env, name) == before
    env.step(np.ones(8, np.int64))
    check_tables(env, 300)


def test_on_illegal_may_change_between_steps_and_is_checked() -> None:
    env = Tables("holdem", n=4, seats=2, stacks=100, seed=1)
    raise_all = (np.full(4, 2, np.int64), np.full(4, 10**6, np.int64))   # too large
    with pytest.raises(ValueError, match="may not raise to 1000000"):
        env.step(*raise_all)
    env.on_illegal = "check"
    env.step(*raise_all)                        # checks or calls instead
    for bad, error in ((["fold"], TypeError), ("skip", ValueError), (None, TypeError)):
        with pytest.raises(error, match="on_illegal must be"):
            env.on_illegal = bad  # type: ignore[assignment]
        assert env.on_illegal == "check"


def test_step_threads_says_how_many_threads_a_step_runs_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    assert Tables("holdem", n=64, seats=2, threads=8).step_threads == 1      # too few
    assert Tables("holdem", n=1024, seats=2, threads=8).step_threads == 2    # CPUs
    assert Tables("holdem", n=1024, seats=2, threads=1).step_threads == 1
    wide = Tables("holdem", n=1024, seats=2, threads=8)
    assert wide.threads == 8                    # as asked


def test_a_read_from_another_thread_waits_for_the_step_in_play() -> None:
    """A read takes the state's lock, which a step holds while it runs: held here as
    if a step were running, the read waits, then sees the tables."""
    env = Tables("holdem", n=16, seats=3, stacks=100, seed=2)
    env._state.acquire()
    try:
        thread, out = in_thread(env.totals)
        thread.join(0.2)
        assert thread.is_alive() and not out, "the read did not wait for the step"
    finally:
        env._state.release()
    thread.join(5)
    assert len(out) == 1 and out[0].hands == env.hands


def test_a_step_waits_for_a_read_in_another_thread() -> None:
    """A read held in another thread (a first `observe()` writing its rows for every
    table, say) makes a step wait, not fail as if another step ran."""
    env = Tables("holdem", n=16, seats=3, stacks=100, seed=2)
    env._state.acquire()
    thread, out = in_thread(lambda: env.step(np.ones(16, np.int64)))
    thread.join(0.2)
    assert thread.is_alive() and not out, "the step did not wait for the read"
    env._state.release()
    thread.join(5)
    assert len(out) == 1 and isinstance(out[0], np.ndarray), out


def test_reads_beside_a_stepping_thread_see_whole_tables() -> None:
    """One thread steps; this one reads `totals()` meanwhile: every reading adds up
    (its hands are its tables' hands, its payoffs sum to zero)."""
    env = Tables("holdem", n=512, seats=6, stacks=200, seed=4)
    stop = threading.Event()

    def stepper() -> int:
        rng = np.random.default_rng(4)
        steps = 0
        while not stop.is_set():
            lg = env.legal()
            pick = (rng.random(env.n) * (1 + lg.fold + (lg.raise_min >= 0))).astype(np.int64)
            env.step(np.where(lg.fold, pick, pick + 1), np.maximum(lg.raise_min, 0))
            steps += 1
        return steps

    thread, out = in_thread(stepper)
    readings = 0
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        totals = env.totals()
        assert totals.hands == totals.table_hands.sum(), "a reading mid-step"
        assert totals.won.sum() == 0 and (totals.table_won.sum(axis=1) == 0).all()
        readings += 1
    stop.set()
    thread.join(10)
    assert readings > 10 and out and out[0] > 10, (readings, out)
    check_tables(env, 1200)


@pytest.mark.parametrize("threads", [1, 2])
def test_actions_rewritten_by_another_thread_never_slip_past_the_check(
        threads: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another thread flips the amounts between legal raises and 10**9 while steps
    run (and the raises it copies may be the last step's): each step plays or
    refuses the actions as it read them once; no stack ever
    goes negative and every table's chips add up.  (Before the step read its own
    copy, the check and the play read the caller's array apart, and a raise of 10**9
    checked as legal left stacks of about -10**9.)"""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: threads)
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 64)
    env = Tables("holdem", n=1024, seats=2, stacks=100, seed=0, threads=threads)
    kinds = np.ones(env.n, np.int64)
    amounts = np.zeros(env.n, np.int64)
    good = np.zeros(env.n, np.int64)
    stop = threading.Event()

    def flipper() -> None:
        while not stop.is_set():
            amounts[:] = 10**9
            amounts[:] = good

    thread, _ = in_thread(flipper)
    played = refused = 0
    deadline = time.monotonic() + 1.0
    try:
        while time.monotonic() < deadline:
            lg = env.legal()
            good[:] = np.maximum(lg.raise_min, 0)
            kinds[:] = np.where(lg.raise_min >= 0, 2, 1)
            try:
                env.step(kinds, amounts)
                played += 1
            except ValueError as error:         # an amount of 10**9, or of `good`
                assert "may not raise to" in str(error)     # as the steps before
                refused += 1
    finally:
        stop.set()
        thread.join(5)
    assert played and refused, (played, refused)
    assert env.observe()["stacks"].min() >= 0
    check_tables(env, 200)
    assert env.totals().won.sum() == 0


def test_a_refusal_names_the_action_the_step_read() -> None:
    env = Tables("holdem", n=3, seats=3, stacks=100, seed=0)
    amounts = np.array([0, 1000, 0], np.int64)
    with pytest.raises(ValueError, match="table 1: seat 2 may not raise to 1000 "):
        env.step(np.array([1, 2, 1], np.int64), amounts)


def test_a_with_block_lands_a_step_in_flight_and_keeps_its_own_exception() -> None:
    illegal = np.full(4, 2, np.int64), np.full(4, 10**6, np.int64)
    env = Tables("holdem", n=4, seats=2, stacks=100, seed=1)
    before = env._batch.save()
    with pytest.raises(KeyError, match="the block's own"), env:
        env.step_async(*illegal)
        raise KeyError("the block's own")
    assert not env.in_flight and env._batch.save() == before

    # with nothing else to show, the block's end shows the refusal
    with pytest.raises(ValueError, match="may not raise to 1000000"), env:
        env.step_async(*illegal)
    assert not env.in_flight and env._batch.save() == before

    with env:
        env.step_async(np.ones(4, np.int64))
    assert not env.in_flight and env._batch.save() != before
