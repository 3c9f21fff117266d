"""Events: everything that happens at a table, in order, as small immutable records.

The compiled machine (games/engine/_machine.pyx) writes a record of every action and
dealer step to its log, the kind as an index of `KINDS`; a table hands them out as
`Event` records through `Table.events`.  An event says itself in words
(`str(event)`); how PHH writes it is PHH's business (`games.phh.notation.line`).

Kinds (seat, amount and cards as each kind uses them):

======================  =====================================================
``ante``, ``blind``     seat posted `amount` (a straddle is a blind)
``deal_hole``           seat was dealt `cards` (None for a card nobody saw); in
                        stud `up` says which lie face up
``burn``                the dealer burned `cards`
``deal_board``          `cards` were turned on the board
``fold``                seat folded
``check``, ``call``     seat checked, or called `amount` chips
``bet``, ``raise``      seat bet or raised to `amount` chips in front
``discard``             seat discarded `cards`
``show``, ``muck``      seat showed `cards`, or mucked its hand
``return``              `amount` of seat's bet nobody called came back
``win``                 seat collected `amount` chips from the pots
``expose``              the dealer exposed `cards` dealt to seat
``extra_card``          seat (the first) was dealt `cards` too many
``board_error``         `cards` were turned on the board in error
``floor_misdeal``       the floor declared a misdeal
``misdeal``             every card went back; the hand is dealt again
``replace``             seat's exposed `cards` are dead; a replacement is owed
``burn_next``           `cards` went back to be the next burn
``reshuffle``           the board cards turned in error went back; next flop unburned
``set_aside``           `cards` are set aside until their round ends
``live_again``          `cards` set aside are back in the deck
``new_stub``            the stub ran out: `cards` (a draw's discards; in stud the
                        folded hands and burns) are the new stub
``place``               seat placed `cards`, each in the row `rows` names (0
                        bottom, 1 middle, 2 top; -1 discarded face down)
``pay``                 seat paid `amount` chips for the points it lost
``bring_in``            seat posted the bring-in, `amount` chips (stud)
``carried_in``          `amount` chips carried from earlier deals are in the pot
``carry``               everyone checked: `amount` chips wait for the next deal
``show_opening``        the opener shows `cards`, the hand it opened with
``false_opening``       seat opened without the opening (`cards`); it refunds
                        `amount` chips (0: it won, and everyone took its bets back)
======================  =====================================================

``expose`` to ``live_again`` are a live dealer's irregularities and their
remedies (games/engine/rules/irregularities.py); PHH has no action for them, so a
history keeps them in a user field.  ``place`` is a placement game's action, written as the
private ``pl`` action (``p1 pl AsAh/KdQd/2c``: bottom/middle/top, an empty row left
empty, a fourth part for the cards discarded: ``p2 pl Ks//Qh/7d``).
"""

from __future__ import annotations

from typing import NamedTuple

from evaluator import card_name

#: Kinds an event may have, in the order the table explains them above.
KINDS = ("ante", "blind", "deal_hole", "burn", "deal_board", "fold", "check", "call", "bet",
         "raise", "discard", "show", "muck", "return", "win", "expose", "extra_card",
         "board_error", "floor_misdeal", "misdeal", "replace", "burn_next", "reshuffle",
         "set_aside", "live_again", "new_stub", "place", "pay", "carried_in", "carry",
         "show_opening", "false_opening", "bring_in")

#: each kind's index in KINDS: the number the compiled machine records it by
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}

#: row names of a placement game, by the index a ``place`` event gives (-1: discarded)
ROW_NAMES = ("bottom", "middle", "top")


def seat_label(seat: int) -> str:
    """PHH's name of a seat: seat 0 is p1."""
    return f"p{seat + 1}"


class Event(NamedTuple):
    """One thing that happened at the table (see the module's table of kinds)."""

    kind: str
    seat: int | None
    amount: int | None
    cards: tuple[int | None, ...]
    rows: tuple[int, ...] = ()     # a ``place``: the row of each card (-1: discarded)
    up: tuple[bool, ...] = ()      # a ``deal_hole`` in stud: each card dealt face up

    def _parts(self) -> list[tuple[int | None, ...]]:
        """A placement's cards per row (bottom, middle, top), then those discarded."""
        return [tuple(c for c, r in zip(self.cards, self.rows, strict=True) if r == row)
                for row in (0, 1, 2, -1)]

    def __str__(self) -> str:
        who = "" if self.seat is None else seat_label(self.seat)
        cards = " ".join("??" if c is None else card_name(c) for c in self.cards)
        if self.kind == "place":
            parts = self._parts()
            said = [f"{' '.join(card_name(c) for c in p if c is not None)} {name}"
                    for p, name in zip(parts, ROW_NAMES, strict=False) if p]
            if parts[3]:
                said.append(f"discards {len(parts[3])}")
            return f"{who} places {', '.join(said)}"
        if self.kind == "deal_hole" and self.up:
            down = " ".join("??" if c is None else card_name(c)
                            for c, u in zip(self.cards, self.up, strict=True) if not u)
            up = " ".join("??" if c is None else card_name(c)
                          for c, u in zip(self.cards, self.up, strict=True) if u)
            return f"{who} is dealt " + " and ".join(
                part for part in (down and f"{down} down", up and f"{up} up") if part)
        text = {
            "ante": f"{who} antes {self.amount}",
            "blind": f"{who} posts {self.amount}",
            "bring_in": f"{who} brings in for {self.amount}",
            "deal_hole": f"{who} is dealt {cards}",
            "burn": f"burn {cards}",
            "deal_board": f"board {cards}",
            "fold": f"{who} folds",
            "check": f"{who} checks",
            "call": f"{who} calls {self.amount}",
            "bet": f"{who} bets {self.amount}",
            "raise": f"{who} raises to {self.amount}",
            "discard": f"{who} discards {cards}".rstrip(),
            "show": f"{who} shows {cards}",
            "muck": f"{who} mucks",
            "return": f"{self.amount} uncalled returned to {who}",
            "win": f"{who} collects {self.amount}",
            "expose": f"the dealer exposed {who}'s {cards}",
            "extra_card": f"{who} was dealt {cards} too many",
            "board_error": f"board {cards} turned in error",
            "floor_misdeal": "the floor declares a misdeal",
            "misdeal": "misdeal: every card back, the hand is dealt again",
            "replace": f"{cards} is dead; {who} is owed a replacement after the deal",
            "burn_next": f"{cards} goes back to be the next burn",
            "reshuffle": "the cards go back; the burn stays; a new flop without a burn",
            "set_aside": f"{cards} is set aside until its round ends",
            "live_again": f"{cards} is back in the deck",
            "new_stub": f"{cards} are shuffled into a new stub",
            "pay": f"{who} pays {self.amount}",
            "carried_in": f"{self.amount} carried from earlier deals",
            "carry": f"nobody wins: {self.amount} carried to the next deal",
            "show_opening": f"{who} shows the opening {cards}",
            "false_opening": (f"{who} opened falsely with {cards}: " + (
                f"it refunds {self.amount}" if self.amount else "the bets go back")),
        }
        return text.get(self.kind, f"{self.kind} {who} {self.amount} {cards}".strip())
