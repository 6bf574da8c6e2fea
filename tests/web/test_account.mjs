// test_account.mjs — the Account page and the Tournaments pages of the web
// client (issues 24 and 20) in a real browser (Debian's chromium driven by
// playwright-core) against the real daemon. Every step is done by clicking
// the page, and its effect is checked on the server, through another
// page's connection or the same page's socket:
// - sessions: ada signed in on two devices ends the other one from the
//   list; that device's socket gets session_ended and it is signed out;
// - block and unblock: the list shows bob, and `blocks` on the wire agrees;
// - notifications: the events saved are what notify_settings returns; an
//   email without a mail server shows the server's sentence; digest mode:
//   a value the server refuses shows its sentence and changes nothing, a
//   good one is saved and shown again, and neither save resets the other
//   settings;
// - change password: a wrong old one shows the server's sentence; after the
//   change the old password fails at the sign-in form and the new one works;
// - forgot password: the server's answer is shown; a reset code from an
//   operator is redeemed on the sign-in form and signs in;
// - delete account: a wrong password is refused, then the confirmation, and
//   the name no longer signs in;
// - tournaments: the list, one event, register (with its invite code where
//   needed, refused without), withdraw, and the standings once it starts,
//   each checked with tourney_get, and the server's crosstable shown.
// Screenshots of each page are left in OUTDIR.
//
//   node test_account.mjs DAEMON OUTDIR
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PW, fail, startDaemon as start, until, device, signIn, wire, textOf, expectText, errorCount, nextError, launch } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const t0 = Date.now();

function step(what) {
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
}

const startDaemon = () => start(daemonPath, ["--set", "operators=root"]);

