"""The chips of one hand and its betting rounds, in C.

This is the hot part of the engine: every fold, call and raise of a hand runs here,
as does `legal()`.  Everything else about a hand (posting order, dealing, discards,
showdown, PHH) is Python in games/engine/, which subclasses `BettingCore` and is
called back through four hooks: `_round_over()` when a betting round ends,
`_on_fold(seat)` when a player folds, `_outside_legal()` for `legal()` when no
betting round is running, and `_not_betting(action)` to explain why a betting action
is not due.

The rules follow RULES.md ("Betting") and, where a point of play is open, PHH's
reference engine, so recorded hands replay the same everywhere:

* The actors of a round are queued clockwise from the opener, skipping folded and
  all-in seats; a completion, bet or raise queues everyone else again.  The round
  ends when the queue is empty or one player is left.
* Minimum raise: to the largest bet plus the larger of the round's minimum bet and
  the largest completion/bet/raise increment so far (blinds are not increments).
  A player may always go all-in for less.
* A short all-in raise does not reopen the betting: a player who already acted may
  not raise again until the short increments add up to a full raise, and a player
  whose call is smaller than the last full increment may not raise.
* Pot limit: the largest raise is to the call plus the pot after the call.  Fixed
  limit: every bet and raise is the round's fixed size, and `cap` completions, bets
  or raises end the raising (blinds are not counted; heads-up too).
* No raise is offered when no opponent could answer it (everyone else is all-in or
  covered), and folding only when facing a bet.

Seats are 0..seats-1 clockwise from the first seat left of the button (PHH's p1,
p2, ...; the button is the last seat).  Chips are C long longs.
"""

from operator import index as _index
from types import MappingProxyType

cdef enum:
    MAX_SEATS = 32

