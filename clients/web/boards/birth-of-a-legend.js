// boards/birth-of-a-legend.js — Birth of a Legend on an SVG area map. The
// map is the module's own data, served beside the page and fetched once:
// map.json (the 45 areas with their names, TEM, banks and victory rings,
// the boundaries with their types, the bridges, the James River areas),
// drawing.json (the areas' outlines: reconstructed, for drawing only, since
// the text has no map), tracks.json (the tracks' lengths) and units.json
// (4.3.3's command colours, the band atop each counter). The view
// gives what changes: control, entrenchments and contested areas, the
// units (fresh or exhausted, reduced) and leaders where they stand, the
// bridges' state, the tracks and the impulse in progress.
//
// Picking, as Lincoln's War's board does it and from the offered actions
// alone (boal-picking.js): an area a legal action names is lit; clicking
// it plays the action when it is the only one, else the action list shows
// just the actions naming that area. Clicking a unit or a leader lists its
// actions and, when some of them name an area (a move), selects it: only
// those areas stay lit, and clicking one plays the one action that goes
// there (or lists them). Clicking the piece again, or Escape, drops the
// selection. An area holding more units than fit shows them as a stack; a
// click on the stack spreads it out.
// What both map boards share (picking among the offered actions, the zoom
// bar, the frame, the redraw of what changed) is map-board.js.

import { h } from "../dom.js";
import { s, title } from "./lw-geometry.js";
import { actionsByArea, pieceActions, destinations } from "./boal-picking.js";
import { tracksPanel } from "./boal-tracks.js";
import { keyable, playSingle, mapFrame, changeTracker, renderMap, redrawChanged } from "./map-board.js";

const K = 10; // map units per unit of the 100x100 sketch
const BASE = "/games/birth-of-a-legend/";
const SIDE = { union: "Union", confederate: "Confederate" };

let data = null;
let loading = null;
function loadData() {
  if (data) return Promise.resolve(data);
  const get = (f) => fetch(BASE + f).then((r) => {
    if (!r.ok) throw new Error(`${f}: ${r.status}`);
    return r.json();
  });
  if (!loading)
    loading = Promise.all(["map.json", "drawing.json", "tracks.json", "units.json"].map(get))
      .then(([map, drawing, tracks, units]) => (data = { map, drawing, tracks, units }));
  return loading;
}

let selected = null; // the selected piece's id
let expanded = null; // the area whose stack is spread out
let current = null;
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape" || (!selected && !expanded) || !current) return;
  selected = expanded = null;
  current.last.pieces = null;
  current.update(current.view, current.ctx);
});

const pair = (a, b) => `${Math.min(a, b)}-${Math.max(a, b)}`;
const pts = (path) => path.map(([x, y]) => `${(x * K).toFixed(1)},${(y * K).toFixed(1)}`).join(" ");

// The point halfway along a polyline, and the direction there.
function midway(path) {
  const seg = path.slice(1).map((q, i) => [path[i], q, Math.hypot(q[0] - path[i][0], q[1] - path[i][1])]);
  let half = seg.reduce((t, x) => t + x[2], 0) / 2;
  for (const [p, q, len] of seg) {
    if (half <= len) {
      const t = len ? half / len : 0;
      return { x: (p[0] + t * (q[0] - p[0])) * K, y: (p[1] + t * (q[1] - p[1])) * K, dx: q[0] - p[0], dy: q[1] - p[1] };
    }
    half -= len;
  }
  const [p, q] = [path[0], path.at(-1)];
  return { x: p[0] * K, y: p[1] * K, dx: q[0] - p[0], dy: q[1] - p[1] };
}

// 4.3.3's command colours as the counters print them: the data's names, a
// shade that reads on a counter for each (a name not here is used as CSS).
const SHADE = { Brown: "#8b5a2b", Green: "#2e8b57", Blue: "#5b9bd5", Red: "#d7263d", Yellow: "#f2c300",
  Purple: "#9b59b6", White: "#ffffff", Black: "#111111", Teal: "#2a9d8f", Grey: "#a0a0a0", Rose: "#f29cb7" };
