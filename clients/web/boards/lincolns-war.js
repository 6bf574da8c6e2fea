// boards/lincolns-war.js — Lincoln's War on an SVG hex map. The map is the
// module's own data (server/games/lincolns_war/data/map.json, served at
// /games/lincolns-war/map.json and cached by its ETag); the view gives what
// changes: forces (your own in full, the enemy's only as 12.7's fog of war
// lets the view show them), city control, the players' PC, CSP and hands,
// the turn. Most of the map is reconstructed from the rulebook's text (the
// printed map is not published): the map says so under it, and every hex,
// city, river and rail line names its source when hovered.
//
// Map picking: a hex that a legal action names (move to, attack, arrive,
// place...) is lit; clicking it plays the action when it is the only one,
// else the action list shows just the actions naming that hex. Picking a
// force (clicking its counter) selects it: only its destinations stay lit
// (the hexes named by the offered actions that name one of its units, or,
// for the force in motion, board.play.co, the actions that name no unit),
// the action list shows its actions, and clicking a lit hex plays the one
// action that goes there (or lists them when several do). Clicking the
// counter again, or Escape, drops the selection. Everything is derived from
// the offered actions: the page knows no rule. The action list stays, so
// the keyboard plays as before.

import { h, clear } from "../dom.js";

const SVG = "http://www.w3.org/2000/svg";
const S = 20; // hex size: centre to corner
const W = S * 1.5;
const HT = Math.sqrt(3) * S;
const HEX_KEYS = ["to", "target", "hex", "from", "dest", "where"];

let mapData = null;
let zoom = 1; // kept across redraws
let mapLoading = null;

function loadMap() {
  if (mapData) return Promise.resolve(mapData);
  if (!mapLoading)
    mapLoading = fetch("/games/lincolns-war/map.json").then((r) => {
      if (!r.ok) throw new Error(`map: ${r.status}`);
      return r.json();
    }).then((m) => (mapData = m));
  return mapLoading;
}

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c);
  return el;
}

function title(text) {
  return s("title", {}, text);
}

const num = (hex) => Number(hex);
const col = (hex) => Math.floor(num(hex) / 100);
const row = (hex) => num(hex) % 100;
const pad = (hex) => String(num(hex)).padStart(4, "0");

// Flat-topped hexes in columns, odd columns half a hex lower ("odd-q").
function centre(hex) {
  const c = col(hex), r = row(hex);
  return [S + W * (c - 1), HT / 2 + HT * (r - 1 + (c % 2 ? 0.5 : 0))];
}

