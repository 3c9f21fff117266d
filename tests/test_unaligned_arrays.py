"""Arrays at an odd offset of a buffer: numpy calls them unaligned, and a kernel that
reads int64s through a pointer to one does what C leaves undefined (UBSan reports it;
a compiler that vectorises the loop may fault).  The entry points copy such arrays
before a kernel sees them, or refuse an `out=` they would have to write into.

Found by the test suite run under AddressSanitizer and UBSan (docs/testing.md): a
`Tables.step` given an unaligned int64 column read it in place.  On x86 the answers
were right all the same, so beside the answers each test checks what reaches the
kernel (an aligned copy, or a refusal), which fails without the copy on any machine."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from evaluator import HIGH
from games import Tables, showdown_batch, strength
from games.chips import amount_array
from games.showdown.batch import _check_seats
from games.strength import indexing


def unaligned(values: Any, dtype: Any = np.int64) -> np.ndarray:
    """The values in a new array of `dtype` that starts one byte into its buffer."""
    array = np.ascontiguousarray(values, dtype=dtype)
    view = np.frombuffer(bytearray(array.nbytes + 1), dtype, array.size, offset=1)
    view = view.reshape(array.shape)
    view[...] = array
    assert not view.flags.aligned and view.flags.c_contiguous
    return view


def test_a_tables_step_copies_an_unaligned_column_before_the_kernel_reads_it() -> None:
    plain = Tables("holdem", n=8, seats=3, stacks=50, seed=5)
    odd = Tables("holdem", n=8, seats=3, stacks=50, seed=5)
    kinds = np.ones(8, np.int64)
    column = odd._column(unaligned(kinds), "kinds", odd._kinds)
    assert column is odd._kinds and column.flags.aligned
    for _ in range(30):
        lg = plain.legal()
        amounts = np.where(lg.raise_min >= 0, lg.raise_min, 0)
        kinds = np.where(lg.raise_min >= 0, 2, 1)
        done = plain.step(kinds, amounts)
        assert np.array_equal(odd.step(unaligned(kinds), unaligned(amounts)), done)
        assert np.array_equal(odd.payoffs, plain.payoffs)
    assert odd.hands == plain.hands > 0


def test_an_unaligned_out_is_refused_and_left_alone() -> None:
    hands = np.array([[0, 4, 8, 12, 17, 30, 51]] * 5, np.uint8)
    out = unaligned(np.full(5, -7), np.int32)
    with pytest.raises(ValueError, match="out must be aligned"):
        HIGH.evaluate_batch(hands, out=out)
    assert (out == -7).all()
    assert np.array_equal(HIGH.evaluate_batch(hands, out=np.zeros(5, np.int32)),
                          HIGH.evaluate_batch(hands))


def test_showdowns_copy_unaligned_chips_and_buttons() -> None:
    rng = np.random.default_rng(3)
    n, seats = 16, 3
    deals = np.array([rng.permutation(52)[:2 * seats + 5] for _ in range(n)])
    holes, boards = deals[:, :2 * seats].reshape(n, seats, 2), deals[:, 2 * seats:]
    chips = rng.integers(1, 100, (n, seats))
    button = rng.integers(0, seats, n)
    assert amount_array(unaligned(chips), (n, seats)).flags.aligned
    assert _check_seats(None, unaligned(button), n, seats)[1].flags.aligned
    expected = showdown_batch("holdem", holes, boards, chips, button=button)
    assert np.array_equal(showdown_batch("holdem", holes, boards, unaligned(chips),
                                         button=unaligned(button)), expected)


def test_unindex_copies_unaligned_indices(monkeypatch: pytest.MonkeyPatch) -> None:
    idx = np.arange(0, strength.size("holdem", 0), 97)
    expected = strength.unindex("holdem", 0, idx)
    seen: list[bool] = []

    class Watched:
        """The indexer, recording whether the indices it is handed are aligned."""

        def __init__(self, ix: Any) -> None:
            self.size = ix.size
            self._ix = ix

        def unindex(self, values: np.ndarray, holes: np.ndarray, boards: np.ndarray) -> None:
            seen.append(bool(values.flags.aligned))
            self._ix.unindex(values, holes, boards)

    real = indexing.indexer
    monkeypatch.setattr(indexing, "indexer", lambda v, board: Watched(real(v, board)))
    got = strength.unindex("holdem", 0, unaligned(idx))
    assert seen == [True]
    assert all(np.array_equal(a, b) for a, b in zip(got, expected, strict=True))
