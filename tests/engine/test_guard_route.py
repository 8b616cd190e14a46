"""The guard's route: `engine.rules.geometry.guard_route` (rules README, ruling 3).

The rule: the guard walks a shortest path (walls respected, never through the Fort Knox
empty square); among equally short paths he takes the most clockwise one, i.e. the path
p0..pn with the largest S = sum(x_i*y_(i+1) - x_(i+1)*y_i) (x = column, y = row, y grows
downward); if S still ties, the first differing step goes up, then right, then down, then
left.

This file checks `guard_route` three ways:

* hand-derived examples (open-floor diagonals, a walled case where the guard must start
  in the least favoured direction), each explained in its docstring;
* an independent brute-force reference (its own adjacency and BFS, DFS over every shortest
  path, S computed per path, the tie-break applied literally) compared on every start/goal
  pair of every standard layout and of 30 seeded random layouts (4x4 and 5x5 with an empty
  square);
* golden files (`tests/engine/golden/routes-<scenario>-f<floor>.json`) holding the route of
  every pair on the standard layouts, so any change to routing is caught. Regenerate them,
  only after a deliberate rules change, with:

      python3 -m tests.engine.test_guard_route --write-golden
"""

from __future__ import annotations

import json
import sys
from collections import deque
from itertools import pairwise
from pathlib import Path

import pytest

from engine.rules.data import ROW_STRIDE, SCENARIOS, ScenarioId, cell_index, cell_name
from engine.rules.geometry import FloorLayout, geometry, grid_neighbours, guard_route, random_walls
from engine.rules.rng import Rng

GOLDEN_DIR = Path(__file__).parent / "golden"
UP, RIGHT, DOWN, LEFT = (0, -1), (1, 0), (0, 1), (-1, 0)
DIRECTION_ORDER = [UP, RIGHT, DOWN, LEFT]  # the last-resort tie-break order


# ---------------------------------------------------------------------- reference model


def xy(cell: int) -> tuple[int, int]:
    return cell % ROW_STRIDE, cell // ROW_STRIDE


def real_cells(layout: FloorLayout) -> list[int]:
    return [
        r * ROW_STRIDE + c
        for r in range(layout.size)
        for c in range(layout.size)
        if r * ROW_STRIDE + c != layout.empty
    ]


def open_neighbours(layout: FloorLayout) -> dict[int, list[int]]:
    """Adjacency built from scratch: orthogonal, inside the grid, not the empty square,
    no wall in between."""
    cells = set(real_cells(layout))
    out: dict[int, list[int]] = {}
    for cell in cells:
        x, y = xy(cell)
        nbs = []
        for dx, dy in DIRECTION_ORDER:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < layout.size and 0 <= ny < layout.size):
                continue
            nb = ny * ROW_STRIDE + nx
            if nb in cells and (min(cell, nb), max(cell, nb)) not in layout.walls:
                nbs.append(nb)
        out[cell] = nbs
    return out


def bfs(adj: dict[int, list[int]], source: int) -> dict[int, int]:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        c = queue.popleft()
        for nb in adj[c]:
            if nb not in dist:
                dist[nb] = dist[c] + 1
                queue.append(nb)
    return dist


def all_shortest_paths(adj: dict[int, list[int]], start: int, goal: int) -> list[list[int]]:
    """Every shortest path start..goal (both included), by exhaustive DFS."""
    to_goal = bfs(adj, goal)
    length = to_goal[start]
    out: list[list[int]] = []

    def dfs(path: list[int]) -> None:
        here = path[-1]
        if here == goal:
            out.append(list(path))
            return
        for nb in adj[here]:
            # prune: a step that cannot still reach the goal within the length
            if nb not in path and len(path) + to_goal[nb] <= length:
                path.append(nb)
                dfs(path)
                path.pop()

    dfs([start])
    assert all(len(p) - 1 == length for p in out)
    return out


def clockwise_score(path: list[int]) -> int:
    """S = sum(x_i*y_(i+1) - x_(i+1)*y_i): twice the signed area swept, clockwise positive."""
    total = 0
    for a, b in pairwise(path):
        (xa, ya), (xb, yb) = xy(a), xy(b)
        total += xa * yb - xb * ya
    return total


