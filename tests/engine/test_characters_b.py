"""The Raven, the Rigger, the Rook and the Spotter, both sides of each card.

Rules: rulebook 000 "Card Reference > Characters" (Rook's Orders and Disguise), 004's
character tables (every ability, both sides), 001 (French texts) last; the engine's rulings
R77 Distract, R78 Disrupt, R79 The Solution / Tinker, R80 Orders, R81 Disguise, R82
Clairvoyance / Precognition (docs/rulings.md). Every test builds a small explicit building
with tests/engine/builder.py (a Table: face-down inert rooms, no Event cards), except the
setup and random-game tests, which deal real games with chosen characters.
"""

from __future__ import annotations

import random

import pytest

from engine import PlayerSetup, ScenarioId, Setup, from_json, new_game, pos_text
from engine.io.serialize import check_state, to_json
from engine.rules.data import LOST_VISUAL, Character, EventCard, Loot, Side, Tool
from engine.rules.events import (
    AbilityUsed,
    AlarmRaised,
    CrowPlaced,
    DecisionNeeded,
    DeckEmpty,
    DestinationSet,
    EventDrawn,
    GuardMoved,
    GuardPlaced,
    GuardSkipped,
    GuardSlowed,
    KeypadRolled,
    LootDrawn,
    MoveBlocked,
    PlayerMoved,
    SafeOpened,
    SpotterLooked,
    StealthLost,
    TileRevealed,
    ToolDrawn,
    TurnStarted,
)
from engine.rules.game import Game

from .builder import K, P, Table, legal, of, refused

C = Character
BASIC, ADVANCED = Side.BASIC, Side.ADVANCED


def abilities(g: Game) -> list[str]:
    return [a for a in legal(g) if a.startswith("ability ")]


def park(t: Table, *floors: int) -> Table:
    """The guards of these floors (0 = ground) pace slowly between D4 and D3."""
    for f in floors:
        n = f + 1
        t.guard(f, at=f"{n}.D4", dest=f"{n}.D3", speed=1, patrol=(f"{n}.D4", f"{n}.D3") * 4)
    return t


def steps(events: list, floor: int = 0) -> list[str]:
    """Where the floor's guard stepped, in order."""
    return [pos_text(e.dst) for e in of(events, GuardMoved) if e.floor == floor]


def raven(side: Side = BASIC, players: int = 1) -> Table:
    return Table(players=players, characters=(C.RAVEN,), sides=(side,))


# ====================================================================== Raven: Distract (R77)


def test_R77_distract_offers_every_tile_within_two_steps_walls_respected():
    """The crow may go on any tile of the Raven's floor at walking distance 0-2, not past walls."""
    t = raven().player(0, "1.A1").walls(0, "A1|B1")
    g = park(t, 0).game()
    # B1 is next door but behind a wall (3 steps round it); C1 or A4 are 3 steps away.
    assert abilities(g) == [
        "ability crow 1.A1",
        "ability crow 1.A2",
        "ability crow 1.B2",
        "ability crow 1.A3",
    ]
    assert refused(g, "ability crow 1.B1")
    assert refused(g, "ability crow 2.A1")


def test_R77_distract_is_free_and_there_is_one_crow():
    """Placing the crow costs no action, even with no action left; there is only one crow."""
    g = park(raven().player(0, "1.A1"), 0).game()
    ev = g.apply("ability crow 1.A2")
    assert of(ev, CrowPlaced) == [CrowPlaced(P("1.A2"))]
    assert g.state.crow == P("1.A2")
    assert (g.state.actions_left, g.state.actions_taken) == (4, 0)
    g2 = park(raven().player(0, "1.A1"), 0).game()
    g2.state.actions_left = 0
    g2._state_changed()
    assert "ability crow 1.A2" in abilities(g2)  # free: still offered with no action left


def test_R83_distract_again_only_after_the_raven_spends_an_action():
    """A second crow placement in a row would only replace the first, so Distract is offered
    again only once the Raven has spent an action (a player never needs more; it bounds a
    turn: random play once placed the crow 2,095 times in one turn)."""
    g = park(raven().player(0, "1.A1"), 0).game()
    g.apply("ability crow 1.A2")
    assert abilities(g) == []
    assert refused(g, "ability crow 1.B2")
    g.apply("move 1.B1")
    assert "ability crow 1.B2" in abilities(g)
    g.apply("ability crow 1.B2")
    assert g.state.crow == P("1.B2")


def test_R77_guard_entering_the_crow_tile_loses_one_step():
    """A guard walking into the crow's tile loses one step of his move."""
    t = raven().player(0, "1.A1")
    t.guard(0, at="1.A4", dest="1.D4", speed=3, patrol=("1.A1", "1.D1") * 4)
    g = t.game()
    g.state.crow = P("1.B4")
    ev = g.apply("end")
    assert steps(ev) == ["1.B4", "1.C4"]  # 3 steps minus 1
    assert of(ev, GuardSlowed) == [GuardSlowed(0, P("1.B4"))]
    assert g.state.crow == P("1.B4")  # the crow stays until the Raven moves it


def test_R77_guard_starting_his_move_on_the_crow_is_not_slowed():
    """A crow placed on the guard's own tile costs him nothing when he walks away."""
    t = raven().player(0, "1.A2")
    t.guard(0, at="1.A4", dest="1.D4", speed=2, patrol=("1.A1", "1.D1") * 4)
    g = t.game()
    g.apply("ability crow 1.A4")
    ev = g.apply("end")
    assert steps(ev) == ["1.B4", "1.C4"]
    assert of(ev, GuardSlowed) == []


def test_R77_the_crow_on_his_last_step_changes_nothing():
    """Entering the crow's tile with his last step, the guard has no step left to lose."""
    t = raven().player(0, "1.A1")
    t.guard(0, at="1.A4", dest="1.D4", speed=2, patrol=("1.A1", "1.D1") * 4)
    g = t.game()
    g.state.crow = P("1.C4")
    ev = g.apply("end")
    assert steps(ev) == ["1.B4", "1.C4"]
    assert of(ev, GuardSlowed) == []


