"""The acceptance test: real hands nobody here wrote.

../shared/phh/pokerkit-phh-data.tar.xz (relative to the project root) holds 10,088
PHH files published with pokerkit: 10,000 six-max no-limit hands of a bot match, 83
hands of a televised championship in nine variants, and 5 famous hands.  Every file
loads, and every hand that records its finishing stacks (10,083, in the eleven
variants of the standard) must replay to exactly those stacks (a file that writes
half chips may differ by the odd chip).  The archive is
read in place and never copied into the project; the test is skipped where it is
absent (a user's machine, a clean CI clone).
"""

from __future__ import annotations

import sys
import tarfile
from collections import Counter
from pathlib import Path

import pytest

from games import phh
from games.phh import _toml
from tests.util import same_toml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the backport pokerhands depends on before 3.11
    import tomli as tomllib

ARCHIVE = Path(__file__).resolve().parents[1] / ".." / "shared" / "phh" / \
    "pokerkit-phh-data.tar.xz"
OURS = ("NT", "NS", "PO", "FT", "FO/8", "F2L3D", "F7S", "F7S/8", "FR", "N2L1D", "FB")
#: the hands that record finishing stacks, per variant (10,083 in all)
EXPECTED = {"NT": 10_011, "FO/8": 14, "PO": 7, "FT": 7, "F2L3D": 7, "F7S": 13, "F7S/8": 7,
            "FR": 10, "N2L1D": 7}


@pytest.fixture(scope="module")
def hands() -> list[tuple[str, str]]:
    if not ARCHIVE.exists():
        pytest.skip(f"the PHH dataset is not at {ARCHIVE.resolve()} (it lives beside the "
                    "project on the development machine only)")
    out = []
    with tarfile.open(ARCHIVE) as tar:
        for member in tar:
            if member.isfile() and member.name.endswith(".phh"):
                data = tar.extractfile(member)
                assert data is not None
                out.append((member.name, data.read().decode()))
    return out


def test_every_file_of_the_dataset_loads(hands: list[tuple[str, str]]) -> None:
    variants = Counter(phh.loads(text).variant for _, text in hands)
    assert sum(variants.values()) == len(hands) == 10_088
    assert variants["NT"] == 10_012 and variants["F2L3D"] == 8
    assert set(variants) == set(OURS)


def test_the_subset_reader_reads_every_file_as_tomllib_does(
        hands: list[tuple[str, str]]) -> None:
    """games/phh/_toml.pyx reads every file of the dataset itself (none is left to
    tomllib), to exactly tomllib's values."""
    left, differ = [], []
    for name, text in hands:
        fast = _toml.read(text)
        if fast is None:
            left.append(name)
        elif not same_toml(fast[0], tomllib.loads(text)):
            differ.append(name)
    assert not left and not differ, (left[:3], differ[:3])


def test_every_hand_of_our_variants_replays_to_its_finishing_stacks(
        hands: list[tuple[str, str]]) -> None:
    replayed: Counter[str] = Counter()
    wrong = []
    for name, text in hands:
        history = phh.loads(text)
        if history.variant not in OURS or history.finishing_stacks is None:
            continue
        table = phh.replay(history)
        expected = history.finishing_stacks
        slack = 1 if any(not float(x).is_integer() for x in expected) else 0
        if not table.done or any(abs(a - b) > slack
                                 for a, b in zip(table.stacks, expected, strict=True)):
            wrong.append((name, table.stacks, expected))
        replayed[history.variant] += 1
    assert not wrong, f"{len(wrong)} hands end elsewhere, e.g. {wrong[:3]}"
    assert dict(replayed) == EXPECTED
    assert sum(replayed.values()) == 10_083


def test_famous_hands_without_finishing_stacks(hands: list[tuple[str, str]]) -> None:
    """The five famous hands record no finishing stacks: four (Arieh vs Yockey's 2-7
    Triple Draw and Wikipedia's badugi hand, every card of it unseen until the
    showdown, among them) replay to the end with every chip kept; one counts quarter
    chips, which the engine refuses by name."""
    famous = {name.rsplit("/", 1)[-1]: text for name, text in hands
              if name.count("/") == 1 and phh.loads(text).variant in OURS}
    assert len(famous) == 5
    for name, text in famous.items():
        history = phh.loads(text)
        if any(not float(x).is_integer() for x in history.starting_stacks):
            with pytest.raises(ValueError, match="the engine counts whole chips"):
                phh.replay(history)
            continue
        table = phh.replay(history)
        assert table.done, name
        assert sum(table.stacks) == sum(history.starting_stacks), name
        assert any(e.kind == "show" for e in table.events), name


def test_the_stud_games_replay_as_recorded(hands: list[tuple[str, str]]) -> None:
    """What the stud hands exercise, checked on the hands themselves: the bring-in
    falls where the file posts it (the lowest card showing; razz the highest), every
    later round opens where the file's first action is (the best hand showing; razz
    the lowest), up cards are the third card of third street and one a street after
    it, and razz's all-in on sixth street shows down twice (wsop/2023/43/5/85: the
    seventh-street card is dealt face down after the hands were shown)."""
    stud = [(name, phh.loads(text)) for name, text in hands
            if phh.loads(text).variant in ("F7S", "F7S/8", "FR")]
    assert len(stud) == 30
    for name, history in stud:
        table = phh.replay(history)
        events = table.events
        posts = [e for e in events if e.kind == "bring_in"]
        assert len(posts) == 1, name
        assert f"p{posts[0].seat + 1} pb" in history.actions, name
        for e in events:
            if e.kind == "deal_hole" and len(e.cards) == 3:
                assert e.up == (False, False, True), name
            elif e.kind == "deal_hole":
                assert len(e.up) in (0, 1), name
    razz = dict(stud)["data/wsop/2023/43/5/85.phh"]
    shows = [e.seat for e in phh.replay(razz).events if e.kind == "show"]
    assert shows == [1, 0, 0, 1]
