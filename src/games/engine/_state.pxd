# The C layout of one hand, shared by the engine's compiled parts (public to them only:
# _chips, _deck, _steps, _machine and the batch of tables cimport it).
#
# A hand is two structs.  `Spec` is what a table knows before the first card: the game's
# streets and steps, the deck, the forced bets, the betting structure and how the
# rankings are looked up; it is built once from a `Variant` and the table's options
# (games/engine/spec.py) and shared, read-only, by every hand of that kind.  `Hand` is
# everything that changes: chips, cards and where each one is, whose turn it is and
# what the table waits for.  Both are plain C structs of fixed size with no pointers, so
# a batch of tables is an array of `Hand` beside one `Spec`, a hand is copied with one
# memcpy, and a snapshot is its bytes.  What happened is written to a `Log` of records
# (the only part that grows), one per action or dealer step.
#
# Seats are 0..seats-1 clockwise from the first seat left of the button (PHH's p1,
# p2, ...); the button is the last seat.  Chips are int64.  Cards are 4*rank + suit;
# NO_CARD (255) is a card dealt face down that nobody saw ("??" in PHH).

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

from evaluator.omaha_tables cimport Combo
from evaluator.tables cimport Badugi
from evaluator.typedefs cimport entry_t, offset_t
from games._xoshiro cimport Xoshiro

cdef enum:
    MAX_SEATS = 10      # seats at one table: the most any game here seats
    #                     (Variant.max_players); each of a table's per-seat
    #                     arrays is this long, and a batch of tables streams them
    MAX_HOLE = 16       # cards one seat holds at once (fantasyland: 14)
    MAX_BOARD = 8       # community cards
    MAX_BURN = 8        # burned cards in one hand
    MAX_STREETS = 16
    MAX_STEPS = 64
    NO_CARD = 255       # a card nobody saw

# Steps of a hand (Spec.step_kind), read from the variant's streets.
cdef enum:
    DEAL = 0            # hole cards to each seat still in, then a burn and the board
    DISCARD = 1         # every seat still in discards in turn (Crazy Pineapple)
    BET = 2             # a betting round
    SHOWDOWN = 3        # the hands still in are shown (or mucked) in order
    SETTLE = 4          # the chips are pushed
    DRAW = 5            # every seat still in declares a discard in turn, then is served
    PLACE = 6           # every seat holding cards places them in its rows (OFC)

# Where a card is (Hand.where).
cdef enum:
    OUT = -1            # not a card of this game's deck
    STUB = 0            # not dealt yet
    HOLE = 1            # in a player's hand
    BOARD = 2           # on the board
    BURNED = 3
    MUCKED = 4          # a folded or mucked hand
    DISCARDED = 5
    SET_ASIDE = 6       # a live dealer's error, kept out until its remedy ends
    ROWS = 7            # placed in a row (OFC)

# What the hand waits for (Hand.wait).
cdef enum:
    W_PLAYER = 0        # the seat `actor`: a bet, a discard, a draw, a placement, a show
    W_DEALER = 1        # a dealer-driven table's dealer: hole cards or board cards
    W_RULE = 2          # a rule module of the variant (Hand.point says which point)
    W_DONE = 3          # the chips are settled
    W_VALUES = 4        # a batch's showdown, valued with its neighbours' (`values_later`)

# The points where a hand stops for a rule module (Hand.point), when the spec asks.
cdef enum:
    P_NONE = 0
    # before a betting round opens: the module may set the opener, close seats to the
    # opening bet, hold raises until a call
    P_ROUND = 2
    P_ROUND_END = 3     # a betting round ended (bets collected): carry, or resume
    P_SERVE = 4         # a draw's declarations are over: the module serves (auto tables)
    P_SETTLE = 5        # the module settles the hand
    P_DEALT = 6         # a dealer's deal is complete (a live dealer's replacements)

# Who opens a street's betting round (games.variants.Opener, as numbers): the seat
# after the blinds (later rounds: left of the button), or, in stud, by the cards
# showing (_steps.pyx, `default_opener`).
cdef enum:
    O_POSITION = 0
    O_LOW_CARD = 1      # the lowest card showing, aces high, suits c < d < h < s
    O_HIGH_CARD = 2     # the highest card showing, aces low (razz)
    O_HIGH_HAND = 3     # the best high hand showing (no straights or flushes)
    O_LOW_HAND = 4      # the best ace-to-five low showing (razz)

