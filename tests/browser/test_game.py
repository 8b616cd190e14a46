"""Playing through the page: share links, clicks, reloads, whole games, keyboard, bad input,
and Pyodide replaying games to the same states as CPython.

Actions are played like a player does: a tile action by clicking the tile, then the button
whose `data-action` is the action text; any other action by clicking its button.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from browserkit import (
    ROOT,
    act,
    expected_labels,
    guarded_context,
    new_page,
    open_fresh,
    open_page,
    show_fresh,
    switch_saved,
    tile_labels,
    wait_ready,
)
from playwright.sync_api import expect

from engine import PlayerSetup, Setup, new_game
from engine.rules.data import ScenarioId
from ui.session import replay_hashes

FIXTURES = sorted((ROOT / "tests" / "fixtures" / "games").glob("*.json"))


def fixture(name: str) -> dict:
    return json.loads(Path(ROOT / "tests" / "fixtures" / "games" / name).read_text())


def test_a_share_link_builds_the_engines_building(page, site_server):
    code = fixture("bank_2p_win.json")["setup"]
    open_fresh(page, site_server.url, "?game=" + code)
    game = new_game(Setup.from_code(code))
    assert tile_labels(page) == expected_labels(game)
    walls = (
        page.locator("#board .tile.wall-e").count() + page.locator("#board .tile.wall-s").count()
    )
    assert walls == sum(len(f["walls"]) for f in game.view()["floors"])
    assert page.locator("#board .tile.has-guard").count() == 1  # the first floor's guard
    expect(page.locator("#status")).to_have_text(re.compile(r"^Turn 0 · Burglar 1's turn"))


def test_peeks_and_moves_by_clicking_then_reload_gives_the_same_game(page, site_server):
    data = fixture("bank_2p_win.json")
    show_fresh(page, site_server.url, data["setup"])
    actions = data["actions"][:12]
    for text in actions:
        act(page, text)
    game = new_game(Setup.from_code(data["setup"]))
    for text in actions:
        game.apply(text)
    labels = tile_labels(page)
    assert labels == expected_labels(game) | {k: v for k, v in labels.items() if ", selected" in v}
    assert any("Camera" in v for v in labels.values())
    log = page.locator("#log li").all_text_contents()
    assert log[-1].startswith("The crew breaks in at 1.C2")  # newest first
    assert any(line.startswith("Guard moves 1.") for line in log)
    status = page.locator("#status").text_content()
    page.reload()  # on purpose: the autosave brings back the same game
    wait_ready(page)
    expect(page.locator("#status")).to_have_text(status)
    expect(page.locator("#log li")).to_have_text(log)
    assert tile_labels(page) == expected_labels(game)


def test_the_actions_panel_shows_only_when_the_turn_has_actions_besides_the_board(
    page, site_server
):
    """Choosing the entrance is done on the board alone: no empty "Actions" heading; once
    inside, End turn is there and so is its panel."""
    data = fixture("bank_2p_win.json")
    show_fresh(page, site_server.url, data["setup"])
    expect(page.locator("#other-title")).to_be_hidden()
    act(page, data["actions"][0])
    expect(page.locator("#other-actions [data-action='end']")).to_be_visible()
    expect(page.locator("#other-title")).to_be_visible()


def test_undo_takes_back_a_move_but_never_a_reveal(page, site_server):
    data = fixture("bank_2p_win.json")
    switch_saved(page, site_server.url, data["setup"], [])
    undo = page.locator("#undo")
    act(page, "enter 1.C2")
    expect(undo).to_be_disabled()  # the entrance tile was revealed
    before = tile_labels(page)
    act(page, "move 1.B2")  # reveals 1.B2: cannot be undone
    expect(undo).to_be_disabled()
    act(page, "move 1.C2")  # back onto a revealed tile: can be undone
    expect(undo).to_be_enabled()
    undo.click()
    expect(undo).to_be_disabled()
    assert tile_labels(page) != before


@pytest.mark.parametrize("name", ["bank_2p_win.json", "bank_2p_loss.json"])
def test_a_whole_game_played_through_the_page(page, site_server, name):
    data = fixture(name)
    switch_saved(page, site_server.url, data["setup"], [])
    for text in data["actions"]:
        act(page, text)
    expect(page.locator("#end")).to_be_visible()
    title = "The crew got away with it!" if data["outcome"] == "win" else "Busted."
    expect(page.locator("#end-title")).to_have_text(title)
    expect(page.locator("#end-reason")).not_to_be_empty()
    page.click("#end [data-cmd='same']")
    expect(page.locator("#end")).to_be_hidden()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Turn 0"))


def test_the_same_game_again_leaves_no_dialog_holding_the_page(page, site_server):
    """The end dialog's "Same game" closes it: the page it made inert takes input again
    (it once stayed inert, `data-modal` still naming the closed dialog)."""
    data = fixture("bank_2p_win.json")
    switch_saved(page, site_server.url, data["setup"], data["actions"])
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-modal", "end")
    page.click("#end [data-cmd='same']")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Turn 0"))
    expect(page.locator("html")).to_have_attribute("data-modal", "")
    expect(page.locator("#app > [inert]")).to_have_count(0)
    page.click("#board [data-pos='1.C2']")
    expect(page.locator("#tile-actions [data-action='enter 1.C2']")).to_be_visible()


def test_reviewing_from_the_end_dialog_leaves_no_dialog_holding_the_page(page, site_server):
    """ "Review the heist" in the end dialog closes it: the review bar takes input (it once
    opened under a page still inert, its buttons dead, `data-modal` naming the closed end)."""
    data = fixture("bank_2p_win.json")
    switch_saved(page, site_server.url, data["setup"], data["actions"])
    html = page.locator("html")
    expect(html).to_have_attribute("data-modal", "end")
    page.click("#end [data-cmd='review']")
    expect(page.locator("#review-bar")).to_be_visible()
    expect(html).to_have_attribute("data-modal", "")
    expect(page.locator("#app > [inert]")).to_have_count(0)
    last = len(data["actions"])
    expect(html).to_have_attribute("data-review-step", str(last))
    page.click("#review-prev")
    expect(html).to_have_attribute("data-review-step", str(last - 1))


def test_keyboard_only_turn(page, site_server):
    data = fixture("bank_2p_win.json")
    switch_saved(page, site_server.url, data["setup"], [])
    focus = page.locator(":focus")
    status = page.locator("#status")
    page.locator("#board [data-pos='1.A1']").focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowDown"):  # to 1.C2
        page.keyboard.press(key)
    expect(focus).to_have_attribute("data-pos", "1.C2")
    page.keyboard.press("Enter")  # select: focus goes to its first action
    expect(focus).to_have_attribute("data-action", "enter 1.C2")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Actions left: 4")
    page.locator("#board [data-pos='1.B2']").focus()
    page.keyboard.press("Space")
    expect(focus).to_have_attribute("data-action", "peek 1.B2")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Actions left: 3")
    page.locator("#other-actions [data-action='end']").focus()
    page.keyboard.press("Enter")  # 2 actions left: ending draws an Event, so it asks first
    expect(page.locator("#story-confirm")).to_be_visible()
    expect(focus).to_have_attribute("data-story", "no")
    page.keyboard.press("Tab")
    expect(focus).to_have_attribute("data-story", "yes")
    page.keyboard.press("Enter")
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#handover-go")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#handover")).to_be_hidden()
    expect(status).to_contain_text("Burglar 2's turn")


def test_bad_links_get_words_and_a_new_game_screen(page, site_server):
    for code in ("garbage", "1.z.0.s.-.0.xxbQQ", "1.b.0.s.-.0"):
        open_page(page, site_server.url + "index.html?game=" + code)
        expect(page.locator("#setup-screen")).to_be_visible()
        expect(page.locator("#notice")).to_have_text(
            re.compile(r"^The game link could not be used:")
        )
    hostile = "<script>window.pwned=1</script>"
    name = base64.urlsafe_b64encode(hostile.encode()).decode().rstrip("=")[:0]
    setup = Setup(ScenarioId.BANK, (PlayerSetup(hostile[:24]),), seed=5)
    open_page(page, site_server.url + "index.html?game=" + setup.to_code())
    expect(page.locator("#status")).to_contain_text(hostile[:24])
    assert page.evaluate("window.pwned") is None
    assert page.locator("#board script").count() == 0
    assert name == ""


def test_a_corrupt_save_is_reported_and_kept(browser, site_server):
    with guarded_context(browser) as (context, guard):
        page = new_page(context, guard)
        corrupt = '{"format": 1, "setup": 3'
        storage = {"burgle.saves": '["bad"]', "burgle.save.bad": corrupt, "burgle.current": "bad"}
        open_page(page, site_server.url + "index.html", storage)
        expect(page.locator("#setup-screen")).to_be_visible()
        expect(page.locator("#notice")).to_contain_text("could not be loaded")
        assert page.evaluate("localStorage.getItem('burgle.save.bad')") == corrupt
        expect(page.locator("#save-list")).to_contain_text("could not be loaded")
        page.click("#start")  # everything else still works
        expect(page.locator("#board button.tile")).to_have_count(48)


def test_pyodide_replays_games_to_the_same_states_as_cpython(page, site_server):
    if page.get_attribute("html", "data-ready") != "1":  # any started page of the site will do
        open_page(page, site_server.url + "index.html")
    for path in FIXTURES:
        data = json.loads(path.read_text())
        got = json.loads(
            page.evaluate(
                "([c, a]) => window.burgleReplayHashes(c, a)",
                [data["setup"], json.dumps(data["actions"])],
            )
        )
        assert got == replay_hashes(data["setup"], data["actions"]), path.name


def test_a_phone_shows_one_floor_at_a_time_with_tabs_and_keys(page, site_server):
    setup = Setup(ScenarioId.BANK, (PlayerSetup("Ann"),), seed=3)
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        switch_saved(page, site_server.url, setup.to_code(), [])
        floors = page.locator("#board section.floor")
        expect_floors_shown(floors, [True, False, False])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click("[data-cmd='floor'][data-id='2']")
        expect_floors_shown(floors, [False, True, False])
        expect(page.locator("[data-cmd='floor'][data-id='2']")).to_have_attribute(
            "aria-pressed", "true"
        )
        page.locator("#board [data-pos='2.B2']").focus()
        page.keyboard.press("PageUp")  # the keys still reach every floor, and bring it up
        expect(page.locator(":focus")).to_have_attribute("data-pos", "3.B2")
        expect_floors_shown(floors, [False, False, True])
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    expect_floors_shown(floors, [True, True, True])  # side by side when wide


def expect_floors_shown(floors, shown: list[bool]) -> None:
    for i, visible in enumerate(shown):
        if visible:
            expect(floors.nth(i)).to_be_visible()
        else:
            expect(floors.nth(i)).to_be_hidden()


def test_export_then_import_a_save_file(page, site_server, tmp_path):
    setup = Setup(ScenarioId.BANK, (PlayerSetup("Ann"),), seed=11)
    switch_saved(page, site_server.url, setup.to_code(), [])
    game = new_game(setup)
    entrance = next(text for text in game.view()["legal"] if text.startswith("enter"))
    act(page, entrance)
    labels = {pos: label.replace(", selected", "") for pos, label in tile_labels(page).items()}
    page.click("[data-cmd='new']")
    with page.expect_download() as download:
        page.locator("#save-list [data-cmd='export']").first.click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["setup"] == setup.to_code() and record["actions"] == [entrance]
    open_fresh(page, site_server.url)  # on purpose: a first visit, as on another computer
    expect(page.locator("#save-list [data-cmd='continue']")).to_have_count(0)
    page.set_input_files("#import-file", str(saved))
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#notice")).to_have_text("Saved game imported.")
    assert tile_labels(page) == labels


def test_a_full_storage_stops_autosave_and_says_so(browser, site_server):
    with guarded_context(browser) as (context, guard):
        # The game's saves hit a full quota once the test says so (the start-up probe works).
        context.add_init_script(
            """const setItem = Storage.prototype.setItem;
               Storage.prototype.setItem = function (key, value) {
                 if (window.burgleFull && String(key).startsWith('burgle.')) {
                   throw new DOMException('full', 'QuotaExceededError');
                 }
                 return setItem.call(this, key, value);
               };"""
        )
        page = new_page(context, guard)
        data = fixture("bank_2p_win.json")
        open_page(page, site_server.url + "index.html?game=" + data["setup"])
        expect(page.locator("#saves-off")).to_be_hidden()
        saved = page.evaluate("localStorage.getItem('burgle.current')")
        assert saved
        page.evaluate("window.burgleFull = true")
        act(page, "enter 1.C2")
        full = "Saving failed (storage full?)"
        expect(page.locator("#notice")).to_have_text(re.compile("^" + re.escape(full)))
        expect(page.locator("#status")).to_contain_text("Actions left: 4")
        before = tile_labels(page)
        act(page, "move 1.B2")  # still playable: the board follows
        act(page, "peek 1.A2")
        expect(page.locator("#status")).to_contain_text("Actions left: 2")
        assert tile_labels(page) != before
        expect(page.locator("#saves-off")).to_be_visible()  # the failure stays said
        expect(page.locator("#saves-off")).to_have_text(re.compile("^" + re.escape(full)))
        assert page.evaluate("localStorage.getItem('burgle.current')") == saved
