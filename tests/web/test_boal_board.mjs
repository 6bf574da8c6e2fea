// test_boal_board.mjs — Birth of a Legend's area map in a real browser
// (Debian's chromium, playwright-core), against the real daemon: two
// players create and join a match, a third watches; each page's map must
// draw the 45 areas (coloured by the control its view gives), each
// boundary as its type and each road crossing as the served map.json says,
// a counter in the right area for every unit and leader of the set-up
// (fresh or exhausted as the view says), the bridges in their state and the
// tracks (the Advanced game's, with the weather); then fourteen actions
// are played by clicking the map (an area that an action names, a unit
// whose destinations light up and one of them, a unit whose own actions
// are then listed, as a casualty or a Forward Unit), each checked on the
// wire (the act the page sent is the offered action) and in the next view
// the socket received (a moved unit's counter stands in its new area;
// after every move the whole map is the view's again, and an assault's
// exhausted Point Unit is drawn on its exhausted side), a Forced March
// (15.3) chosen on a unit's counter. A second match with
// 16.1's side bidding shows each board what its view says of the bids, and
// once the bids exchange seats and sides every page says what each seat
// plays (the game's words, not the roles).
// Screenshots are left in OUTDIR.
//
//   node test_boal_board.mjs DAEMON OUTDIR
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { timeline } from "./hidden_frames.mjs";
import { startDaemon, until, fail, registered as player, launch } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const MOVES = Number(process.env.TG_BOAL_MOVES || 14);

async function seqOf(page) {
  const m = (await page.textContent("#match-title"))?.match(/seq (\d+)/);
  return m ? Number(m[1]) : -1;
}
const myTurn = (page) => page.$eval("#prompt", (p) => p.classList.contains("your-turn")).catch(() => false);

function latest(p, match) {
  let seq = -1, view = null;
  for (const [s, v] of timeline(p.frames, match)) if (s > seq) [seq, view] = [s, v];
  return { seq, view };
}

// The map against a view: every area once, coloured by its control; a
// counter in its area for each unit and leader on the map (fresh or
// exhausted as the view says); each bridge in its state; the tracks.
async function checkMap(p, view) {
  const b = view.board;
  const want = {
    areas: b.areas.map((a) => `${a.id}:${a.control ?? ""}`).sort(),
    units: b.units.filter((u) => u.area !== null).map((u) => `${u.id}@${u.area}:${u.exhausted}:${u.command}`).sort(),
    leaders: b.leaders.filter((l) => l.area !== null && !l.killed).map((l) => `${l.id}@${l.area}`).sort(),
    bridges: b.bridges.map((x) => `${x.name}:${x.state}`).sort(),
  };
  let got;
  const read = async () => ({
    areas: (await p.page.$$eval("#board svg.boal-map polygon.area", (els) => els.map((e) => `${e.dataset.area}:${e.dataset.control}`))).sort(),
    units: (await p.page.$$eval("#board .counter.unit", (els) => els.map((e) => `${e.dataset.unit}@${e.dataset.area}:${e.dataset.exhausted}:${e.dataset.command}`))).sort(),
    leaders: (await p.page.$$eval("#board .counter.leader", (els) => els.map((e) => `${e.dataset.leader}@${e.dataset.area}`))).sort(),
    bridges: (await p.page.$$eval("#board .bridge", (els) => els.map((e) => `${e.dataset.bridge}:${e.dataset.state}`))).sort(),
  });
  await until(`${p.name}'s map to match its view`, async () => JSON.stringify((got = await read())) === JSON.stringify(want), 10000)
    .catch(() => fail(`${p.name}: the map ${JSON.stringify(got).slice(0, 600)} differs from the view ${JSON.stringify(want).slice(0, 600)}`));
  if (got.areas.length !== 45) fail(`${p.name}: ${got.areas.length} areas drawn`);
  const t = b.track;
  const turn = await p.page.textContent("#turn-track .boal-box.now");
  if (turn !== t.turn) fail(`${p.name}: the Turn Track shows ${turn}, the view ${t.turn}`);
  const imp = await p.page.textContent("#impulse-track .boal-box.now");
  if (Number(imp) !== t.impulse) fail(`${p.name}: the Impulses Track shows ${imp}, the view ${t.impulse}`);
  const adv = await p.page.textContent("#advantage");
  if (!adv.includes(t.advantage === "union" ? "Union" : t.advantage === "confederate" ? "Confederate" : "—"))
    fail(`${p.name}: the Advantage shows "${adv}", the view ${t.advantage}`);
  const weather = await p.page.$("#weather");
  if (t.advanced !== !!weather) fail(`${p.name}: weather ${weather ? "shown" : "not shown"} in a ${t.advanced ? "Advanced" : "Basic"} game`);
  if (weather && !(await weather.textContent()).includes(t.weather)) fail(`${p.name}: the weather shows "${await weather.textContent()}", the view ${t.weather}`);
  const rp = await p.page.textContent("#record-track");
  if (!rp.includes(`Union ${t.replacement_points.union}, Confederate ${t.replacement_points.confederate}`))
    fail(`${p.name}: the Record Track shows "${rp}", the view ${JSON.stringify(t.replacement_points)}`);
  return got;
}

