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
# and check->COMMIT in its parts (session 23; the same acts):
#
#   clocks            on_check -> clocks_poll's return (the clocks' heap)
#   clocks->COMMIT    the rest: turn_commit's fanout_kick (the workers'
#                     wake, if it is there), syncer_poll, syncer_may_commit
#     kick            fanout_kick, entry -> return (the signal), where it
#                     runs before the COMMIT (main since 9387436)
#   turns put off     the acts whose commit waited for a later turn (the
#                     syncer's fsync in flight: syncer_may_commit said no)
#   loop off CPU      the loop thread's time switched out between on_check
#                     and COMMIT (perf's switch events: preempted, or
#                     asleep in the mutex), and the acts in which a
#                     tg-views worker ran on the loop's CPU meanwhile
#
# MODE write (a third argument) times the ok's write instead: the fsync's
# report (srv_durable) -> the lines written, with uprobes in libssl and
# libuv:
#
#   deliver           srv_durable -> tg_conn_uncork (the held batches'
#                     lines appended to their connections, the histograms)
#   SSL_write_ex      the record: encrypted into the write memory BIO
#   ->uv_try_write    SSL_write_ex's return -> uv_try_write (flush: the
#                     busy list's move, BIO_read's copy out of the BIO)
#   uv_try_write      the write system call (libuv)
#   ->written         uv_try_write's return -> tg_conn_uncork's return
#   durable->written  the whole (the write stage, as the histograms say,
#                     plus the loop's wake-up's own part)
#   the ok's written  srv_durable -> the uv_try_write of the connection
#                     whose record starts with an act's ok (its place among
#                     the release's writes beside it)
#
# It starts telegraphd with run_bench.py's configuration and plays 100
# lean Lincoln's War matches at RATE actions/s; perf records 6 s of the
# probes from +5 s. The probes cost the loop a few us each (a trap per
# probe hit): read the split, not the sum, against the histograms.
#
#     sudo sh tests/bench/act_path_probes.sh [BUILD_DIR] [RATE] [MODE]
#                                                 (build, 100, commit)
#
# TG_STAGES_DAEMON_CPUS / TG_STAGES_LOADGEN_CPUS pin them (taskset -c).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
B=${1:-build}
RATE=${2:-100}
MODE=${3:-commit}
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
	perf probe -q -d 'probe_libssl:tgap_*' 2>/dev/null
	perf probe -q -d 'probe_libuv:tgap_*' 2>/dev/null
	:
}
trap cleanup EXIT INT TERM
perf probe -q -d 'probe_telegraphd:tgap_*' 2>/dev/null || true
perf probe -q -d 'probe_libssl:tgap_*' 2>/dev/null || true
perf probe -q -d 'probe_libuv:tgap_*' 2>/dev/null || true
LIBSSL=$(ldd "$BIN" | awk '/libssl[.]so/ {print $3}')
LIBUV=$(ldd "$BIN" | awk '/libuv[.]so/ {print $3}')
if [ "$MODE" = write ]; then
	for p in tgap_dur=srv_durable tgap_unc=tg_conn_uncork tgap_uncr=tg_conn_uncork%return; do
		perf probe -q -x "$BIN" --add "$p"
	done
	# the plaintext's start: an act's ok is {"match":N,"seq":N,"op":"ok"
	perf probe -q -x "$LIBSSL" --add 'tgap_ssl=SSL_write_ex op=+0(%si):string' \
		--add tgap_sslr=SSL_write_ex%return
	perf probe -q -x "$LIBUV" --add tgap_try=uv_try_write --add tgap_tryr=uv_try_write%return
else
	for p in tgap_ok=srv_ok tgap_fd=fanout_dispatch tgap_fdr=fanout_dispatch%return \
		tgap_vpr=views_fanout_prepare%return \
		tgap_chk=on_check tgap_cpr=clocks_poll%return tgap_kick=fanout_kick \
		tgap_kickr=fanout_kick%return tgap_commit=tg_store_commit \
		tgap_sreq=syncer_request; do
		perf probe -q -x "$BIN" --add "$p"
	done
fi
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
set -f # the events' globs are perf's, not the shell's
EV="-e probe_telegraphd:tgap_*"
[ "$MODE" = write ] && EV="$EV -e probe_libssl:tgap_* -e probe_libuv:tgap_*"
# shellcheck disable=SC2086
perf record -q --switch-events -o "$D/perf.data" $EV -p "$DP" -- sleep 6 \
	>/dev/null 2>&1 || true
set +f
echo "load at +11 s: $(cut -d' ' -f1-3 /proc/loadavg)"
wait "$LP" || true
perf script -i "$D/perf.data" --show-switch-events -F tid,cpu,time,event,trace \
	>"$D/events.txt" 2>/dev/null
for t in /proc/"$DP"/task/*; do echo "${t##*/} $(cat "$t/comm" 2>/dev/null)"; done \
	>"$D/threads.txt" 2>/dev/null || true
python3 "$HERE/act_path_split.py" "$MODE" "$D/events.txt" "$DP" "$D/threads.txt"
grep -E "act_to_ok_(rx_)?p(50|99)|rx_wait_ok_p(50|99)|achieved|acked" "$D/loadgen.out" || true
echo "(events, daemon log and generator output in $D)"
exit 0
