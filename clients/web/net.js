// net.js — the connection to telegraphd: one WebSocket on the page's own
// origin carrying the protocol (protocol/PROTOCOL.md), requests matched to
// replies by id, pushes handed to listeners, and reconnection by itself with
// exponential backoff (0.5 s doubling to 30 s, with jitter). After every
// (re)connection it says hello and resumes the stored session, then emits
// "ready" so that screens re-subscribe with `since`.

const REPLY_OPS = new Set(["ok", "error", "pong", "welcome"]);
const KEEPALIVE_MS = 240000; // under the daemon's idle_timeout_ms (600 s)

export class Connection extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
    this.state = "connecting"; // connecting | online | offline
    this.welcome = null;
    this.user = null;
    this.attempt = 0;
    this.closedByUs = false;
    this.keepalive = null;
  }

  setState(state, detail) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, ...detail } }));
  }

  connect() {
    this.closedByUs = false;
    this.setState("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => this.opened();
    ws.onmessage = (ev) => this.received(ev.data);
    ws.onclose = (ev) => this.lost(ws, ev);
    ws.onerror = () => {}; // onclose follows and says what to do
  }

  async opened() {
    try {
      this.welcome = await this.request({ op: "hello", protocol: 1, client: "telegraph-web/0.1" });
      this.user = null;
      const token = loadToken();
      if (token) {
        const r = await this.request({ op: "resume", token });
        if (r.op === "ok") this.user = r.user;
        else forgetToken();
      }
      this.attempt = 0;
      this.setState("online");
      clearInterval(this.keepalive);
      this.keepalive = setInterval(() => this.request({ op: "ping" }).catch(() => {}), KEEPALIVE_MS);
      this.dispatchEvent(new CustomEvent("ready", { detail: { user: this.user } }));
    } catch (e) {
      // the socket went away during hello: lost() reconnects
    }
  }

  received(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (REPLY_OPS.has(msg.op) && msg.id !== undefined && this.pending.has(msg.id)) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      p.resolve(msg);
      return;
    }
    this.dispatchEvent(new CustomEvent("push", { detail: msg }));
  }

  lost(ws, ev) {
    if (ws !== this.ws) return;
    clearInterval(this.keepalive);
    for (const p of this.pending.values()) p.reject(new Error("connection lost"));
    this.pending.clear();
    if (this.closedByUs) {
      this.setState("offline", { code: ev.code });
      return;
    }
    const delay = Math.min(30000, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt++;
    this.setState("offline", { code: ev.code, retryIn: delay });
    setTimeout(() => this.connect(), delay);
  }

  // Sends a request; resolves with its reply (ok, error, pong or welcome).
  request(obj) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new Error("not connected"));
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...obj, id }));
    });
  }

  // Drops the socket at once (tests and "reconnect now").
  drop() {
    if (this.ws) this.ws.close();
  }
}

// The session token: kept in localStorage with "remember me", else only for
// this tab (sessionStorage), as the CLI keeps it in its config file.
export function saveToken(token, remember) {
  forgetToken();
  (remember ? localStorage : sessionStorage).setItem("tg.token", token);
}
export function loadToken() {
  return sessionStorage.getItem("tg.token") || localStorage.getItem("tg.token");
}
export function forgetToken() {
  sessionStorage.removeItem("tg.token");
  localStorage.removeItem("tg.token");
}
