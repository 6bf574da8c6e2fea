"""Tournaments and ratings from the terminal client (issue 20): a director
creates a round robin with `telegraph tourney create`, three players
register, it starts, `tourney show` gives the crosstable and each player's
match, the games are played (`resign`) until it is over, and `standings`,
`export`, `ratings` and `leaderboard` print what the server holds; a
player's `tourney start` is refused with the server's code."""

import os
import re

from harness import Harness, check, run_main

PW = "correct horse"


def body(args):
    with Harness(args) as h:
        conf = {n: os.path.join(h.tmp, f"{n}.conf") for n in ("meade", "grant", "lee", "hood")}

        def cli(who, *argv, ok=True):
            out = h.run_cli(list(argv), conf[who], env={"TELEGRAPH_PASSWORD": PW})
            if ok:
                check(out.returncode == 0,
                      f"{who}: telegraph {' '.join(argv)} exited {out.returncode}: "
                      f"{out.stdout} {out.stderr}")
            return out

        for n in conf:
            cli(n, "register", n)
        out = cli("meade", "tourney", "create", "Spring round robin", "fixture-duel",
                  "--format", "round_robin", "--max-players", "3")
        m = re.search(r"Tournament (\d+) created", out.stdout)
        check(m, f"create prints the id: {out.stdout}")
        tid = m.group(1)
        for n in ("grant", "lee", "hood"):
            cli(n, "tourney", "register", tid)
        out = cli("grant", "tourney", "start", tid, ok=False)
        check(out.returncode == 1 and "not_a_director" in out.stderr,
              f"a player cannot start it: {out.returncode} {out.stderr}")
        out = cli("grant", "tourney", "list")
        check("Spring round robin" in out.stdout and "registration" in out.stdout,
              f"tourney list: {out.stdout}")
        cli("meade", "tourney", "start", tid)
        for _ in range(3):
            out = cli("meade", "tourney", "show", tid)
            games = re.findall(r"^round \d+ board \d+: (\S+) - (\S+)\s+playing\s+\(match (\d+)\)",
                               out.stdout, re.M)
            check(games, f"show lists the round's match:\n{out.stdout}")
            for side0, side1, match in games:
                cli(side1, "resign", match)  # side0 wins every game
        out = cli("lee", "tourney", "standings", tid)
        check("finished" in out.stdout, f"standings say finished: {out.stdout}")
        rows = re.findall(r"^\s*(\d+) (\S+)\s+(\d\.\d)", out.stdout, re.M)
        check(len(rows) == 3 and all(float(p) == 2.0 for _, _, p in rows),
              f"three players, a win and a bye each (side0 won every game): {rows}")
        path = os.path.join(h.tmp, "cross.txt")
        cli("hood", "tourney", "export", tid, "--text", "-o", path)
        with open(path) as f:
            text = f.read()
        check(text.startswith("Spring round robin: round_robin") and "+BYE" in text,
              f"the crosstable written: {text}")
        out = cli("hood", "tourney", "export", tid)
        check('"records"' in out.stdout and '"standings"' in out.stdout, "the JSON export")
        out = cli("grant", "ratings")
        check(re.search(r"fixture-duel\s+\d+\.\d\s+RD", out.stdout) and "2 rated games" in out.stdout,
              f"ratings after two rated games: {out.stdout}")
        out = cli("grant", "leaderboard", "fixture-duel")
        check(len(re.findall(r"^\s*\d+ \S+\s+\d+\.\d\s+RD", out.stdout, re.M)) == 3,
              f"leaderboard: {out.stdout}")
        # Pools, the count going on, and a start at a set time.
        out = cli("meade", "tourney", "create", "Groups", "fixture-duel", "--format", "pools",
                  ok=False)
        check(out.returncode == 1 and "malformed_request" in out.stderr,
              f"pools without --pools: {out.stderr}")
        out = cli("meade", "tourney", "create", "Groups", "fixture-duel", "--format", "pools",
                  "--pools", "2", "--advance", "1", "--start-at", "4102444800")
        gid = re.search(r"Tournament (\d+) created", out.stdout).group(1)
        out = cli("grant", "tourney", "show", gid)
        check(out.stdout.startswith("Groups: pools") and "2 pools, 1 going on to the knockout" in out.stdout and
              "starts at 2100-01-01 00:00 UTC by itself" in out.stdout,
              f"the pools event as created: {out.stdout}")
        out = cli("meade", "tourney", "direct", tid, "pause", ok=False)
        check(out.returncode == 1 and "tourney_finished" in out.stderr,
              f"pausing a finished event: {out.stderr}")


if __name__ == "__main__":
    run_main(body)
