"""Page-load benchmark of the built site against a bare PyScript page, in headless Chromium.

    python bench/site_bench.py [--site site] [--runs 5]

Both pages use the same pinned runtime (PyScript and Pyodide from node_modules, micropip):
  ours  the built site/: loading screen, engine wheel by micropip, ui package, first board
  bare  a page that installs a one-function wheel the same way (micropip, `packages`) and
        prints one line
Each run, for each page: a cold load in a fresh on-disk profile (the page then stays open a
few seconds, --dwell), then a warm load after restarting the browser on the same profile.
Time: navigation start to data-ready="1" on <html> (performance.now() when it was set); for
ours also the first contentful paint, which is the first screen (drawn by the HTML).
A cold visit of ours stays open until its runtime snapshot is stored (assets/runtime.mjs), so
the warm visit restores it.
Bytes: what the HTTP server sent (headers and bodies) for requests that arrived before that
moment. Printed: medians over the runs, and ours / bare. Then bench/click_bench.py: the time
from a click to the updated board over a scripted game.
The outside world is unreachable (host resolver rules), so nothing but 127.0.0.1 is loaded.
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build_site import copy_runtime  # noqa: E402
from tools.chromium import CHROMIUM_ARGS  # noqa: E402
from tools.serve import NoCacheHandler, make_server, start_in_thread  # noqa: E402

# ours / bare, by load (issue 24): a warm visit restores the runtime snapshot.
TARGETS = {"cold_ms": 1.0, "warm_ms": 0.5}
# First paint of our first screen (first contentful paint: the screen is in the HTML), ms.
PAINT_TARGETS = {"cold_paint": 1000, "warm_paint": 300}
CLICK_GAME = "tests/fixtures/games/bank_2p_win.json"
MICROPIP = "micropip-0.11.1-py3-none-any.whl"  # as in the Makefile
# Records when the page became ready: the same probe in both pages. It runs before <html>
# exists, so it watches the whole document.
READY_PROBE = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root && root.getAttribute("data-ready") === "1" && !window.__readyAt) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""

BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script>
</head><body>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body></html>
"""
BARE_CONFIG = """interpreter = "./pyodide/pyodide.mjs"
packages = ["./dist/hello-0.1.0-py3-none-any.whl"]
"""
BARE_MAIN = """from pyscript import document
import hello
print(hello.hello())
document.documentElement.setAttribute("data-ready", "1")
"""


def one_function_wheel() -> tuple[str, bytes]:
    """A valid wheel of a module `hello` with one function."""
    name = "hello-0.1.0-py3-none-any.whl"
    info = "hello-0.1.0.dist-info"
    files = {
        "hello.py": b'def hello():\n    return "hello from a wheel"\n',
        f"{info}/METADATA": b"Metadata-Version: 2.1\nName: hello\nVersion: 0.1.0\n",
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: site_bench\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{path},,\n" for path in files) + f"{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = record.encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), data)
    return name, buffer.getvalue()


def build_bare(out: Path, node_modules: Path, micropip_wheel: Path) -> None:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    copy_runtime(out, node_modules, micropip_wheel)
    name, data = one_function_wheel()
    (out / "dist").mkdir()
    (out / "dist" / name).write_bytes(data)
    (out / "index.html").write_text(BARE_HTML)
    (out / "pyscript.toml").write_text(BARE_CONFIG)
    (out / "main.py").write_text(BARE_MAIN)


class CountingHandler(NoCacheHandler):
    """Records, for each request, when it arrived (epoch s) and how many bytes were sent."""

    log: list[tuple[float, int]]
    lock = threading.Lock()

    def setup(self) -> None:
        super().setup()
        raw = self.wfile
        handler = self

        class Counter(io.RawIOBase):
            def writable(self) -> bool:
                return True

            def write(self, data) -> int:
                handler._sent += len(data)
                return raw.write(data)

            def flush(self) -> None:
                raw.flush()

        self._sent = 0
        self.wfile = Counter()

    def handle_one_request(self) -> None:
        arrived = time.time()
        self._sent = 0
        super().handle_one_request()
        if self._sent:
            with self.lock:
                self.log.append((arrived, self._sent))


def serve(directory: Path):
    handler = type("Handler", (CountingHandler,), {"log": []})
    server = make_server(directory, 0, handler)
    start_in_thread(server)
    return server, handler.log


