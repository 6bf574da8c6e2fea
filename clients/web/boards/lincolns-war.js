// boards/lincolns-war.js — Lincoln's War on an SVG hex map. The map is the
// module's own data (server/games/lincolns_war/data/map.json, served at
// /games/lincolns-war/map.json and cached by its ETag); the view gives what
// changes: forces (your own in full, the enemy's only as 12.7's fog of war
// lets the view show them), city control, the players' PC, CSP and hands,
// the turn. Most of the map is reconstructed from the rulebook's text (the
// printed map is not published): the map says so under it, and every hex,
// city, river and rail line names its source when hovered.
//
// Drawing: the map (hexes, mountains, rails, rivers, cities) is built once
// per board; each view or patch then updates only the parts whose inputs
// changed. patch.js copies only the containers a patch touches, so "changed"
// is an identity test: new actions relight the hexes whose lighting
// changed, a changed city is recoloured, changed forces redraw the
// counters layer, a changed player or turn redraws the panel below.
//
// Map picking: a hex that a legal action names (move to, attack, arrive,
// place...) is lit; clicking it plays the action when it is the only one,
// else the action list shows just the actions naming that hex. A force's
// counter is its CO's: picking it (a click) selects the CO, a general: only
// his destinations stay lit (lw-picking.js: the hexes named by the offered
// actions that name him, or, for the force in motion, board.play.co, the
// actions that name no unit), the action list shows his actions, and
// clicking a lit hex plays the one action that goes there (or lists them
// when several do). Where other generals of the stack have actions of their
// own, a button beside the counter ("+2") spreads the stack: each general
// a counter of his own above the hex, picked the same way, so that one
// general's counter never offers another's move. Clicking the counter
// again, or Escape, drops the selection (and the spread stack). The action
// list stays, so the keyboard plays as before; on the map, the counters,
// the stack buttons and the lit hexes are Tab stops that Enter (or Space)
// picks as a click does.
// What both map boards share (picking among the offered actions, the zoom
// bar, the frame, the redraw of what changed) is map-board.js.

import { h } from "../dom.js";
import { s, title, num, col, row, pad, centre, corners, hexside, extent } from "./lw-geometry.js";
import { actionsByHex, unitActions, destinations, othersWithActions, unitIds, forceActions } from "./lw-picking.js";
import { keyable, playSingle, mapFrame, changeTracker, renderMap, redrawChanged } from "./map-board.js";
import { paramsBound } from "../params.js";

let mapData = null;
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

const reconstructed = (src) => typeof src === "string" && /reconstructed/i.test(src);

// Whether one hexside of a river or line is reconstructed: its item's
// source says "reconstructed" (a course laid out on the grid) and does not
// name this hexside itself ("rule 8.1.2.2 (river hexside 0806/0905 ...)").
function sideReconstructed(side, src) {
  if (!reconstructed(src)) return false;
  const [a, b] = side.split("/");
  const named = (x, y) => new RegExp(`(^|[^0-9/])${x}/${y}($|[^0-9/])`).test(src);
  return !named(a, b) && !named(b, a);
}

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

// The selected general (a unit id), kept across redraws while he still has
// somewhere to go, and the force whose stack is spread (its CO's id);
// Escape drops both and redraws the board last drawn.
let selected = null;
let spread = null;
let current = null;
document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape" || (!selected && !spread) || !current) return;
  selected = spread = null;
  current.update(current.view, current.ctx);
});

// A general of a force as the view gives him (the CO or a subordinate).
const unitOf = (f, id) => [f.co, ...(f.subordinates || [])].find((u) => u?.id === id) || { id };

function counterText(f, own) {
  const co = f.co || {};
  const short = (co.name || co.id || "?").split(/\s+/).pop();
  const stars = own && typeof f.stars === "number" ? `${f.stars}★` : f.kind === "major" ? "major" : f.kind === "minor" ? "minor" : "";
  return [short, stars];
}

function forceTitle(f, own, titles = {}) {
  const co = f.co || {};
  const lines = [`${titles[f.side] ?? f.side} force at ${pad(f.hex)}: ${co.name ?? co.id}${co.stars ? ` (${co.stars}★)` : ""}${co.cavalry ? ", cavalry" : ""}`];
  if (own) lines.push(`${f.stars ?? "?"} stars of infantry, IT ${f.it}`);
  else lines.push(`${f.kind} force (12.7: what is under its commander is hidden)${f.it ? `, IT ${f.it}` : ""}`);
  for (const u of f.subordinates || []) lines.push(`  ${u.name ?? u.id} ${u.stars}★${u.cavalry ? " cavalry" : ""}`);
  if (f.out_of_supply) lines.push("out of supply");
  if (f.besieged) lines.push("besieged");
  if (f.besieging) lines.push("besieging");
  return lines.join("\n");
}

