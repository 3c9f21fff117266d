"""Crazy Pineapple in equity: the documented discard policy after the flop, and the
exact run over every flop (each with its own discards) before it."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

import evaluator
from evaluator.checks import deck_mask
from games.equity import _exact
from games.equity.inputs import Player, cards_text
from games.equity.result import EquityResult, Progress, player_equities
from games.variants import Variant


def keep_two(cards: Sequence[int], flop: Sequence[int]) -> tuple[int, int]:
    """The documented discard policy: of three hole cards keep the two that make the
    best five-card hand with the flop; ties go to the pair with the higher cards
    (compared highest first), then the earlier cards in card order."""
    best: tuple[Any, ...] | None = None
    keep: tuple[int, int] = (0, 0)
    flop = list(flop)
    for a, b in combinations(sorted(cards, reverse=True), 2):
        value = evaluator.HIGH.evaluate([a, b, *flop])
        rank = (value, sorted(((a >> 2), (b >> 2)), reverse=True), -a, -b)
        if best is None or rank > best:
            best, keep = rank, (a, b)
    return keep


def discard(v: Variant, players: list[Player], board: npt.NDArray[np.uint8],
             dead: npt.NDArray[np.uint8]) -> tuple[list[Player], npt.NDArray[np.uint8]]:
    """Apply the discard policy to fixed hands; the discarded cards become dead."""
    if len(board) < 3:
        raise ValueError(
            f"{v.title}: the discard depends on the flop; give the board (3+ cards)"
        )
    flop = board[:3].tolist()
    out = []
    discarded = list(dead.tolist())
    for i, p in enumerate(players):
        if not p.is_fixed:
            raise ValueError(
                f"{v.title}: player {i + 1} needs one hand (ranges are not supported here)"
            )
        row = p.combos[0].tolist()
        pair = keep_two(row, flop)
        discarded += [c for c in row if c not in pair]
        out.append(Player(p.text, np.array([pair], dtype=np.uint8), np.ones(1)))
    return out, np.array(discarded, dtype=np.uint8)


def discard_preflop(v: Variant, tables: Any, players: list[Player], dead: npt.NDArray[np.uint8],
                    t0: float, progress: Progress | None) -> EquityResult:
    """Every flop, each with its own discards, then hold'em to the river (exact), ranked
    with the high ranking's `tables`."""
    for i, p in enumerate(players):
        if not p.is_fixed:
            raise ValueError(
                f"{v.title}: player {i + 1} needs one hand (ranges are not supported here)"
            )
    hands = [p.combos[0].tolist() for p in players]
    known = deck_mask(dead.tolist() + [c for h in hands for c in h])
    rest = [c for c in v.deck.tolist() if not (known >> c) & 1]
    n = len(players)
    counts = np.zeros((1, n, _exact.NCOLS), dtype=np.int64)
    flops = list(combinations(rest, 3))
    for k, flop in enumerate(flops):
        kept = [keep_two(h, flop) for h in hands]
        out_cards = {c for h, pair in zip(hands, kept, strict=True) for c in h if c not in pair}
        deck = np.array([c for c in rest if c not in flop and c not in out_cards], np.uint8)
        holes = np.array([kept], dtype=np.uint8)
        _exact.exact(tables, None, holes, np.array(flop, np.uint8), deck, 0, 1, counts)
        if progress is not None and (k % 256 == 255 or k == len(flops) - 1):
            progress(k + 1, len(flops))
    boards = math.comb(len(rest) - 3, 2)
    stats = counts[0].astype(np.float64) / (len(flops) * boards)
    return EquityResult(
        v.name, player_equities([p.text for p in players], stats, None), "", cards_text(dead), True,
        len(flops) * boards, False, None, 1, time.perf_counter() - t0,
    )
