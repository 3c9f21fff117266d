"""A table's hand as a `HandHistory`: the fields PHH needs to replay it, written
from the table's options record and its events (the table's public views only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.engine.rules.irregularities import REPORTS
from games.phh.codes import code_of
from games.phh.history import HandHistory
from games.phh.notation import cards_text, line
from games.phh.writer import dumps
from games.variants import Betting

if TYPE_CHECKING:
    from games.engine import Table


#: the options of Italian poker's deal (games.engine.TableOptions) PHH cannot say, as
#: (user field, option, the default that is not written); replay reads them back
DEAL_FIELDS = (("_opening", "opening", "jacks"), ("_carried", "carried", 0),
               ("_keep_opening", "keep_opening", False),
               ("_blind_opening", "blind_opening", 0),
               ("_false_openings", "false_openings", False))


def irregularities(table: Table) -> list[str]:
    """The dealer's reports of a hand as "N kind cards" strings (see history_of)."""
    out, actions = [], 0
    for event in table.events:
        if event.kind in REPORTS:
            out.append(f"{actions} {event.kind} {cards_text(event.cards)}".rstrip())
        elif line(event) is not None:
            actions += 1
    return out


def history_of(table: Table, **fields: Any) -> HandHistory:
    """The hand so far as PHH.  `fields` add optional fields of the standard
    (players=, event=, hand=, ...) and user fields ("_name").

    The table's options PHH cannot say are user fields: ``_raise_cap`` when the cap
    differs from the standard's (4 in fixed limit, none otherwise; 0 means no cap);
    a placement game's ``_stake`` (chips per point) and ``_fantasyland`` (seats);
    Italian poker's ``_opening`` (when not jacks), ``_carried`` (chips carried in),
    ``_keep_opening``, ``_blind_opening`` (1: a buio, 2: a buio and a controbuio) and
    ``_false_openings``.
    A live dealer's irregularities (games/engine/rules/irregularities.py) are
    ``_irregularities``: one string per report, "N kind cards", N the number of
    actions before it ("4 expose 7h", "9 board_error Kd", "2 floor_misdeal");
    `games.phh.replay` applies each after its N actions, so the hand replays exactly.
    The actions around them are the cards as dealt (a misdealt deal included), which
    a reader that ignores the field cannot replay.
    """
    options = table.options
    fixed = options.betting is Betting.FIXED_LIMIT
    standard_cap = 4 if fixed else None
    user = {k: v for k, v in fields.items() if k.startswith("_")}
    if options.raise_cap != standard_cap:
        user.setdefault("_raise_cap", options.raise_cap or 0)
    reports = irregularities(table)
    if reports:
        user.setdefault("_irregularities", reports)
    for field, name, default in DEAL_FIELDS:     # Italian poker's deal (default elsewhere)
        value = getattr(options, name)
        if value != default:
            user.setdefault(field, value)
    if options.game.rows:           # a placement game: points at a stake
        user.setdefault("_stake", options.stake)
        if options.fantasyland:
            user.setdefault("_fantasyland", list(options.fantasyland))
    values: dict[str, Any] = dict(
        variant=code_of(options.game, options.betting),
        ante_trimming_status=options.ante_trimming,
        antes=options.antes,
        starting_stacks=table.starting_stacks,
        actions=tuple(text for text in map(line, table.events) if text is not None),
    )
    if options.game.has_bring_in:           # stud: a bring-in, no blinds
        values.update(bring_in=options.bring_in)
    else:
        values.update(blinds_or_straddles=options.blinds)
    if fixed:
        values.update(small_bet=options.small_bet, big_bet=options.big_bet)
    elif not options.game.rows:
        values.update(min_bet=options.min_bet)
    if table.done:
        result = table.result
        values.update(finishing_stacks=table.stacks,
                      winnings=result.payouts if result is not None else None)
    values.update({k: v for k, v in fields.items() if not k.startswith("_")})
    return HandHistory(**values, user_fields=user)


def text_of(table: Table, **fields: Any) -> str:
    """The hand as PHH text (`Table.to_phh`)."""
    return dumps(history_of(table, **fields))
