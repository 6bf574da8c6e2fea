// match.js — one match, for a seat or a spectator, from the view's common
// members only (server/games/game.h): the board (boards/), the prompt, the
// legal actions grouped by type and searchable (a param's `choices` is one
// chooser, not a line per combination; digits 1-9 pick among those shown,
// `/` opens the search, Enter leaves it with its matches, Escape empties it),
// the log with a mark at "since you were last here", chat, undo, resign
// with a confirmation. Views and patches are applied as PROTOCOL.md says;
// a gap or a patch that does not apply re-subscribes with `since`. A
// finished match can be stepped through move by move (the `replay` op: the
// view after any step; arrow keys or the step buttons), read-only.

import { h, clear, confirmDialog } from "./dom.js";
import { applyPatch } from "./patch.js";
import { boardFor } from "./boards/index.js";
import { clockView, controlText } from "./clock.js";
import { roleTitles } from "./titles.js";
import { openChoices } from "./params.js";

function seenKey(id) {
  return `tg.seen.${id}`;
}

function logText(entry) {
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object" && typeof entry.text === "string") return entry.text;
  return JSON.stringify(entry);
}

export class MatchScreen {
  constructor(root, conn, id, spectator) {
    this.root = root;
    this.conn = conn;
    this.id = id;
    this.spectator = spectator;
    this.seq = null;
    this.view = null;
    this.match = null;
    this.chat = [];
    this.lastChat = 0;
    this.board = null;
    this.filter = "";
    this.chosen = null; // the action entry whose params are being chosen
    this.seatTexts = {}; // role -> what the seat plays (the server's words)
    this.drawn = {}; // the actions and log the screen shows
    this.seen = JSON.parse(localStorage.getItem(seenKey(id)) || "null");
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.onHide = () => this.remember();
    window.addEventListener("pagehide", this.onHide);
    this.build();
    this.subscribe();
  }

  leave() {
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("pagehide", this.onHide);
    clearTimeout(this.rememberTimer);
    this.remember();
  }

  // What "since you were last here" compares with next time.
  remember() {
    if (!this.view || this.spectator) return;
    const log = this.view.log || [];
    localStorage.setItem(seenKey(this.id), JSON.stringify({ seq: this.seq, last: log.length ? logText(log[log.length - 1]) : null }));
  }

  build() {
    this.el = {
      title: h("h1", { id: "match-title" }, `Match #${this.id}`),
      seat: h("p", { id: "seat", class: "seat" }),
      stepper: h("div", { id: "stepper", class: "row stepper" }),
      result: h("p", { id: "result", class: "result" }),
      clock: h("p", { id: "clock", class: "clock-line" }),
      board: h("div", { id: "board", class: "board" }),
      prompt: h("p", { id: "prompt", class: "prompt", "aria-live": "polite" }),
      pending: h("p", { id: "act-pending", class: "muted", hidden: true }, "Sending your move…"),
      search: h("input", { id: "action-search", type: "search", placeholder: "Search actions (/ to focus; digits pick)", oninput: (e) => { this.filter = e.target.value.toLowerCase(); this.renderActions(); } }),
      actions: h("div", { id: "actions", class: "actions" }),
      chooser: h("div", { id: "chooser", class: "chooser" }),
      log: h("ol", { id: "log", class: "log" }),
      chatList: h("ol", { id: "chat", class: "chat" }),
      chatInput: h("input", { id: "chat-input", maxlength: 1000, placeholder: "Say something to your opponent" }),
      error: h("p", { class: "error", role: "alert", id: "match-error" }),
    };
    const e = this.el;
    const tools = this.el.tools = this.spectator ? h("p", { class: "muted", id: "spectating" }, "You are watching.") :
      h("div", { class: "row tools" },
        h("button", { id: "undo", onclick: () => this.undo() }, "Undo"),
        h("button", { id: "resign", class: "danger", onclick: () => this.resign() }, "Resign"),
        h("span", { id: "invite" }));
    // Skip links, first in the screen's Tab order and shown when focused:
    // every counter and lit hex of the map is a Tab stop, so without them
    // Undo, Resign, the actions and the chat lie hundreds of Tabs away.
    e.controls = h("section", { class: "card", id: "controls", tabindex: "-1", "aria-label": "Your move" },
      e.prompt, e.pending, e.error, tools, e.search, e.chooser, e.actions);
    const here = `#/${this.spectator ? "watch" : "match"}/${this.id}`;
    const skip = (id, text, to) => h("a", { id, class: "skip", href: here,
      onclick: (ev) => { ev.preventDefault(); to().focus(); } }, text);
    const skips = h("nav", { class: "skips", "aria-label": "Skip links" },
      skip("skip-map", "Skip the map", () => e.controls),
      this.spectator ? null : skip("skip-chat", "Skip to chat", () => e.chatInput));
    const chat = this.spectator ? null : h("section", { class: "card chatbox" }, h("h2", {}, "Chat"), e.chatList,
      h("form", { class: "row", onsubmit: (ev) => { ev.preventDefault(); this.say(); } }, e.chatInput, h("button", { id: "chat-send" }, "Send")));
    this.root.append(
      h("div", { class: "match-screen" },
        h("div", { class: "main-col" }, skips, e.title, e.seat, e.clock, e.result, e.stepper, e.board),
        h("div", { class: "side-col" },
          e.controls,
          h("section", { class: "card" }, h("h2", {}, "Log"), e.log),
          chat)));
  }

