"""Equity kernels: exact enumeration of board completions and seeded Monte Carlo.

Everything here trusts its caller (games/equity.py) for shapes, card values and
collisions.  Games are data: the kernels see a HandTables for the high hand, an
optional low table and `hole_used` (0: best five of hole + board, as in hold'em;
2: exactly two hole cards and three board cards, as in Omaha), never a game name.

Pot accounting is in integer units: a whole pot is POT = 5040 units (divisible by
every tie count 1..10, and so is half of it), so exact results are exact integers
and sums over threads do not depend on the order they are added in.

Accumulators are int64 rows of NCOL columns per player:
    WIN   outcomes where the player takes the whole pot alone
    TIE   outcomes where the player takes part of the pot
    UNITS pot units won (equity = UNITS / (POT * outcomes))
    HI    units won from the high half (the whole pot in high-only games)
    LO    units won from the low half
    SQ    sum of squared per-outcome units (Monte Carlo standard errors)
"""

from libc.stdint cimport int8_t, int64_t, uint16_t

from evaluator._keys cimport CARD_KEY, HASH_ROW_BITS, KEY_BASE, flush_suit
from evaluator._tables cimport HandTables
from evaluator._types cimport card_t, entry_t, key_t, uint32_t, uint64_t

cdef enum:
    MAXP = 10           # players
    MAXH = 6            # hole cards per player
    MAXPAIRS = 15       # two-card subsets of MAXH cards
    NCOL = 6
    WIN = 0
    TIE = 1
    UNITS = 2
    HI = 3
    LO = 4
    SQ = 5
    POT = 5040
    HALF = 2520
    MAX_REJECTED = 10000000

NCOLS = NCOL
POT_UNITS = POT

# ---------------------------------------------------------------- cards as bits
#
# CARD_BIT[c] = 1 << (16 * suit + rank): OR-ing these carries the four 13-bit suit
# rank masks of a hand in one word, so a flush lookup needs no pass over the cards.
# LOW_BIT[rank]: the ace-to-five low rank bit (A = bit 0, 2..8 = bits 1..7, 9+ = 0).

cdef uint64_t CARD_BIT[52]
cdef uint32_t LOW_BIT[13]
cdef int _r
for _r in range(52):
    CARD_BIT[_r] = (<uint64_t>1) << (16 * (_r & 3) + (_r >> 2))
for _r in range(13):
    LOW_BIT[_r] = 1 if _r == 12 else ((1u << (_r + 1)) if _r <= 6 else 0)


# ---------------------------------------------------------------- Omaha eight-or-better low
#
# The low half is looked up in the (65536,) uint16 table of the evaluator's two-plus-
# three low (evaluator.OMAHA_EIGHT_OR_BETTER.tables.table): index H << 8 | B, where H
# and B are the sets of low ranks (LOW_BIT) among the hole and the board cards; value
# 0 = no qualifying low, higher is better.


# ---------------------------------------------------------------- one showdown setup

cdef struct Ctx:
    int np                          # players
    int nh                          # hole cards per player
    int hole_used                   # 0: best five of all cards; 2: exactly two hole cards
    int npairs                      # two-card hole subsets (hole_used == 2)
    const uint32_t *offsets         # the high hand's perfect-hash offsets
    const entry_t *ranks            # high value by hashed rank key
    const entry_t *flush            # high value by 13-bit suit mask (or NULL)
    const uint16_t *low             # the low table (see above) or NULL (no low half)
    key_t hkey[MAXP]                # KEY_BASE + hole keys (hole_used == 0)
    uint64_t hbits[MAXP]            # CARD_BIT union of the hole cards
    uint32_t hlow[MAXP]             # low-rank set of the hole cards
    key_t pkey[MAXP][MAXPAIRS]      # KEY_BASE + keys of each hole pair (hole_used == 2)
    uint32_t pmask[MAXP][MAXPAIRS]  # 13-bit rank mask of a suited pair
    int8_t psuit[MAXP][MAXPAIRS]    # suit of a suited pair, or -1


cdef int SHARE[MAXP + 1]
cdef int HALF_SHARE[MAXP + 1]
for _r in range(1, MAXP + 1):
    SHARE[_r] = POT // _r
    HALF_SHARE[_r] = HALF // _r


