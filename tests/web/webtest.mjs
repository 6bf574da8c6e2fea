// webtest.mjs — what the browser tests share: the daemon under test on a
// free port, a browser context (a "device") with its socket's frames
// recorded, signing in by the form, a request on a page's own connection,
// waiting for a condition, and the last error of a code on the wire (the
// server's own sentence, which the page must show as it came).

import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const PW = "correct horse battery";

export function fail(what) {
  throw new Error(what);
}

// Debian's chromium, headless, as every browser test runs it: no sandbox (a
// container's root), no GPU, /tmp not /dev/shm (a container's is small), and
// nothing of its own on the network (QUIC, updates, sync, first-run pages).
export function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
}

export async function startDaemon(daemonPath, extra = []) {
  const data = mkdtempSync(join(tmpdir(), "telegraph-web-"));
  const proc = spawn(daemonPath, ["--listen", "127.0.0.1:0", "--data", join(data, "d"),
    "--set", "scrypt_n_log2=10", ...extra], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise((resolve, reject) => {
    let buf = "";
    proc.stderr.on("data", (d) => {
      buf += d;
      const lines = buf.split("\n");
      buf = lines.pop();
      for (const l of lines) {
        const m = l.match(/listening on [^\s]+:(\d+)/);
        if (m) resolve(Number(m[1]));
      }
    });
    proc.on("exit", (c) => reject(new Error(`daemon exited ${c}`)));
    setTimeout(() => reject(new Error("daemon did not start")), 30000);
  });
  return { proc, port, data };
}

export async function until(what, cond, timeout = 15000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// A browser context (a device) with its socket's frames recorded.
export async function device(browser, url) {
  const ctx = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const frames = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
  page.on("pageerror", (e) => fail(`page error ${e.message}`));
  await page.goto(url);
  await page.waitForSelector("#name");
  return { ctx, page, frames };
}

export async function signIn(d, name, password, button = "#login") {
  await d.page.fill("#name", name);
  await d.page.fill("#password", password);
  await d.page.click(button);
}

// A device registered as name by the form, at the lobby, its socket's
// frames received and sent recorded (frames, sent).
export async function registered(browser, url, name) {
  const ctx = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 1000 } });
  const page = await ctx.newPage();
  const frames = [], sent = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => frames.push(String(f.payload)));
    ws.on("framesent", (f) => sent.push(String(f.payload)));
  });
  page.on("pageerror", (e) => fail(`${name}: page error ${e.message}`));
  await page.goto(url);
  await page.fill("#name", name);
  await page.fill("#password", PW);
  await page.click("#register");
  await page.waitForSelector("#create");
  return { ctx, page, name, frames, sent };
}

// A request on the page's own connection (what a second client sees).
export const wire = (d, req) => d.page.evaluate((r) => window.telegraph.conn.request(r), req);

export async function textOf(page, sel) {
  return (await page.textContent(sel))?.trim() ?? "";
}

export async function expectText(page, sel, want, what) {
  await until(`${what}: ${sel} says ${JSON.stringify(want)}`, async () => (await textOf(page, sel)) === want);
}

// The errors of one code this device's socket has received.
const errorsOf = (d, code) => d.frames.map((f) => JSON.parse(f)).filter((m) => m.op === "error" && m.code === code);
export const errorCount = (d, code) => errorsOf(d, code).length;

// The message of the newest error `code` this device's socket received,
// once there is one more of them than `before` (errorCount taken earlier).
export async function nextError(d, code, before, what) {
  await until(`${what}: ${code} on the wire`, async () => errorsOf(d, code).length > before);
  return errorsOf(d, code).pop().message;
}
