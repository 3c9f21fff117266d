"""HandType: the Python face of one way of ranking hands (HIGH and the variants).

Values are ints where higher is better, 1..n_classes, with 0 reserved for "no hand"
(a low that does not qualify).  Equal hands get equal values whatever the number of
cards, so values of a 5-card and a 7-card hand compare directly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import _kernel
from evaluator._cards import CardsLike, card_name, parse_cards
from evaluator.checks import (
    FULL_DECK_MASK,
    bad_cell_error,
    card_array,
    card_row_shape,
    describe_card,
    first_bad_cell,
    hand_value,
    integer_array,
    output_array,
)
from evaluator.dask_arrays import any_dask, evaluate_blocks
from evaluator.threads import run_split

#: Builds the lookup tables on first use (so importing stays fast).
TablesFactory = Callable[[], Any]
#: Turns a five-card strength (from the tables' classes) into (category index, words).
Describer = Callable[[int], tuple[int, str]]


#: one lock for every hand type's first build (builds take milliseconds and happen once)
_BUILD_LOCK = threading.RLock()


def _named(name: str) -> Any:
    """The hand type `evaluator.<name>` (how the singletons unpickle)."""
    import evaluator

    return getattr(evaluator, name)


def winners_by_value(values: Sequence[int]) -> list[int]:
    """Indices of the highest values; none when the best is 0 (no qualifying hand)."""
    best = max(values, default=0)
    if best <= 0:
        return []
    return [i for i, v in enumerate(values) if v == best]


def board_rows(cards: object, boards: object) -> npt.NDArray[np.integer]:
    """(N, k) cards and (N, b) boards side by side as one (N, k + b) integer array, for
    hand types whose hand is the best five of a player's cards and the board."""
    c = integer_array(cards, "cards")
    b = integer_array(boards, "boards")
    if c.ndim != 2 or b.ndim != 2:
        raise ValueError(f"cards and boards must be 2-d, got shapes {c.shape} and {b.shape}")
    if c.shape[0] != b.shape[0]:
        raise ValueError(f"cards has {c.shape[0]} rows but boards has {b.shape[0]}")
    return np.concatenate([c.astype(np.int64), b.astype(np.int64)], axis=1)


class LazyTables:
    """What every hand type shares: lookup tables built on first use by a factory, so
    importing stays fast, and the number of classes they rank.

    The module-level hand types (HIGH, OMAHA, ...) pickle by name: unpickling gives the
    same object, whose tables are rebuilt on first use in the new process, never
    shipped."""

    name: str

    def __init__(self, tables: TablesFactory) -> None:
        self._factory = tables
        self._tables: Any = None

    def __reduce__(self) -> str | tuple[Any, ...]:
        return (_named, (self.name,))

    def _lazy(self) -> Any:
        """What the factory returns (built on the first call, once, whichever thread
        asks first: the others wait for it)."""
        tables = self._tables
        if tables is None:
            with _BUILD_LOCK:
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
    """A hand ranking over the best five of `sizes` cards, backed by lookup tables.

    It implements :class:`evaluator.Ranking`: a player's hand is the best five of
    their cards and the board together."""

    total_order = True
    #: the kernels that value one hand and a batch of rows (evaluator._kernel), given
    #: the tables this hand type builds
    _one: Callable[..., int | None] = staticmethod(_kernel.evaluate_one)
    _rows: Callable[..., int] = staticmethod(_kernel.evaluate_rows)

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

    def evaluate(self, cards: CardsLike, board: CardsLike | None = None) -> int:
        """Value of the best five of the given cards and the board (higher is better).

        `cards` and `board` are anything :func:`evaluator.parse_cards` accepts; lists or
        tuples of ints take a fast path with the same checks.
        """
        sizes = self.sizes
        value = self._one(self.tables, cards, board, self._allowed, sizes[0], sizes[-1])
        if value is None:  # not lists or tuples of valid ints: parse, then the fast path
            hand = self._cards(cards if board is None else
                               np.concatenate([parse_cards(cards), parse_cards(board)]))
            value = self._one(self.tables, hand.tolist(), None, self._allowed, sizes[0],
                              sizes[-1])
            assert value is not None
        return value

    def evaluate_batch(
        self,
        cards: npt.ArrayLike,
        boards: npt.ArrayLike | None = None,
        *,
        threads: int | None = 1,
        out: npt.NDArray[np.int32] | None = None,
    ) -> npt.NDArray[np.int32]:
        """Values of many hands: an (N, k) integer array of cards, and optionally an
        (N, b) array of boards whose cards join each row -> (N,) int32.

        The whole array is checked once (dtype, shape, card range, duplicates within a
        row); the loop then runs without the GIL, split over `threads` threads
        (None: one per available CPU).  `out`, if given, is an (N,) int32 array to fill.

        Given dask arrays (rows chunked, the card axis whole), returns a lazy dask array
        of values, each block evaluated this way when computed (:mod:`.dask_arrays`).
        """
        if any_dask(cards, boards):
            return evaluate_blocks(self.evaluate_batch, cards, boards, threads, out)  # type: ignore[no-any-return]
        if boards is not None:
            cards = board_rows(cards, boards)
        rows = card_array(cards, "cards", *card_row_shape(self.sizes))
        n = rows.shape[0]
        given = out is not None
        out = output_array(out, n)
        # the kernel checks each row as it reads it; a caller's array is only written
        # once every row was good, so a refused call leaves it as it was
        values = np.empty(n, dtype=np.int32) if given else out
        tables, allowed, kernel = self.tables, self._allowed, self._rows
        bad: list[int] = []

        def run(a: int, b: int) -> None:
            row = kernel(tables, rows[a:b], values[a:b], allowed)
            if row >= 0:
                bad.append(a + row)

        run_split(n, threads, run, fresh=(values,))
        if bad:
            first = min(bad)
            cell = first_bad_cell(rows[first:first + 1], allowed)
            assert cell is not None
            raise bad_cell_error(rows, (first, cell[1], cell[2]), "cards", self.deck_name)
        if given:
            out[:] = values
        return out

    def winners(self, hands: Sequence[CardsLike], board: CardsLike | None = None) -> list[int]:
        """Indices of the hands that take the pot, each hand made with the board: the
        highest values (several when they tie); none when no hand qualifies (value 0,
        for lows).  The hands and the board must not share a card."""
        return winners_by_value(showdown_values(self, hands, board))

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
        value = hand_value(value)
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


def showdown_values(ranking: Any, hands: Sequence[CardsLike], board: CardsLike | None) -> list[int]:
    """The value of every hand of a showdown with the board, after checking that no card
    is in two hands or in a hand and on the board."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of hands, one per player")
    if len(hands) == 0:
        raise ValueError("a showdown needs at least one hand")
    parsed = [parse_cards(h).tolist() for h in hands]
    common = [] if board is None else parse_cards(board).tolist()
    owner: dict[int, str] = {c: "the board" for c in common}
    for i, hand in enumerate(parsed):
        for c in hand:
            if c in owner:
                raise ValueError(f"card {card_name(c)} is in {owner[c]} and in hand {i}")
            owner[c] = f"hand {i}"
    return [int(ranking.evaluate(h, None if board is None else common)) for h in parsed]
