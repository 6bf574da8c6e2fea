#!/usr/bin/env python3
"""Birth of a Legend: the module README's table "Rule sections 3-15 and
their tests" against the rulebook's sections and the tests on disk (issue
21: every section 3-15 mapped to its tests, as Lincoln's War's
check_sections.py does).

  check_sections.py ROOT   fails when a section of 3.1-15.6 has no row,
                           a row names a test that does not exist, or a
                           test_boal_*.c is named by no row
"""

import os
import re
import sys

HEADING = "## Rule sections 3-15 and their tests"
# The rulebook's table of contents, sections 3-15 (seed 002).
SECTIONS = (
    ["3.%d" % i for i in range(1, 7)] + ["4.%d" % i for i in range(1, 5)] + ["5.1", "5.2"] +
    ["6.%d" % i for i in range(1, 6)] + ["7.%d" % i for i in range(1, 6)] +
    ["8.%d" % i for i in range(1, 4)] + ["9.%d" % i for i in range(1, 7)] +
    ["10.%d" % i for i in range(1, 8)] + ["11.%d" % i for i in range(1, 4)] + ["12.1"] +
    ["13.%d" % i for i in range(1, 4)] + ["14.%d" % i for i in range(1, 4)] +
    ["15.%d" % i for i in range(1, 7)])


def covered(cell):
    """The sections a row's first cell names: "6.3, 6.3.1", "3.3-3.5", "11"."""
    out = set()
    for part in [p.strip() for p in cell.split(",")]:
        m = re.fullmatch(r"(\d+)\.(\d+)(?:\.\d+)*-(\d+)\.(\d+)", part)
        if m and m.group(1) == m.group(3):
            for i in range(int(m.group(2)), int(m.group(4)) + 1):
                out.add("%s.%d" % (m.group(1), i))
            continue
        if re.fullmatch(r"\d+", part):
            out.update(s for s in SECTIONS if s.split(".")[0] == part)
            continue
        m = re.fullmatch(r"(\d+\.\d+)(?:\.\d+)*", part)
        if m:
            out.add(m.group(1))
            continue
        raise ValueError("row \"%s\": cannot read the section \"%s\"" % (cell, part))
    return out


def main(root):
    readme = os.path.join(root, "server/games/birth_of_a_legend/README.md")
    text = open(readme, encoding="utf-8").read()
    if HEADING not in text:
        print("README has no \"%s\"" % HEADING)
        return 1
    table = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    tests_dir = os.path.join(root, "tests/rules/birth_of_a_legend")
    on_disk = {f[:-2] for f in os.listdir(tests_dir) if f.startswith("test_") and f.endswith(".c")}
    on_disk_unit = {f[:-2] for f in os.listdir(os.path.join(root, "tests/unit"))
                    if f.startswith("test_") and f.endswith(".c")}
    errors, seen, named = [], set(), set()
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or cells[0] in ("section", "") or set(cells[0]) <= set("-"):
            continue
        try:
            seen |= covered(cells[0])
        except ValueError as e:
            errors.append(str(e))
        for t in re.findall(r"`(test_\w+)`", cells[3]):
            named.add(t)
            if t not in on_disk and t not in on_disk_unit:
                errors.append("row %s names %s, which does not exist" % (cells[0], t))
    for s in SECTIONS:
        if s not in seen:
            errors.append("section %s has no row" % s)
    for t in sorted(on_disk - named):
        errors.append("%s is named by no row" % t)
    for e in errors:
        print(e)
    print("%d sections, %d tests named, %d problems" % (len(SECTIONS), len(named), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
