"""Canonical hand indexes: every (hole, board) situation to a dense number shared by
exactly the situations that a relabelling of the suits maps onto each other.

Everything here trusts its caller (games/strength/indexing.py) for shapes, card values
and collisions.  The numbering is the one of Waugh's hand isomorphism indexer (2013)
for two rounds, the hole cards and the board, each an unordered set; the algorithm is
the published one, the code our own:

  * A suit's part of a situation is the set of hole ranks it holds and the set of board
    ranks it holds.  Its *pattern* is the pair of sizes (a, b); its *number* within the
    pattern is colex(hole ranks) + C(R, a) * colex(board ranks with the hole ranks taken
    out of the rank line), R the deck's number of ranks, colex the colexicographic rank
    of a set (sum over its members, lowest first, of C(rank, position)).
  * The four suits are sorted by pattern, largest first ((a, b) compared as a pair),
    and, within equal patterns, by number, smallest first.  The sorted patterns are the
    situation's *configuration*; configurations are taken in increasing order (as
    tuples of patterns), each owning a block of indexes after the blocks of those
    before it.
  * Within the block, suits of equal patterns form a group whose numbers x0 <= x1 <= ...
    are a multiset, ranked as x0 + C(x1 + 1, 2) + C(x2 + 2, 3) + C(x3 + 3, 4) of
    C(M + n - 1, n) (M the pattern's count of numbers, n the group's size); the groups
    are mixed-radix digits, the first group least significant.

A situation is then one sort of four 64-bit keys, one table look-up for its
configuration and four multiply-adds: no loop over suit permutations.  The numbers
agree with Waugh's C indexer set up for two rounds of (hole, board) cards; see
docs/guides/strength.md for how that was checked.
"""

import numpy as np

cimport cython
cimport numpy as cnp

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from evaluator.typedefs cimport card_t

cnp.import_array()

cdef enum:
    MAXR = 13           # ranks of a deck
    MAXH = 6            # hole cards (six-card Omaha)
    MAXB = 5            # board cards

