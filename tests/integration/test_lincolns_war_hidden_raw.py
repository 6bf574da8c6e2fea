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
import os

from harness import Harness, check, pick_action, run_main
from json_patch import apply_patch
from raw_tls import Raw
from test_lincolns_war_hidden import ALL_CARDS, card_names, hidden_from, leaks

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


def scan_line(raw, forbidden, cards):
    """None if the line gives no general of forbidden away; else a
    description with the bytes around the name."""
    hits = {g: n for g, n in forbidden.items() if any(x in raw for x in needles(g, n))}
    if not hits:
        return None
    # The bytes name a hidden general: only a card may carry the name.
    bad = leaks(json.loads(raw), hits, cards)
    if not bad:
        return None
    name = bad[0][0]
    gid = next(g for g, n in hits.items() if n == name)
    at = max(raw.find(x) for x in needles(gid, name))
    return f"{name} at {bad[0][1]}: ...{raw[max(0, at - 120):at + 120]!r}..."


def wire(h, name):
    c = Wire(h.daemon.port, h.daemon.cert, name)
    r = c.request({"op": "hello", "protocol": 1})
    check(r and r.get("op") == "welcome", f"{name}: hello: {r}")
    c.ok({"op": "register", "name": name, "password": PW})
    return c


def play_one(h, conns, stats, cap):
    rng = h.rng
    union, conf, grant = conns["union"], conns["confederate"], conns["observer"]
    match = union.ok({"op": "create", "game": "lincolns-war", "scenario": h.args.scenario,
                      "side": "union", "entropy": os.urandom(32).hex()})["match"]
    for c in conns.values():
        c.follow(match)
    conf.ok({"op": "join", "match": match, "entropy": os.urandom(32).hex()})
    grant.ok({"op": "watch", "match": match})
    seq = 0
    prev_hidden = None
    while True:
        views = {r: c.view_at(seq) for r, c in conns.items()}
        owners = [views["union"], views["confederate"]]
        hidden = {r: hidden_from(views[r], owners) for r in conns}
        cards = set(ALL_CARDS)
        for v in views.values():
            cards |= card_names(v)
        for r, c in conns.items():
            forbidden = {g: n for g, n in hidden[r].items()
                         if prev_hidden is None or g in prev_hidden[r]}
            stats["hid"] += bool(forbidden)
            for raw in c.unscanned():
                stats["lines"] += 1
                stats["bytes"] += len(raw)
                found = scan_line(raw, forbidden, cards)
                check(found is None, f"match {match} seq {seq}: the {r} connection received "
                      f"the name of a general its view hides: {found}")
        prev_hidden = hidden
        if views["union"]["finished"] or seq >= cap:
            return seq
        awaiting = views["union"]["awaiting"]
        check(awaiting, f"nobody awaited at seq {seq}")
        role = rng.choice(awaiting)
        other = "confederate" if role == "union" else "union"
        if rng.randrange(4) == 0:
            wrong = pick_action(rng, views[role])
            r = conns[other].request({"op": "act", "match": match, "seq": seq,
                                      "action": wrong})
            if r.get("op") == "ok":  # legal for both (a simultaneous choice)
                seq = r["seq"]
                continue
            stats["errors"] += 1
        action = pick_action(rng, views[role])
        r = conns[role].request({"op": "act", "match": match, "seq": seq, "action": action})
        check(r.get("op") == "ok", f"a legal action was refused at seq {seq}: {r}")
        seq = r["seq"]


def main(args):
    with Harness(args) as h:
        conns = {"union": wire(h, "lincoln"), "confederate": wire(h, "davis"),
                 "observer": wire(h, "grant")}
        stats = {"lines": 0, "bytes": 0, "errors": 0, "hid": 0}
        games = actions = 0
        while actions < args.actions and games < 20:
            actions += play_one(h, conns, stats, args.actions - actions)
            games += 1
        print(f"# {games} games, {actions} actions, {stats['lines']} lines "
              f"({stats['bytes']} bytes) searched, {stats['errors']} errors, "
              f"{stats['hid']} connection-steps with a hidden general", flush=True)
        check(actions >= min(args.actions, 500), "the games went on")
        check(stats["errors"] > 10, "errors were searched")
        check(stats["hid"] > 100, "generals were hidden")
        for c in conns.values():
            c.close()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main, lambda p: (p.add_argument("--scenario", default="tournament"),
                              p.add_argument("--actions", type=int, default=2000)))
