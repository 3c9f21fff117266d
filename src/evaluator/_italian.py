"""Italian traditional poker (5-card draw): the ranking of docs/rules/italian.md, as a
hand type.

>>> from evaluator import italian
>>> it = italian(4)                      # 32 cards, 7..A
>>> it.describe(it.evaluate("Ah 7h 8h 9h Th"))
'Straight Flush, Ten high (minimum) [Th 9h 8h 7h Ah]'
>>> it.compare("Ah 7h 8h 9h Th", "Ts Js Qs Ks As")   # the minimum beats the maximum
1

What a value means
------------------
Higher is better.  With ``suits=False`` (and under ``american=True``) a value is the
dense class 1..n_classes of the hand's ranks: equal ranks, equal values.  With
``suits=True`` (the default) a value is ``class << 10 | suit key``: the suit key holds
the five suits (hearts > diamonds > clubs > spades) in the order of significance of
the cards, its first digit being the rule of docs/rules/italian.md (the best suit of the most
significant rank group: the pair of a pair hand, the top pair of two pair, the top card
of a straight, flush or high-card hand).  The later digits only separate hands that
share cards, which never meet at a table; they make every distinct hand's value
distinct.

Straight flushes
----------------
Straight flushes are not transitive (minimum beats maximum, a middle beats the minimum,
the maximum beats a middle; two middles by top card), so no number can order them.
`evaluate` orders them by top card, the minimum (A-7-8-9-T in 32 cards: top card Ten)
lowest and the maximum (T-J-Q-K-A) highest, then by suit.  That order agrees with the
rules for every pair of hands except minimum against maximum, which `compare` and
`winners` reverse.  A showdown whose straight flushes form a cycle (a minimum, a middle
and a maximum) has no hand beating every other: *(decision, docs/rules/italian.md)* the straight
flush whose top card has the best suit wins (two of the same suit: the higher top
card).  Without suit order (``suits=False``) those straight flushes split the pot.

Options
-------
``royal_flush_split``: the room option of the seed text ("in alcuni tavoli ... usano
dividersi il piatto"): its "scala reale" is any straight flush, so every straight flush
in the showdown splits the pot (the cycle and the suits are not used between them).

``american=True``: American rules: 52 cards (whatever the number of players), flush
below full house, A-2-3-4-5 the lowest straight, no suit order, equal hands split and
straight flushes ordered by top card: the standard high ranking (values as
:data:`evaluator.HIGH`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import _italian_kernel
from evaluator._cards import RANKS, CardsLike, card_name, parse_cards
from evaluator._handtype import LazyTables, board_rows
from evaluator._high import CATEGORIES as HIGH_CATEGORIES
from evaluator._high import HIGH, RANK_WORDS
from evaluator._high import describe_strength as describe_high
from evaluator.checks import card_rows, count, describe_card, hand_value, output_array
from evaluator.dask_arrays import any_dask, evaluate_blocks
from evaluator.threads import run_split

# HIGH's categories with flush above full house
CATEGORIES = (*HIGH_CATEGORIES[:5], HIGH_CATEGORIES[6], HIGH_CATEGORIES[5], *HIGH_CATEGORIES[7:])
STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 6, 8
HIGH_STRAIGHT_FLUSH = 8          # same index in the standard order

SUIT_SHIFT: int = _italian_kernel.SUIT_SHIFT
SUIT_KEY_MASK = (1 << SUIT_SHIFT) - 1
#: Suit strength by suit index c, d, h, s: hearts > diamonds > clubs > spades.
SUIT_STRENGTH = (1, 2, 3, 0)
SUIT_OF_STRENGTH = (3, 0, 1, 2)

# straight flush kinds
_MINIMUM, _MIDDLE, _MAXIMUM = 1, 2, 3

_TABLES: dict[int, tuple[Any, npt.NDArray[np.uint8]]] = {}
_TABLES_LOCK = threading.Lock()


def _tables_for(low: int) -> tuple[Any, npt.NDArray[np.uint8]]:
    """Suitless tables of the Italian ranking for a lowest rank index (built once)."""
    with _TABLES_LOCK:
        if low not in _TABLES:
            _TABLES[low] = _italian_kernel.build_tables(low)
        return _TABLES[low]


def _high_tables() -> tuple[Any, npt.NDArray[np.uint8]]:
    tables = HIGH.tables
    return tables, np.zeros(len(tables.classes) + 1, dtype=np.uint8)


def lowest_rank_index(players: int | None) -> int:
    """Index (0 = deuce) of the lowest rank of the deck for that many players:
    11 - players, so 4 players play 7..A; None means the full 52-card deck."""
    if players is None:
        return 0
    number = count(players, "players", 2, 9)
    return 9 - number


def _unpack(strength: int) -> tuple[int, list[int]]:
    return strength >> 20, [(strength >> s) & 0xF for s in (16, 12, 8, 4, 0)]


def describe_italian(strength: int) -> tuple[int, str]:
    """(category, words) of a suitless Italian strength."""
    category, r = _unpack(strength)
    w = RANK_WORDS
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        kind = "minimum" if r[4] == 12 and r[0] != 12 else (
            "maximum" if r[0] == 12 else "middle")
        text = f"{CATEGORIES[category]}, {w[r[0]]} high ({kind})"
    else:
        # the same packing as HIGH's, with full house and flush swapped
        high_category = {5: 6, 6: 5}.get(category, category)
        text = describe_high((high_category << 20) | (strength & 0xFFFFF))[1]
    return category, text


class ItalianHandType(LazyTables):
    """The Italian ranking of five-card hands for one deck and set of options.

    Build it with :func:`italian`; see the module documentation for what values mean
    and how straight flushes are settled.
    """

    sizes: tuple[int, ...] = (5,)

    def __init__(self, low: int, *, suits: bool, royal_flush_split: bool,
                 american: bool) -> None:
        # the factory returns (suitless tables, ace-low flag by class)
        super().__init__(_high_tables if american else partial(_tables_for, low))
        self.low = low
        self.suits = suits
        self.royal_flush_split = royal_flush_split
        self.american = american
        self.lowest_rank = RANKS[low]
        self.deck = np.arange(4 * low, 52, dtype=np.uint8)
        self.deck.flags.writeable = False
        self._allowed = ((1 << 52) - 1) ^ ((1 << (4 * low)) - 1)
        self.deck_name = f"{len(self.deck)}-card deck ({self.lowest_rank}..A)"
        self.categories: tuple[str, ...] = HIGH_CATEGORIES if american else CATEGORIES
        self._sf_category = HIGH_STRAIGHT_FLUSH if american else STRAIGHT_FLUSH
        self._cycle = not american           # straight flushes are non-transitive
        #: values order every showdown only under American rules (Ranking.total_order)
        self.total_order = american
        options = [f"{len(self.deck)} cards"]
        if american:
            options.append("american")
        else:
            options.append("suits" if suits else "no suits")
            if royal_flush_split:
                options.append("royal_flush_split")
        self.name = "italian(" + ", ".join(options) + ")"
        self._kind: npt.NDArray[np.int8] | None = None

    def __repr__(self) -> str:
        return f"<ItalianHandType {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        players = None if self.low == 0 else 9 - self.low
        return (_rebuild, (players, self.suits, self.royal_flush_split, self.american))

    # ------------------------------------------------------------------ tables

    def _build(self) -> tuple[Any, npt.NDArray[np.uint8]]:
        built: tuple[Any, npt.NDArray[np.uint8]] = self._lazy()
        return built

    @property
    def tables(self) -> Any:
        """The suitless lookup tables (built on first use); n_classes counts their
        classes, the distinct hands when suits are ignored (840 for 32 cards)."""
        return self._build()[0]

    def _kinds(self) -> npt.NDArray[np.int8]:
        """Straight flush kind by class: 0 not a straight flush, 1 minimum, 2 middle,
        3 maximum."""
        if self._kind is None:
            tables, ace_low = self._build()
            classes = np.asarray(tables.classes, dtype=np.int64)
            kind = np.zeros(len(classes) + 1, dtype=np.int8)
            sf = (classes >> 20) == self._sf_category
            top = (classes >> 16) & 0xF
            kind[1:][sf] = _MIDDLE
            kind[1:][sf & (top == 12)] = _MAXIMUM
            kind[1:][sf & (ace_low[1:] == 1)] = _MINIMUM
            self._kind = kind
        return self._kind

    # ------------------------------------------------------------------ evaluation

    def _hand(self, cards: CardsLike, what: str = "hand") -> npt.NDArray[np.uint8]:
        arr = parse_cards(cards)
        if len(arr) != 5:
            raise ValueError(f"{self.name} ranks 5 cards, got {len(arr)} in the {what}")
        for c in arr.tolist():
            if not (self._allowed >> c) & 1:
                raise ValueError(f"{what}: {describe_card(c, self.deck_name)}")
        return arr

    def _value(self, arr: npt.NDArray[np.uint8]) -> int:
        tables, ace_low = self._build()
        return int(_italian_kernel.evaluate_five(tables, ace_low, arr, self.suits))

    def evaluate(self, cards: CardsLike, board: CardsLike | None = None) -> int:
        """Value of five cards (higher is better; see the module notes on straight
        flushes).  `cards` (and a board, whose cards join them, for games that have one)
        are anything :func:`evaluator.parse_cards` accepts."""
        if board is not None:
            cards = np.concatenate([parse_cards(cards), parse_cards(board)])
        return self._value(self._hand(cards))

    def evaluate_batch(
        self,
        cards: npt.ArrayLike,
        boards: npt.ArrayLike | None = None,
        *,
        threads: int | None = 1,
        out: npt.NDArray[np.int32] | None = None,
    ) -> npt.NDArray[np.int32]:
        """Values of many hands: an (N, 5) integer array of cards (or fewer, with the
        rest from an (N, b) array of boards) -> (N,) int32.

        The array is checked once (dtype, shape, cards in the deck, no card twice in a
        row); the loop then runs without the GIL over `threads` threads (None: one per
        available CPU).  `out`, if given, is an (N,) C-contiguous int32 array to fill.
        Values order every hand but a minimum straight flush against a maximum one
        (`total_order` is False): settle showdowns with :meth:`winners`."""
        if any_dask(cards, boards):     # lazily, block by block (evaluator.dask_arrays)
            return evaluate_blocks(self.evaluate_batch, cards, boards, threads, out)  # type: ignore[no-any-return]
        if boards is not None:
            cards = board_rows(cards, boards)
        rows = card_rows(cards, (5,), self._allowed, deck_name=self.deck_name)
        n = rows.shape[0]
        fresh = out is None
        out = output_array(out, n)
        tables, ace_low = self._build()
        suits = self.suits
        run_split(
            n, threads,
            lambda a, b: _italian_kernel.evaluate_rows(tables, ace_low, rows[a:b], out[a:b],
                                                       suits),
            fresh=(out,) if fresh else (),
        )
        return out

    def all_values(self) -> npt.NDArray[np.int32]:
        """Values of every five-card hand of the deck, in the order of
        ``itertools.combinations(self.deck, 5)`` (201,376 for 32 cards)."""
        tables, ace_low = self._build()
        return _italian_kernel.all_values(tables, ace_low, self.deck, self.suits)

    # ------------------------------------------------------------------ names

    def _class_of(self, value: int) -> tuple[int, int]:
        """(class, suit key) of a value, checked."""
        value = hand_value(value)
        if self.suits:
            cls, key = value >> SUIT_SHIFT, value & SUIT_KEY_MASK
        else:
            cls, key = value, 0
        if value < 0 or not 1 <= cls <= self.n_classes:
            raise ValueError(f"{value} is not a value of {self.name}")
        if self.suits:
            self._cards_of(cls, key, value)
        return cls, key

    def _cards_of(self, cls: int, key: int, value: int) -> list[int]:
        """The one hand with this class and suit key, in order of significance; raises
        ValueError when no hand has it."""
        strength = int(self.tables.classes[cls - 1])
        category, ranks = _unpack(strength)
        suits = [SUIT_OF_STRENGTH[(key >> s) & 3] for s in (8, 6, 4, 2, 0)]
        cards = [4 * r + s for r, s in zip(ranks, suits, strict=True)]
        flush = category in (FLUSH, STRAIGHT_FLUSH)
        ok = len(set(cards)) == 5 and (len(set(suits)) == 1) == flush
        for i in range(4):   # a rank group's suits come best first
            if ranks[i] == ranks[i + 1] and SUIT_STRENGTH[suits[i]] < SUIT_STRENGTH[suits[i + 1]]:
                ok = False
        if not ok:
            raise ValueError(f"{value} is not a value of {self.name}")
        return cards

    def _strength_text(self, cls: int) -> tuple[int, str]:
        strength = int(self.tables.classes[cls - 1])
        if self.american:
            return describe_high(strength)
        return describe_italian(strength)

    def category(self, value: int) -> str:
        """Category of a value in words, e.g. "Flush"."""
        cls, _ = self._class_of(value)
        return self.categories[self._strength_text(cls)[0]]

    def describe(self, value: int) -> str:
        """A value in words; with suits, followed by the hand itself, e.g.
        "Pair of Nines, King-Queen-Eight kickers [9h 9s Kd Qc 8s]"."""
        cls, key = self._class_of(value)
        text = self._strength_text(cls)[1]
        if self.suits:
            cards = self._cards_of(cls, key, int(value))
            text += " [" + " ".join(card_name(c) for c in cards) + "]"
        return text

    # ------------------------------------------------------------------ showdowns

    def _beats(self, a: int, b: int) -> int:
        """1 if value a beats value b, -1 if b beats a, 0 for a split."""
        if self._cycle:
            kinds = self._kinds()
            shift = SUIT_SHIFT if self.suits else 0
            ka, kb = int(kinds[a >> shift]), int(kinds[b >> shift])
            if ka and kb:
                if self.royal_flush_split:
                    return 0
                if ka == _MINIMUM and kb == _MAXIMUM:
                    return 1
                if ka == _MAXIMUM and kb == _MINIMUM:
                    return -1
        return (a > b) - (a < b)

    def compare(self, a: CardsLike, b: CardsLike) -> int:
        """1 if hand a beats hand b, -1 if b wins, 0 if they split (only without suit
        order, under american=True or between straight flushes with
        royal_flush_split).  The hands must not share a card."""
        ha, hb = self._hand(a, "first hand"), self._hand(b, "second hand")
        shared = set(ha.tolist()) & set(hb.tolist())
        if shared:
            raise ValueError(f"card {card_name(min(shared))} is in both hands")
        return self._beats(self._value(ha), self._value(hb))

    def winners(self, hands: Sequence[CardsLike] | npt.ArrayLike,
                board: CardsLike | None = None) -> list[int]:
        """Indices of the hand(s) taking the pot among hands that share no card (a
        board, if given, joins every hand).

        A hand no other hand beats wins (several when they split).  When every hand is
        beaten by another (a cycle of straight flushes) the straight flush whose top
        card has the best suit wins, the higher top card between two of the same suit;
        without suit order the straight flushes split."""
        if board is not None:
            common = parse_cards(board)
            hands = [np.concatenate([parse_cards(h), common])  # type: ignore[arg-type]
                     for h in hands]  # type: ignore[union-attr]
        values = self._showdown_values(hands)
        n = len(values)
        unbeaten = [
            i for i in range(n)
            if all(self._beats(values[j], values[i]) <= 0 for j in range(n) if j != i)
        ]
        if unbeaten:
            return unbeaten
        # Only straight flushes can form a cycle, and they beat everything else.
        kinds = self._kinds()
        shift = SUIT_SHIFT if self.suits else 0
        sf = [i for i in range(n) if kinds[values[i] >> shift]]
        if not self.suits:
            return sf
        # the first digit of a straight flush's suit key is the suit of all its cards
        best = max(sf, key=lambda i: ((values[i] >> (SUIT_SHIFT - 2)) & 3, values[i]))
        return [best]

    def _showdown_values(self, hands: Sequence[CardsLike] | npt.ArrayLike) -> list[int]:
        if isinstance(hands, np.ndarray):
            if hands.ndim != 2:
                raise ValueError(f"hands must have shape (M, 5), got {hands.shape}")
            rows = card_rows(hands, (5,), self._allowed, name="hands",
                             deck_name=self.deck_name)
        elif isinstance(hands, (str, bytes)):
            raise TypeError("hands must be a sequence of hands, not one string")
        else:
            try:
                items: list[Any] = list(hands)  # type: ignore[arg-type]
            except TypeError:
                raise TypeError(f"hands must be a sequence of hands, got "
                                f"{type(hands).__name__}") from None
            rows = np.array([self._hand(h, f"hand {i}") for i, h in enumerate(items)],
                            dtype=np.uint8).reshape(-1, 5)
        if len(rows) == 0:
            raise ValueError("a showdown needs at least one hand")
        owner: dict[int, int] = {}
        for i, row in enumerate(rows.tolist()):
            for c in row:
                if c in owner:
                    raise ValueError(
                        f"card {card_name(c)} is in hand {owner[c]} and hand {i}")
                owner[c] = i
        out = np.empty(len(rows), dtype=np.int32)
        tables, ace_low = self._build()
        _italian_kernel.evaluate_rows(tables, ace_low, rows, out, self.suits)
        return [int(v) for v in out]


def _rebuild(players: int | None, suits: bool, royal_flush_split: bool,
             american: bool) -> ItalianHandType:
    return italian(players, suits=suits, royal_flush_split=royal_flush_split,
                   american=american)


@cache
def _cached(low: int, suits: bool, royal_flush_split: bool, american: bool) -> ItalianHandType:
    return ItalianHandType(low, suits=suits, royal_flush_split=royal_flush_split,
                           american=american)


def italian(
    players: int | None = 4,
    *,
    suits: bool | None = None,
    royal_flush_split: bool = False,
    american: bool = False,
) -> ItalianHandType:
    """The Italian traditional (5-card draw) ranking for `players` players.

    The deck runs from rank 11 - players to the ace (4 players: 32 cards 7..A; 5: 36
    cards; 6: 40 cards; 3: 28 cards); players=None plays the full 52-card deck.  Cards
    below the deck's lowest rank are refused.

    suits: break complete ties by suit, hearts > diamonds > clubs > spades (default
    True; False ranks by the cards' ranks only, equal hands split).
    royal_flush_split: the room option where straight flushes split the pot.
    american: American rules (52 cards, flush below full house, no suit order, ties
    split); players is still checked but does not change the deck.

    One object is cached per option set.
    """
    low = lowest_rank_index(players)
    for name, flag in (("royal_flush_split", royal_flush_split), ("american", american)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, got {flag!r}")
    if suits is not None and not isinstance(suits, bool):
        raise TypeError(f"suits must be True, False or None, got {suits!r}")
    if american:
        if suits:
            raise ValueError("American rules have no suit order: use suits=False or None")
        if royal_flush_split:
            raise ValueError(
                "royal_flush_split is an Italian room option; American rules already "
                "rank straight flushes by top card and split equal hands")
        return _cached(0, False, False, True)
    return _cached(low, True if suits is None else suits, royal_flush_split, False)
