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
// the cell's two statements run one by one in the kernel, each timed by the wall clock and
// by this process's CPU time (user + system: Pyodide runs on this thread; the CPU time
// counts less of the shared machine's load)
await pyodide.runPythonAsync(`
import pyodide_kernel
shell = pyodide_kernel.ipython_shell
shell.send_comm = lambda *args, **kwargs: None
`);
const run = async (code) => {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await pyodide.runPythonAsync(`
await pyodide_kernel.kernel_instance.run(${JSON.stringify(code)})
if shell._last_traceback is not None:
    raise RuntimeError(str(shell._last_traceback))
`);
  const used = process.cpuUsage(cpu);
  return [(performance.now() - wall) / 1000, (used.user + used.system) / 1e6];
};
[times.import, times.import_cpu] = await run("from mp_tutor.widgets.lesson_panel import LessonPanel");
await run(`from mp_tutor.core.i18n import set_language; set_language(${JSON.stringify(lang)})`);
[times.panel, times.panel_cpu] = await run(`lesson = LessonPanel(${JSON.stringify(chapter)}, game=${JSON.stringify(game)})`);
console.log(JSON.stringify(times));
