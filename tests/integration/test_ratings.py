"""Glicko-2 ratings over TLS (issue 20): a rated match updates both players'
ratings in its game when it ends (a one-game rating period), an unrated one
changes nothing, a tournament's matches are rated unless the event is not;
the ratings show in match objects, in `ratings` and in the game's
`leaderboard`. The expected figures come from Glickman's procedure written
out again here ("Example of the Glicko-2 system", steps 1-8, tau 0.5), not
from the server's code."""

import math

from harness import Harness, check, register, run_main

GAME = {"game": "fixture-duel", "scenario": "standard"}
SCALE = 173.7178


def glicko2(r, rd, vol, games, tau=0.5):
    """games: [(opponent rating, opponent deviation, score)]."""
    mu, phi = (r - 1500) / SCALE, rd / SCALE

    def g(p):
        return 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)

    def e(mu_j, phi_j):
        return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))

    opp = [((rj - 1500) / SCALE, rdj / SCALE, s) for rj, rdj, s in games]
    v = 1 / sum(g(pj) ** 2 * e(mj, pj) * (1 - e(mj, pj)) for mj, pj, _ in opp)
    total = sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opp)
    delta = v * total
    a = math.log(vol ** 2)

    def f(x):
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) \
            - (x - a) / tau ** 2

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    vol2 = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + vol2 ** 2)
    phi2 = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * total
    return SCALE * mu2 + 1500, min(SCALE * phi2, 350.0), vol2


def rating(c, user=None):
    req = {"op": "ratings"}
    if user:
        req["user"] = user
    got = c.ok(req)["ratings"]
    return {x["game"]: x for x in got}


def play(h, creator, joiner, winner, rated=True):
    """A match between two clients; the loser resigns."""
    req = {"op": "create", "side": "alpha", **GAME}
    if not rated:
        req["rated"] = False
    m = creator.ok(req)["match"]
    joiner.ok({"op": "join", "match": m})
    loser = joiner if winner is creator else creator
    loser.ok({"op": "resign", "match": m})
    return m


def close(a, b, what):
    check(abs(a - b) < 1e-6, f"{what}: server {a}, by hand {b}")


