"""Moves by email reply (issue 19): when a reply address is made, and what
answers a stranger can draw. The real daemon with its LMTP listener, a real
SMTP server (smtp_sink.py), the fixture game, the injected clock:

- a "your move" email (and its reply token) follows the notification rules:
  a player who plays by the client and is still awaited is sent nothing
  (he knows it is his move), nor is a token made for him; a player whose
  email reply played a move that leaves him awaited gets a fresh email with
  a fresh address (his is spent);
- the short answers to replies that play nothing have their own event
  (X-Telegraph-Event: mail_answer, not "account"), and at most
  mail_answers_per_hour go to a user an hour: replies past it (anyone may
  send them to an address he has seen) are taken and not answered, until
  the hour has passed."""

import os
import sqlite3
import time

from harness import CheckFailed, check, register, run_main
from notify_rig import close_gone, notify_rig, set_time, start_client, text_of, to, \
    verify_address, wait_until
from test_mail_reply import deliver, reply_msg

LEE = "lee@example.test"
GRANT = "grant@example.test"


def moves(sink, addr):
    return [m for m in sink.messages() if to(addr)(m) and "Your move" in str(m["Subject"])]


def answers(sink, addr):
    return [m for m in sink.messages() if to(addr)(m) and
            str(m["Subject"]).startswith("Your reply")]


def tokens(h, role):
    db = sqlite3.connect(os.path.join(h.daemon.data_dir, "telegraph.db"))
    try:
        return db.execute("SELECT count(*) FROM mail_reply_tokens WHERE role = ?",
                          (role,)).fetchone()[0]
    finally:
        db.close()


def settle():
    time.sleep(1.0)  # ten polls of the outbox


def act(h, c, mid, seq, action):
    """One act by a fresh connection that does not follow the match, as a
    one-shot client; the new seq."""
    x = h.client(f"{c.name}-act{seq}", config=c.config)
    r = x.ok({"op": "act", "match": mid, "seq": seq, "action": action})
    x.close()
    return r["seq"]


def reply(h, addr, mail, text):
    rcpt = str(mail["Reply-To"]).strip("<>")
    return deliver(h.lmtp_port, addr, rcpt, reply_msg(addr, rcpt, mail["Subject"], text))


def test_by_client(h, sink, grant, lee, mid):
    """grant (alpha) leads; he notes, then commits, by the client."""
    seq = act(h, grant, mid, 0, {"type": "note", "text": "hm"})
    settle()
    check(not moves(sink, GRANT), f"grant played by the client and was mailed: "
          f"{[text_of(m) for m in moves(sink, GRANT)]}")
    check(tokens(h, "alpha") == 0, "a reply token was made for a player who plays by the "
          "client")
    seq = act(h, grant, mid, seq, {"type": "commit", "value": 1})
    got = sink.wait(lambda m: m in moves(sink, LEE) or (to(LEE)(m) and
                                                       "Your move" in m["Subject"]),
                    "lee's your move")
    check(len(got) == 1 and got[0]["Reply-To"], f"lee's first email: {got}")
    return seq, got[0]


def test_by_email(h, sink, lee, mid, seq, mail):
    """lee (beta) notes by email: still awaited, a fresh email with a fresh
    address; then by the client: nothing more."""
    r = reply(h, LEE, mail, "4\n")
    check(r["data"][0].startswith("250 2.0.0 Played"), f"lee's note by email: {r}")
    wait_until(lambda: len(moves(sink, LEE)) == 2, "lee's fresh your move")
    fresh = moves(sink, LEE)[1]
    check(fresh["Reply-To"] and fresh["Reply-To"] != mail["Reply-To"],
          f"the fresh email's address: {fresh['Reply-To']} after {mail['Reply-To']}")
    check(tokens(h, "beta") == 2, f"{tokens(h, 'beta')} tokens for beta")
    seq = act(h, lee, mid, seq + 1, {"type": "note", "text": "by hand"})
    settle()
    check(len(moves(sink, LEE)) == 2, f"lee played by the client and was mailed: "
          f"{len(moves(sink, LEE))} your-move emails")
    check(tokens(h, "beta") == 2, f"a token made for a move by the client: {tokens(h, 'beta')}")
    return seq, mail


