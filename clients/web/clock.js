// clock.js — a match's clock as the match object gives it (PROTOCOL.md "The
// match object", "Time controls"): each role's time left at `since`, less
// the time since for the roles in `running` (unless paused by a vacation).
// The server changes the clock only with the match's state, so the page
// counts down itself: clock elements made here are rewritten every second
// while they are in the document.

import { h } from "./dom.js";

// Seconds left for a role now (Unix seconds), or null without a clock.
export function timeLeft(clock, role, now = Date.now() / 1000) {
  const left = clock?.left?.[role];
  if (typeof left !== "number") return null;
  const runs = (clock.running || []).includes(role) && !clock.paused?.[role];
  return Math.max(0, Math.floor(runs ? left - (now - clock.since) : left));
}

// 2d 3:04:05, 3:04:05, 4:05 (h:mm:ss below a day, m:ss below an hour).
export function duration(s) {
  const d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600);
  const mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (d) return `${d}d ${hh}:${two(mm)}:${two(ss)}`;
  if (hh) return `${hh}:${two(mm)}:${two(ss)}`;
  return `${mm}:${two(ss)}`;
}

// A time control in words: "live, 60 min + 30 s", "1 d per move".
export function controlText(tc) {
  if (!tc) return "no clock";
  const t = (s) => (s % 86400 === 0 ? `${s / 86400} d` : s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`);
  const name = tc.preset ? `${tc.preset}: ` : "";
  if (tc.kind === "per_move") return `${name}${t(tc.per_move)} per move`;
  if (tc.kind === "live") return `${name}live, ${t(tc.initial)} + ${t(tc.increment)} a move`;
  if (tc.kind === "correspondence")
    return `${name}correspondence, ${t(tc.initial)} + ${t(tc.increment)} a move${tc.cap ? `, at most ${t(tc.cap)}` : ""}`;
  return `${name}${tc.kind}`;
}

const live = new Set();
setInterval(() => {
  for (const el of live) {
    if (!el.isConnected) live.delete(el);
    else fill(el);
  }
}, 1000);

function fill(el) {
  const { roles, clock, texts } = el.clockOf;
  el.replaceChildren(...roles.flatMap((role, i) => {
    const s = timeLeft(clock, role);
    const running = (clock.running || []).includes(role);
    const flagged = (clock.flagged || []).includes(role);
    return [i ? " · " : "", h("span", { class: `clock-role${running ? " running" : ""}${flagged ? " flagged" : ""}`, dataset: { role, left: s } },
      `${texts[role] ?? role} ${duration(s)}${flagged ? " (out of time)" : clock.paused?.[role] ? " (on vacation)" : running ? " ▾" : ""}`)];
  }));
}

// The clock of a match object (null when it has none, or none yet): its
// roles' time left, counting down.
export function clockView(m) {
  if (!m?.clock?.left) return null;
  const roles = (m.seats || []).map((s) => s.role).filter((r) => r in m.clock.left);
  const el = h("span", { class: "clock", title: controlText(m.time_control) });
  // each role as a person reads it: what the seat plays (seats[].text)
  const texts = Object.fromEntries((m.seats || []).map((s) => [s.role, s.text ?? s.role]));
  el.clockOf = { roles: roles.length ? roles : Object.keys(m.clock.left), clock: m.clock, texts };
  fill(el);
  live.add(el);
  return el;
}
