"""The lookup tables of a hand type, built on its first use, and the perfect hash they
share.

Every hand type is described by a five-card "strength" function (and, where suits
matter, a five-card flush function).  From those this module derives:

* the value of the best five cards of every rank multiset of 1..7 cards (the best
  of its five-card sub-multisets), stored under a perfect hash of the multiset's key;
* the value of the best flush in every 13-bit suit mask with five or more ranks;
* the dense ranking: the distinct five-card strengths sorted, value = position + 1,
  so equal hands get equal values whatever the number of cards, and higher is better.

The perfect hash is row displacement (Tarjan and Yao): a key is split into a row
(its low HASH_ROW_BITS bits) and a column (the rest); rows are placed, fullest first,
at the first offset (a multiple of OFFSET_SCALE) where none of their columns collide.
The offsets are shared by every hand type and stored divided by OFFSET_SCALE in 16
bits.  The ranks tables run a few thousand slots past the packed multisets, so that
any key a row of seven cards can sum to, repeats included, stays inside them.

Why 13 row bits and offsets of two slots (tables.pxd has the cache side of it): 8,192
rows of about nine keys pack into 87,455 slots (13% of them holes), and their offsets
take 16 KiB; 15 row bits packed with no hole, but into 128 KiB of offsets.
"""

import threading

import numpy as np

from libc.stdlib cimport malloc, qsort
from libc.string cimport memset

from evaluator.keys cimport RANK_KEY, popcount
from evaluator.typedefs cimport entry_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "hash_offsets.h":
    const int PH_HASH_OFFSETS_ROW_BITS
    const int PH_HASH_OFFSETS_SCALE
    const uint16_t PH_HASH_OFFSETS[]

cdef enum:
    MAX_MULTISET = 7    # the largest hand a ranks table answers for

ROW_BITS = HASH_ROW_BITS        # the hash's parameters, for tests and docs
OFFSET_UNIT = OFFSET_SCALE

# ---------------------------------------------------------------- rank multisets

cdef struct Multiset:
    uint32_t key
    int n
    int counts[13]


cdef int _count_multisets(int rank, int left) noexcept nogil:
    """Number of multisets of ranks rank..12 with at most `left` cards (<= 4 a kind)."""
    cdef int c, total = 0
    if rank == 13:
        return 1
    for c in range(min(4, left) + 1):
        total += _count_multisets(rank + 1, left - c)
    return total


cdef void _fill_multisets(Multiset *out, int *n_out, int *counts, int rank, int used,
                          uint32_t key) noexcept nogil:
    cdef int c, i
    if rank == 13:
        if used > 0:
            out[n_out[0]].key = key
            out[n_out[0]].n = used
            for i in range(13):
                out[n_out[0]].counts[i] = counts[i]
            n_out[0] += 1
        return
    for c in range(min(4, MAX_MULTISET - used) + 1):
        counts[rank] = c
        _fill_multisets(out, n_out, counts, rank + 1, used + c, key + c * RANK_KEY[rank])
    counts[rank] = 0


# ---------------------------------------------------------------- the perfect hash

cdef Multiset *_MULTISETS = NULL
cdef int _N_MULTISETS = 0
_OFFSETS = None          # uint16 row offsets / OFFSET_SCALE, shared by every hand type
_SLOTS = 0               # size of every ranks table


cdef int _cmp_rows(const void *a, const void *b) noexcept nogil:
    # sort (count << 32 | row) descending
    cdef long long x = (<const long long *>a)[0], y = (<const long long *>b)[0]
    return (x < y) - (x > y)


cdef inline int _find_free(int32_t *next_free, int p) noexcept nogil:
    """First free slot >= p (path halving keeps the chains short)."""
    while next_free[p] != p:
        next_free[p] = next_free[next_free[p]]
        p = next_free[p]
    return p


cdef void _fill_all_multisets() except *:
    global _MULTISETS, _N_MULTISETS
    cdef int total = _count_multisets(0, MAX_MULTISET) - 1
    cdef int counts[13]
    cdef int n = 0
    _MULTISETS = <Multiset *>malloc(total * sizeof(Multiset))
    if _MULTISETS == NULL:
        raise MemoryError()
    memset(counts, 0, sizeof(counts))
    _fill_multisets(_MULTISETS, &n, counts, 0, 0, 0)
    _N_MULTISETS = n


