"""Peek and Move: adjacency, walls, action costs, revealing, guards' tiles, illegal actions,
and the tiles that move you somewhere else (Stairs, Service Duct, Secret Door, Walkway).

Rulebook 000 "Take Actions" and "Room Tiles"; rules README; docs/rulings.md R12, R16, R17.
"""

from __future__ import annotations

import copy

import pytest

from engine.rules.actions import ActionParseError
from engine.rules.actions import parse_pos as P
from engine.rules.data import Tool
from engine.rules.events import (
    AlarmRaised,
    DecisionNeeded,
    DestinationSet,
    GameLost,
    GuardPlaced,
    KeypadRolled,
    MoveBlocked,
    Peeked,
    PlayerMoved,
    StealthLost,
    TileRevealed,
    ToolDrawn,
)
from engine.rules.game import Game, IllegalActionError
from engine.rules.state import Step

from .builder import K, Table, legal, of


def guards_away(t: Table, *floors: int) -> Table:
    """Park the guards of these floors (0 = ground) in their far corner, out of the way."""
    for f in floors or (0,):
        t.guard(f, at=f"{f + 1}.D4", dest=f"{f + 1}.D3")
    return t


def assert_illegal(g: Game, action: str) -> None:
    """The action is not listed, raises IllegalActionError, and changes nothing at all."""
    assert action not in legal(g)
    before = copy.deepcopy(g.state)
    history = list(g.history)
    with pytest.raises(IllegalActionError):
        g.apply(action)
    assert g.state == before
    assert g.history == history


# ---------------------------------------------------------------------------------- Peek


def test_peek_reveals_adjacent_tile_without_entering():
    """Peek flips an adjacent face-down tile for everyone; the burglar stays where he is."""
    g = guards_away(Table().player(0, "1.A1").face_down("1.B1", K.FINGERPRINT, 5)).game()
    events = g.apply("peek 1.B1")
    assert Peeked(0, P("1.B1")) in events
    assert TileRevealed(P("1.B1"), "fingerprint", 5) in events
    assert g.tile(P("1.B1")).revealed
    assert g.state.players[0].pos == P("1.A1")


def test_peek_reveal_is_permanent():
    """A peeked tile stays face up after the turn ends, and cannot be peeked again."""
    t = guards_away(Table().player(0, "1.A1").face_down("1.B1", K.FINGERPRINT))
    t.patrol(0, "1.D4", "1.D3")
    g = t.game()
    g.apply("peek 1.B1")
    g.apply("end")
    assert g.state.step == Step.ACTIONS and g.state.turn == 2
    assert g.tile(P("1.B1")).revealed
    assert "peek 1.B1" not in legal(g)


def test_peek_costs_one_action():
    """Peeking spends one of the turn's actions."""
    g = guards_away(Table().player(0, "1.A1")).game()
    g.apply("peek 1.B1")
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)


def test_peek_triggers_no_tile_effect():
    """Peeking at an alarm tile or a Laboratory sets off nothing and draws nothing."""
    t = Table().player(0, "1.B2").face_down("1.B1", K.FINGERPRINT)
    t.face_down("1.A2", K.LABORATORY).face_down("1.C2", K.LASER)
    g = guards_away(t).game()
    events = g.apply("peek 1.B1") + g.apply("peek 1.A2") + g.apply("peek 1.C2")
    assert not of(events, AlarmRaised)
    assert not of(events, DecisionNeeded)
    assert not of(events, ToolDrawn)
    assert g.state.players[0].tools == []
    assert not g.tile(P("1.A2")).tool_taken


def test_peek_not_diagonal():
    """You may not Peek diagonally."""
    g = guards_away(Table().player(0, "1.A1")).game()
    assert "peek 1.A2" in legal(g)
    assert_illegal(g, "peek 1.B2")


def test_peek_not_through_walls():
    """A Wall between two tiles blocks Peeking."""
    g = guards_away(Table().player(0, "1.A1").walls(0, "A1|B1")).game()
    assert "peek 1.A2" in legal(g)
    assert_illegal(g, "peek 1.B1")


