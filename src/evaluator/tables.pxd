# The lookup tables of a hand type and the one lookup that reads them (public: code
# built on the evaluator cimports them with `from evaluator.tables cimport ...`).
#
# The rank part of a hand key (keys.pxd) is mapped through a row-displacement perfect
# hash: its low HASH_ROW_BITS bits pick a row, whose offset (stored in units of
# OFFSET_SCALE slots, so that 16 bits reach every slot) plus the remaining bits is the
# slot in a table of entry_t values, one table per hand type.  A second 8192-entry
# table indexed by a suit's 13-bit rank mask holds the flush values of hand types where
# suits matter.  tables.pyx builds both on a hand type's first use, the ranks table
# padded so that every key of up to seven cards (a rank repeated up to seven times
# included) hashes inside it.
#
# The sizes are chosen for the cache, not for the tightest packing: a batch loop over
# random hands touches every offset and nearly every slot, so what it can touch is
# the whole of both tables, 16 KiB of offsets (they stay in L1) and about 170 KiB of
# ranks (docs/core.md; test_high.py computes it).  15 row bits packed the slots with
# no hole but took 128 KiB of 32-bit offsets, 278 KiB with the ranks, more than a small L2
# shares with the rest of a Python process.
from evaluator.keys cimport CARD_KEY, KEY_BASE, flush_suit, suit_mask
from evaluator.typedefs cimport card_t, entry_t, key_t, offset_t, rank_t, uint32_t

cdef extern from *:
    """
    #define PH_HASH_ROW_BITS 13
    #define PH_OFFSET_SCALE 2
    /* the slot of a key's rank part in a ranks table: the one hash lookup */
    static inline uint32_t ph_hash_index(const uint16_t *offsets, uint64_t key) {
        uint32_t k = (uint32_t)key;
        return (k >> PH_HASH_ROW_BITS)
            + PH_OFFSET_SCALE * (uint32_t)offsets[k & ((1u << PH_HASH_ROW_BITS) - 1)];
    }
    """
    const int HASH_ROW_BITS "PH_HASH_ROW_BITS"
    const int OFFSET_SCALE "PH_OFFSET_SCALE"
    # Slot of a key's rank part in a ranks table: the one hash lookup (in C, so that
    # kernels written in C share it).
    uint32_t hash_index "ph_hash_index"(const offset_t *offsets, key_t key) noexcept nogil


# The tables of one hand type.  `flush` is NULL where suits do not matter (lows).
ctypedef struct Tables:
    const offset_t *offsets     # perfect-hash row offsets / OFFSET_SCALE, by a key's low bits
    const entry_t *ranks        # value of the best hand of a rank multiset (hashed key)
    const entry_t *flush        # value of the best flush in a 13-bit suit mask, or NULL


cdef inline rank_t lookup_parts(const offset_t *offsets, const entry_t *ranks,
                                const entry_t *flush, key_t key, const card_t *cards,
                                int n) noexcept nogil:
    """Value of a hand whose key is known; `cards` is read only when it holds a flush.
    Takes the table pointers one by one so a loop can keep them in registers."""
    cdef int suit
    if flush != NULL:
        suit = flush_suit(key)
        if suit >= 0:
            return flush[suit_mask(cards, n, suit)]
    return ranks[hash_index(offsets, key)]


cdef inline rank_t lookup(const Tables *t, key_t key, const card_t *cards, int n) noexcept nogil:
    """Value of a hand whose key is known; `cards` is read only when it holds a flush."""
    return lookup_parts(t.offsets, t.ranks, t.flush, key, cards, n)


cdef inline rank_t evaluate_cards(const Tables *t, const card_t *cards, int n) noexcept nogil:
    """Value of the best hand in n (<= 7) distinct, valid cards."""
    cdef key_t key = KEY_BASE
    cdef int i
    for i in range(n):
        key += CARD_KEY[cards[i]]
    return lookup(t, key, cards, n)


