"""Five burglars, both sides: Acrobat, Hacker, Hawk, Juicer and Peterman.

Rules: rulebook 000 "Card Reference > Characters" (Climb Window, Jammer, Reroute), 004's
character tables (both sides of every card), 001's French card texts last; rules README
ruling 10 (Acrobat) and 9 (Keypad); docs/rulings.md R68-R76 (and R21, R42, R43, R47 where
the abilities meet Lavatories, Loot on a tile, the Cursed Goblet and the Keycard). Each
test builds a small explicit building with tests/engine/builder.py; the last tests play
random games with each of these characters on each side.
"""

from __future__ import annotations

import random

import pytest

from engine import PlayerSetup, ScenarioId, Setup, new_game
from engine.io.serialize import check_state, from_json, to_json
from engine.rules.actions import ActionKind
from engine.rules.data import Character, EventCard, Loot, Side, Tool
from engine.rules.events import (
    AbilityUsed,
    AlarmAvoided,
    AlarmCleared,
    AlarmRaised,
    DecisionNeeded,
    DestinationSet,
    DieAdded,
    GuardStarts,
    KeypadRolled,
    LootDrawn,
    LootPickedUp,
    MoveBlocked,
    Peeked,
    PlayerMoved,
    SafeDiceRolled,
    SafeOpened,
    SafeRolled,
    SpeedChanged,
    StealthLost,
    TileRevealed,
    ToolDrawn,
    ToolUsed,
)
from engine.rules.game import Game

from .builder import K, P, Table, legal, of, refused

C = Character
BASIC, ADVANCED = Side.BASIC, Side.ADVANCED
FIVE = (C.ACROBAT, C.HACKER, C.HAWK, C.JUICER, C.PETERMAN)


def abilities(g: Game) -> set[str]:
    return {a for a in legal(g) if a.startswith("ability ")}


def costly(g: Game) -> list[str]:
    """Listed actions that cost actions (moves, peeks, hacks, safe work, laptop)."""
    words = ("move ", "peek ", "hack", "add-die", "crack", "escape", "ability laptop")
    return [a for a in legal(g) if a.startswith(words)]


def stealth_lost(events: list) -> list[StealthLost]:
    return of(events, StealthLost)


# ====================================================================== Acrobat: Flexibility


def acrobat(side: Side = BASIC, players: int = 1, **kw) -> Table:
    sides = (side,) + (BASIC,) * (players - 1)
    return Table(players=players, characters=(C.ACROBAT,), sides=sides, **kw)


def test_R68_flexibility_step_into_guard_tile_costs_no_action_and_no_stealth():
    """The Acrobat steps into the guard's tile for free: no action spent, no Stealth lost."""
    t = acrobat().player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    events = g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 4
    assert g.state.players[0].stealth == 3
    assert stealth_lost(events) == []


def test_R68_flexibility_leaving_before_the_guard_moves_costs_nothing():
    """Stepping back out of the guard's tile (1 action) before the turn ends keeps her Stealth."""
    t = acrobat().player(0, "1.A1").guard(0, at="1.B1", dest="1.B4")
    g = t.game()
    g.apply("move 1.B1")
    g.apply("move 1.A1")
    events = g.apply("end")
    assert stealth_lost(events) == []
    assert g.state.players[0].stealth == 3


def test_R68_flexibility_still_in_guard_tile_at_turn_end_loses_one_stealth():
    """Still in the guard's tile when her actions end, the Acrobat loses exactly 1 Stealth."""
    t = acrobat().player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    g.apply("move 1.B1")
    events = g.apply("end")
    lost = stealth_lost(events)
    assert [(e.player, e.reason) for e in lost] == [(0, "flexibility")]
    assert g.state.players[0].stealth == 2


def test_R68_flexibility_is_basic_side_only():
    """The Climb Window Acrobat pays for a guard's tile like anyone: Stealth at once."""
    t = acrobat(ADVANCED).player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    events = g.apply("move 1.B1")
    assert [e.reason for e in stealth_lost(events)] == ["entered-guard"]
    assert g.state.actions_left == 3


