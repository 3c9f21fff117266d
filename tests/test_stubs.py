"""The .pyi stubs of the compiled modules say exactly what the modules define, with the
signatures they have: checked by mypy's stubtest against the imported modules.

Plain Python modules that setup.py compiles for speed (the engine) need no stub: their
own .py source, shipped beside the extension, is what mypy reads."""

import importlib.machinery
import pkgutil
import subprocess
import sys
from pathlib import Path

import evaluator
import games

ALLOWLIST = Path(__file__).with_name("stubtest_allowlist.txt")


def extension_modules() -> list[tuple[str, Path]]:
    """Every extension module of the two packages, at any depth, and its file."""
    found = []
    for package in (evaluator, games):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            spec = importlib.util.find_spec(info.name)
            if spec is not None and isinstance(spec.loader,
                                               importlib.machinery.ExtensionFileLoader):
                found.append((info.name, Path(spec.origin)))
    return sorted(found)


def compiled_python(name: str, origin: Path) -> bool:
    """Whether the extension was compiled from a plain .py module shipped beside it."""
    return origin.with_name(name.rsplit(".", 1)[1] + ".py").exists()


def compiled_modules() -> list[str]:
    """The extension modules written in Cython (.pyx), which need .pyi stubs."""
    return [name for name, origin in extension_modules()
            if not compiled_python(name, origin)]


def test_the_engine_runs_compiled():
    """setup.py's COMPILED_PYTHON is built and imported as extensions, not as .py."""
    plain = {name for name, origin in extension_modules() if compiled_python(name, origin)}
    assert {"games.engine.table", "games.phh.notation", "games.showdown.single"} <= plain


def test_every_compiled_module_ships_a_stub_and_py_typed():
    modules = compiled_modules()
    assert len(modules) >= 7, modules
    for name in modules:
        origin = Path(importlib.util.find_spec(name).origin)
        assert origin.with_name(name.rsplit(".", 1)[1] + ".pyi").exists(), name
    for package in (evaluator, games):
        assert (Path(package.__file__).parent / "py.typed").exists()


def test_stubs_match_the_compiled_modules():
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--allowlist", str(ALLOWLIST),
         *compiled_modules()],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
