"""Five-card strength functions of every table-backed hand type, and their table builders.

Each builder runs make_tables (tables.pyx) once, on first use of its hand type (see
_high.py, _lowball.py, _shortdeck.py, _ofc.py); nothing is built at import.  A strength
is any integer where higher is better and 0 means "no hand".  Most are packed like HIGH's:

    category << 20 | five 4-bit fields, most significant first

where the meaning of the category and of the fields is given per hand type below.
Hand types differ only by data passed to the shared helpers of _strength.pxd (a wheel
mask, a category order); no kernel knows which hand type it runs.
"""

import numpy as np

from evaluator._strength cimport (
    ACE, HIGH_CARD, NO_WHEEL, PAIR, TRIPS, WHEEL_52, high_like, high_like_flush, pack, reorder,
)
from evaluator.tables cimport HandTables, make_tables
from evaluator.typedefs cimport entry_t, uint32_t

cdef enum:
    WHEEL_36 = 0x10F0       # A-6-7-8-9: the lowest straight of the short deck
    SHORT_LOW_RANKS = 0xF   # ranks 2..5, absent from the short deck
    INVERT = 1 << 24        # above every packed strength


# ---------------------------------------------------------------- standard high hands
#
# Strength = category << 20 | five 4-bit ranks (see _strength.pxd), categories 0 high
# card .. 8 straight flush.  A-2-3-4-5 is a five-high straight.

cdef uint32_t high_strength(const int *counts) noexcept nogil:
    return high_like(counts, WHEEL_52)


cdef uint32_t high_flush(uint32_t mask) noexcept nogil:
    return high_like_flush(mask, WHEEL_52)


# ---------------------------------------------------------------- 2-7 lowball
#
# The worst high hand wins: strength = INVERT - (HIGH-style strength with no wheel).
# A-2-3-4-5 is then ace-high, not a straight; 7-5-4-3-2 offsuit is the best hand.

cdef uint32_t deuce_to_seven_strength(const int *counts) noexcept nogil:
    return INVERT - high_like(counts, NO_WHEEL)


cdef uint32_t deuce_to_seven_flush(uint32_t mask) noexcept nogil:
    return INVERT - high_like_flush(mask, NO_WHEEL)


# ---------------------------------------------------------------- A-5 lows
#
# Ace low, straights and flushes ignored.  Category (higher is better): 5 no pair,
# 4 pair, 3 two pair, 2 trips, 1 full house, 0 quads.  Fields: the rank groups in
# HIGH's significance order (bigger group first, then the higher rank), each stored
# as 12 - (ace-low rank), so a lower card gives a bigger field.

cdef inline int _ace_low(int r) noexcept nogil:
    """Rank 0..12 (2..A) -> ace-low rank 0..12 (A..K)."""
    return 0 if r == ACE else r + 1


cdef uint32_t _ace_to_five(const int *counts, int highest_allowed) noexcept nogil:
    """A-5 low strength of five cards; 0 unless every card's ace-low rank is at most
    `highest_allowed` and the five ranks differ (for a qualifying low), or
    `highest_allowed` is negative (no qualifier)."""
    cdef int low[13]
    cdef int fields[5]
    cdef int group, a, r, _k, nf = 0, n_pairs = 0, big = 1
    for r in range(13):
        low[_ace_low(r)] = counts[r]
    for a in range(13):
        if low[a] > big:
            big = low[a]
        if low[a] == 2:
            n_pairs += 1
    if highest_allowed >= 0:
        if big > 1:
            return 0
        for a in range(highest_allowed + 1, 13):
            if low[a]:
                return 0
    # fields: biggest groups first, within a group the higher (worse) rank first
    for group in range(4, 0, -1):
        for a in range(12, -1, -1):
            if low[a] == group:
                for _k in range(group):
                    fields[nf] = 12 - a
                    nf += 1
    if big == 4:
        group = 0
    elif big == 3:
        group = 1 if n_pairs else 2
    elif n_pairs == 2:
        group = 3
    elif n_pairs == 1:
        group = 4
    else:
        group = 5
    return pack(group, fields[0], fields[1], fields[2], fields[3], fields[4])


cdef uint32_t ace_to_five_strength(const int *counts) noexcept nogil:
    return _ace_to_five(counts, -1)


cdef uint32_t eight_or_better_strength(const int *counts) noexcept nogil:
    return _ace_to_five(counts, 7)      # ace-low rank 7 is the eight


# ---------------------------------------------------------------- short deck
#
# HIGH-style strengths with A-6-7-8-9 as the lowest straight and the category
# renumbered by an order table: a flush beats a full house, and straight and trips
# swap places in the "trips beat straight" rule set.  Hands holding a card below 6
# cannot occur; their strength is 0 so they add no classes.

cdef int SHORT_STRAIGHT_OVER_TRIPS[9]
cdef int SHORT_TRIPS_OVER_STRAIGHT[9]
# index: HIGH category; value: place in the short-deck order
SHORT_STRAIGHT_OVER_TRIPS[:] = [0, 1, 2, 3, 4, 6, 5, 7, 8]
SHORT_TRIPS_OVER_STRAIGHT[:] = [0, 1, 2, 4, 3, 6, 5, 7, 8]


cdef inline bint _has_low_rank(const int *counts) noexcept nogil:
    return counts[0] or counts[1] or counts[2] or counts[3]


