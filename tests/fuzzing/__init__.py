"""Coverage-guided fuzzing of the entry points that take outside input: PHH text, a
`Table`'s actions, a `Tables` step's arrays.

Each target module has ``one_input``: it reads its choices from a provider (atheris's
`FuzzedDataProvider`, or `Choices` below) and asserts the contract every public entry
point keeps: only TypeError or ValueError escape (RuntimeError where the API documents
one), a refused call changes nothing, chips are conserved, what is read back or replayed
agrees.  Under atheris the bytes come from a coverage-guided search; by hand:

    pip install ".[fuzz]"            # atheris
    python -m tests.fuzzing phh_text CORPUS_DIR -max_total_time=600
    python -m tests.fuzzing phh_replay CORPUS_DIR -max_total_time=600
    python -m tests.fuzzing table CORPUS_DIR -max_total_time=600
    python -m tests.fuzzing tables CORPUS_DIR -max_total_time=600

(CORPUS_DIR must exist, empty is fine; libFuzzer's other flags apply).  Run so,
atheris traces the Python code only: the compiled engine is reached, and a crash in it
is caught, but its branches do not guide the search.  For that, run a target through
`bash tools/sanitizers.sh --fuzz TARGET CORPUS_DIR ...`: it builds the extensions with
clang's coverage for libFuzzer, ASan and UBSan in a copy of the tree, so the engine's
branches steer the search too and a bad read in it stops the run.
tests/test_fuzzing.py runs every target over a few hundred seeded inputs of `Choices`,
so the targets run in CI and cannot rot.  What the campaigns ran and found:
docs/testing.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def pick(fdp: Any, items: Sequence[T]) -> T:
    """One of `items`, chosen by the provider."""
    return items[fdp.ConsumeIntInRange(0, len(items) - 1)]


class Choices:
    """The part of atheris's `FuzzedDataProvider` the targets use, drawn from a seeded
    `random.Random`, with a budget of draws that stands for the input's length."""

    def __init__(self, seed: int, budget: int = 400) -> None:
        self._rng = random.Random(seed)
        self._left = budget

    def _spend(self) -> bool:
        self._left -= 1
        return self._left >= 0

    # atheris's names, so that a target takes either
    def remaining_bytes(self) -> int:
        return max(self._left, 0)

    def ConsumeIntInRange(self, lo: int, hi: int) -> int:
        return self._rng.randint(lo, hi) if self._spend() else lo

    def ConsumeBool(self) -> bool:
        return self._rng.random() < 0.5 if self._spend() else False

    def ConsumeUnicodeNoSurrogates(self, count: int) -> str:
        if not self._spend():
            return ""
        pool = "abcdp12 ?#;,.-\n\"'[]=AsKdTh10♠é\x00"
        return "".join(self._rng.choice(pool) for _ in range(self._rng.randint(0, count)))
