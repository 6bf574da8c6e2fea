"""Time controls and clocks over the wire (issue 19), as a stranger would
use them through `telegraph --json` over TLS:

- create with a named preset, with custom values of each kind, and with none;
  the match object (create's push, list, join) shows the control, and the
  welcome lists the presets; refusals (unknown preset, bad kind, values out
  of range, cap below the bank) say bad_time_control and create nothing;
- the control is stored with the match: after a restart list shows it still.
"""

import random

from harness import Harness, check, free_fixed_port, register, run_main

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


def body(args):
    h = Harness(args)  # restarted below on the same port: not an ephemeral one
    h.daemon.port = free_fixed_port(random.Random(h.seed))
    with h:
        grant, lee = h.client("grant"), h.client("lee")
        register(grant, "grant")
        register(lee, "lee")
        made = test_create(h, grant, lee)
        grant.close()
        lee.close()

        h.daemon.stop()
        h.daemon.start()
        again = h.client("grant-again", config=grant.config)
        for mid, shown in made:
            check(created(again, mid).get("time_control", "absent") == shown,
                  f"after a restart match {mid} shows {created(again, mid).get('time_control')}")
        h.validate_all()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(body)
