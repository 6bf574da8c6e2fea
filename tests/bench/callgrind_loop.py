#!/usr/bin/env python3
"""The daemon's instructions an acknowledged action, by thread, under
callgrind (issue 17; session 24's measure of the loop's message path).

    python3 tests/bench/callgrind_loop.py BUILD [--daemon BIN] [--port P]
                                          [--matches 4] [--seed 1] [--out PREFIX]

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
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_bench  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--daemon", help="another telegraphd (an A/B against BUILD's)")
    ap.add_argument("--port", type=int, default=19990)
    ap.add_argument("--matches", default="4")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--out", default="")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    dbin = os.path.abspath(a.daemon) if a.daemon else os.path.join(build, "server", "telegraphd")
    work = tempfile.mkdtemp(prefix="cg_loop.")
    out = os.path.abspath(a.out) if a.out else os.path.join(work, "callgrind")
    data = os.path.join(work, "data")
    os.makedirs(data)
    mport = a.port + 1
    with open(os.path.join(data, "bench.conf"), "w") as f:
        f.write(run_bench.BENCH_CONFIG + f"metrics_listen = 127.0.0.1:{mport}\n")

    def acts():
        with urllib.request.urlopen(f"http://127.0.0.1:{mport}/metrics", timeout=60) as r:
            text = r.read().decode()
        return sum(int(m) for m in re.findall(
            r'telegraph_act_stage_seconds_count\{stage="total"\} (\d+)', text))

    d = subprocess.Popen(["valgrind", "--tool=callgrind", "--separate-threads=yes",
                          "--instr-atstart=no", f"--callgrind-out-file={out}.%p", dbin,
                          "--data", data, "--listen", f"127.0.0.1:{a.port}", "--config",
                          os.path.join(data, "bench.conf")],
                         stderr=open(os.path.join(work, "daemon.log"), "w"))
    try:
        for _ in range(600):
            time.sleep(0.5)
            try:
                acts()
                break
            except OSError:
                pass
        load0 = open("/proc/loadavg").read().split()[:3]
        glog = os.path.join(work, "loadgen.out")
        g = subprocess.Popen([os.path.join(build, "tests", "bench", "tg_loadgen"), "--server",
                              f"127.0.0.1:{a.port}", "--mode", "play", "--matches", a.matches,
                              "--games", "1", "--duration", "900", "--seed", a.seed,
                              "--full-views", "0", "--size-every", "0", "--game",
                              "lincolns-war", "--scenario", "tournament"],
                             stdout=open(glog, "w"), stderr=subprocess.STDOUT)
        while "measuring until" not in open(glog).read():
            if g.poll() is not None:
                sys.exit("the load generator ended before its window; see " + work)
            time.sleep(0.2)
        subprocess.run(["callgrind_control", "-i", "on", str(d.pid)], capture_output=True)
        n0 = acts()
        g.wait()
        n1 = acts()
        subprocess.run(["callgrind_control", "-i", "off", str(d.pid)], capture_output=True)
        subprocess.run(["callgrind_control", "-d", str(d.pid)], capture_output=True)
        load1 = open("/proc/loadavg").read().split()[:3]
    finally:
        d.terminate()
        d.wait(timeout=300)
    n = n1 - n0
    print(f"daemon {dbin}\n{n} acts in the window; load {' '.join(load0)} -> {' '.join(load1)}")
    for f in sorted(os.listdir(os.path.dirname(out))):
        path = os.path.join(os.path.dirname(out), f)
        if not re.fullmatch(re.escape(os.path.basename(out)) + rf"\.{d.pid}\.1-\d+", f):
            continue
        total = 0  # the dump's "totals:" (its "summary:" counts from the start: 0)
        with open(path) as fh:
            for line in fh:
                if line.startswith("totals:"):
                    total = int(line.split()[1])
        if total:
            print(f"{path}: {total / max(n, 1) / 1000:.1f} K instructions an act")


if __name__ == "__main__":
    main()
