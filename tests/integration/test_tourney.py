"""Tournaments over TLS (issue 20): a round robin of 6 and a 5-round Swiss of
9 played to the end by bots, a withdrawal, a restart of the daemon in the
middle of a round, and the bad requests (registering twice, after the start,
for a full or invite-only event; a non-director using director tools).

Results come from the one result path every game has: in each game the
test picks a winner at random and the other player resigns, so a game
costs two messages (the fixture game, not Lincoln's War: the test is about
the tournament, not the rules). Both events have a per-move clock that ends
a game by itself, and the daemon's clock is injected (TELEGRAPHD_TEST_CLOCK):
about one game in three is instead left to run out of time, the side to
move (side 1 when side 0 has made a move first, by a coin) losing it. The standings the server sends are
compared with a crosstable this file computes on its own from the results
it caused: points, Buchholz, Buchholz cut-1, Sonneborn-Berger, direct
encounter and wins, the ranks, and the tiebreak order of each format. In
the Swiss board 1 and one other game in four are played to their end as
draws over the board
(fixture-duel draws on equal scores), which counts 1/2 to each."""

from harness import Harness, check, free_fixed_port, register, run_main

import json
import os
import random
import re
import time

GAME = {"game": "fixture-duel", "scenario": "standard"}
T0 = 1900000000
PER_MOVE = 3600
GRACE = 600
CLOCK = {"time_control": {"kind": "per_move", "per_move": PER_MOVE, "on_timeout": "auto"}}


def set_time(h, t):
    tmp = h.clock_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{t}\n")
    os.replace(tmp, h.clock_file)
    h.now = t


# ---- the independent crosstable -------------------------------------------------

def crosstable(names, results, order):
    """results: (a, b or None, score of a, forfeit) with names. Returns
    {name: {"points", tiebreak: value}} and the ranked list [(rank, name)]."""
    pts = {n: 0.0 for n in names}
    wins = {n: 0 for n in names}
    games = [r for r in results if r[1] is not None]
    for a, b, sa, _ in results:
        if b is None:
            pts[a] += 1
            continue
        pts[a] += sa
        pts[b] += 1 - sa
        wins[a] += sa == 1
        wins[b] += sa == 0
    opp = {n: [] for n in names}  # (opponent's points, my score)
    for a, b, sa, _ in games:
        opp[a].append((pts[b], sa))
        opp[b].append((pts[a], 1 - sa))
    tb = {}
    for n in names:
        bh = sum(p for p, _ in opp[n])
        tb[n] = {"buchholz": bh,
                 "buchholz_cut1": bh - (min(p for p, _ in opp[n]) if opp[n] else 0),
                 "sonneborn_berger": sum(p * s for p, s in opp[n]),
                 "wins": wins[n], "direct": 0.0, "points": pts[n]}
    de = order.index("direct")

    def key(n, upto):
        return tuple([-pts[n]] + [-tb[n][k] for k in order[:upto]])

    tied = {}
    for n in names:
        tied.setdefault(key(n, de), []).append(n)
    for group in tied.values():
        if len(group) < 2:
            continue
        for a, b, sa, _ in games:
            if a in group and b in group:
                tb[a]["direct"] += sa
                tb[b]["direct"] += 1 - sa
    index = {n: i for i, n in enumerate(names)}
    ranked = sorted(names, key=lambda n: (key(n, len(order)), index[n]))
    ranks = []
    for i, n in enumerate(ranked):
        same = i > 0 and key(ranked[i - 1], len(order)) == key(n, len(order))
        ranks.append((ranks[-1][0] if same else i + 1, n))
    return tb, ranks


def compare_standings(standings, names, results, order, what):
    tb, ranks = crosstable(names, results, order)
    got = [(s["rank"], s["user"]) for s in standings]
    check(got == ranks, f"{what}: ranking {got}, by hand {ranks}")
    for s in standings:
        want = tb[s["user"]]
        check(abs(s["points"] - want["points"]) < 1e-9,
              f"{what}: {s['user']} has {s['points']} points, by hand {want['points']}")
        check(list(s["tiebreaks"]) == order, f"{what}: tiebreak order {list(s['tiebreaks'])}")
        for k in order:
            check(abs(s["tiebreaks"][k] - want[k]) < 1e-9,
                  f"{what}: {s['user']} {k} {s['tiebreaks'][k]}, by hand {want[k]}")


