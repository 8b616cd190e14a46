"""The hint's words: built from the bot's `Explanation` (its plan), in both languages."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.autopilot.explain import Explanation, explain
from engine.autopilot.goals import Goal, aim_of
from engine.autopilot.search import TurnSearch
from engine.rules.actions import Action, ActionKind
from engine.rules.data import Character, EventCard, Loot, ScenarioId, Side, Tool
from engine.rules.game import Game
from engine.rules.kinds import Hazard
from tests.engine.builder import QUIET_EVENTS, K, P, Table
from tests.engine.test_bot import (
    _above_the_floor_he_works,
    _crow_beside_the_guards_walk,
    _detour,
    _hack_then_end,
    _kitty_ran,
    _last_step,
    _on_the_stairs_in_the_guards_walk,
    _rook_orders,
    _second_gold_bar,
    _step_out_and_back,
    _teammate_in_the_guards_walk,
    _way_up_held,
)
from tests.engine.test_end import heist_done
from ui import messages
from ui.hint_words import explanation_text


@pytest.fixture(autouse=True)
def _english():
    messages.set_language("en")
    yield
    messages.set_language("en")


def _guard_next_door():
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A2", K.SAFE)
    return t.guard(0, at="1.B1", dest="1.D1", speed=2).game()


def test_a_hint_into_the_guards_tile_names_the_stealth_it_costs_and_never_says_out_of_reach():
    g = _guard_next_door()
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert "The guard stands there: stepping in costs a Stealth token." in words
    assert not e.claims_safe
    # No alternative was scored, yet stepping to 1.A2 pays nothing: not "every other pays".
    assert "Every other choice pays a price too." not in words
    assert "Not the only choice: Move here at 1.A2 avoids this price" in words


def test_a_hint_into_a_foyer_the_guard_sees_into_names_the_token_once_and_why_it_is_worth_it():
    """Office seed 9134: "A guard sees you there" with no word of what else there was."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.B1", K.FOYER)
    g = t.guard(0, at="1.C1", dest="1.D4").game()
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.hazards == (Hazard.WATCHED,) and not e.stealth and not e.claims_safe
    assert words.count("Stealth token") == 1
    assert "A guard can see into that tile: stepping in costs a Stealth token." in words
    assert "Not the only choice: Move here at 1.A2 avoids this price" in words


def test_an_end_that_draws_an_event_says_why_against_a_choice_that_draws_none():
    """Bank seed 9142: the turn ended with 2 actions unused, an Event drawn, and no word of
    what else there was. The choice named must draw none itself: Clairvoyance scores
    higher but its line ends at once, on the same Event."""
    t = Table(players=1).reveal_floor(0).walls(0, "A1-A2").player(0, "1.A1")
    t = t.events(EventCard.CRASH).guard(0, at="1.D1", dest="1.B1", speed=2)
    g = t.turn(0, actions=3, taken=1).game()
    end, look = Action.parse("end"), Action.parse("ability clairvoyance")
    e = explain(g, end, {}, {end: 10.0, look: 8.0, Action.parse("move 1.B1"): 5.0}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.event and "Ending now draws an Event." in words
    assert "Worth it: the best choice that avoids this (Move here at 1.B1)" in words


def test_a_hint_into_the_guards_tile_on_a_lavatory_names_the_token_its_own_can_pay():
    """Bank seed 9145: the step into the guard on a Lavatory was told with no word of him
    there, and a token from the tile paid for it."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.B1", K.LAVATORY, stealth=3)
    g = t.guard(0, at="1.B1", dest="1.D1").game()
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.tile_pays == "entered-guard" and e.hazards == () and not e.claims_safe
    assert (
        "The guard stands there: stepping in costs a Stealth token, and one lying on that tile"
        " can pay it instead of yours." in words
    )
    assert "Not the only choice: Move here at 1.A2 avoids this price" in words
    step = explain(g, Action.parse("move 1.A2"), {}, {}, 3, 1)
    assert not step.tile_pays and "stands there" not in explanation_text(step, ["P1"])


def test_an_end_that_draws_an_event_is_not_named_as_the_choice_that_pays_nothing():
    """Office seed 9147: "End turn avoids this price" for an End that drew an Event."""
    peterman = Table(players=1, characters=(Character.PETERMAN,), sides=(Side.BASIC,))
    t = peterman.reveal_floor(0).walls(0, "B1-C1").walls(0, "B1-B2").player(0, "1.A1")
    t = t.tile("1.B1", K.MOTION).events(EventCard.CRASH).guard(0, at="1.D4", dest="1.D3")
    g = t.game()
    g.apply("move 1.B1")  # entered this turn: the way back out rings its alarm
    assert g.would_draw_event() and len(g.legal_actions()) == 2
    e = explain(g, Action.parse("move 1.A1"), {}, {}, 3, 1)
    assert e.hazards == (Hazard.MOTION_EXIT,) and e.alternative is None
    assert "Every other choice pays a price too." in explanation_text(e, ["P1"])


def test_a_hint_onto_a_lavatory_next_to_the_guard_with_the_tiara_names_the_token():
    """Bank seed 9148: up the Stairs next to a guard with the Tiara, a Stealth token lost
    (the tile's, when asked) with the step told as out of the guard's reach."""
    t = Table(players=1).reveal_floor(0).tile("1.B1", K.LAVATORY, stealth=3)
    t = t.player(0, "1.A1", loot=(Loot.TIARA,)).guard(0, at="1.C1", dest="1.D4")
    g = t.game()
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    assert e.tile_pays == "tiara" and not e.stealth and not e.claims_safe
    assert (
        "A guard sees you there: you lose a Stealth token, and one lying on that tile can pay"
        " it instead of yours." in explanation_text(e, ["P1"])
    )


def test_a_hack_while_the_loot_waits_in_its_open_safe_is_told_as_the_hack():
    """The Loot's goal is still the hack's own: a token on the computer he stands on."""
    t = Table(players=1).reveal_floor(0).tile("1.B1", K.SAFE, safe_open=True, loot=[Loot.GEMSTONE])
    g = t.tile("1.A1", K.COMPUTER_FINGERPRINT).player(0, "1.A1").guard(0, at="1.D4", dest="1.D3")
    e = explain(g.game(), Action.parse("hack"), {}, {}, 3, 1)
    assert (e.goal, e.target) == (Goal.HACK, P("1.A1"))
    assert explanation_text(e, ["P1"]).startswith("Goal: a hack token on the computer at 1.A1")


def test_a_held_way_up_is_named_with_its_standing_guard_and_a_step_onto_it_as_the_stairs():
    """Bank seed 9275: "find the Safe of floor 1" on a floor with nothing left face down."""
    words = explanation_text(explain(_way_up_held(), Action.parse("end"), {}, {}, 3, 1), ["P1"])
    assert words.startswith("Goal: floor 2 by 1.D4, once its guard leaves the tile that way")
    assert "find the Safe" not in words
    up = explain(_way_up_held(at="1.D4"), Action.parse("move 2.D4"), {}, {}, 3, 1)
    assert (up.goal, up.target) == (Goal.STAIRS_UP, P("1.D4"))
    assert explanation_text(up, ["P1"]).startswith("Goal: the Stairs at 1.D4, up to floor 2.")


def test_a_choice_that_reaches_the_goal_is_never_told_as_ending_further_from_it():
    """Bank seed 9275: an End where the guard walks in, "worth it" against picking up the
    Gold Bar the burglar stood on, which "ends the turn 11 steps further from the goal":
    the steps to the next goal it turns him to, not to this one."""
    g = _second_gold_bar()
    g.state.floors[0].guard.pos, g.state.floors[0].guard.dest = P("1.D2"), P("1.D4")
    g._state_changed()
    scores = {Action.parse("end"): 10.0, Action.parse("pickup gold-bar"): 5.0}
    e = explain(g, Action.parse("end"), {}, scores, 2, 1)
    assert e.alternative == Action.parse("pickup gold-bar") and e.alternative_steps == -1
    words = explanation_text(e, ["P1", "P2"])
    assert "(Pick up Gold bar) scores lower" in words and "further" not in words


def test_loot_lying_off_its_safe_is_not_told_as_the_open_safes():
    """Office seed 9150: "the Loot of the open Safe at 1.D2" for a Persian Kitty that had run
    off onto a Camera."""
    g = _kitty_ran()
    e = explain(g, Action.parse("pickup persian-kitty"), {}, {}, 3, 1)
    assert e.goal == Goal.LOOT and e.target == P("1.B3") and e.safe == -1
    words = explanation_text(e, ["Ada", "Bob"])
    assert "Goal: the Loot lying at 1.B3." in words and "open Safe" not in words


def test_an_end_where_the_guard_walks_in_on_a_burglar_with_no_stealth_says_the_crew_loses():
    """Fort Knox seed 9164: "you would lose a Stealth token" to a burglar who had none."""
    t = Table(players=1).reveal_floor(0).player(0, "1.C1", stealth=0).events(EventCard.CRASH)
    g = t.guard(0, at="1.A1", dest="1.D1", speed=2).game()
    e = explain(g, Action.parse("end"), {}, {}, 2, 1)
    assert e.hazards == (Hazard.CAUGHT_UNLESS_EVENT,)
    words = explanation_text(e, ["P1"])
    assert "with no Stealth token left, you would be caught and the crew would lose" in words
    assert "lose a Stealth token" not in words


def test_a_choice_whose_own_line_meets_the_guard_as_surely_says_so():
    """Fort Knox seed 9164: both lines ended where the guard walks in, and the hint told the
    other one only as a step farther from the goal."""
    t = Table(players=1).reveal_floor(0).walls(0, "B1-B2").player(0, "1.C1")
    g = t.guard(0, at="1.A1", dest="1.D1", speed=2).turn(0, actions=2, taken=2).game()
    end, step = Action.parse("end"), Action.parse("move 1.B1")
    e = explain(g, end, {}, {end: 10.0, step: 5.0}, 3, 1)
    assert e.alternative == step and e.alternative_risk == e.risk == 1.0
    words = explanation_text(e, ["P1"])
    # That choice pays the End's price too: not told as avoiding it.
    assert "(Move here at 1.B1) also ends the turn on the guard's path, and he walks in." in words
    assert "avoids" not in words


def test_a_choice_whose_line_pays_a_token_on_the_way_does_not_avoid_an_ends_token():
    """Fort Knox seed 9192: boxed in at 1.A1 beside the guard, who walks in at the End; the
    hint called Use Virus "the best choice that avoids this", though its line stepped into
    his tile (a token) to dodge the Event."""
    peterman = Table(players=1, characters=(Character.PETERMAN,), sides=(Side.BASIC,))
    t = peterman.reveal_floor(0).walls(0, "A1-A2").tile("1.D4", K.COMPUTER_LASER)
    t = t.player(0, "1.A1", tools=(Tool.VIRUS,)).events(*QUIET_EVENTS)
    g = t.guard(0, at="1.B1", dest="1.A1", speed=2).game()
    end, virus = Action.parse("end"), Action.parse("use virus")
    through = tuple(Action.parse(a) for a in ("move 1.B1", "move 1.C1", "move 1.C2", "end"))
    plan = TurnSearch().plan_in(g, virus, through)  # no Event, but a token at 1.B1
    e = explain(g, end, plan, {end: 10.0, virus: 5.0, Action.parse("move 1.B1"): 1.0}, 3, 1)
    assert e.hazards == (Hazard.GUARD_PATH_END_EVENT,) and e.alternative is None
    assert "pays a price too, on the spot or later in the turn" in explanation_text(e, ["P1"])


def _last_step_onto(kind: K, step: str = "move 1.B1") -> Explanation:
    """Burglar 1 at 1.A1 with one action left, the guard far off; 1.B1 (face up) is `kind`."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.B1", kind)
    g = t.guard(0, at="1.D4", dest="1.C4").turn(0, actions=1, taken=3).events(*QUIET_EVENTS)
    game = g.game()
    a = Action.parse(step)
    return explain(game, a, TurnSearch().plan_in(game, a, (Action.parse("end"),)), {}, 3, 1)


def test_a_step_whose_plan_ends_the_actions_on_a_thermo_says_its_alarm_goes_off():
    """Bank seed 9194: "Go up to 2.B1", the last action, onto a Thermo the burglar had just
    peeked at, told as ending out of the guard's reach and nothing of its alarm."""
    e = _last_step_onto(K.THERMO)
    assert e.end_pos == P("1.B1") and e.end_thermo == "sure"
    words = explanation_text(e, ["P1"])
    assert "Your actions end on the Thermo at 1.B1: its alarm goes off as the turn ends." in words
    assert _last_step_onto(K.LABORATORY).end_thermo == ""


def _end_beside_the_guard(stealth: int) -> Explanation:
    """Burglar 1 at 1.A1 with `stealth` tokens, the guard next door heading away; the Event
    deck holds a Squeak (the guard steps toward the nearest burglar) and a Keycode Change."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1", stealth=stealth)
    t = t.guard(0, at="1.B1", dest="1.D1", speed=2)
    g = t.events(EventCard.SQUEAK, EventCard.KEYCODE_CHANGE).game()
    return explain(g, Action.parse("end"), {}, {}, 3, 1)


def test_an_end_drawing_an_event_tells_the_share_of_cards_that_lose_the_game():
    """Office seed 9195: an End drew an Event that walked a guard onto a burglar with no
    Stealth left; the hint had said only that the Event may change things. (Fort Knox seed
    9206: a Crash walked him past a Foyer, then in, then out: three tokens, from two.)"""
    e = _end_beside_the_guard(stealth=0)
    assert e.risk == 0.0 and e.event_loses == 0.5
    words = explanation_text(e, ["P1"])
    assert "About 50% of the Event cards that may come would get a burglar caught" in words
    assert _end_beside_the_guard(stealth=1).event_loses == 0.0  # a token to spare: no loss


def test_every_other_choice_pays_only_when_every_legal_action_does():
    """Walled in next to the guard, who walks in at the End: the step into his tile and the
    End both pay, so the hint may say so."""
    peterman = Table(players=1, characters=(Character.PETERMAN,), sides=(Side.BASIC,))
    t = peterman.reveal_floor(0).walls(0, "A1-A2").player(0, "1.A1")  # no ability to use
    g = t.guard(0, at="1.B1", dest="1.A1", speed=2).game()
    assert all(g.hazards(a) for a in g.legal_actions())
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 2, 1)
    assert e.alternative is None
    assert "Every other choice pays a price too." in explanation_text(e, ["P1"])


def test_a_hint_says_where_the_plan_ends_and_the_chance_the_guard_walks_in():
    g = _guard_next_door()
    e = explain(g, Action.parse("end"), {}, {}, 3, 1)  # A1 is not on his way to D1
    words = explanation_text(e, ["P1"])
    assert e.end_pos == P("1.A1") and e.claims_safe
    assert "The plan ends the turn at 1.A1, out of the guard's reach" in words
    assert "4 actions are left unused." in words


def _last_step_on_his_path() -> tuple[Game, dict[tuple[object, ...], Action], dict[Action, float]]:
    """One action left at 1.A1; the guard walks 1.C2 -> 1.B2 -> 1.B1 at the End: a step to
    1.B1 ends on his path, a step to 1.A2 out of it (both lines searched, B1 scored higher)."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").walls(0, "A2-A3")
    g = t.guard(0, at="1.C2", dest="1.B1", speed=2).turn(0, actions=1, taken=3).game()
    end = (Action.parse("end"),)
    plan: dict[tuple[object, ...], Action] = {}
    for step in ("move 1.B1", "move 1.A2"):
        plan.update(TurnSearch().plan_in(g, Action.parse(step), end))
    return g, plan, {Action.parse("move 1.B1"): 10.0, Action.parse("move 1.A2"): 5.0}


