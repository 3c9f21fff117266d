"""The reader of the TOML subset PHH files are written in (games/phh/_toml.pyx): what it
accepts, `tomllib` reads to the same values; what it does not, it hands to `tomllib`
(returns None).  Checked on documents written by our own writer, on random documents
of the subset, on their random mutations (where most are no longer TOML), and on each
form the subset leaves out.  The dataset's 10,088 files are in test_phh_dataset.py.

And the reader's errors around it: text that is not UTF-8, values nested too deep,
mutated hand histories (lines deleted or swapped, bad cards), each a ValueError that
names the line.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import Table, phh
from games.phh import HandHistory, _toml
from games.phh.history import MAX_DEPTH
from tests.util import same_toml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the backport pokerhands depends on before 3.11
    import tomli as tomllib

SETTINGS = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def same_as_tomllib(text: str) -> Any:
    """What the subset reader gives, checked against tomllib: equal values where it
    reads the text, and where it does not, tomllib's word (values or an error)."""
    fast = _toml.read(text)
    try:
        slow = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert fast is None, f"the subset reader accepted what tomllib refuses: {text!r}"
        return None
    if fast is not None:
        assert same_toml(fast[0], slow), text
        assert set(fast[1]) == set(slow)
    return fast


# ---------------------------------------------------------------- documents of the subset

scalars = st.one_of(
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=12)
keys = st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True)


