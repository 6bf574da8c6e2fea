#!/usr/bin/env python3
"""The comments of Lincoln's War's sources and tests point to the module's
documentation by file and heading, and every such pointer must lead
somewhere (issue 23: the README was split into docs/, and comments that
said only "README" had lost their way).

  check_refs.py ROOT    check (ctest rules/lincolns_war/check_refs)

In a comment of server/games/lincolns_war/ or tests/rules/lincolns_war/
(C sources and headers, CMakeLists.txt):

  docs/NAME.md                 the file must exist under the module's docs/
  docs/NAME.md "TITLE"         ... and TITLE must begin one of its headings
  docs/NAME.md, "TITLE"        (a '#' line) or entries (a '- **bold**'
                               title), whitespace and line breaks aside
  README "TITLE"               TITLE must begin a heading of the module README
  some/path/README.md          the file must exist (another folder's README)

A bare "README" that names no heading fails: it is the pointer that drifted.
"""

import os
import re
import sys

MODULE = "server/games/lincolns_war"
SCAN = (MODULE, "tests/rules/lincolns_war")


def norm(t):
    return " ".join(t.replace("`", "").split())


def titles(path):
    """Headings and bold entry titles of a markdown file, normalised."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"^#+\s+(.*)", line)
        if m:
            out.append(norm(m.group(1)))
            continue
        m = re.match(r"^\s*[-*]\s+\*\*(.*)", line)
        if m:
            t, j = m.group(1), i
            while "**" not in t and j + 1 < len(lines):
                j += 1
                t += " " + lines[j].strip()
            out.append(norm(t.split("**")[0]))
    return out


def c_comments(text):
    """(line, comment text) of every /* */ and // comment, skipping string
    and character literals."""
    out, i, n, line = [], 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in "\"'":
            q, i = c, i + 1
            while i < n and text[i] != q:
                if text[i] == "\\":
                    i += 1
                elif text[i] == "\n":
                    line += 1
                i += 1
            i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end
            body = text[i + 2 : end]
            # a comment's continuation lines begin with " * "
            body = "\n".join(re.sub(r"^\s*\*(?!/)", "", l) for l in body.split("\n"))
            out.append((line, body))
            line += text.count("\n", i, end)
            i = end + 2
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append((line, text[i + 2 : end]))
            i = end
        else:
            i += 1
    return out


def hash_comments(text):
    """(line, text) of each run of '#' comment lines (CMake)."""
    out, run, start = [], [], 0
    for k, l in enumerate(text.split("\n"), 1):
        m = re.match(r"^\s*#(.*)", l)
        if m:
            if not run:
                start = k
            run.append(m.group(1))
        elif run:
            out.append((start, "\n".join(run)))
            run = []
    if run:
        out.append((start, "\n".join(run)))
    return out


REF = re.compile(
    r'(?P<path>[\w./-]*README\.md)'
    r'|(?P<docs>docs/(?P<name>[\w-]+\.md))(?:,?\s*"(?P<dtitle>[^"]+)")?'
    r'|README(?:\'s)?(?:,?\s*"(?P<rtitle>[^"]+)")?'
)


def check(root):
    mod = os.path.join(root, MODULE)
    cache = {}

    def known(path):
        if path not in cache:
            cache[path] = titles(path)
        return cache[path]

    def has(path, title):
        t = norm(title)
        return any(x == t or x.startswith(t) for x in known(path))

    problems, count = [], 0
    for d in SCAN:
        for name in sorted(os.listdir(os.path.join(root, d))):
            path = os.path.join(root, d, name)
            if name.endswith((".c", ".h")):
                kind = c_comments
            elif name == "CMakeLists.txt":
                kind = hash_comments
            else:
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for line, body in kind(text):
                # one line of text, and the comment line each word is on
                flat, at = "", []
                for k, l in enumerate(body.split("\n")):
                    for word in l.split():
                        flat += (" " if flat else "") + word
                        at += [line + k] * (len(flat) - len(at))
                for m in REF.finditer(flat):
                    count += 1
                    where = "%s/%s:%d" % (d, name, at[m.start()])
                    if m.group("path"):
                        p = m.group("path")
                        if not os.path.exists(os.path.join(root, p)):
                            problems.append('%s: "%s" does not exist' % (where, p))
                    elif m.group("docs"):
                        p = os.path.join(mod, "docs", m.group("name"))
                        if not os.path.exists(p):
                            problems.append("%s: %s does not exist" % (where, m.group("docs")))
                        elif m.group("dtitle") and not has(p, m.group("dtitle")):
                            problems.append(
                                '%s: %s has no heading or entry "%s"'
                                % (where, m.group("docs"), m.group("dtitle"))
                            )
                    elif not m.group("rtitle"):
                        problems.append(
                            '%s: "README" names no heading (write README "HEADING" '
                            'or docs/FILE.md "HEADING")' % where
                        )
                    elif not has(os.path.join(mod, "README.md"), m.group("rtitle")):
                        problems.append(
                            '%s: the module README has no heading "%s"' % (where, m.group("rtitle"))
                        )
    return problems, count


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    problems, count = check(root)
    for p in problems:
        print("FAIL " + p)
    print("%d pointers to the documentation, %d broken" % (count, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
