"""Hostile inputs found by fuzzing (issue 12): each one is refused with the engine's own typed
error and a message, never a TypeError, a RecursionError or a hang.

Items 1 (letters whose upper case is two letters), 2 (deep JSON), 3 (states the loader took
but the rules cannot play) and 4 (non-canonical spellings) of the issue, one test each.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Game, PlayerSetup, ScenarioId, Setup, SetupError, StateError, new_game
from engine.cli import check, main
from engine.io.limits import InputError, json_depth, load_json
from engine.io.serialize import from_json, to_json
from engine.rules.data import Character, Side, Tool
from engine.rules.rng import Rng

ITEM1_SAVE = {
    "format": 1,
    "engine": "0.1.0",
    "setup": "1.b.0.s.-.0.xxbUA",
    "actions": ["enter 1.\u00df1"],
}


def played(seed: int = 2, steps: int = 20, **setup: object) -> Game:
    g = new_game(Setup(seed=seed, **setup))  # type: ignore[arg-type]
    chooser = Rng.from_seed(seed)
    for _ in range(steps):
        legal = g.legal_actions()
        if not legal:
            break
        g.apply(legal[chooser.below(len(legal))])
    return g


def doc(game: Game) -> dict:
    return json.loads(to_json(game))


def refused(d: dict, message: str) -> None:
    with pytest.raises(StateError) as info:
        from_json(json.dumps(d))
    assert message in str(info.value)


# ---------------------------------------------------------------------- item 1


def test_cli_check_of_a_save_with_a_two_letter_upper_case_cell_says_what_is_wrong(tmp_path):
    """`python -m engine check` printed a traceback for the item-1 save; now it names it."""
    problems = check(json.dumps(ITEM1_SAVE))
    assert problems and "1.\u00df1" in problems[0]
    path = tmp_path / "save.json"
    path.write_text(json.dumps(ITEM1_SAVE), encoding="utf-8")
    assert main(["check", str(path)]) == 1


# ---------------------------------------------------------------------- item 2


@pytest.mark.parametrize("text", ["[" * 100_000, "{" * 100_000, '{"a":' * 50_000])
def test_deeply_nested_json_is_refused_before_parsing(text):
    """100,000 nested brackets raised RecursionError in json.loads; the depth is measured
    first, in one pass, and the text refused with StateError (from_json) or a problem (check)."""
    with pytest.raises(StateError, match="nested deeper"):
        from_json(text)
    assert "nested deeper" in check(text)[0]


def test_json_depth_skips_brackets_inside_strings():
    """Brackets in names and escaped quotes do not count; real nesting does."""
    assert json_depth('{"name": "[[[\\"[{"}') == 1
    assert json_depth('[[1], {"a": [2]}]') == 3
    assert json_depth('"\\\\" [[') == 2


def test_json_depth_stops_counting_once_past_the_limit():
    """A deep payload is refused after limit + 1 brackets, not after reading all of them."""
    assert json_depth("[" * 100_000, stop_above=8) == 9
    assert json_depth("[[]]", stop_above=8) == 2


def test_oversized_json_is_refused_before_parsing():
    """A text past the cap is refused without being parsed."""
    with pytest.raises(InputError, match="longer than"):
        load_json("[" + "1," * 600 + "1]", max_chars=1000, max_depth=5)
    with pytest.raises(StateError, match="longer than"):
        from_json(" " * 2_000_001)


# ---------------------------------------------------------------------- item 3


def _cut_off_a1(d: dict) -> None:
    walls = d["state"]["floors"][0]["walls"]
    for wall in ([0, 1], [0, 8]):
        if wall not in walls:
            walls.append(wall)
    walls.sort()


def test_walls_that_cut_a_tile_off_are_refused():
    """Walls boxing A1 in made `guard_route` loop for ever inside `view()`."""
    d = doc(played())
    _cut_off_a1(d)
    refused(d, "walls cut some tiles off")


def test_a_huge_skip_count_is_refused():
    """skip_turns of 10^9 made the next turn skip for ever."""
    d = doc(played())
    d["state"]["skip_turns"] = 10**9
    refused(d, "skip_turns: out of range")


@pytest.mark.parametrize("entrance", [-1, 4, 64, 10**6])
def test_an_entrance_off_the_ground_floor_is_refused(entrance):
    d = doc(played())
    d["state"]["entrance"] = entrance
    refused(d, "entrance")


def test_a_started_game_without_an_entrance_is_refused():
    d = doc(played())
    d["state"]["entrance"] = None
    refused(d, "entrance")


def _with_pending(d: dict, **fields: object) -> dict:
    pending = {
        "kind": "peekhole",
        "options": ["none"],
        "pos": -1,
        "floor": -1,
        "source": "",
        "flag": False,
        "n": 0,
        "data": [],
    }
    pending.update(fields)
    d["state"]["pending"] = pending
    return d


def test_an_unknown_pending_decision_is_refused():
    bad = _with_pending(doc(played()), kind="teleport", options=["yes"])
    refused(bad, "not a valid DecisionKind")


def test_a_pending_decision_on_floor_seven_is_refused():
    d = _with_pending(doc(played()), kind="squeak", options=["1.A1"], floor=6)
    refused(d, "floor")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "virus", "options": ["1.Z9"], "n": 1}, "not a position"),
        ({"kind": "gut", "options": ["9.A1"]}, "not a tile of the building"),
        ({"kind": "buddy", "options": ["7"]}, "not a burglar"),
        ({"kind": "shift-order", "options": ["1,9"]}, "not an order of floors"),
        ({"kind": "crystal-ball", "options": ["crash,crash"]}, "top Event cards"),
        ({"kind": "clairvoyance", "options": ["sideways"], "floor": 0}, "top or bottom"),
        ({"kind": "stethoscope", "options": ["9-9"], "pos": 0, "data": ["1"]}, "die"),
        ({"kind": "alarm", "options": ["explode"], "pos": 0}, "alarm option"),
    ],
)
def test_pending_decisions_the_engine_cannot_answer_are_refused(fields, message):
    """Every option of a pending decision must be one its rule can act on."""
    refused(_with_pending(doc(played()), **fields), message)


def test_a_bad_rigger_draw_is_a_state_error_not_a_value_error():
    """A Rigger draw naming no Tool raised plain ValueError from Tool(...)."""
    d = _with_pending(doc(played()), kind="rigger-draw", options=["banana"], data=["banana", "x"])
    refused(d, "Rigger draw")


def test_a_rigger_draw_must_keep_one_of_the_two_tools_drawn():
    """Two real Tools drawn (so every card is still accounted for), but the option to keep
    is a third one: refused, since resolving it would fail."""
    d = doc(played())
    tools = d["state"]["tools"]
    drawn = [tools.pop(), tools.pop()]
    other = next(t.value for t in Tool if t.value not in drawn)
    refused(_with_pending(d, kind="rigger-draw", options=[other], data=drawn), "Rigger draw")


def test_an_unknown_queued_effect_is_refused():
    d = doc(played())
    d["state"]["queue"] = [
        {"kind": "earthquake", "pos": -1, "floor": 0, "n": 0, "source": "", "flag": False}
    ]
    refused(d, "not a valid EffectKind")


def test_a_stealth_to_lose_for_no_known_reason_is_refused():
    """Resolving a tile-stealth decision or step reads its source as a `StealthLoss`."""
    d = _with_pending(doc(played()), kind="tile-stealth", options=["tile", "own"], source="x")
    refused(d, "not a reason to lose a Stealth")
    d = doc(played())
    d["state"]["queue"] = [
        {"kind": "tile-stealth", "pos": -1, "floor": -1, "n": 0, "source": "x", "flag": False}
    ]
    refused(d, "not a reason to lose a Stealth")


def test_a_queued_guard_move_on_a_missing_floor_is_refused():
    d = doc(played())
    d["state"]["queue"] = [
        {"kind": "guard-move", "pos": -1, "floor": 7, "n": 0, "source": "", "flag": False}
    ]
    refused(d, "out of range")


@pytest.mark.parametrize(
    ("lasting", "message"),
    [
        ({"emp": 9}, "belongs to no player"),
        ({"emp": -1}, "belongs to no player"),
        ({"nap": 0}, "not a valid Lasting"),
    ],
)
def test_lasting_effects_out_of_range_are_refused(lasting, message):
    """A lasting effect's owner indexes the players when it expires: IndexError before."""
    d = doc(played())
    d["state"]["lasting"] = lasting
    refused(d, message)


