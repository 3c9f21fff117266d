"""benchmarks/sittings.py makes the README's `Tables` figures: each sitting's rates read
from pytest-benchmark's JSON, two threads over one, the actions a second of both input
policies, how far apart the vCPUs sat (benchmarks/apart.py), the sittings left out when
the host slowed, and each column's range.  A slip
there would publish a wrong figure with nothing to show for it, so its arithmetic is
checked here on made-up sittings whose answers are known, and its columns against the
benchmark's real test names (a renamed parameter would leave a column empty, silently).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
if not (BENCHMARKS / "sittings.py").exists():
    pytest.skip("benchmarks/ is not beside the tests (an installed copy)",
                allow_module_level=True)
sys.path.insert(0, str(BENCHMARKS))
import apart  # noqa: E402
import sittings  # noqa: E402


def bench(name: str, hands: int, mean: float, median: float | None = None,
          actions: float | None = None,
          apart_ns: list[float | None] | None = None) -> dict[str, Any]:
    """One benchmark's entry as pytest-benchmark writes it (the parts sittings reads)."""
    info: dict[str, Any] = {"hands": hands, "hands_per_s": mean}
    if median is not None:
        info["hands_per_s_median"] = median
    if actions is not None:
        info["actions_per_hand"] = actions
    if apart_ns is not None:
        info["apart_ns"] = apart_ns
    return {"name": name, "extra_info": info}


def sitting(tmp_path: Path, *benches: dict[str, Any]) -> dict[str, float]:
    path = tmp_path / "sitting.json"
    path.write_text(json.dumps({"benchmarks": list(benches)}))
    return sittings.figures(path)


def column(heading: str) -> Any:
    (value,) = [v for h, v, _ in sittings.COLUMNS if h == heading]
    return value


def test_figures_read_the_median_and_the_actions(tmp_path: Path) -> None:
    f = sitting(tmp_path,
                bench("test_tables[2048-1-6]", 600_000, 1.0e6, 1.1e6, actions=10.0),
                bench("test_table[6]", 2_000, 60_000.0))
    assert f["test_tables[2048-1-6]"] == 1.1e6          # the median, not the mean
    assert f["test_tables[2048-1-6] count"] == 600_000
    assert f["test_tables[2048-1-6] actions"] == pytest.approx(11.0e6)
    assert f["test_table[6]"] == 60_000.0               # no median: the mean
    assert "test_table[6] actions" not in f


def test_columns_and_row(tmp_path: Path) -> None:
    f = sitting(tmp_path,
                bench("test_tables[2048-1-6]", 600_000, 1.0e6, 1.0e6, actions=10.35),
                bench("test_tables[2048-2-6]", 600_000, 1.8e6, 1.9e6, actions=10.35),
                bench("test_tables_calls[6-2048-1]", 300_000, 5.5e5, 5.6e5, actions=20.0),
                bench("test_tables_calls[6-2048-2]", 300_000, 9.0e5, 9.52e5, actions=20.0),
                bench("test_tables_others_in_step[6-2048-1]", 600_000, 1.1e6, 1.2e6),
                bench("test_tables_others_in_step[6-2048-2]", 600_000, 2.2e6, 2.28e6),
                bench("test_observe", 4096, 1.6e8, 1.6e8))
    assert column("2 threads / 1, 2,048")(f) == pytest.approx(1.9)
    assert column("others in the step, 2 threads / 1, 2,048")(f) == pytest.approx(1.9)
    assert column("others in the step, heads-up, 1 thread, 1,024 (M)")(f) is None
    assert column("2 threads / 1, 4,096")(f) is None        # its rows did not run
    assert column("mostly calls, 2 threads / 1, 2,048")(f) == pytest.approx(1.7)
    assert column("actions a second, 1 thread, 2,048, uniform (M)")(f) == pytest.approx(10.35e6)
    assert column("actions a second, 1 thread, 2,048, mostly calls (M)")(f) == \
        pytest.approx(11.2e6)
    assert column("`observe()` (us)")(f) == pytest.approx(25.6)   # 4,096 tables a call
    cells = sittings.row(["7", "0.30 / 0.29"], f).strip("| ").split(" | ")
    headings = [h for h, _, _ in sittings.COLUMNS]
    shown = dict(zip(headings, cells[2:], strict=True))
    assert shown["1 thread, 2,048 (k)"] == "1,000"
    assert shown["2 threads / 1, 2,048"] == "1.90x"
    assert shown["1 thread, 4,096 (k)"] == ""
    assert shown["mostly calls, 1 thread, 2,048 (k)"] == "560"
    assert shown["actions a second, 1 thread, 2,048, mostly calls (M)"] == "11.20"
    assert shown["others in the step, 1 thread, 2,048 (k)"] == "1,200"