def test_R77_crow_slows_the_guard_every_time_he_enters():
    """The crow stays put and slows the guard on each later entry too."""
    t = raven().player(0, "1.A1")
    t.guard(0, at="1.A4", dest="1.D4", speed=4, patrol=("1.A4", "1.D4") * 4)
    g = t.game()
    g.state.crow = P("1.B4")
    first = g.apply("end")  # B4 (slowed), C4, D4 = destination, next card A4
    assert steps(first) == ["1.B4", "1.C4", "1.D4"]
    second = g.apply("end")  # C4, B4 (slowed), A4
    assert steps(second) == ["1.C4", "1.B4", "1.A4"]
    assert len(of(first, GuardSlowed)) == len(of(second, GuardSlowed)) == 1


def test_R77_crow_slows_a_guard_running_to_an_alarm():
    """Distract has no alarm clause: a guard hurrying to an alarm still loses the step."""
    t = raven().player(0, "1.A1").tile("1.D4", K.LABORATORY, 0, tool_taken=True, alarm=True)
    t.guard(0, at="1.A4", dest="1.D4", speed=2, patrol=("1.A1", "1.D1") * 4)
    g = t.game()
    g.state.crow = P("1.B4")
    ev = g.apply("end")  # speed 2 + 1 alarm = 3, minus the crow's step
    assert steps(ev) == ["1.B4", "1.C4"]
    assert of(ev, GuardSlowed) == [GuardSlowed(0, P("1.B4"))]


# ====================================================================== Raven: Disrupt (R78)


def test_R78_disrupt_puts_the_crow_only_on_the_ravens_tile_for_free():
    """The advanced Raven's crow goes on her own tile only, for no action."""
    g = park(raven(ADVANCED).player(0, "1.B2"), 0).game()
    assert abilities(g) == ["ability crow 1.B2"]
    assert refused(g, "ability crow 1.C2")
    g.apply("ability crow 1.B2")
    assert g.state.crow == P("1.B2")
    assert (g.state.actions_left, g.state.actions_taken) == (4, 0)
    assert abilities(g) == []  # already there
    g.apply("move 1.B3")
    assert abilities(g) == ["ability crow 1.B3"]  # moving it again to the new tile
    g.state.actions_left = 0
    g._state_changed()
    assert abilities(g) == ["ability crow 1.B3"]  # free: offered with no action left


def test_R78_guard_starting_on_the_crow_does_not_move_and_the_crow_returns():
    """With no alarm on his floor, a guard starting his move on the crow stays put."""
    t = raven(ADVANCED).player(0, "1.C3")
    t.guard(0, at="1.C3", dest="1.C1", speed=2, patrol=("1.A1", "1.D1") * 4)
    g = t.game()
    g.apply("ability crow 1.C3")
    g.apply("move 1.B3")
    ev = g.apply("end")
    assert of(ev, GuardSkipped) == [GuardSkipped(0, "crow")]
    assert steps(ev) == []
    assert g.state.floors[0].guard.pos == P("1.C3")
    assert g.state.crow is None  # back in the Raven's hand
    assert "ability crow 1.B3" in abilities(g)


def test_R78_crow_does_nothing_while_an_alarm_is_active_on_the_floor():
    """An alarm on his floor and the guard starting on the crow moves as usual."""
    t = raven(ADVANCED).player(0, "1.C3").tile("1.A1", K.LABORATORY, 0, tool_taken=True, alarm=True)
    t.guard(0, at="1.C3", dest="1.A1", speed=1, patrol=("1.D4", "1.D1") * 4)
    g = t.game()
    g.apply("ability crow 1.C3")
    g.apply("move 1.D3")
    ev = g.apply("end")
    assert of(ev, GuardSkipped) == []
    assert len(steps(ev)) == 2  # speed 1 + 1 alarm
    assert g.state.crow == P("1.C3")  # not returned


def test_R78_an_alarm_on_another_floor_does_not_free_the_guard():
    """Only an alarm on the guard's own floor cancels the crow."""
    t = raven(ADVANCED).player(0, "1.C3").tile("2.A1", K.LABORATORY, 0, tool_taken=True, alarm=True)
    t.guard(0, at="1.C3", dest="1.C1", speed=2, patrol=("1.A1", "1.D1") * 4)
    g = park(t, 1).game()
    g.apply("ability crow 1.C3")
    g.apply("move 1.B3")
    ev = g.apply("end")
    assert of(ev, GuardSkipped) == [GuardSkipped(0, "crow")]


def test_R78_donuts_are_used_before_the_crow():
    """Donuts and the crow on one guard: the Donuts stop this move, the crow the next one."""
    t = raven(ADVANCED).player(0, "1.C3", tools=(Tool.DONUTS,))
    t.guard(0, at="1.C3", dest="1.C1", speed=2, patrol=("1.A1", "1.D1") * 4)
    g = t.game()
    g.apply("ability crow 1.C3")
    g.apply("use donuts 1.C3")
    g.apply("move 1.B3")
    first = g.apply("end")
    assert of(first, GuardSkipped) == [GuardSkipped(0, "donuts")]
    assert g.state.crow == P("1.C3")  # the crow is still there
    second = g.apply("end")
    assert of(second, GuardSkipped) == [GuardSkipped(0, "crow")]
    assert g.state.crow is None
    assert g.state.floors[0].guard.pos == P("1.C3")


def test_R78_disrupt_crow_does_not_slow_a_guard_walking_through():
    """The advanced crow only stops a guard starting on it; walking over it costs nothing."""
    t = raven(ADVANCED).player(0, "1.B4")
    t.guard(0, at="1.A4", dest="1.D4", speed=2, patrol=("1.A1", "1.D1") * 4)
    g = t.game()
    g.apply("ability crow 1.B4")
    g.apply("move 1.B3")
    ev = g.apply("end")
    assert steps(ev) == ["1.B4", "1.C4"]
    assert of(ev, GuardSlowed) == of(ev, GuardSkipped) == []
    assert g.state.crow == P("1.B4")


# ====================================================================== Rigger (R79)


def rigger_setup(side: Side) -> Game:
    return new_game(
        Setup(
            scenario=ScenarioId.BANK,
            players=(PlayerSetup("A", C.RIGGER, side), PlayerSetup("B", C.SPOTTER)),
            seed=7,
        )
    )


