#!/usr/bin/env python3
"""The daemon's memory per idle connection, WebSocket beside NDJSON (issue
18's figure). N signed-in NDJSON connections are opened and the daemon's RSS
read; then, in a fresh daemon, N signed-in WebSocket connections. Each connection says hello and resumes one session token (no
password hashing), then sits idle. A figure, never asserted.

Usage: bench_ws_idle.py --build BUILD_DIR [--n 1000]
Prints "idle_ndjson_kib_per_conn K", "idle_ws_kib_per_conn K" and the RSS
lines they come from. Each transport gets a daemon of its own.
"""
import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))

from harness import Daemon, free_fixed_port  # noqa: E402
from raw_tls import connect  # noqa: E402
from wsclient import WebSocket  # noqa: E402


# The daemon's default tls_buffers_idle_ms: a connection quiet this long
# frees its TLS buffers.
TLS_BUFFERS_IDLE_S = 5


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def settle(pid):
    """RSS once it has stopped moving (the loop finishes the last sign-ins)."""
    last = rss_kib(pid)
    for _ in range(20):
        time.sleep(0.25)
        now = rss_kib(pid)
        if now == last:
            break
        last = now
    return last


def ws_signed_in(port, cert, token):
    ws = WebSocket(port, cert)
    status = ws.connect()
    if status != 101:
        raise RuntimeError(f"WebSocket upgrade answered {status}")
    ws.send_text(json.dumps({"op": "hello", "protocol": 1, "id": "h"}))
    ws.send_text(json.dumps({"op": "resume", "token": token, "id": "r"}))
    for _ in range(10):
        m = json.loads(ws.recv_message(timeout=30))
        if m.get("id") == "r":
            if m.get("op") != "ok":
                raise RuntimeError(f"resume over WebSocket: {m}")
            return ws
    raise RuntimeError("no reply to resume over WebSocket")


def measure(binary, n, transport):
    """RSS before and after n idle signed-in connections of one transport,
    each in a daemon of its own (a freed batch would leave the allocator's
    pages to the next)."""
    tmp = tempfile.mkdtemp(prefix="tg-bench-ws-")
    d = Daemon(binary, os.path.join(tmp, "data"),
               ["--set", f"max_connections_per_address={n + 16}"])
    d.port = free_fixed_port(random.Random())
    d.start()
    held = []
    try:
        c = connect(d.port, d.cert)
        token = c.request({"op": "register", "name": "idle",
                           "password": "bench-password-1"})["token"]
        c.close()
        pid = d.proc.pid
        base = settle(pid)
        t0 = time.monotonic()
        for _ in range(n):
            if transport == "ws":
                held.append(ws_signed_in(d.port, d.cert, token))
                continue
            c = connect(d.port, d.cert)
            if c.request({"op": "resume", "token": token}).get("op") != "ok":
                raise RuntimeError("resume over NDJSON refused")
            held.append(c)
        # Past the daemon's tls_buffers_idle_ms (5 s): the last connections'
        # TLS buffers are freed only then (issue 17).
        time.sleep(TLS_BUFFERS_IDLE_S + 1)
        full = settle(pid)
        print(f"rss_kib_{transport}: {base} before, {full} with {n} connections "
              f"(set-up {time.monotonic() - t0:.1f} s)")
        return (full - base) / n
    finally:
        for h in held:
            try:
                h.sock.close()
            except OSError:
                pass
        try:
            d.stop()
        except Exception as e:  # a figure run: say it, keep the numbers
            print(f"# stopping the daemon: {e}")
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--n", type=int, default=1000)
    a = ap.parse_args()
    binary = os.path.join(a.build, "server", "telegraphd")
    nd = measure(binary, a.n, "ndjson")
    ws = measure(binary, a.n, "ws")
    print(f"idle_ndjson_kib_per_conn {nd:.1f}")
    print(f"idle_ws_kib_per_conn {ws:.1f}")
    print(f"loadavg {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
