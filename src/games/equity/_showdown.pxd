# The showdown both equity kernels share (games/equity/_exact.pyx enumerates boards,
# games/equity/_sample.pyx samples them): a run's context (Ctx) built from the
# rankings' tables, and the settling of one complete board into the accumulators.
#
# Games are data: the kernels see the high ranking's tables and, for Hi/Lo games, the
# low ranking's tables, never a game name.  Tables of the `evaluator.tables.HandTables`
# kind rank the best five of hole + board (hold'em, short deck);
# `evaluator.omaha_tables.ComboTables` rank exactly two hole cards and three board
# cards, through the lookup the Omaha evaluator itself uses (omaha_tables.pxd); the
# low half is an `evaluator.omaha_tables.MaskTables`.
#
# Pot accounting is in integer units: a whole pot is POT = 5040 units (divisible by
# every tie count 1..10, and so is half of it), so exact results are exact integers
# and sums over threads do not depend on the order they are added in.
#
# Accumulators are int64 rows of NCOL columns per player:
#     WIN   outcomes where the player takes the whole pot alone
#     TIE   outcomes where the player takes part of the pot
#     UNITS pot units won (equity = UNITS / (POT * outcomes))
#     HI    units won from the high half (the whole pot in high-only games)
#     LO    units won from the low half
#     SQ    sum of squared per-outcome units (Monte Carlo standard errors)

from libc.stdint cimport int64_t, uint8_t, uint16_t

from evaluator.keys cimport CARD_BIT, CARD_KEY, KEY_BASE, LOW_RANK_BIT, flush_suit, popcount
from evaluator.omaha_tables cimport (
    SUIT_BASE3, Combo, ComboTables, MaskTables, best_flush, board_row, three_suited,
)
from evaluator.tables cimport HandTables, hash_index
from evaluator.typedefs cimport card_t, entry_t, key_t, offset_t, uint32_t, uint64_t

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

cdef extern from *:
    """
    /* a pot's (or half a pot's) units shared by n = 1..10 winners */
    static const int PH_SHARE[11] = {0, 5040, 2520, 1680, 1260, 1008, 840, 720, 630, 560, 504};
    static const int PH_HALF_SHARE[11] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252};
    """
    const int SHARE "PH_SHARE"[11]
    const int HALF_SHARE "PH_HALF_SHARE"[11]


cdef struct Tally:
    # A run's counts for a high-only game, weighted by boards, kept apart from
    # the NCOL accumulators so that a showdown won alone costs one add (see flush_tally)
    int64_t wins[MAXP]              # boards won alone
    int64_t ties[MAXP]              # boards shared
    int64_t shared[MAXP]            # pot units won on shared boards
    int64_t squares[MAXP]           # the sum of their squares


cdef struct Ctx:
    int np                          # players
    int nh                          # hole cards per player
    bint two_plus_three             # exactly two hole cards and three board cards (Omaha)
    int npairs                      # two-card hole subsets (two_plus_three)
    const offset_t *offsets         # best five of all: the perfect-hash offsets
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


cdef inline void set_players(Ctx *c, const card_t *holes) noexcept nogil:
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


cdef inline int value_with(const Ctx *c, key_t key, uint64_t bits) noexcept nogil:
    """A best-five high value from a hand's key and its cards' bits."""
    cdef int suit = flush_suit(key)
    if suit >= 0:
        return c.flush[(bits >> (16 * suit)) & 0x1fff]
    return c.ranks[hash_index(c.offsets, key)]


cdef inline int high_any(const Ctx *c, key_t key, uint64_t bits) noexcept nogil:
    """High value of hole + board (best five of all), from the summed key and bits,
    for tables with or without a flush table (value_with, without the test, is the
    high_only games' lookup: measured a few per cent faster in the exact runs)."""
    if c.flush != NULL:
        return value_with(c, key, bits)
    return c.ranks[hash_index(c.offsets, key)]


