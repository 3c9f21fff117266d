"""The protocol of a rule module (see games/engine/rules/__init__.py) and the rule
points of games/engine/_state.pxd it answers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from games.engine.options import TableOptions
    from games.engine.table import Table

# The rule points of games/engine/_state.pxd (Hand.point)
ROUND = 2          # before a betting round opens
ROUND_END = 3      # a betting round ended
SERVE = 4          # a draw's declarations are over (a table that deals itself)
SETTLE = 5         # the hand is to be settled
DEALT = 6          # a dealer's deal is complete


class Rule:
    """What a rule module offers the table it is attached to (see the package)."""

    #: the module settles every hand (the machine stops at SETTLE)
    settles: ClassVar[bool] = False
    #: the rule points this module answers
    points: ClassVar[tuple[int, ...]] = ()

    def __init__(self, table: Table) -> None:
        self.table = table
        self.machine = table._machine

    @classmethod
    def stops(cls, options: TableOptions) -> dict[int, int]:
        """{street index: bits (1 << point)} where the machine stops for this module."""
        return {}

    @classmethod
    def deal_counts(cls, options: TableOptions) -> list[list[int]] | None:
        """Each street's hole cards per seat, where seats are dealt different counts."""
        return None

    def at(self, point: int) -> None:
        """The machine waits at `point` for this module: do the rule, then let it go
        on (or end the hand)."""
        raise NotImplementedError

    def due(self) -> str | None:
        """What the table waits for, in words, where this module owns the step."""
        return None

    def legal(self) -> Any:
        """`legal()` where this module owns the step (a `Legal`), else None."""
        return None

    def result(self) -> Any:
        """The settlement of a hand this module settled (`settles`), once over."""
        return None

    def state(self) -> tuple[object, ...]:
        """The module's own state, for snapshots in tests."""
        return ()

    def restore(self, state: tuple[object, ...]) -> None:
        """Back to a state `state()` returned (a refused action)."""
