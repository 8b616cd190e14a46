"""Room tiles: what each one does when revealed, entered, left, or watched by a guard.

Rulebook 000 "Room Tiles" (004 where 000 is silent); rules README rulings 1, 6, 7, 9;
docs/rulings.md R18-R23. Movement tiles (Stairs, Service Duct, Secret Door, Walkway) are in
test_movement.py.
"""

from __future__ import annotations

import pytest

from engine.rules.actions import parse_pos as P
from engine.rules.data import Loot, Tool
from engine.rules.events import (
    AlarmAvoided,
    AlarmRaised,
    DecisionNeeded,
    DestinationSet,
    GuardMoved,
    HackAdded,
    HackSpent,
    KeypadRolled,
    MoveBlocked,
    PlayerMoved,
    StealthLost,
    TileRevealed,
    ToolDrawn,
)
from engine.rules.game import Game

from .builder import K, Table, legal, of, refused


def guards_away(t: Table, *floors: int) -> Table:
    """Park the guards of these floors (0 = ground) in their far corner, out of the way."""
    for f in floors or (0,):
        t.guard(f, at=f"{f + 1}.D4", dest=f"{f + 1}.D3")
    return t


def stealth_losses(events: list, player: int = 0) -> list[str]:
    return [e.reason for e in events if isinstance(e, StealthLost) and e.player == player]


# --------------------------------------------------------------------------------- Atrium


def test_atrium_peeks_up_and_down():
    """From an Atrium you may Peek at the tiles directly above and below."""
    t = Table().player(0, "2.B2").tile("2.B2", K.ATRIUM, 3)
    t.face_down("3.B2", K.CAMERA, 2).face_down("1.B2", K.THERMO, 1)
    g = guards_away(t, 0, 1, 2).game()
    assert "peek 3.B2" in legal(g) and "peek 1.B2" in legal(g)
    events = g.apply("peek 3.B2") + g.apply("peek 1.B2")
    assert TileRevealed(P("3.B2"), "camera", 2) in events
    assert TileRevealed(P("1.B2"), "thermo", 1) in events
    assert g.state.players[0].pos == P("2.B2")
    assert g.state.actions_left == 2


def test_atrium_gives_no_move_up_or_down():
    """An Atrium lets you look up and down, not move there."""
    t = Table().player(0, "2.B2").tile("2.B2", K.ATRIUM, 3)
    g = guards_away(t, 0, 1, 2).game()
    assert refused(g, "move 3.B2")
    assert refused(g, "move 1.B2")


def test_atrium_peeks_only_straight_up_and_down():
    """An ordinary tile gives no Peek up or down; an Atrium only straight above and below."""
    t = Table().player(0, "2.B2").tile("2.B2", K.ATRIUM, 3)
    g = guards_away(t, 0, 1, 2).game()
    assert refused(g, "peek 3.C2")
    t = Table().player(0, "2.B2")
    g = guards_away(t, 0, 1, 2).game()
    assert refused(g, "peek 3.B2")
    assert refused(g, "peek 1.B2")


@pytest.mark.parametrize("guard_floor", [0, 2], ids=["guard-below", "guard-above"])
def test_atrium_entered_with_guard_directly_above_or_below_costs_stealth(guard_floor):
    """Moving into an Atrium while a guard stands directly above or below it costs one Stealth."""
    t = Table().player(0, "2.A2").tile("2.B2", K.ATRIUM, 3)
    t = guards_away(t, 0, 1, 2).guard(guard_floor, at=f"{guard_floor + 1}.B2", dest="1.D4")
    g = t.game()
    events = g.apply("move 2.B2")
    assert stealth_losses(events) == ["atrium"]
    assert g.state.players[0].stealth == 2


def test_atrium_guard_not_straight_above_sees_nothing():
    """A guard diagonally above an Atrium, or two floors away, does not see into it."""
    t = Table().player(0, "1.A2").tile("1.B2", K.ATRIUM, 3)
    t = t.guard(0, at="1.D4", dest="1.D3").guard(1, at="2.C2", dest="2.D4")
    g = t.guard(2, at="3.B2", dest="3.D4").game()
    events = g.apply("move 1.B2")
    assert not of(events, StealthLost)


def test_atrium_guard_arriving_above_costs_stealth():
    """When a guard walks onto the tile directly above (or below) your Atrium, you lose Stealth."""
    t = Table(players=2).player(0, "2.D4").player(1, "1.B2").tile("1.B2", K.ATRIUM, 3)
    t = t.guard(0, at="1.D4", dest="1.D3").guard(1, at="2.A2", dest="2.B2", speed=1)
    g = t.patrol(1, "2.A1").turn(0, actions=0, taken=4).game()
    events = g.apply("end")
    assert stealth_losses(events, player=1) == ["atrium"]
    assert g.state.players[1].stealth == 2


# --------------------------------------------------------------------------------- Camera


