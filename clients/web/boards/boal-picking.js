// boards/boal-picking.js — what the Birth of a Legend map may offer,
// derived only from the legal actions the server sent (the page knows no
// rule; map-board.js reads them): the areas an action names, the actions
// that name a unit or leader, and a unit's destinations.

import { actionsByPlace, namedIds, namesPlace } from "./map-board.js";

export const AREA_KEYS = ["area", "to"];

// Which areas each legal action names: in "area"/"to" (a number that is an
// area) or as a param's choices. Area id -> [{entry, value}].
export const actionsByArea = (actions, isArea) => actionsByPlace(actions, AREA_KEYS, isArea);

// The offered actions that name a piece (a unit's or a leader's id: in
// "unit", "leader", "point", "units").
export function pieceActions(actions, id) {
  return (actions || []).filter((entry) => namedIds(entry).includes(id));
}

// A piece's actions that name an area: what its selection lights.
export function destinations(actions, id) {
  return pieceActions(actions, id).filter((entry) => namesPlace(entry, AREA_KEYS));
}