def test_R79_basic_rigger_starts_with_the_dynamite_taken_out_of_the_deck():
    """The Solution side starts holding the Dynamite, which is then not in the Tool deck."""
    g = rigger_setup(BASIC)
    st = g.state
    assert st.players[0].tools == [Tool.DYNAMITE]
    assert st.players[1].tools == []
    assert Tool.DYNAMITE not in st.tools and len(st.tools) == len(Tool) - 1
    check_state(st, g.setup)


def test_R79_advanced_rigger_starts_with_no_tool():
    """The Tinker side gets no Dynamite: the deck keeps all 13 Tools."""
    g = rigger_setup(ADVANCED)
    assert g.state.players[0].tools == []
    assert sorted(g.state.tools) == sorted(Tool)


def lab_table(side: Side, tools: tuple[Tool, ...] = (Tool.EMP, Tool.CROWBAR)) -> Table:
    """Burglar 1 (the Spotter) on 1.A1 next to a fresh Laboratory on 1.B1; the Rigger is
    burglar 2, on 1.D1."""
    t = Table(players=2, characters=(C.SPOTTER, C.RIGGER), sides=(BASIC, side))
    t.player(0, "1.A1").player(1, "1.D1").tile("1.B1", K.LABORATORY, 2)
    return park(t, 0).tools(*tools)


@pytest.mark.parametrize("side", [BASIC, ADVANCED])
def test_R79_laboratory_with_a_rigger_draws_two_keeps_one(side):
    """With a Rigger (either side), a Lab's finder sees two Tools, keeps one, discards one."""
    g = lab_table(side).game()
    deck = len(g.state.tools)
    ev = g.apply("move 1.B1")
    assert of(ev, DecisionNeeded) == [DecisionNeeded("rigger-offer", ("two", "one"))]
    ev = g.apply("choose two")
    d = g.state.pending
    assert d is not None and d.kind == "rigger-draw"
    assert sorted(d.options) == ["crowbar", "emp"]
    assert of(ev, DecisionNeeded) == [DecisionNeeded("rigger-draw", ("crowbar", "emp"))]
    assert legal(g) == ["choose crowbar", "choose emp"]
    assert of(ev, ToolDrawn) == []  # nothing in hand before the choice
    ev = g.apply("choose crowbar")
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "crowbar", "laboratory")]
    assert g.state.players[0].tools == [Tool.CROWBAR]
    assert g.state.players[1].tools == []
    assert g.state.tool_discard[-1] == Tool.EMP
    assert len(g.state.tools) == deck - 2
    assert g.state.players[0].pos == P("1.B1")


def test_R79_the_solution_is_a_choice_one_tool_as_usual_or_two_to_pick_from():
    """004/001: the finder *may* draw two: answering `one` draws the top Tool as usual."""
    g = lab_table(BASIC).game()
    deck = len(g.state.tools)
    g.apply("move 1.B1")
    assert legal(g) == ["choose two", "choose one"]
    ev = g.apply("choose one")
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "emp", "laboratory")]
    assert g.state.pending is None
    assert len(g.state.tools) == deck - 1 and g.state.tool_discard == []


def test_R79_without_a_rigger_the_laboratory_gives_one_tool():
    """Control: with no Rigger in the team a Laboratory gives the top Tool, no decision."""
    t = Table(players=2).player(0, "1.A1").player(1, "1.D1").tile("1.B1", K.LABORATORY, 2)
    g = park(t, 0).tools(Tool.EMP, Tool.CROWBAR).game()
    ev = g.apply("move 1.B1")
    assert g.state.pending is None
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "emp", "laboratory")]
    assert g.state.tool_discard == []


def test_R79_one_tool_left_is_simply_drawn():
    """With a single Tool left in the deck, the finder takes it: no choice, no discard."""
    g = lab_table(BASIC).game()
    g.state.tools = [Tool.VIRUS]
    ev = g.apply("move 1.B1")
    assert g.state.pending is None
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "virus", "laboratory")]
    assert g.state.players[0].tools == [Tool.VIRUS]
    assert g.state.tools == [] and g.state.tool_discard == []


def test_R79_empty_tool_deck_gives_nothing():
    """With no Tool left, a Laboratory gives nothing (and asks nothing)."""
    g = lab_table(BASIC).game()
    g.state.tools = []
    ev = g.apply("move 1.B1")
    assert g.state.pending is None
    assert of(ev, DeckEmpty) == [DeckEmpty("tools")]
    assert g.state.players[0].tools == []


def safe_table(side: Side) -> Table:
    """Burglar 1 (the Spotter) on a Safe at 1.B2 with one die; every combination tile is
    cracked but 1.B4 (a 4). The Rigger is burglar 2."""
    t = Table(players=2, characters=(C.SPOTTER, C.RIGGER), sides=(BASIC, side))
    t.tile("1.B2", K.SAFE, 0, dice=1)
    for cell in ("A2", "C2", "D2", "B1", "B3"):
        t.tile(f"1.{cell}", K.LABORATORY, 1, tool_taken=True, cracked=True)
    t.tile("1.B4", K.LABORATORY, 4, tool_taken=True)
    t.player(0, "1.B2").player(1, "1.D1").dice(4)
    return park(t, 0).tools(Tool.SMOKE_BOMB, Tool.VIRUS).loot(Loot.STAMP)


@pytest.mark.parametrize("side", [BASIC, ADVANCED])
def test_R79_opening_a_safe_with_a_rigger_draws_two_tools_keeps_one(side):
    """The Safe's Tool is a draw-two-keep-one too; the Loot is drawn as usual."""
    g = safe_table(side).game()
    ev = g.apply("crack")
    assert of(ev, SafeOpened) == [SafeOpened(P("1.B2"))]
    assert of(ev, LootDrawn) == [LootDrawn(0, "stamp")]
    g.apply("choose two")
    d = g.state.pending
    assert d is not None and (d.kind, d.source) == ("rigger-draw", "safe")
    assert sorted(d.options) == ["smoke-bomb", "virus"]
    ev = g.apply("choose virus")
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "virus", "safe")]
    assert g.state.players[0].tools == [Tool.VIRUS]
    assert g.state.tool_discard[-1] == Tool.SMOKE_BOMB


