# A hand's opening, played once by the machine and copied (the batch of tables,
# _batch.pyx).  The functions are inline, compiled into the batch (see _chips.pxd).
#
# Without `carry` every hand of a batch starts the same way but for its cards: the same
# seats with the same stacks post the same blinds, the first street is dealt to the
# same places and the first round opens at the same seat.  The machine's start of a
# hand (`new_hand`: the reset, the forced bets, the first deal, the steps up to the
# first decision) cost a quarter of a random 6-max hand's instructions, most of it
# the same every time.  So the batch has the machine play that start once, on a spare
# hand (the opening), notes where each card it dealt went (its place in the order the
# shuffle drew them), and starts every later hand as a copy of it that draws its own
# cards from its own seed, in the same order, into the same places.
#
# The copy is not a second set of rules: the opening is the machine's own hand, and
# `opening_build` proves the copy right for the batch's game before any hand uses it.
# It plays eight more seeds both ways, the machine's start and the copy, and requires
# the two hands to be equal byte for byte.  Where they would differ (a first decision
# that depends on the cards, as stud's bring-in does; a hand that could end before
# anyone decides; a start that records anything in the batch's log), the batch keeps
# starting its hands with the machine.

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcmp, memcpy, memset

from games.engine cimport _steps as steps
from games.engine._deck cimport deck_init, first_draws, seed_deck
from games.engine._state cimport (
    HOLE, MAX_HOLE, MAX_SEATS, W_PLAYER, Hand, Log, Spec, log_free,
)


cdef enum:
    PROOFS = 8          # seeds the copy is checked with against the machine


ctypedef struct Opening:
    Hand h                          # the machine's hand at its first decision
    int cards                       # the cards its start drew (all of them to holes)
    int8_t at[MAX_SEATS][MAX_HOLE]  # hole card j of seat s: the at[s][j]-th card drawn
    int usable                      # proved for this game (`opening_build`): copy it


cdef inline bint _start(const Spec *sp, Hand *h, const int64_t *stacks, uint64_t seed,
                        uint64_t skip) noexcept nogil:
    """The machine's start of a hand with this seed, on h; whether it stops at a
    player's decision having recorded nothing a log skipping `skip` keeps."""
    cdef Log log
    cdef int status, recorded
    memset(&log, 0, sizeof(Log))
    log.skip = skip
    status = steps.new_hand(sp, h, &log, stacks, True, seed, True)
    recorded = log.n
    log_free(&log)
    return status == 0 and recorded == 0 and h.wait == W_PLAYER


cdef inline void opening_copy(const Opening *o, const Spec *sp, Hand *h,
                              uint64_t seed) noexcept nogil:
    """Start h as the opening, with this seed, its cards still to draw
    (`opening_cards`): what `new_hand` writes but the cards, the same bytes (the chips
    of seats not dealt in and the storage read below its count are left, as
    `new_hand` leaves them)."""
    cdef const Hand *src = &o.h
    memcpy(h, src, <size_t>(<char *>&src.chips[src.seats] - <char *>src))
    memcpy(&h.serving, &src.serving, <size_t>(<char *>&src.where[0] - <char *>&src.serving))
    h.drawn = 0                         # the deck as the reset leaves it
    h.up_head = 0
    h.up_len = 0
    h.up_target = 0
    h.up_pool = 0
    deck_init(sp, h)
    seed_deck(h, seed)


cdef inline void opening_cards(const Opening *o, const Spec *sp, Hand **hands,
                               int n) noexcept nogil:
    """The cards of n <= GROUP hands copied by `opening_copy`: as many as the opening
    drew, drawn together (`first_draws`: cannot fail), each into its place."""
    cdef int k, s, j
    cdef Hand *h
    first_draws(sp, hands, n, o.cards, HOLE)
    for k in range(n):
        h = hands[k]
        for s in range(h.seats):
            for j in range(h.nhole[s]):
                h.hole[s][j] = h.upcoming[o.at[s][j]]


cdef inline void opening_deal(const Opening *o, const Spec *sp, Hand *h,
                              uint64_t seed) noexcept nogil:
    """Start h as the opening, with this seed's cards (`opening_copy`, then
    `opening_cards` for it alone)."""
    opening_copy(o, sp, h, seed)
    opening_cards(o, sp, &h, 1)


cdef inline bint _found(Opening *o) noexcept nogil:
    """Where each hole card of the opening came in its draw (all of them, each once)."""
    cdef const Hand *h = &o.h
    cdef int8_t drawn_at[256]           # by card (NO_CARD included): -1, not drawn
    cdef int s, j, m, placed = 0
    o.cards = h.up_head
    if h.up_len != h.up_head:           # cards sampled ahead, not dealt
        return False
    memset(drawn_at, -1, sizeof(drawn_at))
    for m in range(o.cards):
        drawn_at[h.upcoming[m]] = <int8_t>m
    for s in range(h.seats):
        for j in range(h.nhole[s]):
            m = drawn_at[h.hole[s][j]]
            if m < 0:
                return False
            o.at[s][j] = <int8_t>m
            placed += 1
    return placed == o.cards


cdef inline void opening_build(Opening *o, const Spec *sp, const int64_t *stacks,
                               uint64_t skip, uint64_t seed) noexcept nogil:
    """The machine's opening of hands of this spec and these stacks, `usable` only if
    copying it gives the machine's own start, byte for byte, for PROOFS other seeds."""
    cdef Hand by_machine
    cdef Hand by_copy
    cdef int k
    memset(o, 0, sizeof(Opening))
    if not _start(sp, &o.h, stacks, seed, skip) or not _found(o):
        return
    for k in range(1, PROOFS + 1):
        memset(&by_machine, 0, sizeof(Hand))
        memset(&by_copy, 0, sizeof(Hand))
        if not _start(sp, &by_machine, stacks, seed + <uint64_t>k, skip):
            return
        opening_deal(o, sp, &by_copy, seed + <uint64_t>k)
        if memcmp(&by_machine, &by_copy, sizeof(Hand)):
            return
    o.usable = 1
