"""Plain, slow reference evaluators for the variant hand types (tests only).

Each returns a key that compares like the hand (bigger = better): a tuple built
directly from the rules (docs/rules), with no tables and no bit packing.  Cards are
ints 4*rank + suit, rank 0..12 = 2..A.
"""

from collections import Counter
from itertools import combinations

HIGH_ORDER = ["high card", "pair", "two pair", "trips", "straight",
              "flush", "full house", "quads", "straight flush"]
SHORT_ORDER = ["high card", "pair", "two pair", "trips", "straight",
               "full house", "flush", "quads", "straight flush"]
SHORT_TRIPS_ORDER = ["high card", "pair", "two pair", "straight", "trips",
                     "full house", "flush", "quads", "straight flush"]

ACE = 12
WHEEL = {ACE, 0, 1, 2, 3}           # A-2-3-4-5
SHORT_WHEEL = {ACE, 4, 5, 6, 7}     # A-6-7-8-9


def by_groups(ranks):
    """Ranks ordered for tie-breaking: bigger groups first, then higher ranks."""
    counts = Counter(ranks)
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


def high_category(cards, wheel):
    """(category name, tie-break ranks) of five cards under high-hand rules.
    `wheel` is the rank set of the straight where the ace plays low, or None."""
    ranks = [c // 4 for c in cards]
    suits = {c % 4 for c in cards}
    shape = sorted(Counter(ranks).values(), reverse=True)
    distinct = set(ranks)
    flush = len(suits) == 1
    straight_top = None
    if len(distinct) == 5:
        if max(distinct) - min(distinct) == 4:
            straight_top = max(distinct)
        elif wheel is not None and distinct == wheel:
            straight_top = sorted(distinct)[-2]      # the highest card but the ace
    if straight_top is not None and flush:
        return "straight flush", [straight_top]
    if shape == [4, 1]:
        return "quads", by_groups(ranks)
    if shape == [3, 2]:
        return "full house", by_groups(ranks)
    if flush:
        return "flush", by_groups(ranks)
    if straight_top is not None:
        return "straight", [straight_top]
    if shape == [3, 1, 1]:
        return "trips", by_groups(ranks)
    if shape == [2, 2, 1]:
        return "two pair", by_groups(ranks)
    if shape == [2, 1, 1, 1]:
        return "pair", by_groups(ranks)
    return "high card", by_groups(ranks)


def high_key(cards, order=HIGH_ORDER, wheel=WHEEL):
    name, ties = high_category(cards, wheel)
    return (order.index(name), tuple(ties))


def best(cards, key5):
    """Best key over the five-card subsets (None keys = no hand, skipped)."""
    keys = [k for five in combinations(cards, 5) if (k := key5(five)) is not None]
    return max(keys) if keys else None


# ---------------------------------------------------------------- the hand types

def deuce_to_seven(cards):
    """2-7: the worse the high hand (ace always high, no wheel) the better."""
    assert len(cards) == 5
    category, ties = high_key(cards, HIGH_ORDER, wheel=None)
    return (-category, tuple(-r for r in ties))


def ace_low_rank(rank):
    return 0 if rank == ACE else rank + 1


LOW_SHAPES = [[4, 1], [3, 2], [3, 1, 1], [2, 2, 1], [2, 1, 1, 1], [1, 1, 1, 1, 1]]


def ace_to_five5(cards):
    """A-5 low of five cards: fewer/smaller groups better, then lower ranks better."""
    lows = [ace_low_rank(c // 4) for c in cards]
    shape = sorted(Counter(lows).values(), reverse=True)
    return (LOW_SHAPES.index(shape), tuple(-a for a in by_groups(lows)))


def eight_or_better5(cards):
    lows = [ace_low_rank(c // 4) for c in cards]
    if len(set(lows)) != 5 or max(lows) > 7:
        return None
    return ace_to_five5(cards)


def ace_to_five(cards):
    return best(cards, ace_to_five5)


def eight_or_better(cards):
    return best(cards, eight_or_better5)


def short_deck(cards, trips_beat_straight=False):
    assert all(c >= 16 for c in cards)
    order = SHORT_TRIPS_ORDER if trips_beat_straight else SHORT_ORDER
    return best(cards, lambda five: high_key(five, order, SHORT_WHEEL))


def row_key(cards):
    """OFC row: a 3- or 5-card row under high-hand rules, missing cards below any card
    (a 3-card row is padded with rank -1; it never makes a straight or a flush)."""
    if len(cards) == 5:
        category, ties = high_key(cards)
        return (category, (*ties, -1, -1, -1, -1)[:5])
    ranks = [c // 4 for c in cards]
    shape = sorted(Counter(ranks).values(), reverse=True)
    name = {(3,): "trips", (2, 1): "pair", (1, 1, 1): "high card"}[tuple(shape)]
    return (HIGH_ORDER.index(name), (*by_groups(ranks), -1, -1))


# ---------------------------------------------------------------- test helpers

def rank_multisets(ranks, k=5):
    """Every multiset of k ranks from `ranks` with at most 4 of a kind."""
    from itertools import combinations_with_replacement
    for ms in combinations_with_replacement(ranks, k):
        if max(Counter(ms).values()) <= 4:
            yield ms


def representative(ms, flush=False):
    """A hand with the rank multiset `ms`: all spades-free clubs if `flush`, else not a
    flush (repeated ranks take distinct suits; five distinct ranks get one diamond)."""
    if flush:
        return [4 * r for r in ms]
    seen = Counter()
    cards = []
    for r in ms:
        cards.append(4 * r + seen[r])
        seen[r] += 1
    if len(set(ms)) == len(ms) and len(ms) == 5:
        cards[-1] += 1
    return cards


def class_representatives(ranks, with_flushes):
    """One five-card hand per (rank multiset, flush or not) class."""
    hands = [representative(ms) for ms in rank_multisets(ranks)]
    if with_flushes:
        hands += [representative(ms, flush=True) for ms in combinations(ranks, 5)]
    return hands


def assert_same_order(fast_values, ref_keys, hands, name):
    """fast values and reference keys must order the hands identically (ties included)."""
    from evaluator import format_cards
    fast_sorted = sorted(set(int(v) for v in fast_values))
    ref_sorted = sorted(set(ref_keys), key=lambda k: (k is not None, k or ()))
    fast_place = {v: i for i, v in enumerate(fast_sorted)}
    ref_place = {k: i for i, k in enumerate(ref_sorted)}
    assert len(fast_sorted) == len(ref_sorted), (
        f"{name}: {len(fast_sorted)} distinct values, reference has {len(ref_sorted)}")
    for hand, v, k in zip(hands, fast_values, ref_keys, strict=True):
        assert fast_place[int(v)] == ref_place[k], (
            f"{name}: {format_cards(list(hand))} has value {int(v)} (place "
            f"{fast_place[int(v)]}), the reference places it {ref_place[k]} (key {k})")
