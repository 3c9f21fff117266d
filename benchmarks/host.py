"""The host a figure was measured on: its CPU, caches and huge-page setting.

Every figure we publish names its machine, and a shared virtual machine can land on a
different kind of host from one session to the next (an AMD EPYC with 512 KiB of L2 a
core one day, an Intel Xeon with 2 MiB the next) while its Python, numpy and the
benchmark's own output stay the same.  The CPU's vendor, family and model and the L2's
size tell the hosts apart, so the benchmarks' reports (conftest.py) and the hand-run
tools (sittings.py, paired.py, threads.py, memory.py) all print `describe()`'s line first.
Linux's /proc and sysfs; "unknown" parts elsewhere.
"""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path


def _cpuinfo() -> dict[str, str]:
    """The first processor's fields of /proc/cpuinfo (empty where there is none)."""
    fields: dict[str, str] = {}
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return fields
    for line in text.splitlines():
        if not line.strip():            # the end of the first processor's block
            break
        key, _, value = line.partition(":")
        fields[key.strip().lower()] = value.strip()
    return fields


def cpu_model() -> str:
    """The CPU's model name with its vendor, family and model numbers, e.g. "Intel(R)
    Xeon(R) Processor (GenuineIntel, family 6 model 207)": a hypervisor may give only a
    generic name, and the numbers still tell an Emerald Rapids from a Milan."""
    info = _cpuinfo()
    name = info.get("model name", "")
    if not name:
        try:
            text = subprocess.run(
                ["lscpu"], capture_output=True, text=True, check=True, timeout=10
            ).stdout
            for line in text.splitlines():
                if line.startswith("Model name:"):
                    name = line.split(":", 1)[1].strip()
        except (OSError, subprocess.SubprocessError):
            pass
    name = name or platform.processor() or "unknown"
    if "cpu family" in info and "model" in info:
        vendor = info.get("vendor_id", "?")
        name += f" ({vendor}, family {info['cpu family']} model {info['model']})"
    return name


def cpu_caches() -> str:
    """The first CPU's data and unified caches, "L1d 32K, L2 1024K, L3 32768K" (Linux's
    sysfs; "unknown" elsewhere).  Batch figures move with the L2 size: name it."""
    found = []
    for index in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        try:
            kind = (index / "type").read_text().strip()
            level = (index / "level").read_text().strip()
            size = (index / "size").read_text().strip()
        except OSError:
            continue
        if kind != "Instruction":
            found.append(f"L{level}{'d' if kind == 'Data' else ''} {size}")
    return ", ".join(found) or "unknown"


def huge_pages() -> str:
    """The transparent huge page setting and how much of this process they back now:
    numpy asks for them on large arrays where the setting is `madvise`, and a fresh
    output array that gets them is written faster."""
    try:
        text = Path("/sys/kernel/mm/transparent_hugepage/enabled").read_text()
        setting = text[text.index("[") + 1:text.index("]")]
    except (OSError, ValueError):
        return "unknown"
    backed = "?"
    try:
        for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
            if line.startswith("AnonHugePages:"):
                backed = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return f"THP {setting}, this process {backed}"


def describe() -> str:
    """One line naming the host: "machine: <CPU>, <n> cores, <caches>; huge pages: ..."."""
    return (f"machine: {cpu_model()}, {os.cpu_count()} cores, {cpu_caches()}; "
            f"huge pages: {huge_pages()}")


if __name__ == "__main__":
    print(describe())
