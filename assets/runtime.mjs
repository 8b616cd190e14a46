/* The Python runtime as PyScript loads it (pyscript.toml: interpreter), with a memory snapshot.
 *
 * PyScript imports this module instead of pyodide.mjs and calls its loadPyodide. The first
 * visit boots Pyodide as usual; once the game is ready and the page idle, a worker
 * (assets/snapshot-worker.mjs) boots a second, clean Pyodide, installs the engine and the ui
 * package, imports them, and stores a memory snapshot of it in Cache Storage. Later visits
 * restore that snapshot instead of starting Python and importing our modules again.
 *
 * The snapshot is keyed by SNAPSHOT_KEY (tools/build_site.py: a hash of the runtime's files,
 * the engine wheel and the ui archive), so another build never restores it; Pyodide also
 * checks its own build id. Any failure falls back to the normal start, silently, and the
 * snapshot is made again. The file system is not in a snapshot: PyScript installs the wheel
 * and unpacks the ui archive on every visit as before, over the modules already in memory.
 * Marks `burgle:runtime-*` time the parts (bench/startup_trace.py). */
import { loadPyodide as bootPyodide, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT_KEY = "@@SNAPSHOT_KEY@@";
const SNAPSHOT_INPUTS = "@@SNAPSHOT_INPUTS@@"; // {wheel, archive}: URLs relative to the page
const CACHE = "runtime-snapshots"; // not "burgle-": sw.js deletes those caches on a new build
const INDEX_URL = new URL("./", import.meta.url).href;
const snapshotUrl = new URL("./snapshot-" + SNAPSHOT_KEY + ".bin", INDEX_URL).href;

function mark(name) {
  try { performance.mark(name); } catch (e) { /* profiling only */ }
}

function tell(how) {
  document.documentElement.setAttribute("data-runtime", how);
}

async function openCache() {
  if (typeof caches !== "object") return null;
  try { return await caches.open(CACHE); } catch (e) { return null; } // e.g. opaque origins
}

async function readSnapshot(cache) {
  const hit = await cache.match(snapshotUrl);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

/* Pyodide 314.0.2 sizes the heap at 30 MiB whatever the snapshot needs (pyodide issue 6254):
 * grow it to the snapshot's size before Pyodide copies the snapshot in. */
async function creatorFor(bytes) {
  const { default: createModule } = await import("./pyodide.asm.mjs");
  return async (settings) => {
    const module = await createModule(settings); // compiles and starts the wasm runtime
    mark("burgle:runtime-instantiated");
    if (module.HEAP8.length < bytes.length) module.growMemory(bytes.length);
    return module;
  };
}

async function restore(options, bytes) {
  mark("burgle:runtime-snapshot-read");
  const pyodide = await bootPyodide({
    ...options,
    indexURL: INDEX_URL,
    _loadSnapshot: bytes,
    createPyodideModule: await creatorFor(bytes),
  });
  // Every restore starts from the same memory: give `random` fresh entropy (the engine's RNG
  // lives in the game state and is seeded from the setup, so games do not depend on this).
  pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  return pyodide;
}

export async function loadPyodide(options) {
  mark("burgle:runtime-start");
  const cache = await openCache();
  if (cache) {
    let bytes = null;
    try { bytes = await readSnapshot(cache); } catch (e) { bytes = null; }
    if (bytes) {
      try {
        const pyodide = await restore(options, bytes);
        mark("burgle:runtime-ready");
        tell("snapshot");
        forgetIfFailed(cache);
        return pyodide;
      } catch (error) {
        console.warn("Starting without the saved runtime snapshot:", error);
        await cache.delete(snapshotUrl).catch(() => {});
      }
    }
  }
  // Settles when this visit's snapshot is stored (or not): set now, so a test or the bench
  // can wait for it from the moment the page is ready.
  let settle;
  window.burgleSnapshot = new Promise((resolve) => { settle = resolve; });
  const pyodide = await bootPyodide({ ...options, indexURL: INDEX_URL });
  mark("burgle:runtime-ready");
  tell("boot");
  if (cache) whenReadyAndIdle(() => makeSnapshot(cache, settle));
  else settle("unavailable");
  return pyodide;
}

/* A page that restored the snapshot and then failed to start: the next visit boots normally. */
function forgetIfFailed(cache) {
  const root = document.documentElement;
  const watch = new MutationObserver(() => {
    if (root.getAttribute("data-ready") === "1") watch.disconnect();
    else if (root.getAttribute("data-failed") === "1") {
      watch.disconnect();
      cache.delete(snapshotUrl).catch(() => {});
    }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-failed"] });
}

function whenReadyAndIdle(task) {
  const root = document.documentElement;
  const go = () => {
    const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 200));
    idle(() => task(), { timeout: 2000 });
  };
  if (root.getAttribute("data-ready") === "1") { go(); return; }
  const watch = new MutationObserver(() => {
    if (root.getAttribute("data-ready") !== "1") return;
    watch.disconnect();
    go();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

/* The snapshot is made off the main thread, in a clean interpreter: no page state, no JS
 * proxy or event handler in it. `settle` says how it went ("stored", "failed", ...). */
function makeSnapshot(cache, settle) {
  let worker;
  try {
    worker = new Worker(new URL("../assets/snapshot-worker.mjs", import.meta.url), { type: "module" });
  } catch (e) {
    settle("unavailable");
    return;
  }
  const inputs = SNAPSHOT_INPUTS;
  worker.onmessage = async (event) => {
    worker.terminate();
    const { bytes, error } = event.data;
    if (error || !bytes) {
      console.warn("No runtime snapshot:", error);
      settle("failed");
      return;
    }
    try {
      for (const old of await cache.keys()) await cache.delete(old);
      await cache.put(snapshotUrl, new Response(bytes, {
        headers: { "Content-Type": "application/octet-stream" },
      }));
      settle("stored");
    } catch (e) {
      console.warn("No runtime snapshot:", e);
      settle("failed");
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    console.warn("No runtime snapshot:", event.message);
    settle("failed");
  };
  worker.postMessage({
    indexURL: INDEX_URL,
    wheel: new URL(inputs.wheel, location.href).href,
    archive: new URL(inputs.archive, location.href).href,
  });
}
