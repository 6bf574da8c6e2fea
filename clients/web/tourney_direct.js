// tourney_direct.js — the director's tools on a tournament's page (issue 20;
// `tourney_start` and `tourney_direct` in protocol/PROTOCOL.md), shown only
// to the event's director: start it; add or remove a player (with a
// reason); enter or correct a game's result (by round and board, so byes
// and forfeits without a match can be corrected too; a reason is required
// by the server); pause and resume; pair the current round again. Each tool
// sends the existing op as typed and shows the server's answer: what it
// refuses (a round already begun, a result for a closed round, a name
// nobody has) is the server's sentence. Every use lands in the log, which
// the page shows to everyone.

import { h } from "./dom.js";

const RESULTS = [
  ["1-0", "1-0: side 1 won"],
  ["0-1", "0-1: side 2 won"],
  ["1/2-1/2", "½-½: drawn"],
  ["+-", "+-: side 2 forfeits"],
  ["-+", "-+: side 1 forfeits"],
];

// act(request, text on success, id of the message element, the form sent:
// reset on success) is the page's.
export function directorTools(t, act) {
  const id = t.tourney;
  const direct = (action, extra, ok, form) => act({ op: "tourney_direct", tourney: id, action, ...extra }, ok, "td-msg", form);
  const reason = (elId) => h("input", { id: elId, maxlength: 200, autocomplete: "off", placeholder: "reason" });
  const withReason = (el) => (el.value.trim() ? { reason: el.value.trim() } : {});
  const parts = [];

  if (t.status === "registration")
    parts.push(h("div", { class: "row" },
      h("button", { id: "td-start", onclick: () => act({ op: "tourney_start", tourney: id }, "The tournament has started.", "td-msg") },
        "Start the tournament now"),
      h("span", { class: "muted" }, "Registration closes and round 1 is paired.")));

  if (t.status !== "finished") {
    const addUser = h("input", { id: "td-add-user", autocomplete: "off", placeholder: "user name" });
    const addReason = reason("td-add-reason");
    parts.push(h("form", { class: "row", id: "td-add-form", onsubmit: (e) => {
      e.preventDefault();
      direct("add_player", { user: addUser.value.trim(), ...withReason(addReason) }, `${addUser.value.trim()} is added.`, e.target);
    } }, h("label", {}, "Add a player", addUser), h("label", {}, "Reason", addReason),
    h("button", { type: "submit", id: "td-add" }, "Add")));

    const still = t.players.filter((p) => !p.withdrawn);
    const removeUser = h("select", { id: "td-remove-user" }, still.map((p) => h("option", { value: p.name }, p.name)));
    const removeReason = reason("td-remove-reason");
    if (still.length)
      parts.push(h("form", { class: "row", id: "td-remove-form", onsubmit: (e) => {
        e.preventDefault();
        direct("remove_player", { user: removeUser.value, ...withReason(removeReason) },
          t.status === "registration" ? `${removeUser.value}'s registration is cancelled.` : `${removeUser.value} is withdrawn.`, e.target);
      } }, h("label", {}, t.status === "registration" ? "Cancel a registration" : "Withdraw a player", removeUser),
      h("label", {}, "Reason", removeReason),
      h("button", { type: "submit", class: "danger", id: "td-remove" }, t.status === "registration" ? "Cancel it" : "Withdraw")));
  }

  if (t.games.length) {
    const game = h("select", { id: "td-game" }, t.games.map((g) =>
      h("option", { value: `${g.round}:${g.board}`, selected: g.round === t.round && g.result === null },
        `Round ${g.round}, board ${g.board}: ${g.side0 ?? "—"} v ${g.side1 ?? "—"} (${g.result ?? "playing"})`)));
    const result = h("select", { id: "td-result" }, RESULTS.map(([v, l]) => h("option", { value: v }, l)));
    const resultReason = reason("td-result-reason");
    parts.push(h("form", { class: "row", id: "td-result-form", onsubmit: (e) => {
      e.preventDefault();
      const [round, board] = game.value.split(":").map(Number);
      direct("set_result", { round, board, result: result.value, reason: resultReason.value.trim() },
        `Round ${round}, board ${board}: ${result.value}.`, e.target);
    } }, h("label", {}, "Enter or correct a result", game), h("label", {}, "Result", result),
    h("label", {}, "Reason (required)", resultReason),
    h("button", { type: "submit", id: "td-set-result" }, "Enter the result")));
  }

  if (t.status === "active")
    parts.push(h("div", { class: "row" },
      t.paused ?
        h("button", { id: "td-resume", onclick: () => direct("resume", {}, "Resumed.") }, "Resume") :
        h("button", { id: "td-pause", onclick: () => direct("pause", {}, "Paused: the next round waits.") }, "Pause"),
      h("button", { id: "td-repair", onclick: () => direct("repair", {}, `Round ${t.round} is paired again.`) },
        `Pair round ${t.round} again`),
      h("span", { class: "muted" }, "Pairing again works only while no game of the round has begun.")));

  return h("section", { class: "card", id: "tourney-director" }, h("h2", {}, "Director's tools"),
    ...parts, h("p", { id: "td-msg", role: "status" }));
}

// The tournament's log (tourney_get's `log`), newest last, for everyone.
export function tourneyLog(t) {
  const log = t.log || [];
  if (!log.length) return null;
  return h("section", { class: "card", id: "tourney-log" }, h("h2", {}, "Log"),
    t.log_omitted ? h("p", { class: "muted" }, `${t.log_omitted} older entries are not shown.`) : null,
    h("ol", { class: "log" }, log.map((e) => h("li", { dataset: { entry: e.id } },
      h("span", { class: "muted" }, new Date(e.time * 1000).toLocaleString(), " · ", e.user ?? "server", ": "), e.text))));
}
