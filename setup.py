"""Extension modules only; metadata lives in pyproject.toml.

Set POKERHANDS_DEBUG=1 to build with bounds checks, wraparound and line tracing
turned back on (slow, for hunting a kernel bug).
"""

import os
import sys
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("POKERHANDS_DEBUG", "") not in ("", "0")

DIRECTIVES = {
    "language_level": "3",
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "nonecheck": False,
    "embedsignature": True,
}

if sys.platform == "win32":
    COMPILE_ARGS = ["/O2"]
else:
    COMPILE_ARGS = ["-O3", "-fno-strict-aliasing"] if not DEBUG else ["-O0", "-g"]
    COMPILE_ARGS.append("-Wno-unreachable-code")


def extension(path: Path) -> Extension:
    """One extension per .pyx file under src/ (subpackages too), named after its package
    path: src/games/engine/_betting.pyx builds games.engine._betting."""
    module = ".".join(path.relative_to("src").with_suffix("").parts)
    return Extension(
        module,
        [str(path)],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=COMPILE_ARGS,
    )


setup(
    ext_modules=cythonize(
        [extension(p) for p in sorted(Path("src").glob("**/*.pyx"))],
        compiler_directives=DIRECTIVES,
        include_path=["src"],
        force=DEBUG,
    ),
)