const shade = (c) => SHADE[c] || c || "#888";

// A unit's short name: its name less its type ("Morell Infantry", "8 ILL
// Cavalry", "II Corps (Reserve) Artillery").
function shortName(name) {
  return name.replace(/\s*\(.*?\)/g, "").replace(/\s*(Horse Artillery|Infantry|Artillery|Cavalry)\b/i, "").trim() || name;
}

// The NATO symbol of a unit type (units.json's "type") in a box at (x, y),
// w x hh: infantry crossed, cavalry a slash, artillery a dot, horse
// artillery both.
function symbol(type, x, y, w, hh) {
  const g = [s("rect", { x, y, width: w, height: hh, class: "sym" })];
  if (type === "infantry")
    g.push(s("path", { d: `M${x},${y} L${x + w},${y + hh} M${x + w},${y} L${x},${y + hh}`, class: "sym" }));
  if (type === "cavalry" || type === "horse_artillery") g.push(s("path", { d: `M${x},${y + hh} L${x + w},${y}`, class: "sym" }));
  if (type === "artillery" || type === "horse_artillery") g.push(s("circle", { cx: x + w / 2, cy: y + hh / 2, r: hh / 4, class: "sym-dot" }));
  return g;
}

function areaTip(a, live, bounds) {
  const lines = [`${a.id} ${a.name} (${a.bank} bank)`, `control: ${live?.control ? SIDE[live.control] : "none"}`, `TEM +${a.tem}`];
  if (a.victory) lines.push("victory area (14)");
  if (a.james_river) lines.push("James River area (15.6)");
  if (live?.entrenchment) lines.push(`entrenchment: ${SIDE[live.entrenchment.side]}, level ${live.entrenchment.level} (11)`);
  if (live?.contested) lines.push("contested (10.3)");
  lines.push(`boundaries: ${bounds.join(", ")}`);
  lines.push(`source: ${a.source}`);
  return lines.join("\n");
}