  async subscribe() {
    const req = { op: this.spectator ? "watch" : "open", match: this.id };
    if (this.seq !== null) req.since = this.seq;
    if (!this.spectator) req.since_chat = this.lastChat;
    const r = await this.conn.request(req).catch(() => null);
    if (!r) return;
    if (r.op !== "ok") {
      this.el.error.textContent = r.message || r.code;
      return;
    }
    this.role = r.role;
    if (r.seat_texts) this.seatTexts = { ...r.seat_texts };
    this.refreshMatch();
    if (r.status === "open") this.el.prompt.textContent = "Waiting for an opponent to join.";
    const invite = sessionStorage.getItem(`tg.invite.${this.id}`);
    const inv = document.getElementById("invite");
    if (invite && inv) {
      const url = `${location.origin}/#/invite/${invite}`;
      clear(inv).append("Invite link: ", h("input", { readonly: true, value: url, id: "invite-link", size: 40 }));
    }
  }

  push(msg) {
    if (msg.match !== this.id) return;
    if (msg.op === "view") {
      this.actDone();
      this.view = msg.view;
      this.seq = msg.seq;
      this.render();
    } else if (msg.op === "patch") {
      if (this.view === null || msg.seq <= this.seq) return;
      if (msg.seq !== this.seq + 1) {
        this.subscribe();
        return;
      }
      const t0 = performance.now();
      try {
        this.view = applyPatch(this.view, msg.patch);
        this.seq = msg.seq;
      } catch {
        this.view = null;
        this.seq = null;
        this.subscribe();
        return;
      }
      // window.telegraphTimings, where a test set it: ms to apply one patch
      // and redraw (the board included), for the figures.
      this.render().then(() => window.telegraphTimings?.push(performance.now() - t0));
    } else if (msg.op === "chat") {
      if (msg.id <= this.lastChat) return;
      this.lastChat = msg.id;
      this.chat.push(msg);
      this.renderChat();
    } else if (msg.op === "match") {
      this.match = msg;
      this.takeSeats(msg);
      this.renderClock();
      if (msg.status === "active" && this.view === null) this.subscribe();
    }
  }

  async render() {
    if (this.replay) return this.renderReplay();
    const v = this.view;
    const e = this.el;
    const game = this.conn.welcome?.games?.find((g) => g.id === v.game);
    e.title.textContent = `Match #${this.id} · ${game?.title ?? v.game} · seq ${this.seq}`;
    e.result.textContent = v.finished ? `Game over: ${v.result?.summary ?? ""}` : "";
    const mine = (v.awaiting || []).includes(v.role);
    this.renderSeat();
    e.prompt.classList.toggle("your-turn", mine && !v.finished);
    if (!this.spectator) for (const b of e.tools.querySelectorAll("#undo, #resign")) b.hidden = !!v.finished;
    // The clock changes when the awaited roles do: ask for it then.
    const awaiting = JSON.stringify(v.awaiting || []);
    if (this.drawn.awaiting !== undefined && awaiting !== this.drawn.awaiting) this.refreshMatch();
    this.drawn.awaiting = awaiting;
    document.title = mine && !v.finished ? "Your move · Telegraph" : "Telegraph";
    // The action list and the log are rebuilt only when the patch changed
    // them (patch.js keeps untouched parts the same objects).
    if (v.actions !== this.drawn.actions) {
      this.drawn.actions = v.actions;
      this.chosen = null;
      this.offered = null;
      this.renderActions();
    }
    if (v.log !== this.drawn.log) {
      this.drawn.log = v.log;
      this.renderLog();
    }
    if (v.finished) this.renderStepper();
    else clear(e.stepper);
    // The board's module, loaded once: a patch then redraws without
    // waiting for the module loader.
    if (this.boardGame !== v.game) [this.board, this.boardGame] = [await boardFor(v.game), v.game];
    // While the module loaded, a newer view may have come and been drawn
    // (its render may resume first): an older one must not be drawn over it,
    // or the board's actions are no longer the list's. Nor over a replay
    // begun meanwhile (a page that opened a finished match steps through
    // it before its board's module has loaded: the live view's draw would
    // resume after the replay's and show the final map at step 0).
    if (v !== this.view || this.replay) return;
    await this.board.renderBoard(e.board, v, {
      role: v.role,
      // the game's words for its roles (the welcome's role_titles)
      titles: roleTitles(this.conn.welcome, v.game),
      pick: (action) => this.act(action),
      offer: (entries, what) => {
        this.offered = { entries, what };
        this.chosen = null;
        this.renderActions();
      },
    });
    this.rememberSoon();
  }

  // remember(), at most once a second while patches arrive (localStorage
  // writes are not free), and always on leaving (leave(), pagehide).
  rememberSoon() {
    if (this.rememberTimer) return;
    this.rememberTimer = setTimeout(() => {
      this.rememberTimer = null;
      this.remember();
    }, 1000);
  }

  // The match object (its time control and clock): pushed to participants
  // only when the match starts or ends, so the page asks for it with `list`
  // (mine for a seat, live or finished for a spectator of a public match).
  async refreshMatch() {
    for (const which of this.spectator ? ["live", "finished"] : ["mine"]) {
      const r = await this.conn.request({ op: "list", which }).catch(() => null);
      const m = r?.matches?.find((x) => x.match === this.id);
      if (m) {
        this.match = m;
        this.takeSeats(m);
        this.renderClock();
        return;
      }
    }
  }

  // What each seat plays, from a match object (seats[].text: the game's
  // words, which a bid may change mid-match); the seat line and the prompt
  // say it again when it changed.
  takeSeats(m) {
    const before = JSON.stringify(this.seatTexts);
    for (const s of m.seats || []) if (s.text) this.seatTexts[s.role] = s.text;
    if (this.view && JSON.stringify(this.seatTexts) !== before) this.renderSeat();
  }

  // A role as a person reads it: what the seat plays (the server's
  // seat_texts), else the game's title for the role, else the role.
  seatText(role) {
    return this.seatTexts[role] ?? roleTitles(this.conn.welcome, this.view?.game ?? this.match?.game)[role] ?? role;
  }

  // "You play ..." and, while another is awaited, "Waiting for ...".
  renderSeat() {
    const v = this.view;
    const e = this.el;
    e.seat.textContent = this.spectator || v.role === "observer" ? "" : `You play ${this.seatText(v.role)}.`;
    const mine = (v.awaiting || []).includes(v.role);
    e.prompt.textContent = v.finished ? "The match is over." :
      mine ? (v.prompt || "Your move.") :
      `Waiting for ${(v.awaiting || []).map((r) => this.seatText(r)).join(" and ") || "the server"}.`;
  }

  renderClock() {
    const m = this.match;
    const e = this.el;
    if (!m?.time_control) {
      clear(e.clock);
      return;
    }
    const shown = m.status === "active" ? clockView(m) : null;
    clear(e.clock).append(`Clock (${controlText(m.time_control)})`, ...(shown ? [": ", shown] : m.status === "open" ? [": starts when the match does"] : []));
  }

  // Actions grouped by type; the filter matches labels and choice labels.
  renderActions() {
    const e = this.el;
    clear(e.actions);
    clear(e.chooser);
    if (this.chosen) {
      this.renderChooser();
      return;
    }
    if (this.offered) {
      e.actions.append(h("p", { class: "offered" }, `Actions for ${this.offered.what}: `,
        h("button", { type: "button", id: "show-all", onclick: () => { this.offered = null; this.renderActions(); } }, "Show all")));
      if (!this.offered.entries.length) e.actions.append(h("p", { class: "muted" }, "None."));
    }
    const pool = this.offered ? this.offered.entries : this.view?.actions || [];
    const list = pool.map((a, i) => ({ a, i }))
      .filter(({ a }) => !this.filter || a.label.toLowerCase().includes(this.filter) ||
        (a.params || []).some((p) => p.choices.some((c) => String(c.label ?? c.value).toLowerCase().includes(this.filter))));
    const groups = new Map();
    for (const x of list) {
      const g = x.a.action?.type ?? "other";
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(x);
    }
    let n = 0;
    this.shown = [];
    for (const [type, items] of groups) {
      e.actions.append(h("h3", {}, type.replace(/[_-]+/g, " ")),
        h("ul", {}, items.map(({ a }) => {
          n++;
          this.shown.push(a);
          const key = n <= 9 ? `${n}` : "";
          // the view's own order, for tests (an entry the map bound to a
          // hex keeps its view entry as source)
          const index = String(this.view.actions.indexOf(a.source ?? a));
          return h("li", {}, h("button", { class: "action", dataset: { type, index }, onclick: () => this.choose(a) },
            key ? h("kbd", {}, key) : null, a.label, a.params?.length ? " …" : ""));
        })));
    }
    if (!n && this.view?.actions?.length) e.actions.append(h("p", { class: "muted" }, "No action matches the search."));
  }

  clearSearch() {
    this.el.search.value = "";
    if (!this.filter) return;
    this.filter = "";
    this.renderActions();
  }

  choose(entry) {
    if (!entry.params?.length) {
      this.act(entry.action);
      return;
    }
    this.chosen = { entry };
    this.renderActions();
  }

  // One chooser per param: a searchable list of its choices (each by its
  // label, or its value where it has none: PROTOCOL.md); a param of
  // several choices ("many", PROTOCOL.md) a box per choice, all ticked at
  // first, its value the ticked ones' values in the choices' order.
  renderChooser() {
    const { entry } = this.chosen;
    const e = this.el;
    // The values are read from the lists when the form is sent, whichever
    // way they were chosen (a click, arrows: a listbox's keyboard moves
    // need not fire change before Enter submits).
    const lists = [], boxes = [];
    const form = h("form", { class: "choose", onsubmit: (ev) => {
      ev.preventDefault();
      const action = { ...entry.action };
      for (const [p, sel] of lists) action[p.name] = sel.shown[Math.max(0, sel.selectedIndex)].value;
      for (const [p, ticks] of boxes) action[p.name] = p.choices.filter((c, i) => ticks[i].checked).map((c) => c.value);
      this.act(action);
    } }, h("p", {}, entry.label));
    for (const p of entry.params) {
      if (p.many) {
        const ticks = p.choices.map(() => h("input", { type: "checkbox", checked: true }));
        boxes.push([p, ticks]);
        form.append(h("fieldset", { class: "param-many", dataset: { name: p.name } }, h("legend", {}, p.label || p.name),
          p.choices.map((c, i) => h("label", {}, ticks[i], ` ${c.label ?? String(c.value)}`))));
        continue;
      }
      const sel = h("select", { name: p.name, size: Math.min(8, p.choices.length), required: true, class: "param" });
      // a param "by" another lists the choices the other's value opens,
      // listed again when the other changes (params.js)
      sel.fill = () => {
        const action = {};
        for (const [q, s] of lists) if (s !== sel) action[q.name] = s.shown[Math.max(0, s.selectedIndex)]?.value;
        sel.shown = openChoices(entry, p, action);
        sel.replaceChildren(...sel.shown.map((c) => h("option", {}, c.label ?? String(c.value))));
        sel.selectedIndex = 0;
      };
      sel.fill();
      lists.push([p, sel]);
      form.append(h("label", {}, p.label || p.name, sel));
    }
    for (const [p, sel] of lists) {
      const refill = () => { for (const [q, s] of lists) if (q.by === p.name) s.fill(); };
      sel.addEventListener("change", refill);
      sel.addEventListener("input", refill);
    }
    form.append(h("div", { class: "row" }, h("button", { type: "submit", id: "choose-send" }, "Send"),
      h("button", { type: "button", onclick: () => { this.chosen = null; this.renderActions(); } }, "Back")));
    e.chooser.append(form);
    form.querySelector("select, input")?.focus();
  }

  // One act in flight per match. A double click or a key pressed twice
  // sent a second act from the view the first one was changing: the server
  // refused it (stale_seq) and the page showed the error and re-subscribed.
  // The guard is lifted by the act's answer (ok or error, or the connection
  // lost) or by a whole view; meanwhile the page says it is waiting.
  // No answer is said too: pressed while the socket is down (net.js
  // reconnects by itself) the act was not sent, and the page said nothing,
  // so the press was lost without a word (session 22).
  async act(action) {
    if (this.acting) return;
    const mine = this.actWaiting(true);
    this.el.error.textContent = "";
    let lost = null;
    const r = await this.conn.request({ op: "act", match: this.id, seq: this.seq, action }).catch((e) => {
      lost = e;
      return null;
    });
    this.actDone(mine);
    if (lost) {
      this.el.error.textContent = lost.message === "not connected"
        ? "Not connected: your move was not sent. The page reconnects by itself; try again then."
        : "The connection was lost before the answer: once it is back, the match shows whether your move was taken.";
    }
    // The search served its pick: the next list is shown whole.
    if (r?.op === "ok") this.clearSearch();
    if (r && r.op === "error") {
      this.el.error.textContent = r.message || r.code;
      if (r.code === "stale_seq") this.subscribe();
    }
  }

  // Marks an act in flight (returns its number) or none.
  actWaiting(on) {
    this.acting = on ? (this.actNumber = (this.actNumber || 0) + 1) : 0;
    this.el.controls.setAttribute("aria-busy", on ? "true" : "false");
    this.el.pending.hidden = !on;
    return this.acting;
  }

  // The act `n` answered (or, without n, whichever is in flight: a whole
  // view came): the page takes acts again. A later act's guard is not
  // lifted by an earlier act's answer.
  actDone(n) {
    if (this.acting && (n === undefined || n === this.acting)) this.actWaiting(false);
  }

  async undo() {
    const r = await this.conn.request({ op: "undo", match: this.id, seq: this.seq }).catch(() => null);
    this.el.error.textContent = r && r.op === "error" ? r.message || r.code : "";
  }

  async resign() {
    if (!(await confirmDialog("Resign this match? Your opponent wins.", "Resign"))) return;
    const r = await this.conn.request({ op: "resign", match: this.id }).catch(() => null);
    this.el.error.textContent = r && r.op === "error" ? r.message || r.code : "";
  }

  async say() {
    const text = this.el.chatInput.value.trim();
    if (!text) return;
    const r = await this.conn.request({ op: "chat", match: this.id, text }).catch(() => null);
    if (r?.op === "ok") this.el.chatInput.value = "";
    else this.el.error.textContent = r ? r.message || r.code : "not connected";
  }

  // ---- stepping through a finished match --------------------------------

  renderStepper() {
    const e = this.el;
    clear(e.stepper);
    const btn = (id, text, label, go) => h("button", { type: "button", id, "aria-label": label, onclick: go }, text);
    if (!this.replay) {
      e.stepper.append(btn("step-start", "Step through the match", "Step through the match from the start", () => this.stepTo(0)));
      return;
    }
    const { i, seqs } = this.replay;
    e.stepper.append(
      btn("step-first", "« First", "First step", () => this.stepTo(0)),
      btn("step-prev", "◀", "Previous step", () => this.stepTo(i - 1)),
      h("span", { id: "step-at" }, `step ${i} of ${seqs.length}`),
      btn("step-next", "▶", "Next step", () => this.stepTo(i + 1)),
      btn("step-last", "Last »", "Last step", () => this.stepTo(seqs.length)),
      btn("step-done", "Back to the end", "Leave the replay", () => {
        this.replay = null;
        this.render();
      }));
  }

