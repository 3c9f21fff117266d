"""PHH's action notation: one action line read into an `Action`.

The grammar (the PHH standard, "Actions"): ``[actor verb [arguments]][ # commentary]``
with the dealer ``d`` dealing hole cards (``d dh p1 AsKs``) or the board
(``d db 7c8d9h``), and a player ``pN`` folding (``f``), checking or calling (``cc``),
completing, betting or raising to an amount (``cbr 60``), standing pat or discarding
(``sd`` / ``sd 7h``) and showing (``sm AsKs``, ``sm -`` for the cards already
dealt) or mucking (``sm``).  A blank line or a bare commentary is a no-op.  The
player may be left out (``cbr 60``): the table applies it to the player to act.
Cards are written together ("AsKs"; spaces are tolerated); ``??`` is a card nobody
saw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from evaluator import RANKS, SUITS, parse_cards

#: The dealer's actions and the players', by verb.
DEALER_VERBS = ("dh", "db")
PLAYER_VERBS = ("f", "cc", "cbr", "sd", "sm", "pb")

_CARD = {r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
_TOKEN = re.compile(r"\?\?|10.|[^?\s,]{2}", re.IGNORECASE)
_PLAYER = re.compile(r"p([0-9]+)")


@dataclass(frozen=True)
class Action:
    """One parsed action line.

    seat: the player (0 for p1), None for the dealer or when the line names nobody;
    dealer: a dealer's step; verb: "dh", "db", "f", "cc", "cbr", "sd" or "sm";
    cards: the cards it deals, discards or shows (None: not given; "sm -" gives
    `show_dealt`); amount: the chips of "cbr"; comment: the text after "#".
    """

    verb: str
    seat: int | None = None
    dealer: bool = False
    cards: tuple[int | None, ...] | None = None
    amount: int | None = None
    show_dealt: bool = False
    comment: str | None = None


def read_cards(text: str) -> tuple[int | None, ...]:
    """PHH cards ("AsKs", "??Ad", "As Kd") as card values, None for "??"."""
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
    match = _PLAYER.fullmatch(word)
    if match is None or int(match.group(1)) < 1:
        raise ValueError(f"{word!r} is not a player (p1, p2, ...)")
    return int(match.group(1)) - 1


def parse_action(line: str) -> Action | None:
    """Read one action line; None for a no-op (blank line or bare commentary).

    Raises ValueError naming what cannot be read.
    """
    if not isinstance(line, str):
        raise TypeError(f"an action is a string of PHH notation, got {type(line).__name__}")
    text, hash_, comment = line.partition("#")
    note = comment.strip() if hash_ else None
    words = text.split()
    if not words:
        return None
    if words[0] == "d":
        if len(words) < 2 or words[1] not in DEALER_VERBS:
            raise ValueError(f"{line.strip()!r}: the dealer deals holes (d dh pN cards) or the "
                             "board (d db cards)")
        if words[1] == "dh":
            if len(words) < 4:
                raise ValueError(f"{line.strip()!r}: d dh needs a player and cards")
            return Action("dh", read_seat(words[2]), True, read_cards("".join(words[3:])),
                          comment=note)
        if len(words) < 3:
            raise ValueError(f"{line.strip()!r}: d db needs cards")
        return Action("db", None, True, read_cards("".join(words[2:])), comment=note)
    seat = None
    if _PLAYER.fullmatch(words[0]):
        seat = read_seat(words[0])
        words = words[1:]
    if not words or words[0] not in PLAYER_VERBS:
        raise ValueError(f"{line.strip()!r}: expected an action of "
                         f"{', '.join(PLAYER_VERBS)} (or a dealer's d dh / d db)")
    verb, args = words[0], words[1:]
    if verb in ("f", "cc", "pb"):
        if args:
            raise ValueError(f"{line.strip()!r}: {verb} takes no argument")
        return Action(verb, seat, comment=note)
    if verb == "cbr":
        if len(args) != 1:
            raise ValueError(f"{line.strip()!r}: cbr takes one amount")
        return Action("cbr", seat, amount=read_amount(args[0]), comment=note)
    if verb == "sm" and args == ["-"]:
        return Action("sm", seat, show_dealt=True, comment=note)
    cards = read_cards("".join(args)) if args else None
    return Action(verb, seat, cards=cards, comment=note)
