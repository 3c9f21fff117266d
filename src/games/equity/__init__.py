"""Equity of community-card games: exact enumeration or seeded Monte Carlo.

>>> from games import equity
>>> r = equity("holdem", ["AhAs", "KhKs"])
>>> round(r[0].equity, 6)
0.826366

One idea per module: `compute` (the public function: check, plan, run), `inputs`
(players, board and dead cards made kernel inputs), `plan` (hand tuples and suit
classes of an exact run), `runs` (the threaded exact and sampling drivers), `result`
(what is returned), `pineapple` (Crazy Pineapple's discard), and the kernels:
`_exact` (enumeration by rank and suit symmetry) and `_sample` (seeded Monte Carlo),
which settle boards through one shared showdown (`_showdown.pxd`).  Hand ranges are
their own package, games.ranges.
"""

from games.equity.compute import equity
from games.equity.pineapple import keep_two
from games.equity.result import EquityResult, PlayerEquity, Progress, StopSampling

__all__ = ["EquityResult", "PlayerEquity", "Progress", "StopSampling", "equity", "keep_two"]
