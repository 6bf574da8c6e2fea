"""Digest mode (issue 19): a user's notify_settings digest_hours = N sends
him at most one email per N hours; what happens meanwhile is gathered into
one mail at the window's end, and a crash neither loses nor duplicates it.
The real daemon over TLS, a real SMTP server (smtp_sink.py), the injected
clock (TELEGRAPHD_TEST_CLOCK), kill -9 and a restart in the window:

- the first event after a quiet window goes at once, as itself;
- the next events (two invitations, a match started) wait: no mail until the
  window ends, kill -9 and a restart in between; then one "Telegraph digest"
  with a section each, and never a second copy;
- the next window starts from that mail; digest_hours 0 sends at once again;
- digest_hours outside 0-168 is refused; the CLI's `notify digest`."""

import time

from harness import check, register
from notify_rig import T0, close_gone, finish, main, notify_rig, set_time, start_client, \
    text_of, to, verify_address

HOUR = 3600


def lee_mails(sink):
    return [m for m in sink.messages() if to("lee@example.test")(m) and
            "verification code" not in str(m["Subject"])]


def quiet(sink, n, what):
    time.sleep(1.0)  # ten polls of the outbox
    got = lee_mails(sink)
    check(len(got) == n, f"{what}: {len(got)} mails, expected {n}: "
          f"{[str(m['Subject']) for m in got]}")


def wait_mails(sink, n, what, timeout=20):
    deadline = time.monotonic() + timeout
    while len(lee_mails(sink)) < n:
        check(time.monotonic() < deadline, f"no mail: {what}")
        time.sleep(0.1)
    return lee_mails(sink)


def private(grant):
    return grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                     "side": "alpha", "visibility": "private"})["match"]


def body(args):
    with notify_rig(args, {"notify_timeout_s": 4}) as (h, sink, _):
        grant, lee = start_client(h, "grant"), start_client(h, "lee")
        register(grant, "grant")
        register(lee, "lee")
        code, _ = verify_address(h, sink, lee, "lee@example.test")
        lee.ok({"op": "verify_email", "code": code})
        check(lee.ok({"op": "notify_settings"})["settings"]["digest_hours"] == 0,
              "digest mode is off by default")
        for bad in (-1, 169, "2", 1.5):
            lee.error({"op": "notify_settings", "digest_hours": bad}, "malformed_request")
        r = lee.ok({"op": "notify_settings", "digest_hours": 2})
        check(r["settings"]["digest_hours"] == 2, f"settings: {r}")

        m1 = private(grant)
        grant.ok({"op": "invite", "match": m1, "user": "lee"})
        first = wait_mails(sink, 1, "the first event at once")
        check(f"grant invites you" in first[0]["Subject"], f"{first[0]['Subject']}")
        m2, m3 = private(grant), private(grant)
        set_time(h, T0 + 60)
        grant.ok({"op": "invite", "match": m2, "user": "lee"})
        grant.ok({"op": "invite", "match": m3, "user": "lee"})
        lee.ok({"op": "accept_invite", "match": m1})  # match started, to lee too
        close_gone(h, lee)
        quiet(sink, 1, "inside the window")

        # kill -9 inside the window; the gathered row survives.
        set_time(h, T0 + 600)
        h.daemon.kill()
        h.daemon.start()
        set_time(h, T0 + 2 * HOUR - 1)
        quiet(sink, 1, "a second before the window ends, after the restart")
        set_time(h, T0 + 2 * HOUR)
        got = wait_mails(sink, 2, "the digest")
        digest = got[1]
        text = text_of(digest)
        check(digest["Subject"] == "Telegraph digest", f"subject {digest['Subject']!r}")
        sections = [line for line in text.splitlines() if line.startswith("== ")]
        check(sections == [f"== grant invites you to a match of Fixture Duel (tests only) =="]
              * 2 + [f"== Match {m1} of Fixture Duel (tests only) has started =="],
              f"the digest's sections: {sections} in {text!r}")
        check(f"private match {m2} " in text and f"private match {m3} " in text and
              text.count("\n-- \n") == 1 and "unsubscribe?u=" in text, f"{text!r}")
        check(digest["List-Unsubscribe"], "the digest has no List-Unsubscribe")
        # No copy, across another kill -9 and restart.
        time.sleep(1.5)
        h.daemon.kill()
        h.daemon.start()
        quiet(sink, 2, "after the digest and a restart")

        # The next window runs from the digest's send.
        grant = start_client(h, "grant-2", config=grant.config)
        m4 = private(grant)
        set_time(h, T0 + 2 * HOUR + 100)
        grant.ok({"op": "invite", "match": m4, "user": "lee"})
        set_time(h, T0 + 3 * HOUR)
        quiet(sink, 2, "inside the second window")
        set_time(h, T0 + 4 * HOUR)
        got = wait_mails(sink, 3, "the second digest")
        check(got[2]["Subject"] == "Telegraph digest" and
              f"private match {m4} " in text_of(got[2]), f"{text_of(got[2])!r}")

        # Digest off: at once again.
        out = h.run_cli(["notify", "digest", "5"], lee.config)
        check(out.returncode == 0 and "Digest: at most one email every 5 hours" in out.stdout,
              f"telegraph notify digest 5: {out.stdout!r} {out.stderr!r}")
        out = h.run_cli(["notify", "digest", "off"], lee.config)
        check(out.returncode == 0 and "Digest: off" in out.stdout,
              f"telegraph notify digest off: {out.stdout!r} {out.stderr!r}")
        m5 = private(grant)
        set_time(h, T0 + 4 * HOUR + 60)
        grant.ok({"op": "invite", "match": m5, "user": "lee"})
        got = wait_mails(sink, 4, "an invitation with digest off")
        check("grant invites you" in got[3]["Subject"], f"{got[3]['Subject']}")
        finish(h)


if __name__ == "__main__":
    main(body)
