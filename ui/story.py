"""The game tells its story: what the table shows between two clicks, and the safety nets.

* the table: the Event drawn (a card with our text), dice rolled (faces), cards drawn;
* the Safe panel: a selected Safe's row and column, its dice, the chance of the next roll;
* the catch-up: what happened since a burglar's last turn, on the hand-over screen;
* safety nets: a game-losing move, an End turn that draws an Event with actions left and a
  Tool (each is discarded once used) ask first, with "don't ask again" for this game;
* the end banner (outcome and buttons stay after the end dialog) and floors whose guard is
  out of sight (Lost Visual).

Every rule question goes to the engine (`would_lose`, `would_draw_event`, `safe_info`); the
pure functions here only turn engine events and views into words, and are tested in CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui import animate, cards
from ui.describe import dice_text, pending_dice, pos_text, why_text
from ui.messages import card_name, help_of, name_of, t

if TYPE_CHECKING:
    from engine.rules.actions import Action
    from engine.rules.view import GameView, PendingView

QUIET_KEY = "story.quiet."  # + save id: the safety nets a game said "don't ask again" to
LIMIT = 8  # catch-up lines at most


def _name(names: list[str], who: Any) -> str:
    return names[who] if isinstance(who, int) and 0 <= who < len(names) else "?"


# ---------------------------------------------------------------------- catch-up


def since_last_turn(history: list[list[Any]], player: int) -> list[Any]:
    """The events after `player`'s last turn ended (all of them before their first turn)."""
    from engine.rules.events import TurnEnded

    flat = [e for events in history for e in events]
    start = 0
    for i in range(len(flat) - 1, -1, -1):
        e = flat[i]
        if isinstance(e, TurnEnded) and e.player == player:
            start = i + 1
            break
    return flat[start:]


def catch_up(history: list[list[Any]], player: int, names: list[str]) -> list[str]:
    """A few lines for the hand-over: Events drawn, Stealth lost, alarms, guards, Safes."""
    from engine.rules import events as ev

    events = since_last_turn(history, player)
    lines: list[str] = []
    walked: dict[int, list[int]] = {}  # floor -> [steps, last position]
    alarms: list[str] = []
    for e in events:
        if isinstance(e, ev.EventDrawn):
            lines.append(
                t(
                    "story.catchup.event",
                    player=_name(names, e.player),
                    card=name_of("event", e.card),
                    help=help_of("event", e.card),
                )
            )
        elif isinstance(e, ev.StealthLost):
            lines.append(
                t(
                    "story.catchup.stealth",
                    player=_name(names, e.player),
                    why=why_text(e.reason),
                    left=e.left,
                )
            )
        elif isinstance(e, ev.GameLost):
            lines.append(t("story.catchup.caught", player=_name(names, e.player)))
        elif isinstance(e, ev.AlarmRaised):
            where = pos_text(e.pos)
            if where not in alarms:
                alarms.append(where)
        elif isinstance(e, ev.GuardMoved | ev.GuardTeleported):
            entry = walked.setdefault(e.floor, [0, -1])
            entry[0] += 1
            entry[1] = e.dst
        elif isinstance(e, ev.GuardLost):
            lines.append(t("story.catchup.lost", floor=e.floor + 1))
        elif isinstance(e, ev.SafeRolled) and e.cracked:
            cells = ", ".join(pos_text(p) for p in e.cracked)
            lines.append(t("story.catchup.cracked", pos=pos_text(e.pos), cells=cells))
        elif isinstance(e, ev.SafeOpened):
            lines.append(t("story.catchup.opened", pos=pos_text(e.pos)))
        elif isinstance(e, ev.PlayerEscaped):
            lines.append(t("story.catchup.escaped", player=_name(names, e.player)))
    if alarms:
        lines.append(t("story.catchup.alarms", cells=", ".join(alarms)))
    for floor in sorted(walked):
        steps, last = walked[floor]
        lines.append(
            t(
                "story.catchup.guard",
                floor=floor + 1,
                n=steps,
                pos=pos_text(last) if last >= 0 else "",
            )
        )
    if not lines:
        return [t("story.catchup.none")]
    if len(lines) > LIMIT:
        more = len(lines) - (LIMIT - 1)
        lines = [*lines[: LIMIT - 1], t("story.catchup.more", n=more)]
    return lines


# ---------------------------------------------------------------------- the table


