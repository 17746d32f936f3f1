// The board without a mouse or without sight (used by board.js; it knows no game).
//
// Keyboard: the picture is one Tab stop (a roving tabindex over its click targets, the
// `data-target` places with a tabindex); the arrow keys go to the place next to it on the
// game's board that lies their way (a bordering district; a stair around the temple), else to
// the nearest target that way, Home and End to the first and last, Enter or Space clicks,
// Escape cancels.
// After every redraw the focus goes back to the same target, or the nearest one left.
// Screen readers: the position in words (the `access` trait, computed in Python from the
// viewer's view) under a Describe control and as the picture's aria-describedby; new events
// in a polite live region, refusals in an assertive one; keys read out the last event, the
// viewer's goods, the pending decision and the points (as lichess's blind mode does); "?"
// lists the keys.

const READ_KEYS = { l: "last", g: "goods", p: "pending", s: "scores" };
const ACTION_KEYS = { u: "undo", r: "redo", n: "next" };

function boardId() {
  // an id for a board's parts, unique in the page: every notebook open at once (and every
  // board of one) loads this module anew, so a count of the module's own would start at 1
  // in each, and a board's picture would be described with another board's words
  const root = document.documentElement;
  const n = Number(root.dataset.mpBoards || 0) + 1;
  root.dataset.mpBoards = String(n);
  return `mp-board-${n}`;
}

function liveRegion(cls, politeness) {
  const r = node("div", `mp-sr-only ${cls}`);
  r.setAttribute("aria-live", politeness);
  r.setAttribute("aria-atomic", "true");
  if (politeness === "polite") r.setAttribute("role", "status");
  return r;
}

function centre(n) {
  const r = n.getBoundingClientRect();
  return { x: (r.left + r.right) * 0.5, y: (r.top + r.bottom) * 0.5 };
}

function scrollerOf(n) {
  // the nearest ancestor that scrolls (the notebook's), else the page
  for (let e = n.parentElement; e; e = e.parentElement) {
    const y = getComputedStyle(e).overflowY;
    if ((y === "auto" || y === "scroll") && e.scrollHeight > e.clientHeight) return e;
  }
  return document.scrollingElement || document.documentElement;
}

function reveal(n, tutor) {
  // the focused place in full sight: in the view, not under the decision panel pinned at the
  // view's bottom (a stacked tutor's); the least scroll that does it, its top first when it
  // cannot all show
  const box = n.getBoundingClientRect();
  // the room kept around it for its focus ring (the stylesheet's)
  const ring = parseFloat(getComputedStyle(n).getPropertyValue("--mp-focus-room")) || 0;
  const scroller = scrollerOf(n);
  const page = scroller === document.scrollingElement || scroller === document.documentElement;
  const view = page ? { top: 0, bottom: innerHeight } : scroller.getBoundingClientRect();
  const top = Math.max(view.top, 0);
  let bottom = Math.min(view.bottom, innerHeight);
  const panel = tutor?.querySelector(".mp-decision-panel");
  if (panel && getComputedStyle(panel).position === "sticky") {
    const p = panel.getBoundingClientRect();
    if (p.top < bottom && p.bottom > top && p.left < box.right && p.right > box.left) bottom = p.top;
  }
  let dy = 0;
  if (box.bottom + ring > bottom) dy = box.bottom + ring - bottom;
  if (box.top - ring - dy < top) dy = box.top - ring - top;
  if (Math.abs(dy) >= 1) scroller.scrollBy({ top: dy });
}

function anchor(n, picture) {
  // where a learner who sees the board reads a place: the middle of the words drawn for it
  // (a district's name, a stair's label), else the middle of its shape
  const id = CSS.escape(n.dataset.target || "");
  const texts = id ? picture.querySelectorAll(`[data-target="${id}"] text`) : [];
  if (!texts.length) return centre(n);
  let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const x of texts) {
    const q = x.getBoundingClientRect();
    if (!q.width && !q.height) continue;
    [l, t, r, b] = [Math.min(l, q.left), Math.min(t, q.top), Math.max(r, q.right), Math.max(b, q.bottom)];
  }
  return l < r ? { x: (l + r) * 0.5, y: (t + b) * 0.5 } : centre(n);
}