def test_peek_only_at_adjacent_tiles():
    """Peek reaches one tile away, not two."""
    g = guards_away(Table().player(0, "1.A1")).game()
    assert_illegal(g, "peek 1.C1")


def test_peek_only_at_face_down_tiles():
    """A tile already revealed (or your own tile) cannot be peeked."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.LABORATORY)).game()
    assert "peek 1.A2" in legal(g)
    assert_illegal(g, "peek 1.B1")
    assert_illegal(g, "peek 1.A1")


def test_peek_needs_an_action_left():
    """With no action left you cannot Peek."""
    g = guards_away(Table().player(0, "1.A1")).turn(0, actions=0, taken=4).game()
    assert_illegal(g, "peek 1.B1")


# ---------------------------------------------------------------------------------- Move


def test_move_to_adjacent_tile_costs_one_action():
    """Moving to an orthogonally adjacent tile spends one action."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.LABORATORY, tool_taken=True)).game()
    events = g.apply("move 1.B1")
    assert PlayerMoved(0, P("1.A1"), P("1.B1"), "walk") in events
    assert g.state.players[0].pos == P("1.B1")
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)


def test_move_not_diagonal():
    """You may not Move diagonally."""
    g = guards_away(Table().player(0, "1.B2")).game()
    for ok in ("1.B1", "1.C2", "1.B3", "1.A2"):
        assert f"move {ok}" in legal(g)
    for diagonal in ("1.A1", "1.C1", "1.A3", "1.C3"):
        assert_illegal(g, f"move {diagonal}")


def test_move_not_through_walls():
    """A Wall between two tiles blocks Moving."""
    g = guards_away(Table().player(0, "1.B2").walls(0, "B2|C2 B1-B2")).game()
    assert "move 1.A2" in legal(g)
    assert_illegal(g, "move 1.C2")
    assert_illegal(g, "move 1.B1")


def test_move_only_one_tile():
    """A Move goes one tile, never two."""
    g = guards_away(Table().player(0, "1.A1")).game()
    assert_illegal(g, "move 1.C1")
    assert_illegal(g, "move 1.A3")


def test_move_to_other_floor_needs_stairs():
    """Without Stairs (or another special tile) you cannot Move up or down."""
    g = guards_away(Table().player(0, "2.B2"), 0, 1, 2).game()
    assert_illegal(g, "move 3.B2")
    assert_illegal(g, "move 1.B2")


def test_move_into_unrevealed_tile_reveals_it_and_applies_it():
    """Moving into a face-down tile flips it and its text applies as part of that Move."""
    g = guards_away(Table().player(0, "1.A1").face_down("1.B1", K.FINGERPRINT, 6)).game()
    events = g.apply("move 1.B1")
    assert TileRevealed(P("1.B1"), "fingerprint", 6) in events
    assert PlayerMoved(0, P("1.A1"), P("1.B1"), "walk") in events
    assert AlarmRaised(P("1.B1"), "fingerprint") in events
    assert g.tile(P("1.B1")).revealed
    assert g.state.actions_left == 3


def test_move_needs_an_action_left():
    """With no action left you cannot Move."""
    g = guards_away(Table().player(0, "1.A1")).turn(0, actions=0, taken=4).game()
    assert legal(g) == ["end"]
    assert_illegal(g, "move 1.B1")


def test_entering_guard_tile_costs_one_stealth():
    """Moving into the tile a guard stands in discards one Stealth token."""
    g = Table().player(0, "1.A1").guard(0, at="1.B1", dest="1.D4").game()
    events = g.apply("move 1.B1")
    assert of(events, StealthLost) == [StealthLost(0, "entered-guard", False, 2)]
    assert g.state.players[0].stealth == 2
    assert not g.is_over()


def test_entering_guard_tile_without_stealth_loses_the_game():
    """A burglar with no Stealth token who moves into a guard's tile is caught: the team loses."""
    g = Table().player(0, "1.A1", stealth=0).guard(0, at="1.B1", dest="1.D4").game()
    events = g.apply("move 1.B1")
    assert GameLost(0, "entered-guard") in events
    assert g.is_over()
    assert g.outcome == "loss"
    assert g.legal_actions() == []


