"""One board's every hand at once: each runout's river equity of every live hand against
one opponent hand, with card removal exact, and the hand potentials.

Everything here trusts its caller (games/strength/table.py) for shapes, card values and
collisions.  Games are data: the kernel sees a best-five ranking's tables
(`evaluator.tables.HandTables`) and the hands of two cards to value, never a game name.

Per runout (every completion of the board; each is a unit of work, so `nparts` calls
with part = 0..nparts-1 cover the runouts once, on any threads):
  1. every hand that misses the runout is valued once (one add and one lookup);
  2. the hands are sorted by (final value, current class) in three 8-bit radix passes;
  3. one sweep in that order counts, for each hand, the opponents' weight it beats and
     ties.  Card removal is inclusion-exclusion: the opponents that share a card with
     hand {a, b} are those holding a plus those holding b (the one holding both is the
     hand itself), so running totals per card give every count in O(1).
  4. For the potentials (Billings et al.), the same sweep asks how the beaten opponents
     stood before the runout: their weight by current class, below the hand's class, in
     a Fenwick tree over the classes, and per card in a small Fenwick tree over the
     hands holding that card (their classes sorted), so the correction by shared card
     is exact too.  Ties on the river are counted cell by cell ((value, class) runs of
     the sorted order), with per-card cell totals.

Weights: every opponent hand has a weight (1.0 for a random hand; a range's weights),
and a runout's chance for a hand is the weight of the opponents it leaves, as when the
runout and the opponent are dealt together.
"""

cimport cython
from libc.math cimport floor
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from evaluator.keys cimport CARD_BIT, CARD_KEY, KEY_BASE, flush_suit
from evaluator.tables cimport HandTables, Tables, hash_index
from evaluator.typedefs cimport card_t, key_t

cdef enum:
    NUM = 0     # sum over runouts of the weight of opponents beaten + half those tied
    DEN = 1     # sum over runouts of the weight of the valid opponents
    SQ = 2      # sum over runouts of NUM_r ** 2 / DEN_r (EHS² before / DEN)
    BA = 3      # weight x runouts: behind now, ahead at the river
    BT = 4      # behind now, tied at the river
    TA = 5      # tied now, ahead
    TT = 6      # tied now, tied
    AT = 7      # ahead now, tied
    AX = 8      # ahead now, and ahead or tied at the river
    TX = 9      # tied now, and ahead or tied at the river
    SA = 10     # opponents' weight below the hand's current class (once, not per runout)
    ST = 11     # ... in its class (the hand itself left out)
    SB = 12     # ... above it
    NCOLS = 13

COLUMNS = {"num": NUM, "den": DEN, "sq": SQ, "ba": BA, "bt": BT, "ta": TA, "tt": TT,
           "at": AT, "ax": AX, "tx": TX, "sa": SA, "st": ST, "sb": SB}
NCOL = NCOLS


cdef inline int _value(const Tables *t, key_t key, uint64_t bits) noexcept nogil:
    """A best-five value from a hand's key and its cards' bits (flush table first)."""
    cdef int suit = flush_suit(key)
    if suit >= 0:
        return t.flush[(bits >> (16 * suit)) & 0x1fff]
    return t.ranks[hash_index(t.offsets, key)]


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


