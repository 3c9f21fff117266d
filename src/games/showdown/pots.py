"""Pot arithmetic, free of cards: side pots from contributions, and dividing a pot.

Chips are ints throughout.  The rules (docs/rules/holdem.md and docs/rules/omaha.md):

* Side pots.  The distinct contributions of the players still in the hand are the pot
  levels; pot i holds every player's chips between level i-1 and level i, and the
  players still in who put in at least level i are eligible for it.  Dead money
  (antes that build no level, such as a big-blind ante) goes to the main pot.  Folded
  chips stay in the pots: *(decision)* chips a folded player put in above the largest
  contribution of anyone still in go to the last pot, so a folded player never gets
  chips back.  A pot with one eligible player returns to that player (uncalled chips).
* Splits.  Equal shares; the chips left over go one each to the tied winners in
  clockwise order starting left of the button (the seat after `button`).
* Hi/Lo.  A pot with a qualifying low among its eligible players splits into a high
  half and a low half, the odd chip to the high half; without a qualifying low the
  high hand scoops.  Each half is then split among its tied winners as above, so a
  quartered pot falls out of the same two steps.

The batch kernel `games._showdown` implements exactly these rules; this module is the
plain reference that the single showdown uses and the tests compare it with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: Picks the winning seats of a pot among its eligible seats; an empty result means
#: nobody qualifies (a low half without a qualifying low).
Judge = Callable[[Sequence[int]], Sequence[int]]


@dataclass(frozen=True)
class PotSlice:
    """One pot before it is awarded: its chips and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(
    contributions: Sequence[int], folded: Sequence[bool], dead: Sequence[int] | None = None,
) -> list[PotSlice]:
    """The main pot and side pots, smallest level first; empty pots are left out.

    `contributions` are each seat's chips put in this hand (ints >= 0); at least one
    seat must not have folded (the caller checks).  `dead`, if given, is the part of
    each seat's contribution that is dead money (antes where antes build no side-pot
    level, PHH's ``ante_trimming_status = false``): it sets no level and goes to the
    main pot, which every seat still in may win.
    """
    seats = range(len(contributions))
    live = list(contributions) if dead is None else [
        c - d for c, d in zip(contributions, dead, strict=True)]
    extra = 0 if dead is None else sum(dead)
    levels = sorted({live[s] for s in seats if not folded[s]})
    pots: list[PotSlice] = []
    lower = 0
    for i, level in enumerate(levels):
        last = i == len(levels) - 1
        amount = sum((c if last else min(c, level)) - min(c, lower) for c in live)
        if i == 0:
            amount += extra
        if amount > 0:
            eligible = tuple(s for s in seats if not folded[s] and live[s] >= level)
            pots.append(PotSlice(amount, eligible))
        lower = level
    return pots


def clockwise(seats: Sequence[int], button: int, players: int) -> list[int]:
    """`seats` in clockwise order starting with the first seat after the button."""
    return sorted(seats, key=lambda s: (s - button - 1) % players)


def split(amount: int, winners: Sequence[int], button: int, players: int) -> dict[int, int]:
    """Divide `amount` equally among `winners`; the odd chips go one each to the first
    winners clockwise from the button."""
    share, odd = divmod(amount, len(winners))
    order = clockwise(winners, button, players)
    return {seat: share + (1 if k < odd else 0) for k, seat in enumerate(order)}


def best_by_value(values: Sequence[int]) -> Judge:
    """A judge picking the eligible seats with the highest value; value 0 (no
    qualifying hand) never wins."""

    def judge(eligible: Sequence[int]) -> list[int]:
        top = max(values[s] for s in eligible)
        if top <= 0:
            return []
        return [s for s in eligible if values[s] == top]

    return judge


@dataclass(frozen=True)
class Division:
    """How one part of a pot ("pot", "high" or "low") was divided."""

    part: str
    amount: int
    shares: dict[int, int]   # seat -> chips, winners only


def divide(
    pot: PotSlice,
    high: Judge,
    low: Judge | None,
    button: int,
    players: int,
) -> list[Division]:
    """Award one pot: to the best high hand(s), or half high and half low when a low
    judge is given and some eligible seat qualifies for it."""
    high_winners = list(high(pot.eligible))
    if not high_winners:
        raise ValueError("no eligible hand wins the pot")  # a judge bug, not bad input
    low_winners = list(low(pot.eligible)) if low is not None else []
    if not low_winners:
        return [Division("pot", pot.amount, split(pot.amount, high_winners, button, players))]
    high_half = (pot.amount + 1) // 2   # the odd chip goes to the high half
    low_half = pot.amount - high_half
    return [
        Division("high", high_half, split(high_half, high_winners, button, players)),
        Division("low", low_half, split(low_half, low_winners, button, players)),
    ]