// The map's fixed layers, built once per board.
function buildMap(d, b) {
  const m = d.map;
  const areaById = new Map(m.areas.map((a) => [a.id, a]));
  const bank = (id) => areaById.get(id)?.bank;
  const boundary = new Map(m.boundaries.map((x) => [pair(...x.areas), x]));
  b.isArea = (id) => typeof id === "number" && areaById.has(id);
  b.names = (id) => areaById.get(id)?.name ?? `area ${id}`;
  b.areaById = areaById;
  b.command = new Map((d.units.commands || []).map((c) => [c.id, c]));
  b.leaderCommand = new Map((d.units.leaders || []).map((l) => [l.id, l.command]));
  b.unitType = new Map((d.units.units || []).map((u) => [u.id, u.type]));
  const boundsOf = new Map();
  for (const x of m.boundaries)
    for (const [a, o] of [[x.areas[0], x.areas[1]], [x.areas[1], x.areas[0]]]) {
      if (!boundsOf.has(a)) boundsOf.set(a, []);
      boundsOf.get(a).push(`${b.names(o)} (${x.type}${x.road ? ", road" : ""}${x.bridge ? `, ${x.bridge}` : ""})`);
    }

  b.areas = new Map(); // id -> {poly, tip, base, a, live}
  const gArea = s("g", { class: "areas" });
  for (const o of d.drawing.areas) {
    const a = areaById.get(o.id);
    const tip = title("");
    const poly = s("polygon", { points: pts(o.outline), class: `area ${a.bank}`, "data-area": a.id }, tip);
    poly.addEventListener("click", () => b.onArea(a.id));
    keyable(poly, () => b.onArea(a.id));
    gArea.append(poly);
    b.areas.set(a.id, { poly, tip, a, base: "", live: undefined, bounds: boundsOf.get(a.id) || [] });
  }
  // Boundaries by type (3.2): open thin, minor water blue, major water a
  // river with its bridge; an edge two areas share without a boundary is
  // water without a bridge (3.2, README decision 19: the Chickahominy
  // between the banks, or on one bank the creek map.json's no_boundary
  // names in `water`), or no boundary at all.
  const gEdge = s("g", { class: "edges" });
  const touching = new Set((d.drawing.touching_without_boundary || []).map((p) => pair(...p)));
  const creek = new Map((m.no_boundary || []).filter((x) => x.water).map((x) => [pair(...x.areas), x]));
  b.edgeAt = new Map();
  for (const e of d.drawing.edges) {
    const k = pair(...e.areas);
    const x = boundary.get(k);
    const water = x ? null : creek.get(k)?.water ?? (bank(e.areas[0]) !== bank(e.areas[1]) ? "the Chickahominy" : null);
    const kind = x ? x.type : water ? "river" : "none";
    const what = x ? `${x.type} boundary${x.road ? ", road" : ""}${x.bridge ? `, ${x.bridge}` : ""}`
      : water ? `${water} without a bridge: no boundary (3.2)` : "no boundary: not adjacent (map.json)";
    const src = x?.source ?? creek.get(k)?.source;
    for (const path of e.paths) {
      gEdge.append(s("polyline", { points: pts(path), class: `edge ${kind}`, "data-edge": k, "data-water": water },
        title(`${b.names(e.areas[0])} – ${b.names(e.areas[1])}: ${what}${src ? `\nsource: ${src}` : ""}${!x && touching.has(k) ? "\nreconstructed outlines touch here (drawing.json)" : ""}`)));
      if (!b.edgeAt.has(k)) b.edgeAt.set(k, path);
    }
    // A road across a boundary without a bridge (9.2: off the roads a
    // crossing takes the whole allowance).
    if (x?.road && !x.bridge && e.paths.length) {
      const mid = midway(e.paths[0]);
      gEdge.append(s("circle", { cx: mid.x.toFixed(1), cy: mid.y.toFixed(1), r: 4, class: "road", "data-road": k },
        title(`road: ${b.names(e.areas[0])} – ${b.names(e.areas[1])} (9.2)\nsource: ${x.source}`)));
    }
  }
  // The James River (15.6): where a James River area's outline runs along
  // the sketch's south edge (the outlines put only those areas there).
  const [, south] = d.drawing.size;
  const james = new Set(m.james_river?.areas || []);
  for (const o of d.drawing.areas) {
    if (!james.has(o.id)) continue;
    const ol = o.outline;
    ol.forEach((p, i) => {
      const q = ol[(i + 1) % ol.length];
      if (p[1] === south && q[1] === south)
        gEdge.append(s("polyline", { points: pts([p, q]), transform: "translate(0,-7)", class: "james", "data-area": o.id },
          title(`the James River along ${b.names(o.id)} (15.6: a James River area)\nsource: ${m.james_river.source}`)));
    });
  }
  if (james.size) gEdge.append(s("text", { x: 500, y: south * K - 3.5, class: "james-name", "text-anchor": "middle" }, "James River"));
  // Bridges (15.4) across the middle of their boundary, coloured by the view.
  const gBridge = s("g", { class: "bridges" });
  b.bridges = new Map(); // name|pair -> {g, tip, bridge}
  for (const br of m.bridges) {
    const path = b.edgeAt.get(pair(...br.areas));
    if (!path) continue;
    const mid = midway(path);
    const ang = (Math.atan2(mid.dy, mid.dx) * 180) / Math.PI;
    const tip = title("");
    const g = s("g", { class: "bridge", "data-bridge": br.name, transform: `translate(${mid.x.toFixed(1)},${mid.y.toFixed(1)}) rotate(${(ang + 90).toFixed(1)})` }, tip,
      s("rect", { x: -13, y: -5, width: 26, height: 10, rx: 1.5 }),
      s("path", { d: "M-13,-7 L-9,-5 M-13,7 L-9,5 M13,-7 L9,-5 M13,7 L9,5", class: "bridge-ends" }),
      s("path", { d: "M-8,-8 L8,8 M-8,8 L8,-8", class: "bridge-x" }));
    gBridge.append(g);
    b.bridges.set(`${br.name}|${pair(...br.areas)}`, { g, tip, br });
  }
  // Names, TEMs, victory rings and the James River's anchors.
  const gLabel = s("g", { class: "labels" });
  b.marks = new Map(); // area id -> g of live marks (entrenchment, contested)
  for (const a of m.areas) {
    const x = a.x * K, y = a.y * K;
    if (a.victory) gLabel.append(s("circle", { cx: x, cy: y - 34, r: 9, class: "vp-ring" }), s("text", { x, y: y - 30.5, class: "vp", "text-anchor": "middle" }, "★"));
    gLabel.append(s("text", { x, y: y - 16, class: "area-name", "text-anchor": "middle" }, a.name),
      s("text", { x, y: y - 5, class: "area-tem", "text-anchor": "middle" }, `${a.id} · TEM +${a.tem}${a.james_river ? " · ⚓" : ""}`));
    const g = s("g", { class: "area-marks", "data-area": a.id });
    gLabel.append(g);
    b.marks.set(a.id, g);
  }
  b.gPiece = s("g", { class: "pieces" });
  const [w, hh] = d.drawing.size;
  const svg = s("svg", { viewBox: `0 0 ${w * K} ${hh * K}`, class: "lw-map boal-map", role: "img", "aria-label": "Birth of a Legend map" },
    s("defs", {}, s("pattern", { id: "boal-hatch", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 5, height: 12, fill: "#b22", opacity: 0.35 }))),
    gArea, gEdge, gBridge, gLabel, b.gPiece);
  return svg;
}

