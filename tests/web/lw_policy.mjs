// lw_policy.mjs — the short Lincoln's War policy the browser tests play
// by (test_browser.mjs by clicking, test_keyboard.mjs by keys): which action
// a player takes, from the view his page's socket received.
import { timeline } from "./hidden_frames.mjs";

// The latest view a page's socket received for the match: {seq, view}.
export function latest(frames, match) {
  let seq = -1, view = null;
  for (const [s, v] of timeline(frames, match)) if (s > seq) [seq, view] = [s, v];
  return { seq, view };
}

// The action a player takes: once a turn each side plays a card to
// activate a force, which then moves one hex and stops; otherwise both end
// their phases and pass when they may, and else take the first action that
// buys nothing and gains no PC. The Campaign then runs its seven turns to
// Summer 1864 in about 300 actions (a random player takes thousands).
// st: {activated: role -> turn index, toMove: role -> moves left}.
const QUIET = ["pass", "end_admin", "end_rail", "end_naval", "done", "decline", "stop", "stay",
  "no_harass", "consolidate_done", "bi_keep", "no_retaliation"];
export function policy(view, st) {
  const acts = view.actions || [];
  const plain = (t, f = () => true) => acts.findIndex((a) => a.action.type === t && !a.params?.length && f(a.action));
  const role = view.role, turn = view.board?.turn?.index;
  if (st.toMove[role] > 0 && ownMoving(view)) {
    const i = plain("move");
    if (i >= 0) {
      st.toMove[role]--;
      return i;
    }
  }
  if (st.activated[role] !== turn) {
    // a card played to activate: the general is its parameter (the page's
    // chooser sends the first, the first general the card may activate)
    const i = acts.findIndex((a) => a.action.type === "play" && a.action.use === "activate");
    if (i >= 0) {
      st.activated[role] = turn;
      st.toMove[role] = 1;
      return i;
    }
  }
  for (const t of QUIET) {
    const i = plain(t);
    if (i >= 0) return i;
  }
  const i = acts.findIndex((a) => !a.action.type.startsWith("buy") && a.action.use !== "pc");
  return i >= 0 ? i : 0;
}

// The player's own force in motion (board.play.co), if any.
export function ownMoving(view) {
  const co = view.board?.play?.co;
  return co ? (view.board.forces || []).find((f) => f.side === view.role && f.co?.id === co) : undefined;
}