def test_a_step_whose_plan_surely_ends_where_the_guard_walks_in_says_why_it_is_worth_it():
    """Found reading Bank seed 9135 (a last crack ending on his path, told with no word of
    the step away; a roll, so a guess there): a step seen through says what the other
    choice would have done."""
    g, plan, scores = _last_step_on_his_path()
    e = explain(g, Action.parse("move 1.B1"), plan, scores, 2, 1)
    assert e.walked_in and e.alternative == Action.parse("move 1.A2") and e.alternative_risk == 0
    words = explanation_text(e, ["P1"])
    assert "The plan ends the turn at 1.B1, on the guard's path: he walks in." in words
    assert "Worth it: the best choice that avoids this (Move here at 1.A2)" in words
    safe = explain(g, Action.parse("move 1.A2"), plan, scores, 2, 1)
    assert not safe.walked_in and "Worth it" not in explanation_text(safe, ["P1"])


@pytest.mark.parametrize("weighed", [True, False])
def test_a_sure_walk_in_against_a_choice_where_he_only_may_walk_in_is_not_called_avoided(
    weighed,
):
    """Found reading Bank seed 9170: a last step onto a Thermo on the guard's path, told
    against ending on the Safe "that avoids this price", where he would walk in 57 times in
    100. That choice is named with its own chance."""
    from engine.autopilot.explain import Explanation

    e = Explanation(
        Action.parse("move 1.C4"),
        Goal.COMBINATION,
        P("1.A3"),
        P("1.C3"),
        end_pos=P("1.C4"),
        risk=1.0,
        steps=5,
        walked_in=True,
        alternative=Action.parse("end"),
        alternative_risk=0.57,
        alternative_steps=6,
        alternative_weighed=weighed,
    )
    words = explanation_text(e, ["P1"])
    assert "avoids" not in words
    if weighed:
        told = "(End turn) the guard may still walk in (57% chance), and the turn ends 1 step"
    else:
        told = "with End turn the guard only may walk in (57% chance), but the autopilot's turn"
    assert told in words


def test_out_of_reach_is_never_sure_when_ending_draws_an_event():
    """An Event drawn at the End may send the guard elsewhere (a Crash, Change of Plans):
    the hint says so and claims no safety."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A2", K.SAFE)
    g = t.guard(0, at="1.B1", dest="1.D1", speed=2).events(EventCard.LAMPSHADE).game()
    e = explain(g, Action.parse("end"), {}, {}, 3, 1)
    assert e.event and e.end_event and not e.claims_safe
    assert "The Event may change that." in explanation_text(e, ["P1"])
    g.state.events = []  # no Event left to draw: his route and patrol cards tell it all
    g._state_changed()
    e = explain(g, Action.parse("end"), {}, {}, 3, 1)
    assert not e.event and not e.end_event and e.claims_safe


def test_a_weighed_choice_whose_line_rolls_dice_is_told_as_the_imagined_tables_guess():
    """Bank seed 9224: an early End against a Crack was told "ends the turn on the guard's
    path: he walks in", true only where the sample's dice opened the Safe and sped him up.
    A line that rolls or reveals is told as a guess; a plain step's line is told as it is."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A1", K.SAFE, dice=1)
    g = t.guard(0, at="1.D4", dest="1.D3", speed=2).events(EventCard.LAMPSHADE).game()
    crack, end = Action.parse("crack"), Action.parse("end")
    e = explain(g, end, {}, {end: 10.0, crack: 5.0}, 3, 2)
    assert e.alternative == crack and e.alternative_weighed and e.alternative_unknown
    words = explanation_text(e, ["P1"])
    assert "(Crack the safe) turns up what is not seen yet, and it scores lower" in words
    from engine.autopilot.signatures import _key

    step, plan, w = Action.parse("move 1.B1"), {}, g.clone()
    w.apply(step)
    for then in ("move 1.B2", "move 1.C2", "end"):  # a plain walk: nothing rolled or revealed
        plan[_key(w)] = Action.parse(then)
        if then != "end":
            w.apply(then)
    e = explain(g, end, plan, {end: 10.0, step: 5.0}, 3, 2)
    assert e.alternative == step and e.alternative_weighed and not e.alternative_unknown
    assert "not seen yet" not in explanation_text(e, ["P1"])


def test_out_of_reach_is_only_a_guess_when_the_plan_turns_up_a_face_down_tile():
    """Where the plan ends, and whether he reaches it, rests on what the tile turns out to
    be: the hint says it is a guess and claims no safety."""
    t = Table(players=1).reveal_floor(0).face_down("1.A2", K.LABORATORY).player(0, "1.A1")
    g = t.guard(0, at="1.D4", dest="1.D3", speed=1).game()
    e = explain(g, Action.parse("move 1.A2"), {}, {}, 3, 1)
    assert e.end_unknown and not e.claims_safe
    words = explanation_text(e, ["P1"])
    assert "so this is a guess: it ends the turn at 1.A2, out of the guard's reach." in words
    assert "his route and the patrol cards left" not in words  # no sure reckoning of it


def test_a_guessed_end_on_the_guards_path_is_told_as_the_imagined_tables_not_as_certain():
    """Up the Stairs to a floor whose guard is not placed yet: where he stands is the
    sample's guess, so "he walks in" is never said as a fact."""
    from engine.autopilot.explain import Explanation

    e = Explanation(
        Action.parse("move 2.A1"),
        Goal.FIND_SAFE,
        end_pos=P("2.A1"),
        risk=1.0,
        end_unknown=True,
        goal_floor=1,
    )
    words = explanation_text(e, ["P1"])
    assert "so this is a guess: it ends the turn at 2.A1, where the guard would walk in." in words
    assert "on the guard's path" not in words


_DETOUR_WORDS = (
    "The plan steps straight back next. A step straight back costs an action but is not counted"
    " for the Event; this step is, and with it the turn counts enough to draw none."
)


@pytest.mark.parametrize(
    ("setup", "dodging", "enough"),
    [(_step_out_and_back, 2, 3), (_detour, 1, 2)],
    ids=["out-and-back-then-end", "out-back-and-on"],
)
def test_a_hint_for_a_step_out_and_straight_back_names_the_event_its_count_dodges(
    setup, dodging, enough
):
    """Named when the step out's count keeps the End from drawing an Event; not when the
    turn takes enough actions without it."""

    def words(taken: int) -> str:
        g, plan = setup(taken=taken)
        return explanation_text(explain(g, Action.parse("move 1.B1"), plan, {}, 3, 1), ["P1"])

    assert _DETOUR_WORDS in words(dodging)
    assert "Event" not in words(enough)


def test_a_hint_that_comes_back_to_end_where_it_stands_names_the_event_it_dodges():
    """Two steps out that are no pacing (a loop back): the turn ends where it stands."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A2", K.SAFE)
    g = t.guard(0, at="1.D4", dest="1.C4").turn(0, actions=4, taken=0)
    g = g.events(EventCard.JUMP_THE_GUN).game()
    rest = tuple(Action.parse(a) for a in ("move 1.B2", "move 1.A2", "move 1.A1", "end"))
    plan = TurnSearch().plan_in(g, Action.parse("move 1.B1"), rest)
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert "Ending now would draw an Event: the plan takes enough actions to draw none." in words
    assert _DETOUR_WORDS not in words


def test_a_step_whose_plan_ends_farther_from_the_goal_says_so_after_naming_it():
    words = explanation_text(_last_step("move 1.C1"), ["P1"])
    assert words.startswith("Goal: open the Safe at 1.A1. This turn's plan ends farther from it")
    assert "farther" not in explanation_text(_last_step("move 1.A1"), ["P1"])


def test_a_hack_past_the_counted_tokens_names_the_event_it_dodges_not_a_token_to_have():
    words = explanation_text(_hack_then_end(tokens=2), ["P1"])
    assert "hack token" not in words
    assert "Ending now would draw an Event: the plan takes enough actions to draw none." in words


def test_a_way_down_not_found_yet_is_named_as_the_floor_not_as_a_tile():
    g = _above_the_floor_he_works(stairs_found=False)
    words = explanation_text(explain(g, Action.parse("move 2.B1"), {}, {}, 3, 1), ["P1"])
    assert words.startswith("Goal: back down to floor 1, whose Stairs nobody has found yet.")
    g = _above_the_floor_he_works(stairs_found=True)
    words = explanation_text(explain(g, Action.parse("move 2.B1"), {}, {}, 3, 1), ["P1"])
    assert words.startswith("Goal: 2.A1, down the Stairs to floor 1.")


def test_a_climb_to_the_floor_the_stairs_lead_to_names_that_floor_not_the_stairs():
    """Office seed 9131: the advanced Acrobat's climb down was told as "Goal: 2.B4, down the
    Stairs to floor 1", the Stairs three tiles off."""
    t = Table(players=1, characters=(Character.ACROBAT,), sides=(Side.ADVANCED,))
    t = t.reveal_floor(0).reveal_floor(1).face_down("1.D4", K.SAFE).player(0, "2.C1")
    t = t.tile("1.A1", K.STAIRS).tile("2.A1", K.LABORATORY, downstairs=True)
    g = t.guard(0, at="1.D1", dest="1.D2").guard(1, at="2.D4", dest="2.D3").game()
    climb = explain(g, Action.parse("move 1.C1"), {}, {}, 3, 1)
    assert climb.climb
    assert explanation_text(climb, ["P1"]).startswith("Goal: floor 1, reached here without")
    step = explain(g, Action.parse("move 2.B1"), {}, {}, 3, 1)
    assert not step.climb
    assert explanation_text(step, ["P1"]).startswith("Goal: 2.A1, down the Stairs to floor 1.")


def test_a_climb_costs_its_three_actions_and_says_the_rest_are_left_unused():
    """Fort Knox seed 9211: a climb with 4 actions left was told "It costs 4 actions" (the
    card spends 3 and ends her actions; the turn's end counted 3)."""
    t = Table(players=1, characters=(Character.ACROBAT,), sides=(Side.ADVANCED,))
    t = t.reveal_floor(0).reveal_floor(1).face_down("1.D4", K.SAFE).player(0, "2.C1")
    g = t.guard(0, at="1.D1", dest="1.D2").guard(1, at="2.D4", dest="2.D3").game()
    climb = explain(g, Action.parse("move 1.C1"), {}, {}, 3, 1)
    assert (climb.actions, climb.forfeited) == (3, 1)
    words = explanation_text(climb, ["P1"])
    assert "It costs 3 actions. Your actions end with it: 1 more is left unused." in words
    step = explain(g, Action.parse("move 2.B1"), {}, {}, 3, 1)
    assert (step.actions, step.forfeited) == (1, 0)
    assert "left unused" not in explanation_text(step, ["P1"])