// Colours the areas whose view entry changed, and their marks.
function recolour(b, areas) {
  redrawChanged(b.areas, areas, (x, v, id) => {
    x.poly.classList.remove("union", "confederate");
    if (v?.control) x.poly.classList.add(v.control);
    x.poly.classList.toggle("contested", !!v?.contested);
    x.poly.dataset.control = v?.control || "";
    x.base = areaTip(x.a, v, x.bounds);
    x.tip.textContent = x.base + (x.litText || "");
    const g = b.marks.get(id);
    const a = x.a;
    const parts = [];
    if (v?.contested) parts.push(s("polygon", { points: x.poly.getAttribute("points"), class: "contested-hatch" }));
    if (v?.entrenchment) {
      const ex = a.x * K + 40, ey = a.y * K - 40;
      parts.push(s("g", { class: `entrenchment ${v.entrenchment.side}`, "data-level": v.entrenchment.level },
        s("rect", { x: ex - 11, y: ey - 8, width: 22, height: 16, rx: 2 }),
        s("path", { d: `M${ex - 8},${ey + 3} l4,-6 l4,6 l4,-6 l4,6`, class: "trench" }),
        s("text", { x: ex + 14, y: ey + 4, class: "ent-level" }, String(v.entrenchment.level))));
    }
    g.replaceChildren(...parts);
  });
}

function recolourBridges(b, bridges) {
  for (const live of bridges || []) {
    const x = b.bridges.get(`${live.name}|${pair(...live.areas)}`);
    if (!x) continue;
    x.g.setAttribute("class", `bridge ${live.state}`);
    x.g.dataset.state = live.state;
    x.tip.textContent = `${live.name} (15.4): ${live.state === "destroyed" ? "destroyed" : `held by the ${SIDE[live.state]}`}\n${b.names(live.areas[0])} – ${b.names(live.areas[1])}\nsource: ${x.br.source}`;
  }
}

// Lights the areas the current actions (or the selected piece's) name.
function relight(b, actions, picked) {
  const byArea = actionsByArea(picked ? destinations(actions, picked) : actions, b.isArea);
  for (const [id, x] of b.areas) {
    const lit = byArea.get(id);
    x.poly.classList.toggle("lit", !!lit);
    x.poly.classList.toggle("dest", !!lit && !!picked);
    // a lit area is reached by Tab, and Enter plays it as a click does
    if (lit) x.poly.setAttribute("tabindex", 0);
    else x.poly.removeAttribute("tabindex");
    x.litText = lit ? `\n${lit.map((e) => e.entry.label).join("\n")}` : "";
    x.tip.textContent = x.base + x.litText;
  }
  b.byArea = byArea;
}

