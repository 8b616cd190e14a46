"""The board's look and access (issue 15), measured in Chromium at a phone, a laptop and a
wide screen: tile sizes, no horizontal scroll, no part of a tile spilling out or over another
on a crowded position, distinct pawns, a legend entry for every icon, axe-core's WCAG 2.1 A/AA
rules, and the keyboard (one tab stop per floor, modal dialogs)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from browserkit import ROOT, open_fresh, settled, show_saved, switch_saved
from playwright.sync_api import expect
from positions import (
    alarm_on_guard_floor,
    crowded,
    ending,
    four_burglars,
    prompting,
    safe_cracking,
)

if TYPE_CHECKING:
    from engine import Setup
    from engine.rules.game import Game

SIZES = {"phone": (390, 844), "laptop": (1280, 800), "wide": (1920, 1080)}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
POSITIONS = {"crowded": crowded, "safe": safe_cracking, "four": four_burglars, "ending": ending}


@pytest.fixture
def page(page):
    """The module's page, back at the laptop size after each test."""
    yield page
    at(page, "laptop")


def at(page, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    settled(page)


def show(page, site_server, position: str) -> None:
    """The page on a position, for checks that change nothing (started once per position)."""
    show_saved(page, site_server.url, *POSITIONS[position]())


BOXES = """() => {
  const out = [];
  for (const tile of document.querySelectorAll('#board .tile')) {
    const t = tile.getBoundingClientRect();
    if (!t.width || tile.closest('.floor').offsetParent === null) continue;
    const boxes = [];
    for (const part of tile.querySelectorAll('.part, .pawn, .tok')) {
      const r = part.getBoundingClientRect();
      if (!part.childNodes.length || !r.width) continue;
      boxes.push({cls: part.className, l: r.left, t: r.top, r: r.right, b: r.bottom,
                  clipped: part.scrollWidth > part.clientWidth + 1,
                  zone: part.classList.contains('part') ? 'tile' : part.parentElement.className});
    }
    out.push({pos: tile.dataset.pos, l: t.left, t: t.top, r: t.right, b: t.bottom,
              w: t.width, boxes});
  }
  return out;
}"""


def overlaps(a: dict, b: dict) -> bool:
    eps = 0.5
    return (
        a["l"] < b["r"] - eps
        and b["l"] < a["r"] - eps
        and a["t"] < b["b"] - eps
        and b["t"] < a["b"] - eps
    )


@pytest.mark.parametrize("size", SIZES)
def test_tiles_are_big_enough_for_the_window_and_every_floor_is_in_sight(page, site_server, size):
    show(page, site_server, "crowded")
    at(page, size)
    tiles = page.evaluate(BOXES)
    width, height = SIZES[size]
    smallest = min(t["w"] for t in tiles)
    if size == "phone":
        grid = page.locator("#board .floor.active .floor-grid").bounding_box()
        assert grid["width"] >= width - 24  # one floor across the phone's width
        assert smallest >= 80
    else:
        # The floor in play is large (issue 23); the others stay whole beside it, smaller.
        big = page.locator("#board .floor.active .tile").first.bounding_box()
        assert big["width"] >= (120 if size == "laptop" else 170)
        assert smallest >= (56 if size == "laptop" else 80)
        assert len(tiles) == 48  # all three floors of the Bank ...
        assert all(
            t["l"] >= 0 and t["r"] <= width and t["t"] >= 0 and t["b"] <= height for t in tiles
        )
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("position", ["crowded", "safe", "four"])
def test_nothing_spills_out_of_a_tile_or_over_another_part(page, site_server, size, position):
    show(page, site_server, position)
    at(page, size)
    width = SIZES[size][0]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    busy = 0
    for tile in page.evaluate(BOXES):
        boxes = tile["boxes"]
        busy = max(busy, len(boxes))
        for box in boxes:
            assert not box["clipped"], (tile["pos"], box["cls"])
            inside = (
                box["l"] >= tile["l"] - 0.5
                and box["r"] <= tile["r"] + 0.5
                and box["t"] >= tile["t"] - 0.5
                and box["b"] <= tile["b"] + 0.5
            )
            assert inside, (tile["pos"], box["cls"], box, tile)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                if a["zone"] == b["zone"]:
                    assert not overlaps(a, b), (tile["pos"], a["cls"], b["cls"])
    assert busy >= 7  # a crowded tile was seen: parts, pawns and tokens together


def test_every_burglars_pawn_differs_from_every_other(page, site_server):
    show(page, site_server, "four")
    pawns = page.evaluate(
        """() => [...document.querySelectorAll('#board .pawn.burglar')].map(p => ({
             player: p.dataset.player, colour: getComputedStyle(p).color,
             mark: p.querySelector('.ic use').getAttribute('href')}))"""
    )
    assert sorted(p["player"] for p in pawns) == ["0", "1", "2", "3"]
    assert len({p["colour"] for p in pawns}) == 4
    assert len({p["mark"] for p in pawns}) == 4
    names = page.locator("#crew strong").all_text_contents()
    assert len(set(names)) == len(names)


def icon_ids(page, scope: str) -> set[str]:
    hrefs = page.evaluate(
        f"""() => [...document.querySelectorAll('{scope} use')].map(u => u.getAttribute('href'))"""
    )
    return {href.split("#", 1)[1] for href in hrefs}


def test_every_icon_the_board_shows_has_a_legend_entry(page, site_server):
    from ui.board import MARK_ICONS, TOKEN_ICONS

    seen: set[str] = set()
    for position in ("four", "safe", "ending", "crowded"):
        show(page, site_server, position)
        seen |= icon_ids(page, "#board")
    legend = icon_ids(page, "#legend")
    dice = {i for i in seen if i.startswith("die-")}
    assert dice and "die-2" in legend  # one entry for the guard's speed die
    assert seen - dice <= legend
    assert set(TOKEN_ICONS) | set(MARK_ICONS) <= legend
    assert len([i for i in legend if i.startswith("k-")]) == 21  # 20 rooms and the tile back
    page.click("[data-cmd='legend']")
    expect(page.locator("#legend")).to_be_visible()
    expect(page.locator("#legend-close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#legend")).to_be_hidden()
    expect(page.locator("#legend-open")).to_be_focused()


def axe(page) -> list[dict]:
    # Not a <script> tag: the page's CSP refuses inline scripts. The test's own evaluation
    # (DevTools protocol) is outside the page's policy, so axe runs without weakening it.
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate("(source) => { (0, eval)(source); }", AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        """async () => {
             const r = await axe.run(document, {runOnly: {type: 'tag',
               values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}});
             return r.violations.map(v => ({id: v.id, help: v.help,
               nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' ' + n.failureSummary)}));
           }"""
    )
    return result


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_axe_finds_nothing_on_a_started_game(page, site_server, size):
    show(page, site_server, "crowded")
    at(page, size)
    assert axe(page) == []


def test_axe_finds_nothing_with_a_prompt_open(page, site_server):
    show_saved(page, site_server.url, *prompting())
    expect(page.locator("#prompt")).to_be_visible()
    question = page.locator("#prompt-text").text_content()
    expect(page.get_by_role("dialog", name=question)).to_have_count(1)  # named by its question
    assert axe(page) == []


def test_axe_finds_nothing_on_the_new_game_screen(page, site_server):
    open_fresh(page, site_server.url)
    expect(page.locator("#setup-screen")).to_be_visible()
    assert axe(page) == []


def test_axe_finds_nothing_on_the_hand_over(page, site_server):
    switch_saved(page, site_server.url, ending()[0], [])
    page.click("#board [data-pos='1.C2']")
    page.click("#tile-actions [data-action='enter 1.C2']")
    page.click("#other-actions [data-action='end']")
    # Ending early draws an Event: the safety net asks first; go ahead.
    page.click("#story-confirm [data-story='yes']")
    expect(page.locator("#handover")).to_be_visible()
    assert axe(page) == []


def test_a_button_behind_the_hand_over_takes_no_input(page, site_server):
    """The hand-over alone takes input: Enter pressed twice on End turn landed on the next
    burglar's action behind it (the same button, redrawn) and played it before the dialog's
    own focus came."""
    switch_saved(page, site_server.url, ending()[0], [])
    page.click("#board [data-pos='1.C2']")
    page.click("#tile-actions [data-action='enter 1.C2']")
    page.click("#other-actions [data-action='end']")
    page.click("#story-confirm [data-story='yes']")
    expect(page.locator("html")).to_have_attribute("data-modal", "handover")
    behind = page.locator("#app [inert] button[data-action]").first
    action = behind.get_attribute("data-action")
    behind.dispatch_event("click")
    expect(page.locator("#handover")).to_be_visible()
    page.click("#handover-go")
    expect(page.locator("#status")).to_contain_text("Actions left: 4")
    assert action


def focused(page) -> dict:
    return page.evaluate(
        """() => { const a = document.activeElement;
                   return {pos: a.dataset.pos || '', action: a.dataset.action || '', id: a.id,
                           tag: a.tagName, inHandover: !!a.closest('#handover')}; }"""
    )


def test_keyboard_only_turn_and_the_hand_over_holds_the_keys(page, site_server):
    open_fresh(page, site_server.url)
    # A fixed seed: the same crew and the same Event at End every run (a random one could
    # skip the next burglar's turn, Jump the gun, and no hand-over would come).
    page.evaluate("document.getElementById('f-seed').value = '4'")  # among the options folded away
    page.focus("#start")
    page.keyboard.press("Enter")
    expect(page.locator("#game-screen")).to_be_visible()
    focus = page.locator(":focus")
    expect(focus).to_have_attribute("data-pos", "1.A1")  # after Start, focus lands on the board
    # One tab stop per floor: Tab leaves floor 1 for floor 2's grid.
    page.keyboard.press("Tab")
    expect(focus).to_have_attribute("data-pos", re.compile(r"^2\."))
    page.keyboard.press("Shift+Tab")
    expect(focus).to_have_attribute("data-pos", "1.A1")
    for key in ("End", "Home", "ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    expect(focus).to_have_attribute("data-pos", "1.B2")
    entrance = page.evaluate(
        "() => [...document.querySelectorAll('#board .tile.actionable')].map(t => t.dataset.pos)"
    )[0]
    # Walk to an entrance tile with the arrows alone.
    col, row = ord(entrance[2]) - ord("A"), int(entrance[3]) - 1
    page.keyboard.press("Control+Home")
    for _ in range(col):
        page.keyboard.press("ArrowRight")
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    expect(focus).to_have_attribute("data-pos", entrance)
    page.keyboard.press("Enter")
    expect(focus).to_have_attribute("data-action", f"enter {entrance}")
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_contain_text("Actions left: 4")
    for _ in range(60):
        if focused(page)["action"] == "end":
            break
        page.keyboard.press("Tab")
    expect(focus).to_have_attribute("data-action", "end")
    page.keyboard.press("Enter")
    # 4 actions left: ending draws an Event, so the safety net asks (focus on Cancel).
    expect(page.locator("#story-confirm")).to_be_visible()
    expect(focus).to_have_attribute("data-story", "no")
    page.keyboard.press("Tab")  # to "Do it"
    expect(focus).to_have_attribute("data-story", "yes")
    page.keyboard.press("Enter")
    handover = page.locator("#handover")
    prompt = page.locator("#prompt")
    # An Event that asks a choice first (Peekhole) is answered with the keyboard; then the
    # hand-over comes.
    expect(page.locator("#handover:visible, #prompt:visible").first).to_be_visible()
    if prompt.is_visible():
        page.locator("#prompt-options button").first.focus()
        page.keyboard.press("Enter")
    expect(handover).to_be_visible()
    expect(page.locator("#handover-go")).to_be_focused()
    status = page.locator("#status").text_content()
    # Keys never reach the page behind the dialog.
    for keys in (["Shift+Tab"] * 5, ["Tab"] * 5):
        page.focus("#handover-go")
        for key in keys:
            page.keyboard.press(key)
            now = focused(page)
            assert now["inHandover"] or now["tag"] == "BODY", (keys, now)
        expect(handover).to_be_visible()
    assert page.evaluate("document.getElementById('game-screen').inert")
    # What once ended the next burglar's turn unseen: now it can only press the dialog's button.
    page.focus("#handover-go")
    for key in ("Shift+Tab", "Shift+Tab", "Enter"):
        page.keyboard.press(key)
    # The Enter either pressed the dialog's button (it closes) or nothing: never a turn's action.
    settled(page)
    expect(page.locator("#status")).to_have_text(status)
    if handover.is_visible():  # not a check: closes the dialog if the Enter left it open
        page.keyboard.press("Enter")
    expect(handover).to_be_hidden()
    assert not page.evaluate("document.getElementById('game-screen').inert")


def test_the_guards_marked_next_move_under_an_alarm_is_the_walk_he_then_takes(page, site_server):
    """An alarm rings on his floor: he walks his die plus one. The tiles marked as his next
    move are exactly the tiles he walks when the turn ends (the page once cut at his die)."""
    code, actions, walk = alarm_on_guard_floor()
    switch_saved(page, site_server.url, code, actions)
    expect(page.locator("#board .tile.route")).to_have_count(len(set(walk)))
    for k, pos in enumerate(walk, start=1):
        tile = page.locator(f"#board [data-pos='{pos}']")
        expect(tile).to_have_class(re.compile(r"\broute\b"))
        expect(tile).to_have_attribute("aria-label", re.compile(rf"guard step {k}\b"))
    page.click("#other-actions [data-action='end']")
    log = page.locator("#log")
    for src, dst in zip((None, *walk), walk, strict=False):
        if src is not None:
            expect(log).to_contain_text(f"Guard moves {src} -> {dst}")
    expect(page.locator(f"#board [data-pos='{walk[-1]}'] .pawn.guard")).to_have_count(1)


def test_an_empty_log_takes_no_focus_and_a_log_with_lines_does(page, site_server):
    """The empty log was a tab stop that showed nothing when focused."""
    open_fresh(page, site_server.url, "?game=" + ending()[0])
    expect(page.locator("#log li")).to_have_count(0)
    expect(page.locator("#log")).not_to_have_attribute("tabindex", "0")
    page.click("#board [data-pos='1.C2']")
    page.click("#tile-actions [data-action='enter 1.C2']")
    expect(page.locator("#log")).to_have_attribute("tabindex", "0")


def test_the_legend_opens_at_its_top_and_tab_stays_inside(page, site_server):
    """It opened scrolled to its bottom (focus on a Close button there), and Tab from Close
    went on to <body> (the page behind is inert)."""
    show(page, site_server, "crowded")
    page.click("[data-cmd='legend']")
    expect(page.locator("#legend-close")).to_be_focused()
    page.wait_for_function("document.querySelector('#legend .legend-dialog').scrollTop === 0")
    for key in ("Tab", "Shift+Tab", "Tab"):
        page.keyboard.press(key)
        expect(page.locator("#legend-close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#legend")).to_be_hidden()


def _prefixes_with_a_forecast() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two prefixes of a fixture game where the first floor's guard has a next move shown:
    ending now draws an Event in the first, not in the second."""
    from engine import Match
    from engine.rules.view import typed_view

    code, actions = ending()
    match = Match.start(code, actions)
    found: dict[bool, tuple[str, ...]] = {}
    for k in range(1, len(actions)):
        view = typed_view(match.game_at(k))
        if view.pending is not None or view.outcome:
            continue
        first = view.floors[0].guard.next
        if first is None or first.stays:
            continue
        found.setdefault(view.event_if_end_now, tuple(actions[:k]))
        if len(found) == 2:
            break
    return found[True], found[False]


def test_the_guards_next_move_warns_when_the_event_drawn_at_end_may_change_it(page, site_server):
    """The engine foresees his walk as if the Event drawn at End changed nothing: the floor's
    line says so exactly when ending now draws one."""
    with_event, without_event = _prefixes_with_a_forecast()
    code = ending()[0]
    info = page.locator("#board .floor-info").first
    switch_saved(page, site_server.url, code, with_event)
    expect(info).to_contain_text("next move")
    expect(info).to_contain_text("the Event drawn at End may change it")
    switch_saved(page, site_server.url, code, without_event)
    expect(info).to_contain_text("next move")
    expect(info).not_to_contain_text("may change it")


def spotter_looked(side: str, kept: str) -> tuple[Setup, tuple[str, ...], Game]:
    """A Bank Job where the Spotter (basic: Clairvoyance, advanced: Precognition) enters at
    1.A1 and looks at the top card; `kept` is "top" or "bottom". The setup, its actions and
    the engine's game at their end."""
    from engine import PlayerSetup, ScenarioId, Setup, new_game
    from engine.rules.data import Character, Side

    setup = Setup(
        scenario=ScenarioId.BANK,
        players=(
            PlayerSetup("B1", Character.SPOTTER, Side(side)),
            PlayerSetup("B2", Character.HACKER, Side.BASIC),
        ),
        seed=7,
    )
    ability = "clairvoyance" if side == "basic" else "precognition"
    actions = ("enter 1.A1", f"ability {ability}", f"choose {kept}")
    game = new_game(setup)
    for text in actions:
        game.apply(text)
    return setup, actions, game


def test_the_floor_line_names_the_patrol_card_the_spotter_kept_on_top(page, site_server):
    """Clairvoyance shows the whole table the guard's next patrol card: kept on top, the
    floor's line names it (the engine counts it in his next move) until he draws it."""
    setup, kept, game = spotter_looked("basic", "top")
    seen = game.view()["floors"][0]["guard"]["seen_top"]  # the engine's own answer
    assert seen is not None
    cell = seen.split(".")[1]
    info = page.locator("#board .floor-info").first
    switch_saved(page, site_server.url, setup.to_code(), kept)
    expect(info).to_contain_text(f"his next patrol card, seen by the Spotter: Floor 1, {cell}")
    switch_saved(page, site_server.url, setup.to_code(), spotter_looked("basic", "bottom")[1])
    expect(info).to_contain_text("next move")
    expect(info).not_to_contain_text("seen by the Spotter")


def test_the_event_precognition_kept_on_top_is_named_by_the_status_and_the_decks(page, site_server):
    """Precognition shows the table the next Event: kept on top, the status and the decks
    name it; the floor's line still says the Event may change his move."""
    from ui.messages import name_of

    setup, kept, game = spotter_looked("advanced", "top")
    seen = game.view()["decks"]["events_seen"]  # the engine's own answer
    assert len(seen) == 1
    card = name_of("event", seen[0])
    info = page.locator("#board .floor-info").first
    switch_saved(page, site_server.url, setup.to_code(), kept)
    expect(page.locator("#status")).to_contain_text(f"the Event seen on top: {card}")
    expect(page.locator("#decks")).to_contain_text(f"Events seen on top: {card}")
    expect(info).to_contain_text("may change it")
    switch_saved(page, site_server.url, setup.to_code(), spotter_looked("advanced", "bottom")[1])
    expect(page.locator("#status")).to_contain_text("An Event if you end now")
    expect(page.locator("#decks")).not_to_contain_text("seen on top")
