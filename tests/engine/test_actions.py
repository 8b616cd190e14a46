"""Actions: a canonical short text that parses back to the same action, and clear parse errors."""

from __future__ import annotations

import copy

import pytest

from engine import (
    Action,
    ActionError,
    ActionKind,
    ActionParseError,
    IllegalActionError,
    PlayerSetup,
    ScenarioId,
    Setup,
    new_game,
    replay,
)
from engine.io.serialize import to_json
from engine.rules.actions import cell_of, floor_of, parse_pos, pos_at, pos_text, row_col
from engine.rules.data import cell_name
from engine.rules.rng import Rng


def _random_games(count: int, max_steps: int = 300):
    """Random legal play over every scenario and player count; yields each game after each step."""
    scenarios = list(ScenarioId)
    for seed in range(count):
        players = tuple(PlayerSetup(f"P{i + 1}") for i in range(1 + seed % 4))
        setup = Setup(
            scenario=scenarios[seed % 3],
            players=players,
            seed=seed,
            lost_visual=seed % 2 == 1,
            random_walls=seed % 5 == 0,
        )
        game = new_game(setup)
        chooser = Rng.from_seed(1000 + seed)
        for _ in range(max_steps):
            legal = game.legal_actions()
            if not legal:
                break
            yield game, legal
            game.apply(legal[chooser.below(len(legal))])


def test_every_legal_action_round_trips_through_its_text():
    """For every action offered in random games, parse(str(action)) gives the action back."""
    seen_kinds = set()
    for _game, legal in _random_games(60):
        for action in legal:
            text = str(action)
            assert Action.parse(text) == action, text
            assert str(Action.parse(text)) == text
            seen_kinds.add(action.kind)
    # The round trip was exercised on the common kinds, not just on `end`.
    assert {ActionKind.ENTER, ActionKind.MOVE, ActionKind.PEEK, ActionKind.END} <= seen_kinds
    assert {ActionKind.GIVE, ActionKind.TAKE, ActionKind.CHOOSE} <= seen_kinds


def test_applying_the_text_equals_applying_the_action():
    """game.apply('move 1.B2') does exactly what game.apply(Action(...)) does."""
    a = new_game(Setup(seed=3))
    b = new_game(Setup(seed=3))
    chooser = Rng.from_seed(3)
    for _ in range(40):
        legal = a.legal_actions()
        if not legal:
            break
        action = legal[chooser.below(len(legal))]
        assert a.apply(action) == b.apply(str(action))
        assert to_json(a) == to_json(b)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("move 1.B2", Action(ActionKind.MOVE, pos=parse_pos("1.B2"))),
        ("peek 2.C3", Action(ActionKind.PEEK, pos=parse_pos("2.C3"))),
        ("enter 1.A1", Action(ActionKind.ENTER, pos=0)),
        ("hack", Action(ActionKind.HACK)),
        ("add-die", Action(ActionKind.ADD_DIE)),
        ("crack", Action(ActionKind.CRACK)),
        ("escape", Action(ActionKind.ESCAPE)),
        ("end", Action(ActionKind.END)),
        ("give crowbar 2", Action(ActionKind.GIVE, card="crowbar", player=1)),
        ("take gold-bar 1", Action(ActionKind.TAKE, card="gold-bar", player=0)),
        ("choose hack", Action(ActionKind.CHOOSE, option="hack")),
        ("choose 1.D4", Action(ActionKind.CHOOSE, option="1.D4")),
    ],
)
def test_canonical_texts(text, action):
    """Texts name floors from 1 (ground), columns A-, rows from 1 and players from 1."""
    assert Action.parse(text) == action
    assert str(action) == text


def test_positions_name_floor_column_and_row():
    """'2.C3' is floor 2 (one above the ground), column C, row 3; 5x5 cells go up to E5."""
    pos = parse_pos("2.C3")
    assert pos >> 6 == 1
    assert pos & 63 == 2 * 8 + 2
    assert pos_text(pos) == "2.C3"
    assert pos_text(parse_pos("1.E5")) == "1.E5"


def test_positions_are_taken_apart_and_built_by_floor_row_and_column():
    """The page's helpers: floor_of, cell_of, row_col and pos_at (no bit arithmetic in ui/)."""
    pos = parse_pos("2.C3")
    assert floor_of(pos) == 1 and cell_name(cell_of(pos)) == "C3"
    assert row_col(pos) == (2, 2) and row_col(parse_pos("3.D1")) == (0, 3)
    assert pos_text(pos_at(1, 2, 2)) == "2.C3"
    for text in ("1.A1", "1.E5", "3.B4", "2.D2"):
        p = parse_pos(text)
        assert pos_at(floor_of(p), *row_col(p)) == p


