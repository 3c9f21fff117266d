"""The seam between the evaluator and the games: every hand type is a Ranking with the
same face, pickles by name before and after its tables are built, and works in other
processes; the games reach the rankings only through it."""

from __future__ import annotations

import multiprocessing
import pickle
import re
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import evaluator
import games
from evaluator import (
    ACE_TO_FIVE,
    DEUCE_TO_SEVEN,
    EIGHT_OR_BETTER,
    HIGH,
    OFC_TOP,
    OMAHA,
    OMAHA_EIGHT_OR_BETTER,
    SHORT_DECK,
    SHORT_DECK_TRIPS,
    Ranking,
    italian,
    parse_cards,
)

SINGLETONS = [ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, HIGH, OFC_TOP, OMAHA,
              OMAHA_EIGHT_OR_BETTER, SHORT_DECK, SHORT_DECK_TRIPS]
ALL = [*SINGLETONS, italian(4), italian(6, suits=False), italian(None, american=True)]
IDS = [r.name for r in ALL]


@pytest.mark.parametrize("ranking", ALL, ids=IDS)
def test_every_hand_type_is_a_ranking(ranking):
    assert isinstance(ranking, Ranking)
    assert isinstance(ranking.total_order, bool)
    assert ranking.tables is not None


def test_only_italian_straight_flush_cycles_break_the_order():
    assert all(r.total_order for r in SINGLETONS)
    assert not italian(4).total_order
    assert italian(None, american=True).total_order


@pytest.mark.parametrize(("ranking", "hole", "board"), [
    (HIGH, "As Kd", "Qh Jc Ts 2d 3c"),
    (SHORT_DECK, "As Kd", "Qh Jc Ts 6d 7c"),
    (EIGHT_OR_BETTER, "As 2d", "3h 4c 8s Kd Kh"),
    (OMAHA, "As Kd Qh 2c", "Jc Ts 9d 3h 4s"),
    (OMAHA_EIGHT_OR_BETTER, "As 2d Kh Kc", "3c 4d Kd 7h 9s"),
])
def test_evaluate_takes_cards_and_a_board(ranking, hole, board):
    value = ranking.evaluate(hole, board)
    assert ranking.evaluate(parse_cards(hole).tolist(), parse_cards(board).tolist()) == value
    batch = ranking.evaluate_batch(parse_cards(hole)[None, :], parse_cards(board)[None, :])
    assert batch.tolist() == [value]
    if ranking in (HIGH, SHORT_DECK, EIGHT_OR_BETTER):   # best five of all: same as joined
        assert ranking.evaluate(f"{hole} {board}") == value


def test_winners_ask_the_ranking():
    board = "2c 7d 9h Jc 3s"
    assert HIGH.winners(["As Ad", "Ks Kd", "Ah Ac"], board) == [0, 2]
    assert OMAHA.winners(["As Ad Kh Kc", "Qs Qd 8h 8c"], board) == [0]
    # no qualifying low: nobody wins the low half
    assert OMAHA_EIGHT_OR_BETTER.winners(["Ks Kd Kh Qc", "Qs Qd 8h 8c"], "2c 7d 9h Jc 3s") == []
    # Italian: minimum straight flush beats maximum, whatever the values say
    it = italian(4)
    assert it.winners(["Ah 7h 8h 9h Th", "Ts Js Qs Ks As"]) == [0]
    with pytest.raises(ValueError, match="card As is in the board and in hand 0"):
        HIGH.winners(["As Ad", "Ks Kd"], "As 7d 9h Jc 3s")
    with pytest.raises(TypeError, match="needs a board"):
        OMAHA.winners(["As Ad Kh Kc", "Qs Qd 8h 8c"])


def test_variants_hold_rankings_not_names():
    for v in games.VARIANTS.values():
        for ranking in (v.high, v.low, *(row.ranking for row in v.rows)):
            assert ranking is None or isinstance(ranking, Ranking), v.name


# ---------------------------------------------------------------- pickling

@pytest.mark.parametrize("ranking", ALL, ids=IDS)
def test_pickles_to_the_same_object_after_first_use(ranking):
    ranking.tables  # noqa: B018  (built)
    again = pickle.loads(pickle.dumps(ranking))
    assert again is ranking


