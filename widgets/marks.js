// Marks on the picture (anywidget ESM, joined before board.js): arrows from one place to
// another and highlighted places, drawn over the SVG the kernel sent. A mark names places by
// their `data-target` or `data-spot` value; it is drawn between the centres of their boxes in
// the picture's own coordinates, so it knows no game. `marks`: [{at, to, colour}] ("" `to`:
// a place alone).

const MARK_COLOURS = { green: "#15781b", red: "#c0392b", blue: "#1f5fbf", yellow: "#b8860b" };
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
  return x0 === Infinity ? null : { x: x0, y: y0, w: x1 - x0, h: y1 - y0, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2 };
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
  const layer = svgNode("g", { class: "mp-marks", "aria-hidden": "true" });
  const defs = svgNode("defs", {});
  layer.append(defs);
  const scale = (svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) ? svg.viewBox.baseVal.width / 700 : 1;
  for (const [name, colour] of Object.entries(MARK_COLOURS)) {
    const m = svgNode("marker", { id: `mp-arrow-${name}-${picture.dataset.uid || ""}`, viewBox: "0 0 10 10", refX: 7,
      refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
    m.append(svgNode("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour }));
    defs.append(m);
  }
  for (const mark of marks) {
    const colour = MARK_COLOURS[mark.colour] || MARK_COLOURS.green;
    const a = markBox(svg, mark.at);
    if (!a) continue;
    if (!mark.to) {
      layer.append(svgNode("rect", { class: "mp-mark-place", x: a.x - 4 * scale, y: a.y - 4 * scale,
        width: a.w + 8 * scale, height: a.h + 8 * scale, rx: 10 * scale, fill: "none", stroke: colour,
        "stroke-width": 5 * scale, "stroke-dasharray": `${10 * scale} ${5 * scale}`, "data-at": mark.at }));
      continue;
    }
    const b = markBox(svg, mark.to);
    if (!b) continue;
    // from the edge of the first place's box towards the second, stopping short of its centre
    const dx = b.cx - a.cx, dy = b.cy - a.cy, len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(len / 4, 18 * scale);
    layer.append(svgNode("line", { class: "mp-mark-arrow", x1: a.cx + dx / len * cut, y1: a.cy + dy / len * cut,
      x2: b.cx - dx / len * cut, y2: b.cy - dy / len * cut, stroke: colour, "stroke-width": 9 * scale,
      "stroke-linecap": "round", opacity: 0.85, "marker-end": `url(#mp-arrow-${mark.colour || "green"}-${picture.dataset.uid || ""})`,
      "data-at": mark.at, "data-to": mark.to }));
  }
  svg.append(layer);
}
