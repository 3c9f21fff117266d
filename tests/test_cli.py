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


# ---------------------------------------------------------------- simulate

def _simulate(capsys, *argv: str) -> dict:
    assert main(["simulate", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_reports_what_the_tables_sum(capsys):
    import numpy as np

    from games import Tables
    from games.rl import play_random

    data = _simulate(capsys, "--tables", "300", "--seats", "3", "--hands", "20000",
                     "--seed", "5")
    rng = np.random.default_rng(5)         # the same loop on the library
    with Tables("holdem", n=300, seats=3, stacks=200, seed=5) as env:
        while env.hands < 20000:
            play_random(env, rng)
        totals = env.totals()
    assert data["hands"] == totals.hands >= 20000
    players = data["players"]
    assert [p["seat"] for p in players] == ["p1", "p2", "p3"]
    assert [p["blind"] for p in players] == [1, 2, 0]
    assert [p["won"] for p in players] == totals.won.tolist()
    assert sum(p["won"] for p in players) == 0           # chips conserved
    assert [p["mean"] for p in players] == totals.mean.tolist()
    assert [p["se"] for p in players] == totals.standard_error.tolist()
    assert data["interrupted"] is False and data["hands_per_second"] > 0
    assert (data["game"], data["betting"], data["tables"]) == ("holdem", "no-limit", 300)


def test_simulate_same_seed_same_hands_whatever_the_threads(capsys):
    runs = [_simulate(capsys, "--tables", "600", "--hands", "30000", "--seed", "9",
                      "--threads", threads) for threads in ("1", "2", "1")]
    assert len({json.dumps([r["hands"], r["players"]]) for r in runs}) == 1
    other = _simulate(capsys, "--tables", "600", "--hands", "30000", "--seed", "10")
    assert other["players"] != runs[0]["players"]


def test_simulate_prints_the_rate_and_each_seat(capsys):
    assert main(["simulate", "--seats", "2", "--stacks", "100", "--blinds", "1", "2",
                 "--tables", "64", "--hands", "5000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("Texas Hold'em, no-limit: 2 seats, stacks 100, blinds 1/2; "
                        "64 tables on 1 thread, seed 0")
    assert " hands/s; every seat at random" in lines[1]
    assert lines[2].split() == ["seat", "posts", "chips", "a", "hand", "standard", "error"]
    seats = [line.split() for line in lines[3:]]
    assert [s[:2] for s in seats] == [["p1", "2"], ["p2", "1"]]     # heads-up: p2 posts
    assert float(seats[0][2]) == -float(seats[1][2])                 # the small blind


def test_simulate_games_and_forced_bets(capsys):
    stud = _simulate(capsys, "--game", "seven-card-stud", "--antes", "1", "--seats", "4",
                     "--tables", "64", "--hands", "2000")
    assert stud["betting"] == "fixed-limit" and stud["hands"] >= 2000
    assert [p["ante"] for p in stud["players"]] == [1, 1, 1, 1]
    assert sum(p["won"] for p in stud["players"]) == 0
    omaha = _simulate(capsys, "--game", "omaha-hilo", "--blinds", "1", "2", "4",
                      "--tables", "64", "--hands", "2000")
    assert [p["blind"] for p in omaha["players"]] == [1, 2, 4, 0, 0, 0]
    assert sum(p["won"] for p in omaha["players"]) == 0


def test_simulate_for_a_time(capsys):
    data = _simulate(capsys, "--seconds", "0.05", "--tables", "64")
    assert data["hands"] > 0 and data["seconds"] >= 0.05


@pytest.mark.parametrize(("argv", "says"), [
    (["--tables", "0"], "--tables must be 1..16777216, got 0"),
    (["--tables", "16777217"], "--tables must be 1..16777216, got 16777217"),
    (["--seats", "11"], "--seats must be 2..10 for Texas Hold'em, got 11"),
    (["--seats", "1"], "--seats must be 2..10 for Texas Hold'em, got 1"),
    (["--game", "razz", "--seats", "9"], "--seats must be 2..8 for Razz"),
    (["--hands", "0"], "--hands must be at least 1, got 0"),
    (["--seconds", "-1"], "--seconds must be more than 0"),
    (["--seconds", "nan"], "--seconds must be more than 0"),
    (["--threads", "0"], "--threads must be 1..1024, got 0"),
    (["--processes", "0"], "--processes must be 1..8 (at most one per table), got 0"),
    (["--processes", "9"], "--processes must be 1..8 (at most one per table), got 9"),
    (["--stacks", "0"], "--stacks must be positive, got 0"),
    (["--stacks", str(1 << 56)], "--stacks must be at most"),
    (["--blinds", "-1", "2"], "--blinds: negative amount -1"),
    (["--blinds", "1", "2", "4", "8", "16", "32", "64"], "--blinds gives 7 amounts for 6 "
                                                         "seats"),
    (["--antes", "-1"], "--antes: negative amount -1"),
    (["--seed", "-1"], "--seed must be 0..2**64-1, got -1"),
    (["--game", "badugi"], "--game badugi: Badugi has decisions other than bets"),
    (["--game", "poker"], "--game: unknown game 'poker'; simulate plays holdem, "),
    (["--game", "seven-card-stud", "--blinds", "1", "2"],
     "Seven-card stud has no blinds: --blinds is for the blind games"),
    (["--bring-in", "1"], "Texas Hold'em has no bring-in: --bring-in is for the stud games"),
    (["--game", "razz", "--bring-in", "-1"], "--bring-in: negative amount -1"),
    (["--game", "razz", "--bring-in", "2"], "--bring-in must be less than the small bet (2), "
                                            "got 2"),
])
def test_simulate_refuses_bad_settings(capsys, argv, says):
    assert main(["simulate", "--tables", "8", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("pokerhands: error:") and says in captured.err


def test_simulate_checks_what_tables_checks():
    """The CLI's list of games is `Tables.plays`', which says what the constructor
    takes; its limit of tables is the library's."""
    from games import Tables
    from games.cli import _SIMULATED
    from games.engine.batch import MAX_TABLES
    from games.variants import VARIANTS

    for name in VARIANTS:
        try:
            Tables(name, n=1, seats=2, seed=0).close()
            played = True
        except ValueError:
            played = False
        assert Tables.plays(name) is played and (name in _SIMULATED) is played, name
    with pytest.raises(ValueError, match=f"n must be 1..{MAX_TABLES} tables"):
        Tables("holdem", n=MAX_TABLES + 1, seats=2)


def test_simulate_says_the_threads_that_step(capsys):
    # 64 tables are too few for a second thread (MIN_TABLES_PER_THREAD), whatever the CPUs
    assert main(["simulate", "--tables", "64", "--threads", "8", "--hands", "500"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert "; 64 tables on 1 thread (8 asked; " in line
    assert line.endswith("at most one per 256 tables), seed 0")
    data = _simulate(capsys, "--tables", "64", "--threads", "8", "--hands", "500")
    assert (data["threads"], data["threads_asked"]) == (1, 8)
    data = _simulate(capsys, "--tables", "64", "--hands", "500")
    assert (data["threads"], data["threads_asked"]) == (1, 1)


def test_simulate_on_processes_says_so_and_plays_again_the_same(capsys):
    """Each process deals and acts from its own seed: the same seed and processes, the
    same hands (games.rl.simulation's tests pin the seeds)."""
    runs = [_simulate(capsys, "--tables", "300", "--seats", "3", "--hands", "6000",
                      "--seed", "3", "--processes", "2") for _ in range(2)]
    assert runs[0]["players"] == runs[1]["players"] and runs[0]["hands"] >= 6000
    assert (runs[0]["processes"], runs[0]["tables"], runs[0]["threads"]) == (2, 300, 1)
    assert sum(p["won"] for p in runs[0]["players"]) == 0
    one = _simulate(capsys, "--tables", "300", "--seats", "3", "--hands", "6000",
                    "--seed", "3")
    assert one["processes"] == 1 and one["players"] != runs[0]["players"]
    assert main(["simulate", "--tables", "64", "--processes", "2", "--threads", "2",
                 "--hands", "500"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert "; 64 tables on 2 processes of 1 thread each (2 asked; " in line
    assert line.endswith("at most one per 256 tables), seed 0")
    assert main(["simulate", "--tables", "64", "--processes", "2", "--hands", "500"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.endswith("; 64 tables on 2 processes of 1 thread each, seed 0")


def test_simulate_counts_in_words(capsys):
    assert main(["simulate", "--tables", "1", "--seats", "2", "--hands", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("; 1 table on 1 thread, seed 0")
    assert lines[1].startswith("1 hand in ")


def test_simulate_stud_with_a_bring_in(capsys):
    from games import Tables

    data = _simulate(capsys, "--game", "razz", "--bring-in", "0", "--antes", "1",
                     "--seats", "3", "--tables", "64", "--hands", "1000")
    assert data["bring_in"] == 0 and sum(p["won"] for p in data["players"]) == 0
    default = _simulate(capsys, "--game", "seven-card-stud", "--tables", "64", "--hands",
                        "1000")
    with Tables("seven-card-stud", n=1, seats=6) as env:     # the game's own by default
        assert default["bring_in"] == env.options.bring_in == 1
    assert main(["simulate", "--game", "razz", "--antes", "1", "--seats", "3", "--tables",
                 "64", "--hands", "1000"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert ": 3 seats, stacks 200, antes 1/1/1, bring-in 1; 64 tables" in line


def test_simulate_hands_or_seconds_not_both(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--hands", "10", "--seconds", "1"])
    assert exit_.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_simulate_ctrl_c_stops_after_the_step_and_prints_the_sums(capsys, monkeypatch):
    import os
    import signal

    from games.rl import simulation

    played = simulation.play_random
    steps = []

    def play_then_interrupt(tables, rng):
        steps.append(1)
        done = played(tables, rng)
        if len(steps) == 40:        # Ctrl-C inside the loop, as a step returns
            os.kill(os.getpid(), signal.SIGINT)
        return done

    before = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(simulation, "play_random", play_then_interrupt)
    data = _simulate(capsys, "--tables", "100", "--hands", "100000000")
    assert data["interrupted"] is True and len(steps) == 40
    assert 0 < data["hands"] < 100000000
    assert sum(p["won"] for p in data["players"]) == 0
    assert signal.getsignal(signal.SIGINT) is before          # the old handler is back


def test_simulate_draws_a_progress_bar_on_a_terminal(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert main(["simulate", "--seconds", "0.7", "--tables", "64"]) == 0
    err = capsys.readouterr().err
    assert "%" in err and err.endswith("\r")      # drawn, then wiped


def test_simulate_prints_what_the_guide_shows(capsys):
    from pathlib import Path

    guide = Path(__file__).resolve().parents[1] / "docs" / "guides" / "simulation.md"
    if not guide.is_file():
        pytest.skip("no docs/ beside the tests (not a source tree)")
    text = guide.read_text()
    command = "$ pokerhands simulate "
    start = text.index(command)
    shown = text[start:text.index("```", start)].splitlines()
    assert main(shown[0][len("$ pokerhands "):].split()) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(shown) - 1 == 9
    assert printed[0] == shown[1] and printed[2:] == shown[3:]     # all but the rate
    assert printed[1].split(" hands in ")[0] == shown[2].split(" hands in ")[0]


def test_simulate_runs_off_the_main_thread(capsys):
    import signal
    import threading

    before = signal.getsignal(signal.SIGINT)
    codes = []
    thread = threading.Thread(target=lambda: codes.append(
        main(["simulate", "--tables", "64", "--hands", "2000", "--json"])))
    thread.start()
    thread.join(60)
    assert codes == [0]                   # no handler set there, and none needed
    assert json.loads(capsys.readouterr().out)["hands"] >= 2000
    assert signal.getsignal(signal.SIGINT) is before


def test_simulate_with_stacks_carried_over(capsys):
    import numpy as np

    from games import Tables
    from games.rl import play_random

    data = _simulate(capsys, "--carry", "--seats", "3", "--tables", "200", "--hands",
                     "20000", "--seed", "2")
    rng = np.random.default_rng(2)
    with Tables("holdem", n=200, seats=3, stacks=200, seed=2, carry=True) as env:
        while env.hands < 20000:
            play_random(env, rng)
        totals = env.totals()
    players = data["players"]
    assert data["carry"] is True and data["hands"] == totals.hands
    assert [p["won"] for p in players] == totals.won.tolist()
    assert sum(p["won"] for p in players) == 0
    # a hand's stacks hang on the last one's: the error is the tables'
    assert [p["se"] for p in players] == totals.table_error.tolist()
    assert totals.table_error.tolist() != totals.standard_error.tolist()
    assert main(["simulate", "--carry", "--tables", "64", "--hands", "1000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "stacks 200 carried over" in lines[0]
    assert all(line.split()[1] == "-" for line in lines[3:])    # the blinds move


def test_simulate_out_of_memory_is_a_message_not_a_traceback(capsys, monkeypatch):
    from games.rl import simulation

    made = []

    def no_memory(*args, **kwargs):
        made.append(args[1])
        raise MemoryError("no memory for 16777216 tables")     # as the batch says it

    monkeypatch.setattr(simulation, "Tables", no_memory)
    assert main(["simulate", "--tables", "16777216"]) == 1
    captured = capsys.readouterr()
    assert made == [16777216], "the real Tables was made, not the stand-in"
    assert captured.out == ""
    assert captured.err == "pokerhands: error: no memory for 16777216 tables\n"


def test_a_closed_pipe_ends_quietly(capsys, monkeypatch):
    """`pokerhands ... | head`: the reader leaves, the next write raises BrokenPipeError;
    the command ends with status 1 and says nothing (it was an "error: [Errno 32]"
    and status 2)."""

    class ClosedPipe:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            pass

    monkeypatch.setattr("sys.stdout", ClosedPipe())
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts"]) == 1
    assert capsys.readouterr().err == ""