function corners(hex) {
  const [x, y] = centre(hex);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + S * Math.cos(a)).toFixed(1)},${(y + S * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// The edge two neighbouring hexes share, "0806/0905".
function hexside(pair) {
  const [a, b] = pair.split("/");
  const [ax, ay] = centre(a), [bx, by] = centre(b);
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const dx = bx - ax, dy = by - ay, d = Math.hypot(dx, dy);
  const px = (-dy / d) * (S / 2), py = (dx / d) * (S / 2);
  return { x1: mx - px, y1: my - py, x2: mx + px, y2: my + py };
}

const reconstructed = (src) => typeof src === "string" && /reconstructed/i.test(src);

const SIDE_FILL = { union: "#3d5a80", confederate: "#8d8d8d", neutral: "#c9b458" };
const TERRITORY_FILL = { union: "#dfe7f2", confederate: "#ece6dc", neutral: "#f1eccd" };

// Hex -> {state, name, territory, source}.
function hexIndex(m) {
  const idx = new Map();
  for (const [code, st] of Object.entries(m.states || {}))
    for (const hx of st.hexes || []) idx.set(num(hx), { state: code, name: st.name, territory: st.territory, source: st.source });
  for (const hx of m.ocean?.hexes || []) idx.set(num(hx), { ocean: true, source: m.ocean.source });
  return idx;
}

// Which hexes each legal action names: in "action" (a number that is a
// map hex) or as a param's choices.
function actionsByHex(actions, isHex) {
  const by = new Map();
  const add = (hx, entry, value) => {
    if (!isHex(hx)) return;
    if (!by.has(hx)) by.set(hx, []);
    by.get(hx).push({ entry, value });
  };
  for (const entry of actions || []) {
    const a = entry.action || {};
    for (const k of HEX_KEYS) if (typeof a[k] === "number") add(a[k], entry, null);
    for (const p of entry.params || [])
      if (HEX_KEYS.includes(p.name))
        for (const c of p.choices || []) if (typeof c.value === "number") add(c.value, entry, { [p.name]: c.value });
  }
  return by;
}

function unitIds(force) {
  return [force.co?.id, ...(force.subordinates || []).map((u) => u.id)].filter(Boolean);
}

// The unit ids an action names (string values, or strings in an array).
function namedIds(entry) {
  const ids = [];
  for (const v of Object.values(entry.action || {})) {
    if (typeof v === "string") ids.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === "string") ids.push(x);
  }
  return ids;
}

// The offered actions that belong to a force: those naming one of its
// units, and, when it is the force in motion (board.play.co), those naming
// no unit on the map at all (move to, attack, stop).
function ownActions(view, f) {
  const forces = view.board?.forces || [];
  const all = new Set(forces.flatMap(unitIds));
  const mine = new Set(unitIds(f));
  const moving = view.board?.play?.co && mine.has(view.board.play.co);
  return (view.actions || []).filter((entry) => {
    const ids = namedIds(entry).filter((id) => all.has(id));
    return ids.length ? ids.some((id) => mine.has(id)) : moving;
  });
}

// The selected force (its CO's id), kept across redraws while it still has
// somewhere to go; Escape drops it and redraws the board last drawn.
let selected = null;
let current = null;
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape" || !selected || !current) return;
  selected = null;
  current();
});

function counterText(f, own) {
  const co = f.co || {};
  const short = (co.name || co.id || "?").split(/\s+/).pop();
  const stars = own && typeof f.stars === "number" ? `${f.stars}★` : f.kind === "major" ? "major" : f.kind === "minor" ? "minor" : "";
  return [short, stars];
}

function forceTitle(f, own) {
  const co = f.co || {};
  const lines = [`${f.side} force at ${pad(f.hex)}: ${co.name ?? co.id}${co.stars ? ` (${co.stars}★)` : ""}${co.cavalry ? ", cavalry" : ""}`];
  if (own) lines.push(`${f.stars ?? "?"} stars of infantry, IT ${f.it}`);
  else lines.push(`${f.kind} force (12.7: what is under its commander is hidden)${f.it ? `, IT ${f.it}` : ""}`);
  for (const u of f.subordinates || []) lines.push(`  ${u.name ?? u.id} ${u.stars}★${u.cavalry ? " cavalry" : ""}`);
  if (f.out_of_supply) lines.push("out of supply");
  if (f.besieged) lines.push("besieged");
  if (f.besieging) lines.push("besieging");
  return lines.join("\n");
}

