"""Whole scripted games (tests/fixtures/games/*.json, made by tools/find_games.py) replay.

Each fixture is `{"name", "setup": <setup code>, "actions": [...], "outcome", "turns"}`: a
complete legal game from the break-in to a win (or a loss). Replaying it must end the game
with that outcome, leave nothing to do, survive a JSON round trip, and give the same game
however the replay is split (a prefix replayed, saved and loaded, then the rest).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Game, IllegalActionError, Setup, new_game, replay
from engine.cli import check
from engine.io.serialize import from_json, to_json

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
FILES = sorted(FIXTURES.glob("*.json"))


def load(path: Path) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert set(doc) == {"name", "setup", "actions", "outcome", "turns"}, path.name
    assert doc["outcome"] in ("win", "loss")
    assert isinstance(doc["turns"], int) and doc["turns"] > 0
    assert doc["actions"] and all(isinstance(a, str) for a in doc["actions"])
    return doc


def same_game(a: Game, b: Game) -> bool:
    return a.state == b.state and a.history == b.history and a.setup == b.setup


def test_the_fixtures_are_there() -> None:
    doc_outcomes = {load(p)["outcome"] for p in FILES}
    assert doc_outcomes == {"win", "loss"}


@pytest.fixture(params=FILES, ids=[p.stem for p in FILES])
def fixture_game(request: pytest.FixtureRequest) -> tuple[dict, Setup, Game]:
    doc = load(request.param)
    setup = Setup.from_code(doc["setup"])
    return doc, setup, replay(setup, doc["actions"])


def test_replay_ends_with_the_declared_outcome(fixture_game: tuple[dict, Setup, Game]) -> None:
    doc, setup, game = fixture_game
    assert setup.to_code() == doc["setup"]
    assert game.is_over()
    assert game.outcome == doc["outcome"]
    assert game.state.turn == doc["turns"]
    assert game.legal_actions() == []
    assert [str(a) for a in game.history] == doc["actions"]
    # The last action ends the game: no action of the list is played after the end.
    before = replay(setup, doc["actions"][:-1])
    assert not before.is_over()
    if doc["outcome"] == "win":
        assert all(p.escaped for p in game.state.players)
    with pytest.raises(IllegalActionError):
        game.apply("end")


def test_the_cli_check_accepts_it(fixture_game: tuple[dict, Setup, Game]) -> None:
    doc, _, game = fixture_game
    assert check(json.dumps(doc)) == []
    assert check(to_json(game)) == []


def test_json_round_trip_of_the_final_game(fixture_game: tuple[dict, Setup, Game]) -> None:
    _, _, game = fixture_game
    loaded = from_json(to_json(game))
    assert same_game(loaded, game)
    assert loaded.outcome == game.outcome
    assert to_json(loaded) == to_json(game)


def test_split_replays_agree(fixture_game: tuple[dict, Setup, Game]) -> None:
    """Replay a prefix, continue it (live, and through a save), compare with the full one."""
    doc, setup, full = fixture_game
    actions = doc["actions"]
    n = len(actions)
    for k in sorted({1, n // 3, n // 2, (2 * n) // 3, n - 1}):
        head = replay(setup, actions[:k])
        assert not head.is_over()
        resumed = from_json(to_json(head))
        for a in actions[k:]:
            head.apply(a)
            resumed.apply(a)
        assert same_game(head, full), k
        assert same_game(resumed, full), k


def test_every_action_was_legal_when_played(fixture_game: tuple[dict, Setup, Game]) -> None:
    doc, setup, _ = fixture_game
    game = new_game(setup)
    for a in doc["actions"]:
        assert game.parse_action(a) in game.legal_actions(), a
        game.apply(a)
