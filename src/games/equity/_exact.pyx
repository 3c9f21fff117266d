"""Exact equity: every completion of the board, for each tuple of hands.

Everything here trusts its caller (games/equity/runs.py, from compute.py) for shapes,
card values and collisions.  The showdown of one board and the accumulators' layout
are games/equity/_showdown.pxd's, shared with the sampler (_sample.pyx).
"""

from libc.stdint cimport int64_t, uint8_t

from evaluator.keys cimport CARD_BIT, CARD_KEY, LOW_RANK_BIT, popcount
from evaluator.typedefs cimport card_t, key_t, uint32_t, uint64_t
from games.equity._showdown cimport (
    NCOL, POT, Ctx, Tally, clear_tally, flush_tally, init_ctx, set_players, showdown,
)

# the accumulators' width and a pot's units (_showdown.pxd), for the Python side
NCOLS = NCOL
POT_UNITS = POT

cdef int _r


cdef void _set_hole_suits(Ctx *c) noexcept nogil:
    """hsuit: the most hole cards any player holds of each suit (exact enumeration's
    test of which suits can still flush)."""
    cdef int p, i, n
    for i in range(4):
        c.hsuit[i] = 0
        for p in range(c.np):
            n = popcount(<uint32_t>((c.hbits[p] >> (16 * i)) & 0x1fff))
            if n > c.hsuit[i]:
                c.hsuit[i] = n


# ---------------------------------------------------------------- exact enumeration
#
# Boards are dealt rank by rank, in an order fixed per tuple of hands (the ranks with
# fewest cards left first, then high to low: both make more of the merging below
# happen).  Within a rank the cards still undecided ("pending") are settled one group
# at a time, a group being cards that are interchangeable from here on:
#   - the cards of suits nobody can still flush in ("loose" suits): only their ranks
#     count, so taking m of k of them is one board weighing C(k, m);
#   - the cards of one class of symmetric suits: suits that a relabelling fixing every
#     hand, the board so far and the deck swaps (AhAs vs KhKs: hearts with spades,
#     clubs with diamonds).  Taking m of k is again one board weighing C(k, m), after
#     which the m taken suits and the k - m others are two classes.
# A suit's chance of a flush is judged again after every card, so a suit drops into the
# loose group as soon as the cards left cannot complete one.  AhAs vs KhKs preflop
# takes about 49 thousand showdowns this way instead of 1,712,304.

cdef struct Board:
    key_t key           # the board's CARD_KEY sum (no KEY_BASE: each player's hkey has it)
    uint64_t bits       # CARD_BIT union
    uint32_t low        # LOW_RANK_BIT union
    int suits[4]        # board cards of each suit


cdef struct Order:
    int n               # ranks with a card left in the deck
    int rank[13]        # those ranks, in dealing order
    int live[13]        # 4-bit mask of the suits of each one's cards left


cdef int BINOMIAL[5][5]
BINOMIAL[0][:] = [1, 0, 0, 0, 0]
BINOMIAL[1][:] = [1, 1, 0, 0, 0]
BINOMIAL[2][:] = [1, 2, 1, 0, 0]
BINOMIAL[3][:] = [1, 3, 3, 1, 0]
BINOMIAL[4][:] = [1, 4, 6, 4, 1]
cdef int BITS4[16]      # bits set in a 4-bit mask
cdef int LOWEST4[16]    # its lowest set bit (0 for the empty mask)
for _r in range(16):
    BITS4[_r] = (_r & 1) + ((_r >> 1) & 1) + ((_r >> 2) & 1) + ((_r >> 3) & 1)
    LOWEST4[_r] = 0 if _r == 0 else (_r & -_r).bit_length() - 1


cdef inline int _flush_suits(const Ctx *c, const Board *b, int need) noexcept nogil:
    """4-bit mask of the suits in which some player can still make a flush with `need`
    more board cards: five of the suit among their hole cards and the board (best five
    of all), or two in the hole and three on the board (two plus three).  Once out of
    this mask a suit stays out: a card of it adds one to its count and takes one from
    `need`."""
    cdef int s, m = 0
    if c.flush == NULL:
        return 0
    for s in range(4):
        if c.two_plus_three:
            if c.hsuit[s] >= 2 and b.suits[s] + need >= 3:
                m |= 1 << s
        elif c.hsuit[s] + b.suits[s] + need >= 5:
            m |= 1 << s
    return m


