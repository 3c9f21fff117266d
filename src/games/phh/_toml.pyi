"""The TOML that PHH files are written in, read in one pass (see _toml.pyx)."""

from typing import Any

MAX_DEPTH: int

def read(
    text: str,
) -> tuple[dict[str, Any], dict[str, int], dict[str, tuple[int, ...]]] | None: ...
