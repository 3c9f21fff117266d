"""The sdist carries what its own test suite and docs use: every tracked file of
tests/, docs/, tools/ and benchmarks/ is taken by MANIFEST.in (a file left out made the
sdist's tests fail: tests/test_rl.py runs docs/examples/random_vs_rules.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_manifest_takes_every_tracked_file_the_tests_and_docs_use():
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout (an sdist or an installed wheel)")
    egg_info = pytest.importorskip("setuptools.command.egg_info")
    tracked = subprocess.run(["git", "ls-files", "tests", "docs", "tools", "benchmarks"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60,
                             check=True).stdout.split()
    files = egg_info.FileList()
    files.set_allfiles(tracked)
    for line in (ROOT / "MANIFEST.in").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            files.process_template_line(line)
    assert sorted(set(tracked) - set(files.files)) == []
