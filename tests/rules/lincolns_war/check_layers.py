#!/usr/bin/env python3
"""Lincoln's War reads in layers: a file never calls a file of a higher
layer (STYLE.md 8, CONTRIBUTING.md "Where things go"). The layers are
written in the module README, section "## Engine: layers"; the calls are
read from the built library's symbol tables (nm), so a call counts only
when one object file really uses a function another defines (static helpers
and header inlines are inside their layer).

  check_layers.py ROOT LIBRARY    exit 1 when any call runs upward, or when
                                  the README names an exception (there are
                                  none: a procedure that must wait records
                                  its next step, kit/continuation.h)
"""

import fnmatch
import os
import re
import subprocess
import sys

HEADING = "## Engine: layers"


def readme_layers(root):
    path = os.path.join(root, "server/games/lincolns_war/README.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.find(HEADING)
    if start < 0:
        sys.exit("check_layers: no section %r in %s" % (HEADING, path))
    body = text[start + len(HEADING):]
    end = re.search(r"^## ", body, re.M)
    body = body[: end.start()] if end else body
    layers, exceptions = [], []
    for line in body.splitlines():
        # | 1 | data | `lw_data*.c` | ... |
        m = re.match(r"^\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|", line)
        if m:
            globs = re.findall(r"`([^`]+)`", m.group(3))
            layers.append((int(m.group(1)), m.group(2), globs))
            continue
        # - `lw_time.c` -> `lw_actions.c` (lw_awaiting): reason
        m = re.match(r"^- `([\w.]+)` -> `([\w.]+)`", line)
        if m:
            exceptions.append((m.group(1), m.group(2)))
    if not layers:
        sys.exit("check_layers: no layer rows under %r" % HEADING)
    return layers, exceptions


def layer_of(name, layers):
    """The layer of a file: the first row with an exact name, else the first
    row whose glob matches ("*" is the catch-all)."""
    for num, _, globs in layers:
        if name in globs:
            return num
    for num, _, globs in sorted(layers, key=lambda r: "*" in r[2]):
        if any(fnmatch.fnmatch(name, g) for g in globs):
            return num
    return None


def calls(library):
    out = subprocess.run(["nm", "-A", library], capture_output=True, text=True, check=True)
    defs, uses = {}, {}
    for line in out.stdout.splitlines():
        head, _, rest = line.rpartition(":")
        obj = os.path.basename(head.split(":")[-1])
        src = re.sub(r"\.o(bj)?$", "", obj)
        parts = rest.split()
        if len(parts) == 3 and parts[1] in "TDRBC":
            defs[parts[2]] = src
        elif len(parts) == 2 and parts[0] == "U":
            uses.setdefault(src, set()).add(parts[1])
    edges = {}
    for src, syms in uses.items():
        for sym in syms:
            dst = defs.get(sym)
            if dst and dst != src:
                edges.setdefault((src, dst), set()).add(sym)
    return set(defs.values()) | set(uses), edges


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    root, library = sys.argv[1], sys.argv[2]
    layers, exceptions = readme_layers(root)
    files, edges = calls(library)
    problems = []
    for f in sorted(files):
        if layer_of(f, layers) is None:
            problems.append("%s is in no layer of the README" % f)
    upward = set()
    for (a, b), syms in sorted(edges.items()):
        la, lb = layer_of(a, layers), layer_of(b, layers)
        if la is None or lb is None or la >= lb:
            continue
        upward.add((a, b))
        problems.append("%s (layer %d) calls %s (layer %d): %s" % (
            a, la, b, lb, ", ".join(sorted(syms))))
    for (a, b) in exceptions:
        problems.append("README names an exception %s -> %s: there are none any more; "
                        "record the next step instead (kit/continuation.h)" % (a, b))
    for p in problems:
        print(p)
    print("check_layers: %d files, %d calls between files, %d upward, %d problems"
          % (len(files), len(edges), len(upward), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
