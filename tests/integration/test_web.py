"""HTTPS and WebSocket on the daemon's port (server/net/web.c, ws.c, http.c),
against the real daemon over TLS: the embedded files with their security
headers and ETags, and every kind of bad input on the new paths, each of
which must get a clear HTTP status or WebSocket close code and leave the
daemon serving everyone else.

    python3 test_web.py --daemon PATH --cli PATH --schema DIR"""

import base64
import itertools
import json
import os
import socket
import ssl
import time

from harness import Harness, check, run_main
from wsclient import (OP_BINARY, OP_CONT, OP_PING, OP_PONG, OP_TEXT, WebSocket,
                      encode_frame, http_request, read_head, tls_connect)

MAX_MESSAGE = 4096
HEAD_DEADLINE_MS = 1500
MESSAGE_MS = 1500
OTHER_ORIGIN = "https://tables.example"


def get(h, path, method="GET", extra=""):
    raw = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{h.daemon.port}\r\n{extra}"
           "\r\n").encode()
    return http_request(h.daemon.port, h.daemon.cert, raw)


def ws(h, origin="same"):
    s = WebSocket(h.daemon.port, h.daemon.cert, origin=origin)
    status = s.connect()
    check(status == 101, f"the upgrade was answered {status}, not 101")
    return s


def hello(s):
    s.send_text(json.dumps({"op": "hello", "protocol": 1, "client": "test_web", "id": 1}))
    m = json.loads(s.recv_message())
    check(m.get("op") == "welcome" and m.get("id") == 1, f"no welcome over WebSocket: {m}")
    return m


def expect_close(s, code, what):
    got = s.wait_close(10)
    check(got is not None, f"{what}: the connection ended without a close frame")
    check(got[0] == code, f"{what}: closed with {got[0]} ({got[1]!r}), expected {code}")


def static_files(h):
    status, hd, body = get(h, "/")
    check(status == 200, f"GET / answered {status}")
    check(body.startswith(b"<!doctype html>"), f"GET / is not the page: {body[:60]!r}")
    check(int(hd.get("content-length", -1)) == len(body), "Content-Length differs from body")
    csp = hd.get("content-security-policy", "")
    check("frame-ancestors 'none'" in csp and "script-src 'self'" in csp
          and "unsafe-inline" not in csp and "unsafe-eval" not in csp,
          f"the CSP is not strict: {csp!r}")
    check(hd.get("x-content-type-options") == "nosniff", "no nosniff")
    check(hd.get("content-type", "").startswith("text/html"), f"type {hd.get('content-type')}")
    etag = hd.get("etag", "")
    check(etag.startswith('"') and len(etag) > 10, f"no ETag: {etag!r}")
    status, hd2, body2 = get(h, "/", extra=f"If-None-Match: {etag}\r\n")
    check(status == 304 and body2 == b"", f"If-None-Match with the ETag: {status}, "
          f"{len(body2)} bytes")
    status, hd3, body3 = get(h, "/", method="HEAD")
    check(status == 200 and body3 == b"" and hd3.get("content-length") == str(len(body)),
          f"HEAD /: {status}, {len(body3)} bytes, length {hd3.get('content-length')}")
    status, _, _ = get(h, "/index.html?x=1")
    check(status == 200, f"a query string is ignored: {status}")
    # Lincoln's War's map data, for the board: the module's own file.
    status, hd, body = get(h, "/games/lincolns-war/map.json")
    check(status == 200 and hd.get("content-type") == "application/json",
          f"the map data: {status} {hd.get('content-type')}")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "server", "games", "lincolns_war", "data",
                           "map.json"), "rb") as f:
        check(body == f.read(), "the map data served is not the module's map.json")
    check(hd.get("etag"), "the map data has no ETag")
    status, hd, body = get(h, "/no-such-file.js")
    check(status == 404, f"a missing file: {status}")
    check("frame-ancestors 'none'" in hd.get("content-security-policy", ""),
          "an error response lacks the CSP")


def bad_methods(h):
    for m in ("POST", "PUT", "DELETE", "OPTIONS", "PATCH", "CONNECT", "TRACE", "BREW"):
        status, hd, _ = get(h, "/", method=m)
        check(status == 405, f"{m} / answered {status}, not 405")
        check("GET" in hd.get("allow", ""), f"{m}: 405 without Allow")