def test_acting_in_guard_tile_costs_no_more_stealth():
    """Peeking from, and moving out of, a guard's tile costs no Stealth."""
    g = Table().player(0, "1.A1").guard(0, at="1.A1", dest="1.D4").game()
    events = g.apply("peek 1.B1") + g.apply("move 1.A2")
    assert not of(events, StealthLost)
    assert g.state.players[0].stealth == 3


def test_entering_guard_tile_from_a_tile_with_stealth_one_left():
    """The last Stealth token can be spent: the burglar then has 0 and is still playing."""
    g = Table().player(0, "1.A1", stealth=1).guard(0, at="1.B1", dest="1.D4").game()
    g.apply("move 1.B1")
    assert g.state.players[0].stealth == 0
    assert not g.is_over()


# ------------------------------------------------------------------- illegal actions


@pytest.mark.parametrize(
    "action",
    [
        "move 1.C3",  # far away
        "move 1.B2",  # diagonal
        "move 1.A2",  # through the wall A1-A2
        "move 2.A1",  # no stairs
        "move 1.A1",  # own tile
        "peek 1.B2",  # diagonal
        "peek 1.A2",  # through a wall
        "hack",  # not in a computer
        "add-die",  # not in a safe
        "crack",
        "escape",
        "enter 1.A1",  # the entrance is chosen already
        "choose pay",  # nothing to decide
        "give crowbar 2",  # nobody to give to
    ],
)
def test_illegal_action_raises_and_leaves_state_unchanged(action):
    """An action that is not legal raises IllegalActionError and changes nothing."""
    t = Table(players=2).player(0, "1.A1", tools=(Tool.CROWBAR,)).player(1, "1.D1")
    g = guards_away(t.walls(0, "A1-A2")).game()
    assert_illegal(g, action)


@pytest.mark.parametrize("text", ["move 1.Z9", "move", "fly 1.B1"])
def test_a_text_that_is_no_action_raises_a_parse_error_and_changes_nothing(text):
    """Not a cell, no position, not an action: ActionParseError, and nothing changes."""
    t = Table(players=2).player(0, "1.A1", tools=(Tool.CROWBAR,)).player(1, "1.D1")
    g = guards_away(t.walls(0, "A1-A2")).game()
    before = copy.deepcopy(g.state)
    with pytest.raises(ActionParseError):
        g.apply(text)
    assert g.state == before and g.history == []


def test_revealed_deadbolt_with_too_few_actions_is_illegal_and_changes_nothing():
    """Trying to enter a revealed, empty Deadbolt with 2 actions left is refused outright."""
    t = Table().player(0, "1.A1").tile("1.B1", K.DEADBOLT).turn(0, actions=2, taken=2)
    assert_illegal(guards_away(t).game(), "move 1.B1")


def test_illegal_action_during_decision_changes_nothing():
    """While a decision is pending only its answers are legal."""
    t = Table().player(0, "1.A1").tile("1.B1", K.LASER)
    g = guards_away(t).game()
    g.apply("move 1.B1")
    assert g.state.pending is not None
    assert_illegal(g, "move 1.A1")
    assert_illegal(g, "end")


# ---------------------------------------------------------------------------------- Stairs


def test_stairs_reveal_puts_downstairs_token_on_tile_above():
    """Revealing Stairs (even by peeking) places a Downstairs token on the tile above."""
    g = guards_away(Table().player(0, "1.A2").face_down("1.B2", K.STAIRS, 4)).game()
    assert not g.tile(P("2.B2")).downstairs
    g.apply("peek 1.B2")
    assert g.tile(P("2.B2")).downstairs
    assert not g.tile(P("3.B2")).downstairs
    assert not g.tile(P("2.A2")).downstairs


def test_stairs_on_top_floor_places_no_token():
    """Stairs revealed on the top floor have no floor above: no token anywhere."""
    g = guards_away(Table().player(0, "3.A2").face_down("3.B2", K.STAIRS, 4), 2).game()
    g.apply("peek 3.B2")
    assert g.tile(P("3.B2")).revealed
    assert not any(t.downstairs for fl in g.state.floors for t in fl.tiles if t is not None)


