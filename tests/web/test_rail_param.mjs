// test_rail_param.mjs — the web chooser of a param "by" another
// (PROTOCOL.md "Actions and their params", clients/web/params.js) in a
// real browser (Debian's chromium, playwright-core), against the real
// daemon. Lincoln's War's Rail Phase offers one rail entry per mode: the
// general ("unit") and the destination ("to"), "to" by "unit", each
// general's destinations those his "only"/"except" list opens (issue 17).
// Two players' pages play a Campaign over their own connections (the
// browser tests' short policy, lw_policy.mjs, each param its first open
// choice) until the awaited player is offered a rail entry whose generals'
// lists differ; then his page opens the match and clicks the entry: the
// destination list must be exactly the first general's open choices (by
// label, or value where there is none); another general is picked whose
// list differs, and the destination list must become his; his last
// destination is sent: the act on the wire names that general and hex, and
// the server takes it.
//
//   node test_rail_param.mjs DAEMON OUTDIR
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { latest, policy } from "./lw_policy.mjs";
import { fail, startDaemon, until, registered, wire, launch } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

// The choices of p open once the param it is "by" has its i-th choice
// (written here from PROTOCOL.md, not taken from the page's params.js).
const open = (p, i) => {
  const spec = p.choices_by?.[i] ?? {};
  return p.choices.filter((c, k) => (spec.only ? spec.only.includes(k) : !(spec.except || []).includes(k)));
};
const shown = (c) => c.label ?? String(c.value);

// A rail entry of the view whose generals' lists differ: {entry, unit, to}.
function railOffer(view) {
  for (const entry of view.actions || []) {
    if (entry.action.type !== "rail") continue;
    const unit = entry.params?.find((p) => p.name === "unit");
    const to = entry.params?.find((p) => p.name === "to");
    if (!unit || !to || to.by !== "unit" || unit.choices.length < 2) continue;
    const first = JSON.stringify(open(to, 0).map((c) => c.value));
    if (unit.choices.some((c, i) => JSON.stringify(open(to, i).map((x) => x.value)) !== first)) return { entry, unit, to };
  }
  return null;
}

// The action a policy pick sends: each param its first open choice.
function filled(entry) {
  const action = { ...entry.action };
  for (const p of entry.params || []) {
    if (p.many) action[p.name] = p.choices.map((c) => c.value);
    else if (p.by) {
      const by = entry.params.find((q) => q.name === p.by);
      action[p.name] = open(p, by.choices.findIndex((c) => c.value === action[p.by]))[0].value;
    } else action[p.name] = p.choices[0].value;
  }
  return action;
}

async function main() {
  const d = await startDaemon(daemonPath);
  const url = `https://127.0.0.1:${d.port}/`;
  const browser = await launch();
  try {
    const a = await registered(browser, url, "lincoln");
    const b = await registered(browser, url, "davis");
    const made = await wire(a, { op: "create", game: "lincolns-war", scenario: "campaign", side: "union" });
    if (made.op !== "ok") fail(`create: ${JSON.stringify(made)}`);
    const match = made.match;
    const joined = await wire(b, { op: "join", match });
    if (joined.op !== "ok") fail(`join: ${JSON.stringify(joined)}`);
    for (const p of [a, b]) await wire(p, { op: "open", match });
    const seat = { union: a, confederate: b };
    const st = { activated: {}, toMove: {} };
    let seq = -1, offer = null, p = null, view = null;
    for (let n = 0; n < 3000 && !offer; n++) {
      await until(`the views after seq ${seq}`, () => latest(a.frames, match).seq > seq && latest(b.frames, match).seq > seq);
      const v = latest(a.frames, match);
      seq = v.seq;
      const role = v.view.awaiting[0];
      if (!role) fail(`nobody is awaited at seq ${seq}`);
      p = seat[role];
      view = latest(p.frames, match).view;
      offer = railOffer(view);
      if (offer) break;
      const r = await wire(p, { op: "act", match, seq, action: filled(view.actions[policy(view, st)]) });
      if (r.op !== "ok") fail(`${p.name}'s act at seq ${seq}: ${JSON.stringify(r)}`);
    }
    if (!offer) fail("no rail entry with generals' lists that differ in 3,000 actions");
    const { entry, unit, to } = offer;
    const k = unit.choices.findIndex((c, i) => JSON.stringify(open(to, i)) !== JSON.stringify(open(to, 0)));

    await p.page.goto(`${url}#/match/${match}`);
    await until("the match page at the offer's seq", async () =>
      ((await p.page.textContent("#match-title").catch(() => "")) || "").includes(`seq ${seq}`), 30000);
    await p.page.click(`button.action[data-index="${view.actions.indexOf(entry)}"]`);
    const units = p.page.locator('#chooser select.param[name="unit"]');
    const dests = p.page.locator('#chooser select.param[name="to"]');
    await until("the chooser", async () => (await dests.count()) === 1);
    const options = async () => (await dests.locator("option").allTextContents()).map((t) => t.trim());
    const want0 = open(to, 0).map(shown);
    if (JSON.stringify(await options()) !== JSON.stringify(want0))
      fail(`${unit.choices[0].value}'s destinations listed ${JSON.stringify(await options())}, not ${JSON.stringify(want0)}`);
    await units.selectOption({ index: k });
    const wantK = open(to, k).map(shown);
    await until(`${unit.choices[k].value}'s destinations`, async () => JSON.stringify(await options()) === JSON.stringify(wantK));
    await dests.selectOption({ index: wantK.length - 1 });
    await p.page.screenshot({ path: join(outDir, "01-chooser.png") });
    const n = p.sent.length;
    await p.page.click("#choose-send");
    await until("the act on the wire", async () => p.sent.slice(n).some((f) => JSON.parse(f).op === "act"));
    const sent = p.sent.slice(n).map((f) => JSON.parse(f)).find((m) => m.op === "act").action;
    const want = { ...entry.action, unit: unit.choices[k].value, to: open(to, k).at(-1).value };
    const canon = (o) => JSON.stringify(Object.keys(o).sort().map((x) => [x, o[x]]));
    if (canon(sent) !== canon(want)) fail(`sent ${JSON.stringify(sent)}, not ${JSON.stringify(want)}`);
    await until("the server took the rail move", async () => latest(p.frames, match).seq > seq ||
      ((await p.page.textContent("#match-error")) || "").trim() !== "");
    const err = ((await p.page.textContent("#match-error")) || "").trim();
    if (err) fail(`the rail move was refused: ${err}`);
    console.log(`PASS: match ${match} seq ${seq}: ${entry.label}, ${unit.choices.length} generals, ` +
      `${to.choices.length} destinations (${want0.length} for the first, ${wantK.length} for ${want.unit}); sent ${JSON.stringify(sent)}`);
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
