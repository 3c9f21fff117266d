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

from types import SimpleNamespace

from games.engine.table import use_notation
from games.phh import notation
from games.phh.codes import CODES, STANDARD, code_of, game_of
from games.phh.export import history_of, text_of
from games.phh.history import HandHistory
from games.phh.reader import load, load_all, loads, loads_all
from games.phh.replay import replay, table_of
from games.phh.writer import dump, dump_all, dumps, dumps_all

# Table.act, Table.history and Table.to_phh are PHH's: plugged into the engine here,
# so that the engine never imports PHH (games/engine/table.py, `use_notation`)
use_notation(SimpleNamespace(act=notation.act, history=history_of, text=text_of))

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
    "history_of",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "notation",
    "replay",
    "table_of",
]
