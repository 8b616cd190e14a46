"""Helpers of the browser tests: the sub-path server, the request guard, waiting for ready,
and opening the page on a position with one page start (localStorage seeded before it loads).

Each page start is a full Pyodide start (seconds; tens of seconds on a loaded machine), so a
test opens its position once: `open_page` / `open_saved` write localStorage from an init
script that runs before the page's own scripts, then load the page once. A test that reloads
does so on purpose (the reload then finds the storage as the page left it).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlparse

import pytest

from tools.serve import NoCacheHandler, make_server, start_in_thread

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[2]
# The built site (`make site`); BURGLE_SITE names another build (e.g. `make site SITE=...`).
SITE = Path(os.environ.get("BURGLE_SITE") or ROOT / "site").resolve()
SUB_PATH = "/burgle-bros/"
READY = "html[data-ready='1']"
READY_OR_FAILED = "html[data-ready='1'], html[data-failed='1']"
# A page start on a machine whose cores are busy with other work can take a minute or more.
START_TIMEOUT_MS = 180_000
# What `expect()` and page actions wait for at most: generous, because a passing check
# returns as soon as it holds; only a failing one waits this long.
WAIT_MS = 30_000
VIEWPORT = {"width": 1280, "height": 800}


def find_chromium() -> str:
    candidates = [os.environ.get("CHROMIUM"), shutil.which("chromium")]
    candidates += [shutil.which("chromium-browser"), "/usr/bin/chromium"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return candidate
    pytest.fail("Chromium not found: `make install` installs Debian's chromium package")


# BURGLE_CSP_REPORT_ONLY=1: every response also carries the page's policy without
# 'unsafe-eval' as Content-Security-Policy-Report-Only, and what it would have refused is a
# console error, which fails the test (Guard.check): a browser test run under it says whether
# the page still needs 'unsafe-eval' (docs/startup.md).
CSP_REPORT_ONLY = os.environ.get("BURGLE_CSP_REPORT_ONLY", "") not in ("", "0")
REPORT_ONLY_WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  if (e.disposition === "report") console.error("CSP report-only: " + e.violatedDirective + " "
    + e.blockedURI + " at " + e.sourceFile + ":" + e.lineNumber + " " + (e.sample || ""));
});"""


def report_only_policy(site: Path) -> str:
    import re

    page = (site / "index.html").read_text()
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert found, "the page declares no policy"
    return found.group(1).replace(" 'unsafe-eval'", "")


class SubPathHandler(NoCacheHandler):
    """Serves the site under SUB_PATH only, like https://<user>.github.io/<repo>/."""

    # Requests of the Python runtime: one per page start (the suite prints the count).
    runtime_requests = 0

    def end_headers(self) -> None:
        if CSP_REPORT_ONLY:
            self.send_header("Content-Security-Policy-Report-Only", report_only_policy(SITE))
        super().end_headers()

    def translate_path(self, path: str) -> str:
        if path.split("?")[0].endswith("/pyodide.asm.wasm"):
            SubPathHandler.runtime_requests += 1
        if not path.startswith(SUB_PATH):
            return str(Path(self.directory) / ".not-under-the-sub-path")
        return super().translate_path("/" + path[len(SUB_PATH) :])


class SiteServer:
    def __init__(self, directory: Path) -> None:
        self.server = make_server(directory, 0, SubPathHandler)
        start_in_thread(self.server)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{SUB_PATH}"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


def is_local(url: str) -> bool:
    return url.startswith(("data:", "blob:")) or urlparse(url).hostname == "127.0.0.1"


