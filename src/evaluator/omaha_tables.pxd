# Omaha's tables and its one two-plus-three lookup (public: the equity kernels cimport
# them with `from evaluator.omaha_tables cimport ...`; see omaha_tables.pyx for how the
# tables are built).
#
# A high-style ranking (OMAHA) is a table indexed by (board index, hole pair index): the
# best value of a hole rank pair with three of the board's ranks.  A board is turned
# into its row once (board_row), then every hole pair costs one load; suits matter only
# when one suit has three or more board cards (at most one suit can, with at most five
# board cards), and then best_flush looks at that suit's two-from-hole, three-from-board
# subsets.  An eight-or-better low is one load from a 256 x 256 table indexed by the
# low-rank masks (keys.LOW_RANK_BIT) of the hole and of the board.
from libc.stdint cimport uint8_t

from evaluator.keys cimport CARD_KEY, popcount
from evaluator.tables cimport hash_index
from evaluator.typedefs cimport card_t, entry_t, key_t, offset_t, rank_t, uint32_t

cdef enum:
    N_PAIRS = 91        # unordered rank pairs, equal ranks allowed: C(13, 2) + 13
    MAX_HOLE = 6
    MAX_BOARD = 5

cdef extern from *:
    """
    /* suit counters of a key started at 5: bit 3 of a counter <=> 3+ cards of the suit */
    #define PH_OMAHA_SUIT_BASE3 (0x5555ULL << 32)
    """
    const key_t SUIT_BASE3 "PH_OMAHA_SUIT_BASE3"


# The pointers of a high-style Omaha ranking's tables, for the kernels.
ctypedef struct Combo:
    const entry_t *table        # (boards * N_PAIRS,): best value of board b with hole pair p
    const entry_t *board_idx    # board index b by hashed rank key (tables.hash_index)
    const uint8_t *pair_idx     # hole pair index p of two cards, by 52 * card + card
    const offset_t *offsets     # the shared perfect-hash offsets
    const entry_t *flush        # the five-card ranking's flush table, or NULL


cdef class DealTables:
    cdef rank_t one(self, const card_t *h, int nh, const card_t *b, int nb) noexcept nogil


cdef class ComboTables(DealTables):
    cdef Combo c                    # raw pointers into the arrays below
    cdef readonly object table      # (B * 91,) uint16
    cdef readonly object board_idx  # (slots,) uint16
    cdef readonly object pair_idx   # (52 * 52,) uint8
    cdef readonly object flush      # (8192,) uint16 by 13-bit suit mask, or None
    cdef readonly object five       # the five-card HandTables the values come from


cdef class MaskTables(DealTables):
    cdef readonly object table      # (65536,) uint16: best low by hole mask << 8 | board mask
    cdef readonly object card_bits  # (52,) uint8: LOW_RANK_BIT of each card
    cdef const entry_t *c_table
    cdef const uint8_t *c_bits


cdef inline const entry_t *board_row(const Combo *t, key_t board_key) noexcept nogil:
    """The table row of a board (3..5 cards) whose keys sum to board_key."""
    return t.table + <uint32_t>t.board_idx[hash_index(t.offsets, board_key)] * N_PAIRS


cdef inline entry_t best_flush(const entry_t *flush, uint32_t hole_mask,
                               uint32_t board_mask) noexcept nogil:
    """Best flush of two ranks of hole_mask plus three of board_mask (one suit's 13-bit
    rank masks)."""
    cdef uint32_t hb[MAX_HOLE]
    cdef uint32_t bb[MAX_BOARD]
    cdef int nh = 0, nb = 0, i, j, k, q, m
    cdef uint32_t two
    cdef entry_t best = 0, v
    while hole_mask:
        hb[nh] = hole_mask & (~hole_mask + 1)
        hole_mask &= hole_mask - 1
        nh += 1
    while board_mask:
        bb[nb] = board_mask & (~board_mask + 1)
        board_mask &= board_mask - 1
        nb += 1
    for i in range(nh):
        for j in range(i + 1, nh):
            two = hb[i] | hb[j]
            for k in range(nb):
                for q in range(k + 1, nb):
                    for m in range(q + 1, nb):
                        v = flush[two | bb[k] | bb[q] | bb[m]]
                        best = v if v > best else best
    return best


cdef inline int three_suited(key_t key) noexcept nogil:
    """The suit holding three or more cards of a key summed from SUIT_BASE3, or -1."""
    cdef uint32_t lo3 = <uint32_t>((key >> 32) & 0x8888u)
    if lo3 == 0:
        return -1
    return (lo3 > 0x8u) + (lo3 > 0x80u) + (lo3 > 0x800u)


cdef inline rank_t combo_value(const Combo *t, const card_t *h, const card_t *b,
                               int nh, int nb) noexcept nogil:
    """Value of one deal: exactly two of the nh hole cards and three of the nb board
    cards.  Called with constant nh, nb the loops unroll."""
    cdef key_t key = SUIT_BASE3
    cdef uint32_t hole_mask, board_mask
    cdef const entry_t *row
    cdef entry_t best = 0, v
    cdef int i, j, s
    for i in range(nb):
        key += CARD_KEY[b[i]]
    row = board_row(t, key)
    for i in range(nh):
        for j in range(i + 1, nh):
            v = row[t.pair_idx[h[i] * 52 + h[j]]]
            best = v if v > best else best
    if t.flush != NULL:
        s = three_suited(key)
        if s >= 0:
            hole_mask = 0
            for i in range(nh):
                if (h[i] & 3) == s:
                    hole_mask |= 1u << (h[i] >> 2)
            if popcount(hole_mask) >= 2:
                board_mask = 0
                for i in range(nb):
                    if (b[i] & 3) == s:
                        board_mask |= 1u << (b[i] >> 2)
                v = best_flush(t.flush, hole_mask, board_mask)
                best = v if v > best else best
    return best
