// The course page: every game's chapters in the learner's language, each with what is done
// (read from the learner's progress in this browser, ../common/storage.js), a link to the
// chapter to go on with, and a way to start a chapter afresh. Its words and chapters come from
// data.js, which the site's build writes from mp_tutor/core/lessons/course.py; the chapters are
// shown by list.js, the same code as the installed tutor's course panel
// (widgets/course_list.js, copied here by the build).
"use strict";

// the page's language: ?lang=, else that of the chapter the learner worked on last, else the
// browser's (set again once the progress is read)
let LANG = SITE_STORAGE.language(window.COURSE);
let PAGE = window.COURSE[LANG];
let T = PAGE.texts;
const ASKED = new URLSearchParams(location.search).has("lang");

function lastLanguage(progress) {
  let best = null;
  for (const [key, entry] of Object.entries((progress && progress.chapters) || {})) {
    if (!best || entry.updated > best.updated) best = {lang: key.split("/")[1], updated: entry.updated};
  }
  return best && window.COURSE[best.lang] ? best.lang : null;
}

function setLanguage(lang) {
  LANG = lang;
  PAGE = window.COURSE[LANG];
  T = PAGE.texts;
  document.documentElement.lang = LANG;
  document.title = `mp-tutor: ${T.title}`;
  for (const e of document.querySelectorAll("[data-text]")) e.textContent = T[e.dataset.text];
  document.querySelector("nav.langs").setAttribute("aria-label", T.language);
  for (const a of document.querySelectorAll("nav.langs a")) {
    if (a.dataset.lang === LANG) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  document.getElementById("reset").href = `../reset/?lang=${LANG}`;
}

function say(key, vars = {}) {
  return courseSay(T, key, vars);
}

function chapterUrl(chapter) {
  return new URL(`lab/index.html?path=${encodeURIComponent(chapter.path)}`, SITE_STORAGE.SITE).href;
}

// a game's chapters with their ticks (list.js, shared with the installed tutor)
function showGame(game, progress) {
  return courseSection(game, LANG, T, progress, {
    link: (chapter) => ({href: chapterUrl(chapter)}),
    afresh: async (chapter) => {
      await SITE_STORAGE.forget(chapter.key);
      await show(say("forgotten", {chapter: courseLabel(chapter)}));
    },
  });
}

async function show(message = "") {
  const status = document.getElementById("status");
  status.textContent = say("loading");
  let progress = null;
  let problem = "";
  try {
    if (!window.indexedDB || !indexedDB.databases) throw new Error("IndexedDB");
    progress = await SITE_STORAGE.progress();
    const last = ASKED ? null : lastLanguage(progress);
    if (last && last !== LANG) setLanguage(last);
  } catch (err) {
    problem = err && err.message === "IndexedDB" ? say("none_kept")
      : say("unreadable", {error: err && err.message ? err.message : String(err)});
  }
  const games = document.getElementById("games");
  games.replaceChildren(...PAGE.games.map((g) => showGame(g, progress)));
  status.textContent = [message, problem].filter(Boolean).join(" ");
}

setLanguage(LANG);
show();
// back from a chapter (another tab, or the browser's Back button): read the progress again
window.addEventListener("pageshow", (e) => { if (e.persisted) show(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden) show(); });
