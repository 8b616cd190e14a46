"""Guards: setup, patrol decks, movement, alarms, Lost Visual and getting caught.

Rules: rulebook 000 ("Ready the Guards", "Break in", "Move the Guard", "Alarms", "Speeding
up", "Lost Visual"), rules README rulings 3, 5, 13, 14 and the engine's rulings R11-R15.
Every setup is built by hand with `tests/engine/builder.py`: on a `Table` every tile is an
inert face-down room, so only what a test places matters. The floor is the open Bank 4x4
unless a test adds walls; routes quoted in comments follow README ruling 3 (see
test_guard_route.py for how they are derived).
"""

from __future__ import annotations

import signal

import pytest

from engine import PlayerSetup, ScenarioId, Setup, new_game, pos_text
from engine.rules.data import LOST_VISUAL, PATROL_DISCARDS, SCENARIOS, cell_index
from engine.rules.events import (
    AlarmAvoided,
    AlarmCleared,
    AlarmRaised,
    DecisionNeeded,
    DestinationSet,
    EntranceChosen,
    GameLost,
    GuardLost,
    GuardMoved,
    GuardPlaced,
    GuardStarts,
    PatrolDrawn,
    PatrolReshuffled,
    SpeedChanged,
    StealthLost,
    TurnEnded,
    TurnStarted,
)
from engine.rules.game import IllegalActionError
from engine.rules.geometry import FloorLayout, guard_route
from engine.rules.state import Step

from .builder import K, P, Table, legal, of

BANK1_WALLS = " ".join(
    ["A1|B1", "C2|D2", "A4|B4", "B4|C4", "C1-C2", "A2-A3", "B2-B3", "D3-D4"]
)  # the Bank Job's standard floor 1 (shared/rules/game-data.md)


def steps(events: list, floor: int = 0) -> list[str]:
    """Where the floor's guard stepped, in order."""
    return [pos_text(e.dst) for e in of(events, GuardMoved) if e.floor == floor]


def guard(game, floor: int = 0):
    return game.state.floors[floor].guard


def tile(game, where: str):
    return game.tile(P(where))


def stack(game, floor: int, *cards: int) -> None:
    """Put cards (positions or LOST_VISUAL) on top of a floor's patrol deck, first = top."""
    g = guard(game, floor)
    for c in cards:
        for pile in (g.patrol, g.discard, g.aside):
            if c in pile:
                pile.remove(c)
    g.patrol.extend(reversed(cards))


def floor_positions(floor: int, size: int = 4, empty: int | None = None) -> list[int]:
    return [
        (floor << 6) | (r * 8 + c) for r in range(size) for c in range(size) if r * 8 + c != empty
    ]


def all_cards(g) -> list[int]:
    return sorted(g.patrol + g.discard + g.aside)


# ====================================================================== initial setup


def test_first_floor_guard_is_placed_before_the_entrance_is_chosen():
    """Break in: the floor-1 guard stands on the first patrol card before the team picks
    the entrance; his destination is not drawn yet."""
    game = new_game(Setup(seed=11))
    g = guard(game)
    assert game.state.step == Step.ENTRANCE
    assert g.placed and g.pos is not None and g.pos >> 6 == 0
    assert g.dest is None
    assert g.discard == [g.pos]  # exactly one card revealed: the one he stands on


def test_first_floor_guard_destination_is_drawn_after_the_entrance():
    """Choosing the entrance comes first, then the next floor-1 patrol card becomes the
    guard's destination."""
    game = new_game(Setup(seed=11))
    g = guard(game)
    target = P("1.D4") if g.pos != P("1.D4") else P("1.A1")
    stack(game, 0, target)
    events = game.apply("enter 1.B2")
    kinds_in_order = [type(e) for e in events]
    assert kinds_in_order.index(EntranceChosen) < kinds_in_order.index(DestinationSet)
    assert of(events, DestinationSet) == [DestinationSet(0, target, "patrol")]
    assert g.dest == target
    assert of(events, GuardMoved) == []


def test_R11_entrance_destination_card_on_guards_own_tile_is_redrawn():
    """R11 at setup: a destination card naming the guard's own tile is discarded and the
    next card drawn."""
    game = new_game(Setup(seed=11))
    g = guard(game)
    other = P("1.D4") if g.pos != P("1.D4") else P("1.A1")
    stack(game, 0, g.pos, other)
    events = game.apply("enter 1.B2")
    assert [e.card for e in of(events, PatrolDrawn)] == [g.pos, other]
    assert g.dest == other


@pytest.mark.parametrize("scenario", list(ScenarioId))
def test_upper_floor_guards_are_not_placed_until_their_floor_is_entered(scenario):
    """Only the floor-1 guard is set up at the start; the others wait for a burglar."""
    game = new_game(Setup(scenario=scenario, seed=5))
    events = game.apply("enter 1.A1")
    assert {e.floor for e in of(events, GuardPlaced)} <= {0}
    for fl in game.state.floors[1:]:
        assert not fl.guard.placed
        assert fl.guard.pos is None and fl.guard.dest is None
        assert fl.guard.discard == []


