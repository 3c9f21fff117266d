"""Thousands of tables stepped at once: the compiled batch behind `games.Tables`.

Each table is a `Slot`: the C hand of _state.pxd in play, its log, the log of the
last hand it finished, and what spans its hands (each seat's chips, the button, the
hand's seed).  A step applies one betting action at every table with the very C
functions a `Table` plays through (games/engine/_steps.pyx), and where a hand ends it
records the payoffs, adds them to the table's sums (`totals`), and deals the next one
at once (without `carry`, as a copy of the machine's own start of a hand with the new
hand's cards, drawn with those of the next tables whose hands end: `Owed`, and
games/engine/_opening.pxd).
Nothing here calls into Python, so the tables of one step are split over threads;
every table's hands depend only on its own seeds and actions, so the answer does not
depend on how they are split.

On several threads a step returns before the hands it started are copied from the
opening and dealt their cards: the workers do that while the caller's Python chooses
the next actions, which read only the rows of `legal()` (every copy's row is the
opening's, written at once), and whatever reads a hand next waits for them
(`_post_deals`, `_settle_deals`).  Before, the workers waited while the caller chose;
without the cards, a ceiling, the loop on two threads ran 1.10x as fast at 4,096 6-max
tables (docs/benchmarks.md).  Only while nobody watches the cards (`watch`), and not
in a step with `until`, whose others act at once.

Seats: a table's seats keep their numbers (0 .. seats-1) from hand to hand.  Without
`carry` every hand starts from the same stacks with the button on the last seat, so a
seat is its PHH position (p1 = seat 0).  With `carry` the stacks carry over, the
button moves one seat clockwise to the next seat with chips and a seat without chips
sits out, as `games.Session` does; when fewer than two seats have chips the table
starts over from the starting stacks.  The hand in play numbers its positions from the
button's left (`Slot.pos[k]` is the seat of position k).

The seed of a table's k-th hand is a hash of (the batch's seed, the table, k)
(`hand_seed`); `Slot.seed` keeps it, so `Table(game, stacks, seed=...)` deals that
hand again.

Actions (`kinds`): 0 fold, 1 check or call, 2 complete, bet or raise to `amounts[i]`.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy

cimport cython
cimport numpy as cnp

cnp.import_array()

import os
import threading

import numpy as np

from games._xoshiro cimport splitmix
from games.engine cimport _steps as steps
from games.engine cimport _actions as actions
from games.engine._chips cimport clockwise, legal_bounds, one_at_most, pot_total
from games.engine._deck cimport GROUP, mulhi
from games.engine._opening cimport (
    Opening, opening_build, opening_cards, opening_copy, opening_deal,
)
from games.engine._prefetch cimport prefetch, prefetch_lines
from games.engine._spec cimport GameSpec
from games.engine._crew cimport (
    GATE_OPEN, GATE_PENDING, GATE_SHUT, GATE_SPLIT, Crew, Tail, crew_alloc, crew_await,
    crew_free, crew_join, crew_post, crew_report, crew_share, crew_stop, gate_checked,
    gate_claim, gate_decide, gate_open, gate_set, gate_split,
)
from games.engine._spin cimport spin_store_byte
from games.engine._state cimport (
    K_BET, K_BRING_IN, K_CALL, K_CHECK, K_FOLD, K_RAISE, MAX_SEATS, NO_CARD, W_DONE, W_VALUES,
    Hand, Log, Rec, SeatChips, Spec, log_clear, log_copy, log_free, log_home, log_on_heap,
)

# The showdowns of a step's run, valued together: a hand whose last action leads to a
# showdown waits there (W_VALUES, `Hand.values_later`) until SHOWDOWNS have, or the run
# ends; then every one's lines of the ranks table are asked for, and only then are they
# read and the hands settled and ended (`_pay_showdowns`).  The ranks table leaves the
# cache between one showdown and the next, and so each hand's look-ups overlap the
# others' instead of waiting for memory in turn: 1.02x the hands on 1,024 and 2,048
# 6-max tables in pairs, 1.03x heads-up, level on 4,096 (16 at a time: no better).
# A hand played out by the machine as it starts (nobody can decide) settles at once:
# `values_later` is set after the start.
cdef enum:
    SHOWDOWNS = 8

ctypedef struct _Showdowns:
    int n
    int table[SHOWDOWNS]


# the actions of a step
cdef enum:
    FOLD = 0
    CALL = 1
    RAISE = 2

cdef inline void _copy_hole(uint8_t *row, const uint8_t *cards, int held, int width
                            ) noexcept nogil:
    """A seat's hole cards into its row of `width`, NO_CARD past those it holds."""
    cdef int c
    if held > width:
        held = width
    for c in range(held):
        row[c] = cards[c]
    for c in range(held, width):
        row[c] = NO_CARD


cdef inline bint _holes_dealt(const Spec *sp, int before, int now) noexcept nogil:
    """Whether a street after `before`, up to `now`, deals hole cards."""
    cdef int k
    for k in range(before + 1, now + 1):
        if sp.street[k].hole:
            return True
    return False

# what a step does with an illegal action (Tables' on_illegal)
cdef enum:
    REFUSE = 0          # the whole step is refused (checked before anything moves)
    AS_FOLD = 1         # folds where folding is allowed, else checks or calls
    AS_CHECK = 2        # checks or calls

#: the record kinds a table keeps (a bit each): the betting actions
cdef uint64_t ACTIONS = ((1ULL << K_FOLD) | (1ULL << K_CHECK) | (1ULL << K_CALL) | (1ULL << K_BET)
                         | (1ULL << K_RAISE) | (1ULL << K_BRING_IN))

# Each table's records (the betting actions of its hand in play and of its last) are
# kept after all the slots, in table order, on the same huge pages.  As thousands of
# small blocks of the heap on 4 KiB pages they cost a step far more than the writes
# themselves: a step that recorded nothing ran 1.14-1.15x as fast at 4,096 six-max
# tables and 1.05x at 1,024, for 2% fewer instructions.  Here, timed in pairs against
# the heap (benchmarks/paired.py, three sittings): 1.00-1.03x at 1,024 six-max tables,
# 1.02-1.03x at 2,048, 1.03-1.04x at 4,096, heads-up 1.01-1.03x and 1.06-1.10x.  A
# table's room is two logs of BOOK records (a random 6-max hand records 10 on average
# and rarely 24; a longer hand moves to the heap until the log is cleared,
# `log_home`) and one line more: an odd number of lines from one table's room to the
# next, so that the lines a step writes spread over the cache's sets (the rooms
# without it read 0.98-0.99x at 1,024 tables).
cdef enum:
    BOOK = 32
    BOOKS = 2 * BOOK + 4

#: hands that end before anybody decides (everyone all-in from the forced bets) that a
#: table deals in a row before it starts its session over (carry) or fails
cdef int MAX_EMPTY = 1000
#: the status of a table whose hands end before anybody decides (not carry)
cdef int E_NO_DECISION = -100


ctypedef struct Slot:
    # ---- what every action reads or writes, first (two cache lines before the hand's)
    const Spec *sp                  # the spec of the hand in play (by the seats dealt in)
    Log log                         # its records
    int nin                         # seats dealt into the hand in play
    int status                      # the first error of the steps (E_*), 0 if none
    int8_t pos[MAX_SEATS]           # the seat of each position of the hand in play
    char pad[40 - MAX_SEATS]        # the hand on a cache line of its own (88 bytes above)
    Hand h                          # the hand in play
    # ---- what a new hand reads and writes
    int button                      # the seat on the button
    int last_nin
    int8_t last_pos[MAX_SEATS]
    int64_t chips[MAX_SEATS]        # each seat's chips between hands
    int64_t start[MAX_SEATS]        # the hand in play's starting stacks, by position
    int64_t last_start[MAX_SEATS]
    uint64_t seed                   # the hand in play's seed
    uint64_t last_seed
    int64_t dealt                   # hands dealt at this table (the next hand's number)
    int64_t finished                # hands finished at this table
    Log last                        # the records of the last hand finished
    # every hand the table finished, summed by seat: the payoffs (exact) and their
    # squares (`totals`); in the slot, on lines a hand's end touches anyway, and a
    # table's own, so a thread adds only to the tables it plays and the sums do not
    # depend on `threads`
    int64_t won[MAX_SEATS]
    double squares[MAX_SEATS]


# The cards of the next hands, owed: where a step's action ends a hand at a table whose
# hands start as the opening's copy, the table's next hand is copied at once and its
# cards are drawn later, with those of the next tables whose hands end (GROUP in all,
# or fewer at the end of the step's run), their shuffles side by side
# (games/engine/_deck.pxd, `first_draws`).  Only then are the tables' rows written.
ctypedef struct Owed:
    int n
    int table[GROUP]
    Hand *hands[GROUP]