def pack_offsets():
    """The row offsets of the perfect hash, packed afresh: (1 << HASH_ROW_BITS,)
    uint16, each a row's first slot divided by OFFSET_SCALE.  This is the generator of
    hash_offsets.h (tools/hash_offsets.py writes it; a test packs again and compares):
    packing takes a few seconds, too long for an import.

    The low bits of a key pick its row, the high bits its column: rows are then small,
    scattered sets (about 9 keys each with 13 row bits).  Rows are placed fullest first
    at the first offset, a multiple of OFFSET_SCALE, where none of their columns is
    taken."""
    with _BUILD_LOCK:
        if _MULTISETS == NULL:
            _fill_all_multisets()
    cdef int n = _N_MULTISETS, i, j, row
    cdef uint32_t max_col = 0, mask = (1u << HASH_ROW_BITS) - 1
    for i in range(n):
        max_col = max(max_col, _MULTISETS[i].key >> HASH_ROW_BITS)
    cdef int n_rows = 1 << HASH_ROW_BITS
    row_start_arr = np.zeros(n_rows + 1, dtype=np.int64)
    cdef long long[::1] rs = row_start_arr
    for i in range(n):
        rs[(_MULTISETS[i].key & mask) + 1] += 1
    for row in range(n_rows):
        rs[row + 1] += rs[row]
    fill_arr = np.zeros(n_rows, dtype=np.int64)
    cdef long long[::1] fl = fill_arr
    cols_arr = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] cl = cols_arr
    for i in range(n):
        row = _MULTISETS[i].key & mask
        cl[rs[row] + fl[row]] = _MULTISETS[i].key >> HASH_ROW_BITS
        fl[row] += 1

    # fullest rows first (ties by row number: the order, and so the table, is fixed)
    order_arr = np.empty(n_rows, dtype=np.int64)
    cdef long long[::1] od = order_arr
    for row in range(n_rows):
        od[row] = ((rs[row + 1] - rs[row]) << 32) | row
    qsort(&od[0], n_rows, sizeof(long long), _cmp_rows)

    offsets = np.zeros(n_rows, dtype=np.uint16)
    cdef uint16_t[::1] off = offsets
    # room for rows starting at 0..2n; the keys are fixed, so this either always or
    # never holds (it does: the table packs into 1.15n slots), and the check guards edits
    cdef int room = 2 * n
    next_free_arr = np.arange(room + max_col + 2, dtype=np.int32)
    cdef int32_t[::1] nf = next_free_arr
    cdef int start, slot, clash
    for i in range(n_rows):
        row = <int>(od[i] & 0xffffffffLL)
        if rs[row + 1] == rs[row]:
            break
        start = 0
        while True:
            clash = -1
            for j in range(rs[row], rs[row + 1]):
                slot = _find_free(&nf[0], start + cl[j])
                if slot != start + cl[j]:
                    clash = slot - cl[j]
                    break
            if clash < 0:
                break
            start = (clash + OFFSET_SCALE - 1) // OFFSET_SCALE * OFFSET_SCALE
            if start > room or start // OFFSET_SCALE > 0xffff:
                raise RuntimeError("the rank-key perfect hash needs more room")
        for j in range(rs[row], rs[row + 1]):
            nf[start + cl[j]] = start + cl[j] + 1
        off[row] = start // OFFSET_SCALE
    return offsets


cdef void _build_hash() except *:
    """The multisets, and the committed offsets checked against them: every multiset
    in its own slot (so an edit to the rank keys or the hash cannot pass silently)."""
    global _OFFSETS, _SLOTS
    if _MULTISETS == NULL:
        _fill_all_multisets()
    if (PH_HASH_OFFSETS_ROW_BITS != HASH_ROW_BITS
            or PH_HASH_OFFSETS_SCALE != OFFSET_SCALE):
        raise RuntimeError("hash_offsets.h was packed for another hash: run "
                           "tools/hash_offsets.py")
    offsets = np.empty(1 << HASH_ROW_BITS, dtype=np.uint16)
    cdef uint16_t[::1] off = offsets
    cdef int i
    cdef uint32_t slot, slots = 0, max_col
    for i in range(1 << HASH_ROW_BITS):
        off[i] = PH_HASH_OFFSETS[i]
    seen = np.zeros(OFFSET_SCALE * (int(offsets.max()) + 1)
                    + (int(_max_multiset_key()) >> HASH_ROW_BITS) + 1, dtype=np.uint8)
    cdef uint8_t[::1] sn = seen
    for i in range(_N_MULTISETS):
        slot = hash_index(&off[0], _MULTISETS[i].key)
        if sn[slot]:
            raise RuntimeError("hash_offsets.h does not fit the rank keys: run "
                               "tools/hash_offsets.py")
        sn[slot] = 1
        slots = max(slots, slot + 1)
    offsets.flags.writeable = False
    _OFFSETS = offsets
    # Pad the tables so that every key a row of up to seven cards can sum to, repeated
    # cards included, hashes inside them: the batch kernel values a bad row like a good
    # one (and discards it) instead of testing each slot.  Such a key's column is at
    # most that of seven aces.
    max_col = (MAX_MULTISET * RANK_KEY[12]) >> HASH_ROW_BITS
    _SLOTS = max(slots, OFFSET_SCALE * int(offsets.max()) + max_col + 1)


