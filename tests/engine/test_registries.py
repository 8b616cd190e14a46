"""Rules by registry: every card, tile and burglar has its entry in its table, so a new
one cannot be forgotten (adding a card or a tile touches one place)."""

from __future__ import annotations

from engine import tiles
from engine.data import TileKind
from engine.game import Game


def test_every_tile_kind_has_its_rule_in_the_room_tables() -> None:
    tables = (tiles.ON_ENTER, tiles.ON_REVEAL, tiles.ON_LEAVE, tiles.ON_ACTIONS_END)
    with_handler = {kind for table in tables for kind in table}
    missing = set(TileKind) - with_handler - set(tiles.CORE_RULES)
    assert not missing, f"tile kinds with no rule: {sorted(missing)}"
    assert all(isinstance(kind, TileKind) for table in tables for kind in table)


def test_the_game_installs_the_room_tables() -> None:
    assert Game._on_enter is tiles.ON_ENTER
    assert Game._on_reveal is tiles.ON_REVEAL
    assert Game._on_leave is tiles.ON_LEAVE
    assert Game._on_actions_end is tiles.ON_ACTIONS_END
