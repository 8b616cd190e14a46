"""Playing through the page: share links, clicks, reloads, whole games, keyboard, bad input,
and Pyodide replaying games to the same states as CPython.

Actions are played like a player does: a tile action by clicking the tile, then the button
whose `data-action` is the action text; any other action by clicking its button.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from browserkit import ROOT, Guard, wait_ready

from engine import PlayerSetup, Setup, new_game
from engine.rules.data import ScenarioId
from engine.rules.view import typed_view
from ui.board import tile_labels as board_labels
from ui.describe import action_pos
from ui.session import replay_hashes

FIXTURES = sorted((ROOT / "tests" / "fixtures" / "games").glob("*.json"))


def fixture(name: str) -> dict:
    return json.loads(Path(ROOT / "tests" / "fixtures" / "games" / name).read_text())


@pytest.fixture(scope="module")
def context(browser):
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    guard = Guard()
    guard.protect(context)
    yield context, guard
    context.close()
    guard.check()


@pytest.fixture(scope="module")
def page(context):
    context_, guard = context
    page = context_.new_page()
    guard.watch(page)
    return page


def open_url(page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def fresh(page, site_server, code: str) -> None:
    """A new game of `code`: no saved game to resume."""
    page.goto(site_server.url + "index.html")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    open_url(page, site_server.url + "index.html?game=" + code)


def act(page, text: str) -> None:
    """Play one action through the page, as clicks."""
    if page.locator("#handover").is_visible():
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
    direct.click()
    if page.locator("#story-confirm").is_visible():  # a safety net asks first: go ahead
        page.click("#story-confirm [data-story='yes']")


def tile_labels(page) -> dict[str, str]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-pos]')]
             .map(b => [b.dataset.pos, b.getAttribute('aria-label')]))"""
    )


def expected_labels(game) -> dict[str, str]:
    return board_labels(typed_view(game))


def test_a_share_link_builds_the_engines_building(page, site_server):
    code = fixture("bank_2p_win.json")["setup"]
    open_url(page, site_server.url + "index.html?game=" + code)
    game = new_game(Setup.from_code(code))
    assert tile_labels(page) == expected_labels(game)
    walls = (
        page.locator("#board .tile.wall-e").count() + page.locator("#board .tile.wall-s").count()
    )
    assert walls == sum(len(f["walls"]) for f in game.view()["floors"])
    assert page.locator("#board .tile.has-guard").count() == 1  # the first floor's guard
    assert page.text_content("#status").startswith("Turn 0 · Burglar 1's turn")


def test_peeks_and_moves_by_clicking_then_reload_gives_the_same_game(page, site_server):
    data = fixture("bank_2p_win.json")
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
    status = page.text_content("#status")
    page.reload()
    wait_ready(page)
    assert page.text_content("#status") == status
    assert page.locator("#log li").all_text_contents() == log
    assert tile_labels(page) == expected_labels(game)


def test_undo_takes_back_a_move_but_never_a_reveal(page, site_server):
    data = fixture("bank_2p_win.json")
    fresh(page, site_server, data["setup"])
    act(page, "enter 1.C2")
    assert page.locator("#undo").is_disabled()  # the entrance tile was revealed
    before = tile_labels(page)
    act(page, "move 1.B2")  # reveals 1.B2: cannot be undone
    assert page.locator("#undo").is_disabled()
    act(page, "move 1.C2")  # back onto a revealed tile: can be undone
    assert page.locator("#undo").is_enabled()
    page.click("#undo")
    assert page.locator("#undo").is_disabled()
    assert tile_labels(page) != before


@pytest.mark.parametrize("name", ["bank_2p_win.json", "bank_2p_loss.json"])
def test_a_whole_game_played_through_the_page(page, site_server, name):
    data = fixture(name)
    fresh(page, site_server, data["setup"])
    for text in data["actions"]:
        act(page, text)
    assert page.locator("#end").is_visible()
    title = page.text_content("#end-title")
    assert title == ("The crew got away with it!" if data["outcome"] == "win" else "Busted.")
    assert page.text_content("#end-reason").strip()
    page.click("#end [data-cmd='same']")
    assert page.locator("#end").is_hidden()
    assert page.text_content("#status").startswith("Turn 0")


def test_keyboard_only_turn(page, site_server):
    data = fixture("bank_2p_win.json")
    fresh(page, site_server, data["setup"])
    page.locator("#board [data-pos='1.A1']").focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowDown"):  # to 1.C2
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.pos") == "1.C2"
    page.keyboard.press("Enter")  # select: focus goes to its first action
    assert page.evaluate("document.activeElement.dataset.action") == "enter 1.C2"
    page.keyboard.press("Enter")
    assert "Actions left: 4" in page.text_content("#status")
    page.locator("#board [data-pos='1.B2']").focus()
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.dataset.action") == "peek 1.B2"
    page.keyboard.press("Enter")
    assert "Actions left: 3" in page.text_content("#status")
    page.locator("#other-actions [data-action='end']").focus()
    page.keyboard.press("Enter")  # 2 actions left: ending draws an Event, so it asks first
    assert page.locator("#story-confirm").is_visible()
    assert page.evaluate("document.activeElement.dataset.story") == "no"
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.locator("#handover").is_visible()
    assert page.evaluate("document.activeElement.id") == "handover-go"
    page.keyboard.press("Enter")
    assert page.locator("#handover").is_hidden()
    assert "Burglar 2's turn" in page.text_content("#status")


