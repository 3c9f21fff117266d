"""The coverage-guided fuzz targets (tests/fuzzing) run over seeded inputs, so that
they keep working between campaigns, and as one more randomised check of the contract
they assert: 300 inputs each, seeds fixed.  The campaigns themselves run by hand under
atheris (tests/fuzzing/__init__.py)."""

from __future__ import annotations

import random

import pytest

from games import phh
from tests.fuzzing import Choices, phh_replay, phh_text, table, tables
from tests.fuzzing.hands import ours

INPUTS = 300


def test_the_choices_stand_in_for_atheris_provider() -> None:
    fdp = Choices(1, budget=3)
    drawn = [fdp.ConsumeIntInRange(5, 9), fdp.ConsumeBool(), fdp.ConsumeUnicodeNoSurrogates(4)]
    assert 5 <= drawn[0] <= 9 and len(drawn[2]) <= 4
    assert fdp.remaining_bytes() == 0
    assert fdp.ConsumeIntInRange(5, 9) == 5 and fdp.ConsumeBool() is False    # spent


def test_phh_text_over_changed_bytes() -> None:
    rng = random.Random(11)
    texts = [t.encode() for t in ours()]
    for _ in range(INPUTS):
        data = bytearray(rng.choice(texts))
        for _ in range(rng.randint(0, 3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        phh_text.one_input(bytes(data))


def test_phh_text_refuses_the_card_tokens_it_once_crashed_on() -> None:
    """The first campaign's find: a card token that the evaluator's reader turns into
    no card at all (';;') raised IndexError from the reader of hand histories."""
    text = ours()[0].replace('"d dh p1 ', '"d dh p1 ;;', 1)
    phh_text.one_input(text.encode())
    with pytest.raises(ValueError, match="cannot read card ';;'"):
        phh.loads(text)


@pytest.mark.parametrize("target", [phh_replay, table, tables],
                         ids=["phh_replay", "table", "tables"])
def test_target(target: object) -> None:
    for seed in range(INPUTS):
        target.one_input(Choices(seed))  # type: ignore[attr-defined]
