# The building blocks every kernel shares: per-card additive keys and the lookup.
#
# A hand key is the sum of its cards' 64-bit CARD_KEY entries:
#   bits  0..31  sum of the rank keys; unique for every multiset of at most 7 ranks
#                with at most 4 of a kind (keys found by tools/find_rank_keys.c)
#   bits 32..47  one 4-bit counter per suit, started at 3 by KEY_BASE, so bit 3 of a
#                counter is set exactly when that suit holds 5 or more cards
# Because keys add, a board (or a pair of hole cards) is summed once and reused
# across an enumeration: one add and one lookup per showdown.
#
# The rank part is mapped through a row-displacement perfect hash (HASH_ROW_BITS and
# the offsets array built by _tables.pyx) into a table of entry_t values, one table per
# hand type; a second 8192-entry table indexed by a suit's 13-bit rank mask holds
# the flush values of hand types where suits matter.
from evaluator._types cimport card_t, entry_t, key_t, rank_t, uint32_t, uint64_t, int32_t

cdef extern from *:
    """
    #define PH_S(s) (1ULL << (32 + 4 * (s)))
    #define PH_RANK(k) ((k) | PH_S(0)), ((k) | PH_S(1)), ((k) | PH_S(2)), ((k) | PH_S(3))
    static const uint64_t PH_CARD_KEY[52] = {
        PH_RANK(1ULL), PH_RANK(5ULL), PH_RANK(24ULL), PH_RANK(112ULL), PH_RANK(521ULL),
        PH_RANK(2247ULL), PH_RANK(9244ULL), PH_RANK(30823ULL), PH_RANK(103066ULL),
        PH_RANK(250154ULL), PH_RANK(667453ULL), PH_RANK(1526359ULL), PH_RANK(3453520ULL)
    };
    static const uint32_t PH_RANK_KEY[13] = {
        1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520
    };
    #define PH_KEY_BASE (0x3333ULL << 32)
    #define PH_FLUSH_BITS (0x8888ULL << 32)
    #define PH_HASH_ROW_BITS 15
    #undef PH_RANK
    #undef PH_S
    """
    const key_t CARD_KEY "PH_CARD_KEY"[52]
    const uint32_t RANK_KEY "PH_RANK_KEY"[13]
    const key_t KEY_BASE "PH_KEY_BASE"
    const key_t FLUSH_BITS "PH_FLUSH_BITS"
    const int HASH_ROW_BITS "PH_HASH_ROW_BITS"


# The tables of one hand type.  `flush` is NULL where suits do not matter (lows).
ctypedef struct Tables:
    const uint32_t *offsets     # perfect-hash row offsets, by the low bits of the rank key
    const entry_t *ranks        # value of the best hand of a rank multiset (hashed key)
    const entry_t *flush        # value of the best flush in a 13-bit suit mask, or NULL


cdef inline uint32_t hash_index(const uint32_t *offsets, key_t key) noexcept nogil:
    """Slot of a key's rank part in a ranks table."""
    cdef uint32_t k = <uint32_t>key
    return (k >> HASH_ROW_BITS) + offsets[k & ((1u << HASH_ROW_BITS) - 1)]


cdef inline int flush_suit(key_t key) noexcept nogil:
    """The suit holding five or more cards (of at most 7), or -1."""
    cdef key_t f = (key & FLUSH_BITS) >> 35
    if f == 0:
        return -1
    return (f > 1) + (f > 0x10) + (f > 0x100)


cdef inline int popcount(uint32_t m) noexcept nogil:
    """Number of bits set (rank masks are small; portable, no intrinsics)."""
    cdef int n = 0
    while m:
        m &= m - 1
        n += 1
    return n


cdef inline uint32_t suit_mask(const card_t *cards, int n, int suit) noexcept nogil:
    """13-bit mask of the ranks held in one suit."""
    cdef uint32_t mask = 0
    cdef int i
    for i in range(n):
        if (cards[i] & 3) == suit:
            mask |= 1u << (cards[i] >> 2)
    return mask


cdef inline rank_t lookup(const Tables *t, key_t key, const card_t *cards, int n) noexcept nogil:
    """Value of a hand whose key is known; `cards` is read only when it holds a flush."""
    cdef int suit
    if t.flush != NULL:
        suit = flush_suit(key)
        if suit >= 0:
            return t.flush[suit_mask(cards, n, suit)]
    return t.ranks[hash_index(t.offsets, key)]


cdef inline rank_t evaluate_cards(const Tables *t, const card_t *cards, int n) noexcept nogil:
    """Value of the best hand in n (<= 7) distinct, valid cards."""
    cdef key_t key = KEY_BASE
    cdef int i
    for i in range(n):
        key += CARD_KEY[cards[i]]
    return lookup(t, key, cards, n)