def test_R68_flexibility_not_when_the_rook_orders_her():
    """Moved by the Rook's Orders, the Acrobat loses Stealth entering the guard's tile."""
    t = Table(players=2, characters=(C.ROOK, C.ACROBAT))
    t.player(0, "1.D4").player(1, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    events = g.apply("ability orders 2 1.B1")
    assert [(e.player, e.reason) for e in stealth_lost(events)] == [(1, "entered-guard")]
    assert g.state.players[1].stealth == 2


def test_R21_R68_acrobat_seen_on_a_lavatory_may_use_a_stall():
    """Seen at her turn's end on a Lavatory she stepped into for free, she may spend a stall."""
    t = acrobat().tile("1.B1", K.LAVATORY, stealth=3).player(0, "1.A1")
    t.guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    entering = g.apply("move 1.B1")
    assert stealth_lost(entering) == []
    assert g.state.floors[0].tiles[P("1.B1") & 63].stealth == 3  # nothing spent on the way in
    g.apply("end")
    assert g.state.pending is not None and g.state.pending.kind == "tile-stealth"
    events = g.apply("choose tile")
    assert [(e.reason, e.from_tile) for e in stealth_lost(events)] == [("flexibility", True)]
    assert g.state.floors[0].tiles[P("1.B1") & 63].stealth == 2
    assert g.state.players[0].stealth == 3


def test_R68_flexibility_still_rolls_for_a_locked_keypad():
    """A guard on a locked Keypad does not open it: the Acrobat must roll a 6 to get in."""
    t = acrobat().tile("1.B1", K.KEYPAD).player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.dice(3).game()
    events = g.apply("move 1.B1")
    assert of(events, KeypadRolled) == [KeypadRolled(P("1.B1"), (3,), False)]
    assert of(events, MoveBlocked)
    assert g.state.players[0].pos == P("1.A1")

    t = acrobat().tile("1.B1", K.KEYPAD).player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.dice(6).game()
    events = g.apply("move 1.B1")
    assert of(events, KeypadRolled) == [KeypadRolled(P("1.B1"), (6,), True)]
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_left == 4
    assert stealth_lost(events) == []


def test_R68_flexibility_failed_keypad_roll_spends_the_move_action():
    """A failed Keypad guess spends the Move action (000 Keypad); Flexibility makes only the
    step into the guard's tile free, so retrying a guarded Keypad is not free."""
    t = acrobat().tile("1.B1", K.KEYPAD).player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.dice(1, 1, 1).game()
    g.apply("move 1.B1")
    assert g.state.actions_left == 3


def test_R68_flexibility_is_a_free_action_even_with_no_actions_left():
    """004: the step into a guard's (revealed) tile is a free action: no action left needed."""
    t = acrobat().tile("1.B1", K.LABORATORY, tool_taken=True).player(0, "1.A1")
    t.guard(0, at="1.B1", dest="1.D1").turn(0, actions=0, taken=4)
    g = t.game()
    assert "move 1.B1" in legal(g)


def test_R68_flexibility_into_a_face_down_tile_under_a_guard_needs_an_action_in_hand():
    """A face-down tile under the guard may be a locked Keypad, whose roll needs an action:
    with none left she cannot step in; with one, it is given back unless a Keypad roll fails."""
    t = acrobat().player(0, "1.A1").face_down("1.B1", K.KEYPAD)
    g = t.guard(0, at="1.B1", dest="1.D1").turn(0, actions=0, taken=4).game()
    assert "move 1.B1" not in legal(g)
    assert refused(g, "move 1.B1")

    t = acrobat().player(0, "1.A1").face_down("1.B1", K.KEYPAD).dice(2)
    g = t.guard(0, at="1.B1", dest="1.D1").turn(0, actions=1, taken=3).game()
    g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.A1") and g.state.actions_left == 0

    t = acrobat().player(0, "1.A1").face_down("1.B1", K.LABORATORY, tool_taken=True)
    g = t.guard(0, at="1.B1", dest="1.D1").turn(0, actions=1, taken=3).game()
    events = g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.B1") and g.state.actions_left == 1
    assert g.state.actions_taken == 3 and stealth_lost(events) == []


def test_R68_flexibility_charges_only_the_free_entry_she_used():
    """The guard walked in on her before this turn (she paid then): ending her actions in his
    tile without having used Flexibility costs nothing more."""
    t = acrobat().player(0, "1.B1", stealth=2).guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    g.apply("peek 1.C1")
    events = g.apply("end")
    assert [e.reason for e in stealth_lost(events)] == []
    assert g.state.players[0].stealth == 2


def test_R68_flexibility_charge_after_stepping_out_and_back_in_for_free():
    """Out of the guard's tile and back in by Flexibility: the second free entry is charged."""
    t = acrobat().player(0, "1.B1").guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    g.apply("move 1.A1")
    g.apply("move 1.B1")
    events = g.apply("end")
    assert [e.reason for e in stealth_lost(events)] == ["flexibility"]


def test_R68_flexibility_a_move_out_stopped_by_a_keypad_leaves_her_owing_the_stealth():
    """A Move out of the guard's tile that fails at a locked Keypad leaves her where she
    stepped in for free: still there when her actions end, she loses the Stealth."""
    t = acrobat().player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.tile("1.B2", K.KEYPAD).dice(2).game()
    g.apply("move 1.B1")
    events = g.apply("move 1.B2")
    assert of(events, MoveBlocked) and g.state.players[0].pos == P("1.B1")
    events = g.apply("end")
    assert [(e.player, e.reason) for e in stealth_lost(events)] == [(0, "flexibility")]
    assert g.state.players[0].stealth == 2


def test_R68_flexibility_a_move_out_stopped_by_a_face_down_deadbolt_leaves_her_owing_the_stealth():
    """Revealing a face-down Deadbolt stops the Move (README ruling 6): she has not left the
    guard's tile she stepped into for free, so the end of her actions costs her the Stealth."""
    t = acrobat().player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.face_down("1.B2", K.DEADBOLT).game()
    g.apply("move 1.B1")
    events = g.apply("move 1.B2")
    assert of(events, MoveBlocked) and g.state.players[0].pos == P("1.B1")
    events = g.apply("end")
    assert [(e.player, e.reason) for e in stealth_lost(events)] == [(0, "flexibility")]
    assert g.state.players[0].stealth == 2


def test_R54_R68_go_with_your_gut_into_a_guard_costs_the_acrobat_a_stealth():
    """Go With Your Gut is no step of hers after her actions: entering the guard's tile that
    way costs her a Stealth like anyone (she could never leave before he moves)."""
    t = acrobat().player(0, "1.A1").tile("1.A2", K.LABORATORY, tool_taken=True)
    g = t.guard(0, at="1.B1", dest="1.D1").events(EventCard.GO_WITH_YOUR_GUT).game()
    events = g.apply("end")
    assert PlayerMoved(0, P("1.A1"), P("1.B1"), "walk") in events
    assert [e.reason for e in stealth_lost(events)] == ["entered-guard"]
    assert g.state.players[0].stealth == 2


def test_R45_R68_gemstone_adds_its_action_to_a_flexible_entry():
    """Flexibility waives the guard, not the Gemstone: joining a burglar in the guard's
    tile costs her the Gemstone's one action."""
    t = acrobat(players=2).player(0, "1.A1", loot=(Loot.GEMSTONE,)).player(1, "1.B1")
    g = t.guard(0, at="1.B1", dest="1.D1").tile("1.B1", K.LABORATORY, tool_taken=True).game()
    assert g.move_options(0)[P("1.B1")][0] == 1
    g.apply("move 1.B1")
    assert g.state.actions_left == 3


def test_R68_flexibility_onto_a_guarded_fingerprint_raises_nothing():
    """Flexibility only waives the guard: a Fingerprint under the guard does not alarm (the
    guard is there), and she leaves it normally for 1 action."""
    t = acrobat().tile("1.B1", K.FINGERPRINT).player(0, "1.A1")
    t.guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    events = g.apply("move 1.B1")
    assert of(events, AlarmRaised) == []
    assert of(events, AlarmAvoided) == [AlarmAvoided(P("1.B1"), "fingerprint", "guard-present")]
    g.apply("move 1.B2")
    assert g.state.actions_left == 3


# ====================================================================== Acrobat: Climb Window


def climber(at: str, **kw) -> Table:
    t = acrobat(ADVANCED, **kw).player(0, at)
    for f, spot in enumerate(("1.D4", "2.D4", "3.D4")):
        t.guard(f, at=spot, dest=spot[:2] + "D3")
    return t


def test_R69_climb_window_from_an_edge_tile_costs_three_and_ends_actions():
    """From a tile on the building's edge, 3 actions move her to the same cell one floor up
    or down; her actions end there (only free actions and `end` remain)."""
    g = climber("2.A1").game()
    moves = [a for a in legal(g) if a.startswith("move ")]
    assert moves == ["move 1.A1", "move 2.B1", "move 2.A2", "move 3.A1"]
    assert g.move_options(0)[P("3.A1")] == (3, "climb")
    assert g.move_options(0)[P("1.A1")] == (3, "climb")
    events = g.apply("move 3.A1")
    assert PlayerMoved(0, P("2.A1"), P("3.A1"), "climb") in events
    assert g.state.actions_left == 0
    assert g.state.actions_taken == 3
    assert costly(g) == []
    assert "end" in legal(g)


def test_R69_climb_window_down_from_the_edge():
    """Climbing works downward too: same cell, one floor down."""
    g = climber("2.D2").game()
    events = g.apply("move 1.D2")
    assert PlayerMoved(0, P("2.D2"), P("1.D2"), "climb") in events
    assert g.state.players[0].pos == P("1.D2")
    assert g.state.actions_left == 0


def test_R69_climb_window_not_from_an_inner_tile_nor_with_two_actions():
    """An inner tile has no window; and the climb needs all 3 actions."""
    g = climber("2.B2").game()
    assert "move 3.B2" not in legal(g) and "move 1.B2" not in legal(g)
    assert refused(g, "move 3.B2")

    g = climber("2.A1").turn(0, actions=2, taken=2).game()
    assert "move 3.A1" not in legal(g)
    assert refused(g, "move 3.A1")


def test_R69_climb_window_not_past_the_top_or_ground_floor():
    """No window leads above the top floor or below the ground floor."""
    g = climber("3.A1").game()
    assert [a for a in legal(g) if a.startswith("move ")] == [
        "move 2.A1",
        "move 3.B1",
        "move 3.A2",
    ]
    g = climber("1.A1").game()
    assert [a for a in legal(g) if a.startswith("move ")] == [
        "move 1.B1",
        "move 1.A2",
        "move 2.A1",
    ]


def test_R69_climb_window_is_advanced_side_only():
    """The Flexibility Acrobat has no window to climb."""
    g = acrobat(BASIC).player(0, "2.A1").game()
    assert "move 3.A1" not in legal(g) and "move 1.A1" not in legal(g)


def test_R69_climb_window_by_the_fort_knox_empty_square():
    """In Fort Knox a tile next to the empty square has a window; an inner tile does not."""
    t = acrobat(ADVANCED, scenario=ScenarioId.FORT_KNOX).player(0, "1.C2")
    t.guard(0, at="1.E5", dest="1.E4").guard(1, at="2.E5", dest="2.E4")
    g = t.game()
    assert g.move_options(0)[P("2.C2")] == (3, "climb")
    g.apply("move 2.C2")
    assert g.state.players[0].pos == P("2.C2")

    t = acrobat(ADVANCED, scenario=ScenarioId.FORT_KNOX).player(0, "1.B2")
    t.guard(0, at="1.E5", dest="1.E4")
    assert "move 2.B2" not in legal(t.game())


def test_R69_climb_window_not_into_a_revealed_empty_deadbolt():
    """A revealed Deadbolt nobody stands in cannot be climbed into (3 more actions needed);
    with a burglar inside, it can."""
    g = climber("2.A1").tile("3.A1", K.DEADBOLT).game()
    assert "move 3.A1" not in legal(g)
    assert refused(g, "move 3.A1")

    t = Table(players=2, characters=(C.ACROBAT,), sides=(ADVANCED,))
    t.tile("3.A1", K.DEADBOLT).player(0, "2.A1").player(1, "3.A1")
    t.guard(1, at="2.D4", dest="2.D3").guard(2, at="3.D4", dest="3.D3")
    g = t.game()
    g.apply("move 3.A1")
    assert g.state.players[0].pos == P("3.A1")


def test_R69_climb_window_into_a_face_down_deadbolt_reveals_it_and_stays():
    """Climbing into a face-down Deadbolt reveals it; she stays put, her 3 actions spent."""
    g = climber("2.A1").face_down("3.A1", K.DEADBOLT).game()
    events = g.apply("move 3.A1")
    assert TileRevealed(P("3.A1"), "deadbolt", 1) in events
    assert MoveBlocked(0, P("3.A1"), "deadbolt") in events
    assert g.state.players[0].pos == P("2.A1")
    assert g.state.actions_left == 0


def test_R69_climb_window_into_a_revealed_laser_cannot_pay():
    """Through a window a Laser's extra action cannot be paid: the alarm goes off at once."""
    g = climber("2.A1").tile("3.A1", K.LASER).game()
    events = g.apply("move 3.A1")
    assert g.state.pending is None
    assert of(events, DecisionNeeded) == []
    assert AlarmRaised(P("3.A1"), "laser") in events
    assert g.state.players[0].pos == P("3.A1")


def test_R69_climb_window_into_a_locked_keypad_rolls_and_still_ends_actions():
    """A locked Keypad behind the window is rolled for; failing, she stays, actions over."""
    g = climber("2.A1").tile("3.A1", K.KEYPAD).dice(2).game()
    events = g.apply("move 3.A1")
    assert of(events, KeypadRolled) == [KeypadRolled(P("3.A1"), (2,), False)]
    assert g.state.players[0].pos == P("2.A1")
    assert g.state.actions_left == 0
    assert costly(g) == []


def test_R69_climb_window_into_a_face_down_tile_is_an_entry():
    """Climbing reveals a face-down tile and enters it: a Fingerprint alarms, and the new
    floor's guard is set up."""
    t = acrobat(ADVANCED).player(0, "2.A1").guard(1, at="2.D4", dest="2.D3")
    t.face_down("3.A1", K.FINGERPRINT).patrol(2, "3.D4", "3.D1")
    g = t.game()
    events = g.apply("move 3.A1")
    assert TileRevealed(P("3.A1"), "fingerprint", 1) in events
    assert AlarmRaised(P("3.A1"), "fingerprint") in events
    assert g.state.floors[2].guard.placed
    assert g.state.floors[2].guard.pos == P("3.D4")
    assert g.state.floors[2].guard.dest == P("3.A1")  # the alarm calls him


def test_R69_climb_window_into_a_face_down_walkway_falls_back_down():
    """A face-down Walkway behind the window upstairs drops her straight back onto the tile
    she climbed from (she stood upstairs: that floor's guard is set up)."""
    t = acrobat(ADVANCED).player(0, "1.A1").guard(0, at="1.D4", dest="1.D3")
    t.face_down("2.A1", K.WALKWAY).patrol(1, "2.D4", "2.D1")
    g = t.game()
    events = g.apply("move 2.A1")
    assert [(e.dst, e.how) for e in of(events, PlayerMoved)] == [
        (P("2.A1"), "climb"),
        (P("1.A1"), "fall"),
    ]
    assert g.state.players[0].pos == P("1.A1")
    assert g.state.floors[1].guard.placed
    assert g.state.actions_left == 0


def test_R69_climb_window_is_not_a_stairs_move_so_time_lock_does_not_stop_it():
    """Time Lock blocks Stairs moves, not the Acrobat's window."""
    t = Table(players=2, characters=(C.ACROBAT,), sides=(ADVANCED,))
    t.tile("1.A1", K.STAIRS, 4).player(0, "1.A1").player(1, "1.D4").turn(1, actions=4)
    t.guard(0, at="1.D1", dest="1.C1", patrol=("1.A4",)).events(EventCard.TIME_LOCK)
    g = t.game()
    g.apply("end")
    assert g.state.current == 0 and "time-lock" in g.state.lasting
    assert g.move_options(0)[P("2.A1")] == (3, "climb")
    g.apply("move 2.A1")
    assert g.state.players[0].pos == P("2.A1")


def test_R69_climb_window_into_a_guard_tile_costs_stealth():
    """All entry rules apply through the window: the guard there sees her."""
    t = acrobat(ADVANCED).player(0, "2.A1").guard(1, at="2.D4", dest="2.D3")
    t.guard(2, at="3.A1", dest="3.D1")
    g = t.game()
    events = g.apply("move 3.A1")
    assert [e.reason for e in stealth_lost(events)] == ["entered-guard"]


# ====================================================================== Hacker: Jammer


def hacker(side: Side = BASIC, players: int = 2) -> Table:
    sides = (side,) + (BASIC,) * (players - 1)
    return Table(players=players, characters=(C.HACKER, C.SPOTTER), sides=sides)


def test_R70_jammer_hacker_enters_fingerprint_and_laser_without_alarm():
    """The Hacker triggers no Fingerprint or Laser: no alarm, no decision."""
    t = hacker().tile("1.B1", K.FINGERPRINT).tile("1.C1", K.LASER)
    t.player(0, "1.A1").player(1, "1.D4").guard(0, at="1.D3", dest="1.C3")
    g = t.game()
    events = g.apply("move 1.B1") + g.apply("move 1.C1")
    assert g.state.pending is None
    assert of(events, AlarmRaised) == [] and of(events, DecisionNeeded) == []
    assert g.alarms(0) == []


def test_R70_jammer_protects_others_entering_the_hackers_tile():
    """Another burglar entering the Hacker's Fingerprint or Laser tile triggers nothing."""
    t = hacker().tile("1.B1", K.FINGERPRINT).player(0, "1.B1").player(1, "1.A1")
    t.guard(0, at="1.D4", dest="1.D3").turn(1)
    g = t.game()
    events = g.apply("move 1.B1")
    assert of(events, AlarmRaised) == [] and g.state.pending is None

    t = hacker().tile("1.B1", K.LASER).player(0, "1.B1").player(1, "1.A1")
    t.guard(0, at="1.D4", dest="1.D3").turn(1)
    g = t.game()
    events = g.apply("move 1.B1")
    assert of(events, AlarmRaised) == [] and g.state.pending is None


def test_R70_jammer_does_not_protect_others_away_from_the_hacker():
    """A burglar entering a Fingerprint the Hacker is not on triggers it as usual."""
    t = hacker().tile("1.B1", K.FINGERPRINT).player(0, "1.C3").player(1, "1.A1")
    t.guard(0, at="1.D4", dest="1.D3").turn(1)
    g = t.game()
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "fingerprint") in events


