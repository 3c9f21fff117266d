"""A table's options, checked once: the game, the stacks, the forced bets and the
betting structure, normalised into a frozen `TableOptions`.

Options that are plain values (a game's name, ints, tuples of ints) are remembered,
so a simulation creating a million tables with the same options checks them once;
the stacks are checked for every table.

Seats follow PHH: seat 0 (p1) sits left of the button and the last seat is the
button, so with three or more players seat 0 posts the small blind and seat 1 the big
blind.  `blinds` and `antes` are given in that position order (PHH's
``blinds_or_straddles`` and ``antes``): ``(1, 2)`` is a small blind of 1 and a big
blind of 2, ``(1, 2, 4)`` adds a straddle on seat 2, a shorter tuple is padded with
zeros.  Heads-up the standard reverse-assigns them: the button (seat 1) posts the
first entry, the small blind, and seat 0 the big blind, so the button acts first
before the flop and last after it.  This is the PHH standard's "Position" rule, and
the PHH dataset agrees: its six-max hands post ``[50, 100, 0, 0, 0, 0]`` and p3 acts
first; in its heads-up hands p2, the button, opens the betting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from games.chips import amount
from games.engine.steps import Plan, plan
from games.variants import Betting, Variant, variant

#: chips are C long longs in the betting core; sums must stay far from overflow
MAX_STACK = 1 << 56


class _Default:
    """The marker of an option left to its default."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT: Any = _Default()


@dataclass(frozen=True)
class TableOptions:
    """Everything a table needs to know before the first card but the stacks, checked."""

    game: Variant
    seats: int
    blinds: tuple[int, ...]        # per seat, position order (PHH's blinds_or_straddles)
    antes: tuple[int, ...]         # per seat, position order (PHH's antes)
    betting: Betting
    min_bet: int                   # no-limit and pot-limit: the smallest bet
    small_bet: int                 # fixed limit: the bet of the early rounds
    big_bet: int                   # fixed limit: the bet of the rounds marked big_bet
    raise_cap: int | None          # completions, bets and raises per round (None: no cap)
    ante_trimming: bool            # antes count as contributions (PHH ante_trimming_status)
    deck: tuple[int, ...]          # the game's cards, as card values
    plan: Plan                     # the steps of a hand
    has_antes: bool                # any seat antes
    blind_seats: tuple[tuple[int, int], ...]   # (seat, blind) of each seat posting one
    stake: int = 1                 # a placement game's chips per point
    fantasyland: tuple[int, ...] = ()   # a placement game's seats in fantasyland
    opening: str = "jacks"         # what opens the deal (a game with an opening round)
    carried: int = 0               # chips carried into this deal's pot from earlier deals
    keep_opening: bool = False     # the opener's discards stay out of a reshuffle
    blind_opening: int = 0         # seats opening blind: 1 buio, 2 buio and controbuio
    false_openings: bool = False   # opening without the opening is allowed (and paid for)
    has_opening: bool = False      # the game has an opening round (Italian poker)

    def posted(self, amounts: tuple[int, ...]) -> tuple[int, ...]:
        """Who posts what, by seat: position order, reverse-assigned heads-up."""
        return amounts[::-1] if len(amounts) == 2 else amounts

    @property
    def posted_antes(self) -> tuple[int, ...]:
        """The ante each seat posts (reverse-assigned heads-up)."""
        return self.posted(self.antes)

    @property
    def posted_blinds(self) -> tuple[int, ...]:
        """The blind or straddle each seat posts (reverse-assigned heads-up)."""
        return self.posted(self.blinds)

    @property
    def structure(self) -> int:
        """The betting structure as the betting core numbers it."""
        return (Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.FIXED_LIMIT).index(self.betting)


def _chips(value: object, what: str, *, positive: bool = False) -> int:
    """An amount of chips the betting core can hold (games.chips, below 2**56)."""
    return amount(value, what, low=1 if positive else 0, high=MAX_STACK - 1)


