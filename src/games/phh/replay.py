"""Replaying a PHH hand on a `Table`, action by action, through its public calls.

The table's options record is built from the file's fields, and the table is driven
by the file's dealer and player actions (``auto=False``), so the recorded cards are
dealt as given (any card not live in a hand or on the board; "??" for cards nobody
saw) and every action is checked by the same rules as live play.  The first action
the table refuses stops the replay with a ValueError naming the action and its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import Table, TableOptions
from games.engine.options import options_for
from games.phh.codes import game_of
from games.phh.export import DEAL_FIELDS
from games.phh.history import HandHistory, Number
from games.phh.notation import apply, parse_action
from games.phh.reader import loads
from games.variants import Betting

_INTS = frozenset({int})


def _chips(values: Sequence[Number] | Number | None, name: str) -> int | tuple[int, ...] | None:
    """Chips as ints; ValueError for fractional chips (the engine counts whole chips)."""
    if values is None:
        return None
    if type(values) is tuple and _INTS.issuperset(map(type, values)):
        return values
    if isinstance(values, (int, float)):
        if isinstance(values, float) and not values.is_integer():
            raise ValueError(f"{name} = {values}: the engine counts whole chips")
        return int(values)
    out = []
    for i, v in enumerate(values):
        if isinstance(v, float) and not v.is_integer():
            raise ValueError(f"{name}[{i}] = {v}: the engine counts whole chips")
        out.append(int(v))
    return tuple(out)


def options_of(history: HandHistory, seats: int) -> TableOptions:
    """The table's options record a hand history's fields say (its variant code,
    forced bets and betting, and the user fields `history_of` writes)."""
    game, betting = game_of(history.variant)
    user = history.user_fields
    if game.rows:                   # a placement game: no bets, points at a stake
        return options_for(game.name, seats, dict(stake=user.get("_stake", 1),
                                                  fantasyland=user.get("_fantasyland", ())))
    settings: dict[str, Any] = dict(
        blinds=_chips(history.blinds_or_straddles, "blinds_or_straddles") or (),
        antes=_chips(history.antes, "antes"),
        betting=betting,
        ante_trimming=bool(history.ante_trimming_status),
    )
    cap = user.get("_raise_cap", "standard")
    if cap != "standard":
        settings["raise_cap"] = cap or None
    deal = {name: user[field] for field, name, _ in DEAL_FIELDS if field in user}
    blind = deal.pop("blind_opening", 0)
    if blind:                       # the blind opening is posted by the table
        settings.update(buio=blind >= 1, controbuio=blind >= 2, blinds=())
    settings.update(deal)
    if game.has_bring_in:
        settings.update(bring_in=_chips(history.bring_in, "bring_in") or 0)
    if betting is Betting.FIXED_LIMIT:
        settings.update(small_bet=_chips(history.small_bet, "small_bet"),
                        big_bet=_chips(history.big_bet, "big_bet"))
    else:
        settings.update(min_bet=_chips(history.min_bet, "min_bet"))
    # remembered: the hands of a file or a data set share a few sets of options, each
    # checked and compiled once
    return options_for(game.name, seats, settings)


def table_of(history: HandHistory) -> Table:
    """A dealer-driven table set up as the hand's fields say, before any action."""
    stacks = _chips(history.starting_stacks, "starting_stacks")
    assert isinstance(stacks, tuple)
    options = options_of(history, len(stacks))
    return Table(options.game.name, stacks, auto=False, options=options)


def replay(source: HandHistory | str | bytes) -> Table:
    """The table at the end of the recorded actions (stacks settled if the hand
    ended).  `source` is a HandHistory or PHH text."""
    history = source if isinstance(source, HandHistory) else loads(source)
    table = table_of(history)
    reports = _reports(history.user_fields.get("_irregularities", ()), len(history.actions))
    actions = history.actions
    read = history.read          # the reader's reading, while the actions are its own
    parsed = read[1] if read is not None and read[0] is actions else None
    for i, text in enumerate(actions):
        if reports and i in reports:
            _report(table, reports[i])
        try:
            action = parsed[i] if parsed is not None else parse_action(text)
            if action is not None:
                apply(table, action)
        except (TypeError, ValueError) as error:
            line = f" (line {history.lines[i]})" if i < len(history.lines) else ""
            raise ValueError(f"actions[{i}] {text!r}{line}: {error}") from None
    _report(table, reports.get(len(history.actions), ()))
    return table


def _reports(field: Any, n_actions: int) -> dict[int, list[tuple[str, str]]]:
    """The `_irregularities` user field read: {actions before: [(kind, cards)]}."""
    if isinstance(field, str) or not isinstance(field, (list, tuple)):
        raise ValueError("_irregularities must be a list of strings like '4 expose 7h'")
    out: dict[int, list[tuple[str, str]]] = {}
    for k, entry in enumerate(field):
        words = entry.split() if isinstance(entry, str) else []
        if not 2 <= len(words) <= 3 or not words[0].isdigit() or int(words[0]) > n_actions:
            raise ValueError(f"_irregularities[{k}] {entry!r}: expected 'N kind [cards]' "
                             f"with N at most {n_actions}")
        out.setdefault(int(words[0]), []).append((words[1], words[2] if len(words) > 2 else ""))
    return out


def _report(table: Table, reports: Sequence[tuple[str, str]]) -> None:
    for kind, cards in reports:
        try:
            table.report(kind, cards)
        except (TypeError, ValueError) as error:
            raise ValueError(f"_irregularities {kind} {cards}: {error}") from None
