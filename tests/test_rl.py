"""games.rl: the discrete bet sizes, the random policy, the Gymnasium vector
environment (with a state machine of legal and malformed steps) and the PettingZoo AEC
environment over `games.Tables` (the adapters' tests skip where the `rl` extra is not
installed), and the worked example."""

from __future__ import annotations

import functools
import math
import runpy
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games import Tables
from games.rl import BetSizes, play_random, random_actions
from games.variants import VARIANTS
from tests.engine_util import stateful_settings

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "random_vs_rules.py"


# ---------------------------------------------------------------- bet sizes, random policy

def test_a_pot_sized_raise_is_what_pot_limit_allows() -> None:
    env = Tables("omaha", n=300, seats=4, stacks=10_000, blinds=(1, 2), betting="pot-limit",
                 seed=3)
    sizes = BetSizes(fractions=(1.0,), all_in=False)
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(40):
        view = env.observe(copy=False)
        _, amounts = sizes.actions(np.full(env.n, 2), view)
        can = view["raise_min"] >= 0
        assert (amounts[can] == view["raise_max"][can]).all()
        checked += int(can.sum())
        env.step(*random_actions(view, rng))
    assert checked > 2000


def test_bet_sizes_clip_into_what_may_be_raised_and_mask_the_rest() -> None:
    env = Tables("holdem", n=500, seats=3, stacks=[30, 500, 80], blinds=(1, 2), seed=8)
    sizes = BetSizes(fractions=(0.25, 0.5, 1.0, 3.0))
    rng = np.random.default_rng(8)
    for _ in range(30):
        view = env.observe(copy=False)
        mask = sizes.mask(view)
        assert mask.shape == (env.n, sizes.n) and mask[:, 1].all()
        assert (mask[:, 0] == view["fold"]).all()
        acting = view["actor"] == 1             # seat 1's mask: closed where it waits
        for_one = sizes.mask(view, acting=acting)
        assert (for_one[acting] == mask[acting]).all() and not for_one[~acting].any()
        choice = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        kinds, amounts = sizes.actions(choice, view)
        env.step(kinds, amounts)           # every masked-in choice is legal: no error


def plain_amount(sizes: BetSizes, pick: int, bets: list[int], pot: int, call: int,
                 low: int, high: int) -> tuple[int, int]:
    """One row of `BetSizes.actions`, written plainly."""
    if pick < 2:
        return pick, 0
    if low < 0:                         # no raise allowed: an amount step() refuses
        return 2, -1
    if pick - 2 < len(sizes.fractions):
        to = max(bets) + math.floor(sizes.fractions[pick - 2] * (pot + sum(bets) + call))
        return 2, min(max(to, low), high)
    return 2, high                      # all-in


@pytest.mark.parametrize("sizes", [BetSizes(), BetSizes(fractions=(0.33, 0.75, 2.5)),
                                   BetSizes(fractions=(), all_in=True),
                                   BetSizes(fractions=(1.0,), all_in=False)])
def test_bet_sizes_give_what_a_plain_reading_gives(sizes: BetSizes) -> None:
    env = Tables("holdem", n=400, seats=4, stacks=[40, 300, 9, 150], blinds=(1, 2),
                 betting="pot-limit", seed=4)
    rng = np.random.default_rng(4)
    for _ in range(25):
        view = env.observe()
        pick = rng.integers(0, sizes.n, env.n)
        kinds, amounts = sizes.actions(pick, view)
        for i in range(env.n):
            expected = plain_amount(sizes, int(pick[i]), view["bets"][i].tolist(),
                                    int(view["pot"][i]), int(view["call"][i]),
                                    int(view["raise_min"][i]), int(view["raise_max"][i]))
            assert (int(kinds[i]), int(amounts[i])) == expected, i
        env.step(*random_actions(view, rng))


def test_random_actions_are_always_legal() -> None:
    for game in ("holdem", "short-deck", "omaha-hilo"):
        env = Tables(game, n=200, seats=5, stacks=[3, 50, 200, 7, 1000], blinds=(1, 2),
                     antes=1, seed=1)
        rng = np.random.default_rng(1)
        for _ in range(50):
            env.step(*random_actions(env.observe(copy=False), rng))
        assert env.hands > 500


