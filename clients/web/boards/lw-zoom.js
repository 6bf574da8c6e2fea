// boards/lw-zoom.js — zoom and pan of an SVG map by its viewBox: the wheel
// zooms around the pointer, a drag (mouse, pen or one finger) pans, two
// fingers pinch to zoom around their midpoint and pan as they move, the
// + and - buttons zoom around the centre and 1:1 shows the whole map. A
// drag that moved more than a few pixels is not a click (a lit hex under
// it is not played). The view is kept across boards (module state), so a
// reload of the board keeps the player's zoom.

const MAX_ZOOM = 6;
const DRAG_PX = 5;
let kept = null; // {x, y, w, h} of the last map shown

export function zoomable(svg, width, height) {
  const full = { x: 0, y: 0, w: width, h: height };
  let vb = kept && kept.fullW === width ? { ...kept } : { ...full };
  const apply = () => {
    vb.w = Math.min(full.w, Math.max(full.w / MAX_ZOOM, vb.w));
    vb.h = (vb.w * full.h) / full.w;
    vb.x = Math.min(full.w - vb.w, Math.max(0, vb.x));
    vb.y = Math.min(full.h - vb.h, Math.max(0, vb.y));
    svg.setAttribute("viewBox", `${vb.x.toFixed(2)} ${vb.y.toFixed(2)} ${vb.w.toFixed(2)} ${vb.h.toFixed(2)}`);
    svg.dataset.zoom = (full.w / vb.w).toFixed(2);
    kept = { ...vb, fullW: width };
  };
  // A point of the screen in map units, for the current view.
  const toMap = (cx, cy) => {
    const r = svg.getBoundingClientRect();
    return [vb.x + ((cx - r.left) / r.width) * vb.w, vb.y + ((cy - r.top) / r.height) * vb.h];
  };
  // Zooms by f (above 1: closer) keeping the map point under (cx, cy) there.
  const zoomAt = (f, cx, cy) => {
    const r = svg.getBoundingClientRect();
    const [mx, my] = toMap(cx, cy);
    vb.w /= f;
    vb.w = Math.min(full.w, Math.max(full.w / MAX_ZOOM, vb.w));
    vb.h = (vb.w * full.h) / full.w;
    vb.x = mx - ((cx - r.left) / r.width) * vb.w;
    vb.y = my - ((cy - r.top) / r.height) * vb.h;
    apply();
  };
  const panBy = (dx, dy) => {
    const r = svg.getBoundingClientRect();
    vb.x -= (dx / r.width) * vb.w;
    vb.y -= (dy / r.height) * vb.h;
    apply();
  };

  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const px = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaY;
    zoomAt(Math.exp(-px * 0.0015), ev.clientX, ev.clientY);
  }, { passive: false });

  const pointers = new Map(); // id -> {x, y}
  let moved = 0; // pixels the pointers travelled since the first went down
  let pinch = null; // {d, mx, my} of the two fingers
  const two = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
  };
  svg.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    if (!pointers.size) moved = 0;
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 2) pinch = two();
  });
  svg.addEventListener("pointermove", (ev) => {
    const p = pointers.get(ev.pointerId);
    if (!p) return;
    const dx = ev.clientX - p.x, dy = ev.clientY - p.y;
    p.x = ev.clientX;
    p.y = ev.clientY;
    moved += Math.hypot(dx, dy);
    if (pointers.size >= 2 && pinch) {
      const now = two();
      if (pinch.d > 0 && now.d > 0) zoomAt(now.d / pinch.d, now.mx, now.my);
      panBy(now.mx - pinch.mx, now.my - pinch.my);
      pinch = now;
    } else if (pointers.size === 1 && moved > DRAG_PX) {
      if (!svg.hasPointerCapture(ev.pointerId)) svg.setPointerCapture(ev.pointerId);
      panBy(dx, dy);
    }
  });
  const up = (ev) => {
    pointers.delete(ev.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  // A drag or a pinch ends in no click on what lies under it.
  svg.addEventListener("click", (ev) => {
    if (moved > DRAG_PX) {
      ev.stopPropagation();
      ev.preventDefault();
    }
    moved = 0;
  }, true);

  apply();
  return {
    zoomIn: () => { const r = svg.getBoundingClientRect(); zoomAt(1.5, r.left + r.width / 2, r.top + r.height / 2); },
    zoomOut: () => { const r = svg.getBoundingClientRect(); zoomAt(1 / 1.5, r.left + r.width / 2, r.top + r.height / 2); },
    reset: () => { vb = { ...full }; apply(); },
  };
}
