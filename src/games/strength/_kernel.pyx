"""The compiled kernels of games.strength, in one module (each compiled module costs the
wheel a few hundred kB): the canonical hand indexer (Indexer) and every hand's strength
on one board (board_strength).  Everything here trusts its caller
(games/strength/indexing.py, games/strength/table.py) for card values and collisions;
arrays are checked for dtype, contiguity and shape, then read through raw pointers.
"""

import numpy as np

cimport cython
cimport numpy as cnp
from libc.math cimport floor
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free

from evaluator.keys cimport CARD_BIT, CARD_KEY, KEY_BASE, RANK_KEY, flush_suit, popcount
from evaluator.omaha_tables cimport (
    SUIT_BASE3,
    Combo,
    ComboTables,
    best_flush,
    board_row,
    three_suited,
)
from evaluator.tables cimport HandTables, Tables, hash_index
from evaluator.typedefs cimport card_t, entry_t, key_t
from games._xoshiro cimport Xoshiro, xoshiro_next, xoshiro_seed

cnp.import_array()


cdef void *_data(object arr, int typenum, bint writable=False) except? NULL:
    """The data of a C-contiguous array of the given numpy type (TypeError otherwise)."""
    if (not cnp.PyArray_Check(arr) or cnp.PyArray_TYPE(<cnp.ndarray>arr) != typenum
            or not cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray>arr)
            or (writable and not cnp.PyArray_ISWRITEABLE(<cnp.ndarray>arr))):
        raise TypeError("a kernel array of the wrong dtype or layout")
    return cnp.PyArray_DATA(<cnp.ndarray>arr)


cdef Py_ssize_t _dim(object arr, int axis) except -1:
    """The length of an array (checked by _data first) along an axis (0 past its
    dimensions)."""
    if not cnp.PyArray_Check(arr):
        raise TypeError("a kernel array that is not an array")
    if axis >= cnp.PyArray_NDIM(<cnp.ndarray>arr):
        return 0
    return cnp.PyArray_DIM(<cnp.ndarray>arr, axis)


cdef Py_ssize_t _rows(object arr, Py_ssize_t width) except -1:
    """Rows of an (N, width) array, or N of an (N,) array when width is 1."""
    cdef int nd = cnp.PyArray_NDIM(<cnp.ndarray>arr) if cnp.PyArray_Check(arr) else -1
    if (nd == 1 and width == 1) or (nd == 2 and _dim(arr, 1) == width):
        return _dim(arr, 0)
    raise ValueError("a kernel array of the wrong shape")


# ================================================================ canonical hand indexes
#
# Every (hole, board) situation to a dense canonical number shared by exactly the
# situations that a relabelling of the suits maps onto each other.  The numbering is
# the one of Waugh's hand isomorphism indexer (2013) for two rounds, the hole cards and
# the board, each an unordered set; the algorithm is the published one, the code our
# own:
#
#   * A suit's part of a situation is the set of hole ranks it holds and the set of
#     board ranks it holds.  Its *pattern* is the pair of sizes (a, b); its *number*
#     within the pattern is colex(hole ranks) + C(R, a) * colex(board ranks with the
#     hole ranks taken out of the rank line), R the deck's number of ranks, colex the
#     colexicographic rank of a set (sum over its members, lowest first, of
#     C(rank, position)).
#   * The four suits are sorted by pattern, largest first ((a, b) compared as a pair),
#     and, within equal patterns, by number, smallest first.  The sorted patterns are
#     the situation's *configuration*; configurations are taken in increasing order (as
#     tuples of patterns), each owning a block of indexes after the blocks of those
#     before it.
#   * Within the block, suits of equal patterns form a group whose numbers x0 <= x1 <=
#     ... are a multiset, ranked as x0 + C(x1 + 1, 2) + C(x2 + 2, 3) + C(x3 + 3, 4) of
#     C(M + n - 1, n) (M the pattern's count of numbers, n the group's size); the
#     groups are mixed-radix digits, the first group least significant.
#
# How a row is computed (ph_ix_block): each card is one bit of a 64-bit word (16 bits a
# suit); the hole ranks are taken out of the board's rank lines by two masked shifts a
# hole card; each suit's 32-bit sort key is one load for its hole mask (how many hole
# ranks a, their colex) and one load for (a, its board mask), which holds the pattern's
# code and C(R, a) * colex(board) together; five compare-exchanges sort the keys; then,
# a block of rows later (so that the out-of-order core overlaps many rows), the
# configuration is one load and the index four multiply-adds, the group terms
# C(x + g, g + 1) read from a table.  No branch depends on the cards.  The validity of
# the cards is checked in the same pass at no extra load: a card outside the deck sets
# a bit no card has, and a card held twice makes the sum of the cards' bits differ from
# their union; the caller names the bad cell (evaluator.checks.first_bad_cell) only
# when a block reports one.  Two-card hands before the flop are one load from a table
# of the 169 classes; after the flop they have a kernel of their own (ph_ht_*), which
# relabels the suits around the hole cards so that fewer steps remain (see there).

