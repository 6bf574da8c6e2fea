"""Notifications (issue 19) and the forgotten password by email (issue 24),
with the real daemon, a real SMTP server and real webhook receivers:

- the SMTP server is Debian's aiosmtpd in its own process (smtp_sink.py,
  under /usr/bin/python3): it requires STARTTLS with a certificate the
  daemon trusts by notify_ca_file, then AUTH with the configured
  credentials, and keeps every message it accepts;
- an address gets nothing but its verification code until the code comes
  back (verify_email); a wrong code is refused;
- "your move" reaches the awaited player by email and by a webhook whose
  HMAC-SHA256 signature the receiver checks; its text is the recipient's
  own view (prompt, numbered actions, his log) and never the opponent's
  hidden commit; nobody is mailed while connected and following the match;
  "match started" and "match finished" (with the result) arrive too, and
  "clock low" once a running clock has a day left, and an opponent's
  vacation and return; every
  email carries List-Unsubscribe and an unsubscribe link that works;
- kill -9 between the commit and the send: the SMTP server hangs while the
  daemon is killed; after the restart (the real server back) the mail goes
  out exactly once, and a further kill and restart sends nothing again;
- a webhook that answers 500 is retried with backoff and then parked, and a
  hanging one does not stop the daemon answering meanwhile; an address the
  SMTP server refuses is parked; both show in the user's settings;
- forgot_password mails a reset code to the verified address that
  redeem_reset takes; the reply is the same for a name that does not exist;
  the CLI's `notify` and `forgot` commands.

The daemon's clock is injected (TELEGRAPHD_TEST_CLOCK) so that backoffs pass
without sleeping."""

import json
import random
import re
import socket
import sqlite3
import threading
import time

from harness import CheckFailed, check, register, run_main
from notify_rig import (DAY, close_gone, hook_server, notify_rig, set_time, start_client,
                        text_of, to, verify_address, wait_until)


def test_verify(h, sink, grant):
    code, mail = verify_address(h, sink, grant, "grant@example.test")
    check(mail["X-Sink-TLS"] == "yes" and mail["X-Sink-Auth"] == "yes",
          f"sent without STARTTLS or AUTH: {mail['X-Sink-TLS']} {mail['X-Sink-Auth']}")
    check(mail["List-Unsubscribe"] and "/unsubscribe?u=" in mail["List-Unsubscribe"],
          f"no List-Unsubscribe: {mail['List-Unsubscribe']}")
    check(mail["X-Sink-Mail-From"] == "tg@localhost", f"envelope from {mail['X-Sink-Mail-From']}")
    wrong = "00000000" if code != "00000000" else "11111111"
    grant.error({"op": "verify_email", "code": wrong}, "bad_code")
    grant.ok({"op": "verify_email", "code": code})
    s = grant.ok({"op": "notify_settings"})["settings"]
    check(s["email_verified"] is True and s["email_parked"] is None, f"after verify: {s}")
    check(s["events"] == ["your_move", "match_started", "match_finished", "clock_low",
                          "opponent_vacation", "invited", "chat"],
          f"events: {s}")
    grant.error({"op": "verify_email", "code": code}, "bad_code")  # used


def fixture_views(h, c, mid):
    """The fresh view of match mid as c's user sees it."""
    x = h.client(f"{c.name}-look{random.randrange(1 << 30)}", config=c.config)
    x.ok({"op": "open", "match": mid})
    _, v = x.wait_for(lambda m: m.get("op") == "view" and m.get("match") == mid)
    x.close()
    return v["view"]


def leaves(v, path=""):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, f"{path}/{k}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from leaves(x, f"{path}/{i}")
    else:
        yield path, v