def test_R23_entering_camera_seen_by_guard_on_other_camera_raises_alarm():
    """R23: entering a Camera while a guard is on another revealed Camera: alarm, no Stealth."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2)
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "camera") in events
    assert g.tile(P("1.B1")).alarm
    assert not of(events, StealthLost)


def test_R23_guard_on_face_down_camera_sees_nothing():
    """R23: a guard on a Camera that is still face down does not watch the other Cameras."""
    t = Table().player(0, "1.A1").tile("1.B1", K.CAMERA, 1).face_down("1.D4", K.CAMERA, 2)
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    events = g.apply("move 1.B1")
    assert not of(events, AlarmRaised)


def test_R23_camera_with_no_guard_on_a_camera_is_quiet():
    """A Camera raises nothing while no guard stands on another Camera."""
    t = Table().player(0, "1.A1").tile("1.B1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2)
    g = t.guard(0, at="1.D3", dest="1.C3").game()
    assert not of(g.apply("move 1.B1"), AlarmRaised)


def test_R23_cameras_watch_across_floors():
    """A guard on a revealed Camera of another floor sees you on your Camera."""
    t = Table().player(0, "1.A1").tile("1.B1", K.CAMERA, 1).tile("3.D4", K.CAMERA, 2)
    g = t.guard(0, at="1.D4", dest="1.D3").guard(2, at="3.D4", dest="3.D3").game()
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "camera") in events


def test_R23_guard_walking_through_camera_raises_alarm_on_your_camera():
    """A guard passing through a revealed Camera spots a burglar standing on another Camera."""
    t = Table().player(0, "1.A1").tile("1.A1", K.CAMERA, 1).tile("1.C4", K.CAMERA, 2)
    t = t.guard(0, at="1.D4", dest="1.B4", speed=2).turn(0, actions=0, taken=4)
    g = t.game()
    events = g.apply("end")
    assert AlarmRaised(P("1.A1"), "camera") in events


# ---------------------------------------------------------------------- Computer and Hack


_ALARMS = [
    pytest.param(K.FINGERPRINT, K.COMPUTER_FINGERPRINT, id="fingerprint"),
    pytest.param(K.LASER, K.COMPUTER_LASER, id="laser"),
    pytest.param(K.MOTION, K.COMPUTER_MOTION, id="motion"),
]


@pytest.mark.parametrize("computer", [K.COMPUTER_FINGERPRINT, K.COMPUTER_LASER, K.COMPUTER_MOTION])
def test_hack_adds_one_token_for_one_action(computer):
    """In a Computer tile, Hack puts one Hack token on it and spends one action."""
    g = guards_away(Table().player(0, "1.A1").tile("1.A1", computer, 4)).game()
    events = g.apply("hack")
    assert events[0] == HackAdded(P("1.A1"), 1)
    assert g.tile(P("1.A1")).hack == 1
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)


def test_hack_only_in_a_computer_tile():
    """Outside a Computer tile there is no Hack action."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.COMPUTER_LASER, 5)).game()
    assert refused(g, "hack")


def test_hack_needs_an_action_left():
    """Hacking is an action: with none left it is refused."""
    t = Table().player(0, "1.A1").tile("1.A1", K.COMPUTER_LASER, 5).turn(0, actions=0, taken=4)
    assert refused(guards_away(t).game(), "hack")


def test_computer_holds_at_most_six_hack_tokens():
    """README ruling 1: a Computer holds at most 6 Hack tokens."""
    t = Table().player(0, "1.A1").tile("1.A1", K.COMPUTER_MOTION, 6, hack=5)
    g = guards_away(t).game()
    g.apply("hack")
    assert g.tile(P("1.A1")).hack == 6
    assert refused(g, "hack")
    assert g.tile(P("1.A1")).hack == 6


def _trigger(g: Game, kind: K) -> list:
    """Set off the tile of `kind` at 1.B1 from 1.A1 (Motion: in and straight out again)."""
    events = g.apply("move 1.B1")
    if kind == K.MOTION:
        events += g.apply("move 1.C1")
    return events


@pytest.mark.parametrize("kind, computer", _ALARMS)
def test_R20_hack_token_from_any_floor_cancels_matching_alarm(kind, computer):
    """R20: a Hack token of the matching Computer, on any floor, may cancel the alarm."""
    t = Table().player(0, "1.A1").tile("1.B1", kind, 1).tile("3.C3", computer, 4, hack=2)
    g = guards_away(t).game()
    events = _trigger(g, kind)
    decision = of(events, DecisionNeeded)
    assert decision and decision[-1].kind == "alarm"
    assert "hack" in decision[-1].options and "trigger" in decision[-1].options
    events = g.apply("choose hack")
    assert HackSpent(P("3.C3"), 1) in events
    assert AlarmAvoided(P("1.B1"), kind.value, "hack") in events
    assert not of(events, AlarmRaised)
    assert not g.tile(P("1.B1")).alarm
    assert g.tile(P("3.C3")).hack == 1


