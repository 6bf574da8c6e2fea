"""The crash test: two scripted clients drive several fixture-duel matches
while a killer SIGKILLs the daemon at random (seeded) moments and restarts it
on the same data folder. The clients reconnect and play on. At the end:

  - every action acknowledged with an ok is in the action log (SQLite), with
    its role and action, and every match's log has no gap;
  - after one more SIGKILL and restart, every match loads and replays to
    exactly the views the clients had built from patches;
  - every finished match exports a record that `telegraph verify` accepts;
  - every message received validates against its schema."""

import json
import os
import random
import sqlite3
import threading
import time

from harness import (Harness, CheckFailed, WsCli, check, check_same_view, free_fixed_port,
                     pick_action, register, run_main)

KILLS = 8
KILL_GAP = (1.5, 6.0)      # seconds between kills: 8 kills in about 30 s
MIN_ACKED = 150            # acknowledged actions before the test may end
MAX_SECONDS = 240          # hard bound on the driving phase
PARALLEL_MATCHES = 4
MAX_MATCHES = 200          # a connection follows at most 256 matches (server bound)
STEP_PAUSE = 0.05          # keeps the pace near 80 actions/s, so matches last


class Killer(threading.Thread):
    def __init__(self, h, rng):
        super().__init__(daemon=True)
        self.h, self.rng = h, rng
        self.lock = threading.Lock()   # held while the daemon is down
        self.kills = 0
        self.done = threading.Event()
        self.error = None

    def run(self):
        try:
            for _ in range(KILLS):
                time.sleep(self.rng.uniform(*KILL_GAP))
                with self.lock:
                    self.h.daemon.kill()
                    self.kills += 1
                    print(f"# kill {self.kills} at {time.monotonic():.2f}", flush=True)
                    restart(self.h.daemon)
        except Exception as e:  # reported by the driver
            self.error = e
        self.done.set()


def restart(daemon):
    """Starts the daemon again on the same port and data folder."""
    for attempt in range(10):
        try:
            daemon.start()
            return
        except CheckFailed:
            if attempt == 9:
                raise
            time.sleep(0.5)  # the port may linger a moment after a SIGKILL


