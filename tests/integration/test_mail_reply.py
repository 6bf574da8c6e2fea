"""Moves by email reply (issue 19), with the real daemon, a real SMTP server
(aiosmtpd, smtp_sink.py) and the daemon's LMTP listener:

- two players play Lincoln's War purely by email: the test reads each
  "your move" email from the SMTP server, checks it (the prompt, the legal
  actions numbered as the player's own view has them, the web link, a
  Reply-To whose local part carries a 128-bit token), picks a numbered
  action and hands a reply to the Reply-To address to the LMTP listener, as
  a mail server would; at least 20 moves so, replies written in different
  styles (quoted email below, a signature, HTML only, the action's label);
- no email to a player names a general that his view hides (12.7: the
  opponent's subordinates) nor a card in the opponent's hand;
- the token is stored only hashed (the database holds no token's hex);
- bad input: malformed MIME, an oversized mail (refused at SIZE and at
  DATA), forged tokens, a reused token, an expired one (injected clock), a
  token under another match's address, a stale seq, auto-replies
  (Auto-Submitted, Precedence: bulk, a null sender), our own email coming
  back (a loop), and an unreadable body: none plays a move, each that the
  player should hear about gets a short email saying why.

The daemon's clock is injected (TELEGRAPHD_TEST_CLOCK) for the expiry."""

import hashlib
import json
import os
import random
import re
import socket
import sqlite3
import time

from harness import check, register, run_main
from notify_rig import DAY, notify_rig, set_time, text_of, to, verify_address, wait_until
from test_lincolns_war_hidden import ALL_CARDS, card_names, hidden_from, leaks

MAX_BYTES = 65536
REPLY = re.compile(r"^telegraph-reply\+(\d+)-([0-9a-f]{32})@reply\.example\.test$")


