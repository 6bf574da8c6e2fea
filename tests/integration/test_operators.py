"""A host runs his server (issue 24): operators named in the config list
users, ban and unban, reset passwords, end a user's sessions and abort
matches, each with a reason kept in the audit log; every refusal is proven
on the wire.

- a user who is not an operator gets not_an_operator for every operator op,
  a client not logged in gets not_logged_in;
- ban: the user's live connections are told session_ended and closed, his
  tokens die, his login is refused (banned, with the reason) after the
  password is checked, his open matches are aborted and his active ones
  resigned (the opponent wins); unban lets him in again;
- reset_password gives the operator a one-time code (the user's sessions
  end); redeem_reset with it sets the new password and signs in; the code
  works once, a forged or another user's code is bad_reset_code;
- abort_match ends a match as aborted; audit lists every operator action
  with who, what, when and why;
- status gives the host uptime, connections, matches by status and actions;
  with metrics_listen set, GET /metrics gives the same as Prometheus text
  (and anything else is 404), and issue 17's round trip by stage: each
  accepted act counted once in every act stage, its fan-out job in every
  fan-out stage, the loop's turns; the buckets cumulative up to +Inf.
- a retired setting the host's config still names (store_wal_join, removed
  in session 31) does not stop the daemon: its log warns that it is ignored
  (unit/test_config: the file's line).
"""

import os
import random
import re
import subprocess
import sys
import urllib.error
import urllib.request

from harness import Harness, check, pick_action, register, run_main
from raw_tls import connect

PW = "correct horse"
NEW_PW = "battery staple"
OPS = ["users", "ban", "unban", "reset_password", "end_user_sessions", "abort_match", "audit",
       "status", "backup"]


def user(h, name, password=PW, register=True):
    c = connect(h.daemon.port, h.daemon.cert)
    r = c.request({"op": "register" if register else "login", "name": name,
                   "password": password})
    check(r and r.get("op") == "ok", f"{'register' if register else 'login'} {name}: {r}")
    return c


def login(h, name, password):
    c = connect(h.daemon.port, h.daemon.cert)
    r = c.request({"op": "login", "name": name, "password": password})
    c.close()
    return r


def ended(c, what):
    """Told session_ended (after any pushes already on their way), then closed."""
    m = c.line()
    while m is not None and m.get("op") in ("match", "view", "patch", "chat"):
        m = c.line()
    check(m is not None and m.get("code") == "session_ended",
          f"{what}: told session_ended, got {m}")
    check(c.ends(), f"{what}: the connection must close")


def status_of(c, mid):
    r = c.request({"op": "list", "which": "mine"})
    for m in r.get("matches", []):
        if m.get("match") == mid:
            return m
    return None


def refusals(h, root):
    stranger = connect(h.daemon.port, h.daemon.cert)
    for op in OPS:
        r = stranger.request({"op": op})
        check(r.get("code") == "not_logged_in", f"{op} before login: {r}")
    stranger.close()
    eve = user(h, "eve")
    for op in OPS:
        r = eve.request({"op": op, "user": "root", "reason": "x", "match": 1})
        check(r.get("code") == "not_an_operator", f"{op} by a player: {r}")
    eve.close()
    r = root.request({"op": "ban", "user": "eve"})
    check(r.get("code") == "malformed_request", f"ban without a reason: {r}")
    r = root.request({"op": "ban", "user": "nobody", "reason": "x"})
    check(r.get("code") == "no_such_user", f"ban of an unknown name: {r}")
    r = root.request({"op": "ban", "user": "root", "reason": "x"})
    check(r.get("code") == "malformed_request", f"an operator banning himself: {r}")


