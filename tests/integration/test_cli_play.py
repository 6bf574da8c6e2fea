"""The human side of the client: `telegraph play` (alice, typing into a pipe)
against a scripted opponent, `telegraph watch` (carol), and the one-shot
commands register/create/join/list. The interactive client must keep its
view current from patches (its screen shows each new seq and never a failed
patch), take actions by number, raw JSON, undo and chat, and leave by itself
when the match is over."""

import json
import os
import random
import re
import subprocess
import threading
import time

from harness import Harness, check, free_fixed_port, register, run_main

PW = "correct horse"


class Screen:
    """A running interactive command: what it printed so far, and its stdin."""

    def __init__(self, args):
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.out = ""
        self.err = ""
        self.cond = threading.Condition()
        self.readers = [threading.Thread(target=self._read, args=(stream, which), daemon=True)
                        for stream, which in ((self.proc.stdout, "out"), (self.proc.stderr, "err"))]
        for t in self.readers:
            t.start()

    def _read(self, stream, which):
        while True:
            chunk = stream.read1(65536)
            if not chunk:
                return
            with self.cond:
                setattr(self, which, getattr(self, which) + chunk.decode("utf-8", "replace"))
                self.cond.notify_all()

    def wait(self, pattern, start=0, timeout=30, stream="out"):
        """The first match of pattern in the output after offset start."""
        rx = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                m = rx.search(getattr(self, stream), start)
                if m:
                    return m
                left = deadline - time.monotonic()
                if left > 0 and self.proc.poll() is not None and any(t.is_alive() for t in self.readers):
                    # The client has exited but its last output may still be
                    # in the pipe: read to the end before judging the screen.
                    self.cond.wait(0.05)
                    continue
                check(left > 0 and self.proc.poll() is None,
                      f"screen never showed {pattern!r}; tail:\n{self.out[-1500:]}\n"
                      f"stderr: {self.err[-500:]}")
                self.cond.wait(min(max(left, 0.01), 0.5))

    def type(self, line):
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()


def header(seq):
    return rf"^=== Match \d+ \(fixture-duel\) .* seq {seq} ===$"


