"""The .pyi stubs of the compiled modules name exactly what the modules define."""

import ast
import importlib
from pathlib import Path

import pytest

import evaluator

STUBBED = sorted(p for p in Path(evaluator.__file__).parent.glob("*.pyi"))


def stub_names(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_stubs_are_shipped():
    assert {p.stem for p in STUBBED} >= {"_kernels", "_tables"}
    assert (Path(evaluator.__file__).parent / "py.typed").exists()


@pytest.mark.parametrize("path", STUBBED, ids=lambda p: p.stem)
def test_stub_matches_module(path):
    module = importlib.import_module(f"evaluator.{path.stem}")
    public = {n for n in vars(module) if not n.startswith("_") and n not in {"np"}}
    public = {n for n in public if getattr(getattr(module, n), "__module__", module.__name__)
              == module.__name__ or not callable(getattr(module, n))}
    declared = stub_names(path)
    missing = declared - set(vars(module))
    assert not missing, f"stub declares what the module lacks: {missing}"
    undeclared = {n for n in public if callable(getattr(module, n))} - declared
    assert not undeclared, f"module defines what the stub omits: {undeclared}"
