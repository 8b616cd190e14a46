"""Words in the page: the French switch (kept across reloads, following the browser), and
no text ever missing (the page reports a missing text on the console: none may appear)."""

from __future__ import annotations

import json

import pytest
from browserkit import ROOT, Guard, wait_ready

from ui.describe import action_pos


def fixture(name: str) -> dict:
    return json.loads((ROOT / "tests" / "fixtures" / "games" / name).read_text())


def new_page(browser, **options):
    context = browser.new_context(
        service_workers="block", viewport={"width": 1280, "height": 800}, **options
    )
    guard = Guard()
    guard.protect(context)
    page = context.new_page()
    guard.watch(page)
    notes: list[str] = []
    page.on("console", lambda msg: notes.append(msg.text) if "messages:" in msg.text else None)
    return context, guard, page, notes


def act(page, text: str) -> None:
    if page.locator("#handover").is_visible():
        page.click("#handover-go")
    direct = page.locator(f"#prompt [data-action='{text}'], #other-actions [data-action='{text}']")
    if direct.count() == 0:
        pos = action_pos(text)
        assert pos, f"{text!r} is neither a button nor a tile action"
        page.click(f"#board [data-pos='{pos}']")
        direct = page.locator(f"#tile-actions [data-action='{text}']")
    assert direct.count() == 1, f"no button for {text!r}"
    direct.click()


@pytest.fixture
def english(browser, site_server):
    context, guard, page, notes = new_page(browser, locale="en-US")
    yield page, notes, site_server
    context.close()
    guard.check()
    assert notes == [], f"texts missing or broken: {notes}"


def test_switch_to_french_then_play_a_turn(english):
    page, _notes, site_server = english
    data = fixture("office_1p_win.json")
    page.goto(site_server.url + "index.html?game=" + data["setup"])
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "en"
    page.select_option("#lang", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.text_content("#status").startswith("Tour 0")
    assert page.text_content("[data-cmd='new']") == "Nouvelle partie"
    turn = []
    for text in data["actions"]:
        turn.append(text)
        if text == "end":
            break
    for text in turn:
        act(page, text)
    log = page.locator("#log li").all_text_contents()
    assert log[-1].startswith("L'équipe entre par")
    assert any(line.startswith("Le Gardien va de") for line in log)
    assert "Camouflage" in page.text_content("#status")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "fr"  # the choice is kept
    assert page.locator("#log li").all_text_contents() == log
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator("#log li").all_text_contents()[-1].startswith("The crew breaks in at")


def test_a_french_browser_gets_french_at_once(browser, site_server):
    context, guard, page, notes = new_page(browser, locale="fr-FR")
    page.goto(site_server.url + "index.html")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "fr"
    assert page.text_content("#setup-title") == "Nouveau casse"
    assert page.input_value("#lang") == "fr"
    context.close()
    guard.check()
    assert notes == []


def test_the_rules_reference_searches_and_opens_from_a_tile(english):
    page, _notes, site_server = english
    data = fixture("office_1p_win.json")
    page.goto(site_server.url + "index.html?game=" + data["setup"])
    wait_ready(page)
    page.click("[data-cmd='rules']")
    assert page.locator("#reference").is_visible()
    page.fill("#ref-search", "laser computer")
    visible = page.locator("#ref-body .ref-entry:visible h4").all_text_contents()
    assert "Laser computer" in visible and "Donuts" not in visible
    page.keyboard.press("Escape")
    assert not page.locator("#reference").is_visible()
    first = data["actions"][0]  # "enter <pos>": the entrance is revealed
    act(page, first)
    page.click(f"#board [data-pos='{action_pos(first)}']")
    link = page.locator("#tile-info .ref-link")
    assert link.count() == 1
    target = link.get_attribute("data-ref")
    link.click()
    assert page.get_attribute("html", "data-ref-open") == target
    assert page.locator(f"#ref-{target}").is_visible()
    page.click("[data-cmd='rules-close']")
    ability = page.locator("#crew .ref-link").first
    ability.click()
    assert page.get_attribute("html", "data-ref-open").startswith("ability-")
    page.keyboard.press("Escape")


def test_the_guided_first_heist_is_completed_by_clicking_what_it_asks(english):
    """Start it from the new-game screen, then each time click the marked tile (if any) and
    the marked button, until the escape; the end screen says the crew got away."""
    from ui import tutorial

    page, _notes, site_server = english
    page.goto(site_server.url + "index.html")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    page.click("[data-cmd='tutorial']")
    assert page.locator("#tutorial").is_visible()
    for done, step in enumerate(tutorial.SCRIPT):
        assert page.get_attribute("html", "data-tutorial") == step, done
        assert page.text_content("#tut-lesson").strip()
        tile = page.locator("#board .tut-target")
        if tile.count():
            tile.first.click()
        if done == 3:  # a step off the line is refused, with words
            page.locator("#other-actions [data-action='end']").click()
            assert page.text_content("#notice").startswith("In the guided heist")
            assert page.get_attribute("html", "data-tutorial") == step
        button = page.locator("button.tut-target[data-action]")
        assert button.count() == 1, (done, step)
        button.click()
        confirm = page.locator("#story-confirm:not([hidden]) button.danger")
        if confirm.count():  # the safety net asks before an early End turn: do it
            confirm.click()
    assert page.get_attribute("html", "data-tutorial") == "done"
    assert page.locator("#end").is_visible()
    assert page.text_content("#end-title") == "The crew got away with it!"
    assert page.text_content("#tut-lesson").startswith("You got away!")
