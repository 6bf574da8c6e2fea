"""A single elimination over TLS (issue 20): seven players seeded by their
Glicko-2 ratings, a bracket of eight (the top seed's bye), a drawn game that
sends the better seed through, a withdrawal in the semi-final, a final, and
the ranking by rounds won. Every expectation is computed here on its own:
the seeds from the ratings the server reports, the bracket by the standard
recursive definition (1 v 8, 4 v 5, 2 v 7, 3 v 6), each next round from the
results the test caused, the sides by the rule of server/core/tourney_elim.c.
"""

from harness import Harness, check, register, run_main

import random

GAME = {"game": "fixture-duel", "scenario": "standard"}


def bracket(size):
    """Seeds 1..size in bracket order: slots 2k and 2k+1 meet first; each
    seed s of a bracket of m is followed by m*2+1-s in the one of 2m."""
    order = [1]
    while len(order) < size:
        m = len(order) * 2
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def play_draw(c, g):
    """fixture-duel's six rounds, both sides committing 1: equal scores, a
    draw at the end."""
    seq = 0
    for rnd in range(1, 7):
        lead, follow = (g["side0"], g["side1"]) if rnd % 2 else (g["side1"], g["side0"])
        for who in (lead, follow):
            seq = c[who].ok({"op": "act", "match": g["match"], "seq": seq,
                             "action": {"type": "commit", "value": 1}})["seq"]


def play(creator, joiner, winner):
    m = creator.ok({"op": "create", "side": "alpha", **GAME})["match"]
    joiner.ok({"op": "join", "match": m})
    (joiner if winner is creator else creator).ok({"op": "resign", "match": m})


