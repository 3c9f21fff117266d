"""The Open Face Chinese top row: three cards, valued on a scale shared with HIGH.

An OFC hand fouls when a row is stronger than the row below it.  The top row holds
three cards (high card, pair or trips) and is compared with the middle row's five by
the high-hand order, a missing card counting below any real card: top Q-Q-A is weaker
than middle Q-Q-A-3-2 and stronger than middle Q-Q-K-4-3.

No integer lies strictly between two consecutive HIGH values, so OFC_TOP values live
on the *row scale*: every five-card HIGH class and every three-card top class, sorted
together, numbered from 1 (weakest).  ``OFC_TOP.evaluate`` returns a top row's place on
that scale and ``OFC_TOP.from_high(v)`` the place of the HIGH value v, so the foul test
is one integer comparison::

    fouled_top = OFC_TOP.evaluate(top) > OFC_TOP.from_high(HIGH.evaluate(middle))

(``OFC_TOP.fouls(middle_value, top_value)`` does exactly that).  ``from_high`` is a table
lookup and accepts arrays, for batches.  Row-scale values are 1..7917; only 455 of
them are top rows (``n_classes``); ``values`` lists them.  ``category_and_rank`` reads
the category and the rank of the pair or trips off top values, for royalties.
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np
import numpy.typing as npt

from evaluator import _strengths
from evaluator._cards import CardsLike
from evaluator._handtype import HandType
from evaluator._high import HIGH, PLURALS, RANK_WORDS
from evaluator.checks import hand_value, integer_array

TOP_CATEGORIES = ("High Card", "Pair", "Three of a Kind")
_TOP_CATEGORY = {0: 0, 1: 1, 3: 2}   # row-strength category -> index in TOP_CATEGORIES
_CATEGORY_INDEX = np.array([_TOP_CATEGORY.get(c, -1) for c in range(4)], dtype=np.int64)


def describe_top(strength: int) -> tuple[int, str]:
    """(category index, words) of a top row's row strength (rank fields are rank + 1)."""
    category = strength >> 20
    r = [((strength >> shift) & 0xF) - 1 for shift in (16, 12, 8)]
    if category == 3:
        text = f"Three of a Kind, {PLURALS[r[0]]}"
    elif category == 1:
        text = f"Pair of {PLURALS[r[0]]}, {RANK_WORDS[r[2]]} kicker"
    else:
        text = "High Card, " + "-".join(RANK_WORDS[x] for x in r)
    return _TOP_CATEGORY[category], text


class OFCTopHandType(HandType):
    """The three-card top row of Open Face Chinese, on the row scale (see module doc)."""

    def __init__(self) -> None:
        super().__init__(
            "OFC_TOP",
            self._build,
            categories=TOP_CATEGORIES,
            describer=describe_top,
            sizes=(3,),
        )
        self._high_places: npt.NDArray[np.int32] | None = None
        self._top_values: npt.NDArray[np.int32] | None = None

    def _build(self) -> Any:
        tables, high_places = _strengths.ofc_top_tables(HIGH.tables.classes)
        scale = np.asarray(tables.classes)
        tops = np.flatnonzero(~np.isin(np.arange(1, len(scale) + 1), high_places)) + 1
        self._high_places = np.concatenate([[0], high_places]).astype(np.int32)
        self._high_places.flags.writeable = False
        self._top_values = tops.astype(np.int32)
        self._top_values.flags.writeable = False
        return tables

    @property
    def scale_size(self) -> int:
        """Number of places on the row scale (HIGH classes + top classes = 7917)."""
        return len(self.tables.classes)

    @property
    def n_classes(self) -> int:
        """Number of distinct top rows (455); their values are listed by `values`."""
        return len(self.values)

    @property
    def values(self) -> npt.NDArray[np.int32]:
        """The row-scale values of the top rows, weakest first."""
        self.tables  # noqa: B018  (builds the tables and the arrays)
        assert self._top_values is not None
        return self._top_values

    @overload
    def from_high(self, high_value: int) -> int: ...
    @overload
    def from_high(self, high_value: npt.ArrayLike) -> npt.NDArray[np.int32]: ...

    def from_high(self, high_value: Any) -> Any:
        """Row-scale place of a HIGH value (an int, or an array of them)."""
        self.tables  # noqa: B018
        places = self._high_places
        assert places is not None
        n = len(places) - 1
        if isinstance(high_value, (int, np.integer)) and not isinstance(high_value, bool):
            if not 1 <= high_value <= n:
                raise ValueError(f"HIGH values run 1..{n}, got {high_value}")
            return int(places[int(high_value)])
        if isinstance(high_value, (bool, np.bool_)):
            raise TypeError("a HIGH value is an int, not a bool")
        arr = integer_array(high_value, "HIGH values")
        if arr.size and (arr.min() < 1 or arr.max() > n):
            raise ValueError(f"HIGH values run 1..{n}")
        return places[arr]

    @overload
    def category_and_rank(self, top_value: int) -> tuple[int, int]: ...
    @overload
    def category_and_rank(
        self, top_value: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...

    def category_and_rank(self, top_value: Any) -> Any:
        """(category index into `categories`, rank of the pair or trips) of top values.

        The rank is 0..12 (2..A) for a pair or trips and -1 for a high card; an int
        gives a pair of ints, an array a pair of int64 arrays of its shape."""
        self._check_top(top_value)
        arr = np.asarray(top_value, dtype=np.int64)
        strength = np.asarray(self.tables.classes, dtype=np.int64)[arr - 1]
        category = _CATEGORY_INDEX[strength >> 20]
        rank = np.where(category > 0, ((strength >> 16) & 0xF) - 1, -1)
        if arr.ndim == 0 and isinstance(top_value, (int, np.integer)):
            return int(category), int(rank)
        return category, rank

    def fouls(self, middle_value: Any, top_value: Any) -> Any:
        """True where a top row (OFC_TOP value) beats the middle row (HIGH value): a foul.

        One integer comparison, ``top_value > from_high(middle_value)``; arrays of the
        same (or numpy-broadcastable) shapes work."""
        self._check_top(top_value)
        middle_place = self.from_high(middle_value)
        top = np.asarray(top_value)
        try:
            np.broadcast_shapes(top.shape, np.shape(middle_place))
        except ValueError:
            raise ValueError(f"middle values of shape {np.shape(middle_place)} and top values "
                             f"of shape {top.shape} do not pair up") from None
        result = top > middle_place
        return bool(result) if result.ndim == 0 else result

    def _check_top(self, value: Any) -> None:
        if isinstance(value, (bool, np.bool_)):
            raise TypeError("an OFC_TOP value is an int, not a bool")
        arr = integer_array(value, "OFC_TOP values")
        if not np.isin(arr, self.values).all():
            raise ValueError("not an OFC_TOP value (see OFC_TOP.values)")

    def _strength(self, value: int) -> int:
        value = hand_value(value)
        self._check_top(value)
        return int(self.tables.classes[value - 1])

    def best_five(self, cards: CardsLike) -> npt.NDArray[np.uint8]:
        """The top row has only three cards: returns them (checked)."""
        return self._cards(cards)

    def category_bounds(self) -> dict[str, tuple[int, int]]:
        """First and last row-scale value of each top category, in order."""
        bounds: dict[str, tuple[int, int]] = {}
        for v in self.values.tolist():
            name = self.category(v)
            lo, _ = bounds.get(name, (v, v))
            bounds[name] = (lo, v)
        return bounds


OFC_TOP = OFCTopHandType()
OFC_TOP.__doc__ = __doc__
