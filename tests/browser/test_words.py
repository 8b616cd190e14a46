"""Words in the page: the French switch (kept across reloads, following the browser), and
no text ever missing (the page reports a missing text on the console: none may appear)."""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

import pytest
from browserkit import (
    DRAWN_OR_ASKED,
    RENDERS,
    ROOT,
    Tab,
    act,
    guarded_context,
    open_fresh,
    open_page,
    switch_saved,
    switch_to_new_game_screen,
    wait_ready,
)
from playwright.sync_api import expect

from ui.describe import action_pos


def fixture(name: str) -> dict:
    return json.loads((ROOT / "tests" / "fixtures" / "games" / name).read_text())


@contextmanager
def words_tab(browser, locale: str):
    """A tab whose console is watched for missing texts (the page reports each one)."""
    with guarded_context(browser, locale=locale) as (context, guard):
        notes: list[str] = []

        def watch(page) -> None:
            page.on(
                "console", lambda msg: notes.append(msg.text) if "messages:" in msg.text else None
            )

        with Tab(context, guard, prepare=watch) as tab:
            yield tab, notes
    assert notes == [], f"texts missing or broken: {notes}"


@contextmanager
def words_page(browser, locale: str):
    """A page whose console is watched for missing texts."""
    with words_tab(browser, locale) as (tab, notes):
        yield tab.live(), notes


@pytest.fixture(scope="module")
def english_tab(browser):
    """One English tab for the module (started once; tests run in file order)."""
    with words_tab(browser, "en-US") as tab_and_notes:
        yield tab_and_notes


@pytest.fixture
def english(english_tab, site_server):
    tab, notes = english_tab
    return tab.live(), notes, site_server


def test_switch_to_french_then_play_a_turn(english):
    page, _notes, site_server = english
    data = fixture("office_1p_win.json")
    open_page(page, site_server.url + "index.html?game=" + data["setup"])
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "en")
    page.select_option("#lang", "fr")
    expect(html).to_have_attribute("lang", "fr")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Tour 0"))
    expect(page.locator("[data-cmd='new']")).to_have_text("Nouvelle partie")
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
    expect(page.locator("#status")).to_contain_text("Camouflage")
    page.reload()  # on purpose: the language is kept across loads
    wait_ready(page)
    expect(html).to_have_attribute("lang", "fr")  # the choice is kept
    expect(page.locator("#log li")).to_have_text(log)
    page.select_option("#lang", "en")
    expect(html).to_have_attribute("lang", "en")
    expect(page.locator("#log li").last).to_have_text(re.compile(r"^The crew breaks in at"))


def test_a_french_browser_gets_french_at_once(browser, site_server):
    with words_page(browser, "fr-FR") as (page, _notes):
        open_fresh(page, site_server.url)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("#setup-title")).to_have_text("Nouveau casse")
        expect(page.locator("#lang")).to_have_value("fr")


def test_the_rules_reference_searches_and_opens_from_a_tile(english):
    page, _notes, site_server = english
    data = fixture("office_1p_win.json")
    switch_saved(page, site_server.url, data["setup"], [])
    page.click("[data-cmd='rules']")
    expect(page.locator("#reference")).to_be_visible()
    page.fill("#ref-search", "laser pc")
    visible = page.locator("#ref-body .ref-entry:visible h4")
    expect(visible.filter(has_text="Laser PC")).not_to_have_count(0)
    expect(visible.filter(has_text="Donuts")).to_have_count(0)
    # A dialog over the page: the page behind takes no input, so Tab never lands under it.
    expect(page.locator("html")).to_have_attribute("data-modal", "reference")
    expect(page.locator("#app > [inert]")).not_to_have_count(0)
    expect(page.locator("#reference")).not_to_have_attribute("inert", "")
    behind = """() => document.activeElement !== document.body
        && !document.activeElement.closest('#reference')"""
    for _ in range(60):
        page.keyboard.press("Tab")
        assert not page.evaluate(behind)
    page.keyboard.press("Escape")
    expect(page.locator("#reference")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-modal", "")
    expect(page.locator("#app > [inert]")).to_have_count(0)
    first = data["actions"][0]  # "enter <pos>": the entrance is revealed
    act(page, first)
    page.click(f"#board [data-pos='{action_pos(first)}']")
    link = page.locator("#tile-info .ref-link")
    expect(link).to_have_count(1)
    target = link.get_attribute("data-ref")
    link.click()
    expect(page.locator("html")).to_have_attribute("data-ref-open", target)
    expect(page.locator(f"#ref-{target}")).to_be_visible()
    page.click("[data-cmd='rules-close']")
    ability = page.locator("#crew .ref-link").first
    ability.click()
    expect(page.locator("html")).to_have_attribute("data-ref-open", re.compile(r"^ability-"))
    page.keyboard.press("Escape")
    expect(page.locator("#reference")).to_be_hidden()


def test_the_guided_first_heist_is_completed_by_clicking_what_it_asks(english):
    """Start it from the new-game screen, then each time click the marked tile (if any) and
    the marked button, until the escape; the end screen says the crew got away."""
    from ui import tutorial

    page, _notes, site_server = english
    switch_to_new_game_screen(page, site_server.url)
    page.click("[data-cmd='tutorial']")
    expect(page.locator("#tutorial")).to_be_visible()
    html = page.locator("html")
    for done, step in enumerate(tutorial.SCRIPT):
        expect(html).to_have_attribute("data-tutorial", step)
        expect(page.locator("#tut-lesson")).not_to_be_empty()
        tile = page.locator("#board .tut-target")
        if tile.count():
            tile.first.click()
        if done == 3:  # a step off the line is refused, with words
            page.locator("#other-actions [data-action='end']").click()
            expect(page.locator("#notice")).to_have_text(re.compile(r"^In the guided heist"))
            expect(html).to_have_attribute("data-tutorial", step)
        button = page.locator("button.tut-target[data-action]")
        expect(button).to_have_count(1)
        before = page.evaluate(RENDERS)
        button.click()
        page.wait_for_function(DRAWN_OR_ASKED, arg=before)
        confirm = page.locator("#story-confirm:not([hidden]) button.danger")
        if confirm.count():  # the safety net asks before an early End turn: do it
            confirm.click()
    expect(html).to_have_attribute("data-tutorial", "done")
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("The crew got away with it!")
    expect(page.locator("#tut-lesson")).to_have_text(re.compile(r"^You got away!"))