@pytest.mark.parametrize("kind, computer", _ALARMS)
def test_R20_choosing_trigger_keeps_the_hack_token(kind, computer):
    """R20: declining the hack raises the alarm and leaves the Hack tokens where they are."""
    t = Table().player(0, "1.A1").tile("1.B1", kind, 1).tile("3.C3", computer, 4, hack=2)
    g = guards_away(t).game()
    _trigger(g, kind)
    events = g.apply("choose trigger")
    assert AlarmRaised(P("1.B1"), kind.value) in events
    assert g.tile(P("3.C3")).hack == 2


def test_hack_tokens_cancel_only_their_own_alarm_type():
    """Fingerprint and Motion Hack tokens cannot cancel a Laser alarm."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.LASER, 1)
    t.tile("2.A1", K.COMPUTER_FINGERPRINT, 4, hack=3).tile("2.B1", K.COMPUTER_MOTION, 6, hack=3)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert not of(events, DecisionNeeded)
    assert AlarmRaised(P("1.B1"), "laser") in events


@pytest.mark.parametrize("kind", [K.CAMERA, K.DETECTOR, K.THERMO])
def test_camera_detector_thermo_alarms_cannot_be_hacked(kind):
    """Only Fingerprint, Laser and Motion alarms have Computers: the others go off at once."""
    t = Table().player(0, "1.A1", loot=(Loot.BUST,)).tile("1.B1", kind, 1)
    t.tile("2.A1", K.COMPUTER_FINGERPRINT, 4, hack=3).tile("2.B1", K.COMPUTER_MOTION, 6, hack=3)
    t.tile("2.C1", K.COMPUTER_LASER, 5, hack=3).tile("1.D4", K.CAMERA, 2)
    g = t.guard(0, at="1.D4", dest="1.D3").patrol(0, "1.D4").game()
    events = g.apply("move 1.B1")
    if kind == K.THERMO:
        events += g.apply("end")
    assert AlarmRaised(P("1.B1"), kind.value) in events
    assert not of(events, DecisionNeeded)
    assert not of(events, HackSpent)


def test_R20_no_hack_decision_when_guard_is_on_the_alarm_tile():
    """R20: an alarm that cannot go off (guard on the tile) asks nothing and spends no token."""
    t = Table().player(0, "1.A1").tile("1.B1", K.FINGERPRINT, 4)
    t.tile("2.A1", K.COMPUTER_FINGERPRINT, 4, hack=3)
    g = t.guard(0, at="1.B1", dest="1.D4").game()
    events = g.apply("move 1.B1")
    assert not of(events, DecisionNeeded)
    assert not of(events, AlarmRaised)
    assert AlarmAvoided(P("1.B1"), "fingerprint", "guard-present") in events
    assert g.tile(P("2.A1")).hack == 3


def test_R20_no_hack_decision_when_alarm_already_there():
    """R20: a tile already holding an Alarm token asks nothing and spends no token."""
    t = Table().player(0, "1.A1").tile("1.B1", K.FINGERPRINT, 4, alarm=True)
    t.tile("2.A1", K.COMPUTER_FINGERPRINT, 4, hack=3)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert not of(events, DecisionNeeded)
    assert AlarmAvoided(P("1.B1"), "fingerprint", "already") in events
    assert g.tile(P("2.A1")).hack == 3


# ------------------------------------------------------------------------------- Deadbolt


def test_revealed_empty_deadbolt_costs_three_actions():
    """Entering a revealed Deadbolt that nobody is in takes 3 actions."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.DEADBOLT, 2)).game()
    events = g.apply("move 1.B1")
    assert PlayerMoved(0, P("1.A1"), P("1.B1"), "walk") in events
    assert (g.state.actions_left, g.state.actions_taken) == (1, 3)


def test_revealed_empty_deadbolt_needs_three_actions_left():
    """README ruling 6: a revealed, empty Deadbolt cannot be entered with under 3 actions."""
    t = Table().player(0, "1.A1").tile("1.B1", K.DEADBOLT, 2).turn(0, actions=2, taken=2)
    g = guards_away(t).game()
    assert refused(g, "move 1.B1")
    assert g.state.actions_left == 2


def test_unrevealed_deadbolt_reveals_spends_one_action_and_stops_you():
    """README ruling 6: moving into a face-down Deadbolt reveals it, costs 1, and you stay."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.DEADBOLT, 3)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert TileRevealed(P("1.B1"), "deadbolt", 3) in events
    assert MoveBlocked(0, P("1.B1"), "deadbolt") in events
    assert not of(events, PlayerMoved)
    assert g.state.players[0].pos == P("1.A1")
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)
    assert "move 1.B1" in legal(g)  # now revealed: 3 actions will do


def test_deadbolt_with_a_burglar_inside_costs_one_action():
    """A Deadbolt another burglar stands in is entered normally, for one action."""
    t = Table(players=2).player(0, "1.A1").player(1, "1.B1").tile("1.B1", K.DEADBOLT, 2)
    g = guards_away(t).turn(0, actions=1, taken=3).game()
    g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 0


def test_deadbolt_with_guard_inside_costs_one_action_and_stealth():
    """A Deadbolt the guard stands in is entered for one action (and the guard costs Stealth)."""
    t = Table().player(0, "1.A1").tile("1.B1", K.DEADBOLT, 2).turn(0, actions=1, taken=3)
    g = t.guard(0, at="1.B1", dest="1.D4").game()
    events = g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 0
    assert stealth_losses(events) == ["entered-guard"]


def test_R18_face_down_deadbolt_with_guard_inside_is_entered():
    """R18: a face-down Deadbolt with the guard in it is revealed and entered for one action."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.DEADBOLT, 2)
    g = t.guard(0, at="1.B1", dest="1.D4").game()
    events = g.apply("move 1.B1")
    assert not of(events, MoveBlocked)
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 3
    assert stealth_losses(events) == ["entered-guard"]


