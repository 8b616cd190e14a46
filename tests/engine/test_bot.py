"""The autopilot: honest (sees only the view), legal, finishes games, answers every decision."""

from __future__ import annotations

import pytest

from engine import PlayerSetup, ScenarioId, Setup, new_game
from engine.autopilot.autoplay import autoplay
from engine.autopilot.bot import Bot
from engine.autopilot.defaults import default_bot, seat_seed, weights_for
from engine.autopilot.explain import Explanation, _loop_steps, explain
from engine.autopilot.goals import Aim, Goal, aim_of, goal_distance, player_floor
from engine.autopilot.guard_risk import guard_threat, hit_risk
from engine.autopilot.scoring import Weights, ending_price, evaluate, idle_actions
from engine.autopilot.search import TurnSearch
from engine.autopilot.signatures import _key, public_table
from engine.rules.actions import Action, ActionKind, pos_text
from engine.rules.data import LOST_VISUAL, Character, EventCard, Loot, Side, TileKind, Tool
from engine.rules.events import AlarmRaised, GuardMoved, GuardPlaced, TurnEnded
from engine.rules.game import Game
from engine.rules.infostate import resample_from_infostate
from engine.rules.kinds import DecisionKind, Hazard, Lasting
from engine.rules.state import Decision

from .builder import QUIET_EVENTS, P, Table
from .test_guard_forecast import random_positions

K = TileKind


def _setup(scenario: ScenarioId, players: int, seed: int) -> Setup:
    return Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"B{i + 1}") for i in range(players)),
        seed=seed,
    )


def _quick_bot(seed: int) -> Bot:
    return Bot(seed=seed, worlds=1, max_candidates=5)


# ---------------------------------------------------------------------- honesty


@pytest.mark.slow
def test_same_view_different_hidden_state_gives_the_same_decision():
    game = new_game(_setup(ScenarioId.BANK, 2, 11))
    bots = [Bot(seed=1), Bot(seed=2)]
    checked = 0
    while not game.is_over() and checked < 12:
        me = game.state.current
        twin = resample_from_infostate(game, me, 4242 + checked)  # other tiles, decks, dice
        assert twin.view() == game.view()
        assert twin.state != game.state
        a = Bot(seed=7).choose(game)
        b = Bot(seed=7).choose(twin)
        assert a == b
        game.apply(bots[me].choose(game))
        checked += 1


def test_the_bot_reads_the_game_only_through_the_sampler(monkeypatch: pytest.MonkeyPatch):
    """Hide the real game's hidden part (tiles face-down scrambled): same decision."""
    game = new_game(_setup(ScenarioId.OFFICE, 2, 5))
    for _ in range(6):
        game.apply(Bot(seed=3).choose(game))
    before = Bot(seed=9).choose(game)
    for fl in game.state.floors:
        for t in fl.tiles:
            if t is not None and not t.revealed:
                t.kind, t.number = K.LABORATORY, 3
        fl.guard.patrol.reverse()
    game.state.tools.reverse()
    game.state.rng ^= 0x5555
    assert Bot(seed=9).choose(game) == before


# ---------------------------------------------------------------------- legal, finishes


@pytest.mark.slow
@pytest.mark.parametrize("scenario", list(ScenarioId))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_plays_only_legal_actions_to_the_end(scenario: ScenarioId, players: int):
    game = new_game(_setup(scenario, players, 100 + players))
    bots = [_quick_bot(k) for k in range(players)]
    n = 0
    while not game.is_over() and n < 1500:
        action = bots[game.state.current].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
        n += 1
    assert game.is_over()
    assert game.outcome in ("win", "loss")


@pytest.mark.slow
def test_bot_plays_every_character_on_both_sides():
    for side in Side:
        chars = list(Character)
        for i in range(0, len(chars), 3):
            crew = chars[i : i + 3]
            setup = Setup(
                scenario=ScenarioId.OFFICE,
                players=tuple(PlayerSetup(c.value, c, side) for c in crew),
                seed=i + 1,
            )
            game = new_game(setup)
            bots = [_quick_bot(k) for k in range(3)]
            for _ in range(80):  # every ability and tool the crew meets early on
                if game.is_over():
                    break
                action = bots[game.state.current].choose(game)
                assert action in game.legal_actions()
                game.apply(action)


# ---------------------------------------------------------------------- every decision


def _table() -> Table:
    t = Table(players=2, characters=(Character.SPOTTER, Character.RIGGER))
    t.player(0, "1.B2").player(1, "1.C3")
    t.guard(0, at="1.D4", dest="1.D1")
    t.tile("1.A1", K.SAFE, 0).tile("1.B1", K.COMPUTER_LASER, 5, hack=1)
    t.tile("1.A2", K.FINGERPRINT, 2).tile("1.A3", K.LASER, 4)
    t.events(EventCard.LAMPSHADE, EventCard.REBOOT, EventCard.CRASH, EventCard.ESPRESSO)
    t.tools(Tool.EMP, Tool.CROWBAR)
    return t


def _pending(kind: str, g: Game) -> Decision:
    st = g.state
    if kind == "alarm":
        return Decision(kind, ["hack", "pay", "trigger"], pos=P("1.A3"), source="laser")
    if kind in ("alarm-tie", "switch-alarm", "where-alarm", "squeak"):
        for q in ("1.A2", "1.A3"):
            g.tile(P(q)).alarm = True
        return Decision(kind, ["1.A2", "1.A3"], floor=0)
    if kind == "throw-voice":
        return Decision(kind, ["1.C1", "1.D2"])
    if kind == "stethoscope":
        st.players[0].tools.append(Tool.STETHOSCOPE)
        g.tile(P("1.A1")).dice = 2
        opts = ["keep"] + [f"{i}-{v}" for i in (1, 2) for v in range(1, 7) if v != 3]
        return Decision(kind, opts, pos=P("1.A1"), data=["3", "3"])
    if kind == "shift-order":
        return Decision(kind, ["2,3", "3,2"])
    if kind == "crystal-ball":
        top = [e.value for e in reversed(st.events[-3:])]
        a, b, c = top
        return Decision(kind, sorted([f"{a},{b},{c}", f"{b},{a},{c}", f"{c},{b},{a}"]))
    if kind == "virus":
        return Decision(kind, ["1.B1"], n=3)
    if kind == "kitty":
        st.players[0].loot.append(Loot.PERSIAN_KITTY)
        return Decision(kind, ["1.A2", "1.A3"])
    if kind == "buddy":
        return Decision(kind, ["2"])
    if kind == "gut":
        return Decision(kind, ["1.B3", "1.C2"])
    if kind == "peekhole":
        return Decision(kind, ["none", "1.B3", "2.B2"])
    if kind == "clairvoyance":
        top = st.floors[0].guard.patrol[-1]
        return Decision(kind, ["top", "bottom"], floor=0, data=[pos_text(top)])
    if kind == "precognition":
        return Decision(kind, ["top", "bottom"], floor=0, data=[st.events[-1].value])
    if kind == "rigger-draw":
        drawn = [st.tools.pop(), st.tools.pop()]
        return Decision(kind, sorted(t.value for t in drawn), n=0, data=[t.value for t in drawn])
    if kind == "rigger-offer":
        return Decision(kind, ["two", "one"], n=0, source="laboratory")
    if kind == "tile-stealth":
        g.tile(P("1.B2")).stealth = 2
        return Decision(kind, ["tile", "own"], n=0, source="guard-enters", pos=P("1.B2"))
    raise AssertionError(f"no test setup for the decision {kind!r}")


@pytest.mark.parametrize("kind", list(DecisionKind))
def test_bot_answers_every_decision_kind(kind: DecisionKind):
    g = _table().game()
    g.state.pending = _pending(kind, g)
    g._state_changed()
    legal = g.legal_actions()
    assert legal and all(a.kind == "choose" for a in legal)
    for bot in (Bot(seed=1), _quick_bot(2)):
        choice = bot.choose(g)
        assert choice in legal
    g.apply(choice)
    assert g.state.pending is None or g.state.pending.kind != kind or kind == "virus"


# ---------------------------------------------------------------------- the guard's reach


def test_hit_risk_is_certain_on_the_guards_route_within_his_speed():
    t = Table(players=1)
    t.player(0, "1.A4").guard(0, at="1.A1", dest="1.D1", speed=2)
    risk = hit_risk(t.game(), 0)
    assert risk == {P("1.B1"): 1.0, P("1.C1"): 1.0}


def test_hit_risk_past_his_destination_spreads_over_the_patrol_cards_not_discarded():
    t = Table(players=1)
    t.player(0, "1.D4").guard(0, at="1.A1", dest="1.B1", speed=2)
    t.patrol(0, "1.D1", "1.B4")  # the cards left; the other 14 are discarded
    risk = hit_risk(t.game(), 0)
    # After B1 he heads for D1 (step to C1) or B4 (step to B2): one chance in two each.
    assert risk == {P("1.B1"): 1.0, P("1.C1"): 0.5, P("1.B2"): 0.5}


def test_hit_risk_follows_the_guard_on_to_the_next_alarm_once_he_reaches_his_destination():
    t = Table(players=1)
    t.player(0, "1.A4").guard(0, at="1.A1", dest="1.B1", speed=3)
    t.tile("1.D1", K.LABORATORY, alarm=True).patrol(0, "1.D2")
    risk = hit_risk(t.game(), 0)
    # Speed 3 and one alarm: four steps, B1, on to the alarm at D1, then the one card left.
    assert risk == {P("1.B1"): 1.0, P("1.C1"): 1.0, P("1.D1"): 1.0, P("1.D2"): 1.0}