def test_R79_jury_rig_with_a_rigger_draws_two_tools_keeps_one():
    """Jury-Rig with a Rigger is a draw-two-keep-one; the turn goes on after the choice."""
    t = Table(players=1, characters=(C.RIGGER,)).player(0, "1.A1")
    g = park(t, 0).tools(Tool.EMP, Tool.ROLLERSKATES).events(EventCard.JURY_RIG).game()
    g.state.players[0].tools = []
    ev = g.apply("end")
    assert of(ev, EventDrawn) == [EventDrawn(0, "jury-rig")]
    g.apply("choose two")
    d = g.state.pending
    assert d is not None and (d.kind, d.source) == ("rigger-draw", "jury-rig")
    assert sorted(d.options) == ["emp", "rollerskates"]
    ev = g.apply("choose emp")
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "emp", "jury-rig")]
    assert g.state.tool_discard[-1] == Tool.ROLLERSKATES
    assert of(ev, TurnStarted)  # the guard moved and the next turn began


def tinker(stealth: int = 3, lavatory: bool = False) -> Table:
    t = Table(players=1, characters=(C.RIGGER,), sides=(ADVANCED,))
    if lavatory:
        t.tile("1.A1", K.LAVATORY, 3, stealth=3)
    t.player(0, "1.A1", stealth=stealth)
    return park(t, 0).tools(Tool.EMP, Tool.CROWBAR)


def test_R79_tinker_spends_a_stealth_for_a_draw_two_keep_one_as_a_free_action():
    """Tinker: lose one Stealth, draw two Tools, keep one; no action spent, usable again."""
    g = tinker().game()
    assert abilities(g) == ["ability tinker"]
    ev = g.apply("ability tinker")
    assert of(ev, StealthLost) == [StealthLost(0, "tinker", False, 2)]
    g.apply("choose two")
    d = g.state.pending
    assert d is not None and (d.kind, d.source) == ("rigger-draw", "tinker")
    assert sorted(d.options) == ["crowbar", "emp"]
    ev = g.apply("choose emp")
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "emp", "tinker")]
    assert g.state.players[0].tools == [Tool.EMP]
    assert g.state.tool_discard[-1] == Tool.CROWBAR
    assert (g.state.actions_left, g.state.actions_taken) == (4, 0)
    assert "ability tinker" in abilities(g)  # any number of times


def test_R79_tinker_spends_the_riggers_own_stealth_not_a_lavatory_token():
    """On a Lavatory, Tinker still costs one of the Rigger's own Stealth tokens."""
    g = tinker(lavatory=True).game()
    ev = g.apply("ability tinker")
    assert of(ev, StealthLost) == [StealthLost(0, "tinker", False, 2)]
    assert g.state.players[0].stealth == 2
    assert g.tile(P("1.A1")).stealth == 3


def test_R79_tinker_can_spend_the_last_stealth_but_not_one_she_lacks():
    """Tinker is offered down to the last Stealth token, never with none left."""
    g = tinker(stealth=1).game()
    g.apply("ability tinker")
    g.apply("choose two")
    g.apply("choose emp")
    assert g.state.players[0].stealth == 0 and g.state.outcome == ""
    assert "ability tinker" not in abilities(g)
    assert refused(g, "ability tinker")


def test_R79_tinker_needs_a_tool_in_the_deck():
    """Tinker is not offered on an empty Tool deck; with one card left it draws that card."""
    g = tinker().game()
    g.state.tools = [Tool.VIRUS]
    g._state_changed()
    ev = g.apply("ability tinker")
    assert g.state.pending is None
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "virus", "tinker")]
    assert g.state.tools == []
    assert abilities(g) == []
    assert g.state.players[0].stealth == 2


def test_R79_basic_rigger_has_no_tinker():
    """The Solution side cannot trade Stealth for Tools."""
    t = Table(players=1, characters=(C.RIGGER,)).player(0, "1.A1")
    g = park(t, 0).game()
    assert abilities(g) == []
    assert refused(g, "ability tinker")


# ====================================================================== Rook: Orders (R80)


def rook(players: int = 2, side: Side = BASIC, mate: Character = C.SPOTTER) -> Table:
    """The Rook is burglar 1, `mate` burglar 2 (then the Hawk, the Raven)."""
    return Table(players=players, characters=(C.ROOK, mate), sides=(side,))


def test_R80_orders_are_offered_for_each_other_burglar_inside_once_per_turn_for_one_action():
    """Orders list every Move of every other burglar inside; one use per turn, 1 action."""
    t = rook(players=3).player(0, "1.A1").player(1, "1.C3").player(2, None)
    g = park(t, 0).game()
    assert abilities(g) == [
        "ability orders 2 1.C2",
        "ability orders 2 1.B3",
        "ability orders 2 1.D3",
        "ability orders 2 1.C4",
    ]
    ev = g.apply("ability orders 2 1.C2")
    assert of(ev, PlayerMoved) == [PlayerMoved(1, P("1.C3"), P("1.C2"), "walk")]
    assert g.state.players[0].pos == P("1.A1")
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)
    assert abilities(g) == []
    assert refused(g, "ability orders 2 1.C3")


def test_R80_orders_need_an_action_left():
    """With no action left, Orders are not offered."""
    t = rook().player(0, "1.A1").player(1, "1.C3").turn(actions=0, taken=4)
    g = park(t, 0).game()
    assert abilities(g) == []


def test_R80_advanced_rook_has_no_orders():
    """The Disguise side cannot order burglars around."""
    t = rook(side=ADVANCED).player(0, "1.A1").player(1, "1.C3")
    g = park(t, 0).game()
    assert not any(a.startswith("ability orders") for a in abilities(g))


@pytest.mark.parametrize("mate", [C.SPOTTER, C.PETERMAN])
def test_R80_ordered_onto_a_locked_keypad_rolls_one_die(mate):
    """Ordered onto a locked Keypad: one die, whatever the failed tries or Steady Hands."""
    t = rook(mate=mate).player(0, "1.A1").player(1, "1.B1").tile("1.C1", K.KEYPAD, 3)
    g = park(t, 0).dice(6).game()
    g.state.keypad_fails[str(P("1.C1"))] = 2
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, KeypadRolled) == [KeypadRolled(P("1.C1"), (6,), True)]
    assert g.state.players[1].pos == P("1.C1")
    assert g.tile(P("1.C1")).open


