"""Kernels of the table-backed hand types: batch and scalar evaluation, the card-row
check, exhaustive enumeration.  Everything here trusts its caller (the Python face in
_handtype.py) for shapes and dtypes; card values are checked by check_rows."""

import numpy as np

cimport numpy as cnp

from evaluator._cards import card_name

from evaluator.keys cimport CARD_KEY, KEY_BASE
from evaluator.tables cimport (
    BadugiTables, HandTables, Tables, badugi_value, evaluate_cards, lookup,
)
from evaluator.typedefs cimport (
    card_t, count_t, entry_t, key_t, offset_t, rank_t, uint32_t, uint64_t,
)

# The batch loop with its check fused in, written in C so that each row width, with
# and without a flush table, gets its own fully unrolled loop (PH_CHECKED_ROWS).
#
# Each card byte indexes ph_any, a 16-byte entry of two lanes: the card's key
# (keys.pxd's CARD_KEY) and its CARD_BIT (1 << (16 * suit + rank)); bytes 52..255 get key
# 0 and bit 63, a bit no card has.  A row's entries are summed and OR-ed, so:
#   * the key lane of the sum is the hand key, looked up through tables.pxd;
#   * the bit lane of the sum holds the four 13-bit suit masks, so a flush is read
#     straight from it, with no second pass over the cards;
#   * the row is bad when the two bit lanes differ (a repeated card: with at most 7
#     cards and bits up to 60 the sum cannot wrap back onto the union) or the union has
#     a bit outside `allowed` (then in CARD_BIT layout; bit 63 is never allowed).
# The check is not read row by row: each row's repeat test and union are OR-ed into two
# block accumulators read once a block of 256 rows, and a block holding a bad row is
# rescanned for the first of them.  A bad row is looked up like a good one and its value
# never returned; its lookups stay inside the tables because the flush mask is cut to 13
# bits and the ranks tables are padded for every key seven cards can sum to
# (tables.pyx).  Rows go four at a time so that their lookups overlap: on a stand-alone
# copy of the loop, 12% faster for 7 cards and 15% for 5 than one row at a time (two
# rows at a time gain less, eight lose).
cdef extern from *:
    """
    #if defined(__x86_64__) || defined(_M_X64)
    #include <emmintrin.h>
    #define PH_SSE2 1
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define PH_UNLIKELY(x) __builtin_expect(!!(x), 0)
    #else
    #define PH_UNLIKELY(x) (x)
    #endif
    #if defined(_MSC_VER)
    #define PH_RESTRICT __restrict
    #else
    #define PH_RESTRICT __restrict__
    #endif
    /* per byte: the card's key and its CARD_BIT, side by side (16-byte aligned) */
    #if defined(_MSC_VER)
    __declspec(align(16)) static uint64_t ph_any[256][2];
    #else
    static uint64_t ph_any[256][2] __attribute__((aligned(16)));
    #endif

    static void ph_any_init(void) {
        for (int c = 0; c < 256; ++c) {
            ph_any[c][0] = c < 52 ? PH_CARD_KEY[c] : 0;
            ph_any[c][1] = c < 52 ? PH_CARD_BIT[c] : (1ULL << 63);
        }
    }

    /* a deck given as bits 1 << card, in the CARD_BIT layout of ph_any */
    static uint64_t ph_allowed_bits(uint64_t allowed) {
        uint64_t bits = 0;
        for (int c = 0; c < 52; ++c)
            if ((allowed >> c) & 1) bits |= PH_CARD_BIT[c];
        return bits;
    }

    /* two 64-bit lanes: [0] keys, [1] CARD_BITs (one SSE2 register where there is one) */
    #ifdef PH_SSE2
    typedef __m128i ph_lanes;
    static inline ph_lanes ph_zero(void) { return _mm_setzero_si128(); }
    static inline ph_lanes ph_entry(uint8_t c) {
        return _mm_load_si128((const __m128i *)ph_any[c]);
    }
    static inline ph_lanes ph_add(ph_lanes a, ph_lanes b) { return _mm_add_epi64(a, b); }
    static inline ph_lanes ph_or(ph_lanes a, ph_lanes b) { return _mm_or_si128(a, b); }
    static inline ph_lanes ph_xor(ph_lanes a, ph_lanes b) { return _mm_xor_si128(a, b); }
    static inline uint64_t ph_key_lane(ph_lanes a) { return (uint64_t)_mm_cvtsi128_si64(a); }
    static inline uint64_t ph_bit_lane(ph_lanes a) {
        return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a));
    }
    #else
    typedef struct { uint64_t key, bits; } ph_lanes;
    static inline ph_lanes ph_zero(void) { ph_lanes z = {0, 0}; return z; }
    static inline ph_lanes ph_entry(uint8_t c) {
        ph_lanes e = {ph_any[c][0], ph_any[c][1]}; return e;
    }
    static inline ph_lanes ph_add(ph_lanes a, ph_lanes b) {
        ph_lanes r = {a.key + b.key, a.bits + b.bits}; return r;
    }
    static inline ph_lanes ph_or(ph_lanes a, ph_lanes b) {
        ph_lanes r = {a.key | b.key, a.bits | b.bits}; return r;
    }
    static inline ph_lanes ph_xor(ph_lanes a, ph_lanes b) {
        ph_lanes r = {a.key ^ b.key, a.bits ^ b.bits}; return r;
    }
    static inline uint64_t ph_key_lane(ph_lanes a) { return a.key; }
    static inline uint64_t ph_bit_lane(ph_lanes a) { return a.bits; }
    #endif

    /* a row's entries summed (returned) and OR-ed (*any) */
    static inline ph_lanes ph_row_sum(const uint8_t *r, int w, ph_lanes *any) {
        ph_lanes sum = ph_zero(), seen = ph_zero();
        for (int j = 0; j < w; ++j) {
            ph_lanes e = ph_entry(r[j]);
            sum = ph_add(sum, e);
            seen = ph_or(seen, e);
        }
        *any = seen;
        return sum;
    }

    /* whether repeats (OR of rows' sum ^ union) and seen (OR of unions) show a bad row */
    static inline int ph_bad(ph_lanes repeats, ph_lanes seen, uint64_t allowed_bits) {
        return (ph_bit_lane(repeats) | (ph_bit_lane(seen) & ~allowed_bits)) != 0;
    }

    /* the value of a row from its sum: the flush table for a flush (where the hand type
       has one: `suited`, a constant in each loop), else the ranks */
    static inline int32_t ph_row_value(ph_lanes sum, const uint16_t *offsets,
                                       const uint16_t *ranks, const uint16_t *flush,
                                       int suited) {
        uint64_t key = ph_key_lane(sum) + PH_KEY_BASE;
        if (suited && PH_UNLIKELY(key & PH_FLUSH_BITS))
            return flush[(ph_bit_lane(sum) >> (16 * ph_flush_suit(key))) & 0x1fff];
        return ranks[ph_hash_index(offsets, key)];
    }

    /* One loop per row width W (0: any width, given as w_) and per `suited` (the hand
       type has a flush table): both constants, so the card loop unrolls and the flush
       test is compiled in or out (testing for the table row by row cost 5%). */
    #define PH_GROUP 4  /* rows valued side by side */
    #define PH_CHECKED_ROWS(NAME, W, SUITED)                                               \
    static Py_ssize_t NAME(const uint16_t *offsets, const uint16_t *ranks,                 \
            const uint16_t *flush, const uint8_t *c, Py_ssize_t n, int w_,                \
            uint64_t allowed_bits, int32_t *PH_RESTRICT o) {                               \
        const int w = (W) ? (W) : w_;                                                      \
        for (Py_ssize_t start = 0; start < n; start += 256) {                              \
            Py_ssize_t stop = start + 256 < n ? start + 256 : n, i = start;                \
            ph_lanes repeats = ph_zero(), seen = ph_zero(), sum[PH_GROUP], any[PH_GROUP];  \
            for (; i + PH_GROUP <= stop; i += PH_GROUP) {                                  \
                for (int k = 0; k < PH_GROUP; ++k)                                         \
                    sum[k] = ph_row_sum(c + (i + k) * w, w, &any[k]);                      \
                for (int k = 0; k < PH_GROUP; ++k) {                                       \
                    repeats = ph_or(repeats, ph_xor(sum[k], any[k]));                      \
                    seen = ph_or(seen, any[k]);                                            \
                }                                                                          \
                for (int k = 0; k < PH_GROUP; ++k)                                         \
                    o[i + k] = ph_row_value(sum[k], offsets, ranks, flush, SUITED);        \
            }                                                                              \
            for (; i < stop; ++i) {                                                        \
                sum[0] = ph_row_sum(c + i * w, w, &any[0]);                                \
                repeats = ph_or(repeats, ph_xor(sum[0], any[0]));                          \
                seen = ph_or(seen, any[0]);                                                \
                o[i] = ph_row_value(sum[0], offsets, ranks, flush, SUITED);                \
            }                                                                              \
            if (ph_bad(repeats, seen, allowed_bits)) {                                     \
                for (i = start; i < stop; ++i) {                                           \
                    sum[0] = ph_row_sum(c + i * w, w, &any[0]);                            \
                    if (ph_bad(ph_xor(sum[0], any[0]), any[0], allowed_bits)) return i;    \
                }                                                                          \
            }                                                                              \
        }                                                                                  \
        return -1;                                                                         \
    }
    PH_CHECKED_ROWS(ph_suited_rows_7, 7, 1)
    PH_CHECKED_ROWS(ph_suited_rows_6, 6, 1)
    PH_CHECKED_ROWS(ph_suited_rows_5, 5, 1)
    PH_CHECKED_ROWS(ph_suited_rows_any, 0, 1)
    PH_CHECKED_ROWS(ph_unsuited_rows_7, 7, 0)
    PH_CHECKED_ROWS(ph_unsuited_rows_6, 6, 0)
    PH_CHECKED_ROWS(ph_unsuited_rows_5, 5, 0)
    PH_CHECKED_ROWS(ph_unsuited_rows_any, 0, 0)
    #undef PH_CHECKED_ROWS

    /* o[i] = value of row i of n rows of w (<= 7) cards, checked as they are read; the
       first bad row, or -1.  Rows after the block holding a bad row are not valued, and
       a bad row's own value means nothing.  `flush` is NULL where suits do not count. */
    static Py_ssize_t ph_checked_rows(const uint16_t *offsets, const uint16_t *ranks,
            const uint16_t *flush, const uint8_t *c, Py_ssize_t n, int w,
            uint64_t allowed_bits, int32_t *o) {
    #define PH_ARGS offsets, ranks, flush, c, n, w, allowed_bits, o
        if (flush) {
            switch (w) {
                case 7: return ph_suited_rows_7(PH_ARGS);
                case 6: return ph_suited_rows_6(PH_ARGS);
                case 5: return ph_suited_rows_5(PH_ARGS);
                default: return ph_suited_rows_any(PH_ARGS);
            }
        }
        switch (w) {
            case 7: return ph_unsuited_rows_7(PH_ARGS);
            case 6: return ph_unsuited_rows_6(PH_ARGS);
            case 5: return ph_unsuited_rows_5(PH_ARGS);
            default: return ph_unsuited_rows_any(PH_ARGS);
        }
    #undef PH_ARGS
    }

    /* Badugi rows (tables.pxd): a row is bad when a card is past 51 or given twice; it
       is looked up in bounds all the same and its value discarded, the check read a
       block of 256 rows at a time, as above.  Where there is SSE2 four rows (16 bytes)
       are sorted at once, the five compare-exchanges of the network made with byte
       minima and maxima across the lanes (1.4x faster than a row at a time); a sorted
       row is bad when two neighbours are equal or its last card is past 51. */
    static inline uint32_t ph_badugi_row(const uint16_t *values, const uint32_t *colex,
                                         const uint8_t *r, int32_t *o) {
        uint32_t bad;
        *o = values[ph_badugi_slot(colex, r[0], r[1], r[2], r[3], &bad)];
        return bad;
    }

    #ifdef PH_SSE2
    /* the slot of the sorted row in the low 32 bits of w */
    static inline uint32_t ph_badugi_sorted(const uint32_t *colex, uint64_t w) {
        return (uint32_t)(w & 255) + colex[256 + ((w >> 8) & 255)]
               + colex[512 + ((w >> 16) & 255)] + colex[768 + ((w >> 24) & 255)];
    }

    /* four rows sorted, their values in o[0..3]; returns the bytes' bad flags */
    static inline __m128i ph_badugi_four(const uint16_t *values, const uint32_t *colex,
                                         const uint8_t *c, int32_t *o) {
        const __m128i lo16 = _mm_set1_epi16(0x00FF), lo32 = _mm_set1_epi32(0x0000FFFF);
        const __m128i ends = _mm_set1_epi32((int)0xFF0000FF);
        const __m128i m1 = _mm_set1_epi32(0x0000FF00), m2 = _mm_set1_epi32(0x00FF0000);
        __m128i v = _mm_loadu_si128((const __m128i *)c), sw, mn, mx;
        /* cards 0-1 and 2-3: the bytes of each 16-bit lane swapped */
        sw = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
        mn = _mm_min_epu8(v, sw);
        mx = _mm_max_epu8(v, sw);
        v = _mm_or_si128(_mm_and_si128(mn, lo16), _mm_andnot_si128(lo16, mx));
        /* cards 0-2 and 1-3: the halves of each 32-bit lane swapped */
        sw = _mm_or_si128(_mm_slli_epi32(v, 16), _mm_srli_epi32(v, 16));
        mn = _mm_min_epu8(v, sw);
        mx = _mm_max_epu8(v, sw);
        v = _mm_or_si128(_mm_and_si128(mn, lo32), _mm_andnot_si128(lo32, mx));
        /* cards 1-2 */
        sw = _mm_or_si128(_mm_and_si128(v, ends),
                          _mm_or_si128(_mm_and_si128(_mm_slli_epi32(v, 8), m2),
                                       _mm_and_si128(_mm_srli_epi32(v, 8), m1)));
        mn = _mm_min_epu8(v, sw);
        mx = _mm_max_epu8(v, sw);
        v = _mm_or_si128(_mm_and_si128(v, ends),
                         _mm_or_si128(_mm_and_si128(mn, m1), _mm_and_si128(mx, m2)));
        uint64_t w0 = (uint64_t)_mm_cvtsi128_si64(v);
        uint64_t w1 = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
        o[0] = values[ph_badugi_sorted(colex, w0)];
        o[1] = values[ph_badugi_sorted(colex, w0 >> 32)];
        o[2] = values[ph_badugi_sorted(colex, w1)];
        o[3] = values[ph_badugi_sorted(colex, w1 >> 32)];
        /* bad: equal neighbours, or a card past 51 */
        __m128i equal = _mm_and_si128(_mm_cmpeq_epi8(v, _mm_srli_epi32(v, 8)),
                                      _mm_set1_epi32(0x00FFFFFF));
        __m128i fits = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(51)), _mm_set1_epi8(51));
        return _mm_or_si128(equal, _mm_andnot_si128(fits, _mm_set1_epi8(-1)));
    }
    #endif

    static Py_ssize_t ph_badugi_rows(const uint16_t *values, const uint32_t *colex,
            const uint8_t *c, Py_ssize_t n, int32_t *PH_RESTRICT o) {
        for (Py_ssize_t start = 0; start < n; start += 256) {
            Py_ssize_t stop = start + 256 < n ? start + 256 : n, i = start;
            uint32_t bad = 0;
    #ifdef PH_SSE2
            __m128i flags = _mm_setzero_si128();
            for (; i + 4 <= stop; i += 4)
                flags = _mm_or_si128(flags, ph_badugi_four(values, colex, c + 4 * i, o + i));
            bad = (uint32_t)_mm_movemask_epi8(flags);
    #endif
            for (; i < stop; ++i)
                bad |= ph_badugi_row(values, colex, c + 4 * i, o + i);
            if (bad) {
                int32_t ignored;
                for (i = start; i < stop; ++i)
                    if (ph_badugi_row(values, colex, c + 4 * i, &ignored)) return i;
            }
        }
        return -1;
    }
    """
    void ph_any_init()
    Py_ssize_t ph_badugi_rows(const entry_t *values, const uint32_t *colex, const card_t *c,
                              Py_ssize_t n, rank_t *o) noexcept nogil
    uint64_t ph_allowed_bits(uint64_t allowed) noexcept nogil
    Py_ssize_t ph_checked_rows(const offset_t *offsets, const entry_t *ranks,
                               const entry_t *flush, const card_t *c, Py_ssize_t n, int w,
                               uint64_t allowed_bits, rank_t *o) noexcept nogil

