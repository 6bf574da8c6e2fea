#!/usr/bin/env python3
"""act_path_probes.sh's tables: the acts' spans from perf's uprobes and the
loop thread's switch events (issue 17).

    python3 tests/bench/act_path_split.py MODE EVENTS LOOP_TID [THREADS]

EVENTS is `perf script --show-switch-events -F tid,cpu,time,event` of the
probes act_path_probes.sh adds; LOOP_TID the loop's thread id (the daemon's
pid); THREADS lines of "tid name" (/proc/PID/task/*/comm), to tell the
fan-out workers (tg-views-N) among the switch events. MODE commit: the ok
queued -> the commit handed, and check -> COMMIT in its parts; MODE write:
the fsync's report -> the ok's bytes written."""
import re
import sys

LINE = re.compile(r"^\s*(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(.*)$")


def read(path):
    """[(t, tid, cpu, what)]: what is a probe's name, 'OUT', 'OUT preempt'
    or 'IN'."""
    ev = []
    for ln in open(path, errors="replace"):
        m = LINE.match(ln)
        if not m:
            continue
        tid, cpu, t, rest = int(m.group(1)), int(m.group(2)), float(m.group(3)), m.group(4)
        if rest.startswith("PERF_RECORD_SWITCH"):
            p = rest.split()
            what = "OUT preempt" if "OUT" in p and "preempt" in p else p[1]
        else:
            what = rest.split(":")[1].strip()
            m = re.search(r"op=(.*)$", rest)
            if m:  # SSL_write_ex's plaintext: an act's ok or another line
                what += "=o" if re.match(r'"\{"match":\d+,"seq":\d+,"op":"ok"', m.group(1)) \
                    else "=x"
        ev.append((t, tid, cpu, what))
    ev.sort()
    return ev


def table(title, spans, extra=None):
    print(f"{title:42} {'n':>5} {'mean':>7} {'p50':>7} {'p90':>7} {'p99':>7}")
    for k, v in spans.items():
        v = sorted(v)
        n = len(v)
        if not n:
            print(f"{k:42} {0:5}")
            continue
        q = lambda p: v[min(n - 1, int(p * n))] * 1e3  # noqa: E731
        print(f"{k:42} {n:5} {sum(v) / n * 1e3:7.3f} {q(.5):7.3f} {q(.9):7.3f} {q(.99):7.3f}")
    for line in extra or []:
        print(line)


def off_cpu(switches, workers_in, a, b):
    """The loop's time switched out within [a, b], whether it was preempted,
    and whether a fan-out worker came in on the loop's CPU meanwhile."""
    off, pre, worker = 0.0, False, False
    for t_out, t_in, preempt, cpu in switches:
        if t_in <= a or t_out >= b:
            continue
        lo, hi = max(a, t_out), min(b, t_in)
        off += hi - lo
        pre = pre or preempt
        worker = worker or any(lo <= t <= hi and c == cpu for t, c in workers_in)
    return off, pre, worker


def commit(ev, loop, workers):
    probes = [(t, w) for t, tid, _, w in ev if tid == loop and w.startswith("tgap_")]
    switches, t_out = [], None
    for t, tid, cpu, w in ev:
        if tid != loop:
            continue
        if w.startswith("OUT"):
            t_out = (t, w == "OUT preempt", cpu)
        elif w == "IN" and t_out:
            switches.append((t_out[0], t, t_out[1], t_out[2]))
            t_out = None
    workers_in = [(t, cpu) for t, tid, cpu, w in ev if tid in workers and w == "IN"]
    order = ["tgap_fd", "tgap_vpr__return", "tgap_fdr__return", "tgap_chk", "tgap_commit",
             "tgap_sreq"]
    spans = {k: [] for k in ("ok->dispatch", "dispatch", "  prepare", "  queue+wake",
                             "dispatch->check", "check->COMMIT", "  clocks",
                             "  clocks->COMMIT", "    kick (in it)", "  (turns put off)",
                             "  (the loop off CPU)", "COMMIT", "ok->syncer")}
    acts = preempted = by_worker = put_off = with_kick = 0
    i = 0
    while i < len(probes):
        if probes[i][1] != "tgap_ok":
            i += 1
            continue
        t, j, k = {}, i + 1, 0
        while j < len(probes) and k < len(order) and probes[j][1] != "tgap_ok":
            if probes[j][1] == order[k]:
                t[order[k]] = probes[j][0]
                k += 1
            j += 1
        if k == len(order):  # an act whose fan-out went to a worker, committed
            acts += 1
            t0, chk, com = probes[i][0], t["tgap_chk"], t["tgap_commit"]
            spans["ok->dispatch"].append(t["tgap_fd"] - t0)
            spans["dispatch"].append(t["tgap_fdr__return"] - t["tgap_fd"])
            spans["  prepare"].append(t["tgap_vpr__return"] - t["tgap_fd"])
            spans["  queue+wake"].append(t["tgap_fdr__return"] - t["tgap_vpr__return"])
            spans["dispatch->check"].append(chk - t["tgap_fdr__return"])
            spans["check->COMMIT"].append(com - chk)
            spans["COMMIT"].append(t["tgap_sreq"] - com)
            spans["ok->syncer"].append(t["tgap_sreq"] - t0)
            # what ran between on_check and the COMMIT: the last check
            # before it is the turn that committed
            inside = [(tt, w) for tt, w in probes[i:j] if chk <= tt <= com]
            checks = [tt for tt, w in inside if w == "tgap_chk"]
            last = checks[-1] if checks else chk
            if len(checks) > 1:
                put_off += 1
                spans["  (turns put off)"].append(last - chk)
            cpr = next((tt for tt, w in inside if w == "tgap_cpr__return" and tt >= last), None)
            if cpr is not None:
                spans["  clocks"].append(cpr - last)
                spans["  clocks->COMMIT"].append(com - cpr)
            kk = next((tt for tt, w in inside if w == "tgap_kick" and tt >= last), None)
            kr = next((tt for tt, w in inside if w == "tgap_kickr__return" and tt >= last),
                      None)
            if kk is not None and kr is not None:
                with_kick += 1
                spans["    kick (in it)"].append(kr - kk)
            off, pre, wk = off_cpu(switches, workers_in, chk, com)
            spans["  (the loop off CPU)"].append(off)
            preempted += pre
            by_worker += wk
        i = max(j, i + 1)
    table("the ok queued -> the commit handed (ms)", spans, [
        f"acts {acts}: the commit put off to a later turn in {put_off}; fanout_kick between "
        f"on_check and COMMIT in {with_kick}; the loop preempted between them in "
        f"{preempted}, a tg-views worker on its CPU meanwhile in {by_worker}"])


