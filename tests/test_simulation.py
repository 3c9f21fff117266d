"""games.rl.simulation: random play in this process or split over several, and
`TablesTotals.joined`, which adds the processes' totals up.

The processes' runs are checked against the same play written out by hand, table
seeds and policy seeds as the module documents them, so the seed contract is pinned;
the hostile cases are a process that fails (its error comes back), one killed from
outside (ChildProcessError) and Ctrl-C at a terminal (every process of the group gets
it; only the caller decides)."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from games import Tables
from games.engine.batch import MAX_TABLES, TablesTotals
from games.rl import play_random
from games.rl.simulation import MAX_PROCESSES, Simulation, _in_processes, _shares, simulate


def _by_hand(n: int, seats: int, hands: int, seed: int, **settings) -> TablesTotals:
    """One process's loop, written out as a user would."""
    rng = np.random.default_rng(seed)
    with Tables("holdem", n=n, seats=seats, stacks=200, seed=seed, **settings) as env:
        while env.hands < hands:
            play_random(env, rng)
        return env.totals()


def _same(a: TablesTotals, b: TablesTotals) -> bool:
    return (a.hands == b.hands and np.array_equal(a.won, b.won)
            and np.array_equal(a.squares, b.squares)
            and np.array_equal(a.table_won, b.table_won)
            and np.array_equal(a.table_hands, b.table_hands))


def _literal(text: str) -> str:
    return re.escape(text)


# ---------------------------------------------------------------- one process

def test_one_process_is_the_loop_a_user_writes() -> None:
    run = simulate("holdem", n=120, seats=3, hands=5000, seed=4)
    assert isinstance(run, Simulation) and not run.interrupted
    assert _same(run.totals, _by_hand(120, 3, 5000, 4))
    assert (run.processes, run.threads, run.step_threads, run.n, run.seats) == (1, 1, 1, 120, 3)
    assert run.game.name == "holdem" and run.options.blinds[:2] == (1, 2)
    assert run.seconds > 0 and run.hands_per_second == run.totals.hands / run.seconds


def test_one_process_stops_when_asked_and_reports_progress() -> None:
    seen: list[tuple[int, float]] = []
    run = simulate("holdem", n=50, seats=6, hands=10**9, seed=1,
                   stop=lambda: len(seen) >= 30, progress=lambda h, t: seen.append((h, t)))
    assert run.interrupted and len(seen) == 30
    assert 0 < run.totals.hands < 10**9 and int(run.totals.won.sum()) == 0
    assert [h for h, _ in seen] == sorted(h for h, _ in seen)
    assert [t for _, t in seen] == sorted(t for _, t in seen)


# ---------------------------------------------------------------- several processes

def test_each_process_plays_its_tables_from_its_own_seeds() -> None:
    """Process k: SeedSequence(seed).spawn(P)[k], split in two (cards, policy), its
    share of the tables and of the hands; the totals joined in order."""
    run = simulate("holdem", n=301, seats=3, hands=20001, seed=5, processes=2)
    assert (run.processes, run.n, run.seats) == (2, 301, 3) and not run.interrupted
    parts = []
    for k, (tables, hands) in enumerate(zip(_shares(301, 2), _shares(20001, 2),
                                                    strict=True)):
        cards, actions = np.random.SeedSequence(5).spawn(2)[k].spawn(2)
        rng = np.random.default_rng(actions)
        with Tables("holdem", n=tables, seats=3, stacks=200, seed=cards) as env:
            while env.hands < hands:
                play_random(env, rng)
            parts.append(env.totals())
    assert [len(p.table_hands) for p in parts] == [151, 150]
    assert _same(run.totals, TablesTotals.joined(parts))
    assert run.totals.hands >= 20001 and int(run.totals.won.sum()) == 0


def test_same_seed_same_processes_same_hands_and_other_counts_play_others() -> None:
    runs = [simulate("holdem", n=90, seats=2, hands=3000, seed=8, processes=p,
                     blinds=(1, 2), carry=True) for p in (3, 3, 2)]
    assert _same(runs[0].totals, runs[1].totals)
    assert not _same(runs[0].totals, runs[2].totals)
    assert all(int(r.totals.won.sum()) == 0 for r in runs)
    assert len(runs[0].totals.table_hands) == 90


