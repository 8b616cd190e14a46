"""The Safe panel: a selected Safe's row and column, its dice, the chance of the next roll."""

from __future__ import annotations

from typing import Any

from ui.cards import element as _el
from ui.describe import pos_text
from ui.messages import t


def render_safe(doc: Any, box: Any, size: int, selected: int, info: Any) -> None:
    """Draw the engine's `safe_info` of the Safe at `selected` in `box` (hidden when None)."""
    if info is None:
        if not box.hidden:
            box.hidden = True
            box.replaceChildren()
        return
    from engine import floor_of, pos_at

    frag = doc.createDocumentFragment()
    frag.appendChild(_el(doc, "h3", "", t("story.safe.title", pos=pos_text(selected))))
    grid = _el(doc, "div", "story-safe-grid")
    grid.style.setProperty("--size", str(size))
    cells = {c.pos: c for c in info.cells}
    floor = floor_of(selected)
    for row in range(size):
        for col in range(size):
            pos = pos_at(floor, row, col)
            cell = _el(doc, "span", "story-safe-cell")
            if pos == selected:
                cell.className = "story-safe-cell safe"
                cell.textContent = "◆"
                cell.setAttribute("aria-label", t("story.safe.self"))
            elif pos in cells:
                c = cells[pos]
                name = pos_text(pos)
                if not c.revealed:
                    cell.className = "story-safe-cell hidden"
                    cell.textContent = "?"
                    cell.setAttribute("aria-label", t("story.safe.hidden", pos=name))
                elif c.safe:
                    cell.className = "story-safe-cell other-safe"
                    cell.textContent = "◇"
                    cell.setAttribute("aria-label", t("story.safe.other", pos=name))
                elif c.cracked:
                    cell.className = "story-safe-cell cracked"
                    cell.textContent = f"{c.number}✓"
                    cell.setAttribute("aria-label", t("story.safe.cracked", pos=name, n=c.number))
                else:
                    cell.className = "story-safe-cell open"
                    cell.textContent = str(c.number)
                    cell.setAttribute("aria-label", t("story.safe.todo", pos=name, n=c.number))
                cell.setAttribute("data-pos", name)
            else:
                cell.className = "story-safe-cell off"
                cell.setAttribute("aria-hidden", "true")
            grid.appendChild(cell)
    frag.appendChild(grid)
    if info.open:
        frag.appendChild(_el(doc, "p", "help", t("story.safe.opened")))
    else:
        dice = _el(doc, "p", "story-safe-dice")
        dice.appendChild(_el(doc, "span", "", t("story.safe.dice", n=info.dice)))
        for _ in range(info.dice):
            blank = _el(doc, "span", "story-die blank")
            blank.setAttribute("aria-hidden", "true")
            dice.appendChild(blank)
        frag.appendChild(dice)
        if info.wanted:
            numbers = ", ".join(str(n) for n in info.wanted)
            frag.appendChild(_el(doc, "p", "help", t("story.safe.wanted", numbers=numbers)))
        chance = _el(
            doc,
            "p",
            "story-safe-chance",
            t(
                "story.safe.chance",
                n=info.rolled,
                pct=round(100 * info.chance),
            )
            if info.rolled
            else t("story.safe.no_dice"),
        )
        chance.id = "story-safe-chance"
        chance.setAttribute("data-chance", f"{info.chance:.6f}")
        frag.appendChild(chance)
        if info.rolled and info.wanted and info.stethoscope:
            frag.appendChild(_el(doc, "p", "help", t("story.safe.stethoscope")))
    box.replaceChildren(frag)
    box.hidden = False
