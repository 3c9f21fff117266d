"""games.equity: published exact figures, a plain reference enumerator, Monte Carlo
against exact answers, invariants and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

import evaluator
from evaluator import format_cards, parse_cards
from games import EquityResult, StopSampling, equity, variant
from games.equity import keep_two
from tests import ref_equity


def cards_text(cards) -> str:
    return format_cards(list(cards), sep="")


def deal(rng: np.random.Generator, sizes: list[int], deck: int = 52) -> list[list[int]]:
    """Disjoint groups of cards of the given sizes from the top `deck` cards."""
    cards = (rng.permutation(deck) + 52 - deck).tolist()
    out, pos = [], 0
    for s in sizes:
        out.append(cards[pos:pos + s])
        pos += s
    return out


# ---------------------------------------------------------------- published figures

def test_aces_against_kings_exact_counts():
    r = equity("holdem", ["AhAs", "KhKs"])
    assert r.exact and r.outcomes == 1_712_304
    wins = [round(p.win * r.outcomes) for p in r]
    ties = round(r[0].tie * r.outcomes)
    assert (wins[0], wins[1], ties) == (1_410_336, 292_660, 9_308)
    assert round(100 * r[0].equity, 4) == 82.6366


def test_ace_king_suited_against_queens_exact_counts():
    r = equity("holdem", ["AsKs", "QhQd"])
    wins = [round(p.win * r.outcomes) for p in r]
    assert (wins[0], wins[1], round(r[0].tie * r.outcomes)) == (787_966, 917_606, 6_732)
    assert round(100 * r[0].equity, 4) == 46.2145


def test_aces_against_kings_as_ranges():
    r = equity("holdem", ["AA", "KK"])
    assert r.exact
    assert round(100 * r[0].equity, 3) == 81.946
    assert r[0].equity + r[1].equity == pytest.approx(1.0)


def test_three_way_preflop_exact_matches_sum_of_outcomes():
    r = equity("holdem", ["AhAs", "KhKs", "7c2d"])
    assert r.exact and r.outcomes == math.comb(46, 5)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)
    assert r[0].equity > r[1].equity > r[2].equity


# ---------------------------------------------------------------- the reference enumerator

def check_against_reference(got: EquityResult, want: list[dict], hi_lo: bool = False):
    for i, (p, w) in enumerate(zip(got, want, strict=True)):
        for key in ("equity", "win", "tie") + (("high", "low") if hi_lo else ()):
            assert getattr(p, key) == pytest.approx(float(w[key]), abs=1e-12), (
                f"player {i + 1} {key}: {getattr(p, key)} != {float(w[key])}"
            )


@pytest.mark.parametrize("players,board_size", [(2, 3), (2, 4), (3, 4), (4, 4)])
def test_holdem_matches_reference(rng, players, board_size):
    for _ in range(2):
        *hands, board = deal(rng, [2] * players + [board_size])
        got = equity("holdem", [cards_text(h) for h in hands], cards_text(board))
        check_against_reference(got, ref_equity.equity(hands, board))


def test_holdem_with_dead_cards_matches_reference(rng):
    a, b, board, dead = deal(rng, [2, 2, 3, 4])
    got = equity("holdem", [cards_text(a), cards_text(b)], board, dead)
    check_against_reference(got, ref_equity.equity([a, b], board, dead))


@pytest.mark.parametrize("game,hole", [("omaha", 4), ("omaha5", 5), ("omaha6", 6)])
def test_omaha_matches_reference_on_the_turn(rng, game, hole):
    a, b, board = deal(rng, [hole, hole, 4])
    got = equity(game, [cards_text(a), cards_text(b)], cards_text(board))
    check_against_reference(got, ref_equity.equity([a, b], board, omaha=True))


def test_omaha_matches_reference_on_the_flop(rng):
    a, b, board = deal(rng, [4, 4, 3])
    got = equity("omaha", [a, b], board)
    check_against_reference(got, ref_equity.equity([a, b], board, omaha=True))


def test_omaha_flush_needs_two_suited_hole_cards():
    # one heart in hand and four on the board: no flush in Omaha
    r = equity("omaha", ["Ah2c3d4s", "KcKd7s8s"], "2h5h9hTh")
    ref = ref_equity.equity([parse_cards("Ah2c3d4s").tolist(), parse_cards("KcKd7s8s").tolist()],
                            parse_cards("2h5h9hTh").tolist(), omaha=True)
    check_against_reference(r, ref)


@pytest.mark.parametrize("board_size", [3, 4])
def test_omaha_hi_lo_matches_reference(rng, board_size):
    # low cards make lows likely: draw hands from a deck biased to A-8
    lows = [c for c in range(52) if (c >> 2) <= 6 or (c >> 2) == 12]
    for _ in range(2):
        pick = rng.permutation(lows).tolist()
        a, b, board = pick[:4], pick[4:8], pick[8:8 + board_size]
        got = equity("omaha-hilo", [a, b], board)
        check_against_reference(got, ref_equity.equity([a, b], board, omaha=True, hi_lo=True),
                                hi_lo=True)
        assert got[0].high + got[0].low == pytest.approx(got[0].equity)


def test_omaha5_hi_lo_three_way_matches_reference(rng):
    a, b, c, board = deal(rng, [5, 5, 5, 4])
    got = equity("omaha5-hilo", [a, b, c], board)
    check_against_reference(
        got, ref_equity.equity([a, b, c], board, omaha=True, hi_lo=True), hi_lo=True
    )


def test_omaha_low_table_matches_the_rules():
    from games import OMAHA_HI_LO

    table = OMAHA_HI_LO.low.tables.table    # what the equity kernels look the low up in
    assert table.shape == (65536,) and table.dtype == np.uint16
    # A2345 with two hole cards: the best low
    assert table.max() == evaluator.OMAHA_EIGHT_OR_BETTER.n_classes
    assert table[(0b11 << 8) | 0b11100] == table.max()
    # three low hole ranks but only two low board ranks: no low
    hole = 0b111 << 1
    assert table[(hole << 8) | 0b11000000] == 0


def test_short_deck_matches_reference(rng):
    a, b, board = deal(rng, [2, 2, 4], deck=36)
    got = equity("short-deck", [cards_text(a), cards_text(b)], cards_text(board))
    want = ref_equity.equity([a, b], board, deck=list(range(16, 52)),
                             high_type=evaluator.SHORT_DECK)
    check_against_reference(got, want)


# ---------------------------------------------------------------- Monte Carlo

MC_CASES = [
    ("holdem", ["AhAs", "KhKs"], ""),
    ("holdem", ["AsKs", "QhQd", "7c2d"], ""),
    ("holdem", ["QQ+, AKs", "JTs, 88"], ""),
    ("holdem", ["AhKd", "random"], "Kh7c2d"),
    ("holdem", ["random", "QQ+, AKs"], "Kh7c2d"),    # a random hand dealt after a range
    ("omaha", ["AhAsKd7c", "QhJhTs9s"], "2c7h8s"),
    ("omaha-hilo", ["Ah2sKd3c", "QhJh4s5s"], "7c8d9h"),
]


@pytest.mark.parametrize("game,players,board", MC_CASES)
def test_monte_carlo_within_four_standard_errors(game, players, board):
    exact = equity(game, players, board, exact=True)
    sampled = equity(game, players, board, trials=200_000, seed=7)
    assert not sampled.exact and sampled.outcomes == 200_000
    for e, s in zip(exact, sampled, strict=True):
        assert s.se is not None and s.se > 0
        assert abs(s.equity - e.equity) < 4 * s.se, (players, e.equity, s.equity, s.se)


def test_standard_error_shrinks_as_one_over_root_trials():
    small = equity("holdem", ["AhKd", "QcQs"], trials=100_000, seed=3)
    large = equity("holdem", ["AhKd", "QcQs"], trials=1_600_000, seed=3)
    assert large[0].se / small[0].se == pytest.approx(0.25, rel=0.05)


def test_same_seed_same_answer_whatever_the_threads():
    runs = [equity("holdem", ["AK", "QQ, JJ"], trials=300_000, seed=42, threads=t)
            for t in (1, 2, 3)]
    assert runs[0].to_dict()["players"] == runs[1].to_dict()["players"]
    assert runs[0].to_dict()["players"] == runs[2].to_dict()["players"]
    other = equity("holdem", ["AK", "QQ, JJ"], trials=300_000, seed=43)
    assert other[0].equity != runs[0][0].equity


def test_sampling_for_seconds_and_progress():
    calls = []
    r = equity("holdem", ["AhAs", "random"], seconds=0.05, seed=1,
               progress=lambda d, t: calls.append((d, t)))
    assert not r.exact and r.outcomes > 0 and calls
    assert calls[-1][0] == r.outcomes


def test_progress_may_stop_sampling():
    def stop(done, total):
        raise StopSampling

    r = equity("holdem", ["AhAs", "KdKc"], trials=10_000_000, seed=1, progress=stop)
    assert r.interrupted and 0 < r.outcomes < 10_000_000
    assert sum(r.equities) == pytest.approx(1.0)


def test_exact_progress_reaches_total():
    calls = []
    equity("holdem", ["AhAs", "KdKc"], exact=True, threads=2,
           progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1][0] == calls[-1][1] == 1_712_304


def test_random_omaha_hands_are_sampled():
    r = equity("omaha", ["AhAsKd7c", "random"], trials=50_000, seed=5)
    assert not r.exact and 0.6 < r[0].equity < 0.8


# ---------------------------------------------------------------- invariants

def test_equities_sum_to_one_multiway_and_hi_lo():
    for game, players, board in MC_CASES:
        r = equity(game, players, board)
        assert sum(r.equities) == pytest.approx(1.0, abs=1e-9)
        assert sum(p.high + p.low for p in r) == pytest.approx(1.0, abs=1e-9)


def test_swapping_players_swaps_results():
    a = equity("holdem", ["AsKs", "QhQd", "JcTc"], "2s7h9d")
    b = equity("holdem", ["JcTc", "AsKs", "QhQd"], "2s7h9d")
    for i, j in [(0, 1), (1, 2), (2, 0)]:
        assert a[i].equity == pytest.approx(b[j].equity, abs=1e-15)
        assert a[i].win == b[j].win and a[i].tie == b[j].tie


def test_relabelling_suits_changes_nothing():
    a = equity("omaha-hilo", ["Ah2sKd3c", "QhJh4s5s"], "7c8d9h")
    # c->d, d->h, h->s, s->c
    b = equity("omaha-hilo", ["As2cKh3d", "QsJs4c5c"], "7d8h9s")
    for p, q in zip(a, b, strict=True):
        assert p == type(p)(**{**q.to_dict(), "hand": p.hand})
    c = equity("holdem", ["AA", "KsKh"])
    d = equity("holdem", ["AA", "KcKd"])
    assert c[0].equity == pytest.approx(d[0].equity, abs=1e-15)


def test_weights_are_honoured():
    mixed = equity("holdem", ["AA, KK:0.5", "QhJh"], "2c7d9s")
    aa = equity("holdem", ["AA", "QhJh"], "2c7d9s")[0].equity
    kk = equity("holdem", ["KK", "QhJh"], "2c7d9s")[0].equity
    assert mixed[0].equity == pytest.approx((6 * aa + 3 * kk) / 9, abs=1e-12)


def test_card_removal_renormalises_the_range():
    # the As on the board leaves three AA combos; KhKs blocks five KK combos (one left)
    r = equity("holdem", ["AA, KK", "KhKs"], "As7c2d")
    aa = equity("holdem", ["AA", "KhKs"], "As7c2d")[0].equity
    kk = equity("holdem", ["KcKd", "KhKs"], "As7c2d")[0].equity
    assert r[0].equity == pytest.approx((3 * aa + 1 * kk) / 4, abs=1e-12)


# ---------------------------------------------------------------- Crazy Pineapple

def test_crazy_pineapple_keeps_the_best_flop_hand():
    # with K72: AsAh makes aces, AhKd or AsKd only kings
    keep = keep_two(parse_cards("AhAsKd").tolist(), parse_cards("Kc7h2s").tolist())
    assert sorted(keep) == sorted(parse_cards("AhAs").tolist())
    # trips beat a pair: keep the card that pairs the board twice
    keep = keep_two(parse_cards("7d7cAs").tolist(), parse_cards("7h2c9d").tolist())
    assert sorted(keep) == sorted(parse_cards("7d7c").tolist())


def test_crazy_pineapple_is_holdem_after_the_discard():
    r = equity("crazy-pineapple", ["AhAsKd", "7c8c9c"], "2c3c4d")
    h = equity("holdem", ["AhAs", "8c9c"], "2c3c4d", "Kd7c")
    assert [p.equity for p in r] == pytest.approx([p.equity for p in h], abs=1e-15)


# ---------------------------------------------------------------- the result object

def test_result_repr_and_dict():
    r = equity("omaha-hilo", ["Ah2sKd3c", "QhJh4s5s"], "7c8d9h")
    text = repr(r)
    assert "omaha-hilo" in text and "exact" in text and "Ah2sKd3c" in text and "low" in text
    d = r.to_dict()
    assert d["exact"] is True and d["outcomes"] == 820 and len(d["players"]) == 2
    assert set(d["players"][0]) >= {"hand", "equity", "win", "tie", "high", "low", "scoop", "se"}
    s = equity("holdem", ["AhAs", "KdKc"], trials=10_000, seed=9)
    assert "Monte Carlo" in repr(s) and "seed 9" in repr(s) and s.to_dict()["seed"] == 9


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("args,match", [
    (("holdem", ["AhAs", "AhKd"]), "player 2's hand AhKd shares Ah with player 1"),
    (("holdem", ["AhAs", "KdKc"], "As7c2d"), "player 1's hand .* shares As with the board"),
    (("holdem", ["AhAs", "KdKc"], "", "Kd"), "player 2's hand .* shares Kd with the dead"),
    (("holdem", ["AhAs", "AA"], "AcAd2c"), "player 2's range 'AA' is empty"),
    (("holdem", ["AhAs", "KK"], "KcKdKh", "Ks"), "player 2's range 'KK' is empty"),
    (("poker", ["AhAs", "KdKc"]), "unknown game 'poker'"),
    (("holdem", ["AhAs"] * 1), "2..10 players"),
    (("omaha6", ["random"] * 9), "9 players cannot play"),
    (("short-deck", ["random"] * 10, "", "6c6d6h6s7c7d7h7s8c8d8h8s"), "10 players cannot play"),
    (("holdem", ["AhAs", "KdKc"], "2c3c"), "0, 3, 4 or 5 cards"),
    (("holdem", ["AhAs", "KdKc"], "2c3c4c", "2c"), "2c is both on the board and dead"),
    (("holdem", ["AhAsKs", "KdKc"]), "player 1"),
    (("omaha", ["AhAsKd", "random"]), "player 1: a Omaha hand has 4 cards, got 3"),
    (("holdem", ["AhAs", "XYz"]), "player 2: cannot read range part"),
    (("2-7-triple-draw", ["AhAs2c3d4h", "random"]), "player 2: give its cards"),
    (("badugi", ["AhAs2c3d", "Kd"]), "player 2: a Badugi hand has 4 cards, got 1"),
    (("razz", ["AhAs2c3d4h5c6h7h", "KdKs"]), "player 1: a stud hand holds 1..7 cards"),
    (("razz", ["As2s3s", "KdQdJd"], "", "As"), "card As is in the dead cards and in player 1"),
])
def test_bad_input_names_the_problem(args, match):
    with pytest.raises(ValueError, match=match):
        equity(*args)


def test_bad_options():
    with pytest.raises(ValueError, match="trials"):
        equity("holdem", ["AhAs", "KdKc"], trials=0)
    with pytest.raises(ValueError, match="exact=True"):
        equity("holdem", ["AhAs", "KdKc"], exact=True, trials=10)
    with pytest.raises(ValueError, match="seed"):
        equity("holdem", ["AhAs", "KdKc"], seed=-1)
    with pytest.raises(ValueError, match="threads"):
        equity("holdem", ["AhAs", "KdKc"], threads=0)
    with pytest.raises(ValueError, match=r"hours|sample instead"):
        equity("omaha", ["random", "random"], exact=True)


# ---------------------------------------------------------------- variants as data

def test_a_stripped_deck_is_data(rng):
    """Hold'em rules on a 36-card deck: only the deck changes, the kernel does not."""
    from games import HOLDEM

    stripped = HOLDEM.with_options(name="holdem-36", lowest_rank="6")
    a, b, board = deal(rng, [2, 2, 3], deck=36)
    got = equity(stripped, [cards_text(a), cards_text(b)], cards_text(board))
    assert got.outcomes == math.comb(36 - 7, 2)
    check_against_reference(got, ref_equity.equity([a, b], board, deck=list(range(16, 52))))
    with pytest.raises(ValueError, match=r"player 2: .*5d5c.*below 6"):
        equity(stripped, ["AhAs", "5d5c"])
    with pytest.raises(ValueError, match="board: card 2c is not in the"):
        equity(stripped, ["AhAs", "KdKc"], "2c7h8s")


