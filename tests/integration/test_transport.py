#!/usr/bin/env python3
"""test_transport.py — telegraphd's transport and life cycle, black-box:

  python3 test_transport.py --daemon build/server/telegraphd

The daemon runs on 127.0.0.1 port 0 with a fresh data folder; the port comes
from its 'listening on HOST:PORT' log line. Checks: first-run data folder and
self-signed certificate (modes, fingerprint logged), TLS 1.1 refused, a
garbage byte stream disconnected without harm, an oversized message refused
and the connection closed, malformed JSON answered and the connection kept,
config file overridden by flags, usage errors, and SIGTERM: goodbye, exit 0.
"""
import argparse
import hashlib
import json
import os
import queue
import re
import signal
import socket
import ssl
import stat
import subprocess
import sys
import tempfile
import threading
import time
import warnings

LISTEN_RE = re.compile(r"listening on (\[[^\]]+\]|[^\s:]+):(\d+)")
FAILURES = []


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what, flush=True)
    if not cond:
        FAILURES.append(what)
    return cond


class Daemon:
    def __init__(self, binary, args):
        self.log = []
        self.lines = queue.Queue()
        self.proc = subprocess.Popen([binary] + args, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        threading.Thread(target=self._pump, daemon=True).start()
        self.port = None
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line is None:
                break
            m = LISTEN_RE.search(line)
            if m:
                self.port = int(m.group(2))
                return
        self.proc.kill()
        self.proc.wait()
        raise SystemExit("daemon did not report 'listening on':\n" + "\n".join(self.log))

    def _pump(self):
        for raw in self.proc.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.log.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def alive(self):
        return self.proc.poll() is None

    def stop(self, sig=signal.SIGTERM, timeout=30):
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def tls_context(cert):
    ctx = ssl.create_default_context(cafile=cert)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    return ctx


class Client:
    def __init__(self, port, ctx):
        raw = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock = ctx.wrap_socket(raw, server_hostname="localhost")
        self.buf = b""

    def send(self, obj_or_bytes):
        data = obj_or_bytes if isinstance(obj_or_bytes, bytes) else (
            json.dumps(obj_or_bytes).encode() + b"\n")
        self.sock.sendall(data)

    def line(self):
        """The next message as a dict, or None at end of stream."""
        while b"\n" not in self.buf:
            try:
                chunk = self.sock.recv(65536)
            except (ssl.SSLError, ConnectionError):
                return None
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def ends(self):
        """True if the server closes the connection (within the timeout)."""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return True
        except (ssl.SSLError, ConnectionError):
            return True
        except socket.timeout:
            return False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def hello(c):
    c.send({"op": "hello", "protocol": 1, "client": "test_transport", "id": 1})
    return c.line()


def test_first_run(d, data, ctx):
    check(stat.S_IMODE(os.stat(data).st_mode) == 0o700, "data folder made with mode 0700")
    key = os.path.join(data, "key.pem")
    cert = os.path.join(data, "cert.pem")
    check(stat.S_IMODE(os.stat(key).st_mode) == 0o600, "key.pem has mode 0600")
    check(os.path.exists(os.path.join(data, "telegraph.db")), "telegraph.db created")
    check(any("created a self-signed" in l for l in d.log), "certificate creation logged")
    # The one fingerprint logged is the key's (net/fingerprint.h), as
    # sha256sum writes the SHA-256 of the DER public key.
    pub = subprocess.run(["openssl", "x509", "-in", cert, "-pubkey", "-noout"],
                         capture_output=True, check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "DER"], input=pub,
                         capture_output=True, check=True).stdout
    fp = "key fingerprint SHA256:" + hashlib.sha256(der).hexdigest()
    check(any(fp in l for l in d.log), "key fingerprint logged")
    c = Client(d.port, ctx)
    check(c.sock.version() in ("TLSv1.2", "TLSv1.3"), f"TLS version {c.sock.version()}")
    w = hello(c)
    check(w is not None and w.get("op") == "welcome", f"hello answered with welcome: {w}")
    c.close()
    return fp


def test_tls11_refused(d):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        ctx.minimum_version = ssl.TLSVersion.TLSv1
        ctx.maximum_version = ssl.TLSVersion.TLSv1_1
    ctx.set_ciphers("DEFAULT:@SECLEVEL=0")
    raw = socket.create_connection(("127.0.0.1", d.port), timeout=10)
    err = ""
    try:
        ctx.wrap_socket(raw, server_hostname="localhost").close()
    except ssl.SSLError as e:
        err = str(e)
    finally:
        raw.close()
    # The server's own refusal: a protocol_version alert.
    check("PROTOCOL_VERSION" in err.upper(), f"TLS 1.1 refused by the server: {err!r}")