def direction_ranks(path: list[int]) -> list[int]:
    ranks = []
    for a, b in pairwise(path):
        (xa, ya), (xb, yb) = xy(a), xy(b)
        ranks.append(DIRECTION_ORDER.index((xb - xa, yb - ya)))
    return ranks


def reference_route(layout: FloorLayout, start: int, goal: int) -> list[int]:
    """Ruling 3 applied literally: shortest, then largest S, then up/right/down/left at the
    first differing step. Returns the cells after `start` (goal included)."""
    paths = all_shortest_paths(open_neighbours(layout), start, goal)
    best_s = max(clockwise_score(p) for p in paths)
    best = [p for p in paths if clockwise_score(p) == best_s]
    best.sort(key=direction_ranks)  # lexicographic: the first differing step decides
    return best[0][1:]


# ---------------------------------------------------------------------- layouts


def standard_layouts() -> list[tuple[str, FloorLayout]]:
    out = []
    for scen in (ScenarioId.OFFICE, ScenarioId.BANK):
        data = SCENARIOS[scen]
        assert data.standard_walls is not None
        for f, walls in enumerate(data.standard_walls):
            out.append((f"{scen.value}-f{f + 1}", FloorLayout(data.size, frozenset(walls))))
    return out


def random_layouts() -> list[tuple[str, FloorLayout]]:
    out = []
    for seed in range(16):  # Bank/Office shape: 4x4, 8 walls
        out.append((f"4x4-s{seed}", FloorLayout(4, random_walls(Rng.from_seed(seed), 4, 8, None))))
    for seed, count in enumerate((4, 4, 9, 9)):  # few walls (many ties); 9 = a maze (tree)
        walls = random_walls(Rng.from_seed(100 + seed), 4, count, None)
        out.append((f"4x4w{count}-s{seed}", FloorLayout(4, walls)))
    for seed, empty in enumerate(("C3", "A1", "E5", "B4", "D2", "C3", "E1", "A3", "C1", "C3")):
        cell = cell_index(empty, 5)  # Fort Knox shape: 5x5, 12 walls, one empty square
        walls = random_walls(Rng.from_seed(200 + seed), 5, 12, cell)
        out.append((f"5x5-{empty}-s{seed}", FloorLayout(5, walls, cell)))
    return out


STANDARD = standard_layouts()
RANDOM = random_layouts()
ALL_LAYOUTS = STANDARD + RANDOM


def pairs(layout: FloorLayout) -> list[tuple[int, int]]:
    cells = real_cells(layout)
    return [(s, g) for s in cells for g in cells if s != g]


def names(cells: list[int]) -> list[str]:
    return [cell_name(c) for c in cells]


def route(layout: FloorLayout, start: str, goal: str) -> list[str]:
    size = layout.size
    return names(guard_route(layout, cell_index(start, size), cell_index(goal, size)))


def walls_of(size: int, spec: str) -> frozenset[tuple[int, int]]:
    """'A1|B1 C1-C2' -> wall set (same notation as the rules' game data)."""
    out = set()
    for token in spec.split():
        a, b = (cell_index(x, size) for x in token.replace("|", "-").split("-"))
        out.add((min(a, b), max(a, b)))
    return frozenset(out)


OPEN4 = FloorLayout(4, frozenset())


# ---------------------------------------------------------------------- the reference itself


def test_reference_scores_right_then_down_above_down_then_right():
    """The reference's S: A1->B1->B2 scores +1, A1->A2->B2 scores -1 (clockwise is larger)."""
    a1, b1, a2, b2 = (cell_index(x) for x in ("A1", "B1", "A2", "B2"))
    assert clockwise_score([a1, b1, b2]) == 1
    assert clockwise_score([a1, a2, b2]) == -1
    assert len(all_shortest_paths(open_neighbours(OPEN4), a1, b2)) == 2
    corner_paths = all_shortest_paths(open_neighbours(OPEN4), a1, cell_index("D4"))
    assert len(corner_paths) == 20  # C(6, 3) staircase paths on an open 4x4 floor


# ---------------------------------------------------------------------- open floor, by hand


