#!/bin/sh
# round_trip_stages.sh — issue 17's round trip by stage, on the bench's own
# daemon: starts telegraphd with run_bench.py's BENCH_CONFIG and a /metrics
# listener, plays 100 lean Lincoln's War matches at RATE actions/s for 20 s,
# scrapes /metrics at +7 s and +20 s and prints stages.py's table of the
# window (BENCHMARKS.md "The round trip by stage on a quiet box") and the
# generator's own act -> ok figures, and the daemon's threads' time on a CPU and
# waiting for one (run_delay.py: the two cores are shared by the daemon's
# threads and the generator). Run it on a quiet box: the stages are wall
# times.
#
#     sh tests/bench/round_trip_stages.sh [BUILD_DIR] [RATE]    (build, 1000)
#
# TG_STAGES_CONFIG adds lines to the daemon's config (an A/B of one build:
# TG_STAGES_CONFIG='wal_checkpointer = 0'). TG_STAGES_DAEMON_CPUS and
# TG_STAGES_LOADGEN_CPUS pin the daemon and the generator (taskset -c
# lists: TG_STAGES_DAEMON_CPUS=0 TG_STAGES_LOADGEN_CPUS=1 keeps them off
# each other's core). The generator reads the kernel's receive stamps
# (--rx-stamps): its act -> ok without the reply's wait in its socket.
# TG_STAGES_DIR puts the daemon's folder (its database) on another file
# system: TG_STAGES_DIR=/dev/shm (tmpfs: an fdatasync waits for no disk)
# against the default /tmp separates the disk's wait from the code's.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
B=${1:-build}
RATE=${2:-1000}
PORT=${TG_STAGES_PORT:-19976}
MPORT=$((PORT + 1))
D=$(mktemp -d "${TG_STAGES_DIR:-/tmp}/rt_stages.XXXXXX")
mkdir -p "$D/data"
DP=
cleanup() { [ -n "$DP" ] && kill "$DP" 2>/dev/null; wait 2>/dev/null; :; }
trap cleanup EXIT INT TERM
python3 - "$HERE" "$D/data/bench.conf" "$MPORT" "${TG_STAGES_CONFIG:-}" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import run_bench
with open(sys.argv[2], "w") as f:
    f.write(run_bench.BENCH_CONFIG + f"metrics_listen = 127.0.0.1:{sys.argv[3]}\n" +
            (sys.argv[4] + "\n" if sys.argv[4] else ""))
PY
PIN_D=
PIN_L=
[ -n "${TG_STAGES_DAEMON_CPUS:-}" ] && PIN_D="taskset -c $TG_STAGES_DAEMON_CPUS"
[ -n "${TG_STAGES_LOADGEN_CPUS:-}" ] && PIN_L="taskset -c $TG_STAGES_LOADGEN_CPUS"
$PIN_D "$B/server/telegraphd" --data "$D/data" --listen "127.0.0.1:$PORT" \
	--config "$D/data/bench.conf" 2>"$D/daemon.log" &
DP=$!
sleep 2
$PIN_L "$B/tests/bench/tg_loadgen" --server "127.0.0.1:$PORT" --pid "$DP" --mode play \
	--matches 100 --rate "$RATE" --duration 20 --warmup 2 --full-views 0 \
	--size-every 0 --seed "$RATE" --game lincolns-war --scenario tournament --rx-stamps \
	>"$D/loadgen.out" 2>&1 &
LP=$!
sleep 7
curl -s "http://127.0.0.1:$MPORT/metrics" >"$D/m1"
python3 "$HERE/run_delay.py" snap "$DP" >"$D/d1"
echo "load at +7 s: $(cut -d' ' -f1-3 /proc/loadavg)"
sleep 13
curl -s "http://127.0.0.1:$MPORT/metrics" >"$D/m2"
python3 "$HERE/run_delay.py" snap "$DP" >"$D/d2"
echo "load at +20 s: $(cut -d' ' -f1-3 /proc/loadavg)"
wait "$LP" || true
python3 "$HERE/stages.py" "$D/m1" "$D/m2"
# The window's acts: the loop's act stage count in the two scrapes.
N=$(python3 -c 'import re,sys
c=[sum(int(m) for m in re.findall(r"telegraph_act_stage_seconds_count\{stage=\"total\"\} (\d+)", open(f).read())) for f in sys.argv[1:]]
print(c[1]-c[0])' "$D/m1" "$D/m2")
echo "time on a CPU and waiting for one, by thread, over the window ($N acts):"
echo "the daemon's:"
python3 "$HERE/run_delay.py" diff "$D/d1" "$D/d2" "$N"
grep -E "ok_p50|ok_p99|patch_p99|rx_p50|rx_p99|rx_wait_.*_p(50|99)|_mean_us|unstamped|actions_per_s|achieved" "$D/loadgen.out"
echo "(scrapes, daemon log and generator output in $D)"