# Value of a five-card hand as a "strength": any integer order where higher is better
# and 0 means "no hand" (a low that does not qualify).  `counts` holds the number of
# cards of each of the 13 ranks; `mask` is the 13-bit rank mask of a five-card flush.
ctypedef uint32_t (*strength5_fn)(const int *counts) noexcept nogil
ctypedef uint32_t (*flush5_fn)(uint32_t mask) noexcept nogil


cdef class HandTables:
    cdef Tables t                   # raw pointers into the arrays below, for the kernels
    cdef readonly object offsets    # (rows,) uint16: row offsets / OFFSET_SCALE (shared)
    cdef readonly object ranks      # (slots,) uint16: value by hashed rank key
    cdef readonly object flush      # (8192,) uint16 by suit mask, or None (suits ignored)
    cdef readonly object classes    # (C,) uint32: strength of value v is classes[v - 1]
    cdef readonly int max_cards     # largest hand the tables answer for (<= 7)
    cdef readonly int min_cards     # hand size the classes are ranked at (5; 3 for OFC top)


cdef HandTables make_tables(strength5_fn strength, flush5_fn flush, int max_cards,
                            int min_cards=*)


# Badugi (four cards, at most one of each suit and rank counting) is not a best-five
# ranking: its table is indexed by the hand itself.  Four cards sorted, a < b < c < d,
# have the colex rank C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4), their slot in a table of
# C(52, 4) = 270,725 values read once per hand.  The sort is a network of five
# compare-exchanges (no branch); `colex[k * 256 + p]` is C(p, k + 1) for p < 52 and 0
# past it, and the table is padded to the largest sum any four bytes can make, so a
# bad hand (a card past 51, or twice) is looked up in bounds, flagged, and discarded.
cdef extern from *:
    """
    #define PH_BADUGI_SLOTS 272052  /* C(51,1) + C(51,2) + C(51,3) + C(51,4) + 1 */
    #define PH_MINMAX(x, y) { uint32_t t_ = (x) < (y) ? (x) : (y); \
                              (y) = (x) < (y) ? (y) : (x); (x) = t_; }
    /* the slot of four cards; *bad is set when one is past 51 or two are equal */
    static inline uint32_t ph_badugi_slot(const uint32_t *colex, uint32_t a, uint32_t b,
                                          uint32_t c, uint32_t d, uint32_t *bad) {
        PH_MINMAX(a, b); PH_MINMAX(c, d); PH_MINMAX(a, c); PH_MINMAX(b, d); PH_MINMAX(b, c);
        *bad = (a >= b) | (b >= c) | (c >= d) | (d > 51);
        return a + colex[256 + b] + colex[512 + c] + colex[768 + d];
    }
    #undef PH_MINMAX
    """
    const int BADUGI_SLOTS "PH_BADUGI_SLOTS"
    uint32_t badugi_slot "ph_badugi_slot"(const uint32_t *colex, uint32_t a, uint32_t b,
                                          uint32_t c, uint32_t d, uint32_t *bad) noexcept nogil


ctypedef struct Badugi:
    const entry_t *values       # (BADUGI_SLOTS,) value of every four-card hand, by slot
    const uint32_t *colex       # (4 * 256,) C(p, k + 1) at k * 256 + p, 0 for p > 51


cdef inline rank_t badugi_value(const Badugi *t, const card_t *cards) noexcept nogil:
    """Value of four distinct valid cards."""
    cdef uint32_t bad
    return t.values[badugi_slot(t.colex, cards[0], cards[1], cards[2], cards[3], &bad)]


cdef class BadugiTables:
    cdef Badugi t                   # raw pointers into the arrays below, for the kernels
    cdef readonly object values     # (BADUGI_SLOTS,) uint16: value by colex slot
    cdef readonly object colex      # (1024,) uint32
    cdef readonly object classes    # (1092,) uint32: strength of value v is classes[v - 1]
