"""The dealer: a seeded deck, and where every card of it is.

Every card of the game's deck is in exactly one place: the stub (not dealt yet), a
player's hand, the board, the burned cards, the muck (folded and mucked hands), the
discards, or set aside (a live dealer's error: a card exposed or dealt too many, kept
for the next burn, or a board card turned early; see games/engine/irregularities.py).
`Dealer.where` holds that place per card value, so checking a recorded card ("any
card not live in a hand or on the board", as replay needs) and proving
the cards are conserved are both one look-up.

With `auto` dealing the dealer draws uniformly from the stub with its own seeded
generator (games/engine/_shuffle.pyx): it samples the cards a hand needs at most up
front (one call) and more from what is left if a hand ever needs them, so the same
seed deals the same hand on every platform.  A recorded or live deal hands cards in
instead (`take`); cards nobody saw ("??") are only counted.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from evaluator import card_name
from games.engine._shuffle import Shuffler

STUB, HOLE, BOARD, BURNED, MUCKED, DISCARDED, SET_ASIDE = range(7)
OUT = -1  # not a card of this game's deck
#: places a card may be dealt from ("any card not live in a hand or on the board")
LIVE_FREE = frozenset({STUB, BURNED, MUCKED, DISCARDED})
PLACES = ("the stub", "a hand", "the board", "the burned cards", "the muck", "the discards",
          "the cards set aside")


_WHERE: dict[tuple[int, ...], list[int]] = {}


def _where(deck: tuple[int, ...]) -> list[int]:
    """Every card of the deck in the stub, the others out (remembered per deck)."""
    where = [OUT] * 52
    for card in deck:
        where[card] = STUB
    _WHERE[deck] = where
    return where


class Dealer:
    """The deck of one hand and the place of each of its cards."""

    def __init__(self, deck: tuple[int, ...], seed: int | None, need: int) -> None:
        self.deck = deck
        self._seed = seed
        self._rng: Shuffler | None = None   # made on the first draw (replays never draw)
        self.where = list(_WHERE.get(deck) or _where(deck))
        self.unknown = 0        # cards dealt face down that nobody named ("??")
        self._need = need       # cards a hand needs at most, drawn in one sample
        self._upcoming: list[int] = []
        self._drawn = False     # whether anything was drawn (the first pool is the deck)

    # ---------------------------------------------------------------- views

    def cards_in(self, place: int) -> tuple[int, ...]:
        """The cards in one place, in card order."""
        where = self.where
        return tuple(c for c in self.deck if where[c] == place)

    def stub_size(self) -> int:
        """Cards still in the stub, unknown dealt cards taken out."""
        return self.where.count(STUB) - self.unknown

    # ---------------------------------------------------------------- dealing

    def draw(self, count: int, place: int) -> list[int]:
        """The next `count` cards off the shuffled stub, moved to `place`."""
        upcoming = self._upcoming
        if len(upcoming) < count:
            taken = set(upcoming)
            where = self.where
            pool = [c for c in self.deck if where[c] == STUB and c not in taken] if (
                self._drawn) else list(self.deck)
            self._drawn = True
            more = max(count - len(upcoming), self._need - len(upcoming))
            if len(pool) < count - len(upcoming):
                raise ValueError(f"the stub has {len(pool)} cards, {count} are needed")
            if self._rng is None:
                self._rng = Shuffler(secrets.randbits(64) if self._seed is None else self._seed)
            upcoming += self._rng.sample(pool, min(more, len(pool)))
        cards = upcoming[:count]
        del upcoming[:count]
        where = self.where
        for card in cards:
            where[card] = place
        return cards

    def check_live(self, cards: Iterable[int | None], what: str) -> None:
        """Raise ValueError unless every known card may be dealt: a card of this deck
        that is not live in a hand or on the board."""
        for card in cards:
            if card is None:
                continue
            place = self.where[card]
            if place == OUT:
                raise ValueError(f"{what}: card {card_name(card)} is not in this game's "
                                 f"{len(self.deck)}-card deck")
            if place in (HOLE, BOARD):
                raise ValueError(f"{what}: card {card_name(card)} is already in "
                                 f"{PLACES[place]}")
            if place == SET_ASIDE:
                raise ValueError(f"{what}: card {card_name(card)} is set aside (a dealer's "
                                 "error) and cannot be dealt now")

    def take(self, cards: Iterable[int | None], place: int) -> None:
        """Move recorded cards (checked with `check_live`) to `place`; None counts an
        unknown card dealt from the stub."""
        where = self.where
        upcoming = self._upcoming
        self._drawn = True
        for card in cards:
            if card is None:
                self.unknown += 1
                continue
            where[card] = place
            if upcoming and card in upcoming:
                upcoming.remove(card)

    def name(self, cards: Iterable[int], place: int) -> None:
        """Unknown cards dealt earlier turn out to be `cards` (a hand shown or a card
        discarded by name): they leave the stub for `place`."""
        for card in cards:
            self.where[card] = place
            self.unknown -= 1
            if card in self._upcoming:
                self._upcoming.remove(card)

    def move(self, cards: Iterable[int | None], place: int) -> None:
        """Cards change place at the table (a fold mucks a hand, a discard)."""
        where = self.where
        for card in cards:
            if card is not None:
                where[card] = place

    def gather(self) -> None:
        """Every card back in the stub (a misdeal); the next deal may reuse any."""
        where = self.where
        for card in self.deck:
            where[card] = STUB
        self.unknown = 0
        self._upcoming.clear()

    def state(self) -> tuple[object, ...]:
        """Everything the dealer holds, for snapshots in tests."""
        rng = None if self._rng is None else self._rng.getstate()
        return (tuple(self.where), self.unknown, tuple(self._upcoming), rng)
