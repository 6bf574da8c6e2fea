// boards/index.js — which module draws a game's board. A game id maps to a
// module under boards/ exporting render(container, view, ctx); a game
// without one gets generic.js, which shows the view's `board` as readable
// sections. ctx: {role, pick(action)} so that a board may offer actions
// (e.g. a hex chosen on a map) through the same path as the action list.

import * as generic from "./generic.js";

const renderers = {
  "lincolns-war": () => import("./lincolns-war.js"),
  "birth-of-a-legend": () => import("./birth-of-a-legend.js"),
};

export async function boardFor(gameId) {
  const load = renderers[gameId];
  if (!load) return generic;
  try {
    return await load();
  } catch {
    return generic;
  }
}
