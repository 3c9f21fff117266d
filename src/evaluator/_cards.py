"""The card model: one integer per card, 4*rank + suit (2c = 0 ... As = 51).

Ranks 0..12 stand for 2..A and suits 0..3 for clubs, diamonds, hearts, spades: the
encoding of the fastest C evaluators, so arrays pass between them unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

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


def check_card(card: object, name: str = "card") -> int:
    """One card as an int 0..51: the one check of a single card.  TypeError unless an
    int (numpy integers too; bools are not cards), ValueError outside 0..51."""
    if isinstance(card, (bool, np.bool_)) or not isinstance(card, (int, np.integer)):
        raise TypeError(f"{name} must be an int 0..51 or a card text, got "
                        f"{type(card).__name__} {card!r}")
    value = int(card)
    if not 0 <= value <= 51:
        raise ValueError(f"{name}: card value {value} is outside 0..51")
    return value


def card_name(card: int) -> str:
    """Canonical text of one card: 51 -> "As"."""
    value = check_card(card)
    return RANKS[value >> 2] + SUITS[value & 3]


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
    return [check_card(item)]


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> npt.NDArray[np.uint8]:
    """Read cards from text, ints or an array into a uint8 array of card values.

    Accepts "AsKd", "As Kd", "as,kd", "10h", suit symbols ("A♠"), a single int, or an
    iterable of strings and ints.  A wrong type (a float, None, bytes, a nested list)
    raises TypeError; unknown ranks or suits, ints outside 0..51 and duplicate cards
    raise ValueError naming the card.

    >>> parse_cards("As Kd").tolist()
    [51, 45]
    """
    if isinstance(cards, np.ndarray):
        if cards.dtype.kind not in "iu":
            raise TypeError(f"a card array must have an integer dtype, not {cards.dtype}")
        if cards.ndim != 1:
            raise ValueError(f"expected a 1-d array of cards, got shape {cards.shape}")
        values = [check_card(v) for v in cards.tolist()]
    elif isinstance(cards, (str, int, np.integer)):
        values = _parse_item(cards)
    elif isinstance(cards, (bytes, bytearray, memoryview)):
        raise TypeError("cards must be text (str), ints or an array, not bytes")
    else:
        try:
            items = list(cards)
        except TypeError:
            raise TypeError(
                f"cannot read cards from {type(cards).__name__} {cards!r}"
            ) from None
        values = [v for item in items for v in _parse_item(item)]
    if not isinstance(allow_duplicates, (bool, np.bool_)):
        raise TypeError(f"allow_duplicates must be True or False, got "
                        f"{type(allow_duplicates).__name__}")
    if not allow_duplicates and len(set(values)) != len(values):
        seen: set[int] = set()
        for v in values:
            if v in seen:
                raise ValueError(f"duplicate card {card_name(v)}")
            seen.add(v)
    return np.array(values, dtype=np.uint8)


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """Canonical text of cards, the inverse of :func:`parse_cards`: [51, 45] -> "As Kd"."""
    if not isinstance(sep, str):
        raise TypeError(f"sep must be a str, got {type(sep).__name__}")
    return sep.join(card_name(int(c)) for c in parse_cards(cards, allow_duplicates=True))


def rank_index(rank: object, name: str = "lowest_rank") -> int:
    """Index 0..12 of one rank character ("2".."A", "T" or "10", any case)."""
    if not isinstance(rank, str):
        raise TypeError(f"{name} must be a rank such as '2' or 'T', got {type(rank).__name__}")
    text = "T" if rank == "10" else rank.upper()
    if len(text) != 1 or text not in RANKS:
        raise ValueError(f"{name} must be one rank of {RANKS}, got {rank!r}")
    return RANKS.index(text)


def deck(lowest_rank: str = "2") -> npt.NDArray[np.uint8]:
    """The cards from `lowest_rank` up to the ace, in card order (a 52-card deck by default;
    deck("6") is the 36-card short deck)."""
    return np.arange(4 * rank_index(lowest_rank), 52, dtype=np.uint8)


def deck_mask(cards: Sequence[int] | npt.NDArray[np.uint8]) -> int:
    """Bit mask of a set of cards (bit c set for card c), as the kernels take a deck."""
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return mask
