"""The turn: break in, 4 actions, the Event check, the guard's move, whose turn is next.

Rules: rulebook 000 "Break in", "Gameplay", "Take Actions", "Check for Events", "Move the
Guard"; rules README ruling 2; docs/rulings.md R06-R10. Setups are built by hand with
`tests/engine/builder.py` (every tile an inert face-down room unless placed).
"""

from __future__ import annotations

import pytest

from engine import PlayerSetup, Setup, new_game
from engine.rules.data import Character, EventCard, Loot, Tool
from engine.rules.events import (
    AlarmRaised,
    DieAdded,
    EntranceChosen,
    EventDrawn,
    GuardMoved,
    GuardStarts,
    PlayerEntered,
    StealthLost,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from engine.rules.game import Game
from engine.rules.state import Step

from .builder import INERT_CREW, QUIET_EVENTS, K, P, Table, kinds, legal, of, refused, table


def quiet(players: int = 1) -> Table:
    """A table whose ground-floor guard stands far away in D4, heading for D3."""
    return table(players=players).guard(0, at="1.D4", dest="1.D3")


def fresh(players: int = 2, seed: int = 4) -> Game:
    """A new game before the break-in: fixed crew, quiet Events on top of the deck."""
    crew = tuple(PlayerSetup(f"P{i + 1}", INERT_CREW[i]) for i in range(players))
    g = new_game(Setup(players=crew, seed=seed))
    st = g.state
    st.events = [e for e in st.events if e not in QUIET_EVENTS] + list(reversed(QUIET_EVENTS))
    return g


# ---------------------------------------------------------------------- breaking in


def test_R10_game_starts_with_the_entrance_choice_on_the_ground_floor():
    """Before the first turn the team only chooses the entrance: any tile of floor 1."""
    g = fresh()
    assert g.state.step == Step.ENTRANCE
    acts = legal(g)
    assert sorted(acts) == sorted(f"enter 1.{c}{r}" for c in "ABCD" for r in "1234")
    assert all(p.pos is None for p in g.state.players)


def test_entrance_cannot_be_on_an_upper_floor():
    """The entrance is a ground-floor tile: 'enter 2.A1' is refused."""
    g = fresh()
    assert refused(g, "enter 2.A1")
    assert refused(g, "move 1.A1")
    assert refused(g, "end")


def test_entrance_is_chosen_once():
    """After breaking in, 'enter' is no longer possible."""
    g = fresh()
    g.apply("enter 1.B2")
    assert refused(g, "enter 1.C2")


def test_entrance_tile_is_revealed_and_first_burglar_appears_on_it():
    """Breaking in flips the entrance; the first burglar starts their turn standing on it."""
    g = fresh()
    ev = g.apply("enter 1.C3")
    assert of(ev, EntranceChosen)[0].pos == P("1.C3")
    assert [e.pos for e in of(ev, TileRevealed)] == [P("1.C3")]
    assert g.tile(P("1.C3")).revealed
    assert of(ev, PlayerEntered) == [PlayerEntered(0, P("1.C3"))]
    assert of(ev, TurnStarted) == [TurnStarted(0, 4)]
    assert g.state.players[0].pos == P("1.C3")
    assert g.state.step == Step.ACTIONS


def test_other_burglars_appear_only_at_the_start_of_their_first_turn():
    """Burglar 2 is not inside during burglar 1's first turn, then appears on the entrance."""
    g = fresh(players=2)
    g.apply("enter 1.A1")
    assert g.state.players[1].pos is None
    ev = g.apply("end")
    assert of(ev, PlayerEntered) == [PlayerEntered(1, P("1.A1"))]
    assert g.state.current == 1
    assert g.state.players[1].pos == P("1.A1")


def test_R10_appearing_on_the_entrance_triggers_nothing():
    """Appearing on the entrance is no entry: no alarm, no Stealth lost to a guard there."""
    g = fresh(players=1, seed=12)
    guard_at = g.state.floors[0].guard.pos
    assert guard_at is not None
    # Make the guard's tile a Fingerprint and break in right there.
    g.state.floors[0].tiles[guard_at & 63].kind = K.FINGERPRINT
    ev = g.apply(f"enter 1.{'ABCD'[guard_at & 7]}{(guard_at >> 3) + 1}")
    assert g.state.players[0].pos == guard_at
    assert of(ev, StealthLost) == []
    assert of(ev, AlarmRaised) == []
    assert g.state.players[0].stealth == 3


def test_R10_second_burglar_appears_beside_a_guard_without_losing_stealth():
    """Burglar 2 appears on the entrance even with a guard standing there, and loses nothing."""
    t = table(players=2)
    t.player(0, "2.A1").guard(1, at="2.D4", dest="2.D3")
    t.guard(0, at="1.A1", dest="1.D4")
    g = t.game()
    g.state.players[1].entered = False  # burglar 2 has not had a turn yet
    ev = g.apply("end")
    assert of(ev, PlayerEntered) == [PlayerEntered(1, P("1.A1"))]
    assert of(ev, StealthLost) == []
    assert g.state.players[1].stealth == 3


def second_burglar_appears_on(kind: K) -> tuple[Game, list]:
    """Burglar 1 (upstairs) ends; burglar 2 appears on the entrance 1.A1, a revealed `kind`."""
    t = table(players=2).tile("1.A1", kind, 1).tile("1.B1", K.LABORATORY, 3, tool_taken=True)
    t.player(0, "2.A1").guard(1, at="2.D4", dest="2.D3").guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    g.state.players[1].entered = False  # burglar 2 has not had a turn yet
    ev = g.apply("end")
    assert g.state.current == 1 and g.state.players[1].pos == P("1.A1")
    return g, ev


def test_R10_leaving_a_motion_entrance_on_the_first_turn_raises_nothing():
    """Appearing on a Motion tile is not moving into it, so moving out raises no alarm."""
    g, _ = second_burglar_appears_on(K.MOTION)
    ev = g.apply("move 1.B1")
    assert of(ev, AlarmRaised) == []
    assert g.state.players[1].pos == P("1.B1")


def test_R10_ending_the_first_turn_on_a_thermo_entrance_raises_its_alarm():
    """Appearing triggers nothing, but ending your actions on a Thermo does, even with no
    action taken (engine choice; see the proposed ruling in the report)."""
    g, ev = second_burglar_appears_on(K.THERMO)
    assert of(ev, AlarmRaised) == []
    ev = g.apply("end")
    assert AlarmRaised(P("1.A1"), "thermo") in ev


def test_first_action_after_appearing_triggers_tiles_normally():
    """After appearing, moving into a Fingerprint raises its alarm as usual."""
    g = quiet().tile("1.B1", K.FINGERPRINT).player(0, "1.A1").game()
    ev = g.apply("move 1.B1")
    assert AlarmRaised(P("1.B1"), "fingerprint") in ev


# ---------------------------------------------------------------------- actions


def test_a_turn_has_four_actions():
    """A burglar takes up to 4 actions: after 4 Peeks only `end` (and free trades) remain."""
    t = quiet().player(0, "1.B2")
    g = t.game()
    for target in ("1.A2", "1.C2", "1.B1", "1.B3"):
        g.apply(f"peek {target}")
    assert g.state.actions_left == 0
    assert g.state.actions_taken == 4
    assert legal(g) == ["end"]
    assert refused(g, "move 1.A2")


def test_turn_started_event_announces_four_actions():
    """Every new turn starts with 4 actions."""
    g = quiet(players=2).player(0, "1.A1").player(1, "1.A2").game()
    ev = g.apply("end")
    assert of(ev, TurnStarted) == [TurnStarted(1, 4)]
    assert g.state.actions_left == 4


def test_R06_end_is_always_legal_during_actions():
    """`end` is offered with 4 actions left, with some spent, and with none left."""
    g = quiet().player(0, "1.B2").game()
    assert "end" in legal(g)
    g.apply("peek 1.A2")
    assert "end" in legal(g)
    for target in ("1.C2", "1.B1", "1.B3"):
        g.apply(f"peek {target}")
    assert legal(g) == ["end"]


def test_R06_spending_every_action_does_not_end_the_turn():
    """The turn ends only with `end`: after the 4th action it is still the same burglar's turn."""
    g = quiet(players=2).player(0, "1.B2").player(1, "1.A1").game()
    for target in ("1.A2", "1.C2", "1.B1", "1.B3"):
        ev = g.apply(f"peek {target}")
        assert of(ev, TurnEnded) == []
    assert g.state.current == 0
    assert g.state.step == Step.ACTIONS
    ev = g.apply("end")
    assert of(ev, TurnEnded) == [TurnEnded(0, 4)]
    assert g.state.current == 1


def test_R06_free_trades_stay_possible_with_no_actions_left():
    """With 0 actions left, burglars on the same tile may still give and take cards."""
    g = quiet(players=2).player(0, "1.B2", tools=(Tool.CROWBAR,)).player(1, "1.B2").game()
    g.state.actions_left, g.state.actions_taken = 0, 4
    g._state_changed()
    assert set(legal(g)) == {"give crowbar 2", "end"}


def test_add_a_die_costs_two_actions():
    """Adding a die to a Safe spends 2 of the turn's actions."""
    g = quiet().tile("1.B2", K.SAFE, 0).player(0, "1.B2").game()
    ev = g.apply("add-die")
    assert of(ev, DieAdded) == [DieAdded(P("1.B2"), 1)]
    assert (g.state.actions_left, g.state.actions_taken) == (2, 2)


def test_add_a_die_cannot_be_spread_over_two_turns():
    """With a single action left, Add a Die is not possible."""
    g = quiet().tile("1.B2", K.SAFE, 0).player(0, "1.B2").game()
    g.apply("peek 1.A2")
    g.apply("peek 1.C2")
    g.apply("peek 1.B1")
    assert g.state.actions_left == 1
    assert refused(g, "add-die")
    assert g.tile(P("1.B2")).dice == 0


def test_give_is_a_free_action_between_burglars_on_the_same_tile():
    """Giving a Tool costs no action and moves the card to the other burglar."""
    g = quiet(players=2).player(0, "1.B2", tools=(Tool.CROWBAR,)).player(1, "1.B2").game()
    g.apply("give crowbar 2")
    assert g.state.players[1].tools == [Tool.CROWBAR]
    assert g.state.players[0].tools == []
    assert g.state.actions_left == 4
    assert g.state.actions_taken == 0


def test_take_is_a_free_action_between_burglars_on_the_same_tile():
    """Taking Loot from a burglar on your tile costs no action."""
    g = quiet(players=2).player(0, "1.B2").player(1, "1.B2", loot=(Loot.TIARA,)).game()
    g.apply("take tiara 2")
    assert g.state.players[0].loot == [Loot.TIARA]
    assert g.state.players[1].loot == []
    assert g.state.actions_left == 4


def test_trading_needs_the_same_tile():
    """Cards cannot change hands between burglars on different tiles."""
    g = quiet(players=2).player(0, "1.B2", tools=(Tool.CROWBAR,)).player(1, "1.B3").game()
    assert refused(g, "give crowbar 2")
    assert refused(g, "take crowbar 2")


def test_trading_is_only_for_cards_actually_held():
    """You can give only what you hold and take only what the other holds."""
    g = quiet(players=2).player(0, "1.B2", tools=(Tool.CROWBAR,)).player(1, "1.B2").game()
    assert refused(g, "take crowbar 2")
    assert refused(g, "give emp 2")
    assert refused(g, "give crowbar 1")  # not to yourself


def test_gold_bar_nobody_holds_two():
    """A burglar already holding a Gold Bar cannot receive the other one, by give or take."""
    t = quiet(players=3)
    t.player(0, "1.B2", loot=(Loot.GOLD_BAR,))
    t.player(1, "1.B2", loot=(Loot.GOLD_BAR,))
    t.player(2, "1.B2")
    g = t.game()
    assert refused(g, "give gold-bar 2")
    assert refused(g, "take gold-bar 2")
    assert "give gold-bar 3" in legal(g)
    g.apply("give gold-bar 3")
    assert g.state.players[2].loot == [Loot.GOLD_BAR]
    # Burglar 1 now holds none, so the other bar may come to them (the one just given
    # does not come straight back: R83).
    assert "take gold-bar 2" in legal(g)
    assert "take gold-bar 3" not in legal(g)


def test_R83_a_card_does_not_go_back_the_way_it_came_the_same_turn():
    """Giving a card and taking it back changes nothing, so it is not offered: trades are
    free, and without this a turn (and a save) could grow without end."""
    t = quiet(players=3)
    t.player(0, "1.B2", tools=(Tool.CROWBAR,)).player(1, "1.B2").player(2, "1.B2")
    g = t.game()
    g.apply("give crowbar 2")
    assert refused(g, "take crowbar 2")
    assert "give crowbar 3" not in legal(g)  # burglar 1 no longer holds it
    g.apply("end")
    assert g.state.current == 1
    assert "give crowbar 1" in legal(g)  # a new turn: trades are open again


def test_R83_a_card_may_go_back_once_an_action_has_been_spent_since():
    """Only handing a card straight back changes nothing: once an action point has been
    spent after the trade, the same card may go back the way it came, in the same turn."""
    t = quiet(players=2)
    t.player(0, "1.B2", tools=(Tool.CROWBAR,)).player(1, "1.B2")
    g = t.game()
    g.apply("give crowbar 2")
    assert refused(g, "take crowbar 2")
    g.apply("peek 1.B3")  # one action point spent since the trade
    assert "take crowbar 2" in legal(g)
    g.apply("take crowbar 2")
    assert g.state.players[0].tools == [Tool.CROWBAR]
    assert "give crowbar 2" not in legal(g)  # and straight back again is refused once more


def test_R83_a_flexibility_step_given_back_is_no_spent_action():
    """The action the Acrobat holds back for a possible Keypad under the guard, given back
    when the tile is no Keypad, was never spent: the card still may not go straight back."""
    t = Table(players=2, characters=(Character.ACROBAT,))
    t.player(0, "1.A1", tools=(Tool.CROWBAR,)).player(1, "1.A1")
    t.face_down("1.B1", K.LABORATORY, tool_taken=True).guard(0, at="1.B1", dest="1.D1")
    g = t.game()
    g.apply("give crowbar 2")
    g.apply("move 1.B1")  # free: the held-back action is given back
    assert g.state.actions_left == 4 and g.state.actions_taken == 0
    assert g.state.trades == ["crowbar:0>1"]  # still the last trade, not yet reopened
    g.apply("move 1.A1")  # one action point spent
    assert "take crowbar 2" in legal(g)


# ---------------------------------------------------------------------- Event check


def end_after(g: Game, peeks: list[str]) -> list:
    for target in peeks:
        g.apply(f"peek {target}")
    return g.apply("end")


@pytest.mark.parametrize("taken", [0, 1, 2])
def test_R07_event_drawn_when_two_or_fewer_actions_taken(taken):
    """Ending the actions after 0, 1 or 2 actions draws the top Event card."""
    g = quiet().player(0, "1.B2").events(EventCard.LAMPSHADE).game()
    ev = end_after(g, ["1.A2", "1.C2"][:taken])
    assert of(ev, EventDrawn) == [EventDrawn(0, "lampshade")]
    assert g.state.event_discard[-1] == EventCard.LAMPSHADE


@pytest.mark.parametrize("taken", [3, 4])
def test_R07_no_event_after_three_or_more_actions(taken):
    """Ending the actions after 3 or 4 actions draws no Event."""
    g = quiet().player(0, "1.B2").game()
    deck = list(g.state.events)
    ev = end_after(g, ["1.A2", "1.C2", "1.B1", "1.B3"][:taken])
    assert of(ev, EventDrawn) == []
    assert g.state.events == deck


@pytest.mark.parametrize("taken", [0, 1, 2, 3, 4])
def test_R07_the_view_says_whether_ending_now_draws_an_event(taken):
    """view()["event_if_end_now"] says before the end what the end-of-turn check will do."""
    g = quiet().player(0, "1.B2").events(EventCard.LAMPSHADE).game()
    for target in ["1.A2", "1.C2", "1.B1", "1.B3"][:taken]:
        g.apply(f"peek {target}")
    said = g.view()["event_if_end_now"]
    assert said == (taken <= 2)
    assert bool(of(g.apply("end"), EventDrawn)) == said


def test_R07_event_check_counts_actions_taken_not_actions_left():
    """A 5-action turn (extra-action effects) taking 3 draws no Event, though 2 are left."""
    g = quiet().player(0, "1.B2").turn(0, actions=5).game()
    ev = end_after(g, ["1.A2", "1.C2", "1.B1"])
    assert g.state.players[0].pos == P("1.B2")
    assert of(ev, EventDrawn) == []


def test_R07_short_turn_with_one_action_taken_draws_an_event():
    """A 3-action turn (Mirror-like) ending after 1 action taken draws an Event."""
    g = quiet().player(0, "1.B2").turn(0, actions=3).game()
    ev = end_after(g, ["1.A2"])
    assert len(of(ev, EventDrawn)) == 1


def test_R07_add_a_die_counts_as_two_actions_taken():
    """Add a Die + one Peek is 3 actions taken: no Event."""
    g = quiet().tile("1.B2", K.SAFE, 0).player(0, "1.B2").game()
    g.apply("add-die")
    g.apply("peek 1.A2")
    ev = g.apply("end")
    assert of(ev, EventDrawn) == []
    assert of(ev, TurnEnded) == [TurnEnded(0, 3)]


def test_R07_add_a_die_alone_draws_an_event():
    """Add a Die alone is 2 actions taken: an Event is drawn."""
    g = quiet().tile("1.B2", K.SAFE, 0).player(0, "1.B2").game()
    g.apply("add-die")
    ev = g.apply("end")
    assert len(of(ev, EventDrawn)) == 1


def test_R07_blocked_move_still_counts_as_an_action_taken():
    """A Move spent on a Deadbolt you cannot enter is an action taken (3 taken: no Event)."""
    t = quiet().player(0, "1.B2").face_down("1.C2", K.DEADBOLT)
    g = t.game()
    g.apply("move 1.C2")  # reveals the Deadbolt; the burglar stays
    assert g.state.players[0].pos == P("1.B2")
    g.apply("peek 1.A2")
    g.apply("peek 1.B1")
    ev = g.apply("end")
    assert of(ev, EventDrawn) == []


def test_R07_event_cannot_be_avoided_by_moving_back_and_forth():
    """Four Moves back and forth between two revealed tiles, ending where you began, still
    draw the Event (000: you may not avoid it by simply moving back and forth)."""
    g = quiet().tile("1.C2", K.LABORATORY, 3, tool_taken=True).player(0, "1.B2").game()
    for target in ("1.C2", "1.B2", "1.C2", "1.B2"):
        g.apply(f"move {target}")
    assert g.state.players[0].pos == P("1.B2")
    ev = g.apply("end")
    assert len(of(ev, EventDrawn)) == 1


def test_R07_move_peek_move_back_counts_three_actions():
    """Move, Peek, Move back: the Peek in between makes the return a real action (3 taken)."""
    g = quiet().player(0, "1.B2").game()
    g.apply("move 1.C2")
    g.apply("peek 1.C3")
    g.apply("move 1.B2")
    ev = g.apply("end")
    assert of(ev, TurnEnded) == [TurnEnded(0, 3)]
    assert of(ev, EventDrawn) == []


def test_R07_move_hack_move_back_counts_three_actions():
    """Move onto a Computer, Hack, Move back: 3 actions taken, no Event."""
    t = quiet().tile("1.C2", K.COMPUTER_FINGERPRINT, 1).player(0, "1.B2")
    g = t.game()
    g.apply("move 1.C2")
    g.apply("hack")
    g.apply("move 1.B2")
    ev = g.apply("end")
    assert of(ev, TurnEnded) == [TurnEnded(0, 3)]
    assert of(ev, EventDrawn) == []


def test_R07_stepping_out_of_a_deadbolt_and_back_in_counts_all_four_actions():
    """Out of a revealed Deadbolt (1) and back in (3): a 3-action Move is no pacing; 4 taken."""
    g = quiet().tile("1.C2", K.DEADBOLT, 1).player(0, "1.C2").game()
    g.apply("move 1.B2")
    g.apply("move 1.C2")
    assert g.state.actions_left == 0
    ev = g.apply("end")
    assert of(ev, TurnEnded) == [TurnEnded(0, 4)]
    assert of(ev, EventDrawn) == []


def test_R07_failed_keypad_tries_back_into_a_keypad_stood_on_count():
    """Having started in a locked Keypad, three failed tries from next door are three actions:
    a Move that fails reverses nothing (1 + 3 taken, no Event)."""
    t = quiet().tile("1.C2", K.KEYPAD, 1).player(0, "1.C2").dice(1, 1, 2, 1, 2, 3)
    g = t.game()
    g.apply("move 1.B2")
    for _ in range(3):
        g.apply("move 1.C2")
        assert g.state.players[0].pos == P("1.B2")
    ev = g.apply("end")
    assert of(ev, TurnEnded) == [TurnEnded(0, 4)]
    assert of(ev, EventDrawn) == []


def test_R07_pure_pacing_is_not_counted_whatever_the_number_of_trips():
    """A to B to A to B to A, nothing else: only the first Move counts; the Event is drawn."""
    g = quiet().player(0, "1.B2").game()
    for target in ("1.C2", "1.B2", "1.C2", "1.B2"):
        g.apply(f"move {target}")
    assert (g.state.actions_taken, g.state.paced) == (1, 3)  # three steps straight back
    assert len(of(g.apply("end"), EventDrawn)) == 1
    assert g.state.paced == 0  # a new turn counts afresh


def test_R07_a_loop_back_to_an_earlier_tile_is_not_pacing():
    """Round a square back to the start (B2 C2 C3 B3 B2): no Move reverses the previous one,
    so all 4 count; the Stamp's holder (threshold 3) draws no Event."""
    g = quiet().player(0, "1.B2", loot=(Loot.STAMP,)).game()
    for target in ("1.C2", "1.C3", "1.B3", "1.B2"):
        g.apply(f"move {target}")
    assert g.state.paced == 0
    ev = g.apply("end")
    assert of(ev, TurnEnded) == [TurnEnded(0, 4)]
    assert of(ev, EventDrawn) == []


def test_R07_paying_a_laser_ends_the_pacing():
    """Into a revealed Laser paying the extra action, then back out: 3 actions taken."""
    g = quiet().tile("1.C2", K.LASER, 1).player(0, "1.B2").game()
    g.apply("move 1.C2")
    g.apply("choose pay")
    g.apply("move 1.B2")
    assert g.state.paced == 0
    ev = g.apply("end")
    assert of(ev, TurnEnded) == [TurnEnded(0, 3)]
    assert of(ev, EventDrawn) == []


def test_R07_stamp_holder_draws_an_event_after_three_actions():
    """Holding the Stamp, ending after 3 actions taken still draws an Event."""
    g = quiet().player(0, "1.B2", loot=(Loot.STAMP,)).game()
    ev = end_after(g, ["1.A2", "1.C2", "1.B1"])
    assert len(of(ev, EventDrawn)) == 1


def test_R07_stamp_holder_draws_no_event_after_four_actions():
    """Holding the Stamp, 4 actions taken draw no Event."""
    g = quiet().player(0, "1.B2", loot=(Loot.STAMP,)).game()
    ev = end_after(g, ["1.A2", "1.C2", "1.B1", "1.B3"])
    assert of(ev, EventDrawn) == []


def test_R07_stamp_counts_only_for_the_burglar_holding_it():
    """Burglar 2 holding the Stamp does not change burglar 1's threshold."""
    g = quiet(players=2).player(0, "1.B2").player(1, "1.A1", loot=(Loot.STAMP,)).game()
    ev = end_after(g, ["1.A2", "1.C2", "1.B1"])
    assert of(ev, EventDrawn) == []


def test_R09_empty_event_deck_is_rebuilt_from_its_shuffled_discard():
    """With no Event card left, the discard pile is shuffled into a new deck and one is drawn."""
    g = quiet().player(0, "1.B2").game()
    st = g.state
    pile = [EventCard.KEYCODE_CHANGE, EventCard.REBOOT, EventCard.VIDEO_LOOP]
    st.events, st.event_discard = [], list(pile)
    ev = g.apply("end")
    drawn = of(ev, EventDrawn)
    assert len(drawn) == 1
    assert [e.value for e in st.event_discard] == [drawn[0].card]
    assert sorted(st.events + st.event_discard) == sorted(pile)


def test_R09_event_reshuffle_comes_from_the_seed():
    """Two identical games rebuild their Event deck in the same order."""
    decks = []
    for _ in range(2):
        g = quiet().player(0, "1.B2").game()
        g.state.events = []
        g.state.event_discard = [EventCard.KEYCODE_CHANGE, EventCard.REBOOT, EventCard.VIDEO_LOOP]
        g.apply("end")
        decks.append(list(g.state.events))
    assert decks[0] == decks[1]


# ---------------------------------------------------------------------- the guard's move


def test_guard_on_the_current_floor_moves_after_the_actions():
    """At the end of a turn only the guard of the burglar's floor moves."""
    t = table(players=1).player(0, "2.A1")
    t.guard(0, at="1.A4", dest="1.D4", speed=2)
    t.guard(1, at="2.D1", dest="2.D4", speed=3)
    g = t.game()
    ev = g.apply("end")
    moved_floors = {e.floor for e in of(ev, GuardMoved)}
    assert moved_floors == {1}
    assert len(of(ev, GuardMoved)) == 3
    assert g.state.floors[0].guard.pos == P("1.A4")


def test_guard_moves_as_many_tiles_as_his_die_shows():
    """A guard with speed 2 takes exactly 2 steps on an open floor."""
    g = table().player(0, "1.A1").guard(0, at="1.A4", dest="1.D4", speed=2).game()
    ev = g.apply("end")
    assert [e.dst for e in of(ev, GuardMoved)] == [P("1.B4"), P("1.C4")]


def test_event_check_comes_before_the_guard_moves():
    """The turn order is: actions, Event check, then the guard's move."""
    g = quiet().player(0, "1.B2").game()
    names = kinds(g.apply("end"))
    assert names.index("EventDrawn") < names.index("GuardStarts")
    assert names.index("GuardStarts") < names.index("TurnEnded") < names.index("TurnStarted")


def test_guard_moves_from_the_floor_where_the_turn_ends():
    """The guard that moves is the one on the floor the burglar stands on when the actions end."""
    t = table().player(0, "1.A1").tile("1.A1", K.STAIRS, 4)
    t.guard(0, at="1.D4", dest="1.D1").guard(1, at="2.D4", dest="2.D1")
    g = t.game()
    g.apply("move 2.A1")
    ev = g.apply("end")
    assert {e.floor for e in of(ev, GuardStarts)} == {1}


# ---------------------------------------------------------------------- turn order


def test_turn_passes_to_the_next_burglar_and_wraps_around():
    """Turns go 1, 2, 3, then back to 1."""
    t = quiet(players=3).player(0, "1.A1").player(1, "1.A2").player(2, "1.A3")
    g = t.game()
    order = []
    for _ in range(4):
        ev = g.apply("end")
        order.append(of(ev, TurnStarted)[0].player)
    assert order == [1, 2, 0, 1]


def test_turn_order_skips_escaped_burglars():
    """An escaped burglar takes no more turns."""
    t = quiet(players=3).player(0, "1.A1").player(1, None).player(2, "1.A3")
    g = t.game()
    g.state.players[1].escaped = True
    starts = [of(g.apply("end"), TurnStarted)[0].player for _ in range(3)]
    assert starts == [2, 0, 2]


def test_turn_counter_counts_turns():
    """Each new turn increments the turn number."""
    g = quiet(players=2).player(0, "1.A1").player(1, "1.A2").game()
    n = g.state.turn
    g.apply("end")
    g.apply("end")
    assert g.state.turn == n + 2
