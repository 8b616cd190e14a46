"""No input can stop the page (issue 12): hostile saves in localStorage or imported, and the
Content-Security-Policy the page runs under.

Payloads: item 1, a save whose action names a cell with a letter whose upper case is two
letters (it made every load fail), and item 2, 100,000 nested brackets (RecursionError; at
10,000 Pyodide died). Each is stored as the current save, stored as the saves index, and
imported: the page becomes ready, says what happened, keeps the bad save aside (listed,
exportable) and a new game works.
"""

from __future__ import annotations

import json

import pytest
from browserkit import guarded_context, new_page, open_page
from playwright.sync_api import expect

ITEM1 = json.dumps(
    {"format": 1, "engine": "0.1.0", "setup": "1.b.0.s.-.0.xxbUA", "actions": ["enter 1.ß1"]}
)
ITEM2 = "[" * 100_000
PAYLOADS = {"item1": ITEM1, "item2": ITEM2}
# Collects every CSP violation the page reports, from the very first script on.
CSP_WATCH = """window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI);
});"""


@pytest.fixture
def hostile_context(browser):
    with guarded_context(browser) as (context, guard):
        context.add_init_script(CSP_WATCH)
        yield context, guard


def stored(context, items: dict[str, str]) -> None:
    """localStorage holds `items` when the page first loads (and is not refilled after)."""
    script = "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
    for key, value in items.items():
        script += f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});"
    context.add_init_script(script + "}")


def new_game_works(page) -> None:
    page.click("#start")
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#board button.tile")).to_have_count(48)
    assert page.evaluate("window.__violations") == []


@pytest.mark.parametrize("payload", sorted(PAYLOADS))
def test_a_hostile_current_save_is_set_aside_and_the_page_starts(
    hostile_context, site_server, payload
):
    context, guard = hostile_context
    stored(
        context,
        {"burgle.saves": '["bad"]', "burgle.save.bad": PAYLOADS[payload], "burgle.current": "bad"},
    )
    page = new_page(context, guard)
    open_page(page, site_server.url + "index.html")
    expect(page.locator("#setup-screen")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("could not be loaded and was set aside")
    aside = page.locator("#save-list li.aside")
    expect(aside).to_have_count(1)
    expect(aside.locator("[data-cmd='export']")).to_have_count(1)
    assert page.evaluate("localStorage.getItem('burgle.save.bad')") == PAYLOADS[payload]
    assert page.evaluate("localStorage.getItem('burgle.current')") is None
    new_game_works(page)
    open_page(page, page.url)  # on purpose: the next load starts too, with the new game
    expect(page.locator("#game-screen")).to_be_visible()


@pytest.mark.parametrize("payload", sorted(PAYLOADS))
def test_a_hostile_saves_index_is_set_aside_and_the_page_starts(
    hostile_context, site_server, payload
):
    context, guard = hostile_context
    stored(context, {"burgle.saves": PAYLOADS[payload]})
    page = new_page(context, guard)
    open_page(page, site_server.url + "index.html")
    expect(page.locator("#notice")).to_contain_text("was set aside")
    aside = page.locator("#save-list li.aside")
    expect(aside).to_have_count(1)
    aside_id = aside.locator("[data-cmd='export']").get_attribute("data-id")
    kept = page.evaluate(f"localStorage.getItem('burgle.save.{aside_id}')")
    assert kept == PAYLOADS[payload]
    aside.locator("[data-cmd='delete']").click()  # deletable
    page.click("#story-confirm [data-story='yes']")  # deleting asks first (issue 9)
    expect(page.locator("#save-list li.aside")).to_have_count(0)
    new_game_works(page)


@pytest.mark.parametrize("payload", sorted(PAYLOADS))
def test_a_hostile_import_is_refused_in_words_and_the_next_import_works(
    hostile_context, site_server, payload, tmp_path
):
    context, guard = hostile_context
    page = new_page(context, guard)
    open_page(page, site_server.url + "index.html")
    bad = tmp_path / "bad.json"
    bad.write_text(PAYLOADS[payload], encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#notice")).to_contain_text("not a saved game we can read")
    expect(page.locator("#save-list li.aside")).to_have_count(1)
    good = tmp_path / "good.json"
    record = {"format": 1, "engine": "0.1.0", "setup": "1.b.5.s.-.0.xxbQQ", "actions": []}
    good.write_text(json.dumps(record), encoding="utf-8")
    page.set_input_files("#import-file", str(good))  # imports still work afterwards
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#notice")).to_have_text("Saved game imported.")
    assert page.evaluate("window.__violations") == []


def test_the_page_runs_under_its_content_security_policy_with_no_violation(
    hostile_context, site_server
):
    """The CSP allows the site itself and what Pyodide needs (wasm; PyScript builds its
    hooks with Function), nothing from elsewhere, and the page plays under it."""
    context, guard = hostile_context
    page = new_page(context, guard)
    open_page(page, site_server.url + "index.html")
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert "'unsafe-inline'" not in policy and "http" not in policy
    new_game_works(page)
    page.locator("#board button.tile").first.click()
    assert page.evaluate("window.__violations") == []
    # A script from elsewhere or inline is refused: the policy is in force.
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.x = 1';"
        " document.body.appendChild(s); }"
    )
    page.wait_for_function("window.__violations.length > 0")
    assert page.evaluate("window.x") is None
    assert page.evaluate("window.__violations")[0].startswith("script-src")
    guard.errors.clear()  # the refused inline script is reported on the console: expected


def test_the_built_page_declares_its_policy_before_any_script_and_has_no_inline_script(
    site_dir,
):
    """The policy must come before the first script to cover it, and an inline script (or
    an inline event handler) would be refused under it."""
    import re

    html = (site_dir / "index.html").read_text()
    assert html.index('http-equiv="Content-Security-Policy"') < html.index("<script")
    for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S):
        assert "src=" in attrs and not body.strip(), attrs
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"


def test_a_storage_full_at_load_is_said_to_be_full_and_its_saves_still_open(
    hostile_context, site_server
):
    """With the quota used up before the page loads, it says the storage is full (not that
    the browser refuses storage), and the save already stored can still be continued."""
    context, guard = hostile_context
    record = {"format": 1, "engine": "0.1.0", "setup": "1.b.5.s.-.0.xxbQQ", "actions": []}
    stored(context, {"burgle.saves": '["old"]', "burgle.save.old": json.dumps(record)})
    context.add_init_script(
        """const setItem = Storage.prototype.setItem;
           Storage.prototype.setItem = function (key, value) {
             if (String(key).startsWith('burgle.')) {
               throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
             }
             return setItem.call(this, key, value);
           };"""
    )
    page = new_page(context, guard)
    open_page(page, site_server.url + "index.html")
    expect(page.locator("#saves-off")).to_be_visible()
    expect(page.locator("#saves-off")).to_contain_text("storage for the page is full")
    page.click("#save-list [data-cmd='continue']")
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#board button.tile")).to_have_count(48)
