// test_patch.mjs — clients/web/patch.js without a browser (node): each RFC
// 6902 op, a patch that fails leaves the held document as it was, and the
// copy on write the board relies on: a patch copies only the containers on
// its paths, every other part of the view stays the same object.
//
//   node test_patch.mjs PATH/TO/patch.js
import { pathToFileURL } from "node:url";
import { deepStrictEqual, strictEqual, notStrictEqual, throws } from "node:assert";

const { applyPatch } = await import(pathToFileURL(process.argv[2]).href);

const view = () => ({
  seq: 1,
  actions: [{ label: "Move", action: { type: "move", to: 703 } }],
  log: ["one"],
  board: { forces: [{ hex: 703, co: { id: "lyon" } }, { hex: 409, co: { id: "hardee" } }],
    cities: [{ id: "richmond", owner: "confederate" }], players: { union: { pc: 20 } } },
});

const cases = [
  [[{ op: "add", path: "/log/-", value: "two" }], (d) => deepStrictEqual(d.log, ["one", "two"])],
  [[{ op: "add", path: "/log/0", value: "zero" }], (d) => deepStrictEqual(d.log, ["zero", "one"])],
  [[{ op: "remove", path: "/board/forces/0" }], (d) => strictEqual(d.board.forces[0].co.id, "hardee")],
  [[{ op: "replace", path: "/board/forces/1/hex", value: 509 }], (d) => strictEqual(d.board.forces[1].hex, 509)],
  [[{ op: "move", from: "/board/forces/0", path: "/board/forces/1" }], (d) => strictEqual(d.board.forces[1].co.id, "lyon")],
  [[{ op: "copy", from: "/board/forces/0", path: "/board/forces/-" }], (d) => deepStrictEqual(d.board.forces[2], d.board.forces[0])],
  [[{ op: "test", path: "/seq", value: 1 }, { op: "replace", path: "/seq", value: 2 }], (d) => strictEqual(d.seq, 2)],
  [[{ op: "add", path: "/board/players/union/csp", value: 3 }], (d) => strictEqual(d.board.players.union.csp, 3)],
  [[{ op: "replace", path: "", value: { seq: 9 } }], (d) => deepStrictEqual(d, { seq: 9 })],
  [[{ op: "add", path: "/a~1b", value: 1 }], (d) => strictEqual(d["a/b"], 1)],
];
for (const [ops, check] of cases) {
  const before = view();
  const kept = JSON.stringify(before);
  const after = applyPatch(before, ops);
  check(after);
  strictEqual(JSON.stringify(before), kept, `${JSON.stringify(ops)} changed the held document`);
}

// A patch that does not apply throws, and what the page holds is unchanged.
for (const ops of [[{ op: "remove", path: "/nothing" }], [{ op: "test", path: "/seq", value: 5 }],
  [{ op: "replace", path: "/log/0", value: "x" }, { op: "add", path: "/board/forces/9", value: 1 }],
  [{ op: "frobnicate", path: "/seq" }], [{ op: "add", path: "/log/x", value: 1 }]]) {
  const before = view();
  const kept = JSON.stringify(before);
  throws(() => applyPatch(before, ops));
  strictEqual(JSON.stringify(before), kept, `the failed ${JSON.stringify(ops)} changed the held document`);
}

// Copy on write: one force moves; the other force, the cities, the actions
// and the log are the same objects; the moved force and its containers
// are new ones.
const before = view();
const after = applyPatch(before, [{ op: "replace", path: "/board/forces/0/hex", value: 704 },
  { op: "replace", path: "/board/forces/0/co/id", value: "lyon2" }]);
strictEqual(after.board.forces[1], before.board.forces[1]);
strictEqual(after.board.cities, before.board.cities);
strictEqual(after.board.players, before.board.players);
strictEqual(after.actions, before.actions);
strictEqual(after.log, before.log);
notStrictEqual(after.board.forces, before.board.forces);
notStrictEqual(after.board.forces[0], before.board.forces[0]);
notStrictEqual(after, before);
strictEqual(before.board.forces[0].hex, 703);
strictEqual(before.board.forces[0].co.id, "lyon");
console.log(`PASS: ${cases.length} patches, 5 refused, copy on write`);
