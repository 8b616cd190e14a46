"""Opening fast: the first screen before Python runs, and the runtime snapshot of a return visit.

The snapshot lives in Cache Storage ("runtime-snapshots") under a key that tools/build_site.py
computes from what it holds (assets/runtime.mjs); <html data-runtime> says how Python started:
"boot" (normal start) or "snapshot" (restored).
"""

from __future__ import annotations

import json
import re

import pytest
from browserkit import SITE, Guard, wait_ready
from playwright.sync_api import expect

from engine import PlayerSetup, Setup
from engine.rules.data import Character, ScenarioId
from ui.session import Session

SNAPSHOTS = "runtime-snapshots"
# Waits for the snapshot a first visit makes once idle; returns how that went.
SNAPSHOT_STORED = """() => window.burgleSnapshot && Promise.race([window.burgleSnapshot,
  new Promise((resolve) => setTimeout(() => resolve("timed out"), 120000))])"""
SNAPSHOT_ENTRIES = f"""async () => {{
  const cache = await caches.open("{SNAPSHOTS}");
  const out = [];
  for (const request of await cache.keys()) {{
    const response = await cache.match(request);
    out.push([new URL(request.url).pathname.split("/").pop(), (await response.blob()).size]);
  }}
  return out;
}}"""


def snapshot_name() -> str:
    """The file name this build's snapshot is stored under."""
    key = re.search(r'const SNAPSHOT_KEY = "(\w+)"', (SITE / "pyodide" / "runtime.mjs").read_text())
    assert key, "the built runtime module has no snapshot key"
    return f"snapshot-{key.group(1)}.bin"


@pytest.fixture
def visit(browser, site_server):
    """A context (its Cache Storage lasts across loads) and a function opening the page."""
    context = browser.new_context(service_workers="block")
    guard = Guard()
    guard.protect(context)
    page = context.new_page()
    guard.watch(page)

    def open_page(query: str = "") -> None:
        page.goto(site_server.url + "index.html" + query)
        wait_ready(page)

    yield page, open_page
    context.close()
    guard.check(allow_errors=("runtime snapshot",))


def test_a_returning_player_restores_the_runtime_snapshot_and_plays(visit):
    page, open_page = visit
    open_page()
    expect(page.locator("html")).to_have_attribute("data-runtime", "boot")
    assert page.evaluate(SNAPSHOT_STORED) == "stored"
    [(name, size)] = page.evaluate(SNAPSHOT_ENTRIES)
    assert name == snapshot_name() and size > 1_000_000

    open_page("?seed=5")
    expect(page.locator("html")).to_have_attribute("data-runtime", "snapshot")
    expect(page.locator("#debug")).to_contain_text('"seed": 5')
    page.click("#start")
    expect(page.locator("#board button.tile")).to_have_count(48)
    page.locator("#board button.tile").first.click()
    # A module the start does not use (the rules reference), imported from the snapshot.
    page.click("[data-cmd='rules']")
    expect(page.locator("#reference")).to_be_visible()


def test_a_snapshot_of_another_build_is_never_restored(visit):
    """An older build's snapshot sits under another key: the page boots and drops it."""
    page, open_page = visit
    open_page()
    assert page.evaluate(SNAPSHOT_STORED) == "stored"
    # Move this build's snapshot to the name another build would give it.
    page.evaluate(
        f"""async () => {{
          const cache = await caches.open("{SNAPSHOTS}");
          const [request] = await cache.keys();
          const bytes = await (await cache.match(request)).arrayBuffer();
          await cache.delete(request);
          await cache.put(request.url.replace(/snapshot-\\w+/, "snapshot-0123456789abcdef"),
                          new Response(bytes));
        }}"""
    )
    open_page()
    expect(page.locator("html")).to_have_attribute("data-runtime", "boot")
    assert page.evaluate(SNAPSHOT_STORED) == "stored"
    assert [name for name, _ in page.evaluate(SNAPSHOT_ENTRIES)] == [snapshot_name()]