def test_omaha_list_of_hands_is_an_even_mixture():
    board = "2c7h8s"
    mixed = equity("omaha", [["AhAsKd7c", "QdQcJd9c"], "KhKs9h9s"], board)
    one = equity("omaha", ["AhAsKd7c", "KhKs9h9s"], board)[0].equity
    two = equity("omaha", ["QdQcJd9c", "KhKs9h9s"], board)[0].equity
    assert mixed.exact and mixed[0].equity == pytest.approx((one + two) / 2, abs=1e-12)


def test_large_ranges_fall_back_to_sampling():
    r = equity("holdem", ["random", "random"], seed=11, trials=100_000)
    assert not r.exact and abs(r[0].equity - 0.5) < 4 * r[0].se
    auto = equity("holdem", ["random", "random"], seed=11)
    assert not auto.exact and auto.outcomes == 1_000_000


def test_ten_players_and_random_big_omaha():
    r = equity("holdem", ["AhAs"] + ["random"] * 9, trials=50_000, seed=2)
    assert len(r) == 10 and sum(r.equities) == pytest.approx(1.0)
    assert r[0].equity > 0.25
    r = equity("omaha6", ["random"] * 7, "AhKhQh", trials=20_000, seed=2)
    assert sum(r.equities) == pytest.approx(1.0)


