"""Equity kernels: exact enumeration of board completions and seeded Monte Carlo.

Everything here trusts its caller (games/equity/compute.py) for shapes, card values
and collisions.  Games are data: the kernels see the high ranking's tables and, for
Hi/Lo games, the low ranking's tables, never a game name.  Tables of the
`evaluator.tables.HandTables` kind rank the best five of hole + board (hold'em, short
deck); `evaluator.omaha_tables.ComboTables` rank exactly two hole cards and three board
cards, through the lookup the Omaha evaluator itself uses (omaha_tables.pxd); the low
half is an `evaluator.omaha_tables.MaskTables`.

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

from libc.stdint cimport int64_t, uint8_t, uint16_t

from evaluator.keys cimport CARD_BIT, CARD_KEY, KEY_BASE, LOW_RANK_BIT, flush_suit, popcount
from evaluator.omaha_tables cimport (
    SUIT_BASE3, Combo, ComboTables, MaskTables, best_flush, board_row, three_suited,
)
from evaluator.tables cimport HandTables, hash_index
from evaluator.typedefs cimport card_t, entry_t, key_t, uint32_t, uint64_t
from games._xoshiro cimport Xoshiro, splitmix, xoshiro_next

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

cdef int _r


# ---------------------------------------------------------------- one showdown setup

cdef struct Tally:
    # An exact run's counts for a high-only game, weighted by boards, kept apart from
    # the NCOL accumulators so that a showdown won alone costs one add (see _flush_tally)
    int64_t wins[MAXP]              # boards won alone
    int64_t ties[MAXP]              # boards shared
    int64_t shared[MAXP]            # pot units won on shared boards
    int64_t squares[MAXP]           # the sum of their squares


cdef struct Ctx:
    int np                          # players
    int nh                          # hole cards per player
    bint two_plus_three             # exactly two hole cards and three board cards (Omaha)
    int npairs                      # two-card hole subsets (two_plus_three)
    const uint32_t *offsets         # best five of all: the perfect-hash offsets
    const entry_t *ranks            # best five of all: value by hashed rank key
    const entry_t *flush            # value by 13-bit suit mask (or NULL)
    Combo combo                     # two_plus_three: the Omaha tables (omaha_tables.pxd)
    const uint16_t *low             # the low half's table (MaskTables) or NULL
    key_t hkey[MAXP]                # KEY_BASE + hole keys
    uint64_t hbits[MAXP]            # CARD_BIT union of the hole cards
    uint32_t hlow[MAXP]             # low-rank set of the hole cards (LOW_RANK_BIT)
    uint8_t pidx[MAXP][MAXPAIRS]    # two_plus_three: table column of each hole pair
    int hsuit[4]                    # most hole cards any player holds of each suit
    bint high_only                  # best five of all, flush table, no low half
    Tally *tally                    # where high_only showdowns are counted


cdef int SHARE[MAXP + 1]
cdef int HALF_SHARE[MAXP + 1]
for _r in range(1, MAXP + 1):
    SHARE[_r] = POT // _r
    HALF_SHARE[_r] = HALF // _r


cdef void _set_players(Ctx *c, const card_t *holes) noexcept nogil:
    """Per-player keys of one tuple of hole cards (np rows of nh cards)."""
    cdef int p, i, j, n
    cdef const card_t *h
    for p in range(c.np):
        h = holes + p * c.nh
        c.hkey[p] = KEY_BASE
        c.hbits[p] = 0
        c.hlow[p] = 0
        for i in range(c.nh):
            c.hkey[p] += CARD_KEY[h[i]]
            c.hbits[p] |= CARD_BIT[h[i]]
            c.hlow[p] |= LOW_RANK_BIT[h[i] >> 2]
        if c.two_plus_three:
            n = 0
            for i in range(c.nh):
                for j in range(i + 1, c.nh):
                    c.pidx[p][n] = c.combo.pair_idx[h[i] * 52 + h[j]]
                    n += 1
            c.npairs = n


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


cdef inline int _high_any(const Ctx *c, key_t key, uint64_t bits) noexcept nogil:
    """High value of hole + board (best five of all), from the summed key and bits."""
    cdef int suit
    if c.flush != NULL:
        suit = flush_suit(key)
        if suit >= 0:
            return c.flush[(bits >> (16 * suit)) & 0x1fff]
    return c.ranks[hash_index(c.offsets, key)]


cdef inline int _high_two_plus_three(const Ctx *c, int p, const entry_t *row, int suit,
                                     uint32_t board_suit_mask) noexcept nogil:
    """Best high of exactly two of player p's hole cards and three board cards: one
    load per hole pair from the board's row (omaha_tables.board_row) and, where the
    board holds three or more cards of one suit, that suit's flushes (best_flush)."""
    cdef int i, best = 0, v
    cdef uint32_t hole_mask
    for i in range(c.npairs):
        v = row[c.pidx[p][i]]
        if v > best:
            best = v
    if suit >= 0 and c.flush != NULL:
        hole_mask = <uint32_t>((c.hbits[p] >> (16 * suit)) & 0x1fff)
        if popcount(hole_mask) >= 2:
            v = best_flush(c.flush, hole_mask, board_suit_mask)
            if v > best:
                best = v
    return best


