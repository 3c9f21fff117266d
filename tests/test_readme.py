"""The Python examples in the README run as written, and its layout names files that
exist."""

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8
    assert result.failed == 0


def test_layout_names_files_that_exist():
    """Every file the README's "Layout" names is where it says: a name under a folder's
    line (``  equity/  ... _exact.pyx``) is in that folder, others in the section's."""
    root = README.parent
    if not (root / "src").is_dir():
        pytest.skip("no src/ beside the tests (not a source tree)")
    text = README.read_text()
    start = text.index("```text", text.index("### Layout"))
    block = text[start:text.index("```", start + 3)]
    section = folder = root
    named = []
    for line in block.splitlines()[1:]:
        head = line.split()[0] if line.strip() else ""
        if not line.startswith(" "):                  # src/evaluator/, tests/, tools/
            section = folder = root / head
        elif not line.startswith("   "):              # a file or folder of the section
            folder = section / head if head.endswith("/") else section
        for name in re.findall(r"[\w/]*\w\.(?:pyx|pxd|pyi|py|h|c|sh)\b", line):
            path = root / name if "/" in name else folder / name
            named.append(name)
            assert path.exists(), f"README's layout names {name}: no {path.relative_to(root)}"
    assert len(named) > 30