// The map's fixed marks against the served data: each boundary of map.json
// drawn as its type, each edge the outlines share without one as none, or
// as water where water without a bridge parts them (3.2): the Chickahominy
// between the banks, and on one bank the creeks map.json's no_boundary
// names (its `water`: Herring Creek, Turkey Island Creek, White Oak Swamp),
// each edge of water named as the data names it; a road mark where a road
// crosses without a bridge.
async function checkMarks(p, url) {
  const get = async (f) => (await p.page.request.get(`${url}games/birth-of-a-legend/${f}`)).json();
  const [map, drawing] = [await get("map.json"), await get("drawing.json")];
  const pair = (a, b) => `${Math.min(a, b)}-${Math.max(a, b)}`;
  const bank = new Map(map.areas.map((a) => [a.id, a.bank]));
  const want = new Map(map.boundaries.map((x) => [pair(...x.areas), x.type]));
  const creek = new Map(map.no_boundary.filter((x) => x.water).map((x) => [pair(...x.areas), x.water]));
  if (!creek.size) fail("map.json's no_boundary names no water: the creeks' check would test nothing");
  const wantWater = new Map();
  for (const [a, b] of drawing.touching_without_boundary) {
    const k = pair(a, b);
    const water = creek.get(k) ?? (bank.get(a) !== bank.get(b) ? "the Chickahominy" : null);
    want.set(k, water ? "river" : "none");
    if (water) wantWater.set(k, water);
  }
  for (const k of creek.keys()) if (!wantWater.has(k)) fail(`the creek pair ${k} is no edge the outlines share`);
  const got = new Map(await p.page.$$eval("#board svg.boal-map polyline.edge", (els) => els.map((e) => [e.dataset.edge, [...e.classList].find((c) => c !== "edge")])));
  for (const [k, type] of want) if (got.get(k) !== type) fail(`edge ${k} is drawn as ${got.get(k)}, not ${type}`);
  if (got.size !== want.size) fail(`${got.size} edges drawn for ${want.size}`);
  const named = new Map(await p.page.$$eval("#board svg.boal-map polyline.edge.river", (els) => els.map((e) => [e.dataset.edge, e.dataset.water])));
  for (const [k, water] of wantWater) if (named.get(k) !== water) fail(`the water at edge ${k} is named ${named.get(k)}, not ${water}`);
  if (named.size !== wantWater.size) fail(`${named.size} edges drawn as water for ${wantWater.size}`);
  const roads = (await p.page.$$eval("#board svg.boal-map circle.road", (els) => els.map((e) => e.dataset.road))).sort();
  const wantRoads = map.boundaries.filter((x) => x.road && !x.bridge).map((x) => pair(...x.areas)).sort();
  if (JSON.stringify(roads) !== JSON.stringify(wantRoads)) fail(`road marks ${roads.length}, not the ${wantRoads.length} road boundaries without a bridge`);
  // The James River runs along the James River areas that reach the
  // sketch's south edge, and along no other.
  const [, south] = drawing.size;
  const jr = new Set(map.james_river.areas);
  const wantJames = drawing.areas.filter((a) => jr.has(a.id) && a.outline.some((q, i) => q[1] === south && a.outline[(i + 1) % a.outline.length][1] === south))
    .map((a) => String(a.id)).sort();
  const james = [...new Set(await p.page.$$eval("#board svg.boal-map polyline.james", (els) => els.map((e) => e.dataset.area)))].sort();
  if (!wantJames.length || JSON.stringify(james) !== JSON.stringify(wantJames)) fail(`the James River along areas ${james}, not ${wantJames}`);
  // Each counter's band is its command's colour (4.3.3): a distinct shade
  // per colour name of the served units.json, none left grey for want of one.
  const units = await get("units.json");
  const colour = new Map(units.commands.map((c) => [c.id, c.colour]));
  const bands = await p.page.$$eval("#board .counter.unit", (els) => els.map((e) => [e.dataset.command, e.querySelector(".command-band")?.getAttribute("fill")]));
  const shadeOf = new Map();
  for (const [cmd, fill] of bands) {
    const name = colour.get(cmd);
    if (!name || !fill || fill === "#888") fail(`a ${cmd} counter has band ${fill} for colour ${name}`);
    if (shadeOf.has(name) && shadeOf.get(name) !== fill) fail(`colour ${name} is drawn as ${shadeOf.get(name)} and ${fill}`);
    shadeOf.set(name, fill);
  }
  if (new Set(shadeOf.values()).size !== shadeOf.size) fail("two command colours share one shade");
  console.log(`# marks: ${shadeOf.size} command colours on the counters; ${want.size} edges by type (${wantWater.size} of water without a bridge, ${creek.size} of them creeks on one bank), ${roads.length} roads, the James along ${james.length} areas, as the served data says`);
}

