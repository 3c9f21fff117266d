"""Strategies and the contract of the fuzz suite (tests/test_fuzz.py).

The contract of every public entry point: a call either returns a valid answer or
raises TypeError (a wrong type) or ValueError (a wrong value) whose message says what
is wrong in the package's own words.  Anything else (IndexError, AttributeError,
OverflowError, KeyError, MemoryError, a crash) is a failure, and so is a TypeError or
ValueError that only repeats what Python, numpy or Cython said about their internals
("object of type ... has no len()", "Buffer dtype mismatch", "codec can't decode").

Profiles: the default runs a fixed, derandomized handful of examples per entry point
(CI); POKERHANDS_FUZZ=long runs 25,000 fresh random examples per entry point (about a
million in all; POKERHANDS_FUZZ_EXAMPLES changes the number), by hand.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

PROFILE = os.environ.get("POKERHANDS_FUZZ", "fast")
settings.register_profile(
    "fuzz-fast", derandomize=True, deadline=None, max_examples=60, database=None,
    suppress_health_check=list(HealthCheck),
)
settings.register_profile(
    "fuzz-long", derandomize=False, deadline=None, database=None,
    max_examples=int(os.environ.get("POKERHANDS_FUZZ_EXAMPLES", "25000")),
    suppress_health_check=list(HealthCheck),
)
FUZZ_SETTINGS = settings.get_profile("fuzz-long" if PROFILE == "long" else "fuzz-fast")

# What Python, numpy and Cython say about their own internals: never the message a
# user of this package should read.
INTERNAL = re.compile(
    r"has no len\(\)|unsized object|is not iterable|is not subscriptable|not callable"
    r"|too large to convert|unhashable type|out of range|out of bounds|has no attribute"
    r"|invalid literal|Cannot cast|only integer scalar arrays|could not be broadcast"
    r"|setting an array element|Buffer dtype mismatch|Buffer has wrong number"
    r"|an integer is required|truth value of an array|not supported between instances"
    r"|unsupported operand type|codec can't|ndarray is not C-contiguous"
    r"|must be real number|object cannot be interpreted|takes \d+ positional"
)


class Rejected(Exception):
    """The call raised the TypeError or ValueError it should have."""


def call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """fn(*args, **kwargs); a clear TypeError/ValueError becomes Rejected (the caller
    then checks nothing more); anything else, or an unclear message, fails the test."""
    try:
        return fn(*args, **kwargs)
    except (TypeError, ValueError) as e:
        message = str(e)
        assert message.strip(), f"{type(e).__name__} with an empty message"
        assert not INTERNAL.search(message), f"{type(e).__name__}: {message}"
        raise Rejected(message) from e


# ---------------------------------------------------------------- strategies

_DTYPES = st.one_of(
    hnp.scalar_dtypes(),
    hnp.byte_string_dtypes(max_len=4),
    hnp.unicode_string_dtypes(max_len=4),
    st.just(np.dtype(object)),
)


@st.composite
def arrays(draw: st.DrawFn, ints_only: bool = False) -> np.ndarray:
    """Numpy arrays of every dtype (cards-like ints often), 0 to 3 dimensions, and
    strided or transposed views of them."""
    if ints_only or draw(st.booleans()):
        dtype = draw(st.sampled_from([np.uint8, np.int8, np.int16, np.int32, np.int64,
                                      np.uint16, np.uint64]))
        info = np.iinfo(dtype)
        elements = st.integers(max(info.min, -3), min(info.max, 60))
    else:
        dtype = draw(_DTYPES)
        elements = None
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=8))
    if dtype == np.dtype(object):
        arr = np.empty(shape, dtype=object)
        flat = arr.reshape(-1)
        for i in range(flat.size):
            flat[i] = draw(st.one_of(st.integers(-2**70, 2**70), st.none(), st.text(max_size=2)))
        arr = flat.reshape(shape)
    else:
        arr = draw(hnp.arrays(dtype, shape, elements=elements))
    view = draw(st.sampled_from(["plain", "strided", "transposed", "readonly"]))
    if view == "strided" and arr.ndim >= 1:
        arr = arr[::2]
    elif view == "transposed" and arr.ndim >= 2:
        arr = arr.T
    elif view == "readonly":
        arr = arr.copy()
        arr.flags.writeable = False
    return arr


_CARD_TEXT = st.sampled_from([r + s for r in "23456789TJQKA" for s in "cdhs"]
                             + ["10h", "A♠", "as", "Xx", "1s", "", " ", ",", "AsAs"])

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(-2**70, 2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.complex_numbers(),
    st.text(max_size=12), st.text(alphabet=string.printable + "♣♦♥♠ñ€", max_size=8),
    st.binary(max_size=8), st.sampled_from([np.int64(5), np.uint8(51), np.float32(3.0),
                                            np.bool_(True), np.timedelta64(3, "s"),
                                            np.datetime64("2026-11-23"), np.str_("As")]),
    _CARD_TEXT,
)

anything: st.SearchStrategy[Any] = st.recursive(
    st.one_of(scalars, arrays()),
    lambda children: st.one_of(
        st.lists(children, max_size=6), st.tuples(children, children),
        st.dictionaries(st.text(max_size=3), children, max_size=3),
        st.frozensets(st.integers(-3, 60), max_size=5),
    ),
    max_leaves=12,
)

# near-valid inputs reach further into the code than random ones
card_lists = st.lists(st.one_of(st.integers(-2, 60), _CARD_TEXT), min_size=0, max_size=9)
card_text = st.lists(_CARD_TEXT, min_size=0, max_size=9).map(" ".join)
cards_like = st.one_of(card_lists, card_text, arrays(ints_only=True), anything)
counts = st.one_of(st.integers(-3, 12), st.integers(-2**70, 2**70), anything)
flags = st.one_of(st.booleans(), anything)