def test_leaving_a_deadbolt_costs_one_action():
    """Only entering a Deadbolt is dear; leaving it is an ordinary Move."""
    t = Table().player(0, "1.B1").tile("1.B1", K.DEADBOLT, 2)
    g = guards_away(t).game()
    g.apply("move 1.A1")
    assert g.state.actions_left == 3


def test_deadbolt_reached_by_stairs_costs_three_actions():
    """The Deadbolt's cost applies to every Move into it, also up the Stairs."""
    t = (
        Table()
        .player(0, "1.B2")
        .tile("1.B2", K.STAIRS, 4)
        .tile("2.B2", K.DEADBOLT, 1, downstairs=True)
    )
    g = guards_away(t, 0, 1).game()
    g.apply("move 2.B2")
    assert g.state.players[0].pos == P("2.B2")
    assert g.state.actions_left == 1


# ------------------------------------------------------------------------------- Detector


@pytest.mark.parametrize(
    "tools, loot",
    [((Tool.DONUTS,), ()), ((), (Loot.TIARA,))],
    ids=["tool", "loot"],
)
def test_detector_alarm_with_a_tool_or_loot(tools, loot):
    """Entering a Detector while holding a Tool or Loot raises an alarm."""
    t = Table().player(0, "1.A1", tools=tools, loot=loot).face_down("1.B1", K.DETECTOR, 4)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "detector") in events
    assert g.tile(P("1.B1")).alarm


def test_detector_ignores_empty_handed_burglar():
    """Entering a Detector with no Tool and no Loot sets off nothing."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.DETECTOR, 4)).game()
    events = g.apply("move 1.B1")
    assert not of(events, AlarmRaised)
    assert not of(events, DecisionNeeded)


# ---------------------------------------------------------------------------- Fingerprint


def test_fingerprint_alarm_on_entry_draws_the_guard():
    """Entering a Fingerprint raises an alarm there and the floor's guard heads for it."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.FINGERPRINT, 4)).game()
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "fingerprint") in events
    assert DestinationSet(0, P("1.B1"), "alarm") in events
    assert g.state.floors[0].guard.dest == P("1.B1")


