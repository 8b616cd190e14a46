"""The typed view: frozen records whose `to_dict()` is exactly the view dict the page has
always been given (`reference_view` below is the dict-building view as it was before the
records, kept here as the oracle)."""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any

import pytest

from engine import Action, GuardStay, PlayerSetup, Reach, ScenarioId, Setup, Side, new_game
from engine import __version__ as engine_version
from engine.rules.actions import parse_pos, pos_text
from engine.rules.data import LOST_VISUAL, ROW_STRIDE, cell_name
from engine.rules.decisions import Payload
from engine.rules.game import Game
from engine.rules.rng import Rng
from engine.rules.view import (
    DecksView,
    FloorView,
    GameView,
    GuardView,
    PendingView,
    PlayerView,
    TileView,
    offers_of,
    typed_view,
    view,
)


def reference_view(game: Game) -> dict[str, Any]:
    """engine/rules/view.py's `view` before the typed records (commit 1fca328), unchanged."""

    def card_text(card: int) -> str:
        return "lost-visual" if card == LOST_VISUAL else pos_text(card)

    st = game.state
    floors = []
    for f, fl in enumerate(st.floors):
        tiles = []
        for row in range(st.size):
            for col in range(st.size):
                cell = row * ROW_STRIDE + col
                t = fl.tiles[cell]
                pos = (f << 6) | cell
                if t is None:
                    tiles.append(
                        {
                            "pos": pos,
                            "name": pos_text(pos),
                            "cell": cell_name(cell),
                            "row": row,
                            "col": col,
                            "empty": True,
                        }
                    )
                    continue
                entry: dict[str, Any] = {
                    "pos": pos,
                    "name": pos_text(pos),
                    "cell": cell_name(cell),
                    "row": row,
                    "col": col,
                    "empty": False,
                    "revealed": t.revealed,
                    "downstairs": t.downstairs,
                    "loot": [x.value for x in t.loot],
                    "thermal": t.thermal,
                }
                if t.revealed:
                    entry.update(
                        kind=t.kind.value,
                        number=t.number,
                        cracked=t.cracked,
                        alarm=t.alarm,
                        hack=t.hack,
                        open=t.open,
                        stealth=t.stealth,
                        dice=t.dice,
                        safe_open=t.safe_open,
                        tool_taken=t.tool_taken,
                        disabled=t.disabled,
                    )
                tiles.append(entry)
        g = fl.guard
        floors.append(
            {
                "floor": f,
                "tiles": tiles,
                "walls": [list(w) for w in fl.walls],
                "guard": {
                    "pos": g.pos,
                    "dest": g.dest,
                    "speed": g.speed,
                    "alarms": len(game.alarms(f)),
                    "placed": g.placed,
                    "lost": g.lost,
                    "patrol_left": len(g.patrol),
                    "patrol_discard": [card_text(c) for c in g.discard],
                    "route": game.guard_route(f),
                    "seen_top": None if g.seen_top is None else card_text(g.seen_top),
                },
            }
        )
    players = [
        {
            "index": i,
            "name": p.name,
            "character": p.character.value,
            "side": p.side.value,
            "pos": p.pos,
            "entered": p.entered,
            "escaped": p.escaped,
            "stealth": p.stealth,
            "tools": [t.value for t in p.tools],
            "loot": [x.value for x in p.loot],
            "hack": p.hack,
            "alarm_held": p.alarm_held,
        }
        for i, p in enumerate(st.players)
    ]
    pending = None
    if st.pending is not None:
        pending = {
            "kind": st.pending.kind,
            "options": list(st.pending.options),
            "pos": st.pending.pos,
            "floor": st.pending.floor,
            "source": st.pending.source,
            "n": st.pending.n,
            "data": list(st.pending.data),
        }
    return {
        "engine": engine_version,
        "scenario": st.scenario.value,
        "size": st.size,
        "floors": floors,
        "players": players,
        "current": st.current,
        "turn": st.turn,
        "step": st.step.value,
        "entrance": st.entrance,
        "crow": st.crow,
        "actions_left": st.actions_left,
        "actions_taken": st.actions_taken,
        "event_threshold": game.event_threshold(st.current),
        "event_if_end_now": game.event_if_end_now(),
        "end_event": st.events[-1].value if game.event_if_end_now() and st.events_seen else None,
        "pending": pending,
        "outcome": st.outcome,
        "reason": st.reason,
        "decks": {
            "tools": len(st.tools),
            "loot": len(st.loot),
            "events": len(st.events),
            "event_discard": [e.value for e in st.event_discard],
            "events_seen": [e.value for e in reversed(st.events)][: st.events_seen],
        },
        "legal": [str(a) for a in game.legal_actions()],
    }


def _same(a: object, b: object, where: str = "view") -> None:
    """Equal, with the same key order and the same types all the way down."""
    assert type(a) is type(b), where
    if isinstance(a, dict):
        assert isinstance(b, dict)
        assert list(a) == list(b), where
        for k in a:
            _same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, list):
        assert isinstance(b, list)
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


