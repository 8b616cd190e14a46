"""Render floors of face-down tiles, with their walls, as CSS grids of buttons."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.data import Scenario, cell_index, cell_name


def floor_cells(size: int) -> list[list[int]]:
    """The engine's cell numbers of a size x size floor: rows (row 1 first) of columns (A first)."""
    return [
        [cell_index(f"{chr(ord('A') + col)}{row + 1}", size) for col in range(size)]
        for row in range(size)
    ]


def wall_sides(size: int, walls: Iterable[tuple[int, int]]) -> dict[int, set[str]]:
    """Cell -> the sides ('n', 'e', 's', 'w') of that cell that carry a wall."""
    cells = floor_cells(size)
    where = {cell: (row, col) for row, line in enumerate(cells) for col, cell in enumerate(line)}
    sides: dict[int, set[str]] = {}
    for wall in walls:
        if not all(cell in where for cell in wall):
            raise ValueError(f"wall {wall} is not on a {size}x{size} floor")
        (row_a, col_a), (row_b, col_b) = sorted(where[cell] for cell in wall)
        if row_a == row_b and col_b == col_a + 1:
            pair = ("e", "w")
        elif col_a == col_b and row_b == row_a + 1:
            pair = ("s", "n")
        else:
            raise ValueError(f"wall {wall} does not join neighbours on a {size}x{size} floor")
        sides.setdefault(cells[row_a][col_a], set()).add(pair[0])
        sides.setdefault(cells[row_b][col_b], set()).add(pair[1])
    return sides


def tile_label(floor: int, name: str) -> str:
    """Accessible name of a face-down tile; floor counts from 1."""
    return f"Floor {floor}, {name}, face down"


def _element(document: Any, tag: str, classes: str = "", text: str | None = None) -> Any:
    element = document.createElement(tag)
    if classes:
        element.className = classes
    if text is not None:
        element.textContent = text
    return element


def render_floor(document: Any, floor: int, size: int, walls: Iterable[tuple[int, int]]) -> Any:
    """One floor (counted from 1) as a <section> holding a size x size grid of tile buttons."""
    section = _element(document, "section", "floor")
    heading_id = f"floor-{floor}-title"
    heading = _element(document, "h2", "floor-title", f"Floor {floor}")
    heading.id = heading_id
    section.setAttribute("aria-labelledby", heading_id)
    grid = _element(document, "div", "floor-grid")
    grid.setAttribute("role", "group")
    grid.setAttribute("aria-labelledby", heading_id)
    grid.style.setProperty("--size", str(size))
    sides = wall_sides(size, walls)
    for line in floor_cells(size):
        for cell in line:
            name = cell_name(cell)
            walled = [f"wall-{side}" for side in sorted(sides.get(cell, ()))]
            button = _element(document, "button", " ".join(["tile", "face-down", *walled]), name)
            button.type = "button"
            button.setAttribute("aria-label", tile_label(floor, name))
            button.setAttribute("data-floor", str(floor))
            button.setAttribute("data-cell", name)
            grid.appendChild(button)
    section.appendChild(heading)
    section.appendChild(grid)
    return section


def render_scenario(document: Any, container: Any, scenario: Scenario) -> int:
    """Replace the container's content with every floor of the scenario; return the tile count."""
    walls_by_floor = scenario.standard_walls or ((),) * scenario.floors
    fragment = document.createDocumentFragment()
    for floor in range(1, scenario.floors + 1):
        walls = walls_by_floor[floor - 1]
        fragment.appendChild(render_floor(document, floor, scenario.size, walls))
    container.replaceChildren(fragment)
    container.setAttribute("data-scenario", str(scenario.id))
    return scenario.floors * scenario.size * scenario.size
