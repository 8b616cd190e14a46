"""The engine's boundary: enums for kinds, typed decision payloads, the outcome record, and
events that say whether they reveal hidden information (undo checkpoints)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Setup, from_json, new_game, replay
from engine.io.serialize import to_json
from engine.rules import events as ev
from engine.rules.decisions import PAYLOADS, AlarmPayload, RiggerDrawPayload, payload_of
from engine.rules.kinds import (
    HIDDEN_DECISIONS,
    DecisionKind,
    EffectKind,
    EndReason,
    Lasting,
    Outcome,
    Result,
    Reveal,
    TurnFlag,
)
from engine.rules.state import Decision, Effect

from .builder import P, of, table

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
LOSS = json.loads((FIXTURES / "bank_2p_loss.json").read_text())
WIN = json.loads((FIXTURES / "bank_2p_win.json").read_text())


def test_enum_members_are_the_strings_the_json_holds() -> None:
    g = table(players=1).player(0, "1.A1").game()
    st = g.state
    st.turn_flags = [TurnFlag.ACTED, TurnFlag.used("x-ray")]
    st.lasting = {Lasting.EMP: 0}
    st.queue = [Effect(EffectKind.GUARD_MOVE, floor=0)]
    st.pending = Decision(DecisionKind.ALARM, ["trigger"], pos=P("1.B1"), source="laser")
    doc = json.loads(to_json(g))["state"]
    assert doc["turn_flags"] == ["acted", "used:x-ray"]
    assert doc["lasting"] == {"emp": 0}
    assert doc["queue"][0]["kind"] == "guard-move"
    assert doc["pending"]["kind"] == "alarm"
    assert doc["outcome"] == ""


def test_a_loaded_state_holds_enum_members_again() -> None:
    game = replay(Setup.from_code(WIN["setup"]), WIN["actions"][:40])
    loaded = from_json(to_json(game))
    st = loaded.state
    assert all(type(f) is TurnFlag for f in st.turn_flags)
    assert all(type(k) is Lasting for k in st.lasting)
    assert all(type(e.kind) is EffectKind for e in st.queue)
    assert type(st.outcome) is Result
    assert loaded.state == game.state


def test_an_unknown_kind_in_a_save_is_refused() -> None:
    from engine import StateError

    game = new_game(Setup(seed=3))
    doc = json.loads(to_json(game))
    doc["state"]["turn_flags"] = ["no-such-flag"]
    with pytest.raises(StateError, match="TurnFlag"):
        from_json(json.dumps(doc))


def test_every_decision_kind_has_a_payload_type() -> None:
    assert set(PAYLOADS) == set(DecisionKind)
    for kind, cls in PAYLOADS.items():
        assert cls.kind == kind


def test_payloads_name_the_generic_fields() -> None:
    d = Decision(DecisionKind.ALARM, ["hack", "trigger"], pos=70, source="laser")
    assert payload_of(d) == AlarmPayload(pos=70, source="laser")
    assert payload_of(d).to_dict() == {"pos": 70, "source": "laser"}
    d = Decision(
        DecisionKind.RIGGER_DRAW, ["emp", "virus"], n=1, source="safe", data=["virus", "emp"]
    )
    assert payload_of(d) == RiggerDrawPayload(player=1, source="safe", drawn=("virus", "emp"))


def test_the_outcome_is_a_record_that_names_who_was_caught() -> None:
    setup = Setup.from_code(LOSS["setup"])
    game = replay(setup, LOSS["actions"])
    lost = of(game.last_events, ev.GameLost)
    assert len(lost) == 1
    out = game.outcome
    assert (out.result, out.reason, out.player) == (Result.LOSS, EndReason.CAUGHT, lost[0].player)
    assert out.cause == lost[0].reason and out.code == game.state.reason
    assert out == "loss" and out != "win" and bool(out)  # still reads as its text
    loaded = from_json(to_json(game))  # the state does not say who: the replay does
    assert loaded.outcome == out and loaded.outcome.player == out.player


def test_a_win_and_a_game_in_play() -> None:
    game = replay(Setup.from_code(WIN["setup"]), WIN["actions"])
    assert game.outcome == Outcome(Result.WIN, EndReason.ESCAPED)
    assert game.outcome.code == game.state.reason == "escaped"
    fresh = new_game(Setup(seed=1))
    assert not fresh.outcome and fresh.outcome.result is Result.PLAYING and fresh.outcome == ""


REVEALING = {
    "TileRevealed": Reveal.TILE,
    "KeypadRolled": Reveal.ROLL,
    "SafeRolled": Reveal.ROLL,
    "SafeDiceRolled": Reveal.ROLL,
    "LootRolled": Reveal.ROLL,
    "ToolDrawn": Reveal.DRAW,
    "LootDrawn": Reveal.DRAW,
    "EventDrawn": Reveal.DRAW,
    "PatrolDrawn": Reveal.DRAW,
    "PatrolReshuffled": Reveal.DRAW,
    "SpotterLooked": Reveal.LOOK,
}


def test_each_event_declares_what_it_reveals() -> None:
    classes = [c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event)]
    declared = {c.__name__: c.reveal for c in classes if c.reveal is not Reveal.NOTHING}
    assert declared == REVEALING


def test_a_decision_that_shows_cards_or_dice_is_a_checkpoint() -> None:
    for kind in DecisionKind:
        needed = ev.DecisionNeeded(kind, ("a", "b"))
        assert needed.reveals() == (kind in HIDDEN_DECISIONS)
        assert ev.is_checkpoint([needed]) == (kind in HIDDEN_DECISIONS)


def test_apply_reports_a_checkpoint_when_something_hidden_was_shown() -> None:
    g = table(players=1).player(0, "1.A1").game()
    g.apply("move 1.B1")  # onto a face-down tile: it is revealed
    assert g.last_checkpoint and of(g.last_events, ev.TileRevealed)
    g.apply("move 1.A1")  # back onto a revealed tile: nothing hidden
    assert not g.last_checkpoint and g.last_events
    assert new_game(Setup(seed=2)).last_events == []


def test_game_exposes_what_a_caller_needs_and_nothing_that_changes_state() -> None:
    """`apply` is the only public way to change a game: every other public name is a query
    (a property or a method that leaves the state as it was, checked on a live game)."""
    from engine import Game, Setup, new_game

    public = {n for n in dir(Game) if not n.startswith("_")}
    assert {"apply", "legal_actions", "view", "outcome", "clone", "last_checkpoint"} <= public
    assert len(public) <= 30, sorted(public)
    game = new_game(Setup(seed=3))
    game.apply(game.legal_actions()[0])
    before = json.dumps(to_json(game))
    pos = game.state.players[0].pos
    assert pos is not None
    calls = {
        "alarms": (0,),
        "combination": (pos,),
        "event_threshold": (0,),
        "geometry": (0,),
        "guard_route": (0,),
        "guard_steps": (0,),
        "has": (0, game.state.players[0].character, game.state.players[0].side),
        "hazards": (game.legal_actions()[0],),
        "move_options": (0,),
        "positions": (0,),
        "safe_info": (pos,),
        "tile": (pos,),
        "tile_at": (pos,),
        "would_lose": (game.legal_actions()[0],),
        "parse_action": ("end",),
    }
    for name in sorted(public - {"apply"}):
        member = getattr(game, name)
        if callable(member) and name != "clone":
            member(*calls.get(name, ()))
        assert json.dumps(to_json(game)) == before, name
