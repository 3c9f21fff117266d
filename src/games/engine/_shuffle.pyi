"""Stub of the compiled seeded shuffle (games/engine/_shuffle.pyx)."""

from typing import TypeVar

from typing_extensions import disjoint_base

_T = TypeVar("_T")

@disjoint_base
class Shuffler:
    def __init__(self, seed: int) -> None: ...
    def sample(self, pool: list[_T], k: int) -> list[_T]: ...
    def getstate(self) -> tuple[int, int, int, int]: ...
