# A batch of tables' worker threads, and how the tables of one job (a step, or the
# cards of the hands a step started) are split among them and handed back: the
# protocol alone, over a struct of its state (`Crew`).  What a thread does with the
# tables it is given, and what a step's check is, are the batch's
# (games/engine/_batch.pyx); the threads themselves are Python's, started by it.  The
# functions are inline, compiled into the batch (see _chips.pxd).
#
# A job, as the batch runs it:
#   - the posting thread sets the gate (`gate_set`), then posts the tables lo..hi-1
#     (`crew_post`): a slice each for this thread (0) and the workers (1..), and a
#     release store of the job's number to each worker (`Worker.seq`), which
#     publishes the slices and the gate;
#   - a step's threads pass the gate first: every thread checks its own slice and
#     thread 0 decides (GATE_SPLIT), or, for a step left in flight, the first thread
#     to come checks them all (GATE_PENDING); a refused step plays no table;
#   - each thread plays its slice but the tail, then takes shares of every slice's
#     tail, its own first (`crew_share`);
#   - each worker publishes its count (`crew_report`), and thread 0, done with its
#     own, waits for them and adds them up (`crew_join`).
# The atomic words and the waiting loop are games/engine/_spin.pxd's.

from libc.stdint cimport int64_t
from libc.stdlib cimport calloc, free

from games.engine._spin cimport spin_idle, spin_load, spin_store, spin_take


ctypedef struct Worker:
    long seq                        # the last job posted to it (-1: stop)
    long done                       # the last job it finished
    int64_t finished                # the hands its part of the job finished
    int failed                      # the tables that failed (their status says why)
    char pad[64]                    # one worker's words off the next one's line


# A job on several threads gives each thread a slice of the tables, as fixed slices
# always did (a thread meets the same tables step after step, which its cache still
# holds some of), but keeps back the last 1/TAIL_PART of each slice as shares that any
# thread may take once its own are done, its own tail first: the two vCPUs of a shared
# host do not run at the same speed, and with fixed slices the faster thread waited for
# the slower one 3-24 us of a 160 us step (2,048 six-max tables, two threads).  Which
# thread plays a table never changes what it plays.
# The counter sits on a cache line of its own (the padding before and after it): every
# take writes it, while the threads read the job's other words all the time.
ctypedef struct Tail:
    char before[64]
    long next                       # the first table of the tail not taken yet
    int start                       # the slice start..stop-1, its tail from `tail`
    int tail
    int stop
    long checked                    # the job whose slice its thread checked (GATE_SPLIT)
    int first, why                  # what it found (the batch's check)
    char after[64]

cdef enum:
    TAIL_PART = 4                   # a slice keeps back 1/TAIL_PART of its tables

cdef enum:
    GATE_PENDING = 0                # the actions are not checked yet
    GATE_OPEN = 1                   # checked: every thread plays
    GATE_SHUT = 2                   # refused: nobody plays, no table changes
    GATE_SPLIT = 3                  # each thread checks its slice; thread 0 decides


ctypedef struct Crew:
    Worker *workers                 # one a worker thread (nworkers)
    Tail *tails                     # one a thread of the job, this one first
    int nworkers                    # workers started (a job may use fewer)
    int threads                     # threads of the job posted: this one and workers
    long job                        # the number of the last job posted (`Worker.seq`)
    long gate                       # GATE_*
    long claim                      # threads that reached a pending gate
    int refused_at, refused_why     # the check's answer where it shut the gate


cdef inline void wait_for(long *word, long value) noexcept nogil:
    """Wait until the word holds `value`."""
    cdef long idle = 0
    while spin_load(word) != value:
        spin_idle(&idle)


cdef inline int crew_alloc(Crew *c, int count) noexcept nogil:
    """Room for `count` workers (none started yet); -1 when there is no memory."""
    c.workers = <Worker *>calloc(count if count > 1 else 1, sizeof(Worker))
    c.tails = <Tail *>calloc(count + 1, sizeof(Tail))
    c.nworkers = 0
    return -1 if c.workers == NULL or c.tails == NULL else 0


cdef inline void crew_free(Crew *c) noexcept nogil:
    """The workers' room given back (they have ended)."""
    free(c.workers)
    free(c.tails)
    c.workers = NULL
    c.tails = NULL
    c.nworkers = 0


cdef inline void crew_stop(Crew *c) noexcept nogil:
    """Tell every worker to end (`crew_await` returns -1)."""
    cdef int w
    for w in range(c.nworkers):
        spin_store(&c.workers[w].seq, -1)


# ---------------------------------------------------------------- posting and joining

