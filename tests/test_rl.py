"""games.rl: the discrete bet sizes, the random policy, the Gymnasium vector
environment (with a state machine of legal and malformed steps) and the PettingZoo AEC
environment over `games.Tables` (the adapters' tests skip where the `rl` extra is not
installed), and the worked example."""

from __future__ import annotations

import math
import runpy
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games import Tables
from games.rl import BetSizes, play_random, random_actions
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


@pytest.mark.parametrize(("kwargs", "error"), [
    (dict(fractions=(0.0,)), ValueError), (dict(fractions=("1",)), TypeError),
    (dict(fractions="1"), TypeError), (dict(all_in=1), TypeError),
    (dict(fractions=(True,)), TypeError),
])
def test_bad_bet_sizes(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
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
def test_the_aec_environment_passes_pettingzoos_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from games.rl import PokerAEC

    api_test(PokerAEC("holdem", seats=3, stacks=100, seed=1), num_cycles=200)


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
            won: dict[str, int] = {}
            for agent in env.agent_iter():
                observation, reward, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    won[agent] = int(reward)
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
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
