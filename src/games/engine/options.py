"""A table's options, checked once: the game, the seats, the forced bets and the
betting structure, normalised into one frozen record, `TableOptions`.

`TableOptions.of(game, seats, **settings)` is the one place the options are named,
checked and given their defaults; `Table`, `Session`, PHH export and replay all pass
the record it returns.  Options that are plain values (a game's name, ints, tuples of
ints) are remembered (`options_for`), so a simulation creating a million tables with
the same options checks them once and shares one compiled spec; the stacks are
checked for every table.

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

import inspect
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from games.chips import amount
from games.engine import rules
from games.engine._spec import GameSpec
from games.engine.steps import Plan, plan
from games.variants import Betting, Variant, variant

#: chips are int64 in the compiled hand; sums must stay far from overflow
MAX_STACK = 1 << 56


class _Default:
    """The marker of an option left to its default."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT: Any = _Default()


def _chips(value: object, what: str, *, positive: bool = False) -> int:
    """An amount of chips a table can hold (games.chips, below 2**56)."""
    return amount(value, what, low=1 if positive else 0, high=MAX_STACK - 1)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be True or False, got {value!r}")
    return value


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


@dataclass(frozen=True)
class TableOptions:
    """Everything a table needs to know before the first card but the stacks, checked
    (build it with `TableOptions.of`)."""

    game: Variant                  # the game as these seats play it
    seats: int
    blinds: tuple[int, ...]        # per seat, position order (PHH's blinds_or_straddles)
    antes: tuple[int, ...]         # per seat, position order (PHH's antes)
    betting: Betting
    min_bet: int                   # no-limit and pot-limit: the smallest bet
    small_bet: int                 # fixed limit: the bet of the early rounds
    big_bet: int                   # fixed limit: the bet of the rounds marked big_bet
    raise_cap: int | None          # completions, bets and raises per round (None: no cap)
    ante_trimming: bool = False    # antes count as contributions (PHH ante_trimming_status)
    stake: int = 1                 # a placement game's chips per point
    fantasyland: tuple[int, ...] = ()   # a placement game's seats in fantasyland
    opening: str = "jacks"         # what opens the deal (a game with an opening round)
    carried: int = 0               # chips carried into this deal's pot from earlier deals
    keep_opening: bool = False     # the opener's discards stay out of a reshuffle
    blind_opening: int = 0         # seats opening blind: 1 buio, 2 buio and controbuio
    false_openings: bool = False   # opening without the opening is allowed (and paid for)
    bring_in: int = 0              # the stud games: the bring-in of third street

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as its fields alone: what it works out once (the compiled spec, the
        plan, the rules) is worked out again after loading."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def of(
        cls,
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
        bring_in: int | None = None,
    ) -> TableOptions:
        """Check a table's options for `seats` players and fill in the defaults.

        blinds: (small, big) (default (1, 2); none in the placement games), or per seat
        in position order with straddles (PHH's ``blinds_or_straddles``;
        reverse-assigned heads-up).  antes: one int for every seat, or per seat (a
        big-blind ante is ``antes=(0, 2, 0, ...)``).  betting: None for the game's own
        structure, or "no-limit", "pot-limit", "fixed-limit".  min_bet: the smallest
        bet in no-limit and pot-limit (default the largest blind: the big blind, or the
        straddle).  small_bet, big_bet: fixed limit's bets (default the big blind and
        twice it).  raise_cap: completions, bets and raises per round (default 4 in
        fixed limit, as PHH's reference counts them, blinds not counted, heads-up too;
        None lifts it).  ante_trimming: antes count as each seat's contribution (PHH's
        ``ante_trimming_status = true``) instead of dead money of the main pot (the
        default, PHH's).  opening, carried, keep_opening: Italian poker's deal (games
        with an opening round): what opens it ("jacks", the default; "queens" or
        "kings" after deals nobody opened, "kings" after a paròl), the chips carried
        into its pot from earlier deals, and whether the opener's discards stay out of
        a reshuffle (the invito is the dealer's ante: ``antes=(0, ..., 0, invito)``;
        games.Session sets all of these from deal to deal).  buio, controbuio: the
        blind opening (seed 001): seat 0, left of the dealer, opens blind for twice
        the pot before the deal (only at jacks, three players or more), and seat 1
        doubles it (four or more); the others may only call or fold until one of them
        calls, and after the draw the blind opener speaks last.  false_openings: the
        rule where opening without the opening is allowed and paid for at the end
        (games/engine/rules/opening.py).  stake: a placement game's chips per point
        (default 1).  fantasyland: a placement game's seats playing this hand in
        fantasyland (games.Session keeps them from hand to hand;
        games/engine/rules/placement.py).
        """
        found = variant(game)
        low = max(2, found.min_players)
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise TypeError(f"seats must be an int, got {type(seats).__name__}")
        if not low <= seats <= found.max_players:
            raise ValueError(f"{found.title} is played by {low}..{found.max_players} "
                             f"players, got {seats} stacks")
        if found.rows:
            # the opening-round options are refused here as for every game without one
            _opening_options(found, seats, opening, carried, keep_opening, buio, controbuio,
                             false_openings)
            return _placement_options(found, seats, blinds, antes, stake, fantasyland,
                                      (betting, small_bet, big_bet, min_bet, raise_cap),
                                      ante_trimming)
        if stake is not None or fantasyland != ():
            raise ValueError(f"stake and fantasyland are options of the placement games, "
                             f"not of {found.title}")
        if not found.streets or not any(s.betting for s in found.streets):
            raise ValueError(f"{found.title} has no betting rounds for this engine to play")
        if found.high is None:
            raise NotImplementedError(f"{found.title} is not played by the engine")
        found = found.for_players(seats)        # Italian poker: the deck follows the seats
        _check_deck(found, seats)
        closed = _opening_options(found, seats, opening, carried, keep_opening, buio,
                                  controbuio, false_openings)
        ante = _per_seat(antes, "antes", seats, pad=False)
        if closed is not None:
            if blinds is not DEFAULT and any(_per_seat(blinds, "blinds", seats, pad=True)):
                raise ValueError(f"{found.title} has no blinds: the invito is the dealer's "
                                 "ante (antes=(0, ..., 0, invito))")
            # the blind opening: the buio twice the pot, the controbuio twice the buio
            pot = sum(ante) + closed[1]
            blinds = (2 * pot, 4 * pot)[:closed[3]]
            if closed[3] and not pot:
                raise ValueError("a blind opening is twice the pot: the pot is empty (no "
                                 "invito and nothing carried)")
        structure = _betting(found, betting)
        if found.has_bring_in:
            if blinds is not DEFAULT and any(_per_seat(blinds, "blinds", seats, pad=True)):
                raise ValueError(f"{found.title} has no blinds: antes and the bring-in "
                                 "(bring_in=) are its forced bets")
            if structure is not Betting.FIXED_LIMIT:
                raise ValueError(f"{found.title} is played fixed limit (its bring-in and "
                                 f"completion are fixed-limit bets), not {structure.value}")
            blinds = ()
            if small_bet is None:
                small_bet = 2
        elif bring_in is not None:
            raise ValueError(f"bring_in is an option of the stud games (a street with a "
                             f"bring-in), not of {found.title}")
        blind = _per_seat((1, 2) if blinds is DEFAULT else blinds, "blinds", seats, pad=True)
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
                raise ValueError(f"small_bet and big_bet are for fixed limit, not "
                                 f"{structure.value}")
            least = _chips(min_bet, "min_bet", positive=True) if min_bet is not None else (
                big_blind or 1)
            small = big = least
        if raise_cap is DEFAULT:
            cap: int | None = 4 if fixed else None
        elif raise_cap is None:
            cap = None
        else:
            cap = _chips(raise_cap, "raise_cap", positive=True)
        opened, chips, keep, blind_opening, false = closed if closed is not None else (
            "jacks", 0, False, 0, False)
        brought = 0
        if found.has_bring_in:
            brought = max(1, small // 2) if bring_in is None else _chips(bring_in, "bring_in")
            if brought >= small:
                raise ValueError(f"bring_in ({brought}) must be less than the small bet "
                                 f"({small}): completing it makes the small bet")
        return cls(found, seats, blind, ante, structure, least, small, big, cap,
                   _flag(ante_trimming, "ante_trimming"), opening=opened, carried=chips,
                   keep_opening=keep, blind_opening=blind_opening, false_openings=false,
                   bring_in=brought)

    # ---------------------------------------------------------------- derived

    def posted(self, amounts: tuple[int, ...]) -> tuple[int, ...]:
        """Who posts what, by seat: position order, reverse-assigned heads-up."""
        return amounts[::-1] if len(amounts) == 2 else amounts

    @cached_property
    def posted_antes(self) -> tuple[int, ...]:
        """The ante each seat posts (reverse-assigned heads-up)."""
        return self.posted(self.antes)

    @cached_property
    def posted_blinds(self) -> tuple[int, ...]:
        """The blind or straddle each seat posts (reverse-assigned heads-up)."""
        return self.posted(self.blinds)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The game's cards, as card values."""
        return tuple(self.game.deck.tolist())

    @cached_property
    def plan(self) -> Plan:
        """The steps of a hand."""
        return plan(self.game, self.seats)

    @cached_property
    def has_opening(self) -> bool:
        """The game has an opening round (Italian poker)."""
        return any(s.opening for s in self.game.streets)

    @cached_property
    def rules(self) -> tuple[type[rules.Rule], ...]:
        """The rule modules the variant's data asks for (games/engine/rules/)."""
        return rules.for_game(self.game)

    @cached_property
    def spec(self) -> GameSpec:
        """The compiled spec every hand with these options shares."""
        stops: dict[int, int] = {}
        deal_counts = None
        settle = False
        for rule in self.rules:
            for street, bits in rule.stops(self).items():
                stops[street] = stops.get(street, 0) | bits
            deal_counts = rule.deal_counts(self) or deal_counts
            settle = settle or rule.settles
        return GameSpec(self, stops, deal_counts, settle)


def _betting(game: Variant, betting: Betting | str | None) -> Betting:
    if betting is None:
        return game.betting
    if isinstance(betting, Betting):
        return betting
    if isinstance(betting, str):
        try:
            return Betting(betting.strip().lower())
        except ValueError:
            known = ", ".join(repr(b.value) for b in Betting)
            raise ValueError(f"unknown betting {betting!r}; known: {known}") from None
    raise TypeError(f"betting must be None, a Betting or its name, got {betting!r}")


def _check_deck(game: Variant, seats: int) -> None:
    """A table whose deck cannot serve its seats is refused (RULES.md): hole cards x
    seats + board + burns against the deck; the draw games aside, which reshuffle.  A
    street whose cards go to the board when the deck runs short (stud's seventh) needs
    its cards once, not once a seat."""
    if any(s.draw for s in game.streets):
        return
    common = game.common_cards
    fixed = game.board_cards + sum(s.burn for s in game.streets) + common
    need = seats * (game.dealt - common) + fixed
    if need > game.deck_size:
        most = (game.deck_size - fixed) // (game.dealt - common)
        raise ValueError(f"{game.title} needs {need} cards for {seats} players: its "
                         f"{game.deck_size}-card deck serves {most} at most")


def check_stacks(stacks: object, options: TableOptions) -> tuple[int, ...]:
    """The stacks as a tuple of ints, checked (positive, one per seat of `options`)."""
    if type(stacks) is not list and type(stacks) is not tuple and (
            isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence)):
        raise TypeError(f"stacks must be a sequence of ints, got {type(stacks).__name__}")
    chips = tuple(stacks)
    if not (chips and _INTS.issuperset(map(type, chips)) and min(chips) > 0
            and max(chips) < MAX_STACK):
        chips = tuple(_chips(s, f"stacks[{i}]", positive=True) for i, s in enumerate(chips))
    if len(chips) != options.seats:
        raise ValueError(f"{len(chips)} stacks for options of {options.seats} seats")
    return chips


