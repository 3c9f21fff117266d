"""HandType: the Python face of one way of ranking hands (HIGH and the variants).

Values are ints where higher is better, 1..n_classes, with 0 reserved for "no hand"
(a low that does not qualify).  Equal hands get equal values whatever the number of
cards, so values of a 5-card and a 7-card hand compare directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import _kernels
from evaluator._cards import CardsLike, parse_cards
from evaluator._validate import FULL_DECK_MASK, card_rows, describe_card, output_array, run_split

#: Builds the lookup tables on first use (so importing stays fast).
TablesFactory = Callable[[], Any]
#: Turns a five-card strength (from the tables' classes) into (category index, words).
Describer = Callable[[int], tuple[int, str]]


def checked_value(value: Any) -> int:
    """A hand value as a Python int; ValueError unless it is an int (bools are not)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"a hand value must be an int, got {value!r}")
    return int(value)


class LazyTables:
    """What every hand type shares: lookup tables built on first use by a factory, so
    importing stays fast, and the number of classes they rank."""

    def __init__(self, tables: TablesFactory) -> None:
        self._factory = tables
        self._tables: Any = None

    def _lazy(self) -> Any:
        """What the factory returns (built on the first call)."""
        tables = self._tables
        if tables is None:
            tables = self._tables = self._factory()
        return tables

    # the getter itself, not a call through it: evaluate() reads this for every hand
    tables = property(_lazy, doc="The lookup tables (built on first use).")

    @property
    def n_classes(self) -> int:
        """Number of distinct five-card values; values run 1..n_classes."""
        return len(self.tables.classes)


class HandType(LazyTables):
    """A hand ranking over the best five of `sizes` cards, backed by lookup tables."""

    def __init__(
        self,
        name: str,
        tables: TablesFactory,
        *,
        categories: Sequence[str],
        describer: Describer,
        sizes: Sequence[int] = (5, 6, 7),
        allowed: int = FULL_DECK_MASK,
        deck_name: str = "52-card deck",
    ) -> None:
        super().__init__(tables)
        self.name = name
        self.categories: tuple[str, ...] = tuple(categories)
        self._describer = describer
        self.sizes: tuple[int, ...] = tuple(sizes)
        self._allowed = allowed
        self.deck_name = deck_name

    def __repr__(self) -> str:
        return f"<HandType {self.name}: {'/'.join(map(str, self.sizes))} cards>"

    # ------------------------------------------------------------------ evaluation

    def _cards(self, cards: CardsLike) -> npt.NDArray[np.uint8]:
        arr = parse_cards(cards)
        if len(arr) not in self.sizes:
            raise ValueError(f"{self.name} ranks {self._sizes_text()} cards, got {len(arr)}")
        for c in arr:
            if not (self._allowed >> int(c)) & 1:
                raise ValueError(describe_card(int(c), self.deck_name))
        return arr

    def _sizes_text(self) -> str:
        return " or ".join(str(s) for s in self.sizes)

    def evaluate(self, cards: CardsLike) -> int:
        """Value of the best five of the given cards (higher is better).

        `cards` is anything :func:`evaluator.parse_cards` accepts; a list or tuple of
        ints takes a fast path with the same checks.
        """
        sizes = self.sizes
        value = _kernels.evaluate_one(self.tables, cards, self._allowed, sizes[0], sizes[-1])
        if value is None:  # not a list or tuple of ints: parse, then take the fast path
            value = _kernels.evaluate_one(
                self.tables, self._cards(cards).tolist(), self._allowed, sizes[0], sizes[-1]
            )
            assert value is not None
        return value

    def evaluate_batch(
        self,
        cards: npt.ArrayLike,
        *,
        threads: int | None = 1,
        out: npt.NDArray[np.int32] | None = None,
    ) -> npt.NDArray[np.int32]:
        """Values of many hands: an (N, k) integer array of cards -> (N,) int32.

        The whole array is checked once (dtype, shape, card range, duplicates within a
        row); the loop then runs without the GIL, split over `threads` threads
        (None: one per core).  `out`, if given, is an (N,) int32 array to fill.
        """
        rows = card_rows(
            cards, self.sizes, self._allowed, deck_name=self.deck_name, threads=threads
        )
        n = rows.shape[0]
        out = output_array(out, n)
        tables = self.tables
        run_split(
            n, threads, lambda a, b: _kernels.evaluate_rows(tables, rows[a:b], out[a:b])
        )
        return out

    def best_five(self, cards: CardsLike) -> npt.NDArray[np.uint8]:
        """The five cards that make the hand's value (the first such five in card order)."""
        arr = self._cards(cards)
        target = self.evaluate(arr.tolist())
        for five in combinations(arr.tolist(), 5):
            if self.evaluate(list(five)) == target:
                return np.array(five, dtype=np.uint8)
        raise AssertionError("no five cards reach the hand's value")  # pragma: no cover

    # ------------------------------------------------------------------ names

    def _strength(self, value: int) -> int:
        value = checked_value(value)
        if not 1 <= value <= self.n_classes:
            raise ValueError(f"{self.name} values run 1..{self.n_classes}, got {value}")
        return int(self.tables.classes[value - 1])

    def category(self, value: int) -> str:
        """Category of a value in words, e.g. "Full House"."""
        return self.categories[self._describer(self._strength(value))[0]]

    def describe(self, value: int) -> str:
        """A value in words, e.g. "Full House, Kings full of Sevens"."""
        return self._describer(self._strength(value))[1]

    def category_bounds(self) -> dict[str, tuple[int, int]]:
        """First and last value of each category present, in order."""
        bounds: dict[str, tuple[int, int]] = {}
        for v in range(1, self.n_classes + 1):
            name = self.category(v)
            lo, _ = bounds.get(name, (v, v))
            bounds[name] = (lo, v)
        return bounds
