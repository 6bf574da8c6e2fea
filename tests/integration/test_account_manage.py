"""A player manages his own account over the wire (issue 24): his password
and his sessions, each proven on the bytes the connections receive.

- change_password needs the old password (a wrong one is bad_credentials and
  counts as a login attempt); afterwards the old password and every other
  session are dead: their live connections are told session_ended and
  closed, their tokens no longer resume; the session that changed it stays.
- sessions lists the user's own sessions (id, created, last_used, address,
  client, current) and no one else's; end_session ends one of them, live
  connection included; another user's session id is no_such_session, as is
  an id no session has.
- neither op is open to a client that is not logged in.
- the terminal client: `telegraph sessions`, `end-session ID`, `passwd`.
- delete_account needs the password; then every session of the user ends,
  his open matches are aborted and his active ones resigned, his name is
  free again, and his seat in finished matches stays under a placeholder
  name, so their records still verify (`telegraph verify`).
- block: a blocked user's chat no longer reaches the blocker (live or in the
  history `open` replays), and neither may join the other's open match;
  blocks lists them, unblock lifts it.
"""

import json
import os
import sys

from harness import Harness, check, run_main
from raw_tls import connect

PW = "correct horse"
NEW_PW = "battery staple"


def register(h, name, client=None, source=None):
    c = connect(h.daemon.port, h.daemon.cert, source=source)
    r = c.request({"op": "register", "name": name, "password": PW})
    check(r and r.get("op") == "ok", f"register {name}: {r}")
    return c, r["token"]


def login(h, name, password, client=None, source=None):
    c = connect(h.daemon.port, h.daemon.cert, source=source, client=client)
    r = c.request({"op": "login", "name": name, "password": password})
    return c, r


def ended(c, what):
    """The connection is told session_ended, then closed."""
    m = c.line()
    check(m is not None and m.get("op") == "error" and m.get("code") == "session_ended",
          f"{what}: told session_ended, got {m}")
    check(c.ends(), f"{what}: the connection must close")


def not_logged_in(h):
    c = connect(h.daemon.port, h.daemon.cert)
    for req in ({"op": "sessions"}, {"op": "end_session", "session": "00" * 8},
                {"op": "change_password", "old_password": PW, "new_password": NEW_PW}):
        r = c.request(req)
        check(r.get("code") == "not_logged_in", f"{req['op']} before login: {r}")
    c.close()


def sessions(h):
    port, cert = h.daemon.port, h.daemon.cert
    a1, _ = register(h, "alice")
    a2, r = login(h, "alice", PW, client="laptop 1.0", source="127.0.0.7")
    check(r.get("op") == "ok", f"alice's second login: {r}")
    b, _ = register(h, "bob")

    r = a1.request({"op": "sessions"})
    check(r.get("op") == "ok", f"sessions: {r}")
    got = r.get("sessions", [])
    check(len(got) == 2, f"alice has two sessions: {got}")
    current = [s for s in got if s.get("current")]
    other = [s for s in got if not s.get("current")]
    check(len(current) == 1 and len(other) == 1, f"one is current: {got}")
    check(other[0].get("address") == "127.0.0.7" and other[0].get("client") == "laptop 1.0",
          f"the other session's address and client: {other[0]}")
    for s in got:
        check(isinstance(s.get("id"), str) and len(s["id"]) == 16, f"session id: {s}")
        check(all(isinstance(s.get(k), int) for k in ("created", "last_used")),
              f"session times: {s}")

    # Bob cannot see or end alice's sessions.
    rb = b.request({"op": "sessions"})
    check(len(rb.get("sessions", [])) == 1, f"bob sees only his own: {rb}")
    r = b.request({"op": "end_session", "session": other[0]["id"]})
    check(r.get("code") == "no_such_session", f"bob ending alice's session: {r}")
    r = a1.request({"op": "end_session", "session": "0123456789abcdef"})
    check(r.get("code") == "no_such_session", f"an id no session has: {r}")
    r = a1.request({"op": "end_session", "session": 7})
    check(r.get("code") == "malformed_request", f"a number for the id: {r}")

    # Alice ends her laptop's session: that connection is told and closed.
    r = a1.request({"op": "end_session", "session": other[0]["id"]})
    check(r.get("op") == "ok", f"end_session: {r}")
    ended(a2, "the ended session's connection")
    r = a1.request({"op": "sessions"})
    check(len(r.get("sessions", [])) == 1, f"one session left: {r}")
    for c in (a1, b):
        c.close()


