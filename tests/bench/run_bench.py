#!/usr/bin/env python3
"""Runs Telegraph's benchmark suite against a freshly started telegraphd and
prints one table: each figure, the machine's own limit or the target, and the
ratio. Not a pass/fail test: figures are printed, never asserted.

Usage: run_bench.py --build BUILD_DIR [--quick] [--markdown FILE] [--steps S,...] [--calm]
                    [--dump-sampled FILE] [--play-spread L]

The calm-box measurement of issue 17 (about 10 minutes on two calm cores):
    python3 tests/bench/run_bench.py --build build-rwd --steps play,roundtrip,scale --calm
ends with a block to paste into BENCHMARKS.md (command, commit, build, the
load average before and after, the table and each match step's details).
Each match run has a daemon on a fresh data folder of its own.

Matches are Lincoln's War ("lincolns-war", scenario "tournament"). If that
game cannot be played over the daemon (no action acknowledged), the match
figures are taken with the test daemon telegraphd_test and its test game
"fixture-duel" instead, and every such row says so.
"""
import argparse
import contextlib
import datetime
import os
import platform
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

# The play step's matches are spread over their first PLAY_SPREAD actions
# before its window (session 25): about the length of a tournament game
# with tg_loadgen's bot (the scale step measured 244-261 in sessions
# 20-23), so the window samples whole games. BENCHMARKS.md, "Changed list
# elements patched inside; the play step over whole games (session 25)".
PLAY_SPREAD = 240

BENCH_CONFIG = """# written by tests/bench/run_bench.py: a configuration for measuring, not for users
scrypt_n_log2 = 10
max_matches_per_user = 100000
matches_created_per_user = 1000000
registrations_per_address = 1000000
max_connections = 60000
login_attempts = 1000
idle_timeout_ms = 600000
max_outbuf = 4194304
# one address plays every client: the per-address limits that protect a
# public server (256 connections, 8 password hashings in flight) would
# refuse most of the load generator's players, and a refused pair stalls
# `populate` (it was so from 7ad2773 until session 12)
max_connections_per_address = 60000
kdf_max_inflight = 4096
kdf_max_inflight_per_address = 4096
login_address_attempts = 100000
# the TLS handshake deadline (10 s by default): at load 20 the 2,000
# handshakes of 1,000 matches took 87-111 s, and the daemon reset the
# connections whose handshake the load generator had not finished in time
# (session 18; tg_loadgen counts them as connection_resets)
handshake_timeout_ms = 120000
"""


def log(msg):
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def figures(text):
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return out


def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Daemon:
    def __init__(self, data, binary, extra=()):
        self.data, self.binary, self.extra = data, binary, list(extra)
        self.proc = None
        self.port = None

    def start(self):
        """Starts the daemon; returns the seconds until it said it listens
        (it loads every active match before that line)."""
        t0 = time.monotonic()
        self.proc = subprocess.Popen(
            [self.binary, "--data", self.data, "--listen", "127.0.0.1:0",
             "--config", os.path.join(self.data, "bench.conf")] + self.extra,
            stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                raise RuntimeError(f"{self.binary} exited before listening")
            m = re.search(r"listening on [^ ]*:(\d+)", line)
            if m:
                self.port = int(m.group(1))
                # Keep draining stderr so the daemon never blocks on a full pipe.
                self.drain = subprocess.Popen(["cat"], stdin=self.proc.stderr,
                                              stdout=subprocess.DEVNULL)
                return time.monotonic() - t0
        raise RuntimeError("telegraphd did not start listening in time")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=120)
        self.proc = None


# The suite's steps, in order; --steps runs some of them (the disk's floor
# always: the first row's limit). A row is printed only for the steps run.
STEPS = ("play", "roundtrip", "scale", "idle", "handshake", "restart", "rules", "swiss", "notify",
         "clocks")

LOADS = []  # the 1-minute load average before each measurement


def read_text(path):
    with open(path) as f:
        return f.read()


def generator_ready(log_text, gen_args):
    """Whether tg_loadgen's log (its stderr) says its set-up is done (every
    pair plays: "N of M pairs play after S s of set-up") and, with
    --spread, that every pair waits at its seq and its window opened
    ("every pair at its seq after S s: measuring"). A window opened before
    counts the set-up's handshakes and logins, or (with --spread) pairs
    still on their way to their seqs, the daemon part idle, as acts' CPU.
    tests/bench/check_windows.py holds these lines to tg_loadgen's."""
    if not re.search(r"\d+ of \d+ pairs play after", log_text):
        return False
    return "--spread" not in gen_args or bool(
        re.search(r"every pair at its seq after [\d.]+ s: measuring", log_text))


