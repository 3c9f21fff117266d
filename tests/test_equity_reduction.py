"""The exact enumerator's shortcuts against plain enumeration.

`games.equity` does not visit every board: it deals boards by rank and evaluates one
card for a group of interchangeable cards, weighing the result by how many boards it
stands for.  A group is the cards of the "loose" suits of a rank (suits nobody can still
make a flush in) or of a class of symmetric suits (suits a relabelling fixing every
hand, the board and the deck swaps, as hearts and spades in AhAs vs KhKs).  These tests
settle every board one by one with `games.showdown_batch` (a different code path: the
batch showdown kernel and the pot splitter) and demand the same equity to the last bit
of a double, preflop and on later streets, heads-up and multiway, for the high, the 2+3
Omaha high and hi/lo; and they check in the kernel's integer pot units that the weights
of the boards evaluated add up to the number of boards.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest

from games import equity, showdown_batch, variant
from games.equity import _exact
from games.equity.inputs import hand_tables, low_table, remaining_deck
from tests import ref_equity

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


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        # hearts with spades and clubs with diamonds swap: four relabellings
        ("holdem", ["AhAs", "KhKs"], ""),
        ("holdem", ["AhAs", "KhKs", "QhQs"], ""),
        ("holdem", ["AcAd", "KcKd", "QhQs", "JhJs"], ""),
        # one class of three suits (diamonds, hearts, spades)
        ("holdem", ["AcKc", "QcJc"], ""),
        ("holdem", ["2c3c", "4c5c", "6c7c"], ""),
        ("holdem", ["7c7d", "2h2s"], "7h2c3d"),
        # a flop that keeps one swap (clubs with diamonds) and breaks the other
        ("holdem", ["AhAs", "KhKs"], "9c9d5h"),
        # the board makes every suit different
        ("holdem", ["AhAs", "KhKs"], "2c3d4h5s"),
        ("short-deck", ["AhAs", "KhKs", "QcQd"], ""),
        ("omaha", ["AhAsKhKs", "QcQdJcJd"], ""),
        ("omaha-hilo", ["Ah2hAs2s", "KcKd3c3d"], ""),
        ("omaha-hilo", ["Ah2hAs2s", "KcKd3c3d", "4h5h4s5s"], "6c7d8h"),
    ],
)
def test_symmetric_suits_equal_every_board_settled(game, hands, board):
    cards = [_cards(h) for h in hands]
    check(game, cards, _cards(board))
    check_weights(game, [cards], _cards(board))


def _cards(text: str) -> list[int]:
    ranks, suits = "23456789TJQKA", "cdhs"
    return [4 * ranks.index(text[i]) + suits.index(text[i + 1]) for i in range(0, len(text), 2)]


def check_weights(game: str, tuples: list[list[list[int]]], board: list[int]) -> None:
    """Run the kernel itself on each tuple of hands: every board pays out the whole pot
    (POT_UNITS) once, so the units paid over a tuple add up to POT_UNITS times the
    number of boards, exactly, if and only if the weights do."""
    v = variant(game)
    board_arr = np.array(board, dtype=np.uint8)
    deck = remaining_deck(v, board_arr, np.zeros(0, dtype=np.uint8))
    holes = np.array(tuples, dtype=np.uint8)
    for nparts in (1, 3):
        out = np.zeros((len(tuples), holes.shape[1], _exact.NCOLS), dtype=np.int64)
        for part in range(nparts):
            _exact.exact(hand_tables(v), low_table(v), holes, board_arr, deck, part, nparts,
                          out)
        for t, hands in enumerate(tuples):
            paid = int(out[t, :, 2].sum())
            assert paid == _exact.POT_UNITS * boards_left(game, hands, board), (hands, board)


@pytest.mark.parametrize("game", ["holdem", "short-deck", "omaha", "omaha-hilo"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board_cards", [0, 3, 4])
def test_weights_sum_to_the_boards(game, players, board_cards):
    """Random deals, preflop, on the flop and on the turn, every way of splitting the
    work (see check_weights)."""
    rng = np.random.default_rng(100 * players + board_cards + 7 * len(game))
    deals = [random_hands(rng, game, players, board_cards) for _ in range(6 if board_cards else 2)]
    for hands, board in deals:
        check_weights(game, [hands], board)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AhAs", "KhKs"], "9c9d5h", "2c"),           # a dead club: clubs and diamonds differ
        (["AhAs", "KhKs"], "9c9d5s", "2c2d"),         # dead cards that keep the swap
        (["7c7d", "2h2s", "QcQd"], "3h3s4c", "5d"),
    ],
)
def test_dead_cards_break_or_keep_the_symmetry(hands, board, dead):
    """The suit classes are read from the deck the kernel is given, dead cards removed:
    the same answer as the reference enumerator in tests/ref_equity.py, exactly."""
    got = equity("holdem", hands, board=board, dead=dead, exact=True)
    want = ref_equity.equity([_cards(h) for h in hands], _cards(board), _cards(dead))
    assert got.equities == pytest.approx([float(w["equity"]) for w in want], rel=0,
                                         abs=1e-12)
