#!/usr/bin/env python3
"""The daemon's fdatasyncs by thread from `perf trace`, the syncer's sorted
by which of the checkpointer's fdatasyncs ran beside them (issue 17; session
24): /metrics' telegraph_wal_fsync_seconds{beside=...} tells a syncer fsync
beside a whole checkpoint pass; this tells the pass's two fsyncs apart (its
WAL's, before it copies, and the database's, after), by descriptor.

    perf trace -e fdatasync,fsync -p DAEMON_PID -o TRACE -- sleep 10   (root)
    python3 tests/bench/fsync_overlap.py TRACE

(the pid of round_trip_stages.sh's daemon: pgrep -f "telegraphd.*:PORT";
`ls -l /proc/PID/fd` names the descriptors). A pass syncs the WAL before
it copies, and the database after only when it copied up to the WAL's end
(SQLite's walCheckpoint). In session 24's runs tg-ckpt's fd 16 was the
WAL and fd 15 the database; tg-syncer's fd 14, the WAL."""
import re
import sys


def q(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p * len(v)))] if v else float("nan")


def main():
    start, ev = {}, []  # ev: (thread, fd, start ms, end ms)
    for ln in open(sys.argv[1]):
        m = re.match(r"\s*([\d.?]+) \(\s*([\d.]*)(?: ms)?\s*\): (\S+)/(\d+)\s+(.*)$", ln)
        if not m or m.group(1) == "?":
            continue
        ts, dur, th, rest = float(m.group(1)), m.group(2), m.group(3), m.group(5)
        fdm = re.search(r"fd: (\d+)", rest)
        if fdm:
            start[th] = int(fdm.group(1))
        if dur:  # a call done (whole, or its "[continued]" line)
            ev.append((th, int(fdm.group(1)) if fdm else start.get(th, -1), ts, ts + float(dur)))
    sy = [e for e in ev if e[0] == "tg-syncer"]
    ck = [e for e in ev if e[0] == "tg-ckpt"]
    if not sy:
        sys.exit("no tg-syncer fdatasync in the trace")
    groups = {}
    for _, _, a, b in sy:
        k = next((f"beside tg-ckpt's fd {cfd}" for _, cfd, ca, cb in ck if ca < b and cb > a),
                 "alone")
        groups.setdefault(k, []).append(b - a)
    allv = [b - a for _, _, a, b in sy]
    print(f"tg-syncer fdatasync (ms): n={len(allv)} p50 {q(allv, .5):.3f} "
          f"p90 {q(allv, .9):.3f} p99 {q(allv, .99):.3f} max {max(allv):.3f}")
    for k, v in sorted(groups.items()):
        print(f"  {k:24} n={len(v):5} ({100 * len(v) / len(allv):4.1f} %) p50 {q(v, .5):.3f} "
              f"p90 {q(v, .9):.3f} p99 {q(v, .99):.3f} max {max(v):.3f}")
    thr = q(allv, .99)
    slow = [(a, b) for _, _, a, b in sy if b - a >= thr]
    ov = sum(1 for a, b in slow if any(ca < b and cb > a for _, _, ca, cb in ck))
    print(f"  the slowest 1 % (>= {thr:.3f} ms): {len(slow)}, beside a tg-ckpt fdatasync: {ov}")
    for fd in sorted({e[1] for e in ck}):
        v = [b - a for _, f, a, b in ck if f == fd]
        print(f"tg-ckpt fd {fd}: n={len(v)} p50 {q(v, .5):.3f} p99 {q(v, .99):.3f} "
              f"max {max(v):.3f}, {sum(v):.1f} ms in all")
    span = max(e[3] for e in ev) - min(e[2] for e in ev)
    print(f"over {span:.0f} ms")


if __name__ == "__main__":
    main()
