"""Autopilot seats and hints in the page (the bot itself is engine/autopilot/).

* On the new-game screen every burglar row gets an "Autopilot" box. The seats chosen are
  kept beside the save (`autopilot.<save id>` in the page's storage), never in the game.
* When an autopilot burglar is to move, it thinks in slices (`Bot.think` yields after every
  candidate it tries; each slice is a browser task of its own, so the page stays responsive),
  then plays its action through `App.act`, like a click would, one action at a readable pace:
  the board and the log show every step. "Skip" plays the rest of its turn at full speed.
* "Hint" asks the same bot what the current (human) burglar should do next, highlights it
  (its tile on the board and its button) and says why in a few words.

The bot sees the game only through `engine.rules.infostate.resample_from_infostate`: it plays from
what the burglar can see, exactly as a person at the table would.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ui import describe
from ui.hint_words import explanation_text
from ui.messages import t

if TYPE_CHECKING:
    from engine import Action, Bot, Explanation, ScenarioId
    from engine.rules.view import GameView
    from ui.dom import Page
    from ui.ports import Table

PACE_MS = 700  # between two autopilot actions: time to follow them on the board
SLICE_MS = 30  # thinking time per browser task
STORE_PREFIX = "autopilot."
HINT_CLASS = "hint"


class Autopilot:
    """The page's autopilot: seats, timers, thinking slices and hints. Owned by `App`."""

    def __init__(self, page: Page, table: Table) -> None:
        self.page = page
        self.game = table  # the game in play: its session, act, select
        self.seats: set[int] = set()
        self.bots: dict[int, Any] = {}
        self.token = 0  # bumped to cancel pending timers (new game, undo, skip)
        self.busy = False
        self.fast = False
        self.thinking: Any = None
        self.hinting: Any = None
        self.hint_action = ""
        self.hint_shown = True  # a hint (or "thinking") may be on the page: clear it
        self.played = 0  # autopilot actions played (tests read data-autopilot)

    # ------------------------------------------------------------------ setup form

    def add_fields(self) -> None:
        """An 'Autopilot' check box in every burglar row of the new-game form."""
        page = self.page
        for n in range(1, 5):
            row = page.el(f"f-player-{n}")
            if row is None or _missing(row) or _missing(page.el(f"f-name-{n}")):
                continue
            if not _missing(page.el(f"f-auto-{n}")):
                continue
            label = page.make("label", None, "check autopilot-seat")
            box = page.make("input")
            box.id = f"f-auto-{n}"
            box.type = "checkbox"
            box.setAttribute("aria-label", t("autopilot.seat_for", n=n))
            label.appendChild(box)
            label.appendChild(page.make("span", t("autopilot.seat")))
            row.appendChild(label)

    def read_seats(self, count: int) -> set[int]:
        seats = set()
        for n in range(1, count + 1):
            box = self.page.el(f"f-auto-{n}")
            if not _missing(box) and bool(box.checked):
                seats.add(n - 1)
        return seats

    def fill_form(self, seats: set[int]) -> None:
        for n in range(1, 5):
            box = self.page.el(f"f-auto-{n}")
            if not _missing(box):
                box.checked = (n - 1) in seats

    # ------------------------------------------------------------------ a game

    def attach(self, session: Any, seats: set[int] | None = None) -> None:
        """A game starts or resumes: its autopilot seats (given, or as saved)."""
        self.token += 1
        self.busy = self.fast = False
        self.thinking = self.hinting = None
        store = self.page.store
        key = STORE_PREFIX + str(session.save_id)
        if seats is None:
            saved = store.get_json(key, [])
            seats = (
                {int(i) for i in saved if isinstance(i, int)} if isinstance(saved, list) else set()
            )
        count = len(session.setup.players)
        self.seats = {i for i in seats if 0 <= i < count}
        if self.seats:
            store.set_json(key, sorted(self.seats))
        else:
            store.remove(key)
        seed = int(session.setup.seed)
        scenario = session.setup.scenario
        self.bots = {i: page_bot(seed, i, scenario) for i in range(count)}  # hints too
        self.clear_hint()

    def is_auto(self, player: int) -> bool:
        return player in self.seats

    def humans(self) -> int:
        session = self.game.session
        if session is None:
            return 0
        return len(session.setup.players) - len(self.seats)

    def blocks_input(self) -> bool:
        """While an autopilot burglar plays, the human's clicks on actions are ignored."""
        session = self.game.session
        if session is None:
            return False
        view = session.view()
        return view.step != "over" and self.is_auto(view.current)

    def skip_handover(self, view: GameView) -> bool:
        """No hand-over screen for an autopilot, nor when only one person plays."""
        return self.is_auto(view.current) or self.humans() <= 1

    def cancel(self) -> None:
        self.token += 1
        self.busy = False
        self.thinking = self.hinting = None

    # ------------------------------------------------------------------ its turns

    def after_render(self, view: GameView) -> None:
        """Called by `App.render`: start the autopilot's next action when it is to move."""
        page = self.page
        over = view.step == "over"
        self.clear_hint()
        auto = not over and self.is_auto(view.current)
        skip = page.el("autopilot-skip")
        if not _missing(skip):
            skip.hidden = not auto
        hint = page.el("hint")
        if not _missing(hint):
            hint.hidden = over or auto
        asked = page.el("prompt-hint")  # the decision's own: the page behind is inert
        if not _missing(asked):
            asked.hidden = over or auto or view.pending is None
        page.doc.documentElement.setAttribute("data-autopilot", "1" if auto else "0")
        if not auto:
            self.fast = False
            return
        if self.busy:
            return
        self.busy = True
        token = self.token
        self.later(0 if self.fast else PACE_MS, lambda: self._begin(token))

    def _begin(self, token: int) -> None:
        if token != self.token:
            return
        session = self.game.session
        if session is None or session.view().step == "over":
            self.busy = False
            return
        me = session.view().current
        if not self.is_auto(me):
            self.busy = False
            return
        self.thinking = self.bots[me].think(session.game)
        self._slice(token)

    def _slice(self, token: int) -> None:
        if token != self.token or self.thinking is None:
            return
        done, action = _run_for(self.thinking, SLICE_MS)
        if not done:
            self.later(0, lambda: self._slice(token))
            return
        self.thinking = None
        self.busy = False
        self.played += 1
        self.page.doc.documentElement.setAttribute("data-autopilot-played", str(self.played))
        self.log_reason(self.bots[session_me(self.game)])
        self.game.act(action, confirmed=True)  # its own choice: no safety net asks

    def log_reason(self, bot: Any) -> None:
        """The log line saying why the autopilot plays what it plays (its plan, in words);
        put in just before the action's own lines, so it reads right under them."""
        page = self.page
        explanation = getattr(bot, "last_explanation", None)
        log = page.el("log")
        session = self.game.session
        if explanation is None or _missing(log) or session is None:
            return
        names = [p.name for p in session.view().players]
        me = session.game.state.current
        why = explanation_text(explanation, names)
        log.prepend(page.make("li", t("autopilot.log", player=names[me], why=why), "log-why"))

    def skip(self) -> None:
        """Play the rest of the autopilot's turn without pauses."""
        self.fast = True
        session = self.game.session
        if session is not None and self.thinking is None:
            self.cancel()
            self.after_render(session.view())

    # ------------------------------------------------------------------ hints

    def hint(self) -> None:
        """Think (in slices) about what the current burglar should do; then show it."""
        session = self.game.session
        if session is None or session.view().step == "over" or self.blocks_input():
            return
        self.clear_hint()
        box = self.page.el(_box_id(session.view()))
        if not _missing(box):
            self.hint_shown = True
            box.textContent = t("autopilot.thinking")
            box.hidden = False
        me = session.view().current
        bot = self.bots.get(me)
        if bot is None:
            return
        self.hinting = bot.think(session.game)
        token = self.token
        actions_then = len(session.actions)
        self._hint_slice(token, actions_then, bot)

    def _hint_slice(self, token: int, actions_then: int, bot: Any) -> None:
        session = self.game.session
        if token != self.token or self.hinting is None or session is None:
            return
        if len(session.actions) != actions_then:  # the player moved on meanwhile
            self.hinting = None
            self.clear_hint()
            return
        done, action = _run_for(self.hinting, SLICE_MS)
        if not done:
            self.later(0, lambda: self._hint_slice(token, actions_then, bot))
            return
        self.hinting = None
        self.show_hint(action, bot.last_explanation)

    def show_hint(self, action: Action, explanation: Explanation | None) -> None:
        page = self.page
        session = self.game.session
        assert session is not None
        text = str(action)
        view = session.view()
        names = [p.name for p in view.players]
        target, label = describe.hinted(view, action, names)
        if target:
            self.game.select(target)  # its tile's panel shows the hinted button (this redraws)
        self.hint_shown = True
        self.hint_action = text
        from engine import ActionKind, parse_die_face

        why = explanation_text(explanation, names) if explanation is not None else ""
        box = page.el(_box_id(view))
        if not _missing(box):
            box.textContent = t("autopilot.hint", action=label, why=why)
            box.hidden = False
        marks = [f"#board [data-pos='{target}']"] if target else []
        turned = parse_die_face(action.option) if action.kind == ActionKind.CHOOSE else None
        if turned is not None:  # the Stethoscope asks for the die first, then its face
            marks.append(f"#prompt [data-story='die'][data-die='{turned[0]}']")
        for element in [page.q(selector) for selector in marks]:
            if element is not None:
                element.classList.add(HINT_CLASS)
        shown = False
        for button in page.doc.querySelectorAll("[data-action]"):
            if str(button.getAttribute("data-action")) == text:
                button.classList.add(HINT_CLASS)
                if not shown:  # the side panel may be scrolled elsewhere (a phone's short sheet)
                    page.bring_into_sight(button)
                    shown = True
        page.doc.documentElement.setAttribute("data-hint", text)

    def clear_hint(self) -> None:
        page = self.page
        self.hint_action = ""
        if not self.hint_shown:
            return  # nothing to take off the page (most renders)
        self.hint_shown = self.hinting is not None  # "thinking" stays up meanwhile
        try:
            for element in page.doc.querySelectorAll(f".{HINT_CLASS}"):
                element.classList.remove(HINT_CLASS)
        except AttributeError:  # the stand-in DOM of the ui tests has no classList
            pass
        for box_id in ("hint-box", "prompt-why"):
            box = page.el(box_id)
            if not _missing(box) and self.hinting is None:
                box.hidden = True
                box.textContent = ""
        page.doc.documentElement.setAttribute("data-hint", "")

    # ------------------------------------------------------------------ timers

    def later(self, ms: int, fn: Any) -> None:
        """Run `fn` after `ms` milliseconds as its own browser task (now, without a browser)."""
        window = self.page.window
        set_timeout = getattr(window, "setTimeout", None)
        if set_timeout is None:
            fn()
            return
        try:
            from pyodide.ffi import create_once_callable

            set_timeout(create_once_callable(fn), ms)
        except ImportError:
            set_timeout(fn, ms)


