"""Two real `telegraph --json` clients play a fixture-duel match to the end
over TLS, with a spectator, an undo, and one player reconnecting mid-match
with `since`. Checks: every message validates against its schema; applying
the patches in order reproduces exactly the fresh view; `list mine` shows
whose turn it is; the exported record verifies, and tampered copies do not."""

import copy
import json
import os
import re

from harness import (Harness, check, check_same_view, fresh_view, json_equal, pick_action,
                     register, run_main)

HEX64 = re.compile(r"^[0-9a-f]{64}$")


def play(args):
    with Harness(args) as h:
        rng = h.rng
        alice, bob, carol = h.client("alice"), h.client("bob"), h.client("carol")
        for c, name in ((alice, "alice"), (bob, "bob"), (carol, "carol")):
            r = register(c, name)
            check(HEX64.match(r.get("token", "")), f"register token is not 64 hex: {r}")
            check(r["user"]["name"] == name, f"register user: {r}")

        # alice opens a public match as alpha; bob finds it and joins.
        created = alice.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                            "side": "alpha", "entropy": os.urandom(32).hex()})
        match = created["match"]
        check(created["role"] == "alpha", f"create side: {created}")
        check(HEX64.match(created["commitment"]), f"commitment: {created}")
        check(created.get("entropy_source") == "player", f"entropy_source: {created}")
        listed = bob.ok({"op": "list", "which": "open"})
        check(any(m["match"] == match for m in listed["matches"]),
              f"open match {match} not listed: {listed}")
        joined = bob.ok({"op": "join", "match": match, "entropy": os.urandom(16).hex()})
        check(joined["role"] == "beta", f"join: {joined}")
        carol.ok({"op": "watch", "match": match})

        clients = {"alpha": alice, "beta": bob}
        seen_at = {}  # seq -> the view alice and carol had then
        replay_refused = False  # a replay was refused while the match ran
        for c in (alice, bob, carol):
            v = c.view_at(match, 0)
            check(v["view"]["game"] == "fixture-duel", f"{c.name} view: {v}")
        check(carol.views[match]["view"]["role"] == "observer", "spectator role")
        seen_at[0] = {c.name: copy.deepcopy(c.views[match]["view"]) for c in (alice, carol)}

        seq = 0
        undone = reconnected = listed_turn = False
        while True:
            view = alice.view_at(match, seq)["view"]
            if view["finished"]:
                break
            if not replay_refused and seq >= 1:
                # Asked here, where the match surely still runs: at a
                # sample (seq % 5 == 0) it could not be promised. Seed
                # 175180's path jumps seq 4 -> 6 (the reconnect's notes)
                # and its game may end at seq 10 (2 rounds of 16 points),
                # so no sample found the match running (about 1 run in
                # 1,000 of any seed; stop 39's seed 598510379 ended at the
                # second sample).
                r = carol.request({"op": "replay", "match": match, "seq": 1})
                check(r.get("code") == "not_finished", f"replay of a match in progress: {r}")
                replay_refused = True
            check(len(view["awaiting"]) == 1, f"one role awaited: {view['awaiting']}")
            role = view["awaiting"][0]
            actor = clients[role]
            mine = actor.view_at(match, seq)["view"]
            check(mine["actions"], f"{role} awaited but has no actions")
            other = clients["beta" if role == "alpha" else "alpha"]
            check(not other.view_at(match, seq)["view"]["actions"],
                  "the role not awaited must have no actions")

            if not listed_turn and seq >= 1:
                # The human `list mine` marks where each player is awaited.
                for c in (actor, other):
                    out = h.run_cli(["list", "mine"], c.config)
                    check(out.returncode == 0, f"list mine: {out.stderr}")
                    line = next((ln for ln in out.stdout.splitlines()
                                 if ln.split()[:1] == [str(match)]), "")
                    check(line, f"list mine of {c.name} lacks match {match}: {out.stdout}")
                    check(("waiting for you" in line) == (c is actor),
                          f"{c.name}'s list mine turn marker wrong: {line!r}")
                listed_turn = True

            if not reconnected and seq >= 3 and role == "alpha":
                # bob drops out; alice moves; bob comes back with since.
                since = bob.view_at(match, seq)["seq"]
                bob.close()
                # Notes change the view but neither hand over nor end the match
                # (the server sends a fresh view, not patches, for a finished one).
                for _ in range(2):
                    note = next(a["action"] for a in alice.views[match]["view"]["actions"]
                                if a["action"]["type"] == "note")
                    r = alice.ok({"op": "act", "match": match, "seq": seq, "action": note})
                    check(r["seq"] == seq + 1, f"act reply seq: {r}")
                    seq += 1
                    alice.view_at(match, seq)
                bob.start()  # resumes with the stored token
                _, resumed = bob.wait_for(lambda m: m.get("id") == "cli-resume", 20)
                check(resumed.get("op") == "ok", f"resume after reconnect: {resumed}")
                mark = len(bob.received)
                reply = bob.ok({"op": "open", "match": match, "since": since})
                check(reply["seq"] == seq, f"open reply seq {reply['seq']} != {seq}")
                bob.view_at(match, seq)
                pushed = [m for m in bob.received[mark:]
                          if m.get("op") in ("view", "patch") and m.get("match") == match]
                check([m["op"] for m in pushed] == ["patch"] * (seq - since),
                      f"expected {seq - since} patches after since={since}, got "
                      f"{[(m['op'], m['seq']) for m in pushed]}")
                check([m["seq"] for m in pushed] == list(range(since + 1, seq + 1)),
                      "missed patches out of order")
                check_same_view(bob.views[match], fresh_view(h, bob, match),
                                "bob after reconnect")
                reconnected = True
                continue

            if not undone and seq >= 2:
                # a note is not a barrier while its author is still awaited
                note = next(a for a in mine["actions"] if a["action"]["type"] == "note")
                before_note = copy.deepcopy(mine)
                actor.ok({"op": "act", "match": match, "seq": seq, "action": note["action"]})
                seq += 1
                noted = actor.view_at(match, seq)["view"]
                check(noted["log"] != before_note["log"], "a note shows in the log")
                u = actor.ok({"op": "undo", "match": match, "seq": seq})
                check(u["undone"] == seq and u["seq"] == seq + 1, f"undo reply: {u}")
                seq += 1
                after = actor.view_at(match, seq)["view"]
                check(json_equal(after, before_note),
                      "after the undo the view is not the view before the note")
                undone = True
                continue

            action = pick_action(rng, mine, lambda a: a["action"]["type"] == "commit"
                                 or rng.random() < 0.3)
            r = actor.ok({"op": "act", "match": match, "seq": seq, "action": action})
            check(r["seq"] == seq + 1, f"act reply seq: {r}")
            seq += 1
            if seq % 5 == 0:
                for c in (alice, bob, carol):
                    c.view_at(match, seq)
                seen_at[seq] = {c.name: copy.deepcopy(c.views[match]["view"])
                                for c in (alice, carol)}
                check_same_view(carol.views[match], fresh_view(h, carol, match, "watch"),
                                f"spectator at seq {seq}")

        check(undone and reconnected and replay_refused,
              "the match ended before undo, reconnect and replay were tried")
        final = {}
        for c, op in ((alice, "open"), (bob, "open"), (carol, "watch")):
            kept = c.view_at(match, seq)
            check(kept["view"]["finished"] and kept["view"]["result"],
                  f"{c.name}: final view not finished")
            check(not kept["view"]["actions"] and not kept["view"]["awaiting"],
                  f"{c.name}: actions after the end")
            check_same_view(kept, fresh_view(h, c, match, op), f"{c.name} at the end")
            final[c.name] = kept["view"]
        result = final["alice"]["result"]

        # Step-through: the view after any step of the finished match is
        # the one each connection had then (a player's own, the spectator's).
        last = None
        for at, views in sorted(seen_at.items()) + [(seq, final)]:
            for c in (alice, carol):
                r = c.ok({"op": "replay", "match": match, "seq": at})
                check(r["seq"] == at and r["role"] == ("alpha" if c is alice else "observer"),
                      f"replay reply: {r}")
                check(json_equal(r["view"], views[c.name]),
                      f"{c.name}: the replayed view at seq {at} differs from the one seen")
                last = r
        # Backwards and by jumps: each session keeps a cursor with checkpoints
        # (replay.c), and any order must give the same views.
        steps = sorted(seen_at.items()) + [(seq, final)]
        order = steps[::-1] + steps[::3] + steps[len(steps) // 2::-2] + steps[1::2]
        for at, views in order:
            for c in (alice, carol):
                r = c.ok({"op": "replay", "match": match, "seq": at})
                check(r["seq"] == at and json_equal(r["view"], views[c.name]),
                      f"{c.name}: the view replayed out of order at seq {at} differs")
        check(all(a < b for a, b in zip(last["seqs"], last["seqs"][1:])) and last["seqs"],
              f"seqs: {last['seqs']}")
        check(max(last["seqs"]) <= seq and len(last["seqs"]) < seq,
              f"seqs leaves out the undone and server entries: {last['seqs']} of {seq}")

        # The match push says finished and reveals the seed material.
        _, m = alice.wait_for(lambda m: m.get("op") == "match" and m.get("match") == match
                              and m.get("status") == "finished", 30, 0)
        check(HEX64.match(m.get("secret") or "") and HEX64.match(m.get("seed") or ""),
              f"finished match object must reveal secret and seed: {m}")

        # Export through the human command, then verify offline.
        record = os.path.join(h.tmp, "record.json")
        out = h.run_cli(["export", str(match), "-o", record], alice.config)
        check(out.returncode == 0, f"export: {out.returncode} {out.stderr}")
        with open(record) as f:
            rec = json.load(f)
        check(rec["game"] == "fixture-duel" and rec["match"] == match, f"record: {rec}")
        check(rec["commitment"] == created["commitment"], "record commitment differs")
        check(any(a.get("undone") for a in rec["actions"]), "the undone note is in the record")
        check(rec["result"]["winner"] == result["winner"], "record result differs from view")
        verifier = args.cli_fixture or args.cli
        out = h.run_cli(["verify", record], alice.config, cli=verifier)
        check(out.returncode == 0, f"verify of the genuine record failed: {out.stdout}"
              f"{out.stderr}")
        check(result["summary"] in out.stdout, f"verify does not print the result "
              f"{result['summary']!r}: {out.stdout}")

        commits = [i for i, a in enumerate(rec["actions"])
                   if a["action"].get("type") == "commit" and not a.get("undone")]
        tampered = {
            "secret": lambda r: r.__setitem__("secret", "00" * 32),
            "entropy": lambda r: r["entropies"][0].__setitem__("entropy", "ab" * 32),
            "action": lambda r: r["actions"][commits[0]]["action"].__setitem__("value", 7),
            "role": lambda r: r["actions"][commits[0]].__setitem__(
                "role", "beta" if r["actions"][commits[0]]["role"] == "alpha" else "alpha"),
            "dropped action": lambda r: r["actions"].pop(commits[-1]),
            "winner": lambda r: r["result"].__setitem__(
                "winner", "beta" if r["result"].get("winner") == "alpha" else "alpha"),
        }
        for what, spoil in tampered.items():
            bad = copy.deepcopy(rec)
            spoil(bad)
            path = os.path.join(h.tmp, "tampered.json")
            with open(path, "w") as f:
                json.dump(bad, f)
            out = h.run_cli(["verify", path], alice.config, cli=verifier)
            check(out.returncode == 1, f"verify accepted a record with a tampered {what} "
                  f"(exit {out.returncode}): {out.stdout}")
            check(out.stdout.strip() or out.stderr.strip(), "verify failure says nothing")

        for c in (alice, bob, carol):
            c.close()
        n = h.validate_all()
        print(f"# {n} messages validated; {seq} state changes; result {result}")
        h.daemon.stop()


if __name__ == "__main__":
    run_main(play)
