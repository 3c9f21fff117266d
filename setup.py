"""Extension modules only; metadata lives in pyproject.toml.

Set POKERHANDS_DEBUG=1 to build with bounds checks, wraparound and initialisation
checks turned back on, without optimisation and with debug symbols (slow, for hunting
a kernel bug).  Release builds strip the extensions' symbols (a wheel a quarter of the
size; POKERHANDS_KEEP_SYMBOLS=1 keeps them, for `perf report` on an optimised
build), cythonize and compile the extensions in parallel, and say what to install when
no C compiler is found.
"""

import os
import sys
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("POKERHANDS_DEBUG", "") not in ("", "0")
JOBS = os.cpu_count() or 1

DIRECTIVES = {
    "language_level": "3",
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "nonecheck": False,
    "embedsignature": True,
    # no kernel keeps global mutable state except tables built once under a lock
    "freethreading_compatible": True,
}

if sys.platform == "win32":
    COMPILE_ARGS = ["/O2"] if not DEBUG else ["/Od", "/Zi"]
    LINK_ARGS: list[str] = []
else:
    COMPILE_ARGS = ["-O3", "-fno-strict-aliasing"] if not DEBUG else ["-O0", "-g"]
    COMPILE_ARGS.append("-Wno-unreachable-code")
    if sys.platform.startswith("linux") and not DEBUG:
        # no unwind tables: nothing unwinds through these frames (no C++, no
        # cancellation); they were 5-7% of every module
        COMPILE_ARGS.append("-fno-asynchronous-unwind-tables")
    # strip symbols from release builds: -s for GNU ld, -x -S (locals, debug) for Apple's
    if DEBUG or os.environ.get("POKERHANDS_KEEP_SYMBOLS"):
        LINK_ARGS = []
    else:
        LINK_ARGS = ["-Wl,-x", "-Wl,-S"] if sys.platform == "darwin" else ["-s"]

# The plain Python modules compiled as they are (COMPILED_PYTHON) are interpreter-style
# code, calls and objects: -O2 runs them as fast as -O3 (the engine's hands/s measured
# equal) in 10% less code; the numeric kernels keep -O3.
PYTHON_COMPILE_ARGS = [("-O2" if a == "-O3" else a) for a in COMPILE_ARGS]

NO_COMPILER = """
pokerhands could not compile its C extensions: {error}

Building from source needs a C compiler:
  * Linux: the distribution's compiler and Python headers, for example
      Debian/Ubuntu: sudo apt install build-essential python3-dev
      Fedora/RHEL:   sudo dnf install gcc python3-devel
      Alpine:        apk add build-base python3-dev
  * macOS: the Xcode command line tools: xcode-select --install
  * Windows: "Microsoft C++ Build Tools" (Visual Studio Build Tools, with the
    "Desktop development with C++" workload)
Or install a pre-built wheel instead: pip install --only-binary pokerhands pokerhands
"""


