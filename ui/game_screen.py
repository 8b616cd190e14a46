"""The game screen: the board, the selected tile's panel, the actions, the crew, the log.

The game only changes through `Session.play` (which calls `game.apply`); everything drawn
comes from the redacted view and the returned events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ui import describe, reference, tutorial
from ui.autopilot import Autopilot
from ui.dialogs import Prompt, show_end
from ui.dom import ButtonList, Page
from ui.handover import Handover
from ui.live_board import LiveBoard
from ui.log import GameLog
from ui.messages import help_of, t
from ui.panels import CrewPanel, render_status, tile_of
from ui.session import Saves, Session
from ui.story import Story

if TYPE_CHECKING:
    from engine import Action
    from engine.rules.view import GameView, TileOffer


class GameScreen:
    """The game in play (the `Table` the story and the autopilot drive)."""

    def __init__(self, page: Page, board: LiveBoard, saves: Saves) -> None:
        self.page = page
        self.board = board
        self.saves = saves
        self.session: Session | None = None
        self.selected = -1
        self.selected_text = ""
        self.show_all = False
        self.last_player = -1
        self.renders = 0
        self._drawn: dict[str, object] = {}  # part -> what it was last drawn from
        self.crew = CrewPanel(page)
        self.tile_actions = ButtonList(page, "tile-actions")
        self.other_actions = ButtonList(page, "other-actions")
        self._view_held: GameView | None = None  # keeps id(view) unique while drawn
        self.reviewing: Callable[[], bool] = lambda: False  # a reviewed board: looked at only
        self.tutorial = tutorial.Tutorial(page.doc)
        self.log = GameLog(page)
        self.autopilot = Autopilot(page, self)
        self.story = Story(page, self)  # cards, dice, catch-up, safety nets, end banner
        self.prompt = Prompt(page, self.story)
        self.handover = Handover(page, self.story)

    def view(self) -> GameView:
        assert self.session is not None
        return self.session.view()

    # ------------------------------------------------------------------ a game starts

    def start(self, session: Session, seats: set[int] | None, guided: bool) -> None:
        """Attach a session (the controller has shown the game screen)."""
        store = self.page.store
        self.session = session
        self.autopilot.attach(session, seats)
        if guided:
            store.set(tutorial.STORE_KEY, session.save_id)
        # the guided heist: started from its button, or resumed from its own save
        self.tutorial.active = guided or (
            store.get(tutorial.STORE_KEY) == session.save_id and self.tutorial.follows(session)
        )
        self.selected, self.selected_text = -1, ""
        self.last_player = -1

    def draw(self) -> GameView:
        """A new game's table: no dialog open, no story left from the last one."""
        page = self.page
        page.el("end").hidden = True
        page.el("handover").hidden = True
        page.el("share-box").hidden = True
        page.sync_modal()  # the dialogs just closed no longer hold the page (Same game)
        self.story.new_game()
        return self.rebuild()

    def rebuild(self) -> GameView:
        """The whole table from scratch: board, log, panels (no hand-over)."""
        assert self.session is not None
        self._drawn = {}  # new words, new board: every part is drawn again
        self.crew.reset()
        self.tile_actions.reset()
        self.other_actions.reset()
        view = self.session.view()
        self.page.el("subtitle").textContent = t(f"scenario.{view.scenario}")
        self.board.build(view)
        self.log.rebuild(self.session)
        self.render(view, handover=False)
        return view

    # ------------------------------------------------------------------ playing

    def autosave(self) -> None:
        if self.session is None:
            return
        was_enabled = self.saves.enabled
        ok = self.saves.put(self.session)
        if was_enabled and not ok:
            self.page.notice(t("saves.full"))  # the next action clears it: the line below stays
            off = self.page.el("saves-off")
            off.textContent = t("saves.full")
            off.hidden = False

    def act(self, action: Action, confirmed: bool = False) -> bool:
        """Play one legal action through the engine and redraw; False (and words) on error.

        A move the safety nets stop (it loses, it draws an Event early, it spends a Tool)
        asks first unless `confirmed`; the dialog's "Do it" plays it."""
        from engine import ActionError

        page = self.page
        if self.session is None:
            return False
        if not self.tutorial.allows(self.session, action):
            step = tutorial.expected(len(self.session.actions))
            page.notice(t("tut.wrong", action=self.tutorial.step_words(step, self.session.names)))
            return False
        # The guided heist asks for its step knowingly (an early End turn teaches the Event):
        # no safety-net question on top.
        guided = self.tutorial.active and str(action) == tutorial.expected(
            len(self.session.actions)
        )
        if not confirmed and not guided and not self.story.allow(action, self.session.view()):
            return False
        try:
            self.session.play(action)
        except ActionError as err:  # not legal now: nothing changed
            page.notice(t("game.error", why=str(err)))
            return False
        page.notice("")
        self.autosave()
        self.log.append(self.session)
        self.render(self.session.view(), acted=True)
        return True

    def undo(self) -> None:
        if self.session is None:
            return
        self.autopilot.cancel()
        if not self.session.undo():
            self.page.notice(t("game.undo_none"))
            return
        self.page.notice("")
        self.autosave()
        self.story.table.hidden = True
        self.log.rebuild(self.session)
        self.render(self.session.view(), handover=False)

    def select(self, pos_text: str, keyboard: bool = False) -> None:
        from engine import parse_pos

        if self.session is None or self.reviewing():
            return
        self.selected = parse_pos(pos_text)
        self.selected_text = pos_text
        self.render(self.session.view(), handover=False)
        if keyboard:
            first = self.page.q("#tile-actions [data-action]")
            if first is not None:
                self.page.focus(first)

    def toggle_routes(self) -> None:
        if self.session is None:
            return
        self.show_all = not self.show_all
        button = self.page.el("routes")
        button.textContent = t("game.routes_hide" if self.show_all else "game.routes")
        button.setAttribute("aria-pressed", "true" if self.show_all else "false")
        self.render(self.session.view(), handover=False)

    def refocus(self, keyboard: bool) -> None:
        """After an action the buttons are redrawn: keep focus somewhere useful."""
        page = self.page
        if (
            not page.el("handover").hidden
            or not page.el("end").hidden
            or not self.story.confirm.hidden
        ):
            return
        first = page.q("#prompt:not([hidden]) button, #tile-actions [data-action]")
        if first is None and self.selected_text:
            first = page.q(f"#board [data-pos='{self.selected_text}']")
        if first is None:
            first = page.q("#other-actions [data-action]")
        if first is not None and keyboard:
            page.focus(first)

    def focus_board(self) -> None:
        """Focus the tab stop of the floor in play (after Start: the board, not <body>)."""
        n = self.board.active or 1
        if 1 <= n <= len(self.board.stops):
            tile = self.page.q(f"#board [data-pos='{self.board.stops[n - 1]}']")
            if tile is not None:
                self.page.focus(tile)

    # ------------------------------------------------------------------ rendering

    def render(self, view: GameView, handover: bool = True, acted: bool = False) -> None:
        page = self.page
        session = self.session
        assert session is not None
        self._view_held = view
        if self.tutorial.active and self.tutorial.follows(session):
            # The guided heist opens the tile whose actions hold the step it asks for.
            self.selected = tutorial.tile_to_select(len(session.actions), view.offers)
            self.selected_text = describe.pos_text(self.selected) if self.selected >= 0 else ""
        names = [p.name for p in view.players]
        self.board.update(view, self.selected, self.show_all)
        me = view.me
        floor = me.floor + 1 if me.floor is not None else 1
        if floor != self.board.followed:
            self.board.followed = floor  # the phone's floor tabs follow the burglar who plays
            self.board.show_floor(floor)
        # Each part is redrawn only when what it shows changed (a tile click changes the
        # selection only; most actions leave the crew and the other actions as they were).
        if self._changed(
            "status",
            (
                view.turn,
                view.current,
                view.step,
                view.outcome,
                view.actions_left,
                view.me.stealth,
                view.event_if_end_now,
                view.decks,
            ),
        ):
            render_status(page, view)
        offer = view.offers.get(self.selected)
        look = self.board.last.get(self.selected)
        if self._changed("tile", (self.selected, look, offer, tuple(names))):
            self.render_tile_panel(view, offer, names)
        safe = next((info for info in view.safes if info.pos == self.selected), None)
        if self._changed("safe", (self.selected, safe)):
            self.story.render_safe(view, self.selected)
        if self._changed("other", (view.other, tuple(names))):
            self.other_actions.show(
                [(describe.action_label(action, names), str(action)) for action in view.other]
            )
        self.prompt.render(view, list(view.choices), names)
        self.crew.render(view)
        can_undo = session.can_undo()
        if self._changed("undo", can_undo):
            page.el("undo").disabled = not can_undo
        if view.step == "over":
            show_end(page, view, view.end.player)
        elif (
            handover
            and len(view.players) > 1
            and view.current != self.last_player
            and not self.autopilot.skip_handover(view)
        ):
            self.handover.show(view)
        self.last_player = view.current
        self.story.after_render(view, session.last_events, acted)
        self.autopilot.after_render(view)
        self.tutorial.render(session, view.offers)
        self.renders += 1
        page.doc.documentElement.setAttribute("data-renders", str(self.renders))

    def _changed(self, part: str, key: object) -> bool:
        """True (and remembered) when `part` must be redrawn: what it shows is not `key`."""
        if part in self._drawn and self._drawn[part] == key:
            return False
        self._drawn[part] = key
        return True

    def render_tile_panel(self, view: GameView, offer: TileOffer | None, names: list[str]) -> None:
        page = self.page
        info = page.el("tile-info")
        buttons: list[tuple[str, str]] = []
        tile = tile_of(view, self.selected) if self.selected >= 0 else None
        if tile is None:
            info.textContent = t("game.select_tile")
        else:
            ref = self.board.last.get(self.selected)
            label = ref.label if ref else tile.name
            kind = tile.kind if tile.revealed else None
            help_text = help_of("kind", kind) if kind else ""
            info.textContent = f"{label}. {help_text}".strip() + " "
            link = reference.link_button(page.doc, "kind", kind) if kind and help_text else None
            if link is not None:
                info.appendChild(link)
            if offer is not None:
                for action in offer.actions:
                    label = (  # the way to another floor, from the tile the burglar stands on
                        describe.floor_change_label(action, offer.pos, names)
                        if action in offer.away
                        else describe.action_label(action, names, with_pos=False)
                    )
                    buttons.append((label, str(action)))
        empty = t("game.no_tile_actions") if tile is not None else ""
        self.tile_actions.show(buttons, empty)
