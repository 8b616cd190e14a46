"""The 13 Tools: when each can be used, on what, and what it does.

Rules: rulebook 000 "Tools" (Donuts, E.M.P., Thermal Bomb, Virus, Bust) and the Stairs, Thermo,
Lavatory tiles; 004 "Tools" for the cards 000 lacks; 001 (French card texts) last. Rules README
rulings 2 (event draw counts actions taken) and 4; docs/rulings.md R07, R21, R32-R39, R63, R66,
R67. Each test builds a small explicit building with tests/engine/builder.py.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

import pytest

from engine.rules.data import LOST_VISUAL, Character, EventCard, Loot, ScenarioId, TileKind, Tool
from engine.rules.events import (
    ActionsGained,
    AlarmAvoided,
    AlarmCleared,
    AlarmRaised,
    CardNoEffect,
    DecisionNeeded,
    DestinationSet,
    EffectEnded,
    EventDrawn,
    EventsReordered,
    GameWon,
    GuardLost,
    GuardMoved,
    GuardPlaced,
    GuardSkipped,
    GuardStarts,
    HackAdded,
    KeypadRolled,
    LootRolled,
    PlayerEscaped,
    PlayerMoved,
    SafeOpened,
    SafeRolled,
    StealthGained,
    StealthLost,
    TileDisabled,
    TileRevealed,
    ToolUsed,
    TurnSkipped,
    WallDestroyed,
)
from engine.rules.game import Game

from .builder import K, P, Table, legal, of, refused


def uses(g: Game) -> list[str]:
    return [a for a in legal(g) if a.startswith("use ")]


def park(t: Table, *floors: int) -> Table:
    """The guards of these floors (0 = ground) pace slowly between D4 and D3."""
    for f in floors:
        n = f + 1
        t.guard(f, at=f"{n}.D4", dest=f"{n}.D3", speed=1, patrol=(f"{n}.D4", f"{n}.D3") * 4)
    return t


def run(g: Game, *steps: str) -> list:
    """Apply the steps; an alarm decision (hack / pay / trigger) is answered `trigger`."""
    out: list = []
    for step in steps:
        out += g.apply(step)
        while g.state.pending is not None and g.state.pending.kind == "alarm":
            out += g.apply("choose trigger")
    return out


def alarm_decisions(events: list) -> list:
    return [e for e in events if isinstance(e, DecisionNeeded) and e.kind == "alarm"]


def losses(events: list, player: int = 0) -> list[str]:
    return [e.reason for e in events if isinstance(e, StealthLost) and e.player == player]


CREW = (Character.SPOTTER, Character.ROOK, Character.HAWK, Character.RAVEN)


def table(players: int = 1, **options) -> Table:
    """A Table with a fixed crew whose abilities act only when used (none is used here)."""
    return Table(players=players, characters=CREW[:players], **options)


ALL_CELLS = [f"{c}{r}" for r in range(1, 5) for c in "ABCD"]


# ------------------------------------------------------------------ R32: using Tools


def rich(tools: tuple[Tool, ...] = tuple(Tool), loot: tuple[Loot, ...] = ()) -> Game:
    """Burglar 1 on 2.B2 (wall to the east); around: a Laser, a Camera behind the wall, a
    Lavatory, a face-down Motion; a Laser Computer at 2.D4; guards on floors 1 and 2 only."""
    t = table().player(0, "2.B2", tools=tools, loot=loot).walls(1, "B2|C2")
    t.tile("2.B1", K.LASER, 1).tile("2.C2", K.CAMERA, 2).tile("2.A2", K.LAVATORY, 5)
    t.face_down("2.B3", K.MOTION, 1).tile("2.D4", K.COMPUTER_LASER, 5)
    t.guard(0, at="1.D4", dest="1.D3").guard(1, at="2.D1", dest="2.D2", speed=1)
    t.events(EventCard.LAMPSHADE, EventCard.REBOOT)
    return t.game()


RICH_REVEALED = {"2.B2", "2.B1", "2.C2", "2.A2", "2.D4"}


def test_R32_legal_actions_offer_every_usable_tool_with_exactly_its_targets():
    """Each Tool in hand is offered once per valid target, and a target-less one once."""
    g = rich()
    blueprints = {
        f"use blueprints {f}.{c}"
        for f in (1, 2, 3)
        for c in ALL_CELLS
        if f"{f}.{c}" not in RICH_REVEALED
    }
    expected = blueprints | {
        "use crowbar 2.B1",  # the Laser; not the Camera behind the wall, not the Lavatory
        "use crystal-ball",
        "use donuts 1.D4",  # the two guards set up; floor 3 has none yet
        "use donuts 2.D1",
        "use dynamite 2.C2",  # the one wall next to 2.B2
        "use emp",
        "use invisible-suit",
        "use makeup-kit",
        "use rollerskates",
        "use smoke-bomb",
        "use thermal-bomb 1.B2",
        "use thermal-bomb 3.B2",
        "use virus",
    }
    offered = uses(g)
    assert len(offered) == len(set(offered))
    assert set(offered) == expected


@pytest.mark.parametrize(
    "text",
    [
        "use stethoscope",  # used only inside a Crack action
        "use emp 2.B1",  # no target
        "use crowbar",  # needs a target
        "use crowbar 2.C2",  # behind a wall
        "use crowbar 2.A2",  # a Lavatory
        "use crowbar 2.B3",  # face down
        "use blueprints 2.B1",  # already revealed
        "use dynamite 2.B1",  # no wall there
        "use thermal-bomb 3.C2",  # not straight above
        "use donuts 2.D2",  # no guard there
        "use lockpick",  # no such tool
    ],
)
def test_R32_uses_outside_the_list_are_refused(text):
    """A Tool with a wrong target, no target or no card at all is refused, changing nothing."""
    assert refused(rich(), text)


def test_R32_tools_not_held_are_not_offered():
    """Only the Tools in the current burglar's hand are offered."""
    g = rich(tools=(Tool.EMP,))
    assert uses(g) == ["use emp"]
    assert refused(g, "use makeup-kit")


def free_use_cases() -> list:
    return [
        (Tool.BLUEPRINTS, "use blueprints 3.D4", P("3.D4"), 0),
        (Tool.CROWBAR, "use crowbar 2.B1", P("2.B1"), 0),
        (Tool.CRYSTAL_BALL, "use crystal-ball", -1, 0),
        (Tool.DONUTS, "use donuts 2.D1", P("2.D1"), 0),
        (Tool.DYNAMITE, "use dynamite 2.C2", P("2.C2"), 0),
        (Tool.EMP, "use emp", -1, 0),
        (Tool.INVISIBLE_SUIT, "use invisible-suit", -1, 1),
        (Tool.MAKEUP_KIT, "use makeup-kit", -1, 0),
        (Tool.ROLLERSKATES, "use rollerskates", -1, 2),
        (Tool.SMOKE_BOMB, "use smoke-bomb", -1, 0),
        (Tool.THERMAL_BOMB, "use thermal-bomb 3.B2", P("3.B2"), 0),
        (Tool.VIRUS, "use virus", -1, 0),
    ]


@pytest.mark.parametrize(
    ("tool", "text", "target", "gain"), free_use_cases(), ids=[c[0] for c in free_use_cases()]
)
def test_R32_tool_use_is_free_and_discards_the_card(tool, text, target, gain):
    """Using a Tool costs no action, and the card goes to the Tool discard pile."""
    g = rich(tools=(tool, Tool.MAKEUP_KIT) if tool != Tool.MAKEUP_KIT else (tool,))
    events = g.apply(text)
    while g.state.pending is not None:  # Crystal Ball, Virus: take the first option
        events += g.apply(f"choose {g.state.pending.options[0]}")
    assert ToolUsed(0, tool.value, target) in events
    assert g.state.actions_taken == 0
    assert g.state.actions_left == 4 + gain
    assert tool not in g.state.players[0].tools
    assert g.state.tool_discard == [tool]
    assert refused(g, text)