def test_an_emp_says_which_alarms_on_the_plans_way_it_keeps_quiet():
    """Bank seed 9210: an E.M.P. used with no reason told; the plan then walked through a
    Detector with the Loot, which it kept from ringing."""
    t = Table(players=1).reveal_floor(0).tile("1.B1", K.DETECTOR)
    t = t.player(0, "1.A1", tools=(Tool.EMP,), loot=(Loot.GEMSTONE,))
    g = t.guard(0, at="1.D4", dest="1.C4").events(*QUIET_EVENTS).game()
    emp = Action.parse("use emp")
    line = (Action.parse("move 1.B1"), Action.parse("move 1.C1"), Action.parse("end"))
    e = explain(g, emp, TurnSearch().plan_in(g, emp, line), {}, 3, 1)
    assert e.kept_quiet == (P("1.B1"),) and e.alarms_off == ()
    words = explanation_text(e, ["P1"])
    assert "On the plan's way, it keeps the alarm at 1.B1 from ringing." in words
    around = (Action.parse("move 1.A2"), Action.parse("end"))  # no Detector on this way
    assert explain(g, emp, TurnSearch().plan_in(g, emp, around), {}, 3, 1).kept_quiet == ()


def _up_before_the_stairs_are_found(hole: bool) -> Game:
    """Ann works floor 1's face-down Safe; Bob, who looks for floor 1's Stairs, stands at
    1.A1 with a Thermal Bomb, or on a hole one has opened there."""
    t = Table(players=2).reveal_floor(0).face_down("1.D4", K.SAFE).player(0, "1.C1")
    if hole:
        t = t.tile("1.A1", K.LABORATORY, thermal=True).face_down("2.A1", K.WALKWAY, thermal=True)
    t = t.player(1, "1.A1", tools=() if hole else (Tool.THERMAL_BOMB,))
    return t.guard(0, at="1.D4", dest="1.C4").turn(1).events(*QUIET_EVENTS).game()


def test_a_way_up_before_the_stairs_are_found_names_the_floor_it_reaches():
    """Bank seed 9213: through a Thermal Bomb's hole, "Go up to 2.B1. Goal: find the Stairs
    of floor 1"."""
    names = ["Ann", "Bob"]
    g = _up_before_the_stairs_are_found(hole=True)
    e = explain(g, Action.parse("move 2.A1"), {}, {}, 4, 1)
    assert e.climb and e.leads_to == 1
    assert explanation_text(e, names).startswith("Goal: floor 2, reached here without the Stairs.")
    g = _up_before_the_stairs_are_found(hole=False)
    bomb = Action.parse("use thermal-bomb 2.A1")
    up = TurnSearch().plan_in(g, bomb, (Action.parse("move 2.A1"), Action.parse("end")))
    words = explanation_text(explain(g, bomb, up, {}, 4, 1), names)
    assert words.startswith("Goal: floor 2, through the hole this opens rather than by the Stairs.")
    stay = TurnSearch().plan_in(g, bomb, (Action.parse("move 1.B1"), Action.parse("end")))
    words = explanation_text(explain(g, bomb, stay, {}, 4, 1), names)
    assert words.startswith("Goal: find the Stairs of floor 1 among its tiles still face down.")


def test_the_rooks_orders_say_what_they_do_for_the_teammate_after_the_rooks_own_goal():
    names = ["P1", "P2"]
    words = explanation_text(_rook_orders("ability orders 1 1.C1"), names)
    assert words.startswith("Goal: find the Stairs of floor 1 among its tiles still face down. ")
    assert "It takes P1 a step nearer their own goal." in words
    off = _rook_orders("ability orders 1 1.A1", guard_at="1.D1", guard_to="1.B1")
    words = explanation_text(off, names)
    assert (
        "It takes P1 out of the guard's way: if the turn ended with them at 1.B1, he would walk in."
        in words
    )
    assert "without bringing" in explanation_text(_rook_orders("ability orders 1 1.A1"), names)
    own = replace(off, ordered_own_end=True)  # the teammate on another floor: his own End
    assert (
        "It takes P1 out of the guard's way on their floor: were their own turn to end with "
        "them at 1.B1, he would walk in."
    ) in explanation_text(own, names)


def test_the_hint_words_exist_in_french_too():
    messages.set_language("fr")
    e = explain(_guard_next_door(), Action.parse("move 1.B1"), {}, {}, 3, 1)
    assert "Camouflage" in explanation_text(e, ["P1"])


def test_a_hint_onto_a_fingerprint_names_its_alarm_and_never_says_out_of_reach():
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.B1", K.FINGERPRINT)
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    assert e.alarm and not e.claims_safe
    words = explanation_text(e, ["P1"])
    assert "It sets off an alarm at 1.B1: the guard heads for the closest alarm" in words
    assert "unless you stop it" not in words  # no computer: nothing can stop it


def test_an_alarm_set_off_on_purpose_says_why_it_is_worth_it():
    """Office seed 9140: the Juicer's Crybaby rang alarms next to him with no word of what
    they bought over the choices that ring none."""
    juicer = Table(players=1, characters=(Character.JUICER,), sides=(Side.BASIC,))
    g = juicer.reveal_floor(0).player(0, "1.A1").guard(0, at="1.D4", dest="1.D3").game()
    crybaby = Action.parse("ability crybaby 1.A2")
    e = explain(g, crybaby, {}, {crybaby: 10.0, Action.parse("end"): 5.0}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert "It sets off an alarm at 1.A2: the guard heads for the closest alarm" in words
    assert "Worth it: the best choice that avoids this (End turn) scores lower" in words


def test_a_choice_up_or_down_the_stairs_is_named_as_the_way_up_or_down():
    """Bank seed 9161: "Move here at 2.C2" named the way down the Stairs from 3.C2."""
    t = Table(players=1).reveal_floor(0).reveal_floor(1).tile("1.A1", K.STAIRS)
    t = t.tile("2.A1", K.LABORATORY, downstairs=True).player(0, "2.A1")
    t = t.tile("2.B1", K.FINGERPRINT).guard(1, at="2.D4", dest="2.D3")
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    assert Action.parse("move 1.A1") in g.legal_actions()
    e = explain(g, Action.parse("move 2.B1"), {}, {}, 3, 1)
    assert e.alternative == Action.parse("move 1.A1") and e.here == P("2.A1")
    assert "Not the only choice: Go down to 1.A1 avoids this price" in explanation_text(e, ["P1"])


def test_a_choice_that_outscored_the_action_is_never_told_as_scoring_lower():
    """Office seed 9140: the whole-turn search chose the Crybaby over a step the bot's own
    tables scored higher, and the hint said that step "scores lower"."""
    juicer = Table(players=1, characters=(Character.JUICER,), sides=(Side.BASIC,))
    g = juicer.reveal_floor(0).player(0, "1.A1").guard(0, at="1.D4", dest="1.D3").game()
    crybaby = Action.parse("ability crybaby 1.A2")
    e = explain(g, crybaby, {}, {crybaby: 5.0, Action.parse("end"): 10.0}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.alternative == Action.parse("end") and not e.alternative_weighed
    assert "scores lower" not in words
    assert "Not the only choice: End turn avoids this price" in words


def test_an_alarm_a_hack_token_can_stop_is_told_as_a_question_to_come():
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.B1", K.FINGERPRINT)
    t = t.tile("1.A4", K.COMPUTER_FINGERPRINT, hack=1)
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.alarm_asked and not e.claims_safe
    assert "It sets off an alarm at 1.B1 unless you stop it (you will be asked how)." in words


def test_leaving_a_motion_room_for_a_face_down_tile_names_the_alarm_a_hack_token_can_stop():
    """What the face-down tile holds is a guess; the Motion room left is not (Bank seed 9130:
    the hint stepped out of one with a hack token waiting and named no alarm)."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.B1", K.MOTION)
    t = t.face_down("1.C1", K.LASER).tile("1.A4", K.COMPUTER_MOTION, hack=1)
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    g.apply("move 1.B1")
    e = explain(g, Action.parse("move 1.C1"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.face_down and (e.alarm_pos, e.alarm_asked) == (P("1.B1"), True)
    assert "It sets off an alarm at 1.B1 unless you stop it (you will be asked how)." in words


def test_a_hint_names_the_teammate_the_guard_reaches_when_the_turn_ends():
    t = Table(players=2).reveal_floor(0).player(0, "1.A4").player(1, "1.C1")
    g = t.guard(0, at="1.A1", dest="1.D1", speed=3).turn(0, actions=1, taken=3).game()
    e = explain(g, Action.parse("end"), {}, {}, 2, 1)
    words = explanation_text(e, ["Ada", "Bob"])
    assert "Bob at 1.C1 is on the guard's path: he reaches them then." in words
    messages.set_language("fr")
    assert "Bob en 1.C1 est sur le chemin du Gardien" in explanation_text(e, ["Ada", "Bob"])


def test_a_teammate_met_where_a_guessed_plan_ends_is_told_as_what_would_happen():
    """Bank seed 9157: "Burglar 1 is on the guard's path: he reaches them then" after a plan
    that turned up face-down tiles, one of which rang an alarm that sent him elsewhere."""
    t = Table(players=2).reveal_floor(0).player(0, "1.A4").player(1, "1.C1")
    t = t.face_down("1.B4", K.LABORATORY).guard(0, at="1.A1", dest="1.D1", speed=3)
    g = t.turn(0, actions=1, taken=3).game()
    e = explain(g, Action.parse("move 1.B4"), {}, {}, 2, 1)
    words = explanation_text(e, ["Ada", "Bob"])
    assert e.end_unknown
    assert "Bob at 1.C1 would be on the guard's path: he would reach them then." in words
    messages.set_language("fr")
    words = explanation_text(e, ["Ada", "Bob"])
    assert "Bob en 1.C1 serait sur le chemin du Gardien" in words and "atteindrait" in words


def test_a_hint_ending_the_turn_off_the_goals_floor_says_which_guard_moves_and_whom_it_spares():
    g = _teammate_in_the_guards_walk()
    up = Action.parse("move 2.B1")
    e = explain(g, up, TurnSearch().plan_in(g, up, (Action.parse("end"),)), {}, 2, 1)
    words = explanation_text(e, ["Ada", "Bob"])
    assert words.startswith("Goal: find the Safe of floor 1")
    assert "Ending the turn on floor 2 moves that floor's guard, not floor 1's." in words
    assert "Were the turn to end on floor 1 now, its guard would walk in on Bob at 1.C2." in words
    messages.set_language("fr")
    words = explanation_text(e, ["Ada", "Bob"])
    assert "fait bouger le Gardien de cet étage, pas celui de l'étage 1." in words
    assert "son Gardien tomberait sur Bob en 1.C2." in words
    peek = Action.parse("peek 1.A1")  # ends on floor 1: no floor left behind to tell of
    e = explain(g, peek, TurnSearch().plan_in(g, peek, (Action.parse("end"),)), {}, 2, 1)
    assert "pas celui de l'étage" not in explanation_text(e, ["Ada", "Bob"])


def test_a_plan_ending_the_turn_off_the_floor_of_its_stairs_goal_says_which_guard_moves():
    """Bank seed 9133: "Go down to 1.B2. Goal: the Stairs at 2.C1, up to floor 3", the plan
    ending on floor 1, said nothing of why. Off the floor the Stairs lead to, it is the floor
    left; down them, the goal reached."""
    t = Table(players=1).reveal_floor(1).face_down("1.D4", K.SAFE).player(0, "2.B1")
    t = t.tile("1.A1", K.STAIRS).tile("2.A1", K.LABORATORY, downstairs=True)
    g = t.tile("2.B1", K.STAIRS).guard(0, at="1.D1", dest="1.D2").guard(1, at="2.D4", dest="2.D3")
    g = g.game()
    up = Action.parse("move 3.B1")
    e = explain(g, up, TurnSearch().plan_in(g, up, (Action.parse("end"),)), {}, 2, 1)
    assert (e.goal, e.floor_left) == (Goal.STAIRS_DOWN, 1)
    assert "Ending the turn on floor 3 moves that floor's guard, not floor 2's." in (
        explanation_text(e, ["P1"])
    )
    way = Action.parse("move 2.A1")
    plan = TurnSearch().plan_in(g, way, tuple(Action.parse(a) for a in ("move 1.A1", "end")))
    e = explain(g, way, plan, {}, 2, 1)
    assert e.end_pos == P("1.A1") and e.floor_left == -1


def test_two_teammates_spared_on_the_floor_left_are_told_without_repeating_its_end():
    g = _teammate_in_the_guards_walk()
    up = Action.parse("move 2.B1")
    e = explain(g, up, TurnSearch().plan_in(g, up, (Action.parse("end"),)), {}, 2, 1)
    e = replace(e, spared=((1, P("1.C2"), 1.0), (2, P("1.D1"), 0.25)))
    words = explanation_text(e, ["Ada", "Bob", "Cy"])
    assert words.count("Were the turn to end on floor 1 now") == 1
    assert "He might also walk in on Cy at 1.D1 (25% chance)." in words


class _Log:
    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def prepend(self, item: tuple[str, str]) -> None:
        self.items.insert(0, item)


class _Session:
    def __init__(self, game) -> None:
        self.game = game

    def view(self):
        return _View()


class _View:
    class _P:
        name = "Ada"

    players = [_P()]


class _Page:
    def __init__(self) -> None:
        self.log = _Log()

    def el(self, element_id: str):
        return self.log if element_id == "log" else None

    def make(self, tag: str, text: str, classes: str = ""):
        return (text, classes)


class _Table:
    def __init__(self, game) -> None:
        self.session = _Session(game)


def test_the_autopilots_log_line_says_why_in_the_same_words_as_a_hint():
    from engine.autopilot.bot import Bot
    from ui.autopilot import Autopilot

    g = _guard_next_door()
    bot = Bot(seed=1)
    bot.choose(g)
    page = _Page()
    Autopilot(page, _Table(g)).log_reason(bot)  # type: ignore[arg-type]
    assert bot.last_explanation is not None
    why = explanation_text(bot.last_explanation, ["Ada"])
    assert page.log.items == [(f"Ada (autopilot): {why}", "log-why")]


def test_the_pages_bots_are_seeded_and_weighted_as_autoplay_seats_its_bots():
    """The hints and seats a player meets are the bot autoplay measures, seeds and the
    scenario's weights included."""
    from engine.autopilot.defaults import seat_seed, weights_for
    from ui.autopilot import page_bot

    for scenario in ScenarioId:
        bots = [page_bot(7, k, scenario) for k in range(4)]
        assert [b.seed for b in bots] == [seat_seed(7, k) for k in range(4)]
        assert all(b.weights == weights_for(scenario) for b in bots)
    assert weights_for(ScenarioId.BANK) != weights_for(ScenarioId.OFFICE)


def test_a_stairs_hint_names_the_floor_the_stairs_lead_to_and_the_top_floor_none():
    from tests.engine.test_bot import _gold_bar_waiting

    g = _gold_bar_waiting()  # burglar 1 holds a Gold Bar on floor 1; his part is done
    e = explain(g, Action.parse("move 1.C1"), {}, {}, 3, 1)
    assert e.leads_to == 1
    assert "Goal: the Stairs at 1.D4, up to floor 2." in explanation_text(e, ["P1", "P2"])
    g = _gold_bar_waiting()
    g.state.players[0].pos = P("2.B1")  # the top floor, a Gold Bar still in its Safe
    e = explain(g, Action.parse("move 2.A1"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1", "P2"])
    assert e.leads_to == -1
    assert "Goal: the Stairs at 2.A4, to wait there for the way out by the roof" in words
    assert "floor 3" not in words


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "Goal: the Service duct at 2.C1: from there one Move takes you to floor 1."),
        (
            "fr",
            "Objectif\u00a0: le Conduit en 2.C1\u00a0: de là, un déplacement vous mène"
            " à l'étage 1.",
        ),
    ],
)
def test_a_hint_toward_a_service_duct_names_it_and_the_floor_it_leads_to(lang, told):
    from tests.engine.test_bot import _a_floor_above_by_a_duct

    e = explain(_a_floor_above_by_a_duct(twin="1.D3"), Action.parse("move 2.C1"), {}, {}, 4, 1)
    messages.set_language(lang)
    assert explanation_text(e, ["P1"]).startswith(told)


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            "Goal: out of the guard's way: if the turn ended at 1.A1, he would walk in. The plan"
            " comes back to 1.A1 after setting off the alarm at 1.A2, which the guard then heads"
            " for instead.",
        ),
        (
            "fr",
            "Objectif\u00a0: sortir du chemin du Gardien\u00a0: si le tour finissait en 1.A1, il"
            " y entrerait. Le plan revient en 1.A1 après avoir déclenché l'Alarme en 1.A2, vers"
            " laquelle le Gardien se dirige alors à la place.",
        ),
    ],
)
def test_a_step_out_and_back_that_lures_the_guard_to_its_alarm_says_so(lang, told):
    from tests.engine.test_bot import _out_and_back

    e = _out_and_back(K.MOTION)
    messages.set_language(lang)
    assert explanation_text(e, ["P1"]).startswith(told)


