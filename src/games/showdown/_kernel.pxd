# The one pot-splitting routine of the package (games/showdown/_kernel.pyx), public to
# the other compiled parts of `games` (the engine settles its hands with it): side pots
# by contribution, dead money to the main pot, Hi/Lo halves, ties split with the odd
# chips clockwise from the button.  games/showdown/pots.py is its plain reference.

from libc.stdint cimport int64_t, uint8_t

from evaluator.typedefs cimport rank_t

cdef void settle_deal(int n, const int64_t *contributions, const int64_t *dead,
                      const uint8_t *folded, const rank_t *high, const rank_t *low,
                      int button, int64_t *out) noexcept nogil
