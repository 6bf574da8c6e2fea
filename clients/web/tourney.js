// tourney.js — tournaments in the browser (issue 20): the list
// (#/tourneys, `tourney_list`) and one event (#/tourney/N: `tourney_get`
// and `tourney_standings`, and the server's text crosstable from
// `tourney_export`), with register (an invite code where the event
// is invite-only) and withdraw; a pools event's standings pool by pool
// (`pool_standings`); the log; the create form on the list
// (tourney_create.js) and the director's tools on his event's page
// (tourney_direct.js). The page is redrawn when the server pushes the
// event's `tournament` (a round paired, standings changed, the end),
// keeping what was typed into its fields and the focus.
// What is shown is the server's tournament object (protocol/PROTOCOL.md,
// "Tournaments"); the client computes no standing itself.

import { h, clear, ago } from "./dom.js";
import { controlText } from "./clock.js";
import { gameTitle, scenarioTitle } from "./titles.js";
import { tourneyCreateForm } from "./tourney_create.js";
import { directorTools, tourneyLog } from "./tourney_direct.js";

const fmtName = (t) => t.format.replace(/_/g, " ") + (t.format === "swiss" || t.format === "single_elimination" ? `, ${t.rounds} rounds` : "");
// One standings table (the event's, or one pool's): rank, player, points,
// then the tiebreaks in the server's order.
function standingsTable(standings, id) {
  const tbKeys = standings.length ? Object.keys(standings[0].tiebreaks || {}) : [];
  return h("table", { class: "standings", id },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Points"),
      tbKeys.map((k) => h("th", {}, k.replace(/_/g, " "))))),
    h("tbody", {}, standings.map((r) => h("tr", { dataset: { user: r.user } },
      h("td", {}, r.rank), h("td", {}, r.user, r.withdrawn ? " (withdrawn)" : ""), h("td", {}, Number(r.points).toFixed(1)),
      tbKeys.map((k) => h("td", {}, r.tiebreaks?.[k] ?? ""))))));
}

// A game's match, as the lobby offers one: the player's own seat
// (#/match/N) or a spectator's view (#/watch/N); a game in play is opened or
// watched, a finished one reviewed (match.js steps through it).
const gameLink = (x, me) => {
  const seat = x.side0 === me || x.side1 === me;
  return h("a", { href: `#/${seat ? "match" : "watch"}/${x.match}` }, x.result != null ? "Review" : seat ? "Open" : "Watch");
};

const statusText = (t) =>
  t.status === "registration" ? `registration open${t.invite_only ? " (by invite)" : ""}${t.start_at ? `, starts ${new Date(t.start_at * 1000).toLocaleString()}` : ""}` :
  t.status === "active" ? `round ${t.round} of ${t.rounds}${t.paused ? " (paused)" : ""}` : t.status;

export async function tourneyList(root, conn) {
  const r = await conn.request({ op: "tourney_list" });
  const section = h("section", { class: "card", id: "tourneys" }, h("h1", {}, "Tournaments"));
  root.append(section);
  root.append(tourneyCreateForm(conn));
  if (r.op !== "ok") {
    section.append(h("p", { class: "error", role: "alert" }, r.message || r.code));
    return;
  }
  if (!r.tournaments.length) section.append(h("p", { class: "muted" }, "No tournament yet."));
  else section.append(h("ul", { class: "matches" }, r.tournaments.map((t) =>
    h("li", { class: "match", dataset: { tourney: t.tourney } },
      h("div", {}, h("strong", {}, `${t.name}`), ` · ${gameTitle(conn.welcome, t.game)}, ${scenarioTitle(conn.welcome, t.game, t.scenario)} · ${fmtName(t)}`,
        h("div", { class: "muted" }, `${statusText(t)} · ${t.nplayers} of ${t.max_players} players · directed by ${t.director}` +
          ` · created ${ago(t.created)}`)),
      h("a", { class: "button", href: `#/tourney/${t.tourney}` }, "View")))));
}

