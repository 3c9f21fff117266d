# The chips of one hand and its betting rounds, in C.
#
# The functions are inline, in this .pxd: the steps (_steps.pyx), the machine and the
# batch of tables each compile them into their own calls.  A module of their own
# called them through pointers, one call per fold, call or look at the bounds; a
# batch of tables makes hundreds of millions.  Nothing here logs or checks its input:
# the steps log, the machine (_machine.pyx) checks before it acts.
#
# Loops over the seats keep or count a seat by arithmetic, not by a branch, where the
# outcome is the hand's data (who folded, who is all-in, where the table wraps): a
# random policy's hands make such a branch a coin toss the processor mispredicts.
# Measured on 1,024 six-max tables, with the batch's branch-free check of a step
# (_batch.pyx): 1.06-1.15x as many hands a second under the benchmark's policy, for 5%
# more instructions (docs/benchmarks.md, "Branches on random data").
#
# The round's sets of seats are bits of a word each (`Hand.due`, `acted`, `closed`),
# not arrays: a raise makes everyone else due in one pass over the seats that stores
# nothing a seat, and the next actor is the lowest bit of the seats still due turned
# to start after the last actor (`next_due`, a count of trailing zeros).  The queue of
# seats they replaced was stored a byte at a place known only at run time and read
# back at once.  The bits played 1.02-1.05x as many 6-max hands at 1,024 tables and
# 1.12-1.14x at 4,096 in pairs, for only 1.8% fewer instructions and as many
# mispredicted branches (docs/benchmarks.md, "The round's seats as bits").  The seats
# still in with chips behind are a word too (`Hand.behind`): set when a round opens, kept
# by every fold and every chip put in (a blind, a call, a raise; nothing gives chips
# back within a round), so a completion, bet or raise makes the others due without a
# pass over the seats, and the search for a seat that could answer a raise
# (`raise_block`) asks only those seats, the folded and the all-in skipped without a
# branch each (docs/benchmarks.md, "The seats a raise makes due, as a word").
#
# Every fold, call and raise of a hand runs here, as does what `legal()` offers.  The
# rules follow RULES.md ("Betting") and, where a point of play is open, PHH's reference
# engine, so recorded hands replay the same everywhere:
#
# * The actors of a round act clockwise from the opener, skipping folded and all-in
#   seats; a completion, bet or raise makes everyone else due again.  The round ends
#   when nobody is due or one player is left.
# * Minimum raise: to the largest bet plus the larger of the round's minimum bet and
#   the largest completion/bet/raise increment so far (blinds are not increments).
#   A player may always go all-in for less.
# * A short all-in raise does not reopen the betting: a player who already acted may
#   not raise again until the short increments add up to a full raise, and a player
#   whose call is smaller than the last full increment may not raise.
# * Pot limit: the largest raise is to the call plus the pot after the call.  Fixed
#   limit: every bet and raise is the round's fixed size, and `cap` completions, bets
#   or raises end the raising (blinds are not counted; heads-up too).  Where the spec
#   says so, a raise goes at most to twice the bet it raises (Italian poker).
# * No raise is offered when no opponent could answer it (everyone else is all-in or
#   covered), and folding only when facing a bet.
# * Stud's bring-in (a street with one): the round's first actor posts the bring-in
#   (`bring_in_actor`, less than the round's bet) or completes to the round's bet; while
#   nobody has completed, a completion goes to the round's bet, not to the bring-in plus
#   a bet (PHH's reference: the completion and every raise after it count toward the
#   cap, the bring-in does not).
# * Two conditions a rule module may set on a round (games/engine/rules/): seats that
#   may not make its first bet (`closed`: Italian poker's opening requirement), and no
#   raise until somebody calls (`hold_raises`: a blind opening).

from libc.stdint cimport int64_t, uint8_t, uint32_t

from games.engine._state cimport (
    FIXED_LIMIT, POT_LIMIT, RB_ALL_IN_CALL, RB_CAP, RB_CLOSED, RB_HELD,
    RB_NO_ANSWER, RB_OK, RB_SHORT_ALL_IN, Hand, SeatChips, Spec,
)


cdef inline int clockwise(int s, int seats) noexcept nogil:
    """The seat after s, clockwise, without a branch (the wrap comes at a different
    turn of every loop round the table: a branch on it is mispredicted)."""
    s += 1
    return s - seats * (s >= seats)


