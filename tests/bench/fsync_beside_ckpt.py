#!/usr/bin/env python3
"""The disk alone: the syncer's fdatasync of a WAL beside a checkpoint's
writes and fsync (issue 17; session 24). No SQLite, no daemon: two processes
on the daemon's file system play the two threads' system calls.

  syncer   every 1/RATE s appends FRAMES frames of 24 + 4,096 bytes to a
           WAL file (from its start again past --wal-frames, as SQLite's
           WAL starts again after a whole checkpoint) and fdatasyncs it,
           back to back if one takes longer than the gap;
  ckpt     every --every syncs (the daemon's checkpointer: a pass per 58-66
           commits at session 23's end) fdatasyncs the WAL (SQLite's
           checkpoint syncs the log before it copies), writes --pages pages
           of 4,096 bytes into a database file (its pages, sorted, spread
           over the file as the checkpoint's copy is), and fdatasyncs that.

Each syncer fdatasync is sorted by what the checkpointer did meanwhile:
nothing, its page writes, or one of its fsyncs (the WAL's or the
database's). --mode none runs the syncer alone (the same pacing); --mode
beside runs both freely, as the daemon does today; --mode chunks writes
each pass as --chunk pages then fdatasync, so each device burst is smaller;
--mode gated writes each chunk just after a syncer fsync ends (the
checkpointer's writes placed between the syncer's fsyncs), each with its
fdatasync; --mode trickle writes the pass into the page cache, sends it to
the disk a chunk at a time (sync_file_range: written, not flushed), each
just after a syncer fsync ends, then fdatasyncs the database once. --ioprio idle
puts the checkpointer in the idle I/O class (ioprio_set; mq-deadline serves
the syncer first).

    python3 tests/bench/fsync_beside_ckpt.py [--mode none|beside|chunks|gated|trickle] [--ioprio none|idle]
        [--rate 1000] [--seconds 8] [--frames 16] [--every 60]
        [--pages 1000] [--chunk 64] [--dir /tmp]
"""
import argparse
import multiprocessing as mp
import os
import random
import tempfile
import time

PAGE = 4096
FRAME = 24 + PAGE


def set_ioprio_idle():
    # ioprio_set(IOPRIO_WHO_PROCESS, 0, IOPRIO_CLASS_IDLE << 13): the block
    # layer's scheduler (mq-deadline here) serves the syncer first
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(251, 1, 0, 3 << 13) != 0:  # x86_64's ioprio_set
        raise OSError(ctypes.get_errno(), "ioprio_set")


def trickle(dfd, pages, args, syncs, end, page, phases):
    # the pass's pages written into the page cache, then sent to the disk
    # --chunk at a time (sync_file_range: written, not flushed), each just
    # after a syncer fdatasync ends, so that each of the syncer's flushes
    # carries one chunk at most; then the database's fdatasync, as before
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    srf = libc.sync_file_range
    srf.argtypes = (ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint)
    a = time.monotonic_ns()
    for p in pages:
        os.pwrite(dfd, page, p * PAGE)
    phases.append(("w", a, time.monotonic_ns()))
    for i in range(0, len(pages), args.chunk):
        seen = syncs.value
        while syncs.value == seen and time.monotonic() < end:
            pass
        part = pages[i:i + args.chunk]
        a = time.monotonic_ns()
        # SYNC_FILE_RANGE_WAIT_BEFORE | WRITE | WAIT_AFTER
        srf(dfd, part[0] * PAGE, (part[-1] + 1 - part[0]) * PAGE, 7)
        phases.append(("r", a, time.monotonic_ns()))
    a = time.monotonic_ns()
    os.fdatasync(dfd)
    phases.append(("s", a, time.monotonic_ns()))


def ckpt(wal, db, args, start_at, syncs, out):
    if args.ioprio == "idle":
        set_ioprio_idle()
    wfd = os.open(wal, os.O_RDWR)
    dfd = os.open(db, os.O_RDWR)
    npages = os.fstat(dfd).st_size // PAGE
    page = os.urandom(PAGE)
    rnd = random.Random(1)
    phases = []  # (kind, start, end): 'w' page writes, 's' an fsync
    end = start_at + args.seconds
    passes = 0
    while time.monotonic() < end:
        # a pass per --every syncer fsyncs: the syncer's count, shared
        target = (passes + 1) * args.every
        while syncs.value < target and time.monotonic() < end:
            time.sleep(0.0005)
        if time.monotonic() >= end:
            break
        passes += 1
        a = time.monotonic_ns()
        os.fdatasync(wfd)
        phases.append(("s", a, time.monotonic_ns()))
        pages = sorted(rnd.sample(range(npages), args.pages))
        if args.mode == "trickle":
            trickle(dfd, pages, args, syncs, end, page, phases)
            continue
        step = args.pages if args.mode == "beside" else args.chunk
        for i in range(0, len(pages), step):
            if args.mode == "gated":
                # right after a syncer fsync ends: the chunk's device work in
                # the gap before the next
                seen = syncs.value
                while syncs.value == seen and time.monotonic() < end:
                    pass
            a = time.monotonic_ns()
            for p in pages[i:i + step]:
                os.pwrite(dfd, page, p * PAGE)
            b = time.monotonic_ns()
            phases.append(("w", a, b))
            os.fdatasync(dfd)
            phases.append(("s", b, time.monotonic_ns()))
    os.close(wfd)
    os.close(dfd)
    out.put(phases)