class Driver:
    reloads = 0  # matches compared after a kill

    def __init__(self, h, rng, killer):
        self.h, self.rng, self.killer = h, rng, killer
        self.alice = h.client("alice")
        self.bob = h.client("bob")
        register(self.alice, "alice")
        register(self.bob, "bob")
        self.clients = {"alpha": self.alice, "beta": self.bob}
        self.active = []       # match ids being played
        self.finished = []     # match ids that ended
        self.created = 0
        self.acked = []        # (match, seq, role, action) with an ok reply
        self.recoveries = 0

    def new_match(self):
        scenario = self.rng.choice(["standard", "sprint"])
        m = self.alice.ok({"op": "create", "game": "fixture-duel", "scenario": scenario,
                           "side": "alpha"})["match"]
        self.bob.ok({"op": "join", "match": m})
        for c in (self.alice, self.bob):
            c.view_at(m, 0)
        self.active.append(m)
        self.created += 1

    def step(self):
        """One action in each active match, sent together, then the replies."""
        while len(self.active) < PARALLEL_MATCHES and self.created < MAX_MATCHES:
            self.new_match()
        pending = []
        for m in list(self.active):
            kept = self.alice.view_at(m, 0)
            if kept["view"]["finished"]:  # ended by an act whose reply was lost
                self.active.remove(m)
                self.finished.append(m)
                continue
            role = kept["view"]["awaiting"][0]
            c = self.clients[role]
            mine = c.view_at(m, kept["seq"])
            check(mine["seq"] == kept["seq"], f"views of match {m} out of step")
            # notes (60%) make matches long; commits move them on
            kind = "note" if self.rng.random() < 0.6 else "commit"
            action = pick_action(self.rng, mine["view"], lambda a: a["action"]["type"] == kind)
            rid = c.send({"op": "act", "match": m, "seq": mine["seq"], "action": action})
            pending.append((c, rid, m, mine["seq"], role, action))
        for c, rid, m, seq, role, action in pending:
            _, reply = c.wait_for(lambda x: x.get("id") == rid and x.get("op") in
                                  ("ok", "error"), 30)
            check(reply["op"] == "ok", f"act refused: {reply}")
            check(reply["seq"] == seq + 1, f"act reply seq {reply['seq']} after {seq}")
            self.acked.append((m, reply["seq"], role, action))
        for c, rid, m, seq, role, action in pending:
            for x in (self.alice, self.bob):
                v = x.view_at(m, seq + 1)
            if v["view"]["finished"]:
                self.active.remove(m)
                self.finished.append(m)

    def recover(self):
        """After the daemon died: wait for it, reconnect, fresh views."""
        self.recoveries += 1
        print(f"# recovery {self.recoveries} at {time.monotonic():.2f}", flush=True)
        for attempt in range(20):
            with self.killer.lock:  # the daemon is up while we hold it
                if self.killer.error:
                    raise self.killer.error
                d = self.h.daemon
                check(d.proc is not None and d.proc.poll() is None,
                      f"the daemon died on its own (exit {d.proc and d.proc.poll()}):\n"
                      + d.tail())
                try:
                    for c in (self.alice, self.bob):
                        c.apply_pushes()  # everything received before the kill
                        before = {m: dict(c.views[m]) for m in self.active if m in c.views}
                        # The CLI's exit status; a WebSocket (--transport
                        # ws) has none: its end is eof, which connection_lost() reads.
                        if c.proc is not None and c.eof and not isinstance(c, WsCli):
                            rc = c.proc.wait(timeout=30)
                            check(rc == 3, f"{c.name}: a client that lost its server must "
                                  f"exit 3, not {rc}; stderr: {c.stderr[-2:]}")
                        c.kill()
                        c.start()
                        _, r = c.wait_for(lambda x: x.get("id") == "cli-resume", 20)
                        check(r["op"] == "ok", f"resume after restart: {r}")
                        for m in self.active:
                            mark = len(c.received)
                            c.ok({"op": "open", "match": m})
                            _, v = c.wait_for(lambda x: x.get("op") == "view" and
                                              x.get("match") == m, 20, mark)
                            self.check_reloaded(c, m, before.get(m), v)
                        c.apply_pushes()
                    return
                except CheckFailed as e:
                    print(f"# reconnect attempt {attempt + 1} failed: {str(e)[:300]}",
                          flush=True)
                    if not self.connection_lost():
                        raise
            time.sleep(0.2)
        raise CheckFailed("could not reconnect after 20 tries")

    @staticmethod
    def check_reloaded(c, m, kept, fresh):
        """A patch is sent only after its commit: the reloaded match is at the
        seq the client had seen, or one further (an act whose reply was lost
        in the kill) — never behind, and at the same seq, the same view."""
        if kept is None:
            return
        check(fresh["seq"] in (kept["seq"], kept["seq"] + 1),
              f"{c.name}: match {m} reloaded at seq {fresh['seq']}, but the client had "
              f"seen seq {kept['seq']} before the kill")
        if fresh["seq"] == kept["seq"]:
            check_same_view(kept, {"seq": fresh["seq"], "view": fresh["view"]},
                            f"{c.name}, match {m} reloaded after a kill")
        Driver.reloads += 1

    def connection_lost(self):
        # eof: its output ended (an ASan build may still be exiting)
        return any(c.proc is None or c.eof or
                   (not isinstance(c, WsCli) and c.proc.poll() is not None)
                   for c in (self.alice, self.bob))

    def drive(self):
        deadline = time.monotonic() + MAX_SECONDS
        while not (self.killer.done.is_set() and len(self.acked) >= MIN_ACKED):
            check(time.monotonic() < deadline,
                  f"driving took over {MAX_SECONDS}s ({len(self.acked)} acknowledged)")
            check(self.active or self.created < MAX_MATCHES,
                  f"ran out of matches ({self.created} created, {len(self.finished)} finished)")
            kills_before = self.killer.kills
            try:
                self.step()
                time.sleep(STEP_PAUSE)
            except CheckFailed as e:
                print(f"# step failed at {time.monotonic():.2f}: {str(e)[:200]}", flush=True)
                time.sleep(0.3)  # let a dying client finish exiting
                if not self.connection_lost() and self.killer.kills == kills_before:
                    raise
                self.recover()
        if self.killer.error:
            raise self.killer.error


