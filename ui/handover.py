"""The hand-over screen: the device goes to the next burglar, who sees what happened since."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui import describe
from ui.dom import Page
from ui.messages import name_of, t

if TYPE_CHECKING:
    from engine.rules.view import GameView
    from ui.story import Story


def whose_turn(name: str, character: str) -> str:
    """Whose turn it is: the burglar's name, and the character in brackets unless the burglar
    goes by it (no "Acrobat's turn (Acrobat)")."""
    if describe.goes_by(name, character):
        return t("handover.text_named", name=name)
    return t("handover.text", name=name, character=character)


class Handover:
    def __init__(self, page: Page, story: Story) -> None:
        self.page = page
        self.story = story

    def show(self, view: GameView) -> None:
        page = self.page
        player = view.me
        page.el("handover-text").textContent = whose_turn(
            player.name, name_of("character", player.character)
        )
        go = page.el("handover-go")
        go.textContent = t("handover.go", name=player.name)
        self.story.handover(view)
        page.el("handover").hidden = False
        page.sync_modal()
        page.focus_in_place(go)

    def close(self, view: GameView | None) -> None:
        """The next burglar is here: play back what happened, focus where a turn starts."""
        page = self.page
        page.el("handover").hidden = True
        page.sync_modal()
        self.story.play_plan()
        first = page.q("#prompt:not([hidden]) button")
        if first is not None:
            page.focus(first)
        elif view is not None:  # the board, never End turn (a second Enter)
            self.story.focus_after_handover(view)
