"""The live board: the building as CSS grids of tile buttons, drawn from the typed view."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.rules.actions import Action, ActionKind, floor_of, parse_pos, pos_text, row_col
from engine.rules.data import cell_index

if TYPE_CHECKING:
    from engine.rules.view import GameView, GuardView, PlayerView, TileView


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


def _element(document: Any, tag: str, classes: str = "", text: str | None = None) -> Any:
    element = document.createElement(tag)
    if classes:
        element.className = classes
    if text is not None:
        element.textContent = text
    return element


# ---------------------------------------------------------------------- the live board

SPRITE = "./assets/icons.svg"
SVG_NS = "http://www.w3.org/2000/svg"
# Actions whose target is where you walk or look: marked as plain moves. Any other action
# aimed at a tile (a tool, an ability) marks it differently.
MOVE_KINDS = frozenset({ActionKind.MOVE, ActionKind.PEEK, ActionKind.ENTER})
SIDES = ("n", "e", "s", "w")
# The icon classes the board draws; the legend names every one (a test checks both ways).
TOKEN_ICONS = (
    "t-alarm",
    "t-hack",
    "t-open",
    "t-stealth",
    "t-dice",
    "t-cracked",
    "t-safe-open",
    "t-tool-taken",
    "t-disabled",
    "t-downstairs",
    "t-thermal",
    "t-loot",
    "t-kitty",
    "t-crow",
    "t-laptop",
    "t-alarm-held",
)
MARK_ICONS = ("m-move", "m-tool", "m-dest")


class TileLook(NamedTuple):
    """Everything a tile shows. Pure data (hashable): the board redraws a part when it changes."""

    classes: str
    kind: str  # the room's name, '' when face down
    number: str  # the Safe combination number
    tokens: tuple[tuple[str, str], ...]  # (icon id, count text)
    guard: int  # the guard's speed when he stands here, else 0
    burglars: tuple[tuple[int, str], ...]  # (player index, character)
    icon: str  # the room's icon id ('k-back' face down, '' no tile)
    label: str  # the accessible name
    title: str  # the help text (tooltip)
    marks: tuple[str, ...]  # m-move / m-tool / m-dest


def target_sets(legal: Iterable[Action]) -> tuple[set[str], set[str]]:
    """Legal actions -> the position texts of (tiles you can move, peek or enter to; tiles only
    a tool or an ability can target)."""
    moves: set[str] = set()
    others: set[str] = set()
    for action in legal:
        if action.kind == ActionKind.CHOOSE or action.pos < 0:
            continue
        (moves if action.kind in MOVE_KINDS else others).add(pos_text(action.pos))
    return moves, others - moves


def _tile_parts(
    tile: TileView,
    view_players: Iterable[PlayerView],
    guard: GuardView | None,
    steps: dict[int, int],
    show_all: bool,
    selected: int,
    legal_tiles: set[str],
    crow: int | None = None,
    walls: Iterable[str] = (),
    tool_tiles: set[str] | None = None,
    legal: Iterable[Action] = (),
) -> TileLook:
    """What one tile shows and says. `legal_tiles` are the tiles a Move, Peek or entrance can
    reach (or, called with `legal` actions, computed from them); `tool_tiles` those only a tool
    or an ability can target; `guard` is the floor's guard (None: no guard to draw). Pure:
    tested in CPython."""
    from ui.messages import help_of, name_of, t

    if legal:
        legal_tiles, tool_tiles = target_sets(legal)
    tool_tiles = tool_tiles or set()
    pos = tile.pos
    floor = tile.floor + 1
    classes = ["tile"]
    words: list[str] = []
    tokens: list[tuple[str, str]] = []
    marks: list[str] = []
    kind_text = number = title = icon = face = ""

    def token(icon_id: str, word: str, count: str = "") -> None:
        tokens.append((icon_id, count))
        words.append(word)

    if tile.empty:
        classes.append("no-tile")
        what = t("tile.empty")
    elif tile.revealed and tile.kind is not None:
        kind = tile.kind
        classes += ["revealed", f"kind-{kind}"]
        kind_text = name_of("kind", kind)
        title = help_of("kind", kind)
        face = _catalog_get(f"tile.short.{kind}") or kind_text  # what fits on the tile
        icon = f"k-{kind}"
        what = kind_text
        if tile.number:
            number = str(tile.number)
            words.append(t("token.number", n=number))
        if tile.alarm:
            classes.append("alarm")
            token("t-alarm", t("token.alarm"))
        if tile.hack:
            token("t-hack", t("token.hack", n=tile.hack), str(tile.hack))
        if tile.open:
            token("t-open", t("token.open"))
        if tile.stealth:
            token("t-stealth", t("token.stealth", n=tile.stealth), str(tile.stealth))
        if tile.dice:
            token("t-dice", t("token.dice", n=tile.dice), str(tile.dice))
        if tile.cracked:
            classes.append("cracked")
            token("t-cracked", t("token.cracked"))
        if tile.safe_open:
            token("t-safe-open", t("token.safe_open"))
        if tile.tool_taken:
            token("t-tool-taken", t("token.tool_taken"))
        if tile.disabled:
            token("t-disabled", t("token.disabled"))
    else:
        classes.append("face-down")
        icon = "k-back"
        what = t("tile.facedown")
    if tile.downstairs:
        token("t-downstairs", t("token.downstairs"))
    if tile.thermal:
        token("t-thermal", t("token.thermal"))
    for loot in tile.loot:
        token(
            "t-kitty" if loot == "persian-kitty" else "t-loot",
            t("token.loot", name=name_of("loot", loot)),
        )
    if crow == pos:
        classes.append("has-crow")
        token("t-crow", t("token.crow"))
    guard_speed = 0
    if guard is not None and guard.pos == pos:
        classes.append("has-guard")
        guard_speed = guard.speed
        words.append(t("token.guard", speed=guard.speed))
    if guard is not None and guard.dest == pos:
        classes.append("dest")
        marks.append("m-dest")
        words.append(t("token.guard_dest"))
    step = steps.get(pos, 0)
    if step and (show_all or (guard is not None and step <= guard.speed)):
        classes.append("route")
        words.append(t("token.route", n=step))
    burglars: list[tuple[int, str]] = []
    for p in view_players:
        if p.pos != pos or not p.entered or p.escaped:
            continue
        burglars.append((p.index, str(p.character)))
        extra = []
        if p.hack:
            tokens.append(("t-laptop", str(p.hack)))
            extra.append(t("token.laptop", n=p.hack))
        if p.alarm_held:
            tokens.append(("t-alarm-held", ""))
            extra.append(t("token.alarm_held"))
        words.append(" ".join([t("token.burglar", name=p.name), *extra]))
    if burglars:
        classes.append("has-burglar")
    sides = [side for side in SIDES if side in set(walls)]
    if sides:
        words.append(t("tile.walls", sides=", ".join(t(f"tile.wall.{s}") for s in sides)))
    name = tile.name
    if name in legal_tiles:
        classes.append("actionable")
        marks.insert(0, "m-move")
        words.append(t("tile.can_move"))
    elif name in tool_tiles:
        classes.append("tool-target")
        marks.insert(0, "m-tool")
        words.append(t("tile.can_tool"))
    if pos == selected:
        classes.append("selected")
        words.append(t("token.selected"))
    if len(tokens) > 4:
        classes.append("many-tokens")
    if len(burglars) + (1 if guard_speed else 0) > 3:
        classes.append("many-pawns")
    label = t("tile.label", floor=floor, cell=tile.cell, what=", ".join([what, *words]))
    return TileLook(
        " ".join(classes),
        face if kind_text else "",
        number,
        tuple(tokens),
        guard_speed,
        tuple(burglars),
        icon,
        label,
        title,
        tuple(marks),
    )


def _catalog_get(key: str) -> str:
    from ui.messages import has, t

    return t(key) if has(key) else ""


def tile_labels(view: GameView, selected: int = -1) -> dict[str, str]:
    """Every tile's accessible name, as the live board gives it: the test's yardstick."""
    out = {}
    moves, tools = target_sets(view.legal)
    for fl in view.floors:
        sides = wall_sides(view.size, fl.walls)
        steps = {p: k + 1 for k, p in enumerate(fl.guard.route)}
        for tile in fl.tiles:
            look = _tile_parts(
                tile,
                view.players,
                fl.guard,
                steps,
                False,
                selected,
                moves,
                view.crow,
                sides.get(tile.cell_index, ()),
                tools,
            )
            out[tile.name] = look.label
    return out


def _svg(doc: Any, icon_id: str, classes: str) -> Any:
    svg = doc.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", classes)
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("focusable", "false")
    use = doc.createElementNS(SVG_NS, "use")
    use.setAttribute("href", f"{SPRITE}#{icon_id}")
    svg.appendChild(use)
    return svg


def route_segments(guard: GuardView, show_all: bool) -> list[tuple[int, int, int, int]]:
    """The guard's path to draw, as (row, col) -> (row, col) steps within his floor: his next
    move (speed steps), or the whole way there with `show_all`."""
    pos = guard.pos
    route = guard.route
    if pos is None or not route or guard.lost:
        return []
    if not show_all:
        route = route[: guard.speed]
    out = []
    prev = row_col(pos)
    for step in route:
        here = row_col(step)
        out.append((*prev, *here))
        prev = here
    return out


class LiveBoard:
    """The building as persistent tile buttons in a WAI-ARIA grid per floor (one tab stop
    each: roving tabindex); `update` redraws only the parts that changed."""

    def __init__(self, document: Any, container: Any) -> None:
        self.document = document
        self.container = container
        self.key: tuple = ()
        self.tiles: dict[int, dict[str, Any]] = {}
        self.last: dict[int, TileLook] = {}
        self.titles: list[Any] = []
        self.title_text: list[str] = []
        self.sections: list[Any] = []
        self.tabs: list[Any] = []
        self.overlays: list[Any] = []
        self.routes: list[tuple] = []
        self.stops: list[str] = []  # per floor: the tile that holds the floor's tab stop
        self.by_name: dict[str, Any] = {}
        self.protos: dict[tuple[str, str], Any] = {}
        self.active = 0
        self.size = 4

    def build(self, view: GameView) -> None:
        from ui.messages import t

        doc = self.document
        size = view.size
        self.size = size
        fragment = doc.createDocumentFragment()
        self.tiles, self.last, self.titles, self.title_text = {}, {}, [], []
        self.sections, self.tabs, self.overlays, self.routes, self.stops = [], [], [], [], []
        self.by_name: dict[str, Any] = {}
        # A phone shows one floor at a time: these tabs switch it (CSS hides them when wide).
        tabs = _element(doc, "nav", "floor-tabs")
        tabs.setAttribute("aria-label", t("game.floors"))
        for fl in view.floors:
            n = fl.floor + 1
            tab = _element(doc, "button", "btn floor-tab", t("game.floor", n=n))
            tab.type = "button"
            tab.setAttribute("data-cmd", "floor")
            tab.setAttribute("data-id", str(n))
            tab.setAttribute("aria-controls", f"floor-{n}")
            tabs.appendChild(tab)
            self.tabs.append(tab)
        fragment.appendChild(tabs)
        for fl in view.floors:
            n = fl.floor + 1
            section = _element(doc, "section", "floor")
            section.id = f"floor-{n}"
            self.sections.append(section)
            head = _element(doc, "div", "floor-head")
            heading = _element(doc, "h2", "floor-title", t("game.floor", n=n))
            heading.id = f"floor-{n}-title"
            section.setAttribute("aria-labelledby", heading.id)
            info = _element(doc, "p", "floor-info")
            self.titles.append(info)
            self.title_text.append("")
            head.appendChild(heading)
            head.appendChild(info)
            grid = _element(doc, "div", "floor-grid")
            grid.setAttribute("role", "grid")
            grid.setAttribute("aria-labelledby", heading.id)
            grid.style.setProperty("--size", str(size))
            sides = wall_sides(size, fl.walls)
            row_el = None
            for k, tile in enumerate(fl.tiles):
                if k % size == 0:
                    row_el = _element(doc, "div", "floor-row")
                    row_el.setAttribute("role", "row")
                    grid.appendChild(row_el)
                cell_sides = sorted(sides.get(tile.cell_index, ()))
                walled = " ".join(f"wall-{s}" for s in cell_sides)
                gridcell = _element(doc, "div", "gridcell")
                gridcell.setAttribute("role", "gridcell")
                button = _element(doc, "button", "tile")
                button.type = "button"
                button.setAttribute("data-pos", tile.name)
                button.setAttribute("data-floor", str(n))
                button.setAttribute("data-cell", tile.cell)
                button.setAttribute("tabindex", "0" if k == 0 else "-1")
                refs: dict[str, Any] = {"button": button, "walls": walled, "sides": cell_sides}
                for part in ("cell", "hints", "num", "room", "pawns", "name", "toks"):
                    span = _element(doc, "span", f"part {part}")
                    span.setAttribute("aria-hidden", "true")
                    button.appendChild(span)
                    refs[part] = span
                refs["cell"].textContent = tile.cell
                gridcell.appendChild(button)
                row_el.appendChild(gridcell)
                self.tiles[tile.pos] = refs
                self.by_name[tile.name] = button
            self.stops.append(fl.tiles[0].name)
            overlay = doc.createElementNS(SVG_NS, "svg")
            overlay.setAttribute("class", "routes")
            overlay.setAttribute("aria-hidden", "true")
            overlay.setAttribute("viewBox", f"0 0 {size * 100} {size * 100}")
            overlay.setAttribute("preserveAspectRatio", "none")
            grid.appendChild(overlay)
            self.overlays.append(overlay)
            self.routes.append(())
            section.appendChild(head)
            section.appendChild(grid)
            fragment.appendChild(section)
        self.container.replaceChildren(fragment)
        self.container.setAttribute("data-scenario", str(view.scenario))
        self.container.style.setProperty("--floors", str(len(view.floors)))
        self.container.style.setProperty("--size", str(size))
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

    def set_stop(self, name: str) -> None:
        """Move the floor's single tab stop to this tile (roving tabindex)."""
        new = self.by_name.get(name)
        if new is None:
            return
        floor = floor_of(parse_pos(name)) + 1
        if not 1 <= floor <= len(self.stops):
            return
        old = self.stops[floor - 1]
        if old == name:
            return
        if old in self.by_name:
            self.by_name[old].setAttribute("tabindex", "-1")
        new.setAttribute("tabindex", "0")
        self.stops[floor - 1] = name

    @staticmethod
    def _key(view: GameView) -> tuple:
        return (view.scenario, tuple(f.walls for f in view.floors))

    def update(
        self,
        view: GameView,
        selected: int = -1,
        show_all: bool = False,
        legal_tiles: set[str] | None = None,
        tool_tiles: set[str] | None = None,
    ) -> int:
        """Bring the tiles in line with the view; return how many tiles changed."""
        from ui.messages import t

        if self._key(view) != self.key:
            self.build(view)
        if legal_tiles is None:
            legal_tiles, tool_tiles = target_sets(view.legal)
        players = view.players
        crow = view.crow
        # Who stands where, once per update: a tile's inputs below say whether it can change.
        here: dict[int | None, list[tuple[int, str, str, int, bool]]] = {}
        for p in players:
            if p.entered and not p.escaped:
                here.setdefault(p.pos, []).append(
                    (p.index, p.character, p.name, p.hack, p.alarm_held)
                )
        changed = 0
        for i, fl in enumerate(view.floors):
            guard = fl.guard
            steps = {p: k + 1 for k, p in enumerate(guard.route)}
            parts_info = []
            if guard.pos is not None and not guard.lost:
                parts_info.append(t("token.guard", speed=guard.speed))
            if guard.alarms:
                parts_info.append(t("floor.alarms", n=guard.alarms))
            info = " · ".join(parts_info)
            if info != self.title_text[i]:
                self.titles[i].textContent = info
                self.title_text[i] = info
            self._draw_route(i, guard, show_all)
            gpos, gdest, gspeed = guard.pos, guard.dest, guard.speed
            for tile in fl.tiles:
                pos = tile.pos
                refs = self.tiles[pos]
                name = tile.name
                inputs = (
                    tile,
                    gpos == pos and gspeed,
                    gdest == pos,
                    steps.get(pos, 0),
                    show_all,
                    tuple(here.get(pos, ())),
                    pos == selected,
                    name in legal_tiles,
                    bool(tool_tiles) and name in tool_tiles,
                    crow == pos,
                    gspeed,
                )
                if refs.get("inputs") == inputs:
                    continue
                refs["inputs"] = inputs
                look = _tile_parts(
                    tile,
                    players,
                    guard,
                    steps,
                    show_all,
                    selected,
                    legal_tiles,
                    crow,
                    refs["sides"],
                    tool_tiles,
                )
                old = self.last.get(pos)
                if look == old:
                    continue
                changed += 1
                self._draw_tile(refs, look, old)
                self.last[pos] = look
        return changed

    def icon(self, icon_id: str, classes: str) -> Any:
        """An icon element: one cloneNode of a cached prototype (one call into the DOM
        instead of building the <svg><use> anew)."""
        key = (icon_id, classes)
        proto = self.protos.get(key)
        if proto is None:
            proto = self.protos[key] = _svg(self.document, icon_id, classes)
        return proto.cloneNode(True)

    def _draw_tile(self, refs: dict[str, Any], look: TileLook, old: TileLook | None) -> None:
        doc = self.document
        button = refs["button"]
        if old is None or old.classes != look.classes:
            button.className = look.classes + (" " + refs["walls"] if refs["walls"] else "")
        if old is None or old.label != look.label:
            button.setAttribute("aria-label", look.label)
        if old is None or old.title != look.title:
            button.title = look.title
        if old is None or old.kind != look.kind:
            refs["name"].textContent = look.kind
        if old is None or old.number != look.number:
            refs["num"].textContent = look.number
        if old is None or old.icon != look.icon:
            refs["room"].replaceChildren(*([self.icon(look.icon, "ic")] if look.icon else []))
        if old is None or old.marks != look.marks:
            refs["hints"].replaceChildren(*[self.icon(m, f"ic {m}") for m in look.marks])
        if old is None or old.tokens != look.tokens:
            items = []
            for icon_id, count in look.tokens:
                box = _element(doc, "span", f"tok {icon_id}")
                box.appendChild(self.icon(icon_id, "ic"))
                if count:
                    box.appendChild(_element(doc, "span", "count", count))
                items.append(box)
            refs["toks"].replaceChildren(*items)
        if old is None or old.guard != look.guard or old.burglars != look.burglars:
            pawns = []
            if look.guard:
                pawn = _element(doc, "span", "pawn guard")
                pawn.appendChild(self.icon("m-guard", "ic"))
                pawn.appendChild(self.icon(f"die-{look.guard}", "die"))
                pawns.append(pawn)
            for index, character in look.burglars:
                pawn = _element(doc, "span", f"pawn burglar p{index}")
                pawn.setAttribute("data-player", str(index))
                pawn.appendChild(self.icon(f"c-{character}", "ic"))
                pawns.append(pawn)
            refs["pawns"].replaceChildren(*pawns)

    def _draw_route(self, i: int, guard: GuardView, show_all: bool) -> None:
        """The guard's path as arrows between tile centres, in the floor's SVG overlay."""
        segments = route_segments(guard, show_all)
        key = (tuple(segments), show_all)
        if key == self.routes[i]:
            return
        self.routes[i] = key
        doc = self.document
        overlay = self.overlays[i]
        speed = guard.speed
        items = []
        for k, (r0, c0, r1, c1) in enumerate(segments):
            x0, y0, x1, y1 = c0 * 100 + 50, r0 * 100 + 50, c1 * 100 + 50, r1 * 100 + 50
            # Centre to centre, the arrowhead halfway: in the gap between the two tiles.
            path = doc.createElementNS(SVG_NS, "path")
            path.setAttribute("d", f"M{x0} {y0}L{(x0 + x1) / 2} {(y0 + y1) / 2}L{x1} {y1}")
            path.setAttribute("class", "step next" if k < speed else "step later")
            path.setAttribute("marker-mid", "url(#route-arrow)")
            items.append(path)
        overlay.replaceChildren(*items)
