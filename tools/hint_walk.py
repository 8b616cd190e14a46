"""Play a game in the built page by its own Hint, outside the test suite, and print what a
player reads at each step: the status line, the hint's words, the confirm a warning asked,
and the log's newest lines. Reading them beside the board is how one checks that every
sentence is true of the game at that moment.

    .venv/bin/python tools/hint_walk.py [--site site] [--scenario bank] [--players 2]
        [--side basic] [--lost-visual] [--seed 555] [--steps 60] [--size 390x844] [--locale fr-FR]
        [--shots DIR]

Each step presses Hint (the prompt's own Hint while a card asks), then the button it marks;
a warning's confirm is accepted (its words are printed) and the hand-over is passed. The run
stops at the end of the game, after `--steps`, or when the hinted button cannot be pressed
(a screenshot then). `--shots DIR` also keeps a screenshot every ten steps. Walks like this
found a phone's sheet squeezed to nothing under a long hint, a warning that peeked at a
Keypad's roll and at a floor's first patrol card, an Invisible suit's wearer told the
guard would walk in on her, a plan that hacked twice and ended beside the guard on an Event
it could have dodged, a step off the Stairs told only as the way to them, a hinted Crystal
Ball under the pinned End turn of a French phone, a step into a Foyer the guard saw into
that cost a token with no warning, a step next to a guard with the Tiara called out of his
reach, the last End of a lost game told "you would lose a Stealth token" to a burglar
who had none, a log that took a Lavatory's token from the burglar's own count, a goal
naming the Stairs while the plan went through a Service Duct, a look at an Event card the
table had already seen told as "a card nobody has seen yet", steps told "out of the guard's
reach" toward an End that drew the Crash! everybody had seen on top, and a Keypad tried
under the guard with no Stealth left and no word of warning.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browserkit import Guard, open_saved  # noqa: E402

from engine.rules.data import ScenarioId, Side  # noqa: E402
from engine.rules.setup import crew_setup  # noqa: E402
from tools.chromium import CHROMIUM_ARGS  # noqa: E402
from tools.serve import NoCacheHandler, make_server, start_in_thread  # noqa: E402

THINK_MS = 120_000  # a hint in Pyodide on a loaded machine
HTML = "document.documentElement"
# The words the hint left: the board's box, or the prompt's own while a card asks.
HINT_WORDS = """() => {
  for (const id of ['hint-box', 'prompt-why']) {
    const e = document.getElementById(id);
    if (e && !e.hidden && e.textContent) return e.textContent;
  }
  return ''; }"""


def text_of(page: Any, selector: str) -> str:
    return " ".join(page.locator(selector).inner_text().split())


def modal(page: Any) -> str:
    return str(page.evaluate(f"{HTML}.dataset.modal || ''"))


def settle(page: Any) -> None:
    """After a press: drawn, and the hint taken off (or a dialog that asks first)."""
    page.wait_for_function(
        f"{HTML}.dataset.ready === '1' && (!{HTML}.dataset.hint || {HTML}.dataset.modal)",
        timeout=THINK_MS,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--scenario", choices=[s.value for s in ScenarioId], default="bank")
    parser.add_argument("--players", type=int, choices=(1, 2, 3, 4), default=2)
    parser.add_argument("--side", choices=[s.value for s in Side], default="basic")
    parser.add_argument("--lost-visual", action="store_true", help="the Lost Visual variant")
    parser.add_argument("--seed", type=int, default=555)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--size", default="390x844", help="viewport, WIDTHxHEIGHT")
    parser.add_argument("--locale", default="en-US")
    parser.add_argument("--shots", type=Path, default=None)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    scenario, side = ScenarioId(args.scenario), Side(args.side)
    setup = crew_setup(scenario, args.players, side, args.seed, lost_visual=args.lost_visual)
    width, height = (int(x) for x in args.size.split("x"))
    server = make_server(args.site, 0, NoCacheHandler)
    start_in_thread(server)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        context = browser.new_context(
            viewport={"width": width, "height": height}, service_workers="block", locale=args.locale
        )
        guard = Guard()
        guard.protect(context)
        page = context.new_page()
        guard.watch(page)
        open_saved(page, base, setup.to_code(), [])
        for step in range(args.steps):
            if modal(page) == "handover":
                page.click("#handover-go")
                page.wait_for_function(f"{HTML}.dataset.modal !== 'handover'")
            if modal(page) == "end" or page.locator("#hint").is_disabled():
                print(f"[{step}] the game is over: {text_of(page, '#status')}")
                break
            print(f"[{step}] {text_of(page, '#status')}")
            page.click("#prompt-hint" if modal(page) == "prompt" else "#hint")
            page.wait_for_function(f"{HTML}.dataset.hint", timeout=THINK_MS)
            hinted = str(page.evaluate(f"{HTML}.dataset.hint"))
            print(f"    {hinted} | {' '.join(str(page.evaluate(HINT_WORDS)).split())}")
            turn = re.fullmatch(r"choose (\d)-\d", hinted)
            if turn is not None:  # the Stethoscope: its die first, then the face it turns to
                page.click(f"#prompt [data-story='die'][data-die='{turn.group(1)}']")
            button = page.locator(f"[data-action='{hinted}']").first
            try:
                button.click(timeout=10_000)
            except Exception:  # the hinted button out of reach: that is the finding
                shot = (args.shots or ROOT / "screenshots") / f"hint_walk_{step}.png"
                page.screenshot(path=str(shot))
                print(f"    the hinted button could not be pressed; screenshot: {shot}")
                return 1
            settle(page)
            if modal(page) == "story-confirm":
                print(f"    confirm: {text_of(page, '#story-confirm-text')}")
                page.click("#story-confirm button.danger")
                settle(page)
            newest = page.locator("#log li").all_inner_texts()[:3]
            print(f"    log: {' / '.join(' '.join(line.split()) for line in newest)}")
            if args.shots is not None and step % 10 == 0:
                page.screenshot(path=str(args.shots / f"hint_walk_{step}.png"))
        problems = guard.errors + guard.outside
        browser.close()
    if problems:
        print(f"console errors or requests off the machine: {problems}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
