// patch.js — RFC 6902 JSON Patch, applied to the view the page holds, as the
// server's patches require (protocol/PROTOCOL.md "patch"). Returns a new
// document that shares every part the patch did not touch with the old one
// (which is left as it was); throws on a patch that does not apply (the
// page then asks for a fresh view).

function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function parse(pointer) {
  if (pointer === "") return [];
  if (pointer[0] !== "/") throw new Error(`bad pointer ${pointer}`);
  return pointer.slice(1).split("/").map(unescape);
}

function clone(v) {
  return v === undefined ? v : structuredClone(v);
}

function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b) || deepEqual(a, b);
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

function index(arr, tok, forAdd) {
  if (tok === "-" && forAdd) return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(tok)) throw new Error(`bad array index ${tok}`);
  const i = Number(tok);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`index ${i} out of range`);
  return i;
}

// Copy on write: the document the page holds is never changed; a patch
// copies only the containers on the paths it touches (each once per
// patch), so every part it leaves alone stays the very same object. The
// board compares parts by identity to redraw only what changed.
function writer(doc) {
  const fresh = new WeakSet();
  const own = (v) => {
    if (fresh.has(v)) return v;
    const c = Array.isArray(v) ? v.slice() : { ...v };
    fresh.add(c);
    return c;
  };
  const w = {
    root: doc,
    // The container at toks (the parent of a target), made writable.
    parent(toks) {
      if (!w.root || typeof w.root !== "object") throw new Error("no parent");
      w.root = own(w.root);
      let cur = w.root;
      for (const t of toks) {
        let k;
        if (Array.isArray(cur)) k = index(cur, t, false);
        else if (Object.hasOwn(cur, t)) k = t;
        else throw new Error(`no /${toks.join("/")}`);
        if (!cur[k] || typeof cur[k] !== "object") throw new Error(`no parent for /${toks.join("/")}`);
        cur[k] = own(cur[k]);
        cur = cur[k];
      }
      return cur;
    },
  };
  return w;
}

function get(doc, path) {
  let cur = doc;
  for (const t of parse(path)) {
    if (Array.isArray(cur)) cur = cur[index(cur, t, false)];
    else if (cur && typeof cur === "object" && Object.hasOwn(cur, t)) cur = cur[t];
    else throw new Error(`no ${path}`);
  }
  return cur;
}

function remove(w, path) {
  const toks = parse(path);
  if (!toks.length) throw new Error("cannot remove the root");
  const p = w.parent(toks.slice(0, -1));
  const k = toks[toks.length - 1];
  if (Array.isArray(p)) return p.splice(index(p, k, false), 1)[0];
  if (!Object.hasOwn(p, k)) throw new Error(`no ${path}`);
  const v = p[k];
  delete p[k];
  return v;
}

function add(w, path, value) {
  const toks = parse(path);
  if (!toks.length) {
    w.root = value;
    return;
  }
  const p = w.parent(toks.slice(0, -1));
  const k = toks[toks.length - 1];
  if (Array.isArray(p)) p.splice(index(p, k, true), 0, value);
  else p[k] = value;
}

export function applyPatch(doc, ops) {
  const w = writer(doc);
  for (const op of ops) {
    switch (op.op) {
      case "add":
        add(w, op.path, clone(op.value));
        break;
      case "remove":
        remove(w, op.path);
        break;
      case "replace":
        if (op.path === "") w.root = clone(op.value);
        else {
          remove(w, op.path);
          add(w, op.path, clone(op.value));
        }
        break;
      case "move": {
        const v = remove(w, op.from);
        add(w, op.path, v);
        break;
      }
      case "copy":
        add(w, op.path, clone(get(w.root, op.from)));
        break;
      case "test":
        if (!equal(get(w.root, op.path), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown patch op ${op.op}`);
    }
  }
  return w.root;
}