def load(
    playwright, executable: str, profile: Path, url: str, log: list, dwell_s: float = 0
) -> dict:
    """One navigation in a browser on `profile`: ms to ready and bytes sent before ready.

    After ready, the page stays open `dwell_s` seconds, as a visitor's would: Chrome writes
    compiled WebAssembly to its code cache only some time after compiling it, and a warm
    load finds there what the previous visit left.
    """
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=executable, headless=True, args=CHROMIUM_ARGS
    )
    outside: list[str] = []
    context.on(
        "request",
        lambda r: (
            urlparse(r.url).hostname not in (None, "127.0.0.1")
            and not r.url.startswith(("data:", "blob:"))
            and outside.append(r.url)
        ),
    )
    try:
        context.add_init_script(READY_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        start = len(log)
        page.goto(url)
        page.wait_for_function(
            "window.__readyAt || document.documentElement.getAttribute('data-failed')",
            timeout=120_000,
            polling=50,
        )
        if not page.evaluate("window.__readyAt"):
            error = page.text_content("#load-error-text") or "no message"
            raise SystemExit(f"site_bench: {url} failed to start: {error.strip()}")
        ready_ms, origin_ms, paint_ms = page.evaluate(
            """[window.__readyAt, performance.timeOrigin,
                (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime || 0]"""
        )
        ready_epoch = (origin_ms + ready_ms) / 1000
        sent = sum(n for arrived, n in log[start:] if arrived <= ready_epoch)
        # Let a service worker, if the page has one, finish installing before the browser
        # closes, as a visitor's browser would; not part of the measured time.
        page.wait_for_timeout(dwell_s * 1000)
        # A first visit of ours makes the runtime snapshot once idle (assets/runtime.mjs): a
        # visitor's tab stays open that long; the store happens after ready, so it is not timed.
        snapshot = page.evaluate(
            """async () => window.burgleSnapshot && Promise.race([window.burgleSnapshot,
                 new Promise((resolve) => setTimeout(() => resolve("timed out"), 90000))])"""
        )
        page.evaluate(
            """async () => {
                 const workers = navigator.serviceWorker;
                 if (!workers || !(await workers.getRegistration())) return;
                 const timeout = new Promise((resolve) => setTimeout(resolve, 30000));
                 await Promise.race([workers.ready, timeout]);
               }"""
        )
        runtime = page.get_attribute("html", "data-runtime")
        return {
            "ms": ready_ms,
            "paint": paint_ms,
            "bytes": sent,
            "outside": outside,
            "runtime": runtime,
            "snapshot": snapshot,
        }
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--dwell", type=float, default=5.0, help="seconds a cold visit stays open after ready"
    )
    parser.add_argument("--work", type=Path, default=ROOT / ".bench")
    parser.add_argument("--node-modules", type=Path, default=ROOT / "node_modules")
    parser.add_argument("--micropip-wheel", type=Path, default=ROOT / "build/runtime" / MICROPIP)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args(argv)
    if args.runs < 3:
        parser.error("--runs must be at least 3 (medians)")
    if not (args.site / "index.html").is_file():
        print(f"site_bench: {args.site} is not built; run `make site`", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    bare_dir = args.work / "bare"
    build_bare(bare_dir, args.node_modules, args.micropip_wheel)
    pages = {"ours": args.site, "bare": bare_dir}
    servers = {name: serve(directory) for name, directory in pages.items()}
    results: dict[str, dict[str, list[float]]] = {
        name: {
            "cold_ms": [],
            "warm_ms": [],
            "cold_bytes": [],
            "warm_bytes": [],
            "cold_paint": [],
            "warm_paint": [],
        }
        for name in pages
    }
    outside: list[str] = []
    runtimes: dict[str, list[str]] = {"cold": [], "warm": []}  # how ours started Python
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                order = list(pages) if run % 2 == 0 else list(reversed(pages))
                for name in order:
                    server, log = servers[name]
                    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
                    profile = Path(tempfile.mkdtemp(prefix=f"bench-{name}-", dir=args.work))
                    try:
                        for phase in ("cold", "warm"):
                            dwell = args.dwell if phase == "cold" else 0
                            result = load(playwright, args.chromium, profile, url, log, dwell)
                            results[name][f"{phase}_ms"].append(result["ms"])
                            results[name][f"{phase}_bytes"].append(result["bytes"])
                            results[name][f"{phase}_paint"].append(result["paint"])
                            if name == "ours":
                                runtimes[phase].append(result["runtime"])
                            outside += result["outside"]
                    finally:
                        shutil.rmtree(profile, ignore_errors=True)
                print(
                    f"  run {run + 1}/{args.runs}: "
                    + ", ".join(
                        f"{n} cold {results[n]['cold_ms'][-1]:.0f} ms warm "
                        f"{results[n]['warm_ms'][-1]:.0f} ms"
                        for n in pages
                    ),
                    flush=True,
                )
    finally:
        for server, _ in servers.values():
            server.shutdown()

    med = {n: {k: statistics.median(v) for k, v in r.items()} for n, r in results.items()}
    print(
        f"\nsite bench: headless Chromium, medians of {args.runs} runs; "
        "navigation start -> data-ready, bytes sent by the server before ready"
    )
    print(f"{'page':<10}{'cold ms':>10}{'warm ms':>10}{'cold bytes':>14}{'warm bytes':>12}")
    for name in pages:
        m = med[name]
        print(
            f"{name:<10}{m['cold_ms']:>10.0f}{m['warm_ms']:>10.0f}"
            f"{m['cold_bytes']:>14,.0f}{m['warm_bytes']:>12,.0f}"
        )

    def ratio(key: str) -> float | None:
        return med["ours"][key] / med["bare"][key] if med["bare"][key] else None

    ratios = {key: ratio(key) for key in ("cold_ms", "warm_ms", "cold_bytes", "warm_bytes")}
    cells = [f"{r:.3f}" if r is not None else "n/a" for r in ratios.values()]
    print(f"{'ours/bare':<10}{cells[0]:>10}{cells[1]:>10}{cells[2]:>14}{cells[3]:>12}")
    for key, target in TARGETS.items():
        met = ratios[key] is not None and ratios[key] <= target
        print(f"target ours/bare {key} <= {target}: {'met' if met else 'MISSED'}")
    for key, target in PAINT_TARGETS.items():
        paint = med["ours"][key]
        verdict = "met" if 0 < paint <= target else "MISSED"
        phase = key.split("_")[0]
        print(f"target first screen painted ({phase}): {paint:.0f} ms <= {target}: {verdict}")
    print(f"how ours started Python: {runtimes}")
    if outside:
        print(f"WARNING: {len(outside)} requests outside 127.0.0.1: {sorted(set(outside))[:5]}")
        return 1
    # Then the time from a click to the updated board, over a scripted game (bench/click_bench.py).
    import click_bench

    print()
    click_bench.report(click_bench.run(args.site, click_bench.ROOT / CLICK_GAME, args.chromium))
    return 0


if __name__ == "__main__":
    sys.exit(main())
