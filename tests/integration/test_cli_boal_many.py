"""The terminal client plays a Birth of a Legend assault by some of the
units that may make it, knowing nothing of the game (issue 21): an Optional
or Contested Assault (10.2, 10.3) is one entry whose params are the Point
Unit (one of) and the other assaulting units ("many": any, none or all;
PROTOCOL.md "Actions and their params"). Alice plays the Confederates of a
match with `telegraph play` (typing into a pipe); both seats are driven by
random legal actions over the JSON protocol until her view offers such an
assault; then her menu must list it, ask the Point Unit as one choice and
the others on one line, and send what she names: the Point Unit alone (an
empty line), which the server records as the assault's whole "units"."""

import json
import os
import random
import re
import sqlite3

from harness import Harness, check, pick_action, register, run_main
from test_cli_play import Screen

PW = "correct horse"


def many_assault(view):
    for a in view["actions"]:
        if a["action"]["type"] == "assault" and any(
                p.get("many") and len(p["choices"]) >= 1 for p in a.get("params", [])):
            return a
    return None


def recorded(db, match, seq):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        row = con.execute("SELECT action FROM actions WHERE match_id = ? AND seq = ?",
                          (match, seq)).fetchone()
    finally:
        con.close()
    return json.loads(row[0]) if row else None


def contested_areas(view):
    """The ids of the areas the view shows Contested (7.3)."""
    found = set()

    def walk(x):
        if isinstance(x, dict):
            if "contested" in x and "id" in x and "tem" in x:
                if x["contested"]:
                    found.add(x["id"])
                return
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(view)
    return found


def favoured(rng, view):
    """A random legal action; four times in five (test_boal_module_playouts'
    player does so half the time) one that keeps areas Contested: an
    assault, a loss taken without retreat, the end of an assault's answers,
    or a unit's move into a Contested area (where two units make an
    Optional Assault's choice)."""
    if rng.random() < 0.8:
        contested = contested_areas(view)

        def keen(e):
            a = e["action"]
            t = a.get("type")
            if t in ("assault", "done"):
                return True
            if t == "cp" and a.get("loss") not in (None, "retreat", "exhaust_retreat"):
                return True
            return t == "move" and "unit" in a and a.get("to") in contested
        if any(keen(e) for e in view["actions"]):
            return pick_action(rng, view, keen)
    return pick_action(rng, view)


def play_until_offered(h, conf, bob, aj, rng):
    """A new match (alice the Confederates), played at random by both seats
    until alice is offered an assault with a "many" param: (match, seq,
    entry), entry None when the match ended first."""
    out = h.run_cli(["create", "birth-of-a-legend", "--side", "confederate"], conf)
    check(out.returncode == 0, f"create: {out.stderr}")
    match = int(re.search(r"Match (\d+) created", out.stdout).group(1))
    bob.ok({"op": "join", "match": match})
    aj.ok({"op": "open", "match": match})
    seq = 0
    while True:
        view = aj.view_at(match, seq)["view"]
        if view["finished"]:
            return match, seq, None
        if view["awaiting"] == ["confederate"]:
            entry = many_assault(view)
            if entry:
                return match, seq, entry
            seq = aj.ok({"op": "act", "match": match, "seq": seq,
                         "action": favoured(rng, view)})["seq"]
        else:
            bv = bob.view_at(match, seq)["view"]
            seq = bob.ok({"op": "act", "match": match, "seq": seq,
                          "action": favoured(rng, bv)})["seq"]


def main(args):
    h = Harness(args)
    with h:
        conf = os.path.join(h.tmp, "alice.conf")
        out = h.run_cli(["register", "alice"], conf, env={"TELEGRAPH_PASSWORD": PW})
        check(out.returncode == 0, f"register: {out.stderr}")
        bob = h.client("bob")
        register(bob, "bob", PW)
        aj = h.client("alice-json")
        aj.ok({"op": "login", "name": "alice", "password": PW})
        rng = random.Random(h.seed)
        # Random play rarely leaves the Confederate an assault open to a
        # choice of units; the player favours assaults and moves, and a
        # match that ends without one is followed by another. Measured in
        # session 16 (six seeds each): favouring half the time, it came in
        # the 9th to the 27th match and one seed found none in 40 (the CI
        # failed so); favouring four times in five, in the 5th to the 30th.
        # At about one match in 12, 150 matches miss about once in 500,000.
        entry = None
        for n in range(150):
            match, seq, entry = play_until_offered(h, conf, bob, aj, rng)
            if entry:
                print(f"# offered in match {n + 1}", flush=True)
                break
        check(entry, "no assault with a choice of units offered in 150 matches")
        params = entry["params"]
        many = next(p for p in params if p.get("many"))
        point = next((p for p in params if p["name"] == "point"), None)
        point_value = point["choices"][0]["value"] if point else entry["action"].get("point")
        check(point_value, f"the entry names no Point Unit: {entry}")

        base = [h.args.cli, "--server", h.daemon.address, "--trust", h.daemon.cert]
        alice = Screen(base + ["--config", conf, "play", str(match)])
        m = alice.wait(rf"seq {seq} ===[\s\S]*?Your move \(", 0, timeout=60)
        label = re.escape(entry["label"][:40])
        line = re.search(rf"^\s+(\d+)\) {label}.* \.\.\.$", alice.out[:m.end()], re.M)
        check(line, f"the menu lists the assault as an action asking params:\n"
                    f"{alice.out[-2000:]}")
        alice.type(line.group(1))
        pos = m.end()
        for p in params:
            if p.get("many"):
                m = alice.wait(r"((?:\s+\d+\) .*\n)+)Choose any of 1-(\d+) \(numbers separated "
                               r"by spaces; a for all; Enter for none; q to cancel\): ", pos)
                listed = re.findall(r"^\s+\d+\) (.*)$", m.group(1), re.M)
                check(listed == [c["label"] for c in p["choices"]],
                      f"the other units by their labels: {listed}")
                alice.type("")
            else:
                m = alice.wait(r"Choose 1-(\d+) \(q to cancel\): ", pos)
                alice.type("1")
            pos = m.end()
        alice.wait(rf"seq {seq + 1} ===", pos, timeout=60)
        sent = recorded(h.daemon.db, match, seq + 1)
        check(sent and sent.get("type") == "assault", f"the action recorded: {sent}")
        check(sent.get("point") == point_value and sent.get(many["name"]) == [],
              f"the Point Unit alone, the other units none: {sent}")
        alice.type("q")
        print(f"# alice's terminal assaulted with {point_value} alone at seq {seq} "
              f"({len(many['choices'])} others left out)")


if __name__ == "__main__":
    run_main(main)