def test_R32_tools_work_with_no_action_left():
    """A Tool is a free action: it stays usable after all four actions are spent."""
    t = park(table().player(0, "1.A1", tools=(Tool.EMP,)), 0).turn(0, actions=0, taken=4)
    g = t.game()
    assert "use emp" in legal(g)
    g.apply("use emp")
    assert "emp" in g.state.lasting


def test_R32_only_the_current_burglar_uses_tools():
    """Tools are used on your own turn only: the other burglar's Tools are not offered."""
    t = table(players=2).player(0, "1.A1").player(1, "1.B1", tools=(Tool.EMP,))
    g = park(t, 0).game()
    assert uses(g) == []
    assert refused(g, "use emp")
    g.apply("end")
    assert g.state.current == 1
    assert uses(g) == ["use emp"]


def test_R32_no_tool_while_a_decision_is_pending():
    """While a decision waits (a Laser's pay-or-trigger), no Tool can be used."""
    t = table().player(0, "1.A1", tools=(Tool.EMP, Tool.MAKEUP_KIT)).tile("1.B1", K.LASER, 1)
    g = park(t, 0).game()
    g.apply("move 1.B1")
    assert g.state.pending is not None and g.state.pending.kind == "alarm"
    assert legal(g) == ["choose pay", "choose trigger"]
    assert refused(g, "use emp")
    assert refused(g, "use makeup-kit")
    g.apply("choose trigger")
    assert "use emp" in legal(g)


def test_R32_no_tool_once_the_actions_are_over():
    """After `end` (here an alarm tie stops the guard's turn), it is too late for the E.M.P."""
    t = table().player(0, "1.B2", tools=(Tool.EMP,)).tile("1.B2", K.THERMO, 1)
    t.tile("1.D2", K.FINGERPRINT, 4, alarm=True).guard(0, at="1.C2", dest="1.D2")
    g = t.game()
    g.apply("end")
    assert g.state.pending is not None and g.state.pending.kind == "alarm-tie"
    assert refused(g, "use emp")


def test_R32_the_bust_forbids_every_tool():
    """Whoever holds the Bust may use no Tool at all (and keeps holding them)."""
    g = rich(loot=(Loot.BUST,))
    assert uses(g) == []
    assert refused(g, "use emp")
    assert refused(g, "use rollerskates")
    assert len(g.state.players[0].tools) == len(Tool)


def test_R32_bust_holder_can_still_give_tools_away():
    """The Bust stops using Tools, not trading them; the receiver may use them."""
    t = table(players=2).player(0, "1.A1", tools=(Tool.EMP,), loot=(Loot.BUST,))
    g = park(t.player(1, "1.A1"), 0).game()
    assert "use emp" not in legal(g)
    g.apply("give emp 2")
    g.apply("end")
    assert "use emp" in legal(g)


# ------------------------------------------------------------------ Blueprints


def test_blueprints_reveal_any_tile_on_any_floor():
    """Blueprints Peek at one face-down tile anywhere: it is revealed, nobody moves."""
    t = table().player(0, "1.A1", tools=(Tool.BLUEPRINTS,)).face_down("3.D4", K.SAFE, 0)
    g = park(t, 0).game()
    events = g.apply("use blueprints 3.D4")
    assert TileRevealed(P("3.D4"), "safe", 0) in events
    assert g.state.players[0].pos == P("1.A1")
    assert not of(events, PlayerMoved)


def test_blueprints_peek_is_no_entry_and_sets_no_guard():
    """A tile revealed by Blueprints is only looked at: its floor's guard is not set up."""
    t = table().player(0, "1.A1", tools=(Tool.BLUEPRINTS,)).face_down("2.C3", K.FINGERPRINT, 4)
    g = park(t, 0).game()
    events = g.apply("use blueprints 2.C3")
    assert not of(events, GuardPlaced) and not of(events, AlarmRaised)
    assert not g.state.floors[1].guard.placed


def test_blueprints_reveal_works_like_a_peek():
    """A Stairs revealed by Blueprints puts its Downstairs token above, as any reveal does."""
    t = table().player(0, "1.A1", tools=(Tool.BLUEPRINTS,)).face_down("2.B3", K.STAIRS, 5)
    g = park(t, 0).game()
    g.apply("use blueprints 2.B3")
    assert g.tile(P("3.B3")).downstairs


def test_blueprints_not_offered_when_every_tile_is_revealed():
    """With nothing left face down, Blueprints have no target."""
    t = table().player(0, "1.A1", tools=(Tool.BLUEPRINTS,))
    g = park(t.reveal_floor(0).reveal_floor(1).reveal_floor(2), 0).game()
    assert uses(g) == []


# ------------------------------------------------------------------ Crowbar (R33)

CROWBAR_KINDS = {
    K.CAMERA,
    K.DEADBOLT,
    K.DETECTOR,
    K.FINGERPRINT,
    K.KEYPAD,
    K.LASER,
    K.MOTION,
    K.THERMO,
}


@pytest.mark.parametrize("kind", list(TileKind), ids=[k.value for k in TileKind])
def test_R33_crowbar_targets_only_security_tiles(kind):
    """The Crowbar disables a Camera, Deadbolt, Detector, Fingerprint, Keypad, Laser, Motion
    or Thermo; any other tile is no target."""
    t = table().player(0, "1.A1", tools=(Tool.CROWBAR,)).tile("1.B1", kind, 1)
    g = park(t, 0).game()
    assert (uses(g) == ["use crowbar 1.B1"]) == (kind in CROWBAR_KINDS)
    if kind not in CROWBAR_KINDS:
        assert uses(g) == []


def test_R33_crowbar_needs_an_adjacent_revealed_tile_with_no_wall():
    """Not through a wall, not a face-down tile, not diagonally, not on another floor."""
    t = table().player(0, "1.A1", tools=(Tool.CROWBAR,)).walls(0, "A1|B1")
    t.tile("1.B1", K.LASER, 1).face_down("1.A2", K.LASER, 2).tile("1.B2", K.LASER, 3)
    t.tile("2.A1", K.FINGERPRINT, 4)
    g = park(t, 0).game()
    assert uses(g) == []
    t = table().player(0, "1.A1", tools=(Tool.CROWBAR,)).tile("1.A2", K.LASER, 2)
    g = park(t, 0).game()
    assert uses(g) == ["use crowbar 1.A2"]


def test_R33_crowbar_puts_a_lasting_token_on_the_tile():
    """The tile is disabled for good: the token stays turn after turn."""
    t = table().player(0, "1.A1", tools=(Tool.CROWBAR,)).tile("1.B1", K.FINGERPRINT, 4)
    g = park(t, 0).game()
    events = g.apply("use crowbar 1.B1")
    assert TileDisabled(P("1.B1")) in events
    g.apply("end")
    g.apply("end")
    assert g.tile(P("1.B1")).disabled
    assert not of(run(g, "move 1.B1"), AlarmRaised)


def _crowbar_fingerprint(t: Table) -> tuple[str, list[str], str, str]:
    t.tile("1.B1", K.FINGERPRINT, 4).tile("1.D1", K.COMPUTER_FINGERPRINT, 4, hack=2)
    return "1.B1", ["move 1.B1"], "1.B1", "fingerprint"


def _crowbar_laser(t: Table) -> tuple[str, list[str], str, str]:
    t.tile("1.B1", K.LASER, 1)
    return "1.B1", ["move 1.B1"], "1.B1", "laser"


def _crowbar_detector(t: Table) -> tuple[str, list[str], str, str]:
    t.tile("1.B1", K.DETECTOR, 4)
    return "1.B1", ["move 1.B1"], "1.B1", "detector"


def _crowbar_motion(t: Table) -> tuple[str, list[str], str, str]:
    t.tile("1.B1", K.MOTION, 2)
    return "1.B1", ["move 1.B1", "move 1.C1"], "1.B1", "motion"


def _crowbar_isotope(t: Table) -> tuple[str, list[str], str, str]:
    t.tile("1.B1", K.THERMO, 2).player(0, "1.A1", tools=(Tool.CROWBAR,), loot=(Loot.ISOTOPE,))
    return "1.B1", ["move 1.B1"], "1.B1", "isotope"