def test_R70_jammer_motion_hacker_leaving_or_standing_on_it():
    """No Motion alarm when the Hacker leaves one, nor when another leaves it with the Hacker
    still there; without him on it, leaving raises the alarm."""
    t = hacker().tile("1.B1", K.MOTION).player(0, "1.A1").player(1, "1.D4")
    t.guard(0, at="1.D3", dest="1.C3")
    g = t.game()
    events = g.apply("move 1.B1") + g.apply("move 1.C1")
    assert of(events, AlarmRaised) == []

    t = hacker().tile("1.B1", K.MOTION).player(0, "1.B1").player(1, "1.A1")
    t.guard(0, at="1.D4", dest="1.D3").turn(1)
    g = t.game()
    events = g.apply("move 1.B1") + g.apply("move 1.C1")
    assert of(events, AlarmRaised) == []

    t = hacker().tile("1.B1", K.MOTION).player(0, "1.C3").player(1, "1.A1")
    t.guard(0, at="1.D4", dest="1.D3").turn(1)
    g = t.game()
    events = g.apply("move 1.B1") + g.apply("move 1.C1")
    assert AlarmRaised(P("1.B1"), "motion") in events


@pytest.mark.parametrize("kind", [K.DETECTOR, K.THERMO, K.CAMERA])
@pytest.mark.parametrize("mover", [0, 1], ids=["hacker", "other-on-his-tile"])
def test_R70_jammer_does_not_stop_detector_thermo_or_camera(kind, mover):
    """Detector, Thermo and Camera alarms go off for the Hacker and for anyone on his tile."""
    t = hacker().tile("1.B1", kind)
    if mover == 0:
        t.player(0, "1.A1", tools=(Tool.EMP,)).player(1, "1.C4")
    else:
        t.player(0, "1.B1").player(1, "1.A1", tools=(Tool.EMP,)).turn(1)
    if kind == K.CAMERA:
        t.tile("1.D4", K.CAMERA)
    t.guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    events = g.apply("move 1.B1")
    if mover == 1:
        assert g.state.players[1].pos == P("1.B1")
    if kind == K.THERMO:
        events = g.apply("end")
    assert AlarmRaised(P("1.B1"), kind.value) in events


