"""pokerhands' evaluator: poker hand ranking at native speed.

Cards are ints 4*rank + suit (2c = 0 ... As = 51).  Every hand type returns values
where higher is better.

>>> from evaluator import HIGH, parse_cards
>>> HIGH.describe(HIGH.evaluate("As Ks Qs Js Ts 2c 3d"))
'Royal Flush'
"""

from evaluator._cards import RANKS, SUITS, CardsLike, card_name, deck, format_cards, parse_cards
from evaluator._handtype import HandType
from evaluator._high import HIGH
from evaluator._italian import ItalianHandType, italian

__all__ = [
    "HIGH",
    "RANKS",
    "SUITS",
    "CardsLike",
    "HandType",
    "ItalianHandType",
    "card_name",
    "deck",
    "format_cards",
    "italian",
    "parse_cards",
]
__version__ = "0.1.0"
