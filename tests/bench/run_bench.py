#!/usr/bin/env python3
"""Runs Telegraph's benchmark suite against a freshly started telegraphd and
prints one table: each figure, the machine's own limit or the target, and the
ratio. Not a pass/fail test: figures are printed, never asserted.

Usage: run_bench.py --build BUILD_DIR [--quick] [--markdown FILE]
"""
import argparse
import datetime
import os
import platform
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BENCH_CONFIG = """# written by tests/bench/run_bench.py: a configuration for measuring, not for users
scrypt_n_log2 = 10
max_matches_per_user = 100000
max_connections = 60000
login_attempts = 1000
idle_timeout_ms = 600000
max_outbuf = 4194304
"""


def log(msg):
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def figures(text):
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return out


class Daemon:
    def __init__(self, build, data, game_binary):
        self.build, self.data, self.binary = build, data, game_binary
        self.proc = None
        self.port = None

    def start(self):
        t0 = time.monotonic()
        self.proc = subprocess.Popen(
            [self.binary, "--data", self.data, "--listen", "127.0.0.1:0",
             "--config", os.path.join(self.data, "bench.conf")],
            stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                raise RuntimeError("telegraphd exited before listening")
            m = re.search(r"listening on [^ ]*:(\d+)", line)
            if m:
                self.port = int(m.group(1))
                # Keep draining stderr so the daemon never blocks on a full pipe.
                self.drain = subprocess.Popen(["cat"], stdin=self.proc.stderr,
                                              stdout=subprocess.DEVNULL)
                return time.monotonic() - t0
        raise RuntimeError("telegraphd did not start listening in time")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=120)
        self.proc = None


def run(cmd, timeout=900):
    log(" ".join(cmd))
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        log(f"exit {r.returncode}: {r.stderr.strip()[-400:]}")
    return figures(r.stdout), r