def check_log(db, acked, matches):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = {}
        for match_id, seq, role, action, undone in con.execute(
                "SELECT match_id, seq, role, action, undone FROM actions"):
            rows[(match_id, seq)] = (role, json.loads(action), undone)
    finally:
        con.close()
    for m, seq, role, action in acked:
        got = rows.get((m, seq))
        check(got is not None, f"acknowledged action {seq} of match {m} is not in the log")
        check(got[0] == role and got[1] == action and got[2] == 0,
              f"log row {m}/{seq} is {got}, acknowledged was {role} {action}")
    for m in matches:
        seqs = sorted(s for (mm, s) in rows if mm == m)
        check(seqs == list(range(1, len(seqs) + 1)), f"match {m}: log seqs have gaps")
    return len(rows)


def main(args):
    h = Harness(args)
    h.daemon.port = free_fixed_port(random.Random(h.seed ^ 0xB0B))
    with h:
        rng = random.Random(h.seed)
        killer = Killer(h, random.Random(h.seed ^ 0x5EED))
        d = Driver(h, rng, killer)
        killer.start()
        d.drive()
        killer.join(60)
        check(killer.kills == KILLS, f"only {killer.kills} kills happened")
        print(f"# {len(d.acked)} actions acknowledged across {d.created} matches, "
              f"{killer.kills} kills, {d.recoveries} recoveries, {Driver.reloads} reloaded "
              f"views compared", flush=True)
        check(Driver.reloads > 0, "no match was compared after a kill")

        # One more kill with nothing in flight: every match must load and
        # replay to the views the clients built from patches.
        kept = {}
        for c in (d.alice, d.bob):
            c.apply_pushes()
            for m in d.active + d.finished:
                if m in c.views:
                    kept[(c.name, m)] = dict(c.views[m])
        h.daemon.kill()
        restart(h.daemon)
        for c in (d.alice, d.bob):
            c.kill()
            c.start()
            for m in d.active + d.finished:
                mark = len(c.received)
                reply = c.ok({"op": "open", "match": m})
                _, v = c.wait_for(lambda x: x.get("op") == "view" and x.get("match") == m,
                                  20, mark)
                check(v["seq"] == reply["seq"], "open reply and view disagree on seq")
                if (c.name, m) in kept:
                    check_same_view(kept[(c.name, m)],
                                    {"seq": v["seq"], "view": v["view"]},
                                    f"{c.name}, match {m} after restart")

        # Finished matches verify from their exported records.
        check(d.finished, "no match finished during the crash test")
        verifier = args.cli_fixture or args.cli
        for m in d.finished:
            path = os.path.join(h.tmp, f"record-{m}.json")
            out = h.run_cli(["export", str(m), "-o", path], d.alice.config)
            check(out.returncode == 0, f"export {m}: {out.stderr}")
            out = h.run_cli(["verify", path], d.alice.config, cli=verifier)
            check(out.returncode == 0, f"verify of match {m}: {out.stdout} {out.stderr}")

        for c in (d.alice, d.bob):
            c.close()
        n = h.validate_all()
        h.daemon.stop()
        rows = check_log(h.daemon.db, d.acked, d.active + d.finished)
        print(f"# {rows} log rows hold all {len(d.acked)} acknowledged actions; "
              f"{len(d.finished)} finished matches verified; {n} messages validated")


if __name__ == "__main__":
    run_main(main)
