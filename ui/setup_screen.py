"""The new-game screen: the form (scenario, crew, walls, seed) read into an engine `Setup`."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from ui import reference
from ui.dom import Page, some
from ui.messages import help_of, name_of, t
from ui.panels import ability_of

if TYPE_CHECKING:
    from engine import Setup

SCENARIO_ORDER = ("bank", "office", "fortknox")


class SetupScreen:
    """The setup form's fields; the controller starts the game it describes."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def build(self) -> None:
        """The form's options and one row per burglar (call `sync` once extra fields are in)."""
        from engine import Character

        page = self.page
        scen = page.el("f-scenario")
        for key in SCENARIO_ORDER:
            scen.appendChild(page.option(key, t(f"scenario.{key}")))
        count = page.el("f-count")
        for n in range(1, 5):
            count.appendChild(page.option(str(n), str(n)))
        count.value = "2"
        walls = page.el("f-walls")
        walls.appendChild(page.option("s", t("setup.walls.standard")))
        walls.appendChild(page.option("r", t("setup.walls.random")))
        rows = page.el("f-players")
        # Distinct characters by default, and each burglar named after his character: two
        # burglars never share a name or a mark unless the players choose so.
        picks = secrets.SystemRandom().sample([c.value for c in Character], 4)
        for n in range(1, 5):
            row = page.make("fieldset", None, "player-row")
            row.id = f"f-player-{n}"
            row.appendChild(page.make("legend", t("setup.player", n=n)))
            name = page.make("input")
            name.id = f"f-name-{n}"
            name.type = "text"
            name.maxLength = 24
            name.value = name_of("character", picks[n - 1])
            name.setAttribute("aria-label", t("setup.name", n=n))
            name.setAttribute("autocomplete", "off")
            char = page.make("select")
            char.id = f"f-char-{n}"
            char.setAttribute("aria-label", t("setup.character", n=n))
            char.appendChild(page.option("", t("setup.random")))
            for c in Character:
                char.appendChild(page.option(c.value, name_of("character", c.value)))
            char.value = picks[n - 1]
            side = page.make("select")
            side.id = f"f-side-{n}"
            side.setAttribute("aria-label", t("setup.side", n=n))
            side.appendChild(page.option("basic", t("side.basic")))
            side.appendChild(page.option("advanced", t("side.advanced")))
            for child in (name, char, side):
                row.appendChild(child)
            about = page.make("div", None, "char-help")
            about.id = f"f-char-help-{n}"
            about.setAttribute("aria-live", "polite")
            row.appendChild(about)
            rows.appendChild(row)
        page.el("f-empty").value = "C3"

    def values(self) -> dict[str, tuple[str, bool]]:
        """Every field's value (and checked state), to keep them across a rebuild."""
        form = self.page.el("setup-form")
        return {
            str(f.id): (str(f.value), bool(getattr(f, "checked", False)))
            for f in form.querySelectorAll("input, select")
            if str(f.id) and str(f.type) != "file"
        }

    def rebuild(self, extra: Any) -> None:
        """The form in the current language, keeping what was typed; `extra()` adds fields."""
        values = self.values()
        for element_id in ("f-scenario", "f-count", "f-walls", "f-players"):
            self.page.el(element_id).replaceChildren()
        self.build()
        extra()
        self.sync()
        for element_id, (value, checked) in values.items():
            field = self.page.el(element_id)
            if some(field) is None:
                continue
            if str(field.type) == "checkbox":
                field.checked = checked
            else:
                field.value = value
        self.sync()

    def on_player_change(self, event: Any) -> None:
        target = some(event.target)
        element_id = str(target.id) if target is not None else ""
        if element_id.startswith("f-char-") and element_id[7:].isdigit():
            self.sync_name(int(element_id[7:]))

    def sync_name(self, n: int) -> None:
        """A name still at its default follows the character chosen for that burglar."""
        from engine import Character

        name = self.page.el(f"f-name-{n}")
        defaults = {name_of("character", c.value) for c in Character}
        defaults.add(t("setup.default_name", n=n))
        if str(name.value).strip() in defaults or not str(name.value).strip():
            char = str(self.page.el(f"f-char-{n}").value)
            name.value = name_of("character", char) if char else t("setup.default_name", n=n)

    def sync(self) -> None:
        page = self.page
        try:
            count = int(page.el("f-count").value)
        except (TypeError, ValueError):
            count = 2
        for n in range(1, 5):
            page.el(f"f-player-{n}").hidden = n > count
        page.el("f-empty-field").hidden = page.el("f-scenario").value != "fortknox"
        self.sync_character_help()

    def sync_character_help(self) -> None:
        """Under each burglar: both sides of the chosen character, the chosen side first."""
        page = self.page
        for n in range(1, 5):
            box = some(page.el(f"f-char-help-{n}"))
            if box is None:
                continue
            char = str(page.el(f"f-char-{n}").value)
            side = str(page.el(f"f-side-{n}").value)
            fragment = page.fragment()
            if not char:
                fragment.appendChild(page.make("p", t("setup.random_character")))
            else:
                fragment.appendChild(page.make("p", help_of("character", char)))
                for which in ("basic", "advanced"):
                    ability = ability_of(char, which)
                    line = page.make("p", None, "chosen" if which == side else "")
                    line.appendChild(
                        page.doc.createTextNode(
                            t(
                                f"setup.side_{which}",
                                ability=name_of("ability", ability),
                                help=help_of("ability", ability),
                            )
                            + " "
                        )
                    )
                    link = reference.link_button(page.doc, "ability", ability)
                    if link is not None:
                        line.appendChild(link)
                    fragment.appendChild(line)
            box.replaceChildren(fragment)

    def fill(self, setup: Setup) -> None:
        """Prefill the form from a setup (Play again keeps the crew, draws a new seed)."""
        el = self.page.el
        el("f-scenario").value = str(setup.scenario.value)
        el("f-count").value = str(len(setup.players))
        for n, p in enumerate(setup.players, start=1):
            el(f"f-name-{n}").value = p.name
            el(f"f-char-{n}").value = p.character.value if p.character else ""
            el(f"f-side-{n}").value = p.side.value
        el("f-walls").value = "r" if setup.random_walls else "s"
        el("f-seed").value = ""
        el("f-lost").checked = bool(setup.lost_visual)
        self.sync()

    def read(self) -> Setup:
        """The form as a Setup; SetupError (or ValueError) saying what is wrong."""
        from engine import Character, PlayerSetup, ScenarioId, Setup, SetupError, Side, plain_name

        el = self.page.el
        count = int(el("f-count").value)
        players = []
        for n in range(1, count + 1):
            char = str(el(f"f-char-{n}").value)
            players.append(
                PlayerSetup(
                    name=plain_name(str(el(f"f-name-{n}").value)),
                    character=Character(char) if char else None,
                    side=Side(str(el(f"f-side-{n}").value)),
                )
            )
        seed_text = str(el("f-seed").value).strip()
        if seed_text:
            if not seed_text.isdigit():
                raise SetupError("the seed must be a whole number")
            seed = int(seed_text)
        else:
            seed = secrets.randbelow(2**31)
        setup = Setup(
            scenario=ScenarioId(str(el("f-scenario").value)),
            players=tuple(players),
            seed=seed,
            random_walls=el("f-walls").value == "r",
            empty_square=str(el("f-empty").value).strip() or "C3",
            lost_visual=bool(el("f-lost").checked),
        )
        setup.validate()
        return setup

    def show_error(self, error: str) -> None:
        box = self.page.el("setup-error")
        box.textContent = error
        box.hidden = not error