def ban(h, root):
    mallory = user(h, "mallory")
    alice = user(h, "alice")
    r = mallory.request({"op": "create", "game": "fixture-duel", "scenario": "sprint"})
    check(r.get("op") == "ok", f"mallory's open match: {r}")
    open_mid = r["match"]
    r = mallory.request({"op": "create", "game": "fixture-duel", "scenario": "sprint",
                         "side": "alpha"})
    active_mid = r["match"]
    r = alice.request({"op": "join", "match": active_mid})
    check(r.get("op") == "ok", f"alice joins: {r}")

    r = root.request({"op": "users", "search": "mal"})
    check(r.get("op") == "ok" and [u["name"] for u in r["users"]] == ["mallory"],
          f"users search: {r}")
    check(r["users"][0].get("banned") is None, f"not banned yet: {r}")

    r = root.request({"op": "ban", "user": "mallory", "reason": "abusive chat"})
    check(r.get("op") == "ok", f"ban: {r}")
    ended(mallory, "mallory's connection at the ban")
    r = login(h, "mallory", PW)
    check(r.get("code") == "banned" and "abusive chat" in r.get("message", ""),
          f"a banned user's login: {r}")
    r = login(h, "mallory", "wrong password")
    check(r.get("code") == "bad_credentials", f"a wrong password still says so: {r}")
    m = status_of(alice, active_mid)
    check(m and m["status"] == "finished" and m["result"].get("winner") == "beta",
          f"mallory's active match is resigned, alice wins: {m}")
    r = alice.request({"op": "join", "match": open_mid})
    check(r.get("code") == "match_not_active", f"mallory's open match is aborted: {r}")
    r = root.request({"op": "users", "search": "mallory"})
    check(r["users"][0].get("banned") == "abusive chat", f"the list shows the ban: {r}")

    r = root.request({"op": "unban", "user": "mallory", "reason": "appeal granted"})
    check(r.get("op") == "ok", f"unban: {r}")
    r = login(h, "mallory", PW)
    check(r.get("op") == "ok", f"mallory after the unban: {r}")
    alice.close()


def reset(h, root):
    carol = user(h, "carol")
    r = root.request({"op": "reset_password", "user": "carol", "reason": "forgot it"})
    check(r.get("op") == "ok" and isinstance(r.get("code"), str) and len(r["code"]) >= 26,
          f"reset_password: {r}")
    code = r["code"]
    ended(carol, "carol's session at the reset")
    c = connect(h.daemon.port, h.daemon.cert)
    r = c.request({"op": "redeem_reset", "name": "carol", "code": "A" * len(code),
                   "new_password": NEW_PW})
    check(r.get("code") == "bad_reset_code", f"a forged code: {r}")
    r = c.request({"op": "redeem_reset", "name": "mallory", "code": code,
                   "new_password": NEW_PW})
    check(r.get("code") == "bad_reset_code", f"carol's code for another name: {r}")
    r = c.request({"op": "redeem_reset", "name": "carol", "code": code, "new_password": "short"})
    check(r.get("code") == "weak_password", f"a short new password: {r}")
    r = c.request({"op": "redeem_reset", "name": "carol", "code": code,
                   "new_password": NEW_PW})
    check(r.get("op") == "ok" and r.get("token"), f"redeem_reset: {r}")
    c.close()
    c = connect(h.daemon.port, h.daemon.cert)
    r = c.request({"op": "redeem_reset", "name": "carol", "code": code,
                   "new_password": "another one"})
    check(r.get("code") == "bad_reset_code", f"the code a second time: {r}")
    c.close()
    check(login(h, "carol", PW).get("code") == "bad_credentials", "the old password after reset")
    check(login(h, "carol", NEW_PW).get("op") == "ok", "the new password after reset")


def sessions_and_abort(h, root):
    dave = user(h, "dave")
    r = root.request({"op": "end_user_sessions", "user": "dave", "reason": "shared laptop"})
    check(r.get("op") == "ok", f"end_user_sessions: {r}")
    ended(dave, "dave's session")
    d = user(h, "dave", register=False)
    e = user(h, "erin")
    r = d.request({"op": "create", "game": "fixture-duel", "scenario": "sprint"})
    mid = r["match"]
    e.request({"op": "join", "match": mid})
    r = root.request({"op": "abort_match", "match": mid, "reason": "wrong scenario"})
    check(r.get("op") == "ok", f"abort_match: {r}")
    m = status_of(e, mid)
    check(m and m["status"] == "aborted", f"the aborted match: {m}")
    r = root.request({"op": "abort_match", "match": mid, "reason": "again"})
    check(r.get("code") == "match_not_active", f"aborting it twice: {r}")
    r = root.request({"op": "abort_match", "match": 99999, "reason": "x"})
    check(r.get("code") == "no_such_match", f"aborting no match: {r}")
    d.close()
    e.close()
    return mid


