"""Showdown kernels: side pots and splits for many deals at once, without the GIL.

One pot-splitting routine (`_settle_deal`) serves every game: it takes each seat's
high value and, for Hi/Lo games, low value (higher is better, 0 = no qualifying
low) and the rules of games/pots.py, which is its plain Python reference.  Games
differ only in how the values are computed: `settle` takes values computed
elsewhere (Omaha's batch evaluators, ...), `settle_board` computes board games'
values itself from a hand type's tables (hold'em, short deck), summing the board's
keys once per deal.  Everything here trusts games/batch.py for shapes, dtypes,
card values, duplicates and the button.
"""

from evaluator._keys cimport CARD_KEY, KEY_BASE, Tables, lookup
from evaluator._tables cimport HandTables
from evaluator._types cimport card_t, int64_t, key_t, rank_t, uint8_t

cdef enum:
    MAX_SEATS = 16      # batch.py refuses more seats
    MAX_CARDS = 7       # hole + board cards of a board game's hand


cdef inline void _split(int64_t amount, const uint8_t *win, int n, int button,
                        int64_t *out) noexcept nogil:
    """Equal shares to the seats flagged in `win`; the odd chips one each to the
    first winners clockwise from the seat after the button."""
    cdef int _j, s, count = 0
    cdef int64_t share, odd
    for s in range(n):
        count += win[s]
    if count == 0:
        return
    share = amount // count
    odd = amount - share * count
    s = button
    for _j in range(n):
        s += 1
        if s == n:
            s = 0
        if win[s]:
            if odd > 0:
                out[s] += share + 1
                odd -= 1
            else:
                out[s] += share


cdef inline int _best(int n, const int64_t *contrib, const uint8_t *folded,
                      const rank_t *value, int64_t level, uint8_t *win) noexcept nogil:
    """Flag the eligible seats (still in, put in >= level) holding the highest value;
    return that value (0: no eligible seat has a positive value)."""
    cdef int p
    cdef rank_t best = 0
    for p in range(n):
        if not folded[p] and contrib[p] >= level and value[p] > best:
            best = value[p]
    for p in range(n):
        win[p] = not folded[p] and contrib[p] >= level and value[p] == best
    return best


cdef void _settle_deal(int n, const int64_t *contrib, const uint8_t *folded,
                       const rank_t *high, const rank_t *low, int button,
                       int64_t *out) noexcept nogil:
    """Pay one deal's pots into out[0..n); `low` is NULL for games without a low."""
    cdef int64_t levels[MAX_SEATS]
    cdef uint8_t win[MAX_SEATS]
    cdef int64_t c, level, lower, amount, high_half
    cdef int p, i, j, nl = 0
    cdef bint last
    # the distinct contributions of the seats still in, ascending (insertion sort)
    for p in range(n):
        out[p] = 0
        if folded[p]:
            continue
        c = contrib[p]
        i = 0
        while i < nl and levels[i] < c:
            i += 1
        if i < nl and levels[i] == c:
            continue
        j = nl
        while j > i:
            levels[j] = levels[j - 1]
            j -= 1
        levels[i] = c
        nl += 1
    lower = 0
    for i in range(nl):
        level = levels[i]
        last = i == nl - 1
        amount = 0
        for p in range(n):
            c = contrib[p]
            # this pot holds each seat's chips between `lower` and `level`; the last
            # pot also takes folded chips above every level
            amount += (c if (last or c < level) else level) - (c if c < lower else lower)
        lower = level
        if amount <= 0:
            continue
        if low != NULL and _best(n, contrib, folded, low, level, win) > 0:
            high_half = amount - amount // 2        # the odd chip goes high
            _split(amount - high_half, win, n, button, out)
            _best(n, contrib, folded, high, level, win)
            _split(high_half, win, n, button, out)
        else:
            _best(n, contrib, folded, high, level, win)
            _split(amount, win, n, button, out)


def settle(const int64_t[:, ::1] contributions, const uint8_t[:, ::1] folded,
           const rank_t[:, ::1] high, const rank_t[:, ::1] low, bint has_low,
           const int64_t[::1] button, int64_t[:, ::1] out):
    """out[d, p] = chips seat p collects in deal d, from the seats' values."""
    cdef Py_ssize_t d, nd = contributions.shape[0]
    cdef int n = <int>contributions.shape[1]
    if nd == 0 or n == 0:
        return
    with nogil:
        for d in range(nd):
            _settle_deal(n, &contributions[d, 0], &folded[d, 0], &high[d, 0],
                         &low[d, 0] if has_low else NULL, <int>button[d], &out[d, 0])


cdef void _board_values(const Tables *t, int n, int h, int b, const card_t *holes,
                        const card_t *board, const uint8_t *folded,
                        rank_t *values) noexcept nogil:
    """values[p] = value of seat p's hole cards with the board (0 for folded seats)."""
    cdef card_t cards[MAX_CARDS]
    cdef key_t board_key = KEY_BASE
    cdef key_t key
    cdef int p, k
    for k in range(b):
        cards[k] = board[k]
        board_key += CARD_KEY[board[k]]
    for p in range(n):
        if folded[p]:
            values[p] = 0
            continue
        key = board_key
        for k in range(h):
            cards[b + k] = holes[p * h + k]
            key += CARD_KEY[holes[p * h + k]]
        values[p] = lookup(t, key, cards, b + h)


def settle_board(HandTables tables, const card_t[:, :, ::1] holes,
                 const card_t[:, ::1] boards, const int64_t[:, ::1] contributions,
                 const uint8_t[:, ::1] folded, const int64_t[::1] button,
                 int64_t[:, ::1] out):
    """out[d, p] = chips seat p collects in deal d of a board game whose hand is the
    best five of its hole cards and the board (at most 7 cards, any mix)."""
    cdef Py_ssize_t d, nd = holes.shape[0]
    cdef int n = <int>holes.shape[1], h = <int>holes.shape[2], b = <int>boards.shape[1]
    cdef rank_t values[MAX_SEATS]
    cdef const Tables *t = &tables.t
    if nd == 0 or n == 0:
        return
    with nogil:
        for d in range(nd):
            _board_values(t, n, h, b, &holes[d, 0, 0], &boards[d, 0], &folded[d, 0], values)
            _settle_deal(n, &contributions[d, 0], &folded[d, 0], values, NULL,
                         <int>button[d], &out[d, 0])
