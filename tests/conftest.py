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

