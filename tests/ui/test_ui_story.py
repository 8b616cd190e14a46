"""The story's pure parts in CPython: catch-up lines, table items, playback plans, nets."""

from __future__ import annotations

from engine.rules.actions import Action
from engine.rules.actions import parse_pos as P
from engine.rules.data import Character, Loot, Side
from engine.rules.events import (
    AlarmRaised,
    DestinationSet,
    EventDrawn,
    GuardMoved,
    GuardTeleported,
    SafeRolled,
    StealthLost,
    TileRevealed,
    TurnEnded,
)
from engine.rules.view import PlayerView, typed_view
from tests.engine.builder import K, table
from ui import animate
from ui.messages import help_of
from ui.story_text import catch_up, safety_reason, safety_text, since_last_turn, table_items

NAMES = ["Ann", "Bob"]


def test_catch_up_starts_after_the_burglars_last_turn():
    history = [
        [StealthLost(1, "foyer", False, 2), TurnEnded(1, 4)],
        [StealthLost(1, "guard-enters", False, 1)],
    ]
    assert [e.left for e in since_last_turn(history, 1) if isinstance(e, StealthLost)] == [1]


def test_catch_up_lists_a_stealth_lost_on_the_other_turn_events_alarms_and_guards():
    history = [
        [TurnEnded(0, 4)],
        [AlarmRaised(P("1.B2"), "laser"), GuardMoved(0, P("1.A1"), P("1.A2"))],
        [EventDrawn(1, "lampshade"), GuardMoved(0, P("1.A2"), P("1.B2"))],
        [StealthLost(0, "guard-enters", False, 2), TurnEnded(1, 2)],
    ]
    lines = catch_up(history, 0, NAMES)
    assert f"Bob drew the Event Lampshade: {help_of('event', 'lampshade')}" in lines
    assert "Ann lost a Stealth: a guard walked in (2 left)." in lines
    assert "1 alarm went off, at 1.B2." in lines
    assert "The guard of floor 1 walked 2 steps, to 1.B2." in lines


def test_a_stealth_a_lavatorys_token_paid_is_not_told_as_the_burglars_own():
    """R21: on a tile holding Stealth tokens the burglar may pay with one of those."""
    from ui.describe import event_line

    paid_by_tile = StealthLost(1, "entered-guard", True, 3)
    line = event_line(paid_by_tile, NAMES)
    tile_pays = "A Stealth token lying on the tile pays for Bob"
    assert line == f"{tile_pays}: walked into a guard (3 of their own left)"
    lines = catch_up([[TurnEnded(0, 4)], [paid_by_tile, TurnEnded(1, 4)]], 0, NAMES)
    told = "A Stealth token lying on Bob's tile paid for them: walked into a guard"
    assert f"{told} (3 of their own left)." in lines
    assert not any("lost a Stealth" in text for text in lines)
    own = event_line(StealthLost(1, "entered-guard", False, 2), NAMES)
    assert own == "Bob loses a Stealth token: walked into a guard (2 left)"


def test_catch_up_counts_the_alarms_it_names():
    history = [
        [TurnEnded(0, 4)],
        [AlarmRaised(P("1.B2"), "laser"), AlarmRaised(P("1.C3"), "motion"), TurnEnded(1, 4)],
    ]
    assert "2 alarms went off, at 1.B2, 1.C3." in catch_up(history, 0, NAMES)


def test_catch_up_tells_a_guard_an_event_put_somewhere_apart_from_the_steps_he_walked():
    """Switch Signs puts the guard on an alarm: no step of his walk (it once counted as one)."""
    history = [
        [TurnEnded(0, 4)],
        [GuardMoved(0, P("1.A1"), P("1.A2"))],
        [EventDrawn(1, "switch-signs"), GuardTeleported(0, P("1.A2"), P("1.D4"), "switch-alarm")],
        [GuardMoved(0, P("1.D4"), P("1.D3")), TurnEnded(1, 2)],
    ]
    lines = catch_up(history, 0, NAMES)
    assert "An Event put the guard of floor 1 on 1.D4." in lines
    assert "The guard of floor 1 walked 2 steps, to 1.D3." in lines


def test_catch_up_with_nothing_to_tell_says_so():
    assert catch_up([[TurnEnded(0, 4)]], 0, NAMES) == ["Nothing worth telling happened."]


def test_a_safe_roll_puts_its_dice_on_the_table_and_marks_the_hits():
    numbers = {P("1.A2"): 3}
    items = table_items([SafeRolled(P("1.B2"), (3, 5), (P("1.A2"),))], numbers.get)
    assert items[0]["dice"] == [3, 5]
    assert items[0]["hits"] == [3]