def test_fingerprint_cannot_be_avoided_by_paying_an_action():
    """Unlike a Laser, a Fingerprint offers no extra-action way out."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.FINGERPRINT, 4)).game()
    events = g.apply("move 1.B1")
    assert not of(events, DecisionNeeded)
    assert g.state.actions_left == 3


def test_fingerprint_with_guard_on_it_raises_no_alarm():
    """If the guard is in the Alarm tile, entering it triggers no alarm."""
    g = (
        Table()
        .player(0, "1.A1")
        .tile("1.B1", K.FINGERPRINT, 4)
        .guard(0, at="1.B1", dest="1.D4")
        .game()
    )
    events = g.apply("move 1.B1")
    assert not of(events, AlarmRaised)
    assert not g.tile(P("1.B1")).alarm


# ---------------------------------------------------------------------------------- Foyer


def test_foyer_entered_with_guard_adjacent_costs_stealth():
    """Moving into a Foyer while the guard is on an adjacent tile costs one Stealth."""
    t = Table().player(0, "1.A2").tile("1.B2", K.FOYER, 1)
    g = t.guard(0, at="1.C2", dest="1.D4").game()
    events = g.apply("move 1.B2")
    assert stealth_losses(events) == ["foyer"]
    assert g.state.players[0].stealth == 2


def test_foyer_guard_behind_wall_does_not_see():
    """A Wall between the Foyer and the guard blocks his view."""
    t = Table().player(0, "1.A2").tile("1.B2", K.FOYER, 1).walls(0, "B2|C2")
    g = t.guard(0, at="1.C2", dest="1.D4").game()
    assert not of(g.apply("move 1.B2"), StealthLost)


def test_foyer_guard_diagonal_does_not_see():
    """A guard diagonal to the Foyer is not adjacent and does not see into it."""
    t = Table().player(0, "1.A2").tile("1.B2", K.FOYER, 1)
    g = t.guard(0, at="1.C3", dest="1.D4").game()
    assert not of(g.apply("move 1.B2"), StealthLost)


def test_foyers_do_not_chain():
    """A guard next to one Foyer cannot see across it into a second, adjacent Foyer."""
    t = Table().player(0, "1.A2").tile("1.B2", K.FOYER, 1).tile("1.C2", K.FOYER, 2)
    g = t.guard(0, at="1.D2", dest="1.D4").game()
    assert not of(g.apply("move 1.B2"), StealthLost)


def test_foyer_with_the_guard_inside_costs_one_stealth_only():
    """Moving into a Foyer where the guard stands costs one Stealth, not two."""
    t = Table().player(0, "1.A2").tile("1.B2", K.FOYER, 1)
    g = t.guard(0, at="1.B2", dest="1.D4").game()
    events = g.apply("move 1.B2")
    assert stealth_losses(events) == ["entered-guard"]


def test_foyer_guard_walking_next_to_it_costs_stealth():
    """A guard who walks onto a tile adjacent to your Foyer sees you: one Stealth."""
    t = Table().player(0, "1.B2").tile("1.B2", K.FOYER, 1).turn(0, actions=0, taken=4)
    g = t.guard(0, at="1.D2", dest="1.C2", speed=1).patrol(0, "1.D4").game()
    events = g.apply("end")
    assert stealth_losses(events) == ["foyer"]


def test_foyer_guard_walking_next_to_it_behind_a_wall_does_not_see():
    """A guard who walks onto a tile next to your Foyer but behind a Wall does not see you."""
    t = Table().player(0, "1.B2").tile("1.B2", K.FOYER, 1).turn(0, actions=0, taken=4)
    t = t.walls(0, "B2|C2").guard(0, at="1.D2", dest="1.C2", speed=1)
    g = t.patrol(0, "1.D4").game()
    events = g.apply("end")
    assert of(events, StealthLost) == []
    assert g.state.floors[0].guard.pos == P("1.C2")


def test_foyer_guard_seen_then_entering_costs_a_second_stealth():
    """Seen from an adjacent tile and then walked in on, you lose a Stealth each time."""
    t = Table().player(0, "1.A2").tile("1.B2", K.FOYER, 1)
    g = t.guard(0, at="1.C2", dest="1.B2", speed=1).patrol(0, "1.D4").game()
    events = g.apply("move 1.B2") + g.apply("end")
    assert stealth_losses(events) == ["foyer", "guard-enters"]
    assert g.state.players[0].stealth == 1


# --------------------------------------------------------------------------------- Keypad


def test_keypad_roll_of_six_opens_it_and_you_enter():
    """Moving into a locked Keypad rolls one die; a 6 opens it for good and you enter."""
    t = Table().player(0, "1.A1").tile("1.B1", K.KEYPAD, 4).dice(6)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert KeypadRolled(P("1.B1"), (6,), True) in events
    assert PlayerMoved(0, P("1.A1"), P("1.B1"), "walk") in events
    assert g.tile(P("1.B1")).open
    assert g.state.actions_left == 3


def test_keypad_failed_roll_spends_the_action_and_keeps_you_out():
    """Without a 6 you stay on your tile, and the Move action is spent."""
    t = Table().player(0, "1.A1").tile("1.B1", K.KEYPAD, 4).dice(5)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert KeypadRolled(P("1.B1"), (5,), False) in events
    assert MoveBlocked(0, P("1.B1"), "keypad") in events
    assert not of(events, PlayerMoved)
    assert g.state.players[0].pos == P("1.A1")
    assert not g.tile(P("1.B1")).open
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)


def test_keypad_each_failed_try_this_turn_adds_a_die():
    """README ruling 9: each failed guess this turn adds one die to the next try; any 6 opens."""
    t = Table().player(0, "1.A1").tile("1.B1", K.KEYPAD, 4).dice(1, 2, 3, 4, 5, 6)
    g = guards_away(t).game()
    rolls = [of(g.apply("move 1.B1"), KeypadRolled)[0] for _ in range(3)]
    assert [r.dice for r in rolls] == [(1,), (2, 3), (4, 5, 6)]
    assert [r.opened for r in rolls] == [False, False, True]
    assert g.state.players[0].pos == P("1.B1")


def test_R31_keypad_failed_tries_count_per_keypad():
    """Failed guesses add dice only for the Keypad they were made on."""
    t = Table().player(0, "1.B2").tile("1.B1", K.KEYPAD, 4).tile("1.C2", K.KEYPAD, 5)
    g = guards_away(t.dice(1, 2, 3)).game()
    first = of(g.apply("move 1.B1"), KeypadRolled)[0]
    second = of(g.apply("move 1.C2"), KeypadRolled)[0]
    assert (first.dice, second.dice) == ((1,), (2,))


def test_keypad_failed_tries_reset_next_turn():
    """README ruling 9: the extra dice are forgotten when a new turn starts."""
    t = Table().player(0, "1.A1").tile("1.B1", K.KEYPAD, 4).dice(1, 2, 3)
    g = t.guard(0, at="1.D4", dest="1.D3", speed=1).patrol(0, "1.D4").game()
    g.apply("move 1.B1")
    g.apply("move 1.B1")
    g.apply("end")
    assert g.state.turn == 2 and g.state.players[0].pos == P("1.A1")
    roll = of(g.apply("move 1.B1"), KeypadRolled)[0]
    assert len(roll.dice) == 1


def test_open_keypad_is_entered_without_a_roll():
    """A Keypad with an Open token is entered like any room, by anyone."""
    t = Table(players=2).player(0, "1.A1").player(1, "1.C1").tile("1.B1", K.KEYPAD, 4, open=True)
    g = guards_away(t.dice(1)).game()
    events = g.apply("move 1.B1")
    assert not of(events, KeypadRolled)
    assert g.state.players[0].pos == P("1.B1")


def test_locked_keypad_you_stand_in_can_be_left_freely():
    """README ruling 9: you may always Move out of a Keypad, even a locked one."""
    t = Table().player(0, "1.B1").tile("1.B1", K.KEYPAD, 4).dice(1)
    g = guards_away(t).game()
    events = g.apply("move 1.A1")
    assert not of(events, KeypadRolled)
    assert g.state.players[0].pos == P("1.A1")


def test_face_down_keypad_is_revealed_and_rolled_for_as_part_of_the_move():
    """Moving into a face-down Keypad reveals it and you roll for its code at once."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.KEYPAD, 6).dice(3)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert TileRevealed(P("1.B1"), "keypad", 6) in events
    assert KeypadRolled(P("1.B1"), (3,), False) in events
    assert g.tile(P("1.B1")).revealed
    assert g.state.players[0].pos == P("1.A1")


