#!/usr/bin/env python3
"""Breaks down the patches tg_loadgen sampled on the wire (issue 17's
patch / view p99): which action made each of the largest, which sections
and paths carry its bytes, and how large the view it made was.

    tg_loadgen --mode play ... --dump-sampled FILE [--dump-views PCT]
    python3 tests/bench/patch_breakdown.py FILE [--top N] [--at PCT]

FILE holds one JSON line per sized patch (--size-every's sample, the one
behind tg_loadgen's patch_to_view_pct_* figures): ratio_pct (the patch
message's bytes against the view's, as the figure counts them), the
action that made it ("after", "by": self or opponent), the operations,
and the view when the ratio was PCT % or more. Prints the exact
nearest-rank percentiles (tg_loadgen's printed ones count basis points
exactly since session 30; before, its histogram rounded up to about 3 %),
how many patches are at or above --at % (25) against how many the p99
allows, and of those and of the top 1 %: each patch's action, bytes by
section and by path (indices as *), and its view's size and largest
sections; then the same summed by action and by section.
"""
import argparse
import collections
import json
import re
import sys


def section(path):
    """The view section a JSON Pointer lies in: its first member, or two
    under /board (game.h's sections of Lincoln's War and the others)."""
    parts = path.split("/")
    if len(parts) >= 3 and parts[1] == "board":
        return "/board/" + parts[2]
    return "/" + parts[1] if len(parts) >= 2 else "(root)"


def path_kind(path, depth=5):
    """The path with array indices as * and cut to depth members."""
    parts = path.split("/")[1:depth + 1]
    return "/" + "/".join("*" if re.fullmatch(r"\d+|-", p) else p for p in parts)


def op_bytes(op):
    return len(json.dumps(op, separators=(",", ":"), ensure_ascii=True)) + 1


def nearest_rank(sorted_vals, q):
    k = int(q * len(sorted_vals))
    return sorted_vals[min(k, len(sorted_vals) - 1)]


def view_sections(view):
    out = {}
    for k, v in view.items():
        if k == "board" and isinstance(v, dict):
            for bk, bv in v.items():
                out["/board/" + bk] = len(json.dumps(bv, separators=(",", ":")))
        else:
            out["/" + k] = len(json.dumps(v, separators=(",", ":")))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dump")
    ap.add_argument("--top", type=int, default=40, help="patches listed one by one (40)")
    ap.add_argument("--at", type=float, default=25.0, help="the goal's ratio, %% (25)")
    a = ap.parse_args()
    recs = []
    with open(a.dump) as f:
        for line in f:
            line = line.strip()
            if line:
                recs.append(json.loads(line))
    if not recs:
        sys.exit("no patches in " + a.dump)
    recs.sort(key=lambda r: r["ratio_pct"])
    n = len(recs)
    ratios = [r["ratio_pct"] for r in recs]
    empty = sum(1 for r in recs if not r["patch"])
    at = [r for r in recs if r["ratio_pct"] >= a.at]
    allowed = n - int(0.99 * n) - 1  # p99 = recs[int(0.99 n)]: under a.at when fewer are at it
    print(f"patches {n} (empty {empty}), view bytes median "
          f"{nearest_rank(sorted(r['view_bytes'] for r in recs), 0.5)}")
    hist_p99 = ratios[max(1, int(0.99 * n + 0.5)) - 1]  # tg_loadgen's rank (histogram.c)
    print(f"ratio median {nearest_rank(ratios, 0.5):.2f} %, p90 {nearest_rank(ratios, 0.9):.2f} %, "
          f"p99 {nearest_rank(ratios, 0.99):.2f} % (bench_views' rank; tg_loadgen's rank "
          f"{hist_p99:.2f} %, printed to the basis point), max {ratios[-1]:.2f} %")
    print(f"at or above {a.at:g} %: {len(at)} (the p99 is under it with {allowed} or fewer)")
    by_role = collections.Counter(r["role"] for r in at)
    by_who = collections.Counter(r["by"] for r in at)
    print("  by role: " + ", ".join(f"{k} {v}" for k, v in by_role.most_common()))
    print("  by whose act: " + ", ".join(f"{k} {v}" for k, v in by_who.most_common()))
    top1 = recs[int(0.99 * n):]
    for name, group in ((f"at or above {a.at:g} %", at), ("the top 1 %", top1)):
        acts = collections.Counter(r["after"] for r in group)
        secs = collections.Counter()
        kinds = collections.Counter()
        for r in group:
            for op in r["patch"] or []:
                b = op_bytes(op)
                secs[section(op.get("path", ""))] += b
                kinds[path_kind(op.get("path", "")) + " " + op.get("op", "?")] += b
        total = sum(secs.values()) or 1
        print(f"\n{name}: {len(group)} patches")
        print("  after: " + ", ".join(f"{k} {v}" for k, v in acts.most_common()))
        print("  bytes by section: " + ", ".join(
            f"{k} {100 * v / total:.1f}%" for k, v in secs.most_common() if v >= 0.01 * total))
        print("  bytes by path: " + ", ".join(
            f"{k} {100 * v / total:.1f}%" for k, v in kinds.most_common(12)))
    print(f"\nthe {min(a.top, n)} largest ratios (ratio, patch / view bytes, action, whose, role, seq;"
          " bytes by section; the view's largest sections when dumped):")
    for r in reversed(recs[-a.top:] if a.top > 0 else []):
        secs = collections.Counter()
        for op in r["patch"] or []:
            secs[section(op.get("path", ""))] += op_bytes(op)
        line = (f"{r['ratio_pct']:6.2f} % {r['patch_bytes']:6}/{r['view_bytes']:6} "
                f"{r['after']:<18} {r['by']:<8} {r['role']:<12} seq {r['seq']:<4} "
                + " ".join(f"{k} {v}" for k, v in secs.most_common(4)))
        if "view" in r:
            vs = sorted(view_sections(r["view"]).items(), key=lambda kv: -kv[1])[:4]
            line += "  | view: " + " ".join(f"{k} {v}" for k, v in vs)
        print(line)


if __name__ == "__main__":
    main()
