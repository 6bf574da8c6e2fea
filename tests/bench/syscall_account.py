#!/usr/bin/env python3
"""Issue 17's CPU per action accounted by thread, user / kernel, and by
system call, beside the kernel's floor (each call's cost alone, times the
calls an action).

    python3 tests/bench/syscall_account.py [BUILD_DIR] [RATE] [--record S]
                                           [--window S] [--matches N]
                                           [--config LINE]...

(build, 1000, window 10 s, 100 matches; root, for perf's tracepoints.)

Starts telegraphd with run_bench.py's BENCH_CONFIG and a /metrics listener,
plays N lean Lincoln's War matches with tg_loadgen at RATE actions/s spread
over whole games as run_bench.py's play step spreads them (--spread 240:
each pair first plays to a random seq below 240 and waits; the windows
open when every pair waits and the generator lets them all go on), and
over two windows of S seconds each from then:
 - first, without perf: each thread's CPU time
   (/proc/PID/task/TID/schedstat, exact) and its user / system split
   (utime / stime of .../stat, which the kernel samples at its tick: a
   share over many ticks, not a count);
 - then the system calls each thread entered (`perf stat --per-thread -e
   'syscalls:sys_enter_*'`, a counter per tracepoint in the kernel: no
   sample is written, the cheapest count there is). The tracepoints cost
   every counted call time (the loop's system time an act doubles under
   them), hence the CPU's own window; and perf takes seconds to open and
   close them, so this window's ends are read by perf's workload (this
   script's --probe), not around perf (until session 26 they were: the
   acts then spanned about twice the counted window, and every "calls an
   act" in BENCHMARKS from sessions 23-25 is about half the truth);
 - in each window, the acknowledged actions (the loop's act stage count,
   /metrics `telegraph_act_stage_seconds_count{stage="total"}`): each
   window's figures are per its own acts.
Threads are named by their name if the daemon names them, otherwise by
where they wait (a gdb backtrace taken before the window: the loop,
fanout workers, the syncer, the checkpointer, libuv's pool).

Then bench_syscalls (each kind of call alone, CPU ns a call) and the floor:
for each thread, each call counted per action times its cost alone, beside
the thread's measured system time per action.

--record S: after the window, `perf record -F 999 -g` of the daemon for S
seconds: each thread class's samples in the kernel by the system call they
are under (the kernel's time by call), and the top functions by self time
(the profile of where the CPU goes). perf's sampling costs the daemon CPU:
the counting window above is taken without it.

Which stretch of the games the window holds (session 30): until session
30 every pair started its first game at once and the window opened 7 s
after the 500th act, so it held whatever seqs the box's speed had reached
by then: at 1,500 acts/s (a loaded box) the openings, seq 25-70; at
13,000/s (a quiet one, computed) about seq 230-560, the end of every
first game and the start of every second at once. The CPU an act moves
with the stretch (one saturated daemon, 5 s windows, load 20: 97-109 us
at seq 6-73, 126-138 at seq 140-260; the old window read 10-20 % under
--spread 240 in the same minutes), and issue 17's goal is over whole
games ("not only openings"), as run_bench.py's play step samples them:
--spread 240 makes this window sample the same, and --spread 0 gives the
old one (after --warm s of play). The window also prints its CPU read as
the play step reads it (proc_stats.c: utime + stime of /proc/PID/stat),
the generator's and the box's: on one window the two readings agree
within 1 %, so the two tools differed by the games' stretch and the
box's load, not by their counting (BENCHMARKS.md, "The CPU an action, by
two tools, reconciled (session 30, 2026-12-01)").

Figures, not asserted (tests/bench, never ctest); CPU times hold up on a
busy box better than wall times, but the load is printed with them."""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_bench  # noqa: E402  (BENCH_CONFIG)

TICK = os.sysconf("SC_CLK_TCK")