cdef inline void _settle(const Ctx *c, const int *hi, const int *lo, int64_t w,
                         int64_t *acc) noexcept nogil:
    """Divide one pot, counted w times (the boards it stands for): high half (or whole
    pot) to the best high hands, low half to the best qualifying lows; no qualifying low
    and the high hands take it all."""
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
        if u == 0:                          # a loser's columns stay as they are
            continue
        if u == POT:
            acc[p * NCOL + WIN] += w
        elif u > 0:
            acc[p * NCOL + TIE] += w
        acc[p * NCOL + UNITS] += w * u
        acc[p * NCOL + HI] += w * uh
        acc[p * NCOL + LO] += w * ul
        acc[p * NCOL + SQ] += w * u * u


cdef inline void _showdown(const Ctx *c, key_t bkey, uint64_t bbits, uint32_t blow,
                           int64_t w, int64_t *acc) noexcept nogil:
    """Settle one complete board (five cards; bkey/bbits/blow are their sums, bkey
    without KEY_BASE, which each player's hkey carries)."""
    cdef int hi[MAXP]
    cdef int lo[MAXP]
    cdef int p, suit
    cdef const entry_t *row
    cdef uint32_t board_suit_mask = 0
    if not c.two_plus_three:
        for p in range(c.np):
            hi[p] = _high_any(c, c.hkey[p] + bkey, c.hbits[p] | bbits)
    else:
        row = board_row(&c.combo, bkey)
        # bkey sums the board's keys alone: started at SUIT_BASE3, bit 3 of a suit's
        # counter flags three or more board cards of that suit
        suit = three_suited(bkey + SUIT_BASE3)
        if suit >= 0:
            board_suit_mask = <uint32_t>((bbits >> (16 * suit)) & 0x1fff)
        for p in range(c.np):
            hi[p] = _high_two_plus_three(c, p, row, suit, board_suit_mask)
    if c.low != NULL:
        for p in range(c.np):
            lo[p] = c.low[(c.hlow[p] << 8) | blow]
    _settle(c, hi, lo, w, acc)


cdef void _init_ctx(Ctx *c, object high, object low, int players, int nh) except *:
    """The context of a run from the rankings' tables: HandTables (best five of hole +
    board) or ComboTables (two hole + three board cards) for the high, MaskTables or
    None for the low."""
    cdef HandTables five
    cdef ComboTables combo
    c.np = players
    c.nh = nh
    c.npairs = 0
    if isinstance(high, HandTables):
        five = high
        c.two_plus_three = False
        c.offsets = five.t.offsets
        c.ranks = five.t.ranks
        c.flush = five.t.flush
    elif isinstance(high, ComboTables):
        combo = high
        c.two_plus_three = True
        c.combo = combo.c
        c.flush = combo.c.flush
    else:
        raise TypeError(f"no equity kernel for tables of type {type(high).__name__}")
    c.low = NULL
    if low is not None:
        if not isinstance(low, MaskTables):
            raise TypeError(f"no equity kernel for low tables of type {type(low).__name__}")
        c.low = (<MaskTables>low).c_table
    c.high_only = not c.two_plus_three and c.low == NULL and c.flush != NULL
    c.tally = NULL


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