cdef extern from *:
    """
    /* colex rank of a 13-bit rank set among the sets of its size, its size, and the
       sets in (size, colex rank) order; C(n, k); (filled by _init_index_tables) */
    static uint16_t ph_colex[1 << 13];
    static uint8_t ph_popc[1 << 13];
    static uint16_t ph_uncolex[1 << 13];
    static uint32_t ph_uncolex_start[15];
    static uint64_t ph_ncr[14][14];
    /* a hole mask's part of a suit's key: its size a << 25 | its colex rank */
    static uint32_t ph_hole_key[1 << 13];

    /* a configuration's mixed radix as the kernel applies it: the first index of its
       block, and for each sorted suit the weight of its number (m1, a suit first in
       its group) or of its group term (m2, with the term table's row and a mask that
       keeps the read inside it); 128 bytes */
    typedef struct {
        uint64_t offset;
        uint64_t m1[4];
        uint64_t m2[4];
        uint32_t toff[4];
        uint32_t msk[4];
        uint8_t pad[24];
    } ph_digits;
    /* the same for the two-card kernel (indexing.py's DIGITS2): for each sorted suit
       one weight, and the mask of its number (all ones for the first of a group,
       whose term is the number; zero otherwise, the term read from its row) */
    typedef struct {
        uint64_t offset;
        uint64_t w[4];
        uint32_t toff[4];
        uint32_t msk[4];
        uint32_t xm[4];
        uint8_t pad[40];
    } ph_digits2;

    /* one indexer's tables (owned by the Indexer object) */
    typedef struct {
        const uint64_t *bit;      /* [256] shifted card: 1 << (16 suit + rank); outside: 1 << 15 */
        const uint64_t *above;    /* [256] the bits above the card in its suit; outside: 0 */
        const uint32_t *tk;       /* [(hole + 1) << 13] by a << 13 | board mask:
                                     code << 20 | C(R, a) * colex(board) */
        const ph_digits *dig;     /* by configuration, the last a zero dummy */
        const int32_t *conf_of;   /* [npat ** 3] configuration of the first three codes */
        const uint64_t *terms;    /* [4 * nterms]: C(x + g, g + 1) */
        const uint16_t *pre;      /* [64 * 64] two-card preflop classes, or NULL */
        const uint8_t *hold;      /* the two-card kernel's block of tables, or NULL */
        const uint8_t *hdig;      /* its configurations' digits, 128 bytes each */
        int nh, nb, npat, shift;
    } ph_ix;

    /* the module is built for size (setup.py: -O2); its hottest loops for speed */
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC push_options
    #pragma GCC optimize ("O3")
    #endif
    #define PH_IX_BLOCK 256
    #define PH_CAS(a, b) do { uint32_t lo_ = (a) < (b) ? (a) : (b); \\
                              uint32_t hi_ = (a) < (b) ? (b) : (a); \\
                              (a) = lo_; (b) = hi_; } while (0)
    #define PH_CAS8(a, b) do { uint8_t hi_ = (a) > (b) ? (a) : (b); \\
                               uint8_t lo_ = (a) > (b) ? (b) : (a); \\
                               (a) = hi_; (b) = lo_; } while (0)

    /* the four sorted keys of one situation; returns the row's bad bits (0: valid) */
    static inline uint64_t ph_ix_keys(const ph_ix *ix, const uint8_t *hp, int nh,
                                      const uint8_t *bp, int nb, uint32_t *k) {
        const int shift = ix->shift;
        uint64_t H = 0, B = 0, S = 0, O;
        uint8_t hs[8];
        int i;
        for (i = 0; i < nh; ++i) {
            uint64_t t = ix->bit[hs[i] = (uint8_t)(hp[i] - shift)];
            H |= t; S += t;
        }
        for (i = 0; i < nb; ++i) {
            uint64_t t = ix->bit[(uint8_t)(bp[i] - shift)];
            B |= t; S += t;
        }
        O = H | B;
        /* take the hole ranks out of the board's rank lines, a suit's highest first */
        if (nh == 2) {
            PH_CAS8(hs[0], hs[1]);
        } else if (nh == 4) {
            PH_CAS8(hs[0], hs[1]); PH_CAS8(hs[2], hs[3]); PH_CAS8(hs[0], hs[2]);
            PH_CAS8(hs[1], hs[3]); PH_CAS8(hs[1], hs[2]);
        } else {
            for (i = 1; i < nh; ++i) {
                uint8_t c = hs[i];
                int j = i;
                while (j > 0 && hs[j - 1] < c) { hs[j] = hs[j - 1]; --j; }
                hs[j] = c;
            }
        }
        for (i = 0; i < nh; ++i) {
            uint64_t t = ix->above[hs[i]];
            B = (B & ~t) | ((B & t) >> 1);
        }
        {
            uint32_t hl = (uint32_t)H, bl = (uint32_t)B, u;
            uint32_t hh = (uint32_t)(H >> 32), bh = (uint32_t)(B >> 32);
            const uint32_t *tk = ix->tk;
            u = ph_hole_key[hl & 0x1fff]; k[0] = tk[(u >> 12) | (bl & 0x1fff)] + (u & 4095);
            u = ph_hole_key[hl >> 16];    k[1] = tk[(u >> 12) | (bl >> 16)] + (u & 4095);
            u = ph_hole_key[hh & 0x1fff]; k[2] = tk[(u >> 12) | (bh & 0x1fff)] + (u & 4095);
            u = ph_hole_key[hh >> 16];    k[3] = tk[(u >> 12) | (bh >> 16)] + (u & 4095);
        }
        /* increasing keys: patterns largest first, equal patterns by number */
        PH_CAS(k[0], k[1]); PH_CAS(k[2], k[3]); PH_CAS(k[0], k[2]); PH_CAS(k[1], k[3]);
        PH_CAS(k[1], k[2]);
        return (S ^ O) | (O & 0x8000);
    }

    /* the index of a situation from its sorted keys */
    static inline uint64_t ph_ix_digits(const ph_ix *ix, int npat, const uint32_t *k) {
        const ph_digits *d = &ix->dig[ix->conf_of[((k[0] >> 20) * npat + (k[1] >> 20))
                                                  * npat + (k[2] >> 20)]];
        uint64_t idx = d->offset + d->m1[0] * (k[0] & 0xfffff);
        int s;
        for (s = 1; s < 4; ++s) {
            uint32_t x = k[s] & 0xfffff;
            idx += d->m1[s] * x + d->m2[s] * ix->terms[d->toff[s] + (x & d->msk[s])];
        }
        return idx;
    }

    /* rows [0, n): keys a block at a time, then the block's indexes */
    #define PH_IX_LOOP(NAME, NH, NB)                                                  \\
    static int NAME(const ph_ix *ix, const uint8_t *holes, const uint8_t *boards,    \\
                    Py_ssize_t n, int64_t *out) {                                    \\
        const int nh = NH ? NH : ix->nh, nb = NH ? NB : ix->nb;                       \\
        const int npat = NH ? (NH + 1) * (NB + 1) : ix->npat;                         \\
        uint32_t kb[PH_IX_BLOCK][4];                                                  \\
        uint64_t bad = 0;                                                             \\
        Py_ssize_t r0, q, m;                                                          \\
        for (r0 = 0; r0 < n; r0 += PH_IX_BLOCK) {                                     \\
            m = n - r0 < PH_IX_BLOCK ? n - r0 : PH_IX_BLOCK;                          \\
            for (q = 0; q < m; ++q)                                                   \\
                bad |= ph_ix_keys(ix, holes + (r0 + q) * nh, nh,                      \\
                                  boards + (r0 + q) * nb, nb, kb[q]);                 \\
            for (q = 0; q < m; ++q)                                                   \\
                out[r0 + q] = (int64_t)ph_ix_digits(ix, npat, kb[q]);                 \\
        }                                                                             \\
        return bad != 0;                                                              \\
    }
    PH_IX_LOOP(ph_ix_2_3, 2, 3)
    PH_IX_LOOP(ph_ix_2_4, 2, 4)
    PH_IX_LOOP(ph_ix_2_5, 2, 5)
    PH_IX_LOOP(ph_ix_any, 0, 0)

    /* Two hole cards and three to five board cards (hold'em after the flop), over the
       tables of games/strength/indexing.py's _two_card_tables (the offsets below are
       its ARENA).  The suits are relabelled so that the first hole card's suit is 0
       and the second's 1 when it differs: the bits of a row's cards come from the
       relabelling's row of `bits`, the hole ranks are taken out of suits 0 and 1
       alone with the masks of the `pair` entry of the two ranks and suitedness, which
       also holds the hole colex ranks, and a suit with hole cards sorts before a suit
       without, so that four compare-exchanges sort the keys.  A key's high bits are
       F(code), whose sum over the four suits is the configuration's entry in `conf`,
       read before the sort.  Four rows are interleaved step by step: a row is a long
       chain of dependent loads, and the core overlaps the four chains (better than
       a block of keys first and their indexes after, as the general kernel does). */
    #define PH_HT_TK 32768
    #define PH_HT_PAIR 131072
    #define PH_HT_PERM 163840
    #define PH_HT_CONF 167936
    #define PH_U64(p, off) (*(const uint64_t *)((p) + (off)))
    #define PH_U32(p, off) (*(const uint32_t *)((p) + (off)))
    #define PH_U16(p, off) (*(const uint16_t *)((p) + (off)))
    /* the hole cards: the relabelling, the pair entry, the hole cards' bits */
    #define PH_HT_A(j)                                                                \\
        size_t c1##j = hp[2 * j], c2##j = hp[2 * j + 1];                              \\
        const uint8_t *E##j = ar + PH_HT_PERM + 16 * (((c1##j << 6) + c2##j) & 255);  \\
        const uint8_t *bt##j = ar + PH_U32(E##j, 0);                                  \\
        const uint8_t *P##j = ar + PH_HT_PAIR + ((c1##j & 0xfc) << 7) + PH_U32(E##j, 4); \\
        uint64_t H##j = PH_U64(bt##j, 8 * c1##j), B##j = 0, O##j;                    \\
        uint64_t S##j = H##j + PH_U64(bt##j, 8 * c2##j);                              \\
        uint32_t b##j, x##j, k0##j, k1##j, k2##j, k3##j;                               \\
        H##j |= PH_U64(bt##j, 8 * c2##j);
    /* the board's bits, the card check (the bit of a card outside the deck, 1 << 47,
       checked once at the end), the hole ranks out of suits 0 and 1's rank lines */
    #define PH_HT_B(j, NB)                                                            \\
        for (i = 0; i < NB; ++i) {                                                    \\
            uint64_t v = PH_U64(bt##j, 8 * (size_t)bp[NB * j + i]);                   \\
            B##j |= v; S##j += v;                                                     \\
        }                                                                             \\
        O##j = B##j | H##j;                                                           \\
        PH_HT_CHECK(j, NB) marks |= O##j;                                             \\
        b##j = (uint32_t)B##j;                                                        \\
        b##j = (b##j & PH_U32(P##j, 0)) | ((b##j & PH_U32(P##j, 4)) >> 1)             \\
               | ((b##j & PH_U32(P##j, 12)) >> 2);
    /* the four keys */
    #define PH_HT_C(j)                                                                \\
        x##j = b##j | PH_U32(E##j, 8);                                                \\
        k0##j = PH_U32(ar, PH_HT_TK + 4 * (size_t)(x##j & 0xffff)) + PH_U16(P##j, 8);  \\
        k1##j = PH_U32(ar, PH_HT_TK + 4 * (size_t)(x##j >> 16)) + PH_U16(P##j, 10);    \\
        k2##j = PH_U32(ar, PH_HT_TK + 4 * (size_t)((uint32_t)(B##j >> 32) & 0x1fff));  \\
        k3##j = PH_U32(ar, PH_HT_TK + 4 * (size_t)(B##j >> 48));
    /* the configuration (from the unsorted keys), the sort, the index */
    #define PH_HT_D(j)                                                                \\
        d##j = (const ph_digits2 *)(dig + PH_U32(ar, PH_HT_CONF                        \\
                   + 4 * (size_t)((k0##j + k1##j + k2##j + k3##j) >> 20)));           \\
        PH_CAS(k0##j, k1##j); PH_CAS(k2##j, k3##j); PH_CAS(k1##j, k2##j);             \\
        PH_CAS(k2##j, k3##j);                                                         \\
        out[r + j] = (int64_t)(d##j->offset + (k0##j & 0xfffff)                        \\
            + d##j->w[1] * (terms[d##j->toff[1] + (k1##j & d##j->msk[1])]              \\
                            + (k1##j & d##j->xm[1]))                                   \\
            + d##j->w[2] * (terms[d##j->toff[2] + (k2##j & d##j->msk[2])]              \\
                            + (k2##j & d##j->xm[2]))                                   \\
            + d##j->w[3] * (terms[d##j->toff[3] + (k3##j & d##j->msk[3])]              \\
                            + (k3##j & d##j->xm[3])));
    #define PH_HT_LOOP(NAME, NB, ATTR)                                                \\
    ATTR static int NAME(const ph_ix *ix, const uint8_t *holes, const uint8_t *boards,    \\
                    Py_ssize_t n, int64_t *out) {                                    \\
        const uint8_t *ar = ix->hold, *dig = ix->hdig;                                \\
        const uint64_t *terms = ix->terms;                                            \\
        const uint8_t *hp = holes, *bp = boards;                                      \\
        const ph_digits2 *d0, *d1, *d2, *d3;                                          \\
        uint64_t bad = 0, marks = 0;                                                  \\
        Py_ssize_t r;                                                                 \\
        int i;                                                                        \\
        for (r = 0; r + 4 <= n; r += 4, hp += 8, bp += 4 * NB) {                      \\
            PH_HT_A(0) PH_HT_A(1) PH_HT_A(2) PH_HT_A(3)                               \\
            PH_HT_B(0, NB) PH_HT_B(1, NB) PH_HT_B(2, NB) PH_HT_B(3, NB)               \\
            PH_HT_C(0) PH_HT_C(1) PH_HT_C(2) PH_HT_C(3)                               \\
            PH_HT_D(0) PH_HT_D(1) PH_HT_D(2) PH_HT_D(3)                               \\
        }                                                                             \\
        for (; r < n; ++r, hp += 2, bp += NB) {                                       \\
            PH_HT_A(0) PH_HT_B(0, NB) PH_HT_C(0) PH_HT_D(0)                           \\
        }                                                                             \\
        return (bad | (marks & ((uint64_t)1 << 47))) != 0;                            \\
    }
    /* GCC's scheduling before register allocation interleaves the four rows'
       loads further (3-4% measured) */
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC push_options
    #pragma GCC optimize ("O3", "schedule-insns", "sched-pressure")
    #endif
    /* a repeated card: the cards' bits summed differ from their union */
    #define PH_HT_CHECK(j, NB) bad |= S##j ^ O##j;
    PH_HT_LOOP(ph_ht_3, 3, )
    PH_HT_LOOP(ph_ht_4, 4, )
    PH_HT_LOOP(ph_ht_5, 5, )
    /* where the CPU counts bits in one instruction (every x86-64 since 2008; chosen at
       run time, the build stays portable): the union of 2 + NB distinct cards has
       2 + NB bits, and the sums, two instructions a card, go unused (measured 4-5%
       on the river) */
    #if defined(__GNUC__) && defined(__x86_64__)
    #define PH_HT_POPCNT 1
    #undef PH_HT_CHECK
    #define PH_HT_CHECK(j, NB) bad |= (uint64_t)(__builtin_popcountll(O##j) ^ (2 + NB));
    PH_HT_LOOP(ph_ht_3p, 3, __attribute__((target("popcnt"))))
    PH_HT_LOOP(ph_ht_4p, 4, __attribute__((target("popcnt"))))
    PH_HT_LOOP(ph_ht_5p, 5, __attribute__((target("popcnt"))))
    #endif
    #undef PH_HT_CHECK
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC pop_options
    #endif

    /* two cards before the flop: one load from the table of classes */
    static int ph_ix_2_0(const ph_ix *ix, const uint8_t *holes, const uint8_t *boards,
                         Py_ssize_t n, int64_t *out) {
        const int shift = ix->shift;
        uint64_t bad = 0;
        Py_ssize_t r;
        (void)boards;
        for (r = 0; r < n; ++r) {
            uint8_t a = (uint8_t)(holes[2 * r] - shift), b = (uint8_t)(holes[2 * r + 1] - shift);
            uint64_t ba = ix->bit[a], bb = ix->bit[b];
            bad |= ((ba + bb) ^ (ba | bb)) | ((ba | bb) & 0x8000);
            out[r] = ix->pre[(a & 63) << 6 | (b & 63)];
        }
        return bad != 0;
    }

    typedef int (*ph_ix_loop)(const ph_ix *, const uint8_t *, const uint8_t *, Py_ssize_t,
                              int64_t *);
    /* whether the loops that count bits in one instruction can run here */
    static int ph_can_count_bits(void) {
    #ifdef PH_HT_POPCNT
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") != 0;
    #else
        return 0;
    #endif
    }
    static ph_ix_loop ph_ix_loop_for(int nh, int nb, int has_pre, int has_hold,
                                     int count_bits) {
        if (nh == 2 && nb == 0 && has_pre) return ph_ix_2_0;
    #ifdef PH_HT_POPCNT
        if (has_hold && nh == 2 && count_bits) {
            if (nb == 3) return ph_ht_3p;
            if (nb == 4) return ph_ht_4p;
            if (nb == 5) return ph_ht_5p;
        }
    #endif
        if (nh == 2 && nb == 3 && has_hold) return ph_ht_3;
        if (nh == 2 && nb == 4 && has_hold) return ph_ht_4;
        if (nh == 2 && nb == 5 && has_hold) return ph_ht_5;
        if (nh == 2 && nb == 3) return ph_ix_2_3;
        if (nh == 2 && nb == 4) return ph_ix_2_4;
        if (nh == 2 && nb == 5) return ph_ix_2_5;
        return ph_ix_any;
    }

    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC pop_options
    #endif

    /* C(x + g, g + 1) for g = 0..3 */
    static inline uint64_t ph_term(uint64_t x, unsigned g) {
        uint64_t t1 = (x * (x + 1)) >> 1;
        uint64_t t2 = t1 * (x + 2) / 3;
        uint64_t t3 = (t2 * (x + 3)) >> 2;
        uint64_t r = g == 0 ? x : t1;
        r = g == 2 ? t2 : r;
        return g == 3 ? t3 : r;
    }
    """
    uint16_t COLEX "ph_colex"[1 << 13]
    uint8_t POPC "ph_popc"[1 << 13]
    uint16_t UNCOLEX "ph_uncolex"[1 << 13]
    uint32_t UNCOLEX_START "ph_uncolex_start"[15]
    uint64_t NCR "ph_ncr"[14][14]
    uint32_t HOLE_KEY "ph_hole_key"[1 << 13]
    ctypedef struct Digits "ph_digits":
        uint64_t offset
        uint64_t m1[4]
        uint64_t m2[4]
        uint32_t toff[4]
        uint32_t msk[4]
    ctypedef struct IxTables "ph_ix":
        const uint64_t *bit
        const uint64_t *above
        const uint32_t *tk
        const Digits *dig
        const int32_t *conf_of
        const uint64_t *terms
        const uint16_t *pre
        const uint8_t *hold
        const uint8_t *hdig
        int nh, nb, npat, shift
    const int IX_BLOCK "PH_IX_BLOCK"
    uint64_t _term "ph_term"(uint64_t x, unsigned g) noexcept nogil
    ctypedef int (*IxLoop "ph_ix_loop")(const IxTables *, const uint8_t *, const uint8_t *,
                                        Py_ssize_t, int64_t *) noexcept nogil
    IxLoop ix_loop_for "ph_ix_loop_for"(int nh, int nb, int has_pre, int has_hold,
                                        int count_bits) noexcept nogil
    int can_count_bits "ph_can_count_bits"() noexcept nogil


