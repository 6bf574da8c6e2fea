"""The tournament director's tools over TLS (issue 20): add and remove a
player, enter and correct a result with a reason kept in the tournament's
log, pause and resume, pair the current round again before it has begun; a
non-director using any of them, and a result for a match not in the event.

A tournament game whose match an operator aborts (abort_match) has no
result, so its round waits: the director and the players are told (a
"game_aborted" push, a log line naming the game, the operator and his
reason), and the director enters the game's result, which lets the event go
on; the aborted match itself stays aborted and unrated."""

from harness import Harness, check, fresh_view, register, run_main

GAME = {"game": "fixture-duel", "scenario": "standard"}


def main(args):
    with Harness(args, daemon_args=("--set", "operators=root")) as h:
        names = ["director", "pl1", "pl2", "pl3", "pl4", "pl5", "pl6", "root"]
        c = {n: h.client(n) for n in names}
        for n in names:
            register(c[n], n)
        d = c["director"]

        def get(tid):
            return d.ok({"op": "tourney_get", "tourney": tid})["tournament"]

        def direct(tid, action, **kw):
            return {"op": "tourney_direct", "tourney": tid, "action": action, **kw}

        tid = d.ok({"op": "tourney_create", "name": "Directed", "format": "swiss",
                    "rounds": 3, **GAME})["tourney"]
        for n in ("pl1", "pl2", "pl3", "pl4"):
            c[n].ok({"op": "tourney_register", "tourney": tid})

        # Nobody but the director uses the tools.
        for action, kw in (("add_player", {"user": "pl5"}), ("remove_player", {"user": "pl1"}),
                           ("pause", {}), ("resume", {}), ("repair", {}),
                           ("set_result", {"round": 1, "board": 1, "result": "1-0",
                                           "reason": "x"})):
            c["pl1"].error(direct(tid, action, **kw), "not_a_director")
        d.error(direct(tid, "promote"), "malformed_request")
        d.error(direct(tid, "add_player", user="nobody-at-all"), "no_such_user")

        # Before the start: add pl5, remove pl4.
        d.ok(direct(tid, "add_player", user="pl5", reason="late entry"))
        d.error(direct(tid, "add_player", user="pl5"), "already_registered")
        d.ok(direct(tid, "remove_player", user="pl4", reason="cannot attend"))
        d.error(direct(tid, "remove_player", user="pl4"), "not_registered")
        check([p["name"] for p in get(tid)["players"]] == ["pl1", "pl2", "pl3", "pl5"],
              f"players after add and remove: {get(tid)['players']}")
        d.error(direct(tid, "pause"), "tourney_not_started")
        d.ok({"op": "tourney_start", "tourney": tid})

        # A result for a match not in the event, and a result without a reason.
        other = c["pl6"].ok({"op": "create", "side": "alpha", **GAME})["match"]
        d.error(direct(tid, "set_result", match=other, result="1-0", reason="no"),
                "not_in_tourney")
        d.error(direct(tid, "set_result", round=9, board=1, result="1-0", reason="no"),
                "not_in_tourney")
        t = get(tid)
        g1, g2 = [g for g in t["games"] if g["round"] == 1]
        d.error(direct(tid, "set_result", match=g1["match"], result="1-0"), "malformed_request")
        d.error(direct(tid, "set_result", match=g1["match"], result="2-0", reason="x"),
                "malformed_request")

        # Enter a result for a game being played: its match ends with it.
        d.ok(direct(tid, "set_result", match=g1["match"], result="1/2-1/2",
                    reason="agreed draw by phone"))
        mine = [m for m in c[g1["side0"]].ok({"op": "list", "which": "mine"})["matches"]
                if m["match"] == g1["match"]][0]
        check(mine["status"] == "finished" and mine["result"]["winner"] is None,
              f"the entered draw ended the match: {mine}")
        # The match's own view says so too (the game did not end it: the
        # server's result overrides the view, as a resignation's does).
        for side in ("side0", "side1"):
            v = fresh_view(h, c[g1[side]], g1["match"])["view"]
            check(v.get("finished") is True and v.get("awaiting") == [] and
                  v.get("actions") == [] and
                  "tournament director" in (v.get("result") or {}).get("summary", ""),
                  f"{side}'s view of the match the director ended: {v.get('finished')}, "
                  f"{v.get('awaiting')}, {v.get('result')}")
        # Pause: round 1 completes, round 2 waits.
        d.ok(direct(tid, "pause", reason="lunch"))
        check(get(tid)["paused"], "paused")
        loser = g2["side1"]
        c[loser].ok({"op": "resign", "match": g2["match"]})
        t = get(tid)
        check(t["round"] == 1 and all(g["result"] for g in t["games"]),
              f"paused: round 1 complete, round 2 not paired: round {t['round']}")
        # Correct a finished result; the standings follow it.
        d.ok(direct(tid, "set_result", round=1, board=1, result="1-0",
                    reason="scoresheet misread"))
        st = {s["user"]: s["points"] for s in
              d.ok({"op": "tourney_standings", "tourney": tid})["standings"]}
        check(st[g1["side0"]] == 1 and st[g1["side1"]] == 0 and st[g2["side0"]] == 1,
              f"standings after the correction: {st}")
        d.ok(direct(tid, "resume"))
        t = get(tid)
        check(t["round"] == 2 and not t["paused"], f"resumed: round 2 paired: {t['round']}")
        log = [e["text"] for e in t["log"]]
        for needle in ("late entry", "cannot attend", "agreed draw by phone", "lunch",
                       "1/2-1/2 -> 1-0 by the director: scoresheet misread"):
            check(any(needle in line for line in log), f"the log keeps {needle!r}: {log}")

        # A late player in a Swiss, and round 2 paired again to take him.
        d.ok(direct(tid, "add_player", user="pl6", reason="arrived"))
        old = [g["match"] for g in t["games"] if g["round"] == 2]
        d.ok(direct(tid, "repair", reason="pl6 arrived"))
        t = get(tid)
        r2 = [g for g in t["games"] if g["round"] == 2]
        check(any("pl6" in (g["side0"], g["side1"]) for g in r2),
              f"pl6 is paired in round 2 after the re-pairing: {r2}")
        check(not set(old) & {g["match"] for g in r2}, "round 2 has new matches")
        aborted = [m for m in c["pl1"].ok({"op": "list", "which": "mine"})["matches"]
                   if m["match"] in old]
        check(all(m["status"] == "aborted" for m in aborted), f"old matches aborted: {aborted}")
        # Once a game of the round has ended, the round stands.
        g = [g for g in r2 if g["side1"] is not None][0]
        c[g["side1"]].ok({"op": "resign", "match": g["match"]})
        d.error(direct(tid, "repair"), "round_started")
        # Remove a player after the start: his game is forfeited.
        g = [g for g in get(tid)["games"] if g["round"] == 2 and g["result"] is None][0]
        d.ok(direct(tid, "remove_player", user=g["side0"], reason="left the venue"))
        g = [x for x in get(tid)["games"] if x["round"] == g["round"] and
             x["board"] == g["board"]][0]
        check(g["result"] == "-+", f"a removed player's game is forfeited: {g}")

        # An operator aborts a tournament game: the round waits for the director.
        duo = d.ok({"op": "tourney_create", "name": "Duel", "format": "round_robin",
                    **GAME})["tourney"]
        for n in ("pl3", "pl4"):
            c[n].ok({"op": "tourney_register", "tourney": duo})
        d.ok({"op": "tourney_start", "tourney": duo})
        g = get(duo)["games"][0]
        c["root"].ok({"op": "abort_match", "match": g["match"], "reason": "server bug"})
        for who in (d, c["pl3"], c["pl4"]):
            _, push = who.wait_for(lambda m: m.get("op") == "tournament" and
                                   m.get("tourney") == duo and
                                   m.get("event") == "game_aborted", 20)
            check(push["round"] == 1 and push["games"][0]["match"] == g["match"] and
                  push["games"][0]["result"] is None, f"{who.name} told of the abort: {push}")
        t = get(duo)
        check(t["status"] == "active" and t["round"] == 1 and t["games"][0]["result"] is None,
              f"the round waits for a result: {t['status']} {t['games']}")
        line = f"round 1 board 1 (match {g['match']}) aborted by the operator root: server bug"
        check(any(e["text"].startswith(line) and e["user"] == "root" for e in t["log"]),
              f"the log names the game, the operator and the reason: {t['log']}")
        d.ok(direct(duo, "set_result", match=g["match"], result="1/2-1/2",
                    reason="no fault of either"))
        t = get(duo)
        check(t["status"] == "finished" and t["games"][0]["result"] == "1/2-1/2",
              f"the entered result ends the event: {t['status']} {t['games']}")
        m = [x for x in c["pl3"].ok({"op": "list", "which": "mine"})["matches"]
             if x["match"] == g["match"]][0]
        check(m["status"] == "aborted", f"the match itself stays aborted: {m}")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
