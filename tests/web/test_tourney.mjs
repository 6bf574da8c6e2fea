// test_tourney.mjs — a tournament run from the browser (issue 20) against
// the real daemon, in Debian's chromium driven by playwright-core. The
// director does everything by clicking his pages; each step's effect is
// checked on the server (tourney_get, leaderboard, ratings through a page's
// own connection), and each refusal shown must be the server's own
// sentence, as its socket received it:
// - the create form: refused (three pools in four places), then a pools
//   event with a clock, and a Swiss with its rounds and a start time, each
//   as the server stores it;
// - director's tools before the start: add a player (refused for a name
//   nobody has), cancel a registration; start;
// - after the start: the standings pool by pool, row for row the server's
//   pool_standings; pair round 1 again (new matches); enter a result
//   (refused without a reason), after which pairing again is refused
//   (round_started); pause and resume; withdraw a player (his game is
//   forfeited); the knockout's final played out; a non-director sees no
//   tools; the log shows the reasons;
// - ratings: the leaderboard page, row for row the server's, a player's
//   ratings page, a name nobody has, and a rated player's rating on a
//   live match in the lobby;
// - the event's page redrawn by a push (the final ends on another client)
//   keeps what the director was typing into a tool, and its focus; its
//   games table offers a game in play to watch and a finished one to
//   review (which opens the match's replay).
// Screenshots are left in OUTDIR.
//
//   node test_tourney.mjs DAEMON OUTDIR
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PW, fail, startDaemon, until, device, signIn, wire, textOf, expectText, nextError, errorCount, launch } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const t0 = Date.now();
const step = (what) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);

