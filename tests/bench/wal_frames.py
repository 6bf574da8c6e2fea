#!/usr/bin/env python3
"""The pages a commit writes to the WAL, by table (issue 17).

    python3 tests/bench/wal_frames.py BUILD [RATE] [--matches N] [--port P]
                                      [--daemon TELEGRAPHD] [--config LINE]...

Plays N lean Lincoln's War matches with BUILD's tg_loadgen at RATE actions/s
(as syscall_account.py does), then copies the database and its WAL a few
times while the daemon writes, and reads each copy's frames: a frame's
header names its page and marks a commit's last frame. The pages are
named by the copy's dbstat (the table or index, and whether the page is a
leaf, an interior page or an overflow page). Prints the frames a commit,
the acts a commit (/metrics over the same seconds) and the frames by table
and page type. A copy is taken while the daemon writes: a torn last frame
is dropped (only frames of the WAL header's salts, up to the last commit,
are read), and a page's table is the one that owns it in the copy.
"""
import argparse
import collections
import os
import re
import shutil
import sqlite3
import struct
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_bench  # noqa: E402


def metrics(mport):
    with urllib.request.urlopen(f"http://127.0.0.1:{mport}/metrics", timeout=10) as r:
        text = r.read().decode()
    acts = sum(int(m) for m in re.findall(
        r'telegraph_act_stage_seconds_count\{stage="total"\} (\d+)', text))
    m = re.search(r"telegraph_wal_commits_total (\d+)", text)
    return acts, int(m.group(1)) if m else 0


def wal_commits(path):
    """The WAL's commits of its current generation: a list of page lists."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 32:
        return [], 0
    magic, _, page_size, _, salt1, salt2 = struct.unpack(">IIIIII", data[:24])
    if magic not in (0x377F0682, 0x377F0683):
        return [], page_size
    commits, cur = [], []
    off = 32
    while off + 24 + page_size <= len(data):
        pgno, commit, s1, s2 = struct.unpack(">IIII", data[off:off + 16])
        if (s1, s2) != (salt1, salt2):
            break
        cur.append(pgno)
        if commit:
            commits.append(cur)
            cur = []
        off += 24 + page_size
    return commits, page_size


def owners(db_copy):
    con = sqlite3.connect(db_copy)
    own = {}
    for name, pageno, ptype in con.execute("SELECT name, pageno, pagetype FROM dbstat"):
        own[pageno] = (name, ptype)
    con.close()
    return own


def leaf_fill(db_copy):
    """Each table's leaves: how many, their cells and free bytes on average,
    and its rows' payload on average."""
    con = sqlite3.connect(db_copy)
    rows = con.execute("SELECT name, count(*), avg(ncell), avg(unused), "
                       "sum(payload) * 1.0 / max(1, sum(ncell)) FROM dbstat "
                       "WHERE pagetype = 'leaf' GROUP BY name ORDER BY count(*) DESC "
                       "LIMIT 4").fetchall()
    con.close()
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("rate", nargs="?", type=int, default=1000)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--port", type=int, default=19996)
    ap.add_argument("--copies", type=int, default=5)
    ap.add_argument("--daemon")
    ap.add_argument("--config", action="append", default=[], metavar="LINE")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    mport = a.port + 1
    dbin = os.path.abspath(a.daemon) if a.daemon else os.path.join(build, "server", "telegraphd")
    with run_bench.paced_play(build, dbin, a.port, a.matches, a.rate, a.config, "wal_frames.",
                              lambda p: metrics(p)[0]) as (workdir, data, _, _):
        time.sleep(4)
        db = os.path.join(data, "telegraph.db")
        by = collections.Counter()
        sizes = collections.Counter()
        n_commits = n_frames = 0
        acts0, commits0 = metrics(mport)
        tm0 = time.time()
        for i in range(a.copies):
            cdir = os.path.join(workdir, f"copy{i}")
            os.makedirs(cdir)
            shutil.copy(db + "-wal", os.path.join(cdir, "telegraph.db-wal.raw"))
            shutil.copy(db, os.path.join(cdir, "telegraph.db"))
            commits, _ = wal_commits(os.path.join(cdir, "telegraph.db-wal.raw"))
            # the copy's own database with its WAL, for the pages' owners
            os.rename(os.path.join(cdir, "telegraph.db-wal.raw"),
                      os.path.join(cdir, "telegraph.db-wal"))
            own = owners(os.path.join(cdir, "telegraph.db"))
            if i == a.copies - 1:
                fill = leaf_fill(os.path.join(cdir, "telegraph.db"))
            for c in commits[1:]:  # the first may have begun before a restart's copy
                n_commits += 1
                n_frames += len(c)
                sizes[len(c)] += 1
                for pg in c:
                    by[own.get(pg, ("?", "?"))] += 1
            time.sleep(1)
        acts1, commits1 = metrics(mport)
        tm1 = time.time()
        load = open("/proc/loadavg").read().split()[:3]
    acts_per_commit = (acts1 - acts0) / max(1, commits1 - commits0)
    print(f"daemon {dbin}; {a.matches} matches at {a.rate}/s; load {' '.join(load)}")
    print(f"/metrics over {tm1 - tm0:.1f} s: {acts1 - acts0} acts, {commits1 - commits0} "
          f"commits, {acts_per_commit:.2f} acts a commit")
    print(f"WAL copies: {n_commits} commits, {n_frames} frames, "
          f"{n_frames / max(1, n_commits):.2f} frames a commit, "
          f"{n_frames / max(1, n_commits) / max(acts_per_commit, 1e-9):.2f} frames an act")
    print("frames a commit: " + ", ".join(f"{k}: {v}" for k, v in sorted(sizes.items())))
    print(f"{'table or index':32} {'page':10} {'frames':>7} {'a commit':>9}")
    for (name, ptype), v in by.most_common():
        print(f"{name:32} {ptype:10} {v:7} {v / max(1, n_commits):9.3f}")
    print(f"{'leaves of':32} {'pages':>7} {'cells':>7} {'free B':>7} {'B a row':>8}")
    for name, n, cells, unused, payload in fill:
        print(f"{name:32} {n:7} {cells:7.1f} {unused:7.0f} {payload:8.0f}")
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