def _crowbar_camera_entered(t: Table) -> tuple[str, list[str], str, str]:
    t.tile("1.B1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2)
    return "1.B1", ["move 1.B1"], "1.B1", "camera"


def _crowbar_camera_guard_walks_in(t: Table) -> tuple[str, list[str], str, str]:
    # The burglar stays on a working Camera at 1.A2; the guard walks into the disabled one.
    t.player(0, "1.A2", tools=(Tool.CROWBAR,)).tile("1.A2", K.CAMERA, 1)
    t.tile("1.B2", K.CAMERA, 2)
    t.guard(0, at="1.C2", dest="1.B2", speed=1, patrol=("1.C1",))
    return "1.B2", ["end"], "1.A2", "camera"


def _crowbar_camera_burglar_on_it(t: Table) -> tuple[str, list[str], str, str]:
    # The burglar stands on the disabled Camera when the guard walks into a working one.
    t.tile("1.B1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2)
    t.guard(0, at="1.D3", dest="1.D4", speed=1, patrol=("1.D3",))
    return "1.B1", ["move 1.B1", "end"], "1.B1", "camera"


CROWBAR_ALARMS: dict[str, Callable[[Table], tuple[str, list[str], str, str]]] = {
    "fingerprint": _crowbar_fingerprint,
    "laser": _crowbar_laser,
    "detector": _crowbar_detector,
    "motion": _crowbar_motion,
    "thermo-isotope": _crowbar_isotope,
    "camera-entered": _crowbar_camera_entered,
    "camera-guard-walks-in": _crowbar_camera_guard_walks_in,
    "camera-burglar-on-it": _crowbar_camera_burglar_on_it,
}


@pytest.mark.parametrize("crowbar", [True, False], ids=["crowbar", "control"])
@pytest.mark.parametrize("name", list(CROWBAR_ALARMS))
def test_R33_crowbar_tile_raises_no_alarm(name, crowbar):
    """A disabled tile raises no alarm and asks nothing (no hack, no Laser payment); the
    control run without the Crowbar does raise it. Each case: (tile to disable, plays,
    where the alarm would be, its source)."""
    t = park(table().player(0, "1.A1", tools=(Tool.CROWBAR,)), 0)
    target, steps, where, source = CROWBAR_ALARMS[name](t)
    g = t.game()
    events = g.apply(f"use crowbar {target}") if crowbar else []
    if crowbar:
        for step in steps:
            events += g.apply(step)
        assert not of(events, AlarmRaised)
        assert not alarm_decisions(events)
        assert not g.tile(P(where)).alarm
    else:
        events += run(g, *steps)
        assert AlarmRaised(P(where), source) in events


def test_R33_crowbar_thermo_raises_no_alarm_at_the_end_of_your_actions():
    """A disabled Thermo has no rule left: ending your actions on it raises nothing."""
    t = table().player(0, "1.A1", tools=(Tool.CROWBAR,)).tile("1.B1", K.THERMO, 1)
    g = park(t, 0).game()
    g.apply("use crowbar 1.B1")
    g.apply("move 1.B1")
    events = g.apply("end")
    assert not of(events, AlarmRaised)
    assert not g.tile(P("1.B1")).alarm


def test_R33_crowbar_deadbolt_costs_one_action():
    """A disabled Deadbolt is entered like any tile, for 1 action."""
    t = table().player(0, "1.A1", tools=(Tool.CROWBAR,)).tile("1.B1", K.DEADBOLT, 2)
    g = park(t, 0).turn(0, actions=1).game()
    assert "move 1.B1" not in legal(g)
    g.apply("use crowbar 1.B1")
    assert "move 1.B1" in legal(g)
    g.apply("move 1.B1")
    assert g.state.players[0].pos == P("1.B1")
    assert g.state.actions_taken == 1


def test_R33_crowbar_keypad_is_entered_without_a_roll():
    """A disabled Keypad needs no code: no die is rolled and the move always succeeds."""
    t = table().player(0, "1.A1", tools=(Tool.CROWBAR,)).tile("1.B1", K.KEYPAD, 4).dice(1)
    g = park(t, 0).game()
    g.apply("use crowbar 1.B1")
    events = g.apply("move 1.B1")
    assert not of(events, KeypadRolled)
    assert g.state.players[0].pos == P("1.B1")


# ------------------------------------------------------------------ Crystal Ball (R66)

DECK4 = (EventCard.LAMPSHADE, EventCard.REBOOT, EventCard.KEYCODE_CHANGE, EventCard.VIDEO_LOOP)


def top_first(g: Game) -> list[str]:
    return [e.value for e in reversed(g.state.events)]


def test_crystal_ball_reorders_the_top_three_events():
    """Look at the top 3 Events and put them back in any order; the 4th stays under them."""
    t = table().player(0, "1.A1", tools=(Tool.CRYSTAL_BALL,)).events(*DECK4)
    g = park(t, 0).game()
    g.apply("use crystal-ball")
    d = g.state.pending
    assert d is not None and d.kind == "crystal-ball"
    three = ("lampshade", "reboot", "keycode-change")
    assert sorted(d.options) == sorted(",".join(p) for p in permutations(three))
    events = g.apply("choose keycode-change,lampshade,reboot")
    assert EventsReordered(0, 3) in events
    assert top_first(g) == ["keycode-change", "lampshade", "reboot", "video-loop"]
    assert g.state.actions_left == 4
    events = g.apply("end")
    assert EventDrawn(0, "keycode-change") in events


def test_R66_the_order_a_crystal_ball_chose_stays_known_until_each_event_is_drawn():
    """The crew chose the order, so it knows it: the view shows the seen Events, next first,
    and each leaves the list when drawn; the fourth card stays unknown."""
    t = table().player(0, "1.A1", tools=(Tool.CRYSTAL_BALL,)).events(*DECK4)
    g = park(t, 0).game()
    assert g.view()["decks"]["events_seen"] == []
    g.apply("use crystal-ball")
    g.apply("choose keycode-change,lampshade,reboot")
    assert g.view()["decks"]["events_seen"] == ["keycode-change", "lampshade", "reboot"]
    g.apply("end")  # draws keycode-change
    assert g.view()["decks"]["events_seen"] == ["lampshade", "reboot"]


def test_R66_crystal_ball_with_fewer_than_three_events_reorders_them():
    """With 2 Events left, the Crystal Ball orders those 2; with 1, there is one order."""
    t = table().player(0, "1.A1", tools=(Tool.CRYSTAL_BALL,))
    g = park(t.events(EventCard.LAMPSHADE, EventCard.REBOOT), 0).game()
    g.apply("use crystal-ball")
    assert sorted(legal(g)) == ["choose lampshade,reboot", "choose reboot,lampshade"]
    g.apply("choose reboot,lampshade")
    assert top_first(g) == ["reboot", "lampshade"]
    t = table().player(0, "1.A1", tools=(Tool.CRYSTAL_BALL,))
    g = park(t.events(EventCard.LAMPSHADE), 0).game()
    g.apply("use crystal-ball")
    assert legal(g) == ["choose lampshade"]


def test_R66_crystal_ball_not_offered_on_an_empty_event_deck():
    """With no Event left in the deck (only a discard pile), there is nothing to look at."""
    t = table().player(0, "1.A1", tools=(Tool.CRYSTAL_BALL,)).events(EventCard.LAMPSHADE)
    g = park(t, 0).game()
    assert "use crystal-ball" in legal(g)
    g.apply("end")  # draws the last Event
    assert g.state.events == [] and g.state.event_discard == [EventCard.LAMPSHADE]
    assert uses(g) == []


# ------------------------------------------------------------------ Donuts (R39)


def test_R39_donuts_cancel_the_guards_next_move_only():
    """The guard with the Donuts skips his next move, then moves normally again."""
    t = table().player(0, "1.A4", tools=(Tool.DONUTS,))
    t.guard(0, at="1.D1", dest="1.D4", speed=2, patrol=("1.D1",))
    g = t.game()
    g.apply("use donuts 1.D1")
    assert g.state.floors[0].guard.donuts
    events = g.apply("end")
    assert GuardSkipped(0, "donuts") in events
    assert not of(events, GuardMoved) and not of(events, GuardStarts)
    assert g.state.floors[0].guard.pos == P("1.D1")
    assert not g.state.floors[0].guard.donuts
    events = g.apply("end")
    assert of(events, GuardMoved)
    assert g.state.floors[0].guard.pos == P("1.D3")


def test_R39_donuts_work_even_on_a_guard_sped_up_by_alarms():
    """The whole move is cancelled, however many alarms add to it."""
    t = table().player(0, "1.A4", tools=(Tool.DONUTS,)).tile("1.A1", K.LASER, 1, alarm=True)
    g = t.guard(0, at="1.D1", dest="1.A1", speed=3).game()
    g.apply("use donuts 1.D1")
    events = g.apply("end")
    assert GuardSkipped(0, "donuts") in events
    assert g.state.floors[0].guard.pos == P("1.D1")


def test_R39_donuts_on_another_floors_guard_wait_for_his_move():
    """Donuts given to another floor's guard leave your guard alone and stop his next move."""
    t = table(players=2).player(0, "1.A1", tools=(Tool.DONUTS,)).player(1, "2.A1")
    t.guard(0, at="1.D4", dest="1.D1", speed=1).guard(1, at="2.D4", dest="2.D1", speed=1)
    g = t.game()
    g.apply("use donuts 2.D4")
    events = g.apply("end")  # burglar 1 on floor 1: floor 1's guard moves as usual
    assert GuardMoved(0, P("1.D4"), P("1.D3")) in events
    assert not of(events, GuardSkipped)
    events = g.apply("end")  # burglar 2 on floor 2: his guard eats the Donuts
    assert GuardSkipped(1, "donuts") in events
    assert not of(events, GuardMoved)
    g.apply("end")
    events = g.apply("end")
    assert GuardMoved(1, P("2.D4"), P("2.D3")) in events


def test_R39_donuts_target_only_guards_on_the_board():
    """Donuts go on a guard standing on a tile, any floor: not on a floor whose guard is not
    set up yet, nor on a guard gone by Lost Visual."""
    t = table().player(0, "1.A1", tools=(Tool.DONUTS,))
    t.guard(0, at="1.D4", dest="1.D3").guard(1, at="2.C3", dest="2.C1")
    g = t.guard(2, at="3.B2", dest="3.B1").game()
    assert uses(g) == ["use donuts 1.D4", "use donuts 2.C3", "use donuts 3.B2"]
    t = table().player(0, "1.A1", tools=(Tool.DONUTS,))
    g = t.guard(0, at="1.D4", dest="1.D3").guard(2, at="3.B2", dest="3.B1").game()
    lost = g.state.floors[2].guard
    lost.lost, lost.pos, lost.dest = True, None, None
    assert uses(g) == ["use donuts 1.D4"]


def test_R39_squeak_step_leaves_the_donuts_in_place():
    """Squeak! pulls the guard one tile, but that is not his move: the Donuts still stop it."""
    t = table().player(0, "1.A1", tools=(Tool.DONUTS,)).events(EventCard.SQUEAK)
    g = t.guard(0, at="1.D1", dest="1.D4", speed=2).game()
    g.apply("use donuts 1.D1")
    events = g.apply("end")
    assert EventDrawn(0, "squeak") in events
    assert of(events, GuardMoved) == [GuardMoved(0, P("1.D1"), P("1.C1"))]
    assert GuardSkipped(0, "donuts") in events
    assert g.state.floors[0].guard.pos == P("1.C1")


def test_R39_donuts_stop_a_shift_change_move():
    """Under Shift Change, the other floor's guard would move instead: the Donuts stop him."""
    t = table().player(0, "1.A1", tools=(Tool.DONUTS,)).events(EventCard.SHIFT_CHANGE)
    t.guard(0, at="1.D4", dest="1.D1").guard(1, at="2.D4", dest="2.D1")
    g = t.game()
    g.apply("use donuts 2.D4")
    events = g.apply("end")
    assert GuardSkipped(1, "donuts") in events
    assert not of(events, GuardMoved)


def test_R39_donuts_stop_the_next_move_of_a_guard_who_got_lost():
    """Donuts stop the guard's very next move, even if he went off the board (Lost Visual)
    before it: he does not walk that turn, and the Donuts are used up."""
    t = table().player(0, "1.A1", tools=(Tool.DONUTS,)).events(EventCard.CHANGE_OF_PLANS)
    g = t.guard(0, at="1.D4", dest="1.D1", speed=2, patrol=("1.C3", "1.B4")).game()
    g.state.floors[0].guard.patrol.append(LOST_VISUAL)  # Change of Plans draws it
    g.apply("use donuts 1.D4")
    events = g.apply("end")
    assert GuardLost(0) in events  # Change of Plans drew the Lost Visual card
    assert not of(events, GuardMoved)
    assert not g.state.floors[0].guard.donuts


# ------------------------------------------------------------------ Dynamite (R34)


def test_R34_dynamite_removes_the_wall_and_raises_an_alarm_on_your_tile():
    """The wall goes, burglars may walk through, and an alarm goes off where you stand."""
    t = table().player(0, "1.A1", tools=(Tool.DYNAMITE,)).walls(0, "A1|B1 C3|C4")
    g = t.guard(0, at="1.D4", dest="1.D3", speed=1).game()
    assert "move 1.B1" not in legal(g)
    events = g.apply("use dynamite 1.B1")
    assert WallDestroyed(0, P("1.A1"), P("1.B1")) in events
    assert AlarmRaised(P("1.A1"), "dynamite") in events
    assert g.state.floors[0].walls == [(P("1.C3") & 63, P("1.C4") & 63)]
    assert g.state.floors[0].guard.dest == P("1.A1")
    assert "move 1.B1" in legal(g)
    assert g.state.actions_left == 4


def test_R34_dynamite_targets_only_walls_next_to_you():
    """Dynamite is offered once per wall around your tile; outer walls are not walls."""
    t = table().player(0, "1.A1", tools=(Tool.DYNAMITE,)).walls(0, "A1|B1 A1-A2 B2|C2")
    g = park(t, 0).game()
    assert sorted(uses(g)) == ["use dynamite 1.A2", "use dynamite 1.B1"]
    t = table().player(0, "1.A1", tools=(Tool.DYNAMITE,))
    g = park(t, 0).game()
    assert uses(g) == []


def test_R34_dynamite_cannot_open_the_fort_knox_empty_square():
    """The Fort Knox empty square counts as an outer wall: no Dynamite toward it."""
    t = table(scenario=ScenarioId.FORT_KNOX).player(0, "1.B3", tools=(Tool.DYNAMITE,))
    t.guard(0, at="1.E5", dest="1.E4")
    g = t.game()
    assert g.state.floors[0].tiles[P("1.C3") & 63] is None
    assert uses(g) == []
    t = table(scenario=ScenarioId.FORT_KNOX).player(0, "1.B3", tools=(Tool.DYNAMITE,))
    g = t.walls(0, "A3|B3").guard(0, at="1.E5", dest="1.E4").game()
    assert uses(g) == ["use dynamite 1.A3"]


def test_R34_guards_reroute_through_the_hole_at_once():
    """With the wall gone, the guard's route changes now: he takes the new shortcut."""
    t = table().player(0, "1.B1", tools=(Tool.DYNAMITE, Tool.EMP))
    t.walls(0, "A1|B1 A2|B2 A3|B3")
    g = t.guard(0, at="1.A2", dest="1.C1", speed=1, patrol=("1.D4",)).game()
    assert g.guard_route(0)[0] == P("1.A3")  # round the bottom of the walls
    g.apply("use emp")  # keep the alarm out of it: the destination stays 1.C1
    g.apply("use dynamite 1.A1")
    assert g.state.floors[0].guard.dest == P("1.C1")
    assert g.guard_route(0) == [P("1.A1"), P("1.B1"), P("1.C1")]
    events = g.apply("end")
    assert GuardMoved(0, P("1.A2"), P("1.A1")) in events


# ------------------------------------------------------------------ E.M.P. (R37, R38)


def test_R38_emp_removes_alarms_and_guards_redraw():
    """Every alarm on every floor goes out; each guard who lost alarms draws a new patrol
    destination; a guard with no alarm keeps his."""
    t = table().player(0, "1.D1", tools=(Tool.EMP,))
    t.tile("1.B1", K.LASER, 1, alarm=True).tile("1.C3", K.MOTION, 2, alarm=True)
    t.tile("2.D4", K.FINGERPRINT, 4, alarm=True)
    t.guard(0, at="1.A1", dest="1.B1", speed=2, patrol=("1.D3",))
    t.guard(1, at="2.A4", dest="2.D4", patrol=("2.A1",))
    g = t.guard(2, at="3.A1", dest="3.B1", patrol=("3.C3",)).game()
    events = g.apply("use emp")
    assert {e.pos for e in of(events, AlarmCleared)} == {P("1.B1"), P("1.C3"), P("2.D4")}
    assert DestinationSet(0, P("1.D3"), "patrol") in events
    assert DestinationSet(1, P("2.A1"), "patrol") in events
    assert not [e for e in of(events, DestinationSet) if e.floor == 2]
    assert g.state.floors[2].guard.dest == P("3.B1")
    events = g.apply("end")  # no alarm left to add to his speed
    assert GuardStarts(0, 2) in events


def test_emp_works_with_no_alarm_on_the_board():
    """The E.M.P. may be used before any alarm: it still guards the rest of the round."""
    t = table().player(0, "1.A1", tools=(Tool.EMP,))
    g = park(t, 0).game()
    events = g.apply("use emp")
    assert not of(events, AlarmCleared) and not of(events, DestinationSet)
    assert g.state.lasting == {"emp": 0}


def _emp_camera_entered(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.B1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2)
    return t.game(), ["move 1.B1"], "1.B1", "camera"


def _emp_camera_guard_walks_in(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.A1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2)
    t.guard(0, at="1.D3", dest="1.D4", speed=1, patrol=("1.D3",))
    return t.game(), ["end"], "1.A1", "camera"


def _emp_motion(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.B1", K.MOTION, 1)
    return t.game(), ["move 1.B1", "move 1.C1"], "1.B1", "motion"


def _emp_detector(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.B1", K.DETECTOR, 4)  # the burglar still holds the Makeup Kit
    return t.game(), ["move 1.B1"], "1.B1", "detector"


def _emp_laser(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.B1", K.LASER, 1).tile("1.D1", K.COMPUTER_LASER, 5, hack=1)
    return t.game(), ["move 1.B1"], "1.B1", "laser"


def _emp_fingerprint(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.B1", K.FINGERPRINT, 4).tile("1.D1", K.COMPUTER_FINGERPRINT, 4, hack=1)
    return t.game(), ["move 1.B1"], "1.B1", "fingerprint"


def _emp_thermo(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.B1", K.THERMO, 1)
    return t.game(), ["move 1.B1", "end"], "1.B1", "thermo"


def _emp_isotope(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.tile("1.B1", K.THERMO, 1)
    t.player(0, "1.A1", tools=(Tool.EMP, Tool.MAKEUP_KIT), loot=(Loot.ISOTOPE,))
    return t.game(), ["move 1.B1"], "1.B1", "isotope"


def _emp_chihuahua(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    # Burglar 2 barks at the start of her turn, inside the E.M.P. user's round.
    t.player(1, "2.A1", loot=(Loot.CHIHUAHUA,)).dice(6)
    return t.game(), ["end"], "2.A1", "chihuahua"


def _emp_dynamite(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.walls(0, "A1|B1").player(0, "1.A1", tools=(Tool.EMP, Tool.MAKEUP_KIT, Tool.DYNAMITE))
    return t.game(), ["use dynamite 1.B1"], "1.A1", "dynamite"


def _emp_thermal_bomb(t: Table, emp: bool) -> tuple[Game, list[str], str, str]:
    t.player(0, "1.A1", tools=(Tool.EMP, Tool.MAKEUP_KIT, Tool.THERMAL_BOMB))
    return t.game(), ["use thermal-bomb 2.A1"], "1.A1", "thermal-bomb"


EMP_SOURCES: dict[str, Callable[[Table, bool], tuple[Game, list[str], str, str]]] = {
    "camera-entered": _emp_camera_entered,
    "camera-guard-walks-in": _emp_camera_guard_walks_in,
    "motion": _emp_motion,
    "detector": _emp_detector,
    "laser": _emp_laser,
    "fingerprint": _emp_fingerprint,
    "thermo": _emp_thermo,
    "isotope": _emp_isotope,
    "chihuahua": _emp_chihuahua,
    "dynamite": _emp_dynamite,
    "thermal-bomb": _emp_thermal_bomb,
}


@pytest.mark.parametrize("emp", [True, False], ids=["emp", "control"])
@pytest.mark.parametrize("source", list(EMP_SOURCES))
def test_R37_emp_blocks_every_alarm_source(source, emp):
    """Until the user's next turn no alarm goes off, whatever its source, and no hack or
    Laser payment is asked for; without the E.M.P. the same play raises the alarm."""
    t = table(players=2).player(0, "1.A1", tools=(Tool.EMP, Tool.MAKEUP_KIT))
    t = park(t.player(1, "2.A1"), 0, 1)
    g, steps, where, kind = EMP_SOURCES[source](t, emp)
    events = g.apply("use emp") if emp else []
    if emp:
        for step in steps:
            events += g.apply(step)
        assert AlarmAvoided(P(where), kind, "emp") in events
        assert not of(events, AlarmRaised)
        assert not alarm_decisions(events)
        assert not g.tile(P(where)).alarm
    else:
        events += run(g, *steps)
        assert AlarmRaised(P(where), kind) in events


def test_R37_emp_lasts_through_the_others_turns_and_ends_at_the_users_next_turn():
    """The E.M.P. covers the other burglars' turns and goes out as its user's turn starts."""
    t = table(players=2).player(0, "1.A1", tools=(Tool.EMP,)).player(1, "2.A1")
    t.tile("1.B1", K.FINGERPRINT, 4).tile("2.B1", K.FINGERPRINT, 5)
    g = park(t, 0, 1).game()
    g.apply("use emp")
    events = g.apply("end")
    assert not of(events, EffectEnded)
    events = g.apply("move 2.B1")
    assert AlarmAvoided(P("2.B1"), "fingerprint", "emp") in events
    events = g.apply("end")
    assert EffectEnded("emp") in events and g.state.current == 0
    assert "emp" not in g.state.lasting
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "fingerprint") in events


def test_R37_solo_emp_covers_the_guards_move_and_ends_at_the_next_turn():
    """Alone, the E.M.P. covers the end of your turn, then ends as your next turn starts."""
    t = table().player(0, "1.A1", tools=(Tool.EMP,)).tile("1.B1", K.THERMO, 1)
    g = park(t, 0).game()
    g.apply("use emp")
    g.apply("move 1.B1")
    events = g.apply("end")
    assert AlarmAvoided(P("1.B1"), "thermo", "emp") in events
    assert EffectEnded("emp") in events
    events = g.apply("end")
    assert AlarmRaised(P("1.B1"), "thermo") in events


def test_R37_emp_is_over_before_the_users_chihuahua_barks():
    """At the start of the user's next turn the E.M.P. ends first, so that turn's bark counts."""
    t = table().player(0, "1.A1", tools=(Tool.EMP,), loot=(Loot.CHIHUAHUA,)).dice(6)
    g = park(t, 0).game()
    g.apply("use emp")
    events = g.apply("end")
    ended = events.index(EffectEnded("emp"))
    rolled = events.index(LootRolled(0, "chihuahua", 6, True))
    assert ended < rolled
    assert AlarmRaised(P("1.A1"), "chihuahua") in events


def test_R37_emp_ends_when_the_users_turn_is_skipped():
    """A turn lost to Jump the Gun still counts as the user's next turn: the E.M.P. ends."""
    t = table(players=2).player(0, "1.A1", tools=(Tool.EMP,)).player(1, "2.A1")
    t.tile("2.B1", K.FINGERPRINT, 5).events(EventCard.JUMP_THE_GUN)
    g = park(t, 0, 1).turn(0, actions=1, taken=3).game()
    g.apply("use emp")
    g.apply("end")  # 3 actions taken: no Event
    events = g.apply("end")  # burglar 2 draws Jump the Gun: burglar 1's turn is skipped
    assert TurnSkipped(0) in events and EffectEnded("emp") in events
    assert g.state.current == 1 and "emp" not in g.state.lasting
    events = g.apply("move 2.B1")
    assert AlarmRaised(P("2.B1"), "fingerprint") in events


def test_R37_emp_of_an_escaped_user_ends_at_the_next_turn():
    """A user who escapes takes no more turns: the E.M.P. ends as the next turn starts."""
    t = table(players=2).player(0, "3.A1", tools=(Tool.EMP,)).player(1, "1.A1")
    t.tile("3.A1", K.STAIRS, 4).tile("1.B1", K.FINGERPRINT, 4)
    g = park(t, 0, 2).game()
    g.apply("use emp")
    events = g.apply("escape")
    assert PlayerEscaped(0) in events and EffectEnded("emp") in events
    events = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "fingerprint") in events


# ------------------------------------------------------------------ Invisible Suit (R36)


def test_R36_invisible_suit_gives_one_more_action():
    """The Invisible Suit adds 1 action to this turn (not counted as taken)."""
    t = table().player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,))
    g = park(t, 0).turn(0, actions=0, taken=4).game()
    events = g.apply("use invisible-suit")
    assert ActionsGained(0, 1, "invisible-suit") in events
    assert g.state.actions_left == 1 and g.state.actions_taken == 4
    assert "move 1.B1" in legal(g)


def _unseen_guard_tile(t: Table) -> tuple[list[str], str]:
    t.guard(0, at="1.B1", dest="1.D1", speed=1, patrol=("1.D4",))
    return ["move 1.B1"], "entered-guard"


def _unseen_guard_walks_in(t: Table) -> tuple[list[str], str]:
    t.player(0, "1.B1", tools=(Tool.INVISIBLE_SUIT,))
    t.guard(0, at="1.A1", dest="1.D1", speed=2, patrol=("1.D4",))
    return ["end"], "guard-enters"


def _unseen_foyer(t: Table) -> tuple[list[str], str]:
    t.tile("1.B1", K.FOYER, 1).guard(0, at="1.C1", dest="1.D1", speed=1, patrol=("1.D4",))
    return ["move 1.B1"], "foyer"


def _unseen_foyer_guard_passes(t: Table) -> tuple[list[str], str]:
    t.player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,)).tile("1.A1", K.FOYER, 2)
    t.guard(0, at="1.C1", dest="1.B1", speed=1, patrol=("1.D4",))
    return ["end"], "foyer"


def _unseen_atrium(t: Table) -> tuple[list[str], str]:
    t.player(0, "2.A1", tools=(Tool.INVISIBLE_SUIT,)).tile("2.B1", K.ATRIUM, 3)
    t.guard(0, at="1.B1", dest="1.B4", speed=1).guard(1, at="2.D4", dest="2.D3", speed=1)
    return ["move 2.B1"], "atrium"


def _unseen_tiara(t: Table) -> tuple[list[str], str]:
    t.player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,), loot=(Loot.TIARA,))
    t.guard(0, at="1.C1", dest="1.D1", speed=1, patrol=("1.D4",))
    return ["move 1.B1"], "tiara"


UNSEEN: dict[str, Callable[[Table], tuple[list[str], str]]] = {
    "enter-guard-tile": _unseen_guard_tile,
    "guard-walks-in-at-end": _unseen_guard_walks_in,
    "foyer": _unseen_foyer,
    "foyer-guard-passes": _unseen_foyer_guard_passes,
    "atrium": _unseen_atrium,
    "tiara": _unseen_tiara,
}


@pytest.mark.parametrize("suit", [True, False], ids=["suit", "control"])
@pytest.mark.parametrize("name", list(UNSEEN))
def test_R36_invisible_suit_guards_do_not_see_you(name, suit):
    """Invisible, you lose no Stealth to a guard: his tile, a Foyer, an Atrium, the Tiara,
    even during the guard's move at the end of your turn; the control run does lose one."""
    t = table().player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,))
    steps, reason = UNSEEN[name](t)
    g = t.game()
    events = g.apply("use invisible-suit") if suit else []
    for step in steps:
        events += g.apply(step)
    assert losses(events) == ([] if suit else [reason])


