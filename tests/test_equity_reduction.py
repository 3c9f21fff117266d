"""The exact enumerator's shortcuts against plain enumeration.

`games.equity` does not visit every board: it deals boards by rank, evaluates one card
for all the "loose" suits of a rank (suits nobody can still make a flush in) and weighs
the result by how many boards it stands for.  These tests settle every board one by
one with `games.showdown_batch` (a different code path: the batch showdown kernel and
the pot splitter) and demand the same equity to the last bit of a double, preflop and
on later streets, heads-up and multiway, for the high, the 2+3 Omaha high and hi/lo.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest

from games import equity, showdown_batch, variant

# Chips each player puts in: divisible by every split of a pot between up to four
# players and two halves, so the settled payouts are exact fractions of the pot.
STAKE = 5040


def plain_equity(game: str, hands: list[list[int]], board: list[int]) -> list[float]:
    """Settle every completion of `board` and average each seat's share of the pot."""
    v = variant(game)
    used = {c for h in hands for c in h} | set(board)
    rest = [int(c) for c in v.deck if int(c) not in used]
    need = v.board_cards - len(board)
    runs = np.fromiter(
        (c for combo in combinations(rest, need) for c in combo),
        dtype=np.uint8,
    ).reshape(-1, need)
    n, players = len(runs), len(hands)
    boards = np.hstack([np.tile(np.array(board, dtype=np.uint8), (n, 1)), runs])
    holes = np.broadcast_to(np.array(hands, dtype=np.uint8), (n, players, len(hands[0])))
    stakes = np.full((n, players), STAKE, dtype=np.int64)
    paid = showdown_batch(game, holes, boards, stakes)
    assert paid.sum() == n * players * STAKE          # every chip goes somewhere
    return (paid.sum(axis=0) / (n * players * STAKE)).tolist()


def random_hands(rng, game: str, players: int, board_cards: int):
    v = variant(game)
    cards = rng.permutation(v.deck).tolist()
    hole = v.hole_cards
    hands = [cards[i * hole:(i + 1) * hole] for i in range(players)]
    board = cards[players * hole:players * hole + board_cards]
    return hands, board


def boards_left(game: str, hands, board) -> int:
    v = variant(game)
    return math.comb(v.deck_size - len(board) - sum(map(len, hands)),
                     v.board_cards - len(board))


def check(game: str, hands, board) -> None:
    got = equity(game, hands, board=board)
    assert got.exact
    want = plain_equity(game, hands, board)
    assert got.equities == pytest.approx(want, rel=0, abs=1e-12)
    # the weights of the boards evaluated sum to the number of boards
    n = boards_left(game, hands, board)
    assert got.outcomes == n
    if len(hands) == 2:
        counts = [round(p.win * n) for p in got] + [round(got[0].tie * n)]
        assert sum(counts) == n


@pytest.mark.parametrize(
    ("game", "players", "board_cards", "seed"),
    [
        ("holdem", 2, 0, 1),           # 1,712,304 boards
        ("holdem", 3, 0, 2),
        ("short-deck", 2, 0, 3),
        ("short-deck", 4, 0, 4),
        ("omaha", 2, 0, 5),
        ("omaha-hilo", 2, 0, 6),
    ],
)
def test_preflop_equals_every_board_settled(game, players, board_cards, seed):
    rng = np.random.default_rng(seed)
    check(game, *random_hands(rng, game, players, board_cards))


@pytest.mark.parametrize("game", ["holdem", "short-deck", "omaha", "omaha-hilo", "omaha5"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board_cards", [3, 4])
def test_later_streets_equal_every_board_settled(game, players, board_cards):
    rng = np.random.default_rng(1000 * players + 10 * board_cards + len(game))
    for _ in range(8):
        check(game, *random_hands(rng, game, players, board_cards))


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        # flush draws for both in one suit, none in the others: one suit is never loose
        ([[48, 44], [40, 36]], [0, 4, 9]),
        # monotone flop: every other suit is loose on the turn and the river
        ([[51, 47], [50, 46]], [3, 7, 11]),
        # four to a flush on the board: either player makes it with any card of the suit
        ([[48, 45], [41, 38]], [0, 4, 8, 12]),
        # suited hole cards preflop: two suits can flush, two cannot
        ([[51, 47], [50, 46]], []),
        # the same suit in both hands preflop
        ([[51, 47], [43, 39]], []),
    ],
)
def test_hands_built_to_stress_the_loose_suits(hands, board):
    check("holdem", hands, board)
