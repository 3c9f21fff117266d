"""A seeded shuffle in C for the dealer: xoshiro256** (games/_xoshiro.pxd) seeded
through splitmix64.

Python's `random.Random(seed)` takes microseconds just to seed, more than the rest of
dealing a hand; this generator seeds and draws in nanoseconds, and gives the same
cards for the same seed on every platform (64-bit integer arithmetic only).  Draws
below n reject the values that would bias the remainder, so every card is equally
likely.
"""

from libc.stdint cimport uint64_t

from games._xoshiro cimport Xoshiro, splitmix, xoshiro_next


cdef class Shuffler:
    """A random source for one deck: `sample(pool, k)` picks k cards uniformly."""

    cdef Xoshiro rng

    def __init__(self, seed):
        """seed: a non-negative int of any size (its 64-bit words are mixed in)."""
        cdef uint64_t x = 0
        cdef int i
        value = int(seed)
        if value < 0:
            raise ValueError(f"seed must be 0 or more, got {value}")
        while True:
            x ^= <uint64_t>(value & 0xFFFFFFFFFFFFFFFF)
            x = splitmix(&x)
            value >>= 64
            if not value:
                break
        for i in range(4):
            self.rng.s[i] = splitmix(&x)

    cdef inline uint64_t _below(self, uint64_t n) noexcept nogil:
        """Uniform in 0..n-1 (n > 0): reject the few values that would favour the
        low residues, then take the remainder (portable: no 128-bit product)."""
        cdef uint64_t threshold = (-n) % n
        cdef uint64_t r = xoshiro_next(&self.rng)
        while r < threshold:
            r = xoshiro_next(&self.rng)
        return r % n

    def sample(self, list pool, int k):
        """k distinct items of `pool` in random order (a partial Fisher-Yates)."""
        cdef list items = list(pool)
        cdef Py_ssize_t n = len(items), i, j
        if not 0 <= k <= n:
            raise ValueError(f"cannot draw {k} of {n} cards")
        for i in range(k):
            j = i + <Py_ssize_t>self._below(<uint64_t>(n - i))
            items[i], items[j] = items[j], items[i]
        return items[:k]

    def getstate(self):
        return (self.rng.s[0], self.rng.s[1], self.rng.s[2], self.rng.s[3])