def test_R70_jammer_is_basic_side_only():
    """The Laptop Hacker triggers a Fingerprint like anyone."""
    t = hacker(ADVANCED).tile("1.B1", K.FINGERPRINT).player(0, "1.A1").player(1, "1.D4")
    t.guard(0, at="1.D3", dest="1.C3")
    g = t.game()
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "fingerprint") in events


# ====================================================================== Hacker: Laptop


def test_R71_laptop_costs_one_action_and_holds_one_token():
    """`ability laptop` (1 action) puts a hack token on the Hacker; he holds one at most."""
    t = hacker(ADVANCED).player(0, "1.A1").player(1, "1.D4").guard(0, at="1.D3", dest="1.C3")
    g = t.game()
    assert "ability laptop" in legal(g)
    events = g.apply("ability laptop")
    assert AbilityUsed(0, "laptop", -1, -1, "") in events
    assert g.state.players[0].hack == 1
    assert g.state.actions_left == 3 and g.state.actions_taken == 1
    assert refused(g, "ability laptop")


def test_R71_laptop_needs_an_action_and_the_advanced_side():
    """No Laptop with no action left, nor for the Jammer Hacker."""
    t = hacker(ADVANCED).player(0, "1.A1").player(1, "1.D4").turn(0, actions=0, taken=4)
    assert refused(t.game(), "ability laptop")
    t = hacker(BASIC).player(0, "1.A1").player(1, "1.D4")
    assert refused(t.game(), "ability laptop")


@pytest.mark.parametrize("kind", [K.FINGERPRINT, K.LASER, K.MOTION])
def test_R71_laptop_token_cancels_another_players_alarm(kind):
    """Any burglar's Fingerprint, Laser or Motion alarm may spend the Hacker's token, wherever
    he stands; the Hacker's token is then gone."""
    t = hacker(ADVANCED).tile("1.B1", kind).player(0, "1.D4").player(1, "1.A1")
    t.guard(0, at="1.D1", dest="1.C1").turn(1)
    g = t.game()
    g.state.players[0].hack = 1
    events = g.apply("move 1.B1")
    if kind == K.MOTION:
        events = g.apply("move 1.B2")
    assert g.state.pending is not None
    expected = ["laptop", "pay", "trigger"] if kind == K.LASER else ["laptop", "trigger"]
    assert g.state.pending.options == expected
    events = g.apply("choose laptop")
    assert AlarmAvoided(P("1.B1"), kind.value, "laptop") in events
    assert g.state.players[0].hack == 0
    assert g.alarms(0) == []


def test_R71_laptop_token_beside_a_computer_token():
    """With both a Computer's token and the Laptop's, the alarm decision offers both."""
    t = hacker(ADVANCED).tile("1.B1", K.FINGERPRINT).tile("1.D1", K.COMPUTER_FINGERPRINT, hack=1)
    t.player(0, "1.A1").player(1, "1.D4").guard(0, at="1.D3", dest="1.C3")
    g = t.game()
    g.apply("ability laptop")
    g.apply("move 1.B1")
    assert g.state.pending.options == ["hack", "laptop", "trigger"]
    g.apply("choose hack")
    assert g.state.players[0].hack == 1
    assert g.state.floors[0].tiles[P("1.D1") & 63].hack == 0


@pytest.mark.parametrize("kind", [K.DETECTOR, K.CAMERA])
def test_R71_laptop_token_does_not_serve_other_alarms(kind):
    """A Detector or Camera alarm cannot spend the Laptop's token: it simply goes off."""
    t = hacker(ADVANCED).tile("1.B1", kind).player(0, "1.C4").player(1, "1.A1", tools=(Tool.EMP,))
    if kind == K.CAMERA:
        t.tile("1.D4", K.CAMERA)
    t.guard(0, at="1.D4", dest="1.D3").turn(1)
    g = t.game()
    g.state.players[0].hack = 1
    events = g.apply("move 1.B1")
    assert g.state.pending is None
    assert AlarmRaised(P("1.B1"), kind.value) in events
    assert g.state.players[0].hack == 1


def test_R71_laptop_can_be_refilled_after_use():
    """Once the token is spent, the Hacker may load a new one (1 action)."""
    t = hacker(ADVANCED).tile("1.B1", K.FINGERPRINT).player(0, "1.A1").player(1, "1.D4")
    t.guard(0, at="1.D3", dest="1.C3")
    g = t.game()
    g.apply("ability laptop")
    g.apply("move 1.B1")
    g.apply("choose laptop")
    assert g.state.players[0].hack == 0
    assert "ability laptop" in legal(g)
    g.apply("ability laptop")
    assert g.state.players[0].hack == 1 and g.state.actions_left == 1


