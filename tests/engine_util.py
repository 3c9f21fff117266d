"""Helpers for the engine tests: dealer-driven tables with chosen cards, a random
decision (on a `Table`, and at every table of a `Tables`), the invariants every table
(and every batch of tables) must keep, a `Tables` followed hand by hand against a
`Table` (`Follower`), the settings of the engine's state machines, and a child process
forked beside a batch's worker threads."""

from __future__ import annotations

import os
import random
import select
import signal
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

from evaluator import format_cards, parse_cards
from games import Table, Tables, phh

#: POKERHANDS_STATEFUL=long: the engine's state machines run fresh random examples
LONG = os.environ.get("POKERHANDS_STATEFUL", "fast") == "long"


def stateful_settings(examples: int, steps: int = 50) -> settings:
    """The settings of an engine state machine: `examples` seeded runs of up to `steps`
    steps each (CI, the same every run); with ``POKERHANDS_STATEFUL=long``, by hand,
    ``POKERHANDS_STATEFUL_EXAMPLES`` fresh random runs instead (500 unless given).  A
    `given` test of the engine over drawn configurations takes them too (its steps are
    its own): the same seeded examples in CI, fresh ones by hand."""
    if LONG:
        examples = int(os.environ.get("POKERHANDS_STATEFUL_EXAMPLES", "500"))
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                    derandomize=not LONG, database=None,
                    suppress_health_check=list(HealthCheck))


#: the games `Tables` plays that have blinds (the stud games have tests of their own)
BLIND_GAMES = ["holdem", "short-deck", "omaha", "omaha5", "omaha6", "omaha-hilo",
               "omaha5-hilo"]


def dealt(game: str, stacks: Sequence[int], holes: Sequence[str], **options: object) -> Table:
    """A dealer-driven table with these hole cards dealt (PHH order)."""
    t = Table(game, stacks, auto=False, **options)  # type: ignore[arg-type]
    for seat, cards in enumerate(holes):
        t.act(f"d dh p{seat + 1} {cards}")
    return t


def play(t: Table, *actions: str) -> Table:
    for action in actions:
        t.act(action)
    return t


def act_at_random(t: Table, rng: random.Random) -> None:
    """One decision of the seat to act, at random over what it may do: a draw of a
    random number of its cards; a bring-in (completed three times in ten where it may
    be); else a fold with chance 0.15 where allowed, a raise to a uniform amount with
    chance 0.3 where allowed, a check or call otherwise.  One `rng.random()` a decision
    first, so that games without draws or bring-ins draw the same numbers."""
    legal, r = t.legal(), rng.random()
    if legal.discard is not None:
        hand = list(t.holes[t.actor])  # type: ignore[index]
        t.discard(rng.sample(hand, rng.randint(*legal.discard)))
    elif legal.bring_in:
        t.bring_in() if r < 0.7 or legal.raise_to is None else t.raise_to(legal.raise_to[0])
    elif r < 0.15 and legal.fold:
        t.fold()
    elif r > 0.7 and legal.raise_to is not None:
        t.raise_to(rng.randint(*legal.raise_to))
    else:
        t.check_or_call()


def cards(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in parse_cards(text))


def names(values: Sequence[int | None]) -> str:
    return format_cards([c for c in values if c is not None])


def check_chips(t: Table) -> None:
    """Stacks + bets + pots (+ a pot carried to the next deal) = every chip at the
    table."""
    total = sum(t.stacks) + sum(t.bets) + sum(p.amount for p in t.pots) + t.carried
    assert total == t.total, (t.stacks, t.bets, t.pots, t.total)
    assert sum(t.contributions) - sum(t.bets) == sum(p.amount for p in t.pots) or t.done


def check_round(t: Table) -> None:
    """In a betting round, the seats a raise would make due (the machine's word of
    them, kept action by action) are those still in with chips behind."""
    m = t._machine
    if m.bettor >= 0:
        behind = sum(1 << s for s, (out, stack) in enumerate(zip(m.folded, m.stacks, strict=True))
                     if not out and stack > 0)
        assert m.behind == behind, (bin(m.behind), bin(behind), t.to_phh())


def check_cards(t: Table) -> None:
    """Every card of the deck in exactly one place (auto-dealt tables)."""
    places = [t.deck, t.board, t.burned, t.mucked, t.discards,
              *[h for h in t.holes], *[row for rows in t.rows for row in rows]]
    seen = [c for place in places for c in place]
    assert None not in seen
    deck = t.game.deck.tolist()
    assert sorted(seen) == sorted(deck), "a card is missing or in two places"


