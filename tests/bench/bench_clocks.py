#!/usr/bin/env python3
"""What the clocks cost the loop with 10,000 matches running clocks (issue
19's figure). The test daemon (telegraphd_test, its fixture game, so that
10,000 live matches fit in memory) is populated by tg_loadgen with N
matches of two actions each, every one created with a time control
(per_move, 3 days: each awaited player's clock runs, none runs out during
the run), and once more, from an empty database, with none. With the
players gone, each run measures the daemon's loop:

- its CPU per match while populating (create, join, two actions: each
  action brings the clock up to date, stores it and moves the match in the
  deadline heap);
- its CPU while nothing happens (the clock timer and the heap's top; the
  resolution is one 10 ms tick in 10 s, 1 ms/s);
- the round trip of a ping on one TLS connection (median and p99 of 2,000,
  one at a time): every loop turn looks at the clocks first;
- its resident memory: a match whose clock runs stays in memory (it must
  time out), where one without a clock that nobody follows is evicted.

Figures, never asserted.

Usage: bench_clocks.py --build BUILD_DIR [--n 10000] [--pings 2000]
Prints "clocks_<figure>_<with|without> VALUE" lines.
"""
import argparse
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
sys.path.insert(0, HERE)

from harness import Daemon, free_fixed_port  # noqa: E402
from run_bench import BENCH_CONFIG  # noqa: E402

TIME_CONTROL = {"kind": "per_move", "per_move": 3 * 86400}


def settings():
    out = []
    for line in BENCH_CONFIG.splitlines():
        if line.strip() and not line.startswith("#"):
            k, v = (x.strip() for x in line.split("=", 1))
            out += ["--set", f"{k}={v}"]
    return out


def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Pinger:
    """One TLS connection speaking NDJSON: hello, then pings one at a time."""

    def __init__(self, port, cafile):
        ctx = ssl.create_default_context(cafile=cafile)
        ctx.check_hostname = False
        raw = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.s = ctx.wrap_socket(raw)
        self.buf = b""
        self.n = 0
        self.ask({"op": "hello", "protocol": 1, "client": "bench_clocks"}, "welcome")

    def ask(self, msg, want):
        self.n += 1
        msg["id"] = self.n
        self.s.sendall(json.dumps(msg).encode() + b"\n")
        while True:
            while b"\n" not in self.buf:
                d = self.s.recv(65536)
                if not d:
                    raise SystemExit("the daemon closed the connection")
                self.buf += d
            line, self.buf = self.buf.split(b"\n", 1)
            r = json.loads(line)
            if r.get("id") == self.n:
                if r.get("op") != want:
                    raise SystemExit(f"{msg['op']}: {r}")
                return r

    def rtts(self, k):
        out = []
        for _ in range(k):
            t = time.perf_counter()
            self.ask({"op": "ping"}, "pong")
            out.append((time.perf_counter() - t) * 1e6)
        return sorted(out)

    def close(self):
        self.s.close()


def one(build, n, pings, with_clock):
    tmp = tempfile.mkdtemp(prefix="tg-bench-clocks-")
    tag = "with" if with_clock else "without"
    try:
        d = Daemon(os.path.join(build, "tests/fixture/telegraphd_test"),
                   os.path.join(tmp, "data"), settings())
        d.port = free_fixed_port(__import__("random").Random())
        d.start()
        cmd = [os.path.join(build, "tests/bench/tg_loadgen"), "--server", d.address,
               "--mode", "populate", "--matches", str(n), "--actions", "2",
               "--spectators", "0", "--game", "fixture-duel", "--scenario", "standard"]
        if with_clock:
            cmd += ["--time-control", json.dumps(TIME_CONTROL)]
        t0, c0 = time.monotonic(), cpu_s(d.proc.pid)
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=3600)
        populate_ms = (cpu_s(d.proc.pid) - c0) * 1000
        populated = 0
        for line in p.stdout.splitlines():
            if line.startswith("populated_matches"):
                populated = int(line.split()[1])
        if p.returncode != 0 or populated < n:
            raise SystemExit(f"populate ({tag}): {populated} of {n}: {p.stderr[-2000:]}")
        print(f"# {tag}: populated {populated} matches in {time.monotonic() - t0:.0f} s",
              file=sys.stderr, flush=True)
        time.sleep(3)  # the players' connections close; unfollowed matches may go
        pid = d.proc.pid
        c0, t0 = cpu_s(pid), time.monotonic()
        time.sleep(10)
        idle_ms = (cpu_s(pid) - c0) * 1000 / (time.monotonic() - t0)
        pinger = Pinger(d.port, d.cert)
        pinger.rtts(200)  # warm
        r = pinger.rtts(pings)
        pinger.close()
        rss = rss_mib(pid)
        d.stop()
        print(f"clocks_populate_cpu_ms_per_match_{tag} {populate_ms / populated:.3f}")
        print(f"clocks_idle_cpu_ms_per_s_{tag} {idle_ms:.2f}")
        print(f"clocks_ping_median_us_{tag} {r[len(r) // 2]:.0f}")
        print(f"clocks_ping_p99_us_{tag} {r[int(len(r) * 0.99)]:.0f}")
        print(f"clocks_rss_mib_{tag} {rss:.0f}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--pings", type=int, default=2000)
    a = ap.parse_args()
    print(f"clocks_matches {a.n}")
    with open("/proc/loadavg") as f:
        print(f"clocks_load_before {f.read().split()[0]}")
    for with_clock in (True, False):
        one(os.path.abspath(a.build), a.n, a.pings, with_clock)
    with open("/proc/loadavg") as f:
        print(f"clocks_load_after {f.read().split()[0]}")


if __name__ == "__main__":
    main()