def test_random_actions_are_uniform_over_what_each_actor_may_do() -> None:
    """Each kind the actor may take equally likely, a raise's amount uniform between
    its bounds: one draw a row decides both, so the amount must not lean on the kind
    drawn.  Three kinds of row, 30,000 of each; chi-square against the uniform with
    a bound its distribution passes with chance 1 - 10^-6 (the seed is fixed)."""
    rows = 30_000
    fold = np.repeat([True, False, True], rows)
    low = np.repeat(np.array([4, 2, -1], np.int64), rows)
    high = np.repeat(np.array([13, 5, -1], np.int64), rows)
    kinds, amounts = np.empty(3 * rows, np.int64), np.empty(3 * rows, np.int64)
    got = random_actions({"fold": fold, "raise_min": low, "raise_max": high},
                         np.random.default_rng(2026), out=(kinds, amounts))
    assert got[0] is kinds and got[1] is amounts

    def chi_square(counts: np.ndarray) -> float:
        expected = counts.sum() / len(counts)
        return float(((counts - expected) ** 2 / expected).sum())

    bound = {2: 23.9, 3: 27.6, 4: 30.7, 10: 44.8}    # degrees of freedom 1, 2, 3, 9
    for part, allowed, span in ((0, [0, 1, 2], (4, 13)), (1, [1, 2], (2, 5)),
                                (2, [0, 1], None)):
        k, a = kinds[part * rows:(part + 1) * rows], amounts[part * rows:(part + 1) * rows]
        assert set(np.unique(k)) == set(allowed), part
        assert chi_square(np.bincount(k)[allowed]) < bound[len(allowed)], part
        if span is not None:
            raised = a[k == 2]
            assert raised.min() == span[0] and raised.max() == span[1], part
            values = np.bincount(raised - span[0])
            assert chi_square(values) < bound[len(values)], part
            # the amount's fraction is what is left of the kind's draw: the amounts
            # of the raises and of the calls spread the same way
            called = np.bincount(a[k == 1] - span[0], minlength=len(values))
            assert chi_square(called) < bound[len(values)], part


def test_random_actions_refuse_out_arrays_of_another_length() -> None:
    view = {"fold": np.ones(4, bool), "raise_min": np.full(4, 2), "raise_max": np.full(4, 9)}
    kinds, amounts = np.zeros(4, np.int64), np.zeros(4, np.int64)
    for out in ((kinds, amounts[:3]), (kinds[:, None], amounts)):
        with pytest.raises(ValueError, match="out must be two arrays of shape"):
            random_actions(view, np.random.default_rng(0), out=out)
    assert not kinds.any() and not amounts.any()


def test_play_random_plays_random_actions_without_asking_for_observations() -> None:
    """`play_random` steps with `random_actions`, the same actions from the same
    generator as over `observe()`, but reads `legal()`'s views: the tables do not
    start keeping the observation's rows for it."""
    watched = Tables("holdem", n=300, seats=6, seed=4)
    unwatched = Tables("holdem", n=300, seats=6, seed=4)
    one, other = np.random.default_rng(4), np.random.default_rng(4)
    for _ in range(60):
        done = watched.step(*random_actions(watched.observe(copy=False), one))
        assert np.array_equal(play_random(unwatched, other), done)
    assert np.array_equal(unwatched.payoffs, watched.payoffs) and unwatched.hands > 300
    assert watched._batch.watched and not unwatched._batch.watched


