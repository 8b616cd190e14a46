/* Makes the runtime snapshot that assets/runtime.mjs restores: a clean Pyodide with the engine
 * and every ui module imported, and nothing else (no page, no JS proxy, no event handler).
 * Message in: {indexURL, wheel, archive}; message out: {bytes} (transferred) or {error}. */
self.onmessage = async (event) => {
  const { indexURL, wheel, archive } = event.data;
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    const [wheelBytes, archiveBytes] = await Promise.all([wheel, archive].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(url + ": " + response.status);
      return new Uint8Array(await response.arrayBuffer());
    }));
    // Where PyScript puts them: the wheel in site-packages, the ui package in the home folder.
    pyodide.unpackArchive(wheelBytes, "wheel", {
      extractDir: pyodide.runPython("import site; site.getsitepackages()[0]"),
    });
    pyodide.unpackArchive(archiveBytes, "zip", { extractDir: "." });
    pyodide.runPython(`
import importlib, pkgutil
import engine, ui
for package in (engine, ui):  # every module, lazy ones too: later clicks find them loaded
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not found.name.endswith("__main__"):  # a command line, not a module to keep
            try:
                importlib.import_module(found.name)
            except Exception:  # a module that needs the page: imported when it runs
                pass
del importlib, pkgutil, engine, ui
`);
    const bytes = pyodide.makeMemorySnapshot();
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};