def test_R80_ordered_keypad_roll_that_fails_keeps_the_burglar_out():
    """A missed Orders roll keeps the burglar out, spends the Orders, adds no failed try."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.C1", K.KEYPAD, 3)
    g = park(t, 0).dice(3).game()
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, KeypadRolled) == [KeypadRolled(P("1.C1"), (3,), False)]
    assert of(ev, MoveBlocked) == [MoveBlocked(1, P("1.C1"), "keypad")]
    assert g.state.players[1].pos == P("1.B1")
    assert g.state.actions_left == 3
    assert g.state.keypad_fails == {}  # not a failed try of the Rook's own
    assert abilities(g) == []


def test_R80_ordered_into_a_motion_tile_the_entry_is_the_moved_burglars():
    """An ordered entry into Motion is the moved burglar's; leaving next turn is safe."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.C1", K.MOTION, 2)
    g = park(t, 0).game()
    g.apply("ability orders 2 1.C1")
    assert g.state.motion_entered == [[1, P("1.C1")]]
    g.apply("end")  # burglar 2's turn
    assert g.state.current == 1
    ev = g.apply("move 1.D1")
    assert of(ev, AlarmRaised) == []


def test_R80_motion_bookkeeping_is_per_burglar():
    """Motion entries are per burglar: ordering out one who did not enter it is no alarm."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.B1", K.MOTION, 2)
    g = park(t, 0).game()
    g.apply("move 1.B1")
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, AlarmRaised) == []
    assert g.state.players[1].pos == P("1.C1")
    ev = g.apply("move 1.A1")
    assert of(ev, AlarmRaised) == [AlarmRaised(P("1.B1"), "motion")]


def test_R80_ordered_across_a_revealed_laser_without_alarm_or_extra_action():
    """A revealed Laser under Orders is crossed as if its extra action were paid, for free."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.C1", K.LASER, 2)
    g = park(t, 0).game()
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, AlarmRaised) == of(ev, DecisionNeeded) == []
    assert g.state.pending is None
    assert g.state.players[1].pos == P("1.C1")
    assert g.state.actions_left == 3
    assert not g.tile(P("1.C1")).alarm


def test_R80_ordered_into_a_face_down_laser_crosses_it_without_alarm():
    """Orders waive a Laser's extra action whether it was revealed or not (as they waive a
    face-down Deadbolt's): no alarm, no decision."""
    t = rook().player(0, "1.A1").player(1, "1.B1").face_down("1.C1", K.LASER, 2)
    g = park(t, 0).game()
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, TileRevealed) == [TileRevealed(P("1.C1"), "laser", 2)]
    assert of(ev, AlarmRaised) == []
    assert of(ev, DecisionNeeded) == []
    assert g.state.players[1].pos == P("1.C1") and not g.tile(P("1.C1")).alarm


def test_R80_ordered_into_a_fingerprint_sets_it_off():
    """Every other entry effect applies to the ordered burglar: a Fingerprint alarm."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.C1", K.FINGERPRINT, 2)
    g = park(t, 0).game()
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, AlarmRaised) == [AlarmRaised(P("1.C1"), "fingerprint")]


def test_R80_ordered_into_a_revealed_deadbolt_at_no_extra_cost():
    """A revealed, empty Deadbolt costs the Rook just the 1 action of his Orders."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.C1", K.DEADBOLT, 2)
    g = park(t, 0).turn(actions=1).game()
    assert "ability orders 2 1.C1" in abilities(g)  # 1 action is enough
    g.apply("ability orders 2 1.C1")
    assert g.state.players[1].pos == P("1.C1")
    assert g.state.actions_left == 0


def test_R80_ordered_into_a_face_down_deadbolt_enters_it():
    """A face-down Deadbolt is revealed and the ordered burglar gets in (costs are waived)."""
    t = rook().player(0, "1.A1").player(1, "1.B1").face_down("1.C1", K.DEADBOLT, 2)
    g = park(t, 0).game()
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, TileRevealed) == [TileRevealed(P("1.C1"), "deadbolt", 2)]
    assert of(ev, MoveBlocked) == []
    assert g.state.players[1].pos == P("1.C1")
    assert g.state.actions_left == 3


def test_R80_ordered_into_the_guard_the_moved_burglar_loses_a_stealth():
    """Ordered into the guard's tile, the moved burglar (not the Rook) loses a Stealth."""
    t = rook().player(0, "1.A1").player(1, "1.C4")
    g = park(t, 0).game()
    ev = g.apply("ability orders 2 1.D4")
    assert of(ev, StealthLost) == [StealthLost(1, "entered-guard", False, 2)]
    assert g.state.players[0].stealth == 3


def test_R80_an_ordered_acrobat_gets_no_flexibility():
    """Flexibility is the Acrobat's own step: ordered into a guard, she loses a Stealth."""
    t = rook(mate=C.ACROBAT).player(0, "1.A1").player(1, "1.C4")
    g = park(t, 0).game()
    ev = g.apply("ability orders 2 1.D4")
    assert of(ev, StealthLost) == [StealthLost(1, "entered-guard", False, 2)]


def test_R80_ordered_up_the_stairs_sets_up_the_new_floors_guard():
    """Orders may send a burglar up the Stairs; the floor above then gets its guard."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.B1", K.STAIRS, 2)
    t.patrol(1, "2.D4", "2.D1")
    g = park(t, 0).game()
    assert "ability orders 2 2.B1" in abilities(g)
    ev = g.apply("ability orders 2 2.B1")
    assert of(ev, PlayerMoved) == [PlayerMoved(1, P("1.B1"), P("2.B1"), "stairs")]
    assert of(ev, GuardPlaced) == [GuardPlaced(1, P("2.D4"))]
    assert of(ev, DestinationSet) == [DestinationSet(1, P("2.D1"), "patrol")]
    assert g.state.floors[1].guard.placed


def test_R80_ordered_burglar_holding_the_gemstone_pays_nothing_extra():
    """The Gemstone's extra action for joining a burglar is waived under Orders."""
    t = rook().player(0, "1.A1").player(1, "1.B1", loot=(Loot.GEMSTONE,))
    g = park(t, 0).turn(actions=1).game()
    assert g.move_options(1)[P("1.A1")][0] == 2  # their own Move would cost 2
    g.apply("ability orders 2 1.A1")
    assert g.state.players[1].pos == P("1.A1")
    assert g.state.actions_left == 0


