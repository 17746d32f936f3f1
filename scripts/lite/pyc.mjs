// Run a job of scripts/lite/pyc_compile.py inside Pyodide in Node.js, so that the site's
// bytecode is compiled by the very interpreter the site's kernel runs (scripts/lite/pyc.py
// starts it):
//   node scripts/lite/pyc.mjs PYODIDE_DIR WORK_DIR JOB.json
// PYODIDE_DIR holds the npm package's pyodide.mjs, pyodide.asm.*, python_stdlib.zip and lock;
// WORK_DIR (a host folder) is mounted at /work, where the job (its name relative to WORK_DIR)
// names its files. Exits with the job's status (1 on a Python error, printed).
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir, job] = process.argv.slice(2);
if (!pyodideDir || !workDir || !job) {
  console.error("usage: node pyc.mjs PYODIDE_DIR WORK_DIR JOB.json");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
// no column ranges in the bytecode (as `python -X no_debug_ranges`): a quarter smaller, and
// only a traceback's ^^^ marks under a library's lines need them
const pyodide = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.mountNodeFS("/work", path.resolve(workDir));
const script = readFileSync(new URL("./pyc_compile.py", import.meta.url), "utf-8");
let status;
try {
  const ns = pyodide.globals.get("dict")();
  ns.set("__name__", "pyc_compile");
  pyodide.runPython(script, { globals: ns, filename: "pyc_compile.py" });
  status = await ns.get("main")(`/work/${job}`);
} catch (err) {
  console.error(String(err));
  status = 1;
}
process.exit(status);
