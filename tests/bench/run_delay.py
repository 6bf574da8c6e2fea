#!/usr/bin/env python3
"""The time each thread of a process waited for a core, over a window
(issue 17: how much of the round trip is the two cores being busy with
other threads, the generator's included). Reads /proc/PID/task/*/schedstat
(time on a CPU, time runnable but waiting on a run queue, in ns) and comm.

    python3 tests/bench/run_delay.py snap PID > A      # at the window's open
    python3 tests/bench/run_delay.py snap PID > B      # at its close
    python3 tests/bench/run_delay.py diff A B [ACTIONS]

diff prints, per thread name, the CPU time and the run-queue wait in the
window, in ms, and per action when ACTIONS is given, then the process's
total. The daemon names its threads (server/util/thread_name.h): the loop
keeps the process's name (telegraphd), the fan-out workers are tg-views-N
(summed as tg-views-*, their count beside it), the syncer tg-syncer, the
WAL's checkpointer tg-ckpt, libuv's pool tg-uv-pool.
"""
import json
import os
import re
import sys


def snap(pid):
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        print(f"run_delay: process {pid} is gone", file=sys.stderr)
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                run, wait, _ = (int(x) for x in f.read().split())
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue  # the thread ended meanwhile
        out[tid] = [comm, run, wait]
    return out


def diff(a, b, actions):
    by = {}
    for tid, (comm, run, wait) in b.items():
        run0, wait0 = (a[tid][1], a[tid][2]) if tid in a else (0, 0)
        name = re.sub(r"-\d+$", "-*", comm)  # tg-views-0, -1: one row
        r, w, n = by.get(name, (0, 0, 0))
        by[name] = (r + run - run0, w + wait - wait0, n + 1)
    per = f" {'cpu us/act':>10} {'wait us/act':>11}" if actions else ""
    print(f"{'thread':16} {'n':>3} {'cpu ms':>9} {'wait ms':>9}{per}")

    def line(name, r, w, n):
        out = f"{name:16} {n:3} {r / 1e6:9.1f} {w / 1e6:9.1f}"
        if actions:
            out += f" {r / 1e3 / actions:10.1f} {w / 1e3 / actions:11.1f}"
        print(out)

    for name, (r, w, n) in sorted(by.items(), key=lambda kv: -kv[1][0]):
        line(name, r, w, n)
    if len(by) > 1:
        line("(all)", sum(v[0] for v in by.values()), sum(v[1] for v in by.values()),
             sum(v[2] for v in by.values()))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "snap":
        json.dump(snap(int(sys.argv[2])), sys.stdout)
    elif len(sys.argv) >= 4 and sys.argv[1] == "diff":
        a, b = (json.load(open(p)) for p in sys.argv[2:4])
        diff(a, b, float(sys.argv[4]) if len(sys.argv) > 4 else 0)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