// the least cosine between an arrow and the way to a place it may go to: a neighbour (about
// 78°), another place (45°: at the map's edge an arrow does not jump across it)
const NEAR_COS = 0.2;
const FAR_COS = 0.7;

function towards(list, from, dx, dy, picture, ok) {
  // the place of `list` nearest to `from` in the direction (dx, dy), among those `ok(place,
  // cosine of the angle)` accepts: along the direction counts once, across it twice
  let best = null;
  let bestScore = Infinity;
  for (const n of list) {
    const c = anchor(n, picture);
    const [vx, vy] = [c.x - from.x, c.y - from.y];
    const along = vx * dx + vy * dy;
    if (along <= 1 || !ok(n, along / (Math.hypot(vx, vy) || 1))) continue;
    const across = Math.abs(vx * dy) + Math.abs(vy * dx);
    const score = along + across + across;
    if (score < bestScore) { bestScore = score; best = n; }
  }
  return best;
}

function nextTo(cur, list, picture, dx, dy) {
  // the arrow key (dx, dy) from `cur`: the nearest place that way among those next to it on
  // the game's board (`data-next`: the districts that border it, the stairs around the temple,
  // its row and column of the grid, the other cards of the hand); else the nearest place that
  // way
  const from = anchor(cur, picture);
  const near = new Set((cur.dataset.next || "").split(" ").filter(Boolean));
  const others = list.filter((t) => t !== cur);
  return towards(others, from, dx, dy, picture, (n, cos) => near.has(n.dataset.target) && cos > NEAR_COS)
    || towards(others, from, dx, dy, picture, (_n, cos) => cos > FAR_COS);
}

