"""Omaha's tables and kernels: exactly two hole cards and exactly three board cards.

Two kinds of tables, each a plain data object with an `evaluate_rows` kernel; the
Python face (_omaha.py) never looks at which one it holds, and no kernel looks at a
hand type's name.

ComboTables (high-style rankings, e.g. OMAHA): a rank-only table indexed by (board
index, hole-pair index) holds the best value of a hole rank pair with three of the
board's ranks, for every rank multiset of 3, 4 or 5 board cards (8,450 of them) and
every rank pair (91): 769,950 uint16 (1.5 MB), built in a few tens of milliseconds.
Per deal the board becomes its row once, then each of the 6..15 hole pairs costs one
load.  Suits matter only when one suit has three or more board cards (with at most
five board cards, at most one suit can); then the two-from-hole, three-from-board
subsets of that suit are looked up in the 13-bit flush table of the five-card ranking.
The per-deal lookup is inline in omaha_tables.pxd, so the equity kernels share it.

MaskTables (the eight-or-better low half of Hi/Lo): only the set of distinct qualifying
ranks matters, on each side (keys.LOW_RANK_BIT).  A 256 x 256 table indexed by
(hole low-rank mask, board low-rank mask) holds the best low made of two hole ranks
and three other board ranks: one load per deal.
"""

import numpy as np

from libc.stdint cimport int8_t, uint8_t

from evaluator.keys cimport LOW_RANK_BIT, RANK_KEY, popcount
from evaluator.tables cimport HandTables, hash_index
from evaluator.typedefs cimport card_t, count_t, entry_t, offset_t, rank_t, uint32_t

from evaluator import tables


# ---------------------------------------------------------------- one deal

cdef class DealTables:
    """Base of the Omaha tables: one deal from Python lists, for scalar calls."""

    def __reduce__(self):
        raise TypeError("Omaha tables are rebuilt on first use; pickle the hand type instead")

    cdef rank_t one(self, const card_t *h, int nh, const card_t *b, int nb) noexcept nogil:
        return 0

    def evaluate_deal(self, object hole, object board):
        """Value of one deal given as lists or tuples of ints, or None when the input is
        anything else or is not a valid deal (4-6 hole cards, 3-5 board cards, ints
        0..51, all distinct): the caller then checks it slowly and names the fault."""
        cdef card_t h[MAX_HOLE]
        cdef card_t b[MAX_BOARD]
        cdef int nh, nb
        cdef unsigned long long seen = 0, bit
        if (type(hole) is not list and type(hole) is not tuple) or (
                type(board) is not list and type(board) is not tuple):
            return None
        nh = len(hole)
        nb = len(board)
        if not (4 <= nh <= MAX_HOLE and 3 <= nb <= MAX_BOARD):
            return None
        for i, item in enumerate(hole):
            if type(item) is not int or not 0 <= item <= 51:
                return None
            h[i] = <card_t>item
            bit = 1ULL << h[i]
            if seen & bit:
                return None
            seen |= bit
        for i, item in enumerate(board):
            if type(item) is not int or not 0 <= item <= 51:
                return None
            b[i] = <card_t>item
            bit = 1ULL << b[i]
            if seen & bit:
                return None
            seen |= bit
        return self.one(h, nh, b, nb)


# ---------------------------------------------------------------- board-by-pair tables

cdef class ComboTables(DealTables):
    """Tables of a high-style Omaha ranking (see the module docstring)."""

    @property
    def nbytes(self) -> int:
        """Memory held by the Omaha-specific tables (the shared hash and flush excluded)."""
        return self.table.nbytes + self.board_idx.nbytes + self.pair_idx.nbytes

    cdef rank_t one(self, const card_t *h, int nh, const card_t *b, int nb) noexcept nogil:
        return combo_value(&self.c, h, b, nh, nb)

    def evaluate_rows(self, const card_t[:, ::1] holes, const card_t[:, ::1] boards,
                      rank_t[::1] out):
        """out[i] = value of deal i (checked rows only), without the GIL."""
        with nogil:
            _combo_rows(self, holes, boards, out)


cdef enum:
    # rank multisets of 3, 4 and 5 cards (at most 4 of a rank): 455 + 1820 + 6175
    _N_BOARDS = 8450


cdef void _fill_boards(int8_t[:, ::1] out, int *n, int *seq, int depth, int size,
                       int low) noexcept nogil:
    """Append every non-decreasing rank sequence of `size` cards, at most 4 of a rank,
    as a row (size, rank, rank, ...)."""
    cdef int r, i
    if depth == size:
        out[n[0], 0] = size
        for i in range(size):
            out[n[0], i + 1] = seq[i]
        n[0] += 1
        return
    for r in range(low, 13):
        if depth >= 4 and seq[depth - 4] == r:
            continue
        seq[depth] = r
        _fill_boards(out, n, seq, depth + 1, size, r)


