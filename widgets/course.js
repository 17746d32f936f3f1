// The installed tutor's course panel (mp_tutor.widgets.course.CoursePanel): the course page in
// each language, the page's words, what is wrong with the learner's store, and each game's
// chapters with their ticks, drawn by course_list.js (the classroom site's course page's own
// code). A link opens its notebook in this JupyterLab: the tutor's JupyterLab extension
// (labextension/, its "links" plugin) opens an <a data-mp-open="PATH"> with docmanager:open;
// its href, the notebook's address in JupyterLab, is for a new tab (or a JupyterLab without
// the extension).

/** The address of a notebook (a path from JupyterLab's root) in this JupyterLab. */
function labUrl(path) {
  let base = "/";
  try {
    const config = document.getElementById("jupyter-config-data");
    base = JSON.parse((config && config.textContent) || "{}").baseUrl || "/";
  } catch (err) {
    base = "/";
  }
  const parts = String(path).split("/").map(encodeURIComponent).join("/");
  return `${base.endsWith("/") ? base : base + "/"}lab/tree/${parts}`;
}

/** A link that opens ``path`` here. */
function openLink(path) {
  return {href: labUrl(path), "data-mp-open": path};
}

let coursePanels = 0;

function render({ model, el }) {
  guardKeys();
  // the ids of this panel's elements (two course pages may be open at once)
  const ids = `mp-course-${++coursePanels}-`;
  const root = node("div", "mp-course");
  const nav = node("nav", "langs");
  const intro = node("p", "intro");
  const status = node("p", "status");
  status.setAttribute("role", "status");
  const games = node("div", "games");
  root.append(nav, intro, status, games);
  el.append(root);

  const drawPage = () => {
    const page = model.get("page") || {};
    const texts = page.texts || {};
    root.lang = page.lang || "";
    nav.setAttribute("aria-label", texts.language || "");
    nav.replaceChildren(...(model.get("languages") || []).map(([code, name, path]) => {
      const link = courseElement("a", {...openLink(path), lang: code}, name);
      if (code === page.lang) link.setAttribute("aria-current", "page");
      return link;
    }));
    intro.textContent = texts.tutor_intro || "";
  };

  const chapterOf = (page, key) => {
    for (const game of page.games || []) {
      const found = (game.chapters || []).find((c) => c.key === key);
      if (found) return found;
    }
    return null;
  };

  const drawStatus = () => {
    const page = model.get("page") || {};
    const forgotten = chapterOf(page, model.get("forgotten"));
    const said = forgotten
      ? courseSay(page.texts || {}, "forgotten", {chapter: courseLabel(forgotten)}) : "";
    status.textContent = [said, model.get("status")].filter(Boolean).join(" ");
  };

  const drawGames = () => {
    const page = model.get("page") || {};
    // the focus stays on the chapter it was on (the list is drawn again when the store changes)
    const had = document.activeElement instanceof Element && games.contains(document.activeElement)
      ? document.activeElement : null;
    const where = had ? had.closest("li[data-key]") : null;
    const key = where ? where.dataset.key : null;
    const goOn = had ? had.classList.contains("go-on") : false;
    games.replaceChildren(...(page.games || []).map((game) => courseSection(
      game, page.lang, page.texts || {}, model.get("progress"), {
        ids,
        link: (chapter) => openLink(chapter.path),
        afresh: (chapter) => model.send({type: "afresh", key: chapter.key}),
      })));
    if (had) {
      const back = goOn ? games.querySelector("a.go-on")
        : key ? games.querySelector(`li[data-key="${CSS.escape(key)}"] a`) : null;
      if (back) back.focus();
    }
  };

  const drawAll = () => { drawPage(); drawStatus(); drawGames(); };
  drawAll();
  const redraw = {
    "change:page": drawAll, "change:languages": drawPage, "change:progress": drawGames,
    "change:forgotten": drawStatus, "change:status": drawStatus,
  };
  for (const [name, fn] of Object.entries(redraw)) model.on(name, fn);
  return () => { for (const [name, fn] of Object.entries(redraw)) model.off(name, fn); };
}

export default { render };
