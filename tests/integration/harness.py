"""Integration test harness: the real daemon on a random port with a fresh
data folder, and real `telegraph --json` clients driven over pipes, or (with
--transport ws) the same requests over a WebSocket on the same port, the
way the web client speaks (WsCli below): one harness, two transports.

Every test script is run by ctest as
    python3 test_X.py --daemon PATH --cli PATH [--cli-fixture PATH] --schema DIR
and exits 0 only if every check passed (a failed check raises)."""

import argparse
import json
import os
import queue
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

from json_patch import json_equal
from json_patch import apply_patch

LISTEN_RE = re.compile(r"listening on (\[[^\]]+\]|[^\s:]+):(\d+)")
REPLY_OPS = ("ok", "error", "pong", "welcome")

# Each harness works in a folder of its own, /tmp/telegraph-it-*. A passing
# test removes it; a failing one keeps it for a look (its path is printed).
# Folders of killed runs (a ctest timeout under load) and failures nobody
# looked at are pruned once older than PRUNE_AGE_S, when the next harness
# starts (193 had piled up in /tmp by session 15).
TMP_PREFIX = "telegraph-it-"
PRUNE_AGE_S = 24 * 3600
_made = []  # this process's folders, removed by run_main when it passes


def prune_old_folders(root=None, max_age_s=PRUNE_AGE_S, now=None):
    """Removes this user's harness folders under root (the temp folder)
    unchanged for max_age_s; returns the names removed."""
    root = root or tempfile.gettempdir()
    now = time.time() if now is None else now
    removed = []
    try:
        names = os.listdir(root)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(TMP_PREFIX):
            continue
        path = os.path.join(root, name)
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if (not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid()
                or now - st.st_mtime < max_age_s):
            continue
        if remove_folder(path, attempts=2):
            removed.append(name)
    return removed


def remove_folder(path, attempts=6):
    """rmtree that does not give up at the first error: a file written into
    the folder while it is removed (a client or a test's thread finishing)
    makes one pass fail; a read-only folder inside is made writable. True
    once the folder is gone. Only the folder and what is in it are ever
    made writable, never its parent (the shared temp folder: an earlier
    version of this function turned /tmp into mode 0700 when the folder
    itself could not be removed, and the unprivileged user of
    test_docker_files could no longer reach its files)."""
    top = os.path.abspath(path)

    def inside(p):
        return p == top or p.startswith(top + os.sep)

    def writable(func, p, _exc):
        try:
            p = os.path.abspath(p)
            parent = os.path.dirname(p)
            if inside(parent):
                os.chmod(parent, 0o700)
            if inside(p) and os.path.isdir(p) and not os.path.islink(p):
                os.chmod(p, 0o700)
            func(p)
        except OSError:
            pass
    for i in range(attempts):
        if not os.path.lexists(path):
            return True
        try:
            shutil.rmtree(path, onerror=writable)
        except OSError:
            pass
        if not os.path.lexists(path):
            return True
        time.sleep(0.1 * (i + 1))
    return not os.path.lexists(path)


def remove_made_folders():
    """A passing run removes every folder its harnesses made (one made but
    never entered too); False, with a note, if one could not be."""
    ok = True
    while _made:
        path = _made.pop()
        if not remove_folder(path):
            print(f"# could not remove {path}", file=sys.stderr)
            ok = False
    return ok


from harness_check import CheckFailed, check  # noqa: F401 (re-exported)


def parse_args(extra=None):
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", required=True, help="telegraphd_test (or telegraphd)")
    p.add_argument("--cli", required=True, help="telegraph")
    p.add_argument("--cli-fixture", help="telegraph_test: verify knows fixture-duel")
    p.add_argument("--schema", required=True, help="protocol/schema")
    p.add_argument("--db-schema", help="schema/ (SQL migrations)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--keep", action="store_true", help="keep the temp folder")
    p.add_argument("--transport", choices=("ndjson", "ws"), default="ndjson",
                   help="how clients speak to the daemon: the CLI over NDJSON, or "
                        "a WebSocket")
    if extra:
        extra(p)
    return p.parse_args()