def write(value: Any, style: int) -> str:
    """A value in one of several spellings TOML allows for it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return ("+" if style % 3 == 1 and value >= 0 else "") + str(value)
    if isinstance(value, float):
        return repr(value) if style % 2 else f"{value:e}"
    if isinstance(value, str):
        if style % 2 and "'" not in value and not any(
                (ord(c) < 0x20 and c != "\t") or ord(c) == 0x7f for c in value):
            return f"'{value}'"
        out = []
        for c in value:
            if c in '"\\':
                out.append("\\" + c)
            elif ord(c) < 0x20 or ord(c) == 0x7f:
                out.append(f"\\u{ord(c):04x}" if style % 3 else f"\\U{ord(c):08X}")
            else:
                out.append(c)
        return '"' + "".join(out) + '"'
    sep = ",\n  " if style % 2 else ", "
    body = sep.join(write(v, style + i) for i, v in enumerate(value))
    tail = "," if value and style % 4 == 3 else ""
    comment = "  # items\n" if style % 5 == 0 else ""
    return "[" + comment + body + tail + "]"


@st.composite
def documents(draw: st.DrawFn) -> str:
    pairs = draw(st.dictionaries(keys, values, max_size=6))
    lines = []
    for i, (key, value) in enumerate(pairs.items()):
        style = draw(st.integers(0, 59))
        space = " " if style % 2 else "\t "
        line = f"{' ' * (style % 3)}{key}{space}={space}{write(value, style)}"
        if style % 7 == 0:
            line += "  # a comment"
        lines.append(line)
        if i % 3 == 2:
            lines.append("# a comment line" if style % 2 else "")
    end = "\r\n" if draw(st.booleans()) else "\n"
    return end.join(lines) + (end if draw(st.booleans()) else "")


@SETTINGS
@given(documents())
def test_documents_of_the_subset_are_read_as_tomllib_reads_them(text: str) -> None:
    assert same_as_tomllib(text) is not None, f"left to tomllib: {text!r}"


MUTATIONS = ["", " ", "\n", "\r", "\t", "#", "=", ",", "[", "]", "{", '"', "'", "\\", ".",
             "-", "+", "_", "0", "1", "e", "x", "t", "\x00", "\x7f", ":", "\ufeff", "é"]


@SETTINGS
@given(documents(), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3),
                                       st.sampled_from(MUTATIONS)), min_size=1, max_size=3))
def test_mutated_documents_are_read_as_tomllib_reads_them_or_left_to_it(
        text: str, edits: list[tuple[int, int, str]]) -> None:
    for where, cut, insert in edits:
        at = where % (len(text) + 1)
        text = text[:at] + insert + text[at + cut:]
    same_as_tomllib(text)


def test_what_our_writer_writes_is_read_by_the_subset_reader() -> None:
    t = Table("omaha-hilo", [300, 200, 500], blinds=(1, 2), seed=5)
    while not t.done:
        t.check_or_call()
    text = t.to_phh(players=["a \"b\"", "c", "d"], hand=3)
    assert same_as_tomllib(text) is not None
    assert phh.loads(text) == t.history(players=["a \"b\"", "c", "d"], hand=3)


@pytest.mark.parametrize("text", [
    "[table]\nx = 1\n",                 # a table header
    "x = {a = 1}\n",                    # an inline table
    "x.y = 1\n", '"x" = 1\n', "'x' = 1\n",      # dotted and quoted keys
    "x = 1979-05-27\n", "x = 07:32:00\n", "x = 1979-05-27T07:32:00Z\n",
    'x = """a"""\n', "x = '''a'''\n",   # multi-line strings
    "x = 1_000\n", "x = 0x1F\n", "x = 0o7\n", "x = 0b1\n",
    "x = inf\n", "x = -nan\n", "x = +inf\n",
    "\ufeffx = 1\n",                    # a byte-order mark
    "x = [1, 2]\nx = 3\n",              # a duplicate key: an error
    "x = 01\n", "x = 1.\n", "x = .5\n", "x = 1e\n", "x = \"\\q\"\n", "x = tru\n",
    "x = 1\ry = 2\n", "x = 'a\x00'\n", "# \x01\nx = 1\n", "x = [1 2]\n", "x = [,]\n",
    "x = \"\\ud800\"\n", "x = 1 2\n", "x =\n", "= 1\n",
])
def test_what_the_subset_leaves_out_goes_to_tomllib(text: str) -> None:
    assert _toml.read(text) is None
    same_as_tomllib(text)


def test_lines_of_keys_and_of_array_items() -> None:
    values, key_lines, item_lines = _toml.read(
        "# header\nvariant = 'NT'\nactions = [\n  'p1 f',  # first\n\n  'p2 cc',\n]\n"
        "x = [[1,\n2], 3]\n")
    assert values == {"variant": "NT", "actions": ["p1 f", "p2 cc"], "x": [[1, 2], 3]}
    assert key_lines == {"variant": 2, "actions": 3, "x": 8}
    assert item_lines == {"actions": (4, 6), "x": (8, 9)}


def test_escapes_and_unicode() -> None:
    text = 'a = "\\"\\\\\\n\\t\\r\\b\\f\\u00e9\\U0001F0A1"\nb = \'C:\\\\no\'\nc = "naïve ♠"\n'
    values = same_as_tomllib(text)[0]
    assert values == {"a": '"\\\n\t\r\b\fé\U0001f0a1', "b": "C:\\\\no",
                      "c": "naïve ♠"}


# ---------------------------------------------------------------- nesting, encoding

HAND = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [200, 200]\nactions = ["d dh p1 AsKs", "d dh p2 QhQd", "p2 f"]\n')


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 500, 5000])
def test_arrays_nested_too_deep_are_refused_by_line(depth: int) -> None:
    text = HAND + "_x = " + "[" * depth + "]" * depth + "\n"
    with pytest.raises(ValueError, match=f"line 7: arrays nested more than {MAX_DEPTH}"):
        phh.loads(text)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 500, 5000])
def test_values_nested_too_deep_beside_toml_the_subset_leaves_out(depth: int) -> None:
    """A date keeps the text from the subset reader: tomllib reads it, and the depth
    is refused either by the history (within the interpreter's recursion) or by the
    reader that catches tomllib's recursion."""
    text = HAND + "_when = 1979-05-27\n_x = " + "{a = " * depth + "1" + "}" * depth + "\n"
    with pytest.raises(ValueError, match=f"(line 8: values|'_x' nests arrays or tables) "
                                         f"(nested )?more than {MAX_DEPTH}"):
        phh.loads(text)


def test_the_deepest_value_read_is_written_and_read_back() -> None:
    h = phh.loads(HAND + "_x = " + "[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH + "\n")
    assert phh.loads(phh.dumps(h)) == h
    deeper: Any = 1
    for _ in range(MAX_DEPTH + 1):
        deeper = [deeper]
    with pytest.raises(ValueError, match=f"'_x' nests arrays or tables more than {MAX_DEPTH}"):
        HandHistory("NT", (0, 0), (1, 1), user_fields={"_x": deeper})


@pytest.mark.parametrize("data", [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80abc"])
def test_bytes_that_are_not_utf8_are_refused_by_line(data: bytes) -> None:
    text = HAND.encode() + b"_name = '" + data + b"'\n"
    with pytest.raises(ValueError, match=r"line 7: not UTF-8 text \(byte 0x"):
        phh.loads(text)
    with pytest.raises(TypeError, match="PHH text must be str or bytes"):
        phh.loads(7)  # type: ignore[arg-type]


# ---------------------------------------------------------------- mutated hand histories

def played() -> str:
    t = Table("holdem", [200, 200, 200], blinds=(1, 2), seed=11)
    for move in ("cbr 6", "cc", "cc"):
        t.act(move)
    while not t.done:
        t.check_or_call()
    return t.to_phh()


def action_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines()) if line.startswith("  \"")]


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.data())
def test_a_mutated_hand_history_replays_or_names_the_line(data: st.DataObject) -> None:
    """Delete an action line, swap two, or break a card: the hand replays (the
    mutation was still a legal hand) or the error names the action and its line."""
    lines = played().splitlines()
    actions = action_lines("\n".join(lines))
    how = data.draw(st.sampled_from(["delete", "swap", "card"]))
    i = data.draw(st.sampled_from(actions))
    if how == "delete":
        del lines[i]
    elif how == "swap":
        j = data.draw(st.sampled_from(actions))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines[i] = lines[i].replace("s", "x", 1) if "s" in lines[i] else lines[i] + "?"
    text = "\n".join(lines) + "\n"
    try:
        table = phh.replay(text)
    except ValueError as error:
        assert "line " in str(error), error
    else:
        assert sum(table.stacks) + sum(table.bets) + sum(p.amount for p in table.pots) == 600
