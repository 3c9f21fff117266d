"""Kernels of the table-backed hand types: batch and scalar evaluation, the card-row
check, exhaustive enumeration.  Everything here trusts its caller (the Python face in
_handtype.py) for shapes and dtypes; card values are checked by check_rows."""

import numpy as np

cimport numpy as cnp

from evaluator._cards import card_name

from evaluator.keys cimport CARD_KEY, KEY_BASE
from evaluator.tables cimport HandTables, Tables, evaluate_cards, lookup
from evaluator.typedefs cimport card_t, count_t, entry_t, key_t, rank_t, uint32_t, uint64_t

# The batch loop with its check fused in, written in C so that each row width gets its
# own fully unrolled loop (PH_CHECKED_ROWS(w) defines ph_checked_rows_w).  A row is bad
# when a card is outside `allowed` (52..255 included: ph_any_bit gives them bit 63,
# outside every deck) or repeated (the sum of the cards' bits differs from their union).
# The check is not read row by row: each row's repeat test and bits are OR-ed into two
# accumulators that are read once a block of 256 rows, and a block holding a bad row is
# rescanned for the first of them.  A bad row is looked up like a good one, its lookups
# bounded to the tables (the rank slot below nslots, the flush mask to 13 bits); its
# value is never returned.  Reading the check once a block instead of once a row made
# the 7-card loop about 10% faster.  The lookup is tables.pxd's (ph_hash_index and the
# flush table) and the flush test keys.pxd's (ph_flush_suit), passed in as plain
# pointers.
cdef extern from *:
    """
    #if defined(__x86_64__) || defined(_M_X64)
    #include <emmintrin.h>
    #define PH_SSE2 1
    #endif
    /* per byte: the card's key and its bit, side by side (16-byte aligned for SSE2) */
    #if defined(_MSC_VER)
    __declspec(align(16)) static uint64_t ph_any[256][2];
    #else
    static uint64_t ph_any[256][2] __attribute__((aligned(16)));
    #endif

    static void ph_any_init(void) {
        for (int c = 0; c < 256; ++c) {
            ph_any[c][0] = c < 52 ? PH_CARD_KEY[c] : 0;
            ph_any[c][1] = c < 52 ? (1ULL << c) : (1ULL << 63);
        }
    }

    /* the key (the cards' keys summed), and whether the row is bad: its cards' bits
       summed differ from their union (a repeat), or fall outside `allowed` */
    static inline uint64_t ph_key_and_check(const uint8_t *r, int w, uint64_t allowed,
                                            uint64_t *bad) {
    #ifdef PH_SSE2
        __m128i sum = _mm_setzero_si128(), any = _mm_setzero_si128();
        for (int j = 0; j < w; ++j) {
            __m128i e = _mm_load_si128((const __m128i *)ph_any[r[j]]);
            sum = _mm_add_epi64(sum, e);
            any = _mm_or_si128(any, e);
        }
        uint64_t key = (uint64_t)_mm_cvtsi128_si64(sum);
        uint64_t total = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum));
        uint64_t seen = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(any, any));
    #else
        uint64_t key = 0, total = 0, seen = 0;
        for (int j = 0; j < w; ++j) {
            key += ph_any[r[j]][0];
            total += ph_any[r[j]][1];
            seen |= ph_any[r[j]][1];
        }
    #endif
        *bad = ((total ^ seen) | (seen & ~allowed)) != 0;
        return key + PH_KEY_BASE;
    }

    /* The batch loop's form of the same: the key, while the row's repeat test (bits
       summed ^ bits OR-ed) and its bits are OR-ed into two block accumulators, read
       once a block (ph_block_bad), not once a row. */
    #ifdef PH_SSE2
    typedef __m128i ph_acc;
    #define PH_ACC_ZERO _mm_setzero_si128()
    static inline uint64_t ph_key_acc(const uint8_t *r, int w, ph_acc *repeats,
                                      ph_acc *seen) {
        __m128i sum = _mm_setzero_si128(), any = _mm_setzero_si128();
        for (int j = 0; j < w; ++j) {
            __m128i e = _mm_load_si128((const __m128i *)ph_any[r[j]]);
            sum = _mm_add_epi64(sum, e);
            any = _mm_or_si128(any, e);
        }
        *repeats = _mm_or_si128(*repeats, _mm_xor_si128(sum, any));
        *seen = _mm_or_si128(*seen, any);
        return (uint64_t)_mm_cvtsi128_si64(sum) + PH_KEY_BASE;
    }
    static inline int ph_block_bad(ph_acc repeats, ph_acc seen, uint64_t allowed) {
        uint64_t rep = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(repeats, repeats));
        uint64_t all = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(seen, seen));
        return (rep | (all & ~allowed)) != 0;
    }
    #else
    typedef struct { uint64_t bits; } ph_acc;
    #define PH_ACC_ZERO ((ph_acc){0})
    static inline uint64_t ph_key_acc(const uint8_t *r, int w, ph_acc *repeats,
                                      ph_acc *seen) {
        uint64_t key = 0, total = 0, any = 0;
        for (int j = 0; j < w; ++j) {
            key += ph_any[r[j]][0];
            total += ph_any[r[j]][1];
            any |= ph_any[r[j]][1];
        }
        repeats->bits |= total ^ any;
        seen->bits |= any;
        return key + PH_KEY_BASE;
    }
    static inline int ph_block_bad(ph_acc repeats, ph_acc seen, uint64_t allowed) {
        return (repeats.bits | (seen.bits & ~allowed)) != 0;
    }
    #endif

    /* A block's bad rows are valued like any other (their lookups kept inside the
       tables: the rank slot bounded by nslots, the flush mask by 13 bits) and the block
       is then rescanned row by row for the first of them. */
    #define PH_CHECKED_ROWS(W)                                                             \
    static Py_ssize_t ph_checked_rows_##W(const uint32_t *offsets, const uint16_t *ranks, \
            uint32_t nslots, const uint16_t *flush, const uint8_t *c, Py_ssize_t n,        \
            int w_, uint64_t allowed, int32_t *o) {                                        \
        const int w = (W) ? (W) : w_;                                                      \
        for (Py_ssize_t start = 0; start < n; start += 256) {                              \
            Py_ssize_t stop = start + 256 < n ? start + 256 : n;                           \
            ph_acc repeats = PH_ACC_ZERO, seen = PH_ACC_ZERO;                              \
            for (Py_ssize_t i = start; i < stop; ++i) {                                    \
                const uint8_t *r = c + i * w;                                              \
                uint64_t key = ph_key_acc(r, w, &repeats, &seen);                          \
                int suit = flush ? ph_flush_suit(key) : -1;                                \
                if (suit >= 0) {                                                           \
                    uint32_t mask = 0;                                                     \
                    for (int j = 0; j < w; ++j)                                            \
                        if ((r[j] & 3) == suit) mask |= 1u << ((r[j] >> 2) & 15);          \
                    o[i] = flush[mask & 0x1fff];                                           \
                } else {                                                                   \
                    uint32_t slot = ph_hash_index(offsets, key);                           \
                    o[i] = ranks[slot < nslots ? slot : 0];                                \
                }                                                                          \
            }                                                                              \
            if (ph_block_bad(repeats, seen, allowed)) {                                    \
                for (Py_ssize_t i = start; i < stop; ++i) {                                \
                    uint64_t bad;                                                          \
                    ph_key_and_check(c + i * w, w, allowed, &bad);                         \
                    if (bad) return i;                                                     \
                }                                                                          \
            }                                                                              \
        }                                                                                  \
        return -1;                                                                         \
    }
    PH_CHECKED_ROWS(7)
    PH_CHECKED_ROWS(6)
    PH_CHECKED_ROWS(5)
    PH_CHECKED_ROWS(0)
    #undef PH_CHECKED_ROWS
    """
    void ph_any_init()
    Py_ssize_t ph_checked_rows_7(const uint32_t *offsets, const entry_t *ranks,
                                 uint32_t nslots, const entry_t *flush, const card_t *c,
                                 Py_ssize_t n, int w, uint64_t allowed,
                                 rank_t *o) noexcept nogil
    Py_ssize_t ph_checked_rows_6(const uint32_t *offsets, const entry_t *ranks,
                                 uint32_t nslots, const entry_t *flush, const card_t *c,
                                 Py_ssize_t n, int w, uint64_t allowed,
                                 rank_t *o) noexcept nogil
    Py_ssize_t ph_checked_rows_5(const uint32_t *offsets, const entry_t *ranks,
                                 uint32_t nslots, const entry_t *flush, const card_t *c,
                                 Py_ssize_t n, int w, uint64_t allowed,
                                 rank_t *o) noexcept nogil
    Py_ssize_t ph_checked_rows_0(const uint32_t *offsets, const entry_t *ranks,
                                 uint32_t nslots, const entry_t *flush, const card_t *c,
                                 Py_ssize_t n, int w, uint64_t allowed,
                                 rank_t *o) noexcept nogil