def test_peeking_at_keypad_rolls_nothing():
    """Peeking at a Keypad is not an attempt to enter it."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.KEYPAD, 6).dice(1)
    g = guards_away(t).game()
    assert not of(g.apply("peek 1.B1"), KeypadRolled)


# ----------------------------------------------------------------------------- Laboratory


def test_laboratory_first_entry_draws_a_tool():
    """The first burglar to Move into a Laboratory draws a Tool."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.LABORATORY, 3).tools(Tool.VIRUS)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert ToolDrawn(0, "virus", "laboratory") in events
    assert g.state.players[0].tools == [Tool.VIRUS]
    assert g.tile(P("1.B1")).tool_taken


def test_laboratory_gives_only_one_tool():
    """A Laboratory gives its Tool once: entering it again, or by another burglar, draws none."""
    t = Table(players=2).player(0, "1.A1").player(1, "1.C1").tile("1.B1", K.LABORATORY, 3)
    t = t.tools(Tool.VIRUS, Tool.EMP).guard(0, at="1.D4", dest="1.D3", speed=1)
    g = t.patrol(0, "1.D4").game()
    assert of(g.apply("move 1.B1"), ToolDrawn)
    events = g.apply("move 1.A1") + g.apply("move 1.B1") + g.apply("end")
    assert g.state.current == 1
    events += g.apply("move 1.B1")
    assert not of(events, ToolDrawn)
    assert g.state.players[1].pos == P("1.B1")
    assert g.state.players[1].tools == []
    assert g.state.players[0].tools == [Tool.VIRUS]


# ---------------------------------------------------------------------------------- Laser


def test_R19_revealed_laser_pay_one_extra_action_avoids_alarm():
    """R19: entering a Laser revealed before the move, you may pay 1 extra action: no alarm."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.LASER, 1)).game()
    events = g.apply("move 1.B1")
    assert DecisionNeeded("alarm", ("pay", "trigger")) in events
    events = g.apply("choose pay")
    assert AlarmAvoided(P("1.B1"), "laser", "paid") in events
    assert not of(events, AlarmRaised)
    assert not g.tile(P("1.B1")).alarm
    assert (g.state.actions_left, g.state.actions_taken) == (2, 2)


def test_R19_laser_trigger_raises_alarm_and_keeps_the_action():
    """R19: not paying sets off the Laser alarm."""
    g = guards_away(Table().player(0, "1.A1").tile("1.B1", K.LASER, 1)).game()
    g.apply("move 1.B1")
    events = g.apply("choose trigger")
    assert AlarmRaised(P("1.B1"), "laser") in events
    assert g.state.actions_left == 3


def test_R19_laser_pay_needs_an_action_left():
    """R19: moving into a revealed Laser with your last action leaves nothing to pay: alarm."""
    t = Table().player(0, "1.A1").tile("1.B1", K.LASER, 1).turn(0, actions=1, taken=3)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert not of(events, DecisionNeeded)
    assert AlarmRaised(P("1.B1"), "laser") in events


def test_laser_face_down_cannot_be_paid_for():
    """README ruling 7: moving into a face-down Laser triggers its alarm; no chance to pay."""
    g = guards_away(Table().player(0, "1.A1").face_down("1.B1", K.LASER, 2)).game()
    events = g.apply("move 1.B1")
    assert not of(events, DecisionNeeded)
    assert AlarmRaised(P("1.B1"), "laser") in events
    assert g.state.actions_left == 3


def test_laser_face_down_offers_hack_but_not_pay():
    """README ruling 7: a face-down Laser can still be hacked, but never paid for."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.LASER, 2)
    g = guards_away(t.tile("2.A1", K.COMPUTER_LASER, 5, hack=1)).game()
    events = g.apply("move 1.B1")
    assert DecisionNeeded("alarm", ("hack", "trigger")) in events
    assert refused(g, "choose pay")