def test_route_diagonal_up_right_goes_up_first():
    """Destination up-right on an open floor: the guard steps up first (README ruling 3)."""
    assert route(OPEN4, "B2", "C1") == ["B1", "C1"]


def test_route_diagonal_down_right_goes_right_first():
    """Destination down-right on an open floor: the guard steps right first."""
    assert route(OPEN4, "B2", "C3") == ["C2", "C3"]


def test_route_diagonal_down_left_goes_down_first():
    """Destination down-left on an open floor: the guard steps down first."""
    assert route(OPEN4, "C2", "B3") == ["C3", "B3"]


def test_route_diagonal_up_left_goes_left_first():
    """Destination up-left on an open floor: the guard steps left first."""
    assert route(OPEN4, "C3", "B2") == ["B3", "B2"]


def test_route_long_diagonals_hug_the_clockwise_side():
    """Over a 2x2 offset the guard finishes the first leg before turning.

    S favours the route that keeps every alternative on the guard's right, so it runs along
    the outside of the rectangle: e.g. B3->D1 (up-right) by U,U,R,R scores
    (1*1-1*2) + (1*0-1*1) + 0 + 0 = -2, against R,R,U,U = -2-2-3-3 = -10.
    """
    assert route(OPEN4, "B3", "D1") == ["B2", "B1", "C1", "D1"]  # up-right: up, up, right
    assert route(OPEN4, "B2", "D4") == ["C2", "D2", "D3", "D4"]  # down-right: right first
    assert route(OPEN4, "C2", "A4") == ["C3", "C4", "B4", "A4"]  # down-left: down first
    assert route(OPEN4, "C3", "A1") == ["B3", "A3", "A2", "A1"]  # up-left: left first


def test_route_straight_line_is_the_only_shortest_path():
    """On a straight, unwalled line there is one shortest path and the guard takes it."""
    assert route(OPEN4, "A1", "D1") == ["B1", "C1", "D1"]
    assert route(OPEN4, "B4", "B1") == ["B3", "B2", "B1"]


# ---------------------------------------------------------------------- walls, by hand


def test_route_bank_floor1_c2_to_d1_starts_left_around_the_walls():
    """Bank Job floor 1, C2 -> D1: the most clockwise path starts LEFT, away from the goal.

    Walls on that floor include C1-C2 (above C2) and C2|D2 (right of C2), so neither "up
    first" (the open-floor answer for an up-right goal) nor a step right is possible. Two
    paths of length 4 remain:

      P = C2 B2 B1 C1 D1: (2*1-1*1) + (1*0-1*1) + (1*0-2*0) + (2*0-3*0) = 1 - 1 + 0 + 0 = 0
      Q = C2 C3 D3 D2 D1: (2*2-2*1) + (2*2-3*2) + (3*1-3*2) + (3*0-3*1) = 2 - 2 - 3 - 3 = -6

    P scores higher: the guard goes left, up and along the top row, keeping Q's loop on his
    right. A plain direction preference (down before left) would have picked Q.
    """
    bank1 = FloorLayout(4, frozenset(SCENARIOS[ScenarioId.BANK].standard_walls[0]))
    assert route(bank1, "C2", "D1") == ["B2", "B1", "C1", "D1"]


def test_route_detour_around_a_wall_goes_clockwise_round_the_obstacle():
    """B1 -> B4 with a wall B2-B3: heading down, the guard passes the wall on his left (east)
    side, hugging the outer column: B1 C1 C2 C3 C4 B4.

    Hand scores of the length-5 candidates (x = column, y = row):
      B1 C1 C2 C3 C4 B4: 0 + 2 + 2 + 2 + 3 = 9
      B1 C1 C2 C3 B3 B4: 0 + 2 + 2 + 2 + 1 = 7
      B1 B2 C2 C3 C4 B4: 1 - 1 + 2 + 2 + 3 = 7
      B1 B2 C2 C3 B3 B4: 1 - 1 + 2 + 2 + 1 = 5
      any path down the west side (through A2/A3) scores less, e.g.
      B1 A1 A2 A3 A4 B4: 0 + 0 + 0 + 0 + (0*3 - 1*3) = -3
    """
    layout = FloorLayout(4, walls_of(4, "B2-B3"))
    assert route(layout, "B1", "B4") == ["C1", "C2", "C3", "C4", "B4"]
    assert route(layout, "B4", "B1") == ["A4", "A3", "A2", "A1", "B1"]  # the way back: west