const AREA_KEYS = ["area", "to"];
const areaOf = (entry) => AREA_KEYS.map((k) => entry.action[k]).find((v) => typeof v === "number") ?? null;
const QUIET = ["end", "pass", "decline", "done", "end_night", "end_removals", "stand", "hold", "keep"];

// An action as text with its members in one order (the page may send them
// in another than the view lists them).
const canon = (a) => JSON.stringify(Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1))));

// The act the page sent after n frames; it must be the offered action.
async function sentAct(p, n, want, what) {
  await until(`${what}: the act on the wire`, async () => p.sent.slice(n).some((f) => JSON.parse(f).op === "act"));
  const acts = p.sent.slice(n).map((f) => JSON.parse(f)).filter((m) => m.op === "act");
  if (acts.length !== 1 || canon(acts[0].action) !== canon(want))
    fail(`${p.name}: ${what} sent ${JSON.stringify(acts.map((a) => a.action))}, not ${JSON.stringify(want)}`);
}

async function played(p, before, what) {
  await until(what, async () => (await seqOf(p.page)) > before || (await p.page.textContent("#match-error")));
  const err = await p.page.textContent("#match-error");
  if (err) fail(`${p.name}: ${what} was refused: ${err}`);
}

// Picks a unit whose move goes to exactly one area by one action: its
// counter is clicked, exactly its destinations light up, and a click on
// that area sends the move; the next view has the unit there, and so does
// its counter.
async function unitMove(p, view, entry, match) {
  const id = entry.action.unit;
  const to = entry.action.to;
  const dests = [...new Set(view.actions.filter((a) => Object.values(a.action).includes(id) && areaOf(a) !== null).map(areaOf))].map(String).sort();
  // In a stack too big to show side by side, a click spreads the stack
  // and plays nothing.
  if (await p.page.$(`#board .stack.stacked .counter.unit[data-unit="${id}"]`)) {
    const n = p.sent.length;
    await p.page.locator(`#board .counter.unit[data-unit="${id}"]`).dispatchEvent("click");
    await p.page.waitForSelector(`#board .stack.spread .counter.unit[data-unit="${id}"]`);
    if (p.sent.slice(n).some((f) => JSON.parse(f).op === "act")) fail("spreading a stack played an action");
    if (!p.spreadShot) {
      p.spreadShot = true;
      await p.page.screenshot({ path: join(outDir, `06-spread-${p.name}.png`) });
    }
    p.spread = (p.spread || 0) + 1;
  }
  // A unit stays selected after its move while it has somewhere to go.
  if (!(await p.page.$(`#board .counter.unit.selected[data-unit="${id}"]`)))
    await p.page.locator(`#board .counter.unit[data-unit="${id}"]`).dispatchEvent("click");
  const lit = (await p.page.$$eval("#board polygon.area.dest", (els) => els.map((e) => e.dataset.area))).sort();
  if (JSON.stringify(lit) !== JSON.stringify(dests)) fail(`${p.name}: picking ${id} lit ${lit}, not its destinations ${dests}`);
  if (!(await p.page.$(`#board .counter.unit.selected[data-unit="${id}"]`))) fail(`${id} is not shown selected`);
  if (!p.pickedShot) {
    p.pickedShot = true;
    await p.page.screenshot({ path: join(outDir, `03-picked-${p.name}.png`) });
  }
  const before = await seqOf(p.page), n = p.sent.length;
  // policy() chose a move that is the only one of this unit to that area:
  // the click alone sends it.
  await p.page.locator(`#board polygon.area.dest[data-area="${to}"]`).dispatchEvent("click");
  await sentAct(p, n, entry.action, `the move of ${id}`);
  await played(p, before, `the move of ${id}`);
  let next;
  await until(`the view after ${id}'s move`, () => (next = timeline(p.frames, match).get(before + 1)) !== undefined);
  const u = next.board.units.find((x) => x.id === id);
  if (u.area !== to) fail(`after its move to ${to} the view has ${id} in ${u.area}`);
  await until(`${id}'s counter in area ${to}`, async () => (await p.page.$(`#board .counter.unit[data-unit="${id}"][data-area="${to}"]`)) !== null);
  console.log(`# ${p.name} moved ${id} to area ${to} by picking it (${dests.length} destinations lit)`);
}