def test_bet_sizes_never_overflow_at_the_largest_stacks() -> None:
    """Stacks just below the engine's limit (2**56) and pots up to 999 times over: the
    raise is the plain reading's, in Python's unbounded ints, put inside what may be
    raised to, and numpy warns of no overflow on the way."""
    env = Tables("holdem", n=1, seats=2, stacks=2**56 - 1, blinds=(2**52, 2**53), seed=0)
    view = env.observe(copy=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, amounts = BetSizes(fractions=(999.0,), all_in=False).actions(np.array([2]), view)
    assert amounts.tolist() == view["raise_max"].tolist() == [2**56 - 1]

    big = [2**56 - 1, 2**55 + 3, 2**56 - 2**20, 7 * 2**50, 2**53 + 1, 2**56 - 5,
           2**54, 2**56 - 1, 3 * 2**53, 2**56 - 9]
    env = Tables("holdem", n=200, seats=10, stacks=big, blinds=(2**40, 2**41 + 1), seed=5)
    sizes = BetSizes(fractions=(1e-3, 0.5, 3.0, 999.9))
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(30):
        view = env.observe()
        pick = rng.integers(2, sizes.n, env.n)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            kinds, amounts = sizes.actions(pick, view)
        for i in np.flatnonzero(view["raise_min"] >= 0):
            expected = plain_amount(sizes, int(pick[i]), view["bets"][i].tolist(),
                                    int(view["pot"][i]), int(view["call"][i]),
                                    int(view["raise_min"][i]), int(view["raise_max"][i]))
            assert (int(kinds[i]), int(amounts[i])) == expected, (i, view["bets"][i])
            checked += 1
        env.step(*random_actions(view, rng))
    assert checked > 3000


def test_bet_sizes_take_any_real_numbers_once() -> None:
    """numpy's numbers are fractions as Python's are (kept as floats), and a generator
    is read once: its values are the fractions, not what checking them left."""
    sizes = BetSizes(fractions=(np.float32(0.5), np.int64(2), 1))
    assert sizes.fractions == (0.5, 2.0, 1.0)
    assert all(type(f) is float for f in sizes.fractions)
    quarters = (f / 4 for f in (1, 2, 3))
    assert BetSizes(fractions=quarters).fractions == (0.25, 0.5, 0.75)  # type: ignore[arg-type]
    assert BetSizes(fractions=np.array([0.5, 1.0])).fractions == (0.5, 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    (dict(fractions=(0.0,)), ValueError, "fractions"),
    (dict(fractions=(float("nan"),)), ValueError, "fractions"),
    (dict(fractions=(1000,)), ValueError, "fractions"),
    (dict(fractions=("1",)), TypeError, "fractions"),
    (dict(fractions="1"), TypeError, "fractions"), (dict(fractions=0.5), TypeError, "fractions"),
    (dict(fractions=(True,)), TypeError, "fractions"),
    (dict(fractions=(np.bool_(True),)), TypeError, "fractions"),
    (dict(fractions=(1j,)), TypeError, "fractions"),
    (dict(all_in=1), TypeError, "all_in"),
])
def test_bad_bet_sizes(kwargs: dict[str, object], error: type[Exception], message: str
                       ) -> None:
    with pytest.raises(error, match=message):
        BetSizes(**kwargs)  # type: ignore[arg-type]


def test_bad_choices() -> None:
    env = Tables("holdem", n=3, seats=2, stacks=100, seed=0)
    view = env.observe(copy=False)
    sizes = BetSizes()
    with pytest.raises(ValueError, match=r"choices\[1\] = 5: an action is 0..4"):
        sizes.actions(np.array([1, 5, 1]), view)
    with pytest.raises(TypeError, match="choices must be integers"):
        sizes.actions(np.array([1.0, 1.0, 1.0]), view)
    with pytest.raises(ValueError, match=r"choices must have shape \(3,\)"):
        sizes.actions(np.array([1, 1]), view)


# ---------------------------------------------------------------- Gymnasium

def test_the_vector_environment() -> None:
    pytest.importorskip("gymnasium")
    from games.rl import PokerVectorEnv

    env = PokerVectorEnv("holdem", num_envs=64, seats=3, hero=1, stacks=100, seed=5)
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total_hands, rewards = 0, 0.0
    for _ in range(300):
        for i in range(env.num_envs):
            row = {k: np.asarray(v[i]) for k, v in obs.items()}
            assert env.single_observation_space.contains(row), row
        mask = obs["action_mask"].astype(bool)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, reward, terminated, truncated, info = env.step(actions)
        assert not truncated.any() and (terminated == (info["hands"] > 0)).all()
        assert (reward[~terminated] == 0).all()
        total_hands += int(info["hands"].sum())
        rewards += float(reward.sum())
    assert total_hands > 1000
    with pytest.raises(ValueError, match=r"an action is 0\.\.4"):
        env.step(np.full(64, 7))


