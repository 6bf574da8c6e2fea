// test_browser.mjs — the web client in a real browser: Debian's chromium
// driven by playwright-core (never a downloaded browser), against the real
// daemon. Two players register, create and join a Lincoln's War match
// (the Campaign Game, Summer 1861 to Summer 1864) and play it to its end by
// clicking the action list, hexes on the map, forces on the map whose
// destinations light up, the hexes the force in motion moves to, and a
// general whose pick lists the card that activates him (its param); they
// chat, undo and reload mid-game and carry on; a third player watches. Each
// page's map is checked against the view its socket received (every hex, a
// counter in the hex of each force listed), and screenshots are saved.
//
// Which action a player clicks is chosen by a short policy from the view his
// socket received (policy() below): each side activates a force once a
// turn and moves it a hex, and otherwise ends its phases and passes, so the
// Campaign's seven turns end in about 300 actions (a full game; a random
// player takes thousands).
//
//   node test_browser.mjs DAEMON OUTDIR [MOVES]   (MOVES: the least to play)
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { checkHidden, selfTest, timeline } from "./hidden_frames.mjs";
import { latest, ownMoving, policy } from "./lw_policy.mjs";
import { launch } from "./webtest.mjs";

const [daemonPath, outDir, movesArg] = process.argv.slice(2);
const MOVES = Number(movesArg || 30);
mkdirSync(outDir, { recursive: true });

function fail(what) {
  throw new Error(what);
}

async function startDaemon() {
  const data = mkdtempSync(join(tmpdir(), "telegraph-web-"));
  const proc = spawn(daemonPath, ["--listen", "127.0.0.1:0", "--data", join(data, "d"),
    // The lowest password cost: this test is about the page, not hashing.
    "--set", "scrypt_n_log2=10"], { stdio: ["ignore", "ignore", "pipe"] });
  const log = [];
  const port = await new Promise((resolve, reject) => {
    let buf = "";
    proc.stderr.on("data", (d) => {
      buf += d;
      const lines = buf.split("\n");
      buf = lines.pop();
      for (const l of lines) {
        log.push(l);
        const m = l.match(/listening on [^\s]+:(\d+)/);
        if (m) resolve(Number(m[1]));
      }
    });
    proc.on("exit", (c) => reject(new Error(`daemon exited ${c}`)));
    setTimeout(() => reject(new Error("daemon did not start")), 30000);
  });
  return { proc, port, data, log };
}

// Figures, printed and never asserted (BENCHMARKS.md): the bytes the page
// costs, navigation to a drawn map, one patch applied and redrawn.
const figures = { bytes: 0, gzip: 0, files: 0 };

async function player(browser, url, name, frames, sent = []) {
  const ctx = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { window.telegraphTimings = []; });
  if (!figures.files)
    page.on("response", async (r) => {
      const body = figures.frozen ? null : await r.body().catch(() => null);
      if (!body || figures.frozen) return;
      figures.files++;
      figures.bytes += body.length;
      figures.gzip += gzipSync(body).length;
    });
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => frames.push(String(f.payload)));
    ws.on("framesent", (f) => sent.push(String(f.payload)));
  });
  page.on("pageerror", (e) => fail(`${name}: page error ${e.message}`));
  await page.goto(url);
  await page.fill("#name", name);
  await page.fill("#password", "correct horse battery");
  await page.click("#register");
  await page.waitForSelector("#create");
  return { ctx, page, name };
}

