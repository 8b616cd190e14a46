"""The search layer over the autopilot: whole-turn plans compared over the same sampled
worlds, then followed while nothing comes to light. Honest, reproducible, legal."""

from __future__ import annotations

import pytest

from engine import PlayerSetup, ScenarioId, Setup, new_game
from engine.autopilot.autoplay import autoplay
from engine.autopilot.bot import Bot
from engine.autopilot.rule_of_thumb import decide, policy
from engine.autopilot.scoring import Weights, ending_price
from engine.autopilot.search import TurnSearch, line_of
from engine.rules.actions import Action, ActionKind
from engine.rules.data import Loot, TileKind
from engine.rules.game import Game
from engine.rules.infostate import resample_from_infostate

from .builder import P, Table

K = TileKind


def _searching_bot(seed: int) -> Bot:
    return Bot(seed=seed, worlds=2, max_candidates=6, search=TurnSearch(worlds=2, plans=3))


def _played(scenario: ScenarioId, players: int, seed: int, actions: int) -> Game:
    setup = Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"B{i + 1}") for i in range(players)),
        seed=seed,
    )
    game = new_game(setup)
    bots = [Bot(seed=seed + k, worlds=1, max_candidates=5) for k in range(players)]
    for _ in range(actions):
        if game.is_over():
            break
        game.apply(bots[game.state.current].choose(game))
    return game


def test_the_search_decides_the_same_for_the_same_seed():
    game = _played(ScenarioId.OFFICE, 2, 31, 6)
    one, two = _searching_bot(5), _searching_bot(5)
    for _ in range(6):
        a, b = one.choose(game), two.choose(game)
        assert a == b
        assert one.search is not None and two.search is not None
        assert one.search.figures == two.search.figures
        game.apply(a)
    assert one.search is not None and one.search.figures.get("searches", 0) > 0


@pytest.mark.slow
def test_with_the_search_same_view_different_hidden_state_gives_the_same_decision():
    """Each step the twin is a new sample of the same view: the bot playing on the twins
    (with its plan kept from step to step) decides as the one playing on the game."""
    game = _played(ScenarioId.BANK, 2, 11, 4)
    real, blind = _searching_bot(7), _searching_bot(7)
    for k in range(14):
        if game.is_over():
            break
        twin = resample_from_infostate(game, game.state.current, 4242 + k)
        assert twin.view() == game.view()
        assert twin.state != game.state
        a = real.choose(game)
        assert blind.choose(twin) == a
        game.apply(a)
    assert real.search is not None and real.search.figures.get("followed", 0) > 0


def test_the_search_reads_the_game_only_through_the_sampler():
    """Scramble the real game's hidden part (face-down tiles, patrol and Tool decks, the
    RNG): the search chooses the same."""
    game = _played(ScenarioId.OFFICE, 2, 5, 6)
    before = _searching_bot(9).choose(game)
    for fl in game.state.floors:
        for t in fl.tiles:
            if t is not None and not t.revealed:
                t.kind, t.number = K.LABORATORY, 3
        fl.guard.patrol.reverse()
    game.state.tools.reverse()
    game.state.rng ^= 0x5555
    assert _searching_bot(9).choose(game) == before


@pytest.mark.slow
@pytest.mark.parametrize(("scenario", "players"), [(ScenarioId.OFFICE, 2), (ScenarioId.BANK, 3)])
def test_the_search_plays_only_legal_actions_to_the_end(scenario: ScenarioId, players: int):
    game = _played(scenario, players, 200 + players, 0)
    bots = [_searching_bot(k) for k in range(players)]
    n = 0
    while not game.is_over() and n < 1500:
        action = bots[game.state.current].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
        n += 1
    assert game.is_over()
    followed = sum(b.search.figures.get("followed", 0) for b in bots if b.search is not None)
    assert followed > 0