# ---- playing ---------------------------------------------------------------------

def tournament(c, tid):
    return c.ok({"op": "tourney_get", "tourney": tid})["tournament"]


def play_draw(clients, g):
    """Plays g to its end as a draw over the board: fixture-duel's six
    rounds with both sides committing 1 each time (equal scores, no die)."""
    seq = 0
    for rnd in range(1, 7):
        lead, follow = (g["side0"], g["side1"]) if rnd % 2 else (g["side1"], g["side0"])
        for who in (lead, follow):
            seq = clients[who].ok({"op": "act", "match": g["match"], "seq": seq,
                                   "action": {"type": "commit", "value": 1}})["seq"]


def run_out(h, clients, tid, games, expected):
    """Lets the side to move in each of games run out of time: the clock
    passes the move's hour, then the grace, and the daemon ends each match
    by itself (on_timeout auto). expected gets a loss for that side."""
    d = clients["director"]
    for g in games:
        info = [m for m in clients[g["side0"]].ok({"op": "list", "which": "mine"})["matches"]
                if m["match"] == g["match"]][0]
        running = info["clock"]["running"]
        check(len(running) == 1, f"one clock runs in match {g['match']}: {info}")
        role0 = [x["role"] for x in info["seats"] if x["user"] == g["side0"]][0]
        expected[(g["round"], g["board"])] = "0-1" if running[0] == role0 else "1-0"
    set_time(h, h.now + PER_MOVE)
    d.request({"op": "ping"})
    set_time(h, h.now + GRACE)
    d.request({"op": "ping"})
    deadline = time.monotonic() + 20
    while True:
        done = {(g["round"], g["board"]): g["result"] for g in tournament(d, tid)["games"]}
        if all(done[(g["round"], g["board"])] is not None for g in games):
            return
        check(time.monotonic() < deadline, f"games left to time out ended: {games}, {done}")
        time.sleep(0.1)


def play_round(h, clients, tid, rng, expected, skip=(), draws=False):
    """Plays every open game of the current round: a random side wins, the
    other resigns (or, with draws, board 1 and one other game in four are
    played to a draw); unless games are skipped, about one in three of the
    others (at least one a round) is left to run out of time instead, after
    side 0 has moved first or not, by a coin.
    expected[(round, board)] gets the result caused.
    Games whose board is in skip are left unplayed. Returns the round."""
    t = tournament(clients["director"], tid)
    rnd = t["round"]
    decided = []
    for g in t["games"]:
        if g["round"] != rnd or g["result"] is not None or g["board"] in skip:
            continue
        check(g["match"] is not None and g["side1"] is not None, f"a game to play: {g}")
        if draws and (g["board"] == 1 or rng.randrange(4) == 0):
            play_draw(clients, g)
            expected[(rnd, g["board"])] = "1/2-1/2"
            continue
        decided.append(g)
    slow = []
    if not skip and decided:
        slow = [g for g in decided if rng.randrange(3) == 0] or [decided[-1]]
    for g in slow:
        if rng.randrange(2):
            clients[g["side0"]].ok({"op": "act", "match": g["match"], "seq": 0,
                                    "action": {"type": "commit", "value": 1}})
    for g in decided:
        if g in slow:
            continue
        winner = rng.randrange(2)
        loser = g["side1"] if winner == 0 else g["side0"]
        clients[loser].ok({"op": "resign", "match": g["match"]})
        expected[(rnd, g["board"])] = "1-0" if winner == 0 else "0-1"
    if slow:
        run_out(h, clients, tid, slow, expected)
    return rnd


def results_of(t, expected):
    """The stored games as crosstable results, each checked against what the
    test caused (byes and forfeits are the server's own decisions)."""
    out = []
    for g in t["games"]:
        r = g["result"]
        if g["side1"] is None:
            check(r == "bye" and g["match"] is None, f"a bye: {g}")
            out.append((g["side0"], None, 1.0, False))
            continue
        want = expected.get((g["round"], g["board"]))
        check(r == want, f"round {g['round']} board {g['board']}: result {r}, caused {want}")
        sa = {"1-0": 1.0, "0-1": 0.0, "+-": 1.0, "-+": 0.0, "1/2-1/2": 0.5}[r]
        out.append((g["side0"], g["side1"], sa, r in ("+-", "-+")))
    return out


