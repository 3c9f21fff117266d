"""Resolving the inputs of equity: players' hands and ranges, the board and the dead
cards validated against the variant and each other, and the lookup tables the kernels
rank with (the variant's rankings' own tables)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import card_name, format_cards, parse_cards
from evaluator.checks import deck_mask
from games.ranges import range_arrays
from games.variants import Split, Variant

MAX_PLAYERS = 10


@dataclass
class Player:
    text: str
    combos: npt.NDArray[np.uint8]       # (M, h); M == 0 means a random hand
    weights: npt.NDArray[np.float64]    # (M,)

    @property
    def is_random(self) -> bool:
        return len(self.combos) == 0

    @property
    def is_fixed(self) -> bool:
        return len(self.combos) == 1


def cards_text(cards: Any) -> str:
    return format_cards(cards, sep="")


def parse_player(entry: Any, v: Variant, index: int) -> Player:
    h = v.dealt
    who = f"player {index + 1}"
    ranges = h == 2     # two-card hands: hold'em ranges (hold'em, short deck)
    if isinstance(entry, str):
        text = entry.strip()
        if text.lower() in ("random", "*") and not ranges:
            return Player("random", np.zeros((0, h), np.uint8), np.zeros(0))
        if ranges:
            try:
                combos, weights = range_arrays(text, v.lowest_rank)
            except ValueError as e:
                raise ValueError(f"{who}: {e}") from None
            return Player(text, combos, weights)
        items: list[Any] = [t for t in text.split(",") if t.strip()]
    elif isinstance(entry, np.ndarray):
        if entry.ndim not in (1, 2):
            raise ValueError(f"{who}: a hand is a 1-d array of cards and a list of hands a "
                             f"2-d array, got shape {entry.shape}")
        items = [entry] if entry.ndim == 1 else list(entry)
        if entry.size == 0:
            raise ValueError(f"{who}: no hand given (an empty array)")
    elif isinstance(entry, (list, tuple)):
        if not entry:
            raise ValueError(f"{who}: no hand given (an empty list)")
        single = all(isinstance(x, (int, np.integer)) and not isinstance(x, bool)
                     for x in entry)
        items = [list(entry)] if single else list(entry)
    else:
        raise TypeError(f"{who}: expected a hand, a list of hands or a range, got "
                        f"{type(entry).__name__}")
    rows = []
    for item in items:
        try:
            cards = parse_cards(item)
        except (TypeError, ValueError) as e:
            raise type(e)(f"{who}: {e}") from None
        if len(cards) != h:
            raise ValueError(
                f"{who}: a {v.title} hand has {h} cards, got {len(cards)} in "
                f"{cards_text(cards) or item!r}"
            )
        rows.append(np.sort(cards)[::-1])
    combos = np.unique(np.array(rows, dtype=np.uint8), axis=0)
    text = entry if isinstance(entry, str) else ",".join(cards_text(r) for r in rows)
    return Player(text, combos, np.ones(len(combos)))


def combo_masks(p: Player) -> npt.NDArray[np.uint64]:
    """(M,) 64-bit card masks of a player's combos (bit c set for card c)."""
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(
        np.uint64(1) << p.combos.astype(np.uint64), axis=1)
    return masks


def hand_tables(v: Variant) -> Any:
    """The tables of the variant's high ranking, as the kernels take them."""
    if v.high is None:
        raise ValueError(f"{v.title} has no hand ranking")
    return v.high.tables


def low_table(v: Variant) -> Any:
    """The tables of the variant's low ranking (Hi/Lo games), or None."""
    if v.low is None or v.split is not Split.HIGH_LOW:
        return None
    return v.low.tables


def resolve(v: Variant, players: Sequence[Any], board: Any, dead: Any
            ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], list[Player]]:
    """The board, the dead cards and the players, checked against the variant and each
    other; ranges lose the combos that the known cards block (weights renormalise)."""
    board_cards = parse_cards(board)
    dead_cards = parse_cards(dead)
    if len(board_cards) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    v.check_in_deck(board_cards, "board")
    v.check_in_deck(dead_cards, "dead cards")
    common = deck_mask(board_cards) & deck_mask(dead_cards)
    if common:
        c = common.bit_length() - 1
        raise ValueError(f"card {card_name(c)} is both on the board and dead")

    if isinstance(players, np.ndarray) and players.ndim in (1, 2):
        players = list(players)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list with one hand or range per player, got "
                        f"{type(players).__name__}")
    n = len(players)
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2..{MAX_PLAYERS} players, got {n}")
    need_cards = n * v.dealt + 5 + len(dead_cards)
    if need_cards > v.deck_size:
        raise ValueError(
            f"{n} players cannot play {v.title}: {n} x {v.dealt} hole cards + 5 board "
            f"+ {len(dead_cards)} dead = {need_cards} cards, the deck has {v.deck_size}"
        )
    parsed = [parse_player(p, v, i) for i, p in enumerate(players)]
    for i, p in enumerate(parsed):
        v.check_in_deck(p.combos, f"player {i + 1}")

    # fixed hands against the board, the dead cards and each other
    known = {"the board": deck_mask(board_cards), "the dead cards": deck_mask(dead_cards)}
    for i, p in enumerate(parsed):
        if not p.is_fixed:
            continue
        m = deck_mask(p.combos[0])
        for what, other in known.items():
            if m & other:
                c = (m & other).bit_length() - 1
                raise ValueError(
                    f"player {i + 1}'s hand {cards_text(p.combos[0])} shares "
                    f"{card_name(c)} with {what}"
                )
        known[f"player {i + 1}'s hand"] = m
    blocked = 0
    for m in known.values():
        blocked |= m
    for i, p in enumerate(parsed):
        if p.is_fixed or p.is_random:
            continue
        keep = (combo_masks(p) & np.uint64(blocked)) == 0
        if not keep.any():
            raise ValueError(
                f"player {i + 1}'s range {p.text!r} is empty once the board, the dead "
                f"cards and the other players' hands are removed"
            )
        p.combos, p.weights = p.combos[keep], p.weights[keep]
        p.weights = p.weights / p.weights.sum()
    return board_cards, dead_cards, parsed


def remaining_deck(v: Variant, board: npt.NDArray[np.uint8],
                   dead: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The variant's deck without the board and the dead cards."""
    known = deck_mask(board) | deck_mask(dead)
    return np.array([c for c in v.deck.tolist() if not (known >> c) & 1], dtype=np.uint8)
