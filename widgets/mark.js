// Nothing to see: marks the widget it is shown in (a quick check in a cell of its own, a lesson
// without its board) as the tutor's: the keys pressed there stay in the tutor (common.js's
// guardKeys), and its text is read in the language it is written in (`lang`).

function render({ model, el }) {
  el.hidden = true;
  guardKeys();
  let joining = null;
  const mark = () => {
    const host = el.parentElement?.closest(TUTOR_AREAS);
    if (host) host.lang = model.get("lang") || "";
    return !!host;
  };
  if (!mark() && typeof MutationObserver !== "undefined") {
    // the mark is drawn before its host joins the page: mark it once it has
    joining = new MutationObserver(() => { if (mark()) joining.disconnect(); });
    joining.observe(document.body, { childList: true, subtree: true });
  }
  model.on("change:lang", mark);
  return () => { joining?.disconnect(); model.off("change:lang", mark); };
}

export default { render };
