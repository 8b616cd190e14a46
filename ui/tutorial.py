"""The guided first heist: a fixed small building (the Office Job, one Peterman, seed 22) and a
fixed winning line of play, taught one step at a time on the real board.

The tutorial never plays for the player and never touches the game: it says which action is
next and why (each step has its own words), marks the tile and the button to click, and asks
the App to refuse other actions while it is on. Every action still goes through
`Session.play` -> `game.apply`. The line is the planner's (tools/find_games.py) shortest win
of this building, cut into 37 steps of one
lesson each; `tests/ui/test_ui_tutorial.py` replays it to a win.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from engine import Action
from ui.messages import t

if TYPE_CHECKING:
    from engine import Setup
    from engine.rules.view import TileOffer

# The Office Job, one burglar "Burglar 1" playing the Peterman (basic side), seed 22. The
# page names the burglar in the player's language (`guided_code`); the name deals nothing.
STORE_KEY = "tutorial"  # localStorage: the save id of the guided heist in progress
CODE = "1.o.m.s.-.0.pebQnVyZ2xhciAx"

# The winning line (tests/fixtures/games/office_1p_win.json, found by tools/find_games.py),
# cut into steps: each step is one lesson (its words: "tut.s.<name>") and the actions it asks
# for, one after the other. The words were written for the board at that moment of this line.
STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("enter", ("enter 1.C1",)),
    ("peek", ("peek 1.D1",)),
    ("move", ("move 1.C2", "move 1.B2")),
    ("keypad", ("move 1.B1",)),
    ("guard", ("end",)),
    ("laser", ("move 1.B3",)),
    ("alarm", ("move 1.A3",)),
    ("combination", ("peek 1.A2", "peek 1.A4")),
    ("alarm_off", ("end",)),
    ("fingerprint", ("move 1.A2",)),
    ("safe", ("move 1.A1",)),
    ("die", ("add-die", "end")),
    ("crack", ("crack",)),
    ("crack_more", ("add-die", "crack")),
    ("opened", ("end",)),
    ("back", ("move 1.A2",)),
    ("event", ("end",)),
    ("to_stairs", ("move 1.A3",)),
    ("upstairs", ("move 2.A3",)),
    ("lab", ("end",)),
    ("peekhole", ("choose 2.A2",)),
    ("exit", ("move 2.A4", "move 2.B4")),
    ("walkway", ("peek 2.C4", "move 2.B3")),
    ("camera", ("end",)),
    ("second_safe", ("move 2.B2", "move 2.B1", "move 2.C1", "move 2.C2")),
    ("wait_guard", ("end",)),
    ("dice_again", ("add-die", "crack")),
    ("peek_deadbolt", ("peek 2.C3", "end")),
    ("one_more_die", ("add-die", "crack", "end")),
    ("no_luck", ("add-die", "crack", "end")),
    ("deadbolt", ("move 2.C3", "move 2.D3", "end")),
    ("last_number", ("peek 2.D2", "move 2.C3", "end")),
    ("open_second", ("move 2.C2", "crack", "crack")),
    ("loot", ("end",)),
    ("way_out", ("move 2.C3", "move 2.C4", "end")),
    ("past_guard", ("move 2.B4", "move 2.A4")),
    ("escape", ("escape",)),
)

SCRIPT: tuple[str, ...] = tuple(action for _key, actions in STEPS for action in actions)


@cache
def _guided_setup() -> Setup:
    """The guided heist's building, read once (`follows` asks at every render)."""
    from engine import Setup

    return Setup.from_code(CODE)


def guided_code() -> str:
    """The guided heist's setup code, its burglar named in the page's language."""
    setup = _guided_setup()
    burglar = replace(setup.players[0], name=t("setup.default_name", n=1))
    return replace(setup, players=(burglar,)).to_code()


def is_guided(code: str) -> bool:
    """`code` builds the guided heist, whatever its burglar is called (a heist started in
    one language and resumed in another is still guided)."""
    from engine import Setup

    try:
        setup = Setup.from_code(code)
    except ValueError:
        return False
    base = _guided_setup()
    renamed = tuple(replace(p, name=base.players[0].name) for p in setup.players)
    return replace(setup, players=renamed) == base


