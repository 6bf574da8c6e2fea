#!/usr/bin/env python3
"""test_cli_setup.py — the terminal client's first minutes (issue 15):

  python3 test_cli_setup.py --daemon build/server/telegraphd --cli build/clients/telegraph

- `--trust FILE register NAME` with a settings file that names the server but
  no pin used to fail with 'bad server address ""' (main.c copied the server
  buffer onto itself);
- a relative --trust path is remembered as an absolute one, so the client
  works from any folder afterwards;
- a wrong port is reported as a connection failure (exit 3) by every
  command, also by those that need a login when nobody is logged in;
- `play` pings while it waits, so a server's idle timeout does not drop it
  (checked against a daemon with a 1.5 s idle timeout; the same wait without
  pings is dropped, which shows the check can fail).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Daemon  # noqa: E402
from harness_check import CheckFailed, check  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", required=True)
    p.add_argument("--cli", required=True)
    args = p.parse_args()
    cli = os.path.abspath(args.cli)
    tmp = tempfile.mkdtemp(prefix="tg-cli-setup-")
    d = Daemon(args.daemon, os.path.join(tmp, "data"))
    env = dict(os.environ, TELEGRAPH_PASSWORD="correct horse battery")
    try:
        d.start()
        cfg = os.path.join(tmp, "conf", "config")
        os.makedirs(os.path.dirname(cfg))
        with open(cfg, "w") as f:
            f.write(f"server = {d.address}\n")

        def run(*a, cwd=tmp):
            return subprocess.run([cli, "--config", cfg, *a], cwd=cwd, env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=60)

        # From the folder above the data folder, with the relative path a
        # README reader types.
        r = run("--trust", "data/cert.pem", "register", "ann")
        check(r.returncode == 0,
              f"--trust FILE register NAME with the server in the settings: rc "
              f"{r.returncode} {r.stderr.strip()}")
        saved = open(cfg).read()
        want = os.path.realpath(os.path.join(tmp, "data", "cert.pem"))
        check(f"trust = {want}\n" in saved, f"the pin is saved as an absolute path: {saved!r}")
        check(f"server = {d.address}\n" in saved, f"the server is kept: {saved!r}")
        elsewhere = os.path.join(tmp, "conf")
        r = run("list", "mine", cwd=elsewhere)
        check(r.returncode == 0, f"works from another folder: {r.stderr.strip()}")

        r = run("--trust", "no/such.pem", "games")
        check(r.returncode == 4 and "no/such.pem" in r.stderr,
              f"a missing --trust file is named: rc {r.returncode} {r.stderr.strip()}")

        # A wrong port, nobody logged in for it (a new server drops the token).
        for cmd in (["list"], ["list", "mine"], ["games"], ["play", "1"], ["resign", "1"]):
            r = run("--server", "127.0.0.1:1", *cmd)
            check(r.returncode == 3 and "cannot connect" in r.stderr,
                  f"{' '.join(cmd)} on a wrong port says it cannot connect: rc "
                  f"{r.returncode} {r.stderr.strip()}")
        d.stop()
        print("ok    first run, absolute pin, connection failures")
        d.extra_args = ["--set", "idle_timeout_ms=1500"]
        d.start()
        r = run("create", "lincolns-war", "--scenario", "tournament", "--side", "union")
        check(r.returncode == 0, f"create: {r.stderr.strip()}")
        m = __import__("re").search(r"\b(\d+)\b", r.stdout)
        check(m is not None, f"create printed the match id: {r.stdout!r}")

        def wait_in_play(ping_s):
            n = sum("idle for" in line for line in d.log)
            p = subprocess.Popen([cli, "--config", cfg, "play", m.group(1)], cwd=tmp,
                                 env=dict(env, TELEGRAPH_PING_S=str(ping_s)),
                                 stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True)
            time.sleep(5)
            p.stdin.close()
            p.wait(timeout=30)
            err = p.stderr.read()
            return sum("idle for" in line for line in d.log) - n, err

        drops, err = wait_in_play(1)
        check(drops == 0 and "reconnect" not in err,
              f"play pinging every second is never dropped: {drops} drops, {err!r}")
        drops, err = wait_in_play(600)
        check(drops > 0, "without pings the same wait is dropped (the check can fail)")
        print("ok    play pings while it waits")
    except CheckFailed as e:
        print("FAIL  " + str(e))
        return 1
    finally:
        if d.proc:
            d.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