function accessBoard({ model, el, picture, stage, send, toolbarMenus, after }) {
  const id = boardId();
  const say = liveRegion("mp-say", "polite");
  const alarm = liveRegion("mp-alarm", "assertive");
  const summary = node("p", "mp-sr-only mp-summary");
  summary.id = `${id}-summary`;
  picture.setAttribute("role", "group");
  picture.setAttribute("aria-describedby", summary.id);
  // the Describe control and its text, under the picture; the "?" list, over the picture
  const describeB = button("mp-describe-button");
  describeB.setAttribute("aria-expanded", "false");
  describeB.setAttribute("aria-controls", `${id}-described`);
  const keysB = button("mp-keys-button", "?");
  keysB.setAttribute("aria-expanded", "false");
  keysB.setAttribute("aria-controls", `${id}-keys`);
  toolbarMenus.append(describeB, keysB);
  const described = node("section", "mp-described");
  described.id = `${id}-described`;
  described.hidden = true;
  described.tabIndex = -1;
  const keysBox = node("div", "mp-keys");
  keysBox.id = `${id}-keys`;
  keysBox.setAttribute("role", "dialog");
  keysBox.setAttribute("aria-modal", "true");
  keysBox.hidden = true;
  keysBox.tabIndex = -1;
  picture.before(summary);
  stage.after(described);
  stage.append(keysBox);
  el.append(say, alarm);

  let focusKey = "";
  let focusAt = null;
  let lastEvent = null;
  let flip = false;
  const A = () => model.get("access") || {};
  const W = () => A().words || {};

  function speak(region, text) {
    // the same words again are announced again (the region's text changes)
    flip = !flip;
    region.textContent = text ? text + (flip ? "\u00a0" : "") : "";
  }
  // The live regions speak only what the learner did (and what it caused: the bots' replies,
  // a task done, the coach's answer), once: a change the kernel makes by itself (Run All
  // playing a chapter's solution to prove it, then taking it back) is not theirs. Theirs is
  // a change that comes within LISTEN_MS of a key or a click of theirs in the tutor.
  const LISTEN_MS = 10000;
  let heard = -Infinity;
  function theirs() { return performance.now() - heard < LISTEN_MS; }
  function onInput(ev) { if (ev.isTrusted) heard = performance.now(); }
  let told = [];
  let tellTimer = 0;
  function tell(text) {
    // polite, with what else comes in the next moment (the lesson's words follow the board's)
    // as one announcement of sentences
    if (!text || !theirs()) return;
    told.push(String(text).trim());
    clearTimeout(tellTimer);
    tellTimer = setTimeout(() => {
      speak(say, told.map((x) => (/[.!?…:]$/.test(x) ? x : `${x}.`)).join(" "));
      told = [];
    }, 250);
  }
  function targets() {
    return Array.from(picture.querySelectorAll("[data-target][tabindex]"));
  }
  function focusInPicture() {
    const a = document.activeElement;
    return !!a && (a === picture || picture.contains(a)) && !keysBox.contains(a);
  }
  function rove(n, focus) {
    for (const t of targets()) t.tabIndex = -1;
    picture.tabIndex = n ? -1 : 0;
    if (n) {
      n.tabIndex = 0;
      n.setAttribute("aria-describedby", summary.id);
      focusKey = n.dataset.target;
      focusAt = centre(n);
    }
    if (focus) (n || picture).focus({ preventScroll: true });
  }
  function beforePicture() {
    // called before the picture is replaced: was the focus on it?
    return focusInPicture();
  }
  function afterPicture(hadFocus) {
    const list = targets();
    let n = list.find((t) => t.dataset.target === focusKey) || null;
    if (!n && list.length) {
      n = focusAt ? list.reduce((a, b) => {
        const da = centre(a), db = centre(b);
        return Math.hypot(da.x - focusAt.x, da.y - focusAt.y) <= Math.hypot(db.x - focusAt.x, db.y - focusAt.y) ? a : b;
      }) : list[0];
    }
    rove(n, hadFocus);
  }
  function drawWords() {
    const a = A();
    const w = W();
    const d = a.description || {};
    summary.textContent = d.summary || "";
    picture.setAttribute("aria-label", w.board || "");
    describeB.textContent = w.describe || "Describe";
    keysB.title = w.keys_title || "";
    keysB.setAttribute("aria-label", w.keys_title || "?");
    const parts = [node("h3", "mp-described-title", w.description), node("p", "mp-described-summary", d.summary)];
    for (const [head, lines] of d.sections || []) {
      const sec = node("div", "mp-described-part");
      const ul = node("ul");
      for (const line of lines) ul.append(node("li", "", line));
      sec.append(node("h4", "", head), ul);
      parts.push(sec);
    }
    const heads = d.heads || {};
    for (const key of ["goods", "scores"]) {
      if (!d[key]) continue;
      const sec = node("div", "mp-described-part");
      sec.append(node("h4", "", heads[key]), node("p", "", d[key]));
      parts.push(sec);
    }
    const close = button("mp-described-close", w.close || "Close");
    parts.push(close);
    described.replaceChildren(...parts);
    const rows = (a.keys || []).map(([k, what]) => {
      const tr = node("tr");
      tr.append(node("th", "", k), node("td", "", what));
      tr.firstChild.setAttribute("scope", "row");
      return tr;
    });
    const table = node("table", "mp-keys-table");
    table.append(...rows);
    keysBox.setAttribute("aria-label", w.keys_title || "");
    keysBox.replaceChildren(node("div", "mp-keys-title", w.keys_title), table,
      button("mp-keys-close", w.close || "Close"));
    announceEvents(a.events || []);
  }
  function announceEvents(events) {
    const last = events.length ? events[events.length - 1][0] : -1;
    if (lastEvent === null) { lastEvent = last; return; }  // the board just appeared
    const pending = (A().description || {}).pending;
    if (last > lastEvent) {
      for (const [i, text] of events) if (i > lastEvent) tell(text);
      tell(pending);
    } else if (last < lastEvent) {
      tell(W().undone);
      tell(pending);
    }
    lastEvent = last;
  }
  function refusal() {
    // the banner shows it; the assertive region alone says it
    const E = model.get("error") || {};
    if (E.message && theirs()) speak(alarm, E.message);
  }
  function news() {
    // a sentence the kernel adds for the learner's action (a lesson's task done)
    tell((model.get("news") || {}).text);
  }
  let coachSaid = null;  // null: not seen yet (what the board shows when it appears is not news)
  let notesSaid = null;
  function coachNews() {
    // the coach's answers, each told once when it comes (its box and the notes under the log
    // are not live regions: they would speak again at every move)
    const C = model.get("coach_box") || {};
    const key = C.state ? `${C.state}|${C.move || C.text || ""}` : "";
    if (coachSaid !== null && key && key !== coachSaid) {
      if (C.state === "ready") {
        tell([C.title, C.move].filter(Boolean).join(" "));
        tell(C.value && `${C.value} ${C.value_text || ""}`);
      } else tell(C.text);
    }
    coachSaid = key;
    const seen = new Map();
    for (const [i, note] of Object.entries(model.get("notes") || {})) {
      const now = `${note.state}|${note.text || ""}`;
      const first = (note.choices || [])[0];
      if (notesSaid && notesSaid.get(i) !== now && note.state !== "old") {
        tell(note.text || (first ? [first.label, first.move, first.value].filter(Boolean).join(" ") : ""));
      }
      seen.set(i, now);
    }
    notesSaid = seen;
  }
  function read(what) {
    const a = A();
    const d = a.description || {};
    if (what === "last") {
      const ev = a.events || [];
      return speak(say, ev.length ? ev[ev.length - 1][1] : W().nothing);
    }
    speak(say, what === "pending" ? d.summary : d[what]);
  }
  const openedFrom = new Map();  // a box shown -> where the focus was when it opened
  function toggleBox(box, control, open) {
    // open: the focus goes into the box; closed: back where it was when the box opened (else
    // to the map), never to the page (a key pressed there would reach JupyterLab's notebook)
    const had = box.contains(document.activeElement);
    box.hidden = !open;
    control.setAttribute("aria-expanded", String(open));
    if (open) {
      if (!box.contains(document.activeElement)) openedFrom.set(box, document.activeElement);
      box.focus();
      return;
    }
    const back = openedFrom.get(box);
    openedFrom.delete(box);
    if (!had && el.contains(document.activeElement)) return;
    if (back && back.isConnected && el.contains(back) && !back.closest("[hidden]")) back.focus({ preventScroll: true });
    else rove(targets().find((t) => t.dataset.target === focusKey) || targets()[0] || null, true);
    document.activeElement?.scrollIntoView?.({ block: "nearest" });  // in sight again
  }
  function toggleDescribed(open) { toggleBox(described, describeB, open); }
  function toggleKeys(open) { toggleBox(keysBox, keysB, open); }
  // the list of keys is modal: Tab and Shift+Tab go round inside it, Escape anywhere in the
  // tutor closes it (the focus back on "?"), and the focus taken elsewhere (a click) closes it
  function trapKeys(ev) {
    if (ev.key !== "Tab" || keysBox.hidden) return;
    const stops = [keysBox, ...keysBox.querySelectorAll("button, [href], input, select, textarea")];
    const at = stops.indexOf(document.activeElement);
    const next = stops[(at + (ev.shiftKey ? stops.length - 1 : 1)) % stops.length];
    ev.preventDefault();
    next.focus();
  }
  function escapeKeys(ev) {
    if (ev.key !== "Escape" || keysBox.hidden || ev.defaultPrevented) return;
    ev.preventDefault();
    toggleKeys(false);
    keysB.focus();
  }
  function leaveKeys(ev) {
    if (keysBox.hidden || keysBox.contains(ev.target)) return;
    keysBox.hidden = true;
    keysB.setAttribute("aria-expanded", "false");
    openedFrom.delete(keysBox);
  }
  function onClick(ev) {
    const b = ev.target.closest("button");
    if (!b) return false;
    if (b === describeB) { toggleDescribed(described.hidden); return true; }
    if (b === keysB) { toggleKeys(keysBox.hidden); return true; }
    if (b.classList.contains("mp-described-close")) { toggleDescribed(false); describeB.focus(); return true; }
    if (b.classList.contains("mp-keys-close")) { toggleKeys(false); keysB.focus(); return true; }
    return false;
  }
  function onKey(ev) {
    // true when the key was the board's
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return false;
    if (/INPUT|SELECT|TEXTAREA/.test(ev.target.tagName)) return false;
    const key = ev.key;
    if (key === "Escape") {
      if (!keysBox.hidden) { toggleKeys(false); keysB.focus(); return true; }
      if (!described.hidden && described.contains(ev.target)) { toggleDescribed(false); describeB.focus(); return true; }
      const E = model.get("error") || {};
      if (model.get("ask")?.kind || E.message || model.get("hint_target")) {
        send({ type: "cancel" });
        if (!focusInPicture()) rove(targets().find((t) => t.dataset.target === focusKey) || null, true);
        return true;
      }
      return false;
    }
    if (key === "?") { toggleKeys(keysBox.hidden); return true; }
    if (key === "d") { toggleDescribed(described.hidden); return true; }
    if (READ_KEYS[key]) { read(READ_KEYS[key]); return true; }
    if (ACTION_KEYS[key]) { send({ type: ACTION_KEYS[key] }); return true; }
    const inPicture = focusInPicture();
    if (!inPicture) return false;
    const list = targets();
    const cur = list.find((t) => t === document.activeElement) || null;
    const dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
    if (dirs[key]) {
      if (!list.length) return true;
      const next = cur ? nextTo(cur, list, picture, ...dirs[key]) : list[0];
      if (next) rove(next, true);
      return true;
    }
    if (key === "Home" || key === "End") {
      if (list.length) rove(key === "Home" ? list[0] : list[list.length - 1], true);
      return true;
    }
    return false;
  }
  let tutor = null;
  let unkeep = null;
  function keepFocusIn(root) {
    // called when the board is in its tutor (it is drawn before it joins the page)
    if (tutor === root) return;
    tutor = root;
    unkeep = keepTutorFocus(tutor, focusMap);
    tutor.addEventListener("focusin", leaveKeys);
    tutor.addEventListener("keydown", escapeKeys);
    tutor.addEventListener("keydown", onInput, true);
    tutor.addEventListener("pointerdown", onInput, true);
  }
  function focusMap() {
    // the focus on the map: on its place in focus before, else its first, else the picture
    rove(targets().find((t) => t.dataset.target === focusKey) || targets()[0] || null, true);
  }
  function onFocusIn(ev) {
    const t = ev.target.closest && ev.target.closest("[data-target][tabindex]");
    if (!t || !picture.contains(t)) return;
    if (t.tabIndex !== 0) rove(t, false);
    else { focusKey = t.dataset.target; focusAt = centre(t); }
    reveal(t, el.closest(".mp-tutor"));
  }
  picture.addEventListener("focusin", onFocusIn);
  const handlers = [["change:access", drawWords], ["change:error", refusal], ["change:news", news],
    ["change:coach_box change:notes", coachNews]];
  el.addEventListener("keydown", onInput, true);
  el.addEventListener("pointerdown", onInput, true);
  el.addEventListener("focusin", leaveKeys);  // Escape inside the board: onKey
  keysBox.addEventListener("keydown", trapKeys);
  coachNews();
  for (const [evts, fn] of handlers) model.on(evts, fn);
  drawWords();
  after(() => {
    for (const [evts, fn] of handlers) model.off(evts, fn);
    picture.removeEventListener("focusin", onFocusIn);
    unkeep?.();
    for (const node of [el, tutor]) node?.removeEventListener("focusin", leaveKeys);
    tutor?.removeEventListener("keydown", escapeKeys);
    keysBox.removeEventListener("keydown", trapKeys);
    for (const node of [el, tutor]) {
      node?.removeEventListener("keydown", onInput, true);
      node?.removeEventListener("pointerdown", onInput, true);
    }
    clearTimeout(tellTimer);
  });
  return { beforePicture, afterPicture, onKey, onClick, keepFocusIn, focusTarget: focusMap };
}