cdef enum:
    MAXR = 13           # ranks of a deck
    MAXH = 6            # hole cards (six-card Omaha)
    MAXB = 5            # board cards


def _init_index_tables():
    cdef int m, n, k, pos, s
    cdef uint32_t count[MAXR + 2]
    for n in range(MAXR + 1):
        for k in range(MAXR + 1):
            NCR[n][k] = 0
        NCR[n][0] = 1
        for k in range(1, n + 1):
            NCR[n][k] = NCR[n - 1][k - 1] + (NCR[n - 1][k] if k <= n - 1 else 0)
    for k in range(MAXR + 2):
        count[k] = 0
    for m in range(1 << MAXR):
        k = 0
        pos = 0
        for s in range(MAXR):
            if (m >> s) & 1:
                k += 1
                pos += NCR[s][k]
        POPC[m] = k
        COLEX[m] = pos
        HOLE_KEY[m] = (<uint32_t>k << 25) | <uint32_t>pos
        count[k] += 1
    UNCOLEX_START[0] = 0
    for k in range(MAXR + 1):
        UNCOLEX_START[k + 1] = UNCOLEX_START[k] + count[k]
    for m in range(1 << MAXR):
        UNCOLEX[UNCOLEX_START[POPC[m]] + COLEX[m]] = m


_init_index_tables()


def rank_sets():
    """The kernel's tables of 13-bit rank sets, (popcount, colex rank) as two int64
    arrays of 8192, for games/strength/indexing.py to build an indexer's tables from
    (one definition of colex)."""
    popc = np.empty(1 << MAXR, dtype=np.int64)
    colex = np.empty(1 << MAXR, dtype=np.int64)
    cdef int64_t *pp = <int64_t *>_data(popc, cnp.NPY_INT64, True)
    cdef int64_t *cp = <int64_t *>_data(colex, cnp.NPY_INT64, True)
    cdef int m
    for m in range(1 << MAXR):
        pp[m] = POPC[m]
        cp[m] = COLEX[m]
    return popc, colex


# the dtypes of an indexer's tables, in the order Indexer takes them
cdef int IX_TYPES[11]
IX_TYPES[:] = [cnp.NPY_UINT64, cnp.NPY_UINT64, cnp.NPY_UINT32, cnp.NPY_UINT64, cnp.NPY_INT32,
               cnp.NPY_UINT64, cnp.NPY_UINT64, cnp.NPY_UINT8, cnp.NPY_UINT16, cnp.NPY_UINT8,
               cnp.NPY_UINT8]
# the two-card kernel's block of tables (indexing.py's ARENA["end"]) and digits rows
cdef enum:
    HOLD_BYTES = 184320
    DIGITS2_BYTES = 128


