"""PHH's action notation: one action line read into an `Action` and applied to a
table through its public calls, and a table's record written as an action line.

The grammar (the PHH standard, "Actions"): ``[actor verb [arguments]][ # commentary]``
with the dealer ``d`` dealing hole cards (``d dh p1 AsKs``) or the board
(``d db 7c8d9h``), and a player ``pN`` folding (``f``), checking or calling (``cc``),
completing, betting or raising to an amount (``cbr 60``), standing pat or discarding
(``sd`` / ``sd 7h``), posting the bring-in (``pb``, stud) and showing (``sm AsKs``,
``sm -`` for the cards already dealt) or mucking (``sm``).  In stud a player's hole
cards are dealt with ``d dh`` street by street (``d dh p1 8h5sTc`` on third street, two
down and one up); which of them lie face up is the game's, not the line's.  A
placement game's players place cards in their rows with the private action ``pl``
(``p1 pl AsAh/KdQd/2c``: bottom/middle/top, a row left empty when no card goes there,
a fourth part for the cards discarded face down: ``p2 pl Ks//Qh/7d``).  A blank line
or a bare commentary is a no-op.  The player may be left out (``cbr 60``): the table
applies it to the player to act.
Cards are written together ("AsKs"; spaces are tolerated); ``??`` is a card nobody
saw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from evaluator import card_name
from games.engine.cards import CARD_PAIRS, read_cards
from games.engine.events import Event, seat_label
from games.engine.table import Table

#: The dealer's actions and the players', by verb.
DEALER_VERBS = ("dh", "db")
PLAYER_VERBS = ("f", "cc", "cbr", "sd", "sm", "pb", "pl")


class Action(NamedTuple):
    """One parsed action line.

    verb: "dh", "db", "f", "cc", "cbr", "sd", "sm" or "pb"; seat: the player (0 for
    p1), None for the dealer or when the line names nobody; dealer: a dealer's step;
    cards: the cards it deals, discards or shows (None: not given); amount: the
    chips of "cbr"; show_dealt: "sm -" (show the cards dealt); comment: the text
    after "#"; parts: a placement's cards per row (bottom, middle, top) and those
    discarded, for "pl".
    """

    verb: str
    seat: int | None = None
    dealer: bool = False
    cards: tuple[int | None, ...] | None = None
    amount: int | None = None
    show_dealt: bool = False
    comment: str | None = None
    parts: tuple[tuple[int | None, ...], ...] | None = None


def read_amount(text: str) -> int:
    """A chip amount: an int ("60"), or a float that is a whole number ("60.0")."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not an amount of chips") from None
    if not value.is_integer():
        raise ValueError(f"{text!r} is not a whole number of chips")
    return int(value)


def read_seat(word: str) -> int:
    """"p3" -> seat 2."""
    seat = SEATS.get(word)
    if seat is not None:
        return seat
    if word[:1] == "p" and word[1:].isdigit() and word[1:].isascii() and int(word[1:]) > 0:
        return int(word[1:]) - 1
    raise ValueError(f"{word!r} is not a player (p1, p2, ...)")


SEATS = {f"p{i}": i - 1 for i in range(1, 100)}


#: player actions without cards ("p3 f", "p2 cbr 225"), read once: they repeat
_READ: dict[str, Action] = {}


def parse_action(line: str) -> Action | None:
    """Read one action line; None for a no-op (blank line or bare commentary).

    Raises ValueError naming what cannot be read.
    """
    if type(line) is str:
        found = _READ.get(line)
        if found is not None:
            return found
    action = _parse(line)
    if action is not None and action.cards is None and len(_READ) < 4096:
        _READ[line] = action
    return action