# Betting structures (games.variants.Betting, as numbers).
cdef enum:
    NO_LIMIT = 0
    POT_LIMIT = 1
    FIXED_LIMIT = 2

# Why a seat may not complete, bet or raise now (chips.raise_block).
cdef enum:
    RB_OK = 0
    RB_SHORT_ALL_IN = 1     # a short all-in does not reopen the betting to it
    RB_CAP = 2              # the round's cap of completions, bets and raises is reached
    RB_ALL_IN_CALL = 3      # calling takes every chip it has
    RB_NO_ANSWER = 4        # no opponent could answer a raise
    RB_CLOSED = 5           # it may not make the round's first bet (a rule closed it)
    RB_HELD = 6             # nobody may raise until somebody calls (a rule holds them)

# Record kinds: the index of each kind in games.engine.records.KINDS (same order).
cdef enum:
    K_ANTE = 0
    K_BLIND = 1
    K_DEAL_HOLE = 2
    K_BURN = 3
    K_DEAL_BOARD = 4
    K_FOLD = 5
    K_CHECK = 6
    K_CALL = 7
    K_BET = 8
    K_RAISE = 9
    K_DISCARD = 10
    K_SHOW = 11
    K_MUCK = 12
    K_RETURN = 13
    K_WIN = 14
    K_LIVE_AGAIN = 24
    K_NEW_STUB = 25
    K_PLACE = 26
    K_PAY = 27
    K_CARRIED_IN = 28
    K_CARRY = 29
    K_BRING_IN = 32

# How a ranking's values are looked up in C (Valuer.kind); RULE: by a rule module.
cdef enum:
    V_RULE = 0
    V_BEST = 1          # evaluator.tables: the best five of hole and board cards
    V_COMBO = 2         # evaluator.omaha_tables.ComboTables: two hole + three board
    V_LOWMASK = 3       # evaluator.omaha_tables.MaskTables: an Omaha eight-or-better low
    V_BADUGI = 4        # evaluator.tables.BadugiTables: four cards, one load


ctypedef struct Valuer:
    int kind
    const offset_t *offsets     # V_BEST: the ranks table's perfect-hash offsets
    const entry_t *ranks        # V_BEST: value by hashed rank key
    const entry_t *flush        # V_BEST: value by suit mask, or NULL
    Combo combo                 # V_COMBO
    const entry_t *low_table    # V_LOWMASK: best low by hole mask << 8 | board mask
    const uint8_t *low_bits     # V_LOWMASK: each card's low rank bit
    Badugi badugi               # V_BADUGI


ctypedef struct StreetSpec:
    uint8_t hole               # cards dealt to each seat
    uint8_t board              # community cards dealt
    uint8_t burn               # cards burned before the board
    uint8_t discard            # cards each seat discards (exactly)
    uint8_t draw               # cards each seat may exchange (0..draw)
    uint8_t place              # cards each seat places in its rows
    uint8_t betting            # a betting round follows the deal
    uint8_t big_bet            # fixed limit: this round bets the big bet
    uint8_t stops              # bit (1 << P_x) per point a rule module takes here
    uint8_t up                 # of the hole cards dealt to a seat, the last `up` face up
    uint8_t opener             # who opens the betting round (O_*)
    uint8_t bring_in           # the round opens with the bring-in (stud's third street)
    uint8_t common             # when the stub cannot give every player still in its
    #                            hole cards, they are dealt to the board, common to all


