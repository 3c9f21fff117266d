"""Reading and writing PHH: fields, round trips, .phhs files, variant codes, and errors
that name the line."""

from __future__ import annotations

import datetime
import io
import sys

import pytest

from games import Betting, Table, phh, variant
from games.phh import HandHistory
from games.phh.codes import CODES, GAMES, PLACEMENT, STANDARD

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the backport pokerhands depends on before 3.11
    import tomli as tomllib

# A hand written for these tests (not from any dataset): a three-way pot-limit Omaha
# hand with a straddle-free blind structure, an all-in and a showdown.
SAMPLE = """\
# three players, written by hand for the tests
variant = "PO"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [500, 300, 800]
actions = [
  "d dh p1 AsAdKhQc",   # the small blind
  "d dh p2 ????????",
  "d dh p3 7h8h9hTh",
  "p3 cbr 35",
  "p1 cbr 115  # a pot-sized raise",
  "p2 f",
  "p3 cc",
  "d db 2c7d9s",
  "p1 cbr 240",
  "p3 cc",
  "d db Jh",
  "p1 cbr 145",
  "p3 cc",
  "p1 sm AsAdKhQc",
  "p3 sm 7h8h9hTh",
  "d db 3s",
]
players = ["Ann", "Bo", "Cy"]
event = "A \\"quoted\\" test, naïvely"
time = 20:15:00
hand = 7
_note = "user fields start with an underscore"
_scores = [1, 2.5, [3, "x"]]
_table = {seat = 3, name = "main"}
"""


def test_loads_reads_every_field() -> None:
    h = phh.loads(SAMPLE)
    assert h.variant == "PO" and h.antes == (0, 0, 0) and h.min_bet == 10
    assert h.blinds_or_straddles == (5, 10, 0) and h.starting_stacks == (500, 300, 800)
    assert h.actions[4] == "p1 cbr 115  # a pot-sized raise" and len(h.actions) == 16
    assert h.players == ("Ann", "Bo", "Cy") and h.hand == 7
    assert h.time == datetime.time(20, 15) and h.event == 'A "quoted" test, naïvely'
    assert h.user_fields == {"_note": "user fields start with an underscore",
                             "_scores": (1, 2.5, (3, "x")),
                             "_table": {"seat": 3, "name": "main"}}
    assert h.lines[0] == 9 and h.lines[4] == 13     # where each action sits in the file


def test_round_trip_and_the_writer_is_valid_toml() -> None:
    h = phh.loads(SAMPLE)
    text = phh.dumps(h)
    assert phh.loads(text) == h
    assert phh.dumps(phh.loads(text)) == text
    raw = tomllib.loads(text)
    assert raw["actions"] == list(h.actions) and raw["_table"] == {"seat": 3, "name": "main"}
    assert raw["event"] == h.event and raw["time"] == h.time


@pytest.mark.parametrize("value", [
    "plain", "tab\there", 'quote " and backslash \\', "new\nline", "ünï©ødé ♠",
    "\x01 control", 0, -7, 10**18, 2.5, -0.125, 1e300, float("inf"), True, False,
    datetime.time(1, 2, 3), datetime.date(2024, 5, 6), datetime.datetime(2024, 5, 6, 7, 8),
    [1, [2, 3], []], {"a b": 1, "c": [True]},
])
def test_every_value_the_writer_writes_reads_back(value: object) -> None:
    h = HandHistory("NT", (0, 0), (100, 100), user_fields={"_v": value})
    back = tomllib.loads(phh.dumps(h))["_v"]
    assert back == value
    assert phh.loads(phh.dumps(h)) == h


def test_phhs_files_hold_many_hands() -> None:
    hands = [Table("holdem", [100, 100], seed=s).history() for s in range(3)]
    text = phh.dumps_all(hands)
    assert text.startswith("[1]\n") and "\n[3]\n" in text
    assert phh.loads_all(text) == hands
    fp = io.StringIO()
    phh.dump_all(hands, fp)
    assert phh.load_all(io.BytesIO(fp.getvalue().encode())) == hands


def test_load_and_dump_take_text_and_binary_files() -> None:
    h = phh.loads(SAMPLE)
    for fp in (io.StringIO(), io.BytesIO()):
        phh.dump(h, fp)
        fp.seek(0)
        assert phh.load(fp) == h


def test_replay_of_the_sample() -> None:
    t = phh.replay(SAMPLE)
    assert t.done and t.stacks == (0, 290, 1310)
    assert t.holes[1] == ()                       # p2 folded its unseen cards
    assert phh.replay(t.to_phh()).stacks == t.stacks


def test_replay_reuses_the_readers_reading_only_of_its_own_actions() -> None:
    import dataclasses

    h = phh.loads(SAMPLE)
    assert h.read is not None and h.read[0] is h.actions
    fresh = dataclasses.replace(h, read=None)         # as if built by hand: nothing read
    assert phh.replay(fresh).events == phh.replay(h).events
    # new actions in a copy: the reading of the old ones must not be used (the river
    # is another card in the copy)
    assert h.actions[-1] == "d db 3s"
    other = dataclasses.replace(h, actions=(*h.actions[:-1], "d db 2s"))
    assert other.read is not None and other.read[0] is not other.actions
    assert phh.replay(other).board[-1] == 3 and phh.replay(h).board[-1] == 7   # 2s, 3s


