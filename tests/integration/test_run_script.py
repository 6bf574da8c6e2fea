#!/usr/bin/env python3
"""test_run_script.py — scripts/run.sh, the README's run command, starts
telegraphd on its embedded defaults and passes the user's flags through:

  python3 test_run_script.py --daemon build/server/telegraphd

1. With no flag but a port, the data folder is the daemon's default,
   ./telegraph-data in the checkout (run.sh works from there, wherever it
   is called from).
2. With --config FILE whose `data = DIR` names another folder, the daemon
   uses DIR (flags override a config file, so run.sh must not pass a
   --data of its own: it did, and a club's config file lost its data
   folder to ./telegraph-data). The address run.sh tells the user to open
   is the config file's `listen` (it printed the default 127.0.0.1:7700).
run.sh runs in a scratch copy of the checkout whose build/server/telegraphd
is this build's daemon; its dependency check and its cmake steps are
replaced by commands that do nothing (what is tested is the daemon's
command line, not apt or a build). A few seconds."""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

from harness import LISTEN_RE, CheckFailed, check, free_fixed_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def checkout(top, daemon):
    """A scratch checkout: run.sh, a deps.sh and a cmake that do nothing, and
    the daemon where run.sh's build puts it."""
    tree = os.path.join(top, "checkout")
    os.makedirs(os.path.join(tree, "scripts"))
    shutil.copy(os.path.join(ROOT, "scripts", "run.sh"), os.path.join(tree, "scripts"))
    with open(os.path.join(tree, "scripts", "deps.sh"), "w") as f:
        f.write("exit 0\n")
    os.makedirs(os.path.join(tree, "build", "server"))
    os.symlink(os.path.abspath(daemon), os.path.join(tree, "build", "server", "telegraphd"))
    bin_dir = os.path.join(top, "bin")
    os.makedirs(bin_dir)
    with open(os.path.join(bin_dir, "cmake"), "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(os.path.join(bin_dir, "cmake"), 0o755)
    return tree, bin_dir


def run(tree, bin_dir, cwd, args, timeout=60):
    """run.sh ARGS from cwd until the daemon listens, then SIGTERM; its
    stderr lines and exit status (None if it never listened)."""
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
    proc = subprocess.Popen(["bash", os.path.join(tree, "scripts", "run.sh")] + args, cwd=cwd,
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    lines, listening = [], threading.Event()

    def read():
        for line in proc.stderr:
            lines.append(line.rstrip("\n"))
            if LISTEN_RE.search(line):
                listening.set()
        listening.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    listening.wait(timeout)
    said = any(LISTEN_RE.search(line) for line in lines)
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)  # run.sh execs the daemon: this is telegraphd
    try:
        rc = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        rc = proc.wait()
    reader.join(5)
    return lines, rc if said else None


def tail(rc, lines):
    return "" if rc == 0 else f" (status {rc}):\n" + "\n".join(lines[-10:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daemon", required=True)
    args = ap.parse_args()
    top = tempfile.mkdtemp(prefix="telegraph-run-script-")
    try:
        tree, bin_dir = checkout(top, args.daemon)
        default = os.path.join(tree, "telegraph-data")
        elsewhere = os.path.join(top, "cwd")
        os.makedirs(elsewhere)

        lines, rc = run(tree, bin_dir, elsewhere, ["--listen", "127.0.0.1:0"])
        check(rc == 0, "run.sh --listen 127.0.0.1:0 starts the daemon and it stops on SIGTERM"
              + tail(rc, lines))
        check(os.path.exists(os.path.join(default, "telegraph.db")),
              "the data folder is the default ./telegraph-data in the checkout")
        check(not os.listdir(elsewhere), "nothing is written where run.sh was called from")
        shutil.rmtree(default, ignore_errors=True)

        club = os.path.join(top, "club-data")
        conf = os.path.join(top, "club.conf")
        port = free_fixed_port(random.Random())
        with open(conf, "w") as f:
            f.write(f"listen = 127.0.0.1:{port}  # the club's port\ndata = {club}\n")
        lines, rc = run(tree, bin_dir, elsewhere, ["--config", conf])
        check(rc == 0, "run.sh --config FILE starts the daemon" + tail(rc, lines))
        check(os.path.exists(os.path.join(club, "telegraph.db")),
              "the config file's data folder is used")
        check(not os.path.exists(default), "and not ./telegraph-data")
        said = [line for line in lines if "open https://" in line]
        check(len(said) == 1 and f"open https://127.0.0.1:{port}/ " in said[0],
              f"run.sh says to open the config file's listen, 127.0.0.1:{port}: {said}")
    except CheckFailed as e:
        print(f"FAILED: {e}", flush=True)
        return 1
    finally:
        shutil.rmtree(top, ignore_errors=True)
    print("PASS", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