def _stairs_table(above: K = K.LABORATORY, above_revealed: bool = True) -> Table:
    t = Table().player(0, "1.B2").tile("1.B2", K.STAIRS, 4)
    t.tile("2.B2", above, revealed=above_revealed, downstairs=True, tool_taken=True)
    return guards_away(t, 0, 1)


def test_move_up_from_stairs_costs_one_action():
    """From the Stairs you may Move to the tile directly above for one action."""
    g = _stairs_table().game()
    events = g.apply("move 2.B2")
    assert PlayerMoved(0, P("1.B2"), P("2.B2"), "stairs") in events
    assert g.state.players[0].pos == P("2.B2")
    assert g.state.actions_left == 3


def test_peek_up_from_stairs():
    """From the Stairs you may Peek at the face-down tile directly above."""
    g = _stairs_table(above_revealed=False).game()
    events = g.apply("peek 2.B2")
    assert TileRevealed(P("2.B2"), "laboratory", 1) in events
    assert g.state.players[0].pos == P("1.B2")


def test_moving_up_stairs_counts_as_entering_the_tile_above():
    """Going up the Stairs enters the tile above: it is revealed and its effect applies."""
    g = _stairs_table(K.FINGERPRINT, above_revealed=False).game()
    events = g.apply("move 2.B2")
    assert TileRevealed(P("2.B2"), "fingerprint", 1) in events
    assert AlarmRaised(P("2.B2"), "fingerprint") in events


def test_move_down_from_downstairs_tile_to_stairs():
    """From the tile with the Downstairs token you may Move down to the Stairs for one action."""
    t = Table().player(0, "2.B2").tile("1.B2", K.STAIRS, 4)
    t.tile("2.B2", K.LABORATORY, downstairs=True, tool_taken=True)
    g = guards_away(t, 0, 1).game()
    events = g.apply("move 1.B2")
    assert PlayerMoved(0, P("2.B2"), P("1.B2"), "stairs") in events
    assert g.state.actions_left == 3


def test_no_move_down_without_downstairs_token():
    """Only the tile above the Stairs leads down."""
    t = Table().player(0, "2.C2").tile("1.B2", K.STAIRS, 4)
    t.tile("2.B2", K.LABORATORY, downstairs=True, tool_taken=True)
    g = guards_away(t, 0, 1).game()
    assert_illegal(g, "move 1.C2")
    assert_illegal(g, "move 1.B2")


def test_top_floor_stairs_lead_nowhere_up():
    """On the top floor the Stairs give no Move or Peek upward (only the escape)."""
    g = guards_away(Table().player(0, "3.B2").tile("3.B2", K.STAIRS, 4), 2).game()
    moves = [a for a in g.legal_actions() if a.kind == "move"]
    assert moves and all(a.pos >> 6 == 2 for a in moves)
    assert_illegal(g, "move 4.B2")


def test_R12_entering_floor_above_sets_up_its_guard():
    """R12: reaching a floor first sets up its guard (position, then destination card)."""
    t = Table().player(0, "1.B2").tile("1.B2", K.STAIRS, 4)
    t.tile("2.B2", K.LABORATORY, downstairs=True, tool_taken=True)
    t = guards_away(t, 0).patrol(1, "2.D4", "2.A1")
    g = t.game()
    assert not g.state.floors[1].guard.placed
    events = g.apply("move 2.B2")
    assert GuardPlaced(1, P("2.D4")) in events
    assert DestinationSet(1, P("2.A1"), "patrol") in events
    guard = g.state.floors[1].guard
    assert (guard.placed, guard.pos, guard.dest) == (True, P("2.D4"), P("2.A1"))
    assert not of(events, StealthLost)


def test_R12_guard_set_up_on_your_tile_costs_stealth():
    """R12: if the new floor's guard is placed on the tile you are entering, you pay Stealth."""
    t = Table().player(0, "1.B2").tile("1.B2", K.STAIRS, 4)
    t.tile("2.B2", K.LABORATORY, downstairs=True, tool_taken=True)
    g = guards_away(t, 0).patrol(1, "2.B2", "2.A1").game()
    events = g.apply("move 2.B2")
    assert of(events, StealthLost) == [StealthLost(0, "entered-guard", False, 2)]


