"""The game engine: whole hands of the Hold'em family, action by action.

`Table` (games/engine/table.py) is the public face; the betting rules run in the
compiled core (_betting.pyx), the progression of a hand in flow.py, the deck in
dealer.py, settling in settlement.py, PHH's action notation in notation.py, the
log in events.py, a live dealer's irregularities in irregularities.py and hands in
a row in session.py.
"""

from games.engine._betting import Legal
from games.engine.events import Event
from games.engine.irregularities import Remedy
from games.engine.session import Session
from games.engine.settlement import Pot
from games.engine.table import Table

__all__ = ["Event", "Legal", "Pot", "Remedy", "Session", "Table"]
