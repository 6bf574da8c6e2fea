"""Many matches' actions through the fan-out workers at once (issue 17, "all
cores"): the daemon with `workers = 2` brings the views up to date on two
threads while the loop goes on with the next requests. Several pairs of
players, each pair on its own two connections and in its own thread, play
many fixture-duel matches at once; in every round the awaited player of each
match pipelines up to three actions into it (notes, then maybe a commit)
without waiting for a reply, so a match's next action arrives while its
previous fan-out is still in a worker's hands.

On the bytes each connection receives, per match:
  - each ok answers its act with the next seq, in the order the acts were sent;
  - an action's ok comes before its patch (nothing is heard of an action
    before its commit, and the commit's ok is held no longer than its patch);
  - the patches come in seq order without a gap, each applying cleanly;
  - at the end each player's view built from the patches equals the view a
    fresh connection of his gets from `open`."""

import os
import random
import threading

from harness import Harness, CheckFailed, check, check_same_view, run_main
from json_patch import apply_patch
from raw_tls import connect

PAIRS = int(os.environ.get("TG_WORKERS_PAIRS", "4"))
MATCHES = int(os.environ.get("TG_WORKERS_MATCHES", "6"))  # per pair
ROUNDS = int(os.environ.get("TG_WORKERS_ROUNDS", "12"))
PIPELINE = 3  # acts sent into one match before reading a reply


class Conn:
    """One player's connection and what it has seen, per match."""

    def __init__(self, h, name):
        self.name = name
        self.c = connect(h.daemon.port, h.daemon.cert, timeout=60, client="workers-order")
        self.views = {}    # match -> {"seq", "view"}
        self.oks = {}      # match -> seqs acknowledged, in arrival order
        self.acked_before_patch = {}  # match -> seqs whose ok came before the patch
        self.pending = []  # (id, match, seq) of acts sent and not yet answered
        self.next_id = 0

    def request(self, obj):
        self.next_id += 1
        rid = f"{self.name}-{self.next_id}"
        self.c.send(dict(obj, id=rid))
        while True:
            m = self.read()
            if m.get("id") == rid:
                return m

    def read(self):
        m = self.c.line()
        check(m is not None, f"{self.name}: the connection ended")
        op = m.get("op")
        if op == "view":
            self.views[m["match"]] = {"seq": m["seq"], "view": m["view"]}
        elif op == "patch":
            cur = self.views.get(m["match"])
            check(cur is not None, f"{self.name}: patch before any view: {m}")
            check(m["seq"] == cur["seq"] + 1,
                  f"{self.name}: match {m['match']}: patch seq {m['seq']} after "
                  f"{cur['seq']} (out of order or a gap)")
            cur["view"] = apply_patch(cur["view"], m["patch"])
            cur["seq"] = m["seq"]
            mine = [p for p in self.pending if p[1] == m["match"] and p[2] + 1 == m["seq"]]
            check(not mine, f"{self.name}: match {m['match']}: the patch of seq "
                  f"{m['seq']} came before the ok of its act")
        elif str(m.get("id")).startswith(self.name + "-act") and op in ("ok", "error"):
            check(self.pending and self.pending[0][0] == m["id"],
                  f"{self.name}: reply {m} out of the order of the requests "
                  f"({[p[0] for p in self.pending[:3]]} pending)")
            rid, match, seq = self.pending.pop(0)
            check(op == "ok", f"{self.name}: act in match {match} at seq {seq} refused: {m}")
            check(m.get("match") == match and m.get("seq") == seq + 1,
                  f"{self.name}: the ok of act {rid} says {m}, expected match {match} "
                  f"seq {seq + 1}")
            self.oks.setdefault(match, []).append(m["seq"])
        return m

    def act(self, match, seq, action):
        self.next_id += 1
        rid = f"{self.name}-act{self.next_id}"
        self.pending.append((rid, match, seq))
        self.c.send({"op": "act", "match": match, "seq": seq, "action": action, "id": rid})

    def settle(self, targets):
        """Reads until every act is answered and every match of targets
        (match -> seq) is at its seq."""
        while self.pending or any(self.views.get(m, {"seq": -1})["seq"] < s
                                  for m, s in targets.items()):
            self.read()