class Lmtp:
    """A minimal LMTP client, as a mail server speaks to the daemon."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.buf = b""
        check(self.line().startswith("220"), "no LMTP greeting")
        self.cmd("LHLO test.example")

    def line(self):
        while b"\r\n" not in self.buf:
            d = self.sock.recv(65536)
            if not d:
                raise ConnectionError("LMTP closed")
            self.buf += d
        line, self.buf = self.buf.split(b"\r\n", 1)
        return line.decode()

    def reply(self):
        lines = [self.line()]
        while lines[-1][3:4] == "-":
            lines.append(self.line())
        return lines

    def cmd(self, text):
        self.sock.sendall(text.encode() + b"\r\n")
        return self.reply()[-1]

    def send(self, sender, rcpts, msg, size=None):
        """The replies: to MAIL, each RCPT, and (if any was taken) one per
        taken recipient after DATA."""
        out = {"mail": self.cmd(f"MAIL FROM:<{sender}>" + (f" SIZE={size}" if size else ""))}
        if not out["mail"].startswith("250"):
            return out
        out["rcpt"] = [self.cmd(f"RCPT TO:<{r}>") for r in rcpts]
        ok = sum(r.startswith("250") for r in out["rcpt"])
        if not ok:
            self.cmd("RSET")
            return out
        check(self.cmd("DATA").startswith("354"), "DATA not taken")
        data = msg.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        data = b"\r\n".join((b"." + ln if ln.startswith(b".") else ln)
                            for ln in data.split(b"\r\n"))
        if not data.endswith(b"\r\n"):
            data += b"\r\n"
        self.sock.sendall(data + b".\r\n")
        out["data"] = [self.line() for _ in range(ok)]
        return out

    def close(self):
        try:
            self.cmd("QUIT")
        except OSError:
            pass
        self.sock.close()


def deliver(port, sender, rcpt, msg, size=None):
    c = Lmtp(port)
    try:
        return c.send(sender, [rcpt], msg, size)
    finally:
        c.close()


def reply_msg(frm, rcpt, subject, body, html=None, headers=()):
    """A reply as a mail user agent writes it (bytes)."""
    lines = [f"From: {frm}", f"To: {rcpt}", f"Subject: Re: {subject}",
             "Date: Sun, 29 Nov 2026 01:00:00 +0000", "MIME-Version: 1.0",
             f"Message-ID: <{random.randrange(1 << 60)}@player.example.test>"]
    lines += list(headers)
    if html is not None and body is None:
        lines += ["Content-Type: text/html; charset=utf-8", "", html]
    elif html is not None:
        lines += ['Content-Type: multipart/alternative; boundary="b1"', "", "--b1",
                  "Content-Type: text/plain; charset=utf-8", "", body, "--b1",
                  "Content-Type: text/html; charset=utf-8", "", html, "--b1--"]
    else:
        lines += ["Content-Type: text/plain; charset=utf-8", "", body]
    return ("\r\n".join(lines) + "\r\n").encode()


def mail_seq(m):
    """The seq a mail was made at, from its Message-ID (the outbox key)."""
    s = re.search(r"\.s(\d+)\.", m["Message-ID"] or "")
    return int(s.group(1)) if s else -1


def numbered(body):
    """{number: label} and {"N.K": label} of the email's actions; an
    action's several params' choices as {"N:K=k": label} (issue 17)."""
    acts, subs = {}, {}
    part = body.split("Your legal actions:\n", 1)
    if len(part) < 2:
        return acts, subs
    for line in part[1].split("\n\n", 1)[0].splitlines():
        a = re.match(r"^  (\d+)\. (.*)$", line)
        s = re.match(r"^     (\d+\.\d+) (.*)$", line)
        m = re.match(r"^     ([KLMPQRST]=\d+) (.*)$", line)
        if a:
            acts[int(a.group(1))] = a.group(2)
        elif s:
            subs[s.group(1)] = s.group(2)
        elif m and acts:
            subs[f"{max(acts)}:{m.group(1)}"] = m.group(2)
    return acts, subs


def shown(c):
    """A choice as the email lists it: its label, or where it has none
    (PROTOCOL.md; Lincoln's War's rail destinations without a name) its
    value, a number in decimal."""
    if "label" in c:
        return c["label"]
    v = c["value"]
    return v if isinstance(v, str) else json.dumps(v, separators=(",", ":"))


def one_param(ps):
    return len(ps) == 1 and not ps[0].get("many")


def opened(p, i):
    """The numbers (1-based) of param p's choices open once the param it is
    "by" has its i-th choice (0-based): choices_by[i]'s "only" or all but
    its "except" (PROTOCOL.md)."""
    spec = p["choices_by"][i]
    if "only" in spec:
        return [k + 1 for k in spec["only"]]
    return [k + 1 for k in range(len(p["choices"])) if k not in spec["except"]]


def reply_numbers(n, ps, rng):
    """A reply naming action n and a random choice of each of its params:
    N, N.K, N.K.L...; a many param's as 1+3 or 0; a param "by" another one
    of the choices the other's opens."""
    parts, picked = [str(n)], {}
    for p in ps:
        c = len(p["choices"])
        if p.get("many"):
            ks = sorted(rng.sample(range(1, c + 1), rng.randrange(c + 1)))
            parts.append("+".join(map(str, ks)) if ks else "0")
        elif p.get("by"):
            parts.append(str(rng.choice(opened(p, picked[p["by"]] - 1))))
        else:
            picked[p["name"]] = rng.randrange(c) + 1
            parts.append(str(picked[p["name"]]))
    return ".".join(parts)


def by_lines(body, n):
    """Action n's lines of a param "by" another, by the other's choice:
    {"K=k": "Destination (L): only 2, 5"} (notify_move.c's put_by, its
    wrapped numbers joined)."""
    out, key, inside = {}, None, False
    part = body.split("Your legal actions:\n", 1)
    for line in (part[1].split("\n\n", 1)[0].splitlines() if len(part) > 1 else []):
        a = re.match(r"^  (\d+)\. ", line)
        if a:
            inside = int(a.group(1)) == n
            continue
        if not inside:
            continue
        m = re.match(r"^     ([KLMPQRST]=\d+) ", line)
        if m:
            key = m.group(1)
        elif line.startswith("       ") and key and not line.startswith("        "):
            out[key] = line.strip()
        elif line.startswith("        ") and key in out:
            out[key] += " " + line.strip()
    return out


