"""Time controls and clocks over the wire (issue 19), as a stranger would
use them through `telegraph --json` over TLS:

- create with a named preset, with custom values of each kind, and with none;
  the match object (create's push, list, join) shows the control, and the
  welcome lists the presets; refusals (unknown preset, bad kind, values out
  of range, cap below the bank) say bad_time_control and create nothing;
- the control is stored with the match: after a restart list shows it still;
- the clock runs with an injected clock (telegraphd_test reads the time from
  a file the test rewrites; nothing sleeps): only for the awaited role, its
  deadline in the match object; a per-move clock starts afresh; a restart in
  the middle of a clock whose time ran out while the daemon was down leaves
  clock_restart_grace_s; past the deadline the role is flagged and the
  participants are told by a match push;
- out of time (`on_timeout`): "claim": the flagged player may still move
  late, a stranger, the flagged player and a claim against time left are
  refused, the opponent's claim ends the match with result.timeout;
  "auto": the match ends by itself clock_timeout_grace_s after the flag.
  Either record verifies with `telegraph verify`, and a copy with the
  winner swapped does not;
- the client's `claim`, `vacation` and `wait` commands (`wait` returns once
  it is the user's move);
- `telegraph list mine` shows the time left of the awaited role and when
  the last move was;
- vacation: a yearly allowance (vacation_days_per_year); while on vacation
  a player's clocks stand still and his opponent is told by a match push;
  it ends by itself at its end (the clock runs again from exactly then) or
  early (the whole days not used are given back); asking for more than is
  left, or a second one at once, is refused.
"""

import copy
import json
import subprocess

import os
import random

from harness import Harness, check, free_fixed_port, pick_action, register, run_main

DAY = 86400


def created(c, mid):
    """The match object of match mid in c's `list mine`."""
    r = c.ok({"op": "list", "which": "mine"})
    for m in r["matches"]:
        if m["match"] == mid:
            return m
    check(False, f"match {mid} not in list mine")


def test_create(h, grant, lee):
    welcome = next(m for m in grant.received if m.get("op") == "welcome")
    presets = {p["preset"]: p for p in welcome.get("time_controls", [])}
    check(presets.get("daily") == {"kind": "per_move", "preset": "daily", "per_move": DAY, "on_timeout": "claim"},
          f"welcome's presets: {welcome.get('time_controls')}")
    check("correspondence-3d" in presets and "live-60+30" in presets, f"presets: {presets}")

    base = {"op": "create", "game": "fixture-duel", "scenario": "standard", "side": "alpha"}
    cases = [
        ("daily", {"kind": "per_move", "preset": "daily", "per_move": DAY, "on_timeout": "claim"}),
        ({"kind": "correspondence", "initial": 3 * DAY, "increment": 12 * 3600, "cap": 5 * DAY},
         {"kind": "correspondence", "preset": "", "initial": 3 * DAY,
          "increment": 12 * 3600, "cap": 5 * DAY, "on_timeout": "claim"}),
        ({"kind": "per_move", "per_move": 2 * DAY},
         {"kind": "per_move", "preset": "", "per_move": 2 * DAY, "on_timeout": "claim"}),
        ({"kind": "live", "initial": 600, "increment": 5, "on_timeout": "auto"},
         {"kind": "live", "preset": "", "initial": 600, "increment": 5, "on_timeout": "auto"}),
        (None, None),
    ]
    made = []
    for tc, shown in cases:
        req = dict(base)
        if tc is not None:
            req["time_control"] = tc
        mid = grant.ok(req)["match"]
        m = created(grant, mid)
        check(m.get("time_control", "absent") == shown,
              f"create with {tc}: the match object shows {m.get('time_control', 'absent')}")
        made.append((mid, shown))
    # Absent and null both mean no clock.
    req = dict(base, time_control=None)
    mid = grant.ok(req)["match"]
    check(created(grant, mid)["time_control"] is None, "null time_control")

    before = len(grant.ok({"op": "list", "which": "mine"})["matches"])
    for bad in ["blitz", 7, [], {"kind": "bullet"}, {"initial": 600},
                {"kind": "live", "initial": 10},
                {"kind": "per_move", "per_move": 400 * DAY},
                {"kind": "correspondence", "initial": 5 * DAY, "cap": 3 * DAY},
                {"kind": "correspondence", "initial": "3d"},
                {"kind": "per_move", "per_move": 3600, "on_timeout": "never"}]:
        e = grant.error(dict(base, time_control=bad), "bad_time_control")
        check(e.get("message"), f"{bad}: no message")
    after = len(grant.ok({"op": "list", "which": "mine"})["matches"])
    check(before == after, f"a refused create made a match ({before} -> {after})")

    # The other player sees it in the open list and when he joins.
    mid, shown = made[0]
    opened = [m for m in lee.ok({"op": "list", "which": "open"})["matches"] if m["match"] == mid]
    check(opened and opened[0]["time_control"] == shown, f"open list: {opened}")
    lee.ok({"op": "join", "match": mid})
    _, push = lee.wait_for(lambda m: m.get("op") == "match" and m.get("match") == mid
                           and m.get("status") == "active")
    check(push["time_control"] == shown, f"match push: {push.get('time_control')}")
    return made


