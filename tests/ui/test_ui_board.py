"""ui.board: floors of face-down tile buttons with walls, from engine data."""

from __future__ import annotations

import pytest

from engine.data import SCENARIOS, ScenarioId, cell_index, cell_name
from ui import board

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


def test_every_standard_wall_of_the_bank_is_drawn_once(document):
    container = document.byid("board")
    tiles = board.render_scenario(document, container, BANK)
    assert tiles == 48
    buttons = container.find_all("button")
    assert len(buttons) == 48
    drawn = sum(side in b.className.split() for b in buttons for side in ("wall-e", "wall-s"))
    assert drawn == sum(len(walls) for walls in BANK.standard_walls)
    assert container.getAttribute("data-scenario") == "bank"


def test_tiles_are_buttons_with_accessible_names(document):
    container = document.byid("board")
    board.render_scenario(document, container, BANK)
    sections = container.find_all("section")
    assert [s.find_all("h2")[0].textContent for s in sections] == ["Floor 1", "Floor 2", "Floor 3"]
    labels = [b.getAttribute("aria-label") for b in container.find_all("button")]
    assert labels[0] == "Floor 1, A1, face down"
    assert "Floor 1, B2, face down" in labels
    assert labels[-1] == "Floor 3, D4, face down"
    assert len(set(labels)) == 48
    assert all(
        b.type == "button" and "face-down" in b.className for b in container.find_all("button")
    )


def test_rendering_again_replaces_the_board(document):
    container = document.byid("board")
    board.render_scenario(document, container, BANK)
    board.render_scenario(document, container, SCENARIOS[ScenarioId.OFFICE])
    assert len(container.find_all("button")) == 32
