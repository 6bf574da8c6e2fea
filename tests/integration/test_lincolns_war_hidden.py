"""12.7 on the wire (issue 14 defect 5): Lincoln's War games (2000 actions
in all by default, each game to its end) played by a
random legal-action bot through two real `telegraph --json` clients over
TLS, with a spectator. After every action, each connection's messages since
the last action (view and patch pushes with their log lines and prompts,
the replies to its requests, errors included) must not name a general that
its view hides both before and after that action.

The hidden set is derived from the views themselves: a general is hidden
from a connection when his owner's view lists him (a subordinate under
`board.forces[].subordinates`) and the connection's own view does not show
him (neither as a CO nor as a revealed subordinate). A name counts as given
away when it appears in any string the connection received (a log line, a
prompt, a label, an error message) or when his id is a string value.
Card objects ({"number", "name", ...}) are skipped and log text naming a
card ("card 20 George G. Meade", "Event ...", "(...)", "... for the") is
masked: some cards carry a general's name.

On a sample of the states each side also sends an action offered to his
opponent; the error he gets is scanned the same way.

One more may be named: a battle's participant, in the lines of his 16.4
indecisive roll and of his 16.8 casualty roll, when the same action also
ends the turn. 16.3 reveals every unit of the battle before the rolls, and
10.7.4 hides them again at the supply phase, so such an action shows no
view with him revealed, though over the table he was (session 28's CI:
"J.E.B. Stuart is indecisive: die 2, value 1 (16.4.1)." at the end of
Summer 1861; session 30's loop of the raw test: "Casualty roll 5: J.E.B.
Stuart is wounded (16.8.1)." in the action that began Spring 1862; the
engine's test_12_7_log_names says more)."""

import json
import os
import re

from harness import Harness, check, pick_action, register, run_main

CARD_PATH = re.compile(r"/(card|campaign_card|resource|hand/\d+|hand/-)(/|$)")
# Lines written only for a battle's units after lw_battle_resolve's 16.3
# reveal: lw_battle_results.c general_value (16.4) and lw_battle_casualty.c
# hit_general (16.8: a miss, a wound, a death, a hit passed to another rank)
REVEALED_LINE = re.compile(
    r"(.+ is indecisive: die \d+, value -?\d+ \(16\.4(\.1)?\)"
    r"|Casualty roll \d+(: .+ is (wounded|killed) \(16\.8\.[12]\)"
    r"| for .+: (miss|a \d-star general is hit instead.*) \(16\.8\)))\.")


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "server", "games",
                    "lincolns_war", "data")


def all_card_names():
    """Every card's name, both decks (the module's data files)."""
    names = set()
    for side in ("union", "confederate"):
        with open(os.path.join(DATA, f"cards_{side}.json")) as f:
            names |= {c["name"] for c in json.load(f)["cards"] if c.get("name")}
    return names


def card_names(view):
    """Names of the cards the view shows: a played card, a hand."""
    names = set()

    def walk(v):
        if isinstance(v, dict):
            if "number" in v and "name" in v and "pc" in v:
                names.add(v["name"])
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(view)
    return names


def mask(text, cards):
    for n in cards:
        for pat in (r"card \d+ " + re.escape(n), "Event " + re.escape(n),
                    "Seditious " + re.escape(n), r"\(" + re.escape(n) + r"\)",
                    re.escape(n) + " for the ", r"\d+ " + re.escape(n),
                    "erratic resource " + re.escape(n)):
            text = re.sub(pat, "#", text)
    return text


def shown(view):
    """{id: name} of every general the view names on the map."""
    out = {}
    for f in view["board"]["forces"]:
        for u in [f["co"]] + f.get("subordinates", []):
            out[u["id"]] = u["name"]
    return out


def own_subordinates(view):
    """{id: name} of the subordinates the owner's view lists."""
    out = {}
    for f in view["board"]["forces"]:
        if f.get("side") == view["role"]:
            for u in f.get("subordinates", []):
                if not u["id"].startswith("tco-"):
                    out[u["id"]] = u["name"]
    return out


def hidden_from(viewer_view, owner_views):
    seen = shown(viewer_view)
    hidden = {}
    for ov in owner_views:
        if ov["role"] == viewer_view["role"]:
            continue
        for gid, name in own_subordinates(ov).items():
            if gid not in seen:
                hidden[gid] = name
    return hidden


def leaks(msg, forbidden, cards, turned=False):
    """[(what, text)] where msg names a general of forbidden. turned: the
    action ended the turn (a 16.4 or 16.8 roll's line may name a battle's
    revealed participant: see the head comment)."""
    found = []

    def scan_str(s, where):
        named = [(g, n) for g, n in forbidden.items() if n in s or s == g]
        if not named or (turned and REVEALED_LINE.fullmatch(s)):
            return
        t = mask(s, cards)  # only where a name is there: masking is slow
        for gid, name in named:
            if name in t or s == gid:
                found.append((name, where, s[:300]))

    def walk(v, where):
        if isinstance(v, dict):
            if "number" in v and "name" in v and "pc" in v:
                return  # a card object
            for k, x in v.items():
                walk(x, f"{where}/{k}")
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, f"{where}/{i}")
        elif isinstance(v, str):
            scan_str(v, where)

    if msg.get("op") == "patch":
        for p in msg.get("patch", []):
            if CARD_PATH.search(p.get("path", "")):
                continue
            walk(p.get("value"), p.get("path", ""))
    else:
        walk(msg, "")
    return found


