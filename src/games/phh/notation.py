"""PHH's action notation: one action line read into an `Action`.

The grammar (the PHH standard, "Actions"): ``[actor verb [arguments]][ # commentary]``
with the dealer ``d`` dealing hole cards (``d dh p1 AsKs``) or the board
(``d db 7c8d9h``), and a player ``pN`` folding (``f``), checking or calling (``cc``),
completing, betting or raising to an amount (``cbr 60``), standing pat or discarding
(``sd`` / ``sd 7h``) and showing (``sm AsKs``, ``sm -`` for the cards already
dealt) or mucking (``sm``).  A placement game's players place cards in their rows
with the private action ``pl`` (``p1 pl AsAh/KdQd/2c``: bottom/middle/top, a row
left empty when no card goes there, a fourth part for the cards discarded face
down: ``p2 pl Ks//Qh/7d``).  A blank line or a bare commentary is a no-op.  The
player may be left out (``cbr 60``): the table applies it to the player to act.
Cards are written together ("AsKs"; spaces are tolerated); ``??`` is a card nobody
saw.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from evaluator import RANKS, SUITS, CardsLike, parse_cards

#: The dealer's actions and the players', by verb.
DEALER_VERBS = ("dh", "db")
PLAYER_VERBS = ("f", "cc", "cbr", "sd", "sm", "pb", "pl")

_CARD = {r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
_TOKEN = re.compile(r"\?\?|10.|[^?\s,]{2}", re.IGNORECASE)


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


def _pairs() -> dict[str, tuple[int | None, ...]]:
    """Every two-card text PHH may write ("AsKs", "??Ad", "????") and its values."""
    singles: dict[str, int | None] = {"??": None, **_CARD}
    return {a + b: (x, y) for a, x in singles.items() for b, y in singles.items()
            if x is None or x != y}


#: two cards at a time: a hold'em hand in one look-up, an Omaha hand in two
CARD_PAIRS = _pairs()
_SINGLE: dict[str, tuple[int | None, ...]] = {"??": (None,), **{k: (v,) for k, v in _CARD.items()}}


def read_cards(text: str) -> tuple[int | None, ...]:
    """PHH cards ("AsKs", "??Ad", "As Kd") as card values, None for "??"."""
    pairs = CARD_PAIRS
    found = pairs.get(text) or _SINGLE.get(text)
    if found is not None:                      # one or two cards, as PHH writes them
        return found
    size = len(text)
    if size % 2 == 0 and size:                # as PHH writes them: two characters a card
        parts = [pairs.get(text[i:i + 4]) for i in range(0, size - size % 4, 4)]
        if size % 4:
            parts.append(_SINGLE.get(text[-2:]))
        if None not in parts:
            whole = tuple(c for part in parts for c in part)  # type: ignore[union-attr]
            known = [c for c in whole if c is not None]
            if len(set(known)) == len(known):
                return whole
    compact = text.replace(",", " ")
    cards: list[int | None] = []
    pos = 0
    for match in _TOKEN.finditer(compact):
        gap = compact[pos:match.start()]
        if gap.strip():
            raise ValueError(f"cannot read card {gap.strip()!r} in {text!r}")
        pos = match.end()
        token = match.group(0)
        if token == "??":
            cards.append(None)
            continue
        value = _CARD.get(token[0].upper() + token[1:].lower())
        if value is None:
            value = int(parse_cards(token)[0])  # "10h", "A♠": the evaluator's reader
        cards.append(value)
    if compact[pos:].strip():
        raise ValueError(f"cannot read card {compact[pos:].strip()!r} in {text!r}")
    if not cards:
        raise ValueError(f"no cards in {text!r}")
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise ValueError(f"card {RANKS[dup >> 2] + SUITS[dup & 3]} is given twice in {text!r}")
    return tuple(cards)


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


#: cards an action takes: PHH text ("AsKs", "??" for a card nobody saw), card values
#: (None for unknown ones), or anything `evaluator.parse_cards` reads
Cards = CardsLike | Sequence[int | None]


#: what a card value may be, checked in two C-level passes (the types, then the values)
_INTS = frozenset({int})
_INTS_OR_NONE = frozenset({int, type(None)})
_CARDS = frozenset(range(52))
_CARDS_OR_NONE = _CARDS | {None}


def action_cards(cards: Cards | None, what: str) -> tuple[int | None, ...]:
    """Cards given to an action (a discard, a show, a deal, a placement): PHH text
    ("AsKs", "??" unknown) or anything `evaluator.parse_cards` takes; ValueError
    naming `what` for cards that cannot be read or a card given twice."""
    if cards is None:
        return ()
    if (type(cards) is list and _INTS.issuperset(map(type, cards))
            and _CARDS.issuperset(cards) and len(set(cards)) == len(cards)):
        return tuple(cards)   # card values, as a policy or a UI passes them
    if (type(cards) is tuple and _INTS_OR_NONE.issuperset(map(type, cards))
            and _CARDS_OR_NONE.issuperset(cards)):
        known = [c for c in cards if c is not None]
        if len(set(known)) == len(known):
            return cards   # already read (PHH notation gives these)
    if isinstance(cards, str):
        return read_cards(cards) if cards.strip() else ()
    try:
        if isinstance(cards, (list, tuple)) and None in cards:  # unknown cards
            named = [c for c in cards if c is not None]
            values = iter(parse_cards(named).tolist() if named else [])
            out = tuple(None if c is None else next(values) for c in cards)
        else:
            out = tuple(int(c) for c in parse_cards(cards))  # type: ignore[arg-type]
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None
    known = [c for c in out if c is not None]
    if len(set(known)) != len(known):
        raise ValueError(f"{what}: a card is given twice")
    return out