def test_hit_risk_draws_patrol_card_after_patrol_card_while_he_has_steps_left():
    t = Table(players=1)
    t.player(0, "1.A4").guard(0, at="1.A1", dest="1.B1", speed=3)
    t.patrol(0, "1.C1", "1.D1")  # the cards left; the other 14 are discarded
    risk = hit_risk(t.game(), 0)
    # Either card first, he ends on D1: C1 then D1, or straight through C1 to D1.
    assert risk == {P("1.B1"): 1.0, P("1.C1"): 1.0, P("1.D1"): 1.0}


def test_hit_risk_takes_the_patrol_card_the_crew_saw_on_top_as_his_next_destination():
    """After Clairvoyance kept a card on top, his walk past his destination is no longer a
    spread over the cards left: the hint's chance is the certainty the crew knows."""
    t = Table(players=1)
    t.player(0, "1.D4").guard(0, at="1.A1", dest="1.B1", speed=2)
    t.patrol(0, "1.D1", "1.B4")  # D1 on top; unseen, C1 and B2 would be one in two each
    g = t.game()
    g.state.floors[0].guard.seen_top = P("1.D1")
    g._state_changed()
    assert hit_risk(g, 0) == {P("1.B1"): 1.0, P("1.C1"): 1.0}


def _with_lost_visual(g: Game, *left: str) -> Game:
    """`g` played with Lost Visual: the floor-1 deck holds `left` and its Lost Visual card
    (order hidden from the crew), every other card discarded."""
    g.state.lost_visual = True
    guard = g.state.floors[0].guard
    cards = [P(c) for c in left]
    guard.discard = [q for q in guard.patrol + guard.discard + guard.aside if q not in cards]
    guard.patrol, guard.aside = [LOST_VISUAL, *cards], []
    g._state_changed()
    return g


def test_hit_risk_counts_the_lost_visual_card_that_ends_his_walk_at_his_destination():
    """Past B1 he draws D1 (a step on to C1) or Lost Visual (he leaves the board)."""
    t = Table(players=1).player(0, "1.A4").guard(0, at="1.A1", dest="1.B1", speed=2)
    g = _with_lost_visual(t.game(), "1.D1")
    assert hit_risk(g, 0) == {P("1.B1"): 1.0, P("1.C1"): 0.5}
    assert _walked(g) == {P("1.B1"), P("1.C1")}  # D1 on top (the deck's last card)
    g.state.floors[0].guard.patrol.reverse()
    assert _walked(g) == {P("1.B1")}


def test_hit_risk_brings_a_lost_guard_back_on_any_card_left_and_walks_him_on_from_it():
    """Lost Visual: he comes back where the next tile card says, catching whoever stands
    there, then walks his move from it: before, the chance was nothing at all."""
    t = Table(players=1).player(0, "1.A4").guard(0, at="1.A1", dest="1.B1", speed=1)
    g = _with_lost_visual(t.game(), "1.D1", "1.D4")
    guard = g.state.floors[0].guard
    guard.pos = guard.dest = None
    guard.lost = True
    guard.discard.append(guard.patrol.pop(0))  # the Lost Visual card he drew
    g._state_changed()
    # Back on D1, then a step toward D4 (D2); or back on D4, then a step toward D1 (D3).
    assert hit_risk(g, 0) == {P("1.D1"): 0.5, P("1.D2"): 0.5, P("1.D4"): 0.5, P("1.D3"): 0.5}


def test_the_end_is_not_called_safe_where_the_lost_guard_may_come_back():
    """The hint for ending on A4 while the guard is lost and A4 is one of the two patrol
    cards left: he may come back on it (one chance in two). Before: "out of his reach"."""
    t = Table(players=1).player(0, "1.A4").guard(0, at="1.A1", dest="1.B1", speed=1)
    g = _with_lost_visual(t.turn(0, actions=0, taken=4).game(), "1.A4", "1.D4")
    guard = g.state.floors[0].guard
    guard.pos = guard.dest = None
    guard.lost = True
    guard.discard.append(guard.patrol.pop(0))  # the Lost Visual card he drew
    g._state_changed()
    bot = Bot(seed=1)
    assert bot.choose(g) == Action.parse("end")
    why = bot.last_explanation
    assert why is not None and why.risk == 0.5 and not why.claims_safe


def test_hit_risk_never_says_nothing_where_the_guard_walks_nor_certain_where_he_does_not():
    """Over random positions (alarms, Donuts, the crow, Espresso, Lost Visual; no Event to
    draw), the chance against the End the engine then plays: every tile he enters had a
    chance, every certain tile he enters (unless an alarm rang on the way or the game was
    lost); and it reads public facts only (a resampled twin gets the same)."""
    returns = certain = 0
    for g in random_positions(400):
        st = g.state
        floor = st.players[st.current].pos >> 6  # type: ignore[operator]
        if not st.floors[floor].guard.placed:
            continue
        risk = hit_risk(g, floor)
        entered, rang, lost = _entered_at_the_end(g, floor)
        returns += st.floors[floor].guard.lost
        if rang:
            continue
        assert all(risk.get(q, 0.0) > 0.0 for q in entered)
        sure = {q for q, chance in risk.items() if chance == 1.0}
        certain += len(sure)
        assert lost or sure <= set(entered)
        assert hit_risk(resample_from_infostate(g, st.current, 7), floor) == risk
    assert returns > 5 and certain > 500


def _entered_at_the_end(g: Game, floor: int) -> tuple[list[int], bool, bool]:
    """The tiles the floor's guard enters when the turn ends now (on a copy: a tie between
    alarms answered by the first choice), whether an alarm rang meanwhile, and whether the
    game was lost."""
    trial = g.clone()
    entered: list[int] = []
    rang = False
    events = trial.apply("end")
    while True:
        for e in events:
            if isinstance(e, TurnEnded):
                return entered, rang, trial.state.outcome == "loss"
            rang = rang or isinstance(e, AlarmRaised)
            if isinstance(e, (GuardMoved, GuardPlaced)) and e.floor == floor:
                entered.append(e.dst if isinstance(e, GuardMoved) else e.pos)
        if trial.is_over() or trial.state.pending is None:
            return entered, rang, trial.state.outcome == "loss"
        events = trial.apply(trial.legal_actions()[0])


def _walked(g: Game) -> set[int]:
    """The tiles the floor-1 guard walks through when the turn ends, as the engine plays it."""
    return {e.dst for e in g.clone().apply("end") if isinstance(e, GuardMoved)}


def test_hit_risk_counts_the_step_the_ravens_crow_costs_the_guard():
    """Distract: entering the crow's tile costs the guard a step, on his route (B4) and past
    his destination (C1 on the way to the last patrol card): the chance says what he walks."""
    t = Table(players=1, characters=(Character.RAVEN,)).player(0, "1.A1")
    g = t.guard(0, at="1.A4", dest="1.D4", speed=3).game()
    g.state.crow = P("1.B4")
    assert hit_risk(g, 0) == {P("1.B4"): 1.0, P("1.C4"): 1.0}
    assert set(hit_risk(g, 0)) == _walked(g)
    t = Table(players=1, characters=(Character.RAVEN,)).player(0, "1.A4")
    g = t.guard(0, at="1.A1", dest="1.B1", speed=3).patrol(0, "1.D1").game()
    g.state.crow = P("1.C1")
    assert hit_risk(g, 0) == {P("1.B1"): 1.0, P("1.C1"): 1.0}
    assert set(hit_risk(g, 0)) == _walked(g)


def test_hit_risk_is_empty_while_the_disrupting_crow_holds_the_guard():
    """Disrupt: a guard starting his move on the crow with no alarm ringing stays put."""
    t = Table(players=1, characters=(Character.RAVEN,), sides=(Side.ADVANCED,))
    g = t.player(0, "1.B4").guard(0, at="1.A4", dest="1.D4", speed=2).game()
    assert hit_risk(g, 0) == {P("1.B4"): 1.0, P("1.C4"): 1.0}
    g.state.crow = P("1.A4")
    assert hit_risk(g, 0) == {} and _walked(g) == set()


def test_the_guards_threat_counts_the_step_the_ravens_crow_costs_him():
    """The bot's price for standing in his next walk reads the walk the engine plays: with
    the crow on B4 he stops at C4, a step short of his destination."""
    t = Table(players=1, characters=(Character.RAVEN,)).player(0, "1.A1")
    g = t.guard(0, at="1.A4", dest="1.D4", speed=3).game()
    assert guard_threat(g, 0) == {P("1.A4"), P("1.B4"), P("1.C4"), P("1.D4")}
    g.state.crow = P("1.B4")
    assert guard_threat(g, 0) == {P("1.A4"), *_walked(g)} == {P("1.A4"), P("1.B4"), P("1.C4")}


def test_the_guards_threat_is_his_own_tile_while_the_disrupting_crow_holds_him():
    t = Table(players=1, characters=(Character.RAVEN,), sides=(Side.ADVANCED,))
    g = t.player(0, "1.B4").guard(0, at="1.A4", dest="1.D4", speed=2).game()
    g.state.crow = P("1.A4")
    assert guard_threat(g, 0) == {P("1.A4")} and _walked(g) == set()
    assert guard_threat(g, 0, moves=2) == {P("1.A4"), P("1.B4"), P("1.C4")}


def test_the_guards_chance_tells_a_holding_crow_from_a_slowing_one_on_the_same_walls():
    """Games with the same walls share their floors' geometry, and so the answers kept for
    it: a crow on the guard's tile holds him under Disrupt, not under Distract."""
    games = []
    for side in (Side.BASIC, Side.ADVANCED):
        t = Table(players=1, characters=(Character.RAVEN,), sides=(side,)).player(0, "1.D1")
        games.append(t.guard(0, at="1.A4", dest="1.D4", speed=2).game())
        games[-1].state.crow = P("1.A4")
    slowed, held = games
    assert slowed.geometry(0) is held.geometry(0)
    assert hit_risk(slowed, 0) == {P("1.B4"): 1.0, P("1.C4"): 1.0} and hit_risk(held, 0) == {}
    assert guard_threat(slowed, 0) == {P("1.A4"), P("1.B4"), P("1.C4")}
    assert guard_threat(held, 0) == {P("1.A4")}


