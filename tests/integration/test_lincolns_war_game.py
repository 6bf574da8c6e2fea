"""A complete Lincoln's War game of the scenario given by --scenario
(tournament, introductory, campaign), played by a random legal-action bot through two real `telegraph --json` clients: every action
is picked from the acting role's view (params filled from their choices),
the views kept from patches must equal fresh views, every message must
validate, and the finished game's record must pass `telegraph verify`."""

import json
import os
import time

from harness import (Harness, check, check_same_view, fresh_view, pick_action, register,
                     run_main)

# Bounds per scenario: a Campaign game is about ten times a Tournament's.
LIMITS = {"tournament": (6000, 420), "introductory": (40000, 1500),
          "campaign": (60000, 2400)}
FRESH_EVERY = 97  # compare kept and fresh views this often


BUYS = ("promote", "draft", "rehabilitate", "appoint_gic", "appoint_co")


def spends_pc(entry):
    t = entry["action"].get("type", "")
    return t in BUYS or t.startswith("buy_")


def prudent(rng, view, role):
    """lw_bot.c's prudent policy: a purchase (7.1) in one choice of five where
    other actions are offered, and none below 4 PC, so that games reach the
    late turns instead of collapsing (21.1) after a spending spree."""
    pc = view["board"]["players"][role]["pc"]
    buys = [a for a in view["actions"] if spends_pc(a)]
    if len(buys) < len(view["actions"]) and (pc < 4 or rng.randrange(5) != 0):
        return pick_action(rng, view, lambda a: not spends_pc(a))
    return pick_action(rng, view)


def main(args):
    MAX_ACTIONS, MAX_SECONDS = LIMITS[args.scenario]
    with Harness(args) as h:
        rng = h.rng
        union, conf = h.client("union"), h.client("confederate")
        register(union, "lincoln")
        register(conf, "davis")
        created = union.ok({"op": "create", "game": "lincolns-war", "scenario": args.scenario,
                            "side": "union", "entropy": os.urandom(32).hex()})
        match = created["match"]
        mine = union.ok({"op": "list", "which": "mine"})["matches"]
        check([m.get("scenario") for m in mine if m.get("match", m.get("id")) == match]
              == [args.scenario], f"my matches: {mine}")
        conf.ok({"op": "join", "match": match, "entropy": os.urandom(32).hex()})
        grant = h.client("observer")
        register(grant, "grant")
        grant.ok({"op": "watch", "match": match})
        clients = {"union": union, "confederate": conf}
        seq = 0
        started = time.monotonic()
        while True:
            kept = union.view_at(match, seq, timeout=60)
            view = kept["view"]
            if view["finished"]:
                break
            check(seq < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions")
            check(time.monotonic() - started < MAX_SECONDS, f"no end after {MAX_SECONDS}s "
                  f"({seq} actions)")
            awaiting = view["awaiting"]
            check(awaiting, f"nobody awaited at seq {seq} in an unfinished game: "
                  f"{view.get('prompt')}")
            role = rng.choice(awaiting)
            mine = clients[role].view_at(match, seq, timeout=60)["view"]
            check(mine["actions"], f"{role} awaited at seq {seq} without legal actions: "
                  f"{mine.get('prompt')}")
            action = prudent(rng, mine, role) if args.scenario != "tournament" \
                else pick_action(rng, mine)
            r = clients[role].request({"op": "act", "match": match, "seq": seq,
                                       "action": action})
            check(r.get("op") == "ok", f"a legal action offered by the view was refused at seq "
                  f"{seq}: {json.dumps(action)} -> {r}")
            seq = r["seq"]
            if seq % FRESH_EVERY == 0:
                for c, op in ((union, "open"), (conf, "open"), (grant, "watch")):
                    check_same_view(c.view_at(match, seq, timeout=60),
                                    fresh_view(h, c, match, op), f"{c.name} at seq {seq}")
        for c, op in ((union, "open"), (conf, "open"), (grant, "watch")):
            kept = c.view_at(match, seq)
            check_same_view(kept, fresh_view(h, c, match, op), f"{c.name} at the end")
        check(grant.views[match]["view"]["role"] == "observer", "the spectator's view role")
        result = view["result"]
        turn = (view["board"].get("turn") or {}).get("name")
        print(f"# {args.scenario} finished in turn {turn} after {seq} actions in {time.monotonic() - started:.0f}s: "
              f"{result}", flush=True)

        record = os.path.join(h.tmp, "record.json")
        out = h.run_cli(["export", str(match), "-o", record], union.config)
        check(out.returncode == 0, f"export: {out.stderr}")
        out = h.run_cli(["verify", record], union.config)  # the shipped client
        check(out.returncode == 0, f"verify: {out.stdout} {out.stderr}")
        check(result.get("summary", "") in out.stdout, f"verify result: {out.stdout}")
        with open(record) as f:
            rec = json.load(f)
        rec["secret"] = "00" * 32
        with open(record, "w") as f:
            json.dump(rec, f)
        out = h.run_cli(["verify", record], union.config)
        check(out.returncode == 1, f"verify accepted a tampered secret: {out.stdout}")
        for c in (union, conf, grant):
            c.close()
        n = h.validate_all()
        print(f"# {n} messages validated")
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main, lambda p: p.add_argument("--scenario", choices=sorted(LIMITS),
                                            default="tournament"))
