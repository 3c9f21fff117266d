"""Placement games as a rule module: Open Face Chinese and Pineapple OFC
(docs/rules/ofc.md), attached to every variant whose data has ``rows``.

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
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from evaluator import HIGH, OFC_TOP, card_name
from games.engine.events import KIND_INDEX, seat_label
from games.engine.rules.base import SETTLE, Rule
from games.ofc import OFCScore, score

if TYPE_CHECKING:
    from games.engine.options import TableOptions

#: cards a seat in fantasyland is dealt (at most; see the module's text)
FANTASYLAND_CARDS = 14
#: the machine's place of a card in a row (games/engine/_state.pxd's ROWS)
_ROWS, _DISCARDED = 7, 5
_PLACE, _PAY, _WIN = (KIND_INDEX[k] for k in ("place", "pay", "win"))


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


class Placement(Rule):
    """The rows of every seat, `place`, and the scoring (see the module's text)."""

    settles: ClassVar[bool] = True
    points: ClassVar[tuple[int, ...]] = (SETTLE,)

    def __init__(self, table: object) -> None:
        super().__init__(table)  # type: ignore[arg-type]
        options = self.table.options
        self.rows: list[list[list[int | None]]] = [
            [[] for _ in options.game.rows] for _ in range(options.seats)]
        self.outcome: PlacementResult | None = None

    @classmethod
    def deal_counts(cls, options: TableOptions) -> list[list[int]] | None:
        """Fantasyland deals its seats 14 cards on the first street and none later."""
        lucky = options.fantasyland
        if not lucky:
            return None
        game = options.game
        slots = sum(row.cards for row in game.rows)
        others = options.seats - len(lucky)       # each dealt the game's cards
        spare = len(options.deck) - others * game.dealt - slots * len(lucky)
        extra = max(0, min(FANTASYLAND_CARDS - slots, spare // len(lucky)))
        counts = []
        for index, street in enumerate(game.streets):
            counts.append([(slots + extra if index == 0 else 0) if seat in lucky
                           else street.hole for seat in range(options.seats)])
        return counts

    def state(self) -> tuple[object, ...]:
        return (tuple(tuple(tuple(r) for r in seat) for seat in self.rows), self.outcome)

    def restore(self, state: tuple[object, ...]) -> None:
        rows, self.outcome = state  # type: ignore[assignment]
        self.rows = [[list(r) for r in seat] for seat in rows]  # type: ignore[attr-defined]

    def result(self) -> PlacementResult | None:
        return self.outcome

    # ---------------------------------------------------------------- views

    def placing(self) -> bool:
        """A placement is due."""
        m = self.machine
        return not m.done and m.step_kind == 6 and bool(m.turn)   # steps.PLACE

    def to_place(self, seat: int) -> int:
        """Cards `seat` must place in its turn now: all 13 from a fantasyland deal, else
        the street's count (in Pineapple the card left over is discarded)."""
        options = self.table.options
        m = self.machine
        if m.street == 0 and seat in options.fantasyland:
            return sum(row.cards for row in options.game.rows)
        return min(options.game.streets[m.street].place, len(m.hole(seat)))

    def free_slots(self, seat: int) -> dict[str, int]:
        """Each row with room, and how many cards it still takes."""
        return {row.name: row.cards - len(cards)
                for row, cards in zip(self.table.options.game.rows, self.rows[seat],
                                      strict=True)
                if len(cards) < row.cards}

    def legal(self) -> object:
        from games.engine._machine import Legal

        if not self.placing():
            return None
        return Legal(place=self.free_slots(self.machine.turn[0]))

    def due(self) -> str | None:
        if not self.placing():
            return None
        seat = self.machine.turn[0]
        return (f"{seat_label(seat)} must place {self.to_place(seat)} of its "
                f"{len(self.machine.hole(seat))} card(s)")

    # ---------------------------------------------------------------- placing

    def check(self, placed: Sequence[tuple[int | None, ...]], thrown: tuple[int | None, ...],
              discard_given: bool) -> list[int | None]:
        """Raise ValueError unless the player to act may place these cards (read:
        per row, and those discarded); returns its hand with any "??" named."""
        if not self.placing():
            raise ValueError(f"no placement is due: {self.table.waiting_for}")
        m = self.machine
        seat = m.turn[0]
        rows = self.table.options.game.rows
        count = sum(len(p) for p in placed)
        if any(c is None for p in placed for c in p):
            raise ValueError("placed cards are face up: name each card (no ??)")
        need = self.to_place(seat)
        if count != need:
            raise ValueError(f"{seat_label(seat)} must place {need} card(s) now, got {count}")
        for row, cards, have in zip(rows, placed, self.rows[seat], strict=True):
            room = row.cards - len(have)
            if len(cards) > room:
                raise ValueError(f"the {row.name} row of {seat_label(seat)} has room for "
                                 f"{room} more card(s), got {len(cards)}")
        known = [c for p in placed for c in p if c is not None]
        if len(set(known)) != len(known):
            twice = next(c for c in known if known.count(c) > 1)
            raise ValueError(f"card {card_name(twice)} is placed twice")
        left = len(m.hole(seat)) - need
        if discard_given and len(thrown) != left:
            raise ValueError(f"{seat_label(seat)} discards the {left} card(s) it does not "
                             f"place, got {len(thrown)}")
        named = [c for c in thrown if c is not None]
        if set(named) & set(known):
            raise ValueError("a card cannot be placed and discarded")
        hand = self.table._named_hand(seat, [*known, *named], "place")
        if len(thrown) - len(named) > hand.count(None):
            raise ValueError(f"{seat_label(seat)} has no unknown card to discard as ??")
        return hand

    def place(self, placed: Sequence[tuple[int | None, ...]], hand: list[int | None]) -> None:
        """The player to act places its cards (checked by `check`)."""
        m = self.machine
        seat = m.turn[0]
        m.name_in_hand(seat, [c for c in hand if c is not None])
        held = list(m.hole(seat))
        cards: list[int | None] = []
        tags: list[int] = []
        for index, row_cards in enumerate(placed):
            for card in row_cards:
                held.remove(card)
                self.rows[seat][index].append(card)
                cards.append(card)
                tags.append(index)
        m.move([c for c in cards if c is not None], _ROWS)
        m.move(held, _DISCARDED)
        m.set_hole(seat, ())
        m.note(_PLACE, seat, None, cards + held, tags + [-1] * len(held))
        m.remove_turn(seat)
        m.run()

    # ---------------------------------------------------------------- the end

    def at(self, point: int) -> None:
        m = self.machine
        boards = [[list(row) for row in seat] for seat in self.rows]
        found = score(boards)   # type: ignore[arg-type]
        stake = self.table.options.stake
        chips = settle_points(found.points, stake, m.stacks)
        for seat, net in enumerate(chips):
            if net < 0:
                m.post(seat, -net, False, False)
                m.note(_PAY, seat, -net)
        for seat, net in enumerate(chips):
            if net > 0:
                m.pay(seat, net)
                m.note(_WIN, seat, net)
        self.outcome = PlacementResult(found, stake, chips)
        m.finish()