def test_opponents_that_always_fold_pay_the_hero_every_blind() -> None:
    """Heads-up the button (seat 1) opens; folding every time, it pays the hero (the
    big blind) its small blind every hand, and never lets the hero act."""
    pytest.importorskip("gymnasium")
    from games.rl import PokerVectorEnv
    from games.rl.vector import MAX_OPPONENT_STEPS

    def fold(view: dict[str, np.ndarray], rng: np.random.Generator
             ) -> tuple[np.ndarray, np.ndarray]:
        return np.zeros(len(view["pot"]), np.int64), np.zeros(len(view["pot"]), np.int64)

    env = PokerVectorEnv("holdem", num_envs=4, seats=2, hero=0, opponents=fold, stacks=100,
                         blinds=(1, 2), seed=1)
    obs, _ = env.reset()
    assert not obs["action_mask"].any()             # the hero is never to act
    obs, reward, terminated, _, info = env.step(np.ones(4, np.int64))
    assert terminated.all() and (info["hands"] == MAX_OPPONENT_STEPS).all()
    assert (reward == MAX_OPPONENT_STEPS).all()


def test_the_vector_environment_replays_with_its_seed() -> None:
    pytest.importorskip("gymnasium")
    from games.rl import PokerVectorEnv

    runs = []
    for _ in range(2):
        env = PokerVectorEnv("holdem", num_envs=16, seats=2, stacks=100, seed=2)
        obs, _ = env.reset(seed=2)
        trace = []
        for _ in range(50):
            obs, reward, *_ = env.step(np.ones(16, np.int64))
            trace.append((obs["hole"].copy(), reward.copy()))
        runs.append(trace)
    for (a, b), (c, d) in zip(*runs, strict=True):
        assert np.array_equal(a, c) and np.array_equal(b, d)


def test_closing_an_environment_stops_its_tables_workers(
        monkeypatch: pytest.MonkeyPatch, workers: Callable[[], int]) -> None:
    pytest.importorskip("gymnasium")
    from games.engine import batch
    from games.rl import PokerVectorEnv

    monkeypatch.setattr(batch, "available_cpus", lambda: 2)
    before = workers()
    env = PokerVectorEnv("holdem", num_envs=600, seats=2, stacks=100, seed=2, threads=2)
    env.step(np.ones(600, np.int64))
    assert workers() == before + 1
    env.close()
    assert workers() == before and env.closed


def test_a_vector_environment_refuses_what_it_does_not_offer() -> None:
    pytest.importorskip("gymnasium")
    from games.rl import PokerVectorEnv

    with pytest.raises(ValueError, match="carry"):
        PokerVectorEnv(num_envs=2, carry=True)
    with pytest.raises(ValueError, match="hero must be a seat"):
        PokerVectorEnv(num_envs=2, seats=2, hero=2)
    with pytest.raises(TypeError, match="bet_sizes must be a BetSizes"):
        PokerVectorEnv(num_envs=2, bet_sizes=(0.5,))  # type: ignore[arg-type]


def with_carry(monkeypatch: pytest.MonkeyPatch, module: object) -> None:
    """The tables `module`'s environment builds carry their stacks over: a plain step
    may then end two hands at a table (a hand ends, and the next one's forced bets
    leave nobody a decision, so it is played out in the same step).  The environments
    refuse carry=True (a hand is an episode), but their rewards must not rest on one
    hand a step."""
    monkeypatch.setattr(module, "Tables", functools.partial(Tables, carry=True))