class Daemon:
    """telegraphd on 127.0.0.1:<port> with its data folder; port 0 picks one,
    and a restart reuses the port of the first start."""

    def __init__(self, binary, data_dir, extra_args=()):
        self.binary = binary
        self.data_dir = data_dir
        self.extra_args = list(extra_args)
        self.port = 0
        self.proc = None
        self.log = []  # every stderr line of every run
        self._listening = None

    def start(self, timeout=30):
        check(self.proc is None, "daemon already running")
        args = [self.binary, "--listen", f"127.0.0.1:{self.port}", "--data", self.data_dir]
        args += self.extra_args
        self._listening = queue.Queue()
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        threading.Thread(target=self._read_stderr, args=(self.proc, self._listening),
                         daemon=True).start()
        try:
            port = self._listening.get(timeout=timeout)
        except queue.Empty:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
            raise CheckFailed(f"daemon did not say 'listening on' within {timeout}s:\n"
                              + self.tail())
        if port is None:
            rc = self.proc.wait()
            self.proc = None
            raise CheckFailed(f"daemon exited ({rc}) before listening:\n" + self.tail())
        self.port = port

    def _read_stderr(self, proc, listening):
        for raw in proc.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.log.append(line)
            m = LISTEN_RE.search(line)
            if m:
                listening.put(int(m.group(2)))
        listening.put(None)

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"

    @property
    def cert(self):
        return os.path.join(self.data_dir, "cert.pem")

    @property
    def db(self):
        return os.path.join(self.data_dir, "telegraph.db")

    def stop(self, timeout=30):
        """SIGTERM; the daemon must say goodbye and exit 0."""
        check(self.proc is not None, "daemon not running")
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise CheckFailed(f"daemon did not exit within {timeout}s of SIGTERM")
        self.proc = None
        check(rc == 0, f"daemon exited with {rc} after SIGTERM:\n" + self.tail())

    def kill(self):
        check(self.proc is not None, "daemon not running")
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.proc = None

    def tail(self, n=40):
        return "\n".join(self.log[-n:])

    def print_stacks(self):
        """A read that timed out: every thread's stack of the daemon, if it
        still runs (a stalled loop shows where it waits; session 22's one
        integration/backup failure went silent for 23 s and left no trace).
        Needs gdb; says so when it is missing."""
        if self.proc is None or self.proc.poll() is not None:
            return
        gdb = shutil.which("gdb")
        if not gdb:
            print("# (no gdb: the daemon's stacks not taken)", file=sys.stderr)
            return
        try:
            out = subprocess.run([gdb, "-batch", "-nx", "-p", str(self.proc.pid),
                                  "-ex", "thread apply all bt"],
                                 capture_output=True, text=True, timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired) as e:
            out = f"(gdb failed: {e})"
        print("# the daemon's threads at the timeout:\n" + out, file=sys.stderr)


