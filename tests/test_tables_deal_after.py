"""On several threads a `Tables.step` returns before the hands it started are copied
from the opening and dealt: the workers do it while the caller chooses the next
actions (every new hand's row of `legal()` is the opening's, written in the step), and
whatever reads a hand next waits for them (games/engine/_batch.pyx, `_post_deals`).

* The tables end every step as they do on one thread, where the cards are drawn in
  the step: the same rows, payoffs and histories after each step, the same bytes of
  every hand once read, in several games, masked steps and steps in flight among them.
* A step taken at once after a step that ended every table's hand finds the workers
  still dealing and deals the rest itself before it plays.
* A step refused while the cards are being drawn changes nothing; closing the tables
  or watching their cards waits for the cards first.
* A child forked while the workers draw holds the same hands as its parent.
* A state machine mixes all of these, legal and hostile, against a shadow on one
  thread.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games import Tables
from games.engine import batch as batch_module
from tests.engine_util import in_forked_child, random_actions, stateful_settings


@pytest.fixture
def two_cpus(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Two threads split even a few tables, on any machine."""
    monkeypatch.setattr(batch_module, "available_cpus", lambda: 2)
    monkeypatch.setattr(batch_module, "MIN_TABLES_PER_THREAD", 1)
    yield


def pair(game: str, n: int, seats: int, seed: int, **options: object) -> tuple[Tables, Tables]:
    """The same tables on two threads and on one."""
    two = Tables(game, n=n, seats=seats, stacks=150, blinds=(1, 2), seed=seed, threads=2,
                 **options)  # type: ignore[arg-type]
    one = Tables(game, n=n, seats=seats, stacks=150, blinds=(1, 2), seed=seed, threads=1,
                 **options)  # type: ignore[arg-type]
    return two, one


def rows(env: Tables) -> tuple[np.ndarray, ...]:
    """What a policy and a learner read after a step, none of which waits for cards."""
    lg = env.legal(copy=False)
    return (lg.fold, lg.call, lg.raise_min, lg.raise_max, env.actor,
            env.last_payoffs(copy=False))


def same(a: tuple[np.ndarray, ...], b: tuple[np.ndarray, ...]) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def step_both(two: Tables, one: Tables, rng: np.random.Generator,
              **options: object) -> np.ndarray:
    """The same random legal actions at both; their `done`, which must agree."""
    kinds, amounts = random_actions(rng, one)
    done = two.step(kinds, amounts, **options)  # type: ignore[arg-type]
    assert np.array_equal(done, one.step(kinds, amounts, **options))  # type: ignore[arg-type]
    return done


@pytest.mark.parametrize(("game", "seats"), [("holdem", 6), ("holdem", 2),
                                             ("short-deck", 3), ("omaha-hilo", 4)])
def test_the_tables_end_every_step_as_on_one_thread(two_cpus: None, game: str,
                                                    seats: int) -> None:
    two, one = pair(game, 300, seats, seed=5)
    rng = np.random.default_rng(3)
    deferred = 0
    for t in range(80):
        a = step_both(two, one, rng, mask=None if t % 4 else rng.random(one.n) < 0.6)
        deferred += two._batch.dealing
        assert same(rows(two), rows(one))
        if t % 10 == 9:                     # the hands themselves, byte for byte
            assert two._batch.save() == one._batch.save()
            assert not two._batch.dealing
            i = int(np.flatnonzero(a)[0])
            assert two.history(i) == one.history(i)
    assert deferred >= 70, "the cards were drawn in the step, not after it"
    assert two.totals().hands == one.totals().hands > 500
    assert not one._batch.dealing
    for key, value in two.observe().items():            # watching waits for the cards
        assert np.array_equal(value, one.observe()[key]), key


def test_a_step_at_once_after_a_step_deals_with_the_workers(two_cpus: None) -> None:
    """Steps back to back, every table's hand ending in the same step: the next step
    finds the workers still dealing and takes the shares left before it plays."""
    two, one = pair("holdem", 3000, 6, seed=3)
    calls = np.ones(3000, np.int64)
    ended = 0
    for _ in range(200):
        done = two.step(calls)
        ended += int(done.sum())
    for _ in range(200):
        one.step(calls)
    assert ended >= 6 * 3000 and two.hands == one.hands == ended
    assert two._batch.save() == one._batch.save()
    assert two.history(2999) == one.history(2999)


