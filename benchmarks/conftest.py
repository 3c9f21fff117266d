"""Shared inputs and reporting for the benchmarks.

Run from the repository root:

    python -m pytest benchmarks -q --benchmark-only --benchmark-json=bench.json
    python benchmarks/report.py bench.json

Every input is built from a fixed seed before any timing starts (the shared ones here).
Every benchmark is timed through the `measure` fixture, which records what it measured
(`what` = the report's row, `lib` = its column, `hands`, `unit`, `family`) and the rate in
hands per second in its `extra_info`; the machine (CPU model, platform, Python and numpy
versions) goes into the JSON's `machine_info` and into every benchmark's
`extra_info["machine"]`.
"""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

try:
    import evaluator
except ImportError:  # running from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    import evaluator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from host import cpu_caches, cpu_model, describe, huge_pages

SEED = int(os.environ.get("POKERHANDS_SEED", "20261122"))
N_BATCH = 1_000_000  # rows per batch benchmark
N_SAMPLE = 10_000  # hands per scalar (Python loop) benchmark: the first rows of the batch


# ---------------------------------------------------------------------------- collection


def pytest_configure(config: pytest.Config) -> None:
    """Collect bench_*.py as test modules without touching the project's pytest settings."""
    patterns = config.getini("python_files")
    if "bench_*.py" not in patterns:
        config.addinivalue_line("python_files", "bench_*.py")


# ---------------------------------------------------------------------------- machine


