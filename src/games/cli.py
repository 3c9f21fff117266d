"""The `pokerhands` command.

    pokerhands eval As Ks Qs Js Ts 2c 3d [--json]
    pokerhands equity AhAs KdKc --board Td7s2c
    pokerhands equity "TT+, AKs" random --trials 1000000 --seed 1 --json
    pokerhands equity Ah2sKd3c QhJh4s5s --game omaha-hilo --board 7c8d9h
    pokerhands equity ????Kd9c7h QhQcJs8d --game seven-card-stud --dead 2c7d
    pokerhands equity Ac2d3h3s 2c4d6h8s --game badugi --keep 3 pat
    pokerhands table --vs "TT+,AKs" --png grid.png
    pokerhands table --rows AA KK AKs --csv table.csv --scheduler tcp://host:8786
    pokerhands simulate --tables 2048 --seats 6 --hands 10000000 --processes 2

Equity prints a table per player and how it was computed; simulate prints the hands a
second and each seat's chips won a hand with its standard error.  A progress bar goes
to stderr when a run is long and stderr is a terminal; Ctrl-C while sampling or
simulating prints the result so far.  `python -m games` is the same command.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np

from evaluator import HIGH, __version__, format_cards, parse_cards
from games.engine.batch import MAX_TABLES, Tables, seat_count
from games.equity import EquityResult, equity
from games.equity.dealout import is_draw, is_stud
from games.variants import VARIANTS

if TYPE_CHECKING:
    from games.rl.simulation import Simulation

#: the games `simulate` plays (`Tables.plays`), named in its help and in the message
#: refusing the others
_SIMULATED = tuple(name for name in VARIANTS if Tables.plays(name))


def _board_game_options(sub: argparse.ArgumentParser,
                        dealout: bool = False) -> argparse._MutuallyExclusiveGroup:
    """--board, --dead, --game, --seed, --threads of the equity commands (with
    `dealout`, the stud and draw games among the games); returns the group for how to
    compute (exact or sampled), which each command fills."""
    sub.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. Td7s2c")
    sub.add_argument("--dead", default="", help="cards known to be out")
    games = sorted(n for n, v in VARIANTS.items()
                   if v.board_cards == 5 or (dealout and _is_dealout(v.name)))
    sub.add_argument("--game", default="holdem", help="one of: " + ", ".join(games))
    sub.add_argument("--seed", type=int, help="seed for sampling (same seed, same answer)")
    sub.add_argument("--threads", type=int, help="threads (default: one per core)")
    return sub.add_mutually_exclusive_group()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerhands", description="Poker hand ranking and equity at native speed."
    )
    parser.add_argument("--version", action="version", version=f"pokerhands {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    ev = sub.add_parser("eval", help="rank a high hand of 5, 6 or 7 cards")
    ev.add_argument("cards", nargs="+", help="cards, e.g. As Ks Qs Js Ts 2c 3d")
    ev.add_argument("--json", action="store_true", help="print the result as JSON")

    eq = sub.add_parser("equity", help="each player's share of the pot")
    eq.add_argument("players", nargs="+",
                    help='one hand or range per player: AhAs, "TT+,AKs", 15%%, random')
    how = _board_game_options(eq, dealout=True)
    eq.add_argument("--keep", nargs="+",
                    help="draw games: each player's strategy before the draw: pat, a "
                         "number (keep its best that many cards) or the cards kept")
    how.add_argument("--exact", action="store_true", help="enumerate every board")
    how.add_argument("--trials", type=int, help="sample this many deals")
    how.add_argument("--seconds", type=float, help="sample for this long")
    eq.add_argument("--json", action="store_true", help="print the result as JSON")

    tb = sub.add_parser("table", help="equity of every row hand against every column hand")
    tb.add_argument("--rows", nargs="+", default=["all"],
                    help="hands, classes or ranges (default: all 169 classes)")
    tb.add_argument("--vs", nargs="+", dest="cols",
                    help="the column hands or ranges (default: the rows again)")
    how = _board_game_options(tb)
    how.add_argument("--exact", action="store_true", help="enumerate every entry")
    how.add_argument("--trials", type=int, help="sample this many deals per entry")
    tb.add_argument("--scheduler", help="run on a Dask cluster, e.g. tcp://host:8786")
    tb.add_argument("--csv", help="write CSV here ('-': standard output)")
    tb.add_argument("--json", dest="json_path", help="write JSON here ('-': standard output)")
    tb.add_argument("--png", help="write a heat map here (needs pokerhands[plot])")

    sm = sub.add_parser("simulate", help="random hands at thousands of tables at once")
    sm.add_argument("--game", default="holdem",
                    help="a game whose only decisions are bets: " + ", ".join(_SIMULATED)
                         + " (default: holdem)")
    sm.add_argument("--tables", type=int, default=2048, help="tables stepped at once "
                    "(default: 2048)")
    sm.add_argument("--seats", type=int, default=6, help="seats a table (default: 6)")
    sm.add_argument("--stacks", type=int, default=200,
                    help="every seat's chips at the start of every hand (default: 200)")
    sm.add_argument("--carry", action="store_true",
                    help="stacks carry over from hand to hand and the button moves; a "
                         "table starts again when one seat has all the chips")
    sm.add_argument("--blinds", type=int, nargs="+", metavar="CHIPS",
                    help="small and big blind, straddles after them (default: the "
                         "game's, 1 2 in the blind games)")
    sm.add_argument("--antes", type=int, help="every seat's ante")
    sm.add_argument("--bring-in", type=int, metavar="CHIPS",
                    help="the stud games: the bring-in of third street, below the small "
                         "bet (default: the game's, 1)")
    much = sm.add_mutually_exclusive_group()
    much.add_argument("--hands", type=int,
                      help="play until this many hands have ended (default: 1000000)")
    much.add_argument("--seconds", type=float, help="play for this long")
    sm.add_argument("--threads", type=int, default=1,
                    help="threads each process's tables are split over (default: 1)")
    sm.add_argument("--processes", type=int, default=1,
                    help="processes the tables are split over, each with its own seed "
                         "and random actions: the faster way to use several cores "
                         "(default: 1)")
    sm.add_argument("--seed", type=int, default=0,
                    help="seed of the cards and the actions (default: 0)")
    sm.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


class _ProgressBar:
    """A bar on stderr, drawn only once a run has lasted half a second."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.start = time.perf_counter()
        self.drawn = False

    def __call__(self, done: float, total: float, count: int | None = None) -> None:
        """`done` of `total` so far; the count shown is `count`, or `done`."""
        if time.perf_counter() - self.start < 0.5:
            return
        frac = min(1.0, done / total) if total else 0.0
        bar = "#" * int(30 * frac)
        shown = int(done) if count is None else count
        self.stream.write(f"\r[{bar:<30}] {100 * frac:5.1f}%  {shown:,}")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