#: betting structures (games.variants.Betting, as numbers)
NO_LIMIT = 0
POT_LIMIT = 1
FIXED_LIMIT = 2

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
    """

    cdef readonly bint fold
    cdef readonly object call
    cdef readonly object raise_to
    cdef readonly object discard
    cdef readonly bint show
    cdef readonly object replacement
    cdef readonly object place

    def __init__(self, fold=False, call=None, raise_to=None, discard=None, show=False,
                 replacement=None, place=None):
        self.fold = fold
        self.call = call
        self.raise_to = raise_to
        self.discard = discard
        self.show = show
        self.replacement = replacement
        self.place = None if place is None else MappingProxyType(dict(place))

    def _fields(self):
        return (self.fold, self.call, self.raise_to, self.discard, self.show,
                self.replacement, None if self.place is None else tuple(self.place.items()))

    def __repr__(self):
        extra = "" if self.replacement is None else f", replacement={self.replacement!r}"
        if self.place is not None:
            extra += f", place={dict(self.place)!r}"
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


cdef inline Legal _legal(bint fold, object call, object raise_to):
    cdef Legal legal = Legal.__new__(Legal)
    legal.fold = fold
    legal.call = call
    legal.raise_to = raise_to
    legal.discard = None
    legal.show = False
    legal.replacement = None
    return legal


def _who(int seat):
    return f"seat {seat} (p{seat + 1})"


cdef class BettingCore:
    """Stacks, bets and contributions of every seat, and the betting round in play."""

    cdef readonly int seats
    cdef readonly int live            # seats not folded
    cdef readonly bint betting        # a betting round is waiting for its actor
    cdef public int actor_seat        # seat to act (-1: none); the flow sets it outside rounds
    cdef readonly int opener          # the round's opener, then its last aggressor
    cdef readonly int raises          # completions, bets and raises this round
    cdef readonly long long high      # the largest bet this round
    cdef int structure
    cdef int cap                      # raises allowed per round, -1 for no cap
    cdef long long min_bet            # the round's minimum (fixed limit: the) bet
    cdef long long last_amount        # the largest full increment this round
    cdef long long short_sum          # consecutive short all-in increments
    cdef long long paid               # chips pushed to winners
    cdef long long stack[MAX_SEATS]
    cdef long long bet[MAX_SEATS]     # chips in front of each seat this round
    cdef long long put[MAX_SEATS]     # chips each seat put in this hand
    cdef long long dead[MAX_SEATS]    # the dead part of put (antes that set no level)
    cdef char folded[MAX_SEATS]
    cdef char acted[MAX_SEATS]        # acted since the last full raise
    cdef char closed[MAX_SEATS]       # may not open this round (no opening requirement)
    cdef bint double_raise            # a raise goes at most to twice the bet (Italian)
    cdef bint hold_raises             # no raise until somebody calls (a blind opening)
    cdef public object _closed_why    # why a closed seat may not open, in words
    cdef int queue[MAX_SEATS]         # seats still to act, queue[head:length]
    cdef int head
    cdef int length
    cdef Legal _legal_now             # legal() of the current decision, once computed
    cdef public list _log             # (kind, seat, amount, cards) records

    def __cinit__(self, *args, **kwargs):
        self.actor_seat = -1
        self.opener = -1
        self.cap = -1
        self._log = []

    # ------------------------------------------------------------ set-up (the flow)

    def _init_chips(self, stacks, int structure):
        """Seat the stacks (ints already checked by the caller)."""
        cdef int s
        if not 2 <= len(stacks) <= MAX_SEATS:
            raise ValueError(f"the engine seats 2..{MAX_SEATS} players, got {len(stacks)}")
        self.seats = len(stacks)
        self.live = self.seats
        self.structure = structure
        for s in range(self.seats):
            self.stack[s] = stacks[s]
            self.bet[s] = 0
            self.put[s] = 0
            self.dead[s] = 0
            self.folded[s] = 0
            self.acted[s] = 0
            self.closed[s] = 0

    def _post(self, int seat, long long amount, bint as_bet, bint dead):
        """Post a forced bet (what the stack allows); returns the chips posted.  A blind
        is a bet of the first round; an ante goes straight into the pot, as dead money
        if `dead`."""
        if amount > self.stack[seat]:
            amount = self.stack[seat]
        self.stack[seat] -= amount
        self.put[seat] += amount
        if as_bet:
            self.bet[seat] += amount
            if self.bet[seat] > self.high:
                self.high = self.bet[seat]
        elif dead:
            self.dead[seat] += amount
        return amount

    def _add_dead(self, int seat, long long amount):
        """Chips from outside the stacks join the pot as dead money attributed to
        `seat` (a pot carried from an earlier deal)."""
        self.put[seat] += amount
        self.dead[seat] += amount

    def _set_double_raise(self, bint on):
        """A raise goes at most to twice the bet it raises (Italian poker)."""
        self.double_raise = on

    def _close_opening(self, closed, why):
        """The seats of `closed` (bools per seat) may not make the round's first bet
        (they do not hold the opening); `why` says what opening needs."""
        cdef int s
        for s in range(self.seats):
            self.closed[s] = 1 if closed[s] else 0
        self._closed_why = why
        self._legal_now = None

    def _hold_raises(self):
        """Nobody may raise in the round in play until somebody calls (Italian poker's
        blind opening: the others may only call or fold until one of them calls)."""
        self.hold_raises = True
        self._legal_now = None

    def _start_round(self, int opener, long long min_bet, int cap):
        """Open a betting round at `opener`; True if somebody must act in it.

        A seat acts in the round if it is still in, has chips behind, and could
        still lose more than it has in front: it is not already covering every chip
        the others have (PHH's reference skips such a player, so a big blind whose
        every opponent is all-in for less has no option)."""
        cdef int k, s
        cdef long long total, first = 0, second = 0
        self.opener = opener
        self.min_bet = min_bet
        self.cap = cap
        self.raises = 0
        self.last_amount = 0
        self.short_sum = 0
        self.high = 0
        self.length = 0
        self.head = 0
        self.hold_raises = False
        for s in range(self.seats):
            self.acted[s] = 0
            self.closed[s] = 0
            if self.bet[s] > self.high:
                self.high = self.bet[s]
            if not self.folded[s]:
                total = self.bet[s] + self.stack[s]
                if total > first:
                    second = first
                    first = total
                elif total > second:
                    second = total
        for k in range(self.seats):
            s = (opener + k) % self.seats
            if not self.folded[s] and self.stack[s] > 0 and second > self.bet[s]:
                self.queue[self.length] = s
                self.length += 1
        self._legal_now = None
        if (self.length == 0 or self.live <= 1
                or (self.length == 1 and self.bet[self.queue[0]] >= self.high)):
            self.betting = False
            self.actor_seat = -1
            return False
        self.betting = True
        self.actor_seat = self.queue[0]
        return True

    def _pause_round(self):
        """Take the round back before anyone acted in it (a misdeal after the deal):
        the bets stay in front, nobody is to act; `_start_round` opens it again."""
        self.betting = False
        self.actor_seat = -1
        self._legal_now = None

    def _collect(self):
        """End of a round: the unmatched part of the largest bet goes back to its
        owner; every other bet joins the pot.  Returns (seat, chips) returned or None."""
        cdef int s, top = -1
        cdef long long first = 0, second = 0
        cdef object returned = None
        for s in range(self.seats):
            if self.bet[s] > first:
                second = first
                first = self.bet[s]
                top = s
            elif self.bet[s] > second:
                second = self.bet[s]
        if top >= 0 and first > second:
            self.stack[top] += first - second
            self.put[top] -= first - second
            returned = (top, first - second)
        for s in range(self.seats):
            self.bet[s] = 0
        self.high = 0
        self.betting = False
        self._legal_now = None
        return returned

    def _set_folded(self, int seat):
        """Take a seat out of the hand outside a betting round (a mucked hand)."""
        if not self.folded[seat]:
            self.folded[seat] = 1
            self.live -= 1

    def _pay(self, int seat, long long amount):
        """Push chips from the pot to a seat."""
        self.stack[seat] += amount
        self.paid += amount

    # ------------------------------------------------------------ views

    @property
    def stacks(self):
        """Chips behind, per seat."""
        return tuple([self.stack[s] for s in range(self.seats)])

    @property
    def bets(self):
        """Chips in front of each seat in the betting round in play."""
        return tuple([self.bet[s] for s in range(self.seats)])

    @property
    def contributions(self):
        """Chips each seat put into the hand (antes, blinds, bets), uncalled bets
        returned."""
        return tuple([self.put[s] for s in range(self.seats)])

    @property
    def dead_money(self):
        """The dead part of each seat's contribution (antes that set no pot level)."""
        return tuple([self.dead[s] for s in range(self.seats)])

    @property
    def folded(self):
        """Which seats are out of the hand."""
        return tuple([self.folded[s] != 0 for s in range(self.seats)])

    @property
    def pot_total(self):
        """Chips in the pots (collected bets not yet pushed to a winner)."""
        cdef long long total = -self.paid
        cdef int s
        for s in range(self.seats):
            total += self.put[s] - self.bet[s]
        return total

    def _able(self):
        """Seats still in with chips behind."""
        return sum(1 for s in range(self.seats) if not self.folded[s] and self.stack[s] > 0)

    def _core_state(self):
        """Everything this core holds, for snapshots in tests."""
        return (self.seats, self.live, self.betting, self.actor_seat, self.opener,
                self.raises, self.high, self.structure, self.cap, self.min_bet,
                self.last_amount, self.short_sum, self.paid,
                self.stacks, self.bets, self.contributions, self.dead_money, self.folded,
                tuple([self.acted[s] for s in range(self.seats)]),
                tuple([self.closed[s] for s in range(self.seats)]), self.double_raise,
                self.hold_raises,
                tuple([self.queue[k] for k in range(self.head, self.length)]),
                len(self._log))

    # ------------------------------------------------------------ legal actions

    cdef int _raise_block(self, int s):
        """0 if seat s may complete, bet or raise now, else why not (a code)."""
        cdef long long call = self.high - self.bet[s]
        cdef int i
        if call > self.stack[s]:
            call = self.stack[s]
        if self.high == 0 and self.closed[s]:
            return 5                       # it does not hold the opening
        if self.hold_raises:
            return 6                       # nobody has called the blind opening yet
        if call < self.last_amount:
            return 1                       # facing a short all-in it already saw
        if self.cap >= 0 and self.raises >= self.cap:
            return 2                       # the cap is reached
        if self.short_sum > 0 and self.short_sum < self.last_amount and self.acted[s]:
            return 1                       # a short all-in does not reopen the betting
        if self.stack[s] <= self.high - self.bet[s]:
            return 3                       # calling takes every chip
        for i in range(self.seats):
            if i != s and not self.folded[i] and self.stack[i] + self.bet[i] > self.high:
                return 0
        return 4                           # nobody could answer it

    cdef long long _min_raise(self, int s):
        cdef long long step = self.last_amount if self.last_amount > self.min_bet else self.min_bet
        cdef long long most = self.stack[s] + self.bet[s]
        cdef long long least = self.high + step
        return most if least > most else least

    cdef long long _max_raise(self, int s):
        cdef long long most = self.stack[s] + self.bet[s]
        cdef long long least, pot
        cdef int i
        if self.structure == FIXED_LIMIT:
            return self._min_raise(s)
        if self.structure == POT_LIMIT:
            least = self._min_raise(s)
            pot = 2 * self.high - self.bet[s] - self.paid
            for i in range(self.seats):
                pot += self.put[i]
            if pot < least:
                pot = least
            if pot < most:
                most = pot
        if self.double_raise and self.high > 0 and 2 * self.high < most:
            least = self._min_raise(s)
            most = least if 2 * self.high < least else 2 * self.high
        return most

    def legal(self):
        """What the player to act may do now (a `Legal` record)."""
        cdef int s
        cdef long long call
        cdef object raise_to = None
        if self._legal_now is not None:
            return self._legal_now
        if not self.betting:
            return self._outside_legal()
        s = self.queue[self.head]
        call = self.high - self.bet[s]
        if call > self.stack[s]:
            call = self.stack[s]
        if self._raise_block(s) == 0:
            raise_to = (self._min_raise(s), self._max_raise(s))
        self._legal_now = _legal(self.high > self.bet[s], call, raise_to)
        return self._legal_now

    def _outside_legal(self):
        return NOTHING

    def _round_over(self):
        """Called when a betting round ends (the flow collects and moves on)."""

    def _on_fold(self, seat):
        """Called when a seat folds (the flow mucks its cards)."""

    def _not_betting(self, action):
        raise ValueError(f"cannot {action}: no betting round is waiting for a player")

    # ------------------------------------------------------------ checks

    def verify_fold(self):
        """Raise ValueError unless the player to act may fold."""
        if not self.betting:
            self._not_betting("fold")
        cdef int s = self.queue[self.head]
        if self.high <= self.bet[s]:
            raise ValueError(f"{_who(s)} may not fold: there is no bet to call (check instead)")

    def verify_check_or_call(self):
        """Raise ValueError unless the player to act may check or call."""
        if not self.betting:
            self._not_betting("check or call")

    def verify_raise_to(self, amount):
        """Raise ValueError (TypeError for a non-int) unless the player to act may
        complete, bet or raise to `amount` chips."""
        cdef long long value = self._checked_amount(amount)
        cdef int s = self.queue[self.head]
        cdef long long least = self._min_raise(s), most = self._max_raise(s)
        if value < least:
            verb = "bet" if self.high == 0 else "raise"
            raise ValueError(f"{_who(s)} cannot {verb} to {value}: the minimum is {least}")
        if value > most:
            verb = "bet" if self.high == 0 else "raise"
            what = "all-in" if most == self.stack[s] + self.bet[s] else "the maximum"
            raise ValueError(f"{_who(s)} cannot {verb} to {value}: {what} is {most}")

    cdef long long _checked_amount(self, object amount) except? -1:
        cdef int s, why
        if isinstance(amount, bool):
            raise TypeError(f"a raise is an int of chips, got {amount!r}")
        try:
            amount = _index(amount)
        except TypeError:
            raise TypeError(f"a raise is an int of chips, got {type(amount).__name__} "
                            f"{amount!r}") from None
        if not self.betting:
            self._not_betting("raise")
        s = self.queue[self.head]
        why = self._raise_block(s)
        if why == 5:
            raise ValueError(f"{_who(s)} cannot open: {self._closed_why}")
        if why == 6:
            raise ValueError(f"{_who(s)} cannot raise: nobody has called the blind opening "
                             "yet (call or fold)")
        if why:
            raise ValueError(f"{_who(s)} cannot raise: " + (
                "a short all-in does not reopen the betting to a player who already acted",
                f"the cap of {self.cap} bets and raises this round is reached",
                "calling takes every chip",
                "no opponent could answer a raise (everyone else is all-in)")[why - 1])
        if not -MAX_CHIPS < amount < MAX_CHIPS:
            raise ValueError(f"{_who(s)} cannot raise to {amount}: out of range")
        return amount

    def can_fold(self):
        """Whether the player to act may fold."""
        return self.betting and self.high > self.bet[self.queue[self.head]]

    def can_check_or_call(self):
        """Whether the player to act may check or call."""
        return self.betting

    def can_raise_to(self, amount=None):
        """Whether the player to act may complete, bet or raise (to `amount`, if given)."""
        if not self.betting or self._raise_block(self.queue[self.head]):
            return False
        if amount is None:
            return True
        try:
            self.verify_raise_to(amount)
        except (TypeError, ValueError):
            return False
        return True

    # ------------------------------------------------------------ actions

    cdef int _next(self, int s) except -1:
        """After seat s acted: the next actor, or the end of the round."""
        self.acted[s] = 1
        self._legal_now = None
        if self.head >= self.length or self.live <= 1:
            self.betting = False
            self.actor_seat = -1
            self._round_over()
        else:
            self.actor_seat = self.queue[self.head]
        return 0

    def fold(self):
        """The player to act folds."""
        self.verify_fold()
        cdef int s = self.queue[self.head]
        self.head += 1
        self.folded[s] = 1
        self.live -= 1
        self._log.append(("fold", s, None, ()))
        self._on_fold(s)
        self._next(s)

    def check_or_call(self):
        """The player to act checks, or calls (all-in if the stack is short)."""
        if not self.betting:
            self._not_betting("check or call")
        cdef int s = self.queue[self.head]
        cdef long long amount = self.high - self.bet[s]
        if amount > self.stack[s]:
            amount = self.stack[s]
        self.head += 1
        self.stack[s] -= amount
        self.bet[s] += amount
        self.put[s] += amount
        if amount:
            self.hold_raises = False
            self._log.append(("call", s, amount, ()))
        else:
            self._log.append(("check", s, 0, ()))
        self._next(s)

    def raise_to(self, amount):
        """The player to act completes, bets or raises to `amount` chips in front."""
        self.verify_raise_to(amount)
        cdef long long value = amount
        cdef int s = self.queue[self.head]
        cdef long long increment = value - self.high
        cdef long long delta = value - self.bet[s]
        cdef int k, i
        kind = "bet" if self.high == 0 else "raise"
        self.stack[s] -= delta
        self.bet[s] = value
        self.put[s] += delta
        self.high = value
        self.opener = s
        self.head = 0
        self.length = 0
        for k in range(1, self.seats):
            i = (s + k) % self.seats
            if not self.folded[i] and self.stack[i] > 0:
                self.queue[self.length] = i
                self.length += 1
        if increment >= self.last_amount:
            for i in range(self.seats):
                self.acted[i] = 0
            self.last_amount = increment
        self.raises += 1
        if self.stack[s] > 0:
            self.short_sum = 0
        else:
            self.short_sum += increment
            if self.short_sum >= self.last_amount:
                self.short_sum = 0
        self._log.append((kind, s, value, ()))
        self._next(s)
