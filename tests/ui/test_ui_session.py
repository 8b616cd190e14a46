"""ui.session, ui.describe and the tile parts of ui.board, in CPython."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Action
from engine.rules import events as engine_events
from ui import describe
from ui.board import _tile_parts
from ui.messages import EN, name_of, t
from ui.session import SaveError, Saves, Session, load_record, replay_hashes, state_hash
from ui.storage import Storage

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
WIN = json.loads((FIXTURES / "bank_2p_win.json").read_text())
LOSS = json.loads((FIXTURES / "bank_2p_loss.json").read_text())


def test_a_fixture_replays_to_its_outcome_with_a_readable_log():
    session = Session.start(WIN["setup"], WIN["actions"])
    assert session.game.outcome == "win"
    lines = [line for _, line in session.log]
    assert lines[0].startswith("The crew breaks in at 1.")
    assert any(line.startswith("Guard moves 1.") and " -> 1." in line for line in lines)
    assert any(line.startswith("Rolled ") for line in lines)
    assert lines[-1] == "The crew wins!"
    # An event without words of its own is logged as its bare class name: none is.
    names = {cls.__name__ for cls in vars(engine_events).values() if isinstance(cls, type)}
    assert [line for line in lines if line in names or "{" in line] == []


def test_undo_never_takes_back_an_action_that_revealed_a_tile():
    session = Session.start(LOSS["setup"])
    session.play("enter 1.C3")  # reveals the entrance: a checkpoint
    assert session.checkpoints == [True] and not session.can_undo()
    assert session.undo() is False
    session.play("move 1.C2")  # onto a face-down tile: it is revealed
    assert session.checkpoints == [True, True] and not session.can_undo()
    assert session.undo() is False and session.actions == ["enter 1.C3", "move 1.C2"]


def test_undo_of_a_plain_move_restores_the_identical_state():
    session = Session.start(LOSS["setup"], ["enter 1.C3", "move 1.C2"])
    hash_before = state_hash(session.game)
    log_before = list(session.log)
    session.play("move 1.C3")  # back onto the revealed entrance: nothing hidden shown
    assert session.checkpoints[-1] is False and session.can_undo()
    assert session.undo()
    assert session.actions == ["enter 1.C3", "move 1.C2"] and session.log == log_before
    assert state_hash(session.game) == hash_before
    assert not session.can_undo()  # and never past the checkpoint before it


def test_saves_round_trip_and_bad_saves_are_kept_untouched(make_window):
    store = Storage(make_window())
    saves = Saves(store)
    session = Session.start(WIN["setup"], WIN["actions"][:10])
    assert saves.put(session)
    assert saves.ids() == [session.save_id] and saves.current() == session.save_id
    again = load_record(saves.get(session.save_id))
    assert again.game.state == session.game.state
    store.set("save.bad", "{not json")
    with pytest.raises(SaveError, match="JSON"):
        saves.get("bad")
    assert store.get("save.bad") == "{not json"
    record = session.record()
    with pytest.raises(SaveError, match="rules engine"):
        load_record({**record, "engine": "0.0.0-old"})
    with pytest.raises(SaveError, match="do not replay"):
        load_record({**record, "actions": [*record["actions"], "move 3.D4"]})
    with pytest.raises(SaveError, match="setup"):
        load_record({**record, "setup": "1.z.0"})
    saves.delete(session.save_id)
    assert saves.ids() == []


def test_saves_say_so_when_storage_is_unavailable(make_window):
    class Broken:
        def setItem(self, key, value):
            raise OSError("quota")

    saves = Saves(Storage(make_window(storage=Broken())))
    assert not saves.enabled
    assert saves.put(Session.start(WIN["setup"])) in (True, False)


def test_actions_are_labelled_in_words():
    names = ["Ada", "Bob"]
    assert describe.action_label(Action.parse("move 1.B2"), names, with_pos=False) == t("act.move")
    assert describe.action_label("give crowbar 2", names) == "Give Crowbar to Bob"
    assert describe.action_label("use emp", names) == "Use E.M.P."
    assert describe.action_label("ability orders 2 1.C3", names) == (
        name_of("ability", "orders") + t("act.for", player="Bob") + t("act.at", pos="1.C3")
    )
    assert describe.action_label("choose 1.A1", names) == "1.A1"
    assert describe.action_pos("use blueprints 2.C3") == "2.C3"
    assert describe.action_pos("choose 1.A1") == "" and describe.action_pos("end") == ""


def test_face_down_tiles_show_nothing_hidden_and_revealed_ones_show_their_tokens():
    session = Session.start(WIN["setup"], WIN["actions"][:3])
    view = session.view()
    floor = view.floors[0]
    revealed = 0
    for tile in floor.tiles:
        look = _tile_parts(tile, view.players, floor.guard, None, -1)
        if tile.revealed:
            revealed += 1
            assert look.kind == EN.get(f"tile.short.{tile.kind}", EN[f"kind.{tile.kind}"])
        else:
            assert look.kind == "" and look.number == "" and "face down" in look.label
    assert 0 < revealed < len(floor.tiles)


def test_replay_hashes_are_stable():
    first = replay_hashes(WIN["setup"], WIN["actions"][:20])
    assert first == replay_hashes(WIN["setup"], WIN["actions"][:20])
    assert len(first) == 21 and len(set(first)) > 10
    # The first hash is the new game's, each next one the game's after that action.
    live = Session.start(WIN["setup"])
    assert first[0] == state_hash(live.game)
    for text, expected in zip(WIN["actions"][:20], first[1:], strict=True):
        live.play(text)
        assert state_hash(live.game) == expected
