"""A newcomer on a phone (issue 23), measured in Chromium at 390x844: the guided heist shows
each step's words and what it marks on screen without scrolling; one slim top bar; the Stairs
tile offers the way up and the board follows the burglar; pawns big enough to see."""

from __future__ import annotations

import json

import pytest
from browserkit import ROOT, VIEWPORT, Tab, guarded_context, open_fresh, open_saved, switch_saved
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}

# Inside the window and not under an open decision (the page behind a modal prompt is inert,
# so hit-testing cannot tell: the prompt's box must not cover the element).
IN_VIEW = """(el) => {
  const r = el.getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
      && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  const prompt = document.getElementById('prompt');
  if (!inside || prompt.hidden || prompt.contains(el)) return inside;
  const p = prompt.getBoundingClientRect();
  return r.bottom <= p.top || r.top >= p.bottom || r.right <= p.left || r.left >= p.right;
}"""


@pytest.fixture(scope="module")
def phone_tab(browser):
    """The module's phone-sized tab (started once; positions are resumed in it)."""
    with (
        guarded_context(browser, viewport=PHONE, locale="en-US") as (context, guard),
        Tab(context, guard) as tab,
    ):
        yield tab


@pytest.fixture
def phone(phone_tab):
    return phone_tab.live()


def load(page, base_url: str, code: str, actions: tuple[str, ...]) -> None:
    switch_saved(page, base_url, code, actions)


def in_view(locator) -> bool:
    return bool(locator.evaluate(IN_VIEW))


def test_every_guided_step_shows_its_words_and_its_marks_without_scrolling(phone, site_server):
    from ui import tutorial
    from ui.messages import EN

    page = phone
    open_fresh(page, site_server.url)
    page.click("[data-cmd='tutorial']")
    html = page.locator("html")
    for done, step in enumerate(tutorial.SCRIPT):
        index = tutorial.step_at(done)
        expect(page.locator("#tut-progress")).to_have_text(
            f"Step {index + 1} of {len(tutorial.STEPS)}"
        )
        expect(html).to_have_attribute("data-tutorial", step)
        lesson = page.locator("#tut-lesson")
        expect(lesson).to_have_text(EN[tutorial.lesson_key(index)])
        button = page.locator(f"button.tut-target[data-action='{step}']")
        expect(button).to_have_count(1)
        assert in_view(lesson), (done, step, "the instruction is off screen")
        for marked in page.locator(".tut-target").all():
            assert in_view(marked), (done, step, marked.get_attribute("class"))
        renders = html.get_attribute("data-renders")
        button.click()
        expect(html).not_to_have_attribute("data-renders", renders or "")
    expect(html).to_have_attribute("data-tutorial", "done")
    expect(page.locator("#end")).to_be_visible()


def test_the_top_bar_is_one_slim_row_on_a_phone(phone, site_server):
    page = phone
    data = json.loads((ROOT / "tests" / "fixtures" / "games" / "office_1p_win.json").read_text())
    load(page, site_server.url, data["setup"], tuple(data["actions"][:3]))
    header = page.locator(".app-header")
    expect(page.locator("#undo")).to_be_visible()
    assert header.bounding_box()["height"] <= 64
    expect(page.locator("[data-cmd='legend']")).to_be_hidden()  # folded in the menu
    page.click("#menu-toggle")
    expect(page.locator("[data-cmd='legend']")).to_be_visible()
    page.click("[data-cmd='legend']")
    expect(page.locator("#legend")).to_be_visible()
    expect(page.locator("#menu-toggle")).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Escape")
    expect(page.locator("#legend")).to_be_hidden()


def test_the_top_bar_keeps_undo_hint_and_menu_on_a_320_pixel_phone_in_french(browser, site_server):
    """The longest words (Défaire, Conseil) on the narrowest phone: the title gives way, cut
    short; the three buttons stay whole on screen (Menu was cut off at 360 px)."""
    from positions import crowded

    with (
        guarded_context(browser, viewport={"width": 320, "height": 640}, locale="fr-FR") as (
            context,
            guard,
        ),
        Tab(context, guard) as tab,
    ):
        page = tab.live()
        open_saved(page, site_server.url, *crowded())
        expect(page.locator("#undo")).to_have_text("Défaire")
        for control in ("#undo", "#hint", "#menu-toggle"):
            box = page.locator(control).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320, (control, box)
        assert page.locator(".app-header").bounding_box()["height"] <= 64


