"""The standard high-hand ranking (Hold'em, Omaha, Crazy Pineapple, OFC rows)."""

from __future__ import annotations

from evaluator import _strengths
from evaluator._handtype import HandType

CATEGORIES = (
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
)

RANK_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
           "Jacks", "Queens", "Kings", "Aces")


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


def unpack(strength: int) -> tuple[int, list[int]]:
    """(category, five ranks most significant first) of a high-hand strength."""
    ranks = [(strength >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    return strength >> 20, ranks


def describe_strength(strength: int) -> tuple[int, str]:
    category, r = unpack(strength)
    w, p = RANK_WORDS, PLURALS
    if category == 8:
        text = "Royal Flush" if r[0] == 12 else f"Straight Flush, {w[r[0]]} high"
    elif category == 7:
        text = f"Four of a Kind, {p[r[0]]} with {_a(w[r[4]])} kicker"
    elif category == 6:
        text = f"Full House, {p[r[0]]} full of {p[r[3]]}"
    elif category == 5:
        text = "Flush, " + "-".join(w[x] for x in r)
    elif category == 4:
        text = f"Straight, {w[r[0]]} high"
    elif category == 3:
        text = f"Three of a Kind, {p[r[0]]}, {w[r[3]]}-{w[r[4]]} kickers"
    elif category == 2:
        text = f"Two Pair, {p[r[0]]} and {p[r[2]]} with {_a(w[r[4]])} kicker"
    elif category == 1:
        text = f"Pair of {p[r[0]]}, " + "-".join(w[x] for x in r[2:]) + " kickers"
    else:
        text = "High Card, " + "-".join(w[x] for x in r)
    return category, text


HIGH = HandType(
    "HIGH",
    _strengths.high_tables,
    categories=CATEGORIES,
    describer=describe_strength,
)
HIGH.__doc__ = """Standard high hands: the best five of 5, 6 or 7 cards, values 1..7462
(7-5-4-3-2 offsuit = 1, royal flush = 7462)."""
