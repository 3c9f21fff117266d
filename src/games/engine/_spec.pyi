"""Stub of the compiled game spec (games/engine/_spec.pyx)."""

from typing import Any

from typing_extensions import disjoint_base

@disjoint_base
class GameSpec:
    """The C spec of one game played with one set of table options."""

    @property
    def options(self) -> Any: ...
    def __init__(self, options: Any, stops: dict[int, int] | None = None,
                 deal_counts: list[list[int]] | None = None,
                 settle_by_rule: bool = False) -> None: ...
