"""The page in Chromium: loading screen, first board, Python reading localStorage and the URL.

One page load is shared by the tests of this module (each Pyodide start costs seconds); they
run in file order. Service workers are blocked here so that the route guard sees every request
(test_offline.py covers the service worker).
"""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
from browserkit import (
    READY,
    ROOT,
    START_TIMEOUT_MS,
    Guard,
    guarded_context,
    new_page,
    open_page,
    wait_ready,
)
from playwright.sync_api import expect

import engine
from engine.rules.data import SCENARIOS, ScenarioId

# Records every state of the loading screen (progress value, text) until the page is ready.
# A MutationObserver misses none, even when Python's start-up blocks the main thread.
LOADING_LOG = """
window.__loading = [];
function record() {
  const bar = document.getElementById("load-progress");
  const text = document.getElementById("load-text");
  if (!bar || !text) return;
  const entry = [Number(bar.value), text.textContent];
  const last = window.__loading[window.__loading.length - 1];
  if (!last || last[0] !== entry[0] || last[1] !== entry[1]) window.__loading.push(entry);
}
new MutationObserver(record).observe(document, {
  subtree: true, childList: true, characterData: true, attributes: true,
  attributeFilter: ["value"],
});
"""


@pytest.fixture(scope="module")
def loaded(context, guard, site_server):
    """A page of the site, opened with ?seed=42 and ready."""
    context.add_init_script(LOADING_LOG)
    page = new_page(context, guard)
    open_page(page, site_server.url + "index.html?seed=42&scenario=bank")
    yield page, guard
    page.close()


def debug_facts(page) -> dict:
    return json.loads(page.text_content("#debug"))


def test_loading_screen_is_plain_html_shown_before_any_script(browser, site_server):
    with guarded_context(browser, java_script_enabled=False) as (context, guard):
        page = new_page(context, guard)
        page.goto(site_server.url)
        expect(page.locator("#loading")).to_be_visible()
        expect(page.locator("#loading .spinner")).to_be_visible()
        expect(page.locator("#load-text")).to_have_text("Loading the game…")
        expect(page.locator("#app")).to_be_hidden()


def test_loading_screen_shows_real_progress_then_the_app(loaded):
    page, _ = loaded
    log = page.evaluate("window.__loading")
    values = [value for value, _ in log]
    texts = [text for _, text in log]
    assert any(0 < v < 80 for v in values), f"no download progress seen: {log}"
    assert any(v >= 85 for v in values), f"no start-up step seen: {log}"
    assert values == sorted(values), f"progress went backwards: {log}"
    assert texts[0] == "Loading the game…", str(log)
    assert "Downloading Python…" in texts, str(log)
    assert texts[-1] == "Drawing the board…", str(log)  # written by Python
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#app")).to_be_visible()
    assert page.evaluate("document.getElementById('load-progress').value") == 100


def test_python_shows_the_new_game_screen_then_one_click_starts_a_bank_job(loaded):
    page, _ = loaded
    expect(page.locator("#setup-screen")).to_be_visible()
    expect(page.locator("#start")).to_have_text("Start the heist")
    expect(page.locator("#engine-version")).to_have_text(engine.__version__)
    expect(page.locator("#python-version")).to_have_text(re.compile(r"^3\.\d+\.\d+$"))
    page.click("#start")
    bank = SCENARIOS[ScenarioId.BANK]
    assert bank.floors * bank.size * bank.size == 48
    expect(page.locator("#board button.tile")).to_have_count(48)
    expect(page.locator("#board h2")).to_have_text(["Floor 1", "Floor 2", "Floor 3"])
    tile = page.get_by_role("button", name=re.compile(r"^Floor 1, B2, face down\b"))
    assert tile.count() == 1
    assert tile.get_attribute("data-cell") == "B2"
    d4 = page.get_by_role("button", name=re.compile(r"^Floor 3, D4, face down\b"))
    assert d4.count() == 1
    walls = (
        page.locator("#board .tile.wall-e").count() + page.locator("#board .tile.wall-s").count()
    )
    assert walls == sum(len(floor) for floor in bank.standard_walls)
    assert "?game=1.b." in page.url