ph_any_init()
cnp.import_array()


def evaluate_rows(HandTables h, const card_t[:, ::1] cards, rank_t[::1] out,
                  uint64_t allowed):
    """Fill out[i] with the value of cards[i], checking each row as it is read, without
    the GIL: returns the index of the first row with a card outside `allowed` (a bit mask
    of the deck, bit c for card c) or a repeated card, or -1 when every row was good
    (then every out[i] is set).  Rows hold at most 7 cards."""
    cdef Py_ssize_t n = cards.shape[0], bad
    cdef int w = <int>cards.shape[1]
    cdef uint64_t allowed_bits = ph_allowed_bits(allowed)
    if n == 0:
        return -1
    if w > 7 or out.shape[0] != n:
        raise ValueError("rows of at most 7 cards, and one out entry per row")
    with nogil:
        bad = ph_checked_rows(h.t.offsets, h.t.ranks, h.t.flush, &cards[0, 0], n, w,
                              allowed_bits, &out[0])
    return bad


def badugi_rows(BadugiTables t, const card_t[:, ::1] cards, rank_t[::1] out,
                uint64_t allowed):
    """evaluate_rows for badugi: rows of exactly four cards of the 52-card deck
    (`allowed` must be all of it; see ph_badugi_rows)."""
    cdef Py_ssize_t n = cards.shape[0], bad
    if n == 0:
        return -1
    if cards.shape[1] != 4 or out.shape[0] != n:
        raise ValueError("rows of four cards, and one out entry per row")
    if allowed != (<uint64_t>1 << 52) - 1:
        raise ValueError("badugi is played with the 52-card deck")
    with nogil:
        bad = ph_badugi_rows(t.t.values, t.t.colex, &cards[0, 0], n, &out[0])
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