def test_processes_for_a_time_with_threads_of_their_own() -> None:
    run = simulate("omaha-hilo", n=600, seats=4, seconds=0.2, seed=2, processes=2, threads=2)
    assert run.totals.hands > 0 and run.seconds >= 0.2 and not run.interrupted
    assert run.threads == 2 and run.step_threads == 1     # 300 tables: one thread a step
    assert int(run.totals.won.sum()) == 0


def test_processes_stop_when_asked_and_report_progress() -> None:
    seen: list[int] = []
    run = simulate("holdem", n=64, seats=6, hands=10**9, seed=3, processes=2,
                   stop=lambda: bool(seen) and seen[-1] > 0,
                   progress=lambda h, t: seen.append(h))
    assert run.interrupted and seen[-1] > 0
    assert seen[-1] <= run.totals.hands < 10**9 and int(run.totals.won.sum()) == 0
    assert seen == sorted(seen)
    before = simulate("holdem", n=4, seats=2, hands=10**9, processes=2, stop=lambda: True)
    assert before.interrupted and before.seconds == 0.0      # stopped before the start
    assert before.totals.hands == 0 and len(before.totals.table_hands) == 4


def test_a_process_that_fails_raises_its_error_here() -> None:
    jobs = [dict(game="holdem", n=4, seats=2, stacks=200, threads=1),
            dict(game="holdem", n=4, seats=99, stacks=200, threads=1)]
    seeds = np.random.SeedSequence(0).spawn(2)
    with pytest.raises(ValueError, match=_literal("seats must be 2..10 for Texas Hold'em, "
                                                  "got 99")):
        _in_processes(jobs, seeds, [10**9, 10**9], None, lambda: False, lambda h, t: None)
    assert not multiprocessing.active_children()          # the healthy one stopped too