def _parse(line: str) -> Action | None:
    if not isinstance(line, str):
        raise TypeError(f"an action is a string of PHH notation, got {type(line).__name__}")
    if line[:5] == "d dh ":             # a hand's bulk: "d dh p3 AsKs", one look-up each
        words = line.split()
        if len(words) == 4:
            seat = SEATS.get(words[2])
            held = CARD_PAIRS.get(words[3])
            if seat is not None and held is not None:
                return Action("dh", seat, True, held)
    elif line[:5] == "d db " and "#" not in line:
        words = line.split()
        if len(words) == 3:
            return Action("db", None, True, read_cards(words[2]))
    note = None
    if "#" in line:
        line, _, comment = line.partition("#")
        note = comment.strip()
    words = line.split()
    if not words:
        return None
    first = words[0]
    if first == "d":
        verb = words[1] if len(words) > 1 else ""
        if verb == "dh" and len(words) >= 4:
            return Action("dh", read_seat(words[2]), True, read_cards("".join(words[3:])),
                          None, False, note)
        if verb == "db" and len(words) >= 3:
            return Action("db", None, True, read_cards("".join(words[2:])), None, False, note)
        raise ValueError(f"{line.strip()!r}: the dealer deals holes (d dh pN cards) or the "
                         "board (d db cards)")
    seat = SEATS.get(first)
    if seat is not None or (first[:1] == "p" and first[1:2].isdigit()):
        seat = read_seat(first)
        words = words[1:]
    verb = words[0] if words else ""
    count = len(words)
    if verb == "f" or verb == "cc" or verb == "pb":
        if count > 1:
            raise ValueError(f"{line.strip()!r}: {verb} takes no argument")
        return Action(verb, seat, False, None, None, False, note)
    if verb == "cbr":
        if count != 2:
            raise ValueError(f"{line.strip()!r}: cbr takes one amount")
        return Action("cbr", seat, False, None, read_amount(words[1]), False, note)
    if verb == "sm" and count == 2 and words[1] == "-":
        return Action("sm", seat, False, None, None, True, note)
    if verb == "pl":
        pieces = "".join(words[1:]).split("/")
        if count < 2 or not 3 <= len(pieces) <= 4:
            raise ValueError(f"{line.strip()!r}: pl takes bottom/middle/top cards "
                             "(and /discarded ones), e.g. pl AsAh/KdQd/2c")
        parts = tuple(read_cards(p) if p else () for p in pieces)
        if len(parts) == 3:
            parts += ((),)
        return Action("pl", seat, False, tuple(c for p in parts for c in p), None, False,
                      note, parts)
    if verb == "sd" or verb == "sm":
        cards = read_cards("".join(words[1:])) if count > 1 else None
        return Action(verb, seat, False, cards, None, False, note)
    raise ValueError(f"{line.strip()!r}: expected an action of {', '.join(PLAYER_VERBS)} "
                     "(or a dealer's d dh / d db)")


# ---------------------------------------------------------------- applying an action

#: the betting lines of the player to act, each read once into the table's call: "f"
#: and "cc" (and their spellings with a comment) by the call, "cbr 60" by the amount; a
#: policy sends the same few lines again and again
_CALLS: dict[str, Callable[[Table], None]] = {"f": Table.fold, "cc": Table.check_or_call}
_RAISES: dict[str, int] = {}


def act(table: Table, text: str) -> None:
    """Apply one action line to `table` (`Table.act`): the dealer's and the players'
    actions each through the table's public call."""
    if type(text) is str:
        call = _CALLS.get(text)
        if call is not None:
            call(table)
            return
        amount = _RAISES.get(text)
        if amount is not None:
            raise_to(table, amount)
            return
    elif not isinstance(text, str):
        parse_action(text)              # a TypeError that names what an action is
    if text[:3] == "sd " and text[3:4].strip() and "#" not in text:    # a draw's bulk
        table.discard(read_cards(text[3:]))
        return
    if text[:5] == "d dh ":                             # replays' bulk: one look-up
        words = text.split()
        if len(words) == 4:
            seat = SEATS.get(words[2])
            held = CARD_PAIRS.get(words[3])
            if seat is not None and held is not None:
                table.deal_hole(seat, held)
                return
    parsed = parse_action(text)
    if parsed is None:
        return
    if parsed.seat is None and len(_RAISES) < 4096:
        if parsed.verb == "cbr":
            _RAISES[text] = parsed.amount  # type: ignore[assignment]
        elif parsed.verb in ("f", "cc"):
            _CALLS[text] = Table.fold if parsed.verb == "f" else Table.check_or_call
    apply(table, parsed)


