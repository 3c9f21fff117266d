"""How the benchmarks drive pokerkit: every step but the players' decisions automated,
so its hands/s compare with a table that deals and settles itself."""

from __future__ import annotations

from typing import Any


def automations() -> tuple[Any, ...]:
    """pokerkit's automations for whole hands dealt, shown and paid by the engine."""
    from pokerkit import Automation

    return (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
        Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
