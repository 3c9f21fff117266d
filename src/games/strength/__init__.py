"""Hand strength for bot and solver authors: canonical hand indexes, expected hand
strength over every hand on a board at once, equity histograms, and buckets.

>>> from games import strength
>>> strength.size("holdem", 1)
1286792
>>> s = strength.table("holdem", "Td7s2c")
>>> hand = s["AhKd"]
>>> round(hand["ehs"], 4)
0.54

One idea per module: `indexing` (index, unindex, size: every situation to a dense
canonical number), `table` (every hand on one board: HS, EHS, EHS², PPot, NPot,
histograms; hold'em, short deck and Omaha), `sampling` (the Monte Carlo where exact
counting is unaffordable: several opponents, Omaha's potentials and preflop, with
standard errors), `flops` (the histogram of every canonical flop situation), `cluster`
(k-means buckets of histograms, behind the ``pokerhands[cluster]`` extra).  The kernels
are one compiled module, `_kernel` (the indexer; one board's hands, runout by runout).
"""

from games.strength.cluster import Buckets, cluster, emd
from games.strength.flops import flop_histograms
from games.strength.indexing import board_sizes, index, size, unindex
from games.strength.table import Strength, canonical_boards, hands_of, table

__all__ = [
    "Buckets",
    "Strength",
    "board_sizes",
    "canonical_boards",
    "cluster",
    "emd",
    "flop_histograms",
    "hands_of",
    "index",
    "size",
    "table",
    "unindex",
]