@pytest.mark.parametrize("opponents", [None, random_actions])
def test_the_rewards_count_every_hand_a_step_ends(
        monkeypatch: pytest.MonkeyPatch, opponents: object) -> None:
    """Heads-up with 3 chips against 100, a fifth of the first hands end in a step that
    also plays out the next (tried: 770 of 4,000 tables): the hero's rewards summed
    at each table are its chips won in the tables' totals, and the hands counted the
    hands they finished, not the last hand's payoffs."""
    pytest.importorskip("gymnasium")
    from games.rl import vector

    with_carry(monkeypatch, vector)
    env = vector.PokerVectorEnv("holdem", num_envs=64, seats=2, hero=0,
                                opponents=opponents,  # type: ignore[arg-type]
                                stacks=[3, 100], blinds=(1, 2), seed=9)
    obs, _ = env.reset(seed=9)
    assert env.tables.carry
    start = env.tables.totals()
    rng = np.random.default_rng(9)
    rewards, hands = np.zeros(env.num_envs), np.zeros(env.num_envs, np.int64)
    for _ in range(30):
        mask = obs["action_mask"].astype(bool)
        mask[~mask.any(axis=1)] = True     # the hero does not act there: any choice
        obs, reward, terminated, _, info = env.step((rng.random(mask.shape) * mask).argmax(1))
        assert np.array_equal(terminated, info["hands"] > 0)
        rewards += reward
        hands += info["hands"]
    now = env.tables.totals()
    assert np.array_equal(rewards, now.table_won[:, 0] - start.table_won[:, 0])
    assert np.array_equal(hands, now.table_hands - start.table_hands)
    assert hands.sum() > 300


def test_every_game_the_tables_play_is_observed_inside_its_spaces() -> None:
    """The board's slot is the tables' own (the stud games' common card): every
    observation of every game `Tables` plays lies in the declared spaces."""
    pytest.importorskip("gymnasium")
    from games.rl import PokerVectorEnv

    played = []
    for game in filter(Tables.plays, VARIANTS):     # the games whose only decisions are bets
        env = PokerVectorEnv(game, num_envs=32, seats=3, hero=1, stacks=[40, 300, 90],
                             seed=3)
        obs, _ = env.reset(seed=3)
        rng = np.random.default_rng(3)
        for _ in range(40):
            assert env.observation_space.contains(obs), game
            for i in range(env.num_envs):
                row = {k: np.asarray(v[i]) for k, v in obs.items()}
                assert env.single_observation_space.contains(row), (game, row)
            mask = obs["action_mask"].astype(bool)
            mask[~mask.any(axis=1)] = True
            obs, *_ = env.step((rng.random(mask.shape) * mask).argmax(1))
        env.close()
        played.append(game)
    assert {"holdem", "omaha", "seven-card-stud", "razz"} <= set(played)


def test_reset_deals_new_hands_at_every_table() -> None:
    """Gymnasium's reset starts new episodes: fresh hands at every table (the hero on
    the button opens heads-up, so nobody has acted), not the hands in play; a seed
    gives the same hands, and without one the environment's generator draws them."""
    pytest.importorskip("gymnasium")
    from games.rl import PokerVectorEnv

    def stepped(env: Any) -> Any:
        obs, _ = env.reset(seed=4)
        for _ in range(3):
            obs = env.step(np.ones(env.num_envs, np.int64))[0]      # check or call
        return obs

    env = PokerVectorEnv("holdem", num_envs=32, seats=2, hero=1, stacks=100,
                         blinds=(1, 2), seed=4)
    before = stepped(env)
    assert (before["street"] > 0).any()
    obs, _ = env.reset()
    assert (obs["street"] == 0).all() and (obs["pot"] == 0).all()
    assert (obs["bets"] == [2, 1]).all() and (obs["stacks"] == [98, 99]).all()
    assert (obs["board"] == 255).all() and obs["action_mask"].all(axis=1).all()
    assert not np.array_equal(obs["hole"], before["hole"])
    again = PokerVectorEnv("holdem", num_envs=32, seats=2, hero=1, stacks=100,
                           blinds=(1, 2), seed=4)
    stepped(again)
    assert np.array_equal(again.reset()[0]["hole"], obs["hole"])   # the same draws
    seeded = [env.reset(seed=11)[0]["hole"] for env in (env, again)]
    assert np.array_equal(*seeded) and not np.array_equal(seeded[0], obs["hole"])