const CW = 32, CH = 32, GAP = 3;

function unitCounter(u, x, y, role, picked, b) {
  const type = b.unitType.get(u.id);
  const cmd = b.command.get(u.command);
  const cls = `counter unit ${u.side}${u.exhausted ? " exhausted" : " fresh"}${u.reduced ? " reduced" : ""}${u.side === role ? " own" : ""}${u.id === picked ? " selected" : ""}`;
  const g = s("g", { class: cls, "data-unit": u.id, "data-area": u.area, "data-side": u.side, "data-exhausted": u.exhausted, "data-command": u.command, tabindex: 0 },
    title(`${u.name} (${SIDE[u.side]}, ${cmd ? `${cmd.name}, ${cmd.colour}` : u.command})\n${u.exhausted ? "exhausted (back side)" : "fresh"}${u.reduced ? ", reduced (15.5)" : ""}\n` +
      `attack ${u.attack}, defense ${u.defense}, move ${u.move}\nin ${b.names(u.area)}`),
    s("rect", { x, y, width: CW, height: CH, rx: 2.5, class: "face" }),
    s("rect", { x: x + 1, y: y + 1, width: CW - 2, height: 4, fill: shade(cmd?.colour), class: "command-band" }),
    symbol(type, x + 9, y + 6, 14, 8),
    s("text", { x: x + CW / 2, y: y + 21, "text-anchor": "middle", class: "counter-name" }, shortName(u.name).slice(0, 9)),
    s("text", { x: x + CW / 2, y: y + 30, "text-anchor": "middle", class: "counter-sub" }, `${u.attack}-${u.defense}-${u.move}`));
  if (u.exhausted) g.append(s("path", { d: `M${x},${y + CH} L${x + CW},${y}`, class: "exhausted-band" }));
  if (u.reduced) g.append(s("rect", { x: x + CW - 7, y: y + 1, width: 6, height: 6, class: "reduced-mark" }));
  return g;
}

function leaderCounter(l, x, y, role, picked, cmd) {
  const cls = `counter leader ${l.side}${l.inactive ? " inactive" : ""}${l.army ? " army" : ""}${l.side === role ? " own" : ""}${l.id === picked ? " selected" : ""}`;
  return s("g", { class: cls, "data-leader": l.id, "data-area": l.area, "data-side": l.side, tabindex: 0 },
    title(`${l.name} (${SIDE[l.side]}${l.army ? ", army leader" : cmd ? `, ${cmd.name}, ${cmd.colour}` : ""})\ninitiative ${l.initiative}, combat ${l.combat}${l.inactive ? "\ninactive" : ""}`),
    s("circle", { cx: x, cy: y, r: 12, class: "face" }),
    cmd && !l.army ? s("circle", { cx: x, cy: y, r: 9.5, fill: "none", stroke: shade(cmd.colour), "stroke-width": 2.5, class: "command-ring" }) : null,
    s("text", { x, y: y - 1, "text-anchor": "middle", class: "leader-name" }, l.name.split(/\s+/).pop().slice(0, 8)),
    s("text", { x, y: y + 8, "text-anchor": "middle", class: "leader-sub" }, l.army ? `★ ${l.initiative}` : `${l.initiative}-${l.combat}`));
}

