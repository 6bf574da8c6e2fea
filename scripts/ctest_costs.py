#!/usr/bin/env python3
"""Refresh tests/ctest_costs_{normal,sanitized}.txt from a whole CI run.

    python3 scripts/ctest_costs.py /work/ci

reads CI_ROOT/build and CI_ROOT/build-asan (the two passes of
scripts/test.sh, run in that clone) and writes this repository's two lists.

Each pass's build dir was seeded with a list (scripts/test.sh, seed_costs),
and ctest keeps in Testing/Temporary/CTestCostData.txt, for each test, the
number of runs and the running mean of their times, the seed counting as
runs of its own. Copying that file would keep the seed's old times in the
mean, so the seed is taken out: with r runs and mean c now, and r0 runs and
mean c0 in the seed, the runs made since took (r * c - r0 * c0) / (r - r0)
seconds on average. A test with a COST property is seeded with that
instead (ctest reads only the runs from the file for it). The seed is the copy test.sh keeps beside the cost data
(Testing/ctest_costs_seed.txt), else the list committed at the clone's HEAD
(the list test.sh copied, if the clone has not moved since), else none.

A test that has not run since the seed keeps its seed time; a test the CI
did not run in that pass is left out (ctest then orders it by its COST).
"""
import argparse
import re
import os
import subprocess
import sys


def read_costs(text):
    """{name: (runs, seconds)} from ctest's cost format (ends at '---')."""
    costs = {}
    for line in text.splitlines():
        if line.startswith("---"):
            break
        parts = line.split()
        if len(parts) != 3:
            continue
        costs[parts[0]] = (int(parts[1]), float(parts[2]))
    return costs


def source_dir(build):
    with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("CMAKE_HOME_DIRECTORY:"):
                return line.split("=", 1)[1].strip()
    return None


def read_seed(build, listname):
    kept = os.path.join(build, "Testing", "ctest_costs_seed.txt")
    if os.path.exists(kept):
        with open(kept, encoding="utf-8") as f:
            return read_costs(f.read()), kept
    src = source_dir(build)
    if src:
        r = subprocess.run(["git", "-C", src, "show", "HEAD:tests/" + listname],
                           capture_output=True, text=True, check=False)
        if r.returncode == 0:
            return read_costs(r.stdout), f"{src} HEAD:tests/{listname}"
    return {}, "none"


def cost_properties(build):
    """{name: seconds} of the tests given a COST property, read from the
    build dir's CTestTestfile.cmake files (running ctest there, even
    --show-only, would overwrite the run's Testing/Temporary/LastTest.log)."""
    out = {}
    prop = re.compile(r'set_tests_properties\(\[=\[(.+?)\]=\] PROPERTIES .*?\bCOST "([0-9.]+)"')
    for folder, _, files in os.walk(build):
        if "CTestTestfile.cmake" in files:
            with open(os.path.join(folder, "CTestTestfile.cmake"), encoding="utf-8") as f:
                for m in prop.finditer(f.read()):
                    if float(m.group(2)) > 0:
                        out[m.group(1)] = float(m.group(2))
    return out


def since_seed(now, seed, cost_props):
    """{name: seconds}: each test's mean time over the runs since the seed."""
    out = {}
    for name, (runs, cost) in now.items():
        r0, c0 = seed.get(name, (0, 0.0))
        # ctest keeps a COST property over the file's time, and averages
        # the first run with the property
        c0 = cost_props.get(name, c0)
        if runs > r0:
            out[name] = max((runs * cost - r0 * c0) / (runs - r0), 0.0)
        else:
            out[name] = cost
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ci_root", help="the clone scripts/test.sh ran in")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "tests"),
                    help="where the lists go (default: this repository's tests/)")
    args = ap.parse_args()
    for build, listname in (("build", "ctest_costs_normal.txt"),
                            ("build-asan", "ctest_costs_sanitized.txt")):
        build = os.path.join(args.ci_root, build)
        data = os.path.join(build, "Testing", "Temporary", "CTestCostData.txt")
        with open(data, encoding="utf-8") as f:
            now = read_costs(f.read())
        seed, seed_from = read_seed(build, listname)
        times = since_seed(now, seed, cost_properties(build))
        out = os.path.join(args.out, listname)
        with open(out, "w", encoding="utf-8") as f:
            for name in sorted(times):
                f.write(f"{name} 1 {times[name]:.2f}\n")
        total = sum(times.values())
        print(f"{os.path.normpath(out)}: {len(times)} tests, {total:.0f} s in all "
              f"(from {data}, seed {seed_from})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
