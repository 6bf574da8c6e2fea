"""A tournament's time control over TLS (issue 20 with issue 19's clocks):
every match of the event is created with it, and a game lost on time counts
as a loss in the standings; the next round is then paired by itself. The
daemon's clock is injected (telegraphd_test reads the time from a file the
test rewrites; nothing sleeps), as in test_clock.py.

A start at a set time: the daemon starts an event by itself when its
start_at comes (not a second before), leaves one with a single player in
registration with its time cleared and a log line, and remembers a start
across a restart."""

import os

from harness import Harness, check, register, run_main

T0 = 1900000000
TIMEOUT_GRACE = 600
GAME = {"game": "fixture-duel", "scenario": "standard"}


def set_time(h, t):
    tmp = h.clock_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{t}\n")
    os.replace(tmp, h.clock_file)


def body(args):
    h = Harness(args, daemon_args=("--set", f"clock_timeout_grace_s={TIMEOUT_GRACE}"))
    h.clock_file = os.path.join(h.tmp, "clock")
    os.environ["TELEGRAPHD_TEST_CLOCK"] = h.clock_file
    set_time(h, T0)
    with h:
        names = ["director", "pl1", "pl2", "pl3"]
        c = {n: h.client(n) for n in names}
        for n in names:
            register(c[n], n)
        d = c["director"]
        d.error({"op": "tourney_create", "name": "Blitz", "format": "round_robin",
                 "time_control": "no-such-preset", **GAME}, "bad_time_control")
        tc = {"kind": "per_move", "per_move": 3600, "on_timeout": "auto"}
        tid = d.ok({"op": "tourney_create", "name": "Blitz", "format": "round_robin",
                    "time_control": tc, **GAME})["tourney"]
        for n in ("pl1", "pl2", "pl3"):
            c[n].ok({"op": "tourney_register", "tourney": tid})
        d.ok({"op": "tourney_start", "tourney": tid})
        t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
        check(t["time_control"]["per_move"] == 3600, f"the event's control: {t['time_control']}")
        g = [g for g in t["games"] if g["round"] == 1 and g["side1"]][0]
        side0 = c[g["side0"]]
        info = [m for m in side0.ok({"op": "list", "which": "mine"})["matches"]
                if m["match"] == g["match"]][0]
        check(info["time_control"] == t["time_control"] and info["clock"]["running"] == ["alpha"],
              f"the round's match runs the event's clock: {info}")
        # side0 (alpha, to move) lets his time run out; the match ends by itself.
        set_time(h, T0 + 3600)
        d.request({"op": "ping"})
        set_time(h, T0 + 3600 + TIMEOUT_GRACE)
        d.request({"op": "ping"})
        _, push = d.wait_for(lambda m: m.get("op") == "tournament" and m.get("tourney") == tid
                             and m.get("event") == "round" and m.get("round") == 2, 20)
        t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
        g1 = [x for x in t["games"] if x["round"] == 1 and x["board"] == g["board"]][0]
        check(g1["result"] == "0-1", f"a loss on time counts as a loss: {g1}")
        pts = {s["user"]: s["points"] for s in t["standings"]}
        byes = {n: sum(1 for x in t["games"] if x["side1"] is None and x["side0"] == n)
                for n in ("pl1", "pl2", "pl3")}
        check(pts[g["side0"]] == byes[g["side0"]] and pts[g["side1"]] == 1 + byes[g["side1"]],
              f"the loser on time has no point from it, the winner one: {pts}, byes {byes}")
        h.validate_all()


if __name__ == "__main__":
    run_main(body)