def main(args):
    with Harness(args) as h:
        rng = random.Random(h.seed)
        names = ["director"] + [f"pl{i}" for i in range(1, 8)]
        c = {n: h.client(n) for n in names}
        for n in names:
            register(c[n], n)
        d = c["director"]

        def get(tid):
            return d.ok({"op": "tourney_get", "tourney": tid})["tournament"]

        # Ratings before the event: pl5 and pl7 win a rated game, pl2 loses two.
        play(c["pl5"], c["pl2"], c["pl5"])
        play(c["pl7"], c["pl2"], c["pl7"])
        players = [f"pl{i}" for i in range(1, 8)]
        rating = {}
        for n in players:
            got = {x["game"]: x["rating"] for x in d.ok({"op": "ratings", "user": n})["ratings"]}
            rating[n] = got.get("fixture-duel", 1500.0)
        seeds = sorted(players, key=lambda n: (-rating[n], players.index(n)))
        check(seeds[0] in ("pl5", "pl7") and seeds[-1] == "pl2",
              f"the ratings differ as played: {rating}")
        seed = {n: i + 1 for i, n in enumerate(seeds)}

        tid = d.ok({"op": "tourney_create", "name": "Knockout", "format": "single_elimination",
                    **GAME})["tourney"]
        for n in players:
            c[n].ok({"op": "tourney_register", "tourney": tid})
        d.ok({"op": "tourney_start", "tourney": tid})
        t = get(tid)
        check(t["format"] == "single_elimination" and t["rounds"] == 3 and t["round"] == 1,
              f"seven players: three rounds: {t['format']} {t['rounds']} {t['round']}")

        sides_played = {n: [] for n in players}  # sides of games played with a match

        def expect_sides(x, y):
            """x the better seed: the pairing's (side0, side1)."""
            def surplus(n):
                return sides_played[n].count(0) - sides_played[n].count(1)
            sx, sy = surplus(x), surplus(y)
            lx = sides_played[x][-1] if sides_played[x] else -1
            ly = sides_played[y][-1] if sides_played[y] else -1
            x_gets_1 = sx > sy if sx != sy else (lx == 0 if lx != ly else False)
            return (y, x) if x_gets_1 else (x, y)

        def check_round(t, rnd, places):
            """places: {board: (a, b or None)}; checks the round's games."""
            games = {g["board"]: g for g in t["games"] if g["round"] == rnd}
            check(sorted(games) == sorted(places), f"round {rnd} boards {sorted(games)}, "
                  f"expected {sorted(places)}")
            for b, (x, y) in places.items():
                g = games[b]
                if y is None:
                    check(g["side0"] == x and g["side1"] is None and g["result"] == "bye",
                          f"round {rnd} board {b}: a bye for {x}: {g}")
                    continue
                if seed[y] < seed[x]:
                    x, y = y, x
                want = expect_sides(x, y)
                check((g["side0"], g["side1"]) == want and g["match"] is not None,
                      f"round {rnd} board {b}: {want} expected, got {g}")
            return games

        def played(g):
            sides_played[g["side0"]].append(0)
            sides_played[g["side1"]].append(1)

        # Round 1: the bracket of eight; seed 8 does not exist: seed 1's bye.
        order = bracket(8)
        by_seed = {i + 1: n for i, n in enumerate(seeds)}
        r1 = {k + 1: (by_seed[order[2 * k]], by_seed.get(order[2 * k + 1]))
              for k in range(4)}
        games = check_round(t, 1, r1)
        winners = {}
        for b, g in games.items():
            if g["side1"] is None:
                winners[b] = g["side0"]
                continue
            played(g)
            if b == 2:
                # A game drawn over the board: the better seed goes through.
                play_draw(c, g)
                winners[b] = min(g["side0"], g["side1"], key=lambda n: seed[n])
                continue
            w = rng.randrange(2)
            loser = g["side1"] if w == 0 else g["side0"]
            winners[b] = g["side0"] if w == 0 else g["side1"]
            c[loser].ok({"op": "resign", "match": g["match"]})

        # Round 2: winners of boards 1-2 and 3-4.
        t = get(tid)
        check(t["round"] == 2 and t["status"] == "active", f"round 2: {t['round']}")
        games = check_round(t, 2, {1: (winners[1], winners[2]), 2: (winners[3], winners[4])})
        # A result of round 1 cannot change once round 2 is paired.
        d.error({"op": "tourney_direct", "tourney": tid, "action": "set_result", "round": 1,
                 "board": 4, "result": "1-0", "reason": "late"}, "round_closed")
        # Board 1: a player withdraws, his opponent goes through by forfeit.
        g = games[1]
        played(g)
        quitter = g["side1"]
        c[quitter].ok({"op": "tourney_withdraw", "tourney": tid})
        w2 = {1: g["side0"]}
        g = games[2]
        played(g)
        w = rng.randrange(2)
        w2[2] = g["side0"] if w == 0 else g["side1"]
        c[g["side1"] if w == 0 else g["side0"]].ok({"op": "resign", "match": g["match"]})

        # Round 3: the final.
        t = get(tid)
        check(t["round"] == 3, f"the final: round {t['round']}")
        games = check_round(t, 3, {1: (w2[1], w2[2])})
        g = games[1]
        champion = g["side0"] if rng.randrange(2) == 0 else g["side1"]
        finalist = g["side1"] if champion == g["side0"] else g["side0"]
        c[finalist].ok({"op": "resign", "match": g["match"]})
        t = get(tid)
        check(t["status"] == "finished", f"over after the final: {t['status']}")

        # The ranking: rounds won (a bye counts); out in one round, one rank.
        won = {n: 0 for n in players}
        for g in t["games"]:
            r = g["result"]
            if g["side1"] is None or r in ("1-0", "+-"):
                won[g["side0"]] += 1
            elif r in ("0-1", "-+"):
                won[g["side1"]] += 1
            elif r == "1/2-1/2":
                won[min(g["side0"], g["side1"], key=lambda n: seed[n])] += 1
        check(won[champion] == 3 and won[finalist] == 2, f"rounds won: {won}")
        ranked = sorted(players, key=lambda n: (-won[n], seed[n]))
        want = []
        for i, n in enumerate(ranked):
            same = i > 0 and won[ranked[i - 1]] == won[n]
            want.append((want[-1][0] if same else i + 1, n))
        got = [(s["rank"], s["user"]) for s in t["standings"]]
        check(got == want, f"ranking {got}, by hand {want}")
        for s in t["standings"]:
            check(s["tiebreaks"] == {"rounds_won": won[s["user"]]},
                  f"{s['user']}: {s['tiebreaks']}")
            check(s["withdrawn"] == (s["user"] == quitter), f"withdrawn flag: {s}")
        check(t["standings"][0]["user"] == champion, "the champion first")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