T0 = 1900000000
GRACE = 7200
TIMEOUT_GRACE = 600
VACATION_DAYS = 5


def set_time(h, t):
    """Moves the daemon's injected clock to t (written atomically)."""
    tmp = h.clock_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{t}\n")
    os.replace(tmp, h.clock_file)


def clock_of(c, mid):
    return created(c, mid)["clock"]


def act(c, mid):
    """c's client plays a legal commit in match mid; the new seq."""
    view = c.views[mid]
    action = pick_action(random.Random(mid), view["view"],
                         lambda a: a["action"].get("type") == "commit")
    return c.ok({"op": "act", "match": mid, "seq": view["seq"], "action": action})["seq"]


def test_clock_runs(h, grant, lee):
    set_time(h, T0)
    mid = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                    "side": "alpha", "time_control": "daily"})["match"]
    check(clock_of(grant, mid) is None, "a match not started has no clock yet")
    lee.ok({"op": "join", "match": mid})
    want = {"since": T0, "left": {"alpha": DAY, "beta": DAY}, "running": ["alpha"],
            "flagged": [], "deadline": T0 + DAY, "paused": {}}
    check(clock_of(grant, mid) == want, f"at the start: {clock_of(grant, mid)}")
    check(clock_of(lee, mid) == want, f"lee sees the same clock: {clock_of(lee, mid)}")

    # An hour later alpha moves: his clock stops, beta's day begins.
    set_time(h, T0 + 3600)
    grant.ok({"op": "open", "match": mid})
    grant.view_at(mid, 0)
    act(grant, mid)
    want = {"since": T0 + 3600, "left": {"alpha": DAY - 3600, "beta": DAY},
            "running": ["beta"], "flagged": [], "deadline": T0 + 3600 + DAY, "paused": {}}
    check(clock_of(lee, mid) == want, f"after alpha's move: {clock_of(lee, mid)}")

    # Beta's clock runs down to 400 s; alpha's does not move.
    set_time(h, T0 + 3600 + DAY - 400)
    c = clock_of(lee, mid)
    check(c["left"]["alpha"] == DAY - 3600 and c["deadline"] == T0 + 3600 + DAY,
          f"while beta thinks: {c}")
    return mid


def test_clock_after_restart(h, again, mid):
    # Beta's time ran out while the daemon was down: after the restart he has
    # the grace, counted from the restart, and is not flagged.
    restart = T0 + 3600 + DAY + 5000
    c = clock_of(again, mid)
    want = {"since": restart, "left": {"alpha": DAY - 3600, "beta": GRACE},
            "running": ["beta"], "flagged": [], "deadline": restart + GRACE, "paused": {}}
    check(c == want, f"after the restart: {c}, wanted {want}")
    again.ok({"op": "open", "match": mid})
    # Past the deadline the next message the daemon gets (a ping) makes it
    # look at its clocks: beta is out of time, and the participants are told.
    set_time(h, restart + GRACE + 1)
    again.request({"op": "ping"})
    _, push = again.wait_for(lambda m: m.get("op") == "match" and m.get("match") == mid
                             and m.get("clock") and m["clock"]["flagged"] == ["beta"])
    check(push["clock"]["running"] == [] and push["clock"]["deadline"] is None
          and push["clock"]["left"]["beta"] == 0, f"flagged: {push['clock']}")
    check(clock_of(again, mid) == push["clock"], "list and push agree")
    return restart + GRACE + 1


def finished_push(c, mid):
    _, push = c.wait_for(lambda m: m.get("op") == "match" and m.get("match") == mid
                         and m.get("status") == "finished")
    return push


def check_record(h, c, mid, args):
    """The exported record verifies; with the winner swapped it does not."""
    path = os.path.join(h.tmp, f"record-{mid}.json")
    out = h.run_cli(["export", str(mid), "-o", path], c.config)
    check(out.returncode == 0, f"export: {out.returncode} {out.stderr}")
    verifier = args.cli_fixture or args.cli
    out = h.run_cli(["verify", path], c.config, cli=verifier)
    check(out.returncode == 0, f"verify of match {mid}'s record failed: {out.stdout}{out.stderr}")
    with open(path) as f:
        rec = json.load(f)
    bad = copy.deepcopy(rec)
    bad["result"]["winner"] = "beta" if rec["result"]["winner"] == "alpha" else "alpha"
    with open(path, "w") as f:
        json.dump(bad, f)
    out = h.run_cli(["verify", path], c.config, cli=verifier)
    check(out.returncode == 1, f"verify accepted a timeout record with the winner swapped: "
          f"{out.stdout}")
    return rec