cdef inline int _value_with(const Ctx *c, key_t key, uint64_t bits) noexcept nogil:
    """A best-five high value from a hand's key and its cards' bits."""
    cdef int suit = flush_suit(key)
    if suit >= 0:
        return c.flush[(bits >> (16 * suit)) & 0x1fff]
    return c.ranks[hash_index(c.offsets, key)]


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


cdef inline void _showdown_high(const Ctx *c, key_t bkey, uint64_t bbits,
                                int64_t w) noexcept nogil:
    """Settle one complete board of a high_only game into c.tally, counted w times: an
    add and a lookup a player."""
    cdef int p, v, best = -1, nbest = 0, winner = 0, u, v1
    cdef int value[MAXP]
    if c.np == 2:               # heads-up without a branch on who wins
        v = _value_with(c, c.hkey[0] + bkey, c.hbits[0] | bbits)
        v1 = _value_with(c, c.hkey[1] + bkey, c.hbits[1] | bbits)
        c.tally.wins[0] += w * (v > v1)
        c.tally.wins[1] += w * (v1 > v)
        if v == v1:             # rare, so the branch is well predicted
            for p in range(2):
                c.tally.ties[p] += w
                c.tally.shared[p] += w * HALF
                c.tally.squares[p] += w * HALF * HALF
        return
    for p in range(c.np):
        v = _value_with(c, c.hkey[p] + bkey, c.hbits[p] | bbits)
        value[p] = v
        if v > best:
            best = v
            nbest = 1
            winner = p
        elif v == best:
            nbest += 1
    if nbest == 1:
        c.tally.wins[winner] += w
        return
    u = SHARE[nbest]
    for p in range(c.np):
        if value[p] == best:
            c.tally.ties[p] += w
            c.tally.shared[p] += w * u
            c.tally.squares[p] += w * u * u


cdef inline void _clear_tally(const Ctx *c) noexcept nogil:
    cdef int p
    for p in range(c.np):
        c.tally.wins[p] = 0
        c.tally.ties[p] = 0
        c.tally.shared[p] = 0
        c.tally.squares[p] = 0


