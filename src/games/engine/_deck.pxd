# The dealer's deck in C: a seeded shuffle, and where every card is.  The functions
# are inline, compiled into the steps and the machine that call them (see _chips.pxd).
#
# Every card of the game's deck is in exactly one place (`Hand.where`): the stub, a
# player's hand, the board, the burned cards, the muck (folded and mucked hands), the
# discards, set aside (a live dealer's error, games/engine/rules/irregularities.py) or
# a placement game's rows.  Checking a recorded card ("any card not live in a hand or
# on the board", as replay needs) and proving the cards are conserved are both one
# look-up.  (A batch of tables leaves a folded hand's cards in the hand: its games
# never read the muck, games/engine/_actions.pxd, `fold`.)
#
# A table that deals itself draws uniformly from the stub with xoshiro256**
# (games/_xoshiro.pxd) seeded through splitmix64: its first draw starts a partial
# Fisher-Yates shuffle of the deck in card order that will sample the cards a hand
# needs at most (`Spec.need`), and more from what is left if a hand ever needs them,
# so the same seed deals the same hand on every platform, whether one table or a
# batch of tables deals it.  The shuffle goes on only as far as the cards dealt so far
# (`_shuffle_to`): a hand that ends before the river never draws the river's random
# numbers, and the cards are the ones the whole shuffle up front would give.  A
# recorded or live deal hands cards in instead (`take`); cards nobody saw (NO_CARD)
# are only counted.

from libc.stdint cimport int8_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from games._xoshiro cimport Xoshiro, splitmix, xoshiro_next
from games.engine._state cimport NO_CARD, OUT, STUB, Hand, Spec


cdef inline void deck_init(const Spec *sp, Hand *h) noexcept nogil:
    """Every card of the deck in the stub, the others out."""
    cdef int c
    if sp.deck_size == 52:              # the whole deck: one fill
        memset(h.where, STUB, 52)
    else:
        memset(h.where, <int8_t>OUT, 52)
        for c in range(sp.deck_size):
            h.where[sp.deck[c]] = STUB
    h.set_aside_card = -1


cdef inline void seed_deck(Hand *h, uint64_t seed) noexcept nogil:
    """The seed the deck is shuffled with (the generator is seeded on the first draw:
    a replay never draws)."""
    h.seed = seed
    h.has_seed = 1
    h.has_rng = 0


cdef inline void _seeded(Xoshiro *rng, uint64_t seed) noexcept nogil:
    # the seed's 64-bit word mixed through splitmix64, then the state from its stream
    cdef uint64_t x = seed
    cdef int i
    x = splitmix(&x)
    for i in range(4):
        rng.s[i] = splitmix(&x)


cdef inline void _seed_rng(Hand *h) noexcept nogil:
    _seeded(&h.rng, h.seed)
    h.has_rng = 1


# The shuffle's bounded draws are by 1..52 cards: the reject threshold (2**64 mod n) and
# the reciprocal floor((2**64 - 1) / n) of each n are constants the compiler folds, so
# a draw takes a multiply instead of two 64-bit divisions (a third of a new hand's
# dealing).  The remainder is exactly r % n: the product's high word is the quotient
# or one less, which one subtraction corrects.  Same cards for a seed as before.
cdef extern from *:
    """
    #define PH_RECIP(n) (UINT64_MAX / (uint64_t)(n))
    #define PH_REJECT(n) ((uint64_t)0 - (uint64_t)(n)) % (uint64_t)(n)
    #define PH_4(F, n) F(n), F(n + 1), F(n + 2), F(n + 3)
    #define PH_52(F) PH_4(F, 1), PH_4(F, 5), PH_4(F, 9), PH_4(F, 13), PH_4(F, 17), \
        PH_4(F, 21), PH_4(F, 25), PH_4(F, 29), PH_4(F, 33), PH_4(F, 37), PH_4(F, 41), \
        PH_4(F, 45), PH_4(F, 49)
    static const uint64_t ph_deck_recip[53] = {0, PH_52(PH_RECIP)};
    static const uint64_t ph_deck_reject[53] = {0, PH_52(PH_REJECT)};
    static inline uint64_t ph_mulhi(uint64_t a, uint64_t b) {
    #if defined(__SIZEOF_INT128__)
        return (uint64_t)(((unsigned __int128)a * b) >> 64);
    #else
        uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
        uint64_t mid = (al * bl >> 32) + (uint32_t)(ah * bl) + al * bh;
        return ah * bh + (ah * bl >> 32) + (mid >> 32);
    #endif
    }
    """
    const uint64_t DECK_RECIP "ph_deck_recip"[53]
    const uint64_t DECK_REJECT "ph_deck_reject"[53]
    uint64_t mulhi "ph_mulhi"(uint64_t a, uint64_t b) noexcept nogil