def test_R12_placing_a_guard_is_not_entering_but_the_atrium_below_sees_him():
    """R12: the guard set up on floor 2 is not entering anyone's tile, but the burglar in the
    Atrium right below him is seen (a static tile condition, whatever put him there)."""
    t = Table(players=2).player(0, "1.B2").player(1, "1.C2").tile("1.B2", K.STAIRS, 4)
    t.tile("1.C2", K.ATRIUM, 3)
    t.tile("2.B2", K.LABORATORY, downstairs=True, tool_taken=True)
    g = guards_away(t, 0).patrol(1, "2.C2", "2.A1").game()
    events = g.apply("move 2.B2")
    assert GuardPlaced(1, P("2.C2")) in events
    assert of(events, StealthLost) == [StealthLost(1, "atrium", False, 2)]
    assert g.state.players[0].stealth == 3


# --------------------------------------------------------------------------- Service Duct


def test_service_duct_links_both_revealed_ducts_across_floors():
    """With both Service Ducts revealed, one Move links them, even across floors."""
    t = Table().player(0, "1.A1").tile("1.A1", K.SERVICE_DUCT, 5).tile("3.D1", K.SERVICE_DUCT, 6)
    g = guards_away(t, 0, 2).game()
    events = g.apply("move 3.D1")
    assert PlayerMoved(0, P("1.A1"), P("3.D1"), "duct") in events
    assert g.state.players[0].pos == P("3.D1")
    assert g.state.actions_left == 3


def test_service_duct_needs_both_revealed():
    """While the other Service Duct is face down, a Duct is an ordinary room."""
    t = Table().player(0, "1.A1").tile("1.A1", K.SERVICE_DUCT, 5)
    g = guards_away(t.face_down("3.D1", K.SERVICE_DUCT, 6), 0, 2).game()
    assert_illegal(g, "move 3.D1")


def test_service_duct_to_new_floor_sets_up_its_guard():
    """Arriving on a floor through a Duct places that floor's guard (R12)."""
    t = Table().player(0, "1.A1").tile("1.A1", K.SERVICE_DUCT, 5).tile("3.D1", K.SERVICE_DUCT, 6)
    g = guards_away(t).patrol(2, "3.A4", "3.B4").game()
    events = g.apply("move 3.D1")
    assert GuardPlaced(2, P("3.A4")) in events
    assert g.state.floors[2].guard.pos == P("3.A4")


# ---------------------------------------------------------------------------- Secret Door


def test_R17_revealed_secret_door_can_be_entered_through_a_wall():
    """R17: a revealed Secret Door can be entered from an adjacent tile even through a Wall."""
    t = Table().player(0, "1.A1").walls(0, "A1|B1").tile("1.B1", K.SECRET_DOOR, 1)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert PlayerMoved(0, P("1.A1"), P("1.B1"), "secret-door") in events
    assert g.state.actions_left == 3


def test_R17_face_down_secret_door_cannot_be_entered_through_a_wall():
    """R17: before it is revealed, nothing tells you the tile behind the wall is a Secret Door."""
    t = Table().player(0, "1.A1").walls(0, "A1|B1").face_down("1.B1", K.SECRET_DOOR, 1)
    g = guards_away(t).game()
    assert_illegal(g, "move 1.B1")
    assert_illegal(g, "peek 1.B1")


def test_secret_door_cannot_be_left_through_a_wall():
    """From a Secret Door you may neither Move nor Peek out through a Wall."""
    t = Table().player(0, "1.B1").walls(0, "A1|B1").tile("1.B1", K.SECRET_DOOR, 1)
    t.tile("1.A1", K.LABORATORY, tool_taken=True).face_down("1.C1", K.LABORATORY)
    t.walls(0, "B1|C1")
    g = guards_away(t).game()
    assert_illegal(g, "move 1.A1")
    assert_illegal(g, "move 1.C1")
    assert_illegal(g, "peek 1.C1")
    assert "move 1.B2" in legal(g)


def test_secret_door_through_wall_only_to_adjacent_tiles():
    """A Secret Door is entered from an adjacent tile only, never diagonally."""
    t = Table().player(0, "1.A2").tile("1.B1", K.SECRET_DOOR, 1)
    g = guards_away(t).game()
    assert_illegal(g, "move 1.B1")


