"""games.ranges: the PokerStove / Equilab range syntax."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from evaluator import parse_cards
from games.ranges import all_classes, class_combos, class_name, parse_range, range_arrays


def names(text: str) -> set[str]:
    return {class_name(a, b) for a, b in parse_range(text)}


@pytest.mark.parametrize("text,count", [
    ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("TT+", 30), ("22-55", 24),
    ("55-22", 24), ("A5s-A2s", 16), ("KTo+", 36), ("A2s+", 48), ("AhKh", 1), ("random", 1326),
    ("*", 1326), ("AA, KK, AKs", 16), ("aks, qq", 10),
])
def test_combo_counts(text, count):
    assert len(parse_range(text)) == count


def test_class_expansions():
    assert names("KTo+") == {"KTo", "KJo", "KQo"}
    assert names("A5s-A2s") == {"A5s", "A4s", "A3s", "A2s"}
    assert names("TT+") == {"TT", "JJ", "QQ", "KK", "AA"}
    assert names("22-44") == {"22", "33", "44"}
    assert len(all_classes()) == 169
    assert sum(len(class_combos(n)) for n in all_classes()) == 1326


def test_exact_hand_and_weights():
    r = parse_range("AhKh:0.25, QQ:0.5, JJ")
    ah, kh = parse_cards("AhKh").tolist()
    assert r[(ah, kh)] == 0.25
    assert {w for c, w in r.items() if c[0] >> 2 == 10} == {0.5}
    assert {w for c, w in r.items() if c[0] >> 2 == 9} == {1.0}


def test_later_parts_override_and_zero_removes():
    r = parse_range("random:0.5, AA")
    assert len(r) == 1326 and sorted(set(r.values())) == [0.5, 1.0]
    assert len(parse_range("TT+, AA:0")) == 24


def test_short_deck_drops_low_cards():
    combos, weights = range_arrays("random", lowest_rank="6")
    assert len(combos) == 630 and (combos >= 16).all() and len(weights) == 630
    assert len(parse_range("A5s-A2s, AKs", lowest_rank="6")) == 4
    with pytest.raises(ValueError, match="holds no hands"):   # nothing of it in 36 cards
        parse_range("A5s-A2s", lowest_rank="6")
    with pytest.raises(ValueError, match="holds no hands"):   # every weight 0
        parse_range("AKs:0")


def test_percent_ranges_follow_the_preflop_order():
    from games.ranges.preflop_order import EQUITY, ORDER

    assert len(ORDER) == 169 and set(ORDER) == set(all_classes())
    assert ORDER[0] == "AA" and ORDER[-1] in ("32o", "42o", "72o")
    assert [EQUITY[n] for n in ORDER] == sorted(EQUITY.values(), reverse=True)
    assert names("0.4%") == {"AA"}
    assert names("0.5%") == {"AA", "KK"}
    assert len(parse_range("100%")) == 1326
    top = parse_range("15%")
    assert 0.15 * 1326 <= len(top) < 0.15 * 1326 + 16


def test_preflop_table_regenerates():
    """Recompute two entries of the committed table with the exact enumerator."""
    from games.ranges.preflop_order import EQUITY

    path = Path(__file__).parents[1] / "tools" / "preflop_order.py"
    spec = importlib.util.spec_from_file_location("preflop_order", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["preflop_order"] = module
    spec.loader.exec_module(module)
    for name in ("AKs", "KK"):
        assert round(module.class_equity(name, threads=2), 7) == EQUITY[name]


@pytest.mark.parametrize("bad", ["", "AK,", "AKx", "A5s-K2s", "AA-KQs", "AA:x", "AA:-1", "AhKhQh",
                                 "101%", "AKs+-"])
def test_bad_ranges(bad):
    with pytest.raises(ValueError):
        parse_range(bad)


def test_range_arrays_are_the_callers_to_change():
    """range_arrays reads each text once (a cache); what it returns is a fresh copy, so
    a caller writing into it changes no later answer."""
    combos, weights = range_arrays("AKs, QQ:0.5")
    first = (combos.copy(), weights.copy())
    combos[:] = 0
    weights[:] = 9.0
    again = range_arrays("AKs, QQ:0.5")
    assert np.array_equal(again[0], first[0]) and np.array_equal(again[1], first[1])
    assert again[0].flags.writeable and again[1].flags.writeable


@pytest.mark.parametrize(("text", "lowest"), [(["AKs"], "2"), (None, "2"), ("AKs", 6)])
def test_range_arrays_rejects_wrong_types(text, lowest):
    with pytest.raises(TypeError):
        range_arrays(text, lowest)
