"""The guard's next move as the view gives it (`engine.foresight.next_guard_moves`,
`GuardView.next`): what the engine walks if the turn ended now, cut where a hidden card or a
players' choice decides the rest.

One test per rule on small explicit tables, then the property: over many random positions
with alarms, Donuts, the crow and this turn's cards, the view's certain walk is exactly the
start of the walk the engine then takes, and the same for every game that looks the same.
"""

from __future__ import annotations

import pytest

from engine import GuardStay, MoveCut, PlayerSetup, ScenarioId, Setup, new_game
from engine.rules.data import Character, EventCard, Side
from engine.rules.events import AlarmRaised, GuardMoved, TurnEnded
from engine.rules.game import Game
from engine.rules.infostate import resample_from_infostate
from engine.rules.rng import Rng
from engine.rules.view import GuardMove, typed_view
from tests.engine.builder import NEUTRAL, P, Table


def walk_of(*names: str) -> tuple[int, ...]:
    return tuple(P(n) for n in names)


def forecast(g: Game, floor: int = 0) -> GuardMove:
    guard = typed_view(g).floors[floor].guard
    assert guard.next is not None
    return guard.next


def walked(g: Game, floor: int) -> list[int]:
    """The tiles the floor's guard enters when the turn ends now (on a copy)."""
    return ending(g, floor)[0]


def ending(g: Game, floor: int) -> tuple[list[int], int]:
    """The tiles the floor's guard enters when the turn ends now (on a copy), and the
    alarms rung before he starts (the end of actions: a Thermo tile)."""
    out = []
    rung = 0
    for e in g.clone().apply("end"):
        if isinstance(e, TurnEnded):
            break
        if isinstance(e, AlarmRaised) and not out:
            rung += e.pos >> 6 == floor
        if isinstance(e, GuardMoved) and e.floor == floor:
            out.append(e.dst)
    return out, rung


def test_the_guard_moves_his_die_in_steps() -> None:
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1", speed=2)
    move = forecast(t.game())
    assert move == GuardMove(0, 2, walk_of("1.D3", "1.D2"))


def test_each_alarm_on_his_floor_adds_a_step() -> None:
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1", speed=2)
    g = t.tile("1.D1", NEUTRAL, alarm=True).tile("1.A4", NEUTRAL, alarm=True).game()
    g.state.floors[0].guard.dest = P("1.D1")  # the nearest alarm calls him
    move = forecast(g)
    assert move.steps == 4
    # Three steps to the nearest alarm (D1), then on toward the other one (A4).
    assert move.walk == walk_of("1.D3", "1.D2", "1.D1", "1.D2")
    assert list(move.walk) == walked(g, 0)


def test_reaching_his_destination_cuts_the_certain_part_at_the_patrol_card() -> None:
    t = Table().player(0, "1.A1").guard(0, at="1.D3", dest="1.D2", speed=3)
    move = forecast(t.game())
    assert move.walk == walk_of("1.D2")
    assert move.cut == MoveCut.PATROL
    assert move.unknown == 2


def test_the_patrol_card_the_table_saw_on_top_is_no_cut_in_his_walk() -> None:
    """Kept on top by the Spotter, his next card is public: his walk goes on to it."""
    t = Table().player(0, "1.A1").guard(0, at="1.D3", dest="1.D2", speed=3, patrol=("1.B2",))
    g = t.game()
    g.state.floors[0].guard.seen_top = P("1.B2")
    move = forecast(g)
    assert move == GuardMove(0, 3, walk_of("1.D2", "1.C2", "1.B2"))
    assert list(move.walk) == walked(g, 0)


def test_donuts_keep_him_in_place() -> None:
    g = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1").game()
    g.state.floors[0].guard.donuts = True
    assert forecast(g) == GuardMove(0, 0, (), stays=GuardStay.DONUTS)
    assert forecast(g).stays is GuardStay.DONUTS and forecast(g).to_dict()["stays"] == "donuts"
    assert walked(g, 0) == []


def test_daydreaming_takes_a_step_off_this_turns_move() -> None:
    g = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1", speed=3).game()
    g.state.guard_bonus = -1  # as Daydreaming leaves it
    assert forecast(g) == GuardMove(0, 2, walk_of("1.D3", "1.D2"))


def test_the_crow_slows_a_guard_entering_its_tile() -> None:
    t = Table(characters=(Character.RAVEN,)).player(0, "1.A1")
    g = t.guard(0, at="1.D4", dest="1.D1", speed=3).game()
    g.state.crow = P("1.D3")
    move = forecast(g)
    assert move.steps == 3 and move.walk == walk_of("1.D3", "1.D2")
    assert list(move.walk) == walked(g, 0)


def test_the_crow_stops_a_guard_starting_on_it() -> None:
    t = Table(characters=(Character.RAVEN,), sides=(Side.ADVANCED,)).player(0, "1.A1")
    g = t.guard(0, at="1.D4", dest="1.D1").game()
    g.state.crow = P("1.D4")
    assert forecast(g) == GuardMove(0, 0, (), stays=GuardStay.CROW)


def test_a_catch_ends_the_move() -> None:
    t = Table().player(0, "1.D2", stealth=0).guard(0, at="1.D4", dest="1.D1", speed=3)
    move = forecast(t.game())
    assert move.walk == walk_of("1.D3", "1.D2")
    assert move.cut == MoveCut.CAUGHT and move.unknown == 0


