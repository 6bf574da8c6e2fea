#!/usr/bin/env python3
"""The daemon's CPU an acknowledged action along the games (issue 17: a
figure of the CPU an act must say which stretch of the games it is of).

    python3 tests/bench/cpu_by_seq.py BUILD [--matches N] [--rate R]
                                      [--window S] [--total S] [--port P]

(400 matches, rate 0: saturated, 5 s windows over 150 s, port 19990.)

Starts telegraphd and tg_loadgen as syscall_account.py does
(run_bench.paced_play), but with every game started at once (no
--spread), and once the generator's set-up is done reads, over
consecutive windows of S seconds, the daemon's acks written (/metrics)
and every thread's CPU (schedstat) and the loop's: one line a window,
with the mean seq the games had reached (acks since the start over the
matches: the first games' seqs are about that, while they stay in step)
and the generator's CPU an act. Session 30: 97-109 us an act at seq 6-73,
126-138 at seq 140-260 (load 20): BENCHMARKS.md, "The CPU an action, by
two tools, reconciled (session 30, 2026-12-01)".

Figures, not asserted; the load is printed with them."""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_bench  # noqa: E402
import syscall_account as sa  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("--matches", type=int, default=400)
    ap.add_argument("--rate", type=int, default=0)
    ap.add_argument("--window", type=float, default=5)
    ap.add_argument("--total", type=float, default=150)
    ap.add_argument("--port", type=int, default=19990)
    ap.add_argument("--daemon", help="another telegraphd than BUILD's")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    mport = a.port + 1
    dbin = os.path.abspath(a.daemon) if a.daemon else None
    with run_bench.paced_play(build, dbin, a.port, a.matches, a.rate, [], "cpu_by_seq.",
                              sa.acts) as (_, _, daemon, gen):
        pid, m = daemon.pid, a.matches
        t0, n0, c0 = time.monotonic(), sa.acts(mport), sa.snap_cpu(pid)
        g0 = sa.proc_cpu_s(f"/proc/{gen.pid}/stat")
        print(f"{a.matches} matches at {a.rate or 'full'} speed; set-up done at {n0} acks "
              f"(seq {n0 / m:.0f}); load {sa.loadavg()}")
        print(f"{'seq':>11} {'acks':>7} {'acks/s':>7} {'us/act':>7} {'loop':>6} {'gen':>6}  load")
        t_end = t0 + a.total
        while time.monotonic() < t_end:
            time.sleep(a.window)
            t1, n1, c1 = time.monotonic(), sa.acts(mport), sa.snap_cpu(pid)
            g1 = sa.proc_cpu_s(f"/proc/{gen.pid}/stat")
            dn = max(1, n1 - n0)
            ns = sum(v[0] - c0.get(k, (0,))[0] for k, v in c1.items())
            loop = c1[pid][0] - c0.get(pid, (0,))[0]
            gen_us = (g1 - g0) * 1e6 / dn if g0 is not None and g1 is not None else float("nan")
            print(f"{n0 / m:5.0f}-{n1 / m:5.0f} {n1 - n0:7d} {(n1 - n0) / (t1 - t0):7.0f} "
                  f"{ns / 1e3 / dn:7.1f} {loop / 1e3 / dn:6.1f} {gen_us:6.1f}  {sa.loadavg()}",
                  flush=True)
            t0, n0, c0, g0 = t1, n1, c1, g1


if __name__ == "__main__":
    main()
