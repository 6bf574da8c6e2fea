"""Invitations to a private match (issue 19's "invited to a private match",
issue 24's "no invitations from" a blocked user), with the real daemon over
TLS, a real SMTP server (smtp_sink.py) and a webhook receiver:

- the host of a private open match invites a named user; the invitee is told
  by email and by his signed webhook, sees the invitation (the match as a
  player sees it before he sits: never its invite code, proven on what his
  connection received), and accepts (he sits and the match starts) or
  declines (the host sees it declined and cannot send it again);
- a stranger reaches nothing: inviting to another's private match is
  no_such_match, answering an invitation he does not have is
  no_such_invitation, and his list is empty;
- a user who blocked the host gets no invitation: cannot_invite, the same
  sentence as for a deleted account; blocking after the invitation hides it
  and accepting is refused; a host who blocked the user is told to unblock;
- the CLI's `invite` and `invitations` (list, accept, decline)."""

import json
import re

from harness import check, register
from notify_rig import T0, finish, main, notify_rig, start_client, text_of, to, verify_address, \
    wait_until


def create_private(c, side="alpha"):
    r = c.ok({"op": "create", "game": "fixture-duel", "scenario": "standard", "side": side,
              "visibility": "private"})
    return r["match"], r["invite"]


def refusals(h, grant, kit, sher, mid):
    """What a stranger, a blocked host and a blocking host can reach."""
    kit.error({"op": "invite", "match": mid, "user": "lee"}, "no_such_match")
    kit.error({"op": "accept_invite", "match": mid}, "no_such_invitation")
    kit.error({"op": "decline_invite", "match": mid}, "no_such_invitation")
    kit.error({"op": "accept_invite", "match": 999999}, "no_such_invitation")
    r = kit.ok({"op": "invitations"})
    check(r["received"] == [] and r["sent"] == [], f"a stranger's invitations: {r}")
    # kit's own public match takes no invitation; grant may not invite to it.
    pub = kit.ok({"op": "create", "game": "fixture-duel", "scenario": "standard"})["match"]
    kit.error({"op": "invite", "match": pub, "user": "grant"}, "match_not_private")
    grant.error({"op": "invite", "match": pub, "user": "lee"}, "not_the_host")
    kit.ok({"op": "leave", "match": pub})
    grant.error({"op": "invite", "match": mid, "user": "grant"}, "malformed_request")
    grant.error({"op": "invite", "match": mid, "user": "nobody-here"}, "no_such_user")
    grant.error({"op": "invite", "match": mid}, "malformed_request")
    # sher blocked grant: refused, in the words used for a deleted account.
    sher.ok({"op": "block", "user": "grant"})
    a = grant.error({"op": "invite", "match": mid, "user": "sher"}, "cannot_invite")
    gone = h.client("gone")
    gone_id = register(gone, "gone")["user"]["id"]
    gone.ok({"op": "delete_account", "password": "correct horse"})
    b = grant.error({"op": "invite", "match": mid, "user": f"~deleted-{gone_id}"},
                    "cannot_invite")
    check(a["message"].replace("sher", "X") == b["message"].replace(f"~deleted-{gone_id}", "X"),
          f"a block is told apart from a deleted account: {a['message']!r} {b['message']!r}")
    check("block" not in a["message"], f"the refusal names the block: {a['message']!r}")
    # grant blocked kit: he is told to unblock first.
    grant.ok({"op": "block", "user": "kit"})
    grant.error({"op": "invite", "match": mid, "user": "kit"}, "blocked")
    grant.ok({"op": "unblock", "user": "kit"})
    # Nothing of the refused invitations reached sher's list.
    check(sher.ok({"op": "invitations"})["received"] == [], "sher got an invitation")