# ====================================================================== Hawk: X-Ray, Enhance


def hawk(side: Side = BASIC) -> Table:
    return Table(players=1, characters=(C.HAWK,), sides=(side,))


def test_R72_x_ray_peeks_through_a_wall_for_free_once_per_turn():
    """X-Ray: free, once per turn, reveal an adjacent face-down tile behind a wall."""
    t = hawk().walls(0, "A1|B1 A1-A2").face_down("1.B1", K.CAMERA, 3).player(0, "1.A1")
    g = t.game()
    assert abilities(g) == {"ability x-ray 1.B1", "ability x-ray 1.A2"}
    events = g.apply("ability x-ray 1.B1")
    assert Peeked(0, P("1.B1")) in events
    assert TileRevealed(P("1.B1"), "camera", 3) in events
    assert g.state.actions_left == 4 and g.state.actions_taken == 0
    assert abilities(g) == set()
    assert refused(g, "ability x-ray 1.A2")


def test_R72_x_ray_only_through_walls_and_only_at_face_down_tiles():
    """No X-Ray at an open neighbour (that is a Peek) nor at a revealed tile behind a wall."""
    t = hawk().walls(0, "A1|B1").tile("1.B1", K.CAMERA).player(0, "1.A1")
    g = t.game()
    assert abilities(g) == set()
    assert refused(g, "ability x-ray 1.A2")
    assert refused(g, "ability x-ray 1.B1")


def test_R72_x_ray_needs_no_action_and_returns_next_turn():
    """X-Ray is free (offered with no action left) and is offered again the next turn."""
    t = hawk().walls(0, "A1|B1 A1-A2").player(0, "1.A1").turn(0, actions=0, taken=4)
    g = t.game()
    g.apply("ability x-ray 1.B1")
    assert abilities(g) == set()
    g.apply("end")
    assert g.state.current == 0 and g.state.actions_left == 4
    assert abilities(g) == {"ability x-ray 1.A2"}


def test_R72_x_ray_is_basic_side_only():
    """The Enhance Hawk cannot look through walls."""
    t = hawk(ADVANCED).walls(0, "A1|B1 A1-A2").player(0, "1.A1")
    assert abilities(t.game()) == set()


def test_R72_enhance_peeks_two_steps_around_corners_not_past_face_down_or_walls():
    """Enhance: a face-down tile up to two steps away; the middle tile must be revealed,
    no step crosses a wall; it is free and once per turn."""
    t = hawk(ADVANCED).player(0, "1.A1").walls(0, "B1|C1")
    t.tile("1.B1", K.LABORATORY).tile("1.A2", K.LABORATORY)
    g = t.game()
    # B1 revealed: B2 (around the corner) but not C1 (wall). A2 revealed: A3 and B2.
    assert abilities(g) == {"ability enhance 1.B2", "ability enhance 1.A3"}

    t = hawk(ADVANCED).player(0, "1.A1")
    g = t.game()
    # Both neighbours face down: only they can be seen, nothing behind them.
    assert abilities(g) == {"ability enhance 1.B1", "ability enhance 1.A2"}
    events = g.apply("ability enhance 1.B1")
    assert Peeked(0, P("1.B1")) in events
    assert g.state.actions_left == 4
    assert abilities(g) == set()


def test_R72_enhance_peeks_up_the_stairs():
    """Enhance can go up Stairs: from the Stairs, the tile above (and past it if revealed);
    from next to the Stairs, the tile above them."""
    t = hawk(ADVANCED).tile("1.A1", K.STAIRS).player(0, "1.A1").tile("1.B1", K.LABORATORY)
    t.tile("1.A2", K.LABORATORY).tile("2.A1", K.LABORATORY).reveal_floor(0)
    g = t.game()
    assert abilities(g) == {"ability enhance 2.B1", "ability enhance 2.A2"}

    t = hawk(ADVANCED).player(0, "1.A1").tile("1.B1", K.STAIRS).reveal_floor(0)
    g = t.game()
    assert abilities(g) == {"ability enhance 2.B1"}


def test_R72_enhance_is_offered_again_next_turn():
    """Once per turn: used, it comes back at the start of the Hawk's next turn."""
    t = hawk(ADVANCED).player(0, "1.A1")
    g = t.game()
    g.apply("ability enhance 1.B1")
    assert abilities(g) == set()
    g.apply("end")
    assert abilities(g) == {"ability enhance 1.C1", "ability enhance 1.A2", "ability enhance 1.B2"}


# ====================================================================== Juicer: Crybaby


def juicer(side: Side = BASIC, players: int = 1) -> Table:
    sides = (side,) + (BASIC,) * (players - 1)
    return Table(players=players, characters=(C.JUICER,), sides=sides)


def test_R73_crybaby_raises_an_alarm_next_door_for_free_any_number_of_times():
    """Crybaby: free, as often as wanted, an alarm on an adjacent tile; the guard heads there."""
    t = juicer().player(0, "1.B2").guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    assert abilities(g) == {
        "ability crybaby 1.B1",
        "ability crybaby 1.A2",
        "ability crybaby 1.C2",
        "ability crybaby 1.B3",
    }
    events = g.apply("ability crybaby 1.C2")
    assert AlarmRaised(P("1.C2"), "crybaby") in events
    assert DestinationSet(0, P("1.C2"), "alarm") in events
    events = g.apply("ability crybaby 1.B3")
    assert AlarmRaised(P("1.B3"), "crybaby") in events
    assert g.state.actions_left == 4 and g.state.actions_taken == 0
    assert sorted(g.alarms(0)) == [P("1.C2"), P("1.B3")]
    assert "ability crybaby 1.C2" not in legal(g)  # already an alarm there


def test_R73_crybaby_not_through_walls_nor_onto_the_guard():
    """No Crybaby through a wall, nor on the guard's tile."""
    t = juicer().player(0, "1.B2").walls(0, "B1-B2").guard(0, at="1.C2", dest="1.D2")
    g = t.game()
    assert abilities(g) == {"ability crybaby 1.A2", "ability crybaby 1.B3"}
    assert refused(g, "ability crybaby 1.B1")
    assert refused(g, "ability crybaby 1.C2")


def test_R73_crybaby_with_no_action_left_and_basic_side_only():
    """Free: offered with 0 actions left; the Reroute Juicer has no Crybaby."""
    t = juicer().player(0, "1.A1").guard(0, at="1.D4", dest="1.D3").turn(0, actions=0, taken=4)
    assert "ability crybaby 1.B1" in legal(t.game())
    t = juicer(ADVANCED).player(0, "1.A1").guard(0, at="1.D4", dest="1.D3")
    assert [a for a in legal(t.game()) if "crybaby" in a] == []


def test_R73_crybaby_under_emp_raises_nothing():
    """While an E.M.P. lasts, a Crybaby alarm is cancelled like every other."""
    t = juicer().player(0, "1.A1", tools=(Tool.EMP,)).guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    g.apply("use emp")
    events = g.apply("ability crybaby 1.B1")
    assert AlarmAvoided(P("1.B1"), "crybaby", "emp") in events
    assert g.alarms(0) == []
    assert g.state.floors[0].guard.dest == P("1.D3")


