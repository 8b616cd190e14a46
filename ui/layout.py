"""The board's place on the page: tile size for the window, and moving around it by keys."""

from __future__ import annotations

from typing import Any

from ui.dom import Page, attr, some
from ui.live_board import LiveBoard

# Layout of the board (px): what surrounds the tiles of one floor; see assets/style.css.
GAP, FLOOR_GAP = 4, 12
# What comes and goes above the board (a hint, a notice, the share box): a tab tapped or
# the window resized while one is up would size the tiles for that moment only.
TRANSIENT = ("hint-box", "notice", "share-box")


def fit(page: Page, board: LiveBoard) -> None:
    """Size the tiles to the window: the largest tile that shows every floor (a phone:
    one floor across its width), floors in as many columns as that allows."""
    element = page.el("board")
    if element is None:
        return
    win = page.window
    width = float(element.clientWidth)
    top = float(element.getBoundingClientRect().top) + float(win.scrollY)
    for passing in TRANSIENT:  # shown for a while above the board: its size must not follow
        box = some(page.el(passing))
        if box is not None and not box.hidden:
            style = win.getComputedStyle(box)
            margins = _px(style.marginTop) + _px(style.marginBottom)
            top -= float(box.offsetHeight) + margins
    height = float(win.innerHeight) - top - 12
    size = board.size
    floors = len(board.sections)
    # A head that measures 0 (a phone hides floor 1 while another floor is on show) keeps
    # the last one measured, so a floor tab does not resize the tiles.
    head = page.q("#board .floor-head")
    measured = float(head.offsetHeight) if head is not None else 0.0
    if measured > 0:
        board.head_room = measured
    head_h = board.head_room + 4 if board.head_room else 28.0
    phone = bool(win.matchMedia("(max-width: 900px)").matches)
    if phone:
        floors = 1
        if page.q("#game-screen.reviewing") is not None:
            # A review or watch link has no bottom sheet: the floor takes the width, and
            # the crew and the log follow below it.
            height = max(height, width + head_h)
        else:
            # The bottom sheet (instruction, actions) keeps ~40% of the height; the floor
            # fits the rest, or the width when that is smaller.
            height = height - 0.4 * float(win.innerHeight)
    chrome = 2 * (GAP + 4) + (size - 1) * GAP  # the floor's padding, border room, gaps
    if not phone and floors > 1:
        fit_wide(page, element, width, height, size, floors, head_h, chrome)
        return
    best, best_cols = 0.0, 1
    for cols in range(1, floors + 1):
        rows = -(-floors // cols)
        by_w = (width - (cols - 1) * FLOOR_GAP - cols * chrome) / (cols * size)
        by_h = (height - rows * head_h - (rows - 1) * FLOOR_GAP - rows * chrome) / (rows * size)
        tile = min(by_w, by_h)
        if tile > best + 0.5:
            best, best_cols = tile, cols
    tile = max(44, min(220, int(best)))
    element.style.setProperty("--tile", f"{tile}px")
    element.style.setProperty("--cols", str(best_cols))
    page.doc.documentElement.setAttribute("data-tile", str(tile))


def _px(length: Any) -> float:
    """A computed CSS length ("4px") in pixels; 0 for anything else."""
    text = str(length)
    try:
        return float(text[:-2]) if text.endswith("px") else 0.0
    except ValueError:
        return 0.0


def fit_wide(
    page: Page,
    element: Any,
    width: float,
    height: float,
    size: int,
    floors: int,
    head: float,
    chrome: float,
) -> None:
    """A wide screen: the floor being played large, the others small (but whole) in a
    column beside it; the floor tabs above switch which one is large."""
    tabs = page.q("#board .floor-tabs")
    height -= (float(tabs.offsetHeight) if tabs is not None else 40.0) + FLOOR_GAP
    others = floors - 1
    small = (height - others * (head + chrome) - (others - 1) * FLOOR_GAP) / (others * size)
    stacked = small  # the most the column's height allows each small tile
    small = max(36.0, min(96.0, small))
    column = size * small + chrome
    big = min((width - column - FLOOR_GAP - chrome) / size, (height - head - chrome) / size)
    tile = max(44, min(240, int(big)))
    # Width the large floor leaves unused (a wide screen is short before it is narrow): the
    # small floors take it, as far as their column's height allows, up to 2/3 of a large tile.
    room = (width - (size * tile + chrome) - FLOOR_GAP - chrome) / size
    small = max(small, min(room, stacked, tile * 2 / 3))
    element.style.setProperty("--tile", f"{tile}px")
    element.style.setProperty("--tile-small", f"{int(small)}px")
    element.style.setProperty("--cols", "2")
    page.doc.documentElement.setAttribute("data-tile", str(tile))


def on_board_key(page: Page, board: LiveBoard, event: Any) -> None:
    """The WAI-ARIA grid keys: arrows move within a floor, Home/End to the row's ends
    (with Ctrl: the floor's first and last tile), PageUp/PageDown up and down a floor.
    The focused tile takes its floor's single tab stop."""
    key = str(event.key)
    target = some(event.target)
    if target is None or not attr(target, "data-pos"):
        return
    from engine import floor_of, parse_pos, pos_at, pos_text, row_col

    size = board.size
    pos = parse_pos(attr(target, "data-pos"))
    floor = floor_of(pos)
    row, col = row_col(pos)
    ctrl = bool(getattr(event, "ctrlKey", False))
    if key == "ArrowLeft":
        col -= 1
    elif key == "ArrowRight":
        col += 1
    elif key == "ArrowUp":
        row -= 1
    elif key == "ArrowDown":
        row += 1
    elif key == "Home":
        col = 0
        row = 0 if ctrl else row
    elif key == "End":
        col = size - 1
        row = size - 1 if ctrl else row
    elif key == "PageUp":
        floor += 1
    elif key == "PageDown":
        floor -= 1
    else:
        return
    event.preventDefault()
    if not (0 <= row < size and 0 <= col < size) or floor < 0:
        return
    text = pos_text(pos_at(floor, row, col))
    nxt = page.q(f"#board [data-pos='{text}']")
    if nxt is not None:
        board.show_floor(floor + 1)  # a phone shows one floor: bring that one up
        board.set_stop(text)
        nxt.focus()