def body(args):
    with notify_rig(args, {"notify_timeout_s": 4, "webhook_allow_loopback": 1},
                    hook="ok") as (h, sink, hook):
        grant, lee = start_client(h, "grant"), start_client(h, "lee")
        kit, sher, mosby = h.client("kit"), h.client("sher"), h.client("mosby")
        for c in (grant, lee, kit, sher, mosby):
            register(c, c.name)
        code, _ = verify_address(h, sink, lee, "lee@example.test")
        lee.ok({"op": "verify_email", "code": code})
        r = lee.ok({"op": "notify_settings",
                    "webhook_url": f"http://127.0.0.1:{hook.server_port}/h"})
        hook.secret = r["settings"]["webhook_secret"]
        check("invited" in r["settings"]["events"],
              f"the new events are on by default: {r['settings']['events']}")

        mid, invite_code = create_private(grant)
        refusals(h, grant, kit, sher, mid)

        r = grant.ok({"op": "invite", "match": mid, "user": "lee"})
        check(r["match"] == mid and r["invited"] == "lee", f"invite: {r}")
        grant.error({"op": "invite", "match": mid, "user": "lee"}, "already_invited")
        mail = sink.wait(lambda m: to("lee@example.test")(m) and "invites you" in
                         m["Subject"], "lee's invitation")
        check(len(mail) == 1, f"{len(mail)} invitation mails")
        text = text_of(mail[0])
        check(f"grant invites you to private match {mid}" in text and
              f"telegraph invitations accept {mid}" in text and "Free side: beta" in text,
              f"the invitation's text: {text!r}")
        check(invite_code not in text, "the mail gives away the invite code")
        wait_until(lambda: any(x["event"] == "invited" for x in hook.received),
                   "lee's webhook: invited")
        got = [x for x in hook.received if x["event"] == "invited"][0]
        check(got["signed"] and got["body"]["match"] == mid and
              got["body"]["host"] == "grant", f"webhook: {got}")

        # What each sees.
        r = lee.ok({"op": "invitations"})
        check(len(r["received"]) == 1 and r["sent"] == [], f"lee's invitations: {r}")
        inv = r["received"][0]
        check(inv["host"] == "grant" and inv["since"] == T0 and
              inv["match"]["match"] == mid and "invite" not in inv["match"] and
              inv["match"]["visibility"] == "private", f"the invitation: {inv}")
        r = grant.ok({"op": "invitations"})
        check(r["sent"] == [{"match": mid, "user": "lee", "state": "pending",
                             "since": T0}], f"grant's sent: {r}")
        # The code never reached lee's connection.
        check(invite_code not in json.dumps(lee.received),
              "the invite code reached the invitee")
        # Still private to lee until he accepts: open is refused.
        lee.error({"op": "open", "match": mid}, "no_such_match")

        r = lee.ok({"op": "accept_invite", "match": mid})
        check(r["match"] == mid and r["role"] == "beta", f"accept: {r}")
        lee.error({"op": "accept_invite", "match": mid}, "no_such_invitation")
        _, m = grant.wait_for(lambda x: x.get("op") == "match" and x.get("match") == mid
                              and x.get("status") == "active")

        # Decline: grant sees it; it cannot be sent again nor accepted.
        mid2, _ = create_private(grant)
        grant.ok({"op": "invite", "match": mid2, "user": "mosby"})
        mosby.ok({"op": "decline_invite", "match": mid2})
        r = grant.ok({"op": "invitations"})
        check(r["sent"] == [{"match": mid2, "user": "mosby", "state": "declined",
                             "since": T0}], f"grant's sent after the decline: {r}")
        grant.error({"op": "invite", "match": mid2, "user": "mosby"}, "already_invited")
        mosby.error({"op": "accept_invite", "match": mid2}, "no_such_invitation")
        check(mosby.ok({"op": "invitations"})["received"] == [], "declined still listed")

        # Blocking after the invitation: hidden, and accepting is refused.
        grant.ok({"op": "invite", "match": mid2, "user": "kit"})
        check(len(kit.ok({"op": "invitations"})["received"]) == 1, "kit's invitation")
        kit.ok({"op": "block", "user": "grant"})
        check(kit.ok({"op": "invitations"})["received"] == [], "shown after the block")
        kit.error({"op": "accept_invite", "match": mid2}, "blocked")
        kit.ok({"op": "unblock", "user": "grant"})

        # The CLI.
        mid3, _ = create_private(grant)
        out = h.run_cli(["invite", str(mid3), "mosby"], grant.config)
        check(out.returncode == 0 and f"mosby is invited to match {mid3}" in out.stdout,
              f"telegraph invite: {out.stdout!r} {out.stderr!r}")
        out = h.run_cli(["invitations"], mosby.config)
        check(out.returncode == 0 and re.search(
            rf"^\s*{mid3}\s+grant\s+fixture-duel\s+beta\s", out.stdout, re.M),
            f"telegraph invitations: {out.stdout!r} {out.stderr!r}")
        out = h.run_cli(["invitations"], grant.config)
        check(re.search(rf"^\s*{mid3}\s+mosby\s+pending", out.stdout, re.M) and
              re.search(rf"^\s*{mid2}\s+mosby\s+declined", out.stdout, re.M),
              f"the host's telegraph invitations: {out.stdout!r}")
        out = h.run_cli(["invitations", "accept", str(mid3)], mosby.config)
        check(out.returncode == 0 and f"You sit in match {mid3} as beta" in out.stdout,
              f"telegraph invitations accept: {out.stdout!r} {out.stderr!r}")
        out = h.run_cli(["invitations", "decline", str(mid3)], mosby.config)
        check(out.returncode != 0 and "no invitation waiting" in out.stderr,
              f"declining an accepted one: {out.stdout!r} {out.stderr!r}")
        finish(h)


if __name__ == "__main__":
    main(body)
