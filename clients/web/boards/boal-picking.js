// boards/boal-picking.js — what the Birth of a Legend map may offer,
// derived only from the legal actions the server sent (the page knows no
// rule; map-board.js reads them): the areas an action names, the actions
// that name a unit or leader (or choose it in a param), and a unit's
// destinations.

import { actionsByPlace, namedIds, namesPlace } from "./map-board.js";

export const AREA_KEYS = ["area", "to"];

// Which areas each legal action names: in "area"/"to" (a number that is an
// area) or as a param's choices. Area id -> [{entry, value}].
export const actionsByArea = (actions, isArea) => actionsByPlace(actions, AREA_KEYS, isArea);

// The offered actions that name a piece (a unit's or a leader's id: in
// "unit", "leader", "point", "units"), and those whose param chooses it
// alone (15.3's Forced March: "units", one choice a unit): these bound to
// that choice, so that the list plays them for this piece without asking
// (the view's entry kept as `source`, as a hex-bound entry of Lincoln's
// War's board).
export function pieceActions(actions, id) {
  const out = [];
  for (const entry of actions || []) {
    if (namedIds(entry).includes(id)) {
      out.push(entry);
      continue;
    }
    for (const p of entry.params || []) {
      const c = (p.choices || []).find((x) => x.value === id || (Array.isArray(x.value) && x.value.length === 1 && x.value[0] === id));
      if (!c) continue;
      const params = entry.params.filter((q) => q !== p);
      out.push({ ...entry, source: entry, action: { ...entry.action, [p.name]: c.value }, params,
        label: params.length ? entry.label : `${entry.label}: ${c.label}` });
      break;
    }
  }
  return out;
}

// A piece's actions that name an area: what its selection lights.
export function destinations(actions, id) {
  return pieceActions(actions, id).filter((entry) => namesPlace(entry, AREA_KEYS));
}