function cityFacts(city, live) {
  const owner = live?.owner ?? city.control ?? "neutral";
  return [`${city.name} (${pad(city.hex)})`, `control: ${owner}`,
    `defense ${live?.defense ?? city.defense}, supply ${city.supply}${city.vp ? `, ${city.vp} VP` : ""}`,
    city.capital ? "capital" : null, city.ports?.length ? `port: ${city.ports.join(", ")}` : null,
    live?.garrison ? "garrisoned" : null, `source: ${city.source}`].filter(Boolean).join("\n");
}

// The map's fixed layers, built once per board. Returns the svg and the
// elements later updates touch.
function buildMap(m, b) {
  const idx = hexIndex(m);
  const [c0, c1] = m.columns || [1, 25];
  const [r0, r1] = m.rows || [1, 18];
  const { width, height } = extent(m);
  b.isHex = (hx) => typeof hx === "number" && col(hx) >= c0 && col(hx) <= c1 && row(hx) >= r0 && row(hx) <= r1;
  const mountains = new Set((m.mountains?.hexes || []).map(num));
  b.hexes = new Map(); // hex -> {poly, tip, base}
  const gHex = s("g", { class: "hexes" });
  for (let c = c0; c <= c1; c++)
    for (let r = r0; r <= r1; r++) {
      const hx = c * 100 + r;
      const info = idx.get(hx) || {};
      const fill = info.ocean ? "#a9c7e0" : TERRITORY_FILL[info.territory] || "#eee";
      const base = `${pad(hx)}${info.name ? ` ${info.name}` : info.ocean ? " sea" : ""}${mountains.has(hx) ? ", mountain" : ""}`;
      const src = `\nsource: ${info.source || "—"}`;
      const tip = title(base + src);
      const poly = s("polygon", {
        points: corners(hx), fill, stroke: "#b9b2a3", "stroke-width": 0.6,
        class: `hex${mountains.has(hx) ? " mountain" : ""}`,
        "data-hex": pad(hx), "data-state": info.state || (info.ocean ? "sea" : ""),
      }, tip);
      poly.addEventListener("click", () => b.onHex(hx));
      keyable(poly, () => b.onHex(hx), () => b.byHex.has(hx));
      gHex.append(poly);
      b.hexes.set(hx, { poly, tip, base, src });
      if (mountains.has(hx)) {
        const [x, y] = centre(hx);
        gHex.append(s("path", { d: `M${x - 7},${y + 6} l4,-7 l3,4 l3,-6 l4,9`, fill: "none", stroke: "#8a6d3b", "stroke-width": 1, "pointer-events": "none" }));
      }
    }
  // Rails, rivers and impassable hexsides: each item (a rail line, a
  // hexside) marked reconstructed or from the rules, by class, style (see
  // the legend) and tooltip.
  const how = (recon) => (recon ? "reconstructed" : "from the rules");
  const gRail = s("g", { class: "rails", "pointer-events": "stroke" });
  for (const rail of m.rails || []) {
    const recon = reconstructed(rail.source);
    const pts = (rail.path || []).map((hx) => centre(hx).map((v) => v.toFixed(1)).join(",")).join(" ");
    gRail.append(s("polyline", { points: pts, fill: "none", class: `rail${recon ? " reconstructed" : ""}` },
      title(`rail: ${rail.name} (${how(recon)})\nsource: ${rail.source}`)));
  }
  const gRiver = s("g", { class: "rivers" });
  for (const [kind, list] of [["river", m.rivers], ["impassable", m.impassable]])
    for (const item of list || [])
      for (const side of item.hexsides || []) {
        const recon = sideReconstructed(side, item.source);
        gRiver.append(s("line", { ...hexside(side), class: `${kind}${recon ? " reconstructed" : ""}`, "data-side": side },
          title(`${kind === "river" ? "" : "impassable: "}${item.name} (${side}, ${how(recon)})\nsource: ${item.source}`)));
      }
  b.cities = new Map(); // city id -> {city, mark, tip, live}
  const gCity = s("g", { class: "cities" });
  for (const city of m.cities || []) {
    const [x, y] = centre(city.hex);
    const recon = reconstructed(city.source);
    const owner = city.control ?? "neutral";
    const tip = title(cityFacts(city, null));
    const g = s("g", { class: `city${recon ? " reconstructed" : ""}`, "data-city": city.id, "data-hex": pad(city.hex) }, tip);
    const mark = city.capital
      ? s("rect", { x: x - 6, y: y - 6, width: 12, height: 12, fill: SIDE_FILL[owner] || "#fff", stroke: "#000", "stroke-width": 1.2 })
      : s("circle", { cx: x, cy: y, r: 4.5, fill: SIDE_FILL[owner] || "#fff", stroke: "#000", "stroke-width": 1 });
    g.append(mark);
    if (recon) g.append(s("circle", { cx: x, cy: y, r: 8, class: "recon-ring" }));
    if (city.vp) g.append(s("text", { x: x + 6, y: y - 5, class: "vp" }, String(city.vp)));
    if (city.ports?.includes("ocean")) g.append(s("text", { x: x - 12, y: y - 4, class: "port" }, "⚓"));
    g.append(s("text", { x, y: y + 13, class: "city-name", "text-anchor": "middle" }, city.name));
    g.addEventListener("click", () => b.onHex(num(city.hex)));
    gCity.append(g);
    b.cities.set(city.id, { city, mark, tip, live: undefined });
  }
  b.gForce = s("g", { class: "forces" });
  return s("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, class: "lw-map lw-marks", role: "img", "aria-label": "Lincoln's War map" },
    gHex, gRail, gRiver, gCity, b.gForce);
}

