// The focus in a tutor (used by access.js; it knows no game): when the control that has it goes
// (an answer in the decision panel, whose controls the next decision's replace; a button
// hidden or disabled), it moves to the next thing to do, never to the page, where a screen
// reader starts again from the top and the keys would reach the notebook.

const CONTROLS = "button, input, select, textarea, summary";

function usable(n) {
  return !!n && n.isConnected && !n.disabled && !n.closest("[hidden]") && n.getClientRects().length > 0;
}

function keepTutorFocus(tutor, focusMap) {
  // `focusMap()` puts the focus on the board's map; returns what stops it
  let lastFocus = null;
  let lostSince = 0;
  let timer = 0;
  function nextThing() {
    // the decision panel's own controls (not its typed-move box), else the map (its place in
    // focus before, else its first), or the typed-move box when the map has no place to click
    const panel = tutor.querySelector(".mp-decision-panel");
    const controls = panel ? Array.from(panel.querySelectorAll(CONTROLS)).filter(usable) : [];
    const own = controls.find((c) => !c.closest(".mp-typed"));
    if (own) return own.focus();
    const map = tutor.querySelector(".mp-picture [data-target][tabindex]");
    if (map || !controls.length) return focusMap();
    controls[0].focus();
  }
  function lost() {
    // did the control with the focus go? (removed, hidden or disabled; the page has the focus)
    const a = document.activeElement;
    if (!lastFocus || usable(lastFocus) || (a && a !== document.body && a !== lastFocus)) {
      lostSince = 0;
      return;
    }
    // the next decision's controls arrive in parts: wait until the tutor holds still
    lostSince = lostSince || performance.now();
    clearTimeout(timer);
    timer = setTimeout(() => {
      const b = document.activeElement;
      if (lostSince && (!b || b === document.body || b === lastFocus) && !usable(lastFocus)) nextThing();
      lostSince = 0;
    }, 120);
  }
  function onFocus(ev) { lastFocus = ev.target; }
  function onPagePointer(ev) {
    // a click elsewhere on the page: the learner took the focus away themselves
    if (!tutor.contains(ev.target)) lastFocus = null;
  }
  const watch = typeof MutationObserver === "undefined" ? null : new MutationObserver(lost);
  watch?.observe(tutor, { childList: true, subtree: true, attributes: true,
    attributeFilter: ["style", "class", "hidden", "disabled"] });
  tutor.addEventListener("focusin", onFocus);
  document.addEventListener("pointerdown", onPagePointer, true);
  return () => {
    watch?.disconnect();
    clearTimeout(timer);
    tutor.removeEventListener("focusin", onFocus);
    document.removeEventListener("pointerdown", onPagePointer, true);
  };
}