def test_claim(h, args, grant, lee, carol, mid, now):
    """Beta is flagged in match mid (on_timeout claim)."""
    claim = {"op": "claim_timeout", "match": mid}
    carol.error(claim, "not_a_participant")
    lee.error(claim, "not_out_of_time")  # his opponent is not out of time
    # The flagged player may still move late, until the claim.
    lee.ok({"op": "open", "match": mid})
    lee.view_at(mid, 1)
    check(act(lee, mid) == 2, "the late move is taken")
    c = clock_of(grant, mid)
    check(c["flagged"] == ["beta"], f"after a late move the flag stays: {c}")
    out = h.run_cli(["claim", str(mid)], grant.config)  # the client's claim command
    check(out.returncode == 0 and f"Match {mid} is yours on time" in out.stdout,
          f"telegraph claim: {out.returncode} {out.stdout} {out.stderr}")
    push = finished_push(grant, mid)
    res = push["result"]
    check(res.get("timeout") == "beta" and res.get("winner") == "alpha"
          and "time" in res.get("summary", ""), f"result of the claim: {res}")
    check(push["clock"]["running"] == [], f"the clock stops: {push['clock']}")
    grant.error(claim, "match_finished")
    _, view = lee.wait_for(lambda m: m.get("op") == "view" and m.get("match") == mid
                           and m["view"].get("finished"))
    check(view["view"]["result"] == res and view["view"]["actions"] == [],
          f"the view says it is over: {view['view'].get('result')}")
    rec = check_record(h, grant, mid, args)
    check(rec["result"]["timeout"] == "beta", f"record result: {rec['result']}")


def test_auto(h, args, grant, lee, now):
    tc = {"kind": "per_move", "per_move": 3600, "on_timeout": "auto"}
    mid = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                    "side": "alpha", "time_control": tc})["match"]
    lee.ok({"op": "join", "match": mid})
    lee.error({"op": "claim_timeout", "match": mid}, "not_out_of_time")
    # Flagged at the deadline; the match goes on for the grace, then ends.
    set_time(h, now + 3600)
    grant.request({"op": "ping"})
    _, push = grant.wait_for(lambda m: m.get("op") == "match" and m.get("match") == mid
                             and m.get("clock") and m["clock"]["flagged"] == ["alpha"])
    check(push["status"] == "active", f"ended before the grace: {push['status']}")
    set_time(h, now + 3600 + TIMEOUT_GRACE - 1)
    grant.request({"op": "ping"})
    check(created(grant, mid)["status"] == "active", "ended before the grace was over")
    set_time(h, now + 3600 + TIMEOUT_GRACE)
    grant.request({"op": "ping"})
    res = finished_push(grant, mid)["result"]
    check(res.get("timeout") == "alpha" and res.get("winner") == "beta",
          f"automatic result: {res}")
    check_record(h, lee, mid, args)
    return now + 3600 + TIMEOUT_GRACE


def pushed_clock(c, mid, pred, start):
    """The clock of the first match push at index >= start satisfying pred."""
    _, push = c.wait_for(lambda m: m.get("op") == "match" and m.get("match") == mid
                         and m.get("clock") is not None and pred(m["clock"]), start=start)
    return push["clock"]