def describe_machine() -> dict[str, Any]:
    return {
        "cpu": cpu_model(),
        "caches": cpu_caches(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "pokerhands": getattr(evaluator, "__version__", "?"),
        "evaluator_path": str(Path(evaluator.__file__).parent),
    }


MACHINE = describe_machine()


def pytest_benchmark_update_machine_info(config: pytest.Config, machine_info: dict) -> None:
    machine_info["pokerhands"] = dict(MACHINE, huge_pages=huge_pages())


def pytest_report_header(config: pytest.Config) -> str:
    return describe()


@pytest.fixture(scope="session")
def machine() -> dict[str, Any]:
    """The machine the benchmarks run on (also written into each benchmark's extra_info)."""
    return MACHINE


# ---------------------------------------------------------------------------- inputs


def random_hands(rng: np.random.Generator, n: int, k: int, chunk: int = 100_000) -> np.ndarray:
    """(n, k) uint8 rows of k distinct cards of 52, uniformly dealt (chunked to bound memory)."""
    out = np.empty((n, k), dtype=np.uint8)
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        keys = rng.random((stop - start, 52))
        out[start:stop] = np.argpartition(keys, k, axis=1)[:, :k]
    return out


@pytest.fixture(scope="session")
def seed() -> int:
    """The seed of every input (POKERHANDS_SEED, default 20261122)."""
    return SEED


@pytest.fixture(scope="session")
def hands7() -> np.ndarray:
    """1,000,000 random 7-card hands, (N, 7) uint8, C-contiguous."""
    return random_hands(np.random.default_rng(SEED), N_BATCH, 7)


@pytest.fixture(scope="session")
def hands5() -> np.ndarray:
    """1,000,000 random 5-card hands, (N, 5) uint8, C-contiguous."""
    return random_hands(np.random.default_rng(SEED + 1), N_BATCH, 5)


@pytest.fixture(scope="session", params=[5, 7], ids=["5-card", "7-card"])
def sample(request: pytest.FixtureRequest, hands5: np.ndarray, hands7: np.ndarray) -> np.ndarray:
    """The first 10,000 rows of the batch input of each size."""
    hands = hands5 if request.param == 5 else hands7
    return hands[:N_SAMPLE]


# ---------------------------------------------------------------------------- reporting

RATES: list[tuple[str, str, float, str]] = []


def family_of(module: Any) -> str:
    """A benchmark module's family: its FAMILY constant, else its name without bench_."""
    name = module.__name__.rpartition(".")[2]
    return getattr(module, "FAMILY", name.removeprefix("bench_"))


@pytest.fixture
def measure(
    benchmark: Any, machine: dict[str, Any], request: pytest.FixtureRequest
) -> Callable[..., Any]:
    """measure(fn, *args, what=..., lib=..., hands=N, **kwargs) -> fn(*args, **kwargs),
    timed by pytest-benchmark.

    Records what/lib/hands/unit/family/machine in extra_info and, once timed,
    hands_per_s = N / mean (and hands_per_s_median = N / median, steadier on a shared
    machine; hands_per_s_best = N / fastest round).  `what` names the row of the report
    (the same for every library measured on the same task), `lib` its column, `hands`
    how many hands (or `unit`s, e.g. "showdowns") one call handles.  rounds=R times R
    rounds of one call each (benchmark.pedantic), for peers too slow to calibrate.
    """

    def run(
        fn: Callable[..., Any], *args: Any, what: str, lib: str, hands: int,
        unit: str = "hands", rounds: int | None = None, **kwargs: Any,
    ) -> Any:
        benchmark.group = what
        benchmark.extra_info.update(
            what=what, lib=lib, hands=hands, unit=unit, family=family_of(request.module),
            machine=machine,
        )
        if rounds is None:
            result = benchmark(fn, *args, **kwargs)
        else:
            result = benchmark.pedantic(fn, args, kwargs, rounds=rounds, iterations=1)
        stats = timed_stats(benchmark)
        if stats is not None:
            rate = hands / stats.mean
            benchmark.extra_info["hands_per_s"] = rate
            benchmark.extra_info["hands_per_s_median"] = hands / stats.median
            benchmark.extra_info["hands_per_s_best"] = hands / stats.min
            RATES.append((what, lib, rate, unit))
        return result

    return run


def timed_stats(benchmark: Any) -> Any:
    """The rounds' statistics (mean, median, min, ...) of a benchmark that was timed, or
    None: under --benchmark-disable each benchmark runs once, untimed, as a smoke test,
    and has no statistics to read a rate from."""
    stats = getattr(benchmark, "stats", None)
    if stats is None or getattr(benchmark, "disabled", False):
        return None
    return stats.stats


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not RATES:
        return
    tr = terminalreporter
    tr.section("hands per second (mean)")
    tr.write_line(describe())
    tr.write_line(f"Python {MACHINE['python']}, numpy {MACHINE['numpy']}")
    width = max(len(what) for what, *_ in RATES)
    for what, lib, rate, unit in RATES:
        scaled = f"{rate / 1e6:10.2f} M" if rate >= 1e6 else f"{rate / 1e3:10.2f} k"
        tr.write_line(f"{what:<{width}}  {lib:<12} {scaled} {unit}/s")


# ---------------------------------------------------------------------------- checks


def assert_same_order(
    ours: Any, theirs: Any, hands: np.ndarray, *, lib: str, higher_is_better: bool
) -> None:
    """Every pair of hands compares the same way under our values and the peer's.

    Sorting by (ours, theirs) must give a sequence where equal values of ours have equal
    peer values and a step up in ours is a strict step up (or down, for "lower is
    better" peers) in theirs; by transitivity that is agreement on every pair.
    """
    a = np.asarray(ours, dtype=np.int64)
    b = np.asarray(theirs, dtype=np.int64)
    if not higher_is_better:
        b = -b
    assert a.shape == b.shape, (a.shape, b.shape)
    assert len(np.unique(a)) == len(np.unique(b)), f"{lib}: different numbers of classes"
    order = np.lexsort((b, a))
    a, b = a[order], b[order]
    same = a[1:] == a[:-1]
    bad = np.flatnonzero(np.where(same, b[1:] != b[:-1], b[1:] <= b[:-1]))
    if len(bad):
        i, j = order[bad[0]], order[bad[0] + 1]
        names = [evaluator.format_cards(hands[x]) for x in (i, j)]
        raise AssertionError(
            f"{lib} orders {names[0]} vs {names[1]} differently: ours "
            f"{ours[i]} vs {ours[j]}, {lib} {theirs[i]} vs {theirs[j]}"
        )


def categories_of(values: np.ndarray) -> np.ndarray:
    """Category index (0 = High Card .. 8 = Straight Flush) of each HIGH value."""
    tops = [hi for _, hi in evaluator.HIGH.category_bounds().values()]
    return np.searchsorted(np.asarray(tops), np.asarray(values), side="left")


@pytest.fixture(scope="session")
def category_counts() -> Callable[[np.ndarray], list[int]]:
    def counts(values: np.ndarray) -> list[int]:
        return np.bincount(categories_of(values), minlength=9).tolist()

    return counts


@pytest.fixture(scope="session")
def same_order() -> Callable[..., None]:
    return assert_same_order

