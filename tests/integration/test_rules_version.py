"""Rules versions on the wire (game.h, "Rules versions"): a finished match's
record, as `export` sends it, carries the rules version it was played under
(and the action after which it applies); `telegraph verify` names the
version it replays under, and says clearly when the record's is another
one: a record of another version that replays the same verifies with a
warning, a record resumed from a saved state under newer rules (its early
actions another version's) is not verified, and a record exported before
the versions reads version 1."""

import copy
import json
import os

from harness import Harness, check, register, run_main


def verify(h, conf, record, name):
    path = os.path.join(h.tmp, name)
    with open(path, "w") as f:
        json.dump(record, f)
    return h.run_cli(["verify", path], conf, cli=h.args.cli_fixture or h.args.cli)


def body(args):
    check(args.cli_fixture, "needs --cli-fixture: verify must know fixture-duel")
    with Harness(args) as h:
        alice, bob = h.client("alice"), h.client("bob")
        register(alice, "alice")
        register(bob, "bob")
        match = alice.ok({"op": "create", "game": "fixture-duel", "scenario": "sprint",
                          "side": "alpha"})["match"]
        bob.ok({"op": "join", "match": match})
        alice.ok({"op": "act", "match": match, "seq": 0,
                  "action": {"type": "commit", "value": 2}})
        bob.ok({"op": "resign", "match": match})

        record = alice.ok({"op": "export", "match": match})["record"]
        check(record.get("rules_version") == 1 and record.get("rules_since") == 0,
              f"the export carries the rules version: {record.get('rules_version')!r}, "
              f"since {record.get('rules_since')!r}")
        h.validate_all()
        conf = alice.config

        out = verify(h, conf, record, "same.json")
        check(out.returncode == 0, f"the genuine record verifies: {out.stdout} {out.stderr}")
        check("rules version 1" in out.stdout and "WARNING" not in out.stdout,
              f"verify names the version and warns of nothing: {out.stdout}")

        other = copy.deepcopy(record)
        other["rules_version"] = 7
        out = verify(h, conf, other, "other.json")
        check(out.returncode == 0, f"a record of another version that replays the same "
              f"verifies: {out.stdout} {out.stderr}")
        check("WARNING" in out.stdout and "played under fixture-duel rules version 7" in
              out.stdout and "this build's version 1" in out.stdout,
              f"verify says it replayed under another version: {out.stdout}")

        # Another version, and the replay fails: the failure says the rules
        # changed may be why.
        broken = copy.deepcopy(other)
        broken["actions"][0]["action"]["value"] = 9
        out = verify(h, conf, broken, "broken.json")
        check(out.returncode == 1 and "action_rejected" in out.stdout and
              "rules version 7" in out.stdout, f"the failure names the versions: {out.stdout}")

        resumed = copy.deepcopy(record)
        resumed["rules_since"] = 1
        out = verify(h, conf, resumed, "resumed.json")
        check(out.returncode == 1 and "rules_changed" in out.stdout and
              "seq 1" in out.stdout, f"a record resumed under newer rules is not "
              f"verified: {out.stdout}")

        old = copy.deepcopy(record)
        del old["rules_version"]
        del old["rules_since"]
        out = verify(h, conf, old, "old.json")
        check(out.returncode == 0 and "names no rules version" in out.stdout and
              "WARNING" not in out.stdout,
              f"a record from before the versions reads version 1: {out.stdout}")


if __name__ == "__main__":
    run_main(body)