def counted_syncer(path, args, start_at, syncs, out):
    # the syncer, with its count shared for the checkpointer's pacing
    fd = os.open(path, os.O_WRONLY)
    buf = os.urandom(FRAME * args.frames)
    gap = 1.0 / args.rate
    frame, t = 0, []
    nxt = start_at
    end = start_at + args.seconds
    while True:
        now = time.monotonic()
        if now >= end:
            break
        if now < nxt:
            time.sleep(nxt - now)
        nxt += gap
        if frame + args.frames > args.wal_frames:
            frame = 0
        os.pwrite(fd, buf, 32 + frame * FRAME)
        frame += args.frames
        a = time.monotonic_ns()
        os.fdatasync(fd)
        t.append((a, time.monotonic_ns()))
        syncs.value += 1
    os.close(fd)
    out.put(t)


def q(v, p):
    return v[min(len(v) - 1, int(p * len(v)))] if v else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="beside", choices=("none", "beside", "chunks", "gated", "trickle"))
    ap.add_argument("--rate", type=float, default=1000)
    ap.add_argument("--seconds", type=float, default=8)
    ap.add_argument("--frames", type=int, default=16)
    ap.add_argument("--wal-frames", type=int, default=4000)
    ap.add_argument("--every", type=int, default=60)
    ap.add_argument("--pages", type=int, default=1000)
    ap.add_argument("--chunk", type=int, default=64)
    ap.add_argument("--db-mb", type=int, default=64)
    ap.add_argument("--dir", default="/tmp")
    ap.add_argument("--ioprio", default="none", choices=("none", "idle"))
    args = ap.parse_args()

    d = tempfile.mkdtemp(dir=args.dir)
    wal, db = os.path.join(d, "db-wal"), os.path.join(d, "db")
    try:
        with open(wal, "wb") as f:  # the WAL at its size: overwritten, as after a restart
            f.write(os.urandom(32 + FRAME * args.wal_frames))
            f.flush()
            os.fsync(f.fileno())
        with open(db, "wb") as f:
            for _ in range(args.db_mb):
                f.write(os.urandom(1 << 20))
            f.flush()
            os.fsync(f.fileno())
        q_s, q_c = mp.Queue(), mp.Queue()
        syncs = mp.Value("L", 0, lock=False)
        start_at = time.monotonic() + 0.3
        ps = [mp.Process(target=counted_syncer, args=(wal, args, start_at, syncs, q_s))]
        if args.mode != "none":
            ps.append(mp.Process(target=ckpt, args=(wal, db, args, start_at, syncs, q_c)))
        for p in ps:
            p.start()
        t = q_s.get()
        phases = q_c.get() if args.mode != "none" else []
        for p in ps:
            p.join()
    finally:
        for f in (wal, db):
            if os.path.exists(f):
                os.unlink(f)
        os.rmdir(d)

    by = {"alone": [], "beside writes": [], "beside a chunk's writeback": [],
          "beside an fsync": []}
    rank = {"w": "beside writes", "r": "beside a chunk's writeback", "s": "beside an fsync"}
    order = list(by)
    for a, b in t:
        kind = "alone"
        for k, pa, pb in phases:
            if pa < b and pb > a and order.index(rank[k]) > order.index(kind):
                kind = rank[k]
        by[kind].append((b - a) / 1e6)
    allv = sorted((b - a) / 1e6 for a, b in t)
    ck = sorted((b - a) / 1e6 for k, a, b in phases if k == "s")
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"mode {args.mode}: rate {args.rate:g}/s, {args.frames} frames a sync, a pass per "
          f"{args.every} syncs of {args.pages} pages (chunk {args.pages if args.mode == 'beside' else args.chunk}), "
          f"ioprio {args.ioprio}; "
          f"load {load}")
    print(f"syncer fdatasync, all: n={len(allv)} p50 {q(allv, .5):.3f} p90 {q(allv, .9):.3f} "
          f"p99 {q(allv, .99):.3f} max {allv[-1] if allv else float('nan'):.3f} ms")
    for k, v in by.items():
        v.sort()
        if v:
            print(f"  {k:26} n={len(v):5} p50 {q(v, .5):.3f} p90 {q(v, .9):.3f} "
                  f"p99 {q(v, .99):.3f} max {v[-1]:.3f} ms")
    if ck:
        print(f"checkpointer's fsyncs: n={len(ck)} p50 {q(ck, .5):.3f} p99 {q(ck, .99):.3f} "
              f"max {ck[-1]:.3f} ms")


if __name__ == "__main__":
    main()
