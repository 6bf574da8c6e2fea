"""The commit an executable was built from (server/util/build_info.h).

- server/util/build_commit.cmake, run by hand in folders of its own: a tree
  without git (a tarball) says "unknown", and so does one unpacked inside
  another repository; a git tree names its HEAD (12 hex digits), "-dirty"
  when a tracked file differs; the header is not rewritten while nothing
  changes (so nothing recompiles) and is when HEAD moves; the
  environment's TG_BUILD_COMMIT is used instead of git, and refused if it
  could not stand inside /metrics' quotes;
- telegraphd and telegraphd_test, and the terminal client telegraph, say
  in --version the commit the script says now for the source tree,
  "-dirty" aside (a binary older than the checkout's HEAD fails: rebuild);
- tests/bench/run_bench.py names the commit its build's binaries were
  built from (read from --version), not only the checkout's."""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness_check import CheckFailed, check  # noqa: E402

SCRIPT = os.path.join(HERE, "..", "..", "server", "util", "build_commit.cmake")


def commit_of(cmake, src, out, env=None):
    r = subprocess.run([cmake, f"-DSRC={src}", f"-DOUT={out}", "-P", SCRIPT],
                       capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, **(env or {})))
    check(r.returncode == 0, f"build_commit.cmake: {r.stderr}")
    m = re.search(r'^#define TG_BUILD_COMMIT "([^"]*)"$', open(out).read(), re.M)
    check(m, f"the header names no commit: {open(out).read()}")
    return m.group(1)


def git(tree, *args):
    return subprocess.run(["git", "-C", tree, "-c", "user.name=t", "-c",
                           "user.email=t@example.test"] + list(args),
                          capture_output=True, text=True, check=True).stdout.strip()


def script(cmake, tmp):
    env = {"TG_BUILD_COMMIT": ""}  # not the environment's, if set
    out = os.path.join(tmp, "gen", "tg_build_commit.h")
    bare = os.path.join(tmp, "tarball")
    os.makedirs(bare)
    check(commit_of(cmake, bare, out, env) == "unknown", "a tree without git: unknown")

    repo = os.path.join(tmp, "repo")
    os.makedirs(repo)
    git(repo, "init", "-q")
    with open(os.path.join(repo, "a.c"), "w") as f:
        f.write("int a;\n")
    git(repo, "add", "a.c")
    git(repo, "commit", "-q", "-m", "one")
    inner = os.path.join(repo, "unpacked")
    os.makedirs(inner)
    check(commit_of(cmake, inner, out, env) == "unknown",
          "a tarball unpacked inside another repository: unknown, not that one's HEAD")

    head = git(repo, "rev-parse", "--short=12", "HEAD")
    check(commit_of(cmake, repo, out, env) == head, f"the HEAD of a git tree: {head}")
    os.utime(out, ns=(10**18, 10**18))
    check(commit_of(cmake, repo, out, env) == head and os.stat(out).st_mtime_ns == 10**18,
          "the same commit again: the header is not rewritten (nothing recompiles)")
    with open(os.path.join(repo, "a.c"), "a") as f:
        f.write("int b;\n")
    check(commit_of(cmake, repo, out, env) == head + "-dirty", "a tracked file changed: -dirty")
    git(repo, "commit", "-q", "-am", "two")
    head2 = git(repo, "rev-parse", "--short=12", "HEAD")
    check(head2 != head and commit_of(cmake, repo, out, env) == head2
          and os.stat(out).st_mtime_ns != 10**18, "a new HEAD: the header is rewritten")
    check(commit_of(cmake, bare, out, {"TG_BUILD_COMMIT": "v0.1-exported"}) == "v0.1-exported",
          "the environment's TG_BUILD_COMMIT (an exported tree)")
    check(commit_of(cmake, bare, out, {"TG_BUILD_COMMIT": 'x"} 1\nevil'}) == "unknown",
          "a TG_BUILD_COMMIT that would break /metrics' quotes is refused")


def version_commit(binary, name="telegraphd"):
    r = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30)
    m = re.fullmatch(name + r" \S+ \(commit ([0-9A-Za-z._-]+)\)\n", r.stdout)
    check(r.returncode == 0 and m, f"{binary} --version: {r.returncode} {r.stdout!r}")
    return m.group(1)


def binaries(cmake, source, daemons, clients, tmp):
    want = commit_of(cmake, source, os.path.join(tmp, "now.h"))
    for d, name in [(d, "telegraphd") for d in daemons] + [(c, "telegraph") for c in clients]:
        got = version_commit(d, name)
        # "-dirty" is left out of the comparison: a test file edited since
        # the build is not a stale binary.
        check(got.removesuffix("-dirty") == want.removesuffix("-dirty"),
              f"{d} --version names commit {got}; the source tree is at {want} "
              f"(a binary older than the checkout's HEAD: rebuild it)")
    return version_commit(daemons[0])


def bench_names(daemon, want, tmp):
    sys.path.insert(0, os.path.join(HERE, "..", "bench"))
    import run_bench
    # A build folder whose telegraphd is this one: run_bench names its commit.
    build = os.path.join(tmp, "build")
    os.makedirs(os.path.join(build, "server"))
    os.symlink(os.path.abspath(daemon), os.path.join(build, "server", "telegraphd"))
    m = run_bench.machine(build)
    check(f"binaries built from {want}" in m["commit"], f"run_bench's commit: {m['commit']}")
    # Another binary, another commit: the text follows the binary.
    fake = os.path.join(tmp, "fake")
    os.makedirs(os.path.join(fake, "server"))
    with open(os.path.join(fake, "server", "telegraphd"), "w") as f:
        f.write("#!/bin/sh\necho 'telegraphd 0.1.0 (commit 0123456789ab)'\n")
    os.chmod(os.path.join(fake, "server", "telegraphd"), 0o755)
    m = run_bench.machine(fake)
    check("binaries built from 0123456789ab" in m["commit"], f"run_bench's commit: {m['commit']}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--daemon", action="append", required=True)
    ap.add_argument("--client", action="append", default=[])
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="tg_build_commit.")
    try:
        script(a.cmake, tmp)
        want = binaries(a.cmake, a.source, a.daemon, a.client, tmp)
        bench_names(a.daemon[0], want, tmp)
    except CheckFailed as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("PASS")


if __name__ == "__main__":
    main()
