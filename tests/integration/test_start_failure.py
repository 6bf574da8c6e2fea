#!/usr/bin/env python3
"""A daemon that cannot open one of its optional listeners (metrics_listen,
lmtp_listen: the port is taken) says so and exits 1, having closed every
handle it opened first: before, the TLS listener and its timers were freed
while the event loop still held them, a use after free that ASan reports.

Each case runs telegraphd on a fresh data folder with the other listener's
port held by this test."""
import os
import socket
import subprocess
import sys
import tempfile

from harness import CheckFailed, check, remove_folder, run_main


def held_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    return s, s.getsockname()[1]


def start_fails(args, key):
    sock, port = held_port()
    data = tempfile.mkdtemp(prefix="telegraph-it-start-")
    try:
        proc = subprocess.run(
            [args.daemon, "--listen", "127.0.0.1:0", "--data", data,
             "--set", f"{key}=127.0.0.1:{port}"],
            stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    finally:
        sock.close()
    err = proc.stderr.decode("utf-8", "replace")
    check(proc.returncode == 1,
          f"{key} on a taken port: exit {proc.returncode}, not 1:\n{err[-3000:]}")
    check(f"127.0.0.1:{port}" in err or str(port) in err,
          f"{key} on a taken port: the error names no address:\n{err[-3000:]}")
    for bad in ("AddressSanitizer", "runtime error:", "LeakSanitizer",
                "still open at exit"):
        check(bad not in err, f"{key} on a taken port: {bad!r} at exit:\n{err[-3000:]}")
    check("listening on" not in err,
          f"{key} on a taken port: the daemon said it was ready:\n{err[-3000:]}")
    remove_folder(data)


def main(args):
    start_fails(args, "metrics_listen")
    start_fails(args, "lmtp_listen")


if __name__ == "__main__":
    sys.exit(run_main(main))