def _open_floor() -> Game:
    """One burglar in 1.A1 of a face-up floor but 1.D1; the guard far away in 1.D4."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").face_down("1.D1", K.LABORATORY)
    return t.guard(0, at="1.D4", dest="1.C4").game()


def test_a_line_is_the_turn_a_world_would_play_up_to_its_end():
    g = _open_floor()
    line = line_of(g, Action.parse("move 1.B1"), None)
    assert line[0] == Action.parse("move 1.B1")
    assert line[-1].kind == ActionKind.END
    w = g.clone()
    for a in line[:-1]:
        assert a in w.legal_actions()
        w.apply(a)


def test_a_plan_is_followed_while_its_steps_reveal_nothing():
    g = _open_floor()
    bot = _searching_bot(1)
    search = bot.search
    assert search is not None
    first, rest = Action.parse("move 1.B1"), (Action.parse("move 1.C1"), Action(ActionKind.END))
    search._commit(bot, g, first, rest)
    g.apply(first)
    followed = search.next_step(bot, g)
    assert followed is not None and followed[0] == Action.parse("move 1.C1")
    assert followed[2] == (Action(ActionKind.END),)


def test_a_plan_is_dropped_once_something_comes_to_light():
    g = _open_floor()
    bot = _searching_bot(1)
    search = bot.search
    assert search is not None
    g.apply("move 1.B1")
    g.apply("move 1.C1")
    peek = Action.parse("peek 1.D1")
    search._commit(bot, g, peek, (Action.parse("move 1.D1"),))  # the peek turns a tile up
    g.apply(peek)
    assert search.next_step(bot, g) is None


def test_a_plan_is_dropped_when_the_game_went_another_way():
    g = _open_floor()
    bot = _searching_bot(1)
    search = bot.search
    assert search is not None
    search._commit(bot, g, Action.parse("move 1.B1"), (Action.parse("move 1.C1"),))
    g.apply("move 1.A2")  # not the plan's step
    assert search.next_step(bot, g) is None
    assert P("1.A2") == g.state.players[0].pos


def _asked_on_the_way(then: str) -> tuple[Game, Bot, TurnSearch]:
    """The floor of `_open_floor` with a Fingerprint in 1.B1 and a hack token on its
    Computer; the bot's plan steps in (which asks whether to hack it or let the alarm
    ring), then moves to `then` and ends: the game as it asks."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1").face_down("1.D1", K.LABORATORY)
    t = t.tile("1.B1", K.FINGERPRINT).tile("1.A4", K.COMPUTER_FINGERPRINT, hack=1)
    g = t.guard(0, at="1.D4", dest="1.C4").game()
    bot = _searching_bot(1)
    assert bot.search is not None
    step = Action.parse("move 1.B1")
    bot.search._commit(bot, g, step, (Action.parse(f"move {then}"), Action(ActionKind.END)))
    g.apply(step)
    assert g.state.pending is not None
    return g, bot, bot.search


def test_a_plan_goes_on_past_a_cards_question_answered_as_its_line_answered_it():
    g, bot, search = _asked_on_the_way("1.C1")
    assert search.next_step(bot, g) is None  # the question is the bot's own to answer
    g.apply(decide(g))  # the line's answer
    followed = search.next_step(bot, g)
    assert followed is not None and followed[0] == Action.parse("move 1.C1")
    assert search.figures["followed past a card's question"] == 1


def test_a_plan_is_dropped_when_a_cards_question_is_answered_otherwise():
    g, bot, search = _asked_on_the_way("1.C1")
    g.apply(next(a for a in g.legal_actions() if a != decide(g)))
    assert search.next_step(bot, g) is None


def test_the_answer_to_a_cards_question_is_explained_by_the_plan_that_goes_on_after_it():
    g, bot, _ = _asked_on_the_way("1.B2")  # a plan that ends the turn in 1.B2
    answer = bot.choose(g)
    assert answer == decide(g)
    e = bot.last_explanation
    assert e is not None and e.end_pos == P("1.B2")
    g.apply(answer)
    assert bot.choose(g) == Action.parse("move 1.B2")


@pytest.mark.slow
def test_autoplay_reports_what_the_search_did_and_can_go_without_it():
    with_it = autoplay(ScenarioId.OFFICE, 1, 1, seed=3, worlds=1, search=TurnSearch(worlds=1))
    without = autoplay(ScenarioId.OFFICE, 1, 1, seed=3, worlds=1, search=None)
    figures = with_it["search"]
    assert isinstance(figures, dict) and figures["worlds"] == 1 and figures["searches"] > 0
    assert without["search"] is None


