// The narrated log of a game (anywidget ESM): every event in words, with its rule id.
// Text goes in with textContent only. It knows no game.

function render({ model, el }) {
  el.classList.add("mp-logview");
  const wrap = node("div", "mp-log-wrap mp-log-alone");
  const head = node("div", "mp-log-head");
  const title = node("span", "mp-log-title");
  const count = node("span", "mp-log-count");
  head.append(title, " ", count);
  const list = node("ol", "mp-log");
  wrap.append(head, list);
  guardKeys();
  el.replaceChildren(wrap);
  let shown = -1;

  function draw() {
    el.dataset.logTotal = String(model.get("log_total"));
    const Lb = model.get("labels") || {};
    el.lang = Lb.lang || "";
    title.textContent = Lb.log || "";
    shown = drawLogList(model, list, count, shown);
  }
  const onClick = (ev) => askCoach(ev, (msg) => model.send(msg));
  el.addEventListener("click", onClick);
  const evts = "change:log change:log_total change:static change:labels change:notes";
  model.on(evts, draw);
  draw();
  return () => { model.off(evts, draw); el.removeEventListener("click", onClick); };
}

export default { render };
