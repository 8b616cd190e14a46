"""Words for every decision the engine can ask, their options, and every reason code."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path

import pytest

from engine import PlayerSetup, ScenarioId, Setup, from_json, new_game, to_json
from engine.rules.actions import Action, parse_pos
from engine.rules.data import Character, Side
from engine.rules.events import (
    AlarmAvoided,
    CardNoEffect,
    DeckEmpty,
    DestinationSet,
    Event,
    GameLost,
    MoveBlocked,
    StealthLost,
)
from engine.rules.kinds import (
    Avoided,
    Blocked,
    DecisionKind,
    Deck,
    Destination,
    NoEffect,
    StealthLoss,
)
from engine.rules.rng import Rng
from engine.rules.state import Decision
from engine.rules.view import PlayerView, TileView, pending_view, typed_view
from ui import describe
from ui.messages import EN, t
from ui.messages_fr import FR
from ui.session import Session

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
NAMES = ["Ann", "Bob", "Cy"]
P = parse_pos


@pytest.mark.parametrize("kind", list(DecisionKind))
def test_every_decision_kind_the_engine_asks_has_its_own_prompt(kind):
    assert f"pending.{kind}" in EN, kind
    pending = pending_view(Decision(kind, []))
    text = describe.prompt_text(pending)
    generic = t("pending.default", kind=describe.card_name(kind.value))
    assert text != generic and "{" not in text and text, text


@pytest.mark.parametrize(
    ("kind", "option", "label"),
    [
        ("alarm", "hack", "Spend a hack token"),
        ("alarm", "laptop", "Spend the Hacker's laptop token"),
        ("alarm", "pay", "Spend an extra action"),
        ("alarm", "trigger", "Let the alarm go off"),
        ("alarm-tie", "2.B3", "Floor 2, B3"),
        ("peekhole", "none", "Do not peek"),
        ("shift-order", "2,3", "Floor 2 then floor 3"),
        ("crystal-ball", "squeak,crash,lampshade", "Squeak! then Crash! then Lampshade"),
        ("buddy", "2", "Bring Bob here"),
        ("rigger-draw", "emp", "Keep the E.M.P."),
        ("precognition", "bottom", "Put it at the bottom"),
        ("stethoscope", "keep", "Keep the roll as it is"),
        ("rigger-offer", "two", "Draw two, keep one"),
        ("rigger-offer", "one", "Draw one"),
        ("tile-stealth", "tile", "A token from the tile"),
        ("tile-stealth", "own", "One of the burglar's own"),
    ],
)
def test_option_labels(kind, option, label):
    assert describe.choice_label(kind, option, NAMES) == label


def test_a_position_option_names_the_revealed_tile():
    assert describe.choice_label("gut", "1.C2", NAMES, lambda p: "laser") == "Floor 1, C2 (Laser)"


def test_the_stethoscope_prompt_shows_the_rolled_dice_even_without_pending_data():
    dice = (3, 5)
    options = ["keep"] + [f"{i + 1}-{v}" for i, d in enumerate(dice) for v in range(1, 7) if v != d]
    pending = pending_view(Decision(DecisionKind.STETHOSCOPE, options, pos=P("2.B2")))
    assert describe.pending_dice(pending) == [3, 5]
    assert "rolled 3 and 5 at the safe Floor 2, B2" in describe.prompt_text(pending)
    assert describe.choice_label("stethoscope", "2-6", NAMES, dice=[3, 5]) == (
        "Turn die 2 from 5 to 6"
    )


def test_a_hinted_die_turn_names_the_face_rolled_and_a_label_without_the_dice_names_none():
    """Office seed 9131: the hint read "Turn die 1 from ? to 2" with a 5 on the die."""
    from tests.engine.test_tools import safe_table

    game = safe_table(5).game()
    game.apply("crack")
    view = typed_view(game)
    assert describe.hinted(view, Action.parse("choose 1-2"), NAMES)[1] == "Turn die 1 from 5 to 2"
    assert describe.choice_label("stethoscope", "1-2", NAMES) == "Turn die 1 to 2"


def test_the_spotter_prompt_shows_the_card_seen_from_its_payload():
    options = ["top", "bottom"]
    pending = pending_view(Decision(DecisionKind.PRECOGNITION, options, data=["squeak"]))
    assert "the next event is “Squeak!”." in describe.prompt_text(pending)
    pending = pending_view(Decision(DecisionKind.CLAIRVOYANCE, options, floor=1, data=["2.C4"]))
    assert "card of this floor is Floor 2, C4." in describe.prompt_text(pending)
    pending = pending_view(Decision(DecisionKind.CLAIRVOYANCE, options, data=["lost-visual"]))
    assert "Lost Visual" in describe.prompt_text(pending)


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("escaped", "Everyone got out over the roof with all the loot."),
        ("caught:foyer", "Bob was seen with no stealth left: a guard saw into the Foyer."),
        ("caught:entered-guard", "Bob was seen with no stealth left: walked into a guard."),
    ],
)
def test_end_reasons(reason, words):
    assert describe.end_reason(reason, NAMES, 1) == words


# Each reason family of the engine: the event field that carries it and the catalog prefix
# the page turns it into words with (ui/describe.py).
REASONS: dict[type[StrEnum], tuple[str, tuple[tuple[type[Event], str], ...]]] = {
    NoEffect: ("noeffect", ((CardNoEffect, "reason"),)),
    Avoided: ("avoided", ((AlarmAvoided, "how"),)),
    Blocked: ("blocked", ((MoveBlocked, "reason"),)),
    StealthLoss: ("why", ((StealthLost, "reason"), (GameLost, "reason"))),
    Destination: ("dest", ((DestinationSet, "why"),)),
    Deck: ("deck", ((DeckEmpty, "deck"),)),
}
REASON_CODES = [(kind, code) for kind in REASONS for code in kind]


@pytest.mark.parametrize(("kind", "code"), REASON_CODES, ids=lambda x: getattr(x, "value", ""))
def test_reason_codes_of_the_engine_all_have_words(kind, code):
    prefix = REASONS[kind][0]
    assert f"{prefix}.{code}" in EN, code
    assert f"{prefix}.{code}" in FR, code


def _games_events() -> list[Event]:
    """Every event of the fixture games and of seeded random-play games (3 scenarios,
    1 to 4 burglars, random characters and sides), each game played through a JSON save
    and load after 40 actions, so pending decisions read back from JSON are covered too;
    every fourth game then plays on with empty Tool and Loot decks."""
    events: list[Event] = []
    for path in sorted(FIXTURES.glob("*.json")):
        game = json.loads(path.read_text())
        played = new_game(Setup.from_code(game["setup"]))
        for action in game["actions"]:
            events += played.apply(action)
    scenarios = list(ScenarioId)
    sides = list(Side)
    for seed in range(120):
        chooser = Rng.from_seed(seed)
        players = tuple(
            PlayerSetup(f"P{i}", side=sides[chooser.below(2)]) for i in range(1 + chooser.below(4))
        )
        setup = Setup(scenarios[seed % 3], seed=seed, players=players, lost_visual=seed % 2 == 1)
        played = new_game(setup)
        for step in range(3000):
            if played.is_over():
                break
            if step == 40:
                played = from_json(to_json(played))
                if seed % 4 == 0:  # empty decks: a draw says so (DeckEmpty)
                    played.state.tools, played.state.loot = [], []
            legal = played.legal_actions()
            events += played.apply(legal[chooser.below(len(legal))])
    return events


def test_the_engine_emits_reason_codes_only_from_their_enums():
    seen: dict[type[StrEnum], set[str]] = {kind: set() for kind in REASONS}
    for event in _games_events():
        for kind, (_, fields) in REASONS.items():
            for cls, field in fields:
                if type(event) is cls:
                    code = getattr(event, field)
                    assert type(code) is kind, (event, kind)
                    assert json.loads(json.dumps(event.to_dict()))[field] == code.value
                    seen[kind].add(code)
    # the games reach every family (the check above is not vacuous)
    assert all(seen.values()), seen


def test_the_loss_fixture_ends_with_words_not_codes():
    loss = json.loads((FIXTURES / "bank_2p_loss.json").read_text())
    session = Session.start(loss["setup"], loss["actions"])
    view = session.view()
    player = session.game.outcome.player
    assert player == next(e.player for e in session.last_events if isinstance(e, GameLost))
    names = [p.name for p in view.players]
    text = describe.end_reason(view.reason, names, player)
    assert "caught" not in text and text.endswith(".")
    assert "Busted: " in session.log[-1][1] and "-" not in session.log[-1][1].split("(")[-1]


def test_the_crow_the_laptop_token_and_a_held_alarm_are_drawn_and_named():
    from ui.board import _tile_parts

    b2 = P("1.B2")
    tile = TileView(b2, "1.B2", "B2", 1, 1)
    ann = PlayerView(0, "Ann", Character.HACKER, Side.BASIC, b2, True, False, 3, (), (), 1, False)
    bob = PlayerView(1, "Bob", Character.JUICER, Side.BASIC, b2, True, False, 3, (), (), 0, True)
    look = _tile_parts(tile, [ann, bob], None, None, -1, set(), crow=b2)
    label = look.label
    assert "has-crow" in look.classes and ("t-crow", "") in look.tokens
    assert look.burglars == ((0, "hacker"), (1, "juicer"))
    assert ("t-laptop", "1") in look.tokens and ("t-alarm-held", "") in look.tokens
    assert "the Raven's crow" in label
    assert "Ann with 1 laptop hack token" in label and "Bob holding an alarm token" in label


def test_the_tile_stealth_prompt_says_why_and_where():
    decision = Decision(DecisionKind.TILE_STEALTH, ["tile", "own"], pos=P("1.B1"), source="foyer")
    text = describe.prompt_text(pending_view(decision))
    assert "a guard saw into the Foyer" in text and "Floor 1, B1" in text


def test_the_log_says_what_each_decision_chose_in_both_languages():
    from engine.rules.events import DecisionMade, SpotterLooked
    from ui.messages import set_language

    names = ["Ada", "Bob"]
    bottom = DecisionMade(0, DecisionKind.CLAIRVOYANCE, "bottom")
    tie = DecisionMade(1, DecisionKind.ALARM_TIE, "2.B3")
    try:
        assert describe.event_line(bottom, names) == "Ada chooses: Put it at the bottom"
        assert describe.event_line(tie, names) == "Bob chooses: 2.B3"
        # A patrol card is a tile, written as everywhere else: never '1.d3'.
        seen = SpotterLooked(0, "clairvoyance", "1.D3")
        assert describe.event_line(seen, names).endswith(": 1.D3")
        set_language("fr")
        line = describe.event_line(bottom, names)
        assert line.startswith("Ada choisit") and line.endswith(str(FR["choice.bottom"]))
    finally:
        set_language("en")


def test_every_decision_kind_has_words_for_every_option_it_was_answered_with():
    """Random games: each DecisionMade becomes a log line naming the choice, in words."""
    from engine.rules.events import DecisionMade

    made = 0
    for seed in range(40):
        game = new_game(Setup(seed=seed))
        chooser = Rng.from_seed(seed)
        names = [p.name for p in game.state.players]
        for _ in range(300):
            if game.is_over():
                break
            legal = game.legal_actions()
            for event in game.apply(legal[chooser.below(len(legal))]):
                if isinstance(event, DecisionMade):
                    made += 1
                    line = describe.event_line(event, names)
                    assert line.startswith(f"{names[event.player]} chooses: "), line
                    assert not line.endswith(": ") and "{" not in line
    assert made > 20
