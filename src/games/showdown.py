"""One showdown: who wins which pot, with every hand and pot described for a log.

`showdown` checks its input once (cards, counts, the deck, duplicates, chips), ranks
the hands of the players still in with the variant's hand types, builds the side
pots and divides each with games/pots.py.  Variants are data: the hand types come
from `Variant.high_type` / `Variant.low_type`, the split from `Variant.split`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import evaluator
from evaluator import CardsLike, card_name, parse_cards
from games import pots
from games.variants import Split, Variant, variant


@dataclass(frozen=True)
class Award:
    """One part of a pot ("pot" whole, or its "high" or "low" half) and who took it."""

    part: str
    amount: int
    winners: tuple[int, ...]     # seats, clockwise from the button
    shares: tuple[int, ...]      # chips per winner, same order
    hands: tuple[str, ...]       # each winner's hand in words, same order


@dataclass(frozen=True)
class PotResult:
    """A main or side pot: its chips, the seats that could win it, and the awards."""

    amount: int
    eligible: tuple[int, ...]
    awards: tuple[Award, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat taking chips from this pot, in seat order."""
        return tuple(sorted({s for a in self.awards for s in a.winners}))


@dataclass(frozen=True)
class ShowdownResult:
    """The outcome of a showdown: chips collected per seat, and the pots."""

    payouts: tuple[int, ...]          # chips each seat collects (sums to the pot)
    contributions: tuple[int, ...]    # chips each seat put in
    pots: tuple[PotResult, ...]       # main pot first
    hands: tuple[str | None, ...]     # each seat's hand in words; None for folded seats

    @property
    def net(self) -> tuple[int, ...]:
        """Chips won (positive) or lost (negative) per seat."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions, strict=True))

    def log(self) -> list[str]:
        """The showdown in lines of text, one per award."""
        lines = []
        for i, pot in enumerate(self.pots):
            name = "main pot" if i == 0 else f"side pot {i}"
            for a in pot.awards:
                part = "" if a.part == "pot" else f" ({a.part})"
                who = ", ".join(f"seat {s} wins {x} with {h}"
                                for s, x, h in zip(a.winners, a.shares, a.hands, strict=True))
                lines.append(f"{name}{part} of {a.amount}: {who}")
        return lines


# ---------------------------------------------------------------- input checks

def _hand_type(game: Variant, attr: str | None) -> Any:
    if attr is None:
        return None
    found = getattr(evaluator, attr, None)
    if found is None:
        raise NotImplementedError(f"{game.title} needs evaluator.{attr}, not in this build")
    return found


def _check_chips(contributions: Sequence[int], seats: int) -> tuple[int, ...]:
    values = list(contributions)
    if len(values) != seats:
        raise ValueError(f"contributions has {len(values)} entries for {seats} seats")
    for s, c in enumerate(values):
        if isinstance(c, (bool, np.bool_)) or not isinstance(c, (int, np.integer)):
            raise ValueError(f"seat {s}: contribution must be an int of chips, got {c!r}")
        if c < 0:
            raise ValueError(f"seat {s}: negative contribution {int(c)}")
    return tuple(int(c) for c in values)


def _check_dead(dead: Sequence[int] | None, chips: tuple[int, ...]) -> tuple[int, ...] | None:
    if dead is None:
        return None
    values = list(dead)
    if len(values) != len(chips):
        raise ValueError(f"dead has {len(values)} entries for {len(chips)} seats")
    for s, d in enumerate(values):
        if isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer)):
            raise ValueError(f"seat {s}: dead money must be an int of chips, got {d!r}")
        if not 0 <= d <= chips[s]:
            raise ValueError(f"seat {s}: dead money {int(d)} is not within its "
                             f"contribution 0..{chips[s]}")
    return tuple(int(d) for d in values)


def _check_folded(folded: Sequence[bool] | None, seats: int) -> tuple[bool, ...]:
    if folded is None:
        return (False,) * seats
    flags = list(folded)
    if len(flags) != seats:
        raise ValueError(f"folded has {len(flags)} entries for {seats} seats")
    for s, f in enumerate(flags):
        if not isinstance(f, (bool, np.bool_)):
            raise ValueError(f"seat {s}: folded must be True or False, got {f!r}")
    if all(flags):
        raise ValueError("every seat folded: somebody must be left to win the pot")
    return tuple(bool(f) for f in flags)


def _check_button(button: int, seats: int) -> int:
    if isinstance(button, (bool, np.bool_)) or not isinstance(button, (int, np.integer)):
        raise ValueError(f"button must be a seat number, got {button!r}")
    if not 0 <= button < seats:
        raise ValueError(f"button {int(button)} is not a seat of 0..{seats - 1}")
    return int(button)


def _check_cards(
    game: Variant, hands: Sequence[CardsLike | None], board: CardsLike | None,
    folded: tuple[bool, ...],
) -> tuple[list[npt.NDArray[np.uint8] | None], npt.NDArray[np.uint8]]:
    """Parse every hand and the board; counts, deck and duplicates checked."""
    owner: dict[int, str] = {}
    mask = game.deck_mask

    def claim(cards: npt.NDArray[np.uint8], where: str) -> None:
        for c in cards.tolist():
            if not (mask >> c) & 1:
                raise ValueError(f"{where}: card {card_name(c)} is not in the "
                                 f"{game.deck_size}-card deck of {game.title}")
            if c in owner:
                raise ValueError(f"card {card_name(c)} is in {owner[c]} and in {where}")
            owner[c] = where

    parsed_board = parse_cards([] if board is None else board)
    if len(parsed_board) != game.board_cards:
        raise ValueError(f"{game.title} shows down with a board of {game.board_cards} "
                         f"cards, got {len(parsed_board)}")
    claim(parsed_board, "the board")
    parsed: list[npt.NDArray[np.uint8] | None] = []
    for s, hand in enumerate(hands):
        cards = parse_cards([] if hand is None else hand)
        if folded[s] and len(cards) == 0:
            parsed.append(None)
            continue
        if len(cards) != game.hole_cards and not (folded[s] and len(cards) == game.dealt):
            extra = ""
            if len(cards) == game.dealt:
                extra = f" (discard down to {game.hole_cards} before the showdown)"
            raise ValueError(f"seat {s}: {game.title} shows down {game.hole_cards} hole "
                             f"cards, got {len(cards)}{extra}")
        claim(cards, f"seat {s}'s hand")
        parsed.append(None if folded[s] else cards)
    return parsed, parsed_board


# ---------------------------------------------------------------- ranking

@dataclass
class _Ranking:
    high: pots.Judge
    low: pots.Judge | None
    high_words: Callable[[int], str]   # seat -> words
    low_words: Callable[[int], str]
    seat_words: Callable[[int], str]   # seat -> its whole hand (both halves) in words


def _describe(kind: Any, value: int) -> str:
    describe = getattr(kind, "describe", None)
    return str(describe(value)) if describe is not None else f"value {value}"


def _value_ranking(
    game: Variant, hands: list[npt.NDArray[np.uint8] | None], board: npt.NDArray[np.uint8],
) -> _Ranking:
    """Judges from the values of hand types with `evaluate` (every game but Italian)."""
    high_type = _hand_type(game, game.high)
    low_type = _hand_type(game, game.low) if game.split is Split.HIGH_LOW else None

    def value(kind: Any, cards: npt.NDArray[np.uint8]) -> int:
        if game.hole_used is not None:   # Omaha: exactly hole_used hole cards + 3 board
            return int(kind.evaluate(cards, board))
        return int(kind.evaluate(np.concatenate([cards, board]).tolist()))

    high = [0 if h is None else value(high_type, h) for h in hands]
    low = [0 if h is None or low_type is None else value(low_type, h) for h in hands]
    return _Ranking(
        high=pots.best_by_value(high),
        low=pots.best_by_value(low) if low_type is not None else None,
        high_words=lambda s: _describe(high_type, high[s]),
        low_words=lambda s: _describe(low_type, low[s]) if low[s] else "no qualifying low",
        seat_words=lambda s: _describe(high_type, high[s]) + (
            "" if low_type is None else
            "; low: " + (_describe(low_type, low[s]) if low[s] else "none")),
    )


def _judge_ranking(game: Variant, hands: list[npt.NDArray[np.uint8] | None]) -> _Ranking:
    """Judges from a ranking without values, only a `winners` of a showdown (Italian:
    straight flushes beat each other in a cycle, suits break every tie).  The ranking
    is made for the variant's deck: lowest rank 11 - players, or the full deck."""
    factory = _hand_type(game, game.high)
    low_index = evaluator.RANKS.index(game.lowest_rank)
    kind = factory(None if low_index == 0 else 9 - low_index)

    def judge(eligible: Sequence[int]) -> list[int]:
        picked = kind.winners([hands[s].tolist() for s in eligible])  # type: ignore[union-attr]
        return [eligible[i] for i in picked]

    def words(seat: int) -> str:
        return _describe(kind, kind.evaluate(hands[seat].tolist()))  # type: ignore[union-attr]

    return _Ranking(high=judge, low=None, high_words=words, low_words=words, seat_words=words)


