"""Idle views on the raw wire (issue 17): a followed match that has not
changed for `evict_views_after_s` drops its kept views, and play goes on
with the bytes each connection receives right.

With evict_views_after_s = 1 (a sweep every half second), two players of
fixture-duel speak the protocol over bare TLS sockets (the Wire of
test_lincolns_war_hidden_raw.py: every line kept as the bytes received, the
view kept from those same bytes). Before every action the test waits until
the daemon says it dropped the match's views, then:

- each player opens the match again (the full-view path: his role's view is
  rebuilt from the state while the views are dropped): the view line must
  equal what he built from views and patches, and the opponent's must not
  carry the leader's hidden commit (`your_commit`, shown to its owner only);
- after another idle spell the awaited player acts (SCHEDULE): after a note,
  and after a note and its undo, each connection must receive exactly one
  `patch` line per new seq, no `view` (the views were rebuilt from the state
  before the change; without that the server has nothing to diff and sends
  full views); after a commit one line per seq (a patch, or the view where
  it is the shorter, as PROTOCOL.md allows), and no line the opponent
  receives between the leader's commit and the reveal may carry
  `your_commit`, while the leader's own lines do (so the check can fail);
- once, one player is away while the other acts and the views idle: he comes
  back with `since` and gets the kept patches, not a view.
"""

import json
import os
import time

from harness import Harness, check, pick_action, run_main
from test_lincolns_war_hidden_raw import wire

PW = "correct horse"
# What the awaited player does after each idle spell (target 30, six rounds
# of two commits: the match cannot end within these four rounds).
SCHEDULE = ("undo", "commit", "note", "commit", "away", "commit", "note", "commit")


def drops(h):
    return sum("dropped the kept views" in line for line in h.daemon.log)