def _per_seat(value: object, what: str, seats: int, *, pad: bool) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        if hasattr(value, "__index__") and not isinstance(value, bool):
            return (_chips(value, what),) * seats
        raise TypeError(f"{what} must be an int or a sequence of ints per seat, "
                        f"got {type(value).__name__}")
    values = [_chips(v, f"{what}[{i}]") for i, v in enumerate(value)]
    if len(values) > seats or (not pad and len(values) != seats):
        raise ValueError(f"{what} has {len(values)} entries for {seats} seats")
    return tuple(values + [0] * (seats - len(values)))


def check_stacks(stacks: Sequence[int], game: Variant) -> tuple[int, ...]:
    """The stacks as a tuple of ints, checked (positive, a seat count the game takes)."""
    if type(stacks) is not list and type(stacks) is not tuple and (
            isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence)):
        raise TypeError(f"stacks must be a sequence of ints, got {type(stacks).__name__}")
    chips = tuple(stacks)
    if not (chips and _INTS.issuperset(map(type, chips)) and min(chips) > 0
            and max(chips) < MAX_STACK):
        chips = tuple(_chips(s, f"stacks[{i}]", positive=True) for i, s in enumerate(chips))
    low = max(2, game.min_players)
    if not low <= len(chips) <= game.max_players:
        raise ValueError(f"{game.title} is played by {low}..{game.max_players} players, "
                         f"got {len(chips)} stacks")
    return chips


#: option types whose values are immutable and hashable: remembered as they are
_SCALARS = frozenset({int, str, bool, type(None), Betting, Variant, _Default})
_INTS = frozenset({int})
_SCALARS_OR_TUPLE = _SCALARS | {tuple}
#: the options that may be tuples of ints (blinds, antes, fantasyland), by position
_TUPLE_ARGS = (2, 3, 11)


def _plain(value: object) -> object:
    """A cache key for an option: (type, value) for an int, str, bool, Betting,
    Variant or None (all immutable), a tuple for a list or tuple of plain ints;
    None (do not cache) otherwise."""
    kind = type(value)
    if kind in _SCALARS:
        return (kind, value)
    if kind is tuple or kind is list:
        items = tuple(cast("Sequence[object]", value))
        return items if _INTS.issuperset(map(type, items)) else None
    return None


_REMEMBERED: dict[tuple[object, ...], TableOptions] = {}


def table_options(
    game: Variant | str,
    seats: int,
    *,
    blinds: Sequence[int] = DEFAULT,
    antes: int | Sequence[int] = 0,
    betting: Betting | str | None = None,
    small_bet: int | None = None,
    big_bet: int | None = None,
    min_bet: int | None = None,
    raise_cap: int | None = DEFAULT,
    ante_trimming: bool = False,
    stake: int | None = None,
    fantasyland: Sequence[int] = (),
    opening: str | None = None,
    carried: int = 0,
    keep_opening: bool = False,
    buio: bool = False,
    controbuio: bool = False,
    false_openings: bool = False,
) -> TableOptions:
    """Check a table's options for `seats` players and fill in the defaults (see
    `Table`); plain options are checked once and remembered."""
    return remembered_options((game, seats, blinds, antes, betting, small_bet, big_bet,
                               min_bet, raise_cap, ante_trimming, stake, fantasyland, opening,
                               carried, keep_opening, buio, controbuio, false_openings))


def remembered_options(args: tuple[Any, ...]) -> TableOptions:
    """`table_options` of the options in its parameters' order (what `Table` passes:
    one tuple, built once per table)."""
    kinds = tuple(map(type, args))
    if _SCALARS_OR_TUPLE.issuperset(kinds) and all(
            _INTS.issuperset(map(type, args[i])) for i in _TUPLE_ARGS if kinds[i] is tuple):
        key: tuple[object, ...] = (args, kinds)   # plain values, and tuples of ints
    else:
        key = tuple([_plain(a) for a in args])
    remember = None not in key
    if remember:
        found = _REMEMBERED.get(key)
        if found is not None:
            return found
    options = _check_options(*args)
    if remember:
        if len(_REMEMBERED) >= 1024:
            _REMEMBERED.clear()
        _REMEMBERED[key] = options
    return options


