"""Plain, slow references for games.strength: written for clarity only.

* `canonical`: a situation's class under suit relabelling, as the smallest of its 24
  relabellings (no sorting trick, no tables).
* `ref_index`: the documented numbering (games/strength/_index.pyx) in Python
  integers, straight from its definition.
* `orbit_count`: the number of classes by Burnside's lemma: the mean over the 24 suit
  permutations of the situations each leaves unchanged, counted with polynomials.
* `ref_strength`: EHS, EHS², hand potentials and the river equity distribution of one
  hand on a board, by listing every runout and every opponent hand.

Keep the cases small (flop or later for `ref_strength`).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import evaluator

SUIT_PERMUTATIONS = list(permutations(range(4)))


def relabel(cards, perm):
    return [4 * (c // 4) + perm[c % 4] for c in cards]


def canonical(hole, board):
    """The smallest (sorted hole, sorted board) over the 24 relabellings of the suits."""
    return min((tuple(sorted(relabel(hole, p))), tuple(sorted(relabel(board, p))))
               for p in SUIT_PERMUTATIONS)


def _colex(ranks):
    return sum(comb(r, i + 1) for i, r in enumerate(sorted(ranks)))


def ref_index(hole, board, ranks=13):
    """The index of (hole, board) by the definition, from cards of the top `ranks`
    ranks of a 52-card encoding."""
    low = 13 - ranks
    h, k = len(hole), len(board)
    suits = []
    for s in range(4):
        hr = sorted(c // 4 - low for c in hole if c % 4 == s)
        br = sorted(c // 4 - low for c in board if c % 4 == s)
        line = [r for r in range(ranks) if r not in hr]       # the board's rank line
        number = _colex(hr) + comb(ranks, len(hr)) * _colex([line.index(r) for r in br])
        suits.append(((len(hr), len(br)), number))
    suits.sort(key=lambda t: (t[0], -t[1]), reverse=True)
    config = tuple(p for p, _ in suits)

    def configurations():
        pats = [(a, b) for a in range(h + 1) for b in range(k + 1) if a + b <= ranks]
        out = []

        def extend(prefix, la, lb):
            if len(prefix) == 4:
                if la == 0 and lb == 0:
                    out.append(tuple(prefix))
                return
            for p in pats:
                if p[0] <= la and p[1] <= lb and (not prefix or p <= prefix[-1]):
                    extend([*prefix, p], la - p[0], lb - p[1])

        extend([], h, k)
        return sorted(out)

    def block(conf):
        size, i = 1, 0
        while i < 4:
            j = i
            while j < 4 and conf[j] == conf[i]:
                j += 1
            a, b = conf[i]
            m = comb(ranks, a) * comb(ranks - a, b)
            size *= comb(m + j - i - 1, j - i)
            i = j
        return size

    offset = 0
    for conf in configurations():
        if conf == config:
            break
        offset += block(conf)
    index, mult, i = offset, 1, 0
    while i < 4:
        j = i
        while j < 4 and config[j] == config[i]:
            j += 1
        numbers = sorted(n for _, n in suits[i:j])
        index += mult * sum(comb(x + g, g + 1) for g, x in enumerate(numbers))
        a, b = config[i]
        m = comb(ranks, a) * comb(ranks - a, b)
        mult *= comb(m + j - i - 1, j - i)
        i = j
    return index


def orbit_count(ranks, hole, board):
    """Classes of (hole, board) situations under the 24 suit relabellings (Burnside)."""
    total = 0
    for perm in SUIT_PERMUTATIONS:
        cycles, seen = [], set()
        for s in range(4):
            if s in seen:
                continue
            length, t = 0, s
            while t not in seen:
                seen.add(t)
                t = perm[t]
                length += 1
            cycles.append(length)
        # poly[i][j]: ways to pick i hole and j board cards as unions of card cycles
        poly = [[0] * (board + 1) for _ in range(hole + 1)]
        poly[0][0] = 1
        for _ in range(ranks):
            for length in cycles:
                new = [row[:] for row in poly]
                for i in range(hole + 1):
                    for j in range(board + 1):
                        if poly[i][j]:
                            if i + length <= hole:
                                new[i + length][j] += poly[i][j]
                            if j + length <= board:
                                new[i][j + length] += poly[i][j]
                poly = new
        total += poly[hole][board]
    assert total % 24 == 0
    return total // 24


def _share(mine, theirs):
    return Fraction(1) if mine > theirs else Fraction(1, 2) if mine == theirs else Fraction(0)


def ref_strength(hole, board, ranking=evaluator.HIGH, deck=range(52), weights=None):
    """EHS, EHS², PPot, NPot and the river equity distribution (value -> probability)
    of `hole` on `board` against one opponent hand, every runout and opponent listed.

    weights: opponent hand (a sorted tuple of cards) -> weight; None for a uniformly
    random hand.  Runout and opponent are dealt together: a pair's chance is its
    weight over the sum of the weights of every valid pair."""
    hole, board = list(hole), list(board)
    rest = [c for c in deck if c not in hole and c not in board]
    need = 5 - len(board)
    cur_mine = ranking.evaluate(hole + board) if len(board) >= 3 else None
    hp = {(x, y): Fraction(0) for x in "ABT" for y in "ABT"}
    num, den, sq = Fraction(0), Fraction(0), Fraction(0)
    dist: dict[Fraction, Fraction] = {}
    for runout in combinations(rest, need):
        final = board + list(runout)
        mine = ranking.evaluate(hole + final)
        left = [c for c in rest if c not in runout]
        r_num, r_den = Fraction(0), Fraction(0)
        for opp in combinations(left, 2 if len(hole) == 2 else len(hole)):
            w = Fraction(1) if weights is None else Fraction(weights.get(tuple(sorted(opp)), 0))
            if not w:
                continue
            s = _share(mine, ranking.evaluate(list(opp) + final))
            r_num += w * s
            r_den += w
            if cur_mine is not None:
                theirs = ranking.evaluate(list(opp) + board)
                cur = "A" if cur_mine > theirs else "T" if cur_mine == theirs else "B"
                fin = "A" if s == 1 else "T" if s == Fraction(1, 2) else "B"
                hp[cur, fin] += w
        if r_den:
            e = r_num / r_den
            num += r_num
            den += r_den
            sq += r_den * e * e
            dist[e] = dist.get(e, Fraction(0)) + r_den
    ehs = num / den
    out = {"ehs": ehs, "ehs2": sq / den,
           "dist": {e: p / den for e, p in sorted(dist.items())}}
    if cur_mine is not None:
        tot = {x: sum(hp[x, y] for y in "ABT") for x in "ABT"}
        pd = tot["B"] + tot["T"] / 2
        nd = tot["A"] + tot["T"] / 2
        out["ppot"] = ((hp["B", "A"] + hp["B", "T"] / 2 + hp["T", "A"] / 2) / pd
                       if pd else Fraction(0))
        out["npot"] = ((hp["A", "B"] + hp["T", "B"] / 2 + hp["A", "T"] / 2) / nd
                       if nd else Fraction(0))
        cur_num = Fraction(0)
        cur_den = Fraction(0)
        for opp in combinations(rest, len(hole)):
            w = Fraction(1) if weights is None else Fraction(weights.get(tuple(sorted(opp)), 0))
            if w:
                cur_num += w * _share(cur_mine, ranking.evaluate(list(opp) + board))
                cur_den += w
        out["hs"] = cur_num / cur_den
    return out


def _values(ranking, holes, board):
    """Values of rows of hole cards on one board, by the evaluator's batch call."""
    import numpy as np
    holes = np.asarray(holes, dtype=np.uint8)
    boards = np.repeat(np.asarray(board, dtype=np.uint8)[None], len(holes), axis=0)
    if holes.shape[1] == 2:
        return ranking.evaluate_batch(np.concatenate([holes, boards], axis=1))
    return ranking.evaluate_batch(holes, boards)