@pytest.mark.parametrize(
    "text",
    [
        "  move 1.B2",
        "move 1.B2 ",
        "move  1.B2",
        "move\t1.B2",
        "move\n1.B2",
        "MOVE 1.B2",
        "move 1.b2",
        "Give crowbar 2",
        "give Crowbar 2",
        "give crowbar 02",
        "move 01.B2",
        "move 1.B02",
        "move \u0661.A1",  # Arabic-Indic one
        "move 1.A\uff13",  # fullwidth three
        "move 1.\u00dfA3",  # sharp s: upper case is two letters
        "enter 1.\u00df1",
        "enter 1.\ufb011",  # the fi ligature
        "enter 1.\u01491",  # n preceded by apostrophe
        "move 1.A\u00b2",  # superscript two: isdigit() but not a digit for int()
        "give crowbar \u00b2",
        "x" * 1000,
    ],
)
def test_action_texts_have_one_ascii_spelling(text):
    """An action is written one way: `str(Action.parse(t)) == t`; case, spacing, leading
    zeros and non-ASCII letters or digits are refused with ValueError, never TypeError."""
    with pytest.raises(ValueError):
        Action.parse(text)


@pytest.mark.parametrize("text", ["move 1.\u00dfA3", "enter 1.\u00df1", "move \u0661.A1"])
def test_apply_refuses_non_ascii_action_texts_with_a_parse_error(text):
    """Found by fuzzing: `apply("move 1.\u00dfA3")` raised TypeError (ord of 'SS'); now it is
    an ActionParseError (no action text) and nothing changes."""
    game = new_game(Setup(seed=1))
    before = copy.deepcopy(game.state)
    with pytest.raises(ActionParseError):
        game.apply(text)
    assert game.state == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "move",
        "move 1.B2 1.B3",
        "move B2",
        "move 1B2",
        "move 0.A1",
        "move 10.A1",
        "move 1.Z1",
        "move 1.I1",
        "move 1.A0",
        "move 1.A9",
        "move 1.",
        "move x.A1",
        "peek 2",
        "enter",
        "give crowbar",
        "give crowbar two",
        "give 2",
        "take crowbar 1 2",
        "choose",
        "choose a b",
        "end now",
        "hack 1.A1",
        "add-die 2",
        "escape now",
    ],
)
def test_malformed_texts_raise_value_error(text):
    """Anything that is not a well-formed action text raises ValueError when parsed."""
    with pytest.raises(ValueError):
        Action.parse(text)


@pytest.mark.parametrize("text", ["", "fly", "move 1.Z9", "give crowbar", "end now"])
def test_apply_of_unparseable_text_raises_a_parse_error_and_changes_nothing(text):
    """A text that is no action raises ActionParseError (not IllegalActionError: nothing
    was judged against the rules) and leaves the game as it was."""
    game = new_game(Setup(seed=9))
    game.apply("enter 1.B2")
    before = copy.deepcopy(game.state)
    history = list(game.history)
    with pytest.raises(ActionParseError) as caught:
        game.apply(text)
    assert not isinstance(caught.value, IllegalActionError)
    assert game.state == before
    assert game.history == history


@pytest.mark.parametrize("text", ["move 1.D4", "enter 1.B2", "crack", "give crowbar 2"])
def test_apply_of_a_well_formed_action_not_legal_now_raises_illegal_action_error(text):
    """A real action that is not legal now raises IllegalActionError (not a parse error),
    by text or as an Action value, and leaves the game as it was."""
    game = new_game(Setup(seed=9))
    game.apply("enter 1.B2")
    before = copy.deepcopy(game.state)
    history = list(game.history)
    for action in (text, Action.parse(text)):
        with pytest.raises(IllegalActionError) as caught:
            game.apply(action)
        assert not isinstance(caught.value, ActionParseError)
    assert game.state == before
    assert game.history == history


def test_replay_names_the_bad_action_and_keeps_the_kind_of_error():
    """replay() says which action failed, with the same error kind as apply."""
    setup = Setup(seed=9)
    with pytest.raises(ActionParseError, match="action 2"):
        replay(setup, ["enter 1.B2", "fly"])
    with pytest.raises(IllegalActionError, match="action 2"):
        replay(setup, ["enter 1.B2", "move 1.D4"])


def test_action_errors_share_a_base_that_is_a_value_error():
    """Callers may catch either refusal as ActionError (or ValueError, as before)."""
    assert issubclass(IllegalActionError, ActionError)
    assert issubclass(ActionParseError, ActionError)
    assert issubclass(ActionError, ValueError)
    assert not issubclass(ActionParseError, IllegalActionError)
    with pytest.raises(ActionParseError):
        Action.parse("move to the roof")


def test_actions_are_hashable_values():
    """Equal actions are equal and hash alike, so they can be looked up in the legal list."""
    a = Action.parse("move 1.B2")
    b = Action(ActionKind.MOVE, pos=parse_pos("1.B2"))
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert Action.parse("move 1.B3") != a
