"""ui.review's Timeline and the one-save-per-game rules of ui.session, in CPython."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Setup, from_json, replay, to_json
from engine.io.match import SNAPSHOT
from engine.rules.view import typed_view
from ui.messages import t
from ui.panels import status_words
from ui.review import Timeline
from ui.session import Saves, Session, kinship, load_record
from ui.storage import Storage

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
WIN = json.loads((FIXTURES / "bank_2p_win.json").read_text())


def test_the_game_at_a_step_is_the_engine_replayed_to_that_step():
    timeline = Timeline(WIN["setup"], WIN["actions"])
    setup = Setup.from_code(WIN["setup"])
    assert len(timeline) == len(WIN["actions"])
    for k in (0, 1, SNAPSHOT - 1, SNAPSHOT, SNAPSHOT + 7, 77, len(WIN["actions"])):
        assert timeline.game_at(k).state == replay(setup, WIN["actions"][:k]).state, k
        assert timeline.game_at(k).view() == replay(setup, WIN["actions"][:k]).view(), k


def test_reviewing_never_changes_the_reviewed_game():
    timeline = Timeline(WIN["setup"], WIN["actions"])
    final = timeline.game_at(len(timeline)).state
    timeline.game_at(3).apply(timeline.game_at(3).legal_actions()[0])
    assert timeline.game_at(len(timeline)).state == final
    assert (
        timeline.game_at(4).state == replay(Setup.from_code(WIN["setup"]), WIN["actions"][:4]).state
    )


def test_turn_starts_are_where_the_player_or_turn_changes():
    timeline = Timeline(WIN["setup"], WIN["actions"])
    setup = Setup.from_code(WIN["setup"])
    starts = [k for k, _, _ in timeline.turn_starts]
    assert starts[0] == 0 and starts == sorted(starts) and len(starts) > 5
    for k, turn, player in timeline.turn_starts[1:]:
        before, after = replay(setup, WIN["actions"][: k - 1]), replay(setup, WIN["actions"][:k])
        assert (after.state.turn, after.state.current) == (turn, player)
        assert (before.state.turn, before.state.current) != (turn, player)
    assert timeline.turn_start_of(starts[3] + 1) == starts[3]


def test_each_step_keeps_its_log_lines_and_guard_steps():
    timeline = Timeline(WIN["setup"], WIN["actions"])
    session = Session.start(WIN["setup"], WIN["actions"])
    assert timeline.log() == session.log
    moved = [k for k, step in enumerate(timeline.steps, 1) if step.guard_steps]
    assert moved
    step = timeline.steps[moved[0] - 1]
    assert sum(line.startswith("Guard moves") for line in step.lines) == len(step.guard_steps)
    assert timeline.describe(0).startswith("Before the first of 134 actions")
    assert (
        timeline.describe(1)
        == "Action 1 of 134: Burglar 1 · " + timeline.describe(1).split(" · ", 1)[1]
    )


def test_the_review_log_shows_only_what_had_happened_by_the_step_on_show():
    timeline = Timeline(WIN["setup"], WIN["actions"])
    for k in (0, 1, 17, 60, len(WIN["actions"])):
        seen = Session.start(WIN["setup"], WIN["actions"][:k]).log
        assert timeline.log(k) == seen  # what the table had seen by then, nothing later
        assert all(when <= k for when, _ in timeline.log(k))
    assert timeline.log(0) == [(0, line) for line in timeline.start_lines]
    assert len(timeline.log(10)) < len(timeline.log(11)) <= len(timeline.log())


def test_kinship_of_two_copies_of_a_game():
    assert kinship(["a", "b"], ["a", "b"]) == "same"
    assert kinship(["a"], ["a", "b"]) == "newer"
    assert kinship(["a", "b"], ["a"]) == "older"
    assert kinship(["a", "b"], ["a", "c"]) == "apart"
    assert kinship([], ["a"]) == "newer"


def test_saves_of_the_same_game_are_found_with_their_kinship(window):
    saves = Saves(Storage(window))
    old = Session.start(WIN["setup"], WIN["actions"][:10])
    head = replay(Setup.from_code(WIN["setup"]), WIN["actions"][:3])
    turn = next(str(a) for a in head.legal_actions() if str(a) != WIN["actions"][3])
    other = Session.start(WIN["setup"], [*WIN["actions"][:3], turn])  # parts ways at 4
    saves.put(old)
    saves.put(other)
    found = {kin for _, kin, _ in saves.relatives(WIN["setup"], WIN["actions"][:20])}
    assert found == {"newer"}
    assert saves.relatives(WIN["setup"], WIN["actions"][:10]) == [(old.save_id, "same", 10)]
    assert saves.relatives(WIN["setup"], WIN["actions"][:5]) == [(old.save_id, "older", 10)]
    record = saves.get(old.save_id)
    assert record["turn"] == old.game.state.turn
    assert record["crew"] == [p.character.value for p in old.game.state.players]


FIXTURE_GAMES = sorted(FIXTURES.glob("*.json"))


def test_the_review_names_the_burglar_the_guard_caught():
    """The review's last step is the match's own game, not a copy rebuilt without its
    actions: on a game lost to a guard it names the burglar caught (here Burglar 1, who
    ended his turn on the guard's path), never -1."""
    lost = json.loads((FIXTURES / "bank_2p_loss.json").read_text())
    timeline = Timeline(lost["setup"], lost["actions"])
    played = replay(Setup.from_code(lost["setup"]), lost["actions"])
    for game in (timeline.final, timeline.game_at(len(timeline))):
        assert game.outcome == "loss" and game.outcome.player == 0
        assert game.outcome == played.outcome
        assert game.state.players[0].stealth == 0 < game.state.players[1].stealth


def test_the_reviews_status_line_reports_the_entrance_instead_of_asking_for_a_click():
    """A review's tiles take no click: before the entrance is chosen its status line says
    so, where the live game asks for a tile. Once chosen, both read the same."""
    timeline = Timeline(WIN["setup"], WIN["actions"])
    start = typed_view(timeline.game_at(0))
    assert start.step == "entrance"
    assert t("game.entrance") in status_words(start)
    reviewed = status_words(start, live=False)
    assert t("review.entrance") in reviewed and t("game.entrance") not in reviewed
    later = typed_view(timeline.game_at(1))
    assert later.step != "entrance"
    assert status_words(later, live=False) == status_words(later)


@pytest.mark.parametrize("path", FIXTURE_GAMES, ids=lambda p: p.stem)
def test_a_game_saved_at_any_review_step_loads_back(path):
    """Continuing from step k saves the first k actions; the save loads, and so does the
    engine's full document of the step's game (its history is the k actions)."""
    doc = json.loads(path.read_text())
    timeline = Timeline(doc["setup"], doc["actions"])
    for k in range(len(timeline) + 1):
        game = timeline.game_at(k)
        fork = Session.start(timeline.code, timeline.actions[:k])
        loaded = load_record(json.loads(json.dumps(fork.record())))
        assert loaded.actions == doc["actions"][:k]
        assert loaded.game.state == game.state
        assert from_json(to_json(game)).state == game.state