// Lights the hexes the current actions (or the selected force's) name;
// touches only the hexes whose lighting changes, and the lit ones' tips.
function relight(b, view, picked) {
  const byHex = actionsByHex(picked ? unitActions(view, picked) : view.actions, b.isHex);
  for (const hx of new Set([...b.byHex.keys(), ...byHex.keys()])) {
    const x = b.hexes.get(hx);
    const lit = byHex.get(hx);
    x.poly.classList.toggle("lit", !!lit);
    x.poly.classList.toggle("dest", !!lit && !!picked);
    // A lit hex is a Tab stop (Enter picks it, as a click does); the rest
    // of the map's 450 hexes are not.
    if (lit) {
      x.poly.setAttribute("tabindex", "0");
      x.poly.setAttribute("role", "button");
      x.poly.setAttribute("aria-label", `${x.base}: ${lit.map((e) => e.entry.label).join("; ")}`);
    } else for (const a of ["tabindex", "role", "aria-label"]) x.poly.removeAttribute(a);
    x.tip.textContent = x.base + (lit ? `\n${lit.map((e) => e.entry.label).join("\n")}` : "") + x.src;
  }
  b.byHex = byHex;
}

// Recolours the cities whose view entry changed.
function recolour(b, cities) {
  redrawChanged(b.cities, cities, (x, c) => {
    x.mark.setAttribute("fill", SIDE_FILL[c?.owner ?? x.city.control ?? "neutral"] || "#fff");
    x.tip.textContent = cityFacts(x.city, c);
  });
}