class Cli:
    """One `telegraph --json` process: requests in, every message out."""

    def __init__(self, harness, name, config=None):
        self.h = harness
        self.name = name
        self.config = config or os.path.join(harness.tmp, f"{name}.conf")
        self.sent = []       # every request sent (for schema checks)
        self.proc = None
        self.received = []   # every message of every run, in order (for schema checks)
        self.run_start = 0   # index in received where the current run began
        self.stderr = []
        self.cond = threading.Condition()
        self.eof = False
        self.next_id = 0
        self.views = {}      # match -> {"seq": N, "view": {...}, "role": r}
        self.cursor = 0      # received[cursor:] not yet applied to views
        self._stdout_reader = None

    def start(self, timeout_s=10):
        check(self.proc is None or self.proc.poll() is not None, f"{self.name}: running")
        # The last run's reader must be done before this run begins: on a
        # loaded machine it could otherwise read that run's end of output
        # after the reset below and mark this one ended (the crash test's
        # final restart failed so, under ASan).
        if self._stdout_reader is not None:
            self._stdout_reader.join(30)
        d = self.h.daemon
        args = [self.h.args.cli, "--json", "--server", d.address, "--trust", d.cert,
                "--config", self.config, "--timeout", str(timeout_s)]
        with self.cond:
            self.eof = False
            self.run_start = len(self.received)
            self.cursor = max(self.cursor, self.run_start)
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self._stdout_reader = threading.Thread(target=self._read_stdout, args=(self.proc,),
                                               daemon=True)
        self._stdout_reader.start()
        threading.Thread(target=self._read_stderr, args=(self.proc,), daemon=True).start()
        # The client says hello itself: its welcome comes first.
        _, welcome = self.wait_for(lambda m: m.get("op") == "welcome", 20,
                                   start=self.run_start)
        return welcome

    def _read_stdout(self, proc):
        for raw in proc.stdout:
            try:
                msg = json.loads(raw)
            except ValueError:
                msg = {"op": "__not_json__", "raw": raw.decode("utf-8", "replace")}
            with self.cond:
                self.received.append(msg)
                self.cond.notify_all()
        with self.cond:
            if proc is self.proc or self.proc is None:  # not an earlier run's end
                self.eof = True
            self.cond.notify_all()

    def _read_stderr(self, proc):
        for raw in proc.stderr:
            self.stderr.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def send(self, obj):
        """Sends a request (an id is added); returns the id."""
        if "id" not in obj:
            self.next_id += 1
            obj = dict(obj, id=f"{self.name}-{self.next_id}")
        self.sent.append(obj)
        line = json.dumps(obj, separators=(",", ":")) + "\n"
        try:
            self.proc.stdin.write(line.encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError) as e:
            raise CheckFailed(f"{self.name}: the client has exited ({e}); stderr: "
                              f"{self.stderr[-3:]}")
        return obj["id"]

    def send_raw(self, line):
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def wait_for(self, pred, timeout=30, start=None):
        """The first message at index >= start satisfying pred: (index, msg)."""
        start = self.run_start if start is None else start
        deadline = time.monotonic() + timeout
        i = start
        with self.cond:
            while True:
                while i < len(self.received):
                    if pred(self.received[i]):
                        return i, self.received[i]
                    i += 1
                if self.eof:
                    raise CheckFailed(f"{self.name}: the client ended before the awaited "
                                      f"message; stderr: {self.stderr[-5:]}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CheckFailed(f"{self.name}: timed out waiting; last messages: "
                                      f"{self.received[-3:]}")
                self.cond.wait(left)

    def request(self, obj, timeout=60):
        """Sends obj and returns its reply (ok/error/pong/welcome)."""
        with self.cond:
            start = len(self.received)
        rid = self.send(obj)
        _, reply = self.wait_for(
            lambda m: m.get("id") == rid and m.get("op") in REPLY_OPS, timeout, start)
        return reply

    def ok(self, obj, timeout=60):
        reply = self.request(obj, timeout)
        check(reply.get("op") == "ok", f"{self.name}: {obj} was refused: {reply}")
        return reply

    def error(self, obj, code, timeout=60):
        reply = self.request(obj, timeout)
        # Refused requests are often malformed on purpose: not schema-checked.
        self.sent = [m for m in self.sent if m.get("id") != reply.get("id")]
        check(reply.get("op") == "error", f"{self.name}: {obj} should fail with {code}, got "
              f"{reply}")
        check(reply.get("code") == code,
              f"{self.name}: {obj} failed with {reply.get('code')}, expected {code}: {reply}")
        check(isinstance(reply.get("message"), str) and reply["message"],
              f"{self.name}: error without a message: {reply}")
        return reply

    # ---- views kept current from view/patch pushes --------------------------
    def apply_pushes(self):
        """Applies every view/patch received since the last call. A patch
        must continue the seq exactly and apply cleanly."""
        with self.cond:
            msgs = self.received[self.cursor:]
            self.cursor = len(self.received)
        for m in msgs:
            op = m.get("op")
            if op == "view":
                self.views[m["match"]] = {"seq": m["seq"], "view": m["view"],
                                          "role": m.get("role")}
            elif op == "patch":
                cur = self.views.get(m["match"])
                check(cur is not None, f"{self.name}: patch before any view: {m}")
                if m["seq"] <= cur["seq"]:
                    continue  # a repeat after a resubscribe: already applied
                check(m["seq"] == cur["seq"] + 1,
                      f"{self.name}: patch seq {m['seq']} after {cur['seq']}")
                cur["view"] = apply_patch(cur["view"], m["patch"])
                cur["seq"] = m["seq"]

    def view_at(self, match, seq, timeout=30):
        """Waits until the kept view of match reaches seq; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            self.apply_pushes()
            cur = self.views.get(match)
            if cur is not None and cur["seq"] >= seq:
                return cur
            left = deadline - time.monotonic()
            check(left > 0, f"{self.name}: match {match} never reached seq {seq} "
                  f"(at {cur and cur['seq']})")
            with self.cond:
                if self.eof and self.cursor == len(self.received):
                    raise CheckFailed(f"{self.name}: the client ended before match {match} "
                                      f"reached seq {seq}; stderr: {self.stderr[-3:]}")
                self.cond.wait(min(left, 0.5))

    def close(self, expect_rc=0, timeout=30):
        """Ends input; the client must finish its replies and exit."""
        if self.proc is None:
            return None
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise CheckFailed(f"{self.name}: client did not exit after end of input")
        with self.cond:
            while not self.eof:
                self.cond.wait(1)
        self.proc = None
        if expect_rc is not None:
            check(rc == expect_rc, f"{self.name}: client exited {rc}, expected {expect_rc}; "
                  f"stderr: {self.stderr[-5:]}")
        return rc

    def kill(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


class WsCli(Cli):
    """The same client over a WebSocket (tests/integration/wsclient.py): it
    says hello and resumes a stored token as `telegraph --json` does, and
    keeps the token in the CLI's config file, so that a run of the real CLI
    with that config (run_cli) is the same user."""

    def _config_token(self):
        try:
            with open(self.config) as f:
                for line in f:
                    k, _, v = line.partition("=")
                    if k.strip() == "token":
                        return v.strip()
        except FileNotFoundError:
            pass
        return ""

    def _save_token(self, token):
        d = self.h.daemon
        with open(self.config, "w") as f:
            f.write(f"server = {d.address}\ntrust = {d.cert}\n")
            if token:
                f.write(f"token = {token}\n")

    def start(self, timeout_s=10):
        from wsclient import WebSocket
        check(self.proc is None, f"{self.name}: running")
        d = self.h.daemon
        self.sock = WebSocket(d.port, d.cert)
        self.sock.timeout = None
        status = self.sock.connect()
        check(status == 101, f"{self.name}: the WebSocket upgrade got {status}")
        self.proc = self.sock
        self.due = {}  # request id -> op, until its reply
        with self.cond:
            self.eof = False
            self.run_start = len(self.received)
            self.cursor = max(self.cursor, self.run_start)
        threading.Thread(target=self._read_socket, args=(self.sock,), daemon=True).start()
        token = self._config_token()
        self._save_token(token)
        self._send_obj({"op": "hello", "protocol": 1, "client": "harness-ws/0.1", "id": 1})
        _, welcome = self.wait_for(lambda m: m.get("op") == "welcome", 20,
                                   start=self.run_start)
        if token:
            self._send_obj({"op": "resume", "token": token, "id": "cli-resume"})
            self.wait_for(lambda m: m.get("id") == "cli-resume" and m.get("op") in REPLY_OPS,
                          20, start=self.run_start)
        return welcome

    def _read_socket(self, sock):
        try:
            while True:
                m = sock.recv_message(None)
                if isinstance(m, tuple):
                    break
                try:
                    msg = json.loads(m)
                except ValueError:
                    msg = {"op": "__not_json__", "raw": m}
                with self.cond:
                    self._note_reply(msg)
                    self.received.append(msg)
                    self.cond.notify_all()
        except (EOFError, OSError, ValueError):
            pass
        with self.cond:
            self.eof = True
            self.cond.notify_all()

    def _note_reply(self, msg):
        """As the CLI: a login/register token is stored, a logout forgets it."""
        if msg.get("op") not in REPLY_OPS or msg.get("id") not in self.due:
            return
        op = self.due.pop(msg["id"])
        if msg.get("op") == "ok" and op in ("login", "register") and msg.get("token"):
            self._save_token(msg["token"])
        elif msg.get("op") == "ok" and op == "logout":
            self._save_token("")

    def _send_obj(self, obj):
        self.sock.send_text(json.dumps(obj, separators=(",", ":")))

    def send(self, obj):
        if "id" not in obj:
            self.next_id += 1
            obj = dict(obj, id=f"{self.name}-{self.next_id}")
        self.sent.append(obj)
        with self.cond:
            self.due[obj["id"]] = obj.get("op")
        try:
            self._send_obj(obj)
        except OSError as e:
            raise CheckFailed(f"{self.name}: the socket is closed ({e})")
        return obj["id"]

    def send_raw(self, line):
        self.sock.send_text(line)

    def close(self, expect_rc=0, timeout=30):
        """As the CLI at the end of its input: waits for the replies due,
        then closes the socket (1000)."""
        if self.proc is None:
            return None
        deadline = time.monotonic() + timeout
        with self.cond:
            while self.due and not self.eof and time.monotonic() < deadline:
                self.cond.wait(0.2)
            left = dict(self.due)
        self.sock.close()
        with self.cond:
            while not self.eof and time.monotonic() < deadline:
                self.cond.wait(0.2)
        self.proc = None
        rc = 0 if not left else 3
        if expect_rc is not None:
            check(rc == expect_rc, f"{self.name}: replies still due at close: {left}")
        return rc

    def kill(self):
        if self.proc is not None:
            try:
                self.sock.sock.close()
            except OSError:
                pass
            self.proc = None


class Harness:
    def __init__(self, args, daemon_args=(), port=0):
        self.args = args
        self.seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        self.rng = random.Random(self.seed)
        pruned = prune_old_folders()
        if pruned:
            print(f"# pruned {len(pruned)} harness folders older than a day", flush=True)
        self.tmp = tempfile.mkdtemp(prefix=TMP_PREFIX)
        if not args.keep:
            _made.append(self.tmp)
        self.daemon = Daemon(args.daemon, os.path.join(self.tmp, "data"), daemon_args)
        self.daemon.port = port
        self.clients = []
        from schemas import SchemaBook
        self.schemas = SchemaBook(args.schema)

    def __enter__(self):
        print(f"# seed {self.seed}, temp {self.tmp}", flush=True)
        self.daemon.start()
        return self

    def __exit__(self, etype, exc, tb):
        for c in self.clients:
            c.kill()
        if etype is not None:
            print("# daemon log (last lines):\n" + self.daemon.tail(), file=sys.stderr)
            if issubclass(etype, TimeoutError):
                self.daemon.print_stacks()
            for c in self.clients:
                if c.stderr:
                    print(f"# {c.name} stderr: {c.stderr[-8:]}", file=sys.stderr)
            if self.daemon.proc:
                self.daemon.kill()
        elif self.daemon.proc is not None:
            # The test passed without stopping its daemon: stop it, so that
            # no orphaned daemon outlives the test.
            self.daemon.proc.terminate()
            try:
                self.daemon.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.daemon.proc.kill()
                self.daemon.proc.wait()
            self.daemon.proc = None
        if not self.args.keep and etype is None and remove_folder(self.tmp):
            if self.tmp in _made:
                _made.remove(self.tmp)
        return False

    def client(self, name, start=True, config=None):
        c = (WsCli if getattr(self.args, "transport", "ndjson") == "ws" else Cli)(
            self, name, config)
        self.clients.append(c)
        if start:
            c.start()
        return c

    def run_cli(self, args, config, stdin=None, timeout=60, cli=None, env=None):
        """One-shot `telegraph ARGS` with this daemon; CompletedProcess."""
        full = [cli or self.args.cli, "--server", self.daemon.address, "--trust",
                self.daemon.cert, "--config", config] + list(args)
        e = dict(os.environ)
        e.pop("TELEGRAPH_PASSWORD", None)
        e.update(env or {})
        return subprocess.run(full, input=stdin, capture_output=True, timeout=timeout,
                              text=True, env=e)

    def validate_all(self):
        """Every message every client received validates against its schema."""
        count = 0
        for c in self.clients:
            for m in c.received:
                self.schemas.validate(m, f"{c.name} received")
                count += 1
            for m in c.sent:
                self.schemas.validate_request(m, f"{c.name} sent")
        check(count > 0, "no messages to validate")
        return count


_HELD_PORTS = []  # sockets that keep free_fixed_port's picks reserved


def free_fixed_port(rng):
    """A free TCP port below the kernel's ephemeral range. A daemon restarted
    on a fixed port must not find it taken by a client's outgoing socket (a
    client can even connect to itself on an ephemeral port left free).

    The port stays reserved for the rest of this process: its probe socket is
    kept bound, and SO_REUSEADDR is set only after the bind. Another test's
    probe (a plain bind) is refused, so two tests running at once cannot pick
    the same port, while the daemon and the SMTP sink, which bind with
    SO_REUSEADDR (libuv, asyncio), can still listen on it. Before, the probe
    was closed at once, and a test running beside it could pick the port
    before this one's daemon listened (a CI run failed so: "lmtp_listen
    127.0.0.1:25785: address already in use")."""
    import socket
    for _ in range(200):
        port = rng.randrange(20000, 32000)
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            s.close()
            continue
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        _HELD_PORTS.append(s)
        return port
    raise CheckFailed("no free port in 20000-32000")