class BuildExt(build_ext):
    """build_ext that compiles the extensions in parallel and explains a missing
    compiler instead of failing with the compiler driver's bare error."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # the compiler's failures come in many classes
            if _compiler_missing(error):
                raise SystemExit(NO_COMPILER.format(error=error)) from error
            raise


def _compiler_missing(error: BaseException) -> bool:
    """Whether a build failure means there is no C compiler to run, as opposed to an
    error in the code being compiled (setuptools reports a missing compiler as
    "command 'gcc' failed: No such file or directory" or "[Errno 2] No such file or
    directory: 'gcc'", or on Windows as a missing Visual C++)."""
    text = str(error)
    return isinstance(error, FileNotFoundError) or text.startswith(
        ("[Errno 2]", "[WinError 2]")) or any(words in text for words in (
        "failed: No such file or directory", "Microsoft Visual C++ 14",
        "Unable to find vcvarsall", "Cannot find a C compiler",
    ))


# Plain Python modules compiled by Cython as they are: the same source, read by mypy
# and by anyone reading the code, runs as C (an interpreter without the extension
# imports the .py).  These are the modules every action or every new table passes
# through, where the interpreter's per-line cost is the cost: the table's façade, its
# options and the cards an action takes, PHH's action notation, and the single
# showdown.  The machine itself and the numeric cores are .pyx.
COMPILED_PYTHON = [
    *(f"src/games/engine/{name}.py" for name in ("table", "options", "cards")),
    "src/games/phh/notation.py",
    *(f"src/games/showdown/{name}.py" for name in ("single", "pots", "result")),
]
# Python's semantics exactly: bounds-checked, negative indices, Python division, and
# annotations that are only annotations (none is a C type; `x: int = DEFAULT` sentinels
# stay legal).  None of the kernels' directives that trade checks for speed.
PYTHON_DIRECTIVES = {
    "language_level": "3",
    "annotation_typing": False,
    "binding": True,
    "freethreading_compatible": True,
}


# Modules built for size (the wheel has a 2 MB budget): at -O2 and without
# auto-vectorisation, which copies every loop (table look-ups and sorting networks
# gain nothing from it); their hottest loops ask for -O3 themselves (a GCC pragma in
# the module).  games.strength._kernel: 128 kB instead of 206 kB, its figures as fast.
# evaluator.tables and evaluator._strengths only build a hand type's tables on its
# first use (HIGH's in about 16 ms): no loop of theirs runs per hand.
FOR_SIZE = {"games.strength._kernel", "evaluator.tables", "evaluator._strengths"}
# Compiled plain-Python modules off the per-action path, at -Os: the options record
# (checked once per table shape, then remembered), the showdown in words (built only
# when a caller reads it) and the cards a dealing action names (about 55 ns a call
# more, under 2% of a replayed hand; 41 kB less).
SMALLEST = {"games.engine.options", "games.showdown.result", "games.engine.cards"}
# The engine's compiled hand (games.engine's .pyx modules) without Python's -fwrapv:
# nothing there relies on a signed overflow, and GCC then reasons about its many short
# seat loops: the steps of a batch of tables ran 4% fewer instructions.  The
# evaluator's kernels keep it (the 7-card batch measured 2-3% slower without).  Nor
# does GCC vectorise the engine's loops: they run over a few seats or cards, and the
# vector copies' guards cost more than they save (2% fewer instructions a hand of a
# batch of tables, and smaller modules); -O2 instead measured 3% more.
NO_WRAPV = "games.engine."


def extension(path: Path, compile_args: list[str] = COMPILE_ARGS) -> Extension:
    """One extension per .pyx file under src/ (at any depth), and one per module of
    COMPILED_PYTHON, named after its package path: src/games/showdown/_kernel.pyx is
    games.showdown._kernel."""
    module = ".".join(path.relative_to("src").with_suffix("").parts)
    args = compile_args
    if module in FOR_SIZE and not DEBUG and sys.platform != "win32":
        args = [a if a != "-O3" else "-O2" for a in compile_args] + ["-fno-tree-vectorize"]
    if module in SMALLEST and not DEBUG and sys.platform != "win32":
        args = [a if a not in ("-O2", "-O3") else "-Os" for a in compile_args]
    if (module.startswith(NO_WRAPV) and path.suffix == ".pyx" and not DEBUG
            and sys.platform != "win32"):
        args = [*args, "-fno-wrapv", "-fno-tree-vectorize"]
    return Extension(
        module,
        [str(path)],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=args,
        extra_link_args=LINK_ARGS,
    )


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=cythonize(
        [extension(p) for p in sorted(Path("src").rglob("*.pyx"))],
        compiler_directives=DIRECTIVES,
        include_path=["src"],
        force=DEBUG,
        nthreads=JOBS,
    ) + cythonize(
        [extension(Path(p), PYTHON_COMPILE_ARGS) for p in COMPILED_PYTHON],
        compiler_directives=PYTHON_DIRECTIVES,
        force=DEBUG,
        nthreads=JOBS,
    ),
)