# The hot loop in C, so that each shape (hole, board) gets its own loop with constant
# card counts, and the sort and the configuration's arithmetic compile to conditional
# moves: random situations make every branch there a coin toss.
cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int ph_ctz64(uint64_t x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i;
    }
    #else
    #define ph_ctz64(x) __builtin_ctzll(x)
    #endif

    /* colex rank of a 13-bit rank set among the sets of its size, its size, and the
       sets in (size, colex rank) order; C(n, k); the bits above a bit position within
       its 16-bit suit field (filled by _init_tables) */
    static uint16_t ph_colex[1 << 13];
    static uint8_t ph_popc[1 << 13];
    static uint16_t ph_uncolex[1 << 13];
    static uint32_t ph_uncolex_start[15];
    static uint64_t ph_ncr[14][14];
    static uint64_t ph_above[64];       /* by card value 0..51, as ph_bit */
    static uint64_t ph_bit[64];         /* a card's bit: 1 << (16 * suit + rank) */

    typedef struct {
        uint64_t offset;    /* the first index of the configuration's block */
        uint64_t mult[4];   /* each sorted suit's mixed-radix weight (its group's) */
        uint8_t g[4];       /* each sorted suit's place in its group of equal patterns */
        uint8_t pattern[4]; /* the sorted patterns, a * (board + 1) + b */
        uint8_t grouped;    /* some non-empty group holds two suits or more */
        uint64_t size;      /* the block's length */
    } ph_config;

    #define PH_SWAP_DOWN(a, b) do { uint64_t hi_ = (a) > (b) ? (a) : (b); \
                                    uint64_t lo_ = (a) > (b) ? (b) : (a); \
                                    (a) = hi_; (b) = lo_; } while (0)
    #define PH_SORT2(a, b) do { uint8_t hi_ = (a) > (b) ? (a) : (b); \\
                                uint8_t lo_ = (a) > (b) ? (b) : (a); \\
                                (a) = hi_; (b) = lo_; } while (0)
    #define PH_LOW32 0xffffffffULL

    /* C(x + g, g + 1) for g = 0..3 */
    static inline uint64_t ph_term(uint64_t x, unsigned g) {
        uint64_t t1 = (x * (x + 1)) >> 1;
        uint64_t t2 = t1 * (x + 2) / 3;
        uint64_t t3 = (t2 * (x + 3)) >> 2;
        uint64_t r = g == 0 ? x : t1;
        r = g == 2 ? t2 : r;
        return g == 3 ? t3 : r;
    }

    /* The index of one situation: nh hole and nb board cards, card values already
       taken down to the indexer's ranks (0..4 * ranks - 1). */
    static inline uint64_t ph_index_one(const uint8_t *hp, int nh, const uint8_t *bp,
                                        int nb, int shift, int ranks,
                                        const ph_config *configs, const int32_t *conf_of,
                                        const uint64_t *terms, uint64_t nterms) {
        const int npat = (nh + 1) * (nb + 1);
        uint64_t H = 0, B = 0, keys[4], idx;
        int i, s;
        for (i = 0; i < nh; ++i)
            H |= ph_bit[(uint8_t)(hp[i] - shift)];
        for (i = 0; i < nb; ++i)
            B |= ph_bit[(uint8_t)(bp[i] - shift)];
        /* take each hole rank out of its suit's rank line, a suit's highest first: the
           board's ranks above it move down one place */
        {
            uint8_t hs[8];
            for (i = 0; i < nh; ++i)
                hs[i] = (uint8_t)(hp[i] - shift);
            if (nh == 2) {
                PH_SORT2(hs[0], hs[1]);
            } else if (nh == 4) {               /* a sorting network: no branch */
                PH_SORT2(hs[0], hs[1]); PH_SORT2(hs[2], hs[3]); PH_SORT2(hs[0], hs[2]);
                PH_SORT2(hs[1], hs[3]); PH_SORT2(hs[1], hs[2]);
            } else {
                for (i = 1; i < nh; ++i) {
                    uint8_t c = hs[i];
                    int j = i;
                    while (j > 0 && hs[j - 1] < c) { hs[j] = hs[j - 1]; --j; }
                    hs[j] = c;
                }
            }
            for (i = 0; i < nh; ++i) {
                uint64_t t = ph_above[hs[i]];
                B = (B & ~t) | ((B & t) >> 1);
            }
        }
        for (s = 0; s < 4; ++s) {
            unsigned hm = (unsigned)(H >> (16 * s)) & 0x1fff;
            unsigned bm = (unsigned)(B >> (16 * s)) & 0x1fff;
            unsigned a = ph_popc[hm], b = ph_popc[bm];
            uint64_t x = ph_colex[hm] + ph_ncr[ranks][a] * ph_colex[bm];
            keys[s] = ((uint64_t)(a * (nb + 1) + b) << 32) | (PH_LOW32 - x);
        }
        /* decreasing: patterns largest first, equal patterns by number smallest first */
        PH_SWAP_DOWN(keys[0], keys[1]);
        PH_SWAP_DOWN(keys[2], keys[3]);
        PH_SWAP_DOWN(keys[0], keys[2]);
        PH_SWAP_DOWN(keys[1], keys[3]);
        PH_SWAP_DOWN(keys[1], keys[2]);
        {
            int p0 = (int)(keys[0] >> 32), p1 = (int)(keys[1] >> 32);
            int p2 = (int)(keys[2] >> 32);
            const ph_config *cf = &configs[conf_of[(p0 * npat + p1) * npat + p2]];
            /* the first suit is always first in its group */
            idx = cf->offset + cf->mult[0] * (PH_LOW32 - (keys[0] & PH_LOW32));
            /* the others: C(x + g, g + 1) from a table (x is small in any group of two
               or more), chosen without a branch: half of all rivers have such a group */
            for (s = 1; s < 4; ++s) {
                uint64_t x = PH_LOW32 - (keys[s] & PH_LOW32);
                unsigned g = cf->g[s];
                uint64_t t = terms[g * nterms + (x < nterms ? x : nterms - 1)];
                uint64_t sel = 0 - (uint64_t)(g != 0);
                idx += cf->mult[s] * ((t & sel) | (x & ~sel));
            }
        }
        return idx;
    }

    #define PH_INDEX_LOOP(NAME, NH, NB)                                               \
    static void NAME(const uint8_t *holes, const uint8_t *boards, Py_ssize_t n,     \
                     int nh_, int nb_, int shift, int ranks, const ph_config *cf,   \
                     const int32_t *conf_of, const uint64_t *terms,              \
                     uint64_t nterms, int64_t *out) {                              \
        const int nh = NH ? NH : nh_, nb = NH ? NB : nb_;                           \
        for (Py_ssize_t r = 0; r < n; ++r)                                          \
            out[r] = (int64_t)ph_index_one(holes + r * nh, nh, boards + r * nb, nb, \
                                           shift, ranks, cf, conf_of, terms,       \
                                           nterms);                                \
    }
    PH_INDEX_LOOP(ph_index_2_0, 2, 0)
    PH_INDEX_LOOP(ph_index_2_3, 2, 3)
    PH_INDEX_LOOP(ph_index_2_4, 2, 4)
    PH_INDEX_LOOP(ph_index_2_5, 2, 5)
    PH_INDEX_LOOP(ph_index_4_0, 4, 0)
    PH_INDEX_LOOP(ph_index_4_3, 4, 3)
    PH_INDEX_LOOP(ph_index_4_4, 4, 4)
    PH_INDEX_LOOP(ph_index_4_5, 4, 5)
    PH_INDEX_LOOP(ph_index_any, 0, 0)

    typedef void (*ph_index_loop)(const uint8_t *, const uint8_t *, Py_ssize_t, int, int,
                                  int, int, const ph_config *, const int32_t *,
                                  const uint64_t *, uint64_t, int64_t *);
    static ph_index_loop ph_index_loop_for(int nh, int nb) {
        if (nh == 2 && nb == 0) return ph_index_2_0;
        if (nh == 2 && nb == 3) return ph_index_2_3;
        if (nh == 2 && nb == 4) return ph_index_2_4;
        if (nh == 2 && nb == 5) return ph_index_2_5;
        if (nh == 4 && nb == 0) return ph_index_4_0;
        if (nh == 4 && nb == 3) return ph_index_4_3;
        if (nh == 4 && nb == 4) return ph_index_4_4;
        if (nh == 4 && nb == 5) return ph_index_4_5;
        return ph_index_any;
    }
    """
    uint16_t COLEX "ph_colex"[1 << 13]
    uint8_t POPC "ph_popc"[1 << 13]
    uint16_t UNCOLEX "ph_uncolex"[1 << 13]
    uint32_t UNCOLEX_START "ph_uncolex_start"[15]
    uint64_t NCR "ph_ncr"[14][14]
    uint64_t ABOVE "ph_above"[64]
    uint64_t BIT "ph_bit"[64]
    ctypedef struct Config "ph_config":
        uint64_t offset
        uint64_t mult[4]
        uint8_t g[4]
        uint8_t pattern[4]
        uint8_t grouped
        uint64_t size
    uint64_t _term "ph_term"(uint64_t x, unsigned g) noexcept nogil
    ctypedef void (*IndexLoop "ph_index_loop")(
        const uint8_t *, const uint8_t *, Py_ssize_t, int, int, int, int, const Config *,
        const int *, const uint64_t *, uint64_t, int64_t *) noexcept nogil
    IndexLoop index_loop_for "ph_index_loop_for"(int nh, int nb) noexcept nogil


def _init_tables():
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
        count[k] += 1
    UNCOLEX_START[0] = 0
    for k in range(MAXR + 1):
        UNCOLEX_START[k + 1] = UNCOLEX_START[k] + count[k]
    for m in range(1 << MAXR):
        UNCOLEX[UNCOLEX_START[POPC[m]] + COLEX[m]] = m
    for m in range(64):
        pos = 16 * (m & 3) + (m >> 2)
        ABOVE[m] = 0
        BIT[m] = (<uint64_t>1) << pos
        for s in range(pos + 1, (pos | 15) + 1):
            ABOVE[m] |= (<uint64_t>1) << s


_init_tables()


@cython.final
cdef class Indexer:
    """The indexer of situations of `hole` cards and `board` cards from a deck of the
    `ranks` highest ranks (13: the 52-card deck; 9: short deck) in four suits."""

    cdef readonly int ranks, hole, board, low
    cdef readonly uint64_t size
    cdef readonly object configs       # structured array of Config records
    cdef readonly object by_patterns   # (P**3,) int32: configuration of sorted patterns
    cdef readonly object terms         # (4, nterms) uint64: C(x + g, g + 1) for small x
    cdef int npat, nconfigs
    cdef uint64_t nterms
    cdef const uint64_t *terms_p
    cdef const Config *c
    cdef const int *conf_of

    def __init__(self, int ranks, int hole, int board):
        if not (1 <= ranks <= MAXR and 0 <= hole <= MAXH and 0 <= board <= MAXB
                and hole + board <= 4 * ranks):
            raise ValueError(f"no indexer for {hole} hole and {board} board cards of "
                             f"{ranks} ranks")
        self.ranks, self.hole, self.board, self.low = ranks, hole, board, MAXR - ranks
        self.npat = (hole + 1) * (board + 1)
        patterns = [(a, b) for a in range(hole + 1) for b in range(board + 1)
                    if a + b <= ranks]
        found = []

        def extend(prefix, left_a, left_b):
            if len(prefix) == 4:
                if left_a == 0 and left_b == 0:
                    found.append(tuple(prefix))
                return
            for p in patterns:
                if (p[0] <= left_a and p[1] <= left_b
                        and (not prefix or p <= prefix[len(prefix) - 1])):
                    extend(prefix + [p], left_a - p[0], left_b - p[1])

        extend([], hole, board)
        found.sort()
        dtype = np.dtype([("offset", np.uint64), ("mult", np.uint64, 4),
                          ("g", np.uint8, 4), ("pattern", np.uint8, 4),
                          ("grouped", np.uint8), ("size", np.uint64)], align=True)
        assert dtype.itemsize == sizeof(Config)
        configs = np.zeros(len(found), dtype=dtype)
        by_patterns = np.full(self.npat ** 3, -1, dtype=np.int32)
        offset = 0
        for n, conf in enumerate(found):
            codes = [a * (board + 1) + b for a, b in conf]
            mult = 1
            i = 0
            grouped = 0
            while i < 4:
                j = i
                while j < 4 and conf[j] == conf[i]:
                    j += 1
                a, b = conf[i]
                per_suit = int(NCR[ranks][a] * NCR[ranks - a][b])
                for q in range(i, j):
                    configs[n]["mult"][q] = mult if conf[i] != (0, 0) else 0
                    configs[n]["g"][q] = q - i
                if j - i > 1 and conf[i] != (0, 0):
                    grouped = 1
                mult *= _multichoose(per_suit, j - i)
                i = j
            configs[n]["offset"] = offset
            configs[n]["size"] = mult
            configs[n]["pattern"] = codes
            configs[n]["grouped"] = grouped
            by_patterns[(codes[0] * self.npat + codes[1]) * self.npat + codes[2]] = n
            offset += mult
        if offset >= 1 << 63:
            raise ValueError("the index would not fit in 63 bits")
        self.size = offset
        self.nconfigs = len(found)
        # numbers of a suit in a group of two or more: such a suit holds at most
        # hole // 2 hole and board // 2 board cards
        nterms = max(int(NCR[ranks][a] * NCR[ranks - a][b])
                     for a in range(hole // 2 + 1) for b in range(board // 2 + 1)
                     if a + b <= ranks)
        terms = np.zeros((4, nterms), dtype=np.uint64)
        for g in range(4):
            terms[g] = [_term(x, g) for x in range(nterms)]
        self.terms = terms
        self.nterms = nterms
        cdef const uint64_t[:, ::1] terms_view = terms
        self.terms_p = &terms_view[0, 0]
        self.configs = configs
        self.by_patterns = by_patterns
        cdef const uint8_t[::1] raw = configs.view(np.uint8)
        cdef const int[::1] conf_view = by_patterns
        self.c = <const Config *>&raw[0]
        self.conf_of = &conf_view[0]

    def index(self, const card_t[:, ::1] holes, const card_t[:, ::1] boards,
              int64_t[::1] out):
        """Write the index of each row (hole cards, board cards) into out."""
        cdef Py_ssize_t n = holes.shape[0]
        cdef IndexLoop loop = index_loop_for(self.hole, self.board)
        cdef const card_t *hp = &holes[0, 0] if holes.shape[1] > 0 and n > 0 else NULL
        cdef const card_t *bp = &boards[0, 0] if boards.shape[1] > 0 and n > 0 else NULL
        if n == 0:
            return
        with nogil:
            loop(hp, bp, n, self.hole, self.board, 4 * self.low, self.ranks, self.c,
                 self.conf_of, self.terms_p, self.nterms, &out[0])

    cdef void _unindex_one(self, uint64_t idx, card_t *hp, card_t *bp) noexcept nogil:
        cdef int lo = 0, hi, mid, i, j, q, gsize, a, b, nh = 0, nb = 0, rank, k
        cdef uint64_t rem, part, per_suit, span, x, lo_x, hi_x
        cdef uint64_t xs[4]
        cdef uint32_t hm, bmc, bm
        cdef const Config *cf
        cdef int shift = 4 * self.low
        hi = self.nconfigs - 1
        while lo < hi:                      # the last block starting at or before idx
            mid = (lo + hi + 1) // 2
            if self.c[mid].offset <= idx:
                lo = mid
            else:
                hi = mid - 1
        cf = &self.c[lo]
        rem = idx - cf.offset
        i = 0
        while i < 4:
            j = i
            while j < 4 and cf.pattern[j] == cf.pattern[i]:
                j += 1
            gsize = j - i
            a = cf.pattern[i] // (self.board + 1)
            b = cf.pattern[i] % (self.board + 1)
            per_suit = NCR[self.ranks][a] * NCR[self.ranks - a][b]
            span = _multichoose_c(per_suit, gsize)
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
            a = cf.pattern[i] // (self.board + 1)
            b = cf.pattern[i] % (self.board + 1)
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

    def unindex(self, const int64_t[::1] idx, card_t[:, ::1] holes, card_t[:, ::1] boards):
        """Write a canonical representative of each index (0 <= idx < size) into the
        rows of holes and boards, each row's cards in decreasing order."""
        cdef Py_ssize_t n = idx.shape[0], r
        cdef card_t hbuf[MAXH]
        cdef card_t bbuf[MAXB]
        cdef int i
        with nogil:
            for r in range(n):
                self._unindex_one(<uint64_t>idx[r], hbuf, bbuf)
                for i in range(self.hole):
                    holes[r, i] = hbuf[i]
                for i in range(self.board):
                    boards[r, i] = bbuf[i]


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


cdef inline uint64_t _multichoose_c(uint64_t m, int n) noexcept nogil:
    """C(m + n - 1, n): multisets of n numbers below m (1 <= n <= 4)."""
    return _term(m, n - 1)


def _multichoose(m, n):
    """C(m + n - 1, n), in Python integers (configuration sizes)."""
    from math import comb
    return comb(m + n - 1, n)
