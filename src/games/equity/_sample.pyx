"""Monte Carlo equity: seeded trials of hands and boards.

Everything here trusts its caller (games/equity/runs.py, from compute.py) for shapes,
card values and collisions.  The showdown of one board and the accumulators' layout
are games/equity/_showdown.pxd's, shared with the exact enumerator (_exact.pyx).
"""

from libc.stdint cimport int64_t

from evaluator.keys cimport CARD_BIT, CARD_KEY, KEY_BASE, LOW_RANK_BIT
from evaluator.typedefs cimport card_t, key_t, uint32_t, uint64_t
from games._xoshiro cimport Xoshiro, xoshiro_next, xoshiro_seed
from games.equity._showdown cimport (
    MAXH, MAXP, NCOL, Ctx, Tally, clear_tally, flush_tally, init_ctx, set_players,
    showdown, tally_high, value_with,
)

cdef enum:
    MAX_REJECTED = 10000000
    BATCH = 32          # every-hand-random trials dealt before any of them is valued

# the accumulators' width (_showdown.pxd), for the Python side
NCOLS = NCOL


# ---------------------------------------------------------------- Monte Carlo
#
# xoshiro256** (games/_xoshiro.pxd), seeded per stream (xoshiro_seed).  Trials come in
# fixed-size chunks and chunk i draws from its own stream seeded by (seed, i), so the
# answer depends on the seed and the trial count only, not on how chunks are spread
# over threads.

ctypedef Xoshiro Rng


cdef inline uint64_t _next(Rng *r) noexcept nogil:
    return xoshiro_next(r)


cdef inline uint32_t _below(Rng *r, uint32_t n) noexcept nogil:
    """Uniform in 0..n-1 (multiply-shift; bias below n / 2**32, i.e. < 1e-8 here)."""
    return <uint32_t>(((_next(r) >> 32) * n) >> 32)


cdef inline card_t _draw_unused(Rng *r, const card_t[::1] deck, int nd,
                                uint64_t *used) noexcept nogil:
    """A uniform card of `deck` not in the `used` mask (redrawn until it is not), added
    to the mask."""
    cdef card_t card
    cdef uint64_t bit
    while True:
        card = deck[_below(r, nd)]
        bit = (<uint64_t>1) << card
        if not (used[0] & bit):
            used[0] |= bit
            return card


cdef inline void _shuffle(Rng *r, card_t *d, int nlive, int shuffled) noexcept nogil:
    """Move `shuffled` uniform cards of d[0:nlive] to its front: a partial Fisher-Yates
    shuffle, two 32-bit draws from each 64-bit number."""
    cdef int i, j
    cdef uint64_t x
    cdef card_t card
    for i in range(0, shuffled, 2):
        x = _next(r)
        j = i + <int>(((x >> 32) * <uint64_t>(nlive - i)) >> 32)
        card = d[j]
        d[j] = d[i]
        d[i] = card
        if i + 1 < shuffled:
            j = i + 1 + <int>(((x & 0xffffffffULL) * <uint64_t>(nlive - i - 1)) >> 32)
            card = d[j]
            d[j] = d[i + 1]
            d[i + 1] = card


cdef inline int64_t _batched_high(Ctx *c, Rng *r, card_t *d, int nlive, int need,
                                  bint dealt, key_t bkey0, uint64_t bbits0,
                                  int64_t trials) noexcept nogil:
    """Trials of a best-five game where every hand is given (the players' keys are
    c.hkey) or every hand is random (`dealt`: the first cards of each shuffle): BATCH
    deals are made and their keys summed first, and valued after, so that their lookups
    overlap instead of each waiting behind its deal (the same draws, in the same order,
    as one at a time)."""
    cdef key_t keys[BATCH * MAXP]
    cdef uint64_t bits[BATCH * MAXP]
    cdef int value[BATCH * MAXP]
    cdef int n = c.np, nh = c.nh, shuffled = need + (c.np * c.nh if dealt else 0)
    cdef int b, m, i, j, p
    cdef int64_t done = 0
    cdef key_t bkey, hkey
    cdef uint64_t bbits, hbits
    while done < trials:
        m = <int>min(<int64_t>BATCH, trials - done)
        for b in range(m):
            _shuffle(r, d, nlive, shuffled)
            bkey = bkey0 + KEY_BASE
            bbits = bbits0
            for i in range(shuffled - need, shuffled):
                bkey += CARD_KEY[d[i]]
                bbits |= CARD_BIT[d[i]]
            for p in range(n):
                if dealt:
                    hkey = bkey
                    hbits = bbits
                    for j in range(p * nh, p * nh + nh):
                        hkey += CARD_KEY[d[j]]
                        hbits |= CARD_BIT[d[j]]
                else:               # c.hkey carries KEY_BASE, as bkey does here
                    hkey = bkey - KEY_BASE + c.hkey[p]
                    hbits = bbits | c.hbits[p]
                keys[b * n + p] = hkey
                bits[b * n + p] = hbits
        for i in range(m * n):
            value[i] = value_with(c, keys[i], bits[i])
        for b in range(m):
            tally_high(c, &value[b * n], 1)
        done += m
    return done


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