class Players:
    def __init__(self, h, sink, lmtp_port):
        self.h, self.sink, self.lmtp_port = h, sink, lmtp_port
        self.addr = {"union": "lincoln@example.test", "confederate": "davis@example.test"}
        self.config = {}
        self.seen = set()
        self.hidden_checked = 0
        self.by_value = 0  # choices without a label, listed by their value
        self.by_lines = 0  # lines of a param "by" another's open choices

    def view(self, role, mid):
        c = self.h.client(f"{role}-look{random.randrange(1 << 30)}", config=self.config[role])
        r = c.ok({"op": "open", "match": mid})
        _, v = c.wait_for(lambda m: m.get("op") == "view" and m.get("match") == mid)
        c.close()
        return r["seq"], v["view"]

    def mails(self, role):
        return [m for m in self.sink.messages() if to(self.addr[role])(m)]


def setup(h, sink):
    p = Players(h, sink, h.lmtp_port)
    for role, name in (("union", "lincoln"), ("confederate", "davis")):
        c = h.client(name)
        register(c, name)
        code, _ = verify_address(h, sink, c, p.addr[role])
        c.ok({"op": "verify_email", "code": code})
        p.config[role] = c.config
        p.__dict__[role] = c
    mid = p.union.ok({"op": "create", "game": "lincolns-war", "scenario": "tournament",
                      "side": "union", "entropy": os.urandom(32).hex()})["match"]
    p.confederate.ok({"op": "join", "match": mid, "entropy": os.urandom(32).hex()})
    p.union.close()
    p.confederate.close()
    return p, mid


def hidden_cards(my_view, other_view):
    """Names of cards in the opponent's hand that my view does not show."""
    mine = card_names(my_view)
    hand = other_view["board"]["players"][other_view["role"]].get("hand")
    check(isinstance(hand, list), "the opponent's view has no hand")
    return {c["name"] for c in hand if isinstance(c, dict) and c.get("name")} - mine


def check_mail(p, role, mid, m, seq):
    """The email against the player's own view at seq, and nothing hidden."""
    body = text_of(m)
    vseq, view = p.view(role, mid)
    other = "confederate" if role == "union" else "union"
    _, oview = p.view(other, mid)
    if vseq != seq:
        return body, None  # moved on meanwhile: its check is the next one's
    check(view["prompt"] and view["prompt"] in body, f"prompt not in {body!r}")
    acts, subs = numbered(body)
    check(len(acts) == len(view["actions"]), f"{len(acts)} numbered, view has "
          f"{len(view['actions'])}: {body!r}")
    for i, a in enumerate(view["actions"]):
        check(acts[i + 1] == a["label"], f"action {i + 1}: {acts[i + 1]!r} != {a['label']!r}")
        ps = a.get("params") or []
        if one_param(ps):
            for k, c in enumerate(ps[0]["choices"]):
                check(subs.get(f"{i + 1}.{k + 1}") == shown(c), f"choice {i + 1}.{k + 1}")
                p.by_value += "label" not in c
        else:
            for j, param in enumerate(ps):
                for k, c in enumerate(param["choices"]):
                    key = f"{i + 1}:{'KLMPQRST'[j]}={k + 1}"
                    check(subs.get(key) == shown(c), f"choice {key}: {subs.get(key)!r} "
                          f"for {c}")
                    p.by_value += "label" not in c
            # a param "by" another: under each of the other's choices, the
            # numbers it opens ("only" or "all but"), unless all
            lines = by_lines(body, i + 1)
            for j, param in enumerate(ps):
                if not param.get("by"):
                    continue
                b = next(x for x, q in enumerate(ps) if q["name"] == param["by"])
                for k, spec in enumerate(param["choices_by"]):
                    key = f"{'KLMPQRST'[b]}={k + 1}"
                    words, nums = ("only", spec["only"]) if "only" in spec else ("all but", spec["except"])
                    want = (f"{param['label']} ({'KLMPQRST'[j]}): {words} "
                            + ", ".join(str(x + 1) for x in nums)) if "only" in spec or nums else None
                    check(lines.get(key) == want, f"action {i + 1} {key}: {lines.get(key)!r}, "
                          f"not {want!r}")
                    p.by_lines += want is not None
    check(f"https://play.example.test/#/match/{mid}" in body, f"no web link: {body!r}")
    # Every line is fixed text or a part of his own view: his prompt, his
    # numbered actions, lines of his view's log.
    lines = body.split("\n-- \n", 1)[0].splitlines()
    logs = {ln.strip() for ln in lines if ln.startswith("  ") and not re.match(r"^  \d+\. ", ln)
            and not ln.startswith("     ")}
    for ln in logs:
        check(ln in view["log"], f"{role}'s email line {ln!r} is not in his view's log")
    # What his view hides (the opponent's subordinates he does not see, the
    # cards in the opponent's hand) is named nowhere in his view (checked
    # on the wire by integration/lincolns_war_hidden), nor in the email.
    mine = json.dumps(view)
    hid = {g: n for g, n in hidden_from(view, [view, oview]).items() if n not in mine}
    cards = set(ALL_CARDS) | card_names(view) | card_names(oview)
    bad = leaks({"body": body, "subject": str(m["Subject"])}, hid, cards)
    check(not bad, f"{role}'s email names {bad[:1]}, whom his view hides: {body!r}")
    p.hidden_checked += len(hid)
    for name in hidden_cards(view, oview):
        if name not in mine:
            check(name not in body, f"{role}'s email names the card {name!r} in the "
                  f"opponent's hand")
            p.hidden_checked += 1
    return body, view


