"""One hand as a compiled state machine: the C hand of _state.pxd driven by _steps.pyx,
with the views, the moves and the records a table needs.

`Machine` knows the game only through its `GameSpec`.  It never calls into Python:
it runs until it waits for a player, the dealer or a rule module (`wait`, `point`),
and it writes a record of every action and dealer step to its log (`records`).  Its
moves trust their input: the façade (games/engine/table.py) reads and checks every
argument first (Python validates, C computes), so a refused action changes nothing.
The rule primitives at the end are for the rule modules (games/engine/rules/): each
is one small change of the hand that the module's rule is made of.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset
from types import MappingProxyType

from games.engine cimport _steps as steps
from games.engine cimport _actions as actions
from games.engine._chips cimport (
    able, add_dead, max_raise, min_raise, pause_round, pay, post, pot_total, raise_block,
    set_folded, to_call,
)
from games.engine._deck cimport cards_in, gather, move, stub_size
from games.engine._spec cimport GameSpec
from games.engine._state cimport (
    MAX_BURN, MAX_HOLE, MAX_SEATS, NO_CARD, REC_AMOUNT, REC_TAGS, W_DEALER, W_DONE,
    W_PLAYER, W_VALUES, Hand, Log, Rec, Spec, log_add, log_copy, log_free,
)
from games.engine._steps cimport E_MEMORY, E_STUB

#: the largest number of chips a table may hold (int64 with room for sums)
MAX_CHIPS = 1 << 60


cdef class Legal:
    """What the player to act may do now.

    fold: True only when facing a bet (a free check is never a fold).  call: chips to
    call (0 = check), None when checking or calling is not allowed.  raise_to: (min,
    max) chips the bet or raise may go to, or None.  discard: (min, max) cards to
    discard now, or None.  show: the player must show or muck its hand (a showdown
    the dealer drives, ``auto=False``).  replacement: the seat the dealer owes a
    card in place of one it exposed (a live dealer's irregularity), else None.
    place: in a placement game, each row with room and the cards it still takes
    ({"bottom": 5, "middle": 5, "top": 3} before the first card), else None.
    bring_in: the player must post the bring-in (stud's third street) or complete
    (`raise_to`); it may then neither check nor fold.
    up_cards: in a game that deals cards face up (stud), the cards every seat shows,
    a tuple per seat in the order dealt (() once folded), as the actor sees the table
    when deciding; None in the games dealt face down.  What the actor may do does
    not depend on them beyond `bring_in`, so they take no part in comparing two
    Legal values.
    """

    cdef readonly bint fold
    cdef readonly object call
    cdef readonly object raise_to
    cdef readonly object discard
    cdef readonly bint show
    cdef readonly object replacement
    cdef readonly object place
    cdef readonly bint bring_in
    cdef readonly object up_cards

    def __init__(self, fold=False, call=None, raise_to=None, discard=None, show=False,
                 replacement=None, place=None, bring_in=False, up_cards=None):
        self.fold = fold
        self.call = call
        self.raise_to = raise_to
        self.discard = discard
        self.show = show
        self.replacement = replacement
        self.place = None if place is None else MappingProxyType(dict(place))
        self.bring_in = bring_in
        self.up_cards = None if up_cards is None else tuple(tuple(u) for u in up_cards)

    def _fields(self):
        return (self.fold, self.call, self.raise_to, self.discard, self.show,
                self.replacement, None if self.place is None else tuple(self.place.items()),
                self.bring_in)

    def __repr__(self):
        extra = "" if self.replacement is None else f", replacement={self.replacement!r}"
        if self.place is not None:
            extra += f", place={dict(self.place)!r}"
        if self.bring_in:
            extra += ", bring_in=True"
        if self.up_cards is not None:
            extra += f", up_cards={self.up_cards!r}"
        return (f"Legal(fold={self.fold!r}, call={self.call!r}, "
                f"raise_to={self.raise_to!r}, discard={self.discard!r}, "
                f"show={self.show!r}{extra})")

    def __eq__(self, other):
        if not isinstance(other, Legal):
            return NotImplemented
        return self._fields() == (<Legal>other)._fields()

    def __hash__(self):
        return hash(self._fields())


#: nothing may be done (no actor, or the dealer is due)
NOTHING = Legal()


def _layout():
    """What a dumped hand's bytes mean in this build (`Machine.dump`): the sizes of the
    hand and of a record, and the seats and cards the hand holds."""
    return ("pokerhands-hand", 3, sizeof(Hand), sizeof(Rec), MAX_SEATS, MAX_HOLE)


cdef inline Legal _betting_legal(bint can_fold, object call_chips, object raise_to):
    cdef Legal legal = Legal.__new__(Legal)
    legal.fold = can_fold
    legal.call = call_chips
    legal.raise_to = raise_to
    return legal


cdef inline object _card(uint8_t c):
    return None if c == NO_CARD else c


cdef int _cards_in(object cards, uint8_t *out, int most) except -1:
    """Card values (ints 0..51, None for an unknown card; checked by the caller) into
    out; returns how many."""
    cdef int n = 0
    for c in cards:
        if n >= most:
            raise ValueError(f"more than {most} cards")
        out[n] = NO_CARD if c is None else <uint8_t>c
        n += 1
    return n


cdef class Machine:
    """The state of one hand (see the module's text)."""

    cdef Hand h
    cdef Log log
    cdef readonly GameSpec spec
    cdef const Spec *sp
    cdef Legal _legal                   # legal() of a betting decision, once computed

    def __cinit__(self):
        memset(&self.log, 0, sizeof(Log))

    def __dealloc__(self):
        log_free(&self.log)

    def __init__(self, GameSpec spec, tuple stacks, object seed, bint auto):
        """A hand of `spec` (stacks: ints already checked; seed: an int 0..2**64-1 or
        None) posted and run to its first decision."""
        cdef int64_t chips[MAX_SEATS]
        cdef int s, n = len(stacks)
        self.spec = spec
        self.sp = &spec.sp
        if n != self.sp.seats:
            raise ValueError(f"{n} stacks for a {self.sp.seats}-seat spec")
        for s in range(n):
            chips[s] = stacks[s]
        self._check(steps.new_hand(self.sp, &self.h, &self.log, chips, seed is not None,
                                   0 if seed is None else <uint64_t>seed, auto))

    cdef int _check(self, int status) except -1:
        """Turn a C status into an exception."""
        self._legal = None
        if status == 0:
            return 0
        if status == E_MEMORY or self.log.failed:
            raise MemoryError("the hand's log could not grow")
        if status == E_STUB:
            raise ValueError("the stub cannot serve the cards due (the deck ran out)")
        raise RuntimeError(f"the hand machine failed with status {status}")

    # ---------------------------------------------------------------- views

    @property
    def seats(self):
        return self.h.seats

    @property
    def live(self):
        """Seats not folded."""
        return self.h.live

    @property
    def wait(self):
        """What the hand waits for: 0 a player, 1 the dealer, 2 a rule module, 3 done."""
        return self.h.wait

    @property
    def point(self):
        """With wait == 2 (a rule module): the rule point (_state.pxd's P_*)."""
        return self.h.point

    @property
    def actor(self):
        """The seat to act, -1 when none."""
        return self.h.actor

    @property
    def done(self):
        return self.h.wait == W_DONE

    @property
    def step(self):
        return self.h.step

    @property
    def step_kind(self):
        """The kind of the step in play (steps.py's DEAL, BET, ...)."""
        return self.sp.step_kind[self.h.step]

    @property
    def street(self):
        """The index of the street in play."""
        return self.h.street

    @property
    def betting(self):
        return bool(self.h.betting)

    @property
    def all_in(self):
        return bool(self.h.all_in)

    @property
    def shown(self):
        return bool(self.h.shown)

    @property
    def showdown_due(self):
        """Hands are to be shown now (the showdown step, or an all-in runout)."""
        return self.h.wait == W_PLAYER and self.h.nturn > 0 and (
            self.sp.step_kind[self.h.step] == 3 or (
                self.h.all_in and not self.h.shown and self.h.step > self.sp.last_decision))

    @property
    def opener(self):
        return self.h.opener

    @property
    def raises(self):
        return self.h.raises

    @property
    def high(self):
        return self.h.high

    @property
    def last_high(self):
        """The largest bet of the last round collected (0: everyone checked)."""
        return self.h.last_high

    @property
    def stacks(self):
        """Chips behind, per seat."""
        return tuple([self.h.chips[s].stack for s in range(self.h.seats)])

    @property
    def bets(self):
        """Chips in front of each seat in the betting round in play."""
        return tuple([self.h.chips[s].bet for s in range(self.h.seats)])

    @property
    def contributions(self):
        """Chips each seat put into the hand (antes, blinds, bets), uncalled bets
        returned."""
        return tuple([self.h.chips[s].put for s in range(self.h.seats)])

    @property
    def dead_money(self):
        """The dead part of each seat's contribution (antes that set no pot level)."""
        return tuple([self.h.chips[s].dead for s in range(self.h.seats)])

    @property
    def folded(self):
        return tuple([self.h.folded[s] != 0 for s in range(self.h.seats)])

    @property
    def pot_total(self):
        return pot_total(&self.h)

    @property
    def able(self):
        """Seats still in with chips behind."""
        return able(&self.h)

    @property
    def carried(self):
        return self.h.carried

    def hole(self, int seat):
        """The seat's cards (None for a card nobody saw)."""
        return tuple([_card(self.h.hole[seat][k]) for k in range(self.h.nhole[seat])])

    def up(self, int seat):
        """The seat's cards dealt face up (stud), in the order dealt."""
        return tuple([_card(self.h.hole[seat][k]) for k in range(self.h.nhole[seat])
                      if (self.h.upmask[seat] >> k) & 1])

    @property
    def bring_in_due(self):
        """The betting round's actor must post the bring-in or complete."""
        return self.h.betting and self.h.bring_in == 1

    @property
    def board(self):
        return tuple([self.h.board[k] for k in range(self.h.nboard)])

    @property
    def burned(self):
        return tuple([_card(self.h.burned[k]) for k in range(self.h.nburned)])

    def where(self, int card):
        """The place of a card (_state.pxd's OUT, STUB, HOLE, ...)."""
        return self.h.where[card]

    def cards_in(self, int place):
        """The cards in one place, in card order."""
        cdef uint8_t out[52]
        cdef int n = cards_in(self.sp, &self.h, place, out)
        return tuple([out[k] for k in range(n)])

    @property
    def unknown(self):
        """Cards dealt face down that nobody named."""
        return self.h.unknown

    @property
    def stub_size(self):
        return stub_size(self.sp, &self.h)

    @property
    def due_hole(self):
        """Hole cards the dealer still owes each seat."""
        return tuple([self.h.due_hole[s] for s in range(self.h.seats)])

    @property
    def due_board(self):
        return self.h.due_board

    @property
    def turn(self):
        """Seats still to discard, draw, place or show, in order."""
        return tuple([self.h.turn[k] for k in range(self.h.nturn)])

    @property
    def draw_order(self):
        return tuple([self.h.draw_order[k] for k in range(self.h.ndraw)])

    def pending(self, int seat):
        """A draw: the cards the seat discarded (None: it has not declared yet)."""
        if not self.h.declared[seat]:
            return None
        return tuple([_card(self.h.pending[seat][k]) for k in range(self.h.npending[seat])])

    @property
    def set_aside_card(self):
        return self.h.set_aside_card

    @property
    def set_aside_street(self):
        return self.h.set_aside_street

    @property
    def burn_next(self):
        return tuple([self.h.burn_next[k] for k in range(self.h.nburn_next)])

    def burns(self, int street):
        """Whether the board of `street` is dealt after a burn."""
        return bool(self.sp.street[street].burn) and not (self.h.no_burn >> street) & 1

    @property
    def opened(self):
        return self.h.opened

    @property
    def serving(self):
        return bool(self.h.serving)

    @property
    def autodeal(self):
        return bool(self.h.autodeal)

    def state(self):
        """Every byte of the hand and its log, for comparing before and after."""
        cdef bytes hand = (<char *>&self.h)[:sizeof(Hand)]
        cdef bytes recs = (<char *>self.log.recs)[:self.log.n * sizeof(Rec)] if self.log.n else b""
        cdef bytes cards = (<char *>self.log.cards)[:self.log.ncards] if self.log.ncards else b""
        return (hand, recs, cards)

    # ---------------------------------------------------------------- the betting round

    def legal_bet(self):
        """What the betting round's actor may do (a `Legal`), once per decision."""
        cdef int s
        cdef object raise_to = None
        if self._legal is not None:
            return self._legal
        s = self._bettor()
        if raise_block(self.sp, &self.h, s) == 0:
            raise_to = (min_raise(&self.h, s), max_raise(self.sp, &self.h, s))
        if self.h.bring_in == 1:            # bring in or complete; no check, no fold
            self._legal = _betting_legal(False, None, raise_to)
            self._legal.bring_in = True
        else:
            self._legal = _betting_legal(self.h.high > self.h.chips[s].bet,
                                         to_call(&self.h, s), raise_to)
        for s in range(self.h.seats):
            if self.h.upmask[s]:            # a stud table: what every seat shows
                self._legal.up_cards = tuple([() if self.h.folded[s] else self.up(s)
                                              for s in range(self.h.seats)])
                break
        return self._legal

    @property
    def behind(self):
        """The seats a completion, bet or raise would make due now, as bits
        (`Hand.behind`: still in with chips behind, kept from the round's start on;
        tests check it against the folds and the stacks)."""
        return self.h.behind

    @property
    def bettor(self):
        """The seat to act in the betting round (-1 when none)."""
        return self.h.actor if self.h.betting else -1

    cdef int _bettor(self) except -1:
        """The betting round's actor; RuntimeError when no round is in play (its
        bounds would be read for no seat)."""
        if not self.h.betting:
            raise RuntimeError("no betting round is in play")
        return self.h.actor

    def raise_block(self):
        """Why the betting round's actor may not raise (_state.pxd's RB_*; 0: it may)."""
        return raise_block(self.sp, &self.h, self._bettor())

    def raise_bounds(self):
        cdef int s = self._bettor()
        return min_raise(&self.h, s), max_raise(self.sp, &self.h, s)

    @property
    def cap(self):
        return self.h.cap

    # ---------------------------------------------------------------- betting moves

    def try_fold(self):
        """Fold the betting round's actor if it may (0); else 1, nothing changed."""
        cdef int s
        if not self.h.betting:
            return 1
        s = self.h.actor
        if self.h.high <= self.h.chips[s].bet:
            return 1
        self._check(actions.fold(self.sp, &self.h, &self.log, True))
        return 0

    def try_check_or_call(self):
        """Check or call for the betting round's actor if it may (0); else 1 (no round,
        or the bring-in is due)."""
        if not self.h.betting or self.h.bring_in == 1:
            return 1
        self._check(actions.check_or_call(self.sp, &self.h, &self.log))
        return 0

    def try_bring_in(self):
        """Post the bring-in for the betting round's actor if it is due (0); else 1."""
        if not self.h.betting or self.h.bring_in != 1:
            return 1
        self._check(actions.bring_in(self.sp, &self.h, &self.log))
        return 0

    def try_raise_to(self, int64_t value):
        """Complete, bet or raise to `value` for the betting round's actor if it may
        (0); else 1, nothing changed."""
        cdef int s
        if not self.h.betting:
            return 1
        s = self.h.actor
        if (raise_block(self.sp, &self.h, s) or value < min_raise(&self.h, s)
                or value > max_raise(self.sp, &self.h, s)):
            return 1
        self._check(actions.raise_to(self.sp, &self.h, &self.log, value))
        return 0

    def copy(self):
        """An independent machine in this one's state: the hand byte for byte (with it
        the cards still to come and the generator's state, so a table that deals itself
        deals both the same cards next) and a copy of every record."""
        cdef Machine other = Machine.__new__(Machine)
        other.spec = self.spec
        other.sp = self.sp
        memcpy(&other.h, &self.h, sizeof(Hand))
        if log_copy(&other.log, &self.log):
            raise MemoryError("no memory for a copy of the hand's log")
        return other

    def dump(self):
        """The whole hand as plain values, for pickling (`load` builds it again): this
        build's layout, the hand's bytes, and the log's records, cards and tags."""
        cdef bytes hand = (<char *>&self.h)[:sizeof(Hand)]
        cdef bytes recs = (<char *>self.log.recs)[:self.log.n * sizeof(Rec)] if self.log.n else b""
        cdef bytes cards = b"", tags = b""
        if self.log.ncards:
            cards = (<char *>self.log.cards)[:self.log.ncards]
            tags = ((<char *>self.log.tags)[:self.log.ncards] if self.log.tags != NULL
                    else bytes(self.log.ncards))
        return (_layout(), hand, recs, cards, tags, self.log.skip, self.log.failed)

    @staticmethod
    def load(GameSpec spec, tuple dumped):
        """A machine of `spec` in the state `dump` gave.  ValueError when the values were
        dumped by a build whose hand is laid out otherwise (another version), or do not
        fit `spec`, rather than reading them as this build's."""
        cdef Machine m = Machine.__new__(Machine)
        cdef bytes hand, recs, cards, tags
        cdef Py_ssize_t n, k
        cdef Log src
        if len(dumped) != 7 or dumped[0] != _layout():
            raise ValueError("the table was pickled by another build of pokerhands (its "
                             "hand is laid out otherwise): replay its history instead")
        _, hand, recs, cards, tags, skip, failed = dumped
        n = len(recs) // sizeof(Rec)
        k = len(cards)
        if (len(hand) != sizeof(Hand) or len(recs) % sizeof(Rec) or len(tags) != k
                or n > 1 << 30 or k > 1 << 30):
            raise ValueError("the pickled hand is damaged")
        m.spec = spec
        m.sp = &spec.sp
        memcpy(&m.h, <char *>hand, sizeof(Hand))
        if m.h.seats != m.sp.seats:
            raise ValueError(f"the pickled hand has {m.h.seats} seats, its game {m.sp.seats}")
        if m.h.values_later or m.h.wait == W_VALUES:    # only a batch's tables wait so
            raise ValueError("the pickled hand is damaged")
        memset(&src, 0, sizeof(Log))      # the values read in place, copied as a log
        src.recs = <Rec *><char *>recs
        src.n = <int>n
        src.cards = <uint8_t *><char *>cards
        src.tags = <int8_t *><char *>tags
        src.ncards = <int>k
        src.skip = skip
        src.failed = failed
        if log_copy(&m.log, &src):
            raise MemoryError("no memory for the hand's log")
        return m

    def save(self):
        """The hand as it stands, for `restore` (a move a rule module failed)."""
        return ((<char *>&self.h)[:sizeof(Hand)], self.log.n, self.log.ncards)

    def restore(self, saved):
        """Back to a hand `save` returned (its records after that point dropped)."""
        cdef bytes hand = saved[0]
        memcpy(&self.h, <char *>hand, sizeof(Hand))
        self.log.n = saved[1]
        self.log.ncards = saved[2]
        self._legal = None

    # ---------------------------------------------------------------- moves (checked)

    def discard(self, cards):
        """The player to act discards (a draw: declares) `cards`.  A draw that runs the
        stub out is refused as a whole (the hand is as it was)."""
        cdef uint8_t given[MAX_HOLE]
        cdef int n = _cards_in(cards, given, MAX_HOLE)
        cdef Hand before
        cdef int logged = self.log.n, ncards = self.log.ncards, status
        memcpy(&before, &self.h, sizeof(Hand))
        status = steps.discard(self.sp, &self.h, &self.log, given, n)
        if status == E_STUB:
            memcpy(&self.h, &before, sizeof(Hand))
            self.log.n = logged
            self.log.ncards = ncards
        self._check(status)

    def show(self, int seat, cards):
        cdef uint8_t given[MAX_HOLE]
        cdef int n = _cards_in(cards, given, MAX_HOLE)
        self._check(steps.show(self.sp, &self.h, &self.log, seat, given, n))

    def muck(self, int seat):
        self._check(steps.muck(self.sp, &self.h, &self.log, seat))

    def deal_hole(self, int seat, cards):
        cdef uint8_t given[MAX_HOLE]
        cdef int n = _cards_in(cards, given, MAX_HOLE)
        self._check(steps.deal_hole(self.sp, &self.h, &self.log, seat, given, n))

    def deal_board(self, cards):
        cdef uint8_t given[MAX_HOLE]
        cdef int n = _cards_in(cards, given, MAX_HOLE)
        self._check(steps.deal_board(self.sp, &self.h, &self.log, given, n))

    # ---------------------------------------------------------------- rule primitives

    def resume(self):
        """Go on after the rule point in play (see _steps.resume)."""
        self._check(steps.resume(self.sp, &self.h, &self.log))

    def open_round(self, int opener=-1):
        """Open the betting round the hand stopped before (P_ROUND) at `opener`
        (-1: the default seat)."""
        self._check(steps.open_round(self.sp, &self.h, &self.log, opener))

    def default_opener(self):
        return steps.default_opener(self.sp, &self.h, self.h.street)

    def close_seats(self, closed):
        """The seats flagged in `closed` may not make the round's first bet."""
        cdef int s
        cdef uint16_t bits = 0
        for s in range(self.h.seats):
            if closed[s]:
                bits |= 1 << s
        self.h.closed = bits
        self._legal = None

    def hold_raises(self):
        """Nobody may raise in the round in play until somebody calls."""
        self.h.hold_raises = 1
        self._legal = None

    def note(self, int kind, seat, amount, cards=(), tags=None):
        """Append a record a rule module makes (kind: an index of records.KINDS)."""
        cdef uint8_t given[64]
        cdef int8_t marks[64]
        cdef int n = _cards_in(cards, given, 64), k
        if tags is not None:
            for k, t in enumerate(tags):
                marks[k] = t
        if log_add(&self.log, kind, -1 if seat is None else seat,
                   0 if amount is None else amount, amount is not None, given, n,
                   marks if tags is not None else NULL):
            raise MemoryError("the hand's log could not grow")

    def pay(self, int seat, int64_t amount):
        """Push chips from the pot to a seat."""
        pay(&self.h, seat, amount)

    def post(self, int seat, int64_t amount, bint as_bet, bint dead):
        """Chips from a seat's stack into the pot (what the stack allows)."""
        return post(&self.h, seat, amount, as_bet, dead)

    def add_dead(self, int seat, int64_t amount):
        add_dead(&self.h, seat, amount)

    def carry(self, int64_t amount):
        """Chips left in the pot for the next deal."""
        self.h.carried = amount

    def finish(self):
        """The hand is over (a module settled it)."""
        steps.finish(self.sp, &self.h)
        self._legal = None

    def show_done(self):
        """The hands count as shown (a module ended the hand before a showdown)."""
        self.h.shown = 1

    def settle_values(self):
        """The payouts a showdown of the hands still in pays by the C lookups."""
        cdef int64_t out[MAX_SEATS]
        steps.settle_values(self.sp, &self.h, out)
        return tuple([out[s] for s in range(self.h.seats)])

    def serve(self, int seat, int count, held):
        """Serve `count` cards off the stub to `seat` (-1: burn them); `held` are the
        discards that stay out of a new stub."""
        cdef uint64_t mask = 0
        for c in held:
            if c is not None:
                mask |= (<uint64_t>1) << <int>c
        self._check(steps.serve(self.sp, &self.h, &self.log, seat, count, mask))

    def set_folded(self, int seat):
        set_folded(&self.h, seat)

    def move(self, cards, int place):
        cdef uint8_t given[52]
        cdef int n = _cards_in(cards, given, 52)
        move(&self.h, given, n, place)

    def name_in_hand(self, int seat, cards):
        cdef uint8_t given[MAX_HOLE]
        cdef int n = _cards_in(cards, given, MAX_HOLE)
        steps.name_in_hand(&self.h, seat, given, n)

    def set_hole(self, int seat, cards):
        """Replace a seat's cards (a module moving cards out of a hand)."""
        self.h.nhole[seat] = _cards_in(cards, self.h.hole[seat], MAX_HOLE)

    def remove_turn(self, int seat):
        steps.remove_turn(&self.h, seat)

    def set_due_hole(self, int seat, int count):
        self.h.due_hole[seat] = count

    def wait_dealer(self):
        """The dealer is due (the dues set)."""
        self.h.wait = W_DEALER
        self.h.actor = -1
        self._legal = None

    def hold_deal(self, bint on):
        """Stop at P_DEALT when a dealer's deal is complete."""
        self.h.hold_deal = on

    def add_burn_next(self, int card):
        if self.h.nburn_next >= MAX_BURN:
            raise ValueError("too many cards set aside for the next burns")
        self.h.burn_next[self.h.nburn_next] = card
        self.h.nburn_next += 1

    def skip_burn(self, int street):
        self.h.no_burn |= 1u << street

    def set_aside_until(self, int card, int street):
        self.h.set_aside_card = card
        self.h.set_aside_street = street

    def burn(self, int count):
        self._check(steps.burn(self.sp, &self.h, &self.log, count))

    def restart_deal(self, int step, bint dealer_due):
        """Back to the deal step `step` before anyone acted: the round in play paused,
        nothing shown, and (dealer_due) the dealer owes what it owed, else the deal
        opened afresh."""
        if self.h.betting:
            pause_round(&self.h)
        self.h.actor = -1
        self.h.all_in = 0
        self.h.shown = 0
        self.h.serving = 0
        self.h.nturn = 0
        self.h.step = step
        self.h.street = self.sp.step_street[step]
        self._legal = None
        if dealer_due:
            self.h.opened = step
            self.h.wait = W_DEALER
        else:
            self.h.opened = -1
            self.h.wait = W_PLAYER

    def misdeal(self):
        """Every card back in the stub, every hand empty (the chips stay)."""
        cdef int s
        for s in range(self.h.seats):
            self.h.nhole[s] = 0
            self.h.due_hole[s] = 0
        self.h.nboard = 0
        self.h.nburned = 0
        self.h.nburn_next = 0
        self.h.no_burn = 0
        self.h.due_board = 0
        self.h.set_aside_card = -1
        gather(self.sp, &self.h)

    def run(self):
        """Run the steps from where the hand stands (after restart_deal)."""
        self._check(steps.advance(self.sp, &self.h, &self.log))

    # ---------------------------------------------------------------- the records

    @property
    def nrecords(self):
        return self.log.n

    def records(self, int start=0):
        """The records from `start` on, as (kind, seat, amount, cards, tags) tuples:
        kind an index of records.KINDS, seat and amount None where not given, cards
        with None for a card nobody saw, tags () where not given."""
        cdef int i, k
        cdef Rec *r
        out = []
        for i in range(start, self.log.n):
            r = &self.log.recs[i]
            cards = tuple([_card(self.log.cards[r.at + k]) for k in range(r.ncards)])
            tags = tuple([self.log.tags[r.at + k] for k in range(r.ncards)]) if (
                r.flags & REC_TAGS) else ()
            out.append((r.kind, None if r.seat < 0 else r.seat,
                        r.amount if r.flags & REC_AMOUNT else None, cards, tags))
        return out
