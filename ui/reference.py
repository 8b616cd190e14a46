"""The rules reference inside the page: how to play, every room, Tool, Loot, Event, character
and ability, and the rulings the engine follows where the rule texts are silent.

Entries are built from the message catalog (current language) and the engine's own enums and
tables, so nothing the engine knows can be left out. `Reference` draws them in the
`#reference` dialog, filters them as the player types, and opens at one entry when a `?`
link (`data-ref`) next to a tile, card or ability is clicked. Text goes in with textContent.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ui.messages import has, help_of, name_of, t

RULE_SECTIONS: tuple[str, ...] = (
    "goal",
    "turn",
    "actions",
    "event",
    "guards",
    "alarms",
    "stealth",
    "safes",
    "escape",
    "cards",
    "names",
)
RULINGS: tuple[str, ...] = (
    "first",
    "hack",
    "laser",
    "keypad",
    "deadbolt",
    "fall",
    "motion",
    "camera",
    "closest",
    "route",
    "placing",
    "lost",
    "escape",
    "decks",
    "solo",
)
GROUPS: tuple[str, ...] = (
    "rules",
    "kind",
    "tool",
    "loot",
    "event",
    "character",
    "ability",
    "ruling",
)


@dataclass(frozen=True, slots=True)
class Entry:
    id: str  # "kind-atrium", "tool-emp", "ability-jammer", "rules-turn", "ruling-keypad"
    group: str
    title: str
    text: tuple[str, ...]  # paragraphs
    see: tuple[str, ...] = ()  # related entry ids


def ref_id(prefix: str, key: str) -> str:
    return f"{prefix}-{key}"


def _engine_items() -> list[tuple[str, list[str]]]:
    from engine import Character, EventCard, Loot, TileKind, Tool

    return [
        ("kind", [k.value for k in TileKind]),
        ("tool", [k.value for k in Tool]),
        ("loot", [k.value for k in Loot]),
        ("event", [k.value for k in EventCard]),
        ("character", [k.value for k in Character]),
    ]


def _sides() -> dict[str, tuple[str, str]]:
    from engine import ABILITIES

    return {c.value: pair for c, pair in ABILITIES.items()}


def entries() -> list[Entry]:
    """Every entry, in reading order, in the current language."""
    out: list[Entry] = []
    for key in RULE_SECTIONS:
        out.append(
            Entry(ref_id("rules", key), "rules", t(f"ref.s.{key}"), (t(f"ref.s.{key}.text"),))
        )
    sides = _sides()
    for prefix, keys in _engine_items():
        for key in keys:
            if prefix == "character":
                basic, advanced = sides[key]
                text = (
                    help_of("character", key),
                    t(
                        "setup.side_basic",
                        ability=name_of("ability", basic),
                        help=help_of("ability", basic),
                    ),
                    t(
                        "setup.side_advanced",
                        ability=name_of("ability", advanced),
                        help=help_of("ability", advanced),
                    ),
                )
                see = (ref_id("ability", basic), ref_id("ability", advanced))
                out.append(Entry(ref_id(prefix, key), prefix, name_of(prefix, key), text, see))
            else:
                out.append(
                    Entry(
                        ref_id(prefix, key), prefix, name_of(prefix, key), (help_of(prefix, key),)
                    )
                )
    for character, (basic, advanced) in sides.items():
        for ability, side in ((basic, "basic"), (advanced, "advanced")):
            title = t(
                "ref.ability_title",
                ability=name_of("ability", ability),
                character=name_of("character", character),
                side=t(f"side.{side}"),
            )
            out.append(
                Entry(
                    ref_id("ability", ability),
                    "ability",
                    title,
                    (help_of("ability", ability),),
                    (ref_id("character", character),),
                )
            )
    for key in RULINGS:
        out.append(
            Entry(ref_id("ruling", key), "ruling", t(f"ref.r.{key}"), (t(f"ref.r.{key}.text"),))
        )
    return out


def fold(text: str) -> str:
    """Lower case without accents, for searching ('Événement' matches 'evenement')."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def matches(entry: Entry, query: str) -> bool:
    """Every word of the query appears in the entry's title or text."""
    words = fold(query).split()
    if not words:
        return True
    hay = fold(" ".join((entry.title, *entry.text)))
    return all(word in hay for word in words)


def search(items: list[Entry], query: str) -> list[Entry]:
    return [e for e in items if matches(e, query)]


def link_id(prefix: str, key: str) -> str:
    """The entry a tile kind / card / ability links to ('' if none)."""
    return ref_id(prefix, key) if has(f"{prefix}.{key}.help") else ""