def change_password(h):
    port, cert = h.daemon.port, h.daemon.cert
    c1, _ = register(h, "carol")
    c2, r = login(h, "carol", PW)
    token2 = r["token"]

    r = c1.request({"op": "change_password", "old_password": "not it at all",
                    "new_password": NEW_PW})
    check(r.get("code") == "bad_credentials", f"wrong old password: {r}")
    r = c1.request({"op": "change_password", "old_password": PW, "new_password": "short"})
    check(r.get("code") == "weak_password", f"short new password: {r}")
    r = c1.request({"op": "change_password", "old_password": PW})
    check(r.get("code") == "malformed_request", f"no new password: {r}")

    r = c1.request({"op": "change_password", "old_password": PW, "new_password": NEW_PW})
    check(r.get("op") == "ok", f"change_password: {r}")
    ended(c2, "carol's other session after the change")
    # The changing session goes on.
    r = c1.request({"op": "sessions"})
    check(r.get("op") == "ok" and len(r["sessions"]) == 1, f"after the change: {r}")

    c3 = connect(port, cert)
    r = c3.request({"op": "resume", "token": token2})
    check(r.get("code") == "bad_token", f"the other session's token after the change: {r}")
    c3.close()
    _, r = login(h, "carol", PW)
    check(r.get("code") == "bad_credentials", f"the old password after the change: {r}")
    _, r = login(h, "carol", NEW_PW)
    check(r.get("op") == "ok", f"the new password: {r}")
    c1.close()


def cli(h):
    conf = os.path.join(h.tmp, "dora.conf")
    out = h.run_cli(["register", "dora", "--password", PW], conf)
    check(out.returncode == 0, f"cli register: {out.stderr}")
    other, r = login(h, "dora", PW, client="phone", source="127.0.0.8")
    out = h.run_cli(["sessions"], conf)
    check(out.returncode == 0, f"cli sessions: {out.stderr}")
    lines = out.stdout.splitlines()
    check(len(lines) == 3 and "(this one)" in out.stdout and "127.0.0.8" in out.stdout
          and "phone" in out.stdout, f"cli sessions lists both:\n{out.stdout}")
    phone = next(ln.split()[0] for ln in lines[1:] if "phone" in ln)
    out = h.run_cli(["end-session", phone], conf)
    check(out.returncode == 0 and phone in out.stdout, f"cli end-session: {out}")
    ended(other, "the session ended from the cli")
    out = h.run_cli(["end-session", "0123456789abcdef"], conf)
    check(out.returncode == 1 and "no_such_session" in out.stderr, f"cli end-session bad: {out}")
    out = h.run_cli(["passwd", "--password", "wrong wrong", "--new-password", NEW_PW], conf)
    check(out.returncode == 1 and "bad_credentials" in out.stderr, f"cli passwd wrong: {out}")
    out = h.run_cli(["passwd", "--password", PW], conf,
                    env={"TELEGRAPH_NEW_PASSWORD": NEW_PW})
    check(out.returncode == 0, f"cli passwd: {out}")
    _, r = login(h, "dora", NEW_PW)
    check(r.get("op") == "ok", f"dora's new password: {r}")


def seat_names(c, mid):
    r = c.request({"op": "list", "which": "mine"})
    for m in r.get("matches", []):
        if m.get("match") == mid:
            return m["status"], [s["user"] for s in m["seats"]], m.get("result")
    return None


def delete_account(h, args):
    gina, _ = register(h, "gina")
    hank, _ = register(h, "hank")
    g2, _ = login(h, "gina", PW)
    duel = {"op": "create", "game": "fixture-duel", "scenario": "sprint", "side": "alpha"}
    finished = gina.request(duel)["match"]
    hank.request({"op": "join", "match": finished})
    check(hank.request({"op": "resign", "match": finished}).get("op") == "ok", "hank resigns")
    active = gina.request(duel)["match"]
    hank.request({"op": "join", "match": active})
    waiting = gina.request(duel)["match"]

    r = gina.request({"op": "delete_account", "password": "not my password"})
    check(r.get("code") == "bad_credentials", f"delete_account with a wrong password: {r}")
    r = gina.request({"op": "delete_account"})
    check(r.get("code") == "malformed_request", f"delete_account without a password: {r}")
    r = gina.request({"op": "delete_account", "password": PW})
    check(r.get("op") == "ok", f"delete_account: {r}")
    ended(g2, "gina's other session at the deletion")
    r = gina.request({"op": "sessions"})
    check(r.get("code") == "not_logged_in", f"the deleting connection is signed out: {r}")
    _, r = login(h, "gina", PW)
    check(r.get("code") == "bad_credentials", f"gina's login after the deletion: {r}")

    status, names, result = seat_names(hank, active)
    check(status == "finished" and result.get("winner") == "beta",
          f"gina's active match is resigned: {status} {result}")
    status, names, _ = seat_names(hank, finished)
    check(status == "finished" and "gina" not in names and
          any(n.startswith("~deleted-") for n in names), f"finished match seats: {names}")
    r = hank.request({"op": "join", "match": waiting})
    check(r.get("code") == "match_not_active", f"gina's open match is aborted: {r}")

    r = hank.request({"op": "export", "match": finished})
    check(r.get("op") == "ok", f"export after the deletion: {r}")
    path = os.path.join(h.tmp, "after-deletion.json")
    with open(path, "w") as f:
        json.dump(r["record"], f)
    out = h.run_cli(["verify", path], os.path.join(h.tmp, "v.conf"),
                    cli=args.cli_fixture or args.cli)
    check(out.returncode == 0, f"the record verifies after the deletion: {out}")

    again, r = register(h, "gina")
    check(r, "the name gina is free again")
    conf = os.path.join(h.tmp, "ivan.conf")
    out = h.run_cli(["register", "ivan", "--password", PW], conf)
    out = h.run_cli(["delete-account"], conf)
    check(out.returncode == 2, f"cli delete-account without --yes: {out}")
    out = h.run_cli(["delete-account", "--yes", "--password", PW], conf)
    check(out.returncode == 0, f"cli delete-account: {out}")
    _, r = login(h, "ivan", PW)
    check(r.get("code") == "bad_credentials", f"ivan after the cli deletion: {r}")
    for c in (gina, hank, again):
        c.close()