cdef uint32_t _max_multiset_key() noexcept nogil:
    cdef uint32_t m = 0
    cdef int i
    for i in range(_N_MULTISETS):
        m = max(m, _MULTISETS[i].key)
    return m


_BUILD_LOCK = threading.Lock()


cdef void _ensure_hash() except *:
    """Build the perfect hash on first use (a few milliseconds), once, whichever thread
    asks."""
    if _OFFSETS is not None:
        return
    with _BUILD_LOCK:
        if _OFFSETS is None:
            _build_hash()


# ---------------------------------------------------------------- tables of a hand type

cdef class HandTables:
    """The lookup tables of one hand type (see _tables.pxd for the fields)."""

    def __reduce__(self):
        raise TypeError("HandTables are rebuilt on first use; pickle the hand type instead")

    @property
    def nbytes(self) -> int:
        """Memory held by this hand type's own tables (the shared offsets excluded)."""
        return self.ranks.nbytes + (0 if self.flush is None else self.flush.nbytes)


cdef HandTables make_tables(strength5_fn strength, flush5_fn flush, int max_cards,
                            int min_cards=5):
    """Tables of the hand type whose five-card strengths are given.

    Six- and seven-card entries come from the smaller ones: the best five of n cards
    is the best over dropping one card, so each costs at most 13 lookups.

    `min_cards` (default 5) is the size of the hands `strength` ranks and the classes
    are taken from; a smaller one (3 for an Open Face top row) needs `flush` NULL."""
    _ensure_hash()
    cdef HandTables h = HandTables.__new__(HandTables)
    cdef const uint16_t[::1] off = _OFFSETS
    cdef int i, r, size
    cdef uint32_t key, m, best, s
    cdef Multiset *ms
    if not 1 <= min_cards <= max_cards <= MAX_MULTISET:
        raise ValueError(f"bad hand sizes {min_cards}..{max_cards}")
    if flush != NULL and min_cards != 5:
        raise ValueError("flush tables rank five-card flushes only")

    # strengths by hash slot, then by suit mask
    slot_strength = np.zeros(_SLOTS, dtype=np.uint32)
    cdef uint32_t[::1] ss = slot_strength
    for size in range(min_cards, max_cards + 1):
        for i in range(_N_MULTISETS):
            ms = &_MULTISETS[i]
            if ms.n != size:
                continue
            if size == min_cards:
                best = strength(ms.counts)
            else:
                best = 0
                for r in range(13):
                    if ms.counts[r]:
                        key = ms.key - RANK_KEY[r]
                        s = ss[hash_index(&off[0], key)]
                        best = max(best, s)
            ss[hash_index(&off[0], ms.key)] = best
    flush_strength = np.zeros(8192, dtype=np.uint32)
    cdef uint32_t[::1] fs = flush_strength
    cdef int bits
    if flush != NULL:
        for m in range(8192):
            bits = popcount(m)
            if bits == 5:
                fs[m] = flush(m)
            elif 5 < bits <= max_cards:
                best = 0
                for r in range(13):
                    if m & (1u << r):
                        best = max(best, fs[m ^ (1u << r)])
                fs[m] = best

    # the dense ranking: distinct five-card strengths, sorted; value = position + 1
    five = [slot_strength[_slots_of_size(min_cards)]]
    if flush != NULL:
        five.append(flush_strength[_FIVE_BIT_MASKS])
    classes = np.unique(np.concatenate(five))
    classes = classes[classes != 0]
    if len(classes) >= 65535:
        raise OverflowError("a hand type with more than 65534 classes needs wider entries")

    def dense(strengths):
        values = np.searchsorted(classes, strengths).astype(np.uint16) + 1
        values[strengths == 0] = 0
        return values

    cdef entry_t[::1] rk, ft
    h.offsets = _OFFSETS
    h.ranks = dense(slot_strength)
    h.classes = classes
    h.max_cards = max_cards
    h.min_cards = min_cards
    rk = h.ranks
    h.t.offsets = &off[0]
    h.t.ranks = &rk[0]
    h.t.flush = NULL
    h.flush = None
    if flush != NULL:
        h.flush = dense(flush_strength)
        ft = h.flush
        h.t.flush = &ft[0]
    for arr in (h.ranks, h.classes, h.flush):
        if arr is not None:
            arr.flags.writeable = False
    return h


