"""The terminal client as a new player meets it, on a real terminal (tmux),
read back from the screen with `tmux capture-pane` (issue 15): register on
an unknown server (the server is trusted, after its fingerprint is shown,
before any password is asked; passwords are not echoed), create a Lincoln's
War match (the screen says how the opponent joins and how to play), then
play several moves against a scripted opponent: each update shows what
changed, the prompt says whose move it is, and a long action list is a
menu of groups opened by number.

No timing is asserted: every step waits (up to 60 s) for what the screen
must show. Skipped (exit 77) where tmux is not installed."""

import os
import re
import shutil
import subprocess
import sys
import time

from harness import CheckFailed, Harness, check, open_choices, register, run_main

PW = "correct horse"


class Tmux:
    def __init__(self, sock, env):
        self.base = ["tmux", "-L", sock]
        # The history limit is set before the window exists: a window takes
        # it when made, and a later set-option leaves this one at tmux's
        # 2,000 lines, whose oldest lines then drop and shift every offset
        # the test keeps into screen() (a long match failed so).
        subprocess.run(self.base + ["-f", "/dev/null", "start-server", ";", "set-option", "-g",
                                    "history-limit", "200000", ";", "new-session", "-d", "-s",
                                    "t", "-x", "120", "-y", "50", "env", *env, "bash", "--norc",
                                    "--noprofile"], check=True)

    def screen(self):
        """Everything the pane showed since it was cleared, lines joined."""
        return subprocess.run(self.base + ["capture-pane", "-p", "-J", "-S", "-", "-t", "t"],
                              capture_output=True, text=True, check=True).stdout

    def type(self, text):
        subprocess.run(self.base + ["send-keys", "-t", "t", "-l", text], check=True)
        subprocess.run(self.base + ["send-keys", "-t", "t", "Enter"], check=True)

    def wait(self, pattern, start=0, timeout=60):
        rx = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen()
            m = rx.search(text, start)
            if m:
                return m
            if time.monotonic() > deadline:
                raise CheckFailed(f"the screen never showed {pattern!r}:\n{text[-3000:]}")
            time.sleep(0.1)

    def kill(self):
        subprocess.run(self.base + ["kill-server"], capture_output=True)


def main(args):
    with Harness(args) as h:
        conf = os.path.join(h.tmp, "lincoln.conf")
        cli = os.path.abspath(args.cli)
        tm = Tmux(f"tg-test-{os.getpid()}", [f"PS1=$ ", f"TERM=xterm"])
        try:
            play(h, tm, cli, conf)
        except CheckFailed:
            if os.environ.get("TG_SHOW_SCREEN") is None:
                print(tm.screen()[-4000:], file=sys.stderr)
            raise
        finally:
            tm.kill()


def play(h, tm, cli, conf):
    t = f"{cli} --config {conf}"
    tm.type(f"{t} --server {h.daemon.address} register lincoln")
    asked = tm.wait(r"Trust this server and remember it\? \(yes/no\)")
    check("Password" not in tm.screen()[:asked.start()],
          "the server is accepted before a password is asked")
    fp = next(re.search(r"key fingerprint (SHA256:[0-9a-f]{64})", ln).group(1)
              for ln in reversed(h.daemon.log) if "key fingerprint SHA256:" in ln)
    check(fp in tm.screen(), f"the question shows the daemon's fingerprint {fp}")
    tm.type("yes")
    pos = tm.wait(r"^Password: ").end()
    tm.type(PW)
    pos = tm.wait(r"^Password again: ", pos).end()
    tm.type(PW)
    pos = tm.wait(r"Registered and logged in as lincoln", pos).end()
    check(PW not in tm.screen(), "the password is not echoed")

    tm.type(f"{t} create lincolns-war --scenario tournament --side union")
    m = tm.wait(r"Your opponent joins with: telegraph join (\d+)\n"
                r"Play \(it starts when the seats are filled\): telegraph play \d+", pos)
    match, pos = int(m.group(1)), m.end()
    davis = h.client("davis")
    register(davis, "davis", PW)
    davis.ok({"op": "join", "match": match})

    tm.type(f"{t} play {match}")
    pos = tm.wait(rf"=== Match {match} \(lincolns-war\) — you play Union — seq 0 ==="
                  r"[\s\S]*?Your move \(", pos).end()
    seq, union_moves, opened = 0, 0, False
    # Up to 300 steps (both sides'): since the Administration Phase's
    # purchases became params (419f7a1) its lists are short, and the first
    # list long enough to be grouped may be the card step's or the Rail
    # Phase's: reached at seq 36 to 157 in local runs (one run in five had
    # none in 150 steps; at most about 35 s for 300 steps at load 5).
    for _ in range(300):
        view = davis.view_at(match, seq)["view"]
        check(not view["finished"], "the match ended early")
        if view["awaiting"] == ["confederate"]:
            entry = view["actions"][0]
            action = dict(entry["action"])
            for p in entry.get("params") or []:
                action[p["name"]] = open_choices(entry, p, action)[0]["value"]
            seq = davis.ok({"op": "act", "match": match, "seq": seq, "action": action})["seq"]
            m = tm.wait(rf"=== Match {match} .* seq {seq} ===\n([\s\S]*?)"
                        r"(Your move|Not your move: waiting for Confederates) \(", pos)
            pos = m.end()
            check("Board:" not in m.group(1), f"an update shows what changed:\n{m.group(1)}")
            continue
        # union's move: the menu on the screen since the last update
        menu = tm.screen()[pos - 2000 if pos > 2000 else 0:]
        group = re.findall(r"^\s+(\d+)\) .*\[(\d+) choices\]$", menu, re.M)
        if group and not opened:
            tm.type(group[-1][0])
            m = tm.wait(r":\n(?:\s+\d+\) .*\n)+Choose 1-(\d+) \(q to cancel\): ", pos)
            check(int(m.group(1)) == int(group[-1][1]) or int(m.group(1)) <= 12,
                  f"the group opens to its choices: {m.group(0)}")
            pos = m.end()
            opened = True
        tm.type("1")
        while True:  # a group of a group, or an action's params
            m = tm.wait(rf"(=== Match {match} .* seq {seq + 1} ===|Choose 1-\d+ \(q to cancel\): "
                        r"|^Choose .*: )", pos)
            if m.group(0).startswith("==="):
                break
            pos = m.end()
            tm.type("1")
        seq += 1
        union_moves += 1
        m = tm.wait(rf"seq {seq} ===\n([\s\S]*?)(Your move|Not your move: waiting for "
                    r"Confederates) \(", pos)
        check("New events:" in m.group(1) or "Changed:" in m.group(1),
              f"after a move, what changed:\n{m.group(1)}")
        pos = m.end()
        if union_moves >= 6 and opened:
            break
    check(union_moves >= 6 and opened,
          f"not enough of the match played: {union_moves} moves, a group opened: {opened}")
    print(f"# {union_moves} union moves to seq {seq}, a group of actions opened")
    screen = tm.screen()
    check("Refused" not in screen and "did not apply" not in screen,
          f"no refusal, no failed patch:\n{screen[-3000:]}")
    tm.type("q")
    tm.wait(r"^\$ $", pos)
    davis.close()


if __name__ == "__main__":
    if shutil.which("tmux") is None:
        print("SKIP: tmux is not installed")
        sys.exit(77)
    run_main(main)
