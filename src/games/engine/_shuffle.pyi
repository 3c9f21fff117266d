"""Stub of the compiled seeded shuffle (games/engine/_shuffle.pyx)."""

from typing import TypeVar

T = TypeVar("T")

class Shuffler:
    def __init__(self, seed: int) -> None: ...
    def sample(self, pool: list[T], k: int) -> list[T]: ...
    def getstate(self) -> tuple[int, int, int, int]: ...
