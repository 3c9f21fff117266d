"""`games.Tables` against `games.Table`: tables given seeded random actions deal, at
every hand, the cards a `Table` with that hand's seed deals, and end each hand with the
payoffs the `Table` ends with after the same actions; the PHH of every finished hand
replays to the same stacks (and in pokerkit, where it is installed, for the codes it
has).  Fixed cases for every betting game and structure, configurations drawn by
hypothesis, and one table stepped beside a `Table` in lockstep, compared after every
step.  The rest of `Tables`' proof is in test_engine_tables.py."""

from __future__ import annotations

import warnings
import zlib
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games import Table, Tables
from games.engine import batch as batch_module
from tests.engine_util import BLIND_GAMES, Follower, random_actions, stateful_settings


@pytest.mark.parametrize("game", BLIND_GAMES)
@pytest.mark.parametrize("betting", ["no-limit", "pot-limit", "fixed-limit"])
def test_tables_deal_and_pay_what_a_table_with_the_same_seed_does(game: str,
                                                                  betting: str) -> None:
    # a fixed seed per case (str hashes change from run to run)
    rng = np.random.default_rng(zlib.crc32(f"{game}/{betting}".encode()))
    seats = 6 if game != "omaha6" else 5
    env = Tables(game, n=24, seats=seats, stacks=[60, 200, 35, 500, 120, 90][:seats],
                 blinds=(1, 2, 4), antes=1, betting=betting, seed=7)
    follower = Follower(env)
    for _ in range(180):                # over a thousand hands a game, three bettings
        follower.step(*random_actions(rng, env))
    assert follower.checked >= 200     # fixed-limit hands are the longest


@pytest.mark.parametrize("game", ["seven-card-stud", "seven-card-stud-hilo", "razz"])
@pytest.mark.parametrize("seats", [3, 8])
def test_the_stud_games_step_as_a_table_plays_them(game: str, seats: int) -> None:
    """Antes, the bring-in (kind 1 where it is due), completing and, with eight seats,
    the common card: each finished hand played again on a Table."""
    rng = np.random.default_rng(seats)
    env = Tables(game, n=16, seats=seats, stacks=[40, 90, 25, 60, 200, 35, 80, 50][:seats],
                 antes=1, bring_in=1, small_bet=2, big_bet=4, seed=5)
    lg = env.legal()
    assert (lg.call == 0).all() and not lg.fold.any() and (lg.raise_min == 2).all()
    assert env.observe()["board"].shape == (16, 1)      # the common card's place
    follower = Follower(env)
    common = 0
    for _ in range(120):
        kinds, amounts = random_actions(rng, env)
        if seats == 8:                  # nobody folds: eight seats reach seventh street
            kinds[kinds == 0] = 1
        follower.step(kinds, amounts)
        common += int((env.observe()["board"] != 255).sum())
    assert follower.checked >= 16
    assert (common > 0) == (seats == 8)


def test_heads_up_and_short_stacks() -> None:
    rng = np.random.default_rng(3)
    env = Tables("holdem", n=64, seats=2, stacks=[3, 400], blinds=(1, 2), seed=11)
    follower = Follower(env)
    for _ in range(40):
        follower.step(*random_actions(rng, env))
    assert follower.checked >= 64


