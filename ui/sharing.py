"""Play by link on the page: the Send box (play and watch links, Copy, the Web Share sheet),
opening a game link, and keeping one save per game when links and files come back.

A copy of a game (from a link or a file) that goes on from a save of the same game replaces
that save; a copy the save goes on from (an older link) only replaces it when the player
says so; the same copy twice keeps one entry. The codec itself is `ui.links`.
"""

from __future__ import annotations

from typing import Any

from ui import links
from ui.messages import t
from ui.session import Session


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
    """The App's link features; `app` gives the page, the saves and `start_session`."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.asking: tuple[Session, str, str] | None = None  # a copy waiting for the player's word

    # ------------------------------------------------------------------ sending

    def links_of(self, session: Session) -> tuple[str, str]:
        """(play link, watch link) of the session as it is now."""
        base = base_url(self.app.window)
        play = base + links.link_query(session.code, session.actions)
        return play, play + "&watch=1"

    def toggle_box(self) -> None:
        """The Send box. A play link is offered once the turn is ended (the next burglar's
        turn not yet touched): sent mid-turn it opened on the sender's spent turn. Until then
        the box says so, and offers the watch link only."""
        app = self.app
        session = app.session
        if session is None:
            return
        box = app.el("share-box")
        box.hidden = not box.hidden
        if box.hidden:
            return
        play, watch = self.links_of(session)
        view = session.view()
        ready = bool(view.outcome) or (not view.acted and view.pending is None)
        app.el("share-url").value = play if ready else ""
        app.el("watch-url").value = watch
        app.el("share-play").hidden = not ready
        app.el("share-hint").hidden = not ready
        app.el("share-later").hidden = ready
        key = "share.size" if links.fits(play[play.find("?") :]) else "share.too_long"
        app.el("share-size").textContent = t(key, n=len(session.actions), chars=len(play))
        app.el("share-native").hidden = not ready or not _can_share(app.window)
        field = app.el("share-url" if ready else "watch-url")
        field.focus()
        field.select()

    def copy(self, field_id: str) -> None:
        app = self.app
        field = app.el(field_id)
        if field is None:
            return
        text = str(field.value)
        field.focus()
        field.select()
        try:
            app.window.navigator.clipboard.writeText(text)
            app.notice(t("share.copied"))
        except Exception:
            try:
                ok = bool(app.doc.execCommand("copy"))
            except Exception:
                ok = False
            app.notice(t("share.copied" if ok else "share.copy_failed"))

    def native_share(self) -> None:
        app = self.app
        if app.session is None or not _can_share(app.window) or not app.el("share-url").value:
            return
        play, _ = self.links_of(app.session)
        try:
            promise = app.window.navigator.share(
                js_object(app.window, {"title": t("share.title"), "url": play})
            )
            if hasattr(promise, "catch"):
                promise.catch(app.proxy(lambda _err: None))  # the sheet was closed: fine
        except Exception:
            self.copy("share-url")

    # ------------------------------------------------------------------ opening

    def open(self, params: dict[str, str]) -> None:
        """Open a game link (setup + actions): the game where it stands, or its review."""
        app = self.app
        try:
            opened = links.open_link(params)
        except links.LinkError as err:
            app.notice(t("url.bad", why=str(err)))
            app.replace_url("")
            app.show_setup()
            return
        problem = self.problem_text(opened)
        if opened.watch:
            app.replace_url("")
            app.open_review(opened.code, opened.actions, back="setup", at=0)
            if problem:
                app.notice(problem)
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
        app = self.app
        kin = app.saves.relatives(session.code, session.actions)
        same = [r for r in kin if r[1] == "same"]
        ahead = [r for r in kin if r[1] == "older"]  # saves that go on from this copy
        behind = [r for r in kin if r[1] == "newer"]  # saves this copy goes on from
        if same:
            session.save_id = same[0][0]
        elif ahead:
            save_id, _, mine = max(ahead, key=lambda r: r[2])
            self.asking = (session, save_id, source)
            app.el("ask-text").textContent = t(
                "link.older_text", link=len(session.actions), mine=mine
            )
            app.el("ask").hidden = False
            app.el("ask-mine").focus()
            if problem:
                app.notice(problem)
            app.ready()
            return
        elif behind:
            session.save_id = max(behind, key=lambda r: r[2])[0]
        self.show(session, problem, updated=bool(behind) and not same, source=source)

    def answer(self, take_link: bool) -> None:
        """The player's word on an older copy: keep the save, or let the link replace it."""
        app = self.app
        if self.asking is None:
            return
        session, save_id, source = self.asking
        self.asking = None
        app.el("ask").hidden = True
        if take_link:
            session.save_id = save_id
            self.show(session, "", source=source)
        else:
            app.resume(save_id)

    def show(
        self, session: Session, problem: str, updated: bool = False, source: str = "link"
    ) -> None:
        app = self.app
        app.start_session(session)
        if source == "file":
            words = [t("saves.imported")]
        elif session.game.is_over():
            words = [t("link.opened_over")]
        else:
            name = session.view().me.name
            words = [t("link.opened", k=len(session.actions), name=name)]
        if updated:
            words.append(t("link.updated", k=len(session.actions)))
        if problem:
            words.append(problem)
        app.notice(" ".join(words))


def _can_share(window: Any) -> bool:
    try:
        share = window.navigator.share
    except Exception:
        return False
    return share is not None and type(share).__name__ not in ("JsNull", "JsUndefined")
