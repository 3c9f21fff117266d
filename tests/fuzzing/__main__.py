"""python -m tests.fuzzing TARGET [libFuzzer arguments]: run one target under atheris
(see the package's text).  TARGET: phh_text, phh_replay, table or tables."""

from __future__ import annotations

import importlib
import sys

TARGETS = ("phh_text", "phh_replay", "table", "tables")


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: python -m tests.fuzzing {{{','.join(TARGETS)}}} [CORPUS_DIR] "
                 "[libFuzzer flags]")
    try:
        import atheris
    except ImportError:
        sys.exit('atheris is not installed: pip install ".[fuzz]"')
    name = sys.argv.pop(1)
    with atheris.instrument_imports(include=["games", "evaluator"]):
        target = importlib.import_module(f"tests.fuzzing.{name}")
    def test(data: bytes) -> None:
        if name == "phh_text":          # it reads the bytes as they are
            target.one_input(data)
        else:
            target.one_input(atheris.FuzzedDataProvider(data))
    atheris.Setup(sys.argv, test)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