STYLES = ["plain", "quoted", "signed", "html", "label", "outlook"]


def write_reply(style, choice, label, quoted_body, rcpt, frm, subject):
    q = "\n".join("> " + ln for ln in quoted_body.splitlines())
    if style == "plain":
        return reply_msg(frm, rcpt, subject, f"{choice}\n")
    if style == "quoted":
        return reply_msg(frm, rcpt, subject, f"{choice}\n\nOn Sun, 29 Nov 2026 at 01:00, "
                         f"Telegraph <tg@localhost>\nwrote:\n{q}\n")
    if style == "signed":
        return reply_msg(frm, rcpt, subject, f"\n  {choice}  \n\n-- \nA. Lincoln\n1 Pennsylvania "
                         f"Ave\n7\n")
    if style == "html":
        return reply_msg(frm, rcpt, subject, None,
                         html=f"<html><head><style>p {{color: red}}</style></head><body><div>"
                              f"{choice}</div><div><br></div><div class=\"gmail_quote\">"
                              f"<blockquote>1<br>{q[:200]}</blockquote></div></body></html>")
    if style == "label":
        return reply_msg(frm, rcpt, subject, f"{label.upper()}\n\n{q}\n")
    return reply_msg(frm, rcpt, subject, f"{choice}\r\n\r\n-----Original Message-----\r\n"
                     f"From: Telegraph\r\n1\r\n")


def play_by_email(p, mid, moves_wanted, rng):
    """Reply to the newest "your move" email until moves_wanted were played
    by email. Returns the number played."""
    played, styles, last_seq = 0, {}, -1
    deadline = time.monotonic() + 240
    while played < moves_wanted:
        check(time.monotonic() < deadline, f"only {played} moves by email")
        fresh = []
        for role in ("union", "confederate"):
            for m in p.mails(role):
                key = m["Message-ID"]
                if key in p.seen or not m["Reply-To"] or mail_seq(m) <= last_seq - 1:
                    continue
                fresh.append((mail_seq(m), role, m))
        if not fresh:
            time.sleep(0.1)
            continue
        fresh.sort(key=lambda x: x[0])
        seq, role, m = fresh[-1]
        for _, _, old in fresh:
            p.seen.add(old["Message-ID"])
        body, view = check_mail(p, role, mid, m, seq)
        if view is None:
            continue
        rcpt = str(m["Reply-To"]).strip("<>")
        check(REPLY.match(rcpt), f"Reply-To {rcpt!r}")
        check(int(REPLY.match(rcpt).group(1)) == mid, f"Reply-To names match {mid}: {rcpt}")
        acts, subs = numbered(body)
        n = rng.randrange(len(acts)) + 1
        a = view["actions"][n - 1]
        choice, label = reply_numbers(n, a.get("params") or [], rng), a["label"]
        style = STYLES[played % len(STYLES)]
        if style == "label" and (a.get("params") or list(acts.values()).count(label) > 1):
            style = "plain"
        msg = write_reply(style, choice, label, body, rcpt, p.addr[role], m["Subject"])
        r = deliver(p.lmtp_port, p.addr[role], rcpt, msg)
        check(r["rcpt"][0].startswith("250"), f"RCPT refused: {r}")
        check(r["data"][0].startswith("250 2.0.0 Played"), f"{style} reply of {choice} "
              f"not played: {r} {msg!r}")
        styles[style] = styles.get(style, 0) + 1
        played += 1
        last_seq = seq + 1
        if view["finished"]:
            break
    return played, styles


