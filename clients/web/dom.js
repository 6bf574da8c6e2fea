// dom.js — building elements without innerHTML (the text of a view, a chat
// line or a user name is never parsed as markup).

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k in el && typeof v !== "string") el[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

// "3 minutes ago" from Unix seconds.
export function ago(t) {
  if (!t) return "";
  const s = Math.max(0, Math.round(Date.now() / 1000 - t));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

// A confirmation in a <dialog> (keyboard: Enter confirms, Escape cancels).
export function confirmDialog(text, yes = "Yes", no = "Cancel") {
  return new Promise((resolve) => {
    const d = h("dialog", { class: "confirm" },
      h("p", {}, text),
      h("div", { class: "row" },
        h("button", { class: "danger", onclick: () => { d.close(); resolve(true); } }, yes),
        h("button", { onclick: () => { d.close(); resolve(false); } }, no)));
    d.addEventListener("cancel", () => resolve(false));
    d.addEventListener("close", () => d.remove());
    document.body.append(d);
    d.showModal();
  });
}
