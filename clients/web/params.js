// params.js — an offered action's params (PROTOCOL.md "Actions and their
// params") as the chooser, the map and the key list read them. A param
// "by" another has the choices that the other's chosen value opens: its
// "choices_by" has one {"only": [i...]} or {"except": [i...]} per choice
// of the other, indices into its own "choices" (issue 17: Lincoln's War's
// rail move, one shared list of destinations and each general's
// difference). The page knows no rule: only these lists.

// The choices of param p open once `action` holds the values chosen
// before it: all, or for a param "by" another those its value opens (none
// while the other has no value among its choices).
export function openChoices(entry, p, action) {
  if (p.by === undefined) return p.choices;
  const other = (entry.params || []).find((q) => q.name === p.by);
  const i = other ? other.choices.findIndex((c) => c.value === action[p.by]) : -1;
  if (i < 0) return [];
  return p.choices.filter((c, k) => isOpen(p, i, k));
}

// Whether choice k of p is open to choice i of the param p is "by".
export function isOpen(p, i, k) {
  const spec = (p.choices_by || [])[i] || {};
  if (spec.only) return spec.only.includes(k);
  return !(spec.except || []).includes(k);
}

// The entry's params once param `name` has value: that param dropped; a
// param "by" it narrowed to the choices the value opens; and where it is
// itself "by" another, the other narrowed to the choices that open the
// value (a rail destination picked first lists only the generals who may
// go there). The params left depend on nothing.
export function paramsBound(entry, name, value) {
  const params = entry.params || [];
  const p = params.find((q) => q.name === name);
  const plain = (q, choices) => {
    const { by: _b, choices_by: _c, ...rest } = q;
    return { ...rest, choices };
  };
  return params.filter((q) => q.name !== name).map((q) => {
    if (q.by === name) return plain(q, openChoices(entry, q, { [name]: value }));
    if (p && p.by === q.name) {
      const k = p.choices.findIndex((c) => c.value === value);
      return plain(q, q.choices.filter((c, i) => isOpen(p, i, k)));
    }
    return q;
  });
}