// Every unit and leader on the map under its area's name: up to STACK
// units side by side; more as a stack (each counter a little off the one
// below, the count beside it), which a click spreads out over the map
// until another stack is spread, its close box is clicked or Escape.
const STACK = 4;
function drawPieces(b, board, role, picked) {
  const perArea = new Map();
  const of = (id) => perArea.get(id) || perArea.set(id, { u: [], l: [] }).get(id);
  for (const u of board.units || []) if (b.isArea(u.area)) of(u.area).u.push(u);
  for (const l of board.leaders || []) if (!l.killed && b.isArea(l.area)) of(l.area).l.push(l);
  if (expanded !== null && !(perArea.get(expanded)?.u.length > STACK)) expanded = null;
  const out = [];
  let top = null; // the spread stack, drawn last
  const train = board.track?.supply_train?.area;
  for (const [id, { u, l }] of perArea) {
    const a = b.areaById.get(id);
    const cx = a.x * K, y0 = a.y * K + 2;
    const spread = u.length <= STACK || id === expanded;
    const g = s("g", { class: `stack${spread ? "" : " stacked"}${id === expanded ? " spread" : ""}`, "data-area": id });
    if (spread) {
      const cols = Math.min(id === expanded ? 5 : STACK, Math.max(1, u.length));
      const rows = Math.ceil(u.length / cols);
      const x0 = cx - (cols * (CW + GAP) - GAP) / 2;
      if (id === expanded) {
        const close = s("g", { class: "stack-close" }, title("Close the stack (Escape)"),
          s("rect", { x: x0 + cols * (CW + GAP) - 4, y: y0 - 12, width: 14, height: 14, rx: 2 }),
          s("text", { x: x0 + cols * (CW + GAP) + 3, y: y0 - 1.5, "text-anchor": "middle" }, "×"));
        close.addEventListener("click", (ev) => { ev.stopPropagation(); expanded = null; b.redrawPieces(); });
        g.append(s("rect", { x: x0 - 6, y: y0 - 6, width: cols * (CW + GAP) + 9, height: rows * (CH + GAP) + 9, rx: 4, class: "stack-back" },
          title(`${a.name}: ${u.length} units`)), close);
      }
      u.forEach((x, i) => g.append(b.counter(x, x0 + (i % cols) * (CW + GAP), y0 + Math.floor(i / cols) * (CH + GAP), role, picked)));
    } else {
      const n = u.length, off = 4;
      const x0 = cx - (CW + (n - 1) * off) / 2;
      u.forEach((x, i) => g.append(b.counter(x, x0 + i * off, y0 + i * off * 0.6, role, picked)));
      g.append(s("text", { x: x0 + (n - 1) * off + CW + 3, y: y0 + (n - 1) * off * 0.6 + CH - 2, class: "stack-count" }, `×${n}`));
      g.append(title(`${a.name}: ${n} units (click to spread the stack)\n${u.map((x) => `${x.name} ${x.attack}-${x.defense}-${x.move}${x.exhausted ? " exhausted" : ""}`).join("\n")}`));
    }
    l.forEach((x, i) => {
      const c = leaderCounter(x, cx + (i - (l.length - 1) / 2) * 27, y0 - 46, role, picked, b.command.get(b.leaderCommand.get(x.id)));
      const act = (ev) => { ev.stopPropagation(); b.pickPiece(x.id, x.name); };
      c.addEventListener("click", act);
      keyable(c, act);
      out.push(c);
    });
    if (id === expanded) top = g;
    else out.push(g);
  }
  if (b.isArea(train)) {
    const a = b.areaById.get(train);
    out.push(s("g", { class: "train", "data-area": train }, title(`Union supply train (6.2.2) in ${a.name}`),
      s("rect", { x: a.x * K - 62, y: a.y * K - 46, width: 26, height: 14, rx: 2 }),
      s("text", { x: a.x * K - 49, y: a.y * K - 36, "text-anchor": "middle" }, "TRAIN")));
  }
  if (top) out.push(top);
  b.gPiece.replaceChildren(...out);
}

const NOTE = "Area outlines reconstructed, for drawing only: the rules' text has no map, and the module's data gives each area a point on a 100 x 100 sketch; the outlines are grown from those points so that areas share an edge where the data makes them adjacent. Hover an area, a boundary or a counter for its facts and sources.";

