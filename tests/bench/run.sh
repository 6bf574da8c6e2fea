#!/usr/bin/env bash
# Builds an optimised Telegraph and runs the benchmark suite (under ten
# minutes on a 2-core box); prints the table. Not part of the pass/fail tests.
#   bash tests/bench/run.sh            full run
#   bash tests/bench/run.sh --quick    smaller figures, to try the harness
#   bash tests/bench/run.sh --markdown FILE   also write the table as Markdown
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/deps.sh
# GCC 12 at -O3 reports maybe-uninitialized / format-truncation false
# positives in a few server files that -O0/-O2 builds do not; they stay
# visible as warnings here but do not stop the measurement build.
relaxed="-Wno-error=maybe-uninitialized -Wno-error=format-truncation -Wno-error=stringop-overflow"
relaxed="$relaxed -Wno-error=stringop-truncation -Wno-error=array-bounds -Wno-error=restrict"
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DTG_BENCH=ON "-DCMAKE_C_FLAGS=$relaxed" >/dev/null
jobs=$(nproc)
((jobs > 2)) && jobs=2
cmake --build build-bench -j"$jobs" --target telegraphd tg_loadgen bench_disk_commit
cmake --build build-bench -j"$jobs" --target bench_rules || echo "bench_rules not buildable: the rules rows will say so" >&2
# The test daemon, for the match figures only if Lincoln's War cannot be played.
cmake --build build-bench -j"$jobs" --target telegraphd_test || echo "telegraphd_test not buildable: no fallback" >&2
ulimit -n "$(ulimit -Hn)"
exec python3 tests/bench/run_bench.py --build build-bench "$@"