@contextlib.contextmanager
def paced_play(build, dbin, port, matches, rate, config, prefix, acts, gen_args=()):
    """A daemon (dbin, else BUILD's) on BENCH_CONFIG plus the config lines,
    metrics on port + 1, in a new folder; and BUILD's tg_loadgen playing
    `matches` tournament games of Lincoln's War at `rate` actions/s against
    it (gen_args: more of its arguments, which come after these and so
    override them). Yields (workdir, data, daemon, gen) once
    acts(metrics port) passed 500 and the generator's set-up is done (it
    logged "pairs play after": before session 30 only the 500 acts were
    waited for, and on a loaded box the set-up's handshakes and logins
    could fall in a window), with --spread once every pair waits at its
    seq and the generator opened its window ("measuring"); stops both at
    the end (syscall_account.py's and wal_frames.py's start, once)."""
    workdir = tempfile.mkdtemp(prefix=prefix)
    data = os.path.join(workdir, "data")
    os.makedirs(data)
    mport = port + 1
    with open(os.path.join(data, "bench.conf"), "w") as f:
        f.write(BENCH_CONFIG + f"metrics_listen = 127.0.0.1:{mport}\n" +
                "".join(line + "\n" for line in config))
    dlog = open(os.path.join(workdir, "daemon.log"), "w")
    daemon = subprocess.Popen([dbin or os.path.join(build, "server", "telegraphd"), "--data",
                               data, "--listen", f"127.0.0.1:{port}", "--config",
                               os.path.join(data, "bench.conf")], stderr=dlog)
    gen = None
    try:
        time.sleep(2)
        glog = open(os.path.join(workdir, "loadgen.out"), "w")
        gen = subprocess.Popen([os.path.join(build, "tests", "bench", "tg_loadgen"), "--server",
                                f"127.0.0.1:{port}", "--pid", str(daemon.pid), "--mode", "play",
                                "--matches", str(matches), "--rate", str(rate),
                                "--duration", "600", "--warmup", "2", "--full-views", "0",
                                "--size-every", "0", "--seed", "7", "--game", "lincolns-war",
                                "--scenario", "tournament"] + list(gen_args),
                               stdout=glog, stderr=glog)
        # play runs once the acts count moves and the set-up is done
        t0 = time.time()
        while acts(mport) < 500 or not generator_ready(read_text(glog.name), gen_args):
            if gen.poll() is not None or time.time() - t0 > 300:
                sys.exit("the load generator did not get going; see " + workdir)
            time.sleep(0.2)
        yield workdir, data, daemon, gen
    finally:
        if gen and gen.poll() is None:
            gen.terminate()
            try:
                gen.wait(timeout=10)
            except subprocess.TimeoutExpired:
                gen.kill()
        daemon.terminate()
        try:
            daemon.wait(timeout=20)
        except subprocess.TimeoutExpired:
            daemon.kill()


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except OSError:
        return 0.0


def loadavg3():
    """The 1, 5 and 15-minute load averages, as /proc/loadavg says them."""
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def build_info(b):
    """The build's type and compiler, from its CMakeCache.txt."""
    info = {}
    try:
        with open(os.path.join(b, "CMakeCache.txt")) as f:
            for line in f:
                for key in ("CMAKE_BUILD_TYPE", "CMAKE_C_COMPILER"):
                    if line.startswith(key + ":"):
                        info[key] = line.split("=", 1)[1].strip()
    except OSError:
        pass
    cc = info.get("CMAKE_C_COMPILER", "")
    ver = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.split("\n")[0] if cc else ""
    return f"{info.get('CMAKE_BUILD_TYPE') or 'no build type'}, {ver or 'compiler unknown'}"


def run(cmd, timeout=900):
    LOADS.append(loadavg())
    log(" ".join(cmd) + f"   (load average {LOADS[-1]:.1f})")
    t0 = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    log(f"  {time.monotonic() - t0:.1f} s")
    if r.returncode != 0:
        log(f"exit {r.returncode}: {r.stderr.strip()[-400:]}")
    return figures(r.stdout), r


def resets_note(f):
    """The connections the daemon reset (tg_loadgen's connection_resets,
    session 19: before, the first reset killed it with SIGPIPE)."""
    n = f.get("connection_resets")
    if n is None:
        return ""
    return f"; {n:.0f} connections reset by the daemon" if n else "; no connection reset"


def pairs_note(f):
    """How many of the matches asked for played (tg_loadgen counts the pairs
    the daemon refused; before session 13 a refused pair silently played
    nothing, and the row said --matches all the same), and the connections
    the daemon reset."""
    played, asked = f.get("play_pairs_played"), f.get("play_matches", 0)
    if played is None:
        return f"{asked:.0f} matches (pairs played: not reported)"
    if played >= asked:
        return f"{asked:.0f} matches, all played" + resets_note(f)
    return (f"ONLY {played:.0f} OF {asked:.0f} MATCHES PLAYED "
            f"({f.get('play_pairs_refused', 0):.0f} pairs refused{resets_note(f)})")


def first_error(r):
    for line in r.stderr.splitlines():
        if "error" in line or "refused" in line:
            return line.strip()[:160]
    return "no action was acknowledged"


def openssl_sign_rate():
    r = subprocess.run(["openssl", "speed", "-seconds", "3", "ecdsap256"],
                       capture_output=True, text=True)
    m = re.search(r"256 bits ecdsa \(nistp256\)\s+\S+\s+\S+\s+([\d.]+)", r.stdout)
    return float(m.group(1)) if m else None


def machine(build):
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = subprocess.run(["free", "-h"], capture_output=True, text=True).stdout.split("\n")[1].split()
    # A run from an exported tree (git archive) names its commit in TG_BENCH_COMMIT.
    commit = os.environ.get("TG_BENCH_COMMIT") or subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = "" if os.environ.get("TG_BENCH_COMMIT") else subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "server", "protocol", "schema", "tests/bench"],
        capture_output=True, text=True).stdout.strip()
    # The commit is this checkout's; a --build outside it (an A/B against an
    # older build) may hold another commit's binaries (session 24): the
    # daemon says which in --version (server/util/build_info.h, session 25).
    built = binary_commit(build)
    outside = not os.path.realpath(build).startswith(os.path.realpath(os.getcwd()) + os.sep)
    if built:
        where = f"; binaries built from {built}"
    elif outside:
        where = f" (this checkout's; the binaries are {build}'s, perhaps another commit's)"
    else:
        where = ""
    return {"cpu": cpu, "cores": os.cpu_count(), "mem": mem[1] if len(mem) > 1 else "?",
            "commit": commit + (" (work tree with uncommitted changes)" if dirty else "")
            + where, "host": platform.node(), "kernel": platform.release()}


