# Asking for a cache line before it is needed, in C, shared by the compiled parts of
# the engine: a batch of tables asks for the lines of the tables a few places ahead of
# the one it acts at (games/engine/_batch.pyx), and a showdown for the slots of the
# hand values it is about to read (games/engine/_steps.pyx, `_best_values`).  Where
# the compiler has no prefetch, asking is nothing.
#
# `prefetch` says the line is to be written, but a build for baseline x86-64 has no
# PREFETCHW (GCC emits it only with -mprfchw), so there both ask as PREFETCHT0: a line
# no other core holds arrives ready to write all the same.  For the lines the other
# thread of a step holds, PREFETCHW forced by hand measured no faster on Zen 4
# (docs/benchmarks.md, "Two threads and how far apart the vCPUs sit").

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define ph_prefetch(p) __builtin_prefetch((p), 1, 3)
    #define ph_prefetch_read(p) __builtin_prefetch((p), 0, 3)
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    #include <xmmintrin.h>
    #define ph_prefetch(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
    #define ph_prefetch_read(p) ph_prefetch(p)
    #else
    #define ph_prefetch(p) ((void)(p))
    #define ph_prefetch_read(p) ((void)(p))
    #endif
    /* The n lines from p on, without a loop: n is a batch's constant (8 at six seats)
       but not the compiler's, and a loop's counting cost four instructions a line,
       about 490 a six-max hand. */
    static inline void ph_prefetch_lines(const char *p, int n) {
        int k;
        switch (n) {
        default:
            for (k = 12; k < n; k++) ph_prefetch(p + 64 * k);
            /* fall through */
        case 12: ph_prefetch(p + 64 * 11); /* fall through */
        case 11: ph_prefetch(p + 64 * 10); /* fall through */
        case 10: ph_prefetch(p + 64 * 9); /* fall through */
        case 9: ph_prefetch(p + 64 * 8); /* fall through */
        case 8: ph_prefetch(p + 64 * 7); /* fall through */
        case 7: ph_prefetch(p + 64 * 6); /* fall through */
        case 6: ph_prefetch(p + 64 * 5); /* fall through */
        case 5: ph_prefetch(p + 64 * 4); /* fall through */
        case 4: ph_prefetch(p + 64 * 3); /* fall through */
        case 3: ph_prefetch(p + 64 * 2); /* fall through */
        case 2: ph_prefetch(p + 64); /* fall through */
        case 1: ph_prefetch(p); /* fall through */
        case 0: break;
        }
    }
    """
    void prefetch "ph_prefetch"(const void *p) noexcept nogil              # to be written
    void prefetch_read "ph_prefetch_read"(const void *p) noexcept nogil    # only read
    void prefetch_lines "ph_prefetch_lines"(const char *p, int n) noexcept nogil