# Which of bench_syscalls' cases stands for a call, by thread class ("*":
# any other), in two columns: the call alone (the floor), and the call as
# the daemon makes it when it wakes or is woken (a write to a client asleep
# in epoll_wait, a futex wake of a sleeping thread and the sleeper's wait,
# an epoll_wait that sleeps). The loop's write and read are its sockets'
# (TLS records over loopback TCP); the other threads' write is the loop's
# eventfd (core/wake.h since 2082d57, libuv's uv_async before).
ALONE = {
    "write": {"loop": "tcp_write", "*": "eventfd_write"},
    "read": {"loop": "tcp_read", "*": "eventfd_read"},
    "epoll_wait": {"*": "epoll_ready"},
    "epoll_pwait": {"*": "epoll_ready"},
    "epoll_ctl": {"*": "epoll_mod"},
    "futex": {"*": "futex_nowake"},
    "pwrite64": {"*": "pwrite"},
    "fdatasync": {"*": "fdatasync_only"},
    "fsync": {"*": "fdatasync_only"},
}
WOKEN = {
    "write": {"loop": "tcp_write_wake", "*": "eventfd_write_wake"},
    "read": {"loop": "tcp_read_woken", "*": "eventfd_read"},
    "epoll_wait": {"*": "tcp_epoll_sleep"},
    "epoll_pwait": {"*": "tcp_epoll_sleep"},
    "futex": {"*": "futex_half"},
}
FRAMES = 16  # bench_syscalls --frames: a WAL fdatasync's frames


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def thread_classes(pid):
    """tid -> class name: the thread's own name if the daemon set one, else
    the function it runs, from one gdb backtrace of every thread."""
    comm0 = open(f"/proc/{pid}/comm").read().strip()
    names = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            names[int(tid)] = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
        except OSError:
            pass
    out = {}
    if any(n != comm0 for t, n in names.items() if t != pid):
        for t, n in names.items():
            out[t] = "loop" if t == pid else re.sub(r"-\d+$", "", n)
        return out
    r = run(["gdb", "-batch", "-p", str(pid), "-ex", "thread apply all bt"], timeout=120)
    cur = None
    for ln in r.stdout.splitlines():
        m = re.match(r"Thread \d+ .*LWP (\d+)", ln)
        if m:
            cur = int(m.group(1))
            continue
        if cur is None or cur in out:
            continue
        if cur == pid:
            out[cur] = "loop"
        elif "fanout.c" in ln:
            out[cur] = "fanout"
        elif "syncer" in ln:
            out[cur] = "syncer"
        elif "checkpointer" in ln:
            out[cur] = "checkpointer"
        elif "libuv" in ln and " worker " in ln:
            out[cur] = "uv_pool"
    for t in names:
        out.setdefault(t, "loop" if t == pid else f"tid{t}")
    return out


def snap_cpu(pid):
    """tid -> (run ns, utime ticks, stime ticks, voluntary and involuntary
    context switches): the switches are the kernel's exact counts (a
    thread that sleeps, on a futex, in epoll_wait or in fdatasync, and
    one the scheduler takes the core from), read without perf."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                run_ns = int(f.read().split()[0])
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                st = f.read().rsplit(")", 1)[1].split()
            cs = {}
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for ln in f:
                    if "ctxt_switches:" in ln:
                        cs[ln.split(":")[0]] = int(ln.split()[1])
            out[int(tid)] = (run_ns, int(st[11]), int(st[12]),
                             cs.get("voluntary_ctxt_switches", 0),
                             cs.get("nonvoluntary_ctxt_switches", 0))
        except (OSError, IndexError, ValueError):
            continue
    return out


def proc_cpu_s(path):
    """utime + stime in seconds from a /proc stat file (proc_stats.c's
    reading: tg_loadgen's server_cpu_ms_per_action, run_bench.py's play
    step), or None."""
    try:
        with open(path) as f:
            st = f.read().rsplit(")", 1)[1].split()
        return (int(st[11]) + int(st[12])) / TICK
    except (OSError, IndexError, ValueError):
        return None


def box_busy_s():
    """Every process's busy CPU in s (/proc/stat's first line, all but idle
    and iowait: tg_loadgen's box_busy_cores)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    return sum(x for i, x in enumerate(v) if i not in (3, 4)) / TICK


