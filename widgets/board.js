// The live board (anywidget ESM). It knows no game and no rule.
//
// It shows the synced traits: `svg` (the picture, built in Python from the viewer's view
// with the one escaping helper), `side` (side boards, same), `status`, `controls`, `labels`,
// `error`, `ask`, `log`, `presentation`, the coach's `coach_box`, `notes` and `hint_target`
// (the picture's `data-target` values to highlight); every other text is put in with
// textContent. It sends intents: {type: "click", target} (a click on a place of the picture
// that is a `data-target` or a `data-spot`), {type: "choose", i} (the answer number i of
// the question), {type: "play_hint"} (the coach's suggestion), {type: "confirm" | "cancel" |
// "undo" | "redo" | "next" | "present" | "exit" | "back" | "forward" | "hint" |
// "coach_close" | "shown"}, {type: "why" | "cost", i},
// {type: "viewer", viewer}. One sync arrives as one message and redraws the picture once.

function render({ model, el }) {
  el.classList.add("mp-board");
  const present = node("div", "mp-present");
  present.hidden = true;
  const presentTitle = node("div", "mp-present-title");
  const presentText = node("div", "mp-present-text");
  // what the step changed (the goods, the counts), under its narration; both are read out
  // when the step changes
  const presentChanges = node("div", "mp-present-changes");
  const presentNow = node("div", "mp-present-now");
  presentNow.setAttribute("aria-atomic", "true");  // a live region while presenting only
  presentNow.append(presentText, presentChanges);
  const presentCount = node("span", "mp-present-count");
  const backB = button("mp-back");
  const fwdB = button("mp-forward");
  const exitB = button("mp-exit");
  const presentBar = node("div", "mp-present-bar");
  presentBar.append(backB, presentCount, fwdB, exitB);
  present.append(presentTitle, presentNow, presentBar);

  const toolbar = node("div", "mp-toolbar");
  const statusEl = node("div", "mp-status");
  const buttons = node("div", "mp-buttons");
  const hintB = button("mp-hint");
  hintB.hidden = true;
  const undoB = button("mp-undo");
  const redoB = button("mp-redo");
  const nextB = button("mp-next");
  const viewerSel = node("select", "mp-viewer");
  const languageSel = node("select", "mp-language");
  const presentB = button("mp-present-button");
  // the menus (view, language) stay together after the buttons: when the row is too narrow
  // for all, they go onto a second row as one, and no button (Present) is left alone there
  const menus = node("span", "mp-menus");
  menus.append(viewerSel, languageSel);
  buttons.append(hintB, undoB, redoB, nextB, presentB, menus);
  toolbar.append(buttons);
  const errEl = node("div", "mp-error");
  errEl.hidden = true;
  const askEl = node("div", "mp-ask");
  askEl.hidden = true;
  const coachEl = node("div", "mp-coach");
  coachEl.hidden = true;
  const picture = node("div", "mp-picture");
  // the status line and the banners (refusal, question) share a slot of a fixed height
  // above the picture: a banner lies over the status line and, when it needs more room, over
  // the picture's top instead of pushing it down, so the map holds still (or over the bottom
  // of the picture in view, when the top is where the place it is about lies: placeBanner);
  // the coach's box (long, and about a place of the map it must not hide) goes under it
  const slot = node("div", "mp-slot");
  const notices = node("div", "mp-notices");
  notices.append(statusEl);
  const banners = node("div", "mp-banners");
  banners.hidden = true;
  banners.append(errEl, askEl);
  slot.append(notices, banners);
  const stage = node("div", "mp-stage");
  stage.append(picture);
  const sides = node("div", "mp-sides");
  const logWrap = node("div", "mp-log-wrap");
  const logHead = node("div", "mp-log-head");
  const logTitle = node("span", "mp-log-title");
  const logCount = node("span", "mp-log-count");
  logHead.append(logTitle, " ", logCount);
  const logEl = node("ol", "mp-log");
  logWrap.append(logHead, logEl);
  el.replaceChildren(present, toolbar, slot, stage, coachEl, sides, logWrap);
  const send = (msg) => model.send(msg);
  const disposers = [];
  const access = accessBoard({ model, el, picture, stage, send, toolbarMenus: menus,
    after: (fn) => disposers.push(fn) });

  // this board's number in the page, for the ids of its marks' arrowheads
  window.mpMarkBoards = (window.mpMarkBoards || 0) + 1;
  picture.dataset.uid = String(window.mpMarkBoards);
  function drawPicture() {
    const hadFocus = access.beforePicture();
    picture.innerHTML = model.get("svg") || "";
    drawMarks(picture, model.get("marks"));
    access.afterPicture(hadFocus);
    el.dataset.revision = String(model.get("revision"));
    markHint();
  }
  function markHint() {
    // the coach's suggestion: a class on the picture's click targets it names
    const want = new Set(String(model.get("hint_target") || "").split(" ").filter(Boolean));
    el.dataset.hintTarget = Array.from(want).join(" ");
    for (const n of picture.querySelectorAll(".mp-hint")) n.classList.remove("mp-hint");
    if (!want.size) return;
    for (const n of picture.querySelectorAll("[data-target]")) {
      if (want.has(n.dataset.target)) n.classList.add("mp-hint");
    }
  }
  function drawCoach() {
    const CB = model.get("coach_box") || {};
    const Lb = model.get("labels") || {};
    hintB.hidden = !CB.on;
    hintB.textContent = Lb.hint || "Hint";
    hintB.disabled = !CB.can;
    hintB.title = CB.tip || "";
    hintB.classList.toggle("mp-thinking", CB.state === "thinking");
    const open = new Set(Array.from(coachEl.querySelectorAll("details[open]"), (d) => d.dataset.k));
    const parts = [];
    if (CB.state) {
      const box = node("div", "mp-coach-hint");
      box.dataset.state = String(CB.state);
      if (CB.state === "ready") {
        const head = node("div", "mp-coach-head");
        const value = node("span", "mp-coach-value", CB.value);
        const vtext = node("span", "mp-coach-vtext", CB.value_text);
        value.title = vtext.title = CB.value_tip || "";
        head.append(node("span", "mp-coach-title", CB.title), node("span", "mp-coach-move", CB.move),
          value, vtext);
        box.append(head, reasonList(CB.reasons, Lb));
        if ((CB.alternatives || []).length) {
          const alts = node("div", "mp-coach-alts");
          alts.append(node("div", "mp-coach-alt-title", CB.alt_title));
          CB.alternatives.forEach((a, k) => {
            const det = node("details", "mp-coach-alt");
            det.dataset.k = String(k);
            det.open = open.has(String(k));
            const sum = node("summary");
            sum.append(node("span", "mp-coach-move", a.move), node("span", "mp-coach-value", a.value));
            det.append(sum, reasonList(a.reasons, Lb));
            alts.append(det);
          });
          box.append(alts);
        }
      } else {
        box.append(node("span", "mp-coach-state", CB.text));
      }
      // Play this move (the board's act path: checked, judged by a lesson) and Close
      const buttons = node("span", "mp-coach-buttons");
      if (CB.state === "ready" && CB.action) {
        const play = button("mp-coach-play", Lb.play_hint || "Play");
        play.dataset.action = CB.action;
        buttons.append(play);
      }
      if (CB.state !== "thinking") buttons.append(button("mp-coach-close", Lb.close || "x"));
      if (buttons.childElementCount) (box.querySelector(".mp-coach-head") || box).append(buttons);
      parts.push(box);
    }
    const last = CB.last;
    if (last) {
      const note = (model.get("notes") || {})[String(last.i)];
      const line = node("div", "mp-coach-last");
      line.append(node("span", "mp-coach-last-text", last.text));
      if (!answered(note)) line.append(askButton("cost", last.i, note, Lb));
      if (note) line.append(coachNote(note, Lb));
      parts.push(line);
    }
    coachEl.hidden = !parts.length;
    coachEl.replaceChildren(...parts);
  }
  function drawSide() {
    sides.hidden = !model.get("show_side");
    drawSides(sides, model.get("side"));
  }
  function drawBar() {
    const C = model.get("controls") || {};
    const Lb = model.get("labels") || {};
    // the language its words are in (the page says "en"): the board's, and its tutor's (the
    // decision panel, the lesson, the log and the charts beside it)
    el.lang = Lb.lang || "";
    const tutor = el.closest(".mp-tutor");
    if (tutor) tutor.lang = el.lang;
    statusEl.textContent = model.get("status") || "";
    for (const [b, key] of [[undoB, "undo"], [redoB, "redo"], [nextB, "next"]]) {
      b.textContent = Lb[key] || key;
      b.disabled = !C[key];
      b.title = C[`${key}_tip`] || "";
    }
    presentB.textContent = (model.get("presentation") || {}).steps !== undefined ? Lb.exit : Lb.present;
    presentB.hidden = !C.present;
    const viewers = C.viewers || [];
    viewerSel.hidden = viewers.length === 0;
    viewerSel.title = Lb.view || "";
    viewerSel.setAttribute("aria-label", Lb.view || "");
    viewerSel.replaceChildren(...viewers.map(([value, label]) => {
      const o = node("option", "", label);
      o.value = value;
      o.selected = value === C.viewer;
      return o;
    }));
    const languages = C.languages || [];
    languageSel.hidden = !languages.length;  // the kernel sends none if there is one
    languageSel.title = Lb.language || "";
    languageSel.setAttribute("aria-label", Lb.language || "");
    languageSel.replaceChildren(...languages.map(([value, label]) => {
      const o = node("option", "", label);
      o.value = value;
      o.selected = value === C.language;
      return o;
    }));
    backB.textContent = Lb.back || "<";
    fwdB.textContent = Lb.forward || ">";
    exitB.textContent = Lb.exit || "x";
    logTitle.textContent = Lb.log || "";
  }
  function drawError() {
    const E = model.get("error") || {};
    errEl.hidden = !E.message;
    if (!E.message) { placeBanner(); return errEl.replaceChildren(); }
    const rule = node("span", "mp-rule", E.rule ? `${E.rule}${E.section ? ": " + E.section : ""}` : "");
    const ok = button("mp-dismiss", (model.get("labels") || {}).ok || "OK");
    errEl.dataset.kind = E.kind || "";
    errEl.replaceChildren(node("span", "mp-error-icon", "!"), node("span", "mp-error-text", E.message), rule, ok);
    placeBanner();
  }
  function drawAsk() {
    const A = model.get("ask") || {};
    askEl.hidden = !A.kind;
    if (!A.kind) { placeBanner(); return askEl.replaceChildren(); }
    const parts = [node("span", "mp-ask-text", A.text), node("span", "mp-rule", A.rule)];
    (A.choices || []).forEach(([label, action], i) => {
      const b = button("mp-ask-act", label);
      b.dataset.action = action;
      b.dataset.i = String(i);
      parts.push(b);
    });
    parts.push(button("mp-cancel", (model.get("labels") || {}).cancel || "Cancel"));
    askEl.dataset.kind = A.kind;
    const fromBoard = el.contains(document.activeElement);
    askEl.replaceChildren(...parts);
    placeBanner();
    if (fromBoard) askEl.querySelector("button").focus({ preventScroll: true });
  }
  let clicked = "";  // the place of the picture clicked last: a banner about it leaves it in sight
  function placeOf(name) {
    // where a place of the picture is on the screen (its label, the words a learner looks at,
    // where it has one), or null
    if (!name) return null;
    const q = CSS.escape(name);
    const label = picture.querySelector(`[data-label="${q}"]`);
    const parts = label ? [label] : Array.from(picture.querySelectorAll(`[data-target="${q}"], [data-spot="${q}"]`));
    const boxes = parts.map((n) => n.getBoundingClientRect()).filter((r) => r.width || r.height);
    if (!boxes.length) return null;
    return { top: Math.min(...boxes.map((r) => r.top)), bottom: Math.max(...boxes.map((r) => r.bottom)) };
  }
  function placeBanner() {
    // a banner lies over the status line and the picture's top; when it would cover the
    // place it is about (the question's, else the one just clicked), it lies over the bottom
    // of the picture's part in view instead, if it covers less of the place there
    banners.hidden = errEl.hidden && askEl.hidden;
    banners.style.top = "";
    if (banners.hidden) return;
    const place = placeOf((model.get("ask") || {}).target || clicked);
    if (!place) return;
    const b = banners.getBoundingClientRect();
    const covered = (top) => Math.max(0, Math.min(top + b.height, place.bottom) - Math.max(top, place.top));
    if (!covered(b.top)) return;
    const low = Math.min(stage.getBoundingClientRect().bottom, inView().bottom) - b.height;
    if (low > b.top && covered(low) < covered(b.top)) banners.style.top = `${Math.round(low - b.top)}px`;
  }
  function inView() {
    // the part of the screen the board is seen in: the notebook's scrolling area (the nearest
    // of these would be the cell's output area), above the decision panel pinned at its
    // bottom (the stacked layout); its height is the whole area's
    const view = [".jp-WindowedPanel-outer", ".jp-NotebookPanel-notebook", ".jp-OutputArea"]
      .map((s) => el.closest(s)).find(Boolean);
    const r = view ? view.getBoundingClientRect() : { top: 0, bottom: window.innerHeight, height: window.innerHeight };
    const panel = el.closest(".mp-tutor")?.querySelector(".mp-decision-panel");
    const pinned = panel && getComputedStyle(panel).position === "sticky" ? panel.getBoundingClientRect().top : Infinity;
    return { top: Math.max(r.top, 0), bottom: Math.min(r.bottom, window.innerHeight, pinned),
      height: Math.min(window.innerHeight, r.height) };
  }
  let shown = -1;
  function drawLog() {
    el.dataset.logTotal = String(model.get("log_total"));
    logWrap.hidden = !model.get("show_log");
    if (!logWrap.hidden) shown = drawLogList(model, logEl, logCount, shown);
  }
  function drawChanges(P) {
    // what the step changed: a player's chip (their colour), what, before -> after, the
    // difference; a screen reader hears the sentence Python wrote
    const S = model.get("static") || {};
    const list = P.changes || [];
    presentChanges.hidden = !list.length;
    if (!list.length) return presentChanges.replaceChildren();
    const ul = node("ul", "mp-change-list");
    for (const c of list) {
      const li = node("li", "mp-change");
      const seen = node("span", "mp-change-seen");
      seen.setAttribute("aria-hidden", "true");
      const who = node("span", "mp-change-who", c.who);
      who.hidden = !c.who;
      if (c.player !== null && c.player !== undefined && S.palette) {
        who.style.background = S.palette[c.player];
        who.style.color = S.ink[c.player];
      }
      const d = Number(c.after) - Number(c.before);
      seen.append(who, node("span", "mp-change-what", c.what), node("span", "mp-change-from", c.before),
        node("span", "mp-change-arrow", "\u2192"), node("span", "mp-change-to", c.after),
        node("span", `mp-change-delta ${d > 0 ? "mp-up" : "mp-down"}`, d > 0 ? `+${d}` : `\u2212${-d}`));
      li.append(seen, node("span", "mp-sr-only", c.said));
      ul.append(li);
    }
    presentChanges.replaceChildren(node("div", "mp-change-title", P.changes_title), ul);
  }
  function drawPresent() {
    const P = model.get("presentation") || {};
    const on = P.steps !== undefined;
    const was = el.classList.contains("mp-presenting");
    el.classList.toggle("mp-presenting", on);
    present.hidden = !on;
    // the step's narration is told while presenting; otherwise the board has its one live
    // region for what the learner did (and one for a refusal)
    if (on) presentNow.setAttribute("aria-live", "polite");
    else presentNow.removeAttribute("aria-live");
    if (was && !on) stopPresenting();
    // turned on from Python (the studio's "Present the script"): full screen too, while the
    // click that asked for it still counts as the person's gesture
    if (on && !was && !presentingSoon && navigator.userActivation?.isActive) fullScreen();
    if (on || was) presentingSoon = false;
    if (on && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
    if (on) {
      presentTitle.textContent = P.title || "";
      presentText.textContent = P.text || "";
      drawChanges(P);
      presentCount.textContent = P.counter || "";
      backB.disabled = !P.back;
      fwdB.disabled = !P.forward;
    }
    drawBar();
    if (was && !on) returnFocus();
  }
  function returnFocus() {
    // left: the focus goes back to Present, where the presentation began, with its ring
    // shown (the focus may come from the browser's own Escape, which leaves full screen)
    if (presentB.hidden) return access.focusTarget();
    presentB.classList.add("mp-focus-ring");
    presentB.focus({ preventScroll: true });
    presentB.scrollIntoView?.({ block: "nearest" });
  }

  function onClick(ev) {
    if (access.onClick(ev)) return;
    const btn = ev.target.closest("button");
    if (btn && el.contains(btn)) {
      clicked = "";
      if (btn.classList.contains("mp-present-button")) startPresenting();
      // a button that goes with its box (a banner's, the coach's Close) leaves the focus on the
      // map: were it lost with the button, JupyterLab would take it and scroll its notebook
      if (["mp-cancel", "mp-dismiss", "mp-coach-close"].some((c) => btn.classList.contains(c))) access.focusTarget();
      const kinds = { "mp-undo": "undo", "mp-redo": "redo", "mp-next": "next", "mp-dismiss": "dismiss",
        "mp-cancel": "cancel", "mp-present-button": "present", "mp-back": "back", "mp-forward": "forward",
        "mp-exit": "exit" };
      for (const [cls, type] of Object.entries(kinds)) if (btn.classList.contains(cls)) return send({ type });
      if (btn.classList.contains("mp-ask-act")) send({ type: "choose", i: Number(btn.dataset.i) });
      if (btn.classList.contains("mp-coach-play")) send({ type: "play_hint" });
      if (btn.classList.contains("mp-hint")) send({ type: "hint" });
      if (btn.classList.contains("mp-coach-close")) send({ type: "coach_close" });
      askCoach(ev, send);
      return;
    }
    // a target of the decision now, or any other place (a "spot"): the kernel says why a
    // click there means nothing now, rather than the click doing nothing
    const g = ev.target.closest("[data-target], [data-spot]");
    if (g && picture.contains(g)) {
      clicked = g.dataset.target || g.dataset.spot;
      send({ type: "click", target: clicked });
    }
  }
  let presentingSoon = false;  // Present pressed: its keys work before the kernel answers
  function startPresenting() {
    presentingSoon = true;
    // a gesture: full screen where the browser allows it (the board covers the notebook
    // in any case), and the keys work at once (the focus is on the board, not on the
    // Present button, which is hidden while presenting)
    el.focus({ preventScroll: true });
    fullScreen();
  }
  function fullScreen() {
    if (el.requestFullscreen && !document.fullscreenElement) el.requestFullscreen().catch(() => {});
  }
  function stopPresenting() {
    if (document.fullscreenElement === el && document.exitFullscreen) document.exitFullscreen().catch(() => {});
  }
  function onFullscreen() {
    // the browser's own Escape leaves full screen first: leave the presentation with it
    if (!document.fullscreenElement && el.classList.contains("mp-presenting")) send({ type: "exit" });
  }
  function presenting() { return presentingSoon || el.classList.contains("mp-presenting"); }
  function presentKey(ev) {
    // the presentation's keys: true when ``ev`` was one of them
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown" || ev.key === "PageDown") send({ type: "forward" });
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp" || ev.key === "PageUp") send({ type: "back" });
    else if (ev.key === "Escape") { stopPresenting(); send({ type: "exit" }); }
    else return false;
    ev.preventDefault();
    return true;
  }
  function onWindowKey(ev) {
    // while presenting, the keys are the presentation's wherever the focus is (JupyterLab may
    // take the focus back to its notebook after the click on Present), and JupyterLab's
    // shortcuts never reach the notebook under the presentation: Tab still moves the focus,
    // Enter and Space still press the focused button (their default actions stay)
    if (!presenting() || /INPUT|SELECT|TEXTAREA/.test(ev.target.tagName) || ev.key === "Tab") return;
    ev.stopPropagation();
    if (presentKey(ev) && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
  }
  function onKey(ev) {
    if (presenting()) return;  // the presentation's keys: onWindowKey
    if (access.onKey(ev)) { ev.preventDefault(); return; }
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const g = ev.target.closest && ev.target.closest("[data-target]");
    if (g && picture.contains(g)) {
      ev.preventDefault();
      clicked = g.dataset.target;
      send({ type: "click", target: clicked });
    }
  }
  function onViewer() { send({ type: "viewer", viewer: viewerSel.value }); }
  function onLanguage() { send({ type: "language", language: languageSel.value }); }
  function fit() {
    // the room the picture has above a decision panel pinned at the bottom of the view
    // (stacked layout), so no click target lies under the panel when the board's top is at
    // the view's top. Where the view is too short for the picture at its least size and the
    // whole panel (1024x768 with JupyterLab's file browser open), the panel only peeks into
    // the room left under the board (its title and what to do), the rest below the view in
    // the page's flow, so scrolling down shows it all and nothing of the board lies under
    // it; with too little room for its title it waits below the view.
    const tutor = el.closest(".mp-tutor");
    const panel = tutor && tutor.querySelector(".mp-decision-panel");
    const viewH = inView().height;
    // the gap kept above the panel, the least share of its own size the picture keeps (so
    // that its smallest names stay readable) and the least peek are the stylesheet's
    const css = getComputedStyle(el);
    const gap = parseFloat(css.getPropertyValue("--mp-fit-gap")) || 0;
    const share = parseFloat(css.getPropertyValue("--mp-fit-least")) || 1;
    const leastPeek = parseFloat(css.getPropertyValue("--mp-fit-peek")) || 0;
    const pinned = panel && getComputedStyle(panel).position === "sticky" ? panel.offsetHeight : 0;
    const svg = picture.querySelector("svg");
    // what the stage shows besides the picture's drawing (borders, a hand of cards)
    const other = svg ? Math.max(stage.offsetHeight - svg.getBoundingClientRect().height, 0) : 0;
    const above = viewH - toolbar.offsetHeight - slot.offsetHeight - other - gap;
    const box = svg?.viewBox?.baseVal;
    const least = box && box.height ? box.height * share : above - pinned;
    const height = Math.max(above - pinned, least);
    el.style.setProperty("--mp-fit-h", `${Math.round(height)}px`);
    watch(tutor);
    watch(panel);
    if (!panel) return;
    // the coach's box under the map is read before the panel: the panel steps down below it
    const room = above - height - coachEl.offsetHeight;
    const peek = room >= leastPeek ? room : 0;
    const hidden = pinned && peek < pinned ? Math.round(pinned - peek) : 0;
    const bottom = hidden ? `${-hidden}px` : "";
    if (panel.style.bottom !== bottom) panel.style.bottom = bottom;
    // waiting below, the panel shows no sliver under the board either (it would show less than
    // its title, and end the board's view in a strip of box): what is left of the view under
    // the board (its top at the view's top) is a margin above the panel
    const main = tutor.querySelector(".mp-tutor-main");
    const rowGap = main ? parseFloat(getComputedStyle(main).rowGap) || 0 : 0;
    const spare = viewH - el.offsetHeight - rowGap;
    const wait = pinned && !peek && spare > 0 ? `${Math.ceil(spare)}px` : "";
    if (panel.style.marginTop !== wait) panel.style.marginTop = wait;
  }
  function joined() {
    // the board in its page: the layout, and the focus kept in the tutor
    const tutor = el.closest(".mp-tutor");
    if (tutor) access.keepFocusIn(tutor);
    if (tutor && el.lang) tutor.lang = el.lang;
    fit();
  }
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(joined);
  const watched = new Set();
  function watch(node) {
    // the board is drawn before it joins the page and the decision panel after it: fit again
    // when either appears or changes size (the tutor grows when its panel arrives)
    if (!observer || !node || watched.has(node)) return;
    watched.add(node);
    observer.observe(node);
  }
  window.addEventListener("resize", fit);
  disposers.push(() => { window.removeEventListener("resize", fit); observer?.disconnect(); });
  watch(el);
  setTimeout(joined, 0);
  el.tabIndex = -1;
  guardKeys();  // the keys pressed in the tutor (its panels too) never reach JupyterLab's notebook
  presentB.addEventListener("blur", () => presentB.classList.remove("mp-focus-ring"));
  el.addEventListener("click", onClick);
  el.addEventListener("keydown", onKey);
  window.addEventListener("keydown", onWindowKey, true);
  document.addEventListener("fullscreenchange", onFullscreen);
  viewerSel.addEventListener("change", onViewer);
  languageSel.addEventListener("change", onLanguage);

  const handlers = [
    ["change:svg", drawPicture], ["change:side change:show_side", drawSide],
    ["change:status change:controls change:labels", drawBar],
    ["change:error", drawError], ["change:ask", drawAsk],
    ["change:log change:log_total change:show_log change:notes", drawLog],
    ["change:hint_target", markHint],
    ["change:coach_box change:notes change:labels", drawCoach],
    ["change:presentation", drawPresent],
    ["change:marks", () => drawMarks(picture, model.get("marks"))],
    ["change:revision", () => { el.dataset.revision = String(model.get("revision")); }],
  ];
  for (const [evts, fn] of handlers) model.on(evts, fn);
  drawBar(); drawError(); drawAsk(); drawPicture(); drawSide(); drawLog(); drawPresent(); drawCoach();
  send({ type: "shown" });  // the board is on a screen (the coach may start its workers)
  return () => {
    for (const [evts, fn] of handlers) model.off(evts, fn);
    el.removeEventListener("click", onClick);
    el.removeEventListener("keydown", onKey);
    window.removeEventListener("keydown", onWindowKey, true);
    document.removeEventListener("fullscreenchange", onFullscreen);
    for (const fn of disposers) fn();
    viewerSel.removeEventListener("change", onViewer);
    languageSel.removeEventListener("change", onLanguage);
  };
}

export default { render };
