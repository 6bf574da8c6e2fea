// app.js — the web client's entry: one Connection, and the screens by the
// address's hash: #/ the lobby (sign in first), #/match/N a seat, #/watch/N
// a spectator's view, #/invite/CODE an invite link that opens the join page.
// Screens are redrawn from the connection's state; a reconnection (net.js)
// re-enters the current screen, which re-subscribes with `since`.

import { Connection, saveToken, forgetToken } from "./net.js";
import { h, clear, ago } from "./dom.js";
import { MatchScreen } from "./match.js";
import { clockView, controlText } from "./clock.js";
import { AccountScreen } from "./account.js";
import { timeControlField } from "./tc-form.js";
import { tourneyList, TourneyScreen } from "./tourney.js";
import { leaderboard, playerRatings } from "./ratings.js";
import * as titles from "./titles.js";

const app = document.getElementById("app");
const conn = new Connection(`wss://${location.host}/ws`);
let screen = null; // the active screen object (with leave())

const status = h("span", { id: "conn-state", class: "conn", role: "status" }, "connecting");
const who = h("span", { id: "who" });
const header = h("header", { class: "top" },
  h("a", { href: "#/", class: "brand" }, "Telegraph"), who, status);
const main = h("div", { id: "screen" });
app.append(header, main);

conn.addEventListener("state", (ev) => {
  const { state, retryIn } = ev.detail;
  status.className = `conn ${state}`;
  status.dataset.state = state;
  status.textContent =
    state === "online" ? "online" :
    state === "connecting" ? "connecting…" :
    `offline${retryIn ? `: retrying in ${Math.round(retryIn / 1000)} s` : ""}`;
});
conn.addEventListener("ready", () => route());
conn.addEventListener("push", (ev) => screen?.push?.(ev.detail));
window.addEventListener("hashchange", () => route());

function setWho() {
  clear(who);
  if (conn.user)
    who.append(`Signed in as ${conn.user.name} `,
      h("a", { href: "#/tourneys", id: "tourneys-link", class: "link" }, "Tournaments"), " ",
      h("a", { href: "#/leaderboard", id: "leaderboard-link", class: "link" }, "Leaderboard"), " ",
      h("a", { href: "#/account", id: "account-link", class: "link" }, "Account"), " ",
      h("button", { class: "link", id: "logout", onclick: logout }, "Sign out"));
}

// The account deleted, or this very session ended: signed out here.
function signedOut() {
  forgetToken();
  conn.user = null;
  if (location.hash === "#/") route();
  else location.hash = "#/";
}

async function logout() {
  await conn.request({ op: "logout" }).catch(() => {});
  forgetToken();
  conn.user = null;
  route();
}

