#!/usr/bin/env python3
"""Nothing in the daemon or the terminal client names a game (issue 21,
"Done means"): every game reaches them through game.h and the registry.

  check_game_neutral.py ROOT

The games are read from server/games/*/ (each folder with a *_module.c):
its folder name, its id (the module's `.id = "..."`), its module symbol,
its title, and the prefix its sources share (`lw_`, `boal_`) as an
identifier or a macro (`TG_LW_`). The code scanned is every C file and
CMakeLists.txt of server/ outside server/games/<game>/ and of clients/cli/,
with its comments removed (a comment may use a game as an example; code
may not). server/games/registry.c and server/games/CMakeLists.txt are the
places that list the modules (the table and the libraries).
Exits 1 and names each place when any is found.
"""

import glob
import os
import re
import sys


def games(root):
    out = []
    for mod in sorted(glob.glob(os.path.join(root, "server/games/*/*_module.c"))):
        folder = os.path.dirname(mod)
        text = open(mod, encoding="utf-8").read()
        m = re.search(r"const struct game_module (\w+) = \{(.*?)\n\};", text, re.S)
        if not m:
            continue
        body = m.group(2)
        gid = re.search(r"\.id = \"([^\"]+)\"", body).group(1)
        title = re.search(r"\.title = \"([^\"]+)\"", body).group(1).split(":")[0]
        prefix = os.path.commonprefix([os.path.basename(f) for f in
                                       glob.glob(os.path.join(folder, "*.c"))])
        prefix = prefix[: prefix.index("_") + 1] if "_" in prefix else ""
        out.append({"folder": os.path.basename(folder), "id": gid, "symbol": m.group(1),
                    "title": title, "prefix": prefix})
    return out


def strip_c_comments(text):
    """Comments become blanks (strings and line numbers kept)."""
    pat = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*', re.S)
    return pat.sub(lambda m: m.group(0) if m.group(0)[0] in "\"'"
                   else re.sub(r"[^\n]", " ", m.group(0)), text)


def strip_cmake_comments(text):
    return re.sub(r"#[^\n]*", "", text)


def scanned(root, game_folders):
    for base in ("server", "clients/cli"):
        for d, dirs, files in os.walk(os.path.join(root, base)):
            rel = os.path.relpath(d, root)
            if any(rel == "server/games/" + g or rel.startswith("server/games/" + g + "/")
                   for g in game_folders):
                dirs[:] = []
                continue
            for f in sorted(files):
                path = os.path.join(rel, f)
                if path in ("server/games/registry.c", "server/games/CMakeLists.txt"):
                    continue
                if f.endswith((".c", ".h")):
                    yield path, strip_c_comments(open(os.path.join(root, path),
                                                      encoding="utf-8").read())
                elif f == "CMakeLists.txt" or f.endswith(".cmake"):
                    yield path, strip_cmake_comments(open(os.path.join(root, path),
                                                          encoding="utf-8").read())


def main(root):
    gs = games(root)
    if len(gs) < 2:
        print("found %d game modules under server/games: the scan would prove nothing" % len(gs))
        return 1
    patterns = []
    for g in gs:
        words = [g["folder"], g["id"], g["symbol"], g["title"]]
        pats = [re.escape(w) for w in words]
        if g["prefix"]:
            pats.append(r"\b" + re.escape(g["prefix"]) + r"\w")
            pats.append(r"\bTG_" + re.escape(g["prefix"].upper()) + r"\w")
        patterns.append((g["id"], re.compile("|".join(pats))))
    bad = 0
    count = 0
    for path, text in scanned(root, [g["folder"] for g in gs]):
        count += 1
        for gid, pat in patterns:
            for m in pat.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                print("not ok - %s:%d names %s (\"%s\")" % (path, line, gid, m.group(0)))
                bad += 1
    print("# %d games (%s), %d files scanned, %d places naming a game" %
          (len(gs), ", ".join(g["id"] for g in gs), count, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
