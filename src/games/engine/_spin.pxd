# What a batch of tables' own worker threads need to hand a step over and back
# without sleeping: a word read with acquire and written with release, a counter each
# thread takes the next share of work from (`spin_take`: it returns the count before
# its addition), and the turn of a waiting loop (`spin_idle`): a pause, a yield of the
# CPU, naps once it has waited long enough.
#
# Why not a pool: a thread pool wakes its worker through the kernel, about 50 us a
# step on a virtual machine (measured; a step of 4,096 tables takes 300-700 us), so two
# threads ran 1.4x one.  A worker that spins between steps sees the next one at once.

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #ifndef WIN32_LEAN_AND_MEAN
    #define WIN32_LEAN_AND_MEAN
    #endif
    #include <windows.h>
    static long ph_load(volatile long *p) { return InterlockedCompareExchange(p, 0, 0); }
    static void ph_store(volatile long *p, long v) { InterlockedExchange(p, v); }
    static long ph_take(volatile long *p, long n) { return InterlockedExchangeAdd(p, n); }
    static void ph_pause(void) { YieldProcessor(); }
    static void ph_yield(void) { SwitchToThread(); }
    static void ph_nap(long us) { Sleep(us < 1000 ? 1 : (DWORD)(us / 1000)); }
    static void ph_store_byte(volatile unsigned char *p, unsigned char v) {
        MemoryBarrier();
        *p = v;
    }
    #else
    #include <sched.h>
    #include <time.h>
    static void ph_yield(void) { sched_yield(); }
    static long ph_load(volatile long *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
    static void ph_store(volatile long *p, long v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
    static long ph_take(volatile long *p, long n) {
        return __atomic_fetch_add(p, n, __ATOMIC_RELAXED);
    }
    static void ph_store_byte(volatile unsigned char *p, unsigned char v) {
        __atomic_store_n(p, v, __ATOMIC_RELEASE);
    }
    #if defined(__x86_64__) || defined(__i386__)
    static void ph_pause(void) { __builtin_ia32_pause(); }
    #elif defined(__aarch64__)
    static void ph_pause(void) { __asm__ __volatile__("yield"); }
    #else
    static void ph_pause(void) { }
    #endif
    static void ph_nap(long us) {
        struct timespec t = {us / 1000000, (us % 1000000) * 1000};
        nanosleep(&t, NULL);
    }
    #endif
    """
    long spin_load "ph_load"(long *p) noexcept nogil
    void spin_store "ph_store"(long *p, long v) noexcept nogil
    long spin_take "ph_take"(long *p, long n) noexcept nogil
    void spin_store_byte "ph_store_byte"(unsigned char *p, unsigned char v) noexcept nogil
    void spin_pause "ph_pause"() noexcept nogil
    void spin_yield "ph_yield"() noexcept nogil
    void spin_nap "ph_nap"(long us) noexcept nogil


#: the turns of a waiting loop: pauses first, then yields of the CPU (a thread it waits
#: for may need that CPU: more threads than CPUs), then naps of 0.1 ms (about a second
#: of them), then of 2 ms (tables nobody steps cost next to nothing)
cdef enum:
    SPIN_PAUSES = 4096
    SPIN_YIELDS = 1 << 16
    SPIN_NAPS = 10000


cdef inline void spin_idle(long *idle) noexcept nogil:
    """One turn of a waiting loop: pause, yield, nap, as the wait grows."""
    if idle[0] < SPIN_PAUSES:
        spin_pause()
    elif idle[0] < SPIN_PAUSES + SPIN_YIELDS:
        spin_yield()
    elif idle[0] < SPIN_PAUSES + SPIN_YIELDS + SPIN_NAPS:
        spin_nap(100)
    else:
        spin_nap(2000)
        return
    idle[0] += 1