@dataclass
class Guard:
    """Refuses and records requests leaving 127.0.0.1; records console errors."""

    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def protect(self, context, route: bool = True) -> None:
        """Watch every request of the context (and refuse outside ones if `route`)."""
        context.on("request", self._seen)
        if CSP_REPORT_ONLY:
            context.add_init_script(REPORT_ONLY_WATCH)
        if route:
            context.route("**/*", self._route)

    def watch(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def _seen(self, request) -> None:
        if not is_local(request.url) and request.url not in self.outside:
            self.outside.append(request.url)

    def _route(self, route) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            self._seen(route.request)
            route.abort("blockedbyclient")

    def check(self, allow_errors: tuple[str, ...] = ()) -> None:
        assert self.outside == [], f"requests outside 127.0.0.1 were attempted: {self.outside}"
        errors = [e for e in self.errors if not any(a in e for a in allow_errors)]
        assert errors == [], f"console errors: {errors}"


def wait_ready(page, timeout: float = START_TIMEOUT_MS) -> None:
    """Wait until Python marked the page ready; fail with the page's own words otherwise."""
    page.wait_for_selector(READY_OR_FAILED, state="attached", timeout=timeout)
    if page.get_attribute("html", "data-ready") != "1":
        pytest.fail(f"the page failed to start: {page.text_content('#load-error-text')}")


def new_page(context, guard: Guard):
    """A page of `context`, watched by `guard`, with the suite's generous waits."""
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    guard.watch(page)
    return page


# What Playwright says when Chromium's renderer dies under a page (seen once in a full run,
# mid page start, cause not found): such a test is run once more on a new page (conftest).
RENDERER_CRASH = r"(Target|Page) crashed"


class Tab:
    """A module's reused page that outlives a renderer crash: a crashed page cannot be
    navigated again, so the next test (or the crashed test's one rerun) gets a new page of
    the same context, with `prepare` applied to it as to the first."""

    def __init__(self, context, guard: Guard, prepare: Callable[[Any], None] | None = None):
        self.context, self.guard, self.prepare = context, guard, prepare
        self.crashes = 0
        self._page: Any = None
        self._crashed = False

    def live(self):
        """The module's page, a new one if the last one crashed or was closed."""
        if self._page is None or self._page.is_closed() or self._crashed:
            self._page = new_page(self.context, self.guard)
            self._crashed = False
            self._page.on("crash", self._on_crash)
            if self.prepare is not None:
                self.prepare(self._page)
        return self._page

    def _on_crash(self, _page: Any) -> None:
        self._crashed = True
        self.crashes += 1

    def close(self) -> None:
        if self._page is not None and not self._page.is_closed():
            self._page.close()

    def __enter__(self) -> Tab:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


@contextmanager
def guarded_context(browser, route: bool = True, **options: Any) -> Iterator[tuple[Any, Guard]]:
    """A browser context of its own (for options such as a locale or reduced motion), its
    requests guarded; the guard is checked when the block ends without an error."""
    options = {"service_workers": "block", "viewport": VIEWPORT, **options}
    context = browser.new_context(**options)
    guard = Guard()
    guard.protect(context, route=route)
    try:
        yield context, guard
    finally:
        context.close()
    guard.check()


def storage_script(items: Mapping[str, str] | None) -> str:
    """JavaScript that leaves localStorage holding exactly `items` (None: as it is)."""
    if items is None:
        return ""
    lines = ["localStorage.clear();"]
    lines += [f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in items.items()]
    # Only in the site's own documents (not about:blank, whose storage is refused).
    return "if (location.protocol === 'http:') { " + " ".join(lines) + " }"


def saved_game(code: str, actions: Sequence[str], save_id: str = "t1") -> dict[str, str]:
    """localStorage of a player whose current game is `code` after `actions` (the page's own
    save format, written by ui.session)."""
    from ui.session import Session

    record = Session.start(code, list(actions)).record()
    return {
        f"burgle.save.{save_id}": json.dumps(record),
        "burgle.saves": json.dumps([save_id]),
        "burgle.current": save_id,
    }


def open_page(page, url: str, storage: Mapping[str, str] | None = None) -> None:
    """One page start at `url`, with localStorage holding exactly `storage` as the page's
    scripts begin ({}: a first visit; None: whatever the context holds)."""
    script = storage_script(storage)
    if script:
        # The init script runs before any of the page's scripts, for this load only.
        with page.add_init_script(script):
            page.goto(url)
    else:
        page.goto(url)
    wait_ready(page)


def open_saved(page, base_url: str, code: str, actions: Sequence[str]) -> None:
    """One page start on a saved game of `code` after `actions` (the page resumes it)."""
    open_page(page, base_url + "index.html", saved_game(code, actions))


_switches = iter(range(1, 1_000_000))
# What stands between the page and its "New game" button.
PAGE_STATE = """() => { const html = document.documentElement;
  const open = (id) => { const el = document.getElementById(id); return !!el && !el.hidden; };
  return {ready: html.dataset.ready === '1',
          modal: ['end', 'handover', 'legend', 'prompt'].find(open) || '',
          asking: open('story-confirm'),
          newGame: !!document.querySelector("[data-cmd='new']:not([inert] *)")}; }"""


def _leave_game(page) -> bool:
    """Close what a player would close to reach New game (a question, the hand-over, the end
    screen, a running animation); False when something else is open."""
    state = page.evaluate(PAGE_STATE)
    if not state["ready"]:
        return False
    if state["asking"]:
        page.click("#story-confirm [data-story='no']")
    if state["modal"] == "handover":
        page.click("#handover-go")
    elif state["modal"] == "end":
        page.click("#end [data-cmd='look']")
    elif state["modal"]:
        return False
    page.wait_for_selector("html:not([data-animating])", state="attached")
    state = page.evaluate(PAGE_STATE)
    # A header left inert with no dialog open: start the page instead of clicking through.
    return not state["modal"] and not state["asking"] and state["newGame"]


def press_new_game(page) -> None:
    """Press New game (on a phone it is folded in the menu: open the menu first)."""
    new = page.locator("[data-cmd='new']")
    menu = page.locator("#menu-toggle")
    if not new.is_visible() and menu.count() and menu.is_visible():  # not checks: a path
        menu.click()
    new.click()


def switch_saved(page, base_url: str, code: str, actions: Sequence[str]) -> None:
    """The page on a saved game of `code` after `actions` (none: a new game of `code`), as a
    player resumes a save: stored, then New game, then its Continue button. No page start
    when the page is already up on this site (a question, the hand-over or the end screen
    is closed first); else open_saved. Storage then holds exactly that save, as with
    open_saved."""
    if not page.url.startswith(base_url) or not _leave_game(page):
        open_saved(page, base_url, code, actions)
        return
    save_id = f"s{next(_switches)}"
    items = saved_game(code, actions, save_id)
    page.evaluate(
        "(items) => { localStorage.clear();"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )
    page.evaluate("() => { delete window.__testShown; }")
    press_new_game(page)
    before = page.evaluate(RENDERS)
    page.click(f"#save-list [data-cmd='continue'][data-id='{save_id}']")
    page.wait_for_function(DRAWN, arg=before)
    wait_ready(page)


def switch_to_new_game_screen(page, base_url: str) -> None:
    """The new-game screen of a first visit (empty storage): on the page already up on this
    site, storage is cleared and New game pressed; else open_fresh."""
    if not page.url.startswith(base_url) or not _leave_game(page):
        open_fresh(page, base_url)
        return
    page.evaluate("() => { delete window.__testShown; localStorage.clear(); }")
    press_new_game(page)
    page.wait_for_selector("#setup-screen:not([hidden])")


def open_fresh(page, base_url: str, query: str = "") -> None:
    """One page start as a first visit (empty storage), at index.html + `query`."""
    open_page(page, base_url + "index.html" + query, {})


def show_saved(page, base_url: str, code: str, actions: Sequence[str]) -> None:
    """Like switch_saved, for checks that change nothing: when the page already shows this
    very position (opened by show_saved, not navigated nor switched since), it stays."""
    key = json.dumps([code, list(actions)])
    if page.url.startswith(base_url) and page.evaluate("() => window.__testShown") == key:
        return
    switch_saved(page, base_url, code, actions)
    page.evaluate("(key) => { window.__testShown = key; }", key)


def current_game(page) -> tuple[str, list[str]] | None:
    """(setup code, actions) of the game the page has saved as current, if any."""
    record = page.evaluate(
        """() => { try { const id = localStorage.getItem('burgle.current');
                   return id && JSON.parse(localStorage.getItem('burgle.save.' + id)); }
                 catch (e) { return null; } }"""
    )
    return (record["setup"], record["actions"]) if record else None


def show_fresh(page, base_url: str, code: str) -> None:
    """A new game of `code`, for a test that starts playing it: the page already on this
    game with nothing played (as the last test left it) is used as it is, else started."""
    if (
        page.url == base_url + "index.html?game=" + code
        and page.get_attribute("html", "data-ready") == "1"
        and current_game(page) == (code, [])
    ):
        return
    open_fresh(page, base_url, "?game=" + code)


def settled(page) -> None:
    """Wait until the page has painted what it last did (two animation frames)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def eventually(read: Callable[[], T], want: T, timeout_ms: float = WAIT_MS) -> T:
    """Read a value off the page until it equals `want` (like `expect`, for values no
    locator assertion covers, such as every tile's label); returns the last value read, for
    an `assert ... == want` that shows the difference."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        got = read()
        if got == want or time.monotonic() > deadline:
            return got
        time.sleep(0.1)


# ---------------------------------------------------------------- playing through the page

# Python bumps <html data-renders> after each render: the signal that an action is drawn.
RENDERS = "() => Number(document.documentElement.dataset.renders || 0)"
DRAWN = "(n) => Number(document.documentElement.dataset.renders || 0) > n"
DRAWN_OR_ASKED = """(n) => Number(document.documentElement.dataset.renders || 0) > n
  || !(document.getElementById('story-confirm') || {hidden: true}).hidden"""


def act(page, text: str) -> None:
    """Play one action through the page, as a player does: a tile action by clicking the tile,
    then the button whose `data-action` is the action text; any other action by clicking its
    button. A hand-over screen in the way is passed, a safety net's question is answered with
    "go ahead"; returns once the page has drawn the result."""
    from ui.describe import action_pos

    if page.locator("#handover").is_visible():  # drawn by the last render: no race
        page.click("#handover-go")
    die = page.locator(f"#prompt [data-story='die'][data-die='{text[7:].split('-')[0]}']")
    if text.startswith("choose ") and "-" in text and die.count() == 1:
        die.click()  # the Stethoscope: the die first, then its new face
    direct = page.locator(f"#prompt [data-action='{text}'], #other-actions [data-action='{text}']")
    if direct.count() == 0:
        pos = action_pos(text)
        assert pos, f"{text!r} is neither a button nor a tile action"
        page.click(f"#board [data-pos='{pos}']")
        direct = page.locator(f"#tile-actions [data-action='{text}']")
    assert direct.count() == 1, f"no button for {text!r}"
    before = page.evaluate(RENDERS)
    direct.click()
    page.wait_for_function(DRAWN_OR_ASKED, arg=before)
    if page.evaluate(RENDERS) == before:  # a safety net asks first: go ahead
        page.click("#story-confirm [data-story='yes']")
        page.wait_for_function(DRAWN, arg=before)


def tile_labels(page) -> dict[str, str]:
    """Every tile's accessible name on the page, by position."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-pos]')]
             .map(b => [b.dataset.pos, b.getAttribute('aria-label')]))"""
    )


def expected_labels(game) -> dict[str, str]:
    """The tile names the engine's view of `game` gives (what the page must show)."""
    from engine import typed_view
    from ui.board import tile_labels as board_labels

    return board_labels(typed_view(game))