cdef inline uint64_t _below(Xoshiro *rng, uint64_t n) noexcept nogil:
    """Uniform in 0..n-1 (1 <= n <= 52): reject the few values that would favour the
    low residues, then take the remainder."""
    cdef uint64_t threshold = DECK_REJECT[n]
    cdef uint64_t r = xoshiro_next(rng)
    while r < threshold:
        r = xoshiro_next(rng)
    r -= mulhi(r, DECK_RECIP[n]) * n
    return r - n if r >= n else r


cdef inline void _shuffle_to(Hand *h, int end) noexcept nogil:
    """The first draw's shuffle on to position `end` (at most `up_target`):
    upcoming[0:end] are then its cards in order, upcoming[end:up_pool] the rest of
    the deck it samples from."""
    # the generator and the pool's size in locals: a store to a card (a byte) may alias
    # any field of the hand, so the compiler would reload them after every swap
    cdef Xoshiro rng = h.rng
    cdef uint8_t *cards = h.upcoming
    cdef int i, j, pool = h.up_pool
    cdef uint8_t c
    for i in range(h.up_len, end):
        j = i + <int>_below(&rng, <uint64_t>(pool - i))
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c
    h.rng = rng
    h.up_len = end


cdef inline void _shuffle_all(Hand *h) noexcept nogil:
    """The first draw's shuffle to its end, before anything but dealing changes what
    it sampled (a card taken or named by hand): the state the whole shuffle up front
    leaves."""
    if h.up_len < h.up_target:
        _shuffle_to(h, h.up_target)


cdef inline int stub_size(const Spec *sp, const Hand *h) noexcept nogil:
    """Cards still in the stub, unknown dealt cards taken out."""
    cdef int i, n = 0
    for i in range(sp.deck_size):
        if h.where[sp.deck[i]] == STUB:
            n += 1
    return n - h.unknown


cdef inline int _first_target(const Spec *sp, int count) noexcept nogil:
    """How far the first draw of `count` cards shuffles: the cards a hand needs at
    most, or more if it asks for more, and never past the deck."""
    cdef int target = count if count > sp.need else sp.need
    return target if target < sp.deck_size else sp.deck_size


cdef inline int _sample(const Spec *sp, Hand *h, int count) noexcept nogil:
    """At least `count` cards sampled ahead, upcoming[up_head:up_len]: the first draw's
    shuffle on, or started (the first draw), or more from the stub when a hand needs
    more than it samples; -1 (nothing changed) when the stub cannot serve them."""
    cdef uint8_t pool[52]
    cdef int npool = 0, ahead = h.up_len - h.up_head, i, j, more, k
    cdef uint64_t sampled = 0
    cdef uint8_t c
    if h.up_len < h.up_target:          # the first draw's shuffle goes on
        _shuffle_to(h, h.up_head + count if h.up_head + count < h.up_target
                    else h.up_target)
        ahead = h.up_len - h.up_head
        if ahead >= count:
            return 0
    if not h.drawn:                     # the first draw: a shuffle of the whole deck
        if sp.deck_size < count:
            return -1
        h.drawn = 1
        memcpy(h.upcoming, sp.deck, 52)     # the whole array: a copy of fixed size
        #                                     (past deck_size, never read)
        h.up_pool = sp.deck_size
        h.up_target = _first_target(sp, count)
        h.up_head = 0
        h.up_len = 0
        if not h.has_rng:
            _seed_rng(h)
        _shuffle_to(h, count)
        return 0
    # more than the first shuffle samples: a shuffle of the stub, in card order
    for i in range(h.up_head, h.up_len):
        sampled |= (<uint64_t>1) << h.upcoming[i]
    for i in range(sp.deck_size):
        c = sp.deck[i]
        if h.where[c] == STUB and not (sampled >> c) & 1:
            pool[npool] = c
            npool += 1
    if npool < count - ahead:
        return -1
    more = count - ahead
    if sp.need - ahead > more:
        more = sp.need - ahead
    if more > npool:
        more = npool
    if not h.has_rng:
        _seed_rng(h)
    for i in range(more):          # a partial Fisher-Yates shuffle of the pool
        j = i + <int>_below(&h.rng, <uint64_t>(npool - i))
        c = pool[i]
        pool[i] = pool[j]
        pool[j] = c
    k = 0                           # the cards still ahead move to the front
    for i in range(h.up_head, h.up_len):
        h.upcoming[k] = h.upcoming[i]
        k += 1
    for i in range(more):
        h.upcoming[k] = pool[i]
        k += 1
    h.up_head = 0
    h.up_len = k
    h.up_target = 0
    return 0


