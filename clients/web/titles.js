// titles.js — what a person reads for a game's ids, from the welcome's
// games (PROTOCOL.md "hello → welcome"): a game's, a scenario's and a
// role's title. A page shows these, never the ids requests carry; an id the
// welcome does not know reads as itself.

const gameOf = (welcome, id) => welcome?.games?.find((g) => g.id === id);

export const gameTitle = (welcome, id) => gameOf(welcome, id)?.title ?? id;

export const scenarioTitle = (welcome, game, id) =>
  gameOf(welcome, game)?.scenarios?.find((s) => s.id === id)?.title ?? id;

export const roleTitles = (welcome, game) => gameOf(welcome, game)?.role_titles || {};
