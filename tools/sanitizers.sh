#!/usr/bin/env bash
# The test suite against a build of every extension with AddressSanitizer and UBSan
# (and Cython's bounds checks: POKERHANDS_DEBUG=1), on Linux with GCC.  It builds in a
# copy of the working tree, so the checkout's own in-place build is left as it was.
#
#   bash tools/sanitizers.sh                 # the whole suite
#   bash tools/sanitizers.sh tests/test_tables.py -x
#
# Why: the kernels read numpy arrays and the engine's own memory through raw
# pointers; the suite's answers can be right while a read is out of bounds or
# misaligned (x86 forgives both), which only a sanitizer reports.  An error stops the
# run with the sanitizer's report on stderr (pytest captures Python's streams only,
# not the file descriptor the report is written to).  Python is not built with ASan: its own
# allocations go through malloc (PYTHONMALLOC) so that the extensions' overruns of
# them are seen; memory the engine maps itself (its tables' slots) is not watched.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
python="$(command -v "${PYTHON:-python}")"     # made absolute before the cd below,
python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")"  # a venv's link kept
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"
git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - -c --ignore-failed-read 2>/dev/null | tar -x -C "$work"
cd "$work"
echo "building with the sanitizers in $work ..."
if ! POKERHANDS_DEBUG=1 \
        CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
        LDFLAGS="-fsanitize=address,undefined" \
        "$python" setup.py build_ext --inplace -j 2 > build.log 2>&1; then
    tail -40 build.log
    exit 1
fi
LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)" \
PYTHONPATH="$work/src" PYTHONMALLOC=malloc \
ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$python" -m pytest -p no:cacheprovider --capture=sys "$@"