# ---------------------------------------------------------------- showdown

def showdown(
    game: Variant | str,
    hands: Sequence[CardsLike | None],
    board: CardsLike | None = None,
    *,
    contributions: Sequence[int],
    folded: Sequence[bool] | None = None,
    button: int = 0,
    dead: Sequence[int] | None = None,
) -> ShowdownResult:
    """Settle a showdown: side pots, winners, splits and odd chips, in integer chips.

    game: a Variant or its name.  hands: one entry per seat in seat order, each
    anything :func:`evaluator.parse_cards` takes (a folded seat's may be None or
    empty).  board: the community cards (None for draw games).  contributions: the
    chips each seat put in this hand.  folded: which seats folded (their chips stay
    in the pots).  button: the button's seat; odd chips go to the first winner
    clockwise from it (RULES.md).  dead: the part of each seat's contribution that
    is dead money (antes that build no side-pot level, as a big-blind ante): it goes
    to the main pot whatever the seat's level.  Raises ValueError for any bad input
    before computing anything.

    >>> r = showdown("holdem", ["AsAd", "KsKd"], "2c 7d 9h Jc 3s", contributions=[50, 50])
    >>> r.payouts
    (100, 0)
    """
    game = variant(game)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise ValueError("hands must be a sequence with one hand per seat")
    seats = len(hands)
    if not 2 <= seats <= game.max_players:
        raise ValueError(f"{game.title} is played by 2..{game.max_players} seats, got {seats}")
    high_type = _hand_type(game, game.high)
    if (game.hole_used is None and hasattr(high_type, "sizes")
            and game.hole_cards + game.board_cards not in high_type.sizes):
        raise ValueError(f"{game.title} is not settled by one showdown"
                         + ("; score it with games.ofc.score" if game.name == "ofc" else ""))
    chips = _check_chips(contributions, seats)
    dead_chips = _check_dead(dead, chips)
    out = _check_folded(folded, seats)
    button = _check_button(button, seats)
    cards, board_cards = _check_cards(game, hands, board, out)

    if hasattr(high_type, "evaluate"):
        ranking = _value_ranking(game, cards, board_cards)
    else:
        ranking = _judge_ranking(game, cards)

    payouts = [0] * seats
    results = []
    for pot in pots.side_pots(chips, out, dead_chips):
        awards = []
        for div in pots.divide(pot, ranking.high, ranking.low, button, seats):
            words = ranking.low_words if div.part == "low" else ranking.high_words
            winners = tuple(pots.clockwise(list(div.shares), button, seats))
            for s in winners:
                payouts[s] += div.shares[s]
            awards.append(Award(div.part, div.amount, winners,
                                tuple(div.shares[s] for s in winners),
                                tuple(words(s) for s in winners)))
        results.append(PotResult(pot.amount, pot.eligible, tuple(awards)))
    seat_words = tuple(None if c is None else ranking.seat_words(s) for s, c in enumerate(cards))
    return ShowdownResult(tuple(payouts), chips, tuple(results), seat_words)
