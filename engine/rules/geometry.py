"""Floor geometry: adjacency, distances, random wall layouts and the guard's route.

A floor is a `FloorLayout` value (size, walls, empty square). Everything derived from it
(neighbours, distances, the guard's next step toward any goal) is computed once per
distinct layout and cached, because the guard moves every turn and bots play many games.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from .data import ROW_STRIDE, Wall
from .rng import Rng

# Direction preference when two shortest paths are equally clockwise: up, right, down, left.
_DIRECTION_RANK = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}


@dataclass(frozen=True, slots=True)
class FloorLayout:
    """The shape of one floor: a size x size grid, its walls and an optional empty square."""

    size: int
    walls: frozenset[Wall]
    empty: int | None = None

    def cells(self) -> list[int]:
        """Every real tile's cell, row by row."""
        return [
            r * ROW_STRIDE + c
            for r in range(self.size)
            for c in range(self.size)
            if r * ROW_STRIDE + c != self.empty
        ]

    def is_real(self, cell: int) -> bool:
        row, col = divmod(cell, ROW_STRIDE)
        return 0 <= row < self.size and 0 <= col < self.size and cell != self.empty


def grid_neighbours(size: int, cell: int) -> list[int]:
    """Orthogonal neighbours inside the grid, walls ignored, in order up, right, down, left."""
    row, col = divmod(cell, ROW_STRIDE)
    out = []
    if row > 0:
        out.append(cell - ROW_STRIDE)
    if col < size - 1:
        out.append(cell + 1)
    if row < size - 1:
        out.append(cell + ROW_STRIDE)
    if col > 0:
        out.append(cell - 1)
    return out


def interior_edges(size: int, empty: int | None) -> list[Wall]:
    """Every place a wall may stand: between two real, orthogonally adjacent tiles."""
    edges = []
    for cell in FloorLayout(size, frozenset(), empty).cells():
        for nb in grid_neighbours(size, cell):
            if nb > cell and nb != empty:
                edges.append((cell, nb))
    return edges