ph_any_init()
cnp.import_array()


cdef Py_ssize_t _evaluate_rows(const Tables *t, uint32_t nslots, const card_t *c,
                               Py_ssize_t n, int w, uint64_t allowed,
                               rank_t *o) noexcept nogil:
    """o[i] = value of row i of n rows of w cards, checked as they are read (nslots: the
    ranks table's size); the first bad row, or -1.  Rows after the block holding a bad
    row are not valued, and a bad row's own value means nothing."""
    if w == 7:
        return ph_checked_rows_7(t.offsets, t.ranks, nslots, t.flush, c, n, 7, allowed, o)
    if w == 6:
        return ph_checked_rows_6(t.offsets, t.ranks, nslots, t.flush, c, n, 6, allowed, o)
    if w == 5:
        return ph_checked_rows_5(t.offsets, t.ranks, nslots, t.flush, c, n, 5, allowed, o)
    return ph_checked_rows_0(t.offsets, t.ranks, nslots, t.flush, c, n, w, allowed, o)


def evaluate_rows(HandTables h, const card_t[:, ::1] cards, rank_t[::1] out,
                  uint64_t allowed):
    """Fill out[i] with the value of cards[i], checking each row as it is read, without
    the GIL: returns the index of the first row with a card outside `allowed` (a bit mask
    of the deck) or a repeated card, or -1 when every row was good (then every out[i] is
    set).  Rows hold at most 7 cards."""
    cdef Py_ssize_t n = cards.shape[0], bad
    cdef int w = <int>cards.shape[1]
    cdef uint32_t nslots = <uint32_t>len(h.ranks)
    if n == 0:
        return -1
    if w > 7 or out.shape[0] != n:
        raise ValueError("rows of at most 7 cards, and one out entry per row")
    with nogil:
        bad = _evaluate_rows(&h.t, nslots, &cards[0, 0], n, w, allowed, &out[0])
    return bad


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