def test_espresso_speeds_only_the_guard_whose_move_ends_this_turn_in_the_guards_chance():
    """This turn's change to the guard's speed moves the guard of the burglar's own floor
    (the engine's `guard_steps`); the other floors' guards walk at their speed."""
    t = Table(players=2).player(0, "1.A1").player(1, "2.A1")
    t.guard(0, at="1.A4", dest="1.D4", speed=2).guard(1, at="2.A4", dest="2.D4", speed=2)
    g = t.game()
    g.state.guard_bonus = 1  # as Espresso leaves it
    assert g.guard_steps(0) == 3 and g.guard_steps(1, ending_turn=False) == 2
    assert (
        hit_risk(g, 0)
        == {P("1.B4"): 1.0, P("1.C4"): 1.0, P("1.D4"): 1.0}
        == dict.fromkeys(_walked(g), 1.0)
    )
    assert hit_risk(g, 1) == {P("2.B4"): 1.0, P("2.C4"): 1.0}
    assert P("1.D4") in guard_threat(g, 0) and P("2.D4") not in guard_threat(g, 1)


def _crow_beside_the_guards_walk(crow: str) -> tuple[Game, Action]:
    """The Raven at 1.D4, no action left, puts her crow down at `crow`; the guard walks
    B4, C4, D4 when the turn ends, or stops at C4 when it costs him a step."""
    t = Table(players=1, characters=(Character.RAVEN,)).reveal_floor(0).player(0, "1.D4")
    g = t.guard(0, at="1.A4", dest="1.D4", speed=3).turn(0, actions=0, taken=4).game()
    return g, Action.parse(f"ability crow {crow}")


def test_a_crow_that_spares_the_plans_end_is_explained_with_the_chance_it_takes_away():
    g, crow = _crow_beside_the_guards_walk("1.C4")
    e = explain(g, crow, {}, {}, 2, 1)
    assert (e.end_pos, e.risk, e.crow_spares) == (P("1.D4"), 0.0, 1.0)
    g, crow = _crow_beside_the_guards_walk("1.D3")  # off his walk: it spares nothing
    e = explain(g, crow, {}, {}, 2, 1)
    assert (e.end_pos, e.risk, e.crow_spares) == (P("1.D4"), 1.0, -1.0)


def _deck_ran_out(aside: tuple[str, ...]) -> Table:
    """The guard reaches B1 with two steps left and no patrol card in the deck: some cards
    are set aside unseen, the rest discarded."""
    t = Table(players=2).player(0, "1.A4").player(1, None)
    t.guard(0, at="1.A1", dest="1.B1", speed=3).patrol(0)
    g = t._game.state.floors[0].guard
    g.aside = [P(c) for c in aside]
    g.discard = [c for c in g.discard if c not in g.aside]
    return t


def test_hit_risk_reshuffles_every_card_once_the_deck_is_empty_set_aside_ones_too():
    """Cards set aside are not in the deck: with the deck empty his next card comes from all
    of them shuffled again, not from the set-aside ones alone (a hint once called an end
    safe that the reshuffled deck walked him into)."""
    empty_deck = hit_risk(_deck_ran_out(("1.C4", "1.D4", "1.D3", "1.C3", "1.B4", "1.A3")).game(), 0)
    all_discarded = hit_risk(_deck_ran_out(()).game(), 0)
    assert empty_deck == all_discarded
    assert empty_deck[P("1.A1")] > 0.0  # back the way he came: only a reshuffled card sends him


def test_bot_steps_off_the_guards_route_before_ending_its_turn():
    t = Table(players=1)
    t.reveal_floor(0).player(0, "1.C1").guard(0, at="1.A1", dest="1.D1", speed=3)
    t.turn(0, actions=1, taken=3)
    g = t.game()
    action = Bot(seed=1).choose(g)
    assert action.kind == "move"
    assert action.pos not in hit_risk(g, 0)


def test_a_step_into_the_guards_tile_costs_as_much_as_the_guard_walking_in():
    """The token a step into the guard's tile costs is priced like one the guard takes by
    walking in at the end of the turn (`Weights.entered`, as `hit`), on top of the token."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1")
    g = t.guard(0, at="1.B1", dest="1.D4", speed=2).turn(0, actions=2, taken=2).game()
    into = Action.parse("move 1.B1")
    free = Bot(seed=1, weights=Weights(entered=0.0))
    free.choose(g)
    priced = Bot(seed=1)
    priced.choose(g)
    assert priced.weights.entered > 0.0
    # (scores add up over the sampled tables)
    cost = priced.weights.entered * priced.worlds
    assert free.last_scores[into] - priced.last_scores[into] == cost
    assert all(free.last_scores[a] == priced.last_scores[a] for a in free.last_scores if a != into)


# ---------------------------------------------------------------------- the command line


@pytest.mark.slow
def test_autoplay_split_into_jobs_plays_the_same_games():
    one = autoplay(ScenarioId.OFFICE, 1, 2, seed=3, worlds=1)
    two = autoplay(ScenarioId.OFFICE, 1, 2, seed=3, worlds=1, jobs=2)
    same = ("games", "seeds", "wins", "losses", "loss_reasons", "average_turns")
    assert two["jobs"] == 2
    assert {k: one[k] for k in same} == {k: two[k] for k in same}


def test_with_no_sampler_every_seat_gets_the_seed_the_bots_figures_were_measured_with():
    assert [seat_seed(31000, k) for k in range(4)] == [248000, 248001, 248002, 248003]


def test_another_sampler_plays_the_same_games_with_other_sampled_worlds():
    """The bot's own spread on a row: the same building, other worlds, other play."""
    one = autoplay(ScenarioId.OFFICE, 1, 1, seed=3, worlds=1, search=None)
    other = autoplay(ScenarioId.OFFICE, 1, 1, seed=3, worlds=1, search=None, sampler=1)
    assert one["seeds"] == other["seeds"] == [3, 3]
    assert (one["sampler"], other["sampler"]) == (0, 1)
    assert one["moves"] != other["moves"]


def test_the_bot_never_bounces_between_two_guards_tiles_it_stood_on_this_turn():
    """Flexibility makes a step into a guard's tile free, so two guards at the ends of a
    staircase would let an Acrobat bounce for ever; the bot's candidates leave out a step
    from one back into the other."""
    t = Table(players=1, characters=(Character.ACROBAT,), sides=(Side.BASIC,))
    t.reveal_floor(0).reveal_floor(1).tile("1.B1", K.STAIRS).player(0, "1.B1")
    t.tile("2.B1", K.LABORATORY, downstairs=True, tool_taken=True)
    g = t.guard(0, at="1.B1", dest="1.D1").guard(1, at="2.B1", dest="2.D1").game()
    g.apply("move 2.B1")
    back = Action.parse("move 1.B1")
    assert back in g.legal_actions()
    assert _loop_steps(g) == {back}
    assert back not in Bot(seed=1)._candidates(g, g.legal_actions())


def test_a_step_back_into_a_guards_tile_from_another_tile_is_weighed_like_any_other():
    """From a tile of her own the step back cost the action that reached it: no loop (Fort
    Knox seed 9189: the one way off the guard's walk was back through his tile)."""
    t = Table(players=1, characters=(Character.ACROBAT,), sides=(Side.BASIC,))
    g = t.player(0, "1.B1").guard(0, at="1.B1", dest="1.D1").game()
    g.apply("move 1.A1")
    back = Action.parse("move 1.B1")
    assert back in g.legal_actions() and _loop_steps(g) == set()
    assert back in Bot(seed=1)._candidates(g, g.legal_actions())


# ---------------------------------------------------------------------- reasons and pacing


def _dead_end() -> Table:
    """Burglar 1 in a dead end (walls all round A1 but toward B1) with one action left: the
    guard stands in B1, and his route runs back through A1 when the turn ends. Every choice
    costs a Stealth."""
    t = Table(players=1, characters=(Character.ROOK,))  # no ability that helps alone
    t.reveal_floor(0).walls(0, "A1-A2").player(0, "1.A1")
    t.guard(0, at="1.B1", dest="1.A1", speed=2)
    return t.turn(0, actions=1, taken=3)


def test_a_move_into_the_guards_tile_is_explained_with_its_cost_and_never_as_safe():
    g = _dead_end().game()
    bot = Bot(seed=1)
    action = bot.choose(g)
    e = bot.last_explanation
    assert e is not None and e.action == action
    assert e.hazards in ((Hazard.GUARD_TILE,), (Hazard.GUARD_PATH_END,))
    assert not e.claims_safe
    into = explain(g, Action.parse("move 1.B1"), {}, {}, 2, 1)
    assert into.hazards == (Hazard.GUARD_TILE,)
    assert not into.claims_safe


def _on_the_stairs_in_the_guards_walk(safe_found: bool) -> Game:
    """Bank Job: burglar 1 on the Stairs at 1.B1 with one action left; the guard's walk at
    the End runs through 1.B1. Floor 1's Safe still face down somewhere, or open already
    (then his goal is up these Stairs)."""
    t = Table(players=1, characters=(Character.ROOK,)).reveal_floor(1)
    if safe_found:
        t.reveal_floor(0).tile("1.D4", K.SAFE, safe_open=True)
    else:
        t.face_down("1.D4", K.SAFE)
    t.tile("1.B1", K.STAIRS).player(0, "1.B1")
    t.guard(0, at="1.C1", dest="1.A1").guard(1, at="2.D4", dest="2.D3")
    return t.turn(0, actions=1, taken=3).game()


