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


# ---------------------------------------------------------------------- the live board


def _tile_parts(
    tile: dict[str, Any],
    view_players: list[dict[str, Any]],
    guard: dict[str, Any],
    steps: dict[int, int],
    show_all: bool,
    selected: int,
    legal_tiles: set[str],
    crow: int | None = None,
) -> tuple:
    """Everything a tile shows, as a hashable tuple: (classes, kind, number, tokens, guard,
    burglars, step, label, title). Pure: tested in CPython."""
    from ui.messages import help_of, name_of, t

    pos = tile["pos"]
    floor = (pos >> 6) + 1
    classes = ["tile"]
    words: list[str] = []
    tokens: list[str] = []
    kind_text = number = title = ""
    if tile.get("empty"):
        classes.append("no-tile")
        what = t("tile.empty")
    elif tile.get("revealed"):
        kind = tile["kind"]
        classes += ["revealed", f"kind-{kind}"]
        kind_text = name_of("kind", kind)
        title = help_of("kind", kind)
        what = kind_text
        if tile.get("number"):
            number = str(tile["number"])
            words.append(t("token.number", n=number))
        if tile.get("alarm"):
            classes.append("alarm")
            tokens.append("⚠")
            words.append(t("token.alarm"))
        if tile.get("hack"):
            tokens.append(f"H{tile['hack']}")
            words.append(t("token.hack", n=tile["hack"]))
        if tile.get("open"):
            tokens.append("open")
            words.append(t("token.open"))
        if tile.get("stealth"):
            tokens.append(f"♥{tile['stealth']}")
            words.append(t("token.stealth", n=tile["stealth"]))
        if tile.get("dice"):
            tokens.append(f"d{tile['dice']}")
            words.append(t("token.dice", n=tile["dice"]))
        if tile.get("cracked"):
            classes.append("cracked")
            tokens.append("✓")
            words.append(t("token.cracked"))
        if tile.get("safe_open"):
            tokens.append("★")
            words.append(t("token.safe_open"))
        if tile.get("tool_taken"):
            words.append(t("token.tool_taken"))
        if tile.get("disabled"):
            tokens.append("✕")
            words.append(t("token.disabled"))
    else:
        classes.append("face-down")
        what = t("tile.facedown")
    if tile.get("downstairs"):
        tokens.append("↓")
        words.append(t("token.downstairs"))
    if tile.get("thermal"):
        tokens.append("◍")
        words.append(t("token.thermal"))
    for loot in tile.get("loot", ()):
        tokens.append("cat" if loot == "persian-kitty" else "$")
        words.append(t("token.loot", name=name_of("loot", loot)))
    if crow == pos:
        classes.append("has-crow")
        tokens.append("🐦")
        words.append(t("token.crow"))
    guard_text = ""
    if guard.get("pos") == pos:
        classes.append("has-guard")
        guard_text = f"G{guard.get('speed', '')}"
        words.append(t("token.guard", speed=guard.get("speed")))
    if guard.get("dest") == pos:
        classes.append("dest")
        words.append(t("token.guard_dest"))
    step = steps.get(pos, 0)
    step_text = ""
    if step and (show_all or step <= guard.get("speed", 0)):
        classes.append("route")
        step_text = str(step)
        words.append(t("token.route", n=step))
    if guard.get("dest") == pos:
        step_text += "◎"
    here = [
        p for p in view_players if p.get("pos") == pos and p.get("entered") and not p.get("escaped")
    ]
    badges = []
    for p in here:
        badge = p["name"][:2]
        extra = []
        if p.get("hack"):
            badge += f"+H{p['hack']}"
            extra.append(t("token.laptop", n=p["hack"]))
        if p.get("alarm_held"):
            badge += "+⚠"
            extra.append(t("token.alarm_held"))
        badges.append(badge)
        words.append(" ".join([t("token.burglar", name=p["name"]), *extra]))
    burglars = " ".join(badges)
    if here:
        classes.append("has-burglar")
    if pos == selected:
        classes.append("selected")
        words.append(t("token.selected"))
    name = tile["name"]
    if name in legal_tiles:
        classes.append("actionable")
    label = t("tile.label", floor=floor, cell=tile["cell"], what=", ".join([what, *words]))
    return (
        " ".join(classes),
        kind_text,
        number,
        " ".join(tokens),
        guard_text,
        burglars,
        step_text,
        label,
        title,
    )