cdef inline void _add(Board *b, int card) noexcept nogil:
    b.key += CARD_KEY[card]
    b.bits |= CARD_BIT[card]
    b.low |= LOW_RANK_BIT[card >> 2]
    b.suits[card & 3] += 1


cdef void _suit_classes(const Ctx *c, const Board *b, const int *deck_suit_ranks,
                        int *cls) noexcept nogil:
    """cls[s]: the 4-bit mask of the suits interchangeable with s (s included): those
    whose ranks held by each player, on the board and left in the deck are the same as
    s's, so that swapping the two suits maps every hand, the board and the deck onto
    themselves."""
    cdef int s, t, p
    cdef bint same
    for s in range(4):
        cls[s] = 1 << s
        for t in range(4):
            if t == s:
                continue
            same = (deck_suit_ranks[s] == deck_suit_ranks[t]
                    and ((b.bits >> (16 * s)) & 0x1fff) == ((b.bits >> (16 * t)) & 0x1fff))
            for p in range(c.np):
                if ((c.hbits[p] >> (16 * s)) & 0x1fff) != ((c.hbits[p] >> (16 * t)) & 0x1fff):
                    same = False
            if same:
                cls[s] |= 1 << t


cdef void _rank_order(const uint8_t *avail, Order *o) noexcept nogil:
    """The ranks with cards left, fewest cards first and high ranks before low."""
    cdef int r, j, key, live
    o.n = 0
    for r in range(12, -1, -1):
        live = avail[r]
        if live == 0:
            continue
        key = BITS4[live]
        j = o.n
        while j > 0 and BITS4[o.live[j - 1]] > key:     # stable: high ranks stay first
            o.rank[j] = o.rank[j - 1]
            o.live[j] = o.live[j - 1]
            j -= 1
        o.rank[j] = r
        o.live[j] = live
        o.n += 1


cdef inline void _last_card(const Ctx *c, const Order *o, int i, int pending,
                            const Board *b, const int *cls, int64_t weight,
                            int64_t *acc) noexcept nogil:
    """The last board card: one showdown for the loose cards of a rank and one for each
    class of symmetric suits, each weighing as many cards as it stands for."""
    cdef int r, s, card, live, fl, g, flush_suits = _flush_suits(c, b, 1)
    live = pending
    while True:
        r = o.rank[i]
        g = live & ~flush_suits
        fl = live & flush_suits
        while True:
            if g:
                card = 4 * r + LOWEST4[g]
                showdown(c, b.key + CARD_KEY[card], b.bits | CARD_BIT[card],
                         b.low | LOW_RANK_BIT[r], weight * BITS4[g], acc)
            if fl == 0:
                break
            s = LOWEST4[fl]
            g = fl & cls[s]
            fl &= ~g
        i += 1
        if i == o.n:
            break
        live = o.live[i]