def combo_tables(HandTables five):
    """ComboTables over a five-card ranking's tables (its ranks table, and its flush
    table when suits matter).  Built in a few tens of milliseconds."""
    cdef ComboTables t = ComboTables.__new__(ComboTables)
    cdef const offset_t *offsets = five.t.offsets
    cdef const entry_t *ranks = five.t.ranks
    cdef int a, b, c, i, j, k, p, nb, n_trip, n_pairs = 0
    cdef uint32_t key, pkey
    cdef entry_t v, best
    cdef uint32_t pair_key[N_PAIRS]
    cdef int pair_r[N_PAIRS][2]
    cdef uint32_t trip_key[10]
    cdef int trip_c[10][13]

    for a in range(13):
        for b in range(a, 13):
            pair_key[n_pairs] = RANK_KEY[a] + RANK_KEY[b]
            pair_r[n_pairs][0] = a
            pair_r[n_pairs][1] = b
            n_pairs += 1
    pair_idx = np.zeros(52 * 52, dtype=np.uint8)
    cdef uint8_t[::1] pi = pair_idx
    for p in range(n_pairs):
        a = pair_r[p][0]
        b = pair_r[p][1]
        for i in range(4):
            for j in range(4):
                pi[(4 * a + i) * 52 + 4 * b + j] = p
                pi[(4 * b + j) * 52 + 4 * a + i] = p

    # every rank multiset of 3, 4 or 5 cards is a possible board
    boards_arr = np.zeros((_N_BOARDS, MAX_BOARD + 1), dtype=np.int8)
    cdef int8_t[:, ::1] bc = boards_arr
    cdef int seq[MAX_BOARD]
    cdef int n_boards = 0, bi
    for nb in range(3, MAX_BOARD + 1):
        _fill_boards(bc, &n_boards, seq, 0, nb, 0)
    if n_boards != _N_BOARDS:
        raise AssertionError(f"{n_boards} board rank multisets, expected {_N_BOARDS}")
    n_slots = tables.hash_layout()[1]
    board_idx = np.zeros(n_slots, dtype=np.uint16)
    table = np.zeros(n_boards * N_PAIRS, dtype=np.uint16)
    cdef entry_t[::1] bx = board_idx
    cdef entry_t[::1] tb = table
    cdef int ranks_of[MAX_BOARD]
    with nogil:
        for bi in range(n_boards):
            nb = bc[bi, 0]
            key = 0
            for i in range(nb):
                ranks_of[i] = bc[bi, i + 1]
                key += RANK_KEY[ranks_of[i]]
            bx[hash_index(offsets, key)] = <entry_t>bi
            # the three-card sub-multisets of the board (repeats are harmless)
            n_trip = 0
            for i in range(nb):
                for j in range(i + 1, nb):
                    for k in range(j + 1, nb):
                        trip_key[n_trip] = (RANK_KEY[ranks_of[i]] + RANK_KEY[ranks_of[j]]
                                            + RANK_KEY[ranks_of[k]])
                        for a in range(13):
                            trip_c[n_trip][a] = 0
                        trip_c[n_trip][ranks_of[i]] += 1
                        trip_c[n_trip][ranks_of[j]] += 1
                        trip_c[n_trip][ranks_of[k]] += 1
                        n_trip += 1
            for p in range(n_pairs):
                pkey = pair_key[p]
                best = 0
                a = pair_r[p][0]
                b = pair_r[p][1]
                for c in range(n_trip):
                    if (trip_c[c][a] + 1 + (a == b) > 4) or trip_c[c][b] + 1 + (a == b) > 4:
                        continue    # five of a kind: no deal reaches it
                    key = pkey + trip_key[c]
                    v = ranks[hash_index(offsets, key)]
                    best = v if v > best else best
                tb[bi * N_PAIRS + p] = best
    for arr in (table, board_idx, pair_idx):
        arr.flags.writeable = False
    t.table = table
    t.board_idx = board_idx
    t.pair_idx = pair_idx
    t.five = five
    t.flush = five.flush
    t.c.table = &tb[0]
    t.c.board_idx = &bx[0]
    t.c.pair_idx = &pi[0]
    t.c.offsets = offsets
    t.c.flush = five.t.flush
    return t


cdef void _combo_rows(ComboTables t, const card_t[:, ::1] holes, const card_t[:, ::1] boards,
                      rank_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i, n = holes.shape[0]
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1]
    if n == 0:
        return
    # the pointers copied: the compiler cannot prove `out` does not alias the object
    cdef Combo c = t.c
    cdef const card_t *h = &holes[0, 0]
    cdef const card_t *b = &boards[0, 0]
    cdef rank_t *o = &out[0]
    if nh == 4 and nb == 5:
        for i in range(n):
            o[i] = combo_value(&c, h + 4 * i, b + 5 * i, 4, 5)
    elif nh == 5 and nb == 5:
        for i in range(n):
            o[i] = combo_value(&c, h + 5 * i, b + 5 * i, 5, 5)
    elif nh == 6 and nb == 5:
        for i in range(n):
            o[i] = combo_value(&c, h + 6 * i, b + 5 * i, 6, 5)
    else:
        for i in range(n):
            o[i] = combo_value(&c, h + nh * i, b + nb * i, nh, nb)


