"""The dialogs over the game: a decision's prompt, the end of the game, the legend."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import describe
from ui.board import MARK_ICONS, TOKEN_ICONS
from ui.dom import Page
from ui.messages import name_of, t
from ui.panels import tile_of

if TYPE_CHECKING:
    from engine import Action
    from engine.rules.view import GameView
    from ui.story import Story


class Prompt:
    """A pending decision's question and one button per choice (or the story's own picker)."""

    def __init__(self, page: Page, story: Story) -> None:
        self.page = page
        self.story = story

    def render(self, view: GameView, choices: list[Action], names: list[str]) -> None:
        page = self.page
        prompt = page.el("prompt")
        pending = view.pending
        if pending is None or not choices:
            if not prompt.hidden:
                prompt.hidden = True
                page.sync_modal()
            return
        kind = pending.kind
        # The card the Spotter saw is in the decision's payload (no event scraping).
        page.el("prompt-text").textContent = describe.prompt_text(pending)
        prompt.hidden = False
        page.sync_modal()  # modal from the first draw: the page behind is inert, data-modal set
        if self.story.render_prompt(view, pending, choices):
            return
        dice = describe.pending_dice(pending) if kind == "stethoscope" else None

        def kind_at(option: str) -> str:
            from engine import parse_pos

            tile = tile_of(view, parse_pos(option))
            return str(tile.kind) if tile and tile.revealed else ""

        fragment = page.fragment()
        for choice in choices:
            label = describe.choice_label(kind, choice.option, names, kind_at, dice)
            fragment.appendChild(page.button(label, "btn action", action=str(choice)))
        page.el("prompt-options").replaceChildren(fragment)


def show_end(page: Page, view: GameView, caught: int) -> None:
    """The end dialog: won or lost, and why (`caught`: the burglar caught, or -1)."""
    win = view.outcome == "win"
    page.el("end-title").textContent = t("end.win" if win else "end.loss")
    player = caught if caught >= 0 else None
    names = [p.name for p in view.players]
    page.el("end-reason").textContent = describe.end_reason(view.reason, names, player)
    page.el("end").hidden = False
    page.el("handover").hidden = True
    page.sync_modal()
    button = page.q("#end [data-cmd='again']")
    if button is not None:
        page.focus_in_place(button)


class Legend:
    """One key to every icon and colour the board can show."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def open(self) -> None:
        page = self.page
        page.el("legend").hidden = False
        page.sync_modal()
        box = page.q("#legend .legend-dialog")
        if box is not None:
            box.scrollTop = 0  # opens at its top (Close sits there, so focusing it keeps it)
        page.el("legend-close").focus()

    def keep_focus(self, event: Any) -> None:
        """Tab and Shift+Tab go round the legend's own controls: the page behind is inert,
        so Tab from the last one reached <body>."""
        page = self.page
        controls = [
            c
            for c in page.doc.querySelectorAll("#legend button, #legend [href], #legend input")
            if not getattr(c, "disabled", False)
        ]
        if not controls:
            return
        active = page.doc.activeElement
        back = bool(getattr(event, "shiftKey", False))
        index = next((i for i, c in enumerate(controls) if bool(c.isSameNode(active))), -1)
        event.preventDefault()
        step = -1 if back else 1
        target = controls[(index + step) % len(controls)] if index >= 0 else controls[0]
        target.focus()

    def close(self) -> None:
        page = self.page
        page.el("legend").hidden = True
        page.sync_modal()
        page.el("legend-open").focus()

    def is_open(self) -> bool:
        return not self.page.el("legend").hidden

    def build(self) -> None:
        from engine import Character, TileKind
        from ui.board import _svg

        page = self.page
        body = page.el("legend-body")
        fragment = page.fragment()

        def group(title: str, items: list[tuple[str, str, str]]) -> None:
            fragment.appendChild(page.make("h3", title))
            listing = page.make("ul", None, "legend-list")
            for icon, css, text in items:
                item = page.make("li", None, f"legend-item {css}".strip())
                if icon:
                    item.setAttribute("data-icon", icon)
                    item.appendChild(_svg(page.doc, icon, "ic"))
                else:
                    item.appendChild(page.make("span", None, "swatch"))
                item.appendChild(page.make("span", text))
                listing.appendChild(item)
            fragment.appendChild(listing)

        rooms = [(f"k-{k.value}", "", name_of("kind", k.value)) for k in TileKind]
        rooms.append(("k-back", "", t("legend.back")))
        group(t("legend.rooms"), rooms)
        pieces = [("m-guard", "guard", t("legend.guard"))]
        pieces += [("die-2", "", t("legend.die"))]
        pieces += [(f"c-{c.value}", "burglar", name_of("character", c.value)) for c in Character]
        pieces.append(("m-pawn", "", t("legend.burglar")))
        group(t("legend.pieces"), pieces)
        group(t("legend.tokens"), [(i, "", t(f"legend.{i}")) for i in TOKEN_ICONS])
        marks = [(i, i, t(f"legend.{i}")) for i in MARK_ICONS]
        marks += [
            ("", "sw-route", t("legend.route")),
            ("", "sw-route-unknown", t("legend.route_unknown")),
            ("", "sw-wall", t("legend.wall")),
            ("", "sw-selected", t("legend.selected")),
            ("", "sw-focus", t("legend.focus")),
            ("", "sw-alarm", t("legend.alarm")),
            ("", "sw-number", t("legend.number")),
        ]
        group(t("legend.marks"), marks)
        body.replaceChildren(fragment)