def test_R73_crybaby_alarm_speeds_the_guard():
    """Each Crybaby alarm adds one to the guard's movement like any alarm."""
    t = juicer().player(0, "1.B1").guard(0, at="1.D4", dest="1.D1", speed=2)
    g = t.game()
    g.apply("ability crybaby 1.A1")
    g.apply("ability crybaby 1.C1")
    events = g.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 4)]


# ====================================================================== Juicer: Reroute


def rerouter(players: int = 1) -> Table:
    return juicer(ADVANCED, players)


def test_R74_reroute_pick_up_clears_the_alarm_and_guard_draws_a_patrol_card():
    """Picking up the only alarm: it is gone, the Juicer holds it, and the guard's new
    destination is the next patrol card."""
    t = rerouter().tile("1.B2", K.LABORATORY, alarm=True).player(0, "1.B2")
    t.guard(0, at="1.D4", dest="1.B2", patrol=("1.A4", "1.C1"))
    g = t.game()
    assert abilities(g) == {"ability reroute pick"}
    events = g.apply("ability reroute pick")
    assert AlarmCleared(P("1.B2")) in events
    assert DestinationSet(0, P("1.A4"), "patrol") in events
    assert g.state.players[0].alarm_held
    assert g.alarms(0) == []
    assert g.state.floors[0].guard.dest == P("1.A4")
    assert g.state.actions_left == 4


def test_R74_reroute_pick_up_with_other_alarms_sends_guard_to_the_closest():
    """With alarms left on the floor, the guard heads to the closest remaining one."""
    t = rerouter().tile("1.B2", K.LABORATORY, alarm=True).tile("1.A4", K.LABORATORY, alarm=True)
    t.player(0, "1.B2").guard(0, at="1.D4", dest="1.B2", patrol=("1.C1",))
    g = t.game()
    events = g.apply("ability reroute pick")
    assert DestinationSet(0, P("1.A4"), "alarm") in events
    assert g.state.floors[0].guard.dest == P("1.A4")
    assert len(g.state.floors[0].guard.patrol) == 1  # no patrol card drawn


def test_R74_reroute_once_per_turn_then_drop_raises_an_alarm_on_the_juicers_tile():
    """Picked up this turn, the alarm can be dropped only on a later turn; dropped, it goes off
    on the Juicer's tile and calls the guard."""
    t = rerouter().tile("1.B2", K.LABORATORY, alarm=True).player(0, "1.B2")
    t.guard(0, at="1.D4", dest="1.B2", patrol=("1.D2", "1.D1"))
    g = t.game()
    g.apply("ability reroute pick")
    g.apply("move 1.A2")
    assert abilities(g) == set()  # used this turn
    g.apply("end")
    assert g.state.players[0].pos == P("1.A2")
    assert abilities(g) == {"ability reroute drop"}
    events = g.apply("ability reroute drop")
    assert AlarmRaised(P("1.A2"), "reroute") in events
    assert g.state.floors[0].guard.dest == P("1.A2")
    assert not g.state.players[0].alarm_held
    assert abilities(g) == set()


def test_R74_reroute_cannot_pick_up_a_second_alarm():
    """Holding an alarm, the Juicer cannot pick up another one."""
    t = rerouter().tile("1.B2", K.LABORATORY, alarm=True).player(0, "1.B2")
    t.guard(0, at="1.D4", dest="1.B2")
    g = t.game()
    g.state.players[0].alarm_held = True
    assert "ability reroute pick" not in legal(g)
    assert refused(g, "ability reroute pick")
    assert "ability reroute drop" not in legal(g)  # an alarm is already on his tile


def test_R74_reroute_drop_not_onto_the_guard_nor_under_emp():
    """No drop on the guard's tile, and none while an E.M.P. lasts (the alarm stays held)."""
    t = rerouter().player(0, "1.B2").guard(0, at="1.B2", dest="1.D4")
    g = t.game()
    g.state.players[0].alarm_held = True
    assert refused(g, "ability reroute drop")

    t = rerouter().player(0, "1.B2", tools=(Tool.EMP,)).guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    g.state.players[0].alarm_held = True
    assert "ability reroute drop" in legal(g)
    g.apply("use emp")
    assert refused(g, "ability reroute drop")
    assert g.state.players[0].alarm_held


def test_R74_reroute_needs_an_alarm_to_pick_up_and_is_advanced_only():
    """No alarm on the tile, nothing to pick up; the Crybaby Juicer has no Reroute."""
    t = rerouter().player(0, "1.B2").guard(0, at="1.D4", dest="1.D3")
    assert abilities(t.game()) == set()
    t = juicer(BASIC).tile("1.B2", K.LABORATORY, alarm=True).player(0, "1.B2")
    t.guard(0, at="1.D4", dest="1.B2")
    assert "ability reroute pick" not in legal(t.game())


# ====================================================================== Peterman: Steady Hands


def safe_row(t: Table, floor: int, number: int = 1, safe: str = "B2") -> Table:
    """A revealed Safe at `safe` (4x4) whose row and column all show `number`."""
    f = floor + 1
    t.tile(f"{f}.{safe}", K.SAFE, 0)
    col, row = safe[0], safe[1]
    for c in "ABCD":
        if c != col:
            t.tile(f"{f}.{c}{row}", K.LABORATORY, number, tool_taken=True)
    for r in "1234":
        if r != row:
            t.tile(f"{f}.{col}{r}", K.LABORATORY, number, tool_taken=True)
    return t


def peterman(side: Side = BASIC, players: int = 1) -> Table:
    sides = (side,) + (BASIC,) * (players - 1)
    return Table(players=players, characters=(C.PETERMAN,), sides=sides)


def test_R75_steady_hands_rolls_one_more_die_on_a_safe():
    """Cracking, the Peterman rolls the Safe's dice plus one."""
    t = safe_row(peterman(), 0, number=5).player(0, "1.B2").guard(0, at="1.D4", dest="1.D3")
    g = t.dice(1, 5).game()
    g.apply("add-die")
    events = g.apply("crack")
    rolled = of(events, SafeRolled)
    assert rolled[0].dice == (1, 5)
    assert of(events, SafeOpened) == [SafeOpened(P("1.B2"))]


def test_R75_steady_hands_rolls_one_more_die_on_a_keypad():
    """At a locked Keypad the Peterman rolls 2 dice, then 3 after a failure."""
    t = peterman().tile("1.B1", K.KEYPAD).player(0, "1.A1").guard(0, at="1.D4", dest="1.D3")
    g = t.dice(1, 2, 3, 4, 5).game()
    events = g.apply("move 1.B1")
    assert of(events, KeypadRolled) == [KeypadRolled(P("1.B1"), (1, 2), False)]
    events = g.apply("move 1.B1")
    assert of(events, KeypadRolled) == [KeypadRolled(P("1.B1"), (3, 4, 5), False)]


def test_R75_steady_hands_keypad_under_orders_is_one_die():
    """Ordered onto a locked Keypad by the Rook, the Peterman rolls a single die."""
    t = Table(players=2, characters=(C.ROOK, C.PETERMAN)).tile("1.B1", K.KEYPAD)
    t.player(0, "1.D4").player(1, "1.A1").guard(0, at="1.D1", dest="1.C1")
    g = t.dice(2, 3).game()
    events = g.apply("ability orders 2 1.B1")
    assert of(events, KeypadRolled) == [KeypadRolled(P("1.B1"), (2,), False)]