def test_crazy_pineapple_preflop_enumerates_every_flop():
    from itertools import combinations as combos

    hands = ["AhAsKd", "7c8c9c"]
    held = set(parse_cards("AhAsKd7c8c9c").tolist())
    dead = [c for c in range(52) if c not in held][:34]   # 12 cards left: 220 flops
    got = equity("crazy-pineapple", hands, "", dead)
    used = set(dead) | set(parse_cards("AhAsKd7c8c9c").tolist())
    rest = [c for c in range(52) if c not in used]
    per_flop = [equity("crazy-pineapple", hands, list(f), dead) for f in combos(rest, 3)]
    for i in range(2):
        want = sum(r[i].equity for r in per_flop) / len(per_flop)
        assert got[i].equity == pytest.approx(want, abs=1e-12)
    assert sum(got.equities) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="enumerated exactly"):
        equity("crazy-pineapple", hands, trials=1000)


def test_ctrl_c_keeps_the_sampled_result_when_interruptible():
    def interrupt(done, total):
        raise KeyboardInterrupt

    r = equity("holdem", ["AhAs", "KdKc"], trials=5_000_000, seed=1, progress=interrupt,
               interruptible=True)
    assert r.interrupted and 0 < r.outcomes < 5_000_000 and "interrupted" in r.method
    with pytest.raises(KeyboardInterrupt):
        equity("holdem", ["AhAs", "KdKc"], trials=5_000_000, seed=1, progress=interrupt)


