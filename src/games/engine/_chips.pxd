# The chips of a hand and its betting round, in C over games/engine/_state.pxd's Hand
# (see _chips.pyx for the rules).  Nothing here logs or checks its input: the steps
# (_steps.pyx) log, the machine (_machine.pyx) checks before it acts.

from libc.stdint cimport int64_t

from games.engine._state cimport Hand, Spec

cdef void seat_chips(Hand *h, const int64_t *stacks, int seats) noexcept nogil
cdef int64_t post(Hand *h, int seat, int64_t amount, bint as_bet, bint dead) noexcept nogil
cdef void add_dead(Hand *h, int seat, int64_t amount) noexcept nogil
cdef bint start_round(const Spec *sp, Hand *h, int opener, int64_t min_bet,
                      int cap) noexcept nogil
cdef void pause_round(Hand *h) noexcept nogil
cdef bint collect(Hand *h, int *seat, int64_t *amount) noexcept nogil
cdef void set_folded(Hand *h, int seat) noexcept nogil
cdef void pay(Hand *h, int seat, int64_t amount) noexcept nogil
cdef int64_t pot_total(const Hand *h) noexcept nogil
cdef int able(const Hand *h) noexcept nogil
cdef int64_t to_call(const Hand *h, int s) noexcept nogil
cdef int raise_block(const Spec *sp, const Hand *h, int s) noexcept nogil
cdef int64_t min_raise(const Hand *h, int s) noexcept nogil
cdef int64_t max_raise(const Spec *sp, const Hand *h, int s) noexcept nogil
cdef int fold_actor(Hand *h) noexcept nogil
cdef int64_t call_actor(Hand *h) noexcept nogil
cdef int64_t bring_in_actor(const Spec *sp, Hand *h) noexcept nogil
cdef bint raise_actor(Hand *h, int64_t value) noexcept nogil
cdef bint next_actor(Hand *h, int s) noexcept nogil
