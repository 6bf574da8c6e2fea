"""Eviction gives the memory back (issue 17: "bounded memory for matches
nobody follows"). With evict_after_s = 1, two players over bare TLS create
and join many Lincoln's War matches (each one's state, undo base and kept
views in the daemon's heap), then disconnect. Once the daemon says it
evicted every one of them, its resident memory must have come down by most
of what the matches had taken.

Before the fix the matches were freed but the C library kept the pages:
2,000 populated matches took the daemon from 17 to 261 MiB, and after the
eviction of all 2,000 it still held 261 MiB, exactly as without eviction.

Resident memory is the operating system's figure for the process, so the
test is labelled no_sanitize: under ASan freed blocks sit in its quarantine,
whatever the daemon does."""

import os
import re
import time

from harness import Harness, check, run_main
from raw_tls import Raw

PW = "correct horse"
MATCHES = 300
EVICTED_RE = re.compile(r"evicted (\d+) idle matches")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def connect(h, name):
    c = Raw(h.daemon.port, h.daemon.cert, timeout=120)
    r = c.request({"op": "hello", "protocol": 1})
    check(r and r.get("op") == "welcome", f"{name}: hello: {r}")
    r = c.request({"op": "register", "name": name, "password": PW})
    check(r and r.get("op") == "ok", f"{name}: register: {r}")
    return c


def evicted(h):
    return sum(int(m.group(1)) for m in map(EVICTED_RE.search, h.daemon.log) if m)


def evict_memory(args):
    with Harness(args, daemon_args=["--set", "evict_after_s=1",
                                    "--set", f"max_matches_per_user={MATCHES}",
                                    "--set", f"matches_created_per_user={MATCHES}"]) as h:
        pid = h.daemon.proc.pid
        a, b = connect(h, "alice"), connect(h, "bob")
        base = rss_kib(pid)
        for i in range(MATCHES):
            r = a.request({"op": "create", "game": "lincolns-war", "scenario": "tournament",
                           "side": "union", "entropy": os.urandom(32).hex()})
            check(r and r.get("op") == "ok", f"create {i}: {r}")
            r = b.request({"op": "join", "match": r["match"],
                           "entropy": os.urandom(32).hex()})
            check(r and r.get("op") == "ok", f"join {i}: {r}")
        peak = rss_kib(pid)
        grown = peak - base
        # Each followed Lincoln's War match holds about 100 KB: the test
        # means something only if the matches took memory to give back.
        check(grown > MATCHES * 40, f"{MATCHES} matches took only {grown} KiB "
              f"({base} -> {peak} KiB)")
        a.sock.close()
        b.sock.close()
        deadline = time.monotonic() + 60
        while evicted(h) < MATCHES and time.monotonic() < deadline:
            time.sleep(0.2)
        check(evicted(h) >= MATCHES, f"the daemon evicted {evicted(h)} of {MATCHES} "
              "idle matches:\n" + h.daemon.tail())
        time.sleep(0.5)
        after = rss_kib(pid)
        print(f"# resident: {base} KiB with two players, {peak} KiB with {MATCHES} "
              f"followed matches, {after} KiB once they were evicted")
        check(after - base < grown / 2,
              f"after evicting {MATCHES} matches the daemon still holds {after} KiB "
              f"(was {base} before them, {peak} with them): the memory was not given back")
        h.daemon.stop()


if __name__ == "__main__":
    run_main(evict_memory)