def test_a_process_killed_from_outside_is_a_child_process_error() -> None:
    """Off the main thread too (no signal handler is set there)."""
    seen: list[int] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            simulate("holdem", n=64, seats=6, hands=10**9, processes=2,
                     progress=lambda h, t: seen.append(h))
        except BaseException as e:          # the test reads it
            errors.append(e)

    thread = threading.Thread(target=run)
    thread.start()
    deadline = time.monotonic() + 60
    while not (seen and seen[-1] > 0) and time.monotonic() < deadline:
        time.sleep(0.01)
    victims = [p for p in multiprocessing.active_children()
               if p.name == "pokerhands-simulate-1"]
    assert len(victims) == 1
    os.kill(victims[0].pid, signal.SIGKILL)
    thread.join(60)
    assert not thread.is_alive() and len(errors) == 1
    assert isinstance(errors[0], ChildProcessError)
    assert str(errors[0]) == ("simulation process 1 ended without its result (killed by "
                              "signal 9)")
    assert not multiprocessing.active_children()


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads /proc (Linux)")
def test_ctrl_c_at_a_terminal_stops_every_process_and_prints_the_sums() -> None:
    """A terminal's Ctrl-C goes to the whole process group: the processes ignore it
    and the command, which alone decides, stops them and prints what they played."""
    command = subprocess.Popen(
        [sys.executable, "-m", "games", "simulate", "--processes", "2", "--tables", "64",
         "--hands", "1000000000", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(_children(command.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(_children(command.pid)) == 2
        time.sleep(0.5)
        os.killpg(command.pid, signal.SIGINT)
        out, err = command.communicate(timeout=60)
    finally:
        if command.poll() is None:
            os.killpg(command.pid, signal.SIGKILL)
            command.wait()
    assert command.returncode == 0, err
    data = json.loads(out)
    assert data["interrupted"] is True and data["processes"] == 2
    assert data["hands"] < 1000000000 and sum(p["won"] for p in data["players"]) == 0


def _children(pid: int) -> list[int]:
    """The simulation processes `pid` started (their command line names spawn_main)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            line = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid and b"spawn_main" in line:
            found.append(int(entry.name))
    return found


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize(("kwargs", "error", "says"), [
    (dict(), ValueError, "give hands or seconds, one of the two"),
    (dict(hands=10, seconds=1.0), ValueError, "give hands or seconds, one of the two"),
    (dict(hands=0), ValueError, "hands must be at least 1, got 0"),
    (dict(hands=1.5), TypeError, "hands must be an int, got float"),
    (dict(hands=True), TypeError, "hands must be an int, got bool"),
    (dict(seconds=0), ValueError, "seconds must be more than 0, got 0"),
    (dict(seconds=float("nan")), ValueError, "seconds must be more than 0, got nan"),
    (dict(seconds="1"), TypeError, "seconds must be a number, got str"),
    (dict(hands=10, processes=0), ValueError, f"processes must be 1..{MAX_PROCESSES}, got 0"),
    (dict(hands=10, processes=MAX_PROCESSES + 1), ValueError, "processes must be 1.."),
    (dict(hands=10, processes=2.0), TypeError, "processes must be an int, got float"),
    (dict(hands=10, processes=True), TypeError, "processes must be an int, got bool"),
    (dict(hands=10, processes=9), ValueError, "processes must be at most n (8): each plays"),
    (dict(hands=10, processes=2, n=MAX_TABLES + 1), ValueError,
     f"n must be 1..{MAX_TABLES} tables"),
    (dict(hands=10, processes=2, n="8"), TypeError, "n must be an int, got str"),
    (dict(hands=10, processes=2, seats=11), ValueError, "seats must be 2..10 for Texas"),
    (dict(hands=10, processes=2, antes=-1), ValueError, "antes: negative amount -1"),
    (dict(hands=10, processes=2, game="badugi"), ValueError, "Badugi has decisions other"),
    (dict(hands=10, processes=2, seed=-1), ValueError, "seed must be 0..2**64-1, got -1"),
    (dict(hands=10, processes=1, threads=0), ValueError, "threads must be 1..1024"),
    (dict(hands=10, processes=2, threads=0), ValueError, "threads must be 1..1024"),
])
def test_bad_settings_are_refused_before_any_process_starts(kwargs, error, says) -> None:
    settings = dict(game="holdem", n=8, seats=6) | kwargs
    with pytest.raises(error, match=_literal(says)):
        simulate(**settings)
    assert not multiprocessing.active_children()


# ---------------------------------------------------------------- TablesTotals.joined

def test_joined_totals_are_the_parts_added_up() -> None:
    rng = np.random.default_rng(0)
    parts = []
    for n, seed in ((30, 1), (7, 2)):
        with Tables("holdem", n=n, seats=4, seed=seed) as env:
            for _ in range(60):
                play_random(env, rng)
            parts.append(env.totals())
    joined = TablesTotals.joined(parts)
    assert joined.hands == parts[0].hands + parts[1].hands
    assert np.array_equal(joined.won, parts[0].won + parts[1].won)
    assert np.array_equal(joined.squares, parts[0].squares + parts[1].squares)
    assert np.array_equal(joined.table_won, np.vstack([p.table_won for p in parts]))
    assert np.array_equal(joined.table_hands, np.hstack([p.table_hands for p in parts]))
    assert joined.table_won.sum(axis=0).tolist() == joined.won.tolist()
    assert joined.table_hands.sum() == joined.hands
    assert _same(TablesTotals.joined(parts[:1]), parts[0])
    assert _same(TablesTotals.joined(tuple(parts)), joined)


def test_joined_refuses_what_is_not_totals_of_the_same_seats() -> None:
    with Tables("holdem", n=3, seats=4, seed=0) as four, \
            Tables("holdem", n=3, seats=2, seed=0) as two:
        a, b = four.totals(), two.totals()
    with pytest.raises(TypeError, match="parts must be a sequence of TablesTotals, got "
                                        "TablesTotals"):
        TablesTotals.joined(a)              # type: ignore[arg-type]
    with pytest.raises(TypeError, match="parts must be a sequence"):
        TablesTotals.joined(x for x in [a])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="parts must hold one TablesTotals or more"):
        TablesTotals.joined([])
    with pytest.raises(TypeError, match=r"parts\[1\] must be a TablesTotals, got int"):
        TablesTotals.joined([a, 3])         # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"parts\[1\] has 2 seats, parts\[0\] 4"):
        TablesTotals.joined([a, b])
