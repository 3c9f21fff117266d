"""games.equity_table: entries equal single equity calls, symmetry, labels and exports,
pictures, bad input, and the `pokerhands table` command.  Cluster runs are in
tests/test_dask.py."""

from __future__ import annotations

import json
import math
import struct

import numpy as np
import pytest

import games
from games import equity, equity_table, parse_range
from games.cli import main
from games.ranges import GRID, grid_cell, to_grid
from games.tables import ALL_CLASSES

ROWS = ["AA", "KK", "AKs", "72o", "AhAs"]


@pytest.fixture(scope="module")
def small():
    return equity_table("holdem", ROWS, threads=2)


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


# ---------------------------------------------------------------- the numbers

def test_entries_are_the_equities_of_single_calls(small):
    assert small.exact and small.shape == (5, 5)
    for i, a in enumerate(ROWS):
        for j, b in enumerate(ROWS):
            if a == b == "AhAs":
                assert math.isnan(small.equities[i, j])
                continue
            want = equity("holdem", [a, b], exact=True)[0].equity
            assert small.equities[i, j] == pytest.approx(want, abs=1e-12)


def test_symmetric_entries_sum_to_one(small):
    m = small.equities
    both = ~np.isnan(m)
    assert np.allclose((m + m.T)[both], 1.0, atol=1e-12)


def test_published_figures_in_a_table():
    t = equity_table("holdem", ["AA", "AKs"], ["KK", "QQ"], exact=True)
    assert round(100 * t["AA", "KK"], 3) == 81.946
    assert round(100 * t["AKs", "QQ"], 2) == 46.05


def test_every_class_against_kings():
    t = equity_table("holdem", "all", ["KK"], exact=True, threads=2)
    assert t.rows == ALL_CLASSES and len(t.rows) == 169 and t.exact
    assert round(100 * t["AA", "KK"], 3) == 81.946
    assert t["KK", "KK"] == pytest.approx(0.5)
    # nothing but aces is a favourite against kings
    assert int(np.argmax(t.equities[:, 0])) == ALL_CLASSES.index("AA")
    assert (np.delete(t.equities[:, 0], ALL_CLASSES.index("AA")) <= 0.5 + 1e-12).all()


def test_sampled_table_is_the_same_for_any_thread_count():
    a = equity_table("holdem", ["AA", "T9s", "72o"], ["random"], trials=3000, seed=11,
                     threads=1)
    b = equity_table("holdem", ["AA", "T9s", "72o"], ["random"], trials=3000, seed=11,
                     threads=2)
    assert not a.exact and a.trials == 3000 and a.seed == 11
    assert np.array_equal(a.equities, b.equities)
    c = equity_table("holdem", ["AA", "T9s", "72o"], ["random"], trials=3000, seed=12)
    assert not np.array_equal(a.equities, c.equities)


def test_a_board_and_dead_cards_apply_to_every_entry():
    t = equity_table("holdem", ["AA", "KK"], ["QQ", "AKs"], board="Ks7d2c", dead="Qh")
    assert t.board == "Ks7d2c" and t.dead == "Qh"
    want = equity("holdem", ["KK", "AKs"], "Ks7d2c", "Qh", exact=True)[0].equity
    assert t["KK", "AKs"] == pytest.approx(want, abs=1e-12)


def test_omaha_hands_as_labels():
    t = equity_table("omaha", ["AhAsKd7c"], ["QhJhTs9s", "2c3c4d5d"], board="2h7h8s")
    want = equity("omaha", ["AhAsKd7c", "2c3c4d5d"], "2h7h8s", exact=True)[0].equity
    assert t["AhAsKd7c", "2c3c4d5d"] == pytest.approx(want, abs=1e-12)


def test_progress_counts_entries():
    seen = []
    equity_table("holdem", ["AA", "KK", "QQ"], progress=lambda d, t: seen.append((d, t)),
                 threads=1)
    assert seen[-1] == (6, 6)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


# ---------------------------------------------------------------- as data

