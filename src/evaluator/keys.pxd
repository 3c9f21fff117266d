# Per-card numbers that every kernel adds or ORs together (public: code built on the
# evaluator cimports them with `from evaluator.keys cimport ...`).
#
# CARD_KEY[c], the card's 64-bit additive key.  A hand key is KEY_BASE plus the sum of
# its cards' keys:
#   bits  0..31  sum of the rank keys; unique for every multiset of at most 7 ranks
#                with at most 4 of a kind (keys found by tools/find_rank_keys.c)
#   bits 32..47  one 4-bit counter per suit, started at 3 by KEY_BASE, so bit 3 of a
#                counter is set exactly when that suit holds 5 or more cards
# Because keys add, a board (or a pair of hole cards) is summed once and reused
# across an enumeration: one add and one lookup per showdown.  The rank part is looked
# up through the perfect hash of tables.pxd.
#
# CARD_BIT[c] = 1 << (16 * suit + rank): OR-ing them carries a hand's four 13-bit suit
# rank masks in one word, so a flush lookup needs no pass over the cards.
#
# LOW_RANK_BIT[rank], the ace-to-five low rank bit of the eight-or-better low (A = bit 0,
# 2..8 = bits 1..7, nine and above 0): the one definition the Omaha low tables and the
# equity kernels share.
from evaluator.typedefs cimport card_t, key_t, uint32_t, uint64_t

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define PH_MAYBE_UNUSED __attribute__((unused))  /* not every module reads every table */
    #else
    #define PH_MAYBE_UNUSED
    #endif
    #define PH_S(s) (1ULL << (32 + 4 * (s)))
    #define PH_RANK(k) ((k) | PH_S(0)), ((k) | PH_S(1)), ((k) | PH_S(2)), ((k) | PH_S(3))
    static const uint64_t PH_CARD_KEY[52] PH_MAYBE_UNUSED = {
        PH_RANK(1ULL), PH_RANK(5ULL), PH_RANK(24ULL), PH_RANK(112ULL), PH_RANK(521ULL),
        PH_RANK(2247ULL), PH_RANK(9244ULL), PH_RANK(30823ULL), PH_RANK(103066ULL),
        PH_RANK(250154ULL), PH_RANK(667453ULL), PH_RANK(1526359ULL), PH_RANK(3453520ULL)
    };
    static const uint32_t PH_RANK_KEY[13] PH_MAYBE_UNUSED = {
        1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520
    };
    #define PH_B(r) (1ULL << (r)), (1ULL << (16 + (r))), (1ULL << (32 + (r))), (1ULL << (48 + (r)))
    static const uint64_t PH_CARD_BIT[52] PH_MAYBE_UNUSED = {
        PH_B(0), PH_B(1), PH_B(2), PH_B(3), PH_B(4), PH_B(5), PH_B(6), PH_B(7), PH_B(8),
        PH_B(9), PH_B(10), PH_B(11), PH_B(12)
    };
    static const uint32_t PH_LOW_RANK_BIT[13] PH_MAYBE_UNUSED = {
        2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1
    };
    #define PH_KEY_BASE (0x3333ULL << 32)
    #define PH_FLUSH_BITS (0x8888ULL << 32)
    /* the suit holding five or more cards (of at most 7) of a key, or -1 */
    static inline int ph_flush_suit(uint64_t key) {
        uint64_t f = (key & PH_FLUSH_BITS) >> 35;
        if (f == 0) return -1;
        return (f > 1) + (f > 0x10) + (f > 0x100);
    }
    #undef PH_B
    #undef PH_RANK
    #undef PH_S
    """
    const key_t CARD_KEY "PH_CARD_KEY"[52]
    const uint32_t RANK_KEY "PH_RANK_KEY"[13]
    const uint64_t CARD_BIT "PH_CARD_BIT"[52]
    const uint32_t LOW_RANK_BIT "PH_LOW_RANK_BIT"[13]
    const key_t KEY_BASE "PH_KEY_BASE"
    const key_t FLUSH_BITS "PH_FLUSH_BITS"
    # The suit holding five or more cards (of at most 7), or -1 (in C, so that kernels
    # written in C share it).
    int flush_suit "ph_flush_suit"(key_t key) noexcept nogil


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
