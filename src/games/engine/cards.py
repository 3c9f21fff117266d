"""The cards an action takes, read once at the table's door: card values (None for a
card nobody saw), or text ("AsKs", "As Kd", "??" for an unknown card, or anything
`evaluator.parse_cards` reads).  PHH writes cards this way, and so does a dealer
typing them in; the action grammar around them is PHH's (games.phh.notation).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evaluator import RANKS, SUITS, CardsLike, parse_cards

_CARD = {r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
_TOKEN = re.compile(r"\?\?|10.|[^?\s,]{2}", re.IGNORECASE)


def _pairs() -> dict[str, tuple[int | None, ...]]:
    """Every two-card text PHH may write ("AsKs", "??Ad", "????") and its values."""
    singles: dict[str, int | None] = {"??": None, **_CARD}
    return {a + b: (x, y) for a, x in singles.items() for b, y in singles.items()
            if x is None or x != y}


#: two cards at a time: a hold'em hand in one look-up, an Omaha hand in two
CARD_PAIRS = _pairs()
_SINGLE: dict[str, tuple[int | None, ...]] = {"??": (None,), **{k: (v,) for k, v in _CARD.items()}}
_ONE: dict[str, int | None] = {"??": None, **_CARD}


def read_cards(text: str) -> tuple[int | None, ...]:
    """PHH cards ("AsKs", "??Ad", "As Kd") as card values, None for "??"."""
    pairs = CARD_PAIRS
    found = pairs.get(text) or _SINGLE.get(text)
    if found is not None:                      # one or two cards, as PHH writes them
        return found
    size = len(text)
    if size % 2 == 0 and size:                # as PHH writes them: two characters a card
        read = [_ONE.get(text[i:i + 2], -1) for i in range(0, size, 2)]
        if -1 not in read:
            known = [c for c in read if c is not None]
            if len(set(known)) == len(known):
                return tuple(read)
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
        if value is None:                       # "10h", "A♠": the evaluator's reader,
            parsed = parse_cards(token)         # which takes ";" for a separator
            if len(parsed) != 1:
                raise ValueError(f"cannot read card {token!r} in {text!r}")
            value = int(parsed[0])
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
