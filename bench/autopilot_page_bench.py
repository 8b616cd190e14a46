"""The autopilot's thinking time per turn in the page: Pyodide in headless Chromium.

    python bench/autopilot_page_bench.py [--site site] [--turns 60]

Calls `window.burgleAutopilotTimes` (ui/autopilot.py `turn_times`: the page's own bot
settings, every seat on autopilot) for Office and Bank Jobs of 2 burglars and prints the
mean and p95 per turn. Target (issue 10): p95 <= 1 s per turn. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import CHROMIUM_ARGS  # noqa: E402
from tools.serve import NoCacheHandler, make_server, start_in_thread  # noqa: E402

TARGET_MS = 1000


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(site: Path, turns: int, chromium: str) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    server = make_server(site, 0, NoCacheHandler)
    start_in_thread(server)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    out: dict[str, list[float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
            for scenario in ("office", "bank"):
                text = page.evaluate(
                    "([s, n, t, seed]) => window.burgleAutopilotTimes(s, n, t, seed)",
                    [scenario, 2, turns, 1],
                )
                out[scenario] = [float(x) for x in json.loads(text)]
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args(argv)
    figures = run(args.site, args.turns, args.chromium)
    worst = 0.0
    for scenario, times in figures.items():
        worst = max(worst, p95(times))
        print(
            f"autopilot in Pyodide, {scenario} 2p, {len(times)} turns: "
            f"mean {statistics.mean(times):.0f} ms, p95 {p95(times):.0f} ms per turn"
        )
    verdict = "met" if worst <= TARGET_MS else "NOT met"
    print(f"target p95 <= {TARGET_MS} ms per turn in the page: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