def test_after_watching_the_cards_are_drawn_in_the_step(two_cpus: None) -> None:
    """observe() keeps rows of the cards, written as they are drawn: from then on
    the step draws them itself, and the rows are the one thread's."""
    two, one = pair("holdem", 200, 6, seed=8)
    rng = np.random.default_rng(4)
    for t in range(40):
        step_both(two, one, rng)
        if t == 10:
            two.observe()
        assert two._batch.dealing == (t < 10)
        if t >= 10:
            for key, value in two.observe().items():
                assert np.array_equal(value, one.observe()[key]), key


def test_steps_in_flight_and_until_draw_in_the_step(two_cpus: None) -> None:
    """A step left in flight, and one whose other seats play on at once (until=),
    draw their cards in the step; a step after them is as on one thread."""
    two, one = pair("holdem", 200, 4, seed=2)
    rng = np.random.default_rng(6)
    step_both(two, one, rng)                            # the workers are drawing
    assert two._batch.dealing
    kinds, amounts = random_actions(rng, one)
    two.step_async(kinds, amounts)
    assert not two._batch.dealing
    one.step(kinds, amounts)
    two.step_wait()
    assert not two._batch.dealing and same(rows(two), rows(one))
    step_both(two, one, rng, until=0)
    assert not two._batch.dealing and two._batch.save() == one._batch.save()


def test_a_refused_step_while_the_cards_are_drawn_changes_nothing(two_cpus: None) -> None:
    two, one = pair("holdem", 300, 6, seed=4)
    rng = np.random.default_rng(7)
    for _ in range(5):
        step_both(two, one, rng)
    assert two._batch.dealing
    bad = np.full(two.n, 2, np.int64)                   # raises to 0 chips: illegal
    with pytest.raises(ValueError, match="table 0"):
        two.step(bad, np.zeros(two.n, np.int64))
    with pytest.raises(TypeError, match="kinds"):
        two.step(np.ones(two.n, np.float64))
    assert two._batch.save() == one._batch.save() and same(rows(two), rows(one))
    step_both(two, one, rng)
    assert two._batch.save() == one._batch.save()


def test_closing_waits_for_the_cards(two_cpus: None) -> None:
    """close() stops the workers after their cards are drawn; a later step starts
    them again and plays on as on one thread."""
    two, one = pair("holdem", 300, 6, seed=6)
    rng = np.random.default_rng(8)
    for t in range(30):
        step_both(two, one, rng)
        if t % 7 == 3:
            assert two._batch.dealing
            two.close()
            assert two._batch.nworkers == 0 and not two._batch.dealing
    assert two._batch.save() == one._batch.save()


def digest(env: Tables) -> bytes:
    return hashlib.sha256(repr(env._batch.save()).encode()).digest()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_child_forked_while_the_cards_are_drawn_holds_the_same_hands(
        two_cpus: None) -> None:
    """The workers dealing the hands are the parent's: a child forked meanwhile deals
    the hands still owed itself (each copied from the opening and dealt whole, so one
    a worker had begun is dealt again from the start), and holds the parent's hands
    after the same steps."""
    env = Tables("holdem", n=2000, seats=6, stacks=150, blinds=(1, 2), seed=9, threads=2)
    rng = np.random.default_rng(9)
    moves = [random_actions(rng, env)]
    env.step(*moves[0])
    for _ in range(3):
        moves.append(random_actions(rng, env))
        env.step(*moves[-1])
    assert env._batch.dealing

    def play_in_the_child() -> bytes:
        after = digest(env)
        steps = np.random.default_rng(10)
        for _ in range(5):
            env.step(*random_actions(steps, env))
        return after + digest(env)
    answer = in_forked_child(play_in_the_child)
    assert answer[:32] == digest(env)
    steps = np.random.default_rng(10)
    for _ in range(5):
        env.step(*random_actions(steps, env))
    assert answer[32:] == digest(env)