def traversal(h):
    for path in ("/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/x", "/a/../index.html",
                 "/..%2findex.html", "/.%2e/index.html", "/index.html%00", "//etc/passwd",
                 "/..\\index.html", "/./../x"):
        status, _, body = get(h, path)
        check(status == 400, f"GET {path} answered {status}, not 400: {body[:80]!r}")


def bad_heads(h):
    port, cert = h.daemon.port, h.daemon.cert
    cases = [
        (b"GET / HTTP/1.1\r\n\r\n", 400, "HTTP/1.1 without Host"),
        (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "HTTP/2.0 in an HTTP/1 head"),
        (b"GET /\r\n\r\n", 400, "no version"),
        (b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "two Host headers"),
        (b"GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400, "a folded line"),
        (b"GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400, "a space before the colon"),
        (b"GET /" + b"a" * 2000 + b" HTTP/1.1\r\nHost: a\r\n\r\n", 414, "a long target"),
        (b"GET / HTTP/1.1\r\nHost: a\r\nX: " + b"b" * 9000 + b"\r\n\r\n", 431, "a long head"),
    ]
    for raw, want, what in cases:
        status, _, _ = http_request(port, cert, raw)
        check(status == want, f"{what}: answered {status}, not {want}")


def slow_head(h):
    """A head that trickles in (a byte every 200 ms, never finished) and one
    that never ends are both answered 408 at the deadline and dropped."""
    s = tls_connect(h.daemon.port, h.daemon.cert)
    t0 = time.monotonic()
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    got = b""
    s.settimeout(0.2)
    while time.monotonic() - t0 < 10:
        try:
            s.sendall(b"X")
        except OSError:
            break
        try:
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
        except socket.timeout:
            continue
        except OSError:
            break
    took = time.monotonic() - t0
    s.close()
    check(got.startswith(b"HTTP/1.1 408 "), f"a slow head got {got[:40]!r}")
    check(took < HEAD_DEADLINE_MS / 1000 + 3, f"the slow head was dropped after {took:.1f}s")


def origins(h):
    s = WebSocket(h.daemon.port, h.daemon.cert, origin="https://evil.example")
    check(s.connect() == 403, f"a foreign Origin: {s.status}")
    s = WebSocket(h.daemon.port, h.daemon.cert, origin=None)
    check(s.connect() == 403, f"no Origin: {s.status}")
    s = WebSocket(h.daemon.port, h.daemon.cert, origin="http://127.0.0.1:%d" % h.daemon.port)
    check(s.connect() == 403, f"the http:// origin: {s.status}")
    s = ws(h, origin=OTHER_ORIGIN)  # listed in web_origins
    hello(s)
    s.close()
    status, _, _ = get(h, "/ws")
    check(status == 426, f"GET /ws without an upgrade: {status}")
    status, _, _ = get(h, "/ws", method="POST", extra="Upgrade: websocket\r\n")
    check(status == 405, f"POST /ws: {status}")


def messages(h):
    s = ws(h)
    w = hello(s)
    check(any(g.get("id") == "fixture-duel" for g in w.get("games", [])), "no games in welcome")
    # The same protocol: a ping op, a malformed message (connection kept).
    s.send_text('{"op":"ping","id":"p"}')
    m = json.loads(s.recv_message())
    check(m == {"op": "pong", "id": "p"}, f"ping: {m}")
    s.send_text("{not json")
    m = json.loads(s.recv_message())
    check(m.get("op") == "error" and m.get("code") == "malformed_json", f"bad JSON: {m}")
    # A WebSocket ping gets its pong, with the same payload.
    s.send_frame(OP_PING, b"are you there")
    fin, op, payload = s.recv_frame()
    check(op == OP_PONG and payload == b"are you there", f"ping frame: {op} {payload!r}")
    # A message in three fragments is one message.
    text = json.dumps({"op": "ping", "id": "fragmented"})
    s.send_frame(OP_TEXT, text[:5], fin=False)
    s.send_frame(OP_PING, b"in between")  # a control frame may come between fragments
    s.send_frame(OP_CONT, text[5:12], fin=False)
    s.send_frame(OP_CONT, text[12:], fin=True)
    m = json.loads(s.recv_message())
    check(m == {"op": "pong", "id": "fragmented"}, f"fragmented: {m}")
    # Two messages in one write are two messages.
    s.sock.sendall(b"".join(encode_frame(OP_TEXT, json.dumps({"op": "ping", "id": i}).encode())
                            for i in (1, 2)))
    ids = [json.loads(s.recv_message()).get("id") for _ in range(2)]
    check(ids == [1, 2], f"two messages in one write: {ids}")
    s.send_close(1000)
    got = s.wait_close(5)
    check(got is not None and got[0] == 1000, f"a normal close is answered 1000: {got}")
    s.close()


def bad_frames(h):
    s = ws(h)
    hello(s)
    s.send_frame(OP_BINARY, b'{"op":"ping"}')
    expect_close(s, 1003, "a binary frame")

    s = ws(h)
    hello(s)
    s.send_frame(OP_TEXT, b'{"op":"ping","id":"\xff\xfe"}')
    expect_close(s, 1007, "invalid UTF-8")

    s = ws(h)
    s.send_frame(OP_TEXT, b'{"op":"ping","id":"\xed\xa0\x80"}')  # a surrogate
    expect_close(s, 1007, "an encoded surrogate")

    s = ws(h)
    hello(s)
    s.send_frame(OP_TEXT, '{"op":"ping"}', mask=False)
    expect_close(s, 1002, "an unmasked client frame")

    s = ws(h)
    s.send_frame(OP_TEXT, '{"op":"ping"}', rsv=4)
    expect_close(s, 1002, "a reserved bit")

    s = ws(h)
    s.send_frame(OP_PING, b"x" * 200)
    expect_close(s, 1002, "a control frame over 125 bytes")

    s = ws(h)
    s.send_frame(OP_CONT, b"{}")
    expect_close(s, 1002, "a continuation with nothing to continue")

    # Over max_message: the protocol's error first, then 1009, as on NDJSON.
    s = ws(h)
    hello(s)
    big = json.dumps({"op": "ping", "pad": "x" * MAX_MESSAGE})
    s.send_text(big)
    m = s.recv_message()
    check(not isinstance(m, tuple), f"oversized: closed without the error: {m}")
    m = json.loads(m)
    check(m.get("code") == "message_too_large", f"oversized: {m}")
    expect_close(s, 1009, "an oversized message")

    # Fragments that add up to more than max_message, each under it.
    s = ws(h)
    hello(s)
    piece = "x" * (MAX_MESSAGE // 2)
    s.send_frame(OP_TEXT, '{"op":"ping","pad":"' + piece, fin=False)
    s.send_frame(OP_CONT, piece, fin=False)
    s.send_frame(OP_CONT, piece + '"}', fin=True)
    m = json.loads(s.recv_message())
    check(m.get("code") == "message_too_large", f"oversized in fragments: {m}")
    expect_close(s, 1009, "an oversized fragmented message")

    # One frame announcing far more than max_message: 1009 at once.
    s = ws(h)
    hello(s)
    s.send_text('{"op":"ping","pad":"' + "z" * (MAX_MESSAGE * 4) + '"}')
    while True:
        m = s.recv_message()
        if isinstance(m, tuple):
            check(m[1] == 1009, f"a huge frame closed with {m[1]}, not 1009")
            break
        check(json.loads(m).get("code") == "message_too_large", f"a huge frame: {m}")

    # A message of exactly max_message bytes is fine.
    s = ws(h)
    hello(s)
    msg = '{"op":"ping","id":"edge","pad":"'
    msg += "y" * (MAX_MESSAGE - len(msg) - 2) + '"}'
    check(len(msg) == MAX_MESSAGE, "edge message length")
    s.send_text(msg)
    m = json.loads(s.recv_message())
    check(m == {"op": "pong", "id": "edge"}, f"a message of max_message bytes: {m}")
    s.close()


def stops_reading(h):
    """A client that sends but does not read is dropped once max_outbuf is
    queued for it, as on NDJSON."""
    s = WebSocket(h.daemon.port, h.daemon.cert)
    s.sock = None
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", h.daemon.port))
    ctx = ssl.create_default_context(cafile=h.daemon.cert)
    ctx.check_hostname = False
    s.sock = ctx.wrap_socket(raw, server_hostname="localhost")
    key = base64.b64encode(os.urandom(16)).decode()
    s.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{h.daemon.port}\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                    f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                    f"Origin: https://127.0.0.1:{h.daemon.port}\r\n\r\n").encode())
    status, _, _ = read_head(s.sock)
    check(status == 101, f"upgrade: {status}")
    s.sock.sendall(encode_frame(OP_TEXT, b'{"op":"hello","protocol":1,"id":0}'))
    req = encode_frame(OP_TEXT, b'{"op":"games","id":1}')
    dropped = False
    s.sock.settimeout(0.5)
    t0 = time.monotonic()
    while time.monotonic() - t0 < 60:
        try:
            s.sock.sendall(req * 50)
        except (OSError, socket.timeout):
            dropped = True
            break
        if any("does not read" in line for line in h.daemon.log):
            dropped = True
            break
    check(dropped, "a client that does not read was not dropped")
    # A send that timed out may come before the daemon's drop: under ASan
    # and a load of 19 it came more than 0.5 s before (session 12).
    t1 = time.monotonic()
    while time.monotonic() - t1 < 20 and not any("does not read" in line for line in h.daemon.log):
        time.sleep(0.1)
    check(any("does not read" in line for line in h.daemon.log),
          "the daemon did not say why it dropped the client")
    s.sock.close()


def trickle_until_cut(s, first, more, what):
    """Sends first, then the next of more every 0.2 s (each keeps the idle timer happy)
    until the daemon answers; that answer must be message_timeout then a
    close 1008, at the message deadline and not at the idle one."""
    t0 = time.monotonic()
    s.sock.sendall(first)
    got = None
    more = iter(more)
    while time.monotonic() - t0 < MESSAGE_MS / 1000 + 10:
        try:
            s.sock.sendall(next(more))
        except OSError:
            break
        try:
            got = s.recv_message(0.2)
            break
        except TimeoutError:
            continue
        except EOFError:
            break
    took = time.monotonic() - t0
    check(isinstance(got, str) and json.loads(got).get("code") == "message_timeout",
          f"{what}: must get message_timeout, got {got!r} after {took:.1f} s")
    check(MESSAGE_MS / 1000 * 0.8 < took < MESSAGE_MS / 1000 + 3,
          f"{what}: message deadline after {took:.1f} s")
    expect_close(s, 1008, what)


def slow_message(h):
    """message_timeout_ms holds on a WebSocket as on NDJSON: a message
    finished in time passes however slowly it came; one begun and never
    finished (a frame that trickles, or a fragmented message whose last
    frame never comes while pings keep the idle timer quiet) is answered
    message_timeout and closed at the deadline."""
    s = ws(h)
    hello(s)
    frame = encode_frame(OP_TEXT, b'{"op":"ping","id":"slow"}')
    for i in range(len(frame)):
        s.sock.sendall(frame[i:i + 1])
        time.sleep(MESSAGE_MS / 1000 / 2 / len(frame))
    check(json.loads(s.recv_message()) == {"op": "pong", "id": "slow"},
          "a slow but whole frame")
    # One frame announced with 100 bytes of payload, a byte every 0.2 s
    # (it would take 18 s to finish).
    frame = encode_frame(OP_TEXT, b"x" * 100)
    trickle_until_cut(s, frame[:8], (frame[i:i + 1] for i in range(8, len(frame))),
                      "a trickling frame")
    s.sock.close()
    # A frame header that never completes.
    s = ws(h)
    hello(s)
    trickle_until_cut(s, b"\x81", itertools.repeat(b""), "half a frame header")
    s.sock.close()
    # Whole frames, but a message whose final fragment never comes.
    s = ws(h)
    hello(s)
    trickle_until_cut(s, encode_frame(OP_TEXT, b'{"op":', fin=False),
                      itertools.repeat(encode_frame(OP_PING, b"alive")),
                      "an unfinished fragmented message")
    s.sock.close()


def still_serving(h):
    s = ws(h)
    hello(s)
    s.send_text('{"op":"ping","id":"after"}')
    check(json.loads(s.recv_message()) == {"op": "pong", "id": "after"}, "ping after all")
    s.close()
    check(h.daemon.proc.poll() is None, "the daemon died")


def main(args):
    daemon_args = ["--max-message", str(MAX_MESSAGE),
                   "--set", f"handshake_timeout_ms={HEAD_DEADLINE_MS}",
                   "--set", f"message_timeout_ms={MESSAGE_MS}",
                   "--set", f"web_origins={OTHER_ORIGIN}",
                   "--set", "max_outbuf=65536"]
    with Harness(args, daemon_args) as h:
        for step in (static_files, bad_methods, traversal, bad_heads, slow_head, origins,
                     messages, bad_frames, stops_reading, slow_message, still_serving):
            print(f"# {step.__name__}", flush=True)
            step(h)
        h.daemon.stop()


if __name__ == "__main__":
    run_main(main)