class LiveBoard:
    """The building as persistent tile buttons; `update` changes only what changed."""

    SPANS = ("kind", "num", "tokens", "guard", "burglars", "step")

    def __init__(self, document: Any, container: Any) -> None:
        self.document = document
        self.container = container
        self.key: tuple = ()
        self.tiles: dict[int, dict[str, Any]] = {}
        self.last: dict[int, tuple] = {}
        self.titles: list[Any] = []
        self.title_text: list[str] = []
        self.sections: list[Any] = []
        self.tabs: list[Any] = []
        self.active = 0

    def build(self, view: dict[str, Any]) -> None:
        from ui.messages import t

        doc = self.document
        size = view["size"]
        fragment = doc.createDocumentFragment()
        self.tiles, self.last, self.titles, self.title_text = {}, {}, [], []
        self.sections, self.tabs = [], []
        # A phone shows one floor at a time: these tabs switch it (CSS hides them when wide).
        tabs = _element(doc, "nav", "floor-tabs")
        tabs.setAttribute("aria-label", t("game.floors"))
        for fl in view["floors"]:
            n = fl["floor"] + 1
            tab = _element(doc, "button", "btn floor-tab", t("game.floor", n=n))
            tab.type = "button"
            tab.setAttribute("data-cmd", "floor")
            tab.setAttribute("data-id", str(n))
            tab.setAttribute("aria-controls", f"floor-{n}")
            tabs.appendChild(tab)
            self.tabs.append(tab)
        fragment.appendChild(tabs)
        for fl in view["floors"]:
            n = fl["floor"] + 1
            section = _element(doc, "section", "floor")
            section.id = f"floor-{n}"
            self.sections.append(section)
            heading = _element(doc, "h2", "floor-title", t("game.floor", n=n))
            heading.id = f"floor-{n}-title"
            section.setAttribute("aria-labelledby", heading.id)
            info = _element(doc, "p", "floor-info")
            self.titles.append(info)
            self.title_text.append("")
            grid = _element(doc, "div", "floor-grid")
            grid.setAttribute("role", "group")
            grid.setAttribute("aria-labelledby", heading.id)
            grid.style.setProperty("--size", str(size))
            sides = wall_sides(size, [tuple(w) for w in fl["walls"]])
            for tile in fl["tiles"]:
                walled = " ".join(f"wall-{s}" for s in sorted(sides.get(tile["pos"] & 63, ())))
                button = _element(doc, "button", "tile")
                button.type = "button"
                button.setAttribute("data-pos", tile["name"])
                button.setAttribute("data-floor", str(n))
                button.setAttribute("data-cell", tile["cell"])
                refs: dict[str, Any] = {"button": button, "walls": walled}
                cell = _element(doc, "span", "cell", tile["cell"])
                cell.setAttribute("aria-hidden", "true")
                button.appendChild(cell)
                for part in self.SPANS:
                    span = _element(doc, "span", part)
                    span.setAttribute("aria-hidden", "true")
                    button.appendChild(span)
                    refs[part] = span
                grid.appendChild(button)
                self.tiles[tile["pos"]] = refs
            section.appendChild(heading)
            section.appendChild(info)
            section.appendChild(grid)
            fragment.appendChild(section)
        self.container.replaceChildren(fragment)
        self.container.setAttribute("data-scenario", str(view["scenario"]))
        self.key = self._key(view)
        keep = self.active if 1 <= self.active <= len(self.sections) else 1
        self.active = 0
        self.show_floor(keep)  # a rebuild (a wall blown away) keeps the floor on show

    def show_floor(self, n: int) -> None:
        """The floor (from 1) a narrow screen shows; its tab is marked pressed."""
        if not 1 <= n <= len(self.sections) or n == self.active:
            return
        self.active = n
        for k, (section, tab) in enumerate(zip(self.sections, self.tabs, strict=True), start=1):
            section.className = "floor active" if k == n else "floor"
            tab.setAttribute("aria-pressed", "true" if k == n else "false")

    @staticmethod
    def _key(view: dict[str, Any]) -> tuple:
        return (view["scenario"], tuple(tuple(map(tuple, f["walls"])) for f in view["floors"]))

    def update(
        self,
        view: dict[str, Any],
        selected: int = -1,
        show_all: bool = False,
        legal_tiles: set[str] | None = None,
    ) -> int:
        """Bring the tiles in line with the view; return how many tiles changed."""
        from ui.messages import t

        if self._key(view) != self.key:
            self.build(view)
        legal_tiles = legal_tiles or set()
        players = view["players"]
        crow = view.get("crow")
        changed = 0
        for i, fl in enumerate(view["floors"]):
            guard = fl["guard"]
            steps = {p: k + 1 for k, p in enumerate(guard.get("route") or ())}
            parts_info = []
            if guard.get("pos") is not None and not guard.get("lost"):
                parts_info.append(t("token.guard", speed=guard["speed"]))
                if guard.get("dest") is not None:
                    from ui.describe import pos_text

                    parts_info.append("→ " + pos_text(guard["dest"]))
            if guard.get("alarms"):
                parts_info.append(f"⚠ {guard['alarms']}")
            info = " · ".join(parts_info)
            if info != self.title_text[i]:
                self.titles[i].textContent = info
                self.title_text[i] = info
            for tile in fl["tiles"]:
                pos = tile["pos"]
                parts = _tile_parts(
                    tile, players, guard, steps, show_all, selected, legal_tiles, crow
                )
                old = self.last.get(pos)
                if parts == old:
                    continue
                changed += 1
                refs = self.tiles[pos]
                button = refs["button"]
                classes = parts[0] + (" " + refs["walls"] if refs["walls"] else "")
                if old is None or old[0] != parts[0]:
                    button.className = classes
                for k, part in enumerate(self.SPANS, start=1):
                    if old is None or old[k] != parts[k]:
                        refs[part].textContent = parts[k]
                if old is None or old[7] != parts[7]:
                    button.setAttribute("aria-label", parts[7])
                if old is None or old[8] != parts[8]:
                    button.title = parts[8]
                self.last[pos] = parts
        return changed