def test_going_up_the_stairs_off_the_goals_floor_is_explained_as_hiding():
    """Up the Stairs out of the guard's walk while this floor's Safe is still to find: the
    goal said is getting out of his way, not this floor's Safe."""
    up = Action.parse("move 2.B1")
    hiding = _on_the_stairs_in_the_guards_walk(safe_found=False)
    assert aim_of(hiding, 0).goal == Goal.FIND_SAFE
    assert explain(hiding, up, {}, {}, 2, 1).goal == Goal.HIDE
    climbing = _on_the_stairs_in_the_guards_walk(safe_found=True)
    assert explain(climbing, up, {}, {}, 2, 1).goal == Goal.STAIRS_UP


def test_going_down_the_stairs_while_the_goal_is_the_way_up_is_explained_as_hiding():
    """Bank seed 9284: a burglar on floor 2, whose goal is its Stairs up, went down to floor
    1 out of the guard's certain walk; the hint named the Stairs up as the goal of that
    step down. Going down leaves a way up: the goal said is getting out of his way; the
    same step out of nobody's way is not hiding."""
    t = Table(players=1, characters=(Character.ROOK,)).reveal_floor(0).reveal_floor(1)
    t.tile("1.D4", K.SAFE, safe_open=True).tile("2.D4", K.SAFE, safe_open=True)
    t.tile("1.B1", K.STAIRS).tile("2.B1", K.LABORATORY, tool_taken=True, downstairs=True)
    t.tile("2.A4", K.STAIRS).player(0, "2.B1").guard(0, at="1.D3", dest="1.D4")
    down = Action.parse("move 1.B1")
    for dest, hiding in (("2.B1", True), ("2.D3", False)):
        g = t.guard(1, at="2.C1", dest=dest).turn(0, actions=1, taken=3).game()
        assert aim_of(g, 0).goal == Goal.STAIRS_UP
        e = explain(g, down, {}, {}, 2, 1)
        assert (e.goal == Goal.HIDE) == hiding, e.goal


def _teammate_in_the_guards_walk() -> Game:
    """Bank Job: burglar 1 on the Stairs at 1.B1, one action left, out of the guard's walk;
    floor 1's Safe still face down; burglar 2 at 1.C2, where the guard walks at the End."""
    t = Table(players=2, characters=(Character.ROOK, Character.HAWK)).reveal_floor(1)
    t.face_down("1.D4", K.SAFE).tile("1.B1", K.STAIRS).player(0, "1.B1").player(1, "1.C2")
    t.guard(0, at="1.D2", dest="1.A2", speed=2).guard(1, at="2.D4", dest="2.D3")
    return t.turn(0, actions=1, taken=3).game()


def test_a_plan_ending_the_turn_off_the_goals_floor_names_that_floor_and_whom_it_spares():
    """Up the Stairs, out of nobody's way but his teammate's: the End then moves floor 2's
    guard, so floor 1's, who would walk in on burglar 2, stays put. The hint's goal is still
    floor 1's Safe; the explanation names the floor left and the teammate it spares."""
    g = _teammate_in_the_guards_walk()
    assert aim_of(g, 0).goal == Goal.FIND_SAFE
    up = Action.parse("move 2.B1")
    e = explain(g, up, TurnSearch().plan_in(g, up, (Action.parse("end"),)), {}, 2, 1)
    assert (e.goal, e.end_pos, e.floor_left, e.spared) == (
        Goal.FIND_SAFE,
        P("2.B1"),
        0,
        ((1, P("1.C2"), 1.0),),
    )
    peek = Action.parse("peek 1.A1")  # the turn ends on floor 1: nothing left, nobody spared
    e = explain(g, peek, TurnSearch().plan_in(g, peek, (Action.parse("end"),)), {}, 2, 1)
    assert (e.end_pos, e.floor_left, e.spared) == (P("1.B1"), -1, ())
    assert e.crew == ((1, P("1.C2"), 1.0),)


def test_a_step_toward_the_stairs_out_of_the_guards_walk_is_explained_as_hiding():
    """A step on this floor whose plan ends the turn a floor up, out of the guard's certain
    walk, while this floor's Safe is still to find: hiding, though the Stairs lie on the way
    to the goal and the plan ends fewer steps from it than the tile he leaves."""
    t = Table(players=1, characters=(Character.ROOK,)).reveal_floor(1).reveal_floor(0)
    t.face_down("1.D4", K.SAFE).tile("1.C1", K.STAIRS).player(0, "1.A1")
    t.guard(0, at="1.A3", dest="1.A1").guard(1, at="2.D4", dest="2.D3")
    g = t.turn(0, actions=3, taken=1).game()
    plan, line = {}, g.clone()
    line.apply("move 1.B1")
    for step in ("move 1.C1", "move 2.C1"):
        plan[_key(line)] = Action.parse(step)
        line.apply(step)
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 2, 1)
    assert e.end_pos == P("2.C1") and e.steps < goal_distance(g, 0)
    assert e.goal == Goal.HIDE and e.target == P("1.A1") and e.hide_risk == 1.0


def _beside_the_safe_in_the_guards_walk(rolls_next: bool, face_down: bool = False) -> str:
    """Burglar 1 at 1.A1, in the guard's walk, steps onto the Safe at 1.B1 (its combination
    still hides 1.D1; `face_down`: the Safe itself lies face down, in this sample only);
    the plan then adds a die there, or walks on. The goal its hint gives."""
    t = Table(players=1, characters=(Character.ROOK,)).reveal_floor(1).reveal_floor(0)
    (t.face_down if face_down else t.tile)("1.B1", K.SAFE)
    t.face_down("1.D1", K.LABORATORY).player(0, "1.A1")
    t.guard(0, at="1.A3", dest="1.A1").guard(1, at="2.D4", dest="2.D3")
    g = t.turn(0, actions=3, taken=1).game()
    assert aim_of(g, 0).goal == (Goal.FIND_SAFE if face_down else Goal.COMBINATION)
    line = g.clone()
    line.apply("move 1.B1")
    plan = {_key(line): Action.parse("add-die" if rolls_next else "move 1.B2")}
    return explain(g, Action.parse("move 1.B1"), plan, {}, 2, 1).goal


def test_a_step_onto_the_safe_the_plan_rolls_next_is_explained_as_opening_it():
    """A step onto the Safe that the plan's next action rolls dice on is for that Safe,
    though its combination still hides a tile and the step also leaves the guard's walk."""
    assert _beside_the_safe_in_the_guards_walk(rolls_next=True) == Goal.OPEN_SAFE
    assert _beside_the_safe_in_the_guards_walk(rolls_next=False) != Goal.OPEN_SAFE


def test_a_step_onto_a_face_down_tile_is_never_explained_as_opening_a_safe_there():
    """Bank seed 9190: "Move here at 1.A1. Goal: open the Safe at 1.A1" for a face-down tile
    the sample held a Safe on (a Fingerprint came up): the table knew of no Safe there."""
    assert _beside_the_safe_in_the_guards_walk(rolls_next=True, face_down=True) != Goal.OPEN_SAFE


def test_a_floor_off_the_one_he_works_is_never_nearer_his_goal_than_its_stairs():
    """One floor up, the way to the goal is the step down plus the goal's distance from the
    Stairs below: never fewer steps than standing on those Stairs."""
    t = Table(players=1).reveal_floor(0).reveal_floor(1).face_down("1.D4", K.SAFE)
    t.tile("1.A1", K.STAIRS).tile("2.A1", K.LABORATORY, downstairs=True).player(0, "1.A1")
    g = t.guard(0, at="1.D1", dest="1.D2").guard(1, at="2.D4", dest="2.D3").game()
    below = goal_distance(g, 0)
    g.state.players[0].pos = P("2.B1")
    assert player_floor(g, 0) == 0
    assert goal_distance(g, 0) == 1 + 1 + below  # a step to the Stairs, one down


def _a_floor_above_by_a_duct(twin: str, loot: tuple[Loot, ...] = ()) -> Game:
    """Burglar 1 at 2.B1, sent back to floor 1 (its Safe face down at D4, its Stairs at A1);
    a Service Duct at 2.C1 and its twin at `twin`, the only ones face up."""
    t = Table(players=1).reveal_floor(0).reveal_floor(1).face_down("1.D4", K.SAFE)
    for f, fl in enumerate(t.game().state.floors):
        for c, tile in enumerate(fl.tiles):
            if tile is not None and tile.kind == K.SERVICE_DUCT:
                t.tile(pos_text((f << 6) | c), K.LABORATORY, revealed=tile.revealed)
    t.tile("1.A1", K.STAIRS).tile("2.A1", K.LABORATORY, downstairs=True)
    t.tile("2.C1", K.SERVICE_DUCT).tile(twin, K.SERVICE_DUCT).player(0, "2.B1", loot=loot)
    return t.guard(0, at="1.A4", dest="1.A3").guard(1, at="2.D4", dest="2.D3").game()


def test_a_service_duct_to_the_floor_he_works_is_his_way_there():
    """Once both Ducts are face up, one Move takes him from one to the other, floors apart:
    the way to his goal's floor that the hint names."""
    g = _a_floor_above_by_a_duct(twin="1.D3")
    assert player_floor(g, 0) == 0
    assert aim_of(g, 0) == Aim(Goal.DUCT, P("2.C1"), to=P("1.D3"))
    beyond = goal_distance(g, 0, work_floor=0, at=P("1.D3"))
    assert goal_distance(g, 0) == 1 + 1 + beyond  # a step to the Duct, one through it
    e = explain(g, Action.parse("move 2.C1"), {}, {}, 4, 1)
    assert (e.goal, e.target, e.leads_to, e.climb) == (Goal.DUCT, P("2.C1"), 0, False)


