"""The steps of a hand, read from the variant's streets.

Per street: deal (hole cards to each player still in, then a burn and the board), a
discard before or after the betting as the street says (Crazy Pineapple discards
after the flop betting), the betting round; then the showdown and the settlement.
A draw (2-7 Triple Draw) is a step of its own: every player still in declares a
discard in turn, then the dealer serves them in the same order (_steps.pyx).  A
placement (Open Face Chinese) is one too: every player holding cards places them in
its rows in turn from the button's left (games/engine/rules/placement.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.variants import Variant

DEAL, DISCARD, BET, SHOWDOWN, SETTLE, DRAW, PLACE = range(7)
NAMES = ("deal", "discard", "bet", "showdown", "settle", "draw", "place")


@dataclass(frozen=True)
class Plan:
    """The steps of a hand of one game, and what the flow looks up about them."""

    steps: tuple[tuple[int, int], ...]   # (kind, street index)
    last_decision: int                   # index of the last step where players decide
    first_round: int                     # street index of the first betting round (-1: none)
    cards_needed: int                    # cards per seat dealt, plus board and burns


def plan(game: Variant, seats: int) -> Plan:
    """The steps of a hand of `game` for `seats` players."""
    steps: list[tuple[int, int]] = []
    for i, street in enumerate(game.streets):
        if street.hole or street.board:
            steps.append((DEAL, i))
        if street.draw:
            steps.append((DRAW, i))
        if street.place:
            steps.append((PLACE, i))
        if street.discard and not street.discard_after_betting:
            steps.append((DISCARD, i))
        if street.betting:
            steps.append((BET, i))
        if street.discard and street.discard_after_betting:
            steps.append((DISCARD, i))
    if not game.rows:   # placed cards lie face up: nothing to show
        steps.append((SHOWDOWN, -1))
    steps.append((SETTLE, -1))
    last = max((k for k, (kind, _) in enumerate(steps) if kind in (DISCARD, DRAW, PLACE)),
               default=-1)
    first = next((i for i, s in enumerate(game.streets) if s.betting), -1)
    need = (seats * game.dealt + game.board_cards + sum(s.burn for s in game.streets)
            + seats * sum(s.draw for s in game.streets))
    return Plan(tuple(steps), last, first, need)
