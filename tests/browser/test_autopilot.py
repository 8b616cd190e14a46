"""The autopilot in the page: a 1 human + 1 autopilot Office Job. The autopilot's turn plays
out by itself and hands back to the human; the hint highlights a legal action."""

from __future__ import annotations

import json

from browserkit import act, open_fresh, settled, switch_saved
from playwright.sync_api import expect

from engine import Action, Setup, replay

TURN_TIMEOUT_MS = 120_000  # a whole autopilot turn, in a loaded CI's Pyodide


def saved_game(page):
    """The game the page holds, rebuilt in CPython from its autosave."""
    save_id = page.evaluate("localStorage.getItem('burgle.current')")
    record = json.loads(page.evaluate(f"localStorage.getItem('burgle.save.{save_id}')"))
    return replay(Setup.from_code(record["setup"]), record["actions"])


def test_one_human_and_one_autopilot_office_job(page, site_server):
    open_fresh(page, site_server.url)
    page.select_option("#f-scenario", "office")
    page.select_option("#f-count", "2")
    page.check("#f-auto-2")
    assert not page.is_checked("#f-auto-1")
    page.click("details.more summary")
    page.fill("#f-seed", "7")
    page.click("#start")
    expect(page.locator("#game-screen")).to_be_visible()
    # The human (burglar 1) picks the entrance and ends the turn.
    act(page, "enter 1.B4")
    expect(page.locator("#handover")).to_be_hidden()  # nobody to hand over to
    act(page, "end")  # ending early draws an Event: the safety net asks, act goes ahead
    # The Event may ask the human first (characters are random): answer until it is over.
    for _ in range(5):
        settled(page)
        if not page.locator("#prompt").is_visible():  # not a check: answers an open question
            break
        page.click("#prompt-options button >> nth=0")
    # The autopilot's turn plays out by itself, one action at a time, then hands back.
    page.wait_for_function(
        "document.documentElement.dataset.autopilotPlayed >= '1'", timeout=TURN_TIMEOUT_MS
    )
    page.wait_for_function(
        "document.documentElement.dataset.autopilot === '0'", timeout=TURN_TIMEOUT_MS
    )
    game = saved_game(page)
    assert game.state.current == 0 or game.is_over()
    if game.is_over():
        return
    assert game.state.turn >= 3  # the human's turn, the autopilot's, the human's again
    assert len(game.history) >= 3  # the autopilot played at least one action of its own
    assert page.locator("#log li").count() >= 3  # its steps are in the log (drawn before the flag)
    # The hint: what the autopilot would do for the human, highlighted, with a reason.
    legal = {str(a) for a in game.legal_actions()}
    page.click("#hint")
    page.wait_for_function("document.documentElement.dataset.hint", timeout=TURN_TIMEOUT_MS)
    hint = page.evaluate("document.documentElement.dataset.hint")
    assert hint in legal
    expect(page.locator("#hint-box")).to_be_visible()
    expect(page.locator("#hint-box")).not_to_be_empty()
    expect(page.locator(".hint").first).to_be_attached()
    pos = Action.parse(hint).pos
    if pos >= 0:
        expect(page.locator("#board .tile.hint")).to_have_count(1)
    page.screenshot(path="test-results/autopilot-hint.png")


def test_the_page_measures_its_autopilot(page, site_server):
    """The bench's hook works (its figures are printed by make bench, never asserted)."""
    text = page.evaluate("() => window.burgleAutopilotTimes('office', 2, 3, 1)")
    times = json.loads(text)
    assert len(times) == 3 and all(t >= 0 for t in times)


def test_a_decision_has_its_own_hint_in_the_prompt(page, site_server):
    """While a card asks, the page behind the prompt is inert: the prompt offers the hint
    itself, writes why in its own box and marks the option the autopilot would pick."""
    from positions import alarm_tie

    code, actions = alarm_tie()
    switch_saved(page, site_server.url, code, actions)
    expect(page.locator("#prompt-options [data-action]")).to_have_count(2)
    page.click("#prompt-hint")
    page.wait_for_function("document.documentElement.dataset.hint", timeout=TURN_TIMEOUT_MS)
    hint = page.evaluate("document.documentElement.dataset.hint")
    assert hint in {"choose 1.C2", "choose 1.B3"}
    expect(page.locator("#prompt-why")).to_be_visible()
    expect(page.locator("#prompt-why")).not_to_be_empty()
    expect(page.locator(f"#prompt-options [data-action='{hint}'].hint")).to_have_count(1)
    expect(page.locator("#prompt-options .hint")).to_have_count(1)
    expect(page.locator("#hint-box")).to_be_hidden()
    page.click(f"#prompt-options [data-action='{hint}']")
    expect(page.locator("#prompt")).to_be_hidden()
    expect(page.locator("#prompt-why")).to_be_hidden()
    expect(page.locator("#prompt-hint")).to_be_hidden()


def test_the_stethoscopes_hint_marks_the_die_to_turn(page, site_server):
    from positions import prompting

    from engine import parse_die_face

    code, actions = prompting()
    switch_saved(page, site_server.url, code, actions)
    page.click("#prompt-hint")
    page.wait_for_function("document.documentElement.dataset.hint", timeout=TURN_TIMEOUT_MS)
    option = page.evaluate("document.documentElement.dataset.hint").removeprefix("choose ")
    turned = parse_die_face(option)
    if turned is None:  # keep the roll: its own button
        expect(page.locator("#prompt-options [data-action='choose keep'].hint")).to_have_count(1)
    else:
        marked = page.locator(f"#prompt [data-story='die'][data-die='{turned[0]}'].hint")
        expect(marked).to_have_count(1)
    expect(page.locator("#prompt-why")).not_to_be_empty()