def _camera_enter(t: Table) -> tuple[list[str], str]:
    t.tile("1.B1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2).guard(0, at="1.D4", dest="1.D3")
    return ["move 1.B1"], "1.B1"


def _camera_guard_walks_in(t: Table) -> tuple[list[str], str]:
    t.tile("1.A1", K.CAMERA, 1).tile("1.D4", K.CAMERA, 2)
    t.guard(0, at="1.D3", dest="1.D4", speed=1, patrol=("1.D3",))
    return ["end"], "1.A1"


@pytest.mark.parametrize("suit", [True, False], ids=["suit", "control"])
@pytest.mark.parametrize(
    "scenario", [_camera_enter, _camera_guard_walks_in], ids=["enter", "guard-walks-in"]
)
def test_R36_invisible_suit_cameras_do_not_see_you(scenario, suit):
    """Invisible, a Camera raises no alarm on you, whether you step onto it or the guard
    reaches the other Camera; the control run raises it."""
    t = table().player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,))
    steps, where = scenario(t)
    g = t.game()
    events = g.apply("use invisible-suit") if suit else []
    for step in steps:
        events += g.apply(step)
    assert (AlarmRaised(P(where), "camera") in events) is not suit


def test_R36_invisible_suit_does_not_fool_other_alarms():
    """Only guards and Cameras are fooled: a Fingerprint still raises its alarm."""
    t = table().player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,)).tile("1.B1", K.FINGERPRINT, 4)
    g = park(t, 0).game()
    g.apply("use invisible-suit")
    assert AlarmRaised(P("1.B1"), "fingerprint") in g.apply("move 1.B1")


