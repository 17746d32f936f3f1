// What the site's own pages (course/, reset/) read and change of a learner's files in this
// browser, shared by both.
//
// JupyterLite (0.8) keeps every file a learner saves in IndexedDB, in the database
// "JupyterLite Storage - <baseUrl>" (one per site), object store "files" (key: the file's
// path, value: the file's model: {name, path, type, format, content, last_modified, ...}) and
// "checkpoints" (same keys). The tutor's kernel writes the learner's progress there too, as
// the file .mp-tutor/progress.json (mp_tutor/core/lessons/progress.py).
"use strict";

const SITE_STORAGE = (() => {
  const PREFIX = "JupyterLite Storage - ";
  const SITE = new URL("../", document.currentScript ? document.currentScript.src : location.href);
  const PROGRESS = ".mp-tutor/progress.json";

  function req(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }

  // The site's database name(s): the baseUrl JupyterLite wrote may be a path or a full URL.
  async function databases() {
    const all = await indexedDB.databases();
    return all.map((d) => d.name).filter((name) => name && name.startsWith(PREFIX)
      && new URL(name.slice(PREFIX.length), location.origin).href === SITE.href);
  }

  // Run fn(store) on the "files" store of every site database that has one.
  async function withFiles(mode, fn) {
    const out = [];
    for (const name of await databases()) {
      const db = await req(indexedDB.open(name));
      try {
        if (!db.objectStoreNames.contains("files")) continue;
        const tx = db.transaction("files", mode);
        out.push(await fn(tx.objectStore("files"), name));
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
      } finally {
        db.close();
      }
    }
    return out;
  }

  // A file model's text (JupyterLite stores a kernel's writes as base64).
  function modelText(model) {
    if (!model || model.content === null || model.content === undefined) return null;
    if (model.format === "base64") {
      const bytes = Uint8Array.from(atob(model.content), (c) => c.charCodeAt(0));
      return new TextDecoder().decode(bytes);
    }
    return typeof model.content === "string" ? model.content : JSON.stringify(model.content);
  }

  function withText(model, text) {
    const bytes = new TextEncoder().encode(text);
    const content = model.format === "base64"
      ? btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join("")) : text;
    return {...model, content, size: bytes.length, last_modified: new Date().toISOString()};
  }

  // The learner's progress: {chapters: {key: {done, total, complete, ...}}, next: {...}}, or
  // null when there is none; a file that is not the tutor's is an error.
  async function progress() {
    const found = await withFiles("readonly", (files) => req(files.get(PROGRESS)));
    const model = found.find((m) => m);
    const text = modelText(model);
    if (text === null) return null;
    const data = JSON.parse(text);
    if (!data || data.format !== "mp-tutor-progress" || data.version !== 1) {
      throw new Error(`${PROGRESS} is not a progress file of this tutor`);
    }
    return data;
  }

  // Forget one chapter's progress (key "princes/fr/04"): it opens at its start again, and
  // the learner goes on there (as the tutor's own ProgressStore.forget does).
  async function forget(key) {
    await withFiles("readwrite", async (files) => {
      const model = await req(files.get(PROGRESS));
      const text = modelText(model);
      if (text === null) return;
      const data = JSON.parse(text);
      if (!data || !data.chapters || !(key in data.chapters)) return;
      delete data.chapters[key];
      const cut = key.lastIndexOf("/");
      data.next = {...(data.next || {}), [key.slice(0, cut)]: key.slice(cut + 1)};
      await req(files.put(withText(model, JSON.stringify(data)), PROGRESS));
    });
  }

  // The page's language: ?lang=, else the browser's, among those the page has (else English).
  function language(available) {
    const asked = new URLSearchParams(location.search).get("lang");
    const browser = (navigator.language || "en").slice(0, 2);
    return [asked, browser].find((l) => l && available[l]) || "en";
  }

  return {SITE, PROGRESS, req, databases, withFiles, progress, forget, language};
})();
