"""Play by link on the page: the Send box (play and watch links, Copy, the Web Share sheet),
opening a game link, and keeping one save per game when links and files come back.

A copy of a game (from a link or a file) that goes on from a save of the same game replaces
that save; a copy the save goes on from (an older link) only replaces it when the player
says so; the same copy twice keeps one entry. The codec itself is `ui.links`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import links
from ui.messages import t
from ui.session import Saves, Session

if TYPE_CHECKING:
    from ui.dom import Page
    from ui.ports import Navigator


def base_url(window: Any) -> str:
    """The page's address without query or fragment."""
    try:
        loc = window.location
        return f"{loc.origin}{loc.pathname}"
    except Exception:
        return "index.html"


def js_object(window: Any, data: dict[str, Any]) -> Any:
    """A plain JavaScript object in Pyodide (for navigator.share); the dict in CPython."""
    try:
        from pyodide.ffi import to_js
    except ImportError:
        return data
    return to_js(data, dict_converter=window.Object.fromEntries)


class Sharing:
    """The page's link features: send a game, open a link, one save per game."""

    def __init__(self, page: Page, saves: Saves, nav: Navigator) -> None:
        self.page = page
        self.saves = saves
        self.nav = nav  # the screens a link opens
        self.asking: tuple[Session, str, str] | None = None  # a copy waiting for the player's word

    # ------------------------------------------------------------------ sending

    def links_of(self, session: Session) -> tuple[str, str]:
        """(play link, watch link) of the session as it is now."""
        base = base_url(self.page.window)
        play = base + links.link_query(session.code, session.actions)
        return play, play + "&watch=1"

    def toggle_box(self) -> None:
        """The Send box. A play link is offered once the turn is ended (the next burglar's
        turn not yet touched): sent mid-turn it opened on the sender's spent turn. Until then
        the box says so, and offers the watch link only."""
        page = self.page
        session = self.nav.session
        if session is None:
            return
        box = page.el("share-box")
        box.hidden = not box.hidden
        if box.hidden:
            return
        play, watch = self.links_of(session)
        view = session.view()
        ready = bool(view.outcome) or (not view.acted and view.pending is None)
        page.el("share-url").value = play if ready else ""
        page.el("watch-url").value = watch
        page.el("share-play").hidden = not ready
        page.el("share-hint").hidden = not ready
        page.el("share-later").hidden = ready
        key = "share.size" if links.fits(play[play.find("?") :]) else "share.too_long"
        page.el("share-size").textContent = t(key, n=len(session.actions), chars=len(play))
        page.el("share-native").hidden = not ready or not _can_share(page.window)
        field = page.el("share-url" if ready else "watch-url")
        field.focus()
        field.select()

    def copy(self, field_id: str) -> None:
        page = self.page
        field = page.el(field_id)
        if field is None:
            return
        text = str(field.value)
        field.focus()
        field.select()
        try:
            page.window.navigator.clipboard.writeText(text)
            page.notice(t("share.copied"))
        except Exception:
            try:
                ok = bool(page.doc.execCommand("copy"))
            except Exception:
                ok = False
            page.notice(t("share.copied" if ok else "share.copy_failed"))

    def native_share(self) -> None:
        page = self.page
        if self.nav.session is None or not _can_share(page.window):
            return
        if not page.el("share-url").value:  # the turn is not ended: no play link yet
            return
        play, _ = self.links_of(self.nav.session)
        try:
            promise = page.window.navigator.share(
                js_object(page.window, {"title": t("share.title"), "url": play})
            )
            if hasattr(promise, "catch"):
                promise.catch(page.proxy(lambda _err: None))  # the sheet was closed: fine
        except Exception:
            self.copy("share-url")

    # ------------------------------------------------------------------ opening

    def open(self, params: dict[str, str]) -> None:
        """Open a game link (setup + actions): the game where it stands, or its review."""
        page = self.page
        try:
            opened = links.open_link(params)
        except links.LinkError as err:
            page.notice(t("url.bad", why=str(err)))
            page.replace_url("")
            self.nav.show_setup()
            return
        problem = self.problem_text(opened)
        if opened.watch:
            page.replace_url("")
            self.nav.open_review(opened.code, opened.actions, back="setup", at=0)
            if problem:
                page.notice(problem)
            return
        self.adopt(Session.start(opened.code, opened.actions), problem)

    @staticmethod
    def problem_text(opened: links.Opened) -> str:
        import engine

        if not opened.problem:
            return ""
        return t(
            f"link.{opened.problem}",
            kept=len(opened.actions),
            claimed=opened.claimed,
            version=opened.version or "?",
            ours=engine.__version__,
        )

    def adopt(self, session: Session, problem: str = "", source: str = "link") -> None:
        """Open a copy of a game, keeping one save per game (see the module's words)."""
        page = self.page
        kin = self.saves.relatives(session.code, session.actions)
        same = [r for r in kin if r[1] == "same"]
        ahead = [r for r in kin if r[1] == "older"]  # saves that go on from this copy
        behind = [r for r in kin if r[1] == "newer"]  # saves this copy goes on from
        if same:
            session.save_id = same[0][0]
        elif ahead:
            save_id, _, mine = max(ahead, key=lambda r: r[2])
            self.asking = (session, save_id, source)
            page.el("ask-text").textContent = t(
                "link.older_text", link=len(session.actions), mine=mine
            )
            page.el("ask").hidden = False
            page.el("ask-mine").focus()
            if problem:
                page.notice(problem)
            page.ready()
            return
        elif behind:
            session.save_id = max(behind, key=lambda r: r[2])[0]
        self.show(session, problem, updated=bool(behind) and not same, source=source)

    def answer(self, take_link: bool) -> None:
        """The player's word on an older copy: keep the save, or let the link replace it."""
        page = self.page
        if self.asking is None:
            return
        session, save_id, source = self.asking
        self.asking = None
        page.el("ask").hidden = True
        if take_link:
            session.save_id = save_id
            self.show(session, "", source=source)
        else:
            self.nav.resume(save_id)

    def show(
        self, session: Session, problem: str, updated: bool = False, source: str = "link"
    ) -> None:
        page = self.page
        self.nav.start_session(session)
        if source == "file":
            words = [t("saves.imported")]
        elif session.view().step == "over":
            words = [t("link.opened_over")]
        else:
            name = session.view().me.name
            words = [t("link.opened", k=len(session.actions), name=name)]
        if updated:
            words.append(t("link.updated", k=len(session.actions)))
        if problem:
            words.append(problem)
        page.notice(" ".join(words))


def _can_share(window: Any) -> bool:
    try:
        share = window.navigator.share
    except Exception:
        return False
    return share is not None and type(share).__name__ not in ("JsNull", "JsUndefined")
