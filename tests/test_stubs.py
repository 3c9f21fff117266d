"""The .pyi stubs of the compiled modules name exactly what the modules define."""

import ast
import importlib
from pathlib import Path

import pytest

import evaluator
import games

STUBBED = sorted(
    p for package in (evaluator, games) for p in Path(package.__file__).parent.rglob("*.pyi")
)


def module_name(path: Path) -> str:
    """games/engine/_betting.pyi -> games.engine._betting"""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def stub_names(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_stubs_are_shipped():
    assert {p.stem for p in STUBBED} >= {
        "_kernels", "_tables", "_variant_tables", "_omaha_kernels", "_italian_core",
        "_showdown", "_equity", "_betting", "_shuffle",
    }
    for package in (evaluator, games):
        assert (Path(package.__file__).parent / "py.typed").exists()
        compiled = {module_name(p.with_name(p.name.split(".")[0] + ".pyi"))
                    for p in Path(package.__file__).parent.rglob("*")
                    if p.suffix in (".so", ".pyd")}
        assert compiled <= {module_name(p) for p in STUBBED}, "a compiled module has no stub"


@pytest.mark.parametrize("path", STUBBED, ids=module_name)
def test_stub_matches_module(path):
    module = importlib.import_module(module_name(path))
    public = {n for n in vars(module) if not n.startswith("_") and n not in {"np"}}
    public = {n for n in public if getattr(getattr(module, n), "__module__", module.__name__)
              == module.__name__ or not callable(getattr(module, n))}
    declared = stub_names(path)
    missing = declared - set(vars(module))
    assert not missing, f"stub declares what the module lacks: {missing}"
    undeclared = {n for n in public if callable(getattr(module, n))} - declared
    assert not undeclared, f"module defines what the stub omits: {undeclared}"