def write(ev, loop):
    """From srv_durable (the syncer's report on the loop) to its release's
    uncork: the lines held for the fsync written, each connection's as one
    TLS write (SSL_write_ex, then uv_try_write). The fan-out's own sends
    after it (their uncorks) are not counted."""
    probes = [(t, w) for t, tid, _, w in ev if tid == loop and w.startswith("tgap_")]
    spans = {k: [] for k in ("deliver", "SSL_write_ex", "->uv_try_write", "uv_try_write",
                             "->next / written", "durable->written", "  SSL_write_ex (all)",
                             "  uv_try_write (all)")}
    releases, writes, first_write, last_write, ok_write, ok_place = 0, [], [], [], [], []
    i = 0
    while i < len(probes):
        if probes[i][1] != "tgap_dur":
            i += 1
            continue
        t0, j = probes[i][0], i + 1
        while j < len(probes) and probes[j][1] not in ("tgap_dur", "tgap_uncr__return"):
            j += 1
        if j == len(probes) or probes[j][1] != "tgap_uncr__return":
            i = j
            continue
        end = probes[j][0]
        seq = probes[i + 1:j]
        unc = next((tt for tt, w in seq if w == "tgap_unc"), None)
        ssl = [tt for tt, w in seq if w.startswith("tgap_ssl=")]
        oks = [k for k, (tt, w) in enumerate((x for x in seq if x[1].startswith("tgap_ssl=")))
               if w == "tgap_ssl=o"]
        sslr = [tt for tt, w in seq if w == "tgap_sslr__return"]
        tr = [tt for tt, w in seq if w == "tgap_try"]
        trr = [tt for tt, w in seq if w == "tgap_tryr__return"]
        if unc is None or not ssl or not (len(ssl) == len(sslr) == len(tr) == len(trr)):
            i = j + 1
            continue
        releases += 1
        spans["deliver"].append(unc - t0)
        spans["SSL_write_ex"].append(sslr[0] - ssl[0])
        spans["->uv_try_write"].append(tr[0] - sslr[0])
        spans["uv_try_write"].append(trr[0] - tr[0])
        spans["->next / written"].append((ssl[1] if len(ssl) > 1 else end) - trr[0])
        spans["durable->written"].append(end - t0)
        for a, b in zip(ssl, sslr):
            spans["  SSL_write_ex (all)"].append(b - a)
        for a, b in zip(tr, trr):
            spans["  uv_try_write (all)"].append(b - a)
        writes.append(len(ssl))
        first_write.append(trr[0] - t0)
        if oks and oks[0] < len(trr):
            ok_write.append(trr[oks[0]] - t0)
            ok_place.append((oks[0] + 1, len(ssl)))
        last_write.append(trr[-1] - t0)
        i = j + 1
    n = len(writes)
    spans["the first connection's written"] = first_write
    spans["the last connection's written"] = last_write
    spans["the ok's written"] = ok_write
    first = sum(1 for k, _ in ok_place if k == 1)
    last = sum(1 for k, n in ok_place if k == n and n > 1)
    table("the fsync's report -> the lines written (ms)", spans, [
        f"the ok's connection written first in {first}, last of two or more in {last}, "
        f"of {len(ok_place)} releases with an ok",
        f"releases {releases}: TLS writes (connections) each, mean "
        f"{sum(writes) / n if n else 0:.2f}; the parts above the indented are the first "
        "connection's written (the oldest held since session 23, the newest before)"])


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("commit", "write"):
        sys.exit(__doc__)
    ev = read(sys.argv[2])
    loop = int(sys.argv[3])
    workers = set()
    if len(sys.argv) > 4:
        for ln in open(sys.argv[4]):
            p = ln.split()
            if len(p) == 2 and p[1].startswith("tg-views"):
                workers.add(int(p[0]))
    if sys.argv[1] == "commit":
        commit(ev, loop, workers)
    else:
        write(ev, loop)


if __name__ == "__main__":
    main()
