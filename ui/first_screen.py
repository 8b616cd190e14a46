"""The first screen, drawn before Python runs (index.html, assets/first-screen.js).

What it offers is defined here once: the build writes these choices and the words of the
catalogs that the screen needs into assets/first-screen.js (tools/build_site.py), and the
page reads back what the player chose while the runtime loaded (`choice`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SCENARIO_ORDER = ("bank", "office", "fortknox")
PLAYER_COUNTS = (1, 2, 3, 4)
DEFAULT_PLAYER_COUNT = 2
# The catalog texts the first screen shows: these keys, and every name under these prefixes.
KEYS = ("app.title", "setup.title", "setup.scenario", "setup.players", "setup.start")
PREFIXES = ("first.",)
NAME_PREFIXES = ("scenario.", "character.")  # names only, not their ".help" texts
CHOICES = ("continue", "start", "setup")


@dataclass(frozen=True)
class Choice:
    """What the player chose on the first screen: continue the save, start, or all options."""

    what: str
    scenario: str
    count: int


def strings() -> dict[str, dict[str, str]]:
    """For each language, the texts of the first screen (plain strings, no plurals)."""
    from ui import messages

    out: dict[str, dict[str, str]] = {}
    for lang in messages.LANGUAGES:
        catalog = messages.catalog(lang)
        chosen: dict[str, str] = {}
        for key, text in catalog.items():
            wanted = key in KEYS or key.startswith(PREFIXES)
            wanted = wanted or (key.startswith(NAME_PREFIXES) and key.count(".") == 1)
            if wanted:
                if not isinstance(text, str):
                    raise ValueError(f"first screen text {key!r} must be a plain string")
                chosen[key] = text
        out[lang] = chosen
    return out


def data(prefix: str) -> dict[str, Any]:
    """Everything assets/first-screen.js needs; `prefix` is the storage's key prefix."""
    return {
        "strings": strings(),
        "scenarios": list(SCENARIO_ORDER),
        "counts": list(PLAYER_COUNTS),
        "count": DEFAULT_PLAYER_COUNT,
        "prefix": prefix,
    }


def choice(document: Any) -> Choice | None:
    """The choice made before Python was ready, if any (attributes on <html>)."""
    root = document.documentElement
    what = root.getAttribute("data-first-choice")
    if what not in CHOICES:
        return None
    scenario = root.getAttribute("data-first-scenario")
    count_text = root.getAttribute("data-first-count")
    count = int(count_text) if isinstance(count_text, str) and count_text.isdigit() else 0
    return Choice(
        what=str(what),
        scenario=scenario if scenario in SCENARIO_ORDER else SCENARIO_ORDER[0],
        count=count if count in PLAYER_COUNTS else DEFAULT_PLAYER_COUNT,
    )


def hide(document: Any) -> None:
    """Python has taken over: the first screen goes."""
    screen = document.getElementById("first-screen")
    if screen is not None and type(screen).__name__ not in ("JsNull", "JsUndefined"):
        screen.hidden = True
