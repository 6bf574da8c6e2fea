#!/usr/bin/env python3
"""The daemon's instructions an acknowledged action, by thread, under
callgrind (issue 17; session 24's measure of the loop's message path).

    python3 tests/bench/callgrind_loop.py BUILD [--daemon BIN] [--port P]
                                          [--matches 4] [--seed 1] [--out PREFIX]
                                          [--config LINE]...

telegraphd (BUILD's, or --daemon) runs under `valgrind --tool=callgrind
--separate-threads=yes --instr-atstart=no` with run_bench.py's BENCH_CONFIG
and a /metrics listener on P+1; BUILD's tg_loadgen plays --matches lean
Lincoln's War matches, whole games (--games 1 --seed S --full-views 0
--size-every 0). The instrumentation is switched on when tg_loadgen says
its window opened (every pair plays) and dumped when it exits; the acts in
between are /metrics' telegraph_act_stage_seconds_count{stage="total"}.
Prints each thread's instructions an act and the dump's files (PREFIX.PID.1-NN,
thread 01 the loop): `callgrind_annotate --inclusive=yes FILE` for the rest.
Counts do not depend on the box's load; under valgrind the threads run one
at a time, so the mix of writes per action is not the native one."""
import os
import re
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import callgrind_rig as rig  # noqa: E402


def main():
    ap = rig.parser(19990)
    ap.add_argument("--daemon", help="another telegraphd (an A/B against BUILD's)")
    ap.add_argument("--matches", default="4")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--config", action="append", default=[], metavar="LINE",
                    help="a line added to the daemon's config (an A/B of one build: "
                    "--config 'store_exclusive = 1'); repeatable")
    a = ap.parse_args()
    dbin = rig.bin_path(a.build, a.daemon, "server", "telegraphd")
    mport = a.port + 1
    run = rig.Run("cg_loop.", a.port, f"metrics_listen = 127.0.0.1:{mport}\n" +
                  "".join(line + "\n" for line in a.config))
    out = os.path.abspath(a.out) if a.out else os.path.join(run.work, "callgrind")

    def acts():
        with urllib.request.urlopen(f"http://127.0.0.1:{mport}/metrics", timeout=60) as r:
            text = r.read().decode()
        return sum(int(m) for m in re.findall(
            r'telegraph_act_stage_seconds_count\{stage="total"\} (\d+)', text))

    d = subprocess.Popen(["valgrind", "--tool=callgrind", "--separate-threads=yes",
                          "--instr-atstart=no", f"--callgrind-out-file={out}.%p"]
                         + run.daemon_args(dbin),
                         stderr=open(os.path.join(run.work, "daemon.log"), "w"))
    try:
        for _ in range(600):
            time.sleep(0.5)
            try:
                acts()
                break
            except OSError:
                pass
        load0 = rig.loadavg()
        glog = os.path.join(run.work, "loadgen.out")
        lg = rig.bin_path(a.build, None, "tests", "bench", "tg_loadgen")
        g = subprocess.Popen(run.loadgen_args(lg, a.seed, ["--matches", a.matches,
                                                           "--full-views", "0",
                                                           "--size-every", "0"]),
                             stdout=open(glog, "w"), stderr=subprocess.STDOUT)
        run.wait_window(g, glog)
        rig.callgrind_control("-i", "on", d.pid)
        n0 = acts()
        g.wait()
        n1 = acts()
        rig.callgrind_control("-i", "off", d.pid)
        rig.callgrind_control("-d", d.pid)
        load1 = rig.loadavg()
    finally:
        d.terminate()
        d.wait(timeout=300)
    n = n1 - n0
    print(f"daemon {dbin}\n{n} acts in the window; load {load0} -> {load1}")
    for f in sorted(os.listdir(os.path.dirname(out))):
        path = os.path.join(os.path.dirname(out), f)
        if not re.fullmatch(re.escape(os.path.basename(out)) + rf"\.{d.pid}\.1-\d+", f):
            continue
        total = rig.totals(path)
        if total:
            print(f"{path}: {total / max(n, 1) / 1000:.1f} K instructions an act")

if __name__ == "__main__":
    main()