@pytest.mark.parametrize(
    ("scenario", "speeds"),
    [(ScenarioId.OFFICE, [2, 3]), (ScenarioId.BANK, [2, 3, 4]), (ScenarioId.FORT_KNOX, [3, 4])],
)
def test_starting_guard_speeds(scenario, speeds):
    """Guard dice start at Office 2/3, Bank 2/3/4, Fort Knox 3/4 (floor 1 first)."""
    game = new_game(Setup(scenario=scenario, seed=3))
    assert [fl.guard.speed for fl in game.state.floors] == speeds


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("scenario", list(ScenarioId))
def test_patrol_decks_hold_one_card_per_tile_minus_set_aside(scenario, players):
    """Each floor's patrol deck has one card per real tile of the floor (16; 24 on Fort
    Knox, whose empty square has no card - R02), and 3/6/9 cards are set aside unseen for
    3/2/1 players (README ruling 13)."""
    ps = tuple(PlayerSetup(f"P{i}") for i in range(players))
    game = new_game(Setup(scenario=scenario, players=ps, seed=9))
    size = SCENARIOS[scenario].size
    empty = cell_index("C3", 5) if scenario == ScenarioId.FORT_KNOX else None
    aside = {1: 9, 2: 6, 3: 3, 4: 0}[players]
    assert PATROL_DISCARDS[players] == aside
    for f, fl in enumerate(game.state.floors):
        g = fl.guard
        expected = floor_positions(f, size, empty)
        assert len(expected) == (24 if scenario == ScenarioId.FORT_KNOX else 16)
        assert all_cards(g) == expected
        assert len(g.aside) == aside
        assert len(g.patrol) == len(expected) - aside - len(g.discard)


def test_lost_visual_option_adds_one_card_to_each_patrol_deck():
    """Lost Visual: one Lost Visual card is shuffled into every floor's patrol deck."""
    ps = tuple(PlayerSetup(f"P{i}") for i in range(4))
    game = new_game(Setup(players=ps, seed=4, lost_visual=True))
    for g in (fl.guard for fl in game.state.floors):
        cards = g.patrol + g.discard + g.aside
        assert cards.count(LOST_VISUAL) == 1
        assert len(cards) == 17


def test_R14_lost_visual_card_never_places_the_first_guard():
    """R14: a Lost Visual card drawn while placing the floor-1 guard at setup is set aside
    and the next card places him. (Searches seeds for a deck with Lost Visual on top.)"""
    ps = tuple(PlayerSetup(f"P{i}") for i in range(4))
    found = 0
    for seed in range(120):
        game = new_game(Setup(players=ps, seed=seed, lost_visual=True))
        g = guard(game)
        if LOST_VISUAL in g.discard:
            found += 1
            assert g.discard[0] == LOST_VISUAL
            assert g.pos == g.discard[-1] and g.pos in floor_positions(0)
            assert not g.lost
    assert found > 0


def test_R14_lost_visual_card_never_becomes_the_first_destination():
    """R14: a Lost Visual card drawn for the first destination (at the entrance) is
    discarded and the next card is the destination; the guard is not removed."""
    game = new_game(Setup(seed=11, lost_visual=True))
    g = guard(game)
    other = P("1.D4") if g.pos != P("1.D4") else P("1.A1")
    stack(game, 0, LOST_VISUAL, other)
    events = game.apply("enter 1.B2")
    assert of(events, GuardLost) == []
    assert not g.lost and g.dest == other
    assert LOST_VISUAL in g.discard


# ====================================================================== who moves, how far


def test_only_the_guard_on_the_current_players_floor_moves():
    """At the end of a turn only the guard of the current burglar's floor moves."""
    game = (
        Table(players=2)
        .player(0, "1.A1")
        .player(1, "2.A4")
        .guard(0, at="1.D4", dest="1.D1")
        .guard(1, at="2.D1", dest="2.D4", speed=3)
        .game()
    )
    events = game.apply("end")
    assert steps(events, 0) == ["1.D3", "1.D2"]
    assert steps(events, 1) == []
    assert [e.floor for e in of(events, GuardStarts)] == [0]
    events = game.apply("end")  # burglar 2's turn, on floor 2
    assert steps(events, 0) == []
    assert steps(events, 1) == ["2.D2", "2.D3", "2.D4"]


def test_guard_moves_as_many_tiles_as_his_die_shows():
    """With no alarm the guard moves exactly the number on his die."""
    game = Table().player(0, "1.A4").guard(0, at="1.A1", dest="1.D1", speed=2).game()
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 2)]
    assert steps(events) == ["1.B1", "1.C1"]
    assert guard(game).pos == P("1.C1")


def test_guard_walks_the_most_clockwise_shortest_route():
    """The guard steps along guard_route: on Bank floor 1, C2 -> D1 starts left (B2, B1,
    C1, D1), around the walls C1-C2 and C2|D2."""
    game = (
        Table()
        .walls(0, BANK1_WALLS)
        .player(0, "1.A4")
        .guard(0, at="1.C2", dest="1.D1", speed=4, patrol=("1.A3",))
        .game()
    )
    assert [pos_text(p) for p in game.guard_route(0)] == ["1.B2", "1.B1", "1.C1", "1.D1"]
    events = game.apply("end")
    assert steps(events) == ["1.B2", "1.B1", "1.C1", "1.D1"]


def test_guard_never_walks_through_a_wall():
    """A wall between the guard and his adjacent destination makes him walk around it."""
    game = (
        Table()
        .walls(0, "A1|B1")
        .player(0, "1.D4")
        .guard(0, at="1.A1", dest="1.B1", speed=3, patrol=("1.A4",))
        .game()
    )
    events = game.apply("end")
    assert steps(events) == ["1.A2", "1.B2", "1.B1"]


def test_arrival_draws_the_next_patrol_card_and_leftover_movement_continues():
    """Arriving at his destination the guard reveals the next patrol card and spends any
    movement left walking toward it."""
    game = (
        Table()
        .player(0, "1.A4")
        .guard(0, at="1.A1", dest="1.B1", speed=3, patrol=("1.D1", "1.D4"))
        .game()
    )
    events = game.apply("end")
    assert steps(events) == ["1.B1", "1.C1", "1.D1"]
    first_arrival = events.index(GuardMoved(0, P("1.A1"), P("1.B1")))
    new_dest = events.index(DestinationSet(0, P("1.D1"), "patrol"))
    assert first_arrival < new_dest < events.index(GuardMoved(0, P("1.B1"), P("1.C1")))
    dests = [(pos_text(e.pos), e.why) for e in of(events, DestinationSet)]
    assert dests == [("1.D1", "patrol"), ("1.D4", "patrol")]  # arrived twice
    assert guard(game).dest == P("1.D4")
    assert [e.card for e in of(events, PatrolDrawn)] == [P("1.D1"), P("1.D4")]


