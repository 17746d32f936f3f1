// Helpers shared by the widgets' ESM modules (board.js, log.js, side.js): each widget's
// module is this file followed by its own (widgets/esm.py joins them), since an anywidget
// module is one file. Text goes in with textContent only; SVG pictures come escaped from
// Python. It knows no game.

// The tutor's widgets, wherever they are shown (a chapter's lesson, a quick check in a cell
// of its own, a board alone): a key pressed inside one of them is the tutor's.
const TUTOR_AREAS = ".mp-tutor, .mp-lesson, .mp-quiz, .mp-board, .mp-logview, .mp-sideview, "
  + ".mp-decision-panel, .mp-charts, .mp-course";

function forJupyter(ev) {
  // the keys a learner may still mean for JupyterLab inside the tutor: Save (Ctrl/Cmd+S,
  // with Shift: Save As) and the command palette (Ctrl/Cmd+Shift+C); none acts on a cell
  const key = String(ev.key || "").toLowerCase();
  return (ev.ctrlKey || ev.metaKey) && !ev.altKey && (key === "s" || (ev.shiftKey && key === "c"));
}

function guardKeys() {
  // JupyterLab reads its shortcuts when a key has come up through the page to the document
  // (its keydown listener bubbles). In command mode its selectors match the focused element
  // itself (":focus"), so a mark on an ancestor (data-lm-suppress-shortcuts) does not stop
  // them: "d d" on a decision panel's button deleted the board's cell, Shift+Enter ran it
  // again. Every key pressed inside the tutor stops at the page's root instead, once it has
  // reached every listener of the tutor's (the board's keys, a box's Enter); its default
  // action stays (Tab moves the focus, Enter presses a button, a letter goes into a box).
  // One listener for the page, installed by the first widget shown.
  const root = document.documentElement;
  if (root.dataset.mpKeys) return;
  root.dataset.mpKeys = "guarded";
  root.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (t instanceof Element && t.closest(TUTOR_AREAS) && !forJupyter(ev)) ev.stopPropagation();
  });
}

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

function ruleChips(rules) {
  // [[rule id, rulebook section], ...]: the id shown, the section as its tooltip (as in the log)
  return (rules || []).map(([id, section]) => {
    const r = node("span", "mp-rule", id);
    r.title = section || "";
    return r;
  });
}

function reasonItems(reasons, against) {
  const ul = node("ul", "mp-coach-reasons");
  if (against) ul.classList.add("mp-coach-against");
  for (const r of reasons) {
    const li = node("li", "mp-coach-reason");
    li.dataset.kind = String(r.kind || "");
    li.append(node("span", "mp-coach-reason-text", r.text), ...ruleChips(r.rules));
    ul.append(li);
  }
  return ul;
}

function reasonList(reasons, Lb) {
  // the reasons for a move, then its drawbacks apart (each under its heading)
  const all = reasons || [];
  const pro = all.filter((r) => !r.against);
  const con = all.filter((r) => r.against);
  if (!con.length) return reasonItems(pro, false);
  const d = node("div", "mp-coach-reason-groups");
  if (pro.length) d.append(node("div", "mp-coach-reasons-head", (Lb || {}).reasons_for), reasonItems(pro, false));
  d.append(node("div", "mp-coach-reasons-head", (Lb || {}).drawbacks), reasonItems(con, true));
  return d;
}

function coachChoice(c, Lb) {
  // one choice the coach looked at: who (label), the move in words, its value, its reasons
  const d = node("div", "mp-coach-choice");
  const head = node("div", "mp-coach-choice-head");
  if (c.label) head.append(node("span", "mp-coach-label", c.label));
  head.append(node("span", "mp-coach-move", c.move), node("span", "mp-coach-value", c.value));
  d.append(head);
  if ((c.reasons || []).length) d.append(reasonList(c.reasons, Lb));
  return d;
}

function coachNote(note, Lb) {
  // the coach's answer under a log entry ("why?", "what did that cost?"), or its state
  const d = node("div", "mp-coach-note");
  d.dataset.kind = String(note.kind || "");
  d.dataset.state = String(note.state || "");
  if (note.text) d.append(node("div", "mp-coach-note-text", note.text));
  for (const c of note.choices || []) d.append(coachChoice(c, Lb));
  if ((note.reasons || []).length) d.append(reasonList(note.reasons, Lb));
  return d;
}

function answered(note) {
  // the coach has said what it can (asking again would say the same)
  return !!note && (note.state === "ready" || note.state === "old");
}

function askButton(what, i, note, Lb) {
  // "Why?" (a bot's move) or "What did that cost?" (the learner's): {type: what, i}
  const b = button(`mp-coach-ask mp-${what}`, Lb[what] || what, Lb[`${what}_tip`]);
  b.dataset.ask = what;
  b.dataset.i = String(i);
  b.disabled = !!note && note.state === "thinking";
  return b;
}

function logEntry(S, e, Lb, notes) {
  const li = node("li", "mp-log-entry");
  li.dataset.i = String(e.i);
  li.dataset.kind = String(e.kind || "");
  const p = e.player;
  const chip = node("span", "mp-log-chip", p === null || p === undefined ? "·" : (S.initials || [])[p]);
  chip.setAttribute("aria-hidden", "true");  // the sentence names the player: read once
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
  if (e.coach === "why" || e.coach === "cost") {
    const note = (notes || {})[String(e.i)];
    if (!answered(note)) li.append(askButton(e.coach, e.i, note, Lb));
    if (note) li.append(coachNote(note, Lb));
  }
  return li;
}

function drawLogList(model, listEl, countEl, shown) {
  // the list scrolls: the keyboard reaches it (Tab), the arrow keys scroll it
  listEl.tabIndex = 0;
  listEl.setAttribute("aria-label", (model.get("labels") || {}).log || "");
  const S = model.get("static") || {};
  const L = model.get("log") || [];
  const total = model.get("log_total");
  countEl.textContent = `(${total})`;
  const Lb = model.get("labels") || {};
  const notes = model.get("notes") || {};
  listEl.replaceChildren(...L.map((e) => logEntry(S, e, Lb, notes)));
  if (total !== shown) listEl.scrollTop = listEl.scrollHeight;
  return total;
}

function askCoach(ev, send) {
  // a click on a log entry's "Why?" / "What did that cost?": true if it was one
  const b = ev.target.closest && ev.target.closest("button.mp-coach-ask");
  if (!b || b.disabled) return false;
  send({ type: b.dataset.ask, i: Number(b.dataset.i) });
  return true;
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