def pick(rng, view, kind):
    entries = [a for a in view["actions"] if a["action"]["type"] == kind]
    return dict(rng.choice(entries)["action"]) if entries else None


class Pair(threading.Thread):
    def __init__(self, h, k, seed):
        super().__init__(daemon=True)
        self.h, self.k = h, k
        self.rng = random.Random(seed)
        self.error = None
        self.acts = 0

    def run(self):
        try:
            self.play()
        except Exception as e:  # reported by the main thread
            self.error = e

    def play(self):
        h, k = self.h, self.k
        a, b = Conn(h, f"alice{k}"), Conn(h, f"bob{k}")
        for c in (a, b):
            r = c.request({"op": "register", "name": c.name, "password": "correct horse"})
            check(r["op"] == "ok", f"register {c.name}: {r}")
        self.conns = {"alpha": a, "beta": b}
        self.matches = []
        for _ in range(MATCHES):
            r = a.request({"op": "create", "game": "fixture-duel", "scenario": "standard",
                           "side": "alpha", "options": {"target": 30}})
            check(r["op"] == "ok", f"create: {r}")
            m = r["match"]
            check(b.request({"op": "join", "match": m})["op"] == "ok", "join")
            for c in (a, b):
                check(c.request({"op": "open", "match": m})["op"] == "ok", "open")
            self.matches.append(m)
        for c in (a, b):
            c.settle({m: 0 for m in self.matches})
        for _ in range(ROUNDS):
            targets = {}
            for m in self.matches:
                v = a.views[m]["view"]
                if v["finished"]:
                    continue
                role = v["awaiting"][0]
                c = self.conns[role]
                mine = c.views[m]
                seq = mine["seq"]
                check(seq == a.views[m]["seq"], f"match {m}: the players' views out of step")
                n = self.rng.randint(1, PIPELINE)
                for i in range(n):
                    last = i == n - 1
                    kind = "commit" if last and self.rng.random() < 0.5 else "note"
                    action = pick(self.rng, mine["view"], kind) or pick(
                        self.rng, mine["view"], "note")
                    check(action is not None, f"match {m}: nothing to play")
                    c.act(m, seq + i, action)
                    self.acts += 1
                targets[m] = seq + n
            if not targets:
                break
            for c in (a, b):
                c.settle(targets)
        # Each player's view built from the patches is the fresh one.
        for role, c in self.conns.items():
            fresh = connect(h.daemon.port, h.daemon.cert, timeout=60)
            r = fresh.request({"op": "login", "name": c.name, "password": "correct horse"})
            check(r["op"] == "ok", f"login {c.name}: {r}")
            for m in self.matches:
                fresh.next_id += 1
                fresh.send({"op": "open", "match": m, "id": fresh.next_id})
                ok = fresh.line()
                check(ok.get("op") == "ok", f"open {m}: {ok}")
                v = fresh.line()
                check(v.get("op") == "view" and v.get("match") == m, f"view of {m}: {v}")
                check_same_view(c.views[m], {"seq": v["seq"], "view": v["view"]},
                                f"{c.name} ({role}), match {m}")
            fresh.close()
        for c in (a, b):
            c.c.close()


def main(args):
    with Harness(args, daemon_args=["--set", "workers=2"]) as h:
        pairs = [Pair(h, k, h.rng.randrange(1 << 30)) for k in range(PAIRS)]
        for p in pairs:
            p.start()
        for p in pairs:
            p.join(600)
            check(not p.is_alive(), f"pair {p.k} did not finish")
            if p.error:
                raise p.error if isinstance(p.error, CheckFailed) else CheckFailed(
                    f"pair {p.k}: {p.error!r}")
        acts = sum(p.acts for p in pairs)
        check(acts >= PAIRS * MATCHES * 3, f"only {acts} actions were played")
        check(any("2 fan-out workers" in line for line in h.daemon.log),
              "the daemon did not start its two fan-out workers")
        print(f"# {acts} actions in {PAIRS * MATCHES} matches, orders and views checked")
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main)
