"""How a hand moves on: forced bets, dealing, betting rounds, discards, the showdown
and settling, as a list of steps read from the variant's streets.

`Hand` is the state of one hand on top of the compiled betting core.  Its steps, per
street: deal (hole cards to each player still in, then a burn and the board), a
discard before or after the betting as the street says (Crazy Pineapple: after the
flop betting), the betting round; then the showdown and the settlement.  `_advance`
runs the steps until one waits for somebody: a player (the betting core's actor, a
discard, a show), or the dealer when the table does not deal itself (``auto=False``).
A draw, an exposed card or a placement is one more kind of step or action on this
list, not a new loop.

When the betting is over before the board is complete (everyone but one all-in),
the hands are shown as soon as no player has a decision left, then the board is
dealt out: PHH's order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from evaluator import card_name
from games.engine import settlement
from games.engine._betting import NOTHING, BettingCore, Legal
from games.engine.dealer import BOARD, BURNED, DISCARDED, HOLE, MUCKED, STUB, Dealer
from games.engine.events import seat_label
from games.engine.opening import holds_opening, requirement
from games.engine.options import TableOptions
from games.engine.steps import BET, DEAL, DISCARD, DRAW, PLACE, SHOWDOWN
from games.showdown import ShowdownResult
from games.variants import Street, Variant

if TYPE_CHECKING:
    from games.engine.placement import PlacementResult


class Hand(BettingCore):
    """One hand: the betting core plus cards, steps and the showdown."""

    options: TableOptions
    game: Variant
    auto: bool
    # the state every hand starts in; what changes is set on the instance
    _step = 0                         # index of the step in play
    _street = 0                       # index of the street in play
    _due_board = 0                    # board cards still to deal (the dealer)
    _dealer_due = False               # the table waits for the dealer
    _opened = -1                      # the step whose deal or queue is set up (-2: showdown)
    _all_in = False                   # no more betting: everyone but one is all-in
    _shown = False                    # the hands are shown
    _done = False                     # the chips are settled
    _serving = False                  # a draw's declarations are over (the dealer serves)
    _pending: Mapping[int, tuple[int | None, ...]] = MappingProxyType({})  # a draw's discards
    _draw_order: tuple[int, ...] = ()   # a draw's seats in declaring order
    _carried = 0                      # chips left in the pot for the next deal
    _result: ShowdownResult | PlacementResult | None = None
    _result_factory: Callable[[], ShowdownResult | PlacementResult] | None = None

    def _begin(self, options: TableOptions, stacks: tuple[int, ...], seed: int | None,
               auto: bool) -> None:
        game = options.game
        seats = options.seats
        self.options = options
        self.game = game
        self.auto = auto
        self.seed = seed
        self._starting = stacks
        self._init_chips(stacks, options.structure)
        if game.raise_at_most_double:
            self._set_double_raise(True)
        self._holes: list[list[int | None]] = [[] for _ in range(seats)]
        self._board: list[int | None] = []
        self._burned: list[int | None] = []
        steps = options.plan
        self._steps = steps.steps
        self._last_decision = steps.last_decision
        self._first_round = steps.first_round
        self._due_holes: list[int] = []   # hole cards still to deal, per seat (the dealer)
        self._queue: list[int] = []       # seats still to discard or to show
        self._dealer = Dealer(options.deck, seed, steps.cards_needed)
        self._post_forced_bets()
        self._advance()

    # ---------------------------------------------------------------- forced bets

    def _post_forced_bets(self) -> None:
        """Antes, then blinds and straddles, each what the stack allows (RULES.md).
        With ante trimming a lone largest ante is cut to the second largest, as PHH's
        reference does; otherwise antes are dead money of the main pot."""
        options = self.options
        log = self._log
        left = self._starting
        if options.carried:               # a pot carried from earlier deals, in the middle
            self._add_dead(self.seats - 1, options.carried)
            log.append(("carried_in", None, options.carried, ()))
        if options.has_antes:
            antes = [min(a, s) for a, s in zip(options.posted_antes, left, strict=True)]
            if options.ante_trimming:
                top = sorted(antes)
                antes = [min(a, top[-2]) for a in antes]
            dead = not options.ante_trimming
            for seat, ante in enumerate(antes):
                if ante:
                    log.append(("ante", seat, self._post(seat, ante, False, dead), ()))
            left = tuple(s - a for s, a in zip(left, antes, strict=True))
        post = self._post
        for seat, blind in options.blind_seats:
            if left[seat]:
                log.append(("blind", seat, post(seat, blind, True, False), ()))

    # ---------------------------------------------------------------- the steps

    def _advance(self) -> None:
        """Run steps until one waits for a player or the dealer."""
        steps = self._steps
        while not self._done:
            if self.live <= 1 and self._opened != -2:   # all folded to one, before a showdown
                self._settle()
                return
            if self._all_in and not self._shown and self._step > self._last_decision:
                if not self._showdown():
                    return
                continue
            kind, street = steps[self._step]
            if kind == DEAL:
                done = self._deal(street)
            elif kind == DISCARD:
                done = self._discard_step(street)
            elif kind == DRAW:
                done = self._draw_step(street)
            elif kind == PLACE:           # games/engine/placement.py
                done = self._live_seats_in_turn(street, holding=True)
            elif kind == BET:
                done = self._bet(street)
            elif kind == SHOWDOWN:
                done = self._showdown()
            else:
                self._settle()
                return
            if not done:
                return
            self._step += 1

    def _current(self) -> tuple[int, int]:
        return self._steps[self._step]

    def _deal(self, index: int) -> bool:
        if self.live <= 1:
            return True
        street = self.game.streets[index]
        self._street = index
        if self._opened != self._step:
            self._opened = self._step
            folded = self.folded
            self._due_holes = [0 if folded[s] else street.hole for s in range(self.seats)]
            if street.place:
                self._due_holes = self._placement_counts(index, self._due_holes)
            self._due_board = street.board
        if self.auto:
            self._deal_all(street)
            return True
        if any(self._due_holes) or self._due_board:
            self.actor_seat = -1
            self._dealer_due = True
            return False
        return True

    def _placement_counts(self, index: int, counts: list[int]) -> list[int]:
        """Hook of the placement games (games/engine/placement.py): the cards a
        placement street deals each seat (fantasyland deals more)."""
        return counts

    def _deal_all(self, street: Street) -> None:
        """The table deals the street itself: round by round to each player, then
        the burn and the board."""
        dealer, log = self._dealer, self._log
        due = self._due_holes
        if street.hole:
            seats = [s for s in range(self.seats) if due[s]]
            holes = self._holes
            n = len(seats)
            uneven = street.place and self.options.fantasyland   # a seat dealt more
            cards = [] if uneven else dealer.draw(street.hole * n, HOLE)
            for k, seat in enumerate(seats):   # round by round, or seat by seat
                hand = dealer.draw(due[seat], HOLE) if uneven else cards[k::n]
                holes[seat].extend(hand)
                log.append(("deal_hole", seat, None, tuple(hand)))
                due[seat] = 0
        if self._due_board:
            burn = street.burn
            cards = dealer.draw(burn + self._due_board, BOARD)
            if burn:
                burned = cards[:burn]
                del cards[:burn]
                dealer.move(burned, BURNED)
                self._burned.extend(burned)
                log.append(("burn", None, None, tuple(burned)))
            self._board.extend(cards)
            log.append(("deal_board", None, None, tuple(cards)))
            self._due_board = 0

    def _discard_step(self, index: int) -> bool:
        """Every player still in discards in turn (Crazy Pineapple); True once done."""
        return self._live_seats_in_turn(index)

    def _live_seats_in_turn(self, index: int, holding: bool = False) -> bool:
        """Open a step where the players still in act in turn from the button's left
        (a discard, a draw's declarations; with `holding`, only those holding cards:
        a placement); False while one of them is to act.  True also when nobody is
        left to act at all (one player in)."""
        if self.live <= 1:
            return True
        self._street = index
        if self._opened != self._step:
            self._opened = self._step
            folded, holes = self.folded, self._holes
            self._queue = [s for s in range(self.seats)
                           if not folded[s] and (holes[s] or not holding)]
            self._draw_order = tuple(self._queue)
            self._pending = {}
            self._serving = False
        if self._queue:
            self.actor_seat = self._queue[0]
            return False
        return True

    def _draw_step(self, index: int) -> bool:
        """A draw: every player still in declares a discard (0 cards: stands pat) in
        turn from the button's left; then the dealer serves them in the same order,
        each player's discards joining the discard pile once that player is served."""
        if not self._live_seats_in_turn(index):
            return False                 # a declaration is due
        if self.live <= 1 or self._serving:
            return True                  # nobody to serve, or the last card was served
        self._serving = True
        self.actor_seat = -1
        if self.auto:
            self._serve_draw()
            return True
        self._due_holes = [len(self._pending.get(s, ())) for s in range(self.seats)]
        if any(self._due_holes):
            self._dealer_due = True
            return False
        return True

    def _serve_draw(self) -> None:
        """The table serves a draw itself, in the declaring order.  When the street
        serves at most k cards at once (Italian poker: 3), every player is served up to
        k first and the rest after every other player; when only the last player to
        draw asks for more than k, the next card is burned before its rest (seed 001,
        "Accomodo").  When the stub cannot serve a player, the stub is dealt first, then
        every discard of the players already served (in part, when the rest is to come)
        but this player's own becomes the new stub (seeds 000 and 001); with
        ``keep_opening`` the opener's discards stay out.  Burns and folded hands stay
        out.  The stub's last card is dealt like any other."""
        street = self.game.streets[self._steps[self._step][1]]
        at_once = street.serve_at_once
        asked = {s: len(self._pending.get(s, ())) for s in self._draw_order}
        drawing = [s for s in self._draw_order if asked[s]]
        if at_once:
            serving: list[tuple[int, int]] = [(s, min(asked[s], at_once)) for s in drawing]
            rest = [(s, asked[s] - at_once) for s in drawing if asked[s] > at_once]
            if len(rest) == 1 and rest[0][0] == drawing[-1]:
                serving.append((-1, 1))          # the burn of the fourth card
            serving += rest
        else:
            serving = [(s, asked[s]) for s in drawing]
        served: set[int] = set()
        for seat, count in serving:
            waiting = [s for s in drawing if s not in served or s == seat]
            cards = self._stub_cards(count, waiting)
            if seat < 0:
                self._dealer.move(cards, BURNED)
                self._burned.extend(cards)
                self._log.append(("burn", None, None, tuple(cards)))
                continue
            served.add(seat)
            self._holes[seat].extend(cards)
            self._log.append(("deal_hole", seat, None, tuple(cards)))

    def _stub_cards(self, count: int, waiting: Sequence[int]) -> list[int]:
        """`count` cards off the stub; when it runs out, a new stub of the discards but
        those of the `waiting` seats (see `_serve_draw`)."""
        dealer = self._dealer
        stub = dealer.stub_size()
        if stub >= count:
            return dealer.draw(count, HOLE)
        cards = dealer.draw(stub, HOLE) if stub else []
        held = {c for s in waiting for c in self._pending.get(s, ()) if c is not None}
        if self.options.keep_opening and self.opening_seat >= 0:
            held.update(c for c in self._pending.get(self.opening_seat, ()) if c is not None)
        fresh = [c for c in dealer.cards_in(DISCARDED) if c not in held]
        dealer.move(fresh, STUB)
        self._log.append(("new_stub", None, None, tuple(fresh)))
        return cards + dealer.draw(count - stub, HOLE)

    def _bet(self, index: int) -> bool:
        self._street = index
        if self.live <= 1 or self._all_in:
            return True
        street = self.game.streets[index]
        options = self.options
        if index == self._first_round:   # after the largest blind or straddle
            blinds = options.posted(options.blinds)
            bets = self.bets
            top = max(range(self.seats), key=lambda s: (bets[s] if blinds[s] else 0, s))
            opener = (top + 1) % self.seats
        elif street.led_by_opener:       # the opener; left of a blind opener, who is last
            blind = options.blind_opening
            opener = blind % self.seats if blind else max(self.opening_seat, 0)
        else:                            # the first seat left of the button
            opener = 0
        size = options.big_bet if street.big_bet else options.small_bet
        cap = -1 if options.raise_cap is None else options.raise_cap
        if self._start_round(opener, size, cap):
            if street.opening and options.blind_opening:
                self._hold_raises()      # the others call or fold until one calls
            elif street.opening and not options.false_openings:
                self._close_opening(self._without_opening(), requirement(options.opening))
            return False
        self._end_round()
        return True

    @property
    def opening_seat(self) -> int:
        """Italian poker's opener: the seat that made the deal's first bet, or that
        opened blind last (the buio, or the controbuio); -1 if nobody opened."""
        if self.options.blind_opening:
            return self.options.blind_opening - 1
        seat: int = next((entry[1] for entry in self._log if entry[0] == "bet"), -1)
        return seat

    def _without_opening(self) -> list[bool]:
        """Per seat: whether it lacks the opening requirement (a hand nobody saw is
        taken to hold it: a recorded hand's opener showed it at the end)."""
        game, options = self.game, self.options
        ranking = game.high
        assert ranking is not None       # a game with an opening round shows down
        out = []
        for seat, hand in enumerate(self._holes):
            known = [c for c in hand if c is not None]
            if self.folded[seat] or len(known) < len(hand):
                out.append(False)
                continue
            out.append(not holds_opening(known, options.opening, ranking, game.lowest_rank))
        return out

    def _round_over(self) -> None:
        """The betting core's hook: the round in play has ended."""
        self._end_round()
        self._step += 1
        self._advance()

    def _on_fold(self, seat: int) -> None:
        """The betting core's hook: a folded hand goes to the muck."""
        where = self._dealer.where
        for card in self._holes[seat]:
            if card is not None:
                where[card] = MUCKED

    def _round_ended(self) -> None:
        """Hook after each betting round (irregularities release a set-aside card)."""

    def _replacement_legal(self) -> int | None:
        """Hook: the seat owed a replacement card (irregularities), else None."""
        return None

    def _end_round(self) -> None:
        self._round_ended()
        # (only a game with an opening round carries a pot: Italian poker)
        checked_through = (self.options.has_opening and self.high == 0
                           and self.game.streets[self._street].carries_if_checked
                           and self._able() >= 2)
        returned = self._collect()
        if returned is not None:
            self._log.append(("return", returned[0], returned[1], ()))
        if self.live >= 2 and self._able() <= 1:
            self._all_in = True
        if checked_through:
            self._carry()

    def _carry(self) -> None:
        """Everyone checked a round that carries: nobody wins, the pot waits for the
        next deal (Italian poker: a deal nobody opens, a paròl)."""
        self._show_opening()
        self._carry_rest()
        self._done = True
        self._shown = True
        self.actor_seat = -1

    def _showdown(self) -> bool:
        if self._shown:
            return True
        if self._opened != -2:
            if self.live <= 1:
                self._shown = True
                return True
            self._opened = -2
            order = settlement.showdown_order(self.opener, self.folded)
            if self.auto:
                for seat in order:
                    self._log.append(("show", seat, None, tuple(self._holes[seat])))
                self._shown = True
                return True
            self._queue = order
        if self._queue:
            self.actor_seat = self._queue[0]
            return False
        self._shown = True
        self.actor_seat = -1
        return True

    def _show_opening(self) -> None:
        """At the end of a deal the opener shows the opening (seed 001: "Al termine
        della mano, qualora non sia già stata vista, l'apertore dovrà mostrare
        l'apertura"): the five cards it held when it opened."""
        if not self.options.has_opening or self.options.blind_opening:
            return                       # no opening round, or a blind one: nothing to show
        seat = self.opening_seat
        if seat < 0:
            return                       # nobody opened
        self._log.append(("show_opening", seat, None, tuple(self._opening_hand())))

    # False openings (the ``false_openings`` option; seed 001, "Apertura", NB; RULES.md):
    # an opener who did not hold the opening and wins collects nothing, everyone taking
    # its bets back; if another player wins, that player collects and the opener refunds
    # the initial pot.  **Decision:** what waits for the next deal is the initial pot
    # (the invito and any pot carried in: the dead money) when the false opener won,
    # and the opener's refund of it (from its stack, what it has) when another won.

    def _false_opener(self) -> int:
        """The opener, if it opened without the opening (all its cards known), else -1."""
        seat = self.opening_seat
        if seat < 0 or self.options.blind_opening:
            return -1
        dealt = self._opening_hand()
        ranking = self.game.high
        assert ranking is not None
        known = [c for c in dealt if c is not None]
        if len(known) < len(dealt) or holds_opening(known, self.options.opening, ranking,
                                                    self.game.lowest_rank):
            return -1
        return seat

    def _bets_back(self, opener: int) -> None:
        """The false opener won: every bet goes back, the initial pot waits."""
        for s, (put, dead) in enumerate(zip(self.contributions, self.dead_money, strict=True)):
            if put - dead:
                self._pay(s, put - dead)
                self._log.append(("return", s, put - dead, ()))
        self._log.append(("false_opening", opener, 0, tuple(self._opening_hand())))
        self._result_factory = None
        self._carry_rest()

    def _refund_opening(self, opener: int) -> None:
        """Another player won: the false opener refunds the initial pot, which waits."""
        refund = min(sum(self.dead_money), self.stacks[opener])
        self._post(opener, refund, False, True)
        self._log.append(("false_opening", opener, refund, tuple(self._opening_hand())))
        self._carry_rest()

    def _carry_rest(self) -> None:
        """What is left in the pot waits for the next deal."""
        self._carried = self.pot_total
        self._log.append(("carry", None, self._carried, ()))

    def _opening_hand(self) -> list[int | None]:
        """The cards the opener held when it made the deal's first bet."""
        seat = self.opening_seat
        opened = next(k for k, entry in enumerate(self._log) if entry[0] == "bet")
        return [c for kind, who, _, cards in self._log[:opened]
                if kind == "deal_hole" and who == seat for c in cards]

    def _settle_rows(self) -> None:
        """Hook of the placement games (games/engine/placement.py): score the rows."""
        raise NotImplementedError

    def _settle(self) -> None:
        options = self.options
        if self.game.rows:
            self._settle_rows()
            return
        if options.has_opening:
            self._show_opening()
        folded = self.folded
        contributions = self.contributions
        payouts: Sequence[int]
        if self.live == 1:
            winner = folded.index(False)
            payouts = [0] * self.seats
            payouts[winner] = self.pot_total
            self._result_factory = lambda: settlement.uncontested(winner, contributions)
        else:
            payouts, self._result_factory = settlement.settle(
                self.game, self._holes, self._board, contributions, folded, self.dead_money)
        false = self._false_opener() if options.false_openings else -1
        if false >= 0 and payouts[false]:      # the false opener won: the bets go back
            self._bets_back(false)
        else:
            for seat, amount in enumerate(payouts):
                if amount:
                    self._pay(seat, amount)
                    self._log.append(("win", seat, amount, ()))
            if false >= 0:                     # another player won: a refund
                self._refund_opening(false)
        self._done = True
        self.actor_seat = -1
        self._step = len(self._steps) - 1

    # ---------------------------------------------------------------- outside a round

    def _due(self) -> str:
        """What the table waits for, in words."""
        if self._done:
            return "the hand is over"
        kind, index = self._current()
        if self._all_in and not self._shown and self._step > self._last_decision:
            kind = SHOWDOWN
        if kind == DEAL:
            street = self.game.streets[index].name
            if any(self._due_holes):
                seat = next(s for s, n in enumerate(self._due_holes) if n)
                return (f"the dealer must deal {self._due_holes[seat]} hole card(s) to "
                        f"{seat_label(seat)} ({street})")
            return f"the dealer must deal {self._due_board} board card(s) ({street})"
        if kind == DISCARD:
            seat = self._queue[0]
            count = self.game.streets[index].discard
            return f"{seat_label(seat)} must discard {count} card(s)"
        if kind == DRAW:
            street = self.game.streets[index].name
            if self._queue:
                return (f"{seat_label(self._queue[0])} must discard up to "
                        f"{self.game.streets[index].draw} card(s) or stand pat ({street})")
            seat = next((s for s, n in enumerate(self._due_holes) if n), 0)
            return (f"the dealer must deal {self._due_holes[seat]} card(s) to "
                    f"{seat_label(seat)} ({street})")
        if kind == SHOWDOWN:
            return f"{seat_label(self._queue[0])} must show or muck"
        return "a betting round is in play"

    def _not_betting(self, action: str) -> None:
        raise ValueError(f"cannot {action} now: {self._due()}")

    def _outside_legal(self) -> Legal:
        owed = self._replacement_legal()
        if owed is not None:
            return Legal(replacement=owed)
        if self._done or not self._queue or self.actor_seat < 0:
            return NOTHING
        kind, index = self._current()
        if kind == DISCARD:
            count = self.game.streets[index].discard
            return Legal(discard=(count, count))
        if kind == DRAW:
            held = len(self._holes[self._queue[0]])
            return Legal(discard=(0, min(self.game.streets[index].draw, held)))
        return Legal(show=True)   # the queue is the showdown's

    # ---------------------------------------------------------------- card moves

    def _named_hand(self, seat: int, cards: Sequence[int], what: str) -> list[int | None]:
        """The hand of `seat` with `cards` named in it: a card not in the hand names
        one of its unknown cards ("??"); ValueError if it cannot (nothing changes)."""
        hand = list(self._holes[seat])
        unknown = hand.count(None)
        for card in cards:
            if card in hand:
                continue
            if not unknown:
                raise ValueError(f"{what}: {seat_label(seat)} does not hold {card_name(card)}")
            self._dealer.check_live([card], what)
            hand[hand.index(None)] = card
            unknown -= 1
        return hand

    def _set_hand(self, seat: int, hand: list[int | None]) -> None:
        """Store a hand whose unknown cards were named (see `_named_hand`)."""
        named = [c for c in hand if c is not None and c not in self._holes[seat]]
        self._dealer.name(named, HOLE)
        self._holes[seat] = hand
