"""`telegraph play` says whose move it is and what happened (issue 15): after
a move it prints what changed (new events, changed board parts), not the
whole board again; a
number typed while the opponent is to move names whom the game waits for
(not "No such choice"); a successful undo says so; help and refusals stay
on the screen (only the prompt follows them, not the whole view again)."""

import os
import re

from harness import Harness, check, register, run_main
from test_cli_play import Screen, header

PW = "correct horse"


def main(args):
    with Harness(args) as h:
        conf = os.path.join(h.tmp, "alice.conf")
        out = h.run_cli(["register", "alice"], conf, env={"TELEGRAPH_PASSWORD": PW})
        check(out.returncode == 0, f"register: {out.stderr}")
        out = h.run_cli(["create", "fixture-duel", "--scenario", "sprint", "--side", "alpha"],
                        conf)
        match = int(re.search(r"Match (\d+) created", out.stdout).group(1))
        bob = h.client("bob")
        register(bob, "bob", PW)
        bob.ok({"op": "join", "match": match})

        alice = Screen([h.args.cli, "--server", h.daemon.address, "--trust", h.daemon.cert,
                        "--config", conf, "play", str(match)])
        pos = alice.wait(header(0) + r"[\s\S]*?Your move \(").end()

        alice.type("h")
        helped = alice.wait(r"take back your last action[\s\S]*?Your move \(", pos)
        check("=== Match" not in alice.out[pos:helped.end()],
              f"help is followed by the prompt, not the whole view: {alice.out[pos:]}")
        pos = helped.end()

        alice.type("9")
        m = alice.wait(r'No such choice: "9" \(1-4, or h for help\)\n(.*)', pos)
        check(m.group(1).startswith("Your move ("), f"after a bad number, the prompt: {m.group(0)}")
        pos = m.end()

        alice.type("4")  # Note: thinking (undoable)
        bob.view_at(match, 1)
        pos = alice.wait(header(1), pos).end()
        alice.type("u")
        bob.view_at(match, 2)
        pos = alice.wait(r"Took back your action \(seq 1\)\.", pos).end()
        pos = alice.wait(header(2), pos).end()

        alice.type("1")  # commit: beta's move now
        bob.view_at(match, 3)
        upd = alice.wait(header(3) + r"[\s\S]*?Not your move: waiting for beta \(", pos)
        shown = upd.group(0)
        check("New events:\n  alpha has committed" in shown and "Changed:" in shown
              and "  phase: follow\n" in shown and "Board:" not in shown,
              f"after a move, what changed, not the whole board:\n{shown}")
        pos = upd.end()
        alice.type("2")
        pos = alice.wait(r"It is not your move: the game waits for beta\.", pos).end()
        check("No such choice" not in alice.out[pos - 200:], f"screen: {alice.out[-400:]}")

        alice.type("q")
        check(alice.proc.wait(timeout=20) == 0, "q leaves with exit 0")
        bob.close()


if __name__ == "__main__":
    run_main(main)
