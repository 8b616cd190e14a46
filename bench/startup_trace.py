"""Where a page load's time goes: a timeline of one cold and one warm load of the built site.

    python bench/startup_trace.py [--site site] [--runs 1]

Headless Chromium on a fresh on-disk profile: a cold load (the page then stays open a few
seconds, as a visitor's would, so that caches and the snapshot get written), then a warm load
after restarting the browser on the same profile, then a third load. For each: when each big
file finished downloading (Resource Timing), each PyScript start-up step (`py:progress`),
our own marks (assets/boot.js and ui/main.py: `burgle:*`), first paint and data-ready.
docs/startup.md reads these figures.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import CHROMIUM_ARGS  # noqa: E402
from tools.serve import make_server, start_in_thread  # noqa: E402

# Records PyScript's progress steps and data-ready with their time, before any page script.
PROBE = """
window.__steps = [];
addEventListener("py:progress", (e) => window.__steps.push([performance.now(), String(e.detail)]));
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root && root.getAttribute("data-ready") === "1" && !window.__readyAt) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""

# Long tasks (main thread busy > 50 ms): while one runs, the page cannot answer a click.
LONG_TASKS = """window.__long = [];
try {
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(
    [e.startTime, e.duration]))).observe({ type: "longtask" });
} catch (e) { /* not supported */ }"""

# A first visit makes the runtime snapshot once the page is idle (assets/runtime.mjs): wait.
WAIT_SNAPSHOT = """async () => window.burgleSnapshot && Promise.race([
  window.burgleSnapshot, new Promise((r) => setTimeout(() => r("timed out"), 90000))])"""

SNAPSHOT_SIZE = """async () => {
  const cache = await caches.open("runtime-snapshots");
  const [request] = await cache.keys();
  return request ? (await (await cache.match(request)).blob()).size : 0;
}"""

COLLECT = """() => {
  const rows = [];
  for (const e of performance.getEntriesByType("resource")) {
    if (e.decodedBodySize < 20000) continue;
    const name = e.name.replace(location.origin, "");
    const size = Math.round(e.decodedBodySize / 1e3) + " kB";
    rows.push([e.startTime, e.responseEnd, "fetch " + name + " (" + size + ")"]);
  }
  for (const [t, step] of window.__steps) rows.push([t, t, "py:progress " + step]);
  for (const m of performance.getEntriesByType("mark")) {
    rows.push([m.startTime, m.startTime, "mark " + m.name]);
  }
  for (const [start, duration] of window.__long) {
    if (duration > 200) rows.push([start, start + duration, "long task (main thread busy)"]);
  }
  for (const p of performance.getEntriesByType("paint")) {
    rows.push([p.startTime, p.startTime, p.name]);
  }
  rows.push([window.__readyAt, window.__readyAt, "data-ready"]);
  rows.sort((a, b) => a[1] - b[1]);
  return rows;
}"""


def one_load(playwright, chromium: str, profile: Path, url: str, dwell_s: float) -> list:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True, args=CHROMIUM_ARGS
    )
    try:
        context.add_init_script(PROBE)
        context.add_init_script(LONG_TASKS)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function("window.__readyAt", timeout=120_000, polling=50)
        rows = page.evaluate(COLLECT)
        runtime = page.get_attribute("html", "data-runtime")
        rows.append([rows[-1][1], rows[-1][1], f"(runtime: {runtime})"])
        page.wait_for_timeout(dwell_s * 1000)
        stored = page.evaluate(WAIT_SNAPSHOT)
        if stored:
            size = page.evaluate(SNAPSHOT_SIZE)
            note = f"(after the load: snapshot {stored}, {size / 2**20:.1f} MiB)"
            rows.append([rows[-1][1], rows[-1][1], note])
        return rows
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--dwell", type=float, default=8.0)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = make_server(args.site, 0)
    start_in_thread(server)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                profile = Path(tempfile.mkdtemp(prefix="startup-trace-"))
                try:
                    for phase in ("cold", "warm", "warm again"):
                        rows = one_load(playwright, args.chromium, profile, url, args.dwell)
                        print(f"\n== {phase} load (ms since navigation start)")
                        for start, end, what in rows:
                            timed = end - start > 1
                            span = f"{start:7.0f}-{end:<7.0f}" if timed else f"{end:15.0f}"
                            print(f"  {span} {what}")
                finally:
                    shutil.rmtree(profile, ignore_errors=True)
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
