#!/usr/bin/env python3
"""test_games_offered.py — the games the shipped daemon offers (issue 21):

  python3 test_games_offered.py --daemon build/server/telegraphd --cli build/clients/telegraph

The real `telegraphd` (not telegraphd_test) with the real `telegraph`:
`telegraph games` lists every game of server/games/registry.c, Lincoln's War
and Birth of a Legend, with their scenarios, roles and options, and a match
of each can be created from the terminal client and joined by a second
player. The list of games expected is read from the modules' sources (each
`.id = "..."` of a `struct game_module` under server/games/), so a game
built but not registered fails here.

What the welcome says of each game on the wire (its title, scenarios and
option labels) is for players: it names no file of the source tree (a
player has no README), and where a value is reconstructed it says so
plainly.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Daemon  # noqa: E402
from harness_check import CheckFailed, check  # noqa: E402
from raw_tls import Raw  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def module_games():
    """The id of every game module under server/games/."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "server", "games", "*", "*_module.c"))):
        text = open(path, encoding="utf-8").read()
        m = re.search(r"const struct game_module \w+ = \{.*?\.id = \"([^\"]+)\"", text, re.S)
        if m:
            out.append(m.group(1))
    return sorted(out)


# A file of the source tree as texts name it: README, docs/..., x.md, x.c.
FILE_REF = re.compile(r"\bREADME\b|\bdocs/|\b[\w./-]+\.(?:md|c|h|json|txt|py)\b")


def player_texts(game):
    """(where, text) of every text the welcome gives a player of game."""
    out = [("title", game.get("title", ""))]
    for sc in game.get("scenarios", []):
        out.append((f"scenario {sc.get('id')} title", sc.get("title", "")))
        out.append((f"scenario {sc.get('id')} description", sc.get("description", "")))
    for name, o in (game.get("options") or {}).items():
        out.append((f"option {name}", o.get("label", "")))
    return out


def check_welcome_texts(d, games):
    """The welcome, read from the daemon's own bytes: no text a player reads
    points at a file; a "reconstructed" one says of what."""
    raw = Raw(d.port, d.cert)
    try:
        w = raw.request({"op": "hello", "protocol": 1})
    finally:
        raw.close()
    check(w and w.get("op") == "welcome", f"hello: {w}")
    offered = {g["id"]: g for g in w.get("games", [])}
    check(sorted(offered) == games, f"the welcome offers {sorted(offered)}, not {games}")
    for gid, g in offered.items():
        check(g.get("options") is not None, f"{gid}: the welcome gives no options")
        for where, text in player_texts(g):
            check(text.strip() != "", f"{gid} {where}: empty")
            ref = FILE_REF.search(text)
            check(ref is None, f"{gid} {where} names a file ({ref and ref.group(0)!r}): {text!r}")
            check("RECONSTRUCTED" not in text,
                  f"{gid} {where} shouts a maintainer's mark: {text!r}")
        print(f"ok    {gid}: {len(player_texts(g))} texts of the welcome name no file")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", required=True)
    p.add_argument("--cli", required=True)
    args = p.parse_args()
    cli = os.path.abspath(args.cli)
    games = module_games()
    check("birth-of-a-legend" in games and "lincolns-war" in games,
          f"the modules' ids are read from server/games: {games}")
    tmp = tempfile.mkdtemp(prefix="tg-games-offered-")
    d = Daemon(args.daemon, os.path.join(tmp, "data"))
    env = dict(os.environ, TELEGRAPH_PASSWORD="correct horse battery")
    try:
        d.start()
        check_welcome_texts(d, games)
        conf = {}
        for n in ("ann", "ben"):
            conf[n] = os.path.join(tmp, n + ".conf")
            with open(conf[n], "w") as f:
                f.write(f"server = {d.address}\ntrust = {d.data_dir}/cert.pem\n")

        def run(who, *a):
            return subprocess.run([cli, "--config", conf[who], *a], cwd=tmp, env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=60)

        for n in conf:
            r = run(n, "register", n)
            check(r.returncode == 0, f"register {n}: {r.stderr.strip()}")
        r = run("ann", "games")
        check(r.returncode == 0, f"games: rc {r.returncode} {r.stderr.strip()}")
        listed = re.findall(r"^(\S+) — ", r.stdout, re.M)
        check(sorted(listed) == games,
              f"`telegraph games` lists every module, no other: {listed} against {games}")
        for gid in games:
            block = r.stdout.split(gid + " — ", 1)[1]
            sc = re.search(r"^  scenarios:\n    (\S+)", block, re.M)
            check(sc is not None, f"{gid} lists its scenarios:\n{block}")
            scenario = sc.group(1)
            out = run("ann", "create", gid, "--scenario", scenario, "--side", "union")
            check(out.returncode == 0, f"create {gid}: {out.stderr.strip()}")
            m = re.search(r"Match (\d+) created", out.stdout)
            check(m and "you play Union (union)" in out.stdout, f"create {gid}: {out.stdout!r}")
            j = run("ben", "join", m.group(1))
            check(j.returncode == 0, f"join {gid} match {m.group(1)}: {j.stderr.strip()}")
            show = run("ben", "list", "mine")
            check(show.returncode == 0 and re.search(rf"^\s*{m.group(1)}\s+{gid}\b", show.stdout, re.M),
                  f"ben's matches list the {gid} match: {show.stdout!r} {show.stderr!r}")
            print(f"ok    {gid}: listed, created ({scenario}), joined")
    except CheckFailed as e:
        print("FAIL  " + str(e))
        print(d.tail() if d.proc else "")
        return 1
    finally:
        if d.proc:
            d.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
