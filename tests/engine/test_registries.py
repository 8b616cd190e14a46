"""Rules by registry: every card, tile and burglar has its entry in its table, so a new
one cannot be forgotten (adding a card or a tile touches one place)."""

from __future__ import annotations

from engine.rules import cards, characters, kernel, tiles
from engine.rules.actions import ActionKind
from engine.rules.data import Character, EventCard, Loot, Side, TileKind, Tool
from engine.rules.game import Game
from engine.rules.kinds import DecisionKind, EffectKind


def test_every_tile_kind_has_its_rule_in_the_room_tables() -> None:
    tables = (
        tiles.ON_ENTER,
        tiles.ON_REVEAL,
        tiles.ON_LEAVE,
        tiles.ON_ACTIONS_END,
        tiles.WATCHED,
        tiles.ON_GUARD,
    )
    with_handler = {kind for table in tables for kind in table}
    missing = set(TileKind) - with_handler - set(tiles.CORE_RULES)
    assert not missing, f"tile kinds with no rule: {sorted(missing)}"
    assert all(isinstance(kind, TileKind) for table in tables for kind in table)


def test_the_game_installs_the_room_tables() -> None:
    assert Game._on_enter is tiles.ON_ENTER
    assert Game._on_reveal is tiles.ON_REVEAL
    assert Game._on_leave is tiles.ON_LEAVE
    assert Game._on_actions_end is tiles.ON_ACTIONS_END
    assert Game._watched is tiles.WATCHED
    assert Game._on_guard is tiles.ON_GUARD


def test_every_event_card_has_its_handler() -> None:
    assert set(cards.EVENTS) == set(EventCard)


def test_every_tool_has_its_rule() -> None:
    assert set(cards.TOOLS) == set(Tool)
    for tool, rule in cards.TOOLS.items():
        # an action (with its targets or its 'usable now' test), or applied elsewhere
        assert (rule.use is not None) != bool(rule.during), tool
        assert rule.targets is None or rule.usable is None, tool


def test_every_loot_card_has_its_rule() -> None:
    assert set(cards.LOOT) == set(Loot)
    for loot, rule in cards.LOOT.items():
        active = (rule.drawn, rule.picked_up, rule.turn_start)
        assert any(active) != bool(rule.passive), loot  # a handler, or where the core applies it


def test_every_burglar_card_side_has_its_ability() -> None:
    sides = {(c, s) for c in Character for s in Side}
    assert set(characters.ABILITIES) == sides
    active = set()
    for key, ability in characters.ABILITIES.items():
        assert ability.actions is not None or ability.passive, key
        assert (ability.actions is not None) == bool(ability.name), key
        if ability.name:
            active.add(ability.name)
    assert set(characters.USES) == active  # every ability offered can be played, no other


def test_every_decision_kind_is_answered_by_exactly_one_rule_module() -> None:
    tables = (kernel.DECISIONS, cards.DECISIONS, characters.DECISIONS)
    kinds = [kind for table in tables for kind in table]
    assert sorted(kinds) == sorted(DecisionKind)  # each once: no gap, no overlap
    assert set(Game._decision_handlers) == set(DecisionKind)


def test_every_action_kind_and_effect_kind_has_its_handler() -> None:
    assert set(Game._action_handlers) == set(ActionKind)
    assert set(Game._effect_handlers) == set(EffectKind)