export class TourneyScreen {
  constructor(root, conn, id) {
    this.root = root;
    this.conn = conn;
    this.id = id;
    this.note = null; // the last answer shown: {where, text, error}, kept over redraws
    this.draw();
  }

  // Shows the note in its element (if the page has it).
  showNote() {
    const m = this.note && document.getElementById(this.note.where);
    if (!m) return;
    m.className = this.note.error ? "error" : "ok";
    m.textContent = this.note.text;
  }

  // The fields (by id) a user has changed from what the page drew, and the
  // one with the focus and its caret: a redraw (a push: another player's
  // game ended) must not lose a director's half-typed reason. A form just
  // sent successfully is reset first (act), so it is drawn empty again.
  keepFields() {
    const dflt = (el) => el.tagName === "SELECT" ?
      ([...el.options].find((o) => o.defaultSelected) ?? el.options[0])?.value : el.type === "checkbox" ? el.defaultChecked : el.defaultValue;
    const val = (el) => (el.type === "checkbox" ? el.checked : el.value);
    const fields = [...this.root.querySelectorAll("input[id], select[id], textarea[id]")]
      .filter((el) => val(el) !== dflt(el)).map((el) => ({ id: el.id, value: val(el) }));
    const a = document.activeElement;
    const focus = a?.id && a !== document.body && this.root.contains(a) ?
      { id: a.id, start: a.selectionStart ?? null, end: a.selectionEnd ?? null } : null;
    return { fields, focus };
  }

