"""Placement games on the flow: Open Face Chinese and Pineapple OFC (docs/rules/ofc.md).

A placement street deals each player its cards, then every player holding cards
places them in turn from the button's left: `Table.place(bottom=, middle=, top=)`
puts the cards in its rows, where they stay; in Pineapple the card left over after
the two placed is discarded face down.  There are no bets: when every board holds
13 cards the boards are scored pairwise by `games.ofc.score` (rows, scoop bonus,
fouls, royalties) and chips move by points times the stake.

Decisions (docs/rules/ofc.md):

* *A player loses at most its stack.*  Each seat's net is its points times the
  stake; a loser pays what its stack covers, and when the losers cannot cover every
  winner, the chips paid are shared among the winners in proportion to what they
  won, rounded down, odd chips one each to the winners with the most points (then
  from the button's left).  Chips are conserved and no stack goes below zero.
* *Fantasyland* (the `fantasyland=` option; `games.Session` keeps it from hand to
  hand): a seat in fantasyland is dealt 14 cards on the first street (13 when the
  deck cannot spare the 14th: four players of plain OFC use all 52 cards) and places
  13 of them at once, the rest discarded; it takes no cards later.  A board that does
  not foul earns the next hand in fantasyland with a pair of queens or better on top;
  a seat in fantasyland stays there with three of a kind on top, a full house or
  better in the bottom, or four of a kind or better in the middle
  (`next_fantasyland`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from evaluator import HIGH, OFC_TOP, card_name
from games.engine._betting import Legal
from games.engine.dealer import DISCARDED
from games.engine.events import seat_label
from games.engine.flow import Hand
from games.engine.notation import Cards, action_cards
from games.engine.steps import PLACE
from games.ofc import OFCScore, score

#: cards a seat in fantasyland is dealt (at most; see the module's text)
FANTASYLAND_CARDS = 14


@dataclass(frozen=True)
class PlacementResult:
    """The end of a placement hand: the scoring and the chips it moved.

    score: `games.ofc.score` of the final boards (points per seat summing to zero,
    fouls, royalties, the breakdown of every pair); stake: chips per point; chips:
    each seat's net chips (points times the stake, limited by the stacks, summing to
    zero); payouts: the chips each winner collected (0 for the others), PHH's
    ``winnings``.
    """

    score: OFCScore
    stake: int
    chips: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return self.score.points

    @property
    def payouts(self) -> tuple[int, ...]:
        return tuple(max(c, 0) for c in self.chips)


def settle_points(points: Sequence[int], stake: int, stacks: Sequence[int]
                  ) -> tuple[int, ...]:
    """Net chips per seat for `points` at `stake` chips a point, no loser paying more
    than its stack (the module's decision).  Sums to zero.

    >>> settle_points((12, -3, -9), 10, (500, 500, 50))
    (80, -30, -50)
    """
    owed = [p * stake for p in points]
    paid = [max(0, min(-o, s)) for o, s in zip(owed, stacks, strict=True)]
    pot = sum(paid)
    claims = [max(o, 0) for o in owed]
    claimed = sum(claims)
    if pot >= claimed:
        won = claims
    else:
        won = [pot * c // claimed for c in claims]
        order = sorted((s for s, c in enumerate(claims) if c), key=lambda s: -claims[s])
        for k in range(pot - sum(won)):
            won[order[k % len(order)]] += 1
    return tuple(w - p for w, p in zip(won, paid, strict=True))


_QUEEN = 10                                     # rank index of a queen
_TOP_PAIR = OFC_TOP.categories.index("Pair")
_TOP_TRIPS = OFC_TOP.categories.index("Three of a Kind")
_FULL_HOUSE = HIGH.categories.index("Full House")
_QUADS = HIGH.categories.index("Four of a Kind")


def next_fantasyland(result: PlacementResult, rows: Sequence[Sequence[Sequence[int]]],
                     lucky: Sequence[int]) -> tuple[int, ...]:
    """The seats that play the next hand in fantasyland (the module's thresholds),
    from a finished hand's result, its rows (bottom, middle, top per seat) and the
    seats that played it in fantasyland."""
    out = []
    for seat, (bottom, middle, top) in enumerate(rows):
        if result.score.fouled[seat]:
            continue
        found = OFC_TOP.category_and_rank(np.asarray([OFC_TOP.evaluate(list(top))]))
        category, rank = int(found[0][0]), int(found[1][0])
        trips = category == _TOP_TRIPS
        if seat in lucky:
            bottom_category = HIGH.categories.index(HIGH.category(HIGH.evaluate(list(bottom))))
            middle_category = HIGH.categories.index(HIGH.category(HIGH.evaluate(list(middle))))
            earned = trips or bottom_category >= _FULL_HOUSE or middle_category >= _QUADS
        else:
            earned = trips or (category == _TOP_PAIR and rank >= _QUEEN)
        if earned:
            out.append(seat)
    return tuple(out)


class Placement(Hand):
    """The placement steps of a hand: rows per seat, `place`, the scoring."""

    # per seat: its rows so far, and the cards it must place in its turn now (made per
    # hand on the first placement street, so these shared empty defaults are never
    # mutated; the other games keep them)
    _rows: list[list[list[int | None]]] = []  # noqa: RUF012
    _to_place: list[int] = []  # noqa: RUF012

    # ---------------------------------------------------------------- views

    @property
    def rows(self) -> tuple[tuple[tuple[int | None, ...], ...], ...]:
        """Each seat's rows so far, in the game's row order (bottom, middle, top); ()
        per seat in the games without rows."""
        if not self._rows:
            return ((),) * self.seats
        return tuple(tuple(tuple(row) for row in seat) for seat in self._rows)

    @property
    def to_place(self) -> int:
        """How many cards the player to act must place now (0 when no placement is
        due); in Pineapple the one card left over is discarded."""
        if self._done or self._current()[0] != PLACE or not self._queue:
            return 0
        return self._to_place[self._queue[0]]

    def _free_slots(self, seat: int) -> dict[str, int]:
        """Each row with room, and how many cards it still takes."""
        return {row.name: row.cards - len(cards)
                for row, cards in zip(self.game.rows, self._rows[seat], strict=True)
                if len(cards) < row.cards}

    # ---------------------------------------------------------------- the steps

    def _placement_counts(self, index: int, counts: list[int]) -> list[int]:
        if not self._rows:
            self._rows = [[[] for _ in self.game.rows] for _ in range(self.seats)]
            self._to_place = [0] * self.seats
        street = self.game.streets[index]
        lucky = self.options.fantasyland
        slots = sum(row.cards for row in self.game.rows)
        if index == 0 and lucky:
            others = self.seats - len(lucky)       # each dealt the game's cards
            spare = len(self.options.deck) - others * self.game.dealt - slots * len(lucky)
            extra = max(0, min(FANTASYLAND_CARDS - slots, spare // len(lucky)))
            for seat in lucky:
                counts[seat] = slots + extra
        elif lucky:
            for seat in lucky:
                counts[seat] = 0
        for seat, count in enumerate(counts):
            self._to_place[seat] = slots if (seat in lucky and index == 0) else (
                min(street.place, count))
        return counts

    def _outside_legal(self) -> Legal:
        if self.game.rows and not self._done and self._queue and self.actor_seat >= 0 and (
                self._current()[0] == PLACE):
            return Legal(place=self._free_slots(self._queue[0]))
        return super()._outside_legal()

    def _due(self) -> str:
        if self.game.rows and not self._done and self._current()[0] == PLACE and self._queue:
            seat = self._queue[0]
            return (f"{seat_label(seat)} must place {self._to_place[seat]} of its "
                    f"{len(self._holes[seat])} card(s)")
        return super()._due()

    # ---------------------------------------------------------------- placing

    def verify_place(self, bottom: Cards | None = None, middle: Cards | None = None,
                     top: Cards | None = None, *, discard: Cards | None = None
                     ) -> tuple[tuple[int | None, ...], ...]:
        """Raise ValueError unless the player to act may place these cards now; returns
        the cards per row (the game's row order) and, last, the cards discarded."""
        return self._checked_place((bottom, middle, top), discard)[0]

    def _checked_place(self, given_rows: Sequence[Cards | None], discard: Cards | None
                       ) -> tuple[tuple[tuple[int | None, ...], ...], list[int | None]]:
        if self._done or self._current()[0] != PLACE or not self._queue:
            raise ValueError(f"no placement is due: {self._due()}")
        seat = self._queue[0]
        rows = self.game.rows
        placed = [action_cards(cards, f"place {row.name}") for row, cards in
                  zip(rows, given_rows, strict=True)]
        count = sum(len(p) for p in placed)
        if any(c is None for p in placed for c in p):
            raise ValueError("placed cards are face up: name each card (no ??)")
        need = self._to_place[seat]
        if count != need:
            raise ValueError(f"{seat_label(seat)} must place {need} card(s) now, got {count}")
        for row, cards, have in zip(rows, placed, self._rows[seat], strict=True):
            room = row.cards - len(have)
            if len(cards) > room:
                raise ValueError(f"the {row.name} row of {seat_label(seat)} has room for "
                                 f"{room} more card(s), got {len(cards)}")
        known = [c for p in placed for c in p if c is not None]
        if len(set(known)) != len(known):
            twice = next(c for c in known if known.count(c) > 1)
            raise ValueError(f"card {card_name(twice)} is placed twice")
        thrown = action_cards(discard, "discard")
        left = len(self._holes[seat]) - need
        if discard is not None and len(thrown) != left:
            raise ValueError(f"{seat_label(seat)} discards the {left} card(s) it does not "
                             f"place, got {len(thrown)}")
        named = [c for c in thrown if c is not None]
        if set(named) & set(known):
            raise ValueError("a card cannot be placed and discarded")
        hand = self._named_hand(seat, [*known, *named], "place")
        if len(thrown) - len(named) > hand.count(None):
            raise ValueError(f"{seat_label(seat)} has no unknown card to discard as ??")
        return (*placed, thrown), hand

    def can_place(self, bottom: Cards | None = None, middle: Cards | None = None,
                  top: Cards | None = None, *, discard: Cards | None = None) -> bool:
        """Whether the player to act may place these cards now."""
        try:
            self.verify_place(bottom, middle, top, discard=discard)
        except (TypeError, ValueError):
            return False
        return True

    def place(self, bottom: Cards | None = None, middle: Cards | None = None,
              top: Cards | None = None, *, discard: Cards | None = None) -> None:
        """The player to act places its cards: ``t.place(bottom="As Ah", middle="Kd Qd",
        top="2c")`` on the first street, one card a street after it
        (``t.place(top="Qh")``).  Placed cards never move.  In Pineapple the card not
        placed is discarded face down (`discard` may name it)."""
        checked, hand = self._checked_place((bottom, middle, top), discard)
        self._place(checked, hand)

    def _place(self, checked: tuple[tuple[int | None, ...], ...],
               hand: list[int | None]) -> None:
        seat = self._queue[0]
        *placed, _ = checked
        if None in self._holes[seat]:
            self._set_hand(seat, hand)
        hand = self._holes[seat]
        cards: list[int | None] = []
        rows: list[int] = []
        for index, row_cards in enumerate(placed):
            for card in row_cards:
                hand.remove(card)
                self._rows[seat][index].append(card)
                cards.append(card)
                rows.append(index)
        thrown = list(hand)
        hand.clear()
        self._dealer.move(thrown, DISCARDED)
        cards += thrown
        rows += [-1] * len(thrown)
        self._log.append(("place", seat, None, tuple(cards), tuple(rows)))
        self._queue.pop(0)
        self._advance()

    # ---------------------------------------------------------------- the end

    def _settle_rows(self) -> None:
        boards = [[[c for c in row] for row in seat] for seat in self._rows]
        found = score(boards)   # type: ignore[arg-type]
        stake = self.options.stake
        chips = settle_points(found.points, stake, self.stacks)
        for seat, net in enumerate(chips):
            if net < 0:
                self._post(seat, -net, False, False)
                self._log.append(("pay", seat, -net, ()))
        for seat, net in enumerate(chips):
            if net > 0:
                self._pay(seat, net)
                self._log.append(("win", seat, net, ()))
        result = PlacementResult(found, stake, chips)
        self._result_factory = lambda: result
        self._done = True
        self.actor_seat = -1
        self._step = len(self._steps) - 1


__all__ = ["FANTASYLAND_CARDS", "Placement", "PlacementResult", "next_fantasyland",
           "settle_points"]
