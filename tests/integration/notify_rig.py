"""The rig of the notification tests (issue 19): the real daemon with a real
SMTP server (smtp_sink.py, Debian's aiosmtpd under /usr/bin/python3, STARTTLS
and AUTH required, its certificate trusted by notify_ca_file), optionally a
webhook receiver that checks the HMAC-SHA256 signature and the daemon's LMTP
listener, on the injected clock (TELEGRAPHD_TEST_CLOCK, set to T0).

    with notify_rig(args, {"notify_timeout_s": 4}, hook="ok") as (h, sink, hook):
        ...

The daemon listens on a fixed port (a kill -9 and restart finds it again);
h.clock_file and h.now hold the clock (set_time moves it), h.lmtp_port the
LMTP port when lmtp=True. On leaving, the daemon, the sink and the webhook
receiver stop. Also the helpers the tests share: the sink's messages, the
webhook receiver, waiting for a connection to close, verifying an address,
finish (the last check and the daemon's stop) and main (a test's entry)."""

import contextlib
import email
import email.policy
import hashlib
import hmac
import http.server
import json
import os
import random
import re
import subprocess
import threading
import time

from harness import Harness, check, free_fixed_port, register, run_main

T0 = 1900000000
DAY = 86400
SMTP_USER, SMTP_PASSWORD = "relay-user", "relay-secret"
DEBIAN_PYTHON = "/usr/bin/python3"
HERE = os.path.dirname(os.path.abspath(__file__))


def set_time(h, t):
    tmp = h.clock_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{t}\n")
    os.replace(tmp, h.clock_file)
    h.now = t


