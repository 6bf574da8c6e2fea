"""The operators' online backup and its restore (issue 24), as a host does
them: while two players act in several matches as fast as they can, the
operator asks for a backup; the daemon answers when the copy is whole,
without pausing play. The copy is restored into a new data folder as
docs/OPERATIONS.md says (the file becomes telegraph.db) and a second daemon
serves it: every action acknowledged before the backup was asked for is in
it, every match's log is whole, and the players sign in and open their
matches there. A player who is not an operator is refused; a second backup
while one runs is backup_in_progress."""

import os
import random
import shutil
import sqlite3
import threading

from harness import Daemon, Harness, check, run_main
from raw_tls import connect
from test_crash import Driver, check_log

PW = "correct horse"


class NoKiller:
    """test_crash's Driver without kills."""
    lock = threading.Lock()
    error = None
    kills = 0


def main(args):
    # One page per loop turn: the copy spans many turns, between which play
    # commits (the loop does not wait for it).
    extra = ["--set", "operators=root", "--set", "backup_pages_per_step=1"]
    with Harness(args, daemon_args=extra) as h:
        rng = random.Random(h.seed)
        d = Driver(h, rng, NoKiller())
        root = connect(h.daemon.port, h.daemon.cert)
        r = root.request({"op": "register", "name": "root", "password": PW})
        check(r.get("op") == "ok", f"register root: {r}")
        eve = connect(h.daemon.port, h.daemon.cert)
        eve.request({"op": "register", "name": "eve", "password": PW})
        r = eve.request({"op": "backup"})
        check(r.get("code") == "not_an_operator", f"backup by a player: {r}")

        for _ in range(20):  # a history to copy
            d.step()
        stop = threading.Event()
        errors = []

        def play():
            # A player makes at most 100 matches an hour (the rate limit,
            # 'rate_limited'); a step makes up to 4: stopping at 96 keeps a
            # slow backup from turning into a refused create.
            try:
                while not stop.is_set() and d.created < 96:
                    d.step()
            except Exception as e:  # reported below
                errors.append(e)

        player = threading.Thread(target=play, daemon=True)
        player.start()
        acked_before = list(d.acked)
        # Both requests go out at once and their replies are read by id: the
        # second is backup_in_progress unless the first was done before the
        # daemon read it (a slow machine), and then it is a backup of its own.
        # (Raw.request once skipped the first's reply while it waited for the
        # second's: the CI failures of sessions 22 and 24, 30 s on a read;
        # Raw.reply keeps it, in whichever order they are asked for.)
        rid = root.post({"op": "backup", "reason": "before the season"})
        rid2 = root.post({"op": "backup"})
        second = root.reply(rid2)
        r = root.reply(rid)
        check(r is not None and second is not None,
              f"the connection ended before both replies: {r} {second}")
        check(r.get("op") == "ok" and r.get("file", "").startswith("backups/"),
              f"backup: {r}")
        check(second.get("code") == "backup_in_progress" or
              (second.get("op") == "ok" and second.get("file") != r["file"]),
              f"a second backup: {second}")
        stop.set()
        player.join(60)
        check(not errors, f"play during the backup: {errors}")
        acked_during = len(d.acked) - len(acked_before)
        print(f"# backup {r['file']}: {r['pages']} pages in {r['ms']} ms; "
              f"{acked_during} actions acknowledged from the request to the player's stop", flush=True)

        src = os.path.join(h.daemon.data_dir, r["file"])
        check(os.stat(src).st_mode & 0o077 == 0, "the backup file is private")
        con = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
        check(con.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity")
        con.close()

        # Restore: a new data folder whose telegraph.db is the backup.
        restored = os.path.join(h.tmp, "restored")
        os.makedirs(restored, mode=0o700)
        shutil.copy(src, os.path.join(restored, "telegraph.db"))
        os.chmod(os.path.join(restored, "telegraph.db"), 0o600)
        matches = d.active + d.finished
        check_log(os.path.join(restored, "telegraph.db"), acked_before, matches)
        second_daemon = Daemon(args.daemon, restored)
        second_daemon.start()
        try:
            c = connect(second_daemon.port, second_daemon.cert)
            r = c.request({"op": "login", "name": "alice", "password": PW})
            check(r.get("op") == "ok", f"alice signs in on the restored server: {r}")
            last = {}
            for m, seq, _, _ in acked_before:
                last[m] = max(last.get(m, 0), seq)
            for m, seq in last.items():
                r = c.request({"op": "open", "match": m})
                check(r.get("op") == "ok" and r.get("seq", -1) >= seq,
                      f"match {m} on the restored server at {r.get('seq')}, acked {seq}")
            c.close()
        finally:
            second_daemon.stop()
        root.close()
        eve.close()
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main)