def ref_omaha(hole, board, ranking=evaluator.OMAHA):
    """HS, EHS, EHS², the river equity distribution and the 3 x 3 counts (now x river:
    ahead, tied, behind) of one four-card holding on a flop-or-later board against one
    random holding, every runout and opponent listed (numpy batches of the evaluator;
    exact fractions).  Keep it to turns and rivers."""
    import numpy as np
    hole, board = list(hole), list(board)
    rest = [c for c in range(52) if c not in hole and c not in board]
    need = 5 - len(board)
    opps = np.array(list(combinations(rest, 4)), dtype=np.uint8)
    omask = np.zeros(len(opps), dtype=np.uint64)
    for j in range(4):
        omask |= np.uint64(1) << opps[:, j].astype(np.uint64)
    mine_now = _values(ranking, [hole], board)[0]
    theirs_now = _values(ranking, opps, board)
    now = np.where(mine_now > theirs_now, 0, np.where(mine_now == theirs_now, 1, 2))
    hs = Fraction(int(2 * (now == 0).sum() + (now == 1).sum()), 2 * len(opps))
    cells = np.zeros((3, 3), dtype=np.int64)
    num, den, sq = Fraction(0), Fraction(0), Fraction(0)
    dist: dict[Fraction, Fraction] = {}
    for runout in combinations(rest, need):
        rmask = np.uint64(sum(1 << c for c in runout))
        ok = (omask & rmask) == 0
        final = board + list(runout)
        mine = _values(ranking, [hole], final)[0]
        theirs = _values(ranking, opps[ok], final)
        fin = np.where(mine > theirs, 0, np.where(mine == theirs, 1, 2))
        np.add.at(cells, (now[ok], fin), 1)
        r_num = Fraction(int(2 * (fin == 0).sum() + (fin == 1).sum()), 2)
        r_den = Fraction(int(ok.sum()))
        e = r_num / r_den
        num += r_num
        den += r_den
        sq += r_den * e * e
        dist[e] = dist.get(e, Fraction(0)) + r_den
    return {"hs": hs, "ehs": num / den, "ehs2": sq / den, "cells": cells,
            "dist": {e: p / den for e, p in sorted(dist.items())}}