def test_R80_ordered_into_a_laboratory_the_moved_burglar_gets_the_tool():
    """Finding a Tool under Orders: it goes to the burglar who entered the Laboratory."""
    t = rook().player(0, "1.A1").player(1, "1.B1").tile("1.C1", K.LABORATORY, 2)
    g = park(t, 0).tools(Tool.EMP).game()
    ev = g.apply("ability orders 2 1.C1")
    assert of(ev, ToolDrawn) == [ToolDrawn(1, "emp", "laboratory")]
    assert g.state.players[1].tools == [Tool.EMP]
    assert g.state.players[0].tools == []


# ====================================================================== Rook: Disguise (R81)


def disguise(players: int = 2) -> Table:
    return Table(players=players, characters=(C.ROOK, C.SPOTTER, C.HAWK), sides=(ADVANCED,))


def test_R81_disguise_offers_each_burglar_on_another_tile_for_one_action():
    """Disguise swaps with any burglar inside on another tile; it costs 1 action."""
    t = disguise(players=3).player(0, "1.A1").player(1, "2.C3").player(2, "1.A1")
    g = park(t, 0, 1).game()
    assert abilities(g) == ["ability disguise 2"]  # burglar 3 shares the Rook's tile
    ev = g.apply("ability disguise 2")
    assert of(ev, PlayerMoved) == [
        PlayerMoved(0, P("1.A1"), P("2.C3"), "disguise"),
        PlayerMoved(1, P("2.C3"), P("1.A1"), "disguise"),
    ]
    assert (g.state.players[0].pos, g.state.players[1].pos) == (P("2.C3"), P("1.A1"))
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)
    assert abilities(g) == []


def test_R81_disguise_not_offered_without_someone_inside_or_without_actions():
    """No Disguise with a burglar not yet inside, or with no action left."""
    g = park(disguise().player(0, "1.A1").player(1, None), 0).game()
    assert abilities(g) == []
    t = disguise().player(0, "1.A1").player(1, "1.C3").turn(actions=0)
    assert abilities(park(t, 0).game()) == []


def test_R81_basic_rook_has_no_disguise():
    """The Orders side cannot swap places."""
    t = rook().player(0, "1.A1").player(1, "1.C3")
    g = park(t, 0).game()
    assert not any(a.startswith("ability disguise") for a in abilities(g))
    assert refused(g, "ability disguise 2")


def test_R81_disguise_sets_off_no_alarm_for_either_burglar():
    """Swapping onto a Laser and leaving the other on a Fingerprint: nobody enters, no alarm."""
    t = disguise().player(0, "1.A1").player(1, "1.C3")
    t.tile("1.A1", K.FINGERPRINT, 2).tile("1.C3", K.LASER, 3)
    g = park(t, 0).game()
    ev = g.apply("ability disguise 2")
    assert of(ev, AlarmRaised) == of(ev, DecisionNeeded) == []
    assert g.state.pending is None
    assert not g.tile(P("1.A1")).alarm and not g.tile(P("1.C3")).alarm


def test_R81_disguise_into_the_guards_tile_costs_no_stealth():
    """Taking the place of a burglar standing with the guard loses no Stealth."""
    t = disguise().player(0, "1.A1").player(1, "1.D4")
    g = park(t, 0).game()
    ev = g.apply("ability disguise 2")
    assert of(ev, StealthLost) == []
    assert g.state.players[0].pos == g.state.floors[0].guard.pos == P("1.D4")
    assert [p.stealth for p in g.state.players] == [3, 3]


def test_R81_disguise_onto_a_motion_tile_then_walking_off_is_no_alarm():
    """Arriving on a Motion tile by Disguise is not moving into it: walking off is safe."""
    t = disguise().player(0, "1.A1").player(1, "1.C3").tile("1.C3", K.MOTION, 2)
    g = park(t, 0).game()
    g.apply("ability disguise 2")
    assert g.state.motion_entered == []
    ev = g.apply("move 1.C2")
    assert of(ev, AlarmRaised) == []


def test_R81_disguise_to_another_floor_sets_up_its_guard():
    """Swapping onto a floor whose guard is not out yet sets that guard up."""
    t = disguise().player(0, "1.A1").player(1, "2.B2").patrol(1, "2.D4", "2.D1")
    g = park(t, 0).game()
    ev = g.apply("ability disguise 2")
    assert of(ev, GuardPlaced) == [GuardPlaced(1, P("2.D4"))]
    assert g.state.floors[1].guard.dest == P("2.D1")


def test_R81_disguise_onto_a_keypad_or_deadbolt_pays_no_extra_cost():
    """Swapping onto a locked Keypad rolls no die; onto a Deadbolt costs no extra action."""
    t = disguise(players=3).player(0, "1.A1").player(1, "1.C3").player(2, "2.B2")
    t.tile("1.C3", K.KEYPAD, 2).tile("2.B2", K.DEADBOLT, 3)
    g = park(t, 0, 1).game()
    ev = g.apply("ability disguise 2")
    assert of(ev, KeypadRolled) == [] and of(ev, MoveBlocked) == []
    assert g.state.players[0].pos == P("1.C3") and not g.tile(P("1.C3")).open
    t = disguise(players=3).player(0, "1.A1").player(1, "1.C3").player(2, "2.B2")
    g = park(t.tile("2.B2", K.DEADBOLT, 3), 0, 1).turn(actions=1).game()
    assert "ability disguise 3" in abilities(g)
    g.apply("ability disguise 3")
    assert g.state.players[0].pos == P("2.B2") and g.state.actions_left == 0


def test_R81_R07_pacing_back_onto_the_disguise_tile_does_not_dodge_the_event():
    """Stepping off the tile reached by Disguise and back is pacing: the return is not taken."""
    t = disguise().player(0, "1.A1").player(1, "1.C3").events(EventCard.LAMPSHADE)
    g = park(t, 0).game()
    g.apply("ability disguise 2")
    g.apply("move 1.C2")
    g.apply("move 1.C3")
    assert g.state.actions_taken == 2
    ev = g.apply("end")
    assert of(ev, EventDrawn) == [EventDrawn(0, "lampshade")]


