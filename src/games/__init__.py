"""pokerhands' games: the variants of poker as data, showdowns and equity, built on
the `evaluator` core through its public seam (:class:`evaluator.Ranking`, the public
``.pxd`` files, :mod:`evaluator.checks` and :mod:`evaluator.threads`).

One subpackage per concept: `variants` (every game as data), `showdown` (single and
batch showdowns, the pot arithmetic), `equity` (exact and Monte Carlo equity),
`ranges` (hold'em ranges), `ofc` (Open Face Chinese scoring), `engine` (`Table`, which
plays whole hands), `phh` (hand histories in the Poker Hand History format), `chips`
(the chip checks), `cli` (the `pokerhands` command).
"""

from evaluator import __version__ as __version__
from games import ofc, phh, ranges
from games.engine import Session, Table, Tables
from games.equity import EquityResult, PlayerEquity, StopSampling, equity
from games.ranges import parse_range
from games.showdown import Award, PotResult, ShowdownResult, showdown, showdown_batch
from games.tables import EquityTable, equity_table
from games.variants import (
    BADUGI,
    CRAZY_PINEAPPLE,
    DEUCE_TO_SEVEN_SINGLE_DRAW,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    HOLDEM,
    ITALIAN,
    OFC,
    OMAHA,
    OMAHA5,
    OMAHA5_HI_LO,
    OMAHA6,
    OMAHA_HI_LO,
    PINEAPPLE_OFC,
    RAZZ,
    SEVEN_CARD_STUD,
    SEVEN_CARD_STUD_HI_LO,
    SHORT_DECK,
    VARIANTS,
    Betting,
    Opener,
    Row,
    Split,
    Street,
    Variant,
    variant,
)

__all__ = [
    "BADUGI",
    "CRAZY_PINEAPPLE",
    "DEUCE_TO_SEVEN_SINGLE_DRAW",
    "DEUCE_TO_SEVEN_TRIPLE_DRAW",
    "HOLDEM",
    "ITALIAN",
    "OFC",
    "OMAHA",
    "OMAHA5",
    "OMAHA5_HI_LO",
    "OMAHA6",
    "OMAHA_HI_LO",
    "PINEAPPLE_OFC",
    "RAZZ",
    "SEVEN_CARD_STUD",
    "SEVEN_CARD_STUD_HI_LO",
    "SHORT_DECK",
    "VARIANTS",
    "Award",
    "Betting",
    "EquityResult",
    "EquityTable",
    "Opener",
    "PlayerEquity",
    "PotResult",
    "Row",
    "Session",
    "ShowdownResult",
    "Split",
    "StopSampling",
    "Street",
    "Table",
    "Tables",
    "Variant",
    "equity",
    "equity_table",
    "ofc",
    "parse_range",
    "phh",
    "ranges",
    "showdown",
    "showdown_batch",
    "variant",
]