def main(args):
    with Harness(args) as h:
        # Glickman's worked example first: the reference implementation here
        # must reproduce it before it checks anything.
        r, rd, vol = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
        check(abs(r - 1464.06) < 0.01 and abs(rd - 151.52) < 0.01 and abs(vol - 0.05999) < 1e-5,
              f"the test's Glicko-2 reproduces Glickman's example: {r} {rd} {vol}")

        alice, bob, carol = h.client("alice"), h.client("bob"), h.client("carol")
        for c in (alice, bob, carol):
            register(c, c.name)
        check(rating(alice) == {}, "no rating before a rated game")
        alice.error({"op": "leaderboard", "game": "no-such-game"}, "no_such_game")
        alice.error({"op": "ratings", "user": "nobody-here"}, "no_such_user")
        alice.error({"op": "create", "rated": "yes", **GAME}, "malformed_request")

        # An unrated match changes nothing.
        m = play(h, alice, bob, alice, rated=False)
        check(rating(alice) == {} and rating(bob) == {}, "an unrated match rates nobody")
        info = [x for x in alice.ok({"op": "list", "which": "mine"})["matches"]
                if x["match"] == m][0]
        check(info["rated"] is False, f"the match object says unrated: {info}")

        # alice beats bob: both start at 1500 / 350 / 0.06.
        play(h, alice, bob, alice)
        a1 = glicko2(1500, 350, 0.06, [(1500, 350, 1)])
        b1 = glicko2(1500, 350, 0.06, [(1500, 350, 0)])
        ra, rb = rating(alice)["fixture-duel"], rating(bob, "bob")["fixture-duel"]
        for got, want, who in ((ra, a1, "alice"), (rb, b1, "bob")):
            close(got["rating"], want[0], f"{who}'s rating")
            close(got["deviation"], want[1], f"{who}'s deviation")
            close(got["volatility"], want[2], f"{who}'s volatility")
            check(got["games"] == 1, f"{who} has one rated game: {got}")
        check(ra["rating"] > 1500 > rb["rating"], "the winner gains, the loser loses")

        # carol (new) beats alice: each is rated against the other's rating
        # before the game.
        play(h, carol, alice, carol)
        c2 = glicko2(1500, 350, 0.06, [(a1[0], a1[1], 1)])
        a2 = glicko2(a1[0], a1[1], a1[2], [(1500, 350, 0)])
        close(rating(carol)["fixture-duel"]["rating"], c2[0], "carol's rating")
        close(rating(alice)["fixture-duel"]["rating"], a2[0], "alice's rating after a loss")
        close(rating(bob, "carol")["fixture-duel"]["deviation"], c2[1], "carol seen by bob")

        # The match object shows each seat's rating (rounded) in the lobby.
        m = bob.ok({"op": "create", "side": "alpha", **GAME})["match"]
        listed = [x for x in carol.ok({"op": "list", "which": "open"})["matches"]
                  if x["match"] == m][0]
        check(listed["rated"] is True, "rated by default")
        seat = [s for s in listed["seats"] if s["user"] == "bob"][0]
        check(seat["rating"] == round(b1[0]), f"bob's seat shows {seat}, by hand {b1[0]:.0f}")
        check([s for s in listed["seats"] if s["user"] is None][0]["rating"] is None,
              "an empty seat has no rating")
        bob.ok({"op": "leave", "match": m})

        # The leaderboard, best first.
        lb = alice.ok({"op": "leaderboard", "game": "fixture-duel"})["leaderboard"]
        want = sorted([("alice", a2[0]), ("bob", b1[0]), ("carol", c2[0])], key=lambda x: -x[1])
        check([e["user"] for e in lb] == [n for n, _ in want], f"leaderboard order: {lb}")
        check([e["rank"] for e in lb] == [1, 2, 3], f"leaderboard ranks: {lb}")

        # Tournament games are rated unless the event is unrated.
        for rated in (False, True):
            t = alice.ok({"op": "tourney_create", "name": "Rated?" if rated else "Friendly",
                          "format": "round_robin", "rated": rated, **GAME})["tourney"]
            before = {c.name: rating(c).get("fixture-duel", {}).get("games", 0)
                      for c in (bob, carol)}
            bob.ok({"op": "tourney_register", "tourney": t})
            carol.ok({"op": "tourney_register", "tourney": t})
            alice.ok({"op": "tourney_start", "tourney": t})
            g = alice.ok({"op": "tourney_get", "tourney": t})["tournament"]["games"][0]
            {"bob": bob, "carol": carol}[g["side1"]].ok({"op": "resign", "match": g["match"]})
            after = {c.name: rating(c).get("fixture-duel", {}).get("games", 0)
                     for c in (bob, carol)}
            add = 1 if rated else 0
            check(after == {k: v + add for k, v in before.items()},
                  f"a {'rated' if rated else 'friendly'} tournament game: {before} -> {after}")
        # A Swiss ranks equal scores by rating: in round 1 (everyone on 0)
        # the bye goes to the lowest-rated player, though he registered first
        # (by registration order alone it would be the last to register).
        lb = alice.ok({"op": "leaderboard", "game": "fixture-duel"})["leaderboard"]
        order = [e["user"] for e in lb]
        lowest = order[-1]
        sw = alice.ok({"op": "tourney_create", "name": "Seeded Swiss", "format": "swiss",
                       "rounds": 1, **GAME})["tourney"]
        by_name = {"alice": alice, "bob": bob, "carol": carol}
        for n in [lowest] + [x for x in order if x != lowest]:
            by_name[n].ok({"op": "tourney_register", "tourney": sw})
        alice.ok({"op": "tourney_start", "tourney": sw})
        games = alice.ok({"op": "tourney_get", "tourney": sw})["tournament"]["games"]
        bye = [g["side0"] for g in games if g["side1"] is None]
        check(bye == [lowest], f"the bye goes to the lowest rated ({order}): {games}")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
