// boards/boal-picking.js — what the Birth of a Legend map may offer,
// derived only from the legal actions the server sent (the page knows no
// rule): the areas an action names, the actions that name a unit or leader,
// and a unit's destinations.

export const AREA_KEYS = ["area", "to"];

// Which areas each legal action names: in "area"/"to" (a number that is an
// area) or as a param's choices. Area id -> [{entry, value}].
export function actionsByArea(actions, isArea) {
  const by = new Map();
  const add = (id, entry, value) => {
    if (!isArea(id)) return;
    if (!by.has(id)) by.set(id, []);
    by.get(id).push({ entry, value });
  };
  for (const entry of actions || []) {
    const a = entry.action || {};
    for (const k of AREA_KEYS) if (typeof a[k] === "number") add(a[k], entry, null);
    for (const p of entry.params || [])
      if (AREA_KEYS.includes(p.name))
        for (const c of p.choices || []) if (typeof c.value === "number") add(c.value, entry, { [p.name]: c.value });
  }
  return by;
}

// The unit and leader ids an action names (string values, or strings in
// an array: "unit", "leader", "point", "units").
function namedIds(entry) {
  const ids = [];
  for (const [k, v] of Object.entries(entry.action || {})) {
    if (k === "type") continue;
    if (typeof v === "string") ids.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === "string") ids.push(x);
  }
  return ids;
}

// The offered actions that name a piece (a unit's or a leader's id).
export function pieceActions(actions, id) {
  return (actions || []).filter((entry) => namedIds(entry).includes(id));
}

// A piece's actions that name an area: what its selection lights.
export function destinations(actions, id) {
  return pieceActions(actions, id).filter((entry) => {
    const a = entry.action || {};
    return AREA_KEYS.some((k) => typeof a[k] === "number") ||
      (entry.params || []).some((p) => AREA_KEYS.includes(p.name) && (p.choices || []).length);
  });
}