def test_answers(h, sink, mid, used):
    """Replies to a used address: answered, with their own event, at most
    mail_answers_per_hour (3) an hour."""
    before = len(answers(sink, LEE))
    for i in range(5):
        r = reply(h, LEE, used, "1\n")
        check(r["data"][0].startswith("250 2.0.0 Not played"), f"reply {i}: {r}")
        if i < 3:
            wait_until(lambda: len(answers(sink, LEE)) == before + i + 1, f"answer {i}")
    settle()
    got = answers(sink, LEE)[before:]
    check(len(got) == 3, f"{len(got)} answers to five replies in an hour")
    for m in got:
        check(m["X-Telegraph-Event"] == "mail_answer" and "was used already" in text_of(m),
              f"an answer's event {m['X-Telegraph-Event']!r}: {text_of(m)!r}")
    check("not answered" in r["data"][0], f"the reply past the limit: {r}")
    set_time(h, h.now + 3601)
    r = reply(h, LEE, used, "1\n")
    wait_until(lambda: len(answers(sink, LEE)) == before + 4, "an answer an hour later")


def test_simultaneous(h, sink, grant, lee):
    """Birth of a Legend's secret bids (16.1) await both sides at once.
    grant (union) created the match and left, so its start mailed him a
    "your move" with an address for seq 0; lee (confederate) joined and
    follows. lee's bid by the client passes seq 0: grant, still awaited,
    gets a fresh email with a fresh address (his is stale), which plays."""
    g = start_client(h, "grant-boal", config=grant.config)
    mid = g.ok({"op": "create", "game": "birth-of-a-legend", "scenario": "seven-days",
                "side": "union", "options": {"bidding": True, "bid_for_union": True}})["match"]
    close_gone(h, g)
    before = len(moves(sink, GRANT))
    l2 = start_client(h, "lee-boal", config=lee.config)
    l2.ok({"op": "join", "match": mid})
    wait_until(lambda: len(moves(sink, GRANT)) == before + 1, "grant's bid email at seq 0")
    first = moves(sink, GRANT)[-1]
    check(first["Reply-To"] and f"+{mid}-" in first["Reply-To"], f"{first['Reply-To']}")
    l2.ok({"op": "act", "match": mid, "seq": 0, "action": {"type": "bid", "rp": 1}})
    wait_until(lambda: len(moves(sink, GRANT)) == before + 2,
               "a fresh email to grant, whose address lee's bid made stale")
    fresh = moves(sink, GRANT)[-1]
    check(fresh["Reply-To"] and fresh["Reply-To"] != first["Reply-To"],
          f"the fresh address: {fresh['Reply-To']}")
    r = reply(h, GRANT, fresh, "1.1\n")
    check(r["data"][0].startswith("250 2.0.0 Played"), f"grant's bid by email: {r}")
    l2.close()


def body(args):
    with notify_rig(args, {"mail_reply_domain": "reply.example.test",
                           "mail_answers_per_hour": 3}, lmtp=True) as (h, sink, _):
        grant, lee = start_client(h, "grant"), start_client(h, "lee")
        for c, addr in ((grant, GRANT), (lee, LEE)):
            register(c, c.name)
            code, _ = verify_address(h, sink, c, addr)
            c.ok({"op": "verify_email", "code": code})
        mid = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                        "side": "alpha"})["match"]
        lee.ok({"op": "join", "match": mid})
        close_gone(h, grant)
        close_gone(h, lee)
        seq, mail = test_by_client(h, sink, grant, lee, mid)
        seq, used = test_by_email(h, sink, lee, mid, seq, mail)
        test_answers(h, sink, mid, used)
        test_simultaneous(h, sink, grant, lee)
        h.daemon.stop()


if __name__ == "__main__":
    try:
        run_main(body)
    except CheckFailed:
        raise