class VectorSteps(RuleBasedStateMachine):
    """A PokerVectorEnv under legal and malformed choices and reseeding, its opponents
    in the tables' step or stepped from Python: after every step the rewards summed
    since the last reset are the hero's chips won in the tables' totals, the hands
    counted are the hands the tables finished, and the hero's mask is open exactly
    where it is to act; a refused choice changes no table."""

    @initialize(data=st.data())
    def build(self, data: st.DataObject) -> None:
        from games.rl import PokerVectorEnv

        seats = data.draw(st.integers(2, 6))
        self.env = PokerVectorEnv(
            data.draw(st.sampled_from(["holdem", "omaha"])),
            num_envs=data.draw(st.integers(1, 24)), seats=seats,
            hero=data.draw(st.integers(0, seats - 1)),
            opponents=data.draw(st.sampled_from([None, random_actions])),
            stacks=data.draw(st.lists(st.integers(3, 150), min_size=seats, max_size=seats)),
            blinds=(1, 2), seed=data.draw(st.integers(0, 99)))
        self.rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
        self._since_reset()

    def _since_reset(self) -> None:
        self.obs, _ = self.env.reset()
        totals = self.env.tables.totals()
        self.start_won = int(totals.won[self.env.hero])
        self.start_hands = totals.hands
        self.rewards = 0.0
        self.hands = 0

    @rule()
    def legal_step(self) -> None:
        mask = self.obs["action_mask"].astype(bool)
        mask[~mask.any(axis=1)] = True     # the hero does not act there: any choice
        choice = (self.rng.random(mask.shape) * mask).argmax(axis=1)
        self.obs, reward, terminated, truncated, info = self.env.step(choice)
        assert np.array_equal(terminated, info["hands"] > 0) and not truncated.any()
        assert (reward[~terminated] == 0).all()
        self.rewards += float(reward.sum())
        self.hands += int(info["hands"].sum())

    @rule(data=st.data())
    def malformed_step(self, data: st.DataObject) -> None:
        n, actions = self.env.num_envs, self.env.bet_sizes.n
        bad, error = data.draw(st.sampled_from([
            (np.full(n, actions), ValueError), (np.full(n, -1), ValueError),
            (np.ones(n + 1, np.int64), ValueError), (np.ones(n, float), TypeError),
        ]))
        before = self.env.tables._batch.save()
        with pytest.raises(error):
            self.env.step(bad)
        assert self.env.tables._batch.save() == before

    @rule(seed=st.integers(0, 99))
    def reseed(self, seed: int) -> None:
        self.env.reset(seed=seed)
        self._since_reset()

    @invariant()
    def the_rewards_are_the_heros_chips(self) -> None:
        env = self.env
        totals = env.tables.totals()
        assert self.rewards == int(totals.won[env.hero]) - self.start_won
        assert self.hands == totals.hands - self.start_hands
        acts = env.tables.actor == env.hero
        assert np.array_equal(self.obs["action_mask"].any(axis=1), acts)

    def teardown(self) -> None:
        if hasattr(self, "env"):
            self.env.close()


VectorSteps.TestCase.settings = stateful_settings(20, 25)


def test_the_vector_environment_under_legal_and_malformed_steps() -> None:
    pytest.importorskip("gymnasium")
    VectorSteps.TestCase("runTest").runTest()


# ---------------------------------------------------------------- PettingZoo