// Plays an action that names an area by clicking that area; where several
// actions name it, the list then offers just those and the test clicks it.
async function areaMove(p, view, entry) {
  const area = areaOf(entry);
  const naming = view.actions.filter((a) => areaOf(a) === area);
  const before = await seqOf(p.page), n = p.sent.length;
  await p.page.locator(`#board polygon.area.lit[data-area="${area}"]`).dispatchEvent("click");
  if (naming.length > 1) {
    await p.page.waitForSelector("#show-all");
    const offered = await p.page.$$eval("#actions button.action", (els) => els.map((e) => Number(e.dataset.index)));
    const want = naming.map((a) => view.actions.indexOf(a));
    if (JSON.stringify(offered.sort()) !== JSON.stringify(want.sort())) fail(`area ${area} offered ${offered}, not ${want}`);
    await p.page.click(`button.action[data-index="${view.actions.indexOf(entry)}"]`);
  }
  await sentAct(p, n, entry.action, `the click on area ${area}`);
  await played(p, before, `the click on area ${area}`);
  console.log(`# ${p.name} clicked area ${area}: ${entry.label}`);
}

// Plays an action that names a unit and no area (a casualty, a Forward
// Unit, a retreat) on the map: a click on the unit's counter (its stack
// spread first) lists just the actions naming it, and one is clicked there.
let keyed = false;
async function pieceMove(p, view, entry) {
  const id = entry.action.unit;
  const sel = `#board .counter.unit[data-unit="${id}"]`;
  if (await p.page.$(`#board .stack.stacked ${sel.slice(7)}`)) {
    const n = p.sent.length;
    await p.page.locator(sel).dispatchEvent("click");
    await p.page.waitForSelector(`#board .stack.spread ${sel.slice(7)}`);
    if (p.sent.slice(n).some((f) => JSON.parse(f).op === "act")) fail("spreading a stack played an action");
    p.spread = (p.spread || 0) + 1;
  }
  const before = await seqOf(p.page), n = p.sent.length;
  // once by the keyboard: the counter focused, Enter does what a click does
  if (!keyed) {
    keyed = true;
    await p.page.focus(sel);
    await p.page.keyboard.press("Enter");
  } else await p.page.locator(sel).dispatchEvent("click");
  await p.page.waitForSelector("#show-all");
  const offered = (await p.page.$$eval("#actions button.action", (els) => els.map((e) => Number(e.dataset.index)))).sort();
  const chooses = (a) => (a.params || []).some((q) => q.choices.some((c) => c.value === id || (Array.isArray(c.value) && c.value.length === 1 && c.value[0] === id)));
  const want = view.actions.map((a, i) => [a, i]).filter(([a]) => Object.values(a.action).flat().includes(id) || chooses(a)).map(([, i]) => i).sort();
  if (JSON.stringify(offered) !== JSON.stringify(want)) fail(`${p.name}: ${id}'s counter listed ${offered}, not ${want}`);
  await p.page.click(`button.action[data-index="${view.actions.indexOf(entry)}"]`);
  await sentAct(p, n, entry.action, `${id}'s ${entry.action.type}`);
  await played(p, before, `${id}'s ${entry.action.type}`);
  console.log(`# ${p.name} clicked ${id}'s counter: ${entry.label}`);
}

// 15.3's Forced March, one entry whose param chooses the units: a click on
// a unit's counter lists it bound to that unit, and a click there sends it
// for that unit alone; the next view's offer no longer names the unit.
async function marchMove(p, view, entry, id, match) {
  const sel = `#board .counter.unit[data-unit="${id}"]`;
  if (await p.page.$(`#board .stack.stacked ${sel.slice(7)}`)) {
    await p.page.locator(sel).dispatchEvent("click");
    await p.page.waitForSelector(`#board .stack.spread ${sel.slice(7)}`);
    p.spread = (p.spread || 0) + 1;
  }
  const before = await seqOf(p.page), n = p.sent.length;
  await p.page.locator(sel).dispatchEvent("click");
  await p.page.waitForSelector("#show-all");
  const index = view.actions.indexOf(entry);
  const button = p.page.locator(`button.action[data-index="${index}"]`);
  if ((await button.count()) !== 1) fail(`${p.name}: ${id}'s counter did not list the Forced March once`);
  const label = await button.textContent();
  const name = view.board.units.find((u) => u.id === id).name;
  if (!label.includes("15.3") || !label.includes(name)) fail(`${p.name}: ${id}'s Forced March is listed as "${label}"`);
  await button.click();
  const want = { ...entry.action, units: [id] };
  await sentAct(p, n, want, `${id}'s Forced March`);
  await played(p, before, `${id}'s Forced March`);
  let next;
  await until(`the view after ${id}'s Forced March`, () => (next = timeline(p.frames, match).get(before + 1)) !== undefined);
  const still = next.actions.find((a) => a.action.type === "forced_march")?.params[0].choices.some((c) => c.value.length === 1 && c.value[0] === id);
  if (still) fail(`after its Forced March the view still offers one to ${id}`);
  console.log(`# ${p.name} clicked ${id}'s counter: ${label}`);
}