def test_R75_steady_hands_cannot_crack_a_safe_without_dice():
    """The extra die rides on a roll: with no die on the Safe there is no Crack to make."""
    t = safe_row(peterman(), 0).player(0, "1.B2").guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    assert refused(g, "crack")


def test_R75_steady_hands_is_basic_side_only():
    """The Drill Peterman rolls just the Safe's dice."""
    t = safe_row(peterman(ADVANCED), 0, number=5).player(0, "1.B2")
    t.guard(0, at="1.D4", dest="1.D3")
    g = t.dice(1, 5).game()
    g.apply("add-die")
    events = g.apply("crack")
    assert of(events, SafeRolled)[0].dice == (1,)


# ====================================================================== Peterman: Drill


def driller(players: int = 1) -> Table:
    """The Drill Peterman on 1.B2, a revealed Safe at 2.B2 whose combination
    tiles all show 1; guards in the D column walk D4 -> D3 -> D1, away from everyone."""
    t = safe_row(peterman(ADVANCED, players), 1).player(0, "1.B2")
    for f, speed in enumerate((2, 3, 4)):
        t.guard(f, at=f"{f + 1}.D4", dest=f"{f + 1}.D3", speed=speed, patrol=(f"{f + 1}.D1",))
    return t


def test_R76_drill_adds_dice_and_cracks_the_safe_directly_above():
    """The Peterman adds dice (2 actions) and cracks (1 action) the Safe right above him."""
    g = driller().game()
    assert "add-die 2.B2" in legal(g)
    assert "crack 2.B2" not in legal(g)  # no die yet
    events = g.apply("add-die 2.B2")
    assert DieAdded(P("2.B2"), 1) in events
    assert g.state.actions_left == 2 and g.state.actions_taken == 2
    assert "crack 2.B2" in legal(g)
    g.apply("crack 2.B2")
    assert g.state.actions_left == 1


def test_R76_drill_reaches_the_safe_below_too():
    """A Safe directly below the Peterman can be drilled as well."""
    t = safe_row(peterman(ADVANCED), 0).player(0, "2.B2").guard(1, at="2.D4", dest="2.D3")
    g = t.game()
    assert "add-die 1.B2" in legal(g)


def test_R76_drill_only_revealed_closed_safes_directly_above_or_below():
    """No Drill at a face-down Safe, an opened Safe, a Safe two floors away or off to the side,
    nor for the Steady Hands Peterman."""
    t = peterman(ADVANCED).face_down("2.B2", K.SAFE, 0).player(0, "1.B2")
    assert [a for a in legal(t.game()) if a.startswith(("add-die", "crack"))] == []
    t = peterman(ADVANCED).tile("2.B2", K.SAFE, 0, safe_open=True).player(0, "1.B2")
    assert [a for a in legal(t.game()) if a.startswith(("add-die", "crack"))] == []
    t = peterman(ADVANCED).tile("3.B2", K.SAFE, 0).tile("2.C2", K.SAFE, 0).player(0, "1.B2")
    assert [a for a in legal(t.game()) if a.startswith(("add-die", "crack"))] == []
    t = peterman(BASIC).tile("2.B2", K.SAFE, 0).player(0, "1.B2")
    assert [a for a in legal(t.game()) if a.startswith(("add-die", "crack"))] == []


def test_R76_drill_needs_two_actions_and_stops_at_six_dice():
    """Adding a die needs 2 actions left, and a Safe holds 6 dice at most."""
    t = driller().turn(0, actions=1, taken=3)
    assert refused(t.game(), "add-die 2.B2")
    t = driller()
    t.tile("2.B2", K.SAFE, 0, dice=6)
    g = t.game()
    assert refused(g, "add-die 2.B2")
    assert "crack 2.B2" in legal(g)


def test_R76_drill_opening_gives_no_tool_leaves_loot_in_the_safe_guards_speed_up_below():
    """Opening a Safe from another floor: no Tool for the Peterman (001: neither Loot nor Tool
    from those Safes), the Loot stays on the Safe, and the guards of the Peterman's floor and
    the floors below speed up (000, 004: "your current floor"), not the Safe's floor above."""
    t = driller().tools(Tool.DONUTS).loot(Loot.TIARA).dice(1)
    g = t.game()
    g.apply("add-die 2.B2")
    events = g.apply("crack 2.B2")
    assert SafeOpened(P("2.B2")) in events
    assert of(events, ToolDrawn) == []
    assert LootDrawn(-1, "tiara") in events
    st = g.state
    assert st.players[0].tools == [] and st.tools[-1] == Tool.DONUTS
    assert st.players[0].loot == []
    assert st.floors[1].tiles[P("2.B2") & 63].loot == [Loot.TIARA]
    assert of(events, SpeedChanged) == [SpeedChanged(0, 3, "safe")]
    assert [fl.guard.speed for fl in st.floors] == [3, 3, 4]


def test_R76_drill_opening_the_safe_below_speeds_his_floor_and_the_floors_below():
    """Drilled from above, a ground-floor Safe speeds up the guards of the Peterman's floor
    and of every floor below it (000 and 004 count from the cracker's current floor)."""
    t = safe_row(peterman(ADVANCED), 0).player(0, "2.B2").dice(1)
    t.guard(0, at="1.D4", dest="1.D3", speed=2).guard(1, at="2.D4", dest="2.D3", speed=3)
    t.guard(2, at="3.D4", dest="3.D3", speed=4)
    g = t.game()
    g.apply("add-die 1.B2")
    events = g.apply("crack 1.B2")
    assert of(events, SpeedChanged) == [SpeedChanged(1, 4, "safe"), SpeedChanged(0, 3, "safe")]
    assert [fl.guard.speed for fl in g.state.floors] == [3, 4, 4]


def test_R42_R76_drilled_loot_is_picked_up_on_the_safe_and_blocks_the_escape_until_then():
    """Loot left in a drilled Safe must be fetched: the Peterman on the top floor's Stairs
    cannot escape while it lies there; a burglar on the Safe takes it with `pickup`, and then
    the escape is open."""
    t = Table(players=2, characters=(C.PETERMAN,), sides=(ADVANCED,))
    safe_row(t, 1).tile("3.B2", K.STAIRS, 4).player(0, "3.B2").player(1, "2.B2")
    t.guard(1, at="2.D4", dest="2.D3", patrol=("2.D1",))
    t.guard(2, at="3.D4", dest="3.D3", patrol=("3.D1",))
    g = t.tools(Tool.DONUTS).loot(Loot.TIARA).dice(1).game()
    g.apply("add-die 2.B2")
    g.apply("crack 2.B2")
    assert g.tile(P("2.B2")).safe_open
    assert g.state.actions_left == 1
    assert "escape" not in legal(g)
    g.apply("end")
    assert g.state.current == 1
    assert "pickup tiara" in legal(g)
    events = g.apply("pickup tiara")
    assert LootPickedUp(1, "tiara", P("2.B2")) in events
    assert g.state.players[1].loot == [Loot.TIARA]
    assert g.tile(P("2.B2")).loot == []
    g.apply("end")
    assert g.state.current == 0
    assert "escape" in legal(g)


def test_R76_drilled_gold_bar_leaves_both_bars_in_the_safe():
    """A drilled Gold Bar lies in the Safe with its twin: two bars to fetch."""
    t = driller(players=2).player(1, "3.A1").tools(Tool.DONUTS).loot(Loot.GOLD_BAR).dice(1)
    g = t.game()
    g.apply("add-die 2.B2")
    g.apply("crack 2.B2")
    assert g.state.floors[1].tiles[P("2.B2") & 63].loot == [Loot.GOLD_BAR, Loot.GOLD_BAR]
    assert g.state.players[0].loot == []