# api_test warns about any environment outside PettingZoo's own lists whose observation
# is a dict or whose space is not a Box: ours is {"observation", "action_mask"} (its
# convention for masked actions, which its classic games use, exempt by name) around
# named arrays in a Dict space, by design (Gymnasium's FlattenObservation makes it one
# Box).  api_test still asserts every observation lies in its space.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.parametrize("game", ["holdem", "seven-card-stud"])
def test_the_aec_environment_passes_pettingzoos_api_test(game: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from games.rl import PokerAEC

    api_test(PokerAEC(game, seats=3, stacks=100, seed=1), num_cycles=200)


def play_hand(env: Any, rng: np.random.Generator) -> dict[str, int]:
    """One hand of a PokerAEC at random over the action masks: each agent's reward."""
    won: dict[str, int] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            won[agent] = int(reward)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return won


def test_aec_rewards_count_every_hand_a_step_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the vector environment's (see `with_carry`): a step that ends two hands
    rewards each agent with both, its chips in the tables' totals."""
    pytest.importorskip("pettingzoo")
    from games.rl import aec

    with_carry(monkeypatch, aec)
    env = aec.PokerAEC("holdem", seats=2, stacks=[3, 100], blinds=(1, 2), seed=2)
    rng = np.random.default_rng(2)
    two = 0
    for seed in range(40):
        env.reset(seed=seed)
        assert env.tables.carry
        start = env.tables.totals()
        won = play_hand(env, rng)
        now = env.tables.totals()
        assert [won[a] for a in env.possible_agents] == (now.won - start.won).tolist(), seed
        two += now.hands - start.hands > 1
    assert two > 0


def test_aec_reset_deals_a_new_hand() -> None:
    """PettingZoo's reset starts a new episode: mid-hand it deals a new hand (blinds in,
    nobody acted, no board), not the hand in play; a seed deals the same hand again."""
    pytest.importorskip("pettingzoo")
    from games.rl import PokerAEC

    env = PokerAEC("holdem", seats=3, stacks=100, blinds=(1, 2), seed=5)
    env.reset(seed=5)
    first = env.observe("player_0")["observation"]
    for _ in range(4):                      # three calls and a check: the flop
        env.step(1)
    seen = env.observe("player_0")["observation"]
    assert seen["street"] == 1 and seen["pot"] == 6
    env.reset()
    seen = env.observe("player_0")["observation"]
    assert seen["street"] == 0 and seen["pot"] == 0 and (seen["board"] == 255).all()
    assert seen["bets"].tolist() == [1, 2, 0] and seen["stacks"].tolist() == [99, 98, 100]
    assert env.agent_selection == "player_2" and not any(env._cumulative_rewards.values())
    assert not np.array_equal(seen["hole"], first["hole"])
    env.reset(seed=5)
    assert np.array_equal(env.observe("player_0")["observation"]["hole"], first["hole"])


def test_aec_refuses_an_action_it_does_not_offer() -> None:
    pytest.importorskip("pettingzoo")
    from games.rl import PokerAEC

    env = PokerAEC("holdem", seats=2, stacks=100, seed=0)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"action 7 is not one of 0\.\.4 \(fold, "):
        env.step(7)
    with pytest.raises(ValueError, match=r"action -1 is not one of 0\.\.4"):
        env.step(-1)
    for bad in (1.0, "1", True):
        with pytest.raises(TypeError, match="action must be an int"):
            env.step(bad)
    env.step(np.int64(1))                  # numpy's ints are actions too
    assert env.agent_selection == "player_0"


def test_aec_hands_are_zero_sum_and_follow_the_seed() -> None:
    pytest.importorskip("pettingzoo")
    from games.rl import PokerAEC

    def hands(seed: int) -> list[dict[str, int]]:
        env = PokerAEC("omaha", seats=4, stacks=200, blinds=(1, 2), betting="pot-limit",
                       seed=seed)
        rng = np.random.default_rng(seed)
        out = []
        for _ in range(30):
            env.reset()
            won = play_hand(env, rng)
            assert len(won) == 4
            out.append(won)
        return out

    first = hands(6)
    assert all(sum(h.values()) == 0 for h in first)
    assert first == hands(6) and first != hands(7)


# ---------------------------------------------------------------- the example

def test_the_example_runs_and_reports_a_win_rate() -> None:
    module = runpy.run_path(str(EXAMPLE))
    played, mean, error = module["play"](20_000, 512, 1)
    assert played >= 20_000 and error > 0
    assert mean > 3 * error              # the rules beat random play by far
    out = subprocess.run([sys.executable, str(EXAMPLE), "--hands", "5000", "--tables", "256"],
                         capture_output=True, text=True, check=True).stdout
    assert "big blinds per 100 hands" in out and "standard error" in out