// The counters, one per force (its CO's), each own stack whose other
// generals have actions with its button beside it, and the spread stack's
// generals, each a counter of his own, drawn last (on top).
function drawForces(b, view, role, picked) {
  const perHex = new Map();
  const counters = [];
  let top = null;
  for (const f of view.board?.forces || []) {
    const k = perHex.get(f.hex) || 0;
    perHex.set(f.hex, k + 1);
    const own = f.side === role;
    const [x, y] = centre(f.hex);
    const ox = x - 13 + k * 6, oy = y - 15 + k * 6;
    const [name, sub] = counterText(f, own);
    const co = f.co?.id || "";
    const g = s("g", { class: `counter ${f.side}${own ? " own" : ""}${own && co && co === picked ? " selected" : ""}`, "data-hex": pad(f.hex), "data-side": f.side, "data-co": co, tabindex: 0,
      role: "button", "aria-pressed": String(own && !!co && co === picked), "aria-label": forceTitle(f, own, b.ctx?.titles).split("\n")[0] },
      title(forceTitle(f, own, b.ctx?.titles)),
      s("rect", { x: ox, y: oy, width: 26, height: 18, rx: 2, fill: SIDE_FILL[f.side] || "#555", stroke: own ? "#ffd166" : "#111", "stroke-width": own ? 1.6 : 1 }),
      s("text", { x: ox + 13, y: oy + 8, "text-anchor": "middle", class: "counter-name" }, name.slice(0, 8)),
      s("text", { x: ox + 13, y: oy + 15.5, "text-anchor": "middle", class: "counter-sub" }, sub));
    if (f.out_of_supply) g.append(s("circle", { cx: ox + 24, cy: oy + 2, r: 2.5, fill: "#d00" }));
    g.addEventListener("click", (ev) => {
      ev.stopPropagation();
      b.pickForce(f);
    });
    keyable(g, () => b.pickForce(f));
    counters.push(g);
    const others = own ? othersWithActions(view, f) : [];
    if (!others.length) continue;
    const open = spread === co;
    const more = s("g", { class: `stack-more${open ? " open" : ""}`, "data-co": co, "data-hex": pad(f.hex), tabindex: 0, role: "button", "aria-expanded": String(open),
      "aria-label": `${f.co?.name ?? co}'s stack: ${open ? "close" : "show"} its generals (${others.map((id) => unitOf(f, id).name ?? id).join(", ")} have orders)` },
      title(`${open ? "Close" : "Spread"} the stack: ${unitIds(f).map((id) => unitOf(f, id).name ?? id).join(", ")}`),
      s("circle", { cx: ox + 27, cy: oy, r: 4.2 }),
      s("text", { x: ox + 27, y: oy + 2, "text-anchor": "middle", class: "stack-more-n" }, `+${unitIds(f).length - 1}`));
    more.addEventListener("click", (ev) => {
      ev.stopPropagation();
      b.toggleSpread(f);
    });
    keyable(more, () => b.toggleSpread(f));
    counters.push(more);
    if (open) top = spreadStack(b, f, ox, oy, picked);
  }
  if (top) counters.push(top);
  // The counter with the focus (a keyboard pick redraws them all) keeps it.
  const had = b.gForce.contains(document.activeElement) ? document.activeElement : null;
  const again = had && (had.dataset.unit ? `.general[data-unit="${CSS.escape(had.dataset.unit)}"]`
    : `.${had.classList.contains("stack-more") ? "stack-more" : "counter"}[data-co="${CSS.escape(had.dataset.co || "")}"]`);
  b.gForce.replaceChildren(...counters);
  if (again) b.gForce.querySelector(again)?.focus();
}