_SIZE_SLOTS = {}
_FIVE_BIT_MASKS = np.array([m for m in range(8192) if bin(m).count("1") == 5], dtype=np.int64)


def _slots_of_size(int size):
    """Hash slots of the rank multisets of `size` cards."""
    cdef int i
    cdef uint32_t key
    cdef const uint16_t[::1] off = _OFFSETS
    if size not in _SIZE_SLOTS:
        slots = []
        for i in range(_N_MULTISETS):
            if _MULTISETS[i].n == size:
                key = _MULTISETS[i].key
                slots.append(hash_index(&off[0], key))
        _SIZE_SLOTS[size] = np.array(slots, dtype=np.int64)
    return _SIZE_SLOTS[size]


def hash_layout():
    """(number of rank multisets hashed, slots per ranks table, offset rows).  The
    multisets fill the first slots but for the packing's holes; the slots after the
    last of them are padding (see _build_hash)."""
    _ensure_hash()
    return _N_MULTISETS, _SLOTS, len(_OFFSETS)


def multiset_keys():
    """(M,) uint32 keys and (M, 13) counts of every hashed rank multiset (for tests)."""
    _ensure_hash()
    keys = np.empty(_N_MULTISETS, dtype=np.uint32)
    counts = np.empty((_N_MULTISETS, 13), dtype=np.int8)
    cdef int i, r
    for i in range(_N_MULTISETS):
        keys[i] = _MULTISETS[i].key
        for r in range(13):
            counts[i, r] = _MULTISETS[i].counts[r]
    return keys, counts


# ---------------------------------------------------------------- badugi

cdef uint32_t _badugi_strength(const int *cards) noexcept nogil:
    """Strength of a four-card badugi hand: the largest set of its cards with no suit
    and no rank twice, then the lowest such set (ace low), compared from its highest
    card down: size << 13 | (8191 - its ace-low rank mask).  A smaller mask of the
    same size is the lower hand: its highest card is lower, or the same and the rest
    is lower."""
    cdef uint32_t best = 0, strength, suits, ranks, bit
    cdef int subset, i, size
    cdef bint ok
    for subset in range(1, 16):
        suits = 0
        ranks = 0
        size = 0
        ok = True
        for i in range(4):
            if (subset >> i) & 1:
                bit = 1u << ((cards[i] >> 2) + 1) % 13      # ace low: A = bit 0
                if (suits >> (cards[i] & 3)) & 1 or ranks & bit:
                    ok = False
                    break
                suits |= 1u << (cards[i] & 3)
                ranks |= bit
                size += 1
        if ok:
            strength = (<uint32_t>size << 13) | (8191 - ranks)
            if strength > best:
                best = strength
    return best


cdef class BadugiTables:
    """The table of the badugi ranking (see tables.pxd): the value of every four-card
    hand by its colex slot."""

    def __reduce__(self):
        raise TypeError("BadugiTables are rebuilt on first use; pickle the hand type instead")

    @property
    def nbytes(self) -> int:
        return self.values.nbytes + self.colex.nbytes


def badugi_tables():
    """Build the badugi table (a few milliseconds): every four-card hand's strength in
    colex order, then the dense ranking of the 1,092 distinct strengths (13 one-card,
    78 two-card, 286 three-card hands and 715 badugis), value = position + 1."""
    cdef BadugiTables t = BadugiTables.__new__(BadugiTables)
    cdef int a, b, c, d, k, p, slot = 0
    cdef int cards[4]
    colex = np.zeros(4 * 256, dtype=np.uint32)
    cdef uint32_t[::1] cx = colex
    for k in range(4):
        for p in range(52):
            cx[k * 256 + p] = _choose(p, k + 1)
    strengths = np.empty(270725, dtype=np.uint32)
    cdef uint32_t[::1] st = strengths
    with nogil:
        for d in range(3, 52):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        cards[0] = a
                        cards[1] = b
                        cards[2] = c
                        cards[3] = d
                        st[slot] = _badugi_strength(cards)
                        slot += 1
    classes = np.unique(strengths)
    values = np.zeros(BADUGI_SLOTS, dtype=np.uint16)      # padded: see tables.pxd
    values[:270725] = np.searchsorted(classes, strengths) + 1
    cdef const entry_t[::1] vals = values
    t.values = values
    t.colex = colex
    t.classes = classes
    t.t.values = &vals[0]
    t.t.colex = &cx[0]
    for arr in (values, colex, classes):
        arr.flags.writeable = False
    return t


cdef uint32_t _choose(int n, int k) noexcept nogil:
    cdef uint64_t out = 1
    cdef int i
    if k > n:
        return 0
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return <uint32_t>out
