"""Every refusal carries its documented code and changes nothing: not your
turn, stale seq, illegal and malformed actions, not a participant, requests
before login or before hello, undo across a barrier, lobby mistakes. The codes
seen must all appear in PROTOCOL.md's table."""

import json
import os
import re
import socket
import ssl

from harness import (Harness, check, check_same_view, fresh_view, open_choices, register,
                     run_main)


def documented_codes(schema_dir):
    doc = os.path.join(os.path.dirname(os.path.abspath(schema_dir)), "PROTOCOL.md")
    with open(doc) as f:
        text = f.read()
    table = text[text.index("## Error codes"):]
    return set(re.findall(r"^\| `([a-z_]+)` \|", table, re.M))


def raw_session(h):
    """A TLS socket of our own, for what the client never sends."""
    ctx = ssl.create_default_context(cafile=h.daemon.cert)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    sock = socket.create_connection(("127.0.0.1", h.daemon.port), timeout=20)
    tls = ctx.wrap_socket(sock, server_hostname="127.0.0.1")
    return tls, tls.makefile("rwb")


def raw_exchange(f, line):
    f.write(line.encode() + b"\n")
    f.flush()
    reply = f.readline()
    check(reply, f"no reply to {line!r}: connection closed")
    return json.loads(reply)


def unknown_action_type(h):
    """An action type the player is not offered is refused with a sentence
    that names it and the types he may use now (issue 15: Lincoln's War's
    administration said 'bogus needs a "general"'); a type that is offered
    keeps the game's own sentence."""
    lincoln, davis = h.client("lincoln"), h.client("davis")
    register(lincoln, "lincoln")
    register(davis, "davis")
    match = lincoln.ok({"op": "create", "game": "lincolns-war", "scenario": "tournament",
                        "side": "union"})["match"]
    davis.ok({"op": "join", "match": match})
    players = {"union": lincoln, "confederate": davis}
    seq = 0
    for _ in range(40):  # the set-up choices, first offered each time
        view = lincoln.view_at(match, seq)["view"]
        who = players[view["awaiting"][0]]
        mine = who.view_at(match, seq)["view"]
        types = sorted({a["action"]["type"] for a in mine["actions"]})
        if "end_admin" in types:
            break
        entry = mine["actions"][0]
        action = dict(entry["action"])
        for p in entry.get("params") or []:
            action[p["name"]] = open_choices(entry, p, action)[0]["value"]
        seq = who.ok({"op": "act", "match": match, "seq": seq, "action": action})["seq"]
    check("end_admin" in types, f"no administration phase reached: {types}")
    r = who.error({"op": "act", "match": match, "seq": seq, "action": {"type": "bogus"}},
                  "illegal_action")
    check('"bogus"' in r["message"] and all(t in r["message"] for t in types)
          and "needs" not in r["message"],
          f"an unknown type is named, with the types offered now ({types}): {r['message']}")
    r = who.error({"op": "act", "match": match, "seq": seq, "action": {"type": "promote"}},
                  "malformed_action")
    check('needs a "general"' in r["message"],
          f"an offered type keeps the game's sentence: {r['message']}")
    lincoln.close()
    davis.close()


