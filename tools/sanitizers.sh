#!/usr/bin/env bash
# The test suite, or a fuzz target, against a build of every extension with
# AddressSanitizer and UBSan (and Cython's bounds checks: POKERHANDS_DEBUG=1), on Linux.
# It builds in a copy of the working tree, so the checkout's own in-place build is left
# as it was.
#
#   bash tools/sanitizers.sh                 # the whole suite (GCC)
#   bash tools/sanitizers.sh tests/test_tables.py -x
#   bash tools/sanitizers.sh --fuzz tables CORPUS -max_total_time=600   # clang, atheris
#
# Why: the kernels read numpy arrays and the engine's own memory through raw
# pointers; the suite's answers can be right while a read is out of bounds or
# misaligned (x86 forgives both), which only a sanitizer reports.  An error stops the
# run with the sanitizer's report on stderr (pytest captures Python's streams only,
# not the file descriptor the report is written to).  Python is not built with ASan: its own
# allocations go through malloc (PYTHONMALLOC) so that the extensions' overruns of
# them are seen; memory the engine maps itself (its tables' slots) is not watched.
#
# --fuzz runs `python -m tests.fuzzing TARGET ...` (tests/fuzzing) with the extensions
# also compiled for libFuzzer's coverage (clang's -fsanitize=fuzzer-no-link), so the
# compiled engine's branches steer atheris's search, not only the Python code's.  It
# needs clang (CC, else `clang`) and atheris (the fuzz extra) in PYTHON's environment,
# whose runtime (ASan, UBSan and libFuzzer in one library) is preloaded.  It runs from
# the caller's directory: the corpus and any crash file are written there, not into
# the copy, which is deleted at the end.
set -euo pipefail
fuzz=0
if [[ "${1:-}" == "--fuzz" ]]; then
    fuzz=1
    shift
fi
here="$(pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
python="$(command -v "${PYTHON:-python}")"     # made absolute before the cd below,
python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")"  # a venv's link kept
sanitize="-fsanitize=address,undefined"
if ((fuzz)); then
    # atheris's runtime; asked before the build, so that a missing atheris fails fast
    runtime="$("$python" -c 'import atheris; print(atheris.path())')/asan_with_fuzzer.so"
    export CC="${CC:-clang}"
    export LDSHARED="$CC -shared"
    # Cython's argument wrappers compute `args + nargs` with a NULL args and no
    # arguments, which clang's pointer-overflow check (GCC has none) reports: that
    # check is left out, in Cython's code and ours (ASan still sees a bad access)
    sanitize="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize=pointer-overflow"
else
    runtime="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"
git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - -c --ignore-failed-read 2>/dev/null | tar -x -C "$work"
cd "$work"
echo "building with the sanitizers in $work ..."
if ! POKERHANDS_DEBUG=1 \
        CFLAGS="$sanitize -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
        LDFLAGS="$sanitize" \
        "$python" setup.py build_ext --inplace -j 2 > build.log 2>&1; then
    tail -40 build.log
    exit 1
fi
# the runtime preloaded into Python only (not into the cleanup's rm)
sanitized=(env LD_PRELOAD="$runtime" PYTHONMALLOC=malloc
           ASAN_OPTIONS=detect_leaks=0:halt_on_error=1
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1)
if ((fuzz)); then
    cd "$here"
    "${sanitized[@]}" PYTHONPATH="$work/src:$work" "$python" -m tests.fuzzing "$@"
else
    "${sanitized[@]}" PYTHONPATH="$work/src" "$python" -m pytest -p no:cacheprovider \
        --capture=sys "$@"
fi
