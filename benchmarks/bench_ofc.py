"""Open Face Chinese and Pineapple OFC: whole random hands through the Table.

    python -m pytest benchmarks/bench_ofc.py --benchmark-only

No peer engine plays OFC (pokerkit has no placement games), so this reports our
hands/s alone.  The seeded policy (tests/engine_util.py, the one the tests play)
places each card in a random row with room (the first five too; Pineapple keeps two
of three at random); the table deals, checks
every placement, scores every pair with `games.ofc.score` and moves the chips.
Every hand is checked to end with every chip still at the table; the checksum is
the sum of the points of the first seat over all hands.
"""

from __future__ import annotations

import random

import pytest
from tests.engine_util import place_at_random

from conftest import timed_stats
from games import Table

SEED = 20261123
STACK = 1000
HANDS = 500


def ours(game: str, seats: int, hands: int) -> tuple[int, int]:
    rng = random.Random(SEED)
    checksum = 0
    for k in range(hands):
        t = Table(game, [STACK] * seats, seed=SEED + k)
        while not t.done:
            place_at_random(t, rng)
        assert sum(t.stacks) == STACK * seats
        checksum += t.result.points[0]  # type: ignore[union-attr]
    return hands, checksum


#: the seeded policy's checksum (the first seat's points over the hands), per case:
#: the deal and the policy are seeded, so any change in play or scoring shows here
CHECKSUMS = {("ofc", 2): 26, ("ofc", 3): -14, ("pineapple-ofc", 3): -175}


@pytest.mark.parametrize(("game", "seats"), [("ofc", 2), ("ofc", 3), ("pineapple-ofc", 3)])
@pytest.mark.benchmark(group="Open Face Chinese random hands")
def test_ours_ofc(benchmark, game, seats):
    hands, checksum = benchmark.pedantic(lambda: ours(game, seats, HANDS), rounds=3,
                                         iterations=1, warmup_rounds=1)
    assert hands == HANDS
    assert checksum == CHECKSUMS[game, seats]
    if (stats := timed_stats(benchmark)) is not None:
        benchmark.extra_info["hands_per_second"] = HANDS / stats.median
