"""Shared test settings: reproducible randomness everywhere.

Hypothesis runs derandomized (the same examples every run); set
POKERHANDS_HYPOTHESIS=sweep to explore fresh examples locally.  Tests that draw
random hands take the `rng` fixture, seeded by POKERHANDS_SEED (default 20261122).

In a source checkout built in place, a run stops at once if an extension is older than
its source (.pyx, or a plain module setup.py compiles): Python would import the stale
extension and test yesterday's code.
"""

import gc
import os
import threading
from collections.abc import Callable
from pathlib import Path

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


def stale_extensions() -> list[str]:
    """Extensions of a source checkout built in place that are older than their source
    (an installed wheel has no .pyx beside its extensions and is never stale)."""
    import evaluator
    import games

    stale = []
    for package in (evaluator, games):
        root = Path(package.__file__).parent
        if not any(root.rglob("*.pyx")):
            continue
        for built in (*root.rglob("*.so"), *root.rglob("*.pyd")):
            stem = built.name.split(".", 1)[0]
            for source in (built.with_name(stem + ".pyx"), built.with_name(stem + ".py")):
                if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
                    stale.append(str(source))
    return stale


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = stale_extensions()
    if stale:
        pytest.exit("extensions older than their source (rebuild with `python setup.py "
                    "build_ext --inplace`): " + ", ".join(sorted(stale)), returncode=4)


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(SEED)


@pytest.fixture
def workers() -> Callable[[], int]:
    """A count of the batches' worker threads alive in this process (`games.Tables`;
    it collects garbage first: tables that went away stop theirs when collected)."""
    def count() -> int:
        gc.collect()
        return sum(t.name.startswith("pokerhands-tables") for t in threading.enumerate())

    return count
