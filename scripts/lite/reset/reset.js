// The reset page: put a learner's changed copies of chapters back to the shipped version.
//
// When a file is opened, a copy the learner saved in the browser (../common/storage.js says
// where) wins over the shipped one (api/contents/.../all.json + files/...); removing the key
// makes the shipped version come back. This page lists the saved copies of shipped notebooks
// and removes those the learner picks (both stores). Files the learner made are not touched.
"use strict";

const {SITE, PROGRESS, req, databases} = SITE_STORAGE;
const lang = () => SITE_STORAGE.language(RESET_TEXTS);
const T = RESET_TEXTS[lang()];
function text(key, vars = {}) {
  return T[key].replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
}

// Every path the site ships (notebooks and other files), from the contents index.
async function shipped(dir = "", out = new Set()) {
  const url = new URL(`api/contents/${dir ? dir + "/" : ""}all.json`, SITE);
  const resp = await fetch(url);
  if (!resp.ok) return out;
  for (const item of (await resp.json()).content) {
    if (item.type === "directory") await shipped(item.path, out);
    else out.add(item.path);
  }
  return out;
}

async function savedCopies(name) {
  const db = await req(indexedDB.open(name));
  try {
    if (!db.objectStoreNames.contains("files")) return [];
    const tx = db.transaction("files", "readonly");
    const keys = await req(tx.objectStore("files").getAllKeys());
    const values = await req(tx.objectStore("files").getAll());
    return keys.map((k, i) => ({path: String(k), type: values[i] && values[i].type,
                                modified: values[i] && values[i].last_modified}));
  } finally {
    db.close();
  }
}

async function forget(name, paths) {
  const db = await req(indexedDB.open(name));
  try {
    const stores = ["files", "checkpoints"].filter((s) => db.objectStoreNames.contains(s));
    const tx = db.transaction(stores, "readwrite");
    for (const s of stores) for (const p of paths) tx.objectStore(s).delete(p);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

function show(copies, names) {
  const list = document.getElementById("list");
  list.replaceChildren();
  for (const c of copies) {
    const li = document.createElement("li");
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = c.path;
    box.className = "copy";
    const when = c.modified ? ` (${T.saved} ${new Date(c.modified).toLocaleString()})` : "";
    label.append(box, " ", c.path, when);
    li.append(label);
    list.append(li);
  }
  const form = document.getElementById("copies");
  const button = document.getElementById("reset");
  const all = document.getElementById("all");
  const boxes = () => Array.from(document.querySelectorAll("input.copy"));
  const update = () => {
    button.disabled = !boxes().some((b) => b.checked);
    all.checked = boxes().every((b) => b.checked);
  };
  all.onchange = () => { for (const b of boxes()) b.checked = all.checked; update(); };
  list.onchange = update;
  form.onsubmit = async (e) => {
    e.preventDefault();
    const paths = boxes().filter((b) => b.checked).map((b) => b.value);
    for (const name of names) await forget(name, paths);
    await refresh(text("done", {n: paths.length}));
  };
  form.hidden = copies.length === 0;
  update();
}

async function refresh(message) {
  // the message (e.g. "Done") is shown only once the list is read again
  const status = document.getElementById("status");
  status.textContent = text("loading");
  try {
    const names = await databases();
    const ships = await shipped();
    const copies = [];
    const own = [];
    for (const name of names) {
      for (const c of await savedCopies(name)) {
        if (c.type === "directory" || c.path === PROGRESS) continue;  // the course page's
        (ships.has(c.path) ? copies : own).push(c);
      }
    }
    copies.sort((a, b) => a.path.localeCompare(b.path));
    show(copies, names);
    const ownLine = document.getElementById("own");
    ownLine.hidden = own.length === 0;
    ownLine.textContent = text("own", {files: own.map((c) => c.path).sort().join(", ")});
    status.textContent = [message || "", copies.length ? "" : text("none")].join(" ").trim();
  } catch (err) {
    status.textContent = text("error", {error: err && err.message ? err.message : err});
  }
}

document.documentElement.lang = lang();
document.title = `mp-tutor: ${T.title}`;
for (const e of document.querySelectorAll("[data-text]")) e.textContent = T[e.dataset.text];
for (const a of document.querySelectorAll("nav.langs a")) {
  if (a.dataset.lang === lang()) a.setAttribute("aria-current", "page");
}
refresh();