def _check_options(
    game: Variant | str, seats: int, blinds: Sequence[int], antes: int | Sequence[int],
    betting: Betting | str | None, small_bet: int | None, big_bet: int | None,
    min_bet: int | None, raise_cap: int | None, ante_trimming: bool, stake: int | None,
    fantasyland: Sequence[int], opening: str | None, carried: int, keep_opening: bool,
    buio: bool, controbuio: bool, false_openings: bool,
) -> TableOptions:
    found = variant(game)
    low = max(2, found.min_players)
    if not low <= seats <= found.max_players:
        raise ValueError(f"{found.title} is played by {low}..{found.max_players} players, "
                         f"got {seats} stacks")
    if found.rows:
        # the opening-round options are refused here as for every game without one
        _closed_game_options(found, seats, opening, carried, keep_opening, buio, controbuio,
                             false_openings)
        return _placement_options(found, seats, blinds, antes, stake, fantasyland,
                                  (betting, small_bet, big_bet, min_bet, raise_cap),
                                  ante_trimming)
    if stake is not None or fantasyland != ():
        raise ValueError(f"stake and fantasyland are options of the placement games, not "
                         f"of {found.title}")
    if not found.streets or not any(s.betting for s in found.streets):
        raise ValueError(f"{found.title} has no betting rounds for this engine to play")
    if found.high is None or (found.board_cards == 0
                              and not any(s.draw for s in found.streets)):
        raise NotImplementedError(f"{found.title} is not played by the engine")
    found = found.for_players(seats)           # Italian poker: the deck follows the seats
    closed = _closed_game_options(found, seats, opening, carried, keep_opening, buio,
                                  controbuio, false_openings)
    ante = _per_seat(antes, "antes", seats, pad=False)
    if closed is not None:
        if blinds is not DEFAULT and any(_per_seat(blinds, "blinds", seats, pad=True)):
            raise ValueError(f"{found.title} has no blinds: the invito is the dealer's ante "
                             "(antes=(0, ..., 0, invito))")
        # the blind opening: the buio twice the pot, the controbuio twice the buio
        pot = sum(ante) + closed[1]
        blinds = (2 * pot, 4 * pot)[:closed[3]]
        if closed[3] and not pot:
            raise ValueError("a blind opening is twice the pot: the pot is empty (no "
                             "invito and nothing carried)")
    blind = _per_seat((1, 2) if blinds is DEFAULT else blinds, "blinds", seats, pad=True)

    if betting is None:
        structure = found.betting
    elif isinstance(betting, Betting):
        structure = betting
    elif isinstance(betting, str):
        try:
            structure = Betting(betting.strip().lower())
        except ValueError:
            known = ", ".join(repr(b.value) for b in Betting)
            raise ValueError(f"unknown betting {betting!r}; known: {known}") from None
    else:
        raise TypeError(f"betting must be None, a Betting or its name, got {betting!r}")

    big_blind = max(blind) if any(blind) else 0
    fixed = structure is Betting.FIXED_LIMIT
    if fixed:
        if min_bet is not None:
            raise ValueError("min_bet is for no-limit and pot-limit; fixed limit takes "
                             "small_bet and big_bet")
        small = _chips(small_bet, "small_bet", positive=True) if small_bet is not None else (
            big_blind or 1)
        big = _chips(big_bet, "big_bet", positive=True) if big_bet is not None else 2 * small
        least = small
    else:
        if small_bet is not None or big_bet is not None:
            raise ValueError(f"small_bet and big_bet are for fixed limit, not {structure.value}")
        least = _chips(min_bet, "min_bet", positive=True) if min_bet is not None else (
            big_blind or 1)
        small = big = least

    if raise_cap is DEFAULT:
        cap: int | None = 4 if fixed else None
    elif raise_cap is None:
        cap = None
    else:
        cap = _chips(raise_cap, "raise_cap", positive=True)
    if not isinstance(ante_trimming, bool):
        raise TypeError(f"ante_trimming must be True or False, got {ante_trimming!r}")
    posted = blind[::-1] if seats == 2 else blind
    opened, chips, keep, blind_opening, false = closed if closed is not None else (
        "jacks", 0, False, 0, False)
    return TableOptions(found, seats, blind, ante, structure, least, small, big, cap,
                        ante_trimming, tuple(found.deck.tolist()), plan(found, seats),
                        any(ante), tuple((s, b) for s, b in enumerate(posted) if b),
                        opening=opened, carried=chips, keep_opening=keep,
                        blind_opening=blind_opening, false_openings=false,
                        has_opening=closed is not None)


