// hidden_frames.mjs — the hidden-information check on the frames each
// page's WebSocket received (test_browser.mjs), independent of the page's
// own code: each connection's views are rebuilt seq by seq from its "view"
// and "patch" frames (RFC 6902, applied here), then compared.
//
// For every seq that all three connections saw, and each side S with its
// opponent O and the spectator:
//   - S's hidden items at that seq are what S's own view holds of its
//     forces and hand that the other non-S viewer's view does not show:
//     the ids of S's subordinates, and S's hand cards (number); none may
//     appear in the third viewer's view (a differential check, as
//     tests/rules/lincolns_war/test_hidden_info.c does in-process);
//   - in O's and the spectator's views, S's player object has no hand or
//     discards, S's forces no star total, and S's units none of the values
//     only their owner sees (activation, attack, defense, promoted);
//   - a face-down battle commitment of S shows its card or CSP to O only
//     once O has committed too (16.3).
// checkHidden throws on the first leak; selfTest shows that it can.

const OWN_ONLY_UNIT = ["activation", "attack", "defense", "promoted"];

function pointer(path) {
  if (path === "") return [];
  return path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function applyOps(doc, ops) {
  let root = structuredClone(doc);
  for (const op of ops) {
    const keys = pointer(op.path);
    if (!keys.length) {
      if (op.op === "replace" || op.op === "add") root = structuredClone(op.value);
      else throw new Error(`patch op ${op.op} on the root`);
      continue;
    }
    let parent = root;
    for (const k of keys.slice(0, -1)) parent = parent[Array.isArray(parent) ? Number(k) : k];
    const last = keys.at(-1);
    if (Array.isArray(parent)) {
      const i = last === "-" ? parent.length : Number(last);
      if (op.op === "add") parent.splice(i, 0, structuredClone(op.value));
      else if (op.op === "remove") parent.splice(i, 1);
      else if (op.op === "replace") parent[i] = structuredClone(op.value);
      else throw new Error(`patch op ${op.op}`);
    } else {
      if (op.op === "add" || op.op === "replace") parent[last] = structuredClone(op.value);
      else if (op.op === "remove") delete parent[last];
      else throw new Error(`patch op ${op.op}`);
    }
  }
  return root;
}

// seq -> view of one connection, from its frames for match `match`.
export function timeline(frames, match) {
  const at = new Map();
  let seq = null, view = null;
  for (const f of frames) {
    let m;
    try { m = JSON.parse(f); } catch { continue; }
    if (m.match !== match) continue;
    if (m.op === "view") {
      seq = m.seq;
      view = m.view;
      at.set(seq, view);
    } else if (m.op === "patch" && view && m.seq === seq + 1) {
      view = applyOps(view, m.patch);
      seq = m.seq;
      at.set(seq, view);
    }
  }
  return at;
}

function handNumbers(view, side) {
  return (view.board?.players?.[side]?.hand || []).map((c) => c.number);
}

function subordinateIds(view, side) {
  const ids = [];
  for (const f of view.board?.forces || [])
    if (f.side === side) for (const u of f.subordinates || []) ids.push(u.id);
  return ids;
}

// The numbers of side's cards a view shows, by where they stand.
function cardsOfSide(view, side) {
  const b = view.board || {};
  const out = [];
  const add = (c) => { if (c && typeof c.number === "number") out.push(c.number); };
  const p = b.players?.[side] || {};
  (p.hand || []).forEach(add);
  add(p.campaign_card);
  if (b.play?.side === side) add(b.play.card);
  add(b.battle?.commitments?.[side]?.resource);
  return out;
}

function idsIn(view) {
  const s = JSON.stringify(view);
  return (id) => s.includes(JSON.stringify(id));
}

function structural(view, side, who, seq) {
  const where = `${who} at seq ${seq}`;
  const p = view.board?.players?.[side] || {};
  if ("hand" in p || "discards" in p) throw new Error(`${where}: the ${side} hand or discards`);
  for (const f of view.board?.forces || []) {
    if (f.side !== side) continue;
    if ("stars" in f) throw new Error(`${where}: the ${side} force at ${f.hex} with its star total`);
    for (const u of [f.co, ...(f.subordinates || [])])
      for (const k of OWN_ONLY_UNIT)
        if (u && k in u) throw new Error(`${where}: ${side} unit ${u.id}'s ${k}`);
  }
  const other = side === "union" ? "confederate" : "union";
  const com = view.board?.battle?.commitments;
  if (com?.[side]?.committed && !com?.[other]?.committed && ("resource" in com[side] || "csp" in com[side]))
    throw new Error(`${where}: the ${side} face-down commitment`);
}

// views: {union, confederate, observer} timelines of one match.
export function checkHidden(views) {
  const sides = ["union", "confederate"];
  let checked = 0;
  for (const [seq, own] of views.union) {
    const all = { union: own, confederate: views.confederate.get(seq), observer: views.observer.get(seq) };
    if (!all.confederate || !all.observer) continue;
    for (const side of sides) {
      const others = [side === "union" ? "confederate" : "union", "observer"];
      for (const [a, b] of [others, [...others].reverse()]) {
        // What side's own view has and viewer a's does not: hidden from a;
        // then viewer b must not have it either.
        const inA = idsIn(all[a]);
        const inB = idsIn(all[b]);
        for (const id of subordinateIds(all[side], side))
          if (!inA(id) && inB(id)) throw new Error(`${b} at seq ${seq}: ${side} subordinate ${id}, hidden from ${a}`);
        const shown = new Set(cardsOfSide(all[b], side));
        const shownA = new Set(cardsOfSide(all[a], side));
        for (const n of handNumbers(all[side], side))
          if (!shownA.has(n) && shown.has(n)) throw new Error(`${b} at seq ${seq}: ${side} card ${n} in hand`);
        structural(all[b], side, b, seq);
      }
      checked++;
    }
  }
  if (!checked) throw new Error("no seq was seen by all three connections");
  return checked;
}

// The check must be able to fail: the Union's own frames, as if the
// spectator had received them, are a leak.
export function selfTest(views) {
  try {
    checkHidden({ union: views.union, confederate: views.confederate, observer: views.union });
  } catch {
    return;
  }
  throw new Error("the hidden-information check passed the Union's own views as the spectator's");
}