def block(h):
    jo, _ = register(h, "joan")
    kit, _ = register(h, "kit")
    mid = jo.request({"op": "create", "game": "fixture-duel", "scenario": "sprint",
                      "side": "alpha"})["match"]
    kit.request({"op": "join", "match": mid})
    kit.request({"op": "chat", "match": mid, "text": "before the block"})
    r = jo.request({"op": "block", "user": "kit"})
    check(r.get("op") == "ok", f"block: {r}")
    r = jo.request({"op": "block", "user": "nobody-at-all"})
    check(r.get("code") == "no_such_user", f"block an unknown name: {r}")
    r = jo.request({"op": "block", "user": "joan"})
    check(r.get("code") == "malformed_request", f"block oneself: {r}")
    r = jo.request({"op": "blocks"})
    check([b["user"] for b in r.get("blocks", [])] == ["kit"], f"blocks: {r}")
    r = kit.request({"op": "chat", "match": mid, "text": "after the block"})
    check(r.get("op") == "ok", f"kit's chat is accepted (he is not told): {r}")
    # jo's live connection gets nothing of it; a ping shows nothing came before.
    r = jo.request({"op": "ping"})
    check(r.get("op") == "pong", f"ping: {r}")
    fresh = connect(h.daemon.port, h.daemon.cert)
    fresh.request({"op": "login", "name": "joan", "password": PW})
    fresh.send({"op": "open", "match": mid, "since_chat": 0, "id": "o"})
    texts = []
    while True:
        m = fresh.line()
        check(m is not None, "open's replies")
        if m.get("op") == "chat":
            texts.append(m["text"])
        if m.get("op") == "view":
            break
    fresh.close()
    check("after the block" not in texts, f"jo's chat history holds kit's later line: {texts}")
    check("before the block" not in texts, f"blocked: none of kit's lines: {texts}")
    # Neither joins the other's open match.
    open_jo = jo.request({"op": "create", "game": "fixture-duel", "scenario": "sprint"})["match"]
    r = kit.request({"op": "join", "match": open_jo})
    check(r.get("code") == "blocked", f"kit joins jo's match: {r}")
    open_kit = kit.request({"op": "create", "game": "fixture-duel", "scenario": "sprint"})["match"]
    r = jo.request({"op": "join", "match": open_kit})
    check(r.get("code") == "blocked", f"jo joins kit's match: {r}")
    r = jo.request({"op": "unblock", "user": "kit"})
    check(r.get("op") == "ok", f"unblock: {r}")
    r = jo.request({"op": "unblock", "user": "kit"})
    check(r.get("code") == "not_blocked", f"unblock twice: {r}")
    r = kit.request({"op": "join", "match": open_jo})
    check(r.get("op") == "ok", f"kit joins after the unblock: {r}")
    jo.close()
    kit.close()


def cli_block(h):
    """The terminal client's block, blocks and unblock (issue 24)."""
    conf = os.path.join(h.tmp, "nell.conf")
    out = h.run_cli(["register", "nell", "--password", PW], conf)
    check(out.returncode == 0, f"cli register nell: {out.stderr}")
    register(h, "olaf")[0].close()
    out = h.run_cli(["blocks"], conf)
    check(out.returncode == 0 and "olaf" not in out.stdout, f"cli blocks, none: {out}")
    out = h.run_cli(["block", "olaf"], conf)
    check(out.returncode == 0 and "olaf" in out.stdout, f"cli block: {out}")
    out = h.run_cli(["block", "nobody-at-all"], conf)
    check(out.returncode == 1 and "no_such_user" in out.stderr, f"cli block unknown: {out}")
    out = h.run_cli(["block"], conf)
    check(out.returncode == 2, f"cli block without a name: {out}")
    out = h.run_cli(["blocks"], conf)
    lines = out.stdout.splitlines()
    check(out.returncode == 0 and any(ln.split()[0] == "olaf" for ln in lines[1:]),
          f"cli blocks lists olaf: {out}")
    out = h.run_cli(["unblock", "olaf"], conf)
    check(out.returncode == 0, f"cli unblock: {out}")
    out = h.run_cli(["unblock", "olaf"], conf)
    check(out.returncode == 1 and "not_blocked" in out.stderr, f"cli unblock twice: {out}")


def main(args):
    with Harness(args) as h:
        not_logged_in(h)
        cli(h)
        sessions(h)
        change_password(h)
        delete_account(h, args)
        block(h)
        cli_block(h)
        h.daemon.stop()


if __name__ == "__main__":
    sys.exit(run_main(main))
