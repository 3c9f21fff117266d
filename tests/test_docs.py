"""The documentation site: every page's Python examples run as written, and the site
builds with no warning (mkdocs --strict).  The pages live in docs/ of the source tree;
where the tests run without it (an installed wheel tested from elsewhere), they skip."""

from __future__ import annotations

import doctest
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md")) if DOCS.is_dir() else []

needs_docs = pytest.mark.skipif(not PAGES, reason="no docs/ beside the tests (not a "
                                                  "source tree)")


@needs_docs
@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_page_examples_run(page):
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@needs_docs
def test_pages_hold_examples():
    found = {p.name: doctest.DocTestParser().get_examples(p.read_text()) for p in PAGES}
    assert sum(len(e) for e in found.values()) >= 60
    for name in ("holdem.md", "omaha.md", "italian.md", "ofc.md", "ranking.md", "batch.md",
                 "equity.md", "playing.md", "hand-histories.md"):
        assert found[name], name


def test_every_page_is_in_the_navigation():
    if not PAGES:
        pytest.skip("no docs/ beside the tests (not a source tree)")
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in PAGES:
        assert str(page.relative_to(DOCS)) in nav, page


@needs_docs
def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("mkdocs", reason="the docs extra is not installed")
    pytest.importorskip("mkdocstrings", reason="the docs extra is not installed")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "rules" / "italian" / "index.html").exists()
    reference = (tmp_path / "reference" / "evaluator" / "index.html").read_text()
    assert "evaluate_batch" in reference and "Ranking" in reference
    shutil.rmtree(tmp_path, ignore_errors=True)