# A step on several threads: the tables each thread takes at a time from the tails
# of the slices (games/engine/_crew.pxd, `Tail`).
cdef enum:
    SHARE = 64


# A step with `until` plays the given actions and then the others' at this many tables
# at a time (`_play`): after a whole slice of 4,096 6-max tables the first tables' lines
# were out of the cache again.  In pairs (benchmarks/paired.py --until, five pairs a
# cell), groups of 256 against the whole slice: 6-max 1.068-1.085 at 4,096 tables and
# 0.994-1.009 at 1,024, heads-up 1.121-1.145 and 1.008; groups of 64 read 1.09 and
# 0.95-0.97 6-max, groups of 128 1.07 and 1.02.
cdef enum:
    OTHERS_GROUP = 256


# What the workers were posted: a step, or the cards of the hands it started
# (`_post_deals`), shares of DEAL_SHARE tables.
cdef enum:
    JOB_STEP = 0
    JOB_DEAL = 1
    DEAL_SHARE = 256


#: the bytes from one table's slot to the next: whole cache lines, so that every slot
#: (and its hand) starts on a line of its own
cdef extern from *:
    """
    #define PH_LINE 64
    #define PH_STRIDE(size) (((size) + PH_LINE - 1) / PH_LINE * PH_LINE)
    """
    size_t LINE "PH_LINE"
    size_t stride_of "PH_STRIDE"(size_t size) noexcept nogil


# The slots on huge pages where the system gives them (Linux's transparent huge pages
# in "madvise" mode, the common default): a step walks megabytes of slots, a 4 KiB page
# every second table, and each new page costs a walk of the page tables.  With 2 MiB
# pages the walks all but go: timed in pairs (benchmarks/paired.py), the medians of
# the pairs' ratios were 1.02 at 1,024 6-max tables and 1.04-1.06 at 2,048 and 4,096,
# heads-up alike.  The block is zeroed as calloc zeroes it (dealing the first hands
# touches every page anyway); smaller blocks, and other systems, take calloc's memory
# as before.
cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    #define PH_HUGE_PAGE ((size_t)1 << 21)
    static void *ph_alloc_slots(size_t size) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (size >= PH_HUGE_PAGE) {
            void *p = NULL;
            size_t whole = (size + PH_HUGE_PAGE - 1) & ~(PH_HUGE_PAGE - 1);
            if (posix_memalign(&p, PH_HUGE_PAGE, whole) == 0) {
                (void)madvise(p, whole, MADV_HUGEPAGE);     /* a hint: may be refused */
                memset(p, 0, size);     /* what calloc zeroes; the rest is never read */
                return p;
            }
        }
    #endif
        return calloc(size, 1);
    }
    """
    void *alloc_slots "ph_alloc_slots"(size_t size) noexcept nogil   # free() frees it


# A step visits every table once, and a table's lines have left the cache since the
# last step (thousands of tables are megabytes), so an action waits for memory more
# than it computes.  The run asks for the lines of the tables a few places ahead while
# it acts at this one: the lines every action touches PF_FAR tables ahead, and those
# of the action the table is about to take (known: the step's kinds) PF_NEAR ahead.
# Measured on 4,096 tables of random play: 6-max hands +16%, heads-up +5%.  (The
# prefetches themselves are games/engine/_prefetch.pxd's, shared with the showdown.)
cdef enum:
    PF_FAR = 12
    PF_NEAR = 6
    PF_LINES = 5        # the slot's two lines before the hand, the hand's first three


cdef inline void _prefetch_slot_end(const Slot *t) noexcept nogil:
    """Ask for the lines of a slot that a hand's end and the next hand touch (its
    seats' chips between hands, starting stacks, seeds, counts, the last hand's
    records and the payoffs' sums: `Slot` from `button` on)."""
    cdef const char *at = <const char *>&t.button
    cdef int k
    for k in range(9):
        prefetch(at + 64 * k)


cdef inline void *_data(object array):
    """The data of a C-contiguous numpy array the batch keeps."""
    return cnp.PyArray_DATA(<cnp.ndarray>array)


cdef inline uint64_t hand_seed(uint64_t base, uint64_t table, uint64_t hand) noexcept nogil:
    """The seed of a table's hand: splitmix64 over (seed, table, hand)."""
    cdef uint64_t x = base
    x = splitmix(&x) ^ table
    x = splitmix(&x) ^ hand
    return splitmix(&x)


def layout():
    """Where a table's state lies, in bytes (tests check the lines it is laid on): the
    slot's stride, the hand's offset in the slot, and in the hand the offsets of the
    chips, of the first field a betting action does not touch, of the flag a batch's
    showdowns wait by (`Hand.values_later`) and of what the hand waits for (`Hand.wait`,
    an int, and `w_values`, its value while a showdown waits); the seats a hand's
    per-seat arrays hold; and the bytes of a table's room for records."""
    cdef Slot slot
    return {"stride": stride_of(sizeof(Slot)), "hand": <char *>&slot.h - <char *>&slot,
            "chips": <char *>&slot.h.chips[0] - <char *>&slot.h,
            "street_fields": <char *>&slot.h.serving - <char *>&slot.h,
            "values_later": <char *>&slot.h.values_later - <char *>&slot.h,
            "wait": <char *>&slot.h.wait - <char *>&slot.h, "w_values": W_VALUES,
            "hand_size": sizeof(Hand), "max_seats": MAX_SEATS,
            "records": BOOKS * sizeof(Rec)}


def seed_of(uint64_t base, uint64_t table, uint64_t hand):
    """The seed of hand `hand` (0, 1, ...) of table `table` in a batch seeded `base`."""
    return hand_seed(base, table, hand)


#: each batch's number, for a checkpoint to know its own (`Checkpoint`)
_batches = 0
#: the rows of `legal()`, kept by a checkpoint (observe()'s are written from the hands)
_LEGAL_ROWS = ("actor", "fold", "call", "raise_min", "raise_max")


@cython.final
cdef class Checkpoint:
    """Every table of one batch as it stood (`Batch.checkpoint`), for `Batch.restore`
    to put back, as often as asked: the slots and their rooms of records byte for byte,
    a copy of each log that had moved to the heap, the rows of `legal()` and the last
    payoffs.  The slots point into their own batch (its specs, its rooms), so only
    that batch takes it back."""
    cdef char *data                 # the slots and the rooms, as `Batch.slots` holds them
    cdef size_t size
    cdef Log *logs                  # 2 a table (the hand in play's, the last's): a copy
    #                                 where the log had memory of its own, else empty
    cdef int n
    cdef readonly long batch        # the batch's number (`_batches`)
    cdef long failures
    cdef object rows                # the rows of `legal()`, copied
    cdef object payoffs

    def __cinit__(self):
        self.data = NULL
        self.logs = NULL
        self.n = 0

    def __dealloc__(self):
        cdef int k
        if self.logs != NULL:
            for k in range(2 * self.n):
                log_free(&self.logs[k])
        free(self.logs)
        free(self.data)

    @property
    def nbytes(self):
        """The memory the checkpoint holds (the slots, the logs' copies, the rows)."""
        cdef size_t total = self.size + 2 * <size_t>self.n * sizeof(Log)
        cdef int k
        for k in range(2 * self.n):
            total += <size_t>self.logs[k].cap * sizeof(Rec) + 2 * <size_t>self.logs[k].ccap
        return int(total) + sum(a.nbytes for a in self.rows) + self.payoffs.nbytes

    def __reduce__(self):
        raise TypeError("a checkpoint of Tables lives in C memory and belongs to the "
                        "tables it was taken of: it is not pickled")


