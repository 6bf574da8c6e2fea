#!/bin/sh
# act_path_probes.sh — the act stage's to_commit split by uprobes (issue 17):
# the daemon's histograms time an act from its ok queued to the turn's
# COMMIT as one stage (to_commit); this script times what runs in it, act by
# act, with perf's uprobes on the daemon's own functions (root; no rebuild):
#
#   ok->dispatch      srv_ok's entry -> fanout_dispatch's (the ok's json)
#   dispatch          fanout_dispatch: the fan-out prepared on the loop, the
#                     job queued and a worker woken (its cond signal); in
#                     two parts:
#     prepare         views_fanout_prepare (which roles, the stamps: CPU)
#     queue+wake      the job queued under the pool's mutex, the worker
#                     woken (a futex wake; on a VM an idle vCPU's IPI)
#   dispatch->check   the rest of the turn's reads -> the turn's uv_check
#   check->COMMIT     on_check -> tg_store_commit (clocks, the syncer's
#                     poll; long when the commit waits behind an fsync)
#   COMMIT            tg_store_commit -> syncer_request (the WAL's writes)
#   ok->syncer        the whole: the ok queued -> the commit handed to the
#                     syncer (to_commit + commit_write, as the histograms
#                     would say)
#
# It starts telegraphd with run_bench.py's configuration and plays 100
# lean Lincoln's War matches at RATE actions/s; perf records 6 s of the
# probes from +5 s. The probes cost the loop a few us each (a trap per
# probe hit): read the split, not the sum, against the histograms.
#
#     sudo sh tests/bench/act_path_probes.sh [BUILD_DIR] [RATE]   (build, 100)
#
# TG_STAGES_DAEMON_CPUS / TG_STAGES_LOADGEN_CPUS pin them (taskset -c).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
B=${1:-build}
RATE=${2:-100}
PORT=${TG_STAGES_PORT:-19976}
BIN=$(cd "$B" && pwd)/server/telegraphd
D=$(mktemp -d /tmp/act_probes.XXXXXX)
mkdir -p "$D/data"
DP=
# uprobes are global: this script's own names, removed at the end
cleanup() {
	[ -n "$DP" ] && kill "$DP" 2>/dev/null
	wait 2>/dev/null
	perf probe -q -d 'probe_telegraphd:tgap_*' 2>/dev/null
	:
}
trap cleanup EXIT INT TERM
perf probe -q -d 'probe_telegraphd:tgap_*' 2>/dev/null || true
for p in tgap_ok=srv_ok tgap_fd=fanout_dispatch tgap_fdr=fanout_dispatch%return \
	tgap_vpr=views_fanout_prepare%return \
	tgap_chk=on_check tgap_commit=tg_store_commit tgap_sreq=syncer_request; do
	perf probe -q -x "$BIN" --add "$p"
done
python3 - "$HERE" "$D/data/bench.conf" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import run_bench
with open(sys.argv[2], "w") as f:
    f.write(run_bench.BENCH_CONFIG)
PY
PIN_D=
PIN_L=
[ -n "${TG_STAGES_DAEMON_CPUS:-}" ] && PIN_D="taskset -c $TG_STAGES_DAEMON_CPUS"
[ -n "${TG_STAGES_LOADGEN_CPUS:-}" ] && PIN_L="taskset -c $TG_STAGES_LOADGEN_CPUS"
$PIN_D "$BIN" --data "$D/data" --listen "127.0.0.1:$PORT" --config "$D/data/bench.conf" \
	2>"$D/daemon.log" &
DP=$!
sleep 2
$PIN_L "$B/tests/bench/tg_loadgen" --server "127.0.0.1:$PORT" --pid "$DP" --mode play \
	--matches 100 --rate "$RATE" --duration 12 --warmup 1 --full-views 0 --size-every 0 \
	--seed "$RATE" --game lincolns-war --scenario tournament --rx-stamps \
	>"$D/loadgen.out" 2>&1 &
LP=$!
sleep 5
echo "load at +5 s: $(cut -d' ' -f1-3 /proc/loadavg)"
perf record -q -o "$D/perf.data" -e 'probe_telegraphd:tgap_*' -p "$DP" -- sleep 6 \
	>/dev/null 2>&1 || true
echo "load at +11 s: $(cut -d' ' -f1-3 /proc/loadavg)"
wait "$LP" || true
perf script -i "$D/perf.data" -F time,event >"$D/events.txt" 2>/dev/null
python3 - "$D/events.txt" <<'PY'
import sys
ev = []
for ln in open(sys.argv[1]):
    p = ln.split()
    if len(p) >= 2:
        ev.append((float(p[0].rstrip(":")), p[1].split(":")[1].rstrip(":")))
order = ["tgap_fd", "tgap_vpr__return", "tgap_fdr__return", "tgap_chk", "tgap_commit", "tgap_sreq"]
spans = {k: [] for k in ("ok->dispatch", "dispatch", "  prepare", "  queue+wake",
                         "dispatch->check", "check->COMMIT",
                         "COMMIT", "ok->syncer")}
i = 0
while i < len(ev):
    if ev[i][1] != "tgap_ok":
        i += 1
        continue
    t, j, k = {}, i + 1, 0
    while j < len(ev) and k < len(order) and ev[j][1] != "tgap_ok":
        if ev[j][1] == order[k]:
            t[order[k]] = ev[j][0]
            k += 1
        j += 1
    if k == len(order):  # an act whose fan-out went to a worker, committed
        t0 = ev[i][0]
        spans["ok->dispatch"].append(t["tgap_fd"] - t0)
        spans["dispatch"].append(t["tgap_fdr__return"] - t["tgap_fd"])
        spans["  prepare"].append(t["tgap_vpr__return"] - t["tgap_fd"])
        spans["  queue+wake"].append(t["tgap_fdr__return"] - t["tgap_vpr__return"])
        spans["dispatch->check"].append(t["tgap_chk"] - t["tgap_fdr__return"])
        spans["check->COMMIT"].append(t["tgap_commit"] - t["tgap_chk"])
        spans["COMMIT"].append(t["tgap_sreq"] - t["tgap_commit"])
        spans["ok->syncer"].append(t["tgap_sreq"] - t0)
    i = max(j, i + 1)
print(f"{'the ok queued -> the commit handed (ms)':40} {'n':>5} {'mean':>7} {'p50':>7} "
      f"{'p90':>7} {'p99':>7}")
for k, v in spans.items():
    v.sort()
    n = len(v)
    if n:
        q = lambda p: v[min(n - 1, int(p * n))] * 1e3  # noqa: E731
        print(f"{k:40} {n:5} {sum(v) / n * 1e3:7.3f} {q(.5):7.3f} {q(.9):7.3f} {q(.99):7.3f}")
PY
grep -E "act_to_ok_(rx_)?p(50|99)|rx_wait_ok_p(50|99)|achieved|acked" "$D/loadgen.out" || true
echo "(events, daemon log and generator output in $D)"
