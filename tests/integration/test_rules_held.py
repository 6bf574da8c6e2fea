"""A match held by its rules version, marked in the lobby (docs/OPERATIONS.md,
"Rules versions"; server/core/match_rules.c): an active match whose game no
longer replays the rules version it was played under, and that has no saved
state to resume from, waits for the server's operator; every request naming
it gets `rules_changed`. Its players and spectators must see that in the
lists, not a match that seems to wait for a move nobody can make.

The held match is made as an upgrade would leave it: two fixture-duel
matches are played a move each, the daemon is stopped, and in the database
one match is recorded under rules version 2 (this fixture-duel is version 1,
and lists no other as compatible) and loses its saved states (as when the
old daemon crashed after its last action). After the restart:

- `list mine` (both players) and `list live` (a stranger) carry the held
  match with `rules_held: true` and its summary saying why, the other match
  with `rules_held: false`; every message validates against the schema
  (match.json requires `rules_held`);
- the operators' `status` lists that same match in `rules_held`;
- `open` of the held match is refused with `rules_changed`;
- the terminal client's `telegraph list mine` and `list live` mark the held
  match's line, and only that line.
"""

import os
import sqlite3

from harness import Harness, check, register, run_main


def body(args):
    with Harness(args, daemon_args=["--set", "operators=root"]) as h:
        alice, bob, carol = h.client("alice"), h.client("bob"), h.client("carol")
        register(alice, "alice")
        register(bob, "bob")
        register(carol, "carol")
        matches = []
        for _ in range(2):
            match = alice.ok({"op": "create", "game": "fixture-duel", "scenario": "sprint",
                              "side": "alpha", "entropy": os.urandom(32).hex()})["match"]
            bob.ok({"op": "join", "match": match, "entropy": os.urandom(16).hex()})
            alice.ok({"op": "act", "match": match, "seq": 0,
                      "action": {"type": "commit", "value": 2}})
            matches.append(match)
        held, other = matches
        confs = {"alice": alice.config, "bob": bob.config, "carol": carol.config}
        alice.close()
        bob.close()
        carol.close()
        h.daemon.stop()

        con = sqlite3.connect(h.daemon.db)
        with con:
            con.execute("UPDATE matches SET rules_version = 2 WHERE id = ?", (held,))
            con.execute("DELETE FROM snapshots WHERE match_id = ?", (held,))
        con.close()
        h.daemon.start()
        check(any("rules_changed" in line for line in h.daemon.log),
              "the daemon did not refuse to load the held match:\n" + h.daemon.tail())

        alice2 = h.client("alice2", config=confs["alice"])
        bob2 = h.client("bob2", config=confs["bob"])
        carol2 = h.client("carol2", config=confs["carol"])
        for who, c, which in (("alice", alice2, "mine"), ("bob", bob2, "mine"),
                              ("carol", carol2, "live")):
            listed = {m["match"]: m for m in c.ok({"op": "list", "which": which})["matches"]}
            check(held in listed and other in listed,
                  f"{who}'s list {which} has both matches: {sorted(listed)}")
            m = listed[held]
            check(m.get("rules_held") is True and m["status"] == "active",
                  f"{who}'s list {which} marks the held match: {m}")
            check("rules" in m["summary"] and "operator" in m["summary"],
                  f"the held match's summary says why: {m['summary']!r}")
            check(listed[other].get("rules_held") is False,
                  f"{who}'s list {which}: the other match is not held: {listed[other]}")
        alice2.error({"op": "open", "match": held}, "rules_changed")

        root = h.client("root")
        register(root, "root")
        status = root.ok({"op": "status"})["status"]
        check(status["rules_held"] == {"count": 1, "matches": [held]},
              f"the operators' status lists the same match: {status['rules_held']}")
        h.validate_all()

        for who, which in (("alice", "mine"), ("carol", "live")):
            out = h.run_cli(["list", which], confs[who])
            check(out.returncode == 0, f"telegraph list {which}: {out}")
            lines = {int(line.split()[0]): line for line in out.stdout.splitlines()
                     if line.strip() and line.split()[0].isdigit()}
            check(held in lines and other in lines,
                  f"telegraph list {which} shows both matches: {out.stdout}")
            check("HELD" in lines[held] and "HELD" not in lines[other],
                  f"telegraph list {which} marks the held match only: {out.stdout}")
        for c in (alice2, bob2, carol2, root):
            c.close()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(body)
