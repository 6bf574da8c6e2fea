// test_act_guard.mjs — one act in flight per match in the web client
// (session 19). A double click on an action, or a digit pressed twice, sent
// two acts at the same seq: the server took the first and refused the
// second with stale_seq (the page then re-subscribed and showed the
// error). The match screen now holds one act at a time: it shows it is
// waiting (#controls aria-busy, "Sending your move…") and lets go on the
// answer (ok or error) or a whole view.
//
// The two presses are made in one task of the page (two clicks, two
// keydown events), so that no answer can come between them however fast
// the server is: without the guard the second act is always sent. Every
// act is counted on the page's WebSocket (the frames it sent), a fixture-
// duel match (tests/fixture/fixture_game.c: "Commit 1" is the first action
// of the awaited player):
//   1. alpha double-clicks "Commit 1": one act, the page shows it waits
//      while the act is out, and no longer once the answer came;
//   2. beta presses 1 twice: one act;
//   3. beta's act is refused (an act of his on the same connection, sent
//      in the same task just before, took the seq): the error lets go of
//      the guard, and his next click sends its act, which the server takes;
//   4. an act pressed while the page's socket is down is not sent, and the
//      page says so (it said nothing); online again, the next click acts.
//
//   node test_act_guard.mjs DAEMON OUTDIR
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fail, startDaemon, until, registered, wire, launch, errorCount } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const t0 = Date.now();
const step = (what) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);

const acts = (d, from) => d.sent.slice(from).map((f) => JSON.parse(f)).filter((m) => m.op === "act");

async function seqOf(page) {
  const t = (await page.textContent("#match-title").catch(() => "")) || "";
  const m = t.match(/seq (\d+)/);
  return m ? Number(m[1]) : -1;
}

// The page at seq `seq`, its player awaited, its actions listed.
async function awaited(d, seq) {
  await until(`${d.name}'s page at seq ${seq}, awaited`, async () => (await seqOf(d.page)) === seq &&
    (await d.page.$("#prompt.your-turn")) !== null && (await d.page.$("#actions button.action")) !== null);
}

// What the page shows of an act in flight.
const waiting = (page) => page.evaluate(() => ({
  busy: document.getElementById("controls").getAttribute("aria-busy") === "true",
  shown: document.getElementById("act-pending")?.hidden === false,
}));

async function settled(d, what) {
  await until(`${d.name}: ${what}, nothing shown waiting`, async () => {
    const w = await waiting(d.page);
    return !w.busy && !w.shown;
  });
}