def test_url_query_parameter_reaches_python(loaded):
    page, _ = loaded
    facts = debug_facts(page)
    assert facts["params"] == {"seed": "42", "scenario": "bank"}
    assert facts["seed"] == 42


def test_tiles_are_keyboard_reachable_buttons(loaded):
    page, _ = loaded
    page.locator("#board [data-pos='1.A1']").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator(":focus")).to_have_attribute("data-pos", "1.B1")
    page.keyboard.press("ArrowDown")
    expect(page.locator(":focus")).to_have_attribute("data-pos", "1.B2")


def test_local_storage_round_trips_through_python(loaded):
    page, _ = loaded
    facts = debug_facts(page)
    assert facts["storage"] == "localStorage"
    assert facts["visits"] == 1
    # Python wrote it; JavaScript reads it.
    assert page.evaluate("localStorage.getItem('burgle.visits')") == "1"
    # JavaScript writes it; Python, started again by a reload, reads it and writes it back.
    page.evaluate("localStorage.setItem('burgle.visits', '41')")
    page.reload()  # on purpose: a second start of Python reads what JavaScript wrote
    wait_ready(page)
    assert debug_facts(page)["visits"] == 42
    assert page.evaluate("localStorage.getItem('burgle.visits')") == "42"


def test_no_console_errors_and_no_request_left_127_0_0_1(loaded):
    page, guard = loaded
    assert page.locator(READY).count() == 1
    guard.check()


def test_page_still_starts_when_local_storage_is_unavailable(browser, site_server):
    with guarded_context(browser) as (context, guard):
        context.add_init_script(
            """Object.defineProperty(window, "localStorage", {
                 get() { throw new DOMException("The operation is insecure.", "SecurityError"); }
               });"""
        )
        page = new_page(context, guard)
        open_page(page, site_server.url + "index.html")
        facts = debug_facts(page)
        assert facts["storage"] == "memory"
        assert facts["visits"] == 1
        expect(page.locator("#saves-off")).to_be_visible()
        page.click("#start")
        expect(page.locator("#board button.tile")).to_have_count(48)


@pytest.mark.parametrize("broken", ["pyodide.asm.wasm", "pyodide.mjs"])
def test_python_failing_to_start_is_said_in_words(browser, site_server, broken):
    with guarded_context(browser) as (context, _guard):
        context.route(f"**/pyodide/{broken}", lambda route: route.abort("failed"))
        page = context.new_page()
        page.goto(site_server.url + "index.html")
        page.wait_for_selector("html[data-failed='1']", state="attached", timeout=START_TIMEOUT_MS)
        expect(page.locator("#loading")).to_be_hidden()
        expect(page.locator("#load-error")).to_be_visible()
        expect(page.locator("#load-error h1")).to_contain_text("could not start")
        expect(page.locator("#load-error-text")).not_to_be_empty()
        assert page.get_attribute("html", "data-ready") is None


def test_python_failing_inside_the_game_is_said_in_words(browser, site_server):
    """Python runs, but the ui package is broken: ui/main.py reports it on the page."""
    broken = io.BytesIO()
    with zipfile.ZipFile(broken, "w") as archive:
        for path in (ROOT / "ui").glob("*.py"):  # every module but ui/board.py
            if path.name == "board.py":
                continue
            name = path.name
            archive.write(ROOT / "ui" / name, f"ui/{name}")
    context = browser.new_context(service_workers="block")
    guard = Guard()
    guard.protect(context)
    context.route("**/ui-*.zip", lambda route: route.fulfill(body=broken.getvalue()))
    page = context.new_page()
    page.goto(site_server.url + "index.html")
    page.wait_for_selector("html[data-failed='1']", state="attached", timeout=START_TIMEOUT_MS)
    error = page.locator("#load-error-text")
    expect(error).to_have_text(re.compile(r"^Python started, but the game failed: "))
    expect(error).to_contain_text("board")
    expect(page.locator("#load-error")).to_be_visible()
    assert page.get_attribute("html", "data-ready") is None
    context.close()
    assert guard.outside == []  # console errors expected here: the game failed