// A spread stack: its generals side by side above the force's counter, the
// CO first, each picked as a general (his actions only).
function spreadStack(b, f, ox, oy, picked) {
  const ids = unitIds(f);
  const w = 30, x0 = ox + 13 - (ids.length * w) / 2, y0 = oy - 24;
  const g = s("g", { class: "stack-spread", "data-co": f.co?.id || "" },
    s("rect", { x: x0 - 2, y: y0 - 2, width: ids.length * w + 2, height: 22, rx: 3, class: "stack-back" }));
  ids.forEach((id, i) => {
    const u = unitOf(f, id);
    const acts = unitActions(b.view, id).length;
    const x = x0 + i * w;
    const short = (u.name || id).split(/\s+/).pop();
    const el = s("g", { class: `general ${f.side}${id === picked ? " selected" : ""}${acts ? "" : " idle"}`, "data-unit": id, "data-hex": pad(f.hex), tabindex: 0, role: "button",
      "aria-pressed": String(id === picked), "aria-label": `${u.name ?? id}${u.stars ? ` (${u.stars}★)` : ""}, ${i ? `in ${f.co?.name ?? f.co?.id}'s force` : "commanding"} at ${pad(f.hex)}: ${acts} actions` },
      title(`${u.name ?? id}${u.stars ? ` ${u.stars}★` : ""}${u.cavalry ? ", cavalry" : ""}${i ? "" : " (commanding)"}`),
      s("rect", { x, y: y0, width: 26, height: 18, rx: 2, fill: SIDE_FILL[f.side] || "#555", stroke: "#ffd166", "stroke-width": 1.6 }),
      s("text", { x: x + 13, y: y0 + 8, "text-anchor": "middle", class: "counter-name" }, short.slice(0, 8)),
      s("text", { x: x + 13, y: y0 + 15.5, "text-anchor": "middle", class: "counter-sub" }, u.stars ? `${u.stars}★` : ""));
    el.addEventListener("click", (ev) => {
      ev.stopPropagation();
      b.pickUnit(f, id);
    });
    keyable(el, () => b.pickUnit(f, id));
    g.append(el);
  });
  return g;
}

// The panel under the map; each side by its title (the welcome's
// role_titles: Lincoln's War's roles are its sides).
function sidePanel(view, role, titles = {}) {
  const b = view.board || {};
  const name = (side) => titles[side] ?? side;
  const players = b.players || {};
  const rows = ["union", "confederate"].map((side) => {
    const p = players[side] || {};
    return h("tr", { class: side === role ? "mine" : "" },
      h("th", {}, name(side)), h("td", {}, p.pc ?? "—"), h("td", {}, p.csp ?? "—"),
      h("td", {}, p.hand ? p.hand.length : p.hand_count ?? "—"), h("td", {}, p.deck_count ?? "—"));
  });
  const turn = b.turn ? `${b.turn.name ?? ""} (turn ${(b.turn.index ?? 0) + 1})` : "";
  const me = players[role];
  const hand = me?.hand || [];
  const battle = b.battle;
  const backs = [];
  if (battle?.commitments)
    for (const [side, c] of Object.entries(battle.commitments))
      if (c.committed && c.resource === undefined) backs.push(h("span", { class: "card-back", title: `${name(side)}'s commitment, face down` }, `${name(side)}: face down`));
  return h("div", { class: "lw-panel" },
    h("p", { class: "lw-turn" }, h("strong", {}, turn), b.phase ? ` · ${b.phase}` : "", b.phasing ? ` · ${name(b.phasing)} phasing` : ""),
    h("table", { class: "lw-players" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "PC"), h("th", {}, "CSP"), h("th", {}, "hand"), h("th", {}, "deck"))),
      h("tbody", {}, rows)),
    backs.length ? h("p", { class: "lw-commit" }, "Battle commitments: ", backs) : null,
    role === "union" || role === "confederate"
      ? h("details", { class: "lw-hand", open: hand.length > 0 }, h("summary", {}, `Your hand (${hand.length})`),
        h("ul", {}, hand.map((c) => h("li", {}, h("strong", {}, `${c.number ?? ""} ${c.name ?? ""}${c.pc !== undefined ? ` (${c.pc} PC)` : ""}`), " ", h("span", { class: "muted" }, c.text ?? "")))))
      : null);
}

const NOTE = "Map reconstructed from the rulebook's text: the printed map is not published, so states, coast, mountains, rivers, rails and most city hexes are laid out from 1861 geography around the hexes the rules name. Hover anything for its source.";

// What the map's marks mean, with how many items of each kind are
// reconstructed and how many come from the rules' text.
function legend(m) {
  const count = (items, recon) => items.filter(recon).length;
  const sides = (list) => (list || []).flatMap((it) => (it.hexsides || []).map((side) => [side, it.source]));
  const rivers = sides(m.rivers), lines = sides(m.impassable);
  const rails = m.rails || [], cities = m.cities || [];
  const rr = count(rivers, ([x, src]) => sideReconstructed(x, src));
  const lr = count(lines, ([x, src]) => sideReconstructed(x, src));
  const ar = count(rails, (r) => reconstructed(r.source));
  const cr = count(cities, (c) => reconstructed(c.source));
  const swatch = (cls) => s("svg", { width: 28, height: 12, class: "swatch", "aria-hidden": "true" },
    cls.startsWith("city")
      ? [s("circle", { cx: 14, cy: 6, r: 3, fill: "#fff", stroke: "#000", "stroke-width": 1 }),
        cls.includes("reconstructed") ? s("circle", { cx: 14, cy: 6, r: 5.5, class: "recon-ring" }) : null]
      : s("line", { x1: 2, y1: 6, x2: 26, y2: 6, class: cls }));
  const row = (cls, text, n) => h("li", { dataset: { kind: cls, count: n } }, swatch(cls), ` ${text}: ${n}`);
  return h("ul", { class: "lw-legend lw-marks", id: "map-legend" },
    row("river", "river hexsides from the rules", rivers.length - rr),
    row("river reconstructed", "river hexsides reconstructed", rr),
    row("impassable", "impassable hexsides from the rules", lines.length - lr),
    row("impassable reconstructed", "impassable hexsides reconstructed", lr),
    row("rail", "rail lines from the rules", rails.length - ar),
    row("rail reconstructed", "rail lines reconstructed (1861 lines)", ar),
    row("city", "cities placed by the rules", cities.length - cr),
    row("city reconstructed", "cities reconstructed (dotted ring)", cr));
}

