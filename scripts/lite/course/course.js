// The course page: every game's chapters in the learner's language, each with what is done
// (read from the learner's progress in this browser, ../common/storage.js), a link to the
// chapter to go on with, and a way to start a chapter afresh. Its words and chapters come from
// data.js, which the site's build writes from mp_tutor/core/lessons/course.py.
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
  return T[key].replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
}

function chapterUrl(chapter) {
  return new URL(`lab/index.html?path=${encodeURIComponent(chapter.path)}`, SITE_STORAGE.SITE).href;
}

function label(chapter) {
  return `${chapter.id} · ${chapter.title}`;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

function showGame(game, progress) {
  const saved = (progress && progress.chapters) || {};
  const nextId = progress && progress.next ? progress.next[`${game.name}/${LANG}`] : undefined;
  const anyDone = game.chapters.some((c) => saved[c.key]);
  // the store says where to go on (null: every chapter done); nothing kept yet: the first
  const next = nextId === null ? null
    : game.chapters.find((c) => c.id === nextId) || game.chapters[0];
  const section = el("section", {"aria-labelledby": `game-${game.name}`});
  section.append(el("h2", {id: `game-${game.name}`}, game.title));
  if (next) {
    const text = say(anyDone ? "go_on" : "start", {chapter: label(next)});
    section.append(el("p", {}, el("a", {class: "go-on", href: chapterUrl(next)}, text)));
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
                el("a", {href: chapterUrl(chapter)}, label(chapter)),
                el("span", {class: "state"}, words));
    if (entry) {
      const button = el("button", {type: "button", class: "afresh", title: say("afresh_title")},
                        say("afresh"));
      button.addEventListener("click", () => afresh(chapter));
      item.append(button);
    }
    list.append(item);
  }
  section.append(list);
  return section;
}

async function afresh(chapter) {
  if (!window.confirm(`${say("confirm", {chapter: label(chapter)})}\n${say("close_first")}`)) return;
  await SITE_STORAGE.forget(chapter.key);
  await show(say("forgotten", {chapter: label(chapter)}));
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