cdef void _set_players(Ctx *c, const card_t *holes) noexcept nogil:
    """Per-player keys of one tuple of hole cards (np rows of nh cards)."""
    cdef int p, i, j, n
    cdef card_t a, b
    cdef const card_t *h
    for p in range(c.np):
        h = holes + p * c.nh
        c.hkey[p] = KEY_BASE
        c.hbits[p] = 0
        c.hlow[p] = 0
        for i in range(c.nh):
            c.hkey[p] += CARD_KEY[h[i]]
            c.hbits[p] |= CARD_BIT[h[i]]
            c.hlow[p] |= LOW_BIT[h[i] >> 2]
        n = 0
        for i in range(c.nh):
            for j in range(i + 1, c.nh):
                a = h[i]
                b = h[j]
                c.pkey[p][n] = KEY_BASE + CARD_KEY[a] + CARD_KEY[b]
                if (a & 3) == (b & 3):
                    c.psuit[p][n] = a & 3
                    c.pmask[p][n] = (1u << (a >> 2)) | (1u << (b >> 2))
                else:
                    c.psuit[p][n] = -1
                    c.pmask[p][n] = 0
                n += 1
        c.npairs = n


cdef inline int _high_any(const Ctx *c, key_t key, uint64_t bits) noexcept nogil:
    """High value of hole + board (best five of all), from the summed key and bits."""
    cdef int suit
    cdef uint32_t k
    if c.flush != NULL:
        suit = flush_suit(key)
        if suit >= 0:
            return c.flush[(bits >> (16 * suit)) & 0x1fff]
    k = <uint32_t>key
    return c.ranks[(k >> HASH_ROW_BITS) + c.offsets[k & ((1u << HASH_ROW_BITS) - 1)]]


cdef struct Board:
    key_t tkey[10]          # keys of the ten board triples
    uint32_t tmask[10]      # 13-bit rank mask of a one-suit triple
    int8_t tsuit[10]        # its suit, or -1


cdef inline void _board_triples(Board *bd, const card_t *b) noexcept nogil:
    cdef int i, j, k, n = 0
    for i in range(5):
        for j in range(i + 1, 5):
            for k in range(j + 1, 5):
                bd.tkey[n] = CARD_KEY[b[i]] + CARD_KEY[b[j]] + CARD_KEY[b[k]]
                if (b[i] & 3) == (b[j] & 3) and (b[j] & 3) == (b[k] & 3):
                    bd.tsuit[n] = b[i] & 3
                    bd.tmask[n] = (1u << (b[i] >> 2)) | (1u << (b[j] >> 2)) | (1u << (b[k] >> 2))
                else:
                    bd.tsuit[n] = -1
                    bd.tmask[n] = 0
                n += 1


cdef inline int _high_two_plus_three(const Ctx *c, int p, const Board *bd) noexcept nogil:
    """Best high of exactly two hole cards and three board cards.

    Rank-only lookups first; a flush is possible only where a suited hole pair meets a
    one-suit triple of its suit, and its value then beats the same cards' rank-only
    value, so taking the maximum over both passes is exact."""
    cdef int i, j, best = 0, v
    cdef key_t k
    cdef uint32_t k32
    cdef const key_t *pk = c.pkey[p]
    cdef const uint32_t *offsets = c.offsets
    cdef const entry_t *ranks = c.ranks
    cdef uint32_t row_mask = (1u << HASH_ROW_BITS) - 1
    for j in range(10):
        k = bd.tkey[j]
        for i in range(c.npairs):
            k32 = <uint32_t>(pk[i] + k)
            v = ranks[(k32 >> HASH_ROW_BITS) + offsets[k32 & row_mask]]
            if v > best:
                best = v
    if c.flush != NULL:
        for j in range(10):
            if bd.tsuit[j] < 0:
                continue
            for i in range(c.npairs):
                if c.psuit[p][i] == bd.tsuit[j]:
                    v = c.flush[c.pmask[p][i] | bd.tmask[j]]
                    if v > best:
                        best = v
    return best


cdef inline void _settle(const Ctx *c, const int *hi, const int *lo, int64_t *acc) noexcept nogil:
    """Divide one pot: high half (or whole pot) to the best high hands, low half to the
    best qualifying lows; no qualifying low and the high hands take it all."""
    cdef int p, best = 0, nb = 0, best_lo = 0, nl = 0, hs, ls = 0, u, uh, ul
    for p in range(c.np):
        if hi[p] > best:
            best = hi[p]
            nb = 1
        elif hi[p] == best:
            nb += 1
    if c.low != NULL:
        for p in range(c.np):
            if lo[p] > best_lo:
                best_lo = lo[p]
                nl = 1
            elif lo[p] == best_lo:
                nl += 1
    if best_lo > 0:
        hs = HALF_SHARE[nb]
        ls = HALF_SHARE[nl]
    else:
        hs = SHARE[nb]
    for p in range(c.np):
        uh = hs if hi[p] == best else 0
        ul = ls if (best_lo > 0 and lo[p] == best_lo) else 0
        u = uh + ul
        if u == POT:
            acc[p * NCOL + WIN] += 1
        elif u > 0:
            acc[p * NCOL + TIE] += 1
        acc[p * NCOL + UNITS] += u
        acc[p * NCOL + HI] += uh
        acc[p * NCOL + LO] += ul
        acc[p * NCOL + SQ] += <int64_t>u * u


