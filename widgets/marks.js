// Marks on the picture (anywidget ESM, joined before board.js): arrows from one place to
// another and highlighted places, drawn over the SVG the kernel sent. A mark names places by
// their `data-target` or `data-spot` value; it is drawn between the centres of their boxes in
// the picture's own coordinates, so it knows no game. `marks`: [{at, to, colour}] ("" `to`:
// a place alone). Its sizes and colours are the stylesheet's (board.css: --mp-mark-*, and the
// classes mp-mark-<colour>), in the picture's units per unit of the picture's width.

const SVGNS = "http://www.w3.org/2000/svg";

function markBox(svg, name) {
  // the box of a place in the picture's coordinates (null if the picture has no such place)
  const sel = `[data-target="${CSS.escape(name)}"], [data-spot="${CSS.escape(name)}"]`;
  const places = Array.from(svg.querySelectorAll(sel));
  if (!places.length || !svg.getScreenCTM) return null;
  const toSvg = svg.getScreenCTM().inverse();
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of places) {
    const b = p.getBBox ? p.getBBox() : null;
    const m = p.getScreenCTM ? p.getScreenCTM() : null;
    if (!b || !m || (!b.width && !b.height)) continue;
    const tm = toSvg.multiply(m);
    for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y + b.height]]) {
      const q = new DOMPoint(x, y).matrixTransform(tm);
      x0 = Math.min(x0, q.x); y0 = Math.min(y0, q.y); x1 = Math.max(x1, q.x); y1 = Math.max(y1, q.y);
    }
  }
  return x0 === Infinity ? null
    : { x: x0, y: y0, w: x1 - x0, h: y1 - y0, cx: (x0 + x1) * 0.5, cy: (y0 + y1) * 0.5 };
}

function svgNode(tag, attrs) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function drawMarks(picture, marks) {
  // (re)draw the marks over the picture's main SVG; nothing of the picture moves
  const svg = picture.querySelector("svg");
  if (!svg) return;
  for (const old of svg.querySelectorAll(".mp-marks")) old.remove();
  if (!marks || !marks.length) return;
  const css = getComputedStyle(picture);
  const size = (name) => parseFloat(css.getPropertyValue(`--mp-mark-${name}`)) || 0;
  const box = svg.viewBox && svg.viewBox.baseVal;
  const unit = box && box.width ? box.width : svg.getBoundingClientRect().width;
  const uid = picture.dataset.uid || "";
  const layer = svgNode("g", { class: "mp-marks", "aria-hidden": "true" });
  const defs = svgNode("defs", {});
  layer.append(defs);
  const head = size("head");
  for (const mark of marks) {
    const colour = mark.colour || "green";
    const a = markBox(svg, mark.at);
    if (!a) continue;
    if (!mark.to) {
      const pad = size("pad") * unit;
      layer.append(svgNode("rect", { class: `mp-mark-place mp-mark-${colour}`, x: a.x - pad, y: a.y - pad,
        width: a.w + pad + pad, height: a.h + pad + pad, rx: pad + pad, "stroke-width": size("line") * unit,
        "data-at": mark.at }));
      continue;
    }
    const b = markBox(svg, mark.to);
    if (!b) continue;
    const id = `mp-arrow-${colour}-${uid}`;
    if (!defs.querySelector(`[id="${id}"]`)) {
      // an arrowhead in the line's own width units, pointing along it
      const m = svgNode("marker", { id, viewBox: "0 0 1 1", refX: 0.6, refY: 0.5, markerWidth: head,
        markerHeight: head, orient: "auto-start-reverse", class: `mp-mark-head mp-mark-${colour}` });
      m.append(svgNode("path", { d: "M 0 0 L 1 0.5 L 0 1 z" }));
      defs.append(m);
    }
    // from near the first place's centre towards the second, stopping short of its centre
    const dx = b.cx - a.cx, dy = b.cy - a.cy, len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(len * size("cut"), size("gap") * unit);
    layer.append(svgNode("line", { class: `mp-mark-arrow mp-mark-${colour}`, x1: a.cx + dx / len * cut,
      y1: a.cy + dy / len * cut, x2: b.cx - dx / len * cut, y2: b.cy - dy / len * cut,
      "stroke-width": size("arrow") * unit, "marker-end": `url(#${id})`, "data-at": mark.at, "data-to": mark.to }));
  }
  svg.append(layer);
}