def raise_to(table: Table, amount: int) -> None:
    """``cbr amount``: `table.raise_to(amount)`; in fixed limit, a raise recorded to the
    most any opponent still in can match (its stack and its bet), when that is less
    than the fixed raise, is read as the fixed raise: the chips past it come back
    uncalled, so the stacks are the same (the PHH dataset records raises so:
    wsop/2023/43/5/85, a razz hand where p2 raises p1 all-in "to 750000")."""
    try:
        table.raise_to(amount)
    except ValueError:
        full = _fixed_raise_covering(table, amount)
        if full is None:
            raise
        table.raise_to(full)


def _fixed_raise_covering(table: Table, amount: int) -> int | None:
    """The fixed raise a short recorded raise stands for (see `raise_to`), or None."""
    legal = table.legal()
    actor = table.actor
    if (table.options.betting.value != "fixed-limit" or legal.raise_to is None
            or actor is None or not amount < legal.raise_to[0]):
        return None
    stacks, bets, folded = table.stacks, table.bets, table.folded
    most = max((stacks[s] + bets[s] for s in range(len(stacks))
                if s != actor and not folded[s]), default=0)
    return legal.raise_to[0] if amount == most and amount > max(bets) else None


def apply(table: Table, parsed: Action) -> None:
    """Apply one action already read to `table` through its public calls."""
    verb, seat, dealer, cards, amount, show_dealt, _, parts = parsed
    if dealer:
        assert cards is not None
        if verb == "dh":
            assert seat is not None
            table.deal_hole(seat, cards)
        else:
            table.deal_board(cards)
        return
    if verb == "sm":
        if cards is None and not show_dealt:
            table.muck(seat)
        else:
            table.show(None if show_dealt else cards, seat)
        return
    if seat is not None and seat != table.actor:
        actor = table.actor
        due = f"{seat_label(actor)} is" if actor is not None else table.waiting_for
        raise ValueError(f"{seat_label(seat)} is not to act: {due}")
    if verb == "cc":
        table.check_or_call()
    elif verb == "f":
        table.fold()
    elif verb == "cbr":
        assert amount is not None
        raise_to(table, amount)
    elif verb == "pl":
        assert parts is not None
        bottom, middle, top, thrown = parts
        table.place(bottom, middle, top, discard=thrown if thrown else None)
    elif verb == "pb":
        table.bring_in()
    else:
        table.discard(cards or ())


# ---------------------------------------------------------------- writing a record

def cards_text(cards: Sequence[int | None]) -> str:
    """Cards as PHH writes them: concatenated, "??" for an unknown card."""
    return "".join("??" if c is None else card_name(c) for c in cards)


def _parts(event: Event) -> list[tuple[int | None, ...]]:
    """A placement's cards per row (bottom, middle, top), then those discarded."""
    return [tuple(c for c, r in zip(event.cards, event.rows, strict=True) if r == row)
            for row in (0, 1, 2, -1)]


def line(event: Event) -> str | None:
    """The PHH action line of a table's event, or None for the steps PHH leaves to
    the reader (posting, burning, collecting and pushing chips, a live dealer's
    irregularities)."""
    kind, seat = event.kind, event.seat
    who = "" if seat is None else seat_label(seat)
    if kind == "deal_hole":
        return f"d dh {who} {cards_text(event.cards)}"
    if kind == "deal_board":
        return f"d db {cards_text(event.cards)}"
    if kind == "fold":
        return f"{who} f"
    if kind in ("check", "call"):
        return f"{who} cc"
    if kind in ("bet", "raise"):
        return f"{who} cbr {event.amount}"
    if kind == "bring_in":
        return f"{who} pb"
    if kind == "discard":
        return f"{who} sd {cards_text(event.cards)}".rstrip()
    if kind == "show":
        return f"{who} sm {cards_text(event.cards)}"
    if kind == "muck":
        return f"{who} sm"
    if kind == "place":
        parts = [cards_text(p) for p in _parts(event)]
        return f"{who} pl {'/'.join(parts if parts[3] else parts[:3])}"
    return None
