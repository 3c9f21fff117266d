# Fixed-width C types shared by every kernel, in one place (public: code built on the
# evaluator cimports them with `from evaluator.typedefs cimport ...`).
#
#   card_t   one card, 4*rank + suit (2c = 0 ... As = 51); rows of cards are (N, k) uint8
#   key_t    a hand key: the sum of its cards' CARD_KEY entries (see keys.pxd)
#   rank_t   a hand's value as returned to Python; higher is better, 0 means "no hand"
#   entry_t  a value stored in a lookup table (every hand type fits in 16 bits)
#   offset_t a perfect-hash row offset, in units of OFFSET_SCALE slots (tables.pxd)
#   count_t  counters and indices that may exceed 2**31 (histograms, row numbers)
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

ctypedef uint8_t card_t
ctypedef uint64_t key_t
ctypedef int32_t rank_t
ctypedef uint16_t entry_t
ctypedef uint16_t offset_t
ctypedef int64_t count_t
