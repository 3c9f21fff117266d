"""Reading PHH: TOML through the reader of the part of TOML that PHH files are
written in (games/phh/_toml.pyx), or `tomllib` (the `tomli` backport before Python
3.11) for any other TOML, then every field checked, with errors that name the field
or the action and the line of the file it is on.

Action lines are checked for PHH's grammar when the file is read (a malformed line
is an error of the file); whether each action is legal is the table's business when
the hand is replayed (`games.phh.replay`).
"""

from __future__ import annotations

import re
import sys
from typing import IO, Any, cast

from games.phh import _toml as _toml_subset
from games.phh.history import FIELD_NAMES, MAX_DEPTH, HandHistory
from games.phh.notation import parse_action

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the backport, on Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

#: required fields by variant structure (the standard's table): fixed limit has small
#: and big bets, the others a min bet; button games have blinds
_ALWAYS = ("variant", "antes", "starting_stacks", "actions")


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _key_line(text: str, key: str, start: int = 0) -> int | None:
    match = re.compile(rf"^[ \t]*{re.escape(key)}[ \t]*=", re.MULTILINE).search(text, start)
    return None if match is None else _line_of(text, match.start())


def _action_lines(text: str, actions: list[Any], start: int) -> tuple[int, ...]:
    """The line each action string sits on, for a text `tomllib` read (best effort:
    the text searched in order; the subset reader knows them)."""
    match = re.compile(r"^[ \t]*actions[ \t]*=", re.MULTILINE).search(text, start)
    pos = match.end() if match else start
    lines = []
    for action in actions:
        needle = action if isinstance(action, str) else str(action)
        found = text.find(needle, pos) if needle else -1
        if found < 0:
            lines.append(_line_of(text, pos))
            continue
        lines.append(_line_of(text, found))
        pos = found + len(needle)
    return tuple(lines)


class _Lines:
    """Where the fields of one hand are in its text: the subset reader's record when
    it read the text, else found by searching the text (only on the way to an error,
    but for the actions' lines, which every history keeps)."""

    def __init__(self, text: str, start: int, keys: dict[str, int] | None = None,
                 items: dict[str, tuple[int, ...]] | None = None) -> None:
        self.text, self.start, self.keys, self.items = text, start, keys, items

    def key(self, key: str) -> int | None:
        if self.keys is not None:
            return self.keys.get(key)
        return _key_line(self.text, key, self.start)

    def actions(self, actions: list[Any]) -> tuple[int, ...]:
        if self.items is not None:
            return self.items.get("actions", ())
        return _action_lines(self.text, actions, self.start)


def _history(raw: dict[str, Any], where_is: _Lines, where: str) -> HandHistory:
    """A HandHistory from one table of parsed TOML and where its fields are."""

    def at(key: str) -> str:
        line = where_is.key(key)
        return f"{where}line {line}: " if line else where

    for key in _ALWAYS:
        if key not in raw:
            raise ValueError(f"{where}the required field {key!r} is missing")
    standard: dict[str, Any] = {}
    user: dict[str, Any] = {}
    for key, value in raw.items():
        if key.startswith("_"):
            user[key] = value
        elif key in FIELD_NAMES:
            standard[key] = value
        else:
            raise ValueError(f"{at(key)}unknown field {key!r} (user-defined fields start "
                             "with '_')")
    actions = standard.get("actions")
    if not isinstance(actions, list):
        raise ValueError(f"{at('actions')}actions must be an array of strings")
    lines = where_is.actions(actions)
    read = []
    for i, action in enumerate(actions):
        if not isinstance(action, str):
            raise ValueError(f"{where}line {lines[i]}: actions[{i}] must be a string, "
                             f"got {action!r}")
        try:
            read.append(parse_action(action))
        except ValueError as error:
            raise ValueError(f"{where}line {lines[i]}: actions[{i}] {action!r}: "
                             f"{error}") from None
    try:
        history = HandHistory(**standard, user_fields=user, lines=lines)
    except ValueError as error:
        name = str(error).split()[0].split("[")[0]
        raise ValueError(f"{at(name) if name in FIELD_NAMES else where}{error}") from None
    object.__setattr__(history, "read", (history.actions, tuple(read)))
    return history


def _text(data: str | bytes) -> str:
    """PHH text: a str, or bytes of UTF-8 (the standard's encoding)."""
    if isinstance(data, str):
        return data
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        try:
            return raw.decode()
        except UnicodeDecodeError as error:
            line = raw.count(b"\n", 0, error.start) + 1
            raise ValueError(f"line {line}: not UTF-8 text (byte 0x{raw[error.start]:02x}); "
                             "PHH files are UTF-8") from None
    raise TypeError(f"PHH text must be str or bytes, got {type(data).__name__}")


def _toml(text: str) -> tuple[dict[str, Any], dict[str, int] | None,
                              dict[str, tuple[int, ...]] | None]:
    """The TOML of a PHH text, with the lines of its keys and array items where the
    subset reader (games/phh/_toml.pyx) read it; `tomllib` reads the rest."""
    fast = _toml_subset.read(text)
    if fast is not None:
        return fast
    try:
        return cast(dict[str, Any], tomllib.loads(text)), None, None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not a PHH file (invalid TOML): {error}") from None
    except RecursionError:
        raise ValueError(f"line {_too_deep(text)}: values nested more than "
                         f"{MAX_DEPTH} deep") from None


def _too_deep(text: str) -> int:
    """The line where arrays or inline tables first nest more than MAX_DEPTH deep
    (strings and comments skipped), or the last line."""
    depth, line, i, n = 0, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            end = i + len(quote)
            while end < n and not text.startswith(quote, end):
                end += 2 if c == '"' and text[end] == "\\" else 1
            end = min(n, end + len(quote))
            line += text.count("\n", i, end)
            i = end
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif c in "]}":
            depth -= 1
        i += 1
    return line


def loads(text: str | bytes) -> HandHistory:
    """One hand from PHH text.  ValueError (naming the line) for a file that is not
    UTF-8 or not TOML, misses a required field, has a field of the wrong type or an
    action line PHH cannot read."""
    text = _text(text)
    raw, keys, items = _toml(text)
    return _history(raw, _Lines(text, 0, keys, items), "")


def loads_all(text: str | bytes) -> list[HandHistory]:
    """Every hand of a .phhs text (tables [1], [2], ... each holding one hand)."""
    text = _text(text)
    raw, _, _ = _toml(text)
    hands = []
    for name, table in raw.items():
        header = re.compile(rf"^[ \t]*\[[ \t]*\"?{re.escape(name)}\"?[ \t]*\]",
                            re.MULTILINE).search(text)
        start = header.end() if header else 0
        if not isinstance(table, dict):
            raise ValueError(f"[{name}]: a .phhs file holds one table per hand")
        hands.append(_history(table, _Lines(text, start), f"[{name}] "))
    return hands


def _read(fp: IO[Any]) -> str:
    return _text(fp.read())


def load(fp: IO[Any]) -> HandHistory:
    """One hand from a PHH file opened for reading (text or binary)."""
    return loads(_read(fp))


def load_all(fp: IO[Any]) -> list[HandHistory]:
    """Every hand of a .phhs file opened for reading (text or binary)."""
    return loads_all(_read(fp))