def openssl_sign_rate():
    r = subprocess.run(["openssl", "speed", "-seconds", "3", "ecdsap256"],
                       capture_output=True, text=True)
    m = re.search(r"256 bits ecdsa \(nistp256\)\s+\S+\s+\S+\s+([\d.]+)", r.stdout)
    return float(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--quick", action="store_true", help="smaller runs, for trying the harness")
    ap.add_argument("--markdown", help="also write the table as Markdown to this file")
    args = ap.parse_args()
    b = os.path.abspath(args.build)
    loadgen = os.path.join(b, "tests/bench/tg_loadgen")
    rules = os.path.join(b, "tests/bench/bench_rules")
    daemon_bin = os.path.join(b, "server/telegraphd")
    q = args.quick
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    rows = []
    fig = {}

    def row(name, value, limit, target, ratio, note=""):
        rows.append((name, value, limit, target, ratio, note))

    tmp = tempfile.mkdtemp(prefix="tg-bench-")
    data = os.path.join(tmp, "data")
    os.makedirs(data, mode=0o700)
    with open(os.path.join(data, "bench.conf"), "w") as f:
        f.write(BENCH_CONFIG)
    d = Daemon(b, data, daemon_bin)
    try:
        # 1. The disk's own floor, on the same file system as the daemon's data.
        disk, _ = run([os.path.join(b, "tests/bench/bench_disk_commit"), tmp, "2" if q else "3", "256"])
        d.start()
        server = f"127.0.0.1:{d.port}"
        pid = str(d.proc.pid)
        lg = [loadgen, "--server", server, "--pid", pid]

        play, _ = run(lg + ["--mode", "play", "--matches", "100" if q else "400",
                            "--duration", "5" if q else "15", "--warmup", "3"])
        fig.update({"play_" + k: v for k, v in play.items()})
        acked = play.get("acked_actions_per_s", 0)
        row("Durable actions/s (many matches, ack after fsync'd commit)", f"{acked:,.0f}",
            f"disk: {disk.get('disk_commit_single_rows_per_s', 0):,.0f} single / "
            f"{disk.get('disk_commit_batched_rows_per_s', 0):,.0f} batched rows/s",
            ">= 20,000", f"{acked / 20000:.2f}x target",
            f"errors {play.get('errors', 0):.0f}, stale {play.get('stale_seq', 0):.0f}")

        # 2. Round trip at a steady 1,000 actions/s.
        rt, _ = run(lg + ["--mode", "play", "--matches", "100", "--rate", "1000",
                          "--duration", "5" if q else "15", "--warmup", "2", "--seed", "2"])
        p99 = rt.get("act_to_ok_p99_us", 0) / 1000
        row("act -> ok at 1,000 actions/s, p50 / p99 (ms)",
            f"{rt.get('act_to_ok_p50_us', 0) / 1000:.2f} / {p99:.2f}", "-", "p99 <= 2 ms",
            f"{2 / p99:.2f}x target" if p99 else "n/a")
        pp99 = rt.get("act_to_patch_p99_us", 0) / 1000
        row("act -> opponent's patch at 1,000 actions/s, p50 / p99 (ms)",
            f"{rt.get('act_to_patch_p50_us', 0) / 1000:.2f} / {pp99:.2f}", "-", "p99 <= 2 ms",
            f"{2 / pp99:.2f}x target" if pp99 else "n/a")

        # 5. Bytes on the wire (from the steady run: every patch against the view it makes).
        med = rt.get("patch_to_view_pct_p50", 0)
        row("Patch size / full view size per action, median / p99",
            f"{med:.2f}% / {rt.get('patch_to_view_pct_p99', 0):.2f}%",
            f"view median {rt.get('view_bytes_p50', 0):,.0f} B", "median <= 5%",
            f"{5 / med:.2f}x target" if med else "n/a",
            f"patch median {rt.get('patch_bytes_p50', 0):,.0f} B")

        # 4. TLS handshakes, next to the box's ECDSA P-256 sign rate.
        sign = openssl_sign_rate()
        hs, _ = run(lg + ["--mode", "handshake", "--concurrency", "64", "--duration", "5" if q else "10"])
        per_cpu = hs.get("handshakes_per_server_cpu_s", 0)
        row("Full TLS handshakes/s (client on the same 2 cores)", f"{hs.get('handshakes_per_s', 0):,.0f}",
            f"openssl speed ecdsap256: {sign:,.0f} sign/s per core" if sign else "openssl speed failed",
            ">= 80% of sign/s per core", f"{per_cpu / sign:.0%} (per server CPU-second)" if sign else "n/a",
            f"{per_cpu:,.0f} handshakes per server CPU-s")

        # 3. Idle authenticated connections.
        n_idle = 2000 if q else 20000
        idle, _ = run(lg + ["--mode", "idle", "--clients", str(n_idle), "--concurrency", "200"])
        total_mib = idle.get("server_rss_kib_after", 0) / 1024
        row(f"Idle TLS connections, authenticated ({n_idle:,})",
            f"{idle.get('idle_connections', 0):,.0f} held; RSS {total_mib:,.0f} MiB",
            f"{idle.get('server_rss_per_conn_kib', 0):.1f} KiB/conn", "<= 1 GiB in all",
            f"{1024 / total_mib:.2f}x target" if total_mib else "n/a",
            f"failures {idle.get('idle_connect_failures', 0):.0f}")
        d.stop()

        # 7. Restart with N matches in the database.
        n_restart = 1000 if q else 10000
        d.start()
        pop, _ = run([loadgen, "--server", f"127.0.0.1:{d.port}", "--mode", "populate",
                      "--matches", str(n_restart), "--actions", "4"], timeout=1200)
        d.stop()
        load_s = d.start()
        d.stop()
        row(f"Restart: start-up with {n_restart:,} active matches loaded", f"{load_s:.2f} s", "-", "(measured)",
            "-", f"populated {pop.get('populated_matches', 0):,.0f}")
    finally:
        d.stop()

    # 6. The rules engine alone.
    if os.path.exists(rules):
        rb, _ = run([rules, "200" if q else "1000"])
        rep = rb.get("replay_campaign_ms_p50", 0)
        row("Rules engine: bot actions/s in-process", f"{rb.get('engine_actions_per_s', 0):,.0f}", "-", "(measured)", "-")
        row("Replay of a complete Campaign game from its log (p50 / max ms)",
            f"{rep:.1f} / {rb.get('replay_campaign_ms_max', 0):.1f}", "-", "< 100 ms",
            f"{100 / rep:.2f}x target" if rep else "n/a")
    else:
        row("Rules engine", "not built", "-", "< 100 ms replay", "n/a", "bench_rules missing")

    shutil.rmtree(tmp, ignore_errors=True)
    head = ("figure", "measured", "machine limit", "target", "ratio", "note")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(6)]
    for r in [head] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
    if args.markdown:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        with open(args.markdown, "w") as f:
            f.write(f"Run {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC, commit {commit}, "
                    f"{platform.node()}, {os.cpu_count()} cores\n\n")
            f.write("| " + " | ".join(head) + " |\n|" + "---|" * 6 + "\n")
            for r in rows:
                f.write("| " + " | ".join(str(c) for c in r) + " |\n")


if __name__ == "__main__":
    main()