def wait_views_dropped(h, before, timeout=20):
    """Waits for a drop logged after the count `before`, taken just before
    the event that woke the views (so the drop is of the views it woke)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if drops(h) > before:
            return
        time.sleep(0.1)
    raise AssertionError("the daemon never dropped the idle match's views:\n" + h.daemon.tail())


def reopen(w, match, since=None):
    """Sends open (with since, if given) and reads until the connection's
    view is at the reply's seq; the match's lines received meanwhile."""
    start = len(w.lines)
    req = {"op": "open", "match": match}
    if since is not None:
        req["since"] = since
    r = w.ok(req)
    if since is None:
        w.view, w.seq = None, -1
    w.view_at(r["seq"])
    return r, [json.loads(x) for x in w.lines[start:]]


def pushes(lines, match):
    return [m for m in lines if m.get("match") == match and m.get("op") in ("view", "patch")]


def main(args):
    with Harness(args, daemon_args=["--set", "evict_views_after_s=1"]) as h:
        rng = h.rng
        alpha, beta = wire(h, "alpha"), wire(h, "beta")
        match = alpha.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                          "side": "alpha", "entropy": os.urandom(32).hex(),
                          "options": {"target": 30}})["match"]
        beta.ok({"op": "join", "match": match, "entropy": os.urandom(16).hex()})
        wires = {"alpha": alpha, "beta": beta}
        mark = drops(h)
        for w in wires.values():
            w.follow(match)
            reopen(w, match)
        seq = alpha.seq
        check(seq == beta.seq, "both players see the same seq")
        hidden_seen = opened = patches = 0
        step = 0
        while step < len(SCHEDULE):
            view = wires["alpha"].view_at(seq)
            if view["finished"]:
                break
            # The full-view path while the views are dropped.
            wait_views_dropped(h, mark)
            mark = drops(h)
            for name, w in wires.items():
                built = json.dumps(w.view, sort_keys=True)
                start = len(w.lines)
                r, got = reopen(w, match)
                check(r["seq"] == seq, f"{name}: open at seq {r['seq']}, expected {seq}")
                got = pushes(got, match)
                check(len(got) == 1 and got[0]["op"] == "view",
                      f"{name}: open answers one view: {got}")
                check(json.dumps(w.view, sort_keys=True) == built,
                      f"{name}: the fresh view after the idle drop differs from the one "
                      f"built from patches: {w.view} vs {built}")
                raw = b"\n".join(w.lines[start:])
                leader = w.view["board"]["leader"]
                if w.view["board"]["phase"] == "follow":
                    mine = name == leader
                    check((b"your_commit" in raw) == mine,
                          f"{name}: the leader's commit {'missing from' if mine else 'leaks to'}"
                          f" his {'own' if mine else 'opponent'}'s fresh view: {raw!r}")
                    hidden_seen += not mine
                opened += 1

            wait_views_dropped(h, mark)
            mark = drops(h)
            actor_name = view["awaiting"][0]
            actor = wires[actor_name]
            other_name = "beta" if actor_name == "alpha" else "alpha"
            other = wires[other_name]
            mine = actor.view_at(seq)
            phase = mine["board"]["phase"]
            starts = {n: len(w.lines) for n, w in wires.items()}

            kind = SCHEDULE[step]
            if kind == "away":
                # The other player away while the actor notes and the views
                # idle: he comes back with since.
                since, kept_view = other.seq, other.view
                other.close()
                note = next(a for a in mine["actions"] if a["action"]["type"] == "note")
                actor.ok({"op": "act", "match": match, "seq": seq, "action": note["action"]})
                seq += 1
                actor.view_at(seq)
                wait_views_dropped(h, mark)
                mark = drops(h)
                back = wire_login(h, other_name)
                back.follow(match)
                back.view, back.seq = kept_view, since
                wires[other_name] = back
                r, got = reopen(back, match, since=since)
                got = pushes(got, match)
                check([m["op"] for m in got] == ["patch"],
                      f"{other_name}: since {since} after the idle drop gets the kept patch: "
                      f"{got}")
                check(back.seq == seq, f"{other_name}: at seq {back.seq}, expected {seq}")
                patches += 1
                step += 1
                continue

            if kind in ("note", "undo"):
                # A note (and its undo, each after an idle spell): small
                # patches, so the server sends them as patches, and does so
                # only if it rebuilt the dropped views before the change
                # (else it has no view to diff and sends full ones).
                note = next(a for a in mine["actions"] if a["action"]["type"] == "note")
                actor.ok({"op": "act", "match": match, "seq": seq, "action": note["action"]})
                seq += 1
                expect = 1
                if kind == "undo":
                    for w in wires.values():
                        w.view_at(seq)
                    wait_views_dropped(h, mark)
                    mark = drops(h)
                    u = actor.ok({"op": "undo", "match": match, "seq": seq})
                    check(u["undone"] == seq, f"undo reply: {u}")
                    seq += 1
                    expect = 2
                for n, w in wires.items():
                    w.view_at(seq)
                    got = pushes([json.loads(x) for x in w.lines[starts[n]:]], match)
                    check([m["op"] for m in got] == ["patch"] * expect,
                          f"{n}: after the idle drop, {expect} patch line(s), no view: {got}")
                    patches += len(got)
            else:
                # A commit: a patch, or the view where it is the shorter
                # (PROTOCOL.md; fixture views are small), one line per seq.
                action = pick_action(rng, mine, lambda a: a["action"]["type"] == "commit")
                actor.ok({"op": "act", "match": match, "seq": seq, "action": action})
                seq += 1
                for n, w in wires.items():
                    w.view_at(seq)
                    got = pushes([json.loads(x) for x in w.lines[starts[n]:]], match)
                    check(len(got) == 1 and got[0]["seq"] == seq,
                          f"{n}: after the idle drop, one line for seq {seq}: {got}")
                if phase == "lead":
                    # The leader committed: his opponent's bytes must not
                    # carry it, his own do (so the check can fail).
                    raw = b"\n".join(other.lines[starts[other_name]:])
                    check(b"your_commit" not in raw,
                          f"{other_name}: the leader's hidden commit on the wire: {raw!r}")
                    check(b"your_commit" in b"\n".join(actor.lines[starts[actor_name]:]),
                          f"{actor_name}: his own commit is shown to him")
                    hidden_seen += 1
            step += 1
        check(step == len(SCHEDULE), f"only {step} steps played")
        check(opened >= 2 * len(SCHEDULE) and patches >= 6 and hidden_seen >= 4,
              f"too little checked: {opened} opens, {patches} patches, {hidden_seen} hidden")
        for w in wires.values():
            w.close()
        h.daemon.stop()


def wire_login(h, name):
    from raw_tls import Raw  # noqa: F401  (the Wire's base)
    from test_lincolns_war_hidden_raw import Wire
    c = Wire(h.daemon.port, h.daemon.cert, name)
    r = c.request({"op": "hello", "protocol": 1})
    check(r and r.get("op") == "welcome", f"{name}: hello: {r}")
    c.ok({"op": "login", "name": name, "password": PW})
    return c


if __name__ == "__main__":
    run_main(main)