ctypedef struct Spec:
    int seats
    int structure               # NO_LIMIT, POT_LIMIT, FIXED_LIMIT
    int cap                     # completions, bets and raises per round, -1: no cap
    int64_t min_bet             # no-limit and pot-limit: the smallest bet
    int64_t small_bet           # fixed limit: the early rounds' bet
    int64_t big_bet             # fixed limit: the big_bet rounds' bet
    int64_t blind[MAX_SEATS]    # the blind or straddle each seat posts (0: none)
    int64_t ante[MAX_SEATS]     # the ante each seat posts
    int64_t carried             # chips in the middle from earlier deals (dead money)
    int64_t bring_in            # the bring-in of a round whose street has one (0: none)
    uint8_t has_antes
    uint8_t ante_trimming       # antes are each seat's contribution, not dead money
    uint8_t double_raise        # a raise goes at most to twice the bet it raises
    uint8_t seat_by_seat        # hole cards are dealt seat by seat (uneven counts)
    uint8_t rows                # a placement game: settled by its rule module
    uint8_t has_deal_counts     # deal_count says each seat's hole cards (fantasyland)
    uint8_t deal_count[MAX_STREETS][MAX_SEATS]
    int nstreets
    StreetSpec street[MAX_STREETS]
    int nsteps
    uint8_t step_kind[MAX_STEPS]
    int8_t step_street[MAX_STEPS]   # the street of each step (-1: none)
    int first_round             # street of the first betting round (-1: none)
    int last_decision           # the last step where players decide (discard, draw, place)
    int deck_size
    uint8_t deck[52]            # the game's cards, in card order
    int need                    # cards a hand needs at most, drawn in one sample
    Valuer high                 # ranks the high (or only) hand
    Valuer low                  # ranks the low half (kind V_RULE: no low half)
    uint8_t split_low           # a Hi/Lo game: half to the best qualifying low
    uint8_t settle_by_rule      # the rankings have no C lookup: a rule module settles


ctypedef struct SeatChips:
    int64_t stack               # chips behind
    int64_t bet                 # chips in front this round
    int64_t put                 # chips put in this hand (uncalled bets returned)
    int64_t dead                # the dead part of put (antes that set no pot level)


