#!/usr/bin/env python3
"""Issue 17's memory per active match, read off the running daemon.

Starts telegraphd (run_bench.py's configuration, metrics on a free
loopback port), reads the heap with no match (telegraph_heap_bytes), then
runs tg_loadgen --mode play --games 1 (N matches of Lincoln's War played
whole, both players following) and samples /metrics every half second:
the kept views, patch rings and undo bases of the matches no fan-out job
holds at that instant (telegraph_match_bytes, telegraph_matches_loaded),
and the heap. Prints the means per match over the samples taken while
every pair played: the parts, and the heap's growth over the start (the
parts plus the match objects, the connections and sessions, and
whatever malloc keeps in its free lists), also per match.

Usage: match_memory.py --build BUILD_DIR [--matches N] [--seed S]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_bench import BENCH_CONFIG, loadavg  # noqa: E402


def metrics(port):
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    out = {}
    for m in re.finditer(r'^(telegraph_\w+)(?:\{\w+="(\w+)"\})? (\d+)$', text, re.M):
        out[m.group(1) + (":" + m.group(2) if m.group(2) else "")] = int(m.group(3))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scenario", default="tournament")
    ap.add_argument("--wrap", default="", help="a command to run the daemon under, e.g. "
                    "'heaptrack -o FILE' (its figures then include the tool's cost)")
    a = ap.parse_args()
    data = tempfile.mkdtemp(prefix="tg_match_memory_")
    with open(os.path.join(data, "bench.conf"), "w") as f:
        f.write(BENCH_CONFIG + "metrics_listen = 127.0.0.1:0\n")
    d = subprocess.Popen(a.wrap.split() + [os.path.join(a.build, "server/telegraphd"), "--data", data,
                          "--listen", "127.0.0.1:0", "--config", os.path.join(data, "bench.conf")],
                         stderr=subprocess.PIPE, text=True)
    port = mport = None
    while port is None:
        line = d.stderr.readline()
        if not line:
            sys.exit("telegraphd exited before listening")
        m = re.search(r"metrics \(Prometheus text\) on http://[^:]+:(\d+)/", line)
        mport = int(m.group(1)) if m else mport
        m = re.search(r"listening on [^ ]*:(\d+)", line)
        port = int(m.group(1)) if m else None
    threading.Thread(target=lambda: [None for _ in d.stderr], daemon=True).start()
    start = metrics(mport)
    lg = subprocess.Popen([os.path.join(a.build, "tests/bench/tg_loadgen"), "--server",
                           f"127.0.0.1:{port}", "--pid", str(d.pid), "--mode", "play",
                           "--matches", str(a.matches), "--games", "1", "--duration", "3600",
                           "--seed", str(a.seed), "--game", "lincolns-war", "--scenario",
                           a.scenario], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True)
    samples, loads = [], []
    while lg.poll() is None:
        time.sleep(0.5)
        s = metrics(mport)
        loads.append(loadavg())
        # every pair playing: all N matches loaded (the counted and the busy)
        if s["telegraph_matches_loaded:counted"] + s["telegraph_matches_loaded:busy"] >= a.matches \
                and s["telegraph_matches_loaded:counted"] > 0:
            samples.append(s)
    out = lg.stdout.read()
    d.terminate()
    d.wait(timeout=120)
    if not samples:
        sys.exit("no sample with every match loaded")

    def mean(f):
        return sum(f(s) for s in samples) / len(samples)

    counted = lambda s: s["telegraph_matches_loaded:counted"]
    print(f"matches {a.matches}")
    print(f"samples {len(samples)}")
    print(f"load_average {min(loads):.1f}-{max(loads):.1f}")
    for part in ("views", "rings", "base"):
        print(f"match_{part}_bytes {mean(lambda s: s['telegraph_match_bytes:' + part] / counted(s)):.0f}")
    print(f"heap_growth_bytes_per_match "
          f"{mean(lambda s: (s['telegraph_heap_bytes'] - start['telegraph_heap_bytes']) / a.matches):.0f}")
    for line in out.splitlines():
        if line.split()[:1] and line.split()[0] in ("play_actions_measured", "play_pairs_played",
                                                    "errors", "patch_bytes_mean"):
            print(line)


if __name__ == "__main__":
    main()
