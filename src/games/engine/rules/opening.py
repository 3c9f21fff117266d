"""The opening rules of Italian poker (seed 001; docs/rules/italian.md), as a rule
module attached to every game whose data has an opening round (a street with
``opening``).

* The opening requirement ("Apertura"): a player may make the first bet of the deal
  only holding "at least a dressed pair (a pair of face cards or aces) or a better
  hand, or four fifths of a two-sided straight flush": a pair of jacks or better
  (queens, then kings after deals nobody opened or a paròl), any hand above one
  pair, or four suited cards in sequence that a card at either end would make a
  straight flush.  In a short deck the ace also sits below the lowest rank
  (A-7-8-9-T with 32 cards), so 7-8-9-T suited is two-sided and J-Q-K-A is not.  The
  seats without it are closed to the round's first bet (the machine's `closed`).
* The blind opening (``buio``, ``controbuio``: TableOptions): posted as blinds; the
  others may only call or fold until one of them calls (the machine's
  `hold_raises`), and after the draw the blind opener speaks last.
* The opener leads the rounds after the draw (streets with ``led_by_opener``).
* A round everyone checks through (streets with ``carries_if_checked``) ends the
  deal: nobody wins, the pot waits for the next deal (a deal nobody opens, a paròl).
* The draw serves at most ``serve_at_once`` cards to a player at once, the rest
  after every other player; when only the last player to draw asks for more, the
  next card is burned before its rest (seed 001, "Accomodo"); with ``keep_opening``
  the opener's discards stay out of a reshuffle.
* At the end of a deal the opener shows the opening (seed 001: "Al termine della
  mano, qualora non sia già stata vista, l'apertore dovrà mostrare l'apertura").
* False openings (the ``false_openings`` option; seed 001, "Apertura", NB;
  RULES.md): an opener who did not hold the opening and wins collects nothing,
  everyone taking its bets back; if another player wins, that player collects and
  the opener refunds the initial pot.  **Decision:** what waits for the next deal is
  the initial pot (the invito and any pot carried in: the dead money) when the false
  opener won, and the opener's refund of it (from its stack, what it has) when
  another won.

The hands are settled here, through `games.showdown` (the rankings of Italian poker
decide by suits and cyclic straight flushes, which no table lookup orders).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from evaluator import RANKS, Ranking
from games.engine import settlement
from games.engine.events import KIND_INDEX
from games.engine.rules.base import ROUND, ROUND_END, SERVE, SETTLE, Rule
from games.showdown import ShowdownResult

if TYPE_CHECKING:
    from games.engine.options import TableOptions

#: the openings by name, each the rank index of the smallest pair that opens
OPENINGS = {"jacks": RANKS.index("J"), "queens": RANKS.index("Q"), "kings": RANKS.index("K")}
_NAMES = {"jacks": "a pair of jacks", "queens": "a pair of queens", "kings": "a pair of kings"}

_BET, _DEAL_HOLE, _MISDEAL, _REPLACE = (KIND_INDEX[k] for k in (
    "bet", "deal_hole", "misdeal", "replace"))
_WIN, _RETURN, _CARRY, _SHOW_OPENING, _FALSE_OPENING = (KIND_INDEX[k] for k in (
    "win", "return", "carry", "show_opening", "false_opening"))


def requirement(opening: str) -> str:
    """What opening needs, in words."""
    return (f"opening needs {_NAMES[opening]} or better, or four to a two-sided "
            "straight flush")


def holds_opening(cards: Sequence[int], opening: str, ranking: Ranking,
                  lowest_rank: str) -> bool:
    """Whether five cards open at `opening` ("jacks", "queens" or "kings") in a deck
    whose lowest rank is `lowest_rank`, ranked by `ranking` (evaluator.italian)."""
    category = ranking.category(ranking.evaluate(list(cards)))
    if category not in ("High Card", "Pair"):
        return True                                      # two pair or better
    ranks = Counter(c >> 2 for c in cards)
    if category == "Pair" and max(r for r, n in ranks.items() if n == 2) >= OPENINGS[opening]:
        return True
    return _two_sided_four(cards, RANKS.index(lowest_rank))


def _two_sided_four(cards: Sequence[int], lowest: int) -> bool:
    """Four suited cards in sequence with a card of the deck at both ends."""
    # the deck's ranks in straight order: the ace below the lowest rank, then up to the ace
    order = [12, *range(lowest, 13)]
    for suit in range(4):
        held = {c >> 2 for c in cards if c & 3 == suit}
        if len(held) < 4:
            continue
        for start in range(1, len(order) - 4):            # a card below and one above
            if all(order[start + k] in held for k in range(4)):
                return True
    return False


class Opening(Rule):
    """Italian poker's deal on the machine (see the module's text)."""

    settles: ClassVar[bool] = True
    points: ClassVar[tuple[int, ...]] = (ROUND, ROUND_END, SERVE, SETTLE)

    #: what the settlement in words is made from when first read (None: nobody collected)
    settled: tuple[object, ...] | None = None

    @classmethod
    def stops(cls, options: TableOptions) -> dict[int, int]:
        out = {}
        for i, street in enumerate(options.game.streets):
            bits = 0
            if street.opening or street.led_by_opener:
                bits |= 1 << ROUND
            if street.carries_if_checked:
                bits |= 1 << ROUND_END
            if street.serve_at_once:
                bits |= 1 << SERVE
            if bits:
                out[i] = bits
        return out

    def at(self, point: int) -> None:
        if point == ROUND:
            self._open_round()
        elif point == ROUND_END:
            self._round_ended()
        elif point == SERVE:
            self._serve()
        else:
            self._settle()

    def state(self) -> tuple[object, ...]:
        return (self.settled,)

    def restore(self, state: tuple[object, ...]) -> None:
        (self.settled,) = state  # type: ignore[assignment]

    def result(self) -> ShowdownResult | None:
        if self.settled is None:
            return None
        kind, *args = self.settled
        if kind == "uncontested":
            return settlement.uncontested(*args)  # type: ignore[arg-type]
        return settlement.settle(*args)[1]()  # type: ignore[arg-type]

    # ---------------------------------------------------------------- who opened

    @property
    def opening_seat(self) -> int:
        """The opener: the seat that made the deal's first bet, or that opened blind
        last (the buio, or the controbuio); -1 if nobody opened."""
        options = self.table.options
        if options.blind_opening:
            return options.blind_opening - 1
        seat = next((r[1] for r in self.machine.records() if r[0] == _BET), None)
        return -1 if seat is None else seat

    def opening_hand(self) -> list[int | None]:
        """The cards the opener held when it made the deal's first bet: its deals up to
        then, less the cards a live dealer's misdeal or replacement took back."""
        seat = self.opening_seat
        hand: list[int | None] = []
        for kind, who, _, cards, _ in self.machine.records():
            if kind == _BET:
                break
            if kind == _MISDEAL:
                hand = []
            elif who == seat and kind == _DEAL_HOLE:
                hand.extend(cards)
            elif who == seat and kind == _REPLACE:
                for card in cards:
                    if card in hand:
                        hand.remove(card)
        return hand

    def closed_why(self) -> str:
        return requirement(self.table.options.opening)

    # ---------------------------------------------------------------- the rounds

    def _open_round(self) -> None:
        m, options = self.machine, self.table.options
        index = m.street
        street = options.game.streets[index]
        opener = -1                       # the first round: after the largest blind
        if index != options.plan.first_round and street.led_by_opener:
            blind = options.blind_opening   # left of a blind opener, who is last
            opener = blind % m.seats if blind else max(self.opening_seat, 0)
        m.open_round(opener)
        if not (m.betting and m.street == index and street.opening):
            return
        if options.blind_opening:
            m.hold_raises()               # the others call or fold until one calls
        elif not options.false_openings:
            m.close_seats(self._without_opening())

    def _without_opening(self) -> list[bool]:
        """Per seat: whether it lacks the opening requirement (a hand nobody saw is
        taken to hold it: a recorded hand's opener showed it at the end)."""
        m, options = self.machine, self.table.options
        game = options.game
        ranking = game.high
        assert ranking is not None       # a game with an opening round shows down
        out = []
        folded = m.folded
        for seat in range(m.seats):
            hand = m.hole(seat)
            known = [c for c in hand if c is not None]
            if folded[seat] or len(known) < len(hand):
                out.append(False)
                continue
            out.append(not holds_opening(known, options.opening, ranking, game.lowest_rank))
        return out

    def _round_ended(self) -> None:
        """Everyone checked a round that carries: nobody wins, the pot waits for the
        next deal (a deal nobody opens, a paròl)."""
        m = self.machine
        if m.last_high == 0 and m.able >= 2:
            self._show_opening()
            self._carry_rest()
            m.show_done()
            m.finish()
        else:
            m.resume()

    def _carry_rest(self) -> None:
        """What is left in the pot waits for the next deal."""
        m = self.machine
        carried = m.pot_total
        m.carry(carried)
        m.note(_CARRY, None, carried)

    def _show_opening(self) -> None:
        if self.table.options.blind_opening:
            return                       # a blind opening: nothing to show
        seat = self.opening_seat
        if seat >= 0:
            self.machine.note(_SHOW_OPENING, seat, None, self.opening_hand())

    # ---------------------------------------------------------------- the draw

    def _serve(self) -> None:
        """The table serves a draw itself, in the declaring order: every player up to
        `serve_at_once` first and the rest after every other player; when only the
        last player to draw asks for more, the next card is burned before its rest."""
        m, options = self.machine, self.table.options
        at_once = options.game.streets[m.street].serve_at_once
        order = m.draw_order
        asked = {s: len(m.pending(s) or ()) for s in order}
        drawing = [s for s in order if asked[s]]
        serving = [(s, min(asked[s], at_once)) for s in drawing]
        rest = [(s, asked[s] - at_once) for s in drawing if asked[s] > at_once]
        if len(rest) == 1 and rest[0][0] == drawing[-1]:
            serving.append((-1, 1))          # the burn of the fourth card
        serving += rest
        kept: list[int | None] = []
        if options.keep_opening and self.opening_seat >= 0:
            kept = list(m.pending(self.opening_seat) or ())
        served: set[int] = set()
        for seat, count in serving:
            waiting = [s for s in drawing if s not in served or s == seat]
            held = [c for s in waiting for c in (m.pending(s) or ())] + kept
            m.serve(seat, count, held)
            if seat >= 0:
                served.add(seat)
        m.resume()

    # ---------------------------------------------------------------- the end

    def _false_opener(self) -> int:
        """The opener, if it opened without the opening (all its cards known), else -1."""
        options = self.table.options
        seat = self.opening_seat
        if seat < 0 or options.blind_opening:
            return -1
        dealt = self.opening_hand()
        ranking = options.game.high
        assert ranking is not None
        known = [c for c in dealt if c is not None]
        if len(known) < len(dealt) or holds_opening(known, options.opening, ranking,
                                                    options.game.lowest_rank):
            return -1
        return seat

    def _settle(self) -> None:
        m, options = self.machine, self.table.options
        self._show_opening()
        folded = m.folded
        contributions = m.contributions
        payouts: Sequence[int]
        settled: tuple[object, ...]
        if m.live == 1:
            winner = folded.index(False)
            payouts = [0] * m.seats
            payouts[winner] = m.pot_total
            settled = ("uncontested", winner, contributions)
        else:
            holes = tuple(m.hole(s) for s in range(m.seats))
            showdown = (options.game, holes, m.board, contributions, folded, m.dead_money)
            payouts = settlement.settle(*showdown)[0]
            settled = ("showdown", *showdown)
        false = self._false_opener() if options.false_openings else -1
        if false >= 0 and payouts[false]:      # the false opener won: the bets go back
            for s, (put, dead) in enumerate(zip(contributions, m.dead_money, strict=True)):
                if put - dead:
                    m.pay(s, put - dead)
                    m.note(_RETURN, s, put - dead)
            m.note(_FALSE_OPENING, false, 0, self.opening_hand())
            self._carry_rest()
        else:
            self.settled = settled
            for seat, amount in enumerate(payouts):
                if amount:
                    m.pay(seat, amount)
                    m.note(_WIN, seat, amount)
            if false >= 0:                     # another player won: a refund
                refund = min(sum(m.dead_money), m.stacks[false])
                m.post(false, refund, False, True)
                m.note(_FALSE_OPENING, false, refund, self.opening_hand())
                self._carry_rest()
        m.finish()