def step_at(done: int) -> int:
    """The index of the step that asks for action number `done` (len(STEPS) once played)."""
    first = 0
    for index, (_key, actions) in enumerate(STEPS):
        first += len(actions)
        if done < first:
            return index
    return len(STEPS)


def lesson_key(index: int) -> str:
    """The words of step `index` (the closing words once the line is played)."""
    return f"tut.s.{STEPS[index][0]}" if index < len(STEPS) else "tut.l.done"


def expected(done: int) -> str:
    """The action the tutorial asks for after `done` actions ('' once the line is played)."""
    return SCRIPT[done] if 0 <= done < len(SCRIPT) else ""


def on_script(actions: list[str]) -> bool:
    """The actions so far follow the tutorial's line."""
    return list(actions) == list(SCRIPT[: len(actions)])


def tile_to_select(done: int, offers: Mapping[int, TileOffer]) -> int:
    """The tile whose actions hold the asked step, as the view's offers say: the burglar's
    own tile when it leads to another floor (the Stairs' "Go up"), else its target; -1 for a
    step no tile offers."""
    step = expected(done)
    if not step:
        return -1
    action = Action.parse(step)
    holders = [pos for pos, offer in offers.items() if action in offer.actions]
    away = [pos for pos in holders if action in offers[pos].away]
    return (away or holders or [-1])[0]


class Tutorial:
    """The `#tutorial` panel and the marks on the board; the App asks it before acting."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self.active = False
        self.marked = True  # the page may show tutorial marks: clear them on the next render

    def el(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    def follows(self, session: Any) -> bool:
        return session is not None and is_guided(session.code) and on_script(session.actions)

    def allows(self, session: Any, action: Action) -> bool:
        """While on, only the step asked for may be played."""
        if not self.active or session is None:
            return True
        return str(action) == expected(len(session.actions))

    def step_words(self, text: str, names: list[str]) -> str:
        from engine import Action, ActionKind
        from ui import describe

        action = Action.parse(text)
        if action.kind == ActionKind.CHOOSE:
            return describe.choice_label("", action.option, names)
        return describe.action_label(action, names)

    def render(self, session: Any, offers: Mapping[int, TileOffer] | None = None) -> None:
        panel = self.el("tutorial")
        if panel is None or type(panel).__name__ in ("JsNull", "JsUndefined"):
            return
        if not self.active or session is None:
            if self.marked:  # once: nothing is marked until the tutorial is on again
                for marked in self.doc.querySelectorAll(".tut-target"):
                    marked.classList.remove("tut-target")
                panel.hidden = True
                self.doc.documentElement.removeAttribute("data-tutorial")
                self.marked = False
            return
        for marked in self.doc.querySelectorAll(".tut-target"):
            marked.classList.remove("tut-target")
        self.marked = True
        panel.hidden = False
        done = len(session.actions)
        names = session.names
        step = expected(done)
        over = session.view().step == "over"
        index = step_at(done) if not over else len(STEPS)
        self.el("tut-lesson").textContent = t(lesson_key(index))
        self.el("tut-progress").textContent = t(
            "tut.progress", n=min(index + 1, len(STEPS)), total=len(STEPS)
        )
        self.el("tut-do").textContent = (
            t("tut.do", action=self.step_words(step, names)) if step and not over else ""
        )
        self.doc.documentElement.setAttribute("data-tutorial", step if not over else "done")
        if not step or over:
            return
        from ui.describe import pos_text

        marked = tile_to_select(done, offers if offers is not None else session.view().offers)
        if marked >= 0:
            tile = self.doc.querySelector(f"#board [data-pos='{pos_text(marked)}']")
            if tile is not None and type(tile).__name__ not in ("JsNull", "JsUndefined"):
                tile.classList.add("tut-target")
        for button in self.doc.querySelectorAll("[data-action]"):
            if button.getAttribute("data-action") == step:
                button.classList.add("tut-target")
                # Into sight at the bottom of its scrolling panel: on a phone the instruction
                # stays pinned at the top of the same panel.
                button.scrollIntoView(False)