def test_the_stairs_tile_offers_the_way_up_and_the_board_follows(phone, site_server):
    """On the Stairs (1.A3) the tile's own actions hold "Go up to 2.A3"; after it the phone
    shows floor 2, where the burglar now stands."""
    page = phone
    data = json.loads((ROOT / "tests" / "fixtures" / "games" / "office_1p_win.json").read_text())
    upstairs = data["actions"].index("move 2.A3")
    load(page, site_server.url, data["setup"], tuple(data["actions"][:upstairs]))
    expect(page.locator(".floor-tab").nth(0)).to_have_attribute("aria-pressed", "true")
    page.click("#board [data-pos='1.A3']")
    go_up = page.locator("#tile-actions [data-action='move 2.A3']")
    expect(go_up).to_have_text("Go up to 2.A3")
    go_up.click()
    expect(page.locator(".floor-tab").nth(1)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board [data-pos='2.A3'] .pawn.burglar")).to_be_visible()


def test_a_burglars_pawn_is_at_least_40_percent_of_its_tile_on_a_phone(phone, site_server):
    page = phone
    data = json.loads((ROOT / "tests" / "fixtures" / "games" / "office_1p_win.json").read_text())
    load(page, site_server.url, data["setup"], tuple(data["actions"][:3]))
    pawn = page.locator("#board .pawn.burglar").first
    expect(pawn).to_be_visible()
    tile = page.locator("#board .tile.has-burglar").first
    p, t = pawn.bounding_box(), tile.bounding_box()
    assert p and t
    assert p["height"] >= 0.4 * t["height"], (p, t)
    name = tile.locator(".name").bounding_box()
    assert name and p["y"] + p["height"] <= name["y"] + 1  # never over the tile's name


def test_end_turn_stays_in_sight_when_a_crowded_turn_lists_many_actions(phone, site_server):
    """The crowded Bank position lists gifts, trades and a tool under the board: End turn is
    pinned to the sheet's bottom edge, on screen and on top (a tap there ends the turn)."""
    from positions import crowded

    page = phone
    switch_saved(page, site_server.url, *crowded())
    end = page.locator("#other-actions [data-action='end']")
    expect(page.locator("#other-actions [data-action]")).not_to_have_count(1)
    expect(end).to_be_in_viewport(ratio=1)
    page.wait_for_function(  # waits (and fails on timeout) until nothing covers End turn
        """(el) => { const r = el.getBoundingClientRect();
                     const x = r.x + r.width / 2, y = r.y + r.height / 2;
                     return document.elementFromPoint(x, y) === el; }""",
        arg=end.element_handle(),
    )


@pytest.mark.parametrize(("width", "height", "least"), [(1280, 800, 120), (1920, 1080, 170)])
def test_a_wide_screen_shows_the_floor_being_played_large_and_the_others_whole(
    page, site_server, width, height, least
):
    """The Bank Job's floor in play gets big tiles; the other two stay whole beside it, and
    one click on a floor tab makes another floor the large one."""
    from positions import crowded

    page.set_viewport_size({"width": width, "height": height})
    try:
        wide_screen_checks(page, site_server, width, height, least, crowded())
    finally:
        page.set_viewport_size(VIEWPORT)


def test_a_wide_screen_gives_the_width_the_played_floor_leaves_to_the_other_one(page, site_server):
    """The Office Job on a 1920x1080 screen: its one other floor grows into the width the
    played floor leaves (it stayed at 96 px tiles beside a hole), and stays whole."""
    data = json.loads((ROOT / "tests" / "fixtures" / "games" / "office_1p_win.json").read_text())
    page.set_viewport_size({"width": 1920, "height": 1080})
    try:
        load(page, site_server.url, data["setup"], tuple(data["actions"][:3]))
        small = page.locator("#board .floor:not(.active) .tile").first
        expect(small).to_be_visible()
        page.wait_for_function(
            """() => { const t = document.querySelector('#board .floor:not(.active) .tile');
                       return t.getBoundingClientRect().width >= 120; }"""
        )
        for floor in page.locator("#board .floor").all():
            r = floor.bounding_box()
            assert r and r["x"] + r["width"] <= 1920 and r["y"] + r["height"] <= 1080, r
    finally:
        page.set_viewport_size(VIEWPORT)


def wide_screen_checks(page, site_server, width, height, least, position) -> None:
    switch_saved(page, site_server.url, *position)  # laid out at this window's size
    big = page.locator("#board .floor.active .tile").first
    expect(big).to_be_visible()
    box = big.bounding_box()
    assert box and box["width"] >= least, box
    for floor in page.locator("#board .floor").all():
        r = floor.bounding_box()
        assert r and r["x"] + r["width"] <= width and r["y"] + r["height"] <= height, r
    tabs = page.locator(".floor-tab")
    other = next(
        i for i in range(tabs.count()) if tabs.nth(i).get_attribute("aria-pressed") != "true"
    )
    tabs.nth(other).click()
    expect(tabs.nth(other)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .floor").nth(other)).to_have_class("floor active")


def test_a_watch_link_on_a_phone_lays_the_floor_across_the_screen(phone, site_server):
    """A watch link has no bottom sheet: its floor takes the width (it was squeezed to
    44 px tiles, keeping room for a sheet that is not there)."""
    from ui import links

    page = phone
    data = json.loads((ROOT / "tests" / "fixtures" / "games" / "bank_2p_win.json").read_text())
    query = links.link_query(data["setup"], data["actions"]) + "&watch=1"
    open_fresh(page, site_server.url, query)
    expect(page.locator("#game-screen.reviewing")).to_be_visible()
    expect(page.locator("#board .floor.active .tile").first).to_be_visible()
    least = int(0.18 * PHONE["width"])  # 70 px: four tiles across, with the gaps
    page.wait_for_function(f"+document.documentElement.dataset.tile >= {least}")


def test_a_hint_on_screen_does_not_shrink_the_board_when_a_floor_tab_is_tapped(phone, site_server):
    """The tiles are sized for the screen, not for a hint that happens to be up: tapping a
    floor tab (which sizes them again) while one shows keeps them as they were."""
    page = phone
    data = json.loads((ROOT / "tests" / "fixtures" / "games" / "office_1p_win.json").read_text())
    load(page, site_server.url, data["setup"], tuple(data["actions"][:3]))
    tile = page.evaluate("document.documentElement.dataset.tile")
    page.click("#hint")
    expect(page.locator("#hint-box")).not_to_have_text("")
    page.wait_for_function("document.documentElement.dataset.hint")
    page.click(".floor-tab >> nth=1")
    expect(page.locator(".floor-tab").nth(1)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("html")).to_have_attribute("data-tile", tile)


# A Bank game (seed 555's crew: the Acrobat and the Spotter) at turn 5's start, where the
# hint's reasons run to ten lines: the Acrobat's free step into the guard's tile.
LONG_HINT_SETUP = "1.b.ff.s.-.0.xxbQnVyZ2xhciAx.xxbQnVyZ2xhciAy"
LONG_HINT_ACTIONS = (
    "enter 1.B3", "peek 1.A3", "move 1.C3", "peek 1.D3", "peek 1.C2", "end",
    "ability clairvoyance", "choose top", "peek 1.B4", "move 1.C3", "move 1.C2", "end",
    "move 1.C4", "peek 1.D4", "move 1.C3", "move 1.C2", "end",
    "move 1.B2", "use crystal-ball", "choose keycode-change,lampshade,squeak", "move 1.B2",
    "move 1.B2", "ability clairvoyance", "choose top", "end",
)  # fmt: skip

# Seen, not merely inside the window: the point at its middle hits it (a scrolling panel
# squeezed to nothing, or the board over it, would not).
SEEN = """(el) => {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  if (r.height <= 0 || r.top < 0 || r.bottom > window.innerHeight) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && el.contains(hit);
}"""


def test_a_long_french_hint_under_lost_visuals_notice_leaves_its_button_in_sight(
    browser, site_server
):
    """The notice over the floor made its head taller than the one the tiles were sized
    by, and the hint's box took a fifth of the screen: the sheet kept 45 px, all of it under
    the pinned End turn, and the hinted Crystal Ball could not be tapped."""
    from positions import lost_visual_tool_hint

    with (
        guarded_context(browser, viewport=PHONE, locale="fr-FR") as (context, guard),
        Tab(context, guard) as tab,
    ):
        page = tab.live()
        open_saved(page, site_server.url, *lost_visual_tool_hint())
        page.click("#hint")
        page.wait_for_function("document.documentElement.dataset.hint")
        page.wait_for_function(f"({SEEN})(document.querySelector('.btn.hint'))")
        page.wait_for_function(f"({SEEN})(document.getElementById('hint-box'))")


def test_a_long_hint_leaves_the_button_it_points_at_in_sight(phone, site_server):
    """Uncapped, ten lines of reasons took all the room under the board: the sheet with the
    hinted button shrank to nothing. The box scrolls past its cap; the button stays seen."""
    page = phone
    load(page, site_server.url, LONG_HINT_SETUP, LONG_HINT_ACTIONS)
    page.click("#hint")
    page.wait_for_function("document.documentElement.dataset.hint")
    box = page.locator("#hint-box")
    assert box.evaluate("e => e.scrollHeight") > 0.2 * PHONE["height"], "the hint is not long"
    page.wait_for_function(f"({SEEN})(document.querySelector('.btn.hint'))")
    page.wait_for_function(f"({SEEN})(document.getElementById('hint-box'))")