def test_R76_drill_with_the_stethoscope_changes_the_drilled_safes_dice():
    """The Stethoscope works on the drilled Safe: its dice are shown, and the changed die
    cracks tiles of that Safe's floor, not the Peterman's."""
    t = safe_row(peterman(ADVANCED), 1, number=2).player(0, "1.B2", tools=(Tool.STETHOSCOPE,))
    t.tile("2.B1", K.CAMERA, 4)  # in the drilled Safe's column
    t.tile("1.B1", K.CAMERA, 4)  # the same cell on the Peterman's floor
    t.guard(0, at="1.D4", dest="1.D3").guard(1, at="2.D4", dest="2.D3").dice(6)
    g = t.game()
    g.apply("add-die 2.B2")
    events = g.apply("crack 2.B2")
    assert SafeDiceRolled(P("2.B2"), (6,)) in events
    d = g.state.pending
    assert d is not None and d.kind == "stethoscope" and d.pos == P("2.B2")
    events = g.apply("choose 1-4")
    assert ToolUsed(0, "stethoscope", P("2.B2")) in events
    assert of(events, SafeRolled) == [SafeRolled(P("2.B2"), (4,), (P("2.B1"),))]
    assert g.tile(P("2.B1")).cracked
    assert not g.tile(P("1.B1")).cracked


def test_R47_R76_drill_crack_needs_the_keycard_holder_on_the_drilled_safe():
    """With the Keycard drawn, the drilled Safe is cracked only while its holder stands on
    that Safe (a Peterman holding it below cannot); adding dice is not restricted."""
    t = driller(players=2).player(1, "2.B2", loot=(Loot.KEYCARD,))
    t.tile("2.B2", K.SAFE, 0, dice=1)
    g = t.game()
    assert "crack 2.B2" in legal(g)

    t = driller(players=2).player(0, "1.B2", loot=(Loot.KEYCARD,)).player(1, "1.A1")
    t.tile("2.B2", K.SAFE, 0, dice=1)
    g = t.game()
    assert "crack 2.B2" not in legal(g)
    assert refused(g, "crack 2.B2")
    assert "add-die 2.B2" in legal(g)


def test_R76_drill_with_the_rigger_still_draws_no_tool():
    """No Tool from a drilled Safe, so The Solution has nothing to offer there."""
    t = Table(players=2, characters=(C.PETERMAN, C.RIGGER), sides=(ADVANCED, BASIC))
    safe_row(t, 1).player(0, "1.B2").player(1, "3.A1")
    t.guard(0, at="1.D4", dest="1.D3").guard(1, at="2.D4", dest="2.D3")
    t.tools(Tool.DONUTS, Tool.EMP).loot(Loot.TIARA).dice(1)
    g = t.game()
    g.apply("add-die 2.B2")
    g.apply("crack 2.B2")
    assert g.state.pending is None
    assert g.state.players[0].tools == []
    assert g.state.floors[1].tiles[P("2.B2") & 63].loot == [Loot.TIARA]


def test_R43_R76_drilled_cursed_goblet_still_costs_a_stealth():
    """The Cursed Goblet costs whoever gets it one Stealth (000 Loot); a drilled Goblet,
    left in the Safe and picked up later, must cost one Stealth all the same."""
    t = driller(players=2).player(1, "2.B2").tools(Tool.DONUTS).loot(Loot.CURSED_GOBLET).dice(1)
    g = t.game()
    g.apply("add-die 2.B2")
    g.apply("crack 2.B2")
    g.apply("end")
    g.apply("pickup cursed-goblet")
    assert sum(p.stealth for p in g.state.players) == 5


# ====================================================================== setup and random games


@pytest.mark.parametrize("character", FIVE)
@pytest.mark.parametrize("side", [BASIC, ADVANCED])
def test_each_side_of_each_character_is_selectable(character, side):
    """`PlayerSetup(name, character, side)` gives that burglar that side, and the setup code
    keeps it."""
    setup = Setup(players=(PlayerSetup("A", character, side), PlayerSetup("B")), seed=3)
    g = new_game(setup)
    p = g.state.players[0]
    assert (p.character, p.side) == (character, side)
    assert g.state.players[1].character != character
    back = Setup.from_code(setup.to_code())
    assert back.players[0] == PlayerSetup("A", character, side)


def test_random_character_never_duplicates_a_chosen_one():
    """Burglars left to chance never get a character another burglar chose (nor each other's)."""
    seen = set()
    for seed in range(120):
        chosen = (FIVE[seed % 5], FIVE[(seed + 2) % 5])
        players = (
            PlayerSetup("A", chosen[0], ADVANCED),
            PlayerSetup("B", None, ADVANCED),
            PlayerSetup("C", chosen[1]),
            PlayerSetup("D"),
        )
        g = new_game(Setup(players=players, seed=seed))
        got = [p.character for p in g.state.players]
        assert len(set(got)) == 4
        assert got[0] == chosen[0] and got[2] == chosen[1]
        assert g.state.players[1].side == ADVANCED and g.state.players[3].side == BASIC
        seen.update((got[1], got[3]))
    assert seen == set(Character)  # every character comes up at random


def _soak_pick(game: Game, rnd: random.Random):
    """A random legal action; abilities, Drill and climbs are favoured so they get used."""
    legal_now = game.legal_actions()
    moves = game.move_options(game.state.current) if game.state.pending is None else {}
    special = [
        a
        for a in legal_now
        if a.kind == ActionKind.ABILITY
        or (a.kind in (ActionKind.ADD_DIE, ActionKind.CRACK) and a.pos >= 0)
        or (a.kind == ActionKind.MOVE and moves[a.pos][1] == "climb")
    ]
    if special and rnd.random() < 0.5:
        return rnd.choice(special)
    rest = [a for a in legal_now if a.kind != ActionKind.END]
    if rest and rnd.random() < 0.85:
        return rnd.choice(rest)
    return rnd.choice(legal_now)


@pytest.mark.slow
def test_random_games_with_each_character_on_each_side():
    """Random legal play with each of the five on each side (partnered with another of them):
    no exception, `check_state` holds and the JSON round trip gives the same state after every
    step; the active abilities do get used."""
    used: set[str] = set()
    scenarios = list(ScenarioId)
    games = [
        (2000 + 10 * i + j, character, side, FIVE[(i + 1 + j) % 5])
        for i, character in enumerate(FIVE)
        for j, side in enumerate((BASIC, ADVANCED))
    ]
    for seed, character, side, partner in games:
        setup = Setup(
            scenario=scenarios[seed % 3],
            players=(PlayerSetup("A", character, side), PlayerSetup("B", partner, side)),
            seed=seed,
        )
        game = new_game(setup)
        rnd = random.Random(setup.seed)
        for _ in range(120):
            if game.is_over():
                break
            action = _soak_pick(game, rnd)
            events = game.apply(action)
            used.update(e.ability for e in of(events, AbilityUsed))
            used.update("climb" for e in of(events, PlayerMoved) if e.how == "climb")
            check_state(game.state, setup)
            assert from_json(to_json(game)).state == game.state
        assert bool(game.legal_actions()) != game.is_over()
    assert used >= {"climb", "laptop", "x-ray", "enhance", "crybaby", "reroute"}
