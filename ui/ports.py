"""The narrow interfaces between the page's parts: what each one may ask of the others.

The story and the autopilot drive the game in play through `Table`; the links drive the
screens through `Navigator`. Neither sees the controller itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine import Action
    from ui.session import Session


class Table(Protocol):
    """The game in play: its session, and the moves a click would make."""

    @property
    def session(self) -> Session | None: ...

    def act(self, action: Action, confirmed: bool = False) -> bool: ...

    def refocus(self, keyboard: bool) -> None: ...

    def select(self, pos_text: str, keyboard: bool = False) -> None: ...


class Navigator(Protocol):
    """The screens a link can open: a game, a save, a review, the setup form."""

    @property
    def session(self) -> Session | None: ...

    def start_session(
        self,
        session: Session,
        save: bool = True,
        seats: set[int] | None = None,
        guided: bool = False,
    ) -> None: ...

    def resume(self, save_id: str) -> None: ...

    def open_review(
        self, code: str, actions: list[str], back: str, at: int | None = None
    ) -> None: ...

    def show_setup(self, error: str = "") -> None: ...
