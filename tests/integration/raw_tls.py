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
        # Replies to other requests read while looking for one's own: kept
        # for their own reply(), never thrown away (stop 35's CI failure).
        self.kept = {}

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

    def post(self, obj):
        """Sends obj with a fresh id, reading nothing; returns the id, for
        reply(). For requests in flight together, whose replies may come in
        an order the test does not know."""
        self.next_id += 1
        self.send(dict(obj, id=self.next_id))
        return self.next_id

    def reply(self, rid):
        """The reply to request rid, or None if the connection ended first.
        Pushes before it are skipped (read them with line() instead); a
        reply to another request met on the way is kept for its own
        reply(rid), whichever is asked first. (Raw.request used to skip
        every line that was not its reply: a reply to a request sent
        before, arriving first, was thrown away and the read that wanted it
        waited 30 s: stop 35's integration/backup, fixed in 763a78f.)"""
        if rid in self.kept:
            return self.kept.pop(rid)
        while True:
            m = self.line()
            if m is None:
                return None
            mid = m.get("id")
            if mid == rid:
                return m
            if mid is not None:
                self.kept[mid] = m

    def request(self, obj):
        """Sends obj with a fresh id; the reply to it (see reply())."""
        return self.reply(self.post(obj))

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
