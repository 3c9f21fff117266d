"""Equity beside the peers that can do the same job, one thread unless named.

    PYTHONPATH=src python -m pytest benchmarks/bench_equity.py --benchmark-only \
        --benchmark-columns=min,median,rounds --benchmark-group-by=group

Peers (skipped when not installed): poker-equity (exact and sampled, many games),
eval7 (hand vs range Monte Carlo), pokerkit (calculate_equities, on a small sample:
it is pure Python).  Every timed call is checked against the known answer.
"""

from __future__ import annotations

import pytest

from games import equity

AA_KK = 0.826366112559452          # AhAs vs KhKs, exact over 1,712,304 boards


def run(benchmark, fn, rounds=5):
    return benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)


# ---------------------------------------------------------------- exact heads-up preflop

@pytest.mark.benchmark(group="holdem exact heads-up preflop (1,712,304 boards)")
def test_ours_holdem_exact(benchmark):
    r = run(benchmark, lambda: equity("holdem", ["AhAs", "KhKs"], exact=True, threads=1), 20)
    assert r[0].equity == pytest.approx(AA_KK, abs=1e-12)


@pytest.mark.benchmark(group="holdem exact heads-up preflop (1,712,304 boards)")
def test_poker_equity_holdem_exact(benchmark):
    pe = pytest.importorskip("poker_equity")
    r = run(benchmark, lambda: pe.exact_from_text("holdem", ["AhAs", "KhKs"], "", ""), 3)
    assert r["players"][0]["equity"] == pytest.approx(AA_KK, abs=1e-12)


# ---------------------------------------------------------------- ranges, multiway

@pytest.mark.benchmark(group="holdem AA vs KK as ranges, exact")
def test_ours_ranges_exact(benchmark):
    r = run(benchmark, lambda: equity("holdem", ["AA", "KK"], exact=True, threads=1), 10)
    assert round(r[0].equity, 5) == 0.81946


@pytest.mark.benchmark(group="holdem three-way preflop exact")
def test_ours_three_way_exact(benchmark):
    r = run(benchmark, lambda: equity("holdem", ["AhAs", "KhKs", "7c2d"], exact=True,
                                      threads=1), 10)
    assert sum(r.equities) == pytest.approx(1.0)


@pytest.mark.benchmark(group="holdem three-way preflop exact")
def test_poker_equity_three_way_exact(benchmark):
    pe = pytest.importorskip("poker_equity")
    ours = equity("holdem", ["AhAs", "KhKs", "7c2d"], exact=True)[0].equity
    r = run(benchmark, lambda: pe.exact_from_text("holdem", ["AhAs", "KhKs", "7c2d"], "", ""), 3)
    assert r["players"][0]["equity"] == pytest.approx(ours, abs=1e-12)


# ---------------------------------------------------------------- Monte Carlo

TRIALS = 2_000_000


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up, 2M trials")
def test_ours_monte_carlo(benchmark):
    r = run(benchmark, lambda: equity("holdem", ["AhAs", "KhKs"], trials=TRIALS, seed=1,
                                      threads=1))
    assert abs(r[0].equity - AA_KK) < 4 * r[0].se


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up, 2M trials")
def test_eval7_monte_carlo(benchmark):
    eval7 = pytest.importorskip("eval7")
    hand = [eval7.Card("Ah"), eval7.Card("As")]
    villain = eval7.HandRange("KhKs")
    r = run(benchmark, lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], TRIALS))
    assert abs(r - AA_KK) < 0.002


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up, 2M trials")
def test_poker_equity_monte_carlo(benchmark):
    pe = pytest.importorskip("poker_equity")
    r = run(benchmark, lambda: pe.chunk_from_text("holdem", ["AhAs", "KhKs"], "", "",
                                                  samples=TRIALS, seed=1, threads=1))
    assert abs(r["players"][0]["equity"] - AA_KK) < 0.002