# A hand's fields in the order a betting action reads them: first what every fold,
# call and raise and the look at the next actor's bounds touch (the round's and the
# flow's scalars, its sets of seats as bits, a byte per seat, then each seat's chips
# side by side: a 6-seat hand's chips are three cache lines, heads-up one), then what
# changes street by street, then the cards.  A batch of tables streams its hands
# through the cache once per step, so a betting action costs the lines it touches
# (games/engine/_batch.pyx).
ctypedef struct Hand:
    # ---- the betting round (games/engine/_chips.pxd) and the flow of the hand
    # (games/engine/_steps.pyx): every action
    int seats
    int live                    # seats not folded
    int betting                 # a betting round waits for its actor
    int opener                  # the round's opener, then its last aggressor
    int raises                  # completions, bets and raises this round
    int cap                     # raises allowed this round, -1: no cap
    uint16_t due                # bit s: seat s is still to act this round (the
    #                             actor's bit among them; MAX_SEATS <= 16)
    uint16_t acted              # bit s: seat s acted since the last full raise
    int hold_raises             # nobody may raise until somebody calls
    int bring_in                # 1: the actor posts the bring-in or completes; 2: posted,
    #                             a completion (to the round's bet) is still to come
    int wait                    # W_PLAYER, W_DEALER, W_RULE, W_DONE; W_VALUES (a batch)
    int point                   # with W_RULE: the rule point
    int actor                   # the seat to act, -1: none
    int step                    # index of the step in play
    int street                  # index of the street in play
    int opened                  # the step whose deal or queue is set up (-2: showdown)
    int all_in                  # no more betting: everyone but one is all-in
    int shown                   # the hands are shown
    int autodeal                # the table deals itself
    int reshow                  # a card was dealt face down after they were: show again
    int64_t high                # the largest bet this round
    int64_t round_min           # the round's minimum (fixed limit: the) bet
    int64_t last_amount         # the largest full increment this round
    int64_t short_sum           # consecutive short all-in increments
    int64_t paid                # chips pushed to winners
    int64_t last_high           # the largest bet of the last round collected (0: checked)
    uint8_t folded[MAX_SEATS]
    uint16_t closed             # bit s: seat s may not make the round's first bet
    uint16_t behind             # bit s: seat s is still in with chips behind, from the
    #                             round's start on (`start_round`; every fold and every
    #                             chip put in keep it): whom a raise makes due
    uint8_t values_later        # a showdown waits (W_VALUES) for a batch of tables to
    #                             value it with others (games/engine/_batch.pyx)
    # the rest of the line the fields above start (the scalars fill two), so that
    # the chips start a line of their own (tests/test_engine_tables.py checks)
    char chips_line[64 - MAX_SEATS - 5]
    SeatChips chips[MAX_SEATS]  # a new hand clears the seats dealt in (`new_hand`)
    # ---- street by street (games/engine/_steps.pyx)
    int serving                 # a draw's declarations are over
    int due_board               # board cards the dealer still owes this street
    int64_t carried             # chips left in the pot for the next deal
    uint8_t due_hole[MAX_SEATS]   # hole cards the dealer still owes each seat
    int8_t turn[MAX_SEATS]      # seats still to discard, draw, place or show, in order
    int nturn
    int8_t draw_order[MAX_SEATS]    # a draw's seats in declaring order
    int ndraw
    uint8_t declared[MAX_SEATS]     # a draw: the seat declared its discards
    uint8_t npending[MAX_SEATS]     # a draw: how many cards it discarded
    # ---- the cards (games/engine/_deck.pxd)
    uint8_t nhole[MAX_SEATS]
    uint16_t upmask[MAX_SEATS]  # bit k: the seat's hole card k lies face up (stud)
    int nboard
    int nburned
    int unknown                 # cards dealt face down that nobody named
    int nburn_next
    uint32_t no_burn            # bit per street dealt without a burn (a dealer's error)
    int set_aside_card          # a board card set aside until a round ends, -1: none
    int set_aside_street        # the street whose round ends it
    int hold_deal               # stop at P_DEALT when a dealer's deal is complete
    # ---- the seeded deck (games/engine/_deck.pxd)
    uint64_t seed
    int has_seed                # a seed was given (or chosen) for this hand
    int has_rng                 # the generator is seeded (on the first draw)
    int drawn                   # anything was drawn or dealt (the first pool is the deck)
    int up_head                 # upcoming[up_head:up_len]: cards sampled, not dealt yet
    int up_len
    int up_target               # the first draw's shuffle samples upcoming[0:up_target]
    #                             out of upcoming[0:up_pool] (_deck.pxd, `_shuffle_to`)
    int up_pool
    # ---- storage read only below its count (nhole, npending, nboard, nburned,
    # nburn_next, up_len; `where` is filled by deck_init, `rng` seeded on the first draw
    # when has_rng is 0): a new hand clears everything above `where` and leaves these
    # (_steps.pyx, `new_hand`), a batch of tables' hands a third less to clear
    int8_t where[52]            # the place of every card (OUT, STUB, HOLE, ...)
    uint8_t hole[MAX_SEATS][MAX_HOLE]
    uint8_t pending[MAX_SEATS][MAX_HOLE]   # a draw: the cards each seat discarded
    uint8_t board[MAX_BOARD]
    uint8_t burned[MAX_BURN]
    uint8_t burn_next[MAX_BURN]     # known cards the next burns take first (a dealer error)
    uint8_t upcoming[52]        # cards sampled ahead, upcoming[up_head:up_len]
    Xoshiro rng


ctypedef struct Rec:
    uint8_t kind                # the index of the event kind (games/engine/records.py)
    int8_t seat                 # -1: none
    uint8_t ncards
    uint8_t flags               # REC_AMOUNT: `amount` is given; REC_TAGS: tags are given
    int32_t at                  # the record's cards are Log.cards[at:at + ncards]
    int64_t amount


cdef enum:
    REC_AMOUNT = 1
    REC_TAGS = 2


ctypedef struct Log:
    Rec *recs
    int n
    int cap
    uint8_t *cards              # every record's cards, one after another
    int8_t *tags                # a tag per card where a record has them (a row of OFC)
    int ncards
    int ccap
    int failed                  # an allocation failed: the log is incomplete
    uint64_t skip               # a bit per record kind not kept (0: every record); a
    #                             batch of tables keeps only the betting actions
    Rec *home                   # room for records that the log's owner provides (not
    int home_cap                # malloc'd; NULL: none): `log_home`


# The log is the one part of a hand that grows: records and their cards are kept in
# two arrays that double when full (malloc'd, freed with the hand).  An allocation that
# fails marks the log `failed`; the machine turns that into a MemoryError.  Its
# functions are inline: every action appends a record, from each compiled part.
#
# A log may start in room its owner provides (`log_home`): a batch of tables keeps its
# tables' records beside their slots, on the slots' huge pages, in table order, rather
# than in thousands of small blocks of the heap.  A hand that outgrows the room moves
# its records to the heap; clearing the log for the next hand frees them and goes home.