function drawMap(m, view, ctx, onHex) {
  const board = view.board || {};
  const idx = hexIndex(m);
  const [c0, c1] = m.columns || [1, 25];
  const [r0, r1] = m.rows || [1, 18];
  const width = S + W * (c1 - 1) + S;
  const height = HT * (r1 + 0.5);
  const isHex = (hx) => typeof hx === "number" && col(hx) >= c0 && col(hx) <= c1 && row(hx) >= r0 && row(hx) <= r1;
  const picked = selected && (board.forces || []).find((f) => f.side === ctx.role && f.co?.id === selected);
  const byHex = actionsByHex(picked ? ownActions(view, picked) : view.actions, isHex);
  const mountains = new Set((m.mountains?.hexes || []).map(num));
  const cityOwner = new Map((board.cities || []).map((c) => [c.id, c]));

  const gHex = s("g", { class: "hexes" });
  for (let c = c0; c <= c1; c++)
    for (let r = r0; r <= r1; r++) {
      const hx = c * 100 + r;
      const info = idx.get(hx) || {};
      const fill = info.ocean ? "#a9c7e0" : TERRITORY_FILL[info.territory] || "#eee";
      const lit = byHex.has(hx);
      const poly = s("polygon", {
        points: corners(hx), fill, stroke: "#b9b2a3", "stroke-width": 0.6,
        class: `hex${lit ? " lit" : ""}${lit && picked ? " dest" : ""}${mountains.has(hx) ? " mountain" : ""}`,
        "data-hex": pad(hx), "data-state": info.state || (info.ocean ? "sea" : ""),
      }, title(`${pad(hx)}${info.name ? ` ${info.name}` : info.ocean ? " sea" : ""}${mountains.has(hx) ? ", mountain" : ""}` +
        `${lit ? `\n${byHex.get(hx).map((x) => x.entry.label).join("\n")}` : ""}\nsource: ${info.source || "—"}`));
      poly.addEventListener("click", () => onHex(hx, byHex.get(hx)));
      gHex.append(poly);
      if (mountains.has(hx)) {
        const [x, y] = centre(hx);
        gHex.append(s("path", { d: `M${x - 7},${y + 6} l4,-7 l3,4 l3,-6 l4,9`, fill: "none", stroke: "#8a6d3b", "stroke-width": 1, "pointer-events": "none" }));
      }
    }
  const gRail = s("g", { class: "rails", "pointer-events": "stroke" });
  for (const rail of m.rails || []) {
    const pts = (rail.path || []).map((hx) => centre(hx).map((v) => v.toFixed(1)).join(",")).join(" ");
    gRail.append(s("polyline", { points: pts, fill: "none", stroke: "#5b4636", "stroke-width": 1.4, "stroke-dasharray": "4 2", class: "rail" },
      title(`rail: ${rail.name}\nsource: ${rail.source}`)));
  }
  const gRiver = s("g", { class: "rivers" });
  for (const river of m.rivers || [])
    for (const side of river.hexsides || []) {
      const e = hexside(side);
      gRiver.append(s("line", { ...e, stroke: "#2b6cb0", "stroke-width": 3, "stroke-linecap": "round", class: "river" },
        title(`${river.name} (${side})\nsource: ${river.source}`)));
    }
  for (const line of m.impassable || [])
    for (const side of line.hexsides || []) {
      const e = hexside(side);
      gRiver.append(s("line", { ...e, stroke: "#333", "stroke-width": 4, class: "impassable" },
        title(`impassable: ${line.name} (${side})\nsource: ${line.source}`)));
    }
  const gCity = s("g", { class: "cities" });
  for (const city of m.cities || []) {
    const [x, y] = centre(city.hex);
    const live = cityOwner.get(city.id);
    const owner = live?.owner ?? city.control ?? "neutral";
    const recon = reconstructed(city.source);
    const facts = [`${city.name} (${pad(city.hex)})`, `control: ${owner}`,
      `defense ${live?.defense ?? city.defense}, supply ${city.supply}${city.vp ? `, ${city.vp} VP` : ""}`,
      city.capital ? "capital" : null, city.ports?.length ? `port: ${city.ports.join(", ")}` : null,
      live?.garrison ? "garrisoned" : null, `source: ${city.source}`].filter(Boolean).join("\n");
    const g = s("g", { class: `city${recon ? " reconstructed" : ""}`, "data-city": city.id, "data-hex": pad(city.hex) }, title(facts));
    if (city.capital) g.append(s("rect", { x: x - 6, y: y - 6, width: 12, height: 12, fill: SIDE_FILL[owner] || "#fff", stroke: "#000", "stroke-width": 1.2 }));
    else g.append(s("circle", { cx: x, cy: y, r: 4.5, fill: SIDE_FILL[owner] || "#fff", stroke: "#000", "stroke-width": 1 }));
    if (recon) g.append(s("circle", { cx: x, cy: y, r: 8, fill: "none", stroke: "#a0522d", "stroke-width": 0.8, "stroke-dasharray": "1.5 1.5" }));
    if (city.vp) g.append(s("text", { x: x + 6, y: y - 5, class: "vp" }, String(city.vp)));
    if (city.ports?.includes("ocean")) g.append(s("text", { x: x - 12, y: y - 4, class: "port" }, "⚓"));
    g.append(s("text", { x, y: y + 13, class: "city-name", "text-anchor": "middle" }, city.name));
    g.addEventListener("click", () => onHex(num(city.hex), byHex.get(num(city.hex))));
    gCity.append(g);
  }
  const gForce = s("g", { class: "forces" });
  const perHex = new Map();
  for (const f of board.forces || []) {
    const k = perHex.get(f.hex) || 0;
    perHex.set(f.hex, k + 1);
    const own = f.side === ctx.role;
    const [x, y] = centre(f.hex);
    const ox = x - 13 + k * 6, oy = y - 15 + k * 6;
    const [name, sub] = counterText(f, own);
    const g = s("g", { class: `counter ${f.side}${own ? " own" : ""}${f === picked ? " selected" : ""}`, "data-hex": pad(f.hex), "data-side": f.side, "data-co": f.co?.id || "", tabindex: 0 },
      title(forceTitle(f, own)),
      s("rect", { x: ox, y: oy, width: 26, height: 18, rx: 2, fill: SIDE_FILL[f.side] || "#555", stroke: own ? "#ffd166" : "#111", "stroke-width": own ? 1.6 : 1 }),
      s("text", { x: ox + 13, y: oy + 8, "text-anchor": "middle", class: "counter-name" }, name.slice(0, 8)),
      s("text", { x: ox + 13, y: oy + 15.5, "text-anchor": "middle", class: "counter-sub" }, sub));
    if (f.out_of_supply) g.append(s("circle", { cx: ox + 24, cy: oy + 2, r: 2.5, fill: "#d00" }));
    g.addEventListener("click", (ev) => {
      ev.stopPropagation();
      ctx.pickForce(f);
    });
    gForce.append(g);
  }
  const svg = s("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, class: "lw-map", role: "img", "aria-label": "Lincoln's War map" },
    gHex, gRail, gRiver, gCity, gForce);
  return svg;
}

