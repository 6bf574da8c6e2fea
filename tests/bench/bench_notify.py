#!/usr/bin/env python3
"""Notifications sent per second into the local SMTP sink (issue 19): the
drain rate of the durable outbox. N pending rows are written into a stopped
daemon's outbox (one user, one verified address); the daemon starts, and
the time from its "listening" line until the sink (aiosmtpd under Debian's
/usr/bin/python3, STARTTLS and AUTH required, as in integration/notify)
holds all N is measured, for each notify_inflight asked. A figure, never
asserted.

Usage: bench_notify.py --build BUILD_DIR [--n 300] [--inflight 2,8]
Prints "notify_per_s_inflight_K RATE", "notify_cpu_ms_inflight_K MS" and
"notify_smtp_sessions_inflight_K SESSIONS" (the SMTP sessions the N mails
took: each send slot keeps its session) lines.
"""
import argparse
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))

from harness import Daemon, free_fixed_port  # noqa: E402
from notify_rig import SMTP_PASSWORD, SMTP_USER, SmtpSink  # noqa: E402


def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def one(build, n, inflight):
    tmp = tempfile.mkdtemp(prefix="tg-bench-notify-")
    try:
        port = free_fixed_port(random.Random())
        sink = SmtpSink(tmp, port)
        args = ["--set", f"smtp_url=smtp://127.0.0.1:{port}",
                "--set", "smtp_from=Telegraph <tg@localhost>",
                "--set", f"smtp_user={SMTP_USER}", "--set", f"smtp_password={SMTP_PASSWORD}",
                "--set", f"notify_ca_file={sink.cert}", "--set", f"notify_inflight={inflight}",
                "--set", "notify_poll_ms=100"]
        d = Daemon(os.path.join(build, "tests/fixture/telegraphd_test"),
                   os.path.join(tmp, "data"), args)
        d.start()
        d.stop()
        db = sqlite3.connect(d.db)
        uid = db.execute("INSERT INTO users (name, pw_hash, created) VALUES "
                         "('bench', '!', 0)").lastrowid
        db.execute("INSERT INTO notify_settings (user_id, email, email_verified) "
                   "VALUES (?, 'bench@example.test', 1)", (uid,))
        body = "It is your move as beta in match 1.\n\n" + "  1. Commit 1\n" * 4
        db.executemany("INSERT INTO notify_outbox (idem_key, user_id, channel, address, "
                       "event, subject, body, created, next_at) VALUES "
                       "(?, ?, 'email', 'bench@example.test', 'your_move', ?, ?, 0, 0)",
                       [(f"bench:{i}", uid, f"Your move {i}", body) for i in range(n)])
        db.commit()
        db.close()
        sink.start()
        d.start()
        t0, c0 = time.monotonic(), cpu_s(d.proc.pid)
        deadline = t0 + 600
        while len([f for f in os.listdir(sink.dir) if f.endswith(".eml")]) < n:
            if time.monotonic() > deadline:
                raise SystemExit(f"only {len(os.listdir(sink.dir))} of {n} mails in 600 s")
            time.sleep(0.02)
        dt, dc = time.monotonic() - t0, cpu_s(d.proc.pid) - c0
        d.stop()
        sink.stop()
        sessions = {m["X-Sink-Session"] for m in sink.messages()}
        return n / dt, dc * 1000 / n, len(sessions)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--inflight", default="2,8")
    a = ap.parse_args()
    for k in [int(x) for x in a.inflight.split(",")]:
        rate, cpu, sessions = one(os.path.abspath(a.build), a.n, k)
        print(f"notify_per_s_inflight_{k} {rate:.1f}")
        print(f"notify_cpu_ms_inflight_{k} {cpu:.2f}")
        print(f"notify_smtp_sessions_inflight_{k} {sessions}", flush=True)


if __name__ == "__main__":
    main()