def register(cli, name, password="correct horse"):
    return cli.ok({"op": "register", "name": name, "password": password})


def pick_action(rng, view, allow=None):
    """A random legal action from the view, its params filled by random
    choices: one of a param's choices, or for a param of several choices
    ("many", PROTOCOL.md) a list of some of them in their order, half the
    time all, else each with even odds; for a param "by" another, one of the
    choices the other's value opens. allow(entry) may narrow the list."""
    entries = [a for a in view.get("actions", []) if allow is None or allow(a)]
    check(entries, f"no legal action to pick from: {view.get('prompt')}")
    entry = rng.choice(entries)
    action = dict(entry["action"])
    for p in entry.get("params", []) or []:
        check(p.get("choices"), f"param {p.get('name')} offers no choices")
        if p.get("many"):
            every = rng.random() < 0.5
            action[p["name"]] = [c["value"] for c in p["choices"]
                                 if every or rng.random() < 0.5]
        else:
            action[p["name"]] = rng.choice(open_choices(entry, p, action))["value"]
    return action


def open_choices(entry, p, action):
    """The choices of param p open given the values action holds: all, or
    for a param "by" another (PROTOCOL.md) those its value opens:
    choices_by[i] of the other's i-th choice, "only" these indices or
    "except" them."""
    by = p.get("by")
    if by is None:
        return p["choices"]
    other = next(q for q in entry["params"] if q["name"] == by)
    i = [c["value"] for c in other["choices"]].index(action[by])
    spec = p["choices_by"][i]
    if "only" in spec:
        return [p["choices"][k] for k in spec["only"]]
    shut = set(spec["except"])
    return [c for k, c in enumerate(p["choices"]) if k not in shut]