def test_laser_pay_and_hack_are_both_offered():
    """With a Laser hack token available, the burglar may pay, hack, or let it trigger."""
    t = Table().player(0, "1.A1").tile("1.B1", K.LASER, 1).tile("2.A1", K.COMPUTER_LASER, 5, hack=1)
    g = guards_away(t).game()
    events = g.apply("move 1.B1")
    assert DecisionNeeded("alarm", ("hack", "pay", "trigger")) in events


# ------------------------------------------------------------------------------- Lavatory


def test_lavatory_reveal_places_three_stealth_tokens():
    """A Lavatory gets 3 Stealth tokens (its stalls) when it is revealed."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.LAVATORY, 5)
    g = guards_away(t).game()
    assert g.tile(P("1.B1")).stealth == 0
    g.apply("peek 1.B1")
    assert g.tile(P("1.B1")).stealth == 3


def test_R21_lavatory_token_or_your_own_is_a_decision_when_the_guard_enters():
    """000: in the Lavatory you *can* discard a stall token instead of your own: when the
    guard walks in, the burglar chooses (the guard's move waits for the answer)."""
    for option, tile_left, own_left in (("tile", 2, 3), ("own", 3, 2)):
        t = Table().player(0, "1.B1").tile("1.B1", K.LAVATORY, 5, stealth=3)
        t = t.turn(0, actions=0, taken=4).guard(0, at="1.C1", dest="1.B1", speed=2)
        g = t.patrol(0, "1.D4").game()
        events = g.apply("end")
        assert of(events, DecisionNeeded) == [DecisionNeeded("tile-stealth", ("tile", "own"))]
        assert g.state.floors[0].guard.pos == P("1.B1")  # one step taken, one to go
        events = g.apply(f"choose {option}")
        lost = StealthLost(0, "guard-enters", option == "tile", own_left)
        assert of(events, StealthLost) == [lost]
        assert g.tile(P("1.B1")).stealth == tile_left
        assert g.state.players[0].stealth == own_left
        assert of(events, GuardMoved)  # and he walks on


def test_R21_lavatory_token_or_your_own_when_you_enter_the_guard_there():
    """Moving into a Lavatory the guard stands in: the same choice."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.LAVATORY, 5)
    g = t.guard(0, at="1.B1", dest="1.D4").game()
    g.apply("move 1.B1")
    assert g.state.pending is not None and g.state.pending.kind == "tile-stealth"
    events = g.apply("choose tile")
    assert StealthLost(0, "entered-guard", True, 3) in events
    assert g.tile(P("1.B1")).stealth == 2
    assert g.state.players[0].stealth == 3


def test_R21_lavatory_saves_a_burglar_with_no_stealth_left():
    """R21: with stall tokens left, a burglar out of Stealth is not caught in the Lavatory."""
    t = Table().player(0, "1.A1", stealth=0).tile("1.B1", K.LAVATORY, 5, stealth=1)
    g = t.guard(0, at="1.B1", dest="1.D4").game()
    g.apply("move 1.B1")
    assert not g.is_over()
    assert g.tile(P("1.B1")).stealth == 0


def test_R21_lavatory_each_burglar_in_it_is_asked_in_turn():
    """The guard walks in on two burglars in the Lavatory: each chooses, one after the other."""
    t = Table(players=2).player(0, "1.B1").player(1, "1.B1").tile("1.B1", K.LAVATORY, 5, stealth=3)
    t = t.turn(0, actions=0, taken=4).guard(0, at="1.C1", dest="1.B1", speed=1)
    g = t.patrol(0, "1.D4").game()
    g.apply("end")
    assert g.state.pending is not None and g.state.pending.n == 0
    g.apply("choose tile")
    assert g.state.pending is not None and g.state.pending.n == 1
    g.apply("choose own")
    assert g.tile(P("1.B1")).stealth == 2
    assert [p.stealth for p in g.state.players] == [3, 2]


def test_R21_lavatory_last_stall_goes_to_the_first_who_takes_it():
    """One stall token left, two burglars: the first takes it, the second has no choice."""
    t = Table(players=2).player(0, "1.B1").player(1, "1.B1").tile("1.B1", K.LAVATORY, 5, stealth=1)
    t = t.turn(0, actions=0, taken=4).guard(0, at="1.C1", dest="1.B1", speed=1)
    g = t.patrol(0, "1.D4").game()
    g.apply("end")
    events = g.apply("choose tile")
    assert g.state.pending is None
    assert StealthLost(1, "guard-enters", False, 2) in events
    assert g.tile(P("1.B1")).stealth == 0


def test_lavatory_empty_stalls_use_your_own_stealth():
    """When the stall tokens are gone you pay with your own Stealth."""
    t = Table().player(0, "1.A1").tile("1.B1", K.LAVATORY, 5, stealth=0)
    g = t.guard(0, at="1.B1", dest="1.D4").game()
    events = g.apply("move 1.B1")
    assert StealthLost(0, "entered-guard", False, 2) in events


def test_lavatory_tokens_only_help_burglars_inside_it():
    """Stall tokens are no use to a burglar on another tile."""
    t = Table().player(0, "1.A1").tile("1.A2", K.LAVATORY, 5, stealth=3)
    g = t.guard(0, at="1.B1", dest="1.D4").game()
    g.apply("move 1.B1")
    assert g.state.players[0].stealth == 2
    assert g.tile(P("1.A2")).stealth == 3


# --------------------------------------------------------------------------------- Motion


def test_R22_motion_in_and_out_same_turn_raises_alarm_on_motion_tile():
    """R22: moving into and out of a Motion tile in one turn sets off its alarm."""
    g = guards_away(Table().player(0, "1.A1").face_down("1.B1", K.MOTION, 2)).game()
    assert not of(g.apply("move 1.B1"), AlarmRaised)
    events = g.apply("move 1.C1")
    assert AlarmRaised(P("1.B1"), "motion") in events
    assert g.tile(P("1.B1")).alarm
    assert not g.tile(P("1.C1")).alarm


def test_R22_motion_waiting_a_turn_avoids_alarm():
    """R22: a burglar who enters a Motion tile and leaves on a later turn sets off nothing."""
    t = Table().player(0, "1.A1").tile("1.B1", K.MOTION, 2)
    g = t.guard(0, at="1.D4", dest="1.D3", speed=1).patrol(0, "1.D4").game()
    g.apply("move 1.B1")
    g.apply("end")
    assert g.state.turn == 2
    events = g.apply("move 1.C1")
    assert not of(events, AlarmRaised)
    assert not of(events, DecisionNeeded)


def test_R22_motion_tile_started_in_can_be_left():
    """R22: standing in a Motion tile at the start of your turn, you may leave it quietly."""
    g = guards_away(Table().player(0, "1.B1").tile("1.B1", K.MOTION, 2)).game()
    assert not of(g.apply("move 1.C1"), AlarmRaised)


@pytest.mark.parametrize("blocker, reason", [(K.KEYPAD, "keypad"), (K.DEADBOLT, "deadbolt")])
def test_R22_blocked_move_from_motion_tile_is_not_leaving(blocker, reason):
    """A failed Keypad roll or a face-down Deadbolt keeps you in the Motion tile: no alarm."""
    t = Table().player(0, "1.A1").tile("1.B1", K.MOTION, 2).face_down("1.C1", blocker, 4)
    g = guards_away(t.dice(1)).game()
    g.apply("move 1.B1")
    events = g.apply("move 1.C1")
    assert MoveBlocked(0, P("1.C1"), reason) in events
    assert not of(events, AlarmRaised)
    assert g.state.players[0].pos == P("1.B1")


# ----------------------------------------------------------------------------------- Safe


def test_safe_actions_only_in_a_safe():
    """Add a Die and Crack are only possible in a Safe tile (Crack once it has a die)."""
    t = Table().player(0, "1.A1").tile("1.A1", K.SAFE, 0).tile("1.B1", K.LABORATORY)
    g = guards_away(t).game()
    assert "add-die" in legal(g)
    assert "crack" not in legal(g)
    g.apply("add-die")
    assert "crack" in legal(g)
    g.apply("move 1.B1")
    assert refused(g, "add-die")
    assert refused(g, "crack")


# --------------------------------------------------------------------------------- Thermo


def test_thermo_ending_actions_on_it_raises_alarm():
    """Ending your actions on a Thermo tile sets off its alarm."""
    t = Table().player(0, "1.A1").tile("1.B1", K.THERMO, 3)
    g = guards_away(t).patrol(0, "1.D4").game()
    assert not of(g.apply("move 1.B1"), AlarmRaised)
    events = g.apply("end")
    assert AlarmRaised(P("1.B1"), "thermo") in events


def test_thermo_ending_actions_without_moving_raises_alarm():
    """A burglar who ends his actions on the Thermo he started on also sets it off."""
    t = Table().player(0, "1.B1").tile("1.B1", K.THERMO, 3)
    g = guards_away(t).patrol(0, "1.D4").game()
    assert AlarmRaised(P("1.B1"), "thermo") in g.apply("end")


def test_thermo_passing_through_raises_nothing():
    """Moving through a Thermo tile and ending elsewhere sets off nothing."""
    t = Table().player(0, "1.A1").face_down("1.B1", K.THERMO, 3)
    g = guards_away(t).patrol(0, "1.D4").game()
    events = g.apply("move 1.B1") + g.apply("move 1.C1") + g.apply("end")
    assert not of(events, AlarmRaised)
    assert not g.tile(P("1.B1")).alarm
