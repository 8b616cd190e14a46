"""The game log widget: the session's lines, newest first; appended to after each action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
        log = page.el("log")
        log.replaceChildren(fragment)
        self.count = len(session.log)
        focusable(log, self.count > 0)

    def append(self, session: Session) -> None:
        page = self.page
        log = page.el("log")
        for _, line in session.log[self.count :]:
            log.prepend(page.make("li", line))
        self.count = len(session.log)
        focusable(log, self.count > 0)


def focusable(log: Any, has_lines: bool) -> None:
    """The log box is a tab stop (to scroll it by keys) only when it holds lines: empty, it
    took the focus and showed nothing."""
    if has_lines:
        log.setAttribute("tabindex", "0")
    else:
        log.removeAttribute("tabindex")
