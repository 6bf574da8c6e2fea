"""A webhook reaches public addresses only (issue 19's webhooks, a user's URL
must not turn the daemon into a way into its host's networks): a webhook
whose name resolves to a private or loopback address is not connected to
at all, whatever the scheme, and the outbox row says why. The check is made
on the address curl is about to connect to, after resolution, so a DNS
name pointing inside is refused as a literal address is.

Two listeners count the connections they accept: 127.0.0.2 (loopback; the
daemon runs without webhook_allow_loopback) and the same port through the
name "localhost". A match started by another player queues alice's
notifications; each try is refused before a byte is sent."""

import socket
import sqlite3
import threading
import time

from harness import Harness, check, register, run_main


class Counter:
    """Accepts connections and counts them; sends nothing."""

    def __init__(self, host):
        self.sock = socket.socket()
        self.sock.bind((host, 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.accepted = 0
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            self.accepted += 1
            c.close()


def outbox_errors(db, user_id):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [r[0] for r in con.execute(
            "SELECT last_error FROM notify_outbox WHERE user_id = ? AND channel = 'webhook' "
            "AND attempts > 0", (user_id,))]
    finally:
        con.close()


def main(args):
    with Harness(args) as h:
        inside = Counter("127.0.0.2")
        for i, url in enumerate((f"https://127.0.0.2:{inside.port}/hook",
                                 f"https://localhost:{inside.port}/hook")):
            alice, bob = h.client("alice"), h.client("bob")
            name = f"alice{i}"
            r = register(alice, name)
            uid = r["user"]["id"]
            r = alice.ok({"op": "notify_settings", "webhook_url": url})
            check(r["settings"]["webhook_url"] == url, f"the https URL is taken: {r}")
            mid = alice.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                            "side": "alpha"})["match"]
            alice.close()
            register(bob, f"bob{i}")
            bob.ok({"op": "join", "match": mid})
            errors = []
            deadline = time.monotonic() + 30
            while not errors and time.monotonic() < deadline:
                time.sleep(0.2)
                errors = outbox_errors(h.daemon.db, uid)
            check(errors, f"{url}: no webhook try within 30 s")
            check(all(e and "not a public address" in e for e in errors),
                  f"{url}: the row does not say why: {errors}")
            check(inside.accepted == 0,
                  f"{url}: the daemon connected to a loopback address {inside.accepted} times")
            bob.close()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main)
