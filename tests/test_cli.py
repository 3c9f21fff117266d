"""The pokerhands command, through main([...])."""

from __future__ import annotations

import json

import pytest

from games.cli import main


def test_eval_prints_value_words_and_best_five(capsys):
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d"]) == 0
    out = capsys.readouterr().out
    assert "value:    7462 of 7462" in out
    assert "category: Straight Flush" in out and "hand:     Royal Flush" in out
    assert "best:     As Ks Qs Js Ts" in out


def test_eval_takes_joined_cards(capsys):
    assert main(["eval", "KhKdKs7c7d"]) == 0
    assert "Kings full of Sevens" in capsys.readouterr().out


def test_eval_bad_cards_exit_2_with_a_message(capsys):
    for cards in (["As", "As", "Ks", "Qs", "Js"], ["Xx"], ["As", "Ks", "Qs", "Js", "Ts", "9s",
                                                            "8s", "7s"]):
        assert main(["eval", *cards]) == 2
        assert "pokerhands: error:" in capsys.readouterr().err


def test_equity_table_and_method(capsys):
    assert main(["equity", "AhAs", "KhKs"]) == 0
    out = capsys.readouterr().out
    assert "82.637%" in out and "17.363%" in out
    assert "exact: 1,712,304 outcomes enumerated" in out


def test_equity_hi_lo_with_board(capsys):
    assert main(["equity", "Ah2sKd3c", "QhJh4s5s", "--game", "omaha-hilo",
                 "--board", "7c8d9h", "--exact"]) == 0
    out = capsys.readouterr().out
    assert "board 7c8d9h" in out and "low" in out and "scoop" in out


def test_equity_sampling_json(capsys):
    assert main(["equity", "TT+,AKs", "random", "--trials", "20000", "--seed", "4",
                 "--threads", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is False and data["outcomes"] == 20000 and data["seed"] == 4
    assert abs(sum(p["equity"] for p in data["players"]) - 1) < 1e-9
    assert data["players"][0]["se"] > 0


def test_equity_dead_cards_and_seconds(capsys):
    assert main(["equity", "AhAs", "KdKc", "--dead", "Ac", "--seconds", "0.05",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "dead Ac" in out and "Monte Carlo" in out and "seed 1" in out


def test_equity_of_stud_and_the_draws(capsys):
    assert main(["equity", "As2s3sKdQh9c", "4c5c6c7cKcTd", "--game", "razz"]) == 0
    out = capsys.readouterr().out
    assert "26.154%" in out and "exact: 1,560 outcomes" in out
    assert main(["equity", "Ac2d3h3s", "2c4d6h8s", "--game", "badugi", "--keep", "3",
                 "pat", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["outcomes"] == 44 and data["players"][0]["hand"] == "Ac2d3h3s keeps Ac2d3h"
    assert main(["equity", "????Kd9c7h", "QhQcJs8d", "--game", "seven-card-stud", "--dead",
                 "2c7d", "--trials", "5000", "--seed", "3"]) == 0
    assert "dead 2c7d" in capsys.readouterr().out
    for argv, message in [
        (["As2s3sKdQh9c", "4c5c6c7cKcTd", "--game", "razz", "--board", "2c"], "has no board"),
        (["AhAs", "KdKc", "--keep", "pat", "pat"], "--keep is the drawing strategy"),
        (["AcAdKhKs9c", "QcQdJhJs7c", "--game", "italian"], "no community cards"),
    ]:
        assert main(["equity", *argv]) == 2
        assert message in capsys.readouterr().err


def test_errors_go_to_stderr_with_status_2(capsys):
    assert main(["equity", "AhAs", "AhKd"]) == 2
    err = capsys.readouterr().err
    assert "pokerhands: error:" in err and "shares Ah" in err
    assert main(["equity", "AhAs", "KdKc", "--game", "poker"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["eval", "As", "Ks"]) == 2


def test_ctrl_c_prints_the_result_so_far(capsys, monkeypatch):
    import sys

    from games import cli

    def interrupt(self, done, total):
        raise KeyboardInterrupt

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(cli._ProgressBar, "__call__", interrupt)
    assert main(["equity", "AhAs", "KdKc", "--trials", "10000000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "(interrupted)" in out and "AhAs" in out


def test_eval_json(capsys):
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"cards": "As Ks Qs Js Ts 2c 3d", "value": 7462, "classes": 7462,
                    "category": "Straight Flush", "hand": "Royal Flush",
                    "best": "As Ks Qs Js Ts"}


def test_version_is_the_package_metadata(capsys):
    import importlib.metadata

    import evaluator
    import games

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    version = importlib.metadata.version("pokerhands")
    assert capsys.readouterr().out.strip() == f"pokerhands {version}"
    assert evaluator.__version__ == games.__version__ == version


def test_the_installed_command_and_python_m_games_agree():
    import shutil
    import subprocess
    import sys

    module = subprocess.run([sys.executable, "-m", "games", "eval", "KhKdKs7c7d", "--json"],
                            capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(module.stdout)["hand"] == "Full House, Kings full of Sevens"
    command = shutil.which("pokerhands")
    if command is not None:     # the console script of an installed package
        script = subprocess.run([command, "eval", "KhKdKs7c7d", "--json"],
                                capture_output=True, text=True, timeout=60, check=True)
        assert script.stdout == module.stdout
    failed = subprocess.run([sys.executable, "-m", "games", "eval", "Xx"],
                            capture_output=True, text=True, timeout=60)
    assert failed.returncode == 2 and "pokerhands: error:" in failed.stderr