@cython.cdivision(True)
def board_strength(HandTables tables, const card_t[::1] board, const card_t[:, ::1] runouts,
                   const double[::1] rweights, const card_t[:, ::1] hands,
                   const double[::1] weights,
                   const int[::1] cls, int nclasses, bint potentials, int bins,
                   double[:, ::1] out, double[:, ::1] hist, int part, int nparts):
    """Add each hand's sums over the runouts numbered part (mod nparts) into out (M,
    NCOL) and, with bins > 0, its river equity histogram into hist (M, bins).

    hands: (M, 2) every hand, those touching the board included (weight 0 and never
    valued); weights: (M,) the opponent's weight of each hand (0: not in the range or
    dead); cls: (M,) each live hand's current class (rank of its value on the board,
    0 = worst; used with potentials); runouts: (R, need) the completions of the board,
    each counted rweights[r] times (1 for every runout, or a class of suit-isomorphic
    boards standing for its members; potentials need 1)."""
    cdef int M = hands.shape[0], R = runouts.shape[0], need = runouts.shape[1]
    cdef int nb = board.shape[0]
    cdef int i, j, r, k, a, b, n, g0, g1, c0, c1, lo, hi
    cdef key_t bkey = KEY_BASE, rkey
    cdef uint64_t bbits = 0, rbits, rmask
    cdef double total, wh, less, eq, den, num, e, below, gw, cellw, ga, gt, a1, t1, rw
    cdef double *belowc
    cdef double *grpc
    cdef double *cellc
    cdef double *grpbelowc
    cdef double *fen
    cdef double *cnt_cls
    cdef double *cardfen
    cdef double *cardw
    cdef int *cardn
    cdef int *cardpos     # (M, 2): the hand's place in its cards' lists
    cdef int *cardlo      # (M, 2): hands of that card in a lower class
    cdef int *cardhi      # (M, 2): ... in a lower or the same class
    cdef int *ord_
    cdef uint32_t *keys
    cdef key_t *hkey
    cdef uint64_t *hbits
    cdef uint64_t *hmask
    cdef int *val
    cdef double *lessv
    cdef double *eqv
    cdef int *live
    cdef double *wsum_card
    cdef uint64_t *pairs
    cdef int *members
    cdef char *arena
    cdef const Tables *tp = &tables.t
    for i in range(nb):
        bkey += CARD_KEY[board[i]]
        bbits |= CARD_BIT[board[i]]
    # one allocation for every buffer, doubles first (8-byte aligned throughout)
    arena = <char *>malloc(
        (52 * 6 + (nclasses + 1) * 2 + 52 * 52 * 2 + M * 3) * sizeof(double)
        + (2 * M) * sizeof(uint64_t) * 2 + M * sizeof(key_t) + 2 * M * sizeof(uint64_t)
        + (52 + M * 6 + M + M + 52 * 52) * sizeof(int) + 2 * M * sizeof(uint32_t) + 64)
    if arena == NULL:
        raise MemoryError()
    belowc = <double *>arena
    fen = belowc + 52 * 6
    cardfen = fen + (nclasses + 1) * 2
    lessv = cardfen + 52 * 52 * 2
    pairs = <uint64_t *>(lessv + M * 3)
    hkey = <key_t *>(pairs + 2 * M)
    hbits = <uint64_t *>(hkey + M)
    keys = <uint32_t *>(hbits + 2 * M)
    cardn = <int *>(keys + 2 * M)
    cardpos = cardn + 52
    val = cardpos + 6 * M
    live = val + M
    members = live + M
    grpc = belowc + 52
    cellc = belowc + 104
    grpbelowc = belowc + 156
    wsum_card = belowc + 208
    cnt_cls = fen + nclasses + 1
    cardw = cardfen + 52 * 52
    cardlo = cardpos + 2 * M
    cardhi = cardpos + 4 * M
    hmask = hbits + M
    eqv = lessv + M
    ord_ = <int *>(eqv + M)     # reuses the third block (an int is no wider)
    with nogil:
        # ------------------------------------------------------------ per hand, once
        for i in range(52):
            cardn[i] = 0
        for i in range(M):
            c0 = hands[i, 0]
            c1 = hands[i, 1]
            hkey[i] = bkey + CARD_KEY[c0] + CARD_KEY[c1]
            hbits[i] = bbits | CARD_BIT[c0] | CARD_BIT[c1]
            hmask[i] = ((<uint64_t>1) << c0) | ((<uint64_t>1) << c1)
            live[i] = weights[i] >= 0 and not _touches(hmask[i], board)
        # each card's hands in order of class: a hand's place in its two cards' lists
        # and how many of each list are below its class (or not above it)
        _card_lists(hands, live, cls, M, cardn, cardpos, cardlo, cardhi, members)
        if part == 0 and potentials:
            _static(hands, weights, live, cls, M, nclasses, out, cardfen, cardw, cardn,
                    cardpos, cardlo, cardhi, fen, cnt_cls, wsum_card)
        # ------------------------------------------------------------ per runout
        for r in range(R):
            if r % nparts != part:
                continue
            rw = rweights[r]
            rkey = 0
            rbits = 0
            rmask = 0
            for j in range(need):
                rkey += CARD_KEY[runouts[r, j]]
                rbits |= CARD_BIT[runouts[r, j]]
                rmask |= (<uint64_t>1) << runouts[r, j]
            n = 0
            for i in range(M):
                if not live[i] or (hmask[i] & rmask):
                    continue
                val[i] = _value(tp, hkey[i] + rkey, hbits[i] | rbits)
                keys[n] = (<uint32_t>val[i] << 11) | <uint32_t>(cls[i] if potentials else 0)
                ord_[n] = i
                n += 1
            # sort (value, class) keys carrying the hand's number in a side array: the
            # keys hold 24 bits, so pack the position instead
            _sort_hands(keys, pairs, ord_, n, potentials)
            for i in range(52):
                belowc[i] = 0
                grpc[i] = 0
                cellc[i] = 0
                grpbelowc[i] = 0
            below = 0
            if potentials:
                for k in range(nclasses):
                    fen[k] = 0
                    cnt_cls[k] = 0
                for k in range(52 * 52):
                    cardfen[k] = 0
                    cardw[k] = 0
            g0 = 0
            while g0 < n:
                # the group of equal final values: [g0, g1)
                g1 = g0 + 1
                while g1 < n and (keys[g1] >> 11) == (keys[g0] >> 11):
                    g1 += 1
                gw = 0
                for j in range(g0, g1):
                    i = ord_[j]
                    a = hands[i, 0]
                    b = hands[i, 1]
                    gw += weights[i]
                    grpc[a] += weights[i]
                    grpc[b] += weights[i]
                # cells of equal class within the group, lowest class first
                ga = 0
                lo = g0
                while lo < g1:
                    hi = lo + 1
                    while hi < g1 and keys[hi] == keys[lo]:
                        hi += 1
                    cellw = 0
                    for j in range(lo, hi):
                        i = ord_[j]
                        cellw += weights[i]
                        cellc[hands[i, 0]] += weights[i]
                        cellc[hands[i, 1]] += weights[i]
                    for j in range(lo, hi):
                        i = ord_[j]
                        a = hands[i, 0]
                        b = hands[i, 1]
                        wh = weights[i]
                        less = below - belowc[a] - belowc[b]
                        eq = gw - grpc[a] - grpc[b] + wh
                        lessv[i] = less
                        eqv[i] = eq
                        if potentials:
                            # opponents beaten at the river, by their class now
                            a1 = (_fen_sum(fen, cls[i]) - _fen_sum(cardfen + 52 * a,
                                  cardlo[2 * i]) - _fen_sum(cardfen + 52 * b,
                                  cardlo[2 * i + 1]))
                            t1 = (cnt_cls[cls[i]]
                                  - _range(cardw + 52 * a, cardlo[2 * i], cardhi[2 * i])
                                  - _range(cardw + 52 * b, cardlo[2 * i + 1],
                                           cardhi[2 * i + 1]))
                            gt = cellw - cellc[a] - cellc[b] + wh
                            # tied at the river: the group's cells below, and this cell
                            out[i, BA] += less - a1 - t1
                            out[i, TA] += t1
                            out[i, TT] += gt
                            out[i, AT] += ga - grpbelowc[a] - grpbelowc[b]
                            out[i, BT] += eq - (ga - grpbelowc[a] - grpbelowc[b]) - gt
                            out[i, AX] += a1 + ga - grpbelowc[a] - grpbelowc[b]
                            out[i, TX] += t1 + gt
                    for j in range(lo, hi):
                        i = ord_[j]
                        grpbelowc[hands[i, 0]] += weights[i]
                        grpbelowc[hands[i, 1]] += weights[i]
                        cellc[hands[i, 0]] = 0
                        cellc[hands[i, 1]] = 0
                    ga += cellw
                    lo = hi
                # the group joins the hands beaten by those above it
                below += gw
                for j in range(g0, g1):
                    i = ord_[j]
                    a = hands[i, 0]
                    b = hands[i, 1]
                    belowc[a] += weights[i]
                    belowc[b] += weights[i]
                    grpc[a] = 0
                    grpc[b] = 0
                    grpbelowc[a] = 0
                    grpbelowc[b] = 0
                    if potentials and weights[i] != 0:
                        _fen_add(fen, nclasses, cls[i], weights[i])
                        cnt_cls[cls[i]] += weights[i]
                        _fen_add(cardfen + 52 * a, cardn[a], cardpos[2 * i], weights[i])
                        _fen_add(cardfen + 52 * b, cardn[b], cardpos[2 * i + 1], weights[i])
                        cardw[52 * a + cardpos[2 * i]] += weights[i]
                        cardw[52 * b + cardpos[2 * i + 1]] += weights[i]
                g0 = g1
            # every hand's equity on this runout: below now holds every live hand
            total = below
            for j in range(n):
                i = ord_[j]
                a = hands[i, 0]
                b = hands[i, 1]
                den = total - belowc[a] - belowc[b] + weights[i]
                if den <= 0:
                    continue
                num = lessv[i] + 0.5 * eqv[i]
                out[i, NUM] += rw * num
                out[i, DEN] += rw * den
                out[i, SQ] += rw * num * num / den
                if bins > 0:
                    e = num / den
                    k = <int>floor(e * bins)
                    if k >= bins:
                        k = bins - 1
                    if k < 0:
                        k = 0
                    hist[i, k] += rw * den
    free(arena)


