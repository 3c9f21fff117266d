"""Target: one `Table` of any bet-and-draw game, dealt by itself or by a dealer, driven
by legal and hostile calls mixed: typed actions with amounts of every wrong type and
range, discards and shows of cards not held, PHH action lines of real words in wrong
orders, and free text.  After every call: a refused call raised TypeError or ValueError
and changed nothing, every chip is at the table, every card (dealt by the table) in
one place; a hand it finished replays from its PHH to the same stacks."""

from __future__ import annotations

from typing import Any

from evaluator import format_cards
from games import Table, phh
from tests.engine_util import check_cards, check_chips
from tests.fuzzing import pick

GAMES = ("holdem", "short-deck", "omaha", "omaha5", "omaha-hilo", "crazy-pineapple",
         "2-7-triple-draw", "2-7-single-draw", "badugi", "seven-card-stud",
         "seven-card-stud-hilo", "razz", "italian")
BETTINGS = ("no-limit", "pot-limit", "fixed-limit")
REFUSED = (ValueError, TypeError)
WORDS = ("f", "cc", "cbr", "sd", "sm", "d", "dh", "db", "p1", "p2", "p3", "p7", "As", "Kd",
         "??", "10h", "0", "-1", "2", "99999999999999999999", "1.5", "#", ";", " ", "pn")


def _value(fdp: Any) -> Any:
    """An amount or cards of any type: in range, out of it, or not a number."""
    kind = fdp.ConsumeIntInRange(0, 7)
    if kind == 0:
        return fdp.ConsumeIntInRange(-5, 400)
    if kind == 1:
        return fdp.ConsumeUnicodeNoSurrogates(6)
    return (-1, 10**30, 2.5, "12", None, True)[kind - 2]


def _deal(t: Table, fdp: Any) -> None:
    """At a dealer's table, deal what is due: the deck's next cards, or cards drawn at
    random (often in a hand or twice)."""
    due = t.due
    if due is None:
        t.check_or_call()
        return
    cards = (list(t.deck[:due.cards]) if fdp.ConsumeBool()
             else [fdp.ConsumeIntInRange(0, 51) for _ in range(due.cards)])
    try:
        text = format_cards(cards, sep="")
    except REFUSED:
        text = "??"
    where = {"hole": f"dh p{due.seat + 1}", "board": "db"}.get(due.step, due.step)
    t.act(f"d {where} {text}")


def _step(t: Table, fdp: Any) -> None:
    """One call, legal or not."""
    step = fdp.ConsumeIntInRange(0, 9)
    legal = t.legal()
    if step == 0:
        t.fold()
    elif step == 1:
        t.check_or_call()
    elif step == 2:
        if legal.raise_to and fdp.ConsumeBool():
            t.raise_to(fdp.ConsumeIntInRange(*legal.raise_to))
        else:
            t.raise_to(_value(fdp))
    elif step == 3:
        if t.actor is not None and legal.discard is not None and fdp.ConsumeBool():
            hand = [c for c in t.holes[t.actor] if c is not None]
            t.discard(hand[:fdp.ConsumeIntInRange(0, len(hand))])
        else:
            t.discard(_value(fdp))
    elif step == 4:
        t.bring_in()
    elif step == 5:
        t.show(_value(fdp) if fdp.ConsumeBool() else None)
    elif step == 6:
        t.act(" ".join(pick(fdp, WORDS) for _ in range(fdp.ConsumeIntInRange(1, 4))))
    elif step == 7:
        t.act(fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 20)))
    elif step == 8 and not t.auto:
        _deal(t, fdp)
    elif legal.fold:
        t.fold()
    else:
        t.check_or_call()


def one_input(fdp: Any) -> None:
    game = pick(fdp, GAMES)
    stacks = [fdp.ConsumeIntInRange(1, 300) for _ in range(fdp.ConsumeIntInRange(2, 7))]
    auto = fdp.ConsumeBool()
    settings = {"betting": pick(fdp, BETTINGS)} if fdp.ConsumeBool() else {}
    try:
        t = Table(game, stacks, seed=fdp.ConsumeIntInRange(0, 2**20), auto=auto, **settings)
    except REFUSED:                 # too many seats for the game's deck, say
        return
    for _ in range(fdp.ConsumeIntInRange(0, 80)):
        if t.done or not fdp.remaining_bytes():
            break
        before = t._snapshot()              # everything the table holds
        try:
            _step(t, fdp)
        except REFUSED:
            assert t._snapshot() == before, ("a refused call changed the table", t.to_phh())
        check_chips(t)
        if auto:
            check_cards(t)
    if t.done and auto:
        assert phh.replay(t.to_phh()).stacks == t.stacks, t.to_phh()
