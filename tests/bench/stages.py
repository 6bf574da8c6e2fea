#!/usr/bin/env python3
"""Issue 17's round trip by stage over a window: subtracts two scrapes of
the daemon's /metrics (files, or http URLs read now) and prints each stage
histogram's count, mean and p50 / p90 / p99 (interpolated within the
buckets, 5 us to 100 ms) and the share above 2 ms. The histograms are
docs/OPERATIONS.md's telegraph_act_stage_seconds,
telegraph_fanout_stage_seconds and telegraph_loop_turn_busy_seconds; the
act's commit stage is also printed in its parts (commit_write, sync_wait,
fsync, wake), whose means add up to its mean; the WAL's fdatasyncs by
whether a checkpoint's pass ran beside them (wal_fsync_seconds none /
checkpoint), and the checkpointer's passes asked, done and their frames.

    python3 tests/bench/stages.py BEFORE AFTER
"""
import re
import sys
import urllib.request


def read(src):
    if src.startswith("http://"):
        return urllib.request.urlopen(src, timeout=10).read().decode()
    with open(src) as f:
        return f.read()


def parse(text):
    h = {}
    for ln in text.splitlines():
        m = re.match(r'^(telegraph_\w+?)_bucket\{(?:(?:stage|thread|beside)="(\w+)",)?le="([^"]+)"\} (\d+)$', ln)
        if m:
            le = float("inf") if m.group(3) == "+Inf" else float(m.group(3))
            h.setdefault((m.group(1), m.group(2) or ""), {"b": []})["b"].append(
                (le, int(m.group(4))))
            continue
        m = re.match(r'^(telegraph_\w+?)_(sum|count)(?:\{(?:stage|thread|beside)="(\w+)"\})? (\S+)$', ln)
        if m and (m.group(1), m.group(3) or "") in h:
            h[(m.group(1), m.group(3) or "")][m.group(2)] = float(m.group(4))
    return h


def counters(text):
    """The WAL's counters and gauges (docs/OPERATIONS.md): name{label} -> value."""
    c = {}
    for ln in text.splitlines():
        m = re.match(r'^(telegraph_wal_(?:fsyncs_total|commits_total|frames|'
                     r'checkpoints_\w+_total|checkpointed_frames_total))(\{[^}]*\})? (\S+)$', ln)
        if m:
            c[m.group(1) + (m.group(2) or "")] = float(m.group(3))
    return c


def quantile(buckets, n, p):
    target, prev_le, prev_c = p * n, 0.0, 0
    for le, c in buckets:
        if c >= target:
            if le == float("inf"):
                return prev_le * 1e3
            f = (target - prev_c) / (c - prev_c) if c > prev_c else 0
            return (prev_le + f * (le - prev_le)) * 1e3
        prev_le, prev_c = le, c
    return prev_le * 1e3


def main():
    ta, tb = read(sys.argv[1]), read(sys.argv[2])
    a, b = parse(ta), parse(tb)
    print(f"{'histogram':28} {'stage':12} {'count':>8} {'mean ms':>8} {'p50':>7} {'p90':>7} "
          f"{'p99':>7} {'>2ms %':>7}")
    means = {}
    for key, hb in b.items():
        ha = a.get(key, {"b": [(le, 0) for le, _ in hb["b"]], "sum": 0, "count": 0})
        d = [(le, c1 - c0) for (le, c1), (_, c0) in zip(hb["b"], ha["b"])]
        n = hb.get("count", 0) - ha.get("count", 0)
        if n <= 0:
            continue
        s = hb.get("sum", 0) - ha.get("sum", 0)
        means[key[1]] = s / n * 1e3
        under2 = next((c for le, c in d if abs(le - 0.002) < 1e-9), n)
        print(f"{key[0].replace('telegraph_', ''):28} {key[1]:12} {n:8.0f} {s / n * 1e3:8.3f} "
              f"{quantile(d, n, .5):7.3f} {quantile(d, n, .9):7.3f} {quantile(d, n, .99):7.3f} "
              f"{100 * (n - under2) / n:7.2f}")

    parts = ("commit_write", "sync_wait", "fsync", "wake")
    if "commit" in means and all(p in means for p in parts):
        print(f"commit {means['commit']:.3f} ms = " +
              " + ".join(f"{p} {means[p]:.3f}" for p in parts) +
              f" ({sum(means[p] for p in parts):.3f})")

    ca, cb = counters(ta), counters(tb)
    fs = {k: cb[k] - ca.get(k, 0) for k in cb if k.startswith("telegraph_wal_fsyncs_total")}
    if fs and sum(fs.values()) > 0:
        n = sum(fs.values())
        by = {re.search(r'commits="([^"]+)"', k).group(1): v for k, v in fs.items()}
        commits = sum(v * int(c.rstrip("+")) for c, v in by.items())
        print(f"WAL fsyncs {n:.0f}, by commits made durable: " +
              ", ".join(f"{c}: {v:.0f}" for c, v in sorted(by.items())) +
              f"; commits per fsync {commits / n:.2f} (4+ counted as 4)")
    if cb:
        d = {k: cb[k] - ca.get(k, 0) for k in cb if k.endswith("_total")}
        passes = sum(v.get("count", 0) - a.get(k, {}).get("count", 0) for k, v in b.items()
                     if k[0] == "telegraph_wal_checkpoint_seconds")
        frames = d.get("telegraph_wal_checkpointed_frames_total", 0)
        print("WAL checkpoints: asked %.0f, passes done %.0f, frames copied %.0f (%.0f a pass)" % (
            d.get("telegraph_wal_checkpoints_asked_total", 0), passes, frames,
            frames / passes if passes else 0))
        print("WAL: commits %.0f, checkpoints failed %.0f, busy %.0f; frames last %.0f, max %.0f" % (
            d.get("telegraph_wal_commits_total", 0),
            d.get("telegraph_wal_checkpoints_failed_total", 0),
            d.get("telegraph_wal_checkpoints_busy_total", 0),
            cb.get('telegraph_wal_frames{at="last"}', 0),
            cb.get('telegraph_wal_frames{at="max"}', 0)))


if __name__ == "__main__":
    main()
