# Lookup tables of a hand type, built on first use by _tables.pyx.
from evaluator._keys cimport Tables
from evaluator._types cimport uint32_t

# Value of a five-card hand as a "strength": any integer order where higher is better
# and 0 means "no hand" (a low that does not qualify).  `counts` holds the number of
# cards of each of the 13 ranks; `mask` is the 13-bit rank mask of a five-card flush.
ctypedef uint32_t (*strength5_fn)(const int *counts) noexcept nogil
ctypedef uint32_t (*flush5_fn)(uint32_t mask) noexcept nogil


cdef class HandTables:
    cdef Tables t                   # raw pointers into the arrays below, for the kernels
    cdef readonly object offsets    # (rows,) uint32: perfect-hash row offsets (shared)
    cdef readonly object ranks      # (slots,) uint16: value by hashed rank key
    cdef readonly object flush      # (8192,) uint16 by suit mask, or None (suits ignored)
    cdef readonly object classes    # (C,) uint32: strength of value v is classes[v - 1]
    cdef readonly int max_cards     # largest hand the tables answer for (<= 7)
    cdef readonly int min_cards     # hand size the classes are ranked at (5; 3 for OFC top)


cdef HandTables make_tables(strength5_fn strength, flush5_fn flush, int max_cards,
                            int min_cards=*)