cdef extern from *:
    """
    #if defined(_MSC_VER) && !defined(__clang__)
    #include <intrin.h>
    static inline int ph_lowest_bit(uint32_t m) {
        unsigned long k;
        _BitScanForward(&k, m);
        return (int)k;
    }
    #else
    static inline int ph_lowest_bit(uint32_t m) { return __builtin_ctz(m); }
    #endif
    """
    # the index of the lowest bit set of m (not 0)
    int lowest_bit "ph_lowest_bit"(uint32_t m) noexcept nogil


cdef inline bint one_at_most(uint32_t seats) noexcept nogil:
    """Whether a set of seats (bits) holds one seat or none."""
    return (seats & (seats - 1)) == 0


cdef inline int next_due(uint32_t due, int s, int seats) noexcept nogil:
    """The first seat of `due` (not empty) clockwise from seat s, s itself first,
    without a branch or a loop: the seats turned so that s is bit 0."""
    cdef uint32_t turned = (due >> s) | (due << (seats - s))
    s += lowest_bit(turned)
    return s - seats * (s >= seats)


cdef inline void seat_chips(Hand *h, const int64_t *stacks, int seats) noexcept nogil:
    """Seat the stacks (checked by the caller) of a hand whose struct is zeroed."""
    cdef int s
    h.seats = seats
    h.live = seats
    h.opener = -1
    h.cap = -1
    for s in range(seats):
        h.chips[s].stack = stacks[s]


cdef inline int64_t post(Hand *h, int seat, int64_t amount, bint as_bet, bint dead) noexcept nogil:
    """Post a forced bet (what the stack allows); returns the chips posted.  A blind is
    a bet of the first round; an ante goes straight into the pot, as dead money if
    `dead`."""
    if amount > h.chips[seat].stack:
        amount = h.chips[seat].stack
    h.chips[seat].stack -= amount
    h.chips[seat].put += amount
    h.behind &= ~((h.chips[seat].stack == 0) << seat)
    if as_bet:
        h.chips[seat].bet += amount
        if h.chips[seat].bet > h.high:
            h.high = h.chips[seat].bet
    elif dead:
        h.chips[seat].dead += amount
    return amount


cdef inline void add_dead(Hand *h, int seat, int64_t amount) noexcept nogil:
    """Chips from outside the stacks join the pot as dead money attributed to `seat`
    (a pot carried from an earlier deal)."""
    h.chips[seat].put += amount
    h.chips[seat].dead += amount


cdef inline bint start_round(const Spec *sp, Hand *h, int opener, int64_t min_bet,
                             int cap) noexcept nogil:
    """Open a betting round at `opener`; True if somebody must act in it.

    A seat acts in the round if it is still in, has chips behind, and could still lose
    more than it has in front: it is not already covering every chip the others have
    (PHH's reference skips such a player, so a big blind whose every opponent is
    all-in for less has no option)."""
    cdef int s, seats = h.seats
    cdef int64_t total, first = 0, second = 0, high = 0
    cdef uint32_t due = 0, behind = 0, a
    h.opener = opener
    h.round_min = min_bet
    h.cap = cap
    h.raises = 0
    h.last_amount = 0
    h.short_sum = 0
    h.hold_raises = 0
    h.bring_in = 0
    h.acted = 0
    h.closed = 0
    for s in range(seats):              # the two largest totals still in, kept
        if h.chips[s].bet > high:       # without a branch a seat (as maxima)
            high = h.chips[s].bet
        total = (h.chips[s].bet + h.chips[s].stack) * (h.folded[s] == 0)
        second = max(second, min(first, total))
        first = max(first, total)
    h.high = high
    for s in range(seats):              # a bit a seat, without a branch
        a = (h.folded[s] == 0) & (h.chips[s].stack > 0)
        behind |= a << s
        due |= (a & (second > h.chips[s].bet)) << s
    h.due = due
    h.behind = behind
    if (due == 0 or h.live <= 1
            or (one_at_most(due) and h.chips[lowest_bit(due)].bet >= high)):
        h.betting = 0
        h.actor = -1
        return False
    h.betting = 1
    h.actor = next_due(due, opener, seats)
    return True