GAMES = ["holdem", "short-deck", "omaha", "omaha-hilo"]


class DealtAfterTheStep(RuleBasedStateMachine):
    """Tables on two threads beside the same tables on one, under legal, masked,
    refused, malformed, in-flight and `until` steps, closing and watching.  After
    every step both show the same rows, payoffs and hand counts; the hands
    themselves are compared byte for byte when a rule reads them."""

    @initialize(data=st.data())
    def build(self, data: st.DataObject) -> None:
        self.split = batch_module.MIN_TABLES_PER_THREAD, batch_module.available_cpus
        batch_module.MIN_TABLES_PER_THREAD = 1
        batch_module.available_cpus = lambda: 2
        game = data.draw(st.sampled_from(GAMES))
        seats = data.draw(st.integers(2, 6))
        options = dict(n=data.draw(st.integers(2, 60)), seats=seats,
                       stacks=data.draw(st.integers(6, 200)), blinds=(1, 2),
                       betting=data.draw(st.sampled_from([None, "pot-limit"])),
                       seed=data.draw(st.integers(0, 99)))
        self.two = Tables(game, threads=2, **options)  # type: ignore[arg-type]
        self.one = Tables(game, threads=1, **options)  # type: ignore[arg-type]
        self.rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))

    def teardown(self) -> None:
        if hasattr(self, "two"):
            self.two.close()
        if hasattr(self, "split"):
            batch_module.MIN_TABLES_PER_THREAD, batch_module.available_cpus = self.split

    @rule(masked=st.booleans())
    def step(self, masked: bool) -> None:
        step_both(self.two, self.one, self.rng,
                  mask=self.rng.random(self.one.n) < 0.5 if masked else None)

    @rule()
    def step_in_flight(self) -> None:
        kinds, amounts = random_actions(self.rng, self.one)
        self.two.step_async(kinds, amounts)
        assert np.array_equal(self.one.step(kinds, amounts), self.two.step_wait())

    @rule(seat=st.integers(0, 5))
    def step_until(self, seat: int) -> None:
        step_both(self.two, self.one, self.rng, until=seat % self.one.seats)

    @rule(data=st.data())
    def refused_step(self, data: st.DataObject) -> None:
        """Wrong actions at one or two tables (each thread checks its own slice: the
        error names the first of all), or arrays of the wrong type or shape."""
        kinds, amounts = random_actions(self.rng, self.one)
        wrong = sorted(set(data.draw(st.lists(st.integers(0, self.one.n - 1),
                                              min_size=1, max_size=2))))
        bad = data.draw(st.sampled_from(["kind", "raise", "type", "shape"]))
        for i in wrong:
            if bad == "kind":
                kinds[i] = 3
            elif bad == "raise":
                kinds[i], amounts[i] = 2, -5
        if bad == "type":
            with pytest.raises(TypeError, match="kinds"):
                self.two.step(kinds.astype(np.float64), amounts)
        elif bad == "shape":
            with pytest.raises(ValueError, match="shape"):
                self.two.step(kinds[:-1], amounts[:-1])
        else:
            with pytest.raises(ValueError, match=rf"(table |kinds\[){wrong[0]}\b"):
                self.two.step(kinds, amounts)

    @rule()
    def close(self) -> None:
        self.two.close()
        assert self.two._batch.nworkers == 0 and not self.two._batch.dealing

    @rule()
    def read_the_hands(self) -> None:
        assert self.two._batch.save() == self.one._batch.save()

    @rule()
    def watch(self) -> None:
        for key, value in self.two.observe().items():
            assert np.array_equal(value, self.one.observe()[key]), key

    @invariant()
    def the_same_tables(self) -> None:
        if not hasattr(self, "two"):
            return
        assert same(rows(self.two), rows(self.one))
        assert self.two.hands == self.one.hands
        assert not self.two.totals().won.sum()


TestDealtAfterTheStep = DealtAfterTheStep.TestCase
TestDealtAfterTheStep.settings = stateful_settings(40, 30)
