"""Kernels of the table-backed hand types: batch and scalar evaluation, the card-row
check, exhaustive enumeration.  Everything here trusts its caller (the Python face in
_handtype.py) for shapes and dtypes; card values are checked by check_rows."""

import numpy as np

from evaluator._cards import card_name

from evaluator.keys cimport CARD_KEY, KEY_BASE
from evaluator.tables cimport HandTables, Tables, evaluate_cards, lookup, lookup_parts
from evaluator.typedefs cimport card_t, count_t, entry_t, key_t, rank_t, uint32_t, uint64_t

cdef void _evaluate_rows(const Tables *t, const card_t[:, ::1] cards,
                         rank_t[::1] out) noexcept nogil:
    """out[i] = value of row i; rows hold 5, 6 or 7 cards (unrolled per width)."""
    cdef Py_ssize_t i, n = cards.shape[0]
    cdef int w = <int>cards.shape[1]
    cdef const card_t *c = &cards[0, 0] if n else NULL
    cdef rank_t *o = &out[0] if n else NULL
    cdef const uint32_t *offsets = t.offsets
    cdef const entry_t *ranks = t.ranks
    cdef const entry_t *flush = t.flush
    cdef key_t key
    if w == 7:
        for i in range(n):
            key = (KEY_BASE + CARD_KEY[c[0]] + CARD_KEY[c[1]] + CARD_KEY[c[2]] + CARD_KEY[c[3]]
                   + CARD_KEY[c[4]] + CARD_KEY[c[5]] + CARD_KEY[c[6]])
            o[i] = lookup_parts(offsets, ranks, flush, key, c, 7)
            c += 7
    elif w == 6:
        for i in range(n):
            key = (KEY_BASE + CARD_KEY[c[0]] + CARD_KEY[c[1]] + CARD_KEY[c[2]] + CARD_KEY[c[3]]
                   + CARD_KEY[c[4]] + CARD_KEY[c[5]])
            o[i] = lookup_parts(offsets, ranks, flush, key, c, 6)
            c += 6
    elif w == 5:
        for i in range(n):
            key = (KEY_BASE + CARD_KEY[c[0]] + CARD_KEY[c[1]] + CARD_KEY[c[2]] + CARD_KEY[c[3]]
                   + CARD_KEY[c[4]])
            o[i] = lookup_parts(offsets, ranks, flush, key, c, 5)
            c += 5
    else:
        for i in range(n):
            o[i] = evaluate_cards(t, c, w)
            c += w


def evaluate_rows(HandTables h, const card_t[:, ::1] cards, rank_t[::1] out):
    """Fill out[i] with the value of cards[i] (checked rows only), without the GIL."""
    with nogil:
        _evaluate_rows(&h.t, cards, out)


cdef inline bint _row_bad(const card_t *a, Py_ssize_t wa, const card_t *b, Py_ssize_t wb,
                          uint64_t allowed) noexcept nogil:
    """A row (wa cards of the first array, then wb of the second) is bad when a card is
    >= 64, or its bits' sum differs from their union (a repeat), or a bit falls outside
    `allowed` (which also catches 52..63)."""
    cdef Py_ssize_t j
    cdef uint64_t seen = 0, total = 0, bit
    cdef card_t high = 0
    for j in range(wa):
        high |= a[j]
        bit = (<uint64_t>1) << (a[j] & 63)
        seen |= bit
        total += bit
    for j in range(wb):
        high |= b[j]
        bit = (<uint64_t>1) << (b[j] & 63)
        seen |= bit
        total += bit
    return ((high >> 6) != 0) | (total != seen) | ((seen & ~allowed) != 0)


cdef inline Py_ssize_t _first_bad_row(const card_t *a, Py_ssize_t wa, const card_t *b,
                                      Py_ssize_t wb, Py_ssize_t n,
                                      uint64_t allowed) noexcept nogil:
    """Index of the first row with a card outside `allowed` or a repeated card, or -1.
    Branch-free per row: flags are OR-ed over blocks of rows and a block is only
    rescanned row by row when one of its rows is bad."""
    cdef Py_ssize_t start, stop, i
    cdef bint bad
    for start in range(0, n, 256):
        stop = start + 256 if start + 256 < n else n
        bad = False
        for i in range(start, stop):
            bad |= _row_bad(a + i * wa, wa, b + i * wb, wb, allowed)
        if bad:
            for i in range(start, stop):
                if _row_bad(a + i * wa, wa, b + i * wb, wb, allowed):
                    return i
    return -1


