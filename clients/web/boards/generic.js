// boards/generic.js — any game's board as text: the view's `board` object as
// nested sections (objects as name/value lists, arrays of objects as tables,
// arrays of plain values as lists), so a game without its own renderer is
// still playable and nothing it shows is hidden.

import { h, clear } from "../dom.js";

function label(key) {
  return String(key).replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

function scalar(v) {
  if (v === null) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

function isScalar(v) {
  return v === null || typeof v !== "object";
}

function table(rows) {
  const cols = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  return h("table", {},
    h("thead", {}, h("tr", {}, cols.map((c) => h("th", {}, label(c))))),
    h("tbody", {}, rows.map((r) => h("tr", {}, cols.map((c) => h("td", {}, isScalar(r[c]) ? scalar(r[c]) : JSON.stringify(r[c])))))));
}

function render(value, depth) {
  if (isScalar(value)) return h("span", {}, scalar(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "none");
    if (value.every(isScalar)) return h("ul", { class: "inline" }, value.map((v) => h("li", {}, scalar(v))));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every(isScalar)))
      return table(value);
    return h("ol", {}, value.map((v) => h("li", {}, render(v, depth + 1))));
  }
  const entries = Object.entries(value);
  const simple = entries.filter(([, v]) => isScalar(v));
  const nested = entries.filter(([, v]) => !isScalar(v));
  return h("div", {},
    simple.length ? h("dl", {}, simple.map(([k, v]) => [h("dt", {}, label(k)), h("dd", {}, scalar(v))])) : null,
    nested.map(([k, v]) =>
      h("section", { class: "board-section" }, h(depth < 2 ? "h3" : "h4", {}, label(k)), render(v, depth + 1))));
}

export function renderBoard(container, view) {
  clear(container);
  container.append(h("div", { class: "generic-board" }, render(view.board ?? {}, 0)));
}