def test_a_teammate_with_no_stealth_the_guard_may_meet_is_told_as_the_crews_loss():
    e = Explanation(
        Action.parse("end"),
        Goal.FIND_SAFE,
        goal_floor=0,
        end_pos=P("1.A1"),
        crew=((1, P("1.B4"), 0.48),),
        crew_camera=((1, P("1.B4"), 0.5),),
        crew_exposed=(1,),
    )
    words = explanation_text(e, ["P1", "Ada"])
    told = "Ada at 1.B4: the guard may reach them then (48% chance). Ada has no Stealth"
    assert told in words and words.count("no Stealth") == 1


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "Ada is in the Foyer at 1.C2: the guard walks in or next to it and sees them."),
        (
            "fr",
            "Ada est dans le Foyer en 1.C2\u00a0: le Gardien y entre ou passe à côté et l'y voit.",
        ),
    ],
)
def test_a_teammate_in_a_foyer_is_told_seen_from_next_to_it_not_on_the_guards_path(lang, told):
    e = Explanation(
        Action.parse("end"),
        Goal.FIND_SAFE,
        goal_floor=0,
        end_pos=P("1.A1"),
        crew=((1, P("1.C2"), 1.0),),
        crew_foyer=(1,),
    )
    messages.set_language(lang)
    words = explanation_text(e, ["P1", "Ada"])
    assert told in words and "guard's path" not in words and "chemin du Gardien" not in words


def test_a_step_down_the_stairs_while_the_goal_is_a_duct_says_the_floor_is_reached_this_way():
    """Found reading Fort Knox seed 9178: "Go down to 1.B5. Goal: the Service duct at 2.D3"
    for a plan that took the Stairs. The floor the Duct leads to, reached by another way, is
    told as such (as the Stairs' goal is for the Acrobat's climb)."""
    from tests.engine.test_bot import _a_floor_above_by_a_duct

    g = _a_floor_above_by_a_duct(twin="1.D3")
    g.state.players[0].pos = P("2.A1")  # on the way down the Stairs, the Duct two steps off
    g._state_changed()
    down = explain(g, Action.parse("move 1.A1"), {}, {}, 4, 1)
    assert (down.goal, down.climb) == (Goal.DUCT, True)
    words = explanation_text(down, ["P1"])
    assert words.startswith("Goal: floor 1, reached by this step rather than through the Service")
    assert "Service duct at 2.C1" not in words
    through = explain(
        _a_floor_above_by_a_duct(twin="1.D3"), Action.parse("move 2.C1"), {}, {}, 4, 1
    )
    assert not through.climb


