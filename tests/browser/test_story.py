"""The game tells its story (issue 9): cards and dice on the table, playback of guard moves,
the hand-over catch-up, safety nets, the end banner and Lost Visual floors.

Positions are reached by storing a save (setup code + action list) in localStorage and
loading the page, which replays it; then the test plays on with clicks like a player.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browserkit import ROOT, Guard, wait_ready
from test_game import act, expected_labels, tile_labels

import engine
from engine import Setup, new_game
from engine.rules.events import SafeRolled
from ui.messages import help_of

GAMES = ROOT / "tests" / "fixtures" / "games"


def random_play(want: str) -> dict:
    """A Bank Job for two played at random (seeded) up to the first position where `want`
    holds: 'lose' (a move loses the game for certain) or 'lost' (a guard is out of sight,
    with the Lost Visual card). Searched at test time, so rule changes cannot stale it."""
    import random

    from engine import PlayerSetup
    from engine.rules.data import ScenarioId

    for seed in range(200):
        rnd = random.Random(seed)
        setup = Setup(
            scenario=ScenarioId.BANK,
            players=(PlayerSetup("Anna"), PlayerSetup("Ben")),
            seed=seed,
            lost_visual=want == "lost",
        )
        game = new_game(setup)
        actions: list[str] = []
        for _ in range(400):
            if game.is_over():
                break
            legal = [str(a) for a in game.legal_actions()]
            if want == "lose":
                losing = [a for a in legal if a.startswith("move") and game.would_lose(a)]
                if losing:
                    return {"setup": setup.to_code(), "actions": actions, "losing": losing[0]}
            if want == "lost" and any(f["guard"]["lost"] for f in game.view()["floors"]):
                return {"setup": setup.to_code(), "actions": actions}
            moves = [a for a in legal if a.startswith(("move", "enter", "choose"))]
            text = rnd.choice(moves) if moves and rnd.random() < 0.85 else rnd.choice(legal)
            game.apply(text)
            actions.append(text)
    raise AssertionError(f"no {want} position found")


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def engine_at(code: str, actions: list[str]):
    game = new_game(Setup.from_code(code))
    for text in actions:
        game.apply(text)
    return game


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


def at(page, site_server, code: str, actions: list[str]) -> None:
    """Open the page on a saved game of `code` after `actions`."""
    url = site_server.url + "index.html"
    page.goto(url)
    wait_ready(page)
    record = {
        "format": 1,
        "engine": engine.__version__,
        "setup": code,
        "actions": actions,
        "outcome": "",
        "updated": 0,
    }
    page.evaluate(
        """(rec) => { localStorage.clear();
             localStorage.setItem('burgle.save.t1', JSON.stringify(rec));
             localStorage.setItem('burgle.saves', JSON.stringify(['t1']));
             localStorage.setItem('burgle.current', 't1'); }""",
        record,
    )
    page.goto(url)
    wait_ready(page)
    assert page.locator("#game-screen").is_visible()


def test_an_event_drawn_shows_its_card_with_our_text(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    act(page, "end")  # 2 actions taken: draws Lampshade
    card = page.locator("#story-table .story-card.deck-event")
    assert card.count() == 1
    assert card.locator(".story-card-name").text_content() == "Lampshade"
    assert card.locator(".story-card-text").text_content() == help_of("event", "lampshade")
    assert card.is_visible()  # on the table even behind the hand-over screen's backdrop
    page.click("#handover-go")
    page.click("#story-table [data-story='dismiss']")
    assert page.locator("#story-table").is_hidden()


def test_the_event_card_goes_away_with_the_next_action(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    act(page, "end")
    assert page.locator("#story-table .story-card").count() == 1
    act(page, data["actions"][4])
    assert page.locator("#story-table .story-card").count() == 0


def test_a_safe_roll_shows_dice_with_the_rolled_faces(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    assert data["actions"][22] == "crack"
    at(page, site_server, data["setup"], data["actions"][:22])
    rolled = [e for e in engine_at(data["setup"], data["actions"][:22]).apply("crack")]
    dice = next(e.dice for e in rolled if isinstance(e, SafeRolled))
    act(page, "crack")
    faces = page.locator("#story-table .story-roll .story-die").evaluate_all(
        "els => els.map(e => Number(e.dataset.face))"
    )
    assert faces == list(dice)
    pips = page.locator("#story-table .story-roll .story-die").first.locator(".pip").count()
    assert pips == dice[0]


def test_the_stethoscope_is_used_by_clicking_a_die_then_a_face(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    assert data["actions"][70:72] == ["crack", "choose 1-3"]
    at(page, site_server, data["setup"], data["actions"][:70])
    act(page, "crack")
    assert page.locator("#prompt").is_visible()
    assert page.locator("#prompt [data-action^='choose 1-']").count() == 0  # no eleven buttons
    page.click("#prompt [data-story='die'][data-die='1']")
    assert (
        page.locator("#prompt [data-story='die'][data-die='1']").get_attribute("aria-pressed")
        == "true"
    )
    page.click("#prompt .story-die.face[data-action='choose 1-3']")
    expected = engine_at(data["setup"], data["actions"][:72])
    assert tile_labels(page) == expected_labels(expected) | {
        k: v for k, v in tile_labels(page).items() if ", selected" in v
    }
    assert page.locator("#prompt").is_hidden()


def test_a_guards_animated_move_ends_with_the_board_of_the_engine(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:8])
    act(page, data["actions"][8])  # End turn: the guard walks
    played = int(page.get_attribute("html", "data-anim-played") or 0)
    page.click("#handover-go")  # the walk plays once the next burglar looks
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.animPlayed || 0) > n", arg=played
    )
    assert page.locator("#board .story-ghost").count() == 1
    page.wait_for_selector("html:not([data-animating])", state="attached", timeout=10_000)
    assert page.locator("#board .story-layer").count() == 0
    assert page.locator("#board .story-guard-away").count() == 0
    game = engine_at(data["setup"], data["actions"][:9])
    assert tile_labels(page) == expected_labels(game)


def test_a_click_skips_the_playback(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:8])
    act(page, data["actions"][8])
    page.click("#handover-go")
    page.wait_for_selector("html[data-animating='1']", state="attached")
    page.click("#board [data-pos='1.A1']")
    assert page.get_attribute("html", "data-animating") is None
    assert page.locator("#board .story-ghost").count() == 0


def test_reduced_motion_plays_no_animation(browser, site_server):
    context = browser.new_context(service_workers="block", reduced_motion="reduce")
    guard = Guard()
    guard.protect(context)
    page = context.new_page()
    guard.watch(page)
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:8])
    act(page, data["actions"][8])
    page.click("#handover-go")
    assert page.get_attribute("html", "data-anim-played") is None
    assert page.locator("#board .story-ghost, #board .story-layer").count() == 0
    game = engine_at(data["setup"], data["actions"][:9])
    assert tile_labels(page) == expected_labels(game)
    context.close()
    guard.check()


def test_the_handover_lists_a_stealth_lost_on_the_other_burglars_turn(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    # Action 118 is Burglar 2's End turn; the guard walks into Burglar 1 on it.
    at(page, site_server, data["setup"], data["actions"][:118])
    assert "Burglar 2's turn" in page.text_content("#status")
    act(page, data["actions"][118])
    assert page.locator("#handover").is_visible()
    lines = page.locator("#handover-catchup li").all_text_contents()
    assert any(line.startswith("Burglar 1 lost a Stealth: a guard walked in") for line in lines)


def test_enter_twice_after_the_handover_does_not_end_the_turn(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:8])
    act(page, data["actions"][8])
    assert page.locator("#handover").is_visible()
    assert page.evaluate("document.activeElement.id") == "handover-go"
    status = page.text_content("#status")
    page.keyboard.press("Enter")
    assert page.locator("#handover").is_hidden()
    assert page.evaluate("document.activeElement.dataset.action") is None
    assert page.evaluate("document.activeElement.closest('#board') !== null")
    page.keyboard.press("Enter")
    assert page.text_content("#status") == status  # still the same turn, same actions
    assert page.locator("#handover").is_hidden()


def test_the_game_losing_move_asks_first(page, site_server):
    data = random_play("lose")
    at(page, site_server, data["setup"], data["actions"])
    losing = data["losing"]
    page.click(f"#board [data-pos='{losing.split()[1]}']")
    page.click(f"#tile-actions [data-action='{losing}']")
    assert page.locator("#story-confirm").is_visible()
    assert "loses the game" in page.text_content("#story-confirm")
    page.click("#story-confirm [data-story='no']")
    assert page.locator("#end").is_hidden()
    assert not page.text_content("#status").startswith("Game over")
    page.click(f"#tile-actions [data-action='{losing}']")
    page.click("#story-confirm [data-story='yes']")
    assert page.locator("#end").is_visible()


def test_dont_ask_again_holds_for_the_rest_of_the_game(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    page.click("#other-actions [data-action='end']")
    page.check("#story-quiet")
    page.click("#story-confirm [data-story='yes']")
    page.click("#handover-go")
    page.click("#other-actions [data-action='end']")  # 0 actions taken: it would ask again
    assert page.locator("#story-confirm").is_hidden()
    assert page.locator("#handover").is_visible()


def test_the_game_over_banner_stays_after_the_dialog_closes(page, site_server):
    data = load(GAMES / "bank_2p_loss.json")
    at(page, site_server, data["setup"], data["actions"][:-1])
    act(page, data["actions"][-1])
    assert page.locator("#end").is_visible()
    page.click("#end [data-cmd='look']")
    assert page.locator("#end").is_hidden()
    banner = page.locator("#story-banner")
    assert banner.is_visible()
    assert banner.locator(".story-banner-title").text_content() == "Busted."
    for selector in ("[data-cmd='again']", "[data-cmd='same']", "[data-story='review']"):
        assert banner.locator(selector).is_visible()
    assert page.text_content("#status") == "Game over: lost"
    banner.locator("[data-cmd='same']").click()
    assert page.locator("#story-banner").is_hidden()
    assert page.text_content("#status").startswith("Turn 0")


def test_a_floor_whose_guard_is_lost_from_view_says_so(page, site_server):
    data = random_play("lost")
    game = engine_at(data["setup"], data["actions"])
    lost = [fl["floor"] + 1 for fl in game.view()["floors"] if fl["guard"]["lost"]]
    assert lost
    at(page, site_server, data["setup"], data["actions"])
    note = page.locator(f"#floor-{lost[0]} .story-floor-note")
    assert note.is_visible()
    assert "Lost Visual" in note.text_content()


def test_deleting_a_save_asks_first(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    page.click("[data-cmd='new']")
    assert page.locator("#save-list [data-cmd='delete']").count() == 1
    page.click("#save-list [data-cmd='delete']")
    assert page.locator("#story-confirm").is_visible()
    page.click("#story-confirm [data-story='no']")
    assert page.locator("#save-list [data-cmd='delete']").count() == 1
    page.click("#save-list [data-cmd='delete']")
    page.click("#story-confirm [data-story='yes']")
    assert page.locator("#save-list [data-cmd='delete']").count() == 0


def test_a_selected_safe_shows_its_row_column_and_chance(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:22])
    game = engine_at(data["setup"], data["actions"][:22])
    me = game.view()["players"][game.view()["current"]]
    from engine.rules.actions import pos_text

    page.click(f"#board [data-pos='{pos_text(me['pos'])}']")
    info = game.safe_info(me["pos"])
    assert info is not None
    assert page.locator("#story-safe").is_visible()
    chance = float(page.get_attribute("#story-safe-chance", "data-chance"))
    assert abs(chance - info.chance) < 1e-6
    assert page.locator("#story-safe .story-safe-cell:not(.off):not(.safe)").count() == len(
        info.cells
    )
