"""Cards and dice on the table: DOM pieces for Events, Tools, Loot and dice faces.

Pure builders over a `document` (the page's, or the fake one of the CPython tests); text goes
in with `textContent` only. The words come from the catalog (`ui.messages`).
"""

from __future__ import annotations

from typing import Any

from ui.messages import help_of, name_of, t

# The 3x3 grid cells (1 = top left, 9 = bottom right) holding a pip, per face.
PIPS: dict[int, tuple[int, ...]] = {
    1: (5,),
    2: (3, 7),
    3: (3, 5, 7),
    4: (1, 3, 7, 9),
    5: (1, 3, 5, 7, 9),
    6: (1, 3, 4, 6, 7, 9),
}

DECKS = ("event", "tool", "loot")


def element(doc: Any, tag: str, classes: str = "", text: str | None = None) -> Any:
    el = doc.createElement(tag)
    if classes:
        el.className = classes
    if text is not None:
        el.textContent = text
    return el


def card(doc: Any, deck: str, key: str, tag: str = "div", classes: str = "") -> Any:
    """A card: its deck, name and our help text. `tag` 'button' makes it clickable."""
    el = element(doc, tag, f"story-card deck-{deck} {classes}".strip())
    if tag == "button":
        el.type = "button"
    el.setAttribute("data-card", key)
    head = element(doc, "span", "story-card-deck", t(f"story.deck.{deck}"))
    name = element(doc, "strong", "story-card-name", name_of(deck, key))
    text = element(doc, "span", "story-card-text", help_of(deck, key))
    for part in (head, name, text):
        el.appendChild(part)
    return el


def die(doc: Any, value: int, tag: str = "span", classes: str = "") -> Any:
    """A die showing `value` (1-6) as pips; its accessible name says the number."""
    el = element(doc, tag, f"story-die {classes}".strip())
    if tag == "button":
        el.type = "button"
    el.setAttribute("data-face", str(value))
    el.setAttribute("role", "img" if tag == "span" else "button")
    el.setAttribute("aria-label", t("story.die", n=value))
    for cell in PIPS.get(value, ()):
        pip = element(doc, "span", f"pip p{cell}")
        pip.setAttribute("aria-hidden", "true")
        el.appendChild(pip)
    return el


def dice_row(doc: Any, values: list[int], hits: set[int] | None = None) -> Any:
    """A row of dice; those whose face is in `hits` are marked (they cracked a tile)."""
    row = element(doc, "span", "story-dice")
    for value in values:
        row.appendChild(die(doc, value, classes="hit" if hits and value in hits else ""))
    return row
