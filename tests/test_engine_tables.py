"""`games.Tables`, thousands of tables stepped at once (its differential proof against
`games.Table` is test_tables_differential.py).

* The same seed and actions give the same hands whatever `threads` is; the totals,
  steps in flight, workers and forked children, carry.
* A state machine mixes legal, illegal and malformed steps (hypothesis), some with the
  others playing at random until a seat acts (`until`), and goes back to checkpoints
  taken on the way: a refused step changes no table; every chip and every card is
  accounted for at every table after every step; payoffs sum to zero.
* Bad input of every entry point names what is wrong.
"""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from games import Tables
from games.engine import batch as batch_module
from tests.engine_util import (
    BLIND_GAMES,
    Follower,
    check_tables,
    in_forked_child,
    random_actions,
    stateful_settings,
)


def test_the_same_hands_whatever_the_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 4)    # three splits too
    runs = []
    for threads in (1, 2, 3):
        rng = np.random.default_rng(9)
        env = Tables("omaha-hilo", n=1200, seats=4, stacks=100, blinds=(1, 2), seed=4,
                     threads=threads)
        trace = []
        for _ in range(30):
            env.step(*random_actions(rng, env))
            trace.append((env.payoffs.copy(), env.observe()["hole"]))
        totals = env.totals()
        trace.append((totals.won, totals.squares))      # the same sums, to the bit
        runs.append(trace)
    for other in runs[1:]:
        for (a, b), (c, d) in zip(runs[0], other, strict=True):
            assert np.array_equal(a, c) and np.array_equal(b, d)


@pytest.mark.parametrize(("seats", "threads", "flying"), [(6, 1, False), (2, 1, False),
                                                           (6, 2, False), (6, 2, True)])
def test_totals_sum_the_payoffs_of_every_hand_finished(
        seats: int, threads: int, flying: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """`totals()` is every finished hand's payoffs (read from `payoffs` after each
    step) summed by seat, with their squares, whether the steps are whole, masked or
    in flight; its mean and standard error are those of the hands' payoffs; and a
    later reading minus an earlier one sums the hands between."""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 1)
    env = Tables("holdem", n=150, seats=seats, stacks=80, blinds=(1, 2), seed=6,
                 threads=threads)
    rng = np.random.default_rng(11)
    start = env.totals()
    assert start.hands == 0 and not start.won.any() and not start.squares.any()
    assert np.isnan(start.mean).all() and np.isnan(start.standard_error).all()
    hands = []
    by_table = np.zeros((env.n, seats), np.int64)
    middle = None
    for t in range(200):
        kinds, amounts = random_actions(rng, env)
        mask = None if t % 3 else rng.random(env.n) < 0.5
        if flying:
            env.step_async(kinds, amounts, mask=mask)
            done = env.step_wait()
        else:
            done = env.step(kinds, amounts, mask=mask)
        hands.extend(env.payoffs[done])
        by_table[done] += env.payoffs[done]
        if t == 99:
            middle = env.totals()
    payoffs = np.array(hands)
    totals = env.totals()
    assert totals.hands == env.hands == len(payoffs) > 1000
    assert np.array_equal(totals.won, payoffs.sum(axis=0))
    assert np.array_equal(totals.table_won, by_table)
    assert np.array_equal(totals.table_hands, env.finished)
    assert not totals.won.sum()                             # chips are conserved
    assert np.array_equal(totals.squares, (payoffs.astype(np.float64) ** 2).sum(axis=0))
    assert totals.mean == pytest.approx(payoffs.mean(axis=0), rel=1e-12)
    error = payoffs.std(axis=0, ddof=1) / np.sqrt(len(payoffs))
    assert totals.standard_error == pytest.approx(error, rel=1e-9)
    # without carry the hands are independent, so the error by tables estimates the
    # same figure: from 150 tables, within about three of its own standard errors
    # (1/sqrt(2 * 150), 6%)
    assert (np.abs(totals.table_error / totals.standard_error - 1) < 0.2).all()
    assert middle is not None
    later = totals - middle
    assert later.hands == len(payoffs) - middle.hands
    assert np.array_equal(later.won, payoffs[middle.hands:].sum(axis=0))
    with pytest.raises(ValueError, match="later hands"):
        middle - totals


def test_the_error_by_tables_is_the_error_of_a_ratio_of_sums() -> None:
    """`table_error`, against the same estimate written plainly: the tables as the
    independent draws (with carry, where one table's hands depend on each other)."""
    env = Tables("holdem", n=40, seats=3, stacks=60, blinds=(1, 2), seed=9, carry=True)
    rng = np.random.default_rng(9)
    for _ in range(300):
        env.step(*random_actions(rng, env))
    totals = env.totals()
    assert totals.table_hands.sum() == totals.hands == env.hands
    assert np.array_equal(totals.table_won.sum(axis=0), totals.won)
    for s in range(env.seats):
        mean = totals.won[s] / totals.hands
        apart = [float(w) - mean * float(h)
                 for w, h in zip(totals.table_won[:, s], totals.table_hands, strict=True)]
        plain = (40 / 39 * sum(a * a for a in apart)) ** 0.5 / totals.hands
        assert totals.table_error[s] == pytest.approx(plain, rel=1e-12)
    one = Tables("holdem", n=1, seats=2, seed=1)
    assert np.isnan(one.totals().table_error).all()      # one table: no spread to read


