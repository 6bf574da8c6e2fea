#!/usr/bin/env python3
"""The disk's fdatasync latency, the floor of an act's round trip (issue 17:
an acknowledged act waits for its turn's commit, and a request that arrives
during a commit waits for that one too). Appends 4 KiB and fdatasyncs, N
times, in a temporary folder of DIR (the daemon's data file system), and
prints the latencies' percentiles in ms with the load average.

    python3 tests/bench/fsync_latency.py [N [DIR]]      # 1000 /tmp
"""
import os
import sys
import tempfile
import time


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    d = tempfile.mkdtemp(dir=sys.argv[2] if len(sys.argv) > 2 else None)
    path = os.path.join(d, "f")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    buf, t = os.urandom(4096), []
    try:
        for _ in range(n):
            os.write(fd, buf)
            a = time.perf_counter()
            os.fdatasync(fd)
            t.append((time.perf_counter() - a) * 1e3)
    finally:
        os.close(fd)
        os.unlink(path)
        os.rmdir(d)
    t.sort()

    def q(p):
        return t[min(len(t) - 1, int(p * len(t)))]

    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"fdatasync of a 4 KiB append, n={n}: p50 {q(.5):.3f} p90 {q(.9):.3f} "
          f"p99 {q(.99):.3f} max {t[-1]:.3f} ms; mean {sum(t) / n:.3f} ms; load {load}")


if __name__ == "__main__":
    main()