def check_rows(const card_t[:, ::1] cards, const card_t[:, ::1] more, uint64_t allowed):
    """First bad cell of rows made of a row of `cards` and the same row of `more` (an
    (N, 0) array when there is nothing more: a hand, or a hole and its board, checked
    in one pass without copying them side by side), as (row, column, reason) or None;
    the column counts across both.  reason is "card" for a value outside `allowed` (a
    bit mask of the deck's cards) and "duplicate" for the second of two equal cards in
    a row.  Runs without the GIL."""
    cdef Py_ssize_t n = cards.shape[0], wa = cards.shape[1], wb = more.shape[1], row, j
    cdef const card_t *a
    cdef const card_t *b
    if n == 0 or wa + wb == 0:
        return None
    if more.shape[0] != n:
        raise ValueError("cards and more must have as many rows")
    a = &cards[0, 0] if wa else NULL
    b = &more[0, 0] if wb else NULL
    with nogil:
        # constant widths let the compiler unroll the row loop
        if wa == 7 and wb == 0:
            row = _first_bad_row(a, 7, b, 0, n, allowed)
        elif wa == 5 and wb == 0:
            row = _first_bad_row(a, 5, b, 0, n, allowed)
        elif wa == 4 and wb == 5:
            row = _first_bad_row(a, 4, b, 5, n, allowed)
        else:
            row = _first_bad_row(a, wa, b, wb, n, allowed)
    if row < 0:
        return None
    seen = set()
    for j in range(wa + wb):
        c = cards[row, j] if j < wa else more[row, j - wa]
        if c > 51 or not (allowed >> c) & 1:
            return int(row), int(j), "card"
        if c in seen:
            return int(row), int(j), "duplicate"
        seen.add(c)
    raise AssertionError("unreachable: the row was flagged bad")  # pragma: no cover


cdef inline int _take(object cards, card_t *buf, int n0, uint64_t *seen,
                      uint64_t allowed) except -2:
    """Append a list or tuple of ints 0..51 to buf[n0:]; the new count, or -1 when the
    input is anything else (the caller's slow path then names what is wrong).  Raises
    ValueError for a card outside the deck or a repeated card."""
    cdef Py_ssize_t i, n
    cdef long c
    cdef uint64_t bit
    if type(cards) is not list and type(cards) is not tuple:
        return -1
    n = len(cards)
    if n0 + n > 7:
        return -1
    for i in range(n):
        item = cards[i]
        if type(item) is not int:
            return -1
        try:
            c = item
        except OverflowError:
            return -1
        if c < 0 or c > 51:
            return -1
        if not (allowed >> c) & 1:
            raise ValueError(f"card {card_name(c)} (value {c}) is not in this hand type's deck")
        bit = (<uint64_t>1) << c
        if seen[0] & bit:
            raise ValueError(f"duplicate card {card_name(c)}")
        seen[0] |= bit
        buf[n0 + i] = <card_t>c
    return <int>(n0 + n)


def evaluate_one(HandTables h, object cards, object board, uint64_t allowed, int min_n,
                 int max_n):
    """Value of one hand given as a list or tuple of ints 0..51, with a board (a list or
    tuple too) or None; None for any other input (the caller then parses it and names
    what is wrong).  Raises ValueError for a wrong count, a card outside the deck or a
    repeated card."""
    cdef card_t buf[8]
    cdef uint64_t seen = 0
    cdef int n = _take(cards, buf, 0, &seen, allowed)
    if n < 0:
        return None
    if board is not None:
        n = _take(board, buf, n, &seen, allowed)
        if n < 0:
            return None
    if n < min_n or n > max_n:
        raise ValueError(
            f"expected {min_n}" + (f"..{max_n}" if max_n != min_n else "")
            + f" cards, got {n}")
    return evaluate_cards(&h.t, buf, n)


cdef void _enumerate(const Tables *t, const card_t *deck, int ndeck, int start, int need,
                     key_t key, card_t *hand, int depth, count_t *counts) noexcept nogil:
    cdef int i
    cdef key_t k
    if need == 1:
        for i in range(start, ndeck):
            k = key + CARD_KEY[deck[i]]
            hand[depth] = deck[i]
            counts[lookup(t, k, hand, depth + 1)] += 1
        return
    for i in range(start, ndeck - need + 1):
        hand[depth] = deck[i]
        _enumerate(t, deck, ndeck, i + 1, need - 1, key + CARD_KEY[deck[i]], hand, depth + 1,
                   counts)


def rank_histogram(HandTables h, const card_t[::1] deck, int n):
    """counts[v] = number of n-card hands from `deck` whose value is v, over every
    combination (133,784,560 for seven cards of 52), enumerated with incremental keys."""
    out = np.zeros(len(h.classes) + 1, dtype=np.int64)
    cdef count_t[::1] counts = out
    cdef card_t hand[8]
    if n < 1 or n > h.max_cards or n > deck.shape[0]:
        raise ValueError(f"cannot enumerate {n}-card hands from {deck.shape[0]} cards")
    with nogil:
        _enumerate(&h.t, &deck[0], <int>deck.shape[0], 0, n, KEY_BASE, hand, 0, &counts[0])
    return out
