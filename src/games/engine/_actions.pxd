# The players' betting actions in C, inline: the machine (_machine.pyx) and the batch
# of tables (_batch.pyx) compile them into their own calls, so a batch's step folds,
# calls or raises at a table without a call into another module.  The end of a round
# (collecting the bets, dealing the next street, the showdown and settling) is the one
# call, into the steps (_steps.pyx, `round_over`).  Each records the action and moves
# the hand on to its next decision; its input was checked by the caller.

from libc.stdint cimport int64_t

from games.engine._chips cimport bring_in_actor, call_actor, fold_actor, next_actor, raise_actor
from games.engine._deck cimport move
from games.engine._state cimport (
    K_BET, K_BRING_IN, K_CALL, K_CHECK, K_FOLD, K_RAISE, MUCKED, Hand, Log, Spec, log_add,
)
from games.engine._steps cimport E_MEMORY, round_over


cdef inline int _acted(const Spec *sp, Hand *h, Log *log, int seat, int kind,
                       int64_t amount, bint has_amount) noexcept nogil:
    """After seat's action (recorded here): the next actor, or the round's end and the
    steps on."""
    if log_add(log, kind, seat, amount, has_amount, NULL, 0, NULL):
        return E_MEMORY
    if not next_actor(h, seat):
        return 0
    return round_over(sp, h, log)


cdef inline int fold(const Spec *sp, Hand *h, Log *log, bint muck) noexcept nogil:
    """The player to act folds; with `muck`, its cards go to the muck (`Hand.where`).

    A batch of tables folds without: its games have no draw that recycles the muck and
    nothing of it reads a card's place.  Without those stores, at places given by the
    cards themselves, and the lines they needed, a batch played 1.02-1.03x as many
    6-max hands at 1,024 tables and 1.04-1.07x at 4,096 (paired, docs/benchmarks.md,
    "A fold at a batch's table leaves its cards").  A `Table` mucks: it answers where
    every card is."""
    cdef int s = fold_actor(h)
    if muck:
        move(h, h.hole[s], h.nhole[s], MUCKED)
    return _acted(sp, h, log, s, K_FOLD, 0, False)


cdef inline int bring_in(const Spec *sp, Hand *h, Log *log) noexcept nogil:
    """The player to act posts the bring-in (checked: it is due)."""
    cdef int s = h.actor
    cdef int64_t amount = bring_in_actor(sp, h)
    return _acted(sp, h, log, s, K_BRING_IN, amount, True)


cdef inline int check_or_call(const Spec *sp, Hand *h, Log *log) noexcept nogil:
    """The player to act checks, or calls (all-in if the stack is short); where the
    bring-in is due, the passive action is to post it (a batch of tables' "call")."""
    cdef int s = h.actor
    cdef int64_t amount
    if h.bring_in == 1:
        return bring_in(sp, h, log)
    amount = call_actor(h)
    return _acted(sp, h, log, s, K_CALL if amount else K_CHECK, amount, True)


cdef inline int raise_to(const Spec *sp, Hand *h, Log *log, int64_t value) noexcept nogil:
    """The player to act completes, bets or raises to `value` chips in front."""
    cdef int s = h.actor
    cdef bint raised = raise_actor(h, value)
    return _acted(sp, h, log, s, K_RAISE if raised else K_BET, value, True)
