"""12.7 on the raw wire (issue 14 defect 5): the bytes themselves.

test_lincolns_war_hidden.py reads what `telegraph --json` relays; this test
speaks the protocol over bare TLS sockets (raw_tls.py), as two players and a
spectator, so no client program stands between the daemon and the check.
Lincoln's War games (2000 actions in all by default, each to its end) are
played by a random legal-action bot. Every line each connection receives is
kept as the bytes that came out of the TLS stream (replies, errors, view and
patch pushes with their log lines, prompts and labels), and each connection
keeps its view from those same bytes (a view, then RFC 6902 patches).

After every action, every line a connection received since the last one is
searched, as bytes, for each general its view hides both before and after
the action (the hidden set as in test_lincolns_war_hidden.py: a subordinate
his owner's view lists and this view does not show): his name as UTF-8, his
name as JSON escapes it, and his id as a JSON string. A line without any of
them is clean on the wire. A line with one is then parsed, and it passes only
if every occurrence is inside a card (a card object, or log text naming a
card: some cards bear a general's name), the same allowance as the other
test; anything else fails with the bytes around the name. On a sample of the
states each side also sends an action offered to his opponent, so that the
error he gets is searched the same way. The test asserts that the games went
on, that generals were hidden on many steps and that errors were searched,
so it cannot pass by seeing nothing."""

import json

from harness import Harness, check, run_main
from json_patch import apply_patch
from raw_tls import Raw
from test_lincolns_war_hidden import leaks, play_games

PW = "correct horse"


class Wire(Raw):
    """A raw TLS connection that keeps every line it receives as bytes, and
    its view of one match from the view and patch lines among them."""

    def __init__(self, port, cert, name):
        super().__init__(port, cert, timeout=120)
        self.name = name
        self.lines = []  # every line received, as bytes, in order
        self.scanned = 0  # lines[:scanned] already searched
        self.match = None  # the match whose view is kept
        self.view = None
        self.seq = -1

    def follow(self, match):
        self.match, self.view, self.seq = match, None, -1

    def line(self):
        while b"\n" not in self.buf:
            chunk = self.sock.recv(65536)
            check(chunk, f"{self.name}: the daemon closed the connection")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        self.lines.append(raw)
        msg = json.loads(raw)
        if msg.get("match") != self.match:
            return msg
        if msg.get("op") == "view":
            self.view, self.seq = msg["view"], msg["seq"]
        elif msg.get("op") == "patch" and msg["seq"] > self.seq:
            check(self.view is not None and msg["seq"] == self.seq + 1,
                  f"{self.name}: patch {msg['seq']} after {self.seq}")
            self.view, self.seq = apply_patch(self.view, msg["patch"]), msg["seq"]
        return msg

    def ok(self, obj):
        r = self.request(obj)
        check(r and r.get("op") == "ok", f"{self.name}: {obj} refused: {r}")
        return r

    def view_at(self, seq):
        while self.seq < seq:
            self.line()
        return self.view

    def unscanned(self):
        new = self.lines[self.scanned:]
        self.scanned = len(self.lines)
        return new


def needles(gid, name):
    """The byte strings that would give the general away on the wire."""
    return {name.encode(), json.dumps(name).encode()[1:-1], json.dumps(gid).encode()}


def scan_line(raw, forbidden, cards, turned=False):
    """None if the line gives no general of forbidden away; else a
    description with the bytes around the name."""
    hits = {g: n for g, n in forbidden.items() if any(x in raw for x in needles(g, n))}
    if not hits:
        return None
    # The bytes name a hidden general: only a card may carry the name.
    bad = leaks(json.loads(raw), hits, cards, turned)
    if not bad:
        return None
    name, where, text = bad[0]
    # the text that named him, and where: the first bytes naming him may be
    # a line the allowance passed (session 29's failure showed a 16.4 line
    # around the first hit; the bad one was the 16.8 line at /log/44)
    return (f"{name} at {where}: {text!r}\n"
            f"the whole line: {raw[:4096]!r}")


def wire(h, name):
    c = Wire(h.daemon.port, h.daemon.cert, name)
    r = c.request({"op": "hello", "protocol": 1})
    check(r and r.get("op") == "welcome", f"{name}: hello: {r}")
    c.ok({"op": "register", "name": name, "password": PW})
    return c


def main(args):
    with Harness(args) as h:
        conns = {"union": wire(h, "lincoln"), "confederate": wire(h, "davis"),
                 "observer": wire(h, "grant")}
        stats = {"lines": 0, "bytes": 0, "errors": 0, "hid": 0}

        def scan(r, c, forbidden, cards, where, turned):
            for raw in c.unscanned():
                stats["lines"] += 1
                stats["bytes"] += len(raw)
                found = scan_line(raw, forbidden, cards, turned)
                check(found is None, f"{where}: the {r} connection received the name of a "
                      f"general its view hides: {found}")

        def follow(match):
            for c in conns.values():
                c.follow(match)

        games, actions = play_games(h, conns, lambda c, m, seq: c.view_at(seq), scan, stats,
                                    follow)
        print(f"# {games} games, {actions} actions, {stats['lines']} lines "
              f"({stats['bytes']} bytes) searched, {stats['errors']} errors, "
              f"{stats['hid']} connection-steps with a hidden general", flush=True)
        for c in conns.values():
            c.close()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main, lambda p: (p.add_argument("--scenario", default="tournament"),
                              p.add_argument("--actions", type=int, default=2000)))