def _box_id(view: GameView) -> str:
    """Where a hint is written: in the decision's prompt while one is open (the page
    behind it is inert and, on a phone, under it), else in the hint box."""
    return "hint-box" if view.pending is None else "prompt-why"


def _run_for(thinking: Any, budget_ms: int) -> tuple[bool, Any]:
    """Advance a `Bot.think` generator for about `budget_ms`; (done, action)."""
    deadline = time.perf_counter() + budget_ms / 1000
    try:
        while True:
            next(thinking)
            if time.perf_counter() >= deadline:
                return False, None
    except StopIteration as finished:
        return True, finished.value


def session_me(table: Table) -> int:
    """The burglar to move in the game in play."""
    session = table.session
    assert session is not None
    return int(session.game.state.current)


def page_bot(game_seed: int, seat: int, scenario: ScenarioId) -> Bot:
    """The page's bot for a seat (autopilot and hints): the autopilot's defaults
    (`engine/autopilot/defaults.py`, what autoplay measures), its own turn search included,
    which compares whole-turn plans over the sampled tables and keeps the plan it follows."""
    from engine import default_bot, seat_seed

    return default_bot(seat_seed(game_seed, seat), scenario)


def _missing(element: Any) -> bool:
    return element is None or type(element).__name__ in ("JsNull", "JsUndefined")


def turn_times(scenario: str, players: int, turns: int, seed: int) -> list[float]:
    """Milliseconds the page's autopilot thinks per turn, every seat on autopilot, over the
    first `turns` turns of a game (games follow one another from `seed` on). For the bench
    (`bench/autopilot_page_bench.py`, Pyodide in Chromium): no timing is asserted anywhere."""
    from engine import Match, PlayerSetup, ScenarioId, Setup

    times: list[float] = []
    game_seed = seed
    while len(times) < turns:
        setup = Setup(
            scenario=ScenarioId(scenario),
            players=tuple(PlayerSetup(f"B{i + 1}") for i in range(players)),
            seed=game_seed,
        )
        match = Match.start(setup)
        game = match.game
        bots = [page_bot(game_seed, i, setup.scenario) for i in range(players)]
        key, spent = (game.state.turn, game.state.current), 0.0
        while not game.is_over() and len(times) < turns:
            start = time.perf_counter()
            action = bots[game.state.current].choose(game)
            spent += time.perf_counter() - start
            match.play(action)
            now = (game.state.turn, game.state.current)
            if now != key or game.is_over():
                times.append(round(spent * 1000, 2))
                key, spent = now, 0.0
        game_seed += 1
    return times
