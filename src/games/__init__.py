"""pokerhands' games: the variants of poker as data, showdowns and equity, built on
the `evaluator` core."""

from games.variants import (
    CRAZY_PINEAPPLE,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    HOLDEM,
    ITALIAN,
    OFC,
    OMAHA,
    OMAHA5,
    OMAHA5_HI_LO,
    OMAHA6,
    OMAHA_HI_LO,
    SHORT_DECK,
    VARIANTS,
    Betting,
    Split,
    Street,
    Variant,
    variant,
)

__all__ = [
    "CRAZY_PINEAPPLE",
    "DEUCE_TO_SEVEN_TRIPLE_DRAW",
    "HOLDEM",
    "ITALIAN",
    "OFC",
    "OMAHA",
    "OMAHA5",
    "OMAHA5_HI_LO",
    "OMAHA6",
    "OMAHA_HI_LO",
    "SHORT_DECK",
    "VARIANTS",
    "Betting",
    "Split",
    "Street",
    "Variant",
    "variant",
]
