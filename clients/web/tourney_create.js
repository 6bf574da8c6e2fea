// tourney_create.js — the form that announces a tournament (issue 20;
// `tourney_create` in protocol/PROTOCOL.md): the game (two-sided games of
// the welcome), scenario and options, the format with what it needs
// (`rounds` for a Swiss, `pools` and `advance` for pools), the player limit,
// the clock (the server's named time controls), a start time, invite-only
// and rated. The server checks everything: the form sends what was typed
// and shows the server's refusal as it comes (who may direct, a start time
// in the past, too few places for the pools, ...). On success the new
// event's page opens; its director finds his tools there.

import { h, clear } from "./dom.js";
import { controlText } from "./clock.js";
import { optionInputs } from "./options.js";

const FORMATS = [
  ["swiss", "Swiss"],
  ["round_robin", "Round robin"],
  ["double_round_robin", "Double round robin (each pairing with each side)"],
  ["single_elimination", "Single elimination (seeded by rating)"],
  ["pools", "Pools, then a knockout"],
];

export function tourneyCreateForm(conn) {
  const games = (conn.welcome?.games || []).filter((g) => (g.roles || []).length === 2);
  const name = h("input", { id: "tc-name", maxlength: 80, autocomplete: "off" });
  const game = h("select", { id: "tc-game" }, games.map((g) => h("option", { value: g.id }, g.title)));
  const scenario = h("select", { id: "tc-scenario" });
  const opts = h("div", {});
  let options = optionInputs(null);
  const format = h("select", { id: "tc-format" }, FORMATS.map(([v, t]) => h("option", { value: v }, t)));
  const rounds = h("input", { id: "tc-rounds", type: "number", value: 5, min: 1, max: 50 });
  const pools = h("input", { id: "tc-pools", type: "number", value: 2, min: 2, max: 16 });
  const advance = h("input", { id: "tc-advance", type: "number", value: 2, min: 1, max: 8 });
  const maxPlayers = h("input", { id: "tc-max", type: "number", value: 64, min: 2, max: 256 });
  const clock = h("select", { id: "tc-clock" }, h("option", { value: "" }, "No clock"),
    (conn.welcome?.time_controls || []).map((tc) => h("option", { value: tc.preset }, controlText(tc))));
  const startAt = h("input", { id: "tc-start", type: "datetime-local" });
  const inviteOnly = h("input", { id: "tc-invite-only", type: "checkbox" });
  const rated = h("input", { id: "tc-rated", type: "checkbox", checked: true });
  const msg = h("p", { id: "tc-msg", class: "error", role: "alert" });
  const roundsRow = h("label", {}, "Rounds", rounds);
  const poolsRow = h("div", { class: "row" }, h("label", {}, "Pools", pools),
    h("label", {}, "Going on from each pool", advance));
  function fillGame() {
    const g = games.find((x) => x.id === game.value);
    clear(scenario).append(...(g?.scenarios || []).map((s) => h("option", { value: s.id }, s.title)));
    options = optionInputs(g);
    clear(opts).append(options.box);
  }
  function fillFormat() {
    roundsRow.hidden = format.value !== "swiss";
    poolsRow.hidden = format.value !== "pools";
  }
  game.addEventListener("change", fillGame);
  format.addEventListener("change", fillFormat);
  fillGame();
  fillFormat();
  async function create(e) {
    e.preventDefault();
    msg.textContent = "";
    const req = { op: "tourney_create", name: name.value.trim(), game: game.value, scenario: scenario.value,
      options: options.values(), format: format.value, max_players: Number(maxPlayers.value),
      invite_only: inviteOnly.checked, rated: rated.checked };
    if (format.value === "swiss") req.rounds = Number(rounds.value);
    if (format.value === "pools") {
      req.pools = Number(pools.value);
      req.advance = Number(advance.value);
    }
    if (clock.value) req.time_control = clock.value;
    if (startAt.value) req.start_at = Math.floor(new Date(startAt.value).getTime() / 1000);
    const r = await conn.request(req);
    if (r.op !== "ok") {
      msg.textContent = r.message || r.code;
      return;
    }
    location.hash = `#/tourney/${r.tourney}`;
  }
  return h("form", { class: "card", id: "tourney-create", onsubmit: create },
    h("h2", {}, "Announce a tournament"),
    h("p", { class: "muted" }, "You direct the tournaments you announce: you start them, and enter or correct results."),
    h("label", {}, "Name", name),
    h("label", {}, "Game", game), h("label", {}, "Scenario", scenario), opts,
    h("label", {}, "Format", format), roundsRow, poolsRow,
    h("label", {}, "Most players", maxPlayers),
    h("label", {}, "Time control", clock),
    h("label", {}, "Start by itself at (optional)", startAt),
    h("label", { class: "check" }, inviteOnly, "By invite only (players need the code)"),
    h("label", { class: "check" }, rated, "Rated"),
    msg, h("button", { type: "submit", id: "tc-create" }, "Announce"));
}