def test_a_duct_away_from_the_goals_floor_is_not_the_way():
    """The Stairs stay the way when the Duct's twin lies a floor further from his goal,
    and for a burglar holding the Painting, which no Duct lets through."""
    assert aim_of(_a_floor_above_by_a_duct(twin="3.B2"), 0) == Aim(Goal.STAIRS_DOWN, P("2.A1"))
    holding = _a_floor_above_by_a_duct(twin="1.D3", loot=(Loot.PAINTING,))
    assert aim_of(holding, 0) == Aim(Goal.STAIRS_DOWN, P("2.A1"))


def _above_the_floor_he_works(stairs_found: bool) -> Game:
    """Burglar 1 on floor 2 beside a face-down tile, sent back to floor 1 (its Safe face
    down), with floor 1's Stairs at A1 found or still face down."""
    t = Table(players=1).reveal_floor(1).face_down("1.D4", K.SAFE).player(0, "2.B2")
    t.face_down("2.C2", K.LABORATORY)
    if stairs_found:
        t.tile("1.A1", K.STAIRS).tile("2.A1", K.LABORATORY, downstairs=True)
    else:
        t.face_down("1.A1", K.STAIRS)
    return t.guard(0, at="1.D1", dest="1.D2").guard(1, at="2.D4", dest="2.D3").game()


def test_the_way_down_is_named_only_once_the_stairs_below_are_found():
    assert aim_of(_above_the_floor_he_works(stairs_found=True), 0) == Aim(
        Goal.STAIRS_DOWN, P("2.A1")
    )
    assert aim_of(_above_the_floor_he_works(stairs_found=False), 0) == Aim(Goal.STAIRS_DOWN)


def _rook_orders(order: str, guard_at: str = "1.D1", guard_to: str = "1.D2") -> Explanation:
    """The Rook (seat 2) at A1 orders his teammate, at B1, somewhere; floor 1's Safe is the
    one face-down tile, at D4."""
    t = Table(players=2).reveal_floor(0).face_down("1.D4", K.SAFE)
    t = t.player(0, "1.B1").player(1, "1.A1").guard(0, at=guard_at, dest=guard_to)
    g = t.turn(1).game()
    return explain(g, Action.parse(order), {}, {}, 6, 1)


def test_an_order_that_takes_a_teammate_nearer_their_goal_says_so():
    e = _rook_orders("ability orders 1 1.C1")
    assert (e.ordered, e.ordered_nearer) == (0, True)


def test_an_order_that_takes_a_teammate_off_the_guards_walk_names_the_tile_left():
    e = _rook_orders("ability orders 1 1.A1", guard_at="1.D1", guard_to="1.B1")
    assert (e.ordered, e.ordered_nearer, e.ordered_from, e.ordered_risk) == (
        0,
        False,
        P("1.B1"),
        1.0,
    )


def test_an_order_that_takes_a_teammate_off_his_own_floors_guard_walk_names_the_tile_left():
    """Bank seed 9251: the Rook on floor 1 ordered his teammate a step away from floor 2's
    guard, whom the teammate's own End moves; the hint said it did nothing for him. A step
    along the guard's walk is still told as neither."""
    for order, left in (("ability orders 1 2.A1", P("2.B1")), ("ability orders 1 2.C1", -1)):
        t = Table(players=2).reveal_floor(0).reveal_floor(1).face_down("1.D4", K.SAFE)
        t = t.player(0, "2.B1").player(1, "1.A1").guard(0, at="1.D4", dest="1.D3")
        g = t.guard(1, at="2.D1", dest="2.B1").turn(1).game()
        e = explain(g, Action.parse(order), {}, {}, 6, 1)
        assert (e.ordered, e.ordered_nearer, e.ordered_from) == (0, False, left)
        assert e.ordered_own_end == (left >= 0) and e.ordered_risk == (1.0 if left >= 0 else 0.0)


def test_an_order_that_does_neither_says_neither():
    e = _rook_orders("ability orders 1 1.A1")
    assert (e.ordered, e.ordered_nearer, e.ordered_from) == (0, False, -1)


def _last_step(step: str, taken: int = 3) -> Explanation:
    """Burglar 1 at B1 beside the Safe at A1, one action left (`taken` taken): `step`, then
    the End."""
    t = Table(players=1).reveal_floor(0).player(0, "1.B1").tile("1.A1", K.SAFE)
    t = t.guard(0, at="1.D4", dest="1.C4").turn(0, actions=1, taken=taken)
    g = t.events(*QUIET_EVENTS).game()
    a = Action.parse(step)
    return explain(g, a, TurnSearch().plan_in(g, a, (Action.parse("end"),)), {}, 3, 1)


def test_a_step_whose_plan_ends_farther_from_the_goal_says_so_beside_the_goal():
    e = _last_step("move 1.C1")
    assert e.goal == Goal.OPEN_SAFE and e.target == P("1.A1") and e.away


def test_a_step_away_from_the_goal_that_spares_the_end_an_event_is_explained_by_it():
    """Office seed 9131: a step back off a Laser, farther from the goal, whose count kept the
    End from drawing an Event, was told only as farther from the goal."""
    assert _last_step("move 1.C1", taken=2).event_dodged
    assert not _last_step("move 1.C1").event_dodged  # 3 taken: no Event to spare
    assert not _last_step("move 1.A1", taken=2).event_dodged  # onto the goal: that is why


def test_a_step_onto_the_goal_is_not_called_a_step_away():
    e = _last_step("move 1.A1")
    assert e.goal == Goal.OPEN_SAFE and not e.away


def test_a_keypad_try_that_fails_is_not_a_step_onto_the_safe_it_leaves_rolls_on():
    # Fort Knox seed 9129: "Move here at 2.A1. Goal: open the Safe at 2.A1" for a Keypad try
    # from the Safe, whose plan added a die to that Safe once the Keypad stayed shut.
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A1", K.SAFE)
    t = t.tile("1.B1", K.KEYPAD).guard(0, at="1.D4", dest="1.C4").dice(1)
    g = t.game()
    step = Action.parse("move 1.B1")
    plan = TurnSearch().plan_in(g, step, (Action.parse("add-die"), Action.parse("end")))
    e = explain(g, step, plan, {}, 3, 1)
    assert e.end_pos == P("1.A1")  # the Keypad stayed shut
    assert (e.goal, e.target) != (Goal.OPEN_SAFE, P("1.B1"))


def test_an_explanation_names_the_safe_tile_it_works_toward():
    t = Table(players=1).reveal_floor(0).player(0, "1.A2")
    t.tile("1.A1", K.SAFE).face_down("1.C1", K.LABORATORY).face_down("1.D1", K.LABORATORY)
    g = t.guard(0, at="1.D4", dest="1.C4").game()
    e = explain(g, Action.parse("move 1.B2"), {}, {}, 3, 1)
    assert e.goal == Goal.COMBINATION
    assert e.target == P("1.C1") and e.safe == P("1.A1")
    assert e.actions == 1 and e.hazards == ()


def _step_out_and_back(taken: int) -> tuple[Game, dict[tuple[object, ...], Action]]:
    """Burglar 1 at A1 with 2 actions left and `taken` taken, the guard far off; the plan
    steps out to B1 and back (the step back is not counted, R07), then ends."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A2", K.SAFE)
    t = t.guard(0, at="1.D4", dest="1.C4").turn(0, actions=2, taken=taken)
    g = t.events(EventCard.JUMP_THE_GUN).game()
    plan = TurnSearch().plan_in(
        g, Action.parse("move 1.B1"), (Action.parse("move 1.A1"), Action.parse("end"))
    )
    return g, plan


def test_a_step_out_and_back_is_explained_by_the_event_it_dodges():
    g, plan = _step_out_and_back(taken=2)  # ending now: 2 taken, an Event
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 3, 1)
    assert e.end_pos == P("1.A1") and e.event_dodged


def test_no_event_dodge_is_named_when_ending_now_draws_none():
    g, plan = _step_out_and_back(taken=3)
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 3, 1)
    assert e.end_pos == P("1.A1") and not e.event_dodged


def test_no_event_dodge_is_named_for_a_step_whose_plan_ends_elsewhere():
    g, _ = _step_out_and_back(taken=2)
    plan = TurnSearch().plan_in(g, Action.parse("move 1.A2"), (Action.parse("end"),))
    e = explain(g, Action.parse("move 1.A2"), plan, {}, 3, 1)
    assert e.end_pos == P("1.A2") and not e.event_dodged


def _detour(taken: int) -> tuple[Game, dict[tuple[object, ...], Action]]:
    """Burglar 1 at A1 with 3 actions left and `taken` taken, the guard far off; the plan
    steps out to B1 and straight back (not counted, R07), then on to A2, and ends."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A2", K.SAFE)
    t = t.guard(0, at="1.D4", dest="1.C4").turn(0, actions=3, taken=taken)
    g = t.events(EventCard.JUMP_THE_GUN).game()
    rest = (Action.parse("move 1.A1"), Action.parse("move 1.A2"), Action.parse("end"))
    return g, TurnSearch().plan_in(g, Action.parse("move 1.B1"), rest)


def test_a_step_out_and_straight_back_is_explained_by_the_event_its_count_dodges():
    g, plan = _detour(taken=1)  # 1 + the step out + the step on: 3 taken, no Event
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 3, 1)
    assert e.end_pos == P("1.A2") and e.event_detour


def test_a_step_out_and_back_to_a_tile_the_guard_walks_into_is_never_called_hiding():
    # The plan ends where the burglar stands, on the guard's walk: the step out hides
    # nothing (the hint said "out of the guard's way" and then that he may walk in there).
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A2", K.SAFE)
    t = t.guard(0, at="1.A3", dest="1.A1").turn(0, actions=2, taken=2)
    g = t.events(EventCard.JUMP_THE_GUN).game()
    out, back = Action.parse("move 1.B1"), Action.parse("move 1.A1")
    plan = TurnSearch().plan_in(g, out, (back, Action.parse("end")))
    e = explain(g, out, plan, {}, 3, 1)
    assert e.end_pos == P("1.A1") and e.risk == 1.0
    assert e.goal != Goal.HIDE and e.event_detour