cdef inline int _grow(void **block, int *capacity, int needed, size_t item) noexcept nogil:
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


cdef inline int _grow_recs(Log *log, int needed) noexcept nogil:
    """Room for `needed` records: the heap block grown, or, out of the owner's room,
    a new heap block (`_grow` from nothing) with the records copied."""
    cdef Rec *room = log.recs
    if log.home == NULL or room != log.home:
        return _grow(<void **>&log.recs, &log.cap, needed, sizeof(Rec))
    log.recs = NULL
    if _grow(<void **>&log.recs, &log.cap, needed, sizeof(Rec)):
        log.recs = room
        return -1
    memcpy(log.recs, room, <size_t>log.n * sizeof(Rec))
    return 0


cdef inline void log_home(Log *log, Rec *room, int cap) noexcept nogil:
    """Start an empty log's records in `room` (cap records, at least 1, owned and
    freed by the caller, alive as long as the log)."""
    log.home = log.recs = room
    log.home_cap = log.cap = cap


cdef inline bint log_keeps(const Log *log, int kind) noexcept nogil:
    """Whether the log records this kind (a caller may skip building the record)."""
    return not (log.skip >> kind) & 1


cdef inline int log_add(Log *log, int kind, int seat, int64_t amount, bint has_amount,
                        const uint8_t *cards, int n, const int8_t *tags) noexcept nogil:
    """Append one record (cards[0:n], and a tag per card when `tags` is not NULL);
    0, or -1 when memory runs out (the log is then marked failed)."""
    cdef Rec *rec
    cdef void *moved
    cdef int i
    if not log_keeps(log, kind):
        return 0
    if log.n >= log.cap and _grow_recs(log, log.n + 1):
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
        for i in range(n):              # a few cards: no call to memcpy
            log.cards[log.ncards + i] = cards[i]
        if tags != NULL:
            for i in range(n):
                log.tags[log.ncards + i] = tags[i]
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


cdef inline void log_clear(Log *log) noexcept nogil:
    """Empty the log, keeping its memory (records that outgrew the owner's room are
    freed: the log goes home)."""
    if log.recs != log.home and log.home != NULL:
        free(log.recs)
        log.recs = log.home
        log.cap = log.home_cap
    log.n = 0
    log.ncards = 0
    log.failed = 0


cdef inline int log_copy(Log *dst, const Log *src) noexcept nogil:
    """src's records, cards and tags copied into dst, an empty log that owns nothing
    (on the heap, whatever room src keeps them in: a copy of a hand outlives the
    room); 0, or -1 when memory runs out (dst then holds what it got, for
    `log_free`)."""
    dst.skip = src.skip
    dst.failed = src.failed
    if src.n:
        if _grow(<void **>&dst.recs, &dst.cap, src.n, sizeof(Rec)):
            return -1
        memcpy(dst.recs, src.recs, <size_t>src.n * sizeof(Rec))
        dst.n = src.n
    if src.ncards:
        if _grow(<void **>&dst.cards, &dst.ccap, src.ncards, sizeof(uint8_t)):
            return -1
        dst.tags = <int8_t *>realloc(NULL, <size_t>dst.ccap * sizeof(int8_t))
        if dst.tags == NULL:            # the tags are kept the same length as the cards
            return -1
        memcpy(dst.cards, src.cards, <size_t>src.ncards)
        if src.tags != NULL:
            memcpy(dst.tags, src.tags, <size_t>src.ncards)
        dst.ncards = src.ncards
    return 0


cdef inline bint log_on_heap(const Log *log) noexcept nogil:
    """Whether any of the log's memory is its own (records that left the owner's room,
    or cards and tags), not the room alone."""
    return log.recs != log.home or log.cards != NULL or log.tags != NULL


cdef inline void log_free(Log *log) noexcept nogil:
    """Free what the log allocated (not the owner's room)."""
    if log.recs != log.home:
        free(log.recs)
    free(log.cards)
    free(log.tags)
    log.recs = log.home = NULL
    log.home_cap = 0
    log.cards = NULL
    log.tags = NULL
    log.n = log.cap = log.ncards = log.ccap = 0