def test_play(h, sink, grant, lee, hook):
    """A match between grant (alpha, verified) and lee (beta: an unverified
    address first, and a webhook)."""
    lee.ok({"op": "notify_settings", "email": "lee@example.test"})
    lee_code = re.search(r"code is (\d{8})",
                         text_of(sink.wait(to("lee@example.test"), "lee's code")[-1])).group(1)
    r = lee.ok({"op": "notify_settings", "webhook_url": f"http://127.0.0.1:{hook.server_port}/h",
                "webhook_format": "json"})
    hook.secret = r["settings"]["webhook_secret"]
    check(re.fullmatch(r"[0-9a-f]{64}", hook.secret or ""), f"webhook secret: {r}")

    mid = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                    "side": "alpha"})["match"]
    lee.ok({"op": "join", "match": mid})
    started = sink.wait(lambda m: to("grant@example.test")(m) and "has started" in m["Subject"],
                        "grant's match started")
    check(len(started) == 1 and "lee (beta)" in text_of(started[0]), f"{text_of(started[0])}")
    # grant follows the match (create subscribes him): no "your move" to him.
    time.sleep(1.0)
    moves = [m for m in sink.messages() if "Your move" in str(m["Subject"])]
    check(not moves, f"a 'your move' while following: {[m['To'] for m in moves]}")
    # lee's address is not verified: nothing but his code went there.
    lees = sink.messages()
    lees = [m for m in lees if to("lee@example.test")(m)]
    check(len(lees) == 1 and "verification code" in lees[0]["Subject"],
          f"unverified address got {[m['Subject'] for m in lees]}")
    lee.ok({"op": "verify_email", "code": lee_code})
    wait_until(lambda: any(r["event"] == "match_started" for r in hook.received),
               "lee's webhook: match started")

    # lee leaves; grant (alpha, the leader) commits a secret number.
    close_gone(h, lee)
    secret = 3
    grant.ok({"op": "act", "match": mid, "seq": 0, "action": {"type": "commit", "value": secret}})
    mail = sink.wait(lambda m: to("lee@example.test")(m) and "Your move" in m["Subject"],
                     "lee's your move")
    check(len(mail) == 1, f"{len(mail)} 'your move' mails")
    mail = mail[0]
    body = text_of(mail)
    check(mail["List-Unsubscribe"] and "List-Unsubscribe=One-Click" in
          mail["List-Unsubscribe-Post"], "headers")
    lee2 = h.client("lee-look", config=lee.config)
    view = fixture_views(h, lee2, mid)
    alpha = fixture_views(h, grant, mid)
    lee2.close()
    # What his own view says, and nothing it hides.
    check(view["prompt"] and view["prompt"] in body, f"prompt {view['prompt']!r} not in {body!r}")
    for i, a in enumerate(view["actions"]):
        check(f"{i + 1}. {a['label']}" in body, f"action {i + 1} {a['label']} not in {body!r}")
    lately = body.split("Lately:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    for line in lately:
        check(line.strip() in view["log"], f"log line {line!r} not in lee's view")
    check(alpha["board"].get("your_commit") == secret, f"alpha's view: {alpha['board']}")
    mine = {p: v for p, v in leaves(view)}
    hidden = [(p, v) for p, v in leaves(alpha) if mine.get(p) != v and p.startswith("/board")]
    check(hidden, "the fixture hides nothing from lee?")
    # Every line is the header, his prompt, his log, his numbered actions or
    # the fixed text; the secret (3) shows nowhere but in his own choices
    # ("Commit 3"), which his view offers whatever alpha chose.
    rest = body.split("\n-- \n", 1)[0]
    for i, a in enumerate(view["actions"]):
        rest = rest.replace(f"  {i + 1}. {a['label']}\n", "")
    for p, v in hidden:
        check(p.rsplit("/", 1)[1] not in body, f"lee's email names {p}: {body!r}")
        check(str(v) not in rest, f"lee's email shows {p} = {v}: {rest!r}")
    check("unsubscribe?u=" in body, "no unsubscribe link in the body")
    wait_until(lambda: any(r["event"] == "your_move" for r in hook.received), "lee's webhook")
    got = [r for r in hook.received if r["event"] == "your_move"][0]
    check(got["signed"], "the webhook's signature does not match its secret")
    check(got["body"]["match"] == mid and got["body"]["role"] == "beta" and
          got["body"]["prompt"] == view["prompt"] and "your_commit" not in json.dumps(got["body"]),
          f"webhook body: {got['body']}")
    check(got["key"] and got["key"].startswith("your_move:"), f"Idempotency-Key {got['key']}")
    return mid, mail


def test_kill(h, sink, grant, lee_cfg, mid, seq):
    """The SMTP server hangs; the daemon is killed mid-send; restarted with
    the server back, the notification goes out once."""
    sink.stop()
    hang = socket.socket()
    hang.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    hang.bind(("127.0.0.1", sink.port))
    hang.listen(8)
    held = []
    stop = threading.Event()

    def accept():
        hang.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(hang.accept()[0])
            except OSError:
                pass
    t = threading.Thread(target=accept, daemon=True)
    t.start()
    before = len(sink.messages())
    # Round 2: lee (beta) leads while grant is away, which awaits grant.
    close_gone(h, grant)
    lee = h.client("lee-kill", config=lee_cfg)
    lee.ok({"op": "act", "match": mid, "seq": seq, "action": {"type": "commit", "value": 2}})
    lee.close()
    wait_until(lambda: held, "the daemon's SMTP connection to the hanging server")
    h.daemon.kill()
    stop.set()
    t.join()
    for c in held:
        c.close()
    hang.close()
    check(len(sink.messages()) == before, "a mail arrived while the server hung")
    sink.start()
    h.daemon.start()
    key = lambda m: to("grant@example.test")(m) and "Your move" in m["Subject"]
    got = sink.wait(key, "grant's 'your move' after the restart")
    time.sleep(1.5)  # its mark is committed in the turn after the send
    h.daemon.kill()
    h.daemon.start()
    time.sleep(2.0)  # several polls of the outbox
    got = [m for m in sink.messages() if key(m)]
    check(len(got) == 1, f"{len(got)} copies of grant's 'your move' after kill -9 and restarts")
    return seq + 1


def advance(h, dt):
    set_time(h, h.now + dt)


def tried(h, hook, n):
    """Waits until the daemon has recorded the webhook's n-th failed try: its
    backoff runs from then, so the clock must not move before (the hook
    counts a try when the request arrives, before the daemon sees the 500)."""
    db = sqlite3.connect(h.daemon.db)
    try:
        wait_until(lambda: db.execute(
            "SELECT max(attempts) FROM notify_outbox WHERE channel = 'webhook' AND "
            "address LIKE ?", (f"%:{hook.server_port}/%",)).fetchone()[0] == n,
            f"the daemon recording try {n}")
    finally:
        db.close()


def test_parking(h, sink, grant, lee_cfg, mid, seq):
    """A webhook answering 500 is retried after each backoff (the injected
    clock passes them) and parked after notify_max_attempts (3); a parked
    channel gets nothing more and shows in the settings. A hanging webhook
    holds no request up. An address the SMTP server refuses is parked."""
    h500, hang = hook_server("500"), hook_server("hang", hang_s=8)
    lee = h.client("lee-park", config=lee_cfg)
    lee.ok({"op": "notify_settings", "webhook_url": f"http://127.0.0.1:{h500.server_port}/x"})
    lee.close()
    # Round 2 ends (grant follows, a tie: nobody reaches the target); grant
    # leads round 3, which awaits lee.
    grant.ok({"op": "act", "match": mid, "seq": seq, "action": {"type": "commit", "value": 2}})
    grant.ok({"op": "act", "match": mid, "seq": seq + 1,
              "action": {"type": "commit", "value": 2}})
    wait_until(lambda: h500.hits == 1, "the first try of the 500 webhook")
    tried(h, h500, 1)
    time.sleep(0.5)
    check(h500.hits == 1, f"retried before its backoff: {h500.hits}")
    advance(h, 61)
    wait_until(lambda: h500.hits == 2, "the second try (after 60 s)")
    tried(h, h500, 2)
    advance(h, 61)
    time.sleep(0.5)
    check(h500.hits == 2, f"the backoff did not double: {h500.hits}")
    advance(h, 60)
    wait_until(lambda: h500.hits == 3, "the third try (after 120 s)")
    lee = h.client("lee-park2", config=lee_cfg)
    wait_until(lambda: lee.ok({"op": "notify_settings"})["settings"]["webhook_parked"],
               "lee's webhook parked")
    advance(h, 10000)
    time.sleep(0.5)
    check(h500.hits == 3, f"a parked webhook was tried again: {h500.hits}")
    out = h.run_cli(["notify"], lee.config)
    check(out.returncode == 0 and re.search(r"Webhook: \S+ \(json\) PARKED", out.stdout),
          f"telegraph notify does not show the parked webhook: {out.stdout} {out.stderr}")
    lee.close()

    # A hanging webhook: the daemon answers meanwhile. A second match, where
    # grant (alpha) leads, then leaves; lee ties the round and leads the
    # next, which awaits grant.
    g = grant.ok({"op": "notify_settings",
                  "webhook_url": f"http://127.0.0.1:{hang.server_port}/slow"})
    hang.secret = g["settings"]["webhook_secret"]
    m2 = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                   "side": "alpha"})["match"]
    lee = h.client("lee-hang", config=lee_cfg)
    lee.ok({"op": "join", "match": m2})
    grant.ok({"op": "act", "match": m2, "seq": 0, "action": {"type": "commit", "value": 1}})
    close_gone(h, grant)
    lee.ok({"op": "act", "match": m2, "seq": 1, "action": {"type": "commit", "value": 1}})
    lee.ok({"op": "act", "match": m2, "seq": 2, "action": {"type": "commit", "value": 1}})
    wait_until(lambda: hang.hits >= 1, "the hanging webhook reached")
    for _ in range(5):
        t = time.monotonic()
        lee.request({"op": "ping"})
        check(time.monotonic() - t < 1.0, "the daemon was slow while a webhook hung")
    # The end, with its result, by email.
    lee.ok({"op": "resign", "match": m2})
    fin = sink.wait(lambda m: to("grant@example.test")(m) and "has ended" in m["Subject"],
                    "grant's match finished")
    check("Result: " in text_of(fin[0]) and "resign" in text_of(fin[0]).lower(),
          f"the result: {text_of(fin[0])!r}")
    lee.close()

    # An address the SMTP server refuses: parked after three tries.
    carol = h.client("carol")
    register(carol, "carol")
    carol.ok({"op": "notify_settings", "email": "bounce@example.test"})
    for _ in range(40):
        if carol.ok({"op": "notify_settings"})["settings"]["email_parked"]:
            break
        time.sleep(0.5)
        advance(h, 400)
    check(carol.ok({"op": "notify_settings"})["settings"]["email_parked"],
          "carol's refused address was not parked")
    check(not [m for m in sink.messages() if "bounce" in m["X-Sink-Rcpt-To"]], "bounced?")
    carol.close()
    h500.shutdown()
    hang.shutdown()
    return seq + 4