def main(args):
    codes_seen = set()
    with Harness(args) as h:
        # ---- before hello and before login ----------------------------------
        tls, f = raw_session(h)
        r = raw_exchange(f, '{"op":"games","id":1}')
        check(r.get("code") == "hello_required" and r.get("id") == 1, f"before hello: {r}")
        r = raw_exchange(f, '{"op":"hello","protocol":2,"id":2}')
        check(r.get("code") == "bad_protocol", f"protocol 2: {r}")
        r = raw_exchange(f, '{"op":"hello","protocol":1,"id":3}')
        check(r.get("op") == "welcome" and r.get("id") == 3, f"hello: {r}")
        r = raw_exchange(f, "this is not json")
        check(r.get("code") == "malformed_json", f"garbage line: {r}")
        r = raw_exchange(f, '{"op":"ping","id":"still here"}')
        check(r.get("op") == "pong" and r.get("id") == "still here",
              f"the connection survives a malformed line: {r}")
        tls.close()
        codes_seen |= {"hello_required", "bad_protocol", "malformed_json"}

        anon = h.client("anon")
        for req in ({"op": "act", "match": 1, "seq": 0, "action": {"type": "note"}},
                    {"op": "create", "game": "fixture-duel", "scenario": "standard"},
                    {"op": "list", "which": "mine"}, {"op": "logout"}):
            anon.error(req, "not_logged_in")
        anon.error({"op": "frobnicate"}, "unknown_op")

        # ---- a match between alice (alpha) and bob (beta) -------------------
        alice, bob, carol = h.client("alice"), h.client("bob"), h.client("carol")
        for c in (alice, bob, carol):
            register(c, c.name)
        alice.error({"op": "create", "game": "no-such-game", "scenario": "x"}, "no_such_game")
        alice.error({"op": "create", "game": "fixture-duel", "scenario": "x"}, "bad_scenario")
        alice.error({"op": "create", "game": "fixture-duel", "scenario": "standard",
                     "options": {"target": 99}}, "bad_options")
        alice.error({"op": "create", "game": "fixture-duel", "scenario": "standard",
                     "side": "gamma"}, "malformed_request")
        alice.error({"op": "create", "game": "fixture-duel", "scenario": "standard",
                     "entropy": "xyz"}, "malformed_request")
        alice.error({"op": "create", "game": "fixture-duel"}, "malformed_request")
        match = alice.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                          "side": "alpha"})["match"]
        alice.error({"op": "act", "match": match, "seq": 0,
                     "action": {"type": "commit", "value": 1}}, "match_not_active")
        bob.error({"op": "join", "match": match, "side": "alpha"}, "seat_taken")
        alice.error({"op": "join", "match": match}, "already_seated")
        bob.ok({"op": "join", "match": match})
        # Filling the last seat starts the match: every seat is taken.
        carol.error({"op": "join", "match": match}, "match_full")
        carol.error({"op": "join", "match": 987654}, "no_such_match")
        carol.error({"op": "join", "invite": "ZZZZZZZZZZ"}, "no_such_match")
        bob.error({"op": "leave", "match": match}, "match_not_active")
        private = alice.ok({"op": "create", "game": "fixture-duel", "scenario": "sprint",
                            "visibility": "private", "spectators": False})
        check(re.fullmatch(r"[A-HJ-NP-Z2-9]{10}", private.get("invite", "")),
              f"private match invite code: {private}")
        # Without its invite code a private match does not exist for carol.
        carol.error({"op": "watch", "match": private["match"]}, "no_such_match")
        carol.error({"op": "watch", "match": private["match"], "invite": private["invite"]},
                    "spectators_not_allowed")
        listed = carol.ok({"op": "list", "which": "open"})
        check(all(m["match"] != private["match"] for m in listed["matches"]),
              "a private match must not be listed")

        v0 = alice.view_at(match, 0)
        check(v0["view"]["awaiting"] == ["alpha"], f"alpha leads round 1: {v0['view']}")
        commit = {"type": "commit", "value": 2}

        # ---- refused actions: each its code, none changes anything ----------
        bob.error({"op": "act", "match": match, "seq": 0, "action": commit}, "not_your_turn")
        r = alice.error({"op": "act", "match": match, "seq": 5, "action": commit}, "stale_seq")
        check(r.get("seq") == 0, f"stale_seq must carry the current seq: {r}")
        alice.error({"op": "act", "match": match, "seq": 0,
                     "action": {"type": "commit", "value": 9}}, "illegal_action")
        alice.error({"op": "act", "match": match, "seq": 0,
                     "action": {"type": "charge"}}, "illegal_action")
        alice.error({"op": "act", "match": match, "seq": 0,
                     "action": {"type": "commit"}}, "malformed_action")
        alice.error({"op": "act", "match": match, "seq": 0}, "malformed_request")
        alice.error({"op": "act", "match": "twelve", "seq": 0, "action": commit},
                    "malformed_request")
        carol.error({"op": "act", "match": match, "seq": 0, "action": commit},
                    "not_a_participant")
        carol.error({"op": "open", "match": match}, "not_a_participant")
        carol.error({"op": "undo", "match": match, "seq": 0}, "not_a_participant")
        carol.error({"op": "chat", "match": match, "text": "hi"}, "not_a_participant")
        carol.error({"op": "resign", "match": match}, "not_a_participant")
        carol.error({"op": "open", "match": 987654}, "no_such_match")
        alice.error({"op": "undo", "match": match, "seq": 0}, "nothing_to_undo")
        alice.error({"op": "export", "match": match}, "not_finished")
        alice.error({"op": "chat", "match": match, "text": "x" * 1001}, "chat_too_long")
        alice.error({"op": "chat", "match": match, "text": ""}, "malformed_request")
        check_same_view(alice.view_at(match, 0), fresh_view(h, alice, match),
                        "after the refusals")

        # ---- a commit hands the turn over: a barrier for undo ---------------
        r = alice.ok({"op": "act", "match": match, "seq": 0, "action": commit})
        check(r["seq"] == 1, f"act reply: {r}")
        alice.view_at(match, 1)
        alice.error({"op": "act", "match": match, "seq": 0, "action": commit}, "stale_seq")
        alice.error({"op": "act", "match": match, "seq": 1, "action": commit}, "not_your_turn")
        alice.error({"op": "undo", "match": match, "seq": 1}, "undo_barrier")
        bob.error({"op": "undo", "match": match, "seq": 1}, "undo_barrier")
        bob.error({"op": "undo", "match": match, "seq": 0}, "stale_seq")
        # the hidden commit never reaches bob
        bv = bob.view_at(match, 1)["view"]
        check("your_commit" not in bv["board"], f"bob sees alpha's hidden commit: {bv['board']}")
        check("your_commit" in alice.views[match]["view"]["board"], "alice sees her commit")

        # ---- resign ends it ------------------------------------------------
        bob.ok({"op": "resign", "match": match})
        _, m = alice.wait_for(lambda m: m.get("op") == "match" and m.get("match") == match
                              and m.get("status") == "finished")
        check(m["result"].get("winner") == "alpha" and m["result"].get("resigned") == "beta",
              f"resignation result: {m['result']}")
        alice.error({"op": "act", "match": match, "seq": 1, "action": commit},
                    "match_finished")
        alice.error({"op": "resign", "match": match}, "match_finished")
        alice.wait_for(lambda m: m.get("op") == "view" and m.get("match") == match
                       and m["view"].get("finished"))
        final = alice.view_at(match, 1)
        check(final["view"]["finished"] and not final["view"]["actions"],
              f"view after resignation: {final['view']}")
        check_same_view(final, fresh_view(h, alice, match), "after the resignation")
        alice.ok({"op": "export", "match": match})

        unknown_action_type(h)

        for c in (anon, alice, bob, carol):
            c.close()
            codes_seen |= {m["code"] for m in c.received if m.get("op") == "error"}
        documented = documented_codes(args.schema)
        undocumented = codes_seen - documented
        check(not undocumented, f"error codes not in PROTOCOL.md: {sorted(undocumented)}")
        n = h.validate_all()
        print(f"# {len(codes_seen)} distinct error codes checked; {n} messages validated")
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main)
