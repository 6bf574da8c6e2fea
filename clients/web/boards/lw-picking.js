// boards/lw-picking.js — what the Lincoln's War map may offer, derived only
// from the legal actions the server sent (the page knows no rule;
// map-board.js reads them): the hexes an action names, the actions that
// belong to a force, and a force's destinations.

import { actionsByPlace, namedIds, namesPlace } from "./map-board.js";

export const HEX_KEYS = ["to", "target", "hex", "from", "dest", "where"];

// Which hexes each legal action names: in "action" (a number that is a
// map hex) or as a param's choices. Map hex -> [{entry, value}].
export const actionsByHex = (actions, isHex) => actionsByPlace(actions, HEX_KEYS, isHex);

export function unitIds(force) {
  return [force.co?.id, ...(force.subordinates || []).map((u) => u.id)].filter(Boolean);
}

// The offered actions that belong to a force: those naming one of its
// units, and, when it is the force in motion (board.play.co), those naming
// no unit on the map at all (move to, attack, stop).
export function ownActions(view, f) {
  const forces = view.board?.forces || [];
  const all = new Set(forces.flatMap(unitIds));
  const mine = new Set(unitIds(f));
  const moving = view.board?.play?.co && mine.has(view.board.play.co);
  return (view.actions || []).filter((entry) => {
    const ids = namedIds(entry).filter((id) => all.has(id));
    return ids.length ? ids.some((id) => mine.has(id)) : moving;
  });
}

// A force's own actions that name a hex: what its selection lights.
export function destinations(view, f) {
  return ownActions(view, f).filter((entry) => namesPlace(entry, HEX_KEYS));
}

// The actions that name a force's units, or its hex (as origin or target):
// what clicking an enemy force lists.
export function forceActions(actions, f) {
  const ids = new Set(unitIds(f));
  return (actions || []).filter((entry) => {
    const vals = Object.values(entry.action || {});
    return vals.some((v) => (typeof v === "string" && ids.has(v)) || (Array.isArray(v) && v.some((x) => ids.has(x))) || v === f.hex);
  });
}