def table_items(events: list[Any], number_at: Callable[[int], int] | None = None) -> list[dict]:
    """What one action puts on the table: Event cards, dice rolls, cards drawn. Pure."""
    from engine.rules import events as ev

    items: list[dict[str, Any]] = []
    for e in events:
        if isinstance(e, ev.EventDrawn):
            items.append({"type": "card", "deck": "event", "card": e.card})
        elif isinstance(e, ev.ToolDrawn):
            items.append({"type": "card", "deck": "tool", "card": e.tool, "drawn": True})
        elif isinstance(e, ev.LootDrawn):
            items.append({"type": "card", "deck": "loot", "card": e.loot, "drawn": True})
        elif isinstance(e, ev.SafeRolled):
            cracked = list(e.cracked)
            hits = {number_at(p) for p in cracked} if number_at else set()
            cells = ", ".join(pos_text(p) for p in cracked)
            items.append(
                {
                    "type": "dice",
                    "title": t("story.dice.safe", pos=pos_text(e.pos)),
                    "dice": list(e.dice),
                    "hits": sorted(h for h in hits if h),
                    "result": t("log.cracked", cells=cells) if cracked else t("log.nothing"),
                }
            )
        elif isinstance(e, ev.KeypadRolled):
            items.append(
                {
                    "type": "dice",
                    "title": t("story.dice.keypad", pos=pos_text(e.pos)),
                    "dice": list(e.dice),
                    "hits": [6] if e.opened else [],
                    "result": t("log.opened" if e.opened else "log.closed"),
                }
            )
        elif isinstance(e, ev.LootRolled):
            items.append(
                {
                    "type": "dice",
                    "title": name_of("loot", e.loot),
                    "dice": [e.die],
                    "hits": [e.die] if e.triggered else [],
                    "result": t("story.dice.acts" if e.triggered else "story.dice.quiet"),
                }
            )
    return items


# ---------------------------------------------------------------------- safety nets


def safety_reason(game: Any, text: str, quiet: set[str]) -> str:
    """Which safety net an action trips ('lose', 'event', 'tool'), '' for none. Asks the
    engine; `quiet` holds the nets this game said "don't ask again" to."""
    from engine.rules.actions import Action, ActionKind

    if "lose" not in quiet and game.would_lose(text):
        return "lose"
    st = game.state
    try:
        kind = Action.parse(text).kind
    except ValueError:
        return ""  # not an action: playing it fails with its own words
    if (
        kind == ActionKind.END
        and "event" not in quiet
        and st.actions_left > 0
        and game.would_draw_event()
    ):
        return "event"
    if kind == ActionKind.USE and "tool" not in quiet:
        return "tool"
    return ""


def safety_text(reason: str, text: str, actions_left: int) -> str:
    if reason == "tool":
        from engine.rules.actions import Action

        key = Action.parse(text).card
        return t("story.confirm.tool", tool=card_name(key), help=help_of("tool", key))
    if reason == "event":
        return t("story.confirm.event", n=actions_left)
    return t("story.confirm.lose")


# ---------------------------------------------------------------------- the controller


