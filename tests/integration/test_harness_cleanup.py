"""The harness leaves no daemon behind: a test that ends without stopping
its daemon (most do) must not leave an orphaned telegraphd running (one
session's runs left 146 of them on the shared machine)."""

import os

from harness import Harness, check, register, run_main


def body(args):
    with Harness(args) as h:
        c = h.client("alice")
        register(c, "alice")
        proc = h.daemon.proc
    # __exit__ has run: the daemon must be gone.
    try:
        proc.wait(timeout=20)
    except Exception:
        os.kill(proc.pid, 9)
        proc.wait()
        check(False, "the harness left its daemon running after a test that passed")


if __name__ == "__main__":
    run_main(body)