def test_unsubscribe(h, lee_cfg, mail):
    link = re.search(r"/unsubscribe\?u=(\d+)&t=([0-9a-f]{64})", mail["List-Unsubscribe"])
    check(link, f"List-Unsubscribe: {mail['List-Unsubscribe']}")
    anon = h.client("anon-unsub")
    forged = ("0" if link.group(2)[0] != "0" else "1") + link.group(2)[1:]
    anon.error({"op": "unsubscribe", "user": int(link.group(1)), "token": forged}, "bad_token")
    anon.close()
    # The link itself, on the daemon's HTTPS port: GET shows a button, its
    # POST (or a mail client's one-click POST) unsubscribes.
    import http.client
    import ssl
    ctx = ssl.create_default_context(cafile=h.daemon.cert)

    def fetch(method, path):
        conn = http.client.HTTPSConnection("127.0.0.1", h.daemon.port, context=ctx,
                                           timeout=10)
        conn.request(method, path, body="List-Unsubscribe=One-Click" if method == "POST"
                     else None, headers={"Content-Type": "application/x-www-form-urlencoded"})
        r = conn.getresponse()
        out = (r.status, r.read().decode())
        conn.close()
        return out
    path = f"/unsubscribe?u={link.group(1)}&t={link.group(2)}"
    st, page = fetch("GET", path)
    check(st == 200 and "<form method=post" in page, f"GET {path}: {st} {page!r}")
    lee = h.client("lee-unsub0", config=lee_cfg)
    check(lee.ok({"op": "notify_settings"})["settings"]["email"], "a GET unsubscribed")
    lee.close()
    st, page = fetch("POST", f"/unsubscribe?u={link.group(1)}&t={forged}")
    check(st == 400, f"a forged link: {st} {page!r}")
    st, page = fetch("POST", path)
    check(st == 200 and "no more emails" in page, f"POST {path}: {st} {page!r}")
    lee = h.client("lee-unsub", config=lee_cfg)
    s = lee.ok({"op": "notify_settings"})["settings"]
    check(s["email"] is None and s["email_verified"] is False, f"after unsubscribing: {s}")
    lee.close()


