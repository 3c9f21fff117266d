"""A random agent against a simple rule-based one, heads-up no-limit hold'em, a million
hands on `games.Tables`; prints the rule-based agent's win rate with its standard error.

    python docs/examples/random_vs_rules.py            # about ten seconds
    python docs/examples/random_vs_rules.py --hands 100000 --tables 1024

Nothing is trained.  Seat 0 plays at random (fold, check or call, or raise, each
equally likely among those allowed; a raise to a uniform amount).  Seat 1 follows
rules: before the flop it raises to three times the big blind with a pair, an ace or
two cards ten or higher, calls with suited or connected cards, and otherwise checks or
folds; after the flop it bets two thirds of the pot with two pair or better, calls
with a pair, and otherwise checks or folds.  Every hand starts again from 100 big
blinds.  The win rate is the mean of seat 1's chips won per hand (its standard error
the sample standard deviation over the square root of the hands), also in big blinds
per 100 hands, poker's usual unit.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from evaluator import HIGH, parse_cards
from games import Tables
from games.rl import BetSizes, random_actions

BIG_BLIND = 2
#: HIGH's value of the weakest pair and of the weakest two pair (higher is better)
PAIR = HIGH.evaluate(parse_cards("2c 2d 3h 4s 6c"))
TWO_PAIR = HIGH.evaluate(parse_cards("2c 2d 3h 3s 4c"))


def rules(view: dict[str, np.ndarray], sizes: BetSizes) -> tuple[np.ndarray, np.ndarray]:
    """Seat 1's actions at every table (only those where it acts are used)."""
    hole = view["hole"][:, 1].astype(np.int64)
    board = view["board"]
    ranks, suits = hole // 4, hole % 4
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    pair = ranks[:, 0] == ranks[:, 1]
    strong = pair | (high == 12) | (low >= 8)
    playable = (suits[:, 0] == suits[:, 1]) | (high - low == 1)
    # after the flop: the best hand of hole and board, by the number of board cards
    dealt = (board != 255).sum(axis=1)
    value = np.zeros(len(hole), np.int64)
    for count in (3, 4, 5):
        rows = np.flatnonzero(dealt == count)
        if rows.size:
            cards = np.hstack([hole[rows], board[rows, :count]]).astype(np.uint8)
            value[rows] = HIGH.evaluate_batch(cards)
    preflop = dealt == 0
    choice = np.where(view["fold"], 0, 1)                       # check, or fold to a bet
    choice = np.where(preflop & playable, 1, choice)
    choice = np.where(~preflop & (value >= PAIR), 1, choice)
    raise_to = np.where(preflop, 3 * BIG_BLIND, 0)
    kinds, amounts = sizes.actions(choice, view)
    can_raise = view["raise_min"] >= 0
    value_bet = ~preflop & (value >= TWO_PAIR) & can_raise
    pot = view["pot"] + view["bets"].sum(axis=1)
    bet_to = view["bets"].max(axis=1) + (2 * pot) // 3
    raise_to = np.where(value_bet, bet_to, raise_to)
    open_raise = preflop & strong & can_raise
    go = (open_raise | value_bet)
    kinds = np.where(go, 2, kinds)
    amounts = np.where(go, np.clip(raise_to, view["raise_min"], view["raise_max"]), amounts)
    return kinds, amounts


def play(hands: int, tables: int, seed: int) -> tuple[int, float, float]:
    """Hands played, seat 1's mean chips won per hand and its standard error."""
    env = Tables("holdem", n=tables, seats=2, stacks=100 * BIG_BLIND,
                 blinds=(BIG_BLIND // 2, BIG_BLIND), seed=seed)
    rng = np.random.default_rng(seed)
    sizes = BetSizes()
    while env.hands < hands:
        view = env.observe(copy=False)
        random_kinds, random_amounts = random_actions(view, rng)
        rule_kinds, rule_amounts = rules(view, sizes)
        seat_one = view["actor"] == 1
        env.step(np.where(seat_one, rule_kinds, random_kinds),
                 np.where(seat_one, rule_amounts, random_amounts))
    totals = env.totals()       # every finished hand's payoffs, summed by the tables
    return totals.hands, float(totals.mean[1]), float(totals.standard_error[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--tables", type=int, default=4096)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    played, mean, error = play(args.hands, args.tables, args.seed)
    seconds = time.perf_counter() - start
    print(f"{played:,} hands in {seconds:.1f} s ({played / seconds:,.0f} hands/s)")
    print(f"rule-based agent: {mean:+.3f} chips a hand, standard error {error:.3f}")
    print(f"  = {100 * mean / BIG_BLIND:+.1f} big blinds per 100 hands "
          f"(+/- {100 * error / BIG_BLIND:.1f})")


if __name__ == "__main__":
    main()