def test_how_far_apart_the_vcpus_sat(tmp_path: Path) -> None:
    """The further of the two readings around a two-thread row (a reading that could
    not be taken, None, is skipped), and the two-thread ratios split by it."""
    near = sitting(tmp_path,
                   bench("test_tables[2048-1-6]", 1, 1.0e6, 1.0e6),
                   bench("test_tables[2048-2-6]", 1, 1.7e6, 1.7e6, apart_ns=[180.0, 190.0]),
                   bench("test_tables[4096-1-6]", 1, 1.0e6, 1.0e6),
                   bench("test_tables[4096-2-6]", 1, 2.0e6, 2.0e6, apart_ns=[None, 60.0]))
    assert near["test_tables[2048-2-6] apart"] == 190.0
    assert column("vCPUs apart, 2 threads, 4,096 (ns)")(near) == 60.0
    far = sitting(tmp_path,
                  bench("test_tables[2048-1-6]", 1, 1.0e6, 1.0e6),
                  bench("test_tables[2048-2-6]", 1, 1.2e6, 1.2e6, apart_ns=[550.0, 180.0]),
                  bench("test_tables[4096-2-6]", 1, 2.0e6, 2.0e6, apart_ns=[None, None]))
    assert column("vCPUs apart, 2 threads, 2,048 (ns)")(far) == 550.0
    assert column("vCPUs apart, 2 threads, 4,096 (ns)")(far) is None
    assert sittings.by_placement([near, far], 300.0) == [
        "- 2 threads / 1, 2,048: 1.70x-1.70x (1) / 1.20x-1.20x (1)",
        "- 2 threads / 1, 4,096: 2.00x-2.00x (1) / none",
    ]
    assert sittings.by_placement([near, far], 100.0)[0] == (
        "- 2 threads / 1, 2,048: none / 1.20x-1.70x (2)")
    # every ratio split by the reading is a column's (a renamed column drops nothing)
    assert [h for h, _, _ in sittings.PLACED] == [
        "2 threads / 1, 2,048", "2 threads / 1, 4,096",
        "mostly calls, 2 threads / 1, 2,048", "others in the step, 2 threads / 1, 2,048"]


def test_apart_reads_a_round_trip_or_says_it_cannot() -> None:
    """A reading where the host allows one (Linux, a compiler, two CPUs), else None; a
    bad count is refused before anything runs."""
    ns = apart.round_trip(trips=2000, repeats=1)
    can = (sys.platform.startswith("linux") and apart.two_cpus() is not None
           and shutil.which(apart.compiler()[0]) is not None)
    if can:
        assert ns is not None and 0 < ns < 1e6, ns
    else:
        assert ns is None
    with pytest.raises(ValueError, match="trips and repeats"):
        apart.round_trip(trips=0)


def test_slow_sittings_are_left_out_and_ranges_span_the_rest(tmp_path: Path) -> None:
    fast = sitting(tmp_path, bench("test_tables[2048-1-6]", 1, 1.0e6, 1.0e6))
    other = sitting(tmp_path, bench("test_tables[2048-1-6]", 1, 1.2e6, 1.2e6))
    slowed = sitting(tmp_path, bench("test_tables[2048-1-6]", 1, 0.5e6, 0.5e6))
    runs = [(0.30, 0.29, fast), (0.20, 0.30, slowed), (0.28, 0.30, other)]
    counted, left = sittings.split_slow(runs, 0.8)
    assert left == [2]                  # 0.20 < 0.8 * 0.30 at its start
    assert counted == [fast, other]
    assert sittings.ranges(counted) == ["- 1 thread, 2,048 (k): 1,000-1,200"]
    counted, left = sittings.split_slow(runs, 0.6)
    assert left == [] and len(counted) == 3


def test_every_column_names_a_benchmark_that_exists() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         str(BENCHMARKS / "bench_simulation.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    names = [line.rpartition("::")[2] for line in done.stdout.splitlines() if "::" in line]
    assert "test_tables[2048-1-6]" in names
    f: dict[str, float] = {}
    for name in names:
        f[name] = 1.0e6
        f[name + " count"] = 4096
        f[name + " actions"] = 1.0e7
        f[name + " apart"] = 200.0
    empty = [h for h, value, _ in sittings.COLUMNS if value(f) is None]
    assert not empty, f"columns that no benchmark of bench_simulation.py fills: {empty}"
