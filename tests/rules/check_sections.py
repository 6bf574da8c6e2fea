#!/usr/bin/env python3
"""A game's table of rule sections and their tests against the rulebook's
sections and the tests on disk, for every game (Lincoln's War's
docs/tests.md, issue 4; Birth of a Legend's README, issue 21).

  check_sections.py ROOT GAME            check (ctest): every section has a
                                         row, every test a row names exists,
                                         and a row without a test says why
  check_sections.py ROOT GAME --suggest  print, per section, the tests that
                                         name it (file names and comments),
                                         to help keep the table up to date

GAME is a folder of tests/rules/ whose sections.json says where things are:

  sections   the rulebook's sections, a TSV file (section<TAB>title)
  table      the file holding the table, and heading its "## " heading
  tests      [folder, extension] pairs where the tests are (test_*)
  aliases    ctest names that run an existing test with other settings
             ({"test_playouts_campaign": "test_playouts"})
  checked    prefixes of the names in a row that must be tests on disk
  untested   what a row without a test must say instead ("no rule:")
  all_named  optional: every test on disk with this prefix is named by a row
  subsection_rows  optional: a row may name a subsection the list lacks

A row's first cell names its sections: one ("10.7"), a subsection, read as
its section when only that is listed ("6.2.1", with subsection_rows), a list ("6.2, 6.2.1"), a
range ("3.3-3.5") or a chapter ("11", every 11.x listed). A row's tests are
the `names` in its last cell.
"""

import json
import os
import re
import sys


def load_config(root, game):
    with open(os.path.join(root, "tests/rules", game, "sections.json"), encoding="utf-8") as f:
        return json.load(f)


def sections(root, cfg):
    out = []
    with open(os.path.join(root, cfg["sections"]), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            num, title = line.rstrip("\n").split("\t", 1)
            out.append((num, title))
    return out


def test_files(root, cfg):
    """test name -> source text."""
    found = {}
    for d, ext in cfg["tests"]:
        for name in sorted(os.listdir(os.path.join(root, d))):
            if name.startswith("test_") and name.endswith(ext):
                with open(os.path.join(root, d, name), encoding="utf-8") as f:
                    found[name[: -len(ext)]] = f.read()
    for alias, real in cfg.get("aliases", {}).items():
        if real in found:
            found[alias] = found[real]
    return found


def key(num):
    return tuple(int(x) for x in num.split("."))


def covered(cell, nums, subsections):
    """The listed sections a row's first cell names; ValueError if a part
    names none. subsections: a part may be a subsection of a listed one."""
    out = set()
    for part in [p.strip() for p in cell.split(",")]:
        m = re.fullmatch(r"(\d+(?:\.\d+)*)-(\d+(?:\.\d+)*)", part)
        if m:
            lo, hi = key(m.group(1)), key(m.group(2))
            got = {n for n in nums if lo <= key(n) <= hi}
        elif not re.fullmatch(r"\d+(?:\.\d+)*", part):
            raise ValueError("cannot read the section \"%s\"" % part)
        elif part in nums:
            got = {part}
        else:
            got = {n for n in nums if n.startswith(part + ".")}
            if not got and subsections:  # a subsection of a listed section
                prefix = part
                while "." in prefix and prefix not in nums:
                    prefix = prefix.rsplit(".", 1)[0]
                got = {prefix} if prefix in nums else set()
        if not got:
            raise ValueError("a row for a section the rulebook does not have: \"%s\"" % part)
        out |= got
    return out


def table(root, cfg):
    """[(first cell, whole row, last cell)] of the table, or None."""
    with open(os.path.join(root, cfg["table"]), encoding="utf-8") as f:
        text = f.read()
    heading = cfg["heading"]
    start = text.find(heading)
    if start < 0:
        return None
    body = text[start + len(heading):]
    end = re.search(r"^## ", body, re.M)
    body = body[: end.start()] if end else body
    rows = []
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 3:
            continue
        if not re.match(r"\d", cells[0]):  # the header and its rule
            continue
        rows.append((cells[0], line, cells[-1]))
    return rows


def mentions(num, name, src):
    flat = num.replace(".", "_")
    if re.match(r"test_(?:[a-z]+_)?0?" + re.escape(flat) + r"(_|$)", name):
        return 2
    if re.search(r"(?<![\d.])" + re.escape(num) + r"(?![\d]|\.\d)", src):
        return 1
    return 0


def suggest(root, cfg):
    tests = test_files(root, cfg)
    for num, title in sections(root, cfg):
        hits = sorted(((mentions(num, n, s), n) for n, s in tests.items()), reverse=True)
        names = [n for score, n in hits if score][:4]
        print(f"| {num} | {title} | {', '.join('`%s`' % n for n in names)} |")


def check(root, cfg):
    rows = table(root, cfg)
    if rows is None:
        print(f"not ok - {cfg['table']} has no '{cfg['heading']}' section")
        return 1
    tests = test_files(root, cfg)
    secs = sections(root, cfg)
    nums = [n for n, _ in secs]
    bad = 0
    seen, named = set(), set()
    for first, line, last in rows:
        try:
            cover = covered(first, nums, cfg.get("subsection_rows", False))
        except ValueError as e:
            print(f"not ok - row {first}: {e}")
            bad += 1
            continue
        seen |= cover
        names = re.findall(r"`([A-Za-z0-9_]+)`", last)
        named.update(names)
        missing = [n for n in names if n.startswith(tuple(cfg["checked"])) and n not in tests]
        if missing:
            print(f"not ok - {first}: the table names tests that do not exist: {missing}")
            bad += 1
        elif not any(n in tests for n in names) and not any(u in line for u in cfg["untested"]):
            print(f"not ok - {first}: no test named and no "
                  f"{' or '.join(repr(u + ' why') for u in cfg['untested'])}")
            bad += 1
        else:
            print(f"ok - {first}")
    for num, title in secs:
        if num not in seen:
            print(f"not ok - {num} {title}: no row in the table of {cfg['table']}")
            bad += 1
    if cfg.get("all_named"):
        for t in sorted(t for t in tests if t.startswith(cfg["all_named"]) and t not in named):
            print(f"not ok - {t} is named by no row")
            bad += 1
    print(f"# {len(rows)} rows for {len(secs)} sections, {len(named)} tests named, "
          f"{bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        print(__doc__)
        sys.exit(2)
    config = load_config(args[0], args[1])
    if "--suggest" in sys.argv:
        suggest(args[0], config)
        sys.exit(0)
    sys.exit(check(args[0], config))