def test_counts_out_of_range_are_refused():
    for field, value in (("next_turn_bonus", {"0": 10**9}), ("rng", -1), ("rng", 2**64)):
        d = doc(played())
        d["state"][field] = value
        with pytest.raises(StateError):
            from_json(json.dumps(d))


def test_the_games_the_hostile_tests_start_from_load_and_play():
    """The states mutated above are valid before the mutation, so each test fails for its own
    reason; a loaded game shows its view and plays on."""
    for g in (played(), played(seed=3, steps=30)):
        back = from_json(to_json(g))
        assert back.view() == g.view()
        back.apply(back.legal_actions()[0])


# ---------------------------------------------------------------------- item 4


@pytest.mark.parametrize("square", ["C03", "C 3", "C\n3", "C\u0663", "C\uff13", "c3"])
def test_fort_knox_empty_square_has_one_spelling(square):
    """'C03', 'C 3', a newline, Arabic-Indic or fullwidth digits all built the 'C3' building."""
    code = Setup(scenario=ScenarioId.FORT_KNOX, seed=0).to_code()
    with pytest.raises(SetupError):
        Setup.from_code(code.replace(".C3.", f".{square}."))


def test_a_setup_with_a_non_canonical_empty_square_is_refused():
    for square in ("C03", "C\u0663", "\u00df"):
        with pytest.raises(SetupError):
            Setup(scenario=ScenarioId.FORT_KNOX, empty_square=square).validate()