def _closed_game_options(game: Variant, seats: int, opening: str | None, carried: int,
                         keep_opening: bool, buio: bool, controbuio: bool,
                         false_openings: bool) -> tuple[str, int, bool, int, bool] | None:
    """The options of a game with an opening round (Italian poker): what opens the
    deal, chips carried in from earlier deals, the opener's discards kept out of a
    reshuffle, and the seats opening blind (seed 001, "Apertura al buio": the buio
    left of the dealer only at jacks with three players or more, the controbuio left
    of it with four or more).  None for the other games (which refuse them)."""
    if not any(s.opening for s in game.streets):
        if (opening is not None or carried != 0 or keep_opening is not False
                or buio is not False or controbuio is not False
                or false_openings is not False):
            raise ValueError(f"opening, carried, keep_opening, buio, controbuio and "
                             f"false_openings are options of the games with an opening "
                             f"round, not of {game.title}")
        return None
    from games.engine.opening import OPENINGS

    if opening is None:
        opening = "jacks"
    if not isinstance(opening, str):
        raise TypeError(f"opening must be one of {', '.join(OPENINGS)}, got {opening!r}")
    if opening not in OPENINGS:
        raise ValueError(f"opening must be one of {', '.join(OPENINGS)}, got {opening!r}")
    for name, value in (("keep_opening", keep_opening), ("buio", buio),
                        ("controbuio", controbuio), ("false_openings", false_openings)):
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be True or False, got {value!r}")
    if controbuio and not buio:
        raise ValueError("a controbuio answers a buio: controbuio needs buio=True")
    if buio and opening != "jacks":
        raise ValueError(f"a blind opening is only for deals opened at jacks, not at {opening}")
    if (buio and seats < 3) or (controbuio and seats < 4):
        raise ValueError(f"the dealer never speaks first: a buio needs three players and a "
                         f"controbuio four, got {seats}")
    return (opening, _chips(carried, "carried"), keep_opening, int(buio) + int(controbuio),
            false_openings)


def _placement_options(game: Variant, seats: int, blinds: object, antes: object,
                       stake: int | None, fantasyland: Sequence[int],
                       betting_options: tuple[object, ...], ante_trimming: bool
                       ) -> TableOptions:
    """The options of a placement game (Open Face Chinese): no forced bets and no
    betting, a stake in chips per point, and the seats playing this hand in
    fantasyland (games/engine/placement.py)."""
    if blinds is not DEFAULT and any(_per_seat(blinds, "blinds", seats, pad=True)):
        raise ValueError(f"{game.title} has no blinds: it is played for points (stake=)")
    if any(_per_seat(antes, "antes", seats, pad=False)):
        raise ValueError(f"{game.title} has no antes: it is played for points (stake=)")
    if any(o is not None and o is not DEFAULT for o in betting_options) or (
            ante_trimming is not False):
        raise ValueError(f"{game.title} has no betting: betting=, small_bet=, big_bet=, "
                         "min_bet=, raise_cap= and ante_trimming= do not apply")
    chips = 1 if stake is None else _chips(stake, "stake", positive=True)
    if isinstance(fantasyland, (str, bytes)) or not isinstance(fantasyland, Sequence):
        raise TypeError(f"fantasyland must be a sequence of seats, got "
                        f"{type(fantasyland).__name__}")
    lucky = []
    for i, seat in enumerate(fantasyland):
        if isinstance(seat, bool) or not hasattr(seat, "__index__"):
            raise TypeError(f"fantasyland[{i}] must be a seat number, got {seat!r}")
        if not 0 <= int(seat) < seats or int(seat) in lucky:
            raise ValueError(f"fantasyland[{i}] = {seat}: not a seat of 0..{seats - 1}, or "
                             "given twice")
        lucky.append(int(seat))
    none = (0,) * seats
    return TableOptions(game, seats, none, none, game.betting, 1, 1, 1, None, False,
                        tuple(game.deck.tolist()), plan(game, seats), False, (),
                        chips, tuple(sorted(lucky)))
