"""Every example in the packages' docstrings runs as written: the doctests of every
module of `evaluator` and `games`, imported from wherever the packages are installed
(so the same check runs against a source checkout and against an installed wheel,
which `pytest --doctest-modules src` could not)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import evaluator
import games


def modules() -> list[str]:
    names = []
    for package in (evaluator, games):
        names.append(package.__name__)
        names += [info.name for info in pkgutil.walk_packages(package.__path__,
                                                              package.__name__ + ".")]
    return sorted(names)


def examples(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder().find(module, name) if t.examples]


@pytest.mark.parametrize("name", modules())
def test_module_doctests(name):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in examples(name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} failing examples (see output)"


def test_the_doctests_are_found():
    found = {name: sum(len(t.examples) for t in examples(name)) for name in modules()}
    assert sum(found.values()) >= 20
    for name in ("evaluator", "evaluator._cards", "evaluator._italian", "games.equity",
                 "games.showdown.single", "games.ofc.scoring", "games.variants",
                 "games.ranges.notation", "evaluator.checks", "games.chips"):
        assert found[name] > 0, name