def test_R17_guards_never_use_secret_doors():
    """R17: a guard walks around the wall next to a Secret Door, not through it."""
    t = Table().walls(0, "A1|B1").tile("1.B1", K.SECRET_DOOR, 1).player(0, "1.D4")
    g = t.guard(0, at="1.A1", dest="1.B1").game()
    assert g.guard_route(0) == [P("1.A2"), P("1.B2"), P("1.B1")]


def test_R28_secret_door_to_secret_door_through_a_wall():
    """Proposed ruling: from one Secret Door you may enter an adjacent one through a Wall."""
    t = Table().player(0, "1.A1").walls(0, "A1|B1")
    t.tile("1.A1", K.SECRET_DOOR, 1).tile("1.B1", K.SECRET_DOOR, 2)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.B1")
    assert of(events, PlayerMoved)[0].how == "secret-door"


# -------------------------------------------------------------------------------- Walkway


def test_R16_moving_onto_unrevealed_walkway_above_floor_1_falls_below():
    """R16: moving onto a face-down Walkway above floor 1 drops you onto the tile below."""
    t = Table().player(0, "2.A1").face_down("2.B1", K.WALKWAY, 2)
    t.face_down("1.B1", K.LABORATORY, tool_taken=True)
    g = guards_away(t, 0, 1).game()
    events = g.apply("move 2.B1")
    assert TileRevealed(P("2.B1"), "walkway", 2) in events
    assert PlayerMoved(0, P("2.B1"), P("1.B1"), "fall") in events
    assert g.tile(P("2.B1")).revealed and g.tile(P("1.B1")).revealed
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 3


def test_R16_fall_costs_no_stealth_for_guard_below():
    """Falling onto the guard's tile is not entering it: no Stealth is lost."""
    t = Table().player(0, "2.A1").face_down("2.B1", K.WALKWAY, 2)
    g = guards_away(t.guard(0, at="1.B1", dest="1.D4"), 1).game()
    events = g.apply("move 2.B1")
    assert g.state.players[0].pos == P("1.B1")
    assert not of(events, StealthLost)
    assert g.state.players[0].stealth == 3


def test_R16_fall_with_no_stealth_onto_guard_does_not_lose():
    """Even with no Stealth left, falling onto a guard's tile does not get you caught."""
    t = Table().player(0, "2.A1", stealth=0).face_down("2.B1", K.WALKWAY, 2)
    g = guards_away(t.guard(0, at="1.B1", dest="1.D4"), 1).game()
    g.apply("move 2.B1")
    assert not g.is_over()
    assert g.state.players[0].pos == P("1.B1")


_LANDINGS = [
    pytest.param(K.FINGERPRINT, {}, id="fingerprint"),
    pytest.param(K.LASER, {}, id="laser"),
    pytest.param(K.DETECTOR, {}, id="detector"),
    pytest.param(K.DEADBOLT, {}, id="deadbolt"),
    pytest.param(K.KEYPAD, {}, id="keypad"),
    pytest.param(K.LABORATORY, {"tool_taken": False}, id="laboratory"),
]


@pytest.mark.parametrize("kind, tokens", _LANDINGS)
@pytest.mark.parametrize("landing_revealed", [True, False], ids=["revealed", "face-down"])
def test_R16_fall_ignores_landing_tile_entry_effects(kind, tokens, landing_revealed):
    """R16: a Walkway fall is not entering: no alarm, extra cost, Keypad roll or tool."""
    t = Table().player(0, "2.A1", tools=(Tool.DONUTS,)).face_down("2.B1", K.WALKWAY, 2)
    t.tile("1.B1", kind, revealed=landing_revealed, **tokens).dice(6, 6, 6)
    g = guards_away(t, 0, 1).game()
    events = g.apply("move 2.B1")
    _assert_landed_quietly(g, events)