def test_a_table_writes_what_a_reader_needs() -> None:
    t = Table("holdem", [100, 100, 100], blinds=(1, 2), antes=1, betting="fixed-limit",
              raise_cap=None, seed=4)
    while not t.done:
        t.check_or_call()
    h = t.history(players=["a", "b", "c"], _session="s1")
    assert h.variant == "FT" and h.small_bet == 2 and h.big_bet == 4 and h.min_bet is None
    assert h.antes == (1, 1, 1) and h.ante_trimming_status is False
    assert h.user_fields == {"_session": "s1", "_raise_cap": 0}      # 0: no cap
    assert h.finishing_stacks == t.stacks and h.winnings == t.result.payouts
    assert phh.replay(h).stacks == t.stacks
    assert phh.table_of(h).options.raise_cap is None


def test_variant_codes() -> None:
    assert set(STANDARD) <= set(CODES) and len(STANDARD) == 11
    stud = ("seven-card-stud", "seven-card-stud-hilo", "razz")      # fixed limit only
    assert len(CODES) == 3 * len(GAMES) - 2 * len(stud) + len(PLACEMENT)
    for code, (name, betting) in CODES.items():
        game, structure = phh.game_of(code)
        assert (game.name, structure) == (name, betting)
        assert phh.code_of(game, betting) == code
    assert phh.code_of(variant("short-deck"), Betting.NO_LIMIT) == "NS"
    assert phh.code_of(variant("omaha-hilo"), Betting.FIXED_LIMIT) == "FO/8"
    assert phh.code_of(variant("crazy-pineapple"), Betting.POT_LIMIT) == "PCP"
    assert phh.game_of("F7S")[0].name == "seven-card-stud"
    with pytest.raises(ValueError, match="'N7S' is not played by this engine"):
        phh.game_of("N7S")
    with pytest.raises(ValueError, match="no PHH variant code"):
        phh.code_of(variant("holdem").with_options(name="mine"), Betting.NO_LIMIT)


# ---------------------------------------------------------------- bad files

@pytest.mark.parametrize(("change", "message"), [
    (("min_bet = 10", "min_bet = "), r"invalid TOML\): .*line 6"),
    (("variant = \"PO\"\n", ""), "the required field 'variant' is missing"),
    (("hand = 7", "hands = 7"), r"line 29: unknown field 'hands'"),
    (("min_bet = 10", "min_bet = \"10\""), r"line 6: min_bet must be a number"),
    (("antes = [0, 0, 0]", "antes = [0, 0]"), "antes has 2 entries for 3 players"),
    (('"p2 f"', '"p2 fold"'), r"line 14: actions\[5\] 'p2 fold': .*expected an action"),
    (('"d db Jh"', '"d db Jx"'), r"line 19: actions\[10\] 'd db Jx': cannot read card"),
    (('"d db Jh"', "7"), r"line 19: actions\[10\] must be a string"),
])
def test_malformed_files_name_the_line(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in SAMPLE
    with pytest.raises(ValueError, match=message):
        phh.loads(SAMPLE.replace(old, new, 1))


@pytest.mark.parametrize(("change", "message"), [
    (('"p2 f"', '"p1 f"'), r"actions\[5\] 'p1 f' \(line 14\): p1 is not to act: p2 is"),
    (('"p3 cbr 35"', '"p3 cbr 36"'), r"actions\[3\] 'p3 cbr 36' \(line 12\): .*maximum is 35"),
    (('"d db Jh"', '"d db 7h"'), r"line 19\): board: card 7h is already in a hand"),
    (("starting_stacks = [500, 300, 800]", "starting_stacks = [500.5, 300, 800]"),
     r"starting_stacks\[0\] = 500.5: the engine counts whole chips"),
    (('variant = "PO"', 'variant = "N7S"'), "'N7S' is not played by this engine"),
    (('variant = "PO"', 'variant = "F7S"'), "Seven-card stud has no blinds"),
])
def test_replay_names_the_action_it_cannot_play(change: tuple[str, str], message: str) -> None:
    old, new = change
    with pytest.raises(ValueError, match=message):
        phh.replay(SAMPLE.replace(old, new, 1))


def test_hand_history_checks_its_fields() -> None:
    with pytest.raises(ValueError, match="user-defined field 'note' must start with '_'"):
        HandHistory("NT", (0, 0), (100, 100), user_fields={"note": 1})
    with pytest.raises(ValueError, match=r"starting_stacks\[1\] must be numbers"):
        HandHistory("NT", (0, 0), (100, "100"))
    with pytest.raises(TypeError, match="dumps takes a HandHistory"):
        phh.dumps({"variant": "NT"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot write"):
        phh.dumps(HandHistory("NT", (0, 0), (1, 1), user_fields={"_x": object()}))