def audit(root, aborted):
    r = root.request({"op": "audit"})
    check(r.get("op") == "ok", f"audit: {r}")
    got = [(e["action"], e["target"], e["reason"], e["operator"]) for e in r["entries"]]
    want = [("abort_match", f"match {aborted}", "wrong scenario", "root"),
            ("end_user_sessions", "dave", "shared laptop", "root"),
            ("reset_password", "carol", "forgot it", "root"),
            ("unban", "mallory", "appeal granted", "root"),
            ("ban", "mallory", "abusive chat", "root")]
    check(got == want, f"audit, newest first:\n{got}")
    check(all(isinstance(e.get("time"), int) for e in r["entries"]), "audit times")


def status(h, root):
    r = root.request({"op": "status"})
    check(r.get("op") == "ok", f"status: {r}")
    h.schemas.validate(r, "the status reply")
    st = r["status"]
    check(st["matches"]["aborted"] >= 2 and st["matches"]["finished"] >= 1,
          f"matches by status: {st}")
    check(st["connections"] >= 1 and st["signed_in"] >= 1 and st["uptime_s"] >= 0,
          f"status: {st}")
    check(st["outbox"] == {"pending": 0, "parked": 0, "smtp_connections": 0,
                           "smtp_retries": 0, "pruned": 0}, f"an empty outbox: {st}")
    # The outbox's depth: a verification code for an SMTP server that is not
    # there stays pending (retried) or is parked, never sent.
    gus = user(h, "gus")
    r = gus.request({"op": "notify_settings", "email": "gus@example.org"})
    check(r.get("op") == "ok", f"gus sets an address: {r}")
    gus.close()
    st = root.request({"op": "status"})["status"]
    check(st["outbox"]["pending"] + st["outbox"]["parked"] == 1, f"one mail waits: {st}")
    port = None
    for ln in h.daemon.log:
        m = re.search(r"metrics \(Prometheus text\) on http://127\.0\.0\.1:(\d+)/metrics", ln)
        if m:
            port = int(m.group(1))
    check(port, "the log names the metrics port")
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    check(f'telegraph_matches{{status="aborted"}} {st["matches"]["aborted"]}' in text,
          f"metrics text:\n{text}")
    check("# TYPE telegraph_actions_total counter" in text and "telegraph_connections " in text,
          f"metrics text:\n{text}")
    check(re.search(r'^telegraph_match_bytes\{part="views"\} \d+$', text, re.M) and
          re.search(r'^telegraph_match_bytes\{part="rings"\} \d+$', text, re.M) and
          re.search(r'^telegraph_matches_loaded\{state="counted"\} \d+$', text, re.M) and
          re.search(r'^telegraph_heap_bytes [1-9]\d*$', text, re.M),
          f"metrics text: the memory per match by part\n{text}")
    # The build: the version and the commit --version names (build_info.h).
    ver = subprocess.run([h.daemon.binary, "--version"], capture_output=True, text=True,
                         timeout=30).stdout
    vm = re.fullmatch(r"telegraphd (\S+) \(commit (\S+)\)\n", ver)
    check(vm and f'telegraph_build_info{{version="{vm.group(1)}",commit="{vm.group(2)}"}} 1'
          in text.splitlines(), f"metrics text: the build's version and commit ({ver!r})\n{text}")
    check(re.search(r'^telegraph_outbox\{state="pending"\} \d+$', text, re.M) and
          f'telegraph_outbox{{state="parked"}} {st["outbox"]["parked"]}' in text,
          f"metrics text:\n{text}")
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10)
        check(False, "GET / on the metrics port must be 404")
    except urllib.error.HTTPError as e:
        check(e.code == 404, f"GET / on the metrics port: {e.code}")
    stages(h, port)


def metrics(port):
    return urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()