// One board in a container: the map built once, then update(view, ctx)
// for every view or patch.
function makeBoard(container, m) {
  const b = { byHex: new Map(), last: {} };
  b.onHex = (hx) => {
    const entries = b.byHex.get(hx);
    if (!entries?.length || playSingle(entries, b.ctx)) return;
    // Several actions name the hex: the list offers them, each bound to
    // this hex where it names it through a param's choice (the hex picked
    // is then not asked again; `source` is the view's own entry).
    const offered = new Map();
    for (const { entry, value } of entries) {
      if (offered.has(entry)) continue;
      if (!value) offered.set(entry, entry);
      else {
        // each param the hex binds dropped, the others narrowed to the
        // choices open with it (params.js: a rail destination lists only
        // the generals who may go there)
        let params = entry.params || [];
        for (const [k, v] of Object.entries(value)) params = paramsBound({ ...entry, params }, k, v);
        offered.set(entry, { ...entry, source: entry, action: { ...entry.action, ...value },
          params, label: params.length ? entry.label : `${entry.label}: ${pad(hx)}` });
      }
    }
    b.ctx.offer([...offered.values()], `hex ${pad(hx)}`);
  };
  // A force's counter: an enemy's lists the actions naming it; an own one
  // picks its CO, or, where he has no action and others of his stack do,
  // spreads the stack.
  b.pickForce = (f) => {
    const v = b.view;
    const co = f.co?.id;
    if (f.side !== b.ctx.role) {
      selected = null;
      b.ctx.offer(forceActions(v.actions, f), `${f.co?.name ?? "force"} at ${pad(f.hex)}`);
      b.update(v, b.ctx);
    } else if (!unitActions(v, co).length && othersWithActions(v, f).length) {
      if (spread !== co) b.toggleSpread(f);
    } else b.pickUnit(f, co);
  };
  // One general: his actions only; selected while he has somewhere to go.
  b.pickUnit = (f, id) => {
    const v = b.view;
    selected = selected !== id && destinations(v, id).length ? id : null;
    b.ctx.offer(unitActions(v, id), `${unitOf(f, id).name ?? id} at ${pad(f.hex)}`);
    b.update(v, b.ctx);
  };
  // A stack spread out (or closed): opened, the focus goes to its first
  // general's counter.
  b.toggleSpread = (f) => {
    spread = spread === f.co?.id ? null : f.co?.id;
    if (!spread && selected && selected !== f.co?.id && unitIds(f).includes(selected)) selected = null;
    b.update(b.view, b.ctx);
    if (spread) b.gForce.querySelector(".stack-spread .general")?.focus();
  };
  const svg = buildMap(m, b);
  const { width, height } = extent(m);
  b.panel = h("div", { class: "lw-panel" });
  b.root = mapFrame(container, { svg, width, height, panel: b.panel, key: "Map key: what is reconstructed", legend: legend(m), note: NOTE });

  // What each part is drawn from; a part is redrawn only when one of its
  // inputs is no longer the same object (or value).
  const changed = changeTracker(b.last);
  b.update = (view, ctx) => {
    b.view = view;
    b.ctx = ctx;
    current = b;
    const board = view.board || {};
    const own = (board.forces || []).filter((f) => f.side === ctx.role);
    if (selected && !(own.some((f) => unitIds(f).includes(selected)) && destinations(view, selected).length)) selected = null;
    const stack = spread && own.find((f) => f.co?.id === spread);
    if (spread && !(stack && othersWithActions(view, stack).length)) spread = null;
    const picked = selected;
    if (changed("light", [view.actions, picked, picked && board.play]))
      relight(b, view, picked);
    if (changed("cities", [board.cities])) recolour(b, board.cities);
    if (changed("forces", [board.forces, view.actions, ctx.role, picked, spread])) drawForces(b, view, ctx.role, picked);
    if (changed("panel", [board.players, board.turn, board.phase, board.phasing, board.battle, ctx.role, ctx.titles]))
      b.panel.replaceWith((b.panel = sidePanel(view, ctx.role, ctx.titles)));
  };
  return b;
}

export const renderBoard = (container, view, ctx) => renderMap(container, "lwBoard", loadMap, makeBoard, view, ctx);
