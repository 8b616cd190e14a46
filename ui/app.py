"""The page controller: builds the screens, routes every click through one table of commands.

Each screen and widget lives in its own module (setup_screen, game_screen, handover, review,
tutorial, reference; board, panels, log, dialogs); they reach each other only through the
narrow interfaces of `ui.ports`. The game only changes through `Session.play`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from ui import first_screen, lang, reference, tutorial
from ui.dialogs import Legend
from ui.dom import Page, attr, is_async, some
from ui.game_screen import GameScreen
from ui.layout import fit, on_board_key
from ui.live_board import LiveBoard
from ui.messages import t
from ui.review import Reviewer
from ui.saves_list import SavesList
from ui.session import SaveError, Saves, Session, load_record
from ui.setup_screen import SetupScreen
from ui.sharing import Sharing


def _identity(fn: Any) -> Any:
    return fn


Command = Callable[["App", str], None]


class App:
    """The page: its screens, and what each click, key and command does."""

    def __init__(
        self, window: Any, document: Any, store: Any, params: dict[str, str], proxy: Any = _identity
    ) -> None:
        self.page = Page(window, document, store, proxy)
        self.window = window
        self.doc = document
        self.store = store
        self.params = params
        self.saves = Saves(store)
        self.board = LiveBoard(document, self.page.el("board"))
        self.reference = reference.Reference(document, on_toggle=self.page.sync_modal)
        self.legend = Legend(self.page)
        self.setup = SetupScreen(self.page)
        self.saves_list = SavesList(self.page, self.saves)
        self.game = GameScreen(self.page, self.board, self.saves)
        self.sharing = Sharing(self.page, self.saves, self)  # send, open, one save per game
        self.reviews = Reviewer(self.page, self.board, self, self.saves, self.show)
        self._handlers: list[Any] = []
        self.game.reviewing = lambda: self.reviews.screen is not None
        self.game.story.on_review = lambda: self.reviews.command("")  # the end banner's Review
        self.game.story.on_delete = self.saves_list.delete
        self.saves_list.adopt = lambda session: self.sharing.adopt(session, source="file")
        self.saves_list.playing = lambda: self.session is not None
        self.saves_list.fail = self.fail_soft

    @property
    def session(self) -> Session | None:
        return self.game.session

    def ready(self) -> None:
        self.page.ready()

    # ------------------------------------------------------------------ screens

    def show(self, screen: str) -> None:
        self.reviews.close()
        el = self.page.el
        el("setup-screen").hidden = screen != "setup"
        el("game-screen").hidden = screen != "game"
        in_game = screen == "game"
        for element_id in ("undo", "routes", "legend-open"):
            el(element_id).hidden = not in_game
        el("app").classList.toggle("playing", in_game)
        share = self.page.q("[data-cmd='share']")
        if share is not None:
            share.hidden = not in_game
        if not in_game:
            for element_id in ("hint", "autopilot-skip", "hint-box"):
                element = some(el(element_id))
                if element is not None:
                    element.hidden = True
            for element_id in ("share-box", "handover", "end", "prompt", "legend"):
                el(element_id).hidden = True
        self.page.sync_modal()

    def show_setup(self, error: str = "") -> None:
        self.game.session = None
        self.show("setup")
        self.page.el("subtitle").textContent = ""  # the screen's own heading says it
        self.setup.show_error(error)
        self.saves_list.render()
        self.page.ready()

    def start_session(
        self,
        session: Session,
        save: bool = True,
        seats: set[int] | None = None,
        guided: bool = False,
    ) -> None:
        self.reviews.close()
        self.game.start(session, seats, guided)
        self.page.replace_url(session.code)
        if save:
            self.game.autosave()
        self.show("game")
        view = self.game.draw()
        self.fit()  # after the status is drawn: it takes its height from what sits above
        self.game.last_player = view.current
        self.page.ready()

    def resume(self, save_id: str) -> None:
        try:
            record = self.saves.get(save_id)
            session = load_record(record, save_id=save_id)
        except Exception as err:  # SaveError; anything else is set aside just the same
            self.saves.set_aside(save_id, str(err))
            self.page.notice(t("saves.bad", why=str(err)))
            self.show_setup()
            return
        self.start_session(session, save=False)

    def open_review(self, code: str, actions: list[str], back: str, at: int | None = None) -> None:
        self.reviews.open(code, actions, back, at)

    def open_code(self, code: str) -> None:
        from engine import Setup, SetupError

        try:
            Setup.from_code(code)
        except SetupError as err:
            self.page.notice(t("url.bad", why=str(err)))
            self.page.replace_url("")
            self.show_setup()
            return
        current = self.saves.current()
        if current:
            try:
                record = self.saves.get(current)
                if isinstance(record, dict) and record.get("setup") == code:
                    self.resume(current)
                    return
            except SaveError:
                pass
        self.start_session(Session.start(code))

    def fit(self) -> None:
        if self.board.sections:  # a game or a review on show (a watch link has no session)
            fit(self.page, self.board)

    # ------------------------------------------------------------------ start-up

    def boot(self) -> None:
        page = self.page
        lang.start(self.window, self.store)
        lang.apply_static(self.doc)
        self.game.story.relabel()
        self.setup.build()
        self.game.autopilot.add_fields()
        self.setup.sync()
        self.legend.build()
        self.bind()
        off = page.el("saves-off")
        off.hidden = self.saves.enabled
        if getattr(self.store, "problem", "") == "full":
            off.textContent = t("saves.full_start")
        # Whatever the storage holds, the page starts: what cannot be read is set aside.
        try:
            notes = self.saves.repair()
            if notes:
                page.notice(t("saves.set_aside", why=notes[0]))
            from ui.links import has_actions

            if has_actions(self.params):
                self.sharing.open(self.params)
                return
            code = self.params.get("game", "")
            if code:
                self.open_code(code)
                return
            chosen = first_screen.choice(self.doc)  # made while the runtime loaded
            if chosen is not None and chosen.what == "start":
                self.start_chosen(chosen)
                return
            if chosen is not None and chosen.what == "setup":
                self.show_setup()
                return
            current = self.saves.current()
            if current:
                self.resume(current)
                return
            self.show_setup()
        except Exception as err:  # never locked out: say it and offer a new game
            self.game.session = None
            self.fail_soft(err)

    def fail_soft(self, err: BaseException) -> None:
        """An unexpected error: say it in words, keep the page usable, never stop it."""
        why = f"{type(err).__name__}: {err}"[:300]
        with contextlib.suppress(Exception):
            self.window.console.warn(f"burgle: {why}")
        with contextlib.suppress(Exception):
            current = self.saves.current()
            if current and self.session is None:
                self.saves.set_aside(current, why)
        with contextlib.suppress(Exception):
            if self.session is None:
                self.show_setup()
        self.page.notice(t("app.error", why=why))
        self.page.ready()

    def _guarded(self, fn: Any) -> Any:
        """An event handler that reports any error in words instead of dying."""

        def handler(event: Any) -> Any:
            try:
                return fn(event)
            except Exception as err:
                self.fail_soft(err)
                return None

        return handler

    def bind(self) -> None:
        page = self.page
        el = page.el

        def on(element: Any, name: str, fn: Any) -> None:
            handler = page.proxy(fn if is_async(fn) else self._guarded(fn))
            self._handlers.append(handler)
            element.addEventListener(name, handler)

        on(el("app"), "click", self.on_click)
        on(el("board"), "keydown", lambda e: on_board_key(page, self.board, e))
        on(el("setup-form"), "submit", self.on_submit)
        on(el("f-count"), "change", lambda _e: self.setup.sync())
        on(el("f-scenario"), "change", lambda _e: self.setup.sync())
        on(el("import-file"), "change", self.saves_list.on_import)
        on(el("review-bar"), "keydown", self.reviews.on_key)
        on(el("review-slider"), "input", lambda _e: self.reviews.go_to(el("review-slider")))
        on(el("review-turns"), "change", lambda _e: self.reviews.go_to(el("review-turns")))
        switch = el("lang")
        if some(switch) is not None:
            on(switch, "change", lambda _e: self.switch_language(str(switch.value)))
        search = el("ref-search")
        on(search, "input", lambda _e: self.reference.filter(str(search.value)))
        on(el("f-players"), "change", self.setup.on_player_change)
        on(el("f-players"), "change", lambda _e: self.setup.sync_character_help())
        on(self.doc, "keydown", self.on_key)
        on(self.window, "resize", lambda _e: self.fit())

    # ------------------------------------------------------------------ language

    def switch_language(self, code: str) -> None:
        """Redraw every text in `code`: static ones, the setup form (keeping its values), and
        the game in progress (its log is rebuilt by replaying the same actions)."""
        page = self.page
        lang.choose(self.store, code)
        lang.apply_static(self.doc)
        self.game.story.relabel()
        if self.game.show_all:
            page.el("routes").textContent = t("game.routes_hide")
        self.setup.rebuild(self.game.autopilot.add_fields)
        self.legend.build()
        self.saves_list.render()
        if self.reference.is_open():
            self.reference.open()
        old = self.session
        if old is not None:
            self.game.session = Session.start(old.code, old.actions, save_id=old.save_id)
            self.game.rebuild()
            self.fit()
        else:
            page.el("subtitle").textContent = ""  # the screen's own heading says it
        self.reviews.reopen()
        page.ready()

    # ------------------------------------------------------------------ input

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.start_from_form()

    def start_chosen(self, chosen: first_screen.Choice) -> None:
        """Start with the first screen's choices, through the setup form and its defaults."""
        self.page.el("f-scenario").value = chosen.scenario
        self.page.el("f-count").value = str(chosen.count)
        self.setup.sync()
        self.show_setup()
        self.start_from_form()

    def start_from_form(self) -> None:
        from engine import SetupError

        try:
            setup = self.setup.read()
        except (SetupError, ValueError) as err:
            self.setup.show_error(t("setup.error", why=str(err)))
            return
        seats = self.game.autopilot.read_seats(len(setup.players))
        self.start_session(Session.start(setup.to_code()), seats=seats)
        self.game.focus_board()

    def on_click(self, event: Any) -> None:
        target = some(event.target)
        target = some(target.closest("button")) if target is not None else None
        if target is None:
            return
        if some(target.closest("[inert]")) is not None:
            # Behind an open dialog: a key pressed on the focused button before the dialog's
            # own focus landed (End turn's Enter twice: the hand-over's next burglar acted).
            return
        keyboard = getattr(event, "detail", 1) == 0
        story = attr(target, "data-story")
        if story:
            self.game.story.on_click(target, story)
            return
        ref = attr(target, "data-ref")
        if ref:
            self.reference.open(ref)
            return
        action_text = attr(target, "data-action")
        if action_text:
            if self.game.autopilot.blocks_input():
                return  # an autopilot burglar is playing
            from engine import Action, ActionError

            try:  # parsed once, here where it leaves the page; the engine validates it
                action = Action.parse(action_text)
            except ActionError as err:
                self.page.notice(t("game.error", why=str(err)))
                return
            self.game.act(action)
            self.game.refocus(keyboard)
            return
        pos = attr(target, "data-pos")
        if pos:
            self.board.set_stop(pos)
            self.game.select(pos, keyboard)
            return
        cmd = attr(target, "data-cmd")
        if cmd:
            if cmd != "menu":
                self.open_menu(False)  # a control picked from the phone's menu folds it
            self.command(cmd, attr(target, "data-id"))

    def open_menu(self, show: bool) -> None:
        """The phone's menu of rarely used controls (a wide screen shows them inline)."""
        toggle = self.page.el("menu-toggle")
        if toggle is None:
            return
        toggle.setAttribute("aria-expanded", "true" if show else "false")
        self.page.el("menu").classList.toggle("open", show)

    def command(self, cmd: str, arg: str) -> None:
        handler = COMMANDS.get(cmd)
        if handler is not None:
            handler(self, arg)

    def on_key(self, event: Any) -> None:
        """Escape closes a safety net's question (as No), the rules reference or the legend,
        wherever the focus is (the other dialogs wait for an answer); Tab stays in the
        legend."""
        if self.game.story.asking():
            self.game.story.on_key(event)
            return
        if self.reference.is_open():
            if str(event.key) == "Escape":
                event.preventDefault()
                self.reference.close()
            return
        if not self.legend.is_open():
            return
        key = str(event.key)
        if key == "Escape":
            self.command("legend-close", "")
        elif key == "Tab":
            self.legend.keep_focus(event)

    # ------------------------------------------------------------------ commands

    def cmd_new(self, _arg: str) -> None:
        self.page.replace_url("")
        self.show_setup()
        self.page.el("f-name-1").focus()

    def cmd_share(self, _arg: str) -> None:
        if self.session is not None:
            self.sharing.toggle_box()

    def cmd_tutorial(self, _arg: str) -> None:
        self.start_session(Session.start(tutorial.guided_code()), guided=True)

    def cmd_tutorial_leave(self, _arg: str) -> None:
        self.game.tutorial.active = False
        self.store.remove(tutorial.STORE_KEY)
        if self.session is not None:
            self.game.render(self.session.view(), handover=False)

    def cmd_floor(self, arg: str) -> None:
        if arg.isdigit():
            self.board.show_floor(int(arg))
            self.fit()

    def cmd_handover(self, _arg: str) -> None:
        session = self.session
        self.game.handover.close(session.view() if session is not None else None)

    def cmd_again(self, _arg: str) -> None:
        if self.session is None:
            return
        setup = self.session.setup
        self.page.replace_url("")
        self.show_setup()
        self.setup.fill(setup)
        autopilot = self.game.autopilot
        autopilot.fill_form(autopilot.seats)
        self.page.el("start").focus()

    def cmd_same(self, _arg: str) -> None:
        if self.session is not None:
            self.start_session(Session.start(self.session.code))
            self.game.focus_board()

    def cmd_look(self, _arg: str) -> None:
        self.page.el("end").hidden = True
        self.page.sync_modal()
        self.game.focus_board()

    def cmd_delete(self, arg: str) -> None:
        self.game.story.ask_delete(arg, self.saves_list.entry_text(arg))