cdef uint32_t short_deck_strength(const int *counts) noexcept nogil:
    if _has_low_rank(counts):
        return 0
    return reorder(high_like(counts, WHEEL_36), SHORT_STRAIGHT_OVER_TRIPS)


cdef uint32_t short_deck_flush(uint32_t mask) noexcept nogil:
    if mask & SHORT_LOW_RANKS:
        return 0
    return reorder(high_like_flush(mask, WHEEL_36), SHORT_STRAIGHT_OVER_TRIPS)


cdef uint32_t short_deck_trips_strength(const int *counts) noexcept nogil:
    if _has_low_rank(counts):
        return 0
    return reorder(high_like(counts, WHEEL_36), SHORT_TRIPS_OVER_STRAIGHT)


cdef uint32_t short_deck_trips_flush(uint32_t mask) noexcept nogil:
    if mask & SHORT_LOW_RANKS:
        return 0
    return reorder(high_like_flush(mask, WHEEL_36), SHORT_TRIPS_OVER_STRAIGHT)


# ---------------------------------------------------------------- Open Face rows
#
# Row strength: a scale shared by five-card rows (HIGH hands) and three-card top
# rows, in which a missing card ranks below every real card.  Packed as HIGH's
# strength with every rank field stored as rank + 1 and 0 for "no card": a top row
# Q-Q-A is (PAIR; Q+1, Q+1, A+1, 0, 0), below Q-Q-A-3-2 and above Q-Q-K-4-3.  Adding 1
# to every field keeps HIGH's order, so the five-card row strengths sort as HIGH's
# values do.

cdef uint32_t ofc_top_strength(const int *counts) noexcept nogil:
    """Row strength of three cards: trips, a pair and a kicker, or three high cards."""
    cdef int r, pair = -1, trips = -1, n = 0
    cdef int singles[3]
    for r in range(12, -1, -1):
        if counts[r] == 3:
            trips = r
        elif counts[r] == 2:
            pair = r
        elif counts[r] == 1:
            singles[n] = r
            n += 1
    if trips >= 0:
        return pack(TRIPS, trips + 1, trips + 1, trips + 1, 0, 0)
    if pair >= 0:
        return pack(PAIR, pair + 1, pair + 1, singles[0] + 1, 0, 0)
    return pack(HIGH_CARD, singles[0] + 1, singles[1] + 1, singles[2] + 1, 0, 0)


def high_row_strengths(const uint32_t[::1] high_classes):
    """Row strengths of HIGH's classes (HIGH strengths with every rank field + 1)."""
    out = np.empty(high_classes.shape[0], dtype=np.uint32)
    cdef uint32_t[::1] o = out
    cdef Py_ssize_t i
    for i in range(high_classes.shape[0]):
        o[i] = high_classes[i] + 0x11111
    return out


# ---------------------------------------------------------------- builders

def high_tables():
    """Tables of standard high hands, best five of 5..7 cards (the hash and the tables:
    about 0.1 s on first use)."""
    return make_tables(high_strength, high_flush, 7)


def deuce_to_seven_tables():
    """Tables of 2-7 lowball (exactly five cards)."""
    return make_tables(deuce_to_seven_strength, deuce_to_seven_flush, 5)


def ace_to_five_tables():
    """Tables of A-5 (razz) lows, best five of 5..7 cards."""
    return make_tables(ace_to_five_strength, NULL, 7)


def eight_or_better_tables():
    """Tables of 8-or-better lows, best five of 5..7 cards (0: no qualifying low)."""
    return make_tables(eight_or_better_strength, NULL, 7)


def short_deck_tables(bint trips_beat_straight=False):
    """Tables of short-deck high hands, best five of 5..7 cards of the 36-card deck.

    The flush table takes priority when five or more cards share a suit; that stays
    right with a flush above the full house: seven cards cannot hold a flush and also
    quads (4 + the other 4 of the suit = 8 cards) or a straight flush in another suit,
    and a straight flush in the flush suit is found by the flush table itself."""
    if trips_beat_straight:
        return make_tables(short_deck_trips_strength, short_deck_trips_flush, 7)
    return make_tables(short_deck_strength, short_deck_flush, 7)


def ofc_top_tables(const uint32_t[::1] high_classes):
    """Tables of the Open Face top row (three cards) valued on the row scale.

    The row scale ranks every five-card HIGH class and every three-card top class
    together (1 = the weakest); the ranks table holds a top row's place on it and
    `classes` the row strength of each place, so value v has strength classes[v - 1]
    and HIGH value h sits at row_places[h - 1] (returned second)."""
    cdef HandTables h = make_tables(ofc_top_strength, NULL, 3, 3)
    high_rows = high_row_strengths(high_classes)
    scale = np.union1d(high_rows, h.classes).astype(np.uint32)
    # top value (1..len(h.classes)) -> place on the row scale
    places = np.zeros(len(h.classes) + 1, dtype=np.uint16)
    places[1:] = np.searchsorted(scale, h.classes) + 1
    ranks = places[h.ranks]
    cdef entry_t[::1] rk = ranks
    h.ranks = ranks
    h.t.ranks = &rk[0]
    h.classes = scale
    for arr in (h.ranks, h.classes):
        arr.flags.writeable = False
    high_places = (np.searchsorted(scale, high_rows) + 1).astype(np.int32)
    high_places.flags.writeable = False
    return h, high_places