def histogram(text, metric, stage=None, label="stage"):
    """(count, [(le, cumulative count)]) of a Prometheus histogram."""
    lab = f'{label}="{stage}",' if stage else ""
    buckets = [(le, int(n)) for le, n in re.findall(
        rf'^{metric}_bucket\{{{lab}le="([^"]+)"\}} (\d+)$', text, re.M)]
    plain = f'\\{{{label}="{stage}"\\}}' if stage else ""
    m = re.search(rf"^{metric}_count{plain} (\d+)$", text, re.M)
    check(m and buckets and buckets[-1][0] == "+Inf", f"{metric} {stage}: {text}")
    count = int(m.group(1))
    check(all(a[1] <= b[1] for a, b in zip(buckets, buckets[1:])) and buckets[-1][1] == count,
          f"{metric} {stage}: cumulative buckets up to +Inf = count: {buckets} {count}")
    return count


COMMIT_PARTS = ("commit_write", "sync_wait", "fsync", "wake")
ACT_STAGES = ("read_to_act", "act", "to_commit", "commit", "write", "total") + COMMIT_PARTS
FANOUT_STAGES = ("queue", "compute", "handoff")


def stages(h, port):
    """Three acts of a fixture duel: each counted once in every act stage
    (its ok stamped from read to written; the commit's four parts add up to
    the commit stage), their fan-out jobs in the
    fan-out stages, and the loop's turns timed."""
    hank, ivy = h.client("hank"), h.client("ivy")
    register(hank, "hank")
    register(ivy, "ivy")
    match = hank.ok({"op": "create", "game": "fixture-duel", "scenario": "standard",
                     "side": "alpha"})["match"]
    ivy.ok({"op": "join", "match": match})
    players = {"alpha": hank, "beta": ivy}
    before = metrics(port)
    seq, rng = 0, random.Random(17)
    for _ in range(3):
        view = hank.view_at(match, seq)["view"]
        who = players[view["awaiting"][0]]
        action = pick_action(rng, who.view_at(match, seq)["view"])
        seq = who.ok({"op": "act", "match": match, "seq": seq, "action": action})["seq"]
    hank.view_at(match, seq)
    ivy.view_at(match, seq)
    after = metrics(port)
    for st in ACT_STAGES:
        n0 = histogram(before, "telegraph_act_stage_seconds", st)
        n1 = histogram(after, "telegraph_act_stage_seconds", st)
        check(n1 - n0 == 3, f"three acts in stage {st}: {n0} -> {n1}")

    def total(text, st):
        m = re.search(rf'^telegraph_act_stage_seconds_sum\{{stage="{st}"\}} (\S+)$', text, re.M)
        check(m, f"the sum of stage {st}: {text}")
        return float(m.group(1))
    # The commit stage's parts add up to it (each sum printed to the ns).
    whole = total(after, "commit") - total(before, "commit")
    parts = sum(total(after, st) - total(before, st) for st in COMMIT_PARTS)
    check(whole > 0 and abs(parts - whole) < 1e-8,
          f"the commit's parts add up to it: {parts:.9f} s of {whole:.9f} s")
    for st in FANOUT_STAGES:
        n0 = histogram(before, "telegraph_fanout_stage_seconds", st)
        n1 = histogram(after, "telegraph_fanout_stage_seconds", st)
        check(n1 - n0 >= 1, f"the acts' fan-out jobs in stage {st}: {n0} -> {n1}")
    check(histogram(after, "telegraph_loop_turn_busy_seconds") >
          histogram(before, "telegraph_loop_turn_busy_seconds"), "the loop's turns are timed")
    # The WAL's figures: the acts' turns committed and fsynced (each fsync
    # counted by the commits it made durable), the checkpoints' histogram.
    def counter(text, name):
        m = re.search(rf"^{re.escape(name)} (\d+)$", text, re.M)
        check(m, f"{name}: {text}")
        return int(m.group(1))
    commits = (counter(after, "telegraph_wal_commits_total") -
               counter(before, "telegraph_wal_commits_total"))
    check(commits >= 3, f"the three acts' turns are commits: {commits}")
    by = {n: counter(after, f'telegraph_wal_fsyncs_total{{commits="{n}"}}') -
          counter(before, f'telegraph_wal_fsyncs_total{{commits="{n}"}}')
          for n in ("0", "1", "2", "3", "4+")}
    check(by["1"] + by["2"] + by["3"] + by["4+"] >= 1,
          f"the commits made durable by fsyncs: {commits} commits, fsyncs {by}")
    histogram(after, "telegraph_wal_checkpoint_seconds", "commit", "thread")
    counter(after, "telegraph_wal_checkpoints_failed_total")
    counter(after, "telegraph_wal_checkpoints_asked_total")
    counter(after, "telegraph_wal_checkpointed_frames_total")
    # Each of the syncer's fsyncs timed, beside a checkpoint's pass or not.
    timed = sum(histogram(after, "telegraph_wal_fsync_seconds", b, "beside") -
                histogram(before, "telegraph_wal_fsync_seconds", b, "beside")
                for b in ("none", "checkpoint"))
    check(timed == sum(by.values()), f"the fsyncs timed: {timed} of {by}")
    hank.close()
    ivy.close()


