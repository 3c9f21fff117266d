"""Helpers shared by the tests."""

import math
from typing import Any

import numpy as np


def same_toml(a: Any, b: Any) -> bool:
    """TOML values equal with their types (1 is neither 1.0 nor True), NaN equal to
    itself."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same_toml(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_toml(a[k], b[k]) for k in a)
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


def random_hands(rng: np.random.Generator, n: int, k: int, deck: int = 52) -> np.ndarray:
    """(n, k) uint8 rows of distinct cards drawn from the top `deck` cards of 52."""
    low = 52 - deck
    keys = rng.random((n, deck))
    return (np.argsort(keys, axis=1)[:, :k] + low).astype(np.uint8)


def combination_chunks(deck: np.ndarray, k: int, head: int = 3):
    """Every k-card combination of `deck` (k > head), as (rows, k) uint8 chunks: for
    each position c, the combinations whose first `head` cards end at deck[c], so no
    chunk is much larger than a few million rows."""
    from itertools import combinations

    deck = np.asarray(deck, dtype=np.uint8)
    n = len(deck)
    heads = np.array(list(combinations(range(n), head)), dtype=np.uint8)
    tails = np.array(list(combinations(range(n), k - head)), dtype=np.uint8)
    for c in range(head - 1, n - (k - head)):
        h = heads[heads[:, -1] == c]
        t = tails[tails[:, 0] > c]
        rows = np.hstack([np.repeat(h, len(t), axis=0), np.tile(t, (len(h), 1))])
        yield deck[rows]