def test_a_step_onto_another_tile_the_guard_walks_into_is_never_called_hiding():
    # Fort Knox seed 9129: "out of the guard's way: if the turn ended at 1.A3, he would walk
    # in", then "the plan ends the turn at 1.A2, on the guard's path: he walks in".
    t = Table(players=1).reveal_floor(0).player(0, "1.A2").tile("1.A1", K.SAFE)
    g = t.guard(0, at="1.A4", dest="1.A1", speed=3).turn(0, actions=1, taken=3).game()
    step = Action.parse("move 1.A3")
    e = explain(g, step, TurnSearch().plan_in(g, step, (Action.parse("end"),)), {}, 3, 1)
    assert e.end_pos == P("1.A3") and e.risk == 1.0
    assert e.goal == Goal.OPEN_SAFE


def _out_and_back(kind: TileKind) -> Explanation:
    """On 1.A1, the guard two steps off walking in there at the End; the plan steps into
    1.A2 (a tile of `kind`) and straight back to end the turn on 1.A1."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").tile("1.A2", kind)
    t = t.guard(0, at="1.A3", dest="1.A1", speed=2).turn(0, actions=2, taken=2)
    g = t.events(*QUIET_EVENTS).game()
    out, back = Action.parse("move 1.A2"), Action.parse("move 1.A1")
    return explain(g, out, TurnSearch().plan_in(g, out, (back, Action.parse("end"))), {}, 3, 1)


def test_a_step_into_a_motion_room_and_back_is_explained_by_the_alarm_it_lures_the_guard_to():
    # Bank seed 9181: the plan stepped into a Motion room and back to set off its alarm and
    # stop the guard there; the hint said "Goal: reveal 1.A4", a tile the plan never neared.
    e = _out_and_back(TileKind.MOTION)
    assert e.end_pos == P("1.A1") and e.risk < 1.0
    assert e.goal == Goal.HIDE and e.target == P("1.A1") and e.lure == P("1.A2")


def test_a_step_out_and_back_that_sets_off_no_alarm_lures_nobody():
    e = _out_and_back(TileKind.SAFE)
    assert e.end_pos == P("1.A1") and e.risk == 1.0
    assert e.goal != Goal.HIDE and e.lure == -1


def test_no_event_detour_is_named_when_the_turn_counts_enough_without_it():
    g, plan = _detour(taken=2)  # 2 + the step on would already be 3: the step out buys nothing
    e = explain(g, Action.parse("move 1.B1"), plan, {}, 3, 1)
    assert e.end_pos == P("1.A2") and not e.event_detour


def test_the_autopilot_keeps_hacking_a_hacked_computer_rather_than_draw_an_event():
    # Boxed in on a Computer room that already holds 2 hack tokens, the one way out the
    # guard's tile: more hacks are the actions that keep the End from drawing an Event.
    # The plan the page follows once stopped searching hacks past 2 tokens and ended early.
    t = Table(players=1).reveal_floor(0).walls(0, "A1-A2")
    t = t.tile("1.A1", K.COMPUTER_FINGERPRINT, hack=2).player(0, "1.A1")
    g = t.guard(0, at="1.B1", dest="1.D1").events(*QUIET_EVENTS).game()
    bot = default_bot(1, ScenarioId.BANK)
    while (action := bot.choose(g)).kind != ActionKind.END:
        g.apply(action)
    assert not g.would_draw_event()
    assert g.tile(P("1.A1")).hack > 2


def _hack_then_end(tokens: int) -> Explanation:
    """Boxed in on a Computer room holding `tokens` hack tokens, 2 actions taken (ending
    now draws an Event); the plan hacks once more and ends."""
    t = Table(players=1).reveal_floor(0).walls(0, "A1-A2")
    t = t.tile("1.A1", K.COMPUTER_FINGERPRINT, hack=tokens).player(0, "1.A1")
    t = t.guard(0, at="1.B1", dest="1.D1").turn(0, actions=2, taken=2)
    g = t.events(*QUIET_EVENTS).game()
    hack = Action.parse("hack")
    return explain(g, hack, TurnSearch().plan_in(g, hack, (Action.parse("end"),)), {}, 2, 1)


def test_a_hack_past_the_counted_tokens_is_explained_by_the_event_it_dodges():
    e = _hack_then_end(tokens=2)
    assert e.goal != Goal.HACK and e.event_dodged


def test_a_hack_the_computer_still_counts_is_explained_as_a_hack_token():
    e = _hack_then_end(tokens=1)
    assert e.goal == Goal.HACK and e.event_dodged


def test_the_autopilot_does_not_step_straight_back_when_nothing_changed():
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").face_down("1.D1", K.LABORATORY)
    g = t.guard(0, at="1.D4", dest="1.C4").game()
    bot = Bot(seed=1)
    first = bot.choose(g)
    assert first == Action.parse("move 1.B1")  # toward the face-down tile
    g.apply(first)
    back = Action.parse("move 1.A1")
    assert back in g.legal_actions()
    assert bot.pacing_back(g) == back
    assert bot.choose(g) != back


def test_pacing_that_dodges_no_event_prices_above_standing_still():
    # A -> B -> A changes nothing, so both steps are idle, and the pair is dearer than
    # ending where the burglar stands (before, the step there counted as a useful action:
    # the pair saved an idle action's price and the bot paced for nothing).
    def table(actions: int, taken: int) -> Table:
        t = Table(players=1).reveal_floor(0).player(0, "1.A1")
        return t.guard(0, at="1.D4", dest="1.C4").turn(0, actions=actions, taken=taken)

    paced = table(4, 0).game()
    paced.apply("move 1.B1")
    paced.apply("move 1.A1")
    assert (paced.state.actions_left, paced.state.actions_taken, paced.state.paced) == (2, 1, 1)
    still = table(4, 0).game()
    assert idle_actions(paced.state) > idle_actions(still.state) == 4
    bot = Bot(seed=1)
    me, turn = 0, paced.state.turn
    assert bot._end_value(paced, me, turn) < bot._end_value(still, me, turn)


def test_pacing_that_dodges_the_event_prices_below_drawing_it():
    # Two counted actions, then a step there (the third) and back: the turn draws no Event
    # (R07 counts the step there), which is worth the two idle steps.
    def table(actions: int, taken: int) -> Table:
        t = Table(players=1).reveal_floor(0).player(0, "1.A1").events(EventCard.LAMPSHADE)
        return t.guard(0, at="1.D4", dest="1.C4").turn(0, actions=actions, taken=taken)

    paced = table(2, 2).game()
    paced.apply("move 1.B1")
    paced.apply("move 1.A1")
    assert not paced.would_draw_event()
    still = table(2, 2).game()
    assert still.would_draw_event()
    w = Weights()
    assert ending_price(paced, 0, w) < ending_price(still, 0, w)


def test_a_step_back_is_allowed_once_something_came_to_light():
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").face_down("1.B1", K.LABORATORY)
    g = t.guard(0, at="1.D4", dest="1.C4").game()
    bot = Bot(seed=1)
    bot.last_move = (g.state.actions_applied, P("1.A1"), public_table(g))
    g.apply("move 1.B1")  # the tile turns face up: the table changed
    assert bot.pacing_back(g) is None


# ---------------------------------------------------------------------- never "safe" when not


def _guard_walks_to_d1() -> Table:
    t = Table(players=2).reveal_floor(0).player(0, "1.A4").player(1, "1.C1")
    return t.guard(0, at="1.A1", dest="1.D1", speed=3).turn(0, actions=1, taken=3)


def test_a_hint_never_calls_an_end_safe_while_a_teammate_stands_on_the_guards_path():
    e = explain(_guard_walks_to_d1().game(), Action.parse("end"), {}, {}, 2, 1)
    assert e.end_pos == P("1.A4") and e.risk == 0.0
    assert e.crew == ((1, P("1.C1"), 1.0),)
    assert not e.claims_safe


def test_a_teammate_with_no_stealth_on_the_guards_path_is_told_as_the_crews_loss():
    # Fort Knox seed 9186: "Burglar 3 at 1.B4: the guard may reach them then (48% chance)"
    # for a burglar with no token left; the guard saw him and the game was lost.
    for stealth, exposed in ((0, (1,)), (1, ())):
        g = _guard_walks_to_d1().player(1, "1.C1", stealth=stealth).game()
        e = explain(g, Action.parse("end"), {}, {}, 2, 1)
        assert e.crew == ((1, P("1.C1"), 1.0),) and e.crew_exposed == exposed


def test_a_teammate_in_a_foyer_next_to_the_guards_path_is_told_seen_from_there():
    # Office seed 9185: "Burglar 1 at 2.B2 is on the guard's path" for a Foyer he only
    # passed next to (three tokens lost, two of them from next door).
    t = _guard_walks_to_d1().player(1, "1.C2").tile("1.C2", K.FOYER)
    e = explain(t.game(), Action.parse("end"), {}, {}, 2, 1)
    assert e.crew == ((1, P("1.C2"), 1.0),) and e.crew_foyer == (1,)
    e = explain(_guard_walks_to_d1().game(), Action.parse("end"), {}, {}, 2, 1)
    assert e.crew == ((1, P("1.C1"), 1.0),) and e.crew_foyer == ()


def test_a_hint_never_calls_an_end_on_a_camera_safe_while_the_guard_steps_on_another():
    t = _guard_walks_to_d1().player(1, None).tile("1.A4", K.CAMERA).tile("1.C1", K.CAMERA)
    e = explain(t.game(), Action.parse("end"), {}, {}, 2, 1)
    assert e.risk == 0.0 and e.watch == "camera" and e.watched == 1.0
    assert not e.claims_safe


def test_an_end_on_a_camera_is_not_told_watched_while_an_emp_holds_every_alarm_off():
    t = _guard_walks_to_d1().player(1, None).tile("1.A4", K.CAMERA).tile("1.C1", K.CAMERA)
    g = t.game()
    g.state.lasting[Lasting.EMP] = 0
    e = explain(g, Action.parse("end"), {}, {}, 2, 1)
    assert e.watch == "" and e.watched == 0.0


def _on_a_camera(other_camera: bool) -> Explanation:
    """On the Camera at 1.B2; the guard's walk to 1.D1 first steps on 1.B1 (a Camera too
    when `other_camera`: its alarm rings at 1.B2 and turns him in there)."""
    t = Table(players=1).reveal_floor(0).player(0, "1.B2").tile("1.B2", K.CAMERA)
    if other_camera:
        t = t.tile("1.B1", K.CAMERA)
    g = t.guard(0, at="1.A1", dest="1.D1", speed=3).turn(0, actions=1, taken=3).game()
    return explain(g, Action.parse("end"), {}, {}, 2, 1)


def test_the_guards_chance_counts_the_alarm_a_camera_he_steps_on_sets_off():
    """On his way to 1.D1 he steps on the Camera at 1.B1, which sees the burglar on the one
    at 1.B2: its alarm turns him there at once (Bank seed 9184: "50% chance", then he did)."""
    chances = []
    for other_camera in (True, False):
        t = Table(players=1).reveal_floor(0).player(0, "1.B2").tile("1.B2", K.CAMERA)
        if other_camera:
            t = t.tile("1.B1", K.CAMERA)
        g = t.guard(0, at="1.A1", dest="1.D1", speed=3).game()
        chances.append(hit_risk(g, 0).get(P("1.B2"), 0.0))
    assert chances == [1.0, 0.0]


def test_an_end_the_engine_walks_the_guard_into_is_never_told_as_a_chance():
    # Bank seed 9184: "The guard walks through this tile when the turn ends", then "the plan
    # ends the turn at 1.C3, where the guard may walk in (50% chance)": his route alone.
    e = _on_a_camera(other_camera=True)
    assert Hazard.GUARD_PATH_END in e.hazards and e.risk == 1.0
    e = _on_a_camera(other_camera=False)
    assert Hazard.GUARD_PATH_END not in e.hazards and e.risk == 0.0


def test_a_hint_never_calls_an_end_in_a_foyer_safe_while_the_guard_passes_next_to_it():
    t = _guard_walks_to_d1().player(1, None).player(0, "1.B2").tile("1.B2", K.FOYER)
    e = explain(t.game(), Action.parse("end"), {}, {}, 2, 1)
    assert e.risk == 0.0 and e.watch == "foyer" and e.watched == 1.0
    assert not e.claims_safe


def test_a_hint_never_names_what_a_face_down_tile_it_ends_on_is():
    """Ending on a tile nobody has seen: its kind (a Foyer here) is the sample's guess, so
    the hint says nothing of what it watches; the same tile face up, it does."""
    t = _guard_walks_to_d1().player(1, None).player(0, "1.A2")
    e = explain(t.face_down("1.B2", K.FOYER).game(), Action.parse("move 1.B2"), {}, {}, 2, 1)
    assert e.end_pos == P("1.B2") and e.face_down
    assert e.watch == "" and e.watched == 0.0
    e = explain(t.tile("1.B2", K.FOYER).game(), Action.parse("move 1.B2"), {}, {}, 2, 1)
    assert e.end_pos == P("1.B2") and e.watch == "foyer" and e.watched == 1.0


def test_a_hint_never_calls_a_crack_safe_its_roll_is_not_known_before():
    t = Table(players=1).reveal_floor(0).tile("1.B2", K.SAFE, dice=2).player(0, "1.B2")
    g = t.guard(0, at="1.D4", dest="1.D3").dice(6, 6).game()
    e = explain(g, Action.parse("crack"), {}, {}, 2, 1)
    assert e.luck and not e.claims_safe


def _on_thermo() -> Table:
    """Burglar 1 ends on a Thermo at A4; the guard heads from A1 to D1 along the top row."""
    t = Table(players=1).reveal_floor(0).tile("1.A4", K.THERMO).player(0, "1.A4")
    return t.guard(0, at="1.A1", dest="1.D1", speed=2).turn(0, actions=1, taken=3)


def test_a_hint_counts_the_guard_a_thermo_calls_to_the_tile_it_ends_on():
    e = explain(_on_thermo().game(), Action.parse("end"), {}, {}, 2, 1)
    # Its alarm rings as the actions end: he turns to it, three steps at speed 2 + 1 alarm.
    assert Hazard.THERMO_END in e.hazards
    assert e.end_pos == P("1.A4") and e.risk == 1.0


def test_the_bot_does_not_end_on_a_thermo_whose_alarm_brings_the_guard_to_it():
    g = _on_thermo().game()
    action = Bot(seed=1).choose(g)
    assert action.kind == "move" and action.pos not in hit_risk(g, 0)


def test_a_hint_never_calls_an_end_safe_while_a_teammate_on_an_atrium_may_be_seen():
    """A guard right below (or above) an Atrium sees the burglars on it."""
    t = _guard_walks_to_d1().player(1, "2.C1").tile("2.C1", K.ATRIUM)
    e = explain(t.game(), Action.parse("end"), {}, {}, 2, 1)
    assert e.risk == 0.0 and not e.crew
    assert e.crew_atrium == ((1, P("2.C1"), 1.0),)
    assert not e.claims_safe


def test_a_hint_never_calls_an_end_safe_while_a_teammate_on_a_camera_may_be_seen():
    """A guard stepping on a Camera sees burglars on the other Cameras, on any floor."""
    t = _guard_walks_to_d1().player(1, "2.B2").tile("2.B2", K.CAMERA).tile("1.C1", K.CAMERA)
    e = explain(t.game(), Action.parse("end"), {}, {}, 2, 1)
    assert e.risk == 0.0 and not e.crew
    assert e.crew_camera == ((1, P("2.B2"), 1.0),)
    assert not e.claims_safe


def test_a_teammate_on_a_camera_is_not_told_seen_while_an_emp_holds_every_alarm_off():
    # Fort Knox seed 9183: after the E.M.P., "Burglar 2 stands on the Camera at 2.A2: the
    # guard steps on a Camera, which sets off its alarm"; the engine let none ring.
    t = _guard_walks_to_d1().player(1, "2.B2").tile("2.B2", K.CAMERA).tile("1.C1", K.CAMERA)
    g = t.game()
    g.state.lasting[Lasting.EMP] = 0
    e = explain(g, Action.parse("end"), {}, {}, 2, 1)
    assert e.crew_camera == ()
    assert not any(isinstance(ev, AlarmRaised) for ev in g.apply(Action.parse("end")))


def _gold_bar_waiting() -> Game:
    """Office Job: both Safes open, burglar 1 holds a Gold Bar next to the Safe where the
    second one waits; burglar 2 is upstairs."""
    t = Table(players=2, scenario=ScenarioId.OFFICE).reveal_floor(0).reveal_floor(1)
    t.tile("1.A1", K.SAFE, safe_open=True, loot=[Loot.GOLD_BAR]).tile("1.D4", K.STAIRS)
    t.tile("2.D1", K.SAFE, safe_open=True).tile("2.A4", K.STAIRS)
    t.player(0, "1.B1", loot=(Loot.GOLD_BAR,)).player(1, "2.B2")
    t.guard(0, at="1.D1", dest="1.D2").guard(1, at="2.A1", dest="2.A2")
    return t.game()


def test_a_burglar_holding_a_gold_bar_leaves_the_second_to_a_teammate():
    g = _gold_bar_waiting()
    assert player_floor(g, 0) == 1  # his part is done: up toward the roof
    assert aim_of(g, 0).goal == Goal.STAIRS_UP
    assert player_floor(g, 1) == 0  # the teammate comes down for it
    assert aim_of(g, 1).goal == Goal.STAIRS_DOWN
    g.state.players[1].pos = P("1.C1")
    assert aim_of(g, 1) == Aim(Goal.LOOT, P("1.A1"))


def test_loose_loot_waits_until_the_safes_left_are_open():
    g = _gold_bar_waiting()
    g.state.floors[1].tiles[P("2.D1") & 63].safe_open = False  # the upstairs Safe is closed
    assert player_floor(g, 1) == 1  # the teammate opens his Safe first,
    assert player_floor(g, 0) == 1  # and the one who may not carry it comes to help


def _way_up_held(at: str = "1.B1") -> Game:
    """`_gold_bar_waiting` with the upstairs Safe closed, both burglars on floor 1 and the
    upstairs guard standing on 2.D4, where the Stairs at 1.D4 lead: burglar 1 (at `at`),
    who may not carry the second Gold Bar, has nothing left downstairs."""
    t = Table(players=2, scenario=ScenarioId.OFFICE).reveal_floor(0).reveal_floor(1)
    t.tile("1.A1", K.SAFE, safe_open=True, loot=[Loot.GOLD_BAR]).tile("1.D4", K.STAIRS)
    t.tile("2.D1", K.SAFE).tile("2.A4", K.STAIRS)
    t.player(0, at, loot=(Loot.GOLD_BAR,)).player(1, "1.C1")
    t.guard(0, at="1.D1", dest="1.D2").guard(1, at="2.D4", dest="2.A2")
    return t.game()


def test_a_burglar_kept_below_by_a_held_way_is_aimed_at_that_way_not_at_a_search():
    """Bank seed 9275: told "find the Safe of floor 1 among its tiles still face down" on a
    floor with none face down, its Safe open, the Gold Bar in it his teammate's to carry."""
    g = _way_up_held()
    assert player_floor(g, 0) == 0  # the way up arrives on the standing guard
    assert aim_of(g, 0) == Aim(Goal.WAY_HELD, P("1.D4"), to=P("2.D4"))
    g.state.floors[1].guard.pos = P("2.C4")
    g._state_changed()
    assert player_floor(g, 0) == 1  # the way is free: up to the Safe still closed
    assert aim_of(g, 0) == Aim(Goal.STAIRS_UP, P("1.D4"))