@pytest.mark.benchmark(group="holdem Monte Carlo random vs random, 2M trials")
def test_ours_monte_carlo_random_hands(benchmark):
    r = run(benchmark, lambda: equity("holdem", ["random", "random"], trials=TRIALS, seed=1,
                                      threads=1))
    assert abs(r[0].equity - 0.5) < 4 * r[0].se


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up, 20k trials (pokerkit)")
def test_ours_monte_carlo_small(benchmark):
    r = run(benchmark, lambda: equity("holdem", ["AhAs", "KhKs"], trials=20_000, seed=1,
                                      threads=1))
    assert abs(r[0].equity - AA_KK) < 0.02


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up, 20k trials (pokerkit)")
def test_pokerkit_monte_carlo_small(benchmark):
    pk = pytest.importorskip("pokerkit")
    ranges = (pk.parse_range("AhAs"), pk.parse_range("KhKs"))
    r = run(benchmark, lambda: pk.calculate_equities(
        ranges, (), 2, 5, pk.Deck.STANDARD, (pk.StandardHighHand,), sample_count=20_000), 1)
    assert abs(r[0] - AA_KK) < 0.02


# ---------------------------------------------------------------- Omaha

OMAHA = ["AhAsKd7c", "QhJhTs9s"]


@pytest.mark.benchmark(group="omaha exact heads-up preflop (1,086,008 boards)")
def test_ours_omaha_exact(benchmark):
    r = run(benchmark, lambda: equity("omaha", OMAHA, exact=True, threads=1), 3)
    assert r.outcomes == 1_086_008


@pytest.mark.benchmark(group="omaha exact heads-up preflop (1,086,008 boards)")
def test_poker_equity_omaha_exact(benchmark):
    pe = pytest.importorskip("poker_equity")
    ours = equity("omaha", OMAHA, exact=True)[0].equity
    r = run(benchmark, lambda: pe.exact_from_text("omaha", OMAHA, "", ""), 1)
    assert r["players"][0]["equity"] == pytest.approx(ours, abs=1e-12)


# the same symmetry for every Omaha: 5 and 6 hole cards, and Hi/Lo, preflop
OMAHA_PREFLOP = [
    ("omaha5", "omaha_five", ["AhAsKd7c2d", "QhJhTs9s3c"]),
    ("omaha6", "omaha_six", ["AhAsKd7c2d4h", "QhJhTs9s3c5d"]),
    ("omaha-hilo", "omaha_hi_lo", ["Ah2sKd3c", "QhJh4s5s"]),
]


@pytest.mark.parametrize(("game", "peer_game", "hands"), OMAHA_PREFLOP,
                         ids=[g for g, _, _ in OMAHA_PREFLOP])
@pytest.mark.benchmark(group="omaha family exact heads-up preflop")
def test_ours_omaha_family_exact(benchmark, game, peer_game, hands):
    benchmark.group = f"{game} exact heads-up preflop"
    r = run(benchmark, lambda: equity(game, hands, exact=True, threads=1), 3)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("game", "peer_game", "hands"), OMAHA_PREFLOP,
                         ids=[g for g, _, _ in OMAHA_PREFLOP])
@pytest.mark.benchmark(group="omaha family exact heads-up preflop")
def test_poker_equity_omaha_family_exact(benchmark, game, peer_game, hands):
    pe = pytest.importorskip("poker_equity")
    benchmark.group = f"{game} exact heads-up preflop"
    ours = equity(game, hands, exact=True)[0].equity
    r = run(benchmark, lambda: pe.exact_from_text(peer_game, hands, "", ""), 1)
    assert r["players"][0]["equity"] == pytest.approx(ours, abs=1e-12)


HILO = ["Ah2sKd3c", "QhJh4s5s"]


@pytest.mark.benchmark(group="omaha hi/lo exact heads-up on the flop")
def test_ours_omaha_hilo_flop(benchmark):
    r = run(benchmark, lambda: equity("omaha-hilo", HILO, "7c8d9h", exact=True, threads=1), 20)
    assert r.outcomes == 820


@pytest.mark.benchmark(group="omaha hi/lo exact heads-up on the flop")
def test_poker_equity_omaha_hilo_flop(benchmark):
    pe = pytest.importorskip("poker_equity")
    ours = equity("omaha-hilo", HILO, "7c8d9h")[0].equity
    r = run(benchmark, lambda: pe.exact_from_text("omaha_hi_lo", HILO, "7c8d9h", ""), 20)
    assert r["players"][0]["equity"] == pytest.approx(ours, abs=1e-12)
