"""Hand strength for bot and solver authors: canonical hand indexes, expected hand
strength over every hand on a board at once, equity histograms, and buckets.

One idea per module: `indexing` (index, unindex, size: every situation to a dense
canonical number), `table` (a board's every hand: EHS, EHS², potentials, histograms),
`flops` (histograms of every canonical flop situation), `cluster` (k-means buckets of
histograms, behind the ``pokerhands[cluster]`` extra).  The kernels are `_index`
(the indexer) and `_board` (one board's hands, runout by runout).
"""

from games.strength.indexing import board_sizes, index, size, unindex

__all__ = ["board_sizes", "index", "size", "unindex"]
