"""Shared test settings: reproducible randomness everywhere.

Hypothesis runs derandomized (the same examples every run); set
POKERHANDS_HYPOTHESIS=sweep to explore fresh examples locally.  Tests that draw
random hands take the `rng` fixture, seeded by POKERHANDS_SEED (default 20261122).
"""

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("sweep", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("POKERHANDS_HYPOTHESIS", "ci"))

SEED = int(os.environ.get("POKERHANDS_SEED", "20261122"))


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(SEED)


def random_hands(rng: np.random.Generator, n: int, k: int, deck: int = 52) -> np.ndarray:
    """(n, k) uint8 rows of distinct cards drawn from the top `deck` cards of 52."""
    low = 52 - deck
    keys = rng.random((n, deck))
    return (np.argsort(keys, axis=1)[:, :k] + low).astype(np.uint8)