@dataclass(slots=True)
class FloorGeometry:
    """Derived, cached facts about a layout. Never stored in the game state."""

    layout: FloorLayout
    grid: list[list[int]] = field(default_factory=list)  # real neighbours, walls ignored
    open: list[list[int]] = field(default_factory=list)  # real neighbours, no wall between
    open_sorted: list[list[int]] = field(default_factory=list)  # `open`, in cell order
    dist: _LazyDistances = field(default=None)  # type: ignore[assignment]  # dist[a][b]
    _next_step: dict[int, list[int]] = field(default_factory=dict)
    _cells: list[int] = field(default_factory=list)  # layout.cells(), computed once
    _combination: dict[int, tuple[int, ...]] = field(default_factory=dict)
    _routes: dict[int, tuple[int, ...]] = field(default_factory=dict)  # key: start * 64 + goal

    @classmethod
    def build(cls, layout: FloorLayout) -> FloorGeometry:
        if layout.walls:
            # From the same floor without walls (cached): only the cells a wall touches get
            # their own neighbour lists; the others share the open floor's (never changed).
            # Fort Knox draws new walls for every game.
            base = geometry(FloorLayout(layout.size, frozenset(), layout.empty))
            walls = layout.walls
            touched = {c for w in walls for c in w}
            walled = list(base.open)
            walled_sorted = list(base.open_sorted)
            for cell in touched:
                walled[cell] = [
                    c for c in base.open[cell] if (min(c, cell), max(c, cell)) not in walls
                ]
                walled_sorted[cell] = sorted(walled[cell])
            geo = cls(layout=layout, grid=base.grid, open=walled, open_sorted=walled_sorted)
            geo.dist = _LazyDistances(geo._bfs, len(walled))
            return geo
        n = layout.size * ROW_STRIDE
        grid: list[list[int]] = []
        open_: list[list[int]] = []
        for cell in range(n):
            if not layout.is_real(cell):
                grid.append([])
                open_.append([])
                continue
            g = [c for c in grid_neighbours(layout.size, cell) if layout.is_real(c)]
            grid.append(g)
            open_.append([c for c in g if (min(c, cell), max(c, cell)) not in layout.walls])
        geo = cls(layout=layout, grid=grid, open=open_, open_sorted=[sorted(o) for o in open_])
        geo.dist = _LazyDistances(geo._bfs, n)
        return geo

    def _bfs(self, source: int) -> list[int]:
        dist = [-1] * (self.layout.size * ROW_STRIDE)
        if not self.layout.is_real(source):
            return dist
        dist[source] = 0
        queue = deque([source])
        while queue:
            c = queue.popleft()
            for nb in self.open[c]:
                if dist[nb] < 0:
                    dist[nb] = dist[c] + 1
                    queue.append(nb)
        return dist

    def cells(self) -> list[int]:
        """`layout.cells()`, computed once (the list is shared: never change it)."""
        cells = self._cells
        if not cells:
            cells = self._cells = self.layout.cells()
        return cells

    def combination(self, cell: int) -> tuple[int, ...]:
        """The other real cells in the cell's row and column, row by row (a Safe's
        combination), computed once per cell."""
        combo = self._combination.get(cell)
        if combo is None:
            row, col = divmod(cell, ROW_STRIDE)
            combo = self._combination[cell] = tuple(
                c
                for c in self.cells()
                if c != cell and (c // ROW_STRIDE == row or c % ROW_STRIDE == col)
            )
        return combo

    def route(self, start: int, goal: int) -> tuple[int, ...]:
        """The cells the guard walks through from `start` to `goal` (goal included, start
        not), following `next_steps`; computed once per pair. Raises ValueError if walls
        cut `goal` off from `start` (a loaded game never has such walls: `io.loadcheck`)."""
        key = (start << 6) | goal
        path = self._routes.get(key)
        if path is None:
            if self.dist[start][goal] < 0:  # walls cut them apart: no walk, not an endless one
                raise ValueError("goal is not reachable from start")
            table = self.next_steps(goal)
            cells = []
            cell = start
            while cell != goal:
                cell = table[cell]
                cells.append(cell)
            path = self._routes[key] = tuple(cells)
        return path

    def connected(self) -> bool:
        real = self.layout.cells()
        return all(self.dist[real[0]][c] >= 0 for c in real)

    def next_steps(self, goal: int) -> list[int]:
        """For every cell, the guard's next cell toward `goal` (the goal itself maps to itself).

        Among shortest paths the guard takes the one with the largest clockwise score
        S = sum(x_i * y_(i+1) - x_(i+1) * y_i) (x = column, y = row growing downward), i.e.
        the route that keeps every alternative on its right. S is a sum over edges, so the
        best path from a cell is one edge plus the best path from the chosen next cell: one
        pass over cells by increasing distance to the goal. Equal scores fall back to the
        first step's direction: up, right, down, left.
        """
        table = self._next_step.get(goal)
        if table is not None:
            return table
        dgoal = self.dist[goal]
        n = len(dgoal)
        best = [0] * n
        table = [-1] * n
        table[goal] = goal
        order = sorted((d, c) for c, d in enumerate(dgoal) if d > 0)
        for d, c in order:
            cy, cx = divmod(c, ROW_STRIDE)
            chosen = -1
            chosen_key: tuple[int, int] | None = None
            for nb in self.open[c]:
                if dgoal[nb] != d - 1:
                    continue
                ny, nx = divmod(nb, ROW_STRIDE)
                score = cx * ny - nx * cy + best[nb]
                key = (score, -_DIRECTION_RANK[(nx - cx, ny - cy)])
                if chosen_key is None or key > chosen_key:
                    chosen, chosen_key = nb, key
            table[c] = chosen
            assert chosen_key is not None
            best[c] = chosen_key[0]
        self._next_step[goal] = table
        return table


class _LazyDistances:
    """`dist[a][b]`: walking distance (-1 if unreachable), each row computed on first use."""

    __slots__ = ("_bfs", "_rows")

    def __init__(self, bfs: object, n: int) -> None:
        self._bfs = bfs
        self._rows: list[list[int] | None] = [None] * n

    def __getitem__(self, source: int) -> list[int]:
        row = self._rows[source]
        if row is None:
            row = self._rows[source] = self._bfs(source)  # type: ignore[operator]
        return row

    def __len__(self) -> int:
        return len(self._rows)


_GEOMETRY_CACHE: dict[FloorLayout, FloorGeometry] = {}


def geometry(layout: FloorLayout) -> FloorGeometry:
    """The cached geometry of a layout."""
    geo = _GEOMETRY_CACHE.get(layout)
    if geo is None:
        if len(_GEOMETRY_CACHE) > 4096:  # bound memory for long bot runs with random walls
            _GEOMETRY_CACHE.clear()
        geo = _GEOMETRY_CACHE[layout] = FloorGeometry.build(layout)
    return geo


def guard_route(floor: FloorLayout, start: int, goal: int) -> list[int]:
    """The cells a guard walks through from `start` to `goal` (start excluded, goal included).

    The shortest path, walls respected, most clockwise among equals (rules README, ruling 3).
    Pure and deterministic in (walls, start, goal). Raises ValueError if goal is unreachable.

    >>> from engine.rules.data import cell_index, cell_name
    >>> open_floor = FloorLayout(4, frozenset())
    >>> def route(a, b):
    ...     return [cell_name(x) for x in guard_route(open_floor, cell_index(a), cell_index(b))]
    >>> route("A1", "B2")  # down-right: right first
    ['B1', 'B2']
    >>> route("B2", "A1")  # up-left: left first
    ['A2', 'A1']
    >>> route("A2", "B1")  # up-right: up first
    ['A1', 'B1']
    >>> route("B1", "A2")  # down-left: down first
    ['B2', 'A2']
    """
    geo = geometry(floor)
    if not floor.is_real(start) or not floor.is_real(goal):
        raise ValueError("route endpoints must be real tiles of the floor")
    return list(geo.route(start, goal))


def random_walls(rng: Rng, size: int, count: int, empty: int | None) -> frozenset[Wall]:
    """Advanced Wall Layout: `count` walls between real tiles, every tile still reachable.

    Draws uniformly from the seed and redraws until the floor is connected.
    """
    edges, cells = _wall_places(size, empty)
    if count > len(edges):
        raise ValueError("more walls than places for them")
    for _ in range(10_000):
        pool = list(edges)
        rng.draw_front(pool, count)  # the first `count` edges are drawn
        if _connected(cells, pool[count:]):  # about one draw in ten is kept
            return frozenset(pool[:count])
    raise RuntimeError("could not draw a connected wall layout")  # pragma: no cover


_WALL_PLACES: dict[tuple[int, int | None], tuple[list[Wall], list[int]]] = {}


def _wall_places(size: int, empty: int | None) -> tuple[list[Wall], list[int]]:
    """(interior edges, real cells) of a floor shape, computed once (never change them)."""
    key = (size, empty)
    places = _WALL_PLACES.get(key)
    if places is None:
        places = _WALL_PLACES[key] = (
            interior_edges(size, empty),
            FloorLayout(size, frozenset(), empty).cells(),
        )
    return places


def _connected(cells: list[int], open_edges: list[Wall]) -> bool:
    """Union-find over the edges left open: one component holding every cell?
    (A list indexed by cell, the finds inlined: Fort Knox redraws its walls ~17 times per
    floor, so this runs for every new game.)"""
    parent = list(range(ROW_STRIDE * ROW_STRIDE))
    groups = len(cells)
    for a, b in open_edges:
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            parent[a] = b
            groups -= 1
    return groups == 1