#: option values that are immutable and hashable: remembered as they are
_SCALARS = frozenset({int, str, bool, type(None), Betting, Variant, _Default})
_INTS = frozenset({int})

_REMEMBERED: dict[tuple[object, ...], TableOptions] = {}


#: the keywords `TableOptions.of` takes after the game and the seats
OPTION_NAMES: tuple[str, ...] = tuple(inspect.signature(TableOptions.of).parameters)[2:]


def options_for(game: Variant | str, seats: int, settings: dict[str, Any]) -> TableOptions:
    """`TableOptions.of(game, seats, **settings)`, remembered where every value is
    plain (ints, strings, bools, None, a Betting or a Variant, or tuples and lists of
    ints): the key holds each value's type too, so True is never taken for 1."""
    key: tuple[object, ...] | None = (type(game), game, seats)
    for name, value in settings.items():
        kind = type(value)
        if kind in _SCALARS:
            key += (name, kind, value)  # type: ignore[operator]
        elif (kind is tuple or kind is list) and _INTS.issuperset(map(type, value)):
            key += (name, kind, tuple(value))  # type: ignore[operator]
        else:
            key = None
            break
    if key is not None:
        found = _REMEMBERED.get(key)
        if found is not None:
            return found
    if type(seats) is not int:
        raise TypeError(f"seats must be an int, got {type(seats).__name__}")
    unknown = [name for name in settings if name not in OPTION_NAMES]
    if unknown:         # Python's own message would name `of`, which nobody called
        raise TypeError(f"unknown table option {unknown[0]!r}; the options are "
                        f"{', '.join(OPTION_NAMES)}")
    options = TableOptions.of(game, seats, **settings)
    if key is not None:
        if len(_REMEMBERED) >= 1024:
            _REMEMBERED.clear()
        _REMEMBERED[key] = options
    return options


