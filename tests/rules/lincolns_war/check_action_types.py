#!/usr/bin/env python3
"""Lincoln's War declares each action type once (issue 23, STYLE.md 10):
in a table of type, rule section and handler (`struct lw_actions`,
lw_base.h) that a dispatcher walks (`lw_action_dispatch`). No rules file
compares an action's "type" string with a name itself: a handler is
reached through its row, and a rule that treats some types alike (what
may leave an overstacked hex, what an assault may not decline) says so by
a flag of their rows.

  check_action_types.py ROOT    exit 1 when a file of the module compares a
                                value read from an action's "type" (or a
                                variable named `type`) with a string
                                literal, naming file, line and literal

A variable holds a type when the statement that assigns it reads "type"
(`lw_a_str(a, "type")`, `json_object_get(x, "type")`), or when it is named
`type` (a handler's or a gate's parameter). The data loaders (lw_data*.c)
read the data files' own "type" fields and are not rules files.
"""

import glob
import os
import re
import sys

ASSIGN = re.compile(r'(?<![=!<>])\b(\w+)\s*=(?!=)\s*[^;={}]*"type"[^;]*;')
COMPARE = re.compile(r'\bstrn?cmp\s*\(\s*(\w+)\s*,\s*"([^"]*)"|\bstrn?cmp\s*\(\s*"([^"]*)"\s*,\s*(\w+)\b')


def strip_comments(text):
    """Comments blanked, newlines kept (for line numbers)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r"/\*.*?\*/|//[^\n]*", blank, text, flags=re.S)


def violations(path):
    with open(path, encoding="utf-8") as f:
        text = strip_comments(f.read())
    holders = {"type"} | {m.group(1) for m in ASSIGN.finditer(text)}
    found = []
    for m in COMPARE.finditer(text):
        var, lit = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if var in holders:
            line = text.count("\n", 0, m.start()) + 1
            found.append((os.path.basename(path), line, var, lit))
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    module = os.path.join(sys.argv[1], "server/games/lincolns_war")
    files = sorted(p for p in glob.glob(os.path.join(module, "lw_*.c"))
                   if not os.path.basename(p).startswith("lw_data"))
    if not files:
        sys.exit("check_action_types: no lw_*.c under %s" % module)
    bad = [v for p in files for v in violations(p)]
    for name, line, var, lit in bad:
        print("%s:%d: compares the action type (%s) with \"%s\": declare the type in its "
              "decision's table (struct lw_actions) or mark its row with a flag"
              % (name, line, var, lit))
    print("check_action_types: %d files, %d comparisons of an action type outside the tables"
          % (len(files), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
