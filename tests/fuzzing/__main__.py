"""python -m tests.fuzzing TARGET [libFuzzer arguments]: run one target under atheris
(see the package's text).  TARGET: phh_text, phh_replay, table or tables."""

from __future__ import annotations

import importlib
import sys
from typing import Any

TARGETS = ("phh_text", "phh_replay", "table", "tables")


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: python -m tests.fuzzing {{{','.join(TARGETS)}}} [CORPUS_DIR] "
                 "[libFuzzer flags]")
    try:
        import atheris
    except ImportError:
        sys.exit("atheris is not installed: pip install atheris")
    name = sys.argv.pop(1)
    with atheris.instrument_imports(include=["games", "evaluator"]):
        target = importlib.import_module(f"tests.fuzzing.{name}")
    if name == "phh_text":
        test = target.one_input
    else:
        def test(data: bytes) -> None:
            target.one_input(atheris.FuzzedDataProvider(data))
    test_one: Any = test
    atheris.Setup(sys.argv, test_one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