def test_garbage(d, ctx):
    for payload in (b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
                    bytes((i * 7919 + 13) % 256 for i in range(5000))):
        s = socket.create_connection(("127.0.0.1", d.port), timeout=10)
        ended = False
        try:
            s.sendall(payload)
            while s.recv(65536):
                pass
            ended = True
        except ConnectionError:
            ended = True
        except socket.timeout:
            ended = False
        s.close()
        check(ended, f"non-TLS bytes ({payload[:12]!r}...) disconnected")
    check(d.alive(), "daemon alive after garbage")
    c = Client(d.port, ctx)
    w = hello(c)
    check(w is not None and w.get("op") == "welcome", "daemon still serves TLS clients")
    c.close()
    check(any("TLS handshake with 127.0.0.1 failed" in l for l in d.log),
          "failed handshakes logged")


def test_oversized(d, ctx, limit):
    c = Client(d.port, ctx)
    pad = limit + 10
    try:
        c.send(b'{"op":"ping","pad":"' + b"x" * pad + b'"}\n')
    except (ssl.SSLError, ConnectionError):
        pass
    e = c.line()
    check(e is not None and e.get("op") == "error" and e.get("code") == "message_too_large",
          f"line over {limit} bytes: message_too_large ({e})")
    check(c.ends(), "connection closed after message_too_large")
    c.close()


def test_malformed(d, ctx):
    c = Client(d.port, ctx)
    c.send(b"this is not json\n")
    e = c.line()
    check(e is not None and e.get("code") == "malformed_json", f"malformed_json ({e})")
    c.send(b"[1,2,3]\n")
    e = c.line()
    check(e is not None and e.get("code") == "malformed_json", "an array is malformed_json")
    w = hello(c)
    check(w is not None and w.get("op") == "welcome", "connection kept after malformed_json")
    c.close()


def test_sigterm(d, ctx):
    c = Client(d.port, ctx)
    w = hello(c)
    check(w is not None and w.get("op") == "welcome", "client ready before SIGTERM")
    d.proc.send_signal(signal.SIGTERM)
    g = c.line()
    check(g == {"op": "goodbye", "reason": "server_shutting_down"}, f"goodbye on SIGTERM ({g})")
    check(c.ends(), "connection closed after goodbye")
    c.close()
    try:
        rc = d.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        d.proc.kill()
        rc = None
    check(rc == 0, f"exit status 0 after SIGTERM (got {rc})")


def test_flags(binary, tmp):
    r = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=10)
    flags = ["--listen", "--data", "--cert", "--key", "--config", "--log-level", "--max-message",
             "--help", "--version", "max_outbuf", "idle_timeout_ms", "scrypt_n_log2"]
    check(r.returncode == 0 and all(f in r.stdout for f in flags), "--help documents the flags")
    r = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10)
    check(r.returncode == 0 and r.stdout.startswith("telegraphd "), "--version")
    r = subprocess.run([binary, "--no-such-flag"], capture_output=True, text=True, timeout=10)
    check(r.returncode == 2, "an unknown flag is a usage error (exit 2)")
    r = subprocess.run([binary, "--cert", "/x.pem"], capture_output=True, text=True, timeout=10)
    check(r.returncode == 2 and "--key" in r.stderr, "--cert without --key refused")
    bad = os.path.join(tmp, "bad.conf")
    with open(bad, "w") as f:
        f.write("# fine\nlisten = 127.0.0.1:0\nmax_mesage = 5\n")
    r = subprocess.run([binary, "--config", bad], capture_output=True, text=True, timeout=10)
    check(r.returncode == 2 and f"{bad}:3:" in r.stderr and "max_mesage" in r.stderr,
          f"config error names file and line: {r.stderr.strip()!r}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", required=True)
    args = p.parse_args()
    binary = os.path.abspath(args.daemon)
    with tempfile.TemporaryDirectory(prefix="tg-transport-") as tmp:
        data = os.path.join(tmp, "data")
        test_flags(binary, tmp)

        d = Daemon(binary, ["--data", data, "--listen", "127.0.0.1:0"])
        ctx = tls_context(os.path.join(data, "cert.pem"))
        fp = test_first_run(d, data, ctx)
        test_tls11_refused(d)
        test_garbage(d, ctx)
        test_oversized(d, ctx, 65536)
        test_malformed(d, ctx)
        test_sigterm(d, ctx)

        # Second start: same certificate; the config file is read and the
        # flags win over it (its port 1 would fail; its max_message applies).
        conf = os.path.join(tmp, "telegraph.conf")
        with open(conf, "w") as f:
            f.write("listen = 127.0.0.1:1\nmax_message = 2048 # small\nlog_level = debug\n")
        d = Daemon(binary, ["--config", conf, "--data", data, "--listen", "127.0.0.1:0"])
        check(not any("created a self-signed" in l for l in d.log[:-1]),
              "restart keeps the certificate")
        check(any(fp in l for l in d.log), "restart logs the same fingerprint")
        test_oversized(d, ctx, 2048)
        rc = d.stop(signal.SIGINT)
        check(rc == 0, f"exit status 0 after SIGINT (got {rc})")
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed", flush=True)
        return 1
    print("all transport checks passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