cdef inline int _put(long c, card_t *buf, int at, uint64_t *seen,
                     uint64_t allowed) except -2:
    """Put one card (a value already known to be 0..51) at buf[at]; raises ValueError for
    a card outside the deck or a repeated card."""
    cdef uint64_t bit = (<uint64_t>1) << c
    if not (allowed >> c) & 1:
        raise ValueError(f"card {card_name(c)} (value {c}) is not in this hand type's deck")
    if seen[0] & bit:
        raise ValueError(f"duplicate card {card_name(c)}")
    seen[0] |= bit
    buf[at] = <card_t>c
    return 0


cdef inline int _take_array(cnp.ndarray arr, card_t *buf, int n0, uint64_t *seen,
                            uint64_t allowed) except -2:
    """The fast path of a 1-d numpy row of a common integer dtype (the row of a batch
    a user evaluates alone): read in place, no conversion."""
    cdef Py_ssize_t i, n
    cdef int kind
    cdef long long c
    cdef char *p
    if cnp.PyArray_NDIM(arr) != 1:
        return -1
    n = cnp.PyArray_DIM(arr, 0)
    if n0 + n > 7:
        return -1
    kind = cnp.PyArray_TYPE(arr)
    for i in range(n):
        p = <char *>cnp.PyArray_GETPTR1(arr, i)
        if kind == cnp.NPY_UINT8:
            c = (<cnp.uint8_t *>p)[0]
        elif kind == cnp.NPY_INT64:
            c = (<cnp.int64_t *>p)[0]
        elif kind == cnp.NPY_INT32:
            c = (<cnp.int32_t *>p)[0]
        elif kind == cnp.NPY_INT16:
            c = (<cnp.int16_t *>p)[0]
        elif kind == cnp.NPY_INT8:
            c = (<cnp.int8_t *>p)[0]
        else:
            return -1
        if c < 0 or c > 51:
            return -1
        _put(<long>c, buf, <int>(n0 + i), seen, allowed)
    return <int>(n0 + n)


cdef inline int _take(object cards, card_t *buf, int n0, uint64_t *seen,
                      uint64_t allowed) except -2:
    """Append a list or tuple of ints 0..51, or a numpy row of them, to buf[n0:]; the new
    count, or -1 when the input is anything else (the caller's slow path then names what
    is wrong).  Raises ValueError for a card outside the deck or a repeated card."""
    cdef Py_ssize_t i, n
    cdef long c
    if type(cards) is np.ndarray:
        return _take_array(<cnp.ndarray>cards, buf, n0, seen, allowed)
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
        _put(c, buf, <int>(n0 + i), seen, allowed)
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