def test_vacation(h, args, grant, lee, t):
    st = lee.ok({"op": "vacation"})
    check((st["on"], st["until"], st["allowance"], st["used"], st["left"])
          == (False, None, VACATION_DAYS, 0, VACATION_DAYS), f"vacation status: {st}")
    lee.error({"op": "vacation", "end": True}, "not_on_vacation")
    lee.error({"op": "vacation", "days": VACATION_DAYS + 1}, "vacation_exhausted")
    lee.error({"op": "vacation", "days": 0}, "malformed_request")

    mid = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                    "side": "alpha", "time_control": "daily"})["match"]
    lee.ok({"op": "join", "match": mid})
    # `telegraph wait` blocks while lee is awaited nowhere, and returns when
    # grant's move makes it his turn.
    waiter = subprocess.Popen(
        [args.cli, "--server", h.daemon.address, "--trust", h.daemon.cert, "--config",
         lee.config, "wait"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, TELEGRAPH_WAIT_POLL_S="1"))
    try:
        waiter.wait(timeout=2)
        check(False, f"wait returned while lee was awaited nowhere: {waiter.stdout.read()}")
    except subprocess.TimeoutExpired:
        pass
    set_time(h, t + 3600)
    grant.view_at(mid, 0)
    act(grant, mid)  # beta's day begins
    try:
        out, err = waiter.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        waiter.kill()
        check(False, "telegraph wait did not return once it was lee's move")
    check(waiter.returncode == 0 and f"Your move in match {mid}" in out,
          f"telegraph wait: {waiter.returncode} {out} {err}")

    # Beta goes on vacation for two days: his clock stops, alpha is told.
    start = t + 2 * 3600
    set_time(h, start)
    until = start + 2 * DAY
    mark = len(grant.received)
    st = lee.ok({"op": "vacation", "days": 2})
    check((st["on"], st["until"], st["used"], st["left"]) == (True, until, 2, VACATION_DAYS - 2),
          f"vacation started: {st}")
    c = pushed_clock(grant, mid, lambda c: c.get("paused"), mark)
    check(c["paused"] == {"beta": until} and c["running"] == [] and c["deadline"] is None
          and c["left"]["beta"] == DAY - 3600, f"alpha is told, beta's clock stops: {c}")
    lee.error({"op": "vacation", "days": 1}, "already_on_vacation")
    # `telegraph list mine` shows the awaited role's time left and the last move.
    out = h.run_cli(["list", "mine"], grant.config)
    line = [ln for ln in out.stdout.splitlines() if ln.strip().startswith(f"{mid} ")]
    check(out.returncode == 0 and line and "beta: 23h 0m left (on vacation)" in line[0]
          and "last move" in line[0], f"list mine: {out.stdout} {out.stderr}")

    # A day and a half later his clock has not moved.
    set_time(h, start + DAY + DAY // 2)
    c = clock_of(grant, mid)
    check(c["left"]["beta"] == DAY - 3600 and not c["flagged"], f"on vacation: {c}")

    # It ends by itself: his clock runs again from exactly its end.
    set_time(h, until + 100)
    mark = len(grant.received)
    grant.request({"op": "ping"})
    c = pushed_clock(grant, mid, lambda c: not c.get("paused"), mark)
    check(c["running"] == ["beta"] and c["deadline"] == until + DAY - 3600,
          f"after the vacation: {c}")

    # Ended early, the whole days not used come back (through the client).
    out = h.run_cli(["vacation", "2"], lee.config)
    check(out.returncode == 0 and "On vacation until" in out.stdout
          and "1 of your 5 vacation days left" in out.stdout, f"vacation 2: {out.stdout}")
    set_time(h, until + 100 + 3600)
    mark = len(grant.received)
    out = h.run_cli(["vacation", "end"], lee.config)
    check(out.returncode == 0 and "Not on vacation" in out.stdout
          and "2 of your 5 vacation days left" in out.stdout,
          f"ended after an hour, one day is charged: {out.stdout}")
    lee.error({"op": "vacation", "days": 3}, "vacation_exhausted")
    c = pushed_clock(grant, mid, lambda c: not c.get("paused"), mark)
    check(c["deadline"] == until + 3700 + (DAY - 3600 - 100), f"after ending early: {c}")


def body(args):
    h = Harness(args, daemon_args=("--set", f"clock_restart_grace_s={GRACE}",
                                   "--set", f"clock_timeout_grace_s={TIMEOUT_GRACE}",
                                   "--set", f"vacation_days_per_year={VACATION_DAYS}"))
    # restarted below on the same port: not an ephemeral one
    h.daemon.port = free_fixed_port(random.Random(h.seed))
    h.clock_file = os.path.join(h.tmp, "clock")
    os.environ["TELEGRAPHD_TEST_CLOCK"] = h.clock_file
    set_time(h, T0 - DAY)
    with h:
        grant, lee = h.client("grant"), h.client("lee")
        register(grant, "grant")
        register(lee, "lee")
        made = test_create(h, grant, lee)
        running = test_clock_runs(h, grant, lee)
        grant.close()
        lee.close()

        h.daemon.stop()
        set_time(h, T0 + 3600 + DAY + 5000)
        h.daemon.start()
        again = h.client("grant-again", config=grant.config)
        for mid, shown in made:
            check(created(again, mid).get("time_control", "absent") == shown,
                  f"after a restart match {mid} shows {created(again, mid).get('time_control')}")
        now = test_clock_after_restart(h, again, running)
        lee2 = h.client("lee-again", config=lee.config)
        carol = h.client("carol")
        register(carol, "carol")
        test_claim(h, args, again, lee2, carol, running, now)
        now = test_auto(h, args, again, lee2, now)
        test_vacation(h, args, again, lee2, now)
        h.validate_all()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(body)
