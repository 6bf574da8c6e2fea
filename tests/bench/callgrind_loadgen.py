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
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import callgrind_rig as rig  # noqa: E402


def main():
    ap = rig.parser(19980)
    ap.add_argument("--loadgen", help="another tg_loadgen (an A/B against BUILD's)")
    ap.add_argument("extra", nargs="*")
    # intermixed: `BUILD --port P -- ARGS` (parse_args took BUILD and an
    # empty ARGS at once, then refused the ARGS after the option)
    a = ap.parse_intermixed_args()
    lg = rig.bin_path(a.build, a.loadgen, "tests", "bench", "tg_loadgen")
    extra = a.extra or ["--matches", "8", "--full-views", "1"]
    run = rig.Run("cg_loadgen.", a.port)
    out = os.path.abspath(a.out) if a.out else os.path.join(run.work, "callgrind.out")
    dlog = os.path.join(run.work, "daemon.log")
    d = subprocess.Popen(run.daemon_args(rig.bin_path(a.build, None, "server", "telegraphd")),
                         stderr=open(dlog, "w"))
    try:
        for _ in range(300):
            time.sleep(0.2)
            if "listening" in open(dlog).read():
                break
        load0 = rig.loadavg()
        glog = os.path.join(run.work, "loadgen.err")
        g = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                              f"--callgrind-out-file={out}"] + run.loadgen_args(lg, 1, extra),
                             stdout=subprocess.PIPE, stderr=open(glog, "w"), text=True)
        run.wait_window(g, glog)
        rig.callgrind_control("-i", "on", g.pid)
        text, _ = g.communicate()
        load1 = rig.loadavg()
    finally:
        d.terminate()
        d.wait(timeout=120)
    figs = dict(line.split(None, 1) for line in text.splitlines() if " " in line)
    acts = int(float(figs.get("play_actions_measured", "0")))
    total = rig.totals(out)
    print(f"tg_loadgen {lg}\n{acts} acks in the window, errors {figs.get('errors', '?').strip()}; "
          f"load {load0} -> {load1}")
    print(f"{out}: {total / max(acts, 1) / 1000:.1f} K instructions an act")

if __name__ == "__main__":
    main()