def test_R36_invisible_suit_hides_only_its_user():
    """A burglar sharing the tile without the suit is still seen by the guard."""
    t = table(players=2).player(0, "1.B1", tools=(Tool.INVISIBLE_SUIT,)).player(1, "1.B1")
    g = t.guard(0, at="1.A1", dest="1.C1", speed=1, patrol=("1.D4",)).game()
    g.apply("use invisible-suit")
    events = g.apply("end")
    assert losses(events, 0) == [] and losses(events, 1) == ["guard-enters"]


def test_R36_invisible_suit_wears_off_at_your_next_turn():
    """The suit lasts this turn only: on your next turn the guard sees you again."""
    t = table().player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,))
    g = t.guard(0, at="1.C1", dest="1.D1", speed=1, patrol=("1.C1",)).game()
    g.apply("use invisible-suit")
    g.apply("move 1.B1")
    g.apply("move 1.C1")  # into the guard's tile, unseen
    g.apply("end")  # he walks on to 1.D1
    assert "invisible" not in g.state.turn_flags
    events = g.apply("move 1.D1")
    assert losses(events) == ["entered-guard"]


# ------------------------------------------------------------------ Makeup Kit


def test_makeup_kit_gives_a_stealth_to_everyone_on_your_tile():
    """Every burglar on your tile gains 1 Stealth (even one at 0); nobody else does."""
    t = table(players=3).player(0, "1.A1", tools=(Tool.MAKEUP_KIT,))
    t.player(1, "1.A1", stealth=0).player(2, "1.B1")
    g = park(t, 0).game()
    events = g.apply("use makeup-kit")
    assert of(events, StealthGained) == [
        StealthGained(0, 1, "makeup-kit"),
        StealthGained(1, 1, "makeup-kit"),
    ]
    assert [p.stealth for p in g.state.players] == [4, 1, 3]


