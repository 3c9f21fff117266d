"""Open Face Chinese: row values, fouls and royalties (`rows`), and the scoring of
finished boards between every pair of players (`scoring`), one table or millions."""

from games.ofc.rows import (
    BOTTOM_ROYALTY,
    MIDDLE_ROYALTY,
    ROW_CARDS,
    ROWS,
    TOP_TRIPS_ROYALTY,
    fouled,
    royalties,
)
from games.ofc.scoring import FOUL_POINTS, SCOOP_POINTS, OFCScore, PairScore, score, score_batch

__all__ = [
    "BOTTOM_ROYALTY",
    "FOUL_POINTS",
    "MIDDLE_ROYALTY",
    "ROWS",
    "ROW_CARDS",
    "SCOOP_POINTS",
    "TOP_TRIPS_ROYALTY",
    "OFCScore",
    "PairScore",
    "fouled",
    "royalties",
    "score",
    "score_batch",
]
