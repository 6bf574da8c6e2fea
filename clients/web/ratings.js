// ratings.js — Glicko-2 ratings in the browser (issue 20, "A leaderboard
// per game, and each user's rating"; "Ratings" in protocol/PROTOCOL.md):
// #/leaderboard/GAME, the `leaderboard` of one game (a choice of the
// welcome's games), and #/player/NAME, one user's `ratings` in every game
// he has played rated. Both show what the server answers, its refusal as
// it comes (`no_such_user`); the client computes no rating.

import { h } from "./dom.js";
import { gameTitle } from "./titles.js";

const fixed = (x, n) => Number(x).toFixed(n);

export async function leaderboard(root, conn, gameId) {
  const games = conn.welcome?.games || [];
  const game = gameId || games[0]?.id || "";
  const pick = h("select", { id: "leaderboard-game", onchange: () => { location.hash = `#/leaderboard/${pick.value}`; } },
    games.map((g) => h("option", { value: g.id, selected: g.id === game }, g.title)));
  const section = h("section", { class: "card", id: "leaderboard" }, h("h1", {}, "Leaderboard"),
    h("label", {}, "Game", pick));
  root.append(section);
  const r = await conn.request({ op: "leaderboard", game });
  if (r.op !== "ok") {
    section.append(h("p", { class: "error", role: "alert" }, r.message || r.code));
    return;
  }
  if (!r.leaderboard.length) {
    section.append(h("p", { class: "muted" }, "Nobody has played a rated game of it yet."));
    return;
  }
  section.append(h("table", { class: "standings" },
    h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Deviation", "Volatility", "Games"].map((c) => h("th", {}, c)))),
    h("tbody", {}, r.leaderboard.map((x) => h("tr", { dataset: { user: x.user } },
      h("td", {}, x.rank), h("td", {}, h("a", { href: `#/player/${encodeURIComponent(x.user)}` }, x.user)),
      h("td", {}, fixed(x.rating, 1)), h("td", {}, fixed(x.deviation, 1)), h("td", {}, fixed(x.volatility, 5)),
      h("td", {}, x.games))))),
  h("p", { class: "muted" }, "The 100 best by rating; equal ratings share a rank."));
}

export async function playerRatings(root, conn, name) {
  const section = h("section", { class: "card", id: "player-ratings" }, h("h1", {}, `Ratings of ${name}`));
  root.append(section);
  const r = await conn.request({ op: "ratings", user: name });
  if (r.op !== "ok") {
    section.append(h("p", { class: "error", role: "alert" }, r.message || r.code));
    return;
  }
  const title = (id) => gameTitle(conn.welcome, id);
  section.append(r.ratings.length ? h("table", { class: "standings" },
    h("thead", {}, h("tr", {}, ["Game", "Rating", "Deviation", "Volatility", "Games", ""].map((c) => h("th", {}, c)))),
    h("tbody", {}, r.ratings.map((x) => h("tr", { dataset: { game: x.game } },
      h("td", {}, title(x.game)), h("td", {}, fixed(x.rating, 1)), h("td", {}, fixed(x.deviation, 1)),
      h("td", {}, fixed(x.volatility, 5)), h("td", {}, x.games),
      h("td", {}, h("a", { href: `#/leaderboard/${x.game}` }, "Leaderboard")))))) :
    h("p", { class: "muted" }, "No rated game yet."));
}
