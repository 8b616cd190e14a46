"""`Game.clone()`: an exact copy that plays on independently. It shares nothing mutable but
the tile records, which both games then hold read-only and copy when a rule changes one
(copy-on-write); `clone_state` shares nothing mutable at all."""

from __future__ import annotations

import dataclasses
import itertools
import types
import typing
from enum import Enum

import pytest

from engine import PlayerSetup, ScenarioId, Setup, new_game
from engine.io.serialize import to_json
from engine.rules.game import Game
from engine.rules.rng import Rng
from engine.rules.state import SharedTile, State, Tile, clone_state

SETUPS = [
    Setup(scenario=ScenarioId.BANK, seed=11),
    Setup(scenario=ScenarioId.OFFICE, seed=12, players=(PlayerSetup("Solo"),)),
    Setup(
        scenario=ScenarioId.FORT_KNOX,
        seed=13,
        lost_visual=True,
        players=tuple(PlayerSetup(f"P{i}") for i in range(3)),
    ),
]


def random_play(game: Game, seed: int, n: int) -> None:
    chooser = Rng.from_seed(seed)
    for _ in range(n):
        if game.is_over():
            return
        legal = game.legal_actions()
        game.apply(legal[chooser.below(len(legal))])


def shared_mutables(
    a: object, b: object, where: str = "state", tiles_ok: bool = False
) -> list[str]:
    """Paths where the two trees hold the very same list, dict or record object (with
    `tiles_ok`, read-only tile records excepted: `SharedTile`, copied on write)."""
    if isinstance(a, int | str | bool | float | Enum | type(None) | Sentinel):
        return []
    if tiles_ok and a is b and type(a) is SharedTile:
        return []
    out = [where] if a is b else []
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            out += shared_mutables(
                getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}", tiles_ok
            )
    elif isinstance(a, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += shared_mutables(x, y, f"{where}[{i}]", tiles_ok)
    elif isinstance(a, dict):
        for k in a:
            out += shared_mutables(a[k], b[k], f"{where}.{k}", tiles_ok)
    if isinstance(a, tuple):  # immutable: sharing the tuple itself is fine
        out = [p for p in out if p != where]
    return out


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.scenario.value)
def test_a_clone_is_equal_and_shares_nothing_mutable_but_read_only_tiles(setup: Setup) -> None:
    game = new_game(setup)
    for step in range(6):
        copy = game.clone()
        assert copy.state == game.state and copy.history == game.history
        assert to_json(copy) == to_json(game)
        assert copy.legal_actions() == game.legal_actions()
        assert shared_mutables(game.state, copy.state, tiles_ok=True) == []
        assert copy.history is not game.history
        random_play(game, seed=step, n=25)


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.scenario.value)
def test_a_clone_diverges_independently_and_replays_identically(setup: Setup) -> None:
    game = new_game(setup)
    random_play(game, seed=1, n=30)
    before = to_json(game)
    copy = game.clone()
    random_play(copy, seed=2, n=40)  # another line of play on the copy
    assert to_json(game) == before  # the original did not move
    twin = game.clone()
    random_play(game, seed=3, n=40)
    random_play(twin, seed=3, n=40)  # the same actions from the same point
    assert twin.state == game.state and twin.history == game.history
    assert to_json(twin) == to_json(game)


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.scenario.value)
def test_tiles_are_copied_on_write_and_a_shared_tile_refuses_a_change(setup: Setup) -> None:
    """After a clone both games hold the tile records read-only; a rule changing a tile
    gives its game its own copy first, and a change by hand raises instead of leaking."""
    game = new_game(setup)
    random_play(game, seed=4, n=20)
    copy = game.clone()
    tiles = [t for fl in game.state.floors for t in fl.tiles if t is not None]
    assert all(type(t) is SharedTile for t in tiles)
    with pytest.raises(TypeError, match="shared with a clone"):
        tiles[0].alarm = True
    pos = next(
        (f << 6) | c
        for f, fl in enumerate(copy.state.floors)
        for c, t in enumerate(fl.tiles)
        if t is not None
    )
    before = game.tile(pos)
    mine = copy._mutable_tile(pos)
    assert type(mine) is Tile and mine is not before and mine == before
    mine.alarm = not mine.alarm
    assert copy.tile(pos) is mine and game.tile(pos) is before and mine != before
    assert copy._mutable_tile(pos) is mine  # copied once


def test_a_clone_keeps_the_outcome_and_the_last_events() -> None:
    game = new_game(SETUPS[0])
    random_play(game, seed=5, n=5000)
    assert game.is_over()
    copy = game.clone()
    assert copy.outcome == game.outcome and copy.outcome.result == game.outcome.result
    assert copy.last_events == game.last_events
    assert copy.last_checkpoint == game.last_checkpoint


class Sentinel:
    """A distinct leaf value: a clone must hold the very same one, in the same field."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __repr__(self) -> str:
        return f"<{self.n}>"


def sentinel_tree(tp: typing.Any, counter: itertools.count) -> typing.Any:
    """An instance of `tp` with a distinct Sentinel in every leaf, containers of two."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return sentinel_tree(next(a for a in args if a is not type(None)), counter)
    if origin is list:
        return [sentinel_tree(args[0], counter) for _ in range(2)]
    if origin is dict:
        return {f"k{next(counter)}": sentinel_tree(args[1], counter) for _ in range(2)}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tp(**{f.name: sentinel_tree(hints[f.name], counter) for f in dataclasses.fields(tp)})
    return Sentinel(next(counter))


def same_leaves(a: object, b: object, where: str = "state") -> list[str]:
    """Paths where the clone differs: another leaf, or another shape."""
    if isinstance(a, Sentinel):
        return [] if a is b else [where]
    if dataclasses.is_dataclass(a):
        return [
            p
            for f in dataclasses.fields(a)
            for p in same_leaves(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
        ]
    if isinstance(a, list | tuple):
        if not isinstance(b, list | tuple) or len(a) != len(b):
            return [where]
        return [
            p
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for p in same_leaves(x, y, f"{where}[{i}]")
        ]
    if isinstance(a, dict):
        if not isinstance(b, dict) or a.keys() != b.keys():
            return [where]
        return [p for k in a for p in same_leaves(a[k], b[k], f"{where}.{k}")]
    return [where]


def test_clone_state_copies_every_field_into_its_own_place() -> None:
    """Every field of every record gets a distinct value: a field the copier forgets, or
    passes in the wrong position, shows up (a new State field must be added to it)."""
    original = sentinel_tree(State, itertools.count())
    copy = clone_state(original)
    assert same_leaves(original, copy) == []
    assert shared_mutables(original, copy) == []
