"""A real SMTP server for the notification tests: Debian's aiosmtpd, which
imports only under Debian's own interpreter (/usr/bin/python3), hence this
separate process. It requires STARTTLS (with the given certificate) before
AUTH and MAIL, checks the credentials, and writes each message it accepts,
whole, as one file msg-N.eml in --out (written to a temporary name, then
renamed, so a reader never sees half a message). A recipient whose address
starts with "bounce" is refused (550), as a mailbox that does not exist. It prints "ready PORT"
once it listens, and runs until its standard input closes or it is killed.
Each message's X-Sink-Session header numbers the SMTP session (connection)
that carried it, so a test can count sessions against mails. With
--drop-second, a session's second MAIL FROM is not answered: the
connection is closed instead, as a server that dropped an idle session.
With --hang-quit, QUIT is never answered (a relay that hangs).

    /usr/bin/python3 smtp_sink.py --port P --cert C --key K --out DIR
                                  --user U --password W [--drop-second]
                                  [--hang-quit]
"""

import argparse
import asyncio
import os
import ssl
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult


class Sink:
    def __init__(self, out, drop_second=False, hang_quit=False):
        self.out = out
        self.hang_quit = hang_quit
        self.n = 0
        self.sessions = 0
        self.drop_second = drop_second
        self.lock = threading.Lock()

    def session_of(self, session):
        """The session's number (its connection's), given at its first use."""
        with self.lock:
            if not hasattr(session, "tg_number"):
                self.sessions += 1
                session.tg_number = self.sessions
                session.tg_mails = 0
            return session.tg_number

    async def handle_QUIT(self, server, session, envelope):
        if self.hang_quit:
            await asyncio.sleep(600)
        return "221 Bye"

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        self.session_of(session)
        session.tg_mails += 1
        if self.drop_second and session.tg_mails == 2:
            server.transport.close()
            return "421 4.4.2 Dropped"  # never reaches the client
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        # An address that does not exist, as a real server says it.
        if address.startswith("bounce"):
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.n += 1
            n = self.n
        path = os.path.join(self.out, f"msg-{n:05d}.eml")
        head = (f"X-Sink-Mail-From: {envelope.mail_from}\r\n"
                f"X-Sink-Rcpt-To: {','.join(envelope.rcpt_tos)}\r\n"
                f"X-Sink-TLS: {'yes' if session.ssl else 'no'}\r\n"
                f"X-Sink-Auth: {session.authenticated and 'yes' or 'no'}\r\n"
                f"X-Sink-Session: {self.session_of(session)}\r\n").encode()
        with open(path + ".tmp", "wb") as f:
            f.write(head + envelope.original_content)
        os.replace(path + ".tmp", path)
        return "250 OK"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--cert", required=True)
    p.add_argument("--key", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--user", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--drop-second", action="store_true")
    p.add_argument("--hang-quit", action="store_true")
    a = p.parse_args()

    def auth(server, session, envelope, mechanism, data):
        ok = (data.login.decode() == a.user and data.password.decode() == a.password)
        return AuthResult(success=ok)

    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(a.cert, a.key)
    c = Controller(Sink(a.out, a.drop_second, a.hang_quit), hostname="127.0.0.1", port=a.port, tls_context=ctx,
                   require_starttls=True, authenticator=auth, auth_required=True,
                   auth_require_tls=True)
    c.start()
    print(f"ready {a.port}", flush=True)
    try:
        sys.stdin.read()
    finally:
        c.stop()


if __name__ == "__main__":
    main()