cdef inline int _take_hand(object cards, object board, card_t *buf,
                           uint64_t allowed) except -2:
    """A hand's cards and its board (or None) into buf: how many, or -1 where either
    is not a list or tuple of ints (see _take)."""
    cdef uint64_t seen = 0
    cdef int n = _take(cards, buf, 0, &seen, allowed)
    if n >= 0 and board is not None:
        n = _take(board, buf, n, &seen, allowed)
    return n


def evaluate_one(HandTables h, object cards, object board, uint64_t allowed, int min_n,
                 int max_n):
    """Value of one hand given as a list or tuple of ints 0..51, with a board (a list or
    tuple too) or None; None for any other input (the caller then parses it and names
    what is wrong).  Raises ValueError for a wrong count, a card outside the deck or a
    repeated card."""
    cdef card_t buf[8]
    cdef int n = _take_hand(cards, board, buf, allowed)
    if n < 0:
        return None
    if n < min_n or n > max_n:
        raise ValueError(
            f"expected {min_n}" + (f"..{max_n}" if max_n != min_n else "")
            + f" cards, got {n}")
    return evaluate_cards(&h.t, buf, n)


def badugi_one(BadugiTables t, object cards, object board, uint64_t allowed, int min_n,
               int max_n):
    """evaluate_one for badugi: four cards, given as cards and board together."""
    cdef card_t buf[8]
    cdef int n = _take_hand(cards, board, buf, allowed)
    if n < 0:
        return None
    if n != 4:
        raise ValueError(f"expected 4 cards, got {n}")
    return badugi_value(&t.t, buf)


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
