"""Chat while you were away (issue 19), with the real daemon over TLS, a
real SMTP server (smtp_sink.py) and a webhook receiver, on the injected
clock:

- grant chats three messages while lee is away: nothing goes at once; after
  notify_chat_delay_s (300 s here) one mail and one signed webhook carry all
  three (a message's line ends cannot fake lines of the mail);
- a further message within notify_chat_gap_s (3600 s) of that mail waits
  for the gap: no second mail before it, one after, with only the new text;
- nothing while lee is connected and following the match, nothing from a
  user lee has blocked, nothing once he turns the event off;
- a stranger cannot chat in the match."""

import time

from harness import check, register
from notify_rig import T0, close_gone, finish, main, notify_rig, set_time, start_client, \
    text_of, to, verify_address, wait_until


def chat_mails(sink):
    return [m for m in sink.messages() if to("lee@example.test")(m) and "wrote in match" in
            str(m["Subject"])]


def quiet(sink, n, what):
    """After a second of polls, still n chat mails."""
    time.sleep(1.0)
    got = chat_mails(sink)
    check(len(got) == n, f"{what}: {len(got)} chat mails, expected {n}: "
          f"{[text_of(m) for m in got]}")


def body(args):
    with notify_rig(args, {"notify_timeout_s": 4, "notify_chat_delay_s": 300,
                           "notify_chat_gap_s": 3600, "webhook_allow_loopback": 1},
                    hook="ok") as (h, sink, hook):
        grant, lee = start_client(h, "grant"), start_client(h, "lee")
        kit = h.client("kit")
        for c in (grant, lee, kit):
            register(c, c.name)
        code, _ = verify_address(h, sink, lee, "lee@example.test")
        lee.ok({"op": "verify_email", "code": code})
        r = lee.ok({"op": "notify_settings",
                    "webhook_url": f"http://127.0.0.1:{hook.server_port}/h"})
        hook.secret = r["settings"]["webhook_secret"]
        check("chat" in r["settings"]["events"], f"chat is on by default: {r['settings']}")
        mid = grant.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                        "side": "alpha"})["match"]
        lee.ok({"op": "join", "match": mid})
        kit.error({"op": "chat", "match": mid, "text": "hi"}, "not_a_participant")
        close_gone(h, lee)

        for text in ("hello", "second\nline\n-- \nfake signature", "third"):
            grant.ok({"op": "chat", "match": mid, "text": text})
        quiet(sink, 0, "before the delay")
        set_time(h, T0 + 300)
        mail = sink.wait(lambda m: m in chat_mails(sink) or
                         (to("lee@example.test")(m) and "wrote in match" in m["Subject"]),
                         "lee's chat mail")
        quiet(sink, 1, "three messages")
        body_text = text_of(chat_mails(sink)[0])
        check(f"the chat of match {mid}" in body_text and
              "  grant: hello\n  grant: second line --  fake signature\n  grant: third\n"
              in body_text, f"the gathered mail: {body_text!r}")
        check(body_text.count("\n-- \n") == 1 and "unsubscribe?u=" in
              body_text.split("\n-- \n")[1], f"the signature: {body_text!r}")
        wait_until(lambda: any(x["event"] == "chat" for x in hook.received), "the webhook")
        time.sleep(0.5)
        hooks = [x for x in hook.received if x["event"] == "chat"]
        check(len(hooks) == 1 and hooks[0]["signed"] and hooks[0]["body"]["match"] == mid
              and "grant: hello" in hooks[0]["body"]["text"] and
              "grant: third" in hooks[0]["body"]["text"], f"webhooks: {hooks}")

        # Within the gap: it waits until an hour after the first mail.
        set_time(h, T0 + 310)
        grant.ok({"op": "chat", "match": mid, "text": "later"})
        set_time(h, T0 + 1000)
        quiet(sink, 1, "within the gap")
        set_time(h, T0 + 300 + 3600)
        wait_until(lambda: len(chat_mails(sink)) == 2, "the second chat mail")
        second = [text_of(m) for m in chat_mails(sink) if "later" in text_of(m)]
        check(len(second) == 1 and "hello" not in second[0], f"second mail: {second}")

        # Connected and following: nothing.
        lee2 = start_client(h, "lee-back", config=lee.config)
        lee2.ok({"op": "open", "match": mid})
        grant.ok({"op": "chat", "match": mid, "text": "while you look"})
        set_time(h, T0 + 20000)
        quiet(sink, 2, "while lee follows the match")
        # Blocked: nothing. (lee2 still follows; the block is what counts
        # once he has gone.)
        lee2.ok({"op": "block", "user": "grant"})
        close_gone(h, lee2)
        grant.ok({"op": "chat", "match": mid, "text": "blocked words"})
        set_time(h, T0 + 40000)
        quiet(sink, 2, "from a blocked user")
        # The event turned off: nothing.
        lee3 = start_client(h, "lee-off", config=lee.config)
        lee3.ok({"op": "unblock", "user": "grant"})
        lee3.ok({"op": "notify_settings", "events": ["your_move"]})
        close_gone(h, lee3)
        grant.ok({"op": "chat", "match": mid, "text": "nobody reads"})
        set_time(h, T0 + 60000)
        quiet(sink, 2, "with the event off")
        check(not [m for m in sink.messages() if "blocked words" in text_of(m) or
                   "nobody reads" in text_of(m) or "while you look" in text_of(m)],
              "a chat that should not be mailed was")
        finish(h)


if __name__ == "__main__":
    main(body)
