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
  participants are told by a match push.
"""

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
    check(presets.get("daily") == {"kind": "per_move", "preset": "daily", "per_move": DAY},
          f"welcome's presets: {welcome.get('time_controls')}")
    check("correspondence-3d" in presets and "live-60+30" in presets, f"presets: {presets}")

    base = {"op": "create", "game": "fixture-duel", "scenario": "standard", "side": "alpha"}
    cases = [
        ("daily", {"kind": "per_move", "preset": "daily", "per_move": DAY}),
        ({"kind": "correspondence", "initial": 3 * DAY, "increment": 12 * 3600, "cap": 5 * DAY},
         {"kind": "correspondence", "preset": "", "initial": 3 * DAY,
          "increment": 12 * 3600, "cap": 5 * DAY}),
        ({"kind": "per_move", "per_move": 2 * DAY},
         {"kind": "per_move", "preset": "", "per_move": 2 * DAY}),
        ({"kind": "live", "initial": 600, "increment": 5},
         {"kind": "live", "preset": "", "initial": 600, "increment": 5}),
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
                {"kind": "correspondence", "initial": "3d"}]:
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
            "flagged": [], "deadline": T0 + DAY}
    check(clock_of(grant, mid) == want, f"at the start: {clock_of(grant, mid)}")
    check(clock_of(lee, mid) == want, f"lee sees the same clock: {clock_of(lee, mid)}")

    # An hour later alpha moves: his clock stops, beta's day begins.
    set_time(h, T0 + 3600)
    grant.ok({"op": "open", "match": mid})
    grant.view_at(mid, 0)
    act(grant, mid)
    want = {"since": T0 + 3600, "left": {"alpha": DAY - 3600, "beta": DAY},
            "running": ["beta"], "flagged": [], "deadline": T0 + 3600 + DAY}
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
            "running": ["beta"], "flagged": [], "deadline": restart + GRACE}
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


def body(args):
    h = Harness(args, daemon_args=("--set", f"clock_restart_grace_s={GRACE}"))
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
        test_clock_after_restart(h, again, running)
        h.validate_all()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(body)