# ------------------------------------------------------------------ Rollerskates (R07)


def test_rollerskates_give_two_more_actions():
    """Rollerskates add 2 actions to this turn, even with none left."""
    t = table().player(0, "1.A1", tools=(Tool.ROLLERSKATES,))
    g = park(t, 0).turn(0, actions=0, taken=4).game()
    events = g.apply("use rollerskates")
    assert ActionsGained(0, 2, "rollerskates") in events
    assert g.state.actions_left == 2
    g.apply("move 1.B1")
    g.apply("move 1.C1")
    assert g.state.actions_taken == 6


@pytest.mark.parametrize(("taken", "drawn"), [(1, True), (2, True), (3, False)])
def test_R07_rollerskates_event_draw_counts_actions_taken(taken, drawn):
    """With Rollerskates, an Event is still drawn when 2 or fewer actions were taken, however
    many are left (README ruling 2)."""
    t = table().player(0, "1.A1", tools=(Tool.ROLLERSKATES,)).events(EventCard.LAMPSHADE)
    g = park(t, 0).game()
    g.apply("use rollerskates")
    for cell in ("1.B1", "1.C1", "1.C2")[:taken]:
        g.apply(f"move {cell}")
    assert g.state.actions_left == 6 - taken
    events = g.apply("end")
    assert (EventDrawn(0, "lampshade") in events) is drawn