def test_csv_json_dict_and_pandas(small, tmp_path):
    text = small.to_csv(tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text() == text
    lines = text.splitlines()
    assert lines[0] == "hand,AA,KK,AKs,72o,AhAs"
    assert lines[1].startswith("AA,0.500000,0.819461,")
    assert lines[5].endswith(",")               # AhAs against itself: empty
    data = json.loads(small.to_json())
    assert data["rows"] == ROWS and data["equities"][4][4] is None
    assert data["equities"][0][1] == 0.819461
    pd = pytest.importorskip("pandas")
    df = small.to_pandas()
    assert isinstance(df, pd.DataFrame) and list(df.columns) == ROWS
    assert df.loc["AA", "KK"] == small["AA", "KK"]


def test_indexing_by_labels(small):
    assert small["AA", "KK"] == small.equities[0, 1]
    with pytest.raises(KeyError, match="QQ"):
        small["AA", "QQ"]
    with pytest.raises(TypeError, match="row label, column label"):
        small["AA"]  # type: ignore[index]
    assert "5 x 5, exact" in repr(small)


def test_grid_layout():
    assert GRID[0][0] == "AA" and GRID[0][1] == "AKs" and GRID[1][0] == "AKo"
    assert sorted(ALL_CLASSES) == sorted(games.ranges.all_classes())
    assert grid_cell("akS") == (0, 1)
    assert np.isnan(to_grid({"AA": 1.0})[1, 1]) and to_grid({"AA": 1.0})[0, 0] == 1.0
    with pytest.raises(ValueError, match="169 hand classes"):
        grid_cell("AKx")
    with pytest.raises(TypeError):
        grid_cell(5)  # type: ignore[arg-type]


# ---------------------------------------------------------------- pictures

def test_grid_picture_against_a_random_hand(tmp_path):
    pytest.importorskip("matplotlib")
    t = equity_table("holdem", "all", ["random"], trials=2000, seed=5, threads=2)
    ax = t.plot(path=tmp_path / "grid.png")
    assert png_size(tmp_path / "grid.png") == (900, 800)
    drawn = np.asarray(ax.images[0].get_array())
    assert drawn.shape == (13, 13)
    assert np.unravel_index(np.nanargmax(drawn), drawn.shape) == (0, 0)    # AA is hottest
    assert drawn[grid_cell("72o")] < 0.4


def test_plot_needs_a_column_when_there_are_several(small, tmp_path):
    pytest.importorskip("matplotlib")
    with pytest.raises(ValueError, match="name the one to draw"):
        equity_table("holdem", ["AA", "KK"], ["QQ", "JJ"]).plot()
    ax = small.plot(path=tmp_path / "m.png")      # not all classes: the whole matrix
    assert np.asarray(ax.images[0].get_array()).shape == (5, 5)


def test_range_picture(tmp_path):
    pytest.importorskip("matplotlib")
    r = parse_range("TT+, AKs, AQo:0.5")
    assert isinstance(r, dict) and len(r) == 30 + 4 + 12
    assert r.class_weights() == {"TT": 1.0, "JJ": 1.0, "QQ": 1.0, "KK": 1.0, "AA": 1.0,
                                 "AKs": 1.0, "AQo": 0.5}
    ax = r.plot(path=tmp_path / "range.png")
    assert png_size(tmp_path / "range.png") == (900, 800)
    drawn = np.asarray(ax.images[0].get_array())
    assert drawn[grid_cell("AQo")] == 0.5 and np.isnan(drawn[grid_cell("72o")])


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rows": 5}, TypeError, "rows must be"),
        ({"rows": b"AA"}, TypeError, "rows must be"),
        ({"rows": ["AA", 7]}, TypeError, r"rows\[1\] must be a string"),
        ({"rows": []}, ValueError, "rows is empty"),
        ({"rows": ["AA", "AA"]}, ValueError, "names 'AA' twice"),
        ({"rows": ["AA", "XYZ"]}, ValueError, "rows 'XYZ'"),
        ({"rows": ["AA"], "cols": ["KK", "Ah"]}, ValueError, "cols 'Ah'"),
        ({"rows": ["AhKd"], "board": "Ah7c2d"}, ValueError, "rows 'AhKd'"),
        ({"rows": ["AA"], "board": "Ah7c"}, ValueError, "board"),
        ({"rows": ["AA"], "exact": 1}, TypeError, "exact must be"),
        ({"rows": ["AA"], "exact": True, "trials": 10}, ValueError, "exact=True"),
        ({"rows": ["AA"], "trials": 0}, ValueError, "trials must be >= 1"),
        ({"rows": ["AA"], "trials": True}, TypeError, "trials must be an int"),
        ({"rows": ["AA"], "seed": -1}, ValueError, "seed"),
        ({"rows": ["AA"], "threads": 0}, ValueError, "threads"),
        ({"rows": ["AA"], "client": 5}, TypeError, "client must be"),
    ],
)
def test_bad_input_names_the_problem(kwargs, error, match):
    if "client" in kwargs:
        pytest.importorskip("distributed")
    with pytest.raises(error, match=match):
        equity_table("holdem", **kwargs)


@pytest.mark.parametrize("game", ["2-7-triple-draw", "ofc", "italian"])
def test_games_without_a_board_are_refused(game):
    with pytest.raises(ValueError, match="no community cards"):
        equity_table(game, ["AA"])


def test_all_is_for_two_card_games():
    with pytest.raises(ValueError, match="169 hold'em classes"):
        equity_table("omaha", "all")


# ---------------------------------------------------------------- the command

def test_command_writes_csv_json_and_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    assert main(["table", "--rows", "AA", "KK", "--vs", "QQ", "--exact", "--csv", "-"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["hand,QQ", "AA,0.815471", "KK,0.819348"]
    assert main(["table", "--vs", "random", "--trials", "500", "--seed", "2",
                 "--json", str(tmp_path / "t.json"), "--png", str(tmp_path / "t.png")]) == 0
    assert len(json.loads((tmp_path / "t.json").read_text())["rows"]) == 169
    assert png_size(tmp_path / "t.png") == (900, 800)


def test_command_errors_are_one_line(capsys):
    assert main(["table", "--rows", "AA", "ZZ"]) == 2
    assert "rows 'ZZ'" in capsys.readouterr().err
    assert main(["table", "--vs", "AA", "KK", "--trials", "10", "--png", "x.png"]) == 2
    assert "one --vs" in capsys.readouterr().err