cdef inline void _showdown(const Ctx *c, key_t bkey, uint64_t bbits, uint32_t blow,
                           const card_t *board, int64_t *acc) noexcept nogil:
    """Settle one complete board (five cards; bkey/bbits/blow are their sums)."""
    cdef int hi[MAXP]
    cdef int lo[MAXP]
    cdef int p
    cdef Board bd
    if c.hole_used == 0:
        for p in range(c.np):
            hi[p] = _high_any(c, c.hkey[p] + bkey, c.hbits[p] | bbits)
    else:
        _board_triples(&bd, board)
        for p in range(c.np):
            hi[p] = _high_two_plus_three(c, p, &bd)
    if c.low != NULL:
        for p in range(c.np):
            lo[p] = c.low[(c.hlow[p] << 8) | blow]
    _settle(c, hi, lo, acc)


# ---------------------------------------------------------------- exact enumeration

cdef void _last_card_heads_up(const Ctx *c, const card_t *deck, int start, int stop, int step,
                              key_t bkey, uint64_t bbits, int64_t *acc) noexcept nogil:
    """The innermost loop of heads-up hold'em-style high: two adds, two lookups."""
    cdef int i, v0, v1, s0, s1
    cdef int64_t w0 = 0, w1 = 0, ties = 0
    cdef card_t card
    cdef key_t k, k0 = c.hkey[0] + bkey, k1 = c.hkey[1] + bkey
    cdef uint64_t bits
    cdef uint32_t k32
    cdef const uint32_t *offsets = c.offsets
    cdef const entry_t *ranks = c.ranks
    cdef const entry_t *flush = c.flush
    cdef uint32_t row_mask = (1u << HASH_ROW_BITS) - 1
    i = start
    while i < stop:
        card = deck[i]
        k = k0 + CARD_KEY[card]
        s0 = flush_suit(k) if flush != NULL else -1
        if s0 >= 0:
            bits = bbits | CARD_BIT[card] | c.hbits[0]
            v0 = flush[(bits >> (16 * s0)) & 0x1fff]
        else:
            k32 = <uint32_t>k
            v0 = ranks[(k32 >> HASH_ROW_BITS) + offsets[k32 & row_mask]]
        k = k1 + CARD_KEY[card]
        s1 = flush_suit(k) if flush != NULL else -1
        if s1 >= 0:
            bits = bbits | CARD_BIT[card] | c.hbits[1]
            v1 = flush[(bits >> (16 * s1)) & 0x1fff]
        else:
            k32 = <uint32_t>k
            v1 = ranks[(k32 >> HASH_ROW_BITS) + offsets[k32 & row_mask]]
        w0 += v0 > v1
        w1 += v1 > v0
        ties += v0 == v1
        i += step
    acc[0 * NCOL + WIN] += w0
    acc[1 * NCOL + WIN] += w1
    acc[0 * NCOL + TIE] += ties
    acc[1 * NCOL + TIE] += ties
    acc[0 * NCOL + UNITS] += w0 * POT + ties * HALF
    acc[1 * NCOL + UNITS] += w1 * POT + ties * HALF
    acc[0 * NCOL + HI] += w0 * POT + ties * HALF
    acc[1 * NCOL + HI] += w1 * POT + ties * HALF
    acc[0 * NCOL + SQ] += w0 * POT * POT + ties * HALF * HALF
    acc[1 * NCOL + SQ] += w1 * POT * POT + ties * HALF * HALF


cdef void _deal(const Ctx *c, const card_t *deck, int n, int start, int stop, int step,
                int need, key_t bkey, uint64_t bbits, uint32_t blow, card_t *board, int nb,
                int64_t *acc) noexcept nogil:
    """Every completion of the board by `need` more cards from deck[start:], the first
    of them taken from deck[start:stop:step]; keys are added one card per level."""
    cdef int i
    cdef card_t card
    if need == 1 and c.np == 2 and c.hole_used == 0 and c.low == NULL:
        _last_card_heads_up(c, deck, start, stop, step, bkey, bbits, acc)
        return
    i = start
    while i < stop:
        card = deck[i]
        board[nb] = card
        if need == 1:
            _showdown(c, bkey + CARD_KEY[card], bbits | CARD_BIT[card],
                      blow | LOW_BIT[card >> 2], board, acc)
        else:
            _deal(c, deck, n, i + 1, n - need + 2, 1, need - 1, bkey + CARD_KEY[card],
                  bbits | CARD_BIT[card], blow | LOW_BIT[card >> 2], board, nb + 1, acc)
        i += step


