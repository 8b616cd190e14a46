"""The game log widget: the session's lines, newest first; appended to after each action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.dom import Page

if TYPE_CHECKING:
    from ui.session import Session


class GameLog:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0  # lines drawn

    def rebuild(self, session: Session) -> None:
        page = self.page
        fragment = page.fragment()
        for _, line in reversed(session.log):
            fragment.appendChild(page.make("li", line))
        page.el("log").replaceChildren(fragment)
        self.count = len(session.log)

    def append(self, session: Session) -> None:
        page = self.page
        log = page.el("log")
        for _, line in session.log[self.count :]:
            log.prepend(page.make("li", line))
        self.count = len(session.log)
