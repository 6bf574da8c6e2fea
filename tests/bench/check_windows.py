#!/usr/bin/env python3
"""The bench tools open their CPU windows where tg_loadgen's are (issue 17,
session 30): run_bench.paced_play, which syscall_account.py and
wal_frames.py start from, waits until the generator's log says its set-up
is done and, with --spread, that every pair waits at its seq and its
window opened. It reads those lines in tg_loadgen's log: if loadgen.c's
messages changed, the tools would wait for a line that never comes (or,
matched loosely, open a window on the set-up). This check renders the
messages from loadgen.c's own format strings and holds
run_bench.generator_ready to them, and syscall_account.py's reading of a
/proc stat file to proc_stats.c's (the fields after the last ')').

    python3 tests/bench/check_windows.py ROOT"""
import os
import re
import sys
import tempfile

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))
import run_bench  # noqa: E402
import syscall_account  # noqa: E402

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print(f"FAIL: {what}")


def message(src, needle):
    """The fprintf format string of loadgen.c that holds `needle`, rendered
    with numbers for its conversions."""
    for m in re.finditer(r'fprintf\(stderr,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)', src):
        fmt = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1)))
        if needle in fmt:
            fmt = fmt.replace("\\n", "\n")
            return re.sub(r"%\.?\d*(?:d|f|s|llu|u)", lambda c: "7" if "s" not in
                          c.group(0) else "x", fmt)
    return None


src = open(os.path.join(ROOT, "tests", "bench", "loadgen.c")).read()
setup = message(src, "pairs play after")
spread = message(src, "every pair at its seq")
forced = message(src, "pairs set up after --setup-timeout")
check(setup is not None, "loadgen.c prints the set-up's end ('pairs play after')")
check(spread is not None, "loadgen.c prints the spread window's open ('every pair at its seq')")
check(forced is not None, "loadgen.c prints a forced set-up ('--setup-timeout')")
if setup and spread and forced:
    plain, spreading = ["--full-views", "0"], ["--full-views", "0", "--spread", "240"]
    ready = run_bench.generator_ready
    check(not ready("", plain), "nothing logged: not ready")
    check(not ready(forced, plain), f"only {forced.strip()!r}: not ready")
    check(ready(forced + setup, plain), f"plain play is ready at {setup.strip()!r}")
    check(not ready(setup, spreading), "with --spread the set-up's end is not the window's open")
    check(not ready(forced + setup, spreading),
          f"with --spread, {forced.strip()!r} is not the window's open")
    check(ready(setup + spread, spreading), f"with --spread, ready at {spread.strip()!r}")

# syscall_account.py reads utime + stime as proc_stats.c does: the fields
# after the last ')' (a thread's name may hold one), in clock ticks.
with tempfile.NamedTemporaryFile("w", suffix=".stat", delete=False) as f:
    f.write("4242 (tg) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 130 0 0 20 0 6 0 "
            "99 1000 100 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n")
got = syscall_account.proc_cpu_s(f.name)
os.unlink(f.name)
tick = os.sysconf("SC_CLK_TCK")
check(got is not None and abs(got - 380 / tick) < 1e-9,
      f"utime 250 + stime 130 ticks read as {got} s, not {380 / tick}")
check(syscall_account.proc_cpu_s("/nonexistent/stat") is None, "an unreadable file: None")

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("the bench windows' lines and readings hold")