def test_route_around_fort_knox_empty_square_is_clockwise():
    """C2 -> C4 on an open 5x5 floor whose C3 is empty: the square acts as walls, so the
    guard goes round it on the east side (heading down, alternatives on his right):
    C2 D2 D3 D4 C4 scores (2*1-3*1) + (3*2-3*1) + (3*3-3*2) + (3*3-2*3) = -1+3+3+3 = 8,
    the west way C2 B2 B3 B4 C4 scores (2*1-1*1) + 1 + 1 + (1*3-2*3) = 1+1+1-3 = 0."""
    layout = FloorLayout(5, frozenset(), cell_index("C3", 5))
    assert route(layout, "C2", "C4") == ["D2", "D3", "D4", "C4"]
    assert route(layout, "C4", "C2") == ["B4", "B3", "B2", "C2"]


def test_route_is_pure_and_deterministic():
    """Same walls, start and goal give the same route, whatever was computed before."""
    layout = STANDARD[2][1]
    first = {(s, g): guard_route(layout, s, g) for s, g in pairs(layout)}
    fresh = FloorLayout(layout.size, frozenset(sorted(layout.walls)), layout.empty)
    for (s, g), r in reversed(list(first.items())):
        assert guard_route(fresh, s, g) == r


def test_route_rejects_unreal_endpoints():
    """A route to or from the empty square (or off the floor) is refused, not improvised."""
    layout = FloorLayout(5, frozenset(), cell_index("C3", 5))
    with pytest.raises(ValueError):
        guard_route(layout, cell_index("C3", 5), cell_index("A1", 5))
    with pytest.raises(ValueError):
        guard_route(layout, cell_index("A1", 5), cell_index("C3", 5))
    with pytest.raises(ValueError):
        guard_route(OPEN4, cell_index("A1"), cell_index("E1", 5))


def test_route_between_tiles_walls_cut_apart_is_refused_not_walked_forever():
    """Walls that cut a floor in two leave no walk between its halves: both the public
    `guard_route` and the cached `FloorGeometry.route` the kernel uses say so."""
    cut = frozenset(
        (cell_index(f"{col}2"), cell_index(f"{col}3")) for col in "ABCD"
    )  # a wall under every tile of row 2
    layout = FloorLayout(4, cut, None)
    start, goal = cell_index("A1"), cell_index("D4")
    with pytest.raises(ValueError):
        guard_route(layout, start, goal)
    with pytest.raises(ValueError):
        geometry(layout).route(start, goal)
    assert geometry(layout).route(cell_index("A1"), cell_index("D2")) == tuple(
        guard_route(layout, cell_index("A1"), cell_index("D2"))
    )


# ---------------------------------------------------------------------- exhaustive checks


@pytest.mark.parametrize(("name", "layout"), ALL_LAYOUTS, ids=[n for n, _ in ALL_LAYOUTS])
def test_route_matches_brute_force_reference_for_every_pair(name, layout):
    """For every start/goal pair, guard_route equals the literal ruling-3 reference."""
    bad = []
    for s, g in pairs(layout):
        got = guard_route(layout, s, g)
        want = reference_route(layout, s, g)
        if got != want:
            bad.append(f"{cell_name(s)}>{cell_name(g)}: got {names(got)}, want {names(want)}")
    assert not bad, f"{name}: " + "; ".join(bad[:5])


@pytest.mark.parametrize(("name", "layout"), ALL_LAYOUTS, ids=[n for n, _ in ALL_LAYOUTS])
def test_route_is_a_walk_of_bfs_length_through_open_edges(name, layout):
    """Every route steps between open neighbours only (no wall crossed, no empty square
    entered), ends on the goal, and is exactly as long as the BFS distance."""
    adj = open_neighbours(layout)
    real = set(real_cells(layout))
    for s in real:
        dist = bfs(adj, s)
        assert set(dist) == real  # the layout is connected
        for g in real - {s}:
            r = guard_route(layout, s, g)
            assert len(r) == dist[g]
            assert r[-1] == g
            for a, b in pairwise([s, *r]):
                assert b in adj[a], f"{name} {cell_name(a)}->{cell_name(b)} is not open"
                assert b != layout.empty