def test_a_broken_snapshot_falls_back_to_the_normal_start_and_is_replaced(visit):
    page, open_page = visit
    open_page()
    assert page.evaluate(SNAPSHOT_STORED) == "stored"
    page.evaluate(
        f"""async () => {{
          const cache = await caches.open("{SNAPSHOTS}");
          const [request] = await cache.keys();
          await cache.put(request, new Response(new Uint8Array(4096).fill(7)));
        }}"""
    )
    open_page()
    expect(page.locator("html")).to_have_attribute("data-runtime", "boot")
    page.click("#start")
    expect(page.locator("#board button.tile")).to_have_count(48)
    assert page.evaluate(SNAPSHOT_STORED) == "stored"
    [(name, size)] = page.evaluate(SNAPSHOT_ENTRIES)
    assert name == snapshot_name() and size > 1_000_000


def a_save_record() -> dict:
    setup = Setup(
        scenario=ScenarioId.OFFICE,
        players=(
            PlayerSetup("Ann", character=Character.HACKER),
            PlayerSetup("Bob", character=Character.JUICER),
        ),
        seed=11,
    )
    return Session.start(setup.to_code()).record()


@pytest.mark.parametrize(
    ("locale", "summary", "button"),
    [
        ("en-US", "The Office Job (2 floors) · Ann (Hacker), Bob (Juicer) · turn 0", "Continue"),
        ("fr-FR", "tour 0", "Reprendre"),
    ],
)
def test_the_first_screen_shows_the_heist_in_progress_before_python_runs(
    browser, site_server, locale, summary, button
):
    context = browser.new_context(service_workers="block", locale=locale)
    guard = Guard()
    guard.protect(context)
    record = json.dumps(a_save_record())
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        "localStorage.setItem('burgle.current', 'abc123');"
        f"localStorage.setItem('burgle.save.abc123', {json.dumps(record)}); }}"
    )
    held = []  # the runtime module waits here: Python cannot start until it is let go
    context.route("**/pyodide/runtime.mjs", lambda route: held.append(route))
    page = context.new_page()
    guard.watch(page)
    try:
        page.goto(site_server.url + "index.html")
        expect(page.locator("#first-resume")).to_be_visible()
        expect(page.locator("#first-summary")).to_contain_text(summary)
        expect(page.locator("#first-continue")).to_contain_text(button)
        expect(page.locator("#load-progress")).to_be_visible()
        page.click("#first-continue")
        expect(page.locator("#first-waiting")).to_be_visible()
        expect(page.locator("#first-continue")).to_be_disabled()
        assert page.get_attribute("html", "data-ready") is None
        for _ in range(300):  # the route handler runs while Playwright waits
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the page did not ask for the runtime"
        held[0].continue_()
        wait_ready(page, timeout=180_000)  # a cold start, begun late
        expect(page.locator("#first-screen")).to_be_hidden()
        expect(page.locator("#game-screen")).to_be_visible()
        expect(page.locator("#board button.tile")).to_have_count(32)  # the Office: 2 floors
    finally:
        context.close()
    guard.check()


def test_a_new_heist_chosen_while_loading_starts_with_those_choices(browser, site_server):
    context = browser.new_context(service_workers="block")
    guard = Guard()
    guard.protect(context)
    # Chosen as soon as the first screen exists, long before Python is ready.
    context.add_init_script(
        """addEventListener("DOMContentLoaded", () => {
             document.getElementById("first-scenario").value = "office";
             document.getElementById("first-count").value = "3";
             document.getElementById("first-start").click();
           });"""
    )
    page = context.new_page()
    guard.watch(page)
    try:
        page.goto(site_server.url + "index.html")
        wait_ready(page)
        expect(page.locator("#game-screen")).to_be_visible()
        expect(page.locator("#board button.tile")).to_have_count(32)
        expect(page.locator("#crew > li")).to_have_count(3)
    finally:
        context.close()
    guard.check()