def check_tables(env: Tables, total: int) -> None:
    """What every `Tables` keeps after any step, refused or not: each table holds
    `total` chips (stacks, bets and pot; with carry too), its last hand's payoffs sum
    to zero, no card is at a table twice, the seat to act is in the hand, and a raise's
    bounds are in order."""
    obs = env.observe()
    held = obs["stacks"].sum(axis=1) + obs["bets"].sum(axis=1) + obs["pot"]
    assert (held == total).all(), "chips appeared or vanished"
    assert (env.payoffs.sum(axis=1) == 0).all()
    for i in range(env.n):
        cards = [c for c in obs["hole"][i].ravel().tolist() + obs["board"][i].tolist()
                 if c != 255]
        assert len(cards) == len(set(cards)), "a card twice at one table"
        actor = obs["actor"][i]
        assert obs["in_hand"][i][actor] and not obs["folded"][i][actor]
        if obs["raise_min"][i] >= 0:
            assert obs["raise_min"][i] <= obs["raise_max"][i]


def place_at_random(t: Table, rng: random.Random) -> None:
    """The player to act places its cards, each in a random row with room (Pineapple:
    a random two of three, the third discarded)."""
    hand = list(t.holes[t.actor])  # type: ignore[index]
    rng.shuffle(hand)
    free = dict(t.legal().place or {})
    rows: dict[str, list[int]] = {}
    for card in hand[:t.to_place]:
        row = rng.choice([r for r, n in free.items() if n])
        free[row] -= 1
        rows.setdefault(row, []).append(card)  # type: ignore[arg-type]
    t.place(**rows)


def in_forked_child(work: Callable[[], bytes], seconds: float = 30.0) -> bytes:
    """Fork, run `work` in the child and return the bytes it returned.  The test fails
    if the child raised (its traceback goes to stderr) or has not answered within
    `seconds`: a child that waits for its parent's worker threads, which a fork does
    not copy, would hang the suite instead.  The answer is read while the child runs,
    so it may be larger than a pipe's buffer."""
    read, write = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)     # fork beside threads
        pid = os.fork()
    if pid == 0:                                    # the child: no pytest from here on
        code = 1
        try:
            os.close(read)
            with os.fdopen(write, "wb") as pipe:
                pipe.write(work())
            code = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)
    os.close(write)
    answer = b""
    deadline = time.monotonic() + seconds
    with os.fdopen(read, "rb", buffering=0) as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                pytest.fail(f"the forked child did not answer within {seconds:g} s")
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            answer += chunk
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "the forked child raised"
    return answer


def random_actions(rng: np.random.Generator, env: Tables) -> tuple[np.ndarray, np.ndarray]:
    """A legal action at every table, uniform over what its actor may do."""
    lg = env.legal()
    can_raise = lg.raise_min >= 0
    pick = (rng.random(env.n) * (1 + lg.fold + can_raise)).astype(np.int64)
    kinds = np.where(lg.fold, pick, pick + 1)
    span = np.maximum(lg.raise_max - lg.raise_min + 1, 1)
    amounts = lg.raise_min + (rng.random(env.n) * span).astype(np.int64)
    return kinds, amounts


class Follower:
    """Each table's hand in play as the test sees it: its seed, starting stacks, the
    hole cards first seen and every action taken."""

    def __init__(self, env: Tables) -> None:
        self.env = env
        self.hands: list[dict[str, Any]] = [{} for _ in range(env.n)]
        self.checked = 0
        self._start(np.ones(env.n, bool))

    def _start(self, which: np.ndarray) -> None:
        obs = self.env.observe()
        seeds = self.env.seeds
        for i in np.flatnonzero(which):
            self.hands[i] = dict(seed=int(seeds[i]), stacks=tuple(self.env.chips[i]),
                                 hole=obs["hole"][i].copy(), actions=[])

    def step(self, kinds: np.ndarray, amounts: np.ndarray) -> np.ndarray:
        for i in range(self.env.n):
            self.hands[i]["actions"].append((int(kinds[i]), int(amounts[i])))
        done = self.env.step(kinds, amounts)
        for i in np.flatnonzero(done):
            self.check(int(i))
        self._start(done)
        return done

    def check(self, i: int) -> None:
        """Table i's finished hand, played again on a Table from its seed."""
        hand, env = self.hands[i], self.env
        t = Table(env.game, hand["stacks"], seed=hand["seed"], options=env.options)
        dealt = np.array(t.holes, np.uint8)        # stud: third street's cards so far
        assert np.array_equal(dealt, hand["hole"][:, :dealt.shape[1]]), i
        assert (hand["hole"][:, dealt.shape[1]:] == 255).all(), i
        for kind, amount in hand["actions"]:
            if kind == 0:
                t.fold()
            elif kind == 1:                 # stud: "call" posts a bring-in due
                t.bring_in() if t.can_bring_in() else t.check_or_call()
            else:
                t.raise_to(amount)
        assert t.done, f"table {i}: the Table's hand did not end with the same actions"
        payoffs = [a - b for a, b in zip(t.stacks, hand["stacks"], strict=True)]
        assert list(env.payoffs[i]) == payoffs, (i, list(env.payoffs[i]), payoffs)
        text = env.history(i)
        assert text == t.to_phh()
        assert phh.replay(text).stacks == t.stacks
        self.checked += 1