@pytest.mark.parametrize(("name", "layout"), ALL_LAYOUTS, ids=[n for n, _ in ALL_LAYOUTS])
def test_route_from_any_cell_on_the_way_continues_the_same_route(name, layout):
    """A guard half-way along his route keeps walking the same route (no re-routing drift
    when his move resumes next turn)."""
    for s, g in pairs(layout):
        r = guard_route(layout, s, g)
        for i in range(len(r) - 1):
            assert guard_route(layout, r[i], g) == r[i + 1 :]


def test_most_clockwise_shortest_path_is_always_unique():
    """Documented fact: among shortest paths the largest S is never shared, so the
    up/right/down/left clause of ruling 3 never has to decide. (Two tied paths would enclose
    a region between their first fork and the next meeting point; swapping that stretch
    would raise one path's S, contradicting that both are maximal.)"""
    for _name, layout in ALL_LAYOUTS:
        adj = open_neighbours(layout)
        for s, g in pairs(layout):
            scores = [clockwise_score(p) for p in all_shortest_paths(adj, s, g)]
            assert scores.count(max(scores)) == 1


# ---------------------------------------------------------------------- golden files


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"routes-{name}.json"


def golden_data(layout: FloorLayout) -> dict[str, object]:
    return {
        "about": "guard_route for every start>goal pair; regenerate only after a deliberate "
        "rules change: python3 -m tests.engine.test_guard_route --write-golden",
        "size": layout.size,
        "walls": sorted(f"{cell_name(a)}-{cell_name(b)}" for a, b in layout.walls),
        "routes": {
            f"{cell_name(s)}>{cell_name(g)}": " ".join(names(guard_route(layout, s, g)))
            for s, g in pairs(layout)
        },
    }


@pytest.mark.parametrize(("name", "layout"), STANDARD, ids=[n for n, _ in STANDARD])
def test_route_golden_standard_layouts(name, layout):
    """The routes of every pair on the standard Office and Bank floors equal the golden
    file: any change to routing (or to the standard walls) shows up here."""
    path = golden_path(name)
    assert path.exists(), (
        f"missing {path}; run python3 -m tests.engine.test_guard_route --write-golden"
    )
    stored = json.loads(path.read_text())
    now = golden_data(layout)
    assert stored["walls"] == now["walls"], "the standard walls changed"
    assert len(stored["routes"]) == len(now["routes"]) == 240
    diff = [k for k in now["routes"] if stored["routes"].get(k) != now["routes"][k]]
    assert not diff, f"{len(diff)} routes changed, e.g. {diff[:3]}"


def test_route_golden_files_agree_with_reference():
    """The golden files are themselves right: each stored route is the reference route."""
    for name, layout in STANDARD:
        stored = json.loads(golden_path(name).read_text())["routes"]
        for key, text in stored.items():
            s, g = (cell_index(x) for x in key.split(">"))
            assert text.split() == names(reference_route(layout, s, g)), f"{name} {key}"


def write_golden() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, layout in STANDARD:
        path = golden_path(name)
        path.write_text(json.dumps(golden_data(layout), indent=1, sort_keys=True) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write-golden"]:
        write_golden()
    else:
        print("usage: python3 -m tests.engine.test_guard_route --write-golden")


@pytest.mark.parametrize(("name", "layout"), ALL_LAYOUTS, ids=[n for n, _ in ALL_LAYOUTS])
def test_a_wall_closes_exactly_the_passage_between_its_two_tiles(name, layout):
    """A walled floor's neighbour lists (derived from the open floor's, which they share
    where no wall touches) are the grid neighbours with no wall between, in both orders."""
    geo = geometry(layout)
    for cell in range(layout.size * ROW_STRIDE):
        expected = []
        if layout.is_real(cell):
            expected = [
                nb
                for nb in grid_neighbours(layout.size, cell)
                if layout.is_real(nb) and (min(cell, nb), max(cell, nb)) not in layout.walls
            ]
        assert geo.open[cell] == expected, (name, cell)
        assert geo.open_sorted[cell] == sorted(expected), (name, cell)