def test_clock_low(h, sink, grant_cfg, lee_cfg):
    """clock_low: once a running clock has clock_low_s (a day) left, its
    player is told once, with the time left and when it runs out."""
    grant = start_client(h, "grant-clock", config=grant_cfg)
    lee = start_client(h, "lee-clock", config=lee_cfg)
    m = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                  "side": "alpha", "time_control": {"kind": "per_move", "per_move": 2 * DAY}})
    lee.ok({"op": "join", "match": m["match"]})
    close_gone(h, grant)
    low = lambda x: to("grant@example.test")(x) and "runs low" in x["Subject"]
    advance(h, DAY - 120)
    lee.request({"op": "ping"})  # a loop turn: the daemon looks at its clocks
    time.sleep(1.0)
    check(not [x for x in sink.messages() if low(x)], "warned with more than a day left")
    advance(h, 180)
    lee.request({"op": "ping"})
    got = sink.wait(low, "grant's clock runs low")
    check("23 h 59 min left" in text_of(got[0]), f"the time left: {text_of(got[0])!r}")
    advance(h, 3600)
    lee.request({"op": "ping"})
    time.sleep(1.0)
    check(len([x for x in sink.messages() if low(x)]) == 1, "warned more than once")
    # opponent_vacation: lee goes on vacation, then comes back early.
    until = lee.ok({"op": "vacation", "days": 2})["until"]
    away = sink.wait(lambda x: to("grant@example.test")(x) and "on vacation" in x["Subject"],
                     "grant told of lee's vacation")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(until))
    check(len(away) == 1 and f"until {when}" in text_of(away[0]), f"{text_of(away[0])!r}")
    lee.ok({"op": "vacation", "end": True})
    sink.wait(lambda x: to("grant@example.test")(x) and "is back" in x["Subject"],
              "grant told of lee's return")
    lee.close()