@pytest.mark.parametrize(
    "first",
    ["peek 1.B1", "move 1.A2", "use makeup-kit", "give makeup-kit 3"],
)
def test_R81_disguise_only_as_the_very_first_thing_of_the_turn(first):
    """Any action first, even a free one (a Tool used, a card given), rules Disguise out."""
    t = disguise(players=3).player(0, "1.A1", tools=(Tool.MAKEUP_KIT,))
    t.player(1, "1.C3").player(2, "1.A1")
    g = park(t, 0).game()
    assert "ability disguise 2" in abilities(g)
    g.apply(first)
    assert g.state.actions_left >= 1
    assert "ability disguise 2" not in abilities(g)
    assert refused(g, "ability disguise 2")


def test_R81_disguise_is_offered_again_on_the_rooks_next_turn():
    """The first-action limit is per turn: the next turn opens with Disguise again."""
    t = disguise().player(0, "1.A1").player(1, "1.C3")
    g = park(t, 0).game()
    g.apply("peek 1.B1")
    g.apply("end")
    g.apply("end")  # burglar 2
    assert g.state.current == 0
    assert abilities(g) == ["ability disguise 2"]


# ====================================================================== Spotter (R82)


def spotter(side: Side = BASIC, **kw) -> Table:
    return Table(characters=(C.SPOTTER,), sides=(side,), **kw)


def clairvoyant() -> Table:
    """The Spotter on 1.A1; floor 1's guard walks D4 -> D3 (speed 1), deck B2, C3, D1, ..."""
    t = spotter().player(0, "1.A1")
    return t.guard(0, at="1.D4", dest="1.D3", speed=1, patrol=("1.B2", "1.C3", "1.D1", "1.A4"))


def test_R82_clairvoyance_shows_the_top_patrol_card_once_per_turn_for_one_action():
    """Clairvoyance: 1 action, once a turn, shows her floor's top Patrol card, top/bottom."""
    g = clairvoyant().game()
    assert abilities(g) == ["ability clairvoyance"]
    ev = g.apply("ability clairvoyance")
    assert of(ev, AbilityUsed) == [AbilityUsed(0, "clairvoyance", -1, -1, "")]
    assert of(ev, SpotterLooked) == [SpotterLooked(0, "clairvoyance", "1.B2")]
    assert of(ev, DecisionNeeded) == [DecisionNeeded("clairvoyance", ("top", "bottom"))]
    assert legal(g) == ["choose top", "choose bottom"]
    assert (g.state.actions_left, g.state.actions_taken) == (3, 1)
    g.apply("choose top")
    assert abilities(g) == []
    assert refused(g, "ability clairvoyance")


@pytest.mark.parametrize(("choice", "dest"), [("top", "1.B2"), ("bottom", "1.C3")])
def test_R82_clairvoyance_top_or_bottom_decides_the_guards_next_destination(choice, dest):
    """Kept on top the seen card is the next destination; put at the bottom, the next one is."""
    g = clairvoyant().game()
    g.apply("ability clairvoyance")
    g.apply(f"choose {choice}")
    deck = g.state.floors[0].guard.patrol
    if choice == "bottom":
        assert deck[0] == P("1.B2") and deck[-1] == P("1.C3")
    else:
        assert deck[-1] == P("1.B2")
    ev = g.apply("end")  # he reaches D3 and draws his next destination
    assert of(ev, DestinationSet) == [DestinationSet(0, P(dest), "patrol")]


def test_R82_a_patrol_card_kept_on_top_stays_known_to_the_crew_until_the_guard_draws_it():
    """The whole crew saw the card: kept on top it is public (samplers, the guard's forecast)
    until the guard draws it, and no longer after."""
    g = clairvoyant().game()
    guard = g.state.floors[0].guard
    assert guard.seen_top is None
    g.apply("ability clairvoyance")
    g.apply("choose top")
    assert guard.seen_top == P("1.B2")
    assert g.view()["floors"][0]["guard"]["seen_top"] == "1.B2"  # the page may show it
    g.apply("end")  # he reaches D3 and draws it
    assert g.state.floors[0].guard.dest == P("1.B2")
    assert g.state.floors[0].guard.seen_top is None


def test_R82_a_patrol_card_put_at_the_bottom_leaves_the_top_unknown():
    g = clairvoyant().game()
    g.apply("ability clairvoyance")
    g.apply("choose bottom")
    assert g.state.floors[0].guard.seen_top is None


def test_R82_a_card_put_at_the_bottom_of_a_one_card_deck_is_still_known_on_top():
    g = clairvoyant().guard(0, at="1.D4", dest="1.D3", speed=1, patrol=("1.B2",)).game()
    g.apply("ability clairvoyance")
    g.apply("choose bottom")
    assert g.state.floors[0].guard.seen_top == P("1.B2")


def test_R82_clairvoyance_on_a_fort_knox_24_card_patrol_deck():
    """On a 24-card Fort Knox deck of her floor, 'bottom' puts the seen card under the 23."""
    t = Table(players=4, scenario=ScenarioId.FORT_KNOX, characters=(C.SPOTTER,))
    t.player(0, "2.A1").guard(0, at="1.E5", dest="1.E4").guard(1, at="2.E5", dest="2.E4")
    g = t.game()
    deck = g.state.floors[1].guard.patrol
    deck.sort()  # a known order; top = last
    assert len(deck) == 24
    ground = list(g.state.floors[0].guard.patrol)
    top, second = deck[-1], deck[-2]
    ev = g.apply("ability clairvoyance")
    assert of(ev, SpotterLooked) == [SpotterLooked(0, "clairvoyance", pos_text(top))]
    g.apply("choose bottom")
    deck = g.state.floors[1].guard.patrol
    assert len(deck) == 24
    assert deck[0] == top and deck[-1] == second
    assert g.state.floors[0].guard.patrol == ground


def test_R82_clairvoyance_shows_a_lost_visual_card():
    """A Lost Visual card on top is shown as such."""
    g = clairvoyant().game()
    g.state.floors[0].guard.patrol.append(LOST_VISUAL)
    g._state_changed()
    ev = g.apply("ability clairvoyance")
    assert of(ev, SpotterLooked) == [SpotterLooked(0, "clairvoyance", "lost-visual")]
    g.apply("choose bottom")
    assert g.state.floors[0].guard.patrol[0] == LOST_VISUAL


def test_R82_clairvoyance_not_offered_on_an_empty_patrol_deck_or_without_actions():
    """No Clairvoyance on an empty Patrol deck or with no action left."""
    g = clairvoyant().game()
    g.state.floors[0].guard.patrol = []
    g._state_changed()
    assert abilities(g) == []
    assert refused(g, "ability clairvoyance")
    assert abilities(clairvoyant().turn(actions=0).game()) == []