def test_R11_patrol_card_on_own_tile_is_redrawn():
    """R11: a patrol card naming the tile the guard stands on is discarded and another
    drawn, so a destination is always another tile."""
    game = (
        Table()
        .player(0, "1.D4")
        .guard(0, at="1.A1", dest="1.B1", speed=1, patrol=("1.B1", "1.C4"))
        .game()
    )
    events = game.apply("end")
    assert [e.card for e in of(events, PatrolDrawn)] == [P("1.B1"), P("1.C4")]
    assert of(events, DestinationSet) == [DestinationSet(0, P("1.C4"), "patrol")]
    g = guard(game)
    assert g.dest == P("1.C4")
    assert g.discard[-2:] == [P("1.B1"), P("1.C4")]


def test_guard_starting_on_a_burglars_tile_and_leaving_costs_nothing():
    """Stealth is lost when a guard enters your tile, not when he walks out of it."""
    game = Table().player(0, "1.A1").guard(0, at="1.A1", dest="1.D1").game()
    events = game.apply("end")
    assert steps(events) == ["1.B1", "1.C1"]
    assert of(events, StealthLost) == []
    assert game.state.players[0].stealth == 3


# ====================================================================== speed


def test_R15_speed_is_die_plus_active_alarms_on_that_floor():
    """R15: movement = die + one per active alarm on the guard's own floor (alarms on other
    floors do not count)."""
    game = (
        Table()
        .tile("1.D4", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.D3", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("2.B2", K.LABORATORY, alarm=True, tool_taken=True)
        .player(0, "1.A4")
        .guard(0, at="1.A1", dest="1.D3", speed=2)
        .guard(1, at="2.A1", dest="2.B2")
        .game()
    )
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 4)]
    assert steps(events) == ["1.B1", "1.C1", "1.D1", "1.D2"]


def test_R15_alarm_raised_at_the_end_of_actions_counts_for_this_move():
    """An alarm raised when the actions end (Thermo) is active when the guard starts, so it
    adds to this move and becomes his destination."""
    game = (
        Table()
        .tile("1.A1", K.THERMO)
        .player(0, "1.A1")
        .guard(0, at="1.D4", dest="1.D1", speed=2)
        .game()
    )
    events = game.apply("end")
    assert of(events, AlarmRaised) == [AlarmRaised(P("1.A1"), "thermo")]
    assert DestinationSet(0, P("1.A1"), "alarm") in events
    assert of(events, GuardStarts) == [GuardStarts(0, 3)]
    assert steps(events) == ["1.C4", "1.B4", "1.A4"]  # up-left: left first


def test_R15_speed_stays_fixed_when_an_alarm_is_cleared_mid_move():
    """R15: clearing an alarm during the move does not shorten it."""
    game = (
        Table()
        .tile("1.B1", K.LABORATORY, alarm=True, tool_taken=True)
        .player(0, "1.A4")
        .guard(0, at="1.A1", dest="1.B1", speed=2, patrol=("1.D1", "1.D4"))
        .game()
    )
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 3)]
    assert steps(events) == ["1.B1", "1.C1", "1.D1"]


def test_R15_speed_stays_fixed_when_a_camera_alarm_is_raised_mid_move():
    """R15: an alarm raised during the move (guard passing a Camera while a burglar stands
    on another revealed Camera) does not lengthen it."""
    game = (
        Table()
        .tile("1.B1", K.CAMERA)
        .tile("1.A3", K.CAMERA)
        .player(0, "1.A3")
        .guard(0, at="1.A1", dest="1.D1", speed=3)
        .game()
    )
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 3)]
    assert len(steps(events)) == 3


def test_R15_alarm_bonus_may_take_movement_above_six():
    """R15: the die stops at 6, but active alarms still add to that move."""
    game = (
        Table()
        .tile("1.D4", K.LABORATORY, alarm=True, tool_taken=True)
        .player(0, "1.A4")
        .guard(0, at="1.A1", dest="1.D4", speed=6)
        .game()
    )
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 7)]
    assert len(steps(events)) == 7  # 6 to reach D4, then 1 toward his next patrol card


# ====================================================================== alarms


def test_alarm_makes_the_guard_head_for_it():
    """A triggered alarm puts the guard's die (his destination) on the alarm tile."""
    game = (
        Table()
        .tile("1.B1", K.FINGERPRINT)
        .player(0, "1.A1")
        .guard(0, at="1.D4", dest="1.D1")
        .game()
    )
    events = game.apply("move 1.B1")
    assert of(events, AlarmRaised) == [AlarmRaised(P("1.B1"), "fingerprint")]
    assert of(events, DestinationSet) == [DestinationSet(0, P("1.B1"), "alarm")]
    assert guard(game).dest == P("1.B1")


def test_alarm_is_not_raised_on_the_guards_own_tile():
    """Moving into an alarm tile the guard stands in triggers no alarm (but costs Stealth)."""
    game = (
        Table()
        .tile("1.B1", K.FINGERPRINT)
        .player(0, "1.A1")
        .guard(0, at="1.B1", dest="1.D4")
        .game()
    )
    events = game.apply("move 1.B1")
    assert of(events, AlarmRaised) == []
    assert of(events, AlarmAvoided) == [AlarmAvoided(P("1.B1"), "fingerprint", "guard-present")]
    assert not tile(game, "1.B1").alarm
    assert [e.reason for e in of(events, StealthLost)] == ["entered-guard"]
    assert guard(game).dest == P("1.D4")


