"""What the board shows, as pure data: each tile's look and words, walls, the guards' lines.

The widget that draws it is `ui.live_board.LiveBoard`; everything here is tested in CPython.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from engine import Reach, cell_index, row_col

if TYPE_CHECKING:
    from engine.rules.view import GameView, GuardMove, GuardView, PlayerView, TileView


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

SPRITE = ""  # the icons' symbols are in the page (the build writes assets/icons.svg in)
SVG_NS = "http://www.w3.org/2000/svg"
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


def _tile_parts(
    tile: TileView,
    view_players: Iterable[PlayerView],
    guard: GuardView | None,
    path: GuardPath | None,
    selected: int,
    reach: Reach = Reach.NONE,
    crow: int | None = None,
    walls: Iterable[str] = (),
) -> TileLook:
    """What one tile shows and says. `reach` is how the current burglar's actions reach it,
    as the view's offer for the tile says (`TileOffer.reach`); `guard` is the floor's guard
    (None: no guard to draw). Pure: tested in CPython."""
    from ui.messages import help_of, name_of, t

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
        if len(face) > 12:
            classes.append("long-name")  # a smaller type keeps the one name on one line
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
    on_route = path.steps.get(pos, ()) if path is not None else ()
    if on_route:
        classes.append("route")
        words.extend(t("token.route", n=step) for step in on_route)
    if path is not None and path.unknown and pos == path.unknown_at:
        classes.append("route-unknown")
        words.append(t(f"token.route_unknown.{path.cut}", n=path.unknown))
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
    if reach == Reach.MOVE:
        classes.append("actionable")
        marks.insert(0, "m-move")
        words.append(t("tile.can_move"))
    elif reach == Reach.TOOL:
        classes.append("tool-target")
        marks.insert(0, "m-tool")
        words.append(t("tile.can_tool"))
    if pos == selected:
        classes.append("selected")
        words.append(t("token.selected"))
    if len(tokens) > 4:
        classes.append("many-tokens")
    crowd = len(burglars) + (1 if guard_speed else 0)
    if crowd:
        classes.append(f"pawns-{min(crowd, 4)}")
    if crowd > 3:
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
    for fl in view.floors:
        sides = wall_sides(view.size, fl.walls)
        path = guard_path(fl.guard, False)
        for tile in fl.tiles:
            offer = view.offers.get(tile.pos)
            look = _tile_parts(
                tile,
                view.players,
                fl.guard,
                path,
                selected,
                offer.reach if offer is not None else Reach.NONE,
                view.crow,
                sides.get(tile.cell_index, ()),
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


class GuardPath(NamedTuple):
    """What the board draws of a guard's way, all of it from the view."""

    segments: tuple[tuple[int, int, int, int, bool], ...]  # (row, col) -> (row, col), next?
    steps: dict[int, tuple[int, ...]]  # tile -> its step numbers along the drawn way
    unknown_at: int  # the tile where his next move stops being certain (-1: it does not)
    unknown: int  # how many steps may follow from there (at most)
    cut: str  # why: 'patrol' (a patrol card is drawn), 'choice', 'hidden'


NO_PATH = GuardPath((), {}, -1, 0, "")


def guard_path(guard: GuardView, show_all: bool) -> GuardPath:
    """The guard's next move exactly as the engine will walk it if the turn ended now
    (`GuardView.next`: his die, the alarms, Donuts, the crow, this turn's cards all counted
    by the engine), the tile where it stops being certain, and with `show_all` the rest of
    his way to his destination. The page cuts and counts nothing itself."""
    pos = guard.pos
    if pos is None or guard.lost:
        return NO_PATH
    move = guard.next
    walk = list(move.walk) if move is not None else []
    later: list[int] = []
    if show_all and guard.route:
        route = list(guard.route)
        if route[: len(walk)] == walk:
            later = route[len(walk) :]
    segments = []
    steps: dict[int, tuple[int, ...]] = {}
    prev = row_col(pos)
    for k, step in enumerate(walk + later):
        here = row_col(step)
        segments.append((*prev, *here, k < len(walk)))
        steps[step] = (*steps.get(step, ()), k + 1)  # he may walk a tile twice (alarms)
        prev = here
    if move is None or not move.unknown:
        return GuardPath(tuple(segments), steps, -1, 0, "")
    return GuardPath(tuple(segments), steps, walk[-1] if walk else pos, move.unknown, move.cut)


def route_segments(guard: GuardView, show_all: bool) -> list[tuple[int, int, int, int]]:
    """The guard's path to draw, as (row, col) -> (row, col) steps within his floor: his next
    move as the view gives it, or with `show_all` the whole way there too."""
    return [seg[:4] for seg in guard_path(guard, show_all).segments]


def seen_top_words(guard: GuardView) -> str:
    """The floor's line about his next patrol card when the Spotter kept it on top (else
    empty): the engine counts it in his next move."""
    from ui.describe import seen_text
    from ui.messages import t

    return t("floor.seen_top", card=seen_text(guard.seen_top)) if guard.seen_top else ""


def next_move_words(move: GuardMove) -> str:
    """The floor's line about the guard's next move, as the engine foresees it."""
    from ui.messages import t

    if move.stays:
        return t(f"floor.stays.{move.stays}")
    words = t("floor.next_move", n=move.steps)
    if move.unknown:
        return f"{words}, {t('floor.known', n=len(move.walk))}"
    return words
