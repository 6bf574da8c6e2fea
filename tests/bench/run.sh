#!/usr/bin/env bash
# Builds an optimised Telegraph and runs the benchmark suite (about ten
# minutes on a 2-core box); prints the table. Not part of the pass/fail tests.
#   bash tests/bench/run.sh            full run
#   bash tests/bench/run.sh --quick    smaller figures, to try the harness
#   bash tests/bench/run.sh --markdown FILE   also write the table as Markdown
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/deps.sh
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DTG_BENCH=ON >/dev/null
cmake --build build-bench -j"$(nproc)" --target telegraphd tg_loadgen bench_disk_commit
cmake --build build-bench -j"$(nproc)" --target bench_rules 2>/dev/null || echo "bench_rules not buildable: the rules row will say so" >&2
ulimit -n "$(ulimit -Hn)"
exec python3 tests/bench/run_bench.py --build build-bench "$@"
