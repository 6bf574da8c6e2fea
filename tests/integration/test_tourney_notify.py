"""A new round reaches tournament players offline (issue 20: "Notifications
... tell players that their next round has started"), through issue 19's
notification outbox: each player has a webhook (a real HTTP receiver here,
which checks the HMAC signature), a round robin of three is started, and
each round every player still in gets a signed "match_started" notice that
names the tournament and the round, and his opponent, side and match, or
his bye; the expectations come from the pairings the server publishes. A
withdrawn player is told nothing of later rounds."""

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
        tid = d.ok({"op": "tourney_create", "name": "Wired", "format": "round_robin",
                    **GAME})["tourney"]
        for n in ("pl1", "pl2", "pl3"):
            c[n].ok({"op": "tourney_register", "tourney": tid})
        d.ok({"op": "tourney_start", "tourney": tid})

        def notices(n):
            return [r for r in hooks[n].received if r["body"].get("tourney") == tid]

        def expect_round(rnd, players):
            t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
            games = [g for g in t["games"] if g["round"] == rnd]
            for n in players:
                wait_until(lambda: any(r["body"]["round"] == rnd for r in notices(n)),
                           f"{n}'s notice of round {rnd}")
                got = [r for r in notices(n) if r["body"]["round"] == rnd]
                check(len(got) == 1, f"{n}: one notice of round {rnd}: {got}")
                r = got[0]
                check(r["signed"] and r["event"] == "match_started" and
                      r["body"]["event"] == "match_started", f"{n}: a signed notice: {r}")
                b = r["body"]
                check(b["subject"] == f"Round {rnd} of Wired has started", f"{n}: {b}")
                g = [g for g in games if n in (g["side0"], g["side1"])][0]
                if g["side1"] is None:
                    check(b["bye"] is True and b["match"] is None and "bye" in b["text"],
                          f"{n} has the bye of round {rnd}: {b}")
                    continue
                side = "alpha" if g["side0"] == n else "beta"
                opp = g["side1"] if g["side0"] == n else g["side0"]
                check(b["bye"] is False and b["match"] == g["match"] and
                      b["opponent"] == opp and b["side"] == side and
                      f"match {g['match']}" in b["text"] and opp in b["text"],
                      f"{n}'s notice of round {rnd}: {b}, the pairing {g}")
            return games

        games = expect_round(1, ["pl1", "pl2", "pl3"])
        check(not notices("pl4"), "pl4, not in the event, is told nothing")
        g = [g for g in games if g["side1"] is not None][0]
        c[g["side1"]].ok({"op": "resign", "match": g["match"]})
        expect_round(2, ["pl1", "pl2", "pl3"])
        # A withdrawn player hears nothing of round 3.
        t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
        g = [g for g in t["games"] if g["round"] == 2 and g["side1"] is not None][0]
        quitter = g["side0"]
        stayer = [n for n in ("pl1", "pl2", "pl3") if n != quitter]
        c[quitter].ok({"op": "tourney_withdraw", "tourney": tid})
        expect_round(3, stayer)
        check(not [r for r in notices(quitter) if r["body"]["round"] == 3],
              f"{quitter} withdrew: no notice of round 3")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
