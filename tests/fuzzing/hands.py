"""Real hand histories for the targets to start from: a few seeded random hands of
every variant code our engine plays (written by it), and where the PHH dataset lies
beside the project (../shared/phh, as tests/test_phh_dataset.py reads it), its files."""

from __future__ import annotations

import random
import tarfile
from functools import cache
from pathlib import Path

from games import Table
from games.phh import CODES
from tests.engine_util import act_at_random

ARCHIVE = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh" / \
    "pokerkit-phh-data.tar.xz"


def play_at_random(t: Table, rng: random.Random, most: int = 200) -> Table:
    """Play the table's hand out at random (`act_at_random`)."""
    for _ in range(most):
        if t.done:
            break
        act_at_random(t, rng)
    return t


@cache
def ours() -> tuple[str, ...]:
    """Three hands of every code of the engine's bet-and-draw games, 2, 3 or 6 seats."""
    rng = random.Random(7)
    texts = []
    for game, betting in CODES.values():
        if game in ("ofc", "pineapple-ofc"):
            continue
        for seed in range(3):
            t = Table(game, [200] * rng.choice([2, 3, 6]), seed=seed, betting=betting)
            texts.append(play_at_random(t, rng).to_phh())
    return tuple(texts)


@cache
def dataset(most: int = 400) -> tuple[str, ...]:
    """Up to `most` files of the PHH dataset, () where it is absent."""
    if not ARCHIVE.exists():
        return ()
    texts = []
    with tarfile.open(ARCHIVE) as tar:
        for member in tar:
            if member.isfile() and member.name.endswith(".phh"):
                data = tar.extractfile(member)
                if data is not None:
                    texts.append(data.read().decode())
                if len(texts) >= most:
                    break
    return tuple(texts)