def ref_two_opponents(hole, board, ranking=evaluator.HIGH, weights=None):
    """EHS of a two-card hand against two opponents on a turn or river board, every
    runout and ordered pair of opponent hands that share no card listed (numpy; a
    pair's chance is the product of its weights, None: every hand weighs 1)."""
    import numpy as np
    hole, board = list(hole), list(board)
    rest = [c for c in range(52) if c not in hole and c not in board]
    need = 5 - len(board)
    num = 0.0
    den = 0.0
    for runout in combinations(rest, need):
        left = [c for c in rest if c not in runout]
        opps = np.array(list(combinations(left, 2)), dtype=np.uint8)
        w = np.array([1.0 if weights is None else weights.get(tuple(sorted(o)), 0.0)
                      for o in opps.tolist()])
        final = board + list(runout)
        mine = int(_values(ranking, [hole], final)[0])
        v = _values(ranking, opps, final).astype(np.int64)
        mask = np.zeros(len(opps), dtype=np.uint64)
        for j in range(2):
            mask |= np.uint64(1) << opps[:, j].astype(np.uint64)
        apart = (mask[:, None] & mask[None, :]) == 0
        best = np.maximum(v[:, None], v[None, :])
        ties = (v[:, None] == best).astype(np.int64) + (v[None, :] == best)
        share = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (1 + ties), 0.0))
        pw = w[:, None] * w[None, :] * apart
        num += float((share * pw).sum())
        den += float(pw.sum())
    return num / den
