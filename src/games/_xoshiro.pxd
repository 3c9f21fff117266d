# The one random generator of the games' kernels: xoshiro256** (Blackman and Vigna)
# with splitmix64 to spread a seed over its state.  64-bit integer arithmetic only, so
# a seed gives the same stream on every platform.  The equity sampler
# (games/equity/_sample.pyx) and the dealer's shuffle (games/engine/_deck.pxd) each
# seed it their own way and draw from it here.

from libc.stdint cimport uint64_t


cdef struct Xoshiro:
    uint64_t s[4]


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t splitmix(uint64_t *x) noexcept nogil:
    """The next splitmix64 output of the state x (which it advances)."""
    cdef uint64_t z
    x[0] += <uint64_t>0x9E3779B97F4A7C15
    z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint64_t xoshiro_next(Xoshiro *r) noexcept nogil:
    cdef uint64_t result = rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = rotl(r.s[3], 45)
    return result


cdef inline void xoshiro_seed(Xoshiro *r, uint64_t seed, uint64_t stream) noexcept nogil:
    """Seed r for stream `stream` of `seed` (the Monte Carlo kernels' chunk i draws
    from stream i): the two spread through splitmix64, so neighbouring streams share
    nothing."""
    cdef uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ULL)
    cdef int i
    splitmix(&x)
    for i in range(4):
        r.s[i] = splitmix(&x)