def snap_whole(pid, gen_pid):
    """What the other tool reads at its window's ends, read here at this
    window's: the daemon's utime + stime (every thread, the dead too) and
    its main thread's (proc_stats.c), the generator's, the box's."""
    return (proc_cpu_s(f"/proc/{pid}/stat"), proc_cpu_s(f"/proc/{pid}/task/{pid}/stat"),
            proc_cpu_s(f"/proc/{gen_pid}/stat"), box_busy_s())


def metrics(mport):
    with urllib.request.urlopen(f"http://127.0.0.1:{mport}/metrics", timeout=10) as r:
        return r.read().decode()


def acts(mport, text=None):
    text = text if text is not None else metrics(mport)
    return sum(int(m) for m in re.findall(
        r'telegraph_act_stage_seconds_count\{stage="total"\} (\d+)', text))


def turns(text):
    """The loop's turns timed (telegraph_loop_turn_busy_seconds' count: one
    a poll that returned with work, core/latency.c)."""
    m = re.search(r"telegraph_loop_turn_busy_seconds_count(?:\{[^}]*\})? (\d+)", text)
    return int(m.group(1)) if m else 0


def perf_counts(pid, secs, mport, workdir):
    """(tid -> {syscall: count}, window) over secs seconds, where window is
    what the counters saw: (acts, cpu, seconds) at its start and its end.

    perf stat takes seconds to open and to close its ~700 tracepoints on
    each of the daemon's threads (15 s for a 2 s sleep on one thread, on
    this VM), and counts only while its workload runs; so the acts, the CPU
    and the time are read by that workload (this script's --probe), not
    around perf: read around it, the acts spanned twice the counted window
    and every "calls an act" came out about half the truth (sessions 23-25,
    found in session 26)."""
    out_path = os.path.join(workdir, "window.json")
    r = run(["perf", "stat", "-x,", "--per-thread", "-p", str(pid), "-e",
             "syscalls:sys_enter_*", "--", sys.executable, os.path.abspath(__file__),
             "--probe", str(mport), str(pid), str(secs), out_path])
    out = collections.defaultdict(dict)
    for ln in r.stderr.splitlines():
        p = ln.split(",")
        if len(p) < 4:
            continue
        m = re.match(r".*-(\d+)$", p[0])
        ev = re.match(r"syscalls:sys_enter_(\w+)", p[3]) if len(p) > 3 else None
        if not m or not ev or not p[1].strip().isdigit():
            continue
        n = int(p[1])
        if n:
            out[int(m.group(1))][ev.group(1)] = n
    if not out:
        sys.exit("perf stat counted nothing:\n" + r.stderr[-2000:])
    with open(out_path) as f:
        w = json.load(f)
    tids = lambda c: {int(k): tuple(v) for k, v in c.items()}  # noqa: E731
    return out, (w["n0"], tids(w["c0"]), w["t0"]), (w["n1"], tids(w["c1"]), w["t1"])


def probe(mport, pid, secs, out_path):
    """perf stat's workload: the window's two ends, read while counting."""
    t0, n0, c0 = time.monotonic(), acts(mport), snap_cpu(pid)
    time.sleep(secs)
    t1, n1, c1 = time.monotonic(), acts(mport), snap_cpu(pid)
    with open(out_path, "w") as f:
        json.dump({"n0": n0, "c0": c0, "t0": t0, "n1": n1, "c1": c1, "t1": t1}, f)


def floor_costs(build):
    r = run([os.path.join(build, "tests", "bench", "bench_syscalls"), "--n", "20000",
             "--frames", str(FRAMES)])
    if r.returncode != 0:
        sys.exit("bench_syscalls failed:\n" + r.stderr)
    print(r.stdout.strip())
    c = {}
    for ln in r.stdout.splitlines():
        m = re.match(r"(\w+)\s+calls \d+ cpu_ns (\d+)", ln)
        if m:
            c[m.group(1)] = float(m.group(2)) / 1e3  # us
    c["futex_half"] = (c["futex_wake_waiter"] + c["futex_wait_sleep"]) / 2
    # the fdatasync case is FRAMES frames' pwrites and their fdatasync
    c["fdatasync_only"] = c["fdatasync"] - FRAMES * c["pwrite"]
    return c


