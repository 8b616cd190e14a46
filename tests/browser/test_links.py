"""Play by link, watch links and review, in the built page.

Two browser contexts stand for two players far apart: each has its own storage, and the
only thing that passes between them is the link.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browserkit import (
    ROOT,
    act,
    eventually,
    expected_labels,
    guarded_context,
    new_page,
    open_page,
)
from playwright.sync_api import expect

import engine
from engine import Setup, replay
from ui import links
from ui.review import Timeline

WIN = json.loads(Path(ROOT / "tests" / "fixtures" / "games" / "bank_2p_win.json").read_text())
TIMELINE = Timeline(WIN["setup"], WIN["actions"])
TURNS = [k for k, _, _ in TIMELINE.turn_starts]  # action counts where a turn begins


@pytest.fixture
def two_players(browser):
    """Two players far apart: two contexts, each with its own storage."""
    with (
        guarded_context(browser) as (first, first_guard),
        guarded_context(browser) as (second, second_guard),
    ):
        yield [new_page(first, first_guard), new_page(second, second_guard)]


def open_url(page, url: str) -> None:
    open_page(page, url)


def board_labels(page) -> dict[str, str]:
    """Tile labels without the player's own selection."""
    labels = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-pos]')]
             .map(b => [b.dataset.pos, b.getAttribute('aria-label')]))"""
    )
    return {k: v.replace(", selected", "") for k, v in labels.items()}


def looked_at(game) -> dict[str, str]:
    """The engine's labels without what the player could do there: a review offers nothing."""
    return {k: re.sub(r", you can [^,]* here$", "", v) for k, v in expected_labels(game).items()}


def game_after(k: int):
    return replay(Setup.from_code(WIN["setup"]), WIN["actions"][:k])


def send(page) -> str:
    """Click Send this turn; the play link from the box."""
    if page.locator("#handover").is_visible():  # drawn by the last action: no race
        page.click("#handover-go")
    page.click("[data-cmd='share']")
    expect(page.locator("#share-url")).to_have_value(re.compile("&a="))
    url = page.input_value("#share-url")
    assert url.startswith("http://127.0.0.1:") and "&a=" in url
    page.click("[data-cmd='share']")  # close the box again
    return url


def saved_games(page) -> list[dict]:
    return page.evaluate(
        """() => JSON.parse(localStorage.getItem('burgle.saves') || '[]')
             .map(id => JSON.parse(localStorage.getItem('burgle.save.' + id)))"""
    )


def test_two_players_pass_a_game_back_and_forth_by_link(two_players, site_server):
    first, second = two_players
    open_url(first, site_server.url + "index.html?game=" + WIN["setup"])
    two_turns = TURNS[3]  # the entrance, then two burglars' turns
    for text in WIN["actions"][:two_turns]:
        act(first, text)
    url = send(first)
    assert len(url) < 400

    open_url(second, url)
    after = game_after(two_turns)
    name = after.state.players[after.state.current].name
    expect(second.locator("#notice")).to_contain_text(f"it is {name}'s turn")
    assert board_labels(second) == expected_labels(after)
    three_turns = TURNS[4]
    for text in WIN["actions"][two_turns:three_turns]:
        act(second, text)
    url_back = send(second)
    assert [s["actions"] for s in saved_games(second)] == [WIN["actions"][:three_turns]]

    open_url(first, url_back)
    now = game_after(three_turns)
    assert board_labels(first) == expected_labels(now) == board_labels(second)
    expect(first.locator("#status")).to_have_text(second.locator("#status").text_content())
    expect(first.locator("#notice")).to_contain_text("now goes on to action")
    saves = saved_games(first)
    assert [s["actions"] for s in saves] == [WIN["actions"][:three_turns]]  # one entry, updated

    # The older link again: the newer save is not overwritten without asking.
    open_url(first, url)
    expect(first.locator("#ask")).to_be_visible()
    first.click("#ask-mine")
    expect(first.locator("#ask")).to_be_hidden()
    assert [s["actions"] for s in saved_games(first)] == [WIN["actions"][:three_turns]]
    assert board_labels(first) == expected_labels(now)


def test_review_steps_through_the_game_and_continuing_forks(two_players, site_server):
    page = two_players[0]
    n = len(WIN["actions"])
    watch = site_server.url + "index.html" + links.link_query(WIN["setup"], WIN["actions"])
    open_url(page, watch + "&watch=1")
    html = page.locator("html")
    expect(page.locator("#review-bar")).to_be_visible()
    expect(html).to_have_attribute("data-review-step", "0")
    expect(page.locator("#status")).to_contain_text("The entrance is not chosen yet")
    assert board_labels(page) == looked_at(game_after(0))
    assert saved_games(page) == []  # watching saves nothing

    page.click("#review-next")
    page.click("#review-next")
    page.keyboard.press("ArrowRight")  # focus stays in the bar: the arrow steps too
    expect(html).to_have_attribute("data-review-step", "3")
    assert board_labels(page) == looked_at(game_after(3))
    page.keyboard.press("ArrowLeft")
    expect(html).to_have_attribute("data-review-step", "2")

    k = 57
    page.locator("#review-slider").fill(str(k))
    expect(html).to_have_attribute("data-review-step", str(k))
    assert board_labels(page) == looked_at(game_after(k))
    expect(page.locator("#log li.now")).to_have_text(list(reversed(TIMELINE.steps[k - 1].lines)))
    expect(page.locator("#review-step")).to_have_text(re.compile(f"^Action {k} of {n}:"))
    expect(page.locator(".dock")).to_be_hidden()  # no action to play in review

    turn = TURNS[6]
    page.select_option("#review-turns", str(turn))
    expect(html).to_have_attribute("data-review-step", str(turn))
    assert board_labels(page) == looked_at(game_after(turn))

    page.click("[data-cmd='review-continue']")
    expect(page.locator("#review-bar")).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text("A new game starts from action")
    assert board_labels(page) == expected_labels(game_after(turn))
    assert [s["actions"] for s in saved_games(page)] == [WIN["actions"][:turn]]

    # Review from the saves list; continuing leaves the reviewed save as it was.
    act(page, next(a for a in game_after(turn).view()["legal"] if a != WIN["actions"][turn]))
    page.click("[data-cmd='new']")
    page.click("#save-list [data-cmd='review']")
    expect(page.locator("#review-bar")).to_be_visible()
    page.click("#review-last")
    expect(html).to_have_attribute("data-review-step", str(turn + 1))
    page.click("#review-prev")
    expect(html).to_have_attribute("data-review-step", str(turn))
    page.click("[data-cmd='review-continue']")
    expect(page.locator("#review-bar")).to_be_hidden()
    saves = saved_games(page)
    assert len(saves) == 2
    assert saves[0]["actions"] == WIN["actions"][:turn]
    assert saves[1]["actions"][:turn] == WIN["actions"][:turn]
    assert len(saves[1]["actions"]) == turn + 1


