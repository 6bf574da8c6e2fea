// patch.js — RFC 6902 JSON Patch, applied to the view the page holds, as the
// server's patches require (protocol/PROTOCOL.md "patch"). Returns a new
// document; throws on a patch that does not apply (the page then asks for a
// fresh view).

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

function parentOf(doc, path) {
  const toks = parse(path);
  if (!toks.length) return [null, null];
  let cur = doc;
  for (const t of toks.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[index(cur, t, false)];
    else if (cur && typeof cur === "object" && Object.hasOwn(cur, t)) cur = cur[t];
    else throw new Error(`no ${path}`);
  }
  if (!cur || typeof cur !== "object") throw new Error(`no parent for ${path}`);
  return [cur, toks[toks.length - 1]];
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

function remove(doc, path) {
  const [p, k] = parentOf(doc, path);
  if (p === null) throw new Error("cannot remove the root");
  if (Array.isArray(p)) return p.splice(index(p, k, false), 1)[0];
  if (!Object.hasOwn(p, k)) throw new Error(`no ${path}`);
  const v = p[k];
  delete p[k];
  return v;
}

function add(doc, path, value) {
  const [p, k] = parentOf(doc, path);
  if (p === null) return value;
  if (Array.isArray(p)) p.splice(index(p, k, true), 0, value);
  else p[k] = value;
  return doc;
}

export function applyPatch(doc, ops) {
  let d = clone(doc);
  for (const op of ops) {
    switch (op.op) {
      case "add":
        d = add(d, op.path, clone(op.value));
        break;
      case "remove":
        remove(d, op.path);
        break;
      case "replace":
        if (op.path === "") d = clone(op.value);
        else {
          remove(d, op.path);
          d = add(d, op.path, clone(op.value));
        }
        break;
      case "move": {
        const v = remove(d, op.from);
        d = add(d, op.path, v);
        break;
      }
      case "copy":
        d = add(d, op.path, clone(get(d, op.from)));
        break;
      case "test":
        if (!equal(get(d, op.path), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown patch op ${op.op}`);
    }
  }
  return d;
}
