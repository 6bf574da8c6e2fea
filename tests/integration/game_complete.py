"""A complete game of any module over TLS, written once for every game's
test (test_lincolns_war_game.py, test_boal_game.py): two real
`telegraph --json` clients and a spectator, a random legal-action bot
picking every action from the acting role's view (params filled from their
choices), the views kept from patches compared with fresh views, and the
finished game's record exported and checked by the shipped `telegraph
verify` (and refused once its secret is tampered with)."""

import json
import os
import time

from harness import check, check_same_view, fresh_view, pick_action, register

FRESH_EVERY = 97  # compare kept and fresh views this often


def play_complete(h, game, scenario, options=None, max_actions=6000, max_seconds=420,
                  policy=None, names=("union", "confederate"), players=("lincoln", "davis")):
    """Plays a match of game/scenario (options) to its end; returns (seq,
    final view of the first role). policy(rng, view, role) picks an action
    (pick_action by default)."""
    rng = h.rng
    first, second = (h.client(n) for n in names)
    register(first, players[0])
    register(second, players[1])
    req = {"op": "create", "game": game, "scenario": scenario, "side": names[0],
           "entropy": os.urandom(32).hex()}
    if options is not None:
        req["options"] = options
    match = first.ok(req)["match"]
    mine = first.ok({"op": "list", "which": "mine"})["matches"]
    check([m.get("scenario") for m in mine if m.get("match", m.get("id")) == match]
          == [scenario], f"my matches: {mine}")
    second.ok({"op": "join", "match": match, "entropy": os.urandom(32).hex()})
    watcher = h.client("observer")
    register(watcher, "grant")
    watcher.ok({"op": "watch", "match": match})
    clients = {names[0]: first, names[1]: second}
    seq = 0
    started = time.monotonic()
    while True:
        view = first.view_at(match, seq, timeout=60)["view"]
        if view["finished"]:
            break
        check(seq < max_actions, f"no end after {max_actions} actions")
        check(time.monotonic() - started < max_seconds, f"no end after {max_seconds}s "
              f"({seq} actions)")
        awaiting = view["awaiting"]
        check(awaiting, f"nobody awaited at seq {seq} in an unfinished game: "
              f"{view.get('prompt')}")
        role = rng.choice(awaiting)
        mine = clients[role].view_at(match, seq, timeout=60)["view"]
        check(mine["actions"], f"{role} awaited at seq {seq} without legal actions: "
              f"{mine.get('prompt')}")
        action = policy(rng, mine, role) if policy else pick_action(rng, mine)
        r = clients[role].request({"op": "act", "match": match, "seq": seq, "action": action})
        check(r.get("op") == "ok", f"a legal action offered by the view was refused at seq "
              f"{seq}: {json.dumps(action)} -> {r}")
        seq = r["seq"]
        if seq % FRESH_EVERY == 0:
            for c, op in ((first, "open"), (second, "open"), (watcher, "watch")):
                check_same_view(c.view_at(match, seq, timeout=60),
                                fresh_view(h, c, match, op), f"{c.name} at seq {seq}")
    for c, op in ((first, "open"), (second, "open"), (watcher, "watch")):
        kept = c.view_at(match, seq)
        check_same_view(kept, fresh_view(h, c, match, op), f"{c.name} at the end")
    check(watcher.views[match]["view"]["role"] == "observer", "the spectator's view role")
    result = view["result"]
    print(f"# {game} {scenario} finished after {seq} actions in "
          f"{time.monotonic() - started:.0f}s: {result}", flush=True)

    record = os.path.join(h.tmp, "record.json")
    out = h.run_cli(["export", str(match), "-o", record], first.config)
    check(out.returncode == 0, f"export: {out.stderr}")
    out = h.run_cli(["verify", record], first.config)  # the shipped client
    check(out.returncode == 0, f"verify: {out.stdout} {out.stderr}")
    check(result.get("summary", "") in out.stdout, f"verify result: {out.stdout}")
    with open(record) as f:
        rec = json.load(f)
    rec["secret"] = "00" * 32
    with open(record, "w") as f:
        json.dump(rec, f)
    out = h.run_cli(["verify", record], first.config)
    check(out.returncode == 1, f"verify accepted a tampered secret: {out.stdout}")
    for c in (first, second, watcher):
        c.close()
    n = h.validate_all()
    print(f"# {n} messages validated")
    return seq, view