def cost_of(name, cls, costs, table=None):
    if costs is None:
        return float("nan"), "-"
    table = table or ALONE
    m = table.get(name) or ALONE.get(name)
    if m is None:
        return costs["null"], "null"
    k = "loop" if cls == "loop" else "*"
    case = m.get(k, m.get("*"))
    return costs[case], case


SYS_RE = re.compile(r"(?:__x64_sys_|__do_sys_|__se_sys_|ksys_)(\w+)")


def record(pid, secs, classes, workdir):
    data = os.path.join(workdir, "perf.data")
    r = run(["perf", "record", "-F", "999", "-g", "-o", data, "-p", str(pid), "--", "sleep",
             str(secs)])
    if r.returncode != 0:
        print("perf record failed:\n" + r.stderr[-1000:])
        return
    r = run(["perf", "script", "-i", data, "-F", "tid,ip,sym,dso"])
    samples = []  # (tid, [frames leaf first])
    cur = None
    for ln in r.stdout.splitlines():
        if not ln.strip():
            cur = None
            continue
        if re.match(r"^\s*\d+\s*$", ln):  # a sample's tid; its frames follow
            m = re.match(r"\s*(\d+)", ln)
            cur = (int(m.group(1)), []) if m else None
            if cur:
                samples.append(cur)
            continue
        if cur is not None:
            p = ln.split(None, 1)
            cur[1].append(p[1].strip() if len(p) > 1 else "?")
    by_cls = collections.defaultdict(collections.Counter)
    by_dso = collections.defaultdict(collections.Counter)
    kern = collections.defaultdict(collections.Counter)
    total = collections.Counter()
    for tid, frames in samples:
        cls = classes.get(tid, f"tid{tid}")
        total[cls] += 1
        if not frames:
            continue
        leaf = re.sub(r"\+0x[0-9a-f]+", "", frames[0])
        by_cls[cls][leaf] += 1
        m = re.search(r"\(([^()]*)\)\s*$", frames[0])
        by_dso[cls][os.path.basename(m.group(1)) if m else "?"] += 1
        if "[kernel.kallsyms]" in frames[0]:
            call = None
            for f in reversed(frames):  # the outermost syscall frame
                m = SYS_RE.search(f)
                if m:
                    call = m.group(1)
                    break
            if call is None:
                chain = " ".join(frames)
                if "do_syscall_64" in chain:
                    call = "(a system call's entry or exit)"
                elif "page_fault" in chain:
                    call = "(page faults)"
                else:
                    call = "(interrupts, IPIs, softirqs)"
            kern[cls][call] += 1
    print(f"\nperf record -F 999 -g, {secs} s, {len(samples)} samples; by thread class "
          f"(load {loadavg()}):")
    for cls in sorted(total, key=lambda c: -total[c]):
        k = sum(kern[cls].values())
        print(f"\n{cls}: {total[cls]} samples, in the kernel {k} "
              f"({100.0 * k / max(1, total[cls]):.1f} %)")
        print("  the kernel's samples by system call: " + ", ".join(
            f"{c} {100.0 * n / max(1, total[cls]):.1f} %"
            for c, n in kern[cls].most_common(8)))
        print("  by library (self): " + ", ".join(
            f"{d} {100.0 * n / total[cls]:.1f} %" for d, n in by_dso[cls].most_common(8)))
        print("  top functions by self time (% of the class's samples):")
        for sym, n in by_cls[cls].most_common(15):
            print(f"    {100.0 * n / total[cls]:5.1f} %  {sym}")
    print(f"(perf.data in {workdir})")


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "--probe":
        probe(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5])
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build", nargs="?", default="build")
    ap.add_argument("rate", nargs="?", type=int, default=1000)
    ap.add_argument("--window", type=float, default=10)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--record", type=float, default=0)
    ap.add_argument("--port", type=int, default=19986)
    ap.add_argument("--daemon", help="another telegraphd (an A/B against BUILD's)")
    ap.add_argument("--config", action="append", default=[], metavar="LINE",
                    help="a line added to the daemon's config (an A/B of one build: "
                    "--config 'store_exclusive = 1'); repeatable")
    ap.add_argument("--no-floor", action="store_true",
                    help="skip bench_syscalls (the counts only)")
    ap.add_argument("--spread", type=int, default=run_bench.PLAY_SPREAD, metavar="L",
                    help="tg_loadgen --spread L: each pair first plays to a random seq below "
                    "L and waits, and the window opens when the generator's does (run_bench.py's "
                    f"play step; {run_bench.PLAY_SPREAD}); 0: every game from its start, the "
                    "window --warm s after the set-up (before session 30)")
    ap.add_argument("--full-views", type=int, default=0, metavar="N",
                    help="tg_loadgen --full-views N: the first N pairs keep whole views "
                    "(run_bench.py's play step: 50)")
    ap.add_argument("--warm", type=float, default=None,
                    help="seconds between the generator's window's open (with --spread 0: "
                    "the end of its set-up) and the CPU window (0; with --spread 0: 6)")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    mport = a.port + 1
    costs = None if a.no_floor else floor_costs(build)
    dbin = os.path.abspath(a.daemon) if a.daemon else os.path.join(build, "server", "telegraphd")
    print(f"daemon {dbin}")
    gen_args = ["--full-views", str(a.full_views)]
    if a.spread:
        gen_args += ["--spread", str(a.spread)]
    with run_bench.paced_play(build, dbin, a.port, a.matches, a.rate, a.config, "sc_account.",
                              acts, gen_args) as (workdir, _, daemon, gen):
        pid = daemon.pid
        t_gdb = time.monotonic()
        classes = thread_classes(pid)
        # a gdb attach (threads without names) stops the daemon: let it settle
        settle = 1 if time.monotonic() - t_gdb > 0.5 else 0
        time.sleep(settle + (a.warm if a.warm is not None else 0 if a.spread else 6))
        load0 = loadavg()
        # Two windows of the same length: the CPU without perf (its
        # tracepoints cost every counted call several us on this VM: the
        # loop's system time an act doubled under them), then the calls
        # under perf, each per the acts of its own window.
        m0 = metrics(mport)
        t0, n0, c0, w0 = time.monotonic(), acts(mport, m0), snap_cpu(pid), snap_whole(pid, gen.pid)
        time.sleep(a.window)
        m1 = metrics(mport)
        t1, n1, c1, w1 = time.monotonic(), acts(mport, m1), snap_cpu(pid), snap_whole(pid, gen.pid)
        counts, (pn0, _, pt0), (pn1, _, pt1) = perf_counts(pid, a.window, mport, workdir)
        load1 = loadavg()
        n, pn = n1 - n0, pn1 - pn0
        print(f"\n{n} acknowledged actions in {t1 - t0:.2f} s at {a.rate}/s asked "
              f"({n / (t1 - t0):,.0f}/s; the CPU's window), then {pn} in {pt1 - pt0:.2f} s "
              f"({pn / (pt1 - pt0):,.0f}/s; the calls' window, under perf stat), "
              f"{a.matches} matches; load {load0} -> {load1}")
        # by class
        # ns, utick, stick, threads, voluntary and involuntary switches
        cls_cpu = collections.defaultdict(lambda: [0, 0, 0, 0, 0, 0])
        cls_calls = collections.defaultdict(collections.Counter)
        for tid, (r1, u1, s1, v1, i1) in c1.items():
            r0, u0, s0, v0, i0 = c0.get(tid, (0, 0, 0, 0, 0))
            cls = classes.get(tid, f"tid{tid}")
            v = cls_cpu[cls]
            v[0] += r1 - r0
            v[1] += u1 - u0
            v[2] += s1 - s0
            v[3] += 1
            v[4] += v1 - v0
            v[5] += i1 - i0
        for tid, cc in counts.items():
            cls_calls[classes.get(tid, f"tid{tid}")].update(cc)
        print(f"\n{'thread class':14} {'threads':>7} {'cpu us/act':>10} {'user':>7} "
              f"{'system':>7} {'calls/act':>9} {'alone':>7} {'woken':>7}")
        tot = [0.0] * 6
        for cls in sorted(cls_cpu, key=lambda c: -cls_cpu[c][0]):
            ns, ut, st, th, _, _ = cls_cpu[cls]
            cpu = ns / 1e3 / n
            share = st / (ut + st) if ut + st else 0.0
            calls = sum(cls_calls[cls].values()) / pn
            fl = sum(cost_of(k, cls, costs)[0] * v for k, v in cls_calls[cls].items()) / pn
            fw = sum(cost_of(k, cls, costs, WOKEN)[0] * v
                     for k, v in cls_calls[cls].items()) / pn
            if cpu < 0.05 and calls < 0.001:
                continue
            row = (cpu, cpu * (1 - share), cpu * share, calls, fl, fw)
            print(f"{cls:14} {th:7d} {row[0]:10.1f} {row[1]:7.1f} {row[2]:7.1f} {row[3]:9.2f} "
                  f"{row[4]:7.1f} {row[5]:7.1f}")
            for i, x in enumerate(row):
                tot[i] += x
        print(f"{'all':14} {'':7} {tot[0]:10.1f} {tot[1]:7.1f} {tot[2]:7.1f} {tot[3]:9.2f} "
              f"{tot[4]:7.1f} {tot[5]:7.1f}")
        sched = sum(r1 - c0.get(t, (0,))[0] for t, (r1, *_) in c1.items()) / 1e3 / n
        dw = [None if x0 is None or x1 is None else x1 - x0 for x0, x1 in zip(w0, w1)]
        secs = t1 - t0
        print(f"the same window read as proc_stats.c reads it (tg_loadgen's server CPU): "
              f"utime + stime of every thread {dw[0] * 1e6 / n:.1f} us/act (loop "
              f"{dw[1] * 1e6 / n:.1f}), beside {sched:.1f} by schedstat (every thread "
              f"listed); the generator {dw[2] * 1e6 / n:.1f} us/act; cores used: daemon "
              f"{dw[0] / secs:.2f}, generator {dw[2] / secs:.2f}, box {dw[3] / secs:.2f} "
              f"of {os.cpu_count()}")
        print("(user / system: the thread's CPU split by its utime / stime ticks; alone: "
              "the calls x each one's cost alone, the kernel's floor; woken: the same with "
              "the cost of a call that wakes or is woken, where it can)")
        nt = turns(m1) - turns(m0)
        print(f"\ncontext switches per action by thread class (the CPU's window; "
              f"/proc/PID/task/TID/status), voluntary (slept) + involuntary (preempted); "
              f"the loop's turns {nt / n:.3f} an act ({nt} turns, "
              f"{n / nt if nt else 0:.2f} acts a turn):")
        for cls in sorted(cls_cpu, key=lambda c: -(cls_cpu[c][4] + cls_cpu[c][5])):
            vol, inv = cls_cpu[cls][4], cls_cpu[cls][5]
            if (vol + inv) / n < 0.001:
                continue
            print(f"  {cls:14} {(vol + inv) / n:7.3f} = {vol / n:.3f} + {inv / n:.3f}")
        print("\nsystem calls per action by thread class, and each one's cost (bench_syscalls "
              "case, CPU us; alone, then as it wakes or is woken):")
        for cls in sorted(cls_calls, key=lambda c: -sum(cls_calls[c].values())):
            items = sorted(cls_calls[cls].items(), key=lambda kv: -kv[1])
            if sum(cls_calls[cls].values()) / pn < 0.001:
                continue
            print(f"{cls}:")
            for k, v in items:
                if v / pn < 0.0005:
                    continue
                cost, case = cost_of(k, cls, costs)
                wcost, wcase = cost_of(k, cls, costs, WOKEN)
                extra = f"; {wcase} {wcost:.2f} = {v / pn * wcost:.2f}" if wcase != case else ""
                print(f"  {k:18} {v / pn:7.3f} x {case} {cost:.2f} = {v / pn * cost:.2f} us"
                      f"{extra}")
        print(f"\nthe kernel's floor per action: {tot[4]:.1f} us alone ({tot[5]:.1f} us with "
              f"the wake-ups' cost) of {tot[2]:.1f} us system time by ticks and {tot[0]:.1f} us "
              f"CPU in all")
        if a.record > 0:
            record(pid, a.record, classes, workdir)
    print(f"(daemon log, generator output in {workdir}; load at the end {loadavg()})")


if __name__ == "__main__":
    main()