@cython.final
cdef class Batch:
    """The tables of a `games.Tables` (see the module's text)."""

    cdef char *block                # the slots' and the records' memory (`alloc_slots`)
    cdef char *slots                # table i's slot at slots + i * stride_of(sizeof(Slot))
    cdef Rec *books                 # table i's records at books + i * BOOKS (`_book`)
    cdef readonly int n
    cdef readonly int seats
    cdef readonly bint carry
    cdef readonly uint64_t base_seed
    cdef readonly long serial               # this batch's number (`_batches`)
    cdef const Spec *specs[MAX_SEATS + 1]   # by the number of seats dealt in
    cdef object _keep                       # the GameSpecs the pointers point into
    cdef int64_t starting[MAX_SEATS]
    # what each table looks like now, a row a table, written after every change of it
    # (`_row_hand` and the others), so views, checks and observations read compact arrays instead of
    # the hands (see games/engine/batch.py for each one's meaning).  The rows of
    # `legal()` (actor, fold, call, raise_min, raise_max) are kept from the start: the
    # step checks the actions against them.  The rest are only `observe()`'s, kept
    # once it first asks (`watch`): a loop that never observes (a simulation over
    # `legal()`) does not pay for writing them, 9% of a 6-max hand's instructions.
    cdef readonly dict rows
    cdef readonly bint watched      # `observe()`'s rows are kept (`watch`)
    cdef int nh, nb                 # hole and board cards a row holds
    cdef uint8_t *o_hole            # (n, seats, nh)
    cdef uint8_t *o_board           # (n, nb)
    cdef int64_t *o_stacks          # (n, seats)
    cdef int64_t *o_bets            # (n, seats)
    cdef uint8_t *o_folded          # (n, seats)
    cdef uint8_t *o_in_hand         # (n, seats)
    cdef int64_t *o_pot
    cdef int64_t *o_street
    cdef int64_t *o_button
    cdef int64_t *o_actor
    cdef uint8_t *o_fold
    cdef int64_t *o_call
    cdef int64_t *o_low
    cdef int64_t *o_high
    # (n, seats): each table's last finished hand, chips won minus put in, by seat
    # (written when a hand ends: reading them is a copy, not a walk over the tables)
    cdef readonly object payoffs
    cdef int64_t *o_payoffs
    # the step in hand, for this thread and the workers
    cdef const int64_t *p_kinds
    cdef const int64_t *p_amounts
    cdef const uint8_t *p_acting
    cdef int p_lo, p_hi                     # the acting tables lie in p_lo..p_hi-1
    cdef uint8_t *p_done
    cdef int p_mode
    # a step with `until` (`_others`): the seat the others play up to (-1: none) and
    # their actions a table at most; the step's actions as the batch's own arrays
    # (`_own_actions`), which `_others` writes (each thread only at the tables of its
    # ranges)
    cdef int p_until
    cdef int p_most
    cdef int64_t *a_kinds
    cdef int64_t *a_amounts
    cdef uint8_t *a_acting
    # the worker threads, and the slices and gate of the job posted to them
    # (games/engine/_crew.pxd)
    cdef Crew crew
    cdef list _threads
    # a step posted and not landed yet (`step(..., land=False)`, `land`): the workers
    # play it while this thread is back in Python; the `done` array it writes is
    # held here until it lands (the actions it reads are the batch's own copy)
    cdef readonly bint flying
    cdef object _flight
    cdef long fly_pid                       # the process that posted it
    cdef long failures                      # tables that failed so far (status set)
    cdef int hot_lines                      # the lines of a slot every action touches
    # without carry, every new hand a copy of the machine's opening with its own cards
    # (games/engine/_opening.pxd); `opening.usable` 0: the machine starts every hand
    cdef Opening opening
    # the cards of the hands a step on several threads started, dealt after it
    # (`_post_deals`): owes[i] is 1 while table i's hand waits for its cards
    cdef uint8_t *owes
    cdef int p_defer                        # the step running leaves the cards of its
    #                                         workers' slices' new hands owed (`_defers`)
    cdef int p_job                          # what the workers were posted: JOB_*
    cdef readonly bint dealing              # a deal is posted, not settled yet
    cdef int64_t open_actor, open_call, open_low, open_high     # the opening's row
    cdef uint8_t open_fold                  # of `legal()`, every copy's (`_settle_owed`)
    cdef long deal_pid                      # the process that posted it

    def __cinit__(self):
        self.block = NULL
        self.slots = NULL
        self.crew.workers = NULL
        self.crew.tails = NULL
        self.owes = NULL
        self._threads = []

    def __dealloc__(self):
        cdef int i
        crew_free(&self.crew)           # the workers hold the batch: they ended
        free(self.a_kinds)
        free(self.owes)
        if self.slots != NULL:
            for i in range(self.n):
                log_free(&self._slot(i).log)
                log_free(&self._slot(i).last)
        free(self.block)

    @property
    def nworkers(self):
        """The worker threads started (`start_workers`)."""
        return self.crew.nworkers

    cdef inline Slot *_slot(self, int i) noexcept nogil:
        return <Slot *>(self.slots + <size_t>i * stride_of(sizeof(Slot)))

    cdef inline Rec *_book(self, int i, int which) noexcept nogil:
        """Table i's room for the records of its hand in play or its last (0, 1)."""
        return self.books + <size_t>i * BOOKS + which * BOOK

    def __init__(self, dict specs, int n, tuple stacks, uint64_t seed, bint carry,
                 int hole_cards, int board_cards):
        """n tables of len(stacks) seats (stacks checked by the caller); specs: a
        GameSpec for every number of seats a hand can be dealt to (2..seats with carry,
        else seats alone)."""
        cdef int i, k
        cdef GameSpec spec
        self.seats = len(stacks)
        if not 1 <= n or not 2 <= self.seats <= MAX_SEATS:
            raise ValueError(f"a batch needs at least one table of 2..{MAX_SEATS} seats")
        for k in range(MAX_SEATS + 1):
            self.specs[k] = NULL
        for k, spec in specs.items():
            self.specs[k] = &spec.sp
        self._keep = specs
        for k in range(self.seats):
            self.starting[k] = stacks[k]
        global _batches
        _batches += 1
        self.serial = _batches
        self.n = n
        self.carry = carry
        self.hot_lines = PF_LINES + <int>((self.seats * sizeof(SeatChips) + LINE - 1) // LINE)
        self.base_seed = seed
        seats = self.seats
        self.rows = {
            "hole": np.empty((n, seats, hole_cards), np.uint8),
            "board": np.empty((n, board_cards), np.uint8),
            "stacks": np.empty((n, seats), np.int64),
            "bets": np.empty((n, seats), np.int64),
            "folded": np.empty((n, seats), np.bool_),
            "in_hand": np.empty((n, seats), np.bool_),
            "pot": np.empty(n, np.int64),
            "street": np.empty(n, np.int64),
            "button": np.empty(n, np.int64),
            "actor": np.empty(n, np.int64),
            "fold": np.empty(n, np.bool_),
            "call": np.empty(n, np.int64),
            "raise_min": np.empty(n, np.int64),
            "raise_max": np.empty(n, np.int64),
        }
        self.nh = hole_cards
        self.nb = board_cards
        self.o_hole = <uint8_t *>_data(self.rows["hole"])
        self.o_board = <uint8_t *>_data(self.rows["board"])
        self.o_stacks = <int64_t *>_data(self.rows["stacks"])
        self.o_bets = <int64_t *>_data(self.rows["bets"])
        self.o_folded = <uint8_t *>_data(self.rows["folded"])
        self.o_in_hand = <uint8_t *>_data(self.rows["in_hand"])
        self.o_pot = <int64_t *>_data(self.rows["pot"])
        self.o_street = <int64_t *>_data(self.rows["street"])
        self.o_button = <int64_t *>_data(self.rows["button"])
        self.o_actor = <int64_t *>_data(self.rows["actor"])
        self.o_fold = <uint8_t *>_data(self.rows["fold"])
        self.o_call = <int64_t *>_data(self.rows["call"])
        self.o_low = <int64_t *>_data(self.rows["raise_min"])
        self.o_high = <int64_t *>_data(self.rows["raise_max"])
        self.payoffs = np.zeros((n, seats), np.int64)
        self.o_payoffs = <int64_t *>_data(self.payoffs)
        self.block = <char *>alloc_slots(<size_t>n * (stride_of(sizeof(Slot))
                                                      + BOOKS * sizeof(Rec)) + LINE)
        if self.block == NULL:
            raise MemoryError(f"no memory for {n} tables")
        self.owes = <uint8_t *>calloc(<size_t>n, 1)
        if self.owes == NULL:
            raise MemoryError(f"no memory for {n} tables")
        self.slots = self.block + (LINE - <size_t>self.block % LINE) % LINE
        self.books = <Rec *>(self.slots + <size_t>n * stride_of(sizeof(Slot)))
        with nogil:
            for i in range(n):
                # a table's history is its seed and its betting actions (`last_hand`):
                # the deal, the blinds and the showdown are not recorded
                self._slot(i).log.skip = self._slot(i).last.skip = ~ACTIONS
                log_home(&self._slot(i).log, self._book(i, 0), BOOK)
                log_home(&self._slot(i).last, self._book(i, 1), BOOK)
                self._restart(i)
                if self._next_hand(i, NULL) >= 0:
                    self._row_hand(i, self._slot(i))
                else:
                    self.failures += 1
            if not carry and n and self._slot(0).status == 0:
                # from the first table's seating, which every table has without carry
                opening_build(&self.opening, self._slot(0).sp, self._slot(0).start,
                              ~ACTIONS, hand_seed(self.base_seed, n, 0))
                self.opening.h.values_later = 1     # as every hand here (`_Showdowns`)
                self._opening_row(self._slot(0))
        self._raise_status(0, n)

    # ---------------------------------------------------------------- dealing

    cdef void _restart(self, int i) noexcept nogil:
        """The table's seats sit down with the starting stacks, the last on the button."""
        cdef Slot *t = self._slot(i)
        cdef int k
        for k in range(self.seats):
            t.chips[k] = self.starting[k]
        t.button = self.seats - 1
        while t.chips[t.button] == 0:
            t.button -= 1

    cdef int _next_hand(self, int i, Owed *owed) noexcept nogil:
        """Deal the table's next hand; hands nobody can decide in are played out and
        finished at once (at most MAX_EMPTY in a row).  Returns how many were, or -1
        when the table failed (its status says why).  Given `owed`, a hand copied from
        the opening is owed its cards there (`_settle_owed` deals them)."""
        cdef Slot *t = self._slot(i)
        cdef int k, s, empty = 0, played = 0, seated, restarts = 0
        while True:
            if self.carry:
                seated = 0
                for s in range(self.seats):
                    seated += t.chips[s] > 0
                if seated < 2 or empty >= MAX_EMPTY:
                    if restarts:            # the starting stacks decide nothing either
                        t.status = E_NO_DECISION
                        return -1
                    self._restart(i)
                    restarts += 1
                    empty = 0
                elif t.dealt:
                    t.button = clockwise(t.button, self.seats)
                    while t.chips[t.button] == 0:
                        t.button = clockwise(t.button, self.seats)
            elif empty >= MAX_EMPTY:
                t.status = E_NO_DECISION        # the caller checks the stacks first
                return -1
            if self.carry or not t.dealt:     # without carry every hand sits the same
                t.nin = 0
                s = t.button
                for _ in range(self.seats):     # from the button's left, button last
                    s = clockwise(s, self.seats)
                    if t.chips[s] > 0:
                        t.pos[t.nin] = s
                        t.start[t.nin] = t.chips[s]
                        t.nin += 1
                t.sp = self.specs[t.nin]
            t.seed = hand_seed(self.base_seed, i, t.dealt)
            t.dealt += 1
            log_clear(&t.log)
            if self.opening.usable:     # the machine's start, copied (never with carry)
                if owed == NULL:
                    opening_deal(&self.opening, t.sp, &t.h, t.seed)
                else:
                    if not self._defers(i):     # else copied after the step (`_deal_owed`)
                        opening_copy(&self.opening, t.sp, &t.h, t.seed)
                    owed.table[owed.n] = i
                    owed.hands[owed.n] = &t.h
                    owed.n += 1
                return played
            k = steps.new_hand(t.sp, &t.h, &t.log, t.start, True, t.seed, True)
            if k:
                t.status = k
                return -1
            if t.h.wait != W_DONE:
                t.h.values_later = 1    # its showdown valued with others' (`_Showdowns`)
                return played
            self._finish(i)
            empty += 1                  # in a row, since the last restart
            played += 1                 # all of them: a restart does not undo them

    cdef void _finish(self, int i) noexcept nogil:
        """The hand in play is over: its payoffs, its records kept as the last hand."""
        cdef Slot *t = self._slot(i)
        cdef int k, s
        cdef int64_t won
        cdef Log swap
        cdef int64_t *payoff = &self.o_payoffs[<Py_ssize_t>i * self.seats]
        if t.nin < self.seats:
            for s in range(self.seats):
                payoff[s] = 0
        for k in range(t.nin):
            s = t.pos[k]
            won = t.h.chips[k].stack - t.start[k]
            payoff[s] = won
            t.won[s] += won
            t.squares[s] += <double>won * <double>won
        if self.carry:              # without carry the chips stay the starting stacks
            for k in range(t.nin):
                t.chips[t.pos[k]] = t.h.chips[k].stack
        swap = t.last
        t.last = t.log
        t.log = swap
        if self.carry or not t.finished:    # without carry every hand sits the same
            t.last_nin = t.nin
            for k in range(t.nin):
                t.last_pos[k] = t.pos[k]
                t.last_start[k] = t.start[k]
        t.last_seed = t.seed
        t.finished += 1

    def _raise_status(self, int start, int stop):
        cdef int i
        for i in range(start, stop):
            if self._slot(i).status:
                status = self._slot(i).status
                if status == steps.E_MEMORY:
                    raise MemoryError(f"table {i}: its log could not grow")
                if status == E_NO_DECISION:
                    raise ValueError(f"table {i}: its hands end before anybody decides "
                                     "(the forced bets put every seat but one all-in)")
                raise RuntimeError(f"table {i}: the hand machine failed with status {status}")

    # ---------------------------------------------------------------- stepping

    def is_column(self, object values):
        """Whether `values` is a step's column as the kernel reads it in place: a
        numpy array (not a subclass) of native int64, (n,), C-contiguous and aligned.
        Tables' checks of anything else (`_column`) are numpy calls, a few tenths of a
        microsecond each; this is one call, so a loop that passes its own int64
        arrays pays nothing for them."""
        cdef cnp.ndarray a
        if not cnp.PyArray_CheckExact(values):
            return False
        a = <cnp.ndarray>values
        return (cnp.PyArray_TYPE(a) == cnp.NPY_INT64 and cnp.PyArray_ISNOTSWAPPED(a)
                and cnp.PyArray_NDIM(a) == 1 and cnp.PyArray_DIM(a, 0) == self.n
                and cnp.PyArray_IS_C_CONTIGUOUS(a) and cnp.PyArray_ISALIGNED(a))

    def step(self, cnp.ndarray kinds, cnp.ndarray amounts, cnp.ndarray acting, int mode,
             cnp.ndarray done, int threads, bint land=True, int until=-1, int most=0):
        """One step: the actions checked at every acting table first (nothing changes
        when one cannot be taken), then applied, a new hand dealt where one ended
        (done[i] = 1), on `threads` threads: this one and the batch's workers
        (`start_workers`), a slice of the tables each and shares of any slice's tail
        (`Tail`).  Returns (hands finished, -1, 0), or (0, i, why) for the first
        acting table whose action cannot be taken: why 1, its kind is not 0, 1 or 2;
        why 2, it is not legal now (checked where mode is REFUSE).  The arrays are the
        caller's, checked by it: (n,) and C-contiguous, kinds and amounts int64,
        acting uint8, done uint8 or bool (a byte a table).

        until >= 0 (a seat): then each table's other seats act at random until seat
        `until` is to act, at most `most` actions a table (`_others`); a table where
        it does not act (acting[i] = 0) starts with them.  done[i] then
        says whether any hand ended there, and `totals` how many.

        land=False (several threads only) posts the step to the workers unchecked and
        returns (0, -1, 0) at once, every slice left as shares: the caller's Python
        runs while the first worker to reach it checks the actions (`_through_gate`:
        nobody plays before) and they play, and `land()` joins them, takes what is
        left and returns what `step` would have, a refusal too."""
        cdef int k = threads - 1, failed = 0, first = -1, why = 0
        cdef int64_t finished
        if self.flying:
            raise RuntimeError("a step is in flight: land it first")
        self._settle_deals()
        if k > self.crew.nworkers:
            raise ValueError(f"{threads} threads asked, {self.crew.nworkers} workers started")
        if not land and k == 0:
            raise ValueError("a step in flight needs a worker: threads must be 2 or more")
        self.p_kinds = <const int64_t *>cnp.PyArray_DATA(kinds)
        self.p_amounts = <const int64_t *>cnp.PyArray_DATA(amounts)
        self.p_acting = <const uint8_t *>cnp.PyArray_DATA(acting)
        self.p_done = <uint8_t *>cnp.PyArray_DATA(done)
        self.p_mode = mode
        self.p_until = until
        self.p_most = most
        self.p_defer = (k > 0 and land and until < 0 and not self.watched
                        and self.opening.usable)
        self._own_actions()
        self._acting_range()
        if land and k == 0:
            with nogil:
                self._check(self.p_lo, self.p_hi, &first, &why)
            if why:
                return 0, first, why
        # published by the posts: checked above, by every thread its slice, or in
        # flight by the first thread to come
        gate_set(&self.crew, GATE_OPEN if k == 0 else GATE_SPLIT if land else GATE_PENDING)
        if k == 0:
            with nogil:
                if self.p_until < 0:
                    finished = self._run(self.p_lo, self.p_hi, self.p_hi, &failed)
                else:
                    finished = self._play(self.p_lo, self.p_hi, self.p_hi, &failed)
            return self._landed(finished, failed)
        with nogil:
            self.crew.threads = threads
            self.p_job = JOB_STEP
            crew_post(&self.crew, self.p_lo, self.p_hi, land)   # in flight, every slice
            #                                 shares: whoever is free plays
        if not land:
            self.flying = True
            self._flight = done
            self.fly_pid = os.getpid()
            return 0, -1, 0
        with nogil:
            finished = self._join(&failed)
        if self.crew.gate == GATE_SHUT:
            return 0, self.crew.refused_at, self.crew.refused_why
        if self.p_defer:
            self._post_deals(os.getpid())
        return self._landed(finished, failed)

    def taken(self, int i):
        """(kind, amount) of table i in the last step posted, as the step read them
        (its own copy): what a refusal names."""
        if not 0 <= i < self.n or self.a_kinds == NULL:
            raise IndexError(f"no action of table {i} was read")
        return self.a_kinds[i], self.a_amounts[i]

    def land(self):
        """The step in flight (`step(..., land=False)`): this thread takes the shares
        left and waits for the workers; returns (hands finished, -1, 0)."""
        cdef int failed = 0
        cdef int64_t finished
        if not self.flying:
            raise RuntimeError("no step is in flight")
        if os.getpid() != self.fly_pid:     # its workers are the parent's
            raise RuntimeError("the process forked while a step was in flight: its "
                               "tables are the parent's")
        with nogil:
            finished = self._join(&failed)
        self.flying = False
        self._flight = None
        if self.crew.gate == GATE_SHUT:
            return 0, self.crew.refused_at, self.crew.refused_why
        return self._landed(finished, failed)

    cdef bint _through_gate(self, int me) noexcept nogil:
        """Whether the step posted may be played (`gate_open`).  A step landed at once
        (GATE_SPLIT): every thread checks its own slice (`_check`) and thread 0
        decides (`gate_checked`).  A step in flight (GATE_PENDING): the first thread
        here checks them all.  The others wait."""
        cdef int first = -1, why = 0
        cdef Tail *tail
        if gate_split(&self.crew):
            tail = &self.crew.tails[me]
            tail.first, tail.why = -1, 0
            self._check(tail.start, tail.stop, &tail.first, &tail.why)
            gate_checked(&self.crew, me)
        elif gate_claim(&self.crew):
            self._check(self.p_lo, self.p_hi, &first, &why)
            gate_decide(&self.crew, first, why)
        return gate_open(&self.crew)

    cdef int64_t _join(self, int *failed) noexcept nogil:
        """This thread's part of the step posted (its slice, then shares), then the
        workers': the hands finished, the failed tables added to `failed`."""
        cdef int64_t finished = self._run_slice(0, failed)
        crew_join(&self.crew, &finished, failed)
        return finished

    cdef object _landed(self, int64_t finished, int failed):
        self.failures += failed
        if self.failures:                   # a failed table stays failed: every step says so
            self._raise_status(0, self.n)
        return finished, -1, 0

    cdef void _acting_range(self) noexcept nogil:
        """Where the acting tables lie (p_lo..p_hi-1; empty when none acts): a step
        of a group of tables (a mask) checks and walks only their span."""
        cdef int lo = 0, hi = self.n
        if self.p_until >= 0:           # every table: the others act where it does not
            self.p_lo, self.p_hi = lo, hi
            return
        while lo < hi and not self.p_acting[lo]:
            lo += 1
        while hi > lo and not self.p_acting[hi - 1]:
            hi -= 1
        self.p_lo = lo
        self.p_hi = hi

    cdef void _check(self, int lo, int hi, int *first, int *why) noexcept nogil:
        """The first acting table of lo..hi-1 whose action cannot be taken (see
        `step`).  One pass without a branch on the actions says whether any is wrong
        (they are a policy's random draws: a branch on each would be mispredicted
        about every other table); only then a second pass finds the first one and
        why."""
        cdef int i
        cdef const int64_t *kinds = self.p_kinds
        cdef const int64_t *amounts = self.p_amounts
        cdef const uint8_t *acting = self.p_acting
        cdef bint refuse = self.p_mode == REFUSE
        cdef int wrong = 0
        for i in range(lo, hi):
            wrong |= (acting[i] != 0) & ((<uint64_t>kinds[i] > RAISE)
                                         | (refuse & (not self._legal(i, kinds[i], amounts[i]))))
        if not wrong:
            return
        for i in range(lo, hi):
            if not acting[i]:
                continue
            if kinds[i] < FOLD or kinds[i] > RAISE:
                first[0], why[0] = i, 1
                return
            if refuse and not self._legal(i, kinds[i], amounts[i]):
                first[0], why[0] = i, 2
                return

    cdef inline bint _legal(self, int i, int64_t kind, int64_t amount) noexcept nogil:
        """Whether table i's actor may take this action now (read from its row), without
        a branch."""
        return ((kind == CALL) | ((kind == FOLD) & (self.o_fold[i] != 0))
                | ((kind == RAISE) & (self.o_low[i] >= 0) & (self.o_low[i] <= amount)
                   & (amount <= self.o_high[i])))

    cdef int64_t _run_slice(self, int me, int *failed) noexcept nogil:
        """The step posted, on thread `me` of its threads: its slice but the tail, then
        shares of the tails, its own first (games/engine/_crew.pxd); returns the hands
        finished, and adds the tables that failed to `failed`."""
        cdef const Tail *tail = &self.crew.tails[me]
        cdef int64_t finished
        if self.p_job == JOB_DEAL:
            return self._shares(me, failed)
        if not self._through_gate(me):
            return 0
        if self.p_until < 0:
            finished = self._run(tail.start, tail.tail, tail.stop, failed)
        else:
            finished = self._play(tail.start, tail.tail, tail.stop, failed)
        return finished + self._shares(me, failed)

    cdef int64_t _shares(self, int me, int *failed) noexcept nogil:
        """Thread `me` takes shares of every slice's tail, its own first (`crew_share`),
        and plays them: the step's tables (SHARE at a time) or the owed hands' deal
        (DEAL_SHARE); returns the hands finished."""
        cdef int64_t finished = 0
        cdef long size = DEAL_SHARE if self.p_job == JOB_DEAL else SHARE
        cdef int v = 0, start, end, stop
        while crew_share(&self.crew, me, size, &v, &start, &end, &stop):
            if self.p_job == JOB_DEAL:
                self._deal_owed(start, end)
            elif self.p_until < 0:
                finished += self._run(start, end, stop, failed)
            else:
                finished += self._play(start, end, stop, failed)
        return finished

    cdef int64_t _play(self, int start, int stop, int ahead, int *failed) noexcept nogil:
        """A step with `until`, at tables start..stop-1: OTHERS_GROUP tables at a time,
        their actions (`_run`), then the others' (`_others`) while the group's lines
        are still in the cache.  (A step without is `_run` alone: a call of this
        around it cost the benchmark's step 2-3% in pairs.)"""
        cdef int64_t finished = 0
        cdef int at = start, end
        while at < stop:
            end = min(at + OTHERS_GROUP, stop)
            finished += self._run(at, end, ahead, failed)
            finished += self._others(at, end, failed)
            at = end
        return finished

    cdef int64_t _run(self, int start, int stop, int ahead, int *failed) noexcept nogil:
        """The step posted, at tables start..stop-1: each acting table's actor takes its
        action; returns the hands finished, and adds the tables that failed to `failed`.
        The lines of the tables up to ahead-1 are asked for on the way (another thread
        may play those past stop: only their addresses are read).

        The action is taken here, in the loop, not in a method of its own: GCC kept such
        a method a call, whose entry and exit were 20 of a 6-max action's 200
        instructions, and in the loop a step played 1.03-1.05x as many 6-max hands and
        1.01-1.03x heads-up (paired, docs/benchmarks.md).  What not every action does
        stays in calls: the rows of `observe()` and the end of a hand."""
        cdef int i, ended, status, street, actor, mode = self.p_mode
        cdef int64_t kind, amount, finished = 0
        cdef Slot *t
        cdef Hand *h
        cdef Owed owed
        cdef _Showdowns shown
        owed.n = 0
        shown.n = 0
        for i in range(start, min(start + PF_FAR, stop)):   # the loop asks from PF_FAR on
            self._prefetch_hot(i)
        for i in range(start, stop):
            if i + PF_FAR < ahead:
                self._prefetch_hot(i + PF_FAR)
            if i + PF_NEAR < stop and self.p_acting[i + PF_NEAR]:
                self._prefetch_actor(i + PF_NEAR, self.p_kinds[i + PF_NEAR])
            if not self.p_acting[i]:
                continue
            t = self._slot(i)
            h = &t.h
            kind = self.p_kinds[i]
            amount = self.p_amounts[i]
            street = h.street
            actor = h.actor
            if mode != REFUSE and not self._legal(i, kind, amount):
                kind = FOLD if mode == AS_FOLD and self.o_fold[i] else CALL
            if kind == FOLD:
                status = actions.fold(t.sp, h, &t.log, False)   # no muck: see fold
            elif kind == CALL:
                status = actions.check_or_call(t.sp, h, &t.log)
            else:
                status = actions.raise_to(t.sp, h, &t.log, amount)
            ended = 0
            if status:
                t.status = status
                ended = -1
            elif h.wait < W_DONE:           # a decision (no branch more for W_VALUES)
                if self.watched:
                    self._row_action(i, t, actor, street)
                self._row_legal(i, t)
            elif h.wait == W_DONE:
                ended = self._hand_over(i, t, &owed)
            else:                           # W_VALUES: a showdown, valued with others'
                shown.table[shown.n] = i
                shown.n += 1
                if shown.n == SHOWDOWNS:
                    finished += self._pay_showdowns(&shown, &owed, failed)
                continue
            finished += self._ended(i, ended, failed)
        finished += self._pay_showdowns(&shown, &owed, failed)
        self._settle_owed(&owed)
        return finished

    cdef int64_t _pay_showdowns(self, _Showdowns *shown, Owed *owed, int *failed) noexcept nogil:
        """The showdowns waiting (`_Showdowns`): every one's look-ups asked for, then
        each valued and settled, its hand ended (`_hand_over`); returns the hands
        finished, and adds the tables that failed to `failed`."""
        cdef steps.Showdown sd[SHOWDOWNS]
        cdef int k, i, status, ended
        cdef int64_t finished = 0
        cdef Slot *t
        for k in range(shown.n):
            t = self._slot(shown.table[k])
            steps.showdown_ask(t.sp, &t.h, &sd[k])
            # the lines the hand's end touches again: asked for at its last action,
            # they may have left the cache while it waited (in pairs, 1.017-1.023x on
            # 2,048 6-max tables, 1.011-1.012x on 4,096, 1.002-1.008x on 1,024,
            # 0.995-1.013x heads-up)
            _prefetch_slot_end(t)
        for k in range(shown.n):
            i = shown.table[k]
            t = self._slot(i)
            status = steps.showdown_pay(t.sp, &t.h, &t.log, &sd[k])
            if status:
                t.status = status
                ended = -1
            else:
                ended = self._hand_over(i, t, owed)
            finished += self._ended(i, ended, failed)
        shown.n = 0
        return finished

    cdef inline int64_t _ended(self, int i, int ended, int *failed) noexcept nogil:
        """Table i's action played (or its showdown paid): `done[i]`, and the hands it
        finished (`ended`; a table that failed, ended < 0, is counted in `failed`)."""
        if ended < 0:
            failed[0] += 1
            ended = 0
        self.p_done[i] = ended > 0
        return ended

    cdef inline void _prefetch_hot(self, int i) noexcept nogil:
        """Ask for the lines every action at table i touches: the slot's first two, the
        hand's scalars and a byte per seat, the chips of its seats (`hot_lines`)."""
        prefetch_lines(<const char *>self._slot(i), self.hot_lines)

    cdef inline void _prefetch_actor(self, int i, int64_t kind) noexcept nogil:
        """Ask for the lines the action `kind` at table i will touch beyond those: where
        the log's next record goes, and when the action ends the round or the hand,
        what dealing and a new hand touch (a fold touches no card: `actions.fold`).
        Its first lines came earlier."""
        cdef const Slot *t = self._slot(i)
        cdef const Hand *h = &t.h
        cdef int k
        cdef const char *at
        if t.log.recs != NULL:
            prefetch(&t.log.recs[t.log.n])
        if (kind == FOLD and h.live == 2) or (kind == CALL and one_at_most(h.due)):
            at = <const char *>&h.serving
            for k in range(4):
                prefetch(at + 64 * k)
            prefetch(h.where)
            prefetch(h.upcoming)
            prefetch(&h.rng)
            prefetch(h.board)
            _prefetch_slot_end(t)

    # ---------------------------------------------------------------- the others at random

    cdef int _own_actions(self) except -1:
        """The step's actions copied into the batch's own arrays (made on first use),
        which the check and the play then read: the caller's arrays are read once, so
        another Python thread writing them while the step runs (the GIL is let go)
        cannot slip an action past the check, and a step in flight needs no copy made
        in Python.  17 bytes a table; paired against the build that read the caller's
        arrays, 0.992 (0.978-1.068) at 2,048 6-max tables and 0.972 (0.946-0.992)
        heads-up at 1,024, the Python side's changes included (Zen 4).  With `until`,
        `_others` writes them too."""
        cdef size_t n = <size_t>self.n
        if self.a_kinds == NULL:
            self.a_kinds = <int64_t *>calloc(n if n else 1, 2 * sizeof(int64_t) + 1)
            if self.a_kinds == NULL:
                raise MemoryError(f"no memory for the actions of {n} tables")
            self.a_amounts = self.a_kinds + n
            self.a_acting = <uint8_t *>(self.a_amounts + n)
        memcpy(self.a_kinds, self.p_kinds, n * sizeof(int64_t))
        memcpy(self.a_amounts, self.p_amounts, n * sizeof(int64_t))
        memcpy(self.a_acting, self.p_acting, n)
        self.p_kinds = self.a_kinds
        self.p_amounts = self.a_amounts
        self.p_acting = self.a_acting
        return 0

    cdef int64_t _others(self, int start, int stop, int *failed) noexcept nogil:
        """After the step's actions at tables start..stop-1 (`_run`): at each table in
        turn, the other seats act at random until seat `until` is to act, at most
        `most` actions (`_random_action`), each played by the step's own loop (`_run`)
        over that one table, whose lines stay in the cache from one action to the
        next.  Returns the hands finished; done[i] says whether any hand ended at
        table i in the whole step."""
        cdef int i, moves
        cdef int64_t finished = 0
        cdef uint8_t done
        cdef Slot *t
        for i in range(start, stop):
            t = self._slot(i)
            done = self.p_done[i]
            moves = 0
            while moves < self.p_most and self.o_actor[i] != self.p_until and not t.status:
                self._random_action(i, t)
                self.a_acting[i] = 1
                finished += self._run(i, i + 1, i + 1, failed)
                done |= self.p_done[i]
                moves += 1
            self.p_done[i] = done
        return finished

    cdef inline void _random_action(self, int i, const Slot *t) noexcept nogil:
        """Table i's next action at random: each kind its actor may take equally likely
        (fold where it may, check or call, raise where it may), a raise to a uniform
        amount between its bounds, as `games.rl.random_actions` draws them.  The
        numbers are a hash of the hand's seed and its records so far (every action is
        recorded), so the same seeds and actions play the same hands whatever
        `threads` is, and whichever thread plays the table."""
        cdef uint64_t x = t.seed ^ (<uint64_t>t.log.n << 32)
        cdef int fold = self.o_fold[i]
        cdef int64_t low = self.o_low[i], high = self.o_high[i]
        cdef int64_t kind = <int64_t>mulhi(splitmix(&x), <uint64_t>(1 + fold + (low >= 0)))
        kind += 1 - fold
        self.a_kinds[i] = kind
        self.a_amounts[i] = 0
        if kind == RAISE:
            self.a_amounts[i] = low + <int64_t>mulhi(splitmix(&x), <uint64_t>(high - low + 1))

    # ---------------------------------------------------------------- workers

    def start_workers(self, int count):
        """Start `count` worker threads (the ones started before are stopped first);
        each waits for the next job spinning, then naps when none comes for a while
        (games/engine/_crew.pxd)."""
        cdef int w
        self.stop_workers()
        if crew_alloc(&self.crew, count):
            crew_free(&self.crew)
            raise MemoryError("no memory for the workers")
        started = []
        try:
            for w in range(count):
                thread = threading.Thread(target=self._serve, args=(w,), daemon=True,
                                          name=f"pokerhands-tables-{w + 1}")
                thread.start()
                started.append(thread)
        except BaseException:           # no thread to be had: stop those that started
            self._threads = started
            self.crew.nworkers = len(started)
            self.stop_workers()
            raise
        self._threads = started
        self.crew.nworkers = count      # only now may a step wait for them

    def stop_workers(self):
        """Stop the workers and wait for them to end."""
        cdef int failed = 0
        self._settle_deals()
        if self.flying:                 # the step in flight lands first (in the
            if os.getpid() == self.fly_pid:     # process whose workers play it)
                with nogil:
                    self._join(&failed)
                self.failures += failed
            self.flying = False
            self._flight = None
        crew_stop(&self.crew)
        for thread in self._threads:
            thread.join()
        self._threads = []
        crew_free(&self.crew)

    def _serve(self, int w):
        """A worker's life: run every job posted to it until told to stop."""
        cdef long seen = 0
        cdef int failed
        cdef int64_t finished
        with nogil:
            while True:
                seen = crew_await(&self.crew, w, seen)
                if seen < 0:
                    break
                failed = 0
                finished = self._run_slice(w + 1, &failed)
                crew_report(&self.crew, w, seen, finished, failed)

    cdef int _hand_over(self, int i, Slot *t, Owed *owed) noexcept nogil:
        """Table i's hand ended with its actor's action: its payoffs and records kept,
        the next hand dealt, or copied and owed its cards (`Owed`); returns the hands
        that ended (the hands nobody could decide in, played out at once, among them),
        or -1 when the table failed (its status says why)."""
        cdef int empty, before = owed.n
        self._finish(i)
        empty = self._next_hand(i, owed)
        if empty < 0:
            return -1
        if owed.n == before:
            self._row_hand(i, t)
        elif owed.n == GROUP:
            self._settle_owed(owed)
        return 1 + empty

    cdef void _opening_row(self, const Slot *t) noexcept nogil:
        """The row of `legal()` every copy of the opening has (the seats as table 0's,
        as every table's without carry)."""
        cdef int p = self.opening.h.actor
        legal_bounds(t.sp, &self.opening.h, p, &self.open_fold, &self.open_call,
                     &self.open_low, &self.open_high)
        self.open_actor = t.pos[p]

    cdef inline bint _defers(self, int i) noexcept nogil:
        """Whether table i's new hand is left owed to the deal after the step
        (`p_defer`): only in a worker's slice.  The worker deals those while the
        caller's policy runs; the caller deals its own slice's at once, so that its
        next step finds them in its own cache, and the slices' shared tails even out
        the time that costs it.  (A worker that dealt every slice's, the caller's too,
        left the caller's next step fetching them from the other core; this split
        plays more hands, most of all heads-up: docs/benchmarks.md.)  The tables of one
        `_run` lie in one slice, so its owed hands are all one or the other."""
        return self.p_defer and i >= self.crew.tails[0].stop

    cdef void _settle_owed(self, Owed *owed) noexcept nogil:
        """The owed hands' cards, drawn together, then their tables' rows.  In a
        worker's slice of a step that defers them (`_defers`), the hands are not even
        copied yet (`_next_hand`) and are left owed (`owes`) to the deal after the step
        (`_post_deals`); their rows are the opening's (`_opening_row`), nobody watching
        their cards."""
        cdef int k, i
        if owed.n and self._defers(owed.table[0]):
            for k in range(owed.n):
                i = owed.table[k]
                self.owes[i] = 1
                self._put_legal(i, self.open_actor, self.open_fold, self.open_call,
                                self.open_low, self.open_high)
            owed.n = 0
        elif owed.n:
            opening_cards(&self.opening, self._slot(owed.table[0]).sp, owed.hands, owed.n)
            for k in range(owed.n):
                self._row_hand(owed.table[k], self._slot(owed.table[k]))
            owed.n = 0

    # ---------------------------------------------------------------- cards dealt after a step

    cdef void _post_deals(self, long pid) noexcept nogil:
        """After a step on several threads that left its new hands owed (`p_defer`):
        post their copies of the opening and their cards to the workers, shares of
        DEAL_SHARE tables, and return; the workers deal while the caller's Python
        chooses the next actions (which read only the rows of `legal()`, written
        already).  Whatever reads a hand next settles the deal first
        (`_settle_deals`)."""
        self.p_job = JOB_DEAL
        self.dealing = True
        self.deal_pid = pid
        crew_post(&self.crew, self.p_lo, self.p_hi, False)

    cdef void _deal_owed(self, int start, int stop) noexcept nogil:
        """The owed hands of tables start..stop-1: copied from the opening, then their
        cards, GROUP hands at a time."""
        cdef Owed owed
        cdef Slot *t
        cdef int i, k
        owed.n = 0
        for i in range(start, stop):
            if self.owes[i]:
                t = self._slot(i)
                opening_copy(&self.opening, t.sp, &t.h, t.seed)
                owed.table[owed.n] = i
                owed.hands[owed.n] = &t.h
                owed.n += 1
            if owed.n == GROUP or (owed.n and i == stop - 1):
                opening_cards(&self.opening, self._slot(owed.table[0]).sp, owed.hands, owed.n)
                for k in range(owed.n):     # after its cards (the release): a child
                    spin_store_byte(&self.owes[owed.table[k]], 0)   # forked meanwhile
                owed.n = 0                  # sees which hands are whole

    cdef int _settle_deals(self) except -1:
        """Before anything reads a hand again: the deal posted (`_post_deals`)
        finished, this thread dealing the shares nobody took.  In a child forked
        meanwhile the workers are the parent's: the hands still owed are dealt here,
        each from its copy of the opening on (one a worker had begun, again)."""
        cdef int failed = 0             # a deal fails no table (`_shares`)
        cdef int64_t finished = 0
        if not self.dealing:
            return 0
        if os.getpid() != self.deal_pid:
            with nogil:
                self._deal_owed(0, self.n)
        else:
            with nogil:
                self._shares(0, &failed)
                crew_join(&self.crew, &finished, &failed)
        self.dealing = False
        return 0

    # ---------------------------------------------------------------- the rows
    # What each table looks like now, written after every change of it, so views,
    # checks and observations read compact arrays instead of the hands.

    cdef inline void _row_seat(self, int i, const Slot *t, int k) noexcept nogil:
        """Position k's chips and whether it folded."""
        cdef Py_ssize_t at = <Py_ssize_t>i * self.seats + t.pos[k]
        cdef int64_t stack = t.h.chips[k].stack, bet = t.h.chips[k].bet
        cdef uint8_t folded = t.h.folded[k]
        self.o_stacks[at] = stack
        self.o_bets[at] = bet
        self.o_folded[at] = folded

    cdef void _row_action(self, int i, const Slot *t, int actor, int street) noexcept nogil:
        """After an action the hand goes on from: within the round only the actor's
        chips changed; a round's end changed every seat's, the board and the pot."""
        if t.h.street == street:
            self._row_seat(i, t, actor)
        else:
            self._row_street(i, t, _holes_dealt(t.sp, street, t.h.street))

    cdef inline void _row_legal(self, int i, const Slot *t) noexcept nogil:
        """The actor and what it may do (the arrays of `legal()`)."""
        cdef int p = t.h.actor
        cdef uint8_t fold
        cdef int64_t call, low, high
        legal_bounds(t.sp, &t.h, p, &fold, &call, &low, &high)
        self._put_legal(i, t.pos[p], fold, call, low, high)

    cdef inline void _put_legal(self, int i, int64_t actor, uint8_t fold, int64_t call,
                                int64_t low, int64_t high) noexcept nogil:
        """Table i's row of `legal()`."""
        self.o_actor[i] = actor
        self.o_fold[i] = fold
        self.o_call[i] = call
        self.o_low[i] = low
        self.o_high[i] = high

    cdef inline void _row_street(self, int i, const Slot *t, bint holes) noexcept nogil:
        """A street dealt: every seat's chips (the bets collected), the board, the pot,
        the street, and with `holes` the hole cards (stud deals some every street)."""
        cdef const Hand *h = &t.h
        cdef int k, s, c, nb = self.nb, nh = self.nh
        cdef Py_ssize_t row = <Py_ssize_t>i * self.seats
        # the rows' pointers in locals: a store to a byte may alias anything, and the
        # compiler would reload them after each one
        cdef int64_t *stacks = &self.o_stacks[row]
        cdef int64_t *bets = &self.o_bets[row]
        cdef uint8_t *folded = &self.o_folded[row]
        cdef uint8_t *hole = &self.o_hole[row * nh]
        cdef uint8_t *board = &self.o_board[<Py_ssize_t>i * nb]
        for k in range(t.nin):
            s = t.pos[k]
            stacks[s] = h.chips[k].stack
            bets[s] = h.chips[k].bet
            folded[s] = h.folded[k]
            if holes:
                _copy_hole(&hole[s * nh], h.hole[k], h.nhole[k], nh)
        for c in range(nb):
            board[c] = h.board[c] if c < h.nboard else NO_CARD
        self.o_pot[i] = pot_total(h)
        self.o_street[i] = h.street

    cdef void _row_seating(self, int i, const Slot *t) noexcept nogil:
        """Who sits in the hand and the button (without carry, the same every hand:
        written once)."""
        cdef int k, s, c, seats = self.seats, nh = self.nh
        cdef Py_ssize_t row = <Py_ssize_t>i * seats
        cdef uint8_t *in_hand = &self.o_in_hand[row]
        if t.nin < seats:
            for s in range(seats):              # seats out of the hand: no cards, chips
                for c in range(nh):
                    self.o_hole[(row + s) * nh + c] = NO_CARD
                self.o_stacks[row + s] = t.chips[s]
                self.o_bets[row + s] = 0
                self.o_folded[row + s] = 1
                in_hand[s] = 0
        for k in range(t.nin):
            in_hand[t.pos[k]] = 1
        self.o_button[i] = t.button

    cdef void _row_hand(self, int i, const Slot *t) noexcept nogil:
        """A new hand: all of the row (`observe()`'s part once watched)."""
        if self.watched:
            if self.carry:
                self._row_seating(i, t)
            self._row_all(i, t)
        self._row_legal(i, t)

    cdef void _row_all(self, int i, const Slot *t) noexcept nogil:
        """The hand's cards and chips, as they stand: what the rows written after each
        change hold (fold keeps a seat's cards in its row)."""
        cdef int k, nh = self.nh
        cdef uint8_t *hole = &self.o_hole[<Py_ssize_t>i * self.seats * nh]
        for k in range(t.nin):
            _copy_hole(&hole[t.pos[k] * nh], t.h.hole[k], t.h.nhole[k], nh)
        self._row_street(i, t, False)

    def watch(self):
        """Keep `observe()`'s rows from now on: written for every table as it stands,
        then after every change of it, as `legal()`'s are.  The caller holds the step's
        lock: no step runs meanwhile."""
        cdef int i
        if self.watched:
            return
        self._settle_deals()
        with nogil:
            for i in range(self.n):
                self._row_seating(i, self._slot(i))
                self._row_all(i, self._slot(i))
        self.watched = True

    def totals(self, int64_t[:, ::1] won, double[::1] squares, int64_t[::1] hands,
               int64_t[::1] won_sum):
        """Every table's finished hands' payoffs by seat, into won (n, seats), and
        summed over the tables into won_sum (seats,), their squares summed over the
        tables (table by table, in order) into squares (seats,), and the hands each
        table finished into hands (n,).  (The sum is taken here: numpy's along the
        tables of an (n, seats) array cost 19 us at 1,024 tables, twice the rest.)"""
        cdef int i, s
        cdef const Slot *t
        with nogil:
            for s in range(self.seats):
                squares[s] = 0
                won_sum[s] = 0
            for i in range(self.n):
                t = self._slot(i)
                hands[i] = t.finished
                for s in range(self.seats):
                    won[i, s] = t.won[s]
                    won_sum[s] += t.won[s]
                    squares[s] += t.squares[s]

    def counts(self, int64_t[::1] finished, uint64_t[::1] seeds):
        """Hands finished at each table, and the seed of the hand in play."""
        cdef int i
        with nogil:
            for i in range(self.n):
                finished[i] = self._slot(i).finished
                seeds[i] = self._slot(i).seed

    def chips(self, int64_t[:, ::1] out):
        """Each seat's chips between hands (the hand in play's start, seat by seat)."""
        cdef int i, s
        with nogil:
            for i in range(self.n):
                for s in range(self.seats):
                    out[i, s] = self._slot(i).chips[s]

    def last_hand(self, int i):
        """The last hand table i finished: (the seat of each position, the starting
        stacks by position, its seed, its betting actions as (kind, position, amount)
        records: kind 0 fold, 1 check or call, 2 bet or raise to amount), or None."""
        cdef Slot *t = self._slot(i)
        cdef Rec *r
        cdef int k
        if t.finished == 0:
            return None
        taken = []
        for k in range(t.last.n):
            r = &t.last.recs[k]
            if r.kind == K_FOLD:
                taken.append((FOLD, r.seat, 0))
            elif r.kind == K_CHECK or r.kind == K_CALL or r.kind == K_BRING_IN:
                taken.append((CALL, r.seat, 0))
            elif r.kind == K_BET or r.kind == K_RAISE:      # to the amount
                taken.append((RAISE, r.seat, r.amount))
        return (tuple([t.last_pos[k] for k in range(t.last_nin)]),
                tuple([t.last_start[k] for k in range(t.last_nin)]), t.last_seed, taken)

    def copies_opening(self):
        """Whether new hands start as copies of the machine's opening (tests)."""
        return bool(self.opening.usable)

    def start_by_machine(self):
        """Start every later hand with the machine instead of the copy of its opening
        (tests compare the two)."""
        self.opening.usable = 0

    def records_at_home(self):
        """For each table, whether the records of its hand in play and of its last lie
        in its own room (False: a long hand's moved to the heap; tests)."""
        cdef int i
        return [(self._slot(i).log.recs == self._slot(i).log.home,
                 self._slot(i).last.recs == self._slot(i).last.home) for i in range(self.n)]

    # ---------------------------------------------------------------- checkpoints

    cdef size_t _state_size(self) noexcept nogil:
        """The bytes of the slots and the rooms of records after them."""
        return <size_t>self.n * (stride_of(sizeof(Slot)) + BOOKS * sizeof(Rec))

    def checkpoint(self):
        """Every table as it stands, for `restore` (a `Checkpoint`).  The caller holds
        the step's lock with no step in flight."""
        cdef Checkpoint cp = Checkpoint.__new__(Checkpoint)
        cdef int i, k
        cdef Log *log
        self._settle_deals()
        cp.size = self._state_size()
        cp.data = <char *>malloc(cp.size)
        cp.logs = <Log *>calloc(2 * <size_t>self.n, sizeof(Log))
        if cp.data == NULL or cp.logs == NULL:
            raise MemoryError(f"no memory for a checkpoint of {self.n} tables")
        cp.n = self.n
        with nogil:
            memcpy(cp.data, self.slots, cp.size)
            for k in range(2 * self.n):
                i = k >> 1
                log = &self._slot(i).log if k % 2 == 0 else &self._slot(i).last
                if log_on_heap(log) and log_copy(&cp.logs[k], log):
                    break
            else:
                k = -1
        if k >= 0:
            raise MemoryError(f"no memory for a checkpoint of table {k >> 1}'s records")
        cp.batch = self.serial
        cp.failures = self.failures
        cp.rows = tuple([self.rows[name].copy() for name in _LEGAL_ROWS])
        cp.payoffs = self.payoffs.copy()
        return cp

    def restore(self, Checkpoint cp not None):
        """Every table as `cp` holds it (taken of this batch).  Whatever the tables did
        since is gone: their logs' memory freed, the slots copied back, each log that
        had moved to the heap given a fresh copy of its records (the checkpoint stays
        whole, for the next restore), the rows of `legal()`, the last payoffs, and
        `observe()`'s rows written from the hands where they are kept.  Nothing
        changes when memory runs out.  The caller holds the step's lock with no step
        in flight."""
        cdef Log *fresh
        cdef Log *log
        cdef int i, k, failed = -1
        if cp.batch != self.serial:
            raise ValueError("the checkpoint was taken of other tables: a checkpoint "
                             "goes back only to the tables it was taken of")
        self._settle_deals()
        fresh = <Log *>calloc(2 * <size_t>self.n, sizeof(Log))
        if fresh == NULL:
            raise MemoryError(f"no memory to restore {self.n} tables")
        with nogil:
            for k in range(2 * self.n):     # every allocation first: a failure
                if (cp.logs[k].n or cp.logs[k].ncards) and log_copy(&fresh[k], &cp.logs[k]):
                    failed = k              # changes nothing
                    break
            if failed < 0:
                for i in range(self.n):
                    log_free(&self._slot(i).log)
                    log_free(&self._slot(i).last)
                memcpy(self.slots, cp.data, cp.size)
                for k in range(2 * self.n):
                    i = k >> 1
                    log = &self._slot(i).log if k % 2 == 0 else &self._slot(i).last
                    if not log_on_heap(log):    # in its room (copied back above)
                        continue
                    if log.recs != log.home:
                        log.recs, log.cap = fresh[k].recs, fresh[k].cap
                    else:
                        free(fresh[k].recs)
                    log.cards, log.ccap, log.tags = fresh[k].cards, fresh[k].ccap, fresh[k].tags
                    fresh[k].recs = NULL
                    fresh[k].cards = NULL
                    fresh[k].tags = NULL
        if failed >= 0:
            for k in range(failed + 1):
                log_free(&fresh[k])
            free(fresh)
            raise MemoryError(f"no memory to restore table {failed >> 1}'s records")
        free(fresh)
        self.failures = cp.failures
        for name, saved in zip(_LEGAL_ROWS, cp.rows):
            self.rows[name][...] = saved
        self.payoffs[...] = cp.payoffs
        if self.watched:
            with nogil:
                for i in range(self.n):
                    self._row_seating(i, self._slot(i))
                    self._row_all(i, self._slot(i))

    def save(self):
        """Every table's state, for comparing before and after (tests)."""
        cdef int i
        cdef Slot *t
        self._settle_deals()
        out = []
        for i in range(self.n):
            t = self._slot(i)
            out.append(((<char *>&t.h)[:sizeof(Hand)], (<char *>t.chips)[:sizeof(t.chips)],
                        t.finished, t.seed, t.log.n, (<char *>t.won)[:sizeof(t.won)],
                        (<char *>t.squares)[:sizeof(t.squares)]))
        return out
