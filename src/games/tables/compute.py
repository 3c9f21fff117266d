"""Equity tables: every row hand against every column hand, heads-up, on local threads
or on a Dask cluster.

The work is a list of (row, column) entries; each is one :func:`games.equity` call on
one thread, so an entry's number does not depend on where it runs: exact entries are
exact, and a sampled entry (i, j) draws from its own stream, spawned from the table's
seed with key (i, j).  Entries are grouped into tasks of a few; locally the tasks go to
the shared thread pool, with a ``dask.distributed.Client`` they are submitted to the
cluster, whose scheduler reruns the tasks of a worker that dies.  A table whose
columns are its rows (``cols=None``) computes each pair once: equity(b vs a) is
1 - equity(a vs b), both exact and sampled, since every deal splits the whole pot.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from evaluator.checks import seed as check_seed
from evaluator.threads import Progress, run_tasks, thread_count
from games.equity import equity
from games.equity.inputs import cards_text, combo_masks, resolve
from games.ranges.grid import GRID
from games.tables.result import EquityTable
from games.variants import Variant, variant

#: the 169 starting-hand classes in reading order of the grid (AA, AKs, ..., 22)
ALL_CLASSES: tuple[str, ...] = tuple(name for row in GRID for name in row)

#: (equity, exact, outcomes) of one entry; equity NaN where no deal is possible
Entry = tuple[float, bool, int]


def _labels(spec: Any, what: str, v: Variant) -> tuple[str, ...]:
    if isinstance(spec, str):
        if spec.strip().lower() == "all":
            if v.hole_cards != 2:
                raise ValueError(f"{what}='all' means the 169 hold'em classes; "
                                 f"{v.name} has {v.hole_cards} hole cards")
            return ALL_CLASSES
        return (spec.strip(),)
    if isinstance(spec, (bytes, bytearray)) or not isinstance(spec, Sequence):
        raise TypeError(f"{what} must be 'all', a hand or range, or a list of them; "
                        f"got {type(spec).__name__}")
    labels = []
    for k, item in enumerate(spec):
        if not isinstance(item, str):
            raise TypeError(f"{what}[{k}] must be a string (a hand, class or range), "
                            f"got {type(item).__name__}")
        labels.append(item.strip())
    if not labels:
        raise ValueError(f"{what} is empty")
    if len(set(labels)) != len(labels):
        dup = next(x for x in labels if labels.count(x) > 1)
        raise ValueError(f"{what} names {dup!r} twice")
    return tuple(labels)


def _masks(v: Variant, label: str, what: str, board: str, dead: str) -> np.ndarray | None:
    """The card masks of a label's combos that fit beside the board and the dead cards
    (None for a random hand); a label that cannot be read or never fits is refused
    here, by name."""
    try:
        _, _, parsed = resolve(v, [label, "random"], board, dead)
    except ValueError as e:
        raise ValueError(f"{what} {label!r}: {str(e).removeprefix('player 1')}") from None
    return None if parsed[0].is_random else combo_masks(parsed[0])


def _can_meet(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    """Whether some combo of a and some combo of b share no card."""
    if a is None or b is None:
        return True
    return bool(((a[:, None] & b[None, :]) == 0).any())


def _entry_seed(seed: int, i: int, j: int) -> int:
    return int(np.random.SeedSequence(seed, spawn_key=(i, j)).generate_state(1, np.uint64)[0])


@dataclass(frozen=True)
class TableSpec:
    """Everything a task needs besides its pairs: plain data, so it pickles to any
    Dask worker."""

    game: str
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    board: str
    dead: str
    exact: bool | None
    trials: int | None
    seed: int


def compute_entries(spec: TableSpec, pairs: list[tuple[int, int]]) -> list[Entry]:
    """One task: the entries (i, j) of `pairs`, each one equity call on one thread
    (every pair here is known to be dealable)."""
    out: list[Entry] = []
    for i, j in pairs:
        r = equity(spec.game, [spec.rows[i], spec.cols[j]], spec.board, spec.dead,
                   exact=spec.exact, trials=spec.trials,
                   seed=_entry_seed(spec.seed, i, j), threads=1)
        out.append((r[0].equity, r.exact, r.outcomes))
    return out


def _chunks(pairs: list[tuple[int, int]], workers: int) -> list[list[tuple[int, int]]]:
    size = max(1, min(32, len(pairs) // (16 * workers)))
    return [pairs[k:k + size] for k in range(0, len(pairs), size)]


def _run_local(job: Callable[[list[tuple[int, int]]], list[Entry]],
               chunks: list[list[tuple[int, int]]], threads: int,
               report: Callable[[int], None]) -> list[list[Entry]]:
    """The chunks on the shared thread pool (evaluator.threads.run_tasks), in order."""
    results: list[list[Entry]] = []

    def done(entries: list[Entry]) -> None:
        results.append(entries)
        report(len(entries))
    run_tasks(threads, [partial(job, c) for c in chunks], done)
    return results


def _client(client: Any) -> tuple[Any, bool]:
    """A dask.distributed Client from a Client or a scheduler address; owned = made here."""
    try:
        from distributed import Client
    except ImportError:
        raise ImportError("running on a cluster needs Dask: pip install 'pokerhands[dask]'") \
            from None
    if isinstance(client, Client):
        return client, False
    if isinstance(client, str):
        try:
            return Client(client, timeout="10s"), True
        except (OSError, TimeoutError, ValueError) as e:
            raise ConnectionError(f"cannot reach a Dask scheduler at {client!r}: {e}") from None
    raise TypeError(f"client must be a dask.distributed.Client or a scheduler address, "
                    f"got {type(client).__name__}")


def _run_dask(client: Any, spec: TableSpec, chunks: list[list[tuple[int, int]]],
              report: Callable[[int], None]) -> list[list[Entry]]:
    from distributed import as_completed
    token = uuid.uuid4().hex[:12]
    futures = [
        client.submit(compute_entries, spec, c, key=f"equity-table-{token}-{k}", pure=False)
        for k, c in enumerate(chunks)
    ]
    index = {f.key: k for k, f in enumerate(futures)}
    results: list[list[Entry] | None] = [None] * len(chunks)
    try:
        for f in as_completed(futures):
            k = index[f.key]
            results[k] = f.result()
            report(len(chunks[k]))
    finally:
        client.cancel([f for f in futures if not f.done()])
    assert all(r is not None for r in results)
    return results  # type: ignore[return-value]


def equity_table(
    game: Variant | str,
    rows: str | Sequence[str],
    cols: str | Sequence[str] | None = None,
    board: str = "",
    dead: str = "",
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | np.random.SeedSequence | np.random.Generator | None = None,
    threads: int | None = None,
    client: Any = None,
    progress: Progress | None = None,
) -> EquityTable:
    """The heads-up equity of every row hand against every column hand.

    rows, cols: 'all' (the 169 hold'em classes, AA, AKs, ..., 22 in grid order), one
    hand, class or range, or a list of them (anything :func:`games.equity` takes for a
    player).  cols=None: the rows again, each pair computed once.  Entries where the
    two can never be dealt together are NaN.  exact/trials/seed: as for
    :func:`games.equity`, per entry (exact=None: exact where affordable); entry (i, j)
    samples from its own stream of `seed`, so a table is the same on any threads or
    cluster.  threads: local threads (None: one per CPU).  client: a
    ``dask.distributed.Client`` or a scheduler address such as "tcp://host:8786"
    (needs ``pokerhands[dask]``); the entries then run as tasks on its workers, and a
    worker that dies has its tasks rerun.  progress(done, total) counts entries.
    """
    t0 = time.perf_counter()
    v = variant(game)
    if v.board_cards != 5 or v.high is None:
        raise ValueError(f"{v.name} has no community cards; equity tables are for board games")
    row_labels = _labels(rows, "rows", v)
    symmetric = cols is None
    col_labels = row_labels if cols is None else _labels(cols, "cols", v)
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None, got {type(exact).__name__}")
    if exact is True and trials is not None:
        raise ValueError("exact=True enumerates; trials are for sampling")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)):
        raise TypeError(f"trials must be an int, got {type(trials).__name__}")
    if trials is not None and trials < 1:
        raise ValueError(f"trials must be >= 1, got {trials}")
    table_seed = check_seed(seed)
    n_threads = thread_count(threads)
    board_cards, dead_cards, _ = resolve(v, ["random", "random"], board, dead)
    board_text, dead_text = cards_text(board_cards), cards_text(dead_cards)
    row_masks = [_masks(v, x, "rows", board_text, dead_text) for x in row_labels]
    col_masks = (row_masks if symmetric else
                 [_masks(v, x, "cols", board_text, dead_text) for x in col_labels])

    equities = np.full((len(row_labels), len(col_labels)), np.nan)
    pairs = [(i, j) for i in range(len(row_labels))
             for j in range(i if symmetric else 0, len(col_labels))
             if _can_meet(row_masks[i], col_masks[j])]
    total = len(pairs)
    state = {"done": 0}

    def report(n: int) -> None:
        state["done"] += n
        if progress is not None:
            progress(state["done"], total)

    spec = TableSpec(v.name, row_labels, col_labels, board_text, dead_text, exact, trials,
                     table_seed)
    if client is None:
        chunks = _chunks(pairs, n_threads)
        results = _run_local(partial(compute_entries, spec), chunks, n_threads, report)
    else:
        dask_client, owned = _client(client)
        try:
            workers = max(1, sum(dask_client.nthreads().values()))
            chunks = _chunks(pairs, workers)
            results = _run_dask(dask_client, spec, chunks, report)
        finally:
            if owned:
                dask_client.close()
    all_exact, most_trials = True, 0
    for c, entries in zip(chunks, results, strict=True):
        for (i, j), (e, was_exact, outcomes) in zip(c, entries, strict=True):
            equities[i, j] = e
            if symmetric:
                equities[j, i] = 1.0 - e
            if not was_exact:
                all_exact = False
                most_trials = max(most_trials, outcomes)
    return EquityTable(
        v.name, row_labels, col_labels, equities, board_text, dead_text, all_exact,
        most_trials, None if all_exact else table_seed, time.perf_counter() - t0,
    )


__all__ = ["ALL_CLASSES", "EquityTable", "TableSpec", "compute_entries", "equity_table"]

