#!/usr/bin/env python3
"""test_remote.py — playing from another machine (issue 15), black-box:

  python3 test_remote.py --daemon build/server/telegraphd --cli build/clients/telegraph

The self-signed certificate covers the listening address's names (for
0.0.0.0: the host name and every interface address) and the host's
cert_names; a client that checks host names accepts it when it connects by
any of them, and refuses it by a name it does not cover. A change of names
makes the certificate again with the same key (the key fingerprint clients
pin survives); no change leaves it alone. A real certificate (--cert/--key)
is loaded again on SIGHUP: new connections get the new one while a
connection opened before keeps working.
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Daemon  # noqa: E402
from harness_check import CheckFailed, check  # noqa: E402


def san(cert):
    """The certificate's subjectAltName entries as a set of 'DNS:x'/'IP:y'."""
    out = subprocess.run(["openssl", "x509", "-in", cert, "-noout", "-ext", "subjectAltName"],
                         capture_output=True, text=True, check=True).stdout
    body = out.split("\n", 1)[1] if "\n" in out else ""
    names = set()
    for part in body.replace("\n", ",").split(","):
        part = part.strip()
        if part:
            names.add(part.replace("IP Address:", "IP:"))
    return names


def machine_addresses():
    """This machine's non-loopback IPv4 addresses (`hostname -I`)."""
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    v4 = []
    for a in out:
        try:
            socket.inet_pton(socket.AF_INET, a)
            v4.append(a)
        except OSError:
            pass
    return v4


def der_of(pem_file):
    return ssl.PEM_cert_to_DER_cert(open(pem_file).read())


class Conn:
    """One TLS connection; verify: the CA file to check against (with host
    name checking by server_hostname), None to accept any certificate."""

    def __init__(self, addr, port, verify=None, server_hostname=None):
        if verify:
            ctx = ssl.create_default_context(cafile=verify)
        else:
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
        raw = socket.create_connection((addr, port), timeout=10)
        self.sock = ctx.wrap_socket(raw, server_hostname=server_hostname or addr)
        self.buf = b""

    def peer_der(self):
        return self.sock.getpeercert(binary_form=True)

    def request(self, obj):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")
        while b"\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def close(self):
        self.sock.close()


def verifies(addr, port, cert, name=None):
    try:
        c = Conn(addr, port, verify=cert, server_hostname=name)
        c.close()
        return True
    except ssl.SSLCertVerificationError:
        return False


def log_value(d, pattern):
    for line in reversed(d.log):
        m = re.search(pattern, line)
        if m:
            return m.group(1)
    return None


def test_names_by_default_and_by_setting(args, tmp):
    data = os.path.join(tmp, "data")
    d = Daemon(args.daemon, data, ["--listen", "0.0.0.0:0",
                                   "--cert-names", "127.0.0.2, Game.Example.test"])
    d.start()
    try:
        names = san(d.cert)
        host = socket.gethostname().lower()
        for want in ("DNS:localhost", "IP:127.0.0.1", "IP:127.0.0.2",
                     "DNS:game.example.test", "DNS:" + host):
            check(want in names, f"the certificate covers {want}: {sorted(names)}")
        addrs = machine_addresses()
        for a in addrs:
            check("IP:" + a in names, f"listening on 0.0.0.0 covers the interface address {a}")
        covers = log_value(d, r"covers (\S+)")
        check(covers is not None and "IP:127.0.0.2" in covers and "DNS:" + host in covers,
              f"the log says what the certificate covers: {covers}")
        # A client that checks names accepts each of them ...
        check(verifies("127.0.0.2", d.port, d.cert), "verified when reached as 127.0.0.2")
        check(verifies("127.0.0.1", d.port, d.cert, "game.example.test"),
              "verified by the name given in cert_names")
        if addrs:
            check(verifies(addrs[0], d.port, d.cert),
                  f"verified when reached by this machine's address {addrs[0]}")
            # ... and the terminal client too (the 'IP address mismatch').
            cfg = os.path.join(tmp, "cli.conf")
            r = subprocess.run([args.cli, "--config", cfg, "--server", f"{addrs[0]}:{d.port}",
                                "--trust", d.cert, "games"],
                               capture_output=True, text=True, timeout=60)
            check(r.returncode == 0,
                  f"telegraph --server {addrs[0]}:PORT --trust cert.pem games: "
                  f"rc {r.returncode} {r.stderr.strip()}")
        else:
            print("note: no non-loopback IPv4 address here; the interface check was skipped")
        # ... and refuses a name it does not cover.
        check(not verifies("127.0.0.1", d.port, d.cert, "other.example.test"),
              "refused by a name the certificate does not cover")
    finally:
        d.stop()
    return d