def test_a_tile_holds_only_one_alarm_token():
    """Triggering an alarm where an Alarm token already lies adds no second token (and no
    extra speed)."""
    game = (
        Table()
        .tile("1.B1", K.FINGERPRINT, alarm=True)
        .player(0, "1.A1")
        .guard(0, at="1.D4", dest="1.B1", speed=2)
        .game()
    )
    events = game.apply("move 1.B1")
    assert of(events, AlarmRaised) == []
    assert of(events, AlarmAvoided) == [AlarmAvoided(P("1.B1"), "fingerprint", "already")]
    assert game.alarms(0) == [P("1.B1")]
    game.apply("move 1.A1")
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 3)]


def test_R13_new_alarm_closer_than_the_current_one_takes_the_guard():
    """R13: when an alarm is raised the guard's die goes to the closest active alarm."""
    game = (
        Table()
        .tile("1.A4", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.B1", K.FINGERPRINT)
        .player(0, "1.C1")
        .guard(0, at="1.A1", dest="1.A4")
        .game()
    )
    events = game.apply("move 1.B1")
    assert of(events, DestinationSet) == [DestinationSet(0, P("1.B1"), "alarm")]


def test_R13_closest_alarm_is_by_walking_distance_not_straight_line():
    """R13: 'closest' counts the guard's steps around walls: B1 is next to A1 but 3 steps
    away behind the wall A1|B1, so the alarm at A3 (2 steps) keeps the guard."""
    game = (
        Table()
        .walls(0, "A1|B1")
        .tile("1.A3", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.B1", K.FINGERPRINT)
        .player(0, "1.C1")
        .guard(0, at="1.A1", dest="1.A3")
        .game()
    )
    events = game.apply("move 1.B1")
    assert of(events, AlarmRaised) == [AlarmRaised(P("1.B1"), "fingerprint")]
    assert of(events, DestinationSet) == []
    assert guard(game).dest == P("1.A3")


def test_R13_equally_close_alarms_are_the_current_players_choice():
    """R13 / README ruling 14: when two alarms are equally close the current player
    chooses; nothing else is legal until then, and a wrong try changes nothing."""
    game = (
        Table()
        .tile("1.B4", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.D2", K.FINGERPRINT)
        .player(0, "1.D1")
        .guard(0, at="1.B2", dest="1.B4")
        .game()
    )
    events = game.apply("move 1.D2")
    (asked,) = of(events, DecisionNeeded)
    assert asked.kind == "alarm-tie" and sorted(asked.options) == ["1.B4", "1.D2"]
    assert sorted(legal(game)) == ["choose 1.B4", "choose 1.D2"]
    with pytest.raises(IllegalActionError):
        game.apply("end")
    assert game.state.pending is not None and guard(game).dest == P("1.B4")
    events = game.apply("choose 1.D2")
    assert of(events, DestinationSet) == [DestinationSet(0, P("1.D2"), "alarm")]
    assert game.state.pending is None
    assert "end" in legal(game) and game.state.actions_left == 3


def test_guard_clears_the_alarm_he_walks_into():
    """Entering an alarm tile, the guard removes its Alarm token."""
    game = (
        Table()
        .tile("1.C1", K.LABORATORY, alarm=True, tool_taken=True)
        .player(0, "1.A4")
        .guard(0, at="1.A1", dest="1.C1", speed=2, patrol=("1.D4",))
        .game()
    )
    events = game.apply("end")
    assert of(events, AlarmCleared) == [AlarmCleared(P("1.C1"))]
    assert not tile(game, "1.C1").alarm
    assert game.alarms(0) == []


def test_after_the_last_alarm_is_cleared_a_new_patrol_card_is_drawn():
    """With no alarm left the guard's next destination is a NEW patrol card (000), not the
    patrol destination he had before the alarm (as 004 would have it)."""
    game = (
        Table()
        .tile("1.B1", K.FINGERPRINT)
        .player(0, "1.C1")
        .guard(0, at="1.A1", dest="1.D4", speed=2, patrol=("1.A4",))
        .game()
    )
    game.apply("move 1.B1")  # alarm at B1: the guard now heads there
    game.apply("move 1.C1")
    events = game.apply("end")  # speed 2 + 1 alarm
    assert steps(events) == ["1.B1", "1.B2", "1.B3"]  # B1 -> A4 (down-left): down first
    assert of(events, AlarmCleared) == [AlarmCleared(P("1.B1"))]
    assert of(events, DestinationSet) == [DestinationSet(0, P("1.A4"), "patrol")]
    assert guard(game).dest == P("1.A4")


def test_R13_closest_alarm_is_reevaluated_when_the_guard_reaches_one():
    """R13: after clearing an alarm the guard heads for the alarm closest to where he now
    stands. From A1: B1 (1), A3 (2), D1 (3); from B1, D1 (2) beats A3 (3)."""
    game = (
        Table()
        .tile("1.B1", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.A3", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.D1", K.LABORATORY, alarm=True, tool_taken=True)
        .player(0, "1.C4")
        .guard(0, at="1.A1", dest="1.B1", speed=2)
        .game()
    )
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 5)]
    assert of(events, AlarmCleared) == [AlarmCleared(P("1.B1")), AlarmCleared(P("1.D1"))]
    assert steps(events) == ["1.B1", "1.C1", "1.D1", "1.D2", "1.D3"]
    assert guard(game).dest == P("1.A3")
    assert game.alarms(0) == [P("1.A3")]


def test_R13_tie_on_arrival_is_asked_mid_move_and_the_move_then_continues():
    """R13: a tie found when the guard clears an alarm stops his move for the players'
    choice; afterwards he spends the rest of his fixed movement toward the chosen alarm."""
    game = (
        Table()
        .tile("1.B1", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.D1", K.LABORATORY, alarm=True, tool_taken=True)
        .tile("1.B3", K.LABORATORY, alarm=True, tool_taken=True)
        .player(0, "1.A4")
        .guard(0, at="1.A1", dest="1.B1", speed=2)
        .game()
    )
    events = game.apply("end")
    assert steps(events) == ["1.B1"]
    assert sorted(legal(game)) == ["choose 1.B3", "choose 1.D1"]
    assert of(events, TurnStarted) == []
    events = game.apply("choose 1.B3")
    # 4 moves left: B2, B3 (cleared), then toward D1 (up-right: up first) B2, B1
    assert steps(events) == ["1.B2", "1.B3", "1.B2", "1.B1"]
    assert of(events, AlarmCleared) == [AlarmCleared(P("1.B3"))]
    assert guard(game).dest == P("1.D1")
    assert of(events, TurnStarted) == [TurnStarted(0, 4)]


def test_camera_alarm_raised_mid_move_retargets_the_moving_guard():
    """The guard passing a revealed Camera while a burglar on his floor stands on another
    revealed Camera raises an alarm there; he turns toward it at once."""
    game = (
        Table()
        .tile("1.B1", K.CAMERA)
        .tile("1.A3", K.CAMERA)
        .player(0, "1.A3")
        .guard(0, at="1.A1", dest="1.D1", speed=3)
        .game()
    )
    events = game.apply("end")
    assert of(events, AlarmRaised) == [AlarmRaised(P("1.A3"), "camera")]
    assert DestinationSet(0, P("1.A3"), "alarm") in events
    assert steps(events) == ["1.B1", "1.B2", "1.B3"]  # B1 -> A3 (down-left): down first
    assert guard(game).dest == P("1.A3")


def test_camera_alarm_on_another_floor_retargets_only_that_floors_guard():
    """A Camera alarm on another floor sends that floor's guard (who does not move now);
    the moving guard keeps his patrol destination."""
    game = (
        Table(players=2)
        .tile("1.B1", K.CAMERA)
        .tile("2.A1", K.CAMERA)
        .player(0, "1.A4")
        .player(1, "2.A1")
        .guard(0, at="1.A1", dest="1.D1", speed=3, patrol=("1.C4",))
        .guard(1, at="2.D4", dest="2.D3", speed=3)
        .game()
    )
    events = game.apply("end")
    assert of(events, AlarmRaised) == [AlarmRaised(P("2.A1"), "camera")]
    assert DestinationSet(1, P("2.A1"), "alarm") in events
    assert steps(events, 0) == ["1.B1", "1.C1", "1.D1"]
    assert steps(events, 1) == []
    assert guard(game, 1).dest == P("2.A1")


# ====================================================================== patrol deck


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_empty_patrol_deck_is_rebuilt_from_discards_and_set_aside_cards(players):
    """README ruling 13: an empty deck is rebuilt from the discard pile plus the cards set
    aside, and 9/6/3/0 cards (1/2/3/4 players) are set aside again, unseen."""
    game = Table(players=players).player(0, "1.D4").guard(0, at="1.A1", dest="1.B1", speed=1)
    game = game.game()
    g = guard(game)
    k = PATROL_DISCARDS[players]
    cards = floor_positions(0)
    g.patrol, g.aside, g.discard = [], cards[:k], cards[k:]
    events = game.apply("end")
    assert of(events, PatrolReshuffled) == [PatrolReshuffled(0, 16 - k)]
    assert all_cards(g) == cards
    assert len(g.aside) == k
    assert len(g.patrol) + len(g.discard) == 16 - k
    assert g.dest in g.discard and g.dest != P("1.B1")


def test_R15_reshuffle_speeds_the_guard_up_from_his_next_move():
    """R15: rebuilding the patrol deck adds 1 to the guard's die; the move under way keeps
    the speed it started with."""
    game = Table().player(0, "1.D4").guard(0, at="1.A1", dest="1.B1", speed=2).game()
    g = guard(game)
    g.patrol, g.discard, g.aside = [], floor_positions(0), []
    events = game.apply("end")
    assert of(events, SpeedChanged) == [SpeedChanged(0, 3, "reshuffle")]
    assert g.speed == 3
    assert len(steps(events)) == 2
    events = game.apply("end")
    assert of(events, GuardStarts) == [GuardStarts(0, 3)]


def test_R15_reshuffle_at_speed_six_leaves_the_die_at_six():
    """R15: the guard die never exceeds 6; a reshuffle at 6 changes nothing."""
    game = Table().player(0, "1.D4").guard(0, at="1.A1", dest="1.B1", speed=6).game()
    g = guard(game)
    g.patrol, g.discard, g.aside = [], floor_positions(0), []
    events = game.apply("end")
    assert of(events, PatrolReshuffled)
    assert of(events, SpeedChanged) == []
    assert g.speed == 6


# ====================================================================== placing guards


def stairs_table(players: int = 1) -> Table:
    return (
        Table(players=players)
        .tile("1.A1", K.STAIRS)
        .player(0, "1.A1")
        .guard(0, at="1.D4", dest="1.D3")
    )


def test_R12_guard_is_placed_when_a_burglar_first_enters_his_floor():
    """Moving to a floor without a guard sets him up: one patrol card places him, the next
    is his destination. He does not move yet."""
    game = stairs_table().game()
    stack(game, 1, P("2.C3"), P("2.D1"))
    events = game.apply("move 2.A1")
    assert of(events, GuardPlaced) == [GuardPlaced(1, P("2.C3"))]
    assert of(events, DestinationSet) == [DestinationSet(1, P("2.D1"), "patrol")]
    assert [e.card for e in of(events, PatrolDrawn)] == [P("2.C3"), P("2.D1")]
    assert of(events, GuardMoved) == []
    g = guard(game, 1)
    assert g.placed and g.pos == P("2.C3") and g.dest == P("2.D1")


def test_R12_burglar_arriving_where_the_guard_is_placed_loses_stealth():
    """R12: the burglar whose move brought the guard then enters the tile, and pays Stealth
    if the guard was placed there."""
    game = stairs_table().game()
    stack(game, 1, P("2.A1"), P("2.D1"))
    events = game.apply("move 2.A1")
    assert [e.reason for e in of(events, StealthLost)] == ["entered-guard"]
    assert game.state.players[0].stealth == 2


def test_R12_a_guard_set_up_on_another_burglar_costs_stealth_and_clears_an_alarm_under_him():
    """R12: a guard put on a burglar's tile catches him as one walking in would (000: Stealth
    is lost "when a Guard enters the tile your Character is in"); an Alarm token there (raised
    before he came, e.g. by Shoplifting) is switched off, as no alarm can sit under a guard."""
    game = (
        stairs_table(players=2)
        .player(1, "2.C3")
        .tile("2.C3", K.LABORATORY, alarm=True, tool_taken=True)
        .game()
    )
    stack(game, 1, P("2.C3"), P("2.D1"))
    events = game.apply("move 2.A1")
    assert of(events, GuardPlaced) == [GuardPlaced(1, P("2.C3"))]
    assert [(e.player, e.reason) for e in of(events, StealthLost)] == [(1, "guard-placed")]
    assert of(events, AlarmCleared) == [AlarmCleared(P("2.C3"))]
    assert not tile(game, "2.C3").alarm
    assert game.state.players[1].stealth == 2
    assert game.state.players[0].stealth == 3  # the mover entered no guard's tile


def test_R14_lost_visual_drawn_while_placing_a_guard_is_redrawn():
    """R14: a Lost Visual card met while placing a guard (his tile or his first
    destination) is discarded and the next card used."""
    for top in ((LOST_VISUAL, P("2.C3"), P("2.D1")), (P("2.C3"), LOST_VISUAL, P("2.D1"))):
        game = stairs_table().game()
        stack(game, 1, *top)
        events = game.apply("move 2.A1")
        assert of(events, GuardLost) == []
        g = guard(game, 1)
        assert (g.pos, g.dest, g.lost) == (P("2.C3"), P("2.D1"), False)
        assert LOST_VISUAL in g.discard


# ====================================================================== Lost Visual


def test_R14_lost_visual_as_destination_removes_the_guard_and_ends_his_move():
    """Lost Visual (000): drawn as a destination, the card stops the guard and takes him
    off the board, with movement left unused."""
    game = Table().player(0, "1.D4").guard(0, at="1.A1", dest="1.B1", speed=3).game()
    stack(game, 0, LOST_VISUAL)
    events = game.apply("end")
    assert steps(events) == ["1.B1"]
    assert of(events, GuardLost) == [GuardLost(0)]
    g = guard(game)
    assert g.lost and g.pos is None and g.dest is None
    assert of(events, TurnStarted) == [TurnStarted(0, 4)]


def lost_guard_table(**kw) -> Table:
    t = Table(**kw).player(0, "1.A4").guard(0, at="1.A1", dest="1.B1", speed=2)
    return t


def make_lost(game, floor: int = 0) -> None:
    g = guard(game, floor)
    g.lost, g.pos, g.dest = True, None, None


def test_R14_lost_guard_returns_when_he_next_moves_and_moves_that_turn():
    """README ruling 5: the next time the lost guard would move, the next patrol card
    places him, the following one is his destination, and he moves normally at once."""
    game = lost_guard_table().game()
    make_lost(game)
    stack(game, 0, P("1.C3"), P("1.A1"))
    events = game.apply("end")
    kinds_in_order = [type(e) for e in events]
    assert kinds_in_order.index(GuardPlaced) < kinds_in_order.index(GuardMoved)
    assert of(events, GuardPlaced) == [GuardPlaced(0, P("1.C3"))]
    assert of(events, DestinationSet) == [DestinationSet(0, P("1.A1"), "patrol")]
    assert of(events, GuardStarts) == [GuardStarts(0, 2)]
    assert steps(events) == ["1.B3", "1.A3"]  # C3 -> A1 (up-left): left first
    g = guard(game)
    assert not g.lost and g.pos == P("1.A3")


def test_R14_lost_guard_stays_away_while_his_floor_does_not_move():
    """A lost guard only comes back when HE would move: a turn ending on another floor
    leaves him off the board."""
    game = lost_guard_table(players=2).player(1, "2.A1").guard(1, at="2.D4", dest="2.D1")
    game = game.game()
    make_lost(game)
    game.apply("end")  # burglar 1, floor 1: he comes back
    assert guard(game).pos is not None
    make_lost(game)
    game.apply("end")  # burglar 2, floor 2: floor 1's guard stays lost
    assert guard(game).lost and guard(game).pos is None


def test_R14_lost_guard_back_on_a_burglars_tile_catches_them_by_surprise():
    """The Lost Visual text: the crew loses track of him and can be caught by surprise. He
    comes back on a burglar's tile: that burglar loses 1 Stealth, then he walks away."""
    game = lost_guard_table().game()
    make_lost(game)
    stack(game, 0, P("1.A4"), P("1.D4"))
    events = game.apply("end")
    assert of(events, GuardPlaced) == [GuardPlaced(0, P("1.A4"))]
    assert of(events, StealthLost) == [StealthLost(0, "surprise", False, 2)]
    assert steps(events) == ["1.B4", "1.C4"]


def test_R14_surprise_with_no_stealth_left_loses_the_game():
    game = lost_guard_table().game()
    game.state.players[0].stealth = 0
    make_lost(game)
    stack(game, 0, P("1.A4"), P("1.D4"))
    events = game.apply("end")
    assert of(events, GameLost) and game.state.reason == "caught:surprise"
    assert steps(events) == []


def test_R12_guard_back_from_lost_visual_next_to_a_foyer_sees_into_it():
    """A static tile condition holds however the guard got there: placed next to the Foyer
    you stand in (back from Lost Visual), he sees you."""
    t = lost_guard_table().tile("1.B2", K.FOYER, 1).player(0, "1.B2")
    game = t.game()
    make_lost(game)
    stack(game, 0, P("1.C2"), P("1.D4"))
    events = game.apply("end")
    assert of(events, GuardPlaced) == [GuardPlaced(0, P("1.C2"))]
    assert of(events, StealthLost) == [StealthLost(0, "foyer", False, 2)]
    assert steps(events) == ["1.D2", "1.D3"]


def test_R12_guard_set_up_under_an_atrium_sees_the_burglar_in_it():
    """A burglar climbs to floor 2 and its guard is set up right above the Atrium where
    another burglar stands: the guard sees into the Atrium (1 Stealth for that burglar)."""
    t = Table(players=2).tile("1.A1", K.STAIRS, 4).tile("1.B2", K.ATRIUM, 2)
    t.player(0, "1.A1").player(1, "1.B2").guard(0, at="1.D4", dest="1.D3")
    game = t.patrol(1, "2.B2", "2.D4").game()
    events = game.apply("move 2.A1")
    assert of(events, GuardPlaced) == [GuardPlaced(1, P("2.B2"))]
    assert of(events, StealthLost) == [StealthLost(1, "atrium", False, 2)]


def test_R12_R23_guard_placed_on_a_camera_sets_off_yours():
    """Back from Lost Visual on a revealed Camera, the guard watches the other Cameras: the
    burglar standing on one raises its alarm."""
    t = lost_guard_table().tile("1.A4", K.CAMERA, 1).tile("1.C1", K.CAMERA, 2)
    game = t.game()
    make_lost(game)
    stack(game, 0, P("1.C1"), P("1.D1"))
    events = game.apply("end")
    assert of(events, GuardPlaced) == [GuardPlaced(0, P("1.C1"))]
    assert AlarmRaised(P("1.A4"), "camera") in events


def test_R12_the_burglar_whose_move_sets_the_guard_up_pays_by_the_entry_rules_only():
    """Climbing into a Foyer on a new floor whose guard is set up next to it: one Stealth
    (the entry's Foyer check), not a second one for his placement."""
    t = Table().tile("1.B2", K.STAIRS, 4).tile("2.B2", K.FOYER, 2).player(0, "1.B2")
    game = t.guard(0, at="1.D4", dest="1.D3").patrol(1, "2.C2", "2.D4").game()
    events = game.apply("move 2.B2")
    assert of(events, StealthLost) == [StealthLost(0, "foyer", False, 2)]


def test_R27_alarm_raised_while_guard_is_lost_is_his_destination_when_he_returns():
    """An alarm raised while the guard is off the board sets no destination then; when he
    comes back his destination is that alarm (as normal), and it adds to his speed."""
    game = (
        Table()
        .tile("1.D1", K.FINGERPRINT)
        .player(0, "1.C1")
        .guard(0, at="1.A1", dest="1.B1", speed=2)
        .game()
    )
    make_lost(game)
    events = game.apply("move 1.D1")
    assert of(events, AlarmRaised) == [AlarmRaised(P("1.D1"), "fingerprint")]
    assert of(events, DestinationSet) == []
    game.apply("move 1.D2")
    stack(game, 0, P("1.A3"), P("1.A4"))
    events = game.apply("end")
    assert of(events, GuardPlaced) == [GuardPlaced(0, P("1.A3"))]
    assert of(events, GuardStarts) == [GuardStarts(0, 3)]
    assert guard(game).dest == P("1.D1")
    assert steps(events) == ["1.A2", "1.A1", "1.B1"]  # A3 -> D1 (up-right): up first


def test_R26_lost_guard_placed_on_an_alarm_tile_clears_it_and_finishes_his_move():
    """A lost guard coming back onto a tile holding an Alarm token (raised while he was
    away) switches it off as his move starts: his move ends and the next turn starts, with
    his destination somewhere else than under him."""
    game = lost_guard_table().tile("1.C3", K.LABORATORY, alarm=True, tool_taken=True).game()
    make_lost(game)
    stack(game, 0, P("1.C3"), P("1.C1"))

    def hang(*_):
        raise TimeoutError("the guard's move never ends")

    old = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        events = game.apply("end")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert of(events, TurnStarted) == [TurnStarted(0, 4)]
    g = guard(game)
    assert g.pos is not None and g.dest != g.pos


# ====================================================================== getting caught


def test_guard_entering_a_burglars_tile_costs_one_stealth():
    """A guard walking into (or through) a burglar's tile costs that burglar 1 Stealth."""
    game = Table().player(0, "1.B1").guard(0, at="1.A1", dest="1.D1", speed=2).game()
    events = game.apply("end")
    assert of(events, StealthLost) == [StealthLost(0, "guard-enters", False, 2)]
    assert steps(events) == ["1.B1", "1.C1"]  # he does not stop there
    assert game.state.players[0].stealth == 2


def test_guard_entering_a_shared_tile_costs_every_burglar_there():
    """Each burglar on the tile the guard enters loses 1 Stealth."""
    game = (
        Table(players=2)
        .player(0, "1.B1")
        .player(1, "1.B1")
        .guard(0, at="1.A1", dest="1.D1", speed=1)
        .game()
    )
    events = game.apply("end")
    assert sorted(e.player for e in of(events, StealthLost)) == [0, 1]
    assert [p.stealth for p in game.state.players] == [2, 2]


def test_guard_catching_a_burglar_without_stealth_loses_the_game():
    """A burglar with no Stealth left whom a guard enters is caught: the game is lost,
    over, and no action is legal any more."""
    game = Table().player(0, "1.B1", stealth=0).guard(0, at="1.A1", dest="1.D1").game()
    events = game.apply("end")
    assert of(events, GameLost) == [GameLost(0, "guard-enters")]
    assert game.is_over() and game.outcome == "loss"
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.apply("end")


def test_guard_move_stops_once_the_game_is_lost():
    """Once a guard catches a burglar the move (and the turn) is not processed further."""
    game = (
        Table()
        .tile("1.C1", K.LABORATORY, alarm=True, tool_taken=True)
        .player(0, "1.B1", stealth=0)
        .guard(0, at="1.A1", dest="1.C1", speed=4)
        .game()
    )
    events = game.apply("end")
    assert steps(events) == ["1.B1"]
    assert isinstance(events[-1], GameLost)
    assert of(events, TurnEnded) == [] and of(events, TurnStarted) == []
    assert guard(game).pos == P("1.B1")
    assert tile(game, "1.C1").alarm
    assert game.state.queue == [] and game.state.pending is None


# ====================================================================== whole games


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [
        (ScenarioId.BANK, 1),
        (ScenarioId.BANK, 2),
        (ScenarioId.OFFICE, 3),
        (ScenarioId.FORT_KNOX, 4),
        (ScenarioId.FORT_KNOX, 5),
    ],
)
def test_guard_follows_his_route_and_full_speed_in_real_games(scenario, seed):
    """In dealt games (a burglar idling at the entrance) every guard step is the next cell
    of guard_route toward his current destination, across an open edge, and a move lasts
    exactly the speed announced at its start. (Event cards are taken out: some move or
    place guards themselves.)"""
    game = new_game(Setup(scenario=scenario, players=(PlayerSetup("A"),), seed=seed))
    game.state.events, game.state.event_discard = [], []
    game.apply("enter 1.A2")
    dest = {0: guard(game).dest}
    for _ in range(30):
        if game.is_over():
            break
        events = game.apply("end")
        while game.state.pending is not None and game.state.pending.kind == "tile-stealth":
            events += game.apply("choose tile")  # a Lavatory entrance: the stall, and on
        moved, speed = 0, None
        for e in events:
            if isinstance(e, DestinationSet):
                dest[e.floor] = e.pos
            elif isinstance(e, GuardStarts):
                speed = e.speed
            elif isinstance(e, GuardMoved):
                layout: FloorLayout = game.geometry(e.floor).layout
                want = guard_route(layout, e.src & 63, dest[e.floor] & 63)[0]
                assert e.dst == (e.floor << 6 | want)
                assert (e.dst & 63) in game.geometry(e.floor).open[e.src & 63]
                moved += 1
        if not game.is_over() and game.state.pending is None:
            assert moved == speed


def test_R12_guard_placed_on_an_alarm_raised_before_he_came_clears_it():
    """Shoplifting can raise an alarm on a floor whose guard is not set up yet; when he is
    placed right on it, he switches it off instead of standing forever at his destination."""
    from engine.rules.data import EventCard

    game = (
        Table()
        .tile("1.B2", K.STAIRS, 4)
        .tile("2.B2", K.LABORATORY, 3, tool_taken=True)
        .tile("2.C2", K.LABORATORY, 4, tool_taken=True)
        .player(0, "1.B2")
        .guard(0, at="1.D4", dest="1.D1")
        .patrol(1, "2.B2", "2.A1", "2.D4")
        .events(EventCard.SHOPLIFTING)
        .game()
    )
    game.apply("end")  # Shoplifting: alarms on both revealed Laboratories upstairs
    assert tile(game, "2.B2").alarm and tile(game, "2.C2").alarm
    game.apply("move 2.B2")  # the guard of floor 2 is placed on B2
    g = game.state.floors[1].guard
    assert g.pos == P("2.B2") and not tile(game, "2.B2").alarm
    assert g.dest == P("2.C2")
    events = game.apply("end")  # his move ends (it used to loop at his own tile)
    assert of(events, TurnStarted) or game.is_over()
    assert game.state.floors[1].guard.pos != P("2.B2")


def _brown_out_table(*patrol: int):
    from engine.rules.data import EventCard

    t = Table().player(0, "1.A4").guard(0, at="1.A1", dest="1.B1", speed=1)
    t.tile("1.C3", K.LABORATORY, 1, tool_taken=True, alarm=True)
    t.tile("1.D3", K.LABORATORY, 2, tool_taken=True, alarm=True)
    game = t.events(EventCard.BROWN_OUT).game()
    stack(game, 0, *patrol)
    return game


def test_R50_brown_out_a_lost_visual_among_the_extra_draws_is_only_discarded():
    """Two alarms removed: two cards; only the last is his destination. A Lost Visual drawn
    first is discarded with no effect (he is not lost)."""
    game = _brown_out_table(LOST_VISUAL, P("1.D1"))
    events = game.apply("end")
    assert [e.card for e in of(events, PatrolDrawn)][:2] == [LOST_VISUAL, P("1.D1")]
    assert of(events, GuardLost) == []
    assert DestinationSet(0, P("1.D1"), "patrol") in events


def test_R50_brown_out_a_lost_visual_as_the_last_draw_loses_the_guard():
    game = _brown_out_table(P("1.D1"), LOST_VISUAL)
    events = game.apply("end")
    assert of(events, GuardLost) == [GuardLost(0)]


def test_R50_brown_out_with_the_guard_lost_draws_no_card():
    """A lost guard's alarms go out, but no patrol card is drawn: he is placed from the next
    card when he would move (README ruling 5)."""
    game = _brown_out_table(P("1.D1"), P("1.D2"))
    make_lost(game)
    events = game.apply("end")
    # Brown Out took no card from his deck: he comes back on the top one, 1.D1.
    assert of(events, GuardPlaced) == [GuardPlaced(0, P("1.D1"))]
    assert of(events, PatrolDrawn)[0].card == P("1.D1")
    assert not game.tile(P("1.C3")).alarm and not game.tile(P("1.D3")).alarm