ALL_CARDS = all_card_names()


def play_scanned(h, conns, view_at, scan, stats, cap, follow=None):
    """One match from creation to its end (or cap actions), played by the
    random legal-action bot; after every action scan(role, conn, forbidden,
    cards, where, turned) searches what conn received since the last one for the
    generals forbidden to it (hidden both before and after the action).
    view_at(conn, match, seq) is conn's view at seq; follow(match), if given,
    is called before anyone joins. Both hidden-info tests play this loop:
    they differ in how a connection's messages are read and searched."""
    rng = h.rng
    union, conf, grant = conns["union"], conns["confederate"], conns["observer"]
    match = union.ok({"op": "create", "game": "lincolns-war", "scenario": h.args.scenario,
                      "side": "union", "entropy": os.urandom(32).hex()})["match"]
    if follow:
        follow(match)
    conf.ok({"op": "join", "match": match, "entropy": os.urandom(32).hex()})
    grant.ok({"op": "watch", "match": match})
    seq = 0
    prev_hidden = prev_turn = None
    while True:
        views = {r: view_at(c, match, seq) for r, c in conns.items()}
        owners = [views["union"], views["confederate"]]
        hidden = {r: hidden_from(views[r], owners) for r in conns}
        turn = views["union"]["board"]["turn"]["index"]
        # the turn ended: a new turn, or the game's last (10.7.4's hiding
        # runs at the end of the last turn too, which leaves the index)
        turned = prev_turn is not None and (turn != prev_turn or views["union"]["finished"])
        prev_turn = turn
        cards = set(ALL_CARDS)
        for v in views.values():
            cards |= card_names(v)
        for r, c in conns.items():
            forbidden = {g: n for g, n in hidden[r].items()
                         if prev_hidden is None or g in prev_hidden[r]}
            stats["hid"] += bool(forbidden)
            scan(r, c, forbidden, cards, f"match {match} seq {seq}", turned)
        prev_hidden = hidden
        if views["union"]["finished"] or seq >= cap:
            return seq
        awaiting = views["union"]["awaiting"]
        check(awaiting, f"nobody awaited at seq {seq}")
        role = rng.choice(awaiting)
        other = "confederate" if role == "union" else "union"
        if rng.randrange(4) == 0:
            # the acting side's offered action (it names his generals), sent
            # by the other side: the reply names nothing the sender's view
            # hides (scanned with his messages above)
            wrong = pick_action(rng, views[role])
            r = conns[other].request({"op": "act", "match": match, "seq": seq,
                                      "action": wrong})
            if r.get("op") == "ok":  # legal for both (a simultaneous choice)
                seq = r["seq"]
                continue
            stats["errors"] += 1
        action = pick_action(rng, views[role])
        r = conns[role].request({"op": "act", "match": match, "seq": seq, "action": action})
        check(r.get("op") == "ok", f"a legal action was refused at seq {seq}: {r}")
        seq = r["seq"]


def play_games(h, conns, view_at, scan, stats, follow=None):
    """Games until args.actions actions (at most 20 games); checks that the
    run could not pass by seeing nothing. Returns (games, actions)."""
    games = actions = 0
    while actions < h.args.actions and games < 20:
        actions += play_scanned(h, conns, view_at, scan, stats, h.args.actions - actions,
                                follow)
        games += 1
    check(actions >= min(h.args.actions, 500), "the games went on")
    check(stats["errors"] > 10, "errors were searched")
    check(stats["hid"] > 100, "generals were hidden")
    return games, actions


def main(args):
    with Harness(args) as h:
        clients = {"union": h.client("union"), "confederate": h.client("confederate"),
                   "observer": h.client("observer")}
        register(clients["union"], "lincoln")
        register(clients["confederate"], "davis")
        register(clients["observer"], "grant")
        seen_upto = {r: 0 for r in clients}
        stats = {"scanned": 0, "errors": 0, "hid": 0}

        def scan(r, c, forbidden, cards, where, turned):
            with c.cond:
                msgs = c.received[seen_upto[r]:]
                seen_upto[r] = len(c.received)
            for m in msgs:
                stats["scanned"] += 1
                bad = leaks(m, forbidden, cards, turned)
                if bad:
                    check(False, f"{where}: the {r} connection received the name of "
                          f"{bad[0][0]}, whom its view hides, at {bad[0][1]}: {bad[0][2]}")

        games, actions = play_games(
            h, clients, lambda c, m, seq: c.view_at(m, seq, timeout=60)["view"], scan, stats)
        print(f"# {games} games, {actions} actions, {stats['scanned']} messages scanned, "
              f"{stats['errors']} errors, {stats['hid']} connection-steps with a hidden "
              f"general", flush=True)
        for c in clients.values():
            c.close()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main, lambda p: (p.add_argument("--scenario", default="tournament"),
                              p.add_argument("--actions", type=int, default=2000)))