def run_main(body, extra_args=None):
    """Runs body(args) and turns a failed check into exit status 1."""
    args = parse_args(extra_args)
    try:
        body(args)
    except CheckFailed as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
    # A pass leaves no folder behind, whatever became of its harnesses.
    remove_made_folders()
    print("PASS")


def fresh_view(h, like, match, op="open"):
    """The view the server sends fresh (open/watch without since) to another
    connection of the same user as client `like`: {"seq", "view", "role"}."""
    h.fresh_count = getattr(h, "fresh_count", 0) + 1
    c = h.client(f"{like.name}-fresh{h.fresh_count}", config=like.config)
    reply = c.ok({"op": op, "match": match})
    _, v = c.wait_for(lambda m: m.get("op") == "view" and m.get("match") == match)
    check(v["seq"] == reply["seq"], f"fresh view seq {v['seq']} != open reply seq "
          f"{reply['seq']}")
    c.close()
    return {"seq": v["seq"], "view": v["view"], "role": v.get("role")}


def check_same_view(kept, fresh, what):
    check(kept["seq"] == fresh["seq"], f"{what}: kept view at seq {kept['seq']}, fresh "
          f"at {fresh['seq']}")
    if not json_equal(kept["view"], fresh["view"]):
        a = json.dumps(kept["view"], sort_keys=True)
        b = json.dumps(fresh["view"], sort_keys=True)
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        raise CheckFailed(f"{what}: the view rebuilt from patches differs from the fresh "
                          f"view at seq {kept['seq']}, near: ...{a[max(0, i - 80):i + 80]}... "
                          f"vs ...{b[max(0, i - 80):i + 80]}...")


def loadgen_figures(text):
    """tg_loadgen's figures: one "name value" line each on its stdout."""
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return out


def run_loadgen(args, h, loadgen_args, timeout):
    """Runs tests/bench/tg_loadgen (args.loadgen) against the harness's
    daemon with loadgen_args; returns (exit status, figures, stderr)."""
    r = subprocess.run([args.loadgen, "--server", f"127.0.0.1:{h.daemon.port}"] +
                       [str(a) for a in loadgen_args],
                       capture_output=True, text=True, timeout=timeout)
    return r.returncode, loadgen_figures(r.stdout), r.stderr
