"""The guided first heist: its fixed line is legal step by step and wins with the escape
action, and it teaches each thing it promises, in both languages."""

from __future__ import annotations

from engine import Setup, new_game
from engine.rules.data import ScenarioId
from ui import tutorial
from ui.messages import EN
from ui.messages_fr import FR


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


def test_the_lessons_teach_peek_move_alarms_hacking_guards_dice_cracking_and_escape():
    taught = set(tutorial.LESSONS.values())
    for lesson in (
        "peek",
        "move",
        "motion",
        "hack",
        "usehack",
        "end",
        "dice",
        "crack",
        "stairs",
        "escape",
    ):
        assert f"tut.l.{lesson}" in taught, lesson
    assert tutorial.SCRIPT[tutorial.SCRIPT.index("choose hack")] == "choose hack"


def test_every_lesson_has_words_in_both_languages():
    for key in [*tutorial.LESSONS.values(), "tut.l.done"]:
        assert EN.get(key) and FR.get(key), key


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


def test_lesson_at_keeps_the_latest_lesson():
    first_move = tutorial.SCRIPT.index("move 1.A4")
    assert tutorial.lesson_at(first_move) == "tut.l.move"
    assert tutorial.lesson_at(3) == "tut.l.hack"
