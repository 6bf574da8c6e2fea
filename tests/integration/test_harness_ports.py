"""free_fixed_port's picks stay reserved while the test that picked them
runs: a CI run failed when a test running beside mail_reply picked the same
LMTP port between mail_reply's pick and its daemon's bind ("lmtp_listen
127.0.0.1:25785: address already in use").

- another process, trying the same port first, is given a different one;
- so is a second pick in the same process;
- the daemon still listens on the picked ports (libuv binds with
  SO_REUSEADDR), both its own and its LMTP listener."""

import os
import socket
import subprocess
import sys

from harness import Harness, check, free_fixed_port, register, run_main

HERE = os.path.dirname(os.path.abspath(__file__))


class FirstThen:
    """An rng whose randrange gives `first` once, then counts up from it."""

    def __init__(self, first):
        self.next = first

    def randrange(self, lo, hi):
        port, self.next = self.next, self.next + 1
        check(lo <= port < hi, f"{port} is outside {lo}-{hi}")
        return port


def pick_elsewhere(port):
    """free_fixed_port in another Python process, trying `port` first."""
    code = (f"import sys; sys.path.insert(0, {HERE!r}); import harness\n"
            f"class R:\n"
            f"    n = {port}\n"
            f"    def randrange(self, lo, hi):\n"
            f"        R.n += 1\n"
            f"        return R.n - 1\n"
            f"print(harness.free_fixed_port(R()))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=30)
    check(out.returncode == 0, f"the other process failed: {out.stderr}")
    return int(out.stdout.strip())


def body(args):
    import random
    rng = random.Random(args.seed)
    port = free_fixed_port(rng)
    other = pick_elsewhere(port)
    check(other != port, f"another process was given port {port}, which this one holds")
    again = free_fixed_port(FirstThen(port))
    check(again != port, f"a second pick in this process was given port {port} again")
    lmtp = free_fixed_port(rng)
    h = Harness(args, daemon_args=["--set", f"lmtp_listen=127.0.0.1:{lmtp}"])
    h.daemon.port = port
    with h:
        check(h.daemon.port == port, f"the daemon listens on {h.daemon.port}, not {port}")
        register(h.client("alice"), "alice")
        with socket.create_connection(("127.0.0.1", lmtp), timeout=10) as s:
            greeting = s.recv(200)
        check(greeting.startswith(b"220"), f"the LMTP listener's greeting: {greeting!r}")


if __name__ == "__main__":
    run_main(body)