def _review_step(what: str) -> Command:
    return lambda app, _arg: app.reviews.step(what)


# What each `data-cmd` button does (its `data-id` is the argument).
COMMANDS: dict[str, Command] = {
    "new": App.cmd_new,
    "share": App.cmd_share,
    "copy-link": lambda app, arg: app.sharing.copy(arg),
    "native-share": lambda app, _arg: app.sharing.native_share(),
    "ask-mine": lambda app, _arg: app.sharing.answer(False),
    "ask-link": lambda app, _arg: app.sharing.answer(True),
    "review": lambda app, arg: app.reviews.command(arg),
    **{
        f"review-{what}": _review_step(what)
        for what in ("first", "prev", "next", "last", "close", "continue")
    },
    "undo": lambda app, _arg: app.game.undo(),
    "menu": lambda app, _arg: app.open_menu(
        app.page.el("menu-toggle").getAttribute("aria-expanded") != "true"
    ),
    "hint": lambda app, _arg: app.game.autopilot.hint(),
    "autopilot-skip": lambda app, _arg: app.game.autopilot.skip(),
    "tutorial": App.cmd_tutorial,
    "tutorial-leave": App.cmd_tutorial_leave,
    "rules": lambda app, _arg: app.reference.open(),
    "rules-close": lambda app, _arg: app.reference.close(),
    "floor": App.cmd_floor,
    "routes": lambda app, _arg: app.game.toggle_routes(),
    "legend": lambda app, _arg: app.legend.open(),
    "legend-close": lambda app, _arg: app.legend.close(),
    "handover": App.cmd_handover,
    "again": App.cmd_again,
    "same": App.cmd_same,
    "look": App.cmd_look,
    "continue": lambda app, arg: app.resume(arg),
    "delete": App.cmd_delete,
    "export": lambda app, arg: app.saves_list.export(arg),
}