def foresight(*events: EventCard) -> Game:
    t = spotter(ADVANCED).player(0, "1.A1")
    return park(t, 0).events(*events).game()


def test_R82_precognition_shows_the_top_event_once_per_turn_for_one_action():
    """Precognition costs 1 action, shows the top Event card, asks top/bottom, once a turn."""
    g = foresight(EventCard.LAMPSHADE, EventCard.ESPRESSO)
    assert abilities(g) == ["ability precognition"]
    ev = g.apply("ability precognition")
    assert of(ev, SpotterLooked) == [SpotterLooked(0, "precognition", "lampshade")]
    assert legal(g) == ["choose top", "choose bottom"]
    assert g.state.actions_left == 3
    g.apply("choose top")
    assert abilities(g) == []


@pytest.mark.parametrize(("choice", "drawn"), [("top", "lampshade"), ("bottom", "espresso")])
def test_R82_precognition_top_or_bottom_decides_the_next_event(choice, drawn):
    """The Event drawn at the end is the seen card, or the next one if it went to the bottom."""
    g = foresight(EventCard.LAMPSHADE, EventCard.ESPRESSO, EventCard.DAYDREAMING)
    g.apply("ability precognition")
    g.apply(f"choose {choice}")
    if choice == "bottom":
        assert g.state.events[0] == EventCard.LAMPSHADE
    ev = g.apply("end")  # 1 action taken: an Event is drawn
    assert of(ev, EventDrawn) == [EventDrawn(0, drawn)]


def test_R82_an_event_kept_on_top_stays_known_to_the_crew_until_it_is_drawn():
    """The whole crew saw the Event: left on top it is public (the view, the samplers) until
    it is drawn, and no longer after."""
    g = foresight(EventCard.LAMPSHADE, EventCard.ESPRESSO, EventCard.DAYDREAMING)
    g.apply("ability precognition")
    g.apply("choose top")
    assert g.state.events_seen == 1
    assert g.view()["decks"]["events_seen"] == ["lampshade"]  # the page may show it
    assert of(g.apply("end"), EventDrawn) == [EventDrawn(0, "lampshade")]
    assert g.state.events_seen == 0 and g.view()["decks"]["events_seen"] == []


def test_R82_an_event_put_at_the_bottom_leaves_the_top_unknown():
    g = foresight(EventCard.LAMPSHADE, EventCard.ESPRESSO, EventCard.DAYDREAMING)
    g.apply("ability precognition")
    g.apply("choose bottom")
    assert g.state.events_seen == 0 and g.view()["decks"]["events_seen"] == []


def test_R82_an_event_put_at_the_bottom_moves_the_events_seen_under_it_up():
    """After a Crystal Ball, the three top Events are known; Precognition burying the first
    leaves the other two known, on top."""
    t = spotter(ADVANCED).player(0, "1.A1", tools=(Tool.CRYSTAL_BALL,))
    g = park(t, 0).events(EventCard.LAMPSHADE, EventCard.REBOOT, EventCard.KEYCODE_CHANGE).game()
    g.apply("use crystal-ball")
    g.apply("choose lampshade,reboot,keycode-change")
    assert g.view()["decks"]["events_seen"] == ["lampshade", "reboot", "keycode-change"]
    g.apply("ability precognition")
    g.apply("choose bottom")
    assert g.view()["decks"]["events_seen"] == ["reboot", "keycode-change"]


def test_R82_precognition_not_offered_on_an_empty_event_deck():
    """No Precognition when the Event deck is empty (even with cards in its discard)."""
    g = foresight()
    g.state.event_discard = [EventCard.LAMPSHADE]
    assert abilities(g) == []
    assert refused(g, "ability precognition")


def test_R82_basic_spotter_has_no_precognition_and_advanced_no_clairvoyance():
    """Each side of the Spotter looks at its own deck only."""
    g = clairvoyant().events(EventCard.LAMPSHADE).game()
    assert abilities(g) == ["ability clairvoyance"]
    t = spotter(ADVANCED).player(0, "1.A1")
    g = t.guard(0, at="1.D4", dest="1.D3", patrol=("1.B2",)).game()
    assert abilities(g) == []


# ====================================================================== random games


CREW = (C.RAVEN, C.RIGGER, C.ROOK, C.SPOTTER)


def random_game(side: Side, scenario: ScenarioId, seed: int, seen: set[str]) -> int:
    """Random legal play with the four characters on `side` until the game ends (at most 300
    steps); after every step the state passes `check_state` and survives a JSON round trip.
    Adds the abilities and decisions met to `seen`; returns the number of steps."""
    setup = Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"P{i + 1}", c, side) for i, c in enumerate(CREW)),
        seed=seed,
    )
    g = new_game(setup)
    rnd = random.Random(seed)
    n = 0
    while n < 300 and not g.is_over():
        acts = g.legal_actions()
        mine = [a for a in acts if a.kind == "ability"]
        moves = [a for a in acts if a.kind == "move"]
        if mine and rnd.random() < 0.5:
            act = rnd.choice(mine)
        elif moves and rnd.random() < 0.6:
            act = rnd.choice(moves)
        else:
            act = rnd.choice(acts)
        if act.kind == "ability":
            seen.add(act.card)
        g.apply(act)
        n += 1
        if g.state.pending is not None:
            seen.add(g.state.pending.kind)
        check_state(g.state, g.setup)
        assert from_json(to_json(g)).state == g.state
    return n


@pytest.mark.slow
@pytest.mark.parametrize("side", [BASIC, ADVANCED])
def test_random_games_with_raven_rigger_rook_and_spotter(side):
    """Random play with these four burglars keeps a valid, saveable state; all abilities used."""
    seen: set[str] = set()
    scenarios = (ScenarioId.BANK, ScenarioId.FORT_KNOX, ScenarioId.OFFICE)
    total = seed = 0
    while total < 350:
        total += random_game(side, scenarios[seed % 3], seed, seen)
        seed += 1
    if side == BASIC:
        want = {"crow", "orders", "clairvoyance", "rigger-draw"}
    else:
        want = {"crow", "tinker", "disguise", "precognition", "rigger-draw"}
    assert want <= seen