def _opening_options(game: Variant, seats: int, opening: str | None, carried: int,
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
    from games.engine.rules.opening import OPENINGS

    if opening is None:
        opening = "jacks"
    if not isinstance(opening, str):
        raise TypeError(f"opening must be one of {', '.join(OPENINGS)}, got {opening!r}")
    if opening not in OPENINGS:
        raise ValueError(f"opening must be one of {', '.join(OPENINGS)}, got {opening!r}")
    for name, value in (("keep_opening", keep_opening), ("buio", buio),
                        ("controbuio", controbuio), ("false_openings", false_openings)):
        _flag(value, name)
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
    fantasyland (games/engine/rules/placement.py)."""
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
    lucky: list[int] = []
    for i, seat in enumerate(fantasyland):
        if isinstance(seat, bool) or not hasattr(seat, "__index__"):
            raise TypeError(f"fantasyland[{i}] must be a seat number, got {seat!r}")
        number = int(seat)
        if not 0 <= number < seats or number in lucky:
            raise ValueError(f"fantasyland[{i}] = {seat}: not a seat of 0..{seats - 1}, or "
                             "given twice")
        lucky.append(number)
    none = (0,) * seats
    return TableOptions(game, seats, none, none, game.betting, 1, 1, 1, None, False,
                        stake=chips, fantasyland=tuple(sorted(lucky)))
