"""Pools then knockout over TLS (issue 20: "groups played round robin, the
best of each going on to a final stage"): eight players with different
Glicko-2 ratings dealt into two pools in a snake, each pool a round robin
(games drawn and won at random), the best two of each pool seeded into a
knockout (pool winners first: A1 v B2, B1 v A2), a final, and the overall
ranking. Every expectation is computed here: the snake from the ratings the
server reports, each pool's crosstable by test_tourney's own hand
computation, the qualifiers and the bracket, and the ranking (knockout
players by rounds won in it, then the others by pool place)."""

from harness import Harness, check, register, run_main
from test_tourney import compare_standings, play_draw

import random

GAME = {"game": "fixture-duel", "scenario": "standard"}
RR_ORDER = ["direct", "sonneborn_berger", "wins"]


def play(creator, joiner, winner):
    m = creator.ok({"op": "create", "side": "alpha", **GAME})["match"]
    joiner.ok({"op": "join", "match": m})
    (joiner if winner is creator else creator).ok({"op": "resign", "match": m})


def main(args):
    with Harness(args) as h:
        rng = random.Random(h.seed)
        players = [f"pl{i}" for i in range(1, 9)]
        c = {n: h.client(n) for n in ["director"] + players}
        for n in c:
            register(c[n], n)
        d = c["director"]

        def get(tid):
            return d.ok({"op": "tourney_get", "tourney": tid})["tournament"]

        # Bad creations.
        for bad in ({"format": "pools"}, {"format": "pools", "pools": 1},
                    {"format": "round_robin", "pools": 2},
                    {"format": "swiss", "rounds": 3, "advance": 1},
                    {"format": "pools", "pools": 2, "advance": 0},
                    {"format": "pools", "pools": 3, "max_players": 5}):
            d.error({"op": "tourney_create", "name": "Bad", **GAME, **bad}, "malformed_request")

        # Ratings: pl6 and pl8 win a rated game each, pl1 loses two.
        play(c["pl6"], c["pl1"], c["pl6"])
        play(c["pl8"], c["pl1"], c["pl8"])
        rating = {}
        for n in players:
            got = {x["game"]: x["rating"] for x in d.ok({"op": "ratings", "user": n})["ratings"]}
            rating[n] = got.get("fixture-duel", 1500.0)
        ranked = sorted(players, key=lambda n: (-rating[n], players.index(n)))
        pool = {}
        for i, n in enumerate(ranked):
            lap, pos = divmod(i, 2)
            pool[n] = pos + 1 if lap % 2 == 0 else 2 - pos

        tid = d.ok({"op": "tourney_create", "name": "Pools", "format": "pools", "pools": 2,
                    "advance": 2, **GAME})["tourney"]
        for n in players[:3]:
            c[n].ok({"op": "tourney_register", "tourney": tid})
        d.error({"op": "tourney_start", "tourney": tid}, "too_few_players")
        for n in players[3:]:
            c[n].ok({"op": "tourney_register", "tourney": tid})
        d.ok({"op": "tourney_start", "tourney": tid})
        t = get(tid)
        check(t["pools"] == 2 and t["advance"] == 2 and t["rounds"] == 5,
              f"two pools of four (3 rounds) and a knockout of four (2): {t['rounds']}")
        got_pool = {s["user"]: s["pool"] for s in t["standings"]}
        check(got_pool == pool, f"the snake by rating: {got_pool}, by hand {pool}")

        expected = {}
        for rnd in range(1, 4):
            t = get(tid)
            check(t["round"] == rnd, f"pool round {rnd}: {t['round']}")
            for g in [g for g in t["games"] if g["round"] == rnd]:
                check(g["side1"] is not None and pool[g["side0"]] == pool[g["side1"]],
                      f"a pool game within one pool: {g}")
                k = rng.randrange(4)
                if k == 0:
                    play_draw(c, g)
                    expected[(rnd, g["board"])] = "1/2-1/2"
                else:
                    loser = g["side1"] if k % 2 else g["side0"]
                    c[loser].ok({"op": "resign", "match": g["match"]})
                    expected[(rnd, g["board"])] = "1-0" if k % 2 else "0-1"
        t = get(tid)
        stage = [g for g in t["games"] if g["round"] <= 3]
        for k in (1, 2):
            members = [n for n in players if pool[n] == k]
            met = {frozenset((g["side0"], g["side1"])) for g in stage
                   if g["side0"] in members}
            check(len(met) == 6 and all(len(m) == 2 for m in met),
                  f"pool {k}: everyone met everyone once: {met}")
        # Each pool's standings against the hand-computed crosstable.
        hand_rank = {}
        for ps in t["pool_standings"]:
            k = ps["pool"]
            members = [n for n in players if pool[n] == k]
            results = []
            for g in stage:
                if g["side0"] in members:
                    r = expected[(g["round"], g["board"])]
                    check(g["result"] == r, f"pool game result {g}, caused {r}")
                    results.append((g["side0"], g["side1"],
                                    {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[r], False))
            compare_standings(ps["standings"], members, results, RR_ORDER, f"pool {k}")
            hand_rank[k] = [s["user"] for s in ps["standings"]]

        # The knockout: A1 v B2 and B1 v A2.
        check(t["round"] == 4, f"the knockout follows the pool stage: round {t['round']}")
        a, b = hand_rank[1], hand_rank[2]
        ko = {g["board"]: g for g in t["games"] if g["round"] == 4}
        want = {1: {a[0], b[1]}, 2: {b[0], a[1]}}
        check({k: {g["side0"], g["side1"]} for k, g in ko.items()} == want,
              f"the semi-finals {ko}, by hand {want}")
        won = {n: 0 for n in players}
        finalists = []
        for k in (1, 2):
            g = ko[k]
            w = rng.randrange(2)
            winner, loser = (g["side0"], g["side1"]) if w == 0 else (g["side1"], g["side0"])
            c[loser].ok({"op": "resign", "match": g["match"]})
            won[winner] += 1
            finalists.append(winner)
        t = get(tid)
        final = [g for g in t["games"] if g["round"] == 5]
        check(len(final) == 1 and {final[0]["side0"], final[0]["side1"]} == set(finalists),
              f"the final between the semi-finals' winners: {final}")
        g = final[0]
        c[g["side1"]].ok({"op": "resign", "match": g["match"]})
        won[g["side0"]] += 1
        t = get(tid)
        check(t["status"] == "finished", f"over after the final: {t['status']}")

        # The ranking: qualifiers by knockout rounds won, then pool place.
        place = {n: hand_rank[pool[n]].index(n) + 1 for n in players}
        qualified = {a[0], a[1], b[0], b[1]}

        def key(n):
            return (n not in qualified, -won[n], place[n])

        order = sorted(players, key=key)
        want = []
        for i, n in enumerate(order):
            same = i > 0 and key(order[i - 1]) == key(n)
            want.append((want[-1][0] if same else i + 1, n))
        got = [(s["rank"], s["user"]) for s in t["standings"]]
        # Players on one key may come in either order; compare as rank sets.
        check(sorted(got) == sorted(want) and [r for r, _ in got] == [r for r, _ in want],
              f"ranking {got}, by hand {want}")
        check(t["standings"][0]["user"] == g["side0"], "the champion first")
        for s in t["standings"]:
            n = s["user"]
            check(s["tiebreaks"] == {"rounds_won": won[n], "pool_place": place[n]},
                  f"{n}: {s['tiebreaks']}, by hand {won[n]} won, place {place[n]}")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
