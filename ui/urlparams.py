"""Options from the page URL's query string, e.g. `index.html?seed=42`."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl


def parse(search: str) -> dict[str, str]:
    """'?seed=42&seed=7&debug' -> {'seed': '42', 'debug': ''}: the first value of each name wins."""
    params: dict[str, str] = {}
    for name, value in parse_qsl(search.removeprefix("?"), keep_blank_values=True):
        params.setdefault(name, value)
    return params


def from_window(window: Any) -> dict[str, str]:
    return parse(str(window.location.search or ""))


def int_param(params: dict[str, str], name: str) -> int | None:
    """The parameter as an int, or None when it is absent or not an integer."""
    raw = params.get(name, "").strip()
    try:
        return int(raw)
    except ValueError:
        return None
