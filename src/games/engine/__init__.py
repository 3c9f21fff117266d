"""The game engine: whole hands of every game, action by action.

`Table` (games/engine/table.py) is the public face.  It holds its parts: the compiled
machine that plays a hand and records every step (_machine.pyx over the C hand of
_state.pxd: the chips and betting rounds in _chips.pxd, the seeded deck in _deck.pxd,
the steps in _steps.pyx, the compiled game in _spec.pyx), the options record
(options.py), and the rule modules the variant's data asks for (rules/: Italian
poker's opening, the placement games, a live dealer's irregularities).  The log
reads as `Event` records (events.py); the end of a hand in words is in
settlement.py; hands in a row are `Session` (session.py); thousands of tables stepped
at once are `Tables` (batch.py, over the same machine in _batch.pyx).  PHH, the hand-history
format, is `games.phh`, which uses the engine and plugs its notation into it.
"""

from games.engine._machine import Legal
from games.engine.batch import Tables, TablesCheckpoint, TablesLegal, TablesTotals
from games.engine.events import Event
from games.engine.options import TableOptions
from games.engine.rules.irregularities import Remedy
from games.engine.session import Session
from games.engine.settlement import Pot
from games.engine.table import Due, Table

__all__ = ["Due", "Event", "Legal", "Pot", "Remedy", "Session", "Table", "TableOptions", "Tables",
           "TablesCheckpoint", "TablesLegal", "TablesTotals"]