def test_an_event_drawn_goes_on_the_table_as_a_card():
    assert table_items([EventDrawn(0, "brown-out")]) == [
        {"type": "card", "deck": "event", "card": "brown-out"}
    ]


def test_the_playback_plan_follows_the_events_in_order():
    players = [
        PlayerView(
            0, "Ann", Character.HACKER, Side.BASIC, P("1.B2"), True, False, 1, (), (), 0, False
        )
    ]
    steps = animate.plan(
        [
            TileRevealed(P("1.C1"), "laser", 2),
            DestinationSet(0, P("1.C1"), "alarm"),
            GuardMoved(0, P("1.A1"), P("1.B1")),
            StealthLost(0, "guard-enters", False, 1),
        ],
        players,
    )
    assert [s["t"] for s in steps] == ["reveal", "dest", "guard", "stealth"]
    assert steps[2] == {"t": "guard", "floor": 0, "from": "1.A1", "to": "1.B1"}
    assert steps[3]["pos"] == "1.B2"
    assert animate.moves(steps) == 1


def test_the_safety_nets_ask_the_engine_and_respect_dont_ask_again():
    g = (
        table()
        .player(0, "1.A1", stealth=0)
        .tile("1.B1", K.LABORATORY)
        .guard(0, at="1.B1", dest="1.D4")
        .turn(taken=1, actions=3)
        .game()
    )
    view = typed_view(g)

    def reason(text: str, quiet: set[str]) -> str:
        return safety_reason(g, view, Action.parse(text), quiet)

    assert reason("move 1.B1", set()) == "lose"
    assert reason("move 1.B1", {"lose"}) == ""
    assert reason("end", set()) == "event"
    assert reason("end", {"event"}) == ""
    assert reason("use emp", set()) == "tool"
    assert reason("move 1.A2", set()) == ""


def test_each_hazard_the_engine_names_is_a_safety_net_with_its_own_dont_ask_again():
    g = (
        table()
        .player(0, "1.A1")
        .tile("1.B1", K.LABORATORY)
        .guard(0, at="1.B1", dest="1.D4")
        .tile("1.A2", K.MOTION)
        .game()
    )

    def reason(text: str, quiet: set[str]) -> str:
        return safety_reason(g, typed_view(g), Action.parse(text), quiet)

    assert reason("move 1.B1", set()) == "guard-tile"
    assert reason("move 1.B1", {"guard-tile"}) == ""
    assert "Stealth" in safety_text("guard-tile", Action.parse("move 1.B1"), 4)
    g.apply("move 1.A2")
    assert reason("move 1.A1", set()) == "motion-exit"
    assert reason("move 1.A1", {"motion-exit"}) == ""
    assert "alarm" in safety_text("motion-exit", Action.parse("move 1.A1"), 3)
    foyer = table().player(0, "1.A1").tile("1.B1", K.FOYER).guard(0, at="1.C1", dest="1.D4")
    g = foyer.game()
    assert reason("move 1.B1", set()) == "watched"
    assert reason("move 1.B1", {"watched"}) == ""
    assert "Stealth" in safety_text("watched", Action.parse("move 1.B1"), 4)
    tiara = table().player(0, "1.A1", loot=(Loot.TIARA,)).tile("1.B1", K.LABORATORY)
    g = tiara.guard(0, at="1.C1", dest="1.D4").game()
    assert reason("move 1.B1", set()) == "tiara-seen"
    assert reason("move 1.B1", {"tiara-seen"}) == ""
    assert "Tiara" in safety_text("tiara-seen", Action.parse("move 1.B1"), 4)
    assert "crew would lose" in safety_text("caught-unless-event", Action.parse("end"), 4)


def test_a_keypad_tried_under_the_guard_with_no_stealth_left_asks_first():
    """Fort Knox seed 9305: no Stealth left, a Keypad under the guard, tried with no word:
    its roll is nobody's yet, so the losing-move net (sure losses) stayed quiet, and the
    hazard was left to it. Should the Keypad open, the crew loses: that is asked."""
    t = table().player(0, "1.B1", stealth=0).tile("1.C1", K.KEYPAD)
    g = t.guard(0, at="1.C1", dest="1.C4", speed=1).turn(taken=2, actions=2).game()

    def reason(text: str, quiet: set[str]) -> str:
        return safety_reason(g, typed_view(g), Action.parse(text), quiet)

    assert not g.would_lose("move 1.C1")
    assert reason("move 1.C1", set()) == "caught"
    assert reason("move 1.C1", {"caught"}) == ""
    assert "crew loses" in safety_text("caught", Action.parse("move 1.C1"), 2)
    assert reason("move 1.A1", set()) == ""
