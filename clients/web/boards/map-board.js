// boards/map-board.js — what the map boards (lincolns-war.js, a hex map;
// birth-of-a-legend.js, an area map) share: picking among the offered
// actions (the page knows no rule, only the legal actions the server sent),
// a single offered action played at a click, Enter and Space on a focused
// mark, the zoom bar over lw-zoom.js, the redraw of only the parts whose
// inputs changed, and the message when the map's data cannot be loaded.

import { h, clear } from "../dom.js";
import { zoomable } from "./lw-zoom.js";
import { paramsBound } from "../params.js";

// Which places (hexes, areas) each legal action names: under one of keys
// in "action" (a number that is a place) or as such a param's choices.
// Place -> [{entry, value}], value the param bound to it (or null).
export function actionsByPlace(actions, keys, isPlace) {
  const by = new Map();
  const add = (at, entry, value) => {
    if (!isPlace(at)) return;
    if (!by.has(at)) by.set(at, []);
    by.get(at).push({ entry, value });
  };
  for (const entry of actions || []) {
    const a = entry.action || {};
    for (const k of keys) if (typeof a[k] === "number") add(a[k], entry, null);
    for (const p of entry.params || [])
      if (keys.includes(p.name))
        for (const c of p.choices || []) if (typeof c.value === "number") add(c.value, entry, { [p.name]: c.value });
  }
  return by;
}

// Whether an action names a place under one of keys (or offers a choice of
// them): a move, which a selected piece lights.
export function namesPlace(entry, keys) {
  const a = entry.action || {};
  return keys.some((k) => typeof a[k] === "number") ||
    (entry.params || []).some((p) => keys.includes(p.name) && (p.choices || []).length);
}

// The piece ids an action names: its string values (its "type" aside), or
// strings in an array.
export function namedIds(entry) {
  const ids = [];
  for (const [k, v] of Object.entries(entry.action || {})) {
    if (k === "type") continue;
    if (typeof v === "string") ids.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === "string") ids.push(x);
  }
  return ids;
}

// The piece ids a param of an action may choose (its string choices): a
// card's activation in Lincoln's War is offered once per card, the general
// to activate its param "general" (issue 17).
export function choiceIds(entry) {
  const ids = [];
  for (const p of entry.params || []) for (const c of p.choices || []) if (typeof c.value === "string") ids.push(c.value);
  return ids;
}

// An action entry as a picked piece offers it: as the view has it where
// the action itself names the piece, else with the param whose choice the
// piece is bound to him (he is not asked again: picking Grant lists the
// card's activation and sends it with general Grant; a rail move's
// destinations are then his own, the param "by" him narrowed). `source` is the
// view's own entry, as for a hex bound by a click.
export function bindPiece(entry, id) {
  if (namedIds(entry).includes(id)) return entry;
  const p = (entry.params || []).find((q) => (q.choices || []).some((c) => c.value === id));
  if (!p) return entry;
  const choice = p.choices.find((c) => c.value === id);
  // a param "by" this one narrowed to the choices he opens (params.js)
  const params = paramsBound(entry, p.name, id);
  return { ...entry, source: entry, action: { ...entry.action, [p.name]: id }, params,
    label: params.length ? entry.label : `${entry.label}: ${choice.label ?? id}` };
}

// A click on a place: the one action naming it is played (with the param
// bound to the place); true if so, false if there are several to list, or
// it has a param the place does not choose (Birth of a Legend's Combined
// Regroup names its first Area and asks the second; its assault the Point
// Unit and the other units: the list's chooser asks them).
export function playSingle(entries, ctx) {
  if (entries.length !== 1) return false;
  const { entry, value } = entries[0];
  if ((entry.params || []).some((p) => !(value && p.name in value))) return false;
  ctx.pick({ ...entry.action, ...(value || {}) });
  return true;
}

// Enter or Space on a focused mark does what a click does (while when()).
export function keyable(el, act, when = () => true) {
  el.addEventListener("keydown", (ev) => {
    if ((ev.key !== "Enter" && ev.key !== " ") || !when()) return;
    ev.preventDefault();
    act(ev);
  });
  return el;
}

// The map made zoomable (lw-zoom.js) and its bar of buttons.
export function zoomBar(svg, width, height) {
  const z = zoomable(svg, width, height);
  return h("div", { class: "lw-zoom" },
    h("button", { type: "button", id: "zoom-in", "aria-label": "Zoom in", onclick: z.zoomIn }, "+"),
    h("button", { type: "button", id: "zoom-out", "aria-label": "Zoom out", onclick: z.zoomOut }, "−"),
    h("button", { type: "button", id: "zoom-reset", "aria-label": "Show the whole map", onclick: z.reset }, "1:1"),
    h("span", { class: "muted" }, "wheel or pinch to zoom, drag to pan"));
}

// Redraws the marks (id -> {live, ...}) whose view entry (list, by id)
// is no longer the one last drawn: redraw(mark, entry, id).
export function redrawChanged(marks, list, redraw) {
  const live = new Map((list || []).map((e) => [e.id, e]));
  for (const [id, x] of marks) {
    const v = live.get(id);
    if (v === x.live) continue;
    x.live = v;
    redraw(x, v, id);
  }
}

// A board's frame in container: the zoom bar, the map, the panel under it,
// the map's key and its note (what is reconstructed). cls: the game's own
// class prefix ("boal": boal-board, boal-map-wrap, boal-recon), if any.
export function mapFrame(container, { svg, width, height, panel, cls, key, legend, note }) {
  const and = (x) => (cls ? `${x} ${cls}-${x.slice(3)}` : x);
  const root = h("div", { class: and("lw-board") }, zoomBar(svg, width, height), h("div", { class: and("lw-map-wrap") }, svg), panel,
    h("details", { class: "lw-key" }, h("summary", {}, key), legend),
    h("p", { class: `${and("lw-recon")} muted` }, note));
  clear(container).append(root);
  return root;
}

// What each part of a board is drawn from: changed(part, inputs) is true
// when one of the inputs is no longer the same object (or value) as at the
// part's last draw (patch.js copies only the containers a patch touches).
export function changeTracker(last) {
  return (part, inputs) => {
    const old = last[part];
    last[part] = inputs;
    return !old || inputs.some((x, i) => x !== old[i]);
  };
}

// A board drawn in container from its map's data (load(), cached by the
// board's module) by make(container, data), kept in container[key] and
// updated for each view. The latest view asked for is the one drawn: while
// the data loads, a newer view may arrive, and its call may resume first.
export async function renderMap(container, key, load, make, view, ctx) {
  const want = (container[`${key}Want`] = { view, ctx });
  let d;
  try {
    d = await load();
  } catch (e) {
    clear(container).append(h("p", { class: "error" }, `The map could not be loaded (${e.message}).`));
    return;
  }
  if (container[`${key}Want`] !== want) return;
  let b = container[key];
  if (!b || b.root.parentNode !== container) b = container[key] = make(container, d);
  b.update(view, ctx);
}
