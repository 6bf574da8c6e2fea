// test_boal_drawing.mjs — Birth of a Legend's area outlines
// (server/games/birth_of_a_legend/data/drawing.json, which
// scripts/boal_drawing.py writes from map.json) against map.json: 45
// outlines, one an area, each holding its area's point; together they cover
// the 100x100 sketch once; every boundary of map.json is an edge the two
// outlines share, and every other edge two outlines share is listed as
// touching without a boundary (the board draws it as none, or as the water
// without a bridge that parts the two, web/boal_board); a pair that
// touches on one bank has its reason in map.json's no_boundary.
//
//   node test_boal_drawing.mjs DATA_DIR
import { readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
const map = JSON.parse(readFileSync(join(dir, "map.json"), "utf8"));
const dr = JSON.parse(readFileSync(join(dir, "drawing.json"), "utf8"));
const fail = (what) => {
  console.error(`FAILED: ${what}`);
  process.exit(1);
};

if (!/reconstructed, for drawing only/.test(dr.source)) fail("drawing.json does not say it is reconstructed, for drawing only");
const ids = map.areas.map((a) => a.id).sort((x, y) => x - y);
const outline = new Map(dr.areas.map((a) => [a.id, a.outline]));
if (JSON.stringify([...outline.keys()].sort((x, y) => x - y)) !== JSON.stringify(ids))
  fail(`outlines for ${[...outline.keys()]} , not the areas ${ids}`);

const area = (poly) => Math.abs(poly.reduce((s, [x, y], i) => {
  const [u, v] = poly[(i + 1) % poly.length];
  return s + x * v - u * y;
}, 0)) / 2;
const inside = ([px, py], poly) => {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
};
// Distance from a point to a polygon's boundary.
const toEdge = ([px, py], poly) => Math.min(...poly.map(([ax, ay], i) => {
  const [bx, by] = poly[(i + 1) % poly.length];
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}));

let total = 0;
for (const a of map.areas) {
  const poly = outline.get(a.id);
  if (!inside([a.x, a.y], poly)) fail(`area ${a.id} ${a.name}: its point ${a.x},${a.y} is outside its outline`);
  total += area(poly);
}
const [w, h] = dr.size;
if (Math.abs(total - w * h) > 0.5) fail(`the outlines cover ${total}, not the sketch's ${w * h}`);
// No point of an area lies inside another's outline.
for (const a of map.areas)
  for (const [id, poly] of outline) if (id !== a.id && inside([a.x, a.y], poly)) fail(`area ${a.id}'s point is inside area ${id}`);

const pair = (a, b) => `${Math.min(a, b)}-${Math.max(a, b)}`;
const bounds = new Set(map.boundaries.map((b) => pair(...b.areas)));
const touching = new Set(dr.touching_without_boundary.map((p) => pair(...p)));
const edges = new Map(dr.edges.map((e) => [pair(...e.areas), e]));
for (const b of bounds) {
  const e = edges.get(b);
  if (!e) fail(`boundary ${b} of map.json is no shared edge`);
  const len = e.paths.flatMap((p) => p.slice(1).map((q, i) => Math.hypot(q[0] - p[i][0], q[1] - p[i][1]))).reduce((s, x) => s + x, 0);
  if (len < 2) fail(`boundary ${b}: a shared edge of only ${len.toFixed(2)}`);
}
for (const [k, e] of edges) {
  if (!bounds.has(k) && !touching.has(k)) fail(`areas ${k} share an edge that is no boundary and is not listed as touching`);
  if (bounds.has(k) && touching.has(k)) fail(`areas ${k} are a boundary and listed as touching without one`);
  // Every piece of the edge lies on both outlines.
  for (const p of e.paths)
    for (let i = 1; i < p.length; i++) {
      const mid = [(p[i - 1][0] + p[i][0]) / 2, (p[i - 1][1] + p[i][1]) / 2];
      for (const id of e.areas)
        if (toEdge(mid, outline.get(id)) > 1e-2) fail(`edge ${k}: ${mid} is not on area ${id}'s outline`);
    }
}
for (const k of touching) if (!edges.has(k)) fail(`touching ${k} has no edge`);
// Outlines that touch across the Chickahominy are 3.2's river without a
// bridge; a pair that touches on one bank without a boundary is a mismatch
// of the sketch, resolved in map.json's no_boundary: its reason
// (reconstructed, from the battlefield) and the water line between the two
// when there is one (decision 19: a major water line without a bridge is no
// boundary).
const bank = new Map(map.areas.map((a) => [a.id, a.bank]));
const nob = new Map((map.no_boundary || []).map((n) => [pair(...n.areas), n]));
for (const k of touching) {
  const [a, b] = k.split("-").map(Number);
  if (bank.get(a) === bank.get(b) && !nob.has(k))
    fail(`areas ${k} touch on one bank without a boundary, and map.json's no_boundary gives no reason`);
}
for (const [k, n] of nob) {
  if (bounds.has(k)) fail(`no_boundary ${k} is a boundary of map.json`);
  if (!/^reconstructed: /.test(n.source || "")) fail(`no_boundary ${k}: its source is not a reconstruction's reason`);
  if (n.water !== null && typeof n.water !== "string") fail(`no_boundary ${k}: water is a name or null`);
}
console.log(`PASS: 45 outlines cover the sketch; ${bounds.size} boundaries are shared edges; ` +
  `${touching.size} pairs touch without a boundary; ${dr.grown.length} cells grown to meet map.json`);