# ------------------------------------------------------------------ Smoke Bomb (R21)


def test_R21_smoke_bomb_puts_three_stealth_tokens_on_your_tile():
    """The Smoke Bomb puts 3 Stealth tokens on your tile, not in your hand."""
    t = table().player(0, "1.A1", tools=(Tool.SMOKE_BOMB,))
    g = park(t, 0).game()
    g.apply("use smoke-bomb")
    assert g.tile(P("1.A1")).stealth == 3
    assert g.state.players[0].stealth == 3


def test_R21_smoke_tokens_may_be_spent_instead_of_your_own():
    """When a guard finds you in the smoke, you may spend a token from the tile (a decision)."""
    t = table().player(0, "1.B1", tools=(Tool.SMOKE_BOMB,))
    g = t.guard(0, at="1.A1", dest="1.C1", speed=1, patrol=("1.D4",)).game()
    g.apply("use smoke-bomb")
    g.apply("end")
    assert g.state.pending is not None and g.state.pending.options == ["tile", "own"]
    events = g.apply("choose tile")
    assert StealthLost(0, "guard-enters", True, 3) in events
    assert g.tile(P("1.B1")).stealth == 2 and g.state.players[0].stealth == 3


def test_R21_smoke_tokens_serve_every_burglar_on_the_tile():
    """Two burglars in the smoke when the guard walks in may each use one of its tokens."""
    t = table(players=2).player(0, "1.B1", tools=(Tool.SMOKE_BOMB,)).player(1, "1.B1")
    g = t.guard(0, at="1.A1", dest="1.C1", speed=1, patrol=("1.D4",)).game()
    g.apply("use smoke-bomb")
    g.apply("end")
    events = g.apply("choose tile") + g.apply("choose tile")
    assert [e.from_tile for e in of(events, StealthLost)] == [True, True]
    assert g.tile(P("1.B1")).stealth == 1
    assert [p.stealth for p in g.state.players] == [3, 3]


def test_R21_smoke_tokens_stay_on_the_tile():
    """You cannot take the smoke with you: elsewhere you spend your own Stealth."""
    t = table().player(0, "1.A1", tools=(Tool.SMOKE_BOMB,))
    g = t.guard(0, at="1.B1", dest="1.D1", speed=1, patrol=("1.D4",)).game()
    g.apply("use smoke-bomb")
    events = g.apply("move 1.B1")
    assert StealthLost(0, "entered-guard", False, 2) in events
    assert g.tile(P("1.A1")).stealth == 3


# ------------------------------------------------------------------ Stethoscope (R32)


def safe_table(
    *dice: int, tools=(Tool.STETHOSCOPE,), loot=(), safe_dice: int = 1, players: int = 1
) -> Table:
    """A Safe on 1.B2; its combination tiles revealed: A2=1 C2=2 D2=3 B1=4 B3=5 B4=6."""
    t = table(players=players).player(0, "1.B2", tools=tools, loot=loot)
    t.tile("1.B2", K.SAFE, 0, dice=safe_dice)
    for cell, n in (("A2", 1), ("C2", 2), ("D2", 3), ("B1", 4), ("B3", 5), ("B4", 6)):
        t.tile(f"1.{cell}", K.LAVATORY, n)
    return park(t, 0).dice(*dice)


def test_R32_stethoscope_is_offered_right_after_the_crack_roll():
    """After rolling, the Stethoscope holder decides: keep the dice or turn one die to any
    other face; the rolled dice are known when deciding."""
    g = safe_table(5).game()
    events = g.apply("crack")
    assert not of(events, SafeRolled)
    d = g.state.pending
    assert d is not None and d.kind == "stethoscope"
    assert d.data == ["5"]
    assert d.options == ["keep", "1-1", "1-2", "1-3", "1-4", "1-6"]
    assert refused(g, "use stethoscope")


def test_R32_stethoscope_roll_is_public_before_the_decision():
    """The dice rolled are an outcome of chance the players must see before choosing: an
    event (or the view of the pending decision) shows them."""
    g = safe_table(5).game()
    events = g.apply("crack")
    in_events = any(getattr(e, "dice", None) == (5,) for e in events)
    pending = g.view()["pending"]
    in_view = any(v in ([5], (5,), ["5"]) for v in pending.values())
    assert in_events or in_view


def test_R32_stethoscope_changes_one_die_and_is_discarded():
    """Turning a die to a face cracks the tiles of that number; the card is discarded."""
    g = safe_table(5).game()
    g.apply("crack")
    events = g.apply("choose 1-2")
    assert ToolUsed(0, "stethoscope", P("1.B2")) in events
    assert SafeRolled(P("1.B2"), (2,), (P("1.C2"),)) in events
    assert not g.tile(P("1.B3")).cracked  # the 5 rolled no longer counts
    assert Tool.STETHOSCOPE not in g.state.players[0].tools
    assert g.state.tool_discard == [Tool.STETHOSCOPE]


def test_R32_stethoscope_changes_only_the_chosen_die():
    """With several dice, only the chosen one changes; the others keep their faces."""
    g = safe_table(1, 2, safe_dice=2).game()
    g.apply("crack")
    events = g.apply("choose 2-6")
    assert SafeRolled(P("1.B2"), (1, 6), (P("1.A2"), P("1.B4"))) in events


def test_R32_stethoscope_kept_when_not_used():
    """Keeping the dice leaves the Stethoscope in hand for a later roll."""
    g = safe_table(5, 3).game()
    g.apply("crack")
    events = g.apply("choose keep")
    assert SafeRolled(P("1.B2"), (5,), (P("1.B3"),)) in events
    assert not of(events, ToolUsed)
    assert g.state.players[0].tools == [Tool.STETHOSCOPE] and g.state.tool_discard == []
    g.apply("crack")
    assert g.state.pending is not None and g.state.pending.kind == "stethoscope"


def test_R32_stethoscope_can_open_the_safe():
    """The changed die counts like a rolled one: the last missing number opens the Safe."""
    t = safe_table(1).tools(Tool.BLUEPRINTS).loot(Loot.STAMP)
    g = t.game()
    for cell in ("A2", "C2", "D2", "B1", "B3"):
        g.tile(P(f"1.{cell}")).cracked = True
    g.apply("crack")
    events = g.apply("choose 1-6")
    assert SafeOpened(P("1.B2")) in events
    assert g.tile(P("1.B2")).safe_open


def test_R32_stethoscope_decision_blocks_other_tools():
    """While the Stethoscope decision waits, no other Tool can be used."""
    g = safe_table(5, tools=(Tool.STETHOSCOPE, Tool.EMP)).game()
    g.apply("crack")
    assert refused(g, "use emp")