async function main() {
  const daemon = await startDaemon(daemonPath);
  const url = `https://127.0.0.1:${daemon.port}/`;
  const browser = await launch();
  try {
    // The director, and a player, each on his own device; the other
    // players act through a third page's connection (logging in as each).
    const d = await device(browser, url);
    await signIn(d, "meade", PW, "#register");
    await d.page.waitForSelector("#create");
    const p = await device(browser, url);
    await signIn(p, "ann", PW, "#register");
    await p.page.waitForSelector("#create");
    const x = await device(browser, url);
    for (const n of ["ben", "cal", "dan", "eve"]) {
      const r = await wire(x, { op: "register", name: n, password: PW });
      if (r.op !== "ok") fail(`register ${n}: ${JSON.stringify(r)}`);
    }
    const as = async (name, req) => {
      const l = await wire(x, { op: "login", name, password: PW });
      if (l.op !== "ok") fail(`login ${name}: ${JSON.stringify(l)}`);
      return wire(x, req);
    };
    const get = async (id) => (await wire(d, { op: "tourney_get", tourney: id })).tournament;

    // ---- the create form ---------------------------------------------------
    await d.page.click("#tourneys-link");
    await d.page.waitForSelector("#tourney-create");
    await d.page.fill("#tc-name", "Browser Pools");
    await d.page.selectOption("#tc-game", "fixture-duel");
    await d.page.selectOption("#tc-format", "pools");
    if (!(await d.page.isHidden("#tc-rounds"))) fail("a pools event asks for Swiss rounds");
    await d.page.fill("#tc-pools", "3");
    await d.page.fill("#tc-advance", "1");
    await d.page.fill("#tc-max", "4");
    const tcs = await d.page.$$eval("#tc-clock option", (l) => l.map((o) => o.value).filter(Boolean));
    if (!tcs.length) fail("no time control offered");
    await d.page.selectOption("#tc-clock", tcs[tcs.length - 1]);
    let before = errorCount(d, "malformed_request");
    await d.page.click("#tc-create");
    await expectText(d.page, "#tc-msg", await nextError(d, "malformed_request", before, "too few places"),
      "three pools in four places");
    if ((await wire(d, { op: "tourney_list" })).tournaments.length) fail("a refused event was created");
    await d.page.fill("#tc-pools", "2");
    await d.page.fill("#tc-max", "8");
    await d.page.click("#tc-create");
    await until("the new event's page", async () => /^#\/tourney\/\d+$/.test(await d.page.evaluate(() => location.hash)));
    const pid = Number((await d.page.evaluate(() => location.hash)).split("/")[2]);
    let t = await get(pid);
    if (t.name !== "Browser Pools" || t.game !== "fixture-duel" || t.format !== "pools" || t.pools !== 2 ||
        t.advance !== 1 || t.max_players !== 8 || t.director !== "meade" || !t.rated || t.invite_only ||
        t.time_control?.preset !== tcs[tcs.length - 1] || t.status !== "registration")
      fail(`the pools event as stored: ${JSON.stringify(t)}`);
    await d.page.waitForSelector("#tourney-director");
    // The page names the game and the scenario by their titles, not ids.
    const fx = (await d.page.evaluate(() => window.telegraph.conn.welcome)).games.find((g) => g.id === t.game);
    const said = `${fx.title} · ${fx.scenarios.find((x) => x.id === t.scenario).title} · `;
    if (!(await textOf(d.page, "#tourney-game")).startsWith(said) || (await textOf(d.page, "#tourney-game")).includes(t.game))
      fail(`the event's page says "${await textOf(d.page, "#tourney-game")}", not "${said}..."`);
    // A Swiss: its rounds go with it.
    await d.page.click("#tourneys-link");
    await d.page.waitForSelector("#tourney-create");
    const listed = await textOf(d.page, `li[data-tourney="${pid}"]`);
    if (!listed.includes(`${fx.title}, ${fx.scenarios.find((x) => x.id === t.scenario).title}`) || listed.includes(t.game))
      fail(`the tournaments list says "${listed}"`);
    await d.page.fill("#tc-name", "Browser Swiss");
    await d.page.selectOption("#tc-format", "swiss");
    await d.page.fill("#tc-rounds", "3");
    await d.page.check("#tc-invite-only");
    await d.page.fill("#tc-start", "2030-06-01T12:00");
    const startAt = await d.page.evaluate(() => Math.floor(new Date("2030-06-01T12:00").getTime() / 1000));
    await d.page.uncheck("#tc-rated");
    await d.page.click("#tc-create");
    await until("the Swiss's page", async () => (await d.page.evaluate(() => location.hash)) !== "#/tourneys");
    const sid = Number((await d.page.evaluate(() => location.hash)).split("/")[2]);
    t = await get(sid);
    if (t.format !== "swiss" || t.rounds !== 3 || !t.invite_only || t.rated || t.time_control !== null || !t.invite ||
        t.start_at !== startAt)
      fail(`the Swiss as stored: ${JSON.stringify(t)}`);
    step("create form: refused, then a pools event and a Swiss");

    // ---- before the start: add, remove, start --------------------------------
    for (const n of ["ann", "ben", "cal", "dan"]) {
      const r = n === "ann" ? await wire(p, { op: "tourney_register", tourney: pid })
        : await as(n, { op: "tourney_register", tourney: pid });
      if (r.op !== "ok") fail(`${n} registers: ${JSON.stringify(r)}`);
    }
    await d.page.goto(`${url}#/tourney/${pid}`);
    await d.page.waitForSelector("#td-add-user");
    before = errorCount(d, "no_such_user");
    await d.page.fill("#td-add-user", "nobody-at-all");
    await d.page.click("#td-add");
    await expectText(d.page, "#td-msg", await nextError(d, "no_such_user", before, "add nobody"), "add a name nobody has");
    await d.page.fill("#td-add-user", "eve");
    await d.page.fill("#td-add-reason", "late entry");
    await d.page.click("#td-add");
    await expectText(d.page, "#td-msg", "eve is added.", "add_player");
    t = await get(pid);
    if (!t.players.some((q) => q.name === "eve")) fail("eve not added on the server");
    if (!t.log.some((e) => e.user === "meade" && e.text.includes("late entry"))) fail(`log: ${JSON.stringify(t.log)}`);
    await d.page.selectOption("#td-remove-user", "eve");
    await d.page.fill("#td-remove-reason", "entered by mistake");
    await d.page.click("#td-remove");
    await expectText(d.page, "#td-msg", "eve's registration is cancelled.", "remove_player before the start");
    if ((await get(pid)).players.some((q) => q.name === "eve")) fail("eve still registered on the server");
    await d.page.screenshot({ path: join(outDir, "tourney-director.png"), fullPage: true });
    await d.page.click("#td-start");
    await expectText(d.page, "#td-msg", "The tournament has started.", "tourney_start");
    await until("round 1 shown", async () => (await textOf(d.page, "#tourney-status")).startsWith("round 1 of 2"));
    step("add (refused, then done), remove, start");

    // ---- the pools' standings ------------------------------------------------
    const checkPools = async (what) => {
      const ps = (await get(pid)).pool_standings;
      if (!ps || ps.length !== 2) fail(`pool_standings: ${JSON.stringify(ps)}`);
      for (const pool of ps)
        await until(`${what}: pool ${pool.pool} as the server ranks it`, async () => {
          const rows = await d.page.$$eval(`#tourney-pool-${pool.pool} tbody tr`, (l) =>
            l.map((r) => [r.dataset.user, r.children[0].textContent, r.children[2].textContent].join("|")));
          return JSON.stringify(rows) ===
            JSON.stringify(pool.standings.map((s) => [s.user, String(s.rank), Number(s.points).toFixed(1)].join("|")));
        });
      return ps;
    };
    const ps = await checkPools("at the start");
    if (ps.flatMap((q) => q.standings.map((s) => s.user)).sort().join() !== "ann,ben,cal,dan")
      fail(`the pools hold the four players: ${JSON.stringify(ps)}`);
    step("standings per pool");

    // ---- pair again, results, pause -------------------------------------------
    const round1 = async () => (await get(pid)).games.filter((g) => g.round === 1);
    const old = (await round1()).map((g) => g.match);
    await d.page.click("#td-repair");
    await expectText(d.page, "#td-msg", "Round 1 is paired again.", "repair");
    const fresh = await round1();
    if (fresh.length !== 2 || fresh.some((g) => old.includes(g.match)))
      fail(`round 1 paired again has new matches: ${JSON.stringify(old)} -> ${JSON.stringify(fresh)}`);
    for (const m of old) {
      const ml = (await wire(d, { op: "list", which: "live" })).matches.map((y) => y.match);
      if (ml.includes(m)) fail(`the old match ${m} is still live`);
    }
    // A result needs a reason.
    const g1 = fresh.find((g) => g.board === 1);
    await d.page.selectOption("#td-game", `1:${g1.board}`);
    await d.page.selectOption("#td-result", "1-0");
    before = errorCount(d, "malformed_request");
    await d.page.click("#td-set-result");
    await expectText(d.page, "#td-msg", await nextError(d, "malformed_request", before, "no reason"), "a result without a reason");
    if ((await round1()).find((g) => g.board === 1).result !== null) fail("a result without a reason was entered");
    await d.page.fill("#td-result-reason", "played over the board");
    await d.page.click("#td-set-result");
    await expectText(d.page, "#td-msg", `Round 1, board ${g1.board}: 1-0.`, "set_result");
    if ((await round1()).find((g) => g.board === 1).result !== "1-0") fail("1-0 not entered on the server");
    const rec = await wire(d, { op: "list", which: "finished" });
    if (!rec.matches.some((m) => m.match === g1.match)) fail(`match ${g1.match} not finished by the result`);
    await checkPools("after a result");
    // Now a game of the round has a result: pairing again is refused.
    before = errorCount(d, "round_started");
    await d.page.click("#td-repair");
    await expectText(d.page, "#td-msg", await nextError(d, "round_started", before, "repair refused"), "repair after a result");
    await d.page.click("#td-pause");
    await expectText(d.page, "#td-msg", "Paused: the next round waits.", "pause");
    if (!(await get(pid)).paused) fail("not paused on the server");
    await until("paused shown", async () => (await textOf(d.page, "#tourney-status")).includes("(paused)"));
    await d.page.click("#td-resume");
    await expectText(d.page, "#td-msg", "Resumed.", "resume");
    if ((await get(pid)).paused) fail("still paused on the server");
    step("pair again, a result (refused without a reason), repair refused, pause, resume");

    // ---- a non-director's page; a withdrawal by the director --------------------
    await p.page.goto(`${url}#/tourney/${pid}`);
    await p.page.waitForSelector("#tourney-pools");
    if (await p.page.$("#tourney-director")) fail("a player sees the director's tools");
    const g2 = (await round1()).find((g) => g.board === 2);
    const quitter = g2.side1;
    await d.page.selectOption("#td-remove-user", quitter);
    await d.page.fill("#td-remove-reason", "no longer available");
    await d.page.click("#td-remove");
    await expectText(d.page, "#td-msg", `${quitter} is withdrawn.`, "remove_player after the start");
    t = await get(pid);
    if (t.games.find((g) => g.round === 1 && g.board === 2).result !== "+-" ||
        !t.players.find((q) => q.name === quitter).withdrawn)
      fail(`${quitter}'s game forfeited: ${JSON.stringify(t.games)}`);
    // The pools are decided: the knockout's final is paired.
    await until("the final", async () => (await get(pid)).round === 2);
    await checkPools("after the pool stage");
    step("a player sees no tools; a withdrawal forfeits his game");

    // ---- ratings: a live match in the lobby, the leaderboard, a player --------
    const fin = (await get(pid)).games.find((g) => g.round === 2);
    const live = (await wire(d, { op: "list", which: "live" })).matches.find((m) => m.match === fin.match);
    const rated = live?.seats.find((s) => s.rating !== null);
    if (!rated) fail(`a rated player in the final: ${JSON.stringify(live)}`);
    await d.page.click(".brand");
    await d.page.waitForSelector(`#live li[data-match="${fin.match}"]`);
    const line = await textOf(d.page, `#live li[data-match="${fin.match}"]`);
    if (!line.includes(`${rated.role}: ${rated.user} (${rated.rating})`)) fail(`the lobby's line: ${line}`);
    // The director is typing a result's reason when the final ends on
    // another client: the page is redrawn by the push, and what he typed,
    // and the focus with the caret, survive it. A game still playing is
    // offered to watch, a finished one to review.
    const gameLink = (round, board) =>
      d.page.$eval(`#tourney-games tr[data-round="${round}"][data-board="${board}"] a`, (a) => [a.textContent, a.getAttribute("href")]);
    await d.page.goto(`${url}#/tourney/${pid}`);
    await d.page.waitForSelector("#td-result-reason");
    let link = await gameLink(2, 1);
    if (link[0] !== "Watch" || link[1] !== `#/watch/${fin.match}`) fail(`the final, still playing, offers ${link}`);
    link = await gameLink(1, g1.board);
    if (link[0] !== "Review" || link[1] !== `#/watch/${g1.match}`) fail(`round 1's finished game offers ${link}`);
    await d.page.click("#td-result-reason");
    await d.page.keyboard.type("typed before the push");
    const loser = fin.side1;
    const res = loser === "ann" ? await wire(p, { op: "resign", match: fin.match }) : await as(loser, { op: "resign", match: fin.match });
    if (res.op !== "ok") fail(`resign the final: ${JSON.stringify(res)}`);
    await until("the event finished", async () => (await get(pid)).status === "finished");
    await until("finished shown (the push redrew the page)",
      async () => (await textOf(d.page, "#tourney-status")).startsWith("finished"));
    const typed = await d.page.evaluate(() => [document.getElementById("td-result-reason")?.value, document.activeElement?.id]);
    if (typed[0] !== "typed before the push" || typed[1] !== "td-result-reason")
      fail(`the reason typed before the push, and its focus, after the redraw: ${JSON.stringify(typed)}`);
    await d.page.keyboard.type(", and after");
    if ((await d.page.inputValue("#td-result-reason")) !== "typed before the push, and after")
      fail(`typing on after the redraw: ${await d.page.inputValue("#td-result-reason")}`);
    link = await gameLink(2, 1);
    if (link[0] !== "Review" || link[1] !== `#/watch/${fin.match}`) fail(`the final, finished, offers ${link}`);
    if (await d.page.$("#td-add-user")) fail("players can be added to a finished event");
    const log = await d.page.$$eval("#tourney-log li", (l) => l.map((e) => e.textContent));
    for (const why of ["late entry", "entered by mistake", "played over the board", "no longer available"])
      if (!log.some((l) => l.includes(why))) fail(`the log shown lacks "${why}": ${log.join("\n")}`);
    await d.page.screenshot({ path: join(outDir, "tourney-finished.png"), fullPage: true });

    await d.page.click("#leaderboard-link");
    await d.page.waitForSelector("#leaderboard-game");
    await d.page.selectOption("#leaderboard-game", "fixture-duel");
    const lb = (await wire(d, { op: "leaderboard", game: "fixture-duel" })).leaderboard;
    if (lb.length < 2) fail(`two rated games make a leaderboard: ${JSON.stringify(lb)}`);
    await until("the leaderboard as the server ranks it", async () => {
      const rows = await d.page.$$eval("#leaderboard tbody tr", (l) =>
        l.map((r) => [r.dataset.user, r.children[0].textContent, r.children[2].textContent, r.children[5].textContent].join("|")));
      return JSON.stringify(rows) ===
        JSON.stringify(lb.map((y) => [y.user, String(y.rank), y.rating.toFixed(1), String(y.games)].join("|")));
    });
    await d.page.screenshot({ path: join(outDir, "leaderboard.png"), fullPage: true });
    const top = lb[0].user;
    await d.page.click(`#leaderboard tr[data-user="${top}"] a`);
    await d.page.waitForSelector('#player-ratings tr[data-game="fixture-duel"]');
    const mine = (await wire(d, { op: "ratings", user: top })).ratings.find((y) => y.game === "fixture-duel");
    const cells = await d.page.$$eval('#player-ratings tr[data-game="fixture-duel"] td', (l) => l.map((c) => c.textContent));
    if (cells[1] !== mine.rating.toFixed(1) || cells[2] !== mine.deviation.toFixed(1) || cells[4] !== String(mine.games))
      fail(`${top}'s ratings page ${cells} vs ${JSON.stringify(mine)}`);
    before = errorCount(d, "no_such_user");
    await d.page.goto(`${url}#/player/nobody-at-all`);
    await expectText(d.page, "#player-ratings .error", await nextError(d, "no_such_user", before, "ratings of nobody"),
      "the ratings of a name nobody has");
    step("ratings: the lobby, the leaderboard, a player's page");

    // A finished game's Review opens the match, to be stepped through (the
    // final, ended by a resignation; a match ended by the director's result
    // is not shown as finished on the match page, a defect left open).
    await d.page.goto(`${url}#/tourney/${pid}`);
    await d.page.click(`#tourney-games tr[data-round="2"][data-board="1"] a`);
    await d.page.waitForSelector("#step-start");
    if ((await d.page.evaluate(() => location.hash)) !== `#/watch/${fin.match}`) fail("Review opened another page");
    step("a finished game reviewed from the event's page");
  } finally {
    await browser.close();
    daemon.proc.kill("SIGTERM");
    rmSync(daemon.data, { recursive: true, force: true });
  }
}

main().then(() => console.log("test_tourney: ok"), (e) => {
  console.error(`test_tourney: FAIL: ${e.stack || e}`);
  process.exit(1);
});