def sample(object high, object low, const card_t[:, ::1] combos,
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
    cdef int p, i, j, pick, _i
    cdef int64_t ch, t, t0, t1, done = 0, rejected = 0
    cdef Rng rng
    cdef uint64_t base_used = 0, used, bit
    cdef key_t bkey0 = 0, bkey
    cdef uint64_t bbits0 = 0, bbits
    cdef uint32_t blow0 = 0, blow
    cdef card_t holes[MAXP * MAXH]
    cdef card_t card
    cdef const card_t *row
    cdef bint fixed = True, simple = True
    cdef int n_random = 0
    cdef bint collide
    cdef card_t d[52]                   # the live cards, partly shuffled
    cdef int nlive, shuffled
    cdef Tally tally
    init_ctx(&c, high, low, np_, nh)
    c.tally = &tally
    clear_tally(&c)
    for i in range(nb0):
        bkey0 += CARD_KEY[board[i]]
        bbits0 |= CARD_BIT[board[i]]
        blow0 |= LOW_RANK_BIT[board[i] >> 2]
    for p in range(np_):
        if starts[p + 1] - starts[p] != 1:
            fixed = False
        if starts[p + 1] - starts[p] > 1:
            simple = False                  # a range: drawn by weight, below
        if starts[p + 1] == starts[p]:
            n_random += 1
    shuffled = need + n_random * nh         # cards a trial takes off the live cards
    with nogil:
        if simple:                          # every hand given, or random
            for p in range(np_):
                if starts[p + 1] == starts[p]:
                    continue
                for j in range(nh):
                    holes[p * nh + j] = combos[starts[p], j]
                    base_used |= (<uint64_t>1) << combos[starts[p], j]
            if fixed:
                set_players(&c, holes)
        for ch in range(first_chunk, first_chunk + n_chunks):
            xoshiro_seed(&rng, seed, <uint64_t>ch)
            t0 = ch * chunk_size
            t1 = min(total, t0 + chunk_size)
            t = t0
            if simple:
                # every hand given or random: the random hands and the board are the
                # first cards of a partial Fisher-Yates shuffle of the live cards (any
                # order of them shuffles as well, so they are not put back between
                # trials); no draw is rejected
                nlive = 0
                for i in range(nd):
                    if not (base_used >> deck[i]) & 1:
                        d[nlive] = deck[i]
                        nlive += 1
                if c.high_only and n_random == np_:
                    # a best-five game, every hand random (the first cards) or every
                    # hand given: valued in batches (no low ranks, no hole pairs)
                    done += _batched_high(&c, &rng, d, nlive, need, n_random == np_,
                                          bkey0, bbits0, t1 - t0)
                    continue
                while t < t1:
                    _shuffle(&rng, d, nlive, shuffled)
                    if n_random == np_:     # every hand random: the first cards
                        set_players(&c, d)
                    elif n_random:
                        i = 0
                        for p in range(np_):
                            if starts[p + 1] == starts[p]:
                                for j in range(nh):
                                    holes[p * nh + j] = d[i]
                                    i += 1
                        set_players(&c, holes)
                    bkey = bkey0
                    bbits = bbits0
                    blow = blow0
                    for i in range(shuffled - need, shuffled):
                        card = d[i]
                        bkey += CARD_KEY[card]
                        bbits |= CARD_BIT[card]
                        blow |= LOW_RANK_BIT[card >> 2]
                    showdown(&c, bkey, bbits, blow, 1, &out[0, 0])
                    t += 1
                done += t1 - t0
                continue
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
                            holes[p * nh + j] = _draw_unused(&rng, deck, nd, &used)
                    set_players(&c, holes)
                bkey = bkey0
                bbits = bbits0
                blow = blow0
                for _i in range(need):
                    card = _draw_unused(&rng, deck, nd, &used)
                    bkey += CARD_KEY[card]
                    bbits |= CARD_BIT[card]
                    blow |= LOW_RANK_BIT[card >> 2]
                showdown(&c, bkey, bbits, blow, 1, &out[0, 0])
                t += 1
            if done < 0:
                break
            done += t1 - t0
        flush_tally(&c, &out[0, 0])
    return done
