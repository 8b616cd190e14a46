"""The match record (engine/io/match.py): one record of a game in progress, through which
undo, saves, links, the review and the autopilot's timing go."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine import IllegalActionError, Setup, replay
from engine.io.match import SNAPSHOT, Match, RecordError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
WIN = json.loads((FIXTURES / "bank_2p_win.json").read_text())
LOSS = json.loads((FIXTURES / "bank_2p_loss.json").read_text())


def test_the_game_after_k_actions_is_the_replay_of_k_actions() -> None:
    match = Match.start(WIN["setup"], WIN["actions"])
    setup = Setup.from_code(WIN["setup"])
    for k in (0, 1, SNAPSHOT - 1, SNAPSHOT, SNAPSHOT + 1, 77, 76, 78, len(match) - 1, len(match)):
        game, played = match.game_at(k), replay(setup, WIN["actions"][:k])
        assert game.state == played.state and game.history == played.history, k
        assert game.last_events == played.last_events, k


def test_the_game_after_k_actions_is_a_copy_the_match_never_shares() -> None:
    match = Match.start(WIN["setup"], WIN["actions"][:40])
    at_30 = match.game_at(30)
    at_30.apply(at_30.legal_actions()[0])
    assert match.game_at(30).state == replay(match.setup, WIN["actions"][:30]).state
    final = match.game_at(40)
    final.apply(final.legal_actions()[0])
    assert match.game.state.actions_applied == 40


def test_undo_takes_back_free_actions_but_never_a_checkpoint() -> None:
    match = Match.start(WIN["setup"], WIN["actions"])
    k = next(k for k in range(5, len(match)) if not match.checkpoints[k - 1])
    partial = Match.start(WIN["setup"], WIN["actions"][:k])
    assert partial.undo() and len(partial) == k - 1
    assert partial.game.state == replay(partial.setup, WIN["actions"][: k - 1]).state
    assert partial.last_events == replay(partial.setup, WIN["actions"][: k - 1]).last_events
    while partial.can_undo():
        partial.undo()
    assert len(partial) == partial.undo_floor() and partial.checkpoints[-1]
    assert partial.undo() is False and len(partial) == partial.undo_floor()


def test_undo_never_reopens_a_finished_game() -> None:
    match = Match.start(LOSS["setup"], LOSS["actions"])
    assert match.game.is_over() and not match.can_undo() and match.undo() is False


def test_an_illegal_action_leaves_the_match_unchanged() -> None:
    match = Match.start(WIN["setup"], WIN["actions"][:3])
    before = (list(match.actions), list(match.checkpoints), match.game.state)
    with pytest.raises(IllegalActionError):
        match.play("crack")
    assert (match.actions, match.checkpoints, match.game.state) == before


def test_a_bad_action_list_names_the_action_that_does_not_replay() -> None:
    with pytest.raises(IllegalActionError, match=r"action 2 \('crack'\)"):
        Match.start(WIN["setup"], [WIN["actions"][0], "crack"])


def test_the_caught_burglar_is_named_at_every_copy_of_a_lost_game() -> None:
    match = Match.start(LOSS["setup"], LOSS["actions"])
    assert match.game.outcome.player == 0
    assert match.game_at(len(match)).outcome.player == 0


def test_a_save_record_holds_setup_actions_and_version_and_loads_back() -> None:
    match = Match.start(WIN["setup"], WIN["actions"][:50])
    record = json.loads(json.dumps(match.record()))
    assert record["format"] == 1 and record["engine"] == engine.__version__
    assert (record["setup"], record["actions"]) == (WIN["setup"], WIN["actions"][:50])
    assert "state" not in record
    loaded = Match.load(record)
    assert loaded.game.state == match.game.state and loaded.checkpoints == match.checkpoints


def test_a_save_stored_by_the_page_before_the_match_record_still_loads() -> None:
    """The shape the page has kept in localStorage since saves began (ui/session.py)."""
    stored = {
        "format": 1,
        "engine": engine.__version__,
        "setup": WIN["setup"],
        "actions": WIN["actions"][:12],
        "outcome": "",
        "updated": 1_700_000_000,
        "turn": 3,
        "crew": ["hacker", "juicer"],
    }
    assert Match.load(stored).actions == WIN["actions"][:12]


@pytest.mark.parametrize(
    ("record", "why"),
    [
        ([], "not a saved game"),
        ({"format": 2}, "unknown save format"),
        ({"format": 1, "engine": "0.0.1"}, "rules engine '0.0.1'"),
        ({"format": 1, "engine": engine.__version__, "setup": "x"}, "missing"),
        ({"format": 1, "engine": engine.__version__, "setup": "x", "actions": [3]}, "else"),
        ({"format": 1, "engine": engine.__version__, "setup": "9.x", "actions": []}, "setup"),
        (
            {"format": 1, "engine": engine.__version__, "setup": WIN["setup"], "actions": ["x"]},
            "do not replay",
        ),
    ],
)
def test_a_record_that_is_not_a_game_says_why(record: object, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        Match.load(record)


def test_a_fork_holds_the_first_k_actions_and_shares_nothing_that_changes() -> None:
    """The review's "continue from here": a new match of the first k actions, equal to their
    replay; playing on in the fork leaves the reviewed match as it was, and the other way round."""
    match = Match.start(WIN["setup"], WIN["actions"])
    for k in (0, 1, SNAPSHOT, SNAPSHOT + 3, len(match) - 1):
        fork = match.fork(k)
        played = replay(match.setup, WIN["actions"][:k])
        assert fork.game.state == played.state and fork.actions == WIN["actions"][:k], k
        assert fork.events == match.events[:k] and fork.checkpoints == match.checkpoints[:k]
        if not fork.game.is_over():
            fork.play(fork.game.legal_actions()[-1])
        assert match.game_at(k).state == played.state, k
        assert len(match) == len(WIN["actions"])
        assert fork.game_at(k).state == played.state, k
