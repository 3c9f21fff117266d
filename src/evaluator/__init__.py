"""pokerhands' evaluator: poker hand ranking at native speed.

Cards are ints 4*rank + suit (2c = 0 ... As = 51).  Every hand type returns values
where higher is better and implements :class:`Ranking`, the seam that the games built
on the evaluator use.  For code built on it, :mod:`evaluator.checks` holds the input
checks, :mod:`evaluator.threads` the shared thread pool, and the public ``.pxd`` files
(``typedefs``, ``keys``, ``tables``, ``omaha_tables``) what kernels may cimport.

>>> from evaluator import HIGH, parse_cards
>>> HIGH.describe(HIGH.evaluate("As Ks Qs Js Ts 2c 3d"))
'Royal Flush'
"""

from evaluator._badugi import BADUGI, BadugiType
from evaluator._cards import RANKS, SUITS, CardsLike, card_name, deck, format_cards, parse_cards
from evaluator._handtype import HandType
from evaluator._high import HIGH
from evaluator._italian import ItalianHandType, italian
from evaluator._lowball import ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER
from evaluator._ofc import OFC_TOP
from evaluator._omaha import OMAHA, OMAHA_EIGHT_OR_BETTER, OmahaType
from evaluator._ranking import Ranking
from evaluator._shortdeck import SHORT_DECK, SHORT_DECK_TRIPS
from evaluator._version import __version__ as __version__

__all__ = [
    "ACE_TO_FIVE",
    "BADUGI",
    "DEUCE_TO_SEVEN",
    "EIGHT_OR_BETTER",
    "HIGH",
    "OFC_TOP",
    "OMAHA",
    "OMAHA_EIGHT_OR_BETTER",
    "RANKS",
    "SHORT_DECK",
    "SHORT_DECK_TRIPS",
    "SUITS",
    "BadugiType",
    "CardsLike",
    "HandType",
    "ItalianHandType",
    "OmahaType",
    "Ranking",
    "card_name",
    "deck",
    "format_cards",
    "italian",
    "parse_cards",
]
