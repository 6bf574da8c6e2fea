// boards/lw-picking.js — what the Lincoln's War map may offer, derived only
// from the legal actions the server sent (the page knows no rule;
// map-board.js reads them): the hexes an action names, the actions of one
// general, and his destinations.

import { actionsByPlace, bindPiece, choiceIds, namedIds, namesPlace } from "./map-board.js";

export const HEX_KEYS = ["to", "target", "hex", "from", "dest", "where"];

// Which hexes each legal action names: in "action" (a number that is a
// map hex) or as a param's choices. Map hex -> [{entry, value}].
export const actionsByHex = (actions, isHex) => actionsByPlace(actions, HEX_KEYS, isHex);

export function unitIds(force) {
  return [force.co?.id, ...(force.subordinates || []).map((u) => u.id)].filter(Boolean);
}

// The offered actions of one general (a unit id) on the map: those naming
// him, in the action or among a param's choices (a card's activation: its
// param "general", bound to him, bindPiece), and, when he commands the
// force in motion (board.play.co), those naming no unit on the map at all
// (move to, attack, stop). Generals in one hex are one force, drawn as its
// CO's counter: picking a general offers his actions only, never another's
// of the same stack (Sigel's counter sent Lyon's rail move while the pick
// was by force).
export function unitActions(view, id) {
  const all = new Set((view.board?.forces || []).flatMap(unitIds));
  const moving = !!id && view.board?.play?.co === id;
  return (view.actions || []).filter((entry) => {
    const ids = [...namedIds(entry), ...choiceIds(entry)].filter((x) => all.has(x));
    return ids.length ? ids.includes(id) : moving;
  }).map((entry) => bindPiece(entry, id));
}

// A general's actions that name a hex: what his selection lights.
export function destinations(view, id) {
  return unitActions(view, id).filter((entry) => namesPlace(entry, HEX_KEYS));
}

// The generals of a force besides its CO who have actions of their own:
// the ones its spread stack offers.
export function othersWithActions(view, f) {
  return unitIds(f).slice(1).filter((id) => unitActions(view, id).length);
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
