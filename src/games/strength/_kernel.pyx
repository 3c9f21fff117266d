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

from evaluator.keys cimport CARD_BIT, CARD_KEY, KEY_BASE, RANK_KEY
from evaluator.tables cimport HandTables, Tables, hash_index
from evaluator.typedefs cimport card_t, key_t

cnp.import_array()


cdef void *_data(object arr, object dtype, bint writable=False) except? NULL:
    """The data of a C-contiguous array of the given dtype (TypeError otherwise)."""
    if (not isinstance(arr, np.ndarray) or arr.dtype != dtype
            or not arr.flags.c_contiguous or (writable and not arr.flags.writeable)):
        raise TypeError("a kernel array of the wrong dtype or layout")
    return cnp.PyArray_DATA(<cnp.ndarray>arr)


cdef Py_ssize_t _rows(object arr, Py_ssize_t width) except -1:
    """Rows of an (N, width) array, or N of an (N,) array when width is 1."""
    if arr.ndim == 1 and width == 1:
        return arr.shape[0]
    if arr.ndim == 2 and arr.shape[1] == width:
        return arr.shape[0]
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
# of the 169 classes.

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
        int nh, nb, npat, shift;
    } ph_ix;

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
    static ph_ix_loop ph_ix_loop_for(int nh, int nb, int has_pre) {
        if (nh == 2 && nb == 0 && has_pre) return ph_ix_2_0;
        if (nh == 2 && nb == 3) return ph_ix_2_3;
        if (nh == 2 && nb == 4) return ph_ix_2_4;
        if (nh == 2 && nb == 5) return ph_ix_2_5;
        return ph_ix_any;
    }

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
        int nh, nb, npat, shift
    const int IX_BLOCK "PH_IX_BLOCK"
    uint64_t _term "ph_term"(uint64_t x, unsigned g) noexcept nogil
    ctypedef int (*IxLoop "ph_ix_loop")(const IxTables *, const uint8_t *, const uint8_t *,
                                        Py_ssize_t, int64_t *) noexcept nogil
    IxLoop ix_loop_for "ph_ix_loop_for"(int nh, int nb, int has_pre) noexcept nogil


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
    """The kernel's tables of 13-bit rank sets, (popcount, colex rank) as two arrays of
    8192, for games/strength/indexing.py to build an indexer's tables from (one
    definition of colex)."""
    popc = np.empty(1 << MAXR, dtype=np.int64)
    colex = np.empty(1 << MAXR, dtype=np.int64)
    cdef int m
    for m in range(1 << MAXR):
        popc[m] = POPC[m]
        colex[m] = COLEX[m]
    return popc, colex


@cython.final
cdef class Indexer:
    """The indexer of situations of `hole` cards and `board` cards from a deck of the
    `ranks` highest ranks (13: the 52-card deck; 9: short deck) in four suits, over
    tables that games/strength/indexing.py builds (see there for what each holds, and
    for the checks that keep every read inside them)."""

    cdef readonly int ranks, hole, board, low
    cdef readonly uint64_t size
    cdef readonly object configs       # (C,) structured: offset, pattern, ... of each
    cdef object _arrays                # the arrays the kernel's pointers point into
    cdef IxTables t
    cdef IxLoop loop
    cdef int nconfigs

    def __init__(self, int ranks, int hole, int board, size, configs, bits, above, tk,
                 digits, conf_of, terms, pre=None):
        if not (1 <= ranks <= MAXR and 0 <= hole <= MAXH and 0 <= board <= MAXB):
            raise ValueError("no such indexer")
        if (_rows(bits, 1) != 256 or _rows(above, 1) != 256
                or tk.shape != ((hole + 1), 1 << MAXR) or digits.shape[1] != 16
                or digits.shape[0] != len(configs) + 1
                or _rows(conf_of, 1) != ((hole + 1) * (board + 1)) ** 3
                or terms.shape[0] != 4 or (pre is not None and _rows(pre, 1) != 4096)):
            raise ValueError("indexer tables of the wrong shape")
        self.ranks, self.hole, self.board, self.low = ranks, hole, board, MAXR - ranks
        self.size = size
        self.configs = configs
        self.nconfigs = len(configs)
        offsets = np.ascontiguousarray(configs["offset"], dtype=np.uint64)
        patterns = np.ascontiguousarray(configs["pattern"], dtype=np.uint8)
        self._arrays = (bits, above, tk, digits, conf_of, terms, pre, offsets, patterns)
        self.t.bit = <const uint64_t *>_data(bits, np.uint64)
        self.t.above = <const uint64_t *>_data(above, np.uint64)
        self.t.tk = <const uint32_t *>_data(tk, np.uint32)
        self.t.dig = <const Digits *>_data(digits, np.uint64)
        self.t.conf_of = <const int32_t *>_data(conf_of, np.int32)
        self.t.terms = <const uint64_t *>_data(terms, np.uint64)
        self.t.pre = NULL
        if pre is not None:
            self.t.pre = <const uint16_t *>_data(pre, np.uint16)
        self.t.nh, self.t.nb, self.t.npat = hole, board, (hole + 1) * (board + 1)
        self.t.shift = 4 * self.low
        self.loop = ix_loop_for(hole, board, self.t.pre != NULL)

    def index(self, holes, boards, out):
        """Write the index of each row (hole cards, board cards) into out; True when
        some row holds a card outside the deck or a card twice (its index is then
        meaningless: the caller finds and names the cell)."""
        cdef Py_ssize_t n = _rows(holes, self.hole)
        cdef const uint8_t *hp = <const uint8_t *>_data(holes, np.uint8)
        cdef const uint8_t *bp = <const uint8_t *>_data(boards, np.uint8)
        cdef int64_t *op = <int64_t *>_data(out, np.int64, True)
        cdef int bad = 0
        if _rows(boards, self.board) != n or out.shape[0] != n:
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
        cdef const int64_t *ip = <const int64_t *>_data(idx, np.int64)
        cdef uint8_t *hp = <uint8_t *>_data(holes, np.uint8, True)
        cdef uint8_t *bp = <uint8_t *>_data(boards, np.uint8, True)
        cdef const uint64_t *op = <const uint64_t *>_data(self._arrays[7], np.uint64)
        cdef const uint8_t *pp = <const uint8_t *>_data(self._arrays[8], np.uint8)
        cdef card_t hbuf[MAXH]
        cdef card_t bbuf[MAXB]
        cdef int i, nh = self.hole, nb = self.board
        if _rows(holes, nh) != n or _rows(boards, nb) != n:
            raise ValueError("idx, holes and boards must have as many rows")
        with nogil:
            for r in range(n):
                self._unindex_one(<uint64_t>ip[r], hbuf, bbuf, op, pp)
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