async function main() {
  const daemon = await startDaemon();
  const url = `https://127.0.0.1:${daemon.port}/`;
  const browser = await launch();
  try {
    // ---- sessions --------------------------------------------------------
    const a = await device(browser, url);
    await signIn(a, "ada", PW, "#register");
    await a.page.waitForSelector("#create");
    const b = await device(browser, url);
    await signIn(b, "ada", PW);
    await b.page.waitForSelector("#create");
    await a.page.click("#account-link");
    await a.page.waitForSelector("#sessions li[data-session]");
    await until("two sessions listed", async () => (await a.page.$$("#sessions li[data-session]")).length === 2);
    const others = await a.page.$$eval("#sessions li[data-session]:not(.current)", (l) => l.map((e) => e.dataset.session));
    if (others.length !== 1) fail(`one other session expected, got ${others}`);
    await a.page.screenshot({ path: join(outDir, "account.png"), fullPage: true });
    await a.page.click(`#sessions li[data-session="${others[0]}"] .end-session`);
    await expectText(a.page, "#sessions-msg", "Session ended.", "end_session");
    await until("the ended device told session_ended", async () =>
      b.frames.some((f) => f.includes('"session_ended"')));
    await b.page.waitForSelector("#login"); // signed out there, after its reconnection
    const left = await wire(a, { op: "sessions" });
    if (left.sessions.length !== 1 || left.sessions.some((s) => s.id === others[0]))
      fail(`the ended session is still listed: ${JSON.stringify(left)}`);
    step("sessions listed and one ended");

    // ---- block, unblock --------------------------------------------------
    await signIn(b, "bob", PW, "#register");
    await b.page.waitForSelector("#create");
    await a.page.fill("#block-name", "bob");
    await a.page.click("#block-go");
    await a.page.waitForSelector('#blocks li[data-user="bob"]');
    const blocks = await wire(a, { op: "blocks" });
    if (!blocks.blocks.some((x) => x.user === "bob")) fail(`blocks: ${JSON.stringify(blocks)}`);
    await a.page.fill("#block-name", "nobody-at-all");
    await a.page.click("#block-go");
    await until("no_such_user", async () => a.frames.some((f) => f.includes('"no_such_user"')));
    const noUser = a.frames.map((f) => JSON.parse(f)).filter((m) => m.code === "no_such_user").pop();
    await expectText(a.page, "#blocks-msg", noUser?.message ?? "(no_such_user on the wire)", "block refused");
    await a.page.click('#blocks li[data-user="bob"] .unblock');
    await until("bob unblocked", async () => !(await a.page.$('#blocks li[data-user="bob"]')));
    if ((await wire(a, { op: "blocks" })).blocks.length) fail("unblock left bob blocked");
    step("block and unblock");

    // ---- notifications ---------------------------------------------------
    await a.page.waitForSelector("#notify-form");
    await a.page.uncheck('#notify-form input[data-event="clock_low"]');
    await a.page.fill("#webhook-url", "https://hooks.example/telegraph");
    await a.page.click("#notify-save");
    await expectText(a.page, "#notify-msg", "Saved.", "notify_settings");
    const ns = (await wire(a, { op: "notify_settings" })).settings;
    if (ns.events.includes("clock_low") || !ns.events.includes("your_move") ||
        ns.webhook_url !== "https://hooks.example/telegraph" || !/^[0-9a-f]{64}$/.test(ns.webhook_secret))
      fail(`settings after saving: ${JSON.stringify(ns)}`);
    await a.page.waitForSelector("#webhook-secret");
    await a.page.fill("#notify-email", "ada@example.org");
    await a.page.click("#notify-save");
    await until("email_unavailable", async () => a.frames.some((f) => f.includes('"email_unavailable"')));
    const noMail = a.frames.map((f) => JSON.parse(f)).filter((m) => m.code === "email_unavailable").pop();
    if (!noMail) fail("no email_unavailable on the wire (this daemon has no smtp_url)");
    await expectText(a.page, "#notify-msg", noMail.message, "email without a mail server");
    step("notification settings");

    // ---- digest mode (issue 19) ---------------------------------------------
    // Other settings set on the wire first: saving the digest must keep
    // them (this page once turned the events off on a save).
    const set0 = await wire(a, { op: "notify_settings", events: ["your_move", "chat", "invited"], webhook_format: "slack" });
    if (set0.op !== "ok") fail(`notify_settings: ${JSON.stringify(set0)}`);
    const before = set0.settings;
    const reopen = async () => {
      await a.page.evaluate(() => { location.hash = "#/"; });
      await a.page.waitForSelector("#create");
      await a.page.evaluate(() => { location.hash = "#/account"; });
      await a.page.waitForSelector("#digest-hours");
    };
    await reopen();
    if ((await a.page.inputValue("#digest-hours")) !== "0") fail("digest_hours 0 is not shown as 0");
    const malformed = errorCount(a, "malformed_request");
    await a.page.fill("#digest-hours", "500");
    await a.page.click("#notify-save");
    const tooMany = await nextError(a, "malformed_request", malformed, "digest_hours 500");
    await expectText(a.page, "#notify-msg", tooMany, "digest_hours 500 refused");
    if (JSON.stringify((await wire(a, { op: "notify_settings" })).settings) !== JSON.stringify(before))
      fail("a refused digest_hours changed the settings");
    await a.page.fill("#digest-hours", "");
    await a.page.click("#notify-save");
    await expectText(a.page, "#notify-msg", "Digest: a whole number of hours, 0 to 168.", "an empty digest field");
    await a.page.fill("#digest-hours", "6");
    await a.page.click("#notify-save");
    await expectText(a.page, "#notify-msg", "Saved.", "digest_hours 6");
    const after = (await wire(a, { op: "notify_settings" })).settings;
    if (JSON.stringify(after) !== JSON.stringify({ ...before, digest_hours: 6 }))
      fail(`saving digest 6 made ${JSON.stringify(after)} of ${JSON.stringify(before)}`);
    // Shown again from the server; a save of another field keeps it.
    await reopen();
    if ((await a.page.inputValue("#digest-hours")) !== "6") fail("digest_hours 6 is not shown after a reload");
    await a.page.check('#notify-form input[data-event="match_finished"]');
    await a.page.click("#notify-save");
    await expectText(a.page, "#notify-msg", "Saved.", "an event added");
    const last = (await wire(a, { op: "notify_settings" })).settings;
    if (last.digest_hours !== 6 || !last.events.includes("match_finished") || last.webhook_format !== "slack" ||
        last.webhook_secret !== before.webhook_secret)
      fail(`a save of the events left ${JSON.stringify(last)}`);
    await a.page.locator("#notify-card").screenshot({ path: join(outDir, "notify-digest.png") });
    step("digest mode: refused, set, kept");

    // ---- change password ---------------------------------------------------
    await a.page.fill("#old-password", "not my password");
    await a.page.fill("#new-password", "a brand new secret");
    await a.page.click("#change-password-go");
    await until("bad_credentials", async () => a.frames.some((f) => f.includes('"bad_credentials"')));
    const bad = a.frames.map((f) => JSON.parse(f)).filter((m) => m.code === "bad_credentials").pop();
    await expectText(a.page, "#password-msg", bad.message, "wrong old password");
    await a.page.fill("#old-password", PW);
    await a.page.fill("#new-password", "a brand new secret");
    await a.page.click("#change-password-go");
    await expectText(a.page, "#password-msg", "Password changed. Your other sessions have ended.", "change_password");
    const c = await device(browser, url);
    await signIn(c, "ada", PW);
    await until("the old password refused", async () => c.frames.some((f) => f.includes('"bad_credentials"')));
    await until("the sign-in form shows the refusal", async () => (await textOf(c.page, ".signin .error")) !== "");
    await signIn(c, "ada", "a brand new secret");
    await c.page.waitForSelector("#create");
    step("change password: old refused, new accepted");

    // ---- forgot password, redeem a reset code ------------------------------
    await c.page.click("#logout");
    await c.page.waitForSelector("#forgot");
    await c.page.fill("#name", "ada");
    await c.page.click("#forgot summary");
    await c.page.click("#forgot-go");
    await until("forgot_password answered", async () => c.frames.some((f) => f.includes("reset code is on its way")));
    const said = c.frames.map((f) => JSON.parse(f)).filter((m) => m.op === "ok" && m.message).pop().message;
    await expectText(c.page, "#reset-msg", said, "forgot_password");
    await c.page.screenshot({ path: join(outDir, "signin-reset.png"), fullPage: true });
    const root = await device(browser, url);
    await signIn(root, "root", PW, "#register");
    await root.page.waitForSelector("#create");
    const reset = await wire(root, { op: "reset_password", user: "ada", reason: "browser test" });
    if (reset.op !== "ok" || !reset.code) fail(`reset_password: ${JSON.stringify(reset)}`);
    await c.page.fill("#reset-code", "0".repeat(64));
    await c.page.fill("#reset-password", "reset by the host");
    await c.page.click("#redeem-go");
    await until("bad_reset_code", async () => c.frames.some((f) => f.includes('"bad_reset_code"')));
    const badCode = c.frames.map((f) => JSON.parse(f)).filter((m) => m.code === "bad_reset_code").pop().message;
    await expectText(c.page, "#reset-msg", badCode, "a forged code");
    await c.page.fill("#reset-code", reset.code);
    await c.page.click("#redeem-go");
    await c.page.waitForSelector("#create");
    if ((await wire(c, { op: "sessions" })).op !== "ok") fail("not signed in after redeem_reset");
    step("forgot password and redeem_reset");

    // ---- tournaments -------------------------------------------------------
    const open = await wire(root, { op: "tourney_create", name: "Browser Swiss", game: "fixture-duel",
      scenario: "standard", format: "swiss", rounds: 2 });
    const closed = await wire(root, { op: "tourney_create", name: "Invitational", game: "fixture-duel",
      scenario: "standard", format: "round_robin", invite_only: true });
    if (open.op !== "ok" || closed.op !== "ok" || !closed.invite) fail(`tourney_create: ${JSON.stringify([open, closed])}`);
    await b.page.click("#tourneys-link");
    await b.page.waitForSelector(`#tourneys li[data-tourney="${open.tourney}"]`);
    await b.page.waitForSelector(`#tourneys li[data-tourney="${closed.tourney}"]`);
    await b.page.screenshot({ path: join(outDir, "tourneys.png"), fullPage: true });
    await b.page.click(`#tourneys li[data-tourney="${open.tourney}"] a`);
    await b.page.click("#tourney-register");
    await expectText(b.page, "#tourney-msg", "You are registered.", "tourney_register");
    const players = async (id) => (await wire(root, { op: "tourney_get", tourney: id })).tournament.players;
    if (!(await players(open.tourney)).some((p) => p.name === "bob")) fail("bob not registered on the server");
    await b.page.click("#tourney-withdraw");
    await expectText(b.page, "#tourney-msg", "Your registration is cancelled.", "tourney_withdraw");
    if ((await players(open.tourney)).some((p) => p.name === "bob")) fail("bob still registered after withdrawing");
    await b.page.click("#tourney-register");
    await expectText(b.page, "#tourney-msg", "You are registered.", "tourney_register again");
    // The invite-only one: refused without the code, in with it.
    await b.page.goto(`${url}#/tourney/${closed.tourney}`);
    await b.page.waitForSelector("#tourney-invite");
    await b.page.click("#tourney-register");
    await until("invite_required", async () => b.frames.some((f) => f.includes('"invite_required"')));
    const inv = b.frames.map((f) => JSON.parse(f)).filter((m) => m.code === "invite_required").pop().message;
    await expectText(b.page, "#tourney-msg", inv, "register without the invite");
    await b.page.fill("#tourney-invite", closed.invite);
    await b.page.click("#tourney-register");
    await expectText(b.page, "#tourney-msg", "You are registered.", "register with the invite");
    if (!(await players(closed.tourney)).some((p) => p.name === "bob")) fail("bob not in the invitational");
    // The Swiss starts (root and ada join, root starts it): the page redraws
    // on the push and shows round 1, its games and the standings.
    await b.page.goto(`${url}#/tourney/${open.tourney}`);
    await b.page.waitForSelector("#tourney-withdraw");
    for (const d of [root, c]) {
      const r = await wire(d, { op: "tourney_register", tourney: open.tourney });
      if (r.op !== "ok") fail(`tourney_register: ${JSON.stringify(r)}`);
    }
    if ((await wire(root, { op: "tourney_start", tourney: open.tourney })).op !== "ok") fail("tourney_start");
    await until("round 1 shown", async () => (await textOf(b.page, "#tourney-status")).startsWith("round 1 of 2"));
    await b.page.waitForSelector('#tourney-standings tr[data-user="bob"]');
    const st = (await wire(root, { op: "tourney_standings", tourney: open.tourney })).standings;
    const rows = await b.page.$$eval("#tourney-standings tbody tr", (l) => l.map((r) => r.dataset.user));
    if (JSON.stringify(rows) !== JSON.stringify(st.map((x) => x.user))) fail(`standings ${rows} vs ${JSON.stringify(st)}`);
    const games = (await wire(root, { op: "tourney_get", tourney: open.tourney })).tournament.games;
    const shownGames = await b.page.$$("#tourney-games tbody tr");
    if (shownGames.length !== games.length) fail(`${shownGames.length} games shown, ${games.length} on the server`);
    const cross = (await wire(root, { op: "tourney_export", tourney: open.tourney, format: "text" })).text;
    if ((await b.page.textContent("#tourney-crosstable pre")) !== cross) fail(`crosstable differs from the server's:\n${cross}`);
    await b.page.screenshot({ path: join(outDir, "tourney.png"), fullPage: true });
    step("tournaments: list, register, withdraw, invite, standings");

    // ---- delete account ----------------------------------------------------
    await c.page.goto(`${url}#/account`);
    await c.page.waitForSelector("#delete-password");
    await c.page.fill("#delete-password", "wrong password");
    await c.page.click("#delete-go");
    await c.page.click("dialog.confirm button.danger");
    await until("delete refused", async () => (await textOf(c.page, "#delete-msg")) !== "");
    await c.page.fill("#delete-password", "reset by the host");
    await c.page.click("#delete-go");
    await c.page.waitForSelector("dialog.confirm");
    await c.page.screenshot({ path: join(outDir, "delete-confirm.png") });
    await c.page.click("dialog.confirm button.danger");
    await c.page.waitForSelector("#login");
    const refusals = c.frames.filter((f) => f.includes('"bad_credentials"')).length;
    await signIn(c, "ada", "reset by the host");
    await until("a deleted account refused", async () =>
      c.frames.filter((f) => f.includes('"bad_credentials"')).length > refusals);
    step("delete account");
  } finally {
    await browser.close();
    daemon.proc.kill("SIGTERM");
    rmSync(daemon.data, { recursive: true, force: true });
  }
}

main().then(() => console.log("test_account: ok"), (e) => {
  console.error(`test_account: FAIL: ${e.stack || e}`);
  process.exit(1);
});