def _up_to_a_floor_not_set_up(spotted: str | None = None) -> str:
    """Burglar 1 on floor 1's Stairs at A1, floor 2's guard not set up yet (the top card of
    its patrol deck seen at `spotted`, if any): the hint for the step up."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A1", K.STAIRS)
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    g.state.floors[1].guard.seen_top = P(spotted) if spotted else None
    return explanation_text(explain(g, Action.parse("move 2.A1"), {}, {}, 3, 1), ["P1"])


def test_a_step_onto_a_floor_whose_guard_is_not_set_up_names_the_chance_he_appears_there():
    """The guard is set up on the tile of his floor's first patrol card (R: the guard's
    setup): 1 in 16 on a 4x4 floor, from what is public; certain once the card was seen."""
    floor_of_16 = "on the tile the top patrol card names: 6% chance it is this one, which costs"
    assert floor_of_16 in _up_to_a_floor_not_set_up()
    assert "on this very tile" in _up_to_a_floor_not_set_up(spotted="2.A1")
    assert "set up as you arrive" not in _up_to_a_floor_not_set_up(spotted="2.B3")
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A1", K.STAIRS)
    g = t.guard(0, at="1.D4", dest="1.D3").guard(1, at="2.D4", dest="2.D3").game()
    placed = explain(g, Action.parse("move 2.A1"), {}, {}, 3, 1)
    assert placed.placed == -1.0
    assert "set up as you arrive" not in explanation_text(placed, ["P1"])


def test_a_decision_with_one_option_is_called_the_only_one_not_the_best_scored():
    from engine.autopilot.explain import Explanation

    e = Explanation(Action.parse("end"), Goal.DECIDE, options=1, worlds=3)
    assert explanation_text(e, ["P1"]) == "It is the only option here."
    e = Explanation(Action.parse("end"), Goal.DECIDE, options=2, worlds=3)
    assert "Of 2 options, this one scores best" in explanation_text(e, ["P1"])


def _peterman() -> Table:
    return Table(players=1, characters=(Character.PETERMAN,), sides=(Side.BASIC,))


def _tool_in_hand(tool: Tool) -> Game:
    """The Peterman at 1.A1 holding `tool`, floor 1 face up, its guard far off at 1.D4."""
    t = _peterman().reveal_floor(0).player(0, "1.A1", tools=(tool,))
    return t.guard(0, at="1.D4", dest="1.D3").game()


def test_a_tool_that_rings_its_own_alarm_is_not_named_as_avoiding_a_motion_rooms():
    """In a Motion room entered this turn, on the guard's way: every step out rings it, the
    End meets the guard, and Dynamite rings an alarm of its own."""
    t = _peterman().reveal_floor(0).player(0, "1.A1", tools=(Tool.DYNAMITE,))
    t = t.tile("1.B1", K.MOTION).walls(0, "B1-B2")
    g = t.guard(0, at="1.D1", dest="1.A1", speed=2).game()
    g.apply("move 1.B1")
    assert Action.parse("use dynamite 1.B2") in g.legal_actions()
    e = explain(g, Action.parse("move 1.C1"), {}, {}, 3, 1)
    assert e.alternative is None
    assert "Every other choice pays a price too." in explanation_text(e, ["P1"])


def test_a_free_tool_used_on_the_guards_way_with_no_action_left_avoids_nothing():
    t = _peterman().reveal_floor(0).player(0, "1.A1", tools=(Tool.BLUEPRINTS,))
    g = t.guard(0, at="1.D1", dest="1.A1", speed=4).game()
    for step in ("move 1.B1", "move 1.C1", "move 1.B1", "move 1.C1"):
        g.apply(step)  # the last action ends on his route
    assert any(a.kind == ActionKind.USE for a in g.legal_actions())
    e = explain(g, Action.parse("end"), {}, {}, 3, 1)
    assert e.alternative is None
    assert "Every other choice pays a price too." in explanation_text(e, ["P1"])


def test_an_end_that_is_the_only_legal_action_is_called_the_only_choice():
    """No action left and no Tool: End is all there is, so "every other choice" would name
    choices that do not exist."""
    g = _peterman().reveal_floor(0).player(0, "1.A1").guard(0, at="1.D1", dest="1.A1", speed=4)
    game = g.game()
    for step in ("move 1.B1", "move 1.C1", "move 1.B1", "move 1.C1"):
        game.apply(step)  # the last action ends on his route
    assert [str(a) for a in game.legal_actions()] == ["end"]
    e = explain(game, Action.parse("end"), {}, {}, 1, 1)
    words = explanation_text(e, ["P1"])
    assert e.sole and "There is no other choice." in words
    assert "Every other choice pays a price too." not in words
    messages.set_language("fr")
    assert "Il n'y a pas d'autre choix." in explanation_text(e, ["P1"])


def test_a_peeks_hint_says_what_it_brings_hangs_on_a_tile_not_seen_yet():
    t = _peterman().player(0, "1.A1").face_down("1.B1", K.LAVATORY)
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    e = explain(g, Action.parse("peek 1.B1"), {}, {}, 3, 1)
    assert e.luck and e.luck_kind == "tile"
    assert "It turns up a tile nobody has seen yet" in explanation_text(e, [])


def test_a_look_at_an_event_card_the_table_saw_on_top_is_not_told_as_a_card_nobody_has_seen():
    """Office seed 9303: the Spotter's Precognition with Crash! already seen on top was
    told "It draws a card nobody has seen yet"; the same look at a card nobody saw is."""
    for seen, luck in ((1, False), (0, True)):
        t = Table(players=1, characters=(Character.SPOTTER,), sides=(Side.ADVANCED,))
        t = t.reveal_floor(0).player(0, "1.A1").events(EventCard.CRASH, EventCard.LAMPSHADE)
        g = t.guard(0, at="1.D4", dest="1.D3").game()
        g.state.events_seen = seen
        e = explain(g, Action.parse("ability precognition"), {}, {}, 3, 1)
        assert e.luck is luck
        assert ("It draws a card nobody has seen yet" in explanation_text(e, [])) is luck


def test_a_step_whose_plan_ends_drawing_a_crash_the_table_saw_on_top_says_the_guard_walks_in():
    """Office seed 9303: Crash! seen on top (the guard's destination becomes the burglar's
    tile), each step was told "out of the guard's reach ... an Event may change that" and
    named the teammate on the route the card takes him off; the End itself said "he walks
    in". The plan's End is read as the engine plays it, the card seen included; with the
    top card unseen, the route's chances and the Event's caveat stay."""
    move = Action.parse("move 1.B4")
    for seen in (1, 0):
        t = Table(players=2, characters=(Character.PETERMAN, Character.ROOK)).reveal_floor(0)
        t.player(0, "1.A4").player(1, "1.D2").events(EventCard.CRASH, EventCard.LAMPSHADE)
        g = t.guard(0, at="1.D4", dest="1.D1", speed=2).turn(0, actions=3, taken=1).game()
        g.state.events_seen = seen
        plan = TurnSearch().plan_in(g, move, (Action.parse("end"),))
        e = explain(g, move, plan, {}, 2, 1)
        words = explanation_text(e, ["P1", "P2"])
        assert e.end_pos == P("1.B4") and e.risk == float(seen)
        assert ("on the guard's path: he walks in" in words) is bool(seen)
        assert ("out of the guard's reach" in words) is not bool(seen)
        assert ("Ending there draws an Event, which may change that." in words) is not bool(seen)
        assert ("P2 at 1.D2 is on the guard's path" in words) is not bool(seen)


def test_an_action_that_reshuffles_an_empty_patrol_deck_says_the_guard_speeds_up():
    """Bank seed 9310: an E.M.P. switched an alarm off with the floor's patrol deck empty;
    the guard drew from a reshuffled deck and went up a speed, and the hint told only of
    the alarm and a card drawn. The deck's size is public: the speed-up is told, for the
    E.M.P. and for an End whose walk reaches his destination; not with cards left."""
    for empty in (True, False):
        t = Table(players=1, characters=(Character.PETERMAN,)).reveal_floor(0)
        t.player(0, "1.A1", tools=(Tool.EMP,)).tile("1.C3", K.LABORATORY, alarm=True)
        g = t.guard(0, at="1.D4", dest="1.C3", speed=2, patrol=("1.B2", "1.D1")).game()
        guard = g.state.floors[0].guard
        if empty:
            guard.discard, guard.patrol = guard.discard + guard.patrol, []
        for action in ("use emp", "end"):
            e = explain(g, Action.parse(action), {}, {}, 3, 1)
            assert e.speeds_up == (((0, 3),) if empty else ())
            words = "Floor 1's guard has no patrol card left to draw"
            assert (words in explanation_text(e, [])) is empty


def test_a_cracks_hint_says_what_it_brings_hangs_on_a_roll():
    t = _peterman().reveal_floor(0).tile("1.A1", K.SAFE, dice=2).player(0, "1.A1")
    g = t.guard(0, at="1.D4", dest="1.D3").game()
    e = explain(g, Action.parse("crack"), {}, {}, 3, 1)
    assert e.luck and e.luck_kind == "roll"
    assert "What it brings hangs on a roll of the dice." in explanation_text(e, [])


def test_a_hint_up_the_stairs_points_at_the_stairs_tile_and_its_go_up_button():
    """The way up is among the actions of the tile the burglar stands on ("Go up to
    2.A1"): the hint opens that tile, in sight on his floor, and says it in those words."""
    from engine.rules.view import typed_view
    from ui.describe import hinted

    t = _peterman().reveal_floor(0).tile("1.A1", K.STAIRS).player(0, "1.A1")
    game = t.guard(0, at="1.D4", dest="1.D3").game()
    up = Action.parse("move 2.A1")
    assert up in game.legal_actions()
    assert hinted(typed_view(game), up, ["P1"]) == ("1.A1", "Go up to 2.A1")
    assert hinted(typed_view(game), Action.parse("move 1.B1"), ["P1"]) == (
        "1.B1",
        "Move here at 1.B1",
    )


def _laser_alarm_with_no_action_left() -> Game:
    """The last action steps into a Laser: a hack token stops its alarm, else it rings and
    the guard next door heads for the burglar, who can only End there."""
    t = _peterman().reveal_floor(0).player(0, "1.A1")
    t = t.tile("1.B2", K.LASER).tile("1.A4", K.COMPUTER_LASER, hack=1)
    g = t.guard(0, at="1.D2", dest="1.D4", speed=2).game()
    for step in ("move 1.A2", "move 1.A1", "move 1.A2", "move 1.B2"):
        g.apply(step)
    assert g.state.pending is not None and g.state.pending.options == ["hack", "trigger"]
    return g


def test_a_decisions_reason_says_where_its_plan_ends_and_what_the_other_option_risks():
    g = _laser_alarm_with_no_action_left()
    hack, trigger = Action.parse("choose hack"), Action.parse("choose trigger")
    e = explain(g, hack, {}, {hack: 10.0, trigger: 5.0}, 2, 3)
    words = explanation_text(e, ["P1"])
    assert "The plan ends the turn at 1.B2, out of the guard's reach" in words
    assert "“Let the alarm go off” would end the turn on the guard's path" in words
    assert "sets off an alarm" not in words


def test_a_decision_that_lets_an_alarm_ring_says_so_and_names_no_safer_option_it_is_not():
    g = _laser_alarm_with_no_action_left()
    hack, trigger = Action.parse("choose hack"), Action.parse("choose trigger")
    e = explain(g, trigger, {}, {hack: 5.0, trigger: 10.0}, 2, 3)
    words = explanation_text(e, ["P1"])
    assert "It sets off an alarm at 1.B2: the guard heads for the closest alarm" in words
    assert "The plan ends the turn at 1.B2, on the guard's path: he walks in." in words
    assert "would end the turn" not in words  # the hack's plan ends where he does not reach
    assert not e.claims_safe


def test_an_answer_that_stops_an_alarm_names_the_alarm_the_other_answer_would_ring():
    """Fort Knox seed 9252: "Spend an extra action" was told only as the best score of 2
    options. The answer that stops the alarm says which alarm it keeps quiet; the one that
    lets it ring says it sets it off instead."""
    g = _laser_alarm_with_no_action_left()
    hack, trigger = Action.parse("choose hack"), Action.parse("choose trigger")
    e = explain(g, hack, {}, {hack: 10.0, trigger: 5.0}, 2, 3)
    assert e.alarm_quieted == P("1.B2")
    words = explanation_text(e, ["P1"])
    assert "It keeps the alarm at 1.B2 from ringing: the guard would head for" in words
    rung = explain(g, trigger, {}, {hack: 5.0, trigger: 10.0}, 2, 3)
    assert rung.alarm_quieted == -1 and "keeps the alarm" not in explanation_text(rung, ["P1"])


def test_the_other_option_is_called_likelier_only_when_its_told_chance_is_higher():
    """Office seed 9212: "“Let the alarm go off” would end the turn where the guard is
    likelier to walk in (10% chance)", the plan told at 10% too."""
    g = _laser_alarm_with_no_action_left()
    hack, trigger = Action.parse("choose hack"), Action.parse("choose trigger")
    e = explain(g, hack, {}, {hack: 10.0, trigger: 5.0}, 2, 3)
    close = replace(e, risk=0.098, alternative_risk=0.102)
    assert "likelier" not in explanation_text(close, ["P1"])
    apart = replace(e, risk=0.098, alternative_risk=0.2)
    assert "likelier to walk in (20% chance)" in explanation_text(apart, ["P1"])


def test_a_hint_that_flees_the_guard_names_the_tile_he_would_walk_into():
    """Up the Stairs out of the guard's certain walk: the reason says where and how sure,
    never 'find the Safe of floor 1' for a step off that floor."""
    g = _on_the_stairs_in_the_guards_walk(safe_found=False)
    words = explanation_text(explain(g, Action.parse("move 2.B1"), {}, {}, 2, 1), ["P1"])
    assert words.startswith(
        "Goal: out of the guard's way: if the turn ended at 1.B1, he would walk in."
    )
    assert "find the Safe" not in words
    climbing = _on_the_stairs_in_the_guards_walk(safe_found=True)
    words = explanation_text(explain(climbing, Action.parse("move 2.B1"), {}, {}, 2, 1), ["P1"])
    assert "out of the guard's way" not in words
    assert words.startswith("Goal: the Stairs at 1.B1, up to floor 2.")


def test_a_search_for_a_safe_names_the_floor_it_searches():
    g = _on_the_stairs_in_the_guards_walk(safe_found=False)
    words = explanation_text(explain(g, Action.parse("peek 1.B2"), {}, {}, 2, 1), ["P1"])
    assert words.startswith("Goal: find the Safe of floor 1 among its tiles still face down.")


def test_a_hint_that_flees_a_likely_walk_gives_its_chance():
    from engine.autopilot.explain import Explanation

    e = Explanation(Action.parse("move 1.B3"), Goal.HIDE, P("1.C3"), hide_risk=0.857)
    words = explanation_text(e, ["P1"])
    assert "if the turn ended at 1.C3, he might walk in (86% chance)" in words


def test_a_hint_for_the_crow_says_what_its_walk_would_be_without_it():
    g, crow = _crow_beside_the_guards_walk("1.C4")
    words = explanation_text(explain(g, crow, {}, {}, 2, 1), ["P1"])
    assert "ends the turn at 1.D4, out of the guard's reach" in words
    assert "Without the crow at 1.C4, he would walk in there." in words
    g, crow = _crow_beside_the_guards_walk("1.D3")
    assert "Without the crow" not in explanation_text(explain(g, crow, {}, {}, 2, 1), ["P1"])


def test_a_certain_catch_in_the_avoiding_choice_is_told_as_certain_not_as_99_percent():
    from engine.autopilot.explain import Explanation

    e = Explanation(
        Action.parse("move 1.B1"),
        Goal.HIDE,
        P("1.A1"),
        hide_risk=1.0,
        hazards=(Hazard.GUARD_TILE,),
        end_pos=P("1.B1"),
        alternative=Action.parse("move 1.A2"),
        alternative_weighed=True,
        alternative_risk=1.0,
    )
    words = explanation_text(e, ["P1"])
    assert "ends the turn on the guard's path: he walks in" in words
    assert "99%" not in words


@pytest.mark.parametrize("character", [Character.ACROBAT, Character.PETERMAN])
def test_a_free_step_into_the_guards_tile_is_named_as_flexibilitys(character: Character):
    """The basic Acrobat steps into the guard's tile for nothing: the hint says the guard is
    there and why it costs nothing, where anyone else's hint names the token it costs."""
    t = Table(players=1, characters=(character,), sides=(Side.BASIC,)).reveal_floor(0)
    g = t.player(0, "1.A1").guard(0, at="1.B1", dest="1.D1", speed=2).game()
    e = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    flexible = character == Character.ACROBAT
    assert e.flexible is flexible
    assert ("Flexibility lets you in without losing a Stealth token" in words) is flexible
    assert ("stepping in costs a Stealth token" in words) is not flexible


def test_a_teammate_certain_to_be_seen_by_a_camera_is_told_as_certain_not_99_percent():
    from engine.autopilot.explain import Explanation

    e = Explanation(
        Action.parse("end"),
        Goal.FIND_SAFE,
        goal_floor=0,
        end_pos=P("1.A1"),
        crew_camera=((1, P("1.C2"), 0.9999999999), (2, P("2.A3"), 0.5)),
    )
    words = explanation_text(e, ["Ada", "Bob", "Cy"])
    assert "Bob stands on the Camera at 1.C2: the guard steps on a Camera" in words
    assert "Cy stands on the Camera at 2.A3: the guard may step on a Camera" in words
    assert "99%" not in words


def test_a_plan_with_no_step_for_what_the_sample_turns_up_tells_no_end():
    """Bank seed 9223: a followed plan's Peek turned up, in the hint's sample, a tile its
    plan had no step for; the rule of thumb then ended the turn under the guard, and the
    hint told that as the plan's end. Now it says the rest hangs on what is shown; with a
    step planned for it, the end is told as a guess."""
    from engine.autopilot.signatures import _key

    t = Table(players=1).reveal_floor(0).face_down("1.A2", K.LABORATORY).player(0, "1.A1")
    g = t.guard(0, at="1.D4", dest="1.D3", speed=1).game()
    start = {_key(g): Action.parse("move 1.A2")}  # a plan that ends before the reveal
    e = explain(g, Action.parse("move 1.A2"), start, {}, 3, 1)
    assert e.end_replanned and e.end_pos == -1 and not e.claims_safe
    words = explanation_text(e, ["P1"])
    assert "the rest of the turn hangs on what it shows." in words
    assert "ends the turn at" not in words
    after = g.clone()
    after.apply("move 1.A2")
    planned = {**start, _key(after): Action.parse("end")}
    e = explain(g, Action.parse("move 1.A2"), planned, {}, 3, 1)
    assert not e.end_replanned and e.end_unknown
    words = explanation_text(e, ["P1"])
    assert "so this is a guess: it ends the turn at 1.A2, out of the guard's reach." in words


def test_a_guessed_alternative_that_would_lose_or_meet_the_guard_says_it_is_a_guess():
    from engine.autopilot.explain import Explanation

    base = dict(event=True, alternative=Action.parse("crack"), alternative_weighed=True)
    e = Explanation(Action.parse("end"), Goal.OPEN_SAFE, alternative_unknown=True, **base)
    loses = Explanation(
        Action.parse("end"), Goal.OPEN_SAFE, alternative_unknown=True, alternative_loses=0, **base
    )
    sure = Explanation(
        Action.parse("end"), Goal.OPEN_SAFE, alternative_unknown=True, alternative_risk=1.0, **base
    )
    assert "its turn would end with P1 caught" in explanation_text(loses, ["P1"])
    assert "its turn would end on the guard's path." in explanation_text(sure, ["P1"])
    told = explanation_text(e, ["P1"])
    assert "turns up what is not seen yet, and it scores lower" in told


def test_a_guess_after_a_roll_or_a_reveal_says_so_once():
    from engine.autopilot.explain import Explanation

    e = Explanation(
        Action.parse("crack"), Goal.OPEN_SAFE, end_pos=P("1.A4"), end_unknown=True, luck=True
    )
    words = explanation_text(e, ["P1"])
    assert "So this is a guess: the plan ends the turn at 1.A4, out of the guard's reach." in words
    assert words.count("not seen yet") == 1


def test_a_followed_plans_costly_step_says_what_the_plainest_avoiding_choice_leads_to():
    """A plan followed (nothing scored): the step into the guard's tile pays a token, and
    the plain step that avoids it leads into a dead end on his way: the hint says so."""
    from engine.autopilot.signatures import _key

    t = _peterman().reveal_floor(0).player(0, "1.A1").walls(0, "A2-B2 A2-A3")
    g = t.guard(0, at="1.B1", dest="1.A2", speed=2).game()
    plan = {}
    w = g.clone()
    w.apply("move 1.B1")
    for step in ("move 1.C1", "move 1.D1", "end"):
        plan[_key(w)] = Action.parse(step)
        if step != "end":
            w.apply(step)
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 1, 1)
    assert e.alternative == Action.parse("move 1.A2") and not e.alternative_weighed
    words = explanation_text(e, ["P1"])
    assert "The plan ends the turn at 1.D1, out of the guard's reach" in words
    assert (
        "Not the only choice: Move here at 1.A2 avoids this price, but the autopilot's turn "
        "after it ends on the guard's path: he walks in."
    ) in words


