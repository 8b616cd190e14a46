"""The loading screen written in index.html: Python takes it over once it runs."""

from __future__ import annotations

from typing import Any


def status(document: Any, text: str) -> None:
    """Show what is happening now under the spinner."""
    element = document.getElementById("load-text")
    if element is not None:
        element.textContent = text


def finish(document: Any) -> None:
    """Hide the first screen (the loading bar is in it) and show the app."""
    from ui import first_screen

    first_screen.hide(document)
    document.getElementById("loading").hidden = True
    document.getElementById("app").hidden = False


def fail(document: Any, text: str) -> None:
    """Replace the spinner with an explanation in words."""
    loading = document.getElementById("loading")
    if loading is not None:
        loading.hidden = True
    box = document.getElementById("load-error")
    message = document.getElementById("load-error-text")
    if box is None or message is None:
        return
    message.textContent = text
    box.hidden = False
    document.documentElement.setAttribute("data-failed", "1")
