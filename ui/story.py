"""The game tells its story: what the table shows between two clicks, and the safety nets.

* the table: the Event drawn (a card with our text), dice rolled (faces), cards drawn;
* the Safe panel: a selected Safe's row and column, its dice, the chance of the next roll;
* the catch-up: what happened since a burglar's last turn, on the hand-over screen;
* safety nets: a game-losing move, an End turn that draws an Event with actions left and a
  Tool (each is discarded once used) ask first, with "don't ask again" for this game;
* the end banner (outcome and buttons stay after the end dialog) and floors whose guard is
  out of sight (Lost Visual).

Every rule question goes to the engine (`would_lose`, `would_draw_event`, `safe_info`); the
words are built by the pure functions of `ui.story_text` and `ui.safe_panel`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui import animate, cards, prompt_cards
from ui.describe import dice_text, pos_text
from ui.messages import t
from ui.panels import tile_of
from ui.safe_panel import render_safe
from ui.story_text import catch_up, safety_reason, safety_text, table_items

if TYPE_CHECKING:
    from engine import Action
    from engine.rules.view import GameView, PendingView
    from ui.dom import Page
    from ui.ports import Table

QUIET_KEY = "story.quiet."  # + save id: the safety nets a game said "don't ask again" to


# ---------------------------------------------------------------------- the controller


class Story:
    """The page's story pieces; `App` calls these hooks and routes `data-story` clicks here."""

    def __init__(self, page: Page, table: Table) -> None:
        self.page = page
        self.game = table  # the game in play: its session, act, refocus
        self.doc = page.doc
        self.window = page.window
        self.on_review: Callable[[], None] | None = None  # the replay viewer plugs in here
        self.on_delete: Callable[[str], None] = lambda _save_id: None  # the saves list's
        self.waiting: Action | None = None  # the action a confirm dialog holds back
        self.waiting_reason = ""
        self.waiting_delete = ""
        self.die_picked = -1  # the Stethoscope: the die clicked, before its new face
        self.dismissed = False
        self.lost_floors: set[int] = set()
        self.back: dict[int, str] = {}  # floor -> where his guard came back (last action)
        self.plan: list[dict[str, Any]] = []  # playback waiting for the hand-over to close
        self.noted: GameView | None = None  # the view the floor notes were last written from
        self._build()

    # -- DOM scaffolding (created here, so the shared index.html stays as it is)

    def _el(self, tag: str, classes: str = "", text: str | None = None) -> Any:
        return cards.element(self.doc, tag, classes, text)

    def _find(self, selector: str) -> Any:
        find = getattr(self.doc, "querySelector", None)
        value = find(selector) if find is not None else None  # the CPython tests' fake DOM
        if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
            return None
        return value

    def _build(self) -> None:
        doc = self.doc
        self.table = self._el("section", "panel story-table")
        self.table.id = "story-table"
        self.table.setAttribute("aria-live", "polite")
        self.table.setAttribute("aria-label", t("story.table"))
        self.table.hidden = True
        dock = self._find(".dock")
        if dock is not None:
            dock.prepend(self.table)
        self.safe = self._el("div", "story-safe")
        self.safe.id = "story-safe"
        self.safe.hidden = True
        info = self._find("#tile-info")
        if info is not None:
            info.after(self.safe)
        self.banner = self._el("section", "story-banner")
        self.banner.id = "story-banner"
        self.banner.setAttribute("role", "status")
        self.banner.hidden = True
        status = self._find("#status")
        if status is not None:
            status.before(self.banner)
        self.catchup = self._el("div", "story-catchup")
        self.catchup.id = "handover-catchup"
        text = self._find("#handover-text")
        if text is not None:
            text.after(self.catchup)
        # The confirm dialog of the safety nets.
        self.confirm = self._el("div", "overlay story-confirm")
        self.confirm.id = "story-confirm"
        self.confirm.setAttribute("role", "alertdialog")
        self.confirm.setAttribute("aria-modal", "true")
        self.confirm.setAttribute("aria-labelledby", "story-confirm-text")
        self.confirm.hidden = True
        box = self._el("div", "dialog")
        self.confirm_text = self._el("p", "story-confirm-text")
        self.confirm_text.id = "story-confirm-text"
        label = self._el("label", "story-quiet")
        self.quiet_box = self._el("input")
        self.quiet_box.type = "checkbox"
        self.quiet_box.id = "story-quiet"
        label.appendChild(self.quiet_box)
        self.quiet_text = self._el("span", "", t("story.confirm.quiet"))
        label.appendChild(self.quiet_text)
        self.quiet_label = label
        buttons = self._el("div", "buttons")
        self.yes = self._button(t("story.confirm.yes"), "btn danger", "yes")
        self.no = self._button(t("story.confirm.no"), "btn primary", "no")
        buttons.appendChild(self.no)
        buttons.appendChild(self.yes)
        for part in (self.confirm_text, label, buttons):
            box.appendChild(part)
        self.confirm.appendChild(box)
        app = self._find("#app")
        (app if app is not None else doc.body).appendChild(self.confirm)

    def relabel(self) -> None:
        """After a language switch: the texts this module drew once."""
        self.table.setAttribute("aria-label", t("story.table"))
        self.quiet_text.textContent = t("story.confirm.quiet")
        self.yes.textContent = t("story.confirm.yes")
        self.no.textContent = t("story.confirm.no")
        self.close_confirm()

    def _button(self, text: str, classes: str, story: str, **data: str) -> Any:
        b = self._el("button", classes, text)
        b.type = "button"
        b.setAttribute("data-story", story)
        for key, value in data.items():
            b.setAttribute(f"data-{key}", value)
        return b

    # -- per-game state

    def quiet(self) -> set[str]:
        session = self.game.session
        if session is None:
            return set()
        got = self.page.store.get_json(QUIET_KEY + session.save_id, [])
        return {str(x) for x in got} if isinstance(got, list) else set()

    def _set_quiet(self, reason: str) -> None:
        session = self.game.session
        if session is None:
            return
        self.page.store.set_json(QUIET_KEY + session.save_id, sorted(self.quiet() | {reason}))

    def new_game(self) -> None:
        self.dismissed = False
        self.die_picked = -1
        self.lost_floors = set()
        self.back = {}
        self.noted = None
        self.plan = []
        self.close_confirm()
        self.banner.hidden = True
        self.table.hidden = True

    # -- clicks with data-story

    def on_click(self, target: Any, story: str) -> None:
        if story == "dismiss":
            self.dismissed = True
            self.table.hidden = True
        elif story == "die":
            self.die_picked = int(target.getAttribute("data-die") or -1)
            session = self.game.session
            if session is not None:
                view = session.view()
                self.stethoscope(view.pending, list(view.choices))
        elif story == "yes":
            self.accept()
        elif story == "no":
            self.close_confirm()
        elif story == "review":
            if self.on_review is not None:
                self.on_review()
            else:
                log = self._find("#log")
                if log is not None:
                    log.scrollIntoView()
                    log.setAttribute("tabindex", "-1")
                    log.focus()

    # -- safety nets

    def asking(self) -> bool:
        """The confirm dialog is open."""
        return not self.confirm.hidden

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            event.preventDefault()
            self.close_confirm()

    def allow(self, action: Action, view: GameView) -> bool:
        """True to play `action` now; False when a confirm dialog asks first."""
        session = self.game.session
        if session is None:
            return True
        reason = safety_reason(session.game, view, action, self.quiet())
        if not reason:
            return True
        self.waiting, self.waiting_reason, self.waiting_delete = action, reason, ""
        self.open_confirm(safety_text(reason, action, view.actions_left), quiet=True)
        return False

    def ask_delete(self, save_id: str, entry: str) -> None:
        self.waiting, self.waiting_reason, self.waiting_delete = None, "", save_id
        self.open_confirm(t("story.confirm.delete", entry=entry), quiet=False)

    def open_confirm(self, text: str, quiet: bool) -> None:
        self.confirm_text.textContent = text
        self.quiet_box.checked = False
        self.quiet_label.hidden = not quiet
        self.yes.textContent = t("story.confirm.delete_yes" if not quiet else "story.confirm.yes")
        self.confirm.hidden = False
        self.page.sync_modal()  # it alone takes input while it asks
        self.page.focus(self.no)

    def close_confirm(self) -> None:
        self.confirm.hidden = True
        self.page.sync_modal()
        self.waiting = None
        self.waiting_reason = self.waiting_delete = ""

    def accept(self) -> None:
        action, reason, delete = self.waiting, self.waiting_reason, self.waiting_delete
        quiet = bool(self.quiet_box.checked)
        self.close_confirm()
        if delete:
            self.on_delete(delete)
            return
        if action is None:
            return
        if quiet and reason:
            self._set_quiet(reason)
        self.game.act(action, confirmed=True)
        self.game.refocus(True)

    # -- after each render

    def after_render(self, view: GameView, events: list[Any], acted: bool) -> None:
        """Redraw the table, floor notes and banner; `acted`: `events` are a new action's."""
        if acted:
            self.dismissed = False
            self.die_picked = -1
            self.render_table(view, events)
            self.plan = animate.plan(events, view.players)
            if not self._overlay_open():  # else played once the hand-over screen closes
                self.play_plan()
        if acted or view is not self.noted:  # a new view: its floors may say something new
            self.floor_notes(view, events if acted else [])
            self.noted = view
        if view.outcome:
            self.render_banner(view)
        else:
            self.banner.hidden = True

    def render_table(self, view: GameView, events: list[Any]) -> None:
        def number_at(pos: int) -> int:
            tile = tile_of(view, pos)
            return tile.number if tile else 0

        items = table_items(events, number_at)
        if not items or self.dismissed:
            self.table.hidden = True
            self.table.replaceChildren()
            return
        frag = self.doc.createDocumentFragment()
        head = self._el("div", "story-table-head")
        head.appendChild(self._el("h2", "", t("story.table")))
        head.appendChild(self._button(t("story.dismiss"), "btn small", "dismiss"))
        frag.appendChild(head)
        row = self._el("div", "story-items")
        for item in items:
            if item["type"] == "card":
                el = cards.card(self.doc, item["deck"], item["card"])
                if item.get("drawn"):
                    el.classList.add("drawn")
                row.appendChild(el)
            else:
                box = self._el("div", "story-roll")
                box.appendChild(self._el("span", "story-roll-title", item["title"]))
                box.appendChild(cards.dice_row(self.doc, item["dice"], set(item["hits"])))
                box.appendChild(self._el("span", "story-roll-result", item["result"]))
                box.setAttribute(
                    "aria-label", f"{item['title']}: {dice_text(item['dice'])}, {item['result']}"
                )
                row.appendChild(box)
        frag.appendChild(row)
        self.table.replaceChildren(frag)
        self.table.hidden = False

    def floor_notes(self, view: GameView, events: list[Any]) -> None:
        """A floor whose guard is out of sight says so, and says where he came back."""
        from engine import events as ev

        placed = [e for e in events if isinstance(e, ev.GuardPlaced)]
        for e in placed:
            if e.floor in self.lost_floors:
                self.back[e.floor] = pos_text(e.pos)
        if events:
            keep = {e.floor for e in placed}
            self.back = {f: p for f, p in self.back.items() if f in keep}
        for fl in view.floors:
            f = fl.floor
            lost = fl.guard.lost
            if lost:
                self.lost_floors.add(f)
            else:
                self.lost_floors.discard(f)
            text = ""
            if lost:
                text = t("story.floor.lost")
            elif f in self.back:
                text = t("story.floor.back", pos=self.back[f])
            section = self._find(f"#floor-{f + 1}")
            if section is None:
                continue
            note = self._find(f"#floor-{f + 1} .story-floor-note")
            if note is None:
                if not text:
                    continue
                note = self._el("p", "story-floor-note")
                note.setAttribute("role", "note")
                heading = self._find(f"#floor-{f + 1} .floor-title")
                if heading is not None:
                    heading.after(note)
                else:
                    section.prepend(note)
            if note.textContent != text:
                note.textContent = text
            note.hidden = not text
            note.className = "story-floor-note lost" if lost else "story-floor-note"

    def render_banner(self, view: GameView) -> None:
        win = view.outcome == "win"
        frag = self.doc.createDocumentFragment()
        frag.appendChild(
            self._el("strong", "story-banner-title", t("end.win" if win else "end.loss"))
        )
        reason = self._find("#end-reason")
        if reason is not None and reason.textContent:
            frag.appendChild(self._el("span", "story-banner-reason", str(reason.textContent)))
        buttons = self._el("span", "buttons")
        for key, cmd in (("end.again", "again"), ("end.same", "same")):
            b = self._el("button", "btn primary" if cmd == "again" else "btn", t(key))
            b.type = "button"
            b.setAttribute("data-cmd", cmd)
            buttons.appendChild(b)
        buttons.appendChild(self._button(t("story.review"), "btn", "review"))
        frag.appendChild(buttons)
        self.banner.replaceChildren(frag)
        self.banner.className = "story-banner " + ("win" if win else "loss")
        self.banner.hidden = False

    # -- hand-over

    def handover(self, view: GameView) -> None:
        session = self.game.session
        if session is None:
            return
        names = [p.name for p in view.players]
        lines = catch_up(session.history, view.current, names)
        frag = self.doc.createDocumentFragment()
        frag.appendChild(self._el("p", "story-catchup-title", t("story.catchup.title")))
        items = self._el("ul", "story-catchup-list")
        for line in lines:
            items.appendChild(self._el("li", "", line))
        frag.appendChild(items)
        self.catchup.replaceChildren(frag)

    def _overlay_open(self) -> bool:
        box = self._find("#handover")
        return box is not None and not box.hidden

    def play_plan(self) -> None:
        plan, self.plan = self.plan, []
        animate.play(self.window, plan)

    def focus_after_handover(self, view: GameView) -> None:
        """On the board: the burglar's own tile, else a tile with an action; never End turn."""
        me = view.me
        target = None
        if me.pos is not None and me.entered:
            target = self._find(f"#board [data-pos='{pos_text(me.pos)}']")
        if target is None:
            target = self._find("#board .tile.actionable")
        if target is None:
            target = self._find("#board [data-pos]")
        if target is not None:
            self.page.focus(target)

    # -- the prompt: cards and dice instead of words (ui.prompt_cards draws them)

    def render_prompt(self, view: GameView, pending: PendingView, choices: list[Action]) -> bool:
        """Draw a card or dice choice into #prompt-options; False when words do better."""
        box = self._find("#prompt-options")
        return prompt_cards.render(self.doc, box, pending, choices, self.die_picked)

    def stethoscope(self, pending: PendingView | None, choices: list[Action]) -> bool:
        """Click a die, then the face it turns to; or keep the roll."""
        box = self._find("#prompt-options")
        return prompt_cards.stethoscope(self.doc, box, pending, choices, self.die_picked)

    # -- the Safe panel

    def render_safe(self, view: GameView, selected: int) -> None:
        info = next((safe for safe in view.safes if safe.pos == selected), None)
        render_safe(self.doc, self.safe, view.size, selected, info)
