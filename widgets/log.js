// The narrated log of the game (anywidget ESM): every event in words, with its rule id.
// Used by the Tutor under the decision panel; the Board can also draw it itself.

function esc(value) {
  return String(value ?? "")
    .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function render({ model, el }) {
  el.classList.add("mp-logview");
  el.innerHTML = `
    <div class="mp-log-wrap mp-log-alone">
      <div class="mp-log-head">What happened <span class="mp-log-count"></span></div>
      <ol class="mp-log" aria-live="polite"></ol>
    </div>`;
  const logEl = el.querySelector(".mp-log");
  const countEl = el.querySelector(".mp-log-count");
  let shown = -1;

  function draw() {
    const S = model.get("static") || {};
    const L = model.get("log") || [];
    const total = model.get("log_total");
    el.dataset.logTotal = String(total);
    countEl.textContent = `(${total} events)`;
    logEl.innerHTML = L.map((e) => {
      const p = e.player;
      const chip = p === null || p === undefined || !S.palette
        ? `<span class="mp-log-chip mp-log-none">-</span>`
        : `<span class="mp-log-chip" style="background:${S.palette[p]};color:${S.ink[p]}">${esc(S.initials[p])}</span>`;
      const section = (S.rules || {})[e.rule] || "";
      const rule = e.rule ? ` <span class="mp-rule" title="${esc(section)}">[${esc(e.rule)}]</span>` : "";
      const bot = e.bot ? ` <span class="mp-bot">bot</span>` : "";
      return `<li class="mp-log-entry" data-i="${e.i}" data-kind="${esc(e.kind)}">${chip}` +
        `<span class="mp-log-text">${esc(e.text)}</span>${bot}${rule}</li>`;
    }).join("");
    if (total !== shown) {
      logEl.scrollTop = logEl.scrollHeight;
      shown = total;
    }
  }

  model.on("change:log", draw);
  model.on("change:log_total", draw);
  model.on("change:static", draw);
  draw();
  return () => {
    model.off("change:log", draw);
    model.off("change:log_total", draw);
    model.off("change:static", draw);
  };
}

export default { render };