  restoreFields({ fields, focus }) {
    const here = (id) => { const el = document.getElementById(id); return el && this.root.contains(el) ? el : null; };
    for (const f of fields) {
      const el = here(f.id);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = f.value;
      else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === f.value)) el.value = f.value;
    }
    const el = focus && here(focus.id);
    if (!el) return;
    el.focus();
    if (focus.start !== null && typeof el.setSelectionRange === "function")
      try { el.setSelectionRange(focus.start, focus.end); } catch { /* a field without a caret */ }
  }

  push(msg) {
    if (msg.op === "tournament" && msg.tourney === this.id) this.draw();
  }

  async draw() {
    const [g, s, x] = await Promise.all([
      this.conn.request({ op: "tourney_get", tourney: this.id }),
      this.conn.request({ op: "tourney_standings", tourney: this.id }),
      this.conn.request({ op: "tourney_export", tourney: this.id, format: "text" }),
    ]).catch(() => [null, null, null]);
    if (!g) return;
    const kept = this.keepFields();
    clear(this.root);
    if (g.op !== "ok") {
      this.root.append(h("p", { class: "error card", role: "alert" }, g.message || g.code),
        h("a", { class: "button", href: "#/tourneys" }, "All tournaments"));
      return;
    }
    const t = g.tournament;
    const me = this.conn.user.name;
    const mine = t.players.find((p) => p.name === me);
    const msg = h("p", { id: "tourney-msg", role: "status" });
    // Sends a request; shows the server's refusal, or redraws and says ok,
    // in the message element `where` (and again after a push's redraw).
    // A form sent successfully (`form`) is reset: its fields are not kept.
    const act = async (req, ok, where = "tourney-msg", form = null) => {
      const r = await this.conn.request(req);
      this.note = { where, text: r.op === "ok" ? ok : r.message || r.code, error: r.op !== "ok" };
      if (r.op === "ok") {
        if (form?.id) document.getElementById(form.id)?.reset();
        await this.draw();
      }
      else this.showNote();
    };
    const invite = h("input", { id: "tourney-invite", autocomplete: "off", placeholder: "invite code" });
    let entry = null;
    if (t.status !== "finished" && (!mine || mine.withdrawn)) {
      if (t.status === "registration" && !mine)
        entry = h("form", { class: "row", id: "tourney-register-form", onsubmit: (e) => {
          e.preventDefault();
          act({ op: "tourney_register", tourney: t.tourney, ...(t.invite_only ? { invite: invite.value.trim() } : {}) },
            "You are registered.", "tourney-msg", e.target);
        } }, t.invite_only ? h("label", {}, "Invite code", invite) : null,
        h("button", { type: "submit", id: "tourney-register" }, "Register"));
    } else if (t.status !== "finished" && mine && !mine.withdrawn)
      entry = h("button", { class: "danger", id: "tourney-withdraw", onclick: () =>
        act({ op: "tourney_withdraw", tourney: t.tourney },
          t.status === "registration" ? "Your registration is cancelled." : "You have withdrawn.") },
      t.status === "registration" ? "Cancel my registration" : "Withdraw");
    const standings = s?.op === "ok" ? s.standings : t.standings || [];
    const myGame = t.games.find((x) => x.result === null && x.match && (x.side0 === me || x.side1 === me));
    this.root.append(
      h("section", { class: "card", id: "tourney" },
        h("h1", {}, t.name),
        h("p", { id: "tourney-game" }, `${gameTitle(this.conn.welcome, t.game)} · ${scenarioTitle(this.conn.welcome, t.game, t.scenario)} · ${fmtName(t)} · ${t.rated ? "rated" : "unrated"}` +
          (t.time_control ? ` · clock ${controlText(t.time_control)}` : "")),
        h("p", { class: "muted", id: "tourney-status" }, `${statusText(t)} · ${t.nplayers} of ${t.max_players} players · directed by ${t.director}`),
        t.invite ? h("p", {}, "Invite code (you direct it): ", h("code", {}, t.invite)) : null,
        mine ? h("p", { id: "tourney-me" }, mine.withdrawn ? "You have withdrawn." : "You are registered.") : null,
        myGame ? h("p", {}, h("a", { class: "button", href: `#/match/${myGame.match}` }, `Play your round ${myGame.round} game`)) : null,
        entry, msg,
        h("a", { href: "#/tourneys" }, "All tournaments")),
      h("section", { class: "card", id: "tourney-players" }, h("h2", {}, "Players"),
        t.players.length ? h("ol", {}, t.players.map((p) => h("li", { dataset: { player: p.name } }, p.name, p.withdrawn ? " (withdrawn)" : ""))) :
          h("p", { class: "muted" }, "Nobody yet.")),
      t.director === me ? directorTools(t, act) : null,
      h("section", { class: "card", id: "tourney-standings" }, h("h2", {}, "Standings"),
        standings.length ? standingsTable(standings) : h("p", { class: "muted" }, "None before the first round.")),
      t.pool_standings ? h("section", { class: "card", id: "tourney-pools" },
        h("h2", {}, `Pools (the first ${t.advance} of each go on to the knockout)`),
        t.pool_standings.map((p) => h("div", { class: "pool", dataset: { pool: p.pool } },
          h("h3", {}, `Pool ${p.pool}`), standingsTable(p.standings, `tourney-pool-${p.pool}`)))) : null,
      h("section", { class: "card", id: "tourney-games" }, h("h2", {}, "Games"),
        t.games.length ? h("table", { class: "standings" },
          h("thead", {}, h("tr", {}, ["Round", "Board", "Side 1", "Side 2", "Result", ""].map((c) => h("th", {}, c)))),
          h("tbody", {}, t.games.map((x) => h("tr", { dataset: { round: x.round, board: x.board } },
            h("td", {}, x.round), h("td", {}, x.board), h("td", {}, x.side0 ?? "—"), h("td", {}, x.side1 ?? "—"),
            h("td", {}, x.result ?? "playing"),
            h("td", {}, x.match ? gameLink(x, me) : null))))) :
          h("p", { class: "muted" }, "No round paired yet.")),
      t.games.length && x?.op === "ok" ? h("section", { class: "card", id: "tourney-crosstable" }, h("h2", {}, "Crosstable"),
        h("pre", { class: "crosstable" }, x.text)) : null,
      tourneyLog(t));
    this.restoreFields(kept);
    this.showNote();
  }
}