# ---------------------------------------------------------------- rank-mask tables

cdef class MaskTables(DealTables):
    """Tables of the eight-or-better low (see the module docstring)."""

    @property
    def nbytes(self) -> int:
        """Memory held by the tables."""
        return self.table.nbytes + self.card_bits.nbytes

    cdef rank_t one(self, const card_t *h, int nh, const card_t *b, int nb) noexcept nogil:
        cdef uint32_t hm = 0, bm = 0
        cdef int j
        for j in range(nh):
            hm |= self.c_bits[h[j]]
        for j in range(nb):
            bm |= self.c_bits[b[j]]
        return self.c_table[hm << 8 | bm]

    def evaluate_rows(self, const card_t[:, ::1] holes, const card_t[:, ::1] boards,
                      rank_t[::1] out):
        """out[i] = value of deal i (checked rows only), without the GIL."""
        with nogil:
            _mask_rows(self, holes, boards, out)


def low_card_bits():
    """(52,) uint8: the eight-or-better low rank bit of every card (keys.LOW_RANK_BIT)."""
    bits = np.zeros(52, dtype=np.uint8)
    cdef int c
    for c in range(52):
        bits[c] = LOW_RANK_BIT[c >> 2]
    return bits


def mask_tables(const entry_t[::1] value_by_mask):
    """MaskTables of the eight-or-better low from the value of every 8-bit mask of
    five low ranks (0 for other masks); cards map to low ranks by keys.LOW_RANK_BIT."""
    cdef MaskTables t = MaskTables.__new__(MaskTables)
    if value_by_mask.shape[0] != 256:
        raise ValueError("value_by_mask must have 256 entries")
    # best[s][B]: best low of the two-rank set s plus three ranks of B outside s
    best_arr = np.zeros((256, 256), dtype=np.uint16)
    cdef entry_t[:, ::1] best = best_arr
    cdef int s, m, bmask, hmask, v, x
    cdef int t3[56]
    cdef int n3 = 0
    for m in range(256):
        if popcount(m) == 3:
            t3[n3] = m
            n3 += 1
    for s in range(256):
        if popcount(s) != 2:
            continue
        for bmask in range(256):
            v = 0
            for x in range(n3):
                if (t3[x] & bmask) == t3[x] and (t3[x] & s) == 0:
                    v = max(v, value_by_mask[s | t3[x]])
            best[s, bmask] = v
    table = np.zeros(65536, dtype=np.uint16)
    cdef entry_t[::1] tb = table
    for hmask in range(256):
        for s in range(256):
            if (s & hmask) == s and popcount(s) == 2:
                for bmask in range(256):
                    if best[s, bmask] > tb[hmask << 8 | bmask]:
                        tb[hmask << 8 | bmask] = best[s, bmask]
    bits = low_card_bits()
    cdef card_t[::1] cbits = bits
    for arr in (table, bits):
        arr.flags.writeable = False
    t.table = table
    t.card_bits = bits
    t.c_table = &tb[0]
    t.c_bits = &cbits[0]
    return t


cdef void _mask_rows(MaskTables t, const card_t[:, ::1] holes, const card_t[:, ::1] boards,
                     rank_t[::1] out) noexcept nogil:
    cdef Py_ssize_t i, n = holes.shape[0]
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1], j
    cdef uint32_t hm, bm
    if n == 0:
        return
    cdef const entry_t *table = t.c_table
    cdef const card_t *bits = t.c_bits
    cdef const card_t *h = &holes[0, 0]
    cdef const card_t *b = &boards[0, 0]
    cdef rank_t *o = &out[0]
    for i in range(n):
        hm = 0
        bm = 0
        for j in range(nh):
            hm |= bits[h[j]]
        for j in range(nb):
            bm |= bits[b[j]]
        o[i] = table[hm << 8 | bm]
        h += nh
        b += nb


# ---------------------------------------------------------------- enumeration (tests)

def board_mask_histogram():
    """counts[m] = number of five-card boards of the 52-card deck whose cards' low rank
    bits OR to m, over every combination (2,598,960 boards)."""
    out = np.zeros(256, dtype=np.int64)
    cdef count_t[::1] counts = out
    cdef int a, b, c, d, e
    cdef card_t m2, m3, m4
    card_bits_arr = low_card_bits()
    cdef const card_t[::1] card_bits = card_bits_arr
    with nogil:
        for a in range(52):
            for b in range(a + 1, 52):
                m2 = card_bits[a] | card_bits[b]
                for c in range(b + 1, 52):
                    m3 = m2 | card_bits[c]
                    for d in range(c + 1, 52):
                        m4 = m3 | card_bits[d]
                        for e in range(d + 1, 52):
                            counts[m4 | card_bits[e]] += 1
    return out
