// Helpers shared by the widgets' ESM modules (board.js, log.js, side.js): each widget's
// module is this file followed by its own (widgets/esm.py joins them), since an anywidget
// module is one file. Text goes in with textContent only; SVG pictures come escaped from
// Python. It knows no game.

function node(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function button(cls, text, title) {
  const b = node("button", cls, text);
  b.type = "button";
  if (title) b.title = title;
  return b;
}

function logEntry(S, e, Lb) {
  const li = node("li", "mp-log-entry");
  li.dataset.i = String(e.i);
  li.dataset.kind = String(e.kind || "");
  const p = e.player;
  const chip = node("span", "mp-log-chip", p === null || p === undefined ? "·" : (S.initials || [])[p]);
  if (p !== null && p !== undefined && S.palette) {
    chip.style.background = S.palette[p];
    chip.style.color = S.ink[p];
  } else {
    chip.classList.add("mp-log-none");
  }
  li.append(chip, node("span", "mp-log-text", e.text));
  if (e.bot) li.append(node("span", "mp-bot", Lb.bot || ""));
  if (e.rule) {
    const r = node("span", "mp-rule", e.rule);
    r.title = e.section || "";
    li.append(r);
  }
  return li;
}

function drawLogList(model, listEl, countEl, shown) {
  const S = model.get("static") || {};
  const L = model.get("log") || [];
  const total = model.get("log_total");
  countEl.textContent = `(${total})`;
  const Lb = model.get("labels") || {};
  listEl.replaceChildren(...L.map((e) => logEntry(S, e, Lb)));
  if (total !== shown) listEl.scrollTop = listEl.scrollHeight;
  return total;
}

function drawSides(host, side) {
  // only the side boards whose picture changed are drawn again
  const want = (side || []).map(([name, svg]) => [String(name).replace(/[^\w-]/g, ""), svg]);
  const have = new Map(Array.from(host.children).map((c) => [c.dataset.side, c]));
  const keep = [];
  for (const [name, svg] of want) {
    let card = have.get(name);
    if (!card) {
      card = document.createElement("div");
      card.className = "mp-side-card";
      card.dataset.side = name;
    }
    if (card.__svg !== svg) {
      card.innerHTML = svg;
      card.__svg = svg;
    }
    keep.push(card);
  }
  host.replaceChildren(...keep);
}
