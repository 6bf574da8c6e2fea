// test_invitations.mjs — invitations to a private match in the web lobby
// (issues 19 and 24) in a real browser (Debian's chromium driven by
// playwright-core) against the real daemon, each click's effect checked on
// the wire:
// - ada invites bob from her private open match's line in "My matches"; the
//   sent invitation shows pending;
// - carl, who blocked ada, cannot be invited: the page shows the server's
//   own sentence (cannot_invite);
// - bob's lobby lists the invitation from ada; Decline marks it declined for
//   ada; a second one he accepts, and he sits in the match.
//
//   node test_invitations.mjs DAEMON OUTDIR
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PW, fail, startDaemon, until, device, signIn, wire, expectText, launch } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const t0 = Date.now();
const step = (what) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);

let n = 0;
async function lobby(d) {
  await d.page.evaluate((k) => { location.hash = `#/lobby-${k}`; }, ++n);
  await d.page.waitForSelector("#invitations");
}

const privateMatch = async (d) => (await wire(d, { op: "create", game: "fixture-duel",
  scenario: "standard", side: "alpha", visibility: "private" })).match;

async function main() {
  const daemon = await startDaemon(daemonPath);
  const url = `https://127.0.0.1:${daemon.port}/`;
  const browser = await launch();
  try {
    const [a, b, c] = [await device(browser, url), await device(browser, url), await device(browser, url)];
    for (const [d, name] of [[a, "ada"], [b, "bob"], [c, "carl"]]) {
      await signIn(d, name, PW, "#register");
      await d.page.waitForSelector("#create");
    }
    const m1 = await privateMatch(a);
    await lobby(a);
    const row = `#mine li[data-match="${m1}"]`;
    await a.page.fill(`${row} .invite-user`, "bob");
    await a.page.click(`${row} .invite`);
    await a.page.waitForSelector(`#invitations li[data-match="${m1}"][data-user="bob"][data-state="pending"]`);
    step("ada invited bob from the lobby");

    await wire(c, { op: "block", user: "ada" });
    const refused = await wire(a, { op: "invite", match: m1, user: "carl" });
    if (refused.code !== "cannot_invite") fail(`carl blocked ada: ${JSON.stringify(refused)}`);
    await lobby(a);
    await a.page.fill(`${row} .invite-user`, "carl");
    await a.page.click(`${row} .invite`);
    await expectText(a.page, "p.error[role=alert]", refused.message, "cannot_invite shown");
    step("a blocking user refused with the server's sentence");

    await lobby(b);
    const inv = `#invitations ul.matches li[data-match="${m1}"]`;
    await b.page.waitForSelector(inv);
    if (!(await b.page.textContent(`${inv} .host`)).includes("from ada")) fail("the host is not shown");
    await b.page.screenshot({ path: join(outDir, "invitations.png"), fullPage: true });
    await b.page.click(`${inv} .decline`);
    await until("bob's invitation gone", async () => !(await b.page.$(inv)));
    const sent = (await wire(a, { op: "invitations" })).sent;
    if (!sent.some((x) => x.match === m1 && x.user === "bob" && x.state === "declined"))
      fail(`after Decline: ${JSON.stringify(sent)}`);
    step("bob declined");

    const m2 = await privateMatch(a);
    await wire(a, { op: "invite", match: m2, user: "bob" });
    await lobby(b);
    await b.page.click(`#invitations ul.matches li[data-match="${m2}"] .accept`);
    await until("bob on the match page", async () => b.page.url().endsWith(`#/match/${m2}`));
    const mine = (await wire(b, { op: "list", which: "mine" })).matches;
    if (!mine.some((m) => m.match === m2 && m.your_role === "beta"))
      fail(`bob does not sit in match ${m2}: ${JSON.stringify(mine)}`);
    step("bob accepted and sits in the match");
  } finally {
    await browser.close();
    daemon.proc.kill("SIGTERM");
  }
}

main().then(() => console.log("test_invitations: ok"), (e) => {
  console.error(`FAILED: ${e.stack || e}`);
  process.exit(1);
});