def link_button(document: Any, prefix: str, key: str) -> Any:
    """A small '?' button that opens the reference at that entry (None if no entry)."""
    target = link_id(prefix, key)
    if not target:
        return None
    button = document.createElement("button")
    button.type = "button"
    button.className = "ref-link"
    button.textContent = "?"
    button.setAttribute("data-ref", target)
    label = t("ref.link", name=name_of(prefix, key))
    button.setAttribute("aria-label", label)
    button.setAttribute("title", label)
    return button


class Reference:
    """The `#reference` dialog: built on first open, rebuilt after a language switch."""

    def __init__(self, document: Any, on_toggle: Callable[[], None] = lambda: None) -> None:
        self.doc = document
        self.on_toggle = on_toggle  # the page's modal sync: open, it alone takes input
        self.items: list[Entry] = []
        self.built_for = ""
        self.last_focus: Any = None

    def el(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    def build(self) -> None:
        from ui.messages import language

        self.items = entries()
        body = self.el("ref-body")
        fragment = self.doc.createDocumentFragment()
        by_group: dict[str, list[Entry]] = {}
        for entry in self.items:
            by_group.setdefault(entry.group, []).append(entry)
        for group in GROUPS:
            section = self.doc.createElement("section")
            section.className = "ref-group"
            section.setAttribute("data-ref-group", group)
            head = self.doc.createElement("h3")
            head.textContent = t(f"ref.group.{group}")
            section.appendChild(head)
            for entry in by_group.get(group, []):
                section.appendChild(self._article(entry))
            fragment.appendChild(section)
        body.replaceChildren(fragment)
        search = self.el("ref-search")
        search.setAttribute("placeholder", t("ref.search"))
        search.setAttribute("aria-label", t("ref.search"))
        self.built_for = language()

    def _article(self, entry: Entry) -> Any:
        article = self.doc.createElement("article")
        article.id = f"ref-{entry.id}"
        article.className = "ref-entry"
        article.setAttribute("data-ref-entry", entry.id)
        title = self.doc.createElement("h4")
        title.textContent = entry.title
        title.setAttribute("tabindex", "-1")
        article.appendChild(title)
        for paragraph in entry.text:
            p = self.doc.createElement("p")
            p.textContent = paragraph
            article.appendChild(p)
        if entry.see:
            see = self.doc.createElement("p")
            see.className = "ref-see"
            for target in entry.see:
                other = next((e for e in self.items if e.id == target), None)
                if other is None:
                    continue
                link = self.doc.createElement("button")
                link.type = "button"
                link.className = "btn ref-see-link"
                link.textContent = other.title
                link.setAttribute("data-ref", other.id)
                see.appendChild(link)
            article.appendChild(see)
        return article

    def is_open(self) -> bool:
        return not self.el("reference").hidden

    def open(self, target: str = "") -> None:
        from ui.messages import language

        if self.built_for != language():
            self.build()
        if not self.is_open():
            self.last_focus = self.doc.activeElement
        self.el("reference").hidden = False
        self.on_toggle()
        search = self.el("ref-search")
        search.value = ""
        self.filter("")
        article = self.el(f"ref-{target}") if target else None
        if article is not None and type(article).__name__ not in ("JsNull", "JsUndefined"):
            heading = article.querySelector("h4")
            article.scrollIntoView()
            if heading is not None:
                heading.focus()
            self.doc.documentElement.setAttribute("data-ref-open", target)
        else:
            self.el("ref-body").scrollTop = 0
            search.focus()
            self.doc.documentElement.setAttribute("data-ref-open", "")

    def close(self) -> None:
        self.el("reference").hidden = True
        self.on_toggle()
        self.doc.documentElement.removeAttribute("data-ref-open")
        if self.last_focus is not None:
            with contextlib.suppress(Exception):
                self.last_focus.focus()
        self.last_focus = None

    def filter(self, query: str) -> int:
        """Show only the entries matching `query`; returns how many are shown."""
        shown = {e.id for e in search(self.items, query)}
        for section in self.doc.querySelectorAll("#ref-body .ref-group"):
            visible = 0
            for article in section.querySelectorAll(".ref-entry"):
                hit = article.getAttribute("data-ref-entry") in shown
                article.hidden = not hit
                visible += 1 if hit else 0
            section.hidden = visible == 0
        none = self.el("ref-none")
        none.textContent = t("ref.none", query=query) if not shown else ""
        none.hidden = bool(shown)
        return len(shown)
