"""What a newcomer finds with `telegraph list` (issue 15): `list live` shows
the public matches in progress that allow spectators (what `watch` follows),
`list finished` the public finished ones (what `export` takes); private and
no-spectator matches are not offered to strangers. Each list ends with the
command that uses it, or says that it is empty, and shows each seated
player's rating in the game once he has one.

And a bot follows a match with `telegraph --json --follow`: its input ends
at once, yet it prints the match's pushes (and pings while idle) until the
match is over, then exits 0 by itself."""

import json
import math
import os
import queue
import re
import subprocess
import threading

from harness import Harness, check, register, run_main

PW = "correct horse"


def listed(out, match):
    return re.search(rf"^\s*{match}\s+fixture-duel", out, re.M)


def follow_to_the_end(h, bob):
    dave = h.client("dave")
    register(dave, "dave", PW)
    match = dave.ok({"op": "create", "game": "fixture-duel", "scenario": "sprint",
                     "side": "alpha"})["match"]
    bob.ok({"op": "join", "match": match})
    conf = os.path.join(h.tmp, "erin.conf")
    out = h.run_cli(["register", "erin"], conf, env={"TELEGRAPH_PASSWORD": PW})
    check(out.returncode == 0, f"register erin: {out.stderr}")
    env = dict(os.environ, TELEGRAPH_PING_S="1")
    bot = subprocess.Popen([h.args.cli, "--server", h.daemon.address, "--trust",
                            h.daemon.cert, "--config", conf, "--json", "--follow"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=env)
    bot.stdin.write(json.dumps({"op": "watch", "match": match}) + "\n")
    bot.stdin.close()  # all it will ever be told
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in bot.stdout] and None,
                     daemon=True).start()
    seen = []

    def until(pred, what):
        while True:
            try:
                m = json.loads(lines.get(timeout=30))
            except queue.Empty:
                check(False, f"the following bot never printed {what}: {seen[-5:]}")
            seen.append(m)
            if pred(m):
                return m

    until(lambda m: m.get("op") == "view" and m.get("match") == match, "the view")
    until(lambda m: m.get("op") == "pong", "a pong (it pings while idle)")
    players = {"alpha": dave, "beta": bob}
    seq = 0
    while True:
        view = dave.view_at(match, seq)["view"]
        if view["finished"]:
            break
        who = players[view["awaiting"][0]]
        seq = who.ok({"op": "act", "match": match, "seq": seq,
                      "action": {"type": "commit", "value": 3 if who is dave else 1}})["seq"]
    def over(m):
        return ((m.get("op") == "match" and m.get("status") == "finished")
                or (m.get("op") == "view" and m["view"].get("finished"))
                or (m.get("op") == "patch" and any(
                    p.get("path") == "/finished" and p.get("value") is True
                    for p in m["patch"])))

    until(over, "the end of the match")
    try:
        rc = bot.wait(timeout=30)
    except subprocess.TimeoutExpired:
        bot.kill()
        rc = None
    check(rc == 0, f"the bot leaves by itself when the match is over: rc {rc}, "
          f"stderr {bot.stderr.read()}")
    got = {m["seq"] for m in seen if m.get("op") in ("patch", "view") and m.get("match") == match}
    check(set(range(1, seq + 1)) <= got, f"the bot printed every seq to {seq}: {sorted(got)}")
    dave.close()


def main(args):
    with Harness(args) as h:
        conf = {n: f"{h.tmp}/{n}.conf" for n in ("alice", "carol")}
        for n in conf:
            out = h.run_cli(["register", n], conf[n], env={"TELEGRAPH_PASSWORD": PW})
            check(out.returncode == 0, f"register {n}: {out.stderr}")
        bob = h.client("bob")
        register(bob, "bob", PW)

        out = h.run_cli(["games"], conf["carol"])
        longest = max(len(ln) for ln in out.stdout.splitlines())
        check(out.returncode == 0 and "tournament" in out.stdout and longest <= 100,
              f"games fits 100 columns, wrapped at words (longest {longest}):\n{out.stdout}")

        for which, empty in (("live", "No public match in progress"),
                             ("finished", "No public match has finished")):
            out = h.run_cli(["list", which], conf["carol"])
            check(out.returncode == 0 and empty in out.stdout,
                  f"list {which} on a new server: {out.returncode} {out.stdout} {out.stderr}")

        def start(*extra):
            out = h.run_cli(["create", "fixture-duel", "--side", "alpha", *extra],
                            conf["alice"])
            m = re.search(r"Match (\d+) created", out.stdout)
            check(out.returncode == 0 and m, f"create {extra}: {out.stdout} {out.stderr}")
            inv = re.search(r"Invite code \(private match\): (\S+)", out.stdout)
            bob.ok({"op": "join", "match": int(m.group(1)),
                    **({"invite": inv.group(1)} if inv else {})})
            return int(m.group(1))

        public = start()
        hidden = start("--no-spectators")
        private = start("--private")
        out = h.run_cli(["list", "live"], conf["carol"])
        check(out.returncode == 0 and listed(out.stdout, public)
              and "telegraph watch MATCH" in out.stdout,
              f"list live shows the public match in progress: {out.stdout}")
        check(not listed(out.stdout, hidden) and not listed(out.stdout, private),
              f"list live hides no-spectator and private matches: {out.stdout}")
        carol = h.client("carol")
        carol.ok({"op": "login", "name": "carol", "password": PW})
        carol.ok({"op": "watch", "match": public})
        carol.close()

        for m in (public, hidden, private):
            bob.ok({"op": "resign", "match": m})
        out = h.run_cli(["list", "finished"], conf["carol"])
        check(out.returncode == 0 and listed(out.stdout, public) and listed(out.stdout, hidden)
              and "resigned" in out.stdout and "telegraph export MATCH" in out.stdout,
              f"list finished shows the public finished matches: {out.stdout}")
        check(not listed(out.stdout, private), f"but not the private one: {out.stdout}")
        # Each seated player's rating in the game (issue 20: "each user's
        # rating in the lobby"), as the match object has it, rounded.
        for user, role in (("alice", "alpha"), ("bob", "beta")):
            r = [x for x in bob.ok({"op": "ratings", "user": user})["ratings"]
                 if x["game"] == "fixture-duel"][0]["rating"]
            line = [ln for ln in out.stdout.splitlines() if listed(ln, public)][0]
            check(f" {role}:{user} ({math.floor(r + 0.5)})" in line,
                  f"list shows {user}'s rating {r:.1f} on match {public}: {line}")
        out = h.run_cli(["list", "live"], conf["carol"])
        check(not listed(out.stdout, public), f"a finished match is no longer live: {out.stdout}")
        out = h.run_cli(["export", str(public)], conf["carol"])
        check(out.returncode == 0 and '"telegraph-record"' in out.stdout,
              f"a listed finished match can be exported by a stranger: {out.stderr}")
        out = h.run_cli(["list", "everything"], conf["carol"])
        check(out.returncode == 2 and "live|finished" in out.stderr,
              f"an unknown list is a usage error: {out.returncode} {out.stderr}")
        follow_to_the_end(h, bob)
        bob.close()
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