async function listMove(p, view, entry) {
  const before = await seqOf(p.page), n = p.sent.length;
  await p.page.click(`button.action[data-index="${view.actions.indexOf(entry)}"]`);
  if (await p.page.$("#choose-send")) await p.page.click("#choose-send");
  await played(p, before, entry.label);
  if (!entry.params?.length) await sentAct(p, n, entry.action, entry.label);
  console.log(`# ${p.name}: ${entry.label} (from the list)`);
}

// Each side activates an area, moves up to two units, then ends; the other
// choices take the quiet answer, or the first one.
function policy(view, st) {
  const acts = view.actions;
  const plain = (f) => acts.find((a) => !a.params?.length && f(a.action));
  const assault = plain((a) => a.type === "assault");
  if (assault) return { kind: "area", entry: assault };
  // once, 15.3's Forced March of a unit that can move (the Advanced game)
  const march = !st.marched && st.toMove > 0 && acts.find((a) => a.action.type === "forced_march");
  if (march) {
    const movers = new Set(acts.filter((a) => a.action.type === "move" && a.action.unit).map((a) => a.action.unit));
    const c = march.params[0].choices.find((x) => x.value.length === 1 && movers.has(x.value[0]));
    if (c) {
      st.marched = true;
      return { kind: "march", entry: march, id: c.value[0] };
    }
  }
  if (st.toMove > 0) {
    const unitsWithOne = acts.filter((a) => a.action.type === "move" && a.action.unit &&
      acts.filter((b) => b.action.unit === a.action.unit && b.action.to === a.action.to).length === 1);
    // towards the enemy: an area he holds units in, so that an assault
    // follows and exhausts units (the counters' other side)
    const enemy = (id) => view.board.units.some((u) => u.area === id && u.side !== view.role);
    const e = unitsWithOne.find((a) => enemy(a.action.to)) ?? unitsWithOne[0];
    if (e) {
      st.toMove--;
      return { kind: "unit", entry: e };
    }
  }
  // the area with the most units, so that a stack is spread and picked from
  const count = (id) => view.board.units.filter((u) => u.area === id).length;
  const act = acts.filter((a) => !a.params?.length && a.action.type === "activate" && typeof a.action.area === "number" && !a.action.leader)
    .sort((x, y) => count(y.action.area) - count(x.action.area))[0];
  if (act && st.activations < 3) {
    st.activations++;
    st.toMove = 2;
    return { kind: "area", entry: act };
  }
  for (const t of QUIET) {
    const e = plain((a) => a.type === t);
    if (e) return { kind: areaOf(e) !== null ? "area" : "list", entry: e };
  }
  const e = acts[0];
  if (typeof e.action.unit === "string" && areaOf(e) === null && !e.params?.length &&
      view.board.units.some((u) => u.id === e.action.unit && u.area !== null)) return { kind: "piece", entry: e };
  return { kind: areaOf(e) !== null && !e.params?.length ? "area" : "list", entry: e };
}