class SmtpSink:
    """smtp_sink.py as a child process; messages parsed from its folder."""

    def __init__(self, tmp, port):
        self.port = port
        self.dir = os.path.join(tmp, "mail")
        os.makedirs(self.dir, exist_ok=True)
        self.cert = os.path.join(tmp, "smtp-cert.pem")
        self.key = os.path.join(tmp, "smtp-key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=localhost",
                        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-days", "2",
                        "-keyout", self.key, "-out", self.cert],
                       check=True, capture_output=True)
        self.proc = None

    def start(self, drop_second=False, hang_quit=False):
        self.proc = subprocess.Popen(
            [DEBIAN_PYTHON, os.path.join(HERE, "smtp_sink.py"), "--port", str(self.port),
             "--cert", self.cert, "--key", self.key, "--out", self.dir, "--user", SMTP_USER,
             "--password", SMTP_PASSWORD] + (["--drop-second"] if drop_second else []) +
            (["--hang-quit"] if hang_quit else []),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        check(line.startswith("ready"), f"the SMTP sink did not start: {line!r} "
              f"{self.proc.stderr.read() if self.proc.poll() is not None else ''}")

    def stop(self):
        if self.proc:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def messages(self):
        out = []
        for name in sorted(os.listdir(self.dir)):
            if name.endswith(".eml"):
                with open(os.path.join(self.dir, name), "rb") as f:
                    out.append(email.message_from_bytes(f.read(), policy=email.policy.default))
        return out

    def wait(self, pred, what, timeout=20):
        deadline = time.monotonic() + timeout
        while True:
            found = [m for m in self.messages() if pred(m)]
            if found:
                return found
            check(time.monotonic() < deadline, f"no mail: {what}; have "
                  f"{[(m['To'], m['Subject']) for m in self.messages()]}")
            time.sleep(0.1)


def to(addr):
    return lambda m: m["X-Sink-Rcpt-To"] == addr


def text_of(m):
    return m.get_body(("plain",)).get_content().replace("\r\n", "\n")


class Hook(http.server.BaseHTTPRequestHandler):
    """A webhook receiver: mode ok (checks the signature), 500, or hang."""

    def do_POST(self):
        srv = self.server
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        srv.hits += 1
        if srv.mode == "hang":
            time.sleep(srv.hang_s)
            return
        if srv.mode == "500":
            self.send_response(500)
            self.end_headers()
            return
        want = "sha256=" + hmac.new(srv.secret.encode(), body, hashlib.sha256).hexdigest()
        got = self.headers.get("X-Telegraph-Signature", "")
        srv.received.append({"body": json.loads(body), "signed": hmac.compare_digest(want, got),
                             "key": self.headers.get("Idempotency-Key"),
                             "event": self.headers.get("X-Telegraph-Event")})
        self.send_response(204)
        self.end_headers()

    def log_message(self, *a):
        pass


def hook_server(mode, hang_s=0):
    s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    s.mode, s.hang_s, s.hits, s.received, s.secret = mode, hang_s, 0, [], ""
    s.daemon_threads = True
    threading.Thread(target=s.serve_forever, daemon=True).start()
    return s


def wait_until(pred, what, timeout=20):
    deadline = time.monotonic() + timeout
    while not pred():
        check(time.monotonic() < deadline, f"timed out: {what}")
        time.sleep(0.1)


def start_client(h, name, config=None):
    """h.client, noting its connection's id in the daemon's log."""
    n = len(h.daemon.log)
    c = h.client(name, config=config)
    found = []
    wait_until(lambda: found.extend(re.findall(r"conn=(\d+) connected from",
                                               "\n".join(h.daemon.log[n:]))) or found,
               f"{name}'s connection in the daemon's log")
    c.conn_id = found[-1]
    return c


def close_gone(h, c):
    """Closes c and waits until the daemon has seen it go: until then its
    user is still connected and following (no "your move" for him)."""
    c.close()
    wait_until(lambda: any(f"conn={c.conn_id} closed" in line for line in h.daemon.log),
               f"the daemon seeing {c.name} leave")


def verify_address(h, sink, c, addr):
    r = c.ok({"op": "notify_settings", "email": addr})
    check(r["settings"]["email"] == addr and r["settings"]["email_verified"] is False,
          f"a new address starts unverified: {r}")
    mail = sink.wait(to(addr), f"the code to {addr}")[-1]
    code = re.search(r"verification code is (\d{8})", text_of(mail))
    check(code, f"no code in {text_of(mail)!r}")
    return code.group(1), mail


def operator_status(h, config):
    """The daemon's status as an operator sees it, over a fresh connection
    with config (an operator's saved credentials)."""
    c = h.client(f"ops-{len(h.clients)}", config=config)
    st = c.ok({"op": "status"})["status"]
    c.close()
    return st


def verified_operator(h, sink, addr, name="ops"):
    """Registers name (an operator in the rig's settings) and verifies addr
    as his address; (his config, his user id). The connection is closed."""
    ops = h.client(name)
    uid = register(ops, name)["user"]["id"]
    code, _ = verify_address(h, sink, ops, addr)
    ops.ok({"op": "verify_email", "code": code})
    ops.close()
    return ops.config, uid


@contextlib.contextmanager
def notify_rig(args, settings=None, hook=None, lmtp=False):
    """(h, sink, hook) for one test: settings is {name: value} of further
    daemon settings, hook the webhook receiver's mode ("ok", "500", "hang")
    or None for none, lmtp whether the daemon listens for replies."""
    rng = random.Random()
    smtp_port = free_fixed_port(rng)
    daemon_args = ["--set", f"smtp_url=smtp://127.0.0.1:{smtp_port}",
                   "--set", "smtp_from=Telegraph <tg@localhost>",
                   "--set", f"smtp_user={SMTP_USER}", "--set", f"smtp_password={SMTP_PASSWORD}",
                   "--set", "notify_poll_ms=100",
                   "--set", "public_url=https://play.example.test/"]
    lmtp_port = None
    if lmtp:
        lmtp_port = free_fixed_port(rng)
        daemon_args += ["--set", f"lmtp_listen=127.0.0.1:{lmtp_port}"]
    for name, value in (settings or {}).items():
        daemon_args += ["--set", f"{name}={value}"]
    h = Harness(args, daemon_args=daemon_args)
    h.daemon.port = free_fixed_port(rng)
    h.lmtp_port = lmtp_port
    h.clock_file = os.path.join(h.tmp, "clock")
    os.environ["TELEGRAPHD_TEST_CLOCK"] = h.clock_file
    set_time(h, T0)
    sink = SmtpSink(h.tmp, smtp_port)
    h.daemon.extra_args += ["--set", f"notify_ca_file={sink.cert}"]
    hk = hook_server(hook) if hook else None
    try:
        sink.start()
        with h:
            yield h, sink, hk
    finally:
        sink.stop()
        if hk:
            hk.shutdown()


def finish(h):
    """The end of a part: every match's record verifies, the daemon stops."""
    h.validate_all()
    h.daemon.stop()


def main(body):
    """A notification test's entry: body(args) on the harness's arguments."""
    run_main(body)
