// The narrated log of a game (anywidget ESM): every event in words, with its rule id.
// Text goes in with textContent only. It knows no game.

function node(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function render({ model, el }) {
  el.classList.add("mp-logview");
  const wrap = node("div", "mp-log-wrap mp-log-alone");
  const head = node("div", "mp-log-head");
  const title = node("span", "mp-log-title");
  const count = node("span", "mp-log-count");
  head.append(title, " ", count);
  const list = node("ol", "mp-log");
  list.setAttribute("aria-live", "polite");
  wrap.append(head, list);
  el.replaceChildren(wrap);
  let shown = -1;

  function draw() {
    const S = model.get("static") || {};
    const L = model.get("log") || [];
    const total = model.get("log_total");
    el.dataset.logTotal = String(total);
    title.textContent = (model.get("labels") || {}).log || "";
    count.textContent = `(${total})`;
    list.replaceChildren(...L.map((e) => {
      const li = node("li", "mp-log-entry");
      li.dataset.i = String(e.i);
      li.dataset.kind = String(e.kind || "");
      const p = e.player;
      const chip = node("span", "mp-log-chip", p === null || p === undefined ? "·" : (S.initials || [])[p]);
      if (p !== null && p !== undefined && S.palette) {
        chip.style.background = S.palette[p];
        chip.style.color = S.ink[p];
      } else chip.classList.add("mp-log-none");
      li.append(chip, node("span", "mp-log-text", e.text));
      if (e.bot) li.append(node("span", "mp-bot", (model.get("labels") || {}).bot || ""));
      if (e.rule) {
        const r = node("span", "mp-rule", e.rule);
        r.title = e.section || "";
        li.append(r);
      }
      return li;
    }));
    if (total !== shown) {
      list.scrollTop = list.scrollHeight;
      shown = total;
    }
  }
  const evts = "change:log change:log_total change:static change:labels";
  model.on(evts, draw);
  draw();
  return () => model.off(evts, draw);
}

export default { render };
