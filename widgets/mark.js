// Nothing to see: marks the widget it is shown in (a quick check in a cell of its own, a lesson
// without its board) as the tutor's: the keys pressed there stay in the tutor (common.js's
// guardKeys), and its text is read in the language it is written in (`lang`).

function render({ model, el }) {
  el.hidden = true;
  guardKeys();
  const host = () => el.parentElement?.closest(TUTOR_AREAS);
  const mark = () => {
    const h = host();
    if (h) h.lang = model.get("lang") || "";
  };
  // the mark is drawn before its host joins the page
  const soon = setTimeout(mark, 0);
  model.on("change:lang", mark);
  mark();
  return () => { clearTimeout(soon); model.off("change:lang", mark); };
}

export default { render };
