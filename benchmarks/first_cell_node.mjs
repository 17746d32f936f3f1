// A chapter's first cell in Pyodide in Node.js, with a built site's Pyodide and wheels (its
// bytecode included), as the site's kernel runs it, without a browser:
//   node benchmarks/first_cell_node.mjs SITE_DIR [CHAPTER] [GAME] [LANG]
// Loads Pyodide from SITE_DIR/static/pyodide/, every package of its lock, starts the kernel
// as the site's kernel worker does (`import piplite.piplite`, `import pyodide_kernel`), then
// runs the first cell in the kernel: importing the lesson panel, then making the chapter's
// panel (its widgets' messages go nowhere). Prints one line of JSON: seconds for each step.
// benchmarks/bench_first_cell.py --node SITE_DIR runs it in fresh processes.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, chapter = "04", game = "princes", lang = "en"] = process.argv.slice(2);
if (!site) {
  console.error("usage: node first_cell_node.mjs SITE_DIR [CHAPTER] [GAME] [LANG]");
  process.exit(2);
}
const indexURL = path.resolve(site, "static", "pyodide") + path.sep;
const times = {};
let t = performance.now();
const lap = (name) => {
  const now = performance.now();
  times[name] = (now - t) / 1000;
  t = now;
};
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL });
lap("pyodide");
const lock = await import(pathToFileURL(path.join(indexURL, "pyodide-lock.json")).href,
  { with: { type: "json" } });
await pyodide.loadPackage(Object.keys(lock.default.packages), { messageCallback: () => {} });
lap("packages");
pyodide.runPython("import piplite.piplite, pyodide_kernel");
lap("kernel");
const cell = `
import time as _t
_t0 = _t.perf_counter()
from mp_tutor.widgets.lesson_panel import LessonPanel
_t1 = _t.perf_counter()
from mp_tutor.core.i18n import set_language as _sl
_sl(${JSON.stringify(lang)})
lesson = LessonPanel(${JSON.stringify(chapter)}, game=${JSON.stringify(game)})
_cell_times = (_t1 - _t0, _t.perf_counter() - _t1)
`;
await pyodide.runPythonAsync(`
import pyodide_kernel
shell = pyodide_kernel.ipython_shell
shell.send_comm = lambda *args, **kwargs: None
await pyodide_kernel.kernel_instance.run(${JSON.stringify(cell)})
if shell._last_traceback is not None:
    raise RuntimeError(str(shell._last_traceback))
`);
const [imp, panel] = pyodide.runPython("_cell_times = shell.user_ns['_cell_times']; _cell_times").toJs();
times.import = imp;
times.panel = panel;
console.log(JSON.stringify(times));
