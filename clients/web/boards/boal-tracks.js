// boards/boal-tracks.js — Birth of a Legend's tracks under the map, drawn
// from the view's board.track (and board.impulse, board.areas) with the
// track lengths of the module's tracks.json: the Turn Track (one box a
// day), the Impulses Track, the Advantage, the Record Track (each side's
// Replacement Points), the victory areas and who holds them, and the
// weather when the Advanced game is played, and 16.1's bids.

import { h } from "../dom.js";

const SIDE = { union: "Union", confederate: "Confederate" };
const side = (x) => SIDE[x] || "—";

function turnTrack(tracks, t) {
  const turns = (tracks.turns || []).filter((d) => !d.optional || d.label === t.turn);
  return h("div", { class: "boal-track", id: "turn-track" }, h("span", { class: "boal-track-name" }, "Turn"),
    turns.map((d) => h("span", { class: `boal-box${d.label === t.turn ? " now" : ""}`, title: d.source }, d.label)),
    h("span", { class: "muted" }, ` ${t.phase}${t.step && t.step !== t.phase ? ` (${t.step.replace(/_/g, " ")})` : ""}`));
}

function impulseTrack(tracks, t) {
  const { first = 0, last = 12 } = tracks.impulses || {};
  const boxes = [];
  for (let i = first; i <= last; i++)
    boxes.push(h("span", { class: `boal-box${i === t.impulse ? ` now ${t.active || ""}` : ""}` }, String(i)));
  return h("div", { class: "boal-track", id: "impulse-track" }, h("span", { class: "boal-track-name" }, "Impulse"), boxes,
    h("span", { class: "muted" }, ` active: ${side(t.active)}, first: ${side(t.first_impulse)}` +
      (t.sunset_dr ? `, Sunset DR ${t.sunset_dr}` : "") + (t.sunset_pending ? ", the day ends (6.3.1)" : "")));
}

function impulseNow(imp, names, units) {
  if (!imp) return null;
  const name = (id) => units.get(id)?.name ?? id;
  const parts = [`${imp.kind} by ${side(imp.attacker)}`, imp.area ? `in ${names(imp.area)}` : null, `step: ${imp.step.replace(/_/g, " ")}`];
  if (imp.activated?.length) parts.push(`activated: ${imp.activated.map((x) => `${name(x.unit)} (${x.mf} MF)`).join(", ")}`);
  const a = imp.assault;
  if (a) parts.push(`assault on ${names(a.area)}: attack ${a.attack_total}, defense ${a.defense_total}, CP left ${a.cp_left}` +
    (a.point ? `, Point ${name(a.point)}` : "") + (a.forward ? `, Forward ${name(a.forward)}` : ""));
  return h("p", { id: "impulse-now" }, h("strong", {}, "Impulse: "), parts.filter(Boolean).join("; "));
}

// 16.1's bids, which are the seats' (the view keys them by seat, game.h's
// roles): a seat may play the other side once they are revealed (16.1.1:
// "the player with the larger bid plays the preferred side"), so each is
// named by its seat, as the module's seat texts name them ("the union
// seat"), the reader's own marked. Before the reveal: whether each is
// written, and the reader's own amount (the view holds the other's back);
// after it: what each seat bid and which side it got (track.sides), and
// the tie's drs.
const SEATS = ["union", "confederate"];
const SIDE_PLAYED = { union: "the Union", confederate: "the Confederates" };
function bids(bid, sides, you) {
  if (!bid) return null;
  const w = bid.written || {};
  const seat = (r) => `the ${r} seat${r === you ? " (you)" : ""}`;
  const told = (r) => {
    if (bid.revealed && bid.bids) return `bid ${bid.bids[r]} RP, plays ${SIDE_PLAYED[sides?.[r]] ?? "—"}`;
    if (!w[r]) return "not yet";
    return r === you && bid.yours !== undefined ? `written, ${bid.yours} RP` : "written";
  };
  const tie = bid.revealed && bid.tie_drs ? ` (a tie, broken by dr: ${SEATS.map((r) => `${seat(r)} ${bid.tie_drs[r]}`).join(", ")})` : "";
  return h("span", { id: "bids" }, h("strong", {}, `Bids${bid.side ? ` for ${SIDE_PLAYED[bid.side]}` : ""} (16.1): `),
    SEATS.map((r) => `${seat(r)}: ${told(r)}`).join("; ") + tie);
}

export function tracksPanel(view, tracks, names) {
  const b = view.board || {};
  const t = b.track || {};
  const units = new Map((b.units || []).map((u) => [u.id, u]));
  const vp = (b.areas || []).filter((a) => a.victory);
  const held = (s) => vp.filter((a) => a.control === s).length;
  const rp = t.replacement_points || {};
  const army = t.army_leader || {};
  const train = t.supply_train || {};
  return h("div", { class: "boal-panel", id: "boal-tracks" },
    turnTrack(tracks, t),
    impulseTrack(tracks, t),
    h("div", { class: "boal-facts" },
      h("span", { id: "advantage", class: t.advantage || "" }, h("strong", {}, "Advantage: "), side(t.advantage),
        t.advantage_to && t.advantage_to !== t.advantage ? ` (to ${side(t.advantage_to)})` : ""),
      h("span", { id: "record-track" }, h("strong", {}, "Record Track (Replacement Points): "),
        `Union ${rp.union ?? 0}, Confederate ${rp.confederate ?? 0}`),
      h("span", { id: "victory-areas" }, h("strong", {}, "Victory areas: "),
        `Union ${held("union")}, Confederate ${held("confederate")} of ${vp.length} (`,
        vp.map((a, i) => [i ? ", " : "", h("span", { class: a.control || "" }, `${a.name} ${a.control ? SIDE[a.control][0] : "–"}`)]), ")"),
      bids(t.bid, t.sides, view.role),
      t.advanced ? h("span", { id: "weather" }, h("strong", {}, "Weather (15.1): "), t.weather,
        t.weather_dr ? ` (DR ${t.weather_dr})` : "") : null,
      h("span", {}, h("strong", {}, "Army leaders: "),
        `Lee ${army.lee?.active ? "active" : "inactive"}${army.lee?.dr ? ` (DR ${army.lee.dr})` : ""}, ` +
        `McClellan ${army.mcclellan?.active ? "active" : "inactive"}${army.mcclellan?.dr ? ` (DR ${army.mcclellan.dr})` : ""}`),
      h("span", {}, h("strong", {}, "Supply train: "), train.area ? names(train.area) : "off the map",
        train.arrives ? `, arrives ${train.arrives}` : "", train.moved ? ", moved" : "")),
    impulseNow(b.impulse, names, units));
}
