"""Writing PHH: a small TOML writer for the values PHH files hold.

PHH is TOML, and only a handful of TOML's forms appear in it (strings, integers,
floats, booleans, local times, arrays, and inline tables in user fields), so the
writer is these few lines; the tests read everything it writes back with `tomllib`.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Iterable, Mapping
from typing import IO, Any

from games.phh.history import HandHistory

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """One TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are valid TOML
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{" + pairs + "}" if pairs else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise ValueError(f"cannot write {type(value).__name__} {value!r} in PHH (TOML)")


def dumps(history: HandHistory) -> str:
    """The hand as PHH text: one field per line, the actions one per line."""
    if not isinstance(history, HandHistory):
        raise TypeError(f"dumps takes a HandHistory, got {type(history).__name__}")
    lines = []
    for key, value in history.fields().items():
        if key == "actions":
            body = "".join(f"  {toml_value(a)},\n" for a in value)
            lines.append(f"actions = [\n{body}]" if value else "actions = []")
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """Several hands as one .phhs text: tables [1], [2], ... each holding a hand."""
    parts = []
    for i, history in enumerate(histories, 1):
        parts.append(f"[{i}]\n{dumps(history)}")
    return "\n".join(parts)


def _write(text: str, fp: IO[Any]) -> None:
    try:
        fp.write(text)
    except TypeError:  # a binary file
        fp.write(text.encode())


def dump(history: HandHistory, fp: IO[Any]) -> None:
    """Write the hand to a file opened for writing (text or binary)."""
    _write(dumps(history), fp)


def dump_all(histories: Iterable[HandHistory], fp: IO[Any]) -> None:
    """Write several hands as a .phhs file."""
    _write(dumps_all(histories), fp)
