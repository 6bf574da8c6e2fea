// boards/lw-geometry.js — the Lincoln's War map's hex grid in SVG
// coordinates: flat-topped hexes in columns, odd columns half a hex lower
// ("odd-q"), hexes numbered CCRR as the rules write them (0703).

export const SVG = "http://www.w3.org/2000/svg";
export const S = 20; // hex size: centre to corner
const W = S * 1.5;
const HT = Math.sqrt(3) * S;

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c);
  return el;
}

export function title(text) {
  return s("title", {}, text);
}

export const num = (hex) => Number(hex);
export const col = (hex) => Math.floor(num(hex) / 100);
export const row = (hex) => num(hex) % 100;
export const pad = (hex) => String(num(hex)).padStart(4, "0");

export function centre(hex) {
  const c = col(hex), r = row(hex);
  return [S + W * (c - 1), HT / 2 + HT * (r - 1 + (c % 2 ? 0.5 : 0))];
}

export function corners(hex) {
  const [x, y] = centre(hex);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + S * Math.cos(a)).toFixed(1)},${(y + S * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// The edge two neighbouring hexes share, "0806/0905".
export function hexside(pair) {
  const [a, b] = pair.split("/");
  const [ax, ay] = centre(a), [bx, by] = centre(b);
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const dx = bx - ax, dy = by - ay, d = Math.hypot(dx, dy);
  const px = (-dy / d) * (S / 2), py = (dx / d) * (S / 2);
  return { x1: mx - px, y1: my - py, x2: mx + px, y2: my + py };
}

// The map's size in SVG units for columns c0..c1 and rows r0..r1.
export function extent(m) {
  const [, c1] = m.columns || [1, 25];
  const [, r1] = m.rows || [1, 18];
  return { width: S + W * (c1 - 1) + S, height: HT * (r1 + 0.5) };
}
