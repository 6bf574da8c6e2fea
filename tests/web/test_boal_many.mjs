// test_boal_many.mjs — the web chooser of a param of several choices
// ("many": PROTOCOL.md "Actions and their params") in a real browser
// (Debian's chromium, playwright-core), against the real daemon: Birth of a
// Legend's Optional or Contested Assault (10.2, 10.3) offers the Point Unit
// as one choice and the other assaulting units as a "many" param. Two
// players' pages play a match over their own connections along the random
// legal actions that tests/rules/birth_of_a_legend/boal_many_path finds
// from the match's seed (read from the daemon's database; the module's
// random player in-process) until the Confederate is offered such an
// assault; then his page opens the match,
// the entry is clicked, the chooser must show one box per other unit, all
// ticked, labelled as the view's choices; all but the first are unticked
// and the form sent: the act on the wire must name the Point Unit chosen
// and exactly that one other unit, and the server must take it.
//
//   TG_BOAL_MANY_PATH=boal_many_path node test_boal_many.mjs DAEMON OUTDIR
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { applyOps } from "./hidden_frames.mjs";
import { startDaemon, until, fail, registered, wire, launch } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

// The newest view of match p's socket has received, the frames read once
// each (a match of several hundred actions is replayed as it goes).
function latest(p, match) {
  const t = (p.track ??= { pos: 0, match: null, seq: -1, view: null });
  if (t.match !== match) Object.assign(t, { match, seq: -1, view: null });
  for (; t.pos < p.frames.length; t.pos++) {
    let m;
    try { m = JSON.parse(p.frames[t.pos]); } catch { continue; }
    if (m.match !== match) continue;
    if (m.op === "view") [t.seq, t.view] = [m.seq, m.view];
    else if (m.op === "patch" && t.view && m.seq === t.seq + 1) [t.seq, t.view] = [m.seq, applyOps(t.view, m.patch)];
  }
  return { seq: t.seq, view: t.view };
}

// until(), polled every 2 ms: a view comes a moment after its act's reply.
async function soon(what, cond, timeout = 15000) {
  const end = Date.now() + timeout;
  while (!(await cond())) {
    if (Date.now() > end) fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const manyAssault = (view) =>
  view.actions.find((a) => a.action.type === "assault" && (a.params || []).some((p) => p.many && p.choices.length));

// A new match, the Confederates a's, played along the actions
// boal_many_path finds from its seed: { match, seq }, the view of a at seq
// expected to offer an assault with a "many" param.
async function playToOffer(d, a, b) {
  const made = await wire(a, { op: "create", game: "birth-of-a-legend", scenario: "seven-days", side: "confederate" });
  if (made.op !== "ok") fail(`create: ${JSON.stringify(made)}`);
  const match = made.match;
  const joined = await wire(b, { op: "join", match });
  if (joined.op !== "ok") fail(`join: ${JSON.stringify(joined)}`);
  const tool = process.env.TG_BOAL_MANY_PATH;
  if (!tool) fail("TG_BOAL_MANY_PATH (the boal_many_path tool) is not set");
  const out = execFileSync(tool, [join(d.data, "d", "telegraph.db"), String(match)],
    { encoding: "utf8", timeout: 300000, stdio: ["ignore", "pipe", "inherit"] });
  let seq = 0;
  for (const line of out.split("\n").filter((l) => l)) {
    const [role, action] = JSON.parse(line);
    const p = role === "confederate" ? a : b;
    const r = await wire(p, { op: "act", match, seq, action });
    if (r.op !== "ok") fail(`${p.name}'s act at seq ${seq}: ${JSON.stringify(r)}`);
    seq = r.seq;
  }
  await soon(`a's view at seq ${seq}`, () => latest(a, match).seq >= seq);
  return { match, seq };
}

async function main() {
  const d = await startDaemon(daemonPath);
  const url = `https://127.0.0.1:${d.port}/`;
  const browser = await launch();
  try {
    const a = await registered(browser, url, "lee");
    const b = await registered(browser, url, "mcclellan");
    const { match, seq } = await playToOffer(d, a, b);
    const view = latest(a, match).view;
    if (view.awaiting.join() !== "confederate") fail(`lee is not awaited at seq ${seq}: ${view.awaiting}`);
    const entry = manyAssault(view);
    if (!entry) fail(`the daemon's view offers no assault with a choice of units at seq ${seq}`);
    const many = entry.params.find((p) => p.many);
    const point = entry.params.find((p) => p.name === "point");

    await a.page.goto(`${url}#/match/${match}`);
    await until("the match page at the offer's seq", async () =>
      ((await a.page.textContent("#match-title").catch(() => "")) || "").includes(`seq ${seq}`), 30000);
    const idx = view.actions.indexOf(entry);
    await a.page.click(`button.action[data-index="${idx}"]`);
    const boxes = a.page.locator(`fieldset.param-many[data-name="${many.name}"] input[type=checkbox]`);
    await until("the chooser's boxes", async () => (await boxes.count()) === many.choices.length);
    const labels = await a.page.locator(`fieldset.param-many[data-name="${many.name}"] label`).allTextContents();
    if (labels.map((t) => t.trim()).join("|") !== many.choices.map((c) => c.label).join("|"))
      fail(`the boxes' labels ${JSON.stringify(labels)} are not the choices' ${JSON.stringify(many.choices.map((c) => c.label))}`);
    for (let i = 0; i < many.choices.length; i++)
      if (!(await boxes.nth(i).isChecked())) fail(`box ${i} is not ticked at first`);
    for (let i = 1; i < many.choices.length; i++) await boxes.nth(i).uncheck();
    await a.page.screenshot({ path: join(outDir, "01-chooser.png") });
    const n = a.sent.length;
    await a.page.click("#choose-send");
    await until("the act on the wire", async () => a.sent.slice(n).some((f) => JSON.parse(f).op === "act"));
    const sent = a.sent.slice(n).map((f) => JSON.parse(f)).find((m) => m.op === "act").action;
    const want = { ...entry.action, [many.name]: [many.choices[0].value] };
    if (point) want.point = point.choices[0].value;
    const canon = (o) => JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]]));
    if (canon(sent) !== canon(want)) fail(`sent ${JSON.stringify(sent)}, not ${JSON.stringify(want)}`);
    await until("the server took the assault", async () => latest(a, match).seq > seq ||
      ((await a.page.textContent("#match-error")) || "").trim() !== "");
    const err = ((await a.page.textContent("#match-error")) || "").trim();
    if (err) fail(`the assault was refused: ${err}`);
    await a.page.screenshot({ path: join(outDir, "02-after.png") });
    console.log(`PASS: match ${match} seq ${seq}: ${entry.label}, ${JSON.stringify(sent)} (1 of ${many.choices.length} other units)`);
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
