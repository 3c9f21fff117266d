"""Short deck (six plus) high hands over the 36-card deck 6..A.

A-6-7-8-9 is the lowest straight and a flush beats a full house.  The rules
(docs/rules/short-deck.md) ask for both common rule sets as named objects:
``SHORT_DECK`` (the default, *decision*: a straight beats three of a kind) and
``SHORT_DECK_TRIPS`` (three of a kind beats a straight).  A card below 6 is a
ValueError naming it.
"""

from __future__ import annotations

from functools import partial

from evaluator import _strengths
from evaluator._cards import deck, deck_mask
from evaluator._handtype import HandType
from evaluator._high import HIGH, describe_strength

SHORT_DECK_MASK = deck_mask(deck("6"))

#: Category names from weakest to strongest under each rule set.
STRAIGHT_OVER_TRIPS = (
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight",
    "Full House", "Flush", "Four of a Kind", "Straight Flush",
)
TRIPS_OVER_STRAIGHT = (
    "High Card", "Pair", "Two Pair", "Straight", "Three of a Kind",
    "Full House", "Flush", "Four of a Kind", "Straight Flush",
)


def describe_short_deck(categories: tuple[str, ...], strength: int) -> tuple[int, str]:
    """(category index, words) of a short-deck strength; the words are HIGH's."""
    place = strength >> 20
    high = (HIGH.categories.index(categories[place]) << 20) | (strength & 0xFFFFF)
    return place, describe_strength(high)[1]


def _short_deck(name: str, categories: tuple[str, ...], trips_beat_straight: bool) -> HandType:
    return HandType(
        name,
        partial(_strengths.short_deck_tables, trips_beat_straight),
        categories=categories,
        describer=partial(describe_short_deck, categories),
        allowed=SHORT_DECK_MASK,
        deck_name="36-card short deck (6 to A)",
    )


SHORT_DECK = _short_deck("SHORT_DECK", STRAIGHT_OVER_TRIPS, False)
SHORT_DECK.__doc__ = """Short-deck high hands, best five of 5..7 cards of 6..A, values
1..1404: A-6-7-8-9 the lowest straight, flush above full house, straight above trips."""

SHORT_DECK_TRIPS = _short_deck("SHORT_DECK_TRIPS", TRIPS_OVER_STRAIGHT, True)
SHORT_DECK_TRIPS.__doc__ = """Short deck with three of a kind above a straight (otherwise
as SHORT_DECK), values 1..1404."""
