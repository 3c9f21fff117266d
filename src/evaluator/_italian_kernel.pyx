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
  docs/rules/italian.md (the best suit of the most significant rank group); the following digits
  only separate hands that share cards (they never meet in a showdown) and make the
  value of every distinct hand distinct.
"""

import threading

import numpy as np

from evaluator._strength cimport high_like, high_like_flush, reorder
from evaluator.keys cimport CARD_KEY, KEY_BASE
from evaluator.tables cimport HandTables, Tables, lookup_parts, make_tables
from evaluator.typedefs cimport card_t, entry_t, int32_t, key_t, offset_t, uint8_t, uint32_t

# Italian category numbers, weakest first (a flush beats a full house)
cdef enum:
    HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH

# index: HIGH's category (see _strength.pxd); value: the Italian one
cdef int ITALIAN_ORDER[9]
ITALIAN_ORDER[:] = [0, 1, 2, 3, 4, 6, 5, 7, 8]

SUIT_SHIFT = 10     # value = class << SUIT_SHIFT | suit key (suits on)

# make_tables takes a context-free function, so the deck's lowest rank is a module
# global, set (under _BUILD_LOCK) only while one deck's tables are built.
cdef int _LOW = 0
_BUILD_LOCK = threading.Lock()


cdef inline uint32_t _wheel() noexcept nogil:
    """The minimum straight: the ace just below the deck's lowest rank (A-7-8-9-T in a
    32-card deck), packed as a straight topped by the rank under the ace's place."""
    return (<uint32_t>1 << 12) | (<uint32_t>0xf << _LOW)


cdef uint32_t italian_strength(const int *counts) noexcept nogil:
    """Five-card strength without a flush; 0 for ranks outside the deck."""
    cdef int r
    for r in range(_LOW):
        if counts[r]:
            return 0
    return reorder(high_like(counts, _wheel()), ITALIAN_ORDER)


cdef uint32_t italian_flush(uint32_t mask) noexcept nogil:
    """Strength of a five-card flush with rank mask `mask`; 0 outside the deck."""
    if mask & ((1u << _LOW) - 1):
        return 0
    return reorder(high_like_flush(mask, _wheel()), ITALIAN_ORDER)


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

cdef inline int32_t _value5(const offset_t *offsets, const entry_t *ranks, const entry_t *flush,
                            const uint8_t *ace_low, const card_t *c, bint suits) noexcept nogil:
    """Value of five distinct cards of the deck (see the module docstring)."""
    cdef key_t key = (KEY_BASE + CARD_KEY[c[0]] + CARD_KEY[c[1]] + CARD_KEY[c[2]]
                      + CARD_KEY[c[3]] + CARD_KEY[c[4]])
    cdef uint32_t cls = lookup_parts(offsets, ranks, flush, key, c, 5)
    cdef int i, j, r, pos, low_ace
    cdef int order[5]
    cdef int32_t suit_key = 0
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
    cdef const offset_t *offsets = t.offsets
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
    cdef const offset_t *offsets = h.t.offsets
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