cdef inline int high_two_plus_three(const Ctx *c, int p, const entry_t *row, int suit,
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


cdef inline int best_and_count(const int *values, int n, int *count) noexcept nogil:
    """The highest of n values (0 when all are 0), and in *count how many hold it."""
    cdef int p, best = 0, nb = 0
    for p in range(n):
        if values[p] > best:
            best = values[p]
            nb = 1
        elif values[p] == best:
            nb += 1
    count[0] = nb
    return best


cdef inline void settle(const Ctx *c, const int *hi, const int *lo, int64_t w,
                        int64_t *acc) noexcept nogil:
    """Divide one pot, counted w times (the boards it stands for): high half (or whole
    pot) to the best high hands, low half to the best qualifying lows; no qualifying low
    and the high hands take it all."""
    cdef int p, best, nb = 0, best_lo = 0, nl = 0, hs, ls = 0, u, uh, ul
    best = best_and_count(hi, c.np, &nb)
    if c.low != NULL:
        best_lo = best_and_count(lo, c.np, &nl)
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


cdef inline void showdown_any(const Ctx *c, key_t bkey, uint64_t bbits, uint32_t blow,
                              int64_t w, int64_t *acc) noexcept nogil:
    """Settle one complete board of any game into the accumulators, counted w times
    (five cards; bkey/bbits/blow are their sums, bkey without KEY_BASE, which each
    player's hkey carries)."""
    cdef int hi[MAXP]
    cdef int lo[MAXP]
    cdef int p, suit
    cdef const entry_t *row
    cdef uint32_t board_suit_mask = 0
    if not c.two_plus_three:
        for p in range(c.np):
            hi[p] = high_any(c, c.hkey[p] + bkey, c.hbits[p] | bbits)
    else:
        row = board_row(&c.combo, bkey)
        # bkey sums the board's keys alone: started at SUIT_BASE3, bit 3 of a suit's
        # counter flags three or more board cards of that suit
        suit = three_suited(bkey + SUIT_BASE3)
        if suit >= 0:
            board_suit_mask = <uint32_t>((bbits >> (16 * suit)) & 0x1fff)
        for p in range(c.np):
            hi[p] = high_two_plus_three(c, p, row, suit, board_suit_mask)
    if c.low != NULL:
        for p in range(c.np):
            lo[p] = c.low[(c.hlow[p] << 8) | blow]
    settle(c, hi, lo, w, acc)


cdef inline void tally_high(const Ctx *c, const int *value, int64_t w) noexcept nogil:
    """Count one board of a high_only game into c.tally, w times, from the players'
    values."""
    cdef int p, v, best = -1, nbest = 0, winner = 0, u
    if c.np == 2:               # heads-up without a branch on who wins
        c.tally.wins[0] += w * (value[0] > value[1])
        c.tally.wins[1] += w * (value[1] > value[0])
        if value[0] == value[1]:    # rare, so the branch is well predicted
            for p in range(2):
                c.tally.ties[p] += w
                c.tally.shared[p] += w * HALF
                c.tally.squares[p] += w * HALF * HALF
        return
    for p in range(c.np):
        v = value[p]
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


cdef inline void showdown_high(const Ctx *c, key_t bkey, uint64_t bbits,
                               int64_t w) noexcept nogil:
    """Settle one complete board of a high_only game into c.tally, counted w times: an
    add and a lookup a player."""
    cdef int p
    cdef int value[MAXP]
    if c.np == 2:               # two values in registers, not through the array
        value[0] = value_with(c, c.hkey[0] + bkey, c.hbits[0] | bbits)
        value[1] = value_with(c, c.hkey[1] + bkey, c.hbits[1] | bbits)
        tally_high(c, value, w)
        return
    for p in range(c.np):
        value[p] = value_with(c, c.hkey[p] + bkey, c.hbits[p] | bbits)
    tally_high(c, value, w)


cdef inline void showdown(const Ctx *c, key_t bkey, uint64_t bbits, uint32_t blow,
                          int64_t w, int64_t *acc) noexcept nogil:
    """Settle one complete board, counted w times: a high_only game's into c.tally
    (flush_tally adds it to the accumulators once a run), any other's into acc."""
    if c.high_only:
        showdown_high(c, bkey, bbits, w)
    else:
        showdown_any(c, bkey, bbits, blow, w, acc)


cdef inline void clear_tally(const Ctx *c) noexcept nogil:
    cdef int p
    for p in range(c.np):
        c.tally.wins[p] = 0
        c.tally.ties[p] = 0
        c.tally.shared[p] = 0
        c.tally.squares[p] = 0


cdef inline void flush_tally(const Ctx *c, int64_t *acc) noexcept nogil:
    """Add c.tally to the accumulators and empty it (nothing to do unless high_only)."""
    cdef int p
    cdef int64_t units
    if not c.high_only:
        return
    for p in range(c.np):
        units = c.tally.wins[p] * POT + c.tally.shared[p]
        acc[p * NCOL + WIN] += c.tally.wins[p]
        acc[p * NCOL + TIE] += c.tally.ties[p]
        acc[p * NCOL + UNITS] += units
        acc[p * NCOL + HI] += units
        acc[p * NCOL + SQ] += c.tally.wins[p] * POT * POT + c.tally.squares[p]
    clear_tally(c)


cdef inline void init_ctx(Ctx *c, object high, object low, int players, int nh) except *:
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