def _kitty_ran() -> Game:
    """Office Job: both Safes open, the crew holds all the Loot but the Persian Kitty, which
    ran to the Laser burglar 1 stands on; the guards are far away."""
    t = Table(players=2, scenario=ScenarioId.OFFICE).reveal_floor(0).reveal_floor(1)
    t.tile("1.D4", K.SAFE, safe_open=True).tile("1.A3", K.STAIRS)
    t.tile("1.B3", K.LASER, loot=[Loot.PERSIAN_KITTY])
    t.tile("2.D2", K.SAFE, safe_open=True).tile("2.D3", K.STAIRS)
    t.player(0, "1.B3").player(1, "2.A1", loot=(Loot.GEMSTONE,))
    t.guard(0, at="1.D1", dest="1.D2").guard(1, at="2.D4", dest="2.C4")
    return t.game()


def test_loot_lying_off_its_safe_is_worth_picking_up():
    """Picking up the last Loot turns the crew toward the roof, farther away: the Loot
    lying there must count for more than those steps, or the burglar walks off it."""
    g = _kitty_ran()
    w = Weights()
    before = evaluate(g, w)
    g.apply(Action.parse("pickup persian-kitty"))
    assert g.team_has_all_loot()
    assert evaluate(g, w) > before


def _second_gold_bar() -> Game:
    """Bank Job, as in seed 9275: burglar 2 stands on floor 1's open Safe at D4, where the
    second Gold Bar lies; burglar 1, holding the first, waits at A1 below the way up, held
    by floor 2's guard on 2.C1; floor 2's Safe is found and closed, floor 3's face down."""
    t = Table(players=2, scenario=ScenarioId.BANK).reveal_floor(0)
    t.tile("1.D4", K.SAFE, safe_open=True, loot=[Loot.GOLD_BAR]).tile("1.C1", K.STAIRS)
    t.tile("2.A4", K.SAFE).tile("2.D4", K.STAIRS)
    t.player(0, "1.A1", loot=(Loot.GOLD_BAR,)).player(1, "1.D4")
    t.guard(0, at="1.A4", dest="1.B4").guard(1, at="2.C1", dest="2.C2")
    return t.turn(1).game()