cdef inline void pause_round(Hand *h) noexcept nogil:
    """Take the round back before anyone acted in it (a misdeal after the deal): the
    bets stay in front, nobody is to act; `start_round` opens it again."""
    h.betting = 0
    h.actor = -1


cdef inline bint collect(Hand *h, int *seat, int64_t *amount, int *able_after) noexcept nogil:
    """End of a round: the unmatched part of the largest bet goes back to its owner
    (True, with the seat and the chips); every other bet joins the pot.  `able_after`:
    the seats still in with chips behind once it is done (`able`), counted on the
    way."""
    cdef int s, top = -1, seats = h.seats, able = 0
    cdef int64_t first = 0, second = 0, bet
    cdef bint returned = False
    for s in range(seats):              # the two largest bets, as maxima (no branch)
        bet = h.chips[s].bet
        second = max(second, min(first, bet))
        top = s if bet > first else top
        first = max(first, bet)
    if top >= 0 and first > second:
        h.chips[top].stack += first - second
        h.chips[top].put -= first - second
        seat[0] = top
        amount[0] = first - second
        returned = True
    for s in range(seats):
        h.chips[s].bet = 0
        able += (h.folded[s] == 0) & (h.chips[s].stack > 0)
    able_after[0] = able
    h.last_high = h.high
    h.high = 0
    h.betting = 0
    return returned


cdef inline void set_folded(Hand *h, int seat) noexcept nogil:
    """Take a seat out of the hand outside a betting round (a mucked hand)."""
    if not h.folded[seat]:
        h.folded[seat] = 1
        h.live -= 1
    h.behind &= ~(1 << seat)


cdef inline void pay(Hand *h, int seat, int64_t amount) noexcept nogil:
    """Push chips from the pot to a seat."""
    h.chips[seat].stack += amount
    h.paid += amount


cdef inline int64_t pot_total(const Hand *h) noexcept nogil:
    """Chips in the pots (collected bets not yet pushed to a winner)."""
    cdef int64_t total = -h.paid
    cdef int s
    for s in range(h.seats):
        total += h.chips[s].put - h.chips[s].bet
    return total


cdef inline int able(const Hand *h) noexcept nogil:
    """Seats still in with chips behind."""
    cdef int s, n = 0
    for s in range(h.seats):
        n += (h.folded[s] == 0) & (h.chips[s].stack > 0)
    return n


cdef inline int64_t to_call(const Hand *h, int s) noexcept nogil:
    """Chips seat s must add to call (all it has when that is less)."""
    cdef int64_t call = h.high - h.chips[s].bet
    return h.chips[s].stack if call > h.chips[s].stack else call


cdef inline int raise_block(const Spec *sp, const Hand *h, int s) noexcept nogil:
    """RB_OK if seat s may complete, bet or raise now, else why not."""
    cdef int i
    cdef uint32_t others
    if h.high == 0 and (h.closed >> s) & 1:
        return RB_CLOSED
    if h.hold_raises:
        return RB_HELD
    if to_call(h, s) < h.last_amount:
        return RB_SHORT_ALL_IN          # facing a short all-in it already saw
    if h.cap >= 0 and h.raises >= h.cap:
        return RB_CAP
    if h.short_sum > 0 and h.short_sum < h.last_amount and (h.acted >> s) & 1:
        return RB_SHORT_ALL_IN
    if h.chips[s].stack <= h.high - h.chips[s].bet:
        return RB_ALL_IN_CALL
    # somebody else could answer: a seat still in with chips behind (a seat without
    # has nothing above its bet, and no bet is above the round's largest)
    others = h.behind & ~(1 << s)
    while others:
        i = lowest_bit(others)
        if h.chips[i].stack + h.chips[i].bet > h.high:
            return RB_OK
        others &= others - 1
    return RB_NO_ANSWER


cdef inline int64_t min_raise(const Hand *h, int s) noexcept nogil:
    cdef int64_t step = h.last_amount if h.last_amount > h.round_min else h.round_min
    cdef int64_t most = h.chips[s].stack + h.chips[s].bet
    cdef int64_t least = h.round_min if h.bring_in else h.high + step   # completing
    return most if least > most else least