def test_new_names_new_certificate(args, tmp, first):
    data = first.data_dir
    key_fp = log_value(first, r"key fingerprint (SHA256:\S+)")
    check(key_fp is not None, "the key fingerprint is logged")
    der1 = der_of(first.cert)
    # The same names: the certificate is left alone.
    d = Daemon(args.daemon, data, ["--listen", "0.0.0.0:0",
                                   "--cert-names", "game.example.test,127.0.0.2"])
    d.start()
    d.stop()
    check(der_of(d.cert) == der1, "same names: the certificate is not made again")
    check(not any("again for new names" in l for l in d.log), "same names: nothing logged")
    # Other names: made again, same key.
    d = Daemon(args.daemon, data, ["--listen", "0.0.0.0:0", "--cert-names", "127.0.0.3"])
    d.start()
    try:
        names = san(d.cert)
        check("IP:127.0.0.3" in names and "DNS:game.example.test" not in names,
              f"new names: the certificate covers them and no longer the old: {sorted(names)}")
        check(any("again for new names" in l for l in d.log), "the new certificate is logged")
        check(der_of(d.cert) != der1, "new names: a new certificate")
        check(log_value(d, r"key fingerprint (SHA256:\S+)") == key_fp,
              "new names: the same key fingerprint")
        check(verifies("127.0.0.3", d.port, d.cert), "the new certificate verifies")
    finally:
        d.stop()


def make_cert(tmp, name):
    cert, key = os.path.join(tmp, name + ".pem"), os.path.join(tmp, name + ".key")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj",
                    "/CN=" + name, "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    return cert, key


def test_sighup_reload(args, tmp):
    a_cert, a_key = make_cert(tmp, "first")
    b_cert, b_key = make_cert(tmp, "renewed")
    cert, key = os.path.join(tmp, "live.pem"), os.path.join(tmp, "live.key")
    shutil.copy(a_cert, cert)
    shutil.copy(a_key, key)
    d = Daemon(args.daemon, os.path.join(tmp, "data-real"), ["--cert", cert, "--key", key])
    d.start()
    try:
        old = Conn("127.0.0.1", d.port)
        w = old.request({"op": "hello", "protocol": 1, "client": "test_remote", "id": 1})
        check(w and w.get("op") == "welcome", f"hello over the first certificate: {w}")
        check(old.peer_der() == der_of(a_cert), "the first certificate is served")
        # A renewal, as certbot does it: the files are replaced, then SIGHUP.
        shutil.copy(b_cert, cert + ".tmp")
        os.replace(cert + ".tmp", cert)
        shutil.copy(b_key, key + ".tmp")
        os.replace(key + ".tmp", key)
        n = len(d.log)
        d.proc.send_signal(signal.SIGHUP)
        deadline = time.time() + 20
        while time.time() < deadline and not any("keep theirs" in l for l in d.log[n:]):
            time.sleep(0.05)
        check(any("keep theirs" in l for l in d.log[n:]), "SIGHUP reload logged")
        new = Conn("127.0.0.1", d.port, verify=b_cert)
        check(new.peer_der() == der_of(b_cert), "after SIGHUP new connections get the new one")
        w = new.request({"op": "hello", "protocol": 1, "client": "test_remote", "id": 1})
        check(w and w.get("op") == "welcome", f"hello over the renewed certificate: {w}")
        new.close()
        p = old.request({"op": "ping", "id": 2})
        check(p and p.get("op") == "pong", f"the connection opened before SIGHUP still works: {p}")
        # A broken renewal keeps the certificate that works.
        with open(key, "w") as f:
            f.write("not a key\n")
        n = len(d.log)
        d.proc.send_signal(signal.SIGHUP)
        deadline = time.time() + 20
        while time.time() < deadline and not any("still serving" in l for l in d.log[n:]):
            time.sleep(0.05)
        check(any("still serving" in l for l in d.log[n:]), "a bad key on SIGHUP is reported")
        again = Conn("127.0.0.1", d.port, verify=b_cert)
        check(again.peer_der() == der_of(b_cert), "after a failed reload the last good one serves")
        again.close()
        p = old.request({"op": "ping", "id": 3})
        check(p and p.get("op") == "pong", "the old connection survives both reloads")
        old.close()
    finally:
        d.stop()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--daemon", required=True)
    p.add_argument("--cli", required=True)
    args = p.parse_args()
    tmp = tempfile.mkdtemp(prefix="tg-remote-")
    try:
        first = test_names_by_default_and_by_setting(args, tmp)
        print("ok    certificate names")
        test_new_names_new_certificate(args, tmp, first)
        print("ok    certificate made again for new names, same key")
        test_sighup_reload(args, tmp)
        print("ok    SIGHUP reload")
    except CheckFailed as e:
        print("FAIL  " + str(e))
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