// Polls from node: waiting for a function in the page would evaluate a
// string there, which the page's CSP (no eval) rightly refuses.
async function until(what, cond, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function seqOf(page) {
  const t = await page.textContent("#match-title");
  const m = t && t.match(/seq (\d+)/);
  return m ? Number(m[1]) : -1;
}

async function myTurn(page) {
  return page.$eval("#prompt", (p) => p.classList.contains("your-turn")).catch(() => false);
}

// A clock element's time left per role against the match object of the
// latest list reply that the page's socket received (within 3 s: the page
// counts down itself, once a second).
function parseDuration(t) {
  const m = t.match(/(?:(\d+)d )?(?:(\d+):)?(\d+):(\d\d)$/);
  if (!m) return null;
  return (+m[1] || 0) * 86400 + (+m[2] || 0) * 3600 + +m[3] * 60 + +m[4];
}
async function checkClock(page, sel, frames, match) {
  await page.waitForSelector(`${sel} .clock-role`);
  let obj = null;
  for (const f of frames) {
    try {
      const msg = JSON.parse(f);
      const m = msg.op === "ok" && msg.matches?.find((x) => x.match === match);
      if (m?.clock) obj = m;
    } catch { /* not JSON */ }
  }
  if (!obj) fail(`no list reply gave match ${match}'s clock`);
  const shown = await page.$$eval(`${sel} .clock-role`, (els) => els.map((e) => [e.dataset.role, e.textContent]));
  const now = Date.now() / 1000;
  if (shown.length !== Object.keys(obj.clock.left).length) fail(`clock ${JSON.stringify(shown)} for ${JSON.stringify(obj.clock)}`);
  for (const [role, text] of shown) {
    const left = obj.clock.left[role] - (obj.clock.running.includes(role) ? now - obj.clock.since : 0);
    const got = parseDuration(text.replace(/^\S+ /, "").replace(/ .*$/, ""));
    if (got === null || Math.abs(got - left) > 3) fail(`${sel}: ${role} shows ${text}, the clock says ${Math.round(left)} s left`);
  }
  return shown;
}

const pad = (hx) => String(hx).padStart(4, "0");
const HEX_KEYS = ["to", "target", "hex", "from", "dest", "where"];

// The hex an action names, if any (as the map lights it).
function hexOf(entry) {
  for (const k of HEX_KEYS) if (typeof entry.action[k] === "number") return entry.action[k];
  return null;
}

// Waits for the page to show a later seq than before (or an error).
async function played(p, before, what) {
  await until(what, async () => (await seqOf(p.page)) > before || (await p.page.textContent("#match-error")));
  const err = await p.page.textContent("#match-error");
  if (err) fail(`${p.name}: ${what} was refused: ${err}`);
}

// Clicks action i of the view in the action list (its choices' first
// values, if any).
async function clickMove(p, i) {
  const before = await seqOf(p.page);
  await p.page.click(`button.action[data-index="${i}"]`);
  if (await p.page.$("#choose-send")) await p.page.click("#choose-send");
  await played(p, before, "the move");
}

// Plays action i on the map: a click on the hex it names (dispatchEvent
// reaches the hex itself even where a city's marker or a counter lies over
// its centre). The page sends it when it is the only action naming that
// hex; else its list shows just those, and the test clicks action i there.
async function mapMove(p, i, hex) {
  const before = await seqOf(p.page);
  await p.page.locator(`#board polygon.hex.lit[data-hex="${pad(hex)}"]`).dispatchEvent("click");
  if (await p.page.$("#show-all")) {
    await p.page.click(`button.action[data-index="${i}"]`);
    if (await p.page.$("#choose-send")) await p.page.click("#choose-send");
  }
  await played(p, before, "the map move");
}

// "Pick a force, its destinations light up", from the view alone: a
// force's counter is its CO's, and picks him: the actions that name him
// (not another general of his stack: test_keyboard.mjs picks those from
// the spread stack), or, for the force in motion (board.play.co), those
// that name no unit; the hexes they name, in the action or among a param's
// choices.
function forceDestinations(view, f) {
  const ids = (x) => [x.co?.id, ...(x.subordinates || []).map((u) => u.id)].filter(Boolean);
  const all = new Set((view.board.forces || []).flatMap(ids));
  const co = f.co?.id;
  const moving = !!co && view.board.play?.co === co;
  const dests = new Map(); // hex -> [{i, value}]
  view.actions.forEach((entry, i) => {
    const named = Object.entries(entry.action).filter(([k]) => k !== "type").map(([, v]) => v).flat()
      .filter((v) => typeof v === "string" && all.has(v));
    // a rail move names its general among param "unit"'s choices (issue
    // 17, 55efb74): picking him binds that param to him, and his
    // destinations are those his list opens
    const by = (entry.params || []).find((prm) => prm.choices.some((c) => all.has(c.value)));
    const chosen = by ? by.choices.map((c) => c.value).filter((v) => all.has(v)) : [];
    if (named.length || chosen.length ? !named.includes(co) && !chosen.includes(co) : !moving) return;
    const bound = !named.includes(co) && by ? { [by.name]: co } : {};
    const add = (hx, value) => { if (!dests.has(hx)) dests.set(hx, []); dests.get(hx).push({ i, value }); };
    const hx = hexOf(entry);
    if (hx !== null) add(hx, bound);
    // a param "by" the bound one: only the choices his value opens
    // (PROTOCOL.md: choices_by's "only" or "except" indices)
    const opens = (prm) => {
      if (!prm.by || !(prm.by in bound)) return prm.choices;
      const i = entry.params.find((q) => q.name === prm.by).choices.findIndex((c) => c.value === bound[prm.by]);
      const spec = prm.choices_by?.[i] ?? {};
      return prm.choices.filter((c, k) => (spec.only ? spec.only.includes(k) : !(spec.except || []).includes(k)));
    };
    for (const prm of entry.params || [])
      if (HEX_KEYS.includes(prm.name)) for (const c of opens(prm)) add(c.value, { ...bound, [prm.name]: c.value });
  });
  return dests;
}

// Picks one of the player's forces that has somewhere to go: its counter is
// clicked, exactly its destinations must light up, and a click on one of
// them must send that action. False when no own force has a destination.
async function forceMove(p, view, sent) {
  // A force with a destination that exactly one action goes to: a click
  // there alone must send it.
  const single = (x) => [...forceDestinations(view, x).values()].some((xs) => xs.length === 1);
  const f = (view.board.forces || []).find((x) => x.side === view.role && single(x));
  if (!f) return false;
  const dests = forceDestinations(view, f);
  // a general stays selected across views while he has somewhere to go (the
  // force in motion after its last move): a click now would drop him
  if (!(await p.page.$(`#board .counter.selected[data-co="${f.co.id}"]`)))
    await p.page.locator(`#board .counter[data-co="${f.co.id}"]`).dispatchEvent("click");
  const lit = await p.page.$$eval("#board polygon.hex.dest", (els) => els.map((e) => e.dataset.hex).sort());
  const want = [...dests.keys()].map(pad).sort();
  if (JSON.stringify(lit) !== JSON.stringify(want))
    fail(`${p.name}: picking ${f.co.id} lit ${lit.join(" ")}, not its destinations ${want.join(" ")}`);
  if (!(await p.page.$(`#board .counter.selected[data-co="${f.co.id}"]`))) fail(`${f.co.id} is not shown selected`);
  await p.page.screenshot({ path: join(outDir, `10-picked-${p.name}.png`) });
  const [hex, [{ i, value }]] = [...dests].find(([, xs]) => xs.length === 1);
  const before = await seqOf(p.page);
  const n = sent.length;
  await p.page.locator(`#board polygon.hex.dest[data-hex="${pad(hex)}"]`).dispatchEvent("click");
  await played(p, before, `${f.co.id}'s move to ${pad(hex)}`);
  const act = sent.slice(n).map((x) => JSON.parse(x)).find((m) => m.op === "act");
  const want1 = JSON.stringify({ ...view.actions[i].action, ...(value || {}) });
  if (!act || JSON.stringify(act.action) !== want1) fail(`picking ${pad(hex)} sent ${JSON.stringify(act)}, not ${want1}`);
  console.log(`# ${p.name} picked ${f.co.id} at ${pad(f.hex)}: ${want.length} destinations lit, sent ${want1}`);
  return true;
}

// A card played to activate a general, picked on the map (issue 17 made
// the general the entry's param "general"): a click on the counter of a
// general among the param's choices lists exactly the actions that name
// him, in an action or among a param's choices (and, for the force in
// motion, those naming no unit), the card's activation among them; picking
// it asks for no general and sends the card's action with general him
// (the first card, where cards of the same generals are one entry).
// False when no general of the choices commands a force on the map.
const names = (entry, id) => Object.entries(entry.action).some(([k, v]) => k !== "type" && [v].flat().includes(id)) ||
  (entry.params || []).some((prm) => prm.choices.some((c) => c.value === id));
// Whether choice k of param prm is open to choice j of the param it is
// "by" (PROTOCOL.md: choices_by[j]'s "only", or all but its "except").
const isOpen = (prm, j, k) => {
  const spec = (prm.choices_by || [])[j] || {};
  return spec.only ? spec.only.includes(k) : !(spec.except || []).includes(k);
};
async function activateByPick(p, view, i, sent) {
  const entry = view.actions[i];
  const prm = (entry.params || []).find((x) => x.name === "general");
  const f = prm && (view.board.forces || []).find((x) => x.side === view.role && prm.choices.some((c) => c.value === x.co?.id));
  if (!f) return false;
  const id = f.co.id;
  const all = (view.board.forces || []).flatMap((x) => [x.co?.id, ...(x.subordinates || []).map((u) => u.id)]).filter(Boolean);
  const moving = view.board.play?.co === id;
  const want = view.actions.map((e, k) => [e, k]).filter(([e]) => {
    const named = all.filter((u) => names(e, u));
    return named.length ? named.includes(id) : moving;
  }).map(([, k]) => String(k)).sort();
  await p.page.locator(`#board .counter[data-co="${id}"]`).dispatchEvent("click");
  const listed = async () => (await p.page.$$eval("#actions button.action", (els) => els.map((e) => e.dataset.index))).sort();
  let got = [];
  for (const end = Date.now() + 5000; Date.now() < end; await p.page.waitForTimeout(100))
    if ((await p.page.$("#show-all")) && JSON.stringify((got = await listed())) === JSON.stringify(want)) break;
  if (JSON.stringify(got) !== JSON.stringify(want))
    fail(`${p.name}: clicking ${id} lists actions ${got.join(" ") || "none"}, not those naming him ${want.join(" ")} ` +
      `("${entry.label}" offers him as its general)`);
  const before = await seqOf(p.page);
  const n = sent.length;
  await p.page.click(`button.action[data-index="${i}"]`);
  // the activations are one entry, the card its other param and the
  // general "by" it: the chooser asks for the card (the first that opens
  // him, params.js paramsBound), not the general
  const card = (entry.params || []).find((x) => x.name === "card");
  const k = prm.choices.findIndex((c) => c.value === id);
  const first = card && card.choices.find((c, j) => prm.by !== "card" || isOpen(prm, j, k));
  if (card) {
    for (const end = Date.now() + 5000; Date.now() < end && !(await p.page.$("#choose-send")); )
      await p.page.waitForTimeout(100);
    if (await p.page.$('#chooser select.param[name="general"]')) fail(`${p.name}: the activation picked by ${id} asks for its general again`);
    await p.page.click("#choose-send");
  } else if (await p.page.$("#choose-send")) fail(`${p.name}: the activation picked by ${id} asks for its general again`);
  await played(p, before, `the activation of ${id}`);
  const act = sent.slice(n).map((x) => JSON.parse(x)).find((m) => m.op === "act");
  const want1 = JSON.stringify({ ...entry.action, general: id, ...(card ? { card: first.value } : {}) });
  if (!act || JSON.stringify(act.action) !== want1) fail(`picking ${id}'s activation sent ${JSON.stringify(act)}, not ${want1}`);
  console.log(`# ${p.name} picked ${id} at ${pad(f.hex)}: ${want.length} actions listed, sent ${want1}`);
  return true;
}

// The per-hex move of the force in motion, on the map: its counter is
// picked (unless still selected), exactly its destinations light up (the
// move and attack hexes the actions name), a click on the hex of move i
// sends that move and nothing else, and the next view the socket receives
// (seq + 1) has the force's counter in that hex and lists it there.
async function movingForceMove(p, view, i, frames, sent, match) {
  const f = ownMoving(view);
  const hex = view.actions[i].action.to;
  const dests = forceDestinations(view, f);
  if (!dests.has(hex)) fail(`${p.name}: ${f.co.id}'s move to ${pad(hex)} is not among its destinations`);
  if (!(await p.page.$(`#board .counter.selected[data-co="${f.co.id}"]`)))
    await p.page.locator(`#board .counter[data-co="${f.co.id}"]`).dispatchEvent("click");
  const lit = await p.page.$$eval("#board polygon.hex.dest", (els) => els.map((e) => e.dataset.hex).sort());
  const want = [...dests.keys()].map(pad).sort();
  if (JSON.stringify(lit) !== JSON.stringify(want))
    fail(`${p.name}: picking the moving ${f.co.id} lit ${lit.join(" ")}, not its destinations ${want.join(" ")}`);
  const before = await seqOf(p.page);
  const n = sent.length;
  await p.page.locator(`#board polygon.hex.dest[data-hex="${pad(hex)}"]`).dispatchEvent("click");
  if (dests.get(hex).length > 1) await p.page.click(`button.action[data-index="${i}"]`);
  await played(p, before, `${f.co.id}'s move to ${pad(hex)}`);
  const acts = sent.slice(n).map((x) => JSON.parse(x)).filter((m) => m.op === "act");
  const want1 = JSON.stringify(view.actions[i].action);
  if (acts.length !== 1 || JSON.stringify(acts[0].action) !== want1)
    fail(`the moving ${f.co.id}'s click on ${pad(hex)} sent ${JSON.stringify(acts)}, not ${want1}`);
  let next;
  await until(`the view after ${f.co.id}'s move`, () => (next = timeline(frames, match).get(before + 1)) !== undefined);
  const there = (next.board.forces || []).find((x) => x.co?.id === f.co.id);
  if (!there || there.hex !== hex) fail(`after its move to ${pad(hex)} the view has ${f.co.id} at ${there && pad(there.hex)}`);
  await until(`${f.co.id}'s counter in ${pad(hex)}`, async () =>
    (await p.page.$(`#board .counter[data-co="${f.co.id}"][data-hex="${pad(hex)}"]`)) !== null);
  if (!p.movedShot) {
    p.movedShot = true;
    await p.page.screenshot({ path: join(outDir, `14-moved-${p.name}.png`) });
  }
  console.log(`# ${p.name} moved ${f.co.id} from ${pad(f.hex)} to ${pad(hex)} on the map (${want.length} destinations lit)`);
}

// The map has every hex, and a counter in the right hex for each force the
// view lists (and no other).
async function checkMap(p, view) {
  const forces = view.board.forces || [];
  if (!forces.length) fail(`${p.name}: the view lists no force`);
  const want = JSON.stringify(forces.map((f) => `${f.side}@${pad(f.hex)}`).sort());
  // The board draws after the map data has loaded: wait for it, briefly.
  let hexes = 0, counters = [];
  for (let t = 0; t < 50; t++) {
    hexes = await p.page.locator("#board svg.lw-map polygon.hex").count();
    counters = await p.page.$$eval("#board .counter", (els) => els.map((e) => `${e.dataset.side}@${e.dataset.hex}`));
    if (hexes === 25 * 18 && JSON.stringify(counters.sort()) === want) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (hexes !== 25 * 18) fail(`${p.name}: the map has ${hexes} hexes, not 450`);
  if (JSON.stringify(counters.sort()) !== want)
    fail(`${p.name}: counters ${counters.join(" ")} differ from the view's forces ${want}`);
  const cities = await p.page.locator("#board .city").count();
  if (cities < 50) fail(`${p.name}: only ${cities} cities drawn`);
  if (!/reconstructed/i.test(await p.page.textContent("#board .lw-recon"))) fail("the map does not say it is reconstructed");
}

// Every rail line and every river or impassable hexside is marked, by
// class and tooltip, as reconstructed or from the rules, as the map data's
// source says (a hexside is from the rules when its item's source is not
// reconstructed, or names that very hexside), and the map key counts them.
async function checkMarks(p, url) {
  const m = await (await p.page.request.get(`${url}games/lincolns-war/map.json`)).json();
  const recon = (src) => /reconstructed/i.test(src);
  const names = (src, a, b) => new RegExp(`(^|[^0-9/])${a}/${b}($|[^0-9/])`).test(src);
  const want = [];
  for (const [kind, list] of [["river", m.rivers], ["impassable", m.impassable]])
    for (const it of list)
      for (const side of it.hexsides) {
        const [a, b] = side.split("/");
        want.push(`${kind} ${side} ${recon(it.source) && !names(it.source, a, b) && !names(it.source, b, a)}`);
      }
  const got = await p.page.$$eval("#board svg.lw-map line[data-side]", (els) =>
    els.map((e) => `${e.classList.contains("river") ? "river" : "impassable"} ${e.dataset.side} ${e.classList.contains("reconstructed")}` +
      `|${/\(\S+, (reconstructed|from the rules)\)/.exec(e.textContent)?.[1]}`));
  const tips = got.map((g) => g.split("|"));
  if (JSON.stringify(tips.map((t) => t[0])) !== JSON.stringify(want)) fail(`hexside marks ${JSON.stringify(tips.slice(0, 5))}... differ from the data`);
  for (const [mark, tip] of tips) if ((mark.endsWith("true") ? "reconstructed" : "from the rules") !== tip) fail(`${mark}: tooltip says ${tip}`);
  const ruled = want.filter((w) => w.endsWith("false")).length;
  if (!ruled || ruled === want.length) fail(`${ruled} of ${want.length} hexsides from the rules: the marks tell nothing apart`);
  const rails = await p.page.$$eval("#board svg.lw-map polyline.rail", (els) => els.map((e) => e.classList.contains("reconstructed")));
  if (JSON.stringify(rails) !== JSON.stringify(m.rails.map((r) => recon(r.source)))) fail("rail marks differ from the data");
  const key = Object.fromEntries(await p.page.$$eval("#map-legend li", (els) => els.map((e) => [e.dataset.kind, Number(e.dataset.count)])));
  const count = (k, r) => want.filter((w) => w.startsWith(k) && w.endsWith(String(r))).length;
  const expect = { river: count("river", false), "river reconstructed": count("river", true),
    impassable: count("impassable", false), "impassable reconstructed": count("impassable", true),
    rail: rails.filter((r) => !r).length, "rail reconstructed": rails.filter((r) => r).length,
    city: m.cities.filter((c) => !recon(c.source)).length, "city reconstructed": m.cities.filter((c) => recon(c.source)).length };
  if (JSON.stringify(key) !== JSON.stringify(expect)) fail(`map key ${JSON.stringify(key)}, not ${JSON.stringify(expect)}`);
  await p.page.click(".lw-key summary");
  await p.page.locator("#map-legend").screenshot({ path: join(outDir, "13-map-key.png") });
}

// The map's viewBox and its box on the screen.
async function mapBox(page) {
  return page.$eval("#board svg.lw-map", (svg) => {
    const [x, y, w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    const r = svg.getBoundingClientRect();
    return { x, y, w, h, left: r.left, top: r.top, width: r.width, height: r.height };
  });
}
const mapPoint = (v, cx, cy) => [v.x + ((cx - v.left) / v.width) * v.w, v.y + ((cy - v.top) / v.height) * v.h];
const near = (a, b, eps) => Math.abs(a - b) <= eps;

// The wheel zooms around the pointer (the map point under it stays under
// it), a drag pans by what it moved, and plays nothing even when it starts
// on a hex; 1:1 shows the whole map again.
async function zoomAndPan(p, sent) {
  const full = await mapBox(p.page);
  const cx = full.left + full.width * 0.3, cy = full.top + full.height * 0.4;
  const [mx, my] = mapPoint(full, cx, cy);
  await p.page.mouse.move(cx, cy);
  await p.page.mouse.wheel(0, -400);
  await until("the wheel's zoom", async () => (await mapBox(p.page)).w < full.w * 0.8);
  const zoomed = await mapBox(p.page);
  const [zx, zy] = mapPoint(zoomed, cx, cy);
  if (!near(zx, mx, 1) || !near(zy, my, 1)) fail(`the wheel moved the point under the pointer: ${mx},${my} -> ${zx},${zy}`);
  const n = sent.length, seq = await seqOf(p.page);
  await p.page.mouse.down();
  for (let i = 1; i <= 5; i++) await p.page.mouse.move(cx + 20 * i, cy + 10 * i);
  await p.page.mouse.up();
  const panned = await mapBox(p.page);
  const wantX = zoomed.x - (100 / zoomed.width) * zoomed.w, wantY = zoomed.y - (50 / zoomed.height) * zoomed.h;
  if (!near(panned.x, Math.max(0, wantX), 1) || !near(panned.y, Math.max(0, wantY), 1))
    fail(`a drag of 100,50 px panned to ${panned.x},${panned.y}, not ${wantX},${wantY}`);
  if (sent.slice(n).some((f) => JSON.parse(f).op === "act") || (await seqOf(p.page)) !== seq) fail("a drag played a move");
  await p.page.screenshot({ path: join(outDir, "12-zoomed.png") });
  await p.page.click("#zoom-reset");
  const back = await mapBox(p.page);
  if (back.x !== 0 || back.y !== 0 || !near(back.w, full.w, 0.01)) fail(`1:1 shows ${JSON.stringify(back)}`);
}

// Two fingers moving apart zoom in (touch events through the DevTools
// protocol, as a phone's screen sends them).
async function pinch(p) {
  const cdp = await p.ctx.newCDPSession(p.page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 2 });
  const full = await mapBox(p.page);
  const cx = full.left + full.width / 2, cy = full.top + full.height / 2;
  const at = (d) => [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(20) });
  for (let d = 30; d <= 80; d += 10) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(d) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const after = await mapBox(p.page);
  // 40 px apart to 160: four times closer (within the rounding of the steps).
  if (!(after.w < full.w / 3 && after.w > full.w / 5)) fail(`a pinch from 40 to 160 px left the map ${full.w} -> ${after.w} wide`);
  await p.page.click("#zoom-reset");
  await cdp.detach();
}

// The create form's custom time control: values out of the server's range
// get its bad_time_control message on the form and create nothing (the
// socket's reply says so); then live, 90 min + 20 s a move, auto on
// timeout, which the match is created with (the next list reply's match
// object, and the clock it shows, as checkClock then reads it).
async function customClock(p, frames) {
  const errors = () => frames.filter((f) => f.includes('"bad_time_control"')).length;
  await p.page.selectOption("#time-control", "custom");
  if (!(await p.page.isVisible("#tc-custom"))) fail("custom time control fields are not shown");
  await p.page.selectOption("#tc-kind", "live");
  await p.page.fill("#tc-initial", "30");
  await p.page.selectOption("#tc-initial-unit", "s");
  const n = errors();
  await p.page.click("#create-match");
  await until("the server's bad_time_control", async () => errors() > n);
  const shown = await p.page.textContent("#create .error");
  if (!/initial/.test(shown) || !/60/.test(shown)) fail(`a 30 s clock: the form says "${shown}"`);
  if (/#\/match\//.test(p.page.url())) fail(`a refused create went to ${p.page.url()}`);
  await p.page.screenshot({ path: join(outDir, "15-custom-clock-refused.png") });
  await p.page.fill("#tc-initial", "90");
  await p.page.selectOption("#tc-initial-unit", "min");
  await p.page.fill("#tc-increment", "20");
  await p.page.selectOption("#tc-increment-unit", "s");
  await p.page.selectOption("#tc-on-timeout", "auto");
}

// The time control of match m in the latest list reply the frames hold.
function controlOf(frames, m) {
  let tc;
  for (const f of frames) {
    try {
      const msg = JSON.parse(f);
      for (const x of msg.op === "ok" ? msg.matches || [] : []) if (x.match === m) tc = x.time_control;
    } catch { /* not JSON */ }
  }
  return tc;
}

// Reloads a page and returns the first full view its new socket receives.
async function reloadForView(p, frames) {
  const from = frames.length;
  await p.page.reload();
  let view = null;
  await until("a full view after the reload", async () => {
    for (const f of frames.slice(from)) {
      try {
        const m = JSON.parse(f);
        if (m.op === "view") view = m;
      } catch { /* not JSON */ }
    }
    return view !== null && (await seqOf(p.page)) === view.seq;
  });
  return view.view;
}

async function main() {
  const d = await startDaemon();
  const url = `https://127.0.0.1:${d.port}/`;
  const browser = await launch();
  try {
    const framesA = [], framesB = [], framesC = [], sentA = [], sentB = [];
    const a = await player(browser, url, "grant", framesA, sentA);
    await a.page.selectOption("#game", "lincolns-war");
    await a.page.selectOption("#scenario", "campaign");
    await customClock(a, framesA);
    await a.page.selectOption("#side", "union");
    await a.page.click("#create-match");
    await a.page.waitForURL(/#\/match\/\d+$/);
    const match = Number(a.page.url().match(/(\d+)$/)[1]);
    await a.page.screenshot({ path: join(outDir, "01-created.png") });

    const b = await player(browser, url, "lee", framesB, sentB);
    await b.page.click(`#open li[data-match="${match}"] button.join`);
    await b.page.waitForURL(new RegExp(`#/match/${match}$`));
    for (const p of [a, b]) await until("a view", async () => (await seqOf(p.page)) >= 0);

    const c = await player(browser, url, "lincoln", framesC);
    // The spectator finds the match in the lobby's live list.
    await c.page.waitForSelector(`#live li[data-match="${match}"]`);
    await c.page.screenshot({ path: join(outDir, "00-lobby.png"), fullPage: true });
    // The lobby shows the match's clock: each role's time left, as the
    // match object of the list the page received says.
    await checkClock(c.page, `#live li[data-match="${match}"] .clock`, framesC, match);
    const sorted = (o) => JSON.stringify(Object.fromEntries(Object.entries(o || {}).sort()));
    const tc = sorted(controlOf(framesC, match));
    const wantTc = sorted({ kind: "live", preset: "", on_timeout: "auto", initial: 5400, increment: 20 });
    if (tc !== wantTc) fail(`the custom clock made the match with ${tc}, not ${wantTc}`);
    await c.page.click(`#live li[data-match="${match}"] a.button`);
    await c.page.waitForURL(new RegExp(`#/watch/${match}$`));
    await until("a view", async () => (await seqOf(c.page)) >= 0);
    if (await c.page.$("#chat-input")) fail("a spectator is offered chat");

    let moves = 0, undone = false, reloaded = false, chatted = false, onMap = 0, picked = 0, finished = false;
    let movedOnMap = 0, activatedOnMap = 0;
    const st = { activated: {}, toMove: {} };
    const seat = { union: [a, framesA, sentA], confederate: [b, framesB, sentB] };
    for (let turn = 0; !finished && turn < 40000; turn++) {
      const p = (await myTurn(a.page)) ? a : (await myTurn(b.page)) ? b : null;
      if (!p) {
        finished = (await a.page.textContent("#result")).startsWith("Game over");
        if (!finished) await a.page.waitForTimeout(100);
        continue;
      }
      const [, frames, sent] = p === a ? seat.union : seat.confederate;
      const shown = await seqOf(p.page);
      await until("the page's view in its frames", () => latest(frames, match).seq === shown);
      const { view } = latest(frames, match);
      const i = policy(view, st);
      const hex = hexOf(view.actions[i]);
      const activation = view.actions[i].action.type === "play" && view.actions[i].action.use === "activate";
      if (activation && !activatedOnMap && (await activateByPick(p, view, i, sent))) activatedOnMap++;
      else if (view.actions[i].action.type === "move" && ownMoving(view) && onMap >= 2) {
        await movingForceMove(p, view, i, frames, sent, match);
        movedOnMap++;
      } else if (picked < 2 && (await forceMove(p, view, sent))) picked++;
      else if (onMap < 3 && hex !== null) {
        await mapMove(p, i, hex);
        onMap++;
      } else await clickMove(p, i);
      moves++;
      if (moves % 100 === 0) console.log(`# ${moves} moves, ${view.board?.turn?.name ?? ""}`);
      if (moves > 1500) fail(`the game did not end in ${moves} moves`);
      if (!undone && moves >= 3) {
        // Undo is offered; it works unless the move was a barrier (a die
        // roll, a reveal or a hand-over), which the page then says.
        const before = await seqOf(p.page);
        await p.page.click("#undo");
        await until("the change", async () => (await seqOf(p.page)) > before || (await p.page.textContent("#match-error")));
        const err = await p.page.textContent("#match-error");
        if (!err) undone = true;
        else if (!/undo|barrier|take back|nothing/i.test(err)) fail(`undo: ${err}`);
      }
      if (!chatted && moves >= 5) {
        await a.page.fill("#chat-input", "Good luck, General.");
        await a.page.click("#chat-send");
        await b.page.waitForSelector("#chat li:has-text('Good luck, General.')", { timeout: 10000 });
        chatted = true;
      }
      if (!reloaded && moves >= 10) {
        await b.page.reload();
        await until("a view", async () => (await seqOf(b.page)) >= 0);
        await b.page.waitForSelector("#chat li:has-text('Good luck, General.')", { timeout: 10000 });
        reloaded = true;
      }
      if (moves === 20) {
        // The match page's clock, and it counts down by itself.
        const before = await checkClock(b.page, "#clock", framesB, match);
        await b.page.waitForTimeout(2100);
        const after = await checkClock(b.page, "#clock", framesB, match);
        if (JSON.stringify(before) === JSON.stringify(after)) fail(`the clock stands still: ${JSON.stringify(after)}`);
        await b.page.screenshot({ path: join(outDir, "11-clock.png") });
      }
      if (moves === 40) for (const [q, file] of [[a, "02-union.png"], [b, "03-confederate.png"], [c, "04-spectator.png"]])
        await q.page.screenshot({ path: join(outDir, file), fullPage: false });
    }
    if (!finished) fail("the game did not end");
    for (const sel of ["#undo", "#resign"]) if (await a.page.isVisible(sel)) fail(`${sel} is offered in a finished match`);
    const result = (await a.page.textContent("#result")).replace(/^Game over: /, "");
    if (!picked) fail("no force was picked on the map");
    if (!movedOnMap) fail("no force in motion was moved on the map");
    if (!activatedOnMap) fail("no card's activation was picked by its general on the map");
    if (moves < MOVES) fail(`only ${moves} moves were played`);
    if (!chatted || !reloaded) fail("chat or reload did not happen");
    if (!undone) console.log("# no undo was possible in these moves (each was a barrier)");
    if (!onMap) fail("no move was chosen on the map");

    // All three show the same seq and the board of the game.
    const seqs = await Promise.all([a, b, c].map((p) => seqOf(p.page)));
    await until("the spectator to catch up", async () => (await seqOf(c.page)) === seqs[0]);
    // Each page's map against the full view its socket gets after a reload.
    figures.frozen = true; // the first load's files only, not the reload's
    const patchMs = (await a.page.evaluate(() => window.telegraphTimings)).sort((x, y) => x - y);
    const t0 = Date.now();
    await checkMap(a, await reloadForView(a, framesA));
    figures.paintMs = Date.now() - t0;
    for (const [p, frames] of [[b, framesB], [c, framesC]]) await checkMap(p, await reloadForView(p, frames));
    await checkMarks(a, url);
    await zoomAndPan(a, sentA);
    await pinch(b);
    for (const [p, file] of [[a, "07-union-end.png"], [b, "08-confederate-end.png"], [c, "09-spectator-end.png"]]) {
      const board = await p.page.textContent("#board");
      if (!board || board.length < 50) fail(`${p.name}: the board is empty`);
      const title = await p.page.textContent("#match-title");
      if (!title.includes("Lincoln")) fail(`${p.name}: title ${title}`);
      await p.page.screenshot({ path: join(outDir, file), fullPage: false });
    }
    // Phone portrait.
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.screenshot({ path: join(outDir, "05-phone.png") });
    await b.page.setViewportSize({ width: 1280, height: 800 });

    // The game is over: the spectator steps through it, and each step's map
    // is the replayed view's.
    await c.page.waitForSelector("#step-start");
    const replies = () => framesC.map((f) => { try { return JSON.parse(f); } catch { return null; } })
      .filter((m) => m && m.op === "ok" && m.view && Array.isArray(m.seqs));
    const step = async (button, want) => {
      const n = replies().length;
      await c.page.click(button);
      await until(`the replay after ${button}`, async () => replies().length > n &&
        (await c.page.textContent("#match-title")).includes(`seq ${replies().at(-1).seq}`));
      const r = replies().at(-1);
      if (want !== undefined && r.seq !== want) fail(`${button}: replayed seq ${r.seq}, not ${want}`);
      await checkMap(c, r.view);
      return r;
    };
    const first = await step("#step-start", 0);
    // Every move is a step, less the one undone.
    if (first.seqs.length !== moves - (undone ? 1 : 0)) fail(`the replay has ${first.seqs.length} steps for ${moves} moves`);
    await step("#step-next", first.seqs[0]);
    await step("#step-next", first.seqs[1]);
    await c.page.screenshot({ path: join(outDir, "06-replay.png") });
    await step("#step-prev", first.seqs[0]);
    await step("#step-last", first.seqs.at(-1));
    // Anyone finds the finished public match in the lobby and steps through it.
    const e = await player(browser, url, "stanton", []);
    await e.page.click(`#finished-public li[data-match="${match}"] a.button`);
    await e.page.waitForURL(new RegExp(`#/watch/${match}$`));
    await e.page.click("#step-start");
    await e.page.waitForSelector("#step-at");

    // A second match, which the Union resigns (with the confirmation).
    await a.page.goto(url);
    await a.page.waitForSelector("#create");
    await a.page.selectOption("#game", "lincolns-war");
    await a.page.selectOption("#side", "union");
    await a.page.click("#create-match");
    await a.page.waitForURL(/#\/match\/\d+$/);
    const match2 = Number(a.page.url().match(/(\d+)$/)[1]);
    await b.page.goto(url);
    await b.page.click(`#open li[data-match="${match2}"] button.join`);
    await until("the second match's view", async () => (await seqOf(a.page)) >= 0);
    await a.page.click("#resign");
    await a.page.click("dialog.confirm button.danger");
    await until("the resignation", async () => /resigned/.test(await b.page.textContent("#result")));

    // Each page's socket received only its own role's views.
    for (const [frames, role] of [[framesA, "union"], [framesB, "confederate"], [framesC, "observer"]]) {
      for (const f of frames) {
        let m;
        try { m = JSON.parse(f); } catch { continue; }
        if (m.op === "view" && m.view.role !== role) fail(`a ${role} page received the ${m.view.role} view`);
        if (m.op === "chat" && role === "observer") fail("a spectator received chat");
      }
    }
    // No socket received the other side's hidden items (hidden_frames.mjs).
    const views = { union: timeline(framesA, match), confederate: timeline(framesB, match), observer: timeline(framesC, match) };
    const checked = checkHidden(views);
    selfTest(views);
    const q = (p) => patchMs.length ? patchMs[Math.min(patchMs.length - 1, Math.floor(p * patchMs.length))].toFixed(1) : "-";
    console.log(`# figures: page ${figures.files} files, ${figures.bytes} bytes (${figures.gzip} gzipped); ` +
      `reload to a drawn map ${figures.paintMs} ms; one patch applied and redrawn: median ${q(0.5)} ms, ` +
      `p99 ${q(0.99)} ms over ${patchMs.length} patches (load average ${loadavg()[0].toFixed(1)})`);
    console.log(`PASS: a full game, ${moves} moves (${onMap} on the map, ${picked} by picking a force, ${movedOnMap} moves of the force in motion), match ${match}, seq ${seqs.join("/")}, ` +
      `hidden information checked at ${checked} seq/side pairs; ${result}`);
  } finally {
    await browser.close();
    d.proc.kill("SIGTERM");
    rmSync(d.data, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`FAILED: ${e.message}`);
  process.exit(1);
});
