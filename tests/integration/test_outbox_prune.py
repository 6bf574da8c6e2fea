"""The outbox forgets finished notifications (issue 19): the real daemon on
the injected clock, its outbox written while it is stopped:

- at the start the sender's sweep deletes the rows sent, parked or dropped
  more than notify_outbox_keep_days (here 10) ago, in batches, and says how
  many in the log and in the status (outbox.pruned);
- pending rows stay however old (and then go out), and so do recent
  finished rows;
- a later sweep (the clock a minute on) finds nothing more; moved past the
  cut, the recent rows go too.

The store's own test (unit/test_store_outbox_prune) shows the readers of
finished rows (the mail-answer limit, the digest and chat windows) reading
the same across a prune."""

import sqlite3
import time

from harness import check
from notify_rig import DAY, T0, main, notify_rig, operator_status, set_time, verified_operator, wait_until

ADDR = "keeper@example.test"
OLD = 600  # finished rows over the cut: more than one batch of 500


def rows(h, where="1"):
    db = sqlite3.connect(h.daemon.db)
    n = db.execute(f"SELECT count(*) FROM notify_outbox WHERE {where}").fetchone()[0]
    db.close()
    return n


def body(args):
    with notify_rig(args, {"operators": "ops", "notify_outbox_keep_days": 10}) as (h, sink, _):
        ops_config, uid = verified_operator(h, sink, ADDR)
        wait_until(lambda: rows(h, "state = 'pending'") == 0, "the code's mail sent")
        kept_before = rows(h)

        h.daemon.stop()
        db = sqlite3.connect(h.daemon.db)
        ins = ("INSERT INTO notify_outbox (idem_key, user_id, channel, address, event, subject, "
               "body, created, next_at, state, sent) VALUES (?, ?, 'email', ?, 'your_move', ?, "
               "'It is your move.\n', ?, ?, ?, ?)")
        old = T0 - 20 * DAY
        states = ["sent", "parked", "dropped"]
        db.executemany(ins, [(f"old:{i}", uid, ADDR, f"old {i}", old, old, states[i % 3],
                              old if i % 3 == 0 else None) for i in range(OLD)])
        db.executemany(ins, [(f"recent:{i}", uid, ADDR, f"recent {i}", T0 - 2 * DAY,
                              T0 - 2 * DAY, "sent", T0 - 2 * DAY) for i in range(5)])
        # Long pending (a far retry, or an outage): never pruned; due in a year.
        db.executemany(ins, [(f"waits:{i}", uid, ADDR, f"waits {i}", old, T0 + 365 * DAY,
                              "pending", None) for i in range(3)])
        db.commit()
        db.close()
        h.daemon.start()

        wait_until(lambda: operator_status(h, ops_config)["outbox"]["pruned"] == OLD,
                   f"{OLD} old rows pruned")
        check(rows(h, "idem_key LIKE 'old:%'") == 0, "an old finished row is left")
        check(rows(h, "idem_key LIKE 'recent:%'") == 5, "a recent finished row went")
        check(rows(h, "idem_key LIKE 'waits:%' AND state = 'pending'") == 3,
              "an old pending row went")
        check(rows(h) == kept_before + 8, f"rows after the prune: {rows(h)}")
        log = "\n".join(h.daemon.log)
        check("outbox: pruned 500 notifications finished over 10 days ago" in log and
              "outbox: pruned 100 notifications finished over 10 days ago" in log,
              "the log does not say what was pruned (a batch of 500, then 100)")

        # Eight days on (a minute past the last sweep many times over): the
        # recent rows are 10 days old, the cut not yet passed; nine days on,
        # past it, they go; the pending rows still stay.
        set_time(h, T0 + 8 * DAY)
        time.sleep(1)  # ten turns of the sender's timer (notify_poll_ms 100)
        check(rows(h, "idem_key LIKE 'recent:%'") == 5, "a row inside the cut went")
        set_time(h, T0 + 9 * DAY)
        wait_until(lambda: rows(h, "idem_key LIKE 'recent:%'") == 0,
                   "the recent rows, once past the cut")
        check(rows(h, "idem_key LIKE 'waits:%' AND state = 'pending'") == 3,
              "a pending row went")
        check(operator_status(h, ops_config)["outbox"]["pruned"] >= OLD + 5, "the status' count")
        h.validate_all()
        h.daemon.stop()


if __name__ == "__main__":
    main(body)
