"""Showdown kernels: side pots and splits for many deals at once, without the GIL.

One pot-splitting routine (`settle_deal`, public to the engine through
_kernel.pxd) serves every game: it takes each seat's
high value and, for Hi/Lo games, low value (higher is better, 0 = no qualifying
low) and the rules of games/showdown/pots.py, which is its plain Python reference.  Games
differ only in how the values are computed: `settle` takes values computed
elsewhere (Omaha's batch evaluators, ...), `settle_board` computes board games'
values itself from a hand type's tables (hold'em, short deck), summing the board's
keys once per deal.  Everything here trusts games/showdown/batch.py for shapes,
dtypes, card values, duplicates, chips whose sums fit in int64, and the button.
"""

from libc.stdint cimport int64_t, uint8_t

from evaluator.keys cimport CARD_KEY, KEY_BASE
from evaluator.tables cimport HandTables, Tables, lookup
from evaluator.typedefs cimport card_t, key_t, rank_t

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


cdef inline void _suffix_best(int m, const int *order, const rank_t *value, rank_t *best,
                              int *count, int *seat) noexcept nogil:
    """best[k] = the highest value among the live seats order[k..m), count[k] how
    many hold it and seat[k] one of them."""
    cdef int k, p
    cdef rank_t v, b = 0
    cdef int c = 0, who = -1
    for k in range(m - 1, -1, -1):
        p = order[k]
        v = value[p]
        if v > b:
            b = v
            c = 1
            who = p
        elif v == b:
            c += 1
        best[k] = b
        count[k] = c
        seat[k] = who
    return


cdef inline void _pay(int64_t amount, int k, int m, const int *order, const rank_t *value,
                      const rank_t *best, const int *count, const int *seat, int n,
                      int button, int64_t *out) noexcept nogil:
    """Pay `amount` to the best of the live seats order[k..m): one winner directly,
    tied winners through _split."""
    cdef uint8_t win[MAX_SEATS]
    cdef int j
    if count[k] == 1:
        out[seat[k]] += amount
        return
    for j in range(n):
        win[j] = 0
    for j in range(k, m):
        win[order[j]] = value[order[j]] == best[k]
    _split(amount, win, n, button, out)


cdef inline bint _one_pot(int n, const int64_t *contributions, const uint8_t *folded,
                          const rank_t *high, int button, int64_t *out) noexcept nogil:
    """The common showdown, paid without sorting: every seat still in put the same, so
    there is one pot (the folded seats' chips in it) and the best hand takes it, tied
    hands sharing it as `_pay` shares it.  False, and `out` untouched, when some seat
    still in put less than another (side pots)."""
    cdef uint8_t win[MAX_SEATS]
    cdef int64_t level = -1, total = 0
    cdef rank_t best = 0
    cdef int p, count = 0, who = -1
    for p in range(n):
        total += contributions[p]
        if folded[p]:
            continue
        if level < 0:
            level = contributions[p]
        elif contributions[p] != level:
            return False
        if high[p] > best:
            best = high[p]
            count = 1
            who = p
        elif high[p] == best:
            count += 1
    if level < 0:
        return False
    for p in range(n):
        out[p] = 0
    if total <= 0:
        return True
    if count == 1:
        out[who] += total
        return True
    for p in range(n):
        win[p] = not folded[p] and high[p] == best
    _split(total, win, n, button, out)
    return True


cdef void settle_deal(int n, const int64_t *contributions, const int64_t *dead,
                      const uint8_t *folded, const rank_t *high, const rank_t *low,
                      int button, int64_t *out) noexcept nogil:
    """Pay one deal's pots into out[0..n); `low` is NULL for games without a low,
    `dead` NULL where no chips are dead money (else each seat's dead part of its
    contribution: it sets no level and goes to the main pot, as pots.side_pots says).

    The seats still in are sorted by contribution, so the seats eligible for the pot
    of each level are a suffix of that order and the best hand of every suffix is
    found in one pass from the top."""
    cdef int64_t contrib[MAX_SEATS]
    cdef int64_t extra = 0
    cdef int order[MAX_SEATS]
    cdef rank_t hbest[MAX_SEATS]
    cdef rank_t lbest[MAX_SEATS]
    cdef int hcount[MAX_SEATS]
    cdef int lcount[MAX_SEATS]
    cdef int hseat[MAX_SEATS]
    cdef int lseat[MAX_SEATS]
    cdef int64_t c, level, lower, amount, high_half
    cdef int p, j, k, nxt, m = 0
    cdef bint last
    if dead == NULL and low == NULL and _one_pot(n, contributions, folded, high, button, out):
        return
    for p in range(n):
        contrib[p] = contributions[p]
        if dead != NULL:
            contrib[p] -= dead[p]
            extra += dead[p]
    for p in range(n):                          # live seats by contribution, ascending
        out[p] = 0
        if folded[p]:
            continue
        c = contrib[p]
        j = m
        while j > 0 and contrib[order[j - 1]] > c:
            order[j] = order[j - 1]
            j -= 1
        order[j] = p
        m += 1
    _suffix_best(m, order, high, hbest, hcount, hseat)
    if low != NULL:
        _suffix_best(m, order, low, lbest, lcount, lseat)
    lower = 0
    k = 0
    while k < m:
        level = contrib[order[k]]
        nxt = k + 1
        while nxt < m and contrib[order[nxt]] == level:
            nxt += 1
        last = nxt == m
        amount = 0
        for p in range(n):
            # this pot holds each seat's chips between `lower` and `level`; the last
            # pot also takes folded chips above every level
            c = contrib[p]
            amount += (c if (last or c < level) else level) - (c if c < lower else lower)
        if k == 0:
            amount += extra                     # dead money: the main pot
        if amount > 0:
            if low != NULL and lbest[k] > 0:
                high_half = amount - amount // 2        # the odd chip goes high
                _pay(high_half, k, m, order, high, hbest, hcount, hseat, n, button, out)
                _pay(amount - high_half, k, m, order, low, lbest, lcount, lseat, n, button,
                     out)
            else:
                _pay(amount, k, m, order, high, hbest, hcount, hseat, n, button, out)
        lower = level
        k = nxt


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
            settle_deal(n, &contributions[d, 0], NULL, &folded[d, 0], &high[d, 0],
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
            settle_deal(n, &contributions[d, 0], NULL, &folded[d, 0], values, NULL,
                        <int>button[d], &out[d, 0])
