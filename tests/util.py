"""Helpers shared by the tests."""

import numpy as np


def random_hands(rng: np.random.Generator, n: int, k: int, deck: int = 52) -> np.ndarray:
    """(n, k) uint8 rows of distinct cards drawn from the top `deck` cards of 52."""
    low = 52 - deck
    keys = rng.random((n, deck))
    return (np.argsort(keys, axis=1)[:, :k] + low).astype(np.uint8)
