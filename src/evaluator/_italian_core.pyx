"""Kernels of the Italian traditional (5-card draw) ranking.

The suitless part of a hand's value comes from ordinary lookup tables (make_tables)
built for the deck's lowest rank; the suit tie-break is computed per hand:

* strength (before the dense numbering) = category << 20 | five 4-bit ranks in the
  order of significance: the largest group first, higher ranks first within a count,
  a straight from its top card down, with the minimum straight (A below the deck's
  lowest rank) packed as top..lowest then the ace;
* categories, low to high: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight,
  5 full house, 6 flush, 7 quads, 8 straight flush (a flush beats a full house);
* with suits, value = class << 10 | suit key, where the suit key holds the five suits
  (hearts 3 > diamonds 2 > clubs 1 > spades 0) as base-4 digits in the same order of
  significance, a group's cards by suit, best first.  Its first digit is the rule of
  RULES.md (the best suit of the most significant rank group); the following digits
  only separate hands that share cards (they never meet in a showdown) and make the
  value of every distinct hand distinct.
"""

import threading

import numpy as np

from evaluator._keys cimport CARD_KEY, HASH_ROW_BITS, KEY_BASE, Tables, flush_suit, suit_mask
from evaluator._tables cimport HandTables, make_tables
from evaluator._types cimport card_t, entry_t, int32_t, key_t, uint8_t, uint32_t

cdef enum:
    HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH

SUIT_SHIFT = 10     # value = class << SUIT_SHIFT | suit key (suits on)

# make_tables takes a context-free function, so the deck's lowest rank is a module
# global, set (under _BUILD_LOCK) only while one deck's tables are built.
cdef int _LOW = 0
_BUILD_LOCK = threading.Lock()


cdef inline uint32_t _pack(int category, int a, int b, int c, int d, int e) noexcept nogil:
    return (<uint32_t>category << 20) | (a << 16) | (b << 12) | (c << 8) | (d << 4) | e


cdef int _straight_top(uint32_t mask) noexcept nogil:
    """Top rank of a five-rank mask that is a straight in the current deck, or -1.
    The minimum straight (ace just below the lowest rank) has the rank under the
    ace's place as its top: A-7-8-9-T is a Ten-high straight in a 32-card deck."""
    cdef int top
    for top in range(12, _LOW + 3, -1):
        if mask == (<uint32_t>0x1f << (top - 4)):
            return top
    if mask == ((<uint32_t>1 << 12) | (<uint32_t>0xf << _LOW)):
        return _LOW + 3
    return -1


cdef uint32_t _straight_pack(int category, int top) noexcept nogil:
    if top == _LOW + 3:
        # the minimum straight (no straight of the deck's own ranks tops out this low):
        # the ace plays below the lowest rank
        return _pack(category, top, top - 1, top - 2, top - 3, 12)
    return _pack(category, top, top - 1, top - 2, top - 3, top - 4)


cdef uint32_t italian_strength(const int *counts) noexcept nogil:
    """Five-card strength without a flush; 0 for ranks outside the deck."""
    cdef int r, n4 = -1, n3 = -1, p1 = -1, p2 = -1, ns = 0, top
    cdef int singles[5]
    cdef uint32_t mask = 0
    for r in range(_LOW):
        if counts[r]:
            return 0
    for r in range(12, -1, -1):
        if counts[r] == 4:
            n4 = r
        elif counts[r] == 3:
            n3 = r
        elif counts[r] == 2:
            if p1 < 0:
                p1 = r
            else:
                p2 = r
        elif counts[r] == 1:
            singles[ns] = r
            ns += 1
        if counts[r]:
            mask |= 1u << r
    if n4 >= 0:
        return _pack(QUADS, n4, n4, n4, n4, singles[0])
    if n3 >= 0:
        if p1 >= 0:
            return _pack(FULL_HOUSE, n3, n3, n3, p1, p1)
        return _pack(TRIPS, n3, n3, n3, singles[0], singles[1])
    if p2 >= 0:
        return _pack(TWO_PAIR, p1, p1, p2, p2, singles[0])
    if p1 >= 0:
        return _pack(PAIR, p1, p1, singles[0], singles[1], singles[2])
    top = _straight_top(mask)
    if top >= 0:
        return _straight_pack(STRAIGHT, top)
    return _pack(HIGH_CARD, singles[0], singles[1], singles[2], singles[3], singles[4])


cdef uint32_t italian_flush(uint32_t mask) noexcept nogil:
    """Strength of a five-card flush with rank mask `mask`; 0 outside the deck."""
    cdef int r, i = 0, top
    cdef int ranks[5]
    if mask & ((1u << _LOW) - 1):
        return 0
    top = _straight_top(mask)
    if top >= 0:
        return _straight_pack(STRAIGHT_FLUSH, top)
    for r in range(12, -1, -1):
        if mask & (1u << r):
            ranks[i] = r
            i += 1
    return _pack(FLUSH, ranks[0], ranks[1], ranks[2], ranks[3], ranks[4])


