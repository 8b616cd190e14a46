"""Review: step through a game action by action, without ever touching the game itself.

`Timeline` (pure, tested in CPython) replays a setup code and its actions once into the
engine's match record (`engine.io.match.Match`), keeping the log lines of every step, the
turn starts and the guards' steps; `game_at(k)` is the match's game after k actions (built
on `Game.clone` from the match's cached copies). `ReviewScreen` draws a step on the page
(board, crew, log line highlighted) with the timeline controls. Continuing from a step
forks a new save: the reviewed game and its save stay as they are.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ui.describe import action_label, event_line, pos_text
from ui.dom import Page, attr, some
from ui.layout import fit
from ui.log import focusable
from ui.messages import t
from ui.panels import render_crew, render_status
from ui.session import SaveError, Saves, Session, check_record

if TYPE_CHECKING:
    from ui.live_board import LiveBoard
    from ui.ports import Navigator


@dataclass(frozen=True)
class Step:
    """Step k (1-based) of a timeline: the action played and what came of it."""

    action: str
    player: int  # who played it
    turn: int  # the turn it was played in
    lines: tuple[str, ...]  # its log lines
    guard_steps: tuple[int, ...]  # positions the guards stepped onto


class Timeline:
    """A game's actions, replayed once; any step's game is rebuilt on demand."""

    def __init__(self, code: str, actions: list[str]) -> None:
        from engine import Match
        from engine import events as ev

        self.match = match = Match.start(code, actions)  # an ActionError: does not replay
        self.code = code
        self.actions = list(match.actions)
        self.setup = match.setup
        start = match.game_at(0).state
        self.names = [p.name for p in start.players]
        self.start_lines: tuple[str, ...] = ()
        self.steps: list[Step] = []
        self.turn_starts: list[tuple[int, int, int]] = [(0, start.turn, start.current)]
        for k, events in enumerate(match.events, start=1):
            player, turn = match.players[k - 1], match.turns[k - 1]
            lines = tuple(event_line(e, self.names) for e in events)
            guards = tuple(e.dst for e in events if isinstance(e, ev.GuardMoved))
            self.steps.append(Step(self.actions[k - 1], player, turn, lines, guards))
            if k < len(match):  # who plays next: the record says it
                after = (match.turns[k], match.players[k])
            elif not match.game.is_over():
                after = (match.game.state.turn, match.game.state.current)
            else:
                continue
            if after != (turn, player):
                self.turn_starts.append((k, *after))
        self.final = match.game

    def __len__(self) -> int:
        return len(self.actions)

    def game_at(self, k: int) -> Any:
        """A new Game as it was after the first k actions (0: the setup)."""
        return self.match.game_at(k)

    def turn_start_of(self, k: int) -> int:
        """The step where the turn holding step k began."""
        best = 0
        for start, _, _ in self.turn_starts:
            if start <= k:
                best = start
        return best

    def log(self, upto: int | None = None) -> list[tuple[int, str]]:
        """(step, line) for the game up to step `upto` (the whole game by default), oldest
        first: step 0 is the setup. A review shows only what had happened by the step on
        show: the later lines would give the game away."""
        out = [(0, line) for line in self.start_lines]
        last = len(self.steps) if upto is None else max(0, min(upto, len(self.steps)))
        for k, step in enumerate(self.steps[:last], start=1):
            out.extend((k, line) for line in step.lines)
        return out

    def describe(self, k: int) -> str:
        """'Action 12 of 134: Alice · Move to 1.B2' (or the start)."""
        if k == 0:
            return t("review.start", n=len(self.steps))
        step = self.steps[k - 1]
        return t(
            "review.step",
            k=k,
            n=len(self.steps),
            name=self.names[step.player],
            action=action_label(step.action, self.names),
        )


class ReviewScreen:
    """The timeline controls and the board of one step, on the App's page."""

    def __init__(
        self,
        page: Page,
        board: LiveBoard,
        show: Callable[[str], None],
        timeline: Timeline,
        back: str = "setup",
    ) -> None:
        self.page = page
        self.board = board
        self.show = show  # the controller's screen switch
        self.timeline = timeline
        self.back = back  # where Close goes: 'game' (the session) or 'setup'
        self.k = -1
        self.trail: list[Any] = []

    def open(self, k: int | None = None) -> None:
        page = self.page
        tl = self.timeline
        self.show("game")
        for element_id in ("end", "handover", "share-box"):
            page.el(element_id).hidden = True
        page.sync_modal()  # the dialogs just closed no longer hold the page (its review bar)
        page.el("review-bar").hidden = False
        page.el("game-screen").classList.add("reviewing")
        for element_id in ("undo", "routes"):
            page.el(element_id).hidden = True
        share = page.q("[data-cmd='share']")
        if share is not None:
            share.hidden = True  # a review sends nothing: continue from a step to play
        slider = page.el("review-slider")
        slider.max = str(len(tl))
        slider.setAttribute("aria-valuemax", str(len(tl)))
        turns = page.el("review-turns")
        fragment = page.doc.createDocumentFragment()
        for start, turn, player in tl.turn_starts:
            label = t("review.turn", n=turn, name=tl.names[player], k=start)
            option = page.make("option", label)
            option.value = str(start)
            fragment.appendChild(option)
        turns.replaceChildren(fragment)
        from engine.rules.view import typed_view

        view = typed_view(tl.final)
        scenario = t(f"scenario.{view.scenario}")
        page.el("subtitle").textContent = t("review.title", scenario=scenario)
        self.board.build(view)
        self.k = -1
        self.go(len(tl) if k is None else k)
        fit(page, self.board)  # the building laid out as on the game screen (no session here)
        page.ready()

    def go(self, k: int) -> None:
        page = self.page
        tl = self.timeline
        k = max(0, min(k, len(tl)))
        if k == self.k:
            return
        self.k = k
        game = tl.game_at(k)
        from engine.rules.view import typed_view

        view = typed_view(game)
        self.board.update(view, -1, False, {})  # a review offers nothing: no tile marked
        me = view.me
        floor = me.floor + 1 if me.floor is not None else 1
        self.board.show_floor(floor)
        for element in self.trail:
            element.classList.remove("trail")
        self.trail = []
        if k > 0:
            for pos in tl.steps[k - 1].guard_steps:
                refs = self.board.tiles.get(pos)
                if refs is not None:
                    refs["button"].classList.add("trail")
                    self.trail.append(refs["button"])
        render_status(page, view, live=False)
        render_crew(page, view)
        page.el("review-step").textContent = tl.describe(k)
        slider = page.el("review-slider")
        slider.value = str(k)
        slider.setAttribute("aria-valuetext", tl.describe(k))
        page.el("review-turns").value = str(tl.turn_start_of(k))
        page.el("review-first").disabled = k == 0
        page.el("review-prev").disabled = k == 0
        page.el("review-next").disabled = k == len(tl)
        page.el("review-last").disabled = k == len(tl)
        self.render_log()
        guard_words = [pos_text(p) for p in (tl.steps[k - 1].guard_steps if k else ())]
        page.el("review-guards").textContent = (
            t("review.guards", path=" → ".join(guard_words)) if guard_words else ""
        )
        page.doc.documentElement.setAttribute("data-review-step", str(k))

    def render_log(self) -> None:
        page = self.page
        fragment = page.doc.createDocumentFragment()
        first = None
        lines = self.timeline.log(self.k)
        for when, line in reversed(lines):
            item = page.make("li", line, "now" if when == self.k else "")
            item.setAttribute("data-step", str(when))
            if when == self.k:
                item.setAttribute("aria-current", "step")
                first = item
            fragment.appendChild(item)
        log = page.el("log")
        log.replaceChildren(fragment)
        focusable(log, bool(lines))
        if first is not None:  # scroll the log box only, never the page
            with contextlib.suppress(Exception):  # a stand-in DOM has no layout
                log.scrollTop = max(0, int(first.offsetTop) - int(log.clientHeight) // 2)

    def key(self, key: str) -> bool:
        """Arrow keys, Home and End step through the timeline; True when handled."""
        moves = {
            "ArrowLeft": self.k - 1,
            "ArrowRight": self.k + 1,
            "Home": 0,
            "End": len(self.timeline),
            "PageUp": self._turn_jump(-1),
            "PageDown": self._turn_jump(1),
        }
        if key not in moves:
            return False
        self.go(moves[key])
        return True

    def _turn_jump(self, direction: int) -> int:
        starts = [s for s, _, _ in self.timeline.turn_starts]
        if direction > 0:
            later = [s for s in starts if s > self.k]
            return later[0] if later else len(self.timeline)
        earlier = [s for s in starts if s < self.k]
        return earlier[-1] if earlier else 0

    def close(self) -> None:
        page = self.page
        page.el("review-bar").hidden = True
        page.el("game-screen").classList.remove("reviewing")
        for element in self.trail:
            element.classList.remove("trail")
        self.trail = []
        page.doc.documentElement.removeAttribute("data-review-step")


class Reviewer:
    """Opens and closes reviews: of the game in play, of a save, of a watch link."""

    def __init__(
        self,
        page: Page,
        board: LiveBoard,
        nav: Navigator,
        saves: Saves,
        show: Callable[[str], None],
    ) -> None:
        self.page = page
        self.board = board
        self.nav = nav
        self.saves = saves
        self.show = show
        self.screen: ReviewScreen | None = None  # while a game is reviewed

    def open(self, code: str, actions: list[str], back: str, at: int | None = None) -> None:
        """Review a game (never the session itself): from the end screen, a save or a link."""
        from engine import ActionError, SetupError

        try:
            timeline = Timeline(code, actions)
        except (ActionError, SetupError, ValueError) as err:
            self.page.notice(t("review.bad", why=str(err)))
            return
        screen = ReviewScreen(self.page, self.board, self.show, timeline, back)
        screen.open(at)
        self.screen = screen  # after open(): show() closes any review before it
        self.page.el("review-next" if at == 0 else "review-prev").focus()

    def close(self) -> None:
        if self.screen is not None:
            screen, self.screen = self.screen, None
            screen.close()

    def reopen(self) -> None:
        """The same step again (after a language switch: the log's lines in the new words)."""
        screen = self.screen
        if screen is not None:
            tl = screen.timeline
            self.open(tl.code, tl.actions, screen.back, at=screen.k)

    def command(self, save_id: str) -> None:
        """Review a save (its id), or the game in play ('')."""
        if save_id:
            try:
                code, actions = check_record(self.saves.get(save_id))
            except SaveError as err:
                self.page.notice(t("saves.bad", why=str(err)))
                return
            self.open(code, actions, back="setup", at=0)
        elif self.nav.session is not None:
            self.open(self.nav.session.code, self.nav.session.actions, back="game")

    def step(self, what: str) -> None:
        """The review bar's buttons: first, prev, next, last, close, continue."""
        screen = self.screen
        if screen is None:
            return
        if what == "close":
            back = screen.back
            self.close()
            session = self.nav.session
            if back == "game" and session is not None:
                self.nav.start_session(session, save=False)
            else:
                self.nav.show_setup()
            return
        if what == "continue":
            k = screen.k
            fork = Session.of(screen.timeline.match.fork(k))
            self.nav.start_session(fork)  # a new save: the reviewed game stays as it was
            self.page.notice(t("review.forked", k=k))
            return
        moves = {
            "first": 0,
            "prev": screen.k - 1,
            "next": screen.k + 1,
            "last": len(screen.timeline),
        }
        if what in moves:
            screen.go(moves[what])

    def go_to(self, control: Any) -> None:
        """The slider or the turn list moved."""
        if self.screen is None:
            return
        value = str(control.value)
        if value.isdigit():
            self.screen.go(int(value))

    def on_key(self, event: Any) -> None:
        target = some(event.target)
        if self.screen is None or (target is not None and attr(target, "id") == "review-turns"):
            return
        if target is not None and attr(target, "id") == "review-slider":
            return  # the slider moves itself with the arrow keys (its input event steps)
        if self.screen.key(str(event.key)):
            event.preventDefault()
