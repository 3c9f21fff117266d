"""One showdown: who wins which pot, with every hand and pot described for a log.

`showdown` checks its input once (cards, counts, the deck, duplicates, chips) and hands
it to `settle`, which ranks the hands of the players still in with the variant's
rankings, builds the side pots and divides each with games/showdown/pots.py, then puts
it all in words (`payouts` stops before the words: the engine's door).  Variants
are data: the rankings come from `Variant.high` / `Variant.low`, the split from
`Variant.split`, the deck (which follows the players in Italian poker) from
`Variant.for_players`.  Code that has already validated its cards (the engine) calls
`settle` directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from evaluator import CardsLike, Ranking, card_name, parse_cards
from games import chips
from games.showdown import pots
from games.showdown.result import Award, PotResult, ShowdownResult
from games.variants import Split, Variant, variant

# ---------------------------------------------------------------- input checks


def _check_folded(folded: Sequence[bool] | None, seats: int) -> tuple[bool, ...]:
    if folded is None:
        return (False,) * seats
    if isinstance(folded, (str, bytes)) or not isinstance(folded, (Sequence, np.ndarray)):
        raise TypeError(f"folded must be a sequence of bools, got {type(folded).__name__}")
    flags = list(folded)
    if len(flags) != seats:
        raise ValueError(f"folded has {len(flags)} entries for {seats} seats")
    for s, f in enumerate(flags):
        if not isinstance(f, (bool, np.bool_)):
            raise TypeError(f"folded[{s}] must be True or False, got {type(f).__name__}")
    if all(flags):
        raise ValueError("every seat folded: somebody must be left to win the pot")
    return tuple(bool(f) for f in flags)


def _check_cards(
    game: Variant, hands: Sequence[CardsLike | None], board: CardsLike | None,
    folded: tuple[bool, ...],
) -> tuple[list[list[int] | None], list[int]]:
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
    # a stud game whose deck ran short deals its last card to the board, common to all:
    # its hands then hold that many cards fewer
    common = len(parsed_board) - game.board_cards
    if common != 0 and common != game.common_cards:
        also = (f" (or {game.board_cards + game.common_cards} when the deck ran short)"
                if game.common_cards else "")
        raise ValueError(f"{game.title} shows down with a board of {game.board_cards} "
                         f"cards{also}, got {len(parsed_board)}")
    claim(parsed_board, "the board")
    hole_cards = game.hole_cards - common
    parsed: list[list[int] | None] = []
    for s, hand in enumerate(hands):
        cards = parse_cards([] if hand is None else hand)
        if folded[s] and len(cards) == 0:
            parsed.append(None)
            continue
        if len(cards) != hole_cards and not (folded[s] and len(cards) == game.dealt):
            extra = ""
            if len(cards) == game.dealt:
                extra = f" (discard down to {hole_cards} before the showdown)"
            raise ValueError(f"seat {s}: {game.title} shows down {hole_cards} hole "
                             f"cards, got {len(cards)}{extra}")
        claim(cards, f"seat {s}'s hand")
        parsed.append(None if folded[s] else cards.tolist())
    return parsed, parsed_board.tolist()


# ---------------------------------------------------------------- ranking


def _judge(ranking: Ranking, values: list[int], hands: list[list[int] | None],
           board: list[int] | None) -> pots.Judge:
    """Who wins a pot among its eligible seats.  Where values order every showdown
    (`total_order`) the best values win; otherwise the ranking itself decides (Italian
    straight flushes beat each other in a cycle)."""
    if ranking.total_order:
        return pots.best_by_value(values)

    def judge(eligible: Sequence[int]) -> list[int]:
        picked = ranking.winners([hands[s] for s in eligible], board)  # type: ignore[misc]
        return [eligible[i] for i in picked]

    return judge


class _Divided(NamedTuple):
    """A settled showdown before it is put in words: each seat's values, and every
    pot with how it was divided."""

    high: Ranking
    low: Ranking | None
    high_values: list[int]
    low_values: list[int]
    cards: list[list[int] | None]
    pots: list[tuple[pots.PotSlice, list[pots.Division]]]


def _divide(
    game: Variant,
    hands: Sequence[Sequence[int] | None],
    board: Sequence[int],
    contributions: Sequence[int],
    folded: Sequence[bool],
    button: int,
    dead: Sequence[int] | None,
) -> _Divided:
    """Rank the hands still in and divide every pot (see `settle` for the input)."""
    seats = len(hands)
    common = list(board) if board else None
    cards: list[list[int] | None] = [None if folded[s] else list(hands[s])  # type: ignore[arg-type]
                                     for s in range(seats)]
    high = game.high
    assert high is not None, "settle() needs a variant with a hand ranking"
    low = game.low if game.split is Split.HIGH_LOW else None
    high_values = [0 if c is None else high.evaluate(c, common) for c in cards]
    low_values = [0 if c is None or low is None else low.evaluate(c, common) for c in cards]
    high_judge = _judge(high, high_values, cards, common)
    low_judge = None if low is None else _judge(low, low_values, cards, common)
    divided = [(pot, pots.divide(pot, high_judge, low_judge, button, seats))
               for pot in pots.side_pots(contributions, folded, dead)]
    return _Divided(high, low, high_values, low_values, cards, divided)


def payouts(
    game: Variant,
    hands: Sequence[Sequence[int] | None],
    board: Sequence[int],
    contributions: Sequence[int],
    folded: Sequence[bool],
    button: int,
    dead: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """What each seat collects, as `settle` would pay it, without putting the showdown
    in words: the engine pays a hand with this and builds the `ShowdownResult` only
    when somebody reads it (describing every hand costs more than settling it)."""
    paid = [0] * len(hands)
    for _, divisions in _divide(game, hands, board, contributions, folded, button,
                                dead).pots:
        for div in divisions:
            for seat, share in div.shares.items():
                paid[seat] += share
    return tuple(paid)


def settle(
    game: Variant,
    hands: Sequence[Sequence[int] | None],
    board: Sequence[int],
    contributions: Sequence[int],
    folded: Sequence[bool],
    button: int,
    dead: Sequence[int] | None = None,
) -> ShowdownResult:
    """Settle a showdown whose input is already checked: `game` a Variant for this
    many seats, `hands` one list of int cards per seat (None or anything for a folded
    seat), `board` the board's int cards, `contributions` ints >= 0, `folded` bools with
    somebody still in, `button` a seat, `dead` None or each seat's dead money (at most
    its contribution).  Nothing is checked again; this is the entry for code that
    validated its own state (the engine), `showdown` is the one for everyone else."""
    seats = len(hands)
    high, low, high_values, low_values, cards, divided = _divide(
        game, hands, board, contributions, folded, button, dead)
    paid = [0] * seats
    results = []
    for pot, divisions in divided:
        awards = []
        for div in divisions:
            ranking, values = (low, low_values) if div.part == "low" else (high, high_values)
            assert ranking is not None
            winners = tuple(pots.clockwise(list(div.shares), button, seats))
            for s in winners:
                paid[s] += div.shares[s]
            awards.append(Award(div.part, div.amount, winners,
                                tuple(div.shares[s] for s in winners),
                                tuple(ranking.describe(values[s]) for s in winners)))
        results.append(PotResult(pot.amount, pot.eligible, tuple(awards)))

    def seat_words(s: int) -> str:
        text = high.describe(high_values[s])
        if low is None:
            return text
        return text + "; low: " + (low.describe(low_values[s]) if low_values[s] else "none")

    hand_words = tuple(None if c is None else seat_words(s) for s, c in enumerate(cards))
    return ShowdownResult(tuple(paid), tuple(contributions), tuple(results), hand_words)


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

    game: a Variant or its name; the game is played by len(hands) seats (for Italian
    poker the deck follows them).  hands: one entry per seat in seat order, each
    anything :func:`evaluator.parse_cards` takes (a folded seat's may be None or
    empty).  board: the community cards (None for draw games).  contributions: the
    chips each seat put in this hand.  folded: which seats folded (their chips stay
    in the pots).  button: the button's seat; odd chips go to the first winner
    clockwise from it (docs/rules/holdem.md).  dead: the part of each seat's
    contribution that is dead money (antes that build no side-pot level, as a big-blind
    ante): it goes to the main pot whatever the seat's level.  Raises TypeError or
    ValueError for any bad input before computing anything.

    >>> r = showdown("holdem", ["AsAd", "KsKd"], "2c 7d 9h Jc 3s", contributions=[50, 50])
    >>> r.payouts
    (100, 0)
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence with one hand per seat")
    seats = len(hands)
    game = variant(game)
    if game.rows:
        raise ValueError(f"{game.title} places cards in rows and has no showdown of hands; "
                         "score the boards with games.ofc.score")
    if game.high is None:
        raise ValueError(f"{game.title} has no hand ranking to show down with")
    if not 2 <= seats <= game.max_players:
        raise ValueError(f"{game.title} is played by 2..{game.max_players} seats, got {seats}")
    game = variant(game, players=seats)
    amounts = chips.amounts(contributions, seats)
    dead_money = None if dead is None else chips.amounts(dead, seats, "dead")
    for s, (d, c) in enumerate(zip(dead_money or (), amounts, strict=False)):
        if d > c:
            raise ValueError(f"dead[{s}]: {d} chips of dead money is more than the seat's "
                             f"contribution {c}")
    out = _check_folded(folded, seats)
    button = chips.seat(button, seats)
    cards, board_cards = _check_cards(game, hands, board, out)
    return settle(game, cards, board_cards, amounts, out, button, dead_money)