def test_a_followed_step_whose_plan_meets_the_guard_names_a_plain_choice_that_does_not():
    """Office seed 9225: a plan followed up the Stairs onto a Thermo the guard walks into
    said nothing of any other way (nothing was scored to weigh). The plainest choice whose
    own line ends safer is named, as for a step that pays a price."""
    from engine.autopilot.signatures import _key

    t = _peterman().reveal_floor(0).player(0, "1.A1")
    g = t.guard(0, at="1.D1", dest="1.A1", speed=2).game()
    plan, w = {}, g.clone()
    w.apply("move 1.B1")
    for step in ("move 1.C1", "end"):  # into his walk from 1.D1
        plan[_key(w)] = Action.parse(step)
        if step != "end":
            w.apply(step)
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 1, 1)
    assert e.walked_in and e.alternative == Action.parse("move 1.A2")
    assert not e.alternative_weighed
    words = explanation_text(e, ["P1"])
    assert "The plan ends the turn at 1.C1, on the guard's path: he walks in." in words
    assert "Not the only choice: Move here at 1.A2 avoids this price" in words


def test_an_unread_alternative_is_told_how_far_its_own_step_leaves_from_the_goal():
    """Office seed 9225: "Move here at 1.A4 avoids this price, but the autopilot's plan for
    this turn goes this way" gave no reason; its line turns up a face-down tile, so only its
    own step is told: how much farther from the goal it leaves the burglar. Where the goal
    is a search among face-down tiles, stepping on one is not a step away (Fort Knox seed
    9238: told as 6 steps off)."""
    from engine.autopilot.explain import Explanation, _first_step_away

    t = _peterman().reveal_floor(0).face_down("1.B2", K.LABORATORY).tile("1.D1", K.SAFE)
    g = t.player(0, "1.B1").guard(0, at="1.D4", dest="1.D3", speed=1).game()
    toward = Action.parse("move 1.C1")  # 1 step from the Safe at 1.D1
    assert _first_step_away(g, toward, Action.parse("move 1.B2"), 0) == 2  # face down: 3
    assert _first_step_away(g, toward, Action.parse("end"), 0) == 1  # stays 2 away
    assert _first_step_away(g, Action.parse("move 1.B2"), toward, 0) == 0  # nearer: not told
    t = _peterman().reveal_floor(0).face_down("1.A2", K.LABORATORY).face_down("1.D4", K.SAFE)
    g = t.player(0, "1.A1").guard(0, at="1.D4", dest="1.D3", speed=1).game()
    assert aim_of(g, 0).goal == Goal.FIND_SAFE
    assert _first_step_away(g, Action.parse("move 1.B1"), Action.parse("move 1.A2"), 0) == 0
    e = Explanation(
        toward,
        Goal.OPEN_SAFE,
        alarm=True,
        alternative=Action.parse("move 1.B2"),
        alternative_away=2,
    )
    assert (
        "Not the only choice: Move here at 1.B2 avoids this price, but it leaves you 2 steps "
        "farther from the goal than this one, and the autopilot's plan for this turn goes "
        "this way."
    ) in explanation_text(e, ["P1"])


def test_an_option_whose_line_loses_the_game_says_when_the_other_loses_it_too():
    """Bank seed 9228: an alarm let ring was told as the crew's loss (a teammate with no
    Stealth left on the guard's path) with nothing said of paying an action instead; that
    line loses too, and the hint now says so. With a token left, no loss is told."""
    trigger, pay = Action.parse("choose trigger"), Action.parse("choose pay")
    for stealth, told in ((0, True), (1, False)):
        t = Table(players=2).reveal_floor(0).tile("1.B1", K.LASER).player(0, "1.A1")
        g = t.player(1, "1.C1", stealth=stealth).guard(0, at="1.D1", dest="1.A1", speed=2).game()
        g.apply("move 1.B1")  # a Laser: pay an action or let it ring
        e = explain(g, trigger, {}, {trigger: 2.0, pay: 1.0}, 2, 3)
        words = explanation_text(e, ["P1", "P2"])
        too = "“Spend an extra action” would end the turn with P2 caught too"
        assert (too in words) == told and (e.alternative_loses == 1) == told


def test_an_alternative_the_whole_turn_search_played_and_beat_is_told_so():
    """Office seed 9229: an early End chosen by the whole-turn search over a step to the
    Safe the bot's own scores preferred was told only "the autopilot's plan for this turn
    goes this way". The search played that step's line in the same tables and found it
    worse: the hint says so."""
    from engine.autopilot.explain import Explanation

    e = Explanation(
        Action.parse("end"),
        Goal.OPEN_SAFE,
        event=True,
        alternative=Action.parse("move 1.B2"),
        alternative_outplayed=True,
        alternative_away=2,
    )
    assert (
        "Not the only choice: Move here at 1.B2 avoids this price, but with both played to the "
        "end of the turn in the tables the autopilot imagined, this plan came out ahead."
    ) in explanation_text(e, ["P1"])


def test_every_other_choice_paying_later_in_its_turn_is_told_apart_from_paying_at_once():
    """Bank seed 9224: "Every other choice pays a price too" for a climb into the guard,
    while a step beside the Stairs paid nothing itself (its turn, played on, did). Here the
    one step off is a dead end whose turn draws the Event too; a Laser there pays at once."""
    for laser, later in ((False, True), (True, False)):
        t = _peterman().reveal_floor(0).player(0, "1.A1").walls(0, "A1-B1 A2-B2 A2-A3")
        if laser:
            t = t.tile("1.A2", K.LASER)
        g = t.guard(0, at="1.D4", dest="1.D3", speed=1).events(EventCard.LAMPSHADE).game()
        e = explain(g, Action.parse("end"), {}, {}, 2, 1)  # 4 actions unused: an Event
        assert e.event and e.alternative is None and e.only_later == later
        words = explanation_text(e, ["P1"])
        assert ("Every other choice pays a price too, on the spot or later" in words) == later
        assert "Every other choice pays a price too" in words


def test_a_guessed_loss_is_told_as_the_one_chance_when_every_other_choice_surely_loses():
    """Bank seed 9236: with no token left, the one step off the guard's walk was onto a
    face-down tile; the hint told only the loss its sample guessed there. Every other choice
    (the End, a Peek that leaves him in place) surely loses: the tile is the one chance.
    With a token left, nothing surely loses and no such thing is said."""
    for stealth, hope in ((0, True), (1, False)):
        t = _peterman().reveal_floor(0).face_down("1.A2", K.LABORATORY).walls(0, "A1-B1")
        t = t.player(0, "1.A1", stealth=stealth).guard(0, at="1.A4", dest="1.A1", speed=3)
        g = t.turn(0, actions=1, taken=3).game()
        e = explain(g, Action.parse("move 1.A2"), {}, {}, 3, 1)
        assert e.end_unknown and e.only_hope == hope
        words = explanation_text(e, ["P1"])
        assert ("what this turns up is the crew's one chance." in words) == hope


def test_an_end_whose_event_may_spare_him_is_not_counted_among_the_sure_losses():
    """ "Every other choice surely gets a burglar with no Stealth token left caught" counted
    an End the guard walks in on even when the Event it draws may spare him: a Freight
    Elevator lifts him off the floor first. Against a Keycode Change, the End surely loses."""
    for card, hope in ((EventCard.KEYCODE_CHANGE, True), (EventCard.FREIGHT_ELEVATOR, False)):
        t = _peterman().reveal_floor(0).face_down("1.A2", K.LABORATORY).walls(0, "A1-B1")
        t = t.player(0, "1.A1", stealth=0).guard(0, at="1.A4", dest="1.A1", speed=3)
        g = t.turn(0, actions=1, taken=1).events(card).game()
        assert g.hazards(Action.parse("end")) == (Hazard.CAUGHT_UNLESS_EVENT,)
        e = explain(g, Action.parse("move 1.A2"), {}, {}, 3, 1)
        assert e.end_unknown and e.only_hope == hope


def test_a_chance_of_losing_is_told_as_the_best_chance_when_every_other_choice_is_likelier():
    """Bank seed 9251 (one step of it): with no token left, a step to the one tile the guard
    only may reach (29%), while staying and the step into his tile surely lose the game, was
    told only that the crew loses if he sees him there. With a token left nothing loses the
    game and no such thing is said."""
    for stealth, best in ((0, True), (1, False)):
        t = _peterman().reveal_floor(0).walls(0, "B1-B2")
        t = t.player(0, "1.B1", stealth=stealth).guard(0, at="1.C1", dest="1.B1", speed=3)
        g = t.turn(0, actions=1, taken=3).game()
        e = explain(g, Action.parse("move 1.A1"), {}, {}, 3, 1)
        assert 0.0 < e.risk < 1.0 and not e.end_unknown and e.best_chance == best
        words = explanation_text(e, ["P1"])
        assert ("likelier to get a burglar with no Stealth token left caught" in words) == best


def test_an_end_whose_seen_event_changes_nothing_does_not_say_the_event_may_change_it():
    """Bank seed 9241: the crew had seen the Event on top, the engine's End played it and
    the guard still walked in; the hint added "The Event may change that". With the card
    unseen, it may, and the hint says so."""
    from tests.engine.builder import QUIET_EVENTS

    for seen, told in ((1, False), (0, True)):
        t = Table(players=1).reveal_floor(0).player(0, "1.A1")
        g = t.guard(0, at="1.C1", dest="1.A1", speed=2).events(QUIET_EVENTS[0]).game()
        g.state.events_seen = seen  # a Crystal Ball's look, say
        g._state_changed()
        e = explain(g, Action.parse("end"), {}, {}, 3, 1)
        assert e.event and e.end_event == told
        assert ("The Event may change that." in explanation_text(e, ["P1"])) == told


def test_a_step_whose_plan_surely_meets_the_guard_is_no_better_way_out_not_worth_it():
    """Office seed 9244: a step that sets off an alarm, its plan ending where the guard
    walks in, was called "worth it" because the choice avoiding the alarm met him too. Both
    pay it: no better way out. Where this plan's end is only a guess, it stays "worth it"."""
    from engine.autopilot.explain import Explanation

    told = {
        False: "No better way out: the best other choice (Crow at 1.C3) also ends the turn",
        True: "Worth it: the best choice that avoids this (Crow at 1.C3) ends the turn on",
    }
    for guess, words in told.items():
        e = Explanation(
            Action.parse("move 1.C4"),
            Goal.FIND_SAFE,
            alarm=True,
            alarm_pos=P("1.C4"),
            end_pos=P("1.D4"),
            risk=1.0,
            end_unknown=guess,
            alternative=Action.parse("ability crow 1.C3"),
            alternative_weighed=True,
            alternative_risk=1.0,
        )
        assert words in explanation_text(e, ["P1"])


