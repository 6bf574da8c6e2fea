#!/usr/bin/env python3
"""patch_whatif.py — what a change to Lincoln's War's view would do to the
patch / view ratios, recomputed from a dump instead of built.

    python3 tests/bench/patch_whatif.py FILE [--drop-names] [--drop-false]
                                             [--static BYTES] [--forces-by-member [BYTES]]

FILE: `bench_views ... --ratios --dump-sampled FILE --dump-views 0` (every
patch with the view it made; tg_loadgen's --dump-sampled keeps only the
views of the large ones). Each line's patch and view are rewritten as the
options say and measured again (compact JSON, as views.c sends them):

  --drop-names        a general's record in /board/forces without "name"
                      (his id names him; a TCO's record keeps its name)
  --drop-false        a general's record without its members that are false
                      (cavalry, gic, out_of_supply, reluctant, promoted)
  --static BYTES      every view BYTES longer: a section that never changes
                      (e.g. the generals' names once), never in a patch
  --forces-by-member [BYTES]
                      a force of BYTES (0) or more replaced whole whose
                      members keep their names is patched member by member
                      where shorter (kit/view_sections.c does so from 384
                      bytes, MEMBERS_MIN: "An element diffed by its
                      members"; its bytes are the old force's)

The ratio is the patch's operations over the new view, as bench_views
--ratios counts them. With no option the tool first checks that it gives
every line's bytes as the dump says, and stops if not; it prints the
median, the p99 (bench_views' rank), how many patches are at or above 25 %
(the p99 is under 25 % with at most 1 % of them), the mean patch and the
median view, and the actions that made the patches at or above 25 %.
A figure from here is a computation on a dump, not a measured build: say so
where it is quoted (BENCHMARKS.md, "The generals' records, smaller (session
26, 2026-12-01)"). Lincoln's War's forces only; the rest of the view as it
is.
"""
import argparse
import collections
import json
import re
import sys

FALSE_MEMBERS = ("cavalry", "gic", "out_of_supply", "reluctant", "promoted")
FORCE = re.compile(r"/board/forces/\d+$")
UNIT = re.compile(r"/board/forces/\d+/(co|subordinates/\d+)$")


def dumps(x):
    return json.dumps(x, separators=(",", ":"), ensure_ascii=False)


def size(x):
    return len(dumps(x).encode())


class Whatif:
    def __init__(self, a):
        self.a = a

    def unit(self, u):
        if not isinstance(u, dict) or "id" not in u:
            return u
        u = dict(u)
        general = not u["id"].startswith("tco-")
        if self.a.drop_names and general:
            u.pop("name", None)
        if self.a.drop_false:
            for k in FALSE_MEMBERS:
                if u.get(k) is False:
                    del u[k]
        return u

    def force(self, f):
        if not isinstance(f, dict):
            return f
        f = dict(f)
        if "co" in f:
            f["co"] = self.unit(f["co"])
        if "subordinates" in f:
            f["subordinates"] = [self.unit(x) for x in f["subordinates"]]
        return f

    def view(self, v):
        v = json.loads(dumps(v))
        v["board"]["forces"] = [self.force(f) for f in v["board"]["forces"]]
        return v

    def op(self, o):
        if "value" not in o:
            return o
        o = dict(o)
        p = o["path"]
        if FORCE.match(p):
            o["value"] = self.force(o["value"])
        elif UNIT.match(p):
            o["value"] = self.unit(o["value"])
        elif p == "/board/forces":
            o["value"] = [self.force(f) for f in o["value"]]
        elif re.match(r"/board/forces/\d+/subordinates$", p):
            o["value"] = [self.unit(x) for x in o["value"]]
        return o


def by_member(o, before, bound):
    """A whole force's replace as the replaces of its changed members, when
    the old force is bound bytes or more, the names are the same and that is
    shorter; else the op itself. The kit's rule, a little less: a changed
    list member (subordinates) is replaced whole here, the kit diffs it on
    its elements. At 384 it gives the dump's own patches (the kit did it)."""
    if o["op"] != "replace" or not FORCE.match(o["path"]) or before is None:
        return [o]
    new = o["value"]
    old = next((f for f in before["board"]["forces"]
                if f.get("hex") == new.get("hex") and f.get("side") == new.get("side")), None)
    if old is None or set(old) != set(new) or size(old) < bound:
        return [o]
    ops = [{"op": "replace", "path": f"{o['path']}/{k}", "value": v}
           for k, v in new.items() if old[k] != v]
    # the operations inside the patch's list: each one's bytes and a comma
    return ops if sum(size(x) + 1 for x in ops) < size(o) + 1 else [o]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--drop-names", action="store_true")
    ap.add_argument("--drop-false", action="store_true")
    ap.add_argument("--static", type=int, default=0, metavar="BYTES")
    ap.add_argument("--forces-by-member", type=int, nargs="?", const=0, default=None,
                    metavar="BYTES")
    a = ap.parse_args()
    w = Whatif(a)
    plain = not (a.drop_names or a.drop_false or a.forces_by_member is not None)
    before = {}
    rows = []
    with open(a.file) as f:
        for n, line in enumerate(f, 1):
            d = json.loads(line)
            v = d.get("view")
            if v is None:
                sys.exit(f"{a.file}:{n}: no view (dump with --dump-views 0)")
            ops = d["patch"]
            if plain and (size(ops) != d["patch_bytes"] or size(v) != d["view_bytes"]):
                sys.exit(f"{a.file}:{n}: {size(ops)} / {size(v)} bytes where the dump says "
                         f"{d['patch_bytes']} / {d['view_bytes']}: not the views.c form")
            key = (d.get("match"), d["role"])
            if a.forces_by_member is not None:
                ops = [x for o in ops for x in by_member(o, before.get(key), a.forces_by_member)]
            before[key] = v
            nv = w.view(v) if not plain else v
            nops = [w.op(o) for o in ops]
            pb, vb = size(nops), size(nv) + a.static
            rows.append((100.0 * pb / vb, pb, vb, d["after"]))
    if not rows:
        sys.exit("no patches")
    r = sorted(x[0] for x in rows)
    k = len(r)
    over = [x for x in rows if x[0] >= 25.0]
    # bench_views' and patch_breakdown.py's rank: the p99 is r[int(0.99 k)]
    print(f"patches {k}; median {r[int(0.5 * k)]:.2f} %, p99 {r[min(k - 1, int(0.99 * k))]:.2f} %, "
          f"max {r[-1]:.2f} %; at or above 25 %: {len(over)} (the p99 is under 25 % with "
          f"{k - int(0.99 * k) - 1} or fewer)")
    print(f"patch bytes mean {sum(x[1] for x in rows) / k:.0f}, view bytes median "
          f"{sorted(x[2] for x in rows)[k // 2]}")
    c = collections.Counter(x[3] for x in over)
    print("at or above 25 % after: " + ", ".join(f"{t} {m}" for t, m in c.most_common()))


if __name__ == "__main__":
    main()