def current(p, mid):
    """(role, mail, seq) of an awaited player's email at the match's seq."""
    deadline = time.monotonic() + 20
    while True:
        seq, view = p.view("union", mid)
        for role in view["awaiting"]:
            for m in reversed(p.mails(role)):
                if m["Reply-To"] and mail_seq(m) == seq:
                    return role, m, seq
        check(time.monotonic() < deadline, f"no email at seq {seq}")
        time.sleep(0.2)


def answers(p, role, since):
    """The "Your reply" emails to role after the first `since` of his mails."""
    return [m for m in p.mails(role)[since:] if str(m["Subject"]).startswith("Your reply")]


def expect_answer(p, mid, role, since, phrase, seq):
    """An email to role saying phrase; nothing played (seq unchanged)."""
    wait_until(lambda: any(phrase in text_of(m) for m in answers(p, role, since)),
               f"an answer to {role} saying {phrase!r}")
    got = [m for m in answers(p, role, since) if phrase in text_of(m)][-1]
    check(p.view(role, mid)[0] == seq, f"a move was played ({phrase})")
    return got


def a_choice(m):
    """A reply that names an action of the email: "1", "1.1" if action 1
    has a parameter, "1.1.1" if it has two (listed as K=k, L=l), the L one
    that K=1 opens where L is by K."""
    body = text_of(m)
    _, subs = numbered(body)
    if "1.1" in subs:
        return "1.1"
    params = sorted({k[2] for k in subs if k.startswith("1:")})
    picks = ["1"] * len(params)
    # a param by K (the rail move's destination): the first number K=1
    # opens, as the email lists it under K=1 ("only 3, 7" or "all but 1, 2")
    line = by_lines(body, 1).get("K=1")
    if line:
        m2 = re.match(r"^.* \(([KLMPQRST])\): (only|all but) ([\d, ]+)$", line)
        check(m2, f"action 1's K=1 lists {line!r}")
        nums = [int(x) for x in m2.group(3).split(",")]
        first = nums[0] if m2.group(2) == "only" else next(x for x in range(1, 1 << 16) if x not in nums)
        picks[params.index(m2.group(1))] = str(first)
    return ".".join(["1"] + picks)


def token_of(m):
    return REPLY.match(str(m["Reply-To"]).strip("<>"))