def binary_commit(build):
    """The commit BUILD's telegraphd says it was built from ("unknown" for a
    build without git), or None if it does not say (older than 'commit' in
    --version)."""
    try:
        r = subprocess.run([os.path.join(build, "server", "telegraphd"), "--version"],
                           capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    m = re.search(r"\(commit ([^)\s]+)\)", r.stdout)
    return m.group(1) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--loadgen", metavar="BIN",
                    help="another tg_loadgen for every step (default: BUILD's): an A/B of "
                         "the generator against one daemon (session 27)")
    ap.add_argument("--quick", action="store_true", help="smaller runs, for trying the harness")
    ap.add_argument("--markdown", help="also write the table as Markdown to this file")
    ap.add_argument("--steps", default=",".join(STEPS),
                    help="the steps to run, of " + ",".join(STEPS) + " (all)")
    ap.add_argument("--calm", action="store_true",
                    help="end with a block ready to paste into BENCHMARKS.md: the command, "
                         "the commit, the build, the load average before and after, the "
                         "table and each match step's details")
    ap.add_argument("--dump-sampled", metavar="FILE",
                    help="the play step's sampled patches (the patch / view row's), a JSON "
                         "line each, for tests/bench/patch_breakdown.py (tg_loadgen "
                         "--dump-sampled)")
    ap.add_argument("--play-spread", type=int, default=PLAY_SPREAD, metavar="L",
                    help="the play step's matches spread over the first L actions of their "
                         "games before its window (tg_loadgen --spread), which then closes "
                         f"after a number of acks: its figures over whole games (default "
                         f"{PLAY_SPREAD}, about a tournament game's length); 0: the window "
                         "of sessions 17-24, the same first stretch of every game, as far "
                         "as the box's speed takes it")
    args = ap.parse_args()
    load_before = loadavg3()
    steps = set(args.steps.split(","))
    unknown = steps - set(STEPS)
    if unknown:
        ap.error(f"unknown steps: {', '.join(sorted(unknown))}")
    want = steps.__contains__
    t_suite = time.monotonic()
    b = os.path.abspath(args.build)
    loadgen = (os.path.abspath(args.loadgen) if args.loadgen
               else os.path.join(b, "tests/bench/tg_loadgen"))
    rules = os.path.join(b, "tests/bench/bench_rules")
    daemon_bin = os.path.join(b, "server/telegraphd")
    test_daemon_bin = os.path.join(b, "tests/fixture/telegraphd_test")
    q = args.quick
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    rows = []
    notes = []

    def row(name, value, limit, target, ratio, note=""):
        rows.append((name, value, limit, target, ratio, note))

    tmp = tempfile.mkdtemp(prefix="tg-bench-")
    data = os.path.join(tmp, "data")
    os.makedirs(data, mode=0o700)
    with open(os.path.join(data, "bench.conf"), "w") as f:
        # TG_BENCH_CONFIG: lines added to the daemon's config, for an A/B of
        # one build's settings (TG_BENCH_CONFIG='store_exclusive = 1')
        f.write(BENCH_CONFIG + os.environ.get("TG_BENCH_CONFIG", "").replace("\\n", "\n")
                + "\n")
    d = Daemon(data, daemon_bin)
    game = ["--game", "lincolns-war", "--scenario", "tournament"]
    tag = ""  # appended to the rows measured on the test game, if it comes to that
    n_fresh = [0]
    details = []  # (title, header, rows): the per-run tables of the --calm block

    def fresh(binary):
        """A daemon on an empty data folder of its own: each match run
        starts with no other run's matches (those a run leaves behind stay
        active, and the daemon holds and loads them)."""
        n_fresh[0] += 1
        folder = os.path.join(tmp, f"run{n_fresh[0]}")
        os.makedirs(folder, mode=0o700)
        shutil.copy(os.path.join(data, "bench.conf"), folder)
        dd = Daemon(folder, binary)
        dd.start()
        return dd

    def cores_note(f):
        """What each used of the box's cores in the window: the daemon, the
        load generator (on the same cores), and everything (/proc/stat)."""
        return (f"cores used: daemon {f.get('server_cores_used', 0):.2f}, generator "
                f"{f.get('loadgen_cores_used', 0):.2f}, whole box "
                f"{f.get('box_busy_cores', 0):.2f} of {f.get('box_cores', 0):.0f}")

    def cpu_split(f):
        return (f"{f.get('server_cpu_ms_per_action', 0):.3f} "
                f"({f.get('server_loop_cpu_ms_per_action', 0):.3f} / "
                f"{f.get('server_other_cpu_ms_per_action', 0):.3f})")

    def progress(f):
        return (f"{f.get('progress_open_seq_p10', 0):.0f} / {f.get('progress_open_seq_p50', 0):.0f}"
                f" / {f.get('progress_open_seq_p90', 0):.0f} -> "
                f"{f.get('progress_close_seq_p10', 0):.0f} / {f.get('progress_close_seq_p50', 0):.0f}"
                f" / {f.get('progress_close_seq_p90', 0):.0f}")

    try:
        # 1. The disk's own floor, on the same file system as the daemon's data.
        disk, _ = run([os.path.join(b, "tests/bench/bench_disk_commit"), tmp, "2" if q else "3", "256"])
        d.start()
        lg = lambda dd=None: [loadgen, "--server", f"127.0.0.1:{(dd or d).port}",
                              "--pid", str((dd or d).proc.pid)]
        match_bin = daemon_bin
        if want("play"):
            # The window opens --warmup s after every pair plays (tg_loadgen;
            # before session 17 it opened 3 s after the start, which at 400
            # matches on a loaded box was still the set-up). The first 50
            # pairs keep whole views and size every fourth (the patch / view
            # row); the rest are lean, so the generator takes less of the
            # cores the daemon shares.
            play_args = ["--mode", "play", "--matches", "100" if q else "400",
                         "--duration", "5" if q else "15", "--warmup", "3",
                         "--full-views", "20" if q else "50"]
            if args.play_spread:
                # --play-spread L (session 24; the default since session
                # 25, issue 17's "whole games, not only openings"): the
                # pairs first play to a random seq below L, so the window's
                # patches and CPU come from every part of the games (with
                # 0 the window is the same stretch of every game, as far
                # as the box's speed takes it: its patch p99 moved 27 ->
                # 46 % with the load alone, as the first turn's
                # reinforcements fell in it or not); the window closes
                # after the acks 15 s gave at 4,400/s
                play_args[play_args.index("--duration") + 1] = "600"
                play_args += ["--spread", str(args.play_spread),
                              "--window-actions", "10000" if q else "66000"]
            if args.dump_sampled:
                play_args += ["--dump-sampled", os.path.abspath(args.dump_sampled)]
            dp = fresh(match_bin)
            play, r = run(lg(dp) + play_args + game)
            if play.get("acked_actions_per_s", 0) == 0 and os.path.exists(test_daemon_bin):
                why = first_error(r)
                notes.append(f"Lincoln's War could not be played over the daemon ({why}); "
                             "the match figures marked [fixture] use telegraphd_test and its "
                             "test game fixture-duel.")
                dp.stop()
                match_bin = test_daemon_bin
                dp = fresh(match_bin)
                game = ["--game", "fixture-duel", "--scenario", "standard"]
                tag = " [fixture]"
                play, r = run(lg(dp) + play_args + game)
            dp.stop()
            acked = play.get("acked_actions_per_s", 0)
            cpu_ms = play.get("server_cpu_ms_per_action", 0)
            ceiling = f"; server CPU {cpu_ms:.3f} ms/action = {1000 / cpu_ms:,.0f} actions/s per core" if cpu_ms else ""
            if play.get("server_ceiling_actions_per_s"):
                # the loop (main thread) is one thread, the rest share the cores
                ceiling += (f" (event loop {play.get('server_loop_cpu_ms_per_action', 0):.3f} ms, "
                            f"other threads {play.get('server_other_cpu_ms_per_action', 0):.3f} ms); "
                            f"ceiling min(1 / loop, {play.get('server_cores', 0):.0f} cores / total) = "
                            f"{play['server_ceiling_actions_per_s']:,.0f} actions/s")
            ceiling += (f"; load generator CPU {play.get('loadgen_cpu_ms_per_action', 0):.2f} ms/action; "
                        f"{cores_note(play)}; set-up {play.get('play_setup_seconds', 0):.1f} s, "
                        f"{play.get('window_pairs_playing', 0):.0f} pairs playing at the window's open")
            row("Durable actions/s, many matches, ack after the fsync'd commit" + tag, f"{acked:,.0f}",
                f"disk: {disk.get('disk_commit_single_rows_per_s', 0):,.0f} single / "
                f"{disk.get('disk_commit_batched_rows_per_s', 0):,.0f} batched rows/s",
                ">= 20,000", f"{acked / 20000:.3f}x target",
                f"{pairs_note(play)}; errors {play.get('errors', 0):.0f}, "
                f"stale {play.get('stale_seq', 0):.0f}, refused offers {play.get('rejected_offered', 0):.0f}{ceiling}")

            # 5. Bytes on the wire: the whole-view pairs' sampled patches
            # against the view they make.
            med = play.get("patch_to_view_pct_p50", 0)
            row("Patch size / full view size per action, median / p99" + tag,
                f"{med:.2f}% / {play.get('patch_to_view_pct_p99', 0):.2f}%",
                f"view median {play.get('view_bytes_p50', 0):,.0f} B", "median <= 5%",
                f"{5 / med:.2f}x target" if med else "n/a",
                f"patch median {play.get('patch_bytes_p50', 0):,.0f} B, "
                f"p99 {play.get('patch_bytes_p99', 0):,.0f} B; every 4th patch of the "
                f"{'20' if q else '50'} pairs that keep whole views"
                + (f", the games spread over their first {args.play_spread} actions "
                   f"(--play-spread)" if args.play_spread else
                   ", the same first stretch of every game (--play-spread 0)"))

        # 2. Round trip at a steady 1,000 actions/s, then at 100/s. Every
        # pair is lean and nothing is sized: the generator's CPU per action
        # is a fraction of the daemon's, and its cores used are printed
        # beside the daemon's so that the reader sees whether the box was
        # saturated. The times run from the act's send to the read that
        # brought the reply.
        if want("roundtrip"):
            rt_rows = []
            for rate, name_extra in ((1000, ""), (100, " (a tenth of it)")):
                dr = fresh(match_bin)
                rt, _ = run(lg(dr) + ["--mode", "play", "--matches", "100", "--rate", str(rate),
                                      "--duration", "5" if q else "15", "--warmup", "2",
                                      "--full-views", "0", "--size-every", "0",
                                      "--rx-stamps", "--seed", str(rate)] + game)
                dr.stop()
                # --rx-stamps: the replies' wait in the generator's sockets
                # (its own scheduling, on the daemon's two cores) and the
                # round trips without it, as a client elsewhere would see them
                ms = lambda k: rt.get(k, 0) / 1000  # noqa: E731
                achieved = (f"achieved {rt.get('acked_actions_per_s', 0):,.0f} actions/s; "
                            f"{pairs_note(rt)}; daemon CPU {cpu_split(rt)} ms/action "
                            f"(total (loop / other threads)), generator "
                            f"{rt.get('loadgen_cpu_ms_per_action', 0):.3f} ms/action; {cores_note(rt)}; "
                            f"without the reply's wait in the generator's socket: act -> ok "
                            f"p50 / p99 {ms('act_to_ok_rx_p50_us'):.2f} / {ms('act_to_ok_rx_p99_us'):.2f}, "
                            f"act -> patch {ms('act_to_patch_rx_p50_us'):.2f} / "
                            f"{ms('act_to_patch_rx_p99_us'):.2f} (the wait at the ok p50 / p99 "
                            f"{ms('rx_wait_ok_p50_us'):.3f} / {ms('rx_wait_ok_p99_us'):.3f})")
                p99 = rt.get("act_to_ok_p99_us", 0) / 1000
                row(f"act -> ok at {rate:,} actions/s{name_extra}, p50 / p99 (ms)" + tag,
                    f"{rt.get('act_to_ok_p50_us', 0) / 1000:.2f} / {p99:.2f}", "-", "p99 <= 2 ms",
                    f"{2 / p99:.3f}x target" if p99 else "n/a", achieved)
                pp99 = rt.get("act_to_patch_p99_us", 0) / 1000
                row(f"act -> opponent's patch at {rate:,} actions/s{name_extra}, p50 / p99 (ms)" + tag,
                    f"{rt.get('act_to_patch_p50_us', 0) / 1000:.2f} / {pp99:.2f}", "-", "p99 <= 2 ms",
                    f"{2 / pp99:.3f}x target" if pp99 else "n/a", achieved)
                rt_rows.append((
                    f"{rate:,}", f"{rt.get('acked_actions_per_s', 0):,.0f}",
                    f"{rt.get('act_to_ok_p50_us', 0) / 1000:.2f} / {p99:.2f}",
                    f"{rt.get('act_to_patch_p50_us', 0) / 1000:.2f} / {pp99:.2f}",
                    cpu_split(rt), f"{rt.get('loadgen_cpu_ms_per_action', 0):.3f}",
                    f"{rt.get('server_cores_used', 0):.2f} / {rt.get('loadgen_cores_used', 0):.2f} / "
                    f"{rt.get('box_busy_cores', 0):.2f}"))
            details.append(("Round trips (100 matches, every pair lean, timed to the read of the reply)",
                            ("asked actions/s", "achieved", "act -> ok p50 / p99 ms",
                             "act -> patch p50 / p99 ms", "daemon CPU ms/action (loop / other)",
                             "generator CPU ms/action", "cores: daemon / generator / box"),
                            rt_rows))

        # 1b. The server CPU per action at 10, 100 and 1,000 concurrent
        # matches (issue 17: it should not grow with the matches), over
        # whole games, not openings. Whole games at 1,000 matches are about
        # 400,000 actions a game each (and the window waits for the slowest
        # pair), so: first whole games at the first level (--games 1), which
        # also gives the games' mean length L; then at each level every
        # pair plays its first game to a random seq below L and waits, and
        # once all wait a fixed window of actions is measured (--spread,
        # --window-actions): the matches are spread evenly over their games'
        # phases, as in a long run of whole games. Where they are (seq
        # p10 / p50 / p90 at the open and the close) is printed with it.
        if want("scale"):
            levels = (10, 50) if q else (10, 100, 1000)
            lean = ["--full-views", "0", "--size-every", "0"]
            dw = fresh(match_bin)
            whole, _ = run(lg(dw) + ["--mode", "play", "--matches", str(levels[0]), "--games", "1",
                                     "--duration", "1800", "--seed", "7"] + lean + game,
                           timeout=2000)
            dw.stop()
            span = int(whole.get("game_length_mean", 0)) or 300
            per_level = []
            for n in levels:
                window = min(n * 100, 5000) if q else max(2000, min(n * 200, 50000))
                ds = fresh(match_bin)
                sc, _ = run(lg(ds) + ["--mode", "play", "--matches", str(n), "--spread", str(span),
                                      "--window-actions", str(window), "--duration", "1500",
                                      "--seed", str(n)] + lean + game, timeout=1600)
                ds.stop()
                per_level.append((n, sc))
            row(f"Server CPU per action over {whole.get('play_actions_measured', 0):,.0f} actions of "
                f"whole games at {levels[0]} matches (ms; loop / other threads)" + tag,
                cpu_split(whole), "-", "(the spread levels' reference)", "-",
                f"{whole.get('games_in_window', 0):.0f} games ended in the window, mean game "
                f"{span} actions ({whole.get('game_length_count', 0):.0f} games); "
                f"{whole.get('acked_actions_per_s', 0):,.0f} actions/s; {pairs_note(whole)}; "
                f"{cores_note(whole)}")
            cpu = " / ".join(f"{sc.get('server_cpu_ms_per_action', 0):.3f}" for _, sc in per_level)
            first = per_level[0][1].get("server_cpu_ms_per_action", 0)
            last = per_level[-1][1].get("server_cpu_ms_per_action", 0)
            detail = "; ".join(
                f"{n:,}: {sc.get('play_actions_measured', 0):,.0f} actions, loop / other "
                f"{sc.get('server_loop_cpu_ms_per_action', 0):.3f} / "
                f"{sc.get('server_other_cpu_ms_per_action', 0):.3f}, seq p10/p50/p90 {progress(sc)}, "
                f"{sc.get('acked_actions_per_s', 0):,.0f}/s, " + pairs_note(sc)
                for n, sc in per_level)
            row("Server CPU per action, matches spread over their games, at " +
                " / ".join(f"{n:,}" for n in levels) + " matches (ms)" + tag, cpu, "-",
                "does not grow", f"{last / first:.2f}x from {levels[0]} to {levels[-1]}" if first else "n/a",
                f"games of {span} actions on average, each match stopped first at a random seq "
                f"below it; " + detail)
            sc_rows = [(f"{levels[0]} (whole games)", f"{whole.get('play_pairs_played', 0):.0f}",
                        f"{whole.get('play_actions_measured', 0):,.0f}", cpu_split(whole),
                        progress(whole), f"{whole.get('games_in_window', 0):.0f}",
                        f"{whole.get('acked_actions_per_s', 0):,.0f}",
                        f"{whole.get('server_cores_used', 0):.2f} / {whole.get('loadgen_cores_used', 0):.2f}"
                        f" / {whole.get('box_busy_cores', 0):.2f}")]
            for n, sc in per_level:
                sc_rows.append((f"{n:,} (spread)", f"{sc.get('play_pairs_played', 0):.0f}",
                                f"{sc.get('play_actions_measured', 0):,.0f}", cpu_split(sc),
                                progress(sc), f"{sc.get('games_in_window', 0):.0f}",
                                f"{sc.get('acked_actions_per_s', 0):,.0f}",
                                f"{sc.get('server_cores_used', 0):.2f} / "
                                f"{sc.get('loadgen_cores_used', 0):.2f} / {sc.get('box_busy_cores', 0):.2f}"))
            details.append((f"Scale (games of {span} actions on average; spread: each match first "
                            f"played to a random seq below {span}, then a window of "
                            f"{'n x 100 (at most 5,000)' if q else 'n x 200 actions (at least 2,000, at most 50,000)'})",
                            ("matches", "playing", "actions measured",
                             "daemon CPU ms/action (loop / other)",
                             "seq p10 / p50 / p90 at open -> close", "games ended in window",
                             "actions/s", "cores: daemon / generator / box"),
                            sc_rows))

        # 3. Idle authenticated connections. A process may hold `hard` files
        # here: the daemon keeps a few for itself, so the count stops short.
        if want("idle"):
            n_want = 2000 if q else 20000
            n_idle = min(n_want, hard - 100)
            if n_idle < n_want:
                notes.append(f"Idle connections: this box allows {hard:,} open files per process "
                             f"(hard limit, not raisable in this container), so {n_idle:,} "
                             f"connections were held and the RSS is also given extrapolated to {n_want:,}.")
            idle, _ = run(lg() + ["--mode", "idle", "--clients", str(n_idle), "--concurrency", "200"])
            total_mib = idle.get("server_rss_kib_after", 0) / 1024
            per_conn = idle.get("server_rss_per_conn_kib", 0)
            at_want = (idle.get("server_rss_kib_before", 0) + per_conn * n_want) / 1024
            row(f"Idle TLS connections, authenticated ({n_idle:,})",
                f"{idle.get('idle_connections', 0):,.0f} held; RSS {total_mib:,.0f} MiB",
                f"{per_conn:.1f} KiB/conn; {at_want:,.0f} MiB at {n_want:,}",
                "<= 1 GiB in all", f"{1024 / at_want:.2f}x target" if at_want else "n/a",
                f"failures {idle.get('idle_connect_failures', 0):.0f}, "
                f"set-up {idle.get('idle_setup_seconds', 0):.1f} s{resets_note(idle)}")

        # 4. TLS handshakes, next to the box's ECDSA P-256 sign rate.
        if want("handshake"):
            sign = openssl_sign_rate()
            hs, _ = run(lg() + ["--mode", "handshake", "--concurrency", "64", "--duration", "5" if q else "10"])
            per_cpu = hs.get("handshakes_per_server_cpu_s", 0)
            row("Full TLS handshakes/s (client on the same 2 cores)", f"{hs.get('handshakes_per_s', 0):,.0f}",
                f"openssl speed ecdsap256: {sign:,.0f} sign/s per core" if sign else "openssl speed failed",
                ">= 80% of sign/s per core", f"{per_cpu / sign:.1%} (per server CPU-second)" if sign else "n/a",
                f"{per_cpu:,.0f} handshakes per server CPU-s; client CPU "
                f"{hs.get('loadgen_cpu_ms_per_handshake', 0):.2f} ms/handshake; failures {hs.get('handshake_failures', 0):.0f}{resets_note(hs)}")
        d.stop()

        # 7. Restart with N matches in the database.
        if want("restart"):
            n_restart = 1000 if q else 10000
            d.stop()
            d.start()
            pop, _ = run([loadgen, "--server", f"127.0.0.1:{d.port}", "--mode", "populate",
                          "--matches", str(n_restart), "--actions", "2",
                          # no observer views to compute: the set-up is not what is measured
                          "--spectators", "0"] + game, timeout=1200)
            # Every populated match is still followed by its two players here:
            # the daemon holds each one's kept views and patches.
            rss_followed = rss_mib(d.proc.pid)
            d.stop()
            db = sqlite3.connect(os.path.join(data, "telegraph.db"))
            active = db.execute("SELECT count(*) FROM matches WHERE status = 'active'").fetchone()[0]
            actions = db.execute("SELECT count(*) FROM actions").fetchone()[0]
            db.close()
            load_s = d.start()
            rss = rss_mib(d.proc.pid)
            d.stop()
            # The same matches, loaded and followed by nobody, once the daemon
            # may evict them (issue 17): a sweep every second, after 2 s idle.
            evicting = Daemon(data, d.binary, ["--set", "evict_after_s=2"])
            evicting.start()
            rss_loaded = rss_mib(evicting.proc.pid)
            time.sleep(5)
            rss_evicted = rss_mib(evicting.proc.pid)
            evicting.stop()
            empty = Daemon(os.path.join(tmp, "empty"), d.binary)
            os.makedirs(empty.data, mode=0o700)
            shutil.copy(os.path.join(data, "bench.conf"), empty.data)
            shutil.copy(os.path.join(data, "cert.pem"), empty.data)
            shutil.copy(os.path.join(data, "key.pem"), empty.data)
            empty.start()
            empty.stop()
            base_s = empty.start()
            empty.stop()
            row(f"Restart: start-up with {active:,} active matches to load" + tag, f"{load_s:.2f} s",
                f"empty database: {base_s:.2f} s", "(measured)", "-",
                f"{actions:,} actions in the log; RSS after loading {rss:,.0f} MiB "
                f"(before the restart, with every match followed: {rss_followed:,.0f} MiB); "
                f"populated {pop.get('populated_matches', 0):,.0f}")
            row(f"Memory of {active:,} matches nobody follows: kept / evicted" + tag,
                f"{rss:,.0f} / {rss_evicted:,.0f} MiB",
                f"{(rss - rss_evicted) * 1024 / max(active, 1):,.1f} KiB per match given back",
                "bounded", "-",
                f"kept: right after start-up, as a daemon that never evicts holds them; evict_after_s = 2: {rss_loaded:,.0f} "
                f"MiB once loaded, {rss_evicted:,.0f} MiB 5 s later; empty database: see restart")
    finally:
        d.stop()

    # 6. The rules engine alone.
    if want("rules"):
        if os.path.exists(rules):
            rb, _ = run([rules, "200" if q else "500", "5" if q else "10"], timeout=1200)
            rep = rb.get("replay_campaign_ms_p50", 0)
            unfinished = rb.get("engine_games", 0) - rb.get("engine_games_finished", 0)
            row("Rules engine: bot actions/s in-process (act + view)", f"{rb.get('engine_actions_per_s', 0):,.0f}",
                "-", "(measured)", "-",
                f"{rb.get('engine_games', 0):.0f} games, {rb.get('engine_actions', 0):,.0f} actions, "
                f"{unfinished:.0f} unfinished, {rb.get('engine_refused', 0):.0f} refused offers")
            row("Replay of a complete Campaign game from its seed, p50 / max (ms)",
                f"{rep:.1f} / {rb.get('replay_campaign_ms_max', 0):.1f}",
                f"act alone: {rb.get('replay_act_only_actions_per_s', 0):,.0f} actions/s", "< 100 ms",
                f"{100 / rb.get('replay_campaign_ms_max', rep):.2f}x target (max)" if rep else "n/a",
                f"{rb.get('replay_campaign_games', 0):.0f} games, "
                f"mean {rb.get('replay_campaign_actions_mean', 0):,.0f} actions")
        else:
            row("Rules engine", "not built", "-", "< 100 ms replay", "n/a", "bench_rules missing")

    # 7. Tournaments: one Swiss round of 1,000 players (issue 20).
    if want("swiss"):
        swiss = os.path.join(b, "tests/bench/bench_swiss")
        if os.path.exists(swiss):
            sw, _ = run([swiss, "200" if q else "1000", "6"], timeout=600)
            row(f"Swiss: pair one round of {sw.get('swiss_players', 0):,.0f} players (round "
                f"{sw.get('swiss_round', 0):.0f}), CPU ms", f"{sw.get('swiss_pair_cpu_ms', 0):,.1f}",
                "-", "< 1,000 ms", f"{1000 / max(sw.get('swiss_pair_cpu_ms', 1), 0.001):.2f}x target",
                f"standings with every tiebreak: {sw.get('swiss_standings_cpu_ms', 0):.2f} ms CPU; "
                f"worst round {sw.get('swiss_pair_worst_cpu_ms', 0):,.1f} ms")

    # 8. Notifications (issue 19): the outbox drained into the local SMTP
    # sink (aiosmtpd, only under Debian's /usr/bin/python3).
    if want("notify"):
        if os.path.exists(test_daemon_bin) and subprocess.run(
                ["/usr/bin/python3", "-c", "import aiosmtpd"], capture_output=True).returncode == 0:
            nf, _ = run([sys.executable, os.path.join(os.path.dirname(__file__), "bench_notify.py"),
                         "--build", b, "--n", "100" if q else "300"], timeout=900)
            row("Notifications/s into the local SMTP sink, notify_inflight 2 / 8",
                f"{nf.get('notify_per_s_inflight_2', 0):,.1f} / {nf.get('notify_per_s_inflight_8', 0):,.1f}",
                "-", "(measured)", "-",
                f"daemon CPU {nf.get('notify_cpu_ms_inflight_2', 0):.2f} / "
                f"{nf.get('notify_cpu_ms_inflight_8', 0):.2f} ms per mail; SMTP sessions "
                f"{nf.get('notify_smtp_sessions_inflight_2', 0):.0f} / "
                f"{nf.get('notify_smtp_sessions_inflight_8', 0):.0f} (each send slot keeps its)")

    # 9. What the clocks cost the loop with 10,000 matches running clocks
    # (issue 19): the fixture game, populated with and without a time control.
    if want("clocks") and os.path.exists(test_daemon_bin):
        ck, _ = run([sys.executable, os.path.join(os.path.dirname(__file__), "bench_clocks.py"),
                     "--build", b, "--n", "1000" if q else "10000"], timeout=3600)
        n_ck = f"{ck.get('clocks_matches', 0):,.0f}"
        row(f"Ping round trip with {n_ck} matches running clocks: median / p99, us",
            f"{ck.get('clocks_ping_median_us_with', 0):,.0f} / {ck.get('clocks_ping_p99_us_with', 0):,.0f}",
            "-", "(measured)", "-",
            f"without clocks {ck.get('clocks_ping_median_us_without', 0):,.0f} / "
            f"{ck.get('clocks_ping_p99_us_without', 0):,.0f} us; idle CPU "
            f"{ck.get('clocks_idle_cpu_ms_per_s_with', 0):.2f} / "
            f"{ck.get('clocks_idle_cpu_ms_per_s_without', 0):.2f} ms/s; CPU per match populated "
            f"{ck.get('clocks_populate_cpu_ms_per_match_with', 0):.2f} / "
            f"{ck.get('clocks_populate_cpu_ms_per_match_without', 0):.2f} ms; RSS "
            f"{ck.get('clocks_rss_mib_with', 0):,.0f} / {ck.get('clocks_rss_mib_without', 0):,.0f} MiB")

    shutil.rmtree(tmp, ignore_errors=True)
    elapsed = time.monotonic() - t_suite
    head = ("figure", "measured", "machine limit", "target", "ratio", "note")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(6)]
    for r in [head] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
    for n in notes:
        print(f"note: {n}")
    mach = machine(b)
    load = (f"1-minute load average before the steps: {min(LOADS):.1f} to {max(LOADS):.1f} "
            f"on {mach['cores']} cores" + (" (other work shared the CPU: every figure is "
                                           "pessimistic, even the per-CPU ones)"
                                           if max(LOADS) > 1.5 else ""))
    print(f"suite took {elapsed:.0f} s; {mach['cores']} cores {mach['cpu']}, {mach['mem']} RAM, "
          f"commit {mach['commit']}; {load}")
    if args.calm:
        load_after = loadavg3()
        l1 = float(load_before.split()[0]) if load_before != "?" else 99
        when = datetime.datetime.now(datetime.timezone.utc)
        print()
        print("----- for BENCHMARKS.md -----")
        print()
        print(f"### The bench run of {when:%Y-%m-%d %H:%M} UTC")
        print()
        cmdline = " ".join(["python3", "tests/bench/run_bench.py"] + sys.argv[1:])
        print(f"`{cmdline}` at {mach['commit']} ({build_info(b)}), "
              f"{mach['cores']} cores ({mach['cpu']}), {mach['mem']} RAM, Linux {mach['kernel']}. "
              f"Load average (1, 5, 15 min) before the run {load_before}, after it {load_after}; "
              f"before each step {min(LOADS):.2f} to {max(LOADS):.2f}; the run took {elapsed:.0f} s."
              + ("" if l1 <= 1.0 and max(LOADS) <= 1.5 else
                 " **NOT A CALM BOX**: the load average was above 1 before the run or 1.5 "
                 "during it; these are not calm figures."))
        print()
        print("| " + " | ".join(head) + " |\n|" + "---|" * 6)
        for r in rows:
            print("| " + " | ".join(str(c) for c in r) + " |")
        for title, hd, drows in details:
            print()
            print(f"{title}:")
            print()
            print("| " + " | ".join(hd) + " |\n|" + "---|" * len(hd))
            for r in drows:
                print("| " + " | ".join(str(c) for c in r) + " |")
        for n in notes:
            print(f"\n{n}")
        print()
        print("----- end -----")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(f"Run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC"
                    f"{' (--quick)' if q else ''}"
                    f"{'' if steps == set(STEPS) else ' (steps ' + ','.join(s for s in STEPS if s in steps) + ')'}"
                    f", commit {mach['commit']}; "
                    f"{mach['cores']} cores ({mach['cpu']}), {mach['mem']} RAM, "
                    f"Linux {mach['kernel']}; the suite took {elapsed:.0f} s; {load}.\n\n")
            f.write("| " + " | ".join(head) + " |\n|" + "---|" * 6 + "\n")
            for r in rows:
                f.write("| " + " | ".join(str(c) for c in r) + " |\n")
            for n in notes:
                f.write(f"\n{n}\n")


if __name__ == "__main__":
    main()
