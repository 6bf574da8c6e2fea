// test_verify_email.mjs — the Account page's email verification (issue 24's
// web client, issue 19's verified address) in a real browser (Debian's
// chromium driven by playwright-core) against the real daemon with a real
// SMTP server (tests/integration/smtp_sink.py under Debian's python3, which
// requires STARTTLS and AUTH and keeps each message as a file):
// - ada saves an address on the Account page: the page says a code is on its
//   way, the address shows "(not verified)", and the code arrives by SMTP;
// - a wrong code shows the server's own sentence and leaves it unverified;
// - the mailed code typed into the page verifies it: the page says so, the
//   address shows "(verified)", and notify_settings on the wire agrees;
// - the events offered are every event the server has (saving the form
//   keeps invited and chat on).
//
//   node test_verify_email.mjs DAEMON OUTDIR   (TG_SMTP_SINK: smtp_sink.py)
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { PW, fail, startDaemon, until, device, signIn, wire, textOf, expectText, launch } from "./webtest.mjs";

const [daemonPath, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const sinkScript = process.env.TG_SMTP_SINK || fail("TG_SMTP_SINK names smtp_sink.py");
const t0 = Date.now();
const step = (what) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);

// The SMTP sink on a free port, with a certificate the daemon is told to trust.
async function startSink(dir) {
  const cert = join(dir, "smtp-cert.pem"), key = join(dir, "smtp-key.pem"), out = join(dir, "mail");
  mkdirSync(out);
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
    "-nodes", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
    "-days", "2", "-keyout", key, "-out", cert], { stdio: "ignore" });
  for (let tries = 0; tries < 10; tries++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const proc = spawn("/usr/bin/python3", [sinkScript, "--port", String(port), "--cert", cert,
      "--key", key, "--out", out, "--user", "relay", "--password", "relay-secret"],
    { stdio: ["pipe", "pipe", "ignore"] });
    const line = await new Promise((resolve) => {
      createInterface({ input: proc.stdout }).once("line", resolve);
      proc.once("exit", () => resolve(""));
    });
    if (line.startsWith("ready")) return { proc, port, cert, out };
  }
  fail("the SMTP sink did not start");
}

const mails = (out) => readdirSync(out).filter((n) => n.endsWith(".eml")).sort()
  .map((n) => readFileSync(join(out, n), "utf8"));

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "telegraph-webmail-"));
  const sink = await startSink(dir);
  const daemon = await startDaemon(daemonPath, [
    "--set", `smtp_url=smtp://127.0.0.1:${sink.port}`, "--set", "smtp_from=Telegraph <tg@localhost>",
    "--set", "smtp_user=relay", "--set", "smtp_password=relay-secret",
    "--set", `notify_ca_file=${sink.cert}`, "--set", "notify_poll_ms=100"]);
  const browser = await launch();
  try {
    const a = await device(browser, `https://127.0.0.1:${daemon.port}/`);
    await signIn(a, "ada", PW, "#register");
    await a.page.waitForSelector("#create");
    await a.page.click("#account-link");
    await a.page.waitForSelector("#notify-form");
    const offered = await a.page.$$eval("#notify-form input[data-event]", (l) => l.map((e) => e.dataset.event));
    const server = (await wire(a, { op: "notify_settings" })).settings.events;
    if (JSON.stringify(offered) !== JSON.stringify(server))
      fail(`the page offers ${offered}, the server has ${server} (all on by default)`);

    await a.page.fill("#notify-email", "ada@example.test");
    await a.page.click("#notify-save");
    await expectText(a.page, "#notify-msg", "Saved. A code is on its way to ada@example.test.", "save");
    await expectText(a.page, "#email-state", "Email (not verified)", "unverified");
    await until("the code by SMTP", async () => mails(sink.out).length === 1, 20000);
    const mail = mails(sink.out)[0];
    const code = (mail.match(/verification code is (\d{8})/) || fail(`no code in ${mail}`))[1];
    if (!/^X-Sink-Rcpt-To: ada@example.test$/m.test(mail)) fail(`mailed elsewhere: ${mail.slice(0, 400)}`);
    step("address saved, code mailed");

    await a.page.fill("#verify-code", code === "00000000" ? "11111111" : "00000000");
    await a.page.click("#verify-go");
    await until("bad_code on the wire", async () => a.frames.some((f) => f.includes('"bad_code"')));
    const bad = a.frames.map((f) => JSON.parse(f)).filter((m) => m.code === "bad_code").pop();
    await expectText(a.page, "#notify-msg", bad.message, "a wrong code");
    if ((await wire(a, { op: "notify_settings" })).settings.email_verified) fail("a wrong code verified");
    step("a wrong code refused");

    await a.page.fill("#verify-code", code);
    await a.page.click("#verify-go");
    await expectText(a.page, "#notify-msg", "Address verified.", "verify");
    await expectText(a.page, "#email-state", "Email (verified)", "verified");
    const s = (await wire(a, { op: "notify_settings" })).settings;
    if (s.email !== "ada@example.test" || s.email_verified !== true) fail(`settings: ${JSON.stringify(s)}`);
    if (await a.page.$("#verify-row")) fail("the code field stays after verifying");
    await a.page.screenshot({ path: join(outDir, "verified.png"), fullPage: true });
    // Saving the form again keeps every event on.
    await a.page.click("#notify-save");
    await expectText(a.page, "#notify-msg", "Saved.", "save again");
    const after = (await wire(a, { op: "notify_settings" })).settings.events;
    if (JSON.stringify(after) !== JSON.stringify(server)) fail(`saving turned events off: ${after}`);
    step("verified");
  } finally {
    await browser.close();
    daemon.proc.kill("SIGTERM");
    sink.proc.stdin.end();
  }
}

main().then(() => console.log("test_verify_email: ok"), (e) => {
  console.error(`FAILED: ${e.stack || e}`);
  process.exit(1);
});
