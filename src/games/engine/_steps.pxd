# How a hand moves on, in C over _state.pxd's Hand (see _steps.pyx).  Every function
# returns 0, or an error code (E_*) that the caller turns into an exception; the
# actions trust their input, which the machine (_machine.pyx) has checked.

from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t

from evaluator.typedefs cimport key_t
from games.engine._state cimport MAX_SEATS, Hand, Log, Spec

# A showdown's first pass (`showdown_ask`): each seat's key and its slot of the ranks
# table, whose line is asked for; `showdown_pay` values and settles from them.
ctypedef struct Showdown:
    key_t keys[MAX_SEATS]
    uint32_t slots[MAX_SEATS]

cdef enum:
    E_STUB = -1         # the stub ran out of cards
    E_MEMORY = -2       # the log could not grow

cdef int new_hand(const Spec *sp, Hand *h, Log *log, const int64_t *stacks,
                  bint has_seed, uint64_t seed, bint autodeal) noexcept nogil
cdef int begin(const Spec *sp, Hand *h, Log *log, const int64_t *stacks,
               bint autodeal) noexcept nogil
cdef int advance(const Spec *sp, Hand *h, Log *log) noexcept nogil
cdef int resume(const Spec *sp, Hand *h, Log *log) noexcept nogil
cdef int open_round(const Spec *sp, Hand *h, Log *log, int opener) noexcept nogil
cdef int default_opener(const Spec *sp, const Hand *h, int street) noexcept nogil
cdef int round_over(const Spec *sp, Hand *h, Log *log) noexcept nogil
cdef int discard(const Spec *sp, Hand *h, Log *log, const uint8_t *cards,
                 int n) noexcept nogil
cdef int show(const Spec *sp, Hand *h, Log *log, int seat, const uint8_t *cards,
              int n) noexcept nogil
cdef int muck(const Spec *sp, Hand *h, Log *log, int seat) noexcept nogil
cdef int deal_hole(const Spec *sp, Hand *h, Log *log, int seat, const uint8_t *cards,
                   int n) noexcept nogil
cdef int deal_board(const Spec *sp, Hand *h, Log *log, const uint8_t *cards,
                    int n) noexcept nogil
cdef int burn(const Spec *sp, Hand *h, Log *log, int count) noexcept nogil
cdef int serve(const Spec *sp, Hand *h, Log *log, int seat, int count,
               uint64_t held) noexcept nogil
cdef int name_in_hand(Hand *h, int seat, const uint8_t *cards, int n) noexcept nogil
cdef void remove_turn(Hand *h, int seat) noexcept nogil
cdef void finish(const Spec *sp, Hand *h) noexcept nogil
cdef int settle_values(const Spec *sp, const Hand *h, int64_t *payouts) noexcept nogil
cdef void showdown_ask(const Spec *sp, const Hand *h, Showdown *sd) noexcept nogil
cdef int showdown_pay(const Spec *sp, Hand *h, Log *log, const Showdown *sd) noexcept nogil