def _eval(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    value = HIGH.evaluate(cards.tolist())
    if args.json:
        print(json.dumps({
            "cards": format_cards(cards), "value": value, "classes": HIGH.n_classes,
            "category": HIGH.category(value), "hand": HIGH.describe(value),
            "best": format_cards(HIGH.best_five(cards)),
        }, indent=2))
        return 0
    print(f"value:    {value} of {HIGH.n_classes} (higher is better)")
    print(f"category: {HIGH.category(value)}")
    print(f"hand:     {HIGH.describe(value)}")
    print(f"best:     {format_cards(HIGH.best_five(cards))}")
    return 0


def _is_dealout(name: str) -> bool:
    """A game equity deals out to each player (stud, the lowball draws): no board."""
    v = VARIANTS[name]
    return is_stud(v) or is_draw(v)


def _equity(args: argparse.Namespace) -> int:
    exact = True if args.exact else None
    if args.game in VARIANTS and _is_dealout(args.game):
        game = VARIANTS[args.game]
        if args.board or args.seconds is not None or args.threads is not None:
            raise ValueError(f"{game.title} has no board: --board, --seconds and --threads "
                             "are for the board games")
        keep = None if args.keep is None else [int(k) if k.isdigit() else k
                                               for k in args.keep]
        return _print_equity(equity(args.game, args.players, dead=args.dead, exact=exact,
                                    trials=args.trials, seed=args.seed, keep=keep), args.json)
    if args.keep is not None:
        raise ValueError("--keep is the drawing strategy of the draw games")
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        result = equity(
            args.game, args.players, args.board, args.dead, exact=exact, trials=args.trials,
            seconds=args.seconds, seed=args.seed, threads=args.threads, progress=bar,
            interruptible=True,
        )
    finally:
        if bar is not None:
            bar.close()
    return _print_equity(result, args.json)


def _print_equity(result: EquityResult, as_json: bool) -> int:
    if as_json:
        print(json.dumps(result.to_dict(), indent=2))
        return 0
    where = f", board {result.board}" if result.board else ""
    dead = f", dead {result.dead}" if result.dead else ""
    print(f"{result.game}{where}{dead}")
    print(result.table())
    print(f"{result.method}; {result.seconds:.3f} s on {_many(result.threads, 'thread')}")
    return 0


def _table(args: argparse.Namespace) -> int:
    from games.tables import equity_table

    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    rows = args.rows[0] if args.rows == ["all"] else args.rows
    try:
        table = equity_table(
            args.game, rows, args.cols, args.board, args.dead,
            exact=True if args.exact else None, trials=args.trials, seed=args.seed,
            threads=args.threads, client=args.scheduler, progress=bar,
        )
    finally:
        if bar is not None:
            bar.close()
    wrote = False
    for path, write in ((args.csv, table.to_csv), (args.json_path, table.to_json)):
        if path == "-":
            sys.stdout.write(write())
            wrote = True
        elif path:
            write(path)
            wrote = True
    if args.png:
        column = table.cols[0] if len(table.cols) == 1 else None
        if column is None and len(table.rows) == 169:
            raise ValueError("a 13 x 13 picture shows one column: give one --vs")
        table.plot(column, path=args.png)
        wrote = True
    if not wrote:
        sys.stdout.write(table.to_csv())
    print(f"{table!r}", file=sys.stderr)
    return 0


class _StopOnInterrupt:
    """Ctrl-C asks a loop to stop after its current step (`asked`), where an exception
    raised between two of a step's lines could leave the tables' Python counts behind
    their C state.  A context: the old handler is back on leaving it.  Off a main
    thread (`main` called from a thread of a program's own), where Python lets no
    handler be set, it changes nothing and Ctrl-C is the program's."""

    def __init__(self) -> None:
        self.asked = False
        self._set = threading.current_thread() is threading.main_thread()

    def _ask(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True

    def __enter__(self) -> _StopOnInterrupt:
        if self._set:
            self._old = signal.signal(signal.SIGINT, self._ask)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._set:   # None: a handler not set from Python, which it cannot set back
            signal.signal(signal.SIGINT, signal.SIG_DFL if self._old is None else self._old)


def _many(count: int, thing: str) -> str:
    """`count` things, in words: "1 table", "2,048 tables"."""
    return f"{count:,} {thing}" + ("s" if count != 1 else "")


def _simulate_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The keywords of `games.Tables` from simulate's options, every value checked
    here and refused naming its option: `Tables` names its own arguments (n, bring_in,
    stacks[0]), which nobody typed at the shell."""
    from evaluator.checks import seed
    from evaluator.threads import MAX_THREADS
    from games.chips import amount
    from games.engine import TableOptions
    from games.engine.options import MAX_STACK
    from games.rl.simulation import MAX_PROCESSES

    if args.hands is not None and args.hands < 1:
        raise ValueError(f"--hands must be at least 1, got {args.hands}")
    if args.seconds is not None and not args.seconds > 0:
        raise ValueError(f"--seconds must be more than 0, got {args.seconds}")
    name = args.game.strip().lower()
    played = ", ".join(_SIMULATED)
    if name not in _SIMULATED:
        if name in VARIANTS:
            raise ValueError(f"--game {name}: {VARIANTS[name].title} has decisions other "
                             f"than bets (discards, draws, placements or an opening "
                             f"round); simulate plays {played}")
        raise ValueError(f"--game: unknown game {args.game!r}; simulate plays {played}")
    game = VARIANTS[name]
    if not 1 <= args.tables <= MAX_TABLES:
        raise ValueError(f"--tables must be 1..{MAX_TABLES}, got {args.tables}")
    seat_count(game, args.seats, "--seats")
    if not 1 <= args.threads <= MAX_THREADS:
        raise ValueError(f"--threads must be 1..{MAX_THREADS}, got {args.threads}")
    if not 1 <= args.processes <= min(MAX_PROCESSES, args.tables):
        raise ValueError(f"--processes must be 1..{min(MAX_PROCESSES, args.tables)} "
                         f"(at most one per table), got {args.processes}")
    most = MAX_STACK - 1
    settings: dict[str, Any] = dict(
        game=name, n=args.tables, seats=args.seats, threads=args.threads, carry=args.carry,
        stacks=amount(args.stacks, "--stacks", low=1, high=most),
        seed=seed(args.seed, "--seed"))
    if args.blinds is not None:
        if game.has_bring_in:
            raise ValueError(f"{game.title} has no blinds: --blinds is for the blind "
                             "games; its forced bets are --antes and --bring-in")
        if len(args.blinds) > args.seats:
            raise ValueError(f"--blinds gives {len(args.blinds)} amounts for "
                             f"{args.seats} seats")
        settings["blinds"] = tuple(amount(b, "--blinds", high=most) for b in args.blinds)
    if args.antes is not None:
        settings["antes"] = amount(args.antes, "--antes", high=most)
    if args.bring_in is not None:
        if not game.has_bring_in:
            stud = ", ".join(n for n in _SIMULATED if VARIANTS[n].has_bring_in)
            raise ValueError(f"{game.title} has no bring-in: --bring-in is for the stud "
                             f"games ({stud})")
        small = TableOptions.of(game, args.seats).small_bet     # the game's own: none set
        bring_in = amount(args.bring_in, "--bring-in", high=most)
        if bring_in >= small:
            raise ValueError(f"--bring-in must be less than the small bet ({small}), got "
                             f"{bring_in}: completing it makes the small bet")
        settings["bring_in"] = bring_in
    return settings


def _on_threads(run: Simulation) -> str:
    """The processes and the threads a step runs on (`step_threads`), and where that
    is fewer than `--threads` asked, why: a run that names the threads asked for would
    claim a speed up it never had."""
    from evaluator.threads import available_cpus
    from games.engine.batch import MIN_TABLES_PER_THREAD

    used, asked = run.step_threads, run.threads
    where = "" if run.processes == 1 else f"{run.processes} processes of "
    each = "" if run.processes == 1 else " each"
    if used >= asked:
        return where + _many(used, "thread") + each
    why = []
    cpus = available_cpus()
    if cpus < asked:
        why.append(f"{_many(cpus, 'CPU')} here")
    if run.n // run.processes // MIN_TABLES_PER_THREAD < asked:
        why.append(f"at most one per {MIN_TABLES_PER_THREAD} tables")
    reason = "; " + ", and ".join(why) if why else ""
    return f"{where}{_many(used, 'thread')}{each} ({asked} asked{reason})"


def _simulate(args: argparse.Namespace) -> int:
    """Random hands on `games.Tables` (`games.rl.simulation.simulate`: every seat
    folds, checks or calls, or raises to a uniform amount, each equally likely among
    those allowed), the policy's numpy timed with the step: the loop of the benchmark,
    in this process or in `--processes` of them.  Ctrl-C ends it after the step and
    prints what was played; a progress bar goes to stderr when it is a terminal."""
    from games.rl.simulation import simulate

    settings = _simulate_settings(args)
    hands = 1_000_000 if args.hands is None and args.seconds is None else args.hands
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None

    def progress(played: int, elapsed: float) -> None:
        if bar is None:
            return
        if hands is not None:
            bar(played, hands)
        else:
            bar(elapsed, args.seconds, played)

    try:
        with _StopOnInterrupt() as interrupt:
            run = simulate(**settings, hands=hands, seconds=args.seconds,
                           processes=args.processes, stop=lambda: interrupt.asked,
                           progress=progress)
    finally:
        if bar is not None:
            bar.close()
    totals, options, seconds = run.totals, run.options, run.seconds
    # with carry a hand's stacks hang on the last one's: the tables are the independent
    # draws then (`TablesTotals.table_error`), not the hands
    error = totals.table_error if args.carry else totals.standard_error

    def number(x: float) -> float | None:           # JSON has no nan (no hand yet)
        return float(x) if np.isfinite(x) else None

    players = [{"seat": f"p{k + 1}", "blind": options.posted_blinds[k],
                "ante": options.posted_antes[k], "won": int(totals.won[k]),
                "mean": number(totals.mean[k]), "se": number(error[k])}
               for k in range(run.seats)]
    if args.json:
        print(json.dumps({
            "game": run.game.name, "betting": options.betting.value, "seats": run.seats,
            "stacks": args.stacks, "carry": args.carry, "bring_in": options.bring_in,
            "tables": run.n, "processes": run.processes, "threads": run.step_threads,
            "threads_asked": run.threads, "seed": args.seed, "hands": totals.hands,
            "seconds": seconds,
            "hands_per_second": totals.hands / seconds if seconds > 0 else None,
            "interrupted": run.interrupted, "players": players,
        }, indent=2))
        return 0
    antes = "antes " + "/".join(str(a) for a in options.antes)
    if run.game.has_bring_in:
        forced = (antes + ", " if any(options.antes) else "") + f"bring-in {options.bring_in}"
    else:
        forced = "blinds " + ("/".join(str(b) for b in options.blinds if b) or "none")
        if any(options.antes):
            forced += ", " + antes
    carried = " carried over" if args.carry else ""
    print(f"{run.game.title}, {options.betting.value}: {run.seats} seats, stacks "
          f"{args.stacks}{carried}, {forced}; {_many(run.n, 'table')} on {_on_threads(run)}, "
          f"seed {args.seed}")
    rate = f": {totals.hands / seconds:,.0f} hands/s" if seconds > 0 else ""
    stopped = " (interrupted)" if run.interrupted else ""
    print(f"{_many(totals.hands, 'hand')} in {seconds:.3f} s{rate}{stopped}; every seat at "
          "random")
    print(f"{'seat':<5}{'posts':>7}{'chips a hand':>15}{'standard error':>16}")
    for k, p in enumerate(players):
        posts = "-" if args.carry else options.posted_blinds[k] + options.posted_antes[k]
        print(f"{p['seat']:<5}{posts:>7}{totals.mean[k]:>15.4f}{error[k]:>16.4f}")
    return 0


def _stdout_to_devnull() -> None:
    """Point the standard output's descriptor at /dev/null, so that the interpreter's
    last flush of what the closed pipe did not take fails no more (Python's advice
    for SIGPIPE); nothing where stdout is no file (a test's capture)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `pokerhands` console command; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "eval":
            return _eval(args)
        if args.command == "table":
            return _table(args)
        if args.command == "simulate":
            return _simulate(args)
        return _equity(args)
    except BrokenPipeError:             # the reader left (`| head`): nothing to report
        _stdout_to_devnull()
        return 1
    except (TypeError, ValueError, ImportError, ConnectionError) as e:
        print(f"pokerhands: error: {e}", file=sys.stderr)
        return 2
    except MemoryError as e:          # more tables than the machine holds, say
        print(f"pokerhands: error: {e or 'out of memory'}", file=sys.stderr)
        return 1
    except ChildProcessError as e:    # a simulation's process killed from outside
        print(f"pokerhands: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("pokerhands: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
