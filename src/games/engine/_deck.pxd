# The seeded deck of a hand and where each card is, in C over _state.pxd's Hand (see
# _deck.pyx).

from libc.stdint cimport uint8_t, uint64_t

from games.engine._state cimport Hand, Spec

cdef void deck_init(const Spec *sp, Hand *h) noexcept nogil
cdef void seed_deck(Hand *h, uint64_t seed) noexcept nogil
cdef int stub_size(const Spec *sp, const Hand *h) noexcept nogil
cdef int draw(const Spec *sp, Hand *h, int count, int place, uint8_t *out) noexcept nogil
cdef void take(Hand *h, const uint8_t *cards, int n, int place) noexcept nogil
cdef void name_cards(Hand *h, const uint8_t *cards, int n, int place) noexcept nogil
cdef void move(Hand *h, const uint8_t *cards, int n, int place) noexcept nogil
cdef void gather(const Spec *sp, Hand *h) noexcept nogil
cdef int cards_in(const Spec *sp, const Hand *h, int place, uint8_t *out) noexcept nogil
