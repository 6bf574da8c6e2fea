#!/usr/bin/env bash
# Build everything and run every test through ctest: once as a normal build,
# once more under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs=$(nproc)
status=0
# ctest -j starts the tests it expects to be longest first, by the times of
# the build dir's earlier runs (Testing/Temporary/CTestCostData.txt), else by
# their COST properties. A fresh clone (CI) has no earlier runs, and a long
# test started late ran on one core while the other idled: each pass's
# build dir is seeded once with the times of a whole pass
# (tests/ctest_costs_*.txt, ctest's own format: name, runs, seconds). ctest
# updates the file after every run, as a running mean with the seed counted
# in; the seed is kept beside it (Testing/ctest_costs_seed.txt) so that
# `python3 scripts/ctest_costs.py CLONE` can take it out again and refresh
# both lists from a whole run of this script in CLONE. A test with a COST
# property is ordered by that, whatever the list says.
seed_costs() {
  mkdir -p "$1/Testing/Temporary"
  if [ ! -s "$1/Testing/Temporary/CTestCostData.txt" ]; then
    cp "$2" "$1/Testing/Temporary/CTestCostData.txt"
    cp "$2" "$1/Testing/ctest_costs_seed.txt"
  fi
}
# Every build compiles through ccache (deps.sh installs it): a CI machine that
# keeps its cache rebuilds only what changed in each of the eight builds.
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_WERROR=ON "${launcher[@]}" >/dev/null
cmake --build build -j"$jobs"
# Six protocol tests run over NDJSON in this pass and over a WebSocket in
# the next (labels normal_pass_only and sanitize_pass_only; see
# tests/integration/CMakeLists.txt): both transports at about the CI time of
# one. integration/ws_crash runs in this pass only.
seed_costs build tests/ctest_costs_normal.txt
(cd build && ctest --output-on-failure -j"$jobs" -LE sanitize_pass_only 2>&1 |
  tee Testing/pass.log) || status=1
# The sanitizer pass: every finding aborts the test that triggered it.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The 1,000 random playouts ran in the pass above; under the sanitizers a
# sample of them keeps CI within its time while still exercising every path.
# (150 Campaign games took 735 s under ASan at session 14's end; at session
# 16's end the 100 took 332 s and test_playouts' 100 games 197 s on a loaded
# box, and the whole run 2,692 s on CI's two cores. Session 17 cut the
# boal_many tests' search and the LW bot's whole views: docs/benchmarks/history.md "CI
# time (session 17, 2026-11-29)".)
# Lincoln's War's test_view_sections takes the same sample: LW_PLAYOUTS
# thousandths of its 3,000 actions (300 here); test_12_7_log_names and
# test_hidden_info as many thousandths of their 16 and 12 games, never fewer
# than 6 (each scenario with and without the optional rules).
export LW_PLAYOUTS=${LW_PLAYOUTS_SANITIZED:-100}
# The views' random unit tests run TG_RANDOM_PERMILLE thousandths of their
# cases, each with its own floor: test_view_items 350 of its 1,400 edits,
# test_view_object 5,000 of its 20,000 changes (session 24: under ASan the
# 1,400 edits took 10 s of CPU and came near the 300 s timeout at load 20).
export TG_RANDOM_PERMILLE=${TG_RANDOM_PERMILLE_SANITIZED:-250}
export TG_SWISS_EVENTS=${TG_SWISS_EVENTS_SANITIZED:-2000}
export TG_BOAL_PLAYOUTS=${TG_BOAL_PLAYOUTS_SANITIZED:-100}
CC=clang cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTG_WERROR=ON -DTG_SANITIZE=ON \
  -DTG_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build build-asan -j"$jobs"
seed_costs build-asan tests/ctest_costs_sanitized.txt
(cd build-asan && ctest --output-on-failure -j"$jobs" -LE 'no_sanitize|normal_pass_only' 2>&1 |
  tee Testing/pass.log) || status=1
# Build-only pass: the other build types must compile without a warning too,
# with GCC and with Clang (optimisation levels change what GCC warns about:
# Release once stopped on -Wstringop-overflow in lw_ops.c). Only the daemon,
# the client and the libraries they link are built, not the tests: GCC
# RelWithDebInfo is the first pass and Clang Debug the sanitizer pass, so six
# builds remain. Measured without ccache: 46 s of CPU for GCC MinSizeRel,
# 58 s for Clang RelWithDebInfo (user + sys), so about half a minute each on
# two idle cores and some 3 to 4 minutes for the six, against ~40 minutes for
# the rest of this script at session 16's end (2,692 s in all); ccache makes
# repeats cheaper (nothing is shared between the six: each has its own flags).
for build in gcc:Debug gcc:Release gcc:MinSizeRel clang:Release clang:RelWithDebInfo \
             clang:MinSizeRel; do
  cc=${build%%:*} type=${build#*:} dir=build-types/${build/:/-}
  CC=$cc cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="$type" -DTG_WERROR=ON -DTG_BENCH=OFF \
    "${launcher[@]}" >/dev/null
  cmake --build "$dir" -j"$jobs" --target telegraphd telegraph || status=1
done
# A CI log may be kept by its tail alone (the stop of session 28 kept only
# the six builds' lines, and which test had failed was lost): each pass's
# summary again, and each failed test's name and the end of its output.
for dir in build build-asan; do
  log=$dir/Testing/pass.log
  [ -f "$log" ] || continue
  echo "== $dir: $(grep -E '^[0-9]+% tests passed' "$log" || echo 'no summary: ctest did not finish')"
  failed=$dir/Testing/Temporary/LastTestsFailed.log
  if grep -qE '^100% tests passed' "$log" || [ ! -s "$failed" ]; then continue; fi
  while IFS=: read -r _ name; do
    echo "-- failed: $name (the end of its output)"
    awk -v t="$name" 'p && /^ *Start |^ *[0-9]+\/[0-9]+ Test/ {exit}
      index($0, " " t " ") && /\*\*\*|Failed|Timeout|Exception/ {p = 1} p' "$log" | tail -40
  done < "$failed"
done
exit $status