@cython.final
@cython.auto_pickle(False)
cdef class Indexer:
    """The indexer of situations of `hole` cards and `board` cards from a deck of the
    `ranks` highest ranks (13: the 52-card deck; 9: short deck) in four suits, over
    tables that games/strength/indexing.py builds and checks (see there for what each
    holds, and for the checks that keep every read inside them): (bits, above, tk,
    digits, conf_of, terms, offsets, patterns, pre or None, and for two hole cards
    and three to five board cards the two-card kernel's block of tables and its
    digits as bytes, or None twice).  `count_bits` (default) runs the two-card
    kernel's loops that check for repeated cards with the CPU's bit count, where it
    has one (`counts_bits` says whether they run); False, the portable loops (the
    tests run both)."""

    cdef readonly int ranks, hole, board, low
    cdef readonly bint counts_bits
    cdef readonly uint64_t size
    cdef object _arrays                # the arrays the kernel's pointers point into
    cdef IxTables t
    cdef IxLoop loop
    cdef int nconfigs
    cdef const uint64_t *offsets       # each configuration's first index
    cdef const uint8_t *patterns       # its four sorted patterns

    def __init__(self, int ranks, int hole, int board, uint64_t size, tuple tables,
                 bint count_bits=True):
        cdef void *p[11]
        cdef int i
        if not (1 <= ranks <= MAXR and 0 <= hole <= MAXH and 0 <= board <= MAXB
                and len(tables) == 11):
            raise ValueError("no such indexer")
        for i in range(11):
            p[i] = NULL if tables[i] is None and i >= 8 else _data(tables[i], IX_TYPES[i])
        if (p[9] == NULL) != (p[10] == NULL) or p[9] != NULL and (
                hole != 2 or not 3 <= board <= 5 or _dim(tables[9], 0) != HOLD_BYTES
                or _dim(tables[10], 0) < DIGITS2_BYTES
                or _dim(tables[10], 0) % DIGITS2_BYTES):
            raise ValueError("no such two-card indexer")
        self.ranks, self.hole, self.board, self.low = ranks, hole, board, MAXR - ranks
        self.size = size
        self.nconfigs = _dim(tables[6], 0)
        self._arrays = tables
        self.t.bit = <const uint64_t *>p[0]
        self.t.above = <const uint64_t *>p[1]
        self.t.tk = <const uint32_t *>p[2]
        self.t.dig = <const Digits *>p[3]
        self.t.conf_of = <const int32_t *>p[4]
        self.t.terms = <const uint64_t *>p[5]
        self.offsets = <const uint64_t *>p[6]
        self.patterns = <const uint8_t *>p[7]
        self.t.pre = <const uint16_t *>p[8]
        self.t.hold = <const uint8_t *>p[9]
        self.t.hdig = <const uint8_t *>p[10]
        self.t.nh, self.t.nb, self.t.npat = hole, board, (hole + 1) * (board + 1)
        self.t.shift = 4 * self.low
        self.counts_bits = (count_bits and self.t.hold != NULL and can_count_bits() != 0)
        self.loop = ix_loop_for(hole, board, self.t.pre != NULL, self.t.hold != NULL,
                                self.counts_bits)

    def index(self, holes, boards, out):
        """Write the index of each row (hole cards, board cards) into out; True when
        some row holds a card outside the deck or a card twice (its index is then
        meaningless: the caller finds and names the cell)."""
        cdef Py_ssize_t n = _rows(holes, self.hole)
        cdef const uint8_t *hp = <const uint8_t *>_data(holes, cnp.NPY_UINT8)
        cdef const uint8_t *bp = <const uint8_t *>_data(boards, cnp.NPY_UINT8)
        cdef int64_t *op = <int64_t *>_data(out, cnp.NPY_INT64, True)
        cdef int bad = 0
        if _rows(boards, self.board) != n or _dim(out, 0) != n:
            raise ValueError("holes, boards and out must have as many rows")
        if n == 0:
            return False
        with nogil:
            bad = self.loop(&self.t, hp, bp, n, op)
        return bad != 0

    cdef void _unindex_one(self, uint64_t idx, card_t *hp, card_t *bp,
                           const uint64_t *offsets, const uint8_t *patterns) noexcept nogil:
        cdef int lo = 0, hi, mid, i, j, q, gsize, a, b, nh = 0, nb = 0, rank, k
        cdef uint64_t rem, part, per_suit, span, x, lo_x, hi_x
        cdef uint64_t xs[4]
        cdef uint32_t hm, bmc, bm
        cdef const uint8_t *pattern
        cdef int shift = 4 * self.low
        hi = self.nconfigs - 1
        while lo < hi:                      # the last block starting at or before idx
            mid = (lo + hi + 1) // 2
            if offsets[mid] <= idx:
                lo = mid
            else:
                hi = mid - 1
        pattern = patterns + 4 * lo
        rem = idx - offsets[lo]
        i = 0
        while i < 4:
            j = i
            while j < 4 and pattern[j] == pattern[i]:
                j += 1
            gsize = j - i
            a = pattern[i] // (self.board + 1)
            b = pattern[i] % (self.board + 1)
            per_suit = NCR[self.ranks][a] * NCR[self.ranks - a][b]
            span = _term(per_suit, gsize - 1)       # C(per_suit + gsize - 1, gsize)
            part = rem % span
            rem = rem // span
            for q in range(gsize - 1, -1, -1):
                # the largest x < per_suit with C(x + q, q + 1) <= part
                lo_x = 0
                hi_x = per_suit - 1
                while lo_x < hi_x:
                    x = (lo_x + hi_x + 1) // 2
                    if _term(x, q) <= part:
                        lo_x = x
                    else:
                        hi_x = x - 1
                xs[i + q] = lo_x
                part -= _term(lo_x, q)
            i = j
        for i in range(4):
            a = pattern[i] // (self.board + 1)
            b = pattern[i] % (self.board + 1)
            per_suit = NCR[self.ranks][a]
            hm = UNCOLEX[UNCOLEX_START[a] + xs[i] % per_suit]
            bmc = UNCOLEX[UNCOLEX_START[b] + xs[i] // per_suit]
            # put the board's ranks back on the rank line around the hole ranks
            bm = 0
            k = 0
            for rank in range(self.ranks):
                if (hm >> rank) & 1:
                    continue
                if (bmc >> k) & 1:
                    bm |= 1u << rank
                k += 1
            for rank in range(self.ranks - 1, -1, -1):
                if (hm >> rank) & 1:
                    hp[nh] = 4 * rank + i + shift
                    nh += 1
                if (bm >> rank) & 1:
                    bp[nb] = 4 * rank + i + shift
                    nb += 1
        _sort_down(hp, nh)
        _sort_down(bp, nb)

    def unindex(self, idx, holes, boards):
        """Write a canonical representative of each index (0 <= idx < size) into the
        rows of holes and boards, each row's cards in decreasing order."""
        cdef Py_ssize_t n = _rows(idx, 1), r
        cdef const int64_t *ip = <const int64_t *>_data(idx, cnp.NPY_INT64)
        cdef uint8_t *hp = <uint8_t *>_data(holes, cnp.NPY_UINT8, True)
        cdef uint8_t *bp = <uint8_t *>_data(boards, cnp.NPY_UINT8, True)
        cdef card_t hbuf[MAXH]
        cdef card_t bbuf[MAXB]
        cdef int i, nh = self.hole, nb = self.board
        if _rows(holes, nh) != n or _rows(boards, nb) != n:
            raise ValueError("idx, holes and boards must have as many rows")
        with nogil:
            for r in range(n):
                self._unindex_one(<uint64_t>ip[r], hbuf, bbuf, self.offsets, self.patterns)
                for i in range(nh):
                    hp[r * nh + i] = hbuf[i]
                for i in range(nb):
                    bp[r * nb + i] = bbuf[i]


cdef inline void _sort_down(card_t *c, int n) noexcept nogil:
    cdef int i, j
    cdef card_t v
    for i in range(1, n):
        v = c[i]
        j = i
        while j > 0 and c[j - 1] < v:
            c[j] = c[j - 1]
            j -= 1
        c[j] = v


# ================================================================ one board's every hand
#
# Each runout's river equity of every two-card hand against one opponent hand, with
# card removal exact, and the hand potentials (board_strength); games/strength/table.py
# checks the inputs and turns the sums into EHS, EHS², PPot, NPot and histograms.  Games
# are data: the kernel sees a best-five ranking's tables (evaluator.tables.HandTables),
# never a game name.
#
# Per runout (every completion of the board; each is a unit of work, so `nparts` calls
# with part = 0..nparts-1 cover the runouts once, on any threads):
#   1. values: on a final board, a two-card hand's value depends on its two ranks
#      alone unless it makes a flush, so the 91 rank pairs are valued (one lookup
#      each) and only the hands that can make a flush (both cards in a suit with three
#      on the board, one card with four, any with five) are valued one by one;
#   2. the *entries* -- each rank pair's live hands of one current class, and each
#      flush hand alone -- are sorted by (final value, current class) in 8-bit radix
#      passes: a hundred or so entries instead of a thousand hands;
#   3. one sweep in that order counts, for each hand, the opponents' weight it beats
#      and ties.  Card removal is inclusion-exclusion: the opponents that share a card
#      with hand {a, b} are those holding a plus those holding b (the one holding both
#      is the hand itself), so running totals per card give every count in O(1); the
#      opponents' total on the runout is known before the sweep (the static totals less
#      the hands holding a runout card).
#   4. For the potentials (Billings et al.) the sweep asks how the beaten and tied
#      opponents stood before the runout: their weight by current class below the
#      hand's, in a Fenwick tree over the classes (one update an entry), and per card
#      over the hands holding that card (their classes sorted), so the correction by
#      shared card is exact too: when every weight is 0 or 1 (a random opponent, a
#      range without fractions) those are the bits of a 64-bit word a card, counted by
#      popcount; otherwise a small Fenwick tree a card.  Only one sum a hand is kept:
#      Q = AA + (TA + AT + TT) / 2 (opponents now behind and beaten, half of those now
#      tied and beaten, now behind and tied, now tied and tied), because PPot's
#      numerator is NUM - Q and NPot's is (SA + ST / 2) * runouts - Q (table.py).
#
# Weights: every opponent hand has a weight (1.0 for a random hand; a range's weights),
# and a runout's chance for a hand is the weight of the opponents it leaves, as when the
# runout and the opponent are dealt together.


cdef enum:
    NUM = 0     # sum over runouts of the weight of opponents beaten + half those tied
    DEN = 1     # sum over runouts of the weight of the valid opponents
    SQ = 2      # sum over runouts of NUM_r ** 2 / DEN_r (EHS² before / DEN)
    QQ = 3      # sum over runouts of Q_r (see above)
    SA = 4      # opponents' weight below the hand's current class (once, not per runout)
    ST = 5      # ... in its class (the hand itself left out)
    SB = 6      # ... above it
    NCOLS = 7
    SPECIAL = 1 << 30   # an entry that is one hand (a flush), not a rank pair's run

COLUMNS = {"num": NUM, "den": DEN, "sq": SQ, "q": QQ, "sa": SA, "st": ST, "sb": SB}
NCOL = NCOLS


cdef inline void _fen_add(double *f, int n, int i, double w) noexcept nogil:
    i += 1
    while i <= n:
        f[i - 1] += w
        i += i & (-i)


cdef inline double _fen_sum(const double *f, int i) noexcept nogil:
    """Sum of the first i entries."""
    cdef double s = 0
    while i > 0:
        s += f[i - 1]
        i -= i & (-i)
    return s


cdef inline double _range(const double *w, int lo, int hi) noexcept nogil:
    cdef double s = 0
    cdef int k
    for k in range(lo, hi):
        s += w[k]
    return s


cdef extern from *:
    """
    /* bits set: the popcnt instruction where the CPU has it (checked once, at import;
       every x86-64 since about 2010, and NumPy 2's baseline), else SWAR arithmetic;
       ARM64 has it in its baseline */
    static inline uint64_t ph_popc_swar(uint64_t x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
        return (x * 0x0101010101010101ULL) >> 56;
    }
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
    #include <cpuid.h>
    static int ph_has_popcnt = 0;
    static int ph_cpu_popcnt(void) {
        unsigned a, b, c, d;
        return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 23));   /* CPUID.1:ECX.POPCNT */
    }
    static void ph_popc_init(void) { ph_has_popcnt = ph_cpu_popcnt(); }
    static void ph_popc_set(int on) { ph_has_popcnt = on && ph_cpu_popcnt(); }
    static int ph_popc_get(void) { return ph_has_popcnt; }
    static inline double ph_popc64(uint64_t x) {
        uint64_t r;
        if (!ph_has_popcnt) return (double)ph_popc_swar(x);
        __asm__("popcntq %1, %0" : "=r"(r) : "r"(x));
        return (double)r;
    }
    #else
    /* ARM64 has the instruction in its baseline; elsewhere the arithmetic */
    static int ph_has_popcnt = 1;
    static void ph_popc_init(void) {}
    static void ph_popc_set(int on) { ph_has_popcnt = on; }
    static int ph_popc_get(void) { return ph_has_popcnt; }
    static inline double ph_popc64(uint64_t x) {
    #if defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
        if (ph_has_popcnt) return (double)__builtin_popcountll(x);
    #endif
        return (double)ph_popc_swar(x);
    }
    #endif
    """
    double _popc "ph_popc64"(uint64_t x) noexcept nogil
    uint64_t _popc_swar "ph_popc_swar"(uint64_t x) noexcept nogil
    void _popc_init "ph_popc_init"() noexcept nogil
    void _popc_set "ph_popc_set"(int on) noexcept nogil
    int _popc_get "ph_popc_get"() noexcept nogil


_popc_init()


def set_popcnt(bint on):
    """Use the CPU's popcnt instruction where it has one (on, the default) or the
    portable arithmetic (off), for the potentials' per-card counts; returns whether the
    instruction is used now.  For measuring and testing the portable path on a CPU that
    has the instruction."""
    _popc_set(on)
    return _popc_get() != 0


cdef inline uint64_t _low(int n) noexcept nogil:
    """The n lowest bits (n <= 63)."""
    return ((<uint64_t>1) << n) - 1


cdef inline int _pair_id(int r1, int r2) noexcept nogil:
    """Rank pair r1 >= r2 as 0..90."""
    return r1 * (r1 + 1) // 2 + r2


cdef inline int _spread(const card_t *hands, const int32_t *cls, int i) noexcept nogil:
    """A rank pair's hand in the order of the sweep: by class, then in runs of hands
    that share no card (the four hands of a suit offset, or of a perfect matching of
    the four suits for a pair)."""
    cdef int s = hands[2 * i] & 3, t = hands[2 * i + 1] & 3, m
    if (hands[2 * i] >> 2) != (hands[2 * i + 1] >> 2):
        m = (s - t) & 3
    elif t == 0 or s == 0:
        m = s + t - 1
    else:
        m = 5 - s - t            # the fourth suit u pairs with 0: matching u - 1
    return 4 * cls[i] + m


cdef int _radix(uint64_t *src, uint64_t *dst, int n, uint32_t keybits,
                int shift=32) noexcept nogil:
    """Sort (key << 32 | payload) pairs by key in 8-bit passes over the bytes some key
    uses (keybits: the keys ORed together), from bit `shift` up; returns 0 if the
    result is in src, 1 if in dst."""
    cdef int count[256]
    cdef int i, c, total, flip = 0
    cdef uint64_t *sw
    while shift < 64 and (keybits >> (shift - 32)) != 0:
        for i in range(256):
            count[i] = 0
        for i in range(n):
            count[(src[i] >> shift) & 0xff] += 1
        total = 0
        for i in range(256):
            c = count[i]
            count[i] = total
            total += c
        for i in range(n):
            c = <int>((src[i] >> shift) & 0xff)
            dst[count[c]] = src[i]
            count[c] += 1
        sw = src
        src = dst
        dst = sw
        flip ^= 1
        shift += 8
    return flip


@cython.cdivision(True)
def board_strength(HandTables tables, board, runouts, rweights, hands, weights, cls,
                   int nclasses, bint potentials, int bins, out, hist, int part,
                   int nparts):
    """Add each hand's sums over the runouts numbered part (mod nparts) into out (M,
    NCOL) and, with bins > 0, its river equity histogram into hist (M, bins).

    hands: (M, 2) every two-card hand of the deck, those touching the board included
    (never valued); weights: (M,) the opponent's weight of each hand (0: not in the
    range); cls: (M,) int32, each live hand's current class (rank of its value on the
    board, 0 = worst, below 2048; used with potentials); runouts: (R, need) the
    completions of the board, each counted rweights[r] times (1 for every runout, or a
    class of suit-isomorphic boards standing for its members; potentials need 1)."""
    cdef int M = _rows(hands, 2), nb = _rows(board, 1)
    cdef int R = _dim(runouts, 0), need = _dim(runouts, 1)
    cdef const card_t *bd = <const card_t *>_data(board, cnp.NPY_UINT8)
    cdef const card_t *ro = <const card_t *>_data(runouts, cnp.NPY_UINT8)
    cdef const double *rwp = <const double *>_data(rweights, cnp.NPY_FLOAT64)
    cdef const card_t *hd = <const card_t *>_data(hands, cnp.NPY_UINT8)
    cdef const double *wp = <const double *>_data(weights, cnp.NPY_FLOAT64)
    cdef const int32_t *clp = <const int32_t *>_data(cls, cnp.NPY_INT32)
    cdef double *op = <double *>_data(out, cnp.NPY_FLOAT64, True)
    cdef double *hp = <double *>_data(hist, cnp.NPY_FLOAT64, True)
    cdef const Tables *tp = &tables.t
    if (_rows(runouts, need) != R or _rows(rweights, 1) != R or _rows(weights, 1) != M
            or _rows(cls, 1) != M or _rows(out, NCOLS) != M
            or _dim(hist, 0) != M or (bins > 0 and _dim(hist, 1) != bins)):
        raise ValueError("board_strength: inconsistent shapes")
    if not 0 < nclasses <= 2048 or tp.flush == NULL:
        raise ValueError("board_strength: a high ranking with at most 2048 classes")
    # every buffer in one allocation (8-byte items first)
    cdef size_t doubles = 52 * 8 + 52 * 52 + 2 * nclasses + 4 * M + 8
    cdef size_t words = 2 * M + 2 * (2 * M + 64)
    cdef size_t ints = 19 * M + 52 * 2 + 8 + 92 + 52 * 52 + 8
    cdef char *arena = <char *>calloc(doubles * 8 + words * 8 + ints * 4, 1)
    if arena == NULL:
        raise MemoryError()
    try:
        with nogil:
            _board_strength(tp, bd, nb, ro, R, need, rwp, hd, wp, clp, M, nclasses,
                            potentials, bins, op, hp, part, nparts, arena, doubles, words)
    finally:
        free(arena)


@cython.cdivision(True)
cdef inline int _rank_pair_values(const Tables *t, key_t fkey, uint64_t fbits,
                                  const uint32_t *pairkey, uint32_t *pv,
                                  int *kfs) noexcept nogil:
    """The value of each of the 91 hole rank pairs on a final board (its key and card
    bits), or of the board's own flush for all of them where it holds five of a suit.
    Returns the suit holding three or more board cards (-1: none), its count in kfs:
    hands of that suit are then valued apart, as flushes."""
    cdef int s, c, fs = -1, p
    cdef uint32_t v
    kfs[0] = 0
    for s in range(4):
        c = POPC[(fbits >> (16 * s)) & 0x1fff]
        if c >= 3:
            fs = s
            kfs[0] = c
    if kfs[0] >= 5:
        v = t.flush[(fbits >> (16 * fs)) & 0x1fff]
        for p in range(91):
            pv[p] = v
    else:
        for p in range(91):
            pv[p] = t.ranks[hash_index(t.offsets, <key_t>(<uint32_t>fkey + pairkey[p]))]
    return fs


cdef inline double _entries_weight(const uint64_t *ent, int lo, int hi,
                                   const int32_t *sub_lo, const int32_t *sub_hi,
                                   const int32_t *seq, const uint64_t *hmask,
                                   uint64_t rmask, const int32_t *spec,
                                   const card_t *hands, const double *weights,
                                   double *per_card) noexcept nogil:
    """The weight of the live hands of entries lo..hi-1 (a group of equal values, or a
    cell of equal class within it), each also added to its two cards' per_card
    totals."""
    cdef double total = 0, w
    cdef int e, x, j, i, owner
    for e in range(lo, hi):
        x = <int><uint32_t>ent[e]
        owner = x >> 30
        x &= SPECIAL - 1
        for j in range(sub_lo[x], sub_hi[x]):
            i = seq[j]
            if (hmask[i] & rmask) or spec[i] != owner:
                continue
            w = weights[i]
            total += w
            per_card[hands[2 * i]] += w
            per_card[hands[2 * i + 1]] += w
    return total


cdef void _board_strength(const Tables *tp, const card_t *bd, int nb, const card_t *ro,
                          int R, int need, const double *rweights, const card_t *hands,
                          const double *weights, const int32_t *cls, int M, int nclasses,
                          bint potentials, int bins, double *out, double *hist, int part,
                          int nparts, char *arena, size_t doubles,
                          size_t words) noexcept nogil:
    cdef int i, j, r, k, a, b, n, e, g0, g1, lo, hi, s, c, p, ne, fs, kfs, nsub, nspec
    cdef int cl, owner, x, lo_a, lo_b
    cdef bint unit = True
    cdef uint64_t cbits[52]
    cdef key_t bkey = KEY_BASE, fkey
    cdef uint64_t bbits = 0, fb, rmask, rbits
    cdef uint64_t *swap
    cdef uint32_t keybits, v
    cdef uint32_t pv[91]
    cdef uint32_t pairkey[91]
    cdef double total, w, less, eq, den, num, below, gw, cellw, ga, rw, wsum, fenE, cntE
    cdef double q, wtot = 0
    # ---- the arena (calloc: zeroed)
    cdef double *belowc = <double *>arena          # [52] running totals per card
    cdef double *grpc = belowc + 52                 # [52] this group's, per card
    cdef double *cellc = belowc + 104               # [52] this cell's, per card
    cdef double *grpbelowc = belowc + 156           # [52] this group's lower cells
    cdef double *alivec = belowc + 208              # [52] live on this runout, per card
    cdef double *wcard = belowc + 260               # [52] static, per card
    cdef double *wpair = belowc + 416               # [52 * 52] static, per two cards
    cdef double *fen = wpair + 52 * 52              # [nclasses] Fenwick over classes
    cdef double *cnt_cls = fen + nclasses           # [nclasses]
    cdef double *cardfen = cnt_cls + nclasses       # [2M] per-card Fenwick trees
    cdef double *cardw = cardfen + 2 * M            # [2M] per-card weights by place
    cdef uint64_t *hmask = <uint64_t *>(arena + 8 * doubles)  # [M] the cards as bits
    cdef uint64_t *hbits = hmask + M                # [M] CARD_BIT of its cards
    cdef uint64_t *ent = hbits + M                  # [2M + 64] entries
    cdef uint64_t *ent2 = ent + 2 * M + 64          # [2M + 64] radix buffer
    cdef int32_t *seq = <int32_t *>(arena + 8 * doubles + 8 * words)  # [2M] hands
    cdef int32_t *sub_lo = seq + 2 * M              # [2M] an entry's places in seq
    cdef int32_t *sub_hi = sub_lo + 2 * M           # [2M]
    cdef int32_t *sub_rp = sub_hi + 2 * M           # [M] its rank pair
    cdef int32_t *live = sub_rp + M                 # [M]
    cdef int32_t *spec = live + M                   # [M] valued alone on this runout
    cdef int32_t *cardpos = spec + M                # [2M] place in its cards' lists
    cdef int32_t *cardlo = cardpos + 2 * M          # [2M] places of a lower class
    cdef int32_t *cardhi = cardlo + 2 * M           # [2M] ... of a lower or equal class
    cdef int32_t *flushes = cardhi + 2 * M          # [4M] per suit: hands with 2, then 1
    cdef int32_t *cardn = flushes + 4 * M           # [52]
    cdef int32_t *cardofs = cardn + 52              # [52] a card's list in cardfen
    cdef int32_t *nflush = cardofs + 52             # [8] per suit: with 2, with 1
    cdef int32_t *rp_start = nflush + 8             # [92]
    cdef int32_t *members = rp_start + 92           # [52 * 52] hands of each card
    for i in range(nb):
        bkey += CARD_KEY[bd[i]]
        bbits |= CARD_BIT[bd[i]]
    for p in range(91):
        pairkey[p] = 0
    for a in range(13):
        for b in range(a + 1):
            pairkey[_pair_id(a, b)] = RANK_KEY[a] + RANK_KEY[b]
    # ------------------------------------------------------------ per hand, once
    for i in range(M):
        a = hands[2 * i]
        b = hands[2 * i + 1]
        if weights[i] != 0 and weights[i] != 1:
            unit = False
        hmask[i] = ((<uint64_t>1) << a) | ((<uint64_t>1) << b)
        hbits[i] = CARD_BIT[a] | CARD_BIT[b]
        live[i] = (hbits[i] & bbits) == 0
        if live[i]:
            w = weights[i]
            wtot += w
            wcard[a] += w
            wcard[b] += w
            wpair[52 * a + b] = w
            wpair[52 * b + a] = w
            members[52 * a + cardn[a]] = i
            cardn[a] += 1
            members[52 * b + cardn[b]] = i
            cardn[b] += 1
    # each card's hands in order of class: a hand's place in its two cards' lists and
    # how many of each list are below its class (or not above it)
    k = 0
    for c in range(52):
        cardofs[c] = k
        n = cardn[c]
        k += n
        for j in range(1, n):           # insertion sort by class (lists of at most 51)
            e = members[52 * c + j]
            s = j
            while s > 0 and cls[members[52 * c + s - 1]] > cls[e]:
                members[52 * c + s] = members[52 * c + s - 1]
                s -= 1
            members[52 * c + s] = e
        for j in range(n):
            i = members[52 * c + j]
            s = 0 if hands[2 * i] == c else 1
            cardpos[2 * i + s] = j
            e = j
            while e > 0 and cls[members[52 * c + e - 1]] == cls[i]:
                e -= 1
            cardlo[2 * i + s] = e
            e = j + 1
            while e < n and cls[members[52 * c + e]] == cls[i]:
                e += 1
            cardhi[2 * i + s] = e
    # the rank pairs' live hands, by class; each run of one class is an entry
    for i in range(M):
        if live[i]:
            rp_start[_pair_id(hands[2 * i] >> 2, hands[2 * i + 1] >> 2) + 1] += 1
    for p in range(91):
        rp_start[p + 1] += rp_start[p]
    for i in range(M):
        if live[i]:
            p = _pair_id(hands[2 * i] >> 2, hands[2 * i + 1] >> 2)
            seq[rp_start[p]] = i
            rp_start[p] += 1
    for p in range(90, -1, -1):
        rp_start[p + 1] = rp_start[p]
    rp_start[0] = 0
    nsub = 0
    for p in range(91):
        lo = rp_start[p]
        hi = rp_start[p + 1]
        # insertion sort by class, then so that hands next to each other share no
        # card where they can (lists of at most 16): the sweep's running totals per
        # card then do not wait on each other
        for j in range(lo + 1, hi):
            e = seq[j]
            s = j
            while s > lo and _spread(hands, cls, seq[s - 1]) > _spread(hands, cls, e):
                seq[s] = seq[s - 1]
                s -= 1
            seq[s] = e
        j = lo
        while j < hi:
            e = j + 1
            while e < hi and cls[seq[e]] == cls[seq[j]]:
                e += 1
            sub_lo[nsub] = j
            sub_hi[nsub] = e
            sub_rp[nsub] = p
            nsub += 1
            j = e
    # per suit, the live hands that can make a flush: both cards of the suit, then one
    for s in range(4):
        for i in range(M):
            if live[i] and (hands[2 * i] & 3) == s and (hands[2 * i + 1] & 3) == s:
                flushes[M * s + nflush[2 * s]] = i
                nflush[2 * s] += 1
        for i in range(M):
            if live[i] and ((hands[2 * i] & 3) == s) != ((hands[2 * i + 1] & 3) == s):
                flushes[M * s + nflush[2 * s] + nflush[2 * s + 1]] = i
                nflush[2 * s + 1] += 1
    if part == 0 and potentials:
        _static(hands, weights, live, cls, M, nclasses, out, cardfen, cardw, cardn, cardofs,
                cardpos, cardlo, cardhi, fen, cnt_cls, wcard)
    # ------------------------------------------------------------ per runout
    for r in range(R):
        if r % nparts != part:
            continue
        rw = rweights[r]
        fkey = bkey
        rbits = 0
        rmask = 0
        for j in range(need):
            fkey += CARD_KEY[ro[r * need + j]]
            rbits |= CARD_BIT[ro[r * need + j]]
            rmask |= (<uint64_t>1) << ro[r * need + j]
        fb = bbits | rbits
        # the opponents live on this runout: the static totals less the hands holding
        # a runout card (a hand holds at most two of them)
        total = wtot
        for c in range(52):
            alivec[c] = wcard[c]
        for j in range(need):
            a = ro[r * need + j]
            total -= wcard[a]
            for c in range(52):
                alivec[c] -= wpair[52 * c + a]
            for k in range(j + 1, need):
                total += wpair[52 * a + ro[r * need + k]]
        # 1. values: the rank pairs, then the hands that make a flush
        fs = _rank_pair_values(tp, fkey, fb, pairkey, pv, &kfs)
        # 2. entries: each flush hand alone (owner 1), the rank pairs' class runs
        ne = 0
        keybits = 0
        nspec = 0
        if fs >= 0:
            n = nflush[2 * fs] + (nflush[2 * fs + 1] if kfs >= 4 else 0)
            for j in range(n):
                i = flushes[M * fs + j]
                if hmask[i] & rmask:
                    continue
                spec[i] = 1
                seq[M + nspec] = i
                sub_lo[nsub + nspec] = M + nspec
                sub_hi[nsub + nspec] = M + nspec + 1
                v = tp.flush[((fb | hbits[i]) >> (16 * fs)) & 0x1fff]
                v = (v << 11) | <uint32_t>(cls[i] if potentials else 0)
                keybits |= v
                ent[ne] = ((<uint64_t>v) << 32) | <uint64_t>((nsub + nspec) | SPECIAL)
                ne += 1
                nspec += 1
        for e in range(nsub):
            v = (pv[sub_rp[e]] << 11) | <uint32_t>(cls[seq[sub_lo[e]]] if potentials else 0)
            keybits |= v
            ent[ne] = ((<uint64_t>v) << 32) | <uint64_t>e
            ne += 1
        if _radix(ent, ent2, ne, keybits):
            swap = ent
            ent = ent2
            ent2 = swap
        # 3. the sweep, a group of equal final values at a time
        for c in range(52):
            belowc[c] = 0
        below = 0
        if potentials:
            for k in range(nclasses):
                fen[k] = 0
                cnt_cls[k] = 0
            if unit:
                for c in range(52):
                    cbits[c] = 0
            else:
                for k in range(2 * M):
                    cardfen[k] = 0
                    cardw[k] = 0
        g0 = 0
        while g0 < ne:
            g1 = g0 + 1
            while g1 < ne and (ent[g1] >> 43) == (ent[g0] >> 43):
                g1 += 1
            # the group's weight, in all and per card
            gw = _entries_weight(ent, g0, g1, sub_lo, sub_hi, seq, hmask, rmask, spec,
                                 hands, weights, grpc)
            # cells of equal class within the group, lowest class first
            ga = 0
            lo = g0
            while lo < g1:
                hi = lo + 1
                while hi < g1 and (ent[hi] >> 32) == (ent[lo] >> 32):
                    hi += 1
                cl = <int>((ent[lo] >> 32) & 2047)
                cellw = 0
                fenE = 0
                cntE = 0
                if potentials:
                    fenE = _fen_sum(fen, cl)
                    cntE = cnt_cls[cl]
                    cellw = _entries_weight(ent, lo, hi, sub_lo, sub_hi, seq, hmask, rmask,
                                            spec, hands, weights, cellc)
                for e in range(lo, hi):
                    x = <int><uint32_t>ent[e]
                    owner = x >> 30
                    x &= SPECIAL - 1
                    for j in range(sub_lo[x], sub_hi[x]):
                        i = seq[j]
                        if (hmask[i] & rmask) or spec[i] != owner:
                            continue
                        a = hands[2 * i]
                        b = hands[2 * i + 1]
                        w = weights[i]
                        less = below - belowc[a] - belowc[b]
                        eq = gw - grpc[a] - grpc[b] + w
                        den = total - alivec[a] - alivec[b] + w
                        if den <= 0:
                            continue
                        num = less + 0.5 * eq
                        out[NCOLS * i + NUM] += rw * num
                        out[NCOLS * i + DEN] += rw * den
                        out[NCOLS * i + SQ] += rw * num * num / den
                        if bins > 0:
                            k = <int>floor(num / den * bins)
                            if k >= bins:
                                k = bins - 1
                            if k < 0:
                                k = 0
                            hist[bins * i + k] += rw * den
                        if potentials and unit:
                            # the same with every weight 1: the hands of a card below
                            # are bits of its list, counted by popcount
                            lo_a = cardlo[2 * i]
                            lo_b = cardlo[2 * i + 1]
                            q = (fenE - _popc(cbits[a] & _low(lo_a))
                                 - _popc(cbits[b] & _low(lo_b)))
                            q += 0.5 * (cntE
                                        - _popc(cbits[a] & (_low(cardhi[2 * i]) ^ _low(lo_a)))
                                        - _popc(cbits[b] & (_low(cardhi[2 * i + 1])
                                                            ^ _low(lo_b)))
                                        + ga - grpbelowc[a] - grpbelowc[b]
                                        + cellw - cellc[a] - cellc[b] + w)
                            out[NCOLS * i + QQ] += q
                        elif potentials:
                            # beaten at the river, by class now (below: AA, equal: TA),
                            # and tied at the river (below: AT, equal: TT)
                            q = (fenE - _fen_sum(cardfen + cardofs[a], cardlo[2 * i])
                                 - _fen_sum(cardfen + cardofs[b], cardlo[2 * i + 1]))
                            q += 0.5 * (cntE
                                        - _range(cardw + cardofs[a], cardlo[2 * i],
                                                 cardhi[2 * i])
                                        - _range(cardw + cardofs[b], cardlo[2 * i + 1],
                                                 cardhi[2 * i + 1])
                                        + ga - grpbelowc[a] - grpbelowc[b]
                                        + cellw - cellc[a] - cellc[b] + w)
                            out[NCOLS * i + QQ] += q
                if potentials:
                    for e in range(lo, hi):
                        x = <int><uint32_t>ent[e]
                        owner = x >> 30
                        x &= SPECIAL - 1
                        for j in range(sub_lo[x], sub_hi[x]):
                            i = seq[j]
                            if (hmask[i] & rmask) or spec[i] != owner:
                                continue
                            grpbelowc[hands[2 * i]] += weights[i]
                            grpbelowc[hands[2 * i + 1]] += weights[i]
                            cellc[hands[2 * i]] = 0
                            cellc[hands[2 * i + 1]] = 0
                    ga += cellw
                lo = hi
            # the group joins the hands beaten by those above it
            below += gw
            for e in range(g0, g1):
                x = <int><uint32_t>ent[e]
                owner = x >> 30
                x &= SPECIAL - 1
                wsum = 0
                for j in range(sub_lo[x], sub_hi[x]):
                    i = seq[j]
                    if (hmask[i] & rmask) or spec[i] != owner:
                        continue
                    a = hands[2 * i]
                    b = hands[2 * i + 1]
                    w = weights[i]
                    wsum += w
                    belowc[a] += w
                    belowc[b] += w
                    grpc[a] = 0
                    grpc[b] = 0
                    grpbelowc[a] = 0
                    grpbelowc[b] = 0
                    if potentials and unit and w != 0:
                        cbits[a] |= (<uint64_t>1) << cardpos[2 * i]
                        cbits[b] |= (<uint64_t>1) << cardpos[2 * i + 1]
                    elif potentials and w != 0:
                        _fen_add(cardfen + cardofs[a], cardn[a], cardpos[2 * i], w)
                        _fen_add(cardfen + cardofs[b], cardn[b], cardpos[2 * i + 1], w)
                        cardw[cardofs[a] + cardpos[2 * i]] += w
                        cardw[cardofs[b] + cardpos[2 * i + 1]] += w
                if potentials and wsum != 0:
                    cl = <int>((ent[e] >> 32) & 2047)
                    _fen_add(fen, nclasses, cl, wsum)
                    cnt_cls[cl] += wsum
            g0 = g1
        for j in range(nspec):
            spec[seq[M + j]] = 0


cdef void _static(const card_t *hands, const double *weights, const int32_t *live,
                  const int32_t *cls, int M, int nclasses, double *out, double *cardfen,
                  double *cardw, const int32_t *cardn, const int32_t *cardofs,
                  const int32_t *cardpos, const int32_t *cardlo, const int32_t *cardhi,
                  double *fen, double *cnt_cls, const double *wcard) noexcept nogil:
    """The opponents' weight below, in and above each hand's current class (card
    removal exact): once per board, not per runout."""
    cdef int i, a, b
    cdef double total = 0, below, same
    for i in range(nclasses):
        fen[i] = 0
        cnt_cls[i] = 0
    for i in range(2 * M):
        cardfen[i] = 0
        cardw[i] = 0
    for i in range(M):
        if not live[i] or weights[i] == 0:
            continue
        a = hands[2 * i]
        b = hands[2 * i + 1]
        total += weights[i]
        _fen_add(fen, nclasses, cls[i], weights[i])
        cnt_cls[cls[i]] += weights[i]
        _fen_add(cardfen + cardofs[a], cardn[a], cardpos[2 * i], weights[i])
        _fen_add(cardfen + cardofs[b], cardn[b], cardpos[2 * i + 1], weights[i])
        cardw[cardofs[a] + cardpos[2 * i]] += weights[i]
        cardw[cardofs[b] + cardpos[2 * i + 1]] += weights[i]
    for i in range(M):
        if not live[i]:
            continue
        a = hands[2 * i]
        b = hands[2 * i + 1]
        below = (_fen_sum(fen, cls[i]) - _fen_sum(cardfen + cardofs[a], cardlo[2 * i])
                 - _fen_sum(cardfen + cardofs[b], cardlo[2 * i + 1]))
        same = (cnt_cls[cls[i]]
                - _range(cardw + cardofs[a], cardlo[2 * i], cardhi[2 * i])
                - _range(cardw + cardofs[b], cardlo[2 * i + 1], cardhi[2 * i + 1])
                + weights[i])
        out[NCOLS * i + SA] += below
        out[NCOLS * i + ST] += same
        out[NCOLS * i + SB] += total - wcard[a] - wcard[b] + weights[i] - below - same


# ================================================================ every Omaha holding
#
# The same sums as board_strength (NUM, DEN, SQ and histograms; not the potentials) for
# every four-card holding against one random four-card holding, exactly (omaha_strength).
# Per runout: every live holding's value (the board's row of the Omaha table, one load
# for each of its six hole pairs, the flush table when a suit has three on the board and
# two in the hand), one radix sort of the values, and one sweep in that order.  Card
# removal is inclusion-exclusion over the hand's 15 non-empty sets of its cards: the
# opponents sharing a card with hand h are those holding one of its cards, less those
# holding two, plus those holding three, less the one holding all four (h itself), so
# running counts per card, per two cards and per three cards give every count in
# O(1).  Every opponent weighs 1 (a random holding): the counts are integers, and the
# opponents a hand leaves on a runout are a constant (given as `den`).

cdef extern from *:
    """
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC push_options
    #pragma GCC optimize ("O3")
    #endif
    /* colex ranks of card sets: C(c, 2), C(c, 3) for c < 52 */
    static inline uint32_t ph_c2(uint32_t c) { return c * (c - 1) / 2; }
    static inline uint32_t ph_c3(uint32_t c) { return c * (c - 1) * (c - 2) / 6; }

    /* The 14 counters of a four-card hand whose cards c0 > c1 > c2 > c3 are bits 42,
       36, 30 and 24 of an entry (6 bits each): its 4 cards, its 6 pairs (52 +
       colex), its 4 triples (52 + 1326 + colex); times two, as the counters of two
       kinds are interleaved */
    static inline void ph_subsets(uint64_t e, int32_t *o) {
        const uint32_t a = (e >> 42) & 63, b = (e >> 36) & 63, c = (e >> 30) & 63,
                       d = (e >> 24) & 63;
        const uint32_t P = 52, T = 52 + 1326;
        o[0] = 2 * a; o[1] = 2 * b; o[2] = 2 * c; o[3] = 2 * d;
        o[4] = 2 * (P + ph_c2(a) + b); o[5] = 2 * (P + ph_c2(a) + c);
        o[6] = 2 * (P + ph_c2(a) + d); o[7] = 2 * (P + ph_c2(b) + c);
        o[8] = 2 * (P + ph_c2(b) + d); o[9] = 2 * (P + ph_c2(c) + d);
        o[10] = 2 * (T + ph_c3(a) + ph_c2(b) + c); o[11] = 2 * (T + ph_c3(a) + ph_c2(b) + d);
        o[12] = 2 * (T + ph_c3(a) + ph_c2(c) + d); o[13] = 2 * (T + ph_c3(b) + ph_c2(c) + d);
    }

    /* opponents sharing a card with the hand: singles - pairs + triples */
    static inline int ph_cross(const int32_t *n, const int32_t *s) {
        return n[s[0]] + n[s[1]] + n[s[2]] + n[s[3]]
               - n[s[4]] - n[s[5]] - n[s[6]] - n[s[7]] - n[s[8]] - n[s[9]]
               + n[s[10]] + n[s[11]] + n[s[12]] + n[s[13]];
    }

    static inline void ph_add14(int32_t *n, const int32_t *s) {
        n[s[0]]++; n[s[1]]++; n[s[2]]++; n[s[3]]++; n[s[4]]++; n[s[5]]++; n[s[6]]++;
        n[s[7]]++; n[s[8]]++; n[s[9]]++; n[s[10]]++; n[s[11]]++; n[s[12]]++; n[s[13]]++;
    }

    /* the group's counts join those below (cg = cb + 1: interleaved) */
    static inline void ph_move14(int32_t *cb, const int32_t *s) {
        int k;
        for (k = 0; k < 14; ++k) { cb[s[k]] += cb[s[k] + 1]; cb[s[k] + 1] = 0; }
    }
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC pop_options
    #endif
    """
    void _subsets "ph_subsets"(uint64_t e, int32_t *out) noexcept nogil
    int _cross "ph_cross"(const int32_t *cnt, const int32_t *sub) noexcept nogil
    void _add14 "ph_add14"(int32_t *cnt, const int32_t *sub) noexcept nogil
    void _move14 "ph_move14"(int32_t *cb, const int32_t *sub) noexcept nogil


@cython.cdivision(True)
def omaha_strength(ComboTables tables, board, runouts, rweights, hands, double den,
                   int bins, out, hist, int part, int nparts):
    """Add each holding's sums over the runouts numbered part (mod nparts) into out (M,
    NCOL: num, den, sq) and, with bins > 0, its river equity histogram into hist.

    hands: (M, 4) every four-card holding of the deck, each in decreasing order (those
    touching the board included, never valued); den: the opponents a live holding
    leaves on a final board.  runouts: (R, need) completions of the board (or a sample
    of them), each counted rweights[r] times."""
    cdef int M = _rows(hands, 4), nb = _rows(board, 1)
    cdef int R = _dim(runouts, 0), need = _dim(runouts, 1)
    cdef const card_t *bd = <const card_t *>_data(board, cnp.NPY_UINT8)
    cdef const card_t *ro = <const card_t *>_data(runouts, cnp.NPY_UINT8)
    cdef const double *rwp = <const double *>_data(rweights, cnp.NPY_FLOAT64)
    cdef const card_t *hd = <const card_t *>_data(hands, cnp.NPY_UINT8)
    cdef double *op = <double *>_data(out, cnp.NPY_FLOAT64, True)
    cdef double *hp = <double *>_data(hist, cnp.NPY_FLOAT64, True)
    if (_rows(runouts, need) != R or _rows(rweights, 1) != R or _rows(out, NCOLS) != M
            or _dim(hist, 0) != M or (bins > 0 and _dim(hist, 1) != bins)
            or nb + need < 3 or nb + need > 5 or den <= 0):
        raise ValueError("omaha_strength: inconsistent shapes")
    cdef char *arena = <char *>calloc(M * (8 * 4 + 4 * 14 + 6) + 8 * (52 + 1326 + 22100) + 64,
                                      1)
    if arena == NULL:
        raise MemoryError()
    try:
        with nogil:
            _omaha_strength(&tables.c, bd, nb, ro, R, need, rwp, hd, M, den, bins, op, hp,
                            part, nparts, arena)
    finally:
        free(arena)


@cython.cdivision(True)
cdef void _omaha_strength(const Combo *t, const card_t *bd, int nb, const card_t *ro,
                          int R, int need, const double *rweights, const card_t *hands,
                          int M, double den, int bins, double *out, double *hist,
                          int part, int nparts, char *arena) noexcept nogil:
    cdef int i, j, r, k, s, n, g0, g1, below, gw, fs
    cdef uint64_t bmask = 0, rmask
    cdef uint64_t *swap
    cdef key_t key
    cdef const entry_t *row
    cdef uint32_t v, v2, hm, fbm
    cdef double rw, num, less, eq
    cdef uint64_t *ent = <uint64_t *>arena                  # [M] the sort entries
    cdef uint64_t *ent2 = ent + M                           # [M] radix buffer
    cdef uint64_t *hmask = ent2 + M                         # [M] the hand's cards as bits
    cdef double *numv = <double *>(hmask + M)               # [M] this runout's NUM, or -1
    cdef int32_t *gsub = <int32_t *>(numv + M)              # [14 M] a group's counters
    cdef int32_t *cb = gsub + 14 * M                        # [2 x 23478] below, and
    cdef int32_t *cg = cb + 1                               # this group's, interleaved
    cdef uint8_t *pidx = <uint8_t *>(cb + 2 * (52 + 1326 + 22100))   # [6 M] hole pairs
    for i in range(nb):
        bmask |= (<uint64_t>1) << bd[i]
    for i in range(M):
        hmask[i] = 0
        for j in range(4):
            hmask[i] |= (<uint64_t>1) << hands[4 * i + j]
        k = 0
        for j in range(4):
            for s in range(j + 1, 4):
                pidx[6 * i + k] = t.pair_idx[hands[4 * i + j] * 52 + hands[4 * i + s]]
                k += 1
    for r in range(R):
        if r % nparts != part:
            continue
        rw = rweights[r]
        rmask = bmask
        key = SUIT_BASE3
        for j in range(nb):
            key += CARD_KEY[bd[j]]
        for j in range(need):
            rmask |= (<uint64_t>1) << ro[r * need + j]
            key += CARD_KEY[ro[r * need + j]]
        row = board_row(t, key)
        fs = three_suited(key) if t.flush != NULL else -1
        fbm = 0
        if fs >= 0:
            for j in range(52):
                if (rmask >> j) & 1 and (j & 3) == fs:
                    fbm |= 1u << (j >> 2)
        # 1. every live holding's value, in order of the hands; the entry carries the
        #    cards, so that the sweep in value order reads nothing of the hand's
        n = 0
        for i in range(M):
            if hmask[i] & rmask:
                numv[i] = -1
                continue
            v = row[pidx[6 * i]]
            for k in range(1, 6):
                v2 = row[pidx[6 * i + k]]
                v = v2 if v2 > v else v
            if fs >= 0:
                hm = 0
                for j in range(4):
                    if (hands[4 * i + j] & 3) == fs:
                        hm |= 1u << (hands[4 * i + j] >> 2)
                if popcount(hm) >= 2:
                    v2 = best_flush(t.flush, hm, fbm)
                    v = v2 if v2 > v else v
            ent[n] = (((<uint64_t>v) << 48) | ((<uint64_t>hands[4 * i]) << 42)
                      | ((<uint64_t>hands[4 * i + 1]) << 36)
                      | ((<uint64_t>hands[4 * i + 2]) << 30)
                      | ((<uint64_t>hands[4 * i + 3]) << 24) | <uint64_t>i)
            n += 1
        # 2. in order of value (the top 16 bits)
        if _radix(ent, ent2, n, 0xffff0000, 48):
            swap = ent
            ent = ent2
            ent2 = swap
        # 3. the sweep: counts below and in the group, per set of cards
        for k in range(2 * (52 + 1326 + 22100)):
            cb[k] = 0
        below = 0
        g0 = 0
        while g0 < n:
            g1 = g0 + 1
            while g1 < n and (ent[g1] >> 48) == (ent[g0] >> 48):
                g1 += 1
            gw = g1 - g0
            for j in range(g0, g1):
                _subsets(ent[j], gsub + 14 * (j - g0))
                _add14(cg, gsub + 14 * (j - g0))
            for j in range(g0, g1):
                i = <int>(ent[j] & 0xffffff)
                less = below - _cross(cb, gsub + 14 * (j - g0))
                # the group holds the hand itself, which shares all four cards:
                # the sets count it 4 - 6 + 4 = 2 times, the union once
                eq = gw - _cross(cg, gsub + 14 * (j - g0)) + 1
                numv[i] = less + 0.5 * eq
            below += gw
            for j in range(g0, g1):
                _move14(cb, gsub + 14 * (j - g0))
            g0 = g1
        # 4. the sums, in order of the hands
        for i in range(M):
            num = numv[i]
            if num < 0:
                continue
            out[NCOLS * i + NUM] += rw * num
            out[NCOLS * i + DEN] += rw * den
            out[NCOLS * i + SQ] += rw * num * num / den
            if bins > 0:
                k = <int>floor(num / den * bins)
                if k >= bins:
                    k = bins - 1
                if k < 0:
                    k = 0
                hist[bins * i + k] += rw * den


# ================================================================ sampled deals
#
# Monte Carlo over whole deals (sample_deals): k opponent hands drawn from the
# opponent's range by weight (redrawn when they collide), then the runout drawn
# uniformly from the cards left, so that for each hero hand the deals that miss it are
# distributed as the opponents and the runout dealt after it: each such deal is one
# observation of the hero's share of the pot (ties split), and with one opponent of
# its standing now and at the river (the potentials' nine counts).  Every hero hand is
# valued on the final board of every deal; two-card hands through the 91 rank pairs
# and the flush table (as board_strength), Omaha holdings through the board's row of
# the Omaha table.  Deals come in chunks, chunk i drawing from its own xoshiro256**
# stream seeded by (seed, i), so a seed and a number of deals give the same counts on
# any number of threads.

cdef enum:
    SN = 0          # deals that miss the hand
    SS = 1          # sum of its share
    SS2 = 2         # sum of its share squared
    SNOW = 3        # 3 x 3 counts, now (ahead, tied, behind) by river (the same)
    SCOLS = 12

SAMPLE_COLUMNS = {"n": SN, "share": SS, "share2": SS2, "now_river": SNOW}
SAMPLE_NCOL = SCOLS


cdef inline int _below(Xoshiro *r, int n) noexcept nogil:
    """A uniform integer in 0..n-1 (n small: the bias of the multiply is below 2**-32)."""
    return <int>(((xoshiro_next(r) >> 32) * <uint64_t>n) >> 32)


cdef inline int _pick(Xoshiro *r, const double *cum, int n) noexcept nogil:
    """An index drawn with probability proportional to its weight (cum: running sums)."""
    cdef double u = (xoshiro_next(r) >> 11) * (1.0 / 9007199254740992.0) * cum[n - 1]
    cdef int lo = 0, hi = n - 1, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if cum[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return lo


cdef inline uint32_t _high_value(const Tables *t, key_t key, uint64_t bits) noexcept nogil:
    cdef int suit = flush_suit(key)
    if suit >= 0:
        return t.flush[(bits >> (16 * suit)) & 0x1fff]
    return t.ranks[hash_index(t.offsets, key)]


cdef inline uint32_t _omaha_value(const Combo *t, const entry_t *row, int fs, uint32_t fbm,
                                  const card_t *h) noexcept nogil:
    cdef uint32_t v = 0, v2, hm = 0
    cdef int j, s
    for j in range(4):
        for s in range(j + 1, 4):
            v2 = row[t.pair_idx[h[j] * 52 + h[s]]]
            v = v2 if v2 > v else v
    if fs >= 0:
        for j in range(4):
            if (h[j] & 3) == fs:
                hm |= 1u << (h[j] >> 2)
        if popcount(hm) >= 2:
            v2 = best_flush(t.flush, hm, fbm)
            v = v2 if v2 > v else v
    return v


@cython.cdivision(True)
def sample_deals(tables, board, heroes, hero_now, opps, opp_cum, int k, bint potentials,
                 deck, uint64_t seed, int64_t first_chunk, int64_t n_chunks,
                 int64_t chunk, int64_t total, out):
    """Deals of chunks first_chunk .. first_chunk + n_chunks - 1 (chunk i: deals
    i * chunk .. min(total, (i + 1) * chunk) - 1), their counts added into out (M,
    SAMPLE_NCOL).  Returns the deals that could not be dealt (k opponents the range
    cannot seat without sharing a card after many redraws; their deals are skipped).

    tables: HandTables (two-card hands) or ComboTables (Omaha holdings); heroes: (M, h)
    the hands to report; hero_now: (M,) int32 their values on the board now (read with
    potentials, which needs k = 1 and a flop or later); opps: (P, h) the opponent's
    hands, none touching the board, opp_cum: (P,) the running sums of their weights;
    deck: the cards not on the board."""
    cdef int h = _dim(heroes, 1), M = _rows(heroes, _dim(heroes, 1)), P = _rows(opps, h)
    cdef int nb = _rows(board, 1), D = _rows(deck, 1), need = 5 - _rows(board, 1)
    cdef const card_t *bd = <const card_t *>_data(board, cnp.NPY_UINT8)
    cdef const card_t *hd = <const card_t *>_data(heroes, cnp.NPY_UINT8)
    cdef const int32_t *hn = <const int32_t *>_data(hero_now, cnp.NPY_INT32)
    cdef const card_t *od = <const card_t *>_data(opps, cnp.NPY_UINT8)
    cdef const double *oc = <const double *>_data(opp_cum, cnp.NPY_FLOAT64)
    cdef const card_t *dk = <const card_t *>_data(deck, cnp.NPY_UINT8)
    cdef double *op = <double *>_data(out, cnp.NPY_FLOAT64, True)
    cdef const Tables *ht = NULL
    cdef const Combo *ct = NULL
    cdef int64_t failed = 0
    if isinstance(tables, HandTables) and h == 2:
        ht = &(<HandTables>tables).t
    elif isinstance(tables, ComboTables) and h == 4:
        ct = &(<ComboTables>tables).c
    else:
        raise ValueError("sample_deals: two-card hands with HandTables or Omaha holdings "
                         "with ComboTables")
    if (_rows(hero_now, 1) != M or _rows(opp_cum, 1) != P or _rows(out, SCOLS) != M
            or P == 0 or not 1 <= k <= 9 or nb > 5 or (potentials and (k != 1 or nb < 3))):
        raise ValueError("sample_deals: inconsistent arguments")
    cdef char *arena = <char *>calloc(M * 8 + P * 8 + 64, 1)
    if arena == NULL:
        raise MemoryError()
    try:
        with nogil:
            failed = _sample_deals(ht, ct, h, bd, nb, hd, hn, M, od, oc, P, k, potentials,
                                   dk, D, need, seed, first_chunk, n_chunks, chunk, total,
                                   op, arena)
    finally:
        free(arena)
    return failed


@cython.cdivision(True)
cdef int64_t _sample_deals(const Tables *ht, const Combo *ct, int h, const card_t *bd,
                           int nb, const card_t *heroes, const int32_t *hero_now, int M,
                           const card_t *opps, const double *opp_cum, int P, int k,
                           bint potentials, const card_t *deck, int D, int need,
                           uint64_t seed, int64_t first_chunk, int64_t n_chunks,
                           int64_t chunk, int64_t total, double *out,
                           char *arena) noexcept nogil:
    cdef uint64_t *hmask = <uint64_t *>arena             # [M]
    cdef uint64_t *omask = hmask + M                     # [P]
    cdef uint64_t bmask = 0, used, bbits = 0, fbits
    cdef key_t bkey = KEY_BASE, fkey, key3
    cdef int i, j, _j, c, o, tries, fs, kfs, ties, s, now_o = 0, a, b
    cdef int64_t ch, _d, d0, d1, failed = 0
    cdef int picked[9]
    cdef uint32_t pv[91]
    cdef uint32_t pairkey[91]
    cdef uint32_t v, best, fbm = 0
    cdef double share
    cdef const entry_t *row = NULL
    cdef Xoshiro rng
    for i in range(nb):
        bmask |= (<uint64_t>1) << bd[i]
        bkey += CARD_KEY[bd[i]]
        bbits |= CARD_BIT[bd[i]]
    for a in range(13):
        for b in range(a + 1):
            pairkey[_pair_id(a, b)] = RANK_KEY[a] + RANK_KEY[b]
    for i in range(M):
        hmask[i] = 0
        for j in range(h):
            hmask[i] |= (<uint64_t>1) << heroes[h * i + j]
    for i in range(P):
        omask[i] = 0
        for j in range(h):
            omask[i] |= (<uint64_t>1) << opps[h * i + j]
    for ch in range(first_chunk, first_chunk + n_chunks):
        xoshiro_seed(&rng, seed, <uint64_t>ch)
        d0 = ch * chunk
        d1 = d0 + chunk if d0 + chunk < total else total
        for _d in range(d0, d1):
            # the opponents, all dealt again when two collide (redrawing only the
            # second would weigh a pair by w1 w2 / (the weight left beside the
            # first), not w1 w2), then the runout from the cards left
            tries = 0
            o = 0
            while o < k and tries < 100000:
                tries += 1
                used = bmask
                for o in range(k + 1):
                    if o == k:
                        break
                    j = _pick(&rng, opp_cum, P)
                    if omask[j] & used:
                        break
                    used |= omask[j]
                    picked[o] = j
            if o < k:
                failed += 1
                continue
            fkey = bkey
            fbits = bbits
            for _j in range(need):
                c = deck[_below(&rng, D)]
                while (used >> c) & 1:
                    c = deck[_below(&rng, D)]
                used |= (<uint64_t>1) << c
                fkey += CARD_KEY[c]
                fbits |= CARD_BIT[c]
            # the opponents' best on the final board, and how many hold it
            fs = -1
            if ct != NULL:
                key3 = SUIT_BASE3 + (fkey - KEY_BASE)
                row = board_row(ct, key3)
                fs = three_suited(key3) if ct.flush != NULL else -1
                fbm = <uint32_t>((fbits >> (16 * fs)) & 0x1fff) if fs >= 0 else 0
            best = 0
            ties = 0
            for o in range(k):
                j = picked[o]
                if ct != NULL:
                    v = _omaha_value(ct, row, fs, fbm, opps + 4 * j)
                else:
                    v = _high_value(ht, fkey + CARD_KEY[opps[2 * j]] + CARD_KEY[opps[2 * j + 1]],
                                    fbits | CARD_BIT[opps[2 * j]] | CARD_BIT[opps[2 * j + 1]])
                if v > best:
                    best = v
                    ties = 1
                elif v == best:
                    ties += 1
            if potentials:
                j = picked[0]
                if ct != NULL:
                    key3 = SUIT_BASE3 + (bkey - KEY_BASE)
                    s = three_suited(key3) if ct.flush != NULL else -1
                    now_o = _omaha_value(ct, board_row(ct, key3), s,
                                         <uint32_t>((bbits >> (16 * s)) & 0x1fff) if s >= 0
                                         else 0, opps + 4 * j)
                else:
                    now_o = _high_value(ht, bkey + CARD_KEY[opps[2 * j]]
                                        + CARD_KEY[opps[2 * j + 1]],
                                        bbits | CARD_BIT[opps[2 * j]] | CARD_BIT[opps[2 * j + 1]])
            # two-card heroes: the rank pairs' values, and who makes a flush (Omaha
            # holdings keep the final board's row and flush suit from above)
            kfs = 0
            if ct == NULL:
                fs = _rank_pair_values(ht, fkey, fbits, pairkey, pv, &kfs)
            for i in range(M):
                if hmask[i] & used:
                    continue
                if ct != NULL:
                    v = _omaha_value(ct, row, fs, fbm, heroes + 4 * i)
                else:
                    a = heroes[2 * i]
                    b = heroes[2 * i + 1]
                    v = pv[_pair_id(a >> 2, b >> 2) if a >= b else _pair_id(b >> 2, a >> 2)]
                    if fs >= 0 and ((a & 3) == fs) + ((b & 3) == fs) >= 5 - kfs:
                        v = ht.flush[((fbits | CARD_BIT[a] | CARD_BIT[b]) >> (16 * fs))
                                     & 0x1fff]
                share = 1.0 if v > best else (1.0 / (ties + 1) if v == best else 0.0)
                out[SCOLS * i + SN] += 1
                out[SCOLS * i + SS] += share
                out[SCOLS * i + SS2] += share * share
                if potentials:
                    a = 0 if hero_now[i] > now_o else (1 if hero_now[i] == now_o else 2)
                    b = 0 if v > best else (1 if v == best else 2)
                    out[SCOLS * i + SNOW + 3 * a + b] += 1
    return failed
