"""Rules as modules, attached to a table by the variant's data.

The compiled machine (games/engine/_machine.pyx) plays what every game shares:
forced bets, dealing, betting rounds, discards and draws, the showdown and the pots.
A game's own rules are modules here, each attached by the data of the variant that
needs it, never by its name:

* `opening` (a street with ``opening``: Italian poker): the opening requirement,
  the blind opening, the opener leading after the draw, the pot carried when
  everyone checks, false openings, serving at most three cards at once;
* `placement` (a variant with ``rows``: Open Face Chinese): rows, fantasyland and
  the scoring;
* `irregularities` (a table the dealer drives): a live dealer's mistakes and the
  remedies of seed 002.

A module tells the spec where the machine must stop for it (`stops`: the rule points
of games/engine/_state.pxd, per street), may give each seat's deal counts
(`deal_counts`) or take the settling (`settles`); the table (games/engine/table.py)
calls `at(point)` when the machine waits there.  The module then changes the hand
through the machine's rule primitives (open a round, close seats to the opening bet,
serve, pay, note a record, finish) and lets it go on.  Adding a game touches its
rule module and games/variants.py, nothing in the machine.
"""

from __future__ import annotations

from games.engine.rules.base import Rule
from games.engine.rules.opening import Opening
from games.engine.rules.placement import Placement
from games.variants import Variant


def for_game(game: Variant) -> tuple[type[Rule], ...]:
    """The rule modules a variant's data asks for (irregularities are attached by the
    table itself, when a dealer drives it)."""
    found: list[type[Rule]] = []
    if any(s.opening for s in game.streets):
        found.append(Opening)
    if game.rows:
        found.append(Placement)
    return tuple(found)


__all__ = ["Opening", "Placement", "Rule", "for_game"]