function route() {
  if (conn.state !== "online") return;
  screen?.leave?.();
  screen = null;
  setWho();
  clear(main);
  const hash = location.hash || "#/";
  let m;
  if (!conn.user) {
    signIn();
    return;
  }
  if (hash === "#/account") screen = new AccountScreen(main, conn, signedOut);
  else if (hash === "#/tourneys") tourneyList(main, conn);
  else if ((m = hash.match(/^#\/leaderboard(?:\/([\w-]+))?$/))) leaderboard(main, conn, m[1]);
  else if ((m = hash.match(/^#\/player\/(.+)$/))) playerRatings(main, conn, decodeURIComponent(m[1]));
  else if ((m = hash.match(/^#\/tourney\/(\d+)$/))) screen = new TourneyScreen(main, conn, Number(m[1]));
  else if ((m = hash.match(/^#\/invite\/([A-Z0-9]+)$/))) joinInvite(m[1]);
  else if ((m = hash.match(/^#\/(match|watch)\/(\d+)$/)))
    screen = new MatchScreen(main, conn, Number(m[2]), m[1] === "watch");
  else lobby();
}

// ---- sign in / register --------------------------------------------------

function signIn() {
  const name = h("input", { id: "name", name: "username", autocomplete: "username", required: true, minlength: 3, maxlength: 32 });
  const pass = h("input", { id: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8 });
  const remember = h("input", { id: "remember", type: "checkbox", checked: true });
  const msg = h("p", { class: "error", role: "alert" });
  async function go(op) {
    msg.textContent = "";
    const r = await conn.request({ op, name: name.value, password: pass.value });
    if (r.op !== "ok") {
      msg.textContent = r.message || r.code;
      return;
    }
    saveToken(r.token, remember.checked);
    conn.user = r.user;
    route();
  }
  const form = h("form", { class: "card signin", onsubmit: (e) => { e.preventDefault(); go("login"); } },
    h("h1", {}, "Sign in to play"),
    h("label", {}, "Name", name),
    h("label", {}, "Password", pass),
    h("label", { class: "check" }, remember, "Remember me on this device"),
    msg,
    h("div", { class: "row" },
      h("button", { type: "submit", id: "login" }, "Sign in"),
      h("button", { type: "button", id: "register", onclick: () => form.reportValidity() && go("register") }, "Register")));
  main.append(form, resetForms(name));
  name.focus();
}

// Forgotten password (issue 24): ask for a code by email (forgot_password;
// the server answers the same whether or not the name exists), then redeem
// it, or a code the host handed over, for a new password (redeem_reset).
function resetForms(nameInput) {
  const msg = h("p", { id: "reset-msg", role: "status" });
  const code = h("input", { id: "reset-code", autocomplete: "one-time-code", maxlength: 64 });
  const pass = h("input", { id: "reset-password", type: "password", autocomplete: "new-password" });
  const show = (r, ok) => {
    msg.className = r.op === "ok" ? "ok" : "error";
    msg.textContent = r.op === "ok" ? ok : r.message || r.code;
  };
  async function forgot() {
    const r = await conn.request({ op: "forgot_password", name: nameInput.value.trim() });
    show(r, r.message || "Sent.");
  }
  async function redeem(e) {
    e.preventDefault();
    const r = await conn.request({ op: "redeem_reset", name: nameInput.value.trim(), code: code.value.trim(),
      new_password: pass.value });
    show(r, "Password set.");
    if (r.op !== "ok") return;
    saveToken(r.token, false);
    conn.user = r.user;
    route();
  }
  return h("details", { class: "card signin", id: "forgot" },
    h("summary", {}, "Forgot your password?"),
    h("p", { class: "muted" }, "Type your name above. If your account has a verified email address, a reset code is mailed there."),
    h("button", { type: "button", id: "forgot-go", onclick: forgot }, "Email me a reset code"),
    h("form", { id: "redeem-form", onsubmit: redeem },
      h("label", {}, "Reset code", code), h("label", {}, "New password", pass),
      h("button", { type: "submit", id: "redeem-go" }, "Set the new password and sign in")),
    msg);
}

// ---- the lobby -------------------------------------------------------------

// A match in a list: its game's and scenario's titles (not their ids), each
// seat as what it plays (seats[].text, the game's words) and who sits there.
function matchLine(m, actions) {
  const seats = m.seats.map((s) => `${s.text ?? s.role}: ${s.user ?? "(free)"}${s.rating != null ? ` (${s.rating})` : ""}`).join(", ");
  return h("li", { class: `match ${m.your_turn ? "your-turn" : ""}`, dataset: { match: m.match } },
    h("div", {},
      h("strong", {}, `#${m.match} ${gameTitle(m.game)}`), ` · ${scenarioTitle(m.game, m.scenario)} · `,
      m.your_turn ? h("span", { class: "badge" }, "your move") : null,
      // held by the server's rules version until its operator settles it
      m.rules_held ? h("span", { class: "badge held", title: m.summary }, "held: rules changed") : null,
      h("div", { class: "muted" }, m.summary || m.status, " · ", seats,
        m.last_move ? ` · last move ${ago(m.last_move)}` : m.created ? ` · created ${ago(m.created)}` : ""),
      m.time_control ? h("div", { class: "muted tc" }, `Clock: ${controlText(m.time_control)}`,
        m.clock?.left && m.status === "active" ? [" · ", clockView(m)] : null) : null),
    h("div", { class: "row" }, actions));
}

const gameTitle = (id) => titles.gameTitle(conn.welcome, id);
const scenarioTitle = (game, id) => titles.scenarioTitle(conn.welcome, game, id);

async function lobby() {
  const [open, mine] = await Promise.all([
    conn.request({ op: "list", which: "open" }),
    conn.request({ op: "list", which: "mine" }),
  ]);
  const [live, done, inv] = await Promise.all([
    conn.request({ op: "list", which: "live" }),
    conn.request({ op: "list", which: "finished" }),
    conn.request({ op: "invitations" }),
  ]);
  const my = (mine.matches || []).slice();
  my.sort((a, b) => (b.your_turn - a.your_turn) || ((b.last_move || b.created) - (a.last_move || a.created)));
  const playing = my.filter((m) => m.status === "active" || m.status === "open");
  const finished = my.filter((m) => m.status === "finished" || m.status === "aborted");
  const joinable = (open.matches || []).filter((m) => !my.some((x) => x.match === m.match));
  const list = (items, empty, actions) =>
    items.length ? h("ul", { class: "matches" }, items.map((m) => matchLine(m, actions(m)))) : h("p", { class: "muted" }, empty);
  const openMatch = (m) => h("a", { class: "button", href: `#/match/${m.match}` }, m.your_turn ? "Play" : "Open");
  // A private open match I created takes invitations by name (issues 19, 24).
  const inviteForm = (m) => {
    const who = h("input", { class: "invite-user", placeholder: "user name", "aria-label": "Invite a user" });
    return h("form", { class: "row invite-form", onsubmit: async (e) => {
      e.preventDefault();
      const r = await conn.request({ op: "invite", match: m.match, user: who.value.trim() });
      if (r.op !== "ok") return alertBox(r.message || r.code);
      route();
    } }, who, h("button", { type: "submit", class: "invite" }, "Invite"));
  };
  const mineActions = (m) => m.status === "open" && m.visibility === "private" && m.your_role
    ? [openMatch(m), inviteForm(m)] : [openMatch(m)];
  const received = inv.op === "ok" ? inv.received : [];
  const sent = inv.op === "ok" ? inv.sent : [];
  const answer = async (op, id) => {
    const r = await conn.request({ op, match: id });
    if (r.op !== "ok") return alertBox(r.message || r.code);
    if (op === "accept_invite") location.hash = `#/match/${id}`;
    else route();
  };
  main.append(
    h("section", { class: "card", id: "invitations" }, h("h2", {}, "Invitations"),
      received.length ? h("ul", { class: "matches" }, received.map((r) =>
        matchLine(r.match, [h("span", { class: "muted host" }, `from ${r.host}`),
          h("button", { class: "accept", onclick: () => answer("accept_invite", r.match.match) }, "Accept"),
          h("button", { class: "decline", onclick: () => answer("decline_invite", r.match.match) }, "Decline")])))
        : h("p", { class: "muted" }, "No invitation waits for you."),
      sent.length ? h("ul", { class: "sent" }, sent.map((x) =>
        h("li", { dataset: { match: x.match, user: x.user, state: x.state } },
          `#${x.match}: ${x.user}, ${x.state}`))) : null),
    h("section", { class: "card", id: "mine" }, h("h2", {}, "My matches"),
      list(playing, "No match in progress.", mineActions)),
    h("section", { class: "card", id: "open" }, h("h2", {}, "Open matches to join"),
      list(joinable, "No open match: create one.", (m) => [
        h("button", { class: "join", onclick: () => join({ match: m.match }) }, "Join")])),
    createForm(),
    h("section", { class: "card", id: "live" }, h("h2", {}, "Live matches to watch"),
      live.op === "ok" ? list(live.matches || [], "No public match in play.", (m) => [
        h("a", { class: "button", href: `#/watch/${m.match}` }, "Watch")]) : h("p", { class: "muted" }, "Not offered by this server.")),
    h("section", { class: "card", id: "finished" }, h("h2", {}, "Finished"),
      list(finished, "None yet.", (m) => [
        h("a", { class: "button", href: `#/match/${m.match}` }, "Review")])),
    h("section", { class: "card", id: "finished-public" }, h("h2", {}, "Finished public matches to review"),
      done.op === "ok" ? list((done.matches || []).filter((m) => !my.some((x) => x.match === m.match)), "None yet.", (m) => [
        h("a", { class: "button", href: `#/watch/${m.match}` }, "Review")]) : h("p", { class: "muted" }, "Not offered by this server.")));
}

async function join(how) {
  const r = await conn.request({ op: "join", ...how });
  if (r.op !== "ok") {
    alertBox(r.message || r.code);
    return;
  }
  location.hash = `#/match/${r.match}`;
}

function alertBox(text) {
  main.prepend(h("p", { class: "error card", role: "alert" }, text));
}

function joinInvite(code) {
  main.append(h("section", { class: "card" }, h("h2", {}, "You are invited to a match"),
    h("p", {}, `Invite code ${code}.`),
    h("div", { class: "row" },
      h("button", { id: "accept-invite", onclick: () => join({ invite: code }) }, "Join the match"),
      h("a", { class: "button", href: "#/" }, "Back to the lobby"))));
}

// The create form, from the welcome's games: scenarios, options (each
// option's schema: boolean -> checkbox, enum -> select, integer -> number,
// else text), side, public or private, spectators.
function createForm() {
  const games = conn.welcome?.games || [];
  const game = h("select", { id: "game" }, games.map((g) => h("option", { value: g.id }, g.title)));
  const scenario = h("select", { id: "scenario" });
  const side = h("select", { id: "side" });
  const opts = h("div", { class: "options" });
  const visibility = h("select", { id: "visibility" },
    h("option", { value: "public" }, "Public: listed in the lobby"),
    h("option", { value: "private" }, "Private: by invite link"));
  const spectators = h("input", { id: "spectators", type: "checkbox", checked: true });
  // No clock, the server's presets (the welcome's time_controls) or custom values.
  const clock = timeControlField(conn.welcome?.time_controls);
  const msg = h("p", { class: "error", role: "alert" });
  const inputs = {};
  function fill() {
    const g = games.find((x) => x.id === game.value);
    clear(scenario).append(...(g?.scenarios || []).map((s) => h("option", { value: s.id, title: s.description || "" }, s.title)));
    clear(side).append(h("option", { value: "random" }, "Random"), ...(g?.roles || []).map((r) => h("option", { value: r }, g.role_titles?.[r] ?? r)));
    clear(opts);
    for (const k of Object.keys(inputs)) delete inputs[k];
    for (const [name, o] of Object.entries(g?.options || {})) {
      let input;
      if (o.type === "boolean") input = h("input", { type: "checkbox", checked: !!o.default });
      else if (Array.isArray(o.enum) || Array.isArray(o.choices))
        input = h("select", {}, (o.enum || o.choices).map((c) => {
          const v = typeof c === "object" ? c.value : c;
          return h("option", { value: v, selected: v === o.default }, typeof c === "object" ? c.label ?? v : c);
        }));
      else if (o.type === "integer" || o.type === "number")
        input = h("input", { type: "number", value: o.default ?? "", min: o.minimum, max: o.maximum });
      else input = h("input", { value: o.default ?? "" });
      input.name = name;
      input.dataset.option = name;
      inputs[name] = { input, o };
      opts.append(h("label", { class: o.type === "boolean" ? "check" : "" }, o.type === "boolean" ? [input, o.label || name] : [o.label || name, input]));
    }
  }
  game.addEventListener("change", fill);
  fill();
  async function create(e) {
    e.preventDefault();
    const options = {};
    for (const [name, { input, o }] of Object.entries(inputs)) {
      if (o.type === "boolean") options[name] = input.checked;
      else if (o.type === "integer" || o.type === "number") options[name] = Number(input.value);
      else options[name] = input.value;
    }
    const r = await conn.request({ op: "create", game: game.value, scenario: scenario.value, options,
      side: side.value, visibility: visibility.value, spectators: spectators.checked,
      time_control: clock.value() });
    if (r.op !== "ok") {
      msg.textContent = r.message || r.code;
      return;
    }
    if (r.invite) sessionStorage.setItem(`tg.invite.${r.match}`, r.invite);
    location.hash = `#/match/${r.match}`;
  }
  return h("form", { class: "card", id: "create", onsubmit: create },
    h("h2", {}, "Create a match"),
    h("label", {}, "Game", game), h("label", {}, "Scenario", scenario), opts,
    h("label", {}, "Your side", side), clock.el, h("label", {}, "Who may join", visibility),
    h("label", { class: "check" }, spectators, "Spectators may watch"),
    msg, h("button", { type: "submit", id: "create-match" }, "Create"));
}

conn.connect();
window.telegraph = { conn }; // for the browser tests and the curious