def test_bad_input(h, p, mid):
    port = p.lmtp_port
    role, m, seq = current(p, mid)
    rcpt = str(m["Reply-To"]).strip("<>")
    frm = p.addr[role]
    mine = len(p.mails(role))
    # Forged tokens, foreign addresses: refused at RCPT, nothing else.
    forged = f"telegraph-reply+{mid}-{os.urandom(16).hex()}@reply.example.test"
    for bad in (forged, f"telegraph-reply+{mid}-{'0' * 31}@reply.example.test",
                "lincoln@reply.example.test", f"other+{mid}-{token_of(m).group(2)}@x.test"):
        r = deliver(port, frm, bad, reply_msg(frm, bad, "x", "1\n"))
        check(r["rcpt"][0].startswith("550"), f"{bad}: {r}")
    # Automatic mail and loops: taken, dropped, no answer, no move.
    for sender, headers in ((frm, ["Auto-Submitted: auto-replied"]),
                            (frm, ["Precedence: bulk"]),
                            (frm, ["Precedence: junk"]),
                            ("", []),
                            (frm, ["X-Telegraph-Event: your_move"])):
        r = deliver(port, sender, rcpt, reply_msg(frm, rcpt, "x", "1\n", headers=headers))
        check(r["data"][0].startswith("250 2.0.0 Automatic"), f"{headers} {sender!r}: {r}")
    # Too big: refused by SIZE, and at DATA without it.
    r = deliver(port, frm, rcpt, b"", size=MAX_BYTES + 1)
    check(r["mail"].startswith("552"), f"SIZE over the limit: {r}")
    big = reply_msg(frm, rcpt, "x", "1\n" + ("x" * 70 + "\n") * (MAX_BYTES // 70 + 10))
    r = deliver(port, frm, rcpt, big)
    check(r["data"][0].startswith("552"), f"a mail over the limit: {r}")
    # Malformed MIME, bodies without an answer: answered, nothing played.
    for msg, phrase in (
            (b"From: " + frm.encode() + b"\r\nContent-Type: multipart/mixed\r\n"
             b"MIME-Version: 1.0\r\n\r\n--\r\n\x00\xff\xfe garbage\r\n--",
             "could not be read"),
            (b"From: " + frm.encode() + b"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain;"
             b" charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!****\r\n",
             "could not be read"),
            (reply_msg(frm, rcpt, "x", "\n\n> 1\n"), "could not be read"),
            (reply_msg(frm, rcpt, "x", "Yes, attack at dawn\n"), "neither the number"),
            (reply_msg(frm, rcpt, "x", "999\n"), "numbered 1 to"),
            (b"\x00\x01\x02 no headers at all \xff", "could not be read")):
        r = deliver(port, frm, rcpt, msg)
        check(r["data"][0].startswith("250 2.0.0 Not played"), f"{msg[:60]!r}: {r}")
        expect_answer(p, mid, role, mine, phrase, seq)
        mine = len(p.mails(role))
    # The token of this match under an address naming another match.
    tok = token_of(m).group(2)
    other = f"telegraph-reply+{mid + 7}-{tok}@reply.example.test"
    r = deliver(port, frm, other, reply_msg(frm, other, "x", "1\n"))
    check(r["data"][0].startswith("250 2.0.0 Not played"), f"another match's address: {r}")
    a = expect_answer(p, mid, role, mine, f"names match {mid + 7}, but its token was made for "
                      f"match {mid}", seq)
    check(token_of(a), "the answer has no fresh reply address")
    mine = len(p.mails(role))
    # None of it used the token: it plays now, once.
    ok = a_choice(m) + "\n"
    r = deliver(port, frm, rcpt, reply_msg(frm, rcpt, "x", ok))
    check(r["data"][0].startswith("250 2.0.0 Played"), f"the token after bad input: {r}")
    r = deliver(port, frm, rcpt, reply_msg(frm, rcpt, "x", ok))
    check(r["data"][0].startswith("250 2.0.0 Not played"), f"a reused token: {r}")
    expect_answer(p, mid, role, mine, "was used already", seq + 1)
    # The fresh address of the answer above is for seq, now stale.
    stale = str(a["Reply-To"]).strip("<>")
    mine = len(p.mails(role))
    r = deliver(port, frm, stale, reply_msg(frm, stale, "x", a_choice(a) + "\n"))
    check(r["data"][0].startswith("250 2.0.0 Not played"), f"a stale seq: {r}")
    expect_answer(p, mid, role, mine, f"has moved on since that email (it was at seq {seq}",
                  seq + 1)


def test_expired(h, p, mid):
    role, m, seq = current(p, mid)
    rcpt = str(m["Reply-To"]).strip("<>")
    mine = len(p.mails(role))
    set_time(h, h.now + 3 * DAY)  # mail_reply_days=2
    r = deliver(p.lmtp_port, p.addr[role], rcpt, reply_msg(p.addr[role], rcpt, "x", "1\n"))
    check(r["data"][0].startswith("250 2.0.0 Not played"), f"an expired token: {r}")
    a = expect_answer(p, mid, role, mine, "has expired", seq)
    # The answer's fresh address works.
    fresh = str(a["Reply-To"]).strip("<>")
    r = deliver(p.lmtp_port, p.addr[role], fresh,
                reply_msg(p.addr[role], fresh, "x", a_choice(a) + "\n"))
    check(r["data"][0].startswith("250 2.0.0 Played"), f"the answer's address: {r}")
    # A side still awaited from a simultaneous step (both sides awaited at
    # seq) holds an address the jump above expired too. Another's move
    # renews only a live one (notify.c reply_spent): he gets no "your
    # move", and his expired address answers with a fresh one, at the new
    # seq. (Seed 932405640 ended its 20 moves at such a step: the next
    # test found no email at the match's seq.)
    seq2, view = p.view(role, mid)
    for other in view["awaiting"]:
        held = [x for x in p.mails(other) if x["Reply-To"] and mail_seq(x) == seq]
        if other == role or not held:
            continue
        old = held[-1]
        p.view("union", mid)  # a loop turn after the commit: its emails are queued
        time.sleep(0.5)
        check(not any(mail_seq(x) == seq2 for x in p.mails(other)),
              f"{other} got an email at seq {seq2} for his expired address")
        since = len(p.mails(other))
        addr = str(old["Reply-To"]).strip("<>")
        r = deliver(p.lmtp_port, p.addr[other], addr,
                    reply_msg(p.addr[other], addr, "x", a_choice(old) + "\n"))
        check(r["data"][0].startswith("250 2.0.0 Not played"), f"{other}'s expired token: {r}")
        a = expect_answer(p, mid, other, since, "has expired", seq2)
        check(token_of(a) and mail_seq(a) == seq2, f"{other}'s answer has no address at {seq2}")
        print(f"# {other}, awaited at seq {seq} beside {role}, renewed his expired address "
              f"at seq {seq2}")


def test_hashed(h, p):
    """The database keeps each token's SHA-256 and never the token."""
    tokens = {token_of(m).group(2) for role in ("union", "confederate")
              for m in p.mails(role) if m["Reply-To"]}
    check(len(tokens) >= 20, f"{len(tokens)} tokens")
    db = sqlite3.connect(os.path.join(h.daemon.data_dir, "telegraph.db"))
    rows = db.execute("SELECT quote(hash), user_id, match_id, role, seq, log_tail "
                      "FROM mail_reply_tokens").fetchall()
    # The outbox holds a reply address only while its email is pending.
    wait_until(lambda: not db.execute("SELECT count(*) FROM notify_outbox WHERE state = "
                                      "'pending'").fetchone()[0], "the outbox sent")
    kept = db.execute("SELECT count(*) FROM notify_outbox WHERE reply_to IS NOT NULL"
                      ).fetchone()[0]
    db.close()
    text = json.dumps(rows).lower()
    for t in tokens:
        check(t not in text and hashlib.sha256(bytes.fromhex(t)).hexdigest() in text,
              f"token {t}: not stored as its hash alone")
    check(kept == 0, f"{kept} sent outbox rows still hold a reply address")


def test_digest(h, p, mid):
    """A player in digest mode (digest_hours) gets a reply address on a "your
    move" email that goes at once (the first of a quiet window), and none on
    one the digest gathers: the digest goes later, by when the address
    would be stale, and carries no Reply-To."""
    c = h.client("lincoln-digest", config=p.config["union"])
    c.ok({"op": "notify_settings", "digest_hours": 1})
    c.close()
    db = sqlite3.connect(os.path.join(h.daemon.data_dir, "telegraph.db"))
    seq0 = p.view("union", mid)[0]  # its emails were made before
    seen = []  # union's seqs awaited since, the first's email at once
    try:
        for _ in range(80):
            seq, view = p.view("union", mid)
            if "union" in view["awaiting"] and seq > seq0 and seq not in seen:
                wait_until(lambda: db.execute(
                    "SELECT count(*) FROM notify_outbox WHERE idem_key LIKE ? OR body LIKE ?",
                    (f"your_move:m{mid}:s{seq}:union:%", f"%{mid}%")).fetchone()[0],
                    "union's your move in the outbox")
                made = db.execute("SELECT count(*) FROM mail_reply_tokens WHERE match_id = ? "
                                  "AND role = 'union' AND seq = ?", (mid, seq)).fetchone()[0]
                if not seen:
                    check(made == 1, f"no reply token on the first email of a quiet window "
                          f"at seq {seq}")
                    m = wait_until_mail(p, "union", seq)
                    check(m["Reply-To"], "the email that went at once has no Reply-To")
                    # union plays it by email: his next "your move" is gathered
                    rcpt = str(m["Reply-To"]).strip("<>")
                    r = deliver(p.lmtp_port, p.addr["union"], rcpt,
                                reply_msg(p.addr["union"], rcpt, "x", a_choice(m) + "\n"))
                    check(r["data"][0].startswith("250 2.0.0 Played"), f"{r}")
                    seen.append(seq)
                    continue
                check(made == 0, f"a reply token on a gathered email at seq {seq}")
                set_time(h, h.now + 3601)
                p.view("union", mid)  # a loop turn: the digest is due
                wait_until(lambda: any(x["Subject"] == "Telegraph digest"
                                       for x in p.mails("union")), "union's digest")
                d = [x for x in p.mails("union") if x["Subject"] == "Telegraph digest"][-1]
                check(not d["Reply-To"], f"the digest has a Reply-To: {d['Reply-To']}")
                return
            role, m, s = current(p, mid)
            rcpt = str(m["Reply-To"]).strip("<>")
            r = deliver(p.lmtp_port, p.addr[role], rcpt,
                        reply_msg(p.addr[role], rcpt, "x", a_choice(m) + "\n"))
            check(r["data"][0].startswith("250 2.0.0 Played"), f"{r}")
        check(False, f"union was not awaited twice (seqs {seen})")
    finally:
        db.close()


def wait_until_mail(p, role, seq):
    deadline = time.monotonic() + 20
    while True:
        for m in reversed(p.mails(role)):
            if mail_seq(m) == seq and "Your move" in str(m["Subject"]):
                return m
        check(time.monotonic() < deadline, f"no email to {role} at seq {seq}")
        time.sleep(0.1)


def start_play(p, mid):
    """The player awaited at the start who got no email (he joined, so he
    followed the match) plays his first action by the client; every move
    after it is by email."""
    seq, view = p.view("union", mid)
    for role in view["awaiting"]:
        if not any(m["Reply-To"] for m in p.mails(role)):
            _, v = p.view(role, mid)
            c = p.h.client(f"{role}-first", config=p.config[role])
            c.ok({"op": "act", "match": mid, "seq": seq, "action": v["actions"][0]["action"]})
            c.close()
            return 1
    return 0


def body(args):
    with notify_rig(args, {"mail_reply_domain": "reply.example.test",
                           "mail_max_bytes": MAX_BYTES, "mail_reply_days": 2,
                           "mail_answers_per_hour": 100},
                    lmtp=True) as (h, sink, _):
        rng = h.rng  # the printed seed replays the replies' choices
        p, mid = setup(h, sink)
        check(f"LMTP (replies to \"your move\" emails) on 127.0.0.1:{h.lmtp_port}" in
              "\n".join(h.daemon.log), "the LMTP listener is not in the log")
        start_play(p, mid)
        played, styles = play_by_email(p, mid, 20, rng)
        print(f"# {played} moves by email, styles {styles}, {p.hidden_checked} hidden "
              f"names checked, {p.by_value} choices listed by their value, {p.by_lines} "
              f"lists of a param by another's choice")
        check(p.hidden_checked > 0, "nothing hidden was checked")
        check(played >= 20, f"{played} moves")
        test_bad_input(h, p, mid)
        test_expired(h, p, mid)
        test_hashed(h, p)
        test_digest(h, p, mid)
        h.daemon.stop()


if __name__ == "__main__":
    run_main(body)
