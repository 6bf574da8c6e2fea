"""The sender keeps its SMTP sessions (issue 19's notifications): the mails
of a busy outbox go through a few SMTP sessions, not one each, and a
session the server dropped costs one retry on a new one, not a backoff.
The real daemon and SMTP server (smtp_sink.py numbers each message's
session), the injected clock standing still (so that a backoff would never
end):

- twenty mails queued at once reach the sink through at most
  notify_inflight (2) sessions, and the status counts the connections;
- a server that drops every session at its second MAIL FROM: each mail
  still arrives at once, by one retry on a new connection, counted in the
  status (outbox.smtp_retries);
- a relay that never answers QUIT does not hold the daemon's stop."""

import sqlite3
import time

from harness import check
from notify_rig import main, notify_rig, operator_status, verified_operator, wait_until

ADDR = "many@example.test"
N = 20


def queue(h, uid, tag, n):
    """n pending mails in the stopped daemon's outbox."""
    db = sqlite3.connect(h.daemon.db)
    db.executemany("INSERT INTO notify_outbox (idem_key, user_id, channel, address, event, "
                   "subject, body, created, next_at) VALUES (?, ?, 'email', ?, 'your_move', "
                   "?, 'It is your move.\n', 0, 0)",
                   [(f"{tag}:{i}", uid, ADDR, f"{tag} {i}") for i in range(n)])
    db.commit()
    db.close()


def mails(sink, tag):
    return [m for m in sink.messages() if str(m["Subject"]).startswith(tag + " ")]


def body(args):
    with notify_rig(args, {"operators": "ops", "notify_inflight": 2}) as (h, sink, _):
        ops_config, uid = verified_operator(h, sink, ADDR)

        h.daemon.stop()
        queue(h, uid, "kept", N)
        h.daemon.start()
        wait_until(lambda: len(mails(sink, "kept")) == N, f"{N} mails", timeout=60)
        sessions = {m["X-Sink-Session"] for m in mails(sink, "kept")}
        print(f"# {N} mails in {len(sessions)} SMTP sessions")
        check(len(sessions) <= 2, f"{N} mails took {len(sessions)} SMTP sessions")
        st = operator_status(h, ops_config)["outbox"]
        check(st["smtp_connections"] == len(sessions) and st["smtp_retries"] == 0,
              f"the status after {len(sessions)} sessions: {st}")

        # Every session dropped at its second mail: one retry each, no backoff.
        h.daemon.stop()
        sink.stop()
        sink.start(drop_second=True)
        queue(h, uid, "dropped", 6)
        h.daemon.start()
        wait_until(lambda: len(mails(sink, "dropped")) == 6, "6 mails past dropped sessions",
                   timeout=60)
        st = operator_status(h, ops_config)["outbox"]
        check(st["smtp_retries"] >= 1 and st["pending"] == 0 and st["parked"] == 0,
              f"the status after dropped sessions: {st}")
        check("retried once on a new connection" in "\n".join(h.daemon.log),
              "the retry is not in the log")
        h.validate_all()

        # A relay that never answers QUIT: the daemon, stopping, closes its
        # kept session without waiting for it (not the 120 s libcurl would
        # wait by default, on the loop thread).
        h.daemon.stop()
        sink.stop()
        sink.start(hang_quit=True)
        queue(h, uid, "last", 1)
        h.daemon.start()
        wait_until(lambda: len(mails(sink, "last")) == 1, "the last mail")
        t = time.monotonic()
        h.daemon.stop(timeout=60)
        took = time.monotonic() - t
        print(f"# stopped in {took:.1f} s with a session to a relay that hangs on QUIT")
        check(took < 8, f"the daemon took {took:.1f} s to stop (a kept session's QUIT)")


if __name__ == "__main__":
    main(body)