cdef void _init_ctx(Ctx *c, HandTables high, object low, int players, int nh, int hole_used):
    cdef const uint16_t[::1] lt
    c.np = players
    c.nh = nh
    c.hole_used = hole_used
    c.offsets = high.t.offsets
    c.ranks = high.t.ranks
    c.flush = high.t.flush
    c.low = NULL
    if low is not None:
        lt = low
        c.low = &lt[0]


def exact(HandTables high, object low, int hole_used, const card_t[:, :, ::1] holes,
          const card_t[::1] board, const card_t[::1] deck, int part, int nparts,
          int64_t[:, :, ::1] out):
    """Enumerate every completion of `board` to five cards for each tuple of hands.

    holes: (T, P, h) the players' hole cards, one row of P hands per tuple; deck: the
    cards not on the board and not dead (each tuple's own cards are skipped here);
    out: (T, P, NCOL) accumulators, added to.  Only first-level cards whose index in
    the tuple's deck is part (mod nparts) are dealt here, so nparts calls with
    part = 0..nparts-1 cover the enumeration once, in any order, on any threads."""
    cdef Ctx c
    cdef int T = holes.shape[0], np_ = holes.shape[1], nh = holes.shape[2]
    cdef int nb0 = board.shape[0], nd = deck.shape[0], need = 5 - nb0
    cdef int t, i, n, p
    cdef uint64_t used
    cdef const card_t *hp
    cdef key_t bkey = 0
    cdef uint64_t bbits = 0
    cdef uint32_t blow = 0
    cdef card_t cards[52]
    cdef card_t b[5]
    _init_ctx(&c, high, low, np_, nh, hole_used)
    for i in range(nb0):
        b[i] = board[i]
        bkey += CARD_KEY[board[i]]
        bbits |= CARD_BIT[board[i]]
        blow |= LOW_BIT[board[i] >> 2]
    with nogil:
        for t in range(T):
            hp = &holes[t, 0, 0]
            _set_players(&c, hp)
            used = 0
            for p in range(np_ * nh):
                used |= (<uint64_t>1) << hp[p]
            n = 0
            for i in range(nd):
                if not (used >> deck[i]) & 1:
                    cards[n] = deck[i]
                    n += 1
            if need == 0:
                if part == 0:
                    _showdown(&c, bkey, bbits, blow, b, &out[t, 0, 0])
            else:
                _deal(&c, cards, n, part, n - need + 1, nparts, need, bkey, bbits, blow, b,
                      nb0, &out[t, 0, 0])


# ---------------------------------------------------------------- Monte Carlo
#
# xoshiro256** (Blackman and Vigna) seeded through splitmix64.  Trials come in
# fixed-size chunks and chunk i draws from its own stream seeded by (seed, i), so the
# answer depends on the seed and the trial count only, not on how chunks are spread
# over threads.

cdef struct Rng:
    uint64_t s[4]


cdef inline uint64_t _splitmix(uint64_t *x) noexcept nogil:
    cdef uint64_t z
    x[0] += 0x9E3779B97F4A7C15ULL
    z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void _seed(Rng *r, uint64_t seed, uint64_t stream) noexcept nogil:
    cdef uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ULL)
    cdef int i
    _splitmix(&x)
    for i in range(4):
        r.s[i] = _splitmix(&x)


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t _next(Rng *r) noexcept nogil:
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = _rotl(r.s[3], 45)
    return result


cdef inline uint32_t _below(Rng *r, uint32_t n) noexcept nogil:
    """Uniform in 0..n-1 (multiply-shift; bias below n / 2**32, i.e. < 1e-8 here)."""
    return <uint32_t>(((_next(r) >> 32) * n) >> 32)


cdef inline int _pick(Rng *r, const double *cum, int lo, int hi) noexcept nogil:
    """Index in lo..hi-1 drawn with probability proportional to its weight (cum holds
    running totals)."""
    cdef double u
    cdef int mid
    if hi - lo == 1:
        return lo
    u = (_next(r) >> 11) * (1.0 / 9007199254740992.0) * cum[hi - 1]
    while lo < hi - 1:
        mid = (lo + hi) >> 1
        if cum[mid - 1] > u:
            hi = mid
        else:
            lo = mid
    return lo


