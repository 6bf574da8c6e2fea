// options.js — a game's options as form inputs, from the welcome's games
// (each option's schema: boolean -> checkbox, enum or choices -> select,
// integer or number -> number, else text), and their values as the
// `options` object of a request. Used by the tournament create form.

import { h } from "./dom.js";

export function optionInputs(game) {
  const inputs = [];
  const box = h("div", { class: "options" });
  for (const [name, o] of Object.entries(game?.options || {})) {
    let input;
    if (o.type === "boolean") input = h("input", { type: "checkbox", checked: !!o.default });
    else if (Array.isArray(o.enum) || Array.isArray(o.choices))
      input = h("select", {}, (o.enum || o.choices).map((c) => {
        const v = typeof c === "object" ? c.value : c;
        return h("option", { value: v, selected: v === o.default }, typeof c === "object" ? c.label ?? v : c);
      }));
    else if (o.type === "integer" || o.type === "number")
      input = h("input", { type: "number", value: o.default ?? "", min: o.minimum, max: o.maximum });
    else input = h("input", { value: o.default ?? "" });
    input.name = name;
    input.dataset.option = name;
    inputs.push({ name, input, o });
    box.append(h("label", { class: o.type === "boolean" ? "check" : "" },
      o.type === "boolean" ? [input, o.label || name] : [o.label || name, input]));
  }
  const values = () => Object.fromEntries(inputs.map(({ name, input, o }) => [name,
    o.type === "boolean" ? input.checked : o.type === "integer" || o.type === "number" ? Number(input.value) : input.value]));
  return { box, values };
}