def test_only_the_current_floors_guard_moves() -> None:
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1")
    g = t.guard(1, at="2.D4", dest="2.D1").game()
    v = typed_view(g)
    assert v.floors[0].guard.next is not None
    assert v.floors[1].guard.next is None


def test_with_an_event_to_draw_it_is_his_move_if_the_event_changes_nothing() -> None:
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1", speed=2)
    g = t.events(EventCard.ESPRESSO).turn(actions=4, taken=0).game()
    assert g.would_draw_event()
    assert forecast(g) == GuardMove(0, 2, walk_of("1.D3", "1.D2"))
    assert len(g.state.events) == 1  # the copy's, not the game's, went without
    assert typed_view(g).end_event is None  # unseen: the page says it may change his move


def test_an_event_seen_on_top_is_named_and_his_move_is_still_as_if_it_changed_nothing() -> None:
    """Jury-rig seen on top: ending draws it, the view names it; his forecast is the walk an
    Event that changes nothing leaves (playing Jury-rig would turn up a Tool and cut it)."""
    t = Table().player(0, "1.A1").guard(0, at="1.D4", dest="1.D1", speed=2)
    g = t.events(EventCard.JURY_RIG, EventCard.DAYDREAMING).turn(actions=4, taken=0).game()
    g.state.events_seen = 1
    assert typed_view(g).end_event == EventCard.JURY_RIG
    assert forecast(g) == GuardMove(0, 2, walk_of("1.D3", "1.D2"))


def test_nothing_is_foretold_while_a_decision_waits() -> None:
    for seed in range(60):
        g = new_game(Setup(seed=seed))
        chooser = Rng.from_seed(seed)
        for _ in range(200):
            if g.is_over():
                break
            if g.state.pending is not None:
                assert all(f.guard.next is None for f in typed_view(g).floors)
                return
            legal = g.legal_actions()
            g.apply(legal[chooser.below(len(legal))])
    pytest.fail("no pending decision in 60 random games")


# ---------------------------------------------------------------------- the property

CREWS = (
    (Character.RAVEN, Side.BASIC),  # the crow slows
    (Character.RAVEN, Side.ADVANCED),  # the crow stops
)


def random_positions(count: int) -> list[Game]:
    """Positions in the middle of a turn, from random play, then changed at random: alarms
    rung on the guard's floor, Donuts, the crow, Espresso or Daydreaming; no Event to draw
    (so the real end of the turn walks the forecast's move)."""
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        seed += 1
        raven, side = CREWS[seed % 2]
        players = (PlayerSetup("A", raven, side), PlayerSetup("B", Character.HAWK))
        scenario = (ScenarioId.BANK, ScenarioId.OFFICE, ScenarioId.FORT_KNOX)[seed % 3]
        g = new_game(Setup(scenario=scenario, players=players, seed=seed, lost_visual=True))
        chooser = Rng.from_seed(seed)
        for _ in range(150):
            if g.is_over():
                break
            legal = g.legal_actions()
            moves = [a for a in legal if str(a) != "end"] or legal
            g.apply(moves[chooser.below(len(moves))])
            st = g.state
            if st.step.value != "actions" or st.pending is not None or chooser.below(4):
                continue
            me = st.players[st.current].pos
            if me is None:
                continue
            trial = g.clone()
            _shake(trial, me >> 6, chooser)
            out.append(trial)
    return out


def _shake(g: Game, floor: int, chooser: Rng) -> None:
    st = g.state
    st.events, st.event_discard = [], []
    guard = st.floors[floor].guard
    cells = [c for c, t in enumerate(st.floors[floor].tiles) if t is not None]
    for _ in range(chooser.below(4)):
        cell = cells[chooser.below(len(cells))]
        if guard.pos != (floor << 6 | cell):
            g._mutable_tile(floor << 6 | cell).alarm = True  # g is a clone: tiles are shared
    guard.donuts = chooser.below(8) == 0
    if chooser.below(3) == 0:
        st.crow = floor << 6 | cells[chooser.below(len(cells))]
    st.guard_bonus = (0, 0, 0, -1, 1)[chooser.below(5)]
    g._state_changed()


def test_the_views_guard_move_is_the_move_the_engine_then_walks() -> None:
    kinds = {cut: 0 for cut in MoveCut}
    stays = alarmed = 0
    for g in random_positions(400):
        st = g.state
        floor = st.players[st.current].pos >> 6  # type: ignore[operator]
        guard = st.floors[floor].guard
        alarms = len(g.alarms(floor))
        move = typed_view(g).floors[floor].guard.next
        actual, rung = ending(g, floor)
        if not guard.placed:
            assert move is None
            continue
        assert move is not None
        kinds[move.cut] += 1
        alarmed += alarms > 0
        if move.stays:
            stays += 1
            assert actual == [] and move.steps == 0 and not move.walk
            continue
        # The rule: his die, plus one per alarm on his floor, plus this turn's cards.
        assert move.steps == max(0, guard.speed + alarms + rung + st.guard_bonus)
        assert actual[: len(move.walk)] == list(move.walk)
        if move.cut in (MoveCut.NONE, MoveCut.CAUGHT):
            assert actual == list(move.walk)
        else:
            assert len(actual) <= len(move.walk) + move.unknown
        # Honest: any game that looks the same to the burglar gets the same forecast.
        for seed in (1, 2):
            twin = resample_from_infostate(g, st.current, seed)
            assert typed_view(twin).floors[floor].guard.next == move
    assert alarmed > 100 and stays > 10
    assert kinds[MoveCut.NONE] > 50 and kinds[MoveCut.PATROL] > 20
