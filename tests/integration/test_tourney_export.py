"""A tournament's JSON export larger than the connection's outbound limit
(issue 20): the daemon runs with max_outbuf = 16 KiB, a round robin of four
plays games whose records are made long with notes, and the export comes in
pages (records_after / more_records_after), none over half of max_outbuf,
that together hold the record of every finished match once; a single record
larger than a page is refused with export_too_large. Without the paging the
one reply is over max_outbuf, and whenever the socket cannot take it at once
(a slow link, a large event) the daemon closes the connection as a client
that does not read; on loopback the kernel's buffer hides that, so the test
checks the size of each page instead."""

from harness import Harness, check, register, run_main

import json
import os

GAME = {"game": "fixture-duel", "scenario": "standard"}
MAX_OUTBUF = 16384
NOTE = "n" * 70


def noted_game(c, g, notes, loser):
    """side0 (alpha, who leads round 1) adds notes; then `loser` resigns."""
    seq = 0
    for i in range(notes):
        r = c[g["side0"]].ok({"op": "act", "match": g["match"], "seq": seq,
                              "action": {"type": "note", "text": f"{i:03d} {NOTE}"}})
        seq = r["seq"]
    c[loser].ok({"op": "resign", "match": g["match"]})


def main(args):
    with Harness(args, daemon_args=("--set", f"max_outbuf={MAX_OUTBUF}")) as h:
        names = ["director", "pl1", "pl2", "pl3", "pl4"]
        c = {n: h.client(n) for n in names}
        for n in names:
            register(c[n], n)
        d = c["director"]
        tid = d.ok({"op": "tourney_create", "name": "Verbose", "format": "round_robin",
                    **GAME})["tourney"]
        for n in names[1:]:
            c[n].ok({"op": "tourney_register", "tourney": tid})
        d.ok({"op": "tourney_start", "tourney": tid})
        for _ in range(3):
            t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
            for g in t["games"]:
                if g["round"] == t["round"] and g["result"] is None:
                    noted_game(c, g, 20, g["side1"])
        t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
        check(t["status"] == "finished", f"the round robin is over: {t['status']}")
        finished = sorted(g["match"] for g in t["games"])

        d.error({"op": "tourney_export", "tourney": tid, "records_after": -1},
                "malformed_request")
        d.error({"op": "tourney_export", "tourney": tid, "records_after": "x"},
                "malformed_request")
        # Page through: each reply within half of max_outbuf, the records in
        # match order, every finished match once.
        reader = c["pl1"]
        got, pages, after = [], 0, None
        while True:
            req = {"op": "tourney_export", "tourney": tid}
            if after is not None:
                req["records_after"] = after
            r = reader.ok(req)
            size = len(json.dumps(r, separators=(",", ":")))
            check(size <= MAX_OUTBUF // 2, f"page {pages + 1} is {size} bytes")
            ex = r["export"]
            check(ex["standings"] == t["standings"] and len(ex["games"]) == 6,
                  "each page has the tournament object")
            ids = [int(k) for k in ex["records"]]
            check(ids and ids == sorted(ids) and all(i > (after or 0) for i in ids),
                  f"page {pages + 1}: records {ids} after {after}")
            got += ids
            pages += 1
            if "more_records_after" not in r:
                break
            check(r["more_records_after"] == ids[-1], f"the next page's start: {r}")
            after = r["more_records_after"]
        check(pages >= 2, f"the records came in {pages} pages")
        check(got == finished, f"every finished match once: {got}, expected {finished}")
        # The connection stayed up: a request after the pages still works.
        reader.ok({"op": "tourney_standings", "tourney": tid})
        # The terminal client's export follows the pages into one file.
        conf, path = os.path.join(h.tmp, "cli.conf"), os.path.join(h.tmp, "export.json")
        env = {"TELEGRAPH_PASSWORD": "correct horse"}
        out = h.run_cli(["register", "archivist"], conf, env=env)
        check(out.returncode == 0, f"cli register: {out.stdout} {out.stderr}")
        out = h.run_cli(["tourney", "export", str(tid), "-o", path], conf, env=env)
        check(out.returncode == 0, f"cli export: {out.stdout} {out.stderr}")
        with open(path) as f:
            whole = json.load(f)
        check(sorted(int(k) for k in whole["records"]) == finished and
              whole["standings"] == t["standings"],
              f"the CLI's file has every record: {sorted(whole['records'])}")

        # A record larger than a page on its own: a clear error.
        big = d.ok({"op": "tourney_create", "name": "Huge", "format": "round_robin",
                    **GAME})["tourney"]
        for n in ("pl1", "pl2"):
            c[n].ok({"op": "tourney_register", "tourney": big})
        d.ok({"op": "tourney_start", "tourney": big})
        g = d.ok({"op": "tourney_get", "tourney": big})["tournament"]["games"][0]
        noted_game(c, g, 120, g["side1"])
        r = reader.error({"op": "tourney_export", "tourney": big}, "export_too_large")
        check(f"match {g['match']}" in r["message"] and "max_outbuf" in r["message"],
              f"the error names the match and the setting: {r}")

        # tourney_get within half of max_outbuf: a long director's log keeps
        # its newest entries and says how many it left out.
        chatty = d.ok({"op": "tourney_create", "name": "Chatty", "format": "round_robin",
                       **GAME})["tourney"]
        for n in ("pl1", "pl2", "pl3", "pl4"):
            c[n].ok({"op": "tourney_register", "tourney": chatty})
        d.ok({"op": "tourney_start", "tourney": chatty})
        for i in range(20):
            for action in ("pause", "resume"):
                d.ok({"op": "tourney_direct", "tourney": chatty, "action": action,
                      "reason": f"{action} {i:02d} " + "r" * 180})
        t = d.ok({"op": "tourney_get", "tourney": chatty})
        size = len(json.dumps(t, separators=(",", ":")))
        check(size <= MAX_OUTBUF // 2, f"tourney_get's reply is {size} bytes")
        t = t["tournament"]
        check(t.get("log_omitted", 0) > 0 and "resume 19" in t["log"][-1]["text"],
              f"the newest log entries kept, the rest counted: {t.get('log_omitted')} "
              f"{t['log'][-1:]}")
        check(len(t["games"]) == 2 and "games_from_round" not in t,
              f"round 1's games all there: {t['games']}")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