async function main() {
  const daemon = await startDaemon(daemonPath);
  const url = `https://127.0.0.1:${daemon.port}/`;
  const browser = await launch();
  try {
    const a = await registered(browser, url, "ada");
    const b = await registered(browser, url, "bob");
    const made = await wire(a, { op: "create", game: "fixture-duel", scenario: "standard", side: "alpha" });
    if (made.op !== "ok") fail(`create: ${JSON.stringify(made)}`);
    const match = made.match;
    const joined = await wire(b, { op: "join", match });
    if (joined.op !== "ok") fail(`join: ${JSON.stringify(joined)}`);
    for (const d of [a, b]) await d.page.goto(`${url}#/match/${match}`);
    const seq0 = await (async () => {
      await until("alpha's page awaited", async () => (await a.page.$("#prompt.your-turn")) !== null);
      return seqOf(a.page);
    })();
    await awaited(a, seq0);

    // 1. A double click.
    let n = a.sent.length;
    const during = await a.page.evaluate(() => {
      const btn = document.querySelector('#actions button.action[data-index="0"]');
      btn.click();
      btn.click();
      return {
        busy: document.getElementById("controls").getAttribute("aria-busy") === "true",
        shown: document.getElementById("act-pending")?.hidden === false,
      };
    });
    await until("alpha's act answered", async () => (await seqOf(a.page)) === seq0 + 1);
    await settled(a, "the act answered");
    const sentA = acts(a, n);
    if (sentA.length !== 1) fail(`a double click sent ${sentA.length} acts: ${JSON.stringify(sentA)}`);
    if (JSON.stringify(sentA[0].action) !== JSON.stringify({ type: "commit", value: 1 }))
      fail(`the click sent ${JSON.stringify(sentA[0].action)}`);
    if (!during.busy || !during.shown) fail(`while the act was out the page did not show it waited: ${JSON.stringify(during)}`);
    if (errorCount(a, "stale_seq") !== 0) fail("alpha's page was refused a stale act");
    step("a double click sent one act, shown waiting until it was answered");

    // 2. A digit pressed twice.
    await awaited(b, seq0 + 1);
    n = b.sent.length;
    await b.page.evaluate(() => {
      document.activeElement?.blur();
      for (let i = 0; i < 2; i++) document.dispatchEvent(new KeyboardEvent("keydown", { key: "1", bubbles: true }));
    });
    await until("beta's act answered", async () => (await seqOf(b.page)) > seq0 + 1);
    await settled(b, "the act answered");
    const sentB = acts(b, n);
    if (sentB.length !== 1) fail(`1 pressed twice sent ${sentB.length} acts: ${JSON.stringify(sentB)}`);
    if (errorCount(b, "stale_seq") !== 0) fail("beta's page was refused a stale act");
    step("a digit pressed twice sent one act");

    // 3. An act refused: the error lets go of the guard. Round 2: beta leads.
    const seq2 = await seqOf(b.page);
    await awaited(b, seq2);
    n = b.sent.length;
    const before = errorCount(b, "stale_seq");
    await b.page.evaluate(([m, s]) => {
      window.telegraph.conn.request({ op: "act", match: m, seq: s, action: { type: "note", text: "first" } });
      document.querySelector('#actions button.action[data-index="0"]').click();
    }, [match, seq2]);
    await until("beta's page refused a stale act", async () => errorCount(b, "stale_seq") > before);
    await settled(b, "the refusal");
    await awaited(b, seq2 + 1);
    const m = b.sent.length;
    await b.page.click('#actions button.action[data-index="0"]');
    await until("beta's next act answered", async () => (await seqOf(b.page)) === seq2 + 2);
    await settled(b, "the act answered");
    const sentC = acts(b, m);
    if (sentC.length !== 1) fail(`after the refusal a click sent ${sentC.length} acts`);
    if (acts(b, n).length !== 3) fail(`beta sent ${acts(b, n).length} acts in step 3, not 3`);
    await b.page.screenshot({ path: join(outDir, "after.png") });
    step("an error let go of the guard; the next click acted");

    // 4. An act pressed while the page's socket is down (its reconnection,
    // net.js, is under way): the request is refused before anything is
    // sent, and the page said nothing at all, so the press was lost
    // without a word (session 22, reading web/keyboard's one failure of
    // session 21). It must say the move was not sent, let go of the guard,
    // and, once online again, the next press acts.
    const p = (await b.page.$("#prompt.your-turn")) ? b : a;
    const seq4 = await seqOf(p.page);
    await awaited(p, seq4);
    n = p.sent.length;
    const views = () => p.frames.map((f) => JSON.parse(f)).filter((x) => x.op === "view" && x.match === match).length;
    const views0 = views();
    const offline = await p.page.evaluate(async () => {
      window.telegraph.conn.drop();
      document.querySelector('#actions button.action[data-index="0"]').click();
      // the refusal is settled in this task's microtasks; the reconnection
      // (0.5 s at the earliest) has not rebuilt the screen yet
      await new Promise((r) => setTimeout(r, 0));
      return { error: document.getElementById("match-error").textContent,
        busy: document.getElementById("controls").getAttribute("aria-busy") === "true" };
    });
    if (!/not sent/.test(offline.error)) fail(`an act pressed offline: the page said ${JSON.stringify(offline.error)}, not that it was not sent`);
    if (offline.busy) fail("an act pressed offline left the page waiting");
    if (acts(p, n).length) fail(`an act pressed offline was sent: ${JSON.stringify(acts(p, n))}`);
    // Online again, the page draws the match anew from the view its new
    // subscription brings (app.js route()): a click before that may land
    // on the screen being replaced.
    await until(`${p.name}'s page online again, the match's view received`, async () =>
      (await p.page.getAttribute("#conn-state", "data-state")) === "online" && views() > views0);
    await awaited(p, seq4);
    await p.page.click('#actions button.action[data-index="0"]');
    await until(`${p.name}'s act after the reconnection answered`, async () => (await seqOf(p.page)) === seq4 + 1);
    if (acts(p, n).length !== 1) fail(`after the reconnection a click sent ${acts(p, n).length} acts`);
    step("an act pressed offline said it was not sent; online again, the next click acted");
    console.log("test_act_guard: ok");
  } finally {
    await browser.close();
    daemon.proc.kill("SIGTERM");
    rmSync(daemon.data, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`FAILED: ${e.stack || e}`);
  process.exit(1);
});