// The actions that name a force's units, or its hex (as origin or target).
function forceActions(actions, f) {
  const ids = new Set(unitIds(f));
  return (actions || []).filter((entry) => {
    const a = entry.action || {};
    const vals = Object.values(a);
    return vals.some((v) => (typeof v === "string" && ids.has(v)) || (Array.isArray(v) && v.some((x) => ids.has(x))) || v === f.hex);
  });
}

function sidePanel(view, role) {
  const b = view.board || {};
  const players = b.players || {};
  const rows = ["union", "confederate"].map((side) => {
    const p = players[side] || {};
    return h("tr", { class: side === role ? "mine" : "" },
      h("th", {}, side), h("td", {}, p.pc ?? "—"), h("td", {}, p.csp ?? "—"),
      h("td", {}, p.hand ? p.hand.length : p.hand_count ?? "—"), h("td", {}, p.deck_count ?? "—"));
  });
  const turn = b.turn ? `${b.turn.name ?? ""} (turn ${(b.turn.index ?? 0) + 1})` : "";
  const me = players[role];
  const hand = me?.hand || [];
  const battle = b.battle;
  const backs = [];
  if (battle?.commitments)
    for (const [side, c] of Object.entries(battle.commitments))
      if (c.committed && c.resource === undefined) backs.push(h("span", { class: "card-back", title: `${side}'s commitment, face down` }, `${side}: face down`));
  return h("div", { class: "lw-panel" },
    h("p", { class: "lw-turn" }, h("strong", {}, turn), b.phase ? ` · ${b.phase}` : "", b.phasing ? ` · ${b.phasing} phasing` : ""),
    h("table", { class: "lw-players" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "PC"), h("th", {}, "CSP"), h("th", {}, "hand"), h("th", {}, "deck"))),
      h("tbody", {}, rows)),
    backs.length ? h("p", { class: "lw-commit" }, "Battle commitments: ", backs) : null,
    role === "union" || role === "confederate"
      ? h("details", { class: "lw-hand", open: hand.length > 0 }, h("summary", {}, `Your hand (${hand.length})`),
        h("ul", {}, hand.map((c) => h("li", {}, h("strong", {}, `${c.number ?? ""} ${c.name ?? ""}${c.pc !== undefined ? ` (${c.pc} PC)` : ""}`), " ", h("span", { class: "muted" }, c.text ?? "")))))
      : null);
}