cdef inline void crew_post(Crew *c, int lo, int hi, bint kept) noexcept nogil:
    """Post tables lo..hi-1 to the job's threads: each a slice, keeping its last
    1/TAIL_PART back as shares (`kept`), or all of it shares (a job left in flight:
    whoever is free plays)."""
    cdef int w, span = hi - lo
    cdef Tail *tail
    for w in range(c.threads):          # published by the posts' release stores
        tail = &c.tails[w]
        tail.start = lo + <int>(<int64_t>span * w // c.threads)
        tail.stop = lo + <int>(<int64_t>span * (w + 1) // c.threads)
        tail.tail = tail.stop - (tail.stop - tail.start) // TAIL_PART if kept else tail.start
        tail.next = tail.tail
    c.job += 1
    for w in range(c.threads - 1):
        spin_store(&c.workers[w].seq, c.job)


cdef inline bint crew_share(Crew *c, int me, long size, int *v, int *start, int *end,
                            int *stop) noexcept nogil:
    """Thread me's next share of the tails (`size` tables at most), its own tail first
    (v: the tails tried so far, 0 at the start): start..end-1 of the slice that ends
    at `stop`; False when every tail is taken."""
    cdef Tail *tail
    cdef long at
    while v[0] < c.threads:
        tail = &c.tails[(me + v[0]) % c.threads]
        at = spin_take(&tail.next, size)
        if at < tail.stop:
            start[0] = <int>at
            end[0] = <int>(at + size) if at + size < tail.stop else tail.stop
            stop[0] = tail.stop
            return True
        v[0] += 1
    return False


cdef inline void crew_join(Crew *c, int64_t *finished, int *failed) noexcept nogil:
    """Thread 0, its own part done: wait for the job's workers, adding their counts."""
    cdef int w
    cdef Worker *wk
    for w in range(c.threads - 1):
        wk = &c.workers[w]
        wait_for(&wk.done, wk.seq)
        finished[0] += wk.finished
        failed[0] += wk.failed


# ---------------------------------------------------------------- a worker's side

cdef inline long crew_await(Crew *c, int w, long seen) noexcept nogil:
    """Worker w waits for a job after `seen`: its number, or -1 to end.  It spins,
    then naps once none comes for a while (`spin_idle`)."""
    cdef long idle = 0, posted
    while True:
        posted = spin_load(&c.workers[w].seq)
        if posted != seen:
            return posted
        spin_idle(&idle)


cdef inline void crew_report(Crew *c, int w, long job, int64_t finished,
                             int failed) noexcept nogil:
    """Worker w finished `job`: its counts, published by the release store of `done`."""
    c.workers[w].finished = finished
    c.workers[w].failed = failed
    spin_store(&c.workers[w].done, job)


# ---------------------------------------------------------------- the gate

cdef inline void gate_set(Crew *c, long state) noexcept nogil:
    """The gate of the job about to be posted (published by the posts)."""
    c.gate = state
    c.claim = 0


cdef inline bint gate_split(Crew *c) noexcept nogil:
    """Whether each thread is to check its own slice (GATE_SPLIT)."""
    return spin_load(&c.gate) == GATE_SPLIT


cdef inline void gate_checked(Crew *c, int me) noexcept nogil:
    """Thread me has checked its slice (its tail's first and why).  A worker publishes
    it; thread 0 waits for every slice's answer and opens the gate, or shuts it for
    the first table refused in table order.  (Thread 0 alone checking 4,096 6-max
    tables took 13 us, 7% of a step on two threads, while the workers waited.)"""
    cdef int first = -1, why = 0, w
    cdef long job = c.job
    if me:
        spin_store(&c.tails[me].checked, job)
        return
    for w in range(1, c.threads):
        wait_for(&c.tails[w].checked, job)
    for w in range(c.threads):          # the slices in table order
        if c.tails[w].why:
            first, why = c.tails[w].first, c.tails[w].why
            break
    gate_decide(c, first, why)


cdef inline bint gate_claim(Crew *c) noexcept nogil:
    """Whether this thread is the first at a pending gate (a job in flight), which
    checks every table and decides (`gate_decide`)."""
    return spin_load(&c.gate) == GATE_PENDING and spin_take(&c.claim, 1) == 0


cdef inline void gate_decide(Crew *c, int first, int why) noexcept nogil:
    """Open the gate, or shut it for table `first` (why, the check's answer)."""
    c.refused_at = first
    c.refused_why = why
    spin_store(&c.gate, GATE_SHUT if why else GATE_OPEN)


cdef inline bint gate_open(Crew *c) noexcept nogil:
    """Wait until the gate is decided; whether the job may be played."""
    cdef long idle = 0, state = spin_load(&c.gate)
    while state == GATE_SPLIT or state == GATE_PENDING:
        spin_idle(&idle)
        state = spin_load(&c.gate)
    return state == GATE_OPEN