def cli(h):
    conf = os.path.join(h.tmp, "root.conf")
    out = h.run_cli(["login", "root", "--password", PW], conf)
    check(out.returncode == 0, f"cli login root: {out.stderr}")
    user(h, "frank").close()
    out = h.run_cli(["admin", "users", "fr"], conf)
    check(out.returncode == 0 and "frank" in out.stdout and "mallory" not in out.stdout,
          f"cli admin users fr: {out}")
    out = h.run_cli(["admin", "ban", "frank"], conf)
    check(out.returncode == 2, f"cli admin ban without a reason: {out}")
    out = h.run_cli(["admin", "ban", "frank", "--reason", "spam"], conf)
    check(out.returncode == 0, f"cli admin ban: {out}")
    out = h.run_cli(["admin", "audit"], conf)
    check(out.returncode == 0 and "frank" in out.stdout and "spam" in out.stdout,
          f"cli admin audit: {out}")
    out = h.run_cli(["admin", "unban", "frank", "--reason", "sorry"], conf)
    check(out.returncode == 0, f"cli admin unban: {out}")
    out = h.run_cli(["admin", "reset", "frank", "--reason", "forgot"], conf)
    m = re.search(r"\b([0-9a-f]{64})\b", out.stdout)
    check(out.returncode == 0 and m, f"cli admin reset: {out}")
    fconf = os.path.join(h.tmp, "frank.conf")
    out = h.run_cli(["redeem", "frank", m.group(1), "--new-password", NEW_PW], fconf)
    check(out.returncode == 0, f"cli redeem: {out}")
    out = h.run_cli(["sessions"], fconf)
    check(out.returncode == 0 and "(this one)" in out.stdout, f"frank signed in: {out}")
    out = h.run_cli(["admin", "status"], conf)
    check(out.returncode == 0 and "matches: open" in out.stdout, f"cli admin status: {out}")
    check(re.search(r"notifications waiting: \d+ pending, \d+ parked", out.stdout),
          f"cli admin status shows the outbox: {out.stdout}")
    out = h.run_cli(["admin", "status"], fconf)
    check(out.returncode == 1 and "not_an_operator" in out.stderr, f"frank's admin: {out}")


def main(args):
    extra = ["--set", "operators=root, someone_else", "--set", "metrics_listen=127.0.0.1:0",
             "--set", "smtp_url=smtp://127.0.0.1:1", "--set", "store_wal_join=1"]
    with Harness(args, daemon_args=extra) as h:
        check(any(" WARN " in ln and "store_wal_join" in ln and "ignored" in ln
                  for ln in h.daemon.log),
              "the log must warn that the retired store_wal_join is ignored:\n"
              + h.daemon.tail())
        root = user(h, "root")
        refusals(h, root)
        ban(h, root)
        reset(h, root)
        aborted = sessions_and_abort(h, root)
        audit(root, aborted)
        status(h, root)
        cli(h)
        root.close()
        h.daemon.stop()


if __name__ == "__main__":
    sys.exit(run_main(main))
