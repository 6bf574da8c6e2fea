"""The terminal client plays a Birth of a Legend action whose entry asks a
param, knowing nothing of the game (issue 21): 15.3's Forced March is one
entry whose param "units" chooses the units (each alone, or all). Alice
plays the Confederates of an Advanced match with `telegraph play` (typing
into a pipe); both seats are driven by random legal actions over the JSON
protocol until her view offers a Forced March; then her menu must list it,
number its choices by their labels, and send the one she picks, which the
server applies (her next view no longer offers that unit a Forced March)."""

import os
import random
import re

from harness import Harness, check, pick_action, register, run_main
from test_cli_play import Screen

PW = "correct horse"


def main(args):
    h = Harness(args)
    with h:
        conf = os.path.join(h.tmp, "alice.conf")
        out = h.run_cli(["register", "alice"], conf, env={"TELEGRAPH_PASSWORD": PW})
        check(out.returncode == 0, f"register: {out.stderr}")
        out = h.run_cli(["create", "birth-of-a-legend", "--side", "confederate",
                         "--option", "advanced=true"], conf)
        check(out.returncode == 0, f"create: {out.stderr}")
        match = int(re.search(r"Match (\d+) created", out.stdout).group(1))
        bob = h.client("bob")
        register(bob, "bob", PW)
        bob.ok({"op": "join", "match": match})
        # alice's own view, by a second connection of hers
        aj = h.client("alice-json")
        aj.ok({"op": "login", "name": "alice", "password": PW})
        aj.ok({"op": "open", "match": match})

        rng = random.Random(h.seed)
        seq, entry = 0, None
        for _ in range(3000):
            view = aj.view_at(match, seq)["view"]
            check(not view["finished"], "the match ended before a Forced March was offered")
            if view["awaiting"] == ["confederate"]:
                entry = next((a for a in view["actions"]
                              if a["action"]["type"] == "forced_march"), None)
                if entry:
                    break
                seq = aj.ok({"op": "act", "match": match, "seq": seq,
                             "action": pick_action(rng, view)})["seq"]
            else:
                bv = bob.view_at(match, seq)["view"]
                seq = bob.ok({"op": "act", "match": match, "seq": seq,
                              "action": pick_action(rng, bv)})["seq"]
        check(entry, "no Forced March offered in 3,000 actions")
        choices = entry["params"][0]["choices"]
        first = choices[0]
        check(len(first["value"]) == 1, f"the first choice is one unit: {first}")

        base = [h.args.cli, "--server", h.daemon.address, "--trust", h.daemon.cert]
        alice = Screen(base + ["--config", conf, "play", str(match)])
        m = alice.wait(rf"seq {seq} ===[\s\S]*?Your move \(", 0, timeout=60)
        line = re.search(r"^\s+(\d+)\) Forced March.*15\.3.* \.\.\.$", alice.out[:m.end()], re.M)
        check(line, f"the menu lists the Forced March as an action asking a param:\n"
                    f"{alice.out[-1500:]}")
        alice.type(line.group(1))
        m = alice.wait(r"Fresh units that have not moved:\n((?:\s+\d+\) .*\n)+)"
                       r"Choose 1-(\d+) \(q to cancel\): ", m.end())
        listed = re.findall(r"^\s+\d+\) (.*)$", m.group(1), re.M)
        check(listed == [c["label"] for c in choices],
              f"the choices by their labels: {listed}")
        alice.type("1")
        alice.wait(rf"seq {seq + 1} ===", m.end(), timeout=60)
        view = aj.view_at(match, seq + 1)["view"]
        again = [c["value"] for a in view["actions"] if a["action"]["type"] == "forced_march"
                 for c in a["params"][0]["choices"]]
        check(first["value"] not in again,
              f"after its Forced March {first['value']} is still offered one: {again}")
        alice.type("q")
        print(f"# alice's terminal played the Forced March of {first['label']} at seq {seq}")


if __name__ == "__main__":
    run_main(main)
