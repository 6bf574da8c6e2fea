"""A small WebSocket client (RFC 6455) over TLS for the tests, written out
rather than imported so that it can also send what a browser never would:
unmasked frames, binary frames, bad UTF-8, oversized or fragmented messages,
a slow or broken HTTP head. Python's standard library only."""

import base64
import os
import select
import socket
import ssl
import struct
import threading
import time

OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0, 1, 2, 8, 9, 10


def tls_connect(port, cafile, timeout=10):
    ctx = ssl.create_default_context(cafile=cafile)
    ctx.check_hostname = False  # the self-signed certificate names localhost
    raw = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    return ctx.wrap_socket(raw, server_hostname="localhost")


def read_head(sock, limit=65536):
    """Reads an HTTP response head; (status, {lower-name: value}, rest bytes)."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(4096)
        if not chunk:
            break
        buf += chunk
        if len(buf) > limit:
            raise ValueError("response head too long")
    head, _, rest = buf.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines or not lines[0].startswith("HTTP/1.1 "):
        return None, {}, buf
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    return status, headers, rest


def http_request(port, cafile, raw, timeout=10):
    """Sends raw request bytes; (status, headers, body) of the response, read
    to the end of the stream."""
    s = tls_connect(port, cafile, timeout)
    try:
        s.sendall(raw)
        status, headers, rest = read_head(s)
        body = rest
        while True:
            try:
                chunk = s.recv(65536)
            except (ssl.SSLError, ConnectionResetError):
                break
            if not chunk:
                break
            body += chunk
        return status, headers, body
    finally:
        s.close()


def encode_frame(opcode, payload, fin=True, mask=True, rsv=0):
    b0 = (0x80 if fin else 0) | (rsv << 4) | opcode
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", b0, (0x80 if mask else 0) | n)
    elif n < 65536:
        head = struct.pack("!BBH", b0, (0x80 if mask else 0) | 126, n)
    else:
        head = struct.pack("!BBQ", b0, (0x80 if mask else 0) | 127, n)
    if not mask:
        return head + payload
    key = os.urandom(4)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return head + key + masked


class WebSocket:
    """One client socket: connect() does the TLS and HTTP upgrade."""

    def __init__(self, port, cafile, origin="same", path="/ws", timeout=10):
        self.port = port
        self.cafile = cafile
        self.origin = f"https://127.0.0.1:{port}" if origin == "same" else origin
        self.path = path
        self.timeout = timeout
        self.sock = None
        self.buf = b""
        self.status = None
        self.headers = {}
        # One thread may read while another sends: an SSL object must not
        # be in two calls at once, so reads wait in short slices.
        self.lock = threading.Lock()

    def connect(self):
        """Returns the HTTP status of the upgrade (101 when it worked)."""
        self.sock = tls_connect(self.port, self.cafile, self.timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {self.path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}",
                 "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                 "Sec-WebSocket-Version: 13"]
        if self.origin:
            lines.append(f"Origin: {self.origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.status, self.headers, self.buf = read_head(self.sock)
        return self.status

    def send_frame(self, opcode, payload, fin=True, mask=True, rsv=0):
        if isinstance(payload, str):
            payload = payload.encode()
        with self.lock:
            self.sock.settimeout(30)
            self.sock.sendall(encode_frame(opcode, payload, fin, mask, rsv))

    def send_text(self, text):
        self.send_frame(OP_TEXT, text)

    def _need(self, n, deadline):
        while len(self.buf) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no frame in time")
            # Wait for bytes outside the lock (unless TLS holds some already
            # decrypted): a reader that held it through every idle slice
            # kept a sender waiting about 0.17 s a message (Python's lock is
            # not fair), 54 of ws_tourney_export's 60 s.
            if not self.sock.pending():
                try:
                    ready, _, _ = select.select([self.sock], [], [], min(left, 0.05))
                except (ValueError, OSError):  # closed under us (kill())
                    raise EOFError("connection closed")
                if not ready:
                    continue
            with self.lock:
                self.sock.settimeout(min(left, 0.05))
                try:
                    chunk = self.sock.recv(65536)
                except (socket.timeout, ssl.SSLWantReadError):
                    continue
                except (ssl.SSLError, ConnectionResetError, OSError):
                    chunk = b""
            if not chunk:
                raise EOFError("connection closed")
            self.buf += chunk

    def recv_frame(self, timeout=None):
        """(fin, opcode, payload) of the next frame; EOFError at the end."""
        if timeout is None:
            timeout = self.timeout if self.timeout is not None else float("inf")
        deadline = time.monotonic() + timeout
        self._need(2, deadline)
        b0, b1 = self.buf[0], self.buf[1]
        if b1 & 0x80:
            raise ValueError("the server masked a frame")
        n = b1 & 0x7F
        pos = 2
        if n == 126:
            self._need(4, deadline)
            n = struct.unpack("!H", self.buf[2:4])[0]
            pos = 4
        elif n == 127:
            self._need(10, deadline)
            n = struct.unpack("!Q", self.buf[2:10])[0]
            pos = 10
        self._need(pos + n, deadline)
        payload = self.buf[pos:pos + n]
        self.buf = self.buf[pos + n:]
        return bool(b0 & 0x80), b0 & 0x0F, payload

    def recv_message(self, timeout=None):
        """The next text message as a str, answering pings; ('close', code,
        reason) for a close frame."""
        parts = []
        while True:
            fin, op, payload = self.recv_frame(timeout)
            if op == OP_PING:
                self.send_frame(OP_PONG, payload)
                continue
            if op == OP_PONG:
                continue
            if op == OP_CLOSE:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                return ("close", code, payload[2:].decode("utf-8", "replace"))
            parts.append(payload)
            if fin:
                return b"".join(parts).decode("utf-8")

    def wait_close(self, timeout=None):
        """Reads until a close frame: its (code, reason); None at end of
        stream without one."""
        while True:
            try:
                m = self.recv_message(timeout)
            except EOFError:
                return None
            if isinstance(m, tuple):
                return m[1], m[2]

    def send_close(self, code=1000):
        self.send_frame(OP_CLOSE, struct.pack("!H", code))

    def close(self, code=1000):
        """Sends a close frame and drops the socket without waiting."""
        try:
            self.send_close(code)
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass
