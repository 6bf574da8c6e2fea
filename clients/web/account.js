// account.js — the Account page (#/account, issue 24): a signed-in player
// changes his password, lists and ends his sessions, blocks and unblocks
// users, sets his notifications (email with its verification code, events,
// digest mode, webhook) and deletes his account. Each panel is one or two protocol ops
// (protocol/PROTOCOL.md, "Accounts" and "Notifications"); the client checks
// nothing the server checks, and an error is shown as the server's sentence.

import { h, clear, ago, confirmDialog } from "./dom.js";

const EVENTS = ["your_move", "match_started", "match_finished", "clock_low", "opponent_vacation", "invited", "chat"];

// A panel's message line: the server's sentence on error, else `okText`.
function say(msg, r, okText) {
  msg.className = r.op === "ok" ? "ok" : "error";
  msg.textContent = r.op === "ok" ? okText : r.message || r.code;
  return r.op === "ok";
}

const note = (id) => h("p", { id, role: "status" });

export class AccountScreen {
  // onSignedOut(): called after the account is deleted or this session ended.
  constructor(root, conn, onSignedOut) {
    this.conn = conn;
    this.onSignedOut = onSignedOut;
    this.sessionsList = h("ul", { id: "sessions", class: "plain" });
    this.blocksList = h("ul", { id: "blocks", class: "plain" });
    this.notifyBox = h("div", { id: "notify" });
    root.append(h("h1", {}, `Account of ${conn.user.name}`),
      h("div", { class: "account" },
        this.passwordPanel(), this.sessionsPanel(), this.blocksPanel(),
        this.notifyPanel(), this.deletePanel()));
    this.loadSessions();
    this.loadBlocks();
    this.loadNotify({});
  }

  req(obj) {
    return this.conn.request(obj).catch((e) => ({ op: "error", message: e.message }));
  }

  passwordPanel() {
    const old = h("input", { id: "old-password", type: "password", autocomplete: "current-password" });
    const neu = h("input", { id: "new-password", type: "password", autocomplete: "new-password" });
    const msg = note("password-msg");
    const submit = async (e) => {
      e.preventDefault();
      const r = await this.req({ op: "change_password", old_password: old.value, new_password: neu.value });
      if (say(msg, r, "Password changed. Your other sessions have ended.")) {
        old.value = neu.value = "";
        this.loadSessions();
      }
    };
    return h("form", { class: "card", id: "change-password", onsubmit: submit },
      h("h2", {}, "Change password"),
      h("label", {}, "Current password", old), h("label", {}, "New password (8 to 256 bytes)", neu),
      msg, h("button", { type: "submit", id: "change-password-go" }, "Change password"));
  }

  sessionsPanel() {
    this.sessionsMsg = note("sessions-msg");
    return h("section", { class: "card", id: "sessions-card" }, h("h2", {}, "Sessions"),
      h("p", { class: "muted" }, "Where you are signed in. Ending a session signs that device out."),
      this.sessionsList, this.sessionsMsg);
  }

  async loadSessions() {
    const r = await this.req({ op: "sessions" });
    clear(this.sessionsList);
    if (r.op !== "ok") return say(this.sessionsMsg, r, "");
    for (const s of r.sessions) {
      const end = async () => {
        if (s.current && !(await confirmDialog("End this session? You will be signed out here.", "End it")))
          return;
        const e = await this.req({ op: "end_session", session: s.id });
        if (s.current && e.op === "ok") this.onSignedOut();
        else if (say(this.sessionsMsg, e, "Session ended.")) this.loadSessions();
      };
      this.sessionsList.append(h("li", { dataset: { session: s.id }, class: s.current ? "current" : "" },
        h("div", {},
          h("strong", {}, s.client || "unknown client"), s.current ? h("span", { class: "badge" }, "this one") : null,
          h("div", { class: "muted" }, `${s.address || "?"} · signed in ${ago(s.created)} · last used ${ago(s.last_used)}`)),
        h("button", { class: "end-session", onclick: end }, "End")));
    }
  }

  blocksPanel() {
    const name = h("input", { id: "block-name", autocomplete: "off" });
    this.blocksMsg = note("blocks-msg");
    const submit = async (e) => {
      e.preventDefault();
      const r = await this.req({ op: "block", user: name.value.trim() });
      if (say(this.blocksMsg, r, `${name.value.trim()} is blocked.`)) {
        name.value = "";
        this.loadBlocks();
      }
    };
    return h("section", { class: "card", id: "blocks-card" }, h("h2", {}, "Blocked users"),
      h("p", { class: "muted" }, "A blocked user's chat does not reach you, and neither of you may join the other's match."),
      this.blocksList,
      h("form", { class: "row", id: "block-form", onsubmit: submit },
        h("label", {}, "Name", name), h("button", { type: "submit", id: "block-go" }, "Block")),
      this.blocksMsg);
  }

  async loadBlocks() {
    const r = await this.req({ op: "blocks" });
    clear(this.blocksList);
    if (r.op !== "ok") return say(this.blocksMsg, r, "");
    if (!r.blocks.length) this.blocksList.append(h("li", { class: "muted" }, "Nobody."));
    for (const b of r.blocks) {
      const unblock = async () => {
        const u = await this.req({ op: "unblock", user: b.user });
        if (say(this.blocksMsg, u, `${b.user} is unblocked.`)) this.loadBlocks();
      };
      this.blocksList.append(h("li", { dataset: { user: b.user } },
        h("span", {}, h("strong", {}, b.user), h("span", { class: "muted" }, ` since ${ago(b.since)}`)),
        h("button", { class: "unblock", onclick: unblock }, "Unblock")));
    }
  }

  notifyPanel() {
    this.notifyMsg = note("notify-msg");
    return h("section", { class: "card", id: "notify-card" }, h("h2", {}, "Notifications"),
      h("p", { class: "muted" }, "Tell me by email or a webhook when something happens in my matches while I am away."),
      this.notifyBox, this.notifyMsg);
  }

  // notify_settings with `change` (possibly {}), then the form from the reply.
  async loadNotify(change, okText = "") {
    const r = await this.req({ op: "notify_settings", ...change });
    if (r.op !== "ok" || okText) say(this.notifyMsg, r, okText);
    if (r.op !== "ok") {
      if (this.notifyBox.childElementCount || !Object.keys(change).length) return;
      return this.loadNotify({});
    }
    const s = r.settings;
    const email = h("input", { id: "notify-email", type: "email", value: s.email ?? "" });
    const code = h("input", { id: "verify-code", inputmode: "numeric", maxlength: 8 });
    const events = EVENTS.map((ev) => h("input", { type: "checkbox", value: ev, dataset: { event: ev }, checked: s.events.includes(ev) }));
    // Digest mode (PROTOCOL.md, notify_settings): at most one email every
    // N hours, 0 for each at once. The range is the server's to check: a
    // value it refuses gets its sentence, and nothing is changed.
    const digest = h("input", { id: "digest-hours", type: "number", min: 0, max: 168, step: 1,
      inputmode: "numeric", value: String(s.digest_hours ?? 0), "aria-describedby": "digest-help" });
    const hook = h("input", { id: "webhook-url", value: s.webhook_url ?? "", placeholder: "https://..." });
    const format = h("select", { id: "webhook-format" },
      ["json", "discord", "slack"].map((f) => h("option", { value: f, selected: f === s.webhook_format }, f)));
    const save = (e) => {
      e.preventDefault();
      const c = { events: events.filter((x) => x.checked).map((x) => x.value), webhook_format: format.value };
      // A field left empty (or not a number at all) is the page's to say.
      const hours = digest.value.trim() === "" ? NaN : Number(digest.value);
      if (!Number.isFinite(hours)) {
        say(this.notifyMsg, { op: "error", message: "Digest: a whole number of hours, 0 to 168." }, "");
        digest.focus();
        return;
      }
      if (hours !== s.digest_hours) c.digest_hours = hours;
      const mail = email.value.trim() || null;
      if (mail !== s.email) c.email = mail;
      const url = hook.value.trim() || null;
      if (url !== s.webhook_url) c.webhook_url = url;
      this.loadNotify(c, c.email ? `Saved. A code is on its way to ${c.email}.` : "Saved.");
    };
    const verify = async () => {
      const v = await this.req({ op: "verify_email", code: code.value.trim() });
      if (say(this.notifyMsg, v, "Address verified.")) this.loadNotify({}, "Address verified.");
    };
    const state = s.email === null ? "" :
      s.email_parked ? ` (parked ${ago(s.email_parked)}: save it again to resume)` :
      s.email_verified ? " (verified)" : " (not verified)";
    clear(this.notifyBox).append(h("form", { id: "notify-form", onsubmit: save, novalidate: true },
      h("label", {}, h("span", { id: "email-state" }, `Email${state}`), email),
      s.email !== null && !s.email_verified ? h("div", { class: "row", id: "verify-row" },
        h("label", {}, "Code from the email", code),
        h("button", { type: "button", id: "verify-go", onclick: verify }, "Verify")) : null,
      h("fieldset", { class: "events" }, h("legend", {}, "Tell me about"),
        events.map((x) => h("label", { class: "check" }, x, x.value.replace(/_/g, " ")))),
      h("label", {}, "Digest: at most one email every N hours", digest),
      h("p", { class: "muted", id: "digest-help" },
        "0 sends each email at once. With N, what happens in the next N hours after an email comes as one digest."),
      h("label", {}, `Webhook URL${s.webhook_parked ? ` (parked ${ago(s.webhook_parked)})` : ""}`, hook),
      h("label", {}, "Webhook format", format),
      s.webhook_secret ? h("p", { class: "muted" }, "Webhook signing secret: ", h("code", { id: "webhook-secret" }, s.webhook_secret)) : null,
      h("button", { type: "submit", id: "notify-save" }, "Save")));
  }

  deletePanel() {
    const pass = h("input", { id: "delete-password", type: "password", autocomplete: "current-password" });
    const msg = note("delete-msg");
    const submit = async (e) => {
      e.preventDefault();
      const yes = await confirmDialog(`Delete the account ${this.conn.user.name} for good? ` +
        "Your open matches are aborted, your active ones resigned, your email and sessions erased. " +
        "Finished matches keep your seat under a placeholder name. This cannot be undone.", "Delete my account");
      if (!yes) return;
      const r = await this.req({ op: "delete_account", password: pass.value });
      if (r.op === "ok") this.onSignedOut();
      else say(msg, r, "");
    };
    return h("form", { class: "card danger-zone", id: "delete-account", onsubmit: submit },
      h("h2", {}, "Delete account"),
      h("p", {}, "Your open matches are aborted and your active ones resigned. Finished matches keep your seat under a placeholder name."),
      h("label", {}, "Password", pass), msg,
      h("button", { type: "submit", class: "danger", id: "delete-go" }, "Delete my account…"));
  }
}