def test_forgot(h, sink, grant):
    anon = h.client("anon")
    r1 = anon.ok({"op": "forgot_password", "name": "grant"})
    r2 = anon.ok({"op": "forgot_password", "name": "nobody-here"})
    check(r1.get("message") == r2.get("message"), f"answers differ: {r1} {r2}")
    mail = sink.wait(lambda m: to("grant@example.test")(m) and "Reset" in m["Subject"],
                     "grant's reset code")[-1]
    code = re.search(r"reset code: ([0-9a-f]{64})", text_of(mail))
    check(code, f"no code in {text_of(mail)!r}")
    anon.error({"op": "redeem_reset", "name": "grant", "code": "0" * 64,
                "new_password": "a new horse"}, "bad_reset_code")
    anon.ok({"op": "redeem_reset", "name": "grant", "code": code.group(1),
             "new_password": "a new horse"})
    anon.ok({"op": "login", "name": "grant", "password": "a new horse"})
    anon.error({"op": "redeem_reset", "name": "grant", "code": code.group(1),
                "new_password": "third horse"}, "bad_reset_code")
    anon.close()


def body(args):
    with notify_rig(args, {"notify_backoff_s": 60, "notify_max_attempts": 3,
                           "notify_timeout_s": 4, "webhook_allow_loopback": 1},
                    hook="ok") as (h, sink, hook):
        grant, lee = start_client(h, "grant"), start_client(h, "lee")
        register(grant, "grant")
        register(lee, "lee")
        test_verify(h, sink, grant)
        mid, mail = test_play(h, sink, grant, lee, hook)
        # lee (beta) follows in round 1: seq 1 is his.
        lee3 = h.client("lee3", config=lee.config)
        lee3.ok({"op": "act", "match": mid, "seq": 1,
                 "action": {"type": "commit", "value": 1}})
        lee3.close()
        seq = test_kill(h, sink, grant, lee.config, mid, 2)
        grant = start_client(h, "grant-2", config=grant.config)
        test_parking(h, sink, grant, lee.config, mid, seq)
        test_unsubscribe(h, lee.config, mail)
        test_clock_low(h, sink, grant.config, lee.config)
        grant = h.client("grant-3", config=grant.config)
        test_forgot(h, sink, grant)
        h.validate_all()
        h.daemon.stop()  # exits 0 (under ASan: without a leak)


if __name__ == "__main__":
    try:
        run_main(body)
    except CheckFailed:
        raise
