// tc-form.js — the time-control field of a create form: no clock, one of
// the server's presets (the welcome's time_controls), or custom values
// (PROTOCOL.md "Time controls": a kind and its members in whole seconds,
// and on_timeout). Each value is typed as a number and a unit; the page
// checks only that a number was typed (the form's own constraints) and
// leaves the ranges to the server, whose bad_time_control message the form
// shows as it comes, so that the rules live in one place.

import { h } from "./dom.js";
import { controlText } from "./clock.js";

const UNITS = [["s", 1], ["min", 60], ["h", 3600], ["d", 86400]];
// The members of each kind, with the unit each starts in.
const MEMBERS = {
  correspondence: [["initial", "Time bank", "d", 3], ["increment", "Added a move", "h", 12], ["cap", "At most (0: no cap)", "d", 5]],
  per_move: [["per_move", "Time a move", "d", 1]],
  live: [["initial", "Time for the game", "min", 60], ["increment", "Added a move", "s", 30]],
};

function amount(name, label, unit, value) {
  const num = h("input", { type: "number", id: `tc-${name}`, name, min: 0, step: "any", required: true, value: String(value) });
  const sel = h("select", { id: `tc-${name}-unit` }, UNITS.map(([u]) => h("option", { value: u, selected: u === unit }, u)));
  const el = h("label", { class: "tc-amount" }, label, num, sel);
  return { el, seconds: () => Number(num.value) * UNITS.find(([u]) => u === sel.value)[1] };
}

// {el, value()}: value() is what create's time_control takes (null, a
// preset's name, or an object of custom values).
export function timeControlField(controls) {
  const choice = h("select", { id: "time-control" }, h("option", { value: "" }, "No clock"),
    (controls || []).map((tc) => h("option", { value: tc.preset }, controlText(tc))),
    h("option", { value: "custom" }, "Custom…"));
  const kind = h("select", { id: "tc-kind" },
    h("option", { value: "correspondence" }, "Correspondence: a time bank"),
    h("option", { value: "per_move" }, "A fixed time per move"),
    h("option", { value: "live" }, "Live: time for the game plus an increment"));
  const onTimeout = h("select", { id: "tc-on-timeout" },
    h("option", { value: "claim" }, "The opponent may claim the game"),
    h("option", { value: "auto" }, "The game is lost at once"));
  const members = h("div", { class: "tc-members" });
  let fields = [];
  function fillMembers() {
    fields = MEMBERS[kind.value].map(([name, label, unit, v]) => [name, amount(name, label, unit, v)]);
    members.replaceChildren(...fields.map(([, f]) => f.el));
  }
  kind.addEventListener("change", fillMembers);
  fillMembers();
  const custom = h("fieldset", { id: "tc-custom", hidden: true }, h("legend", {}, "Custom time control"),
    h("label", {}, "Kind", kind), members, h("label", {}, "Out of time", onTimeout));
  const show = () => {
    custom.hidden = choice.value !== "custom";
    for (const el of custom.querySelectorAll("input")) el.disabled = custom.hidden; // not validated while hidden
  };
  choice.addEventListener("change", show);
  show();
  const el = h("div", { class: "tc-field" }, h("label", {}, "Time control", choice), custom);
  function value() {
    if (choice.value !== "custom") return choice.value || null;
    const tc = { kind: kind.value, on_timeout: onTimeout.value };
    for (const [name, f] of fields) tc[name] = f.seconds();
    return tc;
  }
  return { el, value };
}
