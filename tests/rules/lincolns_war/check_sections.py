#!/usr/bin/env python3
"""The module's table "Rule sections 1-21 and their tests" (docs/tests.md) against
the rulebook's sections (data/rule_sections.tsv) and the tests on disk.

  check_sections.py ROOT            check (ctest): every section 1-21 has a row,
                                    every test a row names exists, and a row
                                    without a test says why ("no rule: ...")
  check_sections.py ROOT --suggest  print, per section, the tests that name it
                                    (file names and comments), to help keep
                                    the table up to date
"""

import os
import re
import sys

HEADING = "## Rule sections 1-21 and their tests"


def sections(root):
    path = os.path.join(root, "tests/rules/lincolns_war/data/rule_sections.tsv")
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            num, title = line.rstrip("\n").split("\t", 1)
            out.append((num, title))
    return out


def test_files(root):
    """test name -> source text, for the Lincoln's War rules tests and the
    integration tests."""
    found = {}
    for d, ext in (("tests/rules/lincolns_war", ".c"), ("tests/integration", ".py")):
        for name in sorted(os.listdir(os.path.join(root, d))):
            if name.startswith("test_") and name.endswith(ext):
                with open(os.path.join(root, d, name), encoding="utf-8") as f:
                    found[name[: -len(ext)]] = f.read()
    # ctest names that run an existing program with other settings
    if "test_playouts" in found:
        found["test_playouts_campaign"] = found["test_playouts"]
    if "test_lincolns_war_game" in found:
        for scn in ("tournament", "campaign"):
            found["lincolns_war_" + scn] = found["test_lincolns_war_game"]
    return found


def table(root):
    with open(os.path.join(root, "server/games/lincolns_war/docs/tests.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.find(HEADING)
    if start < 0:
        return None
    body = text[start + len(HEADING):]
    end = re.search(r"^## ", body, re.M)
    body = body[: end.start()] if end else body
    rows = {}
    for line in body.splitlines():
        m = re.match(r"^\|\s*(\d+(?:\.\d+)*)\s*\|([^|]*)\|(.*)\|\s*$", line)
        if m:
            rows[m.group(1)] = m.group(3).strip()
    return rows


def mentions(num, name, src):
    flat = num.replace(".", "_")
    if name.startswith("test_" + flat + "_") or name == "test_" + flat:
        return 2
    if re.search(r"(?<![\d.])" + re.escape(num) + r"(?![\d]|\.\d)", src):
        return 1
    return 0


def suggest(root):
    tests = test_files(root)
    for num, title in sections(root):
        hits = sorted(((mentions(num, n, s), n) for n, s in tests.items()), reverse=True)
        names = [n for score, n in hits if score][:4]
        print(f"| {num} | {title} | {', '.join('`%s`' % n for n in names)} |")


def check(root):
    rows = table(root)
    if rows is None:
        print(f"not ok - docs/tests.md has no '{HEADING}' section")
        return 1
    tests = test_files(root)
    bad = 0
    for num, title in sections(root):
        cell = rows.get(num)
        if cell is None:
            print(f"not ok - {num} {title}: no row in the table of docs/tests.md")
            bad += 1
            continue
        named = re.findall(r"`([A-Za-z0-9_]+)`", cell)
        missing = [n for n in named if n.startswith(("test_", "lincolns_war_"))
                   and n not in tests]
        if missing:
            print(f"not ok - {num}: the table names tests that do not exist: {missing}")
            bad += 1
        elif not any(n in tests for n in named) and "no rule:" not in cell:
            print(f"not ok - {num} {title}: no test named and no 'no rule: why'")
            bad += 1
        else:
            print(f"ok - {num} {title}")
    extra = sorted(set(rows) - {n for n, _ in sections(root)})
    for num in extra:
        print(f"not ok - {num}: a row for a section the rulebook does not have")
        bad += 1
    print(f"# {len(rows)} rows, {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    if "--suggest" in sys.argv:
        suggest(root)
        sys.exit(0)
    sys.exit(check(root))
