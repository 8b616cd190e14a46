"""The guided first heist: its fixed line is legal step by step and wins with the escape
action; it is short, every step has words of its own that name what the step marks, in both
languages."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from engine import Setup, new_game
from engine.io.serialize import to_json
from engine.rules.actions import Action, ActionKind
from engine.rules.data import ScenarioId
from ui import describe, tutorial
from ui.messages import EN
from ui.messages_fr import FR
from ui.session import Session


def test_the_tutorial_is_a_small_solo_office_job():
    setup = Setup.from_code(tutorial.CODE)
    assert setup.scenario == ScenarioId.OFFICE
    assert len(setup.players) == 1


def test_every_asked_step_is_legal_and_the_line_wins_by_escaping():
    game = new_game(Setup.from_code(tutorial.CODE))
    for done, text in enumerate(tutorial.SCRIPT):
        assert tutorial.expected(done) == text
        legal = {str(a) for a in game.legal_actions()}
        assert text in legal, (done, text)
        game.apply(text)
    assert game.outcome == "win"
    assert tutorial.SCRIPT[-1] == "escape"
    assert tutorial.expected(len(tutorial.SCRIPT)) == ""


def test_the_guided_heists_burglar_is_named_in_the_players_language_and_deals_the_same():
    from ui import messages

    messages.set_language("fr")
    try:
        code = tutorial.guided_code()
    finally:
        messages.set_language("en")
    assert Setup.from_code(code).players[0].name == "Cambrioleur 1"
    assert tutorial.is_guided(code) and tutorial.is_guided(tutorial.guided_code())
    french, english = new_game(Setup.from_code(code)), new_game(Setup.from_code(tutorial.CODE))
    for text in tutorial.SCRIPT:
        french.apply(text)
        english.apply(text)
    for p in french.state.players:
        p.name = "Burglar 1"
    assert json.loads(to_json(french))["state"] == json.loads(to_json(english))["state"]


def test_only_the_guided_heists_building_is_guided():
    guided = Setup.from_code(tutorial.CODE)
    assert not tutorial.is_guided(replace(guided, seed=guided.seed + 1).to_code())
    assert not tutorial.is_guided(replace(guided, scenario=ScenarioId.BANK).to_code())
    assert not tutorial.is_guided("not a code")


def test_the_guided_heist_wins_in_at_most_40_steps():
    assert len(tutorial.STEPS) <= 40
    assert tutorial.step_at(0) == 0
    assert tutorial.step_at(len(tutorial.SCRIPT)) == len(tutorial.STEPS)


def test_no_two_steps_share_a_text_in_either_language():
    for catalog in (EN, FR):
        texts = [catalog[tutorial.lesson_key(i)] for i in range(len(tutorial.STEPS))]
        assert all(texts), catalog is FR
        assert len(set(texts)) == len(texts)


def _names_of(text: str, catalog: dict[str, str]) -> list[str]:
    """What a step's words must name: the tile it marks, or the button it marks."""
    action = Action.parse(text)
    if action.kind == ActionKind.CHOOSE:
        return [action.option.split(".")[1]]
    if action.pos >= 0:
        return [describe.pos_text(action.pos).split(".")[1]]
    return [catalog[f"act.{action.kind}"]]


def test_each_steps_text_names_what_it_marks():
    """A tile by its cell (C1), a button by its label (End turn), in both languages."""
    for catalog in (EN, FR):
        for index, (_key, actions) in enumerate(tutorial.STEPS):
            words = catalog[tutorial.lesson_key(index)].lower()
            for text in actions:
                for name in _names_of(text, catalog):
                    assert re.search(rf"\b{re.escape(name.lower())}\b", words), (index, text, name)


def test_the_stairs_step_names_the_go_up_button():
    up = next(i for i, (_k, acts) in enumerate(tutorial.STEPS) if "move 2.A3" in acts)
    assert "Go up to 2.A3" in EN[tutorial.lesson_key(up)]
    assert "Monter en 2.A3" in FR[tutorial.lesson_key(up)]


def test_the_steps_cover_the_lessons_the_heist_promises():
    """Entrance, peek vs move, the guard, alarms, Safe dice and cracking, the Event, the
    Stairs, a Tool, Loot and the escape: each done by at least one step."""
    kinds = {Action.parse(a).kind for a in tutorial.SCRIPT}
    for kind in ("enter", "peek", "move", "end", "add-die", "crack", "choose", "escape"):
        assert kind in kinds, kind
    words = " ".join(EN[tutorial.lesson_key(i)] for i in range(len(tutorial.STEPS)))
    for topic in ("guard", "alarm", "hack token", "Event", "Stairs", "Tool", "Loot"):
        assert topic in words, topic


def test_the_step_opens_the_tile_that_holds_its_button():
    def offers(done: int):
        return Session.start(tutorial.CODE, tutorial.SCRIPT[:done]).view().offers

    up = tutorial.SCRIPT.index("move 2.A3")
    here = Action.parse("move 1.A3").pos
    assert tutorial.tile_to_select(up, offers(up)) == here  # the Stairs you stand on
    assert tutorial.tile_to_select(0, offers(0)) == Action.parse("enter 1.C1").pos
    add_die = tutorial.SCRIPT.index("add-die")
    assert tutorial.tile_to_select(add_die, offers(add_die)) == -1


def test_only_the_asked_step_is_allowed_while_the_tutorial_is_on():
    class S:
        code = tutorial.CODE
        actions = list(tutorial.SCRIPT[:3])

    guide = tutorial.Tutorial(document=None)
    guide.active = True
    assert guide.allows(S, tutorial.SCRIPT[3])
    assert not guide.allows(S, "end")
    guide.active = False
    assert guide.allows(S, "end")
    assert guide.follows(S)
    S.actions = ["enter 1.A1"]
    assert not guide.follows(S)