def test_the_second_gold_bar_is_worth_picking_up_though_both_burglars_goals_then_lie_far():
    """Bank seed 9275: picked up, the Bar sends its carrier two floors up and frees his
    teammate to climb; priced below those steps, it lay there for 20 turns with its burglar
    on it, ending turns where the guard walked in rather than take it."""
    g = _second_gold_bar()
    w = weights_for(ScenarioId.BANK)
    before = evaluate(g, w)
    g.apply(Action.parse("pickup gold-bar"))
    assert goal_distance(g, 1) >= 10
    assert evaluate(g, w) > before


def _combination_left(*face_down: str) -> Game:
    """Floor 1 face up but `face_down`, the Safe at A4 (its row and column: A1-A3, B4-D4),
    the burglar at B1, the guard far off."""
    t = Table(players=1).reveal_floor(0).player(0, "1.B1").tile("1.A4", K.SAFE)
    for where in face_down:
        t.face_down(where, K.LABORATORY)
    return t.guard(0, at="1.D3", dest="1.C3").game()


@pytest.mark.parametrize("face_down", [("1.A1",), ("1.A1", "1.D4")])
def test_seeing_a_face_down_tile_of_a_combination_is_never_a_step_back(
    face_down: tuple[str, ...],
):
    """Once a face-down tile of a Safe's row and column is seen, the next one (or the Safe)
    is the goal: the distance the bot counts must not go up for seeing it. Counting only the
    steps to the nearest such tile, it went from 0 to 4 here, and in Bank seed 31001 a
    burglar beside such a tile paced for turns rather than peek."""
    g = _combination_left(*face_down)
    before = goal_distance(g, 0)
    g.apply(Action.parse("peek 1.A1"))
    assert goal_distance(g, 0) <= before


def test_the_upper_seat_works_on_the_next_floor_whose_safe_is_still_closed():
    """Bank Job: the first floor's Safe is still closed and the second floor's open; the
    burglar who works above goes on to the third floor, not the one already done."""
    t = Table(players=2, scenario=ScenarioId.BANK).reveal_floor(0).reveal_floor(1)
    t.tile("1.D4", K.SAFE).tile("1.A1", K.STAIRS).tile("2.B2", K.SAFE, safe_open=True)
    t.tile("2.C3", K.STAIRS)
    t.player(0, "1.B1").player(1, "2.A1", loot=(Loot.GEMSTONE,))
    g = t.game()
    assert player_floor(g, 0) == 0
    assert player_floor(g, 1) == 2
    assert aim_of(g, 1) == Aim(Goal.STAIRS_UP, P("2.C3"))


def _held_stairs(guard_at: str) -> Game:
    """Bank Job: burglar 1, whose seat works the second floor, stands on the third with its
    Safe found and closed; the only way down arrives on 2.B2, and the second floor's guard
    stands at `guard_at` with nobody on that floor to make him walk."""
    t = Table(players=2, scenario=ScenarioId.BANK).reveal_floor(0).reveal_floor(2)
    t.tile("1.D4", K.SAFE).tile("1.A1", K.STAIRS)
    t.tile("2.B2", K.STAIRS).tile("3.C3", K.SAFE).tile("3.A4", K.STAIRS)
    t.player(0, "1.B1").player(1, "3.C2")
    t.guard(0, at="1.D1", dest="1.D2").guard(1, at=guard_at, dest="2.B1")
    t.guard(2, at="3.D4", dest="3.D3")
    return t.game()


def test_a_burglar_whose_way_down_is_held_by_a_standing_guard_works_his_own_floor():
    """A guard walks only when a burglar on his floor ends a turn: one standing on the
    Stairs' tile of an empty floor stays there, and the way costs a token every time.
    The burglar works the Safe of the floor he is on instead of pacing above the Stairs."""
    g = _held_stairs("2.B2")
    assert player_floor(g, 1) == 2
    assert aim_of(g, 1).goal != Goal.STAIRS_DOWN


def test_a_burglar_goes_down_when_the_guard_below_is_off_the_stairs():
    g = _held_stairs("2.C2")
    assert player_floor(g, 1) == 1
    assert aim_of(g, 1).goal == Goal.STAIRS_DOWN


def test_a_burglar_goes_down_when_a_teammate_below_keeps_that_guard_walking():
    g = _held_stairs("2.B2")
    g.state.players[0].pos = P("2.A1")
    assert player_floor(g, 1) == 1


def test_a_burglar_done_on_the_top_floor_waits_at_its_stairs_while_loot_is_still_out():
    """No way out by the roof before the crew holds all the Loot: his goal is the Stairs to
    wait at, not a floor above the top one."""
    g = _gold_bar_waiting()
    g.state.players[0].pos = P("2.B1")
    assert not g.team_has_all_loot()
    assert aim_of(g, 0) == Aim(Goal.ROOF, P("2.A4"))


def test_a_burglar_with_no_stealth_surely_walked_in_on_ends_now_when_the_event_may_spare_him():
    """Bank seed 9263: boxed in with no token left, the guard surely walking in, the bot
    hacked to keep its End from drawing an Event, pricing the hope of a sparing card below
    the Event's price; the crew lost. The Event deck holds one card (the rest discarded, so
    its make-up is public): a Freight Elevator lifts him away, a Keycode Change does not."""
    for card, choice in ((EventCard.FREIGHT_ELEVATOR, "end"), (EventCard.KEYCODE_CHANGE, "hack")):
        t = Table(players=1, characters=(Character.PETERMAN,), sides=(Side.BASIC,))
        t = t.reveal_floor(0).tile("1.A1", TileKind.COMPUTER_LASER).walls(0, "A1-B1 A2-B2 A2-A3")
        t = t.player(0, "1.A1", stealth=0).guard(0, at="1.A2", dest="1.A1", speed=2)
        g = t.turn(0, actions=2, taken=2).events(card).game()
        g.state.event_discard = [e for e in EventCard if e != card]
        assert g.hazards(Action.parse("end")) == (Hazard.CAUGHT_UNLESS_EVENT,)
        # Its own scores (no plan search playing the Event out), at the Bank's prices.
        bot = Bot(seed=1, worlds=3, weights=weights_for(ScenarioId.BANK))
        assert bot.choose(g) == Action.parse(choice)


def test_a_step_that_loses_the_game_should_it_succeed_is_never_a_candidate():
    """Fort Knox seed 9305: no Stealth left, the autopilot tried a Keypad the guard stood
    on (its roll shut in the few tables it sampled: a free action burnt). With a token
    left the try only costs that token, and stays a candidate."""
    for stealth, tried in ((0, False), (1, True)):
        t = Table(players=1, characters=(Character.PETERMAN,)).reveal_floor(0)
        t.player(0, "1.B1", stealth=stealth).tile("1.C1", TileKind.KEYPAD)
        g = t.guard(0, at="1.C1", dest="1.C4", speed=1).turn(0, actions=2, taken=2).game()
        candidates = Bot(seed=1)._candidates(g, g.legal_actions())
        assert (Action.parse("move 1.C1") in candidates) is tried