def main(args):
    h = Harness(args)  # restarted below on the same port: not an ephemeral one
    h.daemon.port = free_fixed_port(random.Random(h.seed))
    with h:
        conf = {n: os.path.join(h.tmp, f"{n}.conf") for n in ("alice", "carol")}
        env = {"TELEGRAPH_PASSWORD": PW}
        for n in ("alice", "carol"):
            out = h.run_cli(["register", n], conf[n], env=env)
            check(out.returncode == 0, f"register {n}: {out.stderr}")
        out = h.run_cli(["games"], conf["alice"])
        check(out.returncode == 0 and "fixture-duel" in out.stdout and "sprint" in out.stdout,
              f"games: {out.stdout}")
        out = h.run_cli(["create", "fixture-duel", "--scenario", "sprint", "--side", "alpha",
                         "--option", "target=30"], conf["alice"])
        check(out.returncode == 0, f"create: {out.stderr}")
        m = re.search(r"Match (\d+) created", out.stdout)
        check(m and "you play alpha" in out.stdout, f"create output: {out.stdout}")
        match = int(m.group(1))
        out = h.run_cli(["list", "open"], conf["carol"])
        check(out.returncode == 0 and re.search(rf"^\s*{match}\s+fixture-duel", out.stdout,
                                                re.M), f"list open: {out.stdout}")

        bob = h.client("bob")
        register(bob, "bob", PW)
        bob.ok({"op": "join", "match": match})

        base = [h.args.cli, "--server", h.daemon.address, "--trust", h.daemon.cert]
        alice = Screen(base + ["--config", conf["alice"], "play", str(match)])
        carol = Screen(base + ["--config", conf["carol"], "watch", str(match)])
        alice.wait(header(0))
        carol.wait(header(0))

        seq, pos, typed_json, undone, chatted = 0, 0, False, False, False
        restarted = False
        while True:
            kept = bob.view_at(match, seq)
            view = kept["view"]
            if view["finished"]:
                break
            if view["awaiting"] == ["beta"] and typed_json and not restarted:
                # The daemon stops (goodbye) and comes back: the interactive
                # clients must reconnect by themselves and carry on.
                h.daemon.stop()
                check(bob.close(expect_rc=None) == 3, "scripted client after goodbye")
                h.daemon.start()
                bob.start()
                bob.ok({"op": "open", "match": match})
                bob.view_at(match, seq)
                for who, screen in (("alice", alice), ("carol", carol)):
                    screen.wait(r"server is shutting down", 0, stream="err")
                    screen.wait(r"reconnected to", 0, stream="err")
                restarted = True
                continue
            if view["awaiting"] == ["beta"]:
                mine = bob.views[match]["view"]
                commit = next(a["action"] for a in mine["actions"]
                              if a["action"]["type"] == "commit")
                r = bob.ok({"op": "act", "match": match, "seq": seq, "action": commit})
                seq = r["seq"]
                continue
            # alice's turn: her screen must show this seq and her actions
            got = alice.wait(header(seq) + r"[\s\S]*?Waiting for: alpha  \(your turn\)"
                             r"[\s\S]*?^\s+1\) Commit 1$[\s\S]*?Your move", pos)
            pos = got.end()
            if not chatted:
                alice.type("c good luck")
                _, c = bob.wait_for(lambda x: x.get("op") == "chat" and x.get("match") == match)
                check(c["text"] == "good luck" and c["from"] == "alice", f"chat: {c}")
                chatted = True
            if not undone:
                alice.type("4")  # Note: thinking
                bob.view_at(match, seq + 1)
                alice.wait(header(seq + 1), pos)
                alice.type("u")
                bob.view_at(match, seq + 2)
                seq += 2
                undone = True
                continue
            if not typed_json:
                alice.type('{"type":"commit","value":2}')
                typed_json = True
            else:
                alice.type("1")
            seq += 1
            bob.view_at(match, seq)

        check(restarted and undone and chatted and typed_json,
              "the match ended before every client feature was exercised")
        final = bob.views[match]["seq"]
        for who, screen in (("alice", alice), ("carol", carol)):
            screen.wait(header(final) + r"[\s\S]*The match is over", 0)
            try:
                rc = screen.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                screen.proc.kill()
                rc = None
                check(rc == 0, f"{who}'s client did not leave cleanly at the end: {rc}")
            check("did not apply" not in screen.out, f"{who}: a patch failed to apply")
            check("Refused" not in screen.out, f"{who}: a request was refused:\n{screen.out}")
            for s in range(1, final + 1):
                check(re.search(header(s), screen.out, re.M),
                      f"{who}'s screen skipped seq {s}")

        if os.environ.get("TG_SHOW_SCREEN"):
            print(alice.out)
        out = h.run_cli(["list", "mine"], conf["alice"])
        check(out.returncode == 0 and re.search(rf"^\s*{match}\s.*finished", out.stdout, re.M),
              f"list mine after the end: {out.stdout}")
        # A private match: invite code, join by invite, resign, export, verify.
        out = h.run_cli(["create", "fixture-duel", "--private", "--no-spectators",
                         "--side", "beta"], conf["alice"])
        inv = re.search(r"Invite code \(private match\): ([A-Z2-9]{10})", out.stdout)
        mid = re.search(r"Match (\d+) created", out.stdout)
        check(out.returncode == 0 and inv and mid, f"private create: {out.stdout}")
        out = h.run_cli(["list", "open"], conf["carol"])
        check(not re.search(rf"^\s*{mid.group(1)}\s", out.stdout, re.M),
              f"a private match is listed: {out.stdout}")
        out = h.run_cli(["join", "--invite", inv.group(1)], conf["carol"])
        check(out.returncode == 0 and f"Joined match {mid.group(1)} as alpha." in out.stdout,
              f"join by invite: {out.stdout} {out.stderr}")
        out = h.run_cli(["resign", mid.group(1)], conf["carol"])
        check(out.returncode == 0, f"resign: {out.stderr}")
        out = h.run_cli(["resign", mid.group(1)], conf["carol"])
        check(out.returncode == 1 and "match_finished" in out.stderr,
              f"resigning twice: {out.returncode} {out.stderr}")
        record = os.path.join(h.tmp, "resigned.json")
        out = h.run_cli(["export", mid.group(1), "-o", record], conf["alice"])
        check(out.returncode == 0, f"export: {out.stderr}")
        out = h.run_cli(["verify", record], conf["alice"], cli=h.args.cli_fixture or h.args.cli)
        check(out.returncode == 0 and "winner: beta" in out.stdout,
              f"verify of a resigned match: {out.stdout} {out.stderr}")

        # Scripted mode contract: ids added, replies due awaited at end of input,
        # a line that is not JSON skipped (exit 2), replies printed as received.
        out = subprocess.run(base + ["--config", conf["alice"], "--json"],
                             input='{"op":"ping"}\nnot json\n{"op":"list","which":"mine","id":7}',
                             capture_output=True, text=True, timeout=60)
        msgs = [json.loads(ln) for ln in out.stdout.splitlines()]
        ids = [(m.get("op"), m.get("id")) for m in msgs]
        check(ids[:2] == [("welcome", "cli-hello"), ("ok", "cli-resume")],
              f"scripted mode starts with hello and resume: {ids}")
        check(("pong", "cli-1") in ids and ("ok", 7) in ids,
              f"scripted replies (an id added to the ping, 7 kept): {ids}")
        check(out.returncode == 2 and "not a JSON object" in out.stderr,
              f"a bad input line: exit {out.returncode}, {out.stderr}")

        # Exit codes and certificate checks (telegraph --help documents them).
        out = subprocess.run([h.args.cli, "--help"], capture_output=True, text=True)
        check(out.returncode == 0 and "Exit codes" in out.stdout, "telegraph --help")
        for argv, rc in ((["frobnicate"], 2), (["verify"], 2), (["play", "x"], 2),
                         (["verify", os.path.join(h.tmp, "missing.json")], 4)):
            out = h.run_cli(argv, conf["alice"])
            check(out.returncode == rc and out.stderr.startswith("telegraph: "),
                  f"telegraph {argv}: exit {out.returncode}, expected {rc}: {out.stderr}")
        lone = os.path.join(h.tmp, "lone.conf")
        wrong_pin = os.path.join(h.tmp, "not-the-server.pem")
        # a valid certificate for the same names, but not the server's
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                        os.path.join(h.tmp, "other.key"), "-out", wrong_pin, "-days", "1",
                        "-subj", "/CN=127.0.0.1", "-addext",
                        "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                       check=True, capture_output=True)
        for extra in ([], ["--trust", wrong_pin]):
            out = subprocess.run([h.args.cli, "--server", h.daemon.address, "--config", lone]
                                 + extra + ["games"], capture_output=True, text=True,
                                 timeout=30)
            check(out.returncode == 3 and "certificate" in out.stderr,
                  f"an unpinned/mispinned self-signed server must be refused: "
                  f"{out.returncode} {out.stderr}")
        out = subprocess.run([h.args.cli, "--server", f"localhost:{h.daemon.port}",
                              "--trust", h.daemon.cert, "--config", lone, "games"],
                             capture_output=True, text=True, timeout=30)
        check(out.returncode == 0 and "fixture-duel" in out.stdout,
              f"by host name (the certificate names localhost): {out.stderr}")

        bob.close()
        h.validate_all()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main)
