"""A plain, slow equity enumerator to check the kernels against.

Written for clarity only: every board completion is listed with itertools, every
hand ranked by evaluator's plain single-hand API (best five of seven for hold'em;
the best of every two-hole + three-board choice for Omaha) and a low written out
from the rules text.  Keep the cases small (flop and turn boards).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import evaluator

HIGH = evaluator.HIGH


def low_value(five: list[int]) -> int:
    """Ace-to-five eight-or-better low of five cards, higher is better, 0 = none.

    Five distinct ranks, all 8 or lower, ace low; straights and flushes ignored; of
    two lows the one with the lower highest card wins, then the next, and so on."""
    ranks = sorted({1 if c >> 2 == 12 else (c >> 2) + 2 for c in five}, reverse=True)
    if len(ranks) != 5 or ranks[0] > 8:
        return 0
    # compare highest first, lower is better: invert each rank into a base-9 number
    value = 0
    for r in ranks:
        value = value * 9 + (8 - r)
    return value + 1


def holdem_high(hole: list[int], board: list[int], tables_type=HIGH) -> int:
    return tables_type.evaluate(hole + board)


def omaha_high(hole: list[int], board: list[int]) -> int:
    return max(
        HIGH.evaluate(list(two) + list(three))
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )


def omaha_low(hole: list[int], board: list[int]) -> int:
    return max(
        low_value(list(two) + list(three))
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )


def equity(hands: list[list[int]], board: list[int], dead: list[int] = (),
           *, omaha: bool = False, hi_lo: bool = False, deck: list[int] | None = None,
           high_type=HIGH) -> list[dict[str, Fraction]]:
    """Exact shares of each player over every completion of the board."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = [c for c in (deck if deck is not None else range(52)) if c not in used]
    n = len(hands)
    totals = [{"equity": Fraction(0), "win": Fraction(0), "tie": Fraction(0),
               "high": Fraction(0), "low": Fraction(0)} for _ in range(n)]
    count = 0
    for extra in combinations(rest, 5 - len(board)):
        full = list(board) + list(extra)
        count += 1
        if omaha:
            highs = [omaha_high(h, full) for h in hands]
        else:
            highs = [holdem_high(h, full, high_type) for h in hands]
        lows = [omaha_low(h, full) for h in hands] if hi_lo else [0] * n
        best_high = max(highs)
        best_low = max(lows)
        high_winners = [i for i in range(n) if highs[i] == best_high]
        low_winners = [i for i in range(n) if best_low > 0 and lows[i] == best_low]
        high_pot = Fraction(1, 2) if low_winners else Fraction(1)
        for i in range(n):
            h = high_pot / len(high_winners) if i in high_winners else Fraction(0)
            lo = Fraction(1, 2) / len(low_winners) if i in low_winners else Fraction(0)
            totals[i]["high"] += h
            totals[i]["low"] += lo
            totals[i]["equity"] += h + lo
            if h + lo == 1:
                totals[i]["win"] += 1
            elif h + lo > 0:
                totals[i]["tie"] += 1
    return [{k: v / count for k, v in t.items()} for t in totals]