function legend(m) {
  const creeks = (m.no_boundary || []).filter((x) => x.water).map((x) => x.water);
  const line = (cls, text) => h("li", {}, s("svg", { width: 30, height: 12, class: "swatch boal-key", "aria-hidden": "true" },
    s("line", { x1: 2, y1: 6, x2: 28, y2: 6, class: `edge ${cls}` })), ` ${text}`);
  return h("ul", { class: "lw-legend", id: "boal-legend" },
    line("open", "open boundary"), line("minor", "minor water boundary (3.2)"),
    line("major", "major water: crossed only at a bridge (9.5.2)"), line("river", `water without a bridge: no boundary (3.2): the Chickahominy between the banks${creeks.length ? `, ${creeks.join(", ")} on one bank` : ""}`),
    line("none", "no boundary: the outlines touch, the areas are not adjacent"),
    h("li", {}, s("svg", { width: 30, height: 12, class: "swatch boal-key", "aria-hidden": "true" },
      s("line", { x1: 2, y1: 6, x2: 28, y2: 6, class: "james" })), " the James River along the James River areas (15.6; ⚓ marks them all)"),
    h("li", {}, s("svg", { width: 30, height: 12, class: "swatch boal-key", "aria-hidden": "true" },
      s("circle", { cx: 15, cy: 6, r: 4, class: "road" })), " a road crosses the boundary; without one a crossing takes the whole allowance (9.2)"),
    h("li", {}, "Counters: the band atop is the command's colour (4.3.3; a ring on a leader); attack-defense-move; a diagonal band is the exhausted side; a white corner a reduced division (15.5); round counters are leaders (initiative-combat, ★ army leader)."),
    h("li", {}, "★ victory area; ⚓ James River area (15.6); the zigzag box an entrenchment with its level; red hatching a contested area."));
}

function makeBoard(container, d) {
  const b = { byArea: new Map(), last: {} };
  b.onArea = (id) => {
    const entries = b.byArea.get(id);
    if (!entries?.length || playSingle(entries, b.ctx)) return;
    b.ctx.offer([...new Set(entries.map((x) => x.entry))], b.names(id));
  };
  // A unit's counter: in a stack a click spreads the stack; else it picks.
  b.counter = (u, x, y, role, picked) => {
    const g = unitCounter(u, x, y, role, picked, b);
    const act = (ev) => {
      ev.stopPropagation();
      if (g.parentNode?.classList.contains("stacked")) {
        expanded = u.area;
        b.redrawPieces();
      } else b.pickPiece(u.id, u.name);
    };
    g.addEventListener("click", act);
    return keyable(g, act);
  };
  b.redrawPieces = () => {
    b.last.pieces = null;
    b.update(b.view, b.ctx);
  };
  b.pickPiece = (id, name) => {
    const acts = pieceActions(b.view.actions, id);
    if (selected !== id && destinations(b.view.actions, id).length) selected = id;
    else selected = null;
    b.ctx.offer(acts, name);
    b.update(b.view, b.ctx);
  };
  const svg = buildMap(d, b);
  const [w, hh] = d.drawing.size;
  b.panel = h("div", { class: "boal-panel" });
  b.root = mapFrame(container, { svg, width: w * K, height: hh * K, panel: b.panel, cls: "boal", key: "Map key", legend: legend(d.map), note: NOTE });

  const changed = changeTracker(b.last);
  b.update = (view, ctx) => {
    b.view = view;
    b.ctx = ctx;
    current = b;
    const board = view.board || {};
    if (selected && !destinations(view.actions, selected).length) selected = null;
    if (changed("areas", [board.areas])) recolour(b, board.areas);
    if (changed("light", [view.actions, selected])) relight(b, view.actions, selected);
    if (changed("bridges", [board.bridges])) recolourBridges(b, board.bridges);
    // A seat's own pieces are those of the side it plays: 16.1.1's bid may
    // give the union seat the Confederates (board.track.sides).
    const side = board.track?.sides?.[ctx.role] ?? ctx.role;
    if (changed("pieces", [board.units, board.leaders, board.track, side, selected])) drawPieces(b, board, side, selected);
    if (changed("panel", [board.track, board.impulse, board.areas]))
      b.panel.replaceWith((b.panel = tracksPanel(view, d.tracks, b.names)));
  };
  return b;
}

export const renderBoard = (container, view, ctx) => renderMap(container, "boalBoard", loadData, makeBoard, view, ctx);
