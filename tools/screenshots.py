"""`make screenshots`: PNGs of the page at 390x844, 1280x800 and 1920x1080, into screenshots/
(git-ignored): the new-game screen, a started game, a crowded mid-game, safe cracking, the end,
an alarm on the guard's floor, and a watch link (at its start and mid-game).

    python tools/screenshots.py [--site site] [--out screenshots]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from positions import alarm_on_guard_floor, crowded, ending, load, safe_cracking  # noqa: E402

from tools.chromium import CHROMIUM_ARGS  # noqa: E402
from tools.serve import NoCacheHandler, make_server, start_in_thread  # noqa: E402

READY = "html[data-ready='1']"
SIZES = {"phone": (390, 844), "laptop": (1280, 800), "wide": (1920, 1080)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--only", default="", help="comma-separated shot names")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    args.out.mkdir(parents=True, exist_ok=True)
    server = make_server(args.site, 0, NoCacheHandler)
    start_in_thread(server)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    start_code, _ = ending()
    shots = {
        "start": (start_code, ()),
        "crowded": crowded(),
        "safe": safe_cracking(),
        "end": ending(),
        "alarm": alarm_on_guard_floor()[:2],
    }
    only = set(filter(None, args.only.split(",")))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for size, (w, h) in SIZES.items():
                page = browser.new_page(viewport={"width": w, "height": h})
                if not only or "setup" in only:
                    page.goto(base + "index.html")
                    page.wait_for_selector(READY, state="attached", timeout=180_000)
                    page.evaluate("localStorage.clear()")
                    page.goto(base + "index.html")
                    page.wait_for_selector(READY, state="attached", timeout=180_000)
                    page.screenshot(path=str(args.out / f"setup-{size}.png"))
                for name, (code, actions) in shots.items():
                    if only and name not in only:
                        continue
                    load(page, base, code, actions)
                    page.screenshot(path=str(args.out / f"{name}-{size}.png"))
                if not only or "watch" in only:
                    from ui import links

                    code, actions = ending()
                    page.goto(
                        base + "index.html" + links.link_query(code, list(actions)) + "&watch=1"
                    )
                    page.wait_for_selector(READY, state="attached", timeout=180_000)
                    page.screenshot(path=str(args.out / f"watch-{size}.png"))
                    page.locator("#review-slider").fill("57")
                    page.screenshot(path=str(args.out / f"watch57-{size}.png"))
                if not only or "legend" in only:
                    if page.locator("#end").is_visible():
                        page.click("#end [data-cmd='look']")
                    if page.locator("#menu-toggle").is_visible():  # a phone: Legend is in the menu
                        page.click("#menu-toggle")
                    page.click("[data-cmd='legend']")
                    page.screenshot(path=str(args.out / f"legend-{size}.png"))
                page.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
