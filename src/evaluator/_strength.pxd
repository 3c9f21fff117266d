# Five-card "strengths" shared by every high-style hand type (HIGH, 2-7, short deck,
# Italian): category << 20 | five 4-bit ranks, most significant first.  Inline, so
# each table module compiles its own copy; the hand types differ only by the data they
# pass (which straight the ace makes low, and a category order).
from evaluator.typedefs cimport uint32_t

# HIGH's category numbers, weakest first
cdef enum:
    HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH

cdef enum:
    ACE = 12
    WHEEL_52 = 0x100F       # A-2-3-4-5: the lowest straight of a 52-card deck
    NO_WHEEL = 0            # the ace never plays low (2-7 lowball)


cdef inline uint32_t pack(int category, int a, int b, int c, int d, int e) noexcept nogil:
    return (<uint32_t>category << 20) | (a << 16) | (b << 12) | (c << 8) | (d << 4) | e


cdef inline bint run_of_five(uint32_t mask) noexcept nogil:
    """Five ranks in a row, the ace high only (a five-rank mask)."""
    cdef int top
    for top in range(12, 3, -1):
        if mask == (<uint32_t>0x1f << (top - 4)):
            return True
    return False


cdef inline uint32_t high_like(const int *counts, uint32_t wheel) noexcept nogil:
    """Strength of five cards without a flush, in HIGH's category numbers.

    `counts` holds the cards of each rank.  `wheel` is the rank mask of the straight
    where the ace plays low (the other four ranks then come first, the ace last), or
    NO_WHEEL.  Ranks are packed by group: quads, trips, pairs, then singles, higher
    first within a group."""
    cdef int r, n4 = -1, n3 = -1, p1 = -1, p2 = -1
    cdef int singles[5]
    cdef int ns = 0
    cdef uint32_t mask = 0
    for r in range(12, -1, -1):
        if counts[r] == 4:
            n4 = r
        elif counts[r] == 3:
            n3 = r
        elif counts[r] == 2:
            if p1 < 0:
                p1 = r
            else:
                p2 = r
        elif counts[r] == 1:
            singles[ns] = r
            ns += 1
        if counts[r]:
            mask |= 1u << r
    if n4 >= 0:
        return pack(QUADS, n4, n4, n4, n4, singles[0])
    if n3 >= 0:
        if p1 >= 0:
            return pack(FULL_HOUSE, n3, n3, n3, p1, p1)
        return pack(TRIPS, n3, n3, n3, singles[0], singles[1])
    if p2 >= 0:
        return pack(TWO_PAIR, p1, p1, p2, p2, singles[0])
    if p1 >= 0:
        return pack(PAIR, p1, p1, singles[0], singles[1], singles[2])
    if wheel != NO_WHEEL and mask == wheel:
        return pack(STRAIGHT, singles[1], singles[2], singles[3], singles[4], ACE)
    if run_of_five(mask):
        return pack(STRAIGHT, singles[0], singles[1], singles[2], singles[3], singles[4])
    return pack(HIGH_CARD, singles[0], singles[1], singles[2], singles[3], singles[4])


cdef inline uint32_t high_like_flush(uint32_t mask, uint32_t wheel) noexcept nogil:
    """Strength of a five-card flush (rank mask `mask`): a straight flush or a flush."""
    cdef int counts[13]
    cdef int r
    cdef uint32_t s
    for r in range(13):
        counts[r] = (mask >> r) & 1
    s = high_like(counts, wheel)
    if (s >> 20) == STRAIGHT:
        return (s & 0xfffff) | (<uint32_t>STRAIGHT_FLUSH << 20)
    return (s & 0xfffff) | (<uint32_t>FLUSH << 20)


cdef inline uint32_t reorder(uint32_t s, const int *order) noexcept nogil:
    """Replace a HIGH category number by its place in another category order
    (order[high category] = new category)."""
    return (<uint32_t>order[s >> 20] << 20) | (s & 0xfffff)
