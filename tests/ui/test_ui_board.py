"""ui.board: the live board's pure parts (walls, targets, routes, names) from the typed view."""

from __future__ import annotations

import dataclasses
import re

import pytest

from engine import MoveCut, Reach, Setup, new_game
from engine.rules.actions import parse_pos
from engine.rules.data import SCENARIOS, EventCard, ScenarioId, cell_index, cell_name
from engine.rules.view import DecksView, GuardMove, GuardView, typed_view
from ui import board
from ui.panels import decks_words

BANK = SCENARIOS[ScenarioId.BANK]


def test_floor_cells_are_the_engines_cells_in_reading_order():
    cells = board.floor_cells(4)
    assert [cell_name(c) for c in cells[0]] == ["A1", "B1", "C1", "D1"]
    assert [cell_name(row[0]) for row in cells] == ["A1", "A2", "A3", "A4"]
    assert cells[1][2] == cell_index("C2", 4)


def test_wall_sides_of_a_wall_between_columns_and_between_rows():
    a1, b1, a2 = (cell_index(name, 4) for name in ("A1", "B1", "A2"))
    assert board.wall_sides(4, [(a1, b1)]) == {a1: {"e"}, b1: {"w"}}
    assert board.wall_sides(4, [(a2, a1)]) == {a1: {"s"}, a2: {"n"}}


def test_wall_sides_rejects_a_wall_between_cells_that_do_not_touch():
    with pytest.raises(ValueError, match="neighbours"):
        board.wall_sides(4, [(cell_index("A1", 4), cell_index("C1", 4))])


def test_tiles_are_marked_as_the_views_offers_reach_them():
    """The board marks what the engine's view says of each tile (`TileOffer.reach`)."""
    game = new_game(Setup(scenario=ScenarioId.BANK, seed=3))
    game.apply("enter 1.B2")
    view = typed_view(game)
    marks = {}
    for floor in view.floors:
        for tile in floor.tiles:
            offer = view.offers.get(tile.pos)
            reach = offer.reach if offer is not None else Reach.NONE
            look = board._tile_parts(tile, view.players, floor.guard, None, -1, reach)
            marks[tile.pos] = look.marks[:1] if look.marks[:1] != ("m-dest",) else ()
    moves = {pos for pos, o in view.offers.items() if o.reach == Reach.MOVE}
    assert moves and {pos for pos, m in marks.items() if m == ("m-move",)} == moves
    assert {pos for pos, m in marks.items() if m == ("m-tool",)} == {
        pos for pos, o in view.offers.items() if o.reach == Reach.TOOL
    }


def floor_2_guard() -> GuardView:
    """Floor 2's guard on A1 heading for C2 (speed 2, one alarm), as the view gives him."""
    walk = tuple(parse_pos(p) for p in ("2.B1", "2.C1", "2.C2"))
    return GuardView(
        pos=parse_pos("2.A1"),
        dest=parse_pos("2.C2"),
        speed=2,
        alarms=1,
        placed=True,
        lost=False,
        patrol_left=10,
        patrol_discard=(),
        route=walk,
        # The engine says: 3 steps (his die and the alarm); the page draws exactly them.
        next=GuardMove(1, 3, walk),
    )


def test_the_guard_route_is_drawn_from_his_tile_as_the_view_says_or_all_the_way():
    guard = floor_2_guard()
    assert board.route_segments(guard, False) == [(0, 0, 0, 1), (0, 1, 0, 2), (0, 2, 1, 2)]
    assert board.route_segments(guard, True)[-1] == (0, 2, 1, 2)
    assert board.route_segments(dataclasses.replace(guard, lost=True), True) == []
    assert board.route_segments(dataclasses.replace(guard, next=None), False) == []
    # Beyond his destination a patrol card decides: the page marks where, and says how many.
    cut = GuardMove(1, 3, (parse_pos("2.B1"),), unknown=2, cut=MoveCut.PATROL)
    path = board.guard_path(dataclasses.replace(guard, next=cut), False)
    assert path.unknown_at == parse_pos("2.B1") and path.unknown == 2
    assert path.steps == {parse_pos("2.B1"): (1,)}


def test_every_standard_wall_of_the_bank_is_named_on_both_of_its_tiles():
    view = typed_view(new_game(Setup(scenario=ScenarioId.BANK, seed=1)))
    labels = board.tile_labels(view)
    assert len(labels) == 48 and len(set(labels.values())) == 48
    sides = re.compile(r"\b(north|east|south|west)\b")
    named = sum(len(sides.findall(label)) for label in labels.values())
    assert named == 2 * sum(len(walls) for walls in BANK.standard_walls) > 0


def test_the_floor_line_names_the_patrol_card_the_spotter_kept_on_top():
    guard = floor_2_guard()
    assert board.seen_top_words(guard) == ""
    seen = board.seen_top_words(dataclasses.replace(guard, seen_top="2.D4"))
    assert "D4" in seen and "Spotter" in seen


def test_the_decks_line_names_the_events_seen_on_top_next_first():
    decks = DecksView(tools=4, loot=9, events=12, event_discard=())
    assert "seen" not in decks_words(decks)
    seen = dataclasses.replace(decks, events_seen=(EventCard.LAMPSHADE, EventCard.REBOOT))
    words = decks_words(seen)
    assert words.startswith(decks_words(decks)) and "seen" in words
    assert words.index("Lampshade") < words.index("Reboot")
