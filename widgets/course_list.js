// The course's chapters with ticks, as a learner sees them: shared by the classroom site's
// course page (scripts/lite/course/course.js; the site's build ships this file beside it as
// list.js) and the installed tutor's course panel (widgets/course.js, mp_tutor.widgets.course).
// It shows what mp_tutor/core/lessons/course.py gives (a game's chapters, the page's words)
// with the learner's progress in the store's own form (mp_tutor/core/lessons/progress.py:
// {chapters: {key: {done, total, complete}}, next: {"game/lang": id, or null when every
// chapter is done}}): each chapter done, started (how many tasks) or not, where to go on, and
// Start afresh (asked first). Plain functions, no module syntax: a <script> of the site's
// page, or a part of the widget's module. Text goes in with textContent only.

/** A course page's sentence ``key`` with its {placeholders} filled. */
function courseSay(texts, key, vars = {}) {
  return String(texts[key]).replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
}

/** A chapter as the page names it: "04 · Production districts". */
function courseLabel(chapter) {
  return `${chapter.id} · ${chapter.title}`;
}

/** An element with attributes (``class``: its class name) and children (nodes or texts). */
function courseElement(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

/** The chapter a learner goes on with in ``game`` (null: every chapter is done): the one the
 * store says, else the first. */
function courseNext(game, progress, lang) {
  const nextId = progress && progress.next ? progress.next[`${game.name}/${lang}`] : undefined;
  if (nextId === null) return null;
  return game.chapters.find((c) => c.id === nextId) || game.chapters[0];
}

/**
 * A game's part of the course page: its title, where to go on, its chapters with their state.
 * ``hooks.link(chapter)``: the attributes of a link to the chapter (its ``href``...);
 * ``hooks.afresh(chapter)``: start it afresh, once the learner said yes; ``hooks.ids``: what
 * the ids of the page's elements begin with (unique where several pages share a document).
 */
function courseSection(game, lang, texts, progress, hooks) {
  const say = (key, vars) => courseSay(texts, key, vars);
  const el = courseElement;
  const saved = (progress && progress.chapters) || {};
  const anyDone = game.chapters.some((c) => saved[c.key]);
  const next = courseNext(game, progress, lang);
  const heading = `${hooks.ids || ""}game-${game.name}`;
  const section = el("section", {"aria-labelledby": heading});
  section.append(el("h2", {id: heading}, game.title));
  if (next) {
    const text = say(anyDone ? "go_on" : "start", {chapter: courseLabel(next)});
    section.append(el("p", {}, el("a", {...hooks.link(next), class: "go-on"}, text)));
  } else {
    section.append(el("p", {class: "all-done"}, say("all_done")));
  }
  const list = el("ol", {class: "chapters"});
  for (const chapter of game.chapters) {
    const entry = saved[chapter.key];
    const state = !entry ? "todo" : entry.complete ? "done" : "started";
    const item = el("li", {class: state, "data-key": chapter.key});
    if (next && chapter.key === next.key) item.classList.add("next");
    const mark = {done: "✔", started: "➜", todo: ""}[state];
    const words = state === "done" ? say("done")
      : state === "started" ? say("tasks", {n: entry.done, total: entry.total})
        : say("not_started");
    item.append(el("span", {class: "mark", "aria-hidden": "true"}, mark),
                el("a", hooks.link(chapter), courseLabel(chapter)),
                el("span", {class: "state"}, words));
    if (entry) {
      const button = el("button", {type: "button", class: "afresh", title: say("afresh_title")},
                        say("afresh"));
      button.addEventListener("click", () => {
        const question = `${say("confirm", {chapter: courseLabel(chapter)})}\n${say("close_first")}`;
        if (window.confirm(question)) hooks.afresh(chapter);
      });
      item.append(button);
    }
    list.append(item);
  }
  section.append(list);
  return section;
}