@pytest.mark.parametrize("kind, tokens", _LANDINGS)
def test_R16_walkway_down_ignores_landing_tile_entry_effects(kind, tokens):
    """Moving down from a revealed Walkway (1 action) ignores the landing tile's entry effects."""
    t = Table().player(0, "2.B1", tools=(Tool.DONUTS,)).tile("2.B1", K.WALKWAY, 2)
    t.tile("1.B1", kind, **tokens).dice(6, 6, 6)
    g = guards_away(t, 0, 1).game()
    assert "move 1.B1" in legal(g)
    events = g.apply("move 1.B1")
    assert PlayerMoved(0, P("2.B1"), P("1.B1"), "walkway") in events
    _assert_landed_quietly(g, events)


def _assert_landed_quietly(g: Game, events: list) -> None:
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 3
    assert g.state.pending is None
    assert not of(events, AlarmRaised)
    assert not of(events, DecisionNeeded)
    assert not of(events, KeypadRolled)
    assert not of(events, MoveBlocked)
    assert not of(events, ToolDrawn)
    assert g.state.players[0].tools == [Tool.DONUTS]
    assert not g.tile(P("1.B1")).alarm


def test_R16_walkway_down_onto_guard_costs_no_stealth():
    """Moving down from a revealed Walkway onto the guard is not entering: no Stealth lost."""
    t = Table().player(0, "2.B1").tile("2.B1", K.WALKWAY, 2)
    g = guards_away(t.guard(0, at="1.B1", dest="1.D4"), 1).game()
    events = g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.B1")
    assert not of(events, StealthLost)


