#!/usr/bin/env python3
"""Issue 17's round trip accounted for: where an act -> ok goes, part by
part, beside what the machine alone costs for the same path.

    python3 tests/bench/round_trip_account.py [BUILD_DIR] [RATE]   (build, 100)

Runs, one after the other (on a quiet box: every figure is a wall time):
 1. the disk alone: fsync_latency.py's 4 KiB append + fdatasync, 1,000 times
    on the daemon's file system (TG_STAGES_DIR, else /tmp), p50 / p99; and
    bench_fsync_cadence's (session 28) 3 WAL frames overwritten and
    fdatasynced at RATE commits/s, one fsync at a time, 3 s: the daemon's
    own case (its WAL is overwritten in place after its first cycle, so
    no journal commit: an append's fsync costs more), whose fdatasync p50
    / p99 is the floor's fsync below when the tool is built;
 2. the hand-offs alone: bench_wakeup, two threads ping-ponging with the
    pinger idle 1/RATE s between pings (as the daemon's threads are between
    acts at RATE actions/s), through a condition variable (the loop -> the
    syncer), an eventfd in epoll (the syncer's uv_async -> the loop) and a
    loopback TCP byte in epoll (the generator <-> the daemon), p50 / p99;
 3. round_trip_stages.sh BUILD RATE: the daemon's stage histograms and the
    generator's act -> ok with --rx-stamps.

Then prints the act -> ok in its parts (means add up; percentiles do not):
the reply's wait in the generator's socket (its own scheduling), the
daemon's read -> written by stage, and the rest, the act's way in (the
generator's send, loopback, the loop's wake-up, its read: the mean of act ->
ok without the wait less the daemon's mean). And the floor the machine sets
on the path: the ok crosses four hand-offs (the generator's bytes wake the
loop; the loop's turn wakes the syncer; the fsync; the syncer wakes the
loop; the ok wakes the generator), so its floor is the fsync plus two
loopback wake-ups, one condition variable's and one eventfd's, and its
p99 cannot be expected below the sum of their p99s' order (a sum of p99s
bounds the p99 of a sum only loosely: printed as the "bound")."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
    return r.stdout


def pct(text, key):
    m = re.search(rf"{key} ([\d.]+)", text)
    return float(m.group(1)) if m else float("nan")


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    rate = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    gap_us = max(0, int(1e6 / rate)) if rate > 0 else 0

    folder = os.environ.get("TG_STAGES_DIR") or "/tmp"
    out = run([sys.executable, os.path.join(HERE, "fsync_latency.py"), "1000", folder])
    print(out.strip())
    fsync = {"p50": pct(out, "p50"), "p99": pct(out, "p99")}
    cadence = os.path.join(build, "tests", "bench", "bench_fsync_cadence")
    if os.path.exists(cadence) and rate > 0:
        out = run([cadence, "--dir", folder, "--rate", str(rate), "--seconds", "3",
                   "--rounds", "1", "--mode", "serial"])
        print(out.strip())
        m = re.search(r"fdatasync\s+n=\d+ p50 (\d+) p90 \d+ p99 (\d+)", out)
        if m:
            fsync = {"p50": int(m.group(1)) / 1e3, "p99": int(m.group(2)) / 1e3}

    out = run([os.path.join(build, "tests", "bench", "bench_wakeup"), "--mode", "all",
               "--n", "500", "--gap-us", str(gap_us)])
    print(out.strip())
    wake = {}
    for ln in out.splitlines():
        m = re.match(r"(\w+)\s.*p50 ([\d.]+) p90 [\d.]+ p99 ([\d.]+)", ln)
        if m:
            wake[m.group(1)] = {"p50": float(m.group(2)) / 1e3, "p99": float(m.group(3)) / 1e3}

    env = dict(os.environ)
    out = run(["sh", os.path.join(HERE, "round_trip_stages.sh"), build, str(rate)], env=env)
    print(out.strip())
    st = {}
    for ln in out.splitlines():
        m = re.match(r"act_stage_seconds\s+(\w+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+[\d.]+\s+([\d.]+)",
                     ln)
        if m:
            st[m.group(1)] = {"mean": float(m.group(3)), "p50": float(m.group(4)),
                              "p99": float(m.group(5))}
    g = {}
    for ln in out.splitlines():
        p = ln.split()
        if len(p) == 2 and re.match(r"^[a-z_0-9]+$", p[0]):
            try:
                g[p[0]] = float(p[1])
            except ValueError:
                pass

    def gen(name):
        return {k: g.get(f"{name}_{k}_us", float("nan")) / 1e3 for k in ("mean", "p50", "p99")}

    print()
    print(f"act -> ok at {rate:,}/s, accounted (ms){'':22} {'mean':>7} {'p50':>7} {'p99':>7}")

    def line(label, v):
        print(f"{label:58} {v.get('mean', float('nan')):7.3f} {v['p50']:7.3f} {v['p99']:7.3f}")

    ok, ok_rx, wait = gen("act_to_ok"), gen("act_to_ok_rx"), gen("rx_wait_ok")
    line("the generator's act -> ok", ok)
    line("  the reply's wait in the generator's socket", wait)
    line("  act -> the kernel's receipt of the ok (no such wait)", ok_rx)
    if "total" in st:
        line("    the daemon's part, read -> written", st["total"])
        for s in ("read_to_act", "act", "to_commit", "commit_write", "sync_wait", "fsync",
                  "wake", "write"):
            if s in st:
                line(f"      {s}", st[s])
        print(f"{'    the act on its way in (send, loopback, the wake-up, the read): mean':58} "
              f"{ok_rx['mean'] - st['total']['mean']:7.3f}")
    if fsync and all(k in wake for k in ("tcp", "cond", "async")):
        hand = ("tcp", "cond", "async", "tcp")
        floor = fsync["p50"] + sum(wake[k]["p50"] for k in hand)
        bound = fsync["p99"] + sum(wake[k]["p99"] for k in hand)
        print(f"the machine's floor: fsync alone (at the daemon's cadence where measured) "
              f"+ 4 wake-ups (tcp, cond, async, tcp; gap "
              f"{gap_us} us): p50 {floor:.3f} = {fsync['p50']:.3f} + " +
              " + ".join(f"{wake[k]['p50']:.3f}" for k in hand) +
              f"; the p99s' sum {bound:.3f} = {fsync['p99']:.3f} + " +
              " + ".join(f"{wake[k]['p99']:.3f}" for k in hand))
        print(f"measured: act -> ok p50 {ok['p50']:.3f} p99 {ok['p99']:.3f}; without the "
              f"generator's wait p50 {ok_rx['p50']:.3f} p99 {ok_rx['p99']:.3f}; above the floor "
              f"at p50: {ok_rx['p50'] - floor:.3f} ms, the p99s' sum: {ok_rx['p99'] - bound:.3f} ms")
    with open("/proc/loadavg") as f:
        print("load at the end: " + " ".join(f.read().split()[:3]))


if __name__ == "__main__":
    main()
