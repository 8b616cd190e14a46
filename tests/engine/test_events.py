"""The 26 Event cards, and when an Event is drawn.

Rules: rulebook 000 "Check for Events" and its Card Reference (Events), then 004's event list
and 001's French card texts; rules README rulings 2, 4 and 14; docs/rulings.md R07, R09,
R37, R40 and R50-R65. Each test stacks one Event on top of the deck and ends a short turn
(an Event is drawn when the turn took 2 actions or fewer), so the card resolves between the
end of the actions and the guard's move. Decisions are answered with `choose <option>`.
A Table's guards are all off the board unless a test places one: a floor without a guard
has no guard move.
"""

from __future__ import annotations

import pytest

from engine import PlayerSetup, Setup, new_game
from engine.rules.actions import parse_pos as P
from engine.rules.actions import pos_text
from engine.rules.data import SOLO_EVENTS_REMOVED, EventCard, Loot, Tool
from engine.rules.events import (
    ActionsGained,
    AlarmAvoided,
    AlarmCleared,
    AlarmRaised,
    CardNoEffect,
    CardPassed,
    DecisionNeeded,
    DeckEmpty,
    DestinationSet,
    EffectEnded,
    EventDrawn,
    GameWon,
    GuardMoved,
    GuardPlaced,
    GuardSkipped,
    GuardStarts,
    GuardTeleported,
    HackAdded,
    KeypadRolled,
    KeypadsLocked,
    MoveBlocked,
    PatrolDrawn,
    PlayerEscaped,
    PlayerMoved,
    StealthGained,
    StealthLost,
    TileRevealed,
    ToolDrawn,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from engine.rules.game import Game

from .builder import K, Table, legal, of, refused

E = EventCard


def before(events: list, first: type, then: type) -> bool:
    """The first event of type `first` comes before the first of type `then`."""
    idx = [i for i, e in enumerate(events) if isinstance(e, first)]
    jdx = [i for i, e in enumerate(events) if isinstance(e, then)]
    return bool(idx) and bool(jdx) and idx[0] < jdx[0]


def no_effect(events: list, card: EventCard) -> list[str]:
    """The reasons given by CardNoEffect events for this card."""
    return [e.reason for e in events if isinstance(e, CardNoEffect) and e.card == card.value]


def until(events: list, cls: type) -> list:
    """The events before the first one of type `cls` (all of them if there is none)."""
    for i, e in enumerate(events):
        if isinstance(e, cls):
            return events[:i]
    return events


def drawn(events: list) -> list[str]:
    return [e.card for e in events if isinstance(e, EventDrawn)]


def guard_moves(events: list, floor: int) -> list[tuple[str, str]]:
    return [
        (_txt(e.src), _txt(e.dst)) for e in events if isinstance(e, GuardMoved) and e.floor == floor
    ]


def _txt(pos: int) -> str:
    return pos_text(pos)


# ---------------------------------------------------------------------- when an Event is drawn


def test_R07_rollerskates_actions_left_do_not_draw_an_event():
    """With Rollerskates (6 actions), taking 3 actions draws no Event though 3 are left."""
    g = Table().player(0, "1.B2", tools=(Tool.ROLLERSKATES,)).events(E.LAMPSHADE).game()
    ev = g.apply("use rollerskates")
    assert of(ev, ActionsGained) == [ActionsGained(0, 2, "rollerskates")]
    assert g.state.actions_left == 6
    for target in ("1.A2", "1.C2", "1.B1"):
        g.apply(f"peek {target}")
    ev = g.apply("end")
    assert drawn(ev) == []
    assert of(ev, TurnEnded) == [TurnEnded(0, 3)]


def test_R07_rollerskates_two_actions_taken_draws_an_event():
    """With Rollerskates used, ending after 2 actions taken still draws an Event."""
    g = Table().player(0, "1.B2", tools=(Tool.ROLLERSKATES,)).events(E.LAMPSHADE).game()
    g.apply("use rollerskates")
    g.apply("peek 1.A2")
    g.apply("peek 1.C2")
    assert drawn(g.apply("end")) == ["lampshade"]


def mirror_second_turn(loot: tuple[Loot, ...]) -> tuple[Game, list]:
    """A solo burglar holding `loot` plays a full first turn; returns the game and its events."""
    g = Table().player(0, "1.B2", loot=loot).events(E.LAMPSHADE).game()
    for target in ("1.C2", "1.B2", "1.C2", "1.B2"):
        g.apply(f"move {target}")
    return g, g.apply("end")


@pytest.mark.parametrize(("taken", "event"), [(2, True), (3, False)])
def test_R07_mirror_turn_of_three_actions_counts_actions_taken(taken, event):
    """The Mirror gives 3 actions: taking 2 draws an Event, taking all 3 draws none."""
    g, ev = mirror_second_turn((Loot.MIRROR,))
    assert of(ev, TurnStarted)[-1] == TurnStarted(0, 3)
    for target in ("1.A2", "1.B1", "1.B3")[:taken]:
        g.apply(f"peek {target}")
    assert g.state.actions_left == 3 - taken
    assert drawn(g.apply("end")) == (["lampshade"] if event else [])


def test_R07_mirror_and_stamp_three_actions_taken_draws_an_event():
    """Mirror and Stamp together: all 3 actions taken still draw an Event (threshold 3)."""
    g, ev = mirror_second_turn((Loot.MIRROR, Loot.STAMP))
    assert of(ev, TurnStarted)[-1] == TurnStarted(0, 3)
    for target in ("1.A2", "1.B1", "1.B3"):
        g.apply(f"peek {target}")
    assert drawn(g.apply("end")) == ["lampshade"]


def heads_up_for_player_two(**p2: object) -> tuple[Game, list]:
    """Burglar 1 draws Heads Up!; returns the game (burglar 2's turn) and the end events."""
    g = (
        Table(players=2)
        .player(0, "1.A1")
        .player(1, "1.B2", **p2)  # type: ignore[arg-type]
        .events(E.HEADS_UP, E.LAMPSHADE)
        .game()
    )
    return g, g.apply("end")


def test_R56_heads_up_gives_the_next_burglar_one_more_action():
    """Heads Up!: the next burglar starts their turn with 5 actions."""
    g, ev = heads_up_for_player_two()
    assert drawn(ev) == ["heads-up"]
    assert of(ev, TurnStarted) == [TurnStarted(1, 5)]
    assert g.state.actions_left == 5


def test_R56_heads_up_bonus_lasts_one_turn_only():
    """The extra action of Heads Up! is gone on that burglar's following turn."""
    g, _ = heads_up_for_player_two()
    for target in ("1.A2", "1.C2", "1.B1"):
        g.apply(f"peek {target}")
    g.apply("end")  # burglar 2, 3 actions taken: no Event
    ev = g.apply("end")  # burglar 1 draws Lampshade
    assert of(ev, TurnStarted) == [TurnStarted(1, 4)]


@pytest.mark.parametrize(("taken", "event"), [(2, True), (3, False)])
def test_R07_heads_up_turn_of_five_actions_counts_actions_taken(taken, event):
    """After Heads Up! (5 actions) an Event comes after 2 actions taken, not after 3."""
    g, _ = heads_up_for_player_two()
    for target in ("1.A2", "1.C2", "1.B1")[:taken]:
        g.apply(f"peek {target}")
    assert drawn(g.apply("end")) == (["lampshade"] if event else [])


@pytest.mark.parametrize(("taken", "event"), [(3, True), (4, False)])
def test_R07_heads_up_with_stamp_counts_actions_taken(taken, event):
    """Heads Up! and the Stamp: 5 actions, an Event after 3 taken, none after 4."""
    g, _ = heads_up_for_player_two(loot=(Loot.STAMP,))
    for target in ("1.A2", "1.C2", "1.B1", "1.B3")[:taken]:
        g.apply(f"peek {target}")
    assert g.state.actions_left == 5 - taken
    assert drawn(g.apply("end")) == (["lampshade"] if event else [])


def test_R56_heads_up_alone_gives_yourself_the_action():
    """In a solo game Heads Up! gives the extra action to your own next turn."""
    g = Table().player(0, "1.A1").events(E.HEADS_UP).game()
    assert of(g.apply("end"), TurnStarted) == [TurnStarted(0, 5)]


def test_R56_heads_up_skips_an_escaped_burglar():
    """Heads Up! goes to the next burglar still playing: an escaped one is passed over."""
    t = Table(players=3).player(0, "1.A1").player(1, None).player(2, "1.C3")
    t.events(E.HEADS_UP)
    g = t.game()
    g.state.players[1].escaped = True
    assert of(g.apply("end"), TurnStarted) == [TurnStarted(2, 5)]


def test_R09_event_deck_is_rebuilt_from_its_discard_when_empty():
    """A one-card Event deck: the second draw reshuffles the discard and draws it again."""
    g = Table().player(0, "1.A1").events(E.LAMPSHADE).game()
    assert drawn(g.apply("end")) == ["lampshade"]
    assert g.state.events == [] and g.state.event_discard == [E.LAMPSHADE]
    ev = g.apply("end")
    assert drawn(ev) == ["lampshade"]
    assert of(ev, StealthGained) == [StealthGained(0, 1, "lampshade")]
    assert g.state.players[0].stealth == 5


def test_no_event_when_deck_and_discard_are_empty():
    """With no Event card anywhere, a short turn simply draws nothing."""
    g = Table().player(0, "1.A1").game()
    assert drawn(g.apply("end")) == []


def test_R40_solo_event_deck_drops_the_two_burglar_events():
    """One burglar: Buddy System, Dead Drop and Jump the Gun are not in the Event deck."""
    g = new_game(Setup(players=(PlayerSetup("Solo"),), seed=7))
    deck = set(g.state.events)
    assert {E.BUDDY_SYSTEM, E.DEAD_DROP, E.JUMP_THE_GUN} == set(SOLO_EVENTS_REMOVED)
    assert deck.isdisjoint(SOLO_EVENTS_REMOVED)
    assert len(g.state.events) == 23 and deck == set(E) - SOLO_EVENTS_REMOVED


def test_R40_two_burglars_play_with_all_26_events():
    """Two or more burglars: the Event deck holds all 26 cards."""
    g = new_game(Setup(players=(PlayerSetup("A"), PlayerSetup("B")), seed=7))
    assert sorted(g.state.events) == sorted(E)
    assert len(g.state.events) == 26


def test_card_decision_allows_only_its_choices():
    """While an Event waits for a choice, only its `choose` options are legal."""
    g = Table().player(0, "2.B2").events(E.PEEKHOLE).game()
    g.apply("end")
    opts = g.state.pending.options
    assert legal(g) == [f"choose {o}" for o in opts]
    assert refused(g, "end")
    assert refused(g, "peek 2.B1")
    assert refused(g, "choose 2.D4")


# ---------------------------------------------------------------------- Brown Out


def test_R50_brown_out_clears_every_alarm_and_draws_a_card_per_alarm():
    """Brown Out removes all alarms; a floor draws one patrol card per alarm, the last is
    the guard's destination; a floor with no guard draws nothing."""
    t = (
        Table()
        .player(0, "1.A1")
        .tile("1.C3", K.FINGERPRINT, alarm=True)
        .tile("1.D3", K.FINGERPRINT, alarm=True)
        .tile("2.B2", K.FINGERPRINT, alarm=True)
        .tile("3.C2", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D1", dest="1.D3", patrol=("1.A4", "1.B4"))
        .guard(1, at="2.A1", dest="2.B2", patrol=("2.D4",))
        .events(E.BROWN_OUT)
    )
    g = t.game()
    ev = g.apply("end")
    assert {e.pos for e in of(ev, AlarmCleared)} == {P(x) for x in ("1.C3", "1.D3", "2.B2", "3.C2")}
    assert all(g.alarms(f) == [] for f in range(3))
    assert [(e.floor, e.card) for e in of(ev, PatrolDrawn)] == [
        (0, P("1.A4")),
        (0, P("1.B4")),
        (1, P("2.D4")),
    ]
    assert of(ev, DestinationSet) == [
        DestinationSet(0, P("1.B4"), "patrol"),
        DestinationSet(1, P("2.D4"), "patrol"),
    ]
    # The guard moves afterwards at his die's speed: no alarm adds to it any more.
    assert of(ev, GuardStarts) == [GuardStarts(0, 2)]


def test_brown_out_without_alarm_has_no_effect():
    """Brown Out with no alarm anywhere does nothing and says so."""
    g = Table().player(0, "1.A1").guard(0, at="1.D1", dest="1.D4").events(E.BROWN_OUT).game()
    ev = g.apply("end")
    assert no_effect(ev, E.BROWN_OUT) == ["no-alarm"]
    assert of(ev, PatrolDrawn) == []


# ---------------------------------------------------------------------- Buddy System


def test_R51_buddy_system_brings_a_burglar_to_your_tile_without_entering():
    """Buddy System moves another burglar onto your tile; no alarm, no Stealth for the guard."""
    t = (
        Table(players=2)
        .tile("1.B2", K.FINGERPRINT)
        .player(0, "1.B2")
        .player(1, "2.C3")
        .guard(0, at="1.B2", dest="1.D4")
        .events(E.BUDDY_SYSTEM)
    )
    g = t.game()
    ev = g.apply("end")
    assert of(ev, DecisionNeeded) == [DecisionNeeded("buddy", ("2",))]
    ev = g.apply("choose 2")
    assert of(ev, PlayerMoved)[0] == PlayerMoved(1, P("2.C3"), P("1.B2"), "buddy")
    assert g.state.players[1].pos == P("1.B2")
    assert of(ev, AlarmRaised) == []
    assert of(ev, StealthLost) == []
    assert g.state.players[1].stealth == 3


def test_R51_buddy_system_offers_every_burglar_elsewhere_inside():
    """The choice lists the burglars inside but not on your tile, nor escaped ones."""
    t = (
        Table(players=4)
        .player(0, "1.B2")
        .player(1, "1.B2")
        .player(2, "3.A1")
        .player(3, "2.D4")
        .events(E.BUDDY_SYSTEM)
    )
    g = t.game()
    g.apply("end")
    assert g.state.pending.kind == "buddy"
    assert g.state.pending.options == ["3", "4"]
    g.apply("choose 3")
    assert g.state.players[2].pos == P("1.B2")
    assert g.state.players[3].pos == P("2.D4")


def test_buddy_system_with_nobody_to_bring_has_no_effect():
    """Buddy System with the other burglar escaped (or already here) does nothing."""
    g = Table(players=2).player(0, "1.B2").player(1, None).events(E.BUDDY_SYSTEM).game()
    g.state.players[1].escaped = True
    ev = g.apply("end")
    assert no_effect(ev, E.BUDDY_SYSTEM) == ["nobody"]
    assert g.state.pending is None


# ---------------------------------------------------------------------- Change of Plans


def test_change_of_plans_gives_the_guard_a_new_patrol_card():
    """Change of Plans: the next patrol card becomes the guard's destination, before he moves."""
    t = Table().player(0, "1.A4").guard(0, at="1.D1", dest="1.D4", patrol=("1.A1",))
    g = t.events(E.CHANGE_OF_PLANS).game()
    ev = g.apply("end")
    assert of(ev, DestinationSet) == [DestinationSet(0, P("1.A1"), "patrol")]
    assert before(ev, DestinationSet, GuardStarts)
    assert guard_moves(ev, 0) == [("1.D1", "1.C1"), ("1.C1", "1.B1")]


def test_change_of_plans_does_nothing_with_an_alarm_on_your_floor():
    """With an alarm active on your floor, Change of Plans does nothing."""
    t = (
        Table()
        .player(0, "1.A4")
        .tile("1.D4", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D1", dest="1.D4", patrol=("1.A1",))
        .events(E.CHANGE_OF_PLANS)
    )
    g = t.game()
    ev = g.apply("end")
    assert no_effect(ev, E.CHANGE_OF_PLANS) == ["alarm-active"]
    assert of(until(ev, GuardStarts), PatrolDrawn) == []
    assert guard_moves(ev, 0)[0] == ("1.D1", "1.D2")


def test_change_of_plans_ignores_alarms_on_other_floors():
    """An alarm on another floor does not stop Change of Plans on yours (004: 'your floor')."""
    t = (
        Table()
        .player(0, "1.A4")
        .tile("2.D4", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D1", dest="1.D4", patrol=("1.A1",))
        .events(E.CHANGE_OF_PLANS)
    )
    g = t.game()
    ev = g.apply("end")
    assert of(ev, DestinationSet)[0] == DestinationSet(0, P("1.A1"), "patrol")


# ---------------------------------------------------------------------- Crash!


def test_crash_sets_the_guard_destination_on_your_tile():
    """Crash!: the guard's destination becomes your tile, and he heads there this turn."""
    t = Table().player(0, "1.A1").guard(0, at="1.D1", dest="1.D4").events(E.CRASH)
    g = t.game()
    ev = g.apply("end")
    assert of(ev, DestinationSet) == [DestinationSet(0, P("1.A1"), "crash")]
    assert before(ev, DestinationSet, GuardStarts)
    assert guard_moves(ev, 0) == [("1.D1", "1.C1"), ("1.C1", "1.B1")]
    assert g.state.floors[0].guard.dest == P("1.A1")


def test_crash_does_nothing_with_an_alarm_on_your_floor():
    """Crash! has no effect while an alarm is active on your floor."""
    t = (
        Table()
        .player(0, "1.A1")
        .tile("1.D4", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D1", dest="1.D4")
        .events(E.CRASH)
    )
    g = t.game()
    ev = g.apply("end")
    assert no_effect(ev, E.CRASH) == ["alarm-active"]
    assert of(until(ev, GuardStarts), DestinationSet) == []
    assert guard_moves(ev, 0)[0] == ("1.D1", "1.D2")


# ---------------------------------------------------------------------- Daydreaming, Espresso


@pytest.mark.parametrize(("card", "steps"), [(E.DAYDREAMING, 1), (E.ESPRESSO, 3)])
def test_R65_daydreaming_and_espresso_change_this_turns_guard_move(card, steps):
    """Daydreaming: the guard moves one tile less this turn; Espresso: one tile more."""
    g = Table().player(0, "1.A1").guard(0, at="1.D1", dest="1.A4").events(card).game()
    ev = g.apply("end")
    assert of(ev, GuardStarts) == [GuardStarts(0, steps)]
    assert len(guard_moves(ev, 0)) == steps


def test_R65_espresso_adds_to_the_alarms_bonus():
    """Espresso adds its step to the die plus active alarms."""
    t = (
        Table()
        .player(0, "1.A1")
        .tile("1.A4", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D1", dest="1.A4")
        .events(E.ESPRESSO)
    )
    ev = t.game().apply("end")
    assert of(ev, GuardStarts) == [GuardStarts(0, 4)]


@pytest.mark.parametrize("card", [E.DAYDREAMING, E.ESPRESSO])
def test_R65_daydreaming_and_espresso_last_this_turn_only(card):
    """On the next turn the guard is back to his die's speed."""
    g = Table().player(0, "1.A1").guard(0, at="1.D1", dest="1.A4").events(card).game()
    g.apply("end")
    for target in ("1.A2", "1.A3", "1.B3"):  # three new tiles: three actions taken
        g.apply(f"move {target}")
    ev = g.apply("end")
    assert drawn(ev) == []
    assert of(ev, GuardStarts) == [GuardStarts(0, 2)]


def test_R65_espresso_applies_to_a_lost_guard_coming_back():
    """A guard off the board (Lost Visual) comes back and moves his speed plus Espresso."""
    t = Table().player(0, "1.A1").guard(0, at="1.D1", dest="1.D4", patrol=("1.D4", "1.D1"))
    t.events(E.ESPRESSO)
    g = t.game()
    gd = g.state.floors[0].guard
    gd.pos, gd.dest, gd.lost = None, None, True
    ev = g.apply("end")
    assert of(ev, GuardPlaced) == [GuardPlaced(0, P("1.D4"))]
    assert of(ev, GuardStarts) == [GuardStarts(0, 3)]
    assert len(guard_moves(ev, 0)) == 3


# ---------------------------------------------------------------------- Dead Drop


def test_R52_dead_drop_passes_all_cards_to_the_burglar_on_your_right():
    """Dead Drop: every Tool and Loot goes to the previous burglar in turn order."""
    t = (
        Table(players=3)
        .player(0, "1.A1", tools=(Tool.CROWBAR, Tool.DONUTS), loot=(Loot.TIARA,))
        .player(1, "2.B1")
        .player(2, "3.C1")
        .events(E.DEAD_DROP)
    )
    g = t.game()
    ev = g.apply("end")
    assert sorted((e.card, e.giver, e.receiver) for e in of(ev, CardPassed)) == [
        ("crowbar", 0, 2),
        ("donuts", 0, 2),
        ("tiara", 0, 2),
    ]
    p1, p2, p3 = g.state.players
    assert p1.tools == [] and p1.loot == []
    assert p2.tools == [] and p2.loot == []
    assert sorted(p3.tools) == [Tool.CROWBAR, Tool.DONUTS] and p3.loot == [Loot.TIARA]


def test_R52_dead_drop_skips_an_escaped_burglar():
    """The cards go to the previous burglar still inside; an escaped one is passed over."""
    t = (
        Table(players=3)
        .player(0, "1.A1")
        .player(1, "1.B1", tools=(Tool.EMP,))
        .player(2, "1.C1")
        .turn(1)
        .events(E.DEAD_DROP)
    )
    t.player(0, None)
    g = t.game()
    g.state.players[0].escaped = True
    ev = g.apply("end")
    assert [(e.card, e.giver, e.receiver) for e in of(ev, CardPassed)] == [("emp", 1, 2)]


def test_R52_dead_drop_keeps_a_gold_bar_the_receiver_cannot_hold():
    """A burglar holding a Gold Bar cannot take a second one: it stays with you."""
    t = (
        Table(players=2)
        .player(0, "1.A1", loot=(Loot.GOLD_BAR, Loot.TIARA))
        .player(1, "1.B1", loot=(Loot.GOLD_BAR,))
        .events(E.DEAD_DROP)
    )
    g = t.game()
    ev = g.apply("end")
    assert [e.card for e in of(ev, CardPassed)] == ["tiara"]
    assert g.state.players[0].loot == [Loot.GOLD_BAR]
    assert sorted(g.state.players[1].loot) == [Loot.GOLD_BAR, Loot.TIARA]


def test_R52_dead_drop_skips_a_burglar_not_yet_in_the_building():
    """First round: a burglar who has not appeared yet receives nothing (engine's choice)."""
    t = Table(players=2).player(0, "1.A1", tools=(Tool.EMP,)).player(1, None)
    g = t.events(E.DEAD_DROP).game()
    g.state.players[1].entered = False
    ev = g.apply("end")
    assert no_effect(ev, E.DEAD_DROP) == ["nobody"]
    assert g.state.players[0].tools == [Tool.EMP]


def test_dead_drop_with_empty_hands_has_no_effect():
    """Dead Drop with no card in hand does nothing and says so."""
    g = Table(players=2).player(0, "1.A1").player(1, "1.B1").events(E.DEAD_DROP).game()
    ev = g.apply("end")
    assert no_effect(ev, E.DEAD_DROP) == ["empty-hands"]
    assert of(ev, CardPassed) == []


# ---------------------------------------------------------------------- Freight Elevator


def test_R53_freight_elevator_lifts_you_one_floor_without_entering():
    """Freight Elevator puts you on the tile above; a face-down Fingerprint there is revealed
    but raises no alarm (a fall is not an entry)."""
    t = (
        Table()
        .player(0, "1.B2")
        .face_down("2.B2", K.FINGERPRINT)
        .guard(1, at="2.D4", dest="2.D1")
        .events(E.FREIGHT_ELEVATOR)
    )
    g = t.game()
    ev = g.apply("end")
    assert PlayerMoved(0, P("1.B2"), P("2.B2"), "elevator") in ev
    assert TileRevealed(P("2.B2"), "fingerprint", 1) in ev
    assert of(ev, AlarmRaised) == []
    assert g.state.players[0].pos == P("2.B2")


def test_R53_freight_elevator_onto_a_guard_costs_no_stealth():
    """Landing by Freight Elevator on the guard's tile costs no Stealth."""
    t = Table().player(0, "1.B2").guard(1, at="2.B2", dest="2.D4").events(E.FREIGHT_ELEVATOR)
    g = t.game()
    ev = g.apply("end")
    assert g.state.players[0].pos == P("2.B2")
    assert of(ev, StealthLost) == []
    assert g.state.players[0].stealth == 3


def test_R53_freight_elevator_sets_up_the_upper_guard_who_then_moves():
    """Reaching a floor whose guard is not set up places him; he is then the guard who moves."""
    t = (
        Table()
        .player(0, "1.B2")
        .guard(0, at="1.D4", dest="1.D1")
        .patrol(1, "2.D4", "2.A1")
        .events(E.FREIGHT_ELEVATOR)
    )
    g = t.game()
    ev = g.apply("end")
    assert of(ev, GuardPlaced) == [GuardPlaced(1, P("2.D4"))]
    assert of(ev, GuardStarts) == [GuardStarts(1, 3)]  # the Bank's floor-2 guard die
    assert guard_moves(ev, 0) == []
    assert guard_moves(ev, 1)[0] == ("2.D4", "2.C4")


def top_floor_with_safes(players: int, all_open: bool) -> Table:
    """Burglar 1 on 3.B2 of a Bank whose three Safes are open (or the top one still closed)."""
    t = Table(players=players)
    t.tile("1.D4", K.SAFE, 0, safe_open=True)
    t.tile("2.D4", K.SAFE, 0, safe_open=True)
    t.tile("3.D4", K.SAFE, 0, safe_open=all_open)
    t.player(0, "3.B2")
    if players > 1:
        t.player(1, "1.A1")
    return t.events(E.FREIGHT_ELEVATOR)


def test_R53_freight_elevator_on_the_top_floor_escapes_with_all_the_loot():
    """README ruling 4: on the top floor with all the Loot held, Freight Elevator escapes you."""
    g = top_floor_with_safes(1, all_open=True).game()
    ev = g.apply("end")
    assert PlayerEscaped(0) in ev
    assert GameWon() in ev
    assert g.outcome == "win" and g.is_over()


def test_R53_freight_elevator_escape_leaves_the_others_playing():
    """One burglar escaping by Freight Elevator: no guard moves for them (R08) and the game
    goes on with the next burglar."""
    t = top_floor_with_safes(2, all_open=True).guard(2, at="3.D1", dest="3.A1")
    g = t.game()
    ev = g.apply("end")
    assert PlayerEscaped(0) in ev
    assert GameWon() not in ev
    assert of(ev, GuardMoved) == []
    assert g.state.players[0].escaped and g.state.players[0].pos is None
    assert of(ev, TurnStarted) == [TurnStarted(1, 4)]


def test_R53_freight_elevator_on_the_top_floor_without_all_loot_does_nothing():
    """README ruling 4: on the top floor with a Safe still closed, nothing happens."""
    g = top_floor_with_safes(1, all_open=False).game()
    ev = g.apply("end")
    assert no_effect(ev, E.FREIGHT_ELEVATOR) == ["loot-missing"]
    assert of(ev, PlayerEscaped) == []
    assert g.state.players[0].pos == P("3.B2")
    assert not g.is_over()


def test_R53_freight_elevator_escapes_even_under_time_lock():
    """Time Lock locks the Stairs, not the elevator: Freight Elevator still escapes you."""
    t = top_floor_with_safes(2, all_open=True).turn(1).events(E.TIME_LOCK, E.FREIGHT_ELEVATOR)
    g = t.game()
    g.apply("end")  # burglar 2 draws Time Lock
    assert g.state.current == 0 and "time-lock" in g.state.lasting
    ev = g.apply("end")  # burglar 1, on the top floor, draws Freight Elevator
    assert PlayerEscaped(0) in ev


def test_R53_freight_elevator_needs_loot_lying_on_a_tile_picked_up():
    """Loot left on a tile (the second Gold Bar) is not held: no escape."""
    t = top_floor_with_safes(1, all_open=True)
    t.tile("2.A1", K.SAFE, 0, safe_open=True, loot=[Loot.GOLD_BAR])
    g = t.game()
    ev = g.apply("end")
    assert no_effect(ev, E.FREIGHT_ELEVATOR) == ["loot-missing"]
    assert not g.is_over()


# ---------------------------------------------------------------------- Lost Grip


def test_R53_lost_grip_drops_you_one_floor_without_entering():
    """Lost Grip puts you on the tile below; a face-down Fingerprint there raises no alarm."""
    t = (
        Table()
        .player(0, "2.B2")
        .face_down("1.B2", K.FINGERPRINT)
        .guard(0, at="1.D4", dest="1.D1")
        .events(E.LOST_GRIP)
    )
    g = t.game()
    ev = g.apply("end")
    assert PlayerMoved(0, P("2.B2"), P("1.B2"), "lost-grip") in ev
    assert TileRevealed(P("1.B2"), "fingerprint", 1) in ev
    assert of(ev, AlarmRaised) == []
    assert g.state.players[0].pos == P("1.B2")


def test_R53_lost_grip_onto_a_guard_costs_no_stealth():
    """Falling by Lost Grip onto the guard's tile costs no Stealth."""
    t = Table().player(0, "2.B2").guard(0, at="1.B2", dest="1.D4").events(E.LOST_GRIP)
    g = t.game()
    ev = g.apply("end")
    assert g.state.players[0].pos == P("1.B2")
    assert of(ev, StealthLost) == []


def test_R53_lost_grip_onto_a_face_down_walkway_does_not_chain():
    """Falling onto a face-down Walkway reveals it and stops there (R29: no chain)."""
    t = Table().player(0, "3.B2").face_down("2.B2", K.WALKWAY).events(E.LOST_GRIP)
    g = t.game()
    ev = g.apply("end")
    assert g.state.players[0].pos == P("2.B2")
    assert TileRevealed(P("2.B2"), "walkway", 1) in ev
    assert not g.tile(P("1.B2")).revealed


def test_lost_grip_on_the_ground_floor_has_no_effect():
    """Lost Grip on the ground floor does nothing and says so."""
    g = Table().player(0, "1.B2").events(E.LOST_GRIP).game()
    ev = g.apply("end")
    assert no_effect(ev, E.LOST_GRIP) == ["ground-floor"]
    assert g.state.players[0].pos == P("1.B2")


# ---------------------------------------------------------------------- Go With Your Gut


def test_R54_go_with_your_gut_asks_which_adjacent_face_down_tile():
    """Several adjacent face-down tiles (no wall between): the player chooses; it is a Move
    that spends no action."""
    t = (
        Table()
        .walls(0, "B2|C2")
        .tile("1.B1", K.LABORATORY, tool_taken=True)
        .player(0, "1.B2")
        .events(E.GO_WITH_YOUR_GUT)
    )
    g = t.game()
    ev = g.apply("end")
    assert g.state.pending.kind == "gut"
    assert set(g.state.pending.options) == {"1.A2", "1.B3"}
    ev = g.apply("choose 1.B3")
    assert PlayerMoved(0, P("1.B2"), P("1.B3"), "walk") in ev
    assert TileRevealed(P("1.B3"), "laboratory", 0) in ev
    assert of(ev, TurnEnded) == [TurnEnded(0, 0)]
    assert g.state.players[0].pos == P("1.B3")


def test_R54_go_with_your_gut_with_one_choice_moves_at_once():
    """With exactly one adjacent face-down tile, Go With Your Gut moves there with no choice."""
    t = Table().reveal_floor(0).face_down("1.A2", K.LABORATORY, tool_taken=True)
    g = t.player(0, "1.A1").events(E.GO_WITH_YOUR_GUT).game()
    ev = g.apply("end")
    assert of(ev, DecisionNeeded) == []
    assert g.state.players[0].pos == P("1.A2")


def test_go_with_your_gut_with_no_face_down_tile_has_no_effect():
    """No adjacent face-down tile reachable (one is behind a wall): nothing happens."""
    t = Table().reveal_floor(0).face_down("1.B1", K.LABORATORY).walls(0, "A1|B1")
    g = t.player(0, "1.A1").events(E.GO_WITH_YOUR_GUT).game()
    ev = g.apply("end")
    assert no_effect(ev, E.GO_WITH_YOUR_GUT) == ["nothing-unrevealed"]
    assert g.state.players[0].pos == P("1.A1")


def gut_into(kind: K, *extra: tuple[str, K, dict]) -> Table:
    """Burglar on 1.A1 of a revealed floor; the only face-down neighbour 1.A2 is `kind`."""
    t = Table().reveal_floor(0).face_down("1.A2", kind)
    for where, k, tokens in extra:
        t.tile(where, k, **tokens)
    return t.player(0, "1.A1").events(E.GO_WITH_YOUR_GUT)


def test_R54_go_with_your_gut_into_a_keypad_rolls_one_die_and_enters_on_a_six():
    """A locked Keypad: one die is rolled; a 6 opens it and you move in."""
    g = gut_into(K.KEYPAD).dice(6).game()
    ev = g.apply("end")
    assert of(ev, KeypadRolled) == [KeypadRolled(P("1.A2"), (6,), True)]
    assert g.state.players[0].pos == P("1.A2")
    assert g.tile(P("1.A2")).open


def test_R54_go_with_your_gut_into_a_keypad_failing_the_roll_stays():
    """A failed Keypad roll (one die) leaves you where you were."""
    g = gut_into(K.KEYPAD).dice(5).game()
    ev = g.apply("end")
    assert of(ev, KeypadRolled) == [KeypadRolled(P("1.A2"), (5,), False)]
    assert MoveBlocked(0, P("1.A2"), "keypad") in ev
    assert g.state.players[0].pos == P("1.A1")


def test_R54_go_with_your_gut_into_a_face_down_deadbolt_stays():
    """A face-down Deadbolt is revealed and you stay: one action is not enough."""
    g = gut_into(K.DEADBOLT).game()
    ev = g.apply("end")
    assert TileRevealed(P("1.A2"), "deadbolt", 1) in ev
    assert MoveBlocked(0, P("1.A2"), "deadbolt") in ev
    assert g.state.players[0].pos == P("1.A1")


def test_R54_go_with_your_gut_into_a_laser_triggers_the_alarm():
    """A face-down Laser: you cannot pay the extra action, so the alarm goes off."""
    g = gut_into(K.LASER).game()
    ev = g.apply("end")
    assert g.state.players[0].pos == P("1.A2")
    assert AlarmRaised(P("1.A2"), "laser") in ev
    assert of(ev, DecisionNeeded) == []


def test_R54_go_with_your_gut_laser_offers_a_hack_but_never_payment():
    """With a Laser hack token available, the choice is hack or trigger, never pay."""
    g = gut_into(K.LASER, ("1.D4", K.COMPUTER_LASER, {"hack": 1})).game()
    g.apply("end")
    assert g.state.pending.kind == "alarm"
    assert g.state.pending.options == ["hack", "trigger"]


def test_R54_go_with_your_gut_into_the_guard_costs_stealth():
    """Go With Your Gut is a real Move: entering the guard's tile costs a Stealth."""
    g = gut_into(K.LABORATORY).guard(0, at="1.A2", dest="1.D4").game()
    ev = g.apply("end")
    assert StealthLost(0, "entered-guard", False, 2) in ev


def test_R54_go_with_your_gut_into_a_face_down_walkway_falls():
    """Moving by Go With Your Gut into a face-down Walkway above the ground drops you below."""
    t = Table().reveal_floor(1).face_down("2.A2", K.WALKWAY).player(0, "2.A1")
    t.patrol(1, "2.D4", "2.D1")  # standing on floor 2 sets its guard up (R30)
    g = t.guard(0, at="1.D4", dest="1.D1").events(E.GO_WITH_YOUR_GUT).game()
    ev = g.apply("end")
    assert PlayerMoved(0, P("2.A2"), P("1.A2"), "fall") in ev
    assert g.state.players[0].pos == P("1.A2")


def test_R54_go_with_your_gut_onto_a_thermo_after_your_actions_raises_nothing():
    """Moving onto a Thermo after your actions ended does not trigger it (000 Thermo)."""
    g = gut_into(K.THERMO).game()
    ev = g.apply("end")
    assert g.state.players[0].pos == P("1.A2")
    assert of(ev, AlarmRaised) == []


# ---------------------------------------------------------------------- Gymnastics


def gymnastics_for_player_two(above: str = "walkway") -> Game:
    """Burglar 1 draws Gymnastics; both burglars stand on 1.B2 under 2.B2."""
    t = Table(players=2).player(0, "1.B2").player(1, "1.B2")
    if above == "walkway":
        t.tile("2.B2", K.WALKWAY)
    elif above == "face-down":
        t.face_down("2.B2", K.WALKWAY)
    t.patrol(1, "2.D4", "2.D1")
    g = t.events(E.GYMNASTICS, E.LAMPSHADE).game()
    g.apply("end")
    return g


def test_R55_gymnastics_lets_burglars_move_up_into_a_walkway():
    """Until its drawer's next turn, another burglar may Move (1 action) into the Walkway above."""
    g = gymnastics_for_player_two()
    assert g.state.current == 1
    assert "move 2.B2" in legal(g)
    ev = g.apply("move 2.B2")
    assert PlayerMoved(1, P("1.B2"), P("2.B2"), "gymnastics") in ev
    assert g.state.actions_left == 3
    assert g.state.players[1].pos == P("2.B2")


def test_R55_no_moving_up_into_a_walkway_without_gymnastics():
    """Without Gymnastics a Walkway above cannot be reached from below."""
    g = Table(players=2).player(0, "1.B2").tile("2.B2", K.WALKWAY).game()
    assert refused(g, "move 2.B2")


def test_R55_gymnastics_needs_a_revealed_walkway():
    """Gymnastics does not lead into a face-down tile, even a Walkway."""
    g = gymnastics_for_player_two(above="face-down")
    assert refused(g, "move 2.B2")


def test_R55_gymnastics_does_not_lift_into_other_rooms():
    """Gymnastics works only into a Walkway, not into any revealed tile above."""
    g = gymnastics_for_player_two(above="lab")
    g.state.floors[1].tiles[P("2.B2") & 63].revealed = True
    assert refused(g, "move 2.B2")


def test_R37_gymnastics_ends_when_its_drawer_starts_a_turn():
    """Gymnastics expires as the burglar who drew it starts their next turn."""
    g = gymnastics_for_player_two()
    ev = g.apply("end")  # burglar 2 ends (draws Lampshade)
    assert EffectEnded("gymnastics") in ev
    assert g.state.current == 0
    assert "gymnastics" not in g.state.lasting
    assert refused(g, "move 2.B2")


def test_R37_gymnastics_alone_ends_before_you_can_use_it():
    """Solo: Gymnastics ends at once as your next turn starts (000: no benefit alone)."""
    g = Table().player(0, "1.B2").tile("2.B2", K.WALKWAY).events(E.GYMNASTICS).game()
    ev = g.apply("end")
    assert EffectEnded("gymnastics") in ev
    assert refused(g, "move 2.B2")


# ---------------------------------------------------------------------- Jump the Gun


def test_R57_jump_the_gun_skips_the_next_burglars_whole_turn():
    """Jump the Gun: the next burglar gets no actions, no Event and no guard move."""
    t = (
        Table(players=3)
        .player(0, "1.A1")
        .player(1, "2.A1")
        .player(2, "3.A1")
        .guard(0, at="1.D4", dest="1.D1")
        .guard(1, at="2.D4", dest="2.D1")
        .guard(2, at="3.D4", dest="3.D1")
        .events(E.JUMP_THE_GUN, E.LAMPSHADE)
    )
    g = t.game()
    ev = g.apply("end")
    assert drawn(ev) == ["jump-the-gun"]
    assert of(ev, TurnSkipped) == [TurnSkipped(1)]
    assert [e.floor for e in of(ev, GuardStarts)] == [0]
    assert of(ev, TurnStarted) == [TurnStarted(2, 4)]
    assert g.state.current == 2


def test_R57_jump_the_gun_with_two_burglars_gives_you_the_next_turn():
    """With two burglars, skipping the other's turn means you play again."""
    g = Table(players=2).player(0, "1.A1").player(1, "1.B1").events(E.JUMP_THE_GUN).game()
    ev = g.apply("end")
    assert of(ev, TurnSkipped) == [TurnSkipped(1)]
    assert of(ev, TurnStarted) == [TurnStarted(0, 4)]


# ---------------------------------------------------------------------- Jury-Rig


def test_jury_rig_draws_a_tool():
    """Jury-Rig: draw the top Tool card."""
    g = Table().player(0, "1.A1").tools(Tool.DONUTS).events(E.JURY_RIG).game()
    ev = g.apply("end")
    assert of(ev, ToolDrawn) == [ToolDrawn(0, "donuts", "jury-rig")]
    assert g.state.players[0].tools == [Tool.DONUTS]


def test_R25_jury_rig_with_no_tool_left_says_the_deck_is_empty():
    """Jury-Rig with the Tool deck empty gives nothing, and an event says so."""
    g = Table().player(0, "1.A1").events(E.JURY_RIG).game()
    g.state.tools = []
    ev = g.apply("end")
    assert of(ev, DeckEmpty) == [DeckEmpty("tools")]
    assert g.state.players[0].tools == []


# ---------------------------------------------------------------------- Keycode Change


def test_keycode_change_locks_every_open_keypad_again():
    """Keycode Change: every open Keypad, on every floor, is locked again."""
    t = (
        Table()
        .player(0, "1.B2")
        .tile("1.C2", K.KEYPAD, open=True)
        .tile("3.A4", K.KEYPAD, open=True)
        .tile("2.A1", K.KEYPAD)
        .events(E.KEYCODE_CHANGE)
        .dice(3)
    )
    g = t.game()
    ev = g.apply("end")
    assert of(ev, KeypadsLocked) == [KeypadsLocked((P("1.C2"), P("3.A4")))]
    assert not g.tile(P("1.C2")).open and not g.tile(P("3.A4")).open
    # Entering it needs a 6 again.
    ev = g.apply("move 1.C2")
    assert of(ev, KeypadRolled) == [KeypadRolled(P("1.C2"), (3,), False)]
    assert g.state.players[0].pos == P("1.B2")


def test_keycode_change_without_open_keypad_has_no_effect():
    """Keycode Change with no open Keypad does nothing and says so."""
    g = Table().player(0, "1.B2").tile("1.C2", K.KEYPAD).events(E.KEYCODE_CHANGE).game()
    ev = g.apply("end")
    assert no_effect(ev, E.KEYCODE_CHANGE) == ["no-open-keypad"]


# ---------------------------------------------------------------------- Lampshade


def test_lampshade_gives_a_stealth_token():
    """Lampshade: gain one Stealth token."""
    g = Table().player(0, "1.A1", stealth=1).events(E.LAMPSHADE).game()
    ev = g.apply("end")
    assert of(ev, StealthGained) == [StealthGained(0, 1, "lampshade")]
    assert g.state.players[0].stealth == 2


# ---------------------------------------------------------------------- Peekhole


def peekhole() -> Game:
    """Burglar on 2.B2 with a wall to C2; every other tile face down."""
    return Table().walls(1, "B2|C2").player(0, "2.B2").events(E.PEEKHOLE).game()


def test_peekhole_offers_neighbours_through_walls_up_down_and_none():
    """Peekhole: peek at an adjacent tile even through a wall, or straight up or down, or none."""
    g = peekhole()
    ev = g.apply("end")
    d = g.state.pending
    assert d.kind == "peekhole"
    assert d.options[0] == "none"
    assert set(d.options) == {"none", "2.B1", "2.C2", "2.B3", "2.A2", "3.B2", "1.B2"}
    assert of(ev, DecisionNeeded) == [DecisionNeeded("peekhole", tuple(d.options))]


@pytest.mark.parametrize("target", ["2.C2", "3.B2", "1.B2", "2.A2"])
def test_peekhole_reveals_the_chosen_tile(target):
    """The chosen tile (through the wall, above, below or beside) is revealed; you stay."""
    g = peekhole()
    g.apply("end")
    ev = g.apply(f"choose {target}")
    assert of(ev, TileRevealed) == [TileRevealed(P(target), "laboratory", 0)]
    assert g.state.players[0].pos == P("2.B2")


def test_peekhole_may_be_declined():
    """Choosing none reveals nothing."""
    g = peekhole()
    g.apply("end")
    ev = g.apply("choose none")
    assert of(ev, TileRevealed) == []


def test_peekhole_with_nothing_to_see_has_no_effect():
    """Peekhole with every candidate tile revealed does nothing and says so."""
    t = Table().reveal_floor(0).reveal_floor(1).player(0, "1.B2").events(E.PEEKHOLE)
    ev = t.game().apply("end")
    assert no_effect(ev, E.PEEKHOLE) == ["nothing-unrevealed"]


def test_peekhole_lists_only_face_down_tiles():
    """Revealed neighbours are not offered."""
    t = Table().player(0, "1.A1").tile("1.B1", K.LABORATORY, tool_taken=True)
    g = t.events(E.PEEKHOLE).game()
    g.apply("end")
    assert set(g.state.pending.options) == {"none", "1.A2", "2.A1"}


# ---------------------------------------------------------------------- Reboot


def test_R64_reboot_sets_every_revealed_computer_to_one_hack_token():
    """Reboot: each revealed Computer ends with exactly 1 hack token; face-down ones unchanged."""
    t = (
        Table()
        .player(0, "1.B2")
        .tile("1.A1", K.COMPUTER_FINGERPRINT, hack=0)
        .tile("2.C1", K.COMPUTER_LASER, hack=4)
        .tile("3.A1", K.COMPUTER_MOTION, hack=1)
        .events(E.REBOOT)
    )
    g = t.game()
    ev = g.apply("end")
    assert g.tile(P("1.A1")).hack == 1
    assert g.tile(P("2.C1")).hack == 1
    assert g.tile(P("3.A1")).hack == 1
    assert {e.pos for e in of(ev, HackAdded)} == {P("1.A1"), P("2.C1")}


def test_R64_reboot_leaves_face_down_computers_alone():
    """A face-down Computer keeps its tokens (none) through a Reboot."""
    t = Table().player(0, "1.B2").tile("1.A1", K.COMPUTER_LASER, hack=3)
    t.face_down("2.A1", K.COMPUTER_MOTION)
    g = t.events(E.REBOOT).game()
    g.apply("end")
    assert g.tile(P("2.A1")).hack == 0
    assert g.tile(P("1.A1")).hack == 1


def test_reboot_without_revealed_computer_has_no_effect():
    """Reboot with no revealed Computer does nothing and says so (a CardNoEffect)."""
    t = Table().player(0, "1.B2").face_down("1.A1", K.COMPUTER_LASER)
    ev = t.events(E.REBOOT).game().apply("end")
    assert len(no_effect(ev, E.REBOOT)) == 1


# ---------------------------------------------------------------------- Shift Change


def three_guards(player_floor: int) -> Table:
    t = Table().player(0, f"{player_floor + 1}.A1")
    for f in range(3):
        t.guard(f, at=f"{f + 1}.D4", dest=f"{f + 1}.D1")
    return t.events(E.SHIFT_CHANGE)


def test_R58_shift_change_asks_the_order_of_the_other_guards():
    """Shift Change with three floors: the two other guards move, in the order chosen."""
    g = three_guards(0).game()
    g.apply("end")
    assert g.state.pending.kind == "shift-order"
    assert sorted(g.state.pending.options) == ["2,3", "3,2"]
    ev = g.apply("choose 3,2")
    assert [e.floor for e in of(ev, GuardStarts)] == [2, 1]
    assert [e.floor for e in of(ev, GuardMoved)] == [2, 2, 1, 1]
    assert guard_moves(ev, 0) == []


def test_R58_shift_change_from_the_middle_floor():
    """From floor 2, the guards of floors 1 and 3 move; yours stays."""
    g = three_guards(1).game()
    g.apply("end")
    assert sorted(g.state.pending.options) == ["1,3", "3,1"]
    ev = g.apply("choose 1,3")
    assert [e.floor for e in of(ev, GuardStarts)] == [0, 2]
    assert guard_moves(ev, 1) == []


def test_R58_shift_change_with_one_other_guard_moves_him_at_once():
    """Only guards already set up move: with one, no choice is asked."""
    t = (
        Table()
        .player(0, "1.A1")
        .guard(0, at="1.D4", dest="1.D1")
        .guard(2, at="3.D4", dest="3.D1")
        .events(E.SHIFT_CHANGE)
    )
    ev = t.game().apply("end")
    assert of(ev, DecisionNeeded) == []
    assert [e.floor for e in of(ev, GuardStarts)] == [2]


def test_R58_shift_change_brings_a_lost_guard_back():
    """A guard set up but lost (Lost Visual) is placed again and moves as usual."""
    t = (
        Table()
        .player(0, "1.A1")
        .guard(0, at="1.D4", dest="1.D1")
        .guard(1, at="2.D4", dest="2.D1", patrol=("2.D4", "2.A4"))
        .events(E.SHIFT_CHANGE)
    )
    g = t.game()
    gd = g.state.floors[1].guard
    gd.pos, gd.dest, gd.lost = None, None, True
    ev = g.apply("end")
    assert of(ev, GuardPlaced) == [GuardPlaced(1, P("2.D4"))]
    assert guard_moves(ev, 1) == [("2.D4", "2.C4"), ("2.C4", "2.B4")]
    assert guard_moves(ev, 0) == []


def test_shift_change_with_no_other_guard_has_no_effect():
    """Shift Change with no guard set up on another floor: no guard moves, and it says so."""
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1").events(E.SHIFT_CHANGE)
    ev = t.game().apply("end")
    assert no_effect(ev, E.SHIFT_CHANGE) == ["no-other-guard"]
    assert of(ev, GuardMoved) == []


# ---------------------------------------------------------------------- Shoplifting


def test_R59_shoplifting_raises_alarms_on_emptied_laboratories():
    """Shoplifting: an alarm on every revealed Laboratory whose Tool was taken, on all floors;
    not on face-down ones nor on a Laboratory still holding its Tool."""
    t = (
        Table()
        .tile("1.A1", K.LABORATORY, tool_taken=False)
        .player(0, "1.A1")
        .tile("1.C3", K.LABORATORY, tool_taken=True)
        .tile("2.B2", K.LABORATORY, tool_taken=True)
        .tile("3.D4", K.LABORATORY, tool_taken=False)
        .guard(0, at="1.D4", dest="1.D1")
        .events(E.SHOPLIFTING)
    )
    g = t.game()
    ev = g.apply("end")
    assert sorted((e.pos, e.source) for e in of(ev, AlarmRaised)) == [
        (P("1.C3"), "shoplifting"),
        (P("2.B2"), "shoplifting"),
    ]
    assert DestinationSet(0, P("1.C3"), "alarm") in ev
    assert of(ev, GuardStarts) == [GuardStarts(0, 3)]


def test_shoplifting_alarm_is_avoided_under_the_guard():
    """No alarm goes off on a Laboratory where the guard stands."""
    t = (
        Table()
        .tile("1.A1", K.SECRET_DOOR)
        .player(0, "1.A1")
        .tile("1.D4", K.LABORATORY, tool_taken=True)
        .guard(0, at="1.D4", dest="1.D1")
        .events(E.SHOPLIFTING)
    )
    ev = t.game().apply("end")
    assert of(ev, AlarmRaised) == []
    assert AlarmAvoided(P("1.D4"), "shoplifting", "guard-present") in ev


def test_shoplifting_tied_alarms_ask_the_player_and_the_turn_goes_on():
    """Two equally close alarms: the player picks the guard's destination; nothing hangs."""
    t = (
        Table()
        .tile("1.D4", K.SECRET_DOOR)
        .player(0, "1.D4")
        .tile("1.A2", K.LABORATORY, tool_taken=True)
        .tile("1.C2", K.LABORATORY, tool_taken=True)
        .guard(0, at="1.B2", dest="1.B1", patrol=("1.B4", "1.A4"))
        .events(E.SHOPLIFTING)
    )
    g = t.game()
    g.apply("end")
    assert g.state.pending.kind == "alarm-tie"
    assert set(g.state.pending.options) == {"1.A2", "1.C2"}
    ev = g.apply("choose 1.C2")
    assert guard_moves(ev, 0)[0] == ("1.B2", "1.C2")
    assert g.state.pending is None
    assert of(ev, TurnStarted) == [TurnStarted(0, 4)]


def test_shoplifting_without_emptied_laboratory_has_no_effect():
    """Shoplifting with no revealed, emptied Laboratory does nothing and says so."""
    t = Table().tile("1.A1", K.SECRET_DOOR).player(0, "1.A1").events(E.SHOPLIFTING)
    ev = t.game().apply("end")
    assert no_effect(ev, E.SHOPLIFTING) == ["no-laboratory"]
    assert of(ev, AlarmRaised) == []


# ---------------------------------------------------------------------- Squeak!


def test_R60_squeak_steps_the_guard_toward_you_on_his_clockwise_route():
    """Squeak!: one step toward the nearest burglar, the clockwise way (down-right: right)."""
    t = Table().player(0, "1.B2").guard(0, at="1.A1", dest="1.D4").events(E.SQUEAK)
    g = t.game()
    ev = g.apply("end")
    moves = guard_moves(ev, 0)
    assert moves[0] == ("1.A1", "1.B1")
    assert before(ev, GuardMoved, GuardStarts)
    assert len(moves) == 3  # the Squeak step, then his 2 usual steps


def test_R60_squeak_onto_your_tile_costs_stealth():
    """A Squeak! step into a burglar's tile costs that burglar a Stealth."""
    t = Table().player(0, "1.B2").guard(0, at="1.A2", dest="1.A4").events(E.SQUEAK)
    ev = t.game().apply("end")
    assert guard_moves(ev, 0)[0] == ("1.A2", "1.B2")
    assert StealthLost(0, "guard-enters", False, 2) in ev


def test_R60_squeak_uses_walking_distance_on_your_floor():
    """The nearest burglar is measured around walls, and only on the guard's floor."""
    t = (
        Table(players=3)
        .walls(0, "A2-A3 B2-B3")
        .player(0, "1.A4")
        .player(1, "1.D1")
        .player(2, "2.A1")
        .guard(0, at="1.A1", dest="1.A2")
        .events(E.SQUEAK)
    )
    ev = t.game().apply("end")
    # A4 is 3 tiles away as the crow flies but 7 around the wall; D1 is 3 away.
    assert guard_moves(ev, 0)[0] == ("1.A1", "1.B1")


def test_R60_squeak_tie_is_a_decision():
    """Two burglars equally near: the player chooses which one the guard steps toward."""
    t = (
        Table(players=2)
        .player(0, "1.B4")
        .player(1, "1.D2")
        .guard(0, at="1.B2", dest="1.A1", patrol=("1.A4",))
        .events(E.SQUEAK)
    )
    g = t.game()
    g.apply("end")
    assert g.state.pending.kind == "squeak"
    assert sorted(g.state.pending.options) == ["1.B4", "1.D2"]
    ev = g.apply("choose 1.D2")
    assert guard_moves(ev, 0)[0] == ("1.B2", "1.C2")


def test_squeak_with_the_guard_already_on_a_burglar_has_no_effect():
    """Squeak! while the guard already shares a tile with a burglar does nothing."""
    t = Table().player(0, "1.B2").guard(0, at="1.B2", dest="1.D2").events(E.SQUEAK)
    ev = t.game().apply("end")
    assert no_effect(ev, E.SQUEAK) == ["already-there"]
    assert before(ev, CardNoEffect, GuardStarts)


def test_R60_squeak_step_leaves_donuts_in_place():
    """A Squeak! step is not the guard's move: Donuts still cancel his move afterwards (R39)."""
    t = Table().player(0, "1.D1").guard(0, at="1.A1", dest="1.A4").events(E.SQUEAK)
    g = t.game()
    g.state.floors[0].guard.donuts = True
    ev = g.apply("end")
    assert guard_moves(ev, 0) == [("1.A1", "1.B1")]
    assert GuardSkipped(0, "donuts") in ev
    assert not g.state.floors[0].guard.donuts


# ---------------------------------------------------------------------- Switch Signs, Where Is He?


def test_switch_signs_swaps_the_guard_and_his_destination():
    """Switch Signs: the guard and his destination trade places; he then walks back."""
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.A1").events(E.SWITCH_SIGNS)
    g = t.game()
    ev = g.apply("end")
    assert GuardTeleported(0, P("1.D4"), P("1.A1"), "switch-signs") in ev
    assert DestinationSet(0, P("1.D4"), "switch-signs") in ev
    assert g.state.floors[0].guard.dest == P("1.D4")
    assert guard_moves(ev, 0)[0][0] == "1.A1"


@pytest.mark.parametrize("card", [E.SWITCH_SIGNS, E.WHERE_IS_HE])
def test_R12_R61_a_card_putting_the_guard_on_you_costs_stealth_like_him_walking_in(card):
    """The guard a card puts on your tile (his destination) finds you as if he had walked in:
    1 Stealth, once (000: lost "when a Guard enters the tile your Character is in")."""
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.A1", patrol=("1.D1",))
    g = t.events(card).game()
    ev = g.apply("end")
    assert of(ev, GuardTeleported)[0].dst == P("1.A1")
    assert [(e.player, e.reason) for e in of(ev, StealthLost)] == [(0, "guard-placed")]
    assert g.state.players[0].stealth == 2


@pytest.mark.parametrize("card", [E.SWITCH_SIGNS, E.WHERE_IS_HE])
def test_R12_R61_a_card_putting_the_guard_on_you_with_no_stealth_left_loses(card):
    """With no Stealth left, the guard a card puts on your tile catches you: the game is lost."""
    t = Table().player(0, "1.A1", stealth=0).guard(0, at="1.D4", dest="1.A1", patrol=("1.D1",))
    g = t.events(card).game()
    g.apply("end")
    assert g.outcome == "loss"
    assert g.state.reason == "caught:guard-placed"


@pytest.mark.parametrize("card", [E.SWITCH_SIGNS, E.WHERE_IS_HE])
def test_R12_R61_a_card_putting_the_guard_on_an_alarm_you_stand_on_costs_stealth(card):
    """With alarms active the card puts him on the closest alarm: on your tile, he finds you."""
    t = Table().player(0, "1.A1").tile("1.A1", K.LABORATORY, alarm=True, tool_taken=True)
    g = t.guard(0, at="1.D4", dest="1.A1", patrol=("1.D1",)).events(card).game()
    ev = g.apply("end")
    assert of(ev, GuardTeleported)[0].dst == P("1.A1")
    assert [(e.player, e.reason) for e in of(ev, StealthLost)][:1] == [(0, "guard-placed")]


def test_where_is_he_puts_the_guard_on_his_destination_and_draws_the_next():
    """Where Is He?: the guard jumps to his destination, then draws his next patrol card."""
    t = Table().player(0, "1.A4").guard(0, at="1.D4", dest="1.A1", patrol=("1.C1",))
    g = t.events(E.WHERE_IS_HE).game()
    ev = g.apply("end")
    assert GuardTeleported(0, P("1.D4"), P("1.A1"), "where-is-he") in ev
    assert DestinationSet(0, P("1.C1"), "patrol") in ev
    assert before(ev, GuardTeleported, GuardStarts)
    assert guard_moves(ev, 0) == [("1.A1", "1.B1"), ("1.B1", "1.C1")]


ALARM_JUMPS = [(E.SWITCH_SIGNS, "switch-alarm"), (E.WHERE_IS_HE, "where-alarm")]


@pytest.mark.parametrize(("card", "kind"), ALARM_JUMPS)
def test_R61_with_alarms_the_guard_goes_to_the_closest_alarm_and_clears_it(card, kind):
    """With alarms active he is placed on the closest alarm, clears it, and heads for the
    next closest one."""
    t = (
        Table()
        .player(0, "1.D1")
        .tile("1.C1", K.FINGERPRINT, alarm=True)
        .tile("1.A1", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D4", dest="1.C1", patrol=("1.D4",))
        .events(card)
    )
    g = t.game()
    ev = g.apply("end")
    i = ev.index(GuardTeleported(0, P("1.D4"), P("1.C1"), kind))
    assert ev[i + 1] == AlarmCleared(P("1.C1"))
    assert ev[i + 2] == DestinationSet(0, P("1.A1"), "alarm")
    assert not g.tile(P("1.C1")).alarm
    assert of(ev, StealthLost) == []


@pytest.mark.parametrize(("card", "kind"), ALARM_JUMPS)
def test_R61_after_the_last_alarm_the_guard_draws_a_patrol_card(card, kind):
    """When the alarm he clears was the last one, his next destination is a patrol card."""
    t = (
        Table()
        .player(0, "1.A4")
        .tile("1.C1", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D4", dest="1.C1", patrol=("1.A1",))
        .events(card)
    )
    g = t.game()
    ev = g.apply("end")
    i = ev.index(GuardTeleported(0, P("1.D4"), P("1.C1"), kind))
    assert ev[i + 1 : i + 4] == [
        AlarmCleared(P("1.C1")),
        PatrolDrawn(0, P("1.A1")),
        DestinationSet(0, P("1.A1"), "patrol"),
    ]
    assert of(ev, GuardStarts) == [GuardStarts(0, 2)]


@pytest.mark.parametrize(("card", "kind"), ALARM_JUMPS)
def test_R61_equally_close_alarms_are_a_decision(card, kind):
    """Two alarms equally close to the guard: the player chooses where he is placed."""
    t = (
        Table()
        .player(0, "1.D1")
        .tile("1.A1", K.FINGERPRINT, alarm=True)
        .tile("1.C3", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.A3", dest="1.A1")
        .events(card)
    )
    g = t.game()
    g.apply("end")
    assert g.state.pending.kind == kind
    assert sorted(g.state.pending.options) == ["1.A1", "1.C3"]
    ev = g.apply("choose 1.C3")
    assert GuardTeleported(0, P("1.A3"), P("1.C3"), kind) in ev
    assert not g.tile(P("1.C3")).alarm
    assert g.tile(P("1.A1")).alarm or P("1.A1") in [e.pos for e in of(ev, AlarmCleared)]


@pytest.mark.parametrize("card", [E.SWITCH_SIGNS, E.WHERE_IS_HE])
def test_R61_placing_the_guard_keeps_his_donuts_for_his_move(card):
    """Being placed is not moving: a guard with Donuts is placed, then skips his move."""
    t = Table().player(0, "1.A4").guard(0, at="1.D4", dest="1.A1", patrol=("1.C1",))
    g = t.events(card).game()
    g.state.floors[0].guard.donuts = True
    ev = g.apply("end")
    assert of(ev, GuardTeleported)[0].dst == P("1.A1")
    assert GuardSkipped(0, "donuts") in ev
    assert of(ev, GuardMoved) == []
    assert g.state.floors[0].guard.pos == P("1.A1")


@pytest.mark.parametrize("card", [E.SWITCH_SIGNS, E.WHERE_IS_HE])
def test_switch_signs_and_where_is_he_ignore_alarms_on_other_floors(card):
    """An alarm on another floor does not change where your floor's guard goes."""
    t = (
        Table()
        .player(0, "1.A4")
        .tile("2.C1", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D4", dest="1.A1", patrol=("1.C1",))
        .events(card)
    )
    ev = t.game().apply("end")
    assert of(ev, GuardTeleported)[0].dst == P("1.A1")


@pytest.mark.parametrize("card", [E.SWITCH_SIGNS, E.WHERE_IS_HE])
def test_switch_signs_and_where_is_he_with_a_lost_guard_have_no_effect(card):
    """With your floor's guard off the board (Lost Visual) nothing happens."""
    t = Table().player(0, "1.A4").guard(0, at="1.D4", dest="1.A1", patrol=("1.C1", "1.A1"))
    g = t.events(card).game()
    gd = g.state.floors[0].guard
    gd.pos, gd.dest, gd.lost = None, None, True
    ev = g.apply("end")
    assert no_effect(ev, card) == ["no-guard"]
    assert of(ev, GuardTeleported) == []


# ---------------------------------------------------------------------- Throw Voice


def test_R62_throw_voice_moves_the_destination_to_an_open_neighbour():
    """Throw Voice: the destination moves to an orthogonal neighbour, never through a wall."""
    t = (
        Table()
        .walls(0, "B2|C2")
        .tile("1.C2", K.SECRET_DOOR)
        .player(0, "1.A4")
        .guard(0, at="1.D4", dest="1.B2")
        .events(E.THROW_VOICE)
    )
    g = t.game()
    g.apply("end")
    assert g.state.pending.kind == "throw-voice"
    assert set(g.state.pending.options) == {"1.B1", "1.A2", "1.B3"}
    assert refused(g, "choose 1.C2")
    ev = g.apply("choose 1.B1")
    assert DestinationSet(0, P("1.B1"), "throw-voice") in ev
    assert before(ev, DestinationSet, GuardStarts)
    assert g.state.floors[0].guard.dest == P("1.B1")


def test_throw_voice_does_nothing_with_an_alarm_on_your_floor():
    """Throw Voice has no effect while an alarm is active on your floor."""
    t = (
        Table()
        .player(0, "1.A4")
        .tile("1.B2", K.FINGERPRINT, alarm=True)
        .guard(0, at="1.D4", dest="1.B2")
        .events(E.THROW_VOICE)
    )
    g = t.game()
    ev = g.apply("end")
    assert no_effect(ev, E.THROW_VOICE) == ["alarm-active"]
    assert g.state.pending is None
    assert g.state.floors[0].guard.dest == P("1.B2")


# ---------------------------------------------------------------------- Time Lock


def time_locked(*where: tuple[str, K, dict], p2: str = "1.B2", card: EventCard = E.TIME_LOCK):
    """Burglar 1 (on floor 3, no guard) draws `card`; burglar 2 then plays from `p2`."""
    t = Table(players=2)
    for pos, kind, tokens in where:
        t.tile(pos, kind, **tokens)
    t.player(0, "3.A1").player(1, p2)
    g = t.events(card, E.LAMPSHADE).game()
    g.apply("end")
    assert g.state.current == 1
    return g


STAIRS_UP = (("1.B2", K.STAIRS, {}),)
STAIRS_DOWN = (("1.B2", K.STAIRS, {}), ("2.B2", K.LABORATORY, {"downstairs": True}))
THERMAL = (("1.B2", K.LABORATORY, {"thermal": True}), ("2.B2", K.LABORATORY, {"thermal": True}))
TOP_STAIRS = (("3.B2", K.STAIRS, {}),)
LOCKED = [
    (STAIRS_UP, "1.B2", "move 2.B2"),
    (STAIRS_DOWN, "2.B2", "move 1.B2"),
    (THERMAL, "2.B2", "move 1.B2"),
    (THERMAL, "1.B2", "move 2.B2"),
    (TOP_STAIRS, "3.B2", "escape"),
]
LOCKED_IDS = ["stairs-up", "downstairs", "thermal-down", "thermal-up", "escape"]


@pytest.mark.parametrize(("tiles", "p2", "action"), LOCKED, ids=LOCKED_IDS)
def test_R63_time_lock_blocks_stairs_downstairs_thermal_holes_and_escape(tiles, p2, action):
    """Time Lock: no Move up or down Stairs or Thermal Bomb holes, and no escape."""
    g = time_locked(*tiles, p2=p2)
    assert refused(g, action)


@pytest.mark.parametrize(("tiles", "p2", "action"), LOCKED, ids=LOCKED_IDS)
def test_R63_without_time_lock_those_moves_are_allowed(tiles, p2, action):
    """The same moves are legal when another Event was drawn (control for the Time Lock tests)."""
    g = time_locked(*tiles, p2=p2, card=E.LAMPSHADE)
    assert action in legal(g)


def test_R63_time_lock_still_allows_peeking_up_the_stairs():
    """Time Lock blocks moving through the Stairs, not Peeking up them."""
    g = time_locked(*STAIRS_UP)
    assert "peek 2.B2" in legal(g)


@pytest.mark.parametrize(("second", "allowed"), [(E.TIME_LOCK, False), (E.LAMPSHADE, True)])
def test_R63_time_lock_blocks_the_gymnastics_climb_too(second, allowed):
    """Gymnastics makes a Walkway above a way up "as if it were stairs" (004): Time Lock, which
    blocks every such way between floors, blocks it too (control: another Event instead)."""
    t = Table(players=3).player(0, "3.A1").player(1, "3.A1").player(2, "1.B2")
    g = t.tile("2.B2", K.WALKWAY).events(E.GYMNASTICS, second, E.LAMPSHADE).game()
    g.apply("end")  # burglar 1 draws Gymnastics
    g.apply("end")  # burglar 2 draws the second Event
    assert g.state.current == 2
    assert ("move 2.B2" in legal(g)) is allowed
    assert refused(g, "move 2.B2") is not allowed


def test_R37_time_lock_ends_when_its_drawer_starts_a_turn():
    """Time Lock expires as the burglar who drew it starts their next turn."""
    t = Table(players=2).tile("1.B2", K.STAIRS).player(0, "1.B2").player(1, "1.B2")
    g = t.events(E.TIME_LOCK, E.LAMPSHADE).game()
    g.apply("end")  # burglar 1 draws Time Lock
    assert refused(g, "move 2.B2")
    ev = g.apply("end")  # burglar 2 draws Lampshade
    assert EffectEnded("time-lock") in ev
    assert g.state.current == 0
    assert "time-lock" not in g.state.lasting
    assert "move 2.B2" in legal(g)


def test_R37_time_lock_ends_when_its_drawers_turn_is_skipped():
    """A turn skipped by Jump the Gun still ends the skipped burglar's Time Lock."""
    t = Table(players=2).tile("1.B2", K.STAIRS).player(0, "3.A1").player(1, "1.B2")
    g = t.events(E.TIME_LOCK, E.JUMP_THE_GUN).game()
    g.apply("end")  # burglar 1 draws Time Lock
    ev = g.apply("end")  # burglar 2 draws Jump the Gun: burglar 1's turn is skipped
    assert TurnSkipped(0) in ev
    assert EffectEnded("time-lock") in ev
    assert of(ev, TurnStarted) == [TurnStarted(1, 4)]
    assert "move 2.B2" in legal(g)


# ---------------------------------------------------------------------- Video Loop


@pytest.mark.parametrize(("card", "alarm"), [(E.VIDEO_LOOP, False), (E.LAMPSHADE, True)])
def test_R37_video_loop_guard_walking_onto_a_camera_sees_nothing(card, alarm):
    """Video Loop: a guard walking onto a Camera no longer sees you on another Camera."""
    t = (
        Table()
        .tile("1.A4", K.CAMERA)
        .player(0, "1.A4")
        .tile("1.C1", K.CAMERA)
        .guard(0, at="1.D1", dest="1.A1")
        .events(card)
    )
    ev = t.game().apply("end")
    assert guard_moves(ev, 0)[0] == ("1.D1", "1.C1")
    assert (AlarmRaised(P("1.A4"), "camera") in ev) is alarm


def video_loop_for_player_two(card: EventCard) -> Game:
    """Burglar 1 (floor 3) draws `card`; the floor-2 guard stands on a revealed Camera."""
    t = (
        Table(players=2)
        .player(0, "3.A2")
        .tile("3.A1", K.CAMERA)
        .player(1, "1.A2")
        .tile("1.A1", K.CAMERA)
        .tile("2.D4", K.CAMERA)
        .guard(0, at="1.D4", dest="1.D1")
        .guard(1, at="2.D4", dest="2.D1")
        .patrol(2, "3.D4", "3.D3")
        .events(card, E.LAMPSHADE)
    )
    g = t.game()
    g.apply("end")
    return g


@pytest.mark.parametrize(("card", "alarm"), [(E.VIDEO_LOOP, False), (E.LAMPSHADE, True)])
def test_R37_video_loop_entering_a_camera_while_a_guard_is_on_another(card, alarm):
    """Video Loop: moving onto a Camera while a guard stands on another raises no alarm."""
    g = video_loop_for_player_two(card)
    ev = g.apply("move 1.A1")
    assert (AlarmRaised(P("1.A1"), "camera") in ev) is alarm


def test_R37_video_loop_ends_when_its_drawer_starts_a_turn():
    """At its drawer's next turn the Cameras see again."""
    g = video_loop_for_player_two(E.VIDEO_LOOP)
    ev = g.apply("end")  # burglar 2 ends, draws Lampshade
    assert EffectEnded("video-loop") in ev
    ev = g.apply("move 3.A1")
    assert AlarmRaised(P("3.A1"), "camera") in ev