def relogin(h, clients):
    for c in clients.values():
        c.kill()
        c.start()
        _, r = c.wait_for(lambda x: x.get("id") == "cli-resume", 20)
        check(r["op"] == "ok", f"{c.name}: resume after restart: {r}")


def main(args):
    h = Harness(args, daemon_args=("--set", "tourney_directors=director, td2",
                                   "--set", f"clock_timeout_grace_s={GRACE}"))
    h.daemon.port = free_fixed_port(random.Random(h.seed ^ 0x70E))
    h.clock_file = os.path.join(h.tmp, "clock")
    os.environ["TELEGRAPHD_TEST_CLOCK"] = h.clock_file
    set_time(h, T0)
    with h:
        rng = h.rng
        names = ["director"] + [f"pl{i}" for i in range(1, 10)]
        clients = {n: h.client(n) for n in names}
        anon = h.client("anon")
        anon.error({"op": "tourney_list"}, "not_logged_in")
        for n in names:
            register(clients[n], n)
        d = clients["director"]

        # ---- who may direct, and bad creations ---------------------------------
        clients["pl1"].error({"op": "tourney_create", "name": "Mine", "format": "round_robin",
                             **GAME}, "not_a_director")
        d.error({"op": "tourney_create", "name": "S", "format": "swiss", **GAME},
                "malformed_request")  # a Swiss needs its rounds
        d.error({"op": "tourney_create", "name": "X", "format": "knockout", **GAME},
                "malformed_request")
        d.error({"op": "tourney_create", "name": "X", "format": "round_robin",
                 "game": "fixture-duel", "scenario": "nope"}, "bad_scenario")
        d.error({"op": "tourney_get", "tourney": 999}, "no_such_tourney")

        # ---- a round robin of 6 ------------------------------------------------
        rr = d.ok({"op": "tourney_create", "name": "Spring round robin",
                   "format": "round_robin", "max_players": 6, **CLOCK, **GAME})["tourney"]
        six = [f"pl{i}" for i in range(1, 7)]
        for n in six:
            clients[n].ok({"op": "tourney_register", "tourney": rr})
        clients["pl1"].error({"op": "tourney_register", "tourney": rr}, "already_registered")
        clients["pl7"].error({"op": "tourney_register", "tourney": rr}, "tourney_full")
        clients["pl1"].error({"op": "tourney_start", "tourney": rr}, "not_a_director")
        d.ok({"op": "tourney_start", "tourney": rr})
        d.error({"op": "tourney_start", "tourney": rr}, "registration_closed")
        clients["pl7"].error({"op": "tourney_register", "tourney": rr}, "registration_closed")
        t = tournament(d, rr)
        check(t["status"] == "active" and t["round"] == 1 and t["rounds"] == 5,
              f"round robin of 6 started: {t['status']} round {t['round']}/{t['rounds']}")
        # The players' matches are real matches: one sits in his own.
        g = t["games"][0]
        mine = clients[g["side0"]].ok({"op": "list", "which": "mine"})["matches"]
        check(any(m["match"] == g["match"] and m["status"] == "active" for m in mine),
              f"{g['side0']} sits in his round-1 match: {mine}")
        expected = {}
        for want_round in range(1, 6):
            rnd = play_round(h, clients, rr, rng, expected)
            check(rnd == want_round, f"round robin: round {rnd}, expected {want_round}")
        t = tournament(d, rr)
        check(t["status"] == "finished", f"round robin over: {t['status']}")
        check(len(t["games"]) == 15, f"15 games in a round robin of 6, not {len(t['games'])}")
        met = {frozenset((g["side0"], g["side1"])) for g in t["games"]}
        check(len(met) == 15, "everyone met everyone once")
        results = results_of(t, expected)
        rr_order = ["direct", "sonneborn_berger", "wins"]
        compare_standings(t["standings"], six, results, rr_order, "round robin")
        # Pushes: each player heard of every round and of the end, with the
        # standings; a user not in the event heard nothing of it.
        pl1 = clients["pl1"]
        pl1.wait_for(lambda m: m.get("op") == "tournament" and m.get("tourney") == rr and
                     m.get("event") == "finished", 20)
        pushes = [m for m in pl1.received if m.get("op") == "tournament" and
                  m.get("tourney") == rr]
        rounds = [m["round"] for m in pushes if m["event"] == "round"]
        check(rounds == [1, 2, 3, 4, 5], f"pl1 was told of rounds {rounds}")
        check(all(any(g["side0"] == "pl1" or g["side1"] == "pl1" for g in m["games"])
                  for m in pushes if m["event"] == "round"),
              "each round push lists the round's games, pl1's among them")
        check(len([m for m in pushes if m["event"] == "standings"]) == 15,
              "a standings push after each of the 15 results")
        check(pushes[-1]["standings"] == t["standings"], "the last push has the final standings")
        check(not [m for m in clients["pl7"].received if m.get("op") == "tournament" and
                   m.get("tourney") == rr], "pl7, not in the event, is told nothing of it")
        st = d.ok({"op": "tourney_standings", "tourney": rr})
        check(st["standings"] == t["standings"] and st["tourney_status"] == "finished",
              "standings and the tournament agree")

        # ---- export: JSON with every match record, and a text crosstable -------
        ex = clients["pl7"].ok({"op": "tourney_export", "tourney": rr})["export"]
        check(ex["standings"] == t["standings"] and len(ex["games"]) == 15,
              "the JSON export has the standings and every pairing")
        check(sorted(int(k) for k in ex["records"]) == sorted(g["match"] for g in t["games"]),
              "the JSON export has the record of every match")
        check(any("started by director" in e["text"] for e in ex["log"]), "and the log")
        rec_file = os.path.join(h.tmp, "rr_board1.json")
        with open(rec_file, "w") as f:
            json.dump(ex["records"][str(t["games"][0]["match"])], f)
        v = h.run_cli(["verify", rec_file], os.path.join(h.tmp, "verify.conf"),
                      cli=args.cli_fixture)
        check(v.returncode == 0, f"an exported record verifies: {v.stdout} {v.stderr}")
        text = clients["pl7"].ok({"op": "tourney_export", "tourney": rr,
                                  "format": "text"})["text"]
        lines = text.splitlines()
        rows = [ln for ln in lines if re.match(r"^\s*\d+ ", ln)]
        check(len(rows) == 6, f"six players in the crosstable:\n{text}")
        by_name = {s["user"]: s for s in t["standings"]}
        for i, ln in enumerate(rows):
            parts = ln.split()
            name, pts, cells = parts[1], float(parts[2]), parts[3:8]
            check(name == t["standings"][i]["user"] and pts == by_name[name]["points"],
                  f"crosstable line {i + 1}: {ln}")
            check(sum(1 for c in cells if c.startswith("+")) == pts,
                  f"{name}: as many + cells as points (no draws): {ln}")
            for c in cells:
                opp = rows[int(c[1:-1]) - 1].split()[1]
                met = [g for g in t["games"] if {g["side0"], g["side1"]} == {name, opp}]
                check(len(met) == 1 and c[-1] == ("a" if met[0]["side0"] == name else "b"),
                      f"{name}'s cell {c}: the opponent and side of a game played")

        # ---- invite only -------------------------------------------------------
        inv = d.ok({"op": "tourney_create", "name": "Club night", "format": "swiss",
                    "rounds": 2, "invite_only": True, **GAME})
        check(len(inv.get("invite", "")) == 10, f"an invite code: {inv}")
        clients["pl1"].error({"op": "tourney_register", "tourney": inv["tourney"]},
                            "invite_required")
        clients["pl1"].error({"op": "tourney_register", "tourney": inv["tourney"],
                             "invite": "WRONGCODE2"}, "invite_required")
        clients["pl1"].ok({"op": "tourney_register", "tourney": inv["tourney"],
                          "invite": inv["invite"]})
        clients["pl1"].ok({"op": "tourney_withdraw", "tourney": inv["tourney"]})
        clients["pl1"].error({"op": "tourney_withdraw", "tourney": inv["tourney"]},
                            "not_registered")
        d.error({"op": "tourney_start", "tourney": inv["tourney"]}, "too_few_players")
        listed = clients["pl2"].ok({"op": "tourney_list"})["tournaments"]
        entry = [x for x in listed if x["tourney"] == inv["tourney"]]
        check(entry and entry[0]["invite_only"] and "invite" not in entry[0],
              f"the list shows an invite-only event without its code: {entry}")

        # ---- a 5-round Swiss of 9, a withdrawal, a restart ----------------------
        sw = d.ok({"op": "tourney_create", "name": "Autumn Swiss", "format": "swiss",
                   "rounds": 5, **CLOCK, **GAME})["tourney"]
        nine = [f"pl{i}" for i in range(1, 10)]
        for n in nine:
            clients[n].ok({"op": "tourney_register", "tourney": sw})
        d.ok({"op": "tourney_start", "tourney": sw})
        expected = {}
        play_round(h, clients, sw, rng, expected, draws=True)
        play_round(h, clients, sw, rng, expected, draws=True)
        # Round 3: half its games played, then the daemon restarts.
        t = tournament(d, sw)
        check(t["round"] == 3, f"Swiss round 3 after two: {t['round']}")
        boards = [g["board"] for g in t["games"] if g["round"] == 3 and g["result"] is None]
        play_round(h, clients, sw, rng, expected, skip=boards[len(boards) // 2:], draws=True)
        before = tournament(d, sw)
        h.daemon.stop()
        h.daemon.start()
        relogin(h, clients)
        after = tournament(d, sw)
        check(after == before, "the tournament is the same after a restart")
        play_round(h, clients, sw, rng, expected)
        # pl9 withdraws in round 4: his game is forfeited, he is not paired again.
        t = tournament(d, sw)
        check(t["round"] == 4, f"round 4 paired after the restart: {t['round']}")
        g9 = [g for g in t["games"] if g["round"] == 4 and "pl9" in (g["side0"], g["side1"])]
        clients["pl9"].ok({"op": "tourney_withdraw", "tourney": sw})
        if g9 and g9[0]["side1"] is not None:
            expected[(4, g9[0]["board"])] = "-+" if g9[0]["side0"] == "pl9" else "+-"
        clients["pl9"].error({"op": "tourney_withdraw", "tourney": sw}, "not_registered")
        clients["pl9"].error({"op": "tourney_register", "tourney": sw}, "registration_closed")
        play_round(h, clients, sw, rng, expected, draws=True)
        play_round(h, clients, sw, rng, expected, draws=True)
        t = tournament(d, sw)
        check(t["status"] == "finished" and t["round"] == 5,
              f"Swiss over after 5 rounds: {t['status']} {t['round']}")
        check(not [g for g in t["games"] if g["round"] == 5 and "pl9" in (g["side0"], g["side1"])],
              "a withdrawn player is not paired")
        byes = [g["side0"] for g in t["games"] if g["side1"] is None]
        check(len(byes) == len(set(byes)), f"nobody has two byes: {byes}")
        check(len([g for g in t["games"] if g["round"] <= 4 and g["side1"] is None]) == 4,
              "one bye in each round of nine")
        pairs = [frozenset((g["side0"], g["side1"])) for g in t["games"] if g["side1"]]
        check(len(pairs) == len(set(pairs)), "no rematch in a Swiss of 9 over 5 rounds")
        drawn = [g for g in t["games"] if g["result"] == "1/2-1/2"]
        check(drawn, "some Swiss games were drawn over the board")
        for g in drawn:
            rec = clients["pl1"].ok({"op": "export", "match": g["match"]})["record"]
            check(rec["result"]["winner"] is None, f"a drawn game's match has no winner: {rec}")
        results = results_of(t, expected)
        sw_order = ["buchholz_cut1", "buchholz", "sonneborn_berger", "direct", "wins"]
        compare_standings(t["standings"], nine, results, sw_order, "Swiss")
        timed = [g for g in t["games"] + tournament(d, rr)["games"] if g["match"] and
                 g["result"] in ("1-0", "0-1") and
                 clients["pl1"].ok({"op": "export", "match": g["match"]})["record"]["result"]
                 .get("timeout")]
        check(len(timed) >= 3, f"some games of the two events were lost on time: {timed}")
        check([s for s in t["standings"] if s["user"] == "pl9"][0]["withdrawn"],
              "pl9 is shown withdrawn")
        clients["pl1"].error({"op": "tourney_withdraw", "tourney": sw}, "tourney_finished")
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