def test_R32_stethoscope_not_offered_to_the_bust_holder():
    """With the Bust, the roll counts as rolled: no Stethoscope decision."""
    g = safe_table(5, loot=(Loot.BUST,)).game()
    events = g.apply("crack")
    assert g.state.pending is None
    assert SafeRolled(P("1.B2"), (5,), (P("1.B3"),)) in events


def test_R32_stethoscope_in_another_hand_is_not_offered():
    """Only the cracking burglar's own Stethoscope can change the roll."""
    g = safe_table(5, tools=(), players=2).player(1, "1.B2", tools=(Tool.STETHOSCOPE,)).game()
    g.apply("crack")
    assert g.state.pending is None


# ------------------------------------------------------------------ Thermal Bomb (R35)


@pytest.mark.parametrize(
    ("where", "targets"),
    [("1.B2", ["2.B2"]), ("2.B2", ["1.B2", "3.B2"]), ("3.B2", ["2.B2"])],
)
def test_R35_thermal_bomb_targets_the_tile_above_or_below(where, targets):
    """The second token goes straight above or below you; none above the top floor."""
    t = table().player(0, where, tools=(Tool.THERMAL_BOMB,))
    g = park(t, int(where[0]) - 1).game()
    assert uses(g) == [f"use thermal-bomb {q}" for q in targets]


def test_R35_thermal_bomb_places_two_tokens_and_raises_an_alarm():
    """Both tiles get a Thermal Bomb token; the alarm goes off on your tile only."""
    t = table().player(0, "1.B2", tools=(Tool.THERMAL_BOMB,))
    g = park(t, 0).game()
    events = g.apply("use thermal-bomb 2.B2")
    assert g.tile(P("1.B2")).thermal and g.tile(P("2.B2")).thermal
    assert of(events, AlarmRaised) == [AlarmRaised(P("1.B2"), "thermal-bomb")]
    assert g.state.floors[0].guard.dest == P("1.B2")


def test_R35_thermal_bomb_hole_works_both_ways_for_every_burglar():
    """Any burglar moves up or down through the hole for 1 action, like Stairs."""
    t = table(players=2).player(0, "2.B2", tools=(Tool.THERMAL_BOMB,)).player(1, "2.B2")
    g = park(t, 0, 1).tile("1.B2", K.LAVATORY, 5).game()
    g.apply("use thermal-bomb 1.B2")
    events = g.apply("move 1.B2")
    assert PlayerMoved(0, P("2.B2"), P("1.B2"), "thermal") in events
    assert g.state.actions_taken == 1
    events = g.apply("move 2.B2")
    assert PlayerMoved(0, P("1.B2"), P("2.B2"), "thermal") in events
    g.apply("end")
    assert "move 1.B2" in legal(g)  # burglar 2 too


def test_R35_thermal_bomb_move_enters_the_far_tile():
    """Going through the hole into a face-down tile reveals it and sets up that floor's guard."""
    t = table().player(0, "1.B2", tools=(Tool.THERMAL_BOMB,)).face_down("2.B2", K.LASER, 3)
    g = park(t, 0).game()
    g.apply("use thermal-bomb 2.B2")
    events = run(g, "move 2.B2")
    assert TileRevealed(P("2.B2"), "laser", 3) in events
    assert of(events, GuardPlaced)
    assert AlarmRaised(P("2.B2"), "laser") in events


def test_R35_thermal_bomb_hole_can_be_peeked_through_like_stairs():
    """The hole works as Stairs, and from the Stairs you may Peek at the tile above."""
    t = table().player(0, "1.B2", tools=(Tool.THERMAL_BOMB,)).face_down("2.B2", K.LASER, 3)
    g = park(t, 0).game()
    g.apply("use thermal-bomb 2.B2")
    assert "peek 2.B2" in legal(g)


def test_R35_thermal_bomb_lets_you_escape_from_the_top_floor():
    """A hole on the top floor is a way to the roof once the team holds all the Loot."""
    t = table().player(0, "3.C3", tools=(Tool.THERMAL_BOMB,))
    g = park(t, 2).game()
    assert "escape" not in legal(g)
    g.apply("use thermal-bomb 2.C3")
    assert "escape" in legal(g)
    events = g.apply("escape")
    assert PlayerEscaped(0) in events and GameWon() in events


def test_R35_thermal_bomb_up_to_the_top_floor_then_out():
    """Blown upward into the top floor, the hole there also leads to the roof."""
    t = table().player(0, "2.C3", tools=(Tool.THERMAL_BOMB,)).tile("3.C3", K.LAVATORY, 5)
    g = park(t, 1, 2).game()
    g.apply("use thermal-bomb 3.C3")
    g.apply("move 3.C3")
    assert "escape" in legal(g)


def test_R35_thermal_bomb_escape_needs_all_the_loot():
    """Without every Safe opened, the hole on the top floor is no way out."""
    t = table().player(0, "3.C3", tools=(Tool.THERMAL_BOMB,)).tile("1.A4", K.SAFE, 0)
    g = park(t, 2).game()
    g.apply("use thermal-bomb 2.C3")
    assert "escape" not in legal(g)


def test_R35_time_lock_blocks_the_thermal_bomb_hole_and_escape():
    """Under Time Lock nobody goes through the hole, nor out of it on the top floor."""
    t = table(players=2).player(0, "3.C3", tools=(Tool.THERMAL_BOMB,)).player(1, "3.C3")
    t.tile("2.C3", K.LAVATORY, 5).events(EventCard.TIME_LOCK)
    g = park(t, 2).game()
    g.apply("use thermal-bomb 2.C3")
    assert "move 2.C3" in legal(g) and "escape" in legal(g)
    g.apply("end")  # Time Lock, until burglar 1's next turn
    assert g.state.current == 1
    assert refused(g, "move 2.C3")
    assert refused(g, "escape")


# ------------------------------------------------------------------ Virus (R67)


def test_R67_virus_places_three_hack_tokens_one_at_a_time():
    """Three tokens, each on a revealed Computer of your choice, any floor; face-down ones
    are no choice."""
    t = table().player(0, "1.A1", tools=(Tool.VIRUS,))
    t.tile("1.B1", K.COMPUTER_LASER, 5).tile("3.D4", K.COMPUTER_MOTION, 6, hack=2)
    t.face_down("2.C3", K.COMPUTER_FINGERPRINT, 4)
    g = park(t, 0).game()
    events = g.apply("use virus")
    assert DecisionNeeded("virus", ("1.B1", "3.D4")) in events
    events += g.apply("choose 1.B1") + g.apply("choose 3.D4") + g.apply("choose 1.B1")
    assert of(events, HackAdded) == [
        HackAdded(P("1.B1"), 1),
        HackAdded(P("3.D4"), 3),
        HackAdded(P("1.B1"), 2),
    ]
    assert g.state.pending is None
    assert g.tile(P("2.C3")).hack == 0
    assert g.state.actions_left == 4


def test_R67_virus_places_fewer_tokens_when_computers_fill_up():
    """A Computer holds at most 6: once every revealed one is full, the rest are lost."""
    t = table().player(0, "1.A1", tools=(Tool.VIRUS,)).tile("1.B1", K.COMPUTER_LASER, 5, hack=5)
    g = park(t, 0).game()
    g.apply("use virus")
    events = g.apply("choose 1.B1")
    assert HackAdded(P("1.B1"), 6) in events
    assert CardNoEffect("virus", "no-computer") in events
    assert g.state.pending is None and g.tile(P("1.B1")).hack == 6


def test_R67_virus_not_offered_without_a_computer_with_room():
    """No revealed Computer with room for a token: the Virus cannot be used."""
    t = table().player(0, "1.A1", tools=(Tool.VIRUS,)).tile("1.B1", K.COMPUTER_LASER, 5, hack=6)
    g = park(t.face_down("1.C1", K.COMPUTER_MOTION, 6), 0).game()
    assert uses(g) == []
