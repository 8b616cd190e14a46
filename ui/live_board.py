"""The live board widget: persistent tile buttons, redrawn part by part from the typed view.

What each tile shows (`TileLook`) and the guards' lines are computed in `ui.board` (pure).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine import Reach, floor_of, parse_pos
from ui.board import (
    SVG_NS,
    GuardPath,
    TileLook,
    _element,
    _svg,
    _tile_parts,
    guard_path,
    next_move_words,
    seen_top_words,
    wall_sides,
)

if TYPE_CHECKING:
    from engine.rules.view import FloorView, GameView, PlayerView, TileOffer
    from ui.board import GuardPath


class LiveBoard:
    """The building as persistent tile buttons in a WAI-ARIA grid per floor (one tab stop
    each: roving tabindex); `update` redraws only the parts that changed."""

    def __init__(self, document: Any, container: Any) -> None:
        self.document = document
        self.container = container
        self.key: tuple[object, ...] = ()
        self.tiles: dict[int, dict[str, Any]] = {}
        self.last: dict[int, TileLook] = {}
        self.titles: list[Any] = []
        self.title_text: list[str] = []
        self.sections: list[Any] = []
        self.tabs: list[Any] = []
        self.overlays: list[Any] = []
        self.routes: list[tuple[Any, ...]] = []
        self.stops: list[str] = []  # per floor: the tile that holds the floor's tab stop
        self.by_name: dict[str, Any] = {}
        self.protos: dict[tuple[str, str], Any] = {}
        self.active = 0
        self.size = 4
        self.followed = 0  # the floor the phone's tabs show: the one of the burglar who plays
        self.head_room = 0.0  # the floor head `layout.fit` measured last (not 0)
        # what the tiles were last drawn from: (view, show_all, the offers marked)
        self.drawn: tuple[GameView, bool, Mapping[int, TileOffer]] | None = None
        self.drawn_selected = -1

    def build(self, view: GameView) -> None:
        from ui.messages import t

        doc = self.document
        size = view.size
        self.size = size
        self.followed = 0
        self.head_room = 0.0
        self.drawn = None
        fragment = doc.createDocumentFragment()
        self.tiles, self.last, self.titles, self.title_text = {}, {}, [], []
        self.sections, self.tabs, self.overlays, self.routes, self.stops = [], [], [], [], []
        self.by_name = {}
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
            row_el: Any = None
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
    def _key(view: GameView) -> tuple[object, ...]:
        return (view.scenario, tuple(f.walls for f in view.floors))

    def update(
        self,
        view: GameView,
        selected: int = -1,
        show_all: bool = False,
        offers: Mapping[int, TileOffer] | None = None,
    ) -> int:
        """Bring the tiles in line with the view; return how many tiles changed. The tiles
        are marked as the view's `offers` say (a review passes none: it offers nothing)."""
        from ui.messages import t

        if self._key(view) != self.key:
            self.build(view)
        if offers is None:
            offers = view.offers
        players = view.players
        crow = view.crow
        # Who stands where, once per update: a tile's inputs below say whether it can change.
        here: dict[int | None, list[tuple[int, str, str, int, bool]]] = {}
        for p in players:
            if p.entered and not p.escaped:
                here.setdefault(p.pos, []).append(
                    (p.index, p.character, p.name, p.hack, p.alarm_held)
                )
        # The same view with another tile selected (a click on the board): only the tiles
        # whose selection changed can look different.
        drawn = (view, show_all, offers)
        last = self.drawn
        only: set[int] | None = None
        if last is not None and last[0] is view and last[1] == show_all and last[2] is offers:
            only = {self.drawn_selected, selected}
        self.drawn, self.drawn_selected = drawn, selected
        changed = 0
        for i, fl in enumerate(view.floors):
            if only is not None and not any(floor_of(pos) == i for pos in only):
                continue
            guard = fl.guard
            path = guard_path(guard, show_all)
            if only is not None:
                changed += self._update_tiles(fl, only, players, here, path, selected, offers, crow)
                continue
            parts_info = []
            if guard.pos is not None and not guard.lost:
                parts_info.append(t("token.guard", speed=guard.speed))
            if guard.alarms:
                parts_info.append(t("floor.alarms", n=guard.alarms))
            if guard.next is not None:
                parts_info.append(next_move_words(guard.next))
                if view.event_if_end_now:  # the engine's walk assumes the Event changes nothing
                    parts_info.append(t("floor.event_may_change"))
            seen = seen_top_words(guard)
            if seen:
                parts_info.append(seen)
            info = " · ".join(parts_info)
            if info != self.title_text[i]:
                self.titles[i].textContent = info
                self.title_text[i] = info
            self._draw_route(i, path)
            changed += self._update_tiles(fl, None, players, here, path, selected, offers, crow)
        return changed

    def _update_tiles(
        self,
        fl: FloorView,
        only: set[int] | None,
        players: tuple[PlayerView, ...],
        here: dict[int | None, list[tuple[int, str, str, int, bool]]],
        path: GuardPath,
        selected: int,
        offers: Mapping[int, TileOffer],
        crow: int | None,
    ) -> int:
        """Redraw the tiles of one floor (those of `only`, if given) whose inputs changed."""
        guard = fl.guard
        changed = 0
        gpos, gdest, gspeed = guard.pos, guard.dest, guard.speed
        for tile in fl.tiles:
            pos = tile.pos
            if only is not None and pos not in only:
                continue
            refs = self.tiles[pos]
            offer = offers.get(pos)
            reach = offer.reach if offer is not None else Reach.NONE
            inputs = (
                tile,
                gpos == pos and gspeed,
                gdest == pos,
                path.steps.get(pos, ()),
                pos == path.unknown_at and path.unknown,
                tuple(here.get(pos, ())),
                pos == selected,
                reach,
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
                path,
                selected,
                reach,
                crow,
                refs["sides"],
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
                pawn.appendChild(self.icon("m-pawn", "figure"))
                pawn.appendChild(self.icon(f"c-{character}", "ic"))
                pawns.append(pawn)
            refs["pawns"].replaceChildren(*pawns)

    def _draw_route(self, i: int, path: GuardPath) -> None:
        """The guard's path as arrows between tile centres, in the floor's SVG overlay."""
        key = path.segments
        if key == self.routes[i]:
            return
        self.routes[i] = key
        doc = self.document
        overlay = self.overlays[i]
        items = []
        for r0, c0, r1, c1, is_next in path.segments:
            x0, y0, x1, y1 = c0 * 100 + 50, r0 * 100 + 50, c1 * 100 + 50, r1 * 100 + 50
            # Centre to centre, the arrowhead halfway: in the gap between the two tiles.
            arrow = doc.createElementNS(SVG_NS, "path")
            arrow.setAttribute("d", f"M{x0} {y0}L{(x0 + x1) / 2} {(y0 + y1) / 2}L{x1} {y1}")
            arrow.setAttribute("class", "step next" if is_next else "step later")
            arrow.setAttribute("marker-mid", "url(#route-arrow)")
            items.append(arrow)
        overlay.replaceChildren(*items)