SETUPS = [
    Setup(scenario=ScenarioId.BANK, seed=21),
    Setup(
        scenario=ScenarioId.BANK,
        seed=22,
        players=tuple(PlayerSetup(f"P{i}", side=Side.ADVANCED) for i in range(4)),
    ),
    Setup(scenario=ScenarioId.OFFICE, seed=23, players=(PlayerSetup("Solo"),)),
    Setup(
        scenario=ScenarioId.OFFICE,
        seed=24,
        players=tuple(PlayerSetup(f"P{i}", side=Side.ADVANCED) for i in range(3)),
    ),
    Setup(
        scenario=ScenarioId.FORT_KNOX,
        seed=25,
        lost_visual=True,
        players=tuple(PlayerSetup(f"P{i}") for i in range(3)),
    ),
    Setup(
        scenario=ScenarioId.FORT_KNOX,
        seed=26,
        players=tuple(PlayerSetup(f"P{i}", side=Side.ADVANCED) for i in range(2)),
    ),
]


@pytest.mark.slow
def test_the_typed_view_gives_exactly_the_old_view_dict_on_many_positions() -> None:
    positions = pending = revealed = empty = 0
    for k, setup in enumerate(SETUPS):
        for game_no in range(8):
            game = new_game(dataclasses.replace(setup, seed=setup.seed + 100 * game_no))
            chooser = Rng.from_seed(1000 + 10 * k + game_no)
            for _ in range(400):
                expected = reference_view(game)
                got = _old_fields(typed_view(game).to_dict())
                _same(got, expected)
                _same(_old_fields(view(game)), expected)
                assert json.dumps(got) == json.dumps(expected)
                assert _old_fields(game.view()) == expected
                positions += 1
                pending += expected["pending"] is not None
                tiles = [t for f in expected["floors"] for t in f["tiles"]]
                revealed += any(t.get("revealed") for t in tiles)
                empty += any(t["empty"] for t in tiles)
                if game.is_over():
                    break
                legal = game.legal_actions()
                game.apply(legal[chooser.below(len(legal))])
    # The positions cover what the view distinguishes: decisions, face-up tiles, the empty square.
    assert positions > 1000
    assert pending > 50
    assert revealed > 1000
    assert empty > 300


def _old_fields(d: dict[str, Any]) -> dict[str, Any]:
    """The view dict without the fields added after the oracle: the guard's next move
    (tests/engine/test_guard_forecast.py checks it), the outcome record and the Safes."""
    for f in d["floors"]:
        f["guard"].pop("next")
    d.pop("end")
    d.pop("acted")
    d.pop("safes")
    return d


RECORDS = [GameView, FloorView, TileView, GuardView, PlayerView, PendingView, DecksView]


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_every_view_record_is_frozen(cls: type) -> None:
    assert dataclasses.is_dataclass(cls)
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_every_view_field_is_typed_without_any(cls: type) -> None:
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        assert f.name in hints
        assert "Any" not in str(hints[f.name]), f"{cls.__name__}.{f.name}"