// 16.1's bids on the board: a second match with side bidding. The bids are
// the seats', not the sides' (16.1.1: the larger bid plays the preferred
// side, so a seat may play the other side): the panel names each by its
// seat, the reader's own marked. Before any bid both pages say neither is
// written; once the union seat has bid 3, its page shows its own bid and
// the other's only that it is written (no amount); after the reveal
// (seats() below) each says what each seat bid and which side it got.
const bidSeat = (p, a, role) => `the ${role} seat${(p === a) === (role === "union") ? " (you)" : ""}`;
async function saysBids(p, want, what) {
  let t = "";
  for (const end = Date.now() + 15000; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if ((t = await p.page.textContent("#bids")).includes(want)) return t;
  fail(`${p.name}: ${what}: the bids say "${t}", not "${want}"`);
}
async function bids(a, b, url) {
  await a.page.goto(url);
  await a.page.waitForSelector("#create");
  await a.page.selectOption("#game", "birth-of-a-legend");
  await a.page.selectOption("#side", "union");
  await a.page.check('#create input[data-option="bidding"]');
  await a.page.click("#create-match");
  await a.page.waitForURL(/#\/match\/\d+$/);
  const m2 = Number(a.page.url().match(/(\d+)$/)[1]);
  await b.page.goto(url);
  await b.page.click(`#open li[data-match="${m2}"] button.join`);
  await b.page.waitForURL(new RegExp(`#/match/${m2}$`));
  for (const p of [a, b]) {
    await until(`${p.name}'s bids`, async () => (await p.page.$("#bids")) !== null);
    const text = await p.page.textContent("#bids");
    const want = `${bidSeat(p, a, "union")}: not yet; ${bidSeat(p, a, "confederate")}: not yet`;
    if (!text.includes(want)) fail(`${p.name}: before the bids the board says "${text}", not "${want}"`);
  }
  const before = await seqOf(a.page);
  await a.page.click('button.action[data-type="bid"]');
  await a.page.selectOption("#chooser select.param", { label: "3" });
  await a.page.click("#choose-send");
  await played(a, before, "the bid");
  const mine = async (p) => p.page.textContent("#bids");
  await saysBids(a, "the union seat (you): written, 3 RP; the confederate seat: not yet", "the bidder's board");
  const other = await saysBids(b, "the union seat: written; the confederate seat (you): not yet", "the other's board");
  if (/\d+ RP|bid \d|plays/.test(other)) fail(`the confederate seat's board shows "${other}" before his bid`);
  console.log(`# bids: the bidder's board "${await mine(a)}", the other's "${other}"`);
  await seats(a, b, url, m2);
}

// After the reveal: which seat bid what and which side each got.
async function revealed(a, b) {
  for (const p of [a, b]) {
    const want = `${bidSeat(p, a, "union")}: bid 3 RP, plays the Confederates; ${bidSeat(p, a, "confederate")}: bid 0 RP, plays the Union`;
    await saysBids(p, want, "after the reveal");
  }
  console.log(`# bids after the reveal: "${await a.page.textContent("#bids")}"`);
}

// What each page says a seat plays, before and after 16.1.1 exchanges
// seats and sides (the preferred side is the Confederates; the union seat
// bid 3, the confederate seat now bids 0, so the union seat plays the
// Confederates): the game's words (the match object's seats[].text), never
// the roles "union" and "confederate"; each seat's own counters are its
// side's; the lobby lists the seats by what they play, the scenario by its
// title, and the create form's sides by their titles.
const UNION_SEAT = "Confederates (the union seat, 16.1.1)";
const CONF_SEAT = "Union (the confederate seat, 16.1.1)";
async function seats(a, b, url, match) {
  const said = (p) => p.page.textContent("#seat");
  if ((await said(a)) !== "You play Union." || (await said(b)) !== "You play Confederates.")
    fail(`before the reveal the pages say "${await said(a)}" and "${await said(b)}"`);
  const before = await seqOf(b.page);
  await b.page.click('button.action[data-type="bid"]');
  await b.page.selectOption("#chooser select.param", { label: "0" });
  await b.page.click("#choose-send");
  await played(b, before, "the second bid");
  for (const [p, want, side] of [[a, UNION_SEAT, "confederate"], [b, CONF_SEAT, "union"]]) {
    await until(`${p.name}'s seat after the reveal`, async () => (await said(p)) === `You play ${want}.`);
    const own = await p.page.$$eval("#board .counter.own", (els) => [...new Set(els.map((e) => e.dataset.side))]);
    if (JSON.stringify(own) !== JSON.stringify([side])) fail(`${p.name} plays the ${side} side, but his own counters are ${own}`);
  }
  await revealed(a, b);
  const waiting = (await myTurn(a.page)) ? b : a;
  const prompt = await waiting.page.textContent("#prompt");
  const awaited = latest(waiting, match).view.awaiting;
  const want = `Waiting for ${awaited.map((r) => (r === "union" ? UNION_SEAT : CONF_SEAT)).join(" and ")}.`;
  if (prompt !== want) fail(`${waiting.name}'s prompt says "${prompt}", not "${want}"`);
  // The lobby: the seats by what they play, the scenario's title.
  await a.page.goto(url);
  await a.page.waitForSelector(`#mine li[data-match="${match}"]`);
  const line = await a.page.textContent(`#mine li[data-match="${match}"]`);
  for (const x of [`${UNION_SEAT}: ${a.name}`, `${CONF_SEAT}: ${b.name}`, "The Seven Days (June 26 - July 2, 1862)"])
    if (!line.includes(x)) fail(`the lobby's line lacks "${x}": ${line}`);
  if (/\b(union|confederate):|seven-days/.test(line)) fail(`the lobby's line shows an id: ${line}`);
  await a.page.selectOption("#game", "birth-of-a-legend");
  const sides = await a.page.$$eval("#side option", (els) => els.map((e) => `${e.value}=${e.textContent}`));
  if (JSON.stringify(sides) !== JSON.stringify(["random=Random", "union=Union", "confederate=Confederates"]))
    fail(`the create form's sides: ${sides}`);
  console.log(`# seats: "${UNION_SEAT}" and "${CONF_SEAT}" on the pages and in the lobby: ${line}`);
}

// The finished match's Review (match.js's stepper, the `replay` op): once
// the Union resigns, each page (the player's, the spectator's, and a new
// one's that opens it from the lobby's finished matches, its map's data
// not yet loaded) steps through the match, and each step's map is the
// replayed view's: the set-up, the first move, the last, one back. The
// set-up's units must stand elsewhere than the final view's, or a board
// that did not redraw would pass.
async function review(browser, url, a, b, pages, match) {
  await a.page.click("#resign");
  await a.page.click("dialog.confirm button.danger");
  await until("the resignation", async () => /resigned/.test(await b.page.textContent("#result")));
  const e = await player(browser, url, "stanton");
  await e.page.click(`#finished-public li[data-match="${match}"] a.button`);
  await e.page.waitForURL(new RegExp(`#/watch/${match}$`));
  await until("the reviewer's view", async () => (await seqOf(e.page)) >= 0);
  for (const p of [e, ...pages]) {
    await p.page.waitForSelector("#step-start");
    const final = latest(p, match).view;
    const replies = () => p.frames.map((f) => { try { return JSON.parse(f); } catch { return null; } })
      .filter((m) => m && m.op === "ok" && m.view && Array.isArray(m.seqs));
    const step = async (button, want) => {
      const n = replies().length;
      await p.page.click(button);
      await until(`${p.name}'s replay after ${button}`, async () => replies().length > n &&
        (await p.page.textContent("#match-title")).includes(`replay · seq ${replies().at(-1).seq}`));
      const r = replies().at(-1);
      if (want !== undefined && r.seq !== want) fail(`${p.name}: ${button} replayed seq ${r.seq}, not ${want}`);
      await checkMap(p, r.view);
      return r;
    };
    const first = await step("#step-start", 0);
    const at = (v) => JSON.stringify(v.board.units.map((u) => `${u.id}@${u.area}:${u.exhausted}`).sort());
    if (at(first.view) === at(final)) fail(`${p.name}: the set-up's units stand as at the end: the replay's map proves nothing`);
    if (first.seqs.length < MOVES) fail(`${p.name}: the replay has ${first.seqs.length} steps for ${MOVES} moves`);
    await step("#step-next", first.seqs[0]);
    await step("#step-last", first.seqs.at(-1));
    await step("#step-prev", first.seqs.at(-2));
    await p.page.locator("#board svg.boal-map").screenshot({ path: join(outDir, `11-replay-${p.name}.png`) });
    await p.page.click("#step-done");
    await until(`${p.name}'s board back at the end`, async () => !(await p.page.textContent("#match-title")).includes("replay"));
    await checkMap(p, latest(p, match).view);
    console.log(`# review: ${p.name} stepped through ${first.seqs.length} steps, the map the replayed view's at each`);
  }
}

async function main() {
  const d = await startDaemon(daemonPath);
  const url = `https://127.0.0.1:${d.port}/`;
  const browser = await launch();
  try {
    const a = await player(browser, url, "mcclellan");
    await a.page.selectOption("#game", "birth-of-a-legend");
    await a.page.selectOption("#side", "union");
    // The Advanced game (15.0): its weather is on the board too.
    await a.page.check('#create input[data-option="advanced"]');
    await a.page.click("#create-match");
    await a.page.waitForURL(/#\/match\/\d+$/);
    const match = Number(a.page.url().match(/(\d+)$/)[1]);
    const b = await player(browser, url, "lee");
    await b.page.click(`#open li[data-match="${match}"] button.join`);
    await b.page.waitForURL(new RegExp(`#/match/${match}$`));
    for (const p of [a, b]) await until("a view", async () => (await seqOf(p.page)) >= 0);
    if (!(await a.page.textContent("#match-title")).includes("Birth of a Legend")) fail("the match is not Birth of a Legend");
    if (!latest(a, match).view?.board?.track?.advanced) fail("the match was not created as the Advanced game");

    // The set-up: every page draws its own view's map.
    for (const p of [a, b]) {
      await until(`${p.name}'s view in its frames`, async () => latest(p, match).seq === (await seqOf(p.page)));
      const got = await checkMap(p, latest(p, match).view);
      console.log(`# ${p.name}: 45 areas, ${got.units.length} unit counters, ${got.leaders.length} leaders, ${got.bridges.length} bridges`);
    }
    if (!/reconstructed, for drawing only/i.test(await a.page.textContent("#board .boal-recon"))) fail("the map does not say its outlines are reconstructed");
    await checkMarks(a, url);

    // A spectator finds the match among the live ones and sees the same map.
    const c = await player(browser, url, "davis");
    await c.page.waitForSelector(`#live li[data-match="${match}"]`);
    await c.page.click(`#live li[data-match="${match}"] a.button`);
    await c.page.waitForURL(new RegExp(`#/watch/${match}$`));
    await until("the spectator's view", async () => (await seqOf(c.page)) >= 0);
    await a.page.screenshot({ path: join(outDir, "01-setup-union.png") });

    const st = { toMove: 0, activations: 0 };
    let moves = 0, byUnit = 0, byArea = 0, byPiece = 0, exhaustedSeen = 0;
    for (let i = 0; moves < MOVES && i < 2000; i++) {
      const p = (await myTurn(a.page)) ? a : (await myTurn(b.page)) ? b : null;
      if (!p) {
        await a.page.waitForTimeout(100);
        continue;
      }
      const shown = await seqOf(p.page);
      await until("the page's view in its frames", () => latest(p, match).seq === shown);
      const { view } = latest(p, match);
      const { kind, entry, id } = policy(view, st);
      if (kind === "march") await marchMove(p, view, entry, id, match);
      else if (kind === "unit") {
        await unitMove(p, view, entry, match);
        byUnit++;
      } else if (kind === "area") {
        await areaMove(p, view, entry);
        byArea++;
      } else if (kind === "piece") {
        await pieceMove(p, view, entry);
        byPiece++;
      } else await listMove(p, view, entry);
      moves++;
      // After each move, the mover's map is its new view's.
      await until(`${p.name}'s view in its frames`, async () => latest(p, match).seq === (await seqOf(p.page)));
      const now = latest(p, match).view;
      await checkMap(p, now);
      const ex = now.board.units.filter((u) => u.exhausted && u.area !== null).length;
      if (ex && !exhaustedSeen) await p.page.locator("#board svg.boal-map").screenshot({ path: join(outDir, "07-exhausted.png") });
      exhaustedSeen = Math.max(exhaustedSeen, ex);
    }
    // The first assaults (policy() takes every one offered) exhaust their
    // Point Unit: the counters' exhausted side was drawn and checked.
    if (!exhaustedSeen) fail("no unit was exhausted in these moves: the exhausted side was never checked");
    if (moves < MOVES) fail(`only ${moves} moves were played`);
    if (!byUnit || !byArea) fail(`${byUnit} moves by picking a unit, ${byArea} by clicking an area: each must happen`);
    if (!a.spread && !b.spread) fail("no unit was picked from a stack");
    if (!byPiece) fail("no action was chosen among a unit's by clicking its counter");
    if (!st.marched) fail("no Forced March (15.3) was chosen on a unit's counter");
    if (!keyed) fail("no counter was chosen by the keyboard");
    // After the moves every map, the spectator's too, is its latest view's.
    await until("the spectator to catch up", async () => (await seqOf(c.page)) === (await seqOf(a.page)));
    if (latest(c, match).view.role !== "observer") fail("the spectator's view is not the observer's");
    if (await c.page.$("#board .counter.own")) fail("the spectator's map marks counters as his own");
    for (const p of [a, b, c]) {
      await until(`${p.name}'s view in its frames`, async () => latest(p, match).seq === (await seqOf(p.page)));
      await checkMap(p, latest(p, match).view);
    }
    await a.page.screenshot({ path: join(outDir, "02-union-after.png") });
    await b.page.screenshot({ path: join(outDir, "04-confederate-after.png") });
    await c.page.screenshot({ path: join(outDir, "09-spectator.png") });
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.screenshot({ path: join(outDir, "10-phone.png"), fullPage: true });
    await a.page.locator("#board svg.boal-map").screenshot({ path: join(outDir, "05-map.png") });
    await a.page.locator("#boal-tracks").screenshot({ path: join(outDir, "08-tracks.png") });
    const seq = await seqOf(a.page);
    await review(browser, url, a, b, [c, a], match);
    await bids(a, b, url);
    console.log(`PASS: match ${match}, up to ${exhaustedSeen} units exhausted, ${moves} moves (${byUnit} by picking a unit, ${byArea} by clicking an area, ${byPiece} among a unit's own), seq ${seq}; the bids shown`);
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