def test_totals_of_other_tables_cannot_be_taken() -> None:
    six = Tables("holdem", n=4, seats=6, seed=1).totals()
    two = Tables("holdem", n=4, seats=2, seed=1).totals()
    more = Tables("holdem", n=5, seats=6, seed=1).totals()
    for other in (two, more):
        with pytest.raises(ValueError, match="other tables"):
            six - other
    with pytest.raises(TypeError):
        six - 1                                             # type: ignore[operator]


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_steps_in_flight_play_the_hands_steps_do(threads: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Two groups of tables stepped in turn, one group's actions chosen while the
    other's step is in flight (`step_async`), end every step where the same steps
    played at once (`step`, one thread) end: the same rows, payoffs and hands."""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 4)
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 1)
    traces = []
    for flying in (False, True):
        rng = np.random.default_rng(5)
        env = Tables("holdem", n=90, seats=6, stacks=60, blinds=(1, 2), seed=8,
                     threads=threads if flying else 1)
        groups = [np.arange(env.n) < 40, np.arange(env.n) >= 40]
        trace = []
        for t in range(120):
            kinds, amounts = random_actions(rng, env)
            if flying:
                env.step_async(kinds, amounts, mask=groups[t % 2])
                kinds[:] = 0                    # reused at once: the step copied them
                done = env.step_wait()
            else:
                done = env.step(kinds, amounts, mask=groups[t % 2])
            trace.append((done, env.payoffs, env.observe()["stacks"], env.hands))
        traces.append(trace)
    for (a, b, c, d), (e, f, g, h) in zip(*traces, strict=True):
        assert np.array_equal(a, e) and np.array_equal(b, f) and np.array_equal(c, g)
        assert d == h
    assert traces[0][-1][3] > 50


def test_the_other_group_reads_its_rows_while_one_flies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """While a group's step is in flight the views of the other group's rows hold
    still (a pipelined loop reads them to choose that group's actions)."""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 1)
    env = Tables("holdem", n=64, seats=3, seed=2, threads=2)
    lg = env.legal(copy=False)
    first = np.arange(64) < 32
    rng = np.random.default_rng(0)
    for _ in range(40):
        kinds, amounts = random_actions(rng, env)
        payoffs = env.last_payoffs(copy=False)
        still = lg.raise_max[~first].copy(), lg.call[~first].copy(), payoffs[~first].copy()
        env.step_async(kinds, amounts, mask=first)
        assert env.legal(copy=False) is lg and env.last_payoffs(copy=False) is payoffs
        assert np.array_equal(lg.raise_max[~first], still[0])
        assert np.array_equal(lg.call[~first], still[1])
        assert np.array_equal(payoffs[~first], still[2])
        env.step_wait()
        first = ~first


def test_tables_dropped_with_a_step_in_flight_land_it_and_stop(
        monkeypatch: pytest.MonkeyPatch, workers: Callable[[], int]) -> None:
    """Tables that go away with a step in flight: the step lands, the workers stop."""
    before = workers()
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    env = Tables("holdem", n=600, seats=6, seed=1, threads=2)
    env.step_async(np.ones(600, np.int64))
    assert env.in_flight and workers() == before + 1
    del env
    assert workers() == before


def test_close_stops_the_workers_and_the_tables_play_on(
        monkeypatch: pytest.MonkeyPatch, workers: Callable[[], int]) -> None:
    """close() stops the worker threads at once (a `with` block closes at its end);
    the tables stay as they were, the next step on two threads starts a worker again
    and plays the hands one thread plays; a second close() does nothing; with a step
    in flight close() is refused."""
    before = workers()
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    alone = Tables("holdem", n=600, seats=6, seed=3, threads=1)
    rng_alone, rng = np.random.default_rng(3), np.random.default_rng(3)
    with Tables("holdem", n=600, seats=6, seed=3, threads=2) as env:
        for t in range(30):
            env.step(*random_actions(rng, env))
            alone.step(*random_actions(rng_alone, alone))
            assert workers() == before + 1
            if t == 10:
                env.close()
                assert workers() == before
                env.close()
            assert np.array_equal(env.payoffs, alone.payoffs)
        env.step_async(*random_actions(rng, env))
        with pytest.raises(RuntimeError, match="in flight"):
            env.close()
        env.step_wait()
    assert workers() == before
    assert env.hands > 1000 and env.totals().hands == env.hands


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_child_forked_while_a_step_flies_cannot_land_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers of a step in flight are the parent's: a forked child's step_wait
    raises (it would wait for threads it does not have), and the parent lands it."""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    env = Tables("holdem", n=600, seats=6, seed=1, threads=2)
    env.step(np.ones(600, np.int64))                # the worker started
    env.step_async(np.ones(600, np.int64))

    def land_in_the_child() -> bytes:
        try:
            env.step_wait()
        except RuntimeError as error:
            return b"refused" if "forked" in str(error) and env.in_flight else b"wrong"
        return b"landed"
    assert in_forked_child(land_in_the_child) == b"refused"
    assert env.step_wait().shape == (600,) and not env.in_flight


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_plays_on_threads_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child forked between steps on two threads does not have the parent's worker:
    its next step starts one of its own and plays the same hands as the parent's next
    step (the same done, the same payoffs)."""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    env = Tables("holdem", n=600, seats=6, seed=1, threads=2)
    rng = np.random.default_rng(4)
    for _ in range(5):
        env.step(*random_actions(rng, env))         # the parent's worker started
    kinds, amounts = random_actions(rng, env)

    def step_in_the_child() -> bytes:
        done = env.step(kinds, amounts)
        return done.tobytes() + env.last_payoffs().tobytes()
    theirs = in_forked_child(step_in_the_child)      # waiting for the parent's worker,
    #                                                  it would not answer: a failure
    done = env.step(kinds, amounts)
    assert done.any() and theirs == done.tobytes() + env.last_payoffs().tobytes()


def test_each_hand_has_its_own_seed_and_the_same_seed_deals_the_same() -> None:
    a = Tables("holdem", n=50, seats=3, stacks=100, seed=1)
    b = Tables("holdem", n=50, seats=3, stacks=100, seed=1)
    c = Tables("holdem", n=50, seats=3, stacks=100, seed=2)
    assert np.array_equal(a.seeds, b.seeds) and len(set(a.seeds.tolist())) == 50
    assert not np.array_equal(a.seeds, c.seeds)
    assert np.array_equal(a.observe()["hole"], b.observe()["hole"])


# ---------------------------------------------------------------- carry

def test_carry_keeps_the_chips_moves_the_button_and_seats_out_the_busted() -> None:
    rng = np.random.default_rng(8)
    env = Tables("holdem", n=40, seats=4, stacks=[20, 20, 20, 20], blinds=(1, 2), seed=3,
                 carry=True)
    assert list(env.observe()["button"]) == [3] * 40
    buttons_moved = sat_out = 0
    for _ in range(400):
        before = env.observe()
        done = env.step(*random_actions(rng, env))
        after = env.observe()
        for i in np.flatnonzero(done):
            chips = env.chips[i]
            assert chips.sum() == 80 or chips.tolist() == [20] * 4   # or started over
            assert (env.payoffs[i].sum() == 0)
            buttons_moved += after["button"][i] != before["button"][i]
            out = ~after["in_hand"][i]
            sat_out += int(out.any())
            assert (chips[out] == 0).all() and (after["hole"][i][out] == 255).all()
    assert buttons_moved > 100 and sat_out > 20


# ---------------------------------------------------------------- invariants, hostile steps

#: what a step in flight refuses (each raises a RuntimeError naming the flight)
IN_FLIGHT_PROBES = [
    lambda env: env.step(np.ones(env.n, np.int64)),
    lambda env: env.step_async(np.ones(env.n, np.int64)),
    lambda env: env.actor, lambda env: env.legal(), lambda env: env.observe(),
    lambda env: env.payoffs, lambda env: env.last_payoffs(), lambda env: env.finished,
    lambda env: env.seeds, lambda env: env.chips, lambda env: env.history(0),
    lambda env: env.table_of(0), lambda env: env.totals(), lambda env: env.checkpoint(),
]


class Steps(RuleBasedStateMachine):
    """Tables under legal, illegal and malformed steps (see the module)."""

    env: Tables

    @initialize(data=st.data())
    def build(self, data: st.DataObject) -> None:
        game = data.draw(st.sampled_from(BLIND_GAMES))
        # two threads split even these few tables: the workers' hand-over is under test
        threads = data.draw(st.sampled_from([1, 2]))
        self.split = batch_module.MIN_TABLES_PER_THREAD, batch_module.available_cpus
        batch_module.MIN_TABLES_PER_THREAD = 1
        batch_module.available_cpus = lambda: 2
        seats = data.draw(st.integers(2, 5))
        stacks = data.draw(st.lists(st.integers(3, 300), min_size=seats, max_size=seats))
        small = data.draw(st.integers(0, 2))
        try:
            self.env = Tables(game, n=data.draw(st.integers(1, 40)), seats=seats,
                              stacks=stacks,
                              blinds=(small, data.draw(st.integers(max(small, 1), 3))),
                              antes=data.draw(st.sampled_from([0, 1])),
                              betting=data.draw(st.sampled_from([None, "pot-limit",
                                                                 "fixed-limit"])),
                              carry=data.draw(st.booleans()),
                              seed=data.draw(st.integers(0, 99)), threads=threads)
        except ValueError as error:       # stacks the forced bets put all-in: refused
            assert "nobody ever decides" in str(error)
            assume(False)
        self.rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
        self.total = sum(stacks)
        self.won = np.zeros(seats, np.int64)    # the finished hands' payoffs, summed
        # checkpoints taken, each with the tables' state and the sums at the time
        self.checkpoints: list[tuple[Any, list[Any], np.ndarray]] = []

    def _count(self, done: np.ndarray) -> None:
        """The hands a step finished, into the sums `totals()` must give (without
        carry: with it a step may also finish hands nobody decided in, whose payoffs
        no row shows)."""
        self.won += self.env.payoffs[done].sum(axis=0)

    @rule()
    def legal_step(self) -> None:
        self._count(self.env.step(*random_actions(self.rng, self.env)))

    @rule(data=st.data())
    def masked_step(self, data: st.DataObject) -> None:
        mask = np.array(data.draw(st.lists(st.booleans(), min_size=self.env.n,
                                           max_size=self.env.n)))
        before = self.env._batch.save()
        kinds, amounts = random_actions(self.rng, self.env)
        done = self.env.step(kinds, amounts, mask=mask)
        self._count(done)
        assert not done[~mask].any()
        after = self.env._batch.save()
        for i in np.flatnonzero(~mask):
            assert before[i] == after[i], "a table that did not act changed"

    @rule(data=st.data())
    def step_until(self, data: st.DataObject) -> None:
        """The others play at random until a seat acts (`until`), after the actions of
        some tables, in flight or not: several hands may end at a table, so the sums
        to keep are `totals()`'s difference."""
        env = self.env
        mask = np.array(data.draw(st.lists(st.booleans(), min_size=env.n, max_size=env.n)))
        seat = data.draw(st.integers(0, env.seats - 1))
        most = data.draw(st.sampled_from([0, 1, 7, 1000]))
        kinds, amounts = random_actions(self.rng, env)
        before = env.totals()
        if data.draw(st.booleans()):
            done = env.step(kinds, amounts, mask=mask, until=seat, at_most=most)
        else:
            env.step_async(kinds, amounts, mask=mask, until=seat, at_most=most)
            done = env.step_wait()
        after = env.totals()
        assert np.array_equal(after.table_hands - before.table_hands > 0, done)
        self.won += after.won - before.won

    @rule(data=st.data())
    def bad_until(self, data: st.DataObject) -> None:
        env = self.env
        bad = data.draw(st.sampled_from([
            (dict(until=env.seats), ValueError), (dict(until=-2), ValueError),
            (dict(until=0.5), TypeError), (dict(until=0, at_most=-1), ValueError),
        ]))
        kinds, amounts = random_actions(self.rng, env)
        before = env._batch.save()
        with pytest.raises(bad[1]):
            env.step(kinds, amounts, **bad[0])
        assert env._batch.save() == before

    @rule(data=st.data())
    def illegal_step(self, data: st.DataObject) -> None:
        env = self.env
        kinds, amounts = random_actions(self.rng, env)
        lg = env.legal()
        i = data.draw(st.integers(0, env.n - 1))
        choices = [(2, int(lg.raise_max[i]) + 1), (2, -5), (2, -1), (2, 2**62), (2, -2**63),
                   (7, 0), (-1, 0), (3, 0), (5, 0)]
        if lg.raise_min[i] > 0:
            choices.append((2, int(lg.raise_min[i]) - 1))
        if not lg.fold[i]:
            choices.append((0, 0))
        kinds[i], amounts[i] = data.draw(st.sampled_from(choices))
        before = env._batch.save()
        until = data.draw(st.sampled_from([None, 0]))
        with pytest.raises(ValueError, match=f"(table {i}:|kinds\\[{i}\\])"):
            env.step(kinds, amounts, until=until)
        assert env._batch.save() == before, "a refused step changed a table"

    @rule(data=st.data())
    def malformed_step(self, data: st.DataObject) -> None:
        env = self.env
        n = env.n
        bad = data.draw(st.sampled_from([
            (np.ones(n, float), None, TypeError), (np.ones(n, bool), None, TypeError),
            (np.ones(n + 1, np.int64), None, ValueError),
            (np.ones((n, 1), np.int64), None, ValueError),
            (np.ones(n, np.int64), np.full(n, 2.5), TypeError),
            (np.ones(n, np.int64), np.full(n, 2**64 - 1, np.uint64), ValueError),
            (["1"] * n, None, TypeError), ([1] * n, [2**70] * n, ValueError),
        ]))
        before = env._batch.save()
        with pytest.raises(bad[2]):
            env.step(bad[0], bad[1])
        assert env._batch.save() == before

    @rule(data=st.data())
    def step_in_flight(self, data: st.DataObject) -> None:
        """A step left in flight (`step_async`) for a group of tables: every read or
        step meanwhile is refused, the other tables do not change, and `step_wait`
        lands it."""
        env = self.env
        mask = np.array(data.draw(st.lists(st.booleans(), min_size=env.n, max_size=env.n)))
        kinds, amounts = random_actions(self.rng, env)
        before = env._batch.save()
        env.step_async(kinds, amounts, mask=mask)
        assert env.in_flight
        kinds[:] = 7                    # the caller's arrays are free at once
        amounts[:] = -1
        probe = data.draw(st.sampled_from(IN_FLIGHT_PROBES))
        with pytest.raises(RuntimeError, match="in flight"):
            probe(env)
        done = env.step_wait()
        self._count(done)
        assert not env.in_flight
        assert not done[~mask].any()
        after = env._batch.save()
        for i in np.flatnonzero(~mask):
            assert before[i] == after[i], "a table that did not act changed"

    @rule(data=st.data())
    def illegal_step_in_flight(self, data: st.DataObject) -> None:
        """A step in flight with an illegal action: `step_wait` raises what `step`
        would, no table changed, and no step is in flight any more."""
        env = self.env
        kinds, amounts = random_actions(self.rng, env)
        i = data.draw(st.integers(0, env.n - 1))
        lg = env.legal()
        kinds[i], amounts[i] = data.draw(st.sampled_from(
            [(2, int(lg.raise_max[i]) + 1), (2, -5), (7, 0), (-1, 0)]))
        before = env._batch.save()
        env.step_async(kinds, amounts)
        with pytest.raises(ValueError, match=f"(table {i}:|kinds\\[{i}\\])"):
            env.step_wait()
        assert not env.in_flight
        assert env._batch.save() == before, "a refused step changed a table"

    @rule(data=st.data())
    def malformed_step_in_flight(self, data: st.DataObject) -> None:
        """Arrays of the wrong type or shape are refused by `step_async` itself."""
        env = self.env
        bad = data.draw(st.sampled_from([
            (np.ones(env.n, float), TypeError), (np.ones(env.n + 1, np.int64), ValueError),
        ]))
        before = env._batch.save()
        with pytest.raises(bad[1]):
            env.step_async(bad[0])
        assert not env.in_flight
        assert env._batch.save() == before
        with pytest.raises(RuntimeError, match="without a step in flight"):
            env.step_wait()

    @rule()
    def close(self) -> None:
        """The workers stopped between steps (the next threaded step starts them)."""
        before = self.env._batch.save()
        self.env.close()
        assert self.env._batch.nworkers == 0 and self.env._batch.save() == before

    @rule()
    def take_checkpoint(self) -> None:
        before = self.env._batch.save()
        self.checkpoints.append((self.env.checkpoint(), before, self.won.copy()))
        assert self.env._batch.save() == before, "a checkpoint changed a table"

    @precondition(lambda self: bool(self.checkpoints))
    @rule(data=st.data())
    def go_back(self, data: st.DataObject) -> None:
        """Every table back at a checkpoint taken earlier (any: the steps since may
        have gone back already), the sums with them."""
        checkpoint, saved, won = data.draw(st.sampled_from(self.checkpoints))
        self.env.restore(checkpoint)
        assert self.env._batch.save() == saved
        self.won = won.copy()

    @rule(mode=st.sampled_from(["fold", "check"]))
    def illegal_actions_as(self, mode: str) -> None:
        env = self.env
        env.on_illegal = mode
        try:
            kinds = np.full(env.n, 2, np.int64)
            self._count(env.step(kinds, np.full(env.n, 10**12, np.int64)))  # raises too large
        finally:
            env.on_illegal = "raise"

    def teardown(self) -> None:
        if hasattr(self, "split"):
            batch_module.MIN_TABLES_PER_THREAD, batch_module.available_cpus = self.split

    @invariant()
    def chips_and_cards_are_kept(self) -> None:
        env = self.env
        check_tables(env, self.total)
        totals = env.totals()
        assert totals.hands == env.hands == env.finished.sum() and not totals.won.sum()
        assert np.array_equal(totals.table_hands, env.finished)
        assert env.carry or np.array_equal(totals.won, self.won), "totals lost a hand"


Steps.TestCase.settings = stateful_settings(25, 30)
TestSteps = Steps.TestCase


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize(("kwargs", "error", "message"), [
    (dict(game="italian"), ValueError, "decisions other than bets"),
    (dict(game="2-7-triple-draw"), ValueError, "decisions other than bets"),
    (dict(game="crazy-pineapple"), ValueError, "decisions other than bets"),
    (dict(game="ofc"), ValueError, "decisions other than bets|seats must be"),
    (dict(n=0), ValueError, "n must be"), (dict(n=2.0), TypeError, "n must be an int"),
    (dict(n=True), TypeError, "n must be an int"),
    (dict(seats=1), ValueError, r"seats must be 2\.\.10 for Texas Hold'em, got 1"),
    (dict(seats=11), ValueError, r"seats must be 2\.\.10 for Texas Hold'em, got 11"),
    (dict(game="razz", seats=9), ValueError, r"seats must be 2\.\.8 for Razz"),
    (dict(seats="6"), TypeError, "seats must be an int"),
    (dict(stacks=0), ValueError, "stacks"), (dict(stacks=[100, 100]), ValueError, "stacks"),
    (dict(stacks="100"), TypeError, "stacks"),
    (dict(stacks=[1, 1, 1], antes=1), ValueError, "nobody ever decides"),
    (dict(stacks=[1, 1, 1], antes=1, carry=True), ValueError, "nobody ever decides"),
    (dict(carry=1), TypeError, "carry"), (dict(on_illegal="skip"), ValueError, "on_illegal"),
    (dict(on_illegal=["fold"]), TypeError, "on_illegal must be a str, got list"),
    (dict(blindz=(1, 2)), TypeError, "unknown table option 'blindz'; the options are blinds"),
    (dict(threads=0), ValueError, "threads"), (dict(seed=-1), ValueError, "seed"),
    (dict(blinds=(1, -2)), ValueError, "blinds"),
])
def test_bad_tables_are_refused(kwargs: dict[str, Any], error: type[Exception],
                                message: str) -> None:
    args: dict[str, Any] = dict(game="holdem", n=4, seats=3, stacks=100)
    args.update(kwargs)
    with pytest.raises(error, match=message):
        Tables(**args)


def test_bad_steps_and_views_are_refused() -> None:
    env = Tables("holdem", n=3, seats=3, stacks=100, seed=0)
    with pytest.raises(TypeError, match="mask must be an array of bools"):
        env.step([1, 1, 1], mask=[1, 0, 1])
    with pytest.raises(ValueError, match=r"mask must have shape \(3,\)"):
        env.step([1, 1, 1], mask=np.ones(2, bool))
    with pytest.raises(ValueError, match="table 1: seat 2 may not raise to 1000"):
        env.step([1, 2, 1], [0, 1000, 0])
    env.step([2, 2, 2], [100, 100, 100])      # the button all-in: nobody may raise
    assert (env.legal().raise_min == -1).all() and (env.legal().raise_max == -1).all()
    before = env._batch.save()
    for amount in (-1, 0, 99, 100, 2**63 - 1, -2**63):
        with pytest.raises(ValueError, match=f"table 1: seat 0 may not raise to {amount}"):
            env.step([1, 2, 1], [0, amount, 0])
    assert env._batch.save() == before
    with pytest.raises(ValueError, match="table 0 has not finished a hand yet"):
        env.history(0)
    with pytest.raises(ValueError, match=r"table 3 is not one of 0\.\.2"):
        env.history(3)
    with pytest.raises(TypeError, match="a table is an int"):
        env.history(1.0)  # type: ignore[arg-type]
    view = env.observe(copy=False)["stacks"]
    with pytest.raises(ValueError, match="read-only"):
        view[0, 0] = 5
    for odd in (None, {0: 1}, (k for k in range(3)), object()):     # no array of ints
        with pytest.raises(TypeError, match="kinds must be an array of ints, got "
                                            f"{type(odd).__name__}"):
            env.step(odd)  # type: ignore[arg-type]
        if odd is not None:                                         # None: no raise
            with pytest.raises(TypeError, match="amounts must be an array of ints"):
                env.step([1, 1, 1], odd)  # type: ignore[arg-type]
    assert env._batch.save() == before


class Int64Subclass(np.ndarray):
    """An ndarray subclass: not read in place, checked and copied as any array."""


def odd_forms(values: np.ndarray) -> list[tuple[str, Any]]:
    """The same int64 values in forms the kernel cannot read in place as they are,
    and last one it can (read-only: the kernel only reads the actions)."""
    n = len(values)
    strided = np.zeros(2 * n, np.int64)
    strided[::2] = values
    unaligned = np.frombuffer(b"\0" + values.tobytes(), np.int64, n, offset=1)
    return [("big-endian", values.astype(">i8")), ("strided", strided[::2]),
            ("unaligned", unaligned), ("subclass", values.view(Int64Subclass)),
            ("int32", values.astype(np.int32)), ("list", values.tolist()),
            ("read-only", np.frombuffer(values.tobytes(), np.int64))]


@pytest.mark.parametrize("which", range(7))
def test_actions_in_any_form_of_int_array_play_what_plain_arrays_play(which: int) -> None:
    """A step reads a loop's own C-contiguous native int64 arrays in place
    (`Batch.is_column`) and checks and copies any other form: each form plays the
    hands that plain arrays play, step by step."""
    plain = Tables("holdem", n=40, seats=6, stacks=100, seed=3)
    odd = Tables("holdem", n=40, seats=6, stacks=100, seed=3)
    rng = np.random.default_rng(which)
    for _ in range(60):
        kinds, amounts = random_actions(rng, plain)
        name, kinds_form = odd_forms(kinds)[which]
        amounts_form = odd_forms(amounts)[which][1]
        assert plain._batch.is_column(kinds)
        assert plain._batch.is_column(kinds_form) == (name == "read-only")
        done = plain.step(kinds, amounts)
        assert np.array_equal(odd.step(kinds_form, amounts_form), done), name
        assert odd._batch.save() == plain._batch.save(), name
    assert odd.hands == plain.hands > 0


def test_int64_arrays_of_the_wrong_shape_are_refused_not_read() -> None:
    env = Tables("holdem", n=3, seats=3, stacks=100, seed=0)
    before = env._batch.save()
    for kinds in (np.ones(4, np.int64), np.ones(2, np.int64), np.ones((3, 1), np.int64),
                  np.ones((1, 3), np.int64), np.int64(1)):
        with pytest.raises(ValueError, match=r"kinds must have shape \(3,\)"):
            env.step(kinds)
        with pytest.raises(ValueError, match=r"amounts must have shape \(3,\)"):
            env.step(np.ones(3, np.int64), kinds)
    assert not env._batch.is_column(np.ones(3, np.uint64))
    assert not env._batch.is_column(np.ones(3, np.float64))
    assert not env._batch.is_column(None)
    assert env._batch.save() == before


TOO_FAR = 10**6     # a raise beyond every stack: illegal at every table


@pytest.mark.parametrize("mode", ["fold", "check"])
def test_an_illegal_action_facing_a_bet_folds_or_calls_as_asked(mode: str) -> None:
    """The button, first to act and facing the big blind, tries a raise no stack allows:
    on_illegal="fold" folds it, "check" calls the blind."""
    env = Tables("holdem", n=8, seats=3, stacks=100, blinds=(1, 2), seed=5, on_illegal=mode)
    rows, actor = np.arange(env.n), env.actor.copy()
    assert env.legal().fold.all()
    env.step(np.full(env.n, 2, np.int64), np.full(env.n, TOO_FAR, np.int64))
    obs = env.observe()
    if mode == "fold":
        assert obs["folded"][rows, actor].all()
    else:
        assert not obs["folded"][rows, actor].any()
        assert (obs["bets"][rows, actor] == 2).all()


def test_where_checking_is_free_an_illegal_action_checks_even_as_a_fold() -> None:
    """The big blind's option, called round to it: on_illegal="fold" checks (nobody
    folds where checking is free), and the flop is dealt."""
    env = Tables("holdem", n=8, seats=3, stacks=100, blinds=(1, 2), seed=5, on_illegal="fold")
    calls = np.ones(env.n, np.int64)
    env.step(calls)
    env.step(calls)
    assert not env.legal().fold.any()
    rows, actor = np.arange(env.n), env.actor.copy()
    done = env.step(np.full(env.n, 2, np.int64), np.full(env.n, TOO_FAR, np.int64))
    obs = env.observe()
    assert not done.any() and (obs["street"] == 1).all()
    assert not obs["folded"][rows, actor].any()


def test_legal_views_follow_the_tables_and_cannot_be_written() -> None:
    """legal(copy=False): the arrays the tables write, read-only, equal to the copies
    after every step; the copies do not change with later steps."""
    env = Tables("holdem", n=8, seats=3, stacks=50, blinds=(1, 2), seed=5)
    views = env.legal(copy=False)
    rng = np.random.default_rng(5)
    for _ in range(40):
        copies = env.legal()
        for name in ("fold", "call", "raise_min", "raise_max"):
            assert np.array_equal(getattr(views, name), getattr(copies, name)), name
            assert not getattr(views, name).flags.writeable
        kept = copies.call.copy()
        kinds = np.where(copies.raise_min >= 0, rng.integers(1, 3, env.n), 1)
        env.step(kinds, copies.raise_min)
        assert np.array_equal(copies.call, kept)
    with pytest.raises(ValueError, match="read-only"):
        views.call[0] = 1


def test_a_hand_longer_than_a_tables_room_for_records_is_recorded_whole() -> None:
    """A table keeps a hand's records in its own room beside its slot (32 of them); a
    raise war of 70 raises moves them to the heap (grown twice) and the hand is still
    recorded whole: its history is what a Table with the same seed and actions writes.
    The next hand's records are back in the room, and the hand after that finds both
    rooms in use again, the long hand gone."""
    env = Tables("holdem", n=3, seats=2, stacks=1000, blinds=(1, 2), seed=4)
    follower = Follower(env)
    batch = env._batch
    assert batch.records_at_home() == [(True, True)] * 3
    kinds = np.ones(3, np.int64)
    for _ in range(70):         # at table 1 both seats raise the minimum; elsewhere calls
        lg = env.legal()
        kinds[1] = 2
        assert not follower.step(kinds, np.maximum(lg.raise_min, 0))[1]
    assert batch.records_at_home()[1] == (False, True)
    kinds[1] = 0                                    # a fold ends the war
    assert follower.step(kinds, np.zeros(3, np.int64))[1]
    _, _, _, taken = batch.last_hand(1)
    assert len(taken) == 71 and [a for _, _, a in taken[:70]] == list(range(4, 144, 2))
    assert batch.records_at_home()[1] == (True, False)      # the war is the last hand
    hands = 0
    while hands < 2:                                # two more hands, everybody calling
        hands += int(follower.step(np.ones(3, np.int64), np.zeros(3, np.int64))[1])
    assert batch.records_at_home() == [(True, True)] * 3
    assert follower.checked >= 9


@pytest.mark.parametrize(("game", "options"), [
    ("holdem", dict(blinds=(1, 2))),
    ("holdem", dict(blinds=(1, 2, 4), antes=1, betting="pot-limit")),
    ("short-deck", dict(blinds=(1, 2), antes=2)),
    ("omaha5-hilo", dict(blinds=(1, 2), betting="fixed-limit")),
])
def test_a_hand_copied_from_the_opening_is_the_hand_the_machine_starts(
        game: str, options: dict[str, Any]) -> None:
    """Without carry a batch starts each new hand as a copy of the machine's opening
    with its own cards (engine/_opening.pxd). Beside a batch that starts every hand
    with the machine, given the same seed and actions, every table's hand is the same
    byte for byte after every step, and so are its rows and payoffs."""
    stacks = [200, 30, 150, 90, 60]         # a short stack goes all-in early and often
    copied = Tables(game, n=32, seats=5, stacks=stacks, seed=9, **options)
    machine = Tables(game, n=32, seats=5, stacks=stacks, seed=9, **options)
    assert copied._batch.copies_opening() and machine._batch.copies_opening()
    machine._batch.start_by_machine()
    assert not machine._batch.copies_opening()
    rng = np.random.default_rng(9)
    hands = 0
    for _ in range(150):
        kinds, amounts = random_actions(rng, copied)
        done = copied.step(kinds, amounts)
        assert np.array_equal(done, machine.step(kinds, amounts))
        assert copied._batch.save() == machine._batch.save()
        seen, expected = copied.observe(), machine.observe()
        for name in expected:
            assert np.array_equal(seen[name], expected[name]), name
        assert np.array_equal(copied.payoffs, machine.payoffs)
        hands += int(done.sum())
    assert hands >= 300                 # fixed-limit hands are the longest


@pytest.mark.parametrize(("game", "options"), [
    ("seven-card-stud", dict(antes=1, bring_in=1, small_bet=2, big_bet=4)),
    ("razz", dict(antes=1, bring_in=1, small_bet=2, big_bet=4)),
    ("holdem", dict(blinds=(1, 2), carry=True)),
])
def test_the_machine_starts_every_hand_where_the_opening_would_not_copy(
        game: str, options: dict[str, Any]) -> None:
    """Stud's first actor is the lowest card showing (the bring-in), so the opening's
    copy with other cards would not be the machine's hand: the batch proves that when
    it is made, and the machine starts every hand. With carry the stacks and the
    button change from hand to hand: nothing is copied."""
    env = Tables(game, n=4, seats=3, stacks=100, seed=1, **options)
    assert not env._batch.copies_opening()


@pytest.mark.parametrize(("game", "seats", "options"), [
    ("holdem", 6, dict(blinds=(1, 2))),
    ("holdem", 2, dict(blinds=(1, 2))),
    ("holdem", 4, dict(blinds=(1, 2), carry=True)),          # seats out, the button moves
    ("omaha-hilo", 5, dict(blinds=(1, 2), betting="pot-limit")),
    ("seven-card-stud", 8, dict(antes=1, bring_in=1, small_bet=2, big_bet=4)),  # cards by street
])
@pytest.mark.parametrize("first", [1, 7, 60])
def test_observe_first_asked_late_sees_what_it_would_have_kept(
        game: str, seats: int, options: dict[str, Any], first: int) -> None:
    """The tables write `observe()`'s arrays only once it is first called (a loop over
    `legal()` alone does not pay for them). Asked first after `first` steps, and after
    every step from then on, it gives what a batch observed from its first step gives,
    given the same seed and actions: the arrays written for every table as it stands
    are the ones kept step by step."""
    stacks = [200, 30, 150, 90, 60, 120, 45, 80][:seats]
    late = Tables(game, n=24, seats=seats, stacks=stacks, seed=4, **options)
    kept = Tables(game, n=24, seats=seats, stacks=stacks, seed=4, **options)
    kept.observe()
    assert kept._batch.watched and not late._batch.watched
    rng = np.random.default_rng(first)
    hands = 0
    for step in range(first + 120):
        kinds, amounts = random_actions(rng, kept)
        if seats == 8:                  # nobody folds: eight seats reach seventh street
            kinds[kinds == 0] = 1
        done = kept.step(kinds, amounts)
        assert np.array_equal(done, late.step(kinds, amounts))
        hands += int(done.sum())
        assert late._batch.watched == (step >= first)
        if step + 1 >= first:
            seen, expected = late.observe(), kept.observe()
            assert seen.keys() == expected.keys()
            for name in expected:
                assert np.array_equal(seen[name], expected[name]), (name, step)
    assert hands >= 24


def test_the_payoffs_view_is_the_payoffs_after_every_step() -> None:
    """last_payoffs() is `payoffs` (a copy; with copy=False a read-only view that
    follows the tables), and each finished hand's row sums to zero."""
    env = Tables("holdem", n=16, seats=4, stacks=40, blinds=(1, 2), seed=9)
    view = env.last_payoffs(copy=False)
    rng = np.random.default_rng(9)
    ended = 0
    for _ in range(60):
        lg = env.legal()
        kinds = np.where(lg.raise_min >= 0, rng.integers(0, 3, env.n), 1)
        kinds = np.where(lg.fold | (kinds != 0), kinds, 1)
        done = env.step(kinds, np.maximum(lg.raise_min, 0))
        ended += int(done.sum())
        assert np.array_equal(view, env.payoffs)
        assert np.array_equal(env.last_payoffs(), env.payoffs)
        assert env.last_payoffs() is not env.last_payoffs()         # a copy each time
        assert not view[done].sum(axis=1).any()
    assert ended > 16 and view.shape == (16, 4) and not view.flags.writeable


def test_workers_start_on_a_threaded_step_and_stop_with_the_tables(
        monkeypatch: pytest.MonkeyPatch, workers: Callable[[], int]) -> None:
    """threads=2: one worker thread, started by the first step that splits the tables,
    stopped when the tables go; a small batch stays on the calling thread."""
    before = workers()
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)    # on any machine
    small = Tables("holdem", n=8, seats=2, seed=1, threads=2)
    small.step(np.ones(8, np.int64))
    assert workers() == before
    env = Tables("holdem", n=600, seats=2, seed=1, threads=2)
    assert workers() == before
    env.step(np.ones(600, np.int64))
    assert workers() == before + 1
    env.step(np.ones(600, np.int64))
    assert workers() == before + 1
    del env
    assert workers() == before


def test_a_step_while_another_runs_is_refused_and_changes_nothing() -> None:
    """Two threads stepping the same tables: the second call is refused (its step
    would race the first one's), not queued, and no table changes."""
    env = Tables("holdem", n=4, seats=2, seed=3)
    before = env._batch.save()
    # as if another thread were inside step()
    with env._stepping, pytest.raises(RuntimeError, match="another thread stepped these"):
        env.step(np.ones(4, np.int64))
    assert env._batch.save() == before
    env.step(np.ones(4, np.int64))      # and the tables step again afterwards
    assert env._batch.save() != before


@pytest.mark.parametrize("flying", [False, True])
@pytest.mark.parametrize("threads", [2, 3])
def test_an_illegal_action_in_any_threads_slice_refuses_the_whole_step(
        threads: int, flying: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables split over threads (each checks its own slice, or the first thread to
    a step in flight checks them all): an illegal action in any slice refuses the step,
    names the first such table in table order, and no table changes; the same actions
    made legal then play."""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: threads)
    n = 900
    env = Tables("holdem", n=n, seats=2, seed=6, threads=threads)
    env.step(np.ones(n, np.int64))
    for bad in ([n - 1], [n // 2 + 7, n - 3], [5, n - 1], [n // threads + 1]):
        kinds = np.ones(n, np.int64)
        kinds[bad] = 7                          # out of range: 0, 1 or 2
        before = env._batch.save()
        with pytest.raises(ValueError, match=rf"kinds\[{bad[0]}\] = 7"):
            if flying:
                env.step_async(kinds)
                env.step_wait()
            else:
                env.step(kinds)
        assert env._batch.save() == before and not env.in_flight
    kinds = np.ones(n, np.int64)
    before = env._batch.save()
    env.step(kinds)
    assert env._batch.save() != before


def test_workers_that_cannot_all_start_leave_none_behind(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The system refuses the second worker thread: the step fails with that error,
    the worker that did start is stopped, no table changed, and a later step runs."""
    gc.collect()
    before = threading.active_count()
    start = threading.Thread.start
    calls = []

    def second_fails(thread: threading.Thread) -> None:
        calls.append(thread)
        if len(calls) == 2:
            raise RuntimeError("can't start new thread")
        start(thread)

    monkeypatch.setattr(batch_module, "available_cpus", lambda: 3)
    env = Tables("holdem", n=768, seats=2, seed=4, threads=3)
    saved = env._batch.save()
    monkeypatch.setattr(threading.Thread, "start", second_fails)
    with pytest.raises(RuntimeError, match="can't start new thread"):
        env.step(np.ones(768, np.int64))
    monkeypatch.setattr(threading.Thread, "start", start)
    assert env._batch.save() == saved and env._batch.nworkers == 0
    assert threading.active_count() == before
    env.step(np.ones(768, np.int64))
    assert env._batch.nworkers == 2


def test_each_table_lies_on_whole_cache_lines() -> None:
    """A step streams every table through the cache: each slot, its hand and the
    hand's chips start on a 64-byte line, and what a betting action touches comes
    before what it does not (games/engine/_state.pxd)."""
    from games.engine._batch import layout

    lines = layout()
    assert lines["stride"] % 64 == 0 and lines["stride"] >= lines["hand"] + lines["hand_size"]
    assert lines["hand"] % 64 == 0 and lines["chips"] % 64 == 0
    # the round's scalars and the seats' bytes fill the lines before the chips
    assert lines["chips"] <= 192
    # the round's sets of seats are bits of 16-bit words (Hand.due, acted, closed)
    assert lines["max_seats"] <= 16
    assert lines["street_fields"] == lines["chips"] + lines["max_seats"] * 32


def test_a_batch_on_huge_pages_plays_as_a_small_one() -> None:
    """1,024 six-max tables are megabytes: their slots come from the huge-page
    allocation (Linux; calloc elsewhere), which must start them as zeroed as calloc
    does.  Table i deals and plays the same hands whatever the batch's size."""
    from games.engine._batch import layout

    big_n, small_n = 1024, 16
    lines = layout()                                    # past the huge pages' threshold:
    assert big_n * (lines["stride"] + lines["records"]) >= 2 << 20
    big = Tables("holdem", n=big_n, seats=6, seed=3)
    small = Tables("holdem", n=small_n, seats=6, seed=3)
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(60):
        kinds, amounts = random_actions(rng, small)
        done = small.step(kinds, amounts)
        big_kinds = np.ones(big_n, np.int64)
        big_amounts = np.zeros(big_n, np.int64)
        big_kinds[:small_n], big_amounts[:small_n] = kinds, amounts
        big_done = big.step(big_kinds, big_amounts)
        assert np.array_equal(big_done[:small_n], done)
        finished += int(done.sum())
        obs_big, obs_small = big.observe(copy=False), small.observe(copy=False)
        for key, rows in obs_small.items():
            assert np.array_equal(obs_big[key][:small_n], rows), key
        assert np.array_equal(big.payoffs[:small_n], small.payoffs)
    assert finished > 50
    assert big.history(0) == small.history(0)
