"""Target: a real hand history with its actions and fields changed (words replaced,
added or dropped; actions dropped, swapped or repeated; fields set to other values),
read and replayed.  Most changes leave valid TOML, so the search spends its time in
the reader's fields and the replay's actions rather than in TOML's syntax.  Only
ValueError or TypeError escape; what replays writes PHH that replays to the same
stacks."""

from __future__ import annotations

from typing import Any

from tests.fuzzing import pick
from tests.fuzzing.hands import dataset, ours
from tests.fuzzing.phh_text import read_and_replay

WORDS = ("f", "cc", "cbr", "sd", "sm", "d", "dh", "db", "p1", "p2", "p3", "p4", "p7",
         "As", "Kd", "2c", "??", "????", "0", "1", "-3", "2", "100", "199", "200", "1e3",
         "#", "0.5", "AsAs", "-", "pn", "")
FIELDS = ("antes", "blinds_or_straddles", "starting_stacks", "min_bet", "small_bet",
          "big_bet", "bring_in", "finishing_stacks", "seat_count", "_irregularities")
VALUES = ("[0, 0]", "[1, 2]", "[1, 2, 4]", "[]", "0", "2", "-1", "[200, 200, 200]",
          "[0.5, 1]", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]", "3", '["3 expose As"]',
          '"x"', "true", "1.5", "[10, 0]", "[0, 200]", "[1]")


def _actions(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith('  "')]


def changed(fdp: Any, text: str) -> str:
    """The text with one to four changes the provider chooses."""
    lines = text.split("\n")
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        acts = _actions(lines)
        change = fdp.ConsumeIntInRange(0, 6)
        if change <= 2 and acts:
            i = pick(fdp, acts)
            words = lines[i].strip().rstrip(",").strip('"').split(" ")
            if change == 0:
                words[fdp.ConsumeIntInRange(0, len(words) - 1)] = pick(fdp, WORDS)
            elif change == 1:
                words.insert(fdp.ConsumeIntInRange(0, len(words)), pick(fdp, WORDS))
            else:
                words.pop(fdp.ConsumeIntInRange(0, len(words) - 1))
            lines[i] = '  "' + " ".join(words) + '",'
        elif change == 3 and acts:
            lines.pop(pick(fdp, acts))
        elif change == 4 and len(acts) > 1:
            a, b = pick(fdp, acts), pick(fdp, acts)
            lines[a], lines[b] = lines[b], lines[a]
        elif change == 5 and acts:
            i = pick(fdp, acts)
            lines.insert(i, lines[i])
        else:
            key = pick(fdp, FIELDS)
            lines = [line for line in lines if not line.startswith(key + " =")]
            lines.insert(1, f"{key} = {pick(fdp, VALUES)}")
    return "\n".join(lines)


def one_input(fdp: Any) -> None:
    read_and_replay(changed(fdp, pick(fdp, ours() + dataset())))
