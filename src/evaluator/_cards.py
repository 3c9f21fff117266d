"""The card model: one integer per card, 4*rank + suit (2c = 0 ... As = 51).

Ranks 0..12 stand for 2..A and suits 0..3 for clubs, diamonds, hearts, spades: the
encoding of the fastest C evaluators, so arrays pass between them unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}

#: Anything :func:`parse_cards` accepts.
CardsLike = str | int | Iterable[str | int] | npt.NDArray[np.integer]

_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")
_CARD_OF: dict[str, int] = {}
for _r, _rank in enumerate(RANKS):
    for _s, _suit in enumerate(SUITS):
        _CARD_OF[_rank + _suit] = 4 * _r + _s


def card_name(card: int) -> str:
    """Canonical text of one card: 51 -> "As"."""
    return RANKS[card >> 2] + SUITS[card & 3]


def _parse_text(text: str) -> list[int]:
    cards: list[int] = []
    for chunk in _SEPARATORS.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            if match is None:
                bad = chunk[pos : pos + 2] or chunk
                raise ValueError(
                    f"cannot read card {bad!r} in {text!r}: expected a rank of "
                    f"{RANKS} (or 10) followed by a suit of {SUITS} or ♣♦♥♠"
                )
            rank = match.group(1).upper()
            rank = "T" if rank == "10" else rank
            suit = SUIT_SYMBOLS.get(match.group(2), match.group(2).lower())
            cards.append(_CARD_OF[rank + suit])
            pos = match.end()
    return cards


def _parse_item(item: object) -> list[int]:
    if isinstance(item, str):
        return _parse_text(item)
    if isinstance(item, (bool, np.bool_)):
        raise ValueError(f"card must be an int or a string, got {item!r}")
    if isinstance(item, (int, np.integer)):
        value = int(item)
        if not 0 <= value <= 51:
            raise ValueError(f"card value {value} is outside 0..51")
        return [value]
    raise ValueError(f"card must be an int or a string, got {type(item).__name__} {item!r}")


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> npt.NDArray[np.uint8]:
    """Read cards from text, ints or an array into a uint8 array of card values.

    Accepts "AsKd", "As Kd", "as,kd", "10h", suit symbols ("A♠"), a single int, or an
    iterable of strings and ints.  Unknown ranks or suits, ints outside 0..51 and
    duplicate cards raise ValueError naming the card.

    >>> parse_cards("As Kd").tolist()
    [51, 46]
    """
    if isinstance(cards, np.ndarray):
        if cards.ndim != 1:
            raise ValueError(f"expected a 1-d array of cards, got shape {cards.shape}")
        if not np.issubdtype(cards.dtype, np.integer):
            raise ValueError(f"card array must have an integer dtype, not {cards.dtype}")
        values = [int(v) for v in cards]
        for v in values:
            if not 0 <= v <= 51:
                raise ValueError(f"card value {v} is outside 0..51")
    elif isinstance(cards, (str, int, np.integer)):
        values = _parse_item(cards)
    else:
        try:
            items = list(cards)
        except TypeError:
            raise ValueError(
                f"cannot read cards from {type(cards).__name__} {cards!r}"
            ) from None
        values = [v for item in items for v in _parse_item(item)]
    if not allow_duplicates and len(set(values)) != len(values):
        seen: set[int] = set()
        for v in values:
            if v in seen:
                raise ValueError(f"duplicate card {card_name(v)}")
            seen.add(v)
    return np.array(values, dtype=np.uint8)


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """Canonical text of cards, the inverse of :func:`parse_cards`: [51, 46] -> "As Kd"."""
    return sep.join(card_name(int(c)) for c in parse_cards(cards, allow_duplicates=True))


def deck(lowest_rank: str = "2") -> npt.NDArray[np.uint8]:
    """The cards from `lowest_rank` up to the ace, in card order (a 52-card deck by default;
    deck("6") is the 36-card short deck)."""
    low = RANKS.index(lowest_rank.upper())
    return np.arange(4 * low, 52, dtype=np.uint8)