cdef void _deal(const Ctx *c, const Order *o, int i, int pending, int need, const Board *b,
                const int *cls, int64_t weight, int64_t *acc, int *unit, int part,
                int nparts) noexcept nogil:
    """Every completion of the board by `need` more cards: the `pending` cards of rank
    o.rank[i] (a 4-bit suit mask), then every card of the ranks after it in `o`.  One
    group of interchangeable pending cards is settled here (take none, one, ... of
    them), the rest by the calls it makes.  At the top (unit != NULL) every way of
    taking the first cards is a unit of work; only units equal to part modulo nparts
    are dealt, so nparts calls cover the enumeration once."""
    cdef int r, rel, s, group, rest, k, m, chosen, g, t, top
    cdef int split[4]
    cdef const int *next_cls
    cdef Board nb
    while pending == 0:
        i += 1
        if i == o.n:
            return
        pending = o.live[i]
    if need == 1 and unit == NULL:
        _last_card(c, o, i, pending, b, cls, weight, acc)
        return
    rel = _flush_suits(c, b, need) & pending
    if rel:
        # the suit closest to a flush first: once its cards are placed, fewer board
        # cards are left and more suits fall loose
        s = -1
        for t in range(4):
            if (rel >> t) & 1 and (s < 0 or c.hsuit[t] + b.suits[t] > c.hsuit[s] + b.suits[s]):
                s = t
        group = pending & cls[s]
    else:
        group = pending                         # every pending suit is loose
    rest = pending & ~group
    k = BITS4[group]
    r = o.rank[i]
    _deal(c, o, i, rest, need, b, cls, weight, acc, unit, part, nparts)   # take none
    nb = b[0]
    chosen = 0
    g = group
    top = k if k < need else need
    for m in range(1, top + 1):
        s = LOWEST4[g]
        g &= g - 1
        chosen |= 1 << s
        _add(&nb, 4 * r + s)
        if unit != NULL:
            unit[0] += 1
            if unit[0] % nparts != part:
                continue
        if m == need:
            showdown(c, nb.key, nb.bits, nb.low, weight * BINOMIAL[k][m], acc)
            continue
        next_cls = cls
        if rel and m < k:                       # the class splits: taken and not taken
            for t in range(4):
                if (chosen >> t) & 1:
                    split[t] = chosen
                elif (group >> t) & 1:
                    split[t] = group & ~chosen
                else:
                    split[t] = cls[t]
            next_cls = split
        _deal(c, o, i, rest, need - m, &nb, next_cls, weight * BINOMIAL[k][m], acc,
              NULL, 0, 1)


def exact(object high, object low, const card_t[:, :, ::1] holes,
          const card_t[::1] board, const card_t[::1] deck, int part, int nparts,
          int64_t[:, :, ::1] out):
    """Enumerate every completion of `board` to five cards for each tuple of hands.

    holes: (T, P, h) the players' hole cards, one row of P hands per tuple; deck: the
    cards not on the board and not dead (each tuple's own cards are skipped here);
    out: (T, P, NCOL) accumulators, added to; each board counts once, though boards that
    are the same for every hand are evaluated once and weighted (see _deal).  Only
    units of work numbered part (mod nparts) are dealt here, so nparts calls with
    part = 0..nparts-1 cover the enumeration once, in any order, on any threads."""
    cdef Ctx c
    cdef int T = holes.shape[0], np_ = holes.shape[1], nh = holes.shape[2]
    cdef int nb0 = board.shape[0], nd = deck.shape[0], need = 5 - nb0
    cdef int t, i, p, unit
    cdef uint64_t used
    cdef const card_t *hp
    cdef Board b0
    cdef Order order
    cdef uint8_t avail[13]
    cdef int deck_suit_ranks[4]
    cdef int cls[4]
    cdef Tally tally
    init_ctx(&c, high, low, np_, nh)
    c.tally = &tally
    clear_tally(&c)
    b0.key = 0
    b0.bits = 0
    b0.low = 0
    for i in range(4):
        b0.suits[i] = 0
    for i in range(nb0):
        _add(&b0, board[i])
    with nogil:
        for t in range(T):
            hp = &holes[t, 0, 0]
            set_players(&c, hp)
            _set_hole_suits(&c)
            used = 0
            for p in range(np_ * nh):
                used |= (<uint64_t>1) << hp[p]
            for i in range(13):
                avail[i] = 0
            for i in range(4):
                deck_suit_ranks[i] = 0
            for i in range(nd):
                if not (used >> deck[i]) & 1:
                    avail[deck[i] >> 2] |= 1 << (deck[i] & 3)
                    deck_suit_ranks[deck[i] & 3] |= 1 << (deck[i] >> 2)
            if need == 0:
                if part == 0:
                    showdown(&c, b0.key, b0.bits, b0.low, 1, &out[t, 0, 0])
            else:
                _rank_order(avail, &order)
                _suit_classes(&c, &b0, deck_suit_ranks, cls)
                unit = -1
                _deal(&c, &order, -1, 0, need, &b0, cls, 1, &out[t, 0, 0], &unit, part,
                      nparts)
            flush_tally(&c, &out[t, 0, 0])