@pytest.mark.parametrize("name", ["a\u202eb", "\u200bx", "x\u0007", "\u2066y", "z\u2028"])
def test_names_with_control_or_direction_characters_are_refused(name):
    """U+202E flipped the saves list line; control and format characters make no name."""
    players = (PlayerSetup(name, Character.RAVEN, Side.BASIC),)
    with pytest.raises(SetupError, match="control or text-direction"):
        Setup(players=players).validate()


def test_the_guide_and_docs_name_no_tolerant_parsing():
    """docs/engine.md does not promise case or spacing tolerance any more."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text()
    assert "tolerat" not in text.lower()


# ---------------------------------------------------------------------- item 5


def test_R83_a_player_who_always_picks_a_free_action_still_ends_the_turn():
    """Picking a free action (crow, trade, Tool, pickup) whenever one is offered cannot keep
    a turn going: before R83 random play placed the crow 2,095 times in one turn."""
    free = ("ability", "give", "take", "use", "pickup")
    longest = 0
    for seed in range(6):
        players = (
            PlayerSetup("R", Character.RAVEN, Side.BASIC),
            PlayerSetup("A"),
            PlayerSetup("B"),
        )
        g = new_game(Setup(seed=seed, players=players))
        chooser = Rng.from_seed(seed)
        turn, count = -1, 0
        for _ in range(600):
            legal = g.legal_actions()
            if not legal:
                break
            picks = [a for a in legal if str(a).startswith(free)] or legal
            g.apply(picks[chooser.below(len(picks))])
            count = count + 1 if g.state.turn == turn else 1
            turn = g.state.turn
            longest = max(longest, count)
    assert 0 < longest <= 60
