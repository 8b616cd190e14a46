"""The page's language: chosen from the saved choice, else the browser's, switched on the page.

`messages.t()` reads the current catalog; this module picks the language at start-up
(localStorage `lang`, else `navigator.language`, else English), puts the static texts of
index.html (`data-t`) in it and fills the switch (`#lang`). The App redraws the rest.
"""

from __future__ import annotations

from typing import Any

from ui import messages

STORE_KEY = "lang"


def browser_language(window: Any) -> str:
    """navigator.language, or '' when the page cannot tell."""
    try:
        value = window.navigator.language
    except Exception:
        return ""
    return value if isinstance(value, str) else ""


def start(window: Any, store: Any) -> str:
    """Set and return the language for this visit."""
    saved = store.get(STORE_KEY) if store is not None else None
    return messages.set_language(messages.pick_language(saved, browser_language(window)))


def choose(store: Any, lang: str) -> str:
    """The player picked `lang` on the page: use it and keep the choice."""
    lang = messages.set_language(lang)
    if store is not None:
        store.set(STORE_KEY, lang)
    return lang


def apply_static(document: Any) -> None:
    """The texts written in index.html (data-t keys), the html lang and the switch."""
    for element in document.querySelectorAll("[data-t]"):
        key = element.getAttribute("data-t")
        if isinstance(key, str) and key:
            element.textContent = messages.t(key)
    root = document.documentElement
    root.setAttribute("lang", messages.language())
    switch = document.getElementById("lang")
    if switch is not None and type(switch).__name__ not in ("JsNull", "JsUndefined"):
        if not switch.getAttribute("data-filled"):
            for code in messages.LANGUAGES:
                option = document.createElement("option")
                option.value = code
                option.textContent = messages.t(f"lang.{code}")
                switch.appendChild(option)
            switch.setAttribute("data-filled", "1")
        switch.value = messages.language()
        switch.setAttribute("aria-label", messages.t("lang.label"))