def test_walkway_on_ground_floor_does_nothing():
    """A face-down Walkway on floor 1 is simply entered: there is no floor below."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.WALKWAY, 2)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert PlayerMoved(0, P("1.A1"), P("1.B1"), "walk") in events
    assert g.state.players[0].pos == P("1.B1")


def test_peeked_walkway_does_nothing():
    """Revealing a Walkway by Peeking moves nobody and reveals nothing below."""
    t = Table().player(0, "2.A1").face_down("2.B1", K.WALKWAY, 2)
    g = guards_away(t, 0, 1).game()
    g.apply("peek 2.B1")
    assert g.state.players[0].pos == P("2.A1")
    assert g.tile(P("2.B1")).revealed
    assert not g.tile(P("1.B1")).revealed


def test_revealed_walkway_does_not_make_you_fall():
    """Once revealed, a Walkway is entered normally: you stay on it."""
    t = Table().player(0, "2.A1").tile("2.B1", K.WALKWAY, 2)
    g = guards_away(t, 0, 1).game()
    events = g.apply("move 2.B1")
    assert PlayerMoved(0, P("2.A1"), P("2.B1"), "walk") in events
    assert g.state.players[0].pos == P("2.B1")


def test_R16_revealed_walkway_lets_you_move_down_for_one_action():
    """From a revealed Walkway you may Move down to the tile below for one action, revealing it."""
    t = Table().player(0, "2.B1").tile("2.B1", K.WALKWAY, 2).face_down("1.B1", K.LABORATORY)
    g = guards_away(t, 0, 1).game()
    events = g.apply("move 1.B1")
    assert TileRevealed(P("1.B1"), "laboratory", 1) in events
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 3


def test_R16_peek_down_from_walkway():
    """From a Walkway you may Peek at the face-down tile directly below."""
    t = Table().player(0, "2.B1").tile("2.B1", K.WALKWAY, 2).face_down("1.B1", K.THERMO, 3)
    g = guards_away(t, 0, 1).game()
    events = g.apply("peek 1.B1")
    assert TileRevealed(P("1.B1"), "thermo", 3) in events
    assert g.state.players[0].pos == P("2.B1")


def test_no_move_up_from_tile_below_walkway():
    """You cannot climb up to a Walkway from the tile below it."""
    t = Table().player(0, "1.B1").tile("2.B1", K.WALKWAY, 2)
    g = guards_away(t, 0, 1).game()
    assert_illegal(g, "move 2.B1")
    assert_illegal(g, "peek 2.B1")


def test_R29_fall_does_not_chain_through_a_second_walkway():
    """Landing on a face-down Walkway reveals it but is no Move onto it: you fall one floor only."""
    t = Table().player(0, "3.A1").face_down("3.B1", K.WALKWAY, 2).face_down("2.B1", K.WALKWAY, 1)
    g = guards_away(t, 0, 1, 2).game()
    g.apply("move 3.B1")
    assert g.state.players[0].pos == P("2.B1")
    assert g.tile(P("2.B1")).revealed
    assert not g.tile(P("1.B1")).revealed


def test_R29_fall_onto_motion_tile_then_leaving_raises_nothing():
    """R22 with R16: a fall is no Move into the Motion tile, so leaving it that turn is quiet."""
    t = Table().player(0, "2.A1").face_down("2.B1", K.WALKWAY, 2).face_down("1.B1", K.MOTION, 1)
    g = guards_away(t, 0, 1).game()
    g.apply("move 2.B1")
    assert g.state.players[0].pos == P("1.B1")
    events = g.apply("move 1.C1")
    assert not of(events, AlarmRaised)
    assert not of(events, DecisionNeeded)


def test_fall_to_floor_without_guard_sets_it_up():
    """A fall onto a floor without a guard sets him up (R12); landing on him costs nothing."""
    t = Table().player(0, "3.A1").face_down("3.B1", K.WALKWAY, 2)
    g = guards_away(t, 0, 2).patrol(1, "2.B1", "2.D4").game()
    events = g.apply("move 3.B1")
    assert GuardPlaced(1, P("2.B1")) in events
    assert g.state.players[0].pos == P("2.B1")
    assert not of(events, StealthLost)


def test_R30_stairs_into_face_down_walkway_sets_up_upper_guard():
    """Climbing the Stairs into a face-down Walkway drops you back down, but you did stand
    on the upper floor: its guard is set up."""
    game = (
        Table()
        .tile("1.B2", K.STAIRS, 4)
        .face_down("2.B2", K.WALKWAY, 2)
        .player(0, "1.B2")
        .guard(0, at="1.D4", dest="1.D1")
        .patrol(1, "2.A4", "2.D1")
        .game()
    )
    game.apply("move 2.B2")
    assert game.state.players[0].pos == P("1.B2")
    upper = game.state.floors[1].guard
    assert upper.placed and upper.pos == P("2.A4") and upper.dest == P("2.D1")


def test_R29_face_down_walkway_where_the_guard_stands_is_entered_before_the_fall():
    """Moving into a face-down Walkway the guard stands on: the burglar enters the Walkway
    (1 Stealth for the guard there), then falls; only the tile landed on is exempt."""
    t = Table().player(0, "2.A1").face_down("2.B1", K.WALKWAY, 2)
    g = guards_away(t.guard(1, at="2.B1", dest="2.D4"), 0).game()
    events = g.apply("move 2.B1")
    assert of(events, StealthLost) == [StealthLost(0, "entered-guard", False, 2)]
    assert g.state.players[0].pos == P("1.B1")


def test_R29_face_down_walkway_under_the_guard_with_no_stealth_loses_before_the_fall():
    """With no Stealth left, the guard on the Walkway catches the burglar: no fall."""
    t = Table().player(0, "2.A1", stealth=0).face_down("2.B1", K.WALKWAY, 2)
    g = guards_away(t.guard(1, at="2.B1", dest="2.D4"), 0).game()
    events = g.apply("move 2.B1")
    assert of(events, GameLost) and g.is_over()
    assert not [e for e in of(events, PlayerMoved) if e.how == "fall"]


def test_R30_stairs_into_a_face_down_walkway_where_the_guard_is_placed_costs_a_stealth():
    """Up the Stairs into a face-down Walkway where the upper guard is just set up: the
    burglar entered his tile (R12) before dropping back onto the Stairs."""
    t = Table().tile("1.B2", K.STAIRS, 4).face_down("2.B2", K.WALKWAY, 2).player(0, "1.B2")
    g = t.guard(0, at="1.D4", dest="1.D1").patrol(1, "2.B2", "2.D1").game()
    events = g.apply("move 2.B2")
    assert of(events, GuardPlaced) == [GuardPlaced(1, P("2.B2"))]
    assert of(events, StealthLost) == [StealthLost(0, "entered-guard", False, 2)]
    assert g.state.players[0].pos == P("1.B2")
