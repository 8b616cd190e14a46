"""The page controller: screens, one delegated click handler, rendering from the typed view.

The game only changes through `Session.play` (which calls `game.apply`); everything drawn
comes from the redacted view and the returned events. Text goes in with `textContent` only.
"""

from __future__ import annotations

import contextlib
import secrets
from typing import TYPE_CHECKING, Any

from ui import cards as story_cards
from ui import describe, first_screen, lang, reference, tutorial
from ui.autopilot import Autopilot
from ui.board import MARK_ICONS, TOKEN_ICONS, LiveBoard, target_sets
from ui.messages import has, help_of, name_of, t
from ui.session import SaveError, Saves, Session, load_record, new_save_id, parse_record
from ui.sharing import Sharing
from ui.storage import MAX_JSON_CHARS
from ui.story import Story

SCENARIO_ORDER = first_screen.SCENARIO_ORDER
# Dialogs, the first open one wins: it alone takes input, the rest of the page is inert.
MODALS = ("end", "handover", "legend", "prompt")
# Layout of the board (px): what surrounds the tiles of one floor; see assets/style.css.
GAP, FLOOR_GAP = 4, 12

if TYPE_CHECKING:
    from engine.rules.actions import Action
    from engine.rules.view import GameView, TileView


def _identity(fn: Any) -> Any:
    return fn