cdef inline void _flush_tally(const Ctx *c, int64_t *acc) noexcept nogil:
    """Add c.tally to the accumulators and empty it."""
    cdef int p
    cdef int64_t units
    for p in range(c.np):
        units = c.tally.wins[p] * POT + c.tally.shared[p]
        acc[p * NCOL + WIN] += c.tally.wins[p]
        acc[p * NCOL + TIE] += c.tally.ties[p]
        acc[p * NCOL + UNITS] += units
        acc[p * NCOL + HI] += units
        acc[p * NCOL + SQ] += c.tally.wins[p] * POT * POT + c.tally.squares[p]
    _clear_tally(c)


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
                if c.high_only:
                    _showdown_high(c, b.key + CARD_KEY[card], b.bits | CARD_BIT[card],
                                   weight * BITS4[g])
                else:
                    _showdown(c, b.key + CARD_KEY[card], b.bits | CARD_BIT[card],
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
            if c.high_only:
                _showdown_high(c, nb.key, nb.bits, weight * BINOMIAL[k][m])
            else:
                _showdown(c, nb.key, nb.bits, nb.low, weight * BINOMIAL[k][m], acc)
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
    _init_ctx(&c, high, low, np_, nh)
    c.tally = &tally
    _clear_tally(&c)
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
            _set_players(&c, hp)
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
                    _showdown(&c, b0.key, b0.bits, b0.low, 1, &out[t, 0, 0])
                continue
            _rank_order(avail, &order)
            _suit_classes(&c, &b0, deck_suit_ranks, cls)
            unit = -1
            _deal(&c, &order, -1, 0, need, &b0, cls, 1, &out[t, 0, 0], &unit, part, nparts)
            if c.high_only:
                _flush_tally(&c, &out[t, 0, 0])


# ---------------------------------------------------------------- Monte Carlo
#
# xoshiro256** (games/_xoshiro.pxd) seeded through splitmix64.  Trials come in
# fixed-size chunks and chunk i draws from its own stream seeded by (seed, i), so the
# answer depends on the seed and the trial count only, not on how chunks are spread
# over threads.

ctypedef Xoshiro Rng


cdef inline void _seed(Rng *r, uint64_t seed, uint64_t stream) noexcept nogil:
    cdef uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ULL)
    cdef int i
    splitmix(&x)
    for i in range(4):
        r.s[i] = splitmix(&x)


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
    cdef uint64_t x
    cdef int nlive, shuffled
    cdef Tally tally
    _init_ctx(&c, high, low, np_, nh)
    c.tally = &tally
    _clear_tally(&c)
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
                _set_players(&c, holes)
        for ch in range(first_chunk, first_chunk + n_chunks):
            _seed(&rng, seed, <uint64_t>ch)
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
                while t < t1:
                    for i in range(0, shuffled, 2):  # two 32-bit draws per number
                        x = _next(&rng)
                        j = i + <int>(((x >> 32) * <uint64_t>(nlive - i)) >> 32)
                        card = d[j]
                        d[j] = d[i]
                        d[i] = card
                        if i + 1 < shuffled:
                            j = i + 1 + <int>(
                                ((x & 0xffffffffULL) * <uint64_t>(nlive - i - 1)) >> 32)
                            card = d[j]
                            d[j] = d[i + 1]
                            d[i + 1] = card
                    if n_random == np_ and c.high_only:
                        # every hand random, a best-five game: the first cards, their
                        # keys summed here (no low ranks, no hole pairs to index)
                        for p in range(np_):
                            c.hkey[p] = KEY_BASE
                            c.hbits[p] = 0
                            for j in range(p * nh, p * nh + nh):
                                c.hkey[p] += CARD_KEY[d[j]]
                                c.hbits[p] |= CARD_BIT[d[j]]
                    elif n_random == np_:     # every hand random: the first cards
                        _set_players(&c, d)
                    elif n_random:
                        i = 0
                        for p in range(np_):
                            if starts[p + 1] == starts[p]:
                                for j in range(nh):
                                    holes[p * nh + j] = d[i]
                                    i += 1
                        _set_players(&c, holes)
                    bkey = bkey0
                    bbits = bbits0
                    blow = blow0
                    for i in range(shuffled - need, shuffled):
                        card = d[i]
                        bkey += CARD_KEY[card]
                        bbits |= CARD_BIT[card]
                        blow |= LOW_RANK_BIT[card >> 2]
                    if c.high_only:
                        _showdown_high(&c, bkey, bbits, 1)
                    else:
                        _showdown(&c, bkey, bbits, blow, 1, &out[0, 0])
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
                    _set_players(&c, holes)
                bkey = bkey0
                bbits = bbits0
                blow = blow0
                for _i in range(need):
                    card = _draw_unused(&rng, deck, nd, &used)
                    bkey += CARD_KEY[card]
                    bbits |= CARD_BIT[card]
                    blow |= LOW_RANK_BIT[card >> 2]
                if c.high_only:
                    _showdown_high(&c, bkey, bbits, 1)
                else:
                    _showdown(&c, bkey, bbits, blow, 1, &out[0, 0])
                t += 1
            if done < 0:
                break
            done += t1 - t0
        if c.high_only:
            _flush_tally(&c, &out[0, 0])
    return done