def test_bad_links_get_words_and_a_new_game_screen(page, site_server):
    for code in ("garbage", "1.z.0.s.-.0.xxbQQ", "1.b.0.s.-.0"):
        open_url(page, site_server.url + "index.html?game=" + code)
        assert page.locator("#setup-screen").is_visible()
        assert page.text_content("#notice").startswith("The game link could not be used:")
    hostile = "<script>window.pwned=1</script>"
    name = base64.urlsafe_b64encode(hostile.encode()).decode().rstrip("=")[:0]
    setup = Setup(ScenarioId.BANK, (PlayerSetup(hostile[:24]),), seed=5)
    open_url(page, site_server.url + "index.html?game=" + setup.to_code())
    assert page.evaluate("window.pwned") is None
    assert page.locator("#board script").count() == 0
    assert hostile[:24] in page.text_content("#status")
    assert name == ""


def test_a_corrupt_save_is_reported_and_kept(browser, site_server):
    context = browser.new_context(service_workers="block")
    guard = Guard()
    guard.protect(context)
    context.add_init_script(
        """if (!localStorage.getItem('burgle.save.bad')) {
             localStorage.setItem('burgle.saves', '["bad"]');
             localStorage.setItem('burgle.save.bad', '{"format": 1, "setup": 3');
             localStorage.setItem('burgle.current', 'bad');
           }"""
    )
    page = context.new_page()
    guard.watch(page)
    open_url(page, site_server.url + "index.html")
    assert page.locator("#setup-screen").is_visible()
    assert "could not be loaded" in page.text_content("#notice")
    assert page.evaluate("localStorage.getItem('burgle.save.bad')") == '{"format": 1, "setup": 3'
    assert "could not be loaded" in page.text_content("#save-list")
    page.click("#start")  # everything else still works
    assert page.locator("#board button.tile").count() == 48
    context.close()
    guard.check()


def test_pyodide_replays_games_to_the_same_states_as_cpython(page, site_server):
    page.goto(site_server.url + "index.html")
    wait_ready(page)
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
        fresh(page, site_server, setup.to_code())
        floors = page.locator("#board section.floor")
        assert [floors.nth(i).is_visible() for i in range(3)] == [True, False, False]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click("[data-cmd='floor'][data-id='2']")
        assert [floors.nth(i).is_visible() for i in range(3)] == [False, True, False]
        assert page.get_attribute("[data-cmd='floor'][data-id='2']", "aria-pressed") == "true"
        page.locator("#board [data-pos='2.B2']").focus()
        page.keyboard.press("PageUp")  # the keys still reach every floor, and bring it up
        assert page.evaluate("document.activeElement.dataset.pos") == "3.B2"
        assert [floors.nth(i).is_visible() for i in range(3)] == [False, False, True]
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    assert all(floors.nth(i).is_visible() for i in range(3))  # side by side when wide


def test_export_then_import_a_save_file(page, site_server, tmp_path):
    setup = Setup(ScenarioId.BANK, (PlayerSetup("Ann"),), seed=11)
    fresh(page, site_server, setup.to_code())
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
    page.evaluate("localStorage.clear()")
    open_url(page, site_server.url + "index.html")
    assert page.locator("#save-list [data-cmd='continue']").count() == 0
    page.set_input_files("#import-file", str(saved))
    page.wait_for_selector("#game-screen:not([hidden])")
    assert page.text_content("#notice") == "Saved game imported."
    assert tile_labels(page) == labels


def test_a_full_storage_stops_autosave_and_says_so(browser, site_server):
    context = browser.new_context(service_workers="block")
    guard = Guard()
    guard.protect(context)
    # The game's saves hit a full quota once the test says so (the start-up probe still works).
    context.add_init_script(
        """const setItem = Storage.prototype.setItem;
           Storage.prototype.setItem = function (key, value) {
             if (window.burgleFull && String(key).startsWith('burgle.')) {
               throw new DOMException('full', 'QuotaExceededError');
             }
             return setItem.call(this, key, value);
           };"""
    )
    page = context.new_page()
    guard.watch(page)
    data = fixture("bank_2p_win.json")
    open_url(page, site_server.url + "index.html?game=" + data["setup"])
    assert page.locator("#saves-off").is_hidden()
    saved = page.evaluate("localStorage.getItem('burgle.current')")
    assert saved
    page.evaluate("window.burgleFull = true")
    act(page, "enter 1.C2")
    full = "Saving failed (storage full?)"
    assert page.text_content("#notice").startswith(full)
    assert "Actions left: 4" in page.text_content("#status")
    before = tile_labels(page)
    act(page, "move 1.B2")  # still playable: the board follows
    act(page, "peek 1.A2")
    assert "Actions left: 2" in page.text_content("#status")
    assert tile_labels(page) != before
    assert page.locator("#saves-off").is_visible()  # the failure stays said
    assert page.text_content("#saves-off").startswith(full)
    assert page.evaluate("localStorage.getItem('burgle.current')") == saved
    context.close()
    guard.check()