cdef inline int draw(const Spec *sp, Hand *h, int count, int place, uint8_t *out) noexcept nogil:
    """The next `count` cards off the shuffled stub into out[0:count], moved to
    `place`; -1 (nothing changed) when the stub cannot serve them."""
    cdef int i, head
    cdef uint8_t c
    cdef const uint8_t *up
    if h.up_len - h.up_head < count and _sample(sp, h, count):
        return -1
    head = h.up_head
    h.up_head = head + count
    up = &h.upcoming[head]
    for i in range(count):
        c = up[i]
        out[i] = c
        h.where[c] = place
    return 0


cdef enum:
    GROUP = 8           # hands whose first draws `first_draws` makes together


cdef inline void first_draws(const Spec *sp, Hand **hands, int n, int count,
                             int place) noexcept nogil:
    """The first draw of `count` cards (at most the deck's) of n <= GROUP hands just
    seeded (`seed_deck`, nothing drawn yet), as `draw` makes each: the same cards, the
    same deck and generator left.  The hands' shuffles go on side by side, card by
    card: in one hand's shuffle each swap waits for its draw, and a deal spent 17-19
    tsc a card so; GROUP independent ones overlap.  The lanes past n shuffle a
    copy of the deck for nothing, so that the loop is always GROUP wide; one hand
    alone draws as `draw` does (a batch's tables that play on at random, one at a
    time, deal so: eight lanes for one hand were a third of their instructions)."""
    cdef Xoshiro rng[GROUP]
    cdef uint8_t cards[GROUP][52]
    cdef int pool = sp.deck_size, target = _first_target(sp, count), i, j, k
    cdef uint8_t c
    cdef Hand *h
    if n == 1:
        draw(sp, hands[0], count, place, cards[0])
        return
    for k in range(GROUP):
        memcpy(cards[k], sp.deck, 52)
        _seeded(&rng[k], hands[k].seed if k < n else 0)
    for i in range(count):
        for k in range(GROUP):
            j = i + <int>_below(&rng[k], <uint64_t>(pool - i))
            c = cards[k][i]
            cards[k][i] = cards[k][j]
            cards[k][j] = c
    for k in range(n):
        h = hands[k]
        h.drawn = 1
        h.has_rng = 1
        h.rng = rng[k]
        memcpy(h.upcoming, cards[k], 52)
        h.up_pool = pool
        h.up_target = target
        h.up_head = count
        h.up_len = count
        for i in range(count):
            h.where[cards[k][i]] = place


cdef inline void _unsample(Hand *h, uint8_t card) noexcept nogil:
    """A card dealt by hand leaves the cards sampled ahead."""
    cdef int i, j
    for i in range(h.up_head, h.up_len):
        if h.upcoming[i] == card:
            for j in range(i, h.up_len - 1):
                h.upcoming[j] = h.upcoming[j + 1]
            h.up_len -= 1
            return


cdef inline void take(Hand *h, const uint8_t *cards, int n, int place) noexcept nogil:
    """Move recorded cards (checked by the caller) to `place`; NO_CARD counts an
    unknown card dealt from the stub."""
    cdef int i
    _shuffle_all(h)
    h.drawn = 1
    for i in range(n):
        if cards[i] == NO_CARD:
            h.unknown += 1
            continue
        h.where[cards[i]] = place
        if h.up_len > h.up_head:
            _unsample(h, cards[i])


cdef inline void name_cards(Hand *h, const uint8_t *cards, int n, int place) noexcept nogil:
    """Unknown cards dealt earlier turn out to be `cards` (a hand shown or a card
    discarded by name): they leave the stub for `place`."""
    cdef int i
    _shuffle_all(h)
    for i in range(n):
        h.where[cards[i]] = place
        h.unknown -= 1
        if h.up_len > h.up_head:
            _unsample(h, cards[i])


cdef inline void move(Hand *h, const uint8_t *cards, int n, int place) noexcept nogil:
    """Cards change place at the table (a fold mucks a hand, a discard)."""
    cdef int i
    for i in range(n):
        if cards[i] != NO_CARD:
            h.where[cards[i]] = place


cdef inline void gather(const Spec *sp, Hand *h) noexcept nogil:
    """Every card back in the stub (a misdeal); the next deal may reuse any."""
    cdef int i
    for i in range(sp.deck_size):
        h.where[sp.deck[i]] = STUB
    h.unknown = 0
    h.up_head = 0
    h.up_len = 0
    h.up_target = 0


cdef inline int cards_in(const Spec *sp, const Hand *h, int place, uint8_t *out) noexcept nogil:
    """The cards in one place, in card order, into out; returns how many."""
    cdef int i, n = 0
    for i in range(sp.deck_size):
        if h.where[sp.deck[i]] == place:
            out[n] = sp.deck[i]
            n += 1
    return n