def test_the_search_prices_a_step_into_the_guards_tile_as_the_bot_does():
    """A line that steps into the guard's tile pays `Weights.entered` on top of its token,
    as the bot's own scores do: else the search could swap the bot's plan for one the bot
    ranked lower for that very step (a burglar pacing into the guard to dodge an Event)."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1")
    g = t.guard(0, at="1.B1", dest="1.D4", speed=2).turn(0, actions=2, taken=2).game()
    into = (Action.parse("move 1.B1"), Action.parse("end"))
    away = (Action.parse("move 1.A2"), Action.parse("end"))
    free, priced = Bot(seed=1, weights=Weights(entered=0.0)), Bot(seed=1)
    search = TurnSearch()
    me, turn = g.state.current, g.state.turn
    assert priced.weights.entered > 0.0
    gap = search._play(free, g, into, me, turn) - search._play(priced, g, into, me, turn)
    assert gap == priced.weights.entered
    assert search._play(free, g, away, me, turn) == search._play(priced, g, away, me, turn)


def test_a_line_that_ends_its_actions_early_is_scored_as_ending_there():
    """A line whose End leaves actions unused ends there (the Event, the guard's move), as
    the bot planned it; the rule of thumb only finishes lines a world cut short. Played on,
    the bot's "end now, the guard is next door" became the rule of thumb's walk."""
    t = Table(players=1).reveal_floor(0).tile("1.D1", K.SAFE).player(0, "1.A1")
    g = t.guard(0, at="1.D4", dest="1.D3", speed=2).turn(0, actions=4, taken=0).game()
    assert policy(g).kind == ActionKind.MOVE  # the rule of thumb would walk to the Safe
    bot, search = Bot(seed=1), TurnSearch()
    me, turn = g.state.current, g.state.turn
    ended = search._play(bot, g, (Action.parse("end"),), me, turn)
    assert ended == search._end_in_world(bot, g.clone(), me, turn)


def _loot_held_near_the_roof(
    at: str = "2.A2", actions: int = 1, stealth: int = 3, guard: str = "2.D4 2.C4"
) -> Game:
    """Office Job, one burglar: both Safes open and their Loot in hand, the roof Stairs at
    2.A4 (two steps off by default), one action left (the turn's Event already dodged), the
    top floor's guard far away (`guard`: where he stands and where he heads, speed 2)."""
    t = Table(players=1, scenario=ScenarioId.OFFICE).reveal_floor(0).reveal_floor(1)
    t.tile("1.D4", K.SAFE, safe_open=True).tile("1.A3", K.STAIRS)
    t.tile("2.D2", K.SAFE, safe_open=True).tile("2.A4", K.STAIRS)
    t.player(0, at, stealth=stealth, loot=(Loot.GEMSTONE, Loot.TIARA))
    stands, heads = guard.split()
    t.guard(0, at="1.D1", dest="1.D2").guard(1, at=stands, dest=heads, patrol=("2.D3",))
    return t.turn(0, actions=actions, taken=4 - actions).game()


def test_with_every_loot_held_a_line_is_scored_by_the_way_out_played_on():
    """Once only the way out is left, ending a turn short of the roof is worth what the turns
    after it bring (out, or caught), not the score where the turn stops: a burglar judged
    turn by turn paced beside the Stairs at no Stealth until the guard found him."""
    g = _loot_held_near_the_roof()
    assert g.team_has_all_loot()
    bot = Bot(seed=1)
    me, turn = g.state.current, g.state.turn
    ending = (Action.parse("end"),)
    one_turn = TurnSearch()._play(bot, g, ending, me, turn)
    played_on = TurnSearch(escape_turns=2)._play(bot, g, ending, me, turn)
    assert one_turn < bot.weights.win / 2
    assert played_on == bot.weights.win  # the next turn walks to the Stairs and out


def test_with_every_loot_held_a_step_that_loses_now_scores_below_an_end_lost_later():
    """A burglar with no Stealth left, the guard next door and surely walking in: the step
    into his tile loses the game now, the End loses it as the turn ends. The step's loss is
    the line's own, so it scores below; the End's is the game's outcome, not priced again
    for the actions it leaves unused (Bank seed 9258: the End priced so, the step into the
    guard scored higher and was played, with every roll-on after the End lost)."""
    g = _loot_held_near_the_roof(at="2.A1", actions=2, stealth=0, guard="2.B1 2.A1")
    bot, search = Bot(seed=1), TurnSearch(escape_turns=2)
    me, turn = g.state.current, g.state.turn
    ending, into = (Action.parse("end"),), (Action.parse("move 2.B1"),)
    lost = -bot.weights.win
    assert ending_price(g, me, bot.weights) > 0.0  # two actions left unused
    assert search._play(bot, g, ending, me, turn) == lost
    assert search._play(bot, g, into, me, turn) < lost


def test_the_search_tells_which_first_actions_its_plan_beat():
    """What a hint may say a plan was weighed against: the first actions whose every line
    did worse than the plan chosen over the same worlds (never the plan's own)."""
    t = Table(players=1).reveal_floor(0).player(0, "1.A1")
    g = t.guard(0, at="1.B1", dest="1.D4", speed=2).turn(0, actions=2, taken=2).game()
    into, away = Action.parse("move 1.B1"), Action.parse("move 1.A2")
    bot, search = Bot(seed=1), TurnSearch(worlds=2, plans=4, firsts=3)
    thinking = search.improve(bot, g, [g.clone()], [away, into], {away: 1.0, into: 0.0}, [{}], away)
    try:
        while True:
            next(thinking)
    except StopIteration as done:
        chosen: tuple[Action, ...] = done.value
    assert chosen[0] == away and chosen[0] not in search.beaten
    assert into in search.beaten  # a step into his tile: a token and the bot's price


def test_a_plan_that_reaches_the_roof_escapes_at_once_rather_than_with_its_last_action():
    """A win some actions off is worth less than a win now: a plan whose every line ends in
    an escape took the first it found, off the roof Stairs and back (Office seed 9269, a
    Motion room's alarm paid on the way) and escaped with its last action."""
    g = _loot_held_near_the_roof(at="2.A3", actions=4)
    bot = Bot(seed=1, worlds=3)
    bot.search = TurnSearch(worlds=2)
    played: list[str] = []
    while not g.is_over() and len(played) < 6:
        action = bot.choose(g)
        played.append(str(action))
        g.apply(action)
    assert played == ["move 2.A4", "escape"]