class App:
    def __init__(
        self, window: Any, document: Any, store: Any, params: dict[str, str], proxy: Any = _identity
    ) -> None:
        self.window = window
        self.doc = document
        self.store = store
        self.saves = Saves(store)
        self.params = params
        self.proxy = proxy
        self.session: Session | None = None
        self.board = LiveBoard(document, self.el("board"))
        self.reference = reference.Reference(document)
        self.tutorial = tutorial.Tutorial(document)
        self.selected = -1
        self.selected_text = ""
        self.show_all = False
        self.last_player = -1
        self.followed = 0
        self.log_count = 0
        self.renders = 0
        self._handlers: list[Any] = []
        self.autopilot = Autopilot(self)
        self.sharing = Sharing(self)  # game links: send, open, one save per game
        self.review: Any = None  # a ui.review.ReviewScreen while a game is reviewed
        self.story = Story(self)  # cards, dice, catch-up, safety nets, end banner
        self.story.on_review = lambda: self.review_command("")  # the end banner's Review

    # ------------------------------------------------------------------ helpers

    def el(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    def q(self, selector: str) -> Any:
        """querySelector, with None (not Pyodide's JsNull) when nothing matches."""
        return _some(self.doc.querySelector(selector))

    def make(self, tag: str, text: str | None = None, classes: str = "") -> Any:
        element = self.doc.createElement(tag)
        if classes:
            element.className = classes
        if text is not None:
            element.textContent = text
        return element

    def button(self, text: str, classes: str = "btn", **data: str) -> Any:
        b = self.make("button", text, classes)
        b.type = "button"
        for key, value in data.items():
            b.setAttribute(f"data-{key}", value)
        return b

    def notice(self, text: str) -> None:
        box = self.el("notice")
        box.textContent = text
        box.hidden = not text

    def show(self, screen: str) -> None:
        self.close_review()
        self.el("setup-screen").hidden = screen != "setup"
        self.el("game-screen").hidden = screen != "game"
        in_game = screen == "game"
        for element_id in ("undo", "routes", "legend-open"):
            self.el(element_id).hidden = not in_game
        self.el("app").classList.toggle("playing", in_game)
        share = self.q("[data-cmd='share']")
        if share is not None:
            share.hidden = not in_game
        if not in_game:
            for element_id in ("hint", "autopilot-skip", "hint-box"):
                element = _some(self.el(element_id))
                if element is not None:
                    element.hidden = True
            self.el("share-box").hidden = True
            self.el("handover").hidden = True
            self.el("end").hidden = True
            self.el("prompt").hidden = True
            self.el("legend").hidden = True
        self.sync_modal()

    # ------------------------------------------------------------------ start-up

    def boot(self) -> None:
        lang.start(self.window, self.store)
        lang.apply_static(self.doc)
        self.story.relabel()
        self.build_setup_form()
        self.build_legend()
        self.bind()
        off = self.el("saves-off")
        off.hidden = self.saves.enabled
        if getattr(self.store, "problem", "") == "full":
            off.textContent = t("saves.full_start")
        # Whatever the storage holds, the page starts: what cannot be read is set aside.
        try:
            notes = self.saves.repair()
            if notes:
                self.notice(t("saves.set_aside", why=notes[0]))
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
            self.session = None
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
        self.notice(t("app.error", why=why))
        self.ready()

    def bind(self) -> None:
        def on(element: Any, name: str, fn: Any) -> None:
            handler = self.proxy(fn if _is_async(fn) else self._guarded(fn))
            self._handlers.append(handler)
            element.addEventListener(name, handler)

        on(self.el("app"), "click", self.on_click)
        on(self.el("board"), "keydown", self.on_board_key)
        on(self.el("setup-form"), "submit", self.on_submit)
        on(self.el("f-count"), "change", lambda _e: self.sync_setup_form())
        on(self.el("f-scenario"), "change", lambda _e: self.sync_setup_form())
        on(self.el("import-file"), "change", self.on_import)
        on(self.el("review-bar"), "keydown", self.on_review_key)
        on(self.el("review-slider"), "input", lambda _e: self.review_go(self.el("review-slider")))
        on(self.el("review-turns"), "change", lambda _e: self.review_go(self.el("review-turns")))
        on(self.story.confirm, "keydown", self.story.on_key)
        switch = self.el("lang")
        if _some(switch) is not None:
            on(switch, "change", lambda _e: self.switch_language(str(switch.value)))
        search = self.el("ref-search")
        on(search, "input", lambda _e: self.reference.filter(str(search.value)))
        on(self.el("reference"), "keydown", self.on_reference_key)
        on(self.el("f-players"), "change", self.on_player_change)
        on(self.el("f-players"), "change", lambda _e: self.sync_character_help())
        on(self.doc, "keydown", self.on_key)
        on(self.window, "resize", lambda _e: self.fit())

    # ------------------------------------------------------------------ language

    def switch_language(self, code: str) -> None:
        """Redraw every text in `code`: static ones, the setup form (keeping its values), and
        the game in progress (its log is rebuilt by replaying the same actions)."""
        lang.choose(self.store, code)
        lang.apply_static(self.doc)
        self.story.relabel()
        if self.show_all:
            self.el("routes").textContent = t("game.routes_hide")
        form = self.el("setup-form")
        values = {
            str(f.id): (str(f.value), bool(getattr(f, "checked", False)))
            for f in form.querySelectorAll("input, select")
            if str(f.id) and str(f.type) != "file"
        }
        for element_id in ("f-scenario", "f-count", "f-walls", "f-players"):
            self.el(element_id).replaceChildren()
        self.build_setup_form()
        for element_id, (value, checked) in values.items():
            field = self.el(element_id)
            if _some(field) is None:
                continue
            if str(field.type) == "checkbox":
                field.checked = checked
            else:
                field.value = value
        self.sync_setup_form()
        self.build_legend()
        self.render_saves()
        if self.reference.is_open():
            self.reference.open()
        if self.session is not None:
            old = self.session
            self.session = Session.start(old.code, old.actions, save_id=old.save_id)
            view = self.session.view()
            self.el("subtitle").textContent = t(f"scenario.{view.scenario}")
            self.board.build(view)
            self.followed = 0
            self.rebuild_log()
            self.render(view, handover=False)
            self.fit()
        else:
            self.el("subtitle").textContent = t("setup.title")
        if self.review is not None:  # the review's log lines and labels, in the new words
            review = self.review
            tl = review.timeline
            self.open_review(tl.code, tl.actions, review.back, at=review.k)
        self.ready()

    # ------------------------------------------------------------------ setup screen

    def build_setup_form(self) -> None:
        from engine.rules.data import Character

        scen = self.el("f-scenario")
        for key in SCENARIO_ORDER:
            scen.appendChild(self._option(key, t(f"scenario.{key}")))
        count = self.el("f-count")
        for n in first_screen.PLAYER_COUNTS:
            count.appendChild(self._option(str(n), str(n)))
        count.value = str(first_screen.DEFAULT_PLAYER_COUNT)
        walls = self.el("f-walls")
        walls.appendChild(self._option("s", t("setup.walls.standard")))
        walls.appendChild(self._option("r", t("setup.walls.random")))
        rows = self.el("f-players")
        # Distinct characters by default, and each burglar named after his character: two
        # burglars never share a name or a mark unless the players choose so.
        picks = secrets.SystemRandom().sample([c.value for c in Character], 4)
        for n in range(1, 5):
            row = self.make("fieldset", None, "player-row")
            row.id = f"f-player-{n}"
            row.appendChild(self.make("legend", t("setup.player", n=n)))
            name = self.make("input")
            name.id = f"f-name-{n}"
            name.type = "text"
            name.maxLength = 24
            name.value = name_of("character", picks[n - 1])
            name.setAttribute("aria-label", t("setup.name", n=n))
            name.setAttribute("autocomplete", "off")
            char = self.make("select")
            char.id = f"f-char-{n}"
            char.setAttribute("aria-label", t("setup.character", n=n))
            char.appendChild(self._option("", t("setup.random")))
            for c in Character:
                char.appendChild(self._option(c.value, name_of("character", c.value)))
            char.value = picks[n - 1]
            side = self.make("select")
            side.id = f"f-side-{n}"
            side.setAttribute("aria-label", t("setup.side", n=n))
            side.appendChild(self._option("basic", t("side.basic")))
            side.appendChild(self._option("advanced", t("side.advanced")))
            for child in (name, char, side):
                row.appendChild(child)
            about = self.make("div", None, "char-help")
            about.id = f"f-char-help-{n}"
            about.setAttribute("aria-live", "polite")
            row.appendChild(about)
            rows.appendChild(row)
        self.el("f-empty").value = "C3"
        self.autopilot.add_fields()
        self.sync_setup_form()

    def _guarded(self, fn: Any) -> Any:
        """An event handler that reports any error in words instead of dying."""

        def handler(event: Any) -> Any:
            try:
                return fn(event)
            except Exception as err:
                self.fail_soft(err)
                return None

        return handler

    def on_player_change(self, event: Any) -> None:
        target = _some(event.target)
        element_id = str(target.id) if target is not None else ""
        if element_id.startswith("f-char-") and element_id[7:].isdigit():
            self.sync_name(int(element_id[7:]))

    def sync_name(self, n: int) -> None:
        """A name still at its default follows the character chosen for that burglar."""
        from engine.rules.data import Character

        name = self.el(f"f-name-{n}")
        defaults = {name_of("character", c.value) for c in Character}
        defaults.add(t("setup.default_name", n=n))
        if str(name.value).strip() in defaults or not str(name.value).strip():
            char = str(self.el(f"f-char-{n}").value)
            name.value = name_of("character", char) if char else t("setup.default_name", n=n)

    def _option(self, value: str, text: str) -> Any:
        option = self.make("option", text)
        option.value = value
        return option

    def sync_setup_form(self) -> None:
        try:
            count = int(self.el("f-count").value)
        except (TypeError, ValueError):
            count = 2
        for n in range(1, 5):
            self.el(f"f-player-{n}").hidden = n > count
        self.el("f-empty-field").hidden = self.el("f-scenario").value != "fortknox"
        self.sync_character_help()

    def sync_character_help(self) -> None:
        """Under each burglar: both sides of the chosen character, the chosen side first."""
        for n in range(1, 5):
            box = _some(self.el(f"f-char-help-{n}"))
            if box is None:
                continue
            char = str(self.el(f"f-char-{n}").value)
            side = str(self.el(f"f-side-{n}").value)
            fragment = self.doc.createDocumentFragment()
            if not char:
                fragment.appendChild(self.make("p", t("setup.random_character")))
            else:
                fragment.appendChild(self.make("p", help_of("character", char)))
                for which in ("basic", "advanced"):
                    ability = _ability(char, which)
                    line = self.make("p", None, "chosen" if which == side else "")
                    line.appendChild(
                        self.doc.createTextNode(
                            t(
                                f"setup.side_{which}",
                                ability=name_of("ability", ability),
                                help=help_of("ability", ability),
                            )
                            + " "
                        )
                    )
                    link = reference.link_button(self.doc, "ability", ability)
                    if link is not None:
                        line.appendChild(link)
                    fragment.appendChild(line)
            box.replaceChildren(fragment)

    def fill_setup_form(self, setup: Any) -> None:
        """Prefill the form from a setup (Play again keeps the crew, draws a new seed)."""
        self.el("f-scenario").value = str(setup.scenario.value)
        self.el("f-count").value = str(len(setup.players))
        for n, p in enumerate(setup.players, start=1):
            self.el(f"f-name-{n}").value = p.name
            self.el(f"f-char-{n}").value = p.character.value if p.character else ""
            self.el(f"f-side-{n}").value = p.side.value
        self.el("f-walls").value = "r" if setup.random_walls else "s"
        self.el("f-seed").value = ""
        self.el("f-lost").checked = bool(setup.lost_visual)
        self.sync_setup_form()

    def read_setup(self) -> Any:
        """The form as a Setup; SetupError (or ValueError) saying what is wrong."""
        from engine import PlayerSetup, Setup, SetupError
        from engine.rules.data import Character, ScenarioId, Side
        from engine.rules.setup import plain_name

        count = int(self.el("f-count").value)
        players = []
        for n in range(1, count + 1):
            char = str(self.el(f"f-char-{n}").value)
            players.append(
                PlayerSetup(
                    name=plain_name(str(self.el(f"f-name-{n}").value)),
                    character=Character(char) if char else None,
                    side=Side(str(self.el(f"f-side-{n}").value)),
                )
            )
        seed_text = str(self.el("f-seed").value).strip()
        if seed_text:
            if not seed_text.isdigit():
                raise SetupError("the seed must be a whole number")
            seed = int(seed_text)
        else:
            seed = secrets.randbelow(2**31)
        setup = Setup(
            scenario=ScenarioId(str(self.el("f-scenario").value)),
            players=tuple(players),
            seed=seed,
            random_walls=self.el("f-walls").value == "r",
            empty_square=str(self.el("f-empty").value).strip() or "C3",
            lost_visual=bool(self.el("f-lost").checked),
        )
        setup.validate()
        return setup

    def show_setup(self, error: str = "") -> None:
        self.session = None
        self.show("setup")
        self.el("subtitle").textContent = t("setup.title")
        box = self.el("setup-error")
        box.textContent = error
        box.hidden = not error
        self.render_saves()
        self.ready()

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.start_from_form()

    def start_chosen(self, chosen: first_screen.Choice) -> None:
        """Start with the first screen's choices, through the setup form and its defaults."""
        self.el("f-scenario").value = chosen.scenario
        self.el("f-count").value = str(chosen.count)
        self.sync_setup_form()
        self.show_setup()
        self.start_from_form()

    def start_from_form(self) -> None:
        from engine import SetupError

        try:
            setup = self.read_setup()
        except (SetupError, ValueError) as err:
            box = self.el("setup-error")
            box.textContent = t("setup.error", why=str(err))
            box.hidden = False
            return
        seats = self.autopilot.read_seats(len(setup.players))
        self.start_session(Session.start(setup.to_code()), seats=seats)
        self.focus_board()

    # ------------------------------------------------------------------ saves

    def render_saves(self) -> None:
        from engine import Setup

        listing = self.el("save-list")
        fragment = self.doc.createDocumentFragment()
        ids = self.saves.ids()
        aside = self.saves.aside()
        if not ids and not aside:
            fragment.appendChild(self.make("li", t("saves.none")))
        for save_id in ids:
            item = self.make("li", None, "save")
            try:
                record = self.saves.get(save_id)
                code, actions = _check(record)
                setup = Setup.from_code(code)
                status = record.get("outcome") or "playing"
                status_text = (
                    t(f"saves.status.{status}") if has(f"saves.status.{status}") else status
                )
                text = save_summary(self.window, record, setup, len(actions), status_text)
                item.appendChild(self.make("span", text))
                item.appendChild(self.button(t("saves.continue"), cmd="continue", id=save_id))
                item.appendChild(self.button(t("saves.review"), cmd="review", id=save_id))
                item.appendChild(self.button(t("saves.export"), cmd="export", id=save_id))
            except Exception as err:  # SaveError, SetupError: said on its line
                item.appendChild(self.make("span", t("saves.bad", why=str(err)), "error"))
                item.appendChild(self.button(t("saves.export"), cmd="export", id=save_id))
            item.appendChild(self.button(t("saves.delete"), cmd="delete", id=save_id))
            fragment.appendChild(item)
        for save_id, why in aside:
            item = self.make("li", None, "save aside")
            item.appendChild(self.make("span", t("saves.aside_entry", why=why), "error"))
            item.appendChild(self.button(t("saves.export"), cmd="export", id=save_id))
            item.appendChild(self.button(t("saves.delete"), cmd="delete", id=save_id))
            fragment.appendChild(item)
        listing.replaceChildren(fragment)

    def delete_save(self, save_id: str) -> None:
        self.saves.delete(save_id)
        self.store.remove(f"story.quiet.{save_id}")
        self.render_saves()

    def _save_entry(self, save_id: str) -> str:
        item = self.q(f"#save-list [data-cmd='delete'][data-id='{save_id}']")
        span = _some(item.parentElement.querySelector("span")) if item is not None else None
        return str(span.textContent) if span is not None else ""

    def resume(self, save_id: str) -> None:
        try:
            record = self.saves.get(save_id)
            session = load_record(record, save_id=save_id)
        except Exception as err:  # SaveError; anything else is set aside just the same
            self.saves.set_aside(save_id, str(err))
            self.notice(t("saves.bad", why=str(err)))
            self.show_setup()
            return
        self.start_session(session, save=False)

    def autosave(self) -> None:
        if self.session is None:
            return
        was_enabled = self.saves.enabled
        ok = self.saves.put(self.session)
        if was_enabled and not ok:
            self.notice(t("saves.full"))  # the next action clears the notice: the line below stays
            off = self.el("saves-off")
            off.textContent = t("saves.full")
            off.hidden = False

    def export(self, save_id: str) -> None:
        raw = self.saves.raw(save_id)
        if raw is None:
            return
        try:
            from pyodide.ffi import to_js  # only in the browser

            blob = self.window.Blob.new(to_js([raw]), to_js({"type": "application/json"}))
            url = self.window.URL.createObjectURL(blob)
            link = self.make("a")
            link.href = url
            link.download = f"burgle-{save_id}.json"
            self.doc.body.appendChild(link)
            link.click()
            link.remove()
            self.window.URL.revokeObjectURL(url)
        except ImportError:
            pass

    async def on_import(self, event: Any) -> None:
        try:
            files = event.target.files
            if not files or files.length == 0:
                return
            file = files.item(0)
            size = int(file.size)
            event.target.value = ""  # the same file can be chosen again
            if size > MAX_JSON_CHARS * 4:
                self.notice(t("saves.import_bad", why=t("saves.too_big")))
                return
            text = await file.text()
            self.import_text(str(text))
        except Exception as err:  # never leave the import button dead
            self.fail_soft(err)

    def import_text(self, text: str) -> bool:
        """Import a save file's text; a file that cannot be read is said and set aside."""
        try:
            session = load_record(parse_record(text))
        except SaveError as err:
            self.notice(t("saves.import_bad", why=str(err)))
            if len(text) <= MAX_JSON_CHARS:
                aside_id = "import-" + new_save_id(text[:1000])
                self.saves.set_aside(aside_id, str(err), raw=text)
            if self.session is None:
                self.render_saves()
            return False
        self.sharing.adopt(session, source="file")
        return True

    # ------------------------------------------------------------------ playing

    def open_code(self, code: str) -> None:
        from engine import Setup, SetupError

        try:
            Setup.from_code(code)
        except SetupError as err:
            self.notice(t("url.bad", why=str(err)))
            self.replace_url("")
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

    def replace_url(self, code: str) -> None:
        try:
            query = f"?game={code}" if code else self.window.location.pathname
            self.window.history.replaceState(None, "", query)
        except Exception:
            pass

    def start_session(
        self,
        session: Session,
        save: bool = True,
        seats: set[int] | None = None,
        guided: bool = False,
    ) -> None:
        self.close_review()
        self.session = session
        self.autopilot.attach(session, seats)
        if guided:
            self.store.set(tutorial.STORE_KEY, session.save_id)
        # the guided heist: started from its button, or resumed from its own save
        self.tutorial.active = guided or (
            self.store.get(tutorial.STORE_KEY) == session.save_id and self.tutorial.follows(session)
        )
        self.selected, self.selected_text = -1, ""
        self.last_player = -1
        self.replace_url(session.code)
        if save:
            self.autosave()
        self.show("game")
        self.el("end").hidden = True
        self.el("handover").hidden = True
        self.el("share-box").hidden = True
        self.story.new_game()
        view = session.view()
        self.el("subtitle").textContent = t(f"scenario.{view.scenario}")
        self.board.build(view)
        self.followed = 0
        self.rebuild_log()
        self.render(view, handover=False)
        self.fit()  # after the status is drawn: it takes its height from what sits above
        self.last_player = view.current
        self.ready()

    def ready(self) -> None:
        self.doc.documentElement.setAttribute("data-ready", "1")

    def act(self, text: str, confirmed: bool = False) -> bool:
        """Play one legal action through the engine and redraw; False (and words) on error.

        A move the safety nets stop (it loses, it draws an Event early, it spends a Tool)
        asks first unless `confirmed`; the dialog's "Do it" plays it."""
        from engine import IllegalActionError

        if self.session is None:
            return False
        if not self.tutorial.allows(self.session, text):
            step = tutorial.expected(len(self.session.actions))
            self.notice(t("tut.wrong", action=self.tutorial.step_words(step, self.session.names)))
            return False
        if not confirmed and not self.story.allow(text):
            return False
        try:
            self.session.play(text)
        except (IllegalActionError, ValueError) as err:
            self.notice(t("game.error", why=str(err)))
            return False
        self.notice("")
        self.autosave()
        self.append_log()
        self.render(self.session.view(), acted=True)
        return True

    def undo(self) -> None:
        if self.session is None:
            return
        self.autopilot.cancel()
        if not self.session.undo():
            self.notice(t("game.undo_none"))
            return
        self.notice("")
        self.autosave()
        self.story.table.hidden = True
        self.rebuild_log()
        self.render(self.session.view(), handover=False)

    # ------------------------------------------------------------------ rendering

    def render(self, view: GameView, handover: bool = True, acted: bool = False) -> None:
        session = self.session
        assert session is not None
        by_tile, other, choices = describe.group_legal(view.legal)
        names = [p.name for p in view.players]
        moves, tools = target_sets(view.legal)
        self.board.update(view, self.selected, self.show_all, moves, tools)
        me = view.me
        floor = me.floor + 1 if me.floor is not None else 1
        if floor != self.followed:
            self.followed = floor  # the phone's floor tabs follow the burglar who plays
            self.board.show_floor(floor)
        self.render_status(view)
        self.render_tile_panel(view, by_tile, names)
        self.story.render_safe(view, self.selected)
        actions = self.el("other-actions")
        fragment = self.doc.createDocumentFragment()
        for action in other:
            fragment.appendChild(
                self.button(describe.action_label(action, names), "btn action", action=str(action))
            )
        actions.replaceChildren(fragment)
        self.render_prompt(view, choices, names)
        self.render_crew(view)
        undo = self.el("undo")
        undo.disabled = not session.can_undo()
        over = session.game.is_over()
        if over:
            self.render_end(view)
        elif (
            handover
            and len(view.players) > 1
            and view.current != self.last_player
            and not self.autopilot.skip_handover(view)
        ):
            player = view.me
            self.el("handover-text").textContent = t(
                "handover.text",
                name=player.name,
                character=name_of("character", player.character),
            )
            go = self.el("handover-go")
            go.textContent = t("handover.go", name=player.name)
            self.story.handover(view)
            self.el("handover").hidden = False
            self.sync_modal()
            go.focus()
        self.last_player = view.current
        self.story.after_render(view, session.last_events, acted)
        self.autopilot.after_render(view)
        self.tutorial.render(session)
        self.renders += 1
        self.doc.documentElement.setAttribute("data-renders", str(self.renders))

    def render_status(self, view: GameView) -> None:
        if view.outcome:  # no live turn once the game is over
            outcome = t("saves.status.win" if view.outcome == "win" else "saves.status.loss")
            self.el("status").textContent = t("story.status.over", outcome=outcome)
            return
        player = view.me
        parts = [
            t("game.turn", n=view.turn),
            t("game.current", name=player.name),
        ]
        if view.step == "entrance":
            parts.append(t("game.entrance"))
        else:
            parts.append(t("game.actions_left", n=view.actions_left))
            parts.append(t("game.stealth", n=player.stealth))
            if view.event_if_end_now:
                parts.append(t("game.event_now"))
            else:
                parts.append(t("game.no_event_now"))
        status = self.el("status")
        status.textContent = " · ".join(parts)
        status.classList.toggle("event-now", view.event_if_end_now)
        decks = view.decks
        self.el("decks").textContent = t(
            "game.decks", tools=decks.tools, loot=decks.loot, events=decks.events
        )

    def tile_of(self, view: GameView, pos: int) -> TileView | None:
        from engine.rules.actions import floor_of

        floor = floor_of(pos)
        if not 0 <= floor < len(view.floors):
            return None
        for tile in view.floors[floor].tiles:
            if tile.pos == pos:
                return tile
        return None

    def render_tile_panel(
        self, view: GameView, by_tile: dict[str, list[Action]], names: list[str]
    ) -> None:
        info = self.el("tile-info")
        box = self.el("tile-actions")
        fragment = self.doc.createDocumentFragment()
        tile = self.tile_of(view, self.selected) if self.selected >= 0 else None
        if tile is None:
            info.textContent = t("game.select_tile")
        else:
            ref = self.board.last.get(self.selected)
            label = ref.label if ref else tile.name
            kind = tile.kind if tile.revealed else None
            help_text = help_of("kind", kind) if kind else ""
            info.textContent = f"{label}. {help_text}".strip() + " "
            link = reference.link_button(self.doc, "kind", kind) if kind and help_text else None
            if link is not None:
                info.appendChild(link)
            actions = by_tile.get(tile.name, [])
            if not actions:
                fragment.appendChild(self.make("p", t("game.no_tile_actions"), "help"))
            for action in actions:
                fragment.appendChild(
                    self.button(
                        describe.action_label(action, names, with_pos=False),
                        "btn action",
                        action=str(action),
                    )
                )
        box.replaceChildren(fragment)

    def render_prompt(self, view: GameView, choices: list[Action], names: list[str]) -> None:
        prompt = self.el("prompt")
        pending = view.pending
        if pending is None or not choices:
            if not prompt.hidden:
                prompt.hidden = True
                self.sync_modal()
            return
        kind = pending.kind
        # The card the Spotter saw is in the decision's payload (no event scraping).
        self.el("prompt-text").textContent = describe.prompt_text(pending)
        prompt.hidden = False
        if self.story.render_prompt(view, pending, choices):
            return
        dice = describe.pending_dice(pending) if kind == "stethoscope" else None

        def kind_at(option: str) -> str:
            from engine.rules.actions import parse_pos

            tile = self.tile_of(view, parse_pos(option))
            return str(tile.kind) if tile and tile.revealed else ""

        fragment = self.doc.createDocumentFragment()
        for choice in choices:
            label = describe.choice_label(kind, choice.option, names, kind_at, dice)
            fragment.appendChild(self.button(label, "btn action", action=str(choice)))
        self.el("prompt-options").replaceChildren(fragment)
        if prompt.hidden:
            prompt.hidden = False
            self.sync_modal()

    def render_crew(self, view: GameView) -> None:
        fragment = self.doc.createDocumentFragment()
        for p in view.players:
            current = p.index == view.current
            item = self.make("li", None, "burglar current" if current else "burglar")
            ability = _ability(p.character, p.side)
            head = f"{'▶ ' if current else ''}{p.name} · {name_of('character', p.character)}"
            where = ""
            if p.escaped:
                where = t("game.escaped")
            elif p.entered and p.pos is not None:
                where = describe.pos_text(p.pos)
            item.appendChild(self.make("strong", head))
            item.appendChild(
                self.make("span", f" · {t('game.stealth', n=p.stealth)} · {where}".rstrip(" ·"))
            )
            about = self.make(
                "p", f"{name_of('ability', ability)}: {help_of('ability', ability)} ", "help"
            )
            link = reference.link_button(self.doc, "ability", ability)
            if link is not None:
                about.appendChild(link)
            item.appendChild(about)
            marks = []
            if p.hack:
                marks.append(t("crew.laptop", n=p.hack))
            if p.alarm_held:
                marks.append(t("crew.alarm_held"))
            if marks:
                item.appendChild(self.make("p", " · ".join(marks), "marks"))
            hands: tuple[tuple[str, str, tuple[str, ...]], ...] = (
                ("tool", "game.tools", p.tools),
                ("loot", "game.loot", p.loot),
            )
            for prefix, key, cards in hands:
                if not cards:
                    continue
                lines = self.make("div", None, "story-hand")
                for card in cards:
                    card_box = story_cards.card(self.doc, prefix, card)
                    link = reference.link_button(self.doc, prefix, card)
                    if link is not None:
                        card_box.appendChild(link)
                    lines.appendChild(card_box)
                item.appendChild(self.make("p", t(key, list=""), "cards-title"))
                item.appendChild(lines)
            fragment.appendChild(item)
        self.el("crew").replaceChildren(fragment)

    def render_end(self, view: GameView) -> None:
        win = view.outcome == "win"
        self.el("end-title").textContent = t("end.win" if win else "end.loss")
        assert self.session is not None
        caught = self.session.game.outcome.player
        player = caught if caught >= 0 else None
        names = [p.name for p in view.players]
        self.el("end-reason").textContent = describe.end_reason(view.reason, names, player)
        self.el("end").hidden = False
        self.el("handover").hidden = True
        self.sync_modal()
        button = self.q("#end [data-cmd='again']")
        if button is not None:
            button.focus()

    def rebuild_log(self) -> None:
        session = self.session
        assert session is not None
        fragment = self.doc.createDocumentFragment()
        for _, line in reversed(session.log):
            fragment.appendChild(self.make("li", line))
        self.el("log").replaceChildren(fragment)
        self.log_count = len(session.log)

    def append_log(self) -> None:
        session = self.session
        assert session is not None
        log = self.el("log")
        for _, line in session.log[self.log_count :]:
            log.prepend(self.make("li", line))
        self.log_count = len(session.log)

    # ------------------------------------------------------------------ input

    def on_click(self, event: Any) -> None:
        target = _some(event.target)
        target = _some(target.closest("button")) if target is not None else None
        if target is None:
            return
        story = _attr(target, "data-story")
        if story:
            self.story.on_click(target, story)
            return
        ref = _attr(target, "data-ref")
        if ref:
            self.reference.open(ref)
            return
        action = _attr(target, "data-action")
        if action and self.autopilot.blocks_input():
            return  # an autopilot burglar is playing
        if action:
            keyboard = getattr(event, "detail", 1) == 0
            self.act(str(action))
            self.refocus(keyboard)
            return
        pos = _attr(target, "data-pos")
        if pos:
            self.board.set_stop(str(pos))
            self.select(str(pos), getattr(event, "detail", 1) == 0)
            return
        cmd = _attr(target, "data-cmd")
        if cmd:
            self.command(cmd, _attr(target, "data-id"))

    def refocus(self, keyboard: bool) -> None:
        """After an action the buttons are redrawn: keep focus somewhere useful."""
        if (
            not self.el("handover").hidden
            or not self.el("end").hidden
            or not self.story.confirm.hidden
        ):
            return
        first = self.q("#prompt:not([hidden]) button, #tile-actions button")
        if first is None and self.selected_text:
            first = self.q(f"#board [data-pos='{self.selected_text}']")
        if first is None:
            first = self.q("#other-actions button")
        if first is not None and keyboard:
            first.focus()

    def select(self, pos_text: str, keyboard: bool = False) -> None:
        from engine.rules.actions import parse_pos

        if self.session is None or self.review is not None:
            return  # a reviewed board is only looked at
        self.selected = parse_pos(pos_text)
        self.selected_text = pos_text
        self.render(self.session.view(), handover=False)
        if keyboard:
            first = self.q("#tile-actions button")
            if first is not None:
                first.focus()

    def command(self, cmd: str, arg: str) -> None:
        if cmd == "new":
            self.replace_url("")
            self.show_setup()
            self.el("f-name-1").focus()
        elif cmd == "share" and self.session is not None:
            self.sharing.toggle_box()
        elif cmd == "copy-link":
            self.sharing.copy(arg)
        elif cmd == "native-share":
            self.sharing.native_share()
        elif cmd in ("ask-mine", "ask-link"):
            self.sharing.answer(cmd == "ask-link")
        elif cmd == "review":
            self.review_command(arg)
        elif cmd.startswith("review-") and self.review is not None:
            self.review_step(cmd.removeprefix("review-"))
        elif cmd == "undo":
            self.undo()
        elif cmd == "hint":
            self.autopilot.hint()
        elif cmd == "autopilot-skip":
            self.autopilot.skip()
        elif cmd == "tutorial":
            self.start_session(Session.start(tutorial.CODE), guided=True)
        elif cmd == "tutorial-leave":
            self.tutorial.active = False
            self.store.remove(tutorial.STORE_KEY)
            if self.session is not None:
                self.render(self.session.view(), handover=False)
        elif cmd == "rules":
            self.reference.open()
        elif cmd == "rules-close":
            self.reference.close()
        elif cmd == "floor" and arg.isdigit():
            self.board.show_floor(int(arg))
            self.fit()
        elif cmd == "routes" and self.session is not None:
            self.show_all = not self.show_all
            button = self.el("routes")
            button.textContent = t("game.routes_hide" if self.show_all else "game.routes")
            button.setAttribute("aria-pressed", "true" if self.show_all else "false")
            self.render(self.session.view(), handover=False)
        elif cmd == "legend":
            self.el("legend").hidden = False
            self.sync_modal()
            self.el("legend-close").focus()
        elif cmd == "legend-close":
            self.el("legend").hidden = True
            self.sync_modal()
            self.el("legend-open").focus()
        elif cmd == "handover":
            self.el("handover").hidden = True
            self.sync_modal()
            self.story.play_plan()
            first = self.q("#prompt:not([hidden]) button")
            if first is not None:
                first.focus()
            elif self.session is not None:  # the board, never End turn (a second Enter)
                self.story.focus_after_handover(self.session.view())
        elif cmd == "again" and self.session is not None:
            setup = self.session.setup
            self.replace_url("")
            self.show_setup()
            self.fill_setup_form(setup)
            self.autopilot.fill_form(self.autopilot.seats)
            self.el("start").focus()
        elif cmd == "same" and self.session is not None:
            self.start_session(Session.start(self.session.code))
            self.focus_board()
        elif cmd == "look":
            self.el("end").hidden = True
            self.sync_modal()
            self.focus_board()
        elif cmd == "continue":
            self.resume(arg)
        elif cmd == "delete":
            self.story.ask_delete(arg, self._save_entry(arg))
        elif cmd == "export":
            self.export(arg)

    # ------------------------------------------------------------------ review

    def open_review(self, code: str, actions: list[str], back: str, at: int | None = None) -> None:
        """Review a game (never the session itself): from the end screen, a save or a link."""
        from engine import IllegalActionError, SetupError
        from ui.review import ReviewScreen, Timeline

        try:
            timeline = Timeline(code, actions)
        except (IllegalActionError, SetupError, ValueError) as err:
            self.notice(t("review.bad", why=str(err)))
            return
        screen = ReviewScreen(self, timeline, back)
        screen.open(at)
        self.review = screen  # after open(): show() closes any review before it
        self.el("review-next" if at == 0 else "review-prev").focus()

    def close_review(self) -> None:
        if self.review is not None:
            review, self.review = self.review, None
            review.close()

    def review_command(self, save_id: str) -> None:
        if save_id:
            try:
                code, actions = _check(self.saves.get(save_id))
            except SaveError as err:
                self.notice(t("saves.bad", why=str(err)))
                return
            self.open_review(code, actions, back="setup", at=0)
        elif self.session is not None:
            self.open_review(self.session.code, self.session.actions, back="game")

    def review_step(self, what: str) -> None:
        review = self.review
        if what == "close":
            back = review.back
            self.close_review()
            if back == "game" and self.session is not None:
                self.start_session(self.session, save=False)
            else:
                self.show_setup()
            return
        if what == "continue":
            k = review.k
            fork = Session.start(review.timeline.code, review.timeline.actions[:k])
            self.start_session(fork)  # a new save: the reviewed game stays as it was
            self.notice(t("review.forked", k=k))
            return
        moves = {
            "first": 0,
            "prev": review.k - 1,
            "next": review.k + 1,
            "last": len(review.timeline),
        }
        if what in moves:
            review.go(moves[what])

    def review_go(self, control: Any) -> None:
        if self.review is None:
            return
        value = str(control.value)
        if value.isdigit():
            self.review.go(int(value))

    def on_review_key(self, event: Any) -> None:
        target = _some(event.target)
        if self.review is None or (target is not None and _attr(target, "id") == "review-turns"):
            return
        if target is not None and _attr(target, "id") == "review-slider":
            return  # the slider moves itself with the arrow keys (its input event steps)
        if self.review.key(str(event.key)):
            event.preventDefault()

    def on_reference_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            event.preventDefault()
            self.reference.close()

    def on_board_key(self, event: Any) -> None:
        """The WAI-ARIA grid keys: arrows move within a floor, Home/End to the row's ends
        (with Ctrl: the floor's first and last tile), PageUp/PageDown up and down a floor.
        The focused tile takes its floor's single tab stop."""
        key = str(event.key)
        target = _some(event.target)
        if target is None or not _attr(target, "data-pos"):
            return
        from engine.rules.actions import floor_of, parse_pos, pos_at, pos_text, row_col

        size = self.board.size
        pos = parse_pos(_attr(target, "data-pos"))
        floor = floor_of(pos)
        row, col = row_col(pos)
        ctrl = bool(getattr(event, "ctrlKey", False))
        if key == "ArrowLeft":
            col -= 1
        elif key == "ArrowRight":
            col += 1
        elif key == "ArrowUp":
            row -= 1
        elif key == "ArrowDown":
            row += 1
        elif key == "Home":
            col = 0
            row = 0 if ctrl else row
        elif key == "End":
            col = size - 1
            row = size - 1 if ctrl else row
        elif key == "PageUp":
            floor += 1
        elif key == "PageDown":
            floor -= 1
        else:
            return
        event.preventDefault()
        if not (0 <= row < size and 0 <= col < size) or floor < 0:
            return
        text = pos_text(pos_at(floor, row, col))
        nxt = self.q(f"#board [data-pos='{text}']")
        if nxt is not None:
            self.board.show_floor(floor + 1)  # a phone shows one floor: bring that one up
            self.board.set_stop(text)
            nxt.focus()

    def on_key(self, event: Any) -> None:
        """Escape closes the legend (the other dialogs wait for an answer)."""
        if str(event.key) == "Escape" and not self.el("legend").hidden:
            self.command("legend-close", "")

    def focus_board(self) -> None:
        """Focus the tab stop of the floor in play (after Start: the board, not <body>)."""
        n = self.board.active or 1
        if 1 <= n <= len(self.board.stops):
            tile = self.q(f"#board [data-pos='{self.board.stops[n - 1]}']")
            if tile is not None:
                tile.focus()

    def sync_modal(self) -> None:
        """The first open dialog alone takes input: everything else in the app is inert."""
        open_id = next((m for m in MODALS if not self.el(m).hidden), "")
        app = self.el("app")
        for child in list(app.children):
            child.inert = bool(open_id) and str(child.id) != open_id
        self.doc.documentElement.setAttribute("data-modal", open_id)

    def fit(self) -> None:
        """Size the tiles to the window: the largest tile that shows every floor (a phone:
        one floor across its width), floors in as many columns as that allows."""
        board = self.el("board")
        if self.session is None or board is None:
            return
        win = self.window
        width = float(board.clientWidth)
        top = float(board.getBoundingClientRect().top) + float(win.scrollY)
        height = float(win.innerHeight) - top - 12
        size = self.board.size
        floors = len(self.board.sections)
        head = self.q("#board .floor-head")
        head_h = float(head.offsetHeight) + 4 if head is not None else 28.0
        phone = bool(win.matchMedia("(max-width: 900px)").matches)
        if phone:
            floors = 1
            height = max(height - 0.3 * float(win.innerHeight), width)  # room left for the dock
        chrome = 2 * (GAP + 4) + (size - 1) * GAP  # the floor's padding, border room, gaps
        best, best_cols = 0.0, 1
        for cols in range(1, floors + 1):
            rows = -(-floors // cols)
            by_w = (width - (cols - 1) * FLOOR_GAP - cols * chrome) / (cols * size)
            by_h = (height - rows * head_h - (rows - 1) * FLOOR_GAP - rows * chrome) / (rows * size)
            tile = min(by_w, by_h)
            if tile > best + 0.5:
                best, best_cols = tile, cols
        tile = max(44, min(220, int(best)))
        board.style.setProperty("--tile", f"{tile}px")
        board.style.setProperty("--cols", str(best_cols))
        self.doc.documentElement.setAttribute("data-tile", str(tile))

    def build_legend(self) -> None:
        """One key to every icon and colour the board can show."""
        from engine.rules.data import Character, TileKind
        from ui.board import _svg

        body = self.el("legend-body")
        fragment = self.doc.createDocumentFragment()

        def group(title: str, items: list[tuple[str, str, str]]) -> None:
            fragment.appendChild(self.make("h3", title))
            listing = self.make("ul", None, "legend-list")
            for icon, css, text in items:
                item = self.make("li", None, f"legend-item {css}".strip())
                if icon:
                    item.setAttribute("data-icon", icon)
                    item.appendChild(_svg(self.doc, icon, "ic"))
                else:
                    item.appendChild(self.make("span", None, "swatch"))
                item.appendChild(self.make("span", text))
                listing.appendChild(item)
            fragment.appendChild(listing)

        rooms = [(f"k-{k.value}", "", name_of("kind", k.value)) for k in TileKind]
        rooms.append(("k-back", "", t("legend.back")))
        group(t("legend.rooms"), rooms)
        pieces = [("m-guard", "guard", t("legend.guard"))]
        pieces += [("die-2", "", t("legend.die"))]
        pieces += [(f"c-{c.value}", "burglar", name_of("character", c.value)) for c in Character]
        pieces.append(("m-burglar", "", t("legend.burglar")))
        group(t("legend.pieces"), pieces)
        group(t("legend.tokens"), [(i, "", t(f"legend.{i}")) for i in TOKEN_ICONS])
        marks = [(i, i, t(f"legend.{i}")) for i in MARK_ICONS]
        marks += [
            ("", "sw-route", t("legend.route")),
            ("", "sw-wall", t("legend.wall")),
            ("", "sw-selected", t("legend.selected")),
            ("", "sw-focus", t("legend.focus")),
            ("", "sw-alarm", t("legend.alarm")),
            ("", "sw-number", t("legend.number")),
        ]
        group(t("legend.marks"), marks)
        body.replaceChildren(fragment)


def save_summary(window: Any, record: Any, setup: Any, actions: int, status: str) -> str:
    """Scenario, crew, turn, date and status of a save, for the saves list."""
    from engine.rules.data import Character

    names = [p.name for p in setup.players]
    crew = record.get("crew")
    if isinstance(crew, list) and len(crew) == len(names):
        with_chars = []
        for name, char in zip(names, crew, strict=True):
            known = isinstance(char, str) and char in {c.value for c in Character}
            with_chars.append(f"{name} ({name_of('character', char)})" if known else name)
        names = with_chars
    turn = record.get("turn")
    return t(
        "saves.summary",
        scenario=t(f"scenario.{setup.scenario.value}"),
        crew=", ".join(names),
        turn=turn if isinstance(turn, int) and not isinstance(turn, bool) else "?",
        date=_date(window, record.get("updated")),
        status=status,
    )


def _date(window: Any, seconds: Any) -> str:
    """A save's time in the reader's own words (the browser's locale), or ''."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds <= 0:
        return "?"
    try:
        return str(window.Date.new(seconds * 1000).toLocaleString())
    except Exception:
        import time

        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(seconds))


def _check(record: Any) -> tuple[str, list[str]]:
    from ui.session import check_record

    return check_record(record)


def _ability(character: str, side: str) -> str:
    from engine.rules.data import ABILITIES, Character

    try:
        pair = ABILITIES[Character(character)]
    except (KeyError, ValueError):
        return ""
    return pair[1] if side == "advanced" else pair[0]


def _is_async(fn: Any) -> bool:
    import inspect

    return inspect.iscoroutinefunction(fn)


def _some(value: Any) -> Any:
    """None for JavaScript null/undefined (JsNull in recent Pyodide), else the value."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


def _attr(element: Any, name: str) -> str:
    """An attribute as text, '' when absent."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else ""
