"""The game tells its story (issue 9): cards and dice on the table, playback of guard moves,
the hand-over catch-up, safety nets, the end banner and Lost Visual floors.

Positions are reached by storing a save (setup code + action list) in localStorage and
resuming it as a player does (the module's page starts once; browserkit.switch_saved); then
the test plays on with clicks like a player.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from browserkit import (
    ROOT,
    act,
    expected_labels,
    guarded_context,
    new_page,
    settled,
    switch_saved,
    tile_labels,
)
from playwright.sync_api import expect

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


def at(page, site_server, code: str, actions: list[str]) -> None:
    """The page on a saved game of `code` after `actions`: resumed from the saves list
    when the module's page is already up (one page start for the module), else opened."""
    switch_saved(page, site_server.url, code, actions)
    expect(page.locator("#game-screen")).to_be_visible()


def test_an_event_drawn_shows_its_card_with_our_text(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    act(page, "end")  # 2 actions taken: draws Lampshade
    card = page.locator("#story-table .story-card.deck-event")
    expect(card).to_have_count(1)
    expect(card.locator(".story-card-name")).to_have_text("Lampshade")
    expect(card.locator(".story-card-text")).to_have_text(help_of("event", "lampshade"))
    expect(card).to_be_visible()  # on the table even behind the hand-over screen's backdrop
    page.click("#handover-go")
    page.click("#story-table [data-story='dismiss']")
    expect(page.locator("#story-table")).to_be_hidden()


def test_the_event_card_goes_away_with_the_next_action(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    act(page, "end")
    expect(page.locator("#story-table .story-card")).to_have_count(1)
    act(page, data["actions"][4])
    expect(page.locator("#story-table .story-card")).to_have_count(0)


def test_a_safe_roll_shows_dice_with_the_rolled_faces(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    assert data["actions"][22] == "crack"
    at(page, site_server, data["setup"], data["actions"][:22])
    rolled = [e for e in engine_at(data["setup"], data["actions"][:22]).apply("crack")]
    dice = next(e.dice for e in rolled if isinstance(e, SafeRolled))
    act(page, "crack")
    expect(page.locator("#story-table .story-roll .story-die")).to_have_count(len(dice))
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
    expect(page.locator("#prompt")).to_be_visible()
    expect(page.locator("#prompt [data-action^='choose 1-']")).to_have_count(0)  # not eleven
    page.click("#prompt [data-story='die'][data-die='1']")
    die = page.locator("#prompt [data-story='die'][data-die='1']")
    expect(die).to_have_attribute("aria-pressed", "true")
    page.click("#prompt .story-die.face[data-action='choose 1-3']")
    expect(page.locator("#prompt")).to_be_hidden()
    expected = engine_at(data["setup"], data["actions"][:72])
    assert tile_labels(page) == expected_labels(expected) | {
        k: v for k, v in tile_labels(page).items() if ", selected" in v
    }


def test_a_guards_animated_move_ends_with_the_board_of_the_engine(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:8])
    act(page, data["actions"][8])  # End turn: the guard walks
    played = int(page.get_attribute("html", "data-anim-played") or 0)
    page.click("#handover-go")  # the walk plays once the next burglar looks
    page.wait_for_function(
        "n => Number(document.documentElement.dataset.animPlayed || 0) > n", arg=played
    )
    expect(page.locator("#board .story-ghost")).to_have_count(1)
    # The walk ends by itself (the page's own flag says when).
    page.wait_for_selector("html:not([data-animating])", state="attached")
    expect(page.locator("#board .story-layer")).to_have_count(0)
    expect(page.locator("#board .story-guard-away")).to_have_count(0)
    game = engine_at(data["setup"], data["actions"][:9])
    assert tile_labels(page) == expected_labels(game)


def test_a_click_skips_the_playback(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:8])
    act(page, data["actions"][8])
    page.click("#handover-go")
    page.wait_for_selector("html[data-animating='1']", state="attached")
    page.click("#board [data-pos='1.A1']")
    expect(page.locator("html")).not_to_have_attribute("data-animating", re.compile(".*"))
    expect(page.locator("#board .story-ghost")).to_have_count(0)


def test_reduced_motion_plays_no_animation(browser, site_server):
    with guarded_context(browser, reduced_motion="reduce") as (context, guard):
        page = new_page(context, guard)
        data = load(GAMES / "bank_2p_win.json")
        at(page, site_server, data["setup"], data["actions"][:8])
        act(page, data["actions"][8])
        page.click("#handover-go")
        expect(page.locator("#handover")).to_be_hidden()
        settled(page)
        assert page.get_attribute("html", "data-anim-played") is None
        expect(page.locator("#board .story-ghost, #board .story-layer")).to_have_count(0)
        game = engine_at(data["setup"], data["actions"][:9])
        assert tile_labels(page) == expected_labels(game)


def test_the_handover_lists_a_stealth_lost_on_the_other_burglars_turn(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    # Action 118 is Burglar 2's End turn; the guard walks into Burglar 1 on it.
    at(page, site_server, data["setup"], data["actions"][:118])
    expect(page.locator("#status")).to_contain_text("Burglar 2's turn")
    act(page, data["actions"][118])
    expect(page.locator("#handover")).to_be_visible()
    lost = page.locator("#handover-catchup li", has_text="Burglar 1 lost a Stealth")
    expect(lost.first).to_have_text(re.compile(r"^Burglar 1 lost a Stealth: a guard walked in"))


def test_enter_twice_after_the_handover_does_not_end_the_turn(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:8])
    act(page, data["actions"][8])
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#handover-go")).to_be_focused()
    status = page.locator("#status").text_content()
    page.keyboard.press("Enter")
    expect(page.locator("#handover")).to_be_hidden()
    expect(page.locator("#board :focus")).to_have_count(1)  # focus on the board, no action
    assert page.evaluate("document.activeElement.dataset.action") is None
    page.keyboard.press("Enter")
    settled(page)
    expect(page.locator("#status")).to_have_text(status)  # still the same turn, same actions
    expect(page.locator("#handover")).to_be_hidden()


def test_the_game_losing_move_asks_first(page, site_server):
    data = random_play("lose")
    at(page, site_server, data["setup"], data["actions"])
    losing = data["losing"]
    page.click(f"#board [data-pos='{losing.split()[1]}']")
    page.click(f"#tile-actions [data-action='{losing}']")
    expect(page.locator("#story-confirm")).to_be_visible()
    expect(page.locator("#story-confirm")).to_contain_text("loses the game")
    page.click("#story-confirm [data-story='no']")
    expect(page.locator("#story-confirm")).to_be_hidden()
    expect(page.locator("#end")).to_be_hidden()
    expect(page.locator("#status")).not_to_have_text(re.compile(r"^Game over"))
    page.click(f"#tile-actions [data-action='{losing}']")
    page.click("#story-confirm [data-story='yes']")
    expect(page.locator("#end")).to_be_visible()


def test_dont_ask_again_holds_for_the_rest_of_the_game(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    page.click("#other-actions [data-action='end']")
    page.check("#story-quiet")
    page.click("#story-confirm [data-story='yes']")
    page.click("#handover-go")
    # 0 actions taken: the early End would ask again. She stands on the entrance's Thermo,
    # so the Thermo's own question (another kind) still asks, and only it.
    page.click("#other-actions [data-action='end']")
    confirm = page.locator("#story-confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("Thermo")
    expect(confirm).not_to_contain_text("Event")
    page.click("#story-confirm [data-story='yes']")
    expect(page.locator("#handover")).to_be_visible()
    expect(confirm).to_be_hidden()


def test_the_game_over_banner_stays_after_the_dialog_closes(page, site_server):
    data = load(GAMES / "bank_2p_loss.json")
    at(page, site_server, data["setup"], data["actions"][:-1])
    act(page, data["actions"][-1])
    expect(page.locator("#end")).to_be_visible()
    page.click("#end [data-cmd='look']")
    expect(page.locator("#end")).to_be_hidden()
    banner = page.locator("#story-banner")
    expect(banner).to_be_visible()
    expect(banner.locator(".story-banner-title")).to_have_text("Busted.")
    for selector in ("[data-cmd='again']", "[data-cmd='same']", "[data-story='review']"):
        expect(banner.locator(selector)).to_be_visible()
    expect(page.locator("#status")).to_have_text("Game over: lost")
    banner.locator("[data-cmd='same']").click()
    expect(page.locator("#story-banner")).to_be_hidden()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Turn 0"))


def test_a_floor_whose_guard_is_lost_from_view_says_so(page, site_server):
    data = random_play("lost")
    game = engine_at(data["setup"], data["actions"])
    lost = [fl["floor"] + 1 for fl in game.view()["floors"] if fl["guard"]["lost"]]
    assert lost
    at(page, site_server, data["setup"], data["actions"])
    note = page.locator(f"#floor-{lost[0]} .story-floor-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Lost Visual")


def test_deleting_a_save_asks_first(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:3])
    page.click("[data-cmd='new']")
    delete = page.locator("#save-list [data-cmd='delete']")
    expect(delete).to_have_count(1)
    delete.click()
    expect(page.locator("#story-confirm")).to_be_visible()
    # The question alone takes input (the page behind is inert), until it is answered;
    # Escape answers No wherever the focus is.
    html = page.locator("html")
    expect(html).to_have_attribute("data-modal", "story-confirm")
    expect(page.locator("#app > [inert]")).not_to_have_count(0)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Escape")
    expect(page.locator("#story-confirm")).to_be_hidden()
    expect(html).to_have_attribute("data-modal", "")
    expect(page.locator("#app > [inert]")).to_have_count(0)
    delete.click()
    page.click("#story-confirm [data-story='no']")
    expect(page.locator("#story-confirm")).to_be_hidden()
    expect(delete).to_have_count(1)
    delete.click()
    page.click("#story-confirm [data-story='yes']")
    expect(delete).to_have_count(0)


def test_a_selected_safe_shows_its_row_column_and_chance(page, site_server):
    data = load(GAMES / "bank_2p_win.json")
    at(page, site_server, data["setup"], data["actions"][:22])
    game = engine_at(data["setup"], data["actions"][:22])
    me = game.view()["players"][game.view()["current"]]
    from engine.rules.actions import pos_text

    page.click(f"#board [data-pos='{pos_text(me['pos'])}']")
    info = game.safe_info(me["pos"])
    assert info is not None
    expect(page.locator("#story-safe")).to_be_visible()
    expect(page.locator("#story-safe-chance")).to_have_attribute(
        "data-chance", f"{info.chance:.6f}"
    )
    cells = page.locator("#story-safe .story-safe-cell:not(.off):not(.safe)")
    expect(cells).to_have_count(len(info.cells))