cdef inline bint _touches(uint64_t mask, const card_t[::1] board) noexcept nogil:
    cdef int i
    for i in range(board.shape[0]):
        if (mask >> board[i]) & 1:
            return True
    return False


cdef inline double _range(const double *w, int lo, int hi) noexcept nogil:
    cdef double s = 0
    cdef int k
    for k in range(lo, hi):
        s += w[k]
    return s


cdef void _sort_hands(uint32_t *keys, uint64_t *pairs, int *ord_, int n,
                      bint potentials) noexcept nogil:
    """Sort ord_[:n] by keys[:n] (value << 11 | class), the keys sorted alongside, in
    8-bit radix passes over (key << 16 | hand number) pairs: three passes for 24-bit
    keys, two when the classes are all 0 (the 13-bit value alone)."""
    cdef int i, c, total, shift, passes
    cdef int count[256]
    cdef uint64_t *src = pairs
    cdef uint64_t *dst = pairs + n
    cdef uint64_t *sw
    for i in range(n):
        pairs[i] = ((<uint64_t>keys[i]) << 16) | <uint64_t>ord_[i]
    passes = 3 if potentials else 2
    shift = 16 if potentials else 27
    for _ in range(passes):
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
        shift += 8
    for i in range(n):
        keys[i] = <uint32_t>(src[i] >> 16)
        ord_[i] = <int>(src[i] & 0xffff)


