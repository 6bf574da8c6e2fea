"""What a player reads for a seat is the game's text, never the role the
protocol names it by (game.h role_titles and seat_text; PROTOCOL.md "The
match object"): on the wire and in the terminal client.

Birth of a Legend with 16.1 bidding: the preferred side is the
Confederates; the union seat bids 3 and the confederate seat 0, so the
union seat plays the Confederates (16.1.1, decision 40). Before the bids
each seat reads its side's title, after the reveal what it plays:
- the welcome's role_titles (every game gives its own, the fixture's roles
  read as themselves);
- the open reply's seat_texts, the match object of `list mine`, and the
  `match` push the players' connections get when the reveal changes them;
- a spectator's connection gets that `match` push too, before the view of
  the reveal (read on its bytes: a bare TLS connection, raw_tls.py);
- `telegraph games`, `create`, `join`, `invitations accept`, `list mine`,
  the `play` screen (its header, "Waiting for" and, after a resignation,
  the winner) and `verify` of the match's record (its winner) show the
  texts, not "union" and "confederate"."""

import json
import os
import re

from harness import Harness, check, register, run_main
from test_cli_play import Screen
from test_lincolns_war_hidden_raw import wire

PW = "correct horse"
UNION_SEAT = "Confederates (the union seat, 16.1.1)"
CONF_SEAT = "Union (the confederate seat, 16.1.1)"


def texts_of(match_obj):
    return {s["role"]: s.get("text") for s in match_obj["seats"]}


