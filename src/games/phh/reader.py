"""Reading PHH: TOML through `tomllib` (the `tomli` backport before Python 3.11),
then every field checked, with errors that name the field or the action and the line
of the file it is on.

Action lines are checked for PHH's grammar when the file is read (a malformed line
is an error of the file); whether each action is legal is the table's business when
the hand is replayed (`games.phh.replay`).
"""

from __future__ import annotations

import re
import sys
from typing import IO, Any, cast

from games.phh.history import FIELD_NAMES, HandHistory
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
    """The line each action string sits on (best effort: the text searched in order)."""
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


def _history(raw: dict[str, Any], text: str, start: int, where: str) -> HandHistory:
    """A HandHistory from one table of parsed TOML (`start`: its offset in `text`)."""

    def at(key: str) -> str:
        line = _key_line(text, key, start)
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
    lines = _action_lines(text, actions, start)
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


def _toml(text: str) -> dict[str, Any]:
    if isinstance(text, bytes):
        text = text.decode()
    if not isinstance(text, str):
        raise TypeError(f"PHH text must be str or bytes, got {type(text).__name__}")
    try:
        return cast(dict[str, Any], tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not a PHH file (invalid TOML): {error}") from None


def loads(text: str | bytes) -> HandHistory:
    """One hand from PHH text.  ValueError (naming the line) for a file that is not
    TOML, misses a required field, has a field of the wrong type or an action line
    PHH cannot read."""
    if isinstance(text, bytes):
        text = text.decode()
    return _history(_toml(text), text, 0, "")


def loads_all(text: str | bytes) -> list[HandHistory]:
    """Every hand of a .phhs text (tables [1], [2], ... each holding one hand)."""
    if isinstance(text, bytes):
        text = text.decode()
    raw = _toml(text)
    hands = []
    for name, table in raw.items():
        header = re.compile(rf"^[ \t]*\[[ \t]*\"?{re.escape(name)}\"?[ \t]*\]",
                            re.MULTILINE).search(text)
        start = header.end() if header else 0
        if not isinstance(table, dict):
            raise ValueError(f"[{name}]: a .phhs file holds one table per hand")
        hands.append(_history(table, text, start, f"[{name}] "))
    return hands


def _read(fp: IO[Any]) -> str:
    data = fp.read()
    return data.decode() if isinstance(data, bytes) else data


def load(fp: IO[Any]) -> HandHistory:
    """One hand from a PHH file opened for reading (text or binary)."""
    return loads(_read(fp))


def load_all(fp: IO[Any]) -> list[HandHistory]:
    """Every hand of a .phhs file opened for reading (text or binary)."""
    return loads_all(_read(fp))
