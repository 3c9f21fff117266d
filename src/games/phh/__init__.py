"""PHH, the open Poker Hand History format: read, write and replay hands.

    >>> from games import Table, phh
    >>> t = Table("holdem", [200, 200], blinds=(1, 2), seed=3)
    >>> t.fold()                            # the button (p2) folds its small blind
    >>> text = t.to_phh()
    >>> phh.replay(text).stacks == t.stacks
    True

`loads` / `load` read one hand (`loads_all` / `load_all` a .phhs file of many),
`dumps` / `dump` write them, `replay` plays a hand on a `games.Table`.  Variant
codes: games/phh/codes.py and the README.
"""

from games.phh.codes import CODES, STANDARD, code_of, game_of
from games.phh.history import HandHistory
from games.phh.reader import load, load_all, loads, loads_all
from games.phh.replay import replay, table_of
from games.phh.writer import dump, dump_all, dumps, dumps_all

__all__ = [
    "CODES",
    "STANDARD",
    "HandHistory",
    "code_of",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "game_of",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "replay",
    "table_of",
]