def test_a_step_whose_plan_surely_pays_says_when_every_other_choice_pays_too():
    """Bank seed 9247: a free step into the guard's tile (Flexibility, the last action
    gone) against an End he walks in on was told with its price and nothing else. When
    every other choice pays too, the hint says so; when the End here is safe, it names it."""
    for speed, every in ((3, True), (2, False)):
        t = _peterman().reveal_floor(0).player(0, "1.A1").walls(0, "A1-A2")
        g = t.guard(0, at="1.D1", dest="1.A1", speed=speed).turn(0, actions=1, taken=3).game()
        e = explain(g, Action.parse("move 1.B1"), {}, {}, 2, 1)  # he walks in at 1.B1
        assert e.priced_end == every and e.walked_in != every
        words = explanation_text(e, ["P1"])
        assert ("Every other choice pays a price too." in words) == every
        assert ("Not the only choice: End turn avoids this price" in words) != every


def test_a_tool_that_adds_actions_is_told_as_a_gain_not_as_free():
    g = _tool_in_hand(Tool.ROLLERSKATES)
    e = explain(g, Action.parse("use rollerskates"), {}, {}, 3, 1)
    assert e.gained == 2 and e.actions == 0
    assert "It costs no action and gives you 2 more." in explanation_text(e, ["P1"])


def test_a_tool_used_is_named_as_used_up_and_a_step_names_none():
    """Bank seed 9130: the Rigger's Dynamite was hinted as costing nothing."""
    t = _peterman().reveal_floor(0).player(0, "1.A1", tools=(Tool.DYNAMITE,))
    g = t.walls(0, "A1|B1").guard(0, at="1.D4", dest="1.D3").game()
    e = explain(g, Action.parse("use dynamite 1.B1"), {}, {}, 3, 1)
    assert e.tool_spent == "dynamite"
    words = explanation_text(e, ["P1"])
    assert "It costs no action. It uses up the Dynamite: a Tool is discarded once used." in words
    step = explain(g, Action.parse("move 1.A2"), {}, {}, 3, 1)
    assert not step.tool_spent and "uses up" not in explanation_text(step, ["P1"])


def test_a_makeup_kit_names_the_stealth_tokens_it_gives_and_to_whom():
    """Fort Knox seed 9132: the hint told the kit's cost and nothing of its gain."""
    g = _tool_in_hand(Tool.MAKEUP_KIT)
    e = explain(g, Action.parse("use makeup-kit"), {}, {}, 3, 1)
    assert e.stealth_gained and e.crew_gains_stealth == ()
    assert "Makeup kit: a Tool is discarded once used. You gain a Stealth token." in (
        explanation_text(e, ["P1"])
    )
    two = Table(players=2, characters=(Character.PETERMAN, Character.HAWK)).reveal_floor(0)
    two = two.player(0, "1.A1", tools=(Tool.MAKEUP_KIT,)).player(1, "1.A1")
    e = explain(
        two.guard(0, at="1.D4", dest="1.D3").game(), Action.parse("use makeup-kit"), {}, {}, 3, 1
    )
    assert "You gain a Stealth token. Bob gains a Stealth token." in explanation_text(
        e, ["Ada", "Bob"]
    )
    step = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    assert not step.stealth_gained and "gain" not in explanation_text(step, ["P1"])


def test_the_donuts_name_the_guard_they_make_skip_his_next_move():
    """Bank seed 9135: the hint told only that the Donuts were used up."""
    g = _tool_in_hand(Tool.DONUTS)
    e = explain(g, Action.parse("use donuts 1.D4"), {}, {}, 3, 1)
    assert e.guard_skips == 0
    assert "The guard of floor 1 skips his next move." in explanation_text(e, ["P1"])
    step = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    assert step.guard_skips == -1 and "skips" not in explanation_text(step, ["P1"])


def test_the_juicers_reroute_names_the_alarm_it_takes_off_the_board():
    """Bank seed 9141: the hint for picking an alarm up told only of the patrol card drawn."""
    juicer = Table(players=1, characters=(Character.JUICER,), sides=(Side.ADVANCED,))
    t = juicer.reveal_floor(0).tile("1.B2", K.LABORATORY, alarm=True).player(0, "1.B2")
    g = t.guard(0, at="1.D4", dest="1.B2", patrol=("1.A4", "1.C1")).game()
    e = explain(g, Action.parse("ability reroute pick"), {}, {}, 3, 1)
    assert e.alarm_picked == P("1.B2")
    words = explanation_text(e, ["P1"])
    assert "It takes the alarm off 1.B2: you keep it to put down later." in words
    step = explain(g, Action.parse("move 1.B1"), {}, {}, 3, 1)
    assert step.alarm_picked == -1 and "takes the alarm" not in explanation_text(step, ["P1"])


def _alarm_tie(t: Table, *steps: str) -> Game:
    """The guard (1.B2, speed 1) heads for the alarm at 1.B3; from there the alarms at 1.A4
    and 1.C4 are as close, and `steps` (ending the turn) leave that choice to the player."""
    for alarm in ("1.B3", "1.A4", "1.C4"):
        t = t.tile(alarm, K.LABORATORY, alarm=True, tool_taken=True)
    g = t.guard(0, at="1.B2", dest="1.B3", speed=1).game()
    for step in steps:
        g.apply(step)
    assert g.state.pending is not None and g.state.pending.kind == "alarm-tie"
    return g


def test_a_choice_made_as_the_turn_ends_says_whom_the_guards_walk_catches_either_way():
    """The guard clears the alarm he heads for, then two alarms are as close: one way he
    walks in on the teammate standing on one of them, the other way on nobody."""
    t = Table(players=2, characters=(Character.PETERMAN, Character.RIGGER)).reveal_floor(0)
    t = t.player(0, "1.D1").player(1, "1.A4")
    g = _alarm_tie(t, "move 1.D2", "move 1.D1", "move 1.D2", "end")
    away, onto = Action.parse("choose 1.C4"), Action.parse("choose 1.A4")
    e = explain(g, away, {}, {away: 10.0, onto: 5.0}, 2, 3)
    words = explanation_text(e, ["Ada", "Bob"])
    assert e.walk_hits == () and e.alternative_hits == ((1, P("1.A4")),)
    assert "would walk the guard in on Bob at 1.A4." in words
    e = explain(g, onto, {}, {away: 5.0, onto: 10.0}, 2, 3)
    words = explanation_text(e, ["Ada", "Bob"])
    assert "On his way the guard walks in on Bob at 1.A4: a Stealth token lost." in words
    assert "would walk the guard in" not in words


def test_a_choice_made_as_the_turn_ends_names_the_choosers_own_token_once():
    """The guard's walk after the choice ends on the chooser's tile: the one token is said
    once, by the walk's own line (where, and whom), not twice as if two were lost."""
    t = Table(players=1, characters=(Character.PETERMAN,)).reveal_floor(0).player(0, "1.C3")
    g = _alarm_tie(t, "move 1.D3", "move 1.D4", "move 1.C4", "end")
    onto, away = Action.parse("choose 1.C4"), Action.parse("choose 1.A4")
    e = explain(g, onto, {}, {away: 5.0, onto: 10.0}, 2, 3)
    words = explanation_text(e, ["Ada"])
    assert e.walk_hits == ((0, P("1.C4")),)
    assert "On his way the guard walks in on Ada at 1.C4: a Stealth token lost." in words
    assert words.count("Stealth token") == 1, words


def _suit_on_the_guards_path() -> Game:
    """P1 at 1.A1 holds the Invisible suit; the guard walks straight to her tile."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1", tools=(Tool.INVISIBLE_SUIT,))
    t = t.tile("1.D4", K.SAFE).turn(0, actions=4, taken=3)
    return t.guard(0, at="1.C1", dest="1.A1", speed=2).game()


def test_a_plan_ending_on_the_guards_path_in_the_invisible_suit_says_he_walks_through_unseen():
    """The suit hides its wearer until the guard's move is over: his walk through her tile
    costs nothing, so the hint neither says he walks in on her nor calls the tile out of
    his reach."""
    g = _suit_on_the_guards_path()
    plan = TurnSearch().plan_in(g, Action.parse("use invisible-suit"), (Action.parse("end"),))
    e = explain(g, Action.parse("use invisible-suit"), plan, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.risk == 0.0 and e.unseen == 1.0
    assert (
        "The plan ends the turn at 1.A1, on the guard's path, but he walks through without"
        " seeing you: the Invisible suit hides you until his move is over." in words
    )
    assert "walks in" not in words and "out of the guard's reach" not in words


def test_the_same_end_without_the_suit_says_the_guard_walks_in():
    g = _suit_on_the_guards_path()
    e = explain(g, Action.parse("end"), {}, {}, 3, 1)
    assert e.unseen == 0.0 and e.risk == 1.0
    assert "on the guard's path: he walks in." in explanation_text(e, ["P1"])


def test_an_end_where_the_guard_walks_in_on_a_lavatory_says_its_token_may_pay():
    """Ending on a Lavatory the guard walks into costs one of its tokens if the burglar
    chooses: the words say so, or stepping there 'out of the guard's way' reads as a blunder."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.D4", K.SAFE)
    t = t.tile("1.A1", K.LAVATORY, stealth=3).turn(0, actions=4, taken=3)
    g = t.guard(0, at="1.C1", dest="1.A1", speed=2).game()
    e = explain(g, Action.parse("end"), {}, {}, 3, 1)
    words = explanation_text(e, ["P1"])
    assert e.risk == 1.0 and e.tile_tokens == 3
    assert "A Stealth token lying on that tile can pay for it instead of yours." in words
    g = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.D4", K.SAFE)
    g = g.turn(0, actions=4, taken=3).guard(0, at="1.C1", dest="1.A1", speed=2).game()
    assert "lying on that tile" not in explanation_text(
        explain(g, Action.parse("end"), {}, {}, 3, 1), ["P1"]
    )


def test_ending_on_a_thermo_the_guard_then_walks_into_names_the_token_once():
    """Its alarm brings him in: the hint says the alarm, then his walk in and its token (the
    engine's two hazards), not 'A guard sees you there' beside 'on the guard's path'."""
    g = Table().player(0, "1.A1").tile("1.B1", K.THERMO).guard(0, at="1.C1", dest="1.D1").game()
    g.apply("move 1.B1")
    words = explanation_text(explain(g, Action.parse("end"), {}, {}, 3, 1), ["P1"])
    assert "Ending on this Thermo sets off its alarm." in words
    assert (
        "The guard walks through this tile when the turn ends: you lose a Stealth token." in words
    )
    assert "A guard sees you there" not in words and words.count("Stealth token") == 1, words


def test_teammates_on_one_tile_with_one_fate_are_told_in_one_sentence():
    """Office seeds 9191 and 9195: "Burglar 2 at 1.D3 would be on the guard's path: he would
    reach them then. Burglar 3 at 1.D3 would be on the guard's path: ..." twice over."""
    crew = ((1, P("1.D3"), 1.0), (2, P("1.D3"), 1.0), (3, P("1.B2"), 0.5))
    e = Explanation(Action.parse("end"), Goal.FIND_SAFE, end_pos=P("1.A1"), crew=crew)
    names = ["Ann", "Bob", "Cy", "Di"]
    words = explanation_text(e, names)
    assert "Bob and Cy at 1.D3 are on the guard's path: he reaches them then." in words
    assert "Di at 1.B2: the guard may reach them then (50% chance)." in words
    messages.set_language("fr")
    words = explanation_text(e, names)
    assert "Bob et Cy en 1.D3 sont sur le chemin du Gardien\u00a0: il les atteint alors." in words


def test_a_free_step_onto_the_guards_tile_with_no_action_left_says_the_token_is_lost():
    """Bank seed 9199: the basic Acrobat's last, free step into the guard's tile was told
    "The plan ends the turn at 2.C3, out of the guard's reach"; ending there cost a token,
    and the End was warned with a step's words."""
    t = Table(characters=(Character.ACROBAT,), sides=(Side.BASIC,))
    t = t.reveal_floor(0).player(0, "1.A1").guard(0, at="1.B1", dest="1.D1")
    g = t.turn(0, actions=0, taken=4).events(*QUIET_EVENTS).game()
    step = Action.parse("move 1.B1")
    e = explain(g, step, TurnSearch().plan_in(g, step, (Action.parse("end"),)), {}, 2, 1)
    assert e.end_on_guard and e.risk == 1.0 and not e.claims_safe
    words = explanation_text(e, ["P1"])
    assert "The plan ends your actions at 1.B1, on the guard's tile: you lose a Stealth" in words
    assert "out of the guard's reach" not in words
    g.apply(step)
    end = explain(g, Action.parse("end"), {}, {}, 1, 1)
    assert end.hazards == (Hazard.FLEXIBILITY_END,)
    assert "Flexibility let you in, but ending your actions there costs" in explanation_text(
        end, ["P1"]
    )


def test_an_escape_that_ends_the_turn_costs_the_one_action_it_takes():
    """Office seed 9198: "S'enfuir par le toit ... Cela coûte 3 actions": the escape took one;
    the turn passed on with the rest."""
    g = heist_done(players=2).turn(0, actions=3, taken=1).game()
    e = explain(g, Action.parse("escape"), {}, {}, 1, 1)
    assert e.actions == 1
    assert "It costs 1 action." in explanation_text(e, ["P1", "P2"])