cdef int _radix(uint64_t *src, uint64_t *dst, int n, uint32_t keybits) noexcept nogil:
    """Sort (key << 32 | payload) pairs by key in 8-bit passes over the bytes some key
    uses; returns 0 if the result is in src, 1 if in dst."""
    cdef int count[256]
    cdef int i, c, total, shift, flip = 0
    cdef uint64_t *sw
    shift = 32
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
    cdef int R = runouts.shape[0], need = runouts.shape[1]
    cdef const card_t *bd = <const card_t *>_data(board, np.uint8)
    cdef const card_t *ro = <const card_t *>_data(runouts, np.uint8)
    cdef const double *rwp = <const double *>_data(rweights, np.float64)
    cdef const card_t *hd = <const card_t *>_data(hands, np.uint8)
    cdef const double *wp = <const double *>_data(weights, np.float64)
    cdef const int32_t *clp = <const int32_t *>_data(cls, np.int32)
    cdef double *op = <double *>_data(out, np.float64, True)
    cdef double *hp = <double *>_data(hist, np.float64, True)
    cdef const Tables *tp = &tables.t
    if (_rows(runouts, need) != R or _rows(rweights, 1) != R or _rows(weights, 1) != M
            or _rows(cls, 1) != M or _rows(out, NCOLS) != M
            or hist.shape[0] != M or (bins > 0 and hist.shape[1] != bins)):
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
    cdef uint32_t keybits, v, fval
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
        fs = -1
        kfs = 0
        for s in range(4):
            k = POPC[(fb >> (16 * s)) & 0x1fff]
            if k >= 3:
                fs = s
                kfs = k
        if kfs >= 5:
            fval = tp.flush[(fb >> (16 * fs)) & 0x1fff]
            for p in range(91):
                pv[p] = fval
        else:
            for p in range(91):
                pv[p] = tp.ranks[hash_index(tp.offsets, <key_t>(<uint32_t>fkey + pairkey[p]))]
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
            gw = 0
            for e in range(g0, g1):
                x = <int><uint32_t>ent[e]
                owner = x >> 30
                x &= SPECIAL - 1
                for j in range(sub_lo[x], sub_hi[x]):
                    i = seq[j]
                    if (hmask[i] & rmask) or spec[i] != owner:
                        continue
                    w = weights[i]
                    gw += w
                    grpc[hands[2 * i]] += w
                    grpc[hands[2 * i + 1]] += w
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
                    for e in range(lo, hi):
                        x = <int><uint32_t>ent[e]
                        owner = x >> 30
                        x &= SPECIAL - 1
                        for j in range(sub_lo[x], sub_hi[x]):
                            i = seq[j]
                            if (hmask[i] & rmask) or spec[i] != owner:
                                continue
                            w = weights[i]
                            cellw += w
                            cellc[hands[2 * i]] += w
                            cellc[hands[2 * i + 1]] += w
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
