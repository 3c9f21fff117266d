"""Target: any bytes as a PHH file.  The subset TOML reader agrees with `tomllib`
wherever it reads the text; `phh.loads` raises only ValueError or TypeError; what
loads is written and read back equal; what replays writes PHH that replays to the
same stacks."""

from __future__ import annotations

import sys

from games import phh
from games.phh import _toml
from tests.util import same_toml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the backport pokerhands depends on before 3.11
    import tomli as tomllib

REFUSED = (ValueError, TypeError)


def one_input(data: bytes) -> None:
    try:
        text = data.decode()
    except UnicodeDecodeError:
        text = None
    if text is not None:
        try:
            fast = _toml.read(text)
        except ValueError:          # its one refusal: arrays nested too deep
            fast = None
        if fast is not None:
            assert same_toml(fast[0], tomllib.loads(text)), text
    read_and_replay(data)


def read_and_replay(data: str | bytes) -> None:
    """A PHH text read (or refused with TypeError or ValueError), written and read back
    equal, replayed (or refused), and its replay's PHH replayed to the same stacks."""
    try:
        history = phh.loads(data)
    except REFUSED:
        return
    assert phh.loads(phh.dumps(history)) == history, data
    try:
        table = phh.replay(history)
    except REFUSED:
        return
    assert phh.replay(table.to_phh()).stacks == table.stacks, data
