#!/usr/bin/env bash
# Build everything and run every test through ctest: once as a normal build,
# once more under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs=$(nproc)
status=0
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs") || status=1
# The sanitizer pass: every finding aborts the test that triggered it.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The 1,000 random playouts ran in the pass above; under the sanitizers a
# sample of them keeps CI within its time while still exercising every path.
export LW_PLAYOUTS=${LW_PLAYOUTS_SANITIZED:-150}
export TG_SWISS_EVENTS=${TG_SWISS_EVENTS_SANITIZED:-2000}
CC=clang cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTG_SANITIZE=ON -DTG_BENCH=OFF >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ctest --output-on-failure -j"$jobs" -LE no_sanitize) || status=1
exit $status