cdef void _card_lists(const card_t[:, ::1] hands, const int *live, const int[::1] cls,
                      int M, int *cardn, int *cardpos, int *cardlo, int *cardhi,
                      int *members) noexcept nogil:
    """For each live hand and each of its two cards: its place in the list of the live
    hands holding that card sorted by class, and how many of that list have a lower
    class (cardlo) or a class not above its own (cardhi)."""
    cdef int i, j, c, s, k, m
    for c in range(52):
        cardn[c] = 0
    for i in range(M):
        if not live[i]:
            continue
        for s in range(2):
            c = hands[i, s]
            members[52 * c + cardn[c]] = i
            cardn[c] += 1
    for c in range(52):
        m = cardn[c]
        # insertion sort by class (lists of at most 51)
        for j in range(1, m):
            k = members[52 * c + j]
            s = j
            while s > 0 and cls[members[52 * c + s - 1]] > cls[k]:
                members[52 * c + s] = members[52 * c + s - 1]
                s -= 1
            members[52 * c + s] = k
        for j in range(m):
            i = members[52 * c + j]
            s = 0 if hands[i, 0] == c else 1
            cardpos[2 * i + s] = j
            k = j
            while k > 0 and cls[members[52 * c + k - 1]] == cls[i]:
                k -= 1
            cardlo[2 * i + s] = k
            k = j + 1
            while k < m and cls[members[52 * c + k]] == cls[i]:
                k += 1
            cardhi[2 * i + s] = k


cdef void _static(const card_t[:, ::1] hands, const double[::1] weights, const int *live,
                  const int[::1] cls, int M, int nclasses, double[:, ::1] out,
                  double *cardfen, double *cardw, const int *cardn, const int *cardpos,
                  const int *cardlo, const int *cardhi, double *fen, double *cnt_cls,
                  double *wsum_card) noexcept nogil:
    """The opponents' weight below, in and above each hand's current class (card
    removal exact): once per board, not per runout."""
    cdef int i, a, b
    cdef double total = 0, below, same
    for i in range(52):
        wsum_card[i] = 0
    for i in range(nclasses):
        fen[i] = 0
        cnt_cls[i] = 0
    for i in range(52 * 52):
        cardfen[i] = 0
        cardw[i] = 0
    for i in range(M):
        if not live[i] or weights[i] == 0:
            continue
        a = hands[i, 0]
        b = hands[i, 1]
        total += weights[i]
        wsum_card[a] += weights[i]
        wsum_card[b] += weights[i]
        _fen_add(fen, nclasses, cls[i], weights[i])
        cnt_cls[cls[i]] += weights[i]
        _fen_add(cardfen + 52 * a, cardn[a], cardpos[2 * i], weights[i])
        _fen_add(cardfen + 52 * b, cardn[b], cardpos[2 * i + 1], weights[i])
        cardw[52 * a + cardpos[2 * i]] += weights[i]
        cardw[52 * b + cardpos[2 * i + 1]] += weights[i]
    for i in range(M):
        if not live[i]:
            continue
        a = hands[i, 0]
        b = hands[i, 1]
        below = (_fen_sum(fen, cls[i]) - _fen_sum(cardfen + 52 * a, cardlo[2 * i])
                 - _fen_sum(cardfen + 52 * b, cardlo[2 * i + 1]))
        same = (cnt_cls[cls[i]] - _range(cardw + 52 * a, cardlo[2 * i], cardhi[2 * i])
                - _range(cardw + 52 * b, cardlo[2 * i + 1], cardhi[2 * i + 1]) + weights[i])
        out[i, SA] += below
        out[i, ST] += same
        out[i, SB] += total - wsum_card[a] - wsum_card[b] + weights[i] - below - same
