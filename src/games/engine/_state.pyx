"""The log of a hand: records appended in C, read back as `games.engine.Event` by the
machine (games/engine/_machine.pyx).

The log is the one part of a hand that grows: records and their cards are kept in
two arrays that double when full (malloc'd, freed with the hand).  An allocation that
fails marks the log `failed`; the machine turns that into a MemoryError.
"""

from libc.stdlib cimport free, realloc
from libc.string cimport memcpy


cdef int _grow(void **block, int *capacity, int needed, size_t item) noexcept nogil:
    """Make room for `needed` items; 0 on success, -1 when memory runs out."""
    cdef int size = capacity[0] if capacity[0] > 0 else 32
    cdef void *moved
    while size < needed:
        size *= 2
    moved = realloc(block[0], <size_t>size * item)
    if moved == NULL:
        return -1
    block[0] = moved
    capacity[0] = size
    return 0


cdef int log_add(Log *log, int kind, int seat, int64_t amount, bint has_amount,
                 const uint8_t *cards, int n, const int8_t *tags) noexcept nogil:
    """Append one record (cards[0:n], and a tag per card when `tags` is not NULL);
    0, or -1 when memory runs out (the log is then marked failed)."""
    cdef Rec *rec
    cdef void *moved
    if log.n >= log.cap and _grow(<void **>&log.recs, &log.cap, log.n + 1, sizeof(Rec)):
        log.failed = 1
        return -1
    if n > 0:
        if log.ncards + n > log.ccap:
            if _grow(<void **>&log.cards, &log.ccap, log.ncards + n, sizeof(uint8_t)):
                log.failed = 1
                return -1
            # the tags are kept the same length as the cards
            moved = realloc(log.tags, <size_t>log.ccap * sizeof(int8_t))
            if moved == NULL:
                log.failed = 1
                return -1
            log.tags = <int8_t *>moved
        memcpy(log.cards + log.ncards, cards, <size_t>n)
        if tags != NULL:
            memcpy(log.tags + log.ncards, tags, <size_t>n)
    rec = log.recs + log.n
    rec.kind = <uint8_t>kind
    rec.seat = <int8_t>seat
    rec.ncards = <uint8_t>n
    rec.flags = (REC_AMOUNT if has_amount else 0) | (REC_TAGS if tags != NULL else 0)
    rec.at = log.ncards
    rec.amount = amount
    log.n += 1
    log.ncards += n
    return 0


cdef void log_clear(Log *log) noexcept nogil:
    """Empty the log, keeping its memory."""
    log.n = 0
    log.ncards = 0
    log.failed = 0


cdef void log_free(Log *log) noexcept nogil:
    free(log.recs)
    free(log.cards)
    free(log.tags)
    log.recs = NULL
    log.cards = NULL
    log.tags = NULL
    log.n = log.cap = log.ncards = log.ccap = 0