def sample(HandTables high, object low, int hole_used, const card_t[:, ::1] combos,
           const int64_t[::1] starts, const double[::1] cum, const card_t[::1] board,
           const card_t[::1] deck, uint64_t seed, int64_t first_chunk, int64_t n_chunks,
           int64_t chunk_size, int64_t total, int64_t[:, ::1] out):
    """Monte Carlo trials of chunks first_chunk .. first_chunk + n_chunks - 1.

    combos: (M, h) every player's candidate hands, player p's in rows
    starts[p]:starts[p+1], drawn with probability proportional to their weights (cum
    holds running totals per player); a tuple of hands that collide is redrawn whole,
    which samples the joint deal exactly; a player with no rows (starts[p] ==
    starts[p+1]) holds a random hand, dealt from the deck after the ranges.  Returns
    -1 if MAX_REJECTED draws in a row collide (the caller checks beforehand that some
    tuple does not).  deck: cards neither on the board nor dead;
    the board is completed from it, avoiding the hands.  Chunk i runs trials
    i * chunk_size .. min(total, (i + 1) * chunk_size) - 1.  Returns the trials run."""
    cdef Ctx c
    cdef int np_ = starts.shape[0] - 1, nh = combos.shape[1]
    cdef int nb0 = board.shape[0], nd = deck.shape[0], need = 5 - nb0
    cdef int p, i, j, pick
    cdef int64_t ch, t, t0, t1, done = 0, rejected = 0
    cdef Rng rng
    cdef uint64_t base_used = 0, used, bit
    cdef key_t bkey0 = 0, bkey
    cdef uint64_t bbits0 = 0, bbits
    cdef uint32_t blow0 = 0, blow
    cdef card_t holes[MAXP * MAXH]
    cdef card_t b[5]
    cdef card_t card
    cdef const card_t *row
    cdef bint fixed = True
    cdef bint collide
    _init_ctx(&c, high, low, np_, nh, hole_used)
    for i in range(nb0):
        b[i] = board[i]
        bkey0 += CARD_KEY[board[i]]
        bbits0 |= CARD_BIT[board[i]]
        blow0 |= LOW_BIT[board[i] >> 2]
    for p in range(np_):
        if starts[p + 1] - starts[p] != 1:
            fixed = False
    with nogil:
        if fixed:
            for p in range(np_):
                for j in range(nh):
                    holes[p * nh + j] = combos[starts[p], j]
                    base_used |= (<uint64_t>1) << combos[starts[p], j]
            _set_players(&c, holes)
        for ch in range(first_chunk, first_chunk + n_chunks):
            _seed(&rng, seed, <uint64_t>ch)
            t0 = ch * chunk_size
            t1 = min(total, t0 + chunk_size)
            t = t0
            while t < t1:
                if fixed:
                    used = base_used
                else:
                    used = 0
                    collide = False
                    for p in range(np_):
                        if starts[p + 1] == starts[p]:
                            continue
                        pick = _pick(&rng, &cum[0], <int>starts[p], <int>starts[p + 1])
                        row = &combos[pick, 0]
                        for j in range(nh):
                            bit = (<uint64_t>1) << row[j]
                            if used & bit:
                                collide = True
                            used |= bit
                            holes[p * nh + j] = row[j]
                    if collide:
                        rejected += 1
                        if rejected > MAX_REJECTED:
                            done = -1
                            break
                        continue
                    rejected = 0
                    for p in range(np_):
                        if starts[p + 1] != starts[p]:
                            continue
                        for j in range(nh):
                            while True:
                                card = deck[_below(&rng, nd)]
                                bit = (<uint64_t>1) << card
                                if not (used & bit):
                                    break
                            used |= bit
                            holes[p * nh + j] = card
                    _set_players(&c, holes)
                bkey = bkey0
                bbits = bbits0
                blow = blow0
                for i in range(need):
                    while True:
                        card = deck[_below(&rng, nd)]
                        bit = (<uint64_t>1) << card
                        if not (used & bit):
                            break
                    used |= bit
                    b[nb0 + i] = card
                    bkey += CARD_KEY[card]
                    bbits |= CARD_BIT[card]
                    blow |= LOW_BIT[card >> 2]
                _showdown(&c, bkey, bbits, blow, b, &out[0, 0])
                t += 1
            if done < 0:
                break
            done += t1 - t0
    return done
