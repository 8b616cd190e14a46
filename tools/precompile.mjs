// Start Pyodide (from node_modules) under Node.js and run tools/precompile.py on the given
// wheels and zips, so their bytecode comes from the browser's own Python.
//   node tools/precompile.mjs ARCHIVE...
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const { loadPyodide } = await import(resolve(root, "node_modules/pyodide/pyodide.mjs"));
const paths = process.argv.slice(2).map((p) => resolve(p));
if (paths.length === 0) {
  console.error("usage: node tools/precompile.mjs ARCHIVE...");
  process.exit(2);
}
const py = await loadPyodide();
py.FS.mkdirTree("/mnt/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/mnt/host");
const namespace = py.globals.get("dict")();
py.runPython(readFileSync(resolve(here, "precompile.py"), "utf8"), { globals: namespace });
const run = namespace.get("main");
console.log(run(py.toPy(paths.map((p) => "/mnt/host" + p))));