def test_a_watch_links_log_shows_only_what_had_happened_by_the_step_on_show(
    two_players, site_server
):
    """Once it listed every later action at step 0, and so gave the game away."""
    page = two_players[0]
    watch = site_server.url + "index.html" + links.link_query(WIN["setup"], WIN["actions"])
    open_url(page, watch + "&watch=1")
    items = page.locator("#log li")
    expect(items).to_have_count(len(TIMELINE.log(0)))
    expect(page.locator("#log li:not([data-step='0'])")).to_have_count(0)
    k = 57
    page.locator("#review-slider").fill(str(k))
    expect(page.locator("html")).to_have_attribute("data-review-step", str(k))
    expect(items).to_have_count(len(TIMELINE.log(k)))
    expect(page.locator(f"#log li[data-step='{k + 1}']")).to_have_count(0)
    expect(items.first).to_have_attribute("data-step", str(k))  # newest first: the step shown


def test_send_offers_a_play_link_once_the_turn_is_ended(two_players, site_server):
    """Sent mid-turn, a link opened on the sender's spent turn: the play link waits for End
    turn, and then opens ready for the next burglar."""
    first, second = two_players
    open_url(first, site_server.url + "index.html?game=" + WIN["setup"])
    end = TURNS[2]  # the entrance and the first turn: its last action is the End
    for text in WIN["actions"][: end - 1]:
        act(first, text)
    first.click("[data-cmd='share']")
    expect(first.locator("#share-later")).to_be_visible()
    expect(first.locator("#share-play")).to_be_hidden()
    expect(first.locator("#watch-url")).to_have_value(re.compile(r"&watch=1$"))
    first.click("[data-cmd='share']")
    act(first, WIN["actions"][end - 1])
    url = send(first)
    open_url(second, url)
    after = game_after(end)
    name = after.state.players[after.state.current].name
    expect(second.locator("#status")).to_contain_text(f"{name}'s turn")
    expect(second.locator("#status")).to_contain_text(f"Actions left: {after.state.actions_left}")
    assert after.state.actions_left > 0


def test_a_cut_link_opens_at_the_last_checked_action(two_players, site_server):
    page = two_players[0]
    query = links.link_query(WIN["setup"], WIN["actions"])
    cut = query[: len(query) - 60]
    open_url(page, site_server.url + "index.html" + cut)
    opened = links.open_link(links_params(cut))
    kept = len(opened.actions)
    assert opened.problem == "cut" and 0 < kept < len(WIN["actions"])
    expect(page.locator("#notice")).to_contain_text(f"only the first {kept} could be checked")
    assert board_labels(page) == expected_labels(game_after(kept))
    assert [s["actions"] for s in saved_games(page)] == [WIN["actions"][:kept]]


def test_a_link_from_another_engine_opens_its_building(two_players, site_server):
    page = two_players[0]
    query = links.link_query(WIN["setup"], WIN["actions"]).replace(
        f"&v={engine.__version__}&", "&v=0.0.1&"
    )
    open_url(page, site_server.url + "index.html" + query)
    expect(page.locator("#notice")).to_contain_text("rules engine 0.0.1")
    assert board_labels(page) == expected_labels(game_after(0))


def links_params(query: str) -> dict[str, str]:
    from ui import urlparams

    return urlparams.parse(query)


def test_importing_a_game_twice_keeps_one_entry_and_a_newer_copy_replaces_it(
    two_players, site_server, tmp_path
):
    page = two_players[0]
    open_url(page, site_server.url + "index.html")

    def record(k: int) -> dict:
        return {
            "format": 1,
            "engine": engine.__version__,
            "setup": WIN["setup"],
            "actions": WIN["actions"][:k],
        }

    for k in (10, 10, 30):
        path = tmp_path / f"save-{k}.json"
        path.write_text(json.dumps(record(k)), encoding="utf-8")
        page.click("[data-cmd='new']")
        page.set_input_files("#import-file", str(path))
        expect(page.locator("#game-screen")).to_be_visible()
        expect(page.locator("#notice")).to_have_text(re.compile(r"^Saved game imported\."))
        want = [WIN["actions"][:k]]
        assert eventually(lambda: [s["actions"] for s in saved_games(page)], want) == want
    page.click("[data-cmd='new']")
    expect(page.locator("#save-list li.save")).to_have_count(1)
    entries = page.locator("#save-list li.save").all_text_contents()
    assert entries[0].startswith("The Bank Job (3 floors) · Burglar 1 (Peterman), Burglar 2 (")
    assert " · turn " in entries[0] and "in progress" in entries[0]