def test_exact_refuses_work_of_hours(monkeypatch):
    import sys

    module = sys.modules["games.equity.compute"]
    monkeypatch.setattr(module, "MAX_EXACT_LOOKUPS", 1_000_000)
    with pytest.raises(ValueError, match=r"would take about .* hours"):
        equity("omaha", ["AhAsKd7c", "QhJhTs9s"], exact=True)


@pytest.mark.parametrize(("game", "board", "dead"), [
    ("holdem", "Kh7c2d9sTs", ""),
    ("holdem", "Kh7c2d9sTs", "AsAdAcAhKsKdKc"),      # no ace or king may be dealt
    ("short-deck", "Ah9c6d7sTh", "AsAdAcJhJs"),
])
def test_every_hand_random_samples_the_exact_win_and_tie_rates(game, board, dead):
    """The sampler's path where every hand is random (a partial shuffle of the deck):
    equity is one half by symmetry, so the win and tie rates are what would show a
    wrong deal (a dead or board card dealt, a card dealt twice).  The exact rates come
    from every pair of disjoint hands of the live cards on the river, enumerated here
    with numpy; the sampled ones are within four binomial standard errors."""
    from itertools import combinations

    v = variant(game)
    known = [int(c) for c in parse_cards(board + dead)]
    rest = [c for c in v.deck.tolist() if c not in known]
    board_cards = np.array([int(c) for c in parse_cards(board)], np.uint8)
    hands = np.array(list(combinations(rest, 2)), dtype=np.uint8)
    sevens = np.concatenate([hands, np.tile(board_cards, (len(hands), 1))], axis=1)
    values = v.high.evaluate_batch(sevens).astype(np.int64)
    masks = (np.uint64(1) << hands[:, 0].astype(np.uint64)) | (
        np.uint64(1) << hands[:, 1].astype(np.uint64))
    disjoint = (masks[:, None] & masks[None, :]) == 0
    pairs = disjoint.sum()
    win = ((values[:, None] > values[None, :]) & disjoint).sum() / pairs
    tie = ((values[:, None] == values[None, :]) & disjoint).sum() / pairs
    trials = 400_000
    sampled = equity(game, ["random", "random"], board, dead, trials=trials, seed=13)
    for s in sampled:
        for rate, truth in ((s.win, win), (s.tie, tie)):
            se = (truth * (1 - truth) / trials) ** 0.5
            assert abs(rate - truth) < 4 * se, (game, rate, truth, se)