@given(data=st.data())
@stateful_settings(12)
def test_drawn_configurations_deal_and_pay_what_a_table_does(data: st.DataObject) -> None:
    """The cases above fix six seats, their stacks, a straddle and an ante; here each
    example draws its own: the game and betting, 2-6 seats of 3-400 chips each, the
    blinds (no small blind, a straddle), antes, 1-40 tables and one or two threads
    (splitting as few as two tables).  Every hand finished is played again on a
    `Table` from its seed, as above.  By hand, ``POKERHANDS_STATEFUL=long`` draws fresh
    configurations (`stateful_settings`)."""
    game = data.draw(st.sampled_from(BLIND_GAMES), label="game")
    seats = data.draw(st.integers(2, 5 if game == "omaha6" else 6), label="seats")
    stacks = data.draw(st.lists(st.integers(3, 400), min_size=seats, max_size=seats),
                       label="stacks")
    small = data.draw(st.integers(0, 2), label="small blind")
    big = data.draw(st.integers(max(small, 1), 3), label="big blind")
    straddle = seats >= 3 and data.draw(st.booleans(), label="straddle")
    blinds = (small, big, 2 * big) if straddle else (small, big)
    threads = data.draw(st.integers(1, 2), label="threads")
    split = batch_module.MIN_TABLES_PER_THREAD, batch_module.available_cpus
    batch_module.MIN_TABLES_PER_THREAD = 1
    batch_module.available_cpus = lambda: 2
    try:
        try:
            env = Tables(game, n=data.draw(st.integers(1, 40), label="n"), seats=seats,
                         stacks=stacks, blinds=blinds,
                         antes=data.draw(st.integers(0, 2), label="antes"),
                         betting=data.draw(st.sampled_from(["no-limit", "pot-limit",
                                                            "fixed-limit"]),
                                           label="betting"),
                         seed=data.draw(st.integers(0, 2**31 - 1), label="seed"),
                         threads=threads)
        except ValueError as error:     # stacks the forced bets put all-in: refused
            assert "nobody ever decides" in str(error)
            assume(False)
        rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="actions"))
        with env:                       # its workers end even when a check fails
            follower = Follower(env)
            for _ in range(60):
                follower.step(*random_actions(rng, env))
        assert follower.checked >= 1    # a hand ended somewhere in sixty steps
    finally:
        batch_module.MIN_TABLES_PER_THREAD, batch_module.available_cpus = split


@pytest.mark.parametrize(("game", "betting", "least"), [
    ("holdem", "no-limit", 100), ("holdem", "fixed-limit", 60), ("omaha", "pot-limit", 75),
    ("omaha-hilo", "fixed-limit", 60),
])
def test_finished_hands_replay_in_pokerkit(game: str, betting: str, least: int) -> None:
    """PHH's codes NT, FT, PO and FO/8: pokerkit plays every finished hand's history to
    the stacks the tables ended with.  (Short deck is left out: pokerkit gives a split
    pot's odd chips otherwise than RULES.md, which the replay tests document.)"""
    pokerkit = pytest.importorskip("pokerkit")
    rng = np.random.default_rng(5)
    env = Tables(game, n=16, seats=6, stacks=200, blinds=(1, 2), betting=betting, seed=2)
    checked = 0
    for _ in range(80):
        for i in np.flatnonzero(env.step(*random_actions(rng, env))):
            history = pokerkit.HandHistory.loads(env.history(int(i)))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                *_, state = history
            assert list(state.stacks) == [200 + p for p in env.payoffs[i]]
            checked += 1
    assert checked >= least


@pytest.mark.parametrize(("game", "options"), [
    ("holdem", dict(blinds=(1, 2))), ("omaha-hilo", dict(blinds=(1, 2))),
    ("seven-card-stud", dict(antes=1, bring_in=1, small_bet=2, big_bet=4)),
])
def test_every_observation_is_the_table_after_the_same_actions(
        game: str, options: dict[str, Any]) -> None:
    """One table stepped beside a `Table` dealt the same seed and given the same
    actions: after every step (a new street, stud's new hole cards, a new hand) the
    observed cards, chips, pot and actor are the Table's."""
    rng = np.random.default_rng(8)
    stacks = [80, 40, 120, 60]
    env = Tables(game, n=1, seats=4, stacks=stacks, seed=8, **options)
    compared = 0
    for _ in range(12):                                 # hands
        t = Table(env.game, tuple(int(c) for c in env.chips[0]), seed=int(env.seeds[0]),
                  options=env.options)
        while True:
            obs = env.observe()
            for seat, row in enumerate(obs["hole"][0].tolist()):
                if not t.folded[seat]:          # a Table mucks a folded hand
                    assert tuple(c for c in row if c != 255) == t.holes[seat], compared
                assert bool(obs["folded"][0][seat]) == t.folded[seat]
            board = [c for c in obs["board"][0].tolist() if c != 255]
            assert board == [c for c in t.board if c is not None]
            assert obs["stacks"][0].tolist() == list(t.stacks)
            assert obs["bets"][0].tolist() == list(t.bets)
            assert obs["pot"][0] == t.pot_total
            assert obs["actor"][0] == t.actor
            compared += 1
            kinds, amounts = random_actions(rng, env)
            kind, amount = int(kinds[0]), int(amounts[0])
            if kind == 0:
                t.fold()
            elif kind == 1:
                t.bring_in() if t.can_bring_in() else t.check_or_call()
            else:
                t.raise_to(amount)
            if env.step(kinds, amounts)[0]:
                assert t.done
                break
    assert compared >= 60
