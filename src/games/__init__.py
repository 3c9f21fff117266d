"""pokerhands' games: the variants of poker as data, showdowns and equity, built on
the `evaluator` core; `Table` plays whole hands (games/engine/) and `phh` reads, writes
and replays them in the Poker Hand History format (games/phh/)."""

from games import ofc
from games.batch import showdown_batch
from games.equity import EquityResult, PlayerEquity, StopSampling, equity
from games.ranges import parse_range
from games.showdown import Award, PotResult, ShowdownResult, showdown
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
    "Award",
    "Betting",
    "EquityResult",
    "PlayerEquity",
    "PotResult",
    "ShowdownResult",
    "Split",
    "StopSampling",
    "Street",
    "Table",
    "Variant",
    "equity",
    "ofc",
    "parse_range",
    "phh",
    "showdown",
    "showdown_batch",
    "variant",
]

# the engine and PHH build on the names above, so they are imported last
from games import phh
from games.engine import Table
