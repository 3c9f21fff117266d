"""A slow, plainly written reference for Italian traditional poker (docs/rules/italian.md), to check
the fast evaluator against.  Cards are ints 4*rank + suit (rank 0 = deuce, suit c d h s).
"""

from collections import Counter

# categories, low to high (a flush beats a full house)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH = range(9)
ACE = 12
# "Come Quando Fuori Piove": hearts > diamonds > clubs > spades
SUIT_RANK = {0: 1, 1: 2, 2: 3, 3: 0}   # clubs, diamonds, hearts, spades


def straight_top(ranks, low):
    """(top rank, is minimum) of five distinct ranks forming a straight, or None."""
    ranks = sorted(set(ranks))
    if len(ranks) != 5:
        return None
    if ranks[4] - ranks[0] == 4:
        return ranks[4], False
    if ranks == [low, low + 1, low + 2, low + 3, ACE]:
        return low + 3, True           # the ace plays below the lowest rank
    return None


def ref_key(cards, low):
    """(category, ranks in order of significance, suits in the same order).

    Ranks decide first; the first suit is the rule's tie-break (the best suit of the
    most significant group); the later suits only separate hands sharing cards."""
    assert len(cards) == 5 and len(set(cards)) == 5
    assert all(c // 4 >= low for c in cards), "card below the deck"
    ranks = [c // 4 for c in cards]
    counts = Counter(ranks)
    flush = len({c % 4 for c in cards}) == 1
    straight = straight_top(ranks, low)
    shape = sorted(counts.values(), reverse=True)
    if straight and flush:
        category = STRAIGHT_FLUSH
    elif shape[0] == 4:
        category = QUADS
    elif flush:
        category = FLUSH
    elif shape == [3, 2]:
        category = FULL_HOUSE
    elif straight:
        category = STRAIGHT
    elif shape[0] == 3:
        category = TRIPS
    elif shape == [2, 2, 1]:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = PAIR
    else:
        category = HIGH_CARD

    def significance(card):
        rank = card // 4
        if straight and straight[1] and rank == ACE:
            rank = -1
        return (counts[card // 4], rank, SUIT_RANK[card % 4])

    ordered = sorted(cards, key=significance, reverse=True)
    rank_part = (straight[0],) if straight else tuple(c // 4 for c in ordered)
    return category, rank_part, tuple(SUIT_RANK[c % 4] for c in ordered)


def sf_kind(cards, low):
    """"minimum", "middle" or "maximum" for a straight flush, else None."""
    key = ref_key(cards, low)
    if key[0] != STRAIGHT_FLUSH:
        return None
    top, minimum = straight_top([c // 4 for c in cards], low)
    if minimum:
        return "minimum"
    return "maximum" if top == ACE else "middle"


def ref_compare(a, b, low, suits=True, royal_flush_split=False):
    """1 if hand a beats hand b, -1 if b wins, 0 for a split (hands share no card)."""
    assert not set(a) & set(b)
    ka, kb = sf_kind(a, low), sf_kind(b, low)
    if ka and kb:
        if royal_flush_split:
            return 0
        if ka == "minimum" and kb == "maximum":
            return 1
        if ka == "maximum" and kb == "minimum":
            return -1
    key_a, key_b = ref_key(a, low), ref_key(b, low)
    # the rule: ranks, then the suit of the most significant group's best card
    ra = key_a[:2] + ((key_a[2][0],) if suits else ())
    rb = key_b[:2] + ((key_b[2][0],) if suits else ())
    return (ra > rb) - (ra < rb)


def ref_winners(hands, low, suits=True, royal_flush_split=False):
    """Indices of the winning hands of a showdown."""
    n = len(hands)
    unbeaten = []
    for i in range(n):
        beaten = False
        for j in range(n):
            if j != i and ref_compare(hands[j], hands[i], low, suits, royal_flush_split) > 0:
                beaten = True
        if not beaten:
            unbeaten.append(i)
    if unbeaten:
        return unbeaten
    # a cycle of straight flushes: the suit of each one's top card decides
    flushes = [i for i in range(n) if sf_kind(hands[i], low)]
    if not suits:
        return flushes

    def top_card(i):
        top = straight_top([c // 4 for c in hands[i]], low)[0]
        suit = hands[i][0] % 4
        return SUIT_RANK[suit], top

    return [max(flushes, key=top_card)]
