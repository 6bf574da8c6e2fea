"""A bare TLS connection to the daemon, for what the real client never does:
many connections at once, bytes trickled one at a time, exact error texts
compared byte for byte. The tests that use it read what each connection
receives on the wire."""

import json
import socket
import ssl


def tls_context(cert):
    ctx = ssl.create_default_context(cafile=cert)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    return ctx


class Raw:
    def __init__(self, port, cert, timeout=30, source=None):
        """source: a loopback address to come from (127.0.0.2, ...), so that
        one test can play several peers."""
        raw = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                       source_address=(source, 0) if source else None)
        self.sock = tls_context(cert).wrap_socket(raw, server_hostname="localhost")
        self.buf = b""
        self.next_id = 0

    def send(self, obj_or_bytes):
        data = obj_or_bytes if isinstance(obj_or_bytes, bytes) else (
            json.dumps(obj_or_bytes).encode() + b"\n")
        self.sock.sendall(data)

    def line(self):
        """The next message as a dict, or None at end of stream."""
        while b"\n" not in self.buf:
            try:
                chunk = self.sock.recv(65536)
            except (ssl.SSLError, ConnectionError):
                return None
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def request(self, obj):
        """Sends obj with a fresh id; the reply to it (pushes before it are
        skipped), or None if the connection ended first."""
        self.next_id += 1
        req = dict(obj, id=self.next_id)
        self.send(req)
        while True:
            m = self.line()
            if m is None or m.get("id") == self.next_id:
                return m

    def ends(self):
        """True if the server closes the connection (within the timeout)."""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return True
                self.buf += chunk
        except (ssl.SSLError, ConnectionError):
            return True
        except socket.timeout:
            return False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def connect(port, cert, timeout=30, source=None, client=None):
    """A connection that has said hello (naming its client program, if
    given)."""
    c = Raw(port, cert, timeout, source)
    hello = {"op": "hello", "protocol": 1}
    if client:
        hello["client"] = client
    r = c.request(hello)
    if not r or r.get("op") != "welcome":
        raise RuntimeError(f"hello: {r}")
    return c
