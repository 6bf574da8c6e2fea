"""Issue 20's "Done means": a director announces a Lincoln's War Swiss,
players sign up, and the tournament runs itself from the first round to
the final standings, with ratings updated, the director doing nothing but
pressing start.

Over TLS with an injected clock (as test_tourney_clock.py): a 2-round Swiss
of four players in the Tournament scenario with a per-move clock that ends
a game by itself (`on_timeout: auto`). In each round one game is resigned
and the other is left to run out of time; nobody sends anything else. The
server must create each round's Lincoln's War matches, count the loss on
time, pair round 2 by itself and finish; a spectator may watch a round's
match; and every player ends with a Lincoln's War rating of two games, the
leaderboard holding the four in the order of their ratings."""

import os

from harness import Harness, check, register, run_main

T0 = 1900000000
GRACE = 600
PER_MOVE = 3600
GAME = {"game": "lincolns-war", "scenario": "tournament"}


def set_time(h, t):
    tmp = h.clock_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{t}\n")
    os.replace(tmp, h.clock_file)


def body(args):
    h = Harness(args, daemon_args=("--set", f"clock_timeout_grace_s={GRACE}"))
    h.clock_file = os.path.join(h.tmp, "clock")
    os.environ["TELEGRAPHD_TEST_CLOCK"] = h.clock_file
    now = T0
    set_time(h, now)
    with h:
        players = ["grant", "lee", "sherman", "longstreet"]
        names = ["meade", "watcher"] + players
        c = {n: h.client(n) for n in names}
        for n in names:
            register(c[n], n)
        d = c["meade"]
        tc = {"kind": "per_move", "per_move": PER_MOVE, "on_timeout": "auto"}
        tid = d.ok({"op": "tourney_create", "name": "Lincoln's War Swiss", "format": "swiss",
                    "rounds": 2, "time_control": tc, **GAME})["tourney"]
        for n in players:
            c[n].ok({"op": "tourney_register", "tourney": tid})
        d.ok({"op": "tourney_start", "tourney": tid})  # the director's only act
        timed_out = []
        for rnd in (1, 2):
            t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
            check(t["status"] == "active" and t["round"] == rnd, f"round {rnd} under way: {t}")
            games = [g for g in t["games"] if g["round"] == rnd]
            check(len(games) == 2 and all(g["match"] and g["result"] is None for g in games),
                  f"round {rnd}: two matches started by the server: {games}")
            for g in games:
                info = [m for m in c[g["side0"]].ok({"op": "list", "which": "mine"})["matches"]
                        if m["match"] == g["match"]][0]
                check(info["game"] == "lincolns-war" and info["scenario"] == "tournament" and
                      info["status"] == "active" and info["rated"],
                      f"a rated Lincoln's War match of the event: {info}")
            c["watcher"].ok({"op": "watch", "match": games[0]["match"]})
            # Board 1: the second side resigns. Board 2: nobody moves.
            c[games[0]["side1"]].ok({"op": "resign", "match": games[0]["match"]})
            slow = games[1]
            info = [m for m in c[slow["side0"]].ok({"op": "list", "which": "mine"})["matches"]
                    if m["match"] == slow["match"]][0]
            running = info["clock"]["running"]
            check(len(running) == 1, f"one side's clock runs in match {slow['match']}: {info}")
            loser = slow["side0"] if running[0] == info["seats"][0]["role"] else slow["side1"]
            check(loser in (slow["side0"], slow["side1"]), f"the side to move: {info}")
            timed_out.append((rnd, slow["board"], loser == slow["side0"]))
            now += PER_MOVE + GRACE
            set_time(h, now)
            d.request({"op": "ping"})
            d.wait_for(lambda m: m.get("op") == "tournament" and m.get("tourney") == tid and
                       m.get("event") == ("round" if rnd == 1 else "finished"), 30)
        t = d.ok({"op": "tourney_get", "tourney": tid})["tournament"]
        check(t["status"] == "finished", f"the event finished by itself: {t['status']}")
        for rnd, board, side0_lost in timed_out:
            g = [g for g in t["games"] if g["round"] == rnd and g["board"] == board][0]
            check(g["result"] == ("0-1" if side0_lost else "1-0"),
                  f"round {rnd} board {board} lost on time: {g}")
        for g in t["games"]:
            if g["board"] == 1:
                check(g["result"] == "1-0", f"the resigned game: {g}")
        wins = {n: sum(1 for g in t["games"]
                       if (g["side0"] == n and g["result"] == "1-0") or
                       (g["side1"] == n and g["result"] == "0-1")) for n in players}
        pts = {s["user"]: s["points"] for s in t["standings"]}
        check(pts == {n: float(wins[n]) for n in players}, f"points are wins: {pts}, {wins}")
        check([s["rank"] for s in t["standings"]] == sorted(s["rank"] for s in t["standings"]),
              f"final standings in rank order: {t['standings']}")
        # Ratings: two rated Lincoln's War games each.
        rated = {}
        for n in players:
            r = d.ok({"op": "ratings", "user": n})["ratings"]
            lw = [x for x in r if x["game"] == "lincolns-war"]
            check(len(lw) == 1 and lw[0]["games"] == 2 and lw[0]["deviation"] < 350,
                  f"{n}'s rating after two games: {r}")
            rated[n] = lw[0]["rating"]
        top = max(players, key=lambda n: wins[n])
        check(wins[top] == 2 and rated[top] == max(rated.values()) and rated[top] > 1500,
              f"the winner of both games is rated highest: {rated}, wins {wins}")
        lb = d.ok({"op": "leaderboard", "game": "lincolns-war"})["leaderboard"]
        check(sorted(x["user"] for x in lb) == sorted(players) and
              [x["rating"] for x in lb] == sorted((x["rating"] for x in lb), reverse=True),
              f"the leaderboard: {lb}")
        h.validate_all()


if __name__ == "__main__":
    run_main(body)
