"""A player whose opponent withdrew before their round is told so offline
(issue 20: "Notifications ... tell players that their next round has
started"): a round robin schedules the withdrawn player's later games as
forfeits without a match, and his scheduled opponent must still hear that
the round started and that he wins it by forfeit, as a bye is told.

Two round robins, each player with a signed webhook (test_notify's real
HTTP receiver). In the one of four, a player withdraws during round 1: in
rounds 2 and 3 his opponent has a forfeit while the other two play. In the
one of three, a player withdraws during round 1: one of the later rounds is
then his forfeit and the third player's bye, decided at once with no match
at all, and the server goes straight on to the next round; both stayers
must hear of it all the same. Each stayer gets exactly one notice a round,
and its content (bye, forfeit, or opponent, side and match) is what the
pairings the server publishes say."""

from harness import Harness, check, register, run_main
from notify_rig import hook_server, wait_until

GAME = {"game": "fixture-duel", "scenario": "standard"}


def main(args):
    h = Harness(args, daemon_args=("--set", "webhook_allow_loopback=1",
                                   "--set", "notify_poll_ms=100"))
    with h:
        names = ["director", "pl1", "pl2", "pl3", "pl4"]
        c = {n: h.client(n) for n in names}
        for n in names:
            register(c[n], n)
        hooks = {}
        for n in names[1:]:
            hooks[n] = hook_server("ok")
            r = c[n].ok({"op": "notify_settings", "webhook_format": "json",
                         "webhook_url": f"http://127.0.0.1:{hooks[n].server_port}/{n}"})
            hooks[n].secret = r["settings"]["webhook_secret"]
        d = c["director"]

        def get(tid):
            return d.ok({"op": "tourney_get", "tourney": tid})["tournament"]

        def notices(tid, n, rnd):
            return [r for r in hooks[n].received
                    if r["body"].get("tourney") == tid and r["body"].get("round") == rnd]

        def expect_notices(tid, name, rnd, stayers, quitter):
            games = [g for g in get(tid)["games"] if g["round"] == rnd]
            for n in stayers:
                wait_until(lambda: notices(tid, n, rnd), f"{n}'s notice of round {rnd}")
                got = notices(tid, n, rnd)
                check(len(got) == 1, f"{n}: one notice of round {rnd}: {got}")
                r = got[0]
                check(r["signed"] and r["event"] == "match_started", f"{n}: signed: {r}")
                b = r["body"]
                check(b["subject"] == f"Round {rnd} of {name} has started", f"{n}: {b}")
                mine = [g for g in games if n in (g["side0"], g["side1"])]
                check(len(mine) == 1, f"{n} has one game in round {rnd}: {games}")
                g = mine[0]
                if g["result"] == "bye":
                    check(b["bye"] is True and b["forfeit"] is False and b["match"] is None
                          and "bye" in b["text"], f"{n}'s bye in round {rnd}: {b}")
                elif g["match"] is None:
                    opp = g["side1"] if g["side0"] == n else g["side0"]
                    won = "+-" if g["side0"] == n else "-+"
                    check(opp == quitter and g["result"] == won,
                          f"round {rnd}: {n}'s forfeit is against {quitter}: {g}")
                    check(b["forfeit"] is True and b["bye"] is False and b["match"] is None
                          and b["side"] is None and b["opponent"] == quitter
                          and quitter in b["text"] and "withdrew" in b["text"]
                          and "forfeit" in b["text"],
                          f"{n} is told that {quitter} withdrew in round {rnd}: {b}")
                else:
                    side = "alpha" if g["side0"] == n else "beta"
                    opp = g["side1"] if g["side0"] == n else g["side0"]
                    check(b["forfeit"] is False and b["bye"] is False and
                          b["match"] == g["match"] and b["opponent"] == opp and
                          b["side"] == side and f"match {g['match']}" in b["text"],
                          f"{n}'s notice of round {rnd}: {b}, the pairing {g}")
            check(not notices(tid, quitter, rnd), f"{quitter} withdrew: no notice of round {rnd}")
            return games

        def run_event(name, players):
            tid = d.ok({"op": "tourney_create", "name": name, "format": "round_robin",
                        **GAME})["tourney"]
            for n in players:
                c[n].ok({"op": "tourney_register", "tourney": tid})
            d.ok({"op": "tourney_start", "tourney": tid})
            t = get(tid)
            g1 = [g for g in t["games"] if g["round"] == 1 and g["match"] is not None][0]
            quitter = g1["side0"]
            stayers = [n for n in players if n != quitter]
            c[quitter].ok({"op": "tourney_withdraw", "tourney": tid})
            forfeits = 0
            for rnd in range(1, t["rounds"] + 1):
                wait_until(lambda: get(tid)["round"] >= rnd or get(tid)["status"] == "finished",
                           f"round {rnd} of {name}")
                games = [g for g in get(tid)["games"] if g["round"] == rnd]
                if rnd > 1:
                    games = expect_notices(tid, name, rnd, stayers, quitter)
                    forfeits += sum(1 for g in games if g["match"] is None and
                                    g["result"] in ("+-", "-+"))
                for g in games:
                    if g["result"] is None:
                        c[g["side1"]].ok({"op": "resign", "match": g["match"]})
            wait_until(lambda: get(tid)["status"] == "finished", f"{name} finished")
            check(forfeits == len(players) - 2,
                  f"{name}: {quitter}'s later games were forfeits: {get(tid)['games']}")
            return tid

        run_event("Four", ["pl1", "pl2", "pl3", "pl4"])
        # With three, one later round has no match at all (a forfeit and a bye).
        tid = run_event("Three", ["pl1", "pl2", "pl3"])
        rounds = {}
        for g in get(tid)["games"]:
            rounds.setdefault(g["round"], []).append(g)
        check(any(all(g["match"] is None for g in gs) for r, gs in rounds.items() if r > 1),
              f"a round decided at once: {rounds}")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
