"""tg_loadgen survives connections the daemon resets during the set-up, counts
them and plays on with the others (session 19). At 400 and 2,000 matches on
a loaded box the daemon's handshake deadline reset connections whose
handshake the load generator was too slow to finish; the generator then
wrote to the reset socket and died of SIGPIPE, and the run printed no
figures at all.

Between tg_loadgen and the test daemon sits a proxy that, for the first
connections it accepts, passes the daemon's whole handshake flight to the
client and resets the client's side (SO_LINGER 0) while the generator is
stopped (SIGSTOP), as a loaded box keeps it from running: when it runs
again, the flight and the reset wait together, it reads the flight,
finishes its handshake and writes its Finished to the reset socket
(ECONNRESET). Whether a later write then raises SIGPIPE depends on where
in its loop the reset finds it (a write from libuv's pending queue before
the next read: under load, 1 run in 3 here), so the proxy raises the
signal itself while the generator is stopped, as the kernel does on a
write to a reset socket (an unhandled SIGPIPE kills it whichever way it
comes). The other connections pass through. The generator must end
normally (not by a signal), count the resets, and the pairs that were
not reset must have played.

The same stops left a pair's joiner behind its creator (session 26's CI:
the creator registered and created while the joiner's handshake waited,
and the generator sent the join at once, before the joiner's hello and
register: not_logged_in, the pair refused). A second proxy holds the
joiner's connection (the second one: the generator connects a pair's
creator first) for half a second: the pair must play."""

import os
import select
import signal
import socket
import struct
import subprocess
import threading
import time

from harness import Harness, check, loadgen_figures, run_main

RESET = 2  # the first connections the proxy resets


class ResettingProxy:
    def __init__(self, upstream_port, reset_first):
        self.upstream = ("127.0.0.1", upstream_port)
        self.left = reset_first
        self.resets = 0
        self.pid = None  # the load generator, stopped while its connection is reset
        self.lock = threading.Lock()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            with self.lock:
                reset = self.left > 0
                self.left -= reset
            threading.Thread(target=self.serve, args=(c, reset), daemon=True).start()

    def serve(self, c, reset):
        u = socket.create_connection(self.upstream)
        try:
            if reset:
                self.reset(c, u)
            else:
                self.pipe(c, u)
        except OSError:
            pass
        finally:
            for s in (c, u):
                try:
                    s.close()
                except OSError:
                    pass

    def reset(self, c, u):
        u.sendall(c.recv(65536))  # the ClientHello
        # The daemon's flight, whole: it then waits for the client's
        # Finished, so a pause of 0.3 s with nothing more is its end.
        flight = b""
        while True:
            r, _, _ = select.select([u], [], [], 0.3 if flight else 10)
            if not r:
                break
            data = u.recv(65536)
            if not data:
                break
            flight += data
        while self.pid is None:  # set just after the generator started
            time.sleep(0.01)
        with self.lock:  # one reset at a time: each stops the generator
            os.kill(self.pid, signal.SIGSTOP)
            try:
                c.sendall(flight)
                c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                c.close()  # the reset
                os.kill(self.pid, signal.SIGPIPE)
                time.sleep(0.05)
            finally:
                os.kill(self.pid, signal.SIGCONT)
            self.resets += 1

    def pipe(self, c, u):
        socks = [c, u]
        while True:
            r, _, _ = select.select(socks, [], [])
            for s in r:
                data = s.recv(65536)
                if not data:
                    return
                (u if s is c else c).sendall(data)

    def close(self):
        self.sock.close()


class DelayingProxy(ResettingProxy):
    """Passes every connection through; the n-th one accepted (from 1)
    waits `delay` seconds before any byte moves."""

    def __init__(self, upstream_port, nth, delay):
        self.nth, self.delay, self.accepted = nth, delay, 0
        super().__init__(upstream_port, 0)

    def serve(self, c, reset):
        with self.lock:
            self.accepted += 1
            late = self.accepted == self.nth
        if late:
            time.sleep(self.delay)
        super().serve(c, False)


def slow_joiner(args, h):
    proxy = DelayingProxy(h.daemon.port, 2, 0.5)
    r = subprocess.run([args.loadgen, "--server", f"127.0.0.1:{proxy.port}", "--mode", "play",
                        "--matches", "1", "--duration", "1", "--warmup", "0", "--game",
                        "fixture-duel", "--scenario", "standard"],
                       capture_output=True, text=True, timeout=60)
    proxy.close()
    f = loadgen_figures(r.stdout)
    print(f"# slow joiner: exit {r.returncode}, {f}\n# {r.stderr.strip()[-400:]}")
    check(f.get("play_pairs_played") == 1 and f.get("play_pairs_refused") == 0,
          f"a pair whose joiner connects late must play, not be refused: {f}")
    check(r.returncode == 0, f"a run whose pairs all played exits 0, not {r.returncode}")


def loadgen_resets(args):
    cheap = ["--set", "scrypt_n_log2=10"]
    with Harness(args, daemon_args=cheap) as h:
        proxy = ResettingProxy(h.daemon.port, RESET)

        lg = subprocess.Popen([args.loadgen, "--server", f"127.0.0.1:{proxy.port}", "--mode",
                               "play", "--matches", "3", "--duration", "2", "--warmup", "0",
                               "--game", "fixture-duel", "--scenario", "standard"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        proxy.pid = lg.pid
        try:
            out, err = lg.communicate(timeout=120)
        finally:
            if lg.poll() is None:
                lg.kill()
                lg.wait()
        rc, f = lg.returncode, loadgen_figures(out)
        proxy.close()
        print(f"# exit {rc}, proxy reset {proxy.resets}, {f}\n# {err.strip()[-400:]}")
        check(rc >= 0, f"tg_loadgen was killed by signal {-rc} (SIGPIPE is 13)")
        check(proxy.resets == RESET, f"the proxy reset {proxy.resets} connections, not {RESET}")
        check(f.get("connection_resets") == RESET,
              f"connection_resets should say the {RESET} resets: {f}")
        check(f.get("play_pairs_played", 0) >= 3 - RESET and f.get("play_pairs_refused") >= 1,
              f"the pairs not reset should have played, the others counted: {f}")
        check(f.get("play_actions_measured", 0) > 0, f"nothing was measured: {f}")
        check(rc == 1, f"a run short of pairs exits 1, not {rc}")
        slow_joiner(args, h)


def extra(p):
    p.add_argument("--loadgen", required=True, help="tests/bench/tg_loadgen")


if __name__ == "__main__":
    run_main(loadgen_resets, extra)