def main(args):
    with Harness(args) as h:
        ben = h.client("ben")
        register(ben, "ben", PW)
        games = {g["id"]: g for g in ben.ok({"op": "games"})["games"]}
        for gid in ("lincolns-war", "birth-of-a-legend"):
            check(games[gid].get("role_titles") == {"union": "Union", "confederate": "Confederates"},
                  f"{gid}'s role_titles: {games[gid].get('role_titles')}")
        if "fixture-duel" in games:
            g = games["fixture-duel"]
            check(g.get("role_titles") == {r: r for r in g["roles"]},
                  f"a game without titles reads its roles: {g.get('role_titles')}")

        conf = os.path.join(h.tmp, "ann.conf")
        out = h.run_cli(["register", "ann"], conf, env={"TELEGRAPH_PASSWORD": PW})
        check(out.returncode == 0, f"register ann: {out.stderr}")
        out = h.run_cli(["games"], conf)
        check(re.search(r"^birth-of-a-legend .*\n  roles: union \(Union\), confederate \(Confederates\)$",
                        out.stdout, re.M), f"`telegraph games` shows each role's title:\n{out.stdout}")
        out = h.run_cli(["create", "birth-of-a-legend", "--side", "union", "--option", "bidding=true"],
                        conf)
        check(out.returncode == 0, f"create: {out.stderr}")
        check("you play Union (union)." in out.stdout, f"create says what ann plays: {out.stdout!r}")
        match = int(re.search(r"Match (\d+) created", out.stdout).group(1))
        ben.ok({"op": "join", "match": match})
        # A spectator on the bare wire, watching from before the bids.
        cal = wire(h, "cal")
        cal.follow(match)
        cal.ok({"op": "watch", "match": match})
        cal.view_at(0)
        cal_mark = len(cal.lines)

        ann = h.client("ann")
        ann.ok({"op": "login", "name": "ann", "password": PW})
        opened = ann.ok({"op": "open", "match": match})
        check(opened.get("seat_texts") == {"union": "Union", "confederate": "Confederates"},
              f"the open reply before the bids: {opened}")
        mine = ann.ok({"op": "list", "which": "mine"})["matches"]
        m = next(x for x in mine if x["match"] == match)
        check(texts_of(m) == {"union": "Union", "confederate": "Confederates"},
              f"list mine before the bids: {m['seats']}")

        screen = Screen([h.args.cli, "--server", h.daemon.address, "--trust", h.daemon.cert,
                         "--config", conf, "play", str(match)])
        screen.wait(rf"^=== Match {match} \(birth-of-a-legend\) — you play Union — seq 0 ===$")
        screen.wait(r"^Waiting for: Union, Confederates  \(your turn\)$")

        # The bids: 3 from the union seat, 0 from the confederate seat.
        ben.ok({"op": "open", "match": match})
        mark = len(ann.received)
        view = ann.view_at(match, 0)["view"]
        bid = next(a for a in view["actions"] if a["action"]["type"] == "bid")
        rp = next(c["value"] for c in bid["params"][0]["choices"] if str(c["value"]) == "3")
        ann.ok({"op": "act", "match": match, "seq": 0, "action": {"type": "bid", "rp": rp}})
        zero = next(c["value"] for c in bid["params"][0]["choices"] if str(c["value"]) == "0")
        ben.ok({"op": "act", "match": match, "seq": 1, "action": {"type": "bid", "rp": zero}})
        _, pushed = ann.wait_for(lambda x: x.get("op") == "match" and x.get("match") == match,
                                 30, start=mark)
        check(texts_of(pushed) == {"union": UNION_SEAT, "confederate": CONF_SEAT},
              f"the match push after the reveal: {pushed['seats']}")
        mine = ann.ok({"op": "list", "which": "mine"})["matches"]
        m = next(x for x in mine if x["match"] == match)
        check(texts_of(m) == {"union": UNION_SEAT, "confederate": CONF_SEAT},
              f"list mine after the reveal: {m['seats']}")
        # The spectator: the match object again, with the new texts, before
        # the view of the reveal (seq 2), as the players get it.
        cal.view_at(2)
        pushes, reveal_at = [], None
        for i, raw in enumerate(cal.lines[cal_mark:]):
            msg = json.loads(raw)
            if msg.get("match") != match:
                continue
            if msg.get("op") == "match":
                pushes.append((i, msg))
            elif msg.get("op") in ("view", "patch") and msg.get("seq") == 2 and reveal_at is None:
                reveal_at = i
        fresh = [(i, m) for i, m in pushes if texts_of(m) == {"union": UNION_SEAT, "confederate": CONF_SEAT}]
        check(fresh and fresh[0][0] < reveal_at,
              f"the spectator's bytes after the reveal carry no match object with the new seat "
              f"texts before the view of seq 2: {[m['seats'] for _, m in pushes]}")
        spec = fresh[0][1]
        check("your_role" not in spec and "invite" not in spec,
              f"the spectator's match object names no seat of his: {spec}")
        h.schemas.validate(spec, "the spectator's match push")
        again = ben.ok({"op": "open", "match": match})
        check(again.get("seat_texts") == {"union": UNION_SEAT, "confederate": CONF_SEAT},
              f"the open reply after the reveal: {again}")

        # The terminal client: the play screen, then list mine.
        screen.wait(rf"^=== Match {match} \(birth-of-a-legend\) — you play {re.escape(UNION_SEAT)} — seq 2 ===$")
        out = h.run_cli(["list", "mine"], conf)
        line = next((x for x in out.stdout.splitlines() if re.match(rf"^\s*{match}\s", x)), "")
        check(f" {UNION_SEAT}:ann" in line and f" {CONF_SEAT}:ben" in line and f"[you: {UNION_SEAT}]" in line,
              f"list mine shows the seats' texts: {out.stdout!r}")
        check(not re.search(r"\bunion:|\bconfederate:", line), f"list mine names a role: {line!r}")
        # ben resigns: the winner is ann's seat, read as what it plays.
        ben.ok({"op": "resign", "match": match})
        screen.wait(rf"The match is over: .* — winner: {re.escape(UNION_SEAT)}\.$")
        screen.proc.stdin.close()
        screen.proc.wait(timeout=30)
        # Joining from the terminal says the seat by its title too.
        lw = ben.ok({"op": "create", "game": "lincolns-war", "scenario": "tournament",
                     "side": "union"})["match"]
        out = h.run_cli(["join", str(lw)], conf)
        check(out.returncode == 0 and f"Joined match {lw} as Confederates (confederate)." in out.stdout,
              f"join says what ann plays: {out.stdout!r} {out.stderr!r}")
        # An invitation accepted from the terminal says the seat by its title.
        priv = ben.ok({"op": "create", "game": "birth-of-a-legend", "scenario": "seven-days",
                       "side": "union", "visibility": "private"})["match"]
        ben.ok({"op": "invite", "match": priv, "user": "ann"})
        out = h.run_cli(["invitations", "accept", str(priv)], conf)
        check(out.returncode == 0 and f"You sit in match {priv} as Confederates (confederate)." in out.stdout,
              f"invitations accept says what ann plays: {out.stdout!r} {out.stderr!r}")
        # verify replays the record and says the winner as his seat plays.
        record = os.path.join(h.tmp, "bidding.json")
        out = h.run_cli(["export", str(match), "-o", record], conf)
        check(out.returncode == 0, f"export: {out.stderr}")
        out = h.run_cli(["verify", record], conf)
        check(out.returncode == 0 and f" — winner: {UNION_SEAT}\n" in out.stdout,
              f"verify says the winner by what his seat plays: {out.stdout!r} {out.stderr!r}")
        cal.close()
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
