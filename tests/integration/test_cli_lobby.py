"""What a newcomer finds with `telegraph list` (issue 15): `list live` shows
the public matches in progress that allow spectators (what `watch` follows),
`list finished` the public finished ones (what `export` takes); private and
no-spectator matches are not offered to strangers. Each list ends with the
command that uses it, or says that it is empty."""

import re

from harness import Harness, check, register, run_main

PW = "correct horse"


def listed(out, match):
    return re.search(rf"^\s*{match}\s+fixture-duel", out, re.M)


def main(args):
    with Harness(args) as h:
        conf = {n: f"{h.tmp}/{n}.conf" for n in ("alice", "carol")}
        for n in conf:
            out = h.run_cli(["register", n], conf[n], env={"TELEGRAPH_PASSWORD": PW})
            check(out.returncode == 0, f"register {n}: {out.stderr}")
        bob = h.client("bob")
        register(bob, "bob", PW)

        for which, empty in (("live", "No public match in progress"),
                             ("finished", "No public match has finished")):
            out = h.run_cli(["list", which], conf["carol"])
            check(out.returncode == 0 and empty in out.stdout,
                  f"list {which} on a new server: {out.returncode} {out.stdout} {out.stderr}")

        def start(*extra):
            out = h.run_cli(["create", "fixture-duel", "--side", "alpha", *extra],
                            conf["alice"])
            m = re.search(r"Match (\d+) created", out.stdout)
            check(out.returncode == 0 and m, f"create {extra}: {out.stdout} {out.stderr}")
            inv = re.search(r"Invite code \(private match\): (\S+)", out.stdout)
            bob.ok({"op": "join", "match": int(m.group(1)),
                    **({"invite": inv.group(1)} if inv else {})})
            return int(m.group(1))

        public = start()
        hidden = start("--no-spectators")
        private = start("--private")
        out = h.run_cli(["list", "live"], conf["carol"])
        check(out.returncode == 0 and listed(out.stdout, public)
              and "telegraph watch MATCH" in out.stdout,
              f"list live shows the public match in progress: {out.stdout}")
        check(not listed(out.stdout, hidden) and not listed(out.stdout, private),
              f"list live hides no-spectator and private matches: {out.stdout}")
        carol = h.client("carol")
        carol.ok({"op": "login", "name": "carol", "password": PW})
        carol.ok({"op": "watch", "match": public})
        carol.close()

        for m in (public, hidden, private):
            bob.ok({"op": "resign", "match": m})
        out = h.run_cli(["list", "finished"], conf["carol"])
        check(out.returncode == 0 and listed(out.stdout, public) and listed(out.stdout, hidden)
              and "resigned" in out.stdout and "telegraph export MATCH" in out.stdout,
              f"list finished shows the public finished matches: {out.stdout}")
        check(not listed(out.stdout, private), f"but not the private one: {out.stdout}")
        out = h.run_cli(["list", "live"], conf["carol"])
        check(not listed(out.stdout, public), f"a finished match is no longer live: {out.stdout}")
        out = h.run_cli(["export", str(public)], conf["carol"])
        check(out.returncode == 0 and '"telegraph-record"' in out.stdout,
              f"a listed finished match can be exported by a stranger: {out.stderr}")
        out = h.run_cli(["list", "everything"], conf["carol"])
        check(out.returncode == 2 and "live|finished" in out.stderr,
              f"an unknown list is a usage error: {out.returncode} {out.stderr}")
        bob.close()
        h.validate_all()


if __name__ == "__main__":
    run_main(main)
