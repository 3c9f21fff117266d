"""Planning an exact run: the tuples of one combo per player that can be dealt
together, reduced by suit isomorphism (tuples that a relabelling of suits fixing the
board and the dead cards maps onto each other have the same result), and its cost."""

from __future__ import annotations

import math
from itertools import permutations

import numpy as np
import numpy.typing as npt

from evaluator.checks import deck_mask
from evaluator.omaha_tables import ComboTables
from games.equity.inputs import Player, combo_masks
from games.variants import Variant

#: hand tuples enumerated at most (ranges); beyond this only sampling is offered
MAX_TUPLES = 200_000


def hand_tuples(players: list[Player]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Every tuple of one combo per player with no card in common: (K, P) combo
    indices and (K,) weights (products of the players' weights)."""
    masks = [combo_masks(p) for p in players]
    idx = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.uint64)
    weight = np.ones(1)
    for p, m in zip(players, masks, strict=False):
        if len(used) * len(m) > 8 * MAX_TUPLES:
            raise OverflowError
        ok = (used[:, None] & m[None, :]) == 0
        rows, cols = np.nonzero(ok)
        idx = np.concatenate([idx[rows], cols[:, None]], axis=1)
        used = used[rows] | m[cols]
        weight = weight[rows] * p.weights[cols]
        if len(used) > MAX_TUPLES:
            raise OverflowError
    return idx, weight


def suit_perms(fixed_sets: list[int]) -> list[npt.NDArray[np.uint8]]:
    """Card relabellings (suit permutations) that map each given card set onto itself."""
    out = []
    for perm in permutations(range(4)):
        table = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], dtype=np.uint8)
        if all(deck_mask(table[[c for c in range(52) if (s >> c) & 1]]) == s for s in fixed_sets):
            out.append(table)
    return out


def canonical(holes: npt.NDArray[np.uint8], perms: list[npt.NDArray[np.uint8]]
               ) -> npt.NDArray[np.int64]:
    """Class id of each tuple of hands (K, P, h) under the given relabellings."""
    k = holes.shape[0]
    best = None
    for table in perms:
        mapped = table[holes].astype(np.uint64)
        keys = np.bitwise_or.reduce(np.uint64(1) << mapped, axis=2)  # (K, P)
        if best is None:
            best = keys
            continue
        diff = keys != best
        first = np.argmax(diff, axis=1)
        rows = np.arange(k)
        less = diff.any(axis=1) & (keys[rows, first] < best[rows, first])
        best[less] = keys[less]
    assert best is not None
    _, inverse = np.unique(best, axis=0, return_inverse=True)
    return np.asarray(inverse).reshape(-1)


def lookups_per_player(v: Variant) -> int:
    """Table loads per player and board: one for a best-five ranking, one per hole pair
    for a two-plus-three one (Omaha's ComboTables)."""
    assert v.high is not None
    if isinstance(v.high.tables, ComboTables):
        return math.comb(v.hole_cards, 2)
    return 1


def plan_exact(v: Variant, players: list[Player], board: npt.NDArray[np.uint8],
               dead: npt.NDArray[np.uint8], boards: int
               ) -> tuple[npt.NDArray[np.uint8] | None, npt.NDArray[np.float64] | None,
                          int, float]:
    """Enumerate the hand tuples if there are not too many and reduce them by suits:
    (holes (C, P, h) one tuple per class, class weights (C,), tuples enumerated, cost in
    lookups), or (None, None, 0, inf) when there are too many to enumerate."""
    n = len(players)
    holes: npt.NDArray[np.uint8] | None = None
    cls_weight: npt.NDArray[np.float64] | None = None
    cost = math.inf
    tuples_count = 0
    try:
        idx, weight = hand_tuples(players)
    except OverflowError:
        idx = None
    if idx is not None:
        if len(idx) == 0:
            raise ValueError("no deal is possible: the players' ranges always collide")
        all_holes = np.stack(
            [players[p].combos[idx[:, p]] for p in range(n)], axis=1
        ).astype(np.uint8)
        tuples_count = len(idx)
        if len(idx) > 1:
            perms = suit_perms([deck_mask(board), deck_mask(dead)])
            cls = canonical(all_holes, perms)
            n_cls = int(cls.max()) + 1
            first = np.full(n_cls, -1, dtype=np.int64)
            first[cls[::-1]] = np.arange(len(cls))[::-1]
            holes = np.ascontiguousarray(all_holes[first])
            cls_weight = np.bincount(cls, weights=weight, minlength=n_cls).astype(np.float64)
        else:
            holes = np.ascontiguousarray(all_holes)
            cls_weight = weight
        cost = len(holes) * boards * n * lookups_per_player(v)
    return holes, cls_weight, tuples_count, cost
