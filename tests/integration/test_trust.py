#!/usr/bin/env python3
"""test_trust.py — the terminal client's trust in a server it has no PEM for
(issue 15), black-box:

  python3 test_trust.py --daemon build/server/telegraphd --cli build/clients/telegraph

A self-signed server met for the first time: --json and a run without a
terminal refuse it and print the key fingerprint to pin; on a terminal (a
pty here) the client shows that fingerprint and asks; "no" connects to
nothing and remembers nothing, "yes" remembers it in known_servers next to
the settings file, and later runs without a terminal connect. A changed key
is refused loudly, terminal or not. --fingerprint pins: the right one
connects (and is remembered), a wrong one is refused, a malformed one is a
usage error.

One spelling everywhere: the daemon's log, the question, known_servers and
the refusals write the key fingerprint as "SHA256:" and the 64 lower-case
hex digits that `openssl pkey -pubin -outform DER | sha256sum` gives for
cert.pem's key; --fingerprint also takes the digits in upper case with
colons, and a known_servers line in session 9's base64 still counts.
"""
import base64
import hashlib
import argparse
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Daemon  # noqa: E402
from harness_check import CheckFailed, check  # noqa: E402


def key_fp(d):
    for line in reversed(d.log):
        m = re.search(r"key fingerprint (SHA256:\S+)", line)
        if m:
            return m.group(1)
    raise CheckFailed("no key fingerprint in the daemon's log")


def spki_sha256(cert):
    """The SHA-256 of cert.pem's DER public key, by openssl's own tools."""
    pub = subprocess.run(["openssl", "x509", "-in", cert, "-pubkey", "-noout"],
                         capture_output=True, check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "DER"], input=pub,
                         capture_output=True, check=True).stdout
    return hashlib.sha256(der).digest()


def run(cli, cfg, server, *extra, stdin=subprocess.DEVNULL):
    return subprocess.run([cli, "--config", cfg, "--server", server, *extra], stdin=stdin,
                          capture_output=True, text=True, timeout=60)


def run_pty(cli, cfg, server, answer, *extra):
    """Runs the client on a pseudo-terminal; answers the question (if asked)
    with answer. Returns (exit code, everything it wrote)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(cli, [cli, "--config", cfg, "--server", server, *extra, "games"])
    out = b""
    answered = False
    deadline = time.time() + 60
    while time.time() < deadline:
        r, _, _ = select.select([fd], [], [], 0.5)
        if fd in r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            if not answered and b"(yes/no)" in out:
                os.write(fd, answer.encode() + b"\n")
                answered = True
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", required=True)
    p.add_argument("--cli", required=True)
    args = p.parse_args()
    tmp = tempfile.mkdtemp(prefix="tg-trust-")
    d = Daemon(args.daemon, os.path.join(tmp, "data"))
    try:
        d.start()
        server = d.address
        fp = key_fp(d)
        digest = spki_sha256(os.path.join(d.data_dir, "cert.pem"))
        check(fp == "SHA256:" + digest.hex(),
              f"the daemon logs the key fingerprint as SHA256: and sha256sum's hex: {fp}")
        cfg = os.path.join(tmp, "conf", "config")
        known = os.path.join(tmp, "conf", "known_servers")

        r = run(args.cli, cfg, server, "--json", stdin=subprocess.PIPE)
        check(r.returncode == 3 and fp in r.stderr and "not known" in r.stderr,
              f"--json never trusts an unknown server, and prints its fingerprint: "
              f"rc {r.returncode} {r.stderr!r}")
        r = run(args.cli, cfg, server, "games")
        check(r.returncode == 3 and fp in r.stderr,
              f"without a terminal an unknown server is refused: rc {r.returncode} {r.stderr!r}")
        check(not os.path.exists(known), "nothing remembered without a terminal")

        rc, out = run_pty(args.cli, cfg, server, "no")
        check("(yes/no)" in out and fp in out, f"on a terminal the fingerprint is shown: {out!r}")
        check(rc == 3, f"answered no: not connected (rc {rc})")
        check(not os.path.exists(known) or server not in open(known).read(),
              "answered no: nothing remembered")
        rc, out = run_pty(args.cli, cfg, server, "yes")
        check(rc == 0,
              f"answered yes: connected (rc {rc}): {out!r}")
        check(os.path.exists(known) and f"{server} {fp}" in open(known).read(),
              "answered yes: the fingerprint is remembered in known_servers")
        check(os.stat(known).st_mode & 0o077 == 0, "known_servers is private (0600)")
        r = run(args.cli, cfg, server, "games")
        check(r.returncode == 0, f"a remembered server connects without asking: {r.stderr!r}")
        # A line session 9 wrote (base64) is the same key in another spelling.
        old = "SHA256:" + base64.b64encode(digest).decode().rstrip("=")
        with open(known, "w") as f:
            f.write(f"{server} {old}\n")
        r = run(args.cli, cfg, server, "games")
        check(r.returncode == 0, f"a known_servers line in base64 still counts: {r.stderr!r}")

        # The host's key changes (or someone is in the middle).
        d.stop()
        os.remove(os.path.join(d.data_dir, "cert.pem"))
        os.remove(os.path.join(d.data_dir, "key.pem"))
        d.start()
        fp2 = key_fp(d)
        check(fp2 != fp, "a new key")
        r = run(args.cli, cfg, server, "games")
        check(r.returncode == 3 and "KEY HAS CHANGED" in r.stderr and fp2 in r.stderr,
              f"a changed key is refused loudly: {r.stderr!r}")
        rc, out = run_pty(args.cli, cfg, server, "yes")
        check(rc == 3 and "(yes/no)" not in out and "KEY HAS CHANGED" in out,
              f"a changed key is refused on a terminal too, without asking: {out!r}")

        bad = "SHA256:" + "0" * 64
        r = run(args.cli, cfg, server, "--fingerprint", bad, "--json", stdin=subprocess.PIPE)
        check(r.returncode == 3 and "REFUSED" in r.stderr and fp2 in r.stderr,
              f"a wrong --fingerprint is refused: rc {r.returncode} {r.stderr!r}")
        r = run(args.cli, cfg, server, "--fingerprint", "SHA256:short", "games")
        check(r.returncode == 2, f"a malformed --fingerprint is a usage error: {r.stderr!r}")
        r = run(args.cli, cfg, server, "--fingerprint", "SHA256:" + "0" * 63, "games")
        check(r.returncode == 2, f"63 digits are a usage error: {r.stderr!r}")
        shouted = ":".join(fp2[7:][i:i + 2].upper() for i in range(0, 64, 2))
        r = run(args.cli, cfg, server, "--fingerprint", shouted, "games")
        check(r.returncode == 0,
              f"the right --fingerprint connects, also in upper case with colons: {r.stderr!r}")
        check(f"{server} {fp2}\n" in open(known).read(),
              "--fingerprint is remembered in the one spelling")
        r = run(args.cli, cfg, server, "games")
        check(r.returncode == 0, f"--fingerprint is remembered for the server: {r.stderr!r}")
        print("ok    trust on first use, pinning by fingerprint, changed key refused")
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