  // Step i: 0 is the setup, k the k-th action in effect (seqs[k - 1]).
  async stepTo(i) {
    const seqs = this.replay?.seqs;
    if (seqs) i = Math.max(0, Math.min(seqs.length, i));
    const seq = !seqs || i === 0 ? 0 : seqs[i - 1];
    const r = await this.conn.request({ op: "replay", match: this.id, seq }).catch(() => null);
    if (!r || r.op !== "ok") {
      this.el.error.textContent = r ? r.message || r.code : "not connected";
      return;
    }
    this.replay = { seqs: r.seqs, i: seqs ? i : 0, seq: r.seq, view: r.view };
    this.renderReplay();
  }

  async renderReplay() {
    const { view: v, seq, i, seqs } = this.replay;
    this.drawn = {}; // the replay drew over the actions and the log
    const e = this.el;
    const game = this.conn.welcome?.games?.find((g) => g.id === v.game);
    e.title.textContent = `Match #${this.id} · ${game?.title ?? v.game} · replay · seq ${seq}`;
    e.prompt.textContent = `Replay: step ${i} of ${seqs.length}.${v.prompt ? ` Then: ${v.prompt}` : ""}`;
    e.prompt.classList.remove("your-turn");
    clear(e.actions);
    clear(e.chooser);
    e.actions.append(h("p", { class: "muted" }, "Stepping through a finished match (← and → step): nothing is played here."));
    this.renderLog(v.log || [], false);
    this.renderStepper();
    const board = await boardFor(v.game);
    // a later step, or the end of the replay, may have come while loading
    if (this.replay?.view !== v) return;
    board.renderBoard(e.board, { ...v, actions: [] }, { role: v.role, pick: () => {}, offer: () => {} });
  }

  // The log, with a mark at "since you were last here". A log that only
  // grew since it was drawn (the usual patch) gets just its new lines.
  renderLog(log = this.view.log || [], mark = true) {
    const e = this.el;
    let markAt = -1;
    if (mark && this.seen && this.seen.seq !== this.seq && this.seen.last !== undefined) {
      markAt = this.seen.last === null ? 0 : log.map(logText).lastIndexOf(this.seen.last) + 1;
    }
    const old = this.logDrawn;
    const n = old ? old.texts.length : 0;
    const grew = mark && old && n <= log.length && (markAt === old.markAt || markAt >= n) &&
      (n === 0 || (logText(log[0]) === old.texts[0] && logText(log[n - 1]) === old.texts[n - 1]));
    if (!grew) clear(e.log);
    const from = grew ? n : 0;
    for (let i = from; i < log.length; i++) {
      if (i === markAt)
        e.log.append(h("li", { class: "since-mark", id: "since-mark" }, "since you were last here"));
      e.log.append(h("li", {}, logText(log[i])));
    }
    this.logDrawn = mark ? { texts: log.map(logText), markAt } : null;
    // The newest in view, without scrolling the page; at the next frame, so
    // that reading the height does not force a layout in every redraw.
    requestAnimationFrame(() => (e.log.scrollTop = e.log.scrollHeight));
  }

  renderChat() {
    clear(this.el.chatList).append(...this.chat.map((c) =>
      h("li", {}, h("strong", {}, `${c.from}: `), c.text)));
  }

  key(ev) {
    if (ev.target === this.el.search) {
      // Enter leaves the search with its matches listed (their digits
      // renumbered); Escape closes it: emptied, every action back (the
      // browser empties a search field on Escape without an input event).
      if (ev.key === "Enter" || ev.key === "Escape") {
        ev.preventDefault();
        if (ev.key === "Escape") this.clearSearch();
        ev.target.blur();
      }
      return;
    }
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLTextAreaElement) {
      if (ev.key === "Escape") ev.target.blur();
      return;
    }
    if (ev.key === "/") {
      ev.preventDefault();
      this.el.search.focus();
    } else if (/^[1-9]$/.test(ev.key) && this.shown && !this.chosen) {
      const a = this.shown[Number(ev.key) - 1];
      // The digit is spent here: the chooser it opens takes the focus, and
      // the key's character would otherwise pick there by type-ahead.
      if (a) {
        ev.preventDefault();
        this.choose(a);
      }
    } else if (this.replay && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
      this.stepTo(this.replay.i + (ev.key === "ArrowRight" ? 1 : -1));
    } else if (ev.key === "Escape" && this.chosen) {
      this.chosen = null;
      this.renderActions();
    }
  }
}