// A force's own actions that name a hex: what its selection lights.
function destinations(view, f) {
  return ownActions(view, f).filter((entry) => {
    const a = entry.action || {};
    return HEX_KEYS.some((k) => typeof a[k] === "number") ||
      (entry.params || []).some((p) => HEX_KEYS.includes(p.name) && (p.choices || []).length);
  });
}

export async function renderBoard(container, view, ctx) {
  const redraw = () => renderBoard(container, view, ctx);
  const pickForce = (f) => {
    const own = f.side === ctx.role;
    const acts = own ? ownActions(view, f) : forceActions(view.actions, f);
    if (own && selected !== f.co?.id && destinations(view, f).length) selected = f.co?.id;
    else selected = null;
    ctx.offer(acts, `${f.co?.name ?? "force"} at ${pad(f.hex)}`);
    redraw();
  };
  ctx = { ...ctx, pickForce };
  if (selected) {
    const f = (view.board?.forces || []).find((x) => x.side === ctx.role && x.co?.id === selected);
    if (!f || !destinations(view, f).length) selected = null;
  }
  current = redraw;
  let m;
  try {
    m = await loadMap();
  } catch (e) {
    clear(container).append(h("p", { class: "error" }, `The map could not be loaded (${e.message}).`));
    return;
  }
  const onHex = (hx, entries) => {
    if (!entries?.length) return;
    if (entries.length === 1) {
      const { entry, value } = entries[0];
      ctx.pick({ ...entry.action, ...(value || {}) });
      return;
    }
    ctx.offer([...new Set(entries.map((x) => x.entry))], `hex ${pad(hx)}`);
  };
  const svg = drawMap(m, view, ctx, onHex);
  const note = h("p", { class: "lw-recon muted" },
    "Map reconstructed from the rulebook's text: the printed map is not published, so states, coast, mountains, rivers, rails and most city hexes are laid out from 1861 geography around the hexes the rules name. Cities with a dotted ring are reconstructed; hover anything for its source.");
  svg.classList.add(`zoom-${zoom}`);
  const setZoom = (z) => {
    svg.classList.remove(`zoom-${zoom}`);
    zoom = Math.min(3, Math.max(1, z));
    svg.classList.add(`zoom-${zoom}`);
  };
  const zoomBar = h("div", { class: "lw-zoom" },
    h("button", { type: "button", id: "zoom-in", "aria-label": "Zoom in", onclick: () => setZoom(zoom + 1) }, "+"),
    h("button", { type: "button", id: "zoom-out", "aria-label": "Zoom out", onclick: () => setZoom(zoom - 1) }, "−"));
  clear(container).append(h("div", { class: "lw-board" }, zoomBar, h("div", { class: "lw-map-wrap" }, svg), sidePanel(view, ctx.role), note));
}