def build_tables(int low):
    """(HandTables, ace_low) of the Italian ranking for a deck whose lowest rank index
    is `low` (0 = deuce: 52 cards; 5 = seven: 32 cards).  ace_low[v] is 1 when class v
    is the minimum straight or straight flush (its ace ranks below the lowest card)."""
    global _LOW
    if not 0 <= low <= 7:
        raise ValueError(f"lowest rank index must be 0..7, got {low}")
    with _BUILD_LOCK:
        _LOW = low
        tables = make_tables(italian_strength, italian_flush, 5)
    classes = tables.classes
    category = classes >> 20
    ranks = (classes[:, None] >> np.array([16, 12, 8, 4, 0])) & 0xF
    ace_low = np.zeros(len(classes) + 1, dtype=np.uint8)
    ace_low[1:] = ((category == STRAIGHT) | (category == STRAIGHT_FLUSH)) & (ranks[:, 4] == 12)
    ace_low.flags.writeable = False
    return tables, ace_low


# ---------------------------------------------------------------- per-hand value

cdef inline int32_t _value5(const uint32_t *offsets, const entry_t *ranks, const entry_t *flush,
                            const uint8_t *ace_low, const card_t *c, bint suits) noexcept nogil:
    """Value of five distinct cards of the deck (see the module docstring)."""
    cdef key_t key = (KEY_BASE + CARD_KEY[c[0]] + CARD_KEY[c[1]] + CARD_KEY[c[2]]
                      + CARD_KEY[c[3]] + CARD_KEY[c[4]])
    cdef uint32_t k, cls
    cdef int suit, i, j, r, pos, low_ace
    cdef int order[5]
    cdef int32_t suit_key = 0
    suit = flush_suit(key)
    if flush != NULL and suit >= 0:
        cls = flush[suit_mask(c, 5, suit)]
    else:
        k = <uint32_t>key
        cls = ranks[(k >> HASH_ROW_BITS) + offsets[k & ((1u << HASH_ROW_BITS) - 1)]]
    if not suits:
        return <int32_t>cls
    # Order of significance of each card: count of its rank, then its rank (the ace
    # of a minimum straight lowest), then its suit (hearts 3 > diamonds 2 > clubs 1 >
    # spades 0, i.e. (suit + 1) & 3).  The keys of five distinct cards are distinct.
    low_ace = ace_low[cls]
    for i in range(5):
        r = c[i] >> 2
        j = ((r == (c[0] >> 2)) + (r == (c[1] >> 2)) + (r == (c[2] >> 2))
             + (r == (c[3] >> 2)) + (r == (c[4] >> 2)))
        r = 0 if (low_ace and r == 12) else r + 1
        order[i] = (((j << 4) | r) << 2) | ((c[i] + 1) & 3)
    for i in range(5):
        pos = ((order[0] > order[i]) + (order[1] > order[i]) + (order[2] > order[i])
               + (order[3] > order[i]) + (order[4] > order[i]))
        suit_key |= (order[i] & 3) << (2 * (4 - pos))
    return <int32_t>((cls << 10) | suit_key)


cdef void _rows(const Tables *t, const uint8_t *ace_low, const card_t *c, int32_t *o,
                Py_ssize_t n, bint suits) noexcept nogil:
    # table pointers copied into locals: the output never aliases them
    cdef const uint32_t *offsets = t.offsets
    cdef const entry_t *ranks = t.ranks
    cdef const entry_t *flush = t.flush
    cdef Py_ssize_t i
    for i in range(n):
        o[i] = _value5(offsets, ranks, flush, ace_low, c, suits)
        c += 5


def evaluate_rows(HandTables h, const uint8_t[::1] ace_low, const card_t[:, ::1] cards,
                  int32_t[::1] out, bint suits):
    """out[i] = value of the five cards of row i (rows already checked), without the GIL."""
    cdef Py_ssize_t n = cards.shape[0]
    if n == 0:
        return
    with nogil:
        _rows(&h.t, &ace_low[0], &cards[0, 0], &out[0], n, suits)


def evaluate_five(HandTables h, const uint8_t[::1] ace_low, const card_t[::1] cards,
                  bint suits):
    """Value of one checked hand of five cards."""
    return _value5(h.t.offsets, h.t.ranks, h.t.flush, &ace_low[0], &cards[0], suits)


def all_values(HandTables h, const uint8_t[::1] ace_low, const card_t[::1] deck, bint suits):
    """Values of every five-card hand of `deck` (its cards checked and distinct), in
    the order of itertools.combinations(deck, 5)."""
    cdef Py_ssize_t n = deck.shape[0], m = 0
    cdef int a, b, c, d, e
    cdef card_t hand[5]
    if n < 5:
        return np.zeros(0, dtype=np.int32)
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) // 120
    out = np.empty(total, dtype=np.int32)
    cdef int32_t[::1] o = out
    cdef const uint32_t *offsets = h.t.offsets
    cdef const entry_t *ranks = h.t.ranks
    cdef const entry_t *flush = h.t.flush
    with nogil:
        for a in range(n - 4):
            hand[0] = deck[a]
            for b in range(a + 1, n - 3):
                hand[1] = deck[b]
                for c in range(b + 1, n - 2):
                    hand[2] = deck[c]
                    for d in range(c + 1, n - 1):
                        hand[3] = deck[d]
                        for e in range(d + 1, n):
                            hand[4] = deck[e]
                            o[m] = _value5(offsets, ranks, flush, &ace_low[0], hand, suits)
                            m += 1
    return out
