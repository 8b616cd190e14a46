"""A soak of the built page, outside the test suite: random clicks or key presses, and after
each one the promises every screen keeps.

    .venv/bin/python tools/page_monkey.py [--site site] [--mode click|keys]
        [--start fresh|crowded|won] [--steps 200] [--seed 1] [--size 390x844] [--locale fr-FR]

`click` picks a visible control that takes input (a button, a tile, a select, the review
slider); `keys` presses Tab, Shift+Tab, Enter, Space, arrows, Home/End, PageUp/Down or Escape.
After each step: no console error and no request off the machine; `data-modal` names the
first open dialog (`ui.dom.MODALS`) and nothing is inert without one; the focus is never in an
inert part nor on an invisible element. The first broken promise stops the run with the last
steps and a screenshot. A click another element intercepts (an open menu over the board) is
counted, not a failure. Scripts like it found a review opened from the end dialog under a
page left inert, and two dialogs the page behind stayed live under.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browserkit import Guard, open_fresh, open_saved, settled  # noqa: E402
from positions import crowded, fixture  # noqa: E402

from tools.chromium import CHROMIUM_ARGS  # noqa: E402
from tools.serve import NoCacheHandler, make_server, start_in_thread  # noqa: E402
from ui.dom import MODALS  # noqa: E402

# Marks each control that takes input now with data-monkey="<n>"; returns [n, tag, what].
CONTROLS = """() => {
  document.querySelectorAll('[data-monkey]').forEach(e => e.removeAttribute('data-monkey'));
  const out = [];
  document.querySelectorAll('button, [data-pos], select, input[type=range]').forEach((el, i) => {
    if (el.disabled || el.closest('[inert]') || el.closest('[hidden]')) return;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width <= 0 || r.height <= 0 || style.visibility === 'hidden') return;
    if (!el.checkVisibility({visibilityProperty: true})) return;  // e.g. in a closed <details>
    el.setAttribute('data-monkey', String(i));
    const what = el.getAttribute('data-cmd') || el.getAttribute('data-action')
      || el.getAttribute('data-pos') || el.textContent.trim().slice(0, 30);
    out.push([String(i), el.tagName, what]);
  });
  return out;
}"""

PROMISES = """(modals) => {
  const root = document.documentElement;
  const modal = root.getAttribute('data-modal') || '';
  const app = document.getElementById('app');
  const inert = [...app.children].filter(c => c.inert).map(c => c.id || c.tagName);
  const open = modals.filter(id => {
    const e = document.getElementById(id);
    return e && !e.hidden;
  });
  const broken = [];
  if (!document.getElementById('load-error').hidden) broken.push('the load error shows');
  if ((open[0] || '') !== modal) broken.push(`data-modal "${modal}" while open: ${open}`);
  if (!modal && inert.length) broken.push(`inert with no dialog open: ${inert}`);
  if (modal && document.getElementById(modal).inert) broken.push('the open dialog is inert');
  const a = document.activeElement;
  if (a && a !== document.body) {
    const r = a.getBoundingClientRect();
    const what = a.outerHTML.slice(0, 80);
    if (a.closest('[inert]')) broken.push('focus inside an inert part: ' + what);
    else if (r.width === 0 && r.height === 0)
      broken.push('focus on an invisible element: ' + what);
  }
  return broken;
}"""

KEYS = ["Tab"] * 6 + ["Shift+Tab"] * 2 + ["Enter"] * 3 + [" ", "Escape"]
KEYS += ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]


def open_start(page: Any, base: str, start: str) -> None:
    if start == "won":
        game = fixture("bank_2p_win.json")
        open_saved(page, base, game["setup"], game["actions"])
    elif start == "crowded":
        code, actions = crowded()
        open_saved(page, base, code, list(actions))
    else:
        open_fresh(page, base)


def click_one(page: Any, rng: random.Random) -> str:
    """Clicks one control; '' when there is none, else what was clicked (with ' (covered)'
    when another element took the click)."""
    controls = page.evaluate(CONTROLS)
    if not controls:
        return ""
    n, tag, what = rng.choice(controls)
    control = page.locator(f"[data-monkey='{n}']")
    try:
        if tag == "SELECT":
            options = control.locator("option").count()
            if options:
                control.select_option(index=rng.randrange(options))
        elif tag == "INPUT":
            control.fill(str(rng.randint(0, int(control.get_attribute("max") or "1"))))
        else:
            control.click(timeout=3000)
    except Exception as err:  # Playwright's timeout: something lies over it
        if "intercepts pointer events" not in str(err):
            raise
        page.keyboard.press("Escape")
        return f"{tag} {what} (covered)"
    return f"{tag} {what}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--mode", choices=("click", "keys"), default="click")
    parser.add_argument("--start", choices=("fresh", "crowded", "won"), default="crowded")
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1280x800", help="viewport, WIDTHxHEIGHT")
    parser.add_argument("--locale", default="en-US")
    parser.add_argument("--shot", type=Path, default=ROOT / "screenshots" / "page_monkey.png")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    width, height = (int(x) for x in args.size.split("x"))
    server = make_server(args.site, 0, NoCacheHandler)
    start_in_thread(server)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    rng = random.Random(args.seed)
    trail: list[str] = []
    covered = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        viewport = {"width": width, "height": height}
        context = browser.new_context(
            viewport=viewport, service_workers="block", locale=args.locale
        )
        guard = Guard()
        guard.protect(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        guard.watch(page)
        open_start(page, base, args.start)
        for step in range(args.steps):
            if args.mode == "keys":
                done = rng.choice(KEYS)
                page.keyboard.press(done)
            else:
                done = click_one(page, rng)
                if not done:
                    break
                covered += done.endswith("(covered)")
            trail.append(done)
            page.wait_for_timeout(100)
            settled(page)
            broken = page.evaluate(PROMISES, list(MODALS)) + guard.errors + guard.outside
            if broken:
                args.shot.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(args.shot))
                print(
                    f"step {step}: {broken}\n  last steps: {trail[-10:]}\n  screenshot: {args.shot}"
                )
                return 1
        browser.close()
    print(
        f"{args.mode} x{len(trail)} from {args.start} at {args.size} ({args.locale}), seed "
        f"{args.seed}: every promise held"
        + (f" ({covered} click(s) landed on something over the control)" if covered else "")
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