def _teammate_caught_unless_the_event_spares_him() -> tuple[Game, dict[tuple[object, ...], Action]]:
    """Ann (1 token) at 1.D4 with 4 actions; Bob (none) at 1.A1, where the guard walks at the
    End unless Daydreaming (one of the two Event cards left) holds him a step short. A plan
    for the step to 1.D3 that takes enough actions to draw no Event."""
    t = Table(players=2).reveal_floor(0).player(0, "1.D4", stealth=1).player(1, "1.A1", stealth=0)
    t = t.guard(0, at="1.C1", dest="1.A1", speed=2)
    g = t.events(EventCard.DAYDREAMING, EventCard.KEYCODE_CHANGE).game()
    rest = tuple(Action.parse(a) for a in ("move 1.D2", "move 1.C2", "end"))
    return g, TurnSearch().plan_in(g, Action.parse("move 1.D3"), rest)


def test_an_end_whose_event_is_the_crews_one_chance_says_so():
    """Bank seed 9200: an End with 4 actions left, told as "81% of the Event cards would get
    a burglar caught"; every other line got him caught for sure, so the cards that spare him
    were the crew's one chance."""
    g, plan = _teammate_caught_unless_the_event_spares_him()
    e = explain(g, Action.parse("end"), plan, {}, 3, 1)
    assert e.event_only_hope and e.event_loses == 0.5
    words = explanation_text(e, ["Ann", "Bob"])
    assert "Only about 50% of the Event cards that may come would spare the crew" in words


def test_an_end_whose_walk_the_table_cannot_foresee_tells_no_share_of_event_cards():
    """Bank seed 9294: "only about 8% of the Event cards would spare the crew", told where
    the public chance the guard walked in was 7%: the share had read the sample's own patrol
    card. Bob (no token) where the guard may or may not walk past his destination: no share
    is told; where he surely walks in (the test above), it is."""
    t = Table(players=2).reveal_floor(0).player(0, "1.D4", stealth=1).player(1, "1.A2", stealth=0)
    t = t.guard(0, at="1.C1", dest="1.A1", speed=3)
    g = t.events(EventCard.DAYDREAMING, EventCard.KEYCODE_CHANGE).game()
    e = explain(g, Action.parse("end"), {}, {}, 3, 1)
    assert 0.0 < dict((s, c) for s, _, c in e.crew)[1] < 1.0
    assert (e.event_loses, e.event_only_hope) == (0.0, False)
    assert "Event cards" not in explanation_text(e, ["Ann", "Bob"])


def test_a_choice_whose_line_gets_a_teammate_with_no_stealth_caught_says_the_crew_loses():
    """Bank seed 9200: "Add a die to the safe avoids this price, but the autopilot's plan for
    this turn goes this way": its line ended with Bob caught and the game lost."""
    g, plan = _teammate_caught_unless_the_event_spares_him()
    end = Action.parse("end")
    scores = {a: (10.0 if a == end else 5.0) for a in g.legal_actions()}
    e = explain(g, end, plan, scores, 3, 1)
    assert e.alternative == Action.parse("move 1.D3") and e.alternative_loses == 1
    words = explanation_text(e, ["Ann", "Bob"])
    assert "(Move here at 1.D3) would end the turn with Bob caught" in words


def _last_step_onto_a1(kind: K) -> Explanation:
    """Ann at 1.A2 with one action left, 1.A1 a `kind`; Bob at 1.D1, where the guard heads."""
    t = Table(players=2).reveal_floor(0).player(0, "1.A2").player(1, "1.D1").tile("1.A1", kind)
    t = t.guard(0, at="1.C1", dest="1.D1", speed=2).turn(0, actions=1, taken=3)
    g = t.events(*QUIET_EVENTS).game()
    step = Action.parse("move 1.A1")
    return explain(g, step, TurnSearch().plan_in(g, step, (Action.parse("end"),)), {}, 2, 1)


def test_a_plan_whose_alarm_turns_the_guard_away_from_a_teammate_says_so():
    """Bank seed 9202: a burglar ended on a Thermo in the guard's walk, told only as "he
    walks in"; its alarm turned the guard from a teammate he would have caught."""
    e = _last_step_onto_a1(K.THERMO)
    assert e.crew_lure == (1, P("1.D1"), P("1.A1")) and e.crew == ()
    words = explanation_text(e, ["Ann", "Bob"])
    assert "The alarm at 1.A1 turns the guard away from Bob at 1.D1, whom he would reach" in words
    plain = _last_step_onto_a1(K.LABORATORY)  # no alarm: Bob is on his path
    assert plain.crew_lure == (-1, -1, -1) and plain.crew == ((1, P("1.D1"), 1.0),)


def test_a_choice_that_leaves_a_teammate_in_the_guards_walk_is_the_reason_given():
    """Office seed 9212: an End on a Thermo, whose alarm turned the guard away from a teammate,
    told "Move here at 2.B1 avoids this price, but the autopilot's plan goes this way"."""
    t = Table(players=2).reveal_floor(0).tile("1.A1", K.THERMO).player(0, "1.A1")
    t = t.player(1, "1.D1").guard(0, at="1.C1", dest="1.D1", speed=2).turn(0, actions=1, taken=3)
    g = t.events(*QUIET_EVENTS).game()
    end = Action.parse("end")
    scores = {a: (10.0 if a == end else 5.0) for a in g.legal_actions()}
    e = explain(g, end, {}, scores, 3, 1)
    assert e.alternative is not None and e.alternative.kind == ActionKind.MOVE
    assert e.alternative_crew == (1, P("1.D1"))
    words = explanation_text(e, ["Ann", "Bob"])
    assert "ends the turn with the guard walking in on Bob at 1.D1." in words
    safe = Table(players=2).reveal_floor(0).tile("1.A1", K.THERMO).player(0, "1.A1")
    safe = safe.player(1, "1.D4").guard(0, at="1.C1", dest="1.D1", speed=2)
    g = safe.turn(0, actions=1, taken=3).events(*QUIET_EVENTS).game()
    scores = {a: (10.0 if a == end else 5.0) for a in g.legal_actions()}
    assert explain(g, end, {}, scores, 3, 1).alternative_crew == (-1, -1)


def _fast_guard_past_bob(stealth: int, taken: int = 4) -> Explanation:
    """Ann ends at 1.D4 (`taken` actions taken); a guard of speed 6 heads for Bob at 1.B2,
    with steps to spare."""
    t = Table(players=2).reveal_floor(0).player(0, "1.D4").player(1, "1.B2", stealth=stealth)
    t = t.guard(0, at="1.A2", dest="1.B2", speed=6).turn(0, actions=4 - taken, taken=taken)
    return explain(t.events(*QUIET_EVENTS).game(), Action.parse("end"), {}, {}, 1, 1)


def test_an_end_whose_fast_guard_may_pass_a_teammate_again_tells_the_chance_the_crew_loses():
    """Office seed 9218: a guard of speed 6 passed a teammate with two tokens three times and
    the game was lost; the hint said only "he reaches them then"."""
    e = _fast_guard_past_bob(stealth=1)
    assert 0.0 < e.walk_loses < 1.0
    words = explanation_text(e, ["Ann", "Bob"])
    assert "Bob at 1.B2 is on the guard's path: he reaches them then. The guard may pass" in words
    assert "of the ways his next patrol cards may fall, one is caught at this End" in words
    assert _fast_guard_past_bob(stealth=3).walk_loses == 0.0  # weighed for a token or two left


def test_an_end_that_draws_an_event_tells_the_chance_of_a_double_pass_with_the_event_dealt():
    """Bank seed 9245: a fast guard passed a burglar with one token twice at an End that
    drew an Event; the chance the crew loses was weighed only for an End that draws none."""
    e = _fast_guard_past_bob(stealth=1, taken=1)
    assert e.end_event and 0.0 < e.walk_loses < 1.0
    words = explanation_text(e, ["Ann", "Bob"])
    assert "of the ways his next patrol cards and the Event drawn may fall, one is caught" in words


def test_an_end_where_the_guard_may_see_a_burglar_with_no_stealth_left_says_the_crew_loses():
    """Bank seed 9219: the game's last End was told only as "where the guard may walk in
    (82% chance)", to a burglar with no Stealth token left."""

    def ann_at_d4(stealth: int) -> Explanation:
        t = Table(players=1).reveal_floor(0).player(0, "1.D4", stealth=stealth)
        t = t.guard(0, at="1.A2", dest="1.B2", speed=6).turn(0, actions=0, taken=4)
        return explain(t.events(*QUIET_EVENTS).game(), Action.parse("end"), {}, {}, 1, 1)

    e = ann_at_d4(stealth=0)
    assert e.exposed and 0.0 < e.risk < 1.0
    words = explanation_text(e, ["Ann"])
    assert "You have no Stealth token left: if he sees you there, the crew loses." in words
    assert not ann_at_d4(stealth=1).exposed


def test_a_last_step_whose_roll_decides_where_the_actions_end_tells_the_thermo_as_a_guess():
    """Office seed 9207: a Keypad try from a Thermo with the last action, told "Your actions
    end on the Thermo": only the sample's roll kept the Keypad shut."""
    t = Table(players=1).reveal_floor(0).tile("1.A1", K.THERMO).tile("1.B1", K.KEYPAD)
    t = t.player(0, "1.A1").guard(0, at="1.D4", dest="1.C4").turn(0, actions=1, taken=3)
    g = t.events(*QUIET_EVENTS).dice(1).game()  # the sample's roll: the Keypad stays shut
    step = Action.parse("move 1.B1")
    e = explain(g, step, TurnSearch().plan_in(g, step, (Action.parse("end"),)), {}, 2, 1)
    assert e.end_pos == P("1.A1") and e.end_thermo == "guess"
    assert "Your actions would end on the Thermo at 1.A1" in explanation_text(e, ["P1"])


def _out_of_reach_until_the_next_end(teammate: str, stealth: int = 3) -> Game:
    """Bank Job: burglar 1 at 1.A1 ends his turn; the guard (speed 2) walks 1.D1 -> 1.B1,
    a step short of him, and his next walk surely enters 1.A1. Burglar 2 plays next, at
    `teammate` (on floor 1: her End moves that guard again; on floor 2: another one)."""
    t = Table(players=2).reveal_floor(0).reveal_floor(1)
    t.player(0, "1.A1", stealth=stealth).player(1, teammate)
    t.guard(0, at="1.D1", dest="1.A1", speed=2).guard(1, at="2.A4", dest="2.B4")
    return t.turn(0, actions=0, taken=4).game()


def test_an_end_out_of_reach_names_the_teammate_whose_end_walks_the_guard_in_next():
    """Bank seed 9275: told out of the guard's reach, a burglar was walked in on at his
    teammate's End on the same floor. The End's hint says so; not when she plays on
    another floor."""
    g = _out_of_reach_until_the_next_end("1.D4")
    e = explain(g, Action.parse("end"), {}, {}, 1, 1)
    assert (e.risk, e.next_walk) == (0.0, (1, 1.0)) and not e.claims_safe
    words = explanation_text(e, ["P1", "P2"])
    assert "ends the turn at 1.A1, out of the guard's reach" in words
    assert "P2 plays next on this floor: at their End" in words
    assert "the guard walks in on you in nearly every way his patrol cards may fall" in words
    assert "if he finds you then, the crew loses" not in words
    last = explain(_out_of_reach_until_the_next_end("1.D4", 0), Action.parse("end"), {}, {}, 1, 1)
    assert last.next_walk == (1, 1.0) and last.next_exposed
    assert "no Stealth token left: if he finds you then" in explanation_text(last, ["P1", "P2"])
    e = explain(_out_of_reach_until_the_next_end("2.D4"), Action.parse("end"), {}, {}, 1, 1)
    assert (e.risk, e.next_walk) == (0.0, (-1, 0.0)) and e.claims_safe
    assert "plays next" not in explanation_text(e, ["P1", "P2"])


def _up_the_stairs_to_an_unguarded_floor(actions: int) -> Game:
    """Bank Job: burglar 1 on the Stairs at 1.B1; floor 2's guard is not set up yet, so the
    step up sets him up on the top patrol card's tile, heading for the next one."""
    t = Table(players=1).reveal_floor(0).tile("1.B1", K.STAIRS).player(0, "1.B1")
    t = t.guard(0, at="1.D4", dest="1.D3")
    return t.turn(0, actions=actions, taken=4 - actions).game()


def test_a_last_step_onto_a_floor_whose_guard_is_not_set_up_tells_the_share_of_his_walks():
    """Fort Knox seed 9282: the last action up the Stairs to a floor whose guard was not set
    up was told "a guess: it ends the turn at 2.B2, out of the guard's reach", one sample's
    guard; he was set up two steps off and walked in. The End's share over where he is set
    up and heads is told instead; not for a step with actions left after it."""
    up = Action.parse("move 2.B1")
    e = explain(_up_the_stairs_to_an_unguarded_floor(1), up, {}, {}, 2, 1)
    assert 0.0 < e.arrival_walk < 1.0 and e.end_pos == P("2.B1")
    words = explanation_text(e, ["P1"])
    assert "The turn ends at 2.B1; where that guard is set up and heads decides the rest" in words
    assert "out of the guard's reach" not in words
    e = explain(_up_the_stairs_to_an_unguarded_floor(2), up, {}, {}, 2, 1)
    assert e.arrival_walk == -1.0