class Story:
    """The page's story pieces; `App` calls these hooks and routes `data-story` clicks here."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.doc = app.doc
        self.window = app.window
        self.on_review: Callable[[], None] | None = None  # the replay viewer plugs in here
        self.waiting = ""  # the action a confirm dialog holds back
        self.waiting_reason = ""
        self.waiting_delete = ""
        self.die_picked = -1  # the Stethoscope: the die clicked, before its new face
        self.dismissed = False
        self.lost_floors: set[int] = set()
        self.back: dict[int, str] = {}  # floor -> where his guard came back (last action)
        self.plan: list[dict[str, Any]] = []  # playback waiting for the hand-over to close
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
        session = self.app.session
        if session is None:
            return set()
        got = self.app.store.get_json(QUIET_KEY + session.save_id, [])
        return {str(x) for x in got} if isinstance(got, list) else set()

    def _set_quiet(self, reason: str) -> None:
        session = self.app.session
        if session is None:
            return
        self.app.store.set_json(QUIET_KEY + session.save_id, sorted(self.quiet() | {reason}))

    def new_game(self) -> None:
        self.dismissed = False
        self.die_picked = -1
        self.lost_floors = set()
        self.back = {}
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
            session = self.app.session
            if session is not None:
                view = session.view()
                self.stethoscope(view.pending, list(view.legal))
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

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            event.preventDefault()
            self.close_confirm()

    def allow(self, text: str) -> bool:
        """True to play `text` now; False when a confirm dialog asks first."""
        session = self.app.session
        if session is None:
            return True
        game = session.game
        reason = safety_reason(game, text, self.quiet())
        if not reason:
            return True
        self.waiting, self.waiting_reason, self.waiting_delete = text, reason, ""
        self.open_confirm(safety_text(reason, text, game.state.actions_left), quiet=True)
        return False

    def ask_delete(self, save_id: str, entry: str) -> None:
        self.waiting, self.waiting_reason, self.waiting_delete = "", "", save_id
        self.open_confirm(t("story.confirm.delete", entry=entry), quiet=False)

    def open_confirm(self, text: str, quiet: bool) -> None:
        self.confirm_text.textContent = text
        self.quiet_box.checked = False
        self.quiet_label.hidden = not quiet
        self.yes.textContent = t("story.confirm.delete_yes" if not quiet else "story.confirm.yes")
        self.confirm.hidden = False
        self.no.focus()

    def close_confirm(self) -> None:
        self.confirm.hidden = True
        self.waiting = self.waiting_reason = self.waiting_delete = ""

    def accept(self) -> None:
        text, reason, delete = self.waiting, self.waiting_reason, self.waiting_delete
        quiet = bool(self.quiet_box.checked)
        self.close_confirm()
        if delete:
            self.app.delete_save(delete)
            return
        if not text:
            return
        if quiet and reason:
            self._set_quiet(reason)
        self.app.act(text, confirmed=True)
        self.app.refocus(True)

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
        self.floor_notes(view, events if acted else [])
        if view.outcome:
            self.render_banner(view)
        else:
            self.banner.hidden = True

    def render_table(self, view: GameView, events: list[Any]) -> None:
        def number_at(pos: int) -> int:
            tile = self.app.tile_of(view, pos)
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
        from engine.rules.events import GuardPlaced

        placed = [e for e in events if isinstance(e, GuardPlaced)]
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
        session = self.app.session
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
            target.focus()

    # -- the prompt: cards and dice instead of words

    def render_prompt(self, view: GameView, pending: PendingView, choices: list[Action]) -> bool:
        """Draw a card or dice choice into #prompt-options; False when words do better."""
        from engine.rules.decisions import parse_order

        kind = pending.kind
        if kind == "stethoscope":
            return self.stethoscope(pending, choices)
        if kind == "rigger-draw":
            frag = self.doc.createDocumentFragment()
            for choice in choices:
                b = cards.card(self.doc, "tool", choice.option, tag="button", classes="choice")
                b.setAttribute("data-action", str(choice))
                b.appendChild(self._el("span", "story-card-pick", t("story.keep")))
                frag.appendChild(b)
            self._options(frag)
            return True
        if kind == "crystal-ball":
            frag = self.doc.createDocumentFragment()
            # An option is an order of the top Event cards, as the engine writes it: a,b,c.
            first = parse_order(choices[0].option) if choices else []
            row = self._el("div", "story-items")
            for key in sorted(first):
                row.appendChild(cards.card(self.doc, "event", key))
            frag.appendChild(row)
            for choice in choices:
                order = parse_order(choice.option)
                b = self._el("button", "btn action story-order")
                b.type = "button"
                b.setAttribute("data-action", str(choice))
                for n, key in enumerate(order, start=1):
                    b.appendChild(self._el("span", "story-mini", f"{n}. {name_of('event', key)}"))
                frag.appendChild(b)
            self._options(frag)
            return True
        return False

    def _options(self, frag: Any) -> None:
        box = self._find("#prompt-options")
        if box is not None:
            box.replaceChildren(frag)

    def stethoscope(self, pending: PendingView | None, choices: list[Action]) -> bool:
        """Click a die, then the face it turns to; or keep the roll."""
        from engine.rules.actions import Action, ActionKind
        from engine.rules.decisions import die_face_option

        if pending is None or pending.kind != "stethoscope":
            return False
        dice = pending_dice(pending)
        frag = self.doc.createDocumentFragment()
        frag.appendChild(self._el("p", "help", t("story.steth.pick")))
        row = self._el("div", "story-dice")
        for i, value in enumerate(dice, start=1):
            b = cards.die(self.doc, value, tag="button", classes="pick")
            b.setAttribute("data-story", "die")
            b.setAttribute("data-die", str(i))
            b.setAttribute("aria-pressed", "true" if i == self.die_picked else "false")
            b.setAttribute("aria-label", t("story.steth.die", n=i, face=value))
            row.appendChild(b)
        frag.appendChild(row)
        if 1 <= self.die_picked <= len(dice):
            frag.appendChild(
                self._el(
                    "p",
                    "help",
                    t("story.steth.face", n=self.die_picked, face=dice[self.die_picked - 1]),
                )
            )
            faces = self._el("div", "story-dice faces")
            for value in range(1, 7):
                # The engine's option for "turn die n to this face" (see the decision's options).
                choice = Action(ActionKind.CHOOSE, option=die_face_option(self.die_picked, value))
                if choice not in choices:
                    continue
                b = cards.die(self.doc, value, tag="button", classes="face")
                b.setAttribute("data-action", str(choice))
                b.setAttribute("aria-label", t("story.steth.to", n=self.die_picked, face=value))
                faces.appendChild(b)
            frag.appendChild(faces)
        keep_roll = Action(ActionKind.CHOOSE, option="keep")
        if keep_roll in choices:
            keep = self._el("button", "btn action", t("choice.keep"))
            keep.type = "button"
            keep.setAttribute("data-action", str(keep_roll))
            frag.appendChild(keep)
        self._options(frag)
        first = self._find("#prompt-options .story-die.face") if self.die_picked > 0 else None
        if first is not None:
            first.focus()
        return True

    # -- the Safe panel

    def render_safe(self, view: GameView, selected: int) -> None:
        session = self.app.session
        info = session.game.safe_info(selected) if session is not None and selected >= 0 else None
        if info is None:
            if not self.safe.hidden:
                self.safe.hidden = True
                self.safe.replaceChildren()
            return
        from engine.rules.actions import floor_of, pos_at

        size = view.size
        frag = self.doc.createDocumentFragment()
        frag.appendChild(self._el("h3", "", t("story.safe.title", pos=pos_text(selected))))
        grid = self._el("div", "story-safe-grid")
        grid.style.setProperty("--size", str(size))
        cells = {c.pos: c for c in info.cells}
        floor = floor_of(selected)
        for row in range(size):
            for col in range(size):
                pos = pos_at(floor, row, col)
                cell = self._el("span", "story-safe-cell")
                if pos == selected:
                    cell.className = "story-safe-cell safe"
                    cell.textContent = "◆"
                    cell.setAttribute("aria-label", t("story.safe.self"))
                elif pos in cells:
                    c = cells[pos]
                    name = pos_text(pos)
                    if not c.revealed:
                        cell.className = "story-safe-cell hidden"
                        cell.textContent = "?"
                        cell.setAttribute("aria-label", t("story.safe.hidden", pos=name))
                    elif c.safe:
                        cell.className = "story-safe-cell other-safe"
                        cell.textContent = "◇"
                        cell.setAttribute("aria-label", t("story.safe.other", pos=name))
                    elif c.cracked:
                        cell.className = "story-safe-cell cracked"
                        cell.textContent = f"{c.number}✓"
                        cell.setAttribute(
                            "aria-label", t("story.safe.cracked", pos=name, n=c.number)
                        )
                    else:
                        cell.className = "story-safe-cell open"
                        cell.textContent = str(c.number)
                        cell.setAttribute("aria-label", t("story.safe.todo", pos=name, n=c.number))
                    cell.setAttribute("data-pos", name)
                else:
                    cell.className = "story-safe-cell off"
                    cell.setAttribute("aria-hidden", "true")
                grid.appendChild(cell)
        frag.appendChild(grid)
        if info.open:
            frag.appendChild(self._el("p", "help", t("story.safe.opened")))
        else:
            dice = self._el("p", "story-safe-dice")
            dice.appendChild(self._el("span", "", t("story.safe.dice", n=info.dice)))
            for _ in range(info.dice):
                blank = self._el("span", "story-die blank")
                blank.setAttribute("aria-hidden", "true")
                dice.appendChild(blank)
            frag.appendChild(dice)
            if info.wanted:
                numbers = ", ".join(str(n) for n in info.wanted)
                frag.appendChild(self._el("p", "help", t("story.safe.wanted", numbers=numbers)))
            chance = self._el(
                "p",
                "story-safe-chance",
                t(
                    "story.safe.chance",
                    n=info.rolled,
                    pct=round(100 * info.chance),
                )
                if info.rolled
                else t("story.safe.no_dice"),
            )
            chance.id = "story-safe-chance"
            chance.setAttribute("data-chance", f"{info.chance:.6f}")
            frag.appendChild(chance)
        self.safe.replaceChildren(frag)
        self.safe.hidden = False