def test_a_typed_view_cannot_be_changed() -> None:
    v = typed_view(new_game(Setup(seed=3)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.turn = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.floors[0].tiles[0].revealed = True  # type: ignore[misc]
    assert isinstance(v.floors, tuple) and isinstance(v.floors[0].tiles, tuple)


def test_the_typed_view_holds_enums_actions_and_payloads() -> None:
    game = new_game(Setup(scenario=ScenarioId.OFFICE, seed=4))
    game.apply(game.legal_actions()[0])
    v = typed_view(game)
    assert v.scenario is ScenarioId.OFFICE
    assert all(isinstance(a, Action) for a in v.legal)
    assert v.legal_texts == [str(a) for a in game.legal_actions()]
    me = v.me
    assert me is v.players[v.current]
    assert me.character is game.state.players[v.current].character
    assert me.pos is not None and me.floor == 0
    up = [t for t in v.floors[0].tiles if t.revealed]
    assert up and all(t.kind is not None for t in up)
    down = [t for t in v.floors[1].tiles if not t.revealed]
    assert down and all(t.kind is None and t.number == 0 for t in down)
    for t in v.floors[1].tiles:
        assert t.floor == 1 and pos_text(t.pos) == t.name
        assert cell_name(t.cell_index) == t.cell


def test_the_pending_decision_carries_its_typed_payload() -> None:
    for seed in range(40):
        game = new_game(Setup(scenario=ScenarioId.BANK, seed=seed))
        chooser = Rng.from_seed(seed)
        for _ in range(300):
            if game.is_over():
                break
            v = typed_view(game)
            if v.pending is not None:
                assert isinstance(v.pending.payload, Payload)
                assert v.pending.payload.kind == v.pending.kind
                return
            legal = game.legal_actions()
            game.apply(legal[chooser.below(len(legal))])
    pytest.fail("no pending decision in 40 random games")


def test_the_view_names_who_was_caught_and_why_and_every_revealed_safe() -> None:
    for seed in range(200):
        game = new_game(Setup(scenario=ScenarioId.BANK, seed=seed))
        chooser = Rng.from_seed(seed)
        while not game.is_over():
            legal = game.legal_actions()
            game.apply(legal[chooser.below(len(legal))])
            v = typed_view(game)
            safes = [t.pos for f in v.floors for t in f.tiles if t.revealed and t.kind == "safe"]
            assert [s.pos for s in v.safes] == safes
            assert all(s == game.safe_info(s.pos) for s in v.safes)
        v = typed_view(game)
        assert v.end == game.outcome
        if v.end.result == "loss" and v.end.player >= 0:
            assert v.end.cause and v.reason == f"caught:{v.end.cause}"
            return
    pytest.fail("no burglar caught in 200 random games")


def test_the_view_says_whether_the_burglar_has_acted_this_turn() -> None:
    game = new_game(Setup(scenario=ScenarioId.BANK, seed=3))
    game.apply("enter 1.B2")
    game.apply("end")
    while game.state.pending is not None:  # an Event's choice, still the first turn's end
        game.apply(game.legal_actions()[0])
    assert game.state.current == 1 and not typed_view(game).acted  # a fresh turn
    game.apply(next(a for a in game.legal_actions() if a.kind == "move"))
    assert typed_view(game).acted


def test_the_view_says_what_each_tile_offers() -> None:
    game = new_game(Setup(scenario=ScenarioId.BANK, seed=3))
    game.apply("enter 1.B2")
    offers = typed_view(game).offers
    assert offers and all(a.pos == pos for pos, offer in offers.items() for a in offer.actions)
    assert sorted(a for offer in offers.values() for a in offer.actions) == sorted(
        a for a in game.legal_actions() if a.pos >= 0
    )


def test_the_view_sorts_the_legal_actions_as_the_table_shows_them() -> None:
    """Each legal action is in exactly one place: a tile's offer (at the tile it aims at),
    the actions aimed at no tile, or the decision's options; the page sorts nothing."""
    for seed in range(12):
        game = new_game(Setup(scenario=ScenarioId.BANK, seed=seed))
        chooser = Rng.from_seed(seed)
        for _ in range(120):
            if game.is_over():
                break
            v = typed_view(game)
            at_tiles = [
                a for pos, offer in v.offers.items() for a in offer.actions if a not in offer.away
            ]
            assert sorted(at_tiles + list(v.other) + list(v.choices)) == sorted(v.legal)
            assert all(a.kind == "choose" for a in v.choices)
            assert all(a.pos < 0 and a.kind != "choose" for a in v.other)
            for pos, offer in v.offers.items():
                assert offer.pos == pos
                assert all(a.pos == pos or a in offer.away for a in offer.actions)
            legal = game.legal_actions()
            game.apply(legal[chooser.below(len(legal))])


def test_a_tile_is_marked_as_a_move_a_tool_target_or_neither() -> None:
    texts = ("move 1.B2", "peek 1.C2", "use blueprints 2.C3", "ability x-ray 1.B2", "end")
    legal = (*(Action.parse(a) for a in texts), Action.parse("choose 1.A1"))
    offers, other, choices = offers_of(legal, here=parse_pos("1.A2"))
    assert {pos_text(p): o.reach for p, o in offers.items()} == {
        "1.B2": Reach.MOVE,  # a move aims at it too: a move, not a tool target
        "1.C2": Reach.MOVE,
        "2.C3": Reach.TOOL,
        "1.A2": Reach.NONE,  # the burglar's tile: it lists the way to floor 2 only
    }
    assert [str(a) for a in offers[parse_pos("1.A2")].actions] == ["use blueprints 2.C3"]
    assert offers[parse_pos("1.A2")].away == {Action.parse("use blueprints 2.C3")}
    assert [str(a) for a in offers[parse_pos("1.B2")].actions] == [
        "move 1.B2",
        "ability x-ray 1.B2",
    ]
    assert [str(a) for a in other] == ["end"] and [str(a) for a in choices] == ["choose 1.A1"]


def test_the_burglars_tile_offers_the_way_up_in_the_engines_order() -> None:
    legal = tuple(Action.parse(a) for a in ("move 2.B2", "ability x-ray 1.B2", "move 1.C2"))
    offers, _, _ = offers_of(legal, here=parse_pos("1.B2"))
    here = offers[parse_pos("1.B2")]
    assert [str(a) for a in here.actions] == ["move 2.B2", "ability x-ray 1.B2"]
    assert here.away == {Action.parse("move 2.B2")} and here.reach == Reach.TOOL
    assert [str(a) for a in offers[parse_pos("2.B2")].actions] == ["move 2.B2"]


def test_a_guard_who_stays_says_why_with_an_enum() -> None:
    from engine.rules.events import GuardSkipped

    skipped = GuardSkipped(0, GuardStay.DONUTS)
    assert skipped.to_dict() == {"event": "GuardSkipped", "floor": 0, "why": "donuts"}
    assert json.loads(json.dumps(skipped.to_dict()))["why"] == GuardStay.DONUTS
    assert GuardStay(json.loads(json.dumps(skipped.to_dict()))["why"]) is GuardStay.DONUTS
