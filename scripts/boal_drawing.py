#!/usr/bin/env python3
"""boal_drawing.py — writes Birth of a Legend's area outlines for the web
board (server/games/birth_of_a_legend/data/drawing.json) from map.json.

The printed map is not in the text, so neither are the areas' shapes: each
area of map.json has only a point (x, y) on a 100x100 sketch. The outlines
are a Voronoi tessellation of those points clipped to the sketch, adjusted so
that two areas map.json calls adjacent (a boundary) share an edge: where
their cells do not touch, each of the two gets one more site on the line
between their points (a cell grown towards the other), until every
boundary of map.json is a shared edge. Areas whose cells touch but have no
boundary in map.json (3.2: a river line without a bridge, or ground the
reconstruction leaves impassable) are listed in the file as "touching", and
the board draws their common edge as no boundary. Reconstructed, for drawing
only: no rule reads this file.

    python3 scripts/boal_drawing.py            # rewrites drawing.json
    python3 scripts/boal_drawing.py --check    # exit 1 if it differs
"""
import json
import math
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "server/games/birth_of_a_legend/data"
SIZE = 100.0
MIN_EDGE = 2.5  # the shortest shared edge that counts (and shows) as one
GROW = 2.0  # how far from the midpoint a grown site stands


def cells(sites):
    """Each site's Voronoi cell in the square, with for each of its edges
    the site across it (None on the square's border)."""
    res = []
    for i, (px, py, _) in enumerate(sites):
        poly = [(0.0, 0.0, None), (SIZE, 0.0, None), (SIZE, SIZE, None), (0.0, SIZE, None)]
        # vertices carry the neighbour of the edge that starts there
        for j, (qx, qy, _) in enumerate(sites):
            if i == j:
                continue
            a, b = qx - px, qy - py
            c = (qx * qx + qy * qy - px * px - py * py) / 2
            out = []
            for k, p in enumerate(poly):
                q = poly[(k + 1) % len(poly)]
                fp = a * p[0] + b * p[1] - c
                fq = a * q[0] + b * q[1] - c
                if fp < 0 or (fp == 0 and fq <= 0):
                    out.append(p)
                elif fp == 0:  # leaving at p itself: the edge from p runs along j's bisector
                    out.append((p[0], p[1], j))
                if (fp < 0 < fq) or (fq < 0 < fp):
                    t = fp / (fp - fq)
                    x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
                    # leaving the kept side: the new edge runs along j's bisector
                    out.append((x, y, j if fp < 0 else p[2]))
            poly = out
        res.append(poly)
    return res


def key(x, y):
    return (round(x, 3), round(y, 3))


def borders(sites, cs):
    """Directed edges per area ((x1,y1),(x2,y2), other area or None),
    edges between two sites of one area left out."""
    per = {}
    for i, poly in enumerate(cs):
        own = sites[i][2]
        for k, p in enumerate(poly):
            q = poly[(k + 1) % len(poly)]
            other = sites[p[2]][2] if p[2] is not None else None
            if other == own:
                continue
            per.setdefault(own, []).append((key(p[0], p[1]), key(q[0], q[1]), other))
    return per


def touching(per, least=MIN_EDGE):
    """Pairs of areas with a shared edge at least `least` long."""
    length = {}
    for a, edges in per.items():
        for p, q, b in edges:
            if b is not None:
                pair = tuple(sorted((a, b)))
                length[pair] = length.get(pair, 0) + math.dist(p, q) / 2  # seen from both sides
    return {pair for pair, n in length.items() if n >= least}


def rings(edges):
    """Chains directed edges into closed rings."""
    nxt = {}
    for p, q, _ in edges:
        nxt.setdefault(p, []).append(q)
    out = []
    while nxt:
        start = next(iter(nxt))
        ring = [start]
        cur = start
        while True:
            q = nxt[cur].pop()
            if not nxt[cur]:
                del nxt[cur]
            if q == start:
                break
            ring.append(q)
            cur = q
        out.append(ring)
    return out


def simplify(ring):
    """Drops vertices that lie on the straight line between their neighbours."""
    out = []
    n = len(ring)
    for i in range(n):
        a, b, c = ring[i - 1], ring[i], ring[(i + 1) % n]
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        if abs(cross) > 1e-6:
            out.append(b)
    return out


def shared_paths(per, a, b):
    """The edges a shares with b as polylines."""
    segs = [(p, q) for p, q, o in per[a] if o == b]
    nxt = {p: q for p, q in segs}
    starts = set(nxt) - set(nxt.values())
    paths = []
    for s in sorted(starts):
        path = [s]
        while path[-1] in nxt:
            path.append(nxt.pop(path[-1]))
        paths.append(path)
    while nxt:  # a closed loop (an enclave), not expected
        s = next(iter(nxt))
        path = [s]
        while path[-1] in nxt:
            path.append(nxt.pop(path[-1]))
        paths.append(path)
    return paths


def build(m):
    points = {a["id"]: (float(a["x"]), float(a["y"])) for a in m["areas"]}
    bounds = {tuple(sorted(b["areas"])) for b in m["boundaries"]}
    sites = [(x, y, i) for i, (x, y) in sorted(points.items())]
    grown = []
    for _ in range(10):
        cs = cells(sites)
        per = borders(sites, cs)
        missing = sorted(bounds - touching(per))
        if not missing:
            break
        for a, b in missing:
            (ax, ay), (bx, by) = points[a], points[b]
            d = math.dist((ax, ay), (bx, by))
            ux, uy = (bx - ax) / d, (by - ay) / d
            mx, my = (ax + bx) / 2, (ay + by) / 2
            sites.append((mx - GROW * ux, my - GROW * uy, a))
            sites.append((mx + GROW * ux, my + GROW * uy, b))
            grown.append([a, b])
    else:
        raise SystemExit(f"boundaries still without a shared edge: {missing}")
    areas = []
    for i in sorted(points):
        rs = rings(per[i])
        if len(rs) != 1:
            raise SystemExit(f"area {i}: its outline is {len(rs)} pieces")
        areas.append({"id": i, "outline": [list(p) for p in simplify(rs[0])]})
    edges = []
    touch = sorted(touching(per, 1e-6))
    for a, b in sorted(bounds | set(touch)):
        paths = shared_paths(per, a, b)
        if paths:
            edges.append({"areas": [a, b], "paths": [[list(p) for p in path] for path in paths]})
    return {
        "source": "reconstructed, for drawing only: the text has no map, and map.json gives each area "
        "only a point on a 100x100 sketch; these outlines are the Voronoi cells of those points "
        "clipped to the sketch, each cell grown towards an area map.json makes adjacent where the two "
        "did not touch, so that every boundary of map.json is a shared edge (scripts/boal_drawing.py "
        "writes this file). No rule reads it.",
        "size": [SIZE, SIZE],
        "grown": grown,
        "touching_without_boundary": [list(p) for p in touch if p not in bounds],
        "areas": areas,
        "edges": edges,
    }


def main():
    m = json.loads((DATA / "map.json").read_text())
    text = json.dumps(build(m), separators=(",", ":")) + "\n"
    out = DATA / "drawing.json"
    if "--check" in sys.argv:
        if out.read_text() != text:
            print("drawing.json differs from what scripts/boal_drawing.py writes from map.json")
            sys.exit(1)
        return
    out.write_text(text)


if __name__ == "__main__":
    main()