def test_pickles_before_first_use_in_a_fresh_process():
    code = (
        "import pickle, evaluator\n"
        "names = ['HIGH', 'OMAHA', 'OMAHA_EIGHT_OR_BETTER', 'OFC_TOP', 'SHORT_DECK']\n"
        "for n in names:\n"
        "    r = getattr(evaluator, n)\n"
        "    assert r._tables is None, n\n"
        "    assert pickle.loads(pickle.dumps(r)) is r\n"
        "    assert r._tables is None, n\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "ok"


def _value_in_child(ranking, cards, board):
    return ranking.evaluate(cards, board)


def test_rankings_and_variants_work_in_other_processes():
    HIGH.tables  # noqa: B018  (built here; a spawned child starts fresh and builds its own)
    jobs = [(HIGH, "As Ks Qs Js Ts", None), (OMAHA, "As Kd Qh 2c", "Jc Ts 9d 3h 4s"),
            (italian(5), "6s 6h Ah Kd Qc", None)]
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        got = list(pool.map(_value_in_child, *zip(*jobs, strict=True)))
        assert got == [r.evaluate(c, b) for r, c, b in jobs]
        v = pickle.loads(pickle.dumps(games.variant("italian", players=5)))
        assert v.high is italian(5)
        result = pool.submit(games.showdown, games.OMAHA_HI_LO,
                             ["As 2d Kh Kc", "Qs Qd 8h 8c"], "3c 4d Kd 7h 9s",
                             contributions=[10, 10]).result()
        assert result.payouts == (20, 0)


# ---------------------------------------------------------------- Italian decks


def test_italian_showdown_deck_follows_the_seats():
    # seed 001, "Il mazzo": the lowest card is 11 - players, so five players add the
    # sixes (36 cards) and six players the fives (40 cards)
    five_seats = ["6s 6h Ah Kd Qc", "7c 7d Ac Kh Qd", "8s 9s Ts Js Kc", "Ad Ks Qs Jd 9d",
                  "Th Tc 9h 8h 7h"]
    r = games.showdown("italian", five_seats, contributions=[10] * 5)
    assert sum(r.payouts) == 50 and r.payouts[4] == 50     # the straight flush
    with pytest.raises(ValueError, match="card 5s is not in the 36-card deck"):
        games.showdown("italian", ["5s 6h Ah Kd Qc", *five_seats[1:]], contributions=[10] * 5)
    # seed 001: "L'asso può aprire la scala se posto prima della carta di valore più basso
    # tra quelle del mazzo": with six players the lowest card is the five, so A-7-8-9-T
    # is ace-high, not the minimum straight, and loses to a pair of fives
    six = ["Ac 7d 8h 9s Tc", "5h 5d Kc Qs Jd", None, None, None, None]
    r = games.showdown("italian", six, contributions=[10, 10, 0, 0, 0, 0],
                       folded=[False, False, True, True, True, True])
    assert r.payouts == (0, 20, 0, 0, 0, 0)
    assert r.hands[0].startswith("High Card, Ace-Ten-Nine-Eight-Seven")
    # four players (32 cards, 7..A): the same cards are the minimum straight and win
    four = ["Ac 7d 8h 9s Tc", "Ah Ad Kc Qs Jd", "Kh Kd Qh Jh 9d", "Qd Js Th 9h 7c"]
    r = games.showdown("italian", four, contributions=[10] * 4)
    assert r.payouts == (40, 0, 0, 0)
    assert r.hands[0].startswith("Straight, Ten high (minimum)")


def test_variant_for_players():
    assert games.variant("italian", players=5).deck_size == 36
    assert games.variant("italian", players=6).lowest_rank == "5"
    assert games.variant("holdem", players=6) is games.HOLDEM
    with pytest.raises(ValueError, match=r"played by 2\.\.10 players, got 11"):
        games.variant("holdem", players=11)
    with pytest.raises(TypeError, match="players"):
        games.variant("holdem", players=6.0)
    with pytest.raises(TypeError, match="game must be a Variant or a name"):
        games.variant(6)


# ---------------------------------------------------------------- seeds and threads

def test_seeds_as_numpy_users_pass_them():
    hands = ["AsKs", "QhQd"]
    base = games.equity("holdem", hands, trials=20_000, seed=7)
    assert games.equity("holdem", hands, trials=20_000, seed=np.int64(7)).equities == \
        base.equities
    assert games.equity("holdem", hands, trials=20_000, seed=np.uint64(7)).equities == \
        base.equities
    a = games.equity("holdem", hands, trials=20_000, seed=np.random.SeedSequence(3))
    b = games.equity("holdem", hands, trials=20_000, seed=np.random.SeedSequence(3))
    assert a.equities == b.equities and a.seed == b.seed
    c = games.equity("holdem", hands, trials=20_000, seed=np.random.default_rng(3))
    d = games.equity("holdem", hands, trials=20_000, seed=np.random.default_rng(3))
    assert c.equities == d.equities
    top = games.equity("holdem", hands, trials=1000, seed=2**64 - 1)
    assert top.seed == 2**64 - 1
    with pytest.raises(ValueError, match=r"seed must be 0..2\*\*64-1"):
        games.equity("holdem", hands, trials=1000, seed=2**64)
    with pytest.raises(ValueError, match="seed"):
        games.equity("holdem", hands, trials=1000, seed=-1)
    for bad in ("7", 7.0, True):
        with pytest.raises(TypeError, match="seed"):
            games.equity("holdem", hands, trials=1000, seed=bad)


def test_threads_none_uses_the_cpus_this_process_may_run_on(monkeypatch):
    from evaluator import threads

    monkeypatch.setattr(threads.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert threads.thread_count(None) == 1
    monkeypatch.setattr(threads.os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    assert threads.thread_count(None) == 3
    r = games.equity("holdem", ["AhAs", "KhKs"], "2c 3d 4h")
    assert r.threads == 3


# ---------------------------------------------------------------- the seam


def test_games_use_only_public_evaluator_names():
    """`games` reaches the evaluator only through its public seam: no import of a private
    module (cimports of the public .pxd files are not private)."""
    src = Path(games.__file__).parent
    found = []
    for path in sorted(src.rglob("*")):
        if path.suffix not in (".py", ".pyx", ".pxd", ".pyi"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"evaluator\._[a-z]|from evaluator import (.*, )?_[a-z]", line):
                found.append(f"{path.relative_to(src)}:{number}: {line.strip()}")
    assert found == []


def test_public_pxd_files_ship_with_the_package():
    root = Path(evaluator.__file__).parent
    assert {p.name for p in root.glob("*.pxd")} >= {
        "typedefs.pxd", "keys.pxd", "tables.pxd", "omaha_tables.pxd"}