cdef inline int64_t max_raise(const Spec *sp, const Hand *h, int s) noexcept nogil:
    cdef int64_t most = h.chips[s].stack + h.chips[s].bet
    cdef int64_t least, pot
    cdef int i
    if sp.structure == FIXED_LIMIT:
        return min_raise(h, s)
    if sp.structure == POT_LIMIT:
        least = min_raise(h, s)
        pot = 2 * h.high - h.chips[s].bet - h.paid
        for i in range(h.seats):
            pot += h.chips[i].put
        if pot < least:
            pot = least
        if pot < most:
            most = pot
    if sp.double_raise and h.high > 0 and 2 * h.high < most:
        least = min_raise(h, s)
        most = least if 2 * h.high < least else 2 * h.high
    return most


cdef inline void legal_bounds(const Spec *sp, const Hand *h, int s, uint8_t *fold,
                              int64_t *call, int64_t *low, int64_t *high) noexcept nogil:
    """What the betting round offers seat s: whether it may fold, the chips to call,
    and the bounds a complete, bet or raise may go to (-1, -1 where `raise_block` says
    it may not); the rows of a batch of tables after every action.  Written last: the
    outputs may be bytes, which could alias the hand."""
    cdef int64_t least = -1, most = -1
    cdef bint facing = h.high > h.chips[s].bet
    cdef int64_t owed = to_call(h, s)
    if raise_block(sp, h, s) == RB_OK:
        least = min_raise(h, s)
        most = max_raise(sp, h, s)
    fold[0] = facing
    call[0] = owed
    low[0] = least
    high[0] = most


cdef inline bint next_actor(Hand *h, int s) noexcept nogil:
    """After seat s acted: the next actor; True when the round is over."""
    h.acted |= 1 << s
    if h.due == 0 or h.live <= 1:
        h.betting = 0
        h.actor = -1
        return True
    h.actor = next_due(h.due, s, h.seats)
    return False


cdef inline int fold_actor(Hand *h) noexcept nogil:
    """The player to act folds; returns its seat."""
    cdef int s = h.actor
    h.due &= ~(1 << s)
    h.behind &= ~(1 << s)
    h.folded[s] = 1
    h.live -= 1
    return s


cdef inline int64_t call_actor(Hand *h) noexcept nogil:
    """The player to act checks (0) or calls; returns the chips it added."""
    cdef int s = h.actor
    cdef int64_t amount = to_call(h, s)
    h.due &= ~(1 << s)
    h.chips[s].stack -= amount
    h.chips[s].bet += amount
    h.chips[s].put += amount
    h.behind &= ~((h.chips[s].stack == 0) << s)
    if amount:
        h.hold_raises = 0
    return amount


cdef inline int64_t bring_in_actor(const Spec *sp, Hand *h) noexcept nogil:
    """The player to act posts the bring-in (what its stack allows); returns the chips.
    It is a bet of the round that sets no increment: a completion is still to come."""
    cdef int s = h.actor
    cdef int64_t amount = sp.bring_in if sp.bring_in < h.chips[s].stack else h.chips[s].stack
    h.due &= ~(1 << s)
    h.chips[s].stack -= amount
    h.chips[s].bet += amount
    h.chips[s].put += amount
    h.behind &= ~((h.chips[s].stack == 0) << s)
    if h.chips[s].bet > h.high:
        h.high = h.chips[s].bet
    h.bring_in = 2
    return amount


cdef inline bint raise_actor(Hand *h, int64_t value) noexcept nogil:
    """The player to act completes, bets or raises to `value` chips in front (checked
    by the caller); True for a raise, False for a bet (nothing in front before)."""
    cdef int s = h.actor
    cdef int64_t increment = value - h.high
    cdef int64_t delta = value - h.chips[s].bet
    cdef bint raised = h.high != 0
    h.bring_in = 0
    h.chips[s].stack -= delta
    h.chips[s].bet = value
    h.chips[s].put += delta
    h.high = value
    h.opener = s
    h.due = h.behind & ~(1 << s)        # everyone else still in with chips behind
    h.behind &= ~((h.chips[s].stack == 0) << s)
    if increment >= h.last_amount:
        h.acted = 0
        h.last_amount = increment
    h.raises += 1
    if h.chips[s].stack > 0:
        h.short_sum = 0
    else:
        h.short_sum += increment
        if h.short_sum >= h.last_amount:
            h.short_sum = 0
    return raised
