"""`HandHistory`: one hand in PHH, field by field, as the standard names them.

Numbers stay what the file says (ints, or floats where it writes them); arrays are
tuples; user-defined fields (keys starting with "_", as the standard asks) are kept
in `user_fields` and written back.  Equality ignores where each action was read
from, so ``loads(dumps(h)) == h``.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

Number = int | float

#: how deep a user field's arrays and tables may nest (the standard's own fields nest
#: one level): deeper values are refused when read or made, so whatever is read is
#: written back, and no reader or writer recurses past the interpreter's limit
MAX_DEPTH = 64

#: required fields, in the order they are written
REQUIRED = ("variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
            "min_bet", "starting_stacks", "actions")
#: optional fields of the standard, in the order they are written
OPTIONAL = ("author", "event", "url", "venue", "address", "city", "region", "postal_code",
            "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year",
            "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks",
            "winnings", "currency", "currency_symbol", "ante_trimming_status", "time_limit",
            "time_banks")
#: what each field holds: "str", "int", "number", "bool", "time", "str|int",
#: "numbers", "ints", "strs", "actions"
KINDS = {
    "variant": "str", "antes": "numbers", "blinds_or_straddles": "numbers",
    "bring_in": "number", "small_bet": "number", "big_bet": "number", "min_bet": "number",
    "starting_stacks": "numbers", "actions": "actions",
    "author": "str", "event": "str", "url": "str", "venue": "str", "address": "str",
    "city": "str", "region": "str", "postal_code": "str", "country": "str", "time": "time",
    "time_zone": "str", "time_zone_abbreviation": "str", "day": "int", "month": "int",
    "year": "int", "hand": "str|int", "level": "int", "seats": "ints", "seat_count": "int",
    "table": "str|int", "players": "strs", "finishing_stacks": "numbers",
    "winnings": "numbers", "currency": "str", "currency_symbol": "str",
    "ante_trimming_status": "bool", "time_limit": "number", "time_banks": "numbers",
}


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_time(v: Any) -> bool:
    return isinstance(v, datetime.time)


def _is_str_or_int(v: Any) -> bool:
    return isinstance(v, str) or _is_int(v)


_SCALARS = {"str": _is_str, "int": _is_int, "number": _is_number, "bool": _is_bool,
            "time": _is_time, "str|int": _is_str_or_int}
_ITEMS = {"numbers": _is_number, "ints": _is_int, "strs": _is_str, "actions": _is_str}
#: the exact item types each array kind takes without a closer look (bool is not int)
_ITEM_TYPES = {"numbers": frozenset({int, float}), "ints": frozenset({int}),
               "strs": frozenset({str}), "actions": frozenset({str})}


def check_field(name: str, value: Any) -> Any:
    """The value of a standard field, checked against its kind (arrays as tuples);
    ValueError naming the field otherwise."""
    kind = KINDS[name]
    if (type(value) is tuple or type(value) is list) and kind in _ITEM_TYPES and (
            _ITEM_TYPES[kind].issuperset(map(type, value))):
        return tuple(value)                 # what a reader gives: the one test
    scalar = _SCALARS.get(kind)
    if scalar is not None:
        if not scalar(value):
            raise ValueError(f"{name} must be {_kind_words(kind)}, got {value!r}")
        return value
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        raise ValueError(f"{name} must be an array of {_kind_words(kind)}, got {value!r}")
    items = tuple(value)
    item_ok = _ITEMS[kind]
    for i, item in enumerate(items):
        if not item_ok(item):
            raise ValueError(f"{name}[{i}] must be {_kind_words(kind)}, got {item!r}")
    return items


def _kind_words(kind: str) -> str:
    return {"str": "a string", "int": "an integer", "number": "a number", "bool": "true or "
            "false", "time": "a local time", "str|int": "a string or an integer",
            "numbers": "numbers", "ints": "integers", "strs": "strings",
            "actions": "action strings"}[kind]


_STANDARD = (*REQUIRED, *OPTIONAL)
#: the fields with one entry per player
_PER_PLAYER = ("antes", "blinds_or_straddles", "seats", "players", "finishing_stacks",
               "winnings", "time_banks")


def _freeze(value: Any, name: str, depth: int = 0) -> Any:
    """User field values with arrays as tuples (what reading a file gives back);
    ValueError for values nested more than MAX_DEPTH deep."""
    if isinstance(value, (list, tuple, Mapping)):
        if depth >= MAX_DEPTH:
            raise ValueError(f"user field {name!r} nests arrays or tables more than "
                             f"{MAX_DEPTH} deep")
        if isinstance(value, Mapping):
            return {str(k): _freeze(v, name, depth + 1) for k, v in value.items()}
        return tuple([_freeze(v, name, depth + 1) for v in value])
    return value


@dataclass(frozen=True)
class HandHistory:
    """One hand in the Poker Hand History format (PHH), field by field."""

    variant: str
    antes: tuple[Number, ...]
    starting_stacks: tuple[Number, ...]
    actions: tuple[str, ...] = ()
    blinds_or_straddles: tuple[Number, ...] | None = None
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: str | int | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: str | int | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Number, ...] | None = None
    winnings: tuple[Number, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    ante_trimming_status: bool | None = None
    time_limit: Number | None = None
    time_banks: tuple[Number, ...] | None = None
    user_fields: Mapping[str, Any] = field(default_factory=dict)
    #: the line of the source text each action was read from (not compared)
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    #: the reader's reading of `actions` (not compared): (the actions it read, each
    #: read), reused by `replay` while `actions` is still that very tuple
    read: tuple[tuple[str, ...], tuple[Any, ...]] | None = field(
        default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        given = vars(self)          # the fields as given: checked in place, arrays as tuples
        for name in _STANDARD:
            value = given[name]
            if value is not None:
                given[name] = check_field(name, value)
        user = given["user_fields"]
        if type(user) is not dict and not isinstance(user, Mapping):
            raise ValueError(f"user_fields must be a mapping, got {user!r}")
        if user:
            for key in user:
                if not isinstance(key, str) or not key.startswith("_"):
                    raise ValueError(f"user-defined field {key!r} must start with '_' "
                                     "(the PHH standard reserves other names)")
            given["user_fields"] = {key: _freeze(value, key) for key, value in user.items()}
        else:
            given["user_fields"] = {}
        players = len(given["starting_stacks"])
        for name in _PER_PLAYER:
            value = given[name]
            if value is not None and len(value) != players:
                raise ValueError(f"{name} has {len(value)} entries for {players} players "
                                 "(starting_stacks)")

    def fields(self) -> dict[str, Any]:
        """The fields a file holds, in the order they are written (None left out)."""
        out: dict[str, Any] = {}
        for name in ("variant", "ante_trimming_status", *REQUIRED[1:], *OPTIONAL):
            value = getattr(self, name)
            if value is not None and name not in out:
                out[name] = value
        out.update(self.user_fields)
        return out


FIELD_NAMES = frozenset(f.name for f in fields(HandHistory)) - {"user_fields", "lines"}
