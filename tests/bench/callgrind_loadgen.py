#!/usr/bin/env python3
"""The load generator's instructions an acknowledged action under callgrind
(issue 17; session 24's measure of tg_loadgen's own CPU).

    python3 tests/bench/callgrind_loadgen.py BUILD [--loadgen BIN] [--port P]
                                             [--out FILE] [-- LOADGEN ARGS]

BUILD's telegraphd runs natively with run_bench.py's BENCH_CONFIG on port P;
tg_loadgen (BUILD's, or --loadgen: an A/B against the same daemon) plays
under `valgrind --tool=callgrind --instr-atstart=no`, `--mode play --games 1
--seed 1` Lincoln's War tournament matches plus LOADGEN ARGS (the default
`--matches 8 --full-views 1`: one whole-view pair and seven lean ones, the
bench's one in eight). The instrumentation is switched on when tg_loadgen
says its window opened and the dump is written when it exits; the acts are
its play_actions_measured. Prints the instructions an act and the dump's
file (`callgrind_annotate --inclusive=yes FILE` for the rest). Counts do not
depend on the box's load; which patches are sampled and how many stale acts
there are do, a little, from run to run."""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_bench  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--loadgen", help="another tg_loadgen (an A/B against BUILD's)")
    ap.add_argument("--port", type=int, default=19980)
    ap.add_argument("--out", default="")
    ap.add_argument("extra", nargs="*")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    lg = os.path.abspath(a.loadgen) if a.loadgen else os.path.join(build, "tests", "bench",
                                                                   "tg_loadgen")
    extra = a.extra or ["--matches", "8", "--full-views", "1"]
    work = tempfile.mkdtemp(prefix="cg_loadgen.")
    out = os.path.abspath(a.out) if a.out else os.path.join(work, "callgrind.out")
    data = os.path.join(work, "data")
    os.makedirs(data)
    with open(os.path.join(data, "bench.conf"), "w") as f:
        f.write(run_bench.BENCH_CONFIG)
    dlog = os.path.join(work, "daemon.log")
    d = subprocess.Popen([os.path.join(build, "server", "telegraphd"), "--data", data,
                          "--listen", f"127.0.0.1:{a.port}", "--config",
                          os.path.join(data, "bench.conf")], stderr=open(dlog, "w"))
    try:
        for _ in range(300):
            time.sleep(0.2)
            if "listening" in open(dlog).read():
                break
        load0 = open("/proc/loadavg").read().split()[:3]
        glog = os.path.join(work, "loadgen.err")
        g = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                              f"--callgrind-out-file={out}", lg, "--server",
                              f"127.0.0.1:{a.port}", "--mode", "play", "--games", "1",
                              "--duration", "900", "--seed", "1", "--game", "lincolns-war",
                              "--scenario", "tournament"] + extra,
                             stdout=subprocess.PIPE, stderr=open(glog, "w"), text=True)
        while "measuring until" not in open(glog).read():
            if g.poll() is not None:
                sys.exit("the load generator ended before its window; see " + work)
            time.sleep(0.2)
        subprocess.run(["callgrind_control", "-i", "on", str(g.pid)], capture_output=True)
        text, _ = g.communicate()
        load1 = open("/proc/loadavg").read().split()[:3]
    finally:
        d.terminate()
        d.wait(timeout=120)
    figs = dict(line.split(None, 1) for line in text.splitlines() if " " in line)
    acts = int(float(figs.get("play_actions_measured", "0")))
    total = 0
    with open(out) as fh:
        for line in fh:
            if line.startswith("totals:"):
                total = int(line.split()[1])
    print(f"tg_loadgen {lg}\n{acts} acks in the window, errors {figs.get('errors', '?').strip()}; "
          f"load {' '.join(load0)} -> {' '.join(load1)}")
    print(f"{out}: {total / max(acts, 1) / 1000:.1f} K instructions an act")


if __name__ == "__main__":
    main()
